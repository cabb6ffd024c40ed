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
 * chosen language, as sums that hold as written. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#include "ui.h"

#define MAX_HITS 48
/* Every button and corner handle is at least this many logical pixels
 * each way: 10.8 mm on the 7" panel, over the 9 mm a fingertip needs with
 * room for a slip. */
#define TARGET 56
#define HANDLE_R (TARGET / 2.0) /* a corner handle's radius: TARGET across */
#define TEXT_CACHE 96
#define FONT_SIZES 3

enum { FS_SMALL = 0, FS_BODY, FS_LARGE };

typedef struct {
    SDL_Rect r;
    sei_ui_button id;
} hit;

typedef struct {
    char *text;
    int size;
    SDL_Color c;
    SDL_Texture *tex;
    int w, h;
    unsigned long used;
} cached_text;

/* What a press started on, so its release acts only when it ends there. */
typedef enum { PRESS_NONE = 0, PRESS_BUTTON, PRESS_POINT, PRESS_CORNER } press_kind;

struct sei_ui {
    SDL_Renderer *r;
    SDL_Window *win;
    TTF_Font *latin[FONT_SIZES], *cjk[FONT_SIZES];
    cached_text cache[TEXT_CACHE];
    unsigned long clock;
    hit hits[MAX_HITS];
    int nhits;
    /* The board as last drawn: its top-left intersection, spacing and size. */
    int board_on;
    double bx, by, cell;
    int bsize;
    int bc0, br0, bshown;   /* the window of points shown (the whole board unless zoomed) */
    int bside;              /* the square the board fills */
    int finger_px;
    /* The frame as last drawn: frame pixel (fx, fy) is at (ox + fx*fs, oy + fy*fs). */
    int frame_on;
    double ox, oy, fs;
    int corners_on;
    double corner_xy[4][2]; /* logical pixels */
    SDL_Texture *frame_tex;
    int frame_w, frame_h;
    uint8_t *grey_rgb;      /* grey frames widened to BGR for the texture */
    size_t grey_rgb_len;
    /* The press in progress. */
    press_kind press;
    sei_ui_button press_button;
    int press_x, press_y, press_corner;
    SDL_FingerID press_finger;
    Uint32 press_time;
    int press_is_finger;
    /* What the last draw did with its text and its message, for tests. */
    double fit_min;
    char fit_worst[SEI_UI_LINE_MAX];
    int msg_on, msg_fits;
    SDL_Rect msg_rect;
};

static const SDL_Color WHITE = {240, 240, 240, 255}, DIM = {170, 178, 190, 255},
                       YELLOW = {255, 214, 80, 255};

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
static int text_width(sei_ui *ui, const char *text, int size)
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
    return text_width(ui, text, (int)size);
}

/* Note that text was drawn at scale k of its size (k < 1: shrunk to fit,
 * which the screens avoid: the tests look at the smallest). */
static void fit_note(sei_ui *ui, const char *text, double k)
{
    if (k < ui->fit_min) {
        ui->fit_min = k;
        snprintf(ui->fit_worst, sizeof ui->fit_worst, "%s", text);
    }
}

enum { ALIGN_LEFT = 0, ALIGN_CENTRE, ALIGN_RIGHT };

/* Draw one line of text with its left, centre or right at x and its
 * vertical centre at cy; shrinks it to max_w when wider (0: no limit). */
