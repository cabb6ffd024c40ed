/* test_ridges.c - the reader's segment finder (vision/ridges.c) on drawn
 * black-hat pictures with known lines: a turned grid broken where stones
 * would hide it, a line in cloth-like texture, short lines about the
 * length limit; and the pictures with nothing to find. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ridges.h"
#include "testrand.h"

#define MAXSEG 20000
#define PI 3.14159265358979323846

static uint64_t rs = 88172645463325252ULL;
static double rnd(void) { return sei_test_rnd(&rs); }

/* A line: through (px, py) along the unit (ux, uy), from t0 to t1. */
typedef struct {
    double px, py, ux, uy, t0, t1;
} line_t;

/* Draw the line l into img, height h, a pixel wide (antialiased: the
 * height falls off over a pixel from its middle), keeping the higher. */
static void draw(sei_image *img, const line_t *l, double h)
{
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++) {
            double dx = x - l->px, dy = y - l->py, t = dx * l->ux + dy * l->uy, d = fabs(dx * l->uy - dy * l->ux);
            if (t < l->t0 || t > l->t1 || d >= 1)
                continue;
            uint8_t v = (uint8_t)lround(h * (1 - d)), *p = sei_image_row(img, y) + x;
            if (v > *p)
                *p = v;
        }
}

/* Length of l covered by segments within 1 pixel of it and 2 degrees of
 * its direction (the sum of their lengths along it). */
static double covered(const line_t *l, const float *segs, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++) {
        const float *s = segs + 5 * i;
        double dx = s[2] - s[0], dy = s[3] - s[1], len = hypot(dx, dy);
        double c = fabs((dx * l->ux + dy * l->uy) / len);
        double d0 = fabs((s[0] - l->px) * l->uy - (s[1] - l->py) * l->ux);
        double d1 = fabs((s[2] - l->px) * l->uy - (s[3] - l->py) * l->ux);
        if (c > cos(2 * PI / 180) && d0 <= 1 && d1 <= 1)
            sum += len;
    }
    return sum;
}

/* Segments at least min_len long further than 2 pixels from every line. */
static int strays(const line_t *lines, int nl, const float *segs, int n, double min_len)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        const float *s = segs + 5 * i;
        if (hypot(s[2] - s[0], s[3] - s[1]) < min_len)
            continue;
        int near = 0;
        for (int j = 0; j < nl && !near; j++) {
            const line_t *l = lines + j;
            near = fabs((s[0] - l->px) * l->uy - (s[1] - l->py) * l->ux) <= 2 &&
                   fabs((s[2] - l->px) * l->uy - (s[3] - l->py) * l->ux) <= 2;
        }
        k += !near;
    }
    return k;
}

/* The segments of img under p (room for MAXSEG; the caller frees them),
 * *n of them. */
static float *segments_of(const sei_image *img, const sei_ridge_params *p, int *n)
{
    float *segs = malloc(sizeof(float) * 5 * MAXSEG);
    assert_non_null(segs);
    *n = -1;
    assert_int_equal(sei_ridge_segments(img, p, segs, MAXSEG, n), 0);
    return segs;
}

static void noise(sei_image *img, int top)
{
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++)
            sei_image_row(img, y)[x] = (uint8_t)(rnd() * (top + 1));
}

/* A 19x19 grid turned 20 degrees, 24 pixels a cell, its lines broken by
 * round gaps where stones stand on about a third of its points: every
 * line's visible length is found, and nothing long away from the lines. */
