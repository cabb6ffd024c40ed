/* test_imageio.c - pictures read and written without OpenCV's imgcodecs
 * (vision/imageio.c): round trips through PNG, JPEG, PPM and PGM; every
 * PNG layout libpng writes (grey, palette, alpha, 16 bits, interlaced)
 * coming out as 8-bit BGR; the eight EXIF orientations on a JPEG and an
 * orientation in a PNG's eXIf chunk; ASCII and binary netpbm files; the
 * reduced decode averaging 2x2 blocks; files cut short refused; a failed
 * write leaving nothing behind. The pictures are made here, with libpng
 * where a layout Seichi never writes is needed. */
#define _GNU_SOURCE /* dladdr */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include <dlfcn.h>
#include <png.h>
#include <zlib.h>

#include "cvwrap.h"
#include "picname.h"
#include "shared.h"
#include "source.h"

static char dir[64];

static void path_of(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", dir, name); }

/* A w x h picture whose four quadrants differ (top left red, top right
 * green, bottom left blue, bottom right white on BGR), so any turn or
 * flip shows. */
static void quadrants(sei_image *img, int w, int h)
{
    static const uint8_t q[4][3] = {{0, 0, 255}, {0, 255, 0}, {255, 0, 0}, {255, 255, 255}};
    assert_int_equal(sei_image_alloc(img, w, h, 3), 0);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            memcpy(sei_image_row(img, y) + 3 * x, q[(y >= h / 2) * 2 + (x >= w / 2)], 3);
}

/* Which quadrant colour (0..3 as above) the pixel near (fx, fy) of the
 * picture (fractions of its size) is nearest to. */
static int quadrant_at(const sei_image *img, double fx, double fy)
{
    static const int q[4][3] = {{0, 0, 255}, {0, 255, 0}, {255, 0, 0}, {255, 255, 255}};
    const uint8_t *p = sei_image_row(img, (int)(fy * img->height)) + 3 * (int)(fx * img->width);
    int best = -1;
    long bd = 0;
    for (int k = 0; k < 4; k++) {
        long d = 0;
        for (int c = 0; c < 3; c++)
            d += (long)(p[c] - q[k][c]) * (p[c] - q[k][c]);
        if (best < 0 || d < bd)
            best = k, bd = d;
    }
    return best;
}

static uint8_t *read_all(const char *path, size_t *len)
{
    char *b = sei_test_read_file(path, len);
    assert_non_null(b);
    return (uint8_t *)b;
}

static int max_diff(const sei_image *a, const sei_image *b)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->channels, b->channels);
    int worst = 0;
    for (int y = 0; y < a->height; y++)
        for (int x = 0; x < a->width * a->channels; x++) {
            int d = abs(sei_image_row(a, y)[x] - sei_image_row(b, y)[x]);
            worst = d > worst ? d : worst;
        }
    return worst;
}

/* PNG, PPM and PNM give back every byte; JPEG at quality 95 is close; a
 * grey picture comes back as BGR with three equal channels, from PNG, PGM
 * and JPEG alike. */
