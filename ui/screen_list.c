/* screen_list.c - the stored results, a page of rows 56 px high (the
 * table, the players, the result, its state; a confirmed or voided one
 * dimmed: locked), each a button that opens it; ▲ ▼ page through. In
 * judge mode the title says so, the foot names the judge (the audit
 * trail's "who"), and Lock leaves it. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_list(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw_fit(ui, v->list_title ? v->list_title : "", FS_LARGE, v->judge ? YELLOW : WHITE, 20, 26, ALIGN_LEFT,
                     250);
    const int x = 20, w = 680, y0 = 52;
    for (int i = 0; i < v->nrows && i < SEI_UI_ROWS; i++) {
        const sei_ui_row *r = &v->rows[i];
        int y = y0 + i * 60, cy = y + TARGET / 2;
        char cut[200];
        ui_button(ui, x, y, w, TARGET, "", (sei_ui_button)(SEI_BTN_ROW_0 + i), BTN_QUIET, FS_BODY);
        ui_text_draw(ui, r->table, FS_BODY, YELLOW, x + 12, cy, ALIGN_LEFT, 60);
        ui_text_cut(ui, r->players, FS_BODY, 320, cut, sizeof cut);
        ui_text_draw(ui, cut, FS_BODY, WHITE, x + 80, cy, ALIGN_LEFT, 320);
        ui_text_draw(ui, r->result, FS_BODY, WHITE, x + 410, cy, ALIGN_LEFT, 100);
        ui_text_cut(ui, r->state, FS_SMALL, 150, cut, sizeof cut);
        ui_text_draw(ui, cut, FS_SMALL, r->locked ? DIM : WHITE, x + w - 8, cy, ALIGN_RIGHT, 150);
    }
    if (!v->nrows)
        ui_text_draw(ui, sei_ui_string(L, SEI_S_NO_RESULTS), FS_BODY, DIM, x + 12, y0 + 28, ALIGN_LEFT, w - 24);
    /* Paging: the arrows only where there is more. */
    if (v->more_up)
        ui_button(ui, x + w + 12, y0, SEI_UI_W - x - w - 24, 2 * TARGET + 4, "▲", SEI_BTN_UP, BTN_PLAIN, FS_LARGE);
    if (v->more_down)
        ui_button(ui, x + w + 12, y0 + 4 * 60 - 4, SEI_UI_W - x - w - 24, 2 * TARGET + 4, "▼", SEI_BTN_DOWN, BTN_PLAIN,
                  FS_LARGE);
    ui_button(ui, x, SEI_UI_H - TARGET - 6, 200, TARGET, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_PRIMARY,
              FS_BODY);
    if (v->judge && v->judge_name) {
        char cut[256];
        ui_text_cut(ui, v->judge_name, FS_BODY, SEI_UI_W - 2 * 240, cut, sizeof cut);
        ui_text_draw(ui, cut, FS_BODY, YELLOW, SEI_UI_W / 2, SEI_UI_H - TARGET / 2 - 6, ALIGN_CENTRE, SEI_UI_W - 2 * 240);
    }
    if (v->judge)
        ui_button(ui, SEI_UI_W - 220, SEI_UI_H - TARGET - 6, 200, TARGET, sei_ui_string(L, SEI_S_LOCK), SEI_BTN_LOCK,
                  BTN_PLAIN, FS_BODY);
    ui_message_area(ui, v->status, 280, 2, SEI_UI_W - 280 - 20, 46);
}
