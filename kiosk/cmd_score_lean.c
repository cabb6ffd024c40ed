/* cmd_score_lean.c - in the small program, what stands for
 * cmd_score_photo.c: photos, --annotate and --save need the whole program,
 * which the small one hands such a `score` to before it gets here
 * (front.c); reaching these is a mistake, said as such, never a crash. */
#include "cli.h"

int sei_score_annotate_check(const sei_score_opts *o, char *msg, size_t n)
{
    (void)o, (void)msg, (void)n;
    return 0; /* checked by the whole program, which does the drawing */
}

static int refuse(FILE *err)
{
    fprintf(err, "seichi score: photos, --annotate and --save need the whole program (not loaded)\n");
    return 2;
}

int sei_score_load_image(const sei_score_opts *o, sei_score_run *r, FILE *err)
{
    (void)o, (void)r;
    return refuse(err);
}

int sei_score_read_fill(const sei_score_opts *o, int size, uint8_t *grid, int *unsure, FILE *err)
{
    (void)o, (void)size, (void)grid, (void)unsure;
    return refuse(err);
}

int sei_score_write_annotation(const sei_score_opts *o, const sei_score_run *r, FILE *err)
{
    (void)o, (void)r;
    return refuse(err);
}

int sei_score_save_result(const sei_score_opts *o, const sei_score_run *r, int64_t *id, char *uuid, char *db,
                          size_t n, FILE *err)
{
    (void)o, (void)r, (void)id, (void)uuid, (void)db, (void)n;
    return refuse(err);
}
