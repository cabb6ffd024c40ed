/* vision.c - the board reader's pipeline: prepare, segments, lattice,
 * size, stones; each stage timed, each able to leave a debug picture. */
#define _POSIX_C_SOURCE 200809L
#include "vision.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cvwrap.h"
#include "lattice.h"
#include "stones.h"

#define MAX_SEGMENTS 20000

/* The stone finder's model's bytes, embedded by CMake (vision/CMakeLists.txt). */
extern const unsigned char sei_stones_model[];
extern const size_t sei_stones_model_len;

/* What a reading reads: the picture itself, the zoom stage's enlarged
 * part of it (where the evidence points, or where the ink points), or the
 * rectify stage's top-down view of a board in doubt. */
enum view_kind { VIEW_PICTURE = 0, VIEW_ZOOM, VIEW_ZOOM_INK, VIEW_RECTIFY };
/* Parts of one picture whose segments are kept: the whole, and seven
 * closer looks (each reading's three looks at up to two parts). */
#define SEG_CACHE 8
#define PREP_CACHE 4
#define CAND_CACHE 8

/* Which part of which picture a kept result is of (the caches below):
 * its first pixel, size and row stride. A part is a view into the
 * picture it was cut from, so two parts differ in one of them. */
typedef struct {
    const uint8_t *buf;
    int w, h, stride;
} part_key;

static part_key part_of(const sei_image *img)
{
    part_key k = {img->buf, img->width, img->height, img->stride};
    return k;
}

static int is_part(const part_key *k, const sei_image *img)
{
    return k->buf == img->buf && k->w == img->width && k->h == img->height && k->stride == img->stride;
}

struct sei_vision {
    sei_vision_params p;
    int keeping;             /* 1 while read_all's first reading runs and the stone finder's may
                                follow: a view from above sure of a larger board (rectify_larger)
                                is kept in kept for after it (kept.size 0: none kept) */
    sei_vision_result kept;
    sei_points *points;     /* the learned classifier, loaded at the first reading */
    sei_cv_net *finder;     /* the learned stone finder, loaded at the first reading that wants it */
    uint8_t *patches;       /* its input and output for a 19x19 board, made at the first reading and */
    float *prob;            /* kept: a live view reads many frames */
    float *hidden;          /* each point's probability of being hidden */
    char errmsg[256];
    char debug_dir[1024];
    int view; /* what is being read (view_kind): the zoom's and the rectify stage's views name
                 their debug pictures apart, and a top-down view gives its lattice only */
    double blur; /* > 0 while the zoom stage looks again smoothed (zoom_blur): the grey picture's
                    Gaussian, in times the enlargement */
    int join;    /* 1 while the zoom stage looks a last time with the dots joined (zoom_join) */
    int size_refused; /* 1 when a reading found the picture contradicts the size given */
    int use_finder;   /* 1 while the stone candidates come from the learned stone finder */
    /* The segments of each part of the picture read, kept through one
     * sei_vision_read: its later readings of the same part at the same
     * scale, smoothing and joining (the stone finder's second reading and
     * its closer looks, a size given asked again with none) find the same
     * lines, and the segments are a reading's costliest stage. Not with
     * debug pictures, which show each reading's own black-hat picture, nor
     * for a top-down view, whose pixels are made anew each time. */
    int seg_cache_on;
    struct seg_entry {
        int valid, n;
        part_key part; /* the part read, with its scale, smoothing and joining */
        int join;
        double scale, blur;
        float *segs;
    } seg_cache[SEG_CACHE];
    int seg_cache_next; /* the entry a new closer look's part takes, round the ring of entries 1 on
                           (entry 0 is the whole picture's) */
    /* The same for the prepare stage's pictures, kept while seg_cache_on:
     * a hard picture is read whole several times (the thresholds' and the
     * stone finder's readings; the rectify stage reads its stones on the
     * whole picture at the working size, corners_lattice), each time
     * shrunk (and made grey) anew. Entry 0 is the whole picture's, the
     * others a ring as above. */
    struct prep_entry {
        int valid;
        part_key part; /* the part prepared, with its enlargement and smoothing */
        double max_up, blur, scale;
        sei_image work, gray;
    } prep_cache[PREP_CACHE];
    int prep_cache_next;
    /* The stone candidates of each part read, kept while seg_cache_on:
     * they are found on the colour picture, which a closer look's second
     * and third looks (smoothed, dots joined) change nothing of, so those
     * find what the first found; and so does a size given asked again.
     * Keyed by the part's pixels and enlargement and by which finder
     * found them (the thresholds or the learned one). A ring. */
    struct cand_entry {
        int valid, finder, n;
        part_key part;
        double max_up;
        sei_lattice_stone *stones;
    } cand_cache[CAND_CACHE];
    int cand_cache_next;
    /* 1 once the whole picture's ink went to the closer looks' map in this
     * sei_vision_read: its first reading's alone. The later readings (the
     * stone finder's) find its segments kept and so never made the black-hat
     * the ink comes from; a reading with debug pictures, which keeps
     * nothing, must read as one without. */
    int ink_given;
    /* The whole picture's stones, left unread while its closer look may
     * take its place (read_once): a closer look that found a board wins
     * whatever the first reading's stones when it is sure of its board or
     * the first reading's lattice was in doubt, and reading them is about
     * a fifth of a picture's time (a quarter of seed 7022's pictures and
     * of the test set's never need them). A lattice in doubt is also
     * read again from above (rectify on) whatever its stones are
     * (rectify_waits), and that view wins when it is sure of its board.
     * What the stones stage needs is kept here until they are read
     * (stones_now) or given up (stones_drop). */
    struct later_stones {
        int has; /* 1 while a reading's stones wait */
        sei_image work;
        sei_lattice lat; /* its plain fields (its arrays freed) */
        double H[9], turn[9], scale;
        int roi[4];
    } later;
};

const char *const sei_vision_stage_names[SEI_STAGES] = {"prepare", "segments", "lattice", "size", "stones", "zoom",
                                                              "rectify", "finder", "edges"};

void sei_vision_params_default(sei_vision_params *p)
{
    p->work_side = 1000;
    p->size = 0;
    p->stone_radius = 0.28;
    p->stone_height = 0.3;
    p->stone_centre = 0.2;
    p->line_kernel = 3;
    sei_ridge_params_default(&p->ridges);
    /* The recorder's constants, which read better than the reader's old
     * ones (0.45/12, 0.4/6, 0.5/8) both against the wood around a point
     * and against the point itself seen empty (README: the stone rule). */
    p->stone_rule = (sei_stone_rule){.black = 0.35, .black_min = 10, .white = 0.3, .white_min = 5, .pale = 0.4,
                                     .pale_min = 6, .pale_lift = 3, .pale_dark_self = 1.0 / 3, .unsure = 0.3};
    p->classifier = SEI_CLASSIFIER_NET;
    p->cross_dip = 0.04;
    p->cross_below = 1;
    p->cross_edges = 1;
    p->cross_edge_sure = 0.99;
    p->cell_cross_share = 0.25;
    p->cell_cross_min = 3;
    sei_points_params_default(&p->points);
    p->size_line = 0.2;
    p->size_beyond = 2;
    p->size_fit = 1;
    p->stone_evidence = 1;
    p->stone_scale = 0.5;
    p->stone_finder = 1;
    sei_cv_blob_params_default(&p->blobs);
    sei_lattice_params_default(&p->lattice);
    p->doubt_margin = 1.1;
    p->edges_sure = 0.8;
    p->edge_unsure = 0.6;
    p->rival_shift = 0.1;
    p->rival_stones = 2;
    p->margin_near = 0.15;
    p->margin_far = 0.45;
    p->margin_ratio = 2;
    p->margin_gap = 0.4;
    p->rival_flag_ratio = 4;
    p->zoom = 1;
    p->zoom_below = 0.15;
    p->zoom_max = 3;
    p->zoom_margin = 0.08;
    p->zoom_segment = 0.1;
    p->zoom_ink = 0.25;
    p->zoom_peak = 0.25;
    p->zoom_most = 0.6;
    p->zoom_blur = 0.6;
    p->zoom_join = 5;
    p->zoom_min_cell = 5;
    p->zoom_join_angles = 18;
    p->rectify = 1;
    p->rectify_margin = 1.5;
    p->rectify_taper = 0.25;
    p->rectify_rounds = 3;
    p->finder_rectify_rounds = 1;
    p->rectify_larger = 1;
    p->rectify_side = 800;
    p->edge_moves = 3;
    p->trace = NULL;
    p->edge_new = 0.5;
    p->edge_unseen = 1;
    p->edge_gain = 0.25;
}

sei_vision *sei_vision_create(const sei_vision_params *p)
{
    sei_vision *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    if (p)
        v->p = *p;
    else
        sei_vision_params_default(&v->p);
    if (!v->p.lattice.trace)
        v->p.lattice.trace = v->p.trace;
    return v;
}

/* Every prepared picture kept (prep_cache) given up. */
static void prep_forget(sei_vision *v)
{
    for (int i = 0; i < PREP_CACHE; i++) {
        sei_image_free(&v->prep_cache[i].work);
        sei_image_free(&v->prep_cache[i].gray);
        v->prep_cache[i].valid = 0;
    }
    for (int i = 0; i < CAND_CACHE; i++) {
        free(v->cand_cache[i].stones);
        v->cand_cache[i].stones = NULL;
        v->cand_cache[i].valid = 0;
    }
}

void sei_vision_destroy(sei_vision *v)
{
    if (!v)
        return;
    sei_points_destroy(v->points);
    sei_cv_net_free(v->finder);
    free(v->patches);
    free(v->prob);
    free(v->hidden);
    for (int i = 0; i < SEG_CACHE; i++)
        free(v->seg_cache[i].segs);
    prep_forget(v);
    sei_image_free(&v->later.work);
    free(v);
}

const char *sei_vision_errmsg(const sei_vision *v) { return v ? v->errmsg : "no reader"; }

static sei_vision_status fail(sei_vision *v, sei_vision_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->errmsg, sizeof v->errmsg, fmt, ap);
    va_end(ap);
    return st;
}

/* A name debug_save gives a picture: its views' prefixes, then the
 * stage's number and name, a dash, what it shows and ".png" (so
 * "2-lattice-grid.png"; a user's "2-notes.png" is none, and --force
 * removes only these). */
static int debug_name(const char *name)
{
    static const char *const prefixes[] = {"finder-", "rectify-", "zoom-", "ink-", "joined-", "smoothed-"};
    for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++)
        if (!strncmp(name, prefixes[k], strlen(prefixes[k])))
            name += strlen(prefixes[k]);
    if (name[0] < '0' || name[0] >= '0' + SEI_STAGES || name[1] != '-')
        return 0;
    const char *stage = sei_vision_stage_names[name[0] - '0'];
    size_t sl = strlen(stage), len = strlen(name);
    return !strncmp(name + 2, stage, sl) && name[2 + sl] == '-' && len > 2 + sl + 1 + 4 &&
           !strcmp(name + len - 4, ".png");
}

sei_vision_status sei_vision_set_debug(sei_vision *v, const char *dir, int replace)
{
    v->debug_dir[0] = 0;
    v->errmsg[0] = 0;
    if (!dir)
        return SEI_VISION_OK;
    /* Checked now by writing a file there, not at the first picture: a
     * reading whose pictures silently went nowhere tells nothing (and
     * access() says yes to root on a read-only folder). */
    struct stat st;
    if (stat(dir, &st))
        return fail(v, SEI_VISION_ERROR, "debug folder %s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return fail(v, SEI_VISION_ERROR, "debug folder %s: not a folder", dir);
    char probe[1100];
    if (snprintf(probe, sizeof probe, "%s/.seichi-debug-XXXXXX", dir) >= (int)sizeof probe ||
        strlen(dir) >= sizeof v->debug_dir)
        return fail(v, SEI_VISION_ERROR, "debug folder %s: the name is too long", dir);
    int fd = mkstemp(probe);
    /* The folder is there, so "no such file" means it takes no new files
     * (/proc, say). */
    if (fd < 0)
        return fail(v, SEI_VISION_ERROR, "debug folder %s: cannot write there (%s)", dir,
                    errno == ENOENT ? "it takes no new files" : strerror(errno));
    close(fd);
    unlink(probe);
    /* Which pictures a reading writes depends on what it finds, so every
     * name of theirs already there is looked at before anything is read. */
    DIR *d = opendir(dir);
    if (!d)
        return fail(v, SEI_VISION_ERROR, "debug folder %s: cannot list it (%s)", dir, strerror(errno));
    sei_vision_status res = SEI_VISION_OK;
    struct dirent *e;
    while (res == SEI_VISION_OK && (e = readdir(d))) {
        if (!debug_name(e->d_name))
            continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st))
            continue;
        if (S_ISLNK(st.st_mode))
            res = fail(v, SEI_VISION_ERROR, "debug folder %s: %s is a symbolic link: not written through", dir,
                       e->d_name);
        else if (!S_ISREG(st.st_mode))
            res = fail(v, SEI_VISION_ERROR, "debug folder %s: %s is not a regular file", dir, e->d_name);
        else if (!replace)
            res = fail(v, SEI_VISION_ERROR,
                       "debug folder %s already holds debug pictures (%s): not replaced (give an empty folder, or "
                       "--force to replace them)",
                       dir, e->d_name);
    }
    /* Replacing: the earlier reading's pictures all go, so the folder
     * holds only this one's (it writes fewer where it finds the board
     * sooner, and an old zoom- or rectify- picture left beside them would
     * pass for this reading's). Only regular files of those names, all
     * checked above. */
    if (res == SEI_VISION_OK && replace) {
        rewinddir(d);
        while (res == SEI_VISION_OK && (e = readdir(d))) {
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (debug_name(e->d_name) && !lstat(path, &st) && S_ISREG(st.st_mode) && unlink(path) && errno != ENOENT)
                res = fail(v, SEI_VISION_ERROR, "debug folder %s: cannot remove the earlier %s (%s)", dir,
                           e->d_name, strerror(errno));
        }
    }
    closedir(d);
    if (res != SEI_VISION_OK)
        return res;
    snprintf(v->debug_dir, sizeof v->debug_dir, "%s", dir);
    return SEI_VISION_OK;
}

static void debug_save(sei_vision *v, int stage, const char *what, const sei_image *img)
{
    if (!v->debug_dir[0] || !img->buf)
        return;
    char path[1200], err[128];
    /* The stone finder's reading (all of its views) apart from the first. */
    int zoom = v->view == VIEW_ZOOM || v->view == VIEW_ZOOM_INK;
    snprintf(path, sizeof path, "%s/%s%s%s%s%s%d-%s-%s.png", v->debug_dir, v->use_finder ? "finder-" : "",
             v->view == VIEW_RECTIFY ? "rectify-" : "", zoom ? "zoom-" : "", v->view == VIEW_ZOOM_INK ? "ink-" : "",
             !zoom ? "" : v->join ? "joined-" : v->blur > 0 ? "smoothed-" : "", stage, sei_vision_stage_names[stage],
             what);
    /* The folder held no such name when it was set (or replace was
     * given): a regular file of this name is this reader's own picture
     * of an earlier look, replaced as the look is repeated. A link made
     * there since is not written through. */
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return;
    sei_cv_save(path, img, err, sizeof err);
}

sei_vision_status sei_vision_load(sei_vision *v, const char *path, sei_image *img)
{
    char err[200];
    v->errmsg[0] = 0;
    /* Bigger pictures come out reduced, bombs are refused (cvwrap.h). */
    if (sei_cv_load(path, SEI_CV_FULL_PIXELS, img, err, sizeof err))
        return fail(v, SEI_VISION_BADIMAGE, "%s: %s", path, err);
    return SEI_VISION_OK;
}

/* The dihedral turn of the lattice that puts (0, 0) at the picture's
 * top-left corner and runs the corners clockwise, as people read a board. */
