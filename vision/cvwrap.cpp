// cvwrap.cpp - every use of OpenCV in the seichi program (core, imgproc,
// dnn), behind the C functions of cvwrap.h; imgcodecs and videoio are
// only in the plugin (cvio_plugin.cpp). Views are wrapped as cv::Mat
// headers without copying; each entry point catches everything, since a
// C caller cannot.
#include "cvwrap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include "cvmat.hpp"

namespace {

using sei::view;

void set_err(char *err, size_t n, const char *what)
{
    if (err && n)
        std::snprintf(err, n, "%s", what);
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
        return sei::own(out, dst, sei_image_alloc);
    } catch (...) {
        sei_image_free(dst);
        return -1;
    }
}

} // namespace

extern "C" int sei_cv_resize(const sei_image *src, sei_image *dst, int w, int h)
{
    // No larger either way and smaller by other than whole ratios (which
    // OpenCV's area resize takes by a fast path of its own): by area, the
    // bytes INTER_AREA gives, in about half its time (shrink.c).
    bool whole = w > 0 && h > 0 && src->width % w == 0 && src->height % h == 0;
    if (!whole && w > 0 && h > 0 && w <= src->width && h <= src->height)
        return sei_image_shrink(src, dst, w, h);
    return produce(dst, [&](cv::Mat &out) {
        bool shrink = w < src->width || h < src->height;
        cv::resize(view(src), out, cv::Size(w, h), 0, 0, shrink ? cv::INTER_AREA : cv::INTER_LINEAR);
        return true;
    });
}

extern "C" int sei_cv_resize_opencv(const sei_image *src, sei_image *dst, int w, int h)
{
    return produce(dst, [&](cv::Mat &out) {
        cv::resize(view(src), out, cv::Size(w, h), 0, 0, cv::INTER_AREA);
        return true;
    });
}

extern "C" int sei_cv_lab_opencv(const sei_image *src, sei_image *dst)
{
    return produce(dst, [&](cv::Mat &out) {
        if (src->channels != 3)
            return false;
        cv::cvtColor(view(src), out, cv::COLOR_BGR2Lab);
        return true;
    });
}

extern "C" int sei_cv_convert(const sei_image *src, sei_image *dst, int to)
{
    // Lab from lab.c: OpenCV's bytes without its tables' 130-190 ms set-up.
    if (to == SEI_CV_LAB && src->channels == 3)
        return sei_image_lab(src, dst);
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
        else
            return false;
        return true;
    });
}

