/* tracker.c - following one board from frame to frame (tracker.h): lock,
 * motion gate, re-read or re-search, each point against its own empty
 * look, found again after a bump (by a search, or by the picture's own
 * shift). */
#define _POSIX_C_SOURCE 200809L
#include "tracker.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lattice.h"

#define NPTS (SEI_MAX_SIZE * SEI_MAX_SIZE)

struct sei_tracker {
    sei_tracker_params p;
    sei_vision *v;
    sei_motion motion;
    char msg[256];
    /* The locked geometry. */
    int locked, size;
    double corners[4][2];
    /* The last search that found a board, and how many in a row found the same. */
    int found_size, found_run;
    double found_corners[4][2];
    /* Each point as it looked empty: lightness and chroma where a stone's
     * top would be; ref_ok, the point has been seen empty. */
    float ref_L[SEI_MAX_SIZE][SEI_MAX_SIZE], ref_C[SEI_MAX_SIZE][SEI_MAX_SIZE];
    uint8_t ref_ok[SEI_MAX_SIZE][SEI_MAX_SIZE];
    /* The caller's position, and the last steady reading (the position
     * expected when the caller gives none). */
    int have_expect, have_steady;
    uint8_t expect[NPTS], steady[NPTS];
    /* The vote. */
    uint8_t last[NPTS];
    int run;
    int after_motion, since_search, failed_searches;
    /* The motion sample of the last steady frame: the board after motion is
     * held against it (a move changes a stone's worth of it, a bump all). */
    sei_motion still;
    /* The last steady frame around the board, grey and shrunk by pic_scale:
     * box (pic_x0, pic_y0, pic_w, pic_h) of the frame; the board's picture
     * to find it again by its shift when it moved. */
    sei_image pic;
    int have_pic, pic_x0, pic_y0, pic_w, pic_h;
    double pic_scale, pic_corners[4][2]; /* the board's corners then */
};

void sei_tracker_params_default(sei_tracker_params *p)
{
    memset(p, 0, sizeof *p);
    sei_vision_params_default(&p->vision);
    p->vision.classifier = SEI_CLASSIFIER_RULES;
    /* No second reading with the stone finder: a search runs every frame
     * until the board is locked, and a second reading of every frame in
     * doubt cost the recorded games a third of their frame rate, and a far
     * 19x19 game its two right moves (three invented instead). */
    p->vision.stone_finder = 0;
    p->motion = 5;
    p->motion_around = 0.5;
    p->stable_frames = 3;
    p->lock_frames = 3;
    p->auto_lock = 0;
    p->lock_move = 0.015;
    p->lock_move_cells = 0.3;
    p->search_every = 0;
    p->search_after_motion = 0;
    p->bump_change = 3;
    p->far_base = 6;
    p->far_stones = 8;
    p->follow = 0.1;
    p->min_shift_points = 5;
    p->lost_searches = 8;
    p->align_margin = 0.5;
    p->align_side = 320;
    p->align_response = 0.3;
    p->align_iters = 50;
    p->align_smooth = 5;
    p->align_cc = 0.9;
    p->align_drift = 1;
}

void sei_tracker_params_live(sei_tracker_params *p)
{
    p->motion = 7;
    p->lock_frames = 1;
    p->auto_lock = 1;
    p->search_every = 15;
    p->search_after_motion = 1;
    /* The zoom stage's last looks (where the ink points, the dots
     * joined) are for boards a quarter of the frame or less, and cost a
     * picture with no board up to six more readings: the live view
     * searches every frame until it finds a board, and the kiosk's camera
     * frames the board. */
    p->vision.zoom_ink = 0;
    p->vision.zoom_join = 0;
}

sei_tracker *sei_tracker_create(const sei_tracker_params *p)
{
    sei_tracker *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (p)
        t->p = *p;
    else
        sei_tracker_params_default(&t->p);
    if (t->p.stable_frames < 1)
        t->p.stable_frames = 1;
    if (t->p.lock_frames < 1)
        t->p.lock_frames = 1;
    if (t->p.far_stones < 1)
        t->p.far_stones = 1;
    t->v = sei_vision_create(&t->p.vision);
    if (!t->v) {
        free(t);
        return NULL;
    }
    return t;
}

void sei_tracker_destroy(sei_tracker *t)
{
    if (!t)
        return;
    sei_vision_destroy(t->v);
    sei_image_free(&t->pic);
    free(t);
}

const char *sei_tracker_errmsg(const sei_tracker *t) { return t ? t->msg : "no tracker"; }
sei_vision *sei_tracker_reader(sei_tracker *t) { return t->v; }

void sei_tracker_expect(sei_tracker *t, const uint8_t *position)
{
    t->have_expect = position != NULL && t->locked;
    if (t->have_expect)
        memcpy(t->expect, position, (size_t)t->size * (size_t)t->size);
}

