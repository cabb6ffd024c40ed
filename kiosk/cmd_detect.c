/* cmd_detect.c - `seichi detect IMAGE`: read the board in a picture and
 * print its size, grid, corners and confidence. Exit 0 when a board was
 * read, 3 when none was found, 2 when the picture cannot be read. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "vision.h"

int sei_cli_detect(int argc, char **argv, FILE *out, FILE *err)
{
    const char *path = NULL, *debug = NULL;
    int json = 0, size = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            size = atoi(argv[++i]);
            if (size != 9 && size != 13 && size != 19) {
                fprintf(err, "seichi detect: --size takes 9, 13 or 19, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--debug") && i + 1 < argc)
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
        fprintf(err, "usage: seichi detect IMAGE [--size N] [--json] [--debug DIR]\n");
        return 2;
    }
    sei_vision_params p;
    sei_vision_params_default(&p);
    p.size = size;
    sei_vision *v = sei_vision_create(&p);
    sei_vision_result *r = malloc(sizeof *r);
    sei_image img = {0};
    int rc = 2;
    if (!v || !r) {
        fprintf(err, "seichi detect: out of memory\n");
        goto done;
    }
    if (debug)
        sei_vision_set_debug(v, debug);
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
        fprintf(out, "{\"size\":%d,\"grid\":[", n);
        for (int y = 0; y < n; y++) {
            fprintf(out, "%s\"", y ? "," : "");
            for (int x = 0; x < n; x++)
                fputc(r->grid[y][x] == SEI_BLACK ? 'X' : r->grid[y][x] == SEI_WHITE ? 'O' : '.', out);
            fputc('"', out);
        }
        fprintf(out, "],\"corners\":[");
        for (int i = 0; i < 4; i++)
            fprintf(out, "%s[%.1f,%.1f]", i ? "," : "", r->corners[i][0], r->corners[i][1]);
        fprintf(out, "],\"confidence\":[");
        for (int y = 0; y < n; y++) {
            fprintf(out, "%s[", y ? "," : "");
            for (int x = 0; x < n; x++)
                fprintf(out, "%s%.2f", x ? "," : "", r->confidence[y][x]);
            fputc(']', out);
        }
        fprintf(out, "],\"min_confidence\":%.3f,\"lattice_score\":%.3f,\"board_unsure\":%s,\"ms\":%.2f,\"stages_ms\":{",
                r->min_confidence, r->lattice_score, r->board_unsure ? "true" : "false", r->ms);
        const char *names[SEI_STAGES] = {"prepare", "segments", "lattice", "size", "stones"};
        for (int i = 0; i < SEI_STAGES; i++)
            fprintf(out, "%s\"%s\":%.2f", i ? "," : "", names[i], r->stage_ms[i]);
        fprintf(out, "}}\n");
    } else {
        fprintf(out, "%dx%d board, read in %.1f ms (lowest confidence %.2f)\n", n, n, r->ms, r->min_confidence);
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++)
                fprintf(out, " %c", r->grid[y][x] == SEI_BLACK ? 'X' : r->grid[y][x] == SEI_WHITE ? 'O' : '.');
            fputc('\n', out);
        }
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
