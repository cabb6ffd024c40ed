/* screen_record.c - the recording screen, while a game is recorded move
 * by move from the camera: the camera's view with the grid, the last move
 * ringed, and when the board went astray the recorded position drawn over
 * it to rebuild from; the move list, End and Stop at the side. Timed, the
 * two clocks big along the foot of the picture, Black's half left and
 * White's right: each is the button its player taps to switch the clock;
 * Pause above End for the judge (the PIN asked), and while paused neither
 * clock lit, "paused" said over the picture and Resume in its place. */
#include <stdio.h>

#include "ui_internal.h"

/* The clock's height at the foot of the picture. */
#define CLOCK_H 88

/* One player's clock: the time left as a clock shows it (a second begun
 * counts whole: 0:01 until the flag falls), the periods (byo-yomi, Ing)
 * or stones (Canadian) under it; the one running lit, its last ten
 * seconds red; "lost on time" once its flag fell. */
static void clock_box(sei_ui *ui, const sei_ui_view *v, int player, int x, int y, int w)
{
    const sei_clock *c = v->rec_clock;
    sei_lang L = v->lang;
    int running = !c->lost && !v->rec_paused && c->to_move == player, lost = c->lost == player;
    ui_button(ui, x, y, w, CLOCK_H, "", player == SEI_BLACK ? SEI_BTN_CLOCK_B : SEI_BTN_CLOCK_W,
              running ? BTN_PRIMARY : BTN_QUIET, FS_BODY);
    ui_disc(ui, x + 30, y + CLOCK_H / 2, 16, player == SEI_BLACK ? (SDL_Color){10, 10, 10, 255} : (SDL_Color){245, 245, 245, 255});
    if (running)
        ui_fill_rect(ui, x + 4, y + 4, w - 8, 6, 255, 214, 80, 255); /* the running clock's bar */
    int64_t ms;
    int count;
    sei_clock_left(c, player, &ms, &count);
    const sei_clock_side *sd = &c->side[player];
    char t[48], sub[48] = "";
    const SDL_Color red = {255, 70, 60, 255};
    if (lost) {
        snprintf(t, sizeof t, sei_ui_string(L, SEI_S_LOST_ON_TIME),
                 sei_ui_string(L, player == SEI_BLACK ? SEI_S_BLACK : SEI_S_WHITE));
        ui_text_draw(ui, t, FS_BODY, red, x + 56, y + CLOCK_H / 2, ALIGN_LEFT, w - 64);
        return;
    }
    long long sec = (long long)((ms + 999) / 1000);
    if (sec >= 3600)
        snprintf(t, sizeof t, "%lld:%02lld:%02lld", sec / 3600, sec / 60 % 60, sec % 60);
    else
        snprintf(t, sizeof t, "%lld:%02lld", sec / 60, sec % 60);
    if (c->tc.kind == SEI_TC_CANADIAN && sd->in_overtime)
        snprintf(sub, sizeof sub, "/ %d", count);
    else if (c->tc.kind == SEI_TC_BYOYOMI || c->tc.kind == SEI_TC_ING)
        snprintf(sub, sizeof sub, "(%d)", sd->in_overtime ? count : sd->periods_left);
    ui_text_draw(ui, t, FS_LARGE, running && ms <= 10000 ? red : WHITE, x + 56, y + CLOCK_H / 2, ALIGN_LEFT,
                 w - 64 - (sub[0] ? 60 : 0));
    if (sub[0])
        ui_text_draw(ui, sub, FS_BODY, DIM, x + w - 10, y + CLOCK_H / 2, ALIGN_RIGHT, 60);
}

