// cvwrap.cpp - every use of OpenCV in Seichi's vision code, behind the C
// functions of cvwrap.h. Views are wrapped as cv::Mat headers without
// copying; each entry point catches everything, since a C caller cannot.
#include "cvwrap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include <sys/stat.h>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

namespace {

void set_err(char *err, size_t n, const char *what)
{
    if (err && n)
        std::snprintf(err, n, "%s", what);
}

cv::Mat view(const sei_image *img)
{
    return cv::Mat(img->height, img->width, img->channels == 1 ? CV_8UC1 : CV_8UC3, img->buf, (size_t)img->stride);
}

// Copy a Mat into a new C-owned image.
int own(const cv::Mat &m, sei_image *out)
{
    cv::Mat src = m;
    if (src.type() != CV_8UC1 && src.type() != CV_8UC3)
        return -1;
    if (sei_image_alloc(out, src.cols, src.rows, src.channels()))
        return -1;
    for (int y = 0; y < src.rows; y++)
        std::memcpy(sei_image_row(out, y), src.ptr(y), (size_t)src.cols * (size_t)src.channels());
    return 0;
}

// Run make(out) and hand its result over as a new C-owned image in *dst:
// the shape every "into a new image" entry shares. make returns false for
// a request it refuses; any exception is caught here.
template <class F> int produce(sei_image *dst, F make)
{
    try {
        std::memset(dst, 0, sizeof *dst);
        cv::Mat out;
        if (!make(out))
            return -1;
        return own(out, dst);
    } catch (...) {
        sei_image_free(dst);
        return -1;
    }
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

// ---- The decode cap ------------------------------------------------------
// OpenCV allocates a picture's whole pixels (and any other large buffer)
// through Mat's default allocator, before it reads them. This allocator,
// installed once as the default, passes everything to OpenCV's own and
// refuses, only on a thread inside a decode (cap_guard), any one buffer
// over the cap: so a picture of any format, even one whose header Seichi
// does not read itself, is refused before its data is decoded. A
// per-Mat allocator would not do: Mat::create falls back to the default
// one when another refuses.
thread_local size_t decode_cap;     // 0: no cap (outside a decode)
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

} // namespace

// A decoded picture, or why there is none, into a C-owned image.
static int keep(const cv::Mat &m, sei_image *out, char *err, size_t errlen)
{
    if (m.empty()) {
        set_err(err, errlen, "not a picture OpenCV can read (corrupt, truncated or an unknown format)");
        return -1;
    }
    if (own(to_bgr8(m), out)) {
        set_err(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

// Formats imageio.c does not read itself: OpenCV's decoders, every buffer
// held to the decode cap (imdecode turns the picture by its EXIF
// orientation, as imread does).
extern "C" int sei_cvio_decode(const uint8_t *data, size_t len, sei_image *out, char *err, size_t errlen)
{
    try {
        std::memset(out, 0, sizeof *out);
        cv::Mat m;
        {
            cap_guard guard((size_t)SEI_CV_DECODE_BYTES);
            try {
                m = cv::imdecode(cv::Mat(1, (int)len, CV_8U, const_cast<uint8_t *>(data)), cv::IMREAD_COLOR);
            } catch (const cv::Exception &) {
                if (!refused_h)
                    throw;
            }
            if (refused_h) {
                char why[160];
                std::snprintf(why, sizeof why, "decoding it takes more than Seichi allows (%ld MB)",
                              SEI_CV_DECODE_BYTES / 1000000);
                sei_picture_too_large(err, errlen, refused_w, refused_h, why);
                return -1;
            }
        }
        return keep(m, out, err, errlen);
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while decoding");
    }
    sei_image_free(out);
    return -1;
}

extern "C" int sei_cvio_save(const char *path, const sei_image *img, char *err, size_t errlen)
{
    try {
        if (!cv::imwrite(path, view(img))) {
            set_err(err, errlen, "cannot write the picture (no writer for this extension, or the file cannot be created)");
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

extern "C" int sei_cv_resize(const sei_image *src, sei_image *dst, int w, int h)
{
    return produce(dst, [&](cv::Mat &out) {
        bool shrink = w < src->width || h < src->height;
        cv::resize(view(src), out, cv::Size(w, h), 0, 0, shrink ? cv::INTER_AREA : cv::INTER_LINEAR);
        return true;
    });
}

extern "C" int sei_cv_convert(const sei_image *src, sei_image *dst, int to)
{
    return produce(dst, [&](cv::Mat &out) {
        cv::Mat in = view(src);
        if (src->channels == 1) {
            if (to != SEI_CV_GRAY)
                return false;
            out = in.clone();
        } else if (to == SEI_CV_GRAY)
            cv::cvtColor(in, out, cv::COLOR_BGR2GRAY);
        else if (to == SEI_CV_HSV)
            cv::cvtColor(in, out, cv::COLOR_BGR2HSV);
        else if (to == SEI_CV_LAB)
            cv::cvtColor(in, out, cv::COLOR_BGR2Lab);
        else
            return false;
        return true;
    });
}

extern "C" int sei_cv_segments(const sei_image *gray, float *segs, int max, int *n)
{
    try {
        *n = 0;
        if (gray->channels != 1)
            return -1;
        cv::Ptr<cv::LineSegmentDetector> lsd = cv::createLineSegmentDetector(cv::LSD_REFINE_STD);
        std::vector<cv::Vec4f> lines;
        std::vector<double> widths;
        lsd->detect(view(gray), lines, widths);
        int k = 0;
        for (size_t i = 0; i < lines.size() && k < max; i++, k++) {
            segs[5 * k + 0] = lines[i][0];
            segs[5 * k + 1] = lines[i][1];
            segs[5 * k + 2] = lines[i][2];
            segs[5 * k + 3] = lines[i][3];
            segs[5 * k + 4] = i < widths.size() ? (float)widths[i] : 1.0f;
        }
        *n = k;
        return 0;
    } catch (...) {
        *n = 0;
        return -1;
    }
}

extern "C" int sei_cv_warp(const sei_image *src, const double H[9], int w, int h, sei_image *dst)
{
    return produce(dst, [&](cv::Mat &out) {
        cv::Mat m(3, 3, CV_64F);
        for (int i = 0; i < 9; i++)
            m.at<double>(i / 3, i % 3) = H[i];
        cv::warpPerspective(view(src), out, m, cv::Size(w, h), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                            cv::BORDER_REPLICATE);
        return true;
    });
}

extern "C" int sei_cv_line(sei_image *img, double x1, double y1, double x2, double y2, const uint8_t bgr[3], int thickness)
{
    try {
        cv::Mat m = view(img);
        cv::line(m, cv::Point2d(x1, y1), cv::Point2d(x2, y2), cv::Scalar(bgr[0], bgr[1], bgr[2]), thickness,
                 cv::LINE_AA);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int sei_cv_circle(sei_image *img, double x, double y, double r, const uint8_t bgr[3], int thickness)
{
    try {
        cv::Mat m = view(img);
        cv::circle(m, cv::Point2d(x, y), (int)(r + 0.5), cv::Scalar(bgr[0], bgr[1], bgr[2]), thickness, cv::LINE_AA);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int sei_cv_text_outline(sei_image *img, double x, double y, const char *text, double scale, const uint8_t bgr[3])
{
    try {
        cv::Mat m = view(img);
        int th = scale > 1 ? (int)(2 * scale) : 2;
        cv::putText(m, text, cv::Point2d(x, y), cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(0, 0, 0), th + 3, cv::LINE_AA);
        cv::putText(m, text, cv::Point2d(x, y), cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(bgr[0], bgr[1], bgr[2]), th,
                    cv::LINE_AA);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int sei_cv_fill(sei_image *img, const double *pts, int n, const uint8_t bgr[3])
{
    try {
        cv::Mat m = view(img);
        std::vector<cv::Point> p((size_t)n);
        for (int i = 0; i < n; i++)
            p[(size_t)i] = cv::Point((int)std::lround(pts[2 * i]), (int)std::lround(pts[2 * i + 1]));
        cv::fillConvexPoly(m, p, cv::Scalar(bgr[0], bgr[1], bgr[2]), cv::LINE_AA);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int sei_cv_blackhat(const sei_image *gray, sei_image *dst, int ksize)
{
    return produce(dst, [&](cv::Mat &out) {
        if (gray->channels != 1)
            return false;
        cv::Mat k = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(ksize | 1, ksize | 1));
        cv::morphologyEx(view(gray), out, cv::MORPH_BLACKHAT, k);
        cv::normalize(out, out, 0, 255, cv::NORM_MINMAX);
        return true;
    });
}

extern "C" void sei_cv_threads(int n)
{
    try {
        cv::setNumThreads(n);
    } catch (...) {
    }
}

// ---- Video (webcams and video files) for source.c ------------------------
// Only videoio is used: V4L2 for webcams (named explicitly, so a missing
// device is not retried through every other backend) and whatever backend
// OpenCV has for files (FFmpeg on Debian).
#include <opencv2/videoio.hpp>

struct sei_cv_video {
    cv::VideoCapture cap;
    bool webcam;
};

extern "C" sei_cv_video *sei_cv_video_open(const char *path, int device, int *nodevice, char *err, size_t errlen)
{
    sei_cv_video *v = nullptr;
    if (nodevice)
        *nodevice = 0;
    try {
        v = new sei_cv_video();
        v->webcam = device >= 0;
        if (v->webcam) {
            // Without the device node OpenCV would only print a warning; say
            // plainly that the webcam is not there.
            char node[32];
            std::snprintf(node, sizeof node, "/dev/video%d", device);
            struct stat st;
            if (stat(node, &st) != 0 || !v->cap.open(device, cv::CAP_V4L2) || !v->cap.isOpened()) {
                char msg[96];
                std::snprintf(msg, sizeof msg, "no webcam at %s (not plugged in, or not a camera)", node);
                set_err(err, errlen, msg);
                if (nodevice)
                    *nodevice = 1;
                delete v;
                return nullptr;
            }
            // One driver buffer: each grab then sees the newest picture, not
            // one that waited in the queue. Drivers that refuse keep theirs.
            v->cap.set(cv::CAP_PROP_BUFFERSIZE, 1);
        } else {
            if (!path) {
                set_err(err, errlen, "no file name");
                delete v;
                return nullptr;
            }
            // CAP_ANY could take "frame%03d.png" as a numbered sequence;
            // a name is a file here, so ask the file backends only.
            if (!v->cap.open(path, cv::CAP_FFMPEG) || !v->cap.isOpened()) {
                set_err(err, errlen, "not a video OpenCV can read (corrupt, truncated or an unknown format)");
                delete v;
                return nullptr;
            }
            // Frames are decoded whole, so the header's size is held to the
            // cap of a picture decoded at full size.
            long w = (long)v->cap.get(cv::CAP_PROP_FRAME_WIDTH), h = (long)v->cap.get(cv::CAP_PROP_FRAME_HEIGHT);
            if ((double)w * (double)h > (double)SEI_CV_FULL_PIXELS) {
                char msg[200];
                std::snprintf(msg, sizeof msg, "the video's frames are %ldx%ld (%.0f megapixels): more than Seichi reads (%ld megapixels)",
                              w, h, (double)w * (double)h / 1e6, SEI_CV_FULL_PIXELS / 1000000);
                set_err(err, errlen, msg);
                delete v;
                return nullptr;
            }
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

extern "C" int sei_cv_video_grab(sei_cv_video *v, sei_image *out, char *err, size_t errlen)
{
    try {
        std::memset(out, 0, sizeof *out);
        if (!v) {
            set_err(err, errlen, "no video");
            return -1;
        }
        cv::Mat m;
        bool got = false;
        {
            // A frame larger than the header said is held to the same cap.
            cap_guard guard(3 * (size_t)SEI_CV_FULL_PIXELS);
            try {
                got = v->cap.read(m);
            } catch (const cv::Exception &) {
                if (!refused_h)
                    throw;
            }
            if (refused_h) {
                char why[96];
                std::snprintf(why, sizeof why, "a video frame larger than Seichi reads (%ld megapixels)",
                              SEI_CV_FULL_PIXELS / 1000000);
                sei_picture_too_large(err, errlen, refused_w, refused_h, why);
                return -1;
            }
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
    sei_image_free(out);
    return -1;
}

extern "C" int sei_cv_video_info(const sei_cv_video *v, long *frames, int *width, int *height)
{
    try {
        *frames = 0;
        *width = *height = 0;
        if (!v)
            return -1;
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

extern "C" void sei_cv_video_close(sei_cv_video *v)
{
    try {
        delete v;
    } catch (...) {
    }
}

extern "C" int sei_cv_video_write(const char *path, const sei_image *frames, int n, double fps, char *err, size_t errlen)
{
    try {
        if (!path || !frames || n <= 0 || !(fps > 0)) {
            set_err(err, errlen, "nothing to write");
            return -1;
        }
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
            w.write(view(&frames[i]));
        }
        return 0;
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while writing the video");
    }
    return -1;
}

struct sei_cv_net {
    cv::dnn::Net net;
};

extern "C" sei_cv_net *sei_cv_net_load(const uint8_t *onnx, size_t len, char *err, size_t errlen)
{
    try {
        if (!onnx || !len) {
            set_err(err, errlen, "no model built into this program");
            return nullptr;
        }
        auto *n = new sei_cv_net;
        n->net = cv::dnn::readNetFromONNX(reinterpret_cast<const char *>(onnx), len);
        if (n->net.empty()) {
            delete n;
            set_err(err, errlen, "the model is empty");
            return nullptr;
        }
        n->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        n->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return n;
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
        return nullptr;
    } catch (...) {
        set_err(err, errlen, "cannot load the model");
        return nullptr;
    }
}

extern "C" int sei_cv_net_run(sei_cv_net *net, const float *in, int n, int c, int h, int w, float *out, int k, char *err,
                              size_t errlen)
{
    try {
        const int shape[4] = {n, c, h, w};
        cv::Mat blob(4, shape, CV_32F, const_cast<float *>(in));
        net->net.setInput(blob);
        cv::Mat res = net->net.forward();
        if (res.total() != (size_t)n * (size_t)k || res.type() != CV_32F) {
            set_err(err, errlen, "the model gives an output of another shape");
            return -1;
        }
        std::memcpy(out, res.ptr<float>(), sizeof(float) * (size_t)n * (size_t)k);
        return 0;
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
        return -1;
    } catch (...) {
        set_err(err, errlen, "the model failed");
        return -1;
    }
}

// ---- Stone candidates, before any lattice is known (lattice.c) ---------
// Black stones are dark in every channel (the largest of B, G, R is low)
// and white ones bright in every channel (the smallest is high), where
// wood, lit any colour, has one low channel (blue) and one high (red).
// Each of those two pictures is split by Otsu's threshold; an opening
// takes the thin grid lines out of the masks; the distance transform's
// local maxima are the centres of round blobs, its value their radius, so
// stones that touch still come apart.

extern "C" int sei_cv_stone_blobs(const sei_image *bgr, const sei_cv_blob_params *p, float *out, int max, int *n)
{
    *n = 0;
    try {
        if (bgr->channels != 3)
            return -1;
        cv::Mat src = view(bgr);
        std::vector<cv::Mat> ch;
        cv::split(src, ch);
        cv::Mat hi, lo;
        cv::max(ch[0], ch[1], hi);
        cv::max(hi, ch[2], hi);
        cv::min(ch[0], ch[1], lo);
        cv::min(lo, ch[2], lo);
        // Whiteness: the smallest channel less the spread between channels,
        // so pale wood (bright but yellow) falls far below a white stone
        // (bright and grey), and the cells of wood between grid lines do
        // not pass for white stones.
        cv::Mat spread;
        cv::subtract(hi, lo, spread);
        cv::subtract(lo, spread, lo);
        double diag = std::hypot((double)bgr->width, (double)bgr->height);
        double rmin = std::max(p->min_radius_px, 1.0), rmax = p->max_radius * diag;
        cv::Mat k = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(p->open_px | 1, p->open_px | 1));
        cv::Mat taken = cv::Mat::zeros(src.size(), CV_8U);
        for (int pass = 0; pass < 2; pass++) {
            const cv::Mat &img = pass == 0 ? hi : lo;
            cv::Mat mask;
            cv::threshold(img, mask, 0, 255, (pass == 0 ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY) | cv::THRESH_OTSU);
            cv::morphologyEx(mask, mask, cv::MORPH_OPEN, k);
            // Highlights on a glossy stone punch small holes in its blob:
            // fill holes smaller than a small stone (an eye of wood ringed
            // by stones is larger and stays).
            {
                cv::Mat holes = ~mask, lab, stats, cent;
                int nh = cv::connectedComponentsWithStats(holes, lab, stats, cent, 4, CV_32S);
                double amax = p->hole_area * diag * diag;
                std::vector<uint8_t> fill((size_t)nh, 0);
                for (int i = 1; i < nh; i++) {
                    int x = stats.at<int>(i, cv::CC_STAT_LEFT), y = stats.at<int>(i, cv::CC_STAT_TOP);
                    int bw = stats.at<int>(i, cv::CC_STAT_WIDTH), bh = stats.at<int>(i, cv::CC_STAT_HEIGHT);
                    bool border = x == 0 || y == 0 || x + bw >= mask.cols || y + bh >= mask.rows;
                    fill[(size_t)i] = !border && stats.at<int>(i, cv::CC_STAT_AREA) < amax;
                }
                for (int y = 0; y < mask.rows; y++) {
                    const int *l = lab.ptr<int>(y);
                    uint8_t *m = mask.ptr<uint8_t>(y);
                    for (int x = 0; x < mask.cols; x++)
                        if (fill[(size_t)l[x]])
                            m[x] = 255;
                }
            }
            cv::Mat dt, dil;
            cv::distanceTransform(mask, dt, cv::DIST_L2, 3);
            cv::dilate(dt, dil, cv::Mat());
            struct peak { float r; int x, y; };
            std::vector<peak> peaks;
            for (int y = 1; y < dt.rows - 1; y++) {
                const float *d = dt.ptr<float>(y), *m = dil.ptr<float>(y);
                for (int x = 1; x < dt.cols - 1; x++)
                    if (d[x] >= rmin && d[x] <= rmax && d[x] >= m[x])
                        peaks.push_back({d[x], x, y});
            }
            std::sort(peaks.begin(), peaks.end(), [](const peak &a, const peak &b) { return a.r > b.r; });
            for (const peak &q : peaks) {
                if (*n >= max)
                    break;
                if (taken.at<uint8_t>(q.y, q.x))
                    continue;
                // Round, not a slab of shadow or table: some of eight
                // points just beyond the radius fall outside the mask.
                int off = 0;
                for (int a = 0; a < 8; a++) {
                    double ang = a * CV_PI / 4;
                    int x = (int)std::lround(q.x + p->ring * q.r * std::cos(ang));
                    int y = (int)std::lround(q.y + p->ring * q.r * std::sin(ang));
                    if (x < 0 || y < 0 || x >= mask.cols || y >= mask.rows || !mask.at<uint8_t>(y, x))
                        off++;
                }
                if (off < p->min_off)
                    continue;
                cv::circle(taken, cv::Point(q.x, q.y), (int)std::ceil(q.r * p->suppress), cv::Scalar(255), -1);
                float *o = out + 4 * (*n)++;
                o[0] = (float)q.x;
                o[1] = (float)q.y;
                o[2] = q.r;
                o[3] = pass == 0 ? 1.0f : -1.0f;
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" void sei_cv_net_free(sei_cv_net *net) { delete net; }

extern "C" void sei_cv_blob_params_default(sei_cv_blob_params *p)
{
    p->min_radius_px = 2;
    p->max_radius = 0.04;
    p->open_px = 3;
    p->ring = 1.35;
    p->min_off = 2;
    p->suppress = 1.2;
    p->hole_area = 0.00004;
}
