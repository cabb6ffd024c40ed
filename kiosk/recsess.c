/* recsess.c - frames to a recorded game and its SGF file (recsess.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lattice.h"
#include "recsess.h"
#include "score.h"
#include "sgf.h"
#include "textbuf.h"
#include "tracker.h"

struct sei_recsess {
    sei_recsess_params p;
    char path[1024];
    int resume, syncing;
    sei_tracker *tk;                    /* the board followed: geometry, motion, each point read */
    int locked, size;
    double corners[4][2];
    sei_recorder *rec;
    /* The start, seen steady: the same start reading this many times in a row. */
    uint8_t start[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int start_run, start_size;
    uint8_t fed[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int have_fed;
    int lost;                           /* frames in a row far from the game */
    /* what the SGF will say about the moves: notes[k] follow move k (0: before the first) */
    char **notes;
    int notes_cap;
    double t_offset;                    /* --resume: the saved game's last time, so times go on from it */
    int dirty;                          /* changed since the file was last written */
    int create;                         /* the file is new: the first save makes it, replacing nothing */
    int taken;                          /* another program wrote a file of that name first: nothing saved */
    int loaded;                         /* --resume found a saved game and replayed it */
    char date[32];
    /* Each point of a lattice one ring wider than the board, as it looked
     * at the start: its outer ring is just outside the grid, where the
     * end-of-game stones go (the board's own points are the tracker's). */
    float ext_L[SEI_MAX_SIZE][SEI_MAX_SIZE], ext_C[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int ext_ok;
    int ended, resigned, end_offered;
    int end_candidate;                  /* the gesture seen at the last steady state */
    double run_t;                       /* when the reading now steady was first seen */
    /* The game clock: as of the last move taken (moves go on from it at
     * the times their stones were first seen), and as of the last frame
     * (what is shown, and where the calls come from). */
    sei_clock clock, shown;
    int clock_on;
    int64_t said_ms;                    /* calls up to this time were handed out */
    /* Taps whose stones are not voted in yet, oldest first, each with
     * what it left its player (for the SGF). Each tap is the player on
     * move's, so they alternate in colour; a stone voted in takes the
     * oldest tap of its colour (a tap of the other colour before it was
     * a turn with no stone: a pass). */
    struct {
        int player;
        int64_t left_ms;
        int left_n;
    } taps[SEI_RECSESS_TAPS];
    int ntaps;
    /* A judge's pauses in order, from and to (ms; to -1 while it runs).
     * Each copy of the clock (as of the last move, as shown) takes them as
     * it runs past them (clock_run), so a stone first seen before a pause
     * and voted in after it still switches the clock at its own moment. */
    struct {
        int64_t from, to;
    } *pause;
    int npause, pause_cap;
    double hold_from;                   /* a new reading since this time, not voted yet: calls from then on
                                           wait (-1: none) */
    /* The time each move left its player (BL/WL) and the periods or
     * stones (OB/OW; -1: in main time), by move number. */
    int64_t *left_ms;
    int *left_n;
    int left_cap;
    char msg[512];
};

static int fail(sei_recsess *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    return -1;
}

void sei_recsess_params_default(sei_recsess_params *p)
{
    memset(p, 0, sizeof *p);
    sei_rules_params_default(&p->rules);
    sei_tracker_params_default(&p->track);
    p->loss_grace = 2.0;
}

const sei_clock *sei_recsess_clock(const sei_recsess *s) { return s && s->clock_on ? &s->shown : NULL; }

const char *sei_recsess_errmsg(const sei_recsess *s) { return s ? s->msg : "no recording"; }
const sei_recorder *sei_recsess_recorder(const sei_recsess *s) { return s->rec; }

int sei_recsess_geometry(const sei_recsess *s, double corners[4][2], int *size)
{
    if (!s->locked)
        return -1;
    memcpy(corners, s->corners, sizeof s->corners);
    *size = s->size;
    return 0;
}

/* ---- the SGF ------------------------------------------------------------------- */

static void note_add(sei_recsess *s, const char *text)
{
    const sei_rec_move *m;
    int k = s->rec ? sei_recorder_moves(s->rec, &m) : 0;
    if (k >= s->notes_cap) {
        int cap = s->notes_cap ? s->notes_cap * 2 : 64;
        while (cap <= k)
            cap *= 2;
        char **nn = realloc(s->notes, sizeof *nn * (size_t)cap);
        if (!nn)
            return;
        memset(nn + s->notes_cap, 0, sizeof *nn * (size_t)(cap - s->notes_cap));
        s->notes = nn;
        s->notes_cap = cap;
    }
    s->dirty = 1;
    char *old = s->notes[k];
    size_t len = (old ? strlen(old) + 1 : 0) + strlen(text) + 1;
    char *nw = malloc(len);
    if (!nw)
        return;
    snprintf(nw, len, "%s%s%s", old ? old : "", old ? "\n" : "", text);
    free(old);
    s->notes[k] = nw;
}

static void notes_drop_after(sei_recsess *s, int k)
{
    for (int i = k + 1; i < s->notes_cap; i++) {
        free(s->notes[i]);
        s->notes[i] = NULL;
    }
}

/* SGF text escapes: ] and \ inside a value. */
static void put_text(sei_text *t, const char *v)
{
    for (; *v; v++) {
        if (*v == ']' || *v == '\\')
            sei_text_put(t, "\\", 1);
        sei_text_put(t, v, 1);
    }
}

char *sei_recsess_sgf(const sei_recsess *s)
{
    sei_text t = {0};
    char num[32];
    int n = s->size ? s->size : s->p.size;
    sei_text_printf(&t, "(;GM[1]FF[4]CA[UTF-8]AP[Seichi:" SEI_VERSION "]SZ[%d]RU[%s]KM[%s]DT[%s]", n ? n : 19, sei_sgf_rules_name(s->p.rules.name),
        sei_score_number(s->p.rules.komi, num, sizeof num), s->date);
    const sei_board *b = s->rec ? sei_recorder_board(s->rec) : NULL;
    int hcap = s->rec ? sei_recorder_handicap(s->rec) : 0;
    if (hcap && b) {
        sei_text_printf(&t, "HA[%d]AB", hcap);
        for (int i = 0; i < b->moves_n; i++)
            if (b->moves[i].kind == SEI_MOVE_HANDICAP)
                sei_text_printf(&t, "[%c%c]", 'a' + sei_board_x(b, b->moves[i].point), 'a' + sei_board_y(b, b->moves[i].point));
        sei_text_printf(&t, "PL[W]");
    }
    /* Who played, when said: a result saved from this record takes it. */
    const sei_ident *who = &s->p.ident;
    const struct {
        const char *id, *v;
    } names[] = {{"EV", who->event}, {"PB", who->black}, {"PW", who->white}, {"SEIBID", who->black_id},
                 {"SEIWID", who->white_id}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].v[0]) {
            sei_text_printf(&t, "%s[", names[i].id);
            put_text(&t, names[i].v);
            sei_text_printf(&t, "]");
        }
    if (who->round)
        sei_text_printf(&t, "RO[%d]", who->round);
    if (who->table)
        sei_text_printf(&t, "SEITABLE[%d]", who->table);
    if (s->ended == SEI_RECSESS_END_RESIGN)
        sei_text_printf(&t, "RE[%c+R]", s->resigned == SEI_BLACK ? 'W' : 'B');
    if (s->ended == SEI_RECSESS_END_TIME)
        sei_text_printf(&t, "RE[%c+T]", s->resigned == SEI_BLACK ? 'W' : 'B');
    /* Ended to be counted: no result yet, but over (a private property, as
     * SEIT is: --resume will not go on with it). */
    if (s->ended == SEI_RECSESS_END_COUNT)
        sei_text_printf(&t, "SEIEND[count]");
    if (s->p.timed) {
        /* TM: main time in seconds; OT: the overtime, as SGF leaves it to
         * the program (the --time-control string says it whole). */
        char spec[96];
        sei_time_control_format(&s->p.tc, spec, sizeof spec);
        sei_text_printf(&t, "TM[%lld]OT[%s]", (long long)(s->p.tc.main_ms / 1000), spec);
    }
    sei_text_printf(&t, "C[Recorded by Seichi from the board as its camera (or a video, or pictures) saw it. SEIT: seconds from the start of the recording when each move was seen.]");
    if (s->notes && s->notes_cap > 0 && s->notes[0]) {
        sei_text_printf(&t, "GC[");
        put_text(&t, s->notes[0]);
        sei_text_printf(&t, "]");
    }
    sei_text_printf(&t, "\n");
    const sei_rec_move *m = NULL;
    int k = s->rec ? sei_recorder_moves(s->rec, &m) : 0;
    for (int i = 0; i < k; i++) {
        char c = m[i].color == SEI_BLACK ? 'B' : 'W';
        if (m[i].point == SEI_PASS)
            sei_text_printf(&t, ";%c[]", c);
        else
            sei_text_printf(&t, ";%c[%c%c]", c, 'a' + sei_board_x(b, m[i].point), 'a' + sei_board_y(b, m[i].point));
        sei_text_printf(&t, "SEIT[%.2f]", m[i].t);
        if (s->p.timed && i < s->left_cap && s->left_ms[i] >= 0) {
            /* The time the move left its player, and in overtime the
             * periods (byo-yomi, Ing) or stones (Canadian) left. */
            sei_text_printf(&t, "%cL[%.1f]", c, (double)s->left_ms[i] / 1000.0);
            if (s->left_n[i] >= 0)
                sei_text_printf(&t, "O%c[%d]", c, s->left_n[i]);
        }
        char comment[600] = "";
        size_t at = 0;
        if (i == k - 1 && s->p.timed && s->clock_on && s->ended && !s->shown.lost) {
            /* The game's end: the other player's clock ran from this move
             * until then, and what it had left at the end is written here
             * too (Ing's periods begun after their last move are charged:
             * seichi score reads OB/OW on every node). */
            int o = m[i].color == SEI_BLACK ? SEI_WHITE : SEI_BLACK;
            int64_t ms;
            int cnt;
            sei_clock_left(&s->shown, o, &ms, &cnt);
            char oc = o == SEI_BLACK ? 'B' : 'W';
            sei_text_printf(&t, "%cL[%.1f]", oc, (double)ms / 1000.0);
            if (s->shown.side[o].in_overtime)
                sei_text_printf(&t, "O%c[%d]", oc, cnt);
            at += (size_t)snprintf(comment + at, sizeof comment - at,
                                   "%cL%s here: %s's clock at the end of the game (%.1f s), not after this move. ", oc,
                                   s->shown.side[o].in_overtime ? (o == SEI_BLACK ? " and OB" : " and OW") : "",
                                   o == SEI_BLACK ? "Black" : "White", (double)s->shown.now / 1000.0);
        }
        if (m[i].flags & SEI_REC_VOID)
            at += (size_t)snprintf(comment + at, sizeof comment - at,
                                   "Void: a stone put at %c%c, %s. The move is void and the turn lost. ",
                                   'a' + sei_board_x(b, m[i].void_point), 'a' + sei_board_y(b, m[i].void_point),
                                   m[i].flags & SEI_REC_KO ? "an immediate ko recapture" : "a forbidden point");
        if (m[i].flags & SEI_REC_TWICE)
            at += (size_t)snprintf(comment + at, sizeof comment - at, "%s played twice in a row. ",
                                   m[i].color == SEI_BLACK ? "Black" : "White");
        /* Moves seen at once (the camera away, or hands over the board for
         * several moves) carry one time: their order is the one that
         * explains the position, which only a capture pins down. */
        const char *note = s->notes && i + 1 < s->notes_cap ? s->notes[i + 1] : NULL;
        if ((i == 0 || m[i - 1].t != m[i].t) && i + 1 < k && m[i + 1].t == m[i].t &&
            !(note && strstr(note, "were seen at once"))) { /* a resumed record says it already */
            int last = i + 1;
            while (last + 1 < k && m[last + 1].t == m[i].t)
                last++;
            at += (size_t)snprintf(comment + at, sizeof comment - at,
                                   "Moves %d to %d were seen at once: their order is one that gives the position seen, "
                                   "not always the order played. ",
                                   i + 1, last + 1);
        }
        if (at || note) {
            sei_text_printf(&t, "C[");
            put_text(&t, comment);
            if (note)
                put_text(&t, note);
            sei_text_printf(&t, "]");
        }
        sei_text_puts(&t, (i + 1) % 10 == 0 ? "\n" : "");
    }
    sei_text_printf(&t, ")\n");
    if (t.oom) {
        sei_text_free(&t);
        return NULL;
    }
    return t.p;
}

int sei_recsess_save(sei_recsess *s)
{
    if (!s->dirty)
        return 0; /* the file already says all this (a resumed game that never went on) */
    char *sgf = sei_recsess_sgf(s);
    if (!sgf)
        return fail(s, "out of memory");
    char msg[400];
    int rc;
    if (s->taken)
        rc = -1;
    else if (s->create) {
        /* Made only if no file has that name (a link, not a rename: two
         * programs cannot both make it). */
        rc = sei_file_write_new(s->path, sgf, strlen(sgf), 0, msg, sizeof msg);
        s->taken = rc && access(s->path, F_OK) == 0;
        s->create = rc != 0;
    } else
        rc = sei_file_write_atomic(s->path, sgf, strlen(sgf), msg, sizeof msg);
    if (s->taken)
        fail(s, "'%s' was written by another program while this one watched: not replaced, and this game is not "
                "saved (record it again under another name)",
             s->path);
    else if (rc)
        fail(s, "%s", msg);
    free(sgf);
    if (!rc)
        s->dirty = 0;
    return rc;
}

void sei_recsess_must_create(sei_recsess *s) { s->create = 1; }

int sei_recsess_taken(const sei_recsess *s) { return s->taken; }

/* ---- resume ---------------------------------------------------------------------- */

/* A move's point from the record; -1 for one that names no point. */
static int resumed_point(const sei_board *b, const sei_sgf_move *m)
{
    if (m->x == SEI_SGF_BAD_POINT)
        return -1;
    if (m->x < 0)
        return SEI_PASS;
    return sei_board_point(b, m->x, m->y);
}

/* --resume: read the saved game and replay it into a new recorder, its
 * rules, komi, date, times and comments kept. Any trouble refuses to start,
 * so a file that cannot be read is never written over. */
static int load_resume(sei_recsess *s)
{
    char msg[400];
    size_t len;
    char *buf = sei_file_read(s->path, 64 << 20, &len, msg, sizeof msg);
    if (!buf)
        return errno == ENOENT ? 0 : fail(s, "%s", msg);
    sei_sgf *sg = sei_sgf_create();
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    int rc = 0;
    if (!sg || sei_sgf_parse(sg, buf, len) != SEI_OK || sei_sgf_game_get(sg, 0, &g) != SEI_OK)
        rc = fail(s, "%s: cannot resume from it: %s", s->path, sg ? sei_sgf_errmsg(sg) : "out of memory");
    else if (sei_sgf_games(sg) > 1)
        /* Saving rewrites the file with the one game recorded: the others
         * would be lost. */
        rc = fail(s, "%s holds %d games: not resuming from it (a recording is one game a file)", s->path,
                  sei_sgf_games(sg));
    else if (s->p.size && g.size != s->p.size)
        rc = fail(s, "%s is a %dx%d game, not %dx%d", s->path, g.size, g.size, s->p.size, s->p.size);
    else if (g.result[0])
        rc = fail(s, "%s: that game is over (RE[%s]); not resuming it", s->path, g.result);
    else if (sei_sgf_get(sg, g.root, "SEIEND"))
        rc = fail(s, "%s: that game is over (it ended to be counted); not resuming it", s->path);
    else if (g.bad_points)
        rc = fail(s, "%s: cannot resume from it: %d move%s name no point", s->path, g.bad_points,
                  g.bad_points == 1 ? "" : "s");
    if (!rc) {
        /* The game's terms are the saved game's: one given otherwise is
         * refused, not quietly dropped (nor applied halfway through). */
        sei_rules saved = s->p.rules;
        if (g.rules[0])
            sei_rules_preset(&saved, g.rules);
        saved.komi = g.komi_given ? g.komi : saved.komi;
        int stones = 0;
        for (int i = 0; i < g.setup_n; i++)
            stones += g.setup[i].color == SEI_BLACK && g.setup[i].before == 0 && g.setup[i].x >= 0;
        if ((s->p.game_given & SEI_RECSESS_GIVEN_RULES) && strcmp(saved.name, s->p.rules.name))
            rc = fail(s, "%s is a game under %s rules, not %s: not resuming it (its rules stand)", s->path,
                      saved.name, s->p.rules.name);
        else if ((s->p.game_given & SEI_RECSESS_GIVEN_KOMI) && saved.komi != s->p.rules.komi)
            rc = fail(s, "%s is a game with komi %g, not %g: not resuming it (its komi stands)", s->path, saved.komi,
                      s->p.rules.komi);
        else if ((s->p.game_given & SEI_RECSESS_GIVEN_HANDICAP) && stones != s->p.handicap)
            rc = fail(s, "%s is a game with %d handicap stone%s, not %d: not resuming it", s->path, stones,
                      stones == 1 ? "" : "s", s->p.handicap);
    }
    if (!rc) {
        s->p.size = s->size = g.size;
        if (g.rules[0])
            sei_rules_preset(&s->p.rules, g.rules);
        if (g.komi_given)
            s->p.rules.komi = g.komi;
        /* Who played, as saved, unless given again. */
        sei_ident_from_sgf(&s->p.ident, s->p.ident_given, buf, len);
        if (g.date[0] && strlen(g.date) < sizeof s->date)
            memcpy(s->date, g.date, strlen(g.date) + 1);
        s->rec = sei_recorder_create(g.size, &s->p.rules);
        if (!s->rec)
            rc = fail(s, "out of memory");
    }
    if (!rc) {
        uint8_t setup[SEI_MAX_SIZE * SEI_MAX_SIZE] = {0};
        int black = 0;
        for (int i = 0; i < g.setup_n; i++)
            if (g.setup[i].color == SEI_BLACK && g.setup[i].before == 0 && g.setup[i].x >= 0) {
                setup[g.setup[i].y * g.size + g.setup[i].x] = SEI_BLACK;
                black++;
            }
        if (black && sei_recorder_setup(s->rec, setup) != SEI_OK)
            rc = fail(s, "%s: its handicap stones: %s", s->path, sei_recorder_errmsg(s->rec));
        const char *gc = sei_sgf_get(sg, g.root, "GC");
        if (!rc && gc && *gc)
            note_add(s, gc);
        for (int i = 0; !rc && i < g.moves_n; i++) {
            const sei_sgf_move *m = &g.moves[i];
            const char *seit = sei_sgf_get(sg, m->node, "SEIT"), *c = sei_sgf_get(sg, m->node, "C");
            double t = seit ? atof(seit) : 0;
            int p = resumed_point(sei_recorder_board(s->rec), m);
            if (p == -1 || sei_recorder_replay(s->rec, m->color, p, t) != SEI_OK)
                rc = fail(s, "%s: move %d cannot be replayed (%s); not resuming from it", s->path, i + 1,
                          sei_recorder_errmsg(s->rec));
            else if (c && *c)
                note_add(s, c); /* the comment after this move, as it was */
            if (t > s->t_offset)
                s->t_offset = t;
        }
        s->syncing = 1;
        s->loaded = !rc;
    }
    sei_sgf_game_release(&g);
    sei_sgf_destroy(sg);
    free(buf);
    return rc;
}

/* The recorder for a new game (a resumed one has its own already). */
static int make_recorder(sei_recsess *s, const uint8_t *start)
{
    if (s->rec)
        return 0;
    s->rec = sei_recorder_create(s->size, &s->p.rules);
    if (!s->rec)
        return fail(s, "out of memory");
    if (s->p.handicap && sei_recorder_setup(s->rec, start) != SEI_OK)
        return fail(s, "%s", sei_recorder_errmsg(s->rec));
    return 0;
}

/* ---- frames ---------------------------------------------------------------------- */

sei_recsess *sei_recsess_create(const sei_recsess_params *p, const char *sgf_path, int resume, char *err, size_t n)
{
    sei_recsess *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    if (p)
        s->p = *p;
    else
        sei_recsess_params_default(&s->p);
    snprintf(s->path, sizeof s->path, "%s", sgf_path);
    s->resume = resume;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(s->date, sizeof s->date, "%Y-%m-%d", &tm);
    /* Where the SGF goes must take a file now, not after the first move
     * of a game nobody will play again. */
    char probe[1100];
    snprintf(probe, sizeof probe, "%s.part", s->path);
    int fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0 && errno != EEXIST) {
        snprintf(err, n, "cannot write the record there: %s: %s", probe, strerror(errno));
        sei_recsess_destroy(s);
        return NULL;
    }
    if (fd >= 0) {
        close(fd);
        unlink(probe);
    }
    /* The saved game first: its size is the size to look for. */
    if (resume && load_resume(s)) {
        snprintf(err, n, "%s", s->msg);
        sei_recsess_destroy(s);
        return NULL;
    }
    sei_tracker_params tp = s->p.track;
    tp.vision.size = s->p.size;
    /* The recorder decides when the board shows the game's start. */
    tp.auto_lock = 0;
    s->tk = sei_tracker_create(&tp);
    if (!s->tk) {
        snprintf(err, n, "out of memory");
        sei_recsess_destroy(s);
        return NULL;
    }
    return s;
}

