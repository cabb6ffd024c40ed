/* cmd_bench_vision.c - `seichi bench vision DIR...`: read every picture
 * that has a sibling .json truth (size, grid, corners) and print, per
 * folder: pictures, boards found, sizes right, perfect boards, stone
 * recall and precision per colour with the confusion matrix, how well the
 * unsure flags cover the misread points, median and worst reading time,
 * peak memory. A picture that cannot be read or whose board is not found
 * counts as wrong (its stones missed), never as skipped.
 * The reading is compared under the board's symmetry its corners fix, or
 * where the truth has no corners, the symmetry that fits best. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "source.h"
#include "cvwrap.h"
#include "textbuf.h"
#include "vision.h"

/* One row of the truth's grid: n characters of X, O and '.'. */
static int truth_row(const cJSON *row, int n, uint8_t *out)
{
    const char *p = cJSON_GetStringValue(row);
    if (!p || strlen(p) != (size_t)n)
        return -1;
    for (int x = 0; x < n; x++) {
        out[x] = p[x] == 'X' ? SEI_BLACK : p[x] == 'O' ? SEI_WHITE : p[x] == '.' ? SEI_EMPTY : 255;
        if (out[x] == 255)
            return -1;
    }
    return 0;
}

int sei_truth_load(const char *path, sei_truth *t)
{
    memset(t, 0, sizeof *t);
    char msg[256];
    size_t len;
    /* A truth is a few kilobytes; a megabyte is no truth file. */
    char *text = sei_file_read(path, (size_t)1 << 20, &len, msg, sizeof msg);
    if (!text)
        return errno == ENOENT ? -1 : -2;
    cJSON *doc = cJSON_ParseWithLength(text, len);
    free(text);
    int rc = -2;
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(doc, "size");
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(doc, "grid");
    if (!cJSON_IsNumber(size) || size->valuedouble < 2 || size->valuedouble > SEI_MAX_SIZE ||
        size->valuedouble != (int)size->valuedouble || !cJSON_IsArray(grid))
        goto out;
    t->size = (int)size->valuedouble;
    if (cJSON_GetArraySize(grid) != t->size)
        goto out;
    for (int y = 0; y < t->size; y++)
        if (truth_row(cJSON_GetArrayItem(grid, y), t->size, t->grid[y]))
            goto out;
    /* Corners: four [x, y] pairs, or null when the truth does not know them. */
    const cJSON *corners = cJSON_GetObjectItemCaseSensitive(doc, "corners");
    if (cJSON_IsArray(corners) && cJSON_GetArraySize(corners) == 4) {
        int k = 0;
        for (int i = 0; i < 4; i++) {
            const cJSON *c = cJSON_GetArrayItem(corners, i);
            const cJSON *x = cJSON_GetArrayItem(c, 0), *y = cJSON_GetArrayItem(c, 1);
            if (cJSON_GetArraySize(c) == 2 && cJSON_IsNumber(x) && cJSON_IsNumber(y)) {
                t->corners[i][0] = x->valuedouble;
                t->corners[i][1] = y->valuedouble;
                k++;
            }
        }
        t->has_corners = k == 4;
        if (!t->has_corners)
            goto out;
    } else if (corners && !cJSON_IsNull(corners))
        goto out;
    /* Hidden points: [row, col] pairs on the board, each once. */
    const cJSON *hidden = cJSON_GetObjectItemCaseSensitive(doc, "hidden"), *h;
    if (hidden && !cJSON_IsArray(hidden))
        goto out;
    cJSON_ArrayForEach(h, hidden)
    {
        const cJSON *a = cJSON_GetArrayItem(h, 0), *b = cJSON_GetArrayItem(h, 1);
        if (cJSON_GetArraySize(h) != 2 || !cJSON_IsNumber(a) || !cJSON_IsNumber(b) || a->valuedouble < 0 ||
            b->valuedouble < 0 || a->valuedouble >= t->size || b->valuedouble >= t->size ||
            a->valuedouble != (int)a->valuedouble || b->valuedouble != (int)b->valuedouble ||
            t->hidden[(int)a->valuedouble][(int)b->valuedouble])
            goto out;
        t->hidden[(int)a->valuedouble][(int)b->valuedouble] = 1;
        t->hidden_count++;
    }
    /* The scene, where the generator wrote it; a photo's truth has none. */
    const cJSON *camera = cJSON_GetObjectItemCaseSensitive(doc, "camera");
    const cJSON *el = cJSON_GetObjectItemCaseSensitive(camera, "elevation");
    const cJSON *fill = cJSON_GetObjectItemCaseSensitive(camera, "fill");
    const cJSON *notes = cJSON_GetObjectItemCaseSensitive(doc, "notes");
    if (cJSON_IsNumber(el) && cJSON_IsNumber(fill) && cJSON_IsString(notes)) {
        t->has_view = 1;
        t->elevation = el->valuedouble;
        t->fill = fill->valuedouble;
        t->hand = strstr(notes->valuestring, "hand and arm") != NULL;
    }
    rc = 0;
out:
    cJSON_Delete(doc);
    if (rc)
        t->size = 0;
    return rc;
}

