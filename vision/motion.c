/* motion.c - frame-to-frame change, flicker taken out (motion.h). */
#include <stdlib.h>
#include <string.h>

#include "motion.h"

void sei_motion_reset(sei_motion *m) { memset(m, 0, sizeof *m); }

double sei_motion_change(const uint8_t *a, const uint8_t *b)
{
    enum { N = SEI_MOTION_COLS * SEI_MOTION_ROWS };
    int d[N];
    long sum = 0;
    for (int k = 0; k < N; k++) {
        d[k] = b[k] - a[k];
        sum += d[k];
    }
    /* The median would resist a big hand better than the mean; the mean
     * is enough while a hand covers less than half the picture. */
    double common = (double)sum / N, dev = 0;
    for (int k = 0; k < N; k++)
        dev += abs(d[k] - (int)(common >= 0 ? common + 0.5 : common - 0.5));
    return dev / N;
}

double sei_motion_update(sei_motion *m, const sei_image *f)
{
    const double whole[4] = {0, 0, f->width, f->height};
    return sei_motion_update_box(m, f, whole);
}

double sei_motion_update_box(sei_motion *m, const sei_image *f, const double box[4])
{
    enum { N = SEI_MOTION_COLS * SEI_MOTION_ROWS };
    uint8_t cur[N];
    int b[4];
    for (int k = 0; k < 4; k++) {
        double lim = k % 2 ? f->height : f->width, v = box[k] < 0 ? 0 : box[k] > lim ? lim : box[k];
        b[k] = (int)v;
    }
    if (b[2] - b[0] < SEI_MOTION_COLS || b[3] - b[1] < SEI_MOTION_ROWS) {
        /* Too small a part to sample: the whole frame. */
        b[0] = b[1] = 0;
        b[2] = f->width;
        b[3] = f->height;
    }
    if (memcmp(b, m->box, sizeof b)) {
        m->have = 0; /* another part of the frame: nothing to compare with */
        memcpy(m->box, b, sizeof b);
    }
    int w = b[2] - b[0], h = b[3] - b[1];
    for (int j = 0; j < SEI_MOTION_ROWS; j++) {
        const uint8_t *row = sei_image_row(f, b[1] + (int)((j + 0.5) * h / SEI_MOTION_ROWS));
        for (int i = 0; i < SEI_MOTION_COLS; i++) {
            const uint8_t *px = row + (size_t)(b[0] + (int)((i + 0.5) * w / SEI_MOTION_COLS)) * (size_t)f->channels;
            int g = f->channels == 3 ? (px[0] + 2 * px[1] + px[2]) / 4 : px[0];
            cur[j * SEI_MOTION_COLS + i] = (uint8_t)g;
        }
    }
    int had = m->have;
    double dev = had ? sei_motion_change(m->prev, cur) : 0;
    memcpy(m->prev, cur, sizeof cur);
    m->have = 1;
    return dev;
}
