/* screen_players.c - the event and the players' names for the results a
 * kiosk stores, when no pairing came from the director's station: each
 * row's value is a button that opens the keyboard; an empty one says "–".
 * The players' whole names are here; the banner may have to cut them. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_players(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw_fit(ui, sei_ui_string(L, SEI_S_PLAYERS), FS_LARGE, WHITE, 40, 36, ALIGN_LEFT, 180);
    const struct {
        sei_str label;
        const char *value;
        sei_ui_button id;
    } rows[3] = {{SEI_S_EVENT, v->event, SEI_BTN_EVENT},
                 {SEI_S_BLACK, v->black_name, SEI_BTN_NAME_BLACK},
                 {SEI_S_WHITE, v->white_name, SEI_BTN_NAME_WHITE}};
    const int x = 40, w = SEI_UI_W - 80, vw = 520;
    for (int i = 0; i < 3; i++) {
        int y = 90 + i * 80;
        char cut[400];
        ui_text_draw(ui, sei_ui_string(L, rows[i].label), FS_BODY, DIM, x, y + TARGET / 2, ALIGN_LEFT, w - vw - 8);
        ui_text_cut(ui, rows[i].value && *rows[i].value ? rows[i].value : "–", FS_BODY, vw - 24, cut, sizeof cut);
        ui_button(ui, x + w - vw, y, vw, TARGET, cut, rows[i].id, BTN_QUIET, FS_BODY);
    }
    ui_button(ui, x, SEI_UI_H - 70, 200, 60, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_PRIMARY, FS_BODY);
    ui_message_area(ui, v->status, 230, 6, SEI_UI_W - 230 - 40, TARGET);
}