static void test_round_trips(void **state)
{
    (void)state;
    sei_image img, back;
    char path[128], err[256];
    assert_int_equal(sei_image_alloc(&img, 37, 23, 3), 0);
    for (int y = 0; y < img.height; y++)
        for (int x = 0; x < img.width * 3; x++)
            sei_image_row(&img, y)[x] = (uint8_t)(x * 7 + y * 13);
    const char *exact[] = {"a.png", "a.PPM", "a.pnm"};
    for (size_t i = 0; i < sizeof exact / sizeof *exact; i++) {
        path_of(path, sizeof path, exact[i]);
        assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
        assert_int_equal(sei_cv_load(path, 0, &back, err, sizeof err), 0);
        assert_int_equal(max_diff(&img, &back), 0);
        sei_image_free(&back);
    }
    sei_image_free(&img);
    /* JPEG: smooth content, so quality 95 keeps it within a few levels. */
    quadrants(&img, 64, 48);
    path_of(path, sizeof path, "q.jpg");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    assert_int_equal(sei_cv_load(path, 0, &back, err, sizeof err), 0);
    assert_int_equal(back.width, 64);
    assert_int_equal(back.height, 48);
    assert_int_equal(sei_image_row(&back, 10)[3 * 10 + 2] > 230, 1); /* red stays red */
    assert_int_equal(quadrant_at(&back, 0.9, 0.9), 3);
    sei_image_free(&back);
    sei_image_free(&img);

    sei_image grey;
    assert_int_equal(sei_image_alloc(&grey, 16, 8, 1), 0);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++)
            sei_image_row(&grey, y)[x] = (uint8_t)(x * 16);
    const char *greys[] = {"g.png", "g.pgm", "g.jpg"};
    for (size_t i = 0; i < 3; i++) {
        path_of(path, sizeof path, greys[i]);
        assert_int_equal(sei_cv_save(path, &grey, err, sizeof err), 0);
        assert_int_equal(sei_cv_load(path, 0, &back, err, sizeof err), 0);
        assert_int_equal(back.channels, 3);
        for (int x = 0; x < 16; x++) {
            const uint8_t *p = sei_image_row(&back, 4) + 3 * x;
            assert_int_equal(p[0], p[1]);
            assert_int_equal(p[1], p[2]);
            assert_true(abs(p[0] - x * 16) <= (i == 2 ? 4 : 0));
        }
        sei_image_free(&back);
    }
    /* A colour picture written as PGM is made grey. */
    quadrants(&img, 8, 8);
    path_of(path, sizeof path, "c.pgm");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    assert_int_equal(sei_cv_load(path, 0, &back, err, sizeof err), 0);
    assert_int_equal(sei_image_row(&back, 0)[0], 76); /* red's luma */
    assert_int_equal(sei_image_row(&back, 7)[3 * 7], 255);
    sei_image_free(&back);
    sei_image_free(&img);
    sei_image_free(&grey);
}

/* A PNG of any layout, written with libpng: w x h, the given colour type
 * and depth, rows of raw samples. */
static void write_png(const char *path, int w, int h, int color, int depth, int interlace, const uint8_t *raw,
                      size_t rowbytes, const png_color *palette, int npal)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    if (setjmp(png_jmpbuf(png)))
        fail_msg("libpng could not write %s", path);
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth, color, interlace, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (palette)
        png_set_PLTE(png, info, palette, npal);
    png_write_info(png, info);
    png_bytep *rows = malloc(sizeof *rows * (size_t)h);
    assert_non_null(rows);
    for (int y = 0; y < h; y++)
        rows[y] = (png_bytep)raw + (size_t)y * rowbytes;
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    fclose(f);
}

/* Every PNG layout comes out as 8-bit BGR: 16-bit samples keep their high
 * byte, a palette is looked up, alpha is dropped, grey is copied to each
 * channel, low-depth grey is stretched, an interlaced picture is whole. */