int sei_truth_beside(const char *dir, const char *name, sei_truth *t, char *path, size_t n)
{
    char tpath[4096];
    const char *dot = strrchr(name, '.');
    snprintf(path, n, "%s/%s", dir, name);
    snprintf(tpath, sizeof tpath, "%s/%.*s.json", dir, (int)(dot ? dot - name : (long)strlen(name)), name);
    return sei_truth_load(tpath, t);
}

/* Where point (x, y) goes under symmetry k of an n x n board: k % 4
 * quarter turns, then a mirror when k >= 4. */
static void turn(int n, int k, int x, int y, int *ox, int *oy)
{
    for (int q = 0; q < k % 4; q++) {
        int nx = n - 1 - y;
        y = x;
        x = nx;
    }
    if (k >= 4)
        x = n - 1 - x;
    *ox = x;
    *oy = y;
}

/* The truth turned into the reading's frame. Which corner of a turned
 * board is "top left" is a convention, so the truth is turned by the
 * symmetry that puts its corner points on the reading's (when the truth
 * has corners: the geometry decides, not the stones), else by the symmetry
 * that fits best. Returns the points of r that differ. */
int sei_truth_aligned(const sei_truth *t, const sei_vision_result *r, sei_truth *out)
{
    int n = t->size, best = -1, bestk = 0, k0 = 0, k1 = 8;
    if (t->has_corners) {
        const int uv[4][2] = {{0, 0}, {n - 1, 0}, {n - 1, n - 1}, {0, n - 1}};
        double dbest = 1e18;
        for (int k = 0; k < 8; k++) {
            double d = 0;
            for (int i = 0; i < 4; i++) {
                int a, b;
                turn(n, k, uv[i][0], uv[i][1], &a, &b);
                int j = a == 0 ? (b == 0 ? 0 : 3) : (b == 0 ? 1 : 2);
                d += hypot(r->corners[i][0] - t->corners[j][0], r->corners[i][1] - t->corners[j][1]);
            }
            if (d < dbest) {
                dbest = d;
                k0 = k;
            }
        }
        k1 = k0 + 1;
    }
    for (int k = k0; k < k1; k++) {
        int wrong = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int a, b;
                turn(n, k, x, y, &a, &b);
                wrong += r->grid[y][x] != t->grid[b][a];
            }
        if (best < 0 || wrong < best) {
            best = wrong;
            bestk = k;
        }
    }
    sei_truth turned = *t;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int a, b;
            turn(n, bestk, x, y, &a, &b);
            turned.grid[y][x] = t->grid[b][a];
            turned.hidden[y][x] = t->hidden[b][a];
        }
    *out = turned;
    return best;
}

/* Count the points a reading gets wrong, with the confusion matrix
 * [truth][read], under the symmetry sei_truth_aligned picks. wrong_at (may
 * be NULL) marks each point of r that is wrong. */
int sei_truth_compare(const sei_truth *t, const sei_vision_result *r, int confusion[3][3],
                      uint8_t wrong_at[SEI_MAX_SIZE][SEI_MAX_SIZE])
{
    sei_truth turned;
    int best = sei_truth_aligned(t, r, &turned);
    for (int y = 0; y < t->size; y++)
        for (int x = 0; x < t->size; x++) {
            if (confusion)
                confusion[turned.grid[y][x]][r->grid[y][x]]++;
            if (wrong_at)
                wrong_at[y][x] = (uint8_t)((r->grid[y][x] != turned.grid[y][x]) | 2 * turned.hidden[y][x]);
        }
    return best;
}

