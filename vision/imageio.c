/* imageio.c - pictures in and out for the vision code without OpenCV's
 * imgcodecs (imageio.h): JPEG through libjpeg-turbo, PNG through libpng,
 * PGM/PPM/PNM read and written here. imgcodecs on Debian drags GDAL,
 * poppler, proj and a hundred more libraries into every start of the
 * program; these two libraries are all a camera's frames and the
 * project's own pictures need. Any other format goes to OpenCV's plugin
 * (cvio.h), loaded only when such a picture turns up.
 *
 * Every picture passes the caps against decompression bombs first
 * (imageio.h): its size is read from the header, a picture too large is
 * refused before any pixel is decoded, a large one is decoded straight to
 * 1/2, 1/4 or 1/8 scale (a JPEG through libjpeg's scale_denom, a PNG or
 * PNM averaged row by row into the smaller picture), and one cut short is
 * refused rather than decoded with its missing part grey. */
#define _POSIX_C_SOURCE 200809L
#include "imageio.h"
#include "picname.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

#include "cvio.h"
#include "cvwrap.h"


void sei_picture_too_large(char *err, size_t errlen, long w, long h, const char *why)
{
    sei_say(err, errlen, "the picture is %ldx%ld (%.0f megapixels): %s", w, h, (double)w * (double)h / 1e6, why);
}

static long be16(const uint8_t *p) { return (long)p[0] << 8 | p[1]; }
static long be32(const uint8_t *p) { return (long)p[0] << 24 | (long)p[1] << 16 | (long)p[2] << 8 | p[3]; }

/* ---- What the header says ------------------------------------------------ */
enum pic_kind { PIC_OTHER, PIC_PNG, PIC_JPEG, PIC_PNM };

typedef struct {
    enum pic_kind kind;
    long w, h;         /* 0 when the header does not say (or Seichi does not read it) */
    int complete;      /* 0: the data ends before the image does */
    int buffered;      /* held whole while decoded: a JPEG through whole-image coefficient buffers, an
                          interlaced PNG */
    double coef_bytes; /* ... and their size at full scale */
    double raw_bytes;  /* PNG: the bytes of its rows, unfiltered (0: not known) */
    int scans;         /* JPEG: its scans (SOS segments) */
    int pnm_type;      /* PNM: 1..6 from "P1".."P6" */
    long maxval;       /* PNM: the largest sample (1 for P1 and P4) */
    size_t data;       /* PNM: where the pixels start */
} header;

/* A PNG is chunks (length, type, data, CRC) from the signature to IEND;
 * libpng refuses most cuts, but walking them costs nothing and says so. */
static void probe_png(const uint8_t *b, size_t n, header *hd)
{
    hd->kind = PIC_PNG;
    hd->complete = 0;
    if (n >= 24) {
        hd->w = be32(b + 16);
        hd->h = be32(b + 20);
    }
    /* IHDR's interlace method: an interlaced picture is held whole while
     * its passes come; any other is read a row at a time. */
    hd->buffered = n >= 29 && b[28] != 0;
    /* Its bit depth and colour type: the samples a pixel and their bits. */
    if (n >= 26 && hd->w > 0 && hd->h > 0) {
        int depth = b[24], type = b[25];
        int samples = type == 2 ? 3 : type == 4 ? 2 : type == 6 ? 4 : 1;
        hd->raw_bytes = (double)hd->w * (double)hd->h * samples * depth / 8;
    }
    size_t i = 8;
    while (i + 12 <= n) {
        size_t len = (size_t)be32(b + i);
        if (len > n - i - 12)
            return;
        if (!memcmp(b + i + 4, "IEND", 4)) {
            hd->complete = 1;
            return;
        }
        i += 12 + len;
    }
}

/* A JPEG is marker segments from SOI to EOI, each scan (SOS) followed by
 * its entropy-coded data, which ends at the next marker that is not a
 * stuffed byte (FF 00) or a restart (FF D0..D7). libjpeg only warns
 * ("Premature end of JPEG file") when the data stops early and fills the
 * rest grey, so a JPEG that reaches no EOI is refused here (and that
 * warning is an error in decode_jpeg). Bytes after the EOI (some cameras
 * append data) are no part of the picture. */
