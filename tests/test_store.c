/* test_store.c - the results store (kiosk/store.h) on a real SQLite file:
 * every field round trip, listing order, refusals of damaged, foreign,
 * newer and unwritable databases, the schema migration, the default path,
 * filling a result from `seichi score`'s run, the `seichi results`
 * command, and the crash test: a child saving in a loop is killed with
 * SIGKILL at random moments, and every result it reported as saved must be
 * there, complete, in a database that passes integrity_check. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sodium.h>
#include <sqlite3.h>
#include <cjson/cJSON.h>

#include "cli.h"
#include "shared.h"
#include "recsess.h"
#include "sgf.h"
#include "store.h"
#include "opengotha.h"
#include "textbuf.h"
#include "imageio.h"

#ifndef KILL_TRIALS
#define KILL_TRIALS 250
#endif

/* ---- helpers ------------------------------------------------------------------- */

static char tmpdir[256];

static const char *tpath(const char *name)
{
    static char buf[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

static void rm_db(const char *path)
{
    char p[600];
    unlink(path);
    snprintf(p, sizeof p, "%s-wal", path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", path);
    unlink(p);
}

static uint64_t rng_next(uint64_t *s)
{
    /* xorshift64*: reproducible from the seed, good enough for test data. */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* A result made from seq alone, so a checker can rebuild what was saved:
 * random position, territory map and dead stones that fit together, every
 * number different, photo and photo path present or not. */
static void make_result(int seq, sei_store_result *r)
{
    uint64_t g = 0x9E3779B97F4A7C15ULL * (uint64_t)(seq + 1);
    static const int sizes[] = {9, 13, 19, 2, 25, 7};
    memset(r, 0, sizeof *r);
    r->size = sizes[seq % 6];
    int n = r->size;
    char *pos = r->position, *ter = r->territory, *dead = r->dead;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            int v = (int)(rng_next(&g) % 10);
            char stone = v < 3 ? 'X' : v < 6 ? 'O' : '.';
            char t = "bw.sf"[rng_next(&g) % 5];
            if (stone != '.') {
                if (rng_next(&g) % 6) {
                    t = stone;
                } else {
                    t = "bw."[rng_next(&g) % 3];
                    if (dead != r->dead)
                        *dead++ = ' ';
                    *dead++ = (char)('a' + x);
                    *dead++ = (char)('a' + y);
                }
            }
            *pos++ = stone;
            *ter++ = t;
        }
        *pos++ = '\n';
        *ter++ = '\n';
    }
    *pos = *ter = *dead = 0;
    snprintf(r->time, sizeof r->time, "2026-%02d-%02dT%02d:%02d:%02dZ", 1 + seq % 12, 1 + seq % 28, seq % 24,
             seq % 60, (seq / 60) % 60);
    snprintf(r->rules, sizeof r->rules, "%s", (const char *[]){"chinese", "japanese", "aga", "ing"}[seq % 4]);
    r->area = seq % 4 != 1;
    r->komi = 0.5 * (seq % 20) - 2;
    r->handicap = seq % 10 == 1 ? 0 : seq % 10;
    r->bonus = r->handicap * 0.5;
    /* A draw now and then; otherwise either side by a different margin.
     * The result and its form in stones are what these scores give: the
     * store refuses a result its own scores contradict. */
    r->margin = seq % 17 == 0 ? 0 : (seq % 2 ? 1 : -1) * (0.5 + seq % 30);
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        sei_store_side *d = &r->side[c];
        d->stones = seq % 97 + c;
        d->territory = seq % 89 + 2 * c;
        d->area = d->stones + d->territory;
        d->prisoners = seq % 13 + 3 * c;
        d->dead = seq % 7 + 4 * c;
        d->seki_eyes = seq % 3 + c;
        d->false_eyes = seq % 5 + 5 * c;
        d->penalty = (seq % 3) * 2.0 * (c == SEI_BLACK);
    }
    r->side[SEI_BLACK].score = r->side[SEI_BLACK].area + seq * 0.5;
    r->side[SEI_WHITE].score = r->side[SEI_BLACK].score - r->margin;
    r->dame = seq % 11;
    /* Ing (seq % 4 == 3) gives a zero margin to Black. */
    r->winner = r->margin > 0 || (r->margin == 0 && seq % 4 == 3) ? SEI_BLACK : r->margin < 0 ? SEI_WHITE : SEI_EMPTY;
    sei_score_result_text(r->margin, r->winner, r->result, sizeof r->result);
    if (r->area) {
        r->margin_stones = r->margin / 2;
        sei_score_result_text(r->margin_stones, r->winner, r->result_stones, sizeof r->result_stones);
    }
    snprintf(r->source, sizeof r->source, "test %d", seq);
    if (seq % 3 == 1) {
        /* Who played: text a CSV must quote, letters beyond ASCII. */
        sei_ident *who = &r->ident;
        snprintf(who->event, sizeof who->event, "Cup \"%d\", Ōsaka", seq);
        who->round = 1 + seq % 9;
        who->table = 1 + seq % 40;
        snprintf(who->black, sizeof who->black, "Åsa Öberg %d", seq);
        snprintf(who->white, sizeof who->white, "李 %d", seq);
        snprintf(who->black_id, sizeof who->black_id, "EGD:%08u", (unsigned)(10000000 + seq) % 100000000u);
        snprintf(who->white_id, sizeof who->white_id, seq % 2 ? "AGA:%u" : "%u", (unsigned)(100 + seq) % 1000000u);
    }
    r->state = seq % 7 == 3 ? SEI_STATE_DISPUTED : SEI_STATE_AGREED;
    r->origin = (sei_result_origin)(seq % 4);
    if (seq % 4 == 3 && seq % 8 == 7) {
        /* An Ing result with its fill checked (some agreeing, some not). */
        r->fill_checked = 1;
        r->fill_on_board[SEI_BLACK] = 170 + seq % 11;
        r->fill_on_board[SEI_WHITE] = 175 + seq % 6;
        r->fill_spare[SEI_BLACK] = seq % 3;
        r->fill_spare[SEI_WHITE] = 180 - r->fill_on_board[SEI_WHITE];
        r->fill_holes[SEI_BLACK] = seq % 5;
        r->fill_holes[SEI_WHITE] = 0;
        r->fill_margin = r->fill_holes[SEI_BLACK] + r->fill_spare[SEI_WHITE] - r->fill_spare[SEI_BLACK];
        r->fill_ok = seq % 16 == 7;
        r->fill_unsure = seq % 4;
    }
    if (seq % 4 == 2) {
        char game[128];
        int len = snprintf(game, sizeof game, "(;GM[1]SZ[%d]C[game %d, \"quoted\" \\] and a\nline]\n;B[aa])", n, seq);
        assert_int_equal(sei_store_result_set_game(r, game, (size_t)len, seq % 8 == 2 ? "/games/g.sgf" : NULL),
                         SEI_STORE_OK);
    }
    if (seq % 2) {
        r->photo_path = malloc(64);
        snprintf(r->photo_path, 64, "/srv/photos/game '%d', \"x\".jpg", seq);
    }
    if (seq % 3) {
        /* Up to a few pages, with zero bytes: the blob spans overflow pages,
         * so a kill can land in the middle of writing it. */
        r->photo_len = 100 + (size_t)(rng_next(&g) % 20000);
        r->photo = malloc(r->photo_len);
        for (size_t i = 0; i < r->photo_len; i++)
            r->photo[i] = (uint8_t)(i % 7 ? rng_next(&g) : 0);
    }
}

/* 1 when a and b hold the same result (id aside), else 0 with why. */
static int same_result(const sei_store_result *a, const sei_store_result *b, char *why, size_t n)
{
#define DIFF_S(f) if (strcmp(a->f, b->f)) return snprintf(why, n, #f ": '%.80s' vs '%.80s'", a->f, b->f), 0
#define DIFF_I(f) if (a->f != b->f) return snprintf(why, n, #f ": %d vs %d", (int)a->f, (int)b->f), 0
#define DIFF_D(f) if (a->f != b->f) return snprintf(why, n, #f ": %g vs %g", (double)a->f, (double)b->f), 0
    DIFF_S(time); DIFF_S(rules); DIFF_I(area); DIFF_D(komi); DIFF_I(handicap); DIFF_D(bonus); DIFF_I(size);
    DIFF_S(position); DIFF_S(territory); DIFF_S(dead);
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        DIFF_I(side[c].stones); DIFF_I(side[c].territory); DIFF_I(side[c].area); DIFF_I(side[c].prisoners);
        DIFF_I(side[c].dead); DIFF_I(side[c].seki_eyes); DIFF_I(side[c].false_eyes); DIFF_D(side[c].score);
        DIFF_D(side[c].penalty);
    }
    DIFF_I(dame); DIFF_D(margin); DIFF_I(winner); DIFF_S(result); DIFF_D(margin_stones); DIFF_S(result_stones);
    DIFF_S(source);
    DIFF_I(decided);
    DIFF_S(ident.event); DIFF_I(ident.round); DIFF_I(ident.table); DIFF_S(ident.black); DIFF_S(ident.white);
    DIFF_S(ident.black_id); DIFF_S(ident.white_id); DIFF_I(state); DIFF_I(origin);
    DIFF_I(fill_checked); DIFF_I(fill_margin); DIFF_I(fill_ok); DIFF_I(fill_unsure);
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        DIFF_I(fill_on_board[c]); DIFF_I(fill_spare[c]); DIFF_I(fill_holes[c]);
    }
    if (a->uuid[0] && b->uuid[0])
        DIFF_S(uuid);
    if (!a->game_sgf != !b->game_sgf || (a->game_sgf && strcmp(a->game_sgf, b->game_sgf)))
        return snprintf(why, n, "game_sgf differs"), 0;
    if (!a->game_path != !b->game_path || (a->game_path && strcmp(a->game_path, b->game_path)))
        return snprintf(why, n, "game_path differs"), 0;
#undef DIFF_S
#undef DIFF_I
#undef DIFF_D
    if (!a->photo_path != !b->photo_path || (a->photo_path && strcmp(a->photo_path, b->photo_path)))
        return snprintf(why, n, "photo_path differs"), 0;
    if (!a->photo != !b->photo || a->photo_len != b->photo_len ||
        (a->photo && memcmp(a->photo, b->photo, a->photo_len)))
        return snprintf(why, n, "photo differs (%zu vs %zu bytes)", a->photo_len, b->photo_len), 0;
    return 1;
}

static void assert_same(const sei_store_result *a, const sei_store_result *b)
{
    char why[600];
    if (!same_result(a, b, why, sizeof why))
        fail_msg("result %" PRId64 " differs: %s", b->id, why);
}

static sei_store *open_ok(const char *path)
{
    char err[512];
    sei_store *s = sei_store_open(path, err, sizeof err);
    if (!s)
        fail_msg("open %s: %s", path, err);
    return s;
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Run SQL on a file directly, as another program would. */
static void raw_sql(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *e = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &e) != SQLITE_OK)
        fail_msg("%s: %s", sql, e);
    sqlite3_close(db);
}

static int64_t raw_int(const char *path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

static void raw_text(const char *path, const char *sql, char *buf, size_t n)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    snprintf(buf, n, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* What schema 8 added (the fill check's columns): dropped, a file is as
 * schema 7 made it. */
#define SCHEMA_7_ONLY                                                                                               \
    "ALTER TABLE results DROP COLUMN fill_b_board; ALTER TABLE results DROP COLUMN fill_b_spare;"                   \
    "ALTER TABLE results DROP COLUMN fill_b_holes; ALTER TABLE results DROP COLUMN fill_w_board;"                   \
    "ALTER TABLE results DROP COLUMN fill_w_spare; ALTER TABLE results DROP COLUMN fill_w_holes;"                   \
    "ALTER TABLE results DROP COLUMN fill_margin; ALTER TABLE results DROP COLUMN fill_ok;"                         \
    "ALTER TABLE results DROP COLUMN fill_unsure;"
/* What schema 6 added (the station's tables, the outbox): dropped, a file
 * is as schema 5 made it. */
#define SCHEMA_5_ONLY                                                                                               \
    SCHEMA_7_ONLY "DROP TABLE kiosks; DROP TABLE enroll_tries; DROP TABLE tournament; DROP TABLE players;"                        \
    "DROP TABLE pairings; DROP TABLE received; DROP TABLE pushed;"
/* What schema 5 added, taken away again: a file as schema 4 left it. */
#define SCHEMA_4_ONLY                                                                                               \
    SCHEMA_5_ONLY "DROP TRIGGER results_audited_kept; DROP TRIGGER audit_no_update; DROP TRIGGER audit_no_delete;"                \
    "DROP TABLE audit; DROP TABLE judge_pin; DROP TRIGGER results_uuid_given; DROP TRIGGER results_uuid_kept;"      \
    "DROP TRIGGER results_locked; DROP INDEX results_uuid;"                                                         \
    "ALTER TABLE results DROP COLUMN uuid; ALTER TABLE results DROP COLUMN event;"                                  \
    "ALTER TABLE results DROP COLUMN round; ALTER TABLE results DROP COLUMN table_no;"                              \
    "ALTER TABLE results DROP COLUMN black; ALTER TABLE results DROP COLUMN white;"                                 \
    "ALTER TABLE results DROP COLUMN black_id; ALTER TABLE results DROP COLUMN white_id;"                           \
    "ALTER TABLE results DROP COLUMN state; ALTER TABLE results DROP COLUMN origin;"
/* What schema 4 added: dropped, a file is as schema 3 made it. */
#define SCHEMA_3_COLUMNS                                                                                            \
    SCHEMA_4_ONLY "ALTER TABLE results DROP COLUMN decided_by; ALTER TABLE results DROP COLUMN game_sgf;"                         \
    "ALTER TABLE results DROP COLUMN game_path;"

/* ---- round trip and listing ------------------------------------------------------ */

static void test_round_trip(void **state)
{
    (void)state;
    const char *path = tpath("round.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    for (int seq = 0; seq < 12; seq++) {
        sei_store_result r, got;
        make_result(seq, &r);
        int64_t id = -1;
        assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_OK);
        assert_int_equal(id, seq + 1);
        assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
        assert_int_equal(got.id, id);
        assert_same(&r, &got);
        sei_store_result_release(&got);
        sei_store_result_release(&r);
    }
    /* No time given: the save's own, UTC ISO 8601. */
    sei_store_result r, got;
    make_result(3, &r);
    r.time[0] = 0;
    int64_t id;
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
    assert_int_equal(strlen(got.time), 20);
    assert_int_equal(got.time[10], 'T');
    assert_int_equal(got.time[19], 'Z');
    sei_store_result_release(&got);
    /* Inconsistent results are refused before touching the file. */
    int64_t before, after;
    assert_int_equal(sei_store_count(s, &before), SEI_STORE_OK);
    r.position[3] = '?';
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_ERR_ARG);
    assert_non_null(strstr(sei_store_errmsg(s), "position"));
    r.position[3] = '.';
    r.size = 26;
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_ERR_ARG);
    assert_non_null(strstr(sei_store_errmsg(s), "size"));
    r.size = 9;
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_ERR_ARG); /* a 2x2 diagram, not 9x9 */
    assert_int_equal(sei_store_count(s, &after), SEI_STORE_OK);
    assert_int_equal(before, after);
    sei_store_result_release(&r);
    assert_int_equal(sei_store_get(s, 999, &got), SEI_STORE_ERR_NOTFOUND);
    assert_non_null(strstr(sei_store_errmsg(s), "no result 999"));
    sei_store_close(s);
    sei_store_close(NULL);
    sei_store_cursor_close(NULL);
    sei_store_result_release(NULL);
}

