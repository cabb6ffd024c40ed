/* cmd_results.c - `seichi results`: the stored results listed, one shown
 * with its board and breakdown, or all exported as CSV for tournament
 * software or as one SGF file each. Exports are written atomically (a temp
 * file, fsync, rename), so a crash never leaves half a file under the
 * final name. */
#define _DEFAULT_SOURCE   /* timegm */
#define _XOPEN_SOURCE 700 /* strptime */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "boardfile.h"
#include "cli.h"
#include "jsonout.h"
#include "textbuf.h"
#include "sgf.h"
#include "push.h"
#include "store.h"

static const char usage_text[] =
    "usage: seichi results [--db PATH] list [--json]\n"
    "       seichi results [--db PATH] show N [--json]\n"
    "       seichi results [--db PATH] export --csv FILE | --sgf DIR [--force]\n"
    "       seichi results [--db PATH] audit N [--json]\n"
    "       seichi results [--db PATH] push [--station URL (--token T | --token-file FILE) [--cacert FILE]]\n"
    "       seichi results [--db PATH] set-pin [--pin-file FILE]\n"
    "       seichi results [--db PATH] correct N --judge NAME --reason TEXT [--result R | --dead POINTS|none]\n"
    "                      " SEI_IDENT_USAGE " [--pin-file FILE]\n"
    "       seichi results [--db PATH] void N --judge NAME --reason TEXT [--pin-file FILE]\n"
    "       seichi results [--db PATH] confirm N --judge NAME [--reason TEXT] [--pin-file FILE]\n"
    "  list        one line per result: id, time, board size, rules, result\n"
    "  show N      the stored board and breakdown of result N\n"
    "  --json      list or show as one JSON document\n"
    "  export      --csv FILE: one row per result (FILE '-' for standard output);\n"
    "              --sgf DIR: one SGF file per result, DIR/seichi-ID.sgf;\n"
    "              an existing file is replaced only with --force, a symbolic\n"
    "              link or a device never\n"
    "  audit N     the judges' changes to result N, oldest first\n"
    "  push        send the results the station does not have yet (not voided ones),\n"
    "              and judges' changes (correct, void, confirm) to those it has;\n"
    "              --token-file: the token is the file's last line; --cacert: the\n"
    "              certificate authority of an https:// station (PEM), else the system's;\n"
    "              with none of --station, --token, --token-file, the station the kiosk\n"
    "              was paired with (its Settings)\n"
    "  set-pin     set the judge PIN (4 to 12 digits); changing one needs the old\n"
    "  correct N   a judge changes who played, the result to B+R, W+T, B+F, ...,\n"
    "              or the dead stones (the stored position counted again)\n"
    "  void N      a judge voids result N (a confirmed one too)\n"
    "  confirm N   a judge confirms result N: no correction after that\n"
    "  --pin-file FILE  the PIN (and for set-pin the new one) a line each; else\n"
    "              read from standard input, with no echo on a terminal\n"
    "  --db PATH   the database (default $XDG_DATA_HOME/seichi/results.db,\n"
    "              else ~/.local/share/seichi/results.db)\n";

static int bad(FILE *err, const char *fmt, const char *arg)
{
    fprintf(err, "seichi results: ");
    fprintf(err, fmt, arg);
    fprintf(err, "\n");
    return 2;
}

static const char *winner_word(int w) { return w == SEI_BLACK ? "B" : w == SEI_WHITE ? "W" : "draw"; }

/* ---- atomic files ---------------------------------------------------------------- */


/* A stored UTC time ("2024-05-01T12:34:56Z") as the local time in fmt
 * (strftime), as a player's clock read it. Returns 1, or 0 for a time
 * that does not read. */
static int local_time(const char *utc, const char *fmt, char *buf, size_t n)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    const char *end = strptime(utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
    if (!end || *end)
        return 0;
    time_t t = timegm(&tm);
    struct tm lt;
    return t != (time_t)-1 && localtime_r(&t, &lt) && strftime(buf, n, fmt, &lt) > 0;
}

/* ---- list and show --------------------------------------------------------------- */

/* One stored result as a JSON object: what the listing shows, and with
 * full the board, the breakdown and the dead stones as well. */
static cJSON *result_json(const sei_store_result *r, int full)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    cJSON_AddNumberToObject(o, "id", (double)r->id);
    cJSON_AddStringToObject(o, "time", r->time);
    cJSON_AddStringToObject(o, "rules", r->rules);
    cJSON_AddStringToObject(o, "scoring", r->area ? "area" : "territory");
    cJSON_AddNumberToObject(o, "size", r->size);
    cJSON_AddNumberToObject(o, "komi", r->komi);
    cJSON_AddNumberToObject(o, "handicap", r->handicap);
    cJSON_AddStringToObject(o, "decided_by", sei_decided_name(r->decided));
    cJSON_AddStringToObject(o, "winner", winner_word(r->winner));
    cJSON_AddStringToObject(o, "result", r->result);
    if (r->result_stones[0])
        cJSON_AddStringToObject(o, "result_stones", r->result_stones);
    cJSON_AddStringToObject(o, "source", r->source);
    if (r->photo_path)
        cJSON_AddStringToObject(o, "photo_path", r->photo_path);
    if (r->game_path)
        cJSON_AddStringToObject(o, "game_path", r->game_path);
    /* Who played and where the result stands: always there ("" and null
     * when not known), so a reader need not test for them. */
    const sei_ident *who = &r->ident;
    cJSON_AddStringToObject(o, "uuid", r->uuid);
    cJSON_AddStringToObject(o, "state", sei_state_name(r->state));
    cJSON_AddStringToObject(o, "origin", sei_origin_name(r->origin));
    cJSON_AddStringToObject(o, "event", who->event);
    if (who->round)
        cJSON_AddNumberToObject(o, "round", who->round);
    else
        cJSON_AddNullToObject(o, "round");
    if (who->table)
        cJSON_AddNumberToObject(o, "table", who->table);
    else
        cJSON_AddNullToObject(o, "table");
    cJSON_AddStringToObject(o, "black_player", who->black);
    cJSON_AddStringToObject(o, "white_player", who->white);
    cJSON_AddStringToObject(o, "black_id", who->black_id);
    cJSON_AddStringToObject(o, "white_id", who->white_id);
    cJSON_AddNumberToObject(o, "audit_entries", r->audit_entries);
    if (!full)
        return o;
    cJSON_AddBoolToObject(o, "photo_kept", r->photo != NULL);
    cJSON_AddBoolToObject(o, "game_kept", r->game_sgf != NULL);
    if (r->decided == SEI_DECIDED_COUNT) {
        /* A game won without a count has no breakdown to give. */
        cJSON_AddNumberToObject(o, "bonus", r->bonus);
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
            const sei_store_side *d = &r->side[c];
            cJSON *so = cJSON_AddObjectToObject(o, c == SEI_BLACK ? "black" : "white");
            if (!so)
                continue;
            cJSON_AddNumberToObject(so, "stones", d->stones);
            cJSON_AddNumberToObject(so, "territory", d->territory);
            cJSON_AddNumberToObject(so, "area", d->area);
            cJSON_AddNumberToObject(so, "prisoners", d->prisoners);
            cJSON_AddNumberToObject(so, "dead", d->dead);
            cJSON_AddNumberToObject(so, "seki_eyes", d->seki_eyes);
            cJSON_AddNumberToObject(so, "false_eyes", d->false_eyes);
            cJSON_AddNumberToObject(so, "penalty", d->penalty);
            cJSON_AddNumberToObject(so, "score", d->score);
        }
        cJSON_AddNumberToObject(o, "dame", r->dame);
        cJSON_AddNumberToObject(o, "margin", r->margin);
        if (r->result_stones[0])
            cJSON_AddNumberToObject(o, "margin_stones", r->margin_stones);
    }
    /* Ing's fill checked on the kiosk before agreeing (absent: none). */
    cJSON *fo = r->fill_checked ? cJSON_AddObjectToObject(o, "fill_check") : NULL;
    for (int c = SEI_BLACK; fo && c <= SEI_WHITE; c++) {
        cJSON *so = cJSON_AddObjectToObject(fo, c == SEI_BLACK ? "black" : "white");
        if (!so)
            continue;
        cJSON_AddNumberToObject(so, "on_board", r->fill_on_board[c]);
        cJSON_AddNumberToObject(so, "spare", r->fill_spare[c]);
        cJSON_AddNumberToObject(so, "holes", r->fill_holes[c]);
    }
    if (fo) {
        cJSON_AddNumberToObject(fo, "margin", r->fill_margin);
        cJSON_AddBoolToObject(fo, "ok", r->fill_ok);
        cJSON_AddNumberToObject(fo, "unsure", r->fill_unsure);
        if (r->fill_recounted)
            cJSON_AddBoolToObject(fo, "before_correction", 1);
    }
    /* The position and its count as stored: rows from the top. */
    for (int k = 0; k < 2; k++) {
        cJSON *rows = cJSON_AddArrayToObject(o, k ? "territory" : "position");
        const char *d = k ? r->territory : r->position;
        char line[SEI_MAX_SIZE + 1];
        for (int y = 0; rows && y < r->size; y++) {
            memcpy(line, d + y * (r->size + 1), (size_t)r->size);
            line[r->size] = 0;
            cJSON_AddItemToArray(rows, cJSON_CreateString(line));
        }
    }
    cJSON *dead = cJSON_AddArrayToObject(o, "dead");
    for (const char *p = r->dead; dead && *p; p += p[2] ? 3 : 2) {
        char pt[3] = {p[0], p[1], 0};
        cJSON_AddItemToArray(dead, cJSON_CreateString(pt));
    }
    return o;
}

