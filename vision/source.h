/* source.h - one interface for every place frames come from: the Pi camera
 * (libcamera), a USB webcam (V4L2 through OpenCV), a picture file, a folder
 * of pictures or a video file. The kiosk and the command line ask for
 * "the newest frame" without caring which it is, and a missing or unplugged
 * camera is an ordinary status (SEI_SOURCE_NODEVICE) they show and retry,
 * never a crash. */
#ifndef SEI_SOURCE_H
#define SEI_SOURCE_H

#include <stddef.h>

#include "image.h"
#include "picname.h" /* sei_picture_name: a folder's pictures */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SEI_SOURCE_OK = 0,
    SEI_SOURCE_END,      /* a folder or video has no more frames */
    SEI_SOURCE_NODEVICE, /* no camera, or it was unplugged: show, retry later */
    SEI_SOURCE_ERROR     /* anything else; the message says what */
} sei_source_status;

typedef struct sei_source sei_source;

/* Open a source. spec is one of:
 *   camera          the Pi camera through libcamera (the first one found)
 *   webcam          /dev/video0 through OpenCV's V4L2 backend (cvio.h)
 *   webcam:N        /dev/videoN
 *   PATH            a folder (its pictures in name order, a run of digits
 *                   by its value: f-9 before f-10), a picture (that
 *                   one frame, again and again) or a video file
 *   faults:PLAN:SPEC  the frames of SPEC with a camera's faults on cue, for
 *                   tests: PLAN is a comma-separated list of unplug@F+N
 *                   (from the F-th frame, counted from 0, N frames come as
 *                   SEI_SOURCE_NODEVICE, and after them every grab too until
 *                   sei_source_reopen) and stall@F+N (N frames come as
 *                   SEI_SOURCE_ERROR "no frame", then frames again). The
 *                   frames of SPEC go on meanwhile, one a grab or reopen
 *                   try: what happens on the board while the camera is
 *                   away is not seen again.
 * On success *out gets the source and SEI_SOURCE_OK is returned; otherwise
 * *out is NULL and err (when given) says why. */
sei_source_status sei_source_try_open(const char *spec, sei_source **out, char *err, size_t n);
/* The same, for callers that only need "did it open": NULL on failure. */
sei_source *sei_source_open(const char *spec, char *err, size_t n);

/* The files of dir that keep accepts (every one when keep is NULL), hidden
 * ones and anything not a file (or a link to one) left out, in name order
 * with a run of digits compared by its value (f-9 before f-10). Returns how many, with *names allocated
 * (free with sei_folder_list_free; NULL when none), or -1 with errno set
 * when dir cannot be read. */
int sei_folder_list(const char *dir, int (*keep)(const char *name), char ***names);
void sei_folder_list_free(char **names, int count);

/* The newest frame, as 3-channel BGR, into *frame, which the caller frees
 * with sei_image_free (a new image each call, so frames can be kept while
 * the source moves on). On anything but SEI_SOURCE_OK *frame is empty and
 * sei_source_errmsg says why. After SEI_SOURCE_END every later grab gives
 * SEI_SOURCE_END again. A folder picture that cannot be read gives
 * SEI_SOURCE_ERROR and the next grab goes on with the next picture. */
sei_source_status sei_source_grab(sei_source *s, sei_image *frame);

/* After SEI_SOURCE_NODEVICE or an error: open the same camera again and
 * keep the source (a folder or video goes on where it was; the caller's
 * state, a recording, is kept). SEI_SOURCE_OK when frames may come again,
 * else the status and err say why (still unplugged: NODEVICE). */
sei_source_status sei_source_reopen(sei_source *s, char *err, size_t n);

/* The message of the last grab that did not succeed ("" otherwise). */
const char *sei_source_errmsg(const sei_source *s);
/* What the source is, for people: "Pi camera imx708 (1920x1080)",
 * "folder games/ (12 pictures)", ... */
const char *sei_source_describe(const sei_source *s);
/* 1 when the source is one picture, given again and again (the kiosk's
 * still camera): it never ends and never changes, so what watches a game
 * unfold (`seichi record`) cannot use it. 0 otherwise, and for NULL. */
int sei_source_is_still(const sei_source *s);
/* 1 when frames come from a camera as it runs (their time is the clock's),
 * 0 for files and folders (their time is their frame number) and NULL. */
int sei_source_is_live(const sei_source *s);

/* Close a source; NULL is a no-op. */
void sei_source_close(sei_source *s);

#ifdef __cplusplus
}
#endif

#endif