static void test_png_layouts(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img;
    enum { W = 9, H = 5 };
    uint8_t raw[H * W * 8];

    /* RGB, 16 bits a sample (big-endian): R 0x12.., G 0xAB.., B 0x7F.. */
    for (int i = 0; i < W * H; i++) {
        const uint8_t px[6] = {0x12, 0x34, 0xAB, 0xCD, 0x7F, 0xFF};
        memcpy(raw + 6 * i, px, 6);
    }
    path_of(path, sizeof path, "rgb16.png");
    write_png(path, W, H, PNG_COLOR_TYPE_RGB, 16, PNG_INTERLACE_NONE, raw, W * 6, NULL, 0);
    assert_int_equal(sei_cv_load(path, 0, &img, err, sizeof err), 0);
    assert_int_equal(img.channels, 3);
    uint8_t *p = sei_image_row(&img, 2) + 3 * 4;
    assert_int_equal(p[0], 0x7F);
    assert_int_equal(p[1], 0xAB);
    assert_int_equal(p[2], 0x12);
    sei_image_free(&img);

    /* RGBA, interlaced (Adam7): alpha dropped, every pixel in place. */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t *q = raw + 4 * (y * W + x);
            q[0] = (uint8_t)(20 * x), q[1] = (uint8_t)(40 * y), q[2] = 9, q[3] = (uint8_t)(x * 3);
        }
    path_of(path, sizeof path, "rgba-adam7.png");
    write_png(path, W, H, PNG_COLOR_TYPE_RGB_ALPHA, 8, PNG_INTERLACE_ADAM7, raw, W * 4, NULL, 0);
    assert_int_equal(sei_cv_load(path, 0, &img, err, sizeof err), 0);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            p = sei_image_row(&img, y) + 3 * x;
            assert_int_equal(p[2], 20 * x);
            assert_int_equal(p[1], 40 * y);
            assert_int_equal(p[0], 9);
        }
    sei_image_free(&img);

    /* Grey with alpha, 8 bits. */
    for (int i = 0; i < W * H; i++)
        raw[2 * i] = 200, raw[2 * i + 1] = 10;
    path_of(path, sizeof path, "ga.png");
    write_png(path, W, H, PNG_COLOR_TYPE_GRAY_ALPHA, 8, PNG_INTERLACE_NONE, raw, W * 2, NULL, 0);
    assert_int_equal(sei_cv_load(path, 0, &img, err, sizeof err), 0);
    p = sei_image_row(&img, 4) + 3 * 8;
    assert_true(p[0] == 200 && p[1] == 200 && p[2] == 200);
    sei_image_free(&img);

    /* Grey, 2 bits a pixel: 0..3 stretched to 0, 85, 170, 255. */
    memset(raw, 0, sizeof raw);
    for (int y = 0; y < H; y++)
        raw[y * 3] = 0x1B; /* 00 01 10 11 */
    path_of(path, sizeof path, "g2.png");
    write_png(path, W, H, PNG_COLOR_TYPE_GRAY, 2, PNG_INTERLACE_NONE, raw, 3, NULL, 0);
    assert_int_equal(sei_cv_load(path, 0, &img, err, sizeof err), 0);
    for (int x = 0; x < 4; x++)
        assert_int_equal(sei_image_row(&img, 1)[3 * x + 1], 85 * x);
    sei_image_free(&img);

    /* A palette of two colours, 1 bit a pixel. */
    const png_color pal[2] = {{10, 20, 30}, {250, 128, 5}};
    memset(raw, 0, sizeof raw);
    for (int y = 0; y < H; y++)
        raw[y * 2] = 0x80; /* the first pixel of each row is colour 1 */
    path_of(path, sizeof path, "pal.png");
    write_png(path, W, H, PNG_COLOR_TYPE_PALETTE, 1, PNG_INTERLACE_NONE, raw, 2, pal, 2);
    assert_int_equal(sei_cv_load(path, 0, &img, err, sizeof err), 0);
    p = sei_image_row(&img, 3);
    assert_true(p[0] == 5 && p[1] == 128 && p[2] == 250);
    assert_true(p[3] == 30 && p[4] == 20 && p[5] == 10);
    sei_image_free(&img);
}

/* The render with an APP1 Exif segment of orientation o spliced in after
 * its SOI. */
static uint8_t *with_exif(const uint8_t *jpg, size_t len, int o, size_t *out_len)
{
    uint8_t app1[] = {0xFF, 0xE1, 0x00, 0x22, 'E', 'x', 'i', 'f', 0, 0, 'I', 'I', 0x2A, 0, 8, 0, 0, 0,
                      1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, (uint8_t)o, 0, 0, 0, 0, 0, 0, 0};
    uint8_t *b = malloc(len + sizeof app1);
    assert_non_null(b);
    memcpy(b, jpg, 2);
    memcpy(b + 2, app1, sizeof app1);
    memcpy(b + 2 + sizeof app1, jpg + 2, len - 2);
    *out_len = len + sizeof app1;
    return b;
}

/* Where the top-left (red) quadrant of the picture as stored ends up for
 * each EXIF orientation, and which one is at the display's top left:
 * the eight turns and flips of the standard (little-endian EXIF here;
 * test_vision checks a big-endian one). */
