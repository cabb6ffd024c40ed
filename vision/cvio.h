/* cvio.h - what needs OpenCV's imgcodecs or videoio: picture formats
 * Seichi does not decode itself (BMP, TIFF, WebP, ...: imageio.c hands
 * them here), webcams (V4L2), video files, and Motion-JPEG videos
 * written. The seichi program does not link those two modules (on Debian
 * they load GDAL, poppler, FFmpeg, GStreamer: some 220 libraries and 60
 * MB before main); they sit in a plugin, seichi-cvio.so, built from
 * cvio_plugin.cpp, which cvio.c loads with dlopen the first time one of
 * these calls is made. Without the plugin each call fails with a message
 * saying so (a webcam as "not there"), never a crash.
 *
 * Where the plugin is looked for: $SEICHI_CVIO when set; else, for the
 * installed program, only the install location
 * (${libdir}/seichi/seichi-cvio.so); for any other (the build tree's
 * program and tests), the build tree's plugin, then the installed one. */
#ifndef SEI_CVIO_H
#define SEI_CVIO_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Video through OpenCV's videoio, for webcams and video files (source.c).
 * A handle, opened on device N (V4L2, /dev/videoN) when device >= 0 or on
 * a video file otherwise. Returns NULL with a message in err when it cannot
 * be opened, or when a file's frames are larger than SEI_CV_FULL_PIXELS;
 * *nodevice (when given) is set to 1 when the reason is that the webcam is
 * not there (or the plugin that reads webcams is not). */
typedef struct sei_cv_video sei_cv_video;
sei_cv_video *sei_cv_video_open(const char *path, int device, int *nodevice, char *err, size_t errlen);
/* The next frame (for a webcam: the newest, as the driver keeps one buffer
 * when it can) as BGR into *out, allocated here. Returns 0, 1 at the end of
 * a file, or -1 with a message (a webcam that stops giving frames, a frame
 * over SEI_CV_FULL_PIXELS). */
int sei_cv_video_grab(sei_cv_video *v, sei_image *out, char *err, size_t errlen);
/* Frames in the file as its header says (0 when unknown or a webcam),
 * and the frame size. */
int sei_cv_video_info(const sei_cv_video *v, long *frames, int *width, int *height);
/* Close; NULL is a no-op. */
void sei_cv_video_close(sei_cv_video *v);
/* Write n frames (same size, BGR) as a Motion-JPEG .avi at fps, for tests
 * and recordings. Returns 0, or -1 with a message. */
int sei_cv_video_write(const char *path, const sei_image *frames, int n, double fps, char *err, size_t errlen);

/* For imageio.c: decode a picture of a format it does not read itself,
 * whole, as BGR, turned by its EXIF orientation, every buffer held to
 * SEI_CV_DECODE_BYTES. Returns 0, or -1 with a message. */
int sei_cvio_decode(const uint8_t *data, size_t len, sei_image *out, char *err, size_t errlen);
/* For imageio.c: write a picture in a format it does not write itself
 * (the file name's extension says which). Returns 0, or -1. */
int sei_cvio_save(const char *path, const sei_image *img, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
