/* cvwrap.h - the C face of the C++ file through which the program uses
 * OpenCV's core, imgproc and dnn (cvwrap.cpp).
 *
 * Only plain C types cross this header: image views (image.h), arrays of
 * doubles and floats, strings. Each call catches every C++ exception inside
 * and turns it into a -1 return with a message in err (when given), so no
 * exception ever reaches C. Images that a call allocates are freed with
 * sei_image_free. */
#ifndef SEI_CVWRAP_H
#define SEI_CVWRAP_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"
/* Picture files (imageio.h) and video (cvio.h) are not OpenCV calls in
 * this program, but callers of the vision code find them here too. */
#include "cvio.h"
#include "imageio.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Threads OpenCV may use inside one call (1: the calling thread only, as
 * the benchmark measures "one core"). */
void sei_cv_threads(int n);

/* Resize src into a new image *dst of w x h (area averaging when
 * shrinking, linear when growing). */
int sei_cv_resize(const sei_image *src, sei_image *dst, int w, int h);
/* Convert BGR to one channel of grey, or to 3-channel HSV or Lab. */
enum { SEI_CV_GRAY = 0, SEI_CV_HSV, SEI_CV_LAB };
int sei_cv_convert(const sei_image *src, sei_image *dst, int to);
/* OpenCV's own area resize (INTER_AREA) and BGR to Lab, which
 * sei_cv_resize and sei_cv_convert take from shrink.c and lab.c instead:
 * for the tests that hold those to OpenCV's bytes. */
int sei_cv_resize_opencv(const sei_image *src, sei_image *dst, int w, int h);
int sei_cv_lab_opencv(const sei_image *src, sei_image *dst);
/* src smoothed with a Gaussian of the given sigma (pixels) into a new
 * image *dst of the same size and channels. */
int sei_cv_blur(const sei_image *src, sei_image *dst, double sigma);
/* Thin dark lines brought out: the morphological black-hat (closing minus
 * the picture) with a square kernel of the given odd size, stretched to the
 * full 0..255 range, into a new grey image. */
int sei_cv_blackhat(const sei_image *gray, sei_image *dst, int ksize);
/* Dotted lines joined: each pixel of a grey image becomes the largest of
 * its means along straight lines of the given length (pixels) through it,
 * in angles directions evenly spread over half a turn, into a new grey
 * image. A line of dots keeps its strength along its own direction; grain
 * and noise, short in every direction, fade. */
int sei_cv_join_lines(const sei_image *gray, sei_image *dst, int length, int angles);

/* How far the picture b is moved against a, both grey and of one size:
 * the phase correlation's peak (OpenCV's phaseCorrelate, a Hanning window
 * against the crops' edges), b(x + *dx, y + *dy) showing a(x, y). *response
 * gets the peak's strength, about 0 to 1 (near 1: one clear shift; low:
 * none, or the pictures differ). Returns 0, or -1. */
int sei_cv_phase_shift(const sei_image *a, const sei_image *b, double *dx, double *dy, double *response);
/* The homography H (row-major 3x3) that takes a's pixels to b's, both grey
 * and of one size, refined from the first guess in H by OpenCV's ECC
 * alignment (findTransformECC, homography motion, at most iters steps, the
 * pictures smoothed by a Gaussian smooth pixels wide, odd), over the part
 * of b inside the quadrilateral quad (b's pixels: OpenCV's mask is the
 * input picture's; NULL: all of b): b(H(x)) shows a(x). *cc gets the
 * correlation it reached (near 1: the pictures agree). Returns 0, or -1
 * when it does not converge (H as given). */
int sei_cv_align_homography(const sei_image *a, const sei_image *b, const double quad[4][2], double H[9], int iters,
                            int smooth, double *cc);

/* dst (allocated here, w x h, src's channels) samples src through H, which
 * maps dst coordinates to src coordinates. */
int sei_cv_warp(const sei_image *src, const double H[9], int w, int h, sei_image *dst);

/* Drawing on an image in place, for debug pictures and annotations. */
int sei_cv_line(sei_image *img, double x1, double y1, double x2, double y2, const uint8_t bgr[3], int thickness);
int sei_cv_circle(sei_image *img, double x, double y, double r, const uint8_t bgr[3], int thickness);
/* Fill a convex polygon of n points (x, y pairs). */
int sei_cv_fill(sei_image *img, const double *pts, int n, const uint8_t bgr[3]);
/* Text with a dark outline, readable on any picture. */
int sei_cv_text_outline(sei_image *img, double x, double y, const char *text, double scale, const uint8_t bgr[3]);

/* A trained network (OpenCV's dnn module) from ONNX bytes in memory, run
 * on the calling thread's CPU. NULL with a message when the bytes are not
 * a model OpenCV can run. Free with sei_cv_net_free (NULL is a no-op). */
typedef struct sei_cv_net sei_cv_net;
sei_cv_net *sei_cv_net_load(const uint8_t *onnx, size_t len, char *err, size_t errlen);
/* Run the network on n inputs of c x h x w floats (planar, one after
 * another) and write its n x k outputs to out, k (1..kmax, the network's
 * own) into *k. Returns 0, or -1 with a message (an output of another
 * shape included). */
int sei_cv_net_run(sei_cv_net *net, const float *in, int n, int c, int h, int w, float *out, int kmax, int *k,
                   char *err, size_t errlen);
void sei_cv_net_free(sei_cv_net *net);
/* Stone candidates, found before any lattice is known, with their centres
 * and radii: from the learned stone finder when one is given (vision/model/
 * train_stones.py), the peaks of its black and white probabilities; else
 * the round blobs of two masks made by thresholds, much darker (black: the
 * largest channel low) or much whiter (white: bright and grey, the
 * smallest channel less the spread between channels) than the rest, their
 * centres and radii from the distance transform, so touching stones come
 * apart. */
typedef struct {
    double min_radius_px; /* smaller blobs are noise (2) */
    double max_radius;    /* larger blobs (share of the diagonal) are no stones (0.04) */
    int open_px;          /* opening that takes grid lines out of the masks, pixels (3) */
    double ring;          /* roundness is tested this many radii from the centre (1.35) */
    int min_off;          /* at least this many of 8 points on that ring are off the blob (2) */
    double suppress;      /* no second centre within this many radii of one found (1.2) */
    double hole_area;     /* holes in a blob smaller than this (share of the diagonal squared:
                             highlights on glossy stones) are filled (0.00004) */
    double finder_at;     /* a finder's peak has at least this probability (0.5) */
    double finder_inner;  /* the finder marks this share of a stone's radius (0.6: what it was
                             trained to mark, so that touching stones stay apart) */
} sei_cv_blob_params;
void sei_cv_blob_params_default(sei_cv_blob_params *p);
/* Up to max blobs into out, 4 floats each: x, y, radius, and +1 for a dark
 * blob, -1 for a bright one; *n gets the count. finder: the stone finder's
 * network (sei_cv_net_load), or NULL for the thresholds. Returns 0, or -1. */
int sei_cv_stone_blobs(const sei_image *bgr, const sei_cv_blob_params *p, sei_cv_net *finder, float *out, int max,
                       int *n);

#ifdef __cplusplus
}
#endif

#endif