void sei_recsess_destroy(sei_recsess *s)
{
    if (!s)
        return;
    sei_tracker_destroy(s->tk);
    sei_recorder_destroy(s->rec);
    for (int i = 0; i < s->notes_cap; i++)
        free(s->notes[i]);
    free(s->notes);
    free(s->left_ms);
    free(s->left_n);
    free(s->pause);
    free(s);
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

/* The median of n values (sorted in place); 0 when there are too few to
 * trust. */
static float median_or_zero(float *v, int n)
{
    if (n < 5)
        return 0;
    qsort(v, (size_t)n, sizeof v[0], cmp_float);
    return v[n / 2];
}

/* The recorded position, row by row. */
static void game_position(const sei_recsess *s, uint8_t *g)
{
    const sei_board *b = sei_recorder_board(s->rec);
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++)
            g[y * s->size + x] = (uint8_t)b->color[sei_board_point(b, x, y)];
}

/* Points where a reading and the recorded position differ. */
static int distance_to_game(const sei_recsess *s, const uint8_t *g)
{
    uint8_t e[SEI_MAX_SIZE * SEI_MAX_SIZE];
    game_position(s, e);
    int d = 0;
    for (int i = 0; i < s->size * s->size; i++)
        d += e[i] != g[i];
    return d;
}

/* 1 when every stone of the game is at its point in g (g may hold more: a
 * stone being played, a captured one not yet taken off). */
static int holds_game(const sei_recsess *s, const uint8_t *g)
{
    uint8_t e[SEI_MAX_SIZE * SEI_MAX_SIZE];
    game_position(s, e);
    for (int i = 0; i < s->size * s->size; i++)
        if (e[i] != SEI_EMPTY && e[i] != g[i])
            return 0;
    return 1;
}

static void describe(sei_recsess *s, const sei_rec_update *u, double t)
{
    char text[200];
    const sei_board *b = sei_recorder_board(s->rec);
    char pt[8] = "";
    if (u->point)
        sei_board_point_name(b, u->point, pt, sizeof pt);
    if (u->flags & SEI_REC_MOVED) {
        snprintf(text, sizeof text, "At %.1f s: the stone at %s left its point; put it back.", t, pt);
        note_add(s, text);
    }
    if (u->flags & SEI_REC_DISTURBED) {
        snprintf(text, sizeof text, "At %.1f s: the board was disturbed; rebuild the recorded position.", t);
        note_add(s, text);
    }
}

/* How far outside the outer lines the end-of-game stones are looked for,
 * in cells: on the board's margin, clear of the edge stones. */
#define OUTSIDE 0.7

