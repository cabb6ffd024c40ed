/* test_tracker.c - the board tracker (vision/tracker.h) on the committed
 * rendered game (images/sequences/caren1-9x9: hands, a capture lifted
 * late, a bump): it locks on the empty board, reads nothing while hands
 * move, finds the board again after the bump, ends on the true final
 * position; the live view's settings and the recorder's read the same on
 * every frame both call steady; and a board shifted in the picture is
 * searched for and found where it went, also when the board is small in
 * the frame and moved by half a cell (the committed far50-9x9 game beside
 * it), and when the search finds it wrong after a bump (images/bump).
 *
 * usage (ctest): test_tracker SEQUENCE_DIR */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "board.h"
#include "cli.h"
#include "cvwrap.h"
#include "lattice.h"
#include "sgf.h"
#include "shared.h"
#include "source.h"
#include "tracker.h"

static const char *seq;

/* The recorder's tracker (recsess.c takes the defaults and locks itself
 * once the empty board is steady; here the tracker locks on its own after
 * the same three steady searches), for a game of size lines (0: any, as
 * the reader finds it; recsess.c gives the game's), its bump alignment
 * refined in at most align_iters steps (0: not refined). */
static sei_tracker *recorder_tracker_for(int size, int align_iters)
{
    sei_tracker_params p;
    sei_tracker_params_default(&p);
    p.auto_lock = 1;
    p.vision.size = size;
    p.align_iters = align_iters;
    return sei_tracker_create(&p);
}

/* The same with the defaults, any size. */
static sei_tracker *recorder_tracker(void)
{
    sei_tracker_params p;
    sei_tracker_params_default(&p);
    return recorder_tracker_for(0, p.align_iters);
}

/* The kiosk live view's tracker, as app.c makes it. */
static sei_tracker *live_tracker(void)
{
    sei_tracker_params p;
    sei_tracker_params_default(&p);
    sei_tracker_params_live(&p);
    p.vision.work_side = 800;
    p.vision.lattice.rounds = 600;
    return sei_tracker_create(&p);
}

/* The game's final position from truth.sgf, row by row. */
static int final_position(uint8_t *g, int *size)
{
    char path[600];
    snprintf(path, sizeof path, "%s/truth.sgf", seq);
    size_t len;
    char *text = sei_test_read_file(path, &len);
    if (!text)
        return -1;
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game gm;
    memset(&gm, 0, sizeof gm);
    int rc = -1;
    if (sei_sgf_parse(s, text, len) == SEI_OK && sei_sgf_game_get(s, 0, &gm) == SEI_OK) {
        sei_board *b = sei_board_create(gm.size);
        rc = b ? 0 : -1;
        for (int i = 0; b && i < gm.moves_n; i++)
            if (gm.moves[i].x >= 0 && sei_board_play(b, gm.moves[i].color, sei_board_point(b, gm.moves[i].x, gm.moves[i].y)) != SEI_OK)
                rc = -1;
        for (int y = 0; b && y < gm.size; y++)
            for (int x = 0; x < gm.size; x++)
                g[y * gm.size + x] = (uint8_t)b->color[sei_board_point(b, x, y)];
        *size = gm.size;
        sei_board_destroy(b);
    }
    sei_sgf_game_release(&gm);
    sei_sgf_destroy(s);
    free(text);
    return rc;
}

/* The grid of a reading, row by row. */
static void flat(const uint8_t g[SEI_MAX_SIZE][SEI_MAX_SIZE], int n, uint8_t *out)
{
    for (int y = 0; y < n; y++)
        memcpy(out + y * n, g[y], (size_t)n);
}

/* a equals b (row by row) under one of the board's four rotations (which corner the
 * reader calls top left depends on where the camera stands). */
static int same_turned(const uint8_t a[SEI_MAX_SIZE][SEI_MAX_SIZE], const uint8_t *b, int n)
{
    for (int k = 0; k < 4; k++) {
        int same = 1;
        for (int y = 0; y < n && same; y++)
            for (int x = 0; x < n && same; x++) {
                int tx = x, ty = y;
                for (int r = 0; r < k; r++) {
                    int t = tx;
                    tx = n - 1 - ty;
                    ty = t;
                }
                same = a[ty][tx] == b[y * n + x];
            }
        if (same)
            return 1;
    }
    return 0;
}

/* How far the corners c are from the corners before moved by (dx, dy),
 * at the worst corner (the same corner may now be another one of the
 * four: each is held against the nearest). */
