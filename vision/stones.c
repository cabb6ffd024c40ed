/* stones.c - reading the stones on the top-down board.
 *
 * Each intersection is compared with the bare wood next to it rather than
 * with fixed colours, so pale and dark boards, coloured light and shadows
 * across the board all read the same way. The wood next to an intersection
 * is sampled at the four cell centres around it: a stone of one cell's
 * width standing on the intersection does not reach them (they are 0.7
 * cells away), and grid lines do not cross them.
 *   black: the intersection is much darker than its wood (median L*, so a
 *          glossy highlight does not lift it);
 *   white: much brighter, or clearly paler (less chroma) without being
 *          darker: white stones are grey-white, wood is yellow to brown.
 * The median of a small disk, not its mean, so the grid lines through an
 * empty intersection do not darken it. */
#include "stones.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double L, C;   /* median lightness and chroma */
    int valid;
} sample_t;

/* The k-th smallest (from 0) of n bytes, by counting: what sorting them
 * would give, in one pass (a reading takes medians of hundreds of disks). */
static int kth_u8(const uint8_t *v, int n, int k)
{
    int count[256] = {0};
    for (int i = 0; i < n; i++)
        count[v[i]]++;
    int b = 0;
    for (int seen = count[0]; seen <= k; seen += count[++b])
        ;
    return b;
}

/* Add the pixels of a disk of radius r around (x, y) to Ls/Cs. */
static int disk(const sei_image *lab, double x, double y, double r, uint8_t *Ls, uint8_t *Cs, int n, int cap)
{
    int x0 = (int)floor(x - r), x1 = (int)ceil(x + r), y0 = (int)floor(y - r), y1 = (int)ceil(y + r);
    for (int yy = y0; yy <= y1; yy++) {
        if (yy < 0 || yy >= lab->height)
            continue;
        const uint8_t *row = sei_image_row(lab, yy);
        for (int xx = x0; xx <= x1 && n < cap; xx++) {
            if (xx < 0 || xx >= lab->width)
                continue;
            double dx = xx - x, dy = yy - y;
            if (dx * dx + dy * dy > r * r)
                continue;
            const uint8_t *p = row + 3 * xx;
            double a = p[1] - 128.0, b = p[2] - 128.0, c = sqrt(a * a + b * b);
            Ls[n] = p[0];
            Cs[n] = (uint8_t)(c > 255 ? 255 : c);
            n++;
        }
    }
    return n;
}

static sample_t median_of(uint8_t *Ls, uint8_t *Cs, int n)
{
    sample_t s = {0, 0, 0};
    if (n == 0)
        return s;
    s.L = kth_u8(Ls, n, n / 2) * 100.0 / 255.0;
    s.C = kth_u8(Cs, n, n / 2);
    s.valid = 1;
    return s;
}

/* An intersection, sampled in four small disks on its diagonals: a stone
 * covers them all, while on an empty point they hold bare wood and never
 * the grid lines, whose ink would otherwise pull lightness and colour down. */
static sample_t sample_point(const sei_image *lab, double x, double y, double cell, double radius)
{
    uint8_t Ls[4096], Cs[4096];
    int n = 0;
    double off = radius * cell * 0.75, r = radius * cell * 0.45;
    const int dx[4] = {-1, 1, -1, 1}, dy[4] = {-1, -1, 1, 1};
    for (int i = 0; i < 4; i++)
        n = disk(lab, x + dx[i] * off, y + dy[i] * off, r, Ls, Cs, n, 4096);
    return median_of(Ls, Cs, n);
}

/* Median L* (0..100) and chroma of a disk of radius r around (x, y). */
static sample_t sample(const sei_image *lab, double x, double y, double r)
{
    uint8_t Ls[4096], Cs[4096];
    return median_of(Ls, Cs, disk(lab, x, y, r, Ls, Cs, 0, 4096));
}

int sei_stone_rule_read(const sei_stone_rule *p, double L0, double C0, double L, double C, int self, float *conf)
{
    double dL = L - L0, dC = C - C0;
    double bgap = fmax(p->black * L0, p->black_min), wgap = fmax(p->white * (100 - L0), p->white_min);
    double cgap = fmax(p->pale * C0, p->pale_min);
    /* Scores: how far past each threshold, in threshold units. */
    double black = -dL / bgap, white = dL / wgap;
    /* Paler and not darker: a white stone in shade is still grey, not
     * yellow. */
    double pale = dL > (self ? -p->pale_dark_self * bgap : p->pale_lift) ? -dC / cgap : 0;
    if (pale > white)
        white = pale;
    int c = SEI_EMPTY;
    double m;
    if (black >= 1 && black >= white) {
        c = SEI_BLACK;
        m = black - 1;
    } else if (white >= 1) {
        c = SEI_WHITE;
        m = white - 1;
    } else
        m = 1 - fmax(black, white);
    if (conf)
        *conf = (float)(0.5 + 0.5 * (m > 1 ? 1 : m < 0 ? 0 : m));
    return c;
}

