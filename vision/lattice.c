/* lattice.c - the board's grid from line segments and stone centres.
 *
 * A grid seen in perspective is a projective image of the integer lattice:
 * one homography H takes (u, v) to pixels and every grid line is u = k or
 * v = k. So instead of trusting single lines (a crowded end-game board hides
 * most of them behind stones) the lattice is fitted as a whole, from every
 * piece of evidence that sits on it: crossings of grid lines and the
 * centres of stones. The stages are named in lattice.h; each is a function
 * here with its tunables in sei_lattice_params. */
#define _POSIX_C_SOURCE 200809L
#include "lattice.h"

#include "board.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
/* Lattice points -GR..GR in each direction are tracked in evidence grids. */
#define GR 60
#define GW (2 * GR + 1)

typedef sei_lattice_line line_t;

const char *const sei_lattice_stage_names[SEI_LAT_STAGES] = {"families", "lines", "crossings",
                                                             "hypotheses", "grow", "parallax", "window"};

void sei_lattice_params_default(sei_lattice_params *p)
{
    memset(p, 0, sizeof *p);
    p->min_seg_len = 0.012;
    p->chain_min_len = 0.004;
    p->chain_gap = 1.0;
    p->chain_sine = 0.05;
    p->angle_smooth = 3;
    p->family_gap = 30;
    p->family_share = 0.05;
    p->family_spread = 28;
    p->pair_cross_ratio = 2;
    p->line_tolerance = 2.5;
    p->merge_factor = 1.6;
    p->merge_parallel = 0.06;
    p->merge_lines_parallel = 0.05;
    p->line_slack = 1.5;
    p->max_lines = 400;
    p->min_lines = 3;
    p->crossing_slack = 0.005;
    p->max_crossings = 6000;
    p->min_evidence = 12;
    p->rounds = 800;
    p->min_cell = 0.008;
    p->max_cell_area = 0.04;
    p->neighbour_taper = 2.4;
    p->cell_side_ratio = 1.5;
    p->cell_aspect = 3;
    p->hyp_tol = 0.2;
    p->hyp_radius = 4;
    p->align_weight = 0.5;
    p->align_sine = 0.1;
    p->top_k = 10;
    p->min_hyp_score = 6;
    p->vp_rounds = 300;
    p->vp_tol_deg = 1.5;
    p->rect_parallel = 0.03;
    p->fit1d_tol = 0.12;
    p->fit1d_hole = 0.7;
    p->fit1d_max_step = 0.5;
    p->stone_rounds = 400;
    p->stone_near = 3.2;
    p->stone_min_gap = 1.4;
    p->stone_angle_cos = 0.5;
    p->stone_r_min = 0.3;
    p->stone_r_max = 0.7;
    const double radii[6] = {3, 5, 8, 12, 18, 60}, tols[6] = {0.25, 0.22, 0.2, 0.18, 0.16, 0.15};
    memcpy(p->grow_radius, radii, sizeof radii);
    memcpy(p->grow_tol, tols, sizeof tols);
    p->max_shrink = 6;
    p->exact_crossings = 40;
    p->parallax_min = 24;
    p->parallax_max = 0.6;
    p->parallax_depth = 0.01;
    p->parallax_cos = 0.7;
    p->parallax_tol[0] = 0.35;
    p->parallax_tol[1] = 0.25;
    p->parallax_tol[2] = 0.2;
    p->exact_loss = 0;
    p->point_tol = 0.15;
    p->row_min = 3;
    p->box_hole = 0.5;
    p->line_cover = 0.5;
    p->window_hole = 0.4;
    p->window_out = 1.0;
    p->window_rim = 1.5;
    p->unsure_margin = 1.1;
    p->unsure_shift = 0.5;
    p->unsure_outside = 0.12;
    p->min_support = 0.2;
    p->seed = 0;
}

void sei_h_mul(const double A[9], const double B[9], double C[9])
{
    double R[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
    memcpy(C, R, sizeof R);
}

int sei_h_inv(const double m[9], double r[9])
{
    double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                 m[2] * (m[3] * m[7] - m[4] * m[6]);
    if (fabs(det) < 1e-15)
        return -1;
    double inv[9] = {m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                     m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                     m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]};
    for (int i = 0; i < 9; i++)
        r[i] = inv[i] / det;
    return 0;
}

/* Hartley's normalisation: centre the points and scale them to a mean
 * distance of sqrt(2), so the normal equations stay well conditioned. */
static void normaliser(const double *p, int n, double T[9])
{
    double mx = 0, my = 0, d = 0;
    for (int i = 0; i < n; i++) {
        mx += p[2 * i];
        my += p[2 * i + 1];
    }
    mx /= n;
    my /= n;
    for (int i = 0; i < n; i++)
        d += hypot(p[2 * i] - mx, p[2 * i + 1] - my);
    d /= n;
    double s = d > 1e-12 ? sqrt(2.0) / d : 1;
    double t[9] = {s, 0, -s * mx, 0, s, -s * my, 0, 0, 1};
    memcpy(T, t, sizeof t);
}

/* Solve the normal equations A (rows x rows+1, augmented) in place by
 * Gauss-Jordan elimination with partial pivoting into x. -1 when
 * singular. */
static int solve_normal(double *A, int rows, double *x)
{
    int cols = rows + 1;
    for (int c = 0; c < rows; c++) {
        int piv = c;
        for (int r = c + 1; r < rows; r++)
            if (fabs(A[r * cols + c]) > fabs(A[piv * cols + c]))
                piv = r;
        if (fabs(A[piv * cols + c]) < 1e-12)
            return -1;
        if (piv != c)
            for (int k = 0; k < cols; k++) {
                double t = A[c * cols + k];
                A[c * cols + k] = A[piv * cols + k];
                A[piv * cols + k] = t;
            }
        for (int r = 0; r < rows; r++) {
            if (r == c)
                continue;
            double f = A[r * cols + c] / A[c * cols + c];
            for (int k = c; k < cols; k++)
                A[r * cols + k] -= f * A[c * cols + k];
        }
    }
    for (int i = 0; i < rows; i++)
        x[i] = A[i * cols + rows] / A[i * cols + i];
    return 0;
}

int sei_h_fit(const double *src, const double *dst, int n, double H[9])
{
    if (n < 4)
        return -1;
    double Ts[9], Td[9];
    normaliser(src, n, Ts);
    normaliser(dst, n, Td);
    /* Normal equations of the 8-unknown DLT (h33 = 1). */
    double A[8][9];
    memset(A, 0, sizeof A);
    for (int i = 0; i < n; i++) {
        double x, y, X, Y;
        sei_h_apply(Ts, src[2 * i], src[2 * i + 1], &x, &y);
        sei_h_apply(Td, dst[2 * i], dst[2 * i + 1], &X, &Y);
        double r[2][9] = {{x, y, 1, 0, 0, 0, -X * x, -X * y, X}, {0, 0, 0, x, y, 1, -Y * x, -Y * y, Y}};
        for (int k = 0; k < 2; k++)
            for (int a = 0; a < 8; a++)
                for (int b = 0; b < 9; b++)
                    A[a][b] += r[k][a] * r[k][b];
    }
    double Hn[9];
    if (solve_normal(&A[0][0], 8, Hn))
        return -1;
    Hn[8] = 1;
    /* Undo the normalisation: H = Td^-1 Hn Ts. */
    double Tdi[9], tmp[9];
    if (sei_h_inv(Td, Tdi))
        return -1;
    sei_h_mul(Tdi, Hn, tmp);
    sei_h_mul(tmp, Ts, H);
    return 0;
}

/* Distinct lattice points within `radius` of the origin cell that some
 * point lands on, within tol lattice units. */
static double score_points(const double *pts, int n, const double Hinv[9], double tol, int radius)
{
    static const uint8_t zero_row[GW] = {0};
    uint8_t hit[GW][GW];
    for (int i = 0; i < GW; i++)
        memcpy(hit[i], zero_row, GW);
    double s = 0;
    if (radius > GR)
        radius = GR;
    for (int i = 0; i < n; i++) {
        double u, v;
        sei_h_apply(Hinv, pts[2 * i], pts[2 * i + 1], &u, &v);
        if (u < -radius || u > radius + 1 || v < -radius || v > radius + 1)
            continue;
        double ku = floor(u + 0.5), kv = floor(v + 0.5);
        if (fabs(u - ku) > tol || fabs(v - kv) > tol)
            continue;
        uint8_t *h = &hit[(int)ku + GR][(int)kv + GR];
        if (!*h) {
            *h = 1;
            s += 1;
        }
    }
    return s;
}

/* Could H be a board seen by a camera? Over the lattice points it was fitted
 * on (and one cell beyond), the plane stays in front of the camera (the
 * projective divisor keeps its sign) and cells shrink with distance by no
 * more than max_shrink. A least-squares fit on a few bad crossings can
 * otherwise fold the lattice through the horizon. */
static int plausible(const double H[9], const double *uv, int m, double min_cell, double max_shrink)
{
    double umin = 1e9, umax = -1e9, vmin = 1e9, vmax = -1e9;
    for (int i = 0; i < m; i++) {
        if (uv[2 * i] < umin) umin = uv[2 * i];
        if (uv[2 * i] > umax) umax = uv[2 * i];
        if (uv[2 * i + 1] < vmin) vmin = uv[2 * i + 1];
        if (uv[2 * i + 1] > vmax) vmax = uv[2 * i + 1];
    }
    umin -= 1; vmin -= 1; umax += 1; vmax += 1;
    const double cu[4] = {umin, umax, umax, umin}, cv[4] = {vmin, vmin, vmax, vmax};
    double sign = 0, smin = 1e18, smax = 0;
    for (int i = 0; i < 4; i++) {
        double z = H[6] * cu[i] + H[7] * cv[i] + H[8];
        if (sign == 0)
            sign = z;
        if (z * sign <= 0)
            return 0;
        double x0, y0, x1, y1, x2, y2;
        sei_h_apply(H, cu[i], cv[i], &x0, &y0);
        sei_h_apply(H, cu[i] + 1, cv[i], &x1, &y1);
        sei_h_apply(H, cu[i], cv[i] + 1, &x2, &y2);
        double s = hypot(x1 - x0, y1 - y0) + hypot(x2 - x0, y2 - y0);
        if (s < smin) smin = s;
        if (s > smax) smax = s;
    }
    return smin >= 2 * min_cell && smax / smin < max_shrink;
}

/* Stage 5: refit H on the points it explains, from its own cell outwards:
 * each round takes the points within a wider window, so the fit is good
 * where it is extended before it is extended further. */
