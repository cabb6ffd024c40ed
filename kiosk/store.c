/* store.c - the results store (store.h) on SQLite: opening with the
 * durability settings and the schema migrations, saving a result in one
 * transaction, reading it back, listing, and filling a result from a count. */
#define _DEFAULT_SOURCE   /* timegm, tm_gmtoff */
#define _XOPEN_SOURCE 700 /* realpath */

#include "store.h"
#include "count.h"
#include "opengotha.h"
#include "rules.h"
#include "textbuf.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

/* "SEIC": lets us tell our file from another program's SQLite database. */
#define SEI_STORE_APP_ID 0x53454943

struct sei_store {
    sqlite3 *db;
    /* Which kiosk sent a result: asked once a row when the station lists
     * its results, so prepared once (sei_store_received_from). */
    sqlite3_stmt *received_st;
    sei_judge_params judge;
    /* The imported tournament's komi and board size (tournament_terms),
     * kept while the same file stays imported: a station checks every
     * result it receives against them. */
    char terms_key[64];
    int terms_known; /* 1: komi, 2: size */
    double terms_komi;
    int terms_size;
    char path[1024];
    char msg[512];
};

struct sei_store_cursor {
    sei_store *s;
    sqlite3_stmt *st;
};

/* Migration i takes a file from user_version i to i + 1. Append, never
 * edit: files in the field were made by the steps as written. */
static const char *const migrations[SEI_STORE_SCHEMA] = {
    /* 0 -> 1: the results table. Every field is a column (not a blob of
     * JSON) so other tools can query it; CHECKs refuse a half-filled row
     * even if a future bug tried to write one. */
    "CREATE TABLE results ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " time TEXT NOT NULL CHECK (length(time) > 0),"
    " rules TEXT NOT NULL CHECK (length(rules) > 0),"
    " scoring TEXT NOT NULL CHECK (scoring IN ('area', 'territory')),"
    " komi REAL NOT NULL,"
    " handicap INTEGER NOT NULL CHECK (handicap >= 0),"
    " bonus REAL NOT NULL,"
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
    " dame INTEGER NOT NULL,"
    " margin REAL NOT NULL,"
    " winner TEXT NOT NULL CHECK (winner IN ('B', 'W', 'draw')),"
    " result TEXT NOT NULL CHECK (length(result) > 0),"
    " margin_stones REAL NOT NULL,"
    " result_stones TEXT,"
    " source TEXT NOT NULL,"
    " photo_path TEXT,"
    " photo BLOB);",
    /* 1 -> 2: listing by date (a tournament day) without a full scan. */
    "CREATE INDEX results_time ON results (time);",
    /* 2 -> 3: the kiosk's settings (default rules, komi, size, language,
     * camera), kept beside the results so one file is the whole state. */
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    /* 3 -> 4: how the game was decided (a game won by resignation, on
     * time or by forfeit has no count: its rows before this were all
     * counts), and the game record a result is of, kept whole so an
     * export gives back its moves and players. */
    "ALTER TABLE results ADD COLUMN decided_by TEXT NOT NULL DEFAULT 'count'"
    " CHECK (decided_by IN ('count', 'resignation', 'time', 'forfeit'));"
    "ALTER TABLE results ADD COLUMN game_sgf TEXT;"
    "ALTER TABLE results ADD COLUMN game_path TEXT;",
    /* 4 -> 5: who played (tournament identity; '' and 0 when not given),
     * a UUID per result (unique: a result pushed twice is stored once;
     * the rows before this get a random one here, from SQLite's
     * generator, which the system's random source seeds), where the
     * result stands and who stored it; the judge's PIN (a hash only) with
     * the count of wrong tries, and the audit trail. Triggers keep in SQL
     * what no caller may undo: a UUID never changes, a confirmed result
     * is only voided, a voided one never changes, the audit trail is
     * append-only, and a result with one is never deleted. */
    "ALTER TABLE results ADD COLUMN uuid TEXT CHECK (uuid IS NULL OR length(uuid) = 36);"
    "ALTER TABLE results ADD COLUMN event TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE results ADD COLUMN round INTEGER NOT NULL DEFAULT 0 CHECK (round BETWEEN 0 AND 999);"
    "ALTER TABLE results ADD COLUMN table_no INTEGER NOT NULL DEFAULT 0 CHECK (table_no BETWEEN 0 AND 9999);"
    "ALTER TABLE results ADD COLUMN black TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE results ADD COLUMN white TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE results ADD COLUMN black_id TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE results ADD COLUMN white_id TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE results ADD COLUMN state TEXT NOT NULL DEFAULT 'agreed'"
    " CHECK (state IN ('agreed', 'disputed', 'confirmed', 'voided'));"
    "ALTER TABLE results ADD COLUMN origin TEXT NOT NULL DEFAULT 'unknown'"
    " CHECK (origin IN ('kiosk', 'cli', 'judge', 'station', 'unknown'));"
    "UPDATE results SET uuid = lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'"
    " || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1)"
    " || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)));"
    "CREATE UNIQUE INDEX results_uuid ON results (uuid);"
    "CREATE TRIGGER results_uuid_given BEFORE INSERT ON results WHEN NEW.uuid IS NULL"
    " BEGIN SELECT RAISE(ABORT, 'a result needs a UUID'); END;"
    "CREATE TRIGGER results_uuid_kept BEFORE UPDATE OF uuid ON results"
    " BEGIN SELECT RAISE(ABORT, 'a result''s UUID never changes'); END;"
    "CREATE TRIGGER results_locked BEFORE UPDATE ON results"
    " WHEN OLD.state = 'voided' OR (OLD.state = 'confirmed' AND NEW.state IS NOT 'voided')"
    " BEGIN SELECT RAISE(ABORT, 'a confirmed or voided result is locked'); END;"
    "CREATE TABLE judge_pin (id INTEGER PRIMARY KEY CHECK (id = 1), hash TEXT NOT NULL,"
    " failures INTEGER NOT NULL DEFAULT 0, locked_until INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE audit ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " result_id INTEGER NOT NULL,"
    " result_uuid TEXT NOT NULL CHECK (length(result_uuid) = 36),"
    " judge TEXT NOT NULL CHECK (length(judge) > 0),"
    " time TEXT NOT NULL CHECK (length(time) > 0),"
    " local_time TEXT NOT NULL,"
    " action TEXT NOT NULL CHECK (action IN ('correct', 'void', 'confirm')),"
    " field TEXT NOT NULL CHECK (length(field) > 0),"
    " old_value TEXT NOT NULL,"
    " new_value TEXT NOT NULL,"
    " reason TEXT NOT NULL);"
    "CREATE INDEX audit_result ON audit (result_id);"
    "CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit"
    " BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;"
    "CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit"
    " BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;"
    "CREATE TRIGGER results_audited_kept BEFORE DELETE ON results"
    " WHEN EXISTS (SELECT 1 FROM audit WHERE result_id = OLD.id)"
    " BEGIN SELECT RAISE(ABORT, 'a result with an audit trail is never deleted'); END;",
    /* 5 -> 6: the director's station and a kiosk's outbox. Kiosks enrolled
     * at the station, each with a hash of its token (never the token) and
     * of a short one-time pairing code with its end; the wrong codes in a
     * row and the end of their lock (as the judge PIN's). The tournament
     * imported from OpenGotha: the file itself (written back with the
     * results), its players and its games at their tables. Which kiosk
     * sent each result received. On a kiosk: the UUIDs the station has
     * acknowledged, so a push sends only what it does not have. */
    "CREATE TABLE kiosks ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 127),"
    " token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),"
    " code_hash TEXT CHECK (code_hash IS NULL OR length(code_hash) = 64),"
    " code_until INTEGER NOT NULL DEFAULT 0,"
    " created TEXT NOT NULL,"
    " revoked TEXT);"
    "CREATE TABLE enroll_tries (id INTEGER PRIMARY KEY CHECK (id = 1),"
    " failures INTEGER NOT NULL DEFAULT 0, locked_until INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE tournament (id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL,"
    " file BLOB NOT NULL, imported TEXT NOT NULL);"
    "CREATE TABLE players (id INTEGER PRIMARY KEY, key TEXT NOT NULL, name TEXT NOT NULL,"
    " first_name TEXT NOT NULL, rank TEXT NOT NULL, club TEXT NOT NULL, country TEXT NOT NULL,"
    " egf_pin TEXT NOT NULL, aga_id TEXT NOT NULL);"
    "CREATE TABLE pairings (round INTEGER NOT NULL, table_no INTEGER NOT NULL,"
    " black INTEGER, white INTEGER, handicap INTEGER NOT NULL, PRIMARY KEY (round, table_no));"
    "CREATE TABLE received (result_id INTEGER PRIMARY KEY, kiosk TEXT NOT NULL, time TEXT NOT NULL);"
    "CREATE TABLE pushed (uuid TEXT PRIMARY KEY CHECK (length(uuid) = 36), time TEXT NOT NULL);",
    /* 6 -> 7: a judge's change made at a kiosk reaches the station. On a
     * kiosk: up to which of its audit rows the station has taken each
     * result sent (a result pushed before this: its rows up to the push,
     * which the result sent already carried; the later ones are sent).
     * At the station: per result received, up to which row of the kiosk's
     * trail it has taken (a change sent twice is applied once), and its
     * own last audit row once a kiosk's change was applied (a row after it
     * by a judge at the station: the station changed it first). */
    "ALTER TABLE pushed ADD COLUMN audit_through INTEGER NOT NULL DEFAULT 0;"
    "UPDATE pushed SET audit_through = coalesce((SELECT max(audit.id) FROM audit JOIN results"
    " ON audit.result_id = results.id WHERE results.uuid = pushed.uuid AND audit.time <= pushed.time), 0);"
    "ALTER TABLE received ADD COLUMN kiosk_through INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE received ADD COLUMN audit_applied INTEGER NOT NULL DEFAULT 0;",
    /* 7 -> 8: Ing's fill checked on a photo of the filled board before the
     * result was agreed (the kiosk's fill check): each side's stones on
     * the board, spares and holes, the margin the fill shows, whether it
     * agreed with the count, the points read in doubt. A column each, as
     * every other field; all NULL when no fill was checked (every row
     * before this), all set when one was. */
    "ALTER TABLE results ADD COLUMN fill_b_board INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_b_spare INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_b_holes INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_w_board INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_w_spare INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_w_holes INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_margin INTEGER;"
    "ALTER TABLE results ADD COLUMN fill_ok INTEGER CHECK (fill_ok IS NULL OR fill_ok IN (0, 1));"
    "ALTER TABLE results ADD COLUMN fill_unsure INTEGER;",
};

/* Columns in the order bind_result and read_result use; the photo column
 * last so a listing can leave it out. */
#define COLS_BUT_PHOTO                                                                                         \
    "id, time, rules, scoring, komi, handicap, bonus, size, position, territory, dead,"                        \
    " b_stones, b_territory, b_area, b_prisoners, b_dead, b_seki_eyes, b_false_eyes, b_score, b_penalty,"     \
    " w_stones, w_territory, w_area, w_prisoners, w_dead, w_seki_eyes, w_false_eyes, w_score, w_penalty,"     \
    " dame, margin, winner, result, margin_stones, result_stones, source, photo_path,"                       \
    " decided_by, game_sgf, game_path,"                                                                         \
    " uuid, event, round, table_no, black, white, black_id, white_id, state, origin,"                           \
    " fill_b_board, fill_b_spare, fill_b_holes, fill_w_board, fill_w_spare, fill_w_holes,"                    \
    " fill_margin, fill_ok, fill_unsure"
/* What a read adds after them: the audit trail's length and its last
 * row, whether a judge changed the count (its dead stones or result)
 * since a fill check (looked up only for a result with one), then the
 * photo. */
#define COLS_READ                                                                                              \
    COLS_BUT_PHOTO ", (SELECT count(*) FROM audit WHERE audit.result_id = results.id),"                       \
                   " (SELECT coalesce(max(id), 0) FROM audit WHERE audit.result_id = results.id),"              \
                   " (fill_ok IS NOT NULL AND EXISTS (SELECT 1 FROM audit WHERE audit.result_id = results.id"   \
                   " AND audit.field IN ('dead', 'result')))"

/* ---- messages ------------------------------------------------------------------ */

static sei_store_status fail(sei_store *s, sei_store_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    return st;
}

/* What an SQLite error means to the caller. */
static sei_store_status status_of(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_OK: return SEI_STORE_OK;
    case SQLITE_NOMEM: return SEI_STORE_ERR_NOMEM;
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
    case SQLITE_FORMAT:
    case SQLITE_SCHEMA:
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH: return SEI_STORE_ERR_CORRUPT;
    default: return SEI_STORE_ERR_IO;
    }
}

/* The message for a failed SQLite call: SQLite's own words, with the
 * system's reason when the file itself could not be used (a read-only
 * place says "Permission denied", not just "unable to open"). */
static sei_store_status fail_db(sei_store *s, int rc, const char *doing)
{
    int sys = sqlite3_system_errno(s->db);
    /* The connection's last words may be a later call's ("not an error"):
     * then the code's own. */
    const char *what = sqlite3_errcode(s->db) == SQLITE_OK ? sqlite3_errstr(rc) : sqlite3_errmsg(s->db);
    int prim = rc & 0xff;
    if ((prim == SQLITE_CANTOPEN || prim == SQLITE_IOERR || prim == SQLITE_READONLY || prim == SQLITE_PERM) && sys)
        return fail(s, status_of(rc), "%s '%s': %s (%s)", doing, s->path, what, strerror(sys));
    if (prim == SQLITE_NOTADB || prim == SQLITE_CORRUPT)
        return fail(s, status_of(rc), "%s '%s': %s (not a SQLite file, or damaged)", doing, s->path, what);
    return fail(s, status_of(rc), "%s '%s': %s", doing, s->path, what);
}

const char *sei_store_status_name(sei_store_status st)
{
    switch (st) {
    case SEI_STORE_OK: return "ok";
    case SEI_STORE_DONE: return "done";
    case SEI_STORE_ERR_ARG: return "bad argument";
    case SEI_STORE_ERR_NOTFOUND: return "not found";
    case SEI_STORE_ERR_IO: return "cannot read or write the file";
    case SEI_STORE_ERR_CORRUPT: return "damaged or foreign database";
    case SEI_STORE_ERR_VERSION: return "newer schema";
    case SEI_STORE_ERR_NOMEM: return "out of memory";
    case SEI_STORE_ERR_ROW: return "damaged row";
    case SEI_STORE_ERR_AUTH: return "judge PIN refused";
    case SEI_STORE_ERR_LOCKED: return "PIN entry locked";
    case SEI_STORE_ERR_STATE: return "refused by the result's state";
    }
    return "unknown";
}

const char *sei_store_errmsg(const sei_store *s)
{
    return s ? s->msg : "no results store";
}

/* ---- opening ------------------------------------------------------------------- */

static int exec(sei_store *s, const char *sql)
{
    return sqlite3_exec(s->db, sql, NULL, NULL, NULL);
}

/* End a write transaction: commit when rc (how it went so far) is OK, else
 * (or when the commit fails) roll back and report what was being done.
 * SEI_STORE_OK leaves the message empty. */
static sei_store_status tx_end(sei_store *s, int rc, const char *doing)
{
    if (!rc)
        rc = exec(s, "COMMIT");
    if (rc) {
        sei_store_status e = fail_db(s, rc, doing);
        exec(s, "ROLLBACK");
        return e;
    }
    s->msg[0] = 0;
    return SEI_STORE_OK;
}

/* One integer (or text) answered by a PRAGMA or query. */
static int query_int(sei_store *s, const char *sql, int64_t *v)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *v = sqlite3_column_int64(st, 0);
        rc = SQLITE_OK;
    } else if (rc == SQLITE_DONE) {
        *v = 0;
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    return rc;
}

static int query_text(sei_store *s, const char *sql, char *buf, size_t n)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    buf[0] = 0;
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        snprintf(buf, n, "%s", t ? (const char *)t : "");
        rc = SQLITE_OK;
    } else if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
    sqlite3_finalize(st);
    return rc;
}

/* SQLite waits out a lock held by another connection (the busy timeout)
 * except where waiting could deadlock: turning a file to WAL takes the
 * exclusive lock without calling the busy handler, so when several
 * programs open a new file at once all but one get SQLITE_BUSY at once.
 * Such a step is tried again here, for as long as the busy timeout. */
#define BUSY_MS 5000
static int busy_again(int rc, int *waited_ms)
{
    if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
        return 0;
    if (*waited_ms >= BUSY_MS)
        return 0;
    *waited_ms += sqlite3_sleep(10);
    return 1;
}

/* Whose file this is and at which schema: refused (with the message in s)
 * when it is another program's SQLite database or a newer Seichi's. Only
 * reads, so it runs before anything is set on the file. */
static sei_store_status schema_of(sei_store *s, int64_t *version, int64_t *app)
{
    int64_t objects = 0;
    int rc, waited = 0;
    /* The three answers from one snapshot: read one by one, another
     * program's schema creation committing in between showed its tables
     * with the version still 0 ("another program's database"). Inside a
     * caller's transaction this is that transaction's snapshot. */
    int own = sqlite3_get_autocommit(s->db);
    do {
        if (own && (rc = exec(s, "BEGIN")))
            continue;
        if (!(rc = query_int(s, "PRAGMA user_version", version)) && !(rc = query_int(s, "PRAGMA application_id", app)))
            rc = query_int(s, "SELECT count(*) FROM sqlite_master", &objects);
        if (own)
            exec(s, rc ? "ROLLBACK" : "COMMIT");
    } while (rc && own && busy_again(rc, &waited));
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    if (*app != 0 && *app != SEI_STORE_APP_ID)
        return fail(s, SEI_STORE_ERR_CORRUPT,
                    "'%s' is another program's database (application id 0x%08llx), not Seichi results", s->path,
                    (unsigned long long)(uint32_t)*app);
    if (*version == 0 && objects > 0)
        return fail(s, SEI_STORE_ERR_CORRUPT,
                    "'%s' is another program's SQLite database (it has tables, but no Seichi schema)", s->path);
    if (*version > SEI_STORE_SCHEMA)
        return fail(s, SEI_STORE_ERR_VERSION,
                    "'%s' was written by a newer Seichi (schema %lld; this one knows up to %d): update Seichi to read it",
                    s->path, (long long)*version, SEI_STORE_SCHEMA);
    if (*version < 0)
        return fail(s, SEI_STORE_ERR_CORRUPT, "'%s' has a bad schema version %lld", s->path, (long long)*version);
    return SEI_STORE_OK;
}

/* Bring the schema to SEI_STORE_SCHEMA inside one write transaction, so two
 * kiosks opening a new file at once cannot both create it, and a crash
 * mid-migration leaves the old version. */
