/* motion.c - frame-to-frame change, flicker taken out (motion.h). */
#include <stdlib.h>
#include <string.h>

#include "motion.h"

void sei_motion_reset(sei_motion *m) { memset(m, 0, sizeof *m); }

double sei_motion_update(sei_motion *m, const sei_image *f)
{
    enum { N = SEI_MOTION_COLS * SEI_MOTION_ROWS };
    uint8_t cur[N];
    int d[N];
    long sum = 0;
    for (int j = 0; j < SEI_MOTION_ROWS; j++) {
        const uint8_t *row = sei_image_row(f, (int)((j + 0.5) * f->height / SEI_MOTION_ROWS));
        for (int i = 0; i < SEI_MOTION_COLS; i++) {
            const uint8_t *px = row + (size_t)((int)((i + 0.5) * f->width / SEI_MOTION_COLS)) * (size_t)f->channels;
            int g = f->channels == 3 ? (px[0] + 2 * px[1] + px[2]) / 4 : px[0];
            cur[j * SEI_MOTION_COLS + i] = (uint8_t)g;
            d[j * SEI_MOTION_COLS + i] = g - m->prev[j * SEI_MOTION_COLS + i];
            sum += d[j * SEI_MOTION_COLS + i];
        }
    }
    int had = m->have;
    memcpy(m->prev, cur, sizeof cur);
    m->have = 1;
    if (!had)
        return 0;
    /* The median would resist a big hand better than the mean; the mean
     * is enough while a hand covers less than half the picture. */
    double common = (double)sum / N, dev = 0;
    for (int k = 0; k < N; k++)
        dev += abs(d[k] - (int)(common >= 0 ? common + 0.5 : common - 0.5));
    return dev / N;
}
