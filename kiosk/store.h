/* store.h - the kiosk's results store: every agreed count kept in one SQLite
 * file, so a club or a tournament desk can list, show and export them later.
 *
 * Why SQLite: one file, transactions that survive a power cut (WAL with
 * synchronous=FULL, set on every open), and tools everyone has. A result is
 * written in one transaction: after a crash at any moment the file holds
 * every result whose save returned SEI_STORE_OK, each complete, and never a
 * half-written one.
 *
 * Each result carries who played (ident.h), a UUID unique in the file,
 * its state (agreed, disputed, confirmed, voided) and who stored it. A
 * judge, with the PIN, corrects, confirms or voids a result; each change
 * and its rows of the append-only audit trail are one transaction. The
 * rules (PIN check and lock, states, audit) live here, so the kiosk's
 * screens and the director's station call the same functions.
 *
 * The schema carries its version (PRAGMA user_version) and an application
 * id, so an older file is migrated on open, a newer one or another
 * program's database is refused with a message instead of being changed.
 *
 * One handle per thread. Every failing call returns a status and leaves a
 * message in the handle (sei_store_errmsg), as sqlite3_errmsg does. */
#ifndef SEI_STORE_H
#define SEI_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "cli.h"
#include "ident.h"
#include "score.h"

/* The schema this code writes; files at a lower version are migrated. */
#define SEI_STORE_SCHEMA 8
/* Refuse photos bigger than this: a kiosk photo is a few MB. */
#define SEI_STORE_MAX_PHOTO ((size_t)64 << 20)

typedef enum {
    SEI_STORE_OK = 0,
    SEI_STORE_DONE,          /* a listing has no more rows (not an error) */
    SEI_STORE_ERR_ARG,       /* bad argument, or a result that is not consistent */
    SEI_STORE_ERR_NOTFOUND,  /* no result with that id */
    SEI_STORE_ERR_IO,        /* cannot open, read or write the file: permissions, disk full, locked */
    SEI_STORE_ERR_CORRUPT,   /* not a database, damaged, or another program's database */
    SEI_STORE_ERR_VERSION,   /* written by a newer Seichi */
    SEI_STORE_ERR_NOMEM,
    SEI_STORE_ERR_ROW,       /* a listing met one damaged row: reported, and the listing goes on */
    SEI_STORE_ERR_AUTH,      /* no judge PIN set, or a wrong one */
    SEI_STORE_ERR_LOCKED,    /* PIN entry locked after too many wrong PINs: the message says how long */
    SEI_STORE_ERR_STATE      /* the result's state refuses the change (confirmed, voided) */
} sei_store_status;

typedef struct sei_store sei_store;

/* Sizes of the text fields: a board diagram has size rows of size points
 * and a newline each. */
#define SEI_STORE_DIAGRAM (SEI_MAX_SIZE * (SEI_MAX_SIZE + 1) + 1)

/* How a game was decided. A count fills the breakdown; a game won by
 * resignation, on time or by forfeit has no count: its result is "B+R",
 * "W+T", "B+F", its breakdown is zero and its territory map holds only
 * the stones. */
typedef enum {
    SEI_DECIDED_COUNT = 0,
    SEI_DECIDED_RESIGNATION,
    SEI_DECIDED_TIME,
    SEI_DECIDED_FORFEIT
} sei_decided;

/* "count", "resignation", "time", "forfeit" (the store's and the JSON's
 * words); the SGF letter of a result won that way ('R', 'T', 'F'; 0 for a
 * count); and back from the letter (-1 for another). */
const char *sei_decided_name(sei_decided d);
char sei_decided_letter(sei_decided d);
int sei_decided_from_letter(char how);

/* Where a result stands. A result is stored agreed (the players agreed
 * at the kiosk or the command line) or disputed; a judge confirms it,
 * which locks it against corrections, or voids it. Voided is final; a
 * confirmed result may still be voided by a judge (a result found wrong
 * after confirming is not silently kept), never corrected. */
typedef enum {
    SEI_STATE_AGREED = 0,
    SEI_STATE_DISPUTED,
    SEI_STATE_CONFIRMED,
    SEI_STATE_VOIDED
} sei_result_state;

/* Who stored it: the kiosk's Agreed button, `seichi score --save`, a judge,
 * or (later) the director's station; unknown for rows stored before the
 * store kept it. Not to be confused with the result's source (a photo, a
 * record, a board file). */
typedef enum {
    SEI_ORIGIN_KIOSK = 0,
    SEI_ORIGIN_CLI,
    SEI_ORIGIN_JUDGE,
    SEI_ORIGIN_STATION,
    SEI_ORIGIN_UNKNOWN
} sei_result_origin;

