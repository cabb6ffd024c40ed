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
#include "motion.h"
#include "recsess.h"
#include "score.h"
#include "sgf.h"
#include "textbuf.h"
#include "vision.h"

struct sei_recsess {
    sei_recsess_params p;
    char path[1024];
    int resume, syncing;
    sei_vision *v;
    sei_motion motion;
    int locked, size;
    double corners[4][2];
    sei_recorder *rec;
    /* voting */
    uint8_t last[SEI_MAX_SIZE * SEI_MAX_SIZE], fed[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int run, have_fed;
    int lost;                           /* frames in a row far from the game */
    /* what the SGF will say about the moves: notes[k] follow move k (0: before the first) */
    char **notes;
    int notes_cap;
    /* from --resume */
    int resumed_handicap;
    uint8_t resumed_setup[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int resumed_n;
    sei_sgf_move *resumed;
    char date[16];
    /* Each point as it looked empty, from the start: a stone is read as a
     * change from that (its own grid-line ink, its own light) rather than
     * against fixed thresholds. ref_ok: the point was seen empty. */
    float ref_L[SEI_MAX_SIZE][SEI_MAX_SIZE], ref_C[SEI_MAX_SIZE][SEI_MAX_SIZE];
    uint8_t ref_ok[SEI_MAX_SIZE][SEI_MAX_SIZE];
    /* The same for a lattice one ring wider, whose outer ring is just
     * outside the grid: where the end-of-game stones go. */
    float ext_L[SEI_MAX_SIZE][SEI_MAX_SIZE], ext_C[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int ext_ok;
    int ended, resigned, end_offered;
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
    p->stable_frames = 3;
    p->motion = 5;
    p->work_side = 1000;
}

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

static const char *ru_of(const char *preset)
{
    static const char *const map[][2] = {{"chinese", "Chinese"}, {"japanese", "Japanese"}, {"korean", "Korean"},
                                         {"ing", "GOE"},         {"aga", "AGA"},           {"nz", "NZ"},
                                         {"tromp-taylor", "Tromp-Taylor"}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(map[i][0], preset))
            return map[i][1];
    return preset;
}

char *sei_recsess_sgf(const sei_recsess *s)
{
    sei_text t = {0};
    char num[32];
    int n = s->size ? s->size : s->p.size;
    sei_text_printf(&t, "(;GM[1]FF[4]CA[UTF-8]AP[Seichi:0.1]SZ[%d]RU[%s]KM[%s]DT[%s]", n ? n : 19, ru_of(s->p.rules.name),
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
    if (s->ended == SEI_RECSESS_END_RESIGN)
        sei_text_printf(&t, "RE[%c+R]", s->resigned == SEI_BLACK ? 'W' : 'B');
    sei_text_printf(&t, "C[Recorded by Seichi from the camera. SEIT: seconds from the start of the recording when each move was seen.]");
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
        char comment[400] = "";
        size_t at = 0;
        if (m[i].flags & SEI_REC_VOID)
            at += (size_t)snprintf(comment + at, sizeof comment - at,
                                   "Void: a stone put at %c%c, %s. The move is void and the turn lost. ",
                                   'a' + sei_board_x(b, m[i].void_point), 'a' + sei_board_y(b, m[i].void_point),
                                   m[i].flags & SEI_REC_KO ? "an immediate ko recapture" : "a forbidden point");
        if (m[i].flags & SEI_REC_TWICE)
            at += (size_t)snprintf(comment + at, sizeof comment - at, "%s played twice in a row. ",
                                   m[i].color == SEI_BLACK ? "Black" : "White");
        const char *note = s->notes && i + 1 < s->notes_cap ? s->notes[i + 1] : NULL;
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

/* Write path whole or not at all: a temporary file beside it, flushed to
 * the disk, renamed over it, and the folder flushed so the rename holds
 * through a power cut. */
static int write_atomic(sei_recsess *s, const char *data)
{
    char tmp[1100], dir[1024];
    snprintf(tmp, sizeof tmp, "%s.part", s->path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return fail(s, "cannot write %s: %s", tmp, strerror(errno));
    size_t len = strlen(data), off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            close(fd);
            unlink(tmp);
            return fail(s, "cannot write %s: %s", tmp, strerror(e));
        }
        off += (size_t)w;
    }
    if (fsync(fd) || close(fd)) {
        unlink(tmp);
        return fail(s, "cannot write %s: %s", tmp, strerror(errno));
    }
    if (rename(tmp, s->path)) {
        int e = errno;
        unlink(tmp);
        return fail(s, "cannot replace %s: %s", s->path, strerror(e));
    }
    snprintf(dir, sizeof dir, "%s", s->path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = 0;
    else
        snprintf(dir, sizeof dir, ".");
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}

int sei_recsess_save(sei_recsess *s)
{
    char *sgf = sei_recsess_sgf(s);
    if (!sgf)
        return fail(s, "out of memory");
    int rc = write_atomic(s, sgf);
    free(sgf);
    return rc;
}

/* ---- resume ---------------------------------------------------------------------- */

static int load_resume(sei_recsess *s)
{
    FILE *f = fopen(s->path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : fail(s, "cannot read %s: %s", s->path, strerror(errno));
    char *buf = malloc(1 << 22);
    size_t len = buf ? fread(buf, 1, (1 << 22) - 1, f) : 0;
    fclose(f);
    if (!buf)
        return fail(s, "out of memory");
    sei_sgf *sg = sei_sgf_create();
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    int rc = 0;
    if (!sg || sei_sgf_parse(sg, buf, len) != SEI_OK || sei_sgf_game_get(sg, 0, &g) != SEI_OK)
        rc = fail(s, "%s: cannot resume from it: %s", s->path, sg ? sei_sgf_errmsg(sg) : "out of memory");
    else if (s->p.size && g.size != s->p.size)
        rc = fail(s, "%s is a %dx%d game, not %dx%d", s->path, g.size, g.size, s->p.size, s->p.size);
    else {
        s->p.size = g.size;
        if (g.komi_given)
            s->p.rules.komi = g.komi;
        for (int i = 0; i < g.setup_n; i++)
            if (g.setup[i].color == SEI_BLACK && g.setup[i].before == 0) {
                s->resumed_setup[g.setup[i].y * g.size + g.setup[i].x] = SEI_BLACK;
                s->resumed_handicap++;
            }
        s->resumed_n = g.moves_n;
        s->resumed = malloc(sizeof *s->resumed * (size_t)(g.moves_n + 1));
        if (!s->resumed)
            rc = fail(s, "out of memory");
        else
            memcpy(s->resumed, g.moves, sizeof *s->resumed * (size_t)g.moves_n);
    }
    sei_sgf_game_release(&g);
    sei_sgf_destroy(sg);
    free(buf);
    return rc;
}

/* The recorder, with the resumed game replayed into it. */
static int make_recorder(sei_recsess *s, const uint8_t *start)
{
    s->rec = sei_recorder_create(s->size, &s->p.rules);
    if (!s->rec)
        return fail(s, "out of memory");
    if (s->resume && s->resumed) {
        if (s->resumed_handicap && sei_recorder_setup(s->rec, s->resumed_setup) != SEI_OK)
            return fail(s, "%s: %s", s->path, sei_recorder_errmsg(s->rec));
        for (int i = 0; i < s->resumed_n; i++) {
            const sei_sgf_move *m = &s->resumed[i];
            int p = m->x < 0 ? SEI_PASS : sei_board_point(sei_recorder_board(s->rec), m->x, m->y);
            if (sei_recorder_replay(s->rec, m->color, p, 0) != SEI_OK)
                return fail(s, "%s: move %d cannot be replayed: %s", s->path, i + 1, sei_recorder_errmsg(s->rec));
        }
        s->syncing = 1;
        return 0;
    }
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
    if (s->p.stable_frames < 1)
        s->p.stable_frames = 1;
    snprintf(s->path, sizeof s->path, "%s", sgf_path);
    s->resume = resume;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(s->date, sizeof s->date, "%Y-%m-%d", &tm);
    sei_vision_params vp;
    sei_vision_params_default(&vp);
    vp.work_side = s->p.work_side;
    vp.size = s->p.size;
    s->v = sei_vision_create(&vp);
    if (!s->v || (resume && load_resume(s))) {
        snprintf(err, n, "%s", s->v ? s->msg : "out of memory");
        sei_recsess_destroy(s);
        return NULL;
    }
    return s;
}

void sei_recsess_destroy(sei_recsess *s)
{
    if (!s)
        return;
    sei_vision_destroy(s->v);
    sei_recorder_destroy(s->rec);
    for (int i = 0; i < s->notes_cap; i++)
        free(s->notes[i]);
    free(s->notes);
    free(s->resumed);
    free(s);
}

static void grid_flat(const sei_vision_result *r, uint8_t *g)
{
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            g[y * r->size + x] = r->grid[y][x];
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

/* Remember how the empty points look. */
static void ref_learn(sei_recsess *s, const sei_vision_result *r, const uint8_t *g, double weight)
{
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            if (g[y * r->size + x] != SEI_EMPTY)
                continue;
            if (!s->ref_ok[y][x] || weight >= 1) {
                s->ref_L[y][x] = r->sample_L[y][x];
                s->ref_C[y][x] = r->sample_C[y][x];
                s->ref_ok[y][x] = 1;
            } else {
                s->ref_L[y][x] += (float)(weight * (r->sample_L[y][x] - s->ref_L[y][x]));
                s->ref_C[y][x] += (float)(weight * (r->sample_C[y][x] - s->ref_C[y][x]));
            }
        }
}

/* Read each point against itself empty. The light may have changed since
 * (a cloud, a lamp): the median change over the points the game says are
 * empty is that change, and is taken out first. Points never seen empty
 * keep the reader's own call. */
static void ref_classify(const sei_recsess *s, const sei_vision_result *r, uint8_t *g)
{
    const sei_board *b = sei_recorder_board(s->rec);
    float dl[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int n = 0;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            if (s->ref_ok[y][x] && b->color[sei_board_point(b, x, y)] == SEI_EMPTY)
                dl[n++] = r->sample_L[y][x] - s->ref_L[y][x];
    float shift = 0;
    if (n >= 5) {
        qsort(dl, (size_t)n, sizeof dl[0], cmp_float);
        shift = dl[n / 2];
    }
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            if (!s->ref_ok[y][x])
                continue;
            double L0 = s->ref_L[y][x] + shift, dL = r->sample_L[y][x] - L0, dC = r->sample_C[y][x] - s->ref_C[y][x];
            /* A black stone takes away most of the light; a white one adds
             * light, or at least takes away the wood's colour. */
            double bgap = fmax(10, 0.35 * L0), wgap = fmax(5, 0.3 * (100 - L0)), cgap = fmax(6, 0.4 * s->ref_C[y][x]);
            int c = SEI_EMPTY;
            if (dL < -bgap)
                c = SEI_BLACK;
            else if (dL > wgap || (dC < -cgap && dL > -bgap / 3))
                c = SEI_WHITE;
            g[y * r->size + x] = (uint8_t)c;
        }
}

/* Points where a reading and the recorded position differ. */
static int distance_to_game(const sei_recsess *s, const uint8_t *g)
{
    const sei_board *b = sei_recorder_board(s->rec);
    int d = 0;
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++)
            d += b->color[sei_board_point(b, x, y)] != g[y * s->size + x];
    return d;
}

/* After a bump: search the picture for the board again, and take the
 * lattice (in whichever of its four turns) that best matches the game. */
static int refit(sei_recsess *s, const sei_image *f, uint8_t *g, int *best_d, sei_vision_result *best)
{
    sei_vision_result r;
    if (sei_vision_read(s->v, f, &r) != SEI_VISION_OK || r.size != s->size)
        return 0;
    int improved = 0;
    for (int k = 0; k < 4; k++) {
        double c[4][2];
        for (int i = 0; i < 4; i++) {
            c[i][0] = r.corners[(i + k) % 4][0];
            c[i][1] = r.corners[(i + k) % 4][1];
        }
        sei_vision_result rr;
        if (sei_vision_read_corners(s->v, f, (const double(*)[2])c, s->size, &rr) != SEI_VISION_OK)
            continue;
        uint8_t gg[SEI_MAX_SIZE * SEI_MAX_SIZE];
        grid_flat(&rr, gg);
        ref_classify(s, &rr, gg);
        int d = distance_to_game(s, gg);
        if (d < *best_d) {
            *best_d = d;
            memcpy(s->corners, c, sizeof c);
            memcpy(g, gg, (size_t)s->size * (size_t)s->size);
            *best = rr;
            improved = 1;
        }
    }
    return improved;
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
    return sei_vision_read_corners(s->v, f, (const double(*)[2])ext, n + 2, r) == SEI_VISION_OK ? 0 : -1;
}

/* The stones just outside each corner of the grid: at the diagonal spot
 * and the two spots beside it along the edges. */
static void corner_stones(const sei_recsess *s, const sei_vision_result *r, int black[4], int white[4])
{
    int m = s->size + 1;
    const int spots[4][3][2] = {{{0, 0}, {1, 0}, {0, 1}},
                                {{m, 0}, {m - 1, 0}, {m, 1}},
                                {{m, m}, {m - 1, m}, {m, m - 1}},
                                {{0, m}, {1, m}, {0, m - 1}}};
    for (int k = 0; k < 4; k++) {
        black[k] = white[k] = 0;
        for (int j = 0; j < 3; j++) {
            int x = spots[k][j][0], y = spots[k][j][1];
            double L0 = s->ext_L[y][x], dL = r->sample_L[y][x] - L0, dC = r->sample_C[y][x] - s->ext_C[y][x];
            double bgap = fmax(10, 0.35 * L0), wgap = fmax(5, 0.3 * (100 - L0)), cgap = fmax(6, 0.4 * s->ext_C[y][x]);
            if (dL < -bgap)
                black[k]++;
            else if (dL > wgap || (dC < -cgap && dL > -bgap / 3))
                white[k]++;
        }
    }
}

/* Watch the corners for the end: returns 1 when the game has ended. */
static int watch_end(sei_recsess *s, const sei_image *f, double t, sei_recsess_event *ev)
{
    sei_vision_result r;
    if (!s->ext_ok || read_ext(s, f, &r))
        return 0;
    int black[4], white[4];
    corner_stones(s, &r, black, white);
    char text[200];
    for (int k = 0; k < 4; k++)
        if ((black[k] >= 2 && !white[k]) || (white[k] >= 2 && !black[k])) {
            s->ended = SEI_RECSESS_END_RESIGN;
            s->resigned = black[k] >= 2 ? SEI_BLACK : SEI_WHITE;
            snprintf(text, sizeof text, "At %.1f s: %s resigned (two of its stones at the corner).", t,
                     s->resigned == SEI_BLACK ? "Black" : "White");
            note_add(s, text);
            ev->ended = s->ended;
            ev->resigned = s->resigned;
            return 1;
        }
    int single = 0;
    for (int k = 0; k < 4; k++) {
        if (black[k] + white[k] != 1)
            continue;
        single++;
        int o = (k + 2) % 4;
        /* A stone of each colour, at opposite corners: both players agree. */
        if (black[o] + white[o] == 1 && black[k] == white[o]) {
            s->ended = SEI_RECSESS_END_COUNT;
            snprintf(text, sizeof text, "At %.1f s: both players put the end-of-game stone: the game is over.", t);
            note_add(s, text);
            ev->ended = s->ended;
            return 1;
        }
    }
    if (single && !s->end_offered) {
        s->end_offered = 1;
        ev->end_offered = 1;
    }
    return 0;
}

int sei_recsess_ended(const sei_recsess *s, int *resigned)
{
    if (resigned)
        *resigned = s->resigned;
    return s->ended;
}

int sei_recsess_frame(sei_recsess *s, const sei_image *f, double t, sei_recsess_event *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->locked = s->locked;
    ev->ended = s->ended;
    ev->resigned = s->resigned;
    if (s->ended)
        return 0;
    if (sei_motion_update(&s->motion, f) > s->p.motion) {
        ev->moving = 1;
        s->run = 0;
        return 0;
    }
    uint8_t g[SEI_MAX_SIZE * SEI_MAX_SIZE];
    sei_vision_result r;
    if (!s->locked) {
        /* The start: the empty board, the handicap stones, or on --resume
         * the saved position, seen steady before the lattice is locked. */
        if (sei_vision_read(s->v, f, &r) != SEI_VISION_OK)
            return 0;
        grid_flat(&r, g);
        int nn = r.size * r.size, black = 0, white = 0;
        for (int i = 0; i < nn; i++) {
            black += g[i] == SEI_BLACK;
            white += g[i] == SEI_WHITE;
        }
        /* The start: an empty board or the handicap stones. The reader on
         * its own may see a stone or two in a bare board's grain; those
         * are forgiven here (the board is known to be empty), and from
         * then on every point is compared with itself. */
        int slack = 1 + nn / 90;
        if (!s->resume && (white + (black > s->p.handicap ? black - s->p.handicap : 0) > slack ||
                           black < s->p.handicap))
            return 0; /* not the start yet: wait */
        if (!s->resume && !s->p.handicap)
            memset(g, SEI_EMPTY, (size_t)nn);
        if (s->run && r.size == s->size && !memcmp(s->last, g, (size_t)nn))
            s->run++;
        else {
            s->run = 1;
            s->size = r.size;
            memcpy(s->last, g, (size_t)nn);
        }
        if (s->run < s->p.stable_frames)
            return 0;
        memcpy(s->corners, r.corners, sizeof s->corners);
        /* Learn the empty points on the lattice as it will be read from now on. */
        sei_vision_result rr;
        if (sei_vision_read_corners(s->v, f, (const double(*)[2])s->corners, r.size, &rr) == SEI_VISION_OK)
            ref_learn(s, &rr, g, 1);
        s->locked = 1;
        s->size = r.size;
        if (read_ext(s, f, &rr) == 0) {
            memcpy(s->ext_L, rr.sample_L, sizeof s->ext_L);
            memcpy(s->ext_C, rr.sample_C, sizeof s->ext_C);
            s->ext_ok = 1;
        }
        ev->locked = 1;
        if (make_recorder(s, g))
            return -1;
        memcpy(s->fed, g, (size_t)nn);
        s->have_fed = !s->resume;
        s->run = 0;
        if (s->syncing && distance_to_game(s, g) == 0) {
            /* The board already shows the saved position. */
            s->syncing = 0;
            s->have_fed = 1;
            ev->synced = 1;
        }
        return s->resume ? 0 : sei_recsess_save(s);
    }

    int nn = s->size * s->size;
    if (sei_vision_read_corners(s->v, f, (const double(*)[2])s->corners, s->size, &r) != SEI_VISION_OK)
        return 0;
    grid_flat(&r, g);
    ref_classify(s, &r, g);
    /* Vote: only a reading seen stable_frames times in a row counts. A
     * hand held still over the board for a frame or two never gets there. */
    if (s->run && !memcmp(s->last, g, (size_t)nn))
        s->run++;
    else {
        s->run = 1;
        memcpy(s->last, g, (size_t)nn);
    }
    if (s->run < s->p.stable_frames)
        return 0;
    /* A steady reading far from the game (a move changes a point or two,
     * with its captures a few more): the board was bumped or slid. Search
     * for it again; judge only steady frames, so a hand cannot pull the
     * lattice away. */
    int d = distance_to_game(s, g);
    const sei_board *b = sei_recorder_board(s->rec);
    int stones = 0;
    for (int i = 0; i < nn; i++)
        stones += b->color[sei_board_point(b, i % s->size, i / s->size)] != SEI_EMPTY;
    int far = 6 + stones / 8;
    if (d > far && refit(s, f, g, &d, &r)) {
        ev->refit = 1;
        memcpy(s->last, g, (size_t)nn);
        s->run = s->p.stable_frames; /* the same steady frame, read right */
    }
    if (d > far) {
        /* Still far: not found yet, or knocked about. Feed nothing (a
         * wrong lattice would invent moves); once it has stayed so, say
         * that it needs rebuilding. */
        ev->lost = 1;
        if (++s->lost == 4 * s->p.stable_frames) {
            char text[160];
            snprintf(text, sizeof text, "At %.1f s: the board does not match the game; rebuild the recorded position.", t);
            note_add(s, text);
            ev->u.flags |= SEI_REC_DISTURBED;
            ev->state = 1;
        }
        return 0;
    }
    s->lost = 0;
    if (s->run == s->p.stable_frames && !s->syncing && watch_end(s, f, t, ev))
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
    if (sei_recorder_observe(s->rec, g, t, &ev->u) != SEI_OK)
        return fail(s, "%s", sei_recorder_errmsg(s->rec));
    if (ev->u.undone) {
        const sei_rec_move *m;
        notes_drop_after(s, sei_recorder_moves(s->rec, &m));
    }
    describe(s, &ev->u, t);
    /* The light drifts over a game: follow it on the points that agree. */
    if (!(ev->u.flags & (SEI_REC_MOVED | SEI_REC_DISTURBED)))
        ref_learn(s, &r, g, 0.1);
    if (ev->u.moves || ev->u.undone || (ev->u.flags & (SEI_REC_MOVED | SEI_REC_DISTURBED)))
        return sei_recsess_save(s);
    return 0;
}