/* The position the readings are held against: the caller's, else the last
 * steady reading; NULL before either. */
static const uint8_t *expected(const sei_tracker *t)
{
    return t->have_expect ? t->expect : t->have_steady ? t->steady : NULL;
}

void sei_tracker_unlock(sei_tracker *t)
{
    t->locked = 0;
    t->size = 0;
    t->found_run = 0;
    t->run = 0;
    t->have_steady = 0;
    t->have_expect = 0;
    t->have_pic = 0;
    t->since_search = t->failed_searches = 0;
    memset(t->ref_ok, 0, sizeof t->ref_ok);
}

/* Remember how the points g says are empty look in r (weight 1: afresh;
 * less: follow slowly, a point never seen empty being learnt whole). */
static void learn(sei_tracker *t, const sei_vision_result *r, const uint8_t *g, double weight)
{
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            if (g[y * r->size + x] != SEI_EMPTY)
                continue;
            if (!t->ref_ok[y][x] || weight >= 1) {
                t->ref_L[y][x] = r->sample_L[y][x];
                t->ref_C[y][x] = r->sample_C[y][x];
                t->ref_ok[y][x] = 1;
            } else {
                t->ref_L[y][x] += (float)(weight * (r->sample_L[y][x] - t->ref_L[y][x]));
                t->ref_C[y][x] += (float)(weight * (r->sample_C[y][x] - t->ref_C[y][x]));
            }
        }
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

/* The reader's grid, row by row. */
static void flat(const sei_vision_result *r, uint8_t *g)
{
    for (int y = 0; y < r->size; y++)
        memcpy(g + y * r->size, r->grid[y], (size_t)r->size);
}

/* Read each point of r against itself empty into g (which holds the
 * reader's own call, kept where the point was never seen empty). The
 * light may have changed since it was learnt (a cloud, a lamp): the median
 * change over the points expected empty is that change, taken out first. */
static void classify(const sei_tracker *t, const sei_vision_result *r, uint8_t *g)
{
    const uint8_t *e = expected(t);
    float dl[NPTS];
    int n = 0;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            if (t->ref_ok[y][x] && (!e || e[y * r->size + x] == SEI_EMPTY))
                dl[n++] = r->sample_L[y][x] - t->ref_L[y][x];
    float shift = 0;
    if (n >= t->p.min_shift_points) {
        qsort(dl, (size_t)n, sizeof dl[0], cmp_float);
        shift = dl[n / 2];
    }
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            if (t->ref_ok[y][x])
                g[y * r->size + x] = (uint8_t)sei_stone_rule_read(&t->p.vision.stone_rule, t->ref_L[y][x] + shift,
                                                                  t->ref_C[y][x], r->sample_L[y][x], r->sample_C[y][x],
                                                                  1, NULL);
}

/* Points where g and the expected position differ (0 with none). */
static int distance(const sei_tracker *t, const uint8_t *g)
{
    const uint8_t *e = expected(t);
    int d = 0, nn = t->size * t->size;
    for (int i = 0; e && i < nn; i++)
        d += e[i] != g[i];
    return d;
}

/* How many points may differ from the expected position before the board
 * is taken to have moved. */
static int far_limit(const sei_tracker *t)
{
    const uint8_t *e = expected(t);
    int stones = 0, nn = t->size * t->size;
    for (int i = 0; e && i < nn; i++)
        stones += e[i] != SEI_EMPTY;
    return t->p.far_base + stones / t->p.far_stones;
}

/* The bounding box (x0, y0, x1, y1) of corners c, widened by share of its
 * size on each side. */
static void corner_box(const double c[4][2], double share, double b[4])
{
    b[0] = b[1] = 1e18;
    b[2] = b[3] = -1e18;
    for (int i = 0; i < 4; i++) {
        b[0] = fmin(b[0], c[i][0]);
        b[1] = fmin(b[1], c[i][1]);
        b[2] = fmax(b[2], c[i][0]);
        b[3] = fmax(b[3], c[i][1]);
    }
    double mx = (b[2] - b[0]) * share, my = (b[3] - b[1]) * share;
    b[0] -= mx;
    b[1] -= my;
    b[2] += mx;
    b[3] += my;
}

static double corner_move(const double a[4][2], const double b[4][2])
{
    double worst = 0;
    for (int i = 0; i < 4; i++)
        worst = fmax(worst, hypot(a[i][0] - b[i][0], a[i][1] - b[i][1]));
    return worst;
}

/* Whether corners b are another placement of a size x size board at
 * corners a in frame f: moved by more than lock_move of the frame's
 * diagonal, or by more than lock_move_cells of a cell at a's smallest. */
