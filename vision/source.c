/* source.c - the frame sources behind source.h: picks the kind from the
 * spec and hands each grab to it. Pictures and folders are read here with
 * sei_cv_load under its caps (a frame is for reading a board, not for
 * keeping: a huge picture comes out reduced, a bomb is refused); webcams
 * and video files go through OpenCV's plugin (cvio.h), loaded only then;
 * the Pi camera through camera.h. Every failure becomes a status and a message, so the kiosk can
 * show it and retry. */
#define _POSIX_C_SOURCE 200809L
#include "source.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "camera.h"
#include "cvwrap.h"

enum kind { K_CAMERA, K_WEBCAM, K_VIDEO, K_PICTURE, K_FOLDER, K_FAULTS };

/* One fault of a "faults:" source: from the frame `from` of the world on,
 * for `count` frames, the camera is unplugged (it stays so until reopened)
 * or gives no frames (a stall, which passes by itself). */
typedef struct {
    char unplug;
    long from, count;
} fault;
#define MAX_FAULTS 16

struct sei_source {
    enum kind kind;
    sei_camera *cam;
    sei_cv_video *video;
    sei_image picture;   /* K_PICTURE: the one frame, copied out each grab */
    char *dir;           /* K_FOLDER */
    char **names;        /* K_FOLDER: picture names, sorted */
    size_t count, next;
    int ended;
    int webcam;          /* K_WEBCAM: N of /dev/videoN, for reopening */
    sei_source *inner;   /* K_FAULTS: the frames of the world */
    fault faults[MAX_FAULTS];
    int nfaults;
    long world;          /* K_FAULTS: frames of the world gone by (grabs and reopen tries) */
    int unplugged;       /* K_FAULTS: unplugged until a reopen after the fault */
    char desc[512];
    char msg[512];
};


/* Names in the order a person reads them: a run of digits compares as
 * its number, so frame-2.jpg comes before frame-10.jpg (ffmpeg's
 * frame-%d.jpg and a phone's IMG_9.jpg, IMG_10.jpg; plain byte order had
 * recorded a game's moves out of order). Names equal so (frame-01,
 * frame-1) fall back to byte order, so the order is total. */
static int natural_cmp(const char *a, const char *b)
{
    const char *p = a, *q = b;
    while (*p && *q) {
        if (isdigit((unsigned char)*p) && isdigit((unsigned char)*q)) {
            while (*p == '0')
                p++;
            while (*q == '0')
                q++;
            size_t i = 0, j = 0;
            while (isdigit((unsigned char)p[i]))
                i++;
            while (isdigit((unsigned char)q[j]))
                j++;
            if (i != j)
                return i < j ? -1 : 1;
            int c = memcmp(p, q, i);
            if (c)
                return c;
            p += i, q += j;
        } else {
            if (*p != *q)
                return (unsigned char)*p < (unsigned char)*q ? -1 : 1;
            p++, q++;
        }
    }
    if (*p || *q)
        return *p ? 1 : -1;
    return strcmp(a, b);
}

static int by_name(const void *a, const void *b)
{
    return natural_cmp(*(char *const *)a, *(char *const *)b);
}

int sei_folder_list(const char *dir, int (*keep)(const char *name), char ***names)
{
    *names = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st;
        /* Files only (a link to one too): a folder named frame-0042.jpg
         * is no frame. */
        if (e->d_name[0] == '.' || (keep && !keep(e->d_name)) || fstatat(dirfd(d), e->d_name, &st, 0) ||
            !S_ISREG(st.st_mode))
            continue;
        if (count == cap) {
            int ncap = cap ? 2 * cap : 64;
            char **nn = realloc(*names, (size_t)ncap * sizeof *nn);
            if (!nn)
                break;
            *names = nn;
            cap = ncap;
        }
        if (!((*names)[count] = strdup(e->d_name)))
            break;
        count++;
    }
    closedir(d);
    if (count)
        qsort(*names, (size_t)count, sizeof **names, by_name);
    return count;
}

void sei_folder_list_free(char **names, int count)
{
    for (int i = 0; names && i < count; i++)
        free(names[i]);
    free(names);
}

static void free_names(sei_source *s)
{
    sei_folder_list_free(s->names, (int)s->count);
    s->names = NULL;
    s->count = 0;
}

static sei_source_status open_folder(sei_source *s, const char *path, char *err, size_t n)
{
    int count = sei_folder_list(path, sei_picture_name, &s->names);
    if (count < 0) {
        sei_say(err, n, "%s: cannot open the folder (%s)", path, strerror(errno));
        return SEI_SOURCE_ERROR;
    }
    s->count = (size_t)count;
    if (!s->count) {
        sei_say(err, n, "%s: no pictures in this folder (.png, .jpg, ...)", path);
        return SEI_SOURCE_ERROR;
    }
    if (!(s->dir = strdup(path))) {
        sei_say(err, n, "out of memory");
        return SEI_SOURCE_ERROR;
    }
    s->kind = K_FOLDER;
    snprintf(s->desc, sizeof s->desc, "folder %s (%zu pictures)", path, s->count);
    return SEI_SOURCE_OK;
}

