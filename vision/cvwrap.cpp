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

// Which reduced decode keeps the pixel count under the limit.
int reduce_flag(long w, long h, long max_pixels)
{
    long px = w * h;
    if (max_pixels <= 0 || px <= max_pixels)
        return cv::IMREAD_COLOR;
    if (px / 4 <= max_pixels)
        return cv::IMREAD_REDUCED_COLOR_2;
    if (px / 16 <= max_pixels)
        return cv::IMREAD_REDUCED_COLOR_4;
    return cv::IMREAD_REDUCED_COLOR_8;
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

// "the picture is W x H (N megapixels), ..." for a refusal by size.
void too_large(char *err, size_t errlen, long w, long h, const char *why)
{
    char msg[256];
    std::snprintf(msg, sizeof msg, "the picture is %ldx%ld (%.0f megapixels): %s", w, h, (double)w * (double)h / 1e6,
                  why);
    set_err(err, errlen, msg);
}

// ---- What the header says --------------------------------------------------
enum pic_kind { PIC_OTHER, PIC_PNG, PIC_JPEG };

struct header {
    pic_kind kind = PIC_OTHER;
    long w = 0, h = 0;          // 0 when the header does not say (or Seichi does not read it)
    bool complete = true;       // false: the data ends before the image does
    bool buffered = false;      // a JPEG libjpeg decodes through whole-image coefficient buffers
    double coef_bytes = 0;      // ... and their size at full scale
};

inline long be16(const uint8_t *p) { return (long)p[0] << 8 | p[1]; }
inline long be32(const uint8_t *p) { return (long)p[0] << 24 | (long)p[1] << 16 | (long)p[2] << 8 | p[3]; }

// A PNG is chunks (length, type, data, CRC) from the signature to IEND;
// libpng refuses most cuts, but walking them costs nothing and says so.
void probe_png(const uint8_t *b, size_t n, header *hd)
{
    hd->kind = PIC_PNG;
    hd->complete = false;
    if (n >= 24) {
        hd->w = be32(b + 16);
        hd->h = be32(b + 20);
    }
    size_t i = 8;
    while (i + 12 <= n) {
        size_t len = (size_t)be32(b + i);
        if (len > n - i - 12)
            return;
        if (!std::memcmp(b + i + 4, "IEND", 4)) {
            hd->complete = true;
            return;
        }
        i += 12 + len;
    }
}

// A JPEG is marker segments from SOI to EOI, each scan (SOS) followed by
// its entropy-coded data, which ends at the next marker that is not a
// stuffed byte (FF 00) or a restart (FF D0..D7). libjpeg only warns
// ("Premature end of JPEG file") when the data stops early and fills the
// rest grey, so a JPEG that reaches no EOI is refused here. Bytes after the
// EOI (some cameras append data) are no part of the picture.
void probe_jpeg(const uint8_t *b, size_t n, header *hd)
{
    hd->kind = PIC_JPEG;
    hd->complete = false;
    int scans = 0;
    size_t i = 2;
    while (i + 1 < n) {
        if (b[i] != 0xFF) { // stray bytes between segments: libjpeg skips them too
            i++;
            continue;
        }
        uint8_t m = b[i + 1];
        if (m == 0xFF) { // fill byte before a marker
            i++;
            continue;
        }
        if (m == 0xD9) {
            hd->complete = true;
            break;
        }
        if (m == 0x00 || m == 0x01 || m == 0xD8 || (m >= 0xD0 && m <= 0xD7)) {
            i += 2;
            continue;
        }
        if (i + 4 > n)
            break;
        size_t len = (size_t)be16(b + i + 2);
        if (len < 2 || len > n - i - 2)
            break;
        const uint8_t *seg = b + i + 4;
        // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC && len >= 8) {
            hd->h = be16(seg + 1);
            hd->w = be16(seg + 3);
            // Progressive (C2, C6, CA, CE) keeps every coefficient until the end.
            hd->buffered = hd->buffered || (m & 3) == 2;
            int comps = seg[5], hmax = 1, vmax = 1;
            if (len >= 8 + 3 * (size_t)comps) {
                for (int c = 0; c < comps; c++) {
                    hmax = std::max(hmax, seg[7 + 3 * c] >> 4);
                    vmax = std::max(vmax, seg[7 + 3 * c] & 15);
                }
                double coef = 0;
                for (int c = 0; c < comps; c++) {
                    int hs = std::max(1, seg[7 + 3 * c] >> 4), vs = std::max(1, seg[7 + 3 * c] & 15);
                    double cw = std::ceil((double)hd->w * hs / hmax), ch = std::ceil((double)hd->h * vs / vmax);
                    coef += std::ceil(cw / 8) * std::ceil(ch / 8) * 64 * 2;
                }
                hd->coef_bytes = coef;
            }
        }
        i += 2 + len;
        if (m == 0xDA) {
            // A second scan (progressive, or components sent one by one)
            // also makes libjpeg buffer the whole image.
            if (++scans > 1)
                hd->buffered = true;
            while (i + 1 < n && !(b[i] == 0xFF && b[i + 1] != 0x00 && !(b[i + 1] >= 0xD0 && b[i + 1] <= 0xD7)))
                i++;
        }
    }
}

header probe(const std::vector<uint8_t> &b)
{
    header hd;
    if (b.size() >= 8 && !std::memcmp(b.data(), "\x89PNG\r\n\x1a\n", 8))
        probe_png(b.data(), b.size(), &hd);
    else if (b.size() >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF)
        probe_jpeg(b.data(), b.size(), &hd);
    return hd;
}

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

