/* cmd_clock.c - `seichi clock --time-control SPEC --simulate FILE`: the
 * kiosk's game clock and timekeeper (rules/clock.c) run over a list of
 * moves without a camera, printing each call the timekeeper makes. FILE
 * has one line per move, "SECONDS COLOUR" (the moment the move was seen,
 * from the start; B or W), "SECONDS PAUSE" and "SECONDS RESUME" where a
 * judge stops both clocks and starts them again, and may end with
 * "SECONDS END" where the clock stops; otherwise it runs after the last
 * move until someone loses on time. Blank lines and lines starting with # are skipped. Rules and libc
 * only (and cJSON for --json): the small program runs it. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "clock.h"
#include "jsonout.h"
#include "textbuf.h"

static const char usage[] =
    "usage: seichi clock --time-control SPEC --simulate FILE [--handicap N] [--json]\n"
    "  the game clock and its timekeeper over a list of moves, without a camera: a\n"
    "  line per call (time, player, call, overtime periods left)\n"
    "  SPEC: absolute:60m  byoyomi:60m+5x60s  canadian:60m+25/10m  fischer:30m+20s\n"
    "        ing:120m+3x20m   (durations in h, m or s; main time may be 0m)\n"
    "  FILE: one line per move, 'SECONDS B' or 'SECONDS W' (when it was seen, from the\n"
    "        start), 'SECONDS PAUSE' and 'SECONDS RESUME' (a judge stops both clocks and\n"
    "        starts them again), optionally a last line 'SECONDS END'; - reads standard input\n"
    "  --handicap N  N >= 2: White moves first\n"
    "  --json        each call as {\"t\", \"player\", \"call\", \"periods_left\"}\n"
    "exit status: 0 done; 2 bad options or a bad line (named on standard error)\n";

/* The input's caps: a game's moves and then some. */
#define MAX_FILE (4u << 20)
#define MAX_LINES 100000

/* "12", "12.5", "3600.125": seconds to milliseconds; -1 when not that. */
static int64_t seconds_ms(const char *s, const char **end)
{
    int64_t v = 0;
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p++ - '0');
        if (v > 10LL * SEI_TC_MAX_MS / 1000)
            return -1;
    }
    v *= 1000;
    if (*p == '.') {
        p++;
        int64_t scale = 100;
        if (*p < '0' || *p > '9')
            return -1;
        while (*p >= '0' && *p <= '9') {
            if (!scale)
                return -1; /* more than milliseconds */
            v += (*p++ - '0') * scale;
            scale /= 10;
        }
    }
    *end = p;
    return v;
}