static void text_draw(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int cy, int align, int max_w)
{
    if (!text || !*text)
        return;
    cached_text *e = text_get(ui, text, size, c);
    if (!e)
        return;
    int w = e->w, h = e->h;
    if (max_w > 0 && w > max_w) {
        fit_note(ui, text, (double)max_w / w);
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
static int text_lines(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int y, int max_w, int draw)
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
            if (text_width(ui, line, size) > max_w && best)
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
            text_draw(ui, line, size, c, x, y + line_h / 2, ALIGN_LEFT, max_w);
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
static int text_wrap(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int y, int max_w)
{
    return y + text_lines(ui, text, size, c, x, y, max_w, 1) * TTF_FontLineSkip(ui->latin[size]);
}

/* Draw text on one line at the largest of the sizes from size down to
 * FS_SMALL that fits max_w unshrunk. Returns the size used. */
static int text_draw_fit(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int cy, int align, int max_w)
{
    while (size > FS_SMALL && text_width(ui, text, size) > max_w)
        size--;
    text_draw(ui, text, size, c, x, cy, align, max_w);
    return size;
}

/* ---- shapes ------------------------------------------------------------------- */

static void set_colour(sei_ui *ui, int r, int g, int b, int a) { SDL_SetRenderDrawColor(ui->r, (Uint8)r, (Uint8)g, (Uint8)b, (Uint8)a); }

static void fill_rect(sei_ui *ui, int x, int y, int w, int h, int r, int g, int b, int a)
{
    set_colour(ui, r, g, b, a);
    SDL_Rect rc = {x, y, w, h};
    SDL_RenderFillRect(ui->r, &rc);
}

/* A filled disc as a triangle fan; edge is the rim's colour, drawn as a
 * slightly larger disc below (stones need an outline on a light board). */
static void disc(sei_ui *ui, double cx, double cy, double rad, SDL_Color fill)
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

/* A line thick pixels wide, as a quad. */
static void thick_line(sei_ui *ui, double x0, double y0, double x1, double y1, double thick, SDL_Color c)
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
        ui->hits[ui->nhits++] = (hit){{x, y, w, h}, id};
}

typedef enum { BTN_PLAIN = 0, BTN_PRIMARY, BTN_QUIET } btn_style;

/* A button: a filled box with its label centred. The screens make every
 * one TARGET px or more each way. */
static void button(sei_ui *ui, int x, int y, int w, int h, const char *label, sei_ui_button id, btn_style style, int size)
{
    if (style == BTN_PRIMARY)
        fill_rect(ui, x, y, w, h, 46, 125, 50, 255);
    else if (style == BTN_QUIET)
        fill_rect(ui, x, y, w, h, 44, 50, 60, 255);
    else
        fill_rect(ui, x, y, w, h, 62, 72, 86, 255);
    set_colour(ui, 120, 132, 148, 255);
    SDL_Rect rc = {x, y, w, h};
    SDL_RenderDrawRect(ui->r, &rc);
    text_draw(ui, label, size, WHITE, x + w / 2, y + h / 2, ALIGN_CENTRE, w - 8);
    add_hit(ui, x, y, w, h, id);
}

/* A row TARGET px high: [down] value [up] with its label. Where the row
 * is wide (settings) the label is at its left; in the narrow panel beside
 * a board it is written small above the value, between the buttons, so
 * that neither the label nor the value is shrunk. The value is itself a
 * button when value_id is not SEI_BTN_NONE (a number typed on a pad
 * rather than stepped). */
static void stepper(sei_ui *ui, int x, int y, int w, const char *label, const char *value, sei_ui_button down,
                    const char *down_label, sei_ui_button up, const char *up_label, sei_ui_button value_id)
{
    const int bw = TARGET, bh = TARGET;
    int right = x + w;
    if (w >= 400) {
        const int vw = 120;
        text_draw(ui, label, FS_SMALL, DIM, x, y + bh / 2, ALIGN_LEFT, w - 2 * bw - vw - 8);
        button(ui, right - bw, y, bw, bh, up_label, up, BTN_PLAIN, FS_BODY);
        if (value_id != SEI_BTN_NONE)
            button(ui, right - bw - vw + 4, y, vw - 8, bh, value, value_id, BTN_QUIET, FS_BODY);
        else
            text_draw(ui, value, FS_BODY, WHITE, right - bw - vw / 2, y + bh / 2, ALIGN_CENTRE, vw - 4);
        button(ui, right - 2 * bw - vw, y, bw, bh, down_label, down, BTN_PLAIN, FS_BODY);
        return;
    }
    int cx = x + bw + 4, cw = w - 2 * bw - 8;
    button(ui, x, y, bw, bh, down_label, down, BTN_PLAIN, FS_BODY);
    button(ui, right - bw, y, bw, bh, up_label, up, BTN_PLAIN, FS_BODY);
    if (value_id != SEI_BTN_NONE)
        button(ui, cx, y, cw, bh, "", value_id, BTN_QUIET, FS_BODY);
    text_draw(ui, label, FS_SMALL, DIM, cx + cw / 2, y + 14, ALIGN_CENTRE, cw - 4);
    text_draw(ui, value, FS_BODY, WHITE, cx + cw / 2, y + 38, ALIGN_CENTRE, cw - 4);
}

/* A row whose value is itself a button that steps to the next choice. */
static void chooser(sei_ui *ui, int x, int y, int w, int vw, const char *label, const char *value, sei_ui_button id)
{
    const int bh = TARGET;
    text_draw(ui, label, FS_SMALL, DIM, x, y + bh / 2, ALIGN_LEFT, w - vw - 8);
    char buf[160];
    snprintf(buf, sizeof buf, "%s  ▸", value);
    button(ui, x + w - vw, y, vw, bh, buf, id, BTN_PLAIN, FS_BODY);
}

/* ---- the board ---------------------------------------------------------------- */

static int is_star(int size, int x, int y)
{
    int e = size >= 13 ? 3 : 2, m = size / 2;
    if (size < 7)
        return 0;
    int xs = x == e || x == size - 1 - e || (size % 2 && size >= 13 && x == m);
    int ys = y == e || y == size - 1 - e || (size % 2 && size >= 13 && y == m);
    if (size == 9 && x == m && y == m)
        return 1;
    return xs && ys;
}

/* The board in a side x side square at (x0, y0): wood, lines, stars,
 * stones; dead stones crossed out and faded; with a count, territory as
 * small squares of its owner's colour. With a zoom (span > 0) only the
 * span x span points from (c0, r0) are shown, filling the square; the
 * lines run on to its edges where the board goes on. */
static void draw_board(sei_ui *ui, int x0, int y0, int side, const sei_board *b, const uint8_t *dead,
                       const uint8_t *check, const sei_score *sc, int c0, int r0, int span)
{
    int n = b->size;
    int zoomed = span > 0 && span < n && c0 >= 0 && r0 >= 0 && c0 + span <= n && r0 + span <= n;
    if (!zoomed)
        c0 = r0 = 0, span = n;
    fill_rect(ui, x0, y0, side, side, 220, 179, 92, 255);
    /* Coordinates fit in the margin where cells are big enough to read
     * them (9x9, 13x13); a 19x19 board needs the room for its stones, and
     * a zoomed one shows a part too small to need them. */
    int labels = !zoomed && (double)side / (n + 1.1) >= 28;
    double margin = labels ? 1.05 : zoomed ? 0.5 : 0.6;
    double cell = (double)side / (span - 1 + 2 * margin);
    double ox = x0 + cell * (margin - c0), oy = y0 + cell * (margin - r0);
    ui->board_on = 1;
    ui->bx = ox;
    ui->by = oy;
    ui->cell = cell;
    ui->bsize = n;
    ui->bc0 = c0;
    ui->br0 = r0;
    ui->bshown = span;
    ui->bside = side;
    SDL_Rect clip = {x0, y0, side, side};
    SDL_RenderSetClipRect(ui->r, &clip);
    SDL_Color line = {40, 30, 10, 255};
    for (int i = 0; i < n; i++) {
        double t = i == 0 || i == n - 1 ? 2 : 1;
        thick_line(ui, ox, oy + i * cell, ox + (n - 1) * cell, oy + i * cell, t, line);
        thick_line(ui, ox + i * cell, oy, ox + i * cell, oy + (n - 1) * cell, t, line);
    }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (is_star(n, x, y))
                disc(ui, ox + x * cell, oy + y * cell, cell > 20 ? 3.5 : 2.5, line);
    /* Coordinates, as players name points: letters without I, numbers from the bottom. */
    if (labels)
        for (int i = 0; i < n; i++) {
            char lab[12];
            snprintf(lab, sizeof lab, "%c", 'A' + i + (i >= 8));
            text_draw(ui, lab, FS_SMALL, (SDL_Color){90, 70, 30, 255}, (int)(ox + i * cell), (int)(oy - cell * 0.78),
                      ALIGN_CENTRE, 0);
            snprintf(lab, sizeof lab, "%d", n - i);
            text_draw(ui, lab, FS_SMALL, (SDL_Color){90, 70, 30, 255}, (int)(ox - cell * 0.7), (int)(oy + i * cell),
                      ALIGN_CENTRE, (int)(cell * 0.62));
        }
    double rad = cell * 0.47;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y), c = b->color[p];
            double cx = ox + x * cell, cy = oy + y * cell;
            int is_dead = (dead && dead[p]) || (sc && sc->dead[p]);
            if (c == SEI_BLACK || c == SEI_WHITE) {
                SDL_Color rim = c == SEI_BLACK ? (SDL_Color){10, 10, 10, 255} : (SDL_Color){90, 90, 90, 255};
                SDL_Color body = c == SEI_BLACK ? (SDL_Color){28, 28, 30, 255} : (SDL_Color){246, 246, 240, 255};
                if (is_dead) {
                    rim.a = 150;
                    body.a = 120;
                }
                disc(ui, cx, cy, rad, rim);
                disc(ui, cx, cy, rad - 1.5, body);
                if (is_dead) {
                    SDL_Color red = {220, 30, 30, 255};
                    double k = rad * 0.6;
                    thick_line(ui, cx - k, cy - k, cx + k, cy + k, 3, red);
                    thick_line(ui, cx - k, cy + k, cx + k, cy - k, 3, red);
                }
            }
            if (check && check[p]) {
                /* An orange ring a little outside the stone: the camera's doubt. */
                SDL_Color orange = {255, 140, 0, 255};
                enum { SEG = 24 };
                double rr = cell * 0.56;
                for (int i = 0; i < SEG; i++) {
                    double a0 = 2 * 3.14159265358979323846 * i / SEG, a1 = 2 * 3.14159265358979323846 * (i + 1) / SEG;
                    thick_line(ui, cx + rr * cos(a0), cy + rr * sin(a0), cx + rr * cos(a1), cy + rr * sin(a1), 3, orange);
                }
            }
            if (sc && (c == SEI_EMPTY || is_dead)) {
                int m = sc->mark[p];
                if (m == SEI_MARK_TERRITORY) {
                    int own = sc->owner[p];
                    double k = cell * 0.18;
                    SDL_Rect sq = {(int)(cx - k), (int)(cy - k), (int)(2 * k), (int)(2 * k)};
                    if (own == SEI_BLACK)
                        set_colour(ui, 20, 20, 20, 255);
                    else
                        set_colour(ui, 250, 250, 250, 255);
                    SDL_RenderFillRect(ui->r, &sq);
                    set_colour(ui, 80, 80, 80, 255);
                    SDL_RenderDrawRect(ui->r, &sq);
                } else if (m == SEI_MARK_SEKI_EYE || m == SEI_MARK_FALSE_EYE) {
                    disc(ui, cx, cy, cell * 0.12, (SDL_Color){60, 110, 200, 255});
                }
            }
        }
    SDL_RenderSetClipRect(ui->r, NULL);
}

