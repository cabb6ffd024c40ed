// cvio_plugin.cpp - OpenCV's picture and video plugin, seichi-cvio.so:
// every use of OpenCV's imgcodecs and videoio, behind the C table of
// cvio_plugin.h. The seichi program does not link those modules (on Debian
// they load GDAL, poppler, FFmpeg and GStreamer, some 220 libraries); it
// loads this file with dlopen when a picture format it does not decode
// itself, a webcam or a video file is asked for (cvio.c). Each entry
// catches everything, since a C caller cannot.
#include "cvio_plugin.h"

#include <cstdio>
#include <cstring>
#include <iostream>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "cvmat.hpp"

namespace {

sei_cvio_alloc_fn image_alloc;

void set_err(char *err, size_t n, const char *what)
{
    if (err && n)
        std::snprintf(err, n, "%s", what);
}

// ---- The decode cap ------------------------------------------------------
// OpenCV allocates a picture's whole pixels (and any other large buffer)
// through Mat's default allocator, before it reads them. This allocator,
// installed once as the default, passes everything to OpenCV's own and
// refuses, only on a thread inside a decode (cap_guard), any one buffer
// over the cap: so a picture of any format, even one whose header Seichi
// does not read itself, is refused before its data is decoded. A
// per-Mat allocator would not do: Mat::create falls back to the default
// one when another refuses. The plugin is never unloaded, so the
// allocator outlives every Mat.
thread_local size_t decode_cap; // 0: no cap (outside a decode)
thread_local long refused_w, refused_h;

class capped_allocator : public cv::MatAllocator
{
  public:
    cv::UMatData *allocate(int dims, const int *sizes, int type, void *data, size_t *step, cv::AccessFlag flags,
                           cv::UMatUsageFlags usage) const override
    {
        if (decode_cap && !data) {
            double bytes = CV_ELEM_SIZE(type);
            for (int i = 0; i < dims; i++)
                bytes *= sizes[i];
            if (bytes > (double)decode_cap) {
                refused_h = dims > 0 ? sizes[0] : 0;
                refused_w = dims > 1 ? sizes[1] : 1;
                CV_Error(cv::Error::StsNoMem, "a buffer over Seichi's decode cap");
            }
        }
        return cv::Mat::getStdAllocator()->allocate(dims, sizes, type, data, step, flags, usage);
    }
    bool allocate(cv::UMatData *u, cv::AccessFlag access, cv::UMatUsageFlags usage) const override
    {
        return cv::Mat::getStdAllocator()->allocate(u, access, usage);
    }
    void deallocate(cv::UMatData *u) const override { cv::Mat::getStdAllocator()->deallocate(u); }
};

// The cap holds from construction to destruction, on this thread only.
struct cap_guard {
    explicit cap_guard(size_t bytes)
    {
        static capped_allocator capped;
        static const bool installed = (cv::Mat::setDefaultAllocator(&capped), true);
        (void)installed;
        decode_cap = bytes;
        refused_w = refused_h = 0;
    }
    ~cap_guard() { decode_cap = 0; }
    cap_guard(const cap_guard &) = delete;
    cap_guard &operator=(const cap_guard &) = delete;
};

// Run read(m) under the cap: true when it ran, false when a buffer went
// over the cap (refused_w x refused_h say how large).
template <class F> bool capped(size_t cap, F read)
{
    cap_guard guard(cap);
    try {
        read();
    } catch (const cv::Exception &) {
        if (!refused_h)
            throw;
    }
    return !refused_h;
}

// Bring any decoded picture to 8-bit BGR.
cv::Mat to_bgr8(const cv::Mat &m)
{
    cv::Mat e = m;
    if (e.depth() != CV_8U) {
        double scale = e.depth() == CV_16U ? 1.0 / 257 : 1.0;
        e.convertTo(e, CV_8U, scale);
    }
    cv::Mat out;
    if (e.channels() == 1)
        cv::cvtColor(e, out, cv::COLOR_GRAY2BGR);
    else if (e.channels() == 4)
        cv::cvtColor(e, out, cv::COLOR_BGRA2BGR);
    else
        out = e;
    return out;
}

// A decoded picture or frame, or why there is none, into a C-owned image.
int keep(const cv::Mat &m, sei_image *out, char *err, size_t errlen)
{
    if (m.empty()) {
        set_err(err, errlen, "not a picture OpenCV can read (corrupt, truncated or an unknown format)");
        return -1;
    }
    if (sei::own(to_bgr8(m), out, image_alloc)) {
        set_err(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int decode(const uint8_t *data, size_t len, size_t cap, sei_image *out, long *rw, long *rh, char *err, size_t errlen)
{
    try {
        std::memset(out, 0, sizeof *out);
        cv::Mat m;
        // imdecode turns the picture by its EXIF orientation, as imread does.
        cv::Mat bytes(1, (int)len, CV_8U, const_cast<uint8_t *>(data));
        // OpenCV writes its own complaint about a cut-short picture to
        // std::cerr before returning nothing; the caller says it plainly.
        struct quiet_cerr {
            std::streambuf *buf = std::cerr.rdbuf(nullptr);
            ~quiet_cerr()
            {
                std::cerr.rdbuf(buf);
                std::cerr.clear();
            }
        } quiet;
        if (!capped(cap, [&] { m = cv::imdecode(bytes, cv::IMREAD_COLOR); })) {
            *rw = refused_w, *rh = refused_h;
            return -2;
        }
        return keep(m, out, err, errlen);
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while decoding");
    }
    return -1;
}

int save(const char *path, const sei_image *img, char *err, size_t errlen)
{
    try {
        if (!cv::imwrite(path, sei::view(img))) {
            set_err(err, errlen,
                    "cannot write the picture (no writer for this extension, or the file cannot be created)");
            return -1;
        }
        return 0;
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while writing");
    }
    return -1;
}

// ---- Video (webcams and video files) ----------------------------------------
// V4L2 for webcams (named explicitly, so a missing device is not retried
// through every other backend) and FFmpeg for files.
struct video {
    cv::VideoCapture cap;
    bool webcam;
};

void *video_open(const char *path, int device, int *nodevice, char *err, size_t errlen)
{
    video *v = nullptr;
    try {
        v = new video();
        v->webcam = device >= 0;
        if (v->webcam) {
            if (!v->cap.open(device, cv::CAP_V4L2) || !v->cap.isOpened()) {
                char msg[96];
                std::snprintf(msg, sizeof msg, "no webcam at /dev/video%d (not plugged in, or not a camera)", device);
                set_err(err, errlen, msg);
                *nodevice = 1;
                delete v;
                return nullptr;
            }
            // One driver buffer: each grab then sees the newest picture, not
            // one that waited in the queue. Drivers that refuse keep theirs.
            v->cap.set(cv::CAP_PROP_BUFFERSIZE, 1);
        } else if (!path || !v->cap.open(path, cv::CAP_FFMPEG) || !v->cap.isOpened()) {
            // CAP_ANY could take "frame%03d.png" as a numbered sequence;
            // a name is a file here, so ask the file backend only.
            set_err(err, errlen, "not a video OpenCV can read (corrupt, truncated or an unknown format)");
            delete v;
            return nullptr;
        }
        return v;
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while opening the video");
    }
    delete v;
    return nullptr;
}

int video_grab(void *h, size_t cap, sei_image *out, long *rw, long *rh, char *err, size_t errlen)
{
    try {
        std::memset(out, 0, sizeof *out);
        video *v = static_cast<video *>(h);
        cv::Mat m;
        bool got = false;
        if (!capped(cap, [&] { got = v->cap.read(m); })) {
            *rw = refused_w, *rh = refused_h;
            return -2;
        }
        if (!got || m.empty()) {
            if (!v->webcam)
                return 1;
            set_err(err, errlen, "the webcam stopped giving frames (unplugged?)");
            return -1;
        }
        return keep(m, out, err, errlen);
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while reading a frame");
    }
    return -1;
}

int video_info(const void *h, long *frames, int *width, int *height)
{
    try {
        const video *v = static_cast<const video *>(h);
        cv::VideoCapture &cap = const_cast<cv::VideoCapture &>(v->cap);
        double f = v->webcam ? 0 : cap.get(cv::CAP_PROP_FRAME_COUNT);
        *frames = f > 0 && f < 1e12 ? (long)f : 0;
        *width = (int)cap.get(cv::CAP_PROP_FRAME_WIDTH);
        *height = (int)cap.get(cv::CAP_PROP_FRAME_HEIGHT);
        return 0;
    } catch (...) {
        return -1;
    }
}

void video_close(void *h)
{
    try {
        delete static_cast<video *>(h);
    } catch (...) {
    }
}

int video_write(const char *path, const sei_image *frames, int n, double fps, char *err, size_t errlen)
{
    try {
        cv::Size size(frames[0].width, frames[0].height);
        cv::VideoWriter w(path, cv::CAP_ANY, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), fps, size, true);
        if (!w.isOpened()) {
            set_err(err, errlen, "cannot write the video (no MJPG writer, or the file cannot be created)");
            return -1;
        }
        for (int i = 0; i < n; i++) {
            if (frames[i].width != size.width || frames[i].height != size.height || frames[i].channels != 3) {
                set_err(err, errlen, "frames differ in size or are not BGR");
                return -1;
            }
            w.write(sei::view(&frames[i]));
        }
        return 0;
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while writing the video");
    }
    return -1;
}

const sei_cvio_api api = {SEI_CVIO_ABI, decode, save, video_open, video_grab, video_info, video_close, video_write};

} // namespace

extern "C" __attribute__((visibility("default"))) const sei_cvio_api *sei_cvio_plugin(int abi, sei_cvio_alloc_fn alloc)
{
    if (abi != SEI_CVIO_ABI || !alloc)
        return nullptr;
    image_alloc = alloc;
    return &api;
}