static void test_listing_order(void **state)
{
    (void)state;
    const char *path = tpath("list.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    enum { N = 7 };
    for (int seq = 0; seq < N; seq++) {
        sei_store_result r;
        make_result(100 + seq, &r);
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
    }
    int64_t count;
    assert_int_equal(sei_store_count(s, &count), SEI_STORE_OK);
    assert_int_equal(count, N);
    for (int flags = 0; flags < 4; flags++) {
        sei_store_cursor *c = sei_store_list(s, flags);
        assert_non_null(c);
        sei_store_result r, want;
        int k = 0;
        sei_store_status st;
        while ((st = sei_store_next(c, &r)) == SEI_STORE_OK) {
            int seq = (flags & SEI_STORE_LIST_NEWEST_FIRST) ? N - 1 - k : k;
            assert_int_equal(r.id, seq + 1);
            make_result(100 + seq, &want);
            if (!(flags & SEI_STORE_LIST_PHOTOS)) {
                assert_null(r.photo);
                free(want.photo);
                want.photo = NULL;
                want.photo_len = 0;
            }
            assert_same(&want, &r);
            sei_store_result_release(&want);
            sei_store_result_release(&r);
            k++;
        }
        assert_int_equal(st, SEI_STORE_DONE);
        assert_int_equal(k, N);
        sei_store_cursor_close(c);
    }
    sei_store_close(s);
}

/* ---- refusals -------------------------------------------------------------------- */

static void test_corrupt_file(void **state)
{
    (void)state;
    char err[512];
    /* Random bytes: not a database at all. */
    const char *path = tpath("random.db");
    rm_db(path);
    uint8_t junk[16384];
    uint64_t g = 12345;
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (uint8_t)rng_next(&g);
    write_bytes(path, junk, sizeof junk);
    err[0] = 0;
    assert_null(sei_store_open(path, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "not a SQLite file, or damaged"));

    /* A real store with its pages damaged: opening may work, but the check
     * says so and reading never crashes. */
    path = tpath("damaged.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    for (int seq = 0; seq < 40; seq++) {
        sei_store_result r;
        make_result(seq, &r);
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
    }
    sei_store_close(s); /* the last close checkpoints the WAL into the file */
    int64_t page = raw_int(path, "PRAGMA page_size");
    int fd = open(path, O_WRONLY);
    assert_true(fd >= 0);
    /* Pages 2 to 4: the results table's root and its neighbours. */
    assert_int_equal(pwrite(fd, junk, (size_t)page * 3, (off_t)page), (ssize_t)page * 3);
    close(fd);
    s = sei_store_open(path, err, sizeof err);
    if (s) {
        assert_int_equal(sei_store_check(s), SEI_STORE_ERR_CORRUPT);
        assert_non_null(strstr(sei_store_errmsg(s), "damaged"));
        sei_store_cursor *c = sei_store_list(s, SEI_STORE_LIST_PHOTOS);
        if (c) {
            sei_store_result r;
            while (sei_store_next(c, &r) == SEI_STORE_OK)
                sei_store_result_release(&r);
            sei_store_cursor_close(c);
        }
        sei_store_result r;
        for (int id = 1; id <= 40; id++)
            if (sei_store_get(s, id, &r) == SEI_STORE_OK)
                sei_store_result_release(&r);
        sei_store_close(s);
    } else {
        assert_true(strlen(err) > 10);
    }

    /* Another program's SQLite database is refused, not changed. */
    path = tpath("foreign.db");
    rm_db(path);
    raw_sql(path, "CREATE TABLE recipes (name TEXT)");
    assert_null(sei_store_open(path, err, sizeof err));
    assert_non_null(strstr(err, "another program's"));
    assert_int_equal(raw_int(path, "PRAGMA user_version"), 0);

    /* A directory, and no path at all. */
    assert_null(sei_store_open(tmpdir, err, sizeof err));
    assert_non_null(strstr(err, "directory"));
    assert_null(sei_store_open("", err, sizeof err));
    assert_null(sei_store_open(NULL, NULL, 0));
}

/* Opening in a place that cannot be written, as a user who cannot write
 * there: root can write anywhere, so as root this runs in a child that
 * gives up root first. */
static int readonly_checks(const char *rodir, char *why, size_t n)
{
    char err[512], path[600];
    snprintf(path, sizeof path, "%s/results.db", rodir);
    sei_store *s = sei_store_open(path, err, sizeof err);
    if (s) {
        sei_store_close(s);
        return snprintf(why, n, "opened %s", path), 0;
    }
    if (!strstr(err, "cannot open results database") || !strstr(err, "Permission denied") || !strstr(err, path))
        return snprintf(why, n, "unclear message: %s", err), 0;
    /* The default path under a read-only XDG_DATA_HOME. */
    setenv("XDG_DATA_HOME", rodir, 1);
    char buf[600];
    if (sei_store_default_path(buf, sizeof buf, err, sizeof err) != SEI_STORE_ERR_IO)
        return snprintf(why, n, "default path in a read-only place: no error"), 0;
    if (!strstr(err, "cannot create") || !strstr(err, "Permission denied"))
        return snprintf(why, n, "unclear default path message: %s", err), 0;
    return 1;
}

static void test_readonly_location(void **state)
{
    (void)state;
    char rodir[600];
    snprintf(rodir, sizeof rodir, "%s/ro", tmpdir);
    mkdir(rodir, 0755);
    assert_int_equal(chmod(rodir, 0555), 0);
    char why[700] = "";
    if (geteuid() != 0) {
        if (!readonly_checks(rodir, why, sizeof why))
            fail_msg("%s", why);
        return;
    }
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    /* The child needs to get into tmpdir as nobody. */
    chmod(tmpdir, 0755);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        int ok = setgid(65534) == 0 && setuid(65534) == 0;
        if (!ok)
            snprintf(why, sizeof why, "cannot drop root");
        else
            ok = readonly_checks(rodir, why, sizeof why);
        if (write(fds[1], why, strlen(why)) < 0)
            _exit(3);
        _exit(ok ? 0 : 1);
    }
    close(fds[1]);
    ssize_t got = read(fds[0], why, sizeof why - 1);
    why[got > 0 ? got : 0] = 0;
    close(fds[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    chmod(tmpdir, 0700);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("read-only location: %s", why);
}

static void test_schema_version(void **state)
{
    (void)state;
    char err[512], mode[32];
    const char *path = tpath("schema.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    sei_store_result r;
    make_result(5, &r);
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
    sei_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "PRAGMA application_id"), 0x53454943);
    raw_text(path, "PRAGMA journal_mode", mode, sizeof mode);
    assert_string_equal(mode, "wal");

    /* An older file (schema 1: no index by time, no settings) is migrated, data kept. */
    raw_sql(path, "DROP INDEX results_time; DROP TABLE settings;" SCHEMA_3_COLUMNS "PRAGMA user_version = 1");
    int64_t old_id = raw_int(path, "SELECT id FROM results");
    s = open_ok(path);
    sei_store_result got;
    assert_int_equal(sei_store_get(s, old_id, &got), SEI_STORE_OK);
    r.origin = SEI_ORIGIN_UNKNOWN; /* not kept before schema 5 */
    assert_same(&r, &got);
    sei_store_result_release(&got);
    sei_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM sqlite_master WHERE name = 'results_time'"), 1);

    /* A newer file is refused and left alone. */
    raw_sql(path, "PRAGMA user_version = 99");
    assert_null(sei_store_open(path, err, sizeof err));
    assert_non_null(strstr(err, "newer Seichi"));
    assert_non_null(strstr(err, "schema 99"));
    assert_int_equal(raw_int(path, "PRAGMA user_version"), 99);

    /* Another application id is refused. */
    raw_sql(path, "PRAGMA user_version = 2; PRAGMA application_id = 42");
    assert_null(sei_store_open(path, err, sizeof err));
    assert_non_null(strstr(err, "another program's database"));
    sei_store_result_release(&r);
}

/* A game won by resignation, time or forfeit is stored as such, with no
 * count; a count claiming to be one is refused; rows written before
 * schema 4 read back as counts. */
static void test_decided(void **state)
{
    (void)state;
    const char *path = tpath("decided.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    sei_board *b = sei_board_create(9);
    sei_board_place(b, SEI_BLACK, sei_board_point(b, 4, 4));
    sei_board_place(b, SEI_WHITE, sei_board_point(b, 2, 2));
    sei_rules rules;
    sei_rules_preset(&rules, "japanese");
    const struct { sei_decided how; int winner; const char *want; } cases[] = {
        {SEI_DECIDED_RESIGNATION, SEI_BLACK, "B+R"},
        {SEI_DECIDED_TIME, SEI_WHITE, "W+T"},
        {SEI_DECIDED_FORFEIT, SEI_BLACK, "B+F"},
    };
    for (size_t i = 0; i < 3; i++) {
        sei_store_result r, got;
        assert_int_equal(sei_store_result_decided(&r, i == 2 ? NULL : b, 9, &rules, 2, cases[i].winner, cases[i].how,
                                                  "kiosk", NULL),
                         SEI_STORE_OK);
        assert_string_equal(r.result, cases[i].want);
        int64_t id;
        assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_OK);
        assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
        memcpy(r.time, got.time, sizeof r.time);
        assert_same(&r, &got);
        assert_int_equal(got.decided, cases[i].how);
        assert_true(got.margin == 0 && got.side[SEI_BLACK].score == 0 && got.side[SEI_WHITE].score == 0);
        assert_string_equal(got.position + 2 * 10, i == 2 ? ".........\n.........\n.........\n.........\n"
                                                             ".........\n.........\n.........\n"
                                                           : "..O......\n.........\n....X....\n.........\n"
                                                             ".........\n.........\n.........\n");
        sei_store_result_release(&got);
        sei_store_result_release(&r);
    }
    /* Nothing else passes as a resignation: a margin in its result, a
     * draw, dead stones. */
    sei_store_result r;
    assert_int_equal(sei_store_result_decided(&r, b, 0, &rules, 0, SEI_WHITE, SEI_DECIDED_RESIGNATION, "x", NULL),
                     SEI_STORE_OK);
    snprintf(r.result, sizeof r.result, "W+7.5");
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_ERR_ARG);
    assert_non_null(strstr(sei_store_errmsg(s), "must read B+R or W+R"));
    snprintf(r.result, sizeof r.result, "W+R");
    r.winner = SEI_EMPTY;
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_ERR_ARG);
    sei_store_result_release(&r);
    assert_int_equal(sei_store_result_decided(&r, b, 0, &rules, 0, SEI_EMPTY, SEI_DECIDED_RESIGNATION, "x", NULL),
                     SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_result_decided(&r, b, 0, &rules, 0, SEI_BLACK, SEI_DECIDED_COUNT, "x", NULL),
                     SEI_STORE_ERR_ARG);
    sei_store_close(s);

    /* A file written by schema 3 (no decided_by, no game record) with a
     * count in it: migrated, its row a count, and new results go in. */
    raw_sql(path, "DELETE FROM results;" SCHEMA_3_COLUMNS "PRAGMA user_version = 3");
    sei_store_result old;
    make_result(4, &old);
    free(old.game_sgf), free(old.game_path);
    old.game_sgf = old.game_path = NULL;
    char sql[4096];
    snprintf(sql, sizeof sql,
             "INSERT INTO results (time, rules, scoring, komi, handicap, bonus, size, position, territory, dead,"
             " b_stones, b_territory, b_area, b_prisoners, b_dead, b_seki_eyes, b_false_eyes, b_score, b_penalty,"
             " w_stones, w_territory, w_area, w_prisoners, w_dead, w_seki_eyes, w_false_eyes, w_score, w_penalty,"
             " dame, margin, winner, result, margin_stones, result_stones, source, photo_path) VALUES"
             " ('2024-01-01T00:00:00Z', 'japanese', 'territory', 6.5, 0, 0, 2, '..\n..\n', '..\n..\n', '',"
             " 0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,6.5,0, 4, -6.5, 'W', 'W+6.5', 0, NULL, 'sgf', NULL)");
    raw_sql(path, sql);
    sei_store_result_release(&old);
    int64_t old_id = raw_int(path, "SELECT id FROM results");
    s = open_ok(path);
    sei_store_result got;
    assert_int_equal(sei_store_get(s, old_id, &got), SEI_STORE_OK);
    assert_int_equal(got.decided, SEI_DECIDED_COUNT);
    assert_string_equal(got.result, "W+6.5");
    assert_null(got.game_sgf);
    sei_store_result_release(&got);
    assert_int_equal(sei_store_result_decided(&r, b, 0, &rules, 0, SEI_WHITE, SEI_DECIDED_RESIGNATION, "x", NULL),
                     SEI_STORE_OK);
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
    sei_store_result_release(&r);
    sei_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM results WHERE decided_by = 'resignation'"), 1);
    /* A row edited to an unknown way of winning is refused by the file itself. */
    char err[512];
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_not_equal(sqlite3_exec(db, "UPDATE results SET decided_by = 'coin'", NULL, NULL, NULL),
                         SQLITE_OK);
    sqlite3_close(db);
    (void)err;
    sei_board_destroy(b);
}

/* Settings survive a reopen, a missing one says so, and a file from
 * before settings existed (schema 2) gains the table with its results kept. */
static void test_settings(void **state)
{
    (void)state;
    const char *path = tpath("settings.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    char buf[64];
    assert_int_equal(sei_store_setting_get(s, "lang", buf, sizeof buf), SEI_STORE_ERR_NOTFOUND);
    assert_int_equal(sei_store_setting_set(s, "lang", "ja"), SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "komi", "6.5"), SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "lang", "ko"), SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "", "x"), SEI_STORE_ERR_ARG);
    sei_store_close(s);
    s = open_ok(path);
    assert_int_equal(sei_store_setting_get(s, "lang", buf, sizeof buf), SEI_STORE_OK);
    assert_string_equal(buf, "ko");
    char small[3];
    assert_int_equal(sei_store_setting_get(s, "komi", small, sizeof small), SEI_STORE_OK);
    assert_string_equal(small, "6.");
    sei_store_close(s);
    raw_sql(path, "DROP TABLE settings;" SCHEMA_3_COLUMNS "PRAGMA user_version = 2");
    s = open_ok(path);
    assert_int_equal(sei_store_setting_get(s, "lang", buf, sizeof buf), SEI_STORE_ERR_NOTFOUND);
    assert_int_equal(sei_store_setting_set(s, "lang", "zh"), SEI_STORE_OK);
    sei_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
}

static void test_default_path(void **state)
{
    (void)state;
    char buf[700], err[512], want[700];
    struct stat sb;
    char xdg[400];
    snprintf(xdg, sizeof xdg, "%s/xdg/deep", tmpdir);
    setenv("XDG_DATA_HOME", xdg, 1);
    assert_int_equal(sei_store_default_path(buf, sizeof buf, err, sizeof err), SEI_STORE_OK);
    snprintf(want, sizeof want, "%s/seichi/results.db", xdg);
    assert_string_equal(buf, want);
    snprintf(want, sizeof want, "%s/seichi", xdg);
    assert_int_equal(stat(want, &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    assert_int_equal(sb.st_mode & 0777, 0700);

    /* A relative XDG_DATA_HOME is ignored, as the spec says: HOME then. */
    setenv("XDG_DATA_HOME", "relative/dir", 1);
    char home[400];
    snprintf(home, sizeof home, "%s/home", tmpdir);
    mkdir(home, 0700);
    setenv("HOME", home, 1);
    assert_int_equal(sei_store_default_path(buf, sizeof buf, err, sizeof err), SEI_STORE_OK);
    snprintf(want, sizeof want, "%s/.local/share/seichi/results.db", home);
    assert_string_equal(buf, want);
    sei_store *s = open_ok(buf);
    sei_store_close(s);

    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_int_equal(sei_store_default_path(buf, sizeof buf, err, sizeof err), SEI_STORE_ERR_ARG);
    assert_non_null(strstr(err, "HOME"));
    assert_int_equal(sei_store_default_path(buf, 8, err, sizeof err), SEI_STORE_ERR_ARG);
    setenv("HOME", home, 1);
}

/* ---- from a count, and the command ------------------------------------------------ */

/* Count a board file as `seichi score` does. */
static void score_file(const char *file, const char *rules, sei_score_opts *o, sei_score_run *run)
{
    char *argv[] = {"--board", (char *)file, "--rules", (char *)rules};
    FILE *err = tmpfile();
    assert_int_equal(sei_cli_score_parse(4, argv, o, err), 0);
    assert_int_equal(sei_cli_score_run(o, run, err), 0);
    fclose(err);
}

static void test_from_run(void **state)
{
    (void)state;
    static sei_score_run run;
    sei_score_opts o;
    score_file(SEI_TESTS_DIR "/../kiosk/samples/club-game-19.board", "chinese", &o, &run);
    sei_store_result r;
    char msg[256];
    assert_int_equal(sei_store_result_from_run(&r, &o, &run, 1, msg, sizeof msg), SEI_STORE_OK);
    const sei_score *sc = &run.score;
    assert_int_equal(r.size, 19);
    assert_string_equal(r.rules, "chinese");
    assert_int_equal(r.area, 1);
    assert_true(r.komi == sc->rules.komi);
    assert_string_equal(r.result, sc->result);
    assert_string_equal(r.result_stones, sc->result_stones);
    assert_string_equal(r.source, "board file");
    assert_null(r.photo_path);
    assert_null(r.photo);
    assert_int_equal(r.side[SEI_BLACK].stones, sc->side[SEI_BLACK].stones);
    assert_int_equal(r.side[SEI_WHITE].territory, sc->side[SEI_WHITE].territory);
    assert_true(r.side[SEI_WHITE].score == sc->side[SEI_WHITE].score);
    assert_int_equal(r.dame, sc->dame);
    assert_int_equal(r.winner, sc->winner);
    /* The sample has dead stones: each listed once, as a stone. */
    int ndead = 0, listed = 0;
    for (int p = 0; p < SEI_MAX_POINTS; p++)
        ndead += sc->dead[p] != 0;
    for (const char *d = r.dead; *d; d++)
        listed += *d == ' ';
    assert_true(ndead > 0);
    assert_int_equal(listed + 1, ndead);
    assert_int_equal(ndead, sc->side[SEI_BLACK].dead + sc->side[SEI_WHITE].dead);
    /* Territory points in the map are T (dead stones' points included). */
    int tb = 0;
    for (const char *t = r.territory; *t; t++)
        tb += *t == 'b';
    assert_int_equal(tb, sc->side[SEI_BLACK].territory - sc->side[SEI_BLACK].seki_eyes);

    const char *path = tpath("run.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    int64_t id;
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_OK);
    sei_store_result got;
    assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
    assert_int_equal(strlen(got.time), 20); /* the save's own time */
    memcpy(r.time, got.time, sizeof r.time);
    assert_same(&r, &got);
    sei_store_result_release(&got);
    sei_store_result_release(&r);
    sei_store_close(s);
    sei_cli_score_done(&run);
}

/* Run `seichi results ARGS`; out and err are the caller's to free. */
static int results_cmd(char **out, char **err, int argc, ...)
{
    char *argv[16];
    va_list ap;
    va_start(ap, argc);
    for (int i = 0; i < argc; i++)
        argv[i] = va_arg(ap, char *);
    va_end(ap);
    size_t on, en;
    FILE *o = open_memstream(out, &on), *e = open_memstream(err, &en);
    int rc = sei_cli_results(argc, argv, o, e);
    fclose(o);
    fclose(e);
    return rc;
}

/* A result with the kiosk's fill check: `results show` says it, and
 * `show --json` carries it as "fill_check". */
static void test_fill_shown(void **state)
{
    (void)state;
    const char *path = tpath("fill-shown.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    sei_store_result r;
    make_result(7, &r); /* Ing, with a fill check */
    int64_t id;
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_OK);
    sei_store_result_release(&r);
    sei_store_close(s);
    char idt[16], *out = NULL, *err = NULL;
    snprintf(idt, sizeof idt, "%lld", (long long)id);
    assert_int_equal(results_cmd(&out, &err, 4, "--db", (char *)path, "show", idt), 0);
    if (!strstr(out, "Fill check: Black 177 on the board + 1 spare, 2 holes; White 176 on the board + 4 spare, "
                     "0 holes; the fill shows Black ahead by 5; it agreed with the count (3 points of its photo "
                     "read in doubt)\n"))
        fail_msg("show: %s", out);
    free(out);
    free(err);
    assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)path, "show", idt, "--json"), 0);
    assert_non_null(strstr(out, "\"fill_check\":{\"black\":{\"on_board\":177,\"spare\":1,\"holes\":2}"));
    assert_null(strstr(out, "before_correction"));
    free(out);
    free(err);
    /* A judge changes the count: the fill was checked against the count
     * before, and says so (its figures are kept). A change of names alone
     * leaves it as it was. */
    s = open_ok(path);
    assert_int_equal(sei_store_pin_set(s, NULL, "2468"), SEI_STORE_OK);
    sei_store_change c;
    memset(&c, 0, sizeof c);
    char why[200];
    unsigned given = 0;
    assert_int_equal(sei_ident_option(&c.ident, &given, "--white", "Rob", why, sizeof why), 1);
    c.given = given;
    int changed = 0;
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "name", &c, &changed), SEI_STORE_OK);
    assert_int_equal(changed, 1);
    assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
    assert_int_equal(r.fill_recounted, 0);
    sei_store_result_release(&r);
    memset(&c, 0, sizeof c);
    c.result = "W+R";
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "resigned before the count", &c, &changed), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
    assert_int_equal(r.fill_checked, 1);
    assert_int_equal(r.fill_recounted, 1);
    assert_int_equal(r.fill_holes[SEI_BLACK], 2);
    sei_store_result_release(&r);
    sei_store_close(s);
    assert_int_equal(results_cmd(&out, &err, 4, "--db", (char *)path, "show", idt), 0);
    if (!strstr(out, "read in doubt); checked against the count before a judge's correction\n"))
        fail_msg("show after a correction: %s", out);
    free(out);
    free(err);
    assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)path, "show", idt, "--json"), 0);
    assert_non_null(strstr(out, "\"before_correction\":true"));
    free(out);
    free(err);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_cli(void **state)
{
    (void)state;
    const char *path = tpath("cli.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    static sei_score_run run;
    sei_score_opts o;
    const char *boards[] = {SEI_TESTS_DIR "/../kiosk/samples/club-game-19.board",
                            SEI_TESTS_DIR "/boards/seeds-184-177.board"};
    const char *rules[] = {"chinese", "japanese"};
    char results[2][24];
    for (int i = 0; i < 2; i++) {
        score_file(boards[i], rules[i], &o, &run);
        sei_store_result r;
        assert_int_equal(sei_store_result_from_run(&r, &o, &run, 0, NULL, 0), SEI_STORE_OK);
        if (i == 1)
            r.photo_path = strdup("/photos/a, \"quoted\".jpg");
        snprintf(results[i], sizeof results[i], "%s", r.result);
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
        sei_cli_score_done(&run);
    }
    sei_store_close(s);

    char *out, *err;
    char db[600];
    snprintf(db, sizeof db, "%s", path);
    assert_int_equal(results_cmd(&out, &err, 3, "--db", db, "list"), 0);
    assert_non_null(strstr(out, "     1  "));
    assert_non_null(strstr(out, "19x19"));
    assert_non_null(strstr(out, results[0]));
    assert_non_null(strstr(out, "japanese"));
    free(out), free(err);

    assert_int_equal(results_cmd(&out, &err, 4, "show", "1", "--db", db), 0);
    assert_non_null(strstr(out, "Result 1"));
    assert_non_null(strstr(out, "x o dead stones"));
    assert_non_null(strstr(out, "Result: "));
    assert_non_null(strstr(out, "In stones"));
    free(out), free(err);

    char csv[600], sgfdir[600];
    snprintf(csv, sizeof csv, "%s/out.csv", tmpdir);
    snprintf(sgfdir, sizeof sgfdir, "%s/sgf", tmpdir);
    if (results_cmd(&out, &err, 7, "--db", db, "export", "--csv", csv, "--sgf", sgfdir))
        fail_msg("export: %s", err);
    assert_non_null(strstr(err, "2 SGF files"));
    free(out), free(err);
    char *text = slurp(csv);
    assert_non_null(text);
    static const char header[] = "id,time,rules,komi,handicap,size,black_score,white_score,margin,winner,result,"
                                 "result_stones,photo_path,decided_by,source,game_path,local_time,uuid,state,origin,"
                                 "event,round,table,black_player,white_player,black_id,white_id,audit_entries\r\n1,";
    assert_memory_equal(text, header, sizeof header - 1);
    const char *tail = strstr(text, "\"/photos/a, \"\"quoted\"\".jpg\",count,board file,,");
    assert_non_null(tail);
    /* The local date and time, as a clock on the wall shows it, then the
     * UUID, state and origin, no identity given, no audit entries. */
    int yy, mo, dd, hh, mi, ss;
    char uuid[40];
    assert_int_equal(sscanf(strstr(tail, "board file,,") + 12, "%4d-%2d-%2d %2d:%2d:%2d,%36[-0-9a-f]", &yy, &mo, &dd,
                            &hh, &mi, &ss, uuid), 7);
    assert_true(sei_uuid_ok(uuid));
    assert_non_null(strstr(tail, ",agreed,cli,,,,,,,,0\r\n"));
    int lines = 0;
    for (char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 3);
    free(text);

    /* Each SGF: a setup position with the count, read back by our reader. */
    for (int i = 0; i < 2; i++) {
        char f[700];
        snprintf(f, sizeof f, "%s/seichi-%06d.sgf", sgfdir, i + 1);
        text = slurp(f);
        assert_non_null(text);
        sei_sgf *g = sei_sgf_create();
        assert_int_equal(sei_sgf_parse(g, text, strlen(text)), SEI_OK);
        sei_sgf_game game;
        memset(&game, 0, sizeof game);
        assert_int_equal(sei_sgf_game_get(g, 0, &game), SEI_OK);
        assert_int_equal(game.moves_n, 0);
        assert_true(game.setup_n > 0);
        assert_string_equal(game.result, results[i]);
        assert_string_equal(game.rules, rules[i]);
        int root = sei_sgf_root(g, 0);
        assert_true(sei_sgf_find(g, root, "TB") >= 0);
        assert_non_null(strstr(sei_sgf_get(g, root, "C"), "Dead stones"));
        sei_sgf_game_release(&game);
        sei_sgf_destroy(g);
        free(text);
    }

    /* Bad arguments and unreadable databases: exit 2 with a message. */
    struct { int argc; char *argv[4]; const char *want; } bad[] = {
        {0, {NULL}, "say what to do"},
        {1, {"frob"}, "unknown action"},
        {1, {"show"}, "needs a result number"},
        {2, {"show", "x1"}, "takes a result number"},
        {2, {"show", "99"}, "no result 99"},
        {1, {"export"}, "needs --csv FILE or --sgf DIR"},
        {2, {"list", "--csv"}, "goes with 'export'"},
        {2, {"list", "--frob"}, "unknown option"},
        {2, {"export", "--csv"}, "needs a value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[8] = {"--db", db};
        for (int k = 0; k < bad[i].argc; k++)
            argv[2 + k] = bad[i].argv[k];
        size_t on, en;
        FILE *fo = open_memstream(&out, &on), *fe = open_memstream(&err, &en);
        int rc = sei_cli_results(2 + bad[i].argc, argv, fo, fe);
        fclose(fo);
        fclose(fe);
        if (rc != 2 || !strstr(err, bad[i].want))
            fail_msg("case %zu: exit %d, message '%s' (wanted '%s')", i, rc, err, bad[i].want);
        free(out), free(err);
    }
    assert_int_equal(results_cmd(&out, &err, 3, "--db", (char *)tpath("missing.db"), "list"), 2);
    assert_non_null(strstr(err, "cannot open results database"));
    assert_int_equal(access(tpath("missing.db"), F_OK), -1);
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 3, "--db", (char *)tpath("random.db"), "list"), 2);
    assert_non_null(strstr(err, "not a SQLite file"));
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 1, "--help"), 0);
    assert_non_null(strstr(out, "usage: seichi results"));
    free(out), free(err);
}