void sei_lattice_grow(const double *pts, int n, const sei_lattice_params *p, double min_cell, double H[9])
{
    double *src = malloc(sizeof(double) * 2 * (size_t)(n + 1)), *dst = malloc(sizeof(double) * 2 * (size_t)(n + 1));
    if (!src || !dst) {
        free(src);
        free(dst);
        return;
    }
    for (int round = 0; round < 6; round++) {
        double Hinv[9], rad = p->grow_radius[round], tol = p->grow_tol[round];
        if (sei_h_inv(H, Hinv))
            break;
        int m = 0;
        for (int i = 0; i < n; i++) {
            double u, v;
            sei_h_apply(Hinv, pts[2 * i], pts[2 * i + 1], &u, &v);
            if (u < -rad || u > rad + 1 || v < -rad || v > rad + 1)
                continue;
            double ku = floor(u + 0.5), kv = floor(v + 0.5);
            if (fabs(u - ku) > tol || fabs(v - kv) > tol)
                continue;
            src[2 * m] = ku;
            src[2 * m + 1] = kv;
            dst[2 * m] = pts[2 * i];
            dst[2 * m + 1] = pts[2 * i + 1];
            m++;
        }
        double G[9];
        if (m < 8 || sei_h_fit(src, dst, m, G) || !plausible(G, src, m, min_cell, p->max_shrink))
            break;
        memcpy(H, G, sizeof G);
    }
    free(src);
    free(dst);
}

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Refit a line through its weighted endpoints (total least squares). */
static void refit(line_t *l)
{
    double mx = l->sx / l->sw, my = l->sy / l->sw;
    double cxx = l->sxx / l->sw - mx * mx, cxy = l->sxy / l->sw - mx * my, cyy = l->syy / l->sw - my * my;
    /* Direction: the main axis of the covariance. */
    double ang = 0.5 * atan2(2 * cxy, cxx - cyy);
    double dx = cos(ang), dy = sin(ang);
    l->a = -dy;
    l->b = dx;
    l->c = -(l->a * mx + l->b * my);
}

static void add_points(line_t *l, double x1, double y1, double x2, double y2, double w)
{
    double pts[2][2] = {{x1, y1}, {x2, y2}};
    for (int i = 0; i < 2; i++) {
        double x = pts[i][0], y = pts[i][1];
        l->sw += w;
        l->sx += w * x;
        l->sy += w * y;
        l->sxx += w * x * x;
        l->sxy += w * x * y;
        l->syy += w * y * y;
    }
}

/* Is (x, y) on line l? The allowance grows along the line with the
 * uncertainty of its direction: a line fitted to one short segment may be
 * a degree off, one fitted along the whole board is not. */
static int on_line(const line_t *l, double x, double y, double tol, double line_slack)
{
    double d = fabs(l->a * x + l->b * y + l->c);
    if (l->tmax < l->tmin)
        return d < tol;
    double t = l->b * x - l->a * y, mid = 0.5 * (l->tmin + l->tmax), span = l->tmax - l->tmin;
    double slack = fabs(t - mid) - 0.5 * span;
    if (slack < 0)
        slack = 0;
    return d < tol + slack * line_slack / (span > 20 ? span : 20);
}

/* Widen l's extent to cover (x, y). The extent uses t = b x - a y, the
 * coordinate along the line from the foot of the origin: x0 + t (b, -a)
 * with x0 = -c (a, b). */
static void extend(line_t *l, double x, double y)
{
    double t = l->b * x - l->a * y;
    if (t < l->tmin) l->tmin = t;
    if (t > l->tmax) l->tmax = t;
}

/* The two ends of l's extent, as points on the line (x, y pairs, with
 * room for 2 doubles each). */
static void line_ends(const line_t *l, double *p, double *q)
{
    p[0] = -l->a * l->c + l->b * l->tmin;
    p[1] = -l->b * l->c - l->a * l->tmin;
    q[0] = -l->a * l->c + l->b * l->tmax;
    q[1] = -l->b * l->c - l->a * l->tmax;
}

/* Where two lines cross; -1 when they are (nearly) parallel. */
static int cross(const line_t *p, const line_t *q, double *x, double *y)
{
    double d = p->a * q->b - p->b * q->a;
    if (fabs(d) < 1e-9)
        return -1;
    *x = (p->b * q->c - q->b * p->c) / d;
    *y = (q->a * p->c - p->a * q->c) / d;
    return 0;
}

/* How well the lines agree with the lattice's own directions: a lattice
 * and any sheared basis of it share their points (the crossings alone
 * cannot tell them apart), but only the true one runs along the grid
 * lines. Each line near the origin (midpoint within `radius` cells) votes
 * +1 when its direction in lattice coordinates is within about 6 degrees
 * of an axis, -1 when it is not. */
static double alignment(const line_t *lines, int n, const double Hinv[9], double radius, double align_sine)
{
    double s = 0;
    for (int i = 0; i < n; i++) {
        double p[2], q[2];
        line_ends(&lines[i], p, q);
        double mx = 0.5 * (p[0] + q[0]), my = 0.5 * (p[1] + q[1]);
        double len = hypot(q[0] - p[0], q[1] - p[1]);
        if (len < 1)
            continue;
        double ux = (q[0] - p[0]) / len, uy = (q[1] - p[1]) / len;
        double u0, v0, u1, v1;
        sei_h_apply(Hinv, mx, my, &u0, &v0);
        if (fabs(u0) > radius + 1 || fabs(v0) > radius + 1)
            continue;
        sei_h_apply(Hinv, mx + ux * 4, my + uy * 4, &u1, &v1);
        double du = fabs(u1 - u0), dv = fabs(v1 - v0);
        double big = du > dv ? du : dv, small = du > dv ? dv : du;
        if (big < 1e-9)
            continue;
        s += small / big < align_sine ? 1 : -1;
    }
    return s;
}

