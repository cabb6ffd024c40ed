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
#include <sqlite3.h>
#include <cjson/cJSON.h>

#include "cli.h"
#include "shared.h"
#include "sgf.h"
#include "store.h"

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
        snprintf(who->black_id, sizeof who->black_id, "EGD:%08d", (10000000 + seq) % 100000000);
        snprintf(who->white_id, sizeof who->white_id, seq % 2 ? "AGA:%d" : "%d", (100 + seq) % 1000000);
    }
    r->state = seq % 7 == 3 ? SEI_STATE_DISPUTED : SEI_STATE_AGREED;
    r->origin = (sei_result_origin)(seq % 4);
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

/* What schema 5 added, taken away again: a file as schema 4 left it. */
#define SCHEMA_4_ONLY                                                                                               \
    "DROP TRIGGER results_audited_kept; DROP TRIGGER audit_no_update; DROP TRIGGER audit_no_delete;"                \
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
    assert_non_null(strstr(out, "2 SGF files"));
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