/* ---- exported results count again the same -------------------------------------- */

/* `seichi score ARGS --save --db DB`, then `results export --sgf`, then
 * `seichi score --sgf` on the exported file with no options: the count
 * (or the game's result) must be the stored one, field by field. Returns
 * the stored result (the caller releases it). */
static void export_counts_again(const char *db, const char *label, sei_store_result *stored, int argc, ...)
{
    char *argv[24];
    va_list ap;
    va_start(ap, argc);
    for (int i = 0; i < argc; i++)
        argv[i] = va_arg(ap, char *);
    va_end(ap);
    argv[argc++] = "--save";
    argv[argc++] = "--db";
    argv[argc++] = (char *)db;
    char *out, *err;
    size_t on, en;
    FILE *o = open_memstream(&out, &on), *e = open_memstream(&err, &en);
    int rc = sei_cli_score(argc, argv, o, e);
    fclose(o);
    fclose(e);
    if (rc)
        fail_msg("%s: score: %s", label, err);
    free(out), free(err);

    char msg[512];
    sei_store *s = sei_store_open(db, msg, sizeof msg);
    assert_non_null(s);
    int64_t id;
    assert_int_equal(sei_store_count(s, &id), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, id, stored), SEI_STORE_OK);
    sei_store_close(s);

    char dir[600], file[700];
    snprintf(dir, sizeof dir, "%s/export-%s", tmpdir, label);
    if (results_cmd(&out, &err, 5, "--db", (char *)db, "export", "--sgf", dir))
        fail_msg("%s: export: %s", label, err);
    free(out), free(err);
    snprintf(file, sizeof file, "%s/seichi-%06" PRId64 ".sgf", dir, id);

    static sei_score_run run;
    sei_score_opts opts;
    char *again[] = {"--sgf", file};
    FILE *ef = tmpfile();
    assert_int_equal(sei_cli_score_parse(2, again, &opts, ef), 0);
    if (sei_cli_score_run(&opts, &run, ef)) {
        rewind(ef);
        char why[400] = "";
        fgets(why, sizeof why, ef);
        fail_msg("%s: counting %s again: %s", label, file, why);
    }
    fclose(ef);
    sei_store_result got;
    assert_int_equal(sei_store_result_from_run(&got, &opts, &run, 0, NULL, 0), SEI_STORE_OK);
    /* What only the first save knows. */
    memcpy(got.time, stored->time, sizeof got.time);
    got.state = stored->state;
    got.origin = stored->origin;
    snprintf(got.source, sizeof got.source, "%s", stored->source);
    free(got.photo_path), free(got.game_sgf), free(got.game_path);
    got.photo_path = stored->photo_path ? strdup(stored->photo_path) : NULL;
    got.game_sgf = stored->game_sgf ? strdup(stored->game_sgf) : NULL;
    got.game_path = stored->game_path ? strdup(stored->game_path) : NULL;
    char why[600];
    if (!same_result(stored, &got, why, sizeof why))
        fail_msg("%s: stored %s, the export counts %s: %s", label, stored->result, got.result, why);
    sei_store_result_release(&got);
    sei_cli_score_done(&run);
}

static void test_export_counts_again(void **state)
{
    (void)state;
    const char *db = tpath("again.db");
    rm_db(db);
    sei_store_result r;
    char *text;
    sei_sgf *g;
    sei_sgf_game game;

    /* A board with dead stones, prisoners given: they travel as SEIP. */
    export_counts_again(db, "board", &r, 7, SEI_TESTS_DIR "/../kiosk/samples/club-game-19.board", "--rules",
                        "japanese", "--prisoners", "3,2", "--dead", "auto");
    assert_true(r.dead[0]);
    assert_int_equal(r.side[SEI_BLACK].prisoners, 3);
    sei_store_result_release(&r);
    export_counts_again(db, "seeds", &r, 5, SEI_TESTS_DIR "/boards/seeds-184-177.board", "--rules", "japanese",
                        "--prisoners", "3,2");
    assert_string_equal(r.result, "B+1.5");
    sei_store_result_release(&r);
    /* Korean by who played last: net prisoners. */
    export_counts_again(db, "last", &r, 5, SEI_TESTS_DIR "/boards/seeds-184-177.board", "--rules", "korean", "--last",
                        "b");
    sei_store_result_release(&r);
    /* A photo. */
    export_counts_again(db, "photo", &r, 5, SEI_TESTS_DIR "/../images/renders/r043.jpg", "--rules", "japanese",
                        "--prisoners", "5,1");
    sei_store_result_release(&r);

    /* A game won by resignation: its export says so, and is that again. */
    const char *resigned = tpath("resigned.sgf");
    FILE *f = fopen(resigned, "w");
    fputs("(;GM[1]FF[4]SZ[9]KM[7]RU[Japanese]PB[Ann]PW[Bo]RE[B+R];B[ee];W[cc];B[gc];W[cg])", f);
    fclose(f);
    export_counts_again(db, "resigned", &r, 2, "--sgf", resigned);
    assert_string_equal(r.result, "B+R");
    sei_store_result_release(&r);

    if (!sei_test_shared_present()) {
        fprintf(stderr, "test_export_counts_again: %s absent; the Fox and Tygem games skipped\n",
                sei_test_shared_dir() ? sei_test_shared_dir() : "../shared");
        return;
    }
    /* A Fox game (the one that exported as B+9.5 when stored as W+11.5)
     * and a Tygem game: the export is the game, moves and players kept. */
    const char *games[][2] = {{"fox", "sgf/fox-pro/1410439875019999161.sgf"},
                              {"tygem", "sgf/tygem-9d-2005-11/tygem-75815543.sgf"}};
    for (int i = 0; i < 2; i++) {
        char src[700];
        snprintf(src, sizeof src, "%s/%s", sei_test_shared_dir(), games[i][1]);
        export_counts_again(db, games[i][0], &r, 2, "--sgf", src);
        if (i == 0)
            assert_string_equal(r.result, "W+11.5");
        assert_non_null(r.game_sgf);
        char file[700];
        snprintf(file, sizeof file, "%s/export-%s/seichi-%06" PRId64 ".sgf", tmpdir, games[i][0], r.id);
        text = slurp(file);
        assert_non_null(text);
        g = sei_sgf_create();
        assert_int_equal(sei_sgf_parse(g, text, strlen(text)), SEI_OK);
        memset(&game, 0, sizeof game);
        assert_int_equal(sei_sgf_game_get(g, 0, &game), SEI_OK);
        sei_sgf *og = sei_sgf_create();
        sei_sgf_game orig;
        memset(&orig, 0, sizeof orig);
        assert_int_equal(sei_sgf_parse(og, r.game_sgf, strlen(r.game_sgf)), SEI_OK);
        assert_int_equal(sei_sgf_game_get(og, 0, &orig), SEI_OK);
        assert_true(game.moves_n > 50);
        assert_int_equal(game.moves_n, orig.moves_n);
        assert_string_equal(game.black, orig.black);
        assert_string_equal(game.white, orig.white);
        assert_string_equal(game.date, orig.date);
        assert_string_equal(game.result, r.result);
        assert_true(sei_sgf_find(g, game.last, "TB") >= 0 || sei_sgf_find(g, game.last, "TW") >= 0);
        sei_sgf_game_release(&orig);
        sei_sgf_destroy(og);
        sei_sgf_game_release(&game);
        sei_sgf_destroy(g);
        free(text);
        sei_store_result_release(&r);
    }
    /* The same Fox game with no dead stones agreed: the export says none. */
    char src[700];
    snprintf(src, sizeof src, "%s/%s", sei_test_shared_dir(), games[0][1]);
    export_counts_again(db, "fox-none", &r, 4, "--sgf", src, "--dead", "none");
    assert_string_equal(r.dead, "");
    sei_store_result_release(&r);
}

/* ---- JSON documents ---------------------------------------------------------------- */

/* Run a command that prints JSON: stdout must be exactly one document
 * (one line) with "schema": 1; returns it (the caller deletes it) and the
 * stderr text in *err_text (the caller frees it). */
static cJSON *json_run(int (*cmd)(int, char **, FILE *, FILE *), char **err_text, int argc, ...)
{
    char *argv[24];
    va_list ap;
    va_start(ap, argc);
    for (int i = 0; i < argc; i++)
        argv[i] = va_arg(ap, char *);
    va_end(ap);
    char *out;
    size_t on, en;
    FILE *o = open_memstream(&out, &on), *e = open_memstream(err_text, &en);
    int rc = cmd(argc, argv, o, e);
    fclose(o);
    fclose(e);
    if (rc)
        fail_msg("%s ...: exit %d: %s", argv[0], rc, *err_text);
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithOpts(out, &end, 0);
    if (!doc)
        fail_msg("%s ...: not JSON: %s", argv[0], out);
    if (strcmp(end, "\n"))
        fail_msg("%s ...: more than the document on stdout: '%s'", argv[0], end);
    assert_ptr_equal(strchr(out, '\n'), end); /* one line */
    cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc, "schema");
    assert_true(cJSON_IsNumber(schema) && schema->valuedouble == 1);
    free(out);
    return doc;
}

static const char *json_str(const cJSON *doc, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, key);
    if (!cJSON_IsString(v))
        fail_msg("no string '%s' in the document", key);
    return v->valuestring;
}

static void test_json_documents(void **state)
{
    (void)state;
    const char *db = tpath("json.db");
    rm_db(db);
    char *err;
    cJSON *doc;
    char *seeds = SEI_TESTS_DIR "/boards/seeds-184-177.board";

    doc = json_run(sei_cli_score, &err, 3, "--board", seeds, "--json");
    assert_string_equal(json_str(doc, "result"), "W+0.5");
    assert_string_equal(json_str(doc, "decided_by"), "count");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(doc, "prisoners_given")));
    cJSON_Delete(doc), free(err);

    /* --save: where it went is in the document, the message on stderr. */
    doc = json_run(sei_cli_score, &err, 8, "--board", seeds, "--rules", "japanese", "--json", "--save", "--db",
                   (char *)db);
    const cJSON *saved = cJSON_GetObjectItemCaseSensitive(doc, "saved");
    assert_true(cJSON_IsObject(saved));
    assert_true(cJSON_GetObjectItemCaseSensitive(saved, "id")->valuedouble == 1);
    assert_string_equal(json_str(saved, "db"), db);
    assert_non_null(strstr(err, "Saved as result 1"));
    cJSON_Delete(doc), free(err);

    /* A record's RE with quotes, a backslash and a control character. */
    const char *odd = tpath("odd.sgf");
    FILE *f = fopen(odd, "w");
    fputs("(;GM[1]FF[4]SZ[9]RE[W+\"2.5\" \\\\ \x01\x1f end];B[ee];W[cc])", f);
    fclose(f);
    doc = json_run(sei_cli_score, &err, 3, "--sgf", (char *)odd, "--json");
    assert_string_equal(json_str(doc, "recorded_result"), "W+\"2.5\" \\ \x01\x1f end");
    cJSON_Delete(doc), free(err);

    /* Unknown rules and a move that cannot be played: said in the
     * document, not only in the text, and warned about on stderr. */
    const char *bizarre = tpath("bizarre.sgf");
    f = fopen(bizarre, "w");
    fputs("(;GM[1]FF[4]SZ[9]RU[Bizarre]RE[B+3];B[ee];W[ee];B[cc])", f);
    fclose(f);
    doc = json_run(sei_cli_score, &err, 3, "--sgf", (char *)bizarre, "--json");
    assert_string_equal(json_str(doc, "recorded_rules"), "Bizarre");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(doc, "recorded_rules_known")));
    assert_true(cJSON_GetObjectItemCaseSensitive(doc, "unreplayed_moves")->valuedouble == 1);
    assert_true(cJSON_GetObjectItemCaseSensitive(doc, "first_unreplayed_move")->valuedouble == 2);
    assert_non_null(strstr(err, "unknown rules RU[Bizarre]"));
    cJSON_Delete(doc), free(err);

    /* A game won by resignation, saved. */
    const char *resigned = tpath("json-resigned.sgf");
    f = fopen(resigned, "w");
    fputs("(;GM[1]FF[4]SZ[9]RE[B+R];B[ee];W[cc])", f);
    fclose(f);
    doc = json_run(sei_cli_score, &err, 6, "--sgf", (char *)resigned, "--json", "--save", "--db", (char *)db);
    assert_string_equal(json_str(doc, "decided_by"), "resignation");
    assert_string_equal(json_str(doc, "game_result"), "B+R");
    cJSON_Delete(doc), free(err);

    /* The stored results, listed and shown. */
    doc = json_run(sei_cli_results, &err, 4, "--db", (char *)db, "list", "--json");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(doc, "results");
    assert_int_equal(cJSON_GetArraySize(list), 2);
    assert_string_equal(json_str(cJSON_GetArrayItem(list, 0), "result"), "B+0.5");
    assert_string_equal(json_str(cJSON_GetArrayItem(list, 1), "result"), "B+R");
    assert_string_equal(json_str(cJSON_GetArrayItem(list, 1), "decided_by"), "resignation");
    cJSON_Delete(doc), free(err);
    doc = json_run(sei_cli_results, &err, 5, "--db", (char *)db, "show", "1", "--json");
    const cJSON *one = cJSON_GetObjectItemCaseSensitive(doc, "result");
    assert_string_equal(json_str(one, "rules"), "japanese");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(one, "position")), 19);
    assert_true(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(one, "black"), "area")->valuedouble ==
                184);
    cJSON_Delete(doc), free(err);
    doc = json_run(sei_cli_results, &err, 5, "--db", (char *)db, "show", "2", "--json");
    one = cJSON_GetObjectItemCaseSensitive(doc, "result");
    assert_null(cJSON_GetObjectItemCaseSensitive(one, "margin")); /* no count */
    assert_non_null(strstr(json_str(one, "game_path"), "json-resigned.sgf"));
    cJSON_Delete(doc), free(err);

    /* A photo, and the reading alone. */
    char *photo = SEI_TESTS_DIR "/../images/renders/r043.jpg";
    doc = json_run(sei_cli_score, &err, 2, photo, "--json");
    assert_true(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(doc, "board")));
    cJSON_Delete(doc), free(err);
    doc = json_run(sei_cli_detect, &err, 2, photo, "--json");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "grid")), 13);
    cJSON_Delete(doc), free(err);

    /* An annotated picture says its doubts under the count, in orange, as
     * the printed count does (t027: a hand over six points); one read with
     * none has no such line. */
    const char *with[2] = {SEI_TESTS_DIR "/../images/testset/t027.jpg", photo};
    for (int k = 0; k < 2; k++) {
        char *ann = (char *)tpath(k ? "ann-sure.png" : "ann-doubt.png");
        unlink(ann);
        doc = json_run(sei_cli_score, &err, 4, (char *)with[k], "--annotate", ann, "--json");
        cJSON_Delete(doc), free(err);
        sei_image img = {0};
        char msg[200];
        assert_int_equal(sei_cv_load(ann, 0, &img, msg, sizeof msg), 0);
        double scale = (img.width > img.height ? img.width : img.height) / 900.0;
        int orange = 0;
        for (int y = (int)(52 * scale); y < (int)(80 * scale) && y < img.height; y++)
            for (int x = 0; x < (int)(700 * scale) && x < img.width; x++) {
                const uint8_t *px = sei_image_row(&img, y) + 3 * x;
                orange += px[0] < 60 && abs(px[1] - 200) < 40 && px[2] > 215;
            }
        sei_image_free(&img);
        if (k == 0)
            assert_true(orange > 500);
        else
            assert_int_equal(orange, 0);
    }
}

