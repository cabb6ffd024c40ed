/* cmd_score.c - `seichi score`: read a board diagram, count it under a rule
 * set, and print the count as people state it (text) or as JSON. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "cli.h"

#define MAX_BOARD_FILE (1 << 20)

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

static int parse_int(const char *t, int *v, int lo, int hi)
{
    char *end;
    errno = 0;
    long l = strtol(t, &end, 10);
    if (end == t || *end || errno || l < lo || l > hi)
        return 0;
    *v = (int)l;
    return 1;
}

int sei_cli_score_parse(int argc, char **argv, sei_score_opts *o, FILE *err)
{
    memset(o, 0, sizeof *o);
    sei_rules_params_default(&o->rules);
    o->handicap = -1;
    o->prisoners.source = SEI_PRISONERS_BOARD;
    const char *rules = NULL, *komi = NULL, *ko = NULL, *penalty = NULL;
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
        else if (!strcmp(a, "--rules")) { NEED_VALUE(); rules = v; }
        else if (!strcmp(a, "--komi")) { NEED_VALUE(); komi = v; }
        else if (!strcmp(a, "--ko")) { NEED_VALUE(); ko = v; }
        else if (!strcmp(a, "--dead")) { NEED_VALUE(); o->dead = v; }
        else if (!strcmp(a, "--penalty")) { NEED_VALUE(); penalty = v; }
        else if (!strcmp(a, "--handicap")) {
            NEED_VALUE();
            if (!parse_int(v, &o->handicap, 0, 9) || o->handicap == 1)
                return bad(err, "--handicap takes 0 or 2 to 9 stones, not '%s'", v);
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
        } else if (a[0] == '-')
            return bad(err, "unknown option '%s' (see 'seichi help')", a);
        else if (!o->board_path)
            o->board_path = a;
        else
            return bad(err, "unexpected argument '%s'", a);
#undef NEED_VALUE
    }
    if (!o->board_path)
        return bad(err, "%s", "no board: give --board FILE");
    if (rules && sei_rules_preset(&o->rules, rules))
        return fprintf(err, "seichi score: unknown rules '%s' (one of: %s)\n", rules, sei_rules_preset_names()), 2;
    if (komi) {
        if (!parse_double(komi, &o->rules.komi) || o->rules.komi * 2 != (double)(long)(o->rules.komi * 2))
            return bad(err, "--komi takes points in steps of 0.5 such as 6.5 or 7, not '%s'", komi);
        o->komi_set = 1;
    }
    if (ko) {
        if (!strcmp(ko, "simple")) o->rules.ko = SEI_KO_SIMPLE;
        else if (!strcmp(ko, "positional")) o->rules.ko = SEI_KO_POSITIONAL;
        else if (!strcmp(ko, "situational")) o->rules.ko = SEI_KO_SITUATIONAL;
        else return bad(err, "--ko takes simple, positional or situational, not '%s'", ko);
    }
    if (penalty) {
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

static char *read_file(const char *path, size_t *len, FILE *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(err, "seichi score: cannot open '%s': %s\n", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(MAX_BOARD_FILE + 1);
    if (!buf) {
        fclose(f);
        fprintf(err, "seichi score: out of memory\n");
        return NULL;
    }
    size_t n = fread(buf, 1, MAX_BOARD_FILE + 1, f);
    int rd_err = ferror(f);
    fclose(f);
    if (rd_err) {
        fprintf(err, "seichi score: cannot read '%s'\n", path);
        free(buf);
        return NULL;
    }
    if (n > MAX_BOARD_FILE) {
        fprintf(err, "seichi score: '%s' is larger than %d bytes: not a board file\n", path, MAX_BOARD_FILE);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int sei_cli_score_run(const sei_score_opts *o, sei_board **board, sei_score *s, FILE *err)
{
    size_t len;
    char msg[256];
    uint8_t dead[SEI_MAX_POINTS];
    *board = NULL;
    char *text = read_file(o->board_path, &len, err);
    if (!text)
        return 2;
    sei_board *b = NULL;
    sei_status st = sei_boardfile_parse(text, len, &b, dead, msg, sizeof msg);
    free(text);
    if (st) {
        fprintf(err, "seichi score: %s: %s\n", o->board_path, msg);
        return 2;
    }
    if (o->dead) {
        /* --dead replaces the file's own marks. */
        memset(dead, 0, sizeof dead);
        if (strcmp(o->dead, "none")) {
            char buf[4096];
            int chain[SEI_MAX_POINTS];
            if (strlen(o->dead) >= sizeof buf) {
                fprintf(err, "seichi score: --dead: the list is too long\n");
                sei_board_destroy(b);
                return 2;
            }
            snprintf(buf, sizeof buf, "%s", o->dead);
            for (char *tok = strtok(buf, ", "); tok; tok = strtok(NULL, ", ")) {
                int p = sei_board_parse_point(b, tok);
                if (p <= 0 || b->color[p] == SEI_EMPTY) {
                    fprintf(err, "seichi score: --dead: '%s' is %s\n", tok,
                            p <= 0 ? "not a point on this board (use D4 or SGF dd)" : "an empty point, not a stone");
                    sei_board_destroy(b);
                    return 2;
                }
                int n = sei_board_chain(b, p, chain);
                for (int k = 0; k < n; k++)
                    dead[chain[k]] = 1;
            }
        }
    }
    if (o->handicap >= 0)
        b->handicap = o->handicap;
    sei_rules_apply(&o->rules, b);
    st = sei_score_count(b, dead, &o->rules, &o->prisoners, s);
    if (st) {
        fprintf(err, "seichi score: %s: %s\n", o->board_path, sei_board_errmsg(b));
        sei_board_destroy(b);
        return 2;
    }
    *board = b;
    return 0;
}

int sei_cli_score(int argc, char **argv, FILE *out, FILE *err)
{
    sei_score_opts o;
    int rc = sei_cli_score_parse(argc, argv, &o, err);
    if (rc < 0) {
        fprintf(out, "usage: seichi score --board FILE [--rules R] [--komi K] [--handicap N]\n"
                     "                    [--dead POINTS|none] [--prisoners B,W | --last b|w]\n"
                     "                    [--penalty b:N,w:N] [--ko simple|positional|situational] [--json]\n"
                     "rules: %s\n", sei_rules_preset_names());
        return 0;
    }
    if (rc)
        return rc;
    sei_board *b;
    sei_score *s = malloc(sizeof *s);
    if (!s)
        return fprintf(err, "seichi score: out of memory\n"), 2;
    rc = sei_cli_score_run(&o, &b, s, err);
    if (!rc) {
        if (o.json)
            sei_cli_score_print_json(out, b, s);
        else
            sei_cli_score_print_text(out, b, s);
        if (fflush(out) || ferror(out)) {
            fprintf(err, "seichi score: cannot write the result\n");
            rc = 2;
        }
    }
    sei_board_destroy(b);
    free(s);
    return rc;
}