static void upright(const double H[9], int n, double out[9], double turn[9])
{
    /* D maps new (u', v') to old (u, v): u = a u' + b v' + c, v = d u' + e v' + f. */
    const int turns[8][4] = {{1, 0, 0, 1}, {0, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, 0},
                             {-1, 0, 0, 1}, {1, 0, 0, -1}, {0, 1, 1, 0}, {0, -1, -1, 0}};
    double best = 1e18;
    int m = n - 1;
    for (int t = 0; t < 8; t++) {
        int a = turns[t][0], b = turns[t][1], d = turns[t][2], e = turns[t][3];
        double c = (a < 0 || b < 0) ? m : 0, f = (d < 0 || e < 0) ? m : 0;
        double D[9] = {a, b, c, d, e, f, 0, 0, 1}, G[9];
        sei_h_mul(H, D, G);
        double px[4], py[4];
        const double uv[4][2] = {{0, 0}, {m, 0}, {m, m}, {0, m}};
        for (int i = 0; i < 4; i++)
            sei_h_apply(G, uv[i][0], uv[i][1], &px[i], &py[i]);
        /* Clockwise on screen (y down): positive shoelace sum. */
        double area = 0;
        for (int i = 0; i < 4; i++)
            area += px[i] * py[(i + 1) % 4] - px[(i + 1) % 4] * py[i];
        if (area <= 0)
            continue;
        double key = px[0] + py[0];
        if (key < best) {
            best = key;
            memcpy(out, G, 9 * sizeof(double));
            memcpy(turn, D, 9 * sizeof(double));
        }
    }
}

static void draw_lattice(sei_image *img, const double H[9], int n, const uint8_t col[3], int thick)
{
    for (int k = 0; k < n; k++) {
        double x1, y1, x2, y2;
        sei_h_apply(H, k, 0, &x1, &y1);
        sei_h_apply(H, k, n - 1, &x2, &y2);
        sei_cv_line(img, x1, y1, x2, y2, col, thick);
        sei_h_apply(H, 0, k, &x1, &y1);
        sei_h_apply(H, n - 1, k, &x2, &y2);
        sei_cv_line(img, x1, y1, x2, y2, col, thick);
    }
}

/* The camera's pose from the lattice H (grid (col, row) to pixels of a
 * w x h picture), recovered from the homography by Zhang's one-plane
 * calibration with the principal point at the picture's centre, so only
 * the focal length is unknown: that length f in pixels, and the board's
 * axes r1, r2 (a cell long), its normal r3 and its origin t, in the
 * camera's frame, the board in front of the camera. A straight-down view
 * leaves f undetermined; it is then the picture's diagonal. With longest
 * > 0, f is at most longest diagonals. */
static void camera_pose(const double H[9], int w, int h, double longest, double *fp, double r1[3], double r2[3],
                        double r3[3], double t[3])
{
    double cx = w / 2.0, cy = h / 2.0;
    /* Columns of H with the principal point taken out. */
    double c1[3] = {H[0] - cx * H[6], H[3] - cy * H[6], H[6]};
    double c2[3] = {H[1] - cx * H[7], H[4] - cy * H[7], H[7]};
    double c3[3] = {H[2] - cx * H[8], H[5] - cy * H[8], H[8]};
    double f2 = 0, votes = 0;
    double den1 = c1[2] * c2[2];
    if (fabs(den1) > 1e-12) {
        double v1 = -(c1[0] * c2[0] + c1[1] * c2[1]) / den1;
        if (v1 > 0) {
            f2 += v1;
            votes++;
        }
    }
    double den2 = c1[2] * c1[2] - c2[2] * c2[2];
    if (fabs(den2) > 1e-12) {
        double v2 = -((c1[0] * c1[0] + c1[1] * c1[1]) - (c2[0] * c2[0] + c2[1] * c2[1])) / den2;
        if (v2 > 0) {
            f2 += v2;
            votes++;
        }
    }
    double diag = hypot(w, h);
    double f = votes ? sqrt(f2 / votes) : diag;
    /* A straight-down view leaves f undetermined; keep it to a sane lens. */
    if (!(f > 0.3 * diag && f < 5 * diag))
        f = diag;
    if (longest > 0 && f > longest * diag)
        f = longest * diag;
    r1[0] = c1[0] / f;
    r1[1] = c1[1] / f;
    r1[2] = c1[2];
    r2[0] = c2[0] / f;
    r2[1] = c2[1] / f;
    r2[2] = c2[2];
    t[0] = c3[0] / f;
    t[1] = c3[1] / f;
    t[2] = c3[2];
    double lam = 2 / (sqrt(r1[0] * r1[0] + r1[1] * r1[1] + r1[2] * r1[2]) + sqrt(r2[0] * r2[0] + r2[1] * r2[1] + r2[2] * r2[2]));
    for (int k = 0; k < 3; k++) {
        r1[k] *= lam;
        r2[k] *= lam;
        t[k] *= lam;
    }
    if (t[2] < 0) /* the board in front of the camera */
        for (int k = 0; k < 3; k++) {
            r1[k] = -r1[k];
            r2[k] = -r2[k];
            t[k] = -t[k];
        }
    r3[0] = r1[1] * r2[2] - r1[2] * r2[1];
    r3[1] = r1[2] * r2[0] - r1[0] * r2[2];
    r3[2] = r1[0] * r2[1] - r1[1] * r2[0];
    *fp = f;
}

/* The view of the board a reading's lattice H (grid to pixels of a w x h
 * picture) gives: the camera's elevation over the board in degrees (90:
 * straight above), the angle between the board and the line of sight to
 * its middle point. */
static double view_elevation(const double H[9], int n, int w, int h)
{
    double f, r1[3], r2[3], r3[3], t[3];
    /* Near a straight-down view the focal length the lattice gives is
     * loose, and too long a one reads the view as lower than it is (the
     * test set's t059, seen from 69 degrees: 4277 pixels, 39 degrees). A
     * kiosk's camera, a webcam or a phone sees 60 degrees across or more;
     * no lens narrower than about 44 (a focal length of one diagonal) is
     * taken: on the test set's boards read at their size the elevation's
     * median error went 4.3 -> 3.1 degrees, the worst 33 -> 15. */
    camera_pose(H, w, h, 1.0, &f, r1, r2, r3, t);
    double c = (n - 1) / 2.0, P[3], pn = 0, nn = 0, dot = 0;
    for (int k = 0; k < 3; k++) {
        P[k] = c * r1[k] + c * r2[k] + t[k];
        pn += P[k] * P[k];
        nn += r3[k] * r3[k];
        dot += P[k] * r3[k];
    }
    if (!(pn > 0 && nn > 0))
        return 0;
    return asin(fmin(1, fabs(dot) / sqrt(pn * nn))) * (180 / 3.14159265358979323846);
}

/* The bounding box of four corners: x0, y0, x1, y1. */
static void corners_box(const double corners[4][2], double box[4])
{
    box[0] = box[2] = corners[0][0];
    box[1] = box[3] = corners[0][1];
    for (int k = 1; k < 4; k++) {
        box[0] = fmin(box[0], corners[k][0]);
        box[1] = fmin(box[1], corners[k][1]);
        box[2] = fmax(box[2], corners[k][0]);
        box[3] = fmax(box[3], corners[k][1]);
    }
}

/* The view a reading found (its lattice out->H, its corners) into out:
 * elevation and board_share (vision.h). */
static void set_view(sei_vision_result *out, int w, int h)
{
    out->elevation = view_elevation(out->H, out->size, w, h);
    double box[4];
    corners_box((const double(*)[2])out->corners, box);
    out->board_share = fmax((box[2] - box[0]) / w, (box[3] - box[1]) / h);
}

/* Where the top of a stone standing on each intersection is seen, as a
 * shift in cells on the board plane, from the camera's pose: a point h
 * cells above (u, v) is projected, then taken back onto the board plane.
 * Looking straight down the shift is nil; at 30 degrees it is about two
 * thirds of a cell, enough to read a neighbour's stone instead. */
static void stone_tops(const double H[9], int n, int w, int h, double height,
                       float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2])
{
    memset(shift, 0, sizeof(float) * SEI_MAX_SIZE * SEI_MAX_SIZE * 2);
    double f, r1[3], r2[3], r3[3], t[3], cx = w / 2.0, cy = h / 2.0;
    camera_pose(H, w, h, 0, &f, r1, r2, r3, t);
    /* Up is toward the camera: the camera centre -R^T t has positive
     * height along r3. */
    double up = -(r3[0] * t[0] + r3[1] * t[1] + r3[2] * t[2]);
    double sgn = up > 0 ? 1 : -1;
    double Hinv[9];
    if (sei_h_inv(H, Hinv))
        return;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double P[3];
            for (int k = 0; k < 3; k++)
                P[k] = x * r1[k] + y * r2[k] + sgn * height * r3[k] + t[k];
            if (P[2] <= 1e-9)
                continue;
            double px = f * P[0] / P[2] + cx, py = f * P[1] / P[2] + cy, u, v;
            sei_h_apply(Hinv, px, py, &u, &v);
            double dx = u - x, dy = v - y;
            /* Never more than a cell: beyond that the model is wrong. */
            if (fabs(dx) < 1 && fabs(dy) < 1) {
                shift[y][x][0] = (float)dx;
                shift[y][x][1] = (float)dy;
            }
        }
}

/* The lattice fitted on stone centres is the centres' plane, above the
 * board's: a stone seen from the side shows its middle, stone_centre
 * cells up, and the lattice's fit pulls toward that plane by the share of
 * its points that are stones. Where the parallax stage could not set the
 * two planes apart from the evidence (too few crossings, or a view from
 * nearly above), move the lattice down by the camera's geometry
 * (stone_tops): by that share of the centres' mean offset. A lattice a
 * fifth of a cell high on a crowded board seen low put a row of patches on
 * the board's margin, read as stones. */
static void board_plane(const sei_vision *v, sei_lattice *lat, int w, int h)
{
    int n = lat->size;
    if (v->p.stone_centre <= 0 || n < 2 || lat->stones <= 0)
        return;
    float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2];
    stone_tops(lat->H, n, w, h, v->p.stone_centre, shift);
    double share = (double)lat->stones / (lat->stones + lat->crossings), du = 0, dv = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            du += shift[y][x][0];
            dv += shift[y][x][1];
        }
    du *= share / (n * n);
    dv *= share / (n * n);
    double T[9] = {1, 0, -du, 0, 1, -dv, 0, 0, 1}, A[9];
    sei_h_mul(lat->H, T, A);
    memcpy(lat->H, A, sizeof A);
    if (v->p.trace)
        fprintf(v->p.trace, "board plane: stones %.0f%% of the evidence, lattice moved (%.3f, %.3f) cells\n",
                100 * share, -du, -dv);
}

/* The learned classifier's input for the lattice H (grid to work's
 * pixels): the board warped top-down at its cell size, patches cut around
 * each stone top. patches holds n * n of them. */
static sei_vision_status cut_patches(sei_vision *v, const sei_image *work, const double H[9], int n,
                                     const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2], uint8_t *patches)
{
    /* Two cells of margin: a patch around a stone top shifted by up to a
     * cell still lies inside the view. */
    const double cell = SEI_POINTS_CELL, margin = 2 * SEI_POINTS_CELL;
    int side_px = (int)(margin * 2 + cell * (n - 1));
    double Sinv[9] = {1 / cell, 0, -margin / cell, 0, 1 / cell, -margin / cell, 0, 0, 1}, M[9];
    sei_h_mul(H, Sinv, M);
    sei_image top = {0};
    if (sei_cv_warp(work, M, side_px, side_px, &top))
        return fail(v, SEI_VISION_NOMEM, "cannot warp the board (out of memory?)");
    int bad = sei_points_patches(&top, n, margin, shift, patches);
    sei_image_free(&top);
    return bad ? fail(v, SEI_VISION_NOBOARD, "no wood to read the board by") : SEI_VISION_OK;
}

/* The point classifier, loaded at its first use. */
static sei_vision_status load_points(sei_vision *v)
{
    char err[200];
    if (!v->points && !(v->points = sei_points_create(&v->p.points, err, sizeof err)))
        return fail(v, SEI_VISION_ERROR, "the point classifier cannot be loaded: %s", err);
    return SEI_VISION_OK;
}

/* The learned classifier's probabilities (empty, black, white) of each
 * point of the n x n lattice H into v->prob, row by row. */
static sei_vision_status net_probs(sei_vision *v, const sei_image *work, const double H[9], int n,
                                   const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2])
{
    char err[200];
    sei_vision_status st = load_points(v);
    if (st != SEI_VISION_OK)
        return st;
    const size_t psz = (size_t)SEI_POINTS_PATCH * SEI_POINTS_PATCH * 3;
    if (!v->patches)
        v->patches = malloc(psz * SEI_MAX_SIZE * SEI_MAX_SIZE);
    if (!v->prob)
        v->prob = malloc(sizeof(float) * 3 * SEI_MAX_SIZE * SEI_MAX_SIZE);
    if (!v->hidden)
        v->hidden = malloc(sizeof(float) * SEI_MAX_SIZE * SEI_MAX_SIZE);
    if (!v->patches || !v->prob || !v->hidden)
        st = fail(v, SEI_VISION_NOMEM, "out of memory");
    else if ((st = cut_patches(v, work, H, n, shift, v->patches)) == SEI_VISION_OK &&
             sei_points_run(v->points, v->patches, n * n, v->prob, v->hidden, err, sizeof err))
        st = fail(v, SEI_VISION_ERROR, "the point classifier failed: %s", err);
    return st;
}

/* Keep the points said hidden only in 8-connected groups of at least
 * min_group: a hand hides several points side by side, where a lone point
 * said hidden is most often a real board's edge beside a bowl or a dark
 * table. */
static void hidden_groups(uint8_t hidden[SEI_MAX_SIZE][SEI_MAX_SIZE], int n, int min_group)
{
    uint8_t seen[SEI_MAX_SIZE][SEI_MAX_SIZE] = {{0}};
    int group[SEI_MAX_SIZE * SEI_MAX_SIZE];
    for (int y0 = 0; y0 < n; y0++)
        for (int x0 = 0; x0 < n; x0++) {
            if (!hidden[y0][x0] || seen[y0][x0])
                continue;
            /* The group grows as its own list of points to visit. */
            int k = 0;
            group[k++] = y0 * n + x0;
            seen[y0][x0] = 1;
            for (int i = 0; i < k; i++) {
                int y = group[i] / n, x = group[i] % n;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int yy = y + dy, xx = x + dx;
                        if (yy >= 0 && yy < n && xx >= 0 && xx < n && hidden[yy][xx] && !seen[yy][xx]) {
                            seen[yy][xx] = 1;
                            group[k++] = yy * n + xx;
                        }
                    }
            }
            for (int i = 0; k < min_group && i < k; i++)
                hidden[group[i] / n][group[i] % n] = 0;
        }
}

/* Points with at least near of their neighbours on the board said hidden
 * are unsure (sei_points_params' hidden_near; 0: none). Off the board no
 * neighbour counts: a hand over the edge hides the margin too, but the
 * classifier says nothing of it. */
static void hidden_near(sei_vision_result *out, int n, int near)
{
    if (near <= 0)
        return;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int k = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int yy = y + dy, xx = x + dx;
                    k += (dy || dx) && yy >= 0 && yy < n && xx >= 0 && xx < n && out->hidden[yy][xx];
                }
            if (k >= near)
                out->unsure[y][x] = 1;
        }
}

/* The learned classifier on the lattice H: probabilities, the colour read
 * and the unsure points into out. */
static sei_vision_status classify_points(sei_vision *v, const sei_image *work, const double H[9], int n,
                                         const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2], sei_vision_result *out)
{
    sei_vision_status st = net_probs(v, work, H, n, shift);
    const float *prob = v->prob;
    if (st == SEI_VISION_OK) {
        double below = sei_points_unsure_below(v->points), hidden_at = sei_points_hidden_at(v->points),
               rule_below = sei_points_rule_doubt_below(v->points);
        out->min_confidence = 1;
        out->unsure_count = 0;
        out->hidden_count = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                const float *p = prob + 3 * (y * n + x);
                int c = p[1] > p[0] && p[1] >= p[2] ? SEI_BLACK : p[2] > p[0] && p[2] > p[1] ? SEI_WHITE : SEI_EMPTY;
                float conf = p[c == SEI_BLACK ? 1 : c == SEI_WHITE ? 2 : 0];
                for (int k = 0; k < 3; k++)
                    out->prob[y][x][k] = p[k];
                out->confidence[y][x] = conf;
                if (conf < out->min_confidence)
                    out->min_confidence = conf;
                /* In doubt when the network is, or when the hand-set
                 * rules of stones.c (still in out->grid here) read the
                 * point otherwise while the network is not all but
                 * certain: two readers that fail differently; or when a
                 * hand hides it (below). */
                out->hidden[y][x] = v->hidden[y * n + x] >= hidden_at;
                out->unsure[y][x] = conf < below || (out->grid[y][x] != c && conf < rule_below);
                out->grid[y][x] = (uint8_t)c;
            }
        hidden_groups(out->hidden, n, sei_points_hidden_group(v->points));
        hidden_near(out, n, sei_points_hidden_near(v->points));
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                out->unsure[y][x] |= out->hidden[y][x];
                out->unsure_count += out->unsure[y][x];
                out->hidden_count += out->hidden[y][x];
            }
    }
    return st;
}

