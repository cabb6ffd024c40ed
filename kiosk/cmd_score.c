/* cmd_score.c - `seichi score`: read a board diagram, count it under a rule
 * set, and print the count as people state it (text) or as JSON. */
#define _POSIX_C_SOURCE 200809L /* PATH_MAX, strcasecmp */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <limits.h>
#include <stdarg.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "cli.h"
#include "clock.h"
#include "count.h"
#include "jsonout.h"
#include "picname.h"
#include "textbuf.h"
#include "sgf.h"
#include "store.h"

#define MAX_BOARD_FILE (1 << 20)
#define MAX_SGF_FILE (64 << 20)

/* A picture given where a record or a diagram was wanted: what reads it.
 * A bare name is told a picture by its first bytes, which a pipe gives
 * only once: from standard input or a pipe, --image says it. */
static void picture_hint(FILE *err, const char *path, const char *wanted)
{
    struct stat st;
    if (!strcmp(path, "-"))
        fprintf(err, "seichi score: standard input holds a picture, not %s: 'seichi score --image /dev/stdin' reads "
                     "it\n", wanted);
    else if (stat(path, &st) || !S_ISREG(st.st_mode))
        fprintf(err, "seichi score: %s holds a picture, not %s: 'seichi score --image %s' reads it\n", path, wanted,
                path);
    else
        fprintf(err, "seichi score: %s is a picture, not %s: 'seichi score %s' reads it\n", path, wanted, path);
}

static int bad(FILE *err, const char *fmt, const char *arg)
{
    fprintf(err, "seichi score: ");
    fprintf(err, fmt, arg);
    fprintf(err, "\n");
    return 2;
}

/* Parse a number that must be all of the text. */
static int parse_double(const char *t, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(t, &end);
    return end != t && !*end && errno == 0 && *v > -1000 && *v < 1000;
}

int sei_cli_quiet;

int sei_cli_take_quiet(int argc, char **argv)
{
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q"))
            sei_cli_quiet = 1;
        else
            argv[kept++] = argv[i];
    }
    argv[kept] = NULL;
    return kept;
}

const char *sei_cli_given_twice(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-' || !a[2] || !strcmp(a, "--help"))
            continue;
        for (int k = 0; k < i; k++)
            if (!strcmp(argv[k], a))
                return a;
    }
    return NULL;
}