static int moved(const sei_tracker *t, const sei_image *f, const double a[4][2], const double b[4][2], int size)
{
    double side = 1e18;
    for (int i = 0; i < 4; i++)
        side = fmin(side, hypot(a[(i + 1) % 4][0] - a[i][0], a[(i + 1) % 4][1] - a[i][1]));
    double limit = t->p.lock_move * hypot(f->width, f->height);
    if (t->p.lock_move_cells > 0 && size > 1)
        limit = fmin(limit, t->p.lock_move_cells * side / (size - 1));
    return corner_move(a, b) > limit;
}

/* Search the whole picture for the board. */
static sei_vision_status search(sei_tracker *t, const sei_image *f, sei_vision_result *r, sei_tracker_state *st)
{
    double t0 = sei_now_ms();
    sei_vision_status vs = sei_vision_read(t->v, f, r);
    st->searched = 1;
    st->stage_ms[SEI_TRACK_SEARCH] += sei_now_ms() - t0;
    if (vs != SEI_VISION_OK && vs != SEI_VISION_NOBOARD)
        snprintf(t->msg, sizeof t->msg, "%s", sei_vision_errmsg(t->v));
    return vs;
}

static void keep_picture(sei_tracker *t, const sei_image *f);

static void lock_on(sei_tracker *t, const sei_image *f, const sei_vision_result *r, const uint8_t *position)
{
    t->locked = 1;
    t->size = r->size;
    memcpy(t->corners, r->corners, sizeof t->corners);
    memset(t->ref_ok, 0, sizeof t->ref_ok);
    uint8_t g[NPTS] = {0}; /* zeroed: only r->size rows are filled */
    if (!position) {
        flat(r, g);
        position = g;
    }
    learn(t, r, position, 1);
    t->have_steady = 0;
    t->run = 0;
    t->since_search = t->failed_searches = 0;
    t->after_motion = 0;
    keep_picture(t, f);
}

int sei_tracker_lock(sei_tracker *t, const sei_image *f, const uint8_t *position)
{
    if (!t->found_size) {
        snprintf(t->msg, sizeof t->msg, "no board found to lock on");
        return -1;
    }
    /* Read on the lattice as it will be read from now on. */
    sei_vision_result r;
    if (sei_vision_read_corners(t->v, f, (const double(*)[2])t->found_corners, t->found_size, &r) != SEI_VISION_OK) {
        snprintf(t->msg, sizeof t->msg, "%s", sei_vision_errmsg(t->v));
        return -1;
    }
    lock_on(t, f, &r, position);
    return 0;
}

/* Read the board at each of n corner sets (the same size), against the
 * learnt looks and as the reader alone (a board or a camera that moved
 * shows each point elsewhere, where the learnt looks may not fit), and take
 * the one closest to the expected position when it beats *best_d (always
 * with force). g, *best and the geometry then hold it. Returns 0 (nothing
 * better), 1 (taken, the learnt looks kept) or 2 (taken as the reader alone
 * read it: the looks learnt afresh from the points expected empty). */
static int refit_at(sei_tracker *t, const sei_image *f, const double (*cands)[4][2], int n, uint8_t *g, int *best_d,
                    sei_vision_result *best, int force, sei_tracker_state *st)
{
    int improved = 0, nn = t->size * t->size;
    double t0 = sei_now_ms();
    for (int k = 0; k < n; k++) {
        sei_vision_result rr;
        if (sei_vision_read_corners(t->v, f, cands[k], t->size, &rr) != SEI_VISION_OK)
            continue;
        uint8_t gg[NPTS], raw[NPTS];
        flat(&rr, raw);
        memcpy(gg, raw, (size_t)nn);
        classify(t, &rr, gg);
        int d = distance(t, gg), d_raw = distance(t, raw);
        int use_raw = d_raw < d || !expected(t);
        if (use_raw)
            d = d_raw;
        if (t->p.vision.trace)
            fprintf(t->p.vision.trace,
                    "track: candidate %d of %d, corner (%.1f, %.1f): %d points from the game (%d as read)\n", k, n,
                    cands[k][0][0], cands[k][0][1], d, d_raw);
        if (d < *best_d || (force && !improved)) {
            *best_d = d;
            memcpy(t->corners, cands[k], sizeof t->corners);
            memcpy(g, use_raw ? raw : gg, (size_t)nn);
            *best = rr;
            improved = 1 + use_raw;
        }
        if (!expected(t))
            break; /* nothing to choose a turn by: the reader's upright one */
    }
    if (improved == 2) {
        /* The looks were learnt where the board was: learn the points
         * expected empty afresh, as seen now, but only those read empty
         * too: a stone put down since the position expected (a move the
         * caller has not taken yet) must not become its point's empty
         * look. The others keep theirs until they are seen empty. */
        const uint8_t *e = expected(t);
        uint8_t empty[NPTS];
        for (int i = 0; i < nn; i++)
            empty[i] = (!e || e[i] == SEI_EMPTY) && g[i] == SEI_EMPTY ? SEI_EMPTY : SEI_BLACK;
        learn(t, best, empty, 1);
    }
    st->stage_ms[SEI_TRACK_SEARCH] += sei_now_ms() - t0;
    return improved;
}

