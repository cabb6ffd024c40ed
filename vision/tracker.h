/* tracker.h - following one board from frame to frame: the one tracker
 * behind the kiosk's live view and the game recorder (`seichi record`).
 *
 * A still photo is read from scratch (vision.h); a camera over a board sees
 * the same board many times a second, so the tracker finds it once, locks
 * its geometry and from then on reads the stones on that lattice, each
 * point against how that point itself looked empty. The stages of a step,
 * each timed (sei_tracker_state.stage_ms):
 *   motion    the frame against the last (motion.h), around the board once
 *             it is locked: while anything moves (a hand, an arm, a
 *             sleeve) nothing is read;
 *   search    the whole picture searched for the board (the reader): until
 *             the geometry is locked; then every search_every still frames
 *             and on the first still frame after motion when asked (the
 *             live view), and whenever a steady reading is far from the
 *             position expected or the picture around the board changed
 *             all over since the last steady one (the board was bumped or
 *             slid). A board
 *             found again is taken in whichever of its four turns best
 *             matches that position; the locked board moved by the
 *             picture's own shift since the last steady frame (phase
 *             correlation over the board and each quarter of it) competes
 *             with those turns, for a board small in the frame that the
 *             search misses or finds wrong;
 *   read      the stones read on the locked lattice (a few ms);
 *   classify  each point by the stone rule (vision.h) against its own
 *             empty look, learnt when it was seen empty, with any change
 *             of light over the whole board (the median change of the
 *             points expected empty) taken out first; points never seen
 *             empty keep the reader's own call;
 *   vote      a reading is steady after stable_frames identical readings
 *             in a row (a hand held still for a frame or two never is).
 * The position expected is the caller's (the recorded game) when it gives
 * one, else the last steady reading. */
#ifndef SEI_TRACKER_H
#define SEI_TRACKER_H

#include <stdint.h>

#include "image.h"
#include "motion.h"
#include "vision.h"

enum { SEI_TRACK_MOTION = 0, SEI_TRACK_SEARCH, SEI_TRACK_READ, SEI_TRACK_CLASSIFY, SEI_TRACK_STAGES };

/* Tunables, with their defaults from sei_tracker_params_default (the
 * recorder's; the live view's differences are noted). */
typedef struct {
    sei_vision_params vision;  /* the reader's own; its classifier SEI_CLASSIFIER_RULES: the tracker
                                  reads many times a second and classifies by the stone rule */
    double motion;             /* mean grey change per sampled point, flicker taken out, that counts
                                  as motion (5; the live view 7: a preview may read a hand's edge) */
    double motion_around;      /* once locked, motion is measured only over the board's bounding box
                                  widened by this share of its size on each side (0.5: hands reach in
                                  from beyond the board, the end-of-game stones go just outside it);
                                  before, over the whole frame */
    int stable_frames;         /* identical readings in a row that make a steady one (3) */
    int lock_frames;           /* with auto_lock: searches in a row finding the same board (size, and
                                  corners within lock_move) before its geometry is locked (3; the
                                  live view 1, so the grid shows at once) */
    int auto_lock;             /* 1: lock by itself, the reading's own empty points learnt; 0: the
                                  caller decides when the board is at its start (sei_tracker_lock) (0) */
    double lock_move;          /* corners that moved more than this share of the frame's diagonal are
                                  another placement of the board (0.015: below it, a search's own
                                  jitter) */
    double lock_move_cells;    /* ... or more than this share of a cell (its side's length over the
                                  lines' count, the shortest side): a board a third of an 800x600
                                  frame has cells of 14 pixels, and a bump that moves it by most of
                                  a cell moves it less than lock_move (0.3: over `bench record`'s games a
                                  search's jitter on a still board was at most 0.05 of a cell, a
                                  board moved 0.76 or more) */
    int search_every;          /* while locked and still, search the picture again every this many
                                  frames (0: only when needed; the live view 15, so a board swapped for
                                  another is found) */
    int search_after_motion;   /* 1: the first still frame after motion searches (0; the live view 1:
                                  whatever moved may have been the board) */
    double bump_change;        /* a steady reading is searched again when the picture around the
                                  board changed from the last steady one by more than this (motion's
                                  measure; 3): a move changes a stone's worth of it (under 1), a bump
                                  or a knocked camera all of it (7 and more), and a few stones slid
                                  off the lattice would otherwise read as a take-back */
    int far_base, far_stones;  /* a steady reading differs from the expected position on more than
                                  far_base + stones / far_stones points: the board moved, search for it
                                  (6, 8: a move changes one point, with its captures a few more) */
    double follow;             /* each new steady reading teaches its empty points' look at this weight
                                  (0.1): the light drifts over a game; a point seen empty for the first
                                  time is learnt whole */
    int min_shift_points;      /* the light change is measured on at least this many points, else none
                                  is taken out (5) */
    int lost_searches;         /* with auto_lock: searches in a row that find no board before the
                                  geometry is forgotten (8) */
    double align_margin;       /* after a bump the board is also followed by the picture's own shift:
                                  the last steady frame is kept around the board, its box widened by
                                  this share of its size on each side (0.5: a bump slides a board by
                                  a few cells at most), */
    int align_side;            /* ... shrunk to at most this many pixels on its longer side (320:
                                  the shift is measured to a quarter of a pixel there), */
    double align_response;     /* ... and a shift is taken when the phase correlation's peak is at
                                  least this strong, about 0 to 1 (0.3: over `bench record`'s rendered
                                  bumps the whole box gave 0.6 to 0.95, but one at -0.02, a quarter
                                  where a stone was put 0.15 to 0.33; imago's t1 photos 0.1 to 0.6) */
    int align_iters;           /* that shift and turn then refined as a homography by ECC alignment
                                  over the board and half a cell beyond, at most this many steps (50;
                                  0: not refined): the quarters' fit left the far corner of a 19x19
                                  board a quarter of an 800x600 frame (cells of 5.5 pixels) near a
                                  cell off, */
    int align_smooth;          /* ... the pictures smoothed by a Gaussian this many pixels wide, odd
                                  (5, OpenCV's own default; on that game 3, 5 and 7 all read its 8
                                  moves, and 1 left the pictures agreeing at 0.78 only), */
    double align_cc;           /* ... and taken when the board's pictures then agree at least this
                                  well (their correlation, 0.9; that game's 0.96) */
    double align_drift;        /* ... and no corner moved more than this many cells from the first
                                  guess (1: a fit that went further has left the board's own place;
                                  on that game the quarters' guess left the far corner about 0.7 of a
                                  cell off, and the refinement moved it back) */
} sei_tracker_params;

