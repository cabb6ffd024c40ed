/* screen_choice.c - a short list to pick from with one tap: a judge's
 * reason (or "type one"), a result corrected to a win by resignation, on
 * time or by forfeit. Six buttons in two columns, 80 px high. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_choice(sei_ui *ui, const sei_ui_view *v)
{
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw_fit(ui, v->choice_title ? v->choice_title : "", FS_LARGE, WHITE, 40, 30, ALIGN_LEFT, 300);
    const int x = 40, w = (SEI_UI_W - 80 - 20) / 2;
    for (int i = 0; i < SEI_UI_CHOICES && v->choices[i]; i++)
        ui_button(ui, x + (i % 2) * (w + 20), 70 + (i / 2) * 92, w, 80, v->choices[i],
                  (sei_ui_button)(SEI_BTN_CHOICE_0 + i), BTN_PLAIN, FS_BODY);
    ui_button(ui, x, SEI_UI_H - 70, 200, 60, sei_ui_string(v->lang, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    ui_message_area(ui, v->status, 360, 2, SEI_UI_W - 360 - 20, 56);
}
