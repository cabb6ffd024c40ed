/* cvio_plugin.h - the table of calls between the seichi program (cvio.c)
 * and OpenCV's picture and video plugin (cvio_plugin.cpp, built as
 * seichi-cvio.so and loaded with dlopen). Plain C types only; the plugin
 * holds the mechanism (OpenCV's decoders, videoio), the program the policy
 * (the caps, the messages of a refusal by size, whether a webcam's device
 * node is there at all).
 *
 * SEI_CVIO_ABI is raised whenever this table changes, so a program never
 * calls a plugin built from other sources through the wrong table. */
#ifndef SEI_CVIO_PLUGIN_H
#define SEI_CVIO_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SEI_CVIO_ABI 1

/* The program's image allocator (sei_image_alloc), handed to the plugin so
 * that the images it returns are freed with sei_image_free. */
typedef int (*sei_cvio_alloc_fn)(sei_image *img, int width, int height, int channels);

typedef struct {
    int abi; /* SEI_CVIO_ABI */
    /* Decode a picture whole to BGR (turned by its EXIF orientation) with
     * every buffer OpenCV allocates held to cap bytes. Returns 0; -1 with a
     * message; -2 when a buffer went over the cap, with the picture's size
     * in *rw x *rh. */
    int (*decode)(const uint8_t *data, size_t len, size_t cap, sei_image *out, long *rw, long *rh, char *err,
                  size_t errlen);
    /* Write a picture; the extension says the format. 0, or -1. */
    int (*save)(const char *path, const sei_image *img, char *err, size_t errlen);
    /* A webcam (V4L2 device number >= 0) or a video file (path). NULL with
     * a message; *nodevice 1 when the webcam would not open. */
    void *(*video_open)(const char *path, int device, int *nodevice, char *err, size_t errlen);
    /* The next frame, buffers held to cap bytes. 0; 1 at the end of a file;
     * -1 with a message; -2 over the cap, the frame's size in *rw x *rh. */
    int (*video_grab)(void *v, size_t cap, sei_image *out, long *rw, long *rh, char *err, size_t errlen);
    int (*video_info)(const void *v, long *frames, int *width, int *height);
    void (*video_close)(void *v);
    int (*video_write)(const char *path, const sei_image *frames, int n, double fps, char *err, size_t errlen);
} sei_cvio_api;

/* The one symbol the plugin exports: its table for this ABI, or NULL when
 * it was built for another. */
#define SEI_CVIO_ENTRY "sei_cvio_plugin"
typedef const sei_cvio_api *(*sei_cvio_entry_fn)(int abi, sei_cvio_alloc_fn alloc);

#ifdef __cplusplus
}
#endif

#endif