/* "webcam" or "webcam:N" -> N (0 for plain "webcam"); -1 for anything else,
 * -2 for "webcam:" followed by something that is not a device number. */
static int webcam_index(const char *spec)
{
    if (strncmp(spec, "webcam", 6))
        return -1;
    if (!spec[6])
        return 0;
    if (spec[6] != ':')
        return -1;
    const char *p = spec + 7;
    if (!*p)
        return -2;
    long v = 0;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p) || v > 9999)
            return -2;
        v = v * 10 + (*p - '0');
    }
    return (int)v;
}

static sei_source_status open_any(sei_source *s, const char *spec, char *err, size_t n);

/* "faults:PLAN:SPEC": PLAN is a comma-separated list of unplug@F+N and
 * stall@F+N (F the first frame of the world affected, counted from 0, N
 * how many). */
static sei_source_status open_faults(sei_source *s, const char *spec, char *err, size_t n)
{
    const char *p = spec + 7, *colon = strchr(p, ':');
    if (!colon || colon == p) {
        sei_say(err, n, "%s: expected faults:PLAN:SOURCE, PLAN as unplug@F+N,stall@F+N", spec);
        return SEI_SOURCE_ERROR;
    }
    while (p < colon) {
        fault f = {0};
        int used = 0;
        char kind[8] = "";
        if (s->nfaults == MAX_FAULTS || sscanf(p, "%7[a-z]@%ld+%ld%n", kind, &f.from, &f.count, &used) != 3 ||
            (strcmp(kind, "unplug") && strcmp(kind, "stall")) || f.from < 0 || f.count < 1 || p + used > colon ||
            (p[used] != ',' && p + used != colon)) {
            sei_say(err, n, "%s: expected faults:PLAN:SOURCE, PLAN as unplug@F+N,stall@F+N (at most %d)", spec,
                    MAX_FAULTS);
            return SEI_SOURCE_ERROR;
        }
        f.unplug = kind[0] == 'u';
        s->faults[s->nfaults++] = f;
        p += used + (p[used] == ',');
    }
    sei_source_status st = sei_source_try_open(colon + 1, &s->inner, err, n);
    if (st != SEI_SOURCE_OK)
        return st;
    s->kind = K_FAULTS;
    int plan = (int)(colon - spec - 7);
    snprintf(s->desc, sizeof s->desc, "%.400s, with faults %.*s", sei_source_describe(s->inner), plan > 90 ? 90 : plan,
             spec + 7);
    return SEI_SOURCE_OK;
}

/* The fault of a "faults:" source at the world's frame w, or NULL. */
static const fault *fault_at(const sei_source *s, long w)
{
    for (int i = 0; i < s->nfaults; i++)
        if (w >= s->faults[i].from && w < s->faults[i].from + s->faults[i].count)
            return &s->faults[i];
    return NULL;
}

/* A frame of the world that the camera does not see: taken from the
 * source underneath and dropped. SEI_SOURCE_END when the world has ended. */
static sei_source_status frame_lost(sei_source *s)
{
    sei_image lost = {0};
    sei_source_status st = sei_source_grab(s->inner, &lost);
    sei_image_free(&lost);
    return st;
}

/* A frame of a "faults:" source: the world moves on by one frame whether
 * the camera sees it or not (moves made while it is away are not shown
 * again). */
static sei_source_status grab_faults(sei_source *s, sei_image *frame)
{
    const fault *f = fault_at(s, s->world++);
    if (f && f->unplug)
        s->unplugged = 1;
    if (!f && !s->unplugged) {
        sei_source_status st = sei_source_grab(s->inner, frame);
        if (st != SEI_SOURCE_OK)
            snprintf(s->msg, sizeof s->msg, "%s", sei_source_errmsg(s->inner));
        return st;
    }
    if (frame_lost(s) == SEI_SOURCE_END) {
        snprintf(s->msg, sizeof s->msg, "%s", sei_source_errmsg(s->inner));
        return SEI_SOURCE_END;
    }
    if (s->unplugged) {
        snprintf(s->msg, sizeof s->msg, "the camera was unplugged (a planned fault)");
        return SEI_SOURCE_NODEVICE;
    }
    snprintf(s->msg, sizeof s->msg, "no frame from the camera for 3 s (a planned fault)");
    return SEI_SOURCE_ERROR;
}

static sei_source_status open_any(sei_source *s, const char *spec, char *err, size_t n)
{
    if (!strncmp(spec, "faults:", 7))
        return open_faults(s, spec, err, n);
    if (!strcmp(spec, "camera")) {
        sei_source_status st = sei_camera_open(&s->cam, err, n);
        if (st == SEI_SOURCE_OK) {
            s->kind = K_CAMERA;
            snprintf(s->desc, sizeof s->desc, "%s", sei_camera_describe(s->cam));
        }
        return st;
    }
    int dev = webcam_index(spec);
    if (dev == -2) {
        sei_say(err, n, "%s: expected webcam or webcam:N with N the number of /dev/videoN", spec);
        return SEI_SOURCE_ERROR;
    }
    if (dev >= 0) {
        int nodevice = 0;
        if (!(s->video = sei_cv_video_open(NULL, dev, &nodevice, err, n)))
            return nodevice ? SEI_SOURCE_NODEVICE : SEI_SOURCE_ERROR;
        long frames;
        int w, h;
        sei_cv_video_info(s->video, &frames, &w, &h);
        s->kind = K_WEBCAM;
        s->webcam = dev;
        snprintf(s->desc, sizeof s->desc, "webcam /dev/video%d (%dx%d)", dev, w, h);
        return SEI_SOURCE_OK;
    }

    struct stat st;
    if (stat(spec, &st)) {
        sei_say(err, n, "%s: no such file or folder (or a camera name other than camera, webcam, webcam:N)", spec);
        return SEI_SOURCE_ERROR;
    }
    if (S_ISDIR(st.st_mode))
        return open_folder(s, spec, err, n);
    if (!S_ISREG(st.st_mode)) {
        sei_say(err, n, "%s: not a file, folder or camera", spec);
        return SEI_SOURCE_ERROR;
    }
    char why[256];
    if (sei_picture_name(spec)) {
        if (sei_cv_load(spec, SEI_CV_FULL_PIXELS, &s->picture, why, sizeof why)) {
            sei_say(err, n, "%s: %s", spec, why);
            return SEI_SOURCE_ERROR;
        }
        s->kind = K_PICTURE;
        snprintf(s->desc, sizeof s->desc, "picture %s (%dx%d)", spec, s->picture.width, s->picture.height);
        return SEI_SOURCE_OK;
    }
    if (!st.st_size) {
        sei_say(err, n, "%s: the file is empty", spec);
        return SEI_SOURCE_ERROR;
    }
    if (!(s->video = sei_cv_video_open(spec, -1, NULL, why, sizeof why))) {
        sei_say(err, n, "%s: %s", spec, why);
        return SEI_SOURCE_ERROR;
    }
    long frames;
    int w, h;
    sei_cv_video_info(s->video, &frames, &w, &h);
    if (w <= 0 || h <= 0) {
        sei_say(err, n, "%s: not a video OpenCV can read (no picture size)", spec);
        return SEI_SOURCE_ERROR;
    }
    s->kind = K_VIDEO;
    snprintf(s->desc, sizeof s->desc, "video %s (%dx%d, %ld frames)", spec, w, h, frames);
    return SEI_SOURCE_OK;
}

sei_source_status sei_source_try_open(const char *spec, sei_source **out, char *err, size_t n)
{
    if (err && n)
        err[0] = 0;
    if (!out) {
        sei_say(err, n, "no place for the source");
        return SEI_SOURCE_ERROR;
    }
    *out = NULL;
    if (!spec || !*spec) {
        sei_say(err, n, "no source given (camera, webcam, webcam:N, a picture, a folder or a video)");
        return SEI_SOURCE_ERROR;
    }
    sei_source *s = calloc(1, sizeof *s);
    if (!s) {
        sei_say(err, n, "out of memory");
        return SEI_SOURCE_ERROR;
    }
    sei_source_status st = open_any(s, spec, err, n);
    if (st != SEI_SOURCE_OK) {
        sei_source_close(s);
        return st;
    }
    *out = s;
    return SEI_SOURCE_OK;
}

sei_source *sei_source_open(const char *spec, char *err, size_t n)
{
    sei_source *s;
    return sei_source_try_open(spec, &s, err, n) == SEI_SOURCE_OK ? s : NULL;
}

static sei_source_status grab_folder(sei_source *s, sei_image *frame)
{
    if (s->next >= s->count) {
        snprintf(s->msg, sizeof s->msg, "no more pictures in the folder");
        return SEI_SOURCE_END;
    }
    const char *name = s->names[s->next++];
    size_t len = strlen(s->dir) + strlen(name) + 2;
    char *path = malloc(len);
    if (!path) {
        snprintf(s->msg, sizeof s->msg, "out of memory");
        return SEI_SOURCE_ERROR;
    }
    snprintf(path, len, "%s/%s", s->dir, name);
    char why[256];
    int bad = sei_cv_load(path, SEI_CV_FULL_PIXELS, frame, why, sizeof why);
    if (bad)
        snprintf(s->msg, sizeof s->msg, "%s: %s", path, why);
    free(path);
    return bad ? SEI_SOURCE_ERROR : SEI_SOURCE_OK;
}

