/* lattice.h - the board's grid from everything the picture shows of it:
 * line segments, their crossings and stone centres, fitted as one
 * projective lattice; then the window of 9, 13 or 19 lines on it that
 * explains the evidence best. Pure C.
 *
 * The fit runs as named stages (each a function below, exposed so tests
 * can run it alone on synthetic data), with every tunable in
 * sei_lattice_params:
 *   1. families    two directions of segments (histogram of angles; of
 *                  three, the two whose lines cross most);
 *   2. lines       collinear segments of a family merged into lines;
 *   3. crossings   where a line of each family meets the other;
 *   4. hypotheses  lattices guessed from one cell of lines (RANSAC), from
 *                  the lines' vanishing points, and from triples of
 *                  neighbouring stones;
 *   5. grow        each guess refitted outwards on the crossings and stone
 *                  centres it explains;
 *   5b. parallax   the board's lattice and the stones' tops' (a plane a
 *                  little above it) fitted together, where both crossings
 *                  and stones hold it;
 *   6. window      the size and offset whose window of lattice points
 *                  explains every point (crossings, stones, lines passing
 *                  through) and leaves nothing lattice-like outside. */
#ifndef SEI_LATTICE_H
#define SEI_LATTICE_H

#include <stdint.h>
#include <stdio.h>

/* Tunables of the lattice fit, with their defaults from
 * sei_lattice_params_default. Lengths given as "diag" are shares of the
 * picture's diagonal; "cells" are lattice units. */