/* "agreed", "disputed", "confirmed", "voided"; "kiosk", "cli", "judge",
 * "station", "unknown" (the store's, the JSON's and the CSV's words). */
const char *sei_state_name(sei_result_state st);
const char *sei_origin_name(sei_result_origin o);

/* A UUID's text: 8-4-4-4-12 lowercase hex digits. */
#define SEI_UUID_LEN 36
/* A new random (version 4) UUID from the system's random source
 * (getrandom) into out. Returns 0, or -1 when there is no randomness. */
int sei_uuid_new(char out[SEI_UUID_LEN + 1]);
/* Is u a UUID in that form? */
int sei_uuid_ok(const char *u);

/* One side's breakdown, as sei_side in score.h. */
typedef struct {
    int stones, territory, area, prisoners, dead, seki_eyes, false_eyes;
    double score, penalty;
} sei_store_side;

/* One agreed result. Everything is plain values except photo_path and
 * photo, which the struct owns (malloc'd, or NULL): sei_store_result_release
 * frees them, and sei_store_get and the fill helpers allocate them. */
typedef struct {
    int64_t id;              /* set by sei_store_save and sei_store_get; save ignores it */
    char time[32];           /* UTC ISO 8601, "2024-05-01T12:34:56Z"; "" on save: now */
    char rules[16];          /* preset name: "chinese", "japanese", ... */
    int area;                /* 1: area scoring, 0: territory scoring */
    double komi;
    int handicap;
    double bonus;            /* handicap compensation White got, in points */
    int size;                /* 2..25 */
    /* The position: size lines of size points, '.' 'X' 'O', each ending in
     * '\n'; dead stones are still on it. */
    char position[SEI_STORE_DIAGRAM];
    /* The count over it, same shape: 'X' 'O' live stones, 'b' 'w'
     * territory (dead stones' points included), '.' dame, 's' seki eye,
     * 'f' false eye to fill. */
    char territory[SEI_STORE_DIAGRAM];
    /* The dead stones as SGF points, space-separated ("dd pq"), "" none. */
    char dead[SEI_MAX_SIZE * SEI_MAX_SIZE * 3 + 1];
    sei_store_side side[3];  /* [SEI_BLACK], [SEI_WHITE]; [0] unused */
    int dame;
    double margin;           /* Black's lead in points */
    int winner;              /* SEI_BLACK, SEI_WHITE, SEI_EMPTY for a draw */
    sei_decided decided;     /* a count, or a game won without one */
    char result[24];         /* "B+7", "W+0.5", "0"; "B+R", "W+T", "B+F" when not counted */
    double margin_stones;    /* area rules with the stones form; else 0 */
    char result_stones[24];  /* "" unless stated in stones */
    char source[32];         /* "photo", "board file", "sgf", ... */
    char *photo_path;        /* NULL: none */
    uint8_t *photo;          /* the picture's bytes; NULL: not kept */
    size_t photo_len;
    /* The game record the result is of, when there is one (a counted SGF,
     * a recorded game): its text as it was when the result was agreed, so
     * an export keeps its moves and players, and where it was. Owned like
     * the photo fields; NULL: none. */
    char *game_sgf;
    char *game_path;
    /* Who played, and the result's standing. */
    sei_ident ident;
    /* Unique in a database, made when the result is first stored ("" on
     * save: a new one); a save of a UUID already there stores nothing
     * (a push repeated). */
    char uuid[SEI_UUID_LEN + 1];
    /* Ing's fill checked on the filled board before the result was
     * agreed (the kiosk's fill check, sei_fill_check): fill_checked 0 when
     * it was not done, and then the rest are 0. Each side's stones on the
     * filled board, its spares (as the players entered them) and its
     * holes; the margin the fill shows (holes + spares, Black's lead);
     * whether everything agreed; the points the reader was unsure of. */
    int fill_checked;
    int fill_on_board[3], fill_spare[3], fill_holes[3]; /* [SEI_BLACK], [SEI_WHITE] */
    int fill_margin, fill_ok, fill_unsure;
    int fill_recounted;      /* read only: a judge changed the count (its dead stones or result)
                                after the fill was checked, so the fill's verdict is of the count
                                before the correction (the audit trail keeps that count) */
    sei_result_state state;  /* on save: agreed or disputed */
    sei_result_origin origin;
    int audit_entries;       /* read only: the entries of its audit trail */
    int64_t audit_last;      /* read only: the id of its newest audit entry, 0 none */
} sei_store_result;

/* ---- the handle ----------------------------------------------------------------- */