static void smallest_eigvec(double A[3][3], double v[3])
{
    double V[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int sweep = 0; sweep < 30; sweep++) {
        double off = fabs(A[0][1]) + fabs(A[0][2]) + fabs(A[1][2]);
        if (off < 1e-15)
            break;
        for (int p = 0; p < 2; p++)
            for (int q = p + 1; q < 3; q++) {
                if (fabs(A[p][q]) < 1e-18)
                    continue;
                double theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
                double t = (theta >= 0 ? 1 : -1) / (fabs(theta) + sqrt(theta * theta + 1));
                double c = 1 / sqrt(t * t + 1), s = t * c;
                for (int k = 0; k < 3; k++) {
                    double akp = A[k][p], akq = A[k][q];
                    A[k][p] = c * akp - s * akq;
                    A[k][q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; k++) {
                    double apk = A[p][k], aqk = A[q][k];
                    A[p][k] = c * apk - s * aqk;
                    A[q][k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; k++) {
                    double vkp = V[k][p], vkq = V[k][q];
                    V[k][p] = c * vkp - s * vkq;
                    V[k][q] = s * vkp + c * vkq;
                }
            }
    }
    int m = 0;
    for (int i = 1; i < 3; i++)
        if (A[i][i] < A[m][m])
            m = i;
    for (int k = 0; k < 3; k++)
        v[k] = V[k][m];
}

/* A line in normalised picture coordinates (centre at 0, diagonal 2), as
 * a homogeneous 3-vector, with its midpoint and direction. */
typedef struct {
    double l[3], mx, my, dx, dy, w;
} nline_t;

/* Angle between a line's direction and the direction from its midpoint
 * to the point vp (homogeneous; at infinity when vp[2] is ~0). */
static double vp_angle(const nline_t *L, const double vp[3])
{
    double tx, ty;
    if (fabs(vp[2]) < 1e-9) {
        tx = vp[0];
        ty = vp[1];
    } else {
        tx = vp[0] / vp[2] - L->mx;
        ty = vp[1] / vp[2] - L->my;
    }
    double n = hypot(tx, ty);
    if (n < 1e-12)
        return PI / 2;
    double c = fabs(tx * L->dx + ty * L->dy) / n;
    return acos(c > 1 ? 1 : c);
}

/* The vanishing point of one family: RANSAC on line pairs, then the
 * least-squares point of the inliers (smallest eigenvector of sum w l l^T). */
static int vanishing_point(const nline_t *L, int n, const sei_lattice_params *p, double vp[3], uint64_t *rng)
{
    if (n < 2)
        return -1;
    const double tol = p->vp_tol_deg * PI / 180;
    double best = -1, bv[3] = {0, 0, 0};
    for (int r = 0; r < p->vp_rounds; r++) {
        int i = (int)(next_rand(rng) % (uint64_t)n), j = (int)(next_rand(rng) % (uint64_t)n);
        if (i == j)
            continue;
        double v[3] = {L[i].l[1] * L[j].l[2] - L[i].l[2] * L[j].l[1], L[i].l[2] * L[j].l[0] - L[i].l[0] * L[j].l[2],
                       L[i].l[0] * L[j].l[1] - L[i].l[1] * L[j].l[0]};
        double nv = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        if (nv < 1e-12)
            continue;
        for (int k = 0; k < 3; k++)
            v[k] /= nv;
        double s = 0;
        for (int k = 0; k < n; k++)
            if (vp_angle(&L[k], v) < tol)
                s += L[k].w;
        if (s > best) {
            best = s;
            memcpy(bv, v, sizeof bv);
        }
    }
    if (best <= 0)
        return -1;
    double M[3][3] = {{0}};
    for (int k = 0; k < n; k++) {
        if (vp_angle(&L[k], bv) >= 2 * tol)
            continue;
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                M[a][b] += L[k].w * L[k].l[a] * L[k].l[b];
    }
    smallest_eigvec(M, vp);
    return 0;
}

/* Spacing and phase of a 1-D lattice through weighted offsets: o = phase +
 * spacing * k. Candidate spacings come from the gaps between offsets; each
 * is scored by the distinct lattice positions it explains, less the holes
 * between them, so half the spacing (every other position empty) and twice
 * it (half the lines unexplained) both lose. */
static int fit_1d(const double *o, const double *w, int n, double min_s, double max_s, const sei_lattice_params *p,
                  double *spacing, double *phase)
{
    double best = -1e9;
    int found = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = o[j] - o[i];
            if (s < min_s || s > max_s)
                continue;
            /* Phase: the weighted circular mean of the offsets. */
            double cs = 0, sn = 0;
            for (int k = 0; k < n; k++) {
                double a = 2 * PI * o[k] / s;
                cs += w[k] * cos(a);
                sn += w[k] * sin(a);
            }
            double ph = atan2(sn, cs) * s / (2 * PI);
            int lo = 1 << 30, hi = -(1 << 30), distinct = 0;
            uint8_t seen[256];
            memset(seen, 0, sizeof seen);
            for (int k = 0; k < n; k++) {
                double q = (o[k] - ph) / s, kq = floor(q + 0.5);
                if (fabs(q - kq) > p->fit1d_tol || fabs(kq) > 120)
                    continue;
                int id = (int)kq + 128;
                if (!seen[id]) {
                    seen[id] = 1;
                    distinct++;
                }
                if (id < lo) lo = id;
                if (id > hi) hi = id;
            }
            if (!distinct)
                continue;
            double sc = distinct - p->fit1d_hole * ((hi - lo + 1) - distinct);
            if (sc > best) {
                best = sc;
                *spacing = s;
                *phase = ph;
                found = 1;
            }
        }
    if (!found)
        return -1;
    /* Least squares on the assigned positions: o = phase + spacing k. */
    for (int it = 0; it < 2; it++) {
        double Sw = 0, Sk = 0, Skk = 0, So = 0, Sko = 0;
        for (int k = 0; k < n; k++) {
            double q = (o[k] - *phase) / *spacing, kq = floor(q + 0.5);
            if (fabs(q - kq) > p->fit1d_tol)
                continue;
            Sw += w[k];
            Sk += w[k] * kq;
            Skk += w[k] * kq * kq;
            So += w[k] * o[k];
            Sko += w[k] * kq * o[k];
        }
        double det = Sw * Skk - Sk * Sk;
        if (Sw <= 0 || fabs(det) < 1e-12)
            break;
        double s2 = (Sw * Sko - Sk * So) / det, p2 = (So - s2 * Sk) / Sw;
        if (s2 < min_s * 0.8)
            break;
        *spacing = s2;
        *phase = p2;
    }
    return 0;
}

/* The lattice from vanishing points: rectify the plane so both families
 * are parallel, read each family's spacing and phase from its lines'
 * offsets, and chain the three maps. The grid lines fix the basis, so a
 * sheared lattice that fits the crossings as well cannot come out. */
int sei_lattice_by_vanishing(const sei_lattice_line *lines, int nl, int w, int h, const sei_lattice_params *p,
                             uint64_t *rng, double H[9])
{
    double cx = w / 2.0, cy = h / 2.0, sc = hypot(w, h) / 2;
    nline_t *L[2];
    int n[2] = {0, 0};
    L[0] = malloc(sizeof(nline_t) * (size_t)(nl + 1));
    L[1] = malloc(sizeof(nline_t) * (size_t)(nl + 1));
    int rc = -1;
    if (!L[0] || !L[1])
        goto out;
    for (int i = 0; i < nl; i++) {
        const line_t *l = &lines[i];
        double p[2], q[2];
        line_ends(l, p, q);
        double len = hypot(q[0] - p[0], q[1] - p[1]);
        if (len < 1)
            continue;
        nline_t *o = &L[l->fam][n[l->fam]++];
        /* a x + b y + c = 0 with x = cx + sc X: a sc X + b sc Y + (c + a cx + b cy) = 0. */
        double a = l->a * sc, b = l->b * sc, c = l->c + l->a * cx + l->b * cy;
        double nn = sqrt(a * a + b * b + c * c);
        o->l[0] = a / nn;
        o->l[1] = b / nn;
        o->l[2] = c / nn;
        o->mx = ((p[0] + q[0]) / 2 - cx) / sc;
        o->my = ((p[1] + q[1]) / 2 - cy) / sc;
        o->dx = (q[0] - p[0]) / len;
        o->dy = (q[1] - p[1]) / len;
        o->w = l->len;
    }
    double vp[2][3];
    if (vanishing_point(L[0], n[0], p, vp[0], rng) || vanishing_point(L[1], n[1], p, vp[1], rng))
        goto out;
    /* The horizon through both vanishing points goes to infinity. */
    double hz[3] = {vp[0][1] * vp[1][2] - vp[0][2] * vp[1][1], vp[0][2] * vp[1][0] - vp[0][0] * vp[1][2],
                    vp[0][0] * vp[1][1] - vp[0][1] * vp[1][0]};
    if (fabs(hz[2]) < 1e-9)
        goto out;
    double Hp[9] = {1, 0, 0, 0, 1, 0, hz[0] / hz[2], hz[1] / hz[2], 1}, Hpi[9], HpiT[9];
    if (sei_h_inv(Hp, Hpi))
        goto out;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            HpiT[3 * i + j] = Hpi[3 * j + i];
    /* Each family's rectified offsets along a common normal. */
    double row[2][3];
    for (int f = 0; f < 2; f++) {
        double *o = malloc(sizeof(double) * (size_t)(n[f] + 1)), *wt = malloc(sizeof(double) * (size_t)(n[f] + 1));
        double nx = 0, ny = 0;
        int m = 0;
        for (int i = 0; i < n[f] && o && wt; i++) {
            const double *l = L[f][i].l;
            double r[3];
            for (int k = 0; k < 3; k++)
                r[k] = HpiT[3 * k] * l[0] + HpiT[3 * k + 1] * l[1] + HpiT[3 * k + 2] * l[2];
            double nr = hypot(r[0], r[1]);
            if (nr < 1e-12)
                continue;
            r[0] /= nr;
            r[1] /= nr;
            r[2] /= nr;
            if (m == 0) {
                nx = r[0];
                ny = r[1];
            }
            if (r[0] * nx + r[1] * ny < 0) {
                r[0] = -r[0];
                r[1] = -r[1];
                r[2] = -r[2];
            }
            /* Keep lines parallel to the family's direction after rectifying. */
            if (fabs(r[0] * ny - r[1] * nx) > p->rect_parallel)
                continue;
            o[m] = -r[2];
            wt[m] = L[f][i].w;
            m++;
        }
        double s = 0, ph = 0;
        int ok = o && wt && m >= 3 && fit_1d(o, wt, m, p->min_cell * 2, p->fit1d_max_step, p, &s, &ph) == 0;
        free(o);
        free(wt);
        if (!ok)
            goto out;
        row[f][0] = nx / s;
        row[f][1] = ny / s;
        row[f][2] = -ph / s;
    }
    {
        /* lattice <- rectified <- normalised <- picture */
        double Lm[9] = {row[0][0], row[0][1], row[0][2], row[1][0], row[1][1], row[1][2], 0, 0, 1};
        double N[9] = {1 / sc, 0, -cx / sc, 0, 1 / sc, -cy / sc, 0, 0, 1}, T[9], G[9];
        sei_h_mul(Lm, Hp, T);
        sei_h_mul(T, N, G);
        if (sei_h_inv(G, H) == 0)
            rc = 0;
    }
out:
    free(L[0]);
    free(L[1]);
    return rc;
}

/* The final judge between grown lattices: crossings on lattice points,
 * less half the lattice points left empty inside the box of rows and
 * columns that hold at least three crossings. Half the true spacing puts
 * every crossing on a lattice point too, but leaves three points in four
 * empty; stones hide crossings of the true lattice, but not most of them. */
static double density_score(const double *pts, int n, const double Hinv[9], const sei_lattice_params *p)
{
    enum { W = GW };
    static const uint8_t zero_row[W] = {0};
    uint8_t hit[W][W];
    for (int i = 0; i < W; i++)
        memcpy(hit[i], zero_row, W);
    for (int i = 0; i < n; i++) {
        double u, v;
        sei_h_apply(Hinv, pts[2 * i], pts[2 * i + 1], &u, &v);
        double ku = floor(u + 0.5), kv = floor(v + 0.5);
        if (fabs(ku) > GR || fabs(kv) > GR || fabs(u - ku) > p->point_tol || fabs(v - kv) > p->point_tol)
            continue;
        hit[(int)ku + GR][(int)kv + GR] = 1;
    }
    int ulo = W, uhi = -1, vlo = W, vhi = -1;
    for (int k = 0; k < W; k++) {
        int cu = 0, cv = 0;
        for (int j = 0; j < W; j++) {
            cu += hit[k][j];
            cv += hit[j][k];
        }
        if (cu >= p->row_min) {
            if (k < ulo) ulo = k;
            if (k > uhi) uhi = k;
        }
        if (cv >= p->row_min) {
            if (k < vlo) vlo = k;
            if (k > vhi) vhi = k;
        }
    }
    if (uhi < 0 || vhi < 0)
        return 0;
    int in = 0;
    for (int a = ulo; a <= uhi; a++)
        for (int b = vlo; b <= vhi; b++)
            in += hit[a][b];
    int box = (uhi - ulo + 1) * (vhi - vlo + 1);
    return in - p->box_hole * (box - in);
}

/* (key, index) pairs of doubles, highest key first; equal keys keep their
 * order (a stable sort). */
static int cmp_key_desc(const void *a, const void *b)
{
    double x = ((const double *)a)[0], y = ((const double *)b)[0];
    if (x != y)
        return x < y ? 1 : -1;
    double i = ((const double *)a)[1], j = ((const double *)b)[1];
    return i < j ? -1 : i > j;
}

/* Stage 0: grid-line fragments chained. The segment finder often breaks a
 * grid line at every crossing, and on a board of middling size in the
 * frame the pieces between crossings are shorter than min_seg_len, so the
 * whole grid would be dropped as noise. Short pieces (at least
 * chain_min_len) that continue one another (nearly parallel, each end
 * within line_tolerance of the other's line, the gap between them at most
 * chain_gap times the shorter piece) are joined, and each chain becomes one
 * segment from its first end to its last. Long segments pass unchanged. */

static double seg_len(const float *s) { return hypot(s[2] - s[0], s[3] - s[1]); }

static int uf_find(int *parent, int i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static int chain_joins(const float *a, const float *b, double tol, double gap_share, double sine)
{
    double ax = a[2] - a[0], ay = a[3] - a[1], la = seg_len(a);
    double bx = b[2] - b[0], by = b[3] - b[1], lb = seg_len(b);
    if (la < 1e-9 || lb < 1e-9 || fabs(ax * by - ay * bx) > sine * la * lb)
        return 0;
    double ux = ax / la, uy = ay / la;
    /* b's ends on a's line; then the gap between them along it. */
    for (int k = 0; k < 2; k++)
        if (fabs((b[2 * k] - a[0]) * uy - (b[2 * k + 1] - a[1]) * ux) > tol)
            return 0;
    double t0 = (b[0] - a[0]) * ux + (b[1] - a[1]) * uy, t1 = (b[2] - a[0]) * ux + (b[3] - a[1]) * uy;
    double lo = fmin(t0, t1), hi = fmax(t0, t1);
    double gap = lo > la ? lo - la : (hi < 0 ? -hi : 0);
    return gap <= gap_share * fmin(la, lb);
}

int sei_lattice_chain(const float *segs, int n, double diag, const sei_lattice_params *p, float *out)
{
    double min_len = p->min_seg_len * diag, short_len = p->chain_min_len * diag;
    int m = 0;
    if (p->chain_min_len <= 0 || p->chain_min_len >= p->min_seg_len) {
        memcpy(out, segs, sizeof(float) * 5 * (size_t)n);
        return n;
    }
    /* The short pieces (idx), each in a set of its own (parent) to start.
     * Every per-piece array has room for all n (at least one: malloc(0)
     * may give NULL). */
    size_t cap = n > 0 ? (size_t)n : 1;
    int *idx = malloc(sizeof(int) * cap), *parent = malloc(sizeof(int) * cap);
    if (!idx || !parent) {
        free(idx);
        free(parent);
        memcpy(out, segs, sizeof(float) * 5 * (size_t)n);
        return n;
    }
    int ns = 0;
    for (int i = 0; i < n; i++) {
        const float *s = segs + 5 * i;
        double len = seg_len(s);
        if (len >= min_len)
            memcpy(out + 5 * m++, s, sizeof(float) * 5);
        else if (len >= short_len)
            idx[ns++] = i;
    }
    for (int i = 0; i < ns; i++)
        parent[i] = i;
    /* Two pieces that join have midpoints at most 2 min_len apart (each is
     * shorter than min_len, and so is the gap), so with the pieces sorted
     * by their midpoints' x each is held only against the few that follow
     * it within that distance; and against at most CHAIN_WINDOW of them,
     * so that a picture of thousands of short pieces in one narrow strip
     * costs a bounded time (a board's pieces have a few dozen there). */
    enum { CHAIN_WINDOW = 256 };
    double reach = 2 * min_len;
    double *key = malloc(sizeof(double) * 2 * cap);
    if (key) {
        for (int i = 0; i < ns; i++) {
            const float *s = segs + 5 * idx[i];
            key[2 * i] = 0.5 * (s[0] + s[2]);
            key[2 * i + 1] = i;
        }
        qsort(key, (size_t)ns, 2 * sizeof(double), cmp_key_desc);
        for (int a = 0; a < ns; a++) {
            int ia = (int)key[2 * a + 1];
            const float *sa = segs + 5 * idx[ia];
            double ya = 0.5 * (sa[1] + sa[3]);
            for (int b = a + 1; b < ns && b <= a + CHAIN_WINDOW && key[2 * a] - key[2 * b] <= reach; b++) {
                int ib = (int)key[2 * b + 1];
                const float *sb = segs + 5 * idx[ib];
                if (fabs(0.5 * (sb[1] + sb[3]) - ya) > reach)
                    continue;
                if (uf_find(parent, ia) == uf_find(parent, ib))
                    continue;
                if (chain_joins(sa, sb, p->line_tolerance, p->chain_gap, p->chain_sine) ||
                    chain_joins(sb, sa, p->line_tolerance, p->chain_gap, p->chain_sine))
                    parent[uf_find(parent, ia)] = uf_find(parent, ib);
            }
        }
        free(key);
    }
    /* Each chain of two or more pieces: one segment over its extent along
     * its longest piece's direction, as wide as its pieces on average.
     * Pieces left alone stay too short to count, and are dropped. Per
     * chain, in its root's slot: pieces, width sum, longest piece. */
    int *count = calloc(cap, sizeof(int)), *longest = malloc(sizeof(int) * cap);
    double *wsum = calloc(cap, sizeof(double)), *ext = malloc(sizeof(double) * 2 * cap);
    if (count && longest && wsum && ext) {
        for (int i = 0; i < ns; i++) {
            int r = uf_find(parent, i);
            const float *s = segs + 5 * idx[i];
            if (!count[r] || seg_len(s) > seg_len(segs + 5 * idx[longest[r]]))
                longest[r] = i;
            count[r]++;
            wsum[r] += s[4];
            ext[2 * r] = 1e18;
            ext[2 * r + 1] = -1e18;
        }
        for (int i = 0; i < ns; i++) {
            int r = uf_find(parent, i);
            if (count[r] < 2)
                continue;
            const float *L = segs + 5 * idx[longest[r]], *s = segs + 5 * idx[i];
            double len = seg_len(L), ux = (L[2] - L[0]) / len, uy = (L[3] - L[1]) / len;
            for (int k = 0; k < 2; k++) {
                double t = (s[2 * k] - L[0]) * ux + (s[2 * k + 1] - L[1]) * uy;
                ext[2 * r] = fmin(ext[2 * r], t);
                ext[2 * r + 1] = fmax(ext[2 * r + 1], t);
            }
        }
        for (int r = 0; r < ns; r++) {
            if (count[r] < 2 || uf_find(parent, r) != r)
                continue;
            const float *L = segs + 5 * idx[longest[r]];
            double len = seg_len(L), ux = (L[2] - L[0]) / len, uy = (L[3] - L[1]) / len;
            float *o = out + 5 * m++;
            o[0] = (float)(L[0] + ext[2 * r] * ux);
            o[1] = (float)(L[1] + ext[2 * r] * uy);
            o[2] = (float)(L[0] + ext[2 * r + 1] * ux);
            o[3] = (float)(L[1] + ext[2 * r + 1] * uy);
            o[4] = (float)(wsum[r] / count[r]);
        }
    }
    free(count);
    free(longest);
    free(wsum);
    free(ext);
    free(idx);
    free(parent);
    return m;
}

/* Stage 1: the main directions. A histogram of segment angles weighted by
 * length, smoothed; the highest peak is one direction, the highest at
 * least family_gap degrees from it another, and the highest at least
 * family_gap from both a third, each holding at least family_share of the
 * first's length. A grid's two directions are usually the two highest; a
 * third is kept because a long straight edge beside the board (a skirting
 * board, a table's edge) can outweigh one of them, and the fit then takes
 * the pair whose lines cross each other most. */
int sei_lattice_directions(const float *segs, int n, double diag, const sei_lattice_params *p, int dir[3])
{
    double min_len = p->min_seg_len * diag;
    double hist[180] = {0}, sm[180];
    for (int i = 0; i < n; i++) {
        const float *s = segs + 5 * i;
        double dx = s[2] - s[0], dy = s[3] - s[1], len = sqrt(dx * dx + dy * dy);
        if (len < min_len)
            continue;
        double ang = atan2(dy, dx) * 180 / PI;
        if (ang < 0)
            ang += 180;
        hist[(int)ang % 180] += len;
    }
    int k0 = p->angle_smooth;
    for (int i = 0; i < 180; i++) {
        sm[i] = 0;
        for (int k = -k0; k <= k0; k++)
            sm[i] += hist[(i + k + 180) % 180] * (k0 + 1 - abs(k));
    }
    int nd = 0;
    for (; nd < 3; nd++) {
        int best = -1;
        for (int i = 0; i < 180; i++) {
            int far = 1;
            for (int j = 0; j < nd && far; j++) {
                int d = abs(i - dir[j]);
                if (d > 90)
                    d = 180 - d;
                far = d >= p->family_gap;
            }
            if (far && (best < 0 || sm[i] > sm[best]))
                best = i;
        }
        if (best < 0 || sm[best] <= 0 || (nd > 0 && sm[best] < p->family_share * sm[dir[0]]))
            break;
        dir[nd] = best;
    }
    return nd;
}

/* Stage 2: segments merged into lines, longest first, each segment joining
 * the first line of its family it lies on; then fragments of one grid line
 * that started apart merge as whole lines, until nothing changes. */
int sei_lattice_lines(const float *segs, int n, const int fam2[2], double diag, const sei_lattice_params *p,
                      sei_lattice_line *lines)
{
    double min_len = p->min_seg_len * diag, merge_tol = p->line_tolerance * p->merge_factor;
    int order_n = 0;
    double *order = malloc(sizeof(double) * 2 * (size_t)(n > 0 ? n : 1));
    if (!order)
        return -1;
    for (int i = 0; i < n; i++) {
        const float *s = segs + 5 * i;
        double len = hypot(s[2] - s[0], s[3] - s[1]);
        if (len >= min_len) {
            order[2 * order_n] = len;
            order[2 * order_n + 1] = i;
            order_n++;
        }
    }
    qsort(order, (size_t)order_n, 2 * sizeof(double), cmp_key_desc);
    int nl = 0;
    for (int oi = 0; oi < order_n; oi++) {
        const float *s = segs + 5 * (int)order[2 * oi + 1];
        double dx = s[2] - s[0], dy = s[3] - s[1], len = sqrt(dx * dx + dy * dy);
        double ang = atan2(dy, dx) * 180 / PI;
        if (ang < 0)
            ang += 180;
        int d1 = abs((int)ang - fam2[0]), d2 = abs((int)ang - fam2[1]);
        if (d1 > 90) d1 = 180 - d1;
        if (d2 > 90) d2 = 180 - d2;
        int fam = d1 <= d2 ? 0 : 1;
        if ((fam == 0 ? d1 : d2) > p->family_spread)
            continue;
        double ux = dx / len, uy = dy / len;
        int best = -1;
        for (int k = 0; k < nl && best < 0; k++) {
            line_t *l = &lines[k];
            if (l->fam != fam || fabs(l->a * ux + l->b * uy) > p->merge_parallel)
                continue;
            if (on_line(l, s[0], s[1], merge_tol, p->line_slack) && on_line(l, s[2], s[3], merge_tol, p->line_slack))
                best = k;
        }
        if (best < 0) {
            if (nl == p->max_lines)
                continue;
            best = nl++;
            memset(&lines[best], 0, sizeof lines[best]);
            lines[best].fam = fam;
            lines[best].tmin = 1e18;
            lines[best].tmax = -1e18;
        }
        line_t *l = &lines[best];
        add_points(l, s[0], s[1], s[2], s[3], len);
        l->len += len;
        refit(l);
        /* The fit moved: recompute the extent from the stored ends. */
        extend(l, s[0], s[1]);
        extend(l, s[2], s[3]);
    }
    free(order);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < nl; i++)
            for (int j = i + 1; j < nl; j++) {
                line_t *a = &lines[i], *b = &lines[j];
                if (a->fam != b->fam || fabs(a->a * b->b - a->b * b->a) > p->merge_lines_parallel)
                    continue;
                const line_t *big = a->len >= b->len ? a : b, *small = big == a ? b : a;
                double e[4][2];
                line_ends(a, e[0], e[1]);
                line_ends(b, e[2], e[3]);
                const double *se = small == a ? e[0] : e[2];
                if (!on_line(big, se[0], se[1], merge_tol, p->line_slack) ||
                    !on_line(big, se[2], se[3], merge_tol, p->line_slack))
                    continue;
                a->sw += b->sw;
                a->sx += b->sx;
                a->sy += b->sy;
                a->sxx += b->sxx;
                a->sxy += b->sxy;
                a->syy += b->syy;
                a->len += b->len;
                refit(a);
                a->tmin = 1e18;
                a->tmax = -1e18;
                for (int k = 0; k < 4; k++)
                    extend(a, e[k][0], e[k][1]);
                lines[j] = lines[--nl];
                j--;
                changed = 1;
            }
    }
    return nl;
}