/* ---- screens ------------------------------------------------------------------ */

/* The status line ("Saved as result 12", where an export went) in the
 * screen's own message area, a w x h box at (x, y) that each screen keeps
 * clear of its buttons: one line of body text when it fits, else small
 * text wrapped to the box. Returns 1 when a message was drawn. */
static int message_area(sei_ui *ui, const char *status, int x, int y, int w, int h)
{
    if (!status || !*status)
        return 0;
    fill_rect(ui, x, y, w, h, 0, 0, 0, 210);
    ui->msg_on = 1;
    ui->msg_rect = (SDL_Rect){x, y, w, h};
    ui->msg_fits = 1;
    const int pad = 8;
    if (text_width(ui, status, FS_BODY) <= w - 2 * pad) {
        text_draw(ui, status, FS_BODY, YELLOW, x + w / 2, y + h / 2, ALIGN_CENTRE, w - 2 * pad);
        return 1;
    }
    int skip = TTF_FontLineSkip(ui->latin[FS_SMALL]);
    int lines = text_lines(ui, status, FS_SMALL, YELLOW, 0, 0, w - 2 * pad, 0);
    if (lines * skip > h) {
        ui->msg_fits = 0;
        fit_note(ui, status, (double)h / (lines * skip));
    }
    int top = y + (h - lines * skip) / 2;
    text_lines(ui, status, FS_SMALL, YELLOW, x + pad, top < y ? y : top, w - 2 * pad, 1);
    return 1;
}

