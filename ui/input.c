/* input.c - taps, drags and holds on what the last draw laid out: a
 * finger or a mouse pressed on a button, a board point or a corner handle
 * acts when released over the same one (a hold on a point is its own
 * action, a handle follows the drag), one action a tap even though SDL
 * reports a touch twice, and a press whose release was lost never blocks
 * the next. */
#include <math.h>
#include <string.h>

#include <stdio.h>

#include "ui_internal.h"

static sei_ui_button button_at(const sei_ui *ui, int x, int y)
{
    SDL_Point pt = {x, y};
    for (int i = ui->nhits - 1; i >= 0; i--)
        if (SDL_PointInRect(&pt, &ui->hits[i].r))
            return ui->hits[i].id;
    return SEI_BTN_NONE;
}

/* The board point under (x, y), within 0.48 of a cell, among the points
 * shown. */
static int point_at(const sei_ui *ui, double x, double y, int *col, int *row)
{
    if (!ui->board_on)
        return 0;
    double u = (x - ui->bx) / ui->cell, v = (y - ui->by) / ui->cell;
    int c = (int)lround(u), r = (int)lround(v);
    if (!ui_board_shows(ui, c, r) || fabs(u - c) > 0.48 || fabs(v - r) > 0.48)
        return 0;
    *col = c;
    *row = r;
    return 1;
}

static int corner_at(const sei_ui *ui, double x, double y)
{
    int best = -1;
    double bd = 40 * 40; /* a fingertip's reach around each handle */
    for (int i = 0; ui->corners_on && i < 4; i++) {
        double dx = x - ui->corner_xy[i][0], dy = y - ui->corner_xy[i][1];
        if (dx * dx + dy * dy < bd) {
            bd = dx * dx + dy * dy;
            best = i;
        }
    }
    return best;
}

/* An event's place on the 800x480 logical screen. */
static void finger_xy(const sei_ui *ui, float nx, float ny, double *x, double *y)
{
    if (ui->win) {
        int ww, wh;
        float lx, ly;
        SDL_GetWindowSize(ui->win, &ww, &wh);
        SDL_RenderWindowToLogical(ui->r, (int)(nx * ww), (int)(ny * wh), &lx, &ly);
        *x = lx;
        *y = ly;
    } else {
        *x = nx * SEI_UI_W;
        *y = ny * SEI_UI_H;
    }
}

static void press_start(sei_ui *ui, double x, double y, Uint32 when)
{
    ui->press_time = when;
    int c = corner_at(ui, x, y), col, row;
    sei_ui_button b = button_at(ui, (int)x, (int)y);
    ui->press = PRESS_NONE;
    if (b != SEI_BTN_NONE) {
        ui->press = PRESS_BUTTON;
        ui->press_button = b;
    } else if (c >= 0) {
        ui->press = PRESS_CORNER;
        ui->press_corner = c;
    } else if (point_at(ui, x, y, &col, &row)) {
        ui->press = PRESS_POINT;
        ui->press_x = col;
        ui->press_y = row;
    }
}

static int press_move(sei_ui *ui, double x, double y, sei_ui_action *a)
{
    if (ui->press != PRESS_CORNER || !ui->frame_on || ui->fs <= 0)
        return 0;
    a->kind = SEI_ACT_CORNER;
    a->corner = ui->press_corner;
    a->fx = (x - ui->ox) / ui->fs;
    a->fy = (y - ui->oy) / ui->fs;
    ui->corner_xy[ui->press_corner][0] = x;
    ui->corner_xy[ui->press_corner][1] = y;
    return 1;
}

static int press_end(sei_ui *ui, double x, double y, Uint32 when, sei_ui_action *a)
{
    press_kind k = ui->press;
    ui->press = PRESS_NONE;
    int col, row;
    if (k == PRESS_BUTTON && button_at(ui, (int)x, (int)y) == ui->press_button) {
        a->kind = SEI_ACT_BUTTON;
        a->button = ui->press_button;
        return 1;
    }
    if (k == PRESS_POINT && point_at(ui, x, y, &col, &row) && col == ui->press_x && row == ui->press_y) {
        a->kind = when - ui->press_time >= SEI_UI_HOLD_MS ? SEI_ACT_POINT_HOLD : SEI_ACT_POINT;
        a->x = col;
        a->y = row;
        a->small = ui->cell < ui->finger_px;
        return 1;
    }
    if (k == PRESS_CORNER) {
        ui->press = PRESS_CORNER;
        int r = press_move(ui, x, y, a);
        ui->press = PRESS_NONE;
        return r;
    }
    return 0;
}

