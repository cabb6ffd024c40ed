/* ui.c - the ui's life (fonts opened, state freed), the one draw that
 * hands the view to its screen (screen_*.c), the taps on what it drew,
 * and the layout as last drawn for tests.
 *
 * Drawing remembers every button's rectangle and the board's place (and
 * the part of it shown, when zoomed), so sei_ui_event can map a finger or
 * a click back to what it touched, and tests can check the layout as a
 * person would meet it: targets a fingertip's size, a message area that
 * covers no button, no text shrunk. The count itself arrives ready-made
 * in the view (the rules core made it); result_lines.c only words it in
 * the chosen language, as sums that hold as written. Text, shapes,
 * buttons and message areas are the toolkit's (toolkit.c, ui_internal.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

void sei_ui_params_default(sei_ui_params *p)
{
    memset(p, 0, sizeof *p);
    p->text_size = 22;
    p->finger_px = 47;
}

static const char *first_existing(const char *const *paths)
{
    for (int i = 0; paths[i]; i++) {
        FILE *f = fopen(paths[i], "rb");
        if (f) {
            fclose(f);
            return paths[i];
        }
    }
    return NULL;
}

sei_ui *sei_ui_create(SDL_Renderer *r, SDL_Window *w, const sei_ui_params *p, char *err, size_t n)
{
    static const char *const latin_paths[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                              "/usr/share/fonts/TTF/DejaVuSans.ttf", NULL};
    /* WenQuanYi Micro Hei covers Chinese, Japanese kana and Korean hangul
     * in 5 MB (Droid Sans Fallback lacks hangul); Noto CJK does too where
     * it is installed. */
    static const char *const cjk_paths[] = {"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
                                            "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", NULL};
    sei_ui_params def;
    if (!p) {
        sei_ui_params_default(&def);
        p = &def;
    }
    if (!r) {
        snprintf(err, n, "no renderer");
        return NULL;
    }
    const char *lp = p->font_latin ? p->font_latin : first_existing(latin_paths);
    const char *cp = p->font_cjk ? p->font_cjk : first_existing(cjk_paths);
    if (!lp || !cp) {
        snprintf(err, n, "no %s font found (install Debian's %s)", !lp ? "Latin" : "CJK",
                 !lp ? "fonts-dejavu-core" : "fonts-wqy-microhei");
        return NULL;
    }
    sei_ui *ui = calloc(1, sizeof *ui);
    if (!ui) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    ui->r = r;
    ui->win = w;
    ui->finger_px = p->finger_px > 0 ? p->finger_px : 47;
    int base = p->text_size > 8 ? p->text_size : 22;
    const int sizes[FONT_SIZES] = {base * 8 / 11, base, base * 15 / 11};
    for (int i = 0; i < FONT_SIZES; i++) {
        ui->latin[i] = TTF_OpenFont(lp, sizes[i]);
        ui->cjk[i] = TTF_OpenFont(cp, sizes[i]);
        if (!ui->latin[i] || !ui->cjk[i]) {
            snprintf(err, n, "cannot open font %s: %s", !ui->latin[i] ? lp : cp, TTF_GetError());
            sei_ui_destroy(ui);
            return NULL;
        }
    }
    if (w)
        SDL_RenderSetLogicalSize(r, SEI_UI_W, SEI_UI_H);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    return ui;
}

void sei_ui_destroy(sei_ui *ui)
{
    if (!ui)
        return;
    for (int i = 0; i < FONT_SIZES; i++) {
        if (ui->latin[i])
            TTF_CloseFont(ui->latin[i]);
        if (ui->cjk[i])
            TTF_CloseFont(ui->cjk[i]);
    }
    for (int i = 0; i < TEXT_CACHE; i++) {
        free(ui->cache[i].text);
        if (ui->cache[i].tex)
            SDL_DestroyTexture(ui->cache[i].tex);
    }
    if (ui->frame_tex)
        SDL_DestroyTexture(ui->frame_tex);
    free(ui->grey_rgb);
    free(ui);
}

