/* test_vision.c - the board reader: boards drawn here with known positions
 * (straight on and in perspective), bad pictures refused cleanly, and
 * floors on the committed renders (images/renders) and, when present, the
 * shared real photos. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli.h"
#include "cvwrap.h"
#include "lattice.h"
#include "shared.h"
#include "vision.h"

/* Draw a board of size n with the given grid through homography H (lattice
 * to pixels) on a w x h table; stones are filled disks of 0.47 cells. */
static void draw_board(sei_image *img, int w, int h, int n, const double H[9], const char *const *grid)
{
    assert_int_equal(sei_image_alloc(img, w, h, 3), 0);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t *p = sei_image_row(img, y) + 3 * x;
            p[0] = 40, p[1] = 50, p[2] = 60; /* a dark table */
        }
    /* The board's wood: a filled quad, drawn as many lines. */
    const uint8_t wood[3] = {90, 170, 215}, ink[3] = {30, 30, 30}, black[3] = {20, 20, 20}, white[3] = {235, 235, 230};
    double quad[8];
    const double m = n - 1 + 0.7, corner[4][2] = {{-0.7, -0.7}, {m, -0.7}, {m, m}, {-0.7, m}};
    for (int i = 0; i < 4; i++)
        sei_h_apply(H, corner[i][0], corner[i][1], &quad[2 * i], &quad[2 * i + 1]);
    sei_cv_fill(img, quad, 4, wood);
    for (int k = 0; k < n; k++) {
        double x1, y1, x2, y2;
        sei_h_apply(H, k, 0, &x1, &y1);
        sei_h_apply(H, k, n - 1, &x2, &y2);
        sei_cv_line(img, x1, y1, x2, y2, ink, 1);
        sei_h_apply(H, 0, k, &x1, &y1);
        sei_h_apply(H, n - 1, k, &x2, &y2);
        sei_cv_line(img, x1, y1, x2, y2, ink, 1);
    }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (grid[y][x] == '.')
                continue;
            double px, py, qx, qy;
            sei_h_apply(H, x, y, &px, &py);
            sei_h_apply(H, x + 0.47, y, &qx, &qy);
            sei_cv_circle(img, px, py, hypot(qx - px, qy - py), grid[y][x] == 'X' ? black : white, -1);
        }
}

static void expect_reading(const sei_image *img, int n, const char *const *grid)
{
    sei_vision *v = sei_vision_create(NULL);
    if (getenv("SEI_TEST_DEBUG")) {
        static int k;
        char err[100], path[256];
        snprintf(path, sizeof path, "%s-%d.png", getenv("SEI_TEST_DEBUG"), k++);
        sei_cv_save(path, img, err, sizeof err);
    }
    sei_vision_result r;
    assert_int_equal(sei_vision_read(v, img, &r), SEI_VISION_OK);
    assert_int_equal(r.size, n);
    int wrong = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int want = grid[y][x] == 'X' ? SEI_BLACK : grid[y][x] == 'O' ? SEI_WHITE : SEI_EMPTY;
            if (r.grid[y][x] != want) {
                printf("  (%d, %d): read %d, drawn %d\n", x, y, r.grid[y][x], want);
                wrong++;
            }
        }
    sei_vision_destroy(v);
    assert_int_equal(wrong, 0);
}

static const char *const position9[9] = {
    ".........", "..X...O..", "...XOO...", "..X.XO...", "...X.O.O.",
    "..XXOO...", "...X.O...", "....XO...", ".........",
};

static void test_drawn_board_straight(void **state)
{
    (void)state;
    sei_image img;
    double H[9] = {60, 0, 160, 0, 60, 60, 0, 0, 1};
    draw_board(&img, 800, 600, 9, H, position9);
    expect_reading(&img, 9, position9);
    sei_image_free(&img);
}