/* Stage 3: crossings seen in the picture: a line of each family meeting
 * within (or just beyond) both their extents. These, not whole lines,
 * carry the fit: a line bowed by a wide lens or broken by a folding board
 * still gives good crossings near each one. */
int sei_lattice_crossings(const sei_lattice_line *lines, int nl, double diag, const sei_lattice_params *p, double *pts,
                          int max)
{
    double slack = p->crossing_slack * diag;
    int np = 0;
    for (int i = 0; i < nl && np < max; i++) {
        if (lines[i].fam != 0)
            continue;
        for (int j = 0; j < nl && np < max; j++) {
            if (lines[j].fam != 1)
                continue;
            double x, y;
            if (cross(&lines[i], &lines[j], &x, &y))
                continue;
            double ti = lines[i].b * x - lines[i].a * y, tj = lines[j].b * x - lines[j].a * y;
            if (ti < lines[i].tmin - slack || ti > lines[i].tmax + slack || tj < lines[j].tmin - slack ||
                tj > lines[j].tmax + slack)
                continue;
            pts[2 * np] = x;
            pts[2 * np + 1] = y;
            np++;
        }
    }
    return np;
}

/* The best guesses so far, best first. */
typedef struct {
    int n, k;
    double *s;
    double (*h)[9];
} topk_t;