static void test_turned_grid(void **state)
{
    (void)state;
    sei_image img = {0};
    assert_int_equal(sei_image_alloc(&img, 640, 640, 1), 0);
    noise(&img, 6);
    double a = 20 * PI / 180, ux = cos(a), uy = sin(a), cell = 24, ox = 170, oy = 40;
    line_t lines[38];
    for (int i = 0; i < 19; i++) {
        /* Line i of each family: along u through the origin moved i cells along v, and the other way. */
        lines[i] = (line_t){ox - i * cell * uy, oy + i * cell * ux, ux, uy, 0, 18 * cell};
        lines[19 + i] = (line_t){ox + i * cell * ux, oy + i * cell * uy, -uy, ux, 0, 18 * cell};
    }
    for (int i = 0; i < 38; i++)
        draw(&img, &lines[i], 120);
    /* Stones: the wood (here the dark) round a third of the points. */
    for (int i = 0; i < 19; i++)
        for (int j = 0; j < 19; j++) {
            if (rnd() > 0.33)
                continue;
            double cx = ox + j * cell * ux - i * cell * uy, cy = oy + j * cell * uy + i * cell * ux;
            for (int y = (int)cy - 12; y <= (int)cy + 12; y++)
                for (int x = (int)cx - 12; x <= (int)cx + 12; x++)
                    if (x >= 0 && y >= 0 && x < img.width && y < img.height && hypot(x - cx, y - cy) < 10.5)
                        sei_image_row(&img, y)[x] = 0;
        }
    sei_ridge_params p;
    sei_ridge_params_default(&p);
    int n;
    float *segs = segments_of(&img, &p, &n);
    assert_true(n > 38);
    double total = 0, found = 0;
    for (int i = 0; i < 38; i++) {
        /* The line's visible length: its pixels still drawn. */
        double seen = 0;
        for (double t = 0; t <= 18 * cell; t += 1) {
            int x = (int)lround(lines[i].px + t * lines[i].ux), y = (int)lround(lines[i].py + t * lines[i].uy);
            seen += sei_image_row(&img, y)[x] > 40;
        }
        double c = covered(&lines[i], segs, n);
        total += seen, found += c;
        /* Every line: most of what shows of it. */
        assert_true(c >= 0.6 * seen);
    }
    assert_true(found >= 0.8 * total);
    assert_int_equal(strays(lines, 38, segs, n, 12), 0);
    free(segs);
    sei_image_free(&img);
}

/* A line in cloth: texture up to 60 high everywhere, the line 150. The
 * floor taken from the picture's 90th percentile keeps the texture's own
 * chance ridges out; with the fixed floor alone (quantile 0) they come in. */
static void test_texture(void **state)
{
    (void)state;
    sei_image img = {0};
    assert_int_equal(sei_image_alloc(&img, 400, 300, 1), 0);
    noise(&img, 60);
    line_t l = {50, 40, cos(1.2), sin(1.2), 0, 240};
    draw(&img, &l, 150);
    sei_ridge_params p;
    sei_ridge_params_default(&p);
    int n;
    float *segs = segments_of(&img, &p, &n);
    assert_true(covered(&l, segs, n) >= 0.9 * 240);
    int kept_out = strays(&l, 1, segs, n, p.min_len);
    assert_true(kept_out <= 2);
    free(segs);
    p.quantile = 0;
    segs = segments_of(&img, &p, &n);
    assert_true(strays(&l, 1, segs, n, p.min_len) > 10 * (kept_out + 1));
    free(segs);
    sei_image_free(&img);
}

/* min_len does what it says: a lone line 7 pixels long is no segment at
 * the default 8, and is one at 6; max bounds what is written. */
static void test_lengths_and_max(void **state)
{
    (void)state;
    sei_image img = {0};
    assert_int_equal(sei_image_alloc(&img, 60, 40, 1), 0);
    memset(img.buf, 0, (size_t)img.stride * (size_t)img.height);
    for (int x = 20; x < 27; x++)
        sei_image_row(&img, 10)[x] = 100;
    sei_ridge_params p;
    sei_ridge_params_default(&p);
    float segs[5 * 3];
    int n = -1;
    assert_int_equal(sei_ridge_segments(&img, &p, segs, 3, &n), 0);
    assert_int_equal(n, 0);
    p.min_len = 6;
    assert_int_equal(sei_ridge_segments(&img, &p, segs, 3, &n), 0);
    assert_int_equal(n, 1);
    assert_true(fabsf(segs[1] - 10) < 0.01f && fabsf(segs[3] - 10) < 0.01f);
    assert_true(fabsf(fabsf(segs[2] - segs[0]) - 6) < 0.01f);
    /* Five lines, room for three (segs holds three: ASan sees a fourth). */
    sei_ridge_params_default(&p);
    for (int k = 0; k < 5; k++)
        for (int x = 5; x < 45; x++)
            sei_image_row(&img, 20 + 3 * k)[x] = 100;
    assert_int_equal(sei_ridge_segments(&img, &p, segs, 3, &n), 0);
    assert_int_equal(n, 3);
    sei_image_free(&img);
}

