/* cmd_detect.c - `seichi detect IMAGE`: read the board in a picture and
 * print its size, grid, corners and confidence. Exit 0 when a board was
 * read, 3 when none was found, 2 when the picture cannot be read. */
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "cli.h"
#include "jsonout.h"
#include "vision.h"

/* doc[name]: the marked points of an n x n board as [row, col] pairs. */
static void add_points(cJSON *doc, const char *name, const uint8_t mark[SEI_MAX_SIZE][SEI_MAX_SIZE], int n)
{
    cJSON *list = cJSON_AddArrayToObject(doc, name);
    for (int y = 0; list && y < n; y++)
        for (int x = 0; x < n; x++)
            if (mark[y][x]) {
                int rc[2] = {y, x};
                cJSON_AddItemToArray(list, cJSON_CreateIntArray(rc, 2));
            }
}

int sei_cli_detect(int argc, char **argv, FILE *out, FILE *err)
{
    const char *path = NULL, *debug = NULL;
    int json = 0, size = 0, force = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (!strcmp(argv[i], "--force"))
            force = 1;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fprintf(out, "usage: seichi detect IMAGE [--size N] [--json] [--debug DIR [--force]]\n\n"
                         "Find the board in a photo and read every point (README: Reading a photo).\n"
                         "--debug DIR writes each stage's picture there; pictures of an earlier\n"
                         "run are replaced only with --force.\n");
            return 0;
        } else if ((!strcmp(argv[i], "--size") || !strcmp(argv[i], "--debug")) && i + 1 >= argc) {
            fprintf(err, "seichi detect: %s needs a value\n", argv[i]);
            return 2;
        } else if (!strcmp(argv[i], "--size")) {
            if (!sei_cli_parse_int(argv[++i], &size, 9, 19) || (size != 9 && size != 13 && size != 19)) {
                fprintf(err, "seichi detect: --size takes 9, 13 or 19, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--debug"))
            debug = argv[++i];
        else if (argv[i][0] == '-') {
            fprintf(err, "seichi detect: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!path)
            path = argv[i];
        else {
            fprintf(err, "seichi detect: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!path) {
        fprintf(err, "usage: seichi detect IMAGE [--size N] [--json] [--debug DIR [--force]]\n");
        return 2;
    }
    if (force && !debug) {
        fprintf(err, "seichi detect: --force is for --debug DIR (detect writes no other file)\n");
        return 2;
    }
    sei_vision_params p;
    sei_vision_params_default(&p);
    p.size = size;
    p.trace = sei_cli_trace();
    sei_vision *v = sei_vision_create(&p);
    sei_vision_result *r = malloc(sizeof *r);
    sei_image img = {0};
    int rc = 2;
    if (!v || !r) {
        fprintf(err, "seichi detect: out of memory\n");
        goto done;
    }
    if (debug && sei_vision_set_debug(v, debug, force) != SEI_VISION_OK) {
        fprintf(err, "seichi detect: %s\n", sei_vision_errmsg(v));
        goto done;
    }
    if (sei_vision_load(v, path, &img) != SEI_VISION_OK) {
        fprintf(err, "seichi detect: %s\n", sei_vision_errmsg(v));
        goto done;
    }
    sei_vision_status st = sei_vision_read(v, &img, r);
    if (st == SEI_VISION_NOBOARD) {
        fprintf(err, "seichi detect: %s: %s\n", path, sei_vision_errmsg(v));
        rc = 3;
        goto done;
    }
    if (st != SEI_VISION_OK) {
        fprintf(err, "seichi detect: %s: %s\n", path, sei_vision_errmsg(v));
        goto done;
    }
    rc = 0;
    int n = r->size;
    if (json) {
        cJSON *doc = sei_json_doc();
        if (doc) {
            cJSON_AddNumberToObject(doc, "size", n);
            cJSON *grid = cJSON_AddArrayToObject(doc, "grid");
            char line[SEI_MAX_SIZE + 1];
            for (int y = 0; grid && y < n; y++) {
                for (int x = 0; x < n; x++)
                    line[x] = r->grid[y][x] == SEI_BLACK ? 'X' : r->grid[y][x] == SEI_WHITE ? 'O' : '.';
                line[n] = 0;
                cJSON_AddItemToArray(grid, cJSON_CreateString(line));
            }
            cJSON *corners = cJSON_AddArrayToObject(doc, "corners");
            for (int k = 0; corners && k < 4; k++) {
                double c[2] = {round(r->corners[k][0] * 10) / 10, round(r->corners[k][1] * 10) / 10};
                cJSON_AddItemToArray(corners, cJSON_CreateDoubleArray(c, 2));
            }
            cJSON *conf = cJSON_AddArrayToObject(doc, "confidence");
            for (int y = 0; conf && y < n; y++) {
                double row[SEI_MAX_SIZE];
                for (int x = 0; x < n; x++)
                    row[x] = round(r->confidence[y][x] * 100) / 100;
                cJSON_AddItemToArray(conf, cJSON_CreateDoubleArray(row, n));
            }
            /* The points to check, as [row, col] like grid, whether the
             * board itself is in doubt, and of the points to check those a
             * hand or an arm hides. */
            add_points(doc, "unsure", r->unsure, n);
            cJSON_AddBoolToObject(doc, "board_unsure", r->board_unsure);
            add_points(doc, "hidden", r->hidden, n);
            sei_json_round(doc, "min_confidence", r->min_confidence, 3);
            sei_json_round(doc, "lattice_score", r->lattice_score, 3);
            /* The view: the camera's elevation over the board in degrees,
             * and the board's share of the picture (README: placing the
             * camera). */
            sei_json_round(doc, "elevation", r->elevation, 1);
            sei_json_round(doc, "board_share", r->board_share, 3);
            sei_json_round(doc, "ms", r->ms, 2);
            cJSON *stages = cJSON_AddObjectToObject(doc, "stages_ms");
            for (int k = 0; stages && k < SEI_STAGES; k++)
                sei_json_round(stages, sei_vision_stage_names[k], r->stage_ms[k], 2);
        }
        if (sei_json_print(out, doc)) {
            fprintf(err, "seichi detect: cannot write the JSON\n");
            rc = 2;
        }
    } else {
        fprintf(out, "%dx%d board, read in %.1f ms (lowest confidence %.2f)\n", n, n, r->ms, r->min_confidence);
        /* Labelled as the points to check are named (A..T without I, 19
         * at the top), each point in doubt followed by a question mark
         * ("X?": one character to a mark, so the columns stay under their
         * letters, and two such points side by side read "X?O?"). */
        fprintf(out, "   ");
        for (int x = 0; x < n; x++)
            fprintf(out, " %c", 'A' + x + (x >= 8));
        fputc('\n', out);
        for (int y = 0; y < n; y++) {
            fprintf(out, "%2d ", n - y);
            for (int x = 0; x < n; x++) {
                char c = r->grid[y][x] == SEI_BLACK ? 'X' : r->grid[y][x] == SEI_WHITE ? 'O' : '.';
                fprintf(out, "%c%c", x && r->unsure[y][x - 1] ? '?' : ' ', c);
            }
            fprintf(out, "%c%d\n", r->unsure[y][n - 1] ? '?' : ' ', n - y);
        }
        sei_cli_print_unsure(out, r);
        fprintf(out, "corners: TL (%.0f, %.0f)  TR (%.0f, %.0f)  BR (%.0f, %.0f)  BL (%.0f, %.0f)\n", r->corners[0][0],
                r->corners[0][1], r->corners[1][0], r->corners[1][1], r->corners[2][0], r->corners[2][1],
                r->corners[3][0], r->corners[3][1]);
    }
done:
    sei_image_free(&img);
    sei_vision_destroy(v);
    free(r);
    return rc;
}
