/* test_recsess.c - recording a game from frames (kiosk/recsess.h) on the
 * committed rendered sequence (images/sequences/): every true move
 * recorded and none invented; then the program killed at random moments
 * mid-game, its SGF always whole, and --resume finishing the same game.
 *
 * usage (ctest): test_recsess SEICHI_BINARY SEQUENCE_DIR */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "clock.h"
#include "cvwrap.h"
#include "recsess.h"
#include "sgf.h"
#include "source.h"
#include "shared.h"

static const char *seichi, *seq;
static char tmpdir[64];
static double full_run_ms = 1500; /* how long a whole recording takes here (measured) */

typedef struct {
    int n;
    int color[512], x[512], y[512];
} moves;

static int load_moves(const char *path, moves *m)
{
    size_t len;
    char *text = sei_test_read_file(path, &len);
    if (!text)
        return -1;
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    int rc = -1;
    if (sei_sgf_parse(s, text, len) == SEI_OK && sei_sgf_game_get(s, 0, &g) == SEI_OK && g.moves_n <= 512) {
        m->n = g.moves_n;
        for (int i = 0; i < g.moves_n; i++) {
            m->color[i] = g.moves[i].color;
            m->x[i] = g.moves[i].x;
            m->y[i] = g.moves[i].y;
        }
        rc = 0;
    }
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
    free(text);
    return rc;
}

/* The truth turned by the board symmetry sym (the reader may name another
 * corner "top left" than the renderer did). */
static void turn(const moves *a, int sym, int size, moves *out)
{
    *out = *a;
    for (int i = 0; i < a->n; i++) {
        int x = a->x[i], y = a->y[i];
        if (x < 0)
            continue;
        int tx = sym & 4 ? y : x, ty = sym & 4 ? x : y;
        out->x[i] = sym & 1 ? size - 1 - tx : tx;
        out->y[i] = sym & 2 ? size - 1 - ty : ty;
    }
}

/* got is the first got->n moves of want. */
static int is_prefix(const moves *got, const moves *want)
{
    if (got->n > want->n)
        return 0;
    for (int i = 0; i < got->n; i++)
        if (got->color[i] != want->color[i] || got->x[i] != want->x[i] || got->y[i] != want->y[i])
            return 0;
    return 1;
}