/* The box around the locked board that the kept picture covers, clipped
 * to the frame; its shrink factor. */
static int pic_box(const sei_tracker *t, const sei_image *f, int box[4], double *scale)
{
    double b[4];
    corner_box((const double(*)[2])t->corners, t->p.align_margin, b);
    box[0] = (int)fmax(0, floor(b[0]));
    box[1] = (int)fmax(0, floor(b[1]));
    box[2] = (int)fmin(f->width, ceil(b[2])) - box[0];
    box[3] = (int)fmin(f->height, ceil(b[3])) - box[1];
    if (box[2] < 16 || box[3] < 16 || t->p.align_side < 16)
        return -1;
    *scale = fmin(1.0, t->p.align_side / (double)(box[2] > box[3] ? box[2] : box[3]));
    return 0;
}

/* Frame f's box (x, y, w, h) in grey, shrunk by scale, into a new *out. */
static int grey_crop(const sei_image *f, const int box[4], double scale, sei_image *out)
{
    sei_image v = sei_image_part(f, box[0], box[1], box[2], box[3]), grey = {0};
    if (f->channels == 1 ? sei_cv_resize(&v, out, (int)lround(box[2] * scale), (int)lround(box[3] * scale))
                         : sei_cv_convert(&v, &grey, SEI_CV_GRAY) ||
                               sei_cv_resize(&grey, out, (int)lround(box[2] * scale), (int)lround(box[3] * scale))) {
        sei_image_free(&grey);
        return -1;
    }
    sei_image_free(&grey);
    return 0;
}

/* Keep frame f around the locked board: the picture the board's shift is
 * measured against when it is found again. */
static void keep_picture(sei_tracker *t, const sei_image *f)
{
    int box[4];
    double scale;
    sei_image_free(&t->pic);
    t->have_pic = 0;
    if (pic_box(t, f, box, &scale) || grey_crop(f, box, scale, &t->pic))
        return;
    t->pic_x0 = box[0];
    t->pic_y0 = box[1];
    t->pic_w = box[2];
    t->pic_h = box[3];
    t->pic_scale = scale;
    memcpy(t->pic_corners, t->corners, sizeof t->pic_corners);
    t->have_pic = 1;
}

/* The first guess H (the kept picture's pixels to now's) refined by ECC
 * alignment of the two pictures over the board: its grid (corners k, in
 * the kept picture's pixels) and half a cell beyond, where its edge meets
 * the table, as H puts it in now's picture (the mask is the new
 * picture's: the still table around the board would pull the fit toward
 * no motion). Taken when the pictures then agree (align_cc) and no corner
 * moved more than align_drift cells from the first guess: a lattice
 * repeats, and a fit that went further has left the board's place. */
static void align_refine(const sei_tracker *t, const sei_image *now, const double k[4][2], double H[9])
{
    double quad[4][2], mx = 0, my = 0, grow = t->size / (t->size - 1.0), cc, R[9];
    for (int i = 0; i < 4; i++) {
        mx += k[i][0] / 4;
        my += k[i][1] / 4;
    }
    for (int i = 0; i < 4; i++)
        sei_h_apply(H, mx + (k[i][0] - mx) * grow, my + (k[i][1] - my) * grow, &quad[i][0], &quad[i][1]);
    memcpy(R, H, sizeof R);
    int bad = sei_cv_align_homography(&t->pic, now, (const double(*)[2])quad, R, t->p.align_iters,
                                      t->p.align_smooth, &cc);
    /* The corners where the first guess and the refinement put them. */
    double g[4][2], r[4][2];
    for (int i = 0; i < 4; i++) {
        sei_h_apply(H, k[i][0], k[i][1], &g[i][0], &g[i][1]);
        sei_h_apply(R, k[i][0], k[i][1], &r[i][0], &r[i][1]);
    }
    double drift =
        bad ? 0 : corner_move((const double(*)[2])g, (const double(*)[2])r) / sei_vision_cell_side(k, t->size);
    int take = !bad && cc >= t->p.align_cc && drift <= t->p.align_drift;
    if (t->p.vision.trace)
        fprintf(t->p.vision.trace,
                "track: the board's own alignment: %s, correlation %.3f, corners moved up to %.2f cells\n",
                bad ? "no convergence" : take ? "taken" : "not taken", cc, drift);
    if (take)
        memcpy(H, R, sizeof R);
}