/* Open (creating it if absent) the database at path: WAL, synchronous=FULL,
 * schema created or migrated. Returns a handle the caller frees with
 * sei_store_close, or NULL with a message in err (n bytes, may be 0)
 * naming the file and the reason: cannot create it (read-only place), not
 * a database, damaged, another program's database, a newer schema. */
sei_store *sei_store_open(const char *path, char *err, size_t n);
/* Open an existing database for reading only (`seichi results`): nothing
 * is written, no journal mode is set, so a file the user may only read, in
 * a folder they may only read, lists and exports. A file at an older
 * schema is upgraded as sei_store_open does when the user may write it,
 * else refused. */
sei_store *sei_store_open_readonly(const char *path, char *err, size_t n);
/* Close the handle; NULL is a no-op. Finish every cursor first. */
void sei_store_close(sei_store *s);
/* The message of the last failing call ("" if none). Owned by the handle,
 * valid until its next call. */
const char *sei_store_errmsg(const sei_store *s);

/* Store r in one transaction; *id (may be NULL) gets its id. r->time ""
 * stores the current time, r->uuid "" a new UUID. Nothing is stored
 * unless SEI_STORE_OK is returned; once it is, the result survives a
 * crash or power cut. A result whose UUID is already stored is not stored
 * again (*id gets the stored one's id): a push or a save repeated after
 * its answer was lost counts once. */
sei_store_status sei_store_save(sei_store *s, const sei_store_result *r, int64_t *id);
/* As sei_store_save, and *dup (may be NULL) set to 1 when r's UUID was
 * already stored: nothing is written then and *id is that result's id.
 * uuid (may be NULL; SEI_UUID_LEN + 1 bytes) gets the UUID stored. */
sei_store_status sei_store_save_uuid(sei_store *s, const sei_store_result *r, int64_t *id, char *uuid, int *dup);
/* Load result id into r (the caller's; release it with
 * sei_store_result_release, whatever the answer: r is zeroed first; r's
 * earlier photo fields are not freed, so release it first when reusing
 * it). SEI_STORE_ERR_NOTFOUND when absent. */
sei_store_status sei_store_get(sei_store *s, int64_t id, sei_store_result *r);
/* Number of results into *count. */
sei_store_status sei_store_count(sei_store *s, int64_t *count);
/* PRAGMA integrity_check: SEI_STORE_OK, or SEI_STORE_ERR_CORRUPT with
 * SQLite's first complaint as the message. */
sei_store_status sei_store_check(sei_store *s);

/* ---- listing ---------------------------------------------------------------------- */

/* The kiosk's settings, as text by key. get copies the value into buf (n
 * bytes, cut to fit) and returns SEI_STORE_ERR_NOTFOUND when the key was
 * never set; set stores or replaces it in one transaction. */
sei_store_status sei_store_setting_get(sei_store *s, const char *key, char *buf, size_t n);
sei_store_status sei_store_setting_set(sei_store *s, const char *key, const char *value);

typedef struct sei_store_cursor sei_store_cursor;
enum {
    SEI_STORE_LIST_NEWEST_FIRST = 1, /* default: in the order they were saved */
    SEI_STORE_LIST_PHOTOS = 2        /* also load the photo bytes (default: photo NULL) */
};
/* Start a listing of every result. Returns a cursor the caller frees with
 * sei_store_cursor_close (before closing s), or NULL with the message in s. */
sei_store_cursor *sei_store_list(sei_store *s, int flags);
/* Next result into r (release it with sei_store_result_release before the
 * next call). SEI_STORE_OK with a row, SEI_STORE_DONE at the end,
 * SEI_STORE_ERR_ROW for a row that is damaged (r holds nothing to release;
 * the message names it; call again for the rows after it), or another
 * error with the message in the store. */
sei_store_status sei_store_next(sei_store_cursor *c, sei_store_result *r);
/* Free a cursor; NULL is a no-op. */
void sei_store_cursor_close(sei_store_cursor *c);

/* ---- results -------------------------------------------------------------------- */

/* Free r's photo_path, photo, game_sgf and game_path and zero the struct;
 * NULL is a no-op. */
void sei_store_result_release(sei_store_result *r);

/* Fill r (zeroed first; r's earlier photo fields are not freed) from a
 * count: b the counted board, sc its count. source, photo_path may be NULL
 * (photo_path is copied). Time is left "" (the save's time). Returns
 * SEI_STORE_OK, SEI_STORE_ERR_ARG (sizes that do not match),
 * SEI_STORE_ERR_NOMEM. */
/* A fill check's outcome (f, with unsure points of the photo in doubt)
 * into r's fill fields. */
