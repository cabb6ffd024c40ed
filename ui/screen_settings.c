/* screen_settings.c - the settings screen: the default rules and komi,
 * the board size, the language, the camera and recorded games' time
 * control; the tournament row (the
 * table and round on a number pad, the players' names, the stored
 * results, judge mode); the director's station (its own screen); and the
 * results' export, with the message saying where an export went. */
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

void ui_screen_settings(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    const sei_ui_settings *s = &v->settings;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    ui_text_draw_fit(ui, sei_ui_string(L, SEI_S_SETTINGS_TITLE), FS_LARGE, WHITE, 40, 36, ALIGN_LEFT, 180);
    char num[32], size[32];
    int x = 40, w = SEI_UI_W - 80, y = 70;
    ui_stepper(ui, x, y, w, sei_ui_string(L, SEI_S_DEFAULT_RULES), sei_ui_rules_name(L, s->rules), SEI_BTN_RULES_PREV,
               "◀", SEI_BTN_RULES_NEXT, "▶", SEI_BTN_NONE);
    y += 64;
    ui_stepper(ui, x, y, w, sei_ui_string(L, SEI_S_KOMI), sei_score_number(s->komi, num, sizeof num), SEI_BTN_KOMI_DOWN,
               "−", SEI_BTN_KOMI_UP, "+", SEI_BTN_NONE);
    y += 64;
    if (s->size)
        snprintf(size, sizeof size, "%d×%d", s->size, s->size);
    else
        snprintf(size, sizeof size, "%s", sei_ui_string(L, SEI_S_AUTO));
    /* Size and language share a row, to leave one for the tournament. */
    ui_chooser(ui, x, y, w / 2 - 10, 160, sei_ui_string(L, SEI_S_BOARD_SIZE), size, SEI_BTN_SIZE);
    ui_chooser(ui, x + w / 2 + 10, y, w / 2 - 10, 160, sei_ui_string(L, SEI_S_LANGUAGE), sei_ui_string(L, SEI_S_LANG_NAME),
               SEI_BTN_LANG);
    y += 64;
    /* The camera and the recorded games' time control share a row. The
     * control is shown without its kind where its form says it
     * ("60m+5x60s" byo-yomi, "30m+25/10m" Canadian, "30m+20s" Fischer,
     * "30m" absolute); Ing's looks like byo-yomi's, so it keeps "ing:". */
    char tc[48];
    const char *colon = strchr(s->tc, ':');
    snprintf(tc, sizeof tc, "%s", !s->tc[0] ? sei_ui_string(L, SEI_S_NO_CLOCK)
                                  : colon && strncmp(s->tc, "ing:", 4) ? colon + 1
                                                                        : s->tc);
    ui_chooser(ui, x, y, w / 2 - 50, 200, sei_ui_string(L, SEI_S_CAMERA), s->camera, SEI_BTN_CAMERA);
    ui_chooser(ui, x + w / 2 - 30, y, w / 2 + 30, 240, sei_ui_string(L, SEI_S_TIME_CONTROL), tc, SEI_BTN_TIME_CONTROL);
    y += 72;
    /* The tournament: set once per table (the table, the round), per game
     * (the players), and the results with judge mode. */
    char table[64], round[64];
    if (v->table > 0)
        snprintf(table, sizeof table, sei_ui_string(L, SEI_S_BANNER_TABLE), v->table);
    else
        snprintf(table, sizeof table, "%s –", sei_ui_string(L, SEI_S_TABLE));
    if (v->round > 0)
        snprintf(round, sizeof round, sei_ui_string(L, SEI_S_BANNER_ROUND), v->round);
    else
        snprintf(round, sizeof round, "%s –", sei_ui_string(L, SEI_S_ROUND));
    const struct {
        const char *label;
        sei_ui_button id;
    } row[5] = {{table, SEI_BTN_TABLE},
                {round, SEI_BTN_ROUND},
                {sei_ui_string(L, SEI_S_PLAYERS), SEI_BTN_PLAYERS},
                {sei_ui_string(L, SEI_S_RESULTS), SEI_BTN_RESULTS},
                {sei_ui_string(L, SEI_S_JUDGE), SEI_BTN_JUDGE}};
    const int bw = (w - 4 * 10) / 5;
    for (int i = 0; i < 5; i++)
        ui_button(ui, x + i * (bw + 10), y, bw, TARGET, row[i].label, row[i].id, BTN_PLAIN, FS_BODY);
    ui_button(ui, x, SEI_UI_H - 70, 200, 60, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_PRIMARY, FS_BODY);
    ui_button(ui, x + 216, SEI_UI_H - 70, 168, 60, sei_ui_string(L, SEI_S_STATION), SEI_BTN_STATION, BTN_PLAIN, FS_BODY);
    ui_button(ui, x + w - 320, SEI_UI_H - 70, 320, 60, sei_ui_string(L, SEI_S_EXPORT), SEI_BTN_EXPORT, BTN_PLAIN,
              FS_BODY);
    /* Messages (where an export went) beside the title, above every row. */
    ui_message_area(ui, v->status, 230, 6, SEI_UI_W - 230 - 40, TARGET);
}