static void test_drawn_board_perspective(void **state)
{
    (void)state;
    /* A board seen from the side and turned: the far edge shorter. */
    const double lat[4][2] = {{0, 0}, {8, 0}, {8, 8}, {0, 8}};
    const double pix[4][2] = {{230, 110}, {590, 120}, {660, 500}, {150, 480}};
    double src[8], dst[8], H[9];
    for (int i = 0; i < 4; i++) {
        src[2 * i] = lat[i][0];
        src[2 * i + 1] = lat[i][1];
        dst[2 * i] = pix[i][0];
        dst[2 * i + 1] = pix[i][1];
    }
    assert_int_equal(sei_h_fit(src, dst, 4, H), 0);
    sei_image img;
    draw_board(&img, 800, 600, 9, H, position9);
    expect_reading(&img, 9, position9);
    sei_image_free(&img);
}

static void test_no_board(void **state)
{
    (void)state;
    sei_image img;
    assert_int_equal(sei_image_alloc(&img, 640, 480, 3), 0);
    memset(img.buf, 128, (size_t)img.stride * 480);
    sei_vision *v = sei_vision_create(NULL);
    sei_vision_result r;
    assert_int_equal(sei_vision_read(v, &img, &r), SEI_VISION_NOBOARD);
    assert_non_null(strstr(sei_vision_errmsg(v), "no board"));
    sei_image_free(&img);
    /* A 1x1 picture. */
    assert_int_equal(sei_image_alloc(&img, 1, 1, 3), 0);
    assert_int_equal(sei_vision_read(v, &img, &r), SEI_VISION_NOBOARD);
    assert_non_null(strstr(sei_vision_errmsg(v), "too small"));
    sei_image_free(&img);
    sei_vision_destroy(v);
    sei_vision_destroy(NULL);
}

static void test_bad_files(void **state)
{
    (void)state;
    sei_vision *v = sei_vision_create(NULL);
    sei_image img = {0};
    char path[] = "/tmp/seichi-vision-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    fclose(f); /* empty */
    assert_int_equal(sei_vision_load(v, path, &img), SEI_VISION_BADIMAGE);
    assert_non_null(strstr(sei_vision_errmsg(v), "empty"));
    f = fopen(path, "wb");
    fputs("\xff\xd8\xff\xe0 not really a jpeg", f);
    fclose(f);
    assert_int_equal(sei_vision_load(v, path, &img), SEI_VISION_BADIMAGE);
    assert_null(img.buf);
    /* A truncated PNG of a real picture. */
    sei_image pic;
    assert_int_equal(sei_image_alloc(&pic, 64, 64, 3), 0);
    char png[64], err[128];
    snprintf(png, sizeof png, "%s.png", path);
    assert_int_equal(sei_cv_save(png, &pic, err, sizeof err), 0);
    sei_image_free(&pic);
    f = fopen(png, "rb+");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    assert_int_equal(truncate(png, size / 2), 0);
    assert_int_equal(sei_vision_load(v, png, &img), SEI_VISION_BADIMAGE);
    assert_int_equal(sei_vision_load(v, "/nonexistent/picture.jpg", &img), SEI_VISION_BADIMAGE);
    assert_non_null(strstr(sei_vision_errmsg(v), "cannot open"));
    remove(path);
    remove(png);
    sei_vision_destroy(v);
}

static void test_huge_picture(void **state)
{
    (void)state;
    /* 9000 x 7000 (63 megapixels): decoded at half scale, not in full. */
    sei_image pic;
    assert_int_equal(sei_image_alloc(&pic, 9000, 7000, 3), 0);
    char path[] = "/tmp/seichi-huge.png", err[128];
    assert_int_equal(sei_cv_save(path, &pic, err, sizeof err), 0);
    sei_image_free(&pic);
    sei_vision *v = sei_vision_create(NULL);
    sei_image img = {0};
    assert_int_equal(sei_vision_load(v, path, &img), SEI_VISION_OK);
    assert_true((long)img.width * img.height <= 40L * 1000 * 1000);
    assert_int_equal(img.width, 4500);
    sei_vision_result r;
    assert_int_equal(sei_vision_read(v, &img, &r), SEI_VISION_NOBOARD);
    sei_image_free(&img);
    sei_vision_destroy(v);
    remove(path);
}