/* Read the lattice one ring wider than the board (its outer ring just
 * outside the grid) on the current geometry. */
static int read_ext(sei_recsess *s, const sei_image *f, sei_vision_result *r)
{
    int n = s->size;
    if (n + 2 > SEI_MAX_SIZE)
        return -1;
    const double uv[8] = {0, 0, n - 1, 0, n - 1, n - 1, 0, n - 1};
    double xy[8], H[9], ext[4][2];
    for (int i = 0; i < 4; i++) {
        xy[2 * i] = s->corners[i][0];
        xy[2 * i + 1] = s->corners[i][1];
    }
    if (sei_h_fit(uv, xy, 4, H))
        return -1;
    const double o[4][2] = {{-OUTSIDE, -OUTSIDE}, {n - 1 + OUTSIDE, -OUTSIDE}, {n - 1 + OUTSIDE, n - 1 + OUTSIDE},
                            {-OUTSIDE, n - 1 + OUTSIDE}};
    for (int i = 0; i < 4; i++)
        sei_h_apply(H, o[i][0], o[i][1], &ext[i][0], &ext[i][1]);
    return sei_vision_read_corners(sei_tracker_reader(s->tk), f, (const double(*)[2])ext, n + 2, r) == SEI_VISION_OK
               ? 0 : -1;
}

/* The stones just outside each corner of the grid: at the diagonal spot
 * and the two spots beside it along the edges. */
static int is_corner_spot(int x, int y, int m) { return (x <= 1 || x >= m - 1) && (y <= 1 || y >= m - 1); }

