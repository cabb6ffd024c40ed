/* screen_detail.c - one stored result: who played and where, the result
 * and its state, and its audit trail (every judge's change, newest last).
 * In judge mode the actions the result's state allows are beside it
 * (confirm, void, correct the result, the players or the dead stones); a confirmed result
 * says it is locked. Without judge mode it is only shown. */
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_detail(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, PANEL_BG);
    const int x = 20, w = 480;
    char cut[400];
    int y = 24;
    for (int i = 0; i < SEI_UI_DETAIL_LINES && v->detail[i]; i++) {
        ui_text_cut(ui, v->detail[i], i ? FS_BODY : FS_LARGE, w, cut, sizeof cut);
        ui_text_draw(ui, cut, i ? FS_BODY : FS_LARGE, i ? WHITE : YELLOW, x, y, ALIGN_LEFT, w);
        y += i ? 30 : 40;
    }
    y += 8;
    ui_text_draw(ui, sei_ui_string(L, SEI_S_AUDIT), FS_BODY, DIM, x, y, ALIGN_LEFT, w);
    y += 28;
    int any = 0;
    for (int i = 0; i < SEI_UI_AUDIT_LINES && v->audit[i]; i++, any++) {
        ui_text_cut(ui, v->audit[i], FS_SMALL, w, cut, sizeof cut);
        ui_text_draw(ui, cut, FS_SMALL, WHITE, x, y, ALIGN_LEFT, w);
        y += 24;
    }
    if (!any)
        ui_text_draw(ui, sei_ui_string(L, SEI_S_AUDIT_NONE), FS_SMALL, DIM, x, y, ALIGN_LEFT, w);
    /* The actions, in judge mode. */
    const int bx = 520, bw = SEI_UI_W - bx - 20;
    int by = 56;
    if (v->judge && v->locked) {
        ui_text_wrap(ui, sei_ui_string(L, SEI_S_LOCKED_RESULT), FS_BODY, YELLOW, bx, by, bw);
        by += 66;
    }
    if (v->judge && v->can_confirm) {
        ui_button(ui, bx, by, bw, TARGET, sei_ui_string(L, SEI_S_DO_CONFIRM), SEI_BTN_DO_CONFIRM, BTN_PRIMARY, FS_BODY);
        by += 66;
    }
    if (v->judge && v->can_correct) {
        ui_button(ui, bx, by, bw, TARGET, sei_ui_string(L, SEI_S_DO_CORRECT), SEI_BTN_DO_CORRECT, BTN_PLAIN, FS_BODY);
        by += 66;
        ui_button(ui, bx, by, bw, TARGET, sei_ui_string(L, SEI_S_DO_NAMES), SEI_BTN_DO_NAMES, BTN_PLAIN, FS_BODY);
        by += 66;
        if (v->can_dead) {
            ui_button(ui, bx, by, bw, TARGET, sei_ui_string(L, SEI_S_DO_DEAD), SEI_BTN_DO_DEAD, BTN_PLAIN, FS_BODY);
            by += 66;
        }
    }
    if (v->judge && v->can_void)
        ui_button(ui, bx, by, bw, TARGET, sei_ui_string(L, SEI_S_DO_VOID), SEI_BTN_DO_VOID, BTN_PLAIN, FS_BODY);
    ui_button(ui, bx, SEI_UI_H - TARGET - 6, bw, TARGET, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    ui_message_area(ui, v->status, x - 8, SEI_UI_H - TARGET - 6, bx - x - 8, TARGET);
}