void sei_store_result_set_fill(sei_store_result *r, const sei_fill_report *f, int unsure);
sei_store_status sei_store_result_from_score(sei_store_result *r, const sei_board *b, const sei_score *sc,
                                             const char *source, const char *photo_path);

/* Fill r (zeroed first) for a game decided without a count: winner
 * (SEI_BLACK or SEI_WHITE) won by how (resignation, time or forfeit), b
 * the position it ended in (may be NULL: an empty board of size), under
 * rules with handicap. The result reads "B+R" and so on, the breakdown is
 * zero. Returns SEI_STORE_OK, SEI_STORE_ERR_ARG, SEI_STORE_ERR_NOMEM. */
sei_store_status sei_store_result_decided(sei_store_result *r, const sei_board *b, int size, const sei_rules *rules,
                                          int handicap, int winner, sei_decided how, const char *source,
                                          const char *photo_path);

/* Keep the game record with r: text (len bytes, copied) and its path (may
 * be NULL; made absolute when it can be). Returns SEI_STORE_OK or
 * SEI_STORE_ERR_NOMEM. */
sei_store_status sei_store_result_set_game(sei_store_result *r, const char *text, size_t len, const char *path);

/* What `seichi score ... --save` stores: fill r from the options and the
 * run of sei_cli_score_run. Source "photo", "sgf" or "board file"; with a
 * photo, photo_path is its absolute path, and with keep_photo its bytes
 * are read into r->photo as well. A record keeps its text and path; one
 * whose RE says it was won by resignation, time or forfeit is stored as
 * that result, not as the count. Who played is o's identity, its fields
 * not given taken from the record (PB, PW, EV, RO; sei_ident_from_sgf);
 * the origin is "cli". Returns as sei_store_result_from_score,
 * and SEI_STORE_ERR_IO when keep_photo and the photo cannot be read (msg,
 * n bytes, says why; may be NULL). */
sei_store_status sei_store_result_from_run(sei_store_result *r, const sei_score_opts *o,
                                           const sei_score_run *run, int keep_photo, char *msg, size_t n);

/* The default database: $XDG_DATA_HOME/seichi/results.db, or
 * ~/.local/share/seichi/results.db, creating the directories (0700) that
 * are missing. Writes the path into buf (n bytes). Returns SEI_STORE_OK,
 * or SEI_STORE_ERR_IO / SEI_STORE_ERR_ARG with a message in err (errn
 * bytes, may be 0): no home, a path too long, a directory that cannot be
 * made. */
sei_store_status sei_store_default_path(char *buf, size_t n, char *err, size_t errn);

/* ---- judges: the PIN, the actions, the audit trail -------------------------------- */

/* How PIN entry is guarded. The count of wrong PINs and the end of a lock
 * are kept in the database, so every process on the file (the kiosk, the
 * command line, the station) shares them. */
typedef struct {
    int max_tries;            /* wrong PINs in a row that lock PIN entry (5) */
    int lock_seconds;         /* how long it stays locked (60) */
    /* Argon2id's cost for a new PIN's hash (libsodium's interactive
     * limits: a fraction of a second and 64 MiB, fine on a Pi); a check
     * uses the cost written in the stored hash. */
    unsigned long long ops_limit;
    size_t mem_limit;
} sei_judge_params;

void sei_judge_params_default(sei_judge_params *p);
/* Use p (copied) for this handle's PIN checks; the defaults until set. */
void sei_store_set_judge_params(sei_store *s, const sei_judge_params *p);

/* A judge PIN is 4 to 12 digits. */
#define SEI_PIN_MIN 4
#define SEI_PIN_MAX 12
/* 0 for a PIN in that form, or -1 with why. */
int sei_pin_format_ok(const char *pin, char *why, size_t n);

/* Is a PIN set (*set), and how many seconds PIN entry stays locked
 * (*locked_for, 0 when it is not; may be NULL)? */
sei_store_status sei_store_pin_status(sei_store *s, int *set, int *locked_for);
/* Set the judge PIN, kept only as a salted Argon2id hash (libsodium's
 * crypto_pwhash_str). Changing one needs the old PIN (old_pin; ignored
 * when none is set), checked and counted as every PIN entry is.
 * SEI_STORE_ERR_ARG for a PIN not in the form, SEI_STORE_ERR_AUTH for a
 * wrong old PIN, SEI_STORE_ERR_LOCKED. */
sei_store_status sei_store_pin_set(sei_store *s, const char *old_pin, const char *new_pin);
/* Check a PIN (a judge mode entered on a screen): SEI_STORE_OK, or
 * SEI_STORE_ERR_AUTH (none set, or wrong: counted), SEI_STORE_ERR_LOCKED. */