static void corner_stones(const sei_recsess *s, const sei_vision_result *r, int black[4], int white[4])
{
    int m = s->size + 1;
    const int spots[4][3][2] = {{{0, 0}, {1, 0}, {0, 1}},
                                {{m, 0}, {m - 1, 0}, {m, 1}},
                                {{m, m}, {m - 1, m}, {m, m - 1}},
                                {{0, m}, {1, m}, {0, m - 1}}};
    /* The light may have changed since the start: the median change over
     * the rest of the ring outside the grid (nobody puts stones there) is
     * taken out, as on the board. */
    float dl[4 * SEI_MAX_SIZE];
    int nd = 0;
    for (int i = 0; i <= m; i++) {
        const int ring[4][2] = {{i, 0}, {i, m}, {0, i}, {m, i}};
        for (int q = 0; q < 4; q++) {
            int x = ring[q][0], y = ring[q][1];
            if (!is_corner_spot(x, y, m) && nd < 4 * SEI_MAX_SIZE)
                dl[nd++] = r->sample_L[y][x] - s->ext_L[y][x];
        }
    }
    float shift = median_or_zero(dl, nd);
    for (int k = 0; k < 4; k++) {
        black[k] = white[k] = 0;
        for (int j = 0; j < 3; j++) {
            int x = spots[k][j][0], y = spots[k][j][1];
            int c = sei_stone_rule_read(&s->p.track.vision.stone_rule, s->ext_L[y][x] + shift, s->ext_C[y][x],
                                        r->sample_L[y][x], r->sample_C[y][x], 1, NULL);
            black[k] += c == SEI_BLACK;
            white[k] += c == SEI_WHITE;
        }
    }
}

/* The look of the ring outside the grid, relearnt (after a bump the
 * ring lies elsewhere on the table). */
static void ext_learn(sei_recsess *s, const sei_image *f)
{
    sei_vision_result r;
    if (read_ext(s, f, &r) == 0) {
        memcpy(s->ext_L, r.sample_L, sizeof s->ext_L);
        memcpy(s->ext_C, r.sample_C, sizeof s->ext_C);
        s->ext_ok = 1;
    }
}

/* Watch the corners for the end: returns 1 when the game has ended. The
 * same gesture must be seen in two steady states running (a sleeve or a
 * shadow at a corner is not a resignation). */
static int watch_end(sei_recsess *s, const sei_image *f, double t, sei_recsess_event *ev)
{
    sei_vision_result r;
    if (!s->ext_ok || read_ext(s, f, &r))
        return 0;
    int black[4], white[4];
    corner_stones(s, &r, black, white);
    int seen = 0, who = 0;
    for (int k = 0; k < 4 && !seen; k++)
        if ((black[k] >= 2 && !white[k]) || (white[k] >= 2 && !black[k])) {
            seen = SEI_RECSESS_END_RESIGN;
            who = black[k] >= 2 ? SEI_BLACK : SEI_WHITE;
        }
    for (int k = 0; k < 4 && !seen; k++) {
        int o = (k + 2) % 4;
        if (black[k] + white[k] == 1 && black[o] + white[o] == 1 && black[k] == white[o])
            seen = SEI_RECSESS_END_COUNT;
    }
    int candidate = seen * 4 + who;
    int confirmed = seen && candidate == s->end_candidate;
    s->end_candidate = candidate;
    char text[200];
    if (confirmed && seen == SEI_RECSESS_END_RESIGN) {
        s->ended = SEI_RECSESS_END_RESIGN;
        s->resigned = who;
        snprintf(text, sizeof text, "At %.1f s: %s resigned (two of its stones at the corner).", t,
                 s->resigned == SEI_BLACK ? "Black" : "White");
        note_add(s, text);
        ev->ended = s->ended;
        ev->resigned = s->resigned;
        return 1;
    }
    if (confirmed && seen == SEI_RECSESS_END_COUNT) {
        /* A stone of each colour, at opposite corners: both players agree. */
        s->ended = SEI_RECSESS_END_COUNT;
        snprintf(text, sizeof text, "At %.1f s: both players put the end-of-game stone: the game is over.", t);
        note_add(s, text);
        ev->ended = s->ended;
        return 1;
    }
    int single = 0;
    for (int k = 0; k < 4; k++)
        single += black[k] + white[k] == 1;
    if (!seen && !single) {
        /* Nothing at the corners: follow the light there slowly. */
        for (int y = 0; y <= s->size + 1; y++)
            for (int x = 0; x <= s->size + 1; x++) {
                s->ext_L[y][x] += 0.1f * (r.sample_L[y][x] - s->ext_L[y][x]);
                s->ext_C[y][x] += 0.1f * (r.sample_C[y][x] - s->ext_C[y][x]);
            }
    }
    if (single && !s->end_offered) {
        s->end_offered = 1;
        ev->end_offered = 1;
    }
    return 0;
}

int sei_recsess_resumed(const sei_recsess *s) { return s->loaded; }
int sei_recsess_syncing(const sei_recsess *s) { return s->syncing; }

int sei_recsess_ended(const sei_recsess *s, int *resigned)
{
    if (resigned)
        *resigned = s->resigned;
    return s->ended;
}

/* The start: the empty board, the handicap stones, or on --resume the
 * saved position, seen steady before the tracker locks the lattice. */
static int start(sei_recsess *s, const sei_image *f, const sei_tracker_state *st, sei_recsess_event *ev)
{
    if (!st->read)
        return 0; /* no board this frame: the start seen so far still counts */
    const sei_vision_result *r = &st->r;
    uint8_t g[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int nn = r->size * r->size, black = 0, white = 0;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            g[y * r->size + x] = r->grid[y][x];
            black += r->grid[y][x] == SEI_BLACK;
            white += r->grid[y][x] == SEI_WHITE;
        }
    /* The reader on its own may see a stone or two in a bare board's
     * grain; those are forgiven here (the board is known to be empty), and
     * from then on every point is compared with itself. */
    int slack = s->p.handicap ? 0 : 1 + nn / 90;
    if ((s->p.size && r->size != s->p.size) || /* another board size than the game's: not this board */
        (!s->rec && (white + (black > s->p.handicap ? black - s->p.handicap : 0) > slack || black < s->p.handicap))) {
        s->start_run = 0; /* not the start yet: wait */
        return 0;
    }
    if (!s->rec && !s->p.handicap)
        memset(g, SEI_EMPTY, (size_t)nn);
    if (s->start_run && r->size == s->start_size && !memcmp(s->start, g, (size_t)nn))
        s->start_run++;
    else {
        s->start_run = 1;
        s->start_size = r->size;
        memcpy(s->start, g, (size_t)nn);
    }
    if (s->start_run < s->p.track.stable_frames)
        return 0;
    s->start_run = 0;
    if (sei_tracker_lock(s->tk, f, g))
        return 0;
    s->size = r->size;
    if (make_recorder(s, g)) {
        /* Not locked: the next steady start may do better. */
        sei_recorder_destroy(s->rec);
        s->rec = NULL;
        sei_tracker_unlock(s->tk);
        return -1;
    }
    uint8_t e[SEI_MAX_SIZE * SEI_MAX_SIZE];
    game_position(s, e);
    sei_tracker_expect(s->tk, e);
    s->locked = 1;
    ev->locked = 1;
    memcpy(s->corners, r->corners, sizeof s->corners);
    s->dirty = !s->loaded;
    ext_learn(s, f);
    memcpy(s->fed, g, (size_t)nn);
    s->have_fed = !s->loaded;
    if (s->syncing && distance_to_game(s, g) == 0) {
        /* The board already shows the saved position. */
        s->syncing = 0;
        s->have_fed = 1;
        ev->synced = 1;
    }
    /* A komi given that the board found cannot hold (more than its
     * points): the caller refuses it before any move, so nothing is
     * written, and a file there stays as it was. */
    if ((s->p.game_given & SEI_RECSESS_GIVEN_KOMI) && !s->loaded && sei_rules_komi_check(s->p.rules.komi, s->size, NULL, 0))
        return 0;
    return sei_recsess_save(s);
}

