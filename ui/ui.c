/* ui.c - the screens: live camera view, confirm, result, settings,
 * recording and "no camera", drawn on an 800x480 logical screen, and the
 * taps on them.
 *
 * Drawing remembers every button's rectangle and the board's place (and
 * the part of it shown, when zoomed), so sei_ui_event can map a finger or
 * a click back to what it touched, and tests can check the layout as a
 * person would meet it: targets a fingertip's size, a message area that
 * covers no button, no text shrunk. The count itself arrives ready-made
 * in the view (the rules core made it); this file only words it in the
 * chosen language, as sums that hold as written. Text, shapes, buttons
 * and message areas are the toolkit's (toolkit.c, ui_internal.h). */
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

/* ---- screens ------------------------------------------------------------------ */

static void draw_live(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = 640, fh = SEI_UI_H;
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
    else if (v->found) {
        snprintf(line, sizeof line, sei_ui_string(v->lang, SEI_S_LIVE_FOUND), v->size, v->size);
        msg = line;
    } else
        msg = sei_ui_string(v->lang, SEI_S_LIVE_SEARCHING);
    ui_fill_rect(ui, 0, 0, fw, 44, 0, 0, 0, 170);
    ui_text_draw(ui, msg, FS_BODY, v->found && !v->moving ? WHITE : YELLOW, 14, 22, ALIGN_LEFT, fw - 28);
    if (v->found && !v->moving && v->still > 0) {
        ui_fill_rect(ui, 0, fh - 8, fw, 8, 0, 0, 0, 160);
        ui_fill_rect(ui, 0, fh - 8, (int)(fw * fmin(v->still, 1.0)), 8, 40, 230, 90, 255);
    }
    /* The panel. */
    ui_fill_rect(ui, fw, 0, SEI_UI_W - fw, SEI_UI_H, 32, 36, 42, 255);
    int px = fw + 10, pw = SEI_UI_W - fw - 20;
    ui_button(ui, px, 14, pw, 96, sei_ui_string(v->lang, SEI_S_CAPTURE), SEI_BTN_CAPTURE, BTN_PRIMARY, FS_LARGE);
    if (v->editing_corners)
        ui_button(ui, px, 126, pw, 64, sei_ui_string(v->lang, SEI_S_DONE), SEI_BTN_CORNERS_DONE, BTN_PLAIN, FS_BODY);
    else
        ui_button(ui, px, 126, pw, 64, sei_ui_string(v->lang, SEI_S_FIX_CORNERS), SEI_BTN_FIX_CORNERS, BTN_PLAIN, FS_BODY);
    ui_button(ui, px, 206, pw, 64, sei_ui_string(v->lang, SEI_S_RECORD), SEI_BTN_RECORD, BTN_PLAIN, FS_BODY);
    ui_button(ui, px, SEI_UI_H - 78, pw, 64, sei_ui_string(v->lang, SEI_S_SETTINGS), SEI_BTN_SETTINGS, BTN_QUIET, FS_BODY);
    /* Messages go at the foot of the picture, where no button is. */
    ui_message_area(ui, v->status, 10, fh - 12 - TARGET, fw - 20, TARGET);
}

/* Recording: the camera's view with the grid, the last move ringed, and
 * when the board went astray the recorded position drawn over it to
 * rebuild from; the move list and what to do at the side. */