static void test_exif_orientations(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img;
    quadrants(&img, 80, 40);
    path_of(path, sizeof path, "stored.jpg");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);
    size_t len;
    uint8_t *jpg = read_all(path, &len);
    /* The quadrant seen at the display's top left and top right. 0 red,
     * 1 green, 2 blue, 3 white as stored. */
    static const int want[9][2] = {{0, 0}, {0, 1}, {1, 0}, {3, 2}, {2, 3}, {0, 2}, {2, 0}, {3, 1}, {1, 3}};
    for (int o = 1; o <= 8; o++) {
        size_t n;
        uint8_t *b = with_exif(jpg, len, o, &n);
        assert_int_equal(sei_cv_decode(b, n, 0, &img, err, sizeof err), 0);
        assert_int_equal(img.width, o >= 5 ? 40 : 80);
        assert_int_equal(img.height, o >= 5 ? 80 : 40);
        int tl = quadrant_at(&img, 0.1, 0.1), tr = quadrant_at(&img, 0.9, 0.1);
        printf("  orientation %d: top left %d, top right %d\n", o, tl, tr);
        assert_int_equal(tl, want[o][0]);
        assert_int_equal(tr, want[o][1]);
        sei_image_free(&img);
        free(b);
    }
    free(jpg);

    /* A PNG whose eXIf chunk says 6 (a quarter turn clockwise). */
    quadrants(&img, 80, 40);
    path_of(path, sizeof path, "stored.png");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);
    uint8_t *png = read_all(path, &len);
    const uint8_t tiff[] = {'M', 'M', 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0};
    size_t n = len + 12 + sizeof tiff;
    uint8_t *b = malloc(n);
    assert_non_null(b);
    memcpy(b, png, len - 12); /* everything before IEND */
    uint8_t *c = b + len - 12;
    c[0] = c[1] = c[2] = 0, c[3] = sizeof tiff;
    memcpy(c + 4, "eXIf", 4);
    memcpy(c + 8, tiff, sizeof tiff);
    uLong crc = crc32(crc32(0, NULL, 0), c + 4, 4 + sizeof tiff);
    c[8 + sizeof tiff] = (uint8_t)(crc >> 24), c[9 + sizeof tiff] = (uint8_t)(crc >> 16);
    c[10 + sizeof tiff] = (uint8_t)(crc >> 8), c[11 + sizeof tiff] = (uint8_t)crc;
    memcpy(c + 12 + sizeof tiff, png + len - 12, 12);
    assert_int_equal(sei_cv_decode(b, n, 0, &img, err, sizeof err), 0);
    assert_int_equal(img.width, 40);
    assert_int_equal(img.height, 80);
    assert_int_equal(quadrant_at(&img, 0.1, 0.1), 2);
    assert_int_equal(quadrant_at(&img, 0.9, 0.1), 0);
    sei_image_free(&img);
    free(b);
    free(png);
}

/* The netpbm family by hand: ASCII and binary, grey, colour and bitmaps,
 * a largest sample other than 255, 16-bit samples. */
