/* cvio.c - the program's side of OpenCV's picture and video plugin
 * (cvio.h): finds seichi-cvio.so, loads it with dlopen on the first call
 * that needs it, and forwards to its table (cvio_plugin.h). The policy
 * stays here: the caps on what a decode or a frame may take, the wording
 * of a refusal by size, a webcam's device node looked for before any
 * library is loaded (a kiosk retrying a missing webcam every few seconds
 * loads nothing). A plugin that is missing or of another build is said
 * once per call, never a crash; it is never unloaded (OpenCV keeps its
 * allocator installed). */
#define _POSIX_C_SOURCE 200809L
#include "cvio.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cvio_plugin.h"
#include "selfpath.h"
#include "imageio.h"

/* Where CMake put the plugin in the build tree and where it installs it,
 * and the installed program's own path. */
#ifndef SEI_CVIO_BUILD_PATH
#define SEI_CVIO_BUILD_PATH ""
#endif
#ifndef SEI_CVIO_INSTALL_PATH
#define SEI_CVIO_INSTALL_PATH "/usr/local/lib/seichi/seichi-cvio.so"
#endif
#ifndef SEI_INSTALLED_PROGRAM
#define SEI_INSTALLED_PROGRAM "/usr/local/bin/seichi"
#endif

static const sei_cvio_api *api;
static int tried;
static char why_not[600];



/* Try one file; 0 when its table was taken, else a line added to why_not. */
static int try_load(const char *path)
{
    size_t used = strlen(why_not);
    char *room = why_not + used;
    size_t left = sizeof why_not - used;
    struct stat st;
    if (stat(path, &st)) {
        snprintf(room, left, "%s%s: not there", used ? "; " : "", path);
        return -1;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(room, left, "%s%s", used ? "; " : "", dlerror());
        return -1;
    }
    sei_cvio_entry_fn entry;
    void *sym = dlsym(h, SEI_CVIO_ENTRY);
    memcpy(&entry, &sym, sizeof entry); /* object pointer to function pointer, as POSIX allows */
    if (!entry) {
        snprintf(room, left, "%s%s: not Seichi's OpenCV plugin (no %s in it)", used ? "; " : "", path, SEI_CVIO_ENTRY);
        dlclose(h);
        return -1;
    }
    const sei_cvio_api *t = entry(SEI_CVIO_ABI, sei_image_alloc);
    if (!t || t->abi != SEI_CVIO_ABI) {
        snprintf(room, left, "%s%s: built for another version of Seichi", used ? "; " : "", path);
        dlclose(h);
        return -1;
    }
    api = t;
    return 0;
}

/* The plugin's table, loaded on first use; NULL with the reason in err
 * (each file tried, and what was wrong with it). */
static const sei_cvio_api *plugin(char *err, size_t errlen)
{
    if (!tried) {
        tried = 1;
        const char *env = getenv("SEICHI_CVIO");
        if (env && *env)
            try_load(env);
        else if (sei_self_is(SEI_INSTALLED_PROGRAM) || !*SEI_CVIO_BUILD_PATH || try_load(SEI_CVIO_BUILD_PATH))
            try_load(SEI_CVIO_INSTALL_PATH);
    }
    if (!api)
        sei_say(err, errlen, "%s", why_not);
    return api;
}

int sei_cvio_decode(const uint8_t *data, size_t len, sei_image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    char why[700];
    const sei_cvio_api *p = plugin(why, sizeof why);
    if (!p) {
        sei_say(err, errlen,
            "not a picture Seichi reads by itself (JPEG, PNG, PNM), and OpenCV's plugin for other formats "
            "did not load (%s)",
            why);
        return -1;
    }
    long w = 0, h = 0;
    int r = p->decode(data, len, (size_t)SEI_CV_DECODE_BYTES, out, &w, &h, err, errlen);
    if (r == -2) {
        snprintf(why, sizeof why, "decoding it takes more than Seichi allows (%ld MB)", SEI_CV_DECODE_BYTES / 1000000);
        sei_picture_too_large(err, errlen, w, h, why);
    }
    if (r)
        sei_image_free(out);
    return r ? -1 : 0;
}