static void probe_jpeg(const uint8_t *b, size_t n, header *hd)
{
    hd->kind = PIC_JPEG;
    hd->complete = 0;
    int scans = 0;
    size_t i = 2;
    while (i + 1 < n) {
        if (b[i] != 0xFF) { /* stray bytes between segments: libjpeg skips them too */
            i++;
            continue;
        }
        uint8_t m = b[i + 1];
        if (m == 0xFF) { /* fill byte before a marker */
            i++;
            continue;
        }
        if (m == 0xD9) {
            hd->complete = 1;
            break;
        }
        if (m == 0x00 || m == 0x01 || m == 0xD8 || (m >= 0xD0 && m <= 0xD7)) {
            i += 2;
            continue;
        }
        if (i + 4 > n)
            break;
        size_t len = (size_t)be16(b + i + 2);
        if (len < 2 || len > n - i - 2)
            break;
        const uint8_t *seg = b + i + 4;
        /* Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC && len >= 8) {
            hd->h = be16(seg + 1);
            hd->w = be16(seg + 3);
            /* Progressive (C2, C6, CA, CE) keeps every coefficient until the end. */
            hd->buffered = hd->buffered || (m & 3) == 2;
            int comps = seg[5], hmax = 1, vmax = 1;
            if (len >= 8 + 3 * (size_t)comps) {
                for (int c = 0; c < comps; c++) {
                    hmax = hmax > seg[7 + 3 * c] >> 4 ? hmax : seg[7 + 3 * c] >> 4;
                    vmax = vmax > (seg[7 + 3 * c] & 15) ? vmax : seg[7 + 3 * c] & 15;
                }
                double coef = 0;
                for (int c = 0; c < comps; c++) {
                    int hs = seg[7 + 3 * c] >> 4, vs = seg[7 + 3 * c] & 15;
                    hs = hs < 1 ? 1 : hs;
                    vs = vs < 1 ? 1 : vs;
                    double cw = ceil((double)hd->w * hs / hmax), ch = ceil((double)hd->h * vs / vmax);
                    coef += ceil(cw / 8) * ceil(ch / 8) * 64 * 2;
                }
                hd->coef_bytes = coef;
            }
        }
        i += 2 + len;
        if (m == 0xDA) {
            /* A second scan (progressive, or components sent one by one)
             * also makes libjpeg buffer the whole image. */
            if (++scans > 1)
                hd->buffered = 1;
            hd->scans = scans;
            while (i + 1 < n && !(b[i] == 0xFF && b[i + 1] != 0x00 && !(b[i + 1] >= 0xD0 && b[i + 1] <= 0xD7)))
                i++;
        }
    }
}

/* The next number of a PNM header (or of an ASCII PNM's pixels), past
 * white space and # comments; -1 when there is none. */
static long pnm_number(const uint8_t *b, size_t n, size_t *i)
{
    for (;;) {
        while (*i < n && isspace(b[*i]))
            (*i)++;
        if (*i < n && b[*i] == '#') {
            while (*i < n && b[*i] != '\n' && b[*i] != '\r')
                (*i)++;
            continue;
        }
        break;
    }
    if (*i >= n || !isdigit(b[*i]))
        return -1;
    long v = 0;
    while (*i < n && isdigit(b[*i])) {
        if (v > 100000000L)
            return -1;
        v = v * 10 + (b[(*i)++] - '0');
    }
    return v;
}

/* "P1".."P6", width, height, then the largest sample (not for the bitmaps
 * P1 and P4), then one white space byte before binary pixels. A header
 * that does not parse leaves w = 0 and decode_pnm says so. */
static void probe_pnm(const uint8_t *b, size_t n, header *hd)
{
    hd->kind = PIC_PNM;
    hd->pnm_type = b[1] - '0';
    size_t i = 2;
    long w = pnm_number(b, n, &i), h = pnm_number(b, n, &i);
    long maxval = hd->pnm_type == 1 || hd->pnm_type == 4 ? 1 : pnm_number(b, n, &i);
    if (w <= 0 || h <= 0 || maxval <= 0 || maxval > 65535)
        return;
    hd->w = w;
    hd->h = h;
    hd->maxval = maxval;
    if (hd->pnm_type >= 4)
        i++; /* the one white space byte after the header */
    hd->data = i;
}

static void probe(const uint8_t *b, size_t n, header *hd)
{
    memset(hd, 0, sizeof *hd);
    hd->complete = 1;
    switch (sei_picture_bytes(b, n)) {
    case SEI_PIC_PNG:
        probe_png(b, n, hd);
        break;
    case SEI_PIC_JPEG:
        probe_jpeg(b, n, hd);
        break;
    case SEI_PIC_PNM:
        probe_pnm(b, n, hd);
        break;
    default: /* OpenCV's plugin decodes the others */
        break;
    }
}

/* Which scale (1, 2, 4, 8) keeps the pixel count under the limit. */
static int reduce_factor(long w, long h, long max_pixels)
{
    double px = (double)w * (double)h;
    if (max_pixels <= 0 || px <= (double)max_pixels)
        return 1;
    if (px / 4 <= (double)max_pixels)
        return 2;
    if (px / 16 <= (double)max_pixels)
        return 4;
    return 8;
}

/* ---- Rows into a picture at 1/f scale ----------------------------------- */
/* A PNG or PNM too large for full size is averaged f x f into the smaller
 * picture as its rows arrive, so the whole picture is never held (the
 * rows and columns past the last whole f x f block are left out). */
typedef struct {
    sei_image *out;
    int f, w;      /* the factor; the source's width */
    int y;         /* source rows taken so far */
    uint32_t *acc; /* one output row's sums, 3 a pixel (f > 1) */
} shrinker;

static int shrink_start(shrinker *s, sei_image *out, int w, int h, int f)
{
    memset(s, 0, sizeof *s);
    s->out = out;
    s->f = f;
    s->w = w;
    int ow = w / f, oh = h / f;
    if (sei_image_alloc(out, ow > 0 ? ow : 1, oh > 0 ? oh : 1, 3))
        return -1;
    if (f > 1 && !(s->acc = calloc((size_t)out->width * 3, sizeof *s->acc))) {
        sei_image_free(out);
        return -1;
    }
    return 0;
}

/* One source row of w BGR pixels. */
static void shrink_row(shrinker *s, const uint8_t *bgr)
{
    int f = s->f, oy = s->y / f;
    s->y++;
    if (oy >= s->out->height)
        return;
    uint8_t *o = sei_image_row(s->out, oy);
    if (f == 1) {
        memcpy(o, bgr, (size_t)s->out->width * 3);
        return;
    }
    int ow = s->w / f;
    for (int x = 0; x < ow * f; x++)
        for (int c = 0; c < 3; c++)
            s->acc[(x / f) * 3 + c] += bgr[3 * x + c];
    if (s->y % f == 0) {
        uint32_t area = (uint32_t)(f * f);
        for (int i = 0; i < ow * 3; i++) {
            o[i] = (uint8_t)((s->acc[i] + area / 2) / area);
            s->acc[i] = 0;
        }
    }
}

