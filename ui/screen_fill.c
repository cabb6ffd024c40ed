/* screen_fill.c - Ing's fill check (SEI_SCREEN_FILL): first the counted
 * board with its territory beside how to fill and Photograph; once the
 * kiosk has read the filled board and the players' spares, that board as
 * read (points read in doubt ringed) beside the outcome in words
 * (sei_ui_fill_lines). Back returns to the result; Photograph again
 * retakes the photo. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_fill(sei_ui *ui, const sei_ui_view *v)
{
    char banner[8];
    int by = ui_banner_text(v, banner, sizeof banner) ? 26 : 0, side = SEI_UI_H - by, bx = by / 2;
    if (v->fill && v->fill_board)
        ui_draw_board(ui, bx, by, side, v->fill_board, NULL, v->check, NULL, 0, 0, 0);
    else
        ui_draw_board(ui, bx, by, side, v->board, v->dead, NULL, v->score, 0, 0, 0);
    ui_banner(ui, v, 0, 0, SEI_UI_H, by);
    int pw, px = ui_side_panel(ui, SEI_UI_H, &pw);
    sei_lang L = v->lang;
    ui_panel_head(ui, v, px, pw, sei_ui_string(L, SEI_S_FILL_CHECK));
    const int photo_y = PANEL_FOOT - TARGET - 10;
    if (!v->fill) {
        /* How to fill, then the photo. */
        char how[600];
        snprintf(how, sizeof how, sei_ui_string(L, SEI_S_FILL_HOW), v->score ? v->score->fill_komi_stones : 0);
        ui_text_wrap(ui, how, FS_BODY, WHITE, px, 54, pw);
        ui_button(ui, px, photo_y, pw, TARGET, sei_ui_string(L, SEI_S_PHOTOGRAPH), SEI_BTN_PHOTOGRAPH, BTN_PRIMARY,
                  FS_LARGE);
        ui_button(ui, px, PANEL_FOOT, pw, TARGET, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
        return;
    }
    /* The outcome: every line whole, none shrunk; a line that would
     * reach the buttons is noted as not fitting rather than drawn over them. */
    sei_ui_line lines[24];
    int n = sei_ui_fill_lines(L, v->fill, v->score, v->board, v->fill_points, lines, 24);
    if (n > 24)
        n = 24;
    int y = 50, skip = TTF_FontLineSkip(ui->latin[FS_SMALL]);
    for (int i = 0; i < n; i++) {
        const sei_ui_line *ln = &lines[i];
        if (ln->kind == SEI_UI_LINE_HEAD) {
            y = ui_text_wrap(ui, ln->text, FS_BODY, YELLOW, px, y, pw) + 4;
            continue;
        }
        if (ln->kind == SEI_UI_LINE_SUM && i > 1)
            y += 3;
        /* A sum on one line; its terms in words and the notes wrapped (a
         * miscount's margin names four terms). */
        SDL_Color c = ln->kind == SEI_UI_LINE_TERMS ? DIM : WHITE;
        int wrap = ln->kind != SEI_UI_LINE_SUM;
        int rows = wrap ? ui_text_lines(ui, ln->text, FS_SMALL, c, px, y, pw, 0) : 1;
        if (y + rows * skip > photo_y - 2) {
            ui_fit_note(ui, ln->text, 0); /* out of room: a line would cover Photograph */
            continue;
        }
        if (wrap)
            y = ui_text_wrap(ui, ln->text, FS_SMALL, c, px, y, pw);
        else {
            ui_text_draw(ui, ln->text, FS_SMALL, c, px, y + skip / 2, ALIGN_LEFT, pw);
            y += skip;
        }
    }
    ui_button(ui, px, photo_y, pw, TARGET, sei_ui_string(L, SEI_S_PHOTOGRAPH), SEI_BTN_PHOTOGRAPH, BTN_PLAIN, FS_BODY);
    ui_button(ui, px, PANEL_FOOT, pw, TARGET, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
}