void sei_cli_note(FILE *err, const char *fmt, ...)
{
    if (sei_cli_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(err, fmt, ap);
    va_end(ap);
}

FILE *sei_cli_trace(void)
{
    return getenv("SEI_TRACE") ? stderr : NULL;
}

/* A whole decimal number from lo to hi (no trailing text, no overflow). */
int sei_cli_parse_int(const char *t, int *v, int lo, int hi)
{
    char *end;
    errno = 0;
    long l = strtol(t, &end, 10);
    if (end == t || *end || errno || l < lo || l > hi)
        return 0;
    *v = (int)l;
    return 1;
}

int sei_cli_parse_komi(const char *v, int size, double *komi, FILE *err, const char *cmd)
{
    char *end, why[96] = "not a number";
    /* Written as people write komi: digits, a sign, a decimal point; not
     * strtod's hexadecimal, exponents, "inf" or "nan". */
    const char *c = v + (*v == '-' || *v == '+');
    int digits = 0, points = 0, plain = 1;
    for (; *c; c++) {
        digits += *c >= '0' && *c <= '9';
        points += *c == '.';
        plain &= (*c >= '0' && *c <= '9') || *c == '.';
    }
    errno = 0;
    double k = strtod(v, &end);
    if (!plain || !digits || points > 1)
        end = (char *)v;
    if (end == v || *end || errno || sei_rules_komi_check(k, size, why, sizeof why)) {
        fprintf(err, "%s: --komi takes points in steps of 0.5 such as 6.5 or 7, not '%s' (%s)\n", cmd, v, why);
        return 2;
    }
    *komi = k;
    return 0;
}

int sei_cli_score_parse(int argc, char **argv, sei_score_opts *o, FILE *err)
{
    memset(o, 0, sizeof *o);
    sei_rules_params_default(&o->rules);
    o->handicap = -1;
    o->spares[1] = o->spares[2] = -1;
    o->prisoners.source = SEI_PRISONERS_BOARD;
    const char *rules = NULL, *komi = NULL, *ko = NULL, *penalty = NULL, *hbonus = NULL;
    int have_prisoners = 0;

    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE() do { if (!v) return bad(err, "%s needs a value", a); i++; } while (0)
        if (!strcmp(a, "--json"))
            o->json = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return -1; /* the caller prints the usage */
        else if (!strcmp(a, "--board")) { NEED_VALUE(); o->board_path = v; }
        else if (!strcmp(a, "--sgf")) { NEED_VALUE(); o->sgf_path = v; }
        else if (!strcmp(a, "--game")) {
            NEED_VALUE();
            if (!sei_cli_parse_int(v, &o->game, 1, 1000000))
                return bad(err, "--game takes the number of a game in the record (1 for the first), not '%s'", v);
        }
        else if (!strcmp(a, "--image")) { NEED_VALUE(); o->image_path = v; }
        else if (!strcmp(a, "--save"))
            o->save = 1;
        else if (!strcmp(a, "--keep-photo"))
            o->keep_photo = o->save = 1;
        else if (!strcmp(a, "--checked"))
            o->checked = 1;
        else if (!strcmp(a, "--db")) { NEED_VALUE(); o->db = v; o->save = 1; }
        else if (!strcmp(a, "--annotate")) { NEED_VALUE(); o->annotate = v; }
        else if (!strcmp(a, "--force"))
            o->force = 1;
        else if (!strcmp(a, "--size")) {
            NEED_VALUE();
            if (!sei_cli_parse_int(v, &o->size, 9, 19) || (o->size != 9 && o->size != 13 && o->size != 19))
                return bad(err, "--size takes 9, 13 or 19, not '%s'", v);
        }
        else if (!strcmp(a, "--rules")) { NEED_VALUE(); rules = v; }
        else if (!strcmp(a, "--komi")) { NEED_VALUE(); komi = v; }
        else if (!strcmp(a, "--ko")) { NEED_VALUE(); ko = v; }
        else if (!strcmp(a, "--dead")) {
            NEED_VALUE();
            if (!*v) /* an empty list is not "none": a slip (an unset variable) */
                return bad(err, "%s", "--dead takes none, auto, record or points (A1,B2), not an empty value");
            o->dead = v;
        }
        else if (!strcmp(a, "--penalty")) { NEED_VALUE(); penalty = v; }
        else if (!strcmp(a, "--handicap-bonus")) { NEED_VALUE(); hbonus = v; }
        else if (!strcmp(a, "--fill-photo")) { NEED_VALUE(); o->fill_photo = v; }
        else if (!strcmp(a, "--spares")) {
            NEED_VALUE();
            char extra;
            int sb, sw;
            if (sscanf(v, "b:%d,w:%d%c", &sb, &sw, &extra) != 2 || sb < 0 || sw < 0 || sb > 999 || sw > 999)
                return bad(err, "--spares takes the stones left in each bowl as b:N,w:N, not '%s'", v);
            o->spares[1] = sb;
            o->spares[2] = sw;
        }
        else if (!strcmp(a, "--handicap")) {
            NEED_VALUE();
            /* One stone is a game without komi where Black moves first,
             * as HA[1] in a record says (Fox writes it so). */
            if (!sei_cli_parse_int(v, &o->handicap, 0, 9))
                return bad(err, "--handicap takes 0 to 9 stones, not '%s'", v);
        } else if (!strcmp(a, "--prisoners")) {
            NEED_VALUE();
            if (have_prisoners++)
                return bad(err, "%s", "give either --prisoners or --last, once");
            char extra;
            if (sscanf(v, "%d,%d%c", &o->prisoners.black, &o->prisoners.white, &extra) != 2 ||
                o->prisoners.black < 0 || o->prisoners.white < 0 || o->prisoners.black > 999 ||
                o->prisoners.white > 999)
                return bad(err, "--prisoners takes BLACK,WHITE counts such as 3,5, not '%s'", v);
            o->prisoners.source = SEI_PRISONERS_GIVEN;
        } else if (!strcmp(a, "--last")) {
            NEED_VALUE();
            if (have_prisoners++)
                return bad(err, "%s", "give either --prisoners or --last, once");
            if (!strcmp(v, "b") || !strcmp(v, "B") || !strcmp(v, "black"))
                o->prisoners.last = SEI_BLACK;
            else if (!strcmp(v, "w") || !strcmp(v, "W") || !strcmp(v, "white"))
                o->prisoners.last = SEI_WHITE;
            else
                return bad(err, "--last takes b or w (who played the last stone), not '%s'", v);
            o->prisoners.source = SEI_PRISONERS_LAST;
        } else if (a[0] == '-') {
            char why[256];
            int took = sei_ident_option(&o->ident, &o->ident_given, a, v, why, sizeof why);
            if (took < 0)
                return bad(err, "%s", why);
            if (!took)
                return bad(err, "unknown option '%s' (see 'seichi help')", a);
            i++;
        }
        else if (!o->board_path && !o->sgf_path && !o->image_path) {
            /* A bare file: a record or a photo if it looks like one, by
             * its name or, whatever its name, by its first bytes (a
             * picture saved with no extension, or another). */
            const char *dot = strrchr(a, '.');
            if (dot && !strcasecmp(dot, ".sgf"))
                o->sgf_path = a;
            else if (sei_picture_name(a) || sei_picture_file(a))
                o->image_path = a;
            else {
                o->board_path = a;
                o->board_bare = 1;
            }
        } else
            return bad(err, "unexpected argument '%s'", a);
#undef NEED_VALUE
    }
    if (!o->board_path && !o->sgf_path && !o->image_path)
        return bad(err, "%s", "no board: give --board FILE, --sgf FILE or a photo");
    if (!!o->board_path + !!o->sgf_path + !!o->image_path > 1)
        return bad(err, "%s", "give one of --board, --sgf or a photo");
    if (o->ident_given && !o->save)
        return bad(err, "%s", "--event, --round, --table, --black, --white, --black-id and --white-id say who played a "
                              "stored result: give --save");
    if (o->checked && (!o->save || !o->image_path))
        return bad(err, "%s", "--checked says a photo's doubts were looked at before its count is saved: give a photo "
                              "and --save");
    if (o->game && !o->sgf_path)
        return bad(err, "%s", "--game picks a game of a record: give --sgf FILE");
    if (o->annotate && !o->image_path)
        return bad(err, "%s", "--annotate draws on a photo: give one");
    if (o->size && !o->image_path)
        return bad(err, "%s", "--size says a photo's board size (a diagram or a record has its own): give a photo");
    if (o->spares[1] >= 0 && !o->fill_photo)
        return bad(err, "%s", "--spares goes with --fill-photo (Ing's fill check)");
    if (o->force && !o->annotate)
        return bad(err, "%s", "--force lets --annotate replace a file: give --annotate OUT.png");
    char msg[512];
    /* Before anything is read: where a picture would go is checked. */
    if (o->annotate && sei_score_annotate_check(o, msg, sizeof msg))
        return bad(err, "%s", msg);
    if (rules && sei_rules_preset(&o->rules, rules))
        return fprintf(err, "seichi score: unknown rules '%s' (one of: %s)\n", rules, sei_rules_preset_names()), 2;
    o->rules_set = rules != NULL;
    if (komi) {
        if (sei_cli_parse_komi(komi, 0, &o->rules.komi, err, "seichi score"))
            return 2;
        o->komi_set = 1;
    }
    if (ko) {
        if (!strcmp(ko, "simple")) o->rules.ko = SEI_KO_SIMPLE;
        else if (!strcmp(ko, "positional")) o->rules.ko = SEI_KO_POSITIONAL;
        else if (!strcmp(ko, "situational")) o->rules.ko = SEI_KO_SITUATIONAL;
        else return bad(err, "--ko takes simple, positional or situational, not '%s'", ko);
    }
    if (hbonus) {
        /* What White gets for the handicap, whatever the rules' own (Ing's
         * is none; an event may set another). */
        if (!strcmp(hbonus, "none")) o->rules.bonus = SEI_BONUS_NONE;
        else if (!strcmp(hbonus, "n-1")) o->rules.bonus = SEI_BONUS_N_MINUS_1;
        else if (!strcmp(hbonus, "n")) o->rules.bonus = SEI_BONUS_N;
        else return bad(err, "--handicap-bonus takes none, n-1 or n (points for N handicap stones), not '%s'", hbonus);
        o->bonus_set = 1;
    }
    if (penalty) {
        o->penalty_set = 1;
        /* "b:2,w:4": points each side loses (Ing: 2 per overtime period). */
        char buf[64];
        if (strlen(penalty) >= sizeof buf)
            return bad(err, "--penalty is too long: '%s'", penalty);
        snprintf(buf, sizeof buf, "%s", penalty);
        for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
            double pts;
            if ((tok[0] != 'b' && tok[0] != 'w' && tok[0] != 'B' && tok[0] != 'W') || tok[1] != ':' ||
                !parse_double(tok + 2, &pts) || pts < 0 || pts * 2 != (double)(long)(pts * 2))
                return bad(err, "--penalty takes b:POINTS,w:POINTS such as b:2,w:0, not '%s'", penalty);
            o->rules.penalty[(tok[0] == 'b' || tok[0] == 'B') ? SEI_BLACK : SEI_WHITE] = pts;
        }
    }
    return 0;
}

