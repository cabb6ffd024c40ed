/* cmd_record.c - `seichi record`: a game from the camera (or a folder of
 * frames, or a video) to SGF, and `seichi bench record`: how well it does
 * on game sequences whose moves are known. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "cvwrap.h"
#include "recsess.h"
#include "sgf.h"
#include "source.h"
#include "textbuf.h"

static volatile sig_atomic_t stop_asked;
static void on_stop(int sig) { (void)sig, stop_asked = 1; }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: seichi record --source camera|webcam[:N]|VIDEO|DIR --sgf OUT [--size N] [--handicap N]\n"
               "                     [--komi K] [--rules R] [--resume | --force] [--fps F] [--time-control SPEC]\n"
               "                     [--quiet]\n"
               "                     " SEI_IDENT_USAGE "\n"
               "\n"
               "Watch a game and write its SGF move by move. Start from the empty board (or the\n"
               "handicap stones); the board may be bumped, hands may cover it. The SGF is\n"
               "rewritten whole after every move; --resume continues an interrupted recording.\n"
               "An existing OUT is never replaced without --force. OUT '-' writes the record to\n"
               "standard output when the game ends (kept in a temporary file until then).\n"
               "What is seen goes to standard error as it happens; --quiet leaves only errors.\n"
               "A folder's pictures (in name order) and a video's frames are taken as seen at\n"
               "--fps frames a second (15) for the times in the record. A single picture is\n"
               "refused (exit 2): it never shows a move and never ends.\n"
               "Who played goes into the record (EV RO PB PW), where a saved result takes it from.\n"
               "--time-control SPEC keeps the game's time (as 'seichi clock' takes it: byoyomi:60m+5x60s,\n"
               "...): each move switches the clock when its stone was first seen, the timekeeper's\n"
               "calls go to standard error, the time left goes into the record (BL WL OB OW), and a\n"
               "loss on time ends the game (RE[W+T], RE[B+T]).\n");
}

static void say_update(FILE *out, const sei_recsess *s, const sei_recsess_event *ev, double t)
{
    const sei_recorder *rec = sei_recsess_recorder(s);
    if (!rec)
        return;
    const sei_rec_move *m;
    int n = sei_recorder_moves(rec, &m);
    const sei_board *b = sei_recorder_board(rec);
    char name[8];
    for (int i = n - ev->u.moves; i < n; i++) {
        if (m[i].point == SEI_PASS)
            snprintf(name, sizeof name, "pass");
        else
            sei_board_point_name(b, m[i].point, name, sizeof name);
        fprintf(out, "%7.1f s  move %3d  %s %-4s%s%s%s\n", t, i + 1, m[i].color == SEI_BLACK ? "Black" : "White", name,
                m[i].flags & SEI_REC_TWICE ? "  (played twice in a row)" : "",
                m[i].flags & SEI_REC_VOID ? "  (void: a stone on a forbidden point; turn lost)" : "",
                m[i].flags & SEI_REC_KO ? " (ko)" : "");
    }
    if (ev->u.undone)
        fprintf(out, "%7.1f s  taken back: %d move%s\n", t, ev->u.undone, ev->u.undone == 1 ? "" : "s");
    if (ev->u.flags & SEI_REC_MOVED) {
        sei_board_point_name(b, ev->u.point, name, sizeof name);
        fprintf(out, "%7.1f s  the stone at %s left its point: put it back\n", t, name);
    }
    if (ev->u.flags & SEI_REC_DISTURBED)
        fprintf(out, "%7.1f s  the board does not match the game: rebuild the recorded position\n", t);
}

int sei_cli_record(int argc, char **argv, FILE *out, FILE *err)
{
    sei_recsess_params p;
    sei_recsess_params_default(&p);
    p.track.vision.trace = sei_cli_trace();
    const char *source = NULL, *sgf = NULL;
    int resume = 0, force = 0, komi_set = 0;
    double fps = 15, komi = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(out);
            return 0;
        }
        if (!strcmp(a, "--resume")) {
            resume = 1;
            continue;
        }
        if (!strcmp(a, "--force")) {
            force = 1;
            continue;
        }
        static const char *const valued[] = {"--source", "--sgf", "--size", "--handicap", "--komi", "--rules", "--fps",
                                             "--time-control"};
        int known = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            known |= !strcmp(a, valued[k]);
        sei_ident scratch = {0};
        unsigned scratch_given = 0;
        char scratch_why[256];
        if (!v && (known || sei_ident_option(&scratch, &scratch_given, a, "", scratch_why, sizeof scratch_why) != 0)) {
            fprintf(err, "seichi record: %s needs a value\n", a);
            return 2;
        }
        if (!v) {
            fprintf(err, "seichi record: unknown option %s\n", a);
            usage(err);
            return 2;
        }
        i++;
        if (!strcmp(a, "--source"))
            source = v;
        else if (!strcmp(a, "--sgf"))
            sgf = v;
        else if (!strcmp(a, "--size")) {
            if (!sei_cli_parse_int(v, &p.size, 9, 19) || (p.size != 9 && p.size != 13 && p.size != 19)) {
                fprintf(err, "seichi record: --size takes 9, 13 or 19\n");
                return 2;
            }
        } else if (!strcmp(a, "--handicap")) {
            char *end;
            long h = strtol(v, &end, 10);
            if (*end || h < 0 || h > 9 || h == 1) {
                fprintf(err, "seichi record: --handicap takes 0 or 2..9\n");
                return 2;
            }
            p.handicap = (int)h;
            p.game_given |= SEI_RECSESS_GIVEN_HANDICAP;
        } else if (!strcmp(a, "--komi")) {
            if (sei_cli_parse_komi(v, 0, &komi, err, "seichi record"))
                return 2;
            komi_set = 1;
            p.game_given |= SEI_RECSESS_GIVEN_KOMI;
        } else if (!strcmp(a, "--rules")) {
            if (sei_rules_preset(&p.rules, v)) {
                fprintf(err, "seichi record: unknown rules '%s' (%s)\n", v, sei_rules_preset_names());
                return 2;
            }
            p.game_given |= SEI_RECSESS_GIVEN_RULES;
        } else if (!strcmp(a, "--time-control")) {
            char why[200];
            if (sei_time_control_parse(v, &p.tc, why, sizeof why)) {
                fprintf(err, "seichi record: %s\n", why);
                return 2;
            }
            p.timed = 1;
        } else if (!strcmp(a, "--fps")) {
            fps = atof(v);
            if (!(fps > 0 && fps < 1000)) {
                fprintf(err, "seichi record: --fps takes frames a second, like 15\n");
                return 2;
            }
        } else {
            char why[256];
            int took = sei_ident_option(&p.ident, &p.ident_given, a, v, why, sizeof why);
            if (took > 0)
                continue;
            if (took < 0) {
                fprintf(err, "seichi record: %s\n", why);
                return 2;
            }
            fprintf(err, "seichi record: unknown option %s\n", a);
            usage(err);
            return 2;
        }
    }
    if (!source || !sgf) {
        fprintf(err, "seichi record: give --source and --sgf\n");
        usage(err);
        return 2;
    }
    if (resume && force) {
        fprintf(err, "seichi record: --resume goes on with the game in %s, --force starts a new one over it: give one\n",
                sgf);
        return 2;
    }
    if (komi_set && p.size && sei_rules_komi_check(komi, p.size, NULL, 0)) {
        char why[96];
        sei_rules_komi_check(komi, p.size, why, sizeof why);
        fprintf(err, "seichi record: --komi %g: %s\n", komi, why);
        return 2;
    }
    if (komi_set)
        p.rules.komi = komi;
    /* What is seen, as it happens: standard error, so that standard output
     * carries only the record (with --sgf -). */
    FILE *say = sei_cli_quiet ? NULL : err;
    char msg[512];
    /* --sgf -: the game goes to a temporary file, rewritten after every
     * move as a named one is (a killed run leaves it, and says where), and
     * to standard output once it ends. */
    char tmp_path[4096] = "";
    int to_stdout = !strcmp(sgf, "-");
    if (to_stdout) {
        if (resume || force) {
            fprintf(err, "seichi record: --sgf - writes the record to standard output: --%s needs a file\n",
                    resume ? "resume" : "force");
            return 2;
        }
        const char *td = getenv("TMPDIR");
        snprintf(tmp_path, sizeof tmp_path, "%s/seichi-record-XXXXXX", td && *td ? td : "/tmp");
        int fd = mkstemp(tmp_path);
        if (fd < 0) {
            fprintf(err, "seichi record: cannot make a temporary file for the record in %s\n", td && *td ? td : "/tmp");
            return 2;
        }
        close(fd);
        sgf = tmp_path;
        force = 1;
    }
    /* Checked before anything is watched: a whole game recorded and then
     * not saved, or saved over another game, is what must not happen. A
     * record that is there is only gone on with (--resume) or replaced
     * when asked (--force). */
    if (sei_file_target_ok(sgf, 1, msg, sizeof msg)) {
        fprintf(err, "seichi record: %s\n", msg);
        return 2;
    }
    if (!resume && !force && access(sgf, F_OK) == 0) {
        fprintf(err, "seichi record: '%s' already exists: not replaced (give --resume to go on with its game, or "
                     "--force to record a new one over it)\n", sgf);
        return 2;
    }
    sei_source *src = NULL;
    sei_source_status sst = sei_source_try_open(source, &src, msg, sizeof msg);
    if (sst != SEI_SOURCE_OK) {
        fprintf(err, "seichi record: %s\n", msg);
        if (to_stdout)
            unlink(tmp_path);
        return sst == SEI_SOURCE_NODEVICE ? 3 : 2;
    }
    if (sei_source_is_still(src)) {
        /* One picture never shows a move nor ends: watched, it would keep
         * the program waiting for ever. */
        fprintf(err, "seichi record: %s is a single picture: recording needs a game that unfolds (a camera, a video "
                     "or a folder of frames); count one position with seichi score %s\n",
                source, source);
        sei_source_close(src);
        if (to_stdout)
            unlink(tmp_path);
        return 2;
    }
    int live = sei_source_is_live(src); /* camera, webcam: times from the clock */
    sei_recsess *s = sei_recsess_create(&p, sgf, resume, msg, sizeof msg);
    if (!s) {
        fprintf(err, "seichi record: %s\n", msg);
        sei_source_close(src);
        if (to_stdout)
            unlink(tmp_path);
        return 2;
    }
    /* Checked above as not there: another record started meanwhile on the
     * same name must not be replaced by this one (nor this one by it). A
     * resumed record was there (or starts afresh: the same). */
    if (!resume && !force)
        sei_recsess_must_create(s);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (resume && !sei_recsess_resumed(s) && say)
        fprintf(say, "no saved game at %s: starting a new recording\n", sgf);
    if (say)
        fprintf(say, "recording %s to %s%s%s\n", sei_source_describe(src), to_stdout ? "standard output, kept until the end in " : "",
                sgf, sei_recsess_resumed(s) ? " (resuming)" : "");
    double t0 = now_s();
    long frame = 0;
    int rc = 0, locked = 0, away = 0, refused = 0;
    while (!stop_asked) {
        sei_image f = {0};
        sst = sei_source_grab(src, &f);
        /* A frame's time, whether it came or not (a folder or video stands
         * for a camera running at --fps). */
        double t = live ? now_s() - t0 : frame / fps;
        frame++;
        if (sst == SEI_SOURCE_END)
            break;
        if (sst != SEI_SOURCE_OK) {
            /* The camera unplugged or no frames coming: every move so far is
             * saved; wait for it, open it again, and go on where the game
             * is (moves made meanwhile are explained together once seen). */
            /* Before the board was found nothing of this run is saved (a
             * file there is another game's, or the empty one of --sgf -),
             * unless it goes on with a saved game. */
            if (!away && !locked && !sei_recsess_resumed(s))
                fprintf(err, "%7.1f s  seichi record: %s: waiting for the camera (nothing recorded yet)\n", t,
                        sei_source_errmsg(src));
            else if (!away)
                fprintf(err, "%7.1f s  seichi record: %s: waiting for the camera (every move so far is saved%s%s)\n", t,
                        sei_source_errmsg(src), to_stdout ? "" : " in ", to_stdout ? "" : sgf);
            away = 1;
            if (live)
                sleep(1);
            if (sei_source_reopen(src, msg, sizeof msg) == SEI_SOURCE_END)
                break;
            continue;
        }
        if (away && say)
            fprintf(say, "%7.1f s  the camera is back: going on\n", t);
        away = 0;
        sei_recsess_event ev;
        if (sei_recsess_frame(s, &f, t, &ev)) {
            fprintf(err, "seichi record: %s\n", sei_recsess_errmsg(s));
            rc = 1;
        }
        sei_image_free(&f);
        if (sei_recsess_taken(s))
            break; /* nothing this run records can be saved */
        if (ev.locked && !locked) {
            double c[4][2];
            int n;
            sei_recsess_geometry(s, c, &n);
            if (say)
                fprintf(say, "%7.1f s  board found: %dx%d; recording\n", t, n, n);
            locked = 1;
            /* --komi with no --size, checked once the board's size is
             * known, before any move: more komi than the board has points
             * is a slip, and a record saying so one that score refuses. */
            char why[96];
            if (komi_set && !p.size && sei_rules_komi_check(komi, n, why, sizeof why)) {
                fprintf(err, "seichi record: --komi %g: %s (the board found is %dx%d): nothing recorded\n", komi, why,
                        n, n);
                rc = 2;
                refused = 1;
                break;
            }
        }
        if (ev.synced && say)
            fprintf(say, "%7.1f s  the board shows the saved position: going on\n", t);
        if (ev.refit && say)
            fprintf(say, "%7.1f s  the board moved: found it again\n", t);
        if (ev.state && say)
            say_update(say, s, &ev, t);
        for (int k = 0; say && k < ev.ncalls && k < SEI_RECSESS_CALLS; k++) {
            char word[16];
            sei_clock_call_word(&ev.calls[k], word, sizeof word);
            fprintf(say, "%7.1f s  timekeeper: %s %s%s (%d period%s left)\n", ev.calls[k].t_ms / 1000.0,
                    ev.calls[k].player == SEI_BLACK ? "Black" : "White", word,
                    ev.calls[k].kind == SEI_CALL_LOST ? " on time" : "", ev.calls[k].periods_left,
                    ev.calls[k].periods_left == 1 ? "" : "s");
        }
        if (ev.end_offered && say)
            fprintf(say, "%7.1f s  one player put the end-of-game stone at a corner\n", t);
        if (ev.ended) {
            if (!say)
                ;
            else if (ev.ended == SEI_RECSESS_END_TIME)
                fprintf(say, "%7.1f s  %s lost on time: %s wins\n", t, ev.resigned == SEI_BLACK ? "Black" : "White",
                        ev.resigned == SEI_BLACK ? "White" : "Black");
            else if (ev.ended == SEI_RECSESS_END_RESIGN)
                fprintf(say, "%7.1f s  %s resigned: %s wins\n", t, ev.resigned == SEI_BLACK ? "Black" : "White",
                        ev.resigned == SEI_BLACK ? "White" : "Black");
            else
                fprintf(say, "%7.1f s  both players put their end-of-game stones: the game is over, to be counted\n", t);
            break;
        }
    }
    if (refused)
        ; /* said so; nothing was written (recsess.c) */
    else if (sei_recsess_taken(s))
        rc = 1; /* said when it was found */
    else if (!locked) {
        /* Steady: read the same on several still frames in a row, which a
         * folder of pictures gives only with several of the board. */
        char what[96], hint[96];
        if (sei_recsess_resumed(s)) {
            snprintf(what, sizeof what, "the saved game's board");
            snprintf(hint, sizeof hint, "is the board in view, as the game left it?");
        } else if (p.size) {
            snprintf(what, sizeof what, "an empty %dx%d board%s", p.size, p.size, p.handicap ? " with the handicap stones" : "");
            snprintf(hint, sizeof hint, "is the board in view, %dx%d, and as the game starts?", p.size, p.size);
        } else {
            snprintf(what, sizeof what, "an empty board%s", p.handicap ? " with the handicap stones" : "");
            snprintf(hint, sizeof hint, "is the board in view, and as the game starts?");
        }
        fprintf(err,
                "seichi record: never saw %s steady (read the same on several still frames in a row): nothing "
                "recorded (%s)\n",
                what, hint);
    } else if (sei_recsess_syncing(s))
        fprintf(err, "seichi record: the board never showed the saved position: nothing added to %s\n", sgf);
    else if (sei_recsess_save(s)) {
        fprintf(err, "seichi record: %s\n", sei_recsess_errmsg(s));
        rc = 1;
    }
    const sei_rec_move *m;
    int n = sei_recsess_recorder(s) ? sei_recorder_moves(sei_recsess_recorder(s), &m) : 0;
    if (locked && rc == 0 && say)
        fprintf(say, "%d move%s recorded%s%s\n", n, n == 1 ? "" : "s", to_stdout ? "" : " in ", to_stdout ? "" : sgf);
    if (locked && !rc && sei_recsess_syncing(s))
        rc = 4;
    sei_recsess_destroy(s);
    sei_source_close(src);
    if (!locked && !rc)
        rc = 4;
    if (to_stdout) {
        /* The record, whole, once: then the temporary file goes. A run that
         * recorded nothing prints nothing. */
        size_t len = 0;
        char *text = locked && rc == 0 ? sei_file_read(tmp_path, 64 << 20, &len, msg, sizeof msg) : NULL;
        if (locked && rc == 0 && !text) {
            fprintf(err, "seichi record: %s\n", msg);
            return 1;
        }
        if (text && (fwrite(text, 1, len, out) != len || fflush(out))) {
            fprintf(err, "seichi record: cannot write the record to standard output (it stays in %s)\n", tmp_path);
            free(text);
            return 1;
        }
        free(text);
        unlink(tmp_path);
    }
    return rc;
}