static void shrink_end(shrinker *s)
{
    free(s->acc);
    s->acc = NULL;
}

/* ---- EXIF orientation ---------------------------------------------------- */
/* The Orientation tag (0x0112) of IFD0 in TIFF-structured EXIF data (a
 * JPEG's APP1 after "Exif\0\0", a PNG's eXIf chunk): 1 (upright) to 8; 1
 * when absent or malformed. */
static int exif_orientation(const uint8_t *t, size_t n)
{
    if (n < 8)
        return 1;
    int le = t[0] == 'I' && t[1] == 'I';
    if (!le && !(t[0] == 'M' && t[1] == 'M'))
        return 1;
#define RD16(p) (le ? (unsigned)(p)[0] | (unsigned)(p)[1] << 8 : (unsigned)(p)[0] << 8 | (unsigned)(p)[1])
#define RD32(p) (le ? (uint32_t)RD16(p) | (uint32_t)RD16((p) + 2) << 16 : (uint32_t)RD16(p) << 16 | RD16((p) + 2))
    if (RD16(t + 2) != 42)
        return 1;
    uint32_t ifd = RD32(t + 4);
    if (ifd > n - 2)
        return 1;
    unsigned count = RD16(t + ifd);
    for (unsigned k = 0; k < count; k++) {
        size_t e = (size_t)ifd + 2 + 12 * (size_t)k;
        if (e + 12 > n)
            break;
        if (RD16(t + e) != 0x0112)
            continue;
        unsigned type = RD16(t + e + 2), v = type == 3 ? RD16(t + e + 8) : type == 4 ? (unsigned)RD32(t + e + 8) : 0;
        return v >= 1 && v <= 8 ? (int)v : 1;
    }
#undef RD16
#undef RD32
    return 1;
}

/* Turn and flip *img upright per orientation o, as EXIF defines it (2:
 * mirrored, 3: upside down, 4: mirrored upside down, 5-8: the same four
 * transposed: 6 is a quarter turn clockwise, 8 anticlockwise). */
static int orient(sei_image *img, int o, char *err, size_t errlen)
{
    if (o <= 1 || o > 8)
        return 0;
    int W = img->width, H = img->height, t = o >= 5;
    sei_image r;
    if (sei_image_alloc(&r, t ? H : W, t ? W : H, img->channels)) {
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    int c = img->channels;
    for (int oy = 0; oy < r.height; oy++) {
        uint8_t *d = sei_image_row(&r, oy);
        for (int ox = 0; ox < r.width; ox++) {
            int sx, sy;
            switch (o) {
            case 2: sx = W - 1 - ox, sy = oy; break;
            case 3: sx = W - 1 - ox, sy = H - 1 - oy; break;
            case 4: sx = ox, sy = H - 1 - oy; break;
            case 5: sx = oy, sy = ox; break;
            case 6: sx = oy, sy = H - 1 - ox; break;
            case 7: sx = W - 1 - oy, sy = H - 1 - ox; break;
            default: sx = W - 1 - oy, sy = ox; break; /* 8 */
            }
            memcpy(d + (size_t)ox * c, sei_image_row(img, sy) + (size_t)sx * c, (size_t)c);
        }
    }
    sei_image_free(img);
    *img = r;
    return 0;
}

/* ---- JPEG ------------------------------------------------------------------ */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jb;
    char msg[JMSG_LENGTH_MAX];
} jpeg_fail;

static void jpeg_fail_exit(j_common_ptr c)
{
    jpeg_fail *e = (jpeg_fail *)c->err;
    c->err->format_message(c, e->msg);
    longjmp(e->jb, 1);
}

/* libjpeg's warnings go nowhere, but two are errors here: data that ends
 * before the image does, and a scan cut short by a marker (libjpeg would
 * paint the rest grey, and the reader find a board in the half it has).
 * A byte changed inside the data is mostly not seen at all: a JPEG has no
 * checksum, and libjpeg-turbo decodes the damaged part as whatever it
 * makes of it. Of 60 one-byte changes to a test picture it warned of
 * nothing on 52, of a scan cut short on 3 (an error, above) and of
 * extraneous bytes before a marker on 5 (some cameras' padding gives that
 * too); never of a bad Huffman code, which it can also say and which
 * would be worth an error too. */
static void jpeg_fail_emit(j_common_ptr c, int level)
{
    if (level < 0 && (c->err->msg_code == JWRN_JPEG_EOF || c->err->msg_code == JWRN_HIT_MARKER))
        jpeg_fail_exit(c);
    if (level < 0)
        c->err->num_warnings++;
}

static void jpeg_quiet(j_common_ptr c) { (void)c; }

/* Everything a JPEG decode owns, outside the function that calls setjmp,
 * so that nothing it changes is lost when libjpeg jumps back. */
typedef struct {
    struct jpeg_decompress_struct ci;
    jpeg_fail fail;
    uint8_t *row; /* CMYK (or RGB without libjpeg-turbo's BGR) row */
} jpeg_job;