/* ---- the game clock ------------------------------------------------------------- */

static int64_t ms_of(double t) { return (int64_t)(t * 1000.0 + (t >= 0 ? 0.5 : -0.5)); }

/* 1 while a judge's pause runs. */
static int paused_now(const sei_recsess *s) { return s->npause && s->pause[s->npause - 1].to < 0; }

/* Run a copy of the clock to t (ms; calls to on_call as sei_clock_advance),
 * stopping and starting it at the pauses on the way. */
static void clock_run(const sei_recsess *s, sei_clock *c, int64_t t, sei_clock_on_call on_call, void *ctx)
{
    for (;;) {
        if (!c->paused && c->pauses < s->npause && s->pause[c->pauses].from <= t) {
            int64_t from = s->pause[c->pauses].from;
            sei_clock_pause(c, from > c->now ? from : c->now, on_call, ctx);
        } else if (c->paused && s->pause[c->pauses - 1].to >= 0 && s->pause[c->pauses - 1].to <= t) {
            int64_t to = s->pause[c->pauses - 1].to;
            sei_clock_resume(c, to > c->now ? to : c->now);
        } else
            break;
    }
    if (t > c->now)
        sei_clock_advance(c, t, on_call, ctx);
}

/* What move k left its player: ms, and in overtime n periods or stones
 * (-1: in main time). */
static void left_keep(sei_recsess *s, int k, int64_t ms, int n)
{
    if (k >= s->left_cap) {
        int cap = s->left_cap ? 2 * s->left_cap : 256;
        while (cap <= k)
            cap *= 2;
        int64_t *l = realloc(s->left_ms, sizeof *l * (size_t)cap);
        if (l)
            s->left_ms = l;
        int *nn = l ? realloc(s->left_n, sizeof *nn * (size_t)cap) : NULL;
        if (nn)
            s->left_n = nn;
        if (!l || !nn)
            return; /* out of memory: that move's BL/WL is left out */
        for (int i = s->left_cap; i < cap; i++)
            s->left_ms[i] = -1;
        s->left_cap = cap;
    }
    s->left_ms[k] = ms;
    s->left_n[k] = n;
}

/* What player has left on the clock as of its last switch (the n of left_keep). */
static void clock_left_now(const sei_recsess *s, int player, int64_t *ms, int *n)
{
    int cnt;
    sei_clock_left(&s->clock, player, ms, &cnt);
    *n = s->clock.side[player].in_overtime ? cnt : -1;
}

/* Move k (0-based) by color, its stone first seen at t. A tap waiting for
 * it (the player's oldest) switched the clock already: the stone only
 * takes what the tap left, so no move is counted twice (no second
 * increment, no second Canadian stone); taps of the other colour before
 * it had no stone (passes) and are dropped. With no tap the clock switches
 * at the moment the stone was seen (never before the time it reached:
 * moves seen at once share one time). A player whose opponent's turn
 * went by (two moves running, a take-back) stops the opponent's clock at
 * the same moment. */
static void clock_take(sei_recsess *s, int k, int color, double t)
{
    if (!s->clock_on || s->clock.lost)
        return;
    int drop = 0;
    while (drop < s->ntaps && s->taps[drop].player != color)
        drop++;
    if (drop < s->ntaps) {
        left_keep(s, k, s->taps[drop].left_ms, s->taps[drop].left_n);
        drop++;
        memmove(s->taps, s->taps + drop, sizeof s->taps[0] * (size_t)(s->ntaps - drop));
        s->ntaps -= drop;
        return;
    }
    s->ntaps = 0;
    int64_t at = ms_of(t);
    if (at < s->clock.now)
        at = s->clock.now;
    clock_run(s, &s->clock, at, NULL, NULL);
    if (color != s->clock.to_move && sei_clock_move(&s->clock, s->clock.to_move, at, NULL, NULL))
        return;
    if (sei_clock_move(&s->clock, color, at, NULL, NULL))
        return; /* lost on time before the stone came: declared by the next frame */
    int64_t ms;
    int n;
    clock_left_now(s, color, &ms, &n);
    left_keep(s, k, ms, n);
}

/* The clock starts with the recording (time 0): a resumed game's moves are
 * taken again at the times the record kept. */
static void clock_start(sei_recsess *s)
{
    int first = s->p.handicap >= 2 || (s->rec && sei_recorder_handicap(s->rec) >= 2) ? SEI_WHITE : SEI_BLACK;
    sei_clock_start(&s->clock, &s->p.tc, first, 0);
    s->hold_from = -1;
    s->shown = s->clock;
    s->clock_on = 1;
    const sei_rec_move *m;
    int k = s->rec ? sei_recorder_moves(s->rec, &m) : 0;
    for (int i = 0; i < k; i++)
        clock_take(s, i, m[i].color, m[i].t);
    s->said_ms = s->clock.now - 1; /* a call at the very start (Ing's first period, main time 0) is made */
}

int sei_recsess_clock_tap(sei_recsess *s, int player, double t)
{
    if (!s || !s->clock_on)
        return -1;
    if (s->ended || s->clock.lost || (player != SEI_BLACK && player != SEI_WHITE) || player != s->clock.to_move ||
        s->ntaps == SEI_RECSESS_TAPS || paused_now(s))
        return 1;
    int64_t at = ms_of(t + s->t_offset);
    if (at < s->clock.now)
        at = s->clock.now; /* a tap between two frames' moves: at the last move's time */
    clock_run(s, &s->clock, at, NULL, NULL);
    if (sei_clock_move(&s->clock, player, at, NULL, NULL))
        return 1; /* the flag had fallen: the loss is declared by the next frame */
    s->taps[s->ntaps].player = player;
    clock_left_now(s, player, &s->taps[s->ntaps].left_ms, &s->taps[s->ntaps].left_n);
    s->ntaps++;
    /* Shown at once; the calls up to the tap are behind it (said_ms is
     * kept, so none is handed out twice). */
    s->shown = s->clock;
    if (s->said_ms < at - 1)
        s->said_ms = at - 1; /* the opponent's call at the tap's moment (Ing's period begun) is made */
    return 0;
}