cJSON *sei_results_json(const sei_store_result *r, int full) { return result_json(r, full); }

/* ---- a result back from its JSON (what the station receives) ----------------------- */

static int json_bad(char *why, size_t n, const char *fmt, const char *field)
{
    snprintf(why, n, fmt, field);
    return -1;
}

/* Text field name of o into buf (cap bytes of UTF-8 with no control
 * characters); absent is "" unless required. */
static int json_text(const cJSON *o, const char *name, int required, char *buf, size_t cap, char *why, size_t n)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    buf[0] = 0;
    if (!v || cJSON_IsNull(v))
        return required ? json_bad(why, n, "'%s' is missing", name) : 0;
    if (!cJSON_IsString(v))
        return json_bad(why, n, "'%s' is not a string", name);
    char w[128];
    if (sei_ident_text_ok(v->valuestring, cap - 1, w, sizeof w)) {
        snprintf(why, n, "'%s': %s", name, w);
        return -1;
    }
    snprintf(buf, cap, "%s", v->valuestring);
    return 0;
}

/* Whole number field name of o in [lo, hi] (null or absent: *v = 0 unless required). */
static int json_int(const cJSON *o, const char *name, int required, int lo, int hi, int *v, char *why, size_t n)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, name);
    *v = 0;
    if (!j || cJSON_IsNull(j))
        return required ? json_bad(why, n, "'%s' is missing", name) : 0;
    double d = cJSON_IsNumber(j) ? j->valuedouble : lo - 1.0;
    /* The range first: converting a number far out of it is undefined. */
    if (!(d >= lo && d <= hi) || d != floor(d)) {
        snprintf(why, n, "'%s' is not a whole number from %d to %d", name, lo, hi);
        return -1;
    }
    *v = (int)d;
    return 0;
}

/* Number field name of o, at most a million either way (absent: *v = 0). */
static int json_num(const cJSON *o, const char *name, double *v, char *why, size_t n)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, name);
    *v = 0;
    if (!j)
        return 0;
    if (!cJSON_IsNumber(j) || !isfinite(j->valuedouble) || fabs(j->valuedouble) > 1e6)
        return json_bad(why, n, "'%s' is not a number", name);
    /* Kept to a millionth of a point (a komi or a score is a multiple of
     * a quarter): cJSON writes a number with 15 digits when they read
     * back to within a rounding error of it, so a value with more would
     * come back from a kiosk's own writing as another double. */
    *v = round(j->valuedouble * 1e6) / 1e6;
    return 0;
}

/* A diagram (rows from the top, each of size points of allowed) into d. */
static int json_rows(const cJSON *o, const char *name, int size, char *d, char *why, size_t n)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != size)
        return snprintf(why, n, "'%s' is not %d rows", name, size), -1;
    int y = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, a)
    {
        if (!cJSON_IsString(row) || strlen(row->valuestring) != (size_t)size)
            return snprintf(why, n, "'%s' row %d is not %d points", name, y + 1, size), -1;
        memcpy(d + y * (size + 1), row->valuestring, (size_t)size);
        d[y * (size + 1) + size] = '\n';
        y++;
    }
    d[size * (size + 1)] = 0;
    return 0;
}

/* A result's "fill_check" (absent: none was done) into r. */
static int fill_from_json(const cJSON *o, sei_store_result *r, char *why, size_t n)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "fill_check");
    if (!f || cJSON_IsNull(f))
        return 0;
    if (!cJSON_IsObject(f))
        return json_bad(why, n, "%s", "'fill_check' is not an object");
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        const cJSON *so = cJSON_GetObjectItemCaseSensitive(f, c == SEI_BLACK ? "black" : "white");
        if (!cJSON_IsObject(so))
            return json_bad(why, n, "'fill_check' has no '%s'", c == SEI_BLACK ? "black" : "white");
        if (json_int(so, "on_board", 1, 0, SEI_MAX_SIZE * SEI_MAX_SIZE, &r->fill_on_board[c], why, n) ||
            json_int(so, "spare", 1, 0, 999, &r->fill_spare[c], why, n) ||
            json_int(so, "holes", 1, 0, SEI_MAX_SIZE * SEI_MAX_SIZE, &r->fill_holes[c], why, n))
            return -1;
    }
    const cJSON *ok = cJSON_GetObjectItemCaseSensitive(f, "ok");
    if (!cJSON_IsBool(ok))
        return json_bad(why, n, "%s", "'fill_check' has no 'ok' (true or false)");
    if (json_int(f, "margin", 1, -2000, 2000, &r->fill_margin, why, n) ||
        json_int(f, "unsure", 1, 0, SEI_MAX_SIZE * SEI_MAX_SIZE, &r->fill_unsure, why, n))
        return -1;
    r->fill_ok = cJSON_IsTrue(ok);
    r->fill_checked = 1;
    return 0;
}

/* A result from its JSON; keep_state: its state as given (a kiosk
 * judge's change), else as a first push takes it. */