/* Ing's overtime from a record Seichi's clock kept (OT an Ing time
 * control, OB/OW after each move: the periods not used up, the running
 * one included): each period begun costs its player 2 points (RULES.md,
 * Ing), entered as the penalty unless --penalty said otherwise. OB and OW
 * are read on every move node, not only the mover's: the last one holds
 * the other player's at the game's end when Seichi recorded the end, so
 * periods begun after a player's last move count. */
static void ing_overtime(sei_sgf *s, const sei_sgf_game *g, const sei_score_opts *o, sei_score_run *r, sei_rules *rules)
{
    sei_time_control tc;
    char why[160];
    if (strcmp(rules->name, "ing") || !g->overtime[0] || sei_time_control_parse(g->overtime, &tc, why, sizeof why) ||
        tc.kind != SEI_TC_ING)
        return;
    r->ing_known = 1;
    r->ing_periods[1] = r->ing_periods[2] = 0;
    for (int i = 0; i < g->moves_n; i++)
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
            const char *v = sei_sgf_get(s, g->moves[i].node, c == SEI_BLACK ? "OB" : "OW");
            int left;
            /* 0 left: lost on time, every period begun. */
            if (v && sei_cli_parse_int(v, &left, 0, tc.periods)) {
                int begun = left ? tc.periods - left + 1 : tc.periods;
                if (begun > r->ing_periods[c])
                    r->ing_periods[c] = begun;
            }
        }
    r->ing_applied = !o->penalty_set;
    if (r->ing_applied)
        for (int c = 1; c <= 2; c++)
            rules->penalty[c] = 2.0 * r->ing_periods[c];
}