static void draw_record(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = 640;
    sei_lang L = v->lang;
    ui_draw_frame_grid(ui, v);
    if (ui->frame_on && v->found && v->size >= 2) {
        if (v->last_col >= 0) {
            double fx, fy, sx, sy;
            ui_h_apply(v->H, v->last_col, v->last_row, &fx, &fy);
            ui_frame_to_screen(ui, fx, fy, &sx, &sy);
            ui_disc(ui, sx, sy, 9, (SDL_Color){230, 40, 40, 230});
            ui_disc(ui, sx, sy, 5, (SDL_Color){255, 255, 255, 230});
        }
        if (v->rec_overlay && v->rec_board) {
            for (int y = 0; y < v->rec_board->size; y++)
                for (int x = 0; x < v->rec_board->size; x++) {
                    int c = v->rec_board->color[sei_board_point(v->rec_board, x, y)];
                    if (c != SEI_BLACK && c != SEI_WHITE)
                        continue;
                    double fx, fy, sx, sy;
                    ui_h_apply(v->H, x, y, &fx, &fy);
                    ui_frame_to_screen(ui, fx, fy, &sx, &sy);
                    ui_disc(ui, sx, sy, 8, c == SEI_BLACK ? (SDL_Color){0, 0, 0, 220} : (SDL_Color){255, 255, 255, 220});
                    ui_disc(ui, sx, sy, 3, (SDL_Color){255, 60, 60, 255});
                }
        }
    }
    char title[96];
    snprintf(title, sizeof title, sei_ui_string(L, SEI_S_REC_TITLE), v->rec_moves);
    ui_fill_rect(ui, 0, 0, fw, 44, 0, 0, 0, 170);
    ui_text_draw(ui, title, FS_BODY, WHITE, 14, 22, ALIGN_LEFT, fw - 28);
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
    ui_fill_rect(ui, fw, 0, SEI_UI_W - fw, SEI_UI_H, 32, 36, 42, 255);
    int px = fw + 10, pw = SEI_UI_W - fw - 20, y = 24;
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


static void draw_pad(sei_ui *ui, const sei_ui_view *v);

/* The panel beside a board: rows TARGET high, 60 apart from y 48, and the
 * two buttons at the foot; six rows (territory rules' prisoners) fill it. */
#define PANEL_ROW0 48
#define PANEL_ROW 60
#define PANEL_FOOT (SEI_UI_H - TARGET - 8)

static void draw_confirm(sei_ui *ui, const sei_ui_view *v)
{
    ui_draw_board(ui, 0, 0, SEI_UI_H, v->board, v->dead, v->check, NULL, v->zoom_col, v->zoom_row, v->zoom_span);
    int px = SEI_UI_H + 10, pw = SEI_UI_W - SEI_UI_H - 20;
    ui_fill_rect(ui, SEI_UI_H, 0, SEI_UI_W - SEI_UI_H, SEI_UI_H, 32, 36, 42, 255);
    /* Zoomed, the title says what the next tap does. */
    ui_panel_head(ui, v, px, pw, sei_ui_string(v->lang, v->zoom_span > 0 ? SEI_S_ZOOM_HINT : SEI_S_CONFIRM_TITLE));
    const sei_rules *r = v->rules;
    char num[32], val[64];
    int y = PANEL_ROW0;
    ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_RULES), sei_ui_rules_name(v->lang, r->name), SEI_BTN_RULES_PREV,
            "◀", SEI_BTN_RULES_NEXT, "▶", SEI_BTN_NONE);
    y += PANEL_ROW;
    ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_KOMI), sei_score_number(r->komi, num, sizeof num),
            SEI_BTN_KOMI_DOWN, "−", SEI_BTN_KOMI_UP, "+", SEI_BTN_NONE);
    y += PANEL_ROW;
    snprintf(val, sizeof val, "%d", v->handicap);
    ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_HANDICAP), val, SEI_BTN_HCAP_DOWN, "−", SEI_BTN_HCAP_UP, "+",
            SEI_BTN_NONE);
    y += PANEL_ROW;
    if (v->resigned_winner == SEI_BLACK || v->resigned_winner == SEI_WHITE) {
        /* Won by resignation: nothing to count. Agreed stores it; Count
         * is there for a gesture misread. */
        snprintf(val, sizeof val, sei_ui_string(v->lang, SEI_S_WINS_BY_RESIGNATION),
                 sei_ui_string(v->lang, v->resigned_winner == SEI_WHITE ? SEI_S_WHITE : SEI_S_BLACK));
        ui_text_wrap(ui, val, FS_LARGE, YELLOW, px, y + 8, pw);
        ui_button(ui, px, PANEL_FOOT - TARGET - 8, pw, TARGET, sei_ui_string(v->lang, SEI_S_COUNT), SEI_BTN_COUNT,
               BTN_PLAIN, FS_BODY);
        ui_button(ui, px, PANEL_FOOT, 120, TARGET, sei_ui_string(v->lang, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
        ui_button(ui, px + 130, PANEL_FOOT, pw - 130, TARGET, sei_ui_string(v->lang, SEI_S_AGREED), SEI_BTN_AGREED,
               BTN_PRIMARY, FS_LARGE);
        return;
    }
    if (r->scoring == SEI_SCORING_TERRITORY) {
        int by_last = v->prisoners.source == SEI_PRISONERS_LAST;
        ui_chooser(ui, px, y, pw, 168, sei_ui_string(v->lang, SEI_S_PRISONERS),
                sei_ui_string(v->lang, by_last ? SEI_S_BY_LAST : SEI_S_BY_COUNT), SEI_BTN_PRIS_MODE);
        y += PANEL_ROW;
        if (by_last) {
            ui_chooser(ui, px, y, pw, 168, sei_ui_string(v->lang, SEI_S_LAST_MOVE),
                    sei_ui_string(v->lang, v->prisoners.last == SEI_WHITE ? SEI_S_WHITE : SEI_S_BLACK), SEI_BTN_LAST);
            y += PANEL_ROW;
        } else {
            snprintf(val, sizeof val, "%d", v->prisoners.black);
            ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_CAPTURED_BY_B), val, SEI_BTN_PRIS_B_DOWN, "−",
                    SEI_BTN_PRIS_B_UP, "+", SEI_BTN_PRIS_B_PAD);
            y += PANEL_ROW;
            snprintf(val, sizeof val, "%d", v->prisoners.white);
            ui_stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_CAPTURED_BY_W), val, SEI_BTN_PRIS_W_DOWN, "−",
                    SEI_BTN_PRIS_W_UP, "+", SEI_BTN_PRIS_W_PAD);
            y += PANEL_ROW;
        }
    }
    int hint_y = y + 4;
    int checks = 0;
    for (int p = 0; v->check && p < SEI_MAX_POINTS; p++)
        checks += v->check[p];
    /* The camera's doubts come before the how-to: they need a person. */
    if (hint_y < PANEL_FOOT - 60 && (checks || v->check_board))
        ui_text_wrap(ui, sei_ui_string(v->lang, v->check_board ? SEI_S_CHECK_BOARD : SEI_S_CHECK_POINTS), FS_SMALL,
                  (SDL_Color){255, 160, 40, 255}, px, hint_y, pw);
    else if (hint_y < PANEL_FOOT - 60)
        ui_text_wrap(ui, sei_ui_string(v->lang, SEI_S_CONFIRM_HINT), FS_SMALL, DIM, px, hint_y, pw);
    ui_button(ui, px, PANEL_FOOT, 120, TARGET, sei_ui_string(v->lang, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    ui_button(ui, px + 130, PANEL_FOOT, pw - 130, TARGET, sei_ui_string(v->lang, SEI_S_COUNT), SEI_BTN_COUNT,
           BTN_PRIMARY, FS_LARGE);
    if (v->pad_for == SEI_BLACK || v->pad_for == SEI_WHITE)
        draw_pad(ui, v);
}

/* The number pad for a prisoner count, over the whole screen: 30
 * prisoners are two taps, not thirty. Modal: only its keys answer while
 * it is open, and the board under it takes no taps. */
static void draw_pad(sei_ui *ui, const sei_ui_view *v)
{
    ui->nhits = 0;
    ui->board_on = 0;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 0, 0, 0, 150);
    const int x0 = 24, y0 = 8, w = 432, h = 464;
    ui_fill_rect(ui, x0, y0, w, h, 32, 36, 42, 255);
    ui_set_colour(ui, 120, 132, 148, 255);
    SDL_Rect rc = {x0, y0, w, h};
    SDL_RenderDrawRect(ui->r, &rc);
    char title[160], num[16];
    snprintf(title, sizeof title, "%s · %s", sei_ui_string(v->lang, SEI_S_PRISONERS),
             sei_ui_string(v->lang, v->pad_for == SEI_WHITE ? SEI_S_CAPTURED_BY_W : SEI_S_CAPTURED_BY_B));
    ui_text_draw(ui, title, FS_BODY, DIM, x0 + 16, y0 + 26, ALIGN_LEFT, w - 32);
    snprintf(num, sizeof num, "%d", v->pad_value);
    ui_fill_rect(ui, x0 + 16, y0 + 50, w - 32, 54, 20, 22, 26, 255);
    ui_text_draw(ui, num, FS_LARGE, YELLOW, x0 + w - 32, y0 + 77, ALIGN_RIGHT, w - 48);
    /* 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 OK: keys of 128x80 px, well over a fingertip. */
    const int kw = 128, kh = 80, gap = 8, kx = x0 + 16, ky = y0 + 116;
    for (int k = 0; k < 12; k++) {
        int r = k / 3, c = k % 3;
        sei_ui_button id;
        char label[64];
        btn_style style = BTN_PLAIN;
        if (k < 9) {
            id = (sei_ui_button)(SEI_BTN_PAD_1 + k);
            snprintf(label, sizeof label, "%d", k + 1);
        } else if (k == 9) {
            id = SEI_BTN_PAD_DEL;
            snprintf(label, sizeof label, "⌫");
            style = BTN_QUIET;
        } else if (k == 10) {
            id = SEI_BTN_PAD_0;
            snprintf(label, sizeof label, "0");
        } else {
            id = SEI_BTN_PAD_OK;
            snprintf(label, sizeof label, "%s", sei_ui_string(v->lang, SEI_S_DONE));
            style = BTN_PRIMARY;
        }
        ui_button(ui, kx + c * (kw + gap), ky + r * (kh + gap), kw, kh, label, id, style, FS_LARGE);
    }
}