static int result_from_json(const cJSON *o, sei_store_result *r, int keep_state, char *why, size_t n)
{
    memset(r, 0, sizeof *r);
    if (!cJSON_IsObject(o))
        return json_bad(why, n, "%s", "a result is a JSON object");
    char word[32];
    if (json_text(o, "uuid", 1, r->uuid, sizeof r->uuid, why, n))
        return -1;
    if (!sei_uuid_ok(r->uuid))
        return json_bad(why, n, "%s", "'uuid' is not 8-4-4-4-12 lowercase hex digits");
    if (json_text(o, "time", 0, r->time, sizeof r->time, why, n))
        return -1;
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    const char *end = r->time[0] ? strptime(r->time, "%Y-%m-%dT%H:%M:%SZ", &tm) : "";
    if (!end || *end)
        return json_bad(why, n, "%s", "'time' is not UTC as 2024-05-01T12:34:56Z");
    if (json_text(o, "rules", 1, r->rules, sizeof r->rules, why, n) || json_text(o, "source", 0, r->source, sizeof r->source, why, n) ||
        json_int(o, "size", 1, SEI_MIN_SIZE, SEI_MAX_SIZE, &r->size, why, n) ||
        json_int(o, "handicap", 0, 0, 9 * 9, &r->handicap, why, n) || json_num(o, "komi", &r->komi, why, n) ||
        json_text(o, "result", 1, r->result, sizeof r->result, why, n) ||
        json_text(o, "result_stones", 0, r->result_stones, sizeof r->result_stones, why, n))
        return -1;
    if (!cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(o, "komi")))
        return json_bad(why, n, "'%s' is missing", "komi");
    if (json_text(o, "scoring", 0, word, sizeof word, why, n))
        return -1;
    sei_rules preset;
    r->area = word[0] ? !strcmp(word, "area") : !sei_rules_preset(&preset, r->rules) && preset.scoring == SEI_SCORING_AREA;
    if (json_text(o, "decided_by", 0, word, sizeof word, why, n))
        return -1;
    r->decided = SEI_DECIDED_COUNT;
    if (word[0]) {
        int d = -1;
        for (int k = SEI_DECIDED_COUNT; k <= SEI_DECIDED_FORFEIT; k++)
            if (!strcmp(word, sei_decided_name((sei_decided)k)))
                d = k;
        if (d < 0)
            return json_bad(why, n, "%s", "'decided_by' is not count, resignation, time or forfeit");
        r->decided = (sei_decided)d;
    }
    if (json_text(o, "winner", 1, word, sizeof word, why, n))
        return -1;
    r->winner = !strcmp(word, "B") ? SEI_BLACK : !strcmp(word, "W") ? SEI_WHITE : !strcmp(word, "draw") ? SEI_EMPTY : -1;
    if (r->winner < 0)
        return json_bad(why, n, "%s", "'winner' is not B, W or draw");
    if (json_rows(o, "position", r->size, r->position, why, n) || json_rows(o, "territory", r->size, r->territory, why, n))
        return -1;
    const cJSON *dead = cJSON_GetObjectItemCaseSensitive(o, "dead"), *pt;
    if (dead && !cJSON_IsArray(dead))
        return json_bad(why, n, "%s", "'dead' is not a list of points");
    size_t k = 0;
    cJSON_ArrayForEach(pt, dead)
    {
        if (!cJSON_IsString(pt) || strlen(pt->valuestring) != 2 || k + 3 >= sizeof r->dead)
            return json_bad(why, n, "%s", "'dead' is not a list of SGF points");
        k += (size_t)snprintf(r->dead + k, sizeof r->dead - k, "%s%s", k ? " " : "", pt->valuestring);
    }
    /* The count's breakdown, the handicap's bonus in it, as the kiosk
     * writes it: only for a game decided by a count. */
    if (r->decided == SEI_DECIDED_COUNT) {
        if (json_num(o, "bonus", &r->bonus, why, n))
            return -1;
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
            const cJSON *so = cJSON_GetObjectItemCaseSensitive(o, c == SEI_BLACK ? "black" : "white");
            sei_store_side *d = &r->side[c];
            if (!cJSON_IsObject(so))
                return json_bad(why, n, "'%s' (the count's breakdown) is missing", c == SEI_BLACK ? "black" : "white");
            int max = SEI_MAX_SIZE * SEI_MAX_SIZE * 4;
            if (json_int(so, "stones", 1, 0, max, &d->stones, why, n) ||
                json_int(so, "territory", 1, 0, max, &d->territory, why, n) ||
                json_int(so, "area", 1, 0, max, &d->area, why, n) ||
                json_int(so, "prisoners", 1, 0, max, &d->prisoners, why, n) ||
                json_int(so, "dead", 1, 0, max, &d->dead, why, n) ||
                json_int(so, "seki_eyes", 0, 0, max, &d->seki_eyes, why, n) ||
                json_int(so, "false_eyes", 0, 0, max, &d->false_eyes, why, n) ||
                json_num(so, "penalty", &d->penalty, why, n) || json_num(so, "score", &d->score, why, n))
                return -1;
        }
        if (json_int(o, "dame", 0, 0, SEI_MAX_SIZE * SEI_MAX_SIZE, &r->dame, why, n) ||
            json_num(o, "margin", &r->margin, why, n) || json_num(o, "margin_stones", &r->margin_stones, why, n))
            return -1;
        if (!r->result_stones[0])
            r->margin_stones = 0; /* the lead in stones goes with the result in stones (as written) */
    }
    sei_ident *who = &r->ident;
    if (json_text(o, "event", 0, who->event, sizeof who->event, why, n) ||
        json_int(o, "round", 0, 1, SEI_IDENT_MAX_ROUND, &who->round, why, n) ||
        json_int(o, "table", 0, 1, SEI_IDENT_MAX_TABLE, &who->table, why, n) ||
        json_text(o, "black_player", 0, who->black, sizeof who->black, why, n) ||
        json_text(o, "white_player", 0, who->white, sizeof who->white, why, n) ||
        json_text(o, "black_id", 0, who->black_id, sizeof who->black_id, why, n) ||
        json_text(o, "white_id", 0, who->white_id, sizeof who->white_id, why, n))
        return -1;
    if (json_text(o, "state", 0, word, sizeof word, why, n))
        return -1;
    /* A result confirmed on the kiosk arrives agreed: confirming at the
     * station is its judges' call. A voided one is not sent. A kiosk
     * judge's change brings the state that judge gave it. */
    if (keep_state) {
        int si = -1;
        for (int k = SEI_STATE_AGREED; k <= SEI_STATE_VOIDED; k++)
            if (!strcmp(word, sei_state_name((sei_result_state)k)))
                si = k;
        if (si < 0)
            return json_bad(why, n, "%s", "'state' is not agreed, disputed, confirmed or voided");
        r->state = (sei_result_state)si;
    } else if (!word[0] || !strcmp(word, "agreed") || !strcmp(word, "confirmed"))
        r->state = SEI_STATE_AGREED;
    else if (!strcmp(word, "disputed"))
        r->state = SEI_STATE_DISPUTED;
    else
        return json_bad(why, n, "%s", "'state' is not agreed, disputed or confirmed");
    if (json_text(o, "origin", 0, word, sizeof word, why, n))
        return -1;
    r->origin = SEI_ORIGIN_UNKNOWN;
    for (int o2 = SEI_ORIGIN_KIOSK; o2 < SEI_ORIGIN_UNKNOWN; o2++)
        if (!strcmp(word, sei_origin_name((sei_result_origin)o2)))
            r->origin = (sei_result_origin)o2;
    return r->decided == SEI_DECIDED_COUNT ? fill_from_json(o, r, why, n) : 0;
}

int sei_results_from_json(const cJSON *o, sei_store_result *r, char *why, size_t n)
{
    return result_from_json(o, r, 0, why, n);
}

int sei_results_change_from_json(const cJSON *o, sei_store_result *r, char *why, size_t n)
{
    return result_from_json(o, r, 1, why, n);
}

/* A text field of an audit entry, required, as a new string (*to). */
static int json_dup(const cJSON *o, const char *name, size_t cap, char **to, char *why, size_t n)
{
    char *buf = malloc(cap + 1);
    if (!buf)
        return json_bad(why, n, "%s", "out of memory");
    if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, name))) {
        free(buf);
        return json_bad(why, n, "an audit entry's '%s' is missing or not a string", name);
    }
    if (json_text(o, name, 1, buf, cap + 1, why, n)) {
        free(buf);
        return -1;
    }
    *to = buf;
    return 0;
}

int sei_results_audit_from_json(const cJSON *a, int max, sei_store_audit **rows, int *n, char *why, size_t wn)
{
    *rows = NULL;
    *n = 0;
    int count = cJSON_IsArray(a) ? cJSON_GetArraySize(a) : -1;
    if (count < 1 || count > max) {
        snprintf(why, wn, "'audit' is not a list of 1 to %d entries", max);
        return -1;
    }
    sei_store_audit *out = calloc((size_t)count, sizeof *out);
    if (!out)
        return json_bad(why, wn, "%s", "out of memory");
    int i = 0, rc = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, a)
    {
        sei_store_audit *r = &out[i++];
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
        struct tm tm;
        memset(&tm, 0, sizeof tm);
        const char *end;
        /* An old or new value is at most a dead stones' list. */
        size_t vcap = SEI_MAX_SIZE * SEI_MAX_SIZE * 3;
        /* An id has at most 15 digits: cJSON writes a longer whole
         * number with 15 and it comes back as another id. */
        if (!cJSON_IsObject(e) || !cJSON_IsNumber(id) || !(id->valuedouble >= 1 && id->valuedouble <= 999999999999999.0) ||
            id->valuedouble != floor(id->valuedouble))
            rc = json_bad(why, wn, "%s", "an audit entry is an object with a whole number 'id' from 1");
        else if (json_text(e, "time", 1, r->time, sizeof r->time, why, wn) ||
                 json_text(e, "local_time", 0, r->local_time, sizeof r->local_time, why, wn) ||
                 json_text(e, "action", 1, r->action, sizeof r->action, why, wn) ||
                 json_text(e, "field", 1, r->field, sizeof r->field, why, wn))
            rc = -1;
        else if (!(end = strptime(r->time, "%Y-%m-%dT%H:%M:%SZ", &tm)) || *end)
            rc = json_bad(why, wn, "%s", "an audit entry's 'time' is not UTC as 2024-05-01T12:34:56Z");
        else if (strcmp(r->action, "correct") && strcmp(r->action, "void") && strcmp(r->action, "confirm"))
            rc = json_bad(why, wn, "%s", "an audit entry's 'action' is not correct, void or confirm");
        else if (!r->field[0] || strspn(r->field, "abcdefghijklmnopqrstuvwxyz_") != strlen(r->field))
            rc = json_bad(why, wn, "%s", "an audit entry's 'field' is not a field's name");
        else if (json_dup(e, "judge", SEI_IDENT_TEXT, &r->judge, why, wn) ||
                 json_dup(e, "old", vcap, &r->old_value, why, wn) || json_dup(e, "new", vcap, &r->new_value, why, wn) ||
                 json_dup(e, "reason", SEI_IDENT_REASON, &r->reason, why, wn))
            rc = -1;
        else if (!r->judge[0])
            rc = json_bad(why, wn, "%s", "an audit entry's 'judge' is empty");
        else
            r->id = (int64_t)id->valuedouble;
        if (rc)
            break;
    }
    if (rc) {
        sei_store_audit_free(out, count);
        return -1;
    }
    *rows = out;
    *n = count;
    return 0;
}

/* A damaged row met in a listing: named, and the listing goes on. */
static void skipped_row(sei_store *s, FILE *err, int *skipped)
{
    fprintf(err, "seichi results: skipped: %s\n", sei_store_errmsg(s));
    (*skipped)++;
}

static int cmd_list(sei_store *s, int json, FILE *out, FILE *err)
{
    sei_store_cursor *c = sei_store_list(s, 0);
    if (!c)
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    cJSON *doc = json ? sei_json_doc() : NULL;
    cJSON *list = doc ? cJSON_AddArrayToObject(doc, "results") : NULL;
    if (json && !list) {
        sei_store_cursor_close(c);
        cJSON_Delete(doc);
        return fprintf(err, "seichi results: out of memory\n"), 2;
    }
    sei_store_result r;
    sei_store_status st;
    int rows = 0;
    int skipped = 0;
    while ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW) {
        if (st == SEI_STORE_ERR_ROW) {
            skipped_row(s, err, &skipped);
            continue;
        }
        if (json)
            cJSON_AddItemToArray(list, result_json(&r, 0));
        else {
            const sei_ident *who = &r.ident;
            /* The result and its stones in columns of their own, blank
             * where there are none (territory rules, a game won without a
             * count), so that the states stand in a column too. */
            fprintf(out, "%6" PRId64 "  %s  %2dx%-2d  %-12s  %-7s  %-7s  %s", r.id, r.time, r.size, r.size, r.rules,
                    r.result, r.result_stones, sei_state_name(r.state));
            if (who->round)
                fprintf(out, "  round %d", who->round);
            if (who->table)
                fprintf(out, "  table %d", who->table);
            if (who->black[0] || who->white[0])
                fprintf(out, "  %s - %s", who->black[0] ? who->black : "?", who->white[0] ? who->white : "?");
            fprintf(out, "\n");
        }
        sei_store_result_release(&r);
        rows++;
    }
    sei_store_cursor_close(c);
    if (st != SEI_STORE_DONE) {
        cJSON_Delete(doc);
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    }
    if (json && sei_json_print(out, doc))
        return fprintf(err, "seichi results: cannot write the JSON\n"), 2;
    if (!rows && !skipped)
        fprintf(err, "seichi results: no results stored yet\n");
    return skipped ? 1 : 0;
}