/* The whole file, NUL-terminated, grown as it is read so a small file costs
 * little; refused past limit bytes. The caller frees it. */
static char *read_file(const char *path, size_t limit, size_t *len, FILE *err)
{
    char msg[PATH_MAX + 128];
    char *text = sei_file_read(path, limit, len, msg, sizeof msg);
    if (!text)
        fprintf(err, "seichi score: %s\n", msg);
    return text;
}

/* One line per game of a collection: its number for --game, players,
 * size, moves and result, as far as it reads. */
static void list_games(sei_sgf *s, FILE *err)
{
    for (int i = 0; i < sei_sgf_games(s); i++) {
        sei_sgf_game g;
        memset(&g, 0, sizeof g);
        if (sei_sgf_game_get(s, i, &g) != SEI_OK)
            fprintf(err, "  %4d  (cannot be counted: %s)\n", i + 1, sei_sgf_errmsg(s));
        else
            fprintf(err, "  %4d  %s - %s, %dx%d, %d move%s%s%s%s\n", i + 1, g.black[0] ? g.black : "Black",
                    g.white[0] ? g.white : "White", g.size, g.size, g.moves_n, g.moves_n == 1 ? "" : "s",
                    g.result[0] ? ", RE[" : "", g.result, g.result[0] ? "]" : "");
        sei_sgf_game_release(&g);
    }
}