static int jpeg_run(jpeg_job *j, const uint8_t *b, size_t n, int f, sei_image *out, int *orientation)
{
    if (setjmp(j->fail.jb))
        return -1;
    jpeg_create_decompress(&j->ci);
    /* libjpeg's whole-image buffers (a progressive JPEG's coefficients) are
     * held to the decode cap: over it, jpeg_start_decompress fails. */
    j->ci.mem->max_memory_to_use = SEI_CV_DECODE_BYTES;
    jpeg_mem_src(&j->ci, b, (unsigned long)n);
    jpeg_save_markers(&j->ci, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&j->ci, TRUE);
    for (jpeg_saved_marker_ptr m = j->ci.marker_list; m; m = m->next)
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6 && !memcmp(m->data, "Exif\0\0", 6)) {
            *orientation = exif_orientation(m->data + 6, m->data_length - 6);
            break;
        }
    j->ci.scale_num = 1;
    j->ci.scale_denom = (unsigned)f;
    int cmyk = j->ci.jpeg_color_space == JCS_CMYK || j->ci.jpeg_color_space == JCS_YCCK;
#ifdef JCS_EXTENSIONS
    int direct = !cmyk;
    j->ci.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGR;
#else
    int direct = 0;
    j->ci.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
#endif
    jpeg_start_decompress(&j->ci);
    int w = (int)j->ci.output_width, h = (int)j->ci.output_height;
    if (sei_image_alloc(out, w, h, 3)) {
        snprintf(j->fail.msg, sizeof j->fail.msg, "out of memory");
        return -1;
    }
    if (!direct && !(j->row = malloc((size_t)w * (size_t)j->ci.output_components))) {
        snprintf(j->fail.msg, sizeof j->fail.msg, "out of memory");
        return -1;
    }
    while (j->ci.output_scanline < j->ci.output_height) {
        uint8_t *o = sei_image_row(out, (int)j->ci.output_scanline);
        JSAMPROW rp = direct ? o : j->row;
        jpeg_read_scanlines(&j->ci, &rp, 1);
        if (direct)
            continue;
        for (int x = 0; x < w; x++) {
            const uint8_t *p = j->row + (size_t)x * (size_t)j->ci.output_components;
            if (cmyk) {
                /* Adobe's CMYK, as libjpeg gives it (inverted): each ink
                 * times the black's. */
                int k = p[3];
                o[3 * x + 0] = (uint8_t)(p[2] * k / 255);
                o[3 * x + 1] = (uint8_t)(p[1] * k / 255);
                o[3 * x + 2] = (uint8_t)(p[0] * k / 255);
            } else {
                o[3 * x + 0] = p[2], o[3 * x + 1] = p[1], o[3 * x + 2] = p[0];
            }
        }
    }
    jpeg_finish_decompress(&j->ci);
    return 0;
}

static int decode_jpeg(const uint8_t *b, size_t n, int f, sei_image *out, char *err, size_t errlen)
{
    jpeg_job *j = calloc(1, sizeof *j);
    if (!j) {
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    j->ci.err = jpeg_std_error(&j->fail.pub);
    j->fail.pub.error_exit = jpeg_fail_exit;
    j->fail.pub.emit_message = jpeg_fail_emit;
    j->fail.pub.output_message = jpeg_quiet;
    int orientation = 1;
    int bad = jpeg_run(j, b, n, f, out, &orientation);
    if (bad) {
        int code = j->fail.pub.msg_code;
        if (code == JWRN_JPEG_EOF)
            sei_say(err, errlen, "the JPEG is truncated (its data ends before the picture does)");
        else if (code == JWRN_HIT_MARKER)
            sei_say(err, errlen, "the JPEG is damaged (its data stops before the picture is complete)");
        else if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) {
            char why[96];
            snprintf(why, sizeof why, "decoding it takes more than Seichi allows (%ld MB)",
                     SEI_CV_DECODE_BYTES / 1000000);
            sei_picture_too_large(err, errlen, (long)j->ci.image_width, (long)j->ci.image_height, why);
        } else
            sei_say(err, errlen, "not a JPEG Seichi can read (%s)", j->fail.msg[0] ? j->fail.msg : "corrupt");
        sei_image_free(out);
    }
    jpeg_destroy_decompress(&j->ci);
    free(j->row);
    free(j);
    if (!bad && orient(out, orientation, err, errlen))
        return -1;
    return bad ? -1 : 0;
}

/* ---- PNG ------------------------------------------------------------------- */
typedef struct {
    const uint8_t *b;
    size_t n, pos;
    char msg[160];
    png_structp png;
    png_infop info;
    uint8_t *row;      /* one row, non-interlaced */
    png_bytep *rows;   /* every row, interlaced */
    sei_image whole;   /* the whole picture, interlaced */
    shrinker sh;
    int orientation;
} png_job;

static void png_from_memory(png_structp png, png_bytep out, size_t len)
{
    png_job *j = png_get_io_ptr(png);
    if (len > j->n - j->pos)
        png_error(png, "the PNG is truncated");
    memcpy(out, j->b + j->pos, len);
    j->pos += len;
}

static void png_fail(png_structp png, png_const_charp msg)
{
    png_job *j = png_get_error_ptr(png);
    snprintf(j->msg, sizeof j->msg, "%s", msg);
    png_longjmp(png, 1);
}

static void png_quiet(png_structp png, png_const_charp msg) { (void)png, (void)msg; }

