/* points.c - the learned point classifier: patches cut from the top-down
 * board, normalised by the board's own wood, through the network built
 * into the program (sei_points_model.c, generated from vision/model/points.onnx
 * at build time), and the points it is unsure of through a second one
 * (vision/model/points2.onnx). */
#include "points.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cvwrap.h"

/* The models' bytes, embedded by CMake (vision/CMakeLists.txt). */
extern const unsigned char sei_points_model[];
extern const size_t sei_points_model_len;
extern const unsigned char sei_points_model2[];
extern const size_t sei_points_model2_len;

struct sei_points {
    sei_points_params p;
    sei_cv_net *net;
    sei_cv_net *net2; /* the second opinion; NULL when second_below is 0 or less */
    float *blob;      /* a network's input, grown as needed */
    size_t blob_cap;
    float *logits;    /* its output, n * SEI_POINTS_MAX_CLASSES */
    int *ask;         /* the points put to the second model */
    float *prob2;     /* its probabilities of them */
};

void sei_points_params_default(sei_points_params *p)
{
    /* Held-out renders: below 0.95 flags nearly every misread point while
     * leaving most right ones alone (train.py prints the trade-off). */
    p->unsure_below = 0.95;
    p->rule_doubt_below = 0.999;
    /* Hidden when that is the likelier half: a hand over the point. */
    p->hidden_at = 0.5;
    p->hidden_group = 2;
    p->hidden_near = 4;
    p->model_path = NULL;
    p->second_below = 0.99;
    p->model2_path = NULL;
}

/* A network from the ONNX file path, or from the bytes built in when path
 * is NULL. */
static sei_cv_net *load_net(const char *path, const unsigned char *bytes, size_t len, char *err, size_t errlen)
{
    if (!path)
        return sei_cv_net_load(bytes, len, err, errlen);
    /* A model from a file: at most 16 MB, read whole. */
    FILE *f = fopen(path, "rb");
    uint8_t *buf = f ? malloc(16 << 20) : NULL;
    size_t n = buf ? fread(buf, 1, 16 << 20, f) : 0;
    if (f)
        fclose(f);
    sei_cv_net *net = NULL;
    if (!n)
        snprintf(err, errlen, "cannot read the model %s", path);
    else
        net = sei_cv_net_load(buf, n, err, errlen);
    free(buf);
    return net;
}

sei_points *sei_points_create(const sei_points_params *p, char *err, size_t errlen)
{
    sei_points *pc = calloc(1, sizeof *pc);
    if (!pc) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (p)
        pc->p = *p;
    else
        sei_points_params_default(&pc->p);
    pc->net = load_net(pc->p.model_path, sei_points_model, sei_points_model_len, err, errlen);
    if (pc->net && pc->p.second_below > 0) {
        char why[200];
        pc->net2 = load_net(pc->p.model2_path, sei_points_model2, sei_points_model2_len, why, sizeof why);
        if (!pc->net2)
            snprintf(err, errlen, "the second model: %s", why);
    }
    if (!pc->net || (pc->p.second_below > 0 && !pc->net2)) {
        sei_points_destroy(pc);
        return NULL;
    }
    return pc;
}

void sei_points_destroy(sei_points *pc)
{
    if (!pc)
        return;
    sei_cv_net_free(pc->net);
    sei_cv_net_free(pc->net2);
    free(pc->blob);
    free(pc->logits);
    free(pc->ask);
    free(pc->prob2);
    free(pc);
}

double sei_points_unsure_below(const sei_points *pc) { return pc->p.unsure_below; }
double sei_points_rule_doubt_below(const sei_points *pc) { return pc->p.rule_doubt_below; }
double sei_points_hidden_at(const sei_points *pc) { return pc->p.hidden_at; }
int sei_points_hidden_group(const sei_points *pc) { return pc->p.hidden_group; }
int sei_points_hidden_near(const sei_points *pc) { return pc->p.hidden_near; }

