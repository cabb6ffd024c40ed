/* stones.h - empty, black or white at each intersection of a board seen
 * from straight above (the picture warped by the lattice). Pure C. */
#ifndef SEI_STONES_H
#define SEI_STONES_H

#include "image.h"
#include "vision.h"

/* lab: the top-down board in CIE Lab (OpenCV's 8-bit scaling), with the
 * intersection (col, row) at pixel (margin + col * cell, margin + row *
 * cell). Fills r->grid, r->confidence and r->min_confidence. */
void sei_stones_classify(const sei_image *lab, int size, double cell, double margin, const sei_vision_params *p,
                         sei_vision_result *r);

#endif