/* ---- the benchmark ------------------------------------------------------------- */

typedef struct {
    int color, x, y;
} tmove;

/* Longest common subsequence of two move lists. */
static int lcs(const tmove *a, int na, const tmove *b, int nb)
{
    int *prev = calloc((size_t)nb + 1, sizeof *prev), *cur = calloc((size_t)nb + 1, sizeof *cur);
    if (!prev || !cur) {
        free(prev);
        free(cur);
        return 0;
    }
    for (int i = 1; i <= na; i++) {
        for (int j = 1; j <= nb; j++) {
            int same = a[i - 1].color == b[j - 1].color && a[i - 1].x == b[j - 1].x && a[i - 1].y == b[j - 1].y;
            cur[j] = same ? prev[j - 1] + 1 : cur[j - 1] > prev[j] ? cur[j - 1] : prev[j];
        }
        int *t = prev;
        prev = cur;
        cur = t;
    }
    int r = prev[nb];
    free(prev);
    free(cur);
    return r;
}


/* A sequence folder: its pictures in name order, and the true moves from
 * truth.sgf. */
/* The true moves of a sequence folder (truth.sgf), and how the game
 * ends: 'W' or 'B' for a resignation the other way (RE[W+R], RE[B+R]),
 * 'C' for "end: count" in its comment, 0 for none. */
