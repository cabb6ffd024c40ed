/* ui_internal.h - what the ui's own files share and the kiosk never sees:
 * the ui's state (struct sei_ui), the layout constants every screen keeps
 * to, the colours, and the small toolkit the screens draw with (text,
 * shapes, buttons, rows, message areas), so that each screen is one file
 * that lays out its own parts and no two screens hold a copy of the same
 * drawing. Only files under ui/ include it; kiosk/ uses ui.h. */
#ifndef SEI_UI_INTERNAL_H
#define SEI_UI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include <SDL.h>
#include <SDL_ttf.h>

#include "ui.h"

#define MAX_HITS 56
/* Every button and corner handle is at least this many logical pixels
 * each way: 10.8 mm on the 7" panel, over the 9 mm a fingertip needs with
 * room for a slip. */
#define TARGET 56
#define HANDLE_R (TARGET / 2.0) /* a corner handle's radius: TARGET across */
#define TEXT_CACHE 96
#define FONT_SIZES 3

/* Text sizes: the public sei_ui_text's, by shorter names. */
enum { FS_SMALL = SEI_UI_TEXT_SMALL, FS_BODY = SEI_UI_TEXT_BODY, FS_LARGE = SEI_UI_TEXT_LARGE };

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
    sei_ui_target hits[MAX_HITS]; /* the buttons as last drawn (handle -1) */
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

/* Colours of text; static so each file has them without a definition to
 * share (unused ones cost nothing). */
static const SDL_Color WHITE = {240, 240, 240, 255}, DIM = {170, 178, 190, 255},
                       YELLOW = {255, 214, 80, 255};
/* The screens' ground and the panels' (r, g, b, a, for ui_fill_rect). */
#define PANEL_BG 32, 36, 42, 255

/* ---- text (toolkit.c) ---------------------------------------------------------- */

enum { ALIGN_LEFT = 0, ALIGN_CENTRE, ALIGN_RIGHT };

/* The width of text at size FS_* in logical pixels, as ui_text_draw draws it. */
int ui_text_width(sei_ui *ui, const char *text, int size);
/* Note that text was drawn at scale k of its size (k < 1: shrunk or out of
 * its room), for sei_ui_text_fit. */
void ui_fit_note(sei_ui *ui, const char *text, double k);
/* One line with its left, centre or right at x and its vertical centre at
 * cy; shrunk to max_w when wider (0: no limit), which ui_fit_note records. */
void ui_text_draw(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int cy, int align, int max_w);
/* Text wrapped to max_w from (x, y) down, drawn when draw is set, else only
 * laid out; returns how many lines it takes. */
int ui_text_lines(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int y, int max_w, int draw);
/* Text wrapped to max_w from (x, y) down; returns the y below it. */
int ui_text_wrap(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int y, int max_w);
/* One line at the largest size from size down that fits max_w unshrunk;
 * returns the size used. */
int ui_text_draw_fit(sei_ui *ui, const char *text, int size, SDL_Color c, int x, int cy, int align, int max_w);

/* ---- shapes (toolkit.c) -------------------------------------------------------- */

void ui_set_colour(sei_ui *ui, int r, int g, int b, int a);
void ui_fill_rect(sei_ui *ui, int x, int y, int w, int h, int r, int g, int b, int a);
/* A box filled like ui_fill_rect with the buttons' edge round it. */
void ui_box(sei_ui *ui, int x, int y, int w, int h, int r, int g, int b, int a);
/* A filled disc of radius rad at (cx, cy). */
void ui_disc(sei_ui *ui, double cx, double cy, double rad, SDL_Color fill);
/* A line thick pixels wide. */
void ui_thick_line(sei_ui *ui, double x0, double y0, double x1, double y1, double thick, SDL_Color c);

/* ---- buttons and rows (toolkit.c) ---------------------------------------------- */

typedef enum { BTN_PLAIN = 0, BTN_PRIMARY, BTN_QUIET } btn_style;

/* A button with its label centred, remembered for taps (TARGET px or more
 * each way, as every screen makes them). */
void ui_button(sei_ui *ui, int x, int y, int w, int h, const char *label, sei_ui_button id, btn_style style,
               int size);
/* A row TARGET px high: [down] value [up] with its label; the value is a
 * button itself when value_id is not SEI_BTN_NONE. */
void ui_stepper(sei_ui *ui, int x, int y, int w, const char *label, const char *value, sei_ui_button down,
                const char *down_label, sei_ui_button up, const char *up_label, sei_ui_button value_id);
/* A row whose value (vw px wide) is a button that steps to the next choice. */
void ui_chooser(sei_ui *ui, int x, int y, int w, int vw, const char *label, const char *value, sei_ui_button id);

/* ---- messages (toolkit.c) ------------------------------------------------------ */

/* The status line in a screen's own message area, a w x h box at (x, y)
 * clear of its buttons; returns 1 when a message was drawn. */
int ui_message_area(sei_ui *ui, const char *status, int x, int y, int w, int h);

/* ---- the side panel (toolkit.c) ------------------------------------------------ */