/* The character a point shows: as `seichi score` prints a count. */
static char shown(const sei_store_result *r, int x, int y)
{
    char stone = r->position[y * (r->size + 1) + x];
    char t = r->territory[y * (r->size + 1) + x];
    if (stone != '.' && t != stone)
        return stone == 'X' ? 'x' : 'o';
    return t;
}

/* Ing's fill, checked on the kiosk before the result was agreed (nothing
 * when it was not). */
static void print_fill(FILE *out, const sei_store_result *r)
{
    if (!r->fill_checked)
        return;
    fprintf(out, "Fill check: Black %d on the board + %d spare, %d hole%s; White %d on the board + %d spare, "
                 "%d hole%s; the fill shows %s ahead by %d; %s",
            r->fill_on_board[SEI_BLACK], r->fill_spare[SEI_BLACK], r->fill_holes[SEI_BLACK],
            r->fill_holes[SEI_BLACK] == 1 ? "" : "s", r->fill_on_board[SEI_WHITE], r->fill_spare[SEI_WHITE],
            r->fill_holes[SEI_WHITE], r->fill_holes[SEI_WHITE] == 1 ? "" : "s",
            r->fill_margin >= 0 ? "Black" : "White", r->fill_margin < 0 ? -r->fill_margin : r->fill_margin,
            r->fill_ok ? "it agreed with the count" : "IT DID NOT AGREE WITH THE COUNT");
    if (r->fill_unsure)
        fprintf(out, " (%d point%s of its photo read in doubt)", r->fill_unsure, r->fill_unsure == 1 ? "" : "s");
    if (r->fill_recounted)
        fprintf(out, "; checked against the count before a judge's correction");
    fprintf(out, "\n");
}

static void print_result(FILE *out, const sei_store_result *r)
{
    char n1[32], n2[32];
    const sei_store_side *B = &r->side[SEI_BLACK], *W = &r->side[SEI_WHITE];
    fprintf(out, "Result %" PRId64 ", %s, from %s%s%s%s\n", r->id, r->time, r->source[0] ? r->source : "unknown",
            r->photo_path ? " (" : "", r->photo_path ? r->photo_path : "", r->photo_path ? ")" : "");
    const sei_ident *who = &r->ident;
    fprintf(out, "UUID %s, %s, stored by %s, %d audit entr%s%s\n", r->uuid, sei_state_name(r->state),
            sei_origin_name(r->origin), r->audit_entries, r->audit_entries == 1 ? "y" : "ies",
            r->audit_entries ? " (seichi results audit)" : "");
    if (who->event[0] || who->round || who->table) {
        fprintf(out, "Event %s", who->event[0] ? who->event : "not given");
        if (who->round)
            fprintf(out, ", round %d", who->round);
        if (who->table)
            fprintf(out, ", table %d", who->table);
        fprintf(out, "\n");
    }
    if (who->black[0] || who->white[0] || who->black_id[0] || who->white_id[0])
        fprintf(out, "Black %s%s%s%s, White %s%s%s%s\n", who->black[0] ? who->black : "(not given)",
                who->black_id[0] ? " (" : "", who->black_id, who->black_id[0] ? ")" : "",
                who->white[0] ? who->white : "(not given)", who->white_id[0] ? " (" : "", who->white_id,
                who->white_id[0] ? ")" : "");
    if (r->photo)
        fprintf(out, "Photo kept in the database (%zu bytes)\n", r->photo_len);
    if (r->game_path)
        fprintf(out, "Game record: %s%s\n", r->game_path, r->game_sgf ? " (kept in the database)" : "");
    fprintf(out, "Rules %s (%s counting), komi %s", r->rules, r->area ? "area" : "territory",
            sei_score_number(r->komi, n1, sizeof n1));
    if (r->handicap)
        fprintf(out, ", handicap %d (White gets %s)", r->handicap, sei_score_number(r->bonus, n2, sizeof n2));
    fprintf(out, "\n\n   ");
    for (int x = 0; x < r->size; x++)
        fprintf(out, " %c", 'A' + x + (x >= 8));
    fprintf(out, "\n");
    for (int y = 0; y < r->size; y++) {
        fprintf(out, "%3d", r->size - y);
        for (int x = 0; x < r->size; x++)
            fprintf(out, " %c", shown(r, x, y));
        fprintf(out, " %d\n", r->size - y);
    }
    if (r->decided != SEI_DECIDED_COUNT) {
        /* Nothing was counted: the position it ended in, and who won how. */
        fprintf(out, "\n  X O stones\n\nResult: %s wins by %s, %s (not counted)\n",
                r->winner == SEI_BLACK ? "Black" : "White", sei_decided_name(r->decided), r->result);
        print_fill(out, r);
        return;
    }
    fprintf(out, "\n  " SEI_BOARDFILE_LEGEND "\n");
    fprintf(out, "  dead stones (SGF): %s\n\n", r->dead[0] ? r->dead : "none");
    fprintf(out, "                     Black   White\n");
    fprintf(out, "  stones (S)       %7d %7d\n", B->stones, W->stones);
    fprintf(out, "  territory (T)    %7d %7d\n", B->territory, W->territory);
    fprintf(out, "  seki eyes        %7d %7d\n", B->seki_eyes, W->seki_eyes);
    fprintf(out, "  false eyes       %7d %7d\n", B->false_eyes, W->false_eyes);
    fprintf(out, "  area (S+T)       %7d %7d\n", B->area, W->area);
    fprintf(out, "  dead removed (X) %7d %7d\n", B->dead, W->dead);
    fprintf(out, "  prisoners (P)    %7d %7d\n", B->prisoners, W->prisoners);
    if (B->penalty || W->penalty)
        fprintf(out, "  penalty          %7s %7s\n", sei_score_number(-B->penalty, n1, sizeof n1),
                sei_score_number(-W->penalty, n2, sizeof n2));
    fprintf(out, "  dame (D)         %7d\n", r->dame);
    fprintf(out, "  score            %7s %7s\n\n", sei_score_number(B->score, n1, sizeof n1),
            sei_score_number(W->score, n2, sizeof n2));
    if (r->winner == SEI_EMPTY)
        fprintf(out, "Result: draw (jigo), %s\n", r->result);
    else
        fprintf(out, "Result: %s wins by %s point%s, %s\n", r->winner == SEI_BLACK ? "Black" : "White",
                sei_score_number(r->margin < 0 ? -r->margin : r->margin, n1, sizeof n1),
                (r->margin == 1 || r->margin == -1) ? "" : "s", r->result);
    if (r->result_stones[0])
        fprintf(out, "In stones: %s (Black's lead %s stones)\n", r->result_stones,
                sei_score_number(r->margin_stones, n1, sizeof n1));
    print_fill(out, r);
}

static int cmd_show(sei_store *s, int64_t id, int json, FILE *out, FILE *err)
{
    sei_store_result r;
    sei_store_status st = sei_store_get(s, id, &r);
    if (st)
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    int rc = 0;
    if (json) {
        cJSON *doc = sei_json_doc();
        cJSON *res = result_json(&r, 1);
        if (doc && res)
            cJSON_AddItemToObject(doc, "result", res);
        else
            cJSON_Delete(res);
        if (!res || sei_json_print(out, doc))
            rc = (fprintf(err, "seichi results: cannot write the JSON\n"), 2);
    } else
        print_result(out, &r);
    sei_store_result_release(&r);
    return rc;
}

/* ---- CSV ------------------------------------------------------------------------- */

