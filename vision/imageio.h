/* imageio.h - pictures read and written without OpenCV's imgcodecs: JPEG
 * (libjpeg-turbo), PNG (libpng) and PGM/PPM/PNM are decoded and encoded in
 * C (imageio.c); any other format (BMP, TIFF, WebP, ...) goes to OpenCV's
 * picture and video plugin, loaded on first use (cvio.h). Linking
 * imgcodecs would load GDAL, poppler and a hundred more libraries into
 * every run of the program, 50 MB before main.
 *
 * Every picture comes out as 8-bit BGR (image.h), turned upright by its
 * EXIF orientation, grey made BGR, 16 bits brought to 8. */
#ifndef SEI_IMAGEIO_H
#define SEI_IMAGEIO_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The caps on decoding a picture, so that a small file can take neither
 * gigabytes nor minutes (a "decompression bomb"; README, Reading a photo).
 * The size is read from the file's header before anything is decoded.
 *   SEI_CV_FULL_PIXELS    pictures up to this many pixels are decoded at
 *                         full size (40 megapixels, 120 MB as BGR); larger
 *                         ones come out at 1/2, 1/4 or 1/8 scale: a JPEG is
 *                         decoded straight to that scale (libjpeg's
 *                         scale_denom), a PNG or PNM row by row into the
 *                         smaller picture, other formats whole, then
 *                         shrunk. Video frames (decoded whole, never
 *                         shrunk) may not be larger.
 *   SEI_CV_DECODE_BYTES   the most one decode may hold at once: a picture
 *                         decoded whole (PNG, PNM, TIFF, WebP, BMP, ...: 3
 *                         bytes a pixel, so 64 megapixels) or the
 *                         coefficients a progressive JPEG keeps (2 bytes a
 *                         sample; libjpeg's own memory is held to it too).
 *                         The plugin holds every buffer OpenCV allocates
 *                         during a decode to it, so formats whose header
 *                         Seichi does not read are refused before their
 *                         pixels are read.
 *   SEI_CV_MAX_PIXELS     no picture of more pixels is decoded at all
 *                         (256 megapixels; a baseline JPEG that large is
 *                         decoded at 1/8 scale, 4 megapixels).
 *   SEI_CV_MAX_FILE_BYTES no larger file is read (128 MiB), which also
 *                         bounds the time a baseline JPEG's data takes to
 *                         decode.
 *   SEI_CV_MAX_RAW_BYTES  no PNG whose rows hold more bytes than this is
 *                         read (768 MB, 256 megapixels of 8-bit RGB):
 *                         inflating and unfiltering them is the time a PNG
 *                         takes, and 16 bits a sample or an alpha channel
 *                         cost it with no more picture (a 16000x16000
 *                         16-bit RGBA PNG of 2 MB took 8.6 s here, its
 *                         8-bit RGB twin 4.0 s).
 *   SEI_CV_MAX_SCANS      no JPEG of more scans is read (100; a camera's
 *                         progressive JPEG has about ten): each scan of a
 *                         progressive JPEG goes over its whole coefficient
 *                         buffer, so a file of 187 KB repeating one scan
 *                         3,000 times took 25 s (more repeats, longer). */
#define SEI_CV_FULL_PIXELS 40000000L
#define SEI_CV_DECODE_BYTES 192000000L
#define SEI_CV_MAX_PIXELS 256000000L
#define SEI_CV_MAX_FILE_BYTES (128L << 20)
#define SEI_CV_MAX_RAW_BYTES (3 * SEI_CV_MAX_PIXELS)
#define SEI_CV_MAX_SCANS 100

/* Decode an image file to 3-channel BGR, turned upright per its EXIF
 * orientation. A picture larger than max_pixels (<= 0: SEI_CV_FULL_PIXELS)
 * comes out at 1/2, 1/4 or 1/8 scale, or shrunk to fit; the caps above
 * hold whatever max_pixels says. A picture that ends before its image does
 * (a JPEG without its end marker, a PNG without its IEND chunk, a PNM
 * short of its pixels) is refused as truncated, not decoded with its
 * missing part grey. *out is allocated here (free with sei_image_free).
 * Returns 0, or -1 with a message in err. */
int sei_cv_load(const char *path, long max_pixels, sei_image *out, char *err, size_t errlen);
/* The same from bytes in memory. */
int sei_cv_decode(const uint8_t *data, size_t len, long max_pixels, sei_image *out, char *err, size_t errlen);
/* Write an image (1 or 3 channels); the format follows the file name:
 * .png, .jpg/.jpeg (quality 95), .ppm/.pgm/.pnm here, anything else
 * through the plugin. A write that fails removes what it wrote. Returns 0,
 * or -1 with a message. */
int sei_cv_save(const char *path, const sei_image *img, char *err, size_t errlen);

/* "the picture is WxH (N megapixels): why" into err: the one wording of a
 * refusal by size, for pictures and video frames alike. */
void sei_picture_too_large(char *err, size_t errlen, long w, long h, const char *why);

#ifdef __cplusplus
}
#endif

#endif