static void frame_to_screen(const sei_ui *ui, double fx, double fy, double *sx, double *sy)
{
    *sx = ui->ox + fx * ui->fs;
    *sy = ui->oy + fy * ui->fs;
}

static void h_apply(const double H[9], double x, double y, double *ox, double *oy)
{
    double w = H[6] * x + H[7] * y + H[8];
    if (fabs(w) < 1e-12)
        w = 1e-12;
    *ox = (H[0] * x + H[1] * y + H[2]) / w;
    *oy = (H[3] * x + H[4] * y + H[5]) / w;
}

/* Copy the frame into a streaming texture (BGR; grey is widened). */
static int frame_upload(sei_ui *ui, const sei_ui_frame *f)
{
    if (!f->buf || f->width <= 0 || f->height <= 0)
        return -1;
    if (!ui->frame_tex || ui->frame_w != f->width || ui->frame_h != f->height) {
        if (ui->frame_tex)
            SDL_DestroyTexture(ui->frame_tex);
        ui->frame_tex =
            SDL_CreateTexture(ui->r, SDL_PIXELFORMAT_BGR24, SDL_TEXTUREACCESS_STREAMING, f->width, f->height);
        if (!ui->frame_tex)
            return -1;
        ui->frame_w = f->width;
        ui->frame_h = f->height;
    }
    if (f->channels == 3)
        return SDL_UpdateTexture(ui->frame_tex, NULL, f->buf, f->stride);
    size_t need = (size_t)f->width * 3 * (size_t)f->height;
    if (need > ui->grey_rgb_len) {
        uint8_t *nb = realloc(ui->grey_rgb, need);
        if (!nb)
            return -1;
        ui->grey_rgb = nb;
        ui->grey_rgb_len = need;
    }
    for (int y = 0; y < f->height; y++) {
        const uint8_t *s = f->buf + (size_t)y * (size_t)f->stride;
        uint8_t *d = ui->grey_rgb + (size_t)y * (size_t)f->width * 3;
        for (int x = 0; x < f->width; x++)
            d[3 * x] = d[3 * x + 1] = d[3 * x + 2] = s[x];
    }
    return SDL_UpdateTexture(ui->frame_tex, NULL, ui->grey_rgb, f->width * 3);
}

/* The frame in the left 640x480, with the grid found drawn over it. */
static void draw_frame_grid(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = 640, fh = SEI_UI_H;
    fill_rect(ui, 0, 0, fw, fh, 10, 10, 12, 255);
    if (frame_upload(ui, &v->frame) == 0) {
        double s = fmin((double)fw / v->frame.width, (double)fh / v->frame.height);
        int w = (int)(v->frame.width * s), h = (int)(v->frame.height * s);
        SDL_Rect d = {(fw - w) / 2, (fh - h) / 2, w, h};
        SDL_RenderCopy(ui->r, ui->frame_tex, NULL, &d);
        ui->frame_on = 1;
        ui->ox = d.x;
        ui->oy = d.y;
        ui->fs = s;
    }
    /* The grid as detected, so people see what the kiosk sees. */
    if (ui->frame_on && v->found && v->size >= 2 && !v->editing_corners) {
        SDL_Color g = v->moving ? (SDL_Color){255, 170, 0, 200} : (SDL_Color){40, 230, 90, 220};
        for (int i = 0; i < v->size; i++) {
            double ax, ay, bx, by, sx0, sy0, sx1, sy1;
            h_apply(v->H, i, 0, &ax, &ay);
            h_apply(v->H, i, v->size - 1, &bx, &by);
            frame_to_screen(ui, ax, ay, &sx0, &sy0);
            frame_to_screen(ui, bx, by, &sx1, &sy1);
            thick_line(ui, sx0, sy0, sx1, sy1, i == 0 || i == v->size - 1 ? 3 : 1.5, g);
            h_apply(v->H, 0, i, &ax, &ay);
            h_apply(v->H, v->size - 1, i, &bx, &by);
            frame_to_screen(ui, ax, ay, &sx0, &sy0);
            frame_to_screen(ui, bx, by, &sx1, &sy1);
            thick_line(ui, sx0, sy0, sx1, sy1, i == 0 || i == v->size - 1 ? 3 : 1.5, g);
        }
    }
}

