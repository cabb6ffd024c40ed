/* bomb.h - a real PNG that is small on disk and huge once decoded (a
 * "decompression bomb"), written at test time so no big file is committed:
 * w x h one-bit grey pixels, all black, which zlib packs about a thousand
 * to one (30000x30000 is about 110 KB). Needs zlib. */
#ifndef SEI_TEST_BOMB_H
#define SEI_TEST_BOMB_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void sei_bomb_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* One chunk: length, type, data, CRC of type and data. */
static int sei_bomb_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t head[8], tail[4];
    sei_bomb_be32(head, len);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(crc32(0, NULL, 0), (const Bytef *)type, 4);
    if (len)
        crc = crc32(crc, data, len);
    sei_bomb_be32(tail, (uint32_t)crc);
    return fwrite(head, 1, 8, f) != 8 || (len && fwrite(data, 1, len, f) != len) || fwrite(tail, 1, 4, f) != 4;
}

/* The signature and the header chunk (deflate, no filter method). */
static int sei_bomb_start(FILE *f, uint32_t w, uint32_t h, uint8_t depth, uint8_t colour, uint8_t interlace)
{
    uint8_t ihdr[13] = {0};
    sei_bomb_be32(ihdr, w);
    sei_bomb_be32(ihdr + 4, h);
    ihdr[8] = depth;
    ihdr[9] = colour;
    ihdr[12] = interlace;
    return (fwrite("\x89PNG\r\n\x1a\n", 1, 8, f) != 8) | sei_bomb_chunk(f, "IHDR", ihdr, sizeof ihdr);
}

/* Write the PNG to path. Returns 0, or -1. */
static int sei_bomb_png(const char *path, uint32_t w, uint32_t h)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int bad = sei_bomb_start(f, w, h, 1, 0, 0); /* bit depth 1, grey, no interlace */
    /* Each row: filter byte 0, then (w + 7) / 8 zero bytes. */
    size_t rowlen = 1 + (w + 7) / 8;
    uint8_t *row = calloc(1, rowlen), *buf = malloc(1 << 20);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!row || !buf || deflateInit(&z, 9) != Z_OK) {
        free(row);
        free(buf);
        fclose(f);
        return -1;
    }
    for (uint32_t y = 0; y <= h && !bad; y++) {
        int last = y == h;
        z.next_in = row;
        z.avail_in = last ? 0 : (uInt)rowlen;
        do {
            z.next_out = buf;
            z.avail_out = 1 << 20;
            deflate(&z, last ? Z_FINISH : Z_NO_FLUSH);
            uint32_t got = (1u << 20) - z.avail_out;
            if (got)
                bad |= sei_bomb_chunk(f, "IDAT", buf, got);
        } while (z.avail_out == 0);
    }
    deflateEnd(&z);
    free(row);
    free(buf);
    bad |= sei_bomb_chunk(f, "IEND", NULL, 0);
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}

/* A PNG of header only (IHDR, IEND: no pixels), w x h, of the bit depth
 * and colour type given (PNG's numbers: 2 RGB, 6 RGBA, ...), interlaced
 * (Adam7) or not: what its header alone makes of it. Returns 0, or -1. */
static inline int sei_bomb_png_header_as(const char *path, uint32_t w, uint32_t h, uint8_t depth, uint8_t colour,
                                         int interlaced)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int bad = sei_bomb_start(f, w, h, depth, colour, interlaced != 0);
    bad |= sei_bomb_chunk(f, "IEND", NULL, 0);
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}

/* ... of 8-bit RGB. */
static inline int sei_bomb_png_header(const char *path, uint32_t w, uint32_t h, int interlaced)
{
    return sei_bomb_png_header_as(path, w, h, 8, 2, interlaced);
}

#endif