static sei_store_status migrate(sei_store *s)
{
    int64_t version, app;
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to results database");
    /* Checked again inside the transaction: another process may have
     * made the file between the first look and now. */
    sei_store_status st = schema_of(s, &version, &app);
    if (st) {
        exec(s, "ROLLBACK");
        return st;
    }
    if (version == SEI_STORE_SCHEMA && app == SEI_STORE_APP_ID)
        return exec(s, "COMMIT") ? fail_db(s, sqlite3_errcode(s->db), "cannot read results database") : SEI_STORE_OK;
    for (int64_t v = version; v < SEI_STORE_SCHEMA; v++)
        if ((rc = exec(s, migrations[v]))) {
            st = fail_db(s, rc, "cannot upgrade results database");
            exec(s, "ROLLBACK");
            return st;
        }
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d; PRAGMA application_id = %d", SEI_STORE_SCHEMA,
             SEI_STORE_APP_ID);
    if ((rc = exec(s, sql)) || (rc = exec(s, "COMMIT"))) {
        st = fail_db(s, rc, "cannot upgrade results database");
        exec(s, "ROLLBACK");
        return st;
    }
    return SEI_STORE_OK;
}

static sei_store *open_store(const char *path, int readonly, int *older, char *err, size_t n)
{
    if (!path || !*path) {
        if (n)
            snprintf(err, n, "no results database path");
        return NULL;
    }
    sei_store *s = calloc(1, sizeof *s);
    if (!s) {
        if (n)
            snprintf(err, n, "out of memory opening '%s'", path);
        return NULL;
    }
    if (strlen(path) >= sizeof s->path) {
        if (n)
            snprintf(err, n, "results database path is too long");
        free(s);
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    sei_judge_params_default(&s->judge);
    sei_store_status st = SEI_STORE_OK;
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        /* SQLite's own words for this ("unable to open") do not say why. */
        st = fail(s, SEI_STORE_ERR_IO, "cannot open results database '%s': it is a directory", path);
        goto out;
    }
    /* SQLite's "unable to open database file" does not say why, and its
     * errno is that of its last fallback attempt: say it ourselves. WAL
     * creates files beside the database, so the folder must be writable
     * even when the file already exists. */
    char dir[sizeof s->path];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        slash[slash == dir] = 0;
    if (!readonly && access(dir, W_OK | X_OK)) {
        st = fail(s, SEI_STORE_ERR_IO, "cannot open results database '%s': %s (the folder '%s' must be writable)",
                  path, strerror(errno), dir);
        goto out;
    }
    if (access(path, F_OK) == 0 && access(path, readonly ? R_OK : R_OK | W_OK)) {
        st = fail(s, SEI_STORE_ERR_IO, "cannot open results database '%s': %s", path, strerror(errno));
        goto out;
    }
    /* A WAL database is read through its -shm index, which a reader must
     * be able to create when it is missing. In a folder this user cannot
     * write, with no -wal file there (no writer has the file open: the
     * last one to close removes it), the file is read as it stands and
     * SQLite is told so (immutable). A writer starting meanwhile changes
     * the file only when it checkpoints, which a listing of a few results
     * rarely meets; a row read half-changed is then reported as damaged,
     * never taken as it is. */
    char wal[sizeof s->path + 8], uri[3 * sizeof s->path + 32];
    snprintf(wal, sizeof wal, "%s-wal", path);
    int immutable = readonly && access(dir, W_OK | X_OK) && access(wal, F_OK);
    if (immutable) {
        size_t k = (size_t)snprintf(uri, sizeof uri, "file:");
        for (const unsigned char *c = (const unsigned char *)path; *c; c++)
            k += (size_t)snprintf(uri + k, sizeof uri - k, (isalnum(*c) || strchr("/-._~", *c)) ? "%c" : "%%%02X", *c);
        snprintf(uri + k, sizeof uri - k, "?immutable=1");
    }
    int rc = sqlite3_open_v2(immutable ? uri : path, &s->db,
                             readonly ? SQLITE_OPEN_READONLY | (immutable ? SQLITE_OPEN_URI : 0)
                                      : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                             NULL);
    if (rc != SQLITE_OK) {
        if (!s->db) {
            st = fail(s, SEI_STORE_ERR_NOMEM, "out of memory opening '%s'", path);
            goto out;
        }
        st = fail_db(s, rc, "cannot open results database");
        goto out;
    }
    sqlite3_extended_result_codes(s->db, 1);
    /* The kiosk UI and a `seichi results export` may share the file. */
    sqlite3_busy_timeout(s->db, BUSY_MS);
    /* A damaged or hostile file must not be able to rewrite the schema or
     * run functions from it. */
    sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);

    /* The first read of the header (a file of random bytes fails here),
     * and whose file it is: another program's database is refused before
     * anything is set on it, so it is left byte for byte as it was. */
    int64_t version, app;
    if ((st = schema_of(s, &version, &app)))
        goto out;
    if (readonly) {
        /* Nothing may be written, so nothing is set up or migrated: the
         * file must already be one this code reads. */
        if (version != SEI_STORE_SCHEMA || app != SEI_STORE_APP_ID) {
            *older = version > 0;
            st = fail(s, SEI_STORE_ERR_VERSION,
                      version == 0 ? "'%s' holds no Seichi results yet"
                                   : "'%s' is at an older schema: open it once with write access to upgrade it",
                      path);
        }
        goto out;
    }
    /* WAL: a commit is one append to the log, so a power cut leaves either
     * the whole result or none of it; synchronous=FULL makes the log reach
     * the disk before the save returns. Neither is assumed from an earlier
     * open: set and checked every time. */
    char mode[16];
    int waited = 0;
    while ((rc = query_text(s, "PRAGMA journal_mode = WAL", mode, sizeof mode)) && busy_again(rc, &waited))
        ;
    if (rc) {
        st = fail_db(s, rc, "cannot set up results database");
        goto out;
    }
    if (strcmp(mode, "wal")) {
        st = fail(s, SEI_STORE_ERR_IO, "cannot set up results database '%s': the file system refused WAL mode (got '%s')",
                  path, mode);
        goto out;
    }
    int64_t sync = 0;
    if ((rc = exec(s, "PRAGMA synchronous = FULL; PRAGMA cell_size_check = ON")) ||
        (rc = query_int(s, "PRAGMA synchronous", &sync))) {
        st = fail_db(s, rc, "cannot set up results database");
        goto out;
    }
    if (sync != 2) {
        st = fail(s, SEI_STORE_ERR_IO, "cannot set up results database '%s': synchronous=FULL refused", path);
        goto out;
    }
    st = migrate(s);
out:
    if (st) {
        if (n)
            snprintf(err, n, "%s", s->msg);
        sei_store_close(s);
        return NULL;
    }
    s->msg[0] = 0;
    return s;
}

sei_store *sei_store_open(const char *path, char *err, size_t n) { return open_store(path, 0, NULL, err, n); }

sei_store *sei_store_open_readonly(const char *path, char *err, size_t n)
{
    int older = 0;
    sei_store *s = open_store(path, 1, &older, err, n);
    /* Seichi's own file at an older schema: upgraded as any open does,
     * where the user may write it (the upgrade is one transaction). */
    if (!s && older && access(path, W_OK) == 0)
        s = open_store(path, 0, NULL, err, n);
    return s;
}

void sei_store_close(sei_store *s)
{
    if (!s)
        return;
    sqlite3_finalize(s->received_st);
    /* _v2: a statement left behind by a caller's bug must not keep the
     * handle from being freed. */
    sqlite3_close_v2(s->db);
    free(s);
}

/* ---- checking a result --------------------------------------------------------- */

/* A diagram of r->size rows of r->size characters from allowed, each row
 * ending in '\n'. */
static int diagram_ok(const char *d, int size, const char *allowed)
{
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++, d++)
            if (!*d || !strchr(allowed, *d))
                return 0;
        if (*d++ != '\n')
            return 0;
    }
    return *d == 0;
}

/* Every dead point is a stone of the position, listed once as "xy". */
static int dead_ok(const char *dead, const char *position, int size)
{
    uint8_t seen[SEI_MAX_SIZE * SEI_MAX_SIZE] = {0};
    const char *p = dead;
    while (*p) {
        if (p != dead && *p++ != ' ')
            return 0;
        if (p[0] < 'a' || p[0] >= 'a' + size || p[1] < 'a' || p[1] >= 'a' + size)
            return 0;
        int x = p[0] - 'a', y = p[1] - 'a';
        char c = position[y * (size + 1) + x];
        if ((c != 'X' && c != 'O') || seen[y * size + x]++)
            return 0;
        p += 2;
    }
    return 1;
}

static sei_store_status check_result(sei_store *s, const sei_store_result *r)
{
    if (r->size < SEI_MIN_SIZE || r->size > SEI_MAX_SIZE)
        return fail(s, SEI_STORE_ERR_ARG, "result has board size %d (2 to 25)", r->size);
    if (!memchr(r->rules, 0, sizeof r->rules) || !r->rules[0])
        return fail(s, SEI_STORE_ERR_ARG, "result has no rules name");
    if (!memchr(r->position, 0, sizeof r->position) || !diagram_ok(r->position, r->size, ".XO"))
        return fail(s, SEI_STORE_ERR_ARG, "result's position is not %d lines of %d points '.', 'X', 'O'", r->size,
                    r->size);
    if (!memchr(r->territory, 0, sizeof r->territory) || !diagram_ok(r->territory, r->size, "XObw.sf"))
        return fail(s, SEI_STORE_ERR_ARG, "result's territory map is not %d lines of %d of 'X' 'O' 'b' 'w' '.' 's' 'f'",
                    r->size, r->size);
    if (!memchr(r->dead, 0, sizeof r->dead) || !dead_ok(r->dead, r->position, r->size))
        return fail(s, SEI_STORE_ERR_ARG, "result's dead stones are not SGF points of stones on the board");
    if (r->winner != SEI_BLACK && r->winner != SEI_WHITE && r->winner != SEI_EMPTY)
        return fail(s, SEI_STORE_ERR_ARG, "result has no winner (black, white or a draw)");
    if (!memchr(r->result, 0, sizeof r->result) || !r->result[0])
        return fail(s, SEI_STORE_ERR_ARG, "result has no result string");
    if (!memchr(r->result_stones, 0, sizeof r->result_stones) || !memchr(r->source, 0, sizeof r->source) ||
        !memchr(r->time, 0, sizeof r->time))
        return fail(s, SEI_STORE_ERR_ARG, "result has an unterminated text field");
    if (r->handicap < 0)
        return fail(s, SEI_STORE_ERR_ARG, "result has a negative handicap");
    if (r->decided < SEI_DECIDED_COUNT || r->decided > SEI_DECIDED_FORFEIT)
        return fail(s, SEI_STORE_ERR_ARG, "result was decided in an unknown way (%d)", (int)r->decided);
    /* A row changed by another tool must not reach the printers or an
     * export as if counted: the rules a preset's (the name is all that is
     * kept of them), komi by the one komi rule, and a count's result the
     * one its own scores give. */
    sei_rules preset;
    if (sei_rules_preset(&preset, r->rules) || strcmp(preset.name, r->rules)) {
        int shown = 1;
        for (const char *c = r->rules; *c; c++)
            shown &= *c > ' ' && *c < 127;
        return shown ? fail(s, SEI_STORE_ERR_ARG, "result has unknown rules '%s' (not one of: %s)", r->rules,
                            sei_rules_preset_names())
                     : fail(s, SEI_STORE_ERR_ARG, "result has unknown rules (not one of: %s)", sei_rules_preset_names());
    }
    char why[96], a[32], b[32];
    /* Size 0 (the largest board), as `score --komi` checks it: a count
     * may give a small board more komi than its points, and is kept. */
    if (sei_rules_komi_check(r->komi, 0, why, sizeof why))
        return fail(s, SEI_STORE_ERR_ARG, "result's komi %s is %s", sei_score_number(r->komi, a, sizeof a), why);
    if (r->decided == SEI_DECIDED_COUNT) {
        double margin = r->side[SEI_BLACK].score - r->side[SEI_WHITE].score, off = r->margin - margin;
        int winner = margin > 0 || (margin == 0 && preset.ties_to_black) ? SEI_BLACK : margin < 0 ? SEI_WHITE : SEI_EMPTY;
        char want[32];
        if (off > 1e-9 || off < -1e-9 || r->winner != winner ||
            strcmp(r->result, sei_score_result_text(margin, winner, want, sizeof want)))
            return fail(s, SEI_STORE_ERR_ARG, "result %.24s does not agree with its scores (Black %s, White %s: %s)",
                        r->result, sei_score_number(r->side[SEI_BLACK].score, a, sizeof a),
                        sei_score_number(r->side[SEI_WHITE].score, b, sizeof b), want);
        off = r->margin_stones - margin / 2;
        if (r->result_stones[0] &&
            (off > 1e-9 || off < -1e-9 ||
             strcmp(r->result_stones, sei_score_result_text(r->margin_stones, winner, want, sizeof want))))
            return fail(s, SEI_STORE_ERR_ARG, "result in stones %.24s does not agree with its scores (%s)",
                        r->result_stones, sei_score_result_text(margin / 2, winner, want, sizeof want));
    }
    if (r->decided != SEI_DECIDED_COUNT) {
        /* No count: the result says who won and how, and nothing else. */
        char want[8];
        snprintf(want, sizeof want, "%c+%c", r->winner == SEI_BLACK ? 'B' : 'W', sei_decided_letter(r->decided));
        if ((r->winner != SEI_BLACK && r->winner != SEI_WHITE) || strcmp(r->result, want) || r->dead[0] ||
            r->result_stones[0])
            return fail(s, SEI_STORE_ERR_ARG, "a result won by %s must read B+%c or W+%c, with no count",
                        sei_decided_name(r->decided), sei_decided_letter(r->decided), sei_decided_letter(r->decided));
    }
    if ((r->photo_len && !r->photo) || r->photo_len > SEI_STORE_MAX_PHOTO)
        return fail(s, SEI_STORE_ERR_ARG, "result's photo is missing or larger than %zu bytes", SEI_STORE_MAX_PHOTO);
    char why2[200];
    if (sei_ident_check(&r->ident, why2, sizeof why2))
        return fail(s, SEI_STORE_ERR_ARG, "result's %s", why2);
    if (!memchr(r->uuid, 0, sizeof r->uuid) || (r->uuid[0] && !sei_uuid_ok(r->uuid)))
        return fail(s, SEI_STORE_ERR_ARG, "result's UUID is not 8-4-4-4-12 hex digits");
    if (r->state < SEI_STATE_AGREED || r->state > SEI_STATE_VOIDED || r->origin < SEI_ORIGIN_KIOSK ||
        r->origin > SEI_ORIGIN_UNKNOWN)
        return fail(s, SEI_STORE_ERR_ARG, "result has an unknown state (%d) or origin (%d)", (int)r->state,
                    (int)r->origin);
    return SEI_STORE_OK;
}

/* ---- UUIDs, states, origins ------------------------------------------------------- */

int sei_uuid_new(char out[SEI_UUID_LEN + 1])
{
    unsigned char b[16];
    size_t got = 0;
    while (got < sizeof b) {
        ssize_t k = getrandom(b + got, sizeof b - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        got += (size_t)k;
    }
    b[6] = (unsigned char)((b[6] & 0x0F) | 0x40); /* version 4: random */
    b[8] = (unsigned char)((b[8] & 0x3F) | 0x80); /* the RFC 4122 variant */
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out[k++] = '-';
        out[k++] = hex[b[i] >> 4];
        out[k++] = hex[b[i] & 15];
    }
    out[k] = 0;
    return 0;
}

int sei_uuid_ok(const char *u)
{
    for (int i = 0; i < SEI_UUID_LEN; i++) {
        int dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? u[i] != '-' : !strchr("0123456789abcdef", u[i]) || !u[i])
            return 0;
    }
    return u[SEI_UUID_LEN] == 0;
}

static const char *const state_names[] = {"agreed", "disputed", "confirmed", "voided"};
static const char *const origin_names[] = {"kiosk", "cli", "judge", "station", "unknown"};

const char *sei_state_name(sei_result_state st)
{
    return st >= SEI_STATE_AGREED && st <= SEI_STATE_VOIDED ? state_names[st] : "unknown";
}

const char *sei_origin_name(sei_result_origin o)
{
    return o >= SEI_ORIGIN_KIOSK && o <= SEI_ORIGIN_UNKNOWN ? origin_names[o] : "unknown";
}

/* The index of name in names (n of them), or -1. */
static int name_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name))
            return i;
    return -1;
}

/* ---- saving ------------------------------------------------------------------- */

static const char *winner_text(int w) { return w == SEI_BLACK ? "B" : w == SEI_WHITE ? "W" : "draw"; }

static int bind_side(sqlite3_stmt *st, int i, const sei_store_side *d)
{
    int rc = 0;
    rc |= sqlite3_bind_int(st, i++, d->stones);
    rc |= sqlite3_bind_int(st, i++, d->territory);
    rc |= sqlite3_bind_int(st, i++, d->area);
    rc |= sqlite3_bind_int(st, i++, d->prisoners);
    rc |= sqlite3_bind_int(st, i++, d->dead);
    rc |= sqlite3_bind_int(st, i++, d->seki_eyes);
    rc |= sqlite3_bind_int(st, i++, d->false_eyes);
    rc |= sqlite3_bind_double(st, i++, d->score);
    rc |= sqlite3_bind_double(st, i++, d->penalty);
    return rc;
}

sei_store_status sei_store_save(sei_store *s, const sei_store_result *r, int64_t *id)
{
    return sei_store_save_uuid(s, r, id, NULL, NULL);
}

static sei_store_status save_from(sei_store *s, const sei_store_result *r, int64_t *id, char *uuid_out, int *dup,
                                  const char *kiosk);

sei_store_status sei_store_save_uuid(sei_store *s, const sei_store_result *r, int64_t *id, char *uuid_out, int *dup)
{
    return save_from(s, r, id, uuid_out, dup, NULL);
}

static int audit_row_for(sei_store *s, int64_t id, const char *uuid, const char *judge, const char *action,
                         const char *field, const char *old_value, const char *new_value, const char *reason);
static int table_pairing(sei_store *s, int round, int table, sei_store_pairing *p);

/* At the station, a result received for a round and table that already
 * has a live result (agreed, disputed or confirmed) saying otherwise: the
 * two cannot both stand, so the new one and every agreed one there are
 * set disputed, each with an audit row by "station" giving the other
 * result, in the caller's transaction; *disputed set when the new one
 * was. A judge settles it (voids one, or confirms the other).
 * The same result twice (a board counted again, a second kiosk) is no
 * dispute. Results are compared in the colours of the table's pairing p
 * (NULL: none): "W+18.5" of a game played with the colours swapped is
 * the other player's win. */