/* Where the board went, by the picture's own shift since the last steady
 * frame: the whole box's shift, then each quarter of the board's own (a
 * bump turns the board a little too), fitted as a turn, a scale and a
 * shift. c gets the board's corners of that frame moved so. Returns 0, or
 * -1 when the picture does not say (no kept picture, a weak peak). */
static int align(const sei_tracker *t, const sei_image *f, double c[4][2])
{
    if (!t->have_pic)
        return -1;
    const int box[4] = {t->pic_x0, t->pic_y0, t->pic_w, t->pic_h};
    if (box[0] + box[2] > f->width || box[1] + box[3] > f->height)
        return -1;
    sei_image now = {0};
    if (grey_crop(f, box, t->pic_scale, &now))
        return -1;
    int rc = -1;
    double dx, dy, resp;
    if (now.width != t->pic.width || now.height != t->pic.height ||
        sei_cv_phase_shift(&t->pic, &now, &dx, &dy, &resp))
        goto out;
    if (resp < t->p.align_response) {
        if (t->p.vision.trace)
            fprintf(t->p.vision.trace, "track: the picture's shift (%.1f, %.1f) px: peak %.2f, too weak\n",
                    dx / t->pic_scale, dy / t->pic_scale, resp);
        goto out;
    }
    /* The quarters: the board's box (in the kept picture's pixels) cut in
     * four, each a half of it across, held against the same part of the
     * new picture moved by the whole shift. */
    double s = t->pic_scale, bb[4];
    corner_box((const double(*)[2])t->pic_corners, 0, bb);
    double bx0 = (bb[0] - box[0]) * s, by0 = (bb[1] - box[1]) * s, bx1 = (bb[2] - box[0]) * s,
           by1 = (bb[3] - box[1]) * s;
    int qw = (int)((bx1 - bx0) / 2), qh = (int)((by1 - by0) / 2);
    double p[4][2], q[4][2];
    int nq = 0;
    for (int k = 0; k < 4 && qw >= 16 && qh >= 16; k++) {
        int ax = (int)lround(k % 2 ? bx1 - qw : bx0), ay = (int)lround(k / 2 ? by1 - qh : by0);
        int cx = ax + (int)lround(dx), cy = ay + (int)lround(dy);
        if (ax < 0 || ay < 0 || cx < 0 || cy < 0 || ax + qw > now.width || cx + qw > now.width ||
            ay + qh > now.height || cy + qh > now.height)
            continue;
        sei_image pa = sei_image_part(&t->pic, ax, ay, qw, qh), pb = sei_image_part(&now, cx, cy, qw, qh);
        double ex, ey, r;
        if (sei_cv_phase_shift(&pa, &pb, &ex, &ey, &r) || r < t->p.align_response || hypot(ex, ey) > qw / 4.0)
            continue;
        p[nq][0] = ax + qw / 2.0;
        p[nq][1] = ay + qh / 2.0;
        q[nq][0] = cx + qw / 2.0 + ex;
        q[nq][1] = cy + qh / 2.0 + ey;
        nq++;
    }
    /* A turn, a scale and a shift by least squares over the quarters (all
     * four needed: three would hold one badly placed one as well as the
     * rest); else the whole box's shift alone. */
    double a = 1, b = 0, pm[2] = {0, 0}, qm[2] = {dx, dy};
    if (nq == 4) {
        double spp = 0, sa = 0, sb = 0;
        qm[0] = qm[1] = 0;
        for (int i = 0; i < 4; i++) {
            pm[0] += p[i][0] / 4;
            pm[1] += p[i][1] / 4;
            qm[0] += q[i][0] / 4;
            qm[1] += q[i][1] / 4;
        }
        for (int i = 0; i < 4; i++) {
            double px = p[i][0] - pm[0], py = p[i][1] - pm[1], qx = q[i][0] - qm[0], qy = q[i][1] - qm[1];
            spp += px * px + py * py;
            sa += px * qx + py * qy;
            sb += px * qy - py * qx;
        }
        double na = spp > 0 ? sa / spp : 0, nb = spp > 0 ? sb / spp : 0, sc = hypot(na, nb);
        if (sc > 0.9 && sc < 1.1) {
            a = na;
            b = nb;
        } else {
            pm[0] = pm[1] = 0;
            qm[0] = dx;
            qm[1] = dy;
        }
    }
    if (t->p.vision.trace)
        fprintf(t->p.vision.trace,
                "track: the picture's shift (%.1f, %.1f) px, peak %.2f; %d quarters, turn %.2f deg\n", dx / s, dy / s,
                resp, nq, atan2(b, a) * 57.29577951308232);
    /* The shift and turn as a homography of the kept picture's pixels
     * (k: its corners there), refined over the board when ECC agrees. */
    double H[9] = {a, -b, qm[0] - a * pm[0] + b * pm[1], b, a, qm[1] - b * pm[0] - a * pm[1], 0, 0, 1}, k[4][2];
    for (int i = 0; i < 4; i++) {
        k[i][0] = (t->pic_corners[i][0] - box[0]) * s;
        k[i][1] = (t->pic_corners[i][1] - box[1]) * s;
    }
    if (t->p.align_iters > 0)
        align_refine(t, &now, (const double(*)[2])k, H);
    for (int i = 0; i < 4; i++) {
        sei_h_apply(H, k[i][0], k[i][1], &c[i][0], &c[i][1]);
        c[i][0] = box[0] + c[i][0] / s;
        c[i][1] = box[1] + c[i][1] / s;
    }
    rc = 0;
out:
    sei_image_free(&now);
    return rc;
}

