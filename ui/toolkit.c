/* toolkit.c - what every screen draws with: text in the Latin or the CJK
 * font character by character (runs, a texture cache, wrapping, fitting),
 * plain shapes, buttons and the rows built of them (steppers, choosers),
 * and the message area each screen keeps clear of its buttons. Each part
 * draws on the ui's renderer and remembers what the tests look at: the
 * buttons for taps, text shrunk, where the message went. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

/* ---- text --------------------------------------------------------------------- */

/* The next UTF-8 character of s at *i, advancing *i; invalid bytes read as
 * themselves so a bad string still advances. */
static Uint32 utf8_next(const char *s, size_t *i)
{
    const unsigned char *u = (const unsigned char *)s + *i;
    int len = u[0] < 0x80 ? 1 : (u[0] >> 5) == 6 ? 2 : (u[0] >> 4) == 14 ? 3 : (u[0] >> 3) == 30 ? 4 : 1;
    for (int k = 1; k < len; k++)
        if ((u[k] & 0xC0) != 0x80)
            len = 1;
    Uint32 c = len == 1 ? u[0] : len == 2 ? u[0] & 0x1F : len == 3 ? u[0] & 0x0F : u[0] & 0x07;
    for (int k = 1; k < len; k++)
        c = (c << 6) | (u[k] & 0x3F);
    *i += (size_t)len;
    return c;
}

/* Which font draws character c: the Latin one when it has the glyph. */
static TTF_Font *font_for(sei_ui *ui, int size, Uint32 c)
{
    return TTF_GlyphIsProvided32(ui->latin[size], c) || !TTF_GlyphIsProvided32(ui->cjk[size], c) ? ui->latin[size]
                                                                                                 : ui->cjk[size];
}

/* The run of text from *i on that one font draws (Latin or CJK, each
 * character in the font that has it), copied into run (room for the whole
 * text) and *i moved past it; returns the font. */
static TTF_Font *next_run(sei_ui *ui, int size, const char *text, size_t len, size_t *i, char *run)
{
    size_t start = *i;
    TTF_Font *f = font_for(ui, size, utf8_next(text, i));
    while (*i < len) {
        size_t j = *i;
        if (font_for(ui, size, utf8_next(text, &j)) != f)
            break;
        *i = j;
    }
    memcpy(run, text + start, *i - start);
    run[*i - start] = 0;
    return f;
}

/* Render text to a texture, run by run of the font that has each
 * character, onto one surface. */
static SDL_Texture *text_texture(sei_ui *ui, const char *text, int size, SDL_Color c, int *w, int *h)
{
    size_t len = strlen(text);
    char *run = malloc(len + 1);
    if (!run)
        return NULL;
    SDL_Surface *parts[64];
    int np = 0, total = 0, height = TTF_FontHeight(ui->latin[size]);
    if (TTF_FontHeight(ui->cjk[size]) > height)
        height = TTF_FontHeight(ui->cjk[size]);
    size_t i = 0;
    while (i < len && np < 64) {
        TTF_Font *f = next_run(ui, size, text, len, &i, run);
        SDL_Surface *s = TTF_RenderUTF8_Blended(f, run, c);
        if (s) {
            parts[np++] = s;
            total += s->w;
        }
    }
    free(run);
    if (!np || total == 0) {
        for (int k = 0; k < np; k++)
            SDL_FreeSurface(parts[k]);
        return NULL;
    }
    SDL_Surface *all = SDL_CreateRGBSurfaceWithFormat(0, total, height, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Texture *t = NULL;
    if (all) {
        SDL_FillRect(all, NULL, SDL_MapRGBA(all->format, c.r, c.g, c.b, 0));
        int x = 0;
        for (int k = 0; k < np; k++) {
            /* Baselines differ between the two fonts; align their centres. */
            SDL_Rect d = {x, (height - parts[k]->h) / 2, parts[k]->w, parts[k]->h};
            SDL_SetSurfaceBlendMode(parts[k], SDL_BLENDMODE_NONE);
            SDL_BlitSurface(parts[k], NULL, all, &d);
            x += parts[k]->w;
        }
        t = SDL_CreateTextureFromSurface(ui->r, all);
        SDL_FreeSurface(all);
    }
    for (int k = 0; k < np; k++)
        SDL_FreeSurface(parts[k]);
    if (t) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        *w = total;
        *h = height;
    }
    return t;
}

/* A texture for text from the cache, made on a miss (the least recently
 * used entry goes). The cache owns it. */
