/* cmd_bench_dead.c - `seichi bench deadstones DIR...`: Seichi's dead-stone
 * proposal and count against GNU Go's, side by side, on counted games.
 *
 * Each game's final position is replayed from its record; Seichi proposes
 * the dead stones and counts under the record's rules and komi; GNU Go runs
 * as a separate process over GTP (loadsgf, komi, final_score,
 * final_status_list dead), never linked. A result is exact when the winner
 * and the margin equal the record's RE. The figures are printed, never
 * asserted: the gating floors live in the tests. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "count.h"
#include "source.h"
#include "sgf.h"
#include "textbuf.h"

typedef struct {
    const char *gnugo;   /* path of the gnugo program, NULL: do not run it */
    int limit;           /* games per set, 0: all */
    int min_moves;       /* skip shorter games */
    int verbose;
} bench_opts;

typedef struct {
    int games, exact, winner, wrong_where_gnugo_right;
    int g_games, g_exact, g_winner, g_fail;
    /* Per board size (9, 13, 19, other): the targets differ by size. */
    int size_games[4], size_exact[4], size_g_games[4], size_g_exact[4];
    /* Games stopped with open space left (more dame than the board's size):
     * the recorded result then comes from the server's estimate of the open
     * areas, not from a count of a finished position. */
    int open_games, open_exact, open_g_exact;
    double *ms, *g_ms;
} set_stats;

static const char *const size_names[4] = {"9x9", "13x13", "19x19", "other"};

static int size_slot(int size)
{
    return size == 9 ? 0 : size == 13 ? 1 : size == 19 ? 2 : 3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}


/* Run GNU Go on one record. Returns 0 and its margin for Black in points
 * (and its time), or -1 when it gave no score. */
static int run_gnugo(const char *gnugo, const char *path, const char *rules, double komi, double *margin, double *ms)
{
    char cmdfile[] = "/tmp/seichi-gtp-XXXXXX";
    int fd = mkstemp(cmdfile);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(cmdfile);
        return -1;
    }
    /* GTP has no quoting: a path with spaces or newlines cannot be loaded. */
    if (strpbrk(path, " \t\n")) {
        fclose(f);
        unlink(cmdfile);
        return -1;
    }
    fprintf(f, "loadsgf %s\nkomi %.2f\nfinal_score\nquit\n", path, komi);
    fclose(f);
    int area = !strcmp(rules, "chinese") || !strcmp(rules, "aga") || !strcmp(rules, "nz") ||
               !strcmp(rules, "ing") || !strcmp(rules, "tromp-taylor");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s --mode gtp %s < %s 2>/dev/null", gnugo, area ? "--chinese-rules" : "--japanese-rules",
             cmdfile);
    double t0 = sei_now_ms();
    FILE *p = popen(cmd, "r");
    int rc = -1, answer = 0;
    char line[512];
    while (p && fgets(line, sizeof line, p)) {
        if (line[0] != '=')
            continue;
        answer++;
        /* Answers: loadsgf (the colour to move), komi (empty), final_score. */
        if (answer == 3) {
            char *v = line + 1;
            while (*v == ' ')
                v++;
            if ((v[0] == 'B' || v[0] == 'W') && v[1] == '+') {
                *margin = atof(v + 2) * (v[0] == 'B' ? 1 : -1);
                rc = 0;
            } else if (v[0] == '0') {
                *margin = 0;
                rc = 0;
            }
        }
    }
    if (p)
        pclose(p);
    *ms = sei_now_ms() - t0;
    unlink(cmdfile);
    return rc;
}

/* Check one counted record: replay it, propose the dead stones, count
 * under the record's rules and komi, compare with its RE. */