/* ---- killed mid-save -------------------------------------------------------------- */

/* What the child reports: ready (id -1), then each result saved. */
typedef struct {
    int64_t id;
    int32_t seq;
} report;

static void kill_child(const char *path, int fd, int trial)
{
    char err[512];
    sei_store *s = sei_store_open(path, err, sizeof err);
    if (!s)
        _exit(3);
    report rep = {-1, 0};
    if (write(fd, &rep, sizeof rep) != sizeof rep)
        _exit(4);
    for (int k = 0;; k++) {
        sei_store_result r;
        rep.seq = trial * 10000 + k;
        make_result(rep.seq, &r);
        if (sei_store_save(s, &r, &rep.id) != SEI_STORE_OK)
            _exit(5);
        sei_store_result_release(&r);
        /* Only now is it agreed: the parent may hold us to it. */
        if (write(fd, &rep, sizeof rep) != sizeof rep)
            _exit(6);
    }
}

static void check_row(sei_store *s, const sei_store_result *got)
{
    int seq;
    if (sscanf(got->source, "test %d", &seq) != 1)
        fail_msg("row %" PRId64 ": source '%s'", got->id, got->source);
    sei_store_result want;
    make_result(seq, &want);
    assert_same(&want, got);
    sei_store_result_release(&want);
    (void)s;
}

/* Several programs saving their first result to one new file at once (a
 * kiosk and `seichi score --save` runs started together): each must find
 * or make the schema whole, none may take the half-made file for another
 * program's or give up on the lock. The children are released together
 * from a pipe so their opens overlap; many rounds, as a lost race is rare. */
#define FIRST_SAVERS 8
#define FIRST_ROUNDS 25
static void test_first_saves_at_once(void **state)
{
    (void)state;
    const char *path = tpath("first.db");
    for (int round = 0; round < FIRST_ROUNDS; round++) {
        rm_db(path);
        int go[2], errs[2];
        assert_int_equal(pipe(go), 0);
        assert_int_equal(pipe(errs), 0);
        pid_t pids[FIRST_SAVERS];
        for (int i = 0; i < FIRST_SAVERS; i++) {
            pids[i] = fork();
            assert_true(pids[i] >= 0);
            if (pids[i] == 0) {
                close(go[1]);
                close(errs[0]);
                char c, err[512] = "";
                if (read(go[0], &c, 1) < 0)
                    _exit(5);
                sei_store *s = sei_store_open(path, err, sizeof err);
                sei_store_result r;
                make_result(round * FIRST_SAVERS + i, &r);
                int64_t id;
                int bad = !s || sei_store_save(s, &r, &id) != SEI_STORE_OK;
                if (bad && s)
                    snprintf(err, sizeof err, "%s", sei_store_errmsg(s));
                if (bad && write(errs[1], err, strlen(err) + 1) < 0)
                    _exit(6);
                sei_store_result_release(&r);
                sei_store_close(s);
                _exit(bad ? 2 : 0);
            }
        }
        close(go[0]);
        close(errs[1]);
        close(go[1]); /* every child's read returns now */
        char msg[600] = "";
        ssize_t got = read(errs[0], msg, sizeof msg - 1);
        msg[got > 0 ? got : 0] = 0;
        close(errs[0]);
        int failed = 0;
        for (int i = 0; i < FIRST_SAVERS; i++) {
            int status;
            assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
            failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
        }
        if (failed)
            fail_msg("round %d: %d of %d first saves failed: %s", round, failed, FIRST_SAVERS, msg);
        sei_store *s = open_ok(path);
        int64_t n = 0;
        assert_int_equal(sei_store_count(s, &n), SEI_STORE_OK);
        assert_int_equal(n, FIRST_SAVERS);
        sei_store_close(s);
    }
    rm_db(path);
}

static void test_kill_while_saving(void **state)
{
    (void)state;
    const char *path = tpath("kill.db");
    rm_db(path);
    sei_store_close(open_ok(path));
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20), g = seed | 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int64_t verified_to = 0, reported = 0, extra = 0, idle_kills = 0;
    int trials = 0;
    for (; trials < KILL_TRIALS; trials++) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            kill_child(path, fds[1], trials);
        }
        close(fds[1]);
        report rep;
        if (read(fds[0], &rep, sizeof rep) != sizeof rep || rep.id != -1) {
            int st;
            waitpid(pid, &st, 0);
            fail_msg("trial %d: the child could not open the store (status %d)", trials, st);
        }
        /* 200 us to 4 ms: saves take about a millisecond, so kills land
         * before, inside and after commits. */
        struct timespec d = {0, (long)(200000 + rng_next(&g) % 3800000)};
        nanosleep(&d, NULL);
        kill(pid, SIGKILL);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFSIGNALED(status))
            fail_msg("trial %d: the child stopped by itself (exit %d)", trials, WEXITSTATUS(status));
        int64_t ids[4096];
        int32_t seqs[4096];
        int n = 0;
        while (read(fds[0], &rep, sizeof rep) == sizeof rep && n < 4096) {
            ids[n] = rep.id;
            seqs[n++] = rep.seq;
        }
        close(fds[0]);
        idle_kills += n == 0;
        reported += n;

        char mode[64];
        raw_text(path, "PRAGMA integrity_check", mode, sizeof mode);
        if (strcmp(mode, "ok"))
            fail_msg("trial %d (seed %" PRIu64 "): integrity_check says %s", trials, seed, mode);
        sei_store *s = open_ok(path);
        for (int i = 0; i < n; i++) {
            sei_store_result got, want;
            if (sei_store_get(s, ids[i], &got) != SEI_STORE_OK)
                fail_msg("trial %d (seed %" PRIu64 "): result %" PRId64 " reported saved is missing: %s", trials,
                         seed, ids[i], sei_store_errmsg(s));
            make_result(seqs[i], &want);
            assert_same(&want, &got);
            sei_store_result_release(&want);
            sei_store_result_release(&got);
        }
        /* Every row not seen before, reported or not (a commit the kill
         * cut off before the report), must be whole too. */
        sei_store_cursor *c = sei_store_list(s, SEI_STORE_LIST_NEWEST_FIRST | SEI_STORE_LIST_PHOTOS);
        assert_non_null(c);
        sei_store_result got;
        int64_t top = verified_to;
        while (sei_store_next(c, &got) == SEI_STORE_OK) {
            if (got.id <= verified_to) {
                sei_store_result_release(&got);
                break;
            }
            if (got.id > top)
                top = got.id;
            check_row(s, &got);
            extra += n == 0 || got.id > ids[n - 1];
            sei_store_result_release(&got);
        }
        sei_store_cursor_close(c);
        verified_to = top;
        assert_int_equal(sei_store_check(s), SEI_STORE_OK);
        sei_store_close(s);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    print_message("kill test: %d trials in %.1f s (seed %" PRIu64 "), %" PRId64 " saves reported and found whole, "
                  "%" PRId64 " rows committed but not yet reported, %" PRId64 " kills before any save, "
                  "%" PRId64 " rows in all\n",
                  trials, secs, seed, reported, extra, idle_kills, verified_to);
    assert_true(trials >= 200);
}

/* ---- nothing changed, nothing blocked ---------------------------------------- */

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, 1 << 20, f);
    fclose(f);
    return buf;
}

/* Another program's SQLite file (in its own journal mode, with tables
 * but no Seichi schema) is refused by either kind of open, and not one
 * byte of it changes: no WAL switched on, no file made beside it. */
static void test_foreign_untouched(void **state)
{
    (void)state;
    const char *path = tpath("recipes.db");
    rm_db(path);
    raw_sql(path, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('miso')");
    size_t n0 = 0, n1 = 0;
    char *before = read_all(path, &n0);
    assert_non_null(before);
    char err[512];
    for (int ro = 0; ro < 2; ro++) {
        err[0] = 0;
        assert_null(ro ? sei_store_open_readonly(path, err, sizeof err) : sei_store_open(path, err, sizeof err));
        assert_non_null(strstr(err, "another program's"));
        char *after = read_all(path, &n1);
        assert_non_null(after);
        assert_int_equal(n0, n1);
        if (memcmp(before, after, n0))
            fail_msg("%s changed by a refused open (%s)", path, ro ? "read-only" : "read-write");
        free(after);
        char side[600];
        snprintf(side, sizeof side, "%s-wal", path);
        assert_int_equal(access(side, F_OK), -1);
    }
    free(before);
}

/* A row damaged by another tool (written past the CHECKs) is reported
 * with its id and skipped: the rows around it still list and export. */
static void test_damaged_row(void **state)
{
    (void)state;
    const char *path = tpath("onebad.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    for (int seq = 0; seq < 3; seq++) {
        sei_store_result r;
        make_result(seq, &r);
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
    }
    sei_store_close(s);
    raw_sql(path, "PRAGMA ignore_check_constraints = 1;"
                  "UPDATE results SET position = replace(position, '.', '?') WHERE id = 2");
    s = open_ok(path);
    sei_store_cursor *c = sei_store_list(s, 0);
    assert_non_null(c);
    sei_store_result r;
    sei_store_status want[] = {SEI_STORE_OK, SEI_STORE_ERR_ROW, SEI_STORE_OK, SEI_STORE_DONE};
    for (int i = 0; i < 4; i++) {
        sei_store_status st = sei_store_next(c, &r);
        if (st != want[i])
            fail_msg("row %d: %s, want %s (%s)", i + 1, sei_store_status_name(st), sei_store_status_name(want[i]),
                     sei_store_errmsg(s));
        if (st == SEI_STORE_ERR_ROW)
            assert_non_null(strstr(sei_store_errmsg(s), "result 2"));
        if (st == SEI_STORE_OK) {
            assert_int_equal(r.id, i + 1);
            sei_store_result_release(&r);
        }
    }
    sei_store_cursor_close(c);
    sei_store_close(s);
    /* The command: both good rows listed and exported, the bad one named,
     * and the exit status says something was left out. */
    char *out, *err;
    assert_int_equal(results_cmd(&out, &err, 3, "--db", (char *)path, "list"), 1);
    assert_non_null(strstr(out, "     1  "));
    assert_non_null(strstr(out, "     3  "));
    assert_null(strstr(out, "     2  "));
    assert_non_null(strstr(err, "result 2"));
    assert_non_null(strstr(err, "skipped"));
    free(out);
    free(err);
    const char *csv = tpath("onebad.csv");
    unlink(csv);
    assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)path, "export", "--csv", (char *)csv), 1);
    assert_non_null(strstr(err, "result 2"));
    char *text = slurp(csv);
    assert_non_null(text);
    int lines = 0;
    for (char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 3); /* the header and two rows */
    assert_true(!strncmp(strstr(text, "\n") + 1, "1,", 2));
    assert_non_null(strstr(text, "\r\n3,"));
    free(text);
    free(out);
    free(err);
}

/* Values another tool wrote that the file's CHECKs let through, each in
 * one row of three: named and skipped by the listing, refused by `show`
 * and by an SGF export, which carries on with the good rows (exit 1). The
 * middle row is an area count (AGA), so it has a result in stones too. */
static void test_damaged_values(void **state)
{
    (void)state;
    static const struct {
        const char *set, *says;
    } edits[] = {
        {"rules = 'klingon'", "unknown rules 'klingon'"},
        {"rules = 'Chinese'", "unknown rules 'Chinese'"},
        {"rules = 'bad\x01'", "unknown rules (not one of"},
        {"komi = 7.3", "komi 7.3 is not in steps of 0.5"},
        {"komi = 1e9", "komi 1000000000 is more than"},
        {"result = 'B+99'", "result B+99 does not agree with its scores"},
        {"b_score = b_score + 100", "does not agree with its scores"},
        {"margin = margin + 1", "does not agree with its scores"},
        {"winner = 'draw'", "does not agree with its scores"},
        {"result_stones = 'W+99'", "result in stones W+99 does not agree"},
    };
    const char *path = tpath("values.db"), *dir = tpath("values-sgf");
    for (size_t e = 0; e < sizeof edits / sizeof *edits; e++) {
        rm_db(path);
        sei_store *s = open_ok(path);
        int seqs[] = {0, 2, 3};
        for (int i = 0; i < 3; i++) {
            sei_store_result r;
            make_result(seqs[i], &r);
            assert_string_equal(i == 1 ? "aga" : r.rules, r.rules);
            assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
            sei_store_result_release(&r);
        }
        sei_store_close(s);
        char sql[256];
        snprintf(sql, sizeof sql, "UPDATE results SET %s WHERE id = 2", edits[e].set);
        raw_sql(path, sql);
        s = open_ok(path);
        sei_store_cursor *c = sei_store_list(s, 0);
        assert_non_null(c);
        sei_store_result r;
        sei_store_status want[] = {SEI_STORE_OK, SEI_STORE_ERR_ROW, SEI_STORE_OK, SEI_STORE_DONE};
        for (int i = 0; i < 4; i++) {
            sei_store_status st = sei_store_next(c, &r);
            if (st != want[i])
                fail_msg("%s: row %d: %s, want %s (%s)", edits[e].set, i + 1, sei_store_status_name(st),
                         sei_store_status_name(want[i]), sei_store_errmsg(s));
            if (st == SEI_STORE_ERR_ROW && (!strstr(sei_store_errmsg(s), "result 2") ||
                                            !strstr(sei_store_errmsg(s), edits[e].says)))
                fail_msg("%s: says \"%s\", want \"%s\"", edits[e].set, sei_store_errmsg(s), edits[e].says);
            if (st == SEI_STORE_OK)
                sei_store_result_release(&r);
        }
        sei_store_cursor_close(c);
        sei_store_close(s);
        char *out, *err;
        if (results_cmd(&out, &err, 4, "--db", (char *)path, "show", "2") == 0)
            fail_msg("%s: show 2 exited 0: %s", edits[e].set, out);
        assert_non_null(strstr(err, edits[e].says));
        free(out);
        free(err);
        char cmd[700];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        assert_int_equal(system(cmd), 0);
        assert_int_equal(mkdir(dir, 0700), 0);
        assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)path, "export", "--sgf", (char *)dir), 1);
        assert_non_null(strstr(err, "result 2"));
        free(out);
        free(err);
    }
    rm_db(path);
}

/* `seichi results` reads an older Seichi file as before: upgraded where
 * it may be written, then listed. */
static void test_results_older_schema(void **state)
{
    (void)state;
    const char *path = tpath("older.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    sei_store_result r;
    make_result(3, &r);
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
    sei_store_result_release(&r);
    sei_store_close(s);
    raw_sql(path, SCHEMA_3_COLUMNS "PRAGMA user_version = 3");
    char *out, *err;
    assert_int_equal(results_cmd(&out, &err, 3, "--db", (char *)path, "list"), 0);
    assert_non_null(strstr(out, "     1  "));
    free(out);
    free(err);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
}

/* What a user who may only read the database does: list and export it.
 * The file (0444) and its folder (0555) are left as they were. Root can
 * write anywhere, so as root this runs in a child that gives up root. */
static int readonly_db_checks(const char *db, const char *outdir, char *why, size_t n)
{
    char err[512];
    if (access(db, W_OK) == 0)
        return snprintf(why, n, "%s is writable: the test proves nothing", db), 0;
    sei_store *s = sei_store_open_readonly(db, err, sizeof err);
    if (!s)
        return snprintf(why, n, "read-only open: %s", err), 0;
    int64_t count = 0;
    sei_store_count(s, &count);
    sei_store_close(s);
    if (count != 2)
        return snprintf(why, n, "%lld results, want 2", (long long)count), 0;
    char *out, *e;
    int rc = results_cmd(&out, &e, 3, "--db", (char *)db, "list");
    int ok = rc == 0 && strstr(out, "     2  ");
    if (!ok)
        snprintf(why, n, "list -> %d: %s%s", rc, out, e);
    free(out);
    free(e);
    if (!ok)
        return 0;
    char csv[700];
    snprintf(csv, sizeof csv, "%s/ro.csv", outdir);
    rc = results_cmd(&out, &e, 5, "--db", (char *)db, "export", "--csv", csv);
    ok = rc == 0 && access(csv, R_OK) == 0;
    if (!ok)
        snprintf(why, n, "export -> %d: %s%s", rc, out, e);
    free(out);
    free(e);
    return ok;
}

static void test_readonly_db(void **state)
{
    (void)state;
    char rodir[300], outdir[300], db[400];
    snprintf(rodir, sizeof rodir, "%s/rodb", tmpdir);
    snprintf(outdir, sizeof outdir, "%s/rodb-out", tmpdir);
    snprintf(db, sizeof db, "%s/results.db", rodir);
    mkdir(rodir, 0755);
    mkdir(outdir, 0777);
    chmod(outdir, 0777);
    rm_db(db);
    sei_store *s = open_ok(db);
    for (int seq = 0; seq < 2; seq++) {
        sei_store_result r;
        make_result(seq, &r);
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
    }
    sei_store_close(s);
    size_t n0 = 0, n1 = 0;
    char *before = read_all(db, &n0);
    assert_int_equal(chmod(db, 0444), 0);
    assert_int_equal(chmod(rodir, 0555), 0);
    char why[1200] = "";
    int ok;
    if (geteuid() != 0) {
        ok = readonly_db_checks(db, outdir, why, sizeof why);
    } else {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        chmod(tmpdir, 0755);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            int k = setgid(65534) == 0 && setuid(65534) == 0;
            if (!k)
                snprintf(why, sizeof why, "cannot drop root");
            else
                k = readonly_db_checks(db, outdir, why, sizeof why);
            if (write(fds[1], why, strlen(why)) < 0)
                _exit(3);
            _exit(k ? 0 : 1);
        }
        close(fds[1]);
        ssize_t got = read(fds[0], why, sizeof why - 1);
        why[got > 0 ? got : 0] = 0;
        close(fds[0]);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        chmod(tmpdir, 0700);
        ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    chmod(rodir, 0755);
    if (!ok)
        fail_msg("read-only database: %s", why);
    char *after = read_all(db, &n1);
    assert_int_equal(n0, n1);
    assert_memory_equal(before, after, n0);
    free(before);
    free(after);
}

/* ---- main --------------------------------------------------------------------------- */

/* ---- who played, UUIDs, judges ------------------------------------------------------ */

/* A schema-4 file as Seichi wrote one before results had an identity:
 * made here from that schema's own statements, with two rows in it. */
static void make_schema4_file(const char *path)
{
    char sql[6000];
    snprintf(sql, sizeof sql,
             "CREATE TABLE results ("
             " id INTEGER PRIMARY KEY AUTOINCREMENT,"
             " time TEXT NOT NULL CHECK (length(time) > 0),"
             " rules TEXT NOT NULL CHECK (length(rules) > 0),"
             " scoring TEXT NOT NULL CHECK (scoring IN ('area', 'territory')),"
             " komi REAL NOT NULL, handicap INTEGER NOT NULL CHECK (handicap >= 0), bonus REAL NOT NULL,"
             " size INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),"
             " position TEXT NOT NULL CHECK (length(position) = size * (size + 1)),"
             " territory TEXT NOT NULL CHECK (length(territory) = size * (size + 1)),"
             " dead TEXT NOT NULL,"
             " b_stones INTEGER NOT NULL, b_territory INTEGER NOT NULL, b_area INTEGER NOT NULL,"
             " b_prisoners INTEGER NOT NULL, b_dead INTEGER NOT NULL, b_seki_eyes INTEGER NOT NULL,"
             " b_false_eyes INTEGER NOT NULL, b_score REAL NOT NULL, b_penalty REAL NOT NULL,"
             " w_stones INTEGER NOT NULL, w_territory INTEGER NOT NULL, w_area INTEGER NOT NULL,"
             " w_prisoners INTEGER NOT NULL, w_dead INTEGER NOT NULL, w_seki_eyes INTEGER NOT NULL,"
             " w_false_eyes INTEGER NOT NULL, w_score REAL NOT NULL, w_penalty REAL NOT NULL,"
             " dame INTEGER NOT NULL, margin REAL NOT NULL,"
             " winner TEXT NOT NULL CHECK (winner IN ('B', 'W', 'draw')),"
             " result TEXT NOT NULL CHECK (length(result) > 0),"
             " margin_stones REAL NOT NULL, result_stones TEXT, source TEXT NOT NULL, photo_path TEXT, photo BLOB);"
             "CREATE INDEX results_time ON results (time);"
             "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
             "ALTER TABLE results ADD COLUMN decided_by TEXT NOT NULL DEFAULT 'count'"
             " CHECK (decided_by IN ('count', 'resignation', 'time', 'forfeit'));"
             "ALTER TABLE results ADD COLUMN game_sgf TEXT;"
             "ALTER TABLE results ADD COLUMN game_path TEXT;"
             "PRAGMA user_version = 4; PRAGMA application_id = %d;", 0x53454943);
    raw_sql(path, sql);
    for (int i = 0; i < 2; i++)
        raw_sql(path, "INSERT INTO results (time, rules, scoring, komi, handicap, bonus, size, position, territory,"
                      " dead, b_stones, b_territory, b_area, b_prisoners, b_dead, b_seki_eyes, b_false_eyes, b_score,"
                      " b_penalty, w_stones, w_territory, w_area, w_prisoners, w_dead, w_seki_eyes, w_false_eyes,"
                      " w_score, w_penalty, dame, margin, winner, result, margin_stones, result_stones, source,"
                      " photo_path, decided_by, game_sgf) VALUES"
                      " ('2024-01-01T00:00:00Z', 'japanese', 'territory', 6.5, 0, 0, 2, '..\n..\n', '..\n..\n', '',"
                      " 0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,6.5,0, 4, -6.5, 'W', 'W+6.5', 0, NULL, 'sgf', NULL, 'count',"
                      " '(;GM[1]SZ[2]PB[Old Black])')");
}

/* A UUID of version 4 (random), RFC 4122's variant. */
static void assert_uuid_v4(const char *u)
{
    if (!sei_uuid_ok(u) || u[14] != '4' || !strchr("89ab", u[19]))
        fail_msg("'%s' is no random UUID", u);
}

static void test_migrate_schema4(void **state)
{
    (void)state;
    const char *path = tpath("schema4.db");
    rm_db(path);
    make_schema4_file(path);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), 4);
    sei_store *s = open_ok(path);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
    sei_store_result a, b;
    assert_int_equal(sei_store_get(s, 1, &a), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, 2, &b), SEI_STORE_OK);
    /* Old rows: every field as it was, an empty identity, agreed, stored
     * by nobody known, a UUID each, and no audit trail. */
    assert_string_equal(a.result, "W+6.5");
    assert_string_equal(a.game_sgf, "(;GM[1]SZ[2]PB[Old Black])");
    assert_string_equal(a.ident.event, "");
    assert_string_equal(a.ident.black, "");
    assert_int_equal(a.ident.round, 0);
    assert_int_equal(a.ident.table, 0);
    assert_int_equal(a.state, SEI_STATE_AGREED);
    assert_int_equal(a.origin, SEI_ORIGIN_UNKNOWN);
    assert_int_equal(a.audit_entries, 0);
    assert_uuid_v4(a.uuid);
    assert_uuid_v4(b.uuid);
    assert_string_not_equal(a.uuid, b.uuid);
    sei_store_result_release(&a);
    sei_store_result_release(&b);
    /* New results go in beside them, and every way of reading lists all. */
    sei_store_result r;
    make_result(4, &r);
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
    sei_store_result_release(&r);
    sei_store_close(s);
    char *out, *err;
    assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)path, "export", "--csv", "-"), 0);
    int lines = 0;
    for (char *p = out; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 4);
    assert_non_null(strstr(out, ",agreed,unknown,,,,,,,,0\r\n"));
    free(out), free(err);
}

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