static int load_truth(const char *dir, tmove **moves, int *n, int *size, int *handicap, int *end, FILE *err)
{
    char path[1200], msg[1400];
    snprintf(path, sizeof path, "%s/truth.sgf", dir);
    size_t len;
    char *buf = sei_file_read(path, 1 << 20, &len, msg, sizeof msg);
    if (!buf) {
        fprintf(err, "seichi bench record: %s (the true moves)\n", msg);
        return -1;
    }
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    int rc = -1;
    if (s && sei_sgf_parse(s, buf, len) == SEI_OK && sei_sgf_game_get(s, 0, &g) == SEI_OK) {
        *moves = malloc(sizeof **moves * (size_t)(g.moves_n + 1));
        if (*moves) {
            for (int i = 0; i < g.moves_n; i++)
                (*moves)[i] = (tmove){g.moves[i].color, g.moves[i].x, g.moves[i].y};
            *n = g.moves_n;
            *size = g.size;
            *handicap = g.handicap;
            const char *c = sei_sgf_get(s, g.root, "C");
            *end = g.result_how == 'R' ? (g.winner == SEI_WHITE ? 'W' : 'B') : c && strstr(c, "end: count") ? 'C' : 0;
            rc = 0;
        }
    } else
        fprintf(err, "seichi bench record: %s: %s\n", path, s ? sei_sgf_errmsg(s) : "out of memory");
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
    free(buf);
    return rc;
}

