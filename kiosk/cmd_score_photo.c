/* cmd_score_photo.c - the parts of `seichi score` that need the whole
 * program: a photo read (OpenCV), the count drawn over it, and the result
 * stored (SQLite). The small program links cmd_score_lean.c in their place
 * and hands such work to the whole program (kiosk/front.c). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cvwrap.h"
#include "source.h"
#include "store.h"
#include "textbuf.h"

/* The checks on --annotate OUT before anything is read: a picture is
 * never drawn over another file (or through a link, or onto a device)
 * unless asked. */
int sei_score_annotate_check(const sei_score_opts *o, char *msg, size_t n)
{
    if (sei_file_target_ok(o->annotate, o->force, msg, n))
        return -1;
    /* Its kind by its name, and a folder to go in, before the count: not
     * a count and then a failure to write it. */
    const char *slash = strrchr(o->annotate, '/');
    if (!sei_picture_name(slash ? slash + 1 : o->annotate))
        return snprintf(msg, n, "--annotate writes a picture (.png, .jpg, ...), not '%s'", o->annotate), -1;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - o->annotate) + (slash == o->annotate) : 1,
             slash ? o->annotate : ".");
    if (access(dir, W_OK | X_OK))
        return snprintf(msg, n, "--annotate: cannot write in the folder of '%s'", o->annotate), -1;
    /* Never over the photo being read, --force or not. */
    struct stat a, p;
    if (o->image_path && stat(o->annotate, &a) == 0 && stat(o->image_path, &p) == 0 && a.st_dev == p.st_dev &&
        a.st_ino == p.st_ino)
        return snprintf(msg, n, "--annotate '%s' is the photo being read: give another file", o->annotate), -1;
    return 0;
}

/* The position in a photo: read by the vision code, then set up as a
 * board. Exit status 3 when no board is found, as `seichi detect` says. */
int sei_score_load_image(const sei_score_opts *o, sei_score_run *r, FILE *err)
{
    sei_vision_params p;
    sei_vision_params_default(&p);
    p.size = o->size;
    p.trace = sei_cli_trace();
    sei_vision *v = sei_vision_create(&p);
    sei_image img = {0};
    int rc = 2;
    if (!v) {
        fprintf(err, "seichi score: out of memory\n");
        return 2;
    }
    if (sei_vision_load(v, o->image_path, &img) != SEI_VISION_OK) {
        fprintf(err, "seichi score: %s\n", sei_vision_errmsg(v));
        goto out;
    }
    sei_vision_status st = sei_vision_read(v, &img, &r->vision);
    if (st != SEI_VISION_OK) {
        fprintf(err, "seichi score: %s: %s\n", o->image_path, sei_vision_errmsg(v));
        rc = st == SEI_VISION_NOBOARD ? 3 : 2;
        goto out;
    }
    int n = r->vision.size;
    r->board = sei_board_create(n);
    if (!r->board) {
        fprintf(err, "seichi score: out of memory\n");
        goto out;
    }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (r->vision.grid[y][x] != SEI_EMPTY)
                sei_board_place(r->board, r->vision.grid[y][x], sei_board_point(r->board, x, y));
    r->from_image = 1;
    rc = 0;
out:
    sei_image_free(&img);
    sei_vision_destroy(v);
    return rc;
}

int sei_fill_read(const sei_image *img, int size, uint8_t *grid, uint8_t *unsure, int *nunsure, int *seen, char *msg,
                  size_t n)
{
    /* The filled board is read at the count's size: the densest picture
     * there is, every point a stone. */
    sei_vision_params p;
    sei_vision_params_default(&p);
    p.size = size;
    p.trace = sei_cli_trace();
    sei_vision *v = sei_vision_create(&p);
    sei_vision_result *res = malloc(sizeof *res);
    int rc = 2;
    if (!v || !res) {
        snprintf(msg, n, ": out of memory");
        goto out;
    }
    sei_vision_status st = sei_vision_read(v, img, res);
    if (st != SEI_VISION_OK) {
        snprintf(msg, n, ": %s", sei_vision_errmsg(v));
        rc = st == SEI_VISION_NOBOARD ? 3 : 2;
        goto out;
    }
    if (seen)
        *seen = res->size;
    if (res->size != size) {
        snprintf(msg, n, " reads as %dx%d, the count is %dx%d", res->size, res->size, size, size);
        rc = 4;
        goto out;
    }
    *nunsure = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            grid[y * size + x] = res->grid[y][x];
            if (unsure)
                unsure[y * size + x] = res->unsure[y][x] != 0;
            *nunsure += res->unsure[y][x] != 0;
        }
    msg[0] = 0;
    rc = 0;
out:
    free(res);
    sei_vision_destroy(v);
    return rc;
}