static void test_uuid_once(void **state)
{
    (void)state;
    /* Random: none repeats in a few thousand. */
    enum { N = 4000 };
    char(*u)[SEI_UUID_LEN + 1] = malloc(N * sizeof *u);
    assert_non_null(u);
    for (int i = 0; i < N; i++) {
        assert_int_equal(sei_uuid_new(u[i]), 0);
        assert_uuid_v4(u[i]);
    }
    qsort(u, N, sizeof *u, cmp_str);
    for (int i = 1; i < N; i++)
        assert_string_not_equal(u[i - 1], u[i]);
    free(u);
    assert_false(sei_uuid_ok("4211a116-0a91-4e8f-8a5a-c0ecadfb125"));
    assert_false(sei_uuid_ok("4211A116-0a91-4e8f-8a5a-c0ecadfb125f"));
    assert_false(sei_uuid_ok("4211a116-0a91-4e8f-8a5a-c0ecadfb125f0"));

    const char *path = tpath("uuid.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    sei_store_result r;
    make_result(1, &r);
    int64_t id1 = 0, id2 = 0;
    char uuid[SEI_UUID_LEN + 1], again[SEI_UUID_LEN + 1];
    int dup = -1;
    assert_int_equal(sei_store_save_uuid(s, &r, &id1, uuid, &dup), SEI_STORE_OK);
    assert_int_equal(dup, 0);
    assert_uuid_v4(uuid);
    /* The same result pushed again, even changed on the way: stored once,
     * the first kept. */
    memcpy(r.uuid, uuid, sizeof uuid);
    snprintf(r.ident.white, sizeof r.ident.white, "someone else");
    assert_int_equal(sei_store_save_uuid(s, &r, &id2, again, &dup), SEI_STORE_OK);
    assert_int_equal(dup, 1);
    assert_int_equal(id2, id1);
    assert_string_equal(again, uuid);
    int64_t count = 0;
    assert_int_equal(sei_store_count(s, &count), SEI_STORE_OK);
    assert_int_equal(count, 1);
    sei_store_result got;
    assert_int_equal(sei_store_get(s, id1, &got), SEI_STORE_OK);
    assert_string_equal(got.uuid, uuid);
    assert_string_not_equal(got.ident.white, "someone else");
    sei_store_result_release(&got);
    /* A UUID that is none is refused. */
    snprintf(r.uuid, sizeof r.uuid, "not-a-uuid");
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_ERR_ARG);
    /* A result is not stored confirmed or voided: that is a judge's. */
    r.uuid[0] = 0;
    r.state = SEI_STATE_CONFIRMED;
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_ERR_ARG);
    r.state = SEI_STATE_DISPUTED;
    assert_int_equal(sei_store_save(s, &r, &id2), SEI_STORE_OK);
    sei_store_result_release(&r);
    sei_store_close(s);
    /* The file itself holds to it: another row with the same UUID, a
     * row with none, a UUID changed, are all refused. */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TEMP TABLE t AS SELECT * FROM results WHERE id = 1;"
                                      "UPDATE t SET id = 99", NULL, NULL, NULL), SQLITE_OK);
    assert_int_not_equal(sqlite3_exec(db, "INSERT INTO results SELECT * FROM t", NULL, NULL, NULL), SQLITE_OK);
    assert_non_null(strstr(sqlite3_errmsg(db), "UNIQUE"));
    assert_int_not_equal(sqlite3_exec(db, "UPDATE t SET uuid = NULL; INSERT INTO results SELECT * FROM t", NULL, NULL,
                                      NULL), SQLITE_OK);
    assert_non_null(strstr(sqlite3_errmsg(db), "needs a UUID"));
    char sql[160];
    snprintf(sql, sizeof sql, "UPDATE results SET uuid = '%s' WHERE id = %lld", uuid, (long long)id2);
    assert_int_not_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM results"), 2);
}

/* A field of a CSV line (RFC 4180: quoted, quotes doubled) by number;
 * line points at the line's start. */
static void csv_get(const char *line, int field, char *buf, size_t n)
{
    size_t k = 0;
    int f = 0;
    const char *p = line;
    while (*p && f <= field) {
        int quoted = *p == '"';
        if (quoted)
            p++;
        for (; *p; p++) {
            if (quoted && p[0] == '"' && p[1] == '"')
                p++;
            else if (quoted && *p == '"') {
                p++;
                break;
            } else if (!quoted && (*p == ',' || *p == '\r'))
                break;
            if (f == field && k + 1 < n)
                buf[k++] = *p;
        }
        if (*p == ',')
            p++;
        else if (f < field)
            fail_msg("no field %d in %.80s", field, line);
        f++;
    }
    buf[k] = 0;
}

static int csv_column(const char *header, const char *name)
{
    char buf[64];
    for (int i = 0; i < 40; i++) {
        csv_get(header, i, buf, sizeof buf);
        if (!strcmp(buf, name))
            return i;
    }
    fail_msg("no column %s", name);
    return -1;
}

/* Who played goes in from the command line or a record and comes out
 * whole through list --json, the CSV and the exported SGF. */
static void test_ident_exports(void **state)
{
    (void)state;
    const char *db = tpath("ident.db"), *game = tpath("ident-game.sgf");
    rm_db(db);
    FILE *f = fopen(game, "w");
    assert_non_null(f);
    fputs("(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]PB[File Black]PW[File White]EV[File Cup]RO[4 (final)]GN[Kept name]"
          "PC[Tokyo]DT[2020-01-02]RE[B+R];B[ee];W[cc])",
          f);
    fclose(f);
    char *err;
    /* A record: its names, event and round unless given. */
    cJSON *doc = json_run(sei_cli_score, &err, 8, "--sgf", (char *)game, "--json", "--db", (char *)db, "--black",
                          "Given Black", "--save");
    char uuid1[SEI_UUID_LEN + 1];
    snprintf(uuid1, sizeof uuid1, "%s", json_str(cJSON_GetObjectItemCaseSensitive(doc, "saved"), "uuid"));
    cJSON_Delete(doc), free(err);
    /* A board: everything given, text a CSV must quote. */
    doc = json_run(sei_cli_score, &err, 20, "--board", SEI_TESTS_DIR "/boards/seeds-184-177.board", "--save", "--db",
                   (char *)db, "--event", "Cup \"A\", 2026", "--round", "3", "--table", "12", "--black", "Åsa Öberg",
                   "--white", "李昌镐", "--black-id", "egd:12345678", "--white-id", "AGA:4321", "--json");
    cJSON_Delete(doc), free(err);

    doc = json_run(sei_cli_results, &err, 4, "--db", (char *)db, "list", "--json");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(doc, "results");
    assert_int_equal(cJSON_GetArraySize(list), 2);
    const cJSON *one = cJSON_GetArrayItem(list, 0), *two = cJSON_GetArrayItem(list, 1);
    assert_string_equal(json_str(one, "black_player"), "Given Black");
    assert_string_equal(json_str(one, "white_player"), "File White");
    assert_string_equal(json_str(one, "event"), "File Cup");
    assert_true(cJSON_GetObjectItemCaseSensitive(one, "round")->valuedouble == 4);
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(one, "table")));
    assert_string_equal(json_str(one, "origin"), "cli");
    assert_string_equal(json_str(one, "state"), "agreed");
    assert_string_equal(json_str(one, "uuid"), uuid1);
    assert_uuid_v4(uuid1);
    assert_string_equal(json_str(two, "event"), "Cup \"A\", 2026");
    assert_true(cJSON_GetObjectItemCaseSensitive(two, "table")->valuedouble == 12);
    assert_string_equal(json_str(two, "black_player"), "Åsa Öberg");
    assert_string_equal(json_str(two, "white_player"), "李昌镐");
    assert_string_equal(json_str(two, "black_id"), "EGD:12345678");
    assert_string_equal(json_str(two, "white_id"), "AGA:4321");
    assert_true(cJSON_GetObjectItemCaseSensitive(two, "audit_entries")->valuedouble == 0);
    char uuid2[SEI_UUID_LEN + 1];
    snprintf(uuid2, sizeof uuid2, "%s", json_str(two, "uuid"));
    cJSON_Delete(doc), free(err);

    /* The CSV. */
    char *out;
    assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)db, "export", "--csv", "-"), 0);
    const char *row2 = strstr(out, "\r\n2,");
    assert_non_null(row2);
    row2 += 2;
    char v[200];
    const struct {
        const char *col, *want;
    } cells[] = {{"event", "Cup \"A\", 2026"}, {"round", "3"},          {"table", "12"},
                 {"black_player", "Åsa Öberg"}, {"white_player", "李昌镐"}, {"black_id", "EGD:12345678"},
                 {"white_id", "AGA:4321"},      {"uuid", uuid2},        {"state", "agreed"},
                 {"origin", "cli"},             {"audit_entries", "0"}};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        csv_get(row2, csv_column(out, cells[i].col), v, sizeof v);
        if (strcmp(v, cells[i].want))
            fail_msg("CSV %s: '%s', want '%s'", cells[i].col, v, cells[i].want);
    }
    csv_get(strstr(out, "\r\n1,") + 2, csv_column(out, "table"), v, sizeof v);
    assert_string_equal(v, "");
    free(out), free(err);

    /* The SGF: the game's own root kept (GN, PC, DT), the identity as
     * stored over its names; a position's record gains all of it. */
    char dir[600];
    snprintf(dir, sizeof dir, "%s/ident-sgf", tmpdir);
    assert_int_equal(results_cmd(&out, &err, 5, "--db", (char *)db, "export", "--sgf", dir), 0);
    free(out), free(err);
    for (int i = 1; i <= 2; i++) {
        char file[700];
        snprintf(file, sizeof file, "%s/seichi-%06d.sgf", dir, i);
        char *text = slurp(file);
        assert_non_null(text);
        sei_sgf *g = sei_sgf_create();
        assert_int_equal(sei_sgf_parse(g, text, strlen(text)), SEI_OK);
        int root = sei_sgf_root(g, 0);
        if (i == 1) {
            assert_string_equal(sei_sgf_get(g, root, "PB"), "Given Black");
            assert_string_equal(sei_sgf_get(g, root, "PW"), "File White");
            assert_string_equal(sei_sgf_get(g, root, "EV"), "File Cup");
            assert_string_equal(sei_sgf_get(g, root, "RO"), "4");
            assert_string_equal(sei_sgf_get(g, root, "GN"), "Kept name");
            assert_string_equal(sei_sgf_get(g, root, "PC"), "Tokyo");
            assert_string_equal(sei_sgf_get(g, root, "DT"), "2020-01-02");
            assert_string_equal(sei_sgf_get(g, root, "RE"), "B+R");
        } else {
            assert_string_equal(sei_sgf_get(g, root, "EV"), "Cup \"A\", 2026");
            assert_string_equal(sei_sgf_get(g, root, "RO"), "3");
            assert_string_equal(sei_sgf_get(g, root, "PB"), "Åsa Öberg");
            assert_string_equal(sei_sgf_get(g, root, "PW"), "李昌镐");
            assert_string_equal(sei_sgf_get(g, root, "SEITABLE"), "12");
            assert_string_equal(sei_sgf_get(g, root, "SEIBID"), "EGD:12345678");
            assert_string_equal(sei_sgf_get(g, root, "SEIWID"), "AGA:4321");
            /* The local date of the count. */
            const char *dt = sei_sgf_get(g, root, "DT");
            assert_non_null(dt);
            time_t now = time(NULL);
            struct tm lt;
            char today[16];
            localtime_r(&now, &lt);
            strftime(today, sizeof today, "%Y-%m-%d", &lt);
            assert_string_equal(dt, today);
            /* And back: saved again from the export, the same identity. */
            sei_ident back;
            memset(&back, 0, sizeof back);
            assert_int_equal(sei_ident_from_sgf(&back, 0, text, strlen(text)), 0);
            assert_string_equal(back.event, "Cup \"A\", 2026");
            assert_int_equal(back.round, 3);
            assert_int_equal(back.table, 12);
            assert_string_equal(back.black, "Åsa Öberg");
            assert_string_equal(back.white, "李昌镐");
            assert_string_equal(back.black_id, "EGD:12345678");
            assert_string_equal(back.white_id, "AGA:4321");
        }
        sei_sgf_destroy(g);
        free(text);
    }
}

