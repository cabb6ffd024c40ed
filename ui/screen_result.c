/* screen_result.c - the result screen: the board with its territory and
 * dead stones, and the count as the rule set states it (result_lines.c)
 * beside it; Agreed stores it, Back and Resume return; under Ing's
 * rules, Fill check opens the fill check (screen_fill.c). */
#include <stdio.h>

#include "ui_internal.h"

/* The count as the rule set states it, over the board with its
 * territory: every line on one line of its own, none shrunk. */
void ui_screen_result(sei_ui *ui, const sei_ui_view *v)
{
    const sei_score *s = v->score;
    /* With a banner (the table, the players) over it, the board is a little smaller. */
    char banner[8];
    int by = ui_banner_text(v, banner, sizeof banner) ? 26 : 0, side = SEI_UI_H - by, bx = by / 2;
    ui_draw_board(ui, bx, by, side, v->board, v->dead, NULL, s, 0, 0, 0);
    ui_banner(ui, v, 0, 0, SEI_UI_H, by);
    int pw, px = ui_side_panel(ui, SEI_UI_H, &pw);
    sei_lang L = v->lang;
    char title[96];
    snprintf(title, sizeof title, "%s · %s", sei_ui_string(L, SEI_S_RESULT_TITLE), sei_ui_rules_name(L, s->rules.name));
    ui_panel_head(ui, v, px, pw, title);
    sei_ui_line lines[24];
    int n = sei_ui_result_lines(L, s, lines, 24);
    if (n > 24)
        n = 24;
    const int agreed_y = PANEL_FOOT - TARGET - 10;
    int y = 50, skip = TTF_FontLineSkip(ui->latin[FS_SMALL]);
    for (int i = 0; i < n; i++) {
        if (lines[i].kind == SEI_UI_LINE_HEAD) {
            /* The headline large where it fits, else as body text, else wrapped. */
            int size = FS_LARGE;
            while (size > FS_BODY && ui_text_width(ui, lines[i].text, size) > pw)
                size--;
            y = ui_text_wrap(ui, lines[i].text, size, YELLOW, px, y, pw) + 2;
            continue;
        }
        if (i > 1 && lines[i].kind == SEI_UI_LINE_SUM)
            y += 3; /* a little space before each sum */
        if (y + skip > agreed_y - 2)
            ui_fit_note(ui, lines[i].text, 0); /* out of room: a line would cover Agreed */
        else
            ui_text_draw(ui, lines[i].text, FS_SMALL, lines[i].kind == SEI_UI_LINE_TERMS ? DIM : WHITE, px,
                         y + skip / 2, ALIGN_LEFT, pw);
        y += skip;
    }
    if (s->rules.fill_check && s->fill_bowl > 0) {
        /* Ing: the fill check beside Agreed, done before agreeing. */
        const int fw = 130;
        ui_button(ui, px, agreed_y, fw, TARGET, sei_ui_string(L, SEI_S_FILL_CHECK), SEI_BTN_FILL_CHECK, BTN_PLAIN,
                  FS_BODY);
        ui_button(ui, px + fw + 10, agreed_y, pw - fw - 10, TARGET, sei_ui_string(L, SEI_S_AGREED), SEI_BTN_AGREED,
                  BTN_PRIMARY, FS_LARGE);
    } else
        ui_button(ui, px, agreed_y, pw, TARGET, sei_ui_string(L, SEI_S_AGREED), SEI_BTN_AGREED, BTN_PRIMARY, FS_LARGE);
    ui_panel_foot(ui, L, px, pw, 110, sei_ui_string(L, SEI_S_RESUME), SEI_BTN_RESUME, BTN_PLAIN, FS_BODY);
}
