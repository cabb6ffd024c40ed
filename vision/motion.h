/* motion.h - is anything moving in front of the camera?
 *
 * A coarse grey sample of each frame (64 x 48 points) against the last
 * one. A hand, an arm or a sleeve changes part of the picture; a light
 * that flickers changes all of it by about the same amount, so that
 * common change is taken out before measuring. */
#ifndef SEI_VISION_MOTION_H
#define SEI_VISION_MOTION_H

#include <stdint.h>

#include "image.h"

#define SEI_MOTION_COLS 64
#define SEI_MOTION_ROWS 48

typedef struct {
    uint8_t prev[SEI_MOTION_COLS * SEI_MOTION_ROWS];
    int have;
} sei_motion;

/* Forget the last frame (after a gap in the frames). */
void sei_motion_reset(sei_motion *m);
/* The change from the last frame: the mean absolute grey change per
 * sampled point beyond the frame's common change (0 for the first frame). */
double sei_motion_update(sei_motion *m, const sei_image *f);

#endif