static int mark_disputes(sei_store *s, int64_t id, const char *uuid, const sei_store_result *r,
                         const sei_store_pairing *p, int *disputed)
{
    sqlite3_stmt *q;
    char mine[sizeof r->result];
    sei_store_in_pairing_colours(p, &r->ident, r->result, mine);
    int rc = sqlite3_prepare_v2(s->db,
                                "SELECT id, uuid, result, state, black, white FROM results WHERE round = ?1"
                                " AND table_no = ?2 AND id != ?3 AND state IN ('agreed', 'disputed', 'confirmed')"
                                " ORDER BY id",
                                -1, &q, NULL);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int(q, 1, r->ident.round);
    sqlite3_bind_int(q, 2, r->ident.table);
    sqlite3_bind_int64(q, 3, id);
    int others = 0;
    char first[96] = "";
    while (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        int64_t oid = sqlite3_column_int64(q, 0);
        const char *ouuid = (const char *)sqlite3_column_text(q, 1), *ores = (const char *)sqlite3_column_text(q, 2),
                   *ostate = (const char *)sqlite3_column_text(q, 3);
        sei_ident ow;
        memset(&ow, 0, sizeof ow);
        snprintf(ow.black, sizeof ow.black, "%s", (const char *)sqlite3_column_text(q, 4));
        snprintf(ow.white, sizeof ow.white, "%s", (const char *)sqlite3_column_text(q, 5));
        char theirs[sizeof r->result];
        sei_store_in_pairing_colours(p, &ow, ores, theirs);
        if (!strcmp(mine, theirs)) {
            rc = SQLITE_OK;
            continue; /* the same result again */
        }
        if (!others++)
            snprintf(first, sizeof first, "%s (result %lld)", ores, (long long)oid);
        rc = SQLITE_OK;
        if (!strcmp(ostate, "agreed")) {
            char reason[200];
            snprintf(reason, sizeof reason, "another result for round %d, table %d: %s (result %lld)",
                     r->ident.round, r->ident.table, r->result, (long long)id);
            char sql[96];
            snprintf(sql, sizeof sql, "UPDATE results SET state = 'disputed' WHERE id = %lld", (long long)oid);
            rc = exec(s, sql);
            if (rc == SQLITE_OK)
                rc = audit_row_for(s, oid, ouuid, "station", "correct", "state", "agreed", "disputed", reason);
        }
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE && rc != SQLITE_OK)
        return rc;
    if (!others || r->state == SEI_STATE_DISPUTED)
        return SQLITE_OK;
    char reason[200], sql[96];
    snprintf(reason, sizeof reason, "another result for round %d, table %d: %s%s", r->ident.round, r->ident.table,
             first, others > 1 ? ", and more" : "");
    snprintf(sql, sizeof sql, "UPDATE results SET state = 'disputed' WHERE id = %lld", (long long)id);
    rc = exec(s, sql);
    if (rc != SQLITE_OK)
        return rc;
    *disputed = 1;
    return audit_row_for(s, id, uuid, "station", "correct", "state", sei_state_name(r->state), "disputed", reason);
}

static int mark_unpaired(sei_store *s, int64_t id, const char *uuid, const sei_store_result *r,
                         const sei_store_pairing *p, sei_result_state state);

/* The station's checks of a result received, or changed by its kiosk,
 * against the pairing of its table, looked up once: other results there
 * (disputes, when asked) and the pairing's players and handicap
 * (unpaired, when asked). r's state is the row's as it stands. In the
 * caller's transaction. */
static int received_checks(sei_store *s, int64_t id, const char *uuid, const sei_store_result *r, int disputes,
                           int unpaired)
{
    if (!disputes && !unpaired)
        return SQLITE_OK;
    sei_store_pairing p;
    int paired = table_pairing(s, r->ident.round, r->ident.table, &p), disputed = 0;
    if (paired < 0)
        return SQLITE_ERROR;
    int rc = disputes ? mark_disputes(s, id, uuid, r, paired ? &p : NULL, &disputed) : SQLITE_OK;
    /* No such game: the export names it. */
    if (rc == SQLITE_OK && unpaired && paired)
        rc = mark_unpaired(s, id, uuid, r, &p, disputed ? SEI_STATE_DISPUTED : r->state);
    return rc;
}

/* Whether the database is a station's with a tournament imported (*yes:
 * 1 or 0), where a result saved at the desk or corrected by a judge is
 * checked as a kiosk's is on receipt. */
static int at_station(sei_store *s, int64_t *yes)
{
    return query_int(s, "SELECT count(*) > 0 FROM tournament", yes);
}

/* A save; with kiosk, the result was received from that kiosk at the
 * station, and which one is written in the same transaction (and a second
 * result for its table that says otherwise makes both disputed). */
static sei_store_status save_from(sei_store *s, const sei_store_result *r, int64_t *id, char *uuid_out, int *dup,
                                  const char *kiosk)
{
    if (dup)
        *dup = 0;
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (!r)
        return fail(s, SEI_STORE_ERR_ARG, "no result to save");
    sei_store_status st = check_result(s, r);
    if (st)
        return st;
    if (r->state != SEI_STATE_AGREED && r->state != SEI_STATE_DISPUTED)
        /* Confirming and voiding are a judge's, with the PIN and a trail. */
        return fail(s, SEI_STORE_ERR_ARG, "a result is stored agreed or disputed, not %s", sei_state_name(r->state));
    char uuid[SEI_UUID_LEN + 1];
    if (r->uuid[0])
        memcpy(uuid, r->uuid, sizeof uuid);
    else if (sei_uuid_new(uuid))
        return fail(s, SEI_STORE_ERR_IO, "cannot make a UUID: no random numbers from the system (%s)", strerror(errno));
    char now[32];
    if (!r->time[0]) {
        time_t t = time(NULL);
        struct tm tm;
        if (!gmtime_r(&t, &tm) || !strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm))
            return fail(s, SEI_STORE_ERR_ARG, "cannot read the clock");
    }
    static const char sql[] = "INSERT INTO results (" COLS_BUT_PHOTO ", photo) VALUES (NULL"
                              ", ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"
                              ", ?, ?, ?, ?, ?, ?, ?, ?, ?"
                              ", ?, ?, ?, ?, ?, ?, ?, ?, ?"
                              ", ?, ?, ?, ?, ?, ?, ?, ?, ?"
                              ", ?, ?, ?"
                              ", ?, ?, ?, ?, ?, ?, ?, ?, ?"
                              ", ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    sqlite3_stmt *ins = NULL;
    /* IMMEDIATE: take the write lock before anything, so a busy file fails
     * (after the busy timeout) here rather than halfway. */
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot save to results database");
    /* The same UUID again (a push repeated, a save retried after its
     * answer was lost): stored once, the first kept. */
    int64_t old_id = 0;
    sqlite3_stmt *q;
    rc = sqlite3_prepare_v2(s->db, "SELECT id FROM results WHERE uuid = ?1", -1, &q, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(q, 1, uuid, -1, SQLITE_STATIC);
        rc = sqlite3_step(q);
        if (rc == SQLITE_ROW)
            old_id = sqlite3_column_int64(q, 0);
        rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_finalize(q);
    }
    if (rc == SQLITE_OK && old_id) {
        exec(s, "ROLLBACK");
        if (id)
            *id = old_id;
        if (dup)
            *dup = 1;
        if (uuid_out)
            memcpy(uuid_out, uuid, sizeof uuid);
        s->msg[0] = 0;
        return SEI_STORE_OK;
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(s->db, sql, -1, &ins, NULL);
    if (rc == SQLITE_OK) {
        int i = 1, b = 0;
        b |= sqlite3_bind_text(ins, i++, r->time[0] ? r->time : now, -1, SQLITE_TRANSIENT);
        b |= sqlite3_bind_text(ins, i++, r->rules, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, r->area ? "area" : "territory", -1, SQLITE_STATIC);
        b |= sqlite3_bind_double(ins, i++, r->komi);
        b |= sqlite3_bind_int(ins, i++, r->handicap);
        b |= sqlite3_bind_double(ins, i++, r->bonus);
        b |= sqlite3_bind_int(ins, i++, r->size);
        b |= sqlite3_bind_text(ins, i++, r->position, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, r->territory, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, r->dead, -1, SQLITE_STATIC);
        b |= bind_side(ins, i, &r->side[SEI_BLACK]);
        i += 9;
        b |= bind_side(ins, i, &r->side[SEI_WHITE]);
        i += 9;
        b |= sqlite3_bind_int(ins, i++, r->dame);
        b |= sqlite3_bind_double(ins, i++, r->margin);
        b |= sqlite3_bind_text(ins, i++, winner_text(r->winner), -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, r->result, -1, SQLITE_STATIC);
        b |= sqlite3_bind_double(ins, i++, r->margin_stones);
        b |= r->result_stones[0] ? sqlite3_bind_text(ins, i, r->result_stones, -1, SQLITE_STATIC)
                                 : sqlite3_bind_null(ins, i);
        i++;
        b |= sqlite3_bind_text(ins, i++, r->source, -1, SQLITE_STATIC);
        b |= r->photo_path ? sqlite3_bind_text(ins, i, r->photo_path, -1, SQLITE_STATIC) : sqlite3_bind_null(ins, i);
        i++;
        b |= sqlite3_bind_text(ins, i++, sei_decided_name(r->decided), -1, SQLITE_STATIC);
        b |= r->game_sgf ? sqlite3_bind_text(ins, i, r->game_sgf, -1, SQLITE_STATIC) : sqlite3_bind_null(ins, i);
        i++;
        b |= r->game_path ? sqlite3_bind_text(ins, i, r->game_path, -1, SQLITE_STATIC) : sqlite3_bind_null(ins, i);
        i++;
        const sei_ident *who = &r->ident;
        b |= sqlite3_bind_text(ins, i++, uuid, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, who->event, -1, SQLITE_STATIC);
        b |= sqlite3_bind_int(ins, i++, who->round);
        b |= sqlite3_bind_int(ins, i++, who->table);
        b |= sqlite3_bind_text(ins, i++, who->black, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, who->white, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, who->black_id, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, who->white_id, -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, sei_state_name(r->state), -1, SQLITE_STATIC);
        b |= sqlite3_bind_text(ins, i++, sei_origin_name(r->origin), -1, SQLITE_STATIC);
        /* The fill check: NULLs when none was done. */
        const int fill[9] = {r->fill_on_board[SEI_BLACK], r->fill_spare[SEI_BLACK], r->fill_holes[SEI_BLACK],
                             r->fill_on_board[SEI_WHITE], r->fill_spare[SEI_WHITE], r->fill_holes[SEI_WHITE],
                             r->fill_margin, r->fill_ok != 0, r->fill_unsure};
        for (int k = 0; k < 9; k++, i++)
            b |= r->fill_checked ? sqlite3_bind_int(ins, i, fill[k]) : sqlite3_bind_null(ins, i);
        b |= r->photo ? sqlite3_bind_blob64(ins, i, r->photo, r->photo_len, SQLITE_STATIC) : sqlite3_bind_null(ins, i);
        rc = b ? sqlite3_errcode(s->db) : sqlite3_step(ins);
        if (rc == SQLITE_DONE)
            rc = SQLITE_OK;
    }
    int64_t new_id = sqlite3_last_insert_rowid(s->db);
    if (rc == SQLITE_OK && kiosk) {
        sqlite3_stmt *rv;
        rc = sqlite3_prepare_v2(s->db, "INSERT INTO received (result_id, kiosk, time) VALUES (?1, ?2,"
                                       " strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))", -1, &rv, NULL);
        if (rc == SQLITE_OK) {
            sqlite3_bind_int64(rv, 1, new_id);
            sqlite3_bind_text(rv, 2, kiosk, -1, SQLITE_STATIC);
            rc = sqlite3_step(rv);
            rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
            sqlite3_finalize(rv);
        }
    }
    /* A station's own save (a result typed at the desk: the database has
     * a tournament imported) is checked as a kiosk's is on receipt. */
    int64_t desk = 0;
    if (rc == SQLITE_OK && !kiosk && r->ident.round && r->ident.table)
        rc = at_station(s, &desk);
    if (rc == SQLITE_OK && (kiosk || desk) && r->ident.round && r->ident.table)
        rc = received_checks(s, new_id, uuid, r, 1, 1);
    if (rc == SQLITE_OK) {
        sqlite3_finalize(ins);
        ins = NULL;
        rc = exec(s, "COMMIT");
    }
    if (rc != SQLITE_OK) {
        st = fail_db(s, rc, "cannot save to results database");
        sqlite3_finalize(ins);
        /* Rolled back already when SQLite aborted the transaction itself;
         * then this fails harmlessly. */
        exec(s, "ROLLBACK");
        return st;
    }
    if (id)
        *id = new_id;
    if (uuid_out)
        memcpy(uuid_out, uuid, sizeof uuid);
    s->msg[0] = 0;
    return SEI_STORE_OK;
}

/* ---- reading ---------------------------------------------------------------- */

/* Copy text column col into buf, refusing what does not fit: a field that
 * long was not written by us. */
static sei_store_status col_text(sei_store *s, sqlite3_stmt *st, int col, char *buf, size_t n, int nullable,
                                 int64_t id)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    size_t len = (size_t)sqlite3_column_bytes(st, col);
    if (!t) {
        buf[0] = 0;
        if (nullable || sqlite3_column_type(st, col) != SQLITE_NULL)
            return sqlite3_errcode(s->db) == SQLITE_NOMEM ? fail(s, SEI_STORE_ERR_NOMEM, "out of memory") : 0;
        return fail(s, SEI_STORE_ERR_CORRUPT, "result %lld in '%s' is damaged: %s is empty", (long long)id, s->path,
                    sqlite3_column_name(st, col));
    }
    if (len >= n || memchr(t, 0, len))
        return fail(s, SEI_STORE_ERR_CORRUPT, "result %lld in '%s' is damaged: %s is too long", (long long)id,
                    s->path, sqlite3_column_name(st, col));
    memcpy(buf, t, len + 1);
    return SEI_STORE_OK;
}

static void read_side(sqlite3_stmt *st, int i, sei_store_side *d)
{
    d->stones = sqlite3_column_int(st, i++);
    d->territory = sqlite3_column_int(st, i++);
    d->area = sqlite3_column_int(st, i++);
    d->prisoners = sqlite3_column_int(st, i++);
    d->dead = sqlite3_column_int(st, i++);
    d->seki_eyes = sqlite3_column_int(st, i++);
    d->false_eyes = sqlite3_column_int(st, i++);
    d->score = sqlite3_column_double(st, i++);
    d->penalty = sqlite3_column_double(st, i++);
}

/* One row (columns as COLS_READ, then photo or NULL) into r. */
static sei_store_status read_result(sei_store *s, sqlite3_stmt *st, sei_store_result *r)
{
    memset(r, 0, sizeof *r);
    r->id = sqlite3_column_int64(st, 0);
    int64_t id = r->id;
    char scoring[16], winner[8], path[PATH_MAX + 1];
    sei_store_status e;
    if ((e = col_text(s, st, 1, r->time, sizeof r->time, 0, id)) ||
        (e = col_text(s, st, 2, r->rules, sizeof r->rules, 0, id)) ||
        (e = col_text(s, st, 3, scoring, sizeof scoring, 0, id)))
        return e;
    r->area = !strcmp(scoring, "area");
    r->komi = sqlite3_column_double(st, 4);
    r->handicap = sqlite3_column_int(st, 5);
    r->bonus = sqlite3_column_double(st, 6);
    r->size = sqlite3_column_int(st, 7);
    if ((e = col_text(s, st, 8, r->position, sizeof r->position, 0, id)) ||
        (e = col_text(s, st, 9, r->territory, sizeof r->territory, 0, id)) ||
        (e = col_text(s, st, 10, r->dead, sizeof r->dead, 1, id)))
        return e;
    read_side(st, 11, &r->side[SEI_BLACK]);
    read_side(st, 20, &r->side[SEI_WHITE]);
    r->dame = sqlite3_column_int(st, 29);
    r->margin = sqlite3_column_double(st, 30);
    if ((e = col_text(s, st, 31, winner, sizeof winner, 0, id)) ||
        (e = col_text(s, st, 32, r->result, sizeof r->result, 0, id)))
        return e;
    r->winner = !strcmp(winner, "B") ? SEI_BLACK : !strcmp(winner, "W") ? SEI_WHITE : SEI_EMPTY;
    char decided[16];
    if ((e = col_text(s, st, 37, decided, sizeof decided, 0, id)))
        return e;
    int d = -1;
    for (int k = SEI_DECIDED_COUNT; k <= SEI_DECIDED_FORFEIT; k++)
        if (!strcmp(decided, sei_decided_name((sei_decided)k)))
            d = k;
    if (d < 0)
        return fail(s, SEI_STORE_ERR_CORRUPT, "result %lld in '%s' is damaged: decided by '%s'", (long long)id,
                    s->path, decided);
    r->decided = (sei_decided)d;
    char state[16], origin[16];
    sei_ident *who = &r->ident;
    if ((e = col_text(s, st, 40, r->uuid, sizeof r->uuid, 0, id)) ||
        (e = col_text(s, st, 41, who->event, sizeof who->event, 0, id)) ||
        (e = col_text(s, st, 44, who->black, sizeof who->black, 0, id)) ||
        (e = col_text(s, st, 45, who->white, sizeof who->white, 0, id)) ||
        (e = col_text(s, st, 46, who->black_id, sizeof who->black_id, 0, id)) ||
        (e = col_text(s, st, 47, who->white_id, sizeof who->white_id, 0, id)) ||
        (e = col_text(s, st, 48, state, sizeof state, 0, id)) ||
        (e = col_text(s, st, 49, origin, sizeof origin, 0, id)))
        return e;
    who->round = sqlite3_column_int(st, 42);
    who->table = sqlite3_column_int(st, 43);
    int si = name_index(state_names, 4, state), oi = name_index(origin_names, 5, origin);
    if (si < 0 || oi < 0)
        return fail(s, SEI_STORE_ERR_CORRUPT, "result %lld in '%s' is damaged: state '%s', origin '%s'", (long long)id,
                    s->path, state, origin);
    r->state = (sei_result_state)si;
    r->origin = (sei_result_origin)oi;
    /* The fill check (columns 50 to 58): NULL, none was done. */
    if (sqlite3_column_type(st, 57) != SQLITE_NULL) {
        r->fill_checked = 1;
        r->fill_on_board[SEI_BLACK] = sqlite3_column_int(st, 50);
        r->fill_spare[SEI_BLACK] = sqlite3_column_int(st, 51);
        r->fill_holes[SEI_BLACK] = sqlite3_column_int(st, 52);
        r->fill_on_board[SEI_WHITE] = sqlite3_column_int(st, 53);
        r->fill_spare[SEI_WHITE] = sqlite3_column_int(st, 54);
        r->fill_holes[SEI_WHITE] = sqlite3_column_int(st, 55);
        r->fill_margin = sqlite3_column_int(st, 56);
        r->fill_ok = sqlite3_column_int(st, 57);
        r->fill_unsure = sqlite3_column_int(st, 58);
    }
    r->audit_entries = sqlite3_column_int(st, 59);
    r->audit_last = sqlite3_column_int64(st, 60);
    r->fill_recounted = sqlite3_column_int(st, 61);
    r->margin_stones = sqlite3_column_double(st, 33);
    if ((e = col_text(s, st, 34, r->result_stones, sizeof r->result_stones, 1, id)) ||
        (e = col_text(s, st, 35, r->source, sizeof r->source, 1, id)) ||
        (e = col_text(s, st, 36, path, sizeof path, 1, id)))
        return e;
    /* What the CHECKs cannot see: the diagrams' shape and the dead list. A
     * row edited by hand must not reach the printers as garbage. */
    if (check_result(s, r)) {
        char why[sizeof s->msg];
        snprintf(why, sizeof why, "%s", s->msg);
        return fail(s, SEI_STORE_ERR_CORRUPT, "result %lld in '%s' is damaged: %s", (long long)id, s->path, why);
    }
    if (sqlite3_column_type(st, 36) != SQLITE_NULL && !(r->photo_path = strdup(path)))
        return fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
    /* The record and its path: any length, so copied as they are. */
    for (int k = 0; k < 2; k++) {
        int col = 38 + k;
        char **to = k ? &r->game_path : &r->game_sgf;
        if (sqlite3_column_type(st, col) == SQLITE_NULL)
            continue;
        const unsigned char *t = sqlite3_column_text(st, col);
        size_t len = (size_t)sqlite3_column_bytes(st, col);
        if (!t || !(*to = malloc(len + 1))) {
            sei_store_result_release(r);
            return fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
        }
        memcpy(*to, t, len);
        (*to)[len] = 0;
    }
    if (sqlite3_column_type(st, 62) != SQLITE_NULL) {
        const void *blob = sqlite3_column_blob(st, 62);
        size_t len = (size_t)sqlite3_column_bytes(st, 62);
        r->photo = malloc(len ? len : 1);
        if (!r->photo || (len && !blob)) {
            sei_store_result_release(r);
            return fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
        }
        if (len)
            memcpy(r->photo, blob, len);
        r->photo_len = len;
    }
    return SEI_STORE_OK;
}