static void topk_add(topk_t *t, double s, const double H[9])
{
    if (t->n < t->k || s > t->s[t->n - 1]) {
        int at = t->n < t->k ? t->n++ : t->k - 1;
        while (at > 0 && t->s[at - 1] < s) {
            t->s[at] = t->s[at - 1];
            memcpy(t->h[at], t->h[at - 1], sizeof t->h[0]);
            at--;
        }
        t->s[at] = s;
        memcpy(t->h[at], H, sizeof t->h[0]);
    }
}

/* Put a guess first whatever its score (it stays at least as high as the
 * one it displaces, so later cuts on the best score keep it). */
static void topk_first(topk_t *t, double s, const double H[9])
{
    int at = t->n < t->k ? t->n++ : t->k - 1;
    for (int k = at; k > 0; k--) {
        t->s[k] = t->s[k - 1];
        memcpy(t->h[k], t->h[k - 1], sizeof t->h[0]);
    }
    t->s[0] = s > (t->n > 1 ? t->s[1] : s) ? s : (t->n > 1 ? t->s[1] : s);
    memcpy(t->h[0], H, sizeof t->h[0]);
}

/* Stage 4a: RANSAC over cells made of two neighbouring lines of each
 * family, each scored by the points it puts on lattice points near itself
 * and by how well the lines run along its axes. */
static void hypotheses_from_cells(const line_t *lines, int nl, const double *pts, int np, int w, int h,
                                  const sei_lattice_params *p, double min_gap, uint64_t *rng, topk_t *top)
{
    int *fam_idx[2], fam_n[2] = {0, 0};
    fam_idx[0] = malloc(sizeof(int) * (size_t)(nl + 1));
    fam_idx[1] = malloc(sizeof(int) * (size_t)(nl + 1));
    if (!fam_idx[0] || !fam_idx[1])
        goto out;
    for (int k = 0; k < nl; k++)
        fam_idx[lines[k].fam][fam_n[lines[k].fam]++] = k;
    if (!fam_n[0] || !fam_n[1])
        goto out;
    for (int r = 0; r < p->rounds; r++) {
        int pick[2][2], ok = 1;
        for (int f = 0; f < 2 && ok; f++) {
            int a = fam_idx[f][next_rand(rng) % (uint64_t)fam_n[f]];
            /* A neighbour: among the lines nearest to a at its middle. */
            double mx = -lines[a].a * lines[a].c + lines[a].b * 0.5 * (lines[a].tmin + lines[a].tmax);
            double my = -lines[a].b * lines[a].c - lines[a].a * 0.5 * (lines[a].tmin + lines[a].tmax);
            int near[3] = {-1, -1, -1};
            double nd[3] = {1e18, 1e18, 1e18};
            for (int j = 0; j < fam_n[f]; j++) {
                int b = fam_idx[f][j];
                if (b == a)
                    continue;
                double d = fabs(lines[b].a * mx + lines[b].b * my + lines[b].c);
                /* The two edges of one thick grid line are not neighbours,
                 * nor two fragments of one line that cross at a small angle:
                 * a neighbour keeps about the same distance all along. */
                if (d < min_gap)
                    continue;
                double e1[2], e2[2];
                line_ends(&lines[a], e1, e2);
                double d1 = fabs(lines[b].a * e1[0] + lines[b].b * e1[1] + lines[b].c);
                double d2 = fabs(lines[b].a * e2[0] + lines[b].b * e2[1] + lines[b].c);
                double lo = d1 < d2 ? d1 : d2, hi = d1 < d2 ? d2 : d1;
                if (lo < min_gap || hi > p->neighbour_taper * lo + 2)
                    continue;
                for (int q = 0; q < 3; q++)
                    if (d < nd[q]) {
                        for (int z = 2; z > q; z--) {
                            nd[z] = nd[z - 1];
                            near[z] = near[z - 1];
                        }
                        nd[q] = d;
                        near[q] = b;
                        break;
                    }
            }
            if (near[0] < 0) {
                ok = 0;
                break;
            }
            pick[f][0] = a;
            pick[f][1] = near[next_rand(rng) % (near[1] < 0 ? 1u : 2u)];
        }
        if (!ok)
            continue;
        double quad[4][2];
        const line_t *A0 = &lines[pick[0][0]], *A1 = &lines[pick[0][1]];
        const line_t *B0 = &lines[pick[1][0]], *B1 = &lines[pick[1][1]];
        if (cross(A0, B0, &quad[0][0], &quad[0][1]) || cross(A1, B0, &quad[1][0], &quad[1][1]) ||
            cross(A1, B1, &quad[2][0], &quad[2][1]) || cross(A0, B1, &quad[3][0], &quad[3][1]))
            continue;
        /* Family 0 lines are u = const: A0 is u = 0, A1 is u = 1. */
        const double unit[8] = {0, 0, 1, 0, 1, 1, 0, 1};
        double H[9], Hinv[9];
        if (sei_h_fit(unit, &quad[0][0], 4, H) || sei_h_inv(H, Hinv))
            continue;
        double area = fabs((quad[1][0] - quad[0][0]) * (quad[3][1] - quad[0][1]) -
                           (quad[3][0] - quad[0][0]) * (quad[1][1] - quad[0][1]));
        if (area < min_gap * min_gap || area > (double)w * h * p->max_cell_area)
            continue;
        /* A cell: every side at least min_gap, opposite sides alike (a
         * camera does not make one twice the other within a cell). */
        double side[4], rs = p->cell_side_ratio;
        for (int q = 0; q < 4; q++)
            side[q] = hypot(quad[(q + 1) % 4][0] - quad[q][0], quad[(q + 1) % 4][1] - quad[q][1]);
        if (side[0] < min_gap || side[1] < min_gap || side[2] < min_gap || side[3] < min_gap ||
            side[0] > rs * side[2] || side[2] > rs * side[0] || side[1] > rs * side[3] || side[3] > rs * side[1] ||
            side[0] > p->cell_aspect * side[1] || side[1] > p->cell_aspect * side[0])
            continue;
        double s = score_points(pts, np, Hinv, p->hyp_tol, p->hyp_radius) +
                   p->align_weight * alignment(lines, nl, Hinv, p->hyp_radius, p->align_sine);
        topk_add(top, s, H);
    }
out:
    free(fam_idx[0]);
    free(fam_idx[1]);
}

/* Stage 4b: a lattice from stones. Stones on neighbouring points of a
 * crowded board nearly touch, so a stone, its nearest neighbour and a
 * neighbour off that line make one cell's two sides (an affine guess that
 * growing turns projective). Each guess is scored by the distinct lattice
 * points near it that hold a centre. */
int sei_lattice_by_stones(const sei_lattice_stone *st, int n, const sei_lattice_params *p, uint64_t *rng, double H[9])
{
    if (n < 3)
        return -1;
    double *pts = malloc(sizeof(double) * 2 * (size_t)n);
    if (!pts)
        return -1;
    for (int i = 0; i < n; i++) {
        pts[2 * i] = st[i].x;
        pts[2 * i + 1] = st[i].y;
    }
    double best = -1;
    for (int r = 0; r < p->stone_rounds; r++) {
        int a = (int)(next_rand(rng) % (uint64_t)n);
        double ra = st[a].r;
        /* Neighbours of a: centres between stone_min_gap and stone_near radii away. */
        int nb[16], nn = 0;
        /* Most stones lie far beyond stone_near: the squared distance
         * (with room for its rounding) turns them away before hypot, the
         * costly part, decides for the rest. */
        double near = p->stone_near * ra, far2 = near * near * (1 + 1e-9) + 1e-12;
        for (int j = 0; j < n && nn < 16; j++) {
            if (j == a)
                continue;
            double dx = st[j].x - st[a].x, dy = st[j].y - st[a].y;
            if (dx * dx + dy * dy > far2)
                continue;
            double d = hypot(dx, dy);
            if (d >= p->stone_min_gap * ra && d <= near && st[j].r < 1.6 * ra && st[j].r * 1.6 > ra)
                nb[nn++] = j;
        }
        if (nn < 2)
            continue;
        /* The nearest neighbour is one side; the nearest one well off its
         * line is the other. */
        int b = nb[0];
        double db = 1e18;
        for (int k = 0; k < nn; k++) {
            double d = hypot(st[nb[k]].x - st[a].x, st[nb[k]].y - st[a].y);
            if (d < db) {
                db = d;
                b = nb[k];
            }
        }
        double ex = st[b].x - st[a].x, ey = st[b].y - st[a].y;
        int c = -1;
        double dc = 1e18;
        for (int k = 0; k < nn; k++) {
            int j = nb[k];
            double fx = st[j].x - st[a].x, fy = st[j].y - st[a].y, d = hypot(fx, fy);
            if (j == b || fabs(ex * fx + ey * fy) > p->stone_angle_cos * db * d)
                continue;
            if (d < dc) {
                dc = d;
                c = j;
            }
        }
        if (c < 0)
            continue;
        double fx = st[c].x - st[a].x, fy = st[c].y - st[a].y;
        double G[9] = {ex, fx, st[a].x, ey, fy, st[a].y, 0, 0, 1}, Gi[9];
        if (sei_h_inv(G, Gi))
            continue;
        double s = score_points(pts, n, Gi, p->hyp_tol, p->hyp_radius);
        if (s > best) {
            best = s;
            memcpy(H, G, sizeof G);
        }
    }
    free(pts);
    return best >= 4 ? 0 : -1;
}

/* Stage 6: the window. Every window of 9, 13 or 19 points at every offset
 * is judged by how well it explains the evidence on lattice points: each
 * point inside holding evidence counts for it, each inside with none
 * (window_hole) and each outside with some (window_out) against it, and
 * evidence on the ring just outside (window_rim) more so, since a board has
 * a bare wood margin beyond its outer lines. So the size comes from where
 * the evidence stops, not from counting lines, and a 9x9 window inside a
 * 19x19 board loses to the whole board by everything it leaves outside. */