void sei_stones_classify(const sei_image *lab, int size, double cell, double margin, const sei_vision_params *p,
                         const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2], sei_vision_result *r)
{
    sample_t pt[SEI_MAX_SIZE][SEI_MAX_SIZE];
    sample_t mid[SEI_MAX_SIZE + 1][SEI_MAX_SIZE + 1];
    double rad = p->stone_radius * cell;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
        {
            double sx = shift ? shift[y][x][0] : 0, sy = shift ? shift[y][x][1] : 0;
            if (hypot(sx, sy) < 0.1)
                pt[y][x] = sample_point(lab, margin + x * cell, margin + y * cell, cell, p->stone_radius);
            else
                /* Seen from the side the top of a stone is off the point,
                 * and a disk there may cross a grid line: its median does
                 * not mind a thin line. */
                pt[y][x] = sample(lab, margin + (x + sx) * cell, margin + (y + sy) * cell, p->stone_radius * cell * 0.9);
        }
    /* Cell centres, including the half-cells outside the outer lines (the
     * board's margin is wood too). */
    for (int y = 0; y <= size; y++)
        for (int x = 0; x <= size; x++)
            mid[y][x] = sample(lab, margin + (x - 0.5) * cell, margin + (y - 0.5) * cell, rad * 0.6);

    /* The whole board's wood: the median over all cell centres, a fallback
     * where the local ones disagree (covered by stones). */
    double allL[(SEI_MAX_SIZE + 1) * (SEI_MAX_SIZE + 1)], allC[(SEI_MAX_SIZE + 1) * (SEI_MAX_SIZE + 1)];
    int na = 0;
    for (int y = 0; y <= size; y++)
        for (int x = 0; x <= size; x++)
            if (mid[y][x].valid) {
                allL[na] = mid[y][x].L;
                allC[na] = mid[y][x].C;
                na++;
            }
    qsort(allL, (size_t)na, sizeof allL[0], sei_cmp_double);
    qsort(allC, (size_t)na, sizeof allC[0], sei_cmp_double);
    double woodL = na ? allL[na / 2] : 50, woodC = na ? allC[na / 2] : 20;

    r->min_confidence = 1;
    r->unsure_count = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            /* Local wood: median of the four cell centres around. */
            double Ls[4], Cs[4];
            int k = 0;
            for (int dy = 0; dy <= 1; dy++)
                for (int dx = 0; dx <= 1; dx++)
                    if (mid[y + dy][x + dx].valid) {
                        Ls[k] = mid[y + dy][x + dx].L;
                        Cs[k] = mid[y + dy][x + dx].C;
                        k++;
                    }
            double bL = woodL, bC = woodC;
            if (k >= 2) {
                qsort(Ls, (size_t)k, sizeof Ls[0], sei_cmp_double);
                qsort(Cs, (size_t)k, sizeof Cs[0], sei_cmp_double);
                /* The brighter half: a neighbouring black stone can shade a
                 * cell centre, seldom brighten one. */
                bL = Ls[k / 2];
                bC = Cs[k / 2];
            }
            float conf;
            int c = sei_stone_rule_read(&p->stone_rule, bL, bC, pt[y][x].L, pt[y][x].C, 0, &conf);
            if (p->trace && (c != SEI_EMPTY || conf < 0.75))
                fprintf(p->trace, "(%d,%d) %c L %.1f C %.1f  wood L %.1f C %.1f\n", x, y,
                        c == SEI_BLACK ? 'X' : c == SEI_WHITE ? 'O' : '.', pt[y][x].L, pt[y][x].C, bL, bC);
            r->sample_L[y][x] = (float)pt[y][x].L;
            r->sample_C[y][x] = (float)pt[y][x].C;
            r->grid[y][x] = (uint8_t)c;
            r->confidence[y][x] = conf;
            r->unsure[y][x] = conf < 0.5f + 0.5f * (float)p->stone_rule.unsure;
            r->unsure_count += r->unsure[y][x];
            if (conf < r->min_confidence)
                r->min_confidence = conf;
        }
}
