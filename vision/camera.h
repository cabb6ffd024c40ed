/* camera.h - the C face of camera.cpp, the one C++ file that uses
 * libcamera (the Raspberry Pi camera). source.c is its only caller. When
 * Seichi is built without libcamera, camera.cpp compiles to a stub whose
 * open says so with SEI_SOURCE_NODEVICE, so callers need no #ifdef.
 * Every function catches all C++ exceptions inside. */
#ifndef SEI_CAMERA_H
#define SEI_CAMERA_H

#include <stddef.h>

#include "image.h"
#include "source.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sei_camera sei_camera;

/* Start libcamera and the first camera it finds. Returns SEI_SOURCE_OK with
 * *out set, SEI_SOURCE_NODEVICE when there is no camera (or no libcamera),
 * or SEI_SOURCE_ERROR; err says why. */
sei_source_status sei_camera_open(sei_camera **out, char *err, size_t n);
/* The newest completed frame as BGR into *frame (allocated here; free with
 * sei_image_free), waiting a little for one newer than the last given.
 * SEI_SOURCE_NODEVICE when the camera went away or stopped delivering. */
sei_source_status sei_camera_grab(sei_camera *c, sei_image *frame, char *err, size_t n);
/* "Pi camera <model> (WxH FORMAT)". */
const char *sei_camera_describe(const sei_camera *c);
/* Stop and release everything; NULL is a no-op. */
void sei_camera_close(sei_camera *c);

#ifdef __cplusplus
}
#endif

#endif