sei_store_status sei_store_pin_verify(sei_store *s, const char *pin);

/* What a judge's correction changes: the fields of ident whose bits are
 * in given; result (NULL: unchanged), the result of a game decided
 * without a count: "B+R", "W+R", "B+T", "W+T", "B+F", "W+F" (the count's
 * breakdown stays in the row but no longer counts; its dead stones are
 * cleared, and the audit trail keeps them); or dead (NULL: unchanged),
 * the dead stones agreed now ("none", or points as `score --dead` takes
 * them, each naming its chain): the stored position is counted again
 * with them, under its stored rules, komi, handicap and prisoners, and
 * the count replaces the old one (a game corrected to B+R and so on is a
 * count again). Not result and dead both. */
typedef struct {
    sei_ident ident;
    unsigned given;
    const char *result;
    const char *dead;
} sei_store_change;

/* The judge's actions. Each checks the PIN (as sei_store_pin_verify) and
 * the result's state, then changes the result and appends one audit row
 * per field changed, all in one transaction: after a failure or a crash
 * at any moment, either the change and its audit rows are there or
 * neither is. judge (a name, as sei_ident_text_ok, not empty) and reason
 * (up to SEI_IDENT_REASON bytes; required but for confirm) go into the
 * audit rows.
 *
 * correct: a result agreed or disputed; *changed (may be NULL) gets the
 * number of fields that changed (0: it already read so, nothing written).
 * void: any result not voided yet (a confirmed one too). confirm: an
 * agreed or disputed result, which is then locked. SEI_STORE_ERR_STATE
 * when the state refuses, SEI_STORE_ERR_NOTFOUND, SEI_STORE_ERR_AUTH,
 * SEI_STORE_ERR_LOCKED, SEI_STORE_ERR_ARG for bad values. */
sei_store_status sei_store_correct(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason,
                                   const sei_store_change *c, int *changed);
sei_store_status sei_store_void(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason);
sei_store_status sei_store_confirm(sei_store *s, int64_t id, const char *pin, const char *judge, const char *reason);

/* One entry of a result's audit trail. The text fields are owned by the
 * array (sei_store_audit_free). */
typedef struct {
    int64_t id, result_id;
    char uuid[SEI_UUID_LEN + 1];
    char time[32];           /* UTC, as a result's time */
    char local_time[40];     /* the kiosk's local time then, "2024-05-01 14:34:56 +0200" */
    char action[16];         /* "correct", "void", "confirm" */
    char field[16];          /* "result", "white", "state", ... */
    char *judge, *old_value, *new_value, *reason;
} sei_store_audit;

/* Result id's audit trail, oldest first, into *rows (*n entries; NULL and
 * 0 when there are none); SEI_STORE_ERR_NOTFOUND when there is no such
 * result. Free with sei_store_audit_free. */
sei_store_status sei_store_audit_get(sei_store *s, int64_t id, sei_store_audit **rows, int *n);
/* As sei_store_audit_get, only the entries after audit row after (0:
 * all): what a kiosk sends the station of a result it sent before. */
sei_store_status sei_store_audit_since(sei_store *s, int64_t id, int64_t after, sei_store_audit **rows, int *n);
void sei_store_audit_free(sei_store_audit *rows, int n);

/* ---- the director's station: kiosks, the tournament, results received ------------ */

/* A kiosk's token: 32 random bytes (libsodium) as 64 hex digits; the
 * station keeps only its BLAKE2b hash, so a copy of its database gives no
 * token. A pairing code: 6 digits, used once, valid a while; kept hashed
 * too. */
#define SEI_TOKEN_LEN 64
#define SEI_CODE_LEN 6

/* Whether name may name a kiosk: text of 1 to SEI_IDENT_TEXT bytes
 * (sei_ident_text_ok), not all blanks. 0, or -1 with the reason in why (n
 * bytes). sei_store_kiosk_enroll checks it; a command may first, before it
 * makes a database for the kiosk. */
int sei_store_kiosk_name_ok(const char *name, char *why, size_t n);
/* Make a kiosk's credentials: a new token (token, SEI_TOKEN_LEN + 1
 * bytes) and a one-time pairing code (code, SEI_CODE_LEN + 1 bytes) valid
 * for code_seconds. A kiosk enrolled again under its name (a lost token, a
 * revoked kiosk back) gets new credentials and its old token stops
 * working; *again (may be NULL) says so. name is text as
 * sei_ident_text_ok takes it, not empty. SEI_STORE_ERR_ARG for a bad name. */