/* ---- the count in words ---------------------------------------------------------- */

/* A sum being written: its arithmetic ("45 + 46") and, term by term in
 * the same order, the words for it ("stones + territory"). */
typedef struct {
    sei_lang L;
    int stones;              /* numbers as the Chinese count says them (¼, ½, ¾) */
    char num[SEI_UI_LINE_MAX], words[SEI_UI_LINE_MAX];
    int terms;
} sum_text;

/* A number as the sum writes it: the minus sign a typesetter uses. */
static const char *num_text(const sum_text *t, double v, char *buf, size_t n)
{
    char tmp[32];
    const char *digits = t->stones ? sei_score_stones(fabs(v), tmp, sizeof tmp) : sei_score_number(fabs(v), tmp, sizeof tmp);
    snprintf(buf, n, "%s%s", v < 0 ? "−" : "", digits);
    return buf;
}

/* Append "+ v" (or "− |v|") and its word; the first term takes no sign. */
static void sum_term(sum_text *t, double v, sei_str word)
{
    char n[32];
    size_t a = strlen(t->num), b = strlen(t->words);
    const char *sign = !t->terms ? "" : v < 0 ? " − " : " + ";
    if (t->terms)
        v = fabs(v);
    snprintf(t->num + a, sizeof t->num - a, "%s%s", sign, num_text(t, v, n, sizeof n));
    snprintf(t->words + b, sizeof t->words - b, "%s%s", sign, sei_ui_string(t->L, word));
    t->terms++;
}