/* The learned classifier's colour of each point of the n x n lattice H
 * (argmax of its probabilities) into cls. */
static sei_vision_status net_colours(sei_vision *v, const sei_image *work, const double H[9], int n,
                                     uint8_t cls[SEI_MAX_SIZE][SEI_MAX_SIZE])
{
    float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2];
    stone_tops(H, n, work->width, work->height, v->p.stone_height, shift);
    sei_vision_status st = net_probs(v, work, H, n, shift);
    if (st != SEI_VISION_OK)
        return st;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            const float *p = v->prob + 3 * (y * n + x);
            cls[y][x] = (uint8_t)(p[1] > p[0] && p[1] >= p[2] ? SEI_BLACK : p[2] > p[0] && p[2] > p[1] ? SEI_WHITE
                                                                                                       : SEI_EMPTY);
        }
    return SEI_VISION_OK;
}

/* The stones read on the points of lattice A (n x n) that lie outside the
 * n x n window of lattice B: the board's lines one placement holds and the
 * other does not. */
static int stones_outside(const uint8_t cls[SEI_MAX_SIZE][SEI_MAX_SIZE], const double A[9], const double B[9], int n,
                          int *points)
{
    double Binv[9];
    *points = 0;
    if (sei_h_inv(B, Binv))
        return 0;
    int count = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double px, py, u, v;
            sei_h_apply(A, x, y, &px, &py);
            sei_h_apply(Binv, px, py, &u, &v);
            int out = u < -0.5 || v < -0.5 || u > n - 0.5 || v > n - 0.5;
            count += out && cls[y][x] != SEI_EMPTY;
            *points += out;
        }
    return count;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The median of n > 0 values (reordered). */
static double median_f(float *a, int n)
{
    qsort(a, (size_t)n, sizeof *a, cmp_float);
    return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

/* How unlike the board's wood the strip just beyond one outer line of the
 * n x n lattice A looks (side 0: x = 0, 1: x = n - 1, 2: y = 0, 3: y =
 * n - 1), from margin_near to margin_far cells out, between the points
 * (a stone on the line covers half a cell around it): the median over the
 * strip of the summed log-ratios of its colour channels to the wood's (the
 * median of the cell centres), so a darker front face or a table of
 * another colour is far, the bare wood margin near. -1 when the strip is
 * off the picture. */
static double beyond_wood(const sei_image *work, const double A[9], int n, int side, double near, double far)
{
    enum { MAXS = 3 * SEI_MAX_SIZE * 4 };
    double wood[3] = {0, 0, 0};
    {
        float ch[3][SEI_MAX_SIZE * SEI_MAX_SIZE];
        int m = 0;
        for (int y = 0; y + 1 < n; y++)
            for (int x = 0; x + 1 < n; x++) {
                double px, py;
                sei_h_apply(A, x + 0.5, y + 0.5, &px, &py);
                /* Also false for a point not a number (a degenerate lattice). */
                if (!(px >= 0 && py >= 0 && px < work->width - 0.5 && py < work->height - 0.5))
                    continue;
                int ix = (int)lround(px), iy = (int)lround(py);
                const uint8_t *q = sei_image_row(work, iy) + 3 * ix;
                for (int k = 0; k < 3; k++)
                    ch[k][m] = q[k];
                m++;
            }
        if (m < 4)
            return -1;
        for (int k = 0; k < 3; k++)
            wood[k] = median_f(ch[k], m);
    }
    float d[MAXS];
    int m = 0;
    for (int i = 0; i + 1 < n; i++)
        for (int j = 0; j < 3; j++) {
            double out = near + (far - near) * j / 2, along = i + 0.5, u, v, px, py;
            u = side == 0 ? -out : side == 1 ? n - 1 + out : along;
            v = side == 2 ? -out : side == 3 ? n - 1 + out : along;
            sei_h_apply(A, u, v, &px, &py);
            if (!(px >= 0 && py >= 0 && px < work->width - 0.5 && py < work->height - 0.5) || m >= MAXS)
                continue;
            int ix = (int)lround(px), iy = (int)lround(py);
            const uint8_t *q = sei_image_row(work, iy) + 3 * ix;
            double sum = 0;
            for (int k = 0; k < 3; k++)
                sum += fabs(log((q[k] + 8.0) / (wood[k] + 8.0)));
            d[m++] = (float)sum;
        }
    return m < n ? -1 : median_f(d, m);
}

/* Rival: the lattice's window of the same size at another offset explains
 * the evidence nearly as well (the board's front edge seen low looks like
 * one more line, stones hide the outer lines); R is that placement, turned
 * upright as the board's (H), so point (x, y) of both is the same point of
 * the board read. The board is read under R too, and:
 *   - a board has a bare wood margin beyond its outer lines: when the
 *     strip beyond the line only H holds is clearly less like the wood
 *     than the strip beyond the line only R holds (margin_ratio times as
 *     far from it, and by margin_gap), R is the board (*take = 1), and
 *     the other way round H is, whatever the stones say;
 *   - else no stone lies off the board: when R holds at least rival_stones
 *     stones on the lines H leaves out (but not those lines end to end),
 *     and H none on the lines R leaves out, R is the board (*take = 1;
 *     the caller reads it again there);
 *   - whichever is right, the points read alike under both are read right,
 *     and those read otherwise are exactly the ones at risk: they are
 *     flagged unsure, unless the margin settles the choice by far
 *     (rival_flag_ratio), when the board is flagged in doubt instead (it
 *     is already with the default settings: rival_shift is under the
 *     lattice's unsure_shift). */
static sei_vision_status rival_placement(sei_vision *v, const sei_image *work, const double H[9], const double R[9],
                                         int n, sei_vision_result *out, int *take)
{
    *take = 0;
    if (v->p.classifier != SEI_CLASSIFIER_NET)
        return SEI_VISION_OK;
    uint8_t mine[SEI_MAX_SIZE][SEI_MAX_SIZE], theirs[SEI_MAX_SIZE][SEI_MAX_SIZE];
    for (int y = 0; y < n; y++)
        memcpy(mine[y], out->grid[y], (size_t)n);
    sei_vision_status st = net_colours(v, work, R, n, theirs);
    if (st != SEI_VISION_OK)
        return st;
    /* The margin: for a rival one line away, the strip beyond the line
     * each placement holds and the other does not. */
    double Hinv[9], ou, ov, wood_mine = -1, wood_theirs = -1;
    if (!sei_h_inv(H, Hinv)) {
        double px, py;
        sei_h_apply(R, 0, 0, &px, &py);
        sei_h_apply(Hinv, px, py, &ou, &ov);
        int du = fabs(ou) < 2 ? (int)lround(ou) : 9, dv = fabs(ov) < 2 ? (int)lround(ov) : 9; /* 9: far or NaN */
        if (abs(du) + abs(dv) == 1) {
            /* R reaches beyond H on side gain; H holds the line on the other side. */
            int gain = du > 0 ? 1 : du < 0 ? 0 : dv > 0 ? 3 : 2, keep = gain ^ 1;
            wood_mine = beyond_wood(work, H, n, keep, v->p.margin_near, v->p.margin_far);
            wood_theirs = beyond_wood(work, R, n, gain, v->p.margin_near, v->p.margin_far);
        }
    }
    int gained_pts, dropped_pts;
    int gained = stones_outside(theirs, R, H, n, &gained_pts), dropped = stones_outside(mine, H, R, n, &dropped_pts);
    /* Lines read as stones end to end are no board's first lines but what
     * lies beyond its edge (a table, the board's front face) read as
     * stones: the classifier learned only the board. */
    int by_stones = v->p.rival_stones > 0 && gained >= v->p.rival_stones && 2 * gained <= gained_pts && dropped == 0;
    /* The margin says which placement's outer line is the board's when the
     * strip beyond one is wood and beyond the other clearly not (the
     * front face of a thick board, the table): it overrules the stones,
     * which the classifier, trained on the board alone, may see there. */
    int by_margin = 0;
    if (wood_mine >= 0 && wood_theirs >= 0) {
        if (wood_mine >= v->p.margin_ratio * wood_theirs && wood_mine - wood_theirs >= v->p.margin_gap)
            by_margin = 1;
        else if (wood_theirs >= v->p.margin_ratio * wood_mine && wood_theirs - wood_mine >= v->p.margin_gap)
            by_margin = -1;
    }
    *take = by_margin > 0 || (by_stones && by_margin == 0);
    int differ = 0;
    /* The points read otherwise are at risk only while the choice is: a
     * margin clearly wood on one side only, with no stone of the placement
     * left out on the lines only it holds, settles it (rival_flag_ratio). */
    double rr = v->p.rival_flag_ratio;
    int decided = rr > 0 && ((by_margin > 0 && wood_mine >= rr * wood_theirs && dropped == 0) ||
                             (by_margin < 0 && wood_theirs >= rr * wood_mine && gained == 0));
    /* The doubt left to the board: it is in doubt already when the rival
     * is read with the defaults (rival_shift under the lattice's
     * unsure_shift), but not with every setting. */
    if (decided)
        out->board_unsure = 1;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (theirs[y][x] != mine[y][x]) {
                differ++;
                if (!decided)
                    out->unsure[y][x] = 1;
            }
    out->unsure_count = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            out->unsure_count += out->unsure[y][x];
    if (v->p.trace)
        fprintf(v->p.trace,
                "rival placement: %d points read otherwise, %s; stones only it holds %d, only the board %d%s; "
                "beyond the lines only it holds %.2f from wood, only the board %.2f\n",
                differ, decided ? "not flagged (the margin settles it; the board in doubt)" : "flagged", gained,
                dropped, *take ? ": the rival is the board" : "", wood_theirs, wood_mine);
    return SEI_VISION_OK;
}

/* The lightness of lab at the cut across one line of a crossing at (cx,
 * cy): dir 0 the line x = cx, dir 1 the line y = cy; along it by along
 * pixels, across it by across. -1 outside the view. */
static int cut_lightness(const sei_image *lab, int cx, int cy, int dir, int along, int across)
{
    int x = dir == 0 ? cx + across : cx + along, y = dir == 0 ? cy + along : cy + across;
    if (x < 0 || y < 0 || x >= lab->width || y >= lab->height)
        return -1;
    return sei_image_row(lab, y)[lab->channels * x];
}

/* How plainly the two grid lines cross at point (px, py) of the top-down
 * Lab view (cell pixels a cell): for each line, its lightness's dip below
 * the wood beside it, as a share of that wood, taken on six short cuts
 * across the line 0.1-0.22 cells from the crossing, three on each side of
 * it (off the crossing itself, where the other line darkens the wood). A
 * cut's dip is measured against the darker of the line's two sides, so
 * that an edge (glare's, a shadow's) is no line. A line's dip is the
 * smaller of its two sides' medians, and 0 unless the dip stays in one
 * place along the line (a line, not a stone's rim or shadow). A line that
 * ends at the point (on the board's edge) is looked at on the one side it
 * goes on: ends[dir] 1 on the side of larger coordinates (dir 0, the line
 * x = cx: larger y), -1 the other, 0 both. The dip is looked for up to
 * 0.16 cells aside, as a lattice may be that far off, and the wood taken
 * 0.12-0.2 cells beyond it. Returns the smaller of the two lines' dips
 * (only 0 or 1: that line's alone). */
static double crossing_dip(const sei_image *lab, double px, double py, double cell, const int ends[2], int only)
{
    int reach = (int)lround(cell * 0.16), flank0 = (int)lround(cell * 0.12), flank1 = (int)lround(cell * 0.2);
    const double offs[6] = {-0.22, -0.16, -0.1, 0.1, 0.16, 0.22}; /* cells along the line */
    int cx = (int)lround(px), cy = (int)lround(py);
    double worst = 1;
    for (int dir = 0; dir < 2; dir++) {
        if (only >= 0 && dir != only)
            continue;
        double dips[6];
        int pos[6];
        for (int i = 0; i < 6; i++) {
            int o = (int)lround(offs[i] * cell);
            int best = 0, bl = 256;
            for (int d = -reach; d <= reach; d++) {
                int L = cut_lightness(lab, cx, cy, dir, o, d);
                if (L < 0)
                    return 0;
                if (L < bl) {
                    bl = L;
                    best = d;
                }
            }
            double side[2] = {0, 0};
            for (int k = 0; k < 2; k++) {
                for (int d = flank0; d <= flank1; d++) {
                    int L = cut_lightness(lab, cx, cy, dir, o, best + (k ? d : -d));
                    if (L < 0)
                        return 0;
                    side[k] += L;
                }
                side[k] /= flank1 - flank0 + 1;
            }
            double wood = fmin(side[0], side[1]);
            dips[i] = wood > 0 ? (wood - bl) / wood : 0;
            pos[i] = best;
        }
        /* each side's median of three, the smaller of the two; a line
         * that ends at the point (ends[dir]) only on the side it goes on */
        double med[2];
        for (int k = 0; k < 2; k++) {
            double a = dips[3 * k], b = dips[3 * k + 1], c = dips[3 * k + 2];
            med[k] = fmax(fmin(a, b), fmin(fmax(a, b), c));
        }
        int i0 = ends[dir] > 0 ? 3 : 0, i1 = ends[dir] < 0 ? 3 : 6;
        int lo = pos[i0], hi = pos[i0];
        for (int i = i0 + 1; i < i1; i++) {
            lo = pos[i] < lo ? pos[i] : lo;
            hi = pos[i] > hi ? pos[i] : hi;
        }
        double dip = ends[dir] > 0 ? med[1] : ends[dir] < 0 ? med[0] : fmin(med[0], med[1]);
        if (hi - lo > (int)lround(cell * 0.1))
            dip = 0;
        if (dip < worst)
            worst = dip;
    }
    return worst;
}

/* Point i of outer line side of an n x n board (side 0: x = 0, 1: x =
 * n - 1, 2: y = 0, 3: y = n - 1). */
static void line_point(int n, int side, int i, int *x, int *y)
{
    *x = side == 0 ? 0 : side == 1 ? n - 1 : i;
    *y = side == 2 ? 0 : side == 3 ? n - 1 : i;
}

/* Which way each line through point (x, y) goes on (crossing_dip's ends):
 * on the board's edge the line across it ends at the point; the line
 * x = cx (dir 0) ends on the top and bottom edges. */
static void point_ends(int n, int x, int y, int ends[2])
{
    ends[0] = y == 0 ? 1 : y == n - 1 ? -1 : 0;
    ends[1] = x == 0 ? 1 : x == n - 1 ? -1 : 0;
}

/* The points the network reads white (empty its next guess, and at most
 * cross_below sure) whose two grid lines are plainly seen crossing on
 * them (cross_dip above; the board top-down in lab, cell pixels a cell,
 * point (0, 0) at (margin, margin)): no stone stands there, so they are
 * read empty, flagged. On the edge, where the crossing is seen from one
 * side, a point the network is at least cross_edge_sure of stays white,
 * flagged. */
static void crossings_seen(const sei_vision *v, const sei_image *lab, int n, double cell, double margin,
                           sei_vision_result *out)
{
    if (v->p.cross_dip <= 0 || v->p.cross_below <= 0)
        return;
    FILE *trace = v->p.trace;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            /* and only where the network's next guess is empty, not black */
            if (out->grid[y][x] != SEI_WHITE || out->confidence[y][x] > v->p.cross_below ||
                out->prob[y][x][0] < out->prob[y][x][1])
                continue;
            int ends[2];
            point_ends(n, x, y, ends);
            if ((ends[0] || ends[1]) && !v->p.cross_edges)
                continue;
            double dip = crossing_dip(lab, margin + x * cell, margin + y * cell, cell, ends, -1);
            if (dip < v->p.cross_dip)
                continue;
            /* one side of the crossing seen, against a network sure of its stone: doubt */
            int keep = (ends[0] || ends[1]) && out->confidence[y][x] >= v->p.cross_edge_sure;
            if (trace)
                fprintf(trace, "lines cross on (%d,%d), read white at %.4f: dip %.3f, %s\n", x, y,
                        out->confidence[y][x], dip,
                        keep ? "an edge point sure of its stone: kept, flagged" : "read empty");
            if (!keep) {
                out->grid[y][x] = SEI_EMPTY;
                out->confidence[y][x] = out->prob[y][x][0];
                if (out->confidence[y][x] < out->min_confidence)
                    out->min_confidence = out->confidence[y][x];
            }
            out->unsure_count += !out->unsure[y][x];
            out->unsure[y][x] = 1;
        }
}

