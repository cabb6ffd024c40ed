/* screen_pad.c - the number pad over a whole screen: a prisoner count on
 * confirm (30 prisoners are two taps, not thirty), the table and round in
 * settings, the judge PIN (shown as dots). Modal: only its keys answer
 * while it is open, and nothing under it takes taps. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_pad(sei_ui *ui, const sei_ui_view *v)
{
    ui->nhits = 0;
    ui->board_on = 0;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 0, 0, 0, 150);
    const int x0 = 24, y0 = 8, w = 432, h = 464;
    ui_box(ui, x0, y0, w, h, PANEL_BG);
    char title[160], num[64];
    if (v->pad_title)
        snprintf(title, sizeof title, "%s", v->pad_title);
    else
        snprintf(title, sizeof title, "%s · %s", sei_ui_string(v->lang, SEI_S_PRISONERS),
                 sei_ui_string(v->lang, v->pad_for == SEI_WHITE ? SEI_S_CAPTURED_BY_W : SEI_S_CAPTURED_BY_B));
    ui_text_draw(ui, title, FS_BODY, DIM, x0 + 16, y0 + 26, ALIGN_LEFT, w - 32);
    if (v->pad_text)
        snprintf(num, sizeof num, "%s", v->pad_text);
    else
        snprintf(num, sizeof num, "%d", v->pad_value);
    ui_fill_rect(ui, x0 + 16, y0 + 50, w - 32, 54, 20, 22, 26, 255);
    ui_text_draw(ui, num, FS_LARGE, YELLOW, x0 + w - 32, y0 + 77, ALIGN_RIGHT, w - 48);
    /* 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 OK: keys of 128x80 px, well over a fingertip. */
    const int kw = 128, kh = 80, gap = 8, kx = x0 + 16, ky = y0 + 116;
    for (int k = 0; k < 12; k++) {
        int r = k / 3, c = k % 3;
        sei_ui_button id;
        char label[64];
        btn_style style = BTN_PLAIN;
        if (k < 9) {
            id = (sei_ui_button)(SEI_BTN_PAD_1 + k);
            snprintf(label, sizeof label, "%d", k + 1);
        } else if (k == 9) {
            id = SEI_BTN_PAD_DEL;
            snprintf(label, sizeof label, "⌫");
            style = BTN_QUIET;
        } else if (k == 10) {
            id = SEI_BTN_PAD_0;
            snprintf(label, sizeof label, "0");
        } else {
            id = SEI_BTN_PAD_OK;
            snprintf(label, sizeof label, "%s", sei_ui_string(v->lang, SEI_S_DONE));
            style = BTN_PRIMARY;
        }
        ui_button(ui, kx + c * (kw + gap), ky + r * (kh + gap), kw, kh, label, id, style, FS_LARGE);
    }
    /* A pad for a setting or the PIN is closed with Back; the prisoners' one with Done. */
    if (v->pad_title)
        ui_button(ui, x0 + w + 16, y0 + h - 80, SEI_UI_W - (x0 + w + 16) - 16, 80, sei_ui_string(v->lang, SEI_S_BACK),
                  SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    /* Beside it, why a PIN was refused, or a lock and its time left. */
    ui_message_area(ui, v->status, x0 + w + 16, y0 + 116, SEI_UI_W - (x0 + w + 16) - 16, 3 * kh);
}