/* The checks of the identity's text, numbers and rating IDs. */
static void test_ident_rules(void **state)
{
    (void)state;
    sei_ident id;
    unsigned given = 0;
    char why[256];
    memset(&id, 0, sizeof id);
    const struct {
        const char *opt, *v;
        int want;
    } cases[] = {
        {"--black", "Lee Sedol", 1},        {"--black", "A\x1b[2J", -1},       {"--black", "tab\there", -1},
        {"--white", "\xc2\x85next", -1},    {"--white", "\xc0\xaf", -1},       {"--white", "\xed\xa0\x80", -1},
        {"--white", "caf\xc3\xa9", 1},      {"--event", "", 1},                {"--round", "1", 1},
        {"--round", "999", 1},              {"--round", "1000", -1},           {"--round", "0", -1},
        {"--round", "3a", -1},              {"--round", "-2", -1},             {"--table", "9999", 1},
        {"--table", "10000", -1},           {"--black-id", "EGD:12345678", 1}, {"--black-id", "egd:1234567", -1},
        {"--black-id", "AGA:123456", 1},    {"--black-id", "AGA:1234567", -1}, {"--black-id", "12345", 1},
        {"--black-id", "12345678901", -1},  {"--black-id", "KGS:123", -1},     {"--white-id", "x", -1},
        {"--frob", "x", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = sei_ident_option(&id, &given, cases[i].opt, cases[i].v, why, sizeof why);
        if (got != cases[i].want)
            fail_msg("%s '%s': %d, want %d (%s)", cases[i].opt, cases[i].v, got, cases[i].want, why);
        if (got < 0)
            assert_non_null(strstr(why, cases[i].opt));
    }
    char big[SEI_IDENT_TEXT + 2];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    assert_int_equal(sei_ident_option(&id, &given, "--event", big, why, sizeof why), -1);
    big[SEI_IDENT_TEXT] = 0;
    assert_int_equal(sei_ident_option(&id, &given, "--event", big, why, sizeof why), 1);
    assert_int_equal(sei_ident_check(&id, why, sizeof why), 0);
    assert_string_equal(id.black_id, "12345");
    /* A record's names: control characters become spaces, cut to fit. */
    char sgf[600];
    snprintf(sgf, sizeof sgf, "(;GM[1]SZ[9]PB[a\x01" "b]PW[%s%s]RO[Round 7 (final)])", big, "xyz");
    memset(&id, 0, sizeof id);
    assert_int_equal(sei_ident_from_sgf(&id, 0, sgf, strlen(sgf)), 0);
    assert_string_equal(id.black, "a b");
    assert_int_equal(strlen(id.white), SEI_IDENT_TEXT);
    assert_int_equal(id.round, 7);
    assert_int_equal(sei_ident_check(&id, why, sizeof why), 0);
}

/* A recording writes who played at its root; resumed, it keeps what the
 * saved game says unless given again. */
static void test_ident_recording(void **state)
{
    (void)state;
    const char *path = tpath("rec-ident.sgf");
    unlink(path);
    write_bytes(path, "(;GM[1]FF[4]SZ[9]EV[Spring]RO[2]PB[Ann]PW[Bob]SEITABLE[4];B[ee];W[cc])", 71);
    sei_recsess_params p;
    sei_recsess_params_default(&p);
    char why[256];
    assert_int_equal(sei_ident_option(&p.ident, &p.ident_given, "--white", "Rob [2d]", why, sizeof why), 1);
    char err[512];
    sei_recsess *rs = sei_recsess_create(&p, path, 1, err, sizeof err);
    if (!rs)
        fail_msg("resume: %s", err);
    char *text = sei_recsess_sgf(rs);
    assert_non_null(text);
    sei_ident back;
    memset(&back, 0, sizeof back);
    assert_int_equal(sei_ident_from_sgf(&back, 0, text, strlen(text)), 0);
    assert_string_equal(back.event, "Spring");
    assert_int_equal(back.round, 2);
    assert_int_equal(back.table, 4);
    assert_string_equal(back.black, "Ann");
    assert_string_equal(back.white, "Rob [2d]");
    free(text);
    sei_recsess_destroy(rs);
}

/* Hashing kept cheap for the tests (the cost is in the stored hash). */
static void fast_judges(sei_store *s, int lock_seconds)
{
    sei_judge_params p;
    sei_judge_params_default(&p);
    assert_int_equal(p.max_tries, 5);
    assert_int_equal(p.lock_seconds, 60);
    p.ops_limit = crypto_pwhash_OPSLIMIT_MIN;
    p.mem_limit = crypto_pwhash_MEMLIMIT_MIN;
    p.lock_seconds = lock_seconds;
    sei_store_set_judge_params(s, &p);
}

static void test_pin(void **state)
{
    (void)state;
    const char *path = tpath("pin.db");
    rm_db(path);
    sei_store *a = open_ok(path), *b = open_ok(path);
    fast_judges(a, 2);
    fast_judges(b, 2);
    int set = -1, locked = -1;
    assert_int_equal(sei_store_pin_status(a, &set, &locked), SEI_STORE_OK);
    assert_int_equal(set, 0);
    assert_int_equal(sei_store_pin_verify(a, "1234"), SEI_STORE_ERR_AUTH);
    assert_non_null(strstr(sei_store_errmsg(a), "no judge PIN"));
    const char *bad[] = {"123", "1234567890123", "12a4", "", " 1234"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sei_store_pin_set(a, NULL, bad[i]), SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_pin_set(a, NULL, "4711"), SEI_STORE_OK);
    /* Only a salted hash is kept. */
    char hash[200];
    raw_text(path, "SELECT hash FROM judge_pin", hash, sizeof hash);
    assert_memory_equal(hash, "$argon2id$", 10);
    assert_null(strstr(hash, "4711"));
    /* Changing it needs the old one; wrong tries count, on any handle. */
    assert_int_equal(sei_store_pin_set(b, NULL, "9999"), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_pin_set(b, "0000", "9999"), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_pin_verify(a, "1111"), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_pin_verify(b, "2222"), SEI_STORE_ERR_AUTH);
    assert_non_null(strstr(sei_store_errmsg(b), "4 of 5"));
    assert_int_equal(raw_int(path, "SELECT failures FROM judge_pin"), 4);
    assert_int_equal(sei_store_pin_verify(a, "3333"), SEI_STORE_ERR_LOCKED);
    /* Locked: the right PIN too, on the other handle, saying how long. */
    assert_int_equal(sei_store_pin_verify(b, "4711"), SEI_STORE_ERR_LOCKED);
    assert_non_null(strstr(sei_store_errmsg(b), "try again in"));
    assert_int_equal(sei_store_pin_set(b, "4711", "5555"), SEI_STORE_ERR_LOCKED);
    assert_int_equal(sei_store_pin_status(a, &set, &locked), SEI_STORE_OK);
    assert_true(set == 1 && locked >= 1 && locked <= 2);
    /* Another process sees it too: the command line says so, exit 3. */
    char *out, *err;
    assert_int_equal(results_cmd(&out, &err, 3, "--db", (char *)path, "set-pin"), 3);
    assert_non_null(strstr(err, "locked"));
    free(out), free(err);
    struct timespec wait = {2, 200000000};
    nanosleep(&wait, NULL);
    assert_int_equal(sei_store_pin_verify(b, "4711"), SEI_STORE_OK);
    assert_int_equal(raw_int(path, "SELECT failures FROM judge_pin"), 0);
    assert_int_equal(sei_store_pin_verify(a, "4712"), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_pin_set(a, "4711", "123456"), SEI_STORE_OK);
    assert_int_equal(raw_int(path, "SELECT failures FROM judge_pin"), 0);
    assert_int_equal(sei_store_pin_verify(b, "4711"), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_pin_verify(b, "123456"), SEI_STORE_OK);
    sei_store_close(a);
    sei_store_close(b);
}

/* A store with results 1 (identity, a count with dead stones) and 2, and
 * the PIN 2468. */
static sei_store *judged_store(const char *path)
{
    rm_db(path);
    sei_store *s = open_ok(path);
    fast_judges(s, 60);
    for (int seq = 1; seq <= 2; seq++) {
        sei_store_result r;
        make_result(seq == 1 ? 4 : 2, &r);
        if (seq == 1) {
            snprintf(r.ident.white, sizeof r.ident.white, "Bob");
            r.ident.round = 2;
        }
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
    }
    assert_int_equal(sei_store_pin_set(s, NULL, "2468"), SEI_STORE_OK);
    return s;
}

static void test_judge_actions(void **state)
{
    (void)state;
    const char *path = tpath("judge.db");
    sei_store *s = judged_store(path);
    sei_store_change c;
    memset(&c, 0, sizeof c);
    char why[200];
    unsigned given = 0;
    assert_int_equal(sei_ident_option(&c.ident, &given, "--white", "Rob", why, sizeof why), 1);
    assert_int_equal(sei_ident_option(&c.ident, &given, "--round", "3", why, sizeof why), 1);
    assert_int_equal(sei_ident_option(&c.ident, &given, "--table", "8", why, sizeof why), 1);
    c.given = given;
    int changed = -1;
    /* Nothing without the PIN, the judge's name and a reason. */
    assert_int_equal(sei_store_correct(s, 1, NULL, "Jo", "typo", &c, &changed), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_correct(s, 1, "1357", "Jo", "typo", &c, &changed), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_correct(s, 1, "2468", "", "typo", &c, &changed), SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_correct(s, 1, "2468", "J\x1bo", "typo", &c, &changed), SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_correct(s, 1, "2468", "Jo", "", &c, &changed), SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_correct(s, 99, "2468", "Jo", "typo", &c, &changed), SEI_STORE_ERR_NOTFOUND);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM audit"), 0);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM results WHERE white = 'Rob'"), 0);

    assert_int_equal(sei_store_correct(s, 1, "2468", "Jo Judge", "pairing sheet", &c, &changed), SEI_STORE_OK);
    assert_int_equal(changed, 3);
    sei_store_result r;
    assert_int_equal(sei_store_get(s, 1, &r), SEI_STORE_OK);
    assert_string_equal(r.ident.white, "Rob");
    assert_int_equal(r.ident.round, 3);
    assert_int_equal(r.ident.table, 8);
    assert_int_equal(r.audit_entries, 3);
    char uuid[SEI_UUID_LEN + 1];
    memcpy(uuid, r.uuid, sizeof uuid);
    int had_dead = r.dead[0] != 0, had_stones = r.result_stones[0] != 0;
    char old_result[24];
    snprintf(old_result, sizeof old_result, "%s", r.result);
    sei_store_result_release(&r);
    sei_store_audit *rows;
    int n;
    assert_int_equal(sei_store_audit_get(s, 1, &rows, &n), SEI_STORE_OK);
    assert_int_equal(n, 3);
    assert_string_equal(rows[0].field, "round");
    assert_string_equal(rows[0].old_value, "2");
    assert_string_equal(rows[0].new_value, "3");
    assert_string_equal(rows[1].field, "table");
    assert_string_equal(rows[1].old_value, "5");
    assert_string_equal(rows[1].new_value, "8");
    assert_string_equal(rows[2].field, "white_player");
    assert_string_equal(rows[2].old_value, "Bob");
    assert_string_equal(rows[2].new_value, "Rob");
    for (int i = 0; i < n; i++) {
        assert_string_equal(rows[i].judge, "Jo Judge");
        assert_string_equal(rows[i].reason, "pairing sheet");
        assert_string_equal(rows[i].action, "correct");
        assert_string_equal(rows[i].uuid, uuid);
        assert_int_equal(rows[i].result_id, 1);
        int y, mo, d, h, mi, se;
        assert_int_equal(sscanf(rows[i].time, "%4d-%2d-%2dT%2d:%2d:%2dZ", &y, &mo, &d, &h, &mi, &se), 6);
        assert_int_equal(strlen(rows[i].local_time), 25); /* "2024-05-01 14:34:56 +0200" */
    }
    sei_store_audit_free(rows, n);
    /* The same again: nothing changes, nothing is written. */
    assert_int_equal(sei_store_correct(s, 1, "2468", "Jo Judge", "again", &c, &changed), SEI_STORE_OK);
    assert_int_equal(changed, 0);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM audit"), 3);

    /* The result: only to one decided without a count. */
    sei_store_change rc;
    memset(&rc, 0, sizeof rc);
    rc.result = "B+7";
    assert_int_equal(sei_store_correct(s, 1, "2468", "Jo", "x", &rc, &changed), SEI_STORE_ERR_ARG);
    rc.result = "W+F";
    assert_int_equal(sei_store_correct(s, 1, "2468", "Jo", "no show", &rc, &changed), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, 1, &r), SEI_STORE_OK); /* reads back whole, not damaged */
    assert_string_equal(r.result, "W+F");
    assert_int_equal(r.decided, SEI_DECIDED_FORFEIT);
    assert_int_equal(r.winner, SEI_WHITE);
    assert_string_equal(r.dead, "");
    assert_int_equal(r.audit_entries, 4 + had_dead + had_stones);
    sei_store_result_release(&r);
    char sql[200];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM audit WHERE field = 'result' AND old_value = '%s'"
                              " AND new_value = 'W+F'", old_result);
    assert_int_equal(raw_int(path, sql), 1);

    /* Confirmed: locked against corrections; a judge may still void it. */
    assert_int_equal(sei_store_confirm(s, 1, "2468", "Ann", NULL), SEI_STORE_OK);
    assert_int_equal(sei_store_correct(s, 1, "2468", "Jo", "late", &c, &changed), SEI_STORE_ERR_STATE);
    assert_int_equal(sei_store_confirm(s, 1, "2468", "Ann", NULL), SEI_STORE_ERR_STATE);
    assert_int_equal(sei_store_void(s, 1, "2468", "Ann", ""), SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_void(s, 1, "2468", "Ann", "played the wrong opponent"), SEI_STORE_OK);
    assert_int_equal(sei_store_void(s, 1, "2468", "Ann", "again"), SEI_STORE_ERR_STATE);
    assert_int_equal(sei_store_confirm(s, 1, "2468", "Ann", NULL), SEI_STORE_ERR_STATE);
    assert_int_equal(sei_store_void(s, 2, "2468", "Ann", "duplicate entry"), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, 1, &r), SEI_STORE_OK);
    assert_int_equal(r.state, SEI_STATE_VOIDED);
    sei_store_result_release(&r);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM audit WHERE action = 'confirm' AND new_value = 'confirmed'"),
                     1);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM audit WHERE action = 'void'"), 2);
    sei_store_close(s);

    /* The file refuses what no judge may do either: changing or removing
     * the audit trail, deleting an audited result, touching a voided one. */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    const char *refused[] = {"UPDATE audit SET new_value = 'x'", "DELETE FROM audit",
                             "DELETE FROM results WHERE id = 1", "UPDATE results SET white = 'Eve' WHERE id = 1",
                             "UPDATE results SET state = 'agreed' WHERE id = 2"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (sqlite3_exec(db, refused[i], NULL, NULL, NULL) == SQLITE_OK)
            fail_msg("the file let through: %s", refused[i]);
    sqlite3_close(db);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM audit"), 7 + had_dead + had_stones);
}

/* A judge's dead stones: the stored position counted again, as `score`
 * counts it; the same stones change nothing. */
static void test_judge_recount(void **state)
{
    (void)state;
    const char *path = tpath("recount.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    fast_judges(s, 60);
    assert_int_equal(sei_store_pin_set(s, NULL, "2468"), SEI_STORE_OK);
    static sei_score_run run;
    sei_score_opts o;
    score_file(SEI_TESTS_DIR "/../kiosk/samples/club-game-19.board", "japanese", &o, &run);
    sei_store_result r, got;
    assert_int_equal(sei_store_result_from_run(&r, &o, &run, 0, NULL, 0), SEI_STORE_OK);
    sei_cli_score_done(&run);
    assert_true(r.dead[0] != 0);
    int64_t id;
    assert_int_equal(sei_store_save(s, &r, &id), SEI_STORE_OK);
    sei_store_change c;
    memset(&c, 0, sizeof c);
    c.dead = r.dead;
    int changed = -1;
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "check", &c, &changed), SEI_STORE_OK);
    assert_int_equal(changed, 0);
    c.dead = "none";
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "they live", &c, &changed), SEI_STORE_OK);
    assert_int_equal(changed, 1);
    assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
    assert_string_equal(got.dead, "");
    assert_string_not_equal(got.result, r.result);
    sei_store_audit *rows;
    int n;
    assert_int_equal(sei_store_audit_get(s, id, &rows, &n), SEI_STORE_OK);
    assert_true(n >= 2);
    assert_string_equal(rows[0].field, "dead");
    assert_string_equal(rows[0].old_value, r.dead);
    assert_string_equal(rows[0].new_value, "");
    assert_string_equal(rows[1].field, "result");
    assert_string_equal(rows[1].old_value, r.result);
    assert_string_equal(rows[1].new_value, got.result);
    sei_store_audit_free(rows, n);
    sei_store_result_release(&got);
    /* Back to the players' stones: the count they agreed, exactly. */
    c.dead = r.dead;
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "they were dead", &c, &changed), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
    r.audit_entries = got.audit_entries;
    memcpy(r.time, got.time, sizeof r.time);
    assert_same(&r, &got);
    sei_store_result_release(&got);
    /* A point with no stone, a point off the board, and both kinds of change at once. */
    c.dead = "R17 B19";
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "x", &c, &changed), SEI_STORE_ERR_ARG);
    c.dead = "Z99";
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "x", &c, &changed), SEI_STORE_ERR_ARG);
    c.dead = "none";
    c.result = "B+R";
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "x", &c, &changed), SEI_STORE_ERR_ARG);
    /* Won by forfeit, then counted again: a count once more. */
    c.dead = NULL;
    c.result = "B+F";
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "no show", &c, &changed), SEI_STORE_OK);
    c.result = NULL;
    c.dead = r.dead;
    assert_int_equal(sei_store_correct(s, id, "2468", "Jo", "he came", &c, &changed), SEI_STORE_OK);
    assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
    assert_int_equal(got.decided, SEI_DECIDED_COUNT);
    assert_string_equal(got.result, r.result);
    sei_store_result_release(&got);
    sei_store_result_release(&r);
    sei_store_close(s);
}

/* A change that fails halfway (here the audit row of its last field is
 * refused, as a full disk or a crash would stop it) leaves neither the
 * change nor any audit row; and a judge killed at any moment leaves the
 * results and their trail agreeing. */
static void test_judge_atomic(void **state)
{
    (void)state;
    const char *path = tpath("atomic.db");
    sei_store *s = judged_store(path);
    raw_sql(path, "CREATE TRIGGER boom BEFORE INSERT ON audit WHEN NEW.field = 'white_player'"
                  " BEGIN SELECT RAISE(ABORT, 'the disk is full'); END");
    sei_store_change c;
    memset(&c, 0, sizeof c);
    char why[200];
    assert_int_equal(sei_ident_option(&c.ident, &c.given, "--round", "5", why, sizeof why), 1);
    assert_int_equal(sei_ident_option(&c.ident, &c.given, "--black", "Carl", why, sizeof why), 1);
    assert_int_equal(sei_ident_option(&c.ident, &c.given, "--white", "Dora", why, sizeof why), 1);
    int changed = -1;
    assert_int_not_equal(sei_store_correct(s, 1, "2468", "Jo", "x", &c, &changed), SEI_STORE_OK);
    assert_non_null(strstr(sei_store_errmsg(s), "the disk is full"));
    assert_int_equal(changed, 0);
    sei_store_result r;
    assert_int_equal(sei_store_get(s, 1, &r), SEI_STORE_OK);
    assert_int_equal(r.ident.round, 2);
    assert_string_not_equal(r.ident.black, "Carl");
    assert_int_equal(r.audit_entries, 0);
    sei_store_result_release(&r);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM audit"), 0);
    sei_store_close(s);
    raw_sql(path, "DROP TRIGGER boom");

    /* Killed: a child corrects Black's name over and over, each change
     * numbered; after each kill the stored name is the new value of the
     * last audit row for it (or the first name), and there is an audit
     * row for every change the child reported done. */
    uint64_t g = (uint64_t)time(NULL) | 1;
    int reported = 0;
    /* Kills land 1 ms plus up to this many ns after the fork. Doubled while
     * no change has been made yet: a slow machine (a small board, arm64
     * under qemu) may not finish its first change in 21 ms. */
    long window = 20000000;
    for (int trial = 0; trial < 30; trial++) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            char err[512];
            sei_store *cs = sei_store_open(path, err, sizeof err);
            if (!cs)
                _exit(3);
            fast_judges(cs, 60);
            for (int k = 0;; k++) {
                sei_store_change cc;
                memset(&cc, 0, sizeof cc);
                snprintf(cc.ident.black, sizeof cc.ident.black, "name %d.%d", trial, k);
                cc.given = SEI_IDENT_BLACK;
                if (sei_store_correct(cs, 1, "2468", "Jo", "kill test", &cc, NULL) != SEI_STORE_OK)
                    _exit(4);
                if (write(fds[1], &k, sizeof k) != sizeof k)
                    _exit(5);
            }
        }
        close(fds[1]);
        struct timespec d = {0, (long)(1000000 + rng_next(&g) % (uint64_t)window)};
        nanosleep(&d, NULL);
        kill(pid, SIGKILL);
        int st, k;
        waitpid(pid, &st, 0);
        while (read(fds[0], &k, sizeof k) == sizeof k)
            reported++;
        close(fds[0]);
        if (reported == 0 && window < 640000000)
            window *= 2;
        if (!WIFSIGNALED(st))
            fail_msg("trial %d: the child stopped by itself (status %d)", trial, st);
        s = open_ok(path);
        assert_int_equal(sei_store_check(s), SEI_STORE_OK);
        assert_int_equal(sei_store_get(s, 1, &r), SEI_STORE_OK);
        sei_store_audit *rows;
        int n;
        assert_int_equal(sei_store_audit_get(s, 1, &rows, &n), SEI_STORE_OK);
        assert_int_equal(r.audit_entries, n);
        if (n && strcmp(rows[n - 1].new_value, r.ident.black))
            fail_msg("trial %d: the stored name is '%s', the last audit row says '%s'", trial, r.ident.black,
                     rows[n - 1].new_value);
        for (int i = 1; i < n; i++)
            assert_string_equal(rows[i].old_value, rows[i - 1].new_value);
        if (n < reported)
            fail_msg("trial %d: %d changes reported done, %d audit rows", trial, reported, n);
        sei_store_audit_free(rows, n);
        sei_store_result_release(&r);
        sei_store_close(s);
    }
    if (reported == 0)
        fail_msg("no change was ever made: the test proves nothing");
}

/* The judge's commands as a user runs them: the PIN from a file, never
 * from the command line; exit 3 for the PIN refused, 4 for the state. */