static cached_text *text_get(sei_ui *ui, const char *text, int size, SDL_Color c)
{
    int free_slot = -1, oldest = 0;
    for (int i = 0; i < TEXT_CACHE; i++) {
        cached_text *e = &ui->cache[i];
        if (!e->text) {
            if (free_slot < 0)
                free_slot = i;
            continue;
        }
        if (e->size == size && e->c.r == c.r && e->c.g == c.g && e->c.b == c.b && e->c.a == c.a &&
            !strcmp(e->text, text)) {
            e->used = ++ui->clock;
            return e;
        }
        if (e->used < ui->cache[oldest].used || !ui->cache[oldest].text)
            oldest = i;
    }
    int slot = free_slot >= 0 ? free_slot : oldest;
    cached_text *e = &ui->cache[slot];
    int w = 0, h = 0;
    SDL_Texture *t = text_texture(ui, text, size, c, &w, &h);
    char *copy = t ? strdup(text) : NULL;
    if (!t || !copy) {
        if (t)
            SDL_DestroyTexture(t);
        return NULL;
    }
    free(e->text);
    if (e->tex)
        SDL_DestroyTexture(e->tex);
    *e = (cached_text){copy, size, c, t, w, h, ++ui->clock};
    return e;
}

/* The width of text as text_texture draws it, measured run by run of the
 * font that has each character, without drawing it. */
int ui_text_width(sei_ui *ui, const char *text, int size)
{
    size_t len = strlen(text), i = 0;
    char *run = len ? malloc(len + 1) : NULL;
    int total = 0;
    if (!run)
        return 0;
    while (i < len) {
        TTF_Font *f = next_run(ui, size, text, len, &i, run);
        int w = 0, h = 0;
        if (TTF_SizeUTF8(f, run, &w, &h) == 0)
            total += w;
    }
    free(run);
    return total;
}

int sei_ui_text_width(sei_ui *ui, const char *text, sei_ui_text size)
{
    if (!ui || !text || (int)size < 0 || size > SEI_UI_TEXT_LARGE)
        return 0;
    return ui_text_width(ui, text, (int)size);
}

/* Note that text was drawn at scale k of its size (k < 1: shrunk to fit,
 * which the screens avoid: the tests look at the smallest). */
void ui_fit_note(sei_ui *ui, const char *text, double k)
{
    if (k < ui->fit_min) {
        ui->fit_min = k;
        snprintf(ui->fit_worst, sizeof ui->fit_worst, "%s", text);
    }
}

/* Draw one line of text with its left, centre or right at x and its
 * vertical centre at cy; shrinks it to max_w when wider (0: no limit). */
void ui_text_draw(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int cy, int align, int max_w)
{
    if (!text || !*text)
        return;
    cached_text *e = text_get(ui, text, size, c);
    if (!e)
        return;
    int w = e->w, h = e->h;
    if (max_w > 0 && w > max_w) {
        ui_fit_note(ui, text, (double)max_w / w);
        h = h * max_w / w;
        w = max_w;
    }
    SDL_Rect d = {align == ALIGN_LEFT ? x : align == ALIGN_CENTRE ? x - w / 2 : x - w, cy - h / 2, w, h};
    SDL_RenderCopy(ui->r, e->tex, NULL, &d);
}

/* Text wrapped to max_w from (x, y) down: drawn when draw is set, else
 * only laid out. Returns how many lines it takes. Lines break at spaces,
 * or between any two CJK characters (those languages put no spaces
 * between words). */
int ui_text_lines(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int y, int max_w, int draw)
{
    int lines = 0;
    int line_h = TTF_FontLineSkip(ui->latin[size]);
    size_t len = strlen(text), start = 0;
    char *line = malloc(len + 1);
    if (!line)
        return 0;
    while (start < len) {
        size_t i = start, best = 0;
        while (i < len) {
            size_t j = i;
            Uint32 ch = utf8_next(text, &j);
            memcpy(line, text + start, j - start);
            line[j - start] = 0;
            if (ui_text_width(ui, line, size) > max_w && best)
                break;
            /* A break may follow a space or a slash (a path), or come before
             * or after a wide character. */
            if (ch == ' ' || ch == '/' || ch >= 0x2E80 || j == len)
                best = j;
            else if (j < len) {
                size_t k = j;
                if (utf8_next(text, &k) >= 0x2E80)
                    best = j;
            }
            i = j;
        }
        if (!best)
            best = i;
        memcpy(line, text + start, best - start);
        line[best - start] = 0;
        size_t l = strlen(line);
        while (l && line[l - 1] == ' ')
            line[--l] = 0;
        if (draw)
            ui_text_draw(ui, line, size, c, x, y + line_h / 2, ALIGN_LEFT, max_w);
        y += line_h;
        lines++;
        start = best;
        while (start < len && text[start] == ' ')
            start++;
    }
    free(line);
    return lines;
}