/* For each outer line of the board read (side 0: x = 0, 1: x = n - 1,
 * 2: y = 0, 3: y = n - 1), how many of its points read empty show the
 * line along the edge (its dip at least cross_dip): a board's edge line
 * shows on its empty points, the table beyond the board shows none. */
static void edge_lines_seen(const sei_vision *v, const sei_image *lab, int n, double cell, double margin,
                            sei_vision_result *out)
{
    for (int side = 0; side < 4; side++) {
        int seen = 0;
        for (int i = 0; i < n; i++) {
            int x, y, ends[2];
            line_point(n, side, i, &x, &y);
            if (out->grid[y][x] != SEI_EMPTY || out->hidden[y][x])
                continue;
            /* the line along the edge (x = cx for sides 0 and 1), ending
             * at the corners */
            point_ends(n, x, y, ends);
            seen += crossing_dip(lab, margin + x * cell, margin + y * cell, cell, ends, side < 2 ? 0 : 1) >=
                    v->p.cross_dip;
        }
        out->edge_seen[side] = seen;
    }
}

/* The cells whose four corners are read empty (none hidden), and of
 * those the ones whose centre shows two lines crossing as a point's would
 * (crossing_dip at least cross_dip): on a board read right a cell's
 * centre is bare wood, but on a lattice of every other line of a board
 * each cell's centre is one of its points. */
static void cells_crossed(const sei_vision *v, const sei_image *lab, int n, double cell, double margin,
                          sei_vision_result *out)
{
    out->cells_tested = out->cells_crossed = 0;
    /* No board holds a 19x19 one: its readings are never such a part. */
    if (v->p.cross_dip <= 0 || v->p.cell_cross_share <= 0 || n >= 19)
        return;
    const int ends[2] = {0, 0};
    for (int y = 0; y + 1 < n; y++)
        for (int x = 0; x + 1 < n; x++) {
            int empty = 1;
            for (int k = 0; k < 4 && empty; k++) {
                int px = x + (k & 1), py = y + (k >> 1);
                empty = out->grid[py][px] == SEI_EMPTY && !out->hidden[py][px];
            }
            if (!empty)
                continue;
            out->cells_tested++;
            out->cells_crossed +=
                crossing_dip(lab, margin + (x + 0.5) * cell, margin + (y + 0.5) * cell, cell, ends, -1) >= v->p.cross_dip;
        }
    if (v->p.trace)
        fprintf(v->p.trace, "cell centres: %d of %d empty cells show lines crossing\n", out->cells_crossed,
                out->cells_tested);
}

/* The n x n lattice H of a view (scaled by scale, its corner at x0, y0 of
 * the picture) back in the picture's own pixels: out's H and corners. */
static void board_in_picture(sei_vision_result *out, const double H[9], int n, double scale, double x0, double y0)
{
    double Sc[9] = {1 / scale, 0, x0, 0, 1 / scale, y0, 0, 0, 1};
    sei_h_mul(Sc, H, out->H);
    const double uv[4][2] = {{0, 0}, {n - 1, 0}, {n - 1, n - 1}, {0, n - 1}};
    for (int i = 0; i < 4; i++)
        sei_h_apply(out->H, uv[i][0], uv[i][1], &out->corners[i][0], &out->corners[i][1]);
}

/* The stones on the lattice H (grid (col, row) to pixels of work, the
 * part of the picture from (x0, y0) scaled by scale), read on the board
 * warped to a top-down view; then the grid mapped back to the picture's
 * own pixels into out. */
static sei_vision_status read_stones(sei_vision *v, const sei_image *work, const double H[9], int n, double scale,
                                     double x0, double y0, double t, sei_vision_result *out)
{
    sei_image warped = {0}, lab = {0};
    int ww = work->width, wh = work->height;
    const double cell = 32, margin = 32;
    int side_px = (int)(margin * 2 + cell * (n - 1));
    double Sinv[9] = {1 / cell, 0, -margin / cell, 0, 1 / cell, -margin / cell, 0, 0, 1}, M[9];
    sei_h_mul(H, Sinv, M);
    if (sei_cv_warp(work, M, side_px, side_px, &warped) || sei_cv_convert(&warped, &lab, SEI_CV_LAB)) {
        sei_image_free(&warped);
        sei_image_free(&lab);
        return fail(v, SEI_VISION_NOMEM, "cannot warp the board (out of memory?)");
    }
    float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2];
    stone_tops(H, n, ww, wh, v->p.stone_height, shift);
    if (v->p.trace)
        fprintf(v->p.trace, "stone top shift: corner (%.2f, %.2f), centre (%.2f, %.2f), far corner (%.2f, %.2f)\n",
                shift[0][0][0], shift[0][0][1], shift[n / 2][n / 2][0], shift[n / 2][n / 2][1], shift[n - 1][n - 1][0],
                shift[n - 1][n - 1][1]);
    sei_stones_classify(&lab, n, cell, margin, &v->p, shift, out);
    if (v->p.classifier == SEI_CLASSIFIER_NET) {
        sei_vision_status st = classify_points(v, work, H, n, shift, out);
        if (st != SEI_VISION_OK) {
            sei_image_free(&warped);
            sei_image_free(&lab);
            return st;
        }
    }
    if (v->p.classifier == SEI_CLASSIFIER_NET) {
        crossings_seen(v, &lab, n, cell, margin, out);
        edge_lines_seen(v, &lab, n, cell, margin, out);
        cells_crossed(v, &lab, n, cell, margin, out);
    }
    out->stage_ms[SEI_STAGE_STONES] = sei_now_ms() - t;
    if (v->debug_dir[0]) {
        const uint8_t red[3] = {0, 0, 255}, yel[3] = {0, 255, 255};
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                if (out->grid[y][x] == SEI_EMPTY)
                    continue;
                sei_cv_circle(&warped, margin + x * cell, margin + y * cell, cell * 0.4,
                              out->grid[y][x] == SEI_BLACK ? red : yel, 2);
            }
        debug_save(v, SEI_STAGE_STONES, "board", &warped);
    }

    board_in_picture(out, H, n, scale, x0, y0);
    sei_image_free(&warped);
    sei_image_free(&lab);
    return SEI_VISION_OK;
}

/* How much of each lattice line the segments cover, from 4 lines before
 * the n-line window to 4 lines after it, in each family (0: u = k, the
 * lines across; 1: v = k): the share of the window's span (0 .. n-1 along
 * the line) that segments lying on line k cover. */
#define MARGIN 4
#define ON_LINE 0.15 /* cells: as near as a grid crossing must be to count for the lattice fit */
static void line_cover(const float *segs, int nseg, const double Hinv[9], int n,
                       double cover[2][SEI_MAX_SIZE + 2 * MARGIN])
{
    memset(cover, 0, sizeof(double) * 2 * (SEI_MAX_SIZE + 2 * MARGIN));
    for (int i = 0; i < nseg; i++) {
        double a[2], b[2];
        sei_h_apply(Hinv, segs[5 * i], segs[5 * i + 1], &a[0], &a[1]);
        sei_h_apply(Hinv, segs[5 * i + 2], segs[5 * i + 3], &b[0], &b[1]);
        for (int f = 0; f < 2; f++) {
            /* On line k of family f: both ends within ON_LINE cells of it. */
            double k = floor(a[f] + 0.5);
            if (fabs(a[f] - k) > ON_LINE || fabs(b[f] - k) > ON_LINE || k < -MARGIN || k > n - 1 + MARGIN)
                continue;
            double lo = fmin(a[1 - f], b[1 - f]), hi = fmax(a[1 - f], b[1 - f]);
            lo = fmax(lo, 0);
            hi = fmin(hi, n - 1);
            if (hi > lo)
                cover[f][(int)k + MARGIN] += (hi - lo) / (n - 1);
        }
    }
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < n + 2 * MARGIN; k++)
            cover[f][k] = fmin(cover[f][k], 1);
}

/* A size the caller gave must be what the picture shows: the lattice fit
 * obeys it, so a 9-line window is found inside a 19x19 board and a 19-line
 * one runs off a 9x9 board, and either would be read as a board with
 * stones made up. Refused when segments cover lattice lines beyond a side
 * of the window (the board goes on: one line there may be the board's own
 * edge, two are not), or when a free fit (no size given) finds another
 * size; the message names that size, as a question. */
static sei_vision_status check_size(sei_vision *v, const float *segs, int nseg, const sei_lattice *lat)
{
    int n = lat->size;
    double Hinv[9], cover[2][SEI_MAX_SIZE + 2 * MARGIN];
    if (sei_h_inv(lat->H, Hinv))
        return fail(v, SEI_VISION_NOBOARD, "no board found: a degenerate lattice");
    line_cover(segs, nseg, Hinv, n, cover);
    int beyond = 0;
    for (int f = 0; f < 2; f++) {
        int before = 0, after = 0;
        for (int k = 0; k < MARGIN; k++) {
            before += cover[f][k] >= v->p.size_line;
            after += cover[f][n + MARGIN + k] >= v->p.size_line;
        }
        beyond |= before >= v->p.size_beyond || after >= v->p.size_beyond;
        if (v->p.trace) {
            fprintf(v->p.trace, "size %d, family %d: cover", n, f);
            for (int k = 0; k < n + 2 * MARGIN; k++)
                fprintf(v->p.trace, "%s%.2f", k == MARGIN || k == n + MARGIN ? " | " : " ", cover[f][k]);
            fprintf(v->p.trace, " (lines beyond %d, %d)\n", before, after);
        }
    }
    /* The size all the evidence suggests, lines and stones, with no size
     * given (the lattice stage's window found it beside the size given):
     * when it is another, the size given is refused. Lines missing at the
     * window's edge are no sign alone: stones hide a finished board's
     * outer lines. */
    char guess[64] = "";
    int other = v->p.size_fit && lat->free_size && lat->free_size != n;
    if (other)
        snprintf(guess, sizeof guess, ": a %dx%d board?", lat->free_size, lat->free_size);
    beyond |= other && lat->free_size > n;
    if (!beyond && !other)
        return SEI_VISION_OK;
    return fail(v, SEI_VISION_NOBOARD, "no board of %d lines here (the picture shows %s%s)", n,
                beyond ? "more lines than that" : "fewer lines than that", guess);
}

/* Where the evidence for a board lies: a coarse map of the picture, each
 * cell summing the grid-line fragments and stone candidates found in it
 * (pixels of line, stone diameters), for the zoom stage when no board was
 * found in the whole picture. */
enum { ZOOM_MAP_W = 32, ZOOM_MAP_H = 32 };
typedef struct {
    double w, h; /* the whole picture's size */
    int lattice; /* 1: a lattice was fitted (a size given may still have refused it) */
    float cell[ZOOM_MAP_H][ZOOM_MAP_W];
    float ink[ZOOM_MAP_H][ZOOM_MAP_W]; /* the black-hat's strong pixels (zoom_ink), apart */
} zoom_map;

static void zoom_map_add(zoom_map *m, double x, double y, double weight, int ink)
{
    int cx = (int)floor(x / m->w * ZOOM_MAP_W), cy = (int)floor(y / m->h * ZOOM_MAP_H);
    if (cx >= 0 && cy >= 0 && cx < ZOOM_MAP_W && cy < ZOOM_MAP_H)
        (ink ? m->ink : m->cell)[cy][cx] += (float)weight;
}

/* The learned stone finder, loaded at its first use. */
static sei_vision_status load_finder(sei_vision *v)
{
    if (v->finder)
        return SEI_VISION_OK;
    char err[200];
    v->finder = sei_cv_net_load(sei_stones_model, sei_stones_model_len, err, sizeof err);
    return v->finder ? SEI_VISION_OK : fail(v, SEI_VISION_ERROR, "the stone finder's model: %s", err);
}

sei_vision_status sei_vision_warm(sei_vision *v)
{
    v->errmsg[0] = 0;
    /* The CIE Lab tables are built at the first conversion (the stone
     * rule reads in Lab; lab.c). */
    sei_image px = {0}, lab = {0};
    if (sei_image_alloc(&px, 8, 8, 3))
        return fail(v, SEI_VISION_NOMEM, "out of memory");
    memset(px.buf, 128, (size_t)px.stride * (size_t)px.height);
    int lab_rc = sei_cv_convert(&px, &lab, SEI_CV_LAB);
    sei_image_free(&px);
    sei_image_free(&lab);
    if (lab_rc)
        return fail(v, SEI_VISION_ERROR, "cannot convert a picture to Lab");
    if (v->p.classifier == SEI_CLASSIFIER_NET) {
        char err[200];
        sei_vision_status st = load_points(v);
        if (st != SEI_VISION_OK)
            return st;
        if (sei_points_warm(v->points, err, sizeof err))
            return fail(v, SEI_VISION_ERROR, "the point classifier failed: %s", err);
    }
    if (v->p.stone_evidence && v->p.stone_finder) {
        sei_vision_status st = load_finder(v);
        if (st != SEI_VISION_OK)
            return st;
        sei_image img = {0};
        float blobs[4 * 8];
        int n = 0;
        if (sei_image_alloc(&img, 64, 64, 3))
            return fail(v, SEI_VISION_NOMEM, "out of memory");
        memset(img.buf, 128, (size_t)img.stride * (size_t)img.height);
        int rc = sei_cv_stone_blobs(&img, &v->p.blobs, v->finder, blobs, 8, &n);
        sei_image_free(&img);
        if (rc)
            return fail(v, SEI_VISION_ERROR, "the stone finder failed on a blank picture");
    }
    return SEI_VISION_OK;
}

/* Stage 0 of a view, prepare: the part img to the working size, and grey
 * (work and gray; *scale from img's pixels to theirs). A whole picture is
 * only ever shrunk; a part of it (the zoom stage) is also enlarged, never
 * more than max_up times, so that a board small in the frame meets the
 * lattice fit at the scale its parameters know. */
static sei_vision_status view_prepare(sei_vision *v, const sei_image *img, double max_up, sei_image *work,
                                      sei_image *gray, double *scale)
{
    int side = img->width > img->height ? img->width : img->height;
    double s = (double)v->p.work_side / side;
    if (s > max_up)
        s = max_up;
    *scale = s;
    int ww = (int)lround(img->width * s), wh = (int)lround(img->height * s);
    if (img->channels != 3)
        /* Stones are told from wood by colour as well as lightness. */
        return fail(v, SEI_VISION_BADIMAGE, "a colour picture is needed (this one has %d channel)", img->channels);
    if (sei_cv_resize(img, work, ww, wh) || sei_cv_convert(work, gray, SEI_CV_GRAY))
        return fail(v, SEI_VISION_NOMEM, "cannot shrink the picture (out of memory?)");
    if (s > 1 && v->blur > 0) {
        /* Enlarged lines drawn without smoothing are dotted (zoom_blur). */
        sei_image sm = {0};
        if (sei_cv_blur(gray, &sm, v->blur * s))
            return fail(v, SEI_VISION_NOMEM, "out of memory");
        sei_image_free(gray);
        *gray = sm;
    }
    return SEI_VISION_OK;
}

/* The prepared pictures kept (prep_cache) of the part img at enlargement
 * max_up, or NULL. Its grey picture is smoothed as v->blur was then; with
 * any_blur, one smoothed otherwise will do (the caller takes only the
 * colour picture, which smoothing leaves alone). */
static const struct prep_entry *prep_kept(const sei_vision *v, const sei_image *img, double max_up, int any_blur)
{
    for (int i = 0; v->seg_cache_on && i < PREP_CACHE; i++) {
        const struct prep_entry *e = &v->prep_cache[i];
        if (e->valid && is_part(&e->part, img) && e->max_up == max_up && (any_blur || e->blur == v->blur))
            return e;
    }
    return NULL;
}

/* view_prepare, or its pictures kept from an earlier reading of the same
 * part in this sei_vision_read (prep_cache): copies, so a reading may
 * draw on its own. The same pixels either way. */