static void test_judge_cli(void **state)
{
    (void)state;
    const char *path = tpath("judgecli.db"), *pinfile = tpath("pin.txt"), *wrong = tpath("wrong.txt"),
               *change = tpath("change.txt");
    sei_store_close(judged_store(path));
    write_bytes(pinfile, "2468\n", 5);
    write_bytes(wrong, "1111\n", 5);
    write_bytes(change, "2468\n97531\n", 11);
    char *out, *err;
    char *db = (char *)path, *pf = (char *)pinfile;
    assert_int_equal(results_cmd(&out, &err, 12, "--db", db, "correct", "1", "--judge", "Jo", "--reason", "typo",
                                 "--white", "Rob", "--pin-file", (char *)wrong), 3);
    assert_non_null(strstr(err, "wrong judge PIN"));
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 12, "--db", db, "correct", "1", "--judge", "Jo", "--reason", "typo",
                                 "--white", "Rob", "--pin-file", pf), 0);
    assert_non_null(strstr(out, "corrected: 1 audit entry (seichi results audit 1)\n  white_player: '"));
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 8, "--db", db, "correct", "1", "--judge", "Jo", "--white", "X"), 2);
    assert_non_null(strstr(err, "needs --reason"));
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 6, "--db", db, "correct", "1", "--judge", "Jo"), 2);
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 8, "--db", db, "confirm", "1", "--judge", "Ann", "--pin-file", pf), 0);
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 12, "--db", db, "correct", "1", "--judge", "Jo", "--reason", "late",
                                 "--white", "Eve", "--pin-file", pf), 4);
    assert_non_null(strstr(err, "is confirmed"));
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 4, "--db", db, "show", "1"), 0);
    assert_non_null(strstr(out, "confirmed"));
    assert_non_null(strstr(out, "2 audit entries"));
    assert_non_null(strstr(out, "White Rob"));
    free(out), free(err);
    cJSON *doc = json_run(sei_cli_results, &err, 5, "--db", db, "audit", "1", "--json");
    const cJSON *trail = cJSON_GetObjectItemCaseSensitive(doc, "audit");
    assert_int_equal(cJSON_GetArraySize(trail), 2);
    const cJSON *first = cJSON_GetArrayItem(trail, 0);
    assert_string_equal(json_str(first, "field"), "white_player");
    assert_string_equal(json_str(first, "old"), "Bob");
    assert_string_equal(json_str(first, "new"), "Rob");
    assert_string_equal(json_str(first, "judge"), "Jo");
    assert_string_equal(json_str(first, "reason"), "typo");
    assert_string_equal(json_str(cJSON_GetArrayItem(trail, 1), "action"), "confirm");
    cJSON_Delete(doc), free(err);
    /* set-pin: the old PIN, then the new one. */
    assert_int_equal(results_cmd(&out, &err, 5, "--db", db, "set-pin", "--pin-file", (char *)change), 0);
    assert_non_null(strstr(out, "Judge PIN changed"));
    free(out), free(err);
    assert_int_equal(results_cmd(&out, &err, 10, "--db", db, "void", "2", "--judge", "Ann", "--reason", "x",
                                 "--pin-file", pf), 3);
    free(out), free(err);
    /* --pin and such: a PIN on the command line is no option at all. */
    assert_int_equal(results_cmd(&out, &err, 7, "--db", db, "void", "2", "--judge", "Ann", "--pin"), 2);
    free(out), free(err);
}

/* ---- the director's station's tables -------------------------------------------------- */

/* Is text anywhere in the file's bytes (and its WAL)? */
static int file_has(const char *path, const char *text)
{
    char p[600];
    int found = 0;
    for (int k = 0; k < 2 && !found; k++) {
        snprintf(p, sizeof p, k ? "%s-wal" : "%s", path);
        FILE *f = fopen(p, "rb");
        if (!f)
            continue;
        static char buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        for (size_t i = 0; i + strlen(text) <= n && !found; i++)
            found = !memcmp(buf + i, text, strlen(text));
    }
    return found;
}

static void test_station_kiosks(void **state)
{
    (void)state;
    const char *path = tpath("station-kiosks.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    char token[SEI_TOKEN_LEN + 1], token2[SEI_TOKEN_LEN + 1], code[SEI_CODE_LEN + 1], name[128];
    int again = -1;
    assert_int_equal(sei_store_kiosk_enroll(s, "Hall A", 900, token, code, &again), SEI_STORE_OK);
    assert_int_equal(again, 0);
    assert_int_equal(strlen(token), SEI_TOKEN_LEN);
    assert_int_equal(strspn(token, "0123456789abcdef"), SEI_TOKEN_LEN);
    assert_int_equal(strspn(code, "0123456789"), SEI_CODE_LEN);
    assert_int_equal(sei_store_kiosk_auth(s, token, name, sizeof name), SEI_STORE_OK);
    assert_string_equal(name, "Hall A");
    /* Only hashes are kept: neither secret is in the file. */
    assert_false(file_has(path, token));
    char wrong[SEI_TOKEN_LEN + 1];
    memcpy(wrong, token, sizeof wrong);
    wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
    assert_int_equal(sei_store_kiosk_auth(s, wrong, name, sizeof name), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_auth(s, "", name, sizeof name), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_enroll(s, "", 900, token2, code, NULL), SEI_STORE_ERR_ARG);
    assert_int_equal(sei_store_kiosk_enroll(s, "bad\x01name", 900, token2, code, NULL), SEI_STORE_ERR_ARG);
    /* The code once: a new token, the printed one stops working. */
    char kiosk[128];
    assert_int_equal(sei_store_kiosk_redeem(s, code, "Hall B", 5, 60, token2, kiosk, sizeof kiosk), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_redeem(s, code, "Hall A", 5, 60, token2, kiosk, sizeof kiosk), SEI_STORE_OK);
    assert_string_equal(kiosk, "Hall A");
    assert_string_not_equal(token2, token);
    assert_int_equal(sei_store_kiosk_auth(s, token2, name, sizeof name), SEI_STORE_OK);
    assert_int_equal(sei_store_kiosk_auth(s, token, name, sizeof name), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_redeem(s, code, NULL, 5, 60, token, kiosk, sizeof kiosk), SEI_STORE_ERR_AUTH);
    /* Enrolled again: new credentials, the old token is gone. */
    assert_int_equal(sei_store_kiosk_enroll(s, "Hall A", 900, token, code, &again), SEI_STORE_OK);
    assert_int_equal(again, 1);
    assert_int_equal(sei_store_kiosk_auth(s, token2, name, sizeof name), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_auth(s, token, name, sizeof name), SEI_STORE_OK);
    /* An expired code is refused. */
    assert_int_equal(sei_store_kiosk_enroll(s, "Late", -1, token2, code, NULL), SEI_STORE_OK);
    assert_int_equal(sei_store_kiosk_redeem(s, code, NULL, 50, 60, token2, kiosk, sizeof kiosk), SEI_STORE_ERR_AUTH);
    /* Revoked: token and code stop working. */
    char code2[SEI_CODE_LEN + 1];
    assert_int_equal(sei_store_kiosk_enroll(s, "Gone", 900, token2, code2, NULL), SEI_STORE_OK);
    assert_int_equal(sei_store_kiosk_revoke(s, "Gone"), SEI_STORE_OK);
    assert_int_equal(sei_store_kiosk_revoke(s, "Nobody"), SEI_STORE_ERR_NOTFOUND);
    assert_int_equal(sei_store_kiosk_auth(s, token2, name, sizeof name), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_redeem(s, code2, NULL, 50, 60, token2, kiosk, sizeof kiosk), SEI_STORE_ERR_AUTH);
    sei_store_kiosk *k;
    int n;
    assert_int_equal(sei_store_kiosk_list(s, &k, &n), SEI_STORE_OK);
    assert_int_equal(n, 3);
    assert_string_equal(k[0].name, "Gone");
    assert_true(k[0].revoked[0] != 0);
    assert_string_equal(k[1].name, "Hall A");
    assert_true(k[1].revoked[0] == 0 && k[1].code_valid_for > 800);
    free(k);
    /* Wrong codes in a row lock the exchange, a right code too; a right
     * code resets the count (the wrong ones above are forgotten). */
    assert_int_equal(sei_store_kiosk_enroll(s, "Hall C", 900, token2, code2, NULL), SEI_STORE_OK);
    assert_int_equal(sei_store_kiosk_redeem(s, code2, NULL, 3, 60, token2, kiosk, sizeof kiosk), SEI_STORE_OK);
    assert_int_equal(sei_store_kiosk_enroll(s, "Hall D", 900, token2, code2, NULL), SEI_STORE_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(sei_store_kiosk_redeem(s, "abc", NULL, 3, 60, token2, kiosk, sizeof kiosk), SEI_STORE_ERR_AUTH);
    assert_int_equal(sei_store_kiosk_redeem(s, "999999x", NULL, 3, 60, token2, kiosk, sizeof kiosk), SEI_STORE_ERR_LOCKED);
    assert_int_equal(sei_store_kiosk_redeem(s, code2, NULL, 3, 60, token2, kiosk, sizeof kiosk), SEI_STORE_ERR_LOCKED);
    sei_store_close(s);
}

/* A result through its JSON and back, as a kiosk pushes it and the
 * station reads it: every field the station keeps comes back the same. */
/* Results received at the station for one round and table: the same
 * result twice stands; one that says otherwise makes it and every agreed
 * one there disputed, each with an audit row by "station"; a confirmed
 * one stays as it is (only the newcomer is disputed); a kiosk's own
 * saves never dispute. */
static sei_result_state receive_at(sei_store *s, int seq, int round, int table, int64_t *id)
{
    sei_store_result r, got;
    make_result(seq, &r);
    r.ident.round = round;
    r.ident.table = table;
    int dup = -1;
    assert_int_equal(sei_store_receive(s, &r, "Hall A", id, &dup), SEI_STORE_OK);
    assert_int_equal(dup, 0);
    sei_store_result_release(&r);
    assert_int_equal(sei_store_get(s, *id, &got), SEI_STORE_OK);
    sei_result_state st = got.state;
    sei_store_result_release(&got);
    return st;
}

static sei_result_state state_of(sei_store *s, int64_t id)
{
    sei_store_result got;
    assert_int_equal(sei_store_get(s, id, &got), SEI_STORE_OK);
    sei_result_state st = got.state;
    sei_store_result_release(&got);
    return st;
}

static void test_station_disputes(void **state)
{
    (void)state;
    const char *path = tpath("station-disputes.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    int64_t a, b, c, d, e, f;
    /* seq 2 and 4 give different results (W+2.5, W+4.5), both sent agreed. */
    assert_int_equal(receive_at(s, 2, 5, 7, &a), SEI_STATE_AGREED);
    assert_int_equal(receive_at(s, 2, 5, 7, &b), SEI_STATE_AGREED); /* the same result: no dispute */
    assert_int_equal(state_of(s, a), SEI_STATE_AGREED);
    assert_int_equal(receive_at(s, 4, 5, 7, &c), SEI_STATE_DISPUTED);
    assert_int_equal(state_of(s, a), SEI_STATE_DISPUTED);
    assert_int_equal(state_of(s, b), SEI_STATE_DISPUTED);
    sei_store_audit *rows;
    int n;
    assert_int_equal(sei_store_audit_get(s, a, &rows, &n), SEI_STORE_OK);
    assert_int_equal(n, 1);
    assert_string_equal(rows[0].judge, "station");
    assert_string_equal(rows[0].field, "state");
    assert_string_equal(rows[0].old_value, "agreed");
    assert_string_equal(rows[0].new_value, "disputed");
    assert_non_null(strstr(rows[0].reason, "round 5, table 7"));
    sei_store_audit_free(rows, n);
    assert_int_equal(sei_store_audit_get(s, c, &rows, &n), SEI_STORE_OK);
    assert_int_equal(n, 1);
    assert_non_null(strstr(rows[0].reason, "(result "));
    sei_store_audit_free(rows, n);
    /* Another table of the round is not touched. */
    assert_int_equal(receive_at(s, 5, 5, 8, &d), SEI_STATE_AGREED);
    /* A confirmed result stays confirmed; the newcomer is disputed. */
    assert_int_equal(sei_store_pin_set(s, NULL, "4711"), SEI_STORE_OK);
    assert_int_equal(sei_store_confirm(s, d, "4711", "Judge Ada", NULL), SEI_STORE_OK);
    assert_int_equal(receive_at(s, 6, 5, 8, &e), SEI_STATE_DISPUTED);
    assert_int_equal(state_of(s, d), SEI_STATE_CONFIRMED);
    /* A result sent disputed (the players disagreed at the kiosk) stays so,
     * with nothing added to its trail. */
    int64_t h;
    assert_int_equal(receive_at(s, 3, 5, 8, &h), SEI_STATE_DISPUTED);
    assert_int_equal(sei_store_audit_get(s, h, &rows, &n), SEI_STORE_OK);
    assert_int_equal(n, 0);
    sei_store_audit_free(rows, n);
    /* A voided result disputes nothing. */
    assert_int_equal(sei_store_void(s, e, "4711", "Judge Ada", "counted twice"), SEI_STORE_OK);
    assert_int_equal(receive_at(s, 8, 5, 9, &f), SEI_STATE_AGREED);
    /* A kiosk's own saves (no station) never dispute. */
    sei_store_result r;
    make_result(9, &r);
    r.ident.round = 5;
    r.ident.table = 9;
    int64_t g;
    assert_int_equal(sei_store_save(s, &r, &g), SEI_STORE_OK);
    sei_store_result_release(&r);
    assert_int_equal(state_of(s, f), SEI_STATE_AGREED);
    assert_int_equal(state_of(s, g), SEI_STATE_AGREED);
    sei_store_close(s);
}

static void test_station_json_receive(void **state)
{
    (void)state;
    const char *kpath = tpath("station-kiosk.db"), *spath = tpath("station-recv.db");
    rm_db(kpath);
    rm_db(spath);
    sei_store *k = open_ok(kpath), *s = open_ok(spath);
    int64_t waiting = -1;
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 0);
    for (int seq = 0; seq < 24; seq++) {
        sei_store_result r, got, back;
        make_result(seq, &r);
        snprintf(r.ident.black, sizeof r.ident.black, "Straße %d", seq);
        r.ident.round = 1 + seq % 3;
        r.ident.table = 1 + seq;
        int64_t id;
        assert_int_equal(sei_store_save(k, &r, &id), SEI_STORE_OK);
        assert_int_equal(sei_store_get(k, id, &got), SEI_STORE_OK);
        cJSON *o = sei_results_json(&got, 1);
        assert_non_null(o);
        char why[256] = "";
        int rc = sei_results_from_json(o, &back, why, sizeof why);
        if (rc)
            fail_msg("result %d: %s", seq, why);
        assert_string_equal(back.uuid, got.uuid);
        assert_string_equal(back.position, got.position);
        assert_string_equal(back.territory, got.territory);
        assert_string_equal(back.dead, got.dead);
        assert_string_equal(back.result, got.result);
        assert_string_equal(back.result_stones, got.result_stones);
        assert_string_equal(back.ident.black, got.ident.black);
        assert_int_equal(back.ident.table, got.ident.table);
        assert_true(back.side[SEI_WHITE].score == got.side[SEI_WHITE].score);
        /* The kiosk's fill check goes with it (seq 7, 15, 23 have one). */
        assert_int_equal(back.fill_checked, seq % 8 == 7);
        assert_int_equal(back.fill_checked, got.fill_checked);
        assert_int_equal(back.fill_margin, got.fill_margin);
        assert_int_equal(back.fill_ok, got.fill_ok);
        assert_int_equal(back.fill_unsure, got.fill_unsure);
        assert_int_equal(back.fill_holes[SEI_BLACK], got.fill_holes[SEI_BLACK]);
        assert_int_equal(back.fill_spare[SEI_WHITE], got.fill_spare[SEI_WHITE]);
        assert_int_equal(back.fill_on_board[SEI_WHITE], got.fill_on_board[SEI_WHITE]);
        int64_t sid;
        int dup = -1;
        assert_int_equal(sei_store_receive(s, &back, "Hall A", &sid, &dup), SEI_STORE_OK);
        assert_int_equal(dup, 0);
        assert_int_equal(sei_store_receive(s, &back, "Hall B", &sid, &dup), SEI_STORE_OK);
        assert_int_equal(dup, 1);
        char from[64];
        assert_int_equal(sei_store_received_from(s, sid, from, sizeof from), SEI_STORE_OK);
        assert_string_equal(from, "Hall A");
        sei_store_result at;
        assert_int_equal(sei_store_get(s, sid, &at), SEI_STORE_OK);
        assert_int_equal(at.fill_checked, got.fill_checked); /* the station keeps the fill check too */
        assert_int_equal(at.fill_margin, got.fill_margin);
        assert_int_equal(at.fill_holes[SEI_BLACK], got.fill_holes[SEI_BLACK]);
        sei_store_result_release(&at);
        int64_t found;
        assert_int_equal(sei_store_find_uuid(s, got.uuid, &found), SEI_STORE_OK);
        assert_int_equal(found, sid);
        /* Damaged JSON is refused with its reason, never stored. */
        cJSON_ReplaceItemInObject(o, "size", cJSON_CreateNumber(26));
        assert_int_equal(sei_results_from_json(o, &back, why, sizeof why), -1);
        assert_non_null(strstr(why, "size"));
        cJSON_Delete(o);
        sei_store_result_release(&got);
        sei_store_result_release(&r);
    }
    int64_t count;
    assert_int_equal(sei_store_count(s, &count), SEI_STORE_OK);
    assert_int_equal(count, 24);
    assert_int_equal(sei_store_find_uuid(s, "00000000-0000-4000-8000-000000000000", &count), SEI_STORE_ERR_NOTFOUND);
    /* The outbox: what waits, what was acknowledged. */
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 24);
    sei_store_result r;
    assert_int_equal(sei_store_get(k, 1, &r), SEI_STORE_OK);
    int sent = -1;
    assert_int_equal(sei_store_outbox_sent(k, r.uuid, &sent), SEI_STORE_OK);
    assert_int_equal(sent, 0);
    assert_int_equal(sei_store_outbox_ack(k, r.uuid, r.audit_last), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_ack(k, r.uuid, r.audit_last), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_sent(k, r.uuid, &sent), SEI_STORE_OK);
    assert_int_equal(sent, 1);
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 23);
    sei_store_result_release(&r);
    sei_store_close(k);
    sei_store_close(s);
}

/* A kiosk result sent to the station as the push does: its full JSON read
 * back, received from kiosk, and the kiosk's mark set. */
static int64_t sent_to(sei_store *k, int64_t id, sei_store *s, const char *kiosk)
{
    sei_store_result r, back;
    assert_int_equal(sei_store_get(k, id, &r), SEI_STORE_OK);
    cJSON *o = sei_results_json(&r, 1);
    char why[256] = "";
    assert_int_equal(sei_results_from_json(o, &back, why, sizeof why), 0);
    cJSON_Delete(o);
    int64_t sid;
    assert_int_equal(sei_store_receive(s, &back, kiosk, &sid, NULL), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_ack(k, r.uuid, r.audit_last), SEI_STORE_OK);
    sei_store_result_release(&r);
    return sid;
}

/* What the push sends of a result changed since its mark, taken by the
 * station for kiosk: the outcome; *uuid (may be NULL) its UUID, *through the
 * last entry's id. */