/* The final position of a game record, with the record's rules and komi
 * unless the options name others. The dead stones its last node marks
 * (TB/TW on stones) go into dead, *marked saying whether it records a
 * count at all; prisoners a Seichi export wrote (SEIP[b:w], for a position
 * with no moves to take them from) into *pris unless the options gave
 * them. */
static int load_sgf(const sei_score_opts *o, sei_score_run *r, sei_rules *rules, uint8_t *dead, int *marked,
                    sei_prisoners *pris, FILE *err)
{
    size_t len;
    char *text = read_file(o->sgf_path, MAX_SGF_FILE, &len, err);
    if (!text)
        return 2;
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    int rc = 2;
    if (!s) {
        fprintf(err, "seichi score: out of memory\n");
        goto out;
    }
    if (sei_sgf_parse(s, text, len) != SEI_OK) {
        fprintf(err, "seichi score: %s: %s\n", o->sgf_path, sei_sgf_errmsg(s));
        if (sei_picture_bytes((const uint8_t *)text, len))
            picture_hint(err, o->sgf_path, "a game record");
        goto out;
    }
    /* Several games in one file: which one is counted is not guessed. */
    int games = sei_sgf_games(s);
    if (o->game > games) {
        fprintf(err, "seichi score: %s holds %d game%s: there is no game %d\n", o->sgf_path, games,
                games == 1 ? "" : "s", o->game);
        goto out;
    }
    if (games > 1 && !o->game) {
        fprintf(err, "seichi score: %s holds %d games; say which to count with --game N:\n", o->sgf_path, games);
        list_games(s, err);
        goto out;
    }
    if (sei_sgf_game_get(s, o->game ? o->game - 1 : 0, &g) != SEI_OK) {
        fprintf(err, "seichi score: %s%s: %s\n", o->sgf_path, games > 1 ? " (that game)" : "", sei_sgf_errmsg(s));
        goto out;
    }
    r->board = sei_board_create(g.size);
    if (!r->board) {
        fprintf(err, "seichi score: out of memory\n");
        goto out;
    }
    sei_sgf_replay_info info;
    if (sei_sgf_replay(s, &g, -1, r->board, &info) != SEI_OK) {
        fprintf(err, "seichi score: %s: %s\n", o->sgf_path, sei_sgf_errmsg(s));
        goto out;
    }
    r->oddities = info.oddities;
    r->first_odd = info.first_odd;
    snprintf(r->rules_raw, sizeof r->rules_raw, "%s", g.rules_raw);
    r->rules_unknown = g.rules_raw[0] && !g.rules[0];
    if (r->rules_unknown && !o->rules_set)
        fprintf(err, "seichi score: %s: warning: unknown rules RU[%s]: counted under %s (give --rules)\n",
                o->sgf_path, g.rules_raw, rules->name);
    /* Captures come from the moves; a setup position alone says nothing. */
    r->prisoners_given = g.moves_n > 0;
    *marked = sei_sgf_dead_marks(s, g.last, r->board, dead) > 0;
    const char *seip = sei_sgf_get(s, g.root, "SEIP");
    if (seip && pris->source == SEI_PRISONERS_BOARD) {
        int pb, pw;
        char extra;
        if (sscanf(seip, "%d:%d%c", &pb, &pw, &extra) != 2 || pb < 0 || pw < 0 || pb > 999 || pw > 999) {
            fprintf(err, "seichi score: %s: SEIP[%s] is not Seichi's prisoners (BLACK:WHITE)\n", o->sgf_path, seip);
            goto out;
        }
        *pris = (sei_prisoners){SEI_PRISONERS_GIVEN, pb, pw, SEI_WHITE};
        r->prisoners_given = 1;
    }
    if (!o->rules_set && g.rules[0]) {
        double pen[3] = {0, rules->penalty[1], rules->penalty[2]};
        sei_handicap_bonus bonus = rules->bonus;
        sei_rules_preset(rules, g.rules);
        rules->penalty[1] = pen[1];
        rules->penalty[2] = pen[2];
        if (o->bonus_set)
            rules->bonus = bonus;
    }
    if (!o->komi_set && g.komi_given) {
        rules->komi = g.komi;
        r->komi_from = "record";
    }
    ing_overtime(s, &g, o, r, rules);
    r->from_sgf = 1;
    snprintf(r->recorded, sizeof r->recorded, "%s", g.result);
    r->recorded_how = g.result_how;
    r->recorded_winner = g.winner;
    snprintf(r->players, sizeof r->players, "%s%s%s%s - %s%s%s%s", g.black[0] ? g.black : "Black",
             g.black_rank[0] ? " (" : "", g.black_rank, g.black_rank[0] ? ")" : "", g.white[0] ? g.white : "White",
             g.white_rank[0] ? " (" : "", g.white_rank, g.white_rank[0] ? ")" : "");
    /* Kept: a saved result keeps the record it was made from; of a
     * collection, the game counted alone (its moves, players and game
     * information), so an export gives back that game. */
    if (games > 1) {
        sei_sgf *one = sei_sgf_create();
        char *t1 = NULL;
        size_t l1 = 0;
        if (!one || sei_sgf_add_from_game(one, &g, NULL, NULL) != SEI_OK || sei_sgf_write(one, &t1, &l1) != SEI_OK) {
            fprintf(err, "seichi score: out of memory\n");
            sei_sgf_destroy(one);
            goto out;
        }
        sei_sgf_destroy(one);
        free(text);
        text = t1;
        len = l1;
    }
    rc = 0;
    r->sgf_text = text;
    r->sgf_len = len;
    text = NULL;
out:
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
    free(text);
    return rc;
}