static void test_pnm(void **state)
{
    (void)state;
    sei_image img;
    char err[256];
    const char *p3 = "P3\n# a comment\n2 1\n15\n15 0 0  0 15 15\n";
    assert_int_equal(sei_cv_decode((const uint8_t *)p3, strlen(p3), 0, &img, err, sizeof err), 0);
    assert_int_equal(img.width, 2);
    const uint8_t *p = sei_image_row(&img, 0);
    assert_true(p[0] == 0 && p[1] == 0 && p[2] == 255 && p[3] == 255 && p[4] == 255 && p[5] == 0);
    sei_image_free(&img);
    const char *p2 = "P2 3 1 255 0 128 255";
    assert_int_equal(sei_cv_decode((const uint8_t *)p2, strlen(p2), 0, &img, err, sizeof err), 0);
    assert_int_equal(sei_image_row(&img, 0)[3 * 1 + 1], 128);
    sei_image_free(&img);
    const char *p1 = "P1\n4 1\n1001\n";
    assert_int_equal(sei_cv_decode((const uint8_t *)p1, strlen(p1), 0, &img, err, sizeof err), 0);
    assert_int_equal(sei_image_row(&img, 0)[0], 0);
    assert_int_equal(sei_image_row(&img, 0)[3], 255);
    assert_int_equal(sei_image_row(&img, 0)[9], 0);
    sei_image_free(&img);
    const uint8_t p4[] = {'P', '4', '\n', '9', ' ', '1', '\n', 0x80, 0x80};
    assert_int_equal(sei_cv_decode(p4, sizeof p4, 0, &img, err, sizeof err), 0);
    assert_int_equal(sei_image_row(&img, 0)[0], 0);
    assert_int_equal(sei_image_row(&img, 0)[3], 255);
    assert_int_equal(sei_image_row(&img, 0)[3 * 8], 0);
    sei_image_free(&img);
    const uint8_t p5[] = {'P', '5', ' ', '2', ' ', '1', ' ', '6', '5', '5', '3', '5', '\n', 0xFF, 0xFF, 0x80, 0x00};
    assert_int_equal(sei_cv_decode(p5, sizeof p5, 0, &img, err, sizeof err), 0);
    assert_int_equal(sei_image_row(&img, 0)[0], 255);
    assert_int_equal(sei_image_row(&img, 0)[3], 127);
    sei_image_free(&img);
    /* A strip of 100000x10: no side over 65536 is read. */
    const char *strip = "P5 100000 10 255\n";
    assert_int_equal(sei_cv_decode((const uint8_t *)strip, strlen(strip), 0, &img, err, sizeof err), -1);
    printf("  %s\n", err);
    assert_non_null(strstr(err, "65536"));
    /* Short of pixels, binary and ASCII; a header without a size. */
    const char *bad[] = {"P6\n4 4\n255\nabc", "P3\n2 2\n255\n1 2 3 4 5 6", "P5\n\n", "P6 0 4 255\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(sei_cv_decode((const uint8_t *)bad[i], strlen(bad[i]), 0, &img, err, sizeof err), -1);
        printf("  %s\n", err);
        assert_null(img.buf);
    }
}

/* Over max_pixels, a PNG or PNM is averaged 2x2 (or 4x4, 8x8) into the
 * smaller picture as it is read, and a JPEG is decoded at that scale. */
static void test_reduced_decode(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img, back;
    assert_int_equal(sei_image_alloc(&img, 41, 21, 3), 0); /* the odd last row and column are left out */
    for (int y = 0; y < img.height; y++)
        for (int x = 0; x < img.width * 3; x++)
            sei_image_row(&img, y)[x] = (uint8_t)((x / 3 % 2) * 100 + (y % 2) * 50); /* 2x2 mean: 75 */
    const char *names[] = {"r.png", "r.ppm"};
    for (int i = 0; i < 2; i++) {
        path_of(path, sizeof path, names[i]);
        assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
        assert_int_equal(sei_cv_load(path, (41 * 21 + 3) / 4, &back, err, sizeof err), 0);
        assert_int_equal(back.width, 20);
        assert_int_equal(back.height, 10);
        for (int y = 0; y < back.height; y++)
            for (int x = 0; x < back.width * 3; x++)
                assert_int_equal(sei_image_row(&back, y)[x], 75);
        sei_image_free(&back);
        assert_int_equal(sei_cv_load(path, (41 * 21 + 15) / 16, &back, err, sizeof err), 0);
        assert_int_equal(back.width, 10);
        sei_image_free(&back);
    }
    sei_image_free(&img);
    quadrants(&img, 160, 80);
    path_of(path, sizeof path, "r.jpg");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);
    assert_int_equal(sei_cv_load(path, 160 * 80 / 64, &back, err, sizeof err), 0);
    assert_int_equal(back.width, 20);
    assert_int_equal(back.height, 10);
    assert_int_equal(quadrant_at(&back, 0.9, 0.9), 3);
    sei_image_free(&back);
}