static sei_change_outcome change_to(sei_store *k, int64_t id, sei_store *s, const char *kiosk, int64_t *through,
                                    sei_store_status want)
{
    sei_store_result r, now;
    assert_int_equal(sei_store_get(k, id, &r), SEI_STORE_OK);
    int sent = 0;
    int64_t mark = -1;
    assert_int_equal(sei_store_outbox_mark(k, r.uuid, &sent, &mark), SEI_STORE_OK);
    assert_int_equal(sent, 1);
    sei_store_audit *rows;
    int n;
    assert_int_equal(sei_store_audit_since(k, id, mark, &rows, &n), SEI_STORE_OK);
    assert_true(n >= 1);
    assert_true(rows[0].id > mark);
    assert_int_equal(rows[n - 1].id, r.audit_last);
    cJSON *o = sei_results_json(&r, 1);
    char why[256] = "";
    assert_int_equal(sei_results_change_from_json(o, &now, why, sizeof why), 0);
    assert_int_equal(now.state, r.state);
    cJSON_Delete(o);
    sei_change_outcome out = (sei_change_outcome)-1;
    assert_int_equal(sei_store_kiosk_change(s, kiosk, &now, rows, n, rows[n - 1].id, &out), want);
    *through = rows[n - 1].id;
    sei_store_audit_free(rows, n);
    sei_store_result_release(&r);
    return out;
}

static void test_outbox_changes(void **state)
{
    (void)state;
    const char *kpath = tpath("changes-kiosk.db"), *spath = tpath("changes-station.db");
    sei_store *k = judged_store(kpath);
    rm_db(spath);
    sei_store *s = open_ok(spath);
    fast_judges(s, 60);
    assert_int_equal(sei_store_pin_set(s, NULL, "1357"), SEI_STORE_OK);
    int64_t waiting = -1, through = -1;
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 2);
    int64_t s1 = sent_to(k, 1, s, "Hall A"), s2 = sent_to(k, 2, s, "Hall A");
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 0);

    /* A judge at the kiosk corrects result 1: it waits again, with the rows
     * after the mark, until the station takes them. */
    sei_store_change c;
    memset(&c, 0, sizeof c);
    c.result = "B+R";
    assert_int_equal(sei_store_correct(k, 1, "2468", "Ada", "Black won by resignation", &c, NULL), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 1);
    /* Only the kiosk that sent it; an unknown UUID is not found. */
    assert_int_equal(change_to(k, 1, s, "Hall B", &through, SEI_STORE_ERR_AUTH), SEI_CHANGE_ALREADY);
    assert_int_equal(raw_int(spath, "SELECT count(*) FROM results WHERE result = 'B+R'"), 0);
    assert_int_equal(change_to(k, 1, s, "Hall A", &through, SEI_STORE_OK), SEI_CHANGE_APPLIED);
    sei_store_result got;
    assert_int_equal(sei_store_get(s, s1, &got), SEI_STORE_OK);
    assert_string_equal(got.result, "B+R");
    assert_int_equal(got.decided, SEI_DECIDED_RESIGNATION);
    assert_int_equal(got.state, SEI_STATE_AGREED);
    sei_store_result_release(&got);
    sei_store_audit *rows;
    int n;
    assert_int_equal(sei_store_audit_get(s, s1, &rows, &n), SEI_STORE_OK);
    assert_true(n >= 1);
    assert_string_equal(rows[n - 1].judge, "Ada at kiosk Hall A");
    assert_string_equal(rows[n - 1].field, "result");
    assert_string_equal(rows[n - 1].new_value, "B+R");
    assert_string_equal(rows[n - 1].reason, "Black won by resignation");
    int copied = n;
    sei_store_audit_free(rows, n);
    /* The same change again (its answer lost): applied once. */
    assert_int_equal(change_to(k, 1, s, "Hall A", &through, SEI_STORE_OK), SEI_CHANGE_ALREADY);
    assert_int_equal(raw_int(spath, "SELECT count(*) FROM audit WHERE result_id = 1"), copied);
    assert_int_equal(sei_store_outbox_ack(k, "not-a-uuid", through), SEI_STORE_ERR_ARG);
    sei_store_result kr;
    assert_int_equal(sei_store_get(k, 1, &kr), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_ack(k, kr.uuid, through), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 0);
    /* The mark never goes back (a late answer of an older push). */
    assert_int_equal(sei_store_outbox_ack(k, kr.uuid, 0), SEI_STORE_OK);
    int sent = 0;
    int64_t mark = -1;
    assert_int_equal(sei_store_outbox_mark(k, kr.uuid, &sent, &mark), SEI_STORE_OK);
    assert_int_equal(mark, through);
    sei_store_result_release(&kr);

    /* Voided at the kiosk after it was sent: the station learns it. */
    assert_int_equal(sei_store_void(k, 1, "2468", "Ada", "played at the wrong table"), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 1);
    assert_int_equal(change_to(k, 1, s, "Hall A", &through, SEI_STORE_OK), SEI_CHANGE_APPLIED);
    assert_int_equal(state_of(s, s1), SEI_STATE_VOIDED);
    assert_int_equal(sei_store_get(k, 1, &kr), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_ack(k, kr.uuid, through), SEI_STORE_OK);
    sei_store_result_release(&kr);
    /* A result never sent and voided still never waits. */
    sei_store_result r3;
    make_result(5, &r3);
    int64_t k3;
    assert_int_equal(sei_store_save(k, &r3, &k3), SEI_STORE_OK);
    sei_store_result_release(&r3);
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 1);
    assert_int_equal(sei_store_void(k, k3, "2468", "Ada", "a test count"), SEI_STORE_OK);
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 0);

    /* A judge at the station corrects result 2 first: the kiosk's change is
     * recorded, not applied, and the result is disputed. */
    sei_store_change w;
    memset(&w, 0, sizeof w);
    w.result = "W+T";
    assert_int_equal(sei_store_correct(s, s2, "1357", "Bea", "the clock", &w, NULL), SEI_STORE_OK);
    memset(&c, 0, sizeof c);
    c.result = "B+R";
    assert_int_equal(sei_store_correct(k, 2, "2468", "Ada", "White resigned", &c, NULL), SEI_STORE_OK);
    assert_int_equal(change_to(k, 2, s, "Hall A", &through, SEI_STORE_OK), SEI_CHANGE_REFUSED);
    assert_non_null(strstr(sei_store_errmsg(s), "station"));
    assert_int_equal(sei_store_get(s, s2, &got), SEI_STORE_OK);
    assert_string_equal(got.result, "W+T");
    assert_int_equal(got.state, SEI_STATE_DISPUTED);
    sei_store_result_release(&got);
    assert_int_equal(raw_int(spath, "SELECT count(*) FROM audit WHERE result_id = 2 AND field = 'kiosk_change'"
                                    " AND judge = 'Ada at kiosk Hall A' AND new_value LIKE '%B+R%'"
                                    " AND reason LIKE '%White resigned%'"), 1);
    assert_int_equal(change_to(k, 2, s, "Hall A", &through, SEI_STORE_OK), SEI_CHANGE_ALREADY);
    assert_int_equal(raw_int(spath, "SELECT count(*) FROM audit WHERE field = 'kiosk_change'"), 1);
    sei_store_close(k);
    sei_store_close(s);
}

/* A schema-6 kiosk file migrated: a result whose judge's change came after
 * its push waits (the change is sent), one changed before its push does
 * not (the result sent carried it). */
static void test_outbox_migrated(void **state)
{
    (void)state;
    const char *path = tpath("changes-v6.db");
    sei_store *k = judged_store(path);
    sei_store_change c;
    memset(&c, 0, sizeof c);
    c.result = "B+R";
    for (int64_t id = 1; id <= 2; id++)
        assert_int_equal(sei_store_correct(k, id, "2468", "Ada", "resigned", &c, NULL), SEI_STORE_OK);
    sei_store_result r1, r2;
    assert_int_equal(sei_store_get(k, 1, &r1), SEI_STORE_OK);
    assert_int_equal(sei_store_get(k, 2, &r2), SEI_STORE_OK);
    sei_store_close(k);
    char sql[1024];
    snprintf(sql, sizeof sql,
             SCHEMA_7_ONLY "ALTER TABLE pushed DROP COLUMN audit_through; ALTER TABLE received DROP COLUMN kiosk_through;"
             " ALTER TABLE received DROP COLUMN audit_applied;"
             " INSERT INTO pushed (uuid, time) VALUES ('%s', '2000-01-01T00:00:00Z'), ('%s', '2999-01-01T00:00:00Z');"
             " PRAGMA user_version = 6",
             r1.uuid, r2.uuid);
    raw_sql(path, sql);
    k = open_ok(path);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), SEI_STORE_SCHEMA);
    int64_t waiting = -1, mark = -1;
    int sent = 0;
    assert_int_equal(sei_store_outbox_count(k, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 1);
    assert_int_equal(sei_store_outbox_mark(k, r1.uuid, &sent, &mark), SEI_STORE_OK);
    assert_int_equal(sent, 1);
    assert_int_equal(mark, 0);
    assert_int_equal(sei_store_outbox_mark(k, r2.uuid, &sent, &mark), SEI_STORE_OK);
    assert_int_equal(mark, r2.audit_last);
    assert_true(r2.audit_last > 0);
    sei_store_result_release(&r1);
    sei_store_result_release(&r2);
    sei_store_close(k);
}

/* text (NUL-terminated) without the first occurrence of what, which it
 * must hold; malloc'd. */
static char *cut_first(const char *text, const char *what)
{
    const char *at = strstr(text, what);
    assert_non_null(at);
    size_t n = strlen(text), k = strlen(what), before = (size_t)(at - text);
    char *out = malloc(n - k + 1);
    assert_non_null(out);
    memcpy(out, text, before);
    memcpy(out + before, at + k, n - before - k + 1);
    return out;
}

static void test_station_tournament(void **state)
{
    (void)state;
    const char *path = tpath("station-tournament.db");
    rm_db(path);
    sei_store *s = open_ok(path);
    char *data;
    size_t len, got_len;
    char msg[200], name[128];
    assert_int_equal(sei_store_tournament_file(s, &data, &len, name, sizeof name), SEI_STORE_ERR_NOTFOUND);
    char *file = sei_file_read(SEI_TESTS_DIR "/opengotha/club-open.xml", 1 << 20, &len, msg, sizeof msg);
    assert_non_null(file);
    sei_og *og = sei_og_create();
    assert_int_equal(sei_og_read_memory(og, file, len), 0);
    for (int i = 0; i < 2; i++) /* again: replaces the first */
        assert_int_equal(sei_store_tournament_set(s, og, file, len, 0), SEI_STORE_OK);
    assert_int_equal(sei_store_tournament_file(s, &data, &got_len, name, sizeof name), SEI_STORE_OK);
    assert_int_equal(got_len, len);
    assert_memory_equal(data, file, len);
    assert_string_equal(name, "Club Open 2026");
    free(data);
    sei_store_pairing p;
    assert_int_equal(sei_store_pairing_get(s, 1, 2, &p), SEI_STORE_OK);
    assert_int_equal(p.handicap, 3);
    assert_string_equal(p.black.name, "de la Cruz");
    assert_string_equal(p.black.first_name, "Mary Ann");
    assert_string_equal(p.black.aga_id, "24680");
    assert_string_equal(p.white.name, "이");
    assert_string_equal(p.white.rank, "2D");
    assert_int_equal(sei_store_pairing_get(s, 2, 1, &p), SEI_STORE_OK);
    assert_string_equal(p.black.name, "Durand");
    assert_int_equal(sei_store_pairing_get(s, 1, 4, &p), SEI_STORE_ERR_NOTFOUND);
    assert_int_equal(sei_store_pairing_get(s, 3, 1, &p), SEI_STORE_ERR_NOTFOUND);
    /* Round 0: the latest round with a game at the table (a kiosk's question). */
    assert_int_equal(sei_store_pairing_get(s, 0, 3, &p), SEI_STORE_OK);
    assert_int_equal(p.round, 2);
    assert_int_equal(p.table, 3);
    assert_int_equal(p.handicap, 0);
    assert_string_equal(p.black.name, "de la Cruz");
    assert_int_equal(sei_store_pairing_get(s, 1, 3, &p), SEI_STORE_OK);
    assert_int_equal(p.round, 1);
    assert_string_equal(p.black.name, "Sato");
    assert_int_equal(sei_store_pairing_get(s, 0, 4, &p), SEI_STORE_ERR_NOTFOUND);
    /* The page's views: the tournament's name alone, a round's games and
     * every round's, the rounds of games and of results. */
    name[0] = 0;
    assert_int_equal(sei_store_tournament_file(s, NULL, NULL, name, sizeof name), SEI_STORE_OK);
    assert_string_equal(name, "Club Open 2026");
    assert_int_equal(sei_store_tournament_file(s, &data, NULL, name, sizeof name), SEI_STORE_ERR_ARG);
    sei_store_pairing *rows;
    int n;
    assert_int_equal(sei_store_pairings(s, 2, &rows, &n), SEI_STORE_OK);
    assert_int_equal(n, 3);
    for (int i = 0; i < n; i++)
        assert_true(rows[i].round == 2 && rows[i].table == i + 1 && rows[i].black.known && rows[i].white.known);
    assert_string_equal(rows[2].white.first_name, "서연");
    free(rows);
    assert_int_equal(sei_store_pairings(s, 0, &rows, &n), SEI_STORE_OK);
    assert_int_equal(n, 6);
    assert_true(rows[0].round == 1 && rows[0].table == 1 && rows[5].round == 2 && rows[5].table == 3);
    assert_string_equal(rows[1].black.name, "de la Cruz");
    assert_int_equal(rows[1].handicap, 3);
    free(rows);
    assert_int_equal(sei_store_pairings(s, 3, &rows, &n), SEI_STORE_OK);
    assert_true(n == 0 && rows == NULL);
    int *rounds;
    assert_int_equal(sei_store_rounds(s, &rounds, &n), SEI_STORE_OK);
    assert_true(n == 2 && rounds[0] == 1 && rounds[1] == 2);
    free(rounds);
    sei_store_result r;
    make_result(1, &r);
    r.ident.round = 4;
    assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
    sei_store_result_release(&r);
    assert_int_equal(sei_store_rounds(s, &rounds, &n), SEI_STORE_OK);
    assert_true(n == 3 && rounds[0] == 1 && rounds[1] == 2 && rounds[2] == 4);
    free(rounds);
    /* Another tournament over a database holding a result is refused, and
     * nothing changes; with other_event it is imported. Without results
     * (a fresh database) it is imported at once. */
    size_t len2;
    char *file2 = sei_file_read(SEI_TESTS_DIR "/opengotha/egd-cup.xml", 1 << 20, &len2, msg, sizeof msg);
    assert_non_null(file2);
    sei_og *og2 = sei_og_create();
    assert_int_equal(sei_og_read_memory(og2, file2, len2), 0);
    assert_false(sei_og_same_event(og, og2));
    assert_true(sei_og_same_event(og, og));
    {
        /* Without short names the names decide (both files begin on
         * 2026-11-28): the club's file is itself, the cup another. */
        char *a = cut_first(file, " shortName=\"clubopen26\""), *b = cut_first(file2, " shortName=\"egdcup26\"");
        sei_og *oa = sei_og_create(), *ob = sei_og_create();
        assert_int_equal(sei_og_read_memory(oa, a, strlen(a)), 0);
        assert_int_equal(sei_og_read_memory(ob, b, strlen(b)), 0);
        assert_true(sei_og_same_event(oa, og));
        assert_false(sei_og_same_event(oa, ob));
        assert_false(sei_og_same_event(og2, ob) && sei_og_same_event(oa, og2));
        char *c = cut_first(a, " beginDate=\"2026-11-28\"");
        sei_og *oc = sei_og_create();
        assert_int_equal(sei_og_read_memory(oc, c, strlen(c)), 0);
        assert_false(sei_og_same_event(oa, oc)); /* a date in one file only */
        sei_og_destroy(oa), sei_og_destroy(ob), sei_og_destroy(oc);
        free(a), free(b), free(c);
    }
    assert_int_equal(sei_store_tournament_set(s, og2, file2, len2, 0), SEI_STORE_ERR_STATE);
    assert_non_null(strstr(sei_store_errmsg(s), "holds 1 result of 'Club Open 2026'"));
    assert_non_null(strstr(sei_store_errmsg(s), "'EGD Cup 2026' (short name 'egdcup26', from 2026-11-28)"));
    assert_int_equal(sei_store_tournament_file(s, NULL, NULL, name, sizeof name), SEI_STORE_OK);
    assert_string_equal(name, "Club Open 2026");
    assert_int_equal(sei_store_pairing_get(s, 1, 2, &p), SEI_STORE_OK);
    assert_string_equal(p.black.name, "de la Cruz");
    assert_int_equal(sei_store_tournament_set(s, og2, file2, len2, SEI_IMPORT_OTHER_EVENT), SEI_STORE_OK);
    assert_int_equal(sei_store_tournament_file(s, NULL, NULL, name, sizeof name), SEI_STORE_OK);
    assert_string_equal(name, "EGD Cup 2026");
    int64_t count = 0;
    assert_int_equal(sei_store_count(s, &count), SEI_STORE_OK);
    assert_int_equal(count, 1);
    /* A kept file that cannot be read (damaged by another tool) tells
     * nothing of the new one: refused the same way, --same-event taken. */
    sei_store_close(s);
    raw_sql(path, "UPDATE tournament SET file = CAST('<not xml' AS BLOB)");
    s = open_ok(path);
    assert_int_equal(sei_store_tournament_set(s, og, file, len, 0), SEI_STORE_ERR_STATE);
    assert_non_null(strstr(sei_store_errmsg(s), "cannot be told the same tournament or another"));
    assert_int_equal(sei_store_tournament_set(s, og, file, len, SEI_IMPORT_OTHER_EVENT), SEI_STORE_OK);
    sei_store_close(s);
    path = tpath("station-tournament-2.db");
    rm_db(path);
    s = open_ok(path);
    assert_int_equal(sei_store_tournament_set(s, og, file, len, 0), SEI_STORE_OK);
    assert_int_equal(sei_store_tournament_set(s, og2, file2, len2, 0), SEI_STORE_OK);
    sei_og_destroy(og2);
    free(file2);
    sei_og_destroy(og);
    free(file);
    sei_store_close(s);
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/seichi-store-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_fill_shown),
        cmocka_unit_test(test_listing_order),
        cmocka_unit_test(test_corrupt_file),
        cmocka_unit_test(test_readonly_location),
        cmocka_unit_test(test_schema_version),
        cmocka_unit_test(test_decided),
        cmocka_unit_test(test_settings),
        cmocka_unit_test(test_default_path),
        cmocka_unit_test(test_from_run),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_export_counts_again),
        cmocka_unit_test(test_json_documents),
        cmocka_unit_test(test_kill_while_saving),
        cmocka_unit_test(test_first_saves_at_once),
        cmocka_unit_test(test_foreign_untouched),
        cmocka_unit_test(test_damaged_row),
        cmocka_unit_test(test_damaged_values),
        cmocka_unit_test(test_readonly_db),
        cmocka_unit_test(test_results_older_schema),
        cmocka_unit_test(test_migrate_schema4),
        cmocka_unit_test(test_uuid_once),
        cmocka_unit_test(test_ident_exports),
        cmocka_unit_test(test_ident_rules),
        cmocka_unit_test(test_ident_recording),
        cmocka_unit_test(test_pin),
        cmocka_unit_test(test_judge_actions),
        cmocka_unit_test(test_judge_recount),
        cmocka_unit_test(test_judge_atomic),
        cmocka_unit_test(test_judge_cli),
        cmocka_unit_test(test_station_kiosks),
        cmocka_unit_test(test_station_json_receive),
        cmocka_unit_test(test_outbox_changes),
        cmocka_unit_test(test_outbox_migrated),
        cmocka_unit_test(test_station_disputes),
        cmocka_unit_test(test_station_tournament),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    if (!failed) {
        char cmd[700];
        snprintf(cmd, sizeof cmd, "chmod -R u+w '%s' && rm -rf '%s'", tmpdir, tmpdir);
        if (system(cmd))
            fprintf(stderr, "could not remove %s\n", tmpdir);
    } else
        fprintf(stderr, "files left in %s\n", tmpdir);
    return failed;
}