/* The board found again, by the search's board (found, when seen and of
 * the locked size; with need_moved, only when it moved), in each of its
 * four turns (which corner the reader calls first depends on the search),
 * and by the picture's own shift since the last steady frame (align: a
 * board small in the frame may not be found, or be found wrong, by a
 * search): refit_at takes whichever reads closest to the expected
 * position, when it beats *d (with force, always one). Returns refit_at's
 * answer, g, *d, st->r and the geometry then holding the board. */
static int find_again(sei_tracker *t, const sei_image *f, const sei_vision_result *found, int seen, int need_moved,
                      uint8_t *g, int *d, int force, sei_tracker_state *st)
{
    double c[5][4][2];
    int n = 0;
    if (seen && found->size == t->size &&
        (!need_moved || moved(t, f, (const double(*)[2])t->corners, found->corners, t->size)))
        for (; n < 4; n++)
            for (int i = 0; i < 4; i++) {
                c[n][i][0] = found->corners[(i + n) % 4][0];
                c[n][i][1] = found->corners[(i + n) % 4][1];
            }
    /* Last: with no position expected, refit_at takes the first, the
     * search's upright board. */
    double t0 = sei_now_ms();
    if (align(t, f, c[n]) == 0 && moved(t, f, (const double(*)[2])t->corners, (const double(*)[2])c[n], t->size)) {
        if (t->p.vision.trace)
            fprintf(t->p.vision.trace,
                    "track: the picture moved the board's corner from (%.1f, %.1f) to (%.1f, %.1f)\n", t->corners[0][0],
                    t->corners[0][1], c[n][0][0], c[n][0][1]);
        n++;
    }
    st->stage_ms[SEI_TRACK_SEARCH] += sei_now_ms() - t0;
    return n ? refit_at(t, f, (const double(*)[4][2])c, n, g, d, &st->r, force, st) : 0;
}

static void fill(const sei_tracker *t, sei_tracker_state *st)
{
    st->locked = t->locked;
    st->size = t->locked ? t->size : st->read ? st->r.size : 0;
    if (t->locked)
        memcpy(st->corners, t->corners, sizeof st->corners);
    else if (st->read)
        memcpy(st->corners, st->r.corners, sizeof st->corners);
    memcpy(st->learnt, t->ref_ok, sizeof st->learnt);
    st->run = t->run;
    st->steady = t->run >= t->p.stable_frames;
}

/* Count identical readings in a row. */
static void vote(sei_tracker *t, const uint8_t *g, int nn)
{
    if (t->run && !memcmp(t->last, g, (size_t)nn))
        t->run++;
    else {
        t->run = 1;
        memcpy(t->last, g, (size_t)nn);
    }
}

/* A step while no board is locked: search the whole picture, and lock on a
 * board found the same, at the same place, lock_frames times in a row
 * (auto_lock). The reading into st and g. */
static sei_vision_status step_unlocked(sei_tracker *t, const sei_image *f, sei_tracker_state *st, uint8_t g[NPTS])
{
    sei_vision_status vs = search(t, f, &st->r, st);
    if (vs != SEI_VISION_OK) {
        t->found_run = 0;
        t->run = 0;
        return vs == SEI_VISION_NOBOARD ? SEI_VISION_OK : vs;
    }
    st->read = 1;
    int same = t->found_run && st->r.size == t->found_size &&
               !moved(t, f, (const double(*)[2])t->found_corners, st->r.corners, st->r.size);
    t->found_run = same ? t->found_run + 1 : 1;
    t->found_size = st->r.size;
    memcpy(t->found_corners, st->r.corners, sizeof t->found_corners);
    flat(&st->r, g);
    vote(t, g, st->r.size * st->r.size);
    memcpy(st->grid, st->r.grid, sizeof st->grid);
    if (t->p.auto_lock && t->found_run >= t->p.lock_frames) {
        lock_on(t, f, &st->r, NULL);
        st->locked_now = 1;
        t->run = 1;
        memcpy(t->last, g, (size_t)t->size * (size_t)t->size);
    }
    return SEI_VISION_OK;
}

