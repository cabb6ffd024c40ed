/* cmd_patches.c - `seichi patches --out FILE [--copies N] [--jitter CELLS]
 * [--seed S] DIR...`: the learned point classifier's training data. Every
 * picture with a truth file (.json) beside it is cut into patches exactly
 * as a reading cuts them (sei_vision_patches), each with its true colour.
 * `make model` (vision/model/) runs it on renders the generator makes on
 * the spot.
 *
 * Where the truth gives no corners (most real photos), the reader finds
 * the lattice itself; the picture is used only when it finds the true size
 * and its reading, under the board's best symmetry, misses few points (a
 * lattice a line off misreads most stones), and each patch then takes the
 * truth turned into the reading's frame. Those are the lattices a reading
 * meets, with the points it gets wrong labelled right.
 *
 * --copies N cuts each picture N times, every copy after the first from
 * corners moved at random by up to --jitter cells (0.12): a lattice found
 * in a picture is never exactly the true one, and the network must read a
 * stone a little off its patch's centre too.
 *
 * FILE: the 8 bytes "SEIPTCH1", then the patch side as a little-endian
 * uint32, then one record per point: uint32 picture number (its line in
 * FILE.names), uint8 class (0 empty, 1 black, 2 white, 3 hidden by a
 * hand: the truth's "hidden"), uint8 board size, uint8 row, uint8 column,
 * and the patch's 3 * side * side bytes. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "points.h"
#include "source.h"
#include "textbuf.h"
#include "vision.h"

/* A small, fixed random stream (splitmix64), so the data is repeatable. */
static double uniform(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}

static void put_u32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