typedef struct {
    /* families */
    double min_seg_len;        /* segments shorter than this (diag) are noise (0.012) ... */
    double chain_min_len;      /* ... unless pieces of at least this (diag) chain into one that long:
                                  a grid line broken at each crossing (0.004; 0: no chaining) */
    double chain_gap;          /* chained pieces lie at most this many times the shorter's length
                                  apart along their line (1) ... */
    double chain_sine;         /* ... and are parallel within this sine (0.05) */
    int angle_smooth;          /* half width of the triangular smoothing of the angle histogram, degrees (3) */
    int family_gap;            /* the second family is at least this many degrees from the first (30) */
    double family_share;       /* the second family holds at least this share of the first's length (0.05) */
    int family_spread;         /* segments more than this many degrees off both families are dropped (28) */
    double pair_cross_ratio;   /* of three directions, a pair other than the two strongest is taken when
                                  its lines cross more than this many times as often, plus min_evidence
                                  (2: a skirting board's long edges outweighed one of a board's two
                                  directions in a phone photo, 6 crossings against 111) */
    /* lines */
    double line_tolerance;     /* segments this many pixels apart are one line (2.5) */
    double merge_factor;       /* lines merge within line_tolerance times this: a thick grid line's
                                  pieces may lie a few pixels apart (1.6; set when OpenCV's LSD gave
                                  both edges of a line, kept for the ridge finder's one middle) */
    double merge_parallel;     /* a segment joins a line when the sine of their angle is below this (0.06) */
    double merge_lines_parallel; /* two whole lines merge below this sine (0.05) */
    double line_slack;         /* allowance beyond a line's extent, per pixel along it, grows as
                                  line_slack / max(extent, 20): a short line's direction is unsure (1.5) */
    int max_lines;             /* lines kept (400) */
    int min_lines;             /* fewer lines in either family: the lines are not used, and without
                                  min_evidence stones there is no lattice (3) */
    /* crossings */
    double crossing_slack;     /* a crossing may lie this far (diag) beyond both lines' extents (0.005) */
    int max_crossings;         /* crossings kept (6000) */
    int min_evidence;          /* fewer crossings plus stone centres: no lattice; this many stones carry
                                  the fit without lines (12) */
    /* hypotheses from cells of lines */
    int rounds;                /* RANSAC hypotheses tried (1500) */
    double min_cell;           /* no cell side is smaller than this (diag): a 19x19 grid filling the
                                  frame has cells of about 0.04 (0.008) */
    double max_cell_area;      /* no cell covers more than this share of the picture (0.04) */
    double neighbour_taper;    /* a neighbouring line's distance to the first at one end is at most this
                                  times the other end's (plus 2 px): parallel in the picture (2.4) */
    double cell_side_ratio;    /* opposite sides of a cell differ by at most this factor (1.5) */
    double cell_aspect;        /* adjacent sides differ by at most this factor (3) */
    double hyp_tol;            /* a crossing is on a lattice point within this many cells (0.2) */
    int hyp_radius;            /* a guess is scored on the points within this many cells of its cell (4) */
    double align_weight;       /* weight of the lines' agreement with the lattice's axes in a score (0.5) */
    double align_sine;         /* a line runs along an axis when |small/big| of its lattice direction is below (0.1) */
    int top_k;                 /* best guesses kept for growing (10) */
    double min_hyp_score;      /* the best guess must score at least this (6) */
    /* hypotheses from vanishing points */
    int vp_rounds;             /* RANSAC rounds for each vanishing point (300) */
    double vp_tol_deg;         /* a line passes through a vanishing point within this angle (1.5) */
    double rect_parallel;      /* after rectifying, a family's lines are parallel within this sine (0.03) */
    double fit1d_tol;          /* a line sits on a 1-D lattice position within this share of a step (0.12) */
    double fit1d_hole;         /* each empty position between the first and last costs this (0.7) */
    double fit1d_max_step;     /* largest step, in normalised picture units (the half diagonal is 1) (0.5) */
    /* hypotheses from stones */
    int stone_rounds;          /* triples of neighbouring stones tried (400) */
    double stone_near;         /* neighbours lie within this many stone radii of a centre (3.2) */
    double stone_min_gap;      /* and at least this many radii (1.4) */
    double stone_angle_cos;    /* the two sides of a triple are at least this far from parallel: |cos| below (0.5) */
    double stone_r_min;        /* once a lattice is guessed, only blobs of a stone's radius on it, at */
    double stone_r_max;        /* least stone_r_min and at most stone_r_max cells, count (0.3, 0.7) */
    /* grow */
    double grow_radius[6];     /* each refit takes the points within this many cells ... (3 5 8 12 18 60) */
    double grow_tol[6];        /* ... that sit within this many cells of a lattice point (.25 .22 .2 .18 .16 .15) */
    double max_shrink;         /* across the fitted points cells shrink by at most this factor (6) */
    int exact_crossings;       /* when the crossings fill the lattice with this many points, net of its
                                  holes, the final fit is refitted on them alone (stone centres are
                                  seen at the stones' tops) ... (40) */
    double exact_loss;         /* ... if that explains the crossings at most this share worse (0) */
    /* parallax (after grow): stone centres are seen near the stones' tops, a plane above the
       board's, so the stones' lattice is the board's moved by the tops' height along the vertical */
    int parallax_min;          /* both lattices are fitted together when at least this many crossings
                                  and this many stones sit on them (24; 0: never): a few stones
                                  barely move the lattice, and a dozen blobs of an aliased grid
                                  seen from afar can fit a second lattice as well as they fit the
                                  first (a far 19x19 recording: 16 such blobs) */
    double parallax_tol[3];    /* each of the three refits takes the points within this many cells of
                                  a lattice point (.35 .25 .2) */
    double parallax_max;       /* the tops' lattice lies at most this many cells from the board's at
                                  the stones' centre, else the fit went astray (0.6) */
    double parallax_depth;     /* where the cells shrink by at least this share a cell (0.01: a view
                                  with perspective) ... */
    double parallax_cos;       /* ... the tops stand off the way the depth grows, within the angle of
                                  this cosine (0.7, 45 degrees; on 120 training renders the shifts
                                  taken were within 20 degrees of it, and one 83 degrees off moved a
                                  board a line) */
    /* judging grown guesses */
    double point_tol;          /* evidence is on a lattice point within this many cells (0.15) */
    int row_min;               /* rows and columns with fewer hits than this are outside the judged box (3) */
    double box_hole;           /* each empty point in that box costs this (0.5) */
    /* window */
    double line_cover;         /* a merged line lying on a lattice line marks the points it passes
                                  with this much evidence (0.5) */
    double window_hole;        /* each point of the window with no evidence costs this (0.4) */
    double window_out;         /* each point of evidence outside the window costs this (1) */
    double window_rim;         /* each point of evidence on the ring just outside the window costs
                                  this more: a board has a bare wood margin there (1.5) */
    double unsure_margin;      /* the best window must beat the best of another size by this many
                                  points of evidence per line of the board ... (1.1) */
    double unsure_shift;       /* ... and the same size at any other offset by this many, else the
                                  board is flagged unsure (0.5) ... */
    double unsure_outside;     /* ... as it is when more than this share of the points of evidence on
                                  the lattice lie outside the window: more board may lie beyond (0.12) */
    double min_support;        /* the window's evidence, summed over its points (a crossing or a
                                  stone centre 1, a point only a merged line covers line_cover), must
                                  come to at least this share of its points, else no board (0.2) */
    uint64_t seed;             /* 0: a fixed seed; the fit is repeatable */
    FILE *trace;               /* each stage's figures and the evidence's map are written here for a
                                  person tracing a reading (NULL, the default: nowhere); the reader
                                  gives its own trace to its fit when this one is NULL */
} sei_lattice_params;