static int cmd_csv(sei_store *s, const char *file, int force, FILE *out, FILE *err)
{
    char msg[PATH_MAX + 128];
    /* Refused before any work: the file is never replaced unless asked. */
    if (strcmp(file, "-") && sei_file_target_ok(file, force, msg, sizeof msg))
        return fprintf(err, "seichi results: %s\n", msg), 2;
    sei_store_cursor *c = sei_store_list(s, 0);
    if (!c)
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    sei_text t = {0};
    sei_text_puts(&t, "id,time,rules,komi,handicap,size,black_score,white_score,margin,winner,result,result_stones,"
                      "photo_path,decided_by,source,game_path,local_time,uuid,state,origin,event,round,table,"
                      "black_player,white_player,black_id,white_id,audit_entries\r\n");
    sei_store_result r;
    sei_store_status st;
    int skipped = 0, rows = 0;
    while ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW) {
        if (st == SEI_STORE_ERR_ROW) {
            skipped_row(s, err, &skipped);
            continue;
        }
        rows++;
        char num[32];
        snprintf(num, sizeof num, "%" PRId64, r.id);
        sei_text_csv_field(&t, num, 0);
        sei_text_csv_field(&t, r.time, 0);
        sei_text_csv_field(&t, r.rules, 0);
        sei_text_csv_field(&t, sei_score_number(r.komi, num, sizeof num), 0);
        snprintf(num, sizeof num, "%d", r.handicap);
        sei_text_csv_field(&t, num, 0);
        snprintf(num, sizeof num, "%d", r.size);
        sei_text_csv_field(&t, num, 0);
        /* A game won without a count has no scores: empty, not zero. */
        int counted = r.decided == SEI_DECIDED_COUNT;
        sei_text_csv_field(&t, counted ? sei_score_number(r.side[SEI_BLACK].score, num, sizeof num) : "", 0);
        sei_text_csv_field(&t, counted ? sei_score_number(r.side[SEI_WHITE].score, num, sizeof num) : "", 0);
        sei_text_csv_field(&t, counted ? sei_score_number(r.margin, num, sizeof num) : "", 0);
        sei_text_csv_field(&t, winner_word(r.winner), 0);
        sei_text_csv_field(&t, r.result, 0);
        sei_text_csv_field(&t, r.result_stones, 0);
        sei_text_csv_text(&t, r.photo_path ? r.photo_path : "", 0);
        sei_text_csv_field(&t, sei_decided_name(r.decided), 0);
        sei_text_csv_field(&t, r.source, 0);
        sei_text_csv_text(&t, r.game_path ? r.game_path : "", 0);
        char when[40];
        sei_text_csv_field(&t, local_time(r.time, "%Y-%m-%d %H:%M:%S", when, sizeof when) ? when : "", 0);
        const sei_ident *who = &r.ident;
        sei_text_csv_field(&t, r.uuid, 0);
        sei_text_csv_field(&t, sei_state_name(r.state), 0);
        sei_text_csv_field(&t, sei_origin_name(r.origin), 0);
        sei_text_csv_text(&t, who->event, 0);
        snprintf(num, sizeof num, "%d", who->round);
        sei_text_csv_field(&t, who->round ? num : "", 0);
        snprintf(num, sizeof num, "%d", who->table);
        sei_text_csv_field(&t, who->table ? num : "", 0);
        sei_text_csv_text(&t, who->black, 0);
        sei_text_csv_text(&t, who->white, 0);
        sei_text_csv_field(&t, who->black_id, 0);
        sei_text_csv_field(&t, who->white_id, 0);
        snprintf(num, sizeof num, "%d", r.audit_entries);
        sei_text_csv_field(&t, num, 1);
        sei_store_result_release(&r);
    }
    sei_store_cursor_close(c);
    int rc = 0;
    if (st != SEI_STORE_DONE)
        rc = (fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2);
    else if (t.oom)
        rc = (fprintf(err, "seichi results: out of memory\n"), 2);
    else if (sei_file_write_out(file, t.p, t.len, force, out, msg, sizeof msg))
        rc = (fprintf(err, "seichi results: %s\n", msg), 2);
    else if (strcmp(file, "-"))
        sei_cli_note(err, "%d result%s written to %s\n", rows, rows == 1 ? "" : "s", file);
    free(t.p);
    return rc ? rc : skipped ? 1 : 0;
}

/* ---- SGF ------------------------------------------------------------------------- */

/* Parse the game a result was made from into g and replay its main line
 * onto b: 1 when its end is the stored position (so the record can carry
 * the result), with its root and last node, else 0 (a position edited
 * after the game, a record that no longer reads). */
static int game_fits(sei_sgf *g, const sei_store_result *r, sei_board *b, int *root, int *last)
{
    sei_sgf_game game;
    memset(&game, 0, sizeof game);
    int fits = sei_sgf_parse(g, r->game_sgf, strlen(r->game_sgf)) == SEI_OK && sei_sgf_game_get(g, 0, &game) == SEI_OK &&
               game.size == r->size && sei_sgf_replay(g, &game, -1, b, NULL) == SEI_OK;
    for (int y = 0; fits && y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            int c = b->color[sei_board_point(b, x, y)];
            if ((c == SEI_BLACK ? 'X' : c == SEI_WHITE ? 'O' : '.') != r->position[y * (r->size + 1) + x])
                fits = 0;
        }
    *root = game.root;
    *last = game.last;
    sei_sgf_game_release(&game);
    return fits;
}

/* The stored result as a game record that counts again to the same result
 * (`seichi score --sgf`). When it was made from a game (a record counted,
 * a game recorded in the kiosk) and that game ends in the stored
 * position, the record is that game whole: its moves, players, event and
 * every other property. Otherwise it is the position as setup stones,
 * with SZ HA DT GN. Either way it gains RU (in FF[4]'s spelling), KM
 * (points) and RE at the root, and for a count, at the last node, the
 * territory as TB/TW with the dead stones under the other side's marks
 * (as CGoban and Sabaki write a count, and as Seichi reads one back) and
 * a comment with the count. Prisoners that the moves do not give (a photo,
 * a board, numbers changed by hand) go into the comment and into SEIP[b:w],
 * a private property Seichi reads back. */
int sei_results_sgf(const sei_store_result *r, char **text, size_t *len, int *kept_game, char *msg, size_t n)
{
    if (kept_game)
        *kept_game = 0;
    sei_sgf *g = sei_sgf_create();
    sei_board *b = sei_board_create(r->size);
    sei_score *sc = calloc(1, sizeof *sc);
    int rc = -1;
    if (!g || !b || !sc) {
        snprintf(msg, n, "out of memory");
        goto out;
    }
    int root = -1, last = -1;
    const sei_store_side *B = &r->side[SEI_BLACK], *W = &r->side[SEI_WHITE];
    int from_game = r->game_sgf && game_fits(g, r, b, &root, &last);
    if (kept_game)
        *kept_game = from_game;
    int seip = r->decided == SEI_DECIDED_COUNT &&
               (!from_game || b->prisoners[SEI_BLACK] != B->prisoners || b->prisoners[SEI_WHITE] != W->prisoners);
    char v[64];
    sei_status st = SEI_OK;
    if (!from_game) {
        /* Not the game (or none): a fresh record of the position. */
        sei_sgf_destroy(g);
        sei_board_destroy(b);
        g = sei_sgf_create();
        b = sei_board_create(r->size);
        if (!g || !b) {
            snprintf(msg, n, "out of memory");
            goto out;
        }
        root = last = sei_sgf_add_game(g);
        st = root < 0 ? SEI_ERR_NOMEM : SEI_OK;
        if (!st) st = sei_sgf_set(g, root, "GM", "1");
        if (!st) st = sei_sgf_set(g, root, "FF", "4");
        if (!st) st = sei_sgf_set(g, root, "CA", "UTF-8");
        if (!st) st = sei_sgf_set(g, root, "AP", "Seichi:" SEI_VERSION);
        snprintf(v, sizeof v, "%d", r->size);
        if (!st) st = sei_sgf_set(g, root, "SZ", v);
        if (!st && local_time(r->time, "%Y-%m-%d", v, sizeof v)) st = sei_sgf_set(g, root, "DT", v);
        snprintf(v, sizeof v, "Seichi result %" PRId64 " (%s)", r->id, r->source[0] ? r->source : "unknown source");
        if (!st) st = sei_sgf_set(g, root, "GN", v);
        for (int y = 0; y < r->size && !st; y++)
            for (int x = 0; x < r->size && !st; x++) {
                char c = r->position[y * (r->size + 1) + x];
                if (c == '.')
                    continue;
                char pt[3] = {(char)('a' + x), (char)('a' + y), 0};
                int color = c == 'X' ? SEI_BLACK : SEI_WHITE;
                st = sei_sgf_add_value(g, root, color == SEI_BLACK ? "AB" : "AW", pt);
                if (!st && sei_board_place(b, color, sei_board_point(b, x, y)))
                    st = SEI_ERR_ARG;
            }
    }
    /* Who played, as stored (a judge may have corrected the record's
     * names), and the day it was played where the record has none. */
    if (!st) st = sei_ident_to_sgf(&r->ident, g, root);
    if (!st && !sei_sgf_get(g, root, "DT") && local_time(r->time, "%Y-%m-%d", v, sizeof v))
        st = sei_sgf_set(g, root, "DT", v);
    snprintf(v, sizeof v, "%d", r->handicap);
    if (!st && (r->handicap || sei_sgf_get(g, root, "HA"))) st = sei_sgf_set(g, root, "HA", v);
    if (!st) st = sei_sgf_set(g, root, "RU", sei_sgf_rules_name(r->rules));
    if (!st) st = sei_sgf_set(g, root, "KM", sei_score_number(r->komi, v, sizeof v));
    if (!st && seip) {
        snprintf(v, sizeof v, "%d:%d", B->prisoners, W->prisoners);
        st = sei_sgf_set(g, root, "SEIP", v);
        char note[160];
        snprintf(note, sizeof note, "Prisoners: Black captured %d, White captured %d (SEIP[%s]).", B->prisoners,
                 W->prisoners, v);
        const char *old = sei_sgf_get(g, root, "C");
        char *c = malloc((old ? strlen(old) + 2 : 0) + strlen(note) + 1);
        if (!c)
            st = SEI_ERR_NOMEM;
        else {
            sprintf(c, "%s%s%s", old ? old : "", old ? "\n\n" : "", note);
            if (!st) st = sei_sgf_set(g, root, "C", c);
            free(c);
        }
    }
    if (st) {
        snprintf(msg, n, "cannot build the record of result %" PRId64 ": %s", r->id, sei_sgf_errmsg(g));
        goto out;
    }
    if (r->decided != SEI_DECIDED_COUNT) {
        /* Won without a count: only who won and how. */
        if (sei_sgf_set(g, root, "RE", r->result) || sei_sgf_write(g, text, len)) {
            snprintf(msg, n, "cannot build the record of result %" PRId64 ": %s", r->id, sei_sgf_errmsg(g));
            goto out;
        }
        rc = 0;
        goto out;
    }
    /* What sei_sgf_set_score reads of a count. */
    snprintf(sc->rules.name, sizeof sc->rules.name, "%s", r->rules);
    sc->rules.komi = r->komi;
    sc->size = r->size;
    sc->side[SEI_BLACK].score = B->score;
    sc->side[SEI_WHITE].score = W->score;
    snprintf(sc->result, sizeof sc->result, "%s", r->result);
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            int p = sei_board_point(b, x, y);
            char t = r->territory[y * (r->size + 1) + x];
            char c = r->position[y * (r->size + 1) + x];
            sc->dead[p] = c != '.' && t != c;
            if (t == 'b' || t == 'w') {
                sc->mark[p] = SEI_MARK_TERRITORY;
                sc->owner[p] = t == 'b' ? SEI_BLACK : SEI_WHITE;
            } else if (t == 's')
                sc->mark[p] = SEI_MARK_SEKI_EYE;
            else if (t == 'f')
                sc->mark[p] = SEI_MARK_FALSE_EYE;
            else if (t == '.')
                sc->mark[p] = SEI_MARK_DAME;
            if (sc->dead[p]) {
                /* A dead stone is read back from the other side's mark on
                 * it, whatever its point scored. */
                sc->mark[p] = SEI_MARK_TERRITORY;
                sc->owner[p] = c == 'X' ? SEI_WHITE : SEI_BLACK;
            }
        }
    /* The count at the end of the game; its result at the root, where
     * FF[4] puts RE. */
    st = sei_sgf_set_score(g, last, b, sc);
    /* No territory and no dead stone: an empty TB[] still says the count
     * was made with none dead, so it is not proposed again. */
    if (!st && sei_sgf_find(g, last, "TB") < 0 && sei_sgf_find(g, last, "TW") < 0)
        st = sei_sgf_add_value(g, last, "TB", "");
    if (!st && last != root) {
        st = sei_sgf_remove(g, last, "RE");
        if (!st) st = sei_sgf_set(g, root, "RE", r->result);
    }
    if (st || sei_sgf_write(g, text, len)) {
        snprintf(msg, n, "cannot build the record of result %" PRId64 ": %s", r->id, sei_sgf_errmsg(g));
        goto out;
    }
    rc = 0;