static int run_record(const char *out, int resume, int kill_after_ms)
{
    pid_t pid = fork();
    if (pid == 0) {
        FILE *f = freopen("/dev/null", "w", stdout);
        (void)f;
        if (resume)
            execl(seichi, "seichi", "record", "--source", seq, "--sgf", out, "--size", "9", "--resume", (char *)NULL);
        else
            execl(seichi, "seichi", "record", "--source", seq, "--sgf", out, "--size", "9", (char *)NULL);
        _exit(127);
    }
    if (kill_after_ms > 0) {
        struct timespec ts = {kill_after_ms / 1000, (kill_after_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
    }
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Moves in an SGF file as it is now (0 when absent or being replaced). */
static int moves_now(const char *path)
{
    char *t = sei_test_read_file(path, NULL);
    int n = 0;
    for (const char *q = t; q && (q = strchr(q, ';')); q++)
        n += (q[1] == 'B' || q[1] == 'W') && q[2] == '[';
    free(t);
    return n;
}

/* Record, and kill the program (SIGKILL) as soon as its SGF holds `at`
 * moves: wherever it is then, likely inside the next frame or the next
 * save. */
static void run_record_kill_at(const char *out, int resume, int at)
{
    pid_t pid = fork();
    if (pid == 0) {
        FILE *f = freopen("/dev/null", "w", stdout);
        (void)f;
        execl(seichi, "seichi", "record", "--source", seq, "--sgf", out, "--size", "9", resume ? "--resume" : (char *)NULL,
              (char *)NULL);
        _exit(127);
    }
    int st;
    for (;;) {
        if (waitpid(pid, &st, WNOHANG) == pid)
            return; /* finished first */
        if (moves_now(out) >= at)
            break;
        struct timespec ts = {0, 500000};
        nanosleep(&ts, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
}

/* got is the whole true game, under one of the board's rotations (a
 * camera never sees a board mirrored): the symmetries 0, 3, 5 and 6 of
 * turn(). */
static void assert_same_game(const moves *got, const moves *truth)
{
    moves turned;
    assert_int_equal(got->n, truth->n);
    int match = 0;
    static const int rotations[4] = {0, 3, 5, 6};
    for (int k = 0; k < 4 && !match; k++) {
        turn(truth, rotations[k], 9, &turned);
        match = is_prefix(got, &turned);
    }
    assert_true(match);
}

static int sequence_present(void)
{
    char path[600];
    snprintf(path, sizeof path, "%s/truth.sgf", seq);
    return access(path, R_OK) == 0;
}

/* The whole game, straight through: every true move, in order, none more. */
static void test_whole_game(void **state)
{
    (void)state;
    char truth_path[600], out[128];
    snprintf(truth_path, sizeof truth_path, "%s/truth.sgf", seq);
    snprintf(out, sizeof out, "%s/whole.sgf", tmpdir);
    moves truth, got;
    assert_int_equal(load_moves(truth_path, &truth), 0);
    double t0 = sei_now_ms();
    assert_int_equal(run_record(out, 0, 0), 0);
    full_run_ms = sei_now_ms() - t0;
    assert_int_equal(load_moves(out, &got), 0);
    assert_same_game(&got, &truth);
}

/* Killed mid-game (SIGKILL: no chance to tidy up), again and again: the
 * SGF is always a whole file holding a prefix of the game, and --resume
 * ends with the whole game. */
static void test_kill_and_resume(void **state)
{
    (void)state;
    char whole[128], out[128];
    snprintf(whole, sizeof whole, "%s/whole.sgf", tmpdir);
    moves full;
    if (load_moves(whole, &full)) {
        assert_int_equal(run_record(whole, 0, 0), 0);
        assert_int_equal(load_moves(whole, &full), 0);
    }
    srand(12345);
    int resumed_mid_game = 0;
    for (int trial = 0; trial < 12; trial++) {
        snprintf(out, sizeof out, "%s/killed-%d.sgf", tmpdir, trial);
        /* Killed once it has saved 1 .. n-1 moves, or at a random time. */
        if (trial % 4 == 3)
            run_record(out, 0, (int)(full_run_ms * (0.1 + 0.8 * rand() / (double)RAND_MAX)));
        else
            run_record_kill_at(out, 0, 1 + rand() % (full.n - 1));
        moves part;
        if (access(out, F_OK) == 0) {
            /* Whole, parseable, and what was played so far. */
            assert_int_equal(load_moves(out, &part), 0);
            assert_true(is_prefix(&part, &full));
            resumed_mid_game += part.n > 0 && part.n < full.n;
            if (getenv("SEI_TRACE"))
                fprintf(stderr, "trial %d: killed with %d of %d moves saved\n", trial, part.n, full.n);
        }
        /* Resume, perhaps killed again first. */
        if (trial % 3 == 0 && access(out, F_OK) == 0) {
            int had = moves_now(out);
            if (had + 1 < full.n)
                run_record_kill_at(out, 1, had + 1 + rand() % (full.n - had - 1));
        }
        assert_int_equal(run_record(out, 1, 0), 0);
        moves after;
        assert_int_equal(load_moves(out, &after), 0);
        if (after.n != full.n || !is_prefix(&after, &full))
            fail_msg("trial %d: resumed game has %d moves, the whole game %d", trial, after.n, full.n);
        /* No temporary file left behind. */
        char part_path[160];
        snprintf(part_path, sizeof part_path, "%s.part", out);
        assert_int_not_equal(access(part_path, F_OK), 0);
    }
    /* The kills must have landed mid-game sometimes, or this tested little. */
    assert_true(resumed_mid_game >= 3);
}


/* The same game from a video file (Motion-JPEG, as a phone or a webcam
 * recorder would leave it): the frames of the folder, written as a video. */
static void test_from_video(void **state)
{
    (void)state;
    char video[128], out[128], truth_path[600], err[256];
    snprintf(video, sizeof video, "%s/game.avi", tmpdir);
    snprintf(out, sizeof out, "%s/video.sgf", tmpdir);
    snprintf(truth_path, sizeof truth_path, "%s/truth.sgf", seq);
    sei_image frames[400];
    int n = 0;
    for (; n < 400; n++) {
        char path[700];
        snprintf(path, sizeof path, "%s/frame-%04d.jpg", seq, n);
        if (access(path, R_OK))
            break;
        memset(&frames[n], 0, sizeof frames[n]);
        assert_int_equal(sei_cv_load(path, 0, &frames[n], err, sizeof err), 0);
    }
    assert_true(n > 20);
    assert_int_equal(sei_cv_video_write(video, frames, n, 15, err, sizeof err), 0);
    for (int i = 0; i < n; i++)
        sei_image_free(&frames[i]);
    const char *saved = seq;
    seq = video;
    int rc = run_record(out, 0, 0);
    seq = saved;
    assert_int_equal(rc, 0);
    moves truth, got;
    assert_int_equal(load_moves(truth_path, &truth), 0);
    assert_int_equal(load_moves(out, &got), 0);
    assert_same_game(&got, &truth);
}

/* The game clock with no board in sight (kiosk/recsess.h): it starts with
 * the first frame and runs on with none (sei_recsess_time: the camera
 * away), its calls handed out once each, in order; the loss declared after
 * the grace ends the game (RE[W+T]). A tap switches the clock only for the
 * player on move; an untimed session has no clock to tap. */
static void test_clock_without_frames(void **state)
{
    (void)state;
    sei_recsess_params p;
    sei_recsess_params_default(&p);
    char out[128], err[256];
    snprintf(out, sizeof out, "%s/clock.sgf", tmpdir);
    sei_recsess *s = sei_recsess_create(&p, out, 0, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(sei_recsess_clock_tap(s, 1, 0), -1); /* untimed */
    sei_recsess_destroy(s);

    p.timed = 1;
    assert_int_equal(sei_time_control_parse("byoyomi:0m+2x30s", &p.tc, NULL, 0), 0);
    s = sei_recsess_create(&p, out, 0, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(sei_recsess_clock_tap(s, 1, 0), -1); /* not started: no frame yet */
    sei_image grey;
    assert_int_equal(sei_image_alloc(&grey, 64, 48, 3), 0);
    memset(grey.buf, 128, (size_t)grey.stride * (size_t)grey.height);
    sei_recsess_event ev;
    assert_int_equal(sei_recsess_frame(s, &grey, 0, &ev), 0);
    assert_non_null(sei_recsess_clock(s));
    /* Black's first period runs out with no frame: 10, 20, 25, 28, then
     * the period used up at 30 s. */
    int labels[64], kinds[64], n = 0;
    for (int t = 1; t <= 30; t++) {
        assert_int_equal(sei_recsess_time(s, t, &ev), 0);
        for (int k = 0; k < ev.ncalls && n < 64; k++, n++) {
            labels[n] = ev.calls[k].label;
            kinds[n] = ev.calls[k].kind;
        }
    }
    int want[] = {10, 20, 25, 28, 30};
    assert_int_equal(n, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(labels[k], want[k]);
    assert_int_equal(kinds[4], SEI_CALL_PERIOD);
    /* White taps: not White's turn. Black taps at 31 s: White's clock runs. */
    assert_int_equal(sei_recsess_clock_tap(s, 2, 31), 1);
    assert_int_equal(sei_recsess_clock_tap(s, 1, 31), 0);
    assert_int_equal(sei_recsess_clock(s)->to_move, 2);
    assert_int_equal(sei_recsess_clock_tap(s, 1, 32), 1); /* Black again: already switched */
    /* White lets both periods go: 10 ... 30 (one left), 10, 20, 1 ... 9,
     * lost at 91 s, declared 2 s later. */
    n = 0;
    int ended = 0;
    for (int t = 32; t <= 100 && !ended; t++) {
        assert_int_equal(sei_recsess_time(s, t, &ev), 0);
        n += ev.ncalls;
        ended = ev.ended;
        if (ended) {
            assert_int_equal(t, 93);
            assert_int_equal(ev.resigned, 2);
            assert_int_equal(ev.calls[ev.ncalls - 1].kind, SEI_CALL_LOST);
        }
    }
    assert_int_equal(ended, SEI_RECSESS_END_TIME);
    assert_int_equal(n, 5 + 2 + 9 + 1);
    assert_int_equal(sei_recsess_clock_tap(s, 2, 100), 1); /* the game is over */
    char *sgf = sei_recsess_sgf(s);
    assert_non_null(sgf);
    assert_non_null(strstr(sgf, "RE[B+T]"));
    free(sgf);
    sei_image_free(&grey);
    sei_recsess_destroy(s);
}

/* Two records started on one new name: the one that saves second finds
 * the other's file there (made between its check and its first save),
 * leaves it as it is and says so, and saves nothing more. The first save
 * comes when the board locks: the frames are fed until then. */
static void test_name_taken_meanwhile(void **state)
{
    (void)state;
    sei_recsess_params p;
    sei_recsess_params_default(&p);
    p.size = 9;
    char out[128], err[256];
    snprintf(out, sizeof out, "%s/taken.sgf", tmpdir);
    unlink(out);
    sei_recsess *s = sei_recsess_create(&p, out, 0, err, sizeof err);
    assert_non_null(s);
    sei_recsess_must_create(s);
    const char other[] = "(;GM[1]FF[4]SZ[9]C[the other record])";
    FILE *f = fopen(out, "w");
    assert_non_null(f);
    fputs(other, f);
    fclose(f);
    sei_source *src = NULL;
    assert_int_equal(sei_source_try_open(seq, &src, err, sizeof err), SEI_SOURCE_OK);
    int failed = 0;
    for (int frame = 0; frame < 400 && !failed; frame++) {
        sei_image img = {0};
        if (sei_source_grab(src, &img) != SEI_SOURCE_OK)
            break;
        sei_recsess_event ev;
        failed = sei_recsess_frame(s, &img, frame / 2.0, &ev) != 0;
        sei_image_free(&img);
    }
    sei_source_close(src);
    assert_true(failed);
    assert_true(sei_recsess_taken(s));
    assert_non_null(strstr(sei_recsess_errmsg(s), "written by another program"));
    assert_int_equal(sei_recsess_save(s), -1);
    char *now = sei_test_read_file(out, NULL);
    assert_non_null(now);
    assert_string_equal(now, other);
    free(now);
    sei_recsess_destroy(s);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_recsess SEICHI SEQUENCE_DIR\n");
        return 2;
    }
    seichi = argv[1];
    seq = argv[2];
    if (!sequence_present()) {
        fprintf(stderr, "test_recsess: %s has no truth.sgf; skipped\n", seq);
        return 77;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/seichi-recsess-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_game),
        cmocka_unit_test(test_kill_and_resume),
        cmocka_unit_test(test_from_video),
        cmocka_unit_test(test_clock_without_frames),
        cmocka_unit_test(test_name_taken_meanwhile),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0)
        return 1;
    return rc;
}