sei_store_status sei_store_get(sei_store *s, int64_t id, sei_store_result *r)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (!r)
        return fail(s, SEI_STORE_ERR_ARG, "no result to fill");
    /* Zeroed first: a caller may release r whatever the answer. */
    memset(r, 0, sizeof *r);
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT " COLS_READ ", photo FROM results WHERE id = ?", -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    sqlite3_bind_int64(st, 1, id);
    rc = sqlite3_step(st);
    sei_store_status e;
    if (rc == SQLITE_ROW)
        e = read_result(s, st, r);
    else if (rc == SQLITE_DONE)
        e = fail(s, SEI_STORE_ERR_NOTFOUND, "no result %lld in '%s'", (long long)id, s->path);
    else
        e = fail_db(s, rc, "cannot read results database");
    sqlite3_finalize(st);
    if (!e)
        s->msg[0] = 0;
    return e;
}

sei_store_status sei_store_count(sei_store *s, int64_t *count)
{
    if (!s || !count)
        return s ? fail(s, SEI_STORE_ERR_ARG, "no count to fill") : SEI_STORE_ERR_ARG;
    int rc = query_int(s, "SELECT count(*) FROM results", count);
    return rc ? fail_db(s, rc, "cannot read results database") : SEI_STORE_OK;
}

sei_store_status sei_store_check(sei_store *s)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    char first[400];
    int rc = query_text(s, "PRAGMA integrity_check", first, sizeof first);
    if (rc)
        return fail_db(s, rc, "cannot check results database");
    if (strcmp(first, "ok"))
        return fail(s, SEI_STORE_ERR_CORRUPT, "'%s' is damaged: %s", s->path, first);
    return SEI_STORE_OK;
}

/* ---- settings ------------------------------------------------------------------ */

sei_store_status sei_store_setting_get(sei_store *s, const char *key, char *buf, size_t n)
{
    if (!s || !key || !buf || n == 0)
        return s ? fail(s, SEI_STORE_ERR_ARG, "no setting to read") : SEI_STORE_ERR_ARG;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT value FROM settings WHERE key = ?1", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return fail_db(s, rc, "cannot read settings from");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sei_store_status out = SEI_STORE_OK;
    if (rc == SQLITE_ROW) {
        const unsigned char *v = sqlite3_column_text(st, 0);
        snprintf(buf, n, "%s", v ? (const char *)v : "");
    } else if (rc == SQLITE_DONE) {
        out = fail(s, SEI_STORE_ERR_NOTFOUND, "no setting '%s'", key);
    } else {
        out = fail_db(s, rc, "cannot read settings from");
    }
    sqlite3_finalize(st);
    return out;
}

sei_store_status sei_store_setting_set(sei_store *s, const char *key, const char *value)
{
    if (!s || !key || !*key || !value)
        return s ? fail(s, SEI_STORE_ERR_ARG, "no setting to write") : SEI_STORE_ERR_ARG;
    sqlite3_stmt *st;
    /* One statement is one transaction: the old value or the new, never half. */
    int rc = sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return fail_db(s, rc, "cannot write settings to");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? SEI_STORE_OK : fail_db(s, rc, "cannot write settings to");
}

/* ---- listing ------------------------------------------------------------------- */

sei_store_cursor *sei_store_list(sei_store *s, int flags)
{
    if (!s)
        return NULL;
    sei_store_cursor *c = calloc(1, sizeof *c);
    if (!c) {
        fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
        return NULL;
    }
    char sql[2048];
    snprintf(sql, sizeof sql, "SELECT " COLS_READ ", %s FROM results ORDER BY id %s",
             flags & SEI_STORE_LIST_PHOTOS ? "photo" : "NULL", flags & SEI_STORE_LIST_NEWEST_FIRST ? "DESC" : "ASC");
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &c->st, NULL);
    if (rc) {
        fail_db(s, rc, "cannot read results database");
        free(c);
        return NULL;
    }
    c->s = s;
    return c;
}

sei_store_status sei_store_next(sei_store_cursor *c, sei_store_result *r)
{
    if (!c || !r)
        return SEI_STORE_ERR_ARG;
    int rc = sqlite3_step(c->st);
    if (rc == SQLITE_DONE)
        return SEI_STORE_DONE;
    if (rc != SQLITE_ROW)
        return fail_db(c->s, rc, "cannot read results database");
    /* SQLite read the row; what is wrong is in its values (edited by
     * another tool). One such row must not hide all the others. */
    sei_store_status st = read_result(c->s, c->st, r);
    if (st == SEI_STORE_ERR_CORRUPT) {
        sei_store_result_release(r);
        return SEI_STORE_ERR_ROW;
    }
    return st;
}

void sei_store_cursor_close(sei_store_cursor *c)
{
    if (!c)
        return;
    sqlite3_finalize(c->st);
    free(c);
}

/* ---- results ---------------------------------------------------------------- */

void sei_store_result_release(sei_store_result *r)
{
    if (!r)
        return;
    free(r->photo_path);
    free(r->photo);
    free(r->game_sgf);
    free(r->game_path);
    memset(r, 0, sizeof *r);
}

static void side_from(sei_store_side *d, const sei_side *s)
{
    d->stones = s->stones;
    d->territory = s->territory;
    d->area = s->area;
    d->prisoners = s->prisoners;
    d->dead = s->dead;
    d->seki_eyes = s->seki_eyes;
    d->false_eyes = s->false_eyes;
    d->score = s->score;
    d->penalty = s->penalty;
}

/* The position of b into r, and its territory map from sc (NULL: no
 * count, so the map holds only the stones). */
static void fill_position(sei_store_result *r, const sei_board *b, const sei_score *sc)
{
    int n = b->size;
    char *pos = r->position, *ter = r->territory, *dead = r->dead;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y);
            int c = b->color[p];
            char stone = c == SEI_BLACK ? 'X' : c == SEI_WHITE ? 'O' : '.';
            int is_dead = sc && stone != '.' && sc->dead[p];
            *pos++ = stone;
            if (is_dead) {
                if (dead != r->dead)
                    *dead++ = ' ';
                *dead++ = (char)('a' + x);
                *dead++ = (char)('a' + y);
            }
            char t = '.';
            if (stone != '.' && !is_dead)
                t = stone;
            else if (!sc)
                t = '.';
            else if (sc->mark[p] == SEI_MARK_TERRITORY && (sc->owner[p] == SEI_BLACK || sc->owner[p] == SEI_WHITE))
                t = sc->owner[p] == SEI_BLACK ? 'b' : 'w';
            else if (sc->mark[p] == SEI_MARK_SEKI_EYE)
                t = 's';
            else if (sc->mark[p] == SEI_MARK_FALSE_EYE)
                t = 'f';
            *ter++ = t;
        }
        *pos++ = '\n';
        *ter++ = '\n';
    }
    *pos = *ter = *dead = 0;
    r->size = n;
}

void sei_store_result_set_fill(sei_store_result *r, const sei_fill_report *f, int unsure)
{
    r->fill_checked = 1;
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        r->fill_on_board[c] = f->on_board[c];
        r->fill_spare[c] = f->spare[c];
        r->fill_holes[c] = f->holes[c];
    }
    r->fill_margin = f->fill_margin;
    r->fill_ok = f->ok != 0;
    r->fill_unsure = unsure;
}

sei_store_status sei_store_result_from_score(sei_store_result *r, const sei_board *b, const sei_score *sc,
                                             const char *source, const char *photo_path)
{
    if (!r)
        return SEI_STORE_ERR_ARG;
    memset(r, 0, sizeof *r);
    if (!b || !sc || b->size < SEI_MIN_SIZE || b->size > SEI_MAX_SIZE || (sc->size && sc->size != b->size))
        return SEI_STORE_ERR_ARG;
    fill_position(r, b, sc);
    snprintf(r->rules, sizeof r->rules, "%s", sc->rules.name[0] ? sc->rules.name : "custom");
    r->area = sc->rules.scoring == SEI_SCORING_AREA;
    r->komi = sc->rules.komi;
    r->handicap = sc->handicap;
    r->bonus = sc->bonus;
    side_from(&r->side[SEI_BLACK], &sc->side[SEI_BLACK]);
    side_from(&r->side[SEI_WHITE], &sc->side[SEI_WHITE]);
    r->dame = sc->dame;
    r->margin = sc->margin;
    r->winner = sc->winner;
    snprintf(r->result, sizeof r->result, "%s", sc->result);
    if (r->area && sc->result_stones[0]) {
        snprintf(r->result_stones, sizeof r->result_stones, "%s", sc->result_stones);
        r->margin_stones = sc->margin_stones;
    }
    snprintf(r->source, sizeof r->source, "%s", source ? source : "");
    if (photo_path && !(r->photo_path = strdup(photo_path)))
        return SEI_STORE_ERR_NOMEM;
    return SEI_STORE_OK;
}

sei_store_status sei_store_result_decided(sei_store_result *r, const sei_board *b, int size, const sei_rules *rules,
                                          int handicap, int winner, sei_decided how, const char *source,
                                          const char *photo_path)
{
    if (!r)
        return SEI_STORE_ERR_ARG;
    memset(r, 0, sizeof *r);
    if (b)
        size = b->size;
    if (!rules || size < SEI_MIN_SIZE || size > SEI_MAX_SIZE || (winner != SEI_BLACK && winner != SEI_WHITE) ||
        how == SEI_DECIDED_COUNT || !sei_decided_letter(how) || handicap < 0)
        return SEI_STORE_ERR_ARG;
    sei_board *empty = b ? NULL : sei_board_create(size);
    if (!b && !empty)
        return SEI_STORE_ERR_NOMEM;
    fill_position(r, b ? b : empty, NULL);
    sei_board_destroy(empty);
    snprintf(r->rules, sizeof r->rules, "%s", rules->name[0] ? rules->name : "custom");
    r->area = rules->scoring == SEI_SCORING_AREA;
    r->komi = rules->komi;
    r->handicap = handicap;
    r->winner = winner;
    r->decided = how;
    snprintf(r->result, sizeof r->result, "%c+%c", winner == SEI_BLACK ? 'B' : 'W', sei_decided_letter(how));
    snprintf(r->source, sizeof r->source, "%s", source ? source : "");
    if (photo_path && !(r->photo_path = strdup(photo_path)))
        return SEI_STORE_ERR_NOMEM;
    return SEI_STORE_OK;
}

sei_store_status sei_store_result_set_game(sei_store_result *r, const char *text, size_t len, const char *path)
{
    if (!r || !text)
        return SEI_STORE_ERR_ARG;
    free(r->game_sgf);
    free(r->game_path);
    r->game_sgf = r->game_path = NULL;
    if (!(r->game_sgf = malloc(len + 1)))
        return SEI_STORE_ERR_NOMEM;
    memcpy(r->game_sgf, text, len);
    r->game_sgf[len] = 0;
    if (path) {
        char abs[PATH_MAX];
        if (!(r->game_path = strdup(realpath(path, abs) ? abs : path)))
            return SEI_STORE_ERR_NOMEM;
    }
    return SEI_STORE_OK;
}

/* The whole photo, refused past SEI_STORE_MAX_PHOTO. */
static sei_store_status read_photo(const char *path, uint8_t **out, size_t *len, char *msg, size_t n)
{
    FILE *f = fopen(path, "rb");
    struct stat sb;
    if (!f || fstat(fileno(f), &sb) || !S_ISREG(sb.st_mode)) {
        if (n)
            snprintf(msg, n, "cannot read photo '%s': %s", path, f ? "not a regular file" : strerror(errno));
        if (f)
            fclose(f);
        return SEI_STORE_ERR_IO;
    }
    if ((uintmax_t)sb.st_size > SEI_STORE_MAX_PHOTO) {
        fclose(f);
        if (n)
            snprintf(msg, n, "photo '%s' is larger than %zu bytes", path, SEI_STORE_MAX_PHOTO);
        return SEI_STORE_ERR_IO;
    }
    size_t size = (size_t)sb.st_size;
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf) {
        fclose(f);
        return SEI_STORE_ERR_NOMEM;
    }
    size_t got = fread(buf, 1, size, f);
    int bad = ferror(f) || got != size;
    fclose(f);
    if (bad) {
        free(buf);
        if (n)
            snprintf(msg, n, "cannot read photo '%s'", path);
        return SEI_STORE_ERR_IO;
    }
    *out = buf;
    *len = size;
    return SEI_STORE_OK;
}

sei_store_status sei_store_result_from_run(sei_store_result *r, const sei_score_opts *o,
                                           const sei_score_run *run, int keep_photo, char *msg, size_t n)
{
    if (!r || !o || !run || !run->board)
        return SEI_STORE_ERR_ARG;
    const char *source = run->from_image ? "photo" : run->from_sgf ? "sgf" : "board file";
    char abs[PATH_MAX];
    const char *photo = NULL;
    if (run->from_image && o->image_path)
        photo = realpath(o->image_path, abs) ? abs : o->image_path;
    sei_store_status st;
    int how = run->from_sgf ? sei_decided_from_letter(run->recorded_how) : -1;
    if (how > 0 && (run->recorded_winner == SEI_BLACK || run->recorded_winner == SEI_WHITE))
        /* The record says how the game ended: that is its result, and the
         * count made of its last position is not. */
        st = sei_store_result_decided(r, run->board, 0, &run->score.rules, run->score.handicap, run->recorded_winner,
                                      (sei_decided)how, source, photo);
    else
        st = sei_store_result_from_score(r, run->board, &run->score, source, photo);
    if (!st && run->from_sgf && run->sgf_text)
        st = sei_store_result_set_game(r, run->sgf_text, run->sgf_len, o->sgf_path);
    if (!st) {
        /* Who played: as given, else as the record says. */
        r->ident = o->ident;
        if (run->from_sgf && run->sgf_text)
            sei_ident_from_sgf(&r->ident, o->ident_given, run->sgf_text, run->sgf_len);
        r->origin = SEI_ORIGIN_CLI;
    }
    if (!st && photo && keep_photo)
        st = read_photo(photo, &r->photo, &r->photo_len, msg, n);
    if (st)
        sei_store_result_release(r);
    return st;
}

/* ---- the default path ------------------------------------------------------------ */

/* mkdir -p for the part of dir after skip bytes (the parts before are
 * assumed to exist), new directories 0700. */
static int make_dirs(char *dir, size_t skip, char *err, size_t errn)
{
    for (char *p = dir + skip;; p++) {
        if (*p != '/' && *p)
            continue;
        char keep = *p;
        *p = 0;
        struct stat sb;
        if (dir[0] && mkdir(dir, 0700) && errno != EEXIST) {
            if (errn)
                snprintf(err, errn, "cannot create '%s': %s", dir, strerror(errno));
            *p = keep;
            return -1;
        }
        if (dir[0] && (stat(dir, &sb) || !S_ISDIR(sb.st_mode))) {
            if (errn)
                snprintf(err, errn, "cannot use '%s': not a directory", dir);
            *p = keep;
            return -1;
        }
        *p = keep;
        if (!keep)
            return 0;
    }
}

sei_store_status sei_store_default_path(char *buf, size_t n, char *err, size_t errn)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    char dir[PATH_MAX];
    size_t skip;
    int len;
    /* The XDG spec says to ignore a relative XDG_DATA_HOME. */
    if (xdg && xdg[0] == '/') {
        len = snprintf(dir, sizeof dir, "%s/seichi", xdg);
        skip = 1;
    } else if (home && home[0] == '/') {
        len = snprintf(dir, sizeof dir, "%s/.local/share/seichi", home);
        skip = strlen(home);
    } else {
        if (errn)
            snprintf(err, errn, "no place for the results database: set HOME or XDG_DATA_HOME, or give --db PATH");
        return SEI_STORE_ERR_ARG;
    }
    if (len < 0 || (size_t)len >= sizeof dir || (size_t)len + sizeof "/results.db" > n) {
        if (errn)
            snprintf(err, errn, "the results database path is too long");
        return SEI_STORE_ERR_ARG;
    }
    if (make_dirs(dir, skip, err, errn))
        return SEI_STORE_ERR_IO;
    snprintf(buf, n, "%s/results.db", dir);
    return SEI_STORE_OK;
}

/* ---- judges: the PIN ------------------------------------------------------------- */

void sei_judge_params_default(sei_judge_params *p)
{
    p->max_tries = 5;
    p->lock_seconds = 60;
    p->ops_limit = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    p->mem_limit = crypto_pwhash_MEMLIMIT_INTERACTIVE;
}

void sei_store_set_judge_params(sei_store *s, const sei_judge_params *p)
{
    if (s && p)
        s->judge = *p;
}

int sei_pin_format_ok(const char *pin, char *why, size_t n)
{
    size_t len = pin ? strlen(pin) : 0;
    if (len < SEI_PIN_MIN || len > SEI_PIN_MAX || strspn(pin, "0123456789") != len) {
        snprintf(why, n, "a judge PIN is %d to %d digits", SEI_PIN_MIN, SEI_PIN_MAX);
        return -1;
    }
    return 0;
}

/* The PIN row: its hash into hash (n bytes), the wrong tries in a row and
 * the end of a lock. *set 0 when no PIN was ever set. */
static int pin_row(sei_store *s, int *set, char *hash, size_t n, int64_t *failures, int64_t *locked_until)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT hash, failures, locked_until FROM judge_pin WHERE id = 1", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    *set = rc == SQLITE_ROW;
    *failures = *locked_until = 0;
    if (hash)
        hash[0] = 0;
    if (rc == SQLITE_ROW) {
        const unsigned char *h = sqlite3_column_text(st, 0);
        if (hash)
            snprintf(hash, n, "%s", h ? (const char *)h : "");
        *failures = sqlite3_column_int64(st, 1);
        *locked_until = sqlite3_column_int64(st, 2);
    }
    rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
    sqlite3_finalize(st);
    return rc;
}

sei_store_status sei_store_pin_status(sei_store *s, int *set, int *locked_for)
{
    if (!s || !set)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    int64_t failures, until;
    int rc = pin_row(s, set, NULL, 0, &failures, &until);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    int64_t now = (int64_t)time(NULL);
    if (locked_for)
        *locked_for = until > now ? (int)(until - now) : 0;
    return SEI_STORE_OK;
}