int sei_cli_score_run(const sei_score_opts *o, sei_score_run *r, FILE *err)
{
    char msg[256];
    uint8_t dead[SEI_MAX_POINTS];
    sei_rules rules = o->rules;
    const char *path = o->board_path ? o->board_path : o->sgf_path ? o->sgf_path : o->image_path;
    const char *how = o->dead;
    memset(r, 0, sizeof *r);
    memset(dead, 0, sizeof dead);

    sei_prisoners pris = o->prisoners;
    if (o->sgf_path) {
        int marked = 0;
        int rc = load_sgf(o, r, &rules, dead, &marked, &pris, err);
        if (rc)
            return rc;
        /* A record that carries its count (territory marked at its end)
         * names its own dead stones; else they are proposed. */
        if (!how)
            how = marked ? "record" : "auto";
        if (!strcmp(how, "record") && !marked) {
            fprintf(err, "seichi score: %s: --dead record: the record marks no dead stones (no TB/TW at its end)\n",
                    path);
            return 2;
        }
        r->dead_from_record = !strcmp(how, "record");
    } else if (o->image_path) {
        int rc = sei_score_load_image(o, r, err);
        if (rc)
            return rc;
        if (!how)
            how = "auto";
    } else {
        size_t len;
        char *text = read_file(o->board_path, MAX_BOARD_FILE, &len, err);
        if (!text)
            return 2;
        sei_status st = sei_boardfile_parse(text, len, &r->board, dead, msg, sizeof msg);
        int picture = st && sei_picture_bytes((const uint8_t *)text, len);
        free(text);
        if (st) {
            fprintf(err, "seichi score: %s: %s\n", path, msg);
            if (picture)
                picture_hint(err, path, "a board diagram");
            else if (o->board_bare)
                fprintf(err, "seichi score: if %s is no board diagram, it is no picture either (by its first bytes: "
                             "JPEG, PNG, PNM, BMP, TIFF or WebP); --image FILE tries it as a picture all the same\n",
                        path);
            return 2;
        }
    }
    sei_board *b = r->board;
    if (how && !strcmp(how, "auto")) {
        if (sei_count_propose(b, &rules, dead, &r->proposal)) {
            fprintf(err, "seichi score: %s: %s\n", path, sei_board_errmsg(b));
            return 2;
        }
        r->proposed = 1;
    } else if (how && !strcmp(how, "record")) {
        if (!o->sgf_path) {
            fprintf(err, "seichi score: --dead record takes the dead stones a game record marks: give --sgf FILE\n");
            return 2;
        }
    } else if (how && !strcmp(how, "none")) {
        memset(dead, 0, sizeof dead);
    } else if (how) {
        char why[160];
        if (sei_count_dead_list(b, how, dead, why, sizeof why)) {
            fprintf(err, "seichi score: --dead: %s\n", why);
            return 2;
        }
    }
    if (o->board_path && !how) {
        /* A diagram's dead stones are its x and o. One that marks none
         * (typed in a hurry, or `detect`'s reading of a photo, whose count
         * proposes them) is counted as it stands, and what a proposal
         * would take as dead is said beside it. */
        uint8_t would[SEI_MAX_POINTS];
        if (!sei_cli_any_marked(dead) && sei_count_propose(b, &rules, would, NULL) == SEI_OK)
            for (int i = 0; i < SEI_MAX_POINTS; i++)
                r->dead_unmarked += would[i] != 0;
    }
    if (pris.source != SEI_PRISONERS_BOARD)
        r->prisoners_given = 1;
    /* The komi: given, the record's, or a default that says so. A handicap
     * game is played without the even game's komi (half a point decides
     * ties), so with none given it gets 0.5, not the rules' 6.5 or 7.5. */
    int handicap = o->handicap >= 0 ? o->handicap : b->handicap;
    if (o->komi_set)
        r->komi_from = "given";
    else if (!r->komi_from && handicap >= 1) {
        rules.komi = 0.5;
        r->komi_from = "handicap";
    } else if (!r->komi_from)
        r->komi_from = "rules";
    if (sei_count_make(b, dead, &rules, o->handicap, &pris, &r->score, r->seki)) {
        fprintf(err, "seichi score: %s: %s\n", path, sei_board_errmsg(b));
        return 2;
    }
    if (o->fill_photo) {
        if (!rules.fill_check) {
            fprintf(err, "seichi score: --fill-photo checks Ing's fill: count under --rules ing (now %s)\n", rules.name);
            return 2;
        }
        uint8_t grid[SEI_MAX_SIZE * SEI_MAX_SIZE];
        int rc = sei_score_read_fill(o, b->size, grid, &r->fill_unsure, err);
        if (rc)
            return rc;
        sei_fill_check(b, &r->score, grid, o->spares[1], o->spares[2], &r->fill);
        r->fill_done = 1;
    }
    return 0;
}