static sei_vision_status view_prepared(sei_vision *v, const sei_image *img, double max_up, sei_image *work,
                                       sei_image *gray, double *scale)
{
    /* Not a top-down view, whose pixels are made anew each time (at an
     * address a freed one may have had). */
    int cacheable = v->seg_cache_on && v->view != VIEW_RECTIFY;
    const struct prep_entry *kept = cacheable ? prep_kept(v, img, max_up, 0) : NULL;
    if (kept) {
        if (sei_image_copy(&kept->work, work) || sei_image_copy(&kept->gray, gray)) {
            sei_image_free(work);
            return fail(v, SEI_VISION_NOMEM, "out of memory");
        }
        *scale = kept->scale;
        return SEI_VISION_OK;
    }
    sei_vision_status st = view_prepare(v, img, max_up, work, gray, scale);
    if (st != SEI_VISION_OK || !cacheable)
        return st;
    struct prep_entry *e = v->view == VIEW_PICTURE ? &v->prep_cache[0] : &v->prep_cache[1 + v->prep_cache_next];
    sei_image_free(&e->work);
    sei_image_free(&e->gray);
    /* Kept only when there is memory to keep it. */
    e->valid = !sei_image_copy(work, &e->work) && !sei_image_copy(gray, &e->gray);
    e->part = part_of(img);
    e->max_up = max_up;
    e->blur = v->blur;
    e->scale = *scale;
    if (v->view != VIEW_PICTURE)
        v->prep_cache_next = (v->prep_cache_next + 1) % (PREP_CACHE - 1);
    return SEI_VISION_OK;
}

/* The segments a view found before (the segment cache), or NULL: the same
 * pixels at the same scale and with the same way of joining dots. */
static const struct seg_entry *segments_kept(const sei_vision *v, const sei_image *img, double scale)
{
    for (int i = 0; i < SEG_CACHE; i++) {
        const struct seg_entry *e = &v->seg_cache[i];
        if (e->valid && is_part(&e->part, img) && e->scale == scale &&
            e->blur == v->blur && e->join == v->join)
            return e;
    }
    return NULL;
}

/* Keep the n segments segs of the view img (at scale) in the cache. The
 * whole picture's own entry is never given up: the readings after the
 * first find its segments kept, however many parts were looked at closer
 * in between. */
static void segments_keep(sei_vision *v, const sei_image *img, double scale, const float *segs, int n)
{
    struct seg_entry *e = v->view == VIEW_PICTURE ? &v->seg_cache[0] : &v->seg_cache[1 + v->seg_cache_next];
    float *c = realloc(e->segs, sizeof(float) * 5 * (size_t)(n + 1));
    e->valid = c != NULL;
    if (!c)
        return;
    memcpy(c, segs, sizeof(float) * 5 * (size_t)n);
    e->segs = c;
    e->n = n;
    e->part = part_of(img);
    e->scale = scale;
    e->blur = v->blur;
    e->join = v->join;
    if (v->view != VIEW_PICTURE)
        v->seg_cache_next = (v->seg_cache_next + 1) % (SEG_CACHE - 1);
}

/* The black-hat (closing minus picture) of gray, which keeps grid lines,
 * thin and dark, and flattens wood grain, shadows and table edges; on a
 * part enlarged (scale above 1) with join set, the dots of lines drawn
 * enlarged joined first. Into bh; -1 when OpenCV fails (out of memory). */
static int line_picture(const sei_vision *v, const sei_image *gray, double scale, sei_image *bh)
{
    int joined = v->join && scale > 1;
    /* Joining the dots: the black-hat's kernel wider than a line a pixel
     * wide enlarged, then the dots' means along their line. */
    int kernel = joined ? ((int)ceil(scale) + 2) | 1 : v->p.line_kernel;
    if (sei_cv_blackhat(gray, bh, kernel))
        return -1;
    if (!joined)
        return 0;
    sei_image j = {0};
    int bad = sei_cv_join_lines(bh, &j, (int)lround(v->p.zoom_join * scale), v->p.zoom_join_angles);
    sei_image_free(bh);
    if (!bad) {
        /* The joined lines are as wide as the kernel; their cores, thin
         * and dark again, are lines to the segment finder, which follows
         * thin ridges. */
        for (int y = 0; y < j.height; y++) {
            uint8_t *row = sei_image_row(&j, y);
            for (int x = 0; x < j.width; x++)
                row[x] = (uint8_t)(255 - row[x]);
        }
        if (sei_cv_blackhat(&j, bh, v->p.line_kernel))
            sei_image_free(bh);
    }
    sei_image_free(&j);
    return bh->buf ? 0 : -1;
}

/* Stage 1, segments: the line segments of the view img (its grey gray, at
 * scale; the part roi of the picture) into segs (MAX_SEGMENTS of them at
 * most), *nseg. Grid lines too faint or dotted for whole segments still
 * leave their ink: each strong pixel of the black-hat goes into map (may
 * be NULL) as a pixel of line. */
static sei_vision_status view_segments(sei_vision *v, const sei_image *img, const sei_image *gray, double scale,
                                       const int roi[4], zoom_map *map, float *segs, int *nseg)
{
    int cacheable = v->seg_cache_on && v->view != VIEW_RECTIFY && !v->debug_dir[0];
    const struct seg_entry *hit = cacheable ? segments_kept(v, img, scale) : NULL;
    if (hit) {
        *nseg = hit->n;
        memcpy(segs, hit->segs, sizeof(float) * 5 * (size_t)hit->n);
        return SEI_VISION_OK;
    }
    sei_image bh = {0};
    if (line_picture(v, gray, scale, &bh) || sei_ridge_segments(&bh, &v->p.ridges, segs, MAX_SEGMENTS, nseg)) {
        sei_image_free(&bh);
        return fail(v, SEI_VISION_ERROR, "line segment detection failed");
    }
    if (v->debug_dir[0])
        debug_save(v, SEI_STAGE_SEGMENTS, "blackhat", &bh);
    if (map && v->p.zoom_ink > 0 && !(v->seg_cache_on && v->ink_given)) {
        v->ink_given = v->seg_cache_on;
        uint8_t at = (uint8_t)lround(255 * v->p.zoom_ink);
        for (int y = 0; y < bh.height; y++) {
            const uint8_t *row = sei_image_row(&bh, y);
            for (int x = 0; x < bh.width; x++)
                if (row[x] >= at)
                    zoom_map_add(map, (x + 0.5) / scale + roi[0], (y + 0.5) / scale + roi[1], 1 / scale, 1);
        }
    }
    sei_image_free(&bh);
    if (cacheable)
        segments_keep(v, img, scale, segs, *nseg);
    return SEI_VISION_OK;
}

/* A copy of the working picture to draw a stage's debug picture on, into
 * dbg: 0, or -1 when no debug pictures are asked for (or no memory). */
static int debug_canvas(const sei_vision *v, const sei_image *work, sei_image *dbg)
{
    if (!v->debug_dir[0] || sei_image_alloc(dbg, work->width, work->height, 3))
        return -1;
    memcpy(dbg->buf, work->buf, (size_t)work->stride * (size_t)work->height);
    return 0;
}

/* Stage 1's debug picture: the segments in red over the working picture. */
static void debug_segments(sei_vision *v, const sei_image *work, const float *segs, int nseg)
{
    sei_image dbg = {0};
    if (debug_canvas(v, work, &dbg))
        return;
    const uint8_t red[3] = {0, 0, 255};
    for (int i = 0; i < nseg; i++)
        sei_cv_line(&dbg, segs[5 * i], segs[5 * i + 1], segs[5 * i + 2], segs[5 * i + 3], red, 1);
    debug_save(v, SEI_STAGE_SEGMENTS, "lines", &dbg);
    sei_image_free(&dbg);
}

/* Stage 2's first part, the stone candidates: round dark and bright blobs
 * of the working picture, the evidence that a finished game leaves where
 * it hides the grid, into stones (max of them at most), *n. They are found
 * on a smaller picture (stone_scale): stones are many pixels across, and
 * this step's cost is all per pixel. None when they cannot be found (out
 * of memory; *found 0, else 1): the lattice is then fitted on lines alone.
 * An error only when the stone finder's model cannot be loaded. */
static sei_vision_status find_candidates(sei_vision *v, const sei_image *work, sei_lattice_stone *stones, int max,
                                         int *n, int *found)
{
    *n = 0;
    *found = 0;
    if (v->use_finder) {
        sei_vision_status st = load_finder(v);
        if (st != SEI_VISION_OK)
            return st;
    }
    double bs = v->p.stone_scale > 0 && v->p.stone_scale < 1 ? v->p.stone_scale : 1;
    float *blobs = malloc(sizeof(float) * 4 * (size_t)max);
    sei_image small = {0};
    if (!blobs ||
        sei_cv_resize(work, &small, (int)lround(work->width * bs), (int)lround(work->height * bs)) ||
        sei_cv_stone_blobs(&small, &v->p.blobs, v->use_finder ? v->finder : NULL, blobs, max, n))
        *n = 0;
    else
        *found = 1;
    sei_image_free(&small);
    for (int i = 0; i < *n; i++) {
        /* Pixel centres: (x + 0.5) / bs - 0.5 in the working picture. */
        stones[i].x = (float)((blobs[4 * i] + 0.5) / bs - 0.5);
        stones[i].y = (float)((blobs[4 * i + 1] + 0.5) / bs - 0.5);
        stones[i].r = (float)(blobs[4 * i + 2] / bs);
        stones[i].dark = blobs[4 * i + 3] > 0 ? 1 : -1;
    }
    free(blobs);
    return SEI_VISION_OK;
}

/* find_candidates for work, the part img prepared at enlargement max_up,
 * or the candidates kept from an earlier reading of the same part by the
 * same finder in this sei_vision_read (cand_cache). The same stones
 * either way. None when stone_evidence is off or stones is NULL. */
static sei_vision_status stone_candidates(sei_vision *v, const sei_image *img, double max_up, const sei_image *work,
                                          sei_lattice_stone *stones, int max, int *n)
{
    *n = 0;
    if (!v->p.stone_evidence || !stones)
        return SEI_VISION_OK;
    int cacheable = v->seg_cache_on && v->view != VIEW_RECTIFY;
    for (int i = 0; cacheable && i < CAND_CACHE; i++) {
        const struct cand_entry *e = &v->cand_cache[i];
        if (e->valid && e->finder == v->use_finder && is_part(&e->part, img) && e->max_up == max_up &&
            e->n <= max) {
            if (e->n)
                memcpy(stones, e->stones, sizeof *stones * (size_t)e->n);
            *n = e->n;
            return SEI_VISION_OK;
        }
    }
    int found;
    sei_vision_status st = find_candidates(v, work, stones, max, n, &found);
    /* None found for want of memory is not kept: a later look tries again. */
    if (st != SEI_VISION_OK || !cacheable || !found)
        return st;
    struct cand_entry *e = &v->cand_cache[v->cand_cache_next];
    sei_lattice_stone *c = realloc(e->stones, sizeof *stones * (size_t)(*n + 1));
    /* Kept only when there is memory to keep it. */
    e->valid = c != NULL;
    if (!c)
        return st;
    memcpy(c, stones, sizeof *stones * (size_t)*n);
    e->stones = c;
    e->n = *n;
    e->finder = v->use_finder;
    e->part = part_of(img);
    e->max_up = max_up;
    v->cand_cache_next = (v->cand_cache_next + 1) % CAND_CACHE;
    return st;
}

/* The view's evidence into the zoom stage's map: short segments are
 * grid-line fragments (a table's edges are long), counted by their length;
 * stone candidates by their diameter. */
static void map_evidence(const sei_vision *v, zoom_map *map, const sei_image *work, double scale, const int roi[4],
                         const float *segs, int nseg, const sei_lattice_stone *stones, int nstone)
{
    double diag = hypot(work->width, work->height);
    for (int i = 0; i < nseg; i++) {
        double len = hypot(segs[5 * i + 2] - segs[5 * i], segs[5 * i + 3] - segs[5 * i + 1]);
        if (len < v->p.zoom_segment * diag)
            zoom_map_add(map, (segs[5 * i] + segs[5 * i + 2]) / 2 / scale + roi[0],
                         (segs[5 * i + 1] + segs[5 * i + 3]) / 2 / scale + roi[1], len / scale, 0);
    }
    for (int i = 0; i < nstone; i++)
        zoom_map_add(map, stones[i].x / scale + roi[0], stones[i].y / scale + roi[1], 2 * stones[i].r / scale, 0);
}

/* Stage 2's debug picture: what the fit worked from (merged lines by
 * family, crossings, stone candidates dark and bright). */
static void debug_evidence(sei_vision *v, const sei_image *work, const sei_lattice *lat,
                           const sei_lattice_stone *stones, int nstone)
{
    sei_image dbg = {0};
    if (debug_canvas(v, work, &dbg))
        return;
    const uint8_t fam_col[2][3] = {{0, 0, 255}, {255, 120, 0}}, cross_col[3] = {0, 255, 255};
    for (int i = 0; i < lat->nlines; i++) {
        const sei_lattice_line *l = &lat->lines[i];
        double x1 = -l->a * l->c + l->b * l->tmin, y1 = -l->b * l->c - l->a * l->tmin;
        double x2 = -l->a * l->c + l->b * l->tmax, y2 = -l->b * l->c - l->a * l->tmax;
        sei_cv_line(&dbg, x1, y1, x2, y2, fam_col[l->fam], 1);
    }
    for (int i = 0; i < lat->npoints; i++)
        sei_cv_circle(&dbg, lat->points[2 * i], lat->points[2 * i + 1], 2, cross_col, -1);
    const uint8_t dark_col[3] = {0, 200, 0}, bright_col[3] = {255, 0, 255};
    for (int i = 0; i < nstone; i++)
        sei_cv_circle(&dbg, stones[i].x, stones[i].y, stones[i].r, stones[i].dark > 0 ? dark_col : bright_col, 1);
    debug_save(v, SEI_STAGE_LATTICE, "evidence", &dbg);
    sei_image_free(&dbg);
}

/* The lattice stage's debug picture: the grid found (n x n, H upright),
 * its first point ringed. */
static void debug_grid(sei_vision *v, const sei_image *work, const double H[9], int n)
{
    sei_image dbg = {0};
    if (debug_canvas(v, work, &dbg))
        return;
    const uint8_t green[3] = {0, 220, 0}, blue[3] = {255, 80, 0};
    draw_lattice(&dbg, H, n, green, 1);
    double x, y;
    sei_h_apply(H, 0, 0, &x, &y);
    sei_cv_circle(&dbg, x, y, 8, blue, 2);
    debug_save(v, SEI_STAGE_LATTICE, "grid", &dbg);
    sei_image_free(&dbg);
}

/* Stage 4, stones, with the lattice's rival placement: the stones on the
 * lattice H (upright by turn) read into out; where the fit's next best
 * placement of the same lattice is near (rival_shift), it is read too, and
 * taken when it explains the board better (rival_placement), the points in
 * doubt of both kept. t: when the stage began. */
static sei_vision_status view_stones(sei_vision *v, const sei_image *work, const sei_lattice *lat,
                                     const double H[9], const double turn[9], double scale, const int roi[4],
                                     double t, sei_vision_result *out)
{
    int n = lat->size;
    sei_vision_status st = read_stones(v, work, H, n, scale, roi[0], roi[1], t, out);
    if (st != SEI_VISION_OK || lat->shift_margin >= v->p.rival_shift || (!lat->shift[0] && !lat->shift[1]))
        return st;
    /* The rival placement, turned upright as the board was. */
    double T[9] = {1, 0, lat->shift[0], 0, 1, lat->shift[1], 0, 0, 1}, A[9], R[9];
    sei_h_mul(lat->H, T, A);
    sei_h_mul(A, turn, R);
    t = sei_now_ms();
    double stones_ms = out->stage_ms[SEI_STAGE_STONES];
    int take = 0;
    st = rival_placement(v, work, H, R, n, out, &take);
    if (st == SEI_VISION_OK && take) {
        /* The rival read in full, keeping the points in doubt. */
        uint8_t unsure[SEI_MAX_SIZE][SEI_MAX_SIZE];
        memcpy(unsure, out->unsure, sizeof unsure);
        st = read_stones(v, work, R, n, scale, roi[0], roi[1], t, out);
        out->unsure_count = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                out->unsure[y][x] |= unsure[y][x];
                out->unsure_count += out->unsure[y][x];
            }
    }
    out->stage_ms[SEI_STAGE_STONES] = stones_ms + sei_now_ms() - t;
    return st;
}

/* A lattice of every other line of a larger board: the centres of its
 * empty cells show the board's own crossings (cells_crossed,
 * cell_cross_share, cell_cross_min). */