/* Inside a write transaction: is pin the judge PIN? SEI_STORE_OK; or
 * SEI_STORE_ERR_AUTH (none set; or wrong, counted: the caller must
 * COMMIT so the count holds), SEI_STORE_ERR_LOCKED, or an error. Whoever
 * holds the write lock checks alone, so processes sharing the file cannot
 * try PINs side by side past the limit. */
static sei_store_status pin_gate(sei_store *s, const char *pin, int *wrong)
{
    char hash[crypto_pwhash_STRBYTES + 1];
    int set;
    int64_t failures, until, now = (int64_t)time(NULL);
    *wrong = 0;
    int rc = pin_row(s, &set, hash, sizeof hash, &failures, &until);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    if (!set)
        return fail(s, SEI_STORE_ERR_AUTH, "no judge PIN is set for '%s' (seichi results set-pin)", s->path);
    if (until > now)
        return fail(s, SEI_STORE_ERR_LOCKED,
                    "judge PIN entry is locked after %d wrong PINs: try again in %lld s", s->judge.max_tries,
                    (long long)(until - now));
    if (sodium_init() < 0)
        return fail(s, SEI_STORE_ERR_IO, "cannot start libsodium");
    if (pin && crypto_pwhash_str_verify(hash, pin, strlen(pin)) == 0) {
        if (failures && (rc = exec(s, "UPDATE judge_pin SET failures = 0 WHERE id = 1")))
            return fail_db(s, rc, "cannot write to results database");
        return SEI_STORE_OK;
    }
    /* Wrong: counted; the last try allowed locks PIN entry for a while
     * (and the count starts again after it). */
    *wrong = 1;
    failures++;
    int lock = failures >= s->judge.max_tries;
    char sql[160];
    snprintf(sql, sizeof sql, "UPDATE judge_pin SET failures = %lld, locked_until = %lld WHERE id = 1",
             lock ? 0LL : (long long)failures, lock ? (long long)(now + s->judge.lock_seconds) : (long long)until);
    if ((rc = exec(s, sql)))
        return fail_db(s, rc, "cannot write to results database");
    if (lock)
        return fail(s, SEI_STORE_ERR_LOCKED, "wrong judge PIN; PIN entry is now locked for %d s", s->judge.lock_seconds);
    return fail(s, SEI_STORE_ERR_AUTH, "wrong judge PIN (%lld of %d tries before PIN entry is locked)",
                (long long)failures, s->judge.max_tries);
}

/* End a judged transaction: a wrong PIN's count is committed, anything
 * else that failed is rolled back; st (the failure) is returned. */
static sei_store_status judged_fail(sei_store *s, sei_store_status st, int wrong)
{
    if (wrong) {
        char keep[sizeof s->msg];
        snprintf(keep, sizeof keep, "%s", s->msg);
        if (exec(s, "COMMIT")) {
            exec(s, "ROLLBACK");
        }
        snprintf(s->msg, sizeof s->msg, "%s", keep);
    } else
        exec(s, "ROLLBACK");
    return st;
}

sei_store_status sei_store_pin_verify(sei_store *s, const char *pin)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to results database");
    int wrong;
    sei_store_status st = pin_gate(s, pin, &wrong);
    if (st)
        return judged_fail(s, st, wrong);
    if ((rc = exec(s, "COMMIT"))) {
        st = fail_db(s, rc, "cannot write to results database");
        exec(s, "ROLLBACK");
        return st;
    }
    s->msg[0] = 0;
    return SEI_STORE_OK;
}

sei_store_status sei_store_pin_set(sei_store *s, const char *old_pin, const char *new_pin)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    char why[96];
    if (sei_pin_format_ok(new_pin, why, sizeof why))
        return fail(s, SEI_STORE_ERR_ARG, "%s", why);
    if (sodium_init() < 0)
        return fail(s, SEI_STORE_ERR_IO, "cannot start libsodium");
    /* Hashed before the write lock is taken: it is the slow part. */
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, new_pin, strlen(new_pin), s->judge.ops_limit, s->judge.mem_limit))
        return fail(s, SEI_STORE_ERR_NOMEM, "cannot hash the PIN (out of memory)");
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to results database");
    int set, wrong = 0;
    int64_t failures, until;
    sei_store_status st = SEI_STORE_OK;
    if ((rc = pin_row(s, &set, NULL, 0, &failures, &until)))
        st = fail_db(s, rc, "cannot read results database");
    else if (set)
        st = pin_gate(s, old_pin, &wrong);
    if (st)
        return judged_fail(s, st, wrong);
    sqlite3_stmt *ins;
    rc = sqlite3_prepare_v2(s->db,
                            "INSERT INTO judge_pin (id, hash, failures, locked_until) VALUES (1, ?1, 0, 0)"
                            " ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, failures = 0, locked_until = 0",
                            -1, &ins, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(ins, 1, hash, -1, SQLITE_STATIC);
        rc = sqlite3_step(ins);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_finalize(ins);
    }
    return tx_end(s, rc, "cannot write to results database");
}

/* ---- judges: the actions and the audit trail -------------------------------------- */

/* The local time now, "2024-05-01 14:34:56 +0200", and UTC as stored. */
static int audit_times(char *utc, size_t un, char *local, size_t ln)
{
    time_t t = time(NULL);
    struct tm g, l;
    return gmtime_r(&t, &g) && localtime_r(&t, &l) && strftime(utc, un, "%Y-%m-%dT%H:%M:%SZ", &g) &&
           strftime(local, ln, "%Y-%m-%d %H:%M:%S %z", &l);
}

typedef struct {
    sei_store *s;
    int64_t id;
    const char *uuid, *judge, *action, *reason;
    char utc[32], local[40];
} audit_ctx;

/* One audit row, in the caller's transaction. */
static int audit_row(audit_ctx *a, const char *field, const char *old_value, const char *new_value)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(a->s->db,
                                "INSERT INTO audit (result_id, result_uuid, judge, time, local_time, action, field,"
                                " old_value, new_value, reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_int64(st, 1, a->id);
    sqlite3_bind_text(st, 2, a->uuid, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, a->judge, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, a->utc, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, a->local, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, a->action, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 7, field, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 8, old_value, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 9, new_value, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 10, a->reason ? a->reason : "", -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* One audit row now, in the caller's transaction, outside a judge's
 * action (the station's own, a dispute). */
static int audit_row_for(sei_store *s, int64_t id, const char *uuid, const char *judge, const char *action,
                         const char *field, const char *old_value, const char *new_value, const char *reason)
{
    audit_ctx a = {s, id, uuid, judge, action, reason, "", ""};
    if (!audit_times(a.utc, sizeof a.utc, a.local, sizeof a.local))
        return SQLITE_ERROR;
    return audit_row(&a, field, old_value, new_value);
}

/* UPDATE results SET column = value (text, or an integer when text is
 * NULL) for the result, in the caller's transaction. column is one of
 * ours, never a caller's text. */
static int set_column(sei_store *s, int64_t id, const char *column, const char *text, int64_t number)
{
    char sql[128];
    snprintf(sql, sizeof sql, "UPDATE results SET %s = ?1 WHERE id = ?2", column);
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    if (text)
        sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
    else
        sqlite3_bind_int64(st, 1, number);
    sqlite3_bind_int64(st, 2, id);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE && sqlite3_changes(s->db) != 1)
        return SQLITE_NOTFOUND;
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The checks every action makes before it changes anything: the judge's
 * name and reason, then (in the write transaction it opens) the result,
 * its state (allowed: a bit per sei_result_state) and the PIN. On
 * SEI_STORE_OK the transaction is open and r holds the result. */
static sei_store_status judged_begin(sei_store *s, int64_t id, const char *pin, const char *judge,
                                     const char *reason, int reason_needed, unsigned allowed, const char *doing,
                                     sei_store_result *r, audit_ctx *a)
{
    char why[200];
    memset(r, 0, sizeof *r);
    if (!judge || !*judge || sei_ident_text_ok(judge, SEI_IDENT_TEXT, why, sizeof why))
        return fail(s, SEI_STORE_ERR_ARG, "the judge's name %s", judge && *judge ? why : "is needed");
    if (reason_needed && (!reason || !*reason))
        return fail(s, SEI_STORE_ERR_ARG, "a reason is needed to %s a result", doing);
    if (reason && sei_ident_text_ok(reason, SEI_IDENT_REASON, why, sizeof why))
        return fail(s, SEI_STORE_ERR_ARG, "the reason %s", why);
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to results database");
    sei_store_status st = sei_store_get(s, id, r);
    if (st) {
        exec(s, "ROLLBACK");
        return st;
    }
    if (!(allowed & (1u << r->state))) {
        st = fail(s, SEI_STORE_ERR_STATE, "result %lld is %s: it cannot be %s%s", (long long)id,
                  sei_state_name(r->state), doing,
                  r->state == SEI_STATE_CONFIRMED ? " (a confirmed result is locked; a judge may still void it)" : "");
        sei_store_result_release(r);
        exec(s, "ROLLBACK");
        return st;
    }
    int wrong;
    if ((st = pin_gate(s, pin, &wrong))) {
        sei_store_result_release(r);
        return judged_fail(s, st, wrong);
    }
    a->s = s;
    a->id = id;
    a->uuid = r->uuid;
    a->judge = judge;
    a->reason = reason;
    if (!audit_times(a->utc, sizeof a->utc, a->local, sizeof a->local)) {
        sei_store_result_release(r);
        exec(s, "ROLLBACK");
        return fail(s, SEI_STORE_ERR_ARG, "cannot read the clock");
    }
    return SEI_STORE_OK;
}

/* Commit a judged change (rc: how it went so far). */
static sei_store_status judged_end(sei_store *s, int rc, sei_store_result *r)
{
    sei_store_status st = SEI_STORE_OK;
    if (rc == SQLITE_OK)
        rc = exec(s, "COMMIT");
    if (rc != SQLITE_OK) {
        st = rc == SQLITE_NOTFOUND ? fail(s, SEI_STORE_ERR_NOTFOUND, "result %lld went away", (long long)r->id)
                                   : fail_db(s, rc, "cannot change the result in");
        exec(s, "ROLLBACK");
    } else
        s->msg[0] = 0;
    sei_store_result_release(r);
    return st;
}

#define STATES_OPEN ((1u << SEI_STATE_AGREED) | (1u << SEI_STATE_DISPUTED))

sei_board *sei_store_result_board(const sei_store_result *r, uint8_t *dead, char *why, size_t n)
{
    sei_board *b = r->size >= SEI_MIN_SIZE && r->size <= SEI_MAX_SIZE ? sei_board_create(r->size) : NULL;
    if (!b) {
        snprintf(why, n, "result %lld's board cannot be made", (long long)r->id);
        return NULL;
    }
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            char c = r->position[y * (r->size + 1) + x];
            if (c != '.' && sei_board_place(b, c == 'X' ? SEI_BLACK : SEI_WHITE, sei_board_point(b, x, y))) {
                snprintf(why, n, "result %lld's position cannot be set up", (long long)r->id);
                sei_board_destroy(b);
                return NULL;
            }
        }
    if (dead) {
        memset(dead, 0, SEI_MAX_POINTS);
        char w[160];
        if (r->dead[0] && sei_count_dead_list(b, r->dead, dead, w, sizeof w)) {
            snprintf(why, n, "result %lld's dead stones: %s", (long long)r->id, w);
            sei_board_destroy(b);
            return NULL;
        }
    }
    return b;
}

/* r's position counted again with the dead stones of list ("none": no
 * stone dead) into nr, under r's rules, komi, handicap, penalties and
 * prisoners: what the players would have agreed with those stones dead.
 * SEI_STORE_ERR_ARG with the message for a list that names no stones. */
static sei_store_status recount(sei_store *s, const sei_store_result *r, const char *list, sei_store_result *nr)
{
    memset(nr, 0, sizeof *nr);
    sei_board *b = NULL;
    sei_score *sc = malloc(sizeof *sc);
    uint8_t dead[SEI_MAX_POINTS];
    sei_store_status st = SEI_STORE_OK;
    char why[200];
    if (!sc) {
        st = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
        goto out;
    }
    if (!(b = sei_store_result_board(r, NULL, why, sizeof why))) {
        st = fail(s, SEI_STORE_ERR_ARG, "%s", why);
        goto out;
    }
    memset(dead, 0, sizeof dead);
    if (strcmp(list, "none") && sei_count_dead_list(b, list, dead, why, sizeof why)) {
        st = fail(s, SEI_STORE_ERR_ARG, "dead stones: %s", why);
        goto out;
    }
    sei_rules rules;
    if (sei_rules_preset(&rules, r->rules)) {
        st = fail(s, SEI_STORE_ERR_ARG, "result %lld has unknown rules", (long long)r->id);
        goto out;
    }
    rules.komi = r->komi;
    rules.penalty[SEI_BLACK] = r->side[SEI_BLACK].penalty;
    rules.penalty[SEI_WHITE] = r->side[SEI_WHITE].penalty;
    sei_prisoners pris = {SEI_PRISONERS_GIVEN, r->side[SEI_BLACK].prisoners, r->side[SEI_WHITE].prisoners, 0};
    if (sei_count_make(b, dead, &rules, r->handicap, &pris, sc, NULL)) {
        st = fail(s, SEI_STORE_ERR_ARG, "cannot count with those dead stones: %s", sei_board_errmsg(b));
        goto out;
    }
    if ((st = sei_store_result_from_score(nr, b, sc, r->source, NULL)))
        fail(s, st, "out of memory");
out:
    free(sc);
    sei_board_destroy(b);
    return st;
}

/* Write the count of nr over result id (in the caller's transaction):
 * its breakdown, dead stones, result and how it was decided (a recount
 * is a count; a kiosk judge's change may be a game won without one). */
static int write_count(sei_store *s, int64_t id, const sei_store_result *nr)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(
        s->db,
        "UPDATE results SET territory = ?1, dead = ?2, bonus = ?3, b_stones = ?4, b_territory = ?5, b_area = ?6,"
        " b_prisoners = ?7, b_dead = ?8, b_seki_eyes = ?9, b_false_eyes = ?10, b_score = ?11, b_penalty = ?12,"
        " w_stones = ?13, w_territory = ?14, w_area = ?15, w_prisoners = ?16, w_dead = ?17, w_seki_eyes = ?18,"
        " w_false_eyes = ?19, w_score = ?20, w_penalty = ?21, dame = ?22, margin = ?23, winner = ?24, result = ?25,"
        " margin_stones = ?26, result_stones = ?27, decided_by = ?29 WHERE id = ?28",
        -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    int b = 0;
    b |= sqlite3_bind_text(st, 1, nr->territory, -1, SQLITE_STATIC);
    b |= sqlite3_bind_text(st, 2, nr->dead, -1, SQLITE_STATIC);
    b |= sqlite3_bind_double(st, 3, nr->bonus);
    b |= bind_side(st, 4, &nr->side[SEI_BLACK]);
    b |= bind_side(st, 13, &nr->side[SEI_WHITE]);
    b |= sqlite3_bind_int(st, 22, nr->dame);
    b |= sqlite3_bind_double(st, 23, nr->margin);
    b |= sqlite3_bind_text(st, 24, winner_text(nr->winner), -1, SQLITE_STATIC);
    b |= sqlite3_bind_text(st, 25, nr->result, -1, SQLITE_STATIC);
    b |= sqlite3_bind_double(st, 26, nr->margin_stones);
    b |= nr->result_stones[0] ? sqlite3_bind_text(st, 27, nr->result_stones, -1, SQLITE_STATIC)
                              : sqlite3_bind_null(st, 27);
    b |= sqlite3_bind_int64(st, 28, id);
    b |= sqlite3_bind_text(st, 29, sei_decided_name(nr->decided), -1, SQLITE_STATIC);
    rc = b ? SQLITE_ERROR : sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

sei_store_status sei_store_correct(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason,
                                   const sei_store_change *c, int *changed)
{
    if (changed)
        *changed = 0;
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (!c || (!c->given && !c->result && !c->dead))
        return fail(s, SEI_STORE_ERR_ARG, "nothing to correct");
    char why[200];
    if (sei_ident_check(&c->ident, why, sizeof why))
        return fail(s, SEI_STORE_ERR_ARG, "%s", why);
    int winner = 0, how = -1;
    if (c->result) {
        const char *v = c->result;
        if (strlen(v) == 3 && (v[0] == 'B' || v[0] == 'W') && v[1] == '+')
            how = sei_decided_from_letter(v[2]);
        if (how <= 0)
            return fail(s, SEI_STORE_ERR_ARG,
                        "a corrected result is B+R, W+R, B+T, W+T, B+F or W+F (a game decided without a count), "
                        "not '%.24s'", v);
        winner = v[0] == 'B' ? SEI_BLACK : SEI_WHITE;
    }
    if (c->result && c->dead)
        return fail(s, SEI_STORE_ERR_ARG, "give the result or the dead stones, not both");
    sei_store_result r, nr;
    memset(&nr, 0, sizeof nr);
    audit_ctx a;
    sei_store_status st = judged_begin(s, id, pin, judge, reason, 1, STATES_OPEN, "corrected", &r, &a);
    if (st)
        return st;
    a.action = "correct";
    if (c->dead && ((st = recount(s, &r, c->dead, &nr)) || (st = check_result(s, &nr)))) {
        sei_store_result_release(&nr);
        sei_store_result_release(&r);
        exec(s, "ROLLBACK");
        return st;
    }
    int rc = SQLITE_OK, n = 0;
    /* Each field given that differs: the row's column, and its audit row. */
    static const struct {
        unsigned bit;
        const char *column;
        size_t off;
        int number;
    } cols[] = {
        {SEI_IDENT_EVENT, "event", offsetof(sei_ident, event), 0},
        {SEI_IDENT_ROUND, "round", offsetof(sei_ident, round), 1},
        {SEI_IDENT_TABLE, "table_no", offsetof(sei_ident, table), 1},
        {SEI_IDENT_BLACK, "black", offsetof(sei_ident, black), 0},
        {SEI_IDENT_WHITE, "white", offsetof(sei_ident, white), 0},
        {SEI_IDENT_BLACK_ID, "black_id", offsetof(sei_ident, black_id), 0},
        {SEI_IDENT_WHITE_ID, "white_id", offsetof(sei_ident, white_id), 0},
    };
    for (size_t i = 0; rc == SQLITE_OK && i < sizeof cols / sizeof cols[0]; i++) {
        if (!(c->given & cols[i].bit))
            continue;
        const char *oldp = (const char *)&r.ident + cols[i].off, *newp = (const char *)&c->ident + cols[i].off;
        char ov[24], nv[24];
        if (cols[i].number) {
            int o = *(const int *)(const void *)oldp, v = *(const int *)(const void *)newp;
            if (o == v)
                continue;
            snprintf(ov, sizeof ov, "%d", o);
            snprintf(nv, sizeof nv, "%d", v);
            if (!(rc = set_column(s, id, cols[i].column, NULL, v)))
                rc = audit_row(&a, sei_ident_field_name(cols[i].bit), o ? ov : "", v ? nv : "");
        } else {
            if (!strcmp(oldp, newp))
                continue;
            if (!(rc = set_column(s, id, cols[i].column, newp, 0)))
                rc = audit_row(&a, sei_ident_field_name(cols[i].bit), oldp, newp);
        }
        n += rc == SQLITE_OK;
    }
    if (rc == SQLITE_OK && c->result && strcmp(c->result, r.result)) {
        /* Decided without a count now: the count's dead stones and its
         * result in stones no longer stand (the audit trail keeps them). */
        if (r.dead[0] && !(rc = set_column(s, id, "dead", "", 0)))
            rc = audit_row(&a, "dead", r.dead, "");
        if (!rc && r.result_stones[0]) {
            char sql[128];
            snprintf(sql, sizeof sql, "UPDATE results SET result_stones = NULL, margin_stones = 0 WHERE id = %lld",
                     (long long)id);
            if (!(rc = exec(s, sql)))
                rc = audit_row(&a, "result_stones", r.result_stones, "");
        }
        if (!rc)
            rc = set_column(s, id, "winner", winner == SEI_BLACK ? "B" : "W", 0);
        if (!rc)
            rc = set_column(s, id, "decided_by", sei_decided_name((sei_decided)how), 0);
        if (!rc)
            rc = set_column(s, id, "result", c->result, 0);
        if (!rc)
            rc = audit_row(&a, "result", r.result, c->result);
        n += rc == SQLITE_OK;
    }
    if (rc == SQLITE_OK && c->dead && (strcmp(nr.dead, r.dead) || r.decided != SEI_DECIDED_COUNT)) {
        /* Counted again: the dead stones, and what they change. */
        rc = write_count(s, id, &nr);
        if (!rc)
            rc = audit_row(&a, "dead", r.dead, nr.dead);
        if (!rc && strcmp(nr.result, r.result))
            rc = audit_row(&a, "result", r.result, nr.result);
        if (!rc && strcmp(nr.result_stones, r.result_stones))
            rc = audit_row(&a, "result_stones", r.result_stones, nr.result_stones);
        n += rc == SQLITE_OK;
    }
    sei_store_result_release(&nr);
    /* At a station (a tournament imported), checked as a save or a kiosk's
     * change is: moved to another table, or given another result or
     * players, a second result there that says otherwise makes both
     * disputed, and players not the pairing's dispute it (the station's
     * own audit rows say so). A judge then settles the table as any
     * other. */
    if (rc == SQLITE_OK && n && (r.state == SEI_STATE_AGREED || r.state == SEI_STATE_DISPUTED)) {
        int64_t desk = 0;
        rc = at_station(s, &desk);
        sei_store_result now;
        memset(&now, 0, sizeof now);
        if (rc == SQLITE_OK && desk && sei_store_get(s, id, &now))
            rc = SQLITE_ERROR;
        else if (rc == SQLITE_OK && desk && now.ident.round && now.ident.table) {
            int place = now.ident.round != r.ident.round || now.ident.table != r.ident.table;
            rc = received_checks(s, id, now.uuid, &now, place || strcmp(now.result, r.result),
                                 place || strcmp(now.ident.black, r.ident.black) ||
                                     strcmp(now.ident.white, r.ident.white));
        }
        sei_store_result_release(&now);
    }
    if (changed)
        *changed = rc == SQLITE_OK ? n : 0;
    return judged_end(s, rc, &r);
}

/* A judge moving a result to a new state (void, confirm): allowed only
 * from the states given, written with its audit row in one transaction. */
static sei_store_status judge_state(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason,
                                    int need_reason, unsigned from, const char *to, const char *action)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    sei_store_result r;
    audit_ctx a;
    sei_store_status st = judged_begin(s, id, pin, judge, reason, need_reason, from, to, &r, &a);
    if (st)
        return st;
    a.action = action;
    int rc = set_column(s, id, "state", to, 0);
    if (!rc)
        rc = audit_row(&a, "state", sei_state_name(r.state), to);
    return judged_end(s, rc, &r);
}

sei_store_status sei_store_void(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason)
{
    return judge_state(s, id, pin, judge, reason, 1, STATES_OPEN | (1u << SEI_STATE_CONFIRMED), "voided", "void");
}

sei_store_status sei_store_confirm(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason)
{
    return judge_state(s, id, pin, judge, reason, 0, STATES_OPEN, "confirmed", "confirm");
}

void sei_store_audit_free(sei_store_audit *rows, int n)
{
    for (int i = 0; rows && i < n; i++) {
        free(rows[i].judge);
        free(rows[i].old_value);
        free(rows[i].new_value);
        free(rows[i].reason);
    }
    free(rows);
}

sei_store_status sei_store_audit_get(sei_store *s, int64_t id, sei_store_audit **rows, int *n)
{
    return sei_store_audit_since(s, id, 0, rows, n);
}

sei_store_status sei_store_audit_since(sei_store *s, int64_t id, int64_t after, sei_store_audit **rows, int *n)
{
    if (!s || !rows || !n)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    *rows = NULL;
    *n = 0;
    int64_t there = 0;
    char sql[64];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM results WHERE id = %lld", (long long)id);
    int rc = query_int(s, sql, &there);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    if (!there)
        return fail(s, SEI_STORE_ERR_NOTFOUND, "no result %lld in '%s'", (long long)id, s->path);
    sqlite3_stmt *st;
    rc = sqlite3_prepare_v2(s->db,
                            "SELECT id, result_id, result_uuid, judge, time, local_time, action, field, old_value,"
                            " new_value, reason FROM audit WHERE result_id = ?1 AND id > ?2 ORDER BY id",
                            -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, after);
    sei_store_audit *out = NULL;
    int count = 0, cap = 0;
    sei_store_status e = SEI_STORE_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (count == cap) {
            cap = cap ? cap * 2 : 8;
            sei_store_audit *grown = realloc(out, (size_t)cap * sizeof *out);
            if (!grown) {
                e = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
                break;
            }
            out = grown;
        }
        sei_store_audit *a = &out[count++];
        memset(a, 0, sizeof *a);
        a->id = sqlite3_column_int64(st, 0);
        a->result_id = sqlite3_column_int64(st, 1);
        char *texts[4] = {NULL};
        const int tcol[4] = {3, 8, 9, 10};
        for (int k = 0; k < 4; k++) {
            const unsigned char *t = sqlite3_column_text(st, tcol[k]);
            texts[k] = strdup(t ? (const char *)t : "");
        }
        a->judge = texts[0];
        a->old_value = texts[1];
        a->new_value = texts[2];
        a->reason = texts[3];
        if (!a->judge || !a->old_value || !a->new_value || !a->reason) {
            e = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
            break;
        }
        const struct {
            int col;
            char *to;
            size_t n;
        } f[] = {{2, a->uuid, sizeof a->uuid}, {4, a->time, sizeof a->time}, {5, a->local_time, sizeof a->local_time},
                 {6, a->action, sizeof a->action}, {7, a->field, sizeof a->field}};
        for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
            const unsigned char *t = sqlite3_column_text(st, f[k].col);
            snprintf(f[k].to, f[k].n, "%s", t ? (const char *)t : "");
        }
    }
    if (!e && rc != SQLITE_DONE)
        e = fail_db(s, rc, "cannot read results database");
    sqlite3_finalize(st);
    if (e) {
        sei_store_audit_free(out, count);
        return e;
    }
    *rows = out;
    *n = count;
    s->msg[0] = 0;
    return SEI_STORE_OK;
}