/* A PNG whose pixel data is damaged (its IEND still there) or cut short,
 * and a JPEG whose scan stops early but still ends with EOI: refused with
 * a message, never decoded with made-up pixels. */
static void test_damaged(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img;
    quadrants(&img, 64, 64);
    path_of(path, sizeof path, "d.png");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);
    size_t len;
    uint8_t *png = read_all(path, &len);
    png[len / 2] ^= 0x55; /* inside IDAT: its CRC no longer holds */
    assert_int_equal(sei_cv_decode(png, len, 0, &img, err, sizeof err), -1);
    printf("  damaged PNG: %s\n", err);
    assert_null(img.buf);
    free(png);

    quadrants(&img, 64, 64);
    path_of(path, sizeof path, "d.jpg");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);
    uint8_t *jpg = read_all(path, &len);
    /* Keep the headers and a third of the scan, then EOI. */
    size_t sos = 0;
    for (size_t i = 2; i + 1 < len; i++)
        if (jpg[i] == 0xFF && jpg[i + 1] == 0xDA) {
            sos = i;
            break;
        }
    assert_true(sos > 0);
    size_t cut = sos + (len - sos) / 3;
    jpg[cut] = 0xFF;
    jpg[cut + 1] = 0xD9;
    assert_int_equal(sei_cv_decode(jpg, cut + 2, 0, &img, err, sizeof err), -1);
    printf("  JPEG with its scan cut: %s\n", err);
    assert_null(img.buf);
    free(jpg);
}

/* Formats no decoder here reads (GIF, a phone's HEIF, AVIF) are refused
 * with their name and what to do; other unknown bytes are not named. */
static void test_unread_formats(void **state)
{
    (void)state;
    /* A whole 1x1 GIF; the first 24 bytes of a HEIC and an AVIF file. */
    static const uint8_t gif[] = {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
                                  0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b};
    static const uint8_t heic[] = {0, 0, 0, 24, 'f', 't', 'y', 'p', 'h', 'e', 'i', 'c', 0, 0, 0, 0,
                                   'm', 'i', 'f', '1', 'h', 'e', 'i', 'c'};
    static const uint8_t avif[] = {0, 0, 0, 24, 'f', 't', 'y', 'p', 'a', 'v', 'i', 'f', 0, 0, 0, 0,
                                   'm', 'i', 'f', '1', 'm', 'i', 'a', 'f'};
    static const uint8_t mp4[] = {0, 0, 0, 24, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 2, 0,
                                  'i', 's', 'o', 'm', 'm', 'p', '4', '1'};
    const struct {
        const uint8_t *b;
        size_t n;
        const char *named;
    } cases[] = {{gif, sizeof gif, "a GIF picture"},
                 {heic, sizeof heic, "a HEIF (HEIC) picture"},
                 {avif, sizeof avif, "an AVIF picture"},
                 {mp4, sizeof mp4, NULL},
                 {(const uint8_t *)"not a picture at all", 20, NULL}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256] = "";
        sei_image img = {0};
        assert_int_equal(sei_cv_decode(cases[i].b, cases[i].n, 0, &img, err, sizeof err), -1);
        assert_null(img.buf);
        printf("  %s\n", err);
        assert_true(err[0] != 0);
        if (cases[i].named) {
            assert_true(strstr(err, "JPEG or PNG") != NULL);
            assert_non_null(strstr(err, cases[i].named));
        } else
            assert_null(strstr(err, "Seichi does not read"));
    }
    assert_null(sei_picture_unread((const uint8_t *)"GIF8", 4));
}

/* A write that cannot be made says why, and leaves no file behind; a
 * device named as the output is never removed. */
