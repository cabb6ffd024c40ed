/* ridges.c - the reader's stage 1: the straight line segments of a
 * black-hat picture, where a board's grid lines are thin bright ridges on
 * dark. Each ridge is followed along its middle (the pixels higher than
 * their neighbours across it), as 8-connected chains of pixels, and each
 * chain is cut into straight pieces, as OpenCV contrib's FastLineDetector
 * cuts Canny's edges (Lee et al., 2014).
 *
 * Why not OpenCV: its LSD, used before, costs 30-50 ms a picture on one
 * core here, most of it per pixel and even on an empty picture, against 5-8
 * ms for this; FastLineDetector sits in ximgproc, which links OpenCV's
 * picture codecs (and through them some 150 libraries) that the program
 * keeps in a plugin; and Canny's edges of a thin line are its two sides,
 * broken where the line crosses another. README: Reading a photo. */
#include "ridges.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void sei_ridge_params_default(sei_ridge_params *p)
{
    p->min_height = 14;
    p->quantile = 0.90;
    p->min_len = 8;
    p->max_dist = 1.414;
}

/* The sums of a straight piece's points as it grows. */
typedef struct {
    double n, sx, sy, sxx, sxy, syy;
} piece_t;

static void piece_add(piece_t *f, double x, double y)
{
    f->n++, f->sx += x, f->sy += y, f->sxx += x * x, f->sxy += x * y, f->syy += y * y;
}

/* The line nearest all the piece's points (their covariance's main axis):
 * a point (cx, cy) on it and its direction (ux, uy). */
static void piece_line(const piece_t *f, double *cx, double *cy, double *ux, double *uy)
{
    *cx = f->sx / f->n, *cy = f->sy / f->n;
    double cxx = f->sxx / f->n - *cx * *cx, cyy = f->syy / f->n - *cy * *cy, cxy = f->sxy / f->n - *cx * *cy;
    double a = 0.5 * atan2(2 * cxy, cxx - cyy);
    *ux = cos(a), *uy = sin(a);
}

static double off_line(double cx, double cy, double ux, double uy, double x, double y)
{
    return fabs((x - cx) * uy - (y - cy) * ux);
}

/* The chain pts[0..n) (x y pairs) cut into straight pieces of at least
 * min_len pixels, none further than max_dist from its line, into segs (x1
 * y1 x2 y2 width) from *k up to max: the steep ones (steep 1: at 45
 * degrees or more) or the shallow ones (0). A piece starts where its
 * first min_len pixels lie on one line, and grows while the next pixel
 * does. */
static void cut_chain(const float *pts, int n, const sei_ridge_params *p, int steep, float *segs, int max, int *k)
{
    int L = p->min_len < 2 ? 2 : p->min_len;
    int i = 0;
    while (i + L <= n && *k < max) {
        piece_t f = {0};
        for (int j = i; j < i + L; j++)
            piece_add(&f, pts[2 * j], pts[2 * j + 1]);
        double cx, cy, ux, uy;
        piece_line(&f, &cx, &cy, &ux, &uy);
        int straight = 1;
        for (int j = i; j < i + L && straight; j++)
            straight = off_line(cx, cy, ux, uy, pts[2 * j], pts[2 * j + 1]) <= p->max_dist;
        if (!straight) {
            i++;
            continue;
        }
        int e = i + L;
        while (e < n && off_line(cx, cy, ux, uy, pts[2 * e], pts[2 * e + 1]) <= p->max_dist) {
            piece_add(&f, pts[2 * e], pts[2 * e + 1]);
            e++;
            /* The line follows the piece as it grows (its sums: cheap). */
            if ((e - i) % 8 == 0)
                piece_line(&f, &cx, &cy, &ux, &uy);
        }
        piece_line(&f, &cx, &cy, &ux, &uy);
        /* Its ends: the first and last pixels moved onto its line. */
        double t0 = (pts[2 * i] - cx) * ux + (pts[2 * i + 1] - cy) * uy;
        double t1 = (pts[2 * (e - 1)] - cx) * ux + (pts[2 * (e - 1) + 1] - cy) * uy;
        float x0 = (float)(cx + t0 * ux), y0 = (float)(cy + t0 * uy), x1 = (float)(cx + t1 * ux),
              y1 = (float)(cy + t1 * uy);
        /* Only its pass's kind: a shallow piece of the steep pass runs
         * along a staircase of row maxima (and the other way round). */
        if (fabs(t1 - t0) >= L - 1 && (fabsf(y1 - y0) >= fabsf(x1 - x0)) == steep) {
            float *s = segs + 5 * *k;
            s[0] = x0, s[1] = y0, s[2] = x1, s[3] = y1, s[4] = 1.0f;
            (*k)++;
        }
        i = e;
    }
}

/* The next pixel of a chain from (x, y): a neighbour still marked 255, the
 * four sides before the corners. 1 with (*nx, *ny), or 0. */