/* Mean colour of a small square around (x, y); 0 when it is off the view. */
static int patch_mean(const sei_image *top, double x, double y, int r, double bgr[3])
{
    int cx = (int)lround(x), cy = (int)lround(y), k = 0;
    double s[3] = {0, 0, 0};
    for (int yy = cy - r; yy <= cy + r; yy++) {
        if (yy < 0 || yy >= top->height)
            continue;
        const uint8_t *row = sei_image_row(top, yy);
        for (int xx = cx - r; xx <= cx + r; xx++) {
            if (xx < 0 || xx >= top->width)
                continue;
            for (int c = 0; c < 3; c++)
                s[c] += row[3 * xx + c];
            k++;
        }
    }
    if (!k)
        return 0;
    for (int c = 0; c < 3; c++)
        bgr[c] = s[c] / k;
    return 1;
}

int sei_points_patches(const sei_image *top, int size, double margin, const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2],
                       uint8_t *out)
{
    const double cell = SEI_POINTS_CELL;
    const int P = SEI_POINTS_PATCH, half = P / 2;
    /* The wood: per channel, the median over the cell centres, the
     * half-cells of the margin outside the outer lines included. */
    enum { MAXC = (SEI_MAX_SIZE + 1) * (SEI_MAX_SIZE + 1) };
    double ch[3][MAXC];
    int nc = 0;
    for (int y = 0; y <= size; y++)
        for (int x = 0; x <= size; x++) {
            double m[3];
            if (patch_mean(top, margin + (x - 0.5) * cell, margin + (y - 0.5) * cell, 2, m)) {
                for (int c = 0; c < 3; c++)
                    ch[c][nc] = m[c];
                nc++;
            }
        }
    if (nc < 4)
        return -1;
    /* A table of the normalised byte for every pixel value and channel. */
    uint8_t lut[3][256];
    for (int c = 0; c < 3; c++) {
        qsort(ch[c], (size_t)nc, sizeof ch[c][0], sei_cmp_double);
        double wood = ch[c][nc / 2];
        for (int v = 0; v < 256; v++) {
            double b = 128 + 64 * log((v + 8.0) / (wood + 8.0));
            lut[c][v] = (uint8_t)(b < 0 ? 0 : b > 255 ? 255 : lround(b));
        }
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            double sx = shift ? shift[y][x][0] : 0, sy = shift ? shift[y][x][1] : 0;
            int x0 = (int)lround(margin + (x + sx) * cell) - half, y0 = (int)lround(margin + (y + sy) * cell) - half;
            uint8_t *o = out + (size_t)(y * size + x) * 3 * P * P;
            for (int i = 0; i < P; i++) {
                int yy = y0 + i;
                const uint8_t *row = yy >= 0 && yy < top->height ? sei_image_row(top, yy) : NULL;
                for (int j = 0; j < P; j++) {
                    int xx = x0 + j;
                    for (int c = 0; c < 3; c++)
                        /* Off the view: as if wood. */
                        o[c * P * P + i * P + j] = row && xx >= 0 && xx < top->width ? lut[c][row[3 * xx + c]] : 128;
                }
            }
        }
    return 0;
}

/* Run net on the n patches listed by idx (all n in order when idx is
 * NULL) into prob[n][3] and hidden[n] (may be NULL), as sei_points_run
 * says. */