static int line_add(sei_ui_line *out, int k, int max, sei_ui_line_kind kind, const char *text)
{
    if (k < max) {
        out[k].kind = kind;
        size_t l = strlen(text);
        if (l >= sizeof out[k].text)
            l = sizeof out[k].text - 1; /* never: lines are far shorter */
        memcpy(out[k].text, text, l);
        out[k].text[l] = 0;
    }
    return k + 1;
}

/* "who: arithmetic = total" and the terms' words under it. */
static int sum_lines(sei_ui_line *out, int k, int max, const sum_text *t, const char *who, double total)
{
    char n[32], arith[SEI_UI_LINE_MAX + 40], line[SEI_UI_LINE_MAX + 80];
    snprintf(arith, sizeof arith, "%s = %s", t->num, num_text(t, total, n, sizeof n));
    snprintf(line, sizeof line, sei_ui_string(t->L, SEI_S_SUM_LINE), who, arith);
    k = line_add(out, k, max, SEI_UI_LINE_SUM, line);
    return line_add(out, k, max, SEI_UI_LINE_TERMS, t->words);
}

int sei_ui_result_lines(sei_lang L, const sei_score *s, sei_ui_line *out, int max)
{
    if (!s || !out)
        return 0;
    const sei_rules *r = &s->rules;
    char line[SEI_UI_LINE_MAX + 80], n1[32], n2[32];
    const char *name[3] = {"", sei_ui_string(L, SEI_S_BLACK), sei_ui_string(L, SEI_S_WHITE)};
    const char *who = name[s->winner == SEI_WHITE ? SEI_WHITE : SEI_BLACK];
    int k = 0;
    double m = fabs(s->margin);
    if (s->winner == SEI_EMPTY)
        snprintf(line, sizeof line, "%s", sei_ui_string(L, SEI_S_JIGO));
    else if (r->stones_form)
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_WINS_BY_STONES), who,
                 sei_score_stones(fabs(s->margin_stones), n1, sizeof n1));
    else
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_WINS_BY_POINTS), who, sei_score_number(m, n1, sizeof n1));
    k = line_add(out, k, max, SEI_UI_LINE_HEAD, line);
    if (r->stones_form) {
        if (s->winner != SEI_EMPTY) {
            snprintf(line, sizeof line, sei_ui_string(L, SEI_S_WINS_BY_POINTS), who, sei_score_number(m, n1, sizeof n1));
            k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
        }
        /* Chinese practice: Black's area, with the shared points split
         * half each, against half the board plus half of komi. */
        sum_text t = {L, 1, "", "", 0};
        sum_term(&t, s->side[SEI_BLACK].stones, SEI_S_TERM_STONES);
        sum_term(&t, s->side[SEI_BLACK].territory, SEI_S_TERM_TERRITORY);
        if (s->dame) {
            size_t a = strlen(t.num), b = strlen(t.words);
            snprintf(t.num + a, sizeof t.num - a, " + %d ÷ 2", s->dame);
            snprintf(t.words + b, sizeof t.words - b, " + %s ÷ 2", sei_ui_string(L, SEI_S_TERM_SHARED));
        }
        k = sum_lines(out, k, max, &t, sei_ui_string(L, SEI_S_CN_BLACK_COUNT), s->black_count);
        sum_text need = {L, 1, "(", "(", 0};
        sum_term(&need, s->size * s->size, SEI_S_TERM_POINTS);
        if (r->komi)
            sum_term(&need, r->komi, SEI_S_TERM_KOMI);
        if (s->bonus)
            sum_term(&need, s->bonus, SEI_S_TERM_HANDICAP);
        if (r->penalty[SEI_BLACK] || r->penalty[SEI_WHITE])
            sum_term(&need, r->penalty[SEI_BLACK] - r->penalty[SEI_WHITE], SEI_S_TERM_PENALTY);
        strcat(need.num, ") ÷ 2");
        strcat(need.words, ") ÷ 2");
        char words[SEI_UI_LINE_MAX];
        snprintf(words, sizeof words, sei_ui_string(L, SEI_S_CN_NEEDS_TERMS), need.words);
        snprintf(need.words, sizeof need.words, "%s", words);
        k = sum_lines(out, k, max, &need, sei_ui_string(L, SEI_S_CN_NEEDS), s->black_needs);
        char arith[SEI_UI_LINE_MAX];
        num_text(&t, s->black_count, n1, sizeof n1);
        num_text(&t, s->black_needs, n2, sizeof n2);
        char n3[32];
        num_text(&t, s->margin_stones, n3, sizeof n3);
        snprintf(arith, sizeof arith, "%s − %s = %s", n1, n2, n3);
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_SUM_LINE), sei_ui_string(L, SEI_S_MARGIN), arith);
        return line_add(out, k, max, SEI_UI_LINE_SUM, line);
    }
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        const sei_side *sd = &s->side[c];
        sum_text t = {L, 0, "", "", 0};
        if (r->scoring == SEI_SCORING_TERRITORY) {
            sum_term(&t, sd->territory, SEI_S_TERM_TERRITORY);
            if (sd->false_eyes)
                sum_term(&t, -sd->false_eyes, SEI_S_TERM_FALSE_EYES);
            /* Prisoners as players count them: captured in play plus the
             * other side's dead stones lifted at the end. */
            sum_term(&t, sd->prisoners + s->side[sei_color_other(c)].dead, SEI_S_TERM_PRISONERS);
        } else {
            sum_term(&t, sd->stones, SEI_S_TERM_STONES);
            sum_term(&t, sd->territory, SEI_S_TERM_TERRITORY);
        }
        if (sd->seki_eyes && !r->seki_eyes_score)
            sum_term(&t, -sd->seki_eyes, SEI_S_TERM_SEKI);
        if (c == SEI_WHITE && r->komi)
            sum_term(&t, r->komi, SEI_S_TERM_KOMI);
        if (c == SEI_WHITE && s->bonus)
            sum_term(&t, s->bonus, SEI_S_TERM_HANDICAP);
        if (sd->penalty)
            sum_term(&t, -sd->penalty, SEI_S_TERM_PENALTY);
        k = sum_lines(out, k, max, &t, name[c], sd->score);
    }
    /* The winner's total less the loser's. */
    int hi = s->margin < 0 ? SEI_WHITE : SEI_BLACK;
    char arith[SEI_UI_LINE_MAX], n3[32];
    const sum_text pts = {L, 0, "", "", 0};
    snprintf(arith, sizeof arith, "%s − %s = %s", num_text(&pts, s->side[hi].score, n1, sizeof n1),
             num_text(&pts, s->side[sei_color_other(hi)].score, n2, sizeof n2), num_text(&pts, m, n3, sizeof n3));
    snprintf(line, sizeof line, sei_ui_string(L, SEI_S_SUM_LINE), sei_ui_string(L, SEI_S_MARGIN), arith);
    k = line_add(out, k, max, SEI_UI_LINE_SUM, line);
    if (r->fill_check) {
        /* Ing: each bowl fills its side's area (White's komi stones go
         * into Black's); what is left, or missing (negative), in each. */
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
            sum_text t = {L, 0, "", "", 0};
            sum_term(&t, s->fill_bowl, SEI_S_TERM_BOWL);
            sum_term(&t, -(s->side[c].stones + s->side[c].territory), SEI_S_TERM_AREA);
            if (s->fill_komi_stones)
                sum_term(&t, c == SEI_BLACK ? s->fill_komi_stones : -s->fill_komi_stones, SEI_S_TERM_KOMI_STONES);
            char bowl[64];
            snprintf(bowl, sizeof bowl, sei_ui_string(L, SEI_S_ING_BOWL), name[c]);
            k = sum_lines(out, k, max, &t, bowl, s->fill_spare[c]);
        }
        /* The fuller bowl lost: White's spares less Black's is Black's lead. */
        int sw = s->fill_spare[SEI_WHITE], sb = s->fill_spare[SEI_BLACK];
        char b1[40];
        snprintf(b1, sizeof b1, sb < 0 ? "(−%d)" : "%d", abs(sb));
        snprintf(arith, sizeof arith, "%s%d − %s = %s%d", sw < 0 ? "−" : "", abs(sw), b1, sw - sb < 0 ? "−" : "",
                 abs(sw - sb));
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_SUM_LINE), sei_ui_string(L, SEI_S_MARGIN), arith);
        k = line_add(out, k, max, SEI_UI_LINE_SUM, line);
        k = line_add(out, k, max, SEI_UI_LINE_TERMS, sei_ui_string(L, SEI_S_ING_MARGIN_TERMS));
    }
    return k;
}

/* The count as the rule set states it, over the board with its
 * territory: every line on one line of its own, none shrunk. */
static void draw_result(sei_ui *ui, const sei_ui_view *v)
{
    const sei_score *s = v->score;
    ui_draw_board(ui, 0, 0, SEI_UI_H, v->board, v->dead, NULL, s, 0, 0, 0);
    int px = SEI_UI_H + 10, pw = SEI_UI_W - SEI_UI_H - 20;
    ui_fill_rect(ui, SEI_UI_H, 0, SEI_UI_W - SEI_UI_H, SEI_UI_H, 32, 36, 42, 255);
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
            ui_text_draw(ui, lines[i].text, FS_SMALL, lines[i].kind == SEI_UI_LINE_TERMS ? DIM : WHITE, px, y + skip / 2,
                      ALIGN_LEFT, pw);
        y += skip;
    }
    ui_button(ui, px, agreed_y, pw, TARGET, sei_ui_string(L, SEI_S_AGREED), SEI_BTN_AGREED, BTN_PRIMARY, FS_LARGE);
    ui_button(ui, px, PANEL_FOOT, 110, TARGET, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    ui_button(ui, px + 120, PANEL_FOOT, pw - 120, TARGET, sei_ui_string(L, SEI_S_RESUME), SEI_BTN_RESUME, BTN_PLAIN,
           FS_BODY);
}

static void draw_settings(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    const sei_ui_settings *s = &v->settings;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 32, 36, 42, 255);
    ui_text_draw_fit(ui, sei_ui_string(L, SEI_S_SETTINGS_TITLE), FS_LARGE, WHITE, 40, 36, ALIGN_LEFT, 180);
    char num[32], size[32];
    int x = 40, w = SEI_UI_W - 80, y = 70;
    ui_stepper(ui, x, y, w, sei_ui_string(L, SEI_S_DEFAULT_RULES), sei_ui_rules_name(L, s->rules), SEI_BTN_RULES_PREV, "◀",
            SEI_BTN_RULES_NEXT, "▶", SEI_BTN_NONE);
    y += 64;
    ui_stepper(ui, x, y, w, sei_ui_string(L, SEI_S_KOMI), sei_score_number(s->komi, num, sizeof num), SEI_BTN_KOMI_DOWN, "−",
            SEI_BTN_KOMI_UP, "+", SEI_BTN_NONE);
    y += 64;
    if (s->size)
        snprintf(size, sizeof size, "%d×%d", s->size, s->size);
    else
        snprintf(size, sizeof size, "%s", sei_ui_string(L, SEI_S_AUTO));
    ui_chooser(ui, x, y, w, 240, sei_ui_string(L, SEI_S_BOARD_SIZE), size, SEI_BTN_SIZE);
    y += 64;
    ui_chooser(ui, x, y, w, 240, sei_ui_string(L, SEI_S_LANGUAGE), sei_ui_string(L, SEI_S_LANG_NAME), SEI_BTN_LANG);
    y += 64;
    ui_chooser(ui, x, y, w, 400, sei_ui_string(L, SEI_S_CAMERA), s->camera, SEI_BTN_CAMERA);
    ui_button(ui, x, SEI_UI_H - 70, 200, 60, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_PRIMARY, FS_BODY);
    ui_button(ui, x + w - 320, SEI_UI_H - 70, 320, 60, sei_ui_string(L, SEI_S_EXPORT), SEI_BTN_EXPORT, BTN_PLAIN, FS_BODY);
    /* Messages (where an export went) beside the title, above every row. */
    ui_message_area(ui, v->status, 230, 6, SEI_UI_W - 230 - 40, TARGET);
}

static void draw_nocamera(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    ui_fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 32, 36, 42, 255);
    ui_text_draw(ui, sei_ui_string(L, SEI_S_NOCAM_TITLE), FS_LARGE, YELLOW, SEI_UI_W / 2, 70, ALIGN_CENTRE, 700);
    int y = 110;
    if (v->message)
        y = ui_text_wrap(ui, v->message, FS_SMALL, DIM, 80, y, SEI_UI_W - 160);
    ui_text_wrap(ui, sei_ui_string(L, SEI_S_NOCAM_HINT), FS_BODY, WHITE, 80, y + 16, SEI_UI_W - 160);
    int bw = 260, gap = 40, total = v->have_sample ? 2 * bw + gap : bw, x = (SEI_UI_W - total) / 2;
    ui_button(ui, x, 290, bw, 80, sei_ui_string(L, SEI_S_RETRY), SEI_BTN_RETRY, BTN_PLAIN, FS_LARGE);
    if (v->have_sample)
        ui_button(ui, x + bw + gap, 290, bw, 80, sei_ui_string(L, SEI_S_SAMPLE), SEI_BTN_SAMPLE, BTN_PRIMARY, FS_LARGE);
    ui_button(ui, SEI_UI_W - 200, SEI_UI_H - 76, 180, 60, sei_ui_string(L, SEI_S_SETTINGS), SEI_BTN_SETTINGS, BTN_QUIET,
           FS_BODY);
    /* Messages at the foot, beside Settings. */
    ui_message_area(ui, v->status, 20, SEI_UI_H - 76, SEI_UI_W - 240, TARGET);
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
    case SEI_SCREEN_LIVE: draw_live(ui, v); break;
    case SEI_SCREEN_CONFIRM:
        if (v->board && v->rules)
            draw_confirm(ui, v);
        break;
    case SEI_SCREEN_RESULT:
        if (v->board && v->score)
            draw_result(ui, v);
        break;
    case SEI_SCREEN_SETTINGS: draw_settings(ui, v); break;
    case SEI_SCREEN_NOCAMERA: draw_nocamera(ui, v); break;
    case SEI_SCREEN_RECORD: draw_record(ui, v); break;
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