int sei_cli_check_record(const char *path, int min_moves, sei_record_check *rc)
{
    memset(rc, 0, sizeof *rc);
    size_t len;
    char msg[256];
    char *text = sei_file_read(path, (size_t)64 << 20, &len, msg, sizeof msg);
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    int status = SEI_CHECK_UNREADABLE;
    sei_board *b = NULL;
    sei_score *sc = malloc(sizeof *sc);
    sei_dead_result *dr = malloc(sizeof *dr);
    if (!text || !s || !sc || !dr || sei_sgf_parse(s, text, len) != SEI_OK || sei_sgf_game_get(s, 0, &g) != SEI_OK)
        goto out;
    snprintf(rc->recorded, sizeof rc->recorded, "%s", g.result);
    status = SEI_CHECK_UNSCORED;
    if (g.result_how != '+' || g.winner < 0)
        goto out;
    status = SEI_CHECK_SHORT;
    if (g.moves_n < min_moves)
        goto out;
    status = SEI_CHECK_UNREADABLE;
    b = sei_board_create(g.size);
    if (!b || sei_sgf_replay(s, &g, -1, b, NULL) != SEI_OK)
        goto out;
    /* A record without RU is counted the Japanese way, as GNU Go and most
     * servers of the time did. */
    sei_rules rules;
    snprintf(rc->rules, sizeof rc->rules, "%s", g.rules[0] ? g.rules : "japanese");
    sei_rules_preset(&rules, rc->rules);
    rules.komi = rc->komi = g.komi;
    rc->size = g.size;
    rc->want = g.winner == SEI_EMPTY ? 0 : g.margin_points * (g.winner == SEI_BLACK ? 1 : -1);
    double t0 = sei_now_ms();
    /* As `seichi score --sgf` and the kiosk count (count.h). */
    sei_count_propose(b, &rules, dr->dead, dr);
    int ok = sei_count_make(b, dr->dead, &rules, -1, NULL, sc, NULL) == SEI_OK;
    rc->ms = sei_now_ms() - t0;
    rc->got = ok ? sc->margin : 0;
    rc->dame = ok ? sc->dame : 0;
    snprintf(rc->result, sizeof rc->result, "%s", ok ? sc->result : "error");
    rc->exact = ok && fabs(sc->margin - rc->want) < 1e-6;
    rc->right = ok && ((sc->margin > 0) - (sc->margin < 0)) == ((rc->want > 0) - (rc->want < 0));
    status = SEI_CHECK_COUNTED;
out:
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
    free(text);
    free(sc);
    free(dr);
    return status;
}

static int sgf_name(const char *name)
{
    size_t len = strlen(name);
    return len >= 5 && !strcmp(name + len - 4, ".sgf");
}

/* Returns -1 for a folder that cannot be read (the whole run then exits 2). */
static int bench_set(const char *dir, const bench_opts *bo, FILE *out, FILE *err)
{
    char **names;
    int n = sei_folder_list(dir, sgf_name, &names);
    if (n < 0) {
        fprintf(err, "seichi bench deadstones: cannot open '%s'\n", dir);
        return -1;
    }

    set_stats st;
    memset(&st, 0, sizeof st);
    st.ms = calloc((size_t)n + 1, sizeof *st.ms);
    st.g_ms = calloc((size_t)n + 1, sizeof *st.g_ms);
    int refused = 0, unscored = 0, short_games = 0;
    for (int i = 0; i < n && st.ms && st.g_ms; i++) {
        if (bo->limit && st.games >= bo->limit)
            break;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        sei_record_check rc;
        int st_rc = sei_cli_check_record(path, bo->min_moves, &rc);
        if (st_rc == SEI_CHECK_UNREADABLE) {
            refused++;
            continue;
        }
        if (st_rc == SEI_CHECK_UNSCORED) {
            unscored++;
            continue;
        }
        if (st_rc == SEI_CHECK_SHORT) {
            short_games++;
            continue;
        }
        int exact = rc.exact, right = rc.right;
        double want = rc.want;
        st.ms[st.games++] = rc.ms;
        st.exact += exact;
        st.winner += right;
        int slot = size_slot(rc.size);
        st.size_games[slot]++;
        st.size_exact[slot] += exact;
        int unfinished = rc.dame > rc.size;
        st.open_games += unfinished;
        st.open_exact += unfinished && exact;

        if (bo->gnugo) {
            double gm = 0, gms = 0;
            if (run_gnugo(bo->gnugo, path, rc.rules, rc.komi, &gm, &gms) == 0) {
                int g_exact = fabs(gm - want) < 1e-6;
                int g_right = ((gm > 0) - (gm < 0)) == ((want > 0) - (want < 0));
                st.g_ms[st.g_games++] = gms;
                st.g_exact += g_exact;
                st.g_winner += g_right;
                st.size_g_games[slot]++;
                st.size_g_exact[slot] += g_exact;
                st.open_g_exact += unfinished && g_exact;
                st.wrong_where_gnugo_right += g_right && !right;
                if (bo->verbose && (exact != g_exact))
                    fprintf(out, "  %s: RE %s, Seichi %s%s, GNU Go %+.1f%s, %d dame\n", names[i], rc.recorded,
                            rc.result, exact ? " (exact)" : "", gm, g_exact ? " (exact)" : "", rc.dame);
            } else
                st.g_fail++;
        } else if (bo->verbose && !exact)
            fprintf(out, "  %s: RE %s, Seichi %s, %d dame\n", names[i], rc.recorded, rc.result, rc.dame);
    }

    qsort(st.ms, (size_t)st.games, sizeof *st.ms, cmp_double);
    double med = st.games ? st.ms[st.games / 2] : 0, worst = st.games ? st.ms[st.games - 1] : 0;
    const char *base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    fprintf(out, "%-24s %5d games", base, st.games);
    if (refused || unscored || short_games)
        fprintf(out, " (left out: %d unscored, %d short, %d unreadable)", unscored, short_games, refused);
    fprintf(out, "\n");
    fprintf(out, "  Seichi   exact %4d (%5.1f%%)  right winner %4d (%5.1f%%)  median %7.2f ms  worst %8.2f ms\n",
            st.exact, st.games ? 100.0 * st.exact / st.games : 0, st.winner, st.games ? 100.0 * st.winner / st.games : 0,
            med, worst);
    /* The size breakdown, only when the set has more than one size. */
    int sizes = 0;
    for (int k = 0; k < 4; k++)
        sizes += st.size_games[k] > 0;
    if (sizes > 1)
        for (int k = 0; k < 4; k++) {
            if (!st.size_games[k])
                continue;
            fprintf(out, "    %-6s %4d games  Seichi exact %4d (%5.1f%%)", size_names[k], st.size_games[k],
                    st.size_exact[k], 100.0 * st.size_exact[k] / st.size_games[k]);
            if (bo->gnugo && st.size_g_games[k])
                fprintf(out, "  GNU Go exact %4d of %d (%5.1f%%)", st.size_g_exact[k], st.size_g_games[k],
                        100.0 * st.size_g_exact[k] / st.size_g_games[k]);
            fprintf(out, "\n");
        }
    if (st.open_games) {
        int fin = st.games - st.open_games, fin_exact = st.exact - st.open_exact;
        fprintf(out, "    finished %4d games  Seichi exact %4d (%5.1f%%);  unfinished (more dame than the size) %d games, "
                "Seichi exact %d", fin, fin_exact, fin ? 100.0 * fin_exact / fin : 0, st.open_games, st.open_exact);
        if (bo->gnugo && st.g_games)
            fprintf(out, ", GNU Go exact %d", st.open_g_exact);
        fprintf(out, "\n");
    }
    if (bo->gnugo && st.g_games) {
        qsort(st.g_ms, (size_t)st.g_games, sizeof *st.g_ms, cmp_double);
        double gmed = st.g_ms[st.g_games / 2], gworst = st.g_ms[st.g_games - 1];
        fprintf(out, "  GNU Go   exact %4d (%5.1f%%)  right winner %4d (%5.1f%%)  median %7.2f ms  worst %8.2f ms\n",
                st.g_exact, 100.0 * st.g_exact / st.g_games, st.g_winner, 100.0 * st.g_winner / st.g_games, gmed, gworst);
        fprintf(out, "  GNU Go time / Seichi time (medians): %.0fx; Seichi's winner wrong where GNU Go's is right: %d%s\n",
                med > 0 ? gmed / med : 0, st.wrong_where_gnugo_right, st.g_fail ? "" : "");
        if (st.g_fail)
            fprintf(out, "  GNU Go gave no score on %d games\n", st.g_fail);
    }
    fflush(out);
    free(st.ms);
    free(st.g_ms);
    sei_folder_list_free(names, n);
    return 0;
}