/* Read a folder of pictures with truth; floors on boards found, perfect
 * boards and points right (a board not found counts as all wrong). */
static void folder_floor(const char *dir, double min_found, double min_perfect, double min_points)
{
    DIR *d = opendir(dir);
    if (!d) {
        printf("SKIP: %s absent\n", dir);
        skip();
    }
    sei_vision *v = sei_vision_create(NULL);
    sei_vision_result *r = malloc(sizeof *r);
    int pictures = 0, perfect = 0, found = 0;
    long points = 0, wrong = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *dot = strrchr(e->d_name, '.');
        if (!dot || (strcasecmp(dot, ".jpg") && strcasecmp(dot, ".jpeg") && strcasecmp(dot, ".png")))
            continue;
        char path[4096], tpath[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(tpath, sizeof tpath, "%s/%.*s.json", dir, (int)(dot - e->d_name), e->d_name);
        sei_truth t;
        if (sei_truth_load(tpath, &t))
            continue;
        pictures++;
        points += t.size * t.size;
        sei_image img = {0};
        int read = sei_vision_load(v, path, &img) == SEI_VISION_OK && sei_vision_read(v, &img, r) == SEI_VISION_OK;
        found += read;
        if (!read || r->size != t.size) {
            wrong += t.size * t.size;
            sei_image_free(&img);
            continue;
        }
        sei_image_free(&img);
        int w = sei_truth_compare(&t, r, NULL);
        wrong += w;
        perfect += w == 0;
    }
    closedir(d);
    sei_vision_destroy(v);
    free(r);
    double pp = pictures ? (double)perfect / pictures : 0, pt = points ? 1.0 - (double)wrong / (double)points : 0;
    double pf = pictures ? (double)found / pictures : 0;
    printf("%s: %d pictures, board found on %d (%.1f%%, floor %.1f%%), %d perfect (%.1f%%, floor %.1f%%), points right "
           "%.2f%% (floor %.2f%%)\n",
           dir, pictures, found, 100 * pf, 100 * min_found, perfect, 100 * pp, 100 * min_perfect, 100 * pt,
           100 * min_points);
    assert_true(pictures > 0);
    assert_true(pf >= min_found);
    assert_true(pp >= min_perfect);
    assert_true(pt >= min_points);
}

static void test_renders(void **state)
{
    (void)state;
    folder_floor(SEI_TESTS_DIR "/../images/renders", RENDER_FOUND_FLOOR, RENDER_PERFECT_FLOOR, RENDER_POINTS_FLOOR);
}

static void shared_floor(const char *set, double min_found, double min_perfect, double min_points)
{
    char dir[2048];
    const char *shared = sei_test_shared_dir();
    snprintf(dir, sizeof dir, "%s/photos/%s", shared ? shared : "/nonexistent", set);
    folder_floor(dir, min_found, min_perfect, min_points);
}

static void test_photos_imago(void **state) { (void)state; shared_floor("imago-tests", 1.0, 0.55, 0.995); }
static void test_photos_tengen(void **state) { (void)state; shared_floor("Tengen-Go", 1.0, 0.55, 0.995); }
static void test_photos_gobonline(void **state) { (void)state; shared_floor("gobonline", 0.70, 0.28, 0.55); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drawn_board_straight),
        cmocka_unit_test(test_drawn_board_perspective),
        cmocka_unit_test(test_no_board),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_huge_picture),
        cmocka_unit_test(test_renders),
        cmocka_unit_test(test_photos_imago),
        cmocka_unit_test(test_photos_tengen),
        cmocka_unit_test(test_photos_gobonline),
    };
    return sei_test_exit(cmocka_run_group_tests(tests, NULL, NULL));
}