/* Locked, and time to look for the board afresh (search_every frames, or
 * the first still frame after motion with search_after_motion): it may
 * have been moved, or swapped. Returns 1 when the step ends here (*vs its
 * status), 0 to go on; *refitted when the board was found again elsewhere
 * and read there, *have_reading when the search's own reading serves. */
static int step_research(sei_tracker *t, const sei_image *f, sei_tracker_state *st, uint8_t g[NPTS],
                         sei_vision_status *vs, int *refitted, int *have_reading)
{
    t->since_search = 0;
    sei_vision_result found;
    *vs = search(t, f, &found, st);
    if (*vs == SEI_VISION_NOBOARD) {
        *vs = SEI_VISION_OK;
        if (++t->failed_searches >= t->p.lost_searches && t->p.auto_lock)
            sei_tracker_unlock(t);
        t->run = 0;
        return 1; /* searched again on the next still frame */
    }
    if (*vs != SEI_VISION_OK)
        return 1;
    t->after_motion = 0;
    t->failed_searches = 0;
    t->found_size = found.size;
    memcpy(t->found_corners, found.corners, sizeof t->found_corners);
    if (found.size != t->size) {
        if (t->p.auto_lock) {
            /* Another board: lock on it instead. */
            lock_on(t, f, &found, NULL);
            st->locked_now = 1;
            st->r = found;
            memcpy(st->grid, found.grid, sizeof st->grid);
            st->read = 1;
            flat(&found, g);
            vote(t, g, t->size * t->size);
            return 1;
        }
    } else if (moved(t, f, (const double(*)[2])t->corners, found.corners, t->size)) {
        int best_d = 1 << 30;
        if (find_again(t, f, &found, 1, 0, g, &best_d, 1, st)) {
            st->found_again = 1;
            *refitted = 1;
        }
    } else {
        /* The same board where it was: its reading serves, the corners
         * following the search's within its jitter (no second read). */
        memcpy(t->corners, found.corners, sizeof t->corners);
        st->r = found;
        double t1 = sei_now_ms();
        flat(&st->r, g);
        classify(t, &st->r, g);
        st->stage_ms[SEI_TRACK_CLASSIFY] = sei_now_ms() - t1;
        *have_reading = 1;
    }
    return 0;
}

/* The stones read on the locked lattice, and classified with each point's
 * learned empty look, into st and g. Returns 1 when the step ends here (*vs
 * its status: a lattice off the picture reads nothing, and is no error). */
static int step_read(sei_tracker *t, const sei_image *f, sei_tracker_state *st, uint8_t g[NPTS],
                     sei_vision_status *vs)
{
    double t1 = sei_now_ms();
    *vs = sei_vision_read_corners(t->v, f, (const double(*)[2])t->corners, t->size, &st->r);
    st->stage_ms[SEI_TRACK_READ] = sei_now_ms() - t1;
    if (*vs != SEI_VISION_OK) {
        snprintf(t->msg, sizeof t->msg, "%s", sei_vision_errmsg(t->v));
        if (*vs == SEI_VISION_NOBOARD)
            *vs = SEI_VISION_OK;
        return 1;
    }
    t1 = sei_now_ms();
    flat(&st->r, g);
    classify(t, &st->r, g);
    st->stage_ms[SEI_TRACK_CLASSIFY] = sei_now_ms() - t1;
    return 0;
}

/* Look for the board afresh (a search of the whole picture) and read it
 * where that, or the picture's own shift, puts it (find_again: need_moved,
 * *d the distance to beat). Found again, the reading stands as this steady
 * frame's. Returns 1 when found again, 0 when not, -1 on an error of the
 * search (*vs). */
static int search_again(sei_tracker *t, const sei_image *f, sei_tracker_state *st, uint8_t g[NPTS], int need_moved,
                        int *d, sei_vision_status *vs)
{
    sei_vision_result found;
    *vs = search(t, f, &found, st);
    if (*vs != SEI_VISION_OK && *vs != SEI_VISION_NOBOARD)
        return -1;
    int seen = *vs == SEI_VISION_OK;
    *vs = SEI_VISION_OK;
    if (!find_again(t, f, &found, seen, need_moved, g, d, 0, st))
        return 0;
    st->found_again = 1;
    memcpy(t->last, g, (size_t)t->size * (size_t)t->size);
    t->run = t->p.stable_frames; /* the same steady frame, read right */
    return 1;
}

/* Steady again, but the picture around the board changed all over since
 * the last steady frame: a bump, or a camera knocked. Search for the board
 * whatever the reading says (a few stones slid off the lattice may read as
 * a take-back). Returns 1 when the step ends here (*vs an error of the
 * search); *refitted when the board was found again. */
