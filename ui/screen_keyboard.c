/* screen_keyboard.c - typing a name or a reason: the text so far, an
 * input method's composition after it (underlined, not yet part of the
 * text: pinyin before its hanzi, jamo before their syllable), and an
 * on-screen Latin keyboard for a touchscreen with no keyboard of its own.
 * A keyboard and its input method (Chinese, Japanese, Korean) type
 * through SDL's text input, which the kiosk starts while this screen is
 * up. Keys are 64x56 px: the width of ten in a row, each a fingertip. */
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

void ui_screen_keyboard(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw_fit(ui, v->kb_title ? v->kb_title : "", FS_LARGE, WHITE, 24, 24, ALIGN_LEFT, 260);
    /* The field: the text's end shows when it is longer than the field. */
    const int fx = 24, fy = 50, fw = SEI_UI_W - 48, fh = 56;
    ui_fill_rect(ui, fx, fy, fw, fh, 20, 22, 26, 255);
    const char *text = v->kb_text ? v->kb_text : "", *ed = v->kb_editing ? v->kb_editing : "";
    int tw = ui_text_width(ui, text, FS_BODY), ew = *ed ? ui_text_width(ui, ed, FS_BODY) : 0;
    int room = fw - 24, skip = tw + ew > room ? tw + ew - room : 0;
    const char *shown = text;
    while (skip > 0 && *shown) {
        /* Drop whole characters from the front until the end fits. */
        const char *next = shown + 1;
        while (((unsigned char)*next & 0xC0) == 0x80)
            next++;
        shown = next;
        skip = ui_text_width(ui, shown, FS_BODY) + ew - room;
    }
    int sw = *shown ? ui_text_width(ui, shown, FS_BODY) : 0;
    ui_text_draw(ui, shown, FS_BODY, WHITE, fx + 12, fy + fh / 2, ALIGN_LEFT, room);
    if (*ed) {
        ui_text_draw(ui, ed, FS_BODY, YELLOW, fx + 12 + sw, fy + fh / 2, ALIGN_LEFT, room - sw);
        ui_fill_rect(ui, fx + 12 + sw, fy + fh - 12, ew, 2, 255, 214, 80, 255);
    }
    ui_fill_rect(ui, fx + 13 + sw + ew, fy + 12, 2, fh - 24, 240, 240, 240, 255); /* the cursor */
    /* The keys. */
    /* An address (the station's) needs ':' where a name has ','. */
    const char *const rows[4] = {"1234567890", "qwertyuiop", "asdfghjkl'", v->kb_address ? "zxcvbnm-.:" : "zxcvbnm-.,"};
    const int kw = 64, kh = TARGET, gap = 8, kx = (SEI_UI_W - (10 * kw + 9 * gap)) / 2, ky = 116;
    for (int r = 0; r < 4; r++)
        for (int c = 0; rows[r][c]; c++) {
            char ch = rows[r][c];
            if (v->kb_shift && ch >= 'a' && ch <= 'z')
                ch = (char)(ch - 'a' + 'A');
            char label[2] = {ch, 0};
            ui_button(ui, kx + c * (kw + gap), ky + r * (kh + 8), kw, kh, label, (sei_ui_button)(SEI_BTN_KEY + ch),
                      BTN_PLAIN, FS_BODY);
        }
    int y = ky + 4 * (kh + 8), x = kx;
    ui_button(ui, x, y, 100, kh, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    x += 108;
    ui_button(ui, x, y, 100, kh, "⇧", SEI_BTN_KEY_SHIFT, v->kb_shift ? BTN_PRIMARY : BTN_PLAIN, FS_BODY);
    x += 108;
    ui_button(ui, x, y, 208, kh, sei_ui_string(L, SEI_S_SPACE), (sei_ui_button)(SEI_BTN_KEY + ' '), BTN_PLAIN, FS_BODY);
    x += 216;
    ui_button(ui, x, y, 64, kh, "⌫", SEI_BTN_KEY_DEL, BTN_PLAIN, FS_BODY);
    x += 72;
    ui_button(ui, x, y, kx + 10 * kw + 9 * gap - x, kh, sei_ui_string(L, SEI_S_DONE), SEI_BTN_PAD_OK, BTN_PRIMARY,
              FS_BODY);
    ui_message_area(ui, v->status, 300, 2, SEI_UI_W - 300 - 24, 46);
}