double sei_lattice_window(const float ev[GW][GW], int size, const sei_lattice_params *p, int *best_n, int start[2],
                          double *runner, int *runner_size, double *runner_offset, int runner_start[2])
{
    /* Prefix sums: S[i][j] = sum of ev[u][v] for u < i, v < j; P the same
     * counting only whole points (a crossing or a stone), which alone
     * count against a window from outside it: a line that merely runs on
     * may be the board's own edge a cell beyond its last grid line. */
    double(*S)[GW + 1] = calloc(GW + 1, sizeof *S), (*P)[GW + 1] = calloc(GW + 1, sizeof *P);
    *best_n = 0;
    if (!S || !P) {
        free(S);
        free(P);
        return -1e18;
    }
    for (int i = 0; i < GW; i++)
        for (int j = 0; j < GW; j++) {
            S[i + 1][j + 1] = S[i][j + 1] + S[i + 1][j] - S[i][j] + ev[i][j];
            P[i + 1][j + 1] = P[i][j + 1] + P[i + 1][j] - P[i][j] + (ev[i][j] >= 1);
        }
#define BOX(A, u0, v0, nu, nv) (A[(u0) + (nu)][(v0) + (nv)] - A[u0][(v0) + (nv)] - A[(u0) + (nu)][v0] + A[u0][v0])
    const double all = P[GW][GW];
    const int sizes[3] = {9, 13, 19};
    /* Per size: the best window, where it starts, and the best other offset. */
    double top1[3] = {-1e18, -1e18, -1e18}, top2[3] = {-1e18, -1e18, -1e18};
    int at[3][2] = {{0, 0}, {0, 0}, {0, 0}}, at2[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    for (int si = 0; si < 3; si++) {
        int N = sizes[si];
        if (size && size != N)
            continue;
        for (int u0 = 1; u0 + N + 1 <= GW; u0++)
            for (int v0 = 1; v0 + N + 1 <= GW; v0++) {
                double in = BOX(S, u0, v0, N, N), in_pts = BOX(P, u0, v0, N, N);
                double ring = BOX(P, u0 - 1, v0 - 1, N + 2, N + 2) - in_pts;
                double sc = in - p->window_hole * (N * N - in) - p->window_out * (all - in_pts) - p->window_rim * ring;
                if (sc > top1[si]) {
                    top2[si] = top1[si];
                    at2[si][0] = at[si][0];
                    at2[si][1] = at[si][1];
                    top1[si] = sc;
                    at[si][0] = u0 - GR;
                    at[si][1] = v0 - GR;
                } else if (sc > top2[si]) {
                    top2[si] = sc;
                    at2[si][0] = u0 - GR;
                    at2[si][1] = v0 - GR;
                }
            }
    }
#undef BOX
    free(S);
    free(P);
    int b = -1;
    for (int si = 0; si < 3; si++)
        if (top1[si] > -1e18 && (b < 0 || top1[si] > top1[b]))
            b = si;
    *runner = -1e18;
    *runner_size = 0;
    *runner_offset = -1e18;
    if (b < 0)
        return -1e18;
    *best_n = sizes[b];
    start[0] = at[b][0];
    start[1] = at[b][1];
    *runner_offset = top2[b];
    if (runner_start) {
        runner_start[0] = at2[b][0];
        runner_start[1] = at2[b][1];
    }
    for (int si = 0; si < 3; si++)
        if (si != b && top1[si] > *runner) {
            *runner = top1[si];
            *runner_size = sizes[si];
        }
    return top1[b];
}

/* Stage 5b: parallax. A stone's centre is seen near its top, on a plane a
 * little above the board's: x ~ H q + w for a crossing's x ~ H q, where w
 * is the stones' height times the vertical's vanishing point. So the
 * tops' lattice is H with w added to its last column, and one linear fit
 * over crossings and stones together gives both. */
int sei_lattice_parallax(const double *pts, int nc, int n, const sei_lattice_params *p, double H[9], double Hs[9])
{
    double *src = malloc(sizeof(double) * 2 * (size_t)(n + 1)), *dst = malloc(sizeof(double) * 2 * (size_t)(n + 1));
    uint8_t *top = malloc((size_t)n + 1);
    int rc = -1;
    double G[9], Gs[9];
    memcpy(G, H, sizeof G);
    memcpy(Gs, H, sizeof Gs);
    if (!src || !dst || !top)
        goto done;
    if (nc > 0) {
        /* Where the crossings sit within their cells of H (fitted mostly to
         * the tops on a crowded board): their circular mean, so a shift
         * near half a cell does not wrap. The board's lattice starts there. */
        double Gi[9], su[2] = {0, 0}, sv[2] = {0, 0};
        if (sei_h_inv(G, Gi))
            goto done;
        for (int i = 0; i < nc; i++) {
            double u, v;
            sei_h_apply(Gi, pts[2 * i], pts[2 * i + 1], &u, &v);
            su[0] += sin(2 * PI * u);
            su[1] += cos(2 * PI * u);
            sv[0] += sin(2 * PI * v);
            sv[1] += cos(2 * PI * v);
        }
        double T[9] = {1, 0, atan2(su[0], su[1]) / (2 * PI), 0, 1, atan2(sv[0], sv[1]) / (2 * PI), 0, 0, 1};
        sei_h_mul(H, T, G);
    }
    for (int round = 0; round < 3; round++) {
        double Gi[9], Gsi[9], tol = p->parallax_tol[round];
        if (sei_h_inv(G, Gi) || sei_h_inv(Gs, Gsi))
            goto done;
        int m = 0, mc = 0, ms = 0;
        for (int i = 0; i < n; i++) {
            double u, v;
            sei_h_apply(i < nc ? Gi : Gsi, pts[2 * i], pts[2 * i + 1], &u, &v);
            double ku = floor(u + 0.5), kv = floor(v + 0.5);
            if (fabs(u - ku) > tol || fabs(v - kv) > tol || fabs(ku) > GR || fabs(kv) > GR)
                continue;
            src[2 * m] = ku;
            src[2 * m + 1] = kv;
            dst[2 * m] = pts[2 * i];
            dst[2 * m + 1] = pts[2 * i + 1];
            top[m] = i >= nc;
            mc += i < nc;
            ms += i >= nc;
            m++;
        }
        if (p->trace && round == 2)
            fprintf(p->trace, "parallax: %d crossings, %d stones on the lattices\n", mc, ms);
        if (mc < p->parallax_min || ms < p->parallax_min)
            goto done;
        double Ts[9], Td[9], Tdi[9];
        normaliser(src, m, Ts);
        normaliser(dst, m, Td);
        if (sei_h_inv(Td, Tdi))
            goto done;
        /* Unknowns h1..h8 and w1..w3 (h9 = 1), normal equations. */
        double A[11 * 12] = {0}, x[11];
        for (int i = 0; i < m; i++) {
            double a, b, X, Y, s = top[i];
            sei_h_apply(Ts, src[2 * i], src[2 * i + 1], &a, &b);
            sei_h_apply(Td, dst[2 * i], dst[2 * i + 1], &X, &Y);
            double r[2][12] = {{a, b, 1, 0, 0, 0, -X * a, -X * b, s, 0, -X * s, X},
                               {0, 0, 0, a, b, 1, -Y * a, -Y * b, 0, s, -Y * s, Y}};
            for (int k = 0; k < 2; k++)
                for (int j = 0; j < 11; j++)
                    for (int l = 0; l < 12; l++)
                        A[j * 12 + l] += r[k][j] * r[k][l];
        }
        if (solve_normal(A, 11, x))
            goto done;
        double Hn[9] = {x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}, wn[3] = {x[8], x[9], x[10]}, tmp[9];
        /* Undo the normalisation: H = Td^-1 Hn Ts, w = Td^-1 w. */
        sei_h_mul(Tdi, Hn, tmp);
        sei_h_mul(tmp, Ts, G);
        memcpy(Gs, G, sizeof Gs);
        for (int k = 0; k < 3; k++)
            Gs[3 * k + 2] += Tdi[3 * k] * wn[0] + Tdi[3 * k + 1] * wn[1] + Tdi[3 * k + 2] * wn[2];
    }
    {
        /* The tops stand a little above the points: a shift of more than
         * parallax_max cells is not parallax but a fit gone astray. */
        double Gi[9], cx = 0, cy = 0, u, v;
        int k = 0;
        if (sei_h_inv(G, Gi))
            goto done;
        for (int i = nc; i < n; i++, k++) {
            cx += pts[2 * i];
            cy += pts[2 * i + 1];
        }
        if (k == 0)
            goto done;
        cx /= k;
        cy /= k;
        double Gsi[9], us, vs;
        if (sei_h_inv(Gs, Gsi))
            goto done;
        sei_h_apply(Gi, cx, cy, &u, &v);
        sei_h_apply(Gsi, cx, cy, &us, &vs);
        double du = u - us, dv = v - vs, d = hypot(du, dv);
        if (d > p->parallax_max)
            goto done;
        /* A top is seen over a point farther off than its own, so in a
         * view with perspective the shift runs the way the depth grows
         * (w, the homography's last row, grows with it; its gradient over
         * w is how fast the cells shrink, per cell). A view from above
         * (rectify) or a far, nearly affine one has no such way, yet its
         * tops stand off all the same: the test is only where the cells
         * shrink by parallax_depth a cell or more. */
        double w = G[6] * u + G[7] * v + G[8], gu = G[6] / w, gv = G[7] / w, g = hypot(gu, gv);
        double cosang = g > 0 && d > 0 ? (du * gu + dv * gv) / (d * g) : 1;
        if (p->trace)
            fprintf(p->trace,
                    "parallax: tops %.2f cells off, %.0f degrees from the depth's way, cells shrink %.3f a cell\n", d,
                    acos(fmax(-1, fmin(1, cosang))) * 180 / PI, g);
        if (g >= p->parallax_depth && cosang < p->parallax_cos)
            goto done;
    }
    memcpy(H, G, sizeof G);
    memcpy(Hs, Gs, sizeof Gs);
    rc = 0;
done:
    free(src);
    free(dst);
    free(top);
    return rc;
}

/* Points of evidence on the lattice: the first nc (crossings) under Hinv,
 * the rest (stone tops) under Hsinv, within point_tol of a lattice point. */
static int explained(const double *pts, int nc, int n, const double Hinv[9], const double Hsinv[9],
                     const sei_lattice_params *p)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        double u, v;
        sei_h_apply(i < nc ? Hinv : Hsinv, pts[2 * i], pts[2 * i + 1], &u, &v);
        k += fabs(u - floor(u + 0.5)) < p->point_tol && fabs(v - floor(v + 0.5)) < p->point_tol;
    }
    return k;
}

static int fail_why(sei_lattice *out, const char *why, int a, int b)
{
    snprintf(out->why, sizeof out->why, why, a, b);
    return -1;
}