out:
    free(sc);
    sei_board_destroy(b);
    sei_sgf_destroy(g);
    return rc;
}

/* Is nm (its first l bytes) the name of an exported result, seichi-ID.sgf? */
static int export_name(const char *nm, size_t l)
{
    return l > 11 && !strncmp(nm, "seichi-", 7) && strspn(nm + 7, "0123456789") == l - 11 &&
           !strncmp(nm + l - 4, ".sgf", 4);
}

/* The first file an earlier export left in dir (seichi-ID.sgf) into
 * name; 0 when there is none. On the way, the temporary files of an
 * export killed midway (seichi-ID.sgf.tmpXXXXXX) are removed. */
static int earlier_export(const char *dir, char *name, size_t n)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *e;
    int found = 0;
    while ((e = readdir(d))) {
        const char *nm = e->d_name, *tmp = strstr(nm, ".sgf.tmp");
        size_t l = strlen(nm);
        if (!found && export_name(nm, l)) {
            snprintf(name, n, "%s", nm);
            found = 1;
        } else if (tmp && export_name(nm, (size_t)(tmp - nm) + 4)) {
            char path[PATH_MAX];
            if (snprintf(path, sizeof path, "%s/%.*s", dir, (int)(tmp - nm) + 4, nm) < (int)sizeof path)
                sei_file_clean_temps(path);
        }
    }
    closedir(d);
    return found;
}

static int cmd_sgf(sei_store *s, const char *dir, int force, FILE *err)
{
    struct stat sb;
    if (mkdir(dir, 0755) && errno != EEXIST)
        return fprintf(err, "seichi results: cannot create '%s': %s\n", dir, strerror(errno)), 2;
    if (stat(dir, &sb) || !S_ISDIR(sb.st_mode))
        return bad(err, "'%s' is not a directory", dir);
    /* Refused before any file is written: an export is whole or not made. */
    char first[300];
    if (earlier_export(dir, first, sizeof first) && !force)
        return fprintf(err, "seichi results: '%s' already holds exported results (%s): not replaced (give --force to "
                            "replace them, or another folder)\n", dir, first), 2;
    sei_store_cursor *c = sei_store_list(s, 0);
    if (!c)
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    sei_store_result r;
    sei_store_status st;
    int rc = 0, files = 0, skipped = 0;
    char msg[PATH_MAX + 128], path[PATH_MAX];
    while (!rc && ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW)) {
        if (st == SEI_STORE_ERR_ROW) {
            skipped_row(s, err, &skipped);
            continue;
        }
        char *sgf = NULL;
        size_t len = 0;
        if (snprintf(path, sizeof path, "%s/seichi-%06" PRId64 ".sgf", dir, r.id) >= (int)sizeof path)
            rc = bad(err, "path too long under '%s'", dir);
        else if (sei_results_sgf(&r, &sgf, &len, NULL, msg, sizeof msg) ||
                 sei_file_write_new(path, sgf, len, force, msg, sizeof msg))
            rc = (fprintf(err, "seichi results: %s\n", msg), 2);
        else
            files++;
        free(sgf);
        sei_store_result_release(&r);
    }
    sei_store_cursor_close(c);
    if (!rc && st != SEI_STORE_DONE)
        rc = (fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2);
    if (!rc)
        sei_cli_note(err, "%d SGF file%s written to %s\n", files, files == 1 ? "" : "s", dir);
    return rc ? rc : skipped ? 1 : 0;
}

int sei_results_export(sei_store *s, const char *csv, const char *sgf_dir, int force, FILE *out, FILE *err)
{
    int rc = 0;
    if (csv)
        rc = cmd_csv(s, csv, force, out, err);
    if (rc != 2 && sgf_dir) {
        int r2 = cmd_sgf(s, sgf_dir, force, err);
        rc = r2 > rc ? r2 : rc;
    }
    return rc;
}

/* ---- judges ---------------------------------------------------------------------- */

#define PIN_LINE 64

/* Read n PINs, one a line, into pins: from file, else from standard input;
 * on a terminal each with its prompt and no echo. Returns 0, or 2 with a
 * message. A PIN is never taken from the command line (other users see
 * it in the process list, and it stays in the shell's history). */
static int read_pins(const char *file, const char *const *prompts, int n, char pins[][PIN_LINE], FILE *err)
{
    FILE *f = file ? fopen(file, "r") : stdin;
    if (!f)
        return fprintf(err, "seichi results: cannot read the PIN from '%s': %s\n", file, strerror(errno)), 2;
    int tty = !file && isatty(fileno(stdin));
    struct termios old, quiet;
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        int echo_off = 0;
        if (tty) {
            fprintf(err, "%s: ", prompts[i]);
            fflush(err);
            if (tcgetattr(fileno(stdin), &old) == 0) {
                quiet = old;
                quiet.c_lflag &= ~(tcflag_t)ECHO;
                echo_off = tcsetattr(fileno(stdin), TCSAFLUSH, &quiet) == 0;
            }
        }
        char *got = fgets(pins[i], PIN_LINE, f);
        if (echo_off) {
            tcsetattr(fileno(stdin), TCSAFLUSH, &old);
            fputc('\n', err);
        }
        if (!got) {
            rc = (fprintf(err, "seichi results: no %s given (%s)\n", prompts[i],
                          file ? "a line of the PIN file each" : "a line of standard input each"), 2);
            break;
        }
        size_t len = strcspn(pins[i], "\r\n");
        if (pins[i][len] == 0 && len == PIN_LINE - 1)
            rc = (fprintf(err, "seichi results: the %s is too long\n", prompts[i]), 2);
        pins[i][len] = 0;
    }
    if (file)
        fclose(f);
    return rc;
}

static void forget_pins(char pins[][PIN_LINE], int n)
{
    for (int i = 0; i < n; i++)
        sodium_memzero(pins[i], PIN_LINE);
}

/* The exit status a store failure gives: 3 the PIN refused (none set,
 * wrong, locked), 4 the result's state refuses, 2 anything else. */
