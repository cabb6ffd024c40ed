/* test_source.c - the frame sources (vision/source.h): a picture repeats,
 * a folder gives its pictures in name order (numbers by value) then ends, a video file gives
 * its frames then ends, and every missing device or bad file is a status
 * with a message, never a crash; the decoding caps hold for frames too (a
 * decompression bomb in a folder, a video of huge frames). Files are
 * written under a fresh /tmp folder first. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "bomb.h"
#include "cvwrap.h"
#include "shared.h"
#include "source.h"

static char dir[64];

/* A w x h picture of one grey level v: the level tells frames apart, even
 * after MJPG's loss. */
static void solid(sei_image *img, int w, int h, uint8_t v)
{
    assert_int_equal(sei_image_alloc(img, w, h, 3), 0);
    for (int y = 0; y < h; y++)
        memset(sei_image_row(img, y), v, (size_t)w * 3);
}

static void write_file(const char *path, const char *bytes)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(bytes, f);
    fclose(f);
}

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

static void test_picture_repeats(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image img;
    solid(&img, 32, 24, 77);
    path_of(path, sizeof path, "one.png");
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);

    sei_source *s = sei_source_open(path, err, sizeof err);
    assert_non_null(s);
    assert_non_null(strstr(sei_source_describe(s), "picture"));
    for (int i = 0; i < 3; i++) {
        sei_image f;
        assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_OK);
        assert_int_equal(f.width, 32);
        assert_int_equal(f.height, 24);
        assert_int_equal(f.channels, 3);
        assert_int_equal(sei_image_row(&f, 10)[5], 77);
        sei_image_free(&f);
    }
    sei_source_close(s);
}

static void test_folder_in_order(void **state)
{
    (void)state;
    char sub[128], path[192], err[256];
    path_of(sub, sizeof sub, "frames");
    assert_int_equal(mkdir(sub, 0700), 0);
    /* Written out of order; read back by name, numbers by their value
     * (f-9 before f-10: byte order puts f-10 first): f-1, f-9, f-10. */
    const char *names[] = {"f-10.png", "f-1.png", "f-9.png"};
    const uint8_t level[] = {30, 10, 20};
    for (int i = 0; i < 3; i++) {
        sei_image img;
        solid(&img, 16, 16, level[i]);
        snprintf(path, sizeof path, "%s/%s", sub, names[i]);
        assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
        sei_image_free(&img);
    }
    snprintf(path, sizeof path, "%s/notes.txt", sub); /* not a picture: skipped */
    write_file(path, "not a frame\n");
    snprintf(path, sizeof path, "%s/f-5.png", sub); /* a folder, named as a picture: skipped */
    assert_int_equal(mkdir(path, 0700), 0);

    sei_source *s = sei_source_open(sub, err, sizeof err);
    assert_non_null(s);
    assert_non_null(strstr(sei_source_describe(s), "3 pictures"));
    for (int i = 0; i < 3; i++) {
        sei_image f;
        assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_OK);
        assert_int_equal(sei_image_row(&f, 3)[3], 10 * (i + 1));
        sei_image_free(&f);
    }
    for (int i = 0; i < 2; i++) {
        sei_image f;
        assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_END);
        assert_null(f.buf);
    }
    sei_source_close(s);
}

static void test_folder_bad_picture(void **state)
{
    (void)state;
    char sub[128], path[192], err[256];
    path_of(sub, sizeof sub, "mixed");
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/1.png", sub);
    write_file(path, "garbage, not a PNG");
    sei_image img;
    solid(&img, 8, 8, 50);
    snprintf(path, sizeof path, "%s/2.png", sub);
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);

    sei_source *s = sei_source_open(sub, err, sizeof err);
    assert_non_null(s);
    sei_image f;
    /* The broken one is reported and skipped; the next one still comes. */
    assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_ERROR);
    assert_non_null(strstr(sei_source_errmsg(s), "1.png"));
    assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_OK);
    assert_int_equal(sei_image_row(&f, 0)[0], 50);
    sei_image_free(&f);
    assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_END);
    sei_source_close(s);

    /* A folder with no pictures at all does not open. */
    path_of(sub, sizeof sub, "empty");
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_int_equal(sei_source_try_open(sub, &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_null(s);
    assert_non_null(strstr(err, "no pictures"));
}

static void test_video_file(void **state)
{
    (void)state;
    char path[128], err[256];
    enum { N = 5 };
    sei_image frames[N];
    for (int i = 0; i < N; i++)
        solid(&frames[i], 64, 48, (uint8_t)(40 * i + 20));
    path_of(path, sizeof path, "clip.avi");
    int wrote = sei_cv_video_write(path, frames, N, 10, err, sizeof err);
    for (int i = 0; i < N; i++)
        sei_image_free(&frames[i]);
    assert_int_equal(wrote, 0);

    sei_source *s = sei_source_open(path, err, sizeof err);
    if (!s)
        fail_msg("video did not open: %s", err);
    assert_non_null(strstr(sei_source_describe(s), "video"));
    int got = 0;
    sei_image f;
    sei_source_status st;
    while ((st = sei_source_grab(s, &f)) == SEI_SOURCE_OK) {
        assert_int_equal(f.width, 64);
        assert_int_equal(f.height, 48);
        /* MJPG is lossy: the level comes back near, not exact. */
        int v = sei_image_row(&f, 24)[32], want = 40 * got + 20;
        assert_true(v > want - 8 && v < want + 8);
        sei_image_free(&f);
        got++;
        assert_true(got <= N);
    }
    assert_int_equal(st, SEI_SOURCE_END);
    assert_int_equal(got, N);
    assert_int_equal(sei_source_grab(s, &f), SEI_SOURCE_END);
    sei_source_close(s);
}

/* The frames `seichi record` reads from a folder are held to the same caps
 * as a photo: a 30000x30000 PNG and a JPEG cut short are refused (quickly),
 * and the next picture still comes. */
static void test_folder_bad_frames(void **state)
{
    (void)state;
    char sub[128], path[192], err[256];
    path_of(sub, sizeof sub, "bombs");
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/1.png", sub);
    assert_int_equal(sei_bomb_png(path, 30000, 30000), 0);
    size_t len = 0;
    char *jpg = sei_test_read_file(SEI_TESTS_DIR "/../images/renders/r043.jpg", &len);
    assert_non_null(jpg);
    snprintf(path, sizeof path, "%s/2.jpg", sub);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(jpg, 1, len / 2, f), len / 2);
    fclose(f);
    free(jpg);
    sei_image img;
    solid(&img, 8, 8, 60);
    snprintf(path, sizeof path, "%s/3.png", sub);
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);

    sei_source *s = sei_source_open(sub, err, sizeof err);
    assert_non_null(s);
    sei_image fr;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(sei_source_grab(s, &fr), SEI_SOURCE_ERROR);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("  %s (%.0f ms)\n", sei_source_errmsg(s), ms);
    assert_non_null(strstr(sei_source_errmsg(s), "30000x30000"));
    assert_true(ms < 5000);
    assert_int_equal(sei_source_grab(s, &fr), SEI_SOURCE_ERROR);
    printf("  %s\n", sei_source_errmsg(s));
    assert_non_null(strstr(sei_source_errmsg(s), "truncated"));
    assert_int_equal(sei_source_grab(s, &fr), SEI_SOURCE_OK);
    assert_int_equal(sei_image_row(&fr, 0)[0], 60);
    sei_image_free(&fr);
    sei_source_close(s);
}