/* The crossings (the first nc points of pts) and those stones whose
 * radius suits the cells of lattice H where they lie, into dst; returns
 * the count. Wood grain, a bowl's rim or a shadow make blobs too, but not
 * of a stone's size on this lattice. */
static int fitting_evidence(const double *pts, int nc, const sei_lattice_stone *st, int ns, const double H[9],
                            const sei_lattice_params *p, double *dst)
{
    double Hinv[9];
    memcpy(dst, pts, sizeof(double) * 2 * (size_t)nc);
    int m = nc;
    if (sei_h_inv(H, Hinv))
        return m;
    for (int i = 0; i < ns; i++) {
        double u, v, x0, y0, x1, y1, x2, y2;
        sei_h_apply(Hinv, st[i].x, st[i].y, &u, &v);
        sei_h_apply(H, u - 0.5, v, &x0, &y0);
        sei_h_apply(H, u + 0.5, v, &x1, &y1);
        sei_h_apply(H, u, v + 0.5, &x2, &y2);
        double cell = 0.5 * (hypot(x1 - x0, y1 - y0) + 2 * hypot(x2 - x0 - 0.5 * (x1 - x0), y2 - y0 - 0.5 * (y1 - y0)));
        if (st[i].r < p->stone_r_min * cell || st[i].r > p->stone_r_max * cell)
            continue;
        dst[2 * m] = st[i].x;
        dst[2 * m + 1] = st[i].y;
        m++;
    }
    return m;
}

/* The evidence on each lattice point -GR..GR under Hinv: 1 for a crossing
 * or a stone centre on it, else line_cover when a merged line that lies on
 * a lattice line passes through it. */
static void evidence_grid(const double *pts, int nc, int np, const line_t *lines, int nl, const double Hinv[9],
                          const double Hsinv[9], const sei_lattice_params *p, float ev[GW][GW])
{
    static const float zero_row[GW] = {0};
    for (int i = 0; i < GW; i++)
        memcpy(ev[i], zero_row, sizeof zero_row);
    for (int i = 0; i < nl; i++) {
        double e[2][2], uv[2][2];
        line_ends(&lines[i], e[0], e[1]);
        for (int k = 0; k < 2; k++)
            sei_h_apply(Hinv, e[k][0], e[k][1], &uv[k][0], &uv[k][1]);
        /* Along u = const or v = const, within point_tol at both ends. */
        for (int ax = 0; ax < 2; ax++) {
            double c0 = uv[0][ax], c1 = uv[1][ax], k0 = floor(c0 + 0.5);
            if (fabs(c0 - k0) > p->point_tol || fabs(c1 - k0) > p->point_tol || fabs(k0) > GR)
                continue;
            double a = uv[0][1 - ax], b = uv[1][1 - ax];
            if (a > b) {
                double t = a;
                a = b;
                b = t;
            }
            if (!(a < GR + 1 && b > -GR - 1)) /* off the tracked points, or not a number */
                continue;
            a = fmax(a, -GR - 1);
            b = fmin(b, GR + 1);
            for (int j = (int)ceil(a - p->point_tol); j <= (int)floor(b + p->point_tol); j++) {
                if (j < -GR || j > GR)
                    continue;
                float *cell = ax == 0 ? &ev[(int)k0 + GR][j + GR] : &ev[j + GR][(int)k0 + GR];
                if (*cell < p->line_cover)
                    *cell = (float)p->line_cover;
            }
        }
    }
    for (int i = 0; i < np; i++) {
        double u, v;
        sei_h_apply(i < nc ? Hinv : Hsinv, pts[2 * i], pts[2 * i + 1], &u, &v);
        double ku = floor(u + 0.5), kv = floor(v + 0.5);
        if (fabs(u - ku) < p->point_tol && fabs(v - kv) < p->point_tol && fabs(ku) <= GR && fabs(kv) <= GR)
            ev[(int)ku + GR][(int)kv + GR] = 1;
    }
}

/* What the stages after the lines share: the lines, the points of
 * evidence (the first nc crossings, then the stone centres, np in all),
 * the stone candidates themselves, and room for the fitting evidence. */
typedef struct {
    const line_t *lines;
    int nl, have_lines;
    const double *pts;
    int nc, np;
    const sei_lattice_stone *stones;
    int ns;
    double *fit_pts;
    int w, h;
    double min_gap; /* no board cell is smaller than this, in pixels */
} evidence_t;

/* Stage 2 for the fit: of ndir directions (two or three), the pair whose
 * lines cross most (the first two unless a third crosses far more),
 * merged into lines. pts is room for max_crossings crossings, used to
 * count them. Returns the count of lines, or -1 when out of memory. */
static int fit_lines(const float *segs, int n, int ndir, const int dir[3], double diag, const sei_lattice_params *p,
                     line_t *lines, double *pts)
{
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    int best_pair = 0, most = -1;
    for (int k = 0; ndir == 3 && k < 3; k++) {
        int f[2] = {dir[pairs[k][0]], dir[pairs[k][1]]};
        int m = sei_lattice_lines(segs, n, f, diag, p, lines);
        int c = m < 0 ? -1 : sei_lattice_crossings(lines, m, diag, p, pts, p->max_crossings);
        if (p->trace)
            fprintf(p->trace, "directions %d and %d: %d lines, %d crossings\n", f[0], f[1], m, c);
        /* The first pair stays unless another crosses far more: two
         * directions a family's lines fan over, seen in perspective,
         * can both be found, and either then pairs with the other
         * family about as well. */
        if (k == 0 || c > p->pair_cross_ratio * most + p->min_evidence) {
            most = c;
            best_pair = k;
        }
    }
    int fam[2] = {dir[pairs[best_pair][0]], dir[pairs[best_pair][1]]};
    return sei_lattice_lines(segs, n, fam, diag, p, lines);
}

/* Stage 4 for the fit: guesses from cells of lines, the vanishing-point
 * lattice first in line, and the lattice of the stones, into top. */
static void fit_hypotheses(const evidence_t *e, const sei_lattice_params *p, topk_t *top)
{
    uint64_t rng = p->seed ? p->seed : 0x2545F4914F6CDD1DULL;
    if (e->have_lines) {
        /* Cells are scored on the crossings alone when there are enough:
         * they are many fewer than crossings and stones together, and
         * thousands of cells are scored. */
        hypotheses_from_cells(e->lines, e->nl, e->pts, e->nc >= p->min_evidence ? e->nc : e->np, e->w, e->h, p,
                              e->min_gap, &rng, top);
        double Hv[9], Hvi[9];
        if (sei_lattice_by_vanishing(e->lines, e->nl, e->w, e->h, p, &rng, Hv) == 0 && sei_h_inv(Hv, Hvi) == 0) {
            double s = score_points(e->pts, e->np, Hvi, p->hyp_tol, p->hyp_radius) +
                       p->align_weight * alignment(e->lines, e->nl, Hvi, p->hyp_radius, p->align_sine);
            topk_first(top, s, Hv);
            if (p->trace)
                fprintf(p->trace, "vanishing-point lattice: raw %.0f\n", s);
        }
    }
    double Hs[9], Hsi[9];
    if (e->ns >= 3 && sei_lattice_by_stones(e->stones, e->ns, p, &rng, Hs) == 0 && sei_h_inv(Hs, Hsi) == 0) {
        double s = score_points(e->pts, e->np, Hsi, p->hyp_tol, p->hyp_radius) +
                   p->align_weight * alignment(e->lines, e->nl, Hsi, p->hyp_radius, p->align_sine);
        /* Always among those grown: its score counts stones the cells'
         * scores may not have. */
        topk_first(top, s, Hs);
        if (p->trace)
            fprintf(p->trace, "stone lattice: raw %.0f\n", s);
    }
}

/* Stage 5 for the fit: each guess of top grown outwards from its cell,
 * refitted on the points it explains; the one explaining most in the end
 * into H. Returns its score, -1e18 when none could be grown. */
static double fit_grow(const evidence_t *e, const sei_lattice_params *p, const topk_t *top, double H[9])
{
    double final_best = -1e18;
    for (int k = 0; k < top->n; k++) {
        double G[9], Ginv[9];
        memcpy(G, top->h[k], sizeof G);
        int m = fitting_evidence(e->pts, e->nc, e->stones, e->ns, G, p, e->fit_pts);
        sei_lattice_grow(e->fit_pts, m, p, e->min_gap, G);
        if (sei_h_inv(G, Ginv))
            continue;
        m = fitting_evidence(e->pts, e->nc, e->stones, e->ns, G, p, e->fit_pts);
        double s = density_score(e->fit_pts, m, Ginv, p) +
                   p->align_weight * alignment(e->lines, e->nl, Ginv, 30, p->align_sine);
        if (s > final_best) {
            final_best = s;
            memcpy(H, G, sizeof G);
        }
    }
    /* Stone centres are seen at the stone's top, a little off its point in
     * an oblique view; crossings are exact. Where the crossings alone hold
     * the lattice (they fill it, net of its holes, with exact_crossings
     * points) and their own fit explains them as well, the final fit is
     * theirs. */
    if (e->nc >= p->exact_crossings && final_best > -1e18) {
        double G[9], Ginv[9], Hi[9];
        memcpy(G, H, sizeof G);
        sei_lattice_grow(e->pts, e->nc, p, e->min_gap, G);
        /* Judged on the crossings alone: the stones, a little off, would
         * always prefer the fit they pulled. */
        double before = sei_h_inv(H, Hi) ? -1e18 : density_score(e->pts, e->nc, Hi, p);
        double after = sei_h_inv(G, Ginv) ? -1e18 : density_score(e->pts, e->nc, Ginv, p);
        if (p->trace)
            fprintf(p->trace, "refit on crossings alone: they judge it %.0f against %.0f\n", after, before);
        if (before >= p->exact_crossings && after >= before - p->exact_loss * fabs(before))
            memcpy(H, G, sizeof G);
    }
    return final_best;
}

/* Stage 5b for the fit: the board's plane (H) and the stones' tops (Hs)
 * fitted apart where crossings and stones both hold the lattice, kept when
 * they explain at least as many points; H, Hinv and Hsinv are updated
 * then. Returns the count of fitting evidence on the lattice as it ends. */