static int every_other_line(const sei_vision *v, const sei_vision_result *r)
{
    return v->p.cell_cross_min > 0 && v->p.cell_cross_share > 0 && r->cells_crossed >= v->p.cell_cross_min &&
           r->cells_crossed >= v->p.cell_cross_share * r->cells_tested;
}

/* view_stones, and a lattice of every other line in doubt at once, so
 * that the view from above and the stone finder look again (on seed
 * 7017's t048 the view from above reads the board at its size). */
static sei_vision_status board_stones(sei_vision *v, const sei_image *work, const sei_lattice *lat,
                                      const double H[9], const double turn[9], double scale, const int roi[4],
                                      double t, sei_vision_result *out)
{
    sei_vision_status st = view_stones(v, work, lat, H, turn, scale, roi, t, out);
    if (st == SEI_VISION_OK && every_other_line(v, out))
        out->board_unsure = 1;
    return st;
}

/* One reading of the part roi (x, y, width, height) of img, scaled to the
 * working size but never enlarged more than max_up times; the evidence
 * into map (may be NULL: with a map a closer look may follow, and the
 * stones are mostly left for later, struct later_stones). The stages in
 * order, each timed into out's stage_ms: prepare, segments, lattice (stone
 * candidates and the fit), size (the board turned upright; a size given
 * checked), stones. */