int sei_cvio_save(const char *path, const sei_image *img, char *err, size_t errlen)
{
    char why[700];
    const sei_cvio_api *p = plugin(why, sizeof why);
    if (!p) {
        sei_say(err, errlen,
            "Seichi writes .png, .jpg, .ppm, .pgm and .pnm itself, and OpenCV's plugin for other formats "
            "did not load (%s)",
            why);
        return -1;
    }
    return p->save(path, img, err, errlen);
}

/* A video handle is the plugin's own, behind this one. */
struct sei_cv_video {
    void *h;
};

sei_cv_video *sei_cv_video_open(const char *path, int device, int *nodevice, char *err, size_t errlen)
{
    if (nodevice)
        *nodevice = 0;
    int dummy = 0;
    if (!nodevice)
        nodevice = &dummy;
    if (device >= 0) {
        /* Without the device node there is no webcam, and no library
         * needs loading to say so. */
        char node[32];
        snprintf(node, sizeof node, "/dev/video%d", device);
        struct stat st;
        if (stat(node, &st)) {
            sei_say(err, errlen, "no webcam at %s (not plugged in, or not a camera)", node);
            *nodevice = 1;
            return NULL;
        }
    } else if (!path) {
        sei_say(err, errlen, "no file name");
        return NULL;
    }
    char why[700];
    const sei_cvio_api *p = plugin(why, sizeof why);
    if (!p) {
        if (device >= 0) {
            sei_say(err, errlen, "cannot read the webcam at /dev/video%d: OpenCV's plugin for webcams did not load (%s)",
                device, why);
            *nodevice = 1;
        } else
            sei_say(err, errlen, "cannot read videos: OpenCV's plugin for videos did not load (%s)", why);
        return NULL;
    }
    sei_cv_video *v = calloc(1, sizeof *v);
    if (!v) {
        sei_say(err, errlen, "out of memory");
        return NULL;
    }
    if (!(v->h = p->video_open(path, device, nodevice, err, errlen))) {
        free(v);
        return NULL;
    }
    /* A file's frames are decoded whole, so the header's size is held to
     * the cap of a picture decoded at full size. */
    long frames;
    int w, h;
    if (device < 0 && !sei_cv_video_info(v, &frames, &w, &h) && (double)w * (double)h > (double)SEI_CV_FULL_PIXELS) {
        sei_say(err, errlen, "the video's frames are %dx%d (%.0f megapixels): more than Seichi reads (%ld megapixels)",
            w, h,
            (double)w * (double)h / 1e6, SEI_CV_FULL_PIXELS / 1000000);
        sei_cv_video_close(v);
        return NULL;
    }
    return v;
}

int sei_cv_video_grab(sei_cv_video *v, sei_image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!v || !api) {
        sei_say(err, errlen, "no video");
        return -1;
    }
    long w = 0, h = 0;
    /* A frame larger than the header said is held to the same cap. */
    int r = api->video_grab(v->h, 3 * (size_t)SEI_CV_FULL_PIXELS, out, &w, &h, err, errlen);
    if (r == -2) {
        char why[96];
        snprintf(why, sizeof why, "a video frame larger than Seichi reads (%ld megapixels)",
                 SEI_CV_FULL_PIXELS / 1000000);
        sei_picture_too_large(err, errlen, w, h, why);
        r = -1;
    }
    if (r)
        sei_image_free(out);
    return r;
}

int sei_cv_video_info(const sei_cv_video *v, long *frames, int *width, int *height)
{
    *frames = 0;
    *width = *height = 0;
    if (!v || !api)
        return -1;
    return api->video_info(v->h, frames, width, height);
}

void sei_cv_video_close(sei_cv_video *v)
{
    if (!v)
        return;
    if (api)
        api->video_close(v->h);
    free(v);
}

int sei_cv_video_write(const char *path, const sei_image *frames, int n, double fps, char *err, size_t errlen)
{
    if (!path || !frames || n <= 0 || !(fps > 0)) {
        sei_say(err, errlen, "nothing to write");
        return -1;
    }
    char why[700];
    const sei_cvio_api *p = plugin(why, sizeof why);
    if (!p) {
        sei_say(err, errlen, "cannot write videos: OpenCV's plugin for videos did not load (%s)", why);
        return -1;
    }
    return p->video_write(path, frames, n, fps, err, errlen);
}
