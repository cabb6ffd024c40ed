/* screen_dead.c - a judge corrects a stored result's dead stones: its
 * position as stored, the dead stones marked, a tap on a group marking it
 * dead or alive (zoomed in first where points are closer than a
 * fingertip, as on the confirm screen); no stone is added or changed,
 * and rules, komi and prisoners stay as stored. Done goes on to the
 * reason, and the store counts the position again. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_dead(sei_ui *ui, const sei_ui_view *v)
{
    ui_draw_board(ui, 0, 0, SEI_UI_H, v->board, v->dead, NULL, NULL, v->zoom_col, v->zoom_row, v->zoom_span);
    int pw, px = ui_side_panel(ui, SEI_UI_H, &pw);
    ui_panel_head(ui, v, px, pw, sei_ui_string(v->lang, v->zoom_span > 0 ? SEI_S_ZOOM_HINT : SEI_S_DO_DEAD));
    int y = PANEL_ROW0;
    /* The result as stored, then the how-to. */
    if (v->detail[0]) {
        char cut[200];
        ui_text_cut(ui, v->detail[0], FS_BODY, pw, cut, sizeof cut);
        ui_text_draw(ui, cut, FS_BODY, YELLOW, px, y + 12, ALIGN_LEFT, pw);
        y += PANEL_ROW;
    }
    ui_text_wrap(ui, sei_ui_string(v->lang, SEI_S_DEAD_HINT), FS_SMALL, DIM, px, y, pw);
    ui_panel_foot(ui, v->lang, px, pw, 120, sei_ui_string(v->lang, SEI_S_DONE), SEI_BTN_PAD_OK, BTN_PRIMARY, FS_LARGE);
}
