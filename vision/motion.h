/* motion.h - is anything moving in front of the camera?
 *
 * A coarse grey sample of each frame (64 x 48 points) against the last
 * one. A hand, an arm or a sleeve changes part of the picture; a light
 * that flickers changes all of it by about the same amount, so that
 * common change is taken out before measuring. Over a board small in the
 * frame a hand is a small part of the picture: the sample may be kept to
 * the part of the frame around the board (sei_motion_update_box). */
#ifndef SEI_VISION_MOTION_H
#define SEI_VISION_MOTION_H

#include <stdint.h>

#include "image.h"

#define SEI_MOTION_COLS 64
#define SEI_MOTION_ROWS 48

typedef struct {
    uint8_t prev[SEI_MOTION_COLS * SEI_MOTION_ROWS];
    int have;
    int box[4];  /* the part of the frame prev was sampled from: x0, y0, x1, y1 */
} sei_motion;

/* The change between two samples (prev of two sei_motion of the same part
 * of the frame): the mean absolute grey change per point beyond their
 * common change. */
double sei_motion_change(const uint8_t *a, const uint8_t *b);
/* Forget the last frame (after a gap in the frames). */
void sei_motion_reset(sei_motion *m);
/* The change from the last frame: the mean absolute grey change per
 * sampled point beyond the frame's common change (0 for the first frame). */
double sei_motion_update(sei_motion *m, const sei_image *f);
/* The same over the part x0, y0, x1, y1 of the frame only (pixels, clipped
 * to it). Another part than the last frame's counts as a first frame. */
double sei_motion_update_box(sei_motion *m, const sei_image *f, const double box[4]);

#endif