static void test_failed_writes(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img;
    quadrants(&img, 16, 16);
    path_of(path, sizeof path, "no/such/folder/x.png");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), -1);
    printf("  %s\n", err);
    assert_true(strlen(err) > 10);
    /* Through a link to /dev/full: the write fails, the device stays. */
    struct stat st;
    if (stat("/dev/full", &st) == 0) {
        path_of(path, sizeof path, "full.png");
        assert_int_equal(symlink("/dev/full", path), 0);
        assert_int_equal(sei_cv_save(path, &img, err, sizeof err), -1);
        printf("  /dev/full: %s\n", err);
        assert_int_equal(stat("/dev/full", &st), 0);
        assert_true(S_ISCHR(st.st_mode));
        unlink(path);
    }
    /* A regular file that cannot grow past 1000 bytes: the half-written
     * picture is removed (in a child, which alone gets the limit). */
    path_of(path, sizeof path, "half.ppm");
    sei_image_free(&img);
    quadrants(&img, 64, 64); /* 12 KB as PPM */
    fflush(stdout);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = {1000, 1000};
        setrlimit(RLIMIT_FSIZE, &rl);
        _exit(sei_cv_save(path, &img, err, sizeof err) == -1 ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(stat(path, &st), -1);
    sei_image empty = {0};
    assert_int_equal(sei_cv_save(path, &empty, err, sizeof err), -1);
    sei_image_free(&img);
}

/* Whether a library whose path holds name is mapped into this process. */
static int mapped(const char *name)
{
    FILE *f = fopen("/proc/self/maps", "r");
    assert_non_null(f);
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, name) != NULL;
    fclose(f);
    return found;
}

/* Run check() in a child (with SEICHI_CVIO set to plugin when given) and
 * expect it to exit 0: the plugin, once loaded, stays for the process. */
static void in_child(void (*check)(void), const char *plugin)
{
    fflush(stdout);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (plugin)
            setenv("SEICHI_CVIO", plugin, 1);
        check();
        fflush(stdout);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            printf("  failed in the child: %s (line %d)\n", #c, __LINE__);                                            \
            fflush(stdout);                                                                                            \
            _exit(1);                                                                                                  \
        }                                                                                                              \
    } while (0)

/* JPEG, PNG and PNM are read and written without the plugin: it is not
 * loaded by them, and nor is imgcodecs; the first BMP loads both. */
static void what_loads_when(void)
{
    char path[128], err[256];
    sei_image img, back;
    quadrants(&img, 32, 16);
    const char *mine[] = {"m.png", "m.jpg", "m.ppm"};
    for (int i = 0; i < 3; i++) {
        path_of(path, sizeof path, mine[i]);
        CHECK(sei_cv_save(path, &img, err, sizeof err) == 0);
        CHECK(sei_cv_load(path, 0, &back, err, sizeof err) == 0);
        sei_image_free(&back);
    }
    CHECK(!mapped("seichi-cvio"));
    CHECK(!mapped("libopencv_imgcodecs"));
    CHECK(!mapped("libopencv_videoio"));
    path_of(path, sizeof path, "m.bmp");
    CHECK(sei_cv_save(path, &img, err, sizeof err) == 0);
    CHECK(mapped("seichi-cvio"));
    CHECK(mapped("libopencv_imgcodecs"));
    printf("  after a BMP: the plugin and imgcodecs loaded\n");
    sei_image_free(&img);
}

static void test_what_loads_when(void **state)
{
    (void)state;
    in_child(what_loads_when, NULL);
}

/* With no plugin (SEICHI_CVIO naming no file), the formats that need it
 * fail with a message that says so, never a crash, and JPEG and PNG still
 * read and write. */