/* ---- the director's station ------------------------------------------------------------ */

/* The BLAKE2b hash of a secret as 64 hex digits: a token is 32 random
 * bytes, so a fast hash is enough (nothing to guess); a pairing code is
 * short, but lives minutes, is used once and its tries are counted. */
static void secret_hash(const char *secret, char out[SEI_TOKEN_LEN + 1])
{
    unsigned char h[32];
    crypto_generichash(h, sizeof h, (const unsigned char *)secret, strlen(secret), NULL, 0);
    sodium_bin2hex(out, SEI_TOKEN_LEN + 1, h, sizeof h);
}

static int step_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

int sei_store_kiosk_name_ok(const char *name, char *why, size_t n)
{
    char what[160] = "";
    int blank = 1;
    for (const char *c = name; c && *c && blank; c++)
        blank = *c == ' ';
    if (name && !blank && !sei_ident_text_ok(name, SEI_IDENT_TEXT, what, sizeof what))
        return 0;
    snprintf(why, n, "a kiosk's name is text of 1 to %d bytes, not blank%s%s", SEI_IDENT_TEXT, what[0] ? ": " : "",
             what);
    return -1;
}

sei_store_status sei_store_kiosk_enroll(sei_store *s, const char *name, int code_seconds, char *token, char *code,
                                        int *again)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    char why[300];
    if (sei_store_kiosk_name_ok(name, why, sizeof why))
        return fail(s, SEI_STORE_ERR_ARG, "%s", why);
    if (sodium_init() < 0)
        return fail(s, SEI_STORE_ERR_IO, "cannot start libsodium");
    unsigned char raw[32];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(token, SEI_TOKEN_LEN + 1, raw, sizeof raw);
    sodium_memzero(raw, sizeof raw);
    snprintf(code, SEI_CODE_LEN + 1, "%06u", (unsigned)randombytes_uniform(1000000));
    char th[SEI_TOKEN_LEN + 1], ch[SEI_TOKEN_LEN + 1];
    secret_hash(token, th);
    secret_hash(code, ch);
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to station database");
    sqlite3_stmt *st;
    int64_t there = 0;
    rc = sqlite3_prepare_v2(s->db, "SELECT count(*) FROM kiosks WHERE name = ?1", -1, &st, NULL);
    if (!rc) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        if ((rc = sqlite3_step(st)) == SQLITE_ROW)
            there = sqlite3_column_int64(st, 0), rc = SQLITE_OK;
        sqlite3_finalize(st);
    }
    if (!rc)
        rc = sqlite3_prepare_v2(s->db,
                                there ? "UPDATE kiosks SET token_hash = ?2, code_hash = ?3, code_until = ?4,"
                                        " revoked = NULL WHERE name = ?1"
                                      : "INSERT INTO kiosks (name, token_hash, code_hash, code_until, created)"
                                        " VALUES (?1, ?2, ?3, ?4, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                                -1, &st, NULL);
    if (!rc) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, th, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, ch, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, (int64_t)time(NULL) + code_seconds);
        rc = step_done(st);
        sqlite3_finalize(st);
    }
    sei_store_status e = tx_end(s, rc, "cannot write to station database");
    if (!e && again)
        *again = there > 0;
    return e;
}

sei_store_status sei_store_kiosk_revoke(sei_store *s, const char *name)
{
    if (!s || !name)
        return s ? fail(s, SEI_STORE_ERR_ARG, "no kiosk named") : SEI_STORE_ERR_ARG;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db,
                                "UPDATE kiosks SET revoked = coalesce(revoked, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
                                " code_hash = NULL WHERE name = ?1",
                                -1, &st, NULL);
    if (!rc) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        rc = step_done(st);
        sqlite3_finalize(st);
    }
    if (rc)
        return fail_db(s, rc, "cannot write to station database");
    if (!sqlite3_changes(s->db))
        return fail(s, SEI_STORE_ERR_NOTFOUND, "no kiosk named '%s' in '%s'", name, s->path);
    s->msg[0] = 0;
    return SEI_STORE_OK;
}

sei_store_status sei_store_kiosk_auth(sei_store *s, const char *token, char *name, size_t n)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (!token || strlen(token) != SEI_TOKEN_LEN)
        return fail(s, SEI_STORE_ERR_AUTH, "no valid kiosk token");
    char th[SEI_TOKEN_LEN + 1];
    secret_hash(token, th);
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT name FROM kiosks WHERE token_hash = ?1 AND revoked IS NULL", -1, &st,
                                NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    sqlite3_bind_text(st, 1, th, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sei_store_status e = SEI_STORE_OK;
    if (rc == SQLITE_ROW)
        snprintf(name, n, "%s", (const char *)sqlite3_column_text(st, 0));
    else if (rc == SQLITE_DONE)
        e = fail(s, SEI_STORE_ERR_AUTH, "unknown or revoked kiosk token");
    else
        e = fail_db(s, rc, "cannot read station database");
    sqlite3_finalize(st);
    if (!e)
        s->msg[0] = 0;
    return e;
}

sei_store_status sei_store_kiosk_redeem(sei_store *s, const char *code, const char *name, int max_tries,
                                        int lock_seconds, char *token, char *kiosk, size_t n)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (sodium_init() < 0)
        return fail(s, SEI_STORE_ERR_IO, "cannot start libsodium");
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to station database");
    int64_t failures = 0, until = 0, now = (int64_t)time(NULL);
    sqlite3_stmt *st;
    rc = exec(s, "INSERT OR IGNORE INTO enroll_tries (id) VALUES (1)");
    if (!rc && !(rc = sqlite3_prepare_v2(s->db, "SELECT failures, locked_until FROM enroll_tries WHERE id = 1", -1,
                                         &st, NULL))) {
        if ((rc = sqlite3_step(st)) == SQLITE_ROW)
            failures = sqlite3_column_int64(st, 0), until = sqlite3_column_int64(st, 1), rc = SQLITE_OK;
        sqlite3_finalize(st);
    }
    if (rc) {
        sei_store_status e = fail_db(s, rc, "cannot read station database");
        exec(s, "ROLLBACK");
        return e;
    }
    if (until > now) {
        exec(s, "ROLLBACK");
        return fail(s, SEI_STORE_ERR_LOCKED, "pairing is locked after %d wrong codes: try again in %lld s", max_tries,
                    (long long)(until - now));
    }
    int ok = 0;
    char ch[SEI_TOKEN_LEN + 1], found[SEI_IDENT_TEXT + 1] = "";
    if (code && strlen(code) == SEI_CODE_LEN && strspn(code, "0123456789") == SEI_CODE_LEN) {
        secret_hash(code, ch);
        rc = sqlite3_prepare_v2(s->db,
                                "SELECT name FROM kiosks WHERE code_hash = ?1 AND code_until > ?2 AND revoked IS NULL",
                                -1, &st, NULL);
        if (!rc) {
            sqlite3_bind_text(st, 1, ch, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 2, now);
            if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
                snprintf(found, sizeof found, "%s", (const char *)sqlite3_column_text(st, 0));
                ok = !name || !*name || !strcmp(name, found);
            }
            rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
            sqlite3_finalize(st);
        }
    }
    if (!rc && ok) {
        unsigned char raw[32];
        char th[SEI_TOKEN_LEN + 1];
        randombytes_buf(raw, sizeof raw);
        sodium_bin2hex(token, SEI_TOKEN_LEN + 1, raw, sizeof raw);
        sodium_memzero(raw, sizeof raw);
        secret_hash(token, th);
        rc = sqlite3_prepare_v2(s->db, "UPDATE kiosks SET token_hash = ?1, code_hash = NULL WHERE name = ?2", -1, &st,
                                NULL);
        if (!rc) {
            sqlite3_bind_text(st, 1, th, -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 2, found, -1, SQLITE_STATIC);
            rc = step_done(st);
            sqlite3_finalize(st);
        }
        if (!rc)
            rc = exec(s, "UPDATE enroll_tries SET failures = 0 WHERE id = 1");
    } else if (!rc) {
        failures++;
        int lock = failures >= max_tries;
        char sql[160];
        snprintf(sql, sizeof sql, "UPDATE enroll_tries SET failures = %lld, locked_until = %lld WHERE id = 1",
                 lock ? 0LL : (long long)failures, lock ? (long long)(now + lock_seconds) : (long long)until);
        rc = exec(s, sql);
    }
    sei_store_status e = tx_end(s, rc, "cannot write to station database");
    if (e)
        return e;
    if (!ok)
        return fail(s, failures >= max_tries ? SEI_STORE_ERR_LOCKED : SEI_STORE_ERR_AUTH,
                    "unknown, used or expired pairing code");
    snprintf(kiosk, n, "%s", found);
    s->msg[0] = 0;
    return SEI_STORE_OK;
}

sei_store_status sei_store_kiosk_list(sei_store *s, sei_store_kiosk **rows, int *n)
{
    if (!s || !rows || !n)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    *rows = NULL;
    *n = 0;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db,
                                "SELECT name, created, coalesce(revoked, ''), CASE WHEN code_hash IS NULL THEN 0"
                                " ELSE max(code_until - ?1, 0) END,"
                                " (SELECT count(*) FROM received WHERE received.kiosk = kiosks.name)"
                                " FROM kiosks ORDER BY name",
                                -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    sqlite3_bind_int64(st, 1, (int64_t)time(NULL));
    sei_store_kiosk *out = NULL;
    int count = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        sei_store_kiosk *g = realloc(out, (size_t)(count + 1) * sizeof *out);
        if (!g) {
            free(out);
            sqlite3_finalize(st);
            return fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
        }
        out = g;
        sei_store_kiosk *k = &out[count++];
        memset(k, 0, sizeof *k);
        snprintf(k->name, sizeof k->name, "%s", (const char *)sqlite3_column_text(st, 0));
        snprintf(k->created, sizeof k->created, "%s", (const char *)sqlite3_column_text(st, 1));
        snprintf(k->revoked, sizeof k->revoked, "%s", (const char *)sqlite3_column_text(st, 2));
        k->code_valid_for = sqlite3_column_int(st, 3);
        k->received = sqlite3_column_int64(st, 4);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(out);
        return fail_db(s, rc, "cannot read station database");
    }
    *rows = out;
    *n = count;
    return SEI_STORE_OK;
}

sei_store_status sei_store_receive(sei_store *s, const sei_store_result *r, const char *kiosk, int64_t *id, int *dup)
{
    if (!kiosk || !*kiosk)
        return s ? fail(s, SEI_STORE_ERR_ARG, "no kiosk named") : SEI_STORE_ERR_ARG;
    return save_from(s, r, id, NULL, dup, kiosk);
}

sei_store_status sei_store_received_from(sei_store *s, int64_t id, char *name, size_t n)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    int rc = s->received_st ? SQLITE_OK
                            : sqlite3_prepare_v2(s->db, "SELECT kiosk FROM received WHERE result_id = ?1", -1,
                                                 &s->received_st, NULL);
    if (n)
        name[0] = 0;
    if (!rc) {
        sqlite3_bind_int64(s->received_st, 1, id);
        rc = sqlite3_step(s->received_st);
        if (rc == SQLITE_ROW) {
            const unsigned char *t = sqlite3_column_text(s->received_st, 0);
            snprintf(name, n, "%s", t ? (const char *)t : "");
        }
        rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_reset(s->received_st);
    }
    return rc ? fail_db(s, rc, "cannot read station database") : SEI_STORE_OK;
}

sei_store_status sei_store_find_uuid(sei_store *s, const char *uuid, int64_t *id)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (!uuid || !sei_uuid_ok(uuid))
        return fail(s, SEI_STORE_ERR_NOTFOUND, "not a UUID");
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT id FROM results WHERE uuid = ?1", -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    sqlite3_bind_text(st, 1, uuid, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sei_store_status e = SEI_STORE_OK;
    if (rc == SQLITE_ROW)
        *id = sqlite3_column_int64(st, 0);
    else if (rc == SQLITE_DONE)
        e = fail(s, SEI_STORE_ERR_NOTFOUND, "no result with UUID %s", uuid);
    else
        e = fail_db(s, rc, "cannot read results database");
    sqlite3_finalize(st);
    return e;
}

/* ---- a kiosk judge's change, at the station ------------------------------------- */

/* Do nr's values (what a judge may change: the result and its count, the
 * dead stones, who played) differ from cur's? */
