/* cmd_bench_vision.c - `seichi bench vision DIR...`: read every picture
 * that has a sibling .json truth (size, grid, corners) and print, per
 * folder: pictures, boards found, per-point accuracy with the confusion
 * matrix, perfect boards, median and worst reading time, peak memory.
 * Where the truth has no corners the grid is compared up to the board's
 * eight symmetries, since nothing then says which corner is which. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "source.h"
#include "cvwrap.h"
#include "vision.h"

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int sei_truth_load(const char *path, sei_truth *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strstr(buf, "\"size\"");
    if (!p || sscanf(strchr(p, ':') + 1, "%d", &t->size) != 1 || t->size < 2 || t->size > SEI_MAX_SIZE)
        return -1;
    p = strstr(buf, "\"grid\"");
    if (!p || !(p = strchr(p, '[')))
        return -1;
    for (int y = 0; y < t->size; y++) {
        p = strchr(p, '"');
        if (!p)
            return -1;
        p++;
        for (int x = 0; x < t->size; x++) {
            char c = p[x];
            t->grid[y][x] = c == 'X' ? SEI_BLACK : c == 'O' ? SEI_WHITE : c == '.' ? SEI_EMPTY : 255;
            if (t->grid[y][x] == 255)
                return -1;
        }
        p = strchr(p + t->size, '"');
        if (!p)
            return -1;
        p++;
    }
    p = strstr(buf, "\"corners\"");
    if (p) {
        p = strchr(p, ':') + 1;
        while (*p == ' ')
            p++;
        if (*p == '[') {
            double c[8];
            int k = 0;
            for (char *q = p; *q && k < 8; q++)
                if ((*q >= '0' && *q <= '9') || *q == '-' || *q == '.') {
                    c[k++] = strtod(q, &q);
                    q--;
                }
            if (k == 8) {
                for (int i = 0; i < 4; i++) {
                    t->corners[i][0] = c[2 * i];
                    t->corners[i][1] = c[2 * i + 1];
                }
                t->has_corners = 1;
            }
        }
    }
    return 0;
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

/* Count the points a reading gets wrong, with the confusion matrix
 * [truth][read]. Which corner of a turned board is "top left" is a
 * convention, so the reading is compared under the symmetry that puts its
 * corner points on the truth's (when the truth has corners: the geometry
 * decides, not the stones), else under the symmetry that fits best. */
int sei_truth_compare(const sei_truth *t, const sei_vision_result *r, int confusion[3][3])
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
    if (confusion)
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int a, b;
                turn(n, bestk, x, y, &a, &b);
                confusion[t->grid[b][a]][r->grid[y][x]]++;
            }
    return best;
}

static void bench_dir(const char *dir, FILE *out)
{
    char **names;
    int n = sei_folder_list(dir, sei_picture_name, &names);
    if (n < 0) {
        fprintf(out, "%s: cannot open\n", dir);
        return;
    }
    sei_vision *v = sei_vision_create(NULL);
    sei_vision_result *r = malloc(sizeof *r);
    double *ms = calloc((size_t)n + 1, sizeof *ms);
    int pictures = 0, found = 0, size_right = 0, perfect = 0, confusion[3][3] = {{0}};
    int unsure_wrong = 0, unsure_right = 0; /* boards flagged unsure, of a wrong size and of the right one */
    long points = 0, wrong_points = 0;
    for (int i = 0; i < n && v && r && ms; i++) {
        char path[4096], tpath[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(tpath, sizeof tpath, "%s/%.*s.json", dir, (int)(strrchr(names[i], '.') - names[i]), names[i]);
        sei_truth t;
        if (sei_truth_load(tpath, &t))
            continue;
        pictures++;
        sei_image img = {0};
        if (sei_vision_load(v, path, &img) != SEI_VISION_OK) {
            fprintf(out, "  %s: %s\n", names[i], sei_vision_errmsg(v));
            continue;
        }
        sei_vision_status st = sei_vision_read(v, &img, r);
        sei_image_free(&img);
        if (st != SEI_VISION_OK) {
            fprintf(out, "  %s: no board (%s)\n", names[i], sei_vision_errmsg(v));
            points += t.size * t.size;
            wrong_points += t.size * t.size;
            continue;
        }
        ms[found++] = r->ms;
        points += t.size * t.size;
        if (r->size != t.size) {
            unsure_wrong += r->board_unsure;
            fprintf(out, "  %s: read as %dx%d, truth %dx%d%s\n", names[i], r->size, r->size, t.size, t.size,
                    r->board_unsure ? " (flagged unsure)" : "");
            wrong_points += t.size * t.size;
            continue;
        }
        size_right++;
        unsure_right += r->board_unsure;
        int w = sei_truth_compare(&t, r, confusion);
        wrong_points += w;
        if (w == 0)
            perfect++;
        else
            fprintf(out, "  %s: %d point%s wrong\n", names[i], w, w == 1 ? "" : "s");
    }
    qsort(ms, (size_t)found, sizeof *ms, cmp_dbl);
    const char *base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(out, "%-16s pictures %3d  board found %3d  size right %3d  perfect %3d (%5.1f%%)  points right %7.3f%%\n",
            base, pictures, found, size_right, perfect, pictures ? 100.0 * perfect / pictures : 0,
            points ? 100.0 * (double)(points - wrong_points) / (double)points : 0);
    fprintf(out, "%-16s median %6.1f ms  worst %7.1f ms  peak memory %ld KiB\n", "", found ? ms[found / 2] : 0,
            found ? ms[found - 1] : 0, ru.ru_maxrss);
    fprintf(out, "%-16s board unsure: %d of %d wrong sizes flagged, %d of %d right sizes flagged\n", "", unsure_wrong,
            found - size_right, unsure_right, size_right);
    fprintf(out, "%-16s confusion (truth rows, read columns; empty black white):", "");
    for (int a = 0; a < 3; a++)
        fprintf(out, " [%d %d %d]", confusion[a][0], confusion[a][1], confusion[a][2]);
    fprintf(out, "\n");
    sei_vision_destroy(v);
    free(r);
    free(ms);
    sei_folder_list_free(names, n);
}

int sei_cli_bench_vision(int argc, char **argv, FILE *out, FILE *err)
{
    if (argc < 1) {
        fprintf(err, "usage: seichi bench vision DIR...\n");
        return 2;
    }
    /* Figures for one core: OpenCV keeps to the calling thread. */
    sei_cv_threads(1);
    fprintf(out, "board reading against the truth beside each picture (one thread)\n");
    for (int i = 0; i < argc; i++)
        bench_dir(argv[i], out);
    return 0;
}
