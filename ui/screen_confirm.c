/* screen_confirm.c - the confirm screen after a capture: the board read,
 * to correct with taps (a group marked dead, a stone changed, zoomed in
 * where its points are closer than a fingertip), and beside it the rules,
 * komi, handicap and prisoners to count under; Count, or Agreed for a game
 * won by resignation. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_confirm(sei_ui *ui, const sei_ui_view *v)
{
    /* With a banner (the table, the players) over it, the board is a little smaller. */
    char banner[8];
    int by = ui_banner_text(v, banner, sizeof banner) ? 26 : 0, side = SEI_UI_H - by, bx = by / 2;
    ui_draw_board(ui, bx, by, side, v->board, v->dead, v->check, NULL, v->zoom_col, v->zoom_row, v->zoom_span);
    ui_banner(ui, v, 0, 0, SEI_UI_H, by);
    int pw, px = ui_side_panel(ui, SEI_UI_H, &pw);
    /* The camera's doubts come before the how-to: they need a person.
     * The board in doubt says most; then points a hand hid, which another
     * capture may see. */
    int checks = 0;
    for (int p = 0; v->check && p < SEI_MAX_POINTS; p++)
        checks += v->check[p];
    int doubt = !(checks || v->check_board) ? -1
                : v->check_board            ? 0
                : v->check_hidden           ? 1
                                            : 2;
    static const sei_str doubt_long[3] = {SEI_S_CHECK_BOARD, SEI_S_CHECK_HIDDEN, SEI_S_CHECK_POINTS},
                         doubt_short[3] = {SEI_S_CHECK_BOARD_SHORT, SEI_S_CHECK_HIDDEN_SHORT, SEI_S_CHECK_POINTS_SHORT};
    /* Zoomed, the title says what the next tap does. */
    ui_panel_head(ui, v, px, pw, sei_ui_string(v->lang, v->zoom_span > 0 ? SEI_S_ZOOM_HINT : SEI_S_CONFIRM_TITLE));
    const sei_rules *r = v->rules;
    char num[32], val[64];
    int y = PANEL_ROW0;
    ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_RULES), sei_ui_rules_name(v->lang, r->name),
               SEI_BTN_RULES_PREV, "◀", SEI_BTN_RULES_NEXT, "▶", SEI_BTN_NONE);
    y += PANEL_ROW;
    ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_KOMI), sei_score_number(r->komi, num, sizeof num),
               SEI_BTN_KOMI_DOWN, "−", SEI_BTN_KOMI_UP, "+", SEI_BTN_NONE);
    y += PANEL_ROW;
    snprintf(val, sizeof val, "%d", v->handicap);
    ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_HANDICAP), val, SEI_BTN_HCAP_DOWN, "−", SEI_BTN_HCAP_UP, "+",
               SEI_BTN_NONE);
    y += PANEL_ROW;
    if (v->resigned_winner == SEI_BLACK || v->resigned_winner == SEI_WHITE) {
        /* Won by resignation or on time: nothing to count. Agreed stores it; Count
         * is there for a gesture misread. */
        snprintf(val, sizeof val, sei_ui_string(v->lang, v->won_on_time ? SEI_S_WINS_ON_TIME : SEI_S_WINS_BY_RESIGNATION),
                 sei_ui_string(v->lang, v->resigned_winner == SEI_WHITE ? SEI_S_WHITE : SEI_S_BLACK));
        ui_text_wrap(ui, val, FS_LARGE, YELLOW, px, y + 8, pw);
        ui_button(ui, px, PANEL_FOOT - TARGET - 8, pw, TARGET, sei_ui_string(v->lang, SEI_S_COUNT), SEI_BTN_COUNT,
                  BTN_PLAIN, FS_BODY);
        ui_panel_foot(ui, v->lang, px, pw, 120, sei_ui_string(v->lang, SEI_S_AGREED), SEI_BTN_AGREED, BTN_PRIMARY,
                      FS_LARGE);
        return;
    }
    if (r->scoring == SEI_SCORING_TERRITORY) {
        int by_last = v->prisoners.source == SEI_PRISONERS_LAST;
        ui_chooser(ui, px, y, pw, 168, sei_ui_string(v->lang, SEI_S_PRISONERS),
                   sei_ui_string(v->lang, by_last ? SEI_S_BY_LAST : SEI_S_BY_COUNT), SEI_BTN_PRIS_MODE);
        y += PANEL_ROW;
        if (by_last) {
            ui_chooser(ui, px, y, pw, 168, sei_ui_string(v->lang, SEI_S_LAST_MOVE),
                       sei_ui_string(v->lang, v->prisoners.last == SEI_WHITE ? SEI_S_WHITE : SEI_S_BLACK),
                       SEI_BTN_LAST);
            y += PANEL_ROW;
        } else {
            snprintf(val, sizeof val, "%d", v->prisoners.black);
            ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_CAPTURED_BY_B), val, SEI_BTN_PRIS_B_DOWN, "−",
                       SEI_BTN_PRIS_B_UP, "+", SEI_BTN_PRIS_B_PAD);
            y += PANEL_ROW;
            snprintf(val, sizeof val, "%d", v->prisoners.white);
            ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_CAPTURED_BY_W), val, SEI_BTN_PRIS_W_DOWN, "−",
                       SEI_BTN_PRIS_W_UP, "+", SEI_BTN_PRIS_W_PAD);
            y += PANEL_ROW;
        }
    }
    int hint_y = y + 4;
    const SDL_Color warn = {255, 160, 40, 255};
    if (hint_y < PANEL_FOOT - 60 && doubt >= 0)
        ui_text_wrap(ui, sei_ui_string(v->lang, doubt_long[doubt]), FS_SMALL, warn, px, hint_y, pw);
    else if (hint_y < PANEL_FOOT - 60)
        ui_text_wrap(ui, sei_ui_string(v->lang, SEI_S_CONFIRM_HINT), FS_SMALL, DIM, px, hint_y, pw);
    else if (doubt >= 0 && v->zoom_span <= 0 && !(v->status && *v->status)) {
        /* No room below the rows (territory rules, prisoners counted):
         * the doubt, shortly, in the title's place, so that it is not
         * left to the rings alone (zoomed, the title says what the next
         * tap does; a status message keeps its place). */
        ui_fill_rect(ui, px - 6, 2, pw + 12, 44, PANEL_BG);
        ui_text_draw_fit(ui, sei_ui_string(v->lang, doubt_short[doubt]), FS_BODY, warn, px, 24, ALIGN_LEFT, pw);
    }
    ui_panel_foot(ui, v->lang, px, pw, 120, sei_ui_string(v->lang, SEI_S_COUNT), SEI_BTN_COUNT, BTN_PRIMARY, FS_LARGE);
    if (v->pad_for == SEI_BLACK || v->pad_for == SEI_WHITE)
        ui_screen_pad(ui, v);
}