int sei_cli_patches(int argc, char **argv, FILE *out, FILE *err)
{
    const char *outpath = NULL;
    int copies = 1, force = 0;
    double jitter = 0.12;
    uint64_t seed = 1;
    /* Options go anywhere, before, between or after the folders (as in
     * every other command); "--" ends them, for a folder named like one. */
    char **dirs = malloc(sizeof *dirs * (size_t)(argc > 0 ? argc : 1));
    int ndirs = 0, opts = 1;
    if (!dirs) {
        fprintf(err, "seichi patches: out of memory\n");
        return 2;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int takes = !strcmp(a, "--out") || !strcmp(a, "--copies") || !strcmp(a, "--jitter") || !strcmp(a, "--seed");
        if (!opts || a[0] != '-' || !a[1]) {
            dirs[ndirs++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            opts = 0;
            continue;
        }
        if (takes && i + 1 >= argc) {
            fprintf(err, "seichi patches: %s needs a value\n", a);
            free(dirs);
            return 2;
        }
        /* Numbers are all of their text: a word is refused, not read as 0. */
        char *end = NULL;
        const char *val = takes ? argv[i + 1] : NULL;
        if (!strcmp(a, "--out"))
            outpath = argv[++i];
        else if (!strcmp(a, "--copies"))
            copies = (int)strtol(argv[++i], &end, 10);
        else if (!strcmp(a, "--jitter"))
            jitter = strtod(argv[++i], &end);
        else if (!strcmp(a, "--seed"))
            seed = strtoull(argv[++i], &end, 10);
        else if (!strcmp(a, "--force"))
            force = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fprintf(out, "usage: seichi patches --out FILE [--force] [--copies N] [--jitter CELLS] [--seed S] DIR...\n");
            free(dirs);
            return 0;
        } else {
            fprintf(err, "seichi patches: unknown option '%s'\n", a);
            free(dirs);
            return 2;
        }
        if (end && (end == val || *end || *val == '-')) {
            fprintf(err, "seichi patches: %s takes a number, not '%s'\n", a, val);
            free(dirs);
            return 2;
        }
    }
    if (!outpath || !ndirs || copies < 1 || copies > 64 || !(jitter >= 0 && jitter <= 0.5)) {
        fprintf(err, "usage: seichi patches --out FILE [--force] [--copies N (1-64)] [--jitter CELLS (0-0.5)] [--seed S] "
                     "DIR...\n");
        free(dirs);
        return 2;
    }
    char names_path[4096], msg[512];
    snprintf(names_path, sizeof names_path, "%s.names", outpath);
    /* Training data is never written over another file unless asked. */
    if (sei_file_target_ok(outpath, force, msg, sizeof msg) || sei_file_target_ok(names_path, force, msg, sizeof msg)) {
        fprintf(err, "seichi patches: %s\n", msg);
        free(dirs);
        return 2;
    }
    FILE *f = fopen(outpath, "wb"), *fn = fopen(names_path, "w");
    if (!f || !fn) {
        fprintf(err, "seichi patches: cannot write %s\n", f ? names_path : outpath);
        if (f)
            fclose(f);
        if (fn)
            fclose(fn);
        free(dirs);
        return 2;
    }
    const int P = SEI_POINTS_PATCH;
    const size_t psz = (size_t)3 * P * P;
    uint8_t head[12] = {'S', 'E', 'I', 'P', 'T', 'C', 'H', '1'};
    put_u32(head + 8, (uint32_t)P);
    fwrite(head, 1, sizeof head, f);
    sei_vision_params vp;
    sei_vision_params_default(&vp);
    vp.trace = sei_cli_trace();
    sei_vision *v = sei_vision_create(&vp);
    uint8_t *patches = malloc(psz * SEI_MAX_SIZE * SEI_MAX_SIZE);
    sei_vision_result *r = malloc(sizeof *r);
    long pictures = 0, records = 0, skipped = 0;
    int rc = 0;
    for (int d = 0; d < ndirs && v && patches && r && !rc; d++) {
        char **names;
        int n = sei_folder_list(dirs[d], sei_picture_name, &names);
        if (n < 0) {
            fprintf(err, "seichi patches: cannot open %s\n", dirs[d]);
            rc = 2;
            break;
        }
        for (int i = 0; i < n && !rc; i++) {
            char path[4096];
            sei_truth t;
            sei_image img = {0};
            if (sei_truth_beside(dirs[d], names[i], &t, path, sizeof path) ||
                sei_vision_load(v, path, &img) != SEI_VISION_OK) {
                skipped++;
                continue;
            }
            int s = t.size;
            if (!t.has_corners) {
                sei_truth turned = t;
                int stones = 0;
                for (int y = 0; y < s; y++)
                    for (int x = 0; x < s; x++)
                        stones += t.grid[y][x] != SEI_EMPTY;
                if (sei_vision_read(v, &img, r) != SEI_VISION_OK || r->size != s ||
                    sei_truth_aligned(&t, r, &turned) > 2 + stones / 10) {
                    fprintf(err, "seichi patches: %s: no corners in its truth, and the lattice found misses it; skipped\n",
                            path);
                    sei_image_free(&img);
                    skipped++;
                    continue;
                }
                t = turned;
                memcpy(t.corners, r->corners, sizeof t.corners);
                t.has_corners = 1;
            }
            /* The cell's size in pixels, for the jitter. */
            double cellpx = sei_vision_cell_side((const double(*)[2])t.corners, s);
            for (int c = 0; c < copies && !rc; c++) {
                double corners[4][2];
                for (int k = 0; k < 4; k++)
                    for (int j = 0; j < 2; j++)
                        corners[k][j] = t.corners[k][j] + (c ? (2 * uniform(&seed) - 1) * jitter * cellpx : 0);
                if (sei_vision_patches(v, &img, corners, s, patches) != SEI_VISION_OK) {
                    fprintf(err, "seichi patches: %s: %s\n", path, sei_vision_errmsg(v));
                    continue;
                }
                for (int y = 0; y < s; y++)
                    for (int x = 0; x < s; x++) {
                        uint8_t rec[8];
                        put_u32(rec, (uint32_t)pictures);
                        /* A point a hand hides is its own class: the
                         * network learns to say it cannot see it. */
                        rec[4] = t.hidden[y][x] ? SEI_POINTS_HIDDEN : t.grid[y][x];
                        rec[5] = (uint8_t)s;
                        rec[6] = (uint8_t)y;
                        rec[7] = (uint8_t)x;
                        if (!rc && (fwrite(rec, 1, 8, f) != 8 ||
                                    fwrite(patches + psz * (size_t)(y * s + x), 1, psz, f) != psz)) {
                            fprintf(err, "seichi patches: cannot write %s\n", outpath);
                            rc = 2;
                        }
                        records++;
                    }
            }
            fprintf(fn, "%s\n", path);
            pictures++;
            sei_image_free(&img);
        }
        sei_folder_list_free(names, n);
    }
    int closed = fclose(f) | fclose(fn);
    if (rc || closed) {
        /* No half-made training file is left behind. */
        remove(outpath);
        remove(names_path);
        if (!rc)
            fprintf(err, "seichi patches: cannot write %s\n", outpath);
        rc = 2;
    } else if (!v || !patches || !r) {
        fprintf(err, "seichi patches: out of memory\n");
        rc = 2;
    } else
        sei_cli_note(err, "%ld patches from %ld pictures (%ld without a usable truth skipped) into %s\n", records,
                     pictures, skipped, outpath);
    free(patches);
    free(r);
    free(dirs);
    sei_vision_destroy(v);
    return rc;
}
