/* test_lab.c - colours to CIE L*a*b* (vision/lab.c) against the CIE
 * formulas computed here in double precision (sRGB's gamma, its matrix to
 * XYZ, D65's white, the cube root with its linear foot): every colour of a
 * 52-step cube of levels within a level (2.5 in the dark), and on average
 * a quarter of one;
 * black, white, grey and the primaries as known values; a grey picture
 * refused; and OpenCV's COLOR_BGR2Lab bytes, which the reader's readings
 * were measured with, for all 16,777,216 colours. */
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

static double lin(int v)
{
    double x = v / 255.0;
    return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

static double f(double t) { return t > 216.0 / 24389 ? cbrt(t) : t * 841.0 / 108 + 16.0 / 116; }

/* The 8-bit Lab of (b, g, r): L * 255 / 100, a + 128, b + 128. */
static void reference(int b, int g, int r, double out[3])
{
    double R = lin(r), G = lin(g), B = lin(b);
    double X = (0.412453 * R + 0.357580 * G + 0.180423 * B) / 0.950456;
    double Y = 0.212671 * R + 0.715160 * G + 0.072169 * B;
    double Z = (0.019334 * R + 0.119193 * G + 0.950227 * B) / 1.088754;
    double L = Y > 216.0 / 24389 ? 116 * cbrt(Y) - 16 : 24389.0 / 27 * Y;
    out[0] = L * 255 / 100;
    out[1] = 500 * (f(X) - f(Y)) + 128;
    out[2] = 200 * (f(Y) - f(Z)) + 128;
}

static void test_against_formulas(void **state)
{
    (void)state;
    enum { STEPS = 52 };
    sei_image src = {0}, dst = {0};
    assert_int_equal(sei_image_alloc(&src, STEPS * STEPS, STEPS, 3), 0);
    for (int r = 0; r < STEPS; r++)
        for (int g = 0; g < STEPS; g++)
            for (int b = 0; b < STEPS; b++) {
                uint8_t *p = sei_image_row(&src, r) + 3 * (g * STEPS + b);
                p[0] = (uint8_t)(b * 5), p[1] = (uint8_t)(g * 5), p[2] = (uint8_t)(r * 5);
            }
    assert_int_equal(sei_image_lab(&src, &dst), 0);
    assert_int_equal(dst.width, src.width);
    assert_int_equal(dst.height, src.height);
    assert_int_equal(dst.channels, 3);
    double err = 0;
    for (int y = 0; y < src.height; y++)
        for (int x = 0; x < src.width; x++) {
            const uint8_t *p = sei_image_row(&src, y) + 3 * x, *q = sei_image_row(&dst, y) + 3 * x;
            double want[3];
            reference(p[0], p[1], p[2], want);
            /* The fixed point's linear levels are coarse in the dark (the
             * darkest non-black level is 3 of 2040): there, as in OpenCV,
             * a and b stray up to 2.2 levels from the formulas. */
            double tol = want[0] >= 80 ? 1.0 : 2.5;
            for (int c = 0; c < 3; c++) {
                double w = want[c] < 0 ? 0 : want[c] > 255 ? 255 : want[c];
                if (fabs(q[c] - w) > tol)
                    fail_msg("bgr (%d,%d,%d) channel %d: %d, the formulas %.3f", p[0], p[1], p[2], c, q[c], w);
                err += fabs(q[c] - w);
            }
        }
    /* Rounded to the nearest level: 0.27 of a level on average (OpenCV's
     * bytes too); truncated, over half of one. */
    assert_true(err / (3.0 * src.width * src.height) < 0.35);
    sei_image_free(&src);
    sei_image_free(&dst);
}

static void test_known_colours(void **state)
{
    (void)state;
    static const struct {
        uint8_t bgr[3], lab[3];
    } known[] = {
        {{0, 0, 0}, {0, 128, 128}},       {{255, 255, 255}, {255, 128, 128}}, {{128, 128, 128}, {137, 128, 128}},
        {{0, 0, 255}, {136, 208, 195}},   {{0, 255, 0}, {224, 42, 211}},      {{255, 0, 0}, {82, 207, 20}},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        uint8_t px[3];
        memcpy(px, known[i].bgr, 3);
        sei_image src = {1, 1, 3, 3, px}, dst = {0};
        assert_int_equal(sei_image_lab(&src, &dst), 0);
        assert_memory_equal(dst.buf, known[i].lab, 3);
        sei_image_free(&dst);
    }
}

/* Every colour there is, as OpenCV converts it. */
static void test_same_as_opencv(void **state)
{
    (void)state;
    sei_image all = {0}, ours = {0}, theirs = {0};
    assert_int_equal(sei_image_alloc(&all, 4096, 4096, 3), 0);
    for (uint32_t i = 0; i < 1u << 24; i++) {
        uint8_t *p = all.buf + 3 * (size_t)i;
        p[0] = (uint8_t)i, p[1] = (uint8_t)(i >> 8), p[2] = (uint8_t)(i >> 16);
    }
    assert_int_equal(sei_image_lab(&all, &ours), 0);
    assert_int_equal(sei_cv_lab_opencv(&all, &theirs), 0);
    for (int y = 0; y < all.height; y++)
        if (memcmp(sei_image_row(&ours, y), sei_image_row(&theirs, y), (size_t)all.width * 3)) {
            const uint8_t *a = sei_image_row(&ours, y), *b = sei_image_row(&theirs, y), *c = sei_image_row(&all, y);
            int x = 0;
            while (!memcmp(a + 3 * x, b + 3 * x, 3))
                x++;
            fail_msg("bgr (%d,%d,%d): Lab (%d,%d,%d), OpenCV's (%d,%d,%d)", c[3 * x], c[3 * x + 1], c[3 * x + 2],
                     a[3 * x], a[3 * x + 1], a[3 * x + 2], b[3 * x], b[3 * x + 1], b[3 * x + 2]);
        }
    sei_image_free(&all);
    sei_image_free(&ours);
    sei_image_free(&theirs);
}

static void test_grey_refused(void **state)
{
    (void)state;
    uint8_t px[4] = {1, 2, 3, 4};
    sei_image src = {2, 2, 2, 1, px}, dst = {0};
    assert_int_equal(sei_image_lab(&src, &dst), -1);
    assert_null(dst.buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_formulas),
        cmocka_unit_test(test_known_colours),
        cmocka_unit_test(test_same_as_opencv),
        cmocka_unit_test(test_grey_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
