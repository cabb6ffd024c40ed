/* screen_station.c - the director's station: its address (a button that
 * opens the keyboard), whether the kiosk is paired with it and how that
 * went, in words, what is wrong with it (it does not answer, it no longer
 * knows the kiosk), and the results waiting for it; Pair with code opens
 * the number pad, Forget station leaves it. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_station(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw_fit(ui, sei_ui_string(L, SEI_S_STATION), FS_LARGE, WHITE, 40, 36, ALIGN_LEFT, 180);
    const int x = 40, w = SEI_UI_W - 80, vw = 520;
    int y = 90;
    char cut[400], waiting[200];
    ui_text_draw(ui, sei_ui_string(L, SEI_S_STATION_ADDRESS), FS_BODY, DIM, x, y + TARGET / 2, ALIGN_LEFT, w - vw - 8);
    ui_text_cut(ui, v->station_addr && *v->station_addr ? v->station_addr : "–", FS_BODY, vw - 24, cut, sizeof cut);
    ui_button(ui, x + w - vw, y, vw, TARGET, cut, SEI_BTN_STATION_ADDR, BTN_QUIET, FS_BODY);
    y += TARGET + 30;
    if (v->station_line)
        y = ui_text_wrap(ui, v->station_line, FS_BODY, WHITE, x, y, w) + 10;
    if (v->station_alert)
        y = ui_text_wrap(ui, v->station_alert, FS_BODY, YELLOW, x, y, w) + 10;
    if (ui_waiting_text(v, waiting, sizeof waiting))
        ui_text_wrap(ui, waiting, FS_BODY, YELLOW, x, y, w);
    else if (v->paired)
        ui_text_wrap(ui, sei_ui_string(L, SEI_S_ALL_SENT), FS_BODY, DIM, x, y, w);
    ui_button(ui, x, SEI_UI_H - 70, 200, 60, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    ui_button(ui, x + 216, SEI_UI_H - 70, 248, 60, sei_ui_string(L, SEI_S_PAIR), SEI_BTN_PAIR, BTN_PRIMARY, FS_BODY);
    if (v->paired)
        ui_button(ui, x + w - 240, SEI_UI_H - 70, 240, 60, sei_ui_string(L, SEI_S_FORGET), SEI_BTN_FORGET, BTN_PLAIN,
                  FS_BODY);
    ui_message_area(ui, v->status, 230, 6, SEI_UI_W - 230 - 40, TARGET);
}