sei_store_status sei_store_kiosk_enroll(sei_store *s, const char *name, int code_seconds, char *token, char *code,
                                        int *again);
/* Revoke a kiosk: its token and code stop working. SEI_STORE_ERR_NOTFOUND
 * when no kiosk has that name. */
sei_store_status sei_store_kiosk_revoke(sei_store *s, const char *name);
/* The kiosk a token belongs to, its name into name (n bytes):
 * SEI_STORE_OK, or SEI_STORE_ERR_AUTH for no such token or a revoked
 * kiosk. */
sei_store_status sei_store_kiosk_auth(sei_store *s, const char *token, char *name, size_t n);
/* Exchange a pairing code for a new token (the kiosk's earlier one stops
 * working): the code must be valid (not used, not expired, the kiosk not
 * revoked) and, when name is not NULL or "", be that kiosk's. Wrong codes
 * are counted as judge PINs are: max_tries in a row lock the exchange for
 * lock_seconds, whatever the code. SEI_STORE_OK with the token and the
 * kiosk's name (n bytes); SEI_STORE_ERR_AUTH; SEI_STORE_ERR_LOCKED. */
sei_store_status sei_store_kiosk_redeem(sei_store *s, const char *code, const char *name, int max_tries,
                                        int lock_seconds, char *token, char *kiosk, size_t n);

typedef struct {
    char name[SEI_IDENT_TEXT + 1];
    char created[32];
    char revoked[32];       /* "" when not revoked */
    int code_valid_for;     /* seconds the pairing code is still valid; 0 used or expired */
    int64_t received;       /* results received from it */
} sei_store_kiosk;
/* Every kiosk, by name, into *rows (*n; free() it). */
sei_store_status sei_store_kiosk_list(sei_store *s, sei_store_kiosk **rows, int *n);

/* Store a result received from a kiosk (kiosk: its name) as
 * sei_store_save_uuid does, with which kiosk sent it in the same
 * transaction. *dup set when its UUID was already stored (nothing written). */
sei_store_status sei_store_receive(sei_store *s, const sei_store_result *r, const char *kiosk, int64_t *id, int *dup);
/* Which kiosk sent result id, into name (n bytes): "" when it was not
 * received from one. */
sei_store_status sei_store_received_from(sei_store *s, int64_t id, char *name, size_t n);
/* The id of the result with that UUID; SEI_STORE_ERR_NOTFOUND. */
sei_store_status sei_store_find_uuid(sei_store *s, const char *uuid, int64_t *id);

/* At most this many audit entries in one kiosk's changes sent to the
 * station (a judge's correction makes a few; more go in several). */
#define SEI_STORE_CHANGES_MAX 64

/* What became of a kiosk judge's change sent to the station. */
typedef enum {
    SEI_CHANGE_APPLIED = 0,  /* the new values, state and audit entries are the station's now */
    SEI_CHANGE_ALREADY,      /* taken before (the same change sent again): nothing written */
    SEI_CHANGE_REFUSED       /* not applied: recorded in one audit row, the result disputed if open */
} sei_change_outcome;
/* A judge's change made at kiosk (its name) to a result it sent: nr the
 * result as the kiosk has it now (its UUID names it; its state may be
 * confirmed or voided), rows[0..n) the kiosk's audit entries after what
 * it sent before (ids increasing, their action, field, old and new values,
 * judge, times and reason), through the last one's id. In one transaction:
 * when no judge at the station changed or confirmed the result since it
 * was received (or since the kiosk's last change), its values (result,
 * count, dead stones, who played) and state become nr's (a dispute the
 * station found stays disputed; a confirmed result is only voided) and
 * the entries are appended to its trail with judge "JUDGE at kiosk
 * KIOSK" and the kiosk's times; else nothing is applied, one audit row
 * records the kiosk's change (old: the station's result and state, new:
 * the kiosk's entries, and their reasons), an open result becomes
 * disputed, and the message says why (*out SEI_CHANGE_REFUSED). Either
 * way the station keeps through: the same change again is
 * SEI_CHANGE_ALREADY. SEI_STORE_ERR_NOTFOUND no such UUID,
 * SEI_STORE_ERR_AUTH a result another kiosk (or none) sent,
 * SEI_STORE_ERR_ARG entries out of order, a board, rules or komi that
 * differ from the station's, a result that is not consistent. */
sei_store_status sei_store_kiosk_change(sei_store *s, const char *kiosk, const sei_store_result *nr,
                                        const sei_store_audit *rows, int n, int64_t through, sei_change_outcome *out);