static void put_seconds(char *out, size_t n, int64_t ms)
{
    if (ms % 1000 == 0)
        snprintf(out, n, "%lld", (long long)(ms / 1000));
    else {
        snprintf(out, n, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
        size_t k = strlen(out);
        while (out[k - 1] == '0')
            out[--k] = 0;
    }
}

/* Where the calls go: a line of text each, or a JSON object each. */
typedef struct {
    FILE *out;
    int json, failed;
} printer;

static void print_call(void *ctx, const sei_clock_call *k)
{
    printer *pr = ctx;
    char word[16], t[32];
    sei_clock_call_word(k, word, sizeof word);
    const char *who = k->player == 2 ? "W" : "B";
    if (pr->json) {
        cJSON *o = cJSON_CreateObject();
        if (o) {
            cJSON_AddNumberToObject(o, "t", (double)k->t_ms / 1000.0);
            cJSON_AddStringToObject(o, "player", who);
            cJSON_AddStringToObject(o, "call", word);
            cJSON_AddNumberToObject(o, "periods_left", k->periods_left);
        }
        pr->failed |= sei_json_print(pr->out, o) != 0;
    } else {
        put_seconds(t, sizeof t, k->t_ms);
        pr->failed |= fprintf(pr->out, "%s %s %s periods_left=%d\n", t, who, word, k->periods_left) < 0;
    }
}

int sei_cli_clock(int argc, char **argv, FILE *out, FILE *err)
{
    const char *spec = NULL, *file = NULL;
    int json = 0, handicap = 0;
    for (int i = 0; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage, out);
            return 0;
        } else if (!strcmp(argv[i], "--time-control") && v)
            spec = argv[++i];
        else if (!strcmp(argv[i], "--simulate") && v)
            file = argv[++i];
        else if (!strcmp(argv[i], "--handicap") && v) {
            if (!sei_cli_parse_int(v, &handicap, 0, 9 * 9)) {
                fprintf(err, "seichi clock: --handicap takes a number of stones, not '%s'\n", v);
                return 2;
            }
            i++;
        } else if (!strcmp(argv[i], "--json"))
            json = 1;
        else {
            fprintf(err, "seichi clock: unknown option '%s' (see 'seichi clock --help')\n", argv[i]);
            return 2;
        }
    }
    if (!spec || !file) {
        fprintf(err, "seichi clock: give --time-control SPEC and --simulate FILE\n%s", usage);
        return 2;
    }
    sei_time_control tc;
    char why[200];
    if (sei_time_control_parse(spec, &tc, why, sizeof why)) {
        fprintf(err, "seichi clock: %s\n", why);
        return 2;
    }
    size_t len;
    char msg[300];
    char *text = sei_file_read(file, MAX_FILE, &len, msg, sizeof msg);
    if (!text) {
        fprintf(err, "seichi clock: %s\n", msg);
        return 2;
    }
    if (memchr(text, 0, len)) {
        fprintf(err, "seichi clock: %s is not text (a NUL byte)\n", file);
        free(text);
        return 2;
    }
    sei_clock c;
    sei_clock_start(&c, &tc, handicap >= 2 ? 2 : 1, 0);
    printer pr = {out, json, 0};
    int rc = 0, ended = 0, line = 0, ignored = 0;
    int64_t last_t = 0;
    for (char *p = text, *nl; p && *p && !rc; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        if (++line > MAX_LINES) {
            fprintf(err, "seichi clock: %s has more than %d lines\n", file, MAX_LINES);
            rc = 2;
            break;
        }
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r')
            p[--l] = 0;
        const char *s = p;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            continue;
        if (ended) {
            fprintf(err, "seichi clock: %s:%d: a line after END\n", file, line);
            rc = 2;
            break;
        }
        const char *e;
        int64_t t = seconds_ms(s, &e);
        if (t < 0 || (*e != ' ' && *e != '\t')) {
            fprintf(err, "seichi clock: %s:%d: not 'SECONDS B', 'SECONDS W', 'SECONDS PAUSE', 'SECONDS RESUME' or 'SECONDS END': '%.40s'\n", file, line, p);
            rc = 2;
            break;
        }
        while (*e == ' ' || *e == '\t')
            e++;
        const char *w = e;
        while (*e && *e != ' ' && *e != '\t')
            e++;
        const char *rest = e;
        while (*rest == ' ' || *rest == '\t')
            rest++;
        size_t wl = (size_t)(e - w);
        int who = wl == 1 && (*w == 'B' || *w == 'b') ? 1 : wl == 1 && (*w == 'W' || *w == 'w') ? 2 : 0;
        int end = wl == 3 && !strncmp(w, "END", 3);
        int pause = wl == 5 && !strncmp(w, "PAUSE", 5), resume = wl == 6 && !strncmp(w, "RESUME", 6);
        if ((!who && !end && !pause && !resume) || *rest) {
            fprintf(err, "seichi clock: %s:%d: not 'SECONDS B', 'SECONDS W', 'SECONDS PAUSE', 'SECONDS RESUME' or 'SECONDS END': '%.40s'\n", file, line, p);
            rc = 2;
            break;
        }
        if (t < last_t) {
            fprintf(err, "seichi clock: %s:%d: %s is before the line above\n", file, line, "the time");
            rc = 2;
            break;
        }
        last_t = t;
        if (c.lost) {
            if (end)
                ended = 1; /* the clock stopped already: nothing to say */
            else
                ignored++;
            continue;
        }
        if ((pause && c.paused) || (resume && !c.paused)) {
            fprintf(err, "seichi clock: %s:%d: %s\n", file, line,
                    pause ? "PAUSE while the clocks are paused" : "RESUME while the clocks are not paused");
            rc = 2;
            break;
        }
        int r = end      ? sei_clock_advance(&c, t, print_call, &pr)
                : pause  ? sei_clock_pause(&c, t, print_call, &pr)
                : resume ? sei_clock_resume(&c, t)
                         : sei_clock_move(&c, who, t, print_call, &pr);
        if (pr.failed) {
            fprintf(err, "seichi clock: cannot write the calls\n");
            rc = 2;
            break;
        }
        if (r < 0) {
            fprintf(err, "seichi clock: %s:%d: %s moved, but %s is on move\n", file, line, who == 2 ? "W" : "B",
                    c.to_move == 2 ? "W" : "B");
            rc = 2;
            break;
        }
        if (r > 0)
            ignored++; /* the move came after its player lost on time */
        ended = end;
    }
    free(text);
    if (rc)
        return rc;
    if (!ended && !c.lost && c.paused) {
        fprintf(err, "seichi clock: %s ends with the clocks paused: a last line 'SECONDS RESUME' or 'SECONDS END'\n", file);
        return 2;
    }
    if (!ended && !c.lost) {
        /* After the last move the clock runs until someone loses on time
         * (Fischer's increments may have piled up past any fixed span). */
        while (!c.lost && !pr.failed)
            sei_clock_advance(&c, c.now + 8 * SEI_TC_MAX_MS + (int64_t)(tc.periods + 1) * tc.period_ms, print_call, &pr);
        if (pr.failed) {
            fprintf(err, "seichi clock: cannot write the calls\n");
            return 2;
        }
    }
    if (ignored)
        sei_cli_note(err, "seichi clock: %d line%s after %s lost on time ignored\n", ignored, ignored == 1 ? "" : "s",
                     c.lost == 2 ? "White" : "Black");
    return 0;
}