static double off_shift(const double c[4][2], const double before[4][2], double dx, double dy)
{
    double worst = 0;
    for (int i = 0; i < 4; i++) {
        double best = 1e9;
        for (int j = 0; j < 4; j++)
            best = fmin(best, hypot(c[i][0] - before[j][0] - dx, c[i][1] - before[j][1] - dy));
        worst = fmax(worst, best);
    }
    return worst;
}

/* k steps of tracker t on frame f, counting the steps that found the
 * board again and those that lost it. */
static void steps(sei_tracker *t, const sei_image *f, int k, sei_tracker_state *st, int *found, int *lost)
{
    *found = *lost = 0;
    for (int i = 0; i < k; i++) {
        assert_int_equal(sei_tracker_step(t, f, st), SEI_VISION_OK);
        *found += st->found_again;
        *lost += st->lost;
    }
}

static void test_game(void **state)
{
    (void)state;
    char **names;
    int nn = sei_folder_list(seq, sei_picture_name, &names);
    assert_true(nn > 40);
    uint8_t truth[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int size = 0;
    assert_int_equal(final_position(truth, &size), 0);
    sei_tracker *rec = recorder_tracker(), *live = live_tracker();
    assert_non_null(rec);
    assert_non_null(live);
    sei_tracker_state *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    int locked_at = -1, moving = 0, found_again = 0, both_steady = 0, differ = 0, read_while_moving = 0;
    uint8_t last[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int have_last = 0;
    for (int i = 0; i < nn; i++) {
        char path[1200], err[256];
        snprintf(path, sizeof path, "%s/%s", seq, names[i]);
        sei_image f = {0};
        assert_int_equal(sei_cv_load(path, 0, &f, err, sizeof err), 0);
        assert_int_equal(sei_tracker_step(rec, &f, a), SEI_VISION_OK);
        assert_int_equal(sei_tracker_step(live, &f, b), SEI_VISION_OK);
        sei_image_free(&f);
        if (a->locked_now && locked_at < 0)
            locked_at = i;
        moving += a->moving;
        read_while_moving += a->moving && a->read;
        found_again += a->found_again;
        if (a->steady && b->steady && a->read && b->read) {
            both_steady++;
            uint8_t bg[SEI_MAX_SIZE * SEI_MAX_SIZE];
            flat(b->grid, b->size, bg);
            if (a->size != b->size || !same_turned(a->grid, bg, a->size)) {
                differ++;
                if (getenv("SEI_TRACE")) {
                    fprintf(stderr, "frame %d: the recorder's reading, the live view's\n", i);
                    for (int y = 0; y < a->size; y++) {
                        for (int x = 0; x < a->size; x++)
                            fputc(".XO"[a->grid[y][x] % 3], stderr);
                        fputs("  ", stderr);
                        for (int x = 0; x < b->size; x++)
                            fputc(".XO"[b->grid[y][x] % 3], stderr);
                        fputc('\n', stderr);
                    }
                }
            }
        }
        if (a->steady && a->read) {
            memcpy(last, a->grid, sizeof last);
            have_last = 1;
        }
    }
    /* Locked on the empty board at the start, on its steady frames. */
    assert_true(locked_at >= 2 && locked_at < 8);
    assert_int_equal(a->size, size);
    /* Hands were over the board, and nothing was read then. */
    assert_true(moving >= 10);
    assert_int_equal(read_while_moving, 0);
    /* The bump half-way through: found again. */
    assert_true(found_again >= 1);
    /* The live view and the recorder read the same on every frame both
     * call steady. */
    if (getenv("SEI_TRACE"))
        fprintf(stderr, "locked at %d, %d moving, %d found again, %d steady in both, %d differ\n", locked_at, moving,
                found_again, both_steady, differ);
    assert_true(both_steady >= 12);
    assert_int_equal(differ, 0);
    /* And that reading is the game's. */
    assert_true(have_last);
    assert_true(same_turned(last, truth, size));
    free(a);
    free(b);
    sei_tracker_destroy(rec);
    sei_tracker_destroy(live);
    sei_folder_list_free(names, nn);
}

/* The last frame, then the same picture shifted: the board is searched for
 * and found where it went, its reading unchanged. */
static void test_shift(void **state)
{
    (void)state;
    char **names;
    int nn = sei_folder_list(seq, sei_picture_name, &names);
    assert_true(nn > 0);
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/%s", seq, names[nn - 1]);
    sei_folder_list_free(names, nn);
    sei_image f = {0}, moved = {0};
    assert_int_equal(sei_cv_load(path, 0, &f, err, sizeof err), 0);
    const double dx = 24, dy = -14;
    const double H[9] = {1, 0, -dx, 0, 1, -dy, 0, 0, 1}; /* moved pixel (x, y) shows f at (x - dx, y - dy) */
    assert_int_equal(sei_cv_warp(&f, H, f.width, f.height, &moved), 0);
    sei_tracker *tk[2] = {recorder_tracker(), live_tracker()};
    sei_tracker_state *st = malloc(sizeof *st);
    assert_non_null(st);
    for (int k = 0; k < 2; k++) {
        assert_non_null(tk[k]);
        for (int i = 0; i < 5; i++)
            assert_int_equal(sei_tracker_step(tk[k], &f, st), SEI_VISION_OK);
        assert_true(st->locked && st->steady);
        double before[4][2];
        uint8_t grid[SEI_MAX_SIZE][SEI_MAX_SIZE];
        memcpy(before, st->corners, sizeof before);
        memcpy(grid, st->grid, sizeof grid);
        int stones = 0;
        for (int y = 0; y < st->size; y++)
            for (int x = 0; x < st->size; x++)
                stones += grid[y][x] != SEI_EMPTY;
        assert_true(stones >= 8);
        int found = 0, moving = 0;
        for (int i = 0; i < 6; i++) {
            assert_int_equal(sei_tracker_step(tk[k], &moved, st), SEI_VISION_OK);
            found += st->found_again;
            moving += st->moving;
        }
        /* The jump is motion, then the board is found again, shifted. */
        assert_int_equal(moving, 1);
        assert_int_equal(found, 1);
        assert_true(st->steady && !st->lost);
        assert_true(off_shift((const double(*)[2])st->corners, (const double(*)[2])before, dx, dy) < 4);
        uint8_t g0[SEI_MAX_SIZE * SEI_MAX_SIZE];
        flat(grid, st->size, g0);
        assert_true(same_turned(st->grid, g0, st->size));
        sei_tracker_destroy(tk[k]);
    }
    free(st);
    sei_image_free(&f);
    sei_image_free(&moved);
}

/* A bump that moves a board small in the frame by half a cell: the
 * committed far50-9x9 game (800x600, the board half the frame, cells of 22
 * pixels), its frame after the fourth move, then the same picture shifted
 * by 0.45 of a cell along both lines, which is less than lock_move of the
 * frame's diagonal. Read where the board was, the four stones sit between
 * points and read as empty, a reading only four points from the game (far
 * below far_limit), which the recorder would take as four moves taken
 * back. The bump's search must see the board moved and find it again. */
static void test_small_bump(void **state)
{
    (void)state;
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/../far50-9x9/frame-0028.jpg", seq);
    sei_image f = {0}, moved = {0};
    assert_int_equal(sei_cv_load(path, 0, &f, err, sizeof err), 0);
    sei_tracker *t = recorder_tracker();
    assert_non_null(t);
    sei_tracker_state *st = malloc(sizeof *st);
    assert_non_null(st);
    for (int i = 0; i < 5; i++)
        assert_int_equal(sei_tracker_step(t, &f, st), SEI_VISION_OK);
    assert_true(st->locked && st->steady);
    int n = st->size, stones = 0;
    assert_int_equal(n, 9);
    uint8_t game[SEI_MAX_SIZE * SEI_MAX_SIZE];
    flat(st->grid, n, game);
    for (int i = 0; i < n * n; i++)
        stones += game[i] != SEI_EMPTY;
    assert_int_equal(stones, 4);
    sei_tracker_expect(t, game); /* as the recorder does with its game */
    /* Half a cell less a little, along both lines of the grid. */
    double dx = 0.45 * ((st->corners[1][0] - st->corners[0][0]) + (st->corners[3][0] - st->corners[0][0])) / (n - 1);
    double dy = 0.45 * ((st->corners[1][1] - st->corners[0][1]) + (st->corners[3][1] - st->corners[0][1])) / (n - 1);
    sei_tracker_params p;
    sei_tracker_params_default(&p);
    assert_true(hypot(dx, dy) < p.lock_move * hypot(f.width, f.height));
    double before[4][2];
    memcpy(before, st->corners, sizeof before);
    const double H[9] = {1, 0, -dx, 0, 1, -dy, 0, 0, 1};
    assert_int_equal(sei_cv_warp(&f, H, f.width, f.height, &moved), 0);
    int found, lost;
    steps(t, &moved, 6, st, &found, &lost);
    assert_int_equal(found, 1);
    assert_int_equal(lost, 0);
    assert_true(st->steady);
    assert_true(same_turned(st->grid, game, n));
    assert_true(off_shift((const double(*)[2])st->corners, (const double(*)[2])before, dx, dy) < 3);
    free(st);
    sei_tracker_destroy(t);
    sei_image_free(&f);
    sei_image_free(&moved);
}

/* The recorder's tracker for a game of the truth's size (align_iters: its
 * bump alignment refined, or not with 0), locked on images/bump/NAME-empty.jpg, then steady on
 * NAME-before.jpg with the position of NAME.json expected, then stepped
 * on NAME-after.jpg (the same position, the board bumped). Returns
 * whether it found the board again and read that position, steady and
 * not lost; each corner's move goes into moved. */
static int bumped(const char *name, int align_iters, double moved[4])
{
    char path[1200], err[256];
    sei_image empty = {0}, before = {0}, after = {0};
    snprintf(path, sizeof path, "%s/../../bump/%s-empty.jpg", seq, name);
    assert_int_equal(sei_cv_load(path, 0, &empty, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/../../bump/%s-before.jpg", seq, name);
    assert_int_equal(sei_cv_load(path, 0, &before, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/../../bump/%s-after.jpg", seq, name);
    assert_int_equal(sei_cv_load(path, 0, &after, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/../../bump/%s.json", seq, name);
    sei_truth truth;
    assert_int_equal(sei_truth_load(path, &truth), 0);
    int n = truth.size;
    uint8_t game[SEI_MAX_SIZE * SEI_MAX_SIZE];
    for (int i = 0; i < n * n; i++)
        game[i] = truth.grid[i / n][i % n];
    sei_tracker *t = recorder_tracker_for(n, align_iters);
    assert_non_null(t);
    sei_tracker_state *st = calloc(1, sizeof *st);
    assert_non_null(st);
    /* Locked on the empty board, as the recorder starts (three searches
     * lock it, three readings in a row make it steady), then the game's
     * stones, steady. */
    for (int i = 0; i < 10 && !(st->locked && st->steady); i++)
        assert_int_equal(sei_tracker_step(t, &empty, st), SEI_VISION_OK);
    assert_true(st->locked && st->steady);
    assert_int_equal(st->size, n);
    sei_tracker_expect(t, game);
    int found, lost;
    steps(t, &before, 6, st, &found, &lost);
    assert_true(st->steady && !lost && !found);
    assert_true(same_turned(st->grid, game, n));
    double locked[4][2];
    memcpy(locked, st->corners, sizeof locked);
    steps(t, &after, 6, st, &found, &lost);
    int ok = found == 1 && !lost && st->steady && same_turned(st->grid, game, n);
    for (int i = 0; i < 4; i++)
        moved[i] = hypot(st->corners[i][0] - locked[i][0], st->corners[i][1] - locked[i][1]);
    printf("%s, bump alignment %s: %s, corners moved %.1f %.1f %.1f %.1f px\n", name,
           align_iters ? "refined" : "not refined", ok ? "found again, the position read" : "the position not read",
           moved[0], moved[1], moved[2], moved[3]);
    free(st);
    sei_tracker_destroy(t);
    sei_image_free(&empty);
    sei_image_free(&before);
    sei_image_free(&after);
    return ok;
}

/* A board a quarter of the frame, bumped (images/bump: the rendered
 * far25-9x9 game empty, then after its fourth move before and after the
 * bump slid it by about 8 pixels and turned it a degree). The search
 * after the bump finds the board, but a lattice of the wrong shape (its
 * cells are 10 pixels), which reads one stone; the board is found again
 * by the picture's own shift since the last steady frame, and reads the
 * game's four stones where they went. */
static void test_far_bump(void **state)
{
    (void)state;
    double moved[4];
    sei_tracker_params p;
    sei_tracker_params_default(&p);
    assert_true(bumped("far25-9x9", p.align_iters, moved));
    /* Moved as the board was: each corner by 5 to 12 pixels. */
    for (int i = 0; i < 4; i++)
        assert_true(moved[i] > 5 && moved[i] < 12);
}

/* A 19x19 board a quarter of an 800x600 frame (images/bump: the rendered
 * far25-19x19 game as a camera sees it, cells of 5.5 pixels), bumped
 * after its fourth move. The search after the bump finds no board; the
 * picture's shift and the quarters' turn alone put the lattice near a
 * cell off at the far corner, and the white stone there is lost; refined
 * by the board's own alignment (align_iters) it reads the four stones. */
static void test_far_bump_19(void **state)
{
    (void)state;
    double moved[4], unrefined[4];
    sei_tracker_params p;
    sei_tracker_params_default(&p);
    assert_true(p.align_iters > 0);
    assert_true(bumped("far25-19x19", p.align_iters, moved));
    /* Slid and turned: one corner by 3 to 8 pixels at most (one of them
     * stays near where it was). */
    double most = 0;
    for (int i = 0; i < 4; i++)
        most = fmax(most, moved[i]);
    assert_true(most > 3 && most < 8);
    assert_false(bumped("far25-19x19", 0, unrefined));
}

/* far50-9x9's frame 28 in grey into *grey, and into *moved that picture
 * warped by H: moved(x) shows grey(H x). */
static void frame_moved(const double H[9], sei_image *grey, sei_image *moved)
{
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/../far50-9x9/frame-0028.jpg", seq);
    sei_image f = {0};
    assert_int_equal(sei_cv_load(path, 0, &f, err, sizeof err), 0);
    assert_int_equal(sei_cv_convert(&f, grey, SEI_CV_GRAY), 0);
    assert_int_equal(sei_cv_warp(grey, H, grey->width, grey->height, moved), 0);
    sei_image_free(&f);
}

/* The picture's shift the tracker follows a bumped board by: a frame's
 * middle moved by a known amount is measured to a quarter of a pixel
 * with a strong peak; against a picture with nothing in common (the
 * frame's corner, the table) the peak is weak; pictures of two sizes are
 * refused. */
static void test_phase_shift(void **state)
{
    (void)state;
    sei_image grey = {0}, moved = {0};
    const double dx = 7.3, dy = -4.6;
    const double H[9] = {1, 0, -dx, 0, 1, -dy, 0, 0, 1};
    frame_moved(H, &grey, &moved);
    /* The middle 320 x 240, away from the replicated borders. */
    int x0 = (grey.width - 320) / 2, y0 = (grey.height - 240) / 2;
    sei_image a = sei_image_part(&grey, x0, y0, 320, 240), b = sei_image_part(&moved, x0, y0, 320, 240);
    double mx, my, r;
    assert_int_equal(sei_cv_phase_shift(&a, &b, &mx, &my, &r), 0);
    assert_true(fabs(mx - dx) < 0.25 && fabs(my - dy) < 0.25);
    assert_true(r > 0.5);
    sei_image table = sei_image_part(&grey, 0, 0, 320, 240);
    assert_int_equal(sei_cv_phase_shift(&a, &table, &mx, &my, &r), 0);
    assert_true(r < 0.1);
    sei_image small = sei_image_part(&grey, x0, y0, 160, 240);
    assert_int_equal(sei_cv_phase_shift(&a, &small, &mx, &my, &r), -1);
    sei_image_free(&grey);
    sei_image_free(&moved);
}

/* How far H (crop a's pixels to crop b's, both x0, y0 into pictures where
 * moved(x) shows grey(G x)) puts corner p from where it belongs: b(H p)
 * shows a(p) exactly when G (H p + o) = p + o. */
static double off_by(const double H[9], const double G[9], const double p[2], int x0, int y0)
{
    double qx, qy, rx, ry;
    sei_h_apply(H, p[0], p[1], &qx, &qy);
    sei_h_apply(G, qx + x0, qy + y0, &rx, &ry);
    return hypot(rx - x0 - p[0], ry - y0 - p[1]);
}

/* The board's own alignment after a bump (sei_cv_align_homography): a
 * frame's middle turned by 1.5 degrees and slid by (2.4, -1.3) pixels is
 * found again from a first guess of the slide alone (over a pixel off at
 * every corner), each corner mapped back to within a fifth of a pixel,
 * the pictures agreeing well; with the right part of the new picture
 * covered by something else (the table), the same over the left part
 * when the mask (in the new picture's pixels) holds that part alone;
 * against a picture with nothing in common it does not converge or agrees
 * poorly; an even smoothing width is refused. */
static void test_align_homography(void **state)
{
    (void)state;
    sei_image grey = {0}, moved = {0}, covered = {0};
    const double turn = 1.5 * 3.14159265358979 / 180, c = cos(turn), s = sin(turn), cx = 400, cy = 300;
    /* G turns about the frame's middle and slides. */
    const double G[9] = {c, -s, cx - c * cx + s * cy + 2.4, s, c, cy - s * cx - c * cy - 1.3, 0, 0, 1};
    frame_moved(G, &grey, &moved);
    int x0 = (grey.width - 320) / 2, y0 = (grey.height - 240) / 2;
    sei_image a = sei_image_part(&grey, x0, y0, 320, 240), b = sei_image_part(&moved, x0, y0, 320, 240);
    sei_image table = sei_image_part(&grey, 0, 0, 320, 240);
    /* b with its right 120 columns the table's. */
    assert_int_equal(sei_image_alloc(&covered, 320, 240, 1), 0);
    for (int y = 0; y < 240; y++) {
        memcpy(covered.buf + (size_t)y * (size_t)covered.stride, b.buf + (size_t)y * (size_t)b.stride, 200);
        memcpy(covered.buf + (size_t)y * (size_t)covered.stride + 200,
               table.buf + (size_t)y * (size_t)table.stride + 200, 120);
    }
    const double first[9] = {1, 0, -2.4, 0, 1, 1.3, 0, 0, 1};
    const double whole[4][2] = {{0, 0}, {319, 0}, {319, 239}, {0, 239}};
    const double left[4][2] = {{10, 10}, {180, 10}, {180, 229}, {10, 229}};
    for (int k = 0; k < 2; k++) {
        /* The left part, in the new picture's pixels: the first guess
         * puts it there. */
        double H[9], quad[4][2], cc, worst = 0, worst_first = 0;
        memcpy(H, first, sizeof H);
        for (int i = 0; i < 4; i++)
            sei_h_apply(first, left[i][0], left[i][1], &quad[i][0], &quad[i][1]);
        assert_int_equal(sei_cv_align_homography(&a, k ? &covered : &b, k ? (const double(*)[2])quad : NULL, H, 50,
                                                 5, &cc),
                         0);
        const double(*corner)[2] = k ? left : whole;
        for (int i = 0; i < 4; i++) {
            worst = fmax(worst, off_by(H, G, corner[i], x0, y0));
            worst_first = fmax(worst_first, off_by(first, G, corner[i], x0, y0));
        }
        printf("%s: correlation %.3f, corners off by %.2f px at most (the first guess %.2f)\n",
               k ? "the left part, the rest covered" : "the whole middle", cc, worst, worst_first);
        assert_true(cc > 0.9);
        assert_true(worst < 0.2);
        assert_true(worst_first > 1);
    }
    double T[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, cc;
    assert_true(sei_cv_align_homography(&a, &table, NULL, T, 50, 5, &cc) != 0 || cc < 0.9);
    assert_int_equal(sei_cv_align_homography(&a, &b, NULL, T, 50, 4, &cc), -1);
    sei_image_free(&grey);
    sei_image_free(&moved);
    sei_image_free(&covered);
}

/* create/destroy: the defaults, and NULL destroyed. */
static void test_handle(void **state)
{
    (void)state;
    sei_tracker_destroy(NULL);
    sei_tracker *t = sei_tracker_create(NULL);
    assert_non_null(t);
    assert_non_null(sei_tracker_reader(t));
    /* Nothing to lock on before a board was found. */
    sei_image f = {0};
    assert_int_equal(sei_image_alloc(&f, 64, 48, 3), 0);
    memset(f.buf, 128, (size_t)f.stride * 48);
    assert_int_equal(sei_tracker_lock(t, &f, NULL), -1);
    assert_true(strlen(sei_tracker_errmsg(t)) > 0);
    sei_tracker_state *st = malloc(sizeof *st);
    assert_non_null(st);
    /* A grey frame: no board, no failure. */
    assert_int_equal(sei_tracker_step(t, &f, st), SEI_VISION_OK);
    assert_false(st->read);
    assert_false(st->locked);
    free(st);
    sei_image_free(&f);
    sei_tracker_destroy(t);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_tracker SEQUENCE_DIR\n");
        return 2;
    }
    seq = argv[1];
    char path[600];
    snprintf(path, sizeof path, "%s/truth.sgf", seq);
    if (access(path, R_OK)) {
        fprintf(stderr, "test_tracker: %s absent: skipped\n", path);
        return 77;
    }
    sei_cv_threads(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handle),
        cmocka_unit_test(test_game),
        cmocka_unit_test(test_shift),
        cmocka_unit_test(test_small_bump),
        cmocka_unit_test(test_far_bump), cmocka_unit_test(test_far_bump_19), cmocka_unit_test(test_align_homography),
        cmocka_unit_test(test_phase_shift),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