int sei_ui_event(sei_ui *ui, const SDL_Event *e, sei_ui_action *a)
{
    memset(a, 0, sizeof *a);
    if (!ui || !e)
        return 0;
    double x, y;
    switch (e->type) {
    case SDL_QUIT: a->kind = SEI_ACT_QUIT; return 1;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_CLOSE) {
            a->kind = SEI_ACT_QUIT;
            return 1;
        }
        /* A release that went elsewhere must not leave a press behind,
         * or every later tap would be ignored. */
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST || e->window.event == SDL_WINDOWEVENT_LEAVE) {
            ui->press = PRESS_NONE;
            ui->press_is_finger = 0;
        }
        return 0;
    case SDL_FINGERDOWN:
        /* A second finger while one is down is ignored; but a press older
         * than any tap or drag means its release was lost: start afresh. */
        if (ui->press != PRESS_NONE && e->common.timestamp - ui->press_time < 10000)
            return 0;
        finger_xy(ui, e->tfinger.x, e->tfinger.y, &x, &y);
        press_start(ui, x, y, e->common.timestamp);
        ui->press_is_finger = 1;
        ui->press_finger = e->tfinger.fingerId;
        return 0;
    case SDL_FINGERMOTION:
        if (!ui->press_is_finger || e->tfinger.fingerId != ui->press_finger)
            return 0;
        finger_xy(ui, e->tfinger.x, e->tfinger.y, &x, &y);
        return press_move(ui, x, y, a);
    case SDL_FINGERUP:
        if (!ui->press_is_finger || e->tfinger.fingerId != ui->press_finger)
            return 0;
        finger_xy(ui, e->tfinger.x, e->tfinger.y, &x, &y);
        ui->press_is_finger = 0;
        return press_end(ui, x, y, e->common.timestamp, a);
    /* SDL also reports every touch as a mouse event (which ==
     * SDL_TOUCH_MOUSEID); the finger events above already handled it. */
    case SDL_MOUSEBUTTONDOWN:
        /* One mouse: a new press means the last release went elsewhere. */
        if (e->button.which == SDL_TOUCH_MOUSEID || e->button.button != SDL_BUTTON_LEFT ||
            (ui->press != PRESS_NONE && ui->press_is_finger))
            return 0;
        press_start(ui, e->button.x, e->button.y, e->common.timestamp);
        ui->press_is_finger = 0;
        return 0;
    case SDL_MOUSEMOTION:
        if (e->motion.which == SDL_TOUCH_MOUSEID || ui->press_is_finger)
            return 0;
        return press_move(ui, e->motion.x, e->motion.y, a);
    case SDL_MOUSEBUTTONUP:
        if (e->button.which == SDL_TOUCH_MOUSEID || e->button.button != SDL_BUTTON_LEFT || ui->press_is_finger)
            return 0;
        return press_end(ui, e->button.x, e->button.y, e->common.timestamp, a);
    /* Typing: SDL hands over text whole (a key, or what an input method
     * committed: a hanzi, a hangul syllable) and the composition so far,
     * only while the kiosk has text input started (the keyboard screen). */
    case SDL_TEXTINPUT:
        a->kind = SEI_ACT_TEXT;
        snprintf(a->text, sizeof a->text, "%s", e->text.text);
        return 1;
    case SDL_TEXTEDITING:
        a->kind = SEI_ACT_EDITING;
        snprintf(a->text, sizeof a->text, "%s", e->edit.text);
        return 1;
    case SDL_KEYDOWN:
        if (e->key.keysym.sym == SDLK_BACKSPACE)
            a->kind = SEI_ACT_KEY_DEL;
        else if (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_KP_ENTER)
            a->kind = SEI_ACT_KEY_ENTER;
        else
            return 0;
        return 1;
    default: return 0;
    }
}
