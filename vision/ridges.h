/* ridges.h - the straight line segments of a black-hat picture: thin
 * bright ridges on dark, followed along their middles and cut into
 * straight pieces (ridges.c). Pixels in, segments out; libc only. */
#ifndef SEI_RIDGES_H
#define SEI_RIDGES_H

#include "image.h"

typedef struct {
    int min_height;  /* a ridge's middle is at least this high (14 of 255) */
    double quantile; /* ... and at least as high as this share of all pixels (0.90): texture (cloth,
                        wood grain) makes ridges of its own, lower than a board's lines */
    int min_len;     /* fewest pixels of a piece (8); it is at least min_len - 1 pixels long */
    double max_dist; /* furthest a pixel of a piece lies from its line, pixels (1.414) */
} sei_ridge_params;

/* Chosen on 2026-12-03 over 13 settings on the seen sets (README: the
 * segments stage), then checked once on a held-out seed. */
void sei_ridge_params_default(sei_ridge_params *p);

/* The segments of bh (one channel) into segs, five floats each (x1 y1 x2
 * y2 width; the width is 1), at most max, *n of them, steep ones first.
 * Returns 0, or -1 when bh has more than one channel or memory runs out
 * (*n then 0). */
int sei_ridge_segments(const sei_image *bh, const sei_ridge_params *p, float *segs, int max, int *n);

#endif