static void draw_live(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = 640, fh = SEI_UI_H;
    draw_frame_grid(ui, v);
    ui->corners_on = 0;
    if (ui->frame_on && v->editing_corners) {
        SDL_Color edge = {80, 200, 255, 230};
        for (int i = 0; i < 4; i++)
            frame_to_screen(ui, v->corners[i][0], v->corners[i][1], &ui->corner_xy[i][0], &ui->corner_xy[i][1]);
        for (int i = 0; i < 4; i++)
            thick_line(ui, ui->corner_xy[i][0], ui->corner_xy[i][1], ui->corner_xy[(i + 1) % 4][0],
                       ui->corner_xy[(i + 1) % 4][1], 2, edge);
        for (int i = 0; i < 4; i++) {
            disc(ui, ui->corner_xy[i][0], ui->corner_xy[i][1], HANDLE_R, (SDL_Color){80, 200, 255, 110});
            disc(ui, ui->corner_xy[i][0], ui->corner_xy[i][1], 4, (SDL_Color){255, 255, 255, 255});
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
    fill_rect(ui, 0, 0, fw, 44, 0, 0, 0, 170);
    text_draw(ui, msg, FS_BODY, v->found && !v->moving ? WHITE : YELLOW, 14, 22, ALIGN_LEFT, fw - 28);
    if (v->found && !v->moving && v->still > 0) {
        fill_rect(ui, 0, fh - 8, fw, 8, 0, 0, 0, 160);
        fill_rect(ui, 0, fh - 8, (int)(fw * fmin(v->still, 1.0)), 8, 40, 230, 90, 255);
    }
    /* The panel. */
    fill_rect(ui, fw, 0, SEI_UI_W - fw, SEI_UI_H, 32, 36, 42, 255);
    int px = fw + 10, pw = SEI_UI_W - fw - 20;
    button(ui, px, 14, pw, 96, sei_ui_string(v->lang, SEI_S_CAPTURE), SEI_BTN_CAPTURE, BTN_PRIMARY, FS_LARGE);
    if (v->editing_corners)
        button(ui, px, 126, pw, 64, sei_ui_string(v->lang, SEI_S_DONE), SEI_BTN_CORNERS_DONE, BTN_PLAIN, FS_BODY);
    else
        button(ui, px, 126, pw, 64, sei_ui_string(v->lang, SEI_S_FIX_CORNERS), SEI_BTN_FIX_CORNERS, BTN_PLAIN, FS_BODY);
    button(ui, px, 206, pw, 64, sei_ui_string(v->lang, SEI_S_RECORD), SEI_BTN_RECORD, BTN_PLAIN, FS_BODY);
    button(ui, px, SEI_UI_H - 78, pw, 64, sei_ui_string(v->lang, SEI_S_SETTINGS), SEI_BTN_SETTINGS, BTN_QUIET, FS_BODY);
    /* Messages go at the foot of the picture, where no button is. */
    message_area(ui, v->status, 10, fh - 12 - TARGET, fw - 20, TARGET);
}

/* Recording: the camera's view with the grid, the last move ringed, and
 * when the board went astray the recorded position drawn over it to
 * rebuild from; the move list and what to do at the side. */
static void draw_record(sei_ui *ui, const sei_ui_view *v)
{
    const int fw = 640;
    sei_lang L = v->lang;
    draw_frame_grid(ui, v);
    if (ui->frame_on && v->found && v->size >= 2) {
        if (v->last_col >= 0) {
            double fx, fy, sx, sy;
            h_apply(v->H, v->last_col, v->last_row, &fx, &fy);
            frame_to_screen(ui, fx, fy, &sx, &sy);
            disc(ui, sx, sy, 9, (SDL_Color){230, 40, 40, 230});
            disc(ui, sx, sy, 5, (SDL_Color){255, 255, 255, 230});
        }
        if (v->rec_overlay && v->rec_board) {
            for (int y = 0; y < v->rec_board->size; y++)
                for (int x = 0; x < v->rec_board->size; x++) {
                    int c = v->rec_board->color[sei_board_point(v->rec_board, x, y)];
                    if (c != SEI_BLACK && c != SEI_WHITE)
                        continue;
                    double fx, fy, sx, sy;
                    h_apply(v->H, x, y, &fx, &fy);
                    frame_to_screen(ui, fx, fy, &sx, &sy);
                    disc(ui, sx, sy, 8, c == SEI_BLACK ? (SDL_Color){0, 0, 0, 220} : (SDL_Color){255, 255, 255, 220});
                    disc(ui, sx, sy, 3, (SDL_Color){255, 60, 60, 255});
                }
        }
    }
    char title[96];
    snprintf(title, sizeof title, sei_ui_string(L, SEI_S_REC_TITLE), v->rec_moves);
    fill_rect(ui, 0, 0, fw, 44, 0, 0, 0, 170);
    text_draw(ui, title, FS_BODY, WHITE, 14, 22, ALIGN_LEFT, fw - 28);
    const char *alert = v->rec_alert ? v->rec_alert
                        : v->rec_waiting ? sei_ui_string(L, SEI_S_REC_WAITING)
                        : v->moving      ? sei_ui_string(L, SEI_S_REC_MOVING)
                                         : NULL;
    if (alert) {
        int w = text_width(ui, alert, FS_BODY) + 24;
        if (w > fw - 20)
            w = fw - 20;
        fill_rect(ui, fw / 2 - w / 2, SEI_UI_H - 60, w, 44, 0, 0, 0, 200);
        text_draw(ui, alert, FS_BODY, YELLOW, fw / 2, SEI_UI_H - 38, ALIGN_CENTRE, w - 12);
    }
    fill_rect(ui, fw, 0, SEI_UI_W - fw, SEI_UI_H, 32, 36, 42, 255);
    int px = fw + 10, pw = SEI_UI_W - fw - 20, y = 24;
    /* The moves in one size: body text when every line fits it. */
    int size = FS_BODY;
    for (int i = 0; i < 6 && v->rec_lines[i]; i++)
        if (text_width(ui, v->rec_lines[i], FS_BODY) > pw)
            size = FS_SMALL;
    for (int i = 0; i < 6 && v->rec_lines[i]; i++, y += 30)
        text_draw(ui, v->rec_lines[i], size, i + 1 < 6 && v->rec_lines[i + 1] ? DIM : WHITE, px, y, ALIGN_LEFT, pw);
    button(ui, px, SEI_UI_H - 162, pw, 72, sei_ui_string(L, SEI_S_END), SEI_BTN_END, BTN_PRIMARY, FS_LARGE);
    button(ui, px, SEI_UI_H - 78, pw, 64, sei_ui_string(L, SEI_S_STOP), SEI_BTN_STOP, BTN_QUIET, FS_BODY);
    /* Messages under the title bar; what the players must do is at the foot. */
    message_area(ui, v->status, 10, 50, fw - 20, TARGET);
}

/* The side panel's top line: the message while there is one (the panel
 * has no other room that covers nothing), else its title. */
static void panel_head(sei_ui *ui, const sei_ui_view *v, int x, int w, const char *title)
{
    if (!message_area(ui, v->status, x - 6, 2, w + 12, 44))
        text_draw_fit(ui, title, FS_LARGE, WHITE, x, 24, ALIGN_LEFT, w);
}

static void draw_pad(sei_ui *ui, const sei_ui_view *v);

/* The panel beside a board: rows TARGET high, 60 apart from y 48, and the
 * two buttons at the foot; six rows (territory rules' prisoners) fill it. */
#define PANEL_ROW0 48
#define PANEL_ROW 60
#define PANEL_FOOT (SEI_UI_H - TARGET - 8)

static void draw_confirm(sei_ui *ui, const sei_ui_view *v)
{
    draw_board(ui, 0, 0, SEI_UI_H, v->board, v->dead, v->check, NULL, v->zoom_col, v->zoom_row, v->zoom_span);
    int px = SEI_UI_H + 10, pw = SEI_UI_W - SEI_UI_H - 20;
    fill_rect(ui, SEI_UI_H, 0, SEI_UI_W - SEI_UI_H, SEI_UI_H, 32, 36, 42, 255);
    /* Zoomed, the title says what the next tap does. */
    panel_head(ui, v, px, pw, sei_ui_string(v->lang, v->zoom_span > 0 ? SEI_S_ZOOM_HINT : SEI_S_CONFIRM_TITLE));
    const sei_rules *r = v->rules;
    char num[32], val[64];
    int y = PANEL_ROW0;
    stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_RULES), sei_ui_rules_name(v->lang, r->name), SEI_BTN_RULES_PREV,
            "◀", SEI_BTN_RULES_NEXT, "▶", SEI_BTN_NONE);
    y += PANEL_ROW;
    stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_KOMI), sei_score_number(r->komi, num, sizeof num),
            SEI_BTN_KOMI_DOWN, "−", SEI_BTN_KOMI_UP, "+", SEI_BTN_NONE);
    y += PANEL_ROW;
    snprintf(val, sizeof val, "%d", v->handicap);
    stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_HANDICAP), val, SEI_BTN_HCAP_DOWN, "−", SEI_BTN_HCAP_UP, "+",
            SEI_BTN_NONE);
    y += PANEL_ROW;
    if (v->resigned_winner == SEI_BLACK || v->resigned_winner == SEI_WHITE) {
        /* Won by resignation: nothing to count. Agreed stores it; Count
         * is there for a gesture misread. */
        snprintf(val, sizeof val, sei_ui_string(v->lang, SEI_S_WINS_BY_RESIGNATION),
                 sei_ui_string(v->lang, v->resigned_winner == SEI_WHITE ? SEI_S_WHITE : SEI_S_BLACK));
        text_wrap(ui, val, FS_LARGE, YELLOW, px, y + 8, pw);
        button(ui, px, PANEL_FOOT - TARGET - 8, pw, TARGET, sei_ui_string(v->lang, SEI_S_COUNT), SEI_BTN_COUNT,
               BTN_PLAIN, FS_BODY);
        button(ui, px, PANEL_FOOT, 120, TARGET, sei_ui_string(v->lang, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
        button(ui, px + 130, PANEL_FOOT, pw - 130, TARGET, sei_ui_string(v->lang, SEI_S_AGREED), SEI_BTN_AGREED,
               BTN_PRIMARY, FS_LARGE);
        return;
    }
    if (r->scoring == SEI_SCORING_TERRITORY) {
        int by_last = v->prisoners.source == SEI_PRISONERS_LAST;
        chooser(ui, px, y, pw, 168, sei_ui_string(v->lang, SEI_S_PRISONERS),
                sei_ui_string(v->lang, by_last ? SEI_S_BY_LAST : SEI_S_BY_COUNT), SEI_BTN_PRIS_MODE);
        y += PANEL_ROW;
        if (by_last) {
            chooser(ui, px, y, pw, 168, sei_ui_string(v->lang, SEI_S_LAST_MOVE),
                    sei_ui_string(v->lang, v->prisoners.last == SEI_WHITE ? SEI_S_WHITE : SEI_S_BLACK), SEI_BTN_LAST);
            y += PANEL_ROW;
        } else {
            snprintf(val, sizeof val, "%d", v->prisoners.black);
            stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_CAPTURED_BY_B), val, SEI_BTN_PRIS_B_DOWN, "−",
                    SEI_BTN_PRIS_B_UP, "+", SEI_BTN_PRIS_B_PAD);
            y += PANEL_ROW;
            snprintf(val, sizeof val, "%d", v->prisoners.white);
            stepper(ui, px, y, pw, sei_ui_string(v->lang, SEI_S_CAPTURED_BY_W), val, SEI_BTN_PRIS_W_DOWN, "−",
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
        text_wrap(ui, sei_ui_string(v->lang, v->check_board ? SEI_S_CHECK_BOARD : SEI_S_CHECK_POINTS), FS_SMALL,
                  (SDL_Color){255, 160, 40, 255}, px, hint_y, pw);
    else if (hint_y < PANEL_FOOT - 60)
        text_wrap(ui, sei_ui_string(v->lang, SEI_S_CONFIRM_HINT), FS_SMALL, DIM, px, hint_y, pw);
    button(ui, px, PANEL_FOOT, 120, TARGET, sei_ui_string(v->lang, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    button(ui, px + 130, PANEL_FOOT, pw - 130, TARGET, sei_ui_string(v->lang, SEI_S_COUNT), SEI_BTN_COUNT,
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
    fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 0, 0, 0, 150);
    const int x0 = 24, y0 = 8, w = 432, h = 464;
    fill_rect(ui, x0, y0, w, h, 32, 36, 42, 255);
    set_colour(ui, 120, 132, 148, 255);
    SDL_Rect rc = {x0, y0, w, h};
    SDL_RenderDrawRect(ui->r, &rc);
    char title[160], num[16];
    snprintf(title, sizeof title, "%s · %s", sei_ui_string(v->lang, SEI_S_PRISONERS),
             sei_ui_string(v->lang, v->pad_for == SEI_WHITE ? SEI_S_CAPTURED_BY_W : SEI_S_CAPTURED_BY_B));
    text_draw(ui, title, FS_BODY, DIM, x0 + 16, y0 + 26, ALIGN_LEFT, w - 32);
    snprintf(num, sizeof num, "%d", v->pad_value);
    fill_rect(ui, x0 + 16, y0 + 50, w - 32, 54, 20, 22, 26, 255);
    text_draw(ui, num, FS_LARGE, YELLOW, x0 + w - 32, y0 + 77, ALIGN_RIGHT, w - 48);
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
        button(ui, kx + c * (kw + gap), ky + r * (kh + gap), kw, kh, label, id, style, FS_LARGE);
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
    draw_board(ui, 0, 0, SEI_UI_H, v->board, v->dead, NULL, s, 0, 0, 0);
    int px = SEI_UI_H + 10, pw = SEI_UI_W - SEI_UI_H - 20;
    fill_rect(ui, SEI_UI_H, 0, SEI_UI_W - SEI_UI_H, SEI_UI_H, 32, 36, 42, 255);
    sei_lang L = v->lang;
    char title[96];
    snprintf(title, sizeof title, "%s · %s", sei_ui_string(L, SEI_S_RESULT_TITLE), sei_ui_rules_name(L, s->rules.name));
    panel_head(ui, v, px, pw, title);
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
            while (size > FS_BODY && text_width(ui, lines[i].text, size) > pw)
                size--;
            y = text_wrap(ui, lines[i].text, size, YELLOW, px, y, pw) + 2;
            continue;
        }
        if (i > 1 && lines[i].kind == SEI_UI_LINE_SUM)
            y += 3; /* a little space before each sum */
        if (y + skip > agreed_y - 2)
            fit_note(ui, lines[i].text, 0); /* out of room: a line would cover Agreed */
        else
            text_draw(ui, lines[i].text, FS_SMALL, lines[i].kind == SEI_UI_LINE_TERMS ? DIM : WHITE, px, y + skip / 2,
                      ALIGN_LEFT, pw);
        y += skip;
    }
    button(ui, px, agreed_y, pw, TARGET, sei_ui_string(L, SEI_S_AGREED), SEI_BTN_AGREED, BTN_PRIMARY, FS_LARGE);
    button(ui, px, PANEL_FOOT, 110, TARGET, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_QUIET, FS_BODY);
    button(ui, px + 120, PANEL_FOOT, pw - 120, TARGET, sei_ui_string(L, SEI_S_RESUME), SEI_BTN_RESUME, BTN_PLAIN,
           FS_BODY);
}

static void draw_settings(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    const sei_ui_settings *s = &v->settings;
    fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 32, 36, 42, 255);
    text_draw_fit(ui, sei_ui_string(L, SEI_S_SETTINGS_TITLE), FS_LARGE, WHITE, 40, 36, ALIGN_LEFT, 180);
    char num[32], size[32];
    int x = 40, w = SEI_UI_W - 80, y = 70;
    stepper(ui, x, y, w, sei_ui_string(L, SEI_S_DEFAULT_RULES), sei_ui_rules_name(L, s->rules), SEI_BTN_RULES_PREV, "◀",
            SEI_BTN_RULES_NEXT, "▶", SEI_BTN_NONE);
    y += 64;
    stepper(ui, x, y, w, sei_ui_string(L, SEI_S_KOMI), sei_score_number(s->komi, num, sizeof num), SEI_BTN_KOMI_DOWN, "−",
            SEI_BTN_KOMI_UP, "+", SEI_BTN_NONE);
    y += 64;
    if (s->size)
        snprintf(size, sizeof size, "%d×%d", s->size, s->size);
    else
        snprintf(size, sizeof size, "%s", sei_ui_string(L, SEI_S_AUTO));
    chooser(ui, x, y, w, 240, sei_ui_string(L, SEI_S_BOARD_SIZE), size, SEI_BTN_SIZE);
    y += 64;
    chooser(ui, x, y, w, 240, sei_ui_string(L, SEI_S_LANGUAGE), sei_ui_string(L, SEI_S_LANG_NAME), SEI_BTN_LANG);
    y += 64;
    chooser(ui, x, y, w, 400, sei_ui_string(L, SEI_S_CAMERA), s->camera, SEI_BTN_CAMERA);
    button(ui, x, SEI_UI_H - 70, 200, 60, sei_ui_string(L, SEI_S_BACK), SEI_BTN_BACK, BTN_PRIMARY, FS_BODY);
    button(ui, x + w - 320, SEI_UI_H - 70, 320, 60, sei_ui_string(L, SEI_S_EXPORT), SEI_BTN_EXPORT, BTN_PLAIN, FS_BODY);
    /* Messages (where an export went) beside the title, above every row. */
    message_area(ui, v->status, 230, 6, SEI_UI_W - 230 - 40, TARGET);
}

static void draw_nocamera(sei_ui *ui, const sei_ui_view *v)
{
    sei_lang L = v->lang;
    fill_rect(ui, 0, 0, SEI_UI_W, SEI_UI_H, 32, 36, 42, 255);
    text_draw(ui, sei_ui_string(L, SEI_S_NOCAM_TITLE), FS_LARGE, YELLOW, SEI_UI_W / 2, 70, ALIGN_CENTRE, 700);
    int y = 110;
    if (v->message)
        y = text_wrap(ui, v->message, FS_SMALL, DIM, 80, y, SEI_UI_W - 160);
    text_wrap(ui, sei_ui_string(L, SEI_S_NOCAM_HINT), FS_BODY, WHITE, 80, y + 16, SEI_UI_W - 160);
    int bw = 260, gap = 40, total = v->have_sample ? 2 * bw + gap : bw, x = (SEI_UI_W - total) / 2;
    button(ui, x, 290, bw, 80, sei_ui_string(L, SEI_S_RETRY), SEI_BTN_RETRY, BTN_PLAIN, FS_LARGE);
    if (v->have_sample)
        button(ui, x + bw + gap, 290, bw, 80, sei_ui_string(L, SEI_S_SAMPLE), SEI_BTN_SAMPLE, BTN_PRIMARY, FS_LARGE);
    button(ui, SEI_UI_W - 200, SEI_UI_H - 76, 180, 60, sei_ui_string(L, SEI_S_SETTINGS), SEI_BTN_SETTINGS, BTN_QUIET,
           FS_BODY);
    /* Messages at the foot, beside Settings. */
    message_area(ui, v->status, 20, SEI_UI_H - 76, SEI_UI_W - 240, TARGET);
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
    set_colour(ui, 32, 36, 42, 255);
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