/* A video whose frames are over the cap of a picture decoded at full size
 * does not open: its frames could not be reduced. */
static void test_video_huge_frames(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_image frame;
    solid(&frame, 8000, 5200, 90); /* 41.6 megapixels */
    path_of(path, sizeof path, "huge.avi");
    int wrote = sei_cv_video_write(path, &frame, 1, 10, err, sizeof err);
    sei_image_free(&frame);
    assert_int_equal(wrote, 0);
    sei_source *s;
    assert_int_equal(sei_source_try_open(path, &s, err, sizeof err), SEI_SOURCE_ERROR);
    printf("  %s\n", err);
    assert_null(s);
    assert_non_null(strstr(err, "8000x5200"));
}

static void test_missing_devices(void **state)
{
    (void)state;
    char err[256];
    sei_source *s = (sei_source *)1;
    assert_int_equal(sei_source_try_open("webcam:7", &s, err, sizeof err), SEI_SOURCE_NODEVICE);
    assert_null(s);
    assert_non_null(strstr(err, "/dev/video7"));

    /* Whether or not libcamera was built in, this machine has no camera. */
    err[0] = 0;
    assert_int_equal(sei_source_try_open("camera", &s, err, sizeof err), SEI_SOURCE_NODEVICE);
    assert_null(s);
    assert_true(strlen(err) > 10);
    print_message("camera: %s\n", err);
    /* Asking again (as the kiosk does) gives the same answer. */
    assert_int_equal(sei_source_try_open("camera", &s, err, sizeof err), SEI_SOURCE_NODEVICE);

    assert_int_equal(sei_source_try_open("webcam:x", &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_non_null(strstr(err, "webcam:N"));
}

static void test_bad_paths(void **state)
{
    (void)state;
    char path[128], err[256];
    sei_source *s;

    assert_null(sei_source_open("/nonexistent/board.png", err, sizeof err));
    assert_non_null(strstr(err, "no such file"));
    assert_int_equal(sei_source_try_open("", &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_int_equal(sei_source_try_open(NULL, &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_true(strlen(err) > 0);

    path_of(path, sizeof path, "garbage.png");
    write_file(path, "this is not a picture at all");
    assert_int_equal(sei_source_try_open(path, &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_non_null(strstr(err, "garbage.png"));

    path_of(path, sizeof path, "garbage.avi");
    write_file(path, "RIFF....AVI nonsense, no frames here");
    assert_int_equal(sei_source_try_open(path, &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_non_null(strstr(err, "garbage.avi"));

    path_of(path, sizeof path, "empty.mp4");
    write_file(path, "");
    assert_int_equal(sei_source_try_open(path, &s, err, sizeof err), SEI_SOURCE_ERROR);
    assert_non_null(strstr(err, "empty"));

    /* No handle: no crash, and closing nothing is fine. */
    sei_image f;
    assert_int_equal(sei_source_grab(NULL, &f), SEI_SOURCE_ERROR);
    assert_null(f.buf);
    assert_non_null(sei_source_errmsg(NULL));
    assert_non_null(sei_source_describe(NULL));
    sei_source_close(NULL);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/seichi-source-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picture_repeats),
        cmocka_unit_test(test_folder_in_order),
        cmocka_unit_test(test_folder_bad_picture),
        cmocka_unit_test(test_folder_bad_frames),
        cmocka_unit_test(test_video_file),
        cmocka_unit_test(test_video_huge_frames),
        cmocka_unit_test(test_missing_devices),
        cmocka_unit_test(test_bad_paths),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    /* Leave nothing behind in /tmp. */
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return failed;
}
