// camera.cpp - the Raspberry Pi camera through libcamera, behind camera.h;
// the only file that uses libcamera. Built with SEI_HAVE_LIBCAMERA when
// CMake finds libcamera; otherwise only the stub at the end is compiled, so
// "camera" still answers SEI_SOURCE_NODEVICE with a reason.
//
// libcamera delivers completed requests on its own thread. The kiosk wants
// the newest picture, not a queue of old ones, so the completion handler
// copies the frame into one "latest" slot and requeues its buffer at once;
// a grab waits briefly for a frame newer than the one it gave last.
#include "camera.h"

#include <cstdio>
#include <cstring>

namespace {

void set_err(char *err, size_t n, const char *what)
{
    if (err && n)
        std::snprintf(err, n, "%s", what);
}

} // namespace

#ifdef SEI_HAVE_LIBCAMERA

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <libcamera/libcamera.h>
#include <libcamera/version.h>

using namespace libcamera;

struct sei_camera {
    std::unique_ptr<CameraManager> cm;
    std::shared_ptr<Camera> cam;
    std::unique_ptr<CameraConfiguration> config;
    std::unique_ptr<FrameBufferAllocator> alloc;
    std::vector<std::unique_ptr<Request>> requests;
    std::map<int, std::pair<void *, size_t>> maps; // dmabuf fd -> mapping
    Stream *stream = nullptr;
    bool acquired = false, started = false;
    PixelFormat format;
    unsigned width = 0, height = 0, stride = 0;
    std::string desc;

    // Shared with libcamera's thread.
    std::mutex mu;
    std::condition_variable cv;
    std::vector<uint8_t> latest; // newest frame, as delivered (stride rows)
    unsigned long seq = 0, given = 0;
    // Exposure and white balance are locked once they have settled, so a
    // hand or a sleeve entering the picture does not change the board's
    // brightness and colour under the reader.
    unsigned long completed_frames = 0;
    bool locked = false;
    bool gone = false;
};

// Frames before exposure and white balance count as settled (about a
// second at 30 frames a second).
enum { SETTLE_FRAMES = 30 };

// The completion handler: keep this frame as the newest, requeue at once;
// once, after SETTLE_FRAMES, lock exposure and white balance where they are.
static void completed(sei_camera *c, Request *req)
{
    if (req->status() == Request::RequestCancelled)
        return;
    FrameBuffer *fb = req->findBuffer(c->stream);
    if (fb && fb->metadata().status == FrameMetadata::FrameSuccess && !fb->planes().empty()) {
        const FrameBuffer::Plane &p0 = fb->planes()[0];
        auto m = c->maps.find(p0.fd.get());
        // A YUV420 frame's Y plane, or the whole packed RGB plane: all the
        // conversion needs is stride * height bytes from plane 0.
        size_t need = (size_t)c->stride * c->height;
        if (m != c->maps.end() && (size_t)p0.offset + need <= m->second.second) {
            std::lock_guard<std::mutex> lock(c->mu);
            const uint8_t *src = (const uint8_t *)m->second.first + p0.offset;
            c->latest.assign(src, src + need);
            c->seq++;
        }
    }
    c->cv.notify_all();
    c->completed_frames++;
    bool lock_now = !c->locked && c->completed_frames >= SETTLE_FRAMES;
    std::optional<int32_t> exposure;
    std::optional<float> gain;
    float colour[2] = {0, 0};
    bool have_colour = false;
    if (lock_now) {
        // Read (and copy) before reuse(), which clears the request's metadata.
        exposure = req->metadata().get(controls::ExposureTime);
        gain = req->metadata().get(controls::AnalogueGain);
        std::optional<Span<const float, 2>> cg = req->metadata().get(controls::ColourGains);
        if (cg) {
            colour[0] = (*cg)[0];
            colour[1] = (*cg)[1];
            have_colour = true;
        }
    }
    req->reuse(Request::ReuseBuffers);
    if (lock_now) {
        ControlList &ctl = req->controls();
        // The values the algorithms settled on become fixed ones. libcamera
        // 0.5 replaced AeEnable with a mode per exposure control.
#if LIBCAMERA_VERSION_MAJOR > 0 || LIBCAMERA_VERSION_MINOR >= 5
        ctl.set(controls::ExposureTimeMode, controls::ExposureTimeModeManual);
        ctl.set(controls::AnalogueGainMode, controls::AnalogueGainModeManual);
#else
        ctl.set(controls::AeEnable, false);
#endif
        if (exposure)
            ctl.set(controls::ExposureTime, *exposure);
        if (gain)
            ctl.set(controls::AnalogueGain, *gain);
        ctl.set(controls::AwbEnable, false);
        if (have_colour)
            ctl.set(controls::ColourGains, Span<const float, 2>(colour));
        c->locked = true;
    }
    c->cam->queueRequest(req);
}

static void disconnected(sei_camera *c)
{
    std::lock_guard<std::mutex> lock(c->mu);
    c->gone = true;
    c->cv.notify_all();
}

