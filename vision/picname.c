/* picname.c - what picname.h says: a picture known by its name or by its
 * first bytes (the formats' own signatures). */
#define _POSIX_C_SOURCE 200809L
#include "picname.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static unsigned le32(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24; }

sei_picture_kind sei_picture_bytes(const uint8_t *b, size_t n)
{
    if (n >= 8 && !memcmp(b, "\x89PNG\r\n\x1a\n", 8))
        return SEI_PIC_PNG;
    if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF)
        return SEI_PIC_JPEG;
    if (n >= 3 && b[0] == 'P' && b[1] >= '1' && b[1] <= '6' && isspace(b[2]))
        return SEI_PIC_PNM;
    if (n >= 18 && b[0] == 'B' && b[1] == 'M') {
        /* "BM" alone could begin a text; the header's own size follows
         * the 14 bytes of the file header, one of the DIB headers' sizes. */
        unsigned dib = le32(b + 14);
        if (dib == 12 || dib == 40 || dib == 52 || dib == 56 || dib == 64 || dib == 108 || dib == 124)
            return SEI_PIC_BMP;
    }
    if (n >= 4 && (!memcmp(b, "II*\0", 4) || !memcmp(b, "MM\0*", 4)))
        return SEI_PIC_TIFF;
    if (n >= 12 && !memcmp(b, "RIFF", 4) && !memcmp(b + 8, "WEBP", 4))
        return SEI_PIC_WEBP;
    return SEI_PIC_NONE;
}

const char *sei_picture_unread(const uint8_t *b, size_t n)
{
    if (n >= 6 && (!memcmp(b, "GIF87a", 6) || !memcmp(b, "GIF89a", 6)))
        return "GIF";
    /* ISO base media files: a box of type "ftyp" first, its major brand
     * after it (HEIF's still pictures, HEIC's HEVC ones, AVIF's AV1). */
    if (n >= 12 && !memcmp(b + 4, "ftyp", 4)) {
        static const char *const heif[] = {"heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"};
        for (size_t i = 0; i < sizeof heif / sizeof heif[0]; i++)
            if (!memcmp(b + 8, heif[i], 4))
                return "HEIF (HEIC)";
        if (!memcmp(b + 8, "avif", 4) || !memcmp(b + 8, "avis", 4))
            return "AVIF";
    }
    return NULL;
}

int sei_picture_file(const char *path)
{
    /* Only a regular file is looked into: "-" (standard input), a pipe or
     * a FIFO would lose the bytes read here to the reader that follows. */
    struct stat st;
    if (!strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode))
        return 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint8_t b[32];
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    /* A picture of a format no decoder here reads is a picture still: its
     * refusal names it (sei_picture_unread). */
    return sei_picture_bytes(b, n) != SEI_PIC_NONE || sei_picture_unread(b, n) != NULL;
}

int sei_picture_name(const char *name)
{
    static const char *const ext[] = {"png", "jpg", "jpeg", "bmp", "tif", "tiff", "webp", "pgm", "ppm", "pnm"};
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name)
        return 0;
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        const char *a = dot + 1, *b = ext[i];
        while (*a && *b && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b)
            return 1;
    }
    return 0;
}