// Check the header against the caps, then decode (imdecode turns the
// picture by its EXIF orientation, as imread does).
static int decode(const std::vector<uint8_t> &bytes, long max_pixels, sei_image *out, char *err, size_t errlen)
{
    if (bytes.empty()) {
        set_err(err, errlen, "the file is empty");
        return -1;
    }
    if (max_pixels <= 0 || max_pixels > SEI_CV_FULL_PIXELS)
        max_pixels = SEI_CV_FULL_PIXELS;
    header hd = probe(bytes);
    char why[160];
    if (hd.w > 0 && hd.h > 0) {
        double px = (double)hd.w * (double)hd.h;
        if (px > (double)SEI_CV_MAX_PIXELS) {
            std::snprintf(why, sizeof why, "more than Seichi decodes (%ld megapixels)", SEI_CV_MAX_PIXELS / 1000000);
            too_large(err, errlen, hd.w, hd.h, why);
            return -1;
        }
        // A baseline JPEG decodes straight to the reduced scale; anything
        // else holds the whole picture (or a JPEG's coefficients) first.
        double whole = hd.kind == PIC_JPEG ? (hd.buffered ? hd.coef_bytes : 0) : 3 * px;
        if (whole > (double)SEI_CV_DECODE_BYTES) {
            std::snprintf(why, sizeof why, "decoding it takes %.0f MB, more than Seichi allows (%ld MB)", whole / 1e6,
                          SEI_CV_DECODE_BYTES / 1000000);
            too_large(err, errlen, hd.w, hd.h, why);
            return -1;
        }
    }
    if (!hd.complete) {
        set_err(err, errlen,
                hd.kind == PIC_JPEG ? "the JPEG is truncated (its data ends before the image's end marker)"
                                    : "the PNG is truncated (its data ends before the IEND chunk)");
        return -1;
    }
    cv::Mat m;
    {
        cap_guard guard((size_t)SEI_CV_DECODE_BYTES);
        try {
            m = cv::imdecode(bytes, hd.w > 0 ? reduce_flag(hd.w, hd.h, max_pixels) : cv::IMREAD_COLOR);
        } catch (const cv::Exception &) {
            if (!refused_h)
                throw;
        }
        if (refused_h) {
            std::snprintf(why, sizeof why, "decoding it takes more than Seichi allows (%ld MB)",
                          SEI_CV_DECODE_BYTES / 1000000);
            too_large(err, errlen, refused_w, refused_h, why);
            return -1;
        }
    }
    // Formats whose header Seichi does not read come out whole: shrink.
    if (!m.empty() && (double)m.cols * m.rows > (double)max_pixels) {
        double f = std::sqrt((double)max_pixels / ((double)m.cols * m.rows));
        cv::Mat small;
        cv::resize(m, small, cv::Size(std::max(1, (int)(m.cols * f)), std::max(1, (int)(m.rows * f))), 0, 0,
                   cv::INTER_AREA);
        m = small;
    }
    return keep(m, out, err, errlen);
}

static int file_too_large(char *err, size_t errlen)
{
    char msg[96];
    std::snprintf(msg, sizeof msg, "the file is larger than Seichi reads (%ld MiB)", SEI_CV_MAX_FILE_BYTES >> 20);
    set_err(err, errlen, msg);
    return -1;
}

extern "C" int sei_cv_load(const char *path, long max_pixels, sei_image *out, char *err, size_t errlen)
{
    try {
        std::memset(out, 0, sizeof *out);
        FILE *f = std::fopen(path, "rb");
        if (!f) {
            set_err(err, errlen, "cannot open the file");
            return -1;
        }
        std::vector<uint8_t> bytes;
        // A regular file's size is known before reading it; the loop below
        // still stops at the cap for anything else (a pipe).
        struct stat st;
        if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
            if (st.st_size > SEI_CV_MAX_FILE_BYTES) {
                std::fclose(f);
                return file_too_large(err, errlen);
            }
            bytes.reserve((size_t)st.st_size);
        }
        uint8_t chunk[65536];
        size_t got;
        while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) {
            if (bytes.size() + got > (size_t)SEI_CV_MAX_FILE_BYTES) {
                std::fclose(f);
                return file_too_large(err, errlen);
            }
            bytes.insert(bytes.end(), chunk, chunk + got);
        }
        int bad = std::ferror(f);
        std::fclose(f);
        if (bad) {
            set_err(err, errlen, "cannot read the file");
            return -1;
        }
        return decode(bytes, max_pixels, out, err, errlen);
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while decoding");
    }
    sei_image_free(out);
    return -1;
}

extern "C" int sei_cv_decode(const uint8_t *data, size_t len, long max_pixels, sei_image *out, char *err, size_t errlen)
{
    try {
        std::memset(out, 0, sizeof *out);
        if (len > (size_t)SEI_CV_MAX_FILE_BYTES)
            return file_too_large(err, errlen);
        std::vector<uint8_t> bytes(data, data + len);
        return decode(bytes, max_pixels, out, err, errlen);
    } catch (const std::exception &e) {
        set_err(err, errlen, e.what());
    } catch (...) {
        set_err(err, errlen, "unknown error while decoding");
    }
    sei_image_free(out);
    return -1;
}

extern "C" int sei_cv_save(const char *path, const sei_image *img, char *err, size_t errlen)
{
    try {
        if (!cv::imwrite(path, view(img))) {
            set_err(err, errlen, "cannot write the picture");
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
                too_large(err, errlen, refused_w, refused_h, why);
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