void sei_tracker_params_default(sei_tracker_params *p);
/* The live view's differences from the recorder's defaults, on top of p
 * (its reader without the zoom stage's ink and joined looks, which cost a
 * frame with no board several readings more). */
void sei_tracker_params_live(sei_tracker_params *p);

/* What one step saw. */
typedef struct {
    int locked;                /* the geometry is known (size, corners) */
    int moving;                /* motion: nothing was read this frame */
    int searched;              /* the picture was searched for the board this frame */
    int read;                  /* a reading was made: grid and r are this frame's */
    int run;                   /* identical readings in a row, this one included */
    int steady;                /* run >= stable_frames */
    int locked_now;            /* event: the geometry was locked this frame */
    int found_again;           /* event: the board was found again elsewhere (after a bump) */
    int lost;                  /* a steady reading far from the expected position, the board not found
                                  again (knocked about, disturbed, or a hand held still) */
    int size;
    double corners[4][2];      /* the locked lattice's corner points (TL, TR, BR, BL, frame pixels) */
    uint8_t grid[SEI_MAX_SIZE][SEI_MAX_SIZE]; /* the reading: each point against its own look */
    uint8_t learnt[SEI_MAX_SIZE][SEI_MAX_SIZE]; /* 1: the point's empty look is known */
    sei_vision_result r;       /* the reader's own result on this frame (samples, its grid, times) */
    double motion;             /* the motion measured */
    double change;             /* the change around the board since the last steady frame (0 before one) */
    double stage_ms[SEI_TRACK_STAGES];
    double ms;                 /* the whole step */
} sei_tracker_state;

typedef struct sei_tracker sei_tracker;

/* A tracker with these parameters (NULL: the defaults). NULL when out of
 * memory. Free with sei_tracker_destroy; NULL is a no-op. */
sei_tracker *sei_tracker_create(const sei_tracker_params *p);
void sei_tracker_destroy(sei_tracker *t);
/* The message of the last failing call, owned by t. */
const char *sei_tracker_errmsg(const sei_tracker *t);

/* One frame (BGR). SEI_VISION_OK when the step went through (whatever it
 * saw: st says), or the reader's failure (NOMEM, ERROR, BADIMAGE) with a
 * message. No board found is not a failure: st->read is 0. */
sei_vision_status sei_tracker_step(sei_tracker *t, const sei_image *f, sei_tracker_state *st);

/* The position the caller expects on the board (size * size points, row by
 * row, SEI_EMPTY/BLACK/WHITE; copied), or NULL for none (the last steady
 * reading stands for it). */
void sei_tracker_expect(sei_tracker *t, const uint8_t *position);

/* Lock the geometry of the last search (its size and corners), reading f
 * on it and learning the empty look of the points position says are empty
 * (size * size, or NULL: those the reading found empty). Returns 0, or -1
 * when no search has found a board yet or f cannot be read. */
int sei_tracker_lock(sei_tracker *t, const sei_image *f, const uint8_t *position);
/* Forget the geometry and every learnt look. */
void sei_tracker_unlock(sei_tracker *t);

/* The reader inside (for reading other lattices on the same pictures: the
 * recorder watches the ring just outside the grid). */
sei_vision *sei_tracker_reader(sei_tracker *t);

#endif