int sei_score_read_fill(const sei_score_opts *o, int size, uint8_t *grid, int *unsure, FILE *err)
{
    sei_vision *v = sei_vision_create(NULL);
    sei_image img = {0};
    char msg[300];
    int rc = 2;
    if (!v) {
        fprintf(err, "seichi score: out of memory\n");
        return 2;
    }
    if (sei_vision_load(v, o->fill_photo, &img) != SEI_VISION_OK)
        fprintf(err, "seichi score: %s\n", sei_vision_errmsg(v));
    else if ((rc = sei_fill_read(&img, size, grid, NULL, unsure, NULL, msg, sizeof msg)) != 0) {
        /* msg goes on "FILE (the filled board)": ": why", or " reads as ..." */
        fprintf(err, "seichi score: %s (the filled board)%s\n", o->fill_photo, msg);
        rc = rc == 3 ? 3 : 2;
    }
    sei_image_free(&img);
    sei_vision_destroy(v);
    return rc;
}

/* Draw the count over the photo: grid, stones as read, dead stones,
 * territory. */
int sei_score_write_annotation(const sei_score_opts *o, const sei_score_run *r, FILE *err)
{
    sei_vision *v = sei_vision_create(NULL);
    sei_image img = {0}, out = {0};
    uint8_t marks[SEI_MAX_SIZE][SEI_MAX_SIZE];
    char msg[200];
    int rc = 2;
    if (!v || sei_vision_load(v, o->image_path, &img) != SEI_VISION_OK) {
        fprintf(err, "seichi score: cannot reread %s for the annotation\n", o->image_path);
        goto done;
    }
    const sei_board *b = r->board;
    const sei_score *s = &r->score;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            marks[y][x] = s->dead[p] ? 1 : s->mark[p] == SEI_MARK_TERRITORY ? (s->owner[p] == SEI_BLACK ? 2 : 3) : 0;
        }
    if (sei_vision_annotate(v, &img, &r->vision, (const uint8_t(*)[SEI_MAX_SIZE])marks, &out) != SEI_VISION_OK) {
        fprintf(err, "seichi score: %s\n", sei_vision_errmsg(v));
        goto done;
    }
    char text[96], what[32], doubt[96] = "";
    snprintf(text, sizeof text, "%s %s", s->rules.name, s->result);
    /* A picture shared on its own must not look like a clean result: the
     * doubts are said under the count, as the printed count says them. */
    int kind = sei_score_photo_doubt(r, what, sizeof what);
    if (kind)
        snprintf(doubt, sizeof doubt, "%s read in doubt%s", what,
                 kind == SEI_DOUBT_BOARD ? ": check the grid" : " (red): check them");
    const uint8_t ink[3] = {255, 255, 255}, warn[3] = {0, 200, 255};
    double scale = (img.width > img.height ? img.width : img.height) / 900.0;
    sei_cv_text_outline(&out, 12 * scale, 40 * scale, text, 1.1 * scale, ink);
    if (doubt[0])
        sei_cv_text_outline(&out, 12 * scale, 72 * scale, doubt, 0.8 * scale, warn);
    if (sei_cv_save(o->annotate, &out, msg, sizeof msg)) {
        fprintf(err, "seichi score: cannot write %s: %s\n", o->annotate, msg);
        goto done;
    }
    rc = 0;
done:
    sei_image_free(&img);
    sei_image_free(&out);
    sei_vision_destroy(v);
    return rc;
}

/* Store the count in the results database (--save): *id, uuid
 * (SEI_UUID_LEN + 1 bytes) and db (n bytes) get where it went. Returns 0, or 2 with a message on err. */
int sei_score_save_result(const sei_score_opts *o, const sei_score_run *r, int64_t *id, char *uuid, char *db, size_t n,
                       FILE *err)
{
    sei_store_result res;
    char msg[1024];
    if (sei_store_result_from_run(&res, o, r, o->keep_photo, msg, sizeof msg) != SEI_STORE_OK) {
        fprintf(err, "seichi score: cannot save: %s\n", msg);
        return 2;
    }
    if (o->db)
        snprintf(db, n, "%s", o->db);
    else if (sei_store_default_path(db, n, msg, sizeof msg) != SEI_STORE_OK) {
        fprintf(err, "seichi score: cannot save: %s\n", msg);
        sei_store_result_release(&res);
        return 2;
    }
    sei_store *s = sei_store_open(db, msg, sizeof msg);
    int rc = 0;
    if (!s) {
        fprintf(err, "seichi score: cannot save: %s\n", msg);
        rc = 2;
    } else if (sei_store_save_uuid(s, &res, id, uuid, NULL) != SEI_STORE_OK) {
        fprintf(err, "seichi score: cannot save: %s\n", sei_store_errmsg(s));
        rc = 2;
    } else {
        /* Saved into a station's database, the result is checked against
         * the pairing and the table's other results: say so when it
         * cannot stand as it is. */
        sei_store_result got;
        sei_store_audit *rows = NULL;
        int k = 0;
        if (!sei_store_get(s, *id, &got) && got.state == SEI_STATE_DISPUTED &&
            !sei_store_audit_get(s, *id, &rows, &k)) {
            fprintf(err, "seichi score: saved as disputed, for a judge to settle:");
            for (int i = 0; i < k; i++)
                if (!strcmp(rows[i].judge, "station"))
                    fprintf(err, " %s.", rows[i].reason);
            fprintf(err, "\n");
        }
        sei_store_audit_free(rows, k);
        sei_store_result_release(&got);
    }
    sei_store_close(s);
    sei_store_result_release(&res);
    return rc;
}