struct sei_og;
/* What sei_store_tournament_set lets pass (flags). */
enum {
    SEI_IMPORT_OTHER_EVENT = 1, /* another tournament over results held */
    SEI_IMPORT_OLDER = 2        /* fewer rounds paired, or games with results gone */
};
/* Import a tournament read with sei_og_read: its file (data, len bytes,
 * kept whole to be written back), its players and the games of each round
 * at their tables, replacing an earlier import, in one transaction. The
 * results stay: a round's new pairing is imported over the last. So, with
 * SEI_STORE_ERR_STATE and nothing changed, a database holding results
 * refuses another tournament than the one imported (sei_og_same_event:
 * its results would be taken for the new tournament's games at the same
 * rounds and tables) unless flags hold SEI_IMPORT_OTHER_EVENT, and any
 * database refuses a file that pairs fewer rounds than the one imported,
 * or has no game where a result not voided stands (an older file: the
 * kiosks would show a past round's games, and those results none) unless
 * flags hold SEI_IMPORT_OLDER. */
sei_store_status sei_store_tournament_set(sei_store *s, const struct sei_og *og, const char *data, size_t len,
                                          int flags);
/* The imported file (*data, *len; the caller frees it) and the
 * tournament's name (name, n bytes; may be NULL). data and len NULL: the
 * name only. SEI_STORE_ERR_NOTFOUND when none was imported. */
sei_store_status sei_store_tournament_file(sei_store *s, char **data, size_t *len, char *name, size_t n);

typedef struct {
    char name[SEI_IDENT_TEXT + 1], first_name[SEI_IDENT_TEXT + 1];
    char rank[16], club[SEI_IDENT_TEXT + 1], country[16], egf_pin[16], aga_id[16];
    int known;              /* 0: the game names no player on this side (a key that names nobody) */
} sei_store_player;
typedef struct {
    int round, table, handicap;
    sei_store_player black, white;
} sei_store_pairing;
/* A player as the kiosk's banner and a result name them: the family name,
 * then the given name ("Müller Jörg"), cut at a character to fit
 * SEI_IDENT_TEXT bytes; "" for no player. */
void sei_store_player_name(const sei_store_player *p, char *out, size_t n);

/* How a result's players (who->black, who->white) stand to the pairing p
 * of its round and table. Names are the same when they hold the same
 * words, whatever their order, spacing and ASCII case ("Jörg Müller" is
 * "Müller Jörg"); a name not given matches anyone. */
typedef enum {
    SEI_PAIRED_SAME,    /* as paired, or no name given */
    SEI_PAIRED_SWAPPED, /* the pairing's players with the colours swapped */
    SEI_PAIRED_OTHER    /* someone else at this table */
} sei_paired;
sei_paired sei_store_paired(const sei_store_pairing *p, const sei_ident *who);
/* result ("B+1.5") in the pairing p's colours (p NULL: as it is) into out
 * (24 bytes, as sei_store_result's): B and W turned round when who are p's
 * players with the colours swapped. */
void sei_store_in_pairing_colours(const sei_store_pairing *p, const sei_ident *who, const char *result, char *out);

/* The game at a table of a round of the imported tournament (round 0:
 * the latest round with a game at that table, as a kiosk asks for it);
 * SEI_STORE_ERR_NOTFOUND when there is none. */
sei_store_status sei_store_pairing_get(sei_store *s, int round, int table, sei_store_pairing *p);
/* Every game of a round (round 0: of every round), by round and table,
 * into *rows (*n; free() it; NULL and 0 when none). */
sei_store_status sei_store_pairings(sei_store *s, int round, sei_store_pairing **rows, int *n);
/* The rounds that have games in the imported tournament or results,
 * ascending, into *rounds (*n; free() it; NULL and 0 when none). */
sei_store_status sei_store_rounds(sei_store *s, int **rounds, int *n);

/* A kiosk's outbox: the results the station has not acknowledged, and
 * the judges' changes to results it has that it has not taken. Was the
 * result with this UUID acknowledged (*sent), and up to which of its audit
 * rows (*through: 0 none)? Mark it acknowledged up to audit row through
 * (the mark only grows; a first push marks the rows the result sent
 * already carried, its audit_last as read). How many results wait (never
 * sent and not voided, or sent with audit rows after the mark), for the
 * kiosk's screens? */
sei_store_status sei_store_outbox_sent(sei_store *s, const char *uuid, int *sent);
sei_store_status sei_store_outbox_mark(sei_store *s, const char *uuid, int *sent, int64_t *through);
sei_store_status sei_store_outbox_ack(sei_store *s, const char *uuid, int64_t through);
sei_store_status sei_store_outbox_count(sei_store *s, int64_t *waiting);

