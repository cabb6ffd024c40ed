/* screen_record.c - the recording screen, while a game is recorded move
 * by move from the camera: the camera's view with the grid, the last move
 * ringed, and when the board went astray the recorded position drawn over
 * it to rebuild from; the move list, End and Stop at the side. */
#include <stdio.h>

#include "ui_internal.h"

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
                        : v->rec_waiting ? sei_ui_string(L, SEI_S_REC_WAITING)
                        : v->moving      ? sei_ui_string(L, SEI_S_REC_MOVING)
                                         : NULL;
    if (alert) {
        int w = ui_text_width(ui, alert, FS_BODY) + 24;
        if (w > fw - 20)
            w = fw - 20;
        ui_fill_rect(ui, fw / 2 - w / 2, SEI_UI_H - 60, w, 44, 0, 0, 0, 200);
        ui_text_draw(ui, alert, FS_BODY, YELLOW, fw / 2, SEI_UI_H - 38, ALIGN_CENTRE, w - 12);
    }
    int pw, px = ui_side_panel(ui, fw, &pw), y = 24;
    /* The moves in one size: body text when every line fits it. */
    int size = FS_BODY;
    for (int i = 0; i < 6 && v->rec_lines[i]; i++)
        if (ui_text_width(ui, v->rec_lines[i], FS_BODY) > pw)
            size = FS_SMALL;
    for (int i = 0; i < 6 && v->rec_lines[i]; i++, y += 30)
        ui_text_draw(ui, v->rec_lines[i], size, i + 1 < 6 && v->rec_lines[i + 1] ? DIM : WHITE, px, y, ALIGN_LEFT, pw);
    ui_button(ui, px, SEI_UI_H - 162, pw, 72, sei_ui_string(L, SEI_S_END), SEI_BTN_END, BTN_PRIMARY, FS_LARGE);
    ui_button(ui, px, SEI_UI_H - 78, pw, 64, sei_ui_string(L, SEI_S_STOP), SEI_BTN_STOP, BTN_QUIET, FS_BODY);
    /* Messages under the title bar; what the players must do is at the foot. */
    ui_message_area(ui, v->status, 10, 50, fw - 20, TARGET);
}