static sei_vision_status read_view(sei_vision *v, const sei_image *img, const int roi[4], double max_up,
                                   sei_vision_result *out, zoom_map *map)
{
    enum { MAX_BLOBS = 1500 };
    double t0 = sei_now_ms(), t = t0;
    memset(out, 0, sizeof *out);
    v->errmsg[0] = 0;
    sei_image view = sei_image_part(img, roi[0], roi[1], roi[2], roi[3]);
    img = &view;
    sei_image work = {0}, gray = {0};
    float *segs = malloc(sizeof(float) * 5 * MAX_SEGMENTS);
    sei_lattice_stone *stones = v->p.stone_evidence ? malloc(sizeof *stones * MAX_BLOBS) : NULL;
    sei_lattice lat = {0};
    int nseg = 0, nstone = 0;
    double scale = 1;

    sei_vision_status st = view_prepared(v, img, max_up, &work, &gray, &scale);
    if (st != SEI_VISION_OK)
        goto out;
    out->stage_ms[SEI_STAGE_PREPARE] = sei_now_ms() - t;

    t = sei_now_ms();
    if (!segs) {
        st = fail(v, SEI_VISION_NOMEM, "out of memory");
        goto out;
    }
    st = view_segments(v, img, &gray, scale, roi, map, segs, &nseg);
    if (st != SEI_VISION_OK)
        goto out;
    out->stage_ms[SEI_STAGE_SEGMENTS] = sei_now_ms() - t;
    debug_segments(v, &work, segs, nseg);

    t = sei_now_ms();
    st = stone_candidates(v, img, max_up, &work, stones, MAX_BLOBS, &nstone);
    if (st != SEI_VISION_OK)
        goto out;
    if (v->p.trace)
        fprintf(v->p.trace, "stone candidates: %d in %.1f ms\n", nstone, sei_now_ms() - t);
    if (map)
        map_evidence(v, map, &work, scale, roi, segs, nseg, stones, nstone);
    int fitted = sei_lattice_fit(segs, nseg, stones, nstone, work.width, work.height, v->p.size, &v->p.lattice,
                                 v->debug_dir[0] != 0, &lat);
    memcpy(out->lattice_ms, lat.stage_ms, sizeof out->lattice_ms);
    if (v->p.trace) {
        fprintf(v->p.trace, "lattice stages:");
        for (int i = 0; i < SEI_LAT_STAGES; i++)
            fprintf(v->p.trace, " %s %.1f ms", sei_lattice_stage_names[i], lat.stage_ms[i]);
        fprintf(v->p.trace, "\n");
    }
    debug_evidence(v, &work, &lat, stones, nstone);
    sei_lattice_free(&lat);
    if (map)
        map->lattice = !fitted;
    /* Timed whether it found a board or not: a closer look's reading
     * that takes the place of this one keeps this one's stage times. */
    out->stage_ms[SEI_STAGE_LATTICE] = sei_now_ms() - t;
    if (fitted) {
        st = fail(v, SEI_VISION_NOBOARD, "no board found: %s", lat.why);
        goto out;
    }

    t = sei_now_ms();
    int n = lat.size;
    double H[9], turn[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    if (!lat.parallax)
        board_plane(v, &lat, work.width, work.height);
    upright(lat.H, n, H, turn);
    out->size = n;
    out->lattice_score = lat.score;
    out->board_unsure = lat.unsure;
    out->board_margin = lat.margin < lat.shift_margin ? lat.margin : lat.shift_margin;
    out->size_margin = lat.margin;
    out->stage_ms[SEI_STAGE_SIZE] = sei_now_ms() - t;
    /* After the grid's debug picture, which shows what the size was held
     * against. */
    debug_grid(v, &work, H, n);
    st = v->p.size ? check_size(v, segs, nseg, &lat) : SEI_VISION_OK;
    if (st != SEI_VISION_OK) {
        out->size = 0;
        v->size_refused = 1;
        goto out;
    }

    t = sei_now_ms();
    /* Stones left for later (struct later_stones) where a closer look may
     * follow: the whole picture's reading, the one given the closer look's
     * map. Not when a rival placement may be read, which moves the lattice
     * the closer look is placed by. The board's corners are given now. */
    if (map && (lat.shift_margin >= v->p.rival_shift || (!lat.shift[0] && !lat.shift[1]))) {
        struct later_stones *l = &v->later;
        sei_image_free(&l->work);
        l->work = work;
        work = (sei_image){0};
        l->lat = lat;
        memcpy(l->H, H, sizeof l->H);
        memcpy(l->turn, turn, sizeof l->turn);
        l->scale = scale;
        memcpy(l->roi, roi, sizeof l->roi);
        l->has = 1;
        board_in_picture(out, H, n, scale, roi[0], roi[1]);
        goto out;
    }
    if (v->view == VIEW_RECTIFY) {
        /* The top-down view gives the lattice; its stones are read in the
         * picture itself (rect_stones). */
        board_in_picture(out, H, n, scale, roi[0], roi[1]);
        goto out;
    }
    st = board_stones(v, &work, &lat, H, turn, scale, roi, t, out);
out:
    out->ms = sei_now_ms() - t0;
    free(segs);
    free(stones);
    sei_image_free(&work);
    sei_image_free(&gray);
    return st;
}

/* The stones left for later (struct later_stones) read into out, which
 * holds that reading's board: as read_view would have read them. */
static sei_vision_status stones_now(sei_vision *v, sei_vision_result *out)
{
    struct later_stones *l = &v->later;
    if (!l->has)
        return SEI_VISION_OK;
    l->has = 0;
    sei_vision_status st = board_stones(v, &l->work, &l->lat, l->H, l->turn, l->scale, l->roi, sei_now_ms(), out);
    sei_image_free(&l->work);
    return st;
}

/* The reading out (its stones left for later) will have a view from
 * above made whatever its stones are: its lattice is in doubt already,
 * and stones only add a doubt. That view takes its place when it is sure
 * of its board (or of a larger one: rectify_larger), so its stones wait
 * for it (read_once). */
static int rectify_waits(const sei_vision *v, const sei_vision_result *out)
{
    return v->later.has && v->p.rectify && out->board_unsure;
}

/* The stones left for later, given up: another reading took their board's place. */
static void stones_drop(sei_vision *v)
{
    v->later.has = 0;
    sei_image_free(&v->later.work);
}

/* The evidence in cell (x, y) of the map, with the ink's when ink is set. */
static float zoom_map_at(const zoom_map *m, int y, int x, int ink)
{
    return m->cell[y][x] + (ink ? m->ink[y][x] : 0.0f);
}

/* Zoom: the part of the picture to read again, as roi (x, y, width,
 * height), or 0 when there is none worth reading. A board found small in
 * the frame: its corners with a margin. No board found: around the peak of
 * the evidence map, the cells of at least zoom_peak of the peak's evidence
 * that touch it; with ink, the black-hat's ink counts too (zoom_ink). */
static int zoom_roi(const sei_vision *v, const sei_image *img, const sei_vision_result *first, const zoom_map *map,
                    int ink, int roi[4])
{
    double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18, cellpx;
    if (first) {
        double box[4];
        corners_box((const double(*)[2])first->corners, box);
        x0 = box[0];
        y0 = box[1];
        x1 = box[2];
        y1 = box[3];
        cellpx = fmax(x1 - x0, y1 - y0) / (first->size - 1);
        if ((x1 - x0) * (y1 - y0) > v->p.zoom_below * img->width * img->height)
            return 0;
    } else {
        /* The map smoothed over 3 x 3 cells: a board's evidence is spread,
         * a lone bright spot's is not. */
        float sm[ZOOM_MAP_H][ZOOM_MAP_W];
        int py = 0, px = 0;
        for (int y = 0; y < ZOOM_MAP_H; y++)
            for (int x = 0; x < ZOOM_MAP_W; x++) {
                float sum = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        if (y + dy >= 0 && y + dy < ZOOM_MAP_H && x + dx >= 0 && x + dx < ZOOM_MAP_W)
                            sum += zoom_map_at(map, y + dy, x + dx, ink);
                sm[y][x] = sum;
                if (sum > sm[py][px]) {
                    py = y;
                    px = x;
                }
            }
        if (sm[py][px] <= 0)
            return 0;
        /* Grow from the peak over cells that keep a share of its evidence. */
        uint8_t in[ZOOM_MAP_H][ZOOM_MAP_W] = {{0}};
        int stack[ZOOM_MAP_H * ZOOM_MAP_W], top = 0;
        in[py][px] = 1;
        stack[top++] = py * ZOOM_MAP_W + px;
        int cx0 = px, cx1 = px, cy0 = py, cy1 = py;
        while (top) {
            int c = stack[--top], y = c / ZOOM_MAP_W, x = c % ZOOM_MAP_W;
            cx0 = x < cx0 ? x : cx0;
            cx1 = x > cx1 ? x : cx1;
            cy0 = y < cy0 ? y : cy0;
            cy1 = y > cy1 ? y : cy1;
            const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (int k = 0; k < 4; k++) {
                int ny = y + d[k][1], nx = x + d[k][0];
                if (ny >= 0 && ny < ZOOM_MAP_H && nx >= 0 && nx < ZOOM_MAP_W && !in[ny][nx] &&
                    zoom_map_at(map, ny, nx, ink) >= v->p.zoom_peak * sm[py][px] / 9) {
                    in[ny][nx] = 1;
                    stack[top++] = ny * ZOOM_MAP_W + nx;
                }
            }
        }
        double cw = map->w / ZOOM_MAP_W, ch = map->h / ZOOM_MAP_H;
        x0 = cx0 * cw;
        x1 = (cx1 + 1) * cw;
        y0 = cy0 * ch;
        y1 = (cy1 + 1) * ch;
        cellpx = fmax(cw, ch);
    }
    /* The margin: stones at the edge stand up and out of the corners'
     * quadrilateral, and the board's wood beyond helps the fit. */
    double m = v->p.zoom_margin * fmax(x1 - x0, y1 - y0) + cellpx;
    x0 = fmax(0, x0 - m);
    y0 = fmax(0, y0 - m);
    x1 = fmin(img->width, x1 + m);
    y1 = fmin(img->height, y1 + m);
    roi[0] = (int)x0;
    roi[1] = (int)y0;
    roi[2] = (int)x1 - roi[0];
    roi[3] = (int)y1 - roi[1];
    /* Not worth a second reading when it is most of the picture anyway. */
    if (roi[2] < 32 || roi[3] < 32 || (double)roi[2] * roi[3] > v->p.zoom_most * img->width * img->height)
        return 0;
    return 1;
}

static sei_vision_status corners_lattice(sei_vision *v, const sei_image *img, const double corners[4][2], int size,
                                         sei_image *work, double *scale, double H[9]);

/* A view from above's board, its stones not read yet (rectified_read):
 * the whole picture at the working size and the board's lattice in it.
 * Only the last of the rounds of views is read (read_once). */
struct rect_board {
    sei_image work;
    double H[9], scale;
};

/* The stones of the board b (its work image then freed) read into out,
 * which holds b's board. */
static sei_vision_status rect_stones(sei_vision *v, struct rect_board *b, sei_vision_result *out)
{
    /* Named as the view's: its debug picture is not the first reading's. */
    v->view = VIEW_RECTIFY;
    sei_vision_status st = read_stones(v, &b->work, b->H, out->size, b->scale, 0, 0, sei_now_ms(), out);
    v->view = VIEW_PICTURE;
    sei_image_free(&b->work);
    return st;
}

/* Rectify: the board first read (first, in doubt) read again from a
 * top-down view of its lattice, widened by the largest board that may hold
 * it. Returns SEI_VISION_OK with the new reading's board in out (the
 * view's lattice taken back to img) and what its stones are read by in b
 * (rect_stones reads them in img, where a stone looks as the classifier
 * learned it), or a failure (out then undefined, b empty): no view worth
 * reading, or no board in it. */
static sei_vision_status rectified_read(sei_vision *v, const sei_image *img, const sei_vision_result *first,
                                        sei_vision_result *out, struct rect_board *b)
{
    int n = first->size;
    /* Beyond each side: the lines a 19x19 board holding this one may have
     * there, and its margin. */
    double m = (SEI_MAX_SIZE - n) + v->p.rectify_margin, lo = 0, hi = 0;
    const double *H = first->H;
    for (;; m -= 1) {
        if (m < v->p.rectify_margin)
            return fail(v, SEI_VISION_NOBOARD, "no top-down view: the lattice runs toward the horizon");
        lo = -m;
        hi = n - 1 + m;
        double wc = H[6] * (n - 1) / 2 + H[7] * (n - 1) / 2 + H[8], wmin = 1e18, wmax = 0;
        for (int k = 0; k < 4; k++) {
            double u = k & 1 ? hi : lo, w = (k & 2 ? hi : lo);
            double z = (H[6] * u + H[7] * w + H[8]) / wc;
            wmin = fmin(wmin, z);
            wmax = fmax(wmax, z);
        }
        /* A cell's size goes as 1 / w. */
        if (wmin > 0 && wmin >= v->p.rectify_taper * wmax)
            break;
    }
    int side = v->p.rectify_side;
    if (side < 64)
        return fail(v, SEI_VISION_NOBOARD, "no top-down view: rectify_side %d is too small", side);
    double k = side / (hi - lo);
    /* View pixels to grid ((x - 0.5) / k + lo), then to the picture. */
    double G[9] = {1 / k, 0, lo - 0.5 / k, 0, 1 / k, lo - 0.5 / k, 0, 0, 1}, W[9];
    sei_h_mul(H, G, W);
    sei_image view = {0};
    if (sei_cv_warp(img, W, side, side, &view))
        return fail(v, SEI_VISION_NOMEM, "cannot make the top-down view (out of memory?)");
    const int whole[4] = {0, 0, side, side};
    sei_vision_result *z = malloc(sizeof *z);
    if (!z) {
        sei_image_free(&view);
        return fail(v, SEI_VISION_NOMEM, "out of memory");
    }
    v->view = VIEW_RECTIFY;
    if (v->debug_dir[0])
        debug_save(v, SEI_STAGE_PREPARE, "view", &view);
    sei_vision_status st = read_view(v, &view, whole, 1, z, NULL);
    v->view = VIEW_PICTURE;
    sei_image_free(&view);
    if (st == SEI_VISION_OK) {
        /* The view's lattice in the picture. */
        double P[9], corners[4][2];
        sei_h_mul(W, z->H, P);
        int zn = z->size;
        const double uv[4][2] = {{0, 0}, {zn - 1, 0}, {zn - 1, zn - 1}, {0, zn - 1}};
        /* Upright in the picture: the view may have turned it. */
        double turn[9], U[9];
        upright(P, zn, U, turn);
        for (int i = 0; i < 4; i++)
            sei_h_apply(U, uv[i][0], uv[i][1], &corners[i][0], &corners[i][1]);
        st = corners_lattice(v, img, corners, zn, &b->work, &b->scale, b->H);
        if (st == SEI_VISION_OK) {
            memset(out, 0, sizeof *out);
            out->size = zn;
            out->lattice_score = z->lattice_score;
            out->board_unsure = z->board_unsure;
            out->board_margin = z->board_margin;
            out->size_margin = z->size_margin;
            board_in_picture(out, b->H, zn, b->scale, 0, 0);
        } else
            sei_image_free(&b->work);
    }
    free(z);
    return st;
}

/* A second reading (zoom, rectify, finder) r taking the place of out; out
 * keeps its stages' times and its total, each second reading being timed
 * as a stage of its own. */
static void take_reading(sei_vision_result *out, const sei_vision_result *r)
{
    double ms = out->ms, stage_ms[SEI_STAGES];
    memcpy(stage_ms, out->stage_ms, sizeof stage_ms);
    *out = *r;
    memcpy(out->stage_ms, stage_ms, sizeof stage_ms);
    out->ms = ms;
}

static sei_vision_status read_once(sei_vision *v, const sei_image *img, sei_vision_result *out);
static sei_vision_status read_all(sei_vision *v, const sei_image *img, sei_vision_result *out);

/* A size given that the first reading refused (the picture seemed to show
 * another) is held against the reader's own reading, with no size given:
 * when that finds the board at the size given (a view from above sees a
 * thick board's side face for what it is, where lines beyond the board
 * misled the first look), the size stands and that reading is the
 * answer; else the refusal stands, naming the size that reading found.
 * Its time is the size stage's. all: that reading is every reading of the
 * picture (read_all, the stone finder's second reading too), not the
 * first alone. */
static sei_vision_status size_given_free(sei_vision *v, const sei_image *img, sei_vision_result *out, int all)
{
    sei_vision_result *r = malloc(sizeof *r);
    if (!r)
        return SEI_VISION_NOBOARD;
    char first_err[sizeof v->errmsg];
    memcpy(first_err, v->errmsg, sizeof first_err);
    double t = sei_now_ms();
    int given = v->p.size;
    v->p.size = 0;
    v->size_refused = 0;
    sei_vision_status st = all ? read_all(v, img, r) : read_once(v, img, r);
    v->p.size = given;
    if (v->p.trace)
        fprintf(v->p.trace, "size %d given, refused; with none given: %s%s\n", given,
                st == SEI_VISION_OK ? (r->board_unsure ? "read, in doubt, at " : "read at ") : v->errmsg,
                st == SEI_VISION_OK ? (r->size == 9 ? "9x9" : r->size == 13 ? "13x13" : "19x19") : "");
    if (st == SEI_VISION_OK && r->size == given) {
        take_reading(out, r);
        v->errmsg[0] = 0;
    } else {
        v->size_refused = 1;
        if (st == SEI_VISION_OK)
            /* The size it found is the better guess to name. */
            fail(v, SEI_VISION_NOBOARD, "no board of %d lines here (the picture shows %s lines than that: a %dx%d board?)",
                 given, r->size > given ? "more" : "fewer", r->size, r->size);
        else
            memcpy(v->errmsg, first_err, sizeof first_err);
        st = SEI_VISION_NOBOARD;
    }
    out->stage_ms[SEI_STAGE_SIZE] += sei_now_ms() - t;
    out->ms += sei_now_ms() - t;
    free(r);
    return st;
}

/* The points said hidden on outer line side of r (0: x = 0, 1: x = n - 1,
 * 2: y = 0, 3: y = n - 1). */
static int edge_hidden_count(const sei_vision_result *r, int side)
{
    int c = 0;
    for (int i = 0, x, y; i < r->size; i++) {
        line_point(r->size, side, i, &x, &y);
        c += r->hidden[y][x];
    }
    return c;
}

/* The stones read surely on line side of r (hidden points none): a stone
 * the reading flags, for whatever reason (its confidence, a rival
 * placement reading it otherwise), is no sign that the line is the
 * board's (images/edges/s7025-t015: one such white on the table kept a
 * board a line off with no doubt). */
static int edge_stones(const sei_vision_result *r, int side)
{
    int stones = 0;
    for (int i = 0, x, y; i < r->size; i++) {
        line_point(r->size, side, i, &x, &y);
        stones += r->grid[y][x] != SEI_EMPTY && !r->hidden[y][x] && !r->unsure[y][x];
    }
    return stones;
}

/* The evidence that line side of r is a board's line: its stones and the
 * empty points where the line along it shows. */
static int edge_evidence(const sei_vision_result *r, int side)
{
    return edge_stones(r, side) + r->edge_seen[side];
}

/* The lines along a reading's outer lines are looked for (edge_seen): by
 * the network's reading, as the lines' check looks (cross_dip); without it
 * no line is ever seen, with cross_dip 0 every point would be. */
static int edge_lines_looked(const sei_vision *v)
{
    return v->p.classifier == SEI_CLASSIFIER_NET && v->p.cross_dip > 0;
}

/* Each of r's four outer lines holds evidence (edge_evidence) on at least
 * edges_sure of its points: the board's edges are where it reads them.
 * edges_sure 0, or the edge lines not looked for: never said. */
static int edges_in_evidence(const sei_vision *v, const sei_vision_result *r)
{
    if (v->p.edges_sure <= 0 || !edge_lines_looked(v))
        return 0;
    for (int side = 0; side < 4; side++)
        if (edge_evidence(r, side) < v->p.edges_sure * r->size)
            return 0;
    return 1;
}

/* One of r's four outer lines has at least edge_unsure of its points
 * flagged unsure, the points said hidden left out (edge_unsure 0: never
 * said). */
static int edge_mostly_unsure(const sei_vision *v, const sei_vision_result *r)
{
    if (v->p.edge_unsure <= 0)
        return 0;
    for (int side = 0; side < 4; side++) {
        int unsure = 0;
        for (int i = 0, x, y; i < r->size; i++) {
            line_point(r->size, side, i, &x, &y);
            unsure += r->unsure[y][x] && !r->hidden[y][x];
        }
        if (unsure >= v->p.edge_unsure * r->size)
            return 1;
    }
    return 0;
}

/* Edges (edge_unseen): an outer line of the reading with no stone read
 * surely on it (edge_stones) that shows the line along it at no more
 * than edge_unseen of its points is past the board's edge: the
 * classifier reads the table beyond a board as hidden or as empty wood,
 * and a board's edge line shows on its empty points. The board is moved
 * a line away from it and read again in the picture itself, and the
 * moved board is taken when the line it gains is hidden at no more than
 * edge_new of its points and holds at least edge_gain of them in
 * evidence (stones read surely, or the line seen along it). A hand over
 * a whole edge line is no such line gained: beyond the other edge lies
 * the table. Lines most hidden are tried first. A board moved is not
 * moved back at once: the line it gained holds evidence, so it is no
 * candidate. The board moved stays in doubt (board_unsure): it was found
 * a line off once. */
static void hidden_edges(sei_vision *v, const sei_image *img, sei_vision_result *out)
{
    if (v->p.edge_unseen < 0 || !edge_lines_looked(v) || out->size < 2)
        return;
    double t = sei_now_ms();
    int n = out->size, moves = 0;
    sei_vision_result *r = NULL;
    for (int move = 0; move < v->p.edge_moves; move++) {
        /* the candidates, most hidden first */
        int order[4], m = 0;
        for (int s = 0; s < 4; s++) {
            /* No stone read surely, so its evidence is the line seen along it. */
            if (edge_stones(out, s) > 0 || out->edge_seen[s] > v->p.edge_unseen)
                continue;
            int j = m++;
            for (; j > 0 && edge_hidden_count(out, order[j - 1]) < edge_hidden_count(out, s); j--)
                order[j] = order[j - 1];
            order[j] = s;
        }
        int taken = 0;
        for (int c = 0; c < m && !taken; c++) {
            int side = order[c];
            /* Point (u, v) of the moved board is point (u + du, v + dv) of
             * the board read; it gains the line on the other side. */
            int du = side == 0 ? 1 : side == 1 ? -1 : 0, dv = side == 2 ? 1 : side == 3 ? -1 : 0, gain = side ^ 1;
            const double uv[4][2] = {{0, 0}, {n - 1, 0}, {n - 1, n - 1}, {0, n - 1}};
            double corners[4][2];
            for (int i = 0; i < 4; i++)
                sei_h_apply(out->H, uv[i][0] + du, uv[i][1] + dv, &corners[i][0], &corners[i][1]);
            if (!r && !(r = malloc(sizeof *r)))
                break;
            /* The debug pictures stay the reading's own. */
            char debug0 = v->debug_dir[0];
            v->debug_dir[0] = 0;
            sei_vision_status st = sei_vision_read_corners(v, img, corners, n, r);
            v->debug_dir[0] = debug0;
            if (st != SEI_VISION_OK)
                continue;
            int gained = edge_hidden_count(r, gain), evidence = edge_evidence(r, gain);
            int take = gained <= v->p.edge_new * n && evidence >= v->p.edge_gain * n;
            if (v->p.trace)
                fprintf(v->p.trace,
                        "edges: line %d unseen (%d of %d points hidden); moved a line away, the line gained "
                        "%d hidden, %d in evidence%s\n",
                        side, edge_hidden_count(out, side), n, gained, evidence, take ? ": taken" : "");
            if (!take)
                continue;
            r->lattice_score = out->lattice_score;
            r->board_margin = out->board_margin;
            r->size_margin = out->size_margin;
            r->board_unsure = 1;
            memcpy(r->lattice_ms, out->lattice_ms, sizeof r->lattice_ms);
            take_reading(out, r);
            taken = 1;
        }
        if (!taken)
            break;
        moves++;
    }
    free(r);
    if (moves && v->debug_dir[0]) {
        /* The board where it was moved to, read, over the picture. */
        sei_image dbg = {0};
        if (sei_vision_annotate(v, img, out, NULL, &dbg) == SEI_VISION_OK)
            debug_save(v, SEI_STAGE_EDGES, "grid", &dbg);
        sei_image_free(&dbg);
    }
    v->errmsg[0] = 0;
    out->stage_ms[SEI_STAGE_EDGES] = sei_now_ms() - t;
    out->ms += out->stage_ms[SEI_STAGE_EDGES];
}

/* Every reading of one picture (read_all), the whole picture's segments
 * found once among them (seg_cache). */
sei_vision_status sei_vision_read(sei_vision *v, const sei_image *img, sei_vision_result *out)
{
    v->seg_cache_on = 1;
    v->ink_given = 0;
    for (int i = 0; i < SEG_CACHE; i++)
        v->seg_cache[i].valid = 0;
    sei_vision_status st = read_all(v, img, out);
    if (st == SEI_VISION_OK) {
        hidden_edges(v, img, out);
        set_view(out, img->width, img->height);
    }
    /* After every reading: a doubt reported, not acted on (doubt_margin),
     * unless the board's four edges are seen (edges_sure; a doubt of any
     * stage before stays). */
    if (st == SEI_VISION_OK && out->board_margin < v->p.doubt_margin && !edges_in_evidence(v, out))
        out->board_unsure = 1;
    if (st == SEI_VISION_OK && every_other_line(v, out))
        out->board_unsure = 1;
    /* ... and an outer line mostly in doubt, and a closer look that read
     * another size than the first look (size_disputed), reported only. */
    if (st == SEI_VISION_OK && (edge_mostly_unsure(v, out) || out->size_disputed))
        out->board_unsure = 1;
    v->seg_cache_on = 0;
    for (int i = 0; i < SEG_CACHE; i++)
        v->seg_cache[i].valid = 0;
    prep_forget(v);
    return st;
}

/* The view from above kept by the first reading (rectify_larger), taken
 * when nothing after it took that reading's place; in doubt, as every
 * view from above that wins. */
static void take_kept(sei_vision *v, sei_vision_status st, sei_vision_result *out)
{
    if (!v->kept.size || st != SEI_VISION_OK)
        return;
    take_reading(out, &v->kept);
    out->board_unsure = 1;
    v->errmsg[0] = 0;
}

/* A reading with the thresholds' stone candidates; where it finds no board,
 * or a board in doubt smaller than 19x19, a second with the learned stone
 * finder's. The second wins when the first found none, or when it is sure
 * of a board of another size (the first's usual fault on a crowded board
 * seen small or from low, where the thresholds miss most of the stones: a
 * part of it read as a smaller board); its board is then in doubt. The
 * same size elsewhere does not win: on a test picture the finder's
 * reading was sure of a board a line off where the first was rightly in
 * doubt. The lattice fit's settings were made on the thresholds'
 * candidates, so the finder is not first: taken for every picture, a first finder's candidates
 * (trained on 240 of the 360 pictures) read 42 of the test set's boards
 * against 43, and 49 of imago's against 50. A view from above that the
 * first reading kept (sure of a larger board: rectify_larger) is taken
 * when the second does not take the first's place. */
static sei_vision_status read_all(sei_vision *v, const sei_image *img, sei_vision_result *out)
{
    v->use_finder = 0;
    v->size_refused = 0;
    /* Kept only where the stone finder's reading may follow. */
    v->kept.size = 0;
    v->keeping = v->p.rectify_larger && v->p.stone_finder && v->p.stone_evidence;
    sei_vision_status st = read_once(v, img, out);
    v->keeping = 0;
    if (st == SEI_VISION_NOBOARD && v->p.size && v->size_refused)
        st = size_given_free(v, img, out, 0);
    /* Nor when the picture contradicted a size given: that refusal stands.
     * Nor when the first reading found a 19x19 board: the second is there
     * for boards the first took a part of (or missed), and no board holds
     * a 19x19 one; all it could win with is a smaller board. On the 360
     * training renders, the 66 renders, the test set and the shared photos
     * it changed no reading, and it was half the worst times. */
    if (!v->p.stone_finder || !v->p.stone_evidence || (st != SEI_VISION_NOBOARD && st != SEI_VISION_OK) ||
        (st == SEI_VISION_OK && !out->board_unsure) || !img || !img->buf || (v->p.size && v->size_refused) ||
        (st == SEI_VISION_OK && out->size == 19)) {
        take_kept(v, st, out);
        return st;
    }
    sei_vision_result *r = malloc(sizeof *r);
    if (!r) {
        take_kept(v, st, out);
        return st;
    }
    char first_err[sizeof v->errmsg];
    memcpy(first_err, v->errmsg, sizeof first_err);
    double t = sei_now_ms();
    v->use_finder = 1;
    sei_vision_status st2 = read_once(v, img, r);
    v->use_finder = 0;
    if (v->p.trace)
        fprintf(v->p.trace, "stone finder: %s\n",
                st2 == SEI_VISION_OK ? (r->board_unsure ? "read, in doubt" : "read") : v->errmsg);
    /* The second reading is taken when the first found no board, when it
     * is sure of another size, and when both are in doubt but it found a
     * larger board. A first look in doubt fails most often by taking a
     * part of a board, or every other line of it, for a board (the lines
     * hidden under stones); a stone finder's board larger than the board
     * was not seen. On the 360 training renders this last case moved 8
     * boards from a smaller size to their own (4 of them perfect) or a
     * closer one, none to a size larger than their own. */
    if (st2 == SEI_VISION_OK && (st != SEI_VISION_OK || (!r->board_unsure && r->size != out->size) ||
                                 (r->board_unsure && out->board_unsure && r->size > out->size))) {
        take_reading(out, r);
        /* Two readings that disagree, or a board the first saw nothing
         * of: the board is in doubt, so that no size only the second
         * reading saw is ever given without it. */
        out->board_unsure = 1;
        st = SEI_VISION_OK;
        v->errmsg[0] = 0;
    } else if (st2 == SEI_VISION_NOBOARD && v->p.size && v->size_refused && st == SEI_VISION_OK) {
        /* A size given that the first reading took only in doubt, and the
         * stone finder's reading refused: it is held against every reading
         * with no size given, as a refusal of the first reading is (a
         * 19x19 render was taken as a 9x9 corner of it). */
        st = size_given_free(v, img, out, 1);
    } else {
        memcpy(v->errmsg, first_err, sizeof first_err);
        take_kept(v, st, out);
    }
    out->stage_ms[SEI_STAGE_FINDER] = sei_now_ms() - t;
    out->ms += out->stage_ms[SEI_STAGE_FINDER];
    free(r);
    return st;
}

/* The closer looks at the part roi of img (ink: the part the ink points
 * to), into z: as it is; when that finds no board, with its grey picture
 * smoothed (zoom_blur); when that finds none either, with the dots joined
 * (zoom_join), whose board counts only when the lattice stage is sure of
 * it. */
static sei_vision_status zoom_looks(sei_vision *v, const sei_image *img, const int roi[4], int ink,
                                    sei_vision_result *z)
{
    v->view = ink ? VIEW_ZOOM_INK : VIEW_ZOOM;
    sei_vision_status zs = read_view(v, img, roi, v->p.zoom_max, z, NULL);
    if (zs == SEI_VISION_NOBOARD && v->p.zoom_blur > 0) {
        v->blur = v->p.zoom_blur;
        zs = read_view(v, img, roi, v->p.zoom_max, z, NULL);
        v->blur = 0;
    }
    if (zs == SEI_VISION_NOBOARD && v->p.zoom_join > 0) {
        v->join = 1;
        zs = read_view(v, img, roi, v->p.zoom_max, z, NULL);
        v->join = 0;
        /* Joined dots make lines of any speckle too: a last look's board
         * counts only when it is sure of itself. */
        if (zs == SEI_VISION_OK && z->board_unsure)
            zs = fail(v, SEI_VISION_NOBOARD, "no board found: the closer look's joined lines make no sure board");
    }
    v->view = VIEW_PICTURE;
    if (zs == SEI_VISION_OK) {
        /* Enlarging shows no more than the camera saw: cells a few pixels
         * wide in the picture hold stones too small to tell apart. */
        double cell = sei_vision_cell_side((const double(*)[2])z->corners, z->size);
        if (cell < v->p.zoom_min_cell)
            zs = fail(v, SEI_VISION_NOBOARD,
                      "no board found: the closer look's board has cells of %.1f pixels, too small to read", cell);
    }
    if (v->p.trace)
        fprintf(v->p.trace, "zoom into %d,%d %dx%d: %s\n", roi[0], roi[1], roi[2], roi[3],
                zs == SEI_VISION_OK ? "read" : v->errmsg);
    return zs;
}

double sei_vision_cell_side(const double corners[4][2], int size)
{
    double side = 0;
    for (int k = 0; k < 4; k++)
        side += hypot(corners[(k + 1) % 4][0] - corners[k][0], corners[(k + 1) % 4][1] - corners[k][1]);
    return side / 4 / (size - 1);
}

/* Two parts of a picture that overlap by most of each (nine tenths of the
 * larger's area): a closer look at one sees what it saw at the other. A
 * part holding a much smaller one is not the same: the board may reach
 * beyond the smaller. */
static int same_part(const int a[4], const int b[4])
{
    int w = (a[0] + a[2] < b[0] + b[2] ? a[0] + a[2] : b[0] + b[2]) - (a[0] > b[0] ? a[0] : b[0]);
    int h = (a[1] + a[3] < b[1] + b[3] ? a[1] + a[3] : b[1] + b[3]) - (a[1] > b[1] ? a[1] : b[1]);
    double large = fmax((double)a[2] * a[3], (double)b[2] * b[3]);
    return w > 0 && h > 0 && (double)w * h >= 0.9 * large;
}

static sei_vision_status read_once(sei_vision *v, const sei_image *img, sei_vision_result *out)
{
    v->errmsg[0] = 0;
    if (!img || !img->buf) {
        memset(out, 0, sizeof *out);
        return fail(v, SEI_VISION_BADIMAGE, "no picture");
    }
    if (img->width < 32 || img->height < 32) {
        memset(out, 0, sizeof *out);
        return fail(v, SEI_VISION_NOBOARD, "the picture is %dx%d: too small to hold a readable board", img->width,
                    img->height);
    }
    double t0 = sei_now_ms();
    const int whole[4] = {0, 0, img->width, img->height};
    zoom_map *map = v->p.zoom ? calloc(1, sizeof *map) : NULL;
    if (map) {
        map->w = img->width;
        map->h = img->height;
    }
    sei_vision_status st = read_view(v, img, whole, 1, out, map);
    int roi[4] = {0, 0, 0, 0}, roi2[4];
    /* Not when a board was found but the size given refused it: a part of
     * it may look like a board of that size. */
    int part = map && (st == SEI_VISION_OK || (st == SEI_VISION_NOBOARD && !map->lattice));
    int at_first = part && zoom_roi(v, img, st == SEI_VISION_OK ? out : NULL, map, 0, roi);
    /* A first reading whose stones cannot be read (no wood to read them
     * by) has no closer look, as when they were read at once. Where the
     * view from above follows whatever they are, they wait for it
     * (rectify_waits). */
    if (!at_first && st == SEI_VISION_OK && !rectify_waits(v, out) && (st = stones_now(v, out)) != SEI_VISION_OK)
        part = 0;
    /* No board found, and none where the segments and stones point: where
     * the ink points, if elsewhere. Only then, so that every board the
     * closer look found before is found as it was. */
    int at_ink = part && st != SEI_VISION_OK && v->p.zoom_ink > 0 && zoom_roi(v, img, NULL, map, 1, roi2) &&
                 (!at_first || !same_part(roi, roi2));
    if (at_first || at_ink) {
        sei_vision_result *z = malloc(sizeof *z);
        double tz = sei_now_ms();
        char first_err[sizeof v->errmsg];
        memcpy(first_err, v->errmsg, sizeof first_err);
        sei_vision_status zs = z ? SEI_VISION_NOBOARD : SEI_VISION_NOMEM;
        if (z && at_first)
            zs = zoom_looks(v, img, roi, 0, z);
        if (z && zs == SEI_VISION_NOBOARD && at_ink)
            zs = zoom_looks(v, img, roi2, 1, z);
        /* The first reading's stones, unless a closer look that found a
         * board takes its place whatever they are: when it is sure of its
         * board, or when the first reading's lattice was in doubt (its
         * stones can add a doubt, never take one away). Read now, the
         * readings are the ones of reading them first, but for a first
         * reading whose stones could not have been read (no wood to read
         * them by), which used to end the reading without a closer look:
         * such a closer look now takes its place. When they are read and
         * cannot be, that failure stands, as before. */
        double zoom_ms = sei_now_ms() - tz;
        if (zs == SEI_VISION_OK && (!z->board_unsure || (st == SEI_VISION_OK && out->board_unsure)))
            stones_drop(v);
        else if (st == SEI_VISION_OK && !rectify_waits(v, out) && (st = stones_now(v, out)) != SEI_VISION_OK) {
            zs = SEI_VISION_NOBOARD;
            memcpy(first_err, v->errmsg, sizeof first_err);
        }
        /* The closer look wins when it found a board, unless the whole
         * picture's board was sure and the closer look's is not. */
        if (zs == SEI_VISION_OK && (st != SEI_VISION_OK || !z->board_unsure || out->board_unsure)) {
            int first_size = st == SEI_VISION_OK ? out->size : 0;
            take_reading(out, z);
            /* Sure of another size than the first look's board: reported
             * in doubt at the end (sei_vision_read), as two readings that
             * disagree are wherever else one takes another's place, though
             * the reading goes on as for a sure board (seed 7033's t077, a
             * 13x13 board whose closer look read a 9x9 part of it, sure). */
            out->size_disputed = first_size && first_size != out->size;
            st = SEI_VISION_OK;
        } else
            memcpy(v->errmsg, first_err, sizeof first_err);
        out->stage_ms[SEI_STAGE_ZOOM] = zoom_ms;
        free(z);
    }
    free(map);
    if (v->p.rectify && st == SEI_VISION_OK && out->board_unsure) {
        sei_vision_result *r = malloc(sizeof *r);
        double tr = sei_now_ms();
        int refused = v->size_refused;
        v->size_refused = 0;
        struct rect_board b = {0};
        sei_vision_status rs = r ? rectified_read(v, img, out, r, &b) : SEI_VISION_NOMEM;
        /* A view from a lattice in doubt is only roughly top-down; the
         * lattice read in it is closer, and so is the view it gives. Only
         * the last view's stones are read: its board takes the place of
         * the one before. */
        int rounds = v->use_finder ? v->p.finder_rectify_rounds : v->p.rectify_rounds;
        for (int round = 1; round < rounds && rs == SEI_VISION_OK && r->board_unsure; round++) {
            sei_vision_result *r2 = malloc(sizeof *r2);
            struct rect_board b2 = {0};
            if (!r2)
                break;
            /* A round that fails ends the rounds (the next would make the
             * same view again), and a size it refused is not held against
             * the board the view before read. */
            int refused_before = v->size_refused;
            int ok = rectified_read(v, img, r, r2, &b2) == SEI_VISION_OK;
            if (ok) {
                *r = *r2;
                sei_image_free(&b.work);
                b = b2;
            } else
                v->size_refused = refused_before;
            free(r2);
            if (!ok)
                break;
        }
        if (rs == SEI_VISION_OK)
            rs = rect_stones(v, &b, r);
        /* In doubt of where its lines lie, but sure of a larger board than
         * the first reading (rectify_larger): the first was a part of it. */
        int larger = v->p.rectify_larger && rs == SEI_VISION_OK && r->board_unsure && r->size > out->size &&
                     r->size_margin >= v->p.lattice.unsure_margin && r->size_margin > out->size_margin;
        /* In the first reading it waits for the stone finder's (read_all),
         * which also looks for a board the first took a part of and, where
         * it finds a larger one, places its lines better: the view is in
         * doubt of just that. */
        int keep = larger && v->keeping;
        if (keep)
            v->kept = *r;
        if (v->p.trace)
            fprintf(v->p.trace, "rectified: %s\n",
                    rs != SEI_VISION_OK ? v->errmsg
                    : keep ? "read, in doubt, sure of a larger board: kept for after the stone finder"
                    : larger ? "read, in doubt, sure of a larger board"
                    : r->board_unsure ? "read, in doubt"
                    : "read");
        /* The view from above wins when it is sure of its board, or of a
         * larger one; and a size given that the view from above
         * contradicts (its lines end before the size's, or go on beyond
         * them) is refused as it would have been in the first reading.
         * The first reading's stones, if they waited for this
         * (rectify_waits), are read unless it wins; when they cannot be
         * read, that failure stands, as when they were read before it
         * (their time is the stones stage's, not this one's). */
        double rect_ms = sei_now_ms() - tr;
        int wins = rs == SEI_VISION_OK && (!r->board_unsure || (larger && !keep));
        if (!wins && (st = stones_now(v, out)) != SEI_VISION_OK)
            v->size_refused = refused;
        else if (wins) {
            stones_drop(v);
            /* It does not clear the doubt: on 60 training renders kept
             * apart, a view from above was sure of a board a line off
             * twice, where the first reading had been rightly in doubt.
             * (Flagging the points the two readings read otherwise, as
             * the rival placement's are, caught few of them.) */
            take_reading(out, r);
            out->board_unsure = 1;
            v->errmsg[0] = 0;
        } else if (rs == SEI_VISION_NOBOARD && v->size_refused && v->p.size) {
            out->size = 0;
            st = SEI_VISION_NOBOARD;
        } else
            v->errmsg[0] = 0;
        out->stage_ms[SEI_STAGE_RECTIFY] = rect_ms;
        free(r);
    }
    out->ms = sei_now_ms() - t0;
    return st;
}

/* The picture (checked: colour, a lattice size the reader can hold)
 * shrunk to the working size into *work (the caller frees it), and the
 * lattice the four corner intersections fix: grid (col, row) to work's
 * pixels. */
static sei_vision_status corners_lattice(sei_vision *v, const sei_image *img, const double corners[4][2], int size,
                                         sei_image *work, double *scale, double H[9])
{
    if (!img || !img->buf || img->channels != 3)
        return fail(v, SEI_VISION_BADIMAGE, "a colour picture is needed");
    /* Any lattice the stones code can hold: the recorder also reads a
     * lattice one ring wider than the board, to see stones put just
     * outside the grid. */
    if (size < 2 || size > SEI_MAX_SIZE)
        return fail(v, SEI_VISION_BADIMAGE, "a lattice of %d lines cannot be read", size);
    int side = img->width > img->height ? img->width : img->height;
    *scale = side > v->p.work_side ? (double)v->p.work_side / side : 1.0;
    /* The whole picture at the working size: the prepare stage's, when it
     * kept it (in sei_vision_read, the rectify stage's views). */
    const struct prep_entry *e = prep_kept(v, img, 1, 1);
    if (e && e->scale == *scale) {
        if (sei_image_copy(&e->work, work))
            return fail(v, SEI_VISION_NOMEM, "out of memory");
    } else if (sei_cv_resize(img, work, (int)lround(img->width * *scale), (int)lround(img->height * *scale)))
        return fail(v, SEI_VISION_NOMEM, "cannot shrink the picture (out of memory?)");
    const double uv[8] = {0, 0, size - 1, 0, size - 1, size - 1, 0, size - 1};
    double xy[8];
    for (int i = 0; i < 4; i++) {
        xy[2 * i] = corners[i][0] * *scale;
        xy[2 * i + 1] = corners[i][1] * *scale;
    }
    if (sei_h_fit(uv, xy, 4, H))
        return fail(v, SEI_VISION_NOBOARD, "those corners do not make a board (three in a line?)");
    return SEI_VISION_OK;
}

sei_vision_status sei_vision_read_corners(sei_vision *v, const sei_image *img, const double corners[4][2], int size,
                                          sei_vision_result *out)
{
    double t0 = sei_now_ms();
    memset(out, 0, sizeof *out);
    v->errmsg[0] = 0;
    double scale = 1, H[9];
    sei_image work = {0};
    sei_vision_status st = corners_lattice(v, img, corners, size, &work, &scale, H);
    if (st == SEI_VISION_OK) {
        out->size = size;
        out->lattice_score = 0;
        st = read_stones(v, &work, H, size, scale, 0, 0, sei_now_ms(), out);
    }
    if (st == SEI_VISION_OK)
        set_view(out, img->width, img->height);
    out->ms = sei_now_ms() - t0;
    sei_image_free(&work);
    return st;
}

sei_vision_status sei_vision_patches(sei_vision *v, const sei_image *img, const double corners[4][2], int size,
                                     uint8_t *out)
{
    v->errmsg[0] = 0;
    double scale = 1, H[9];
    sei_image work = {0};
    sei_vision_status st = corners_lattice(v, img, corners, size, &work, &scale, H);
    if (st == SEI_VISION_OK) {
        float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2];
        stone_tops(H, size, work.width, work.height, v->p.stone_height, shift);
        st = cut_patches(v, &work, H, size, shift, out);
    }
    sei_image_free(&work);
    return st;
}