sei_source_status sei_source_grab(sei_source *s, sei_image *frame)
{
    if (!frame)
        return SEI_SOURCE_ERROR;
    memset(frame, 0, sizeof *frame);
    if (!s)
        return SEI_SOURCE_ERROR;
    s->msg[0] = 0;
    sei_source_status st = SEI_SOURCE_ERROR;
    switch (s->kind) {
    case K_CAMERA:
        st = sei_camera_grab(s->cam, frame, s->msg, sizeof s->msg);
        break;
    case K_WEBCAM:
        /* A webcam that stops giving frames was almost always unplugged. */
        st = sei_cv_video_grab(s->video, frame, s->msg, sizeof s->msg) ? SEI_SOURCE_NODEVICE : SEI_SOURCE_OK;
        break;
    case K_VIDEO:
        if (s->ended) {
            st = SEI_SOURCE_END;
            break;
        }
        switch (sei_cv_video_grab(s->video, frame, s->msg, sizeof s->msg)) {
        case 0:
            st = SEI_SOURCE_OK;
            break;
        case 1:
            s->ended = 1;
            st = SEI_SOURCE_END;
            break;
        default:
            st = SEI_SOURCE_ERROR;
        }
        if (st == SEI_SOURCE_END)
            snprintf(s->msg, sizeof s->msg, "end of the video");
        break;
    case K_PICTURE:
        if (sei_image_copy(&s->picture, frame)) {
            snprintf(s->msg, sizeof s->msg, "out of memory");
            break;
        }
        st = SEI_SOURCE_OK;
        break;
    case K_FOLDER:
        st = grab_folder(s, frame);
        break;
    case K_FAULTS:
        st = grab_faults(s, frame);
        break;
    }
    if (st != SEI_SOURCE_OK) {
        sei_image_free(frame);
        if (!s->msg[0])
            snprintf(s->msg, sizeof s->msg, "cannot read a frame");
    }
    return st;
}

sei_source_status sei_source_reopen(sei_source *s, char *err, size_t n)
{
    if (err && n)
        err[0] = 0;
    if (!s) {
        sei_say(err, n, "no source");
        return SEI_SOURCE_ERROR;
    }
    switch (s->kind) {
    case K_CAMERA: {
        sei_camera *cam = NULL;
        sei_source_status st = sei_camera_open(&cam, err, n);
        if (st != SEI_SOURCE_OK)
            return st;
        sei_camera_close(s->cam);
        s->cam = cam;
        snprintf(s->desc, sizeof s->desc, "%s", sei_camera_describe(s->cam));
        return SEI_SOURCE_OK;
    }
    case K_WEBCAM: {
        int nodevice = 0;
        sei_cv_video *v = sei_cv_video_open(NULL, s->webcam, &nodevice, err, n);
        if (!v)
            return nodevice ? SEI_SOURCE_NODEVICE : SEI_SOURCE_ERROR;
        sei_cv_video_close(s->video);
        s->video = v;
        return SEI_SOURCE_OK;
    }
    case K_FAULTS: {
        /* A try takes a frame's time of the world, as a grab does. */
        const fault *f = fault_at(s, s->world++);
        if (f && f->unplug) {
            if (frame_lost(s) == SEI_SOURCE_END)
                return SEI_SOURCE_END;
            sei_say(err, n, "the camera is still unplugged (a planned fault)");
            return SEI_SOURCE_NODEVICE;
        }
        s->unplugged = 0;
        return SEI_SOURCE_OK;
    }
    default:
        return SEI_SOURCE_OK; /* files and folders go on where they were */
    }
}

const char *sei_source_errmsg(const sei_source *s)
{
    return s ? s->msg : "no source";
}

const char *sei_source_describe(const sei_source *s)
{
    return s ? s->desc : "no source";
}

int sei_source_is_live(const sei_source *s)
{
    if (s && s->kind == K_FAULTS)
        return sei_source_is_live(s->inner);
    return s && (s->kind == K_CAMERA || s->kind == K_WEBCAM);
}

int sei_source_is_still(const sei_source *s)
{
    if (s && s->kind == K_FAULTS)
        return sei_source_is_still(s->inner);
    return s && s->kind == K_PICTURE;
}

void sei_source_close(sei_source *s)
{
    if (!s)
        return;
    sei_source_close(s->inner);
    sei_camera_close(s->cam);
    sei_cv_video_close(s->video);
    sei_image_free(&s->picture);
    free_names(s);
    free(s->dir);
    free(s);
}