/* Keep name among f's three slowest pictures when it took longer. */
static void slowest_keep(sei_vision_figures *f, const char *name, double ms)
{
    int k = 3;
    while (k > 0 && (!f->slowest[k - 1][0] || ms > f->slowest_ms[k - 1]))
        k--;
    if (k == 3)
        return;
    for (int j = 2; j > k; j--) {
        memcpy(f->slowest[j], f->slowest[j - 1], sizeof f->slowest[j]);
        f->slowest_ms[j] = f->slowest_ms[j - 1];
    }
    snprintf(f->slowest[k], sizeof f->slowest[k], "%s", name);
    f->slowest_ms[k] = ms;
}

int sei_vision_measure(const char *dir, const sei_vision_params *params, sei_vision_figures *f, FILE *log)
{
    memset(f, 0, sizeof *f);
    char **names;
    int n = sei_folder_list(dir, sei_picture_name, &names);
    if (n < 0)
        return -1;
    sei_vision *v = sei_vision_create(params);
    sei_vision_result *r = malloc(sizeof *r);
    double *ms = calloc((size_t)n + 1, sizeof *ms);
    double *elev_err = calloc((size_t)n + 1, sizeof *elev_err);
    int timed = 0;
    int rc = v && r && ms && elev_err ? 0 : -1;
    /* What a process's first reading does once (OpenCV's Lab tables, the
     * models loaded and run), done before the first picture and timed
     * apart: no later picture pays it, and a kiosk pays it once. */
    double tw = sei_now_ms();
    if (!rc && sei_vision_warm(v) != SEI_VISION_OK) {
        snprintf(f->why, sizeof f->why, "%s: %s", dir, sei_vision_errmsg(v));
        rc = -1;
    }
    f->warm_ms = sei_now_ms() - tw;
    for (int i = 0; i < n && !rc; i++) {
        char path[4096];
        sei_truth t;
        int tr = sei_truth_beside(dir, names[i], &t, path, sizeof path);
        if (tr == -1)
            continue; /* no truth: not one of the set's pictures */
        if (tr) {
            /* A truth that cannot be read would make the figures lie. */
            snprintf(f->why, sizeof f->why, "%s: its .json truth is unreadable or malformed", path);
            rc = -1;
            break;
        }
        f->pictures++;
        int kiosk = t.has_view && !t.hand && t.elevation >= SEI_KIOSK_VIEW_ELEVATION && t.fill >= SEI_KIOSK_VIEW_FILL;
        f->kiosk_pictures += kiosk;
        int tb = 0, tw = 0;
        for (int y = 0; y < t.size; y++)
            for (int x = 0; x < t.size; x++) {
                tb += t.grid[y][x] == SEI_BLACK;
                tw += t.grid[y][x] == SEI_WHITE;
            }
        f->stones[0] += tb;
        f->stones[1] += tw;
        /* A picture that cannot be read, or whose board is not found or
         * misread, counts as wrong: every one of its stones is missed. */
        sei_image img = {0};
        sei_vision_status st = sei_vision_load(v, path, &img);
        int loaded = st == SEI_VISION_OK;
        if (loaded) {
            double t0 = sei_now_ms();
            st = sei_vision_read(v, &img, r);
            double took = sei_now_ms() - t0;
            ms[timed++] = took;
            slowest_keep(f, names[i], took);
        }
        sei_image_free(&img);
        if (st != SEI_VISION_OK) {
            if (log)
                fprintf(log, "  %s: %s (%s)\n", names[i], loaded ? "no board" : "unreadable", sei_vision_errmsg(v));
            continue;
        }
        f->found++;
        f->kiosk_found += kiosk;
        for (int k = 0; k < SEI_STAGES; k++)
            f->stage_ms[k] += r->stage_ms[k];
        if (r->size != t.size) {
            f->size_wrong_unflagged += !r->board_unsure;
            if (log)
                fprintf(log, "  %s: read as %dx%d, truth %dx%d%s\n", names[i], r->size, r->size, t.size, t.size,
                        r->board_unsure ? " (board flagged unsure)" : "");
            continue;
        }
        f->size_right++;
        f->crossed_right += r->cells_crossed > 0;
        f->kiosk_size_right += kiosk;
        if (t.has_view)
            elev_err[f->view_read++] = fabs(r->elevation - t.elevation);
        f->board_flagged += r->board_unsure;
        uint8_t wrong_at[SEI_MAX_SIZE][SEI_MAX_SIZE];
        int confusion[3][3] = {{0}};
        int w = sei_truth_compare(&t, r, confusion, wrong_at);
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                f->confusion[a][b] += confusion[a][b];
        f->points += t.size * t.size;
        int missed_flag = 0, seen_wrong = 0, hand_said = 0;
        for (int y = 0; y < t.size; y++)
            for (int x = 0; x < t.size; x++) {
                int wrong = wrong_at[y][x] & 1, hid = wrong_at[y][x] >> 1;
                if (wrong) {
                    f->misread++;
                    f->misread_flagged += r->unsure[y][x];
                    missed_flag += !r->unsure[y][x];
                    f->misread_sure += !r->board_unsure;
                    f->misread_sure_flagged += !r->board_unsure && r->unsure[y][x];
                } else {
                    f->right_flagged += r->unsure[y][x];
                    f->right_plain += !hid && !r->board_unsure;
                    f->right_plain_flagged += !hid && !r->board_unsure && r->unsure[y][x];
                    f->right_flagged_hidden += hid && r->unsure[y][x];
                    f->right_flagged_doubt += !hid && r->board_unsure && r->unsure[y][x];
                }
                /* A hidden point is right enough when it is flagged: no
                 * reader can see through a hand. */
                seen_wrong += hid ? !r->unsure[y][x] : wrong;
                f->hidden += hid;
                f->hidden_flagged += hid && r->unsure[y][x];
                f->hidden_said += hid && r->hidden[y][x];
                f->said_hidden += r->hidden[y][x];
                hand_said |= r->hidden[y][x];
            }
        f->perfect_seen += !seen_wrong;
        f->silent += missed_flag && !r->board_unsure;
        f->silent_hand += missed_flag && !r->board_unsure && hand_said;
        f->kiosk_silent += kiosk && missed_flag && !r->board_unsure;
        f->kiosk_perfect += kiosk && w == 0;
        if (w == 0)
            f->perfect++;
        else if (log)
            fprintf(log, "  %s: %d point%s wrong%s\n", names[i], w, w == 1 ? "" : "s",
                    !missed_flag         ? " (all flagged unsure)"
                    : r->board_unsure    ? " (board flagged unsure)"
                                         : "");
    }
    qsort(ms, (size_t)timed, sizeof *ms, sei_cmp_double);
    f->median_ms = timed ? ms[timed / 2] : 0;
    for (int k = 0; k < SEI_STAGES && f->found; k++)
        f->stage_ms[k] /= f->found;
    f->worst_ms = timed ? ms[timed - 1] : 0;
    for (int k = 0; k < timed; k++)
        f->over_aim += ms[k] > SEI_VISION_WORST_AIM_MS;
    if (f->view_read) {
        qsort(elev_err, (size_t)f->view_read, sizeof *elev_err, sei_cmp_double);
        f->elevation_err_median = elev_err[f->view_read / 2];
        f->elevation_err_p90 = elev_err[(int)(0.9 * (f->view_read - 1))];
    }
    free(elev_err);
    sei_vision_destroy(v);
    free(r);
    free(ms);
    sei_folder_list_free(names, n);
    return rc;
}

