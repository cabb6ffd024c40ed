/* test_shrink.c - the picture shrunk by pixel area (vision/shrink.c), the
 * reader's first step, against a reference computed here in double
 * precision straight from the definition (each new pixel the mean of the
 * old area it covers): random pictures of many sizes, ratios from just
 * over 1 to over 5, grey and colour; exact halves rounded to even; and the
 * sizes refused. And OpenCV's INTER_AREA's bytes, which the reader's
 * readings were measured with, for every ratio but whole ones (OpenCV
 * takes those by a fast path of its own; the reader leaves them to it). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cvwrap.h"
#include "image.h"
#include "testrand.h"

static uint64_t rs = 0x9E3779B97F4A7C15ULL;
static double rnd(void) { return sei_test_rnd(&rs); }

/* The mean of channel c of src over the new pixel (x, y) of a w x h
 * picture: the overlap of every old pixel with the new one's cell. */
static double reference(const sei_image *src, int w, int h, int x, int y, int c)
{
    double sx = (double)src->width / w, sy = (double)src->height / h;
    double x0 = x * sx, x1 = x0 + sx, y0 = y * sy, y1 = y0 + sy, sum = 0, area = 0;
    for (int j = (int)floor(y0); j < (int)ceil(y1) && j < src->height; j++)
        for (int i = (int)floor(x0); i < (int)ceil(x1) && i < src->width; i++) {
            double ox = fmin(i + 1, x1) - fmax(i, x0), oy = fmin(j + 1, y1) - fmax(j, y0);
            sum += ox * oy * sei_image_row(src, j)[i * src->channels + c];
            area += ox * oy;
        }
    return sum / area;
}

static void random_picture(sei_image *img, int w, int h, int cn, int smooth)
{
    assert_int_equal(sei_image_alloc(img, w, h, cn), 0);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w * cn; x++)
            /* Smooth: a slow ramp with a little noise, as a photo's wood;
             * else noise, every pixel its own. */
            sei_image_row(img, y)[x] =
                (uint8_t)(smooth ? 40 + (x / cn + 2 * y) % 170 + (int)(8 * rnd()) : (int)(256 * rnd()) & 255);
}

/* Shrunk pictures within a level of the reference, and on average much
 * closer (a shrink that rounded down, or shifted its cells by half a
 * pixel, is off by 0.5 on average and by more than 1 on noise). */
static void test_against_reference(void **state)
{
    (void)state;
    for (int it = 0; it < 60; it++) {
        int cn = it % 2 ? 3 : 1, sw = 2 + (int)(rnd() * 300), sh = 2 + (int)(rnd() * 240);
        /* Every third the reader's ratio, 1280 -> 1000. */
        int w = it % 3 ? 1 + (int)(rnd() * sw) : (int)lround(sw * 0.78125),
            h = it % 3 ? 1 + (int)(rnd() * sh) : (int)lround(sh * 0.78125);
        sei_image src = {0}, dst = {0};
        random_picture(&src, sw, sh, cn, it % 4 < 2);
        assert_int_equal(sei_image_shrink(&src, &dst, w, h), 0);
        assert_int_equal(dst.width, w);
        assert_int_equal(dst.height, h);
        assert_int_equal(dst.channels, cn);
        double err = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                for (int c = 0; c < cn; c++) {
                    double want = reference(&src, w, h, x, y, c), got = sei_image_row(&dst, y)[x * cn + c];
                    if (fabs(got - want) > 1.0)
                        fail_msg("%dx%dx%d -> %dx%d: (%d,%d,%d) %.0f, area mean %.3f", sw, sh, cn, w, h, x, y, c, got,
                                 want);
                    err += fabs(got - want);
                }
        assert_true(err / ((double)w * h * cn) < 0.3);
        sei_image_free(&src);
        sei_image_free(&dst);
    }
}

/* OpenCV's bytes: random sizes and ratios, the reader's 1280 -> 1000 and a
 * phone's 4032 x 3024 -> 1000 x 750, parts of larger pictures (a stride
 * wider than the row). Summed in another order, or with multiplies and
 * adds fused where OpenCV's are not (or not where they are), hundreds of
 * bytes differ. */
