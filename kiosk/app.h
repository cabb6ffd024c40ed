/* app.h - the kiosk: frames in, screens out, an agreed result stored.
 *
 * The app owns the frame source, the live view's board tracker (the one the
 * recorder uses, vision/tracker.h, on frames shrunk for speed), the full
 * reader at capture, the position being confirmed, the count
 * and the results store, and a worker thread (push.h) that sends each
 * stored result to the director's station and fetches the table's
 * pairing, so the screens never wait on the network. It draws through
 * ui/ and decides every rule through rules/. Time is passed in (sei_app_tick's now), so tests drive a
 * whole session with synthetic events and a synthetic clock. */
#ifndef SEI_APP_H
#define SEI_APP_H

#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "push.h"
#include "ui.h"

typedef struct {
    const char *source;      /* camera, webcam[:N], a picture, folder or video; NULL: the saved setting */
    const char *db;          /* the results database; NULL: the default in the user's data folder */
    const char *sample;      /* the bundled photo offered when there is no camera; NULL: none */
    int lang;                /* a sei_lang, or -1 for the saved setting */
    const char *export_to;   /* exports go here; NULL: a mounted USB stick, else exports/ beside the database */
    int live_side;           /* the live view's reader shrinks frames to this longest side (800) */
    double still_ms;         /* the board stays still this long before it is captured (900) */
    double retry_ms;         /* a missing camera is looked for again this often (3000) */
    double motion;           /* mean grey change per sampled pixel that counts as motion (7) */
    int autocapture;         /* 1: capture by itself once the board is still */
    double view_low;         /* the live view asks for the camera to be raised when the reader sees
                                the board from fewer degrees above it than this (SEI_VIEW_LOW, 40:
                                vision.h says why; 0: never) */
    double view_far;         /* and for it to come closer when the board's corner points span less
                                than this share of the picture (SEI_VIEW_FAR, 0.33; 0: never) */
    int search_every;        /* while nothing moves, search for the lattice again every this many
                                frames (15) and read the stones on the known one in between */
    const char *time_control; /* recorded games' time control (a --time-control string, "none");
                                NULL: the saved setting */
    int voice;               /* 1: the timekeeper's calls spoken (espeak-ng, SDL audio) (1) */
    sei_push_params push;    /* the director's station: timeouts, the retry's pauses, how often the
                                table's pairing is fetched (push.h) */
} sei_app_params;

void sei_app_params_default(sei_app_params *p);

typedef struct sei_app sei_app;

/* A kiosk drawing on r (and w, when it is a window; both borrowed). NULL
 * with the reason in err when the results store cannot be opened or a
 * font is missing. A missing camera is not an error: the app starts on
 * the "no camera" screen. Free with sei_app_destroy (NULL: no-op), which
 * leaves nothing half-written. */
sei_app *sei_app_create(SDL_Renderer *r, SDL_Window *w, const sei_app_params *p, char *err, size_t n);
void sei_app_destroy(sei_app *a);

/* Handle one event. Returns 1 when the app should end (window closed,
 * SIGTERM through SDL_QUIT). */
int sei_app_handle(sei_app *a, const SDL_Event *e);
/* Advance to time now (ms, any origin, not decreasing): on the live view,
 * take the newest frame, read it, and capture once it has been still.
 * Returns 1 when the screen changed and should be drawn. */
int sei_app_tick(sei_app *a, double now);
/* Draw the current screen (the caller presents it). */
void sei_app_draw(sei_app *a);
/* What sei_app_draw draws: the view of the current screen, its pointers
 * borrowed from a until the next call into it. */
void sei_app_view(sei_app *a, sei_ui_view *v);

/* Process-wide memory tuning for the kiosk (glibc's malloc), called once
 * at start by `seichi kiosk` and its benchmark. */
void sei_kiosk_memory_setup(void);

/* For tests and benchmarks. */
sei_ui_screen sei_app_screen(const sei_app *a);
const sei_ui *sei_app_ui(const sei_app *a);
int64_t sei_app_saved_id(const sei_app *a);                  /* the last result stored, 0 if none */
const sei_score *sei_app_score(const sei_app *a);            /* the last count */
const sei_board *sei_app_board(const sei_app *a);            /* the position on confirm (a judge's dead-stone screen: that one), or NULL */
const uint8_t *sei_app_dead(const sei_app *a);               /* its dead marks */
const uint8_t *sei_app_check(const sei_app *a);              /* points the camera was unsure of, still ringed */
const sei_fill_report *sei_app_fill(const sei_app *a);       /* the fill check's outcome on the last count, or NULL */
double sei_app_detect_ms(const sei_app *a);                  /* the last live reading's time */
int sei_app_searched(const sei_app *a);                      /* 1: it searched for the lattice */
const char *sei_app_status(const sei_app *a);                /* the status line, "" none */
const char *sei_app_export_dir(const sei_app *a);
struct sei_voice;
const struct sei_voice *sei_app_voice(const sei_app *a);      /* the timekeeper's voice (its log), or NULL */            /* the last export's folder, "" none */

#endif