int sei_score_needs_full(const sei_score_opts *o)
{
    return o->image_path || o->annotate || o->save || o->fill_photo;
}

void sei_cli_score_done(sei_score_run *r)
{
    if (r) {
        sei_board_destroy(r->board);
        r->board = NULL;
        free(r->sgf_text);
        r->sgf_text = NULL;
    }
}

int sei_cli_score(int argc, char **argv, FILE *out, FILE *err)
{
    sei_score_opts o;
    int rc = sei_cli_score_parse(argc, argv, &o, err);
    if (rc < 0) {
        fprintf(out, "usage: seichi score (--board FILE | --sgf FILE | (PHOTO | --image FILE) [--size N] [--annotate OUT.png [--force]])\n"
                     "                    [--game N] [--rules R] [--komi K] [--handicap N]\n"
                     "                    [--dead auto|none|record|POINTS] [--prisoners B,W | --last b|w]\n"
                     "                    [--penalty b:N,w:N] [--handicap-bonus none|n-1|n]\n"
                     "                    [--fill-photo FILLED.jpg [--spares b:N,w:N]] (Ing's fill checked on a photo)\n"
                     "                    [--ko simple|positional|situational] [--json]\n"
                     "                    [--save] [--db PATH] [--keep-photo] (--db and --keep-photo save too)\n"
                     "                    [--checked] (a photo read in doubt is saved only with it)\n"
                     "                    with --save: " SEI_IDENT_USAGE "\n"
                     "                    (a record's PB, PW, EV and RO are taken unless given)\n"
                     "rules: %s\n", sei_rules_preset_names());
        return 0;
    }
    if (rc)
        return rc;
    sei_score_run *r = malloc(sizeof *r);
    if (!r)
        return fprintf(err, "seichi score: out of memory\n"), 2;
    rc = sei_cli_score_run(&o, r, err);
    if (!rc) {
        if (o.annotate && sei_score_write_annotation(&o, r, err))
            rc = 2;
        int64_t id = 0;
        char db[4096] = "", uuid[SEI_UUID_LEN + 1] = "";
        /* A count of a photo read in doubt is not a result until someone
         * has looked at the points named: stored as it is, a judge would
         * later see an agreed result with no trace of the doubt. */
        char what[32];
        int doubt = sei_score_photo_doubt(r, what, sizeof what) != SEI_DOUBT_NONE;
        if (!doubt && r->from_image && r->fill_done && r->fill_unsure) {
            doubt = 1;
            snprintf(what, sizeof what, "the filled board's photo");
        }
        if (!rc && o.save && doubt && !o.checked) {
            fprintf(err, "seichi score: not saved: the photo was read in doubt (%s, named with the count); look, then "
                         "give --checked to save the count as read, or count the corrected position with --board "
                         "FILE\n",
                    what);
            rc = 2;
        } else if (!rc && o.save && sei_score_save_result(&o, r, &id, uuid, db, sizeof db, err))
            rc = 2;
        if (o.json) {
            /* stdout holds the document only: where it was saved goes in
             * it, and the message to stderr. */
            cJSON *doc = sei_cli_score_json(r);
            if (doc && id) {
                cJSON *saved = cJSON_AddObjectToObject(doc, "saved");
                if (saved) {
                    cJSON_AddNumberToObject(saved, "id", (double)id);
                    cJSON_AddStringToObject(saved, "db", db);
                    cJSON_AddStringToObject(saved, "uuid", uuid);
                }
            }
            if (sei_json_print(out, doc))
                rc = 2;
        } else
            sei_cli_score_print_text(out, r);
        if (id)
            sei_cli_note(err, "Saved as result %lld in %s\n", (long long)id, db);
        if (fflush(out) || ferror(out)) {
            fprintf(err, "seichi score: cannot write the result\n");
            rc = 2;
        }
    }
    sei_cli_score_done(r);
    free(r);
    return rc;
}
