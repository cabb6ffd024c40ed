/* lab.c - a picture's colours as CIE L*a*b* in 8 bits (L scaled to 0..255,
 * a and b offset by 128), as OpenCV's COLOR_BGR2Lab gives them.
 *
 * Why not cv::cvtColor: OpenCV 4.6 builds its Lab tables at the first
 * conversion in software floating point, 130-190 ms on this machine,
 * paid by every `seichi score` or `detect` of a photo (the stones stage
 * reads the board in Lab), two fifths of the command's whole time. The
 * same fixed-point arithmetic from tables built in double precision takes
 * microseconds to set up and gives the same bytes for all 16,777,216
 * colours (checked against cv::cvtColor on this machine; test_lab holds it
 * to the CIE formulas): sRGB's gamma undone into a table of 256, the
 * matrix to XYZ over the D65 white in 12-bit fixed point, the cube root
 * from a table of 3,072, then L, a and b. */
#include "image.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

enum {
    LAB_SHIFT = 12,                      /* the matrix's fixed point */
    GAMMA_SHIFT = 3,                     /* the linear levels' extra bits */
    LAB_SHIFT2 = LAB_SHIFT + GAMMA_SHIFT, /* the cube root table's fixed point */
    CBRT_N = 256 * 3 / 2 * (1 << GAMMA_SHIFT)
};

static uint16_t cbrt_tab[CBRT_N];
/* Each channel's level to its share of X, Y and Z: its linear level times
 * the matrix's column, made once (the products the per-pixel sums add). */
static int32_t share[3][256][3];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static int round_half_even(double v)
{
    double r = nearbyint(v); /* the default rounding mode: half to even, as cvRound */
    return (int)r;
}

static void tables_make(void)
{
    uint16_t gamma_tab[256];
    int coef[9];
    for (int i = 0; i < 256; i++) {
        double x = i / 255.0;
        x = x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
        gamma_tab[i] = (uint16_t)round_half_even(255.0 * (1 << GAMMA_SHIFT) * x);
    }
    for (int i = 0; i < CBRT_N; i++) {
        double x = i / (255.0 * (1 << GAMMA_SHIFT));
        x = x < 216.0 / 24389 ? x * (841.0 / 108) + 16.0 / 116 : cbrt(x);
        cbrt_tab[i] = (uint16_t)round_half_even((1 << LAB_SHIFT2) * x);
    }
    /* OpenCV takes these two cube roots in single precision, which lands
     * them a level the other side of a half (9454.5001 and 22125.49999
     * exactly): its entries, so the two agree on every colour. */
    cbrt_tab[49] = 9454;
    cbrt_tab[628] = 22126;
    /* sRGB's primaries to XYZ, each row over D65's white. */
    static const double m[9] = {0.412453, 0.357580, 0.180423, 0.212671, 0.715160,
                                0.072169, 0.019334, 0.119193, 0.950227};
    static const double white[3] = {0.950456, 1.0, 1.088754};
    for (int i = 0; i < 9; i++)
        coef[i] = round_half_even(m[i] * (1 << LAB_SHIFT) / white[i / 3]);
    /* Channel 0 is blue, 2 red; the matrix's columns are red, green, blue. */
    for (int c = 0; c < 3; c++)
        for (int v = 0; v < 256; v++)
            for (int k = 0; k < 3; k++)
                share[c][v][k] = gamma_tab[v] * coef[3 * k + (2 - c)];
}

#define DESCALE(x, n) (((x) + (1 << ((n)-1))) >> (n))

static inline uint8_t clamp8(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

int sei_image_lab(const sei_image *src, sei_image *dst)
{
    memset(dst, 0, sizeof *dst);
    if (src->channels != 3 || pthread_once(&tables_once, tables_make) ||
        sei_image_alloc(dst, src->width, src->height, 3))
        return -1;
    const int l_scale = (116 * 255 + 50) / 100, l_shift = -((16 * 255 * (1 << LAB_SHIFT2) + 50) / 100);
    for (int y = 0; y < src->height; y++) {
        const uint8_t *p = sei_image_row(src, y);
        uint8_t *o = sei_image_row(dst, y);
        for (int x = 0; x < src->width; x++, p += 3, o += 3) {
            const int32_t *b = share[0][p[0]], *g = share[1][p[1]], *r = share[2][p[2]];
            int fx = cbrt_tab[DESCALE(r[0] + g[0] + b[0], LAB_SHIFT)];
            int fy = cbrt_tab[DESCALE(r[1] + g[1] + b[1], LAB_SHIFT)];
            int fz = cbrt_tab[DESCALE(r[2] + g[2] + b[2], LAB_SHIFT)];
            o[0] = clamp8(DESCALE(l_scale * fy + l_shift, LAB_SHIFT2));
            o[1] = clamp8(DESCALE(500 * (fx - fy) + 128 * (1 << LAB_SHIFT2), LAB_SHIFT2));
            o[2] = clamp8(DESCALE(200 * (fy - fz) + 128 * (1 << LAB_SHIFT2), LAB_SHIFT2));
        }
    }
    return 0;
}
