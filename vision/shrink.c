/* shrink.c - a picture made smaller by pixel area: each new pixel the mean
 * of the old pixels it covers, each weighted by how much of it it covers
 * (what OpenCV's INTER_AREA computes).
 *
 * Why not cv::resize: OpenCV 4.6 has a fast area path only for whole
 * ratios; at the reader's 1280 -> 1000 its general one took 12-15 ms a
 * picture on one core here, a fifth of the reading's time budget. This one
 * sums in the same order with the same float weights, so that the two
 * agree to the last bit for ratios other than whole ones (test_shrink, on
 * x86-64 and on arm64, where both fuse multiplies and adds), in about half
 * the time on one thread: each old row is made floats once and summed
 * across by a fixed number of taps, then the rows are summed down in loops
 * over whole rows that the compiler vectorises (-O3 for this file:
 * vision/CMakeLists.txt). */
#include "image.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The taps of one axis: new pixel i takes the k old pixels from first[i]
 * on, with weights w[i * k ..]; zero where it covers fewer than k (a zero
 * term adds nothing, exactly, and a fixed k lets the loops below be
 * unrolled). */
typedef struct {
    int k;
    int *first;
    float *w;
} taps;

static void taps_free(taps *t)
{
    free(t->first);
    free(t->w);
}

/* Old length n to new length m (m <= n). The weights are the share of each
 * old pixel a new one covers, as OpenCV's area resize takes them (the
 * scale as the inverse of m / n; a sliver under a thousandth of a pixel
 * left out; the last new pixel's cell cut at the picture's end), so that
 * the two agree to the last bit. */
static int taps_make(taps *t, int n, int m)
{
    double scale = 1. / ((double)m / n);
    int k = (int)ceil(scale) + 1;
    if (k > n)
        k = n;
    t->k = k;
    t->first = malloc(sizeof(int) * (size_t)m);
    t->w = calloc((size_t)m * (size_t)k, sizeof(float));
    if (!t->first || !t->w)
        return -1;
    for (int i = 0; i < m; i++) {
        double a = i * scale, b = a + scale, cell = scale < n - a ? scale : n - a;
        int lo = (int)ceil(a), hi = (int)floor(b);
        if (hi > n - 1)
            hi = n - 1;
        if (lo > hi)
            lo = hi;
        int from = lo - a > 1e-3 ? lo - 1 : lo;
        /* The window of k kept inside the old pixels. */
        int f = from + k > n ? n - k : from;
        float *w = t->w + (size_t)i * k - f;
        t->first[i] = f;
        if (from < lo)
            w[from] = (float)((lo - a) / cell);
        for (int j = lo; j < hi; j++)
            w[j] = (float)(1.0 / cell);
        if (b - hi > 1e-3) {
            double part = b - hi < 1. ? b - hi : 1.;
            w[hi] = (float)((part < cell ? part : cell) / cell);
        }
    }
    return 0;
}

/* A sum of levels 0..255 with weights summing to 1, rounded half to even
 * as OpenCV rounds (weights like 25/32 make exact halves common): adding
 * and taking away 1.5 * 2^23 leaves a float no fraction. lrintf, a call
 * into libm, took half the pass's time. */
static inline uint8_t level(float v)
{
    const float round = 12582912.0f;
    int q = (int)((v + round) - round);
    return (uint8_t)(q < 0 ? 0 : q > 255 ? 255 : q);
}

/* Horizontal: one old row's new pixels into out (w * cn floats), each the
 * weighted sum of the old pixels it covers, summed from the left. For 3
 * channels; inlined, so where k is a constant (2 or 3, the reader's
 * ratios) the loop is unrolled. */
static inline void across3(const float *r, const taps *tx, int w, int k, float *out)
{
    for (int x = 0; x < w; x++) {
        const float *wx = tx->w + (size_t)x * k;
        const float *p = r + (size_t)tx->first[x] * 3;
        float b = 0, g = 0, rd = 0;
        for (int j = 0; j < k; j++) {
            b += p[3 * j] * wx[j];
            g += p[3 * j + 1] * wx[j];
            rd += p[3 * j + 2] * wx[j];
        }
        out[3 * x] = b;
        out[3 * x + 1] = g;
        out[3 * x + 2] = rd;
    }
}

static void across(const uint8_t *r8, float *r, int sw, const taps *tx, int w, int cn, float *out)
{
    /* The row as floats first, in one vectorised loop: the sums below
     * then only load, multiply and add. */
    for (int i = 0; i < sw; i++)
        r[i] = r8[i];
    if (cn == 3 && tx->k == 2)
        across3(r, tx, w, 2, out);
    else if (cn == 3 && tx->k == 3)
        across3(r, tx, w, 3, out);
    else if (cn == 3)
        across3(r, tx, w, tx->k, out);
    else
        for (int x = 0; x < w; x++) {
            const float *wx = tx->w + (size_t)x * tx->k;
            const float *p = r + (size_t)tx->first[x] * cn;
            for (int c = 0; c < cn; c++) {
                float v = 0;
                for (int j = 0; j < tx->k; j++)
                    v += p[j * cn + c] * wx[j];
                out[x * cn + c] = v;
            }
        }
}

int sei_image_shrink(const sei_image *src, sei_image *dst, int w, int h)
{
    memset(dst, 0, sizeof *dst);
    if (w <= 0 || h <= 0 || w > src->width || h > src->height || src->channels < 1)
        return -1;
    if (sei_image_alloc(dst, w, h, src->channels))
        return -1;
    int cn = src->channels, dw = w * cn;
    taps tx = {0}, ty = {0};
    /* One old row across (the last one kept: a row shared by two new rows
     * is summed once) and the new row's sum. */
    int sw = src->width * cn;
    float *row = malloc(sizeof(float) * (size_t)dw), *sum = malloc(sizeof(float) * (size_t)dw),
          *old = malloc(sizeof(float) * (size_t)sw);
    int bad = !row || !sum || !old || taps_make(&tx, src->width, w) || taps_make(&ty, src->height, h), last = -1;
    for (int y = 0; !bad && y < h; y++) {
        const float *wy = ty.w + (size_t)y * ty.k;
        int started = 0;
        for (int k = 0; k < ty.k; k++) {
            float b = wy[k];
            int sy = ty.first[y] + k;
            if (b == 0)
                continue;
            if (sy != last)
                across(sei_image_row(src, sy), old, sw, &tx, w, cn, row);
            last = sy;
            if (!started)
                for (int i = 0; i < dw; i++)
                    sum[i] = b * row[i];
            else
                for (int i = 0; i < dw; i++)
                    sum[i] += b * row[i];
            started = 1;
        }
        uint8_t *o = sei_image_row(dst, y);
        for (int i = 0; i < dw; i++)
            o[i] = level(sum[i]);
    }
    free(row);
    free(sum);
    free(old);
    taps_free(&tx);
    taps_free(&ty);
    if (bad)
        sei_image_free(dst);
    return bad ? -1 : 0;
}