static int fit_parallax(const evidence_t *e, const sei_lattice_params *p, double H[9], double Hinv[9],
                        double Hsinv[9], sei_lattice *out)
{
    int m = fitting_evidence(e->pts, e->nc, e->stones, e->ns, H, p, e->fit_pts);
    double G[9], Hs[9];
    memcpy(G, H, sizeof G);
    if (p->parallax_min > 0 && sei_lattice_parallax(e->fit_pts, e->nc, m, p, G, Hs) == 0) {
        double Gi[9], Gsi[9];
        if (sei_h_inv(G, Gi) == 0 && sei_h_inv(Hs, Gsi) == 0) {
            int before = explained(e->fit_pts, e->nc, m, Hinv, Hinv, p),
                after = explained(e->fit_pts, e->nc, m, Gi, Gsi, p);
            if (p->trace)
                fprintf(p->trace, "parallax: explains %d points against %d\n", after, before);
            if (after >= before) {
                out->parallax = 1;
                memcpy(H, G, sizeof G);
                memcpy(Hinv, Gi, sizeof Gi);
                memcpy(Hsinv, Gsi, sizeof Gsi);
                m = fitting_evidence(e->pts, e->nc, e->stones, e->ns, H, p, e->fit_pts);
            }
        }
    }
    return m;
}

/* Stage 6 for the fit: the parallax (5b), then the window of the size
 * given (0: any) that explains the evidence best on lattice H; out's
 * lattice, size and doubts from it. t: when stage 6 began (its time
 * includes 5b's). Returns 0, or -1 with out->why set. */
static int fit_window(const evidence_t *e, const sei_lattice_params *p, int size, double H[9], double t,
                      sei_lattice *out)
{
    static float ev_zero[GW][GW];
    float(*ev)[GW] = malloc(sizeof ev_zero);
    double Hinv[9], Hsinv[9];
    if (!ev || sei_h_inv(H, Hinv)) {
        free(ev);
        return fail_why(out, "out of memory", 0, 0);
    }
    memcpy(Hsinv, Hinv, sizeof Hsinv);
    double t5 = sei_now_ms();
    int m = fit_parallax(e, p, H, Hinv, Hsinv, out);
    out->stage_ms[SEI_LAT_PARALLAX] = sei_now_ms() - t5;
    evidence_grid(e->fit_pts, e->nc, m, e->lines, e->nl, Hinv, Hsinv, p, ev);
    int N = 0, st0[2] = {0, 0}, rn = 0, st1[2] = {0, 0};
    double runner = 0, runner_off = 0;
    double best = sei_lattice_window((const float(*)[GW])ev, size, p, &N, st0, &runner, &rn, &runner_off, st1);
    double in = 0, pts_in = 0, pts_all = 0;
    for (int u = 0; u < N; u++)
        for (int v = 0; v < N; v++) {
            in += ev[st0[0] + u + GR][st0[1] + v + GR];
            pts_in += ev[st0[0] + u + GR][st0[1] + v + GR] >= 1;
        }
    for (int u = 0; u < GW; u++)
        for (int v = 0; v < GW; v++)
            pts_all += ev[u][v] >= 1;
    out->stage_ms[SEI_LAT_WINDOW] = sei_now_ms() - t;
    if (p->trace && N) {
        /* The evidence around the window, a character a point. */
        for (int v = st0[1] - 3; v < st0[1] + N + 3; v++) {
            for (int u = st0[0] - 3; u < st0[0] + N + 3; u++) {
                float x = u < -GR || u > GR || v < -GR || v > GR ? 0 : ev[u + GR][v + GR];
                int inside = u >= st0[0] && u < st0[0] + N && v >= st0[1] && v < st0[1] + N;
                fputc(x >= 1 ? '#' : x > 0 ? '+' : inside ? '.' : ' ', p->trace);
            }
            fputc('\n', p->trace);
        }
    }
    if (p->trace)
        fprintf(p->trace,
                "window: %dx%d at (%d, %d), evidence on %.0f of its points, score %.1f, runner-up %dx%d %.1f, "
                "shifted %.1f\n",
                N, N, st0[0], st0[1], in, best, rn, rn, runner, runner_off);
    if (!N || in < p->min_support * N * N) {
        free(ev);
        /* With a size given, only that size was looked for. */
        return size ? fail_why(out, "the evidence does not make a %dx%d grid", size, size)
                    : fail_why(out, "the evidence does not make a 9, 13 or 19 grid", 0, 0);
    }
    /* Shift the lattice so the window starts at (0, 0). */
    double T[9] = {1, 0, st0[0], 0, 1, st0[1], 0, 0, 1};
    sei_h_mul(H, T, out->H);
    out->size = N;
    out->score = in / ((double)N * N);
    out->runner_size = rn;
    /* Doubt about the size, and about where the window sits. */
    out->margin = rn ? (best - runner) / N : 1e9;
    out->shift_margin = runner_off > -1e18 ? (best - runner_off) / N : 1e9;
    out->shift[0] = runner_off > -1e18 ? st1[0] - st0[0] : 0;
    out->shift[1] = runner_off > -1e18 ? st1[1] - st0[1] : 0;
    out->outside = pts_all > 0 ? 1 - pts_in / pts_all : 0;
    out->free_size = N;
    if (size) {
        int N0 = 0, s0[2] = {0, 0}, rn0 = 0;
        double r0 = 0, ro0 = 0, in0 = 0;
        sei_lattice_window((const float(*)[GW])ev, 0, p, &N0, s0, &r0, &rn0, &ro0, NULL);
        for (int u = 0; u < N0; u++)
            for (int v = 0; v < N0; v++)
                in0 += ev[s0[0] + u + GR][s0[1] + v + GR];
        out->free_size = N0 && in0 >= p->min_support * N0 * N0 ? N0 : 0;
    }
    out->unsure = out->margin < p->unsure_margin || out->shift_margin < p->unsure_shift ||
                  out->outside > p->unsure_outside;
    free(ev);
    return 0;
}

int sei_lattice_fit(const float *segs, int n, const sei_lattice_stone *stones, int ns, int w, int h, int size,
                    const sei_lattice_params *p, int keep, sei_lattice *out)
{
    memset(out, 0, sizeof *out);
    double diag = sqrt((double)w * w + (double)h * h);
    double t = sei_now_ms();
    int rc = -1, nl = 0, np = 0, nc = 0;
    line_t *lines = NULL;
    double *pts = NULL, *fit_pts = NULL;
    float *chained = NULL;
    topk_t top = {0, p->top_k > 0 ? p->top_k : 1, NULL, NULL};
    /* Stones alone can carry the fit when the grid is hidden. */
    int stones_enough = ns >= p->min_evidence;

    /* 0. Grid-line fragments chained (segs is the chained copy from here on). */
    chained = malloc(sizeof(float) * 5 * (size_t)(n > 0 ? n : 1));
    if (!chained) {
        fail_why(out, "out of memory", 0, 0);
        goto done;
    }
    n = sei_lattice_chain(segs, n, diag, p, chained);
    segs = chained;

    /* 1. Families. */
    int dir[3], ndir = sei_lattice_directions(segs, n, diag, p, dir), have_lines = ndir >= 2;
    out->stage_ms[SEI_LAT_FAMILIES] = sei_now_ms() - t;
    t = sei_now_ms();
    if (!have_lines && !stones_enough) {
        fail_why(out, "no two families of straight lines: nothing like a grid", 0, 0);
        goto done;
    }

    /* 2. Lines. */
    lines = calloc((size_t)(p->max_lines > 0 ? p->max_lines : 1), sizeof *lines);
    pts = malloc(sizeof(double) * 2 * (size_t)(p->max_crossings + ns + 1));
    if (!lines || !pts) {
        fail_why(out, "out of memory", 0, 0);
        goto done;
    }
    if (have_lines)
        nl = fit_lines(segs, n, ndir, dir, diag, p, lines, pts);
    if (nl < 0) {
        fail_why(out, "out of memory", 0, 0);
        goto done;
    }
    int nf[2] = {0, 0};
    for (int k = 0; k < nl; k++)
        nf[lines[k].fam]++;
    out->lines_a = nf[0];
    out->lines_b = nf[1];
    out->stage_ms[SEI_LAT_LINES] = sei_now_ms() - t;
    t = sei_now_ms();
    if (nf[0] < p->min_lines || nf[1] < p->min_lines) {
        if (!stones_enough) {
            fail_why(out, "too few grid lines (%d and %d)", nf[0], nf[1]);
            goto done;
        }
        have_lines = 0;
    }

    /* 3. Crossings, then the stone centres after them. */
    if (have_lines)
        nc = sei_lattice_crossings(lines, nl, diag, p, pts, p->max_crossings);
    np = nc;
    for (int i = 0; i < ns; i++) {
        pts[2 * np] = stones[i].x;
        pts[2 * np + 1] = stones[i].y;
        np++;
    }
    out->crossings = nc;
    out->stones = ns;
    out->stage_ms[SEI_LAT_CROSSINGS] = sei_now_ms() - t;
    t = sei_now_ms();
    if (np < p->min_evidence) {
        fail_why(out, "too few grid crossings (%d)", nc, 0);
        goto done;
    }
    if (!have_lines)
        nl = 0; /* too few to trust: only the stones speak */

    /* 4. Hypotheses. */
    top.s = malloc(sizeof(double) * (size_t)top.k);
    top.h = malloc(sizeof(double[9]) * (size_t)top.k);
    fit_pts = malloc(sizeof(double) * 2 * (size_t)(np + 1));
    if (!top.s || !top.h || !fit_pts) {
        fail_why(out, "out of memory", 0, 0);
        goto done;
    }
    evidence_t e = {lines, nl, have_lines, pts, nc, np, stones, ns, fit_pts, w, h, p->min_cell * diag};
    fit_hypotheses(&e, p, &top);
    out->stage_ms[SEI_LAT_HYPOTHESES] = sei_now_ms() - t;
    t = sei_now_ms();
    if (top.n == 0 || top.s[0] < p->min_hyp_score) {
        fail_why(out, "no lattice fits the grid crossings", 0, 0);
        goto done;
    }

    /* 5. Grow. */
    double H[9], final_best = fit_grow(&e, p, &top, H);
    if (p->trace)
        fprintf(p->trace, "lattice: %d lines (%d, %d), %d crossings, %d stones, raw best %.0f, grown %.0f\n", nl, nf[0],
                nf[1], nc, ns, top.s[0], final_best);
    out->stage_ms[SEI_LAT_GROW] = sei_now_ms() - t;
    t = sei_now_ms();
    if (final_best <= -1e18) {
        fail_why(out, "no lattice fits the grid crossings", 0, 0);
        goto done;
    }

    /* 5b and 6. Parallax, and the window. */
    if (fit_window(&e, p, size, H, t, out) == 0)
        rc = 0;
done:
    if (keep && lines) {
        out->lines = lines;
        out->nlines = nl > 0 ? nl : 0;
        lines = NULL;
    }
    if (keep && pts) {
        out->points = pts;
        out->npoints = np;
        pts = NULL;
    }
    free(lines);
    free(pts);
    free(fit_pts);
    free(chained);
    free(top.s);
    free(top.h);
    return rc;
}

void sei_lattice_free(sei_lattice *out)
{
    if (!out)
        return;
    free(out->lines);
    free(out->points);
    out->lines = NULL;
    out->points = NULL;
    out->nlines = out->npoints = 0;
}