sei_vision_status sei_vision_annotate(sei_vision *v, const sei_image *img, const sei_vision_result *r,
                                      const uint8_t marks[SEI_MAX_SIZE][SEI_MAX_SIZE], sei_image *out)
{
    v->errmsg[0] = 0;
    if (img->channels != 3 || sei_image_copy(img, out))
        return fail(v, SEI_VISION_NOMEM, "cannot copy the picture");
    int n = r->size;
    double side = img->width > img->height ? img->width : img->height;
    int thick = side > 1500 ? 3 : 2;
    const uint8_t green[3] = {60, 220, 60}, black[3] = {20, 20, 20}, white[3] = {250, 250, 250},
                  red[3] = {40, 40, 230}, bterr[3] = {30, 30, 30}, wterr[3] = {235, 235, 235};
    draw_lattice(out, r->H, n, green, thick > 2 ? 2 : 1);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double px, py, qx, qy;
            sei_h_apply(r->H, x, y, &px, &py);
            sei_h_apply(r->H, x + 1, y, &qx, &qy);
            double cellpx = hypot(qx - px, qy - py);
            int m = marks ? marks[y][x] : 0;
            if (r->grid[y][x] != SEI_EMPTY) {
                const uint8_t *ring = r->grid[y][x] == SEI_BLACK ? white : black;
                sei_cv_circle(out, px, py, cellpx * 0.42, ring, thick);
                if (m == 1) {
                    double d = cellpx * 0.28;
                    sei_cv_line(out, px - d, py - d, px + d, py + d, red, thick + 1);
                    sei_cv_line(out, px - d, py + d, px + d, py - d, red, thick + 1);
                }
            } else if (m == 2 || m == 3) {
                double d = cellpx * 0.16;
                const uint8_t *c = m == 2 ? bterr : wterr;
                for (int k = -1; k <= 1; k++)
                    sei_cv_line(out, px - d, py + k * d * 0.6, px + d, py + k * d * 0.6, c, thick + 1);
            }
            if (r->unsure[y][x])
                sei_cv_circle(out, px, py, cellpx * 0.12, red, -1);
            /* A point a hand hides: ringed too, its colour a guess. */
            if (r->hidden[y][x])
                sei_cv_circle(out, px, py, cellpx * 0.3, red, thick);
        }
    return SEI_VISION_OK;
}