static double pct(long a, long b) { return b ? 100.0 * (double)a / (double)b : 0; }

/* Returns -1 for a folder that cannot be read: a benchmark of nothing is
 * an error, not a row of zeros. */
static int bench_dir(const char *dir, const sei_vision_params *vp, FILE *out, FILE *err)
{
    sei_vision_figures f;
    if (sei_vision_measure(dir, vp, &f, out)) {
        if (f.why[0])
            fprintf(err, "seichi bench vision: %s\n", f.why);
        else
            fprintf(err, "seichi bench vision: %s: cannot open (a folder of pictures with their .json truth)\n", dir);
        return -1;
    }
    if (!f.pictures) {
        /* Zeros with exit 0 would pass for a measurement. */
        fprintf(err, "seichi bench vision: %s: no picture there has its .json truth beside it\n", dir);
        return -1;
    }
    const char *base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    /* The slash a folder name given as "dir/" ends with. */
    char name[256];
    snprintf(name, sizeof name, "%s", base);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    long (*c)[3] = f.confusion;
    long readB = c[0][1] + c[1][1] + c[2][1], readW = c[0][2] + c[1][2] + c[2][2];
    fprintf(out, "%-16s pictures %3d  board found %3d  size right %3d  perfect %3d (%5.1f%%)\n", name, f.pictures,
            f.found, f.size_right, f.perfect, pct(f.perfect, f.pictures));
    fprintf(out, "%-16s black: recall %6.2f%% precision %6.2f%%   white: recall %6.2f%% precision %6.2f%%\n", "",
            pct(c[1][1], f.stones[0]), pct(c[1][1], readB), pct(c[2][2], f.stones[1]), pct(c[2][2], readW));
    fprintf(out, "%-16s unsure: misread points flagged %ld of %ld (%.1f%%), right points flagged %ld of %ld (%.2f%%); "
                 "wrong sizes not flagged %d\n",
            "", f.misread_flagged, f.misread, pct(f.misread_flagged, f.misread), f.right_flagged, f.points - f.misread,
            pct(f.right_flagged, f.points - f.misread), f.size_wrong_unflagged);
    char missed[96] = "none misread";
    if (f.misread_sure)
        snprintf(missed, sizeof missed, "misread points flagged %ld of %ld (%.1f%%)", f.misread_sure_flagged,
                 f.misread_sure, pct(f.misread_sure_flagged, f.misread_sure));
    fprintf(out, "%-16s on boards not in doubt: %s, right points not under a hand (truth) flagged %ld of %ld (%.2f%%); "
                 "the right points flagged elsewhere: under a hand (truth) %ld, on boards in doubt (not under a "
                 "hand) %ld\n", "", missed, f.right_plain_flagged, f.right_plain,
            pct(f.right_plain_flagged, f.right_plain), f.right_flagged_hidden, f.right_flagged_doubt);
    if (f.hidden || f.said_hidden)
        fprintf(out, "%-16s hidden by hands (truth): %ld points, %ld flagged unsure, %ld said hidden; "
                     "%ld said hidden in all; perfect but for hidden points flagged %d (%.1f%%)\n",
                "", f.hidden, f.hidden_flagged, f.hidden_said, f.said_hidden, f.perfect_seen,
                pct(f.perfect_seen, f.pictures));
    fprintf(out, "%-16s board unsure: %d of %d wrong sizes flagged, %d of %d right sizes flagged; "
                 "wrong with no sign (a misread point unflagged, the board not in doubt): %d, of them with a hand "
                 "said over the board (the user asked to take the picture again) %d, with nothing said %d\n", "",
            f.found - f.size_right - f.size_wrong_unflagged, f.found - f.size_right, f.board_flagged, f.size_right,
            f.silent, f.silent_hand, f.silent - f.silent_hand);
    if (f.kiosk_pictures)
        fprintf(out, "%-16s as a kiosk's camera sees it (no hand, the camera %.0f degrees up or more, the board %.0f%% "
                     "of the frame or more): %d pictures, board found %d, size right %d, perfect %d (%.1f%%), "
                     "wrong with no sign %d\n",
                "", SEI_KIOSK_VIEW_ELEVATION, 100 * SEI_KIOSK_VIEW_FILL, f.kiosk_pictures, f.kiosk_found,
                f.kiosk_size_right, f.kiosk_perfect, pct(f.kiosk_perfect, f.kiosk_pictures), f.kiosk_silent);
    if (f.view_read)
        fprintf(out, "%-16s the view read: the camera's elevation off by %.1f degrees (median), %.1f (90th "
                     "percentile), over the %d boards at their size\n",
                "", f.elevation_err_median, f.elevation_err_p90, f.view_read);
    fprintf(out, "%-16s median %6.1f ms  worst %7.1f ms  over %.0f ms %d  peak memory %ld KiB  (models loaded and run "
                 "once before: %.0f ms, not counted)\n",
            "", f.median_ms, f.worst_ms, SEI_VISION_WORST_AIM_MS, f.over_aim, ru.ru_maxrss, f.warm_ms);
    if (f.slowest[0][0]) {
        fprintf(out, "%-16s slowest:", "");
        for (int k = 0; k < 3 && f.slowest[k][0]; k++)
            fprintf(out, "%s %s %.0f ms", k ? "," : "", f.slowest[k], f.slowest_ms[k]);
        fprintf(out, "\n");
    }
    fprintf(out, "%-16s mean ms per stage:", "");
    for (int k = 0; k < SEI_STAGES; k++)
        fprintf(out, " %s %.1f", sei_vision_stage_names[k], f.stage_ms[k]);
    fprintf(out, "\n");
    fprintf(out, "%-16s confusion (truth rows, read columns; empty black white):", "");
    for (int a = 0; a < 3; a++)
        fprintf(out, " [%ld %ld %ld]", c[a][0], c[a][1], c[a][2]);
    fprintf(out, "\n");
    return 0;
}