void sei_ui_draw(sei_ui *ui, const sei_ui_view *v)
{
    if (!ui || !v)
        return;
    ui->nhits = 0;
    ui->board_on = ui->frame_on = ui->corners_on = 0;
    ui->msg_on = 0;
    ui->fit_min = 1;
    ui->fit_worst[0] = 0;
    ui_set_colour(ui, 32, 36, 42, 255);
    SDL_RenderClear(ui->r);
    switch (v->screen) {
    case SEI_SCREEN_LIVE: ui_screen_live(ui, v); break;
    case SEI_SCREEN_CONFIRM:
        if (v->board && v->rules)
            ui_screen_confirm(ui, v);
        break;
    case SEI_SCREEN_RESULT:
        if (v->board && v->score)
            ui_screen_result(ui, v);
        break;
    case SEI_SCREEN_SETTINGS: ui_screen_settings(ui, v); break;
    case SEI_SCREEN_NOCAMERA: ui_screen_nocamera(ui, v); break;
    case SEI_SCREEN_RECORD: ui_screen_record(ui, v); break;
    }
}

/* ---- input -------------------------------------------------------------------- */

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
    if (c < ui->bc0 || r < ui->br0 || c >= ui->bc0 + ui->bshown || r >= ui->br0 + ui->bshown || c >= ui->bsize ||
        r >= ui->bsize || fabs(u - c) > 0.48 || fabs(v - r) > 0.48)
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
    default: return 0;
    }
}

int sei_ui_button_centre(const sei_ui *ui, sei_ui_button b, int *x, int *y)
{
    for (int i = 0; ui && i < ui->nhits; i++)
        if (ui->hits[i].id == b) {
            *x = ui->hits[i].r.x + ui->hits[i].r.w / 2;
            *y = ui->hits[i].r.y + ui->hits[i].r.h / 2;
            return 0;
        }
    return -1;
}

int sei_ui_point_centre(const sei_ui *ui, int col, int row, int *x, int *y)
{
    if (!ui || !ui->board_on || col < ui->bc0 || row < ui->br0 || col >= ui->bc0 + ui->bshown ||
        row >= ui->br0 + ui->bshown || col >= ui->bsize || row >= ui->bsize)
        return -1;
    *x = (int)lround(ui->bx + col * ui->cell);
    *y = (int)lround(ui->by + row * ui->cell);
    return 0;
}

int sei_ui_zoom_window(const sei_ui *ui, int size, int col, int row, int *col0, int *row0, int *span)
{
    if (!ui || !ui->board_on || ui->bside <= 0 || ui->cell >= ui->finger_px || size < 2)
        return 0;
    /* Points a fingertip apart with half a cell of margin at each side. */
    int k = ui->bside / ui->finger_px;
    if (k < 2)
        k = 2;
    if (k >= size)
        return 0;
    int c = col - k / 2, r = row - k / 2;
    c = c < 0 ? 0 : c > size - k ? size - k : c;
    r = r < 0 ? 0 : r > size - k ? size - k : r;
    *col0 = c;
    *row0 = r;
    *span = k;
    return 1;
}

int sei_ui_targets(const sei_ui *ui, sei_ui_target *out, int max)
{
    if (!ui)
        return 0;
    int n = 0;
    for (int i = 0; i < ui->nhits; i++, n++)
        if (n < max)
            out[n] = (sei_ui_target){ui->hits[i].r, ui->hits[i].id, -1};
    for (int i = 0; ui->corners_on && i < 4; i++, n++)
        if (n < max) {
            int rad = (int)HANDLE_R;
            out[n] = (sei_ui_target){{(int)lround(ui->corner_xy[i][0]) - rad, (int)lround(ui->corner_xy[i][1]) - rad,
                                      2 * rad, 2 * rad},
                                     SEI_BTN_NONE,
                                     i};
        }
    return n;
}

int sei_ui_message_rect(const sei_ui *ui, SDL_Rect *r, int *fits)
{
    if (!ui || !ui->msg_on)
        return 0;
    if (r)
        *r = ui->msg_rect;
    if (fits)
        *fits = ui->msg_fits;
    return 1;
}

double sei_ui_text_fit(const sei_ui *ui, char *worst, size_t n)
{
    if (!ui)
        return 0;
    if (worst && n)
        snprintf(worst, n, "%s", ui->fit_worst);
    return ui->fit_min;
}