static int judged_status(sei_store *s, sei_store_status st, FILE *err)
{
    fprintf(err, "seichi results: %s\n", sei_store_errmsg(s));
    return st == SEI_STORE_ERR_AUTH || st == SEI_STORE_ERR_LOCKED ? 3 : st == SEI_STORE_ERR_STATE ? 4 : 2;
}

/* Refused before a PIN is asked for: none set (when need_set), or entry
 * locked. */
static int pin_ready(sei_store *s, int need_set, FILE *err)
{
    int set = 0, locked = 0;
    if (sei_store_pin_status(s, &set, &locked))
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    if (need_set && !set)
        return fprintf(err, "seichi results: no judge PIN is set for this database (seichi results set-pin)\n"), 3;
    if (locked)
        return fprintf(err, "seichi results: judge PIN entry is locked after too many wrong PINs: try again in %d s\n",
                       locked), 3;
    return 0;
}

static int cmd_set_pin(sei_store *s, const char *pin_file, FILE *out, FILE *err)
{
    int set = 0;
    if (sei_store_pin_status(s, &set, NULL))
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    int rc = set ? pin_ready(s, 1, err) : 0;
    if (rc)
        return rc;
    /* On a terminal the new PIN is typed twice: a typo would lock every
     * judge out. */
    int tty = !pin_file && isatty(fileno(stdin));
    const char *prompts[3], *const *p = prompts;
    int n = 0;
    if (set)
        prompts[n++] = "current judge PIN";
    prompts[n++] = "new judge PIN";
    if (tty)
        prompts[n++] = "new judge PIN again";
    char pins[3][PIN_LINE];
    memset(pins, 0, sizeof pins);
    rc = read_pins(pin_file, p, n, pins, err);
    const char *old_pin = set ? pins[0] : NULL, *new_pin = pins[set ? 1 : 0];
    char why[96];
    if (!rc && tty && strcmp(new_pin, pins[n - 1]))
        rc = (fprintf(err, "seichi results: the two new PINs differ: nothing changed\n"), 2);
    else if (!rc && sei_pin_format_ok(new_pin, why, sizeof why))
        rc = (fprintf(err, "seichi results: %s: nothing changed\n", why), 2);
    sei_store_status st;
    if (!rc && (st = sei_store_pin_set(s, old_pin, new_pin)))
        rc = judged_status(s, st, err);
    forget_pins(pins, 3);
    if (!rc)
        fprintf(out, "Judge PIN %s\n", set ? "changed" : "set");
    return rc;
}

/* What a judge asked for. */
typedef struct {
    const char *judge, *reason, *pin_file;
    sei_store_change change;
} judge_opts;

static int cmd_judge(sei_store *s, const char *cmd, int64_t id, const judge_opts *j, FILE *out, FILE *err)
{
    int rc = pin_ready(s, 1, err);
    if (rc)
        return rc;
    /* The result first: no PIN asked for a change that cannot be made. */
    sei_store_result r;
    sei_store_status st = sei_store_get(s, id, &r);
    if (st)
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    sei_store_result_release(&r);
    const char *prompt = "judge PIN";
    char pins[1][PIN_LINE];
    memset(pins, 0, sizeof pins);
    if ((rc = read_pins(j->pin_file, &prompt, 1, pins, err)))
        return rc;
    int changed = 1;
    /* The trail's last row before: the rows after it are this change's. */
    int64_t last = 0;
    sei_store_audit *rows = NULL;
    int n = 0;
    if (!sei_store_audit_get(s, id, &rows, &n) && n)
        last = rows[n - 1].id;
    sei_store_audit_free(rows, n);
    if (!strcmp(cmd, "correct"))
        st = sei_store_correct(s, id, pins[0], j->judge, j->reason, &j->change, &changed);
    else if (!strcmp(cmd, "void"))
        st = sei_store_void(s, id, pins[0], j->judge, j->reason);
    else
        st = sei_store_confirm(s, id, pins[0], j->judge, j->reason);
    forget_pins(pins, 1);
    if (st)
        return judged_status(s, st, err);
    if (!changed)
        fprintf(out, "Result %" PRId64 " already reads so: nothing changed\n", id);
    else if (!strcmp(cmd, "correct")) {
        /* What changed, as the audit trail has it: a field the judge gave
         * and what follows from it (dead stones counted again change the
         * result and the result in stones; a result decided without a
         * count leaves the count's dead stones). */
        rows = NULL;
        n = 0;
        if (sei_store_audit_since(s, id, last, &rows, &n))
            fprintf(out, "Result %" PRId64 " corrected (seichi results audit %" PRId64 ")\n", id, id);
        else {
            /* This judge's rows: a station applying a kiosk judge's change
             * meanwhile writes its own after the same mark. */
            int mine = 0;
            for (int i = 0; i < n; i++)
                mine += !strcmp(rows[i].action, "correct") && !strcmp(rows[i].judge, j->judge);
            fprintf(out, "Result %" PRId64 " corrected: %d audit entr%s (seichi results audit %" PRId64 ")\n", id,
                    mine, mine == 1 ? "y" : "ies", id);
            for (int i = 0; i < n; i++)
                if (!strcmp(rows[i].action, "correct") && !strcmp(rows[i].judge, j->judge))
                    fprintf(out, "  %s: '%s' -> '%s'\n", rows[i].field, rows[i].old_value, rows[i].new_value);
            /* What the station found in it, checked as a save is: another
             * result at its new table, players not the pairing's. */
            for (int i = 0; i < n; i++)
                if (!strcmp(rows[i].judge, "station"))
                    fprintf(out, "  then the station: %s '%s' -> '%s' (%s)\n", rows[i].field, rows[i].old_value,
                            rows[i].new_value, rows[i].reason);
        }
        sei_store_audit_free(rows, n);
    } else
        fprintf(out, "Result %" PRId64 " %s\n", id, !strcmp(cmd, "void") ? "voided" : "confirmed: it is now locked");
    return 0;
}

int sei_results_audit_json(struct cJSON *doc, const sei_store_result *r, const sei_store_audit *rows, int n)
{
    cJSON *res = cJSON_AddObjectToObject(doc, "result");
    cJSON *list = cJSON_AddArrayToObject(doc, "audit");
    if (!res || !list)
        return -1;
    cJSON_AddNumberToObject(res, "id", (double)r->id);
    cJSON_AddStringToObject(res, "uuid", r->uuid);
    cJSON_AddStringToObject(res, "state", sei_state_name(r->state));
    for (int i = 0; i < n; i++) {
        cJSON *e = cJSON_CreateObject();
        if (!e || !cJSON_AddItemToArray(list, e)) {
            cJSON_Delete(e);
            return -1;
        }
        cJSON_AddNumberToObject(e, "id", (double)rows[i].id);
        cJSON_AddStringToObject(e, "time", rows[i].time);
        cJSON_AddStringToObject(e, "local_time", rows[i].local_time);
        cJSON_AddStringToObject(e, "judge", rows[i].judge);
        cJSON_AddStringToObject(e, "action", rows[i].action);
        cJSON_AddStringToObject(e, "field", rows[i].field);
        cJSON_AddStringToObject(e, "old", rows[i].old_value);
        cJSON_AddStringToObject(e, "new", rows[i].new_value);
        cJSON_AddStringToObject(e, "reason", rows[i].reason);
    }
    return 0;
}

static int cmd_audit(sei_store *s, int64_t id, int json, FILE *out, FILE *err)
{
    sei_store_result r;
    sei_store_status st = sei_store_get(s, id, &r);
    sei_store_audit *rows = NULL;
    int n = 0;
    if (!st)
        st = sei_store_audit_get(s, id, &rows, &n);
    if (st) {
        sei_store_result_release(&r);
        return fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2;
    }
    int rc = 0;
    if (json) {
        cJSON *doc = sei_json_doc();
        if (doc && sei_results_audit_json(doc, &r, rows, n))
            cJSON_Delete(doc), doc = NULL;
        if (sei_json_print(out, doc)) /* deletes doc */
            rc = (fprintf(err, "seichi results: cannot write the JSON\n"), 2);
    } else {
        fprintf(out, "Result %" PRId64 " (UUID %s), %s: %d audit entr%s\n", r.id, r.uuid, sei_state_name(r.state), n,
                n == 1 ? "y" : "ies");
        for (int i = 0; i < n; i++) {
            const sei_store_audit *a = &rows[i];
            fprintf(out, "  %s (%s)  %s  %s  %s: '%s' -> '%s'", a->local_time, a->time, a->judge, a->action, a->field,
                    a->old_value, a->new_value);
            if (a->reason[0])
                fprintf(out, "  reason: %s", a->reason);
            fprintf(out, "\n");
        }
    }
    sei_store_audit_free(rows, n);
    sei_store_result_release(&r);
    return rc;
}

/* ---- the command ------------------------------------------------------------------- */

static const char *const actions[] = {"list", "show", "export", "audit", "set-pin", "correct", "void", "confirm", "push"};

static int is_action(const char *cmd, const char *a) { return cmd && !strcmp(cmd, a); }

