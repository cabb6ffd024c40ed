/* image.c - allocation of image views owned by the vision code. */
#include "image.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sei_image_alloc(sei_image *img, int width, int height, int channels)
{
    memset(img, 0, sizeof *img);
    if (width <= 0 || height <= 0 || (channels != 1 && channels != 3) || width > 65536 || height > 65536)
        return -1;
    size_t stride = (size_t)width * (size_t)channels;
    uint8_t *buf = calloc((size_t)height, stride);
    if (!buf)
        return -1;
    img->width = width;
    img->height = height;
    img->stride = (int)stride;
    img->channels = channels;
    img->buf = buf;
    return 0;
}

int sei_image_copy(const sei_image *src, sei_image *dst)
{
    if (sei_image_alloc(dst, src->width, src->height, src->channels))
        return -1;
    for (int y = 0; y < src->height; y++)
        memcpy(sei_image_row(dst, y), sei_image_row(src, y), (size_t)src->width * (size_t)src->channels);
    return 0;
}

void sei_image_free(sei_image *img)
{
    if (!img)
        return;
    free(img->buf);
    memset(img, 0, sizeof *img);
}

void sei_say(char *err, size_t n, const char *fmt, ...)
{
    if (!err || !n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
}