/* Draw text wrapped to max_w from (x, y) down; returns the y below it. */
int ui_text_wrap(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int y, int max_w)
{
    return y + ui_text_lines(ui, text, size, c, x, y, max_w, 1) * TTF_FontLineSkip(ui->latin[size]);
}

/* Draw text on one line at the largest of the sizes from size down to
 * FS_SMALL that fits max_w unshrunk. Returns the size used. */
int ui_text_draw_fit(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int cy, int align, int max_w)
{
    while (size > FS_SMALL && ui_text_width(ui, text, size) > max_w)
        size--;
    ui_text_draw(ui, text, size, c, x, cy, align, max_w);
    return size;
}

/* ---- shapes ------------------------------------------------------------------- */

void ui_set_colour(sei_ui *ui, int r, int g, int b, int a)
{
    SDL_SetRenderDrawColor(ui->r, (Uint8)r, (Uint8)g, (Uint8)b, (Uint8)a);
}

void ui_fill_rect(sei_ui *ui, int x, int y, int w, int h, int r, int g, int b, int a)
{
    ui_set_colour(ui, r, g, b, a);
    SDL_Rect rc = {x, y, w, h};
    SDL_RenderFillRect(ui->r, &rc);
}

/* A filled disc as a triangle fan; edge is the rim's colour, drawn as a
 * slightly larger disc below (stones need an outline on a light board). */
void ui_disc(sei_ui *ui, double cx, double cy, double rad, SDL_Color fill)
{
    enum { SEG = 36 };
    SDL_Vertex v[SEG + 1];
    int idx[SEG * 3];
    v[0].position.x = (float)cx;
    v[0].position.y = (float)cy;
    v[0].color = fill;
    for (int i = 0; i < SEG; i++) {
        double a = 2 * 3.14159265358979323846 * i / SEG;
        v[i + 1].position.x = (float)(cx + rad * cos(a));
        v[i + 1].position.y = (float)(cy + rad * sin(a));
        v[i + 1].color = fill;
        idx[3 * i] = 0;
        idx[3 * i + 1] = i + 1;
        idx[3 * i + 2] = (i + 1) % SEG + 1;
    }
    SDL_RenderGeometry(ui->r, NULL, v, SEG + 1, idx, SEG * 3);
}

void ui_box(sei_ui *ui, int x, int y, int w, int h, int r, int g, int b, int a)
{
    ui_fill_rect(ui, x, y, w, h, r, g, b, a);
    ui_set_colour(ui, 120, 132, 148, 255);
    SDL_Rect rc = {x, y, w, h};
    SDL_RenderDrawRect(ui->r, &rc);
}

/* A line thick pixels wide, as a quad. */
void ui_thick_line(sei_ui *ui, double x0, double y0, double x1, double y1, double thick, SDL_Color c)
{
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-6)
        return;
    double nx = -dy / len * thick / 2, ny = dx / len * thick / 2;
    SDL_Vertex v[4] = {{{(float)(x0 + nx), (float)(y0 + ny)}, c, {0, 0}},
                       {{(float)(x1 + nx), (float)(y1 + ny)}, c, {0, 0}},
                       {{(float)(x1 - nx), (float)(y1 - ny)}, c, {0, 0}},
                       {{(float)(x0 - nx), (float)(y0 - ny)}, c, {0, 0}}};
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(ui->r, NULL, v, 4, idx, 6);
}

/* ---- buttons ------------------------------------------------------------------ */

static void add_hit(sei_ui *ui, int x, int y, int w, int h, sei_ui_button id)
{
    if (ui->nhits < MAX_HITS)
        ui->hits[ui->nhits++] = (sei_ui_target){{x, y, w, h}, id, -1};
}

/* A button: a filled box with its label centred. The screens make every
 * one TARGET px or more each way. */
void ui_button(sei_ui *ui, int x, int y, int w, int h, const char *label, sei_ui_button id, btn_style style, int size)
{
    if (style == BTN_PRIMARY)
        ui_box(ui, x, y, w, h, 46, 125, 50, 255);
    else if (style == BTN_QUIET)
        ui_box(ui, x, y, w, h, 44, 50, 60, 255);
    else
        ui_box(ui, x, y, w, h, 62, 72, 86, 255);
    ui_text_draw(ui, label, size, WHITE, x + w / 2, y + h / 2, ALIGN_CENTRE, w - 8);
    add_hit(ui, x, y, w, h, id);
}

/* A row TARGET px high: [down] value [up] with its label. Where the row
 * is wide (settings) the label is at its left; in the narrow panel beside
 * a board it is written small above the value, between the buttons, so
 * that neither the label nor the value is shrunk. The value is itself a
 * button when value_id is not SEI_BTN_NONE (a number typed on a pad
 * rather than stepped). */
void ui_stepper(sei_ui *ui, int x, int y, int w, const char *label, const char *value, sei_ui_button down,
                const char *down_label, sei_ui_button up, const char *up_label, sei_ui_button value_id)
{
    const int bw = TARGET, bh = TARGET;
    int right = x + w;
    if (w >= 400) {
        const int vw = 120;
        ui_text_draw(ui, label, FS_SMALL, DIM, x, y + bh / 2, ALIGN_LEFT, w - 2 * bw - vw - 8);
        ui_button(ui, right - bw, y, bw, bh, up_label, up, BTN_PLAIN, FS_BODY);
        if (value_id != SEI_BTN_NONE)
            ui_button(ui, right - bw - vw + 4, y, vw - 8, bh, value, value_id, BTN_QUIET, FS_BODY);
        else
            ui_text_draw(ui, value, FS_BODY, WHITE, right - bw - vw / 2, y + bh / 2, ALIGN_CENTRE, vw - 4);
        ui_button(ui, right - 2 * bw - vw, y, bw, bh, down_label, down, BTN_PLAIN, FS_BODY);
        return;
    }
    int cx = x + bw + 4, cw = w - 2 * bw - 8;
    ui_button(ui, x, y, bw, bh, down_label, down, BTN_PLAIN, FS_BODY);
    ui_button(ui, right - bw, y, bw, bh, up_label, up, BTN_PLAIN, FS_BODY);
    if (value_id != SEI_BTN_NONE)
        ui_button(ui, cx, y, cw, bh, "", value_id, BTN_QUIET, FS_BODY);
    ui_text_draw(ui, label, FS_SMALL, DIM, cx + cw / 2, y + 14, ALIGN_CENTRE, cw - 4);
    ui_text_draw(ui, value, FS_BODY, WHITE, cx + cw / 2, y + 38, ALIGN_CENTRE, cw - 4);
}

/* A row whose value is itself a button that steps to the next choice. */
void ui_chooser(sei_ui *ui, int x, int y, int w, int vw, const char *label, const char *value, sei_ui_button id)
{
    const int bh = TARGET;
    ui_text_draw(ui, label, FS_SMALL, DIM, x, y + bh / 2, ALIGN_LEFT, w - vw - 8);
    char buf[160];
    snprintf(buf, sizeof buf, "%s  ▸", value);
    ui_button(ui, x + w - vw, y, vw, bh, buf, id, BTN_PLAIN, FS_BODY);
}
/* ---- messages ----------------------------------------------------------------- */

/* The status line ("Saved as result 12", where an export went) in the
 * screen's own message area, a w x h box at (x, y) that each screen keeps
 * clear of its buttons: one line of body text when it fits, else small
 * text wrapped to the box. Returns 1 when a message was drawn. */
int ui_message_area(sei_ui *ui, const char *status, int x, int y, int w, int h)
{
    if (!status || !*status)
        return 0;
    ui_fill_rect(ui, x, y, w, h, 0, 0, 0, 210);
    ui->msg_on = 1;
    ui->msg_rect = (SDL_Rect){x, y, w, h};
    ui->msg_fits = 1;
    const int pad = 8;
    if (ui_text_width(ui, status, FS_BODY) <= w - 2 * pad) {
        ui_text_draw(ui, status, FS_BODY, YELLOW, x + w / 2, y + h / 2, ALIGN_CENTRE, w - 2 * pad);
        return 1;
    }
    int skip = TTF_FontLineSkip(ui->latin[FS_SMALL]);
    int lines = ui_text_lines(ui, status, FS_SMALL, YELLOW, 0, 0, w - 2 * pad, 0);
    if (lines * skip > h) {
        ui->msg_fits = 0;
        ui_fit_note(ui, status, (double)h / (lines * skip));
    }
    int top = y + (h - lines * skip) / 2;
    ui_text_lines(ui, status, FS_SMALL, YELLOW, x + pad, top < y ? y : top, w - 2 * pad, 1);
    return 1;
}

/* ---- the side panel ------------------------------------------------------------ */