static int values_differ(const sei_store_result *cur, const sei_store_result *nr)
{
    const sei_ident *a = &cur->ident, *b = &nr->ident;
    return strcmp(cur->result, nr->result) || strcmp(cur->dead, nr->dead) || strcmp(cur->territory, nr->territory) ||
           strcmp(cur->result_stones, nr->result_stones) || cur->decided != nr->decided ||
           cur->winner != nr->winner || cur->margin != nr->margin || strcmp(a->event, b->event) ||
           a->round != b->round || a->table != b->table || strcmp(a->black, b->black) || strcmp(a->white, b->white) ||
           strcmp(a->black_id, b->black_id) || strcmp(a->white_id, b->white_id);
}

/* Who played, from nr, over result id (in the caller's transaction). */
static int write_ident(sei_store *s, int64_t id, const sei_ident *w)
{
    int rc = set_column(s, id, "event", w->event, 0);
    if (!rc)
        rc = set_column(s, id, "round", NULL, w->round);
    if (!rc)
        rc = set_column(s, id, "table_no", NULL, w->table);
    if (!rc)
        rc = set_column(s, id, "black", w->black, 0);
    if (!rc)
        rc = set_column(s, id, "white", w->white, 0);
    if (!rc)
        rc = set_column(s, id, "black_id", w->black_id, 0);
    if (!rc)
        rc = set_column(s, id, "white_id", w->white_id, 0);
    return rc;
}

/* UPDATE received SET column = v for result id. */
static int set_received(sei_store *s, int64_t id, const char *column, int64_t v)
{
    char sql[128];
    snprintf(sql, sizeof sql, "UPDATE received SET %s = %lld WHERE result_id = %lld", column, (long long)v,
             (long long)id);
    return exec(s, sql);
}

/* The kiosk's change that was not applied, in one audit row at the
 * station (so nothing the kiosk's judge did is lost): the station's values
 * as old, each of the kiosk's entries as new, its reasons; then the result
 * disputed when it is still open (a judge settles it). */
static int record_refused(sei_store *s, const sei_store_result *cur, const char *kiosk, const sei_store_audit *rows,
                          int n, const char *cause)
{
    sei_text old = {0}, now = {0}, why = {0}, who = {0};
    sei_text_printf(&old, "result %s, state %s", cur->result, sei_state_name(cur->state));
    sei_text_printf(&why, "refused (%s); the kiosk judge's reason: ", cause);
    for (int i = 0; i < n; i++) {
        sei_text_printf(&now, "%s%s %s: '%s' -> '%s'", i ? "; " : "", rows[i].action, rows[i].field,
                        rows[i].old_value, rows[i].new_value);
        /* Each reason once: the rows of one action share theirs. */
        if (!i || strcmp(rows[i].reason, rows[i - 1].reason))
            sei_text_printf(&why, "%s%s", i ? " / " : "", rows[i].reason);
    }
    sei_text_printf(&who, "%s at kiosk %s", rows[n - 1].judge, kiosk);
    int rc = old.oom || now.oom || why.oom || who.oom ? SQLITE_NOMEM
             : audit_row_for(s, cur->id, cur->uuid, who.p, rows[n - 1].action, "kiosk_change", old.p, now.p, why.p);
    if (!rc && (cur->state == SEI_STATE_AGREED)) {
        rc = set_column(s, cur->id, "state", "disputed", 0);
        if (!rc)
            rc = audit_row_for(s, cur->id, cur->uuid, "station", "correct", "state", "agreed", "disputed",
                               "a kiosk judge's change was refused: a judge settles it");
    }
    sei_text_free(&old);
    sei_text_free(&now);
    sei_text_free(&why);
    sei_text_free(&who);
    return rc;
}

sei_store_status sei_store_kiosk_change(sei_store *s, const char *kiosk, const sei_store_result *nr,
                                        const sei_store_audit *rows, int n, int64_t through, sei_change_outcome *out)
{
    if (!s)
        return SEI_STORE_ERR_ARG;
    if (out)
        *out = SEI_CHANGE_ALREADY;
    if (!kiosk || !*kiosk || !nr || !rows || n < 1)
        return fail(s, SEI_STORE_ERR_ARG, "no kiosk, result or audit entries");
    for (int i = 0; i < n; i++) {
        const sei_store_audit *a = &rows[i];
        if (a->id < 1 || (i && a->id <= rows[i - 1].id))
            return fail(s, SEI_STORE_ERR_ARG, "the audit entries' ids do not increase");
        if (strcmp(a->action, "correct") && strcmp(a->action, "void") && strcmp(a->action, "confirm"))
            return fail(s, SEI_STORE_ERR_ARG, "an audit entry's action is correct, void or confirm");
        if (!a->field[0] || !a->time[0] || !a->judge || !a->judge[0] || !a->old_value || !a->new_value || !a->reason)
            return fail(s, SEI_STORE_ERR_ARG, "an audit entry needs a time, a judge and a field");
    }
    if (through != rows[n - 1].id)
        return fail(s, SEI_STORE_ERR_ARG, "'through' is not the last audit entry's id");
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to station database");
    sqlite3_stmt *q;
    int64_t id = 0, kiosk_through = 0, applied = 0;
    char from[SEI_IDENT_TEXT + 1] = "";
    int found = 0;
    rc = sqlite3_prepare_v2(s->db,
                            "SELECT results.id, received.kiosk, received.kiosk_through, received.audit_applied"
                            " FROM results LEFT JOIN received ON received.result_id = results.id WHERE uuid = ?1",
                            -1, &q, NULL);
    if (!rc) {
        sqlite3_bind_text(q, 1, nr->uuid, -1, SQLITE_STATIC);
        rc = sqlite3_step(q);
        if (rc == SQLITE_ROW) {
            found = 1;
            id = sqlite3_column_int64(q, 0);
            const unsigned char *k = sqlite3_column_text(q, 1);
            snprintf(from, sizeof from, "%s", k ? (const char *)k : "");
            kiosk_through = sqlite3_column_int64(q, 2);
            applied = sqlite3_column_int64(q, 3);
        }
        rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_finalize(q);
    }
    sei_store_status e = SEI_STORE_OK;
    if (rc)
        e = fail_db(s, rc, "cannot read station database");
    else if (!found)
        e = fail(s, SEI_STORE_ERR_NOTFOUND, "no result with UUID %s", nr->uuid);
    else if (strcmp(from, kiosk))
        e = fail(s, SEI_STORE_ERR_AUTH, "result %lld was not received from kiosk %s: only the kiosk that sent it "
                 "sends its changes", (long long)id, kiosk);
    sei_store_result cur;
    memset(&cur, 0, sizeof cur);
    if (!e)
        e = sei_store_get(s, id, &cur);
    if (e)
        ;
    else if (cur.size != nr->size || strcmp(cur.position, nr->position) || strcmp(cur.rules, nr->rules) ||
             cur.komi != nr->komi || cur.handicap != nr->handicap || cur.area != nr->area)
        e = fail(s, SEI_STORE_ERR_ARG, "the change alters result %lld's board, rules, komi or handicap: a judge's "
                 "change never does", (long long)id);
    else
        e = check_result(s, nr);
    if (e || through <= kiosk_through) {
        /* Refused, or sent before (its answer lost): nothing written. */
        sei_store_result_release(&cur);
        exec(s, "ROLLBACK");
        if (!e)
            s->msg[0] = 0;
        return e;
    }
    /* The entries the station has not taken yet (a resend may repeat some). */
    int k0 = 0;
    while (k0 < n && rows[k0].id <= kiosk_through)
        k0++;
    /* Changed by a judge at the station since the kiosk's last change was
     * applied (the station's own rows, a dispute found, are no judge's)? */
    char sql[160];
    int64_t judged = 0;
    snprintf(sql, sizeof sql, "SELECT count(*) FROM audit WHERE result_id = %lld AND id > %lld AND judge <> 'station'",
             (long long)id, (long long)applied);
    rc = query_int(s, sql, &judged);
    /* The state it moves to: a dispute the station found stands until a
     * judge settles it; a confirmed result is only voided, a voided one
     * never changes. */
    sei_result_state to = nr->state;
    if (cur.state == SEI_STATE_DISPUTED && to == SEI_STATE_AGREED)
        to = SEI_STATE_DISPUTED;
    int differ = values_differ(&cur, nr);
    const char *cause = NULL;
    if (judged)
        cause = "a judge at the station changed or confirmed it first";
    else if ((cur.state == SEI_STATE_CONFIRMED && (differ || (to != SEI_STATE_CONFIRMED && to != SEI_STATE_VOIDED))) ||
             (cur.state == SEI_STATE_VOIDED && (differ || to != SEI_STATE_VOIDED)))
        cause = cur.state == SEI_STATE_VOIDED ? "it is voided at the station" : "it is confirmed at the station";
    if (!rc && cause) {
        rc = record_refused(s, &cur, kiosk, rows + k0, n - k0, cause);
        if (!rc)
            rc = set_received(s, id, "kiosk_through", through);
    } else if (!rc) {
        if (differ) {
            rc = write_count(s, id, nr);
            if (!rc)
                rc = write_ident(s, id, &nr->ident);
        }
        if (!rc && to != cur.state)
            rc = set_column(s, id, "state", sei_state_name(to), 0);
        /* The kiosk's entries, as its judge made them, under their name and
         * the kiosk's. */
        for (int i = k0; !rc && i < n; i++) {
            sei_text who = {0};
            sei_text_printf(&who, "%s at kiosk %s", rows[i].judge, kiosk);
            audit_ctx a = {s, id, cur.uuid, who.p, rows[i].action, rows[i].reason, "", ""};
            snprintf(a.utc, sizeof a.utc, "%s", rows[i].time);
            snprintf(a.local, sizeof a.local, "%s", rows[i].local_time);
            rc = who.oom ? SQLITE_NOMEM : audit_row(&a, rows[i].field, rows[i].old_value, rows[i].new_value);
            sei_text_free(&who);
        }
        /* Checked as on receipt: moved to another table or result, a
         * second result there that says otherwise makes both disputed;
         * given other players, table or handicap, against the pairing. */
        if (!rc && differ && (to == SEI_STATE_AGREED || to == SEI_STATE_DISPUTED) && nr->ident.round &&
            nr->ident.table) {
            sei_store_result moved = *nr;
            moved.state = to;
            moved.photo_path = NULL, moved.photo = NULL, moved.game_sgf = NULL, moved.game_path = NULL;
            int place = cur.ident.round != nr->ident.round || cur.ident.table != nr->ident.table;
            rc = received_checks(s, id, cur.uuid, &moved, place || strcmp(cur.result, nr->result),
                                 place || strcmp(cur.ident.black, nr->ident.black) ||
                                     strcmp(cur.ident.white, nr->ident.white) || cur.handicap != nr->handicap);
        }
        if (!rc)
            rc = set_received(s, id, "kiosk_through", through);
        if (!rc) {
            snprintf(sql, sizeof sql, "UPDATE received SET audit_applied = (SELECT max(id) FROM audit WHERE"
                     " result_id = %lld) WHERE result_id = %lld", (long long)id, (long long)id);
            rc = exec(s, sql);
        }
    }
    sei_store_result_release(&cur);
    if ((e = tx_end(s, rc, "cannot write to station database")))
        return e;
    if (cause)
        fail(s, SEI_STORE_OK, "%s: the kiosk's change is kept in the audit trail of result %lld, not applied",
             cause, (long long)id);
    if (out)
        *out = cause ? SEI_CHANGE_REFUSED : SEI_CHANGE_APPLIED;
    return SEI_STORE_OK;
}

static sei_store_status keeps_games(sei_store *s, const sei_og *og);

/* Inside tournament_set's transaction: whether og may replace the
 * tournament imported (flags as sei_store_tournament_set's). Another
 * event is refused while results are held at rounds and tables (a voided
 * one too: its game is written as not played); the same event (or one
 * said to be, SEI_IMPORT_OTHER_EVENT) when it is an older file of it
 * (keeps_games). SEI_STORE_OK, or SEI_STORE_ERR_STATE saying why. */
static sei_store_status import_checks(sei_store *s, const sei_og *og, int flags)
{
    int64_t results = 0;
    int rc = query_int(s, "SELECT count(*) FROM results WHERE round > 0 AND table_no > 0", &results);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    char *data = NULL;
    size_t len = 0;
    sei_store_status e = sei_store_tournament_file(s, &data, &len, NULL, 0);
    if (e == SEI_STORE_ERR_NOTFOUND)
        return SEI_STORE_OK;
    if (e)
        return e;
    sei_og *old = sei_og_create();
    if (!old)
        e = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
    else if (sei_og_read_memory(old, data, len)) {
        if (results && !(flags & SEI_IMPORT_OTHER_EVENT))
            e = fail(s, SEI_STORE_ERR_STATE,
                     "the station database holds %lld result%s of a tournament whose file it kept cannot be read "
                     "(%s), so this file cannot be told the same tournament or another",
                     (long long)results, results == 1 ? "" : "s", sei_og_errmsg(old));
    } else if (!sei_og_same_event(old, og) && !(flags & SEI_IMPORT_OTHER_EVENT)) {
        char os[128], od[32], ns[128], nd[32];
        sei_og_param(old, "GeneralParameterSet", "shortName", os, sizeof os);
        sei_og_param(old, "GeneralParameterSet", "beginDate", od, sizeof od);
        sei_og_param(og, "GeneralParameterSet", "shortName", ns, sizeof ns);
        sei_og_param(og, "GeneralParameterSet", "beginDate", nd, sizeof nd);
        if (results)
            e = fail(s, SEI_STORE_ERR_STATE,
                     "the station database holds %lld result%s of '%.100s' (short name '%.60s', from %s), and this "
                     "file is another tournament, '%.100s' (short name '%.60s', from %s): its games would take those "
                     "results",
                     (long long)results, results == 1 ? "" : "s", sei_og_name(old), os, od[0] ? od : "no date",
                     sei_og_name(og), ns, nd[0] ? nd : "no date");
    } else if (!(flags & SEI_IMPORT_OLDER))
        e = keeps_games(s, og);
    sei_og_destroy(old);
    free(data);
    return e;
}

/* Inside tournament_set's transaction: SEI_STORE_OK when og keeps what
 * the import before it paired (as many rounds, and a game of the same two
 * players wherever a result not voided stands at a game of it), else
 * SEI_STORE_ERR_STATE saying what it drops. */
static sei_store_status keeps_games(sei_store *s, const sei_og *og)
{
    int64_t last = 0;
    int rc = query_int(s, "SELECT coalesce(max(round), 0) FROM pairings", &last);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    int new_last = 0;
    sei_og_game g;
    for (int i = 0; i < sei_og_game_count(og); i++)
        if (!sei_og_game_get(og, i, &g) && g.round > new_last)
            new_last = g.round;
    if (new_last < last)
        return fail(s, SEI_STORE_ERR_STATE,
                    "this file pairs rounds up to %d, the one imported up to %lld: an older file of the tournament",
                    new_last, (long long)last);
    /* Each game holding a result not voided, with its players' keys. */
    sqlite3_stmt *q;
    rc = sqlite3_prepare_v2(s->db,
                            "SELECT p.round, p.table_no, min(r.id), coalesce(b.key, ''), coalesce(w.key, '')"
                            " FROM pairings p JOIN results r ON r.round = p.round AND r.table_no = p.table_no"
                            " AND r.state != 'voided' LEFT JOIN players b ON b.id = p.black"
                            " LEFT JOIN players w ON w.id = p.white GROUP BY p.round, p.table_no"
                            " ORDER BY p.round, p.table_no",
                            -1, &q, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    sei_store_status e = SEI_STORE_OK;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        int r = sqlite3_column_int(q, 0), t = sqlite3_column_int(q, 1), i = sei_og_find_game(og, r, t);
        long long id = (long long)sqlite3_column_int64(q, 2);
        const char *ob = (const char *)sqlite3_column_text(q, 3), *ow = (const char *)sqlite3_column_text(q, 4);
        if (i < 0) {
            e = fail(s, SEI_STORE_ERR_STATE,
                     "this file has no game at round %d, table %d, where result %lld stands: an older file of the "
                     "tournament",
                     r, t, id);
            break;
        }
        /* The same two players, in either colour (a result names its own:
         * the export gives it in the pairing's). */
        sei_og_game ng;
        sei_og_game_get(og, i, &ng);
        const char *nb = ng.black_key ? ng.black_key : "", *nw = ng.white_key ? ng.white_key : "";
        if (!((!strcmp(ob, nb) && !strcmp(ow, nw)) || (!strcmp(ob, nw) && !strcmp(ow, nb)))) {
            e = fail(s, SEI_STORE_ERR_STATE,
                     "this file pairs other players at round %d, table %d (%.60s against %.60s, not %.60s against "
                     "%.60s), where result %lld stands: it would be theirs",
                     r, t, nb, nw, ob, ow, id);
            break;
        }
    }
    sqlite3_finalize(q);
    if (!e && rc != SQLITE_ROW && rc != SQLITE_DONE)
        e = fail_db(s, rc, "cannot read station database");
    return e;
}