/* Result r's position as a board (the caller destroys it), and, when dead
 * is not NULL (SEI_MAX_POINTS), its dead stones marked there: what a judge
 * corrects the dead stones on, and what a correction counts again. NULL
 * with why (n bytes) for a position that cannot be set up. */
sei_board *sei_store_result_board(const sei_store_result *r, uint8_t *dead, char *why, size_t n);

/* Short name of a status: "ok", "not found", ... */
const char *sei_store_status_name(sei_store_status st);

/* The game record of result r that `seichi score --sgf` counts again to
 * r (what `results export --sgf` writes): r's game whole when it has one
 * that ends in r's position (*kept_game, may be NULL, then 1), else the
 * position as setup stones; RU, KM, RE, the count as TB/TW with the dead
 * stones, and SEIP prisoners when the moves do not give them. *text is
 * NUL-terminated, the caller frees it. Returns 0, or -1 with msg (n
 * bytes). (cmd_results.c) */
int sei_results_sgf(const sei_store_result *r, char **text, size_t *len, int *kept_game, char *msg, size_t n);

/* Result r as the JSON object `results list --json` (full 0) and `results
 * show --json` (full 1) print; the caller deletes it (NULL: out of
 * memory). What a kiosk pushes to the station. (cmd_results.c) */
struct cJSON;
struct cJSON *sei_results_json(const sei_store_result *r, int full);
/* Result r's audit trail (n rows) into doc as `results audit --json`
 * prints it and the station's audit view answers: "result" (id, uuid,
 * state) and "audit" (each entry: id, time, local_time, judge, action,
 * field, old, new, reason). 0, or -1 out of memory. (cmd_results.c) */
int sei_results_audit_json(struct cJSON *doc, const sei_store_result *r, const sei_store_audit *rows, int n);
/* The reverse, for what the station receives: r (zeroed first) from a
 * result's full JSON, every field's type, range, text (UTF-8, no control
 * characters, caps) checked; no photo, game record or paths (they stay
 * on the kiosk). A result confirmed on the kiosk comes in agreed; one
 * voided is refused. sei_store_save checks the rest (a count that agrees
 * with its scores). 0, or -1 with the reason in why (n bytes).
 * (cmd_results.c) */
int sei_results_from_json(const struct cJSON *o, sei_store_result *r, char *why, size_t n);
/* As sei_results_from_json, the state kept as the kiosk has it (agreed,
 * disputed, confirmed, voided): the result sent with a judge's change. */
int sei_results_change_from_json(const struct cJSON *o, sei_store_result *r, char *why, size_t n);
/* The reverse of sei_results_audit_json's "audit" for what the station
 * receives: a list of 1 to max entries (id, time, local_time, judge,
 * action, field, old, new, reason; every text checked as UTF-8 without
 * control characters, within its cap) into *rows (*n; free with
 * sei_store_audit_free). 0, or -1 with why (n bytes). (cmd_results.c) */
int sei_results_audit_from_json(const struct cJSON *a, int max, sei_store_audit **rows, int *n, char *why,
                                size_t wn);

/* Send every result of s the station at URL station (http://HOST:PORT)
 * has not acknowledged, but voided ones, with the kiosk's token; mark
 * those it acknowledges. With nothing to send, the station is asked
 * whether it takes the token (an older station that cannot say is no
 * failure). Returns 0 all sent, 1 some refused (each named on err), 2 the
 * database or an answer that is not the API's, 3 the token refused, 5 the
 * station unreachable (the rest wait). (cmd_push.c) */
int sei_results_push(sei_store *s, const char *station, const char *token, FILE *out, FILE *err);
/* As sei_results_push, to a station at https://... verified against the
 * certificate authority in the PEM file cacert (NULL: the system's);
 * libcurl checks the certificate and the host name, never skipped. Also
 * returns 6 when the station's certificate is not trusted (nothing sent),
 * 2 for cacert with an http:// station or a cacert not read. */
int sei_results_push_tls(sei_store *s, const char *station, const char *token, const char *cacert, FILE *out,
                         FILE *err);

/* Export every result of s: a CSV file (csv, NULL: none; "-" standard
 * output) and one SGF file per result into sgf_dir (made if missing;
 * NULL: none), each written whole or not at all. An existing file (an
 * earlier export's seichi-ID.sgf in sgf_dir) is replaced only with force;
 * a symbolic link or a device never. Says what it wrote on out and why it
 * failed on err; returns 0, 1 when damaged results were skipped (each
 * named on err; the rest written), 2 on failure. (cmd_results.c) */
int sei_results_export(sei_store *s, const char *csv, const char *sgf_dir, int force, FILE *out, FILE *err);

#endif
