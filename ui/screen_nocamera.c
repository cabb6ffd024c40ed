/* screen_nocamera.c - the screen shown when no camera answers: why, in
 * words, with Retry, the bundled sample photo where there is one, and
 * Settings to choose another source. */
#include "ui_internal.h"

void ui_screen_nocamera(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw(ui, sei_ui_string(L, SEI_S_NOCAM_TITLE), FS_LARGE, YELLOW, SEI_UI_W / 2, 70, ALIGN_CENTRE, 700);
    int y = 110;
    /* The reason first and plainest; then what to do, which for a file or
     * a folder is not a cable to check. */
    if (v->message)
        y = ui_text_wrap(ui, v->message, FS_BODY, WHITE, 80, y, SEI_UI_W - 160);
    ui_text_wrap(ui, sei_ui_string(L, v->nocam_file ? SEI_S_NOCAM_HINT_FILE : SEI_S_NOCAM_HINT), FS_SMALL, DIM, 80,
                 y + 16, SEI_UI_W - 160);
    int bw = 260, gap = 40, total = v->have_sample ? 2 * bw + gap : bw, x = (SEI_UI_W - total) / 2;
    ui_button(ui, x, 290, bw, 80, sei_ui_string(L, SEI_S_RETRY), SEI_BTN_RETRY, BTN_PLAIN, FS_LARGE);
    if (v->have_sample)
        ui_button(ui, x + bw + gap, 290, bw, 80, sei_ui_string(L, SEI_S_SAMPLE), SEI_BTN_SAMPLE, BTN_PRIMARY, FS_LARGE);
    ui_button(ui, SEI_UI_W - 200, SEI_UI_H - 76, 180, 60, sei_ui_string(L, SEI_S_SETTINGS), SEI_BTN_SETTINGS, BTN_QUIET,
              FS_BODY);
    /* Messages at the foot, beside Settings. */
    ui_message_area(ui, v->status, 20, SEI_UI_H - 76, SEI_UI_W - 240, TARGET);
}
