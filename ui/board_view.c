/* board_view.c - the board as the confirm and result screens show it: a
 * square of wood with its lines, star points and coordinates, the stones
 * (dead ones crossed out, doubtful ones ringed), the territory of a count,
 * the whole board or a zoomed part of it. It remembers where each point
 * went, so that taps and tests find the points again. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

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
void ui_draw_board(sei_ui *ui, int x0, int y0, int side, const sei_board *b, const uint8_t *dead, const uint8_t *check,
                   const sei_score *sc, int c0, int r0, int span)
{
    int n = b->size;
    int zoomed = span > 0 && span < n && c0 >= 0 && r0 >= 0 && c0 + span <= n && r0 + span <= n;
    if (!zoomed)
        c0 = r0 = 0, span = n;
    ui_fill_rect(ui, x0, y0, side, side, 220, 179, 92, 255);
    /* Coordinates fit in the margin where cells are big enough to read
     * them (9x9, 13x13); a 19x19 board needs the room for its stones, and
     * a zoomed one shows a part too small to need them. The numbers must
     * fit unshrunk (a board made smaller for the banner may leave too
     * little room). */
    char widest[12];
    snprintf(widest, sizeof widest, "%d", n);
    double est = (double)side / (n + 1.1);
    int labels = !zoomed && est >= 28 && ui_text_width(ui, widest, FS_SMALL) <= (int)(est * 0.62);
    /* With numbers, a margin that holds them beside a stone on the first
     * column (stones reach 0.47 of a cell, a number up to 0.62 of one). */
    double margin = labels ? 1.2 : zoomed ? 0.5 : 0.6;
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
        ui_thick_line(ui, ox, oy + i * cell, ox + (n - 1) * cell, oy + i * cell, t, line);
        ui_thick_line(ui, ox + i * cell, oy, ox + i * cell, oy + (n - 1) * cell, t, line);
    }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (is_star(n, x, y))
                ui_disc(ui, ox + x * cell, oy + y * cell, cell > 20 ? 3.5 : 2.5, line);
    /* Coordinates, as players name points: letters without I, numbers from the bottom. */
    if (labels)
        for (int i = 0; i < n; i++) {
            char lab[12];
            snprintf(lab, sizeof lab, "%c", 'A' + i + (i >= 8));
            ui_text_draw(ui, lab, FS_SMALL, (SDL_Color){90, 70, 30, 255}, (int)(ox + i * cell), (int)(oy - cell * 0.78),
                         ALIGN_CENTRE, 0);
            snprintf(lab, sizeof lab, "%d", n - i);
            /* Ending just short of where a first column's stone begins:
             * stones drawn later never cover a number. */
            ui_text_draw(ui, lab, FS_SMALL, (SDL_Color){90, 70, 30, 255}, (int)(ox - cell * 0.5 - 2),
                         (int)(oy + i * cell), ALIGN_RIGHT, (int)(cell * 0.62));
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
                ui_disc(ui, cx, cy, rad, rim);
                ui_disc(ui, cx, cy, rad - 1.5, body);
                if (is_dead) {
                    SDL_Color red = {220, 30, 30, 255};
                    double k = rad * 0.6;
                    ui_thick_line(ui, cx - k, cy - k, cx + k, cy + k, 3, red);
                    ui_thick_line(ui, cx - k, cy + k, cx + k, cy - k, 3, red);
                }
            }
            if (check && check[p]) {
                /* An orange ring a little outside the stone: the camera's doubt. */
                SDL_Color orange = {255, 140, 0, 255};
                enum { SEG = 24 };
                double rr = cell * 0.56;
                for (int i = 0; i < SEG; i++) {
                    double a0 = 2 * 3.14159265358979323846 * i / SEG, a1 = 2 * 3.14159265358979323846 * (i + 1) / SEG;
                    ui_thick_line(ui, cx + rr * cos(a0), cy + rr * sin(a0), cx + rr * cos(a1), cy + rr * sin(a1), 3,
                                  orange);
                }
            }
            if (sc && (c == SEI_EMPTY || is_dead)) {
                int m = sc->mark[p];
                if (m == SEI_MARK_TERRITORY) {
                    int own = sc->owner[p];
                    double k = cell * 0.18;
                    SDL_Rect sq = {(int)(cx - k), (int)(cy - k), (int)(2 * k), (int)(2 * k)};
                    if (own == SEI_BLACK)
                        ui_set_colour(ui, 20, 20, 20, 255);
                    else
                        ui_set_colour(ui, 250, 250, 250, 255);
                    SDL_RenderFillRect(ui->r, &sq);
                    ui_set_colour(ui, 80, 80, 80, 255);
                    SDL_RenderDrawRect(ui->r, &sq);
                } else if (m == SEI_MARK_SEKI_EYE || m == SEI_MARK_FALSE_EYE) {
                    ui_disc(ui, cx, cy, cell * 0.12, (SDL_Color){60, 110, 200, 255});
                }
            }
        }
    SDL_RenderSetClipRect(ui->r, NULL);
}

int ui_board_shows(const sei_ui *ui, int col, int row)
{
    return ui->board_on && col >= ui->bc0 && row >= ui->br0 && col < ui->bc0 + ui->bshown &&
           row < ui->br0 + ui->bshown && col < ui->bsize && row < ui->bsize;
}