int sei_cli_results(int argc, char **argv, FILE *out, FILE *err)
{
    const char *db = NULL, *cmd = NULL, *csv = NULL, *sgfdir = NULL, *number = NULL;
    const char *station = NULL, *token = NULL, *token_file = NULL, *cacert = NULL;
    int json = 0, force = 0;
    judge_opts j;
    memset(&j, 0, sizeof j);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char why[256];
        int took;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_text, out);
            return 0;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--force")) {
            force = 1;
        } else if (!strcmp(a, "--db")) {
            if (!v)
                return bad(err, "%s needs a value", a);
            db = v;
            i++;
        } else if (!strcmp(a, "--station") || !strcmp(a, "--token") || !strcmp(a, "--token-file") ||
                   !strcmp(a, "--cacert")) {
            if (!is_action(cmd, "push"))
                return bad(err, "%s goes with 'push' (see 'seichi results --help')", a);
            if (!v)
                return bad(err, "%s needs a value", a);
            *(!strcmp(a, "--station") ? &station : !strcmp(a, "--token") ? &token : !strcmp(a, "--cacert") ? &cacert
                                                                                                     : &token_file) = v;
            i++;
        } else if (!strcmp(a, "--csv") || !strcmp(a, "--sgf")) {
            if (!is_action(cmd, "export"))
                return bad(err, "%s goes with 'export' (see 'seichi results --help')", a);
            if (!v)
                return bad(err, "%s needs a value", a);
            *(a[2] == 'c' ? &csv : &sgfdir) = v;
            i++;
        } else if (!strcmp(a, "--judge") || !strcmp(a, "--reason") || !strcmp(a, "--result") ||
                   !strcmp(a, "--dead") || !strcmp(a, "--pin-file")) {
            int judging = is_action(cmd, "correct") || is_action(cmd, "void") || is_action(cmd, "confirm");
            if (!judging && !(is_action(cmd, "set-pin") && !strcmp(a, "--pin-file")))
                return bad(err, "%s goes with correct, void or confirm (see 'seichi results --help')", a);
            if ((!strcmp(a, "--result") || !strcmp(a, "--dead")) && !is_action(cmd, "correct"))
                return bad(err, "%s goes with correct", a);
            if (!v)
                return bad(err, "%s needs a value", a);
            *(!strcmp(a, "--judge")    ? &j.judge
              : !strcmp(a, "--reason") ? &j.reason
              : !strcmp(a, "--result") ? &j.change.result
              : !strcmp(a, "--dead")   ? &j.change.dead
                                       : &j.pin_file) = v;
            i++;
        } else if (a[0] == '-' && a[1] &&
                   (took = sei_ident_option(&j.change.ident, &j.change.given, a, v, why, sizeof why)) != 0) {
            if (!is_action(cmd, "correct"))
                return bad(err, "%s goes with correct (see 'seichi results --help')", a);
            if (took < 0)
                return bad(err, "%s", why);
            i++;
        } else if (a[0] == '-' && a[1])
            return bad(err, "unknown option '%s' (see 'seichi results --help')", a);
        else if (!cmd) {
            for (size_t k = 0; k < sizeof actions / sizeof actions[0]; k++)
                if (!strcmp(a, actions[k]))
                    cmd = a;
            if (!cmd)
                return bad(err, "unknown action '%s': list, show N, export, audit N, set-pin, correct N, void N or "
                                "confirm N", a);
        } else if (!number && !is_action(cmd, "list") && !is_action(cmd, "export") && !is_action(cmd, "set-pin") &&
                   !is_action(cmd, "push"))
            number = a;
        else
            return bad(err, "unexpected argument '%s'", a);
    }
    if (!cmd)
        return fprintf(err, "seichi results: say what to do: list, show N or export\n%s", usage_text), 2;
    int64_t id = 0;
    int numbered = !is_action(cmd, "list") && !is_action(cmd, "export") && !is_action(cmd, "set-pin") &&
                   !is_action(cmd, "push");
    if (numbered) {
        char *end;
        errno = 0;
        long long l = number ? strtoll(number, &end, 10) : 0;
        if (!number)
            return fprintf(err, "seichi results: %s needs a result number (see 'seichi results list')\n", cmd), 2;
        if (end == number || *end || errno || l <= 0)
            return fprintf(err, "seichi results: %s takes a result number such as 12, not '%s'\n", cmd, number), 2;
        id = l;
    }
    if (force && !is_action(cmd, "export"))
        return bad(err, "%s", "--force goes with export");
    if (json && !is_action(cmd, "list") && !is_action(cmd, "show") && !is_action(cmd, "audit"))
        return bad(err, "%s", "--json goes with list, show or audit");
    if (is_action(cmd, "export") && !csv && !sgfdir)
        return bad(err, "%s", "export needs --csv FILE or --sgf DIR");
    int judging = is_action(cmd, "correct") || is_action(cmd, "void") || is_action(cmd, "confirm");
    if (judging && !j.judge)
        return fprintf(err, "seichi results: %s needs --judge NAME (the judge's name goes into the audit trail)\n",
                       cmd), 2;
    if (judging && !is_action(cmd, "confirm") && (!j.reason || !*j.reason))
        return fprintf(err, "seichi results: %s needs --reason TEXT (it goes into the audit trail)\n", cmd), 2;
    if (is_action(cmd, "correct") && !j.change.given && !j.change.result && !j.change.dead)
        return bad(err, "%s", "correct needs what to change: --result R, --dead POINTS|none, or " SEI_IDENT_USAGE);
    if (j.change.result && j.change.dead)
        return bad(err, "%s", "give --result or --dead, not both (--result: a game won without a count; --dead: "
                              "counted again)");

    /* None of the three: the pairing the kiosk keeps in the database. */
    int kept_pairing = is_action(cmd, "push") && !station && !token && !token_file;
    if (is_action(cmd, "push") && !kept_pairing && (!station || !token == !token_file))
        return bad(err, "%s", "push needs --station URL and one of --token T and --token-file FILE (or none of "
                              "them: the station the kiosk was paired with)");
    char path[PATH_MAX], msg[PATH_MAX + 256];
    char token_buf[SEI_TOKEN_LEN + 2] = "";
    if (token_file) {
        size_t tl;
        char *t = sei_file_read(token_file, 4096, &tl, msg, sizeof msg);
        if (!t)
            return fprintf(err, "seichi results: %s\n", msg), 2;
        /* The token is the file's first line; a token file from `station
         * enroll > FILE` holds it on its last line. */
        char *line = t, *nl;
        while ((nl = strchr(line, '\n')) && nl[1])
            line = nl + 1;
        snprintf(token_buf, sizeof token_buf, "%.*s", (int)strcspn(line, "\r\n"), line);
        sodium_memzero(t, tl);
        free(t);
        token = token_buf;
    }
    if (!db) {
        if (sei_store_default_path(path, sizeof path, msg, sizeof msg))
            return fprintf(err, "seichi results: %s\n", msg), 2;
        db = path;
    }
    /* Reading must not create an empty database under a mistyped name;
     * a PIN may be set before anything is stored (a desk preparing a
     * kiosk's file before the event). */
    struct stat sb;
    if (!is_action(cmd, "set-pin") && stat(db, &sb))
        return fprintf(err, "seichi results: cannot open results database '%s': %s%s\n", db, strerror(errno),
                       errno == ENOENT ? " (nothing saved there yet?)" : ""), 2;
    /* Listing and exporting only read: a database the user may not write
     * (or in a folder they may not write) still lists and exports. The
     * judge's actions write. */
    int writes = judging || is_action(cmd, "set-pin") || is_action(cmd, "push");
    sei_store *s = writes ? sei_store_open(db, msg, sizeof msg) : sei_store_open_readonly(db, msg, sizeof msg);
    if (!s)
        return fprintf(err, "seichi results: %s\n", msg), 2;
    int rc = 0;
    if (is_action(cmd, "list"))
        rc = cmd_list(s, json, out, err);
    else if (is_action(cmd, "show"))
        rc = cmd_show(s, id, json, out, err);
    else if (is_action(cmd, "audit"))
        rc = cmd_audit(s, id, json, out, err);
    else if (is_action(cmd, "set-pin"))
        rc = cmd_set_pin(s, j.pin_file, out, err);
    else if (judging)
        rc = cmd_judge(s, cmd, id, &j, out, err);
    else if (is_action(cmd, "push")) {
        char typed[256], url[300], kiosk[SEI_IDENT_TEXT + 1], kept[SEI_TOKEN_LEN + 1] = "";
        if (kept_pairing && sei_push_kept(s, typed, sizeof typed, url, sizeof url, kiosk, sizeof kiosk, kept))
            rc = (fprintf(err, "seichi results: this database's kiosk is not paired with a station: give --station "
                               "URL and --token-file FILE, or pair it on the kiosk (Settings, Station)\n"),
                  2);
        else
            rc = sei_results_push_tls(s, kept_pairing ? url : station, kept_pairing ? kept : token, cacert, out, err);
        sodium_memzero(kept, sizeof kept);
    }
    else
        rc = sei_results_export(s, csv, sgfdir, force, out, err);
    sei_store_close(s);
    if (!rc && (fflush(out) || ferror(out)))
        rc = (fprintf(err, "seichi results: cannot write the output\n"), 2);
    return rc;
}