void sei_lattice_params_default(sei_lattice_params *p);

/* Evidence for the fit beyond segments: stone candidates (x, y, radius in
 * pixels, and +1 dark / -1 bright), from sei_cv_stone_blobs or a test. */
typedef struct {
    float x, y, r;
    int dark;
} sei_lattice_stone;

enum { SEI_LAT_FAMILIES = 0, SEI_LAT_LINES, SEI_LAT_CROSSINGS, SEI_LAT_HYPOTHESES, SEI_LAT_GROW, SEI_LAT_PARALLAX,
       SEI_LAT_WINDOW, SEI_LAT_STAGES };
extern const char *const sei_lattice_stage_names[SEI_LAT_STAGES];

/* One merged line: a x + b y + c = 0 with a^2 + b^2 = 1, its extent along
 * t = b x - a y, and the weighted endpoint sums it was fitted from. */
typedef struct {
    double a, b, c;
    double sw, sx, sy, sxx, sxy, syy;
    double tmin, tmax;
    double len;        /* total segment length */
    int fam;           /* 0 or 1 */
} sei_lattice_line;

typedef struct {
    double H[9];        /* lattice (u, v) to pixels; u, v = 0 .. size-1 */
    int size;           /* 9, 13 or 19; 0 when no lattice was found */
    double score;       /* the window's evidence summed over its points, as a share of them
                           (what min_support is held against) */
    double margin;      /* the best window's lead over the best of another size, points per line */
    int runner_size;    /* that runner-up's size (0: only one size was tried) */
    double shift_margin; /* its lead over the same size at any other offset, points per line */
    int shift[2];       /* that other offset: where its window starts, in lattice points from this
                           one's start (u, v), before the board is turned upright; 0 0 when none */
    int free_size;      /* the size the window stage finds with no size given (0: none holds
                           enough evidence); the same as size when none was given. The stages
                           before the window never look at the size, so this is what a second
                           fit with size 0 would find, at the cost of the window stage alone */
    double outside;     /* share of the points of evidence on the lattice outside the window */
    int unsure;         /* 1: a runner-up is too close (margin < unsure_margin or shift_margin <
                           unsure_shift), or too much lies outside (outside > unsure_outside) */
    int lines_a, lines_b; /* lines found in each family */
    int crossings, stones; /* evidence points used */
    int parallax;       /* 1: the parallax stage set the board's plane apart from the stones' tops */
    double stage_ms[SEI_LAT_STAGES];
    char why[160];      /* when size is 0: what went wrong */
    /* What the stages saw, for debug pictures; owned by the result, freed
     * by sei_lattice_free (only filled when keep is set in the fit). */
    sei_lattice_line *lines;
    int nlines;
    double *points;     /* crossings then on-lattice stone centres, x y pairs */
    int npoints;
} sei_lattice;

/* Fit the lattice to n segments (5 floats each: x1, y1, x2, y2, width) and
 * ns stone candidates (may be NULL) of a w x h picture. size: 0 to find
 * it, else 9/13/19. keep: keep the lines and points in out for debug
 * pictures. Returns 0 with *out filled, or -1 with out->why set. Either
 * way sei_lattice_free(out) releases what it holds. */
int sei_lattice_fit(const float *segs, int n, const sei_lattice_stone *stones, int ns, int w, int h, int size,
                    const sei_lattice_params *p, int keep, sei_lattice *out);
