/* picname.h - whether a file is a picture, by its name or by its first
 * bytes. libc only: the small `seichi` (kiosk/CMakeLists.txt) tells a photo
 * from a board diagram with it before it loads the reader, and the reader
 * (imageio.c) knows the formats it decodes itself by the same bytes. */
#ifndef SEI_PICNAME_H
#define SEI_PICNAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SEI_PIC_NONE = 0,
    SEI_PIC_PNG,  /* read by Seichi itself (imageio.c) ... */
    SEI_PIC_JPEG,
    SEI_PIC_PNM,  /* P1 to P6 */
    SEI_PIC_BMP,  /* ... these through OpenCV's plugin (cvio.h) */
    SEI_PIC_TIFF,
    SEI_PIC_WEBP
} sei_picture_kind;

/* The kind of picture the n bytes b begin (SEI_PIC_NONE: none known). */
sei_picture_kind sei_picture_bytes(const uint8_t *b, size_t n);

/* The name of a picture format the n bytes b begin that no decoder here
 * is known to read (GIF; HEIF, as phones save photos; AVIF), so that its
 * refusal can say what it is; NULL for any other bytes. */
const char *sei_picture_unread(const uint8_t *b, size_t n);

/* 1 when the regular file at path begins as a picture does, whatever its
 * name (a format that is not read, sei_picture_unread, too: its reader
 * refuses it by name); 0 when it does not, cannot be read (its reader says why), or is no
 * regular file ("-", a pipe, a FIFO: its bytes are left for its reader). */
int sei_picture_file(const char *path);

/* Whether a file name looks like a picture, by extension (.png, .jpg,
 * .jpeg, .pgm, .ppm, .pnm, read by Seichi itself; .bmp, .tif, .tiff, .webp
 * through OpenCV's plugin): a folder may hold notes and thumbnails'
 * databases besides. */
int sei_picture_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