typedef struct {
    sei_recsess_event *ev;
    int64_t *said;
    int64_t hold;        /* calls after this time wait (one at that very moment comes before a move then) */
} call_sink;

/* A vote never holds the calls longer than this (a board that keeps
 * changing, a hand hovering): late is better than never. */
#define CALL_HOLD_MAX_S 12.0

/* A call into the event, which keeps the last SEI_RECSESS_CALLS. */
static void push_call(sei_recsess_event *ev, const sei_clock_call *k)
{
    if (ev->ncalls < SEI_RECSESS_CALLS)
        ev->calls[ev->ncalls] = *k;
    else {
        memmove(ev->calls, ev->calls + 1, sizeof ev->calls[0] * (SEI_RECSESS_CALLS - 1));
        ev->calls[SEI_RECSESS_CALLS - 1] = *k;
    }
    ev->ncalls++;
}

/* A call for the event: those not handed out yet, the loss apart (it is
 * declared after the grace). */
static void take_call(void *ctx, const sei_clock_call *k)
{
    call_sink *cs = ctx;
    if (k->t_ms <= *cs->said || k->kind == SEI_CALL_LOST || k->t_ms > cs->hold)
        return;
    push_call(cs->ev, k);
    *cs->said = k->t_ms;
}

/* The clock as of frame time t: the calls since the last frame, and a
 * loss on time declared once the grace has gone by with no stone. */
static int clock_frame(sei_recsess *s, double t, sei_recsess_event *ev)
{
    s->shown = s->clock;
    int64_t now = ms_of(t);
    if (now < s->shown.now)
        return 0;
    int64_t said = s->said_ms;
    /* Calls since a new reading first seen wait for its vote: when it is
     * the mover's stone, the clock switched then and they never fall due
     * (held again each frame, from the clock as of the last move). */
    int64_t hold = s->hold_from >= 0 && t - s->hold_from < CALL_HOLD_MAX_S ? ms_of(s->hold_from) : INT64_MAX;
    call_sink cs = {ev, &said, hold};
    clock_run(s, &s->shown, now, take_call, &cs);
    s->said_ms = said;
    if (!s->shown.lost || s->shown.lost_at > hold || now - s->shown.lost_at < ms_of(s->p.loss_grace))
        return 0; /* not fallen; or a stone seen before it, being voted on; or within the grace */
    sei_clock_call k = {s->shown.lost_at, s->shown.lost, SEI_CALL_LOST, 0, 0};
    push_call(ev, &k); /* the loss itself is handed out now */
    s->ended = SEI_RECSESS_END_TIME;
    s->resigned = s->shown.lost;
    ev->ended = s->ended;
    ev->resigned = s->resigned;
    char text[160];
    snprintf(text, sizeof text, "At %.1f s: %s lost on time.", (double)s->shown.lost_at / 1000.0,
             s->shown.lost == SEI_BLACK ? "Black" : "White");
    note_add(s, text);
    s->dirty = 1;
    return sei_recsess_save(s);
}

static int frame(sei_recsess *s, const sei_image *f, double t, sei_tracker_state *st, sei_recsess_event *ev)
{
    if (sei_tracker_step(s->tk, f, st) != SEI_VISION_OK)
        return 0; /* a frame the reader could not take: the next one may do */
    if (st->moving) {
        ev->moving = 1;
        return 0;
    }
    if (st->read && st->run <= 1)
        s->run_t = t; /* a new reading: a move's time is when its stone was first seen */
    if (!s->locked)
        return start(s, f, st, ev);
    if (st->read && !st->steady && s->have_fed && !s->syncing && !st->lost) {
        /* A reading that is not the game's, being voted on: when it is a
         * stone, the move's time is when it was first seen, and the
         * mover's calls since then were never due. They wait for the vote
         * (clock_frame). */
        int differs = 0;
        for (int y = 0; y < s->size && !differs; y++)
            differs = memcmp(s->fed + y * s->size, st->grid[y], (size_t)s->size) != 0;
        s->hold_from = differs ? s->run_t : -1;
    } else
        s->hold_from = -1;
    if (!st->read || !st->steady)
        return 0;
    memcpy(s->corners, st->corners, sizeof s->corners);
    int nn = s->size * s->size;
    uint8_t g[SEI_MAX_SIZE * SEI_MAX_SIZE];
    for (int y = 0; y < s->size; y++)
        memcpy(g + y * s->size, st->grid[y], (size_t)s->size);
    if (st->found_again) {
        ev->refit = 1;
        ext_learn(s, f);
    }
    if (st->lost) {
        /* Far from the game, the board not found again: not found yet, or
         * knocked about. Feed nothing (a wrong lattice would invent moves);
         * once it has stayed so, say that it needs rebuilding. */
        ev->lost = 1;
        if (++s->lost == 4 * s->p.track.stable_frames) {
            char text[160];
            snprintf(text, sizeof text, "At %.1f s: the board does not match the game; rebuild the recorded position.", t);
            note_add(s, text);
            ev->u.flags |= SEI_REC_DISTURBED;
            ev->state = 1;
        }
        return 0;
    }
    s->lost = 0;
    /* The end is watched for only while the board shows the game: its
     * stones are put beyond the lines of a board that still holds every
     * stone played, and a lattice knocked off its board (a bump not yet
     * followed) reads its corners from anything. */
    if (st->run % s->p.track.stable_frames == 0 && !s->syncing && holds_game(s, g) && watch_end(s, f, t, ev))
        return sei_recsess_save(s);
    if (s->have_fed && !memcmp(s->fed, g, (size_t)nn))
        return 0;
    memcpy(s->fed, g, (size_t)nn);
    s->have_fed = 1;
    if (s->syncing) {
        /* --resume: wait for the board to show the saved position, or a
         * later one: every saved stone still there and a few more (moves
         * played while nothing was recording, recorded now). An earlier
         * position (a replayed video or folder) is not a take-back here. */
        int behind = 0, extra = 0;
        const sei_board *sb = sei_recorder_board(s->rec);
        for (int y = 0; y < s->size; y++)
            for (int x = 0; x < s->size; x++) {
                int c = sb->color[sei_board_point(sb, x, y)], o = g[y * s->size + x];
                behind += c != SEI_EMPTY && o != c;
                extra += c == SEI_EMPTY && o != SEI_EMPTY;
            }
        if (behind || extra > SEI_REC_MAX_BURST)
            return 0;
        s->syncing = 0;
        ev->synced = 1;
        if (!extra)
            return 0;
    }
    ev->state = 1;
    if (sei_recorder_observe(s->rec, g, s->run_t > 0 && s->run_t <= t ? s->run_t : t, &ev->u) != SEI_OK)
        return fail(s, "%s", sei_recorder_errmsg(s->rec));
    if (ev->u.moves) {
        const sei_rec_move *m;
        int k = sei_recorder_moves(s->rec, &m);
        for (int i = k - ev->u.moves; i < k; i++)
            clock_take(s, i, m[i].color, m[i].t);
    }
    /* The tracker holds its readings against the game from now on. */
    uint8_t e[SEI_MAX_SIZE * SEI_MAX_SIZE];
    game_position(s, e);
    sei_tracker_expect(s->tk, e);
    if (ev->u.undone) {
        const sei_rec_move *m;
        notes_drop_after(s, sei_recorder_moves(s->rec, &m));
    }
    describe(s, &ev->u, t);
    if (ev->u.moves || ev->u.undone || (ev->u.flags & (SEI_REC_MOVED | SEI_REC_DISTURBED))) {
        s->dirty = 1;
        return sei_recsess_save(s);
    }
    return 0;
}