static int png_run(png_job *j, int f, sei_image *out)
{
    if (setjmp(png_jmpbuf(j->png)))
        return -1;
    png_set_read_fn(j->png, j, png_from_memory);
    png_read_info(j->png, j->info);
    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(j->png, j->info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    /* Whatever the PNG holds comes out as 8-bit BGR: 16 bits cut to 8 (as
     * OpenCV did), a palette and low-depth grey expanded, alpha dropped
     * (not blended), grey copied to each channel. */
    if (depth == 16)
        png_set_strip_16(j->png);
    if (color == PNG_COLOR_TYPE_PALETTE)
        png_set_palette_to_rgb(j->png);
    if ((color & PNG_COLOR_MASK_COLOR) == 0 && depth < 8)
        png_set_expand_gray_1_2_4_to_8(j->png);
    png_set_strip_alpha(j->png);
    if ((color & PNG_COLOR_MASK_COLOR) == 0)
        png_set_gray_to_rgb(j->png);
    png_set_bgr(j->png);
    int passes = png_set_interlace_handling(j->png);
    png_read_update_info(j->png, j->info);
    if (png_get_rowbytes(j->png, j->info) != (size_t)w * 3)
        png_error(j->png, "an unexpected pixel layout");
    if (w > 0x7fffffff / 3 || h > 0x7fffffff || shrink_start(&j->sh, out, (int)w, (int)h, f))
        png_error(j->png, "out of memory");
    if (passes > 1) {
        /* An interlaced PNG's passes each cover the whole picture: it is
         * held whole (within the decode cap), then shrunk. */
        sei_image *whole = f == 1 ? out : &j->whole;
        if (f > 1 && sei_image_alloc(whole, (int)w, (int)h, 3))
            png_error(j->png, "out of memory");
        if (!(j->rows = malloc(sizeof *j->rows * h)))
            png_error(j->png, "out of memory");
        for (png_uint_32 y = 0; y < h; y++)
            j->rows[y] = sei_image_row(whole, (int)y);
        png_read_image(j->png, j->rows);
        for (png_uint_32 y = 0; f > 1 && y < h; y++)
            shrink_row(&j->sh, sei_image_row(whole, (int)y));
    } else {
        if (!(j->row = malloc((size_t)w * 3)))
            png_error(j->png, "out of memory");
        for (png_uint_32 y = 0; y < h; y++) {
            png_read_row(j->png, j->row, NULL);
            shrink_row(&j->sh, j->row);
        }
    }
    /* The chunks after the pixels (their CRCs checked), an eXIf among them. */
    png_read_end(j->png, j->info);
#ifdef PNG_eXIf_SUPPORTED
    png_uint_32 exif_len = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(j->png, j->info, &exif_len, &exif) && exif)
        j->orientation = exif_orientation(exif, exif_len);
#endif
    return 0;
}

static int decode_png(const uint8_t *b, size_t n, int f, sei_image *out, char *err, size_t errlen)
{
    png_job *j = calloc(1, sizeof *j);
    if (!j) {
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    j->b = b;
    j->n = n;
    j->orientation = 1;
    j->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, j, png_fail, png_quiet);
    if (j->png)
        j->info = png_create_info_struct(j->png);
    int bad = !j->png || !j->info;
    if (bad)
        snprintf(j->msg, sizeof j->msg, "out of memory");
    else
        bad = png_run(j, f, out);
    if (bad) {
        if (strstr(j->msg, "truncated"))
            sei_say(err, errlen, "the PNG is truncated (its data ends before the picture does)");
        else
            sei_say(err, errlen, "not a PNG Seichi can read (%s)", j->msg[0] ? j->msg : "corrupt");
        sei_image_free(out);
    }
    png_destroy_read_struct(&j->png, &j->info, NULL);
    shrink_end(&j->sh);
    sei_image_free(&j->whole);
    free(j->rows);
    free(j->row);
    int orientation = j->orientation;
    free(j);
    if (!bad && orient(out, orientation, err, errlen))
        return -1;
    return bad ? -1 : 0;
}

