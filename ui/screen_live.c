/* screen_live.c - the live view: the camera's picture with the grid the
 * reader found, what it sees in words across the top (and whether the
 * camera stands too low or too far to read the board well), a bar filling while
 * the board stays still toward the capture, the corner handles to drag
 * when the reader is unsure; the tournament's banner and the results
 * waiting for the director's station under the top line; Capture, Fix
 * corners, Record and Settings at the side. */
#include <math.h>
#include <stdio.h>

#include "ui_internal.h"

void ui_screen_live(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = FRAME_W, fh = SEI_UI_H;
    ui_draw_frame_grid(ui, v);
    ui->corners_on = 0;
    if (ui->frame_on && v->editing_corners) {
        SDL_Color edge = {80, 200, 255, 230};
        for (int i = 0; i < 4; i++)
            ui_frame_to_screen(ui, v->corners[i][0], v->corners[i][1], &ui->corner_xy[i][0], &ui->corner_xy[i][1]);
        for (int i = 0; i < 4; i++)
            ui_thick_line(ui, ui->corner_xy[i][0], ui->corner_xy[i][1], ui->corner_xy[(i + 1) % 4][0],
                          ui->corner_xy[(i + 1) % 4][1], 2, edge);
        for (int i = 0; i < 4; i++) {
            ui_disc(ui, ui->corner_xy[i][0], ui->corner_xy[i][1], HANDLE_R, (SDL_Color){80, 200, 255, 110});
            ui_disc(ui, ui->corner_xy[i][0], ui->corner_xy[i][1], 4, (SDL_Color){255, 255, 255, 255});
        }
        ui->corners_on = 1;
    }
    /* The state, in words, across the top of the picture. */
    char line[160];
    const char *msg;
    if (v->editing_corners)
        msg = sei_ui_string(v->lang, SEI_S_LIVE_CORNERS_HINT);
    else if (v->moving)
        msg = sei_ui_string(v->lang, SEI_S_LIVE_MOVING);
    else if (v->unsure)
        msg = sei_ui_string(v->lang, SEI_S_LIVE_UNSURE);
    else if (v->found && v->still > 0.3)
        msg = sei_ui_string(v->lang, SEI_S_LIVE_STILL);
    else if (v->found && v->view_low) {
        /* Where the camera stands decides how well the board is read. */
        snprintf(line, sizeof line, sei_ui_string(v->lang, SEI_S_LIVE_LOW), v->size, v->size, v->view_low);
        msg = line;
    } else if (v->found && v->view_far) {
        snprintf(line, sizeof line, sei_ui_string(v->lang, SEI_S_LIVE_FAR), v->size, v->size);
        msg = line;
    } else if (v->found) {
        snprintf(line, sizeof line, sei_ui_string(v->lang, SEI_S_LIVE_FOUND), v->size, v->size);
        msg = line;
    } else
        msg = sei_ui_string(v->lang, SEI_S_LIVE_SEARCHING);
    ui_picture_title(ui, msg, v->found && !v->moving ? WHITE : YELLOW);
    /* The table and the players under it, so they see they are at the right board. */
    int below = 44 + (ui_banner(ui, v, 0, 44, fw, 28) ? 28 : 0);
    /* The results the director's station has not received yet, under it. */
    ui_waiting_bar(ui, v, 0, below, fw, 26);
    if (v->found && !v->moving && v->still > 0) {
        ui_fill_rect(ui, 0, fh - 8, fw, 8, 0, 0, 0, 160);
        ui_fill_rect(ui, 0, fh - 8, (int)(fw * fmin(v->still, 1.0)), 8, 40, 230, 90, 255);
    }
    /* The panel. */
    int pw, px = ui_side_panel(ui, fw, &pw);
    ui_button(ui, px, 14, pw, 96, sei_ui_string(v->lang, SEI_S_CAPTURE), SEI_BTN_CAPTURE, BTN_PRIMARY, FS_LARGE);
    if (v->editing_corners)
        ui_button(ui, px, 126, pw, 64, sei_ui_string(v->lang, SEI_S_DONE), SEI_BTN_CORNERS_DONE, BTN_PLAIN, FS_BODY);
    else
        ui_button(ui, px, 126, pw, 64, sei_ui_string(v->lang, SEI_S_FIX_CORNERS), SEI_BTN_FIX_CORNERS, BTN_PLAIN,
                  FS_BODY);
    ui_button(ui, px, 206, pw, 64, sei_ui_string(v->lang, SEI_S_RECORD), SEI_BTN_RECORD, BTN_PLAIN, FS_BODY);
    ui_button(ui, px, SEI_UI_H - 78, pw, 64, sei_ui_string(v->lang, SEI_S_SETTINGS), SEI_BTN_SETTINGS, BTN_QUIET,
              FS_BODY);
    /* Messages go at the foot of the picture, where no button is. */
    ui_message_area(ui, v->status, 10, fh - 12 - TARGET, fw - 20, TARGET);
}