int sei_cli_bench_deadstones(int argc, char **argv, FILE *out, FILE *err)
{
    bench_opts bo = {"/usr/games/gnugo", 0, 0, 0};
    int ndirs = 0;
    const char *dirs[64];
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--no-gnugo"))
            bo.gnugo = NULL;
        else if (!strcmp(argv[i], "--gnugo") && i + 1 < argc)
            bo.gnugo = argv[++i];
        else if ((!strcmp(argv[i], "--limit") || !strcmp(argv[i], "--min-moves")) && i + 1 < argc) {
            int *v = argv[i][2] == 'l' ? &bo.limit : &bo.min_moves;
            if (!sei_cli_parse_int(argv[i + 1], v, 0, 10000000)) {
                fprintf(err, "seichi bench deadstones: %s takes a whole number, not '%s'\n", argv[i], argv[i + 1]);
                return 2;
            }
            i++;
        }
        else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            bo.verbose = 1;
        else if (argv[i][0] == '-') {
            fprintf(err, "seichi bench deadstones: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (ndirs < 64)
            dirs[ndirs++] = argv[i];
        else {
            fprintf(err, "seichi bench deadstones: at most 64 folders at once\n");
            return 2;
        }
    }
    if (!ndirs) {
        fprintf(err, "usage: %s\n", sei_bench_usage("deadstones"));
        return 2;
    }
    if (bo.gnugo && access(bo.gnugo, X_OK)) {
        fprintf(err, "seichi bench deadstones: no GNU Go at %s (apt-get install gnugo, or --no-gnugo)\n", bo.gnugo);
        return 2;
    }
    fprintf(out, "dead-stone proposal and count against the recorded result%s\n", bo.gnugo ? ", beside GNU Go" : "");
    int bad = 0;
    for (int i = 0; i < ndirs; i++)
        bad |= bench_set(dirs[i], &bo, out, err) != 0;
    return bad ? 2 : 0;
}