int ui_side_panel(sei_ui *ui, int x, int *w)
{
    ui_fill_rect(ui, x, 0, SEI_UI_W - x, SEI_UI_H, PANEL_BG);
    *w = SEI_UI_W - x - 20;
    return x + 10;
}

/* The side panel's top line: the message while there is one (the panel
 * has no other room that covers nothing), else its title. */
void ui_panel_head(sei_ui *ui, const sei_ui_view *v, int x, int w, const char *title)
{
    if (!ui_message_area(ui, v->status, x - 6, 2, w + 12, 44))
        ui_text_draw_fit(ui, title, FS_LARGE, WHITE, x, 24, ALIGN_LEFT, w);
}

void ui_panel_foot(sei_ui *ui, sei_lang lang, int x, int w, int back_w, const char *label, sei_ui_button id,
                   btn_style style, int size)
{
    ui_button(ui, x, PANEL_FOOT, back_w, TARGET, sei_ui_string(lang, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    ui_button(ui, x + back_w + 10, PANEL_FOOT, w - back_w - 10, TARGET, label, id, style, size);
}

/* ---- the tournament banner ------------------------------------------------------ */

void ui_text_cut(sei_ui *ui, const char *text, int size, int max_w, char *out, size_t n)
{
    snprintf(out, n, "%s", text);
    if (ui_text_width(ui, out, size) <= max_w)
        return;
    size_t len = strlen(out);
    while (len > 0) {
        /* Back one whole character (never inside a UTF-8 sequence). */
        do
            len--;
        while (len > 0 && ((unsigned char)out[len] & 0xC0) == 0x80);
        if (len + 4 > n)
            continue;
        memcpy(out + len, "…", 4);
        if (ui_text_width(ui, out, size) <= max_w)
            return;
    }
    snprintf(out, n, "…");
}

int ui_banner_text(const sei_ui_view *v, char *out, size_t n)
{
    sei_lang L = v->lang;
    char part[400];
    int have_b = v->black_name && *v->black_name, have_w = v->white_name && *v->white_name;
    out[0] = 0;
    if (v->table > 0) {
        snprintf(part, sizeof part, sei_ui_string(L, SEI_S_BANNER_TABLE), v->table);
        snprintf(out + strlen(out), n - strlen(out), "%s", part);
    }
    if (v->round > 0) {
        snprintf(part, sizeof part, sei_ui_string(L, SEI_S_BANNER_ROUND), v->round);
        snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? " · " : "", part);
    }
    if (v->banner_handicap > 0) {
        snprintf(part, sizeof part, sei_ui_string(L, SEI_S_BANNER_HANDICAP), v->banner_handicap);
        snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? " · " : "", part);
    }
    if (have_b || have_w) {
        snprintf(part, sizeof part, sei_ui_string(L, SEI_S_BANNER_PLAYERS),
                 have_b ? v->black_name : sei_ui_string(L, SEI_S_NOBODY),
                 have_w ? v->white_name : sei_ui_string(L, SEI_S_NOBODY));
        snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? " · " : "", part);
    }
    return out[0] != 0;
}

int ui_waiting_text(const sei_ui_view *v, char *out, size_t n)
{
    if (v->waiting <= 0)
        return out[0] = 0, 0;
    if (v->waiting == 1)
        snprintf(out, n, "%s", sei_ui_string(v->lang, SEI_S_WAITING_ONE));
    else
        snprintf(out, n, sei_ui_string(v->lang, SEI_S_WAITING), v->waiting);
    return 1;
}

int ui_waiting_bar(sei_ui *ui, const sei_ui_view *v, int x, int y, int w, int h)
{
    char text[200];
    if (!ui_waiting_text(v, text, sizeof text))
        return 0;
    ui_fill_rect(ui, x, y, w, h, 70, 50, 10, 235);
    ui_text_draw(ui, text, FS_SMALL, YELLOW, x + 8, y + h / 2, ALIGN_LEFT, w - 16);
    return 1;
}

int ui_banner(sei_ui *ui, const sei_ui_view *v, int x, int y, int w, int h)
{
    char text[600], cut[600];
    if (!ui_banner_text(v, text, sizeof text))
        return 0;
    ui_fill_rect(ui, x, y, w, h, 12, 40, 70, 235);
    ui_text_cut(ui, text, FS_SMALL, w - 16, cut, sizeof cut);
    ui_text_draw(ui, cut, FS_SMALL, WHITE, x + 8, y + h / 2, ALIGN_LEFT, w - 16);
    return 1;
}