/* ---- PGM, PPM, PBM (one reader for the netpbm family) ------------------- */
static int decode_pnm(const uint8_t *b, size_t n, const header *hd, int f, sei_image *out, char *err,
                      size_t errlen)
{
    if (hd->w <= 0 || hd->h <= 0) {
        sei_say(err, errlen, "not a PNM picture Seichi can read (a header without a usable size or largest sample)");
        return -1;
    }
    int t = hd->pnm_type, w = (int)hd->w, h = (int)hd->h, colour = t == 3 || t == 6, ascii = t <= 3;
    long maxval = hd->maxval;
    size_t bps = maxval > 255 ? 2 : 1, per = colour ? 3 : 1;
    size_t rowbytes = t == 4 ? ((size_t)w + 7) / 8 : (size_t)w * per * bps;
    if (!ascii && (n < hd->data || (n - hd->data) / rowbytes < (size_t)h)) {
        sei_say(err, errlen, "the PNM picture is truncated (its data ends before its last pixel)");
        return -1;
    }
    shrinker sh;
    uint8_t *row = malloc((size_t)w * 3);
    if (!row || shrink_start(&sh, out, w, h, f)) {
        free(row);
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    size_t i = hd->data;
    int bad = 0;
    for (int y = 0; y < h && !bad; y++) {
        const uint8_t *p = ascii ? NULL : b + hd->data + (size_t)y * rowbytes;
        for (int x = 0; x < w && !bad; x++)
            for (size_t c = 0; c < per; c++) {
                long v;
                if (t == 1) {
                    /* Bitmaps' digits may run together: one character a pixel. */
                    while (i < n && (isspace(b[i]) || b[i] == '#')) {
                        if (b[i] == '#')
                            while (i < n && b[i] != '\n')
                                i++;
                        else
                            i++;
                    }
                    v = i < n && (b[i] == '0' || b[i] == '1') ? b[i++] - '0' : -1;
                } else if (ascii)
                    v = pnm_number(b, n, &i);
                else if (t == 4)
                    v = p[x / 8] >> (7 - x % 8) & 1;
                else
                    v = bps == 2 ? be16(p + 2 * ((size_t)x * per + c)) : p[(size_t)x * per + c];
                if (v < 0) {
                    bad = 1;
                    break;
                }
                uint8_t s;
                if (t == 1 || t == 4)
                    s = v ? 0 : 255; /* a bitmap's 1 is black */
                else
                    s = (uint8_t)((v > maxval ? maxval : v) * 255 / maxval);
                if (colour)
                    row[3 * x + 2 - c] = s;
                else
                    row[3 * x] = row[3 * x + 1] = row[3 * x + 2] = s;
            }
        if (!bad)
            shrink_row(&sh, row);
    }
    shrink_end(&sh);
    free(row);
    if (bad) {
        sei_say(err, errlen, "the PNM picture is truncated (its data ends before its last pixel)");
        sei_image_free(out);
        return -1;
    }
    return 0;
}

/* ---- One decode ---------------------------------------------------------- */
/* Check the header against the caps, then decode. */
static int decode(const uint8_t *b, size_t n, long max_pixels, sei_image *out, char *err, size_t errlen)
{
    if (!n) {
        sei_say(err, errlen, "the file is empty");
        return -1;
    }
    if (max_pixels <= 0 || max_pixels > SEI_CV_FULL_PIXELS)
        max_pixels = SEI_CV_FULL_PIXELS;
    header hd;
    probe(b, n, &hd);
    char why[160];
    if (hd.w > 0 && hd.h > 0) {
        double px = (double)hd.w * (double)hd.h;
        if (px > (double)SEI_CV_MAX_PIXELS) {
            snprintf(why, sizeof why, "more than Seichi decodes (%ld megapixels)", SEI_CV_MAX_PIXELS / 1000000);
            sei_picture_too_large(err, errlen, hd.w, hd.h, why);
            return -1;
        }
        /* A baseline JPEG decodes straight to the reduced scale, and a PNG
         * (not interlaced) or PNM is averaged into it a row at a time;
         * anything else may hold the whole picture (a progressive JPEG
         * its coefficients). */
        double whole = hd.kind == PIC_JPEG  ? (hd.buffered ? hd.coef_bytes : 0)
                       : hd.kind == PIC_PNG ? (hd.buffered ? 3 * px : 0)
                       : hd.kind == PIC_PNM ? 0
                                            : 3 * px;
        if (whole > (double)SEI_CV_DECODE_BYTES) {
            snprintf(why, sizeof why, "decoding it takes %.0f MB, more than Seichi allows (%ld MB)", whole / 1e6,
                     SEI_CV_DECODE_BYTES / 1000000);
            sei_picture_too_large(err, errlen, hd.w, hd.h, why);
            return -1;
        }
        if (hd.kind == PIC_PNG && hd.raw_bytes > (double)SEI_CV_MAX_RAW_BYTES) {
            snprintf(why, sizeof why, "its rows hold %.0f MB, more than Seichi reads (%ld MB)", hd.raw_bytes / 1e6,
                     SEI_CV_MAX_RAW_BYTES / 1000000);
            sei_picture_too_large(err, errlen, hd.w, hd.h, why);
            return -1;
        }
    }
    if (hd.kind == PIC_JPEG && hd.scans > SEI_CV_MAX_SCANS) {
        sei_say(err, errlen, "the JPEG has %d scans, more than Seichi reads (%d; a camera's has about ten)", hd.scans,
                SEI_CV_MAX_SCANS);
        return -1;
    }
    if (!hd.complete) {
        sei_say(err, errlen,
            hd.kind == PIC_JPEG ? "the JPEG is truncated (its data ends before the image's end marker)"
                                : "the PNG is truncated (its data ends before the IEND chunk)");
        return -1;
    }
    int f = hd.w > 0 ? reduce_factor(hd.w, hd.h, max_pixels) : 1;
    /* A picture's side is at most 65536 pixels (image.h), after the
     * reduction: a long thin strip is no photo of a board. */
    if (hd.w / f > 65536 || hd.h / f > 65536) {
        sei_picture_too_large(err, errlen, hd.w, hd.h, "a side longer than Seichi reads (65536 pixels)");
        return -1;
    }
    switch (hd.kind) {
    case PIC_JPEG:
        return decode_jpeg(b, n, f, out, err, errlen);
    case PIC_PNG:
        return decode_png(b, n, f, out, err, errlen);
    case PIC_PNM:
        return decode_pnm(b, n, &hd, f, out, err, errlen);
    default:
        break;
    }
    /* Any other format: OpenCV's decoders, in the plugin, held to the
     * decode cap there; they come out whole, so shrink here. A format they
     * do not read is named, with what to do (OpenCV 4.6 reads none of
     * these; a later one may read some, so it is asked first). */
    if (sei_cvio_decode(b, n, out, err, errlen)) {
        const char *kind = sei_picture_unread(b, n);
        if (kind)
            sei_say(err, errlen, "%s %s picture, which Seichi does not read: save it as JPEG or PNG%s",
                    kind[0] == 'A' ? "an" : "a", kind,
                    kind[0] == 'H' ? " (an iPhone takes JPEG photos with Settings, Camera, Formats, Most Compatible)"
                                   : "");
        return -1;
    }
    if ((double)out->width * out->height > (double)max_pixels) {
        double s = sqrt((double)max_pixels / ((double)out->width * out->height));
        int w = (int)(out->width * s), h = (int)(out->height * s);
        sei_image small;
        if (sei_cv_resize(out, &small, w > 0 ? w : 1, h > 0 ? h : 1)) {
            sei_image_free(out);
            sei_say(err, errlen, "out of memory");
            return -1;
        }
        sei_image_free(out);
        *out = small;
    }
    return 0;
}

static int file_too_large(char *err, size_t errlen)
{
    sei_say(err, errlen, "the file is larger than Seichi reads (%ld MiB)", SEI_CV_MAX_FILE_BYTES >> 20);
    return -1;
}

int sei_cv_load(const char *path, long max_pixels, sei_image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        sei_say(err, errlen, "cannot open the file (%s)", strerror(errno));
        return -1;
    }
    /* A regular file's size is known before reading it; the loop below
     * still stops at the cap for anything else (a pipe). */
    size_t cap = 1 << 16, len = 0;
    struct stat st;
    int known = fstat(fileno(f), &st) == 0;
    if (known && S_ISDIR(st.st_mode)) {
        fclose(f);
        sei_say(err, errlen, "a folder, not a picture");
        return -1;
    }
    if (known && S_ISREG(st.st_mode)) {
        if (st.st_size > SEI_CV_MAX_FILE_BYTES) {
            fclose(f);
            return file_too_large(err, errlen);
        }
        cap = (size_t)st.st_size + 1;
    }
    uint8_t *bytes = malloc(cap);
    int bad = !bytes;
    while (!bad) {
        if (len == cap) {
            if (cap > (size_t)SEI_CV_MAX_FILE_BYTES) {
                free(bytes);
                fclose(f);
                return file_too_large(err, errlen);
            }
            uint8_t *more = realloc(bytes, 2 * cap);
            if (!more) {
                bad = 1;
                break;
            }
            bytes = more;
            cap *= 2;
        }
        size_t got = fread(bytes + len, 1, cap - len, f);
        len += got;
        if (!got)
            break;
    }
    if (!bad && len > (size_t)SEI_CV_MAX_FILE_BYTES) {
        free(bytes);
        fclose(f);
        return file_too_large(err, errlen);
    }
    if (!bad && ferror(f)) {
        int e = errno;
        free(bytes);
        fclose(f);
        sei_say(err, errlen, "cannot read the file (%s)", strerror(e));
        return -1;
    }
    fclose(f);
    if (bad) {
        free(bytes);
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    int r = decode(bytes, len, max_pixels, out, err, errlen);
    free(bytes);
    return r;
}

int sei_cv_decode(const uint8_t *data, size_t len, long max_pixels, sei_image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (len > (size_t)SEI_CV_MAX_FILE_BYTES)
        return file_too_large(err, errlen);
    return decode(data, len, max_pixels, out, err, errlen);
}

/* ---- Writing ------------------------------------------------------------- */
typedef struct {
    FILE *f;
    char msg[160];
    png_structp png;
    png_infop info;
    uint8_t *row;
} png_out;

static void png_out_fail(png_structp png, png_const_charp msg)
{
    png_out *o = png_get_error_ptr(png);
    snprintf(o->msg, sizeof o->msg, "%s", msg);
    png_longjmp(png, 1);
}

static int png_write_run(png_out *o, const sei_image *img)
{
    if (setjmp(png_jmpbuf(o->png)))
        return -1;
    png_init_io(o->png, o->f);
    /* Fast over small: zlib's fastest level, as OpenCV wrote them. */
    png_set_compression_level(o->png, 1);
    png_set_IHDR(o->png, o->info, (png_uint_32)img->width, (png_uint_32)img->height, 8,
                 img->channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(o->png, o->info);
    if (img->channels == 3)
        png_set_bgr(o->png);
    for (int y = 0; y < img->height; y++)
        png_write_row(o->png, sei_image_row(img, y));
    png_write_end(o->png, o->info);
    return 0;
}

static int save_png(FILE *f, const sei_image *img, char *err, size_t errlen)
{
    png_out o;
    memset(&o, 0, sizeof o);
    o.f = f;
    o.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &o, png_out_fail, png_quiet);
    if (o.png)
        o.info = png_create_info_struct(o.png);
    int bad = !o.png || !o.info || png_write_run(&o, img);
    if (bad)
        sei_say(err, errlen, "cannot write the PNG (%s)", o.msg[0] ? o.msg : "out of memory");
    png_destroy_write_struct(&o.png, &o.info);
    return bad ? -1 : 0;
}

typedef struct {
    struct jpeg_compress_struct ci;
    jpeg_fail fail;
    uint8_t *row;
} jpeg_out;

static int jpeg_write_run(jpeg_out *j, FILE *f, const sei_image *img)
{
    if (setjmp(j->fail.jb))
        return -1;
    jpeg_create_compress(&j->ci);
    jpeg_stdio_dest(&j->ci, f);
    j->ci.image_width = (JDIMENSION)img->width;
    j->ci.image_height = (JDIMENSION)img->height;
    j->ci.input_components = img->channels;
#ifdef JCS_EXTENSIONS
    int direct = 1;
    j->ci.in_color_space = img->channels == 1 ? JCS_GRAYSCALE : JCS_EXT_BGR;
#else
    int direct = img->channels == 1;
    j->ci.in_color_space = img->channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
#endif
    jpeg_set_defaults(&j->ci);
    /* Quality 95 with 4:2:0 chroma, as OpenCV wrote them. */
    jpeg_set_quality(&j->ci, 95, TRUE);
    jpeg_start_compress(&j->ci, TRUE);
    if (!direct && !(j->row = malloc((size_t)img->width * 3))) {
        snprintf(j->fail.msg, sizeof j->fail.msg, "out of memory");
        return -1;
    }
    while (j->ci.next_scanline < j->ci.image_height) {
        uint8_t *src = sei_image_row(img, (int)j->ci.next_scanline);
        if (!direct)
            for (int x = 0; x < img->width; x++)
                j->row[3 * x] = src[3 * x + 2], j->row[3 * x + 1] = src[3 * x + 1], j->row[3 * x + 2] = src[3 * x];
        JSAMPROW rp = direct ? src : j->row;
        jpeg_write_scanlines(&j->ci, &rp, 1);
    }
    jpeg_finish_compress(&j->ci);
    return 0;
}

static int save_jpeg(FILE *f, const sei_image *img, char *err, size_t errlen)
{
    jpeg_out *j = calloc(1, sizeof *j);
    if (!j) {
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    j->ci.err = jpeg_std_error(&j->fail.pub);
    j->fail.pub.error_exit = jpeg_fail_exit;
    j->fail.pub.output_message = jpeg_quiet;
    int bad = jpeg_write_run(j, f, img);
    if (bad)
        sei_say(err, errlen, "cannot write the JPEG (%s)", j->fail.msg);
    jpeg_destroy_compress(&j->ci);
    free(j->row);
    free(j);
    return bad ? -1 : 0;
}

/* Binary PGM (grey: a BGR picture is made grey with the usual weights) or
 * PPM (colour: a grey picture's level in each channel). */
static int save_pnm(FILE *f, const sei_image *img, int grey, char *err, size_t errlen)
{
    size_t per = grey ? 1 : 3, w = (size_t)img->width;
    uint8_t *row = malloc(w * per);
    if (!row) {
        sei_say(err, errlen, "out of memory");
        return -1;
    }
    int bad = fprintf(f, "P%d\n%d %d\n255\n", grey ? 5 : 6, img->width, img->height) < 0;
    for (int y = 0; y < img->height && !bad; y++) {
        const uint8_t *s = sei_image_row(img, y);
        for (size_t x = 0; x < w; x++) {
            if (img->channels == 1) {
                for (size_t c = 0; c < per; c++)
                    row[x * per + c] = s[x];
            } else if (grey)
                row[x] = (uint8_t)((s[3 * x] * 1868 + s[3 * x + 1] * 9617 + s[3 * x + 2] * 4899 + 8192) >> 14);
            else
                row[3 * x] = s[3 * x + 2], row[3 * x + 1] = s[3 * x + 1], row[3 * x + 2] = s[3 * x];
        }
        bad = fwrite(row, 1, w * per, f) != w * per;
    }
    free(row);
    if (bad)
        sei_say(err, errlen, "cannot write the picture (%s)", strerror(errno));
    return bad ? -1 : 0;
}

int sei_cv_save(const char *path, const sei_image *img, char *err, size_t errlen)
{
    if (!path || !img || !img->buf || img->width <= 0 || img->height <= 0 ||
        (img->channels != 1 && img->channels != 3)) {
        sei_say(err, errlen, "no picture to write");
        return -1;
    }
    const char *dot = strrchr(path, '.');
    const char *ext = dot && !strchr(dot, '/') ? dot + 1 : "";
    enum { W_PNG, W_JPEG, W_PGM, W_PPM, W_OTHER } kind = W_OTHER;
    if (!strcasecmp(ext, "png"))
        kind = W_PNG;
    else if (!strcasecmp(ext, "jpg") || !strcasecmp(ext, "jpeg") || !strcasecmp(ext, "jpe"))
        kind = W_JPEG;
    else if (!strcasecmp(ext, "pgm") || (!strcasecmp(ext, "pnm") && img->channels == 1))
        kind = W_PGM;
    else if (!strcasecmp(ext, "ppm") || !strcasecmp(ext, "pnm"))
        kind = W_PPM;
    if (kind == W_OTHER)
        return sei_cvio_save(path, img, err, errlen);
    FILE *f = fopen(path, "wb");
    if (!f) {
        sei_say(err, errlen, "cannot write the picture (%s)", strerror(errno));
        return -1;
    }
    /* Only a regular file this call wrote is removed on failure: never a
     * device (/dev/full) or a pipe named as the output. */
    struct stat st;
    int regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
    int bad = kind == W_PNG    ? save_png(f, img, err, errlen)
              : kind == W_JPEG ? save_jpeg(f, img, err, errlen)
                               : save_pnm(f, img, kind == W_PGM, err, errlen);
    if (fflush(f) || ferror(f)) {
        if (!bad)
            sei_say(err, errlen, "cannot write the picture (%s)", strerror(errno));
        bad = 1;
    }
    if (fclose(f) && !bad) {
        sei_say(err, errlen, "cannot write the picture (%s)", strerror(errno));
        bad = 1;
    }
    if (bad && regular)
        unlink(path); /* no half picture left behind */
    return bad ? -1 : 0;
}