int sei_cli_bench_vision(int argc, char **argv, FILE *out, FILE *err)
{
    sei_vision_params vp;
    sei_vision_params_default(&vp);
    vp.trace = sei_cli_trace();
    int first = 0;
    for (;;) {
        if (argc - first >= 2 && !strcmp(argv[first], "--model")) {
            vp.points.model_path = argv[first + 1];
            first += 2;
        } else if (argc - first >= 2 && !strcmp(argv[first], "--second")) {
            vp.points.model2_path = argv[first + 1];
            first += 2;
        } else if (argc - first >= 1 && !strcmp(argv[first], "--rules")) {
            /* The hand-set stone rule alone (the tracker's), for comparing it. */
            vp.classifier = SEI_CLASSIFIER_RULES;
            first++;
        } else
            break;
    }
    if (vp.classifier == SEI_CLASSIFIER_RULES && (vp.points.model_path || vp.points.model2_path)) {
        fprintf(err, "seichi bench vision: --rules reads without the network: no --model or --second with it\n");
        return 2;
    }
    /* Another model is measured alone, unless a second one is named too
     * (the built-in one: --second vision/model/points2.onnx). */
    if (vp.points.model_path && !vp.points.model2_path)
        vp.points.second_below = 0;
    if (argc - first < 1 || argv[first][0] == '-') {
        if (argc - first >= 1)
            fprintf(err, "seichi bench vision: unknown option '%s'\n", argv[first]);
        fprintf(err, "usage: %s\n", sei_bench_usage("vision"));
        return 2;
    }
    /* Figures for one core: OpenCV keeps to the calling thread. */
    sei_cv_threads(1);
    fprintf(out, "board reading against the truth beside each picture (one thread)\n");
    /* Which data the figures may have been influenced by. */
    if (vp.classifier == SEI_CLASSIFIER_RULES)
        fprintf(out, "point classifier: none, the hand-set stone rule alone (--rules)\n");
    else {
        if (vp.points.model_path)
            fprintf(out, "point classifier: the model in %s\n", vp.points.model_path);
        else
            fprintf(out, "point classifier: the built-in model, trained only on the project's own training renders "
                         "(vision/model/README.md): it saw no picture of images/ and no shared photo\n");
        if (vp.points.second_below <= 0)
            fprintf(out, "second opinion on its unsure points: none\n");
        else if (vp.points.model2_path)
            fprintf(out, "second opinion on its points less than %g sure: the model in %s\n", vp.points.second_below,
                    vp.points.model2_path);
        else
            fprintf(out, "second opinion on its points less than %g sure: the built-in second model, trained only on "
                         "the project's own training renders: it saw no picture of images/ and no shared photo (its "
                         "use was chosen on images/testset and renders of its kind, the shared photos a veto: "
                         "README)\n",
                    vp.points.second_below);
    }
    if (vp.stone_evidence && vp.stone_finder)
        fprintf(out, "stone finder (second readings of boards in doubt): the built-in model, trained only on the "
                     "project's own training renders: it saw no picture of images/ and no shared photo\n");
    int bad = 0;
    for (int i = first; i < argc; i++)
        bad |= bench_dir(argv[i], &vp, out, err) != 0;
    return bad ? 2 : 0;
}