static void teardown(sei_camera *c)
{
    if (c->cam) {
        if (c->started)
            c->cam->stop();
        c->cam->requestCompleted.disconnect();
        c->cam->disconnected.disconnect();
    }
    c->requests.clear();
    for (auto &m : c->maps)
        munmap(m.second.first, m.second.second);
    c->maps.clear();
    c->alloc.reset();
    if (c->cam && c->acquired)
        c->cam->release();
    c->config.reset();
    c->cam.reset();
    c->cm.reset(); // its destructor stops it, after the camera is released
}

static bool supported(const PixelFormat &f)
{
    return f == formats::RGB888 || f == formats::BGR888 || f == formats::XRGB8888 || f == formats::YUV420;
}

static sei_source_status start(sei_camera *c, char *err, size_t n)
{
    char msg[256];
    // libcamera logs every step at INFO to stderr; the kiosk's log wants
    // only real problems. Its logger reads this once, at its first message;
    // a level the user set is kept.
    setenv("LIBCAMERA_LOG_LEVELS", "*:ERROR", 0);
    c->cm = std::make_unique<CameraManager>();
    if (int r = c->cm->start()) {
        std::snprintf(msg, sizeof msg, "libcamera cannot start (%s)", std::strerror(-r));
        set_err(err, n, msg);
        c->cm.reset();
        return SEI_SOURCE_NODEVICE;
    }
    if (c->cm->cameras().empty()) {
        set_err(err, n, "no camera found (is the Pi camera connected and its ribbon cable seated?)");
        return SEI_SOURCE_NODEVICE;
    }
    c->cam = c->cm->cameras()[0];
    if (c->cam->acquire()) {
        set_err(err, n, "the camera is in use by another program");
        return SEI_SOURCE_NODEVICE;
    }
    c->acquired = true;

    // Viewfinder: continuous frames at a size the ISP scales to for free.
    c->config = c->cam->generateConfiguration({ StreamRole::Viewfinder });
    if (!c->config || c->config->empty()) {
        set_err(err, n, "the camera offers no viewfinder stream");
        return SEI_SOURCE_ERROR;
    }
    StreamConfiguration &sc = c->config->at(0);
    // RGB888 is B, G, R in memory (DRM order), as OpenCV's BGR; fall back
    // to what validate() picks when the pipeline cannot give it.
    sc.pixelFormat = formats::RGB888;
    sc.size = Size(1920, 1080);
    sc.bufferCount = 4;
    if (c->config->validate() == CameraConfiguration::Invalid || !supported(sc.pixelFormat)) {
        sc.pixelFormat = formats::YUV420;
        if (c->config->validate() == CameraConfiguration::Invalid || !supported(sc.pixelFormat)) {
            std::snprintf(msg, sizeof msg, "the camera offers no usable pixel format (got %s)",
                          sc.pixelFormat.toString().c_str());
            set_err(err, n, msg);
            return SEI_SOURCE_ERROR;
        }
    }
    if (c->cam->configure(c->config.get())) {
        set_err(err, n, "the camera refused its configuration");
        return SEI_SOURCE_ERROR;
    }
    c->stream = sc.stream();
    c->format = sc.pixelFormat;
    c->width = sc.size.width;
    c->height = sc.size.height;
    c->stride = sc.stride;
    unsigned bpp = c->format == formats::YUV420 ? 1 : c->format == formats::XRGB8888 ? 4 : 3;
    if (!c->width || !c->height || c->stride < c->width * bpp) {
        set_err(err, n, "the camera reported an impossible frame layout");
        return SEI_SOURCE_ERROR;
    }

    c->alloc = std::make_unique<FrameBufferAllocator>(c->cam);
    if (c->alloc->allocate(c->stream) <= 0) {
        set_err(err, n, "cannot allocate camera buffers");
        return SEI_SOURCE_ERROR;
    }
    for (const std::unique_ptr<FrameBuffer> &fb : c->alloc->buffers(c->stream)) {
        for (const FrameBuffer::Plane &p : fb->planes()) {
            int fd = p.fd.get();
            if (c->maps.count(fd))
                continue;
            off_t len = lseek(fd, 0, SEEK_END);
            void *a = len > 0 ? mmap(nullptr, (size_t)len, PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
            if (a == MAP_FAILED) {
                set_err(err, n, "cannot map camera buffers");
                return SEI_SOURCE_ERROR;
            }
            c->maps[fd] = { a, (size_t)len };
        }
        std::unique_ptr<Request> req = c->cam->createRequest();
        if (!req || req->addBuffer(c->stream, fb.get())) {
            set_err(err, n, "cannot create camera requests");
            return SEI_SOURCE_ERROR;
        }
        c->requests.push_back(std::move(req));
    }

    c->cam->requestCompleted.connect(c, [c](Request *r) { completed(c, r); });
    c->cam->disconnected.connect(c, [c]() { disconnected(c); });
    if (c->cam->start()) {
        set_err(err, n, "the camera would not start");
        return SEI_SOURCE_ERROR;
    }
    c->started = true;
    for (std::unique_ptr<Request> &r : c->requests)
        if (c->cam->queueRequest(r.get())) {
            set_err(err, n, "cannot queue camera requests");
            return SEI_SOURCE_ERROR;
        }

    // libcamera's model property moved into an std::optional after 0.0.x;
    // the camera's id is stable across versions and names the sensor too.
    std::snprintf(msg, sizeof msg, "Pi camera %s (%ux%u %s, libcamera %d.%d)", c->cam->id().c_str(), c->width,
                  c->height, c->format.toString().c_str(), LIBCAMERA_VERSION_MAJOR, LIBCAMERA_VERSION_MINOR);
    c->desc = msg;
    return SEI_SOURCE_OK;
}

extern "C" sei_source_status sei_camera_open(sei_camera **out, char *err, size_t n)
{
    sei_camera *c = nullptr;
    try {
        *out = nullptr;
        c = new sei_camera();
        sei_source_status st = start(c, err, n);
        if (st == SEI_SOURCE_OK) {
            *out = c;
            return st;
        }
        teardown(c);
        delete c;
        return st;
    } catch (const std::exception &e) {
        set_err(err, n, e.what());
    } catch (...) {
        set_err(err, n, "unknown error while opening the camera");
    }
    try {
        if (c)
            teardown(c);
    } catch (...) {
    }
    delete c;
    return SEI_SOURCE_ERROR;
}

extern "C" sei_source_status sei_camera_grab(sei_camera *c, sei_image *frame, char *err, size_t n)
{
    try {
        std::memset(frame, 0, sizeof *frame);
        if (!c) {
            set_err(err, n, "no camera");
            return SEI_SOURCE_ERROR;
        }
        std::unique_lock<std::mutex> lock(c->mu);
        // Three seconds covers the slowest exposure the kiosk would use.
        bool fresh = c->cv.wait_for(lock, std::chrono::seconds(3), [c] { return c->gone || c->seq != c->given; });
        if (c->gone) {
            set_err(err, n, "the camera was disconnected");
            return SEI_SOURCE_NODEVICE;
        }
        if (!fresh || c->latest.empty()) {
            set_err(err, n, "the camera stopped giving frames");
            return SEI_SOURCE_NODEVICE;
        }
        c->given = c->seq;
        std::vector<uint8_t> raw;
        raw.swap(c->latest); // the handler refills it; no copy under the lock
        lock.unlock();

        if (sei_image_alloc(frame, (int)c->width, (int)c->height, 3)) {
            set_err(err, n, "out of memory");
            return SEI_SOURCE_ERROR;
        }
        for (unsigned y = 0; y < c->height; y++) {
            const uint8_t *s = raw.data() + (size_t)y * c->stride;
            uint8_t *d = sei_image_row(frame, (int)y);
            if (c->format == formats::RGB888)
                std::memcpy(d, s, (size_t)c->width * 3);
            else
                for (unsigned x = 0; x < c->width; x++, d += 3) {
                    if (c->format == formats::YUV420) { // grey from luma
                        d[0] = d[1] = d[2] = s[x];
                    } else if (c->format == formats::XRGB8888) { // B G R X
                        d[0] = s[4 * x];
                        d[1] = s[4 * x + 1];
                        d[2] = s[4 * x + 2];
                    } else { // BGR888: R G B in memory
                        d[0] = s[3 * x + 2];
                        d[1] = s[3 * x + 1];
                        d[2] = s[3 * x];
                    }
                }
        }
        return SEI_SOURCE_OK;
    } catch (const std::exception &e) {
        set_err(err, n, e.what());
    } catch (...) {
        set_err(err, n, "unknown error while reading the camera");
    }
    sei_image_free(frame);
    return SEI_SOURCE_ERROR;
}

extern "C" const char *sei_camera_describe(const sei_camera *c)
{
    return c ? c->desc.c_str() : "no camera";
}

extern "C" void sei_camera_close(sei_camera *c)
{
    if (!c)
        return;
    try {
        teardown(c);
    } catch (...) {
    }
    delete c;
}

#else // no libcamera: "camera" is a device this build cannot have

struct sei_camera {
    int unused;
};

extern "C" sei_source_status sei_camera_open(sei_camera **out, char *err, size_t n)
{
    if (out)
        *out = nullptr;
    set_err(err, n, "no camera: Seichi was built without libcamera (install libcamera-dev and rebuild)");
    return SEI_SOURCE_NODEVICE;
}

extern "C" sei_source_status sei_camera_grab(sei_camera *, sei_image *frame, char *err, size_t n)
{
    if (frame)
        std::memset(frame, 0, sizeof *frame);
    set_err(err, n, "no camera: Seichi was built without libcamera");
    return SEI_SOURCE_NODEVICE;
}

extern "C" const char *sei_camera_describe(const sei_camera *)
{
    return "no camera (built without libcamera)";
}

extern "C" void sei_camera_close(sei_camera *c)
{
    (void)c;
}

#endif
