/* stones.h - empty, black or white at each intersection of a board seen
 * from straight above (the picture warped by the lattice). Pure C. */
#ifndef SEI_STONES_H
#define SEI_STONES_H

#include "image.h"
#include "vision.h"

/* lab: the top-down board in CIE Lab (OpenCV's 8-bit scaling), with the
 * intersection (col, row) at pixel (margin + col * cell, margin + row *
 * cell). shift (may be NULL) moves each intersection's sample, in cells,
 * [row][col][0 = x, 1 = y], to where the top of a stone standing there is
 * seen. Fills r->grid, r->confidence and r->min_confidence. */
void sei_stones_classify(const sei_image *lab, int size, double cell, double margin, const sei_vision_params *p,
                         const float shift[SEI_MAX_SIZE][SEI_MAX_SIZE][2], sei_vision_result *r);

#endif