int sei_cli_bench_record(int argc, char **argv, FILE *out, FILE *err)
{
    if (argc < 1) {
        fprintf(err, "usage: %s\n", sei_bench_usage("record"));
        return 2;
    }
    sei_cv_threads(1);
    int games = 0, perfect = 0, ends_wanted = 0, ends_right = 0, unread = 0;
    long true_total = 0, right_total = 0, invented_total = 0, missed_total = 0, frames_total = 0;
    double secs_total = 0;
    for (int gi = 0; gi < argc; gi++) {
        /* The folder without the slashes that may end its path. */
        char dir[1024];
        snprintf(dir, sizeof dir, "%s", argv[gi]);
        size_t dl = strlen(dir);
        while (dl > 1 && dir[dl - 1] == '/')
            dir[--dl] = 0;
        char **names;
        int nn = sei_folder_list(dir, sei_picture_name, &names);
        if (nn < 0) {
            fprintf(err, "seichi bench record: %s: cannot open (%s; a folder of frames with its truth.sgf)\n", dir,
                    strerror(errno));
            unread++;
            continue;
        }
        tmove *truth = NULL;
        int nt = 0, size = 0, hcap = 0, want_end = 0;
        if (load_truth(dir, &truth, &nt, &size, &hcap, &want_end, err)) {
            sei_folder_list_free(names, nn);
            unread++;
            continue;
        }
        if (!games)
            fprintf(out, "%-28s %5s %6s %6s %8s %7s %7s %7s %8s %7s\n", "game", "size", "true", "right", "right%",
                    "invent", "missed", "end", "frames", "fps");
        sei_recsess_params p;
        sei_recsess_params_default(&p);
        p.size = size;
        p.track.vision.trace = sei_cli_trace();
        p.handicap = hcap;
        char tmp[64], msg[512];
        snprintf(tmp, sizeof tmp, "/tmp/seichi-bench-record-%d.sgf", (int)getpid());
        sei_recsess *s = sei_recsess_create(&p, tmp, 0, msg, sizeof msg);
        double busy = 0;
        for (int i = 0; s && i < nn; i++) {
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", dir, names[i]);
            sei_image f = {0};
            if (sei_cv_load(path, 0, &f, msg, sizeof msg)) {
                /* Recorded on without it, as a camera's lost frame, but
                 * the run ends with exit status 2. */
                fprintf(err, "seichi bench record: %s\n", msg);
                unread++;
                continue;
            }
            double t0 = now_s();
            sei_recsess_event ev;
            sei_recsess_frame(s, &f, i / 15.0, &ev);
            busy += now_s() - t0;
            sei_image_free(&f);
        }
        int resigned = 0, ended = s ? sei_recsess_ended(s, &resigned) : 0;
        int got_end = ended == SEI_RECSESS_END_RESIGN ? (resigned == SEI_BLACK ? 'W' : 'B') : ended == SEI_RECSESS_END_COUNT ? 'C' : 0;
        const char *end_word = !want_end && !got_end ? "-" : want_end == got_end ? "right" : got_end ? "wrong" : "missed";
        ends_wanted += want_end != 0;
        ends_right += want_end && want_end == got_end;
        const sei_rec_move *m = NULL;
        int nr = s && sei_recsess_recorder(s) ? sei_recorder_moves(sei_recsess_recorder(s), &m) : 0;
        tmove *got = calloc((size_t)nr + 1, sizeof *got);
        const sei_board *b = nr ? sei_recorder_board(sei_recsess_recorder(s)) : NULL;
        for (int i = 0; got && i < nr; i++)
            got[i] = m[i].point == SEI_PASS ? (tmove){m[i].color, -1, -1}
                                            : (tmove){m[i].color, sei_board_x(b, m[i].point), sei_board_y(b, m[i].point)};
        /* Which corner of a board is "top left" depends on where the camera
         * stands (the reader calls the picture's top-left corner so; the
         * renderer, for a board seen corner-on, may call the next one so):
         * compare under the best of the board's four rotations, the same for
         * the whole game. Not its mirror images: no camera sees a board
         * mirrored, so a mirrored record is a wrong one. The symmetries
         * below are (transpose, flip x, flip y); the rotations are 0, 3
         * (a half turn), 5 and 6 (quarter turns). */
        static const int rotations[4] = {0, 3, 5, 6};
        int right = 0;
        tmove *turned = malloc(sizeof *turned * (size_t)(nt + 1));
        for (int k = 0; got && turned && k < 4; k++) {
            int sym = rotations[k];
            for (int i = 0; i < nt; i++) {
                int x = truth[i].x, y = truth[i].y, m1 = size - 1;
                if (x >= 0) {
                    int tx = sym & 4 ? y : x, ty = sym & 4 ? x : y;
                    if (sym & 1)
                        tx = m1 - tx;
                    if (sym & 2)
                        ty = m1 - ty;
                    x = tx;
                    y = ty;
                }
                turned[i] = (tmove){truth[i].color, x, y};
            }
            int r = lcs(turned, nt, got, nr);
            if (r > right)
                right = r;
        }
        free(turned);
        int invented = nr - right, missed = nt - right;
        games++;
        perfect += invented == 0 && missed == 0;
        true_total += nt;
        right_total += right;
        invented_total += invented;
        missed_total += missed;
        frames_total += nn;
        secs_total += busy;
        /* The folder's own name. */
        const char *base = strrchr(dir, '/');
        base = base ? base + 1 : dir;
        fprintf(out, "%-28.28s %5d %6d %6d %7.1f%% %7d %7d %7s %8d %7.1f%s\n", base, size, nt, right,
                nt ? 100.0 * right / nt : 100.0, invented, missed, end_word, nn, busy > 0 ? nn / busy : 0,
                s && sei_recsess_recorder(s) ? "" : "  (never locked)");
        free(got);
        free(truth);
        sei_folder_list_free(names, nn);
        sei_recsess_destroy(s);
        remove(tmp);
    }
    if (!games)
        return 2;
    fprintf(out, "%d game%s: %ld of %ld moves right (%.1f%%), %ld invented, %ld missed, %d perfect (%.0f%%), "
                 "%d of %d ends seen, %.1f frames/s on one core\n",
            games, games == 1 ? "" : "s", right_total, true_total, true_total ? 100.0 * right_total / true_total : 100.0,
            invented_total, missed_total, perfect, 100.0 * perfect / games, ends_right, ends_wanted,
            secs_total > 0 ? frames_total / secs_total : 0);
    if (unread) {
        /* A folder or a frame it could not read is no game measured. */
        fprintf(err, "seichi bench record: %d folder%s or frame%s could not be read (above)\n", unread,
                unread == 1 ? "" : "s", unread == 1 ? "" : "s");
        return 2;
    }
    return 0;
}