sei_store_status sei_store_tournament_set(sei_store *s, const sei_og *og, const char *data, size_t len, int flags)
{
    if (!s || !og || !data)
        return s ? fail(s, SEI_STORE_ERR_ARG, "no tournament") : SEI_STORE_ERR_ARG;
    int rc = exec(s, "BEGIN IMMEDIATE");
    if (rc)
        return fail_db(s, rc, "cannot write to station database");
    sei_store_status e = import_checks(s, og, flags);
    if (e) {
        exec(s, "ROLLBACK");
        return e;
    }
    rc = exec(s, "DELETE FROM pairings; DELETE FROM players; DELETE FROM tournament");
    sqlite3_stmt *st = NULL;
    if (!rc && !(rc = sqlite3_prepare_v2(s->db, "INSERT INTO tournament (id, name, file, imported) VALUES (1, ?1, ?2,"
                                                " strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                                         -1, &st, NULL))) {
        sqlite3_bind_text(st, 1, sei_og_name(og), -1, SQLITE_STATIC);
        sqlite3_bind_blob64(st, 2, data, len, SQLITE_STATIC);
        rc = step_done(st);
        sqlite3_finalize(st);
    }
    if (!rc && !(rc = sqlite3_prepare_v2(s->db, "INSERT INTO players VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", -1,
                                         &st, NULL))) {
        sei_og_player p;
        for (int i = 0; !rc && i < sei_og_player_count(og); i++) {
            if (sei_og_player_get(og, i, &p))
                continue;
            const char *v[8] = {p.key, p.name, p.first_name, p.rank, p.club, p.country, p.egf_pin, p.aga_id};
            sqlite3_bind_int(st, 1, i);
            for (int k = 0; k < 8; k++)
                sqlite3_bind_text(st, 2 + k, v[k] ? v[k] : "", -1, SQLITE_STATIC);
            rc = step_done(st);
            sqlite3_reset(st);
        }
        sqlite3_finalize(st);
    }
    if (!rc && !(rc = sqlite3_prepare_v2(s->db, "INSERT INTO pairings VALUES (?1, ?2, ?3, ?4, ?5)", -1, &st, NULL))) {
        sei_og_game g;
        for (int i = 0; !rc && i < sei_og_game_count(og); i++) {
            if (sei_og_game_get(og, i, &g))
                continue;
            sqlite3_bind_int(st, 1, g.round);
            sqlite3_bind_int(st, 2, g.table);
            if (g.black >= 0)
                sqlite3_bind_int(st, 3, g.black);
            else
                sqlite3_bind_null(st, 3);
            if (g.white >= 0)
                sqlite3_bind_int(st, 4, g.white);
            else
                sqlite3_bind_null(st, 4);
            sqlite3_bind_int(st, 5, g.handicap);
            rc = step_done(st);
            sqlite3_reset(st);
        }
        sqlite3_finalize(st);
    }
    return tx_end(s, rc, "cannot import into station database");
}

sei_store_status sei_store_tournament_file(sei_store *s, char **data, size_t *len, char *name, size_t n)
{
    if (!s || !data != !len || (!data && !name))
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    if (data)
        *data = NULL, *len = 0;
    sqlite3_stmt *st;
    /* Without data only the name is read: the file may be megabytes. */
    int rc = sqlite3_prepare_v2(s->db, data ? "SELECT name, file FROM tournament WHERE id = 1"
                                            : "SELECT name FROM tournament WHERE id = 1", -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    rc = sqlite3_step(st);
    sei_store_status e = SEI_STORE_OK;
    if (rc == SQLITE_ROW && !data)
        snprintf(name, n, "%s", (const char *)sqlite3_column_text(st, 0));
    else if (rc == SQLITE_ROW) {
        int bytes = sqlite3_column_bytes(st, 1);
        const void *b = sqlite3_column_blob(st, 1);
        char *copy = malloc((size_t)bytes + 1);
        if (!copy)
            e = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
        else {
            if (bytes)
                memcpy(copy, b, (size_t)bytes);
            copy[bytes] = 0;
            *data = copy;
            *len = (size_t)bytes;
            if (name)
                snprintf(name, n, "%s", (const char *)sqlite3_column_text(st, 0));
        }
    } else if (rc == SQLITE_DONE)
        e = fail(s, SEI_STORE_ERR_NOTFOUND, "no tournament imported into '%s' (seichi station import)", s->path);
    else
        e = fail_db(s, rc, "cannot read station database");
    sqlite3_finalize(st);
    return e;
}

static void player_row(sqlite3_stmt *st, int col, sei_store_player *p)
{
    memset(p, 0, sizeof *p);
    if (sqlite3_column_type(st, col) == SQLITE_NULL)
        return;
    p->known = 1;
    struct {
        char *to;
        size_t n;
    } f[] = {{p->name, sizeof p->name}, {p->first_name, sizeof p->first_name}, {p->rank, sizeof p->rank},
             {p->club, sizeof p->club}, {p->country, sizeof p->country}, {p->egf_pin, sizeof p->egf_pin},
             {p->aga_id, sizeof p->aga_id}};
    for (int k = 0; k < 7; k++) {
        const unsigned char *t = sqlite3_column_text(st, col + k);
        snprintf(f[k].to, f[k].n, "%s", t ? (const char *)t : "");
    }
}

/* The games of the imported tournament, with both players. */
#define PAIRING_SELECT                                                                                         \
    "SELECT g.round, g.table_no, g.handicap, b.name, b.first_name, b.rank, b.club, b.country, b.egf_pin,"     \
    " b.aga_id, w.name, w.first_name, w.rank, w.club, w.country, w.egf_pin, w.aga_id"                        \
    " FROM pairings g LEFT JOIN players b ON b.id = g.black LEFT JOIN players w ON w.id = g.white"

static void pairing_row(sqlite3_stmt *st, sei_store_pairing *p)
{
    p->round = sqlite3_column_int(st, 0);
    p->table = sqlite3_column_int(st, 1);
    p->handicap = sqlite3_column_int(st, 2);
    player_row(st, 3, &p->black);
    player_row(st, 10, &p->white);
}

void sei_store_player_name(const sei_store_player *p, char *out, size_t n)
{
    char full[2 * SEI_IDENT_TEXT + 2];
    if (!p->known) {
        snprintf(out, n, "%s", "");
        return;
    }
    snprintf(full, sizeof full, "%s%s%s", p->name, p->name[0] && p->first_name[0] ? " " : "", p->first_name);
    size_t len = strlen(full), cap = n - 1 < SEI_IDENT_TEXT ? n - 1 : SEI_IDENT_TEXT;
    if (len > cap) {
        len = cap;
        while (len && ((unsigned char)full[len] & 0xC0) == 0x80) /* cut before a character, not inside one */
            len--;
    }
    memcpy(out, full, len);
    out[len] = 0;
}

/* The words of a name (at most max of them, each at most 127 bytes), in
 * ASCII lower case, sorted: a name's words whatever their order. */
#define NAME_WORDS 16
static int name_words(const char *name, char w[NAME_WORDS][SEI_IDENT_TEXT + 1])
{
    int k = 0;
    for (const char *c = name; *c && k < NAME_WORDS;) {
        while (*c == ' ' || *c == '\t')
            c++;
        if (!*c)
            break;
        size_t len = 0;
        while (c[len] && c[len] != ' ' && c[len] != '\t')
            len++;
        size_t m = len < SEI_IDENT_TEXT ? len : SEI_IDENT_TEXT;
        for (size_t i = 0; i < m; i++)
            w[k][i] = (char)tolower((unsigned char)c[i]);
        w[k][m] = 0;
        /* insertion into order */
        for (int j = k; j > 0 && strcmp(w[j - 1], w[j]) > 0; j--) {
            char t[SEI_IDENT_TEXT + 1];
            memcpy(t, w[j], sizeof t);
            memcpy(w[j], w[j - 1], sizeof t);
            memcpy(w[j - 1], t, sizeof t);
        }
        k++;
        c += len;
    }
    return k;
}

/* A name given (typed, or taken from the pairing) is the player's: the same
 * words. given "" is no name. */
static int same_player(const char *given, const sei_store_player *p)
{
    char full[SEI_IDENT_TEXT + 1];
    sei_store_player_name(p, full, sizeof full);
    char a[NAME_WORDS][SEI_IDENT_TEXT + 1], b[NAME_WORDS][SEI_IDENT_TEXT + 1];
    int na = name_words(given, a), nb = name_words(full, b);
    if (na != nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (strcmp(a[i], b[i]))
            return 0;
    return 1;
}

static int name_given(const char *name)
{
    for (; *name; name++)
        if (*name != ' ' && *name != '\t')
            return 1;
    return 0;
}

sei_paired sei_store_paired(const sei_store_pairing *p, const sei_ident *who)
{
    int gb = name_given(who->black), gw = name_given(who->white);
    if ((!gb || same_player(who->black, &p->black)) && (!gw || same_player(who->white, &p->white)))
        return SEI_PAIRED_SAME;
    if ((!gb || same_player(who->black, &p->white)) && (!gw || same_player(who->white, &p->black)))
        return SEI_PAIRED_SWAPPED;
    return SEI_PAIRED_OTHER;
}

/* The game at round and table of the imported tournament into p: 1, 0
 * none, -1 an error. */
static int table_pairing(sei_store *s, int round, int table, sei_store_pairing *p)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, PAIRING_SELECT " WHERE g.round = ?1 AND g.table_no = ?2", -1, &q, NULL) !=
        SQLITE_OK)
        return -1;
    sqlite3_bind_int(q, 1, round);
    sqlite3_bind_int(q, 2, table);
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW)
        pairing_row(q, p);
    sqlite3_finalize(q);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

void sei_store_in_pairing_colours(const sei_store_pairing *p, const sei_ident *who, const char *result, char *out)
{
    snprintf(out, 24, "%s", result);
    if (p && (out[0] == 'B' || out[0] == 'W') && out[1] == '+' && sei_store_paired(p, who) == SEI_PAIRED_SWAPPED)
        out[0] = out[0] == 'B' ? 'W' : 'B';
}

/* The imported tournament's komi and board size, from its file's
 * parameters, into *komi and *size: which are known (1 komi, 2 size; 0
 * when nothing was imported or the file gives neither). The file is
 * parsed again only when its bytes changed (their length and FNV-1a hash:
 * another import, from this process or another, a second later or not). */
static int tournament_terms(sei_store *s, double *komi, int *size)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT file FROM tournament WHERE id = 1", -1, &q, NULL) != SQLITE_OK)
        return 0;
    if (sqlite3_step(q) != SQLITE_ROW) {
        sqlite3_finalize(q);
        return 0;
    }
    const unsigned char *data = sqlite3_column_blob(q, 0);
    int len = sqlite3_column_bytes(q, 0);
    uint64_t h = 14695981039346656037u;
    for (int i = 0; i < len; i++)
        h = (h ^ data[i]) * 1099511628211u;
    char key[sizeof s->terms_key];
    snprintf(key, sizeof key, "%d:%016llx", len, (unsigned long long)h);
    if (strcmp(key, s->terms_key)) {
        sei_og *og = sei_og_create();
        s->terms_known = 0;
        if (og && data && !sei_og_read_memory(og, (const char *)data, (size_t)len)) {
            char v[64], *end;
            if (sei_og_param(og, "GeneralParameterSet", "komi", v, sizeof v)) {
                s->terms_komi = strtod(v, &end);
                s->terms_known |= end != v && !*end && isfinite(s->terms_komi);
            }
            if (sei_og_param(og, "GeneralParameterSet", "size", v, sizeof v)) {
                long n = strtol(v, &end, 10);
                s->terms_size = (int)n;
                s->terms_known |= end != v && !*end && n >= 2 && n <= 25 ? 2 : 0;
            }
        }
        sei_og_destroy(og);
        snprintf(s->terms_key, sizeof s->terms_key, "%s", key);
    }
    sqlite3_finalize(q);
    *komi = s->terms_komi;
    *size = s->terms_size;
    return s->terms_known;
}

/* One more part of a reason at buf + at (n bytes in all): the new end,
 * kept inside the buffer (a part cut short, never past its end). */
static int reason_add(char *buf, size_t n, int at, const char *fmt, ...)
{
    if (at < 0 || (size_t)at >= n)
        return at < 0 ? 0 : (int)n - 1;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + at, n - (size_t)at, fmt, ap);
    va_end(ap);
    at += k > 0 ? k : 0;
    return (size_t)at < n ? at : (int)n - 1;
}

/* At the station, a result received for the game p of the imported
 * tournament whose players are that game's with the colours swapped, or
 * that was counted with another handicap than the game's, on another
 * board size than the tournament's or (an even game) with another komi:
 * it cannot go
 * to the pairing program as it is, so it is set disputed (when still
 * agreed: its row's state is state), with an audit row by "station"
 * saying why, in the caller's transaction. A judge settles it; the
 * export gives a game played with the colours swapped to the player who
 * won. Other names than the pairing's (typed by hand, spelled otherwise)
 * are no dispute: the results page shows the pairing's beside them, and
 * the export names them. */
static int mark_unpaired(sei_store *s, int64_t id, const char *uuid, const sei_store_result *r,
                         const sei_store_pairing *p, sei_result_state state)
{
    sei_paired m = sei_store_paired(p, &r->ident);
    int handicap = m != SEI_PAIRED_OTHER && r->decided == SEI_DECIDED_COUNT && r->handicap != p->handicap;
    /* Counted on another board, or an even game counted with another komi
     * than the tournament's (a kiosk set wrong): its winner may be the
     * other player. A handicap game's komi is its own (0.5 by the usual
     * rule), which the file does not give. */
    double komi = 0;
    int size = 0, terms = tournament_terms(s, &komi, &size);
    int board = (terms & 2) && r->size != size;
    /* Rules that give a drawn count to Black (Ing's komi 8) decide as
     * half a point less would: the same winner as the tournament's 7.5. */
    sei_rules rs;
    double same_as = sei_rules_preset(&rs, r->rules) == 0 && rs.ties_to_black ? r->komi - 0.5 : r->komi;
    int komi_off = (terms & 1) && !board && r->decided == SEI_DECIDED_COUNT && p->handicap == 0 &&
                   r->handicap == 0 && fabs(r->komi - komi) > 1e-9 && fabs(same_as - komi) > 1e-9;
    if (m != SEI_PAIRED_SWAPPED && !handicap && !board && !komi_off)
        return SQLITE_OK;
    char b[SEI_IDENT_TEXT + 1], w[SEI_IDENT_TEXT + 1], reason[3 * SEI_IDENT_TEXT + 256];
    sei_store_player_name(&p->black, b, sizeof b);
    sei_store_player_name(&p->white, w, sizeof w);
    int at = snprintf(reason, sizeof reason, "round %d, table %d is %s (Black) against %s (White)", p->round,
                      p->table, b[0] ? b : "nobody", w[0] ? w : "nobody");
    if (m == SEI_PAIRED_SWAPPED)
        at = reason_add(reason, sizeof reason, at, "; this result has them with the colours swapped");
    if (handicap)
        at = reason_add(reason, sizeof reason, at, "; counted with handicap %d, the pairing's is %d", r->handicap,
                        p->handicap);
    if (board)
        at = reason_add(reason, sizeof reason, at, "; counted on a %dx%d board, the tournament's is %dx%d", r->size,
                        r->size, size, size);
    if (komi_off)
        reason_add(reason, sizeof reason, at, "; counted with komi %g, the tournament's is %g", r->komi, komi);
    if (state == SEI_STATE_AGREED) {
        char sql[96];
        snprintf(sql, sizeof sql, "UPDATE results SET state = 'disputed' WHERE id = %lld", (long long)id);
        int rc = exec(s, sql);
        if (rc != SQLITE_OK)
            return rc;
    }
    /* Already disputed (another result at the table): the row still says
     * why this one cannot stand as it is. */
    return audit_row_for(s, id, uuid, "station", "correct", "state", sei_state_name(state), "disputed", reason);
}

sei_store_status sei_store_pairing_get(sei_store *s, int round, int table, sei_store_pairing *p)
{
    if (!s || !p)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    sqlite3_stmt *st;
    /* Round 0: the latest round with a game at that table (a kiosk's question). */
    int rc = sqlite3_prepare_v2(
        s->db, PAIRING_SELECT " WHERE (?1 = 0 OR g.round = ?1) AND g.table_no = ?2 ORDER BY g.round DESC LIMIT 1", -1,
        &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    sqlite3_bind_int(st, 1, round);
    sqlite3_bind_int(st, 2, table);
    rc = sqlite3_step(st);
    sei_store_status e = SEI_STORE_OK;
    if (rc == SQLITE_ROW)
        pairing_row(st, p);
    else if (rc == SQLITE_DONE)
        e = round ? fail(s, SEI_STORE_ERR_NOTFOUND, "no game at table %d of round %d", table, round)
                  : fail(s, SEI_STORE_ERR_NOTFOUND, "no game at table %d in any round", table);
    else
        e = fail_db(s, rc, "cannot read station database");
    sqlite3_finalize(st);
    return e;
}

sei_store_status sei_store_pairings(sei_store *s, int round, sei_store_pairing **rows, int *n)
{
    if (!s || !rows || !n)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    *rows = NULL;
    *n = 0;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, PAIRING_SELECT " WHERE ?1 = 0 OR g.round = ?1 ORDER BY g.round, g.table_no",
                                -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    sqlite3_bind_int(st, 1, round);
    sei_store_pairing *a = NULL;
    int have = 0, cap = 0;
    sei_store_status e = SEI_STORE_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (have == cap) {
            sei_store_pairing *b = realloc(a, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *a);
            if (!b) {
                e = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
                break;
            }
            a = b;
        }
        pairing_row(st, &a[have++]);
    }
    if (!e && rc != SQLITE_DONE)
        e = fail_db(s, rc, "cannot read station database");
    sqlite3_finalize(st);
    if (e) {
        free(a);
        return e;
    }
    *rows = a;
    *n = have;
    return SEI_STORE_OK;
}

sei_store_status sei_store_rounds(sei_store *s, int **rounds, int *n)
{
    if (!s || !rounds || !n)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    *rounds = NULL;
    *n = 0;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT round FROM pairings UNION SELECT round FROM results WHERE round > 0"
                                       " ORDER BY 1", -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read station database");
    int *a = NULL, have = 0, cap = 0;
    sei_store_status e = SEI_STORE_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (have == cap) {
            int *b = realloc(a, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *a);
            if (!b) {
                e = fail(s, SEI_STORE_ERR_NOMEM, "out of memory");
                break;
            }
            a = b;
        }
        a[have++] = sqlite3_column_int(st, 0);
    }
    if (!e && rc != SQLITE_DONE)
        e = fail_db(s, rc, "cannot read station database");
    sqlite3_finalize(st);
    if (e) {
        free(a);
        return e;
    }
    *rounds = a;
    *n = have;
    return SEI_STORE_OK;
}

sei_store_status sei_store_outbox_sent(sei_store *s, const char *uuid, int *sent)
{
    int64_t through;
    return sei_store_outbox_mark(s, uuid, sent, &through);
}

sei_store_status sei_store_outbox_mark(sei_store *s, const char *uuid, int *sent, int64_t *through)
{
    if (!s || !uuid || !sent || !through)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    *sent = 0;
    *through = 0;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT audit_through FROM pushed WHERE uuid = ?1", -1, &st, NULL);
    if (rc)
        return fail_db(s, rc, "cannot read results database");
    sqlite3_bind_text(st, 1, uuid, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *sent = 1;
        *through = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? SEI_STORE_OK : fail_db(s, rc, "cannot read results database");
}

sei_store_status sei_store_outbox_ack(sei_store *s, const char *uuid, int64_t through)
{
    if (!s || !uuid || !sei_uuid_ok(uuid))
        return s ? fail(s, SEI_STORE_ERR_ARG, "not a UUID") : SEI_STORE_ERR_ARG;
    sqlite3_stmt *st;
    /* The mark only grows: an answer that comes late (a push in another
     * process) never makes rows the station has taken wait again. */
    int rc = sqlite3_prepare_v2(s->db,
                                "INSERT INTO pushed (uuid, time, audit_through) VALUES (?1,"
                                " strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?2) ON CONFLICT (uuid) DO UPDATE"
                                " SET audit_through = max(audit_through, excluded.audit_through)",
                                -1, &st, NULL);
    if (!rc) {
        sqlite3_bind_text(st, 1, uuid, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, through > 0 ? through : 0);
        rc = step_done(st);
        sqlite3_finalize(st);
    }
    return rc ? fail_db(s, rc, "cannot write to results database") : SEI_STORE_OK;
}

sei_store_status sei_store_outbox_count(sei_store *s, int64_t *waiting)
{
    if (!s || !waiting)
        return s ? fail(s, SEI_STORE_ERR_ARG, "nothing to fill") : SEI_STORE_ERR_ARG;
    /* Never sent (but voided: unchanged since the first push), or sent
     * with audit rows after what the station took (a void too: the
     * station must learn it). */
    int rc = query_int(s, "SELECT count(*) FROM results LEFT JOIN pushed ON pushed.uuid = results.uuid"
                          " WHERE (pushed.uuid IS NULL AND results.state <> 'voided')"
                          " OR EXISTS (SELECT 1 FROM audit WHERE audit.result_id = results.id"
                          " AND audit.id > pushed.audit_through)", waiting);
    return rc ? fail_db(s, rc, "cannot read results database") : SEI_STORE_OK;
}
