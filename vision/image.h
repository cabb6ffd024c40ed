/* image.h - caller-owned image views, as the vision code passes them.
 *
 * An image is a view {width, height, stride, channels, buf}: it never owns
 * its pixels unless it came from sei_image_alloc or sei_cv_load, which say
 * so. Rows are `stride` bytes apart; pixels are 8-bit, 1 channel (grey) or
 * 3 channels in B, G, R order (OpenCV's), so the OpenCV wrapper can wrap a
 * view without copying. */
#ifndef SEI_IMAGE_H
#define SEI_IMAGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int width, height;
    int stride;     /* bytes from one row to the next */
    int channels;   /* 1 or 3 (BGR) */
    uint8_t *buf;
} sei_image;

#ifdef __cplusplus
extern "C" {
#endif

/* Allocate pixels for a width x height image with `channels` channels,
 * zeroed. Returns 0, or -1 when out of memory or the size is absurd. The
 * caller frees them with sei_image_free. */
int sei_image_alloc(sei_image *img, int width, int height, int channels);
/* A copy of src's pixels (a view of a part too) into dst, allocated as by
 * sei_image_alloc. Returns 0, or -1 when out of memory. */
int sei_image_copy(const sei_image *src, sei_image *dst);
/* Free pixels from sei_image_alloc or sei_cv_load; zeroes the view. NULL
 * and an empty view are no-ops. */
void sei_image_free(sei_image *img);

static inline uint8_t *sei_image_row(const sei_image *img, int y) { return img->buf + (size_t)y * (size_t)img->stride; }

/* img made w x h (no larger than it either way) by pixel area: each new
 * pixel the mean of the old ones it covers. OpenCV's INTER_AREA gives the
 * same bytes for ratios other than whole ones (whole ones it takes by a
 * fast path of its own, a level apart at times), on one thread in about
 * twice the time (shrink.c). dst is allocated as by sei_image_alloc.
 * Returns 0, or -1 (a size out of range, out of memory). */
int sei_image_shrink(const sei_image *img, sei_image *dst, int w, int h);

/* The colours of img (3 channels, BGR) as CIE L*a*b* into dst (allocated
 * as by sei_image_alloc): L scaled to 0..255, a and b offset by 128, the
 * bytes OpenCV's COLOR_BGR2Lab gives (lab.c). Returns 0, or -1 (not a
 * colour picture, out of memory). */
int sei_image_lab(const sei_image *img, sei_image *dst);

/* The part w x h at (x, y) of img, as a view of its pixels (the caller
 * keeps it inside img). */
static inline sei_image sei_image_part(const sei_image *img, int x, int y, int w, int h)
{
    sei_image v = {w, h, img->stride, img->channels, sei_image_row(img, y) + (size_t)x * (size_t)img->channels};
    return v;
}

/* A message into the caller's buffer err of n bytes (NULL or 0: none), as
 * printf formats it: how the vision code's C files say what went wrong. */
void sei_say(char *err, size_t n, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif
