/* ui.c - the ui's life (fonts opened, state freed), the one draw that
 * hands the view to its screen, and the layout as last drawn for tests.
 *
 * Each screen is a file of its own (screen_*.c), drawn with the toolkit
 * (toolkit.c: text, shapes, buttons, message areas), the board square
 * (board_view.c) and the camera's picture (camera_view.c); ui_internal.h
 * holds what they share. Drawing remembers every button's rectangle and
 * the board's place (and the part of it shown, when zoomed), so that
 * sei_ui_event (input.c) can map a finger or a click back to what it
 * touched, and tests can check the layout as a person would meet it:
 * targets a fingertip's size, a message area that covers no button, no
 * text shrunk. The count itself arrives ready-made in the view (the rules
 * core made it); result_lines.c only words it in the chosen language, as
 * sums that hold as written. */
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
    ui_set_colour(ui, PANEL_BG);
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
    case SEI_SCREEN_PLAYERS: ui_screen_players(ui, v); break;
    case SEI_SCREEN_KEYBOARD: ui_screen_keyboard(ui, v); break;
    case SEI_SCREEN_LIST: ui_screen_list(ui, v); break;
    case SEI_SCREEN_DETAIL: ui_screen_detail(ui, v); break;
    case SEI_SCREEN_CHOICE: ui_screen_choice(ui, v); break;
    case SEI_SCREEN_STATION: ui_screen_station(ui, v); break;
    case SEI_SCREEN_DEAD:
        if (v->board)
            ui_screen_dead(ui, v);
        break;
    case SEI_SCREEN_FILL:
        if (v->board && v->score)
            ui_screen_fill(ui, v);
        break;
    }
    /* A number pad for a setting or the PIN, over the screen it was asked from. */
    if (v->pad_title) {
        ui->msg_on = 0;
        ui_screen_pad(ui, v);
    }
}

/* ---- the layout as last drawn ------------------------------------------------- */

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
    if (!ui || !ui_board_shows(ui, col, row))
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
            out[n] = ui->hits[i];
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