static void test_same_as_opencv(void **state)
{
    (void)state;
    int cases = 0;
    for (int it = 0; it < 160; it++) {
        int cn = it % 2 ? 3 : 1, sw = 2 + (int)(rnd() * 500), sh = 2 + (int)(rnd() * 400);
        int w = 1 + (int)(rnd() * sw), h = 1 + (int)(rnd() * sh);
        if (it == 0)
            sw = 1280, sh = 960, w = 1000, h = 750, cn = 3;
        if (it == 1)
            sw = 4032, sh = 3024, w = 1000, h = 750, cn = 3;
        if (sw % w == 0 && sh % h == 0)
            continue;
        sei_image big = {0}, ours = {0}, theirs = {0};
        random_picture(&big, sw + 7, sh, cn, it % 4 < 2);
        sei_image src = sei_image_part(&big, 5, 0, sw, sh);
        assert_int_equal(sei_image_shrink(&src, &ours, w, h), 0);
        assert_int_equal(sei_cv_resize_opencv(&src, &theirs, w, h), 0);
        for (int y = 0; y < h; y++)
            if (memcmp(sei_image_row(&ours, y), sei_image_row(&theirs, y), (size_t)w * cn))
                fail_msg("%dx%dx%d -> %dx%d: row %d differs from OpenCV's", sw, sh, cn, w, h, y);
        cases++;
        sei_image_free(&big);
        sei_image_free(&ours);
        sei_image_free(&theirs);
    }
    assert_true(cases > 100);
}

/* Two pixels into one: their mean, a half rounded to the even level. */
static void test_halves_to_even(void **state)
{
    (void)state;
    const uint8_t pairs[][3] = {{1, 2, 2}, {3, 4, 4}, {2, 3, 2}, {4, 5, 4}, {0, 255, 128}, {254, 255, 254}, {9, 9, 9}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        /* 3 x 1 into 2 x 1 would mix thirds; 2 x 1 into 1 x 1 is a whole
         * ratio, which the reader leaves to OpenCV but shrink takes too. */
        uint8_t px[2] = {pairs[i][0], pairs[i][1]};
        sei_image src = {2, 1, 2, 1, px}, dst = {0};
        assert_int_equal(sei_image_shrink(&src, &dst, 1, 1), 0);
        assert_int_equal(dst.buf[0], pairs[i][2]);
        sei_image_free(&dst);
    }
}

/* A part of a larger picture (its rows a stride apart) shrinks as the same
 * pixels copied out would. */
static void test_part_of_picture(void **state)
{
    (void)state;
    sei_image big = {0}, copy = {0}, a = {0}, b = {0};
    random_picture(&big, 200, 150, 3, 1);
    sei_image part = sei_image_part(&big, 17, 9, 128, 96);
    assert_int_equal(sei_image_copy(&part, &copy), 0);
    assert_int_equal(copy.stride, 128 * 3);
    assert_int_equal(sei_image_shrink(&part, &a, 100, 75), 0);
    assert_int_equal(sei_image_shrink(&copy, &b, 100, 75), 0);
    for (int y = 0; y < 75; y++)
        assert_memory_equal(sei_image_row(&a, y), sei_image_row(&b, y), 300);
    sei_image_free(&big);
    sei_image_free(&copy);
    sei_image_free(&a);
    sei_image_free(&b);
}

/* Larger than the picture either way, or empty: refused, nothing made. */
static void test_sizes_refused(void **state)
{
    (void)state;
    sei_image src = {0}, dst = {0};
    random_picture(&src, 40, 30, 3, 0);
    const int sizes[][2] = {{41, 30}, {40, 31}, {0, 10}, {10, 0}, {-1, 5}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        assert_int_equal(sei_image_shrink(&src, &dst, sizes[i][0], sizes[i][1]), -1);
        assert_null(dst.buf);
    }
    sei_image_free(&src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_reference),
        cmocka_unit_test(test_same_as_opencv),
        cmocka_unit_test(test_halves_to_even),
        cmocka_unit_test(test_part_of_picture),
        cmocka_unit_test(test_sizes_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