static int step_bumped(sei_tracker *t, const sei_image *f, sei_tracker_state *st, uint8_t g[NPTS],
                       sei_vision_status *vs, int *refitted)
{
    int d = distance(t, g), again = search_again(t, f, st, g, 1, &d, vs);
    if (again > 0)
        *refitted = 1;
    return again < 0;
}

/* A steady reading (or one just found again) judged against the expected
 * position: far from it, the board was bumped or slid, so it is looked for
 * again, and lost if it is still far; a new steady reading teaches each
 * point's empty look (the light drifts over a game). Only steady frames are
 * judged, so a hand cannot pull the lattice away. Returns 1 when the step
 * ends here (*vs an error of the search). */
static int step_steady(sei_tracker *t, const sei_image *f, sei_tracker_state *st, uint8_t g[NPTS], int refitted,
                       sei_vision_status *vs)
{
    int d = distance(t, g), far = far_limit(t);
    if (d > far && !refitted && search_again(t, f, st, g, 0, &d, vs) < 0)
        return 1;
    if (d > far && t->have_expect) {
        st->lost = 1;
    } else if (t->run == t->p.stable_frames || st->found_again) {
        learn(t, &st->r, g, t->p.follow);
        memcpy(t->steady, g, (size_t)t->size * (size_t)t->size);
        t->have_steady = 1;
        keep_picture(t, f);
    }
    if (!st->lost)
        t->still = t->motion;
    return 0;
}

/* The step's line and its reading (the tracker's, and the reader's own
 * beside it), when the reader's params give a trace. */
static void step_trace(FILE *f, const sei_tracker_state *st)
{
    fprintf(f, "track: motion %.1f, change %.1f%s%s%s%s%s%s run %d, %.1f ms\n", st->motion, st->change,
            st->moving ? " moving" : "", st->searched ? " searched" : "", st->locked_now ? " locked" : "",
            st->found_again ? " found-again" : "", st->lost ? " lost" : "", st->read ? "" : " (nothing read)", st->run,
            st->ms);
    for (int y = 0; st->read && y < st->size; y++) {
        for (int x = 0; x < st->size; x++)
            fputc(".XO"[st->grid[y][x] % 3], f);
        fputs("  ", f);
        for (int x = 0; x < st->size; x++)
            fputc(".XO"[st->r.grid[y][x] % 3], f);
        fputc('\n', f);
    }
}

/* One frame: motion first (nothing is read while hands are at the board);
 * then, unlocked, a search; locked, a search afresh when it is time, the
 * stones read on the lattice, a bump looked for, and a steady reading
 * judged. */
sei_vision_status sei_tracker_step(sei_tracker *t, const sei_image *f, sei_tracker_state *st)
{
    double t0 = sei_now_ms();
    memset(st, 0, sizeof *st);
    t->msg[0] = 0;
    if (t->locked) {
        /* Motion around the board only: over a board small in the frame a
         * hand is a small part of the whole picture. */
        double box[4];
        corner_box((const double(*)[2])t->corners, t->p.motion_around, box);
        st->motion = sei_motion_update_box(&t->motion, f, box);
    } else
        st->motion = sei_motion_update(&t->motion, f);
    st->stage_ms[SEI_TRACK_MOTION] = sei_now_ms() - t0;
    sei_vision_status vs = SEI_VISION_OK;
    if (st->motion > t->p.motion) {
        /* Hands at the board: nothing to read until they are gone. */
        st->moving = 1;
        t->run = 0;
        t->after_motion = 1;
        goto out;
    }
    if (t->locked && t->still.have && !memcmp(t->still.box, t->motion.box, sizeof t->still.box))
        st->change = sei_motion_change(t->still.prev, t->motion.prev);
    uint8_t g[NPTS];
    if (!t->locked) {
        vs = step_unlocked(t, f, st, g);
        goto out;
    }
    int refitted = 0, have_reading = 0;
    t->since_search++;
    if (((t->p.search_every && t->since_search >= t->p.search_every) ||
         (t->p.search_after_motion && t->after_motion)) &&
        step_research(t, f, st, g, &vs, &refitted, &have_reading))
        goto out;
    t->after_motion = 0;
    if (!refitted && !have_reading && step_read(t, f, st, g, &vs))
        goto out;
    st->read = 1;
    vote(t, g, t->size * t->size);
    int steady = t->run >= t->p.stable_frames;
    if (steady && !refitted && st->change > t->p.bump_change && step_bumped(t, f, st, g, &vs, &refitted))
        goto out;
    if ((steady || refitted) && step_steady(t, f, st, g, refitted, &vs))
        goto out;
    for (int y = 0; y < t->size; y++)
        memcpy(st->grid[y], g + y * t->size, (size_t)t->size);
out:
    fill(t, st);
    st->ms = sei_now_ms() - t0;
    if (t->p.vision.trace)
        step_trace(t->p.vision.trace, st);
    return vs;
}