void sei_lattice_free(sei_lattice *out);

/* --- The stages alone (for tests; sei_lattice_fit chains them). --- */

/* 0. Short segments that continue one another chained into one (see
 * chain_min_len) into out (room for n); returns the count. Segments of at
 * least min_seg_len pass unchanged; pieces that chain with nothing are
 * dropped. */
int sei_lattice_chain(const float *segs, int n, double diag, const sei_lattice_params *p, float *out);
/* 1. Up to three main directions (degrees 0..179) of the segments, each
 * at least family_gap from the others, strongest first; returns how many.
 * Fewer than two: no grid. The fit takes the first two as the families,
 * or, of three, the pair whose lines cross most. */
int sei_lattice_directions(const float *segs, int n, double diag, const sei_lattice_params *p, int dir[3]);
/* 2. Segments merged into lines of the two families; returns the count
 * (at most p->max_lines), or -1 when out of memory. */
int sei_lattice_lines(const float *segs, int n, const int fam[2], double diag, const sei_lattice_params *p,
                      sei_lattice_line *lines);
/* 3. Crossings of lines of different families within their extents, x y
 * pairs into pts (room for max). Returns the count. */
int sei_lattice_crossings(const sei_lattice_line *lines, int nl, double diag, const sei_lattice_params *p, double *pts,
                          int max);
/* 4a. The lattice from the lines' vanishing points and 1-D spacing fits.
 * Returns 0 with H (lattice to pixels), or -1. */
int sei_lattice_by_vanishing(const sei_lattice_line *lines, int nl, int w, int h, const sei_lattice_params *p,
                             uint64_t *rng, double H[9]);
/* 4b. A lattice from stone centres: RANSAC over triples of neighbouring
 * stones, each making one cell's two sides; scored by the centres on
 * lattice points near it. Returns 0 with H, or -1. */
int sei_lattice_by_stones(const sei_lattice_stone *st, int n, const sei_lattice_params *p, uint64_t *rng,
                          double H[9]);
/* 5. Refit H outwards from its cell on the points it explains (x y pairs,
 * weights may be NULL); min_cell in pixels. */
void sei_lattice_grow(const double *pts, int n, const sei_lattice_params *p, double min_cell, double H[9]);
/* 5b. The board's lattice H and the stones' tops' lattice Hs fitted together
 * on n points of evidence on H, the first nc crossings (on the board's
 * plane) and the rest stone centres (near their tops). Returns 0 with both,
 * or -1 (H unchanged) when too few of either sit on them or the two lie
 * too far apart. */
int sei_lattice_parallax(const double *pts, int nc, int n, const sei_lattice_params *p, double H[9], double Hs[9]);
/* 6. The window. ev is a 121 x 121 grid of evidence (0..1: 1 a point, a
 * crossing or a stone; less, a line passing) on lattice points -60..60
 * ([u + 60][v + 60]). size: 0 any, else only that size. Returns the best
 * window's score, with its size and its first lattice point; the best
 * score of another size in *runner (its size in *runner_size, 0 when only
 * one size was tried) and of the same size at another offset in
 * *runner_offset, with that offset's first point in runner_start (may be
 * NULL). -1e18 when no window fits. */
double sei_lattice_window(const float ev[121][121], int size, const sei_lattice_params *p, int *best_n, int start[2],
                          double *runner, int *runner_size, double *runner_offset, int runner_start[2]);

/* Apply a row-major 3x3 homography to (x, y). */
static inline void sei_h_apply(const double H[9], double x, double y, double *ox, double *oy)
{
    double z = H[6] * x + H[7] * y + H[8];
    if (z == 0)
        z = 1e-12;
    *ox = (H[0] * x + H[1] * y + H[2]) / z;
    *oy = (H[3] * x + H[4] * y + H[5]) / z;
}

/* Least-squares homography taking n >= 4 src points to dst points (x, y
 * pairs), normalised for conditioning. Returns 0, or -1 when degenerate. */
int sei_h_fit(const double *src, const double *dst, int n, double H[9]);

/* C = A * B and the inverse of a 3x3 matrix (returns -1 when singular). */
void sei_h_mul(const double A[9], const double B[9], double C[9]);
int sei_h_inv(const double A[9], double R[9]);

#endif