static void without_plugin(void)
{
    char path[128], err[512];
    sei_image img, back;
    quadrants(&img, 32, 16);
    path_of(path, sizeof path, "n.png");
    CHECK(sei_cv_save(path, &img, err, sizeof err) == 0);
    CHECK(sei_cv_load(path, 0, &back, err, sizeof err) == 0);
    sei_image_free(&back);
    path_of(path, sizeof path, "n.bmp");
    CHECK(sei_cv_save(path, &img, err, sizeof err) == -1);
    printf("  save .bmp: %s\n", err);
    CHECK(strstr(err, "plugin") && strstr(err, "/nonexistent/seichi-cvio.so"));
    const uint8_t bmp[] = {'B', 'M', 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28,
                           0,   0,   0,    1, 0, 0, 0, 1, 0, 0, 0,    1, 0, 24, 0};
    CHECK(sei_cv_decode(bmp, sizeof bmp, 0, &back, err, sizeof err) == -1);
    printf("  decode a BMP: %s\n", err);
    CHECK(strstr(err, "not a picture") && strstr(err, "plugin"));
    CHECK(back.buf == NULL);
    path_of(path, sizeof path, "n.avi");
    CHECK(sei_cv_video_write(path, &img, 1, 10, err, sizeof err) == -1);
    CHECK(strstr(err, "plugin"));
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    fputs("RIFF not really a video", f);
    fclose(f);
    sei_source *s = NULL;
    CHECK(sei_source_try_open(path, &s, err, sizeof err) == SEI_SOURCE_ERROR);
    printf("  a video source: %s\n", err);
    CHECK(s == NULL && strstr(err, "plugin"));
    sei_image_free(&img);
    CHECK(!mapped("libopencv_imgcodecs"));
}

static void test_without_plugin(void **state)
{
    (void)state;
    in_child(without_plugin, "/nonexistent/seichi-cvio.so");
}

/* A library that is not the plugin, named as the plugin (zlib): refused
 * by name, nothing of it called. */
static void wrong_plugin(void)
{
    char err[512];
    sei_image img;
    const uint8_t bmp[] = {'B', 'M', 0, 0};
    CHECK(sei_cv_decode(bmp, sizeof bmp, 0, &img, err, sizeof err) == -1);
    printf("  zlib as the plugin: %s\n", err);
    CHECK(strstr(err, "not Seichi's OpenCV plugin"));
}

static void test_wrong_plugin(void **state)
{
    (void)state;
    Dl_info info;
    assert_true(dladdr((void *)crc32, &info) && info.dli_fname);
    in_child(wrong_plugin, info.dli_fname);
}

/* Through the plugin: BMP and TIFF written and read back exactly, the
 * caps applied there too (a BMP whose header says 30000x30000). */
static void test_other_formats(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img, back;
    assert_int_equal(sei_image_alloc(&img, 37, 23, 3), 0);
    for (int y = 0; y < img.height; y++)
        for (int x = 0; x < img.width * 3; x++)
            sei_image_row(&img, y)[x] = (uint8_t)(x * 7 + y * 13);
    const char *names[] = {"o.bmp", "o.tif", "o.tiff"};
    for (int i = 0; i < 3; i++) {
        path_of(path, sizeof path, names[i]);
        assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
        assert_int_equal(sei_cv_load(path, 0, &back, err, sizeof err), 0);
        assert_int_equal(max_diff(&img, &back), 0);
        sei_image_free(&back);
        /* Over max_pixels: shrunk to fit. */
        assert_int_equal(sei_cv_load(path, 37 * 23 / 4, &back, err, sizeof err), 0);
        assert_true((long)back.width * back.height <= 37 * 23 / 4);
        sei_image_free(&back);
    }
    sei_image_free(&img);
    /* A BMP header of 30000x30000, 24 bits: refused by the plugin's cap
     * before its pixels are read. */
    uint8_t bmp[54 + 64] = {'B', 'M'};
    bmp[10] = 54, bmp[14] = 40;
    const uint32_t side = 30000;
    memcpy(bmp + 18, &side, 4);
    memcpy(bmp + 22, &side, 4);
    bmp[26] = 1, bmp[28] = 24;
    assert_int_equal(sei_cv_decode(bmp, sizeof bmp, 0, &back, err, sizeof err), -1);
    printf("  BMP of 30000x30000: %s\n", err);
    assert_null(back.buf);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/seichi-imageio-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_what_loads_when),
        cmocka_unit_test(test_without_plugin),
        cmocka_unit_test(test_wrong_plugin),
        cmocka_unit_test(test_other_formats),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_png_layouts),
        cmocka_unit_test(test_exif_orientations),
        cmocka_unit_test(test_pnm),
        cmocka_unit_test(test_reduced_decode),
        cmocka_unit_test(test_damaged),
        cmocka_unit_test(test_unread_formats),
        cmocka_unit_test(test_failed_writes),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return failed;
}