static int next_pixel(const uint8_t *m, int w, int h, int x, int y, int *nx, int *ny)
{
    static const int d[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
    for (int k = 0; k < 8; k++) {
        int u = x + d[k][0], v = y + d[k][1];
        if (u >= 0 && v >= 0 && u < w && v < h && m[(size_t)v * w + u] == 255) {
            *nx = u, *ny = v;
            return 1;
        }
    }
    return 0;
}

/* The segments of the marked pixels of m (w x h, 255 marked; those
 * followed are set to 1) into segs from *k up to max; pts and back hold a
 * chain (w * h points each). Each chain is followed both ways from its
 * first pixel in row order, and joined end to start. Few pixels are
 * marked: memchr finds the next one (a quarter of the stage's time went
 * on looking at every byte). */
static void chains(uint8_t *m, int w, int h, const sei_ridge_params *p, int steep, float *pts, int *back, float *segs,
                   int max, int *k)
{
    for (int y = 0; y < h && *k < max; y++) {
        uint8_t *row = m + (size_t)y * w;
        for (int x = 0; x < w && *k < max; x++) {
            const uint8_t *hit = memchr(row + x, 255, (size_t)(w - x));
            if (!hit)
                break;
            x = (int)(hit - row);
            row[x] = 1;
            int nb = 0, nf = 0, cx = x, cy = y, nx, ny;
            while (next_pixel(m, w, h, cx, cy, &nx, &ny)) {
                m[(size_t)ny * w + nx] = 1;
                back[2 * nb] = nx, back[2 * nb + 1] = ny, nb++;
                cx = nx, cy = ny;
            }
            for (int i = nb - 1; i >= 0; i--, nf++)
                pts[2 * nf] = (float)back[2 * i], pts[2 * nf + 1] = (float)back[2 * i + 1];
            pts[2 * nf] = (float)x, pts[2 * nf + 1] = (float)y, nf++;
            cx = x, cy = y;
            while (next_pixel(m, w, h, cx, cy, &nx, &ny)) {
                m[(size_t)ny * w + nx] = 1;
                pts[2 * nf] = (float)nx, pts[2 * nf + 1] = (float)ny, nf++;
                cx = nx, cy = ny;
            }
            cut_chain(pts, nf, p, steep, segs, max, k);
        }
    }
}

/* n marks o: 255 where pixel c[x] is at least t, at least l[x] and more
 * than r[x], the middle of a ridge across it: of a steep ridge with l and
 * r its neighbours in the row (c one pixel on), of a shallow one with l
 * and r the rows above and below; a plateau's last pixel is its middle. Without branches, so the compiler
 * does sixteen pixels at once (this was half the stage's time). */
static void mark_row(const uint8_t *restrict c, const uint8_t *restrict l, const uint8_t *restrict r, int n, uint8_t t,
                     uint8_t *restrict o)
{
    for (int x = 0; x < n; x++)
        o[x] = (uint8_t)(0u - (unsigned)((c[x] >= t) & (c[x] >= l[x]) & (c[x] > r[x])));
}

/* The height a ridge must reach in bh: min_height, or more where the
 * picture's texture (cloth, wood grain) makes ridges of its own: the
 * height that quantile of all pixels stay under. */
static int ridge_floor(const sei_image *bh, const sei_ridge_params *p)
{
    /* Four histograms summed at the end: neighbouring pixels of equal
     * value then add to different counters, not each waiting for the last
     * (a third of the time of one). */
    size_t part[4][256] = {{0}}, hist[256], total = (size_t)bh->width * (size_t)bh->height, below = 0;
    for (int y = 0; y < bh->height; y++) {
        const uint8_t *r = sei_image_row(bh, y);
        int x = 0;
        for (; x + 4 <= bh->width; x += 4) {
            part[0][r[x]]++;
            part[1][r[x + 1]]++;
            part[2][r[x + 2]]++;
            part[3][r[x + 3]]++;
        }
        for (; x < bh->width; x++)
            part[0][r[x]]++;
    }
    for (int i = 0; i < 256; i++)
        hist[i] = part[0][i] + part[1][i] + part[2][i] + part[3][i];
    int v = 0;
    for (; v < 255 && (double)(below + hist[v]) < p->quantile * (double)total; v++)
        below += hist[v];
    return v > p->min_height ? v : p->min_height;
}

int sei_ridge_segments(const sei_image *bh, const sei_ridge_params *p, float *segs, int max, int *n)
{
    *n = 0;
    if (bh->channels != 1)
        return -1;
    int w = bh->width, h = bh->height;
    if (w <= 0 || h <= 0)
        return 0;
    size_t np = (size_t)w * (size_t)h;
    uint8_t *m = malloc(np);
    float *pts = malloc(sizeof(float) * 2 * np);
    int *back = malloc(sizeof(int) * 2 * np);
    if (!m || !pts || !back) {
        free(m), free(pts), free(back);
        return -1;
    }
    int t = ridge_floor(bh, p), k = 0;
    for (int across = 0; across < 2; across++) {
        /* across 0: steep ridges, whose middle pixel is the highest of the
         * three in its row; 1: shallow ones, of the three in its column.
         * A plateau's last pixel is its middle; the picture's outer
         * columns and rows, with a neighbour on one side only, are none
         * (a flat picture or a ramp has no ridge). */
        for (int y = 0; y < h; y++) {
            const uint8_t *r = sei_image_row(bh, y);
            uint8_t *o = m + (size_t)y * w;
            memset(o, 0, (size_t)w);
            if (t > 255) /* no pixel reaches it */
                continue;
            if (across == 0 && w > 2)
                mark_row(r + 1, r, r + 2, w - 2, (uint8_t)t, o + 1);
            else if (across == 1 && y > 0 && y + 1 < h)
                mark_row(r, sei_image_row(bh, y - 1), sei_image_row(bh, y + 1), w, (uint8_t)t, o);
        }
        chains(m, w, h, p, across == 0, pts, back, segs, max, &k);
    }
    free(m), free(pts), free(back);
    *n = k;
    return 0;
}