extern "C" int sei_cv_phase_shift(const sei_image *a, const sei_image *b, double *dx, double *dy, double *response)
{
    try {
        *dx = *dy = *response = 0;
        if (a->channels != 1 || b->channels != 1 || a->width != b->width || a->height != b->height || a->width < 8 ||
            a->height < 8)
            return -1;
        cv::Mat fa, fb, win;
        view(a).convertTo(fa, CV_32F);
        view(b).convertTo(fb, CV_32F);
        cv::createHanningWindow(win, fa.size(), CV_32F);
        cv::Point2d d = cv::phaseCorrelate(fa, fb, win, response);
        *dx = d.x;
        *dy = d.y;
        return 0;
    } catch (...) {
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

extern "C" int sei_cv_align_homography(const sei_image *a, const sei_image *b, const double quad[4][2], double H[9],
                                       int iters, int smooth, double *cc)
{
    try {
        *cc = 0;
        if (a->channels != 1 || b->channels != 1 || a->width != b->width || a->height != b->height || a->width < 8 ||
            a->height < 8 || iters < 1 || smooth < 1 || smooth % 2 == 0 || H[8] == 0)
            return -1;
        cv::Mat w(3, 3, CV_32F), mask;
        for (int i = 0; i < 9; i++)
            w.at<float>(i / 3, i % 3) = (float)(H[i] / H[8]);
        mask = cv::Mat(a->height, a->width, CV_8U, cv::Scalar(quad ? 0 : 255));
        if (quad) {
            cv::Point pts[4];
            for (int i = 0; i < 4; i++)
                pts[i] = cv::Point((int)std::lround(quad[i][0]), (int)std::lround(quad[i][1]));
            cv::fillConvexPoly(mask, pts, 4, cv::Scalar(255));
        }
        *cc = cv::findTransformECC(view(a), view(b), w, cv::MOTION_HOMOGRAPHY,
                                   cv::TermCriteria(cv::TermCriteria::COUNT + cv::TermCriteria::EPS, iters, 1e-5),
                                   mask, smooth);
        for (int i = 0; i < 9; i++)
            H[i] = w.at<float>(i / 3, i % 3);
        return 0;
    } catch (...) {
        *cc = 0;
        return -1;
    }
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

extern "C" int sei_cv_blur(const sei_image *src, sei_image *dst, double sigma)
{
    return produce(dst, [&](cv::Mat &out) {
        cv::GaussianBlur(view(src), out, cv::Size(0, 0), sigma, sigma, cv::BORDER_REPLICATE);
        return true;
    });
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

extern "C" int sei_cv_join_lines(const sei_image *gray, sei_image *dst, int length, int angles)
{
    return produce(dst, [&](cv::Mat &out) {
        if (gray->channels != 1 || length < 2 || angles < 1)
            return false;
        int side = length | 1, c = side / 2;
        /* A line's mean as a sum of shifted copies of the picture, one per
         * pixel of the line, in integers: filter2D with the line as a
         * kernel of side x side took the Fourier route from 11 pixels on,
         * ten times slower (300 ms for a 1000x750 picture at 15). */
        int depth = side * 255 <= 65535 ? CV_16U : CV_32S;
        cv::Mat pad, sum, mean, best;
        cv::copyMakeBorder(view(gray), pad, c, c, c, c, cv::BORDER_REPLICATE);
        pad.convertTo(pad, depth);
        for (int a = 0; a < angles; a++) {
            double t = CV_PI * a / angles, dx = std::cos(t) * c, dy = std::sin(t) * c;
            cv::Mat k = cv::Mat::zeros(side, side, CV_8U);
            cv::line(k, cv::Point((int)std::lround(c - dx), (int)std::lround(c - dy)),
                     cv::Point((int)std::lround(c + dx), (int)std::lround(c + dy)), cv::Scalar(1), 1, cv::LINE_8);
            sum = cv::Mat::zeros(gray->height, gray->width, depth);
            int n = 0;
            for (int j = 0; j < side; j++)
                for (int i = 0; i < side; i++)
                    if (k.at<uchar>(j, i)) {
                        cv::add(sum, pad(cv::Rect(i, j, gray->width, gray->height)), sum);
                        n++;
                    }
            sum.convertTo(mean, CV_32F, 1.0 / n);
            if (a == 0)
                best = mean.clone();
            else
                cv::max(best, mean, best);
        }
        cv::normalize(best, best, 0, 255, cv::NORM_MINMAX);
        best.convertTo(out, CV_8U);
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

extern "C" int sei_cv_net_run(sei_cv_net *net, const float *in, int n, int c, int h, int w, float *out, int kmax,
                              int *k, char *err, size_t errlen)
{
    try {
        const int shape[4] = {n, c, h, w};
        cv::Mat blob(4, shape, CV_32F, const_cast<float *>(in));
        net->net.setInput(blob);
        cv::Mat res = net->net.forward();
        size_t per = n > 0 ? res.total() / (size_t)n : 0;
        if (n <= 0 || per < 1 || per > (size_t)kmax || res.total() != (size_t)n * per || res.type() != CV_32F) {
            set_err(err, errlen, "the model gives an output of another shape");
            return -1;
        }
        *k = (int)per;
        std::memcpy(out, res.ptr<float>(), sizeof(float) * res.total());
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
// From the learned stone finder when there is one: the peaks of its black
// and white probabilities. Else two masks, black stones and white ones,
// and the round blobs in them, the masks from thresholds: black stones are
// dark in every channel (the largest of B, G, R is low) and white ones
// bright in every channel (the smallest is high), where wood, lit any
// colour, has one low channel (blue) and one high (red), each picture
// split by Otsu's threshold. An opening takes thin grid lines out of the
// masks; the distance transform's local maxima are the centres of round
// blobs, its value their radius, so stones that touch still come apart.

namespace {
struct blob_peak {
    float r;
    int x, y;
};

// The round blobs of mask (255 on), largest first, none within suppress
// radii of one taken before (taken is updated), appended to found as x, y,
// radius, sign.
void round_blobs(cv::Mat &mask, const sei_cv_blob_params *p, double diag, float sign, cv::Mat &taken,
                 std::vector<float> &found)
{
    double rmin = std::max(p->min_radius_px, 1.0), rmax = p->max_radius * diag;
    cv::Mat k = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(p->open_px | 1, p->open_px | 1));
    cv::morphologyEx(mask, mask, cv::MORPH_OPEN, k);
    // Highlights on a glossy stone punch small holes in its blob: fill
    // holes smaller than a small stone (an eye of wood ringed by stones is
    // larger and stays).
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
    std::vector<blob_peak> peaks;
    for (int y = 1; y < dt.rows - 1; y++) {
        const float *d = dt.ptr<float>(y), *m = dil.ptr<float>(y);
        for (int x = 1; x < dt.cols - 1; x++)
            if (d[x] >= rmin && d[x] <= rmax && d[x] >= m[x])
                peaks.push_back({d[x], x, y});
    }
    std::sort(peaks.begin(), peaks.end(), [](const blob_peak &a, const blob_peak &b) { return a.r > b.r; });
    for (const blob_peak &q : peaks) {
        if (taken.at<uint8_t>(q.y, q.x))
            continue;
        // Round, not a slab of shadow or table: some of eight points just
        // beyond the radius fall outside the mask.
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
        found.insert(found.end(), {(float)q.x, (float)q.y, q.r, sign});
    }
}

// The stone finder's candidates over src: its output (neither, black,
// white, at half the input's resolution) gives each colour's probability;
// a candidate is a local peak of it (lightly smoothed) of at least
// p->finder_at, at the probability-weighted centre of the peak's 3x3
// cells. Its radius: the distance transform of that colour's mask at the
// peak, over the share of a stone the finder marks (p->finder_inner), but
// at most half the way to the nearest other candidate (touching stones'
// masks run together). Appended to found as x, y, radius, sign; at most
// max of them (the radii's pairwise search stays bounded on any picture).
bool finder_peaks(sei_cv_net *finder, const cv::Mat &src, const sei_cv_blob_params *p, size_t max,
                  std::vector<float> &found)
{
    cv::Mat in;
    src.convertTo(in, CV_32F, 1.0 / 255, -0.5);
    cv::Mat blob = cv::dnn::blobFromImage(in);
    finder->net.setInput(blob);
    cv::Mat out = finder->net.forward();
    if (out.dims != 4 || out.size[0] != 1 || out.size[1] != 3)
        return false;
    int h = out.size[2], w = out.size[3];
    cv::Mat l[3];
    for (int c = 0; c < 3; c++)
        l[c] = cv::Mat(h, w, CV_32F, out.ptr<float>(0, c));
    size_t first = found.size();
    for (int c = 1; c <= 2; c++) {
        // Softmax of three: p_c = 1 / (1 + exp(l_a - l_c) + exp(l_b - l_c)).
        cv::Mat e0, e1, prob, sm, dil, mask, dt;
        cv::exp(l[0] - l[c], e0);
        cv::exp(l[3 - c] - l[c], e1);
        cv::divide(1.0, 1.0 + e0 + e1, prob);
        cv::GaussianBlur(prob, sm, cv::Size(3, 3), 0.7);
        cv::dilate(sm, dil, cv::Mat());
        mask = prob >= p->finder_at;
        cv::distanceTransform(mask, dt, cv::DIST_L2, 3);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                float v = sm.at<float>(y, x);
                if (v < p->finder_at || v < dil.at<float>(y, x) || (found.size() - first) / 4 >= max)
                    continue;
                double sw = 0, sx = 0, sy = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int xx = x + dx, yy = y + dy;
                        if (xx < 0 || yy < 0 || xx >= w || yy >= h)
                            continue;
                        double q = sm.at<float>(yy, xx);
                        sw += q, sx += q * xx, sy += q * yy;
                    }
                // Output cell j is centred on input pixel 2j.
                float r = 2 * std::max(dt.at<float>(y, x), 1.0f) / (float)p->finder_inner;
                found.insert(found.end(), {(float)(2 * sx / sw), (float)(2 * sy / sw), r, c == 1 ? 1.0f : -1.0f});
            }
    }
    for (size_t i = first; i < found.size(); i += 4) {
        double near = 1e18;
        for (size_t j = first; j < found.size(); j += 4) {
            if (j == i)
                continue;
            // The squared distance (with room for rounding) passes over
            // the far candidates before hypot, the costly part.
            float dx = found[i] - found[j], dy = found[i + 1] - found[j + 1];
            if ((double)dx * dx + (double)dy * dy > near * near * (1 + 1e-6))
                continue;
            near = std::min(near, (double)std::hypot(dx, dy));
        }
        found[i + 2] = (float)std::min((double)found[i + 2], near / 2);
    }
    return true;
}
} // namespace

extern "C" int sei_cv_stone_blobs(const sei_image *bgr, const sei_cv_blob_params *p, sei_cv_net *finder, float *out,
                                  int max, int *n)
{
    *n = 0;
    try {
        if (bgr->channels != 3)
            return -1;
        cv::Mat src = view(bgr);
        double diag = std::hypot((double)bgr->width, (double)bgr->height);
        std::vector<float> found;
        if (finder) {
            if (!finder_peaks(finder, src, p, (size_t)std::max(max, 0), found))
                return -1;
        } else {
            cv::Mat masks[2];
            std::vector<cv::Mat> ch;
            cv::split(src, ch);
            cv::Mat hi, lo;
            cv::max(ch[0], ch[1], hi);
            cv::max(hi, ch[2], hi);
            cv::min(ch[0], ch[1], lo);
            cv::min(lo, ch[2], lo);
            // Whiteness: the smallest channel less the spread between
            // channels, so pale wood (bright but yellow) falls far below a
            // white stone (bright and grey), and the cells of wood between
            // grid lines do not pass for white stones.
            cv::Mat spread;
            cv::subtract(hi, lo, spread);
            cv::subtract(lo, spread, lo);
            cv::threshold(hi, masks[0], 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
            cv::threshold(lo, masks[1], 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
            cv::Mat taken = cv::Mat::zeros(src.size(), CV_8U);
            round_blobs(masks[0], p, diag, 1.0f, taken, found);
            round_blobs(masks[1], p, diag, -1.0f, taken, found);
        }
        *n = (int)std::min(found.size() / 4, (size_t)std::max(max, 0));
        std::copy(found.begin(), found.begin() + 4 * (size_t)*n, out);
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
    p->finder_at = 0.5;
    p->finder_inner = 0.6;
}