/* One line at 40 degrees from the rows and one at 47: each found once,
 * by its own pass (the steep pass's row maxima also trace the shallow
 * line, as a staircase, and the shallow pass's column maxima the steep
 * line: those pieces are left out), so the segments' lengths add up to
 * the lines' and no more. */
static void test_one_pass_each(void **state)
{
    (void)state;
    sei_image img = {0};
    assert_int_equal(sei_image_alloc(&img, 300, 300, 1), 0);
    memset(img.buf, 0, (size_t)img.stride * (size_t)img.height);
    line_t l[2] = {{20, 40, cos(40 * PI / 180), sin(40 * PI / 180), 0, 200},
                   {150, 20, cos(47 * PI / 180), sin(47 * PI / 180), 0, 200}};
    draw(&img, &l[0], 120);
    draw(&img, &l[1], 120);
    sei_ridge_params p;
    sei_ridge_params_default(&p);
    int n;
    float *segs = segments_of(&img, &p, &n);
    double total = 0;
    for (int i = 0; i < n; i++)
        total += hypot(segs[5 * i + 2] - segs[5 * i], segs[5 * i + 3] - segs[5 * i + 1]);
    for (int i = 0; i < 2; i++) {
        double c = covered(&l[i], segs, n);
        printf("line at %d degrees: %.0f of 200 pixels covered\n", i ? 47 : 40, c);
        assert_true(c >= 0.9 * 200);
    }
    printf("%d segments, %.0f pixels long in all\n", n, total);
    assert_true(total <= 1.05 * 400);
    free(segs);
    sei_image_free(&img);
}

/* Nothing to find: a flat picture, a picture of one pixel, of none; a
 * colour picture is refused. */
static void test_nothing(void **state)
{
    (void)state;
    sei_ridge_params p;
    sei_ridge_params_default(&p);
    float segs[5 * 4];
    int n = -1;
    sei_image img = {0};
    assert_int_equal(sei_image_alloc(&img, 50, 40, 1), 0);
    memset(img.buf, 200, (size_t)img.stride * (size_t)img.height);
    assert_int_equal(sei_ridge_segments(&img, &p, segs, 4, &n), 0);
    assert_int_equal(n, 0);
    sei_image_free(&img);
    assert_int_equal(sei_image_alloc(&img, 1, 1, 1), 0);
    img.buf[0] = 255;
    n = -1;
    assert_int_equal(sei_ridge_segments(&img, &p, segs, 4, &n), 0);
    assert_int_equal(n, 0);
    sei_image none = {0, 0, 0, 1, NULL};
    n = -1;
    assert_int_equal(sei_ridge_segments(&none, &p, segs, 4, &n), 0);
    assert_int_equal(n, 0);
    sei_image_free(&img);
    assert_int_equal(sei_image_alloc(&img, 8, 8, 3), 0);
    assert_int_equal(sei_ridge_segments(&img, &p, segs, 4, &n), -1);
    assert_int_equal(n, 0);
    sei_image_free(&img);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turned_grid),
        cmocka_unit_test(test_texture),
        cmocka_unit_test(test_lengths_and_max),
        cmocka_unit_test(test_one_pass_each),
        cmocka_unit_test(test_nothing),
    };
    /* No shared data used: a pass is a pass, never "skipped". */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