static int run_net(sei_points *pc, sei_cv_net *net, const uint8_t *patches, const int *idx, int n, float *prob,
                   float *hidden, char *err, size_t errlen)
{
    const int P = SEI_POINTS_PATCH;
    const size_t per = (size_t)3 * P * P;
    size_t need = (size_t)n * per;
    if (need > pc->blob_cap) {
        float *b = realloc(pc->blob, need * sizeof *b);
        float *l = b ? realloc(pc->logits, (size_t)n * SEI_POINTS_MAX_CLASSES * sizeof *l) : NULL;
        if (b)
            pc->blob = b;
        if (!l) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        pc->logits = l;
        pc->blob_cap = need;
    }
    for (int i = 0; i < n; i++) {
        const uint8_t *src = patches + (size_t)(idx ? idx[i] : i) * per;
        float *dst = pc->blob + (size_t)i * per;
        for (size_t j = 0; j < per; j++)
            dst[j] = (src[j] - 128) / 64.0f;
    }
    int k = 0;
    if (sei_cv_net_run(net, pc->blob, n, 3, P, P, pc->logits, SEI_POINTS_MAX_CLASSES, &k, err, errlen))
        return -1;
    if (k != 3 && k != 4) {
        snprintf(err, errlen, "the model gives %d classes, not 3 or 4", k);
        return -1;
    }
    /* Softmax of the calibrated logits. The colours are taken given that
     * the point is seen: whether a hand is over a point is another
     * question than its colour, and the edge of a real board (a bowl, a
     * dark table beyond it) gets a little of the hidden class's mass,
     * which would otherwise cast doubt on every colour there. */
    for (int i = 0; i < n; i++) {
        const float *l = pc->logits + (size_t)k * i;
        float m = l[0];
        for (int c = 1; c < k; c++)
            m = l[c] > m ? l[c] : m;
        double e[SEI_POINTS_MAX_CLASSES] = {0}, s = 0;
        for (int c = 0; c < k; c++)
            s += e[c] = exp(l[c] - m);
        double seen = e[0] + e[1] + e[2];
        for (int c = 0; c < 3; c++)
            prob[3 * i + c] = (float)(e[c] / seen);
        if (hidden)
            hidden[i] = (float)(e[SEI_POINTS_HIDDEN] / s);
    }
    return 0;
}

int sei_points_run(sei_points *pc, const uint8_t *patches, int n, float *prob, float *hidden, char *err,
                   size_t errlen)
{
    if (n <= 0) {
        snprintf(err, errlen, "no patch to classify");
        return -1;
    }
    if (run_net(pc, pc->net, patches, NULL, n, prob, hidden, err, errlen))
        return -1;
    if (!pc->net2)
        return 0;
    /* The points the first model is unsure of, to the second, for their
     * colours only: whether a point is hidden stays the first model's
     * word (the edges stage reads a line all said hidden as the table
     * beyond a board, and the second model says hidden less there). */
    int *ask = realloc(pc->ask, (size_t)n * sizeof *ask);
    if (ask)
        pc->ask = ask;
    float *p2 = ask ? realloc(pc->prob2, (size_t)n * 3 * sizeof *p2) : NULL;
    if (!p2) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pc->prob2 = p2;
    int m = 0;
    for (int i = 0; i < n; i++) {
        const float *q = prob + 3 * i;
        if (fmaxf(q[0], fmaxf(q[1], q[2])) < pc->p.second_below)
            ask[m++] = i;
    }
    if (!m)
        return 0;
    if (run_net(pc, pc->net2, patches, ask, m, p2, NULL, err, errlen))
        return -1;
    for (int j = 0; j < m; j++)
        for (int c = 0; c < 3; c++)
            prob[3 * ask[j] + c] = 0.5f * (prob[3 * ask[j] + c] + p2[3 * j + c]);
    return 0;
}

int sei_points_warm(sei_points *pc, char *err, size_t errlen)
{
    /* One patch of bare, even wood. */
    uint8_t patch[(size_t)SEI_POINTS_PATCH * SEI_POINTS_PATCH * 3];
    memset(patch, 128, sizeof patch);
    float prob[3], hidden[1];
    if (run_net(pc, pc->net, patch, NULL, 1, prob, hidden, err, errlen))
        return -1;
    return pc->net2 ? run_net(pc, pc->net2, patch, NULL, 1, prob, hidden, err, errlen) : 0;
}