/* The panel beside a board: rows TARGET high, 60 apart from y 48, and the
 * two buttons at the foot; six rows (territory rules' prisoners) fill it. */
#define PANEL_ROW0 48
#define PANEL_ROW 60
#define PANEL_FOOT (SEI_UI_H - TARGET - 8)

/* The panel from x to the screen's right edge, filled; returns the x its
 * contents start at, with their width in *w. */
int ui_side_panel(sei_ui *ui, int x, int *w);
/* The side panel's top line at x, w wide: the message while there is one,
 * else the title. */
void ui_panel_head(sei_ui *ui, const sei_ui_view *v, int x, int w, const char *title);
/* The panel's foot (at PANEL_FOOT): Back, back_w wide, and beside it the
 * screen's next step. */
void ui_panel_foot(sei_ui *ui, sei_lang lang, int x, int w, int back_w, const char *label, sei_ui_button id,
                   btn_style style, int size);

/* ---- the board (board_view.c) -------------------------------------------------- */

/* The board in a side x side square at (x0, y0): wood, lines, stars,
 * stones; dead stones crossed out and faded, points in check (NULL: none)
 * ringed; with a count sc (NULL: none), its territory. With span > 0 only
 * the span x span points from (c0, r0) are shown, filling the square.
 * Remembers where the points went (ui->board_on, bx, by, cell, ...). */
void ui_draw_board(sei_ui *ui, int x0, int y0, int side, const sei_board *b, const uint8_t *dead,
                   const uint8_t *check, const sei_score *sc, int c0, int r0, int span);
/* 1 when the last draw showed the board's point (col, row). */
int ui_board_shows(const sei_ui *ui, int col, int row);

/* ---- the camera's picture (camera_view.c) -------------------------------------- */

/* The picture is the left FRAME_W x SEI_UI_H of the screen, the panel the rest. */
#define FRAME_W 640

/* Frame pixels to logical pixels, as the frame was last drawn. */
void ui_frame_to_screen(const sei_ui *ui, double fx, double fy, double *sx, double *sy);
/* The grid's point (col, row) to logical pixels, through the view's H. */
void ui_grid_to_screen(const sei_ui *ui, const double H[9], double col, double row, double *sx, double *sy);
/* The frame in the picture's place with the grid found drawn over it; sets
 * ui->frame_on and the frame's place when the frame could be shown. */
void ui_draw_frame_grid(sei_ui *ui, const sei_ui_view *v);
/* A line of text on a dark bar across the top of the picture. */
void ui_picture_title(sei_ui *ui, const char *text, SDL_Color c);

/* ---- the screens (screen_*.c), each drawing the whole screen from v ------------- */

void ui_screen_live(sei_ui *ui, const sei_ui_view *v);
void ui_screen_record(sei_ui *ui, const sei_ui_view *v);
void ui_screen_confirm(sei_ui *ui, const sei_ui_view *v);
/* Over the confirm screen, when v->pad_for is set: forgets what lay under it. */
void ui_screen_pad(sei_ui *ui, const sei_ui_view *v);
void ui_screen_result(sei_ui *ui, const sei_ui_view *v);
void ui_screen_fill(sei_ui *ui, const sei_ui_view *v);
void ui_screen_settings(sei_ui *ui, const sei_ui_view *v);
void ui_screen_nocamera(sei_ui *ui, const sei_ui_view *v);
void ui_screen_players(sei_ui *ui, const sei_ui_view *v);
void ui_screen_keyboard(sei_ui *ui, const sei_ui_view *v);
void ui_screen_list(sei_ui *ui, const sei_ui_view *v);
void ui_screen_detail(sei_ui *ui, const sei_ui_view *v);
void ui_screen_dead(sei_ui *ui, const sei_ui_view *v);
void ui_screen_choice(sei_ui *ui, const sei_ui_view *v);
void ui_screen_station(sei_ui *ui, const sei_ui_view *v);

/* ---- the tournament banner (toolkit.c) ----------------------------------------- */

/* "Table 12 · Round 3 · Black: …, White: …" into out from what v knows;
 * returns 0 when nothing is known (no banner). */
int ui_banner_text(const sei_ui_view *v, char *out, size_t n);
/* The banner as a dark bar w x h at (x, y), its text cut with "…" where
 * the names are too long for it (a name cut is still told apart by its
 * start, and the players see it whole on the players' screen). Returns 1
 * when drawn. */
int ui_banner(sei_ui *ui, const sei_ui_view *v, int x, int y, int w, int h);
/* "2 results waiting for the station" into out when v->waiting > 0;
 * returns 0 (out "") when none wait. */
int ui_waiting_text(const sei_ui_view *v, char *out, size_t n);
/* That line on an amber bar w x h at (x, y); returns 1 when drawn. */
int ui_waiting_bar(sei_ui *ui, const sei_ui_view *v, int x, int y, int w, int h);
/* Text cut at a character with "…" so it is at most max_w wide at size. */
void ui_text_cut(sei_ui *ui, const char *text, int size, int max_w, char *out, size_t n);

#endif