void ui_screen_record(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = FRAME_W;
    sei_lang L = v->lang;
    ui_draw_frame_grid(ui, v);
    if (ui->frame_on && v->found && v->size >= 2) {
        if (v->last_col >= 0) {
            double sx, sy;
            ui_grid_to_screen(ui, v->H, v->last_col, v->last_row, &sx, &sy);
            ui_disc(ui, sx, sy, 9, (SDL_Color){230, 40, 40, 230});
            ui_disc(ui, sx, sy, 5, (SDL_Color){255, 255, 255, 230});
        }
        if (v->rec_overlay && v->rec_board) {
            for (int y = 0; y < v->rec_board->size; y++)
                for (int x = 0; x < v->rec_board->size; x++) {
                    int c = v->rec_board->color[sei_board_point(v->rec_board, x, y)];
                    if (c != SEI_BLACK && c != SEI_WHITE)
                        continue;
                    double sx, sy;
                    ui_grid_to_screen(ui, v->H, x, y, &sx, &sy);
                    ui_disc(ui, sx, sy, 8,
                            c == SEI_BLACK ? (SDL_Color){0, 0, 0, 220} : (SDL_Color){255, 255, 255, 220});
                    ui_disc(ui, sx, sy, 3, (SDL_Color){255, 60, 60, 255});
                }
        }
    }
    char title[96];
    snprintf(title, sizeof title, sei_ui_string(L, SEI_S_REC_TITLE), v->rec_moves);
    ui_picture_title(ui, title, WHITE);
    const char *alert = v->rec_alert ? v->rec_alert
                        : v->rec_paused  ? sei_ui_string(L, SEI_S_CLOCK_PAUSED)
                        : v->rec_waiting ? sei_ui_string(L, SEI_S_REC_WAITING)
                        : v->moving      ? sei_ui_string(L, SEI_S_REC_MOVING)
                                         : NULL;
    int foot = SEI_UI_H; /* the picture's foot, above the clocks when timed */
    if (v->rec_clock) {
        foot = SEI_UI_H - CLOCK_H - 12;
        clock_box(ui, v, SEI_BLACK, 8, foot + 4, fw / 2 - 12);
        clock_box(ui, v, SEI_WHITE, fw / 2 + 4, foot + 4, fw / 2 - 12);
    }
    if (alert) {
        int w = ui_text_width(ui, alert, FS_BODY) + 24;
        if (w > fw - 20)
            w = fw - 20;
        ui_fill_rect(ui, fw / 2 - w / 2, foot - 60, w, 44, 0, 0, 0, 200);
        ui_text_draw(ui, alert, FS_BODY, YELLOW, fw / 2, foot - 38, ALIGN_CENTRE, w - 12);
    }
    int pw, px = ui_side_panel(ui, fw, &pw), y = 24;
    /* The moves in one size: body text when every line fits it. */
    int size = FS_BODY;
    for (int i = 0; i < 6 && v->rec_lines[i]; i++)
        if (ui_text_width(ui, v->rec_lines[i], FS_BODY) > pw)
            size = FS_SMALL;
    for (int i = 0; i < 6 && v->rec_lines[i]; i++, y += 30)
        ui_text_draw(ui, v->rec_lines[i], size, i + 1 < 6 && v->rec_lines[i + 1] ? DIM : WHITE, px, y, ALIGN_LEFT, pw);
    if (v->rec_clock && !v->rec_clock->lost)
        ui_button(ui, px, SEI_UI_H - 226, pw, 56, sei_ui_string(L, v->rec_paused ? SEI_S_CLOCK_RESUME : SEI_S_CLOCK_PAUSE),
                  SEI_BTN_PAUSE, v->rec_paused ? BTN_PRIMARY : BTN_QUIET, FS_BODY);
    ui_button(ui, px, SEI_UI_H - 162, pw, 72, sei_ui_string(L, SEI_S_END), SEI_BTN_END, BTN_PRIMARY, FS_LARGE);
    ui_button(ui, px, SEI_UI_H - 78, pw, 64, sei_ui_string(L, SEI_S_STOP), SEI_BTN_STOP, BTN_QUIET, FS_BODY);
    /* Messages under the title bar; what the players must do is at the foot. */
    ui_message_area(ui, v->status, 10, 50, fw - 20, TARGET);
}