int sei_recsess_frame(sei_recsess *s, const sei_image *f, double t, sei_recsess_event *ev)
{
    memset(ev, 0, sizeof *ev);
    t += s->t_offset; /* a resumed game's clock goes on from its last move */
    ev->locked = s->locked;
    ev->ended = s->ended;
    ev->resigned = s->resigned;
    if (s->ended)
        return 0;
    if (s->p.timed && !s->clock_on)
        clock_start(s);
    sei_tracker_state *st = malloc(sizeof *st);
    if (!st)
        return fail(s, "out of memory");
    int rc = frame(s, f, t, st, ev);
    free(st);
    if (s->clock_on && !s->ended && clock_frame(s, t, ev))
        rc = -1;
    return rc;
}

int sei_recsess_end(sei_recsess *s, double t)
{
    if (!s || s->ended || !s->locked)
        return 0;
    t += s->t_offset;
    if (s->clock_on) {
        /* The clock as of the end: no call is made any more. */
        s->shown = s->clock;
        clock_run(s, &s->shown, ms_of(t), NULL, NULL);
    }
    s->ended = SEI_RECSESS_END_COUNT;
    char text[160];
    snprintf(text, sizeof text, "At %.1f s: the game was ended on the kiosk's screen.", t);
    note_add(s, text);
    s->dirty = 1;
    return sei_recsess_save(s);
}

/* "Black 754.5 s, White 185.0 s and 2 periods": what each has left on c. */
static void left_words(const sei_clock *c, char *out, size_t n)
{
    size_t at = 0;
    for (int p = SEI_BLACK; p <= SEI_WHITE; p++) {
        int64_t ms;
        int cnt;
        sei_clock_left(c, p, &ms, &cnt);
        at += (size_t)snprintf(out + at, at < n ? n - at : 0, "%s%s %.1f s", p == SEI_WHITE ? ", " : "",
                               p == SEI_BLACK ? "Black" : "White", (double)ms / 1000.0);
        if (c->side[p].in_overtime && c->tc.kind != SEI_TC_FISCHER && c->tc.kind != SEI_TC_ABSOLUTE)
            at += (size_t)snprintf(out + at, at < n ? n - at : 0, c->tc.kind == SEI_TC_CANADIAN ? " and %d stones" : " and %d periods",
                                   cnt);
    }
}

int sei_recsess_pause(sei_recsess *s, double t)
{
    if (!s || !s->clock_on)
        return -1;
    if (s->ended || s->clock.lost || paused_now(s))
        return 1;
    int64_t at = ms_of(t + s->t_offset);
    if (at < s->clock.now)
        at = s->clock.now; /* not before the last move or tap */
    if (s->npause && at < s->pause[s->npause - 1].to)
        at = s->pause[s->npause - 1].to;
    if (s->npause == s->pause_cap) {
        int cap = s->pause_cap ? 2 * s->pause_cap : 8;
        void *np = realloc(s->pause, sizeof *s->pause * (size_t)cap);
        if (!np)
            return fail(s, "out of memory");
        s->pause = np;
        s->pause_cap = cap;
    }
    s->pause[s->npause].from = at;
    s->pause[s->npause].to = -1;
    s->npause++;
    /* Shown stopped at once; the calls before the pause come with the next frame. */
    sei_clock c = s->clock;
    clock_run(s, &c, at, NULL, NULL);
    if (c.lost) {
        s->npause--; /* the flag fell before: the loss is declared, not paused */
        return 1;
    }
    s->shown = c;
    char text[256], left[160];
    left_words(&c, left, sizeof left);
    snprintf(text, sizeof text, "At %.1f s: the judge paused the clocks (%s left).", (double)at / 1000.0, left);
    note_add(s, text);
    s->dirty = 1;
    return sei_recsess_save(s) ? -1 : 0;
}

int sei_recsess_resume(sei_recsess *s, double t)
{
    if (!s || !s->clock_on)
        return -1;
    if (!paused_now(s))
        return 1;
    int64_t at = ms_of(t + s->t_offset);
    if (at < s->pause[s->npause - 1].from)
        at = s->pause[s->npause - 1].from;
    if (at < s->shown.now)
        at = s->shown.now;
    s->pause[s->npause - 1].to = at;
    sei_clock c = s->clock;
    clock_run(s, &c, at, NULL, NULL);
    s->shown = c;
    char text[160];
    snprintf(text, sizeof text, "At %.1f s: the judge started the clocks again (paused %.1f s).", (double)at / 1000.0,
             (double)(at - s->pause[s->npause - 1].from) / 1000.0);
    note_add(s, text);
    s->dirty = 1;
    return sei_recsess_save(s) ? -1 : 0;
}

int sei_recsess_paused(const sei_recsess *s) { return s && paused_now(s); }

int sei_recsess_time(sei_recsess *s, double t, sei_recsess_event *ev)
{
    memset(ev, 0, sizeof *ev);
    t += s->t_offset;
    ev->locked = s->locked;
    ev->ended = s->ended;
    ev->resigned = s->resigned;
    if (s->ended || !s->clock_on)
        return 0;
    return clock_frame(s, t, ev) ? -1 : 0;
}
