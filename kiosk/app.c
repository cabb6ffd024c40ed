/* app.c - the kiosk's state machine: live view, capture, confirm, count,
 * agree and store; settings; the "no camera" screen with its retry; and
 * the tournament's screens: the table and round on a number pad, the
 * players typed on the keyboard (stored with every result), the results
 * list and one result with its audit trail, and judge mode (the PIN
 * checked by the store, its changes made by the store's judge functions).
 *
 * One thread for the screens; the director's station is talked to by a
 * worker (push.h) whose state is copied on each tick. The live view follows the board with the board tracker
 * (vision/tracker.h, the recorder's), on frames shrunk for speed; the
 * capture rereads the frame at full size. A capture happens by
 * itself once the board has been found, unchanged and without motion for
 * still_ms, and only once per settled scene (after "back" or "resume
 * play" the scene must change first), or when someone taps Capture. */
#define _DEFAULT_SOURCE /* glob, open_memstream */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "app.h"
#include "cli.h"
#include "count.h"
#include "cvwrap.h"
#include "deadstones.h"
#include "lattice.h"
#include "push.h"
#include "recsess.h"
#include "voice.h"
#include "source.h"
#include "store.h"
#include "textbuf.h"
#include "tracker.h"
#include "vision.h"



struct sei_app {
    sei_app_params p;
    SDL_Renderer *r;
    sei_ui *ui;
    sei_store *store;
    char db_path[1024];
    sei_ui_screen screen;
    sei_ui_settings set;
    int camera_touched;              /* the camera choice was tapped since the settings screen opened */
    char status[160];
    double status_until, now;
    /* Source and live view. */
    sei_source *src;
    char src_spec[1024], src_error[400];
    int src_is_file;                 /* a picture file: its path is the photo's */
    int src_lost;                    /* the source opened, then failed (not: never opened) */
    int reread;                      /* the frame shown was not read by the live view (a recording
                                        had the source): read it before drawing a grid on it */
    double retry_at;
    sei_image frame, view;           /* the newest frame; a copy shrunk for the screen when big */
    int view_owned;
    sei_tracker *live;               /* the live view's board tracker (the recorder's kind, vision/tracker.h) */
    sei_vision *full;                /* the capture's reader */
    int live_size, full_size;        /* the size setting each was made for */
    sei_tracker_state track;         /* the live tracker's last step */
    sei_vision_result seen;          /* the live reading */
    int found, moving, unsure, fails;
    int searched;                    /* the last frame searched for the lattice */
    double detect_ms;
    double still_since;
    uint8_t last_grid[SEI_MAX_SIZE][SEI_MAX_SIZE];
    double last_corners[4][2];
    int have_last, last_size;
    int armed;                       /* an automatic capture may happen */
    uint8_t captured_grid[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int captured_size;
    int editing, corners_set;
    double corners[4][2];
    /* The position being confirmed; a->frame still holds the picture it
     * was read from, since the live view (the only reader of new frames)
     * is not running meanwhile. */
    sei_board *board;
    uint8_t dead[SEI_MAX_POINTS];
    uint8_t edited[SEI_MAX_POINTS];  /* points a person set by hand */
    uint8_t check[SEI_MAX_POINTS];   /* points the camera was unsure of, until a person touches them */
    int check_board;                 /* the camera was unsure of the board itself */
    int check_hidden;                /* a hand or an arm hid some of the points in check */
    sei_rules rules;
    int handicap;
    int komi_touched;                /* the players set the komi on the confirm screen: kept as they set it */
    sei_prisoners prisoners;
    sei_score score;
    int have_score;
    int resigned_winner;             /* the recorded game was won by resignation: this colour won */
    int won_on_time;                 /* ... won on time instead (the other lost on time) */
    int pris_given;                  /* the prisoners are known: from a recording, or set by hand */
    int pad_for, pad_value;          /* the number pad open for this colour's prisoners (0: closed) */
    int pad_then_count;              /* it was opened by Count, asking: count once both are in */
    int zoom_col, zoom_row, zoom_span; /* confirm: the part of a small-pointed board zoomed into (span 0: none) */
    int from_record;                 /* the position is a recorded game's end (rec_path) */
    double clock_pen[3];             /* Ing: the points the recording's clock took (2 a period begun) */
    int64_t saved_id;
    /* Ing's fill check (SEI_SCREEN_FILL) of the count on Result: the filled
     * board as read from a frame of the camera (never a->frame, which
     * stays the counted position's photo), its points read in doubt (by
     * board point, and named), the spares the players entered on the pad,
     * and the outcome as sei_fill_check states it; fill_have 0 until
     * then, and again after any new count. */
    sei_board *fill_board;
    uint8_t fill_grid[SEI_MAX_SIZE * SEI_MAX_SIZE];
    uint8_t fill_doubt[SEI_MAX_POINTS];
    int fill_unsure;
    char fill_points[120];
    int fill_spare[3];
    int fill_have;
    sei_fill_report fill;
    char export_dir[PATH_MAX];       /* the last export's folder */
    /* Recording a game (the Record screen). */
    sei_recsess *rs;
    char rec_path[PATH_MAX];
    double rec_t0;
    double pause_asked;              /* when Pause (or Resume) was tapped, the recording's seconds */
    int rec_moving, rec_lost;
    char rec_lines[6][64];
    char rec_alert[200];
    int rec_alert_is_call;           /* the alert is a timekeeper's call (the next call replaces it) */
    double rec_alert_until;
    int rec_away;                    /* the camera stopped mid-game: reopened now and then */
    /* The timekeeper's voice: made at the first timed recording, kept
     * (espeak-ng starts once); what it could not do is said once. */
    sei_voice *voice;
    int voice_tried, voice_told;
    char nocam_line[400];            /* why there are no pictures, in words, for the screen */
    /* The tournament: the table, round and event set in settings, the
     * players typed (or kept from the last game); every result stored
     * carries them. */
    sei_ident who;
    /* The number pad for a setting or the PIN, over the screen it was opened from. */
    int npad;                        /* NPAD_* */
    char npad_digits[SEI_PIN_MAX + 1];
    char npad_shown[3 * SEI_PIN_MAX + 1];
    char npad_title[96];
    /* The keyboard. */
    int kb_for;                      /* KB_* */
    sei_ui_screen kb_back;           /* the screen it returns to */
    char kb_text[SEI_IDENT_REASON + 1];
    char kb_edit[64];                /* an input method's composition */
    size_t kb_cap;                   /* bytes of UTF-8 the field takes */
    int kb_shift;
    char kb_title[96];
    /* The results list and one result. */
    int judge;                       /* judge mode: the PIN was right */
    char pin[SEI_PIN_MAX + 1];       /* held while in judge mode: each change checks it again */
    double judge_seen;               /* the last tap in judge mode, for the idle lock */
    char judge_name[SEI_IDENT_TEXT + 1]; /* who the audit trail names: typed after the PIN, each time */
    int list_first, list_total;
    int64_t list_ids[SEI_UI_ROWS];
    sei_ui_row rows[SEI_UI_ROWS];
    int nrows;
    int64_t open_id;
    sei_result_state open_state;
    int open_position;               /* the result opened has a position (its dead stones can be corrected) */
    /* A judge's dead stones on the opened result's position (SEI_SCREEN_DEAD). */
    sei_board *jboard;
    uint8_t jdead[SEI_MAX_POINTS];
    int jzoom_col, jzoom_row, jzoom_span;
    char detail[SEI_UI_DETAIL_LINES][200];
    char audit[SEI_UI_AUDIT_LINES][300];
    int ndetail, naudit;
    char list_title[96];
    /* A judge's change on its way: what, then the reason. */
    int pending;                     /* JACT_* */
    char pending_result[8];
    char pending_dead[SEI_MAX_SIZE * SEI_MAX_SIZE * 3 + 8]; /* the dead stones as SGF points, or "none" */
    sei_ident pending_who;
    int choice_kind;                 /* CHOICE_* */
    char choices[SEI_UI_CHOICES][120];
    int nchoices;
    char choice_title[96];
    /* The director's station: the worker, its state as last copied, the
     * address typed, a pairing asked for, the last pairing fetched and
     * applied to the table's round, names and handicap. */
    sei_pusher *pusher;
    sei_pusher_state ps;
    char station_addr[256];
    char station_line[400], station_alert[400];
    int enroll_pending, enroll_base;
    sei_push_status enroll_error;
    char enroll_why[256];
    int pairing_seen, pair_have, pair_handicap;
    sei_store_pairing pair_applied;
};

/* What the number pad, the keyboard and a pending judge's change are for. */
enum { NPAD_NONE = 0, NPAD_TABLE, NPAD_ROUND, NPAD_PIN, NPAD_CODE, NPAD_PAUSE, NPAD_SPARE_B, NPAD_SPARE_W };
enum { KB_NONE = 0, KB_EVENT, KB_BLACK, KB_WHITE, KB_FIX_BLACK, KB_FIX_WHITE, KB_REASON, KB_STATION, KB_JUDGE };
enum { JACT_NONE = 0, JACT_CONFIRM, JACT_VOID, JACT_RESULT, JACT_NAMES, JACT_DEAD };
enum { CHOICE_REASON = 0, CHOICE_RESULT };
/* Judge mode locks itself after this long without a tap. */
#define JUDGE_IDLE_MS 120000.0

static void who_load(sei_app *a);
/* snprintf for lines cut on purpose to their buffer (a name too long for a line of the screen). */
static void textf(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void textf(char *out, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, n, fmt, ap);
    va_end(ap);
}
static void npad_open(sei_app *a, int what);
static void list_open(sei_app *a);
static void judge_lock(sei_app *a);
static void judge_ask(sei_app *a);

void sei_app_params_default(sei_app_params *p)
{
    memset(p, 0, sizeof *p);
    p->lang = -1;
    p->live_side = 800;
    p->still_ms = 900;
    p->retry_ms = 3000;
    p->motion = 7;
    p->autocapture = 1;
    p->view_low = SEI_VIEW_LOW;
    p->view_far = SEI_VIEW_FAR;
    p->search_every = 15;
    p->voice = 1;
    sei_push_params_default(&p->push);
}

/* A message shown for a while: the status line (say) or, while
 * recording, what the players must do (rec_alert). */
static void show_for(char *buf, size_t n, double *until, double when, const char *fmt, va_list ap)
{
    vsnprintf(buf, n, fmt, ap);
    *until = when;
}

static void say(sei_app *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(sei_app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    show_for(a->status, sizeof a->status, &a->status_until, a->now + 4000, fmt, ap);
    va_end(ap);
}

/* ---- settings ------------------------------------------------------------------ */

/* The time control for recorded games from a --time-control string
 * ("" or "none": none). Returns 0, or -1 with why (set unchanged). */
static int tc_set(sei_app *a, const char *spec)
{
    sei_time_control tc;
    char why[200];
    if (!*spec || !strcmp(spec, "none")) {
        a->set.tc[0] = 0;
        return 0;
    }
    if (sei_time_control_parse(spec, &tc, why, sizeof why))
        return -1;
    sei_time_control_format(&tc, a->set.tc, sizeof a->set.tc);
    return 0;
}

/* The settings' time controls, tapped through in this order. */
static const char *const tc_presets[] = {"",           "byoyomi:60m+5x60s", "byoyomi:30m+3x30s", "canadian:30m+25/10m",
                                         "fischer:30m+20s", "ing:120m+3x20m",  "absolute:30m"};
#define TC_PRESETS (int)(sizeof tc_presets / sizeof tc_presets[0])

static void settings_load(sei_app *a)
{
    char v[256];
    sei_rules r;
    snprintf(a->set.rules, sizeof a->set.rules, "chinese");
    if (sei_store_setting_get(a->store, "rules", v, sizeof v) == SEI_STORE_OK && sei_rules_preset(&r, v) == 0)
        snprintf(a->set.rules, sizeof a->set.rules, "%s", r.name);
    sei_rules_preset(&r, a->set.rules);
    a->set.komi = r.komi;
    if (sei_store_setting_get(a->store, "komi", v, sizeof v) == SEI_STORE_OK) {
        char *end;
        double k = strtod(v, &end);
        if (end != v && !*end && fabs(k) < 1000)
            a->set.komi = k;
    }
    a->set.size = 0;
    if (sei_store_setting_get(a->store, "size", v, sizeof v) == SEI_STORE_OK) {
        int s = atoi(v);
        if (s == 9 || s == 13 || s == 19)
            a->set.size = s;
    }
    a->set.lang = SEI_LANG_EN;
    if (sei_store_setting_get(a->store, "lang", v, sizeof v) == SEI_STORE_OK && sei_ui_lang_parse(v) >= 0)
        a->set.lang = (sei_lang)sei_ui_lang_parse(v);
    snprintf(a->set.camera, sizeof a->set.camera, "camera");
    if (sei_store_setting_get(a->store, "camera", v, sizeof v) == SEI_STORE_OK && *v && strlen(v) < sizeof a->set.camera)
        memcpy(a->set.camera, v, strlen(v) + 1);
    /* Recorded games' time control: kept as its --time-control string,
     * written back the canonical way; one that does not read is none. */
    a->set.tc[0] = 0;
    if (sei_store_setting_get(a->store, "time_control", v, sizeof v) == SEI_STORE_OK)
        tc_set(a, v);
    who_load(a);
}

/* The table, round, event and players as the settings keep them ("table",
 * "round", "event", "black", "white"); a value that breaks the identity's
 * rules (a file edited by hand) is left out. */
static void who_load(sei_app *a)
{
    char v[SEI_IDENT_TEXT + 1], why[200];
    memset(&a->who, 0, sizeof a->who);
    if (sei_store_setting_get(a->store, "table", v, sizeof v) == SEI_STORE_OK)
        a->who.table = atoi(v);
    if (sei_store_setting_get(a->store, "round", v, sizeof v) == SEI_STORE_OK)
        a->who.round = atoi(v);
    static const struct {
        const char *key;
        size_t off;
    } text[] = {{"event", offsetof(sei_ident, event)},
                {"black", offsetof(sei_ident, black)},
                {"white", offsetof(sei_ident, white)}};
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        if (sei_store_setting_get(a->store, text[i].key, v, sizeof v) == SEI_STORE_OK &&
            sei_ident_text_ok(v, SEI_IDENT_TEXT, why, sizeof why) == 0)
            snprintf((char *)&a->who + text[i].off, SEI_IDENT_TEXT + 1, "%s", v);
    if (a->who.table < 0 || a->who.table > SEI_IDENT_MAX_TABLE)
        a->who.table = 0;
    if (a->who.round < 0 || a->who.round > SEI_IDENT_MAX_ROUND)
        a->who.round = 0;
}

static void who_save(sei_app *a)
{
    char num[16];
    int bad = 0;
    snprintf(num, sizeof num, "%d", a->who.table);
    bad |= sei_store_setting_set(a->store, "table", num) != SEI_STORE_OK;
    snprintf(num, sizeof num, "%d", a->who.round);
    bad |= sei_store_setting_set(a->store, "round", num) != SEI_STORE_OK;
    bad |= sei_store_setting_set(a->store, "event", a->who.event) != SEI_STORE_OK;
    bad |= sei_store_setting_set(a->store, "black", a->who.black) != SEI_STORE_OK;
    bad |= sei_store_setting_set(a->store, "white", a->who.white) != SEI_STORE_OK;
    if (bad)
        say(a, "%s", sei_store_errmsg(a->store));
}

static void settings_save(sei_app *a)
{
    char num[32];
    int bad = 0;
    bad |= sei_store_setting_set(a->store, "rules", a->set.rules) != SEI_STORE_OK;
    snprintf(num, sizeof num, "%g", a->set.komi);
    bad |= sei_store_setting_set(a->store, "komi", num) != SEI_STORE_OK;
    snprintf(num, sizeof num, "%d", a->set.size);
    bad |= sei_store_setting_set(a->store, "size", num) != SEI_STORE_OK;
    bad |= sei_store_setting_set(a->store, "lang", sei_ui_lang_code(a->set.lang)) != SEI_STORE_OK;
    bad |= sei_store_setting_set(a->store, "camera", a->set.camera) != SEI_STORE_OK;
    bad |= sei_store_setting_set(a->store, "time_control", a->set.tc[0] ? a->set.tc : "none") != SEI_STORE_OK;
    if (bad)
        say(a, "%s", sei_store_errmsg(a->store));
}

/* ---- the source ---------------------------------------------------------------- */

static void frame_clear(sei_app *a)
{
    if (a->view_owned)
        sei_image_free(&a->view);
    memset(&a->view, 0, sizeof a->view);
    a->view_owned = 0;
    sei_image_free(&a->frame);
}

static void source_close(sei_app *a)
{
    sei_source_close(a->src);
    a->src = NULL;
}

/* Open spec; on failure go to the "no camera" screen with the reason. */
static int source_open(sei_app *a, const char *spec)
{
    source_close(a);
    snprintf(a->src_spec, sizeof a->src_spec, "%s", spec);
    sei_source_status st = sei_source_try_open(spec, &a->src, a->src_error, sizeof a->src_error);
    a->retry_at = a->now + a->p.retry_ms;
    struct stat sb;
    a->src_is_file = stat(spec, &sb) == 0 && S_ISREG(sb.st_mode);
    a->src_lost = 0;
    if (st != SEI_SOURCE_OK) {
        /* The screen says it in the kiosk's language; the journal gets
         * the source's own words for whoever fixes it. */
        fprintf(stderr, "seichi kiosk: %s\n", a->src_error);
        a->screen = SEI_SCREEN_NOCAMERA;
        return -1;
    }
    a->src_error[0] = 0;
    a->reread = 0;
    a->screen = SEI_SCREEN_LIVE;
    a->have_last = 0;
    /* Another camera: the board is found afresh. */
    if (a->live)
        sei_tracker_unlock(a->live);
    a->found = a->moving = a->unsure = 0;
    a->armed = 1;
    a->fails = 0;
    a->still_since = a->now;
    return 0;
}

/* ---- the live view ------------------------------------------------------------- */

/* The capture's reader for the size setting, remade when the setting
 * changes. */
static sei_vision *reader(sei_app *a)
{
    if (a->full && a->full_size == a->set.size)
        return a->full;
    sei_vision_destroy(a->full);
    sei_vision_params vp;
    sei_vision_params_default(&vp);
    vp.size = a->set.size;
    vp.trace = sei_cli_trace();
    a->full = sei_vision_create(&vp);
    a->full_size = a->set.size;
    return a->full;
}

/* The live view's tracker, remade when the size setting changes: it
 * shrinks frames further than the capture and guesses fewer lattices (a
 * miss costs one frame, not a result). It is the recorder's tracker with
 * the live view's settings (sei_tracker_params_live): it locks on the
 * first board found, searches again every search_every frames and after
 * motion. */
static sei_tracker *live_tracker(sei_app *a)
{
    if (a->live && a->live_size == a->set.size)
        return a->live;
    sei_tracker_destroy(a->live);
    sei_tracker_params tp;
    sei_tracker_params_default(&tp);
    sei_tracker_params_live(&tp);
    tp.vision.size = a->set.size;
    tp.vision.trace = sei_cli_trace();
    tp.vision.work_side = a->p.live_side;
    tp.vision.lattice.rounds = 600;
    tp.motion = a->p.motion;
    tp.search_every = a->p.search_every;
    a->live = sei_tracker_create(&tp);
    a->live_size = a->set.size;
    return a->live;
}

/* Keep f as the newest frame, with the copy the screen shows: at most
 * 640x480, shrunk here once, which costs less than the renderer scaling
 * it and keeps a second full-size copy (the texture) out of memory. */
static void frame_take(sei_app *a, sei_image f)
{
    frame_clear(a);
    a->frame = f;
    double k = fmin(640.0 / f.width, 480.0 / f.height);
    if (k < 1 && sei_cv_resize(&f, &a->view, (int)(f.width * k), (int)(f.height * k)) == 0)
        a->view_owned = 1;
    else
        a->view = f;
}

static int capture(sei_app *a);
static int live_ended(sei_app *a);

static int grid_distance(const uint8_t a[SEI_MAX_SIZE][SEI_MAX_SIZE], const uint8_t b[SEI_MAX_SIZE][SEI_MAX_SIZE])
{
    int d = 0;
    for (int y = 0; y < SEI_MAX_SIZE; y++)
        for (int x = 0; x < SEI_MAX_SIZE; x++)
            d += a[y][x] != b[y][x];
    return d;
}

static int live_tick(sei_app *a)
{
    if (!a->src) {
        if (a->now >= a->retry_at)
            source_open(a, a->src_spec);
        return 1;
    }
    sei_image f = {0};
    sei_source_status st = sei_source_grab(a->src, &f);
    if (st == SEI_SOURCE_END)
        return live_ended(a);
    if (st != SEI_SOURCE_OK) {
        snprintf(a->src_error, sizeof a->src_error, "%s", sei_source_errmsg(a->src));
        fprintf(stderr, "seichi kiosk: %s\n", a->src_error);
        a->src_lost = 1;
        source_close(a);
        a->retry_at = a->now + a->p.retry_ms;
        a->screen = SEI_SCREEN_NOCAMERA;
        return 1;
    }
    frame_take(a, f);
    sei_tracker *tk = live_tracker(a);
    sei_tracker_state *ts = &a->track;
    int ok = tk && sei_tracker_step(tk, &f, ts) == SEI_VISION_OK && ts->read;
    int moved = tk && ts->moving;
    if (moved) {
        /* Hands at the board: nothing to read until they are gone; the
         * last grid stays on screen, drawn as moving. */
        a->moving = 1;
        a->still_since = a->now;
        a->armed = 1;
        a->detect_ms = 0;
        a->searched = 0;
        return 1;
    }
    a->searched = tk && ts->searched;
    sei_vision_result r;
    if (ok) {
        /* The tracker's reading: each point against its own empty look. */
        r = ts->r;
        memcpy(r.grid, ts->grid, sizeof r.grid);
        memcpy(r.corners, ts->corners, sizeof r.corners);
    }
    a->detect_ms = ok ? ts->ms : 0;
    int changed = 1;
    if (ok) {
        a->seen = r;
        a->fails = 0;
        if (a->have_last && r.size == a->last_size) {
            double diag = hypot(f.width, f.height), worst = 0;
            for (int i = 0; i < 4; i++)
                worst = fmax(worst, hypot(r.corners[i][0] - a->last_corners[i][0], r.corners[i][1] - a->last_corners[i][1]));
            changed = worst > 0.015 * diag || memcmp(a->last_grid, r.grid, sizeof r.grid) != 0;
        }
        memcpy(a->last_grid, r.grid, sizeof r.grid);
        memcpy(a->last_corners, r.corners, sizeof r.corners);
        a->last_size = r.size;
        a->have_last = 1;
    } else {
        a->fails++;
    }
    a->found = ok;
    a->moving = moved;
    a->unsure = !ok && a->fails >= 8;
    if (!ok || moved || changed)
        a->still_since = a->now;
    /* A change of scene re-arms the automatic capture: motion (hands at
     * the board), or a reading two or more points away from the one at the
     * last capture (one point may flicker between readings of the same
     * board). */
    if (moved || (ok && grid_distance(a->captured_grid, r.grid) >= 2))
        a->armed = 1;
    if (a->p.autocapture && a->armed && ok && !a->editing && a->now - a->still_since >= a->p.still_ms)
        capture(a);
    return 1;
}

/* A folder or video ran out: its last frame stays on screen, as still as
 * a board can be. It is read once if the live view has not read it
 * (hands were over it, or a recording had the source), so the grid drawn
 * is its own; then the capture comes as it would from a still camera,
 * rather than the bar toward it waiting for frames that never come. */
static int live_ended(sei_app *a)
{
    int redraw = 0;
    if ((a->reread || a->moving) && a->frame.buf) {
        sei_vision *v = reader(a);
        sei_vision_result r;
        a->found = v && sei_vision_read(v, &a->frame, &r) == SEI_VISION_OK;
        if (a->found) {
            a->seen = r;
            memcpy(a->last_grid, r.grid, sizeof r.grid);
            memcpy(a->last_corners, r.corners, sizeof r.corners);
            a->last_size = r.size;
            a->have_last = 1;
        }
        a->reread = a->moving = 0;
        a->still_since = a->now;
        redraw = 1;
    }
    if (a->p.autocapture && a->armed && a->found && !a->editing) {
        if (a->now - a->still_since >= a->p.still_ms)
            capture(a);
        redraw = 1; /* the bar toward the capture moves */
    }
    return redraw;
}

/* ---- capture and confirm ------------------------------------------------------- */

/* The rules to count under; under Ing's, the overtime points the
 * recording's clock took (none after a photo). */
static void rules_set(sei_app *a, const char *name, double komi)
{
    sei_rules_preset(&a->rules, name);
    a->rules.komi = komi;
    if (!strcmp(a->rules.name, "ing"))
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++)
            a->rules.penalty[c] = a->clock_pen[c];
}

/* The komi the confirm screen starts from, until the players set it: a
 * handicap game's 0.5 (as `seichi score` takes it with none given), else
 * the settings' komi for the settings' rules, else the rules' own. */
static void komi_for_handicap(sei_app *a)
{
    if (a->komi_touched)
        return;
    sei_rules r;
    sei_rules_preset(&r, a->rules.name);
    a->rules.komi = a->handicap >= 2 ? 0.5 : !strcmp(a->rules.name, a->set.rules) ? a->set.komi : r.komi;
}

/* The confirm screen for position b (taken over), dead stones proposed,
 * the settings' rules and komi. */
static void confirm_start(sei_app *a, sei_board *b, int handicap, sei_prisoners prisoners, int prisoners_known)
{
    sei_board_destroy(a->board);
    a->board = b;
    memset(a->dead, 0, sizeof a->dead);
    memset(a->edited, 0, sizeof a->edited);
    memset(a->check, 0, sizeof a->check);
    a->check_board = 0;
    a->check_hidden = 0;
    memset(a->clock_pen, 0, sizeof a->clock_pen);
    rules_set(a, a->set.rules, a->set.komi);
    sei_count_propose(a->board, &a->rules, a->dead, NULL); /* none proposed when it fails: the players mark them */
    a->handicap = handicap;
    a->komi_touched = 0;
    komi_for_handicap(a);
    a->prisoners = prisoners;
    a->have_score = 0;
    a->fill_have = 0;
    a->resigned_winner = 0;
    a->won_on_time = 0;
    a->from_record = 0;
    a->pris_given = prisoners_known;
    a->pad_for = a->pad_then_count = 0;
    a->zoom_span = 0;
    a->screen = SEI_SCREEN_CONFIRM;
}

/* Read the newest frame at full size (or from the corners a person set)
 * and set up the confirm screen with the dead stones proposed. */
static int capture(sei_app *a)
{
    if (!a->frame.buf) {
        say(a, "%s", sei_ui_string(a->set.lang, SEI_S_NOBOARD));
        return -1;
    }
    sei_vision *v = reader(a);
    if (!v)
        return -1;
    sei_vision_result r;
    sei_vision_status vs;
    if (a->corners_set) {
        int n = a->set.size ? a->set.size : a->found ? a->seen.size : 19;
        vs = sei_vision_read_corners(v, &a->frame, (const double(*)[2])a->corners, n, &r);
    } else
        vs = sei_vision_read(v, &a->frame, &r);
    if (vs != SEI_VISION_OK) {
        say(a, "%s", sei_ui_string(a->set.lang, SEI_S_NOBOARD));
        a->unsure = 1;
        a->armed = 0;
        return -1;
    }
    sei_board *b = sei_board_create(r.size);
    if (!b)
        return -1;
    for (int y = 0; y < r.size; y++)
        for (int x = 0; x < r.size; x++)
            if (r.grid[y][x] != SEI_EMPTY)
                sei_board_place(b, r.grid[y][x], sei_board_point(b, x, y));
    /* The live reading at capture, for telling later whether the scene changed. */
    memcpy(a->captured_grid, a->have_last ? a->last_grid : r.grid, sizeof r.grid);
    a->armed = 0;
    a->editing = 0;
    /* The handicap the station's pairing gives (0 without one). */
    confirm_start(a, b, a->pair_handicap, (sei_prisoners){SEI_PRISONERS_GIVEN, 0, 0, SEI_WHITE}, 0);
    /* The reader's doubts are ringed on the confirm screen. */
    for (int y = 0; y < r.size; y++)
        for (int x = 0; x < r.size; x++)
            a->check[sei_board_point(b, x, y)] = r.unsure[y][x];
    a->check_board = r.board_unsure;
    a->check_hidden = r.hidden_count > 0;
    return 0;
}

/* Toggle the dead mark of the whole chain at p. */
static void toggle_chain(sei_app *a, int p)
{
    int chain[SEI_MAX_POINTS];
    int k = sei_board_chain(a->board, p, chain);
    uint8_t to = !a->dead[p];
    for (int i = 0; i < k; i++) {
        a->dead[chain[i]] = to;
        a->check[chain[i]] = 0;  /* a person has looked at it */
    }
}

/* A stone's marks follow its chain: after a stone changes, a chain that
 * mixes dead and live stones takes the mark of the most. */
static void dead_normalise(sei_app *a)
{
    int chain[SEI_MAX_POINTS];
    uint8_t done[SEI_MAX_POINTS] = {0};
    sei_board *b = a->board;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] == SEI_EMPTY) {
                a->dead[p] = 0;
                continue;
            }
            if (done[p])
                continue;
            int k = sei_board_chain(b, p, chain), nd = 0;
            for (int i = 0; i < k; i++)
                nd += a->dead[chain[i]];
            for (int i = 0; i < k; i++) {
                a->dead[chain[i]] = nd * 2 > k;
                done[chain[i]] = 1;
            }
        }
}

/* Change the stone at p: empty, black, white, empty again. */
static void cycle_point(sei_app *a, int p)
{
    int c = a->board->color[p];
    int next = c == SEI_EMPTY ? SEI_BLACK : c == SEI_BLACK ? SEI_WHITE : SEI_EMPTY;
    /* Rebuild the board: removing a stone is not a move, so there is no
     * undo for it; set every stone again on a clear board. */
    sei_board *b = sei_board_create(a->board->size);
    if (!b)
        return;
    for (int q = 0; q < a->board->stride * a->board->stride; q++) {
        if (!sei_board_on(a->board, q))
            continue;
        int col = q == p ? next : a->board->color[q];
        if (col == SEI_BLACK || col == SEI_WHITE)
            sei_board_place(b, col, q);
    }
    sei_board_destroy(a->board);
    a->board = b;
    a->edited[p] = 1;
    a->check[p] = 0;
    a->dead[p] = 0;
    dead_normalise(a);
}

static int count(sei_app *a)
{
    if (sei_count_make(a->board, a->dead, &a->rules, a->handicap, &a->prisoners, &a->score, NULL) != SEI_OK) {
        say(a, "%s", sei_board_errmsg(a->board));
        return -1;
    }
    a->have_score = 1;
    a->fill_have = 0; /* a new count: its fill is checked afresh */
    a->screen = SEI_SCREEN_RESULT;
    return 0;
}

/* ---- Ing's fill check ------------------------------------------------------------ */

/* Photograph: the camera's newest frame read as the filled board (the
 * reader --fill-photo uses, at the count's size), then the spares asked
 * on the number pad, Black's then White's (fill_finish). */
static void fill_photograph(sei_app *a)
{
    sei_lang L = a->set.lang;
    if (!a->board || !a->have_score)
        return;
    sei_image img = {0};
    /* Nothing read frames on the Result and Fill screens: a webcam's one
     * driver buffer may hold a picture from before the fill. A camera's
     * first frame now is dropped, the next one read. (Not tried on a real
     * webcam here.) */
    if (a->src && sei_source_is_live(a->src) && sei_source_grab(a->src, &img) == SEI_SOURCE_OK)
        sei_image_free(&img);
    if (!a->src || sei_source_grab(a->src, &img) != SEI_SOURCE_OK) {
        if (a->src)
            fprintf(stderr, "seichi kiosk: fill check: %s\n", sei_source_errmsg(a->src));
        say(a, "%s", sei_ui_string(L, SEI_S_NOCAM_LOST));
        return;
    }
    int n = a->board->size, seen = 0, unsure = 0;
    uint8_t doubt[SEI_MAX_SIZE * SEI_MAX_SIZE];
    char msg[200];
    int rc = sei_fill_read(&img, n, a->fill_grid, doubt, &unsure, &seen, msg, sizeof msg);
    sei_image_free(&img);
    if (rc == 4) {
        say(a, sei_ui_string(L, SEI_S_FILL_SIZE), seen, seen, n, n);
        return;
    }
    if (rc) {
        say(a, "%s", sei_ui_string(L, SEI_S_NOBOARD));
        return;
    }
    sei_board *b = sei_board_create(n);
    if (!b)
        return;
    memset(a->fill_doubt, 0, sizeof a->fill_doubt);
    a->fill_points[0] = 0;
    int named = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y), c = a->fill_grid[y * n + x];
            if (c == SEI_BLACK || c == SEI_WHITE)
                sei_board_place(b, c, p);
            a->fill_doubt[p] = doubt[y * n + x];
            /* The first ten by name (row by row from the top), then how many in all. */
            if (doubt[y * n + x] && named++ < 10) {
                char pt[8];
                size_t len = strlen(a->fill_points);
                snprintf(a->fill_points + len, sizeof a->fill_points - len, "%s%s", len ? " " : "",
                         sei_board_point_name(b, p, pt, sizeof pt));
            }
        }
    if (named > 10) {
        size_t len = strlen(a->fill_points);
        snprintf(a->fill_points + len, sizeof a->fill_points - len, " … (%d)", named);
    }
    sei_board_destroy(a->fill_board);
    a->fill_board = b;
    a->fill_unsure = unsure;
    a->fill_have = 0;
    npad_open(a, NPAD_SPARE_B);
}

/* Both spares entered: the outcome, as sei_fill_check states it. */
static void fill_finish(sei_app *a)
{
    a->npad = NPAD_NONE;
    if (!a->fill_board || sei_fill_check(a->board, &a->score, a->fill_grid, a->fill_spare[SEI_BLACK],
                                         a->fill_spare[SEI_WHITE], &a->fill))
        return;
    a->fill_have = 1;
}

/* A folder beside the database (photos/, games/, exports/), made if missing. */
static int beside_db(const sei_app *a, const char *name, char *out, size_t n)
{
    snprintf(out, n, "%s", a->db_path);
    char *slash = strrchr(out, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(out, n, ".");
    size_t len = strlen(out);
    snprintf(out + len, n - len, "/%s", name);
    return mkdir(out, 0755) && errno != EEXIST ? -1 : 0;
}

/* Where the photo of a result goes: beside the database, in photos/. */
static int photo_write(sei_app *a, char *path, size_t n)
{
    char dir[1100];
    if (beside_db(a, "photos", dir, sizeof dir))
        return -1;
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    char stamp[32], tmp[1200], err[200];
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    for (int k = 0; k < 100; k++) {
        snprintf(path, n, "%s/%s%s%.0d.jpg", dir, stamp, k ? "-" : "", k);
        struct stat sb;
        if (stat(path, &sb) != 0)
            break;
    }
    /* Written under a temporary name, then renamed: a cut mid-write leaves
     * no half photo under the name the result points at. */
    snprintf(tmp, sizeof tmp, "%s.part.jpg", path);
    if (sei_cv_save(tmp, &a->frame, err, sizeof err) || rename(tmp, path)) {
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Store what was agreed: the count, or (confirm with a resignation) the
 * game won by resignation with no count; with the photo, and the
 * recorded game's SGF when the position is a recording's end. */
static int agree(sei_app *a, int resigned)
{
    if (!resigned && !a->have_score)
        return -1;
    char photo[1200] = "";
    if (a->src_is_file)
        snprintf(photo, sizeof photo, "%s", a->src_spec);
    else if (a->frame.buf && photo_write(a, photo, sizeof photo))
        photo[0] = 0; /* the result matters more than its photo: store it without */
    sei_store_result res;
    const char *source = a->from_record ? "kiosk recording" : "kiosk";
    sei_store_status st;
    if (resigned)
        st = sei_store_result_decided(&res, a->board, 0, &a->rules, a->handicap, a->resigned_winner,
                                      a->won_on_time ? SEI_DECIDED_TIME : SEI_DECIDED_RESIGNATION, source,
                                      photo[0] ? photo : NULL);
    else
        st = sei_store_result_from_score(&res, a->board, &a->score, source, photo[0] ? photo : NULL);
    if (!st && !resigned && a->fill_have)
        sei_store_result_set_fill(&res, &a->fill, a->fill_unsure); /* the fill checked before agreeing */
    if (!st) {
        /* Who played, where: the table, round and event set on the kiosk, the players typed. */
        char why[200];
        if (sei_ident_check(&a->who, why, sizeof why) == 0)
            res.ident = a->who;
    }
    if (!st && a->from_record) {
        /* The game as recorded: every move is in its SGF already. The
         * result keeps it as it was played, and names the file. */
        size_t len;
        char why[PATH_MAX + 100];
        char *text = sei_file_read(a->rec_path, (size_t)64 << 20, &len, why, sizeof why);
        if (text)
            st = sei_store_result_set_game(&res, text, len, a->rec_path);
        free(text);
    }
    if (st != SEI_STORE_OK) {
        sei_store_result_release(&res);
        say(a, "%s", "cannot prepare the result");
        return -1;
    }
    int64_t id = 0;
    st = sei_store_save(a->store, &res, &id);
    if (st != SEI_STORE_OK) {
        sei_store_result_release(&res);
        say(a, "%s", sei_store_errmsg(a->store));
        return -1;
    }
    a->saved_id = id;
    say(a, sei_ui_string(a->set.lang, SEI_S_SAVED), (int)id);
    /* Off to the station now (the worker's connection reads it committed),
     * and the table's pairing fetched again for the next game. */
    sei_pusher_kick(a->pusher, a->who.table);
    if (res.game_sgf) {
        /* The recorded game says how it ended, as its export does: the
         * rules and komi agreed, the result, the count and its dead
         * stones. Written whole or not at all; never over the game with a
         * bare position (a position changed by hand after the game). */
        res.id = id;
        char *sgf = NULL, why[PATH_MAX + 200];
        size_t len = 0;
        int kept = 0;
        if (sei_results_sgf(&res, &sgf, &len, &kept, why, sizeof why) == 0 && kept &&
            sei_file_write_atomic(a->rec_path, sgf, len, why, sizeof why) != 0)
            say(a, "%s", why);
        free(sgf);
    }
    sei_store_result_release(&res);
    a->screen = SEI_SCREEN_LIVE;
    a->armed = 0;
    a->still_since = a->now;
    return 0;
}

/* Where a file went, in words a player can follow: "USB stick:
 * seichi-export-3/" for a folder on a stick (mount the root of the stick
 * on a computer and it is there), else "On the kiosk: exports/
 * seichi-export-3/", the folder it is in and its own name. */
static void where_words(const sei_app *a, const char *path, int usb, char *out, size_t n)
{
    const char *shown = path, *p1 = strrchr(path, '/');
    if (p1 && p1 > path && !usb) {
        const char *p2 = p1 - 1;
        while (p2 > path && *p2 != '/')
            p2--;
        shown = *p2 == '/' ? p2 + 1 : p2;
    } else if (p1)
        shown = p1 + 1;
    struct stat sb;
    char name[PATH_MAX];
    snprintf(name, sizeof name, "%s%s", shown, stat(path, &sb) == 0 && S_ISDIR(sb.st_mode) ? "/" : "");
    snprintf(out, n, sei_ui_string(a->set.lang, usb ? SEI_S_WHERE_USB : SEI_S_WHERE_KIOSK), name);
}

/* ---- recording a game ---------------------------------------------------------- */

static void rec_alert(sei_app *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rec_alert(sei_app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    show_for(a->rec_alert, sizeof a->rec_alert, &a->rec_alert_until, a->now + 6000, fmt, ap);
    va_end(ap);
    a->rec_alert_is_call = 0;
}

/* The timekeeper's voice in the kiosk's language, made at the first
 * timed recording. What it cannot do (no espeak-ng data, no voice for the
 * language, no sound) is said once; the calls are shown all the same. */
static void voice_ready(sei_app *a)
{
    char why[300] = "";
    if (!a->voice && !a->voice_tried && a->p.voice) {
        a->voice_tried = 1;
        sei_voice_params vp;
        sei_voice_params_default(&vp);
        vp.lang = a->set.lang;
        a->voice = sei_voice_create(&vp, why, sizeof why);
    } else if (a->voice)
        sei_voice_set_lang(a->voice, a->set.lang);
    if (a->voice && (!sei_voice_speaks(a->voice) || (!sei_voice_plays(a->voice))))
        snprintf(why, sizeof why, "%s", sei_voice_errmsg(a->voice));
    if (why[0] && !a->voice_told) {
        a->voice_told = 1;
        fprintf(stderr, "seichi kiosk: the timekeeper's voice: %s\n", why);
        say(a, "%s", why);
    }
}

/* Start recording into games/ beside the database, with the settings'
 * rules, komi, size and time control. */
static void record_start(sei_app *a)
{
    char dir[PATH_MAX - 64], err[300], stamp[32];
    a->rec_away = 0;
    if (beside_db(a, "games", dir, sizeof dir)) {
        say(a, "%s: %s", dir, strerror(errno));
        return;
    }
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    /* A new name for every game, even two started within a second. */
    for (int k = 0; k < 1000; k++) {
        snprintf(a->rec_path, sizeof a->rec_path, k ? "%s/game-%s-%d.sgf" : "%s/game-%s.sgf", dir, stamp, k);
        if (access(a->rec_path, F_OK) != 0)
            break;
    }
    sei_recsess_params rp;
    sei_recsess_params_default(&rp);
    rp.size = a->set.size;
    rp.track.vision.trace = sei_cli_trace();
    sei_rules_preset(&rp.rules, a->set.rules);
    rp.rules.komi = a->set.komi;
    /* The settings' time control: the clock starts with the recording. */
    rp.timed = a->set.tc[0] && sei_time_control_parse(a->set.tc, &rp.tc, NULL, 0) == 0;
    if (rp.timed)
        voice_ready(a);
    sei_recsess_destroy(a->rs);
    a->rs = sei_recsess_create(&rp, a->rec_path, 0, err, sizeof err);
    if (!a->rs) {
        say(a, "%s", err);
        return;
    }
    /* A folder or a video is a game already played: record it from its
     * first frame, not from where the live view had got to. */
    struct stat sb;
    if (stat(a->src_spec, &sb) == 0) {
        source_close(a);
        if (sei_source_try_open(a->src_spec, &a->src, a->src_error, sizeof a->src_error) != SEI_SOURCE_OK) {
            a->screen = SEI_SCREEN_NOCAMERA;
            sei_recsess_destroy(a->rs);
            a->rs = NULL;
            return;
        }
    }
    a->rec_t0 = a->now;
    a->rec_moving = a->rec_lost = 0;
    memset(a->rec_lines, 0, sizeof a->rec_lines);
    a->rec_alert[0] = 0;
    a->screen = SEI_SCREEN_RECORD;
}

static void record_lines(sei_app *a)
{
    const sei_recorder *rec = sei_recsess_recorder(a->rs);
    memset(a->rec_lines, 0, sizeof a->rec_lines);
    if (!rec)
        return;
    const sei_rec_move *m;
    int n = sei_recorder_moves(rec, &m), first = n > 6 ? n - 6 : 0;
    const sei_board *b = sei_recorder_board(rec);
    for (int i = first; i < n; i++) {
        char name[8];
        if (m[i].point == SEI_PASS)
            snprintf(name, sizeof name, "—");
        else
            sei_board_point_name(b, m[i].point, name, sizeof name);
        snprintf(a->rec_lines[i - first], sizeof a->rec_lines[0], "%3d  %s %s", i + 1,
                 sei_ui_string(a->set.lang, m[i].color == SEI_BLACK ? SEI_S_BLACK : SEI_S_WHITE), name);
    }
}

static void record_finish(sei_app *a, int end);

/* The timekeeper's calls of a frame, said in the kiosk's language and
 * shown at the foot of the picture while no other message is. */
static void record_calls(sei_app *a, const sei_recsess_event *ev)
{
    const sei_clock *c = sei_recsess_clock(a->rs);
    int n = ev->ncalls < SEI_RECSESS_CALLS ? ev->ncalls : SEI_RECSESS_CALLS;
    for (int i = 0; c && i < n; i++) {
        char words[96];
        sei_ui_call_words(a->set.lang, &ev->calls[i], c->tc.kind, words, sizeof words);
        if (a->voice && sei_voice_say(a->voice, words) < 0)
            say(a, "%s", "out of memory");
        if (!a->rec_alert[0] || a->now >= a->rec_alert_until || a->rec_alert_is_call) {
            rec_alert(a, "%s", words);
            a->rec_alert_until = a->now + 3000;
            a->rec_alert_is_call = 1;
        }
    }
}

/* What a frame (or time going by with none) did: the calls said, the end
 * of the game taken to the confirm screen, a move's troubles shown.
 * Returns 1 (the screen changed). */
static int record_event(sei_app *a, const sei_recsess_event *evp)
{
    sei_recsess_event ev = *evp;
    record_calls(a, &ev);
    if (ev.ended) {
        /* The players' gesture, or a flag fallen, ended the game: on to
         * counting it, or to storing the win without a count. */
        char why[160], who[80];
        sei_lang L = a->set.lang;
        if (ev.ended == SEI_RECSESS_END_RESIGN)
            snprintf(why, sizeof why, "%s: %s+R", sei_ui_string(L, SEI_S_RESIGNED), ev.resigned == SEI_BLACK ? "W" : "B");
        else if (ev.ended == SEI_RECSESS_END_TIME) {
            snprintf(who, sizeof who, sei_ui_string(L, SEI_S_LOST_ON_TIME),
                     sei_ui_string(L, ev.resigned == SEI_BLACK ? SEI_S_BLACK : SEI_S_WHITE));
            snprintf(why, sizeof why, "%s: %s+T", who, ev.resigned == SEI_BLACK ? "W" : "B");
        } else
            snprintf(why, sizeof why, "%s", sei_ui_string(L, SEI_S_GAME_OVER));
        int winner = ev.ended == SEI_RECSESS_END_RESIGN || ev.ended == SEI_RECSESS_END_TIME ? sei_color_other(ev.resigned) : 0;
        record_finish(a, 1);
        if (a->screen == SEI_SCREEN_CONFIRM) {
            a->resigned_winner = winner;
            a->won_on_time = ev.ended == SEI_RECSESS_END_TIME;
        }
        say(a, "%s", why);
        return 1;
    }
    a->rec_moving = ev.moving;
    if (!ev.moving)
        a->rec_lost = ev.lost;
    const sei_recorder *rec = sei_recsess_recorder(a->rs);
    if (ev.state && rec) {
        const sei_board *b = sei_recorder_board(rec);
        const sei_rec_move *m;
        int n = sei_recorder_moves(rec, &m);
        char name[8] = "";
        sei_lang L = a->set.lang;
        if (ev.u.flags & SEI_REC_VOID && n) {
            sei_board_point_name(b, m[n - 1].void_point, name, sizeof name);
            rec_alert(a, sei_ui_string(L, SEI_S_REC_VOID), name);
        } else if (ev.u.flags & SEI_REC_TWICE && n)
            rec_alert(a, sei_ui_string(L, SEI_S_REC_TWICE),
                      sei_ui_string(L, m[n - 1].color == SEI_BLACK ? SEI_S_BLACK : SEI_S_WHITE));
        else if (ev.u.flags & SEI_REC_MOVED) {
            sei_board_point_name(b, ev.u.point, name, sizeof name);
            rec_alert(a, sei_ui_string(L, SEI_S_REC_MOVED), name);
        } else if (ev.u.undone)
            rec_alert(a, sei_ui_string(L, SEI_S_REC_UNDO), ev.u.undone);
        record_lines(a);
    }
    return 1;
}

/* No frame this tick: the clock goes on all the same (a timed game's
 * calls and its loss on time do not wait for the camera). Returns 1 when
 * the screen changed. */
static int record_no_frame(sei_app *a)
{
    const sei_clock *c = sei_recsess_clock(a->rs);
    if (!c)
        return 0;
    sei_recsess_event ev;
    if (sei_recsess_time(a->rs, (a->now - a->rec_t0) / 1000.0, &ev))
        say(a, "%s", sei_recsess_errmsg(a->rs));
    ev.moving = a->rec_moving; /* as the last frame left them */
    ev.lost = a->rec_lost;
    record_event(a, &ev);
    return 1; /* the clock shown runs */
}

static int record_tick(sei_app *a)
{
    if (!a->src) {
        /* No source at all (it could not be opened again): look for it now
         * and then. */
        if (a->now >= a->retry_at) {
            a->retry_at = a->now + a->p.retry_ms;
            if (sei_source_try_open(a->src_spec, &a->src, NULL, 0) == SEI_SOURCE_OK)
                a->rec_alert[0] = 0, a->rec_away = 0;
        }
        record_no_frame(a);
        return 1;
    }
    if (a->rec_away) {
        /* The camera went away mid-game: every move so far is in the SGF.
         * It is opened again now and then, keeping the source (a folder or
         * video goes on where it was), and the game goes on where it is. */
        if (a->now < a->retry_at)
            return record_no_frame(a);
        a->retry_at = a->now + a->p.retry_ms;
        char why[256];
        sei_source_status st = sei_source_reopen(a->src, why, sizeof why);
        if (st != SEI_SOURCE_OK)
            return record_no_frame(a);
        a->rec_away = 0;
    }
    sei_image f = {0};
    sei_source_status st = sei_source_grab(a->src, &f);
    if (st == SEI_SOURCE_END)
        return record_no_frame(a);
    if (st != SEI_SOURCE_OK) {
        fprintf(stderr, "seichi kiosk: recording: %s: waiting for the camera\n", sei_source_errmsg(a->src));
        rec_alert(a, "%s", sei_ui_string(a->set.lang, SEI_S_REC_AWAY));
        a->rec_alert_until = 1e300; /* until the camera is back */
        a->rec_away = 1;
        a->retry_at = a->now + a->p.retry_ms;
        return 1;
    }
    if (a->rec_alert_until == 1e300)
        a->rec_alert[0] = 0, a->rec_alert_until = 0; /* the camera is back */
    frame_take(a, f);
    sei_recsess_event ev;
    if (sei_recsess_frame(a->rs, &f, (a->now - a->rec_t0) / 1000.0, &ev))
        say(a, "%s", sei_recsess_errmsg(a->rs));
    return record_event(a, &ev);
}

/* Stop recording; with end, go on to confirm the final position. */
static void record_finish(sei_app *a, int end)
{
    if (!a->rs)
        return;
    const sei_recorder *rec = sei_recsess_recorder(a->rs);
    if (a->npad == NPAD_PAUSE) {
        /* The judge's PIN for a pause, the game over meanwhile: no clock to stop. */
        sodium_memzero(a->npad_digits, sizeof a->npad_digits);
        a->npad = NPAD_NONE;
    }
    /* End: the game is over now (the clock stopped here, in the record). */
    if (end && rec && sei_recsess_end(a->rs, (a->now - a->rec_t0) / 1000.0))
        say(a, "%s", sei_recsess_errmsg(a->rs));
    else if (rec && sei_recsess_save(a->rs))
        say(a, "%s", sei_recsess_errmsg(a->rs));
    else if (rec) {
        char where[PATH_MAX + 64];
        where_words(a, a->rec_path, 0, where, sizeof where);
        say(a, sei_ui_string(a->set.lang, SEI_S_REC_SAVED), where);
    }
    if (end && rec) {
        /* The position as recorded, captures and prisoners known. */
        const sei_board *rb = sei_recorder_board(rec);
        sei_board *b = sei_board_create(rb->size);
        if (b) {
            for (int p = 0; p < rb->stride * rb->stride; p++)
                if (sei_board_on(rb, p) && (rb->color[p] == SEI_BLACK || rb->color[p] == SEI_WHITE))
                    sei_board_place(b, rb->color[p], p);
            confirm_start(a, b, sei_recorder_handicap(rec),
                          (sei_prisoners){SEI_PRISONERS_GIVEN, rb->prisoners[SEI_BLACK], rb->prisoners[SEI_WHITE], SEI_WHITE},
                          1);
            a->from_record = 1;
            /* Ing's overtime: 2 points a period begun, in the count (the
             * result's lines say "overtime"). */
            const sei_clock *ck = sei_recsess_clock(a->rs);
            if (ck && ck->tc.kind == SEI_TC_ING) {
                for (int c = SEI_BLACK; c <= SEI_WHITE; c++)
                    a->clock_pen[c] = sei_clock_ing_penalty(ck, c);
                double komi = a->rules.komi;
                rules_set(a, a->rules.name, komi);
            }
        } else
            a->screen = a->src ? SEI_SCREEN_LIVE : SEI_SCREEN_NOCAMERA;
    } else {
        a->screen = a->src ? SEI_SCREEN_LIVE : SEI_SCREEN_NOCAMERA;
        a->armed = 0;
        a->still_since = a->now;
        /* The live reading is from before the recording, the frame shown
         * from its end: no grid until the frame is read again. */
        a->found = a->have_last = 0;
        if (a->live)
            sei_tracker_unlock(a->live);
        a->reread = 1;
    }
    sei_recsess_destroy(a->rs);
    a->rs = NULL;
    a->rec_away = 0;
}

/* Where an export goes: a USB stick if one is mounted (a folder under
 * /media or /run/media on another device than its parent, writable),
 * else exports/ beside the database; or where the caller said. */
static int export_target(const sei_app *a, char *out, size_t n)
{
    static const char *const roots[] = {"/media", "/run/media", NULL};
    if (a->p.export_to) {
        snprintf(out, n, "%s", a->p.export_to);
        return 0;
    }
    for (int r = 0; roots[r]; r++) {
        char pattern[64];
        for (int depth = 1; depth <= 2; depth++) {
            snprintf(pattern, sizeof pattern, depth == 1 ? "%s/*" : "%s/*/*", roots[r]);
            glob_t g;
            if (glob(pattern, GLOB_ONLYDIR, NULL, &g) != 0)
                continue;
            for (size_t i = 0; i < g.gl_pathc; i++) {
                struct stat here, parent;
                char up[PATH_MAX];
                snprintf(up, sizeof up, "%s/..", g.gl_pathv[i]);
                if (stat(g.gl_pathv[i], &here) == 0 && stat(up, &parent) == 0 && here.st_dev != parent.st_dev &&
                    access(g.gl_pathv[i], W_OK) == 0) {
                    snprintf(out, n, "%s", g.gl_pathv[i]);
                    globfree(&g);
                    return 1;
                }
            }
            globfree(&g);
        }
    }
    beside_db(a, "exports", out, n);
    return 0;
}

/* Every stored result as a CSV file and SGF files, in a new folder
 * numbered after the ones there (seichi-export-1, -2, ...: short enough to
 * say on screen and to find on the stick), so a second export never
 * overwrites the first. */
static void export_results(sei_app *a)
{
    char base[PATH_MAX - 200], dir[PATH_MAX - 100], csv[PATH_MAX];
    int usb = export_target(a, base, sizeof base), made = -1, mkdir_errno = EEXIST;
    for (int k = 1; k < 100000 && made; k++) {
        snprintf(dir, sizeof dir, "%s/seichi-export-%d", base, k);
        made = mkdir(dir, 0755);
        mkdir_errno = made ? errno : 0;
        if (made && errno != EEXIST)
            break;
    }
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    FILE *out = fopen("/dev/null", "w");
    int rc = !err || !out || made || sei_results_export(a->store, csv, dir, 0, out, err);
    if (err)
        fclose(err);
    if (out)
        fclose(out);
    if (rc == 1 && !made) {
        /* Damaged results were left out, the rest written: where it went,
         * and that it is not all; the export named each one, for the log. */
        if (msg)
            fputs(msg, stderr);
        char where[PATH_MAX];
        where_words(a, dir, usb, where, sizeof where);
        say(a, sei_ui_string(a->set.lang, SEI_S_EXPORT_SKIPPED), where);
        snprintf(a->export_dir, sizeof a->export_dir, "%s", dir);
    } else if (rc) {
        /* The message is one line from the export ("seichi results: ..."). */
        const char *why = msg && *msg ? msg : strerror(made ? mkdir_errno : errno);
        const char *colon = strstr(why, ": ");
        if (!strncmp(why, "seichi results", 14) && colon)
            why = colon + 2;
        say(a, sei_ui_string(a->set.lang, SEI_S_EXPORT_FAILED), why);
        size_t l = strlen(a->status);
        if (l && a->status[l - 1] == '\n')
            a->status[l - 1] = 0;
    } else {
        char where[PATH_MAX];
        where_words(a, dir, usb, where, sizeof where);
        say(a, sei_ui_string(a->set.lang, SEI_S_EXPORTED), where);
        snprintf(a->export_dir, sizeof a->export_dir, "%s", dir);
    }
    free(msg);
}

/* ---- lifecycle ----------------------------------------------------------------- */

sei_app *sei_app_create(SDL_Renderer *r, SDL_Window *w, const sei_app_params *p, char *err, size_t n)
{
    sei_app *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    if (p)
        a->p = *p;
    else
        sei_app_params_default(&a->p);
    a->r = r;
    char why[400];
    if (a->p.db)
        snprintf(a->db_path, sizeof a->db_path, "%s", a->p.db);
    else if (sei_store_default_path(a->db_path, sizeof a->db_path, why, sizeof why) != SEI_STORE_OK) {
        snprintf(err, n, "%s", why);
        free(a);
        return NULL;
    }
    a->store = sei_store_open(a->db_path, why, sizeof why);
    if (!a->store) {
        snprintf(err, n, "%s", why);
        free(a);
        return NULL;
    }
    settings_load(a);
    if (a->p.lang >= 0 && a->p.lang < SEI_LANG_COUNT)
        a->set.lang = (sei_lang)a->p.lang;
    if (a->p.time_control && tc_set(a, a->p.time_control)) {
        snprintf(err, n, "--time-control '%s' does not read as a time control", a->p.time_control);
        sei_app_destroy(a);
        return NULL;
    }
    a->ui = sei_ui_create(r, w, NULL, why, sizeof why);
    if (!a->ui) {
        snprintf(err, n, "%s", why);
        sei_app_destroy(a);
        return NULL;
    }
    a->pusher = sei_pusher_create(a->db_path, &a->p.push, why, sizeof why);
    if (!a->pusher) {
        snprintf(err, n, "%s", why);
        sei_app_destroy(a);
        return NULL;
    }
    sei_pusher_kick(a->pusher, a->who.table);
    source_open(a, a->p.source ? a->p.source : a->set.camera);
    return a;
}

void sei_app_destroy(sei_app *a)
{
    if (!a)
        return;
    if (a->rs)
        record_finish(a, 0); /* the SGF holds every move already; this writes it once more */
    sei_pusher_destroy(a->pusher); /* a result being sent stays in the outbox until acknowledged */
    source_close(a);
    frame_clear(a);
    sei_tracker_destroy(a->live);
    sei_vision_destroy(a->full);
    sei_voice_destroy(a->voice);
    sei_board_destroy(a->board);
    sei_board_destroy(a->jboard);
    sei_board_destroy(a->fill_board);
    sei_ui_destroy(a->ui);
    sodium_memzero(a->pin, sizeof a->pin);
    /* Every result was committed when it was agreed; closing only checkpoints. */
    sei_store_close(a->store);
    free(a);
}

/* ---- input --------------------------------------------------------------------- */


/* The camera choice the settings screen shows: the source in use (which
 * --source may have set over the saved setting), until another is tapped. */
static const char *camera_shown(const sei_app *a)
{
    return !a->camera_touched && a->src_spec[0] ? a->src_spec : a->set.camera;
}

/* "webcam" or "webcam:N": a USB camera, not a file of that name. */
static int webcam_spec(const char *spec)
{
    return !strncmp(spec, "webcam", 6) && (!spec[6] || spec[6] == ':');
}

/* A source as people name it: "Camera module", "Webcam 1", "Photo
 * r043.jpg", "Folder caren1-9x9". */
static void source_words(const sei_app *a, const char *spec, char *out, size_t n)
{
    sei_lang L = a->set.lang;
    const char *base = strrchr(spec, '/');
    struct stat sb;
    if (!strcmp(spec, "camera"))
        snprintf(out, n, "%s", sei_ui_string(L, SEI_S_SRC_MODULE));
    else if (webcam_spec(spec))
        snprintf(out, n, sei_ui_string(L, SEI_S_SRC_WEBCAM), spec[6] ? spec + 7 : "0");
    else {
        char name[256];
        snprintf(name, sizeof name, "%s", base && base[1] ? base + 1 : spec);
        size_t l = strlen(name);
        if (l > 1 && name[l - 1] == '/') /* "games/": its own name */
            name[l - 1] = 0;
        sei_str kind = stat(spec, &sb) == 0 && S_ISDIR(sb.st_mode) ? SEI_S_SRC_FOLDER
                       : sei_picture_name(spec)                  ? SEI_S_SRC_PHOTO
                                                                 : SEI_S_SRC_VIDEO;
        snprintf(out, n, sei_ui_string(L, kind), name);
    }
}

/* Why there are no pictures, in the kiosk's language. 1 when the words
 * name a file or a folder (no cable to check), else 0. */
static int nocamera_words(const sei_app *a, char *out, size_t n)
{
    sei_lang L = a->set.lang;
    const char *spec = a->src_spec;
    out[0] = 0;
    if (!a->src_error[0])
        return 0;
    if (a->src_lost)
        snprintf(out, n, "%s", sei_ui_string(L, SEI_S_NOCAM_LOST));
    else if (!strcmp(spec, "camera"))
        snprintf(out, n, "%s", sei_ui_string(L, SEI_S_NOCAM_MODULE));
    else if (webcam_spec(spec)) {
        char dev[64];
        snprintf(dev, sizeof dev, "/dev/video%.40s", spec[6] ? spec + 7 : "0");
        snprintf(out, n, sei_ui_string(L, SEI_S_NOCAM_WEBCAM), dev);
    } else {
        char name[300];
        source_words(a, spec, name, sizeof name);
        snprintf(out, n, sei_ui_string(L, SEI_S_NOCAM_OPEN), name);
        return 1;
    }
    return 0;
}

static void settings_button(sei_app *a, sei_ui_button b)
{
    sei_rules r;
    switch (b) {
    case SEI_BTN_RULES_PREV:
    case SEI_BTN_RULES_NEXT: {
        snprintf(a->set.rules, sizeof a->set.rules, "%s",
                 sei_rules_preset_step(a->set.rules, b == SEI_BTN_RULES_NEXT ? 1 : -1));
        sei_rules_preset(&r, a->set.rules);
        a->set.komi = r.komi; /* each rule set's own komi, until changed */
        break;
    }
    case SEI_BTN_KOMI_DOWN: a->set.komi -= 0.5; break;
    case SEI_BTN_KOMI_UP: a->set.komi += 0.5; break;
    case SEI_BTN_SIZE: a->set.size = a->set.size == 0 ? 9 : a->set.size == 9 ? 13 : a->set.size == 13 ? 19 : 0; break;
    case SEI_BTN_LANG: a->set.lang = (sei_lang)((a->set.lang + 1) % SEI_LANG_COUNT); break;
    case SEI_BTN_TIME_CONTROL: {
        /* The next preset after the one set (a --time-control of its own
         * goes on to the first). */
        int cur = -1;
        char canon[48];
        for (int i = 0; i < TC_PRESETS && cur < 0; i++) {
            sei_time_control tc;
            canon[0] = 0;
            if (tc_presets[i][0] && !sei_time_control_parse(tc_presets[i], &tc, NULL, 0))
                sei_time_control_format(&tc, canon, sizeof canon);
            if (!strcmp(canon, a->set.tc))
                cur = i;
        }
        tc_set(a, tc_presets[(cur + 1) % TC_PRESETS]);
        break;
    }
    case SEI_BTN_CAMERA: {
        /* On from the choice shown: the source in use until one is tapped. */
        const char *now = camera_shown(a);
        const char *choices[5] = {"camera", "webcam:0", "webcam:1", a->p.sample, a->p.source};
        int nc = 5, cur = -1;
        for (int i = 0; i < nc; i++)
            if (choices[i] && !strcmp(choices[i], now))
                cur = i;
        for (int k = 1; k <= nc; k++) {
            const char *c = choices[(cur + k + nc) % nc];
            if (c && strcmp(c, now) && strlen(c) < sizeof a->set.camera) {
                snprintf(a->set.camera, sizeof a->set.camera, "%s", c);
                break;
            }
        }
        a->camera_touched = 1;
        break;
    }
    case SEI_BTN_EXPORT: export_results(a); return;
    case SEI_BTN_TABLE: npad_open(a, NPAD_TABLE); return;
    case SEI_BTN_ROUND: npad_open(a, NPAD_ROUND); return;
    case SEI_BTN_PLAYERS: a->screen = SEI_SCREEN_PLAYERS; return;
    case SEI_BTN_RESULTS: list_open(a); return;
    case SEI_BTN_JUDGE: judge_ask(a); return;
    case SEI_BTN_STATION:
        if (!a->station_addr[0])
            snprintf(a->station_addr, sizeof a->station_addr, "%s", a->ps.station);
        a->screen = SEI_SCREEN_STATION;
        return;
    case SEI_BTN_BACK:
        settings_save(a);
        /* A new camera choice takes effect on leaving the screen. */
        if (a->camera_touched && strcmp(a->set.camera, a->src_spec))
            source_open(a, a->set.camera);
        else
            a->screen = a->src ? SEI_SCREEN_LIVE : SEI_SCREEN_NOCAMERA;
        return;
    default: return;
    }
}

/* Open the number pad for colour's prisoners, starting from the count
 * the panel shows. */
static void pad_open(sei_app *a, int colour)
{
    a->pad_for = colour;
    a->pad_value = colour == SEI_WHITE ? a->prisoners.white : a->prisoners.black;
}

/* A key of the number pad. */
static void pad_key(sei_app *a, sei_ui_button b)
{
    if (b >= SEI_BTN_PAD_0 && b <= SEI_BTN_PAD_9) {
        if (a->pad_value < 100) /* three digits: no game has a thousand prisoners */
            a->pad_value = a->pad_value * 10 + (int)(b - SEI_BTN_PAD_0);
    } else if (b == SEI_BTN_PAD_DEL) {
        a->pad_value /= 10;
    } else if (b == SEI_BTN_PAD_OK) {
        *(a->pad_for == SEI_WHITE ? &a->prisoners.white : &a->prisoners.black) = a->pad_value;
        a->prisoners.source = SEI_PRISONERS_GIVEN;
        if (a->pad_then_count && a->pad_for == SEI_BLACK) {
            pad_open(a, SEI_WHITE); /* asked before counting: White's next */
            return;
        }
        a->pad_for = 0;
        a->pris_given = 1;
        if (a->pad_then_count) {
            a->pad_then_count = 0;
            count(a);
        }
    }
}

static void confirm_button(sei_app *a, sei_ui_button b)
{
    if (a->pad_for) {
        pad_key(a, b); /* the pad is modal: only its keys are on screen */
        return;
    }
    switch (b) {
    case SEI_BTN_RULES_PREV:
    case SEI_BTN_RULES_NEXT: {
        const char *next = sei_rules_preset_step(a->rules.name, b == SEI_BTN_RULES_NEXT ? 1 : -1);
        sei_rules r;
        sei_rules_preset(&r, next);
        rules_set(a, next, r.komi);
        komi_for_handicap(a);
        break;
    }
    case SEI_BTN_KOMI_DOWN: a->rules.komi -= 0.5; a->komi_touched = 1; break;
    case SEI_BTN_KOMI_UP: a->rules.komi += 0.5; a->komi_touched = 1; break;
    case SEI_BTN_HCAP_DOWN: a->handicap = a->handicap > 0 ? a->handicap - 1 : 0; komi_for_handicap(a); break;
    case SEI_BTN_HCAP_UP: a->handicap = a->handicap < 9 ? a->handicap + 1 : 9; komi_for_handicap(a); break;
    case SEI_BTN_PRIS_MODE:
        a->prisoners.source = a->prisoners.source == SEI_PRISONERS_LAST ? SEI_PRISONERS_GIVEN : SEI_PRISONERS_LAST;
        a->pris_given = 1;
        break;
    case SEI_BTN_PRIS_B_DOWN: a->prisoners.black -= a->prisoners.black > 0; a->pris_given = 1; break;
    case SEI_BTN_PRIS_B_UP: a->prisoners.black++; a->pris_given = 1; break;
    case SEI_BTN_PRIS_W_DOWN: a->prisoners.white -= a->prisoners.white > 0; a->pris_given = 1; break;
    case SEI_BTN_PRIS_W_UP: a->prisoners.white++; a->pris_given = 1; break;
    case SEI_BTN_PRIS_B_PAD: pad_open(a, SEI_BLACK); break;
    case SEI_BTN_PRIS_W_PAD: pad_open(a, SEI_WHITE); break;
    case SEI_BTN_LAST: a->prisoners.last = sei_color_other(a->prisoners.last); a->pris_given = 1; break;
    case SEI_BTN_COUNT:
        /* Territory counting needs the prisoners: a photo does not show
         * them, so ask (Black's, then White's) rather than take none. */
        if (a->rules.scoring == SEI_SCORING_TERRITORY && !a->pris_given && !a->resigned_winner) {
            a->pad_then_count = 1;
            pad_open(a, SEI_BLACK);
        } else
            count(a);
        break;
    case SEI_BTN_AGREED:
        if (a->resigned_winner)
            agree(a, 1);
        break;
    case SEI_BTN_BACK: a->screen = SEI_SCREEN_LIVE; a->still_since = a->now; break;
    default: break;
    }
}

/* ---- the tournament: the table and round pad, the players, the keyboard --------- */

/* Open the number pad over the current screen for what (NPAD_*). */
static void npad_open(sei_app *a, int what)
{
    sei_lang L = a->set.lang;
    a->npad = what;
    a->npad_digits[0] = 0;
    int have = what == NPAD_TABLE ? a->who.table : what == NPAD_ROUND ? a->who.round : 0;
    if (have > 0)
        snprintf(a->npad_digits, sizeof a->npad_digits, "%d", have);
    if (what == NPAD_SPARE_B || what == NPAD_SPARE_W) {
        /* Ing's fill check: the stones left in that side's bowl. */
        snprintf(a->npad_title, sizeof a->npad_title, sei_ui_string(L, SEI_S_FILL_SPARE),
                 sei_ui_string(L, what == NPAD_SPARE_B ? SEI_S_BLACK : SEI_S_WHITE));
        return;
    }
    snprintf(a->npad_title, sizeof a->npad_title, "%s",
             sei_ui_string(L, what == NPAD_TABLE   ? SEI_S_TABLE
                              : what == NPAD_ROUND ? SEI_S_ROUND
                              : what == NPAD_CODE  ? SEI_S_PAIR_CODE
                                                   : SEI_S_PIN_TITLE));
}

static void judge_enter(sei_app *a);
static void clock_pause_enter(sei_app *a);
static void station_pair(sei_app *a);

/* A key of the setting's or the PIN's pad. The table and round stay
 * within the identity's ranges (a digit that would pass them is not
 * taken); a PIN takes up to SEI_PIN_MAX digits. */
static void npad_key(sei_app *a, sei_ui_button b)
{
    size_t len = strlen(a->npad_digits);
    if (b >= SEI_BTN_PAD_0 && b <= SEI_BTN_PAD_9) {
        int max = a->npad == NPAD_TABLE ? SEI_IDENT_MAX_TABLE : SEI_IDENT_MAX_ROUND;
        int spare = a->npad == NPAD_SPARE_B || a->npad == NPAD_SPARE_W;
        if (len >= (a->npad == NPAD_CODE ? SEI_CODE_LEN : spare ? 3 : SEI_PIN_MAX))
            return; /* spares: three digits, more than any bowl holds */
        a->npad_digits[len] = (char)('0' + (b - SEI_BTN_PAD_0));
        a->npad_digits[len + 1] = 0;
        if ((a->npad == NPAD_TABLE || a->npad == NPAD_ROUND) &&
            (atoi(a->npad_digits) > max || !strcmp(a->npad_digits, "0")))
            a->npad_digits[len] = 0;
    } else if (b == SEI_BTN_PAD_DEL) {
        if (len)
            a->npad_digits[len - 1] = 0;
    } else if (b == SEI_BTN_PAD_OK) {
        if (a->npad == NPAD_PIN) {
            judge_enter(a);
            return;
        }
        if (a->npad == NPAD_PAUSE) {
            clock_pause_enter(a);
            return;
        }
        if (a->npad == NPAD_CODE) {
            station_pair(a);
            return;
        }
        if (a->npad == NPAD_SPARE_B || a->npad == NPAD_SPARE_W) {
            int c = a->npad == NPAD_SPARE_B ? SEI_BLACK : SEI_WHITE;
            a->fill_spare[c] = atoi(a->npad_digits);
            if (c == SEI_BLACK)
                npad_open(a, NPAD_SPARE_W);
            else
                fill_finish(a);
            return;
        }
        *(a->npad == NPAD_TABLE ? &a->who.table : &a->who.round) = atoi(a->npad_digits);
        a->npad = NPAD_NONE;
        who_save(a);
        sei_pusher_kick(a->pusher, a->who.table); /* a new table: its pairing fetched now */
    }
}

/* Where the keyboard's text goes, and its cap in bytes. */
static char *kb_target(sei_app *a, int what)
{
    switch (what) {
    case KB_EVENT: return a->who.event;
    case KB_BLACK: return a->who.black;
    case KB_WHITE: return a->who.white;
    case KB_FIX_BLACK: return a->pending_who.black;
    case KB_FIX_WHITE: return a->pending_who.white;
    case KB_STATION: return a->station_addr;
    case KB_JUDGE: return a->judge_name;
    default: return NULL;
    }
}

/* Names start with a capital, and so does each word of them. */
static int is_name(int what) { return what != KB_REASON && what != KB_STATION; }

/* Open the keyboard for what, starting from its text now. Text input is
 * started so a keyboard plugged in and its input method type too (SDL
 * shows the system's own on-screen keyboard where there is one). */
static void kb_open(sei_app *a, int what, sei_ui_screen back)
{
    sei_lang L = a->set.lang;
    const char *now = kb_target(a, what);
    a->kb_for = what;
    a->kb_back = back;
    a->kb_edit[0] = 0;
    a->kb_cap = what == KB_REASON ? SEI_IDENT_REASON : what == KB_STATION ? 200 : SEI_IDENT_TEXT;
    snprintf(a->kb_text, sizeof a->kb_text, "%s", now ? now : "");
    a->kb_shift = a->kb_text[0] == 0 && is_name(what); /* a name starts with a capital */
    sei_str title = what == KB_EVENT                           ? SEI_S_EVENT
                    : what == KB_BLACK || what == KB_FIX_BLACK ? SEI_S_BLACK
                    : what == KB_WHITE || what == KB_FIX_WHITE ? SEI_S_WHITE
                    : what == KB_STATION                       ? SEI_S_STATION_ADDRESS
                    : what == KB_JUDGE                         ? SEI_S_JUDGE_NAME
                                                               : SEI_S_REASON;
    snprintf(a->kb_title, sizeof a->kb_title, "%s", sei_ui_string(L, title));
    a->screen = SEI_SCREEN_KEYBOARD;
    if (SDL_WasInit(SDL_INIT_VIDEO))
        SDL_StartTextInput();
}

static void kb_close(sei_app *a, sei_ui_screen to)
{
    if (SDL_WasInit(SDL_INIT_VIDEO))
        SDL_StopTextInput();
    a->kb_edit[0] = 0;
    a->screen = to;
}

/* Add typed text: whole UTF-8 characters only, as many as the cap
 * leaves room for (a name is never cut inside a character). */
static void kb_add(sei_app *a, const char *t)
{
    size_t len = strlen(a->kb_text);
    for (size_t i = 0; t[i];) {
        size_t n = 1;
        while (t[i + n] && ((unsigned char)t[i + n] & 0xC0) == 0x80)
            n++;
        if (len + n > a->kb_cap)
            break;
        memcpy(a->kb_text + len, t + i, n);
        len += n;
        a->kb_text[len] = 0;
        i += n;
    }
    /* After a capital typed on screen, small letters again; after a space, a capital. */
    if (is_name(a->kb_for))
        a->kb_shift = len > 0 && a->kb_text[len - 1] == ' ';
    else
        a->kb_shift = 0;
}

/* Take back the last whole character. */
static void kb_del(sei_app *a)
{
    size_t len = strlen(a->kb_text);
    while (len > 0) {
        len--;
        if (((unsigned char)a->kb_text[len] & 0xC0) != 0x80)
            break;
    }
    a->kb_text[len] = 0;
}

static void judge_do(sei_app *a, const char *reason);
static void detail_open(sei_app *a, int64_t id);
static void choice_reasons(sei_app *a);

/* Done: the text is checked as every name is (valid UTF-8, no control
 * characters, the cap) and goes where it was for. */
static void kb_done(sei_app *a)
{
    char why[200];
    if (sei_ident_text_ok(a->kb_text, a->kb_cap, why, sizeof why)) {
        say(a, "%s", why);
        return;
    }
    int what = a->kb_for;
    if (what == KB_REASON) {
        if (!a->kb_text[0])
            return; /* a change needs its reason */
        char reason[SEI_IDENT_REASON + 1];
        snprintf(reason, sizeof reason, "%s", a->kb_text);
        kb_close(a, SEI_SCREEN_DETAIL);
        judge_do(a, reason);
        return;
    }
    if (what == KB_JUDGE) {
        if (!a->kb_text[0])
            return; /* the audit trail names who changed a result */
        memcpy(a->judge_name, a->kb_text, strlen(a->kb_text) + 1); /* within SEI_IDENT_TEXT: checked above */
        kb_close(a, SEI_SCREEN_LIST);
        list_open(a);
        return;
    }
    if (what == KB_STATION) {
        char url[300];
        if (a->kb_text[0] && sei_push_url(a->kb_text, url, sizeof url, why, sizeof why)) {
            say(a, "%s", sei_ui_string(a->set.lang, SEI_S_PAIR_ADDRESS));
            return;
        }
        if (strlen(a->kb_text) >= sizeof a->station_addr) {
            say(a, "%s", sei_ui_string(a->set.lang, SEI_S_PAIR_ADDRESS));
            return;
        }
        memcpy(a->station_addr, a->kb_text, strlen(a->kb_text) + 1);
        kb_close(a, SEI_SCREEN_STATION);
        return;
    }
    char *to = kb_target(a, what);
    if (!to)
        return;
    memcpy(to, a->kb_text, strlen(a->kb_text) + 1); /* within SEI_IDENT_TEXT: checked above */
    if (what == KB_FIX_BLACK) {
        kb_close(a, SEI_SCREEN_DETAIL);
        kb_open(a, KB_FIX_WHITE, SEI_SCREEN_DETAIL);
        return;
    }
    if (what == KB_FIX_WHITE) {
        kb_close(a, SEI_SCREEN_DETAIL);
        choice_reasons(a);
        return;
    }
    who_save(a);
    kb_close(a, a->kb_back);
}

static void keyboard_act(sei_app *a, const sei_ui_action *act)
{
    if (act->kind == SEI_ACT_TEXT)
        kb_add(a, act->text);
    else if (act->kind == SEI_ACT_EDITING)
        snprintf(a->kb_edit, sizeof a->kb_edit, "%s", act->text);
    else if (act->kind == SEI_ACT_KEY_DEL)
        kb_del(a);
    else if (act->kind == SEI_ACT_KEY_ENTER)
        kb_done(a);
    else if (act->kind == SEI_ACT_BUTTON) {
        sei_ui_button b = act->button;
        if (b >= SEI_BTN_KEY + ' ' && b <= SEI_BTN_KEY + '~') {
            char t[2] = {(char)(b - SEI_BTN_KEY), 0}; /* a printable ASCII key, the space bar too */
            kb_add(a, t);
        } else if (b == SEI_BTN_KEY_SHIFT)
            a->kb_shift = !a->kb_shift;
        else if (b == SEI_BTN_KEY_DEL)
            kb_del(a);
        else if (b == SEI_BTN_PAD_OK)
            kb_done(a);
        else if (b == SEI_BTN_BACK) {
            if (a->kb_for == KB_JUDGE)
                judge_lock(a); /* no name, no judge mode: back to Settings */
            else
                kb_close(a, a->kb_back);
        }
    }
}

/* ---- results: the list, one result, judge mode ------------------------------------ */

static sei_str state_word(sei_result_state st)
{
    return st == SEI_STATE_DISPUTED ? SEI_S_STATE_DISPUTED
           : st == SEI_STATE_CONFIRMED ? SEI_S_STATE_CONFIRMED
           : st == SEI_STATE_VOIDED ? SEI_S_STATE_VOIDED
                                    : SEI_S_STATE_AGREED;
}

/* "Lee – Ke", or one name, or "". */
static void players_words(const sei_ident *w, char *out, size_t n)
{
    if (w->black[0] && w->white[0])
        textf(out, n, "%s – %s", w->black, w->white);
    else
        snprintf(out, n, "%s", w->black[0] ? w->black : w->white);
}

/* Load the page of the list from list_first, newest first. */
static void list_load(sei_app *a)
{
    sei_lang L = a->set.lang;
    a->nrows = 0;
    a->list_total = 0;
    snprintf(a->list_title, sizeof a->list_title, "%s",
             sei_ui_string(L, a->judge ? SEI_S_JUDGE_MODE : SEI_S_RESULTS));
    sei_store_cursor *c = sei_store_list(a->store, SEI_STORE_LIST_NEWEST_FIRST);
    if (!c) {
        say(a, "%s", sei_store_errmsg(a->store));
        return;
    }
    sei_store_result r;
    sei_store_status st;
    while ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW) {
        if (st == SEI_STORE_ERR_ROW)
            continue; /* a damaged row: `seichi results` names it */
        int k = a->list_total++ - a->list_first;
        if (k >= 0 && k < SEI_UI_ROWS) {
            sei_ui_row *row = &a->rows[k];
            memset(row, 0, sizeof *row);
            if (r.ident.table > 0)
                snprintf(row->table, sizeof row->table, "%d", r.ident.table);
            players_words(&r.ident, row->players, sizeof row->players);
            snprintf(row->result, sizeof row->result, "%s", r.result);
            snprintf(row->state, sizeof row->state, "%s", sei_ui_string(L, state_word(r.state)));
            row->locked = r.state == SEI_STATE_CONFIRMED || r.state == SEI_STATE_VOIDED;
            a->list_ids[k] = r.id;
            a->nrows = k + 1;
        }
        sei_store_result_release(&r);
    }
    if (st != SEI_STORE_DONE)
        say(a, "%s", sei_store_errmsg(a->store));
    sei_store_cursor_close(c);
}

static void list_open(sei_app *a)
{
    a->list_first = 0;
    list_load(a);
    a->screen = SEI_SCREEN_LIST;
}

/* One result and its audit trail, in words. */
static void detail_open(sei_app *a, int64_t id)
{
    sei_lang L = a->set.lang;
    sei_store_result r;
    memset(&r, 0, sizeof r);
    sei_store_status st = sei_store_get(a->store, id, &r);
    if (st != SEI_STORE_OK) {
        say(a, "%s", sei_store_errmsg(a->store));
        return;
    }
    a->open_id = id;
    a->open_state = r.state;
    a->open_position = r.size >= SEI_MIN_SIZE && r.position[0];
    a->ndetail = a->naudit = 0;
    char part[200], line[200];
    snprintf(part, sizeof part, sei_ui_string(L, SEI_S_RESULT_N), (int)id);
    textf(a->detail[a->ndetail++], sizeof a->detail[0], "%s · %s · %s", part, r.result,
             sei_ui_string(L, state_word(r.state)));
    line[0] = 0;
    if (r.ident.table > 0 || r.ident.round > 0) {
        /* The same words as the banner's, without the players (a line of their own below). */
        if (r.ident.table > 0)
            snprintf(line, sizeof line, sei_ui_string(L, SEI_S_BANNER_TABLE), r.ident.table);
        if (r.ident.round > 0) {
            snprintf(part, sizeof part, sei_ui_string(L, SEI_S_BANNER_ROUND), r.ident.round);
            textf(line + strlen(line), sizeof line - strlen(line), "%s%s", line[0] ? " · " : "", part);
        }
    }
    if (r.ident.event[0])
        textf(line + strlen(line), sizeof line - strlen(line), "%s%s", line[0] ? " · " : "", r.ident.event);
    if (line[0])
        textf(a->detail[a->ndetail++], sizeof a->detail[0], "%s", line);
    textf(a->detail[a->ndetail++], sizeof a->detail[0], sei_ui_string(L, SEI_S_BANNER_PLAYERS),
             r.ident.black[0] ? r.ident.black : sei_ui_string(L, SEI_S_NOBODY),
             r.ident.white[0] ? r.ident.white : sei_ui_string(L, SEI_S_NOBODY));
    textf(a->detail[a->ndetail++], sizeof a->detail[0], "%s · %s", sei_ui_rules_name(L, r.rules), r.time);
    if (r.fill_checked) {
        /* Ing's fill, checked before the result was agreed: its verdict and the holes. */
        /* Its verdict is of the count before a judge's correction, if one came since. */
        textf(a->detail[a->ndetail++], sizeof a->detail[0], "%s · %s", sei_ui_string(L, SEI_S_FILL_CHECK),
              sei_ui_string(L, r.fill_recounted ? SEI_S_FILL_BEFORE_FIX
                               : r.fill_ok      ? SEI_S_FILL_AGREES
                                                : SEI_S_FILL_DISAGREES));
        textf(a->detail[a->ndetail++], sizeof a->detail[0], sei_ui_string(L, SEI_S_FILL_HOLES),
              r.fill_holes[SEI_BLACK], r.fill_holes[SEI_WHITE]);
    }
    sei_store_result_release(&r);
    sei_store_audit *rows = NULL;
    int n = 0;
    if (sei_store_audit_get(a->store, id, &rows, &n) == SEI_STORE_OK) {
        /* The newest entries, newest last. */
        for (int i = n > SEI_UI_AUDIT_LINES ? n - SEI_UI_AUDIT_LINES : 0; i < n; i++) {
            /* The action and a state in the screen's words; other fields' values as stored. */
            const char *act = rows[i].action;
            sei_str aw = !strcmp(act, "void") ? SEI_S_DO_VOID : !strcmp(act, "confirm") ? SEI_S_DO_CONFIRM : SEI_S_DO_CORRECT;
            const char *ov = rows[i].old_value ? rows[i].old_value : "", *nv = rows[i].new_value ? rows[i].new_value : "";
            if (!strcmp(rows[i].field, "state")) {
                for (int k = SEI_STATE_AGREED; k <= SEI_STATE_VOIDED; k++) {
                    if (!strcmp(ov, sei_state_name((sei_result_state)k)))
                        ov = sei_ui_string(L, state_word((sei_result_state)k));
                    if (!strcmp(nv, sei_state_name((sei_result_state)k)))
                        nv = sei_ui_string(L, state_word((sei_result_state)k));
                }
            }
            textf(a->audit[a->naudit++], sizeof a->audit[0], "%.16s  %s · %s: %s → %s  (%s)", rows[i].local_time,
                  sei_ui_string(L, aw), rows[i].field, ov, nv, rows[i].reason ? rows[i].reason : "");
        }
        sei_store_audit_free(rows, n);
    }
    a->screen = SEI_SCREEN_DETAIL;
}

/* Leave judge mode: the PIN is forgotten, and a screen only a judge may
 * be on goes back to the list as anyone sees it. */
static void judge_lock(sei_app *a)
{
    if (!a->judge)
        return;
    a->judge = 0;
    sodium_memzero(a->pin, sizeof a->pin);
    a->judge_name[0] = 0;
    a->pending = JACT_NONE;
    if (a->screen == SEI_SCREEN_KEYBOARD && a->kb_for == KB_JUDGE) {
        kb_close(a, SEI_SCREEN_SETTINGS); /* locked while the name was being typed */
        return;
    }
    if (a->screen == SEI_SCREEN_DEAD)
        a->screen = SEI_SCREEN_DETAIL; /* a judge's screen: its marks are dropped */
    if (a->screen == SEI_SCREEN_CHOICE || (a->screen == SEI_SCREEN_KEYBOARD && a->kb_back == SEI_SCREEN_DETAIL)) {
        if (a->screen == SEI_SCREEN_KEYBOARD)
            kb_close(a, SEI_SCREEN_DETAIL);
        a->screen = SEI_SCREEN_DETAIL;
    }
    if (a->screen == SEI_SCREEN_LIST)
        list_load(a);
    else if (a->screen == SEI_SCREEN_DETAIL)
        detail_open(a, a->open_id);
}

/* "Locked after wrong PINs: try again in 47 s", with the time the store says is left. */
static void say_locked(sei_app *a)
{
    int set = 0, left = 0;
    sei_store_pin_status(a->store, &set, &left);
    say(a, sei_ui_string(a->set.lang, SEI_S_PIN_LOCKED), left > 0 ? left : 1);
}

/* The PIN typed on the pad, checked by the store (which counts the wrong
 * ones and locks entry after five, for every program on the file): 1
 * right (the digits kept for the caller to clear), 0 wrong or locked
 * (said, the digits cleared). */
static int pin_right(sei_app *a)
{
    sei_store_status st = sei_store_pin_verify(a->store, a->npad_digits);
    if (st == SEI_STORE_OK)
        return 1;
    sodium_memzero(a->npad_digits, sizeof a->npad_digits);
    if (st == SEI_STORE_ERR_LOCKED)
        say_locked(a);
    else
        say(a, "%s", sei_ui_string(a->set.lang, SEI_S_PIN_WRONG));
    return 0;
}

/* Judge mode, the PIN right. Then the judge's name, typed every time
 * judge mode is entered (not kept from the last judge, so that a second
 * judge's changes are never written under the first one's name): the
 * audit trail's "who". */
static void judge_enter(sei_app *a)
{
    if (!pin_right(a))
        return;
    snprintf(a->pin, sizeof a->pin, "%s", a->npad_digits);
    sodium_memzero(a->npad_digits, sizeof a->npad_digits);
    a->npad = NPAD_NONE;
    a->judge = 1;
    a->judge_seen = a->now;
    a->judge_name[0] = 0;
    kb_open(a, KB_JUDGE, SEI_SCREEN_SETTINGS);
}

/* The PIN pad for what (NPAD_PIN, NPAD_PAUSE), unless no PIN is set (said so). */
static void pin_ask(sei_app *a, int what)
{
    int set = 0, left = 0;
    if (sei_store_pin_status(a->store, &set, &left) != SEI_STORE_OK) {
        say(a, "%s", sei_store_errmsg(a->store));
        return;
    }
    if (!set) {
        say(a, "%s", sei_ui_string(a->set.lang, SEI_S_PIN_NONE));
        return;
    }
    npad_open(a, what);
    if (left > 0)
        say_locked(a);
}

/* Settings → Judge. */
static void judge_ask(sei_app *a) { pin_ask(a, NPAD_PIN); }

/* The judge's pause of a timed game's clocks, on the Record screen, and
 * starting them again: both take the judge PIN (the same pad and the
 * store's count of wrong tries). Starting again asks for it too: in a
 * tournament only the arbiter restarts stopped clocks, and a paused clock
 * harms no one while a running one costs the player on move time, so
 * without the PIN the opponent could start it while the judge is still
 * ruling. The pause begins when Pause was tapped (typing the PIN costs
 * the player on move nothing); the clocks start again once the PIN is
 * right (nor does typing it then). */
static void clock_pause_enter(sei_app *a)
{
    if (!pin_right(a))
        return;
    sodium_memzero(a->npad_digits, sizeof a->npad_digits);
    a->npad = NPAD_NONE;
    if (!a->rs || a->screen != SEI_SCREEN_RECORD)
        return; /* the game ended while the PIN was typed */
    double t = (a->now - a->rec_t0) / 1000.0;
    int resume = sei_recsess_paused(a->rs);
    int rc = resume ? sei_recsess_resume(a->rs, t) : sei_recsess_pause(a->rs, a->pause_asked);
    if (rc < 0)
        say(a, "%s", sei_recsess_errmsg(a->rs));
    else if (rc == 0) {
        const sei_clock *c = sei_recsess_clock(a->rs);
        fprintf(stderr, "seichi kiosk: %.1f s: the judge %s the clocks%s (Black %.1f s, White %.1f s left)\n",
                resume ? t : a->pause_asked, resume ? "started" : "paused", resume ? " again" : "",
                c ? (double)(c->side[SEI_BLACK].in_overtime ? c->side[SEI_BLACK].period_left : c->side[SEI_BLACK].main_left) / 1000.0 : 0,
                c ? (double)(c->side[SEI_WHITE].in_overtime ? c->side[SEI_WHITE].period_left : c->side[SEI_WHITE].main_left) / 1000.0 : 0);
    }
}

static void choice_set(sei_app *a, int kind, sei_str title)
{
    a->choice_kind = kind;
    a->nchoices = 0;
    snprintf(a->choice_title, sizeof a->choice_title, "%s", sei_ui_string(a->set.lang, title));
    a->screen = SEI_SCREEN_CHOICE;
}

/* The short list of reasons, and a reason typed. */
static void choice_reasons(sei_app *a)
{
    static const sei_str reasons[] = {SEI_S_REASON_COUNT, SEI_S_REASON_PLAYERS, SEI_S_REASON_DISPUTE,
                                      SEI_S_REASON_CHECKED, SEI_S_REASON_TYPE};
    choice_set(a, CHOICE_REASON, SEI_S_REASON);
    for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
        snprintf(a->choices[a->nchoices++], sizeof a->choices[0], "%s", sei_ui_string(a->set.lang, reasons[i]));
}

/* A game's result corrected to one decided without a count. */
static const char *const fixed_results[SEI_UI_CHOICES] = {"B+R", "W+R", "B+T", "W+T", "B+F", "W+F"};

static void choice_results(sei_app *a)
{
    sei_lang L = a->set.lang;
    choice_set(a, CHOICE_RESULT, SEI_S_DO_CORRECT);
    for (int i = 0; i < SEI_UI_CHOICES; i++) {
        char how = fixed_results[i][2];
        sei_str fmt = how == 'R' ? SEI_S_WINS_BY_RESIGNATION : how == 'T' ? SEI_S_WINS_ON_TIME : SEI_S_WINS_BY_FORFEIT;
        snprintf(a->choices[a->nchoices++], sizeof a->choices[0], sei_ui_string(L, fmt),
                 sei_ui_string(L, fixed_results[i][0] == 'W' ? SEI_S_WHITE : SEI_S_BLACK));
    }
}

/* The judge's change, through the store's judge functions (the PIN
 * checked again, the state's rules, the audit rows in the same
 * transaction). The English words of the reasons go into the audit
 * trail, whatever the screen's language, as the command line's do. */
static void judge_do(sei_app *a, const char *reason)
{
    sei_store_status st = SEI_STORE_ERR_ARG;
    int changed = 0;
    if (a->pending == JACT_CONFIRM)
        st = sei_store_confirm(a->store, a->open_id, a->pin, a->judge_name, reason);
    else if (a->pending == JACT_VOID)
        st = sei_store_void(a->store, a->open_id, a->pin, a->judge_name, reason);
    else if (a->pending == JACT_RESULT || a->pending == JACT_NAMES || a->pending == JACT_DEAD) {
        sei_store_change c;
        memset(&c, 0, sizeof c);
        if (a->pending == JACT_RESULT)
            c.result = a->pending_result;
        else if (a->pending == JACT_DEAD)
            c.dead = a->pending_dead;
        else {
            c.ident = a->pending_who;
            c.given = SEI_IDENT_BLACK | SEI_IDENT_WHITE;
        }
        st = sei_store_correct(a->store, a->open_id, a->pin, a->judge_name, reason, &c, &changed);
    }
    a->pending = JACT_NONE;
    if (st == SEI_STORE_ERR_AUTH || st == SEI_STORE_ERR_LOCKED) {
        /* The PIN was changed meanwhile, or entry locked: out of judge mode. */
        judge_lock(a);
        if (st == SEI_STORE_ERR_LOCKED)
            say_locked(a);
        else
            say(a, "%s", sei_ui_string(a->set.lang, SEI_S_PIN_WRONG));
        return;
    }
    char msg[200];
    snprintf(msg, sizeof msg, "%s", st == SEI_STORE_OK ? "" : sei_store_errmsg(a->store));
    /* A change to a result the station has goes there now, not at the
     * next look at the outbox. */
    if (st == SEI_STORE_OK)
        sei_pusher_kick(a->pusher, a->who.table);
    detail_open(a, a->open_id);
    if (st == SEI_STORE_OK)
        say(a, sei_ui_string(a->set.lang, SEI_S_RESULT_NOW), (int)a->open_id,
            sei_ui_string(a->set.lang, state_word(a->open_state)));
    else
        say(a, "%s", msg);
}

static void list_button(sei_app *a, sei_ui_button b)
{
    if (b >= SEI_BTN_ROW_0 && b <= SEI_BTN_ROW_5 && (int)(b - SEI_BTN_ROW_0) < a->nrows)
        detail_open(a, a->list_ids[b - SEI_BTN_ROW_0]);
    else if (b == SEI_BTN_UP && a->list_first > 0) {
        a->list_first = a->list_first > SEI_UI_ROWS ? a->list_first - SEI_UI_ROWS : 0;
        list_load(a);
    } else if (b == SEI_BTN_DOWN && a->list_first + SEI_UI_ROWS < a->list_total) {
        a->list_first += SEI_UI_ROWS;
        list_load(a);
    } else if (b == SEI_BTN_LOCK)
        judge_lock(a);
    else if (b == SEI_BTN_BACK) {
        /* Leaving the results leaves judge mode. */
        judge_lock(a);
        a->screen = SEI_SCREEN_SETTINGS;
    }
}

/* Correct dead stones: the opened result's position as stored, with its
 * dead stones marked, for the judge to tap. */
static void dead_open(sei_app *a)
{
    sei_store_result r;
    memset(&r, 0, sizeof r);
    if (sei_store_get(a->store, a->open_id, &r) != SEI_STORE_OK) {
        say(a, "%s", sei_store_errmsg(a->store));
        return;
    }
    char why[200];
    sei_board *b = sei_store_result_board(&r, a->jdead, why, sizeof why);
    sei_store_result_release(&r);
    if (!b) {
        say(a, "%s", why);
        return;
    }
    sei_board_destroy(a->jboard);
    a->jboard = b;
    a->jzoom_span = 0;
    a->screen = SEI_SCREEN_DEAD;
}

/* A tap on the dead-stone screen: zoom where points are close, then a
 * stone's group marked dead or alive (an empty point does nothing: the
 * position is the one agreed). */
static void dead_tap(sei_app *a, const sei_ui_action *act)
{
    int c0, r0, span;
    if (!a->jzoom_span && act->small && sei_ui_zoom_window(a->ui, a->jboard->size, act->x, act->y, &c0, &r0, &span)) {
        a->jzoom_col = c0;
        a->jzoom_row = r0;
        a->jzoom_span = span;
        return;
    }
    a->jzoom_span = 0;
    int p = sei_board_point(a->jboard, act->x, act->y);
    if (a->jboard->color[p] == SEI_EMPTY)
        return;
    int chain[SEI_MAX_POINTS];
    int k = sei_board_chain(a->jboard, p, chain);
    uint8_t to = !a->jdead[p];
    for (int i = 0; i < k; i++)
        a->jdead[chain[i]] = to;
}

/* Done: the dead stones as SGF points ("none" for none), then the reason. */
static void dead_done(sei_app *a)
{
    size_t k = 0;
    sei_board *b = a->jboard;
    a->pending_dead[0] = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            if (a->jdead[sei_board_point(b, x, y)] && k + 4 < sizeof a->pending_dead)
                k += (size_t)snprintf(a->pending_dead + k, sizeof a->pending_dead - k, "%s%c%c", k ? " " : "",
                                      'a' + x, 'a' + y);
    if (!k)
        snprintf(a->pending_dead, sizeof a->pending_dead, "none");
    a->pending = JACT_DEAD;
    a->screen = SEI_SCREEN_DETAIL;
    choice_reasons(a);
}

static void detail_button(sei_app *a, sei_ui_button b)
{
    if (b == SEI_BTN_BACK) {
        list_load(a);
        a->screen = SEI_SCREEN_LIST;
        return;
    }
    if (!a->judge)
        return; /* without the PIN a result is only shown */
    if (b == SEI_BTN_DO_CONFIRM) {
        a->pending = JACT_CONFIRM;
        choice_reasons(a);
    } else if (b == SEI_BTN_DO_VOID) {
        a->pending = JACT_VOID;
        choice_reasons(a);
    } else if (b == SEI_BTN_DO_CORRECT) {
        a->pending = JACT_RESULT;
        choice_results(a);
    } else if (b == SEI_BTN_DO_NAMES) {
        sei_store_result r;
        memset(&r, 0, sizeof r);
        if (sei_store_get(a->store, a->open_id, &r) != SEI_STORE_OK) {
            say(a, "%s", sei_store_errmsg(a->store));
            return;
        }
        a->pending_who = r.ident;
        sei_store_result_release(&r);
        a->pending = JACT_NAMES;
        kb_open(a, KB_FIX_BLACK, SEI_SCREEN_DETAIL);
    } else if (b == SEI_BTN_DO_DEAD && a->open_position)
        dead_open(a);
}

static void choice_button(sei_app *a, sei_ui_button b)
{
    if (b == SEI_BTN_BACK) {
        a->pending = JACT_NONE;
        a->screen = SEI_SCREEN_DETAIL;
        return;
    }
    if (b < SEI_BTN_CHOICE_0 || b > SEI_BTN_CHOICE_5 || (int)(b - SEI_BTN_CHOICE_0) >= a->nchoices)
        return;
    int i = (int)(b - SEI_BTN_CHOICE_0);
    if (a->choice_kind == CHOICE_RESULT) {
        snprintf(a->pending_result, sizeof a->pending_result, "%s", fixed_results[i]);
        choice_reasons(a);
        return;
    }
    if (i == a->nchoices - 1) {
        kb_open(a, KB_REASON, SEI_SCREEN_DETAIL);
        return;
    }
    /* The audit trail keeps the reason in English, one wording for every kiosk. */
    static const sei_str reasons[] = {SEI_S_REASON_COUNT, SEI_S_REASON_PLAYERS, SEI_S_REASON_DISPUTE,
                                      SEI_S_REASON_CHECKED};
    judge_do(a, sei_ui_string(SEI_LANG_EN, reasons[i]));
}

/* ---- the director's station: pairing, the outbox, the table's pairing ------------- */

/* The pairing code typed: the worker exchanges it for a token at the
 * address typed; the answer comes back through station_tick. */
static void station_pair(sei_app *a)
{
    if (strlen(a->npad_digits) != SEI_CODE_LEN)
        return; /* six digits, or nothing to send */
    a->enroll_base = a->ps.enroll_done;
    a->enroll_pending = 1;
    a->enroll_error = SEI_PUSH_OK;
    sei_pusher_enroll(a->pusher, a->station_addr, a->npad_digits);
    sodium_memzero(a->npad_digits, sizeof a->npad_digits);
    a->npad = NPAD_NONE;
}

static void station_button(sei_app *a, sei_ui_button b)
{
    char url[300], why[200];
    switch (b) {
    case SEI_BTN_STATION_ADDR: kb_open(a, KB_STATION, SEI_SCREEN_STATION); break;
    case SEI_BTN_PAIR:
        if (sei_push_url(a->station_addr, url, sizeof url, why, sizeof why))
            say(a, "%s", sei_ui_string(a->set.lang, SEI_S_PAIR_ADDRESS));
        else
            npad_open(a, NPAD_CODE);
        break;
    case SEI_BTN_FORGET:
        sei_pusher_forget(a->pusher);
        a->ps.paired = 0; /* at once on the screen; the worker's next state says the same */
        a->enroll_error = SEI_PUSH_OK;
        a->enroll_pending = 0;
        break;
    case SEI_BTN_BACK: a->screen = SEI_SCREEN_SETTINGS; break;
    default: break;
    }
}

/* Two pairings name the same game for the same players. */
static int pairing_same(const sei_store_pairing *x, const sei_store_pairing *y)
{
    char a1[SEI_IDENT_TEXT + 1], a2[SEI_IDENT_TEXT + 1], b1[SEI_IDENT_TEXT + 1], b2[SEI_IDENT_TEXT + 1];
    sei_store_player_name(&x->black, a1, sizeof a1);
    sei_store_player_name(&y->black, a2, sizeof a2);
    sei_store_player_name(&x->white, b1, sizeof b1);
    sei_store_player_name(&y->white, b2, sizeof b2);
    return x->round == y->round && x->table == y->table && x->handicap == y->handicap && !strcmp(a1, a2) &&
           !strcmp(b1, b2);
}

/* The worker's news: a pairing answered, the outbox's count, the table's
 * pairing. A pairing fetched that differs from the last one applied sets
 * the round, the players and the handicap (names typed by hand stay until
 * the station's pairing changes). Returns 1 when the screen changed. */
static int station_tick(sei_app *a)
{
    sei_pusher_state old = a->ps;
    sei_pusher_get(a->pusher, &a->ps);
    int changed = old.paired != a->ps.paired || old.waiting != a->ps.waiting || old.last != a->ps.last ||
                  strcmp(old.station, a->ps.station) || strcmp(old.kiosk, a->ps.kiosk);
    if (a->enroll_pending && a->ps.enroll_done != a->enroll_base) {
        a->enroll_pending = 0;
        a->enroll_error = a->ps.enroll_status;
        snprintf(a->enroll_why, sizeof a->enroll_why, "%s", a->ps.enroll_why);
        changed = 1;
    }
    if (a->ps.pairing_gen != a->pairing_seen) {
        a->pairing_seen = a->ps.pairing_gen;
        const sei_store_pairing *p = &a->ps.pairing;
        if (!a->ps.pairing_found) {
            changed |= a->pair_have;
            a->pair_have = a->pair_handicap = 0;
        } else if (p->table == a->who.table && (!a->pair_have || !pairing_same(p, &a->pair_applied))) {
            a->pair_applied = *p;
            a->pair_have = 1;
            a->pair_handicap = p->handicap;
            a->who.round = p->round;
            sei_store_player_name(&p->black, a->who.black, sizeof a->who.black);
            sei_store_player_name(&p->white, a->who.white, sizeof a->who.white);
            who_save(a);
            changed = 1;
        }
    }
    return changed;
}

/* The station screen's lines, in words. */
static void station_words(sei_app *a, sei_ui_view *v)
{
    sei_lang L = a->set.lang;
    const char *addr = a->station_addr[0] ? a->station_addr : a->ps.station;
    if (a->enroll_pending)
        textf(a->station_line, sizeof a->station_line, sei_ui_string(L, SEI_S_PAIRING), addr);
    else if (a->ps.paired)
        textf(a->station_line, sizeof a->station_line, sei_ui_string(L, SEI_S_PAIRED), a->ps.station, a->ps.kiosk);
    else
        textf(a->station_line, sizeof a->station_line, "%s", sei_ui_string(L, SEI_S_NOT_PAIRED));
    a->station_alert[0] = 0;
    if (!a->enroll_pending && a->enroll_error) {
        switch (a->enroll_error) {
        case SEI_PUSH_AUTH: textf(a->station_alert, sizeof a->station_alert, "%s", sei_ui_string(L, SEI_S_PAIR_WRONG)); break;
        case SEI_PUSH_LOCKED: textf(a->station_alert, sizeof a->station_alert, "%s", sei_ui_string(L, SEI_S_PAIR_LOCKED)); break;
        case SEI_PUSH_UNREACHABLE:
            textf(a->station_alert, sizeof a->station_alert, sei_ui_string(L, SEI_S_UNREACHABLE), addr);
            break;
        case SEI_PUSH_ARG: textf(a->station_alert, sizeof a->station_alert, "%s", sei_ui_string(L, SEI_S_PAIR_ADDRESS)); break;
        default: textf(a->station_alert, sizeof a->station_alert, sei_ui_string(L, SEI_S_PAIR_FAILED), a->enroll_why); break;
        }
    } else if (a->ps.paired && a->ps.last == SEI_PUSH_UNREACHABLE)
        textf(a->station_alert, sizeof a->station_alert, sei_ui_string(L, SEI_S_UNREACHABLE), a->ps.station);
    else if (a->ps.paired && a->ps.last == SEI_PUSH_AUTH)
        textf(a->station_alert, sizeof a->station_alert, "%s", sei_ui_string(L, SEI_S_TOKEN_REFUSED));
    v->station_addr = addr;
    v->station_line = a->station_line;
    v->station_alert = a->station_alert[0] ? a->station_alert : NULL;
    v->paired = a->ps.paired;
}

int sei_app_handle(sei_app *a, const SDL_Event *e)
{
    sei_ui_action act;
    if (!a || !sei_ui_event(a->ui, e, &act))
        return 0;
    if (act.kind == SEI_ACT_QUIT)
        return 1;
    if (a->judge)
        a->judge_seen = a->now; /* judge mode locks itself after two idle minutes */
    if (a->npad) {
        /* The pad is modal: only its keys, and Back, are on screen. */
        if (act.kind == SEI_ACT_BUTTON && act.button == SEI_BTN_BACK) {
            sodium_memzero(a->npad_digits, sizeof a->npad_digits);
            a->npad = NPAD_NONE;
        } else if (act.kind == SEI_ACT_BUTTON)
            npad_key(a, act.button);
        return 0;
    }
    switch (a->screen) {
    case SEI_SCREEN_LIVE:
        if (act.kind == SEI_ACT_CORNER && act.corner >= 0 && act.corner < 4 && a->view.width > 0) {
            /* The ui speaks in the pixels of the view it was shown, a
             * shrunk copy of the frame. */
            double k = (double)a->frame.width / a->view.width;
            a->corners[act.corner][0] = act.fx * k;
            a->corners[act.corner][1] = act.fy * k;
            a->corners_set = 1;
        } else if (act.kind == SEI_ACT_BUTTON) {
            if (act.button == SEI_BTN_CAPTURE)
                capture(a);
            else if (act.button == SEI_BTN_SETTINGS) {
                a->camera_touched = 0;
                a->screen = SEI_SCREEN_SETTINGS;
            } else if (act.button == SEI_BTN_FIX_CORNERS) {
                /* Start from what was detected, or a square inside the frame. */
                a->editing = 1;
                if (a->found)
                    memcpy(a->corners, a->seen.corners, sizeof a->corners);
                else if (!a->corners_set && a->frame.buf) {
                    double w = a->frame.width, h = a->frame.height, s = fmin(w, h) * 0.35;
                    double c[4][2] = {{w / 2 - s, h / 2 - s}, {w / 2 + s, h / 2 - s}, {w / 2 + s, h / 2 + s}, {w / 2 - s, h / 2 + s}};
                    memcpy(a->corners, c, sizeof c);
                }
                a->corners_set = 1;
            } else if (act.button == SEI_BTN_RECORD) {
                record_start(a);
            } else if (act.button == SEI_BTN_CORNERS_DONE) {
                a->editing = 0;
                capture(a);
                a->corners_set = 0;
            }
        }
        break;
    case SEI_SCREEN_CONFIRM:
        if ((act.kind == SEI_ACT_POINT || act.kind == SEI_ACT_POINT_HOLD) && a->board) {
            /* Points closer than a fingertip: the first tap zooms into
             * its part of the board, the next one picks the point. */
            int c0, r0, span;
            if (!a->zoom_span && act.small &&
                sei_ui_zoom_window(a->ui, a->board->size, act.x, act.y, &c0, &r0, &span)) {
                a->zoom_col = c0;
                a->zoom_row = r0;
                a->zoom_span = span;
                break;
            }
            a->zoom_span = 0;
            int p = sei_board_point(a->board, act.x, act.y);
            if (act.kind == SEI_ACT_POINT && a->board->color[p] != SEI_EMPTY && !a->edited[p])
                toggle_chain(a, p);
            else
                cycle_point(a, p);
        } else if (act.kind == SEI_ACT_BUTTON) {
            /* Back out of a zoom is the whole board again, not the live
             * view; any other button shows the whole board and acts. */
            int was_zoomed = a->zoom_span > 0;
            a->zoom_span = 0;
            if (!(was_zoomed && act.button == SEI_BTN_BACK))
                confirm_button(a, act.button);
        }
        break;
    case SEI_SCREEN_RESULT:
        if (act.kind != SEI_ACT_BUTTON)
            break;
        if (act.button == SEI_BTN_AGREED)
            agree(a, 0);
        else if (act.button == SEI_BTN_FILL_CHECK && a->have_score && a->score.rules.fill_check)
            a->screen = SEI_SCREEN_FILL; /* its outcome, if checked already, shown again */
        else if (act.button == SEI_BTN_BACK)
            a->screen = SEI_SCREEN_CONFIRM;
        else if (act.button == SEI_BTN_RESUME) {
            /* Play goes on: nothing is stored, and the next capture waits for the board to change. */
            a->screen = a->src ? SEI_SCREEN_LIVE : SEI_SCREEN_NOCAMERA;
            a->still_since = a->now;
        }
        break;
    case SEI_SCREEN_SETTINGS:
        if (act.kind == SEI_ACT_BUTTON)
            settings_button(a, act.button);
        break;
    case SEI_SCREEN_RECORD:
        if (act.kind == SEI_ACT_BUTTON && (act.button == SEI_BTN_END || act.button == SEI_BTN_STOP))
            record_finish(a, act.button == SEI_BTN_END);
        else if (act.kind == SEI_ACT_BUTTON && act.button == SEI_BTN_PAUSE && a->rs && sei_recsess_clock(a->rs)) {
            a->pause_asked = (a->now - a->rec_t0) / 1000.0;
            pin_ask(a, NPAD_PAUSE);
        } else if (act.kind == SEI_ACT_BUTTON && (act.button == SEI_BTN_CLOCK_B || act.button == SEI_BTN_CLOCK_W) && a->rs)
            /* A player's half tapped: that player's move is made. A tap
             * by the player not on move does nothing. */
            sei_recsess_clock_tap(a->rs, act.button == SEI_BTN_CLOCK_B ? SEI_BLACK : SEI_WHITE,
                                  (a->now - a->rec_t0) / 1000.0);
        break;
    case SEI_SCREEN_NOCAMERA:
        if (act.kind != SEI_ACT_BUTTON)
            break;
        if (act.button == SEI_BTN_RETRY)
            source_open(a, a->src_spec[0] ? a->src_spec : a->set.camera);
        else if (act.button == SEI_BTN_SAMPLE && a->p.sample)
            source_open(a, a->p.sample);
        else if (act.button == SEI_BTN_SETTINGS) {
            a->camera_touched = 0;
            a->screen = SEI_SCREEN_SETTINGS;
        }
        break;
    case SEI_SCREEN_PLAYERS:
        if (act.kind != SEI_ACT_BUTTON)
            break;
        if (act.button == SEI_BTN_EVENT)
            kb_open(a, KB_EVENT, SEI_SCREEN_PLAYERS);
        else if (act.button == SEI_BTN_NAME_BLACK)
            kb_open(a, KB_BLACK, SEI_SCREEN_PLAYERS);
        else if (act.button == SEI_BTN_NAME_WHITE)
            kb_open(a, KB_WHITE, SEI_SCREEN_PLAYERS);
        else if (act.button == SEI_BTN_BACK)
            a->screen = SEI_SCREEN_SETTINGS;
        break;
    case SEI_SCREEN_KEYBOARD: keyboard_act(a, &act); break;
    case SEI_SCREEN_LIST:
        if (act.kind == SEI_ACT_BUTTON)
            list_button(a, act.button);
        break;
    case SEI_SCREEN_DETAIL:
        if (act.kind == SEI_ACT_BUTTON)
            detail_button(a, act.button);
        break;
    case SEI_SCREEN_CHOICE:
        if (act.kind == SEI_ACT_BUTTON)
            choice_button(a, act.button);
        break;
    case SEI_SCREEN_STATION:
        if (act.kind == SEI_ACT_BUTTON)
            station_button(a, act.button);
        break;
    case SEI_SCREEN_FILL:
        if (act.kind == SEI_ACT_BUTTON && act.button == SEI_BTN_PHOTOGRAPH)
            fill_photograph(a);
        else if (act.kind == SEI_ACT_BUTTON && act.button == SEI_BTN_BACK)
            a->screen = SEI_SCREEN_RESULT;
        break;
    case SEI_SCREEN_DEAD:
        if ((act.kind == SEI_ACT_POINT || act.kind == SEI_ACT_POINT_HOLD) && a->jboard)
            dead_tap(a, &act);
        else if (act.kind == SEI_ACT_BUTTON && a->jzoom_span && act.button == SEI_BTN_BACK)
            a->jzoom_span = 0; /* back out of a zoom: the whole board again */
        else if (act.kind == SEI_ACT_BUTTON && act.button == SEI_BTN_BACK)
            a->screen = SEI_SCREEN_DETAIL; /* nothing changed */
        else if (act.kind == SEI_ACT_BUTTON && act.button == SEI_BTN_PAD_OK && a->judge && a->jboard)
            dead_done(a);
        break;
    }
    return 0;
}

int sei_app_tick(sei_app *a, double now)
{
    if (!a)
        return 0;
    a->now = now;
    int redraw = 0;
    if (a->status[0] && now > a->status_until) {
        a->status[0] = 0;
        redraw = 1;
    }
    if (a->judge && now - a->judge_seen > JUDGE_IDLE_MS) {
        judge_lock(a);
        redraw = 1;
    }
    redraw |= station_tick(a);
    if (a->screen == SEI_SCREEN_LIVE)
        redraw |= live_tick(a);
    else if (a->screen == SEI_SCREEN_RECORD && a->rs)
        redraw |= record_tick(a);
    else if (a->screen == SEI_SCREEN_NOCAMERA && !a->src && now >= a->retry_at) {
        /* Plugging the camera in is enough: it is looked for again now and then. */
        a->retry_at = now + a->p.retry_ms;
        if (sei_source_try_open(a->src_spec, &a->src, NULL, 0) == SEI_SOURCE_OK) {
            source_close(a);
            source_open(a, a->src_spec);
            redraw = 1;
        }
    }
    return redraw;
}

void sei_app_draw(sei_app *a)
{
    if (!a)
        return;
    sei_ui_view v;
    sei_app_view(a, &v);
    sei_ui_draw(a->ui, &v);
}

void sei_app_view(sei_app *a, sei_ui_view *out)
{
    sei_ui_view v;
    memset(&v, 0, sizeof v);
    v.screen = a->screen;
    v.lang = a->set.lang;
    v.status = a->status[0] ? a->status : NULL;
    /* The banner (live, confirm, result) and the settings' tournament row. */
    v.table = a->who.table;
    v.round = a->who.round;
    v.black_name = a->who.black;
    v.white_name = a->who.white;
    v.banner_handicap = a->pair_handicap;
    /* The results the station has not received, while paired with one. */
    v.waiting = a->ps.paired && a->ps.waiting > 0 ? (int)(a->ps.waiting < 1000000 ? a->ps.waiting : 999999) : 0;
    if (a->npad) {
        size_t n = strlen(a->npad_digits);
        if (a->npad == NPAD_PIN || a->npad == NPAD_PAUSE) {
            a->npad_shown[0] = 0;
            for (size_t i = 0; i < n; i++)
                strcat(a->npad_shown, "●");
        } else /* a pairing code shows: it is used once, and the station's screen showed it anyway */
            snprintf(a->npad_shown, sizeof a->npad_shown, "%s", n ? a->npad_digits : "–");
        v.pad_title = a->npad_title;
        v.pad_text = a->npad_shown;
    }
    switch (a->screen) {
    case SEI_SCREEN_LIVE:
        v.frame = (sei_ui_frame){a->view.width, a->view.height, a->view.stride, a->view.channels, a->view.buf};
        if (a->view.buf && a->frame.width) {
            /* The reading is in the frame's pixels; the screen shows the view. */
            double k = (double)a->view.width / a->frame.width;
            const double S[9] = {k, 0, 0, 0, k, 0, 0, 0, 1};
            sei_h_mul(S, a->seen.H, v.H);
            for (int i = 0; i < 4; i++) {
                v.corners[i][0] = a->corners[i][0] * k;
                v.corners[i][1] = a->corners[i][1] * k;
            }
        }
        v.found = a->found;
        v.size = a->seen.size;
        /* A camera placed where the reader reads worse: said while the board is seen. */
        if (a->found && sei_vision_view_low(&a->seen, a->p.view_low))
            v.view_low = (int)lround(a->seen.elevation);
        v.view_far = a->found && sei_vision_view_far(&a->seen, a->p.view_far);
        v.moving = a->moving;
        v.unsure = a->unsure;
        v.editing_corners = a->editing;
        /* The bar toward capture shows only while a capture may come. */
        v.still = a->found && a->armed && a->p.autocapture && a->p.still_ms > 0 ? (a->now - a->still_since) / a->p.still_ms : 0;
        break;
    case SEI_SCREEN_CONFIRM:
    case SEI_SCREEN_RESULT:
        v.board = a->board;
        v.dead = a->dead;
        v.check = a->check;
        v.check_board = a->check_board;
        v.check_hidden = a->check_hidden;
        v.score = a->screen == SEI_SCREEN_RESULT && a->have_score ? &a->score : NULL;
        v.rules = &a->rules;
        v.handicap = a->handicap;
        v.prisoners = a->prisoners;
        v.resigned_winner = a->resigned_winner;
        v.won_on_time = a->won_on_time;
        v.pad_for = a->screen == SEI_SCREEN_CONFIRM ? a->pad_for : 0;
        v.pad_value = a->pad_value;
        if (a->screen == SEI_SCREEN_CONFIRM && a->zoom_span) {
            v.zoom_col = a->zoom_col;
            v.zoom_row = a->zoom_row;
            v.zoom_span = a->zoom_span;
        }
        break;
    case SEI_SCREEN_RECORD: {
        v.frame = (sei_ui_frame){a->view.width, a->view.height, a->view.stride, a->view.channels, a->view.buf};
        double c[4][2];
        int n;
        const sei_recorder *rec = a->rs ? sei_recsess_recorder(a->rs) : NULL;
        v.rec_waiting = !rec;
        v.rec_clock = a->rs ? sei_recsess_clock(a->rs) : NULL;
        v.rec_paused = a->rs && sei_recsess_paused(a->rs);
        v.last_col = v.last_row = -1;
        if (a->rs && a->view.buf && a->frame.width && sei_recsess_geometry(a->rs, c, &n) == 0) {
            /* The lattice as the view shows it: grid (col, row) to view pixels. */
            double k = (double)a->view.width / a->frame.width;
            const double uv[8] = {0, 0, n - 1, 0, n - 1, n - 1, 0, n - 1};
            double xy[8];
            for (int i = 0; i < 4; i++) {
                xy[2 * i] = c[i][0] * k;
                xy[2 * i + 1] = c[i][1] * k;
            }
            if (sei_h_fit(uv, xy, 4, v.H) == 0) {
                v.found = 1;
                v.size = n;
            }
        }
        if (rec) {
            const sei_rec_move *m;
            v.rec_moves = sei_recorder_moves(rec, &m);
            const sei_board *b = sei_recorder_board(rec);
            if (v.rec_moves && m[v.rec_moves - 1].point != SEI_PASS) {
                v.last_col = sei_board_x(b, m[v.rec_moves - 1].point);
                v.last_row = sei_board_y(b, m[v.rec_moves - 1].point);
            }
            v.rec_board = b;
            v.rec_overlay = a->rec_lost;
        }
        for (int i = 0; i < 6 && a->rec_lines[i][0]; i++)
            v.rec_lines[i] = a->rec_lines[i];
        v.moving = a->rec_moving;
        if (a->rec_lost)
            v.rec_alert = sei_ui_string(a->set.lang, SEI_S_REC_LOST);
        else if (a->rec_alert[0] && a->now < a->rec_alert_until)
            v.rec_alert = a->rec_alert;
        break;
    }
    case SEI_SCREEN_SETTINGS:
        v.settings = a->set;
        source_words(a, camera_shown(a), v.settings.camera, sizeof v.settings.camera);
        break;
    case SEI_SCREEN_NOCAMERA:
        v.nocam_file = nocamera_words(a, a->nocam_line, sizeof a->nocam_line);
        v.message = a->nocam_line[0] ? a->nocam_line : NULL;
        v.have_sample = a->p.sample != NULL;
        break;
    case SEI_SCREEN_PLAYERS: v.event = a->who.event; break;
    case SEI_SCREEN_KEYBOARD:
        v.kb_title = a->kb_title;
        v.kb_text = a->kb_text;
        v.kb_editing = a->kb_edit[0] ? a->kb_edit : NULL;
        v.kb_shift = a->kb_shift;
        v.kb_address = a->kb_for == KB_STATION;
        break;
    case SEI_SCREEN_LIST:
        v.list_title = a->list_title;
        v.judge_name = a->judge_name;
        memcpy(v.rows, a->rows, sizeof v.rows);
        v.nrows = a->nrows;
        v.more_up = a->list_first > 0;
        v.more_down = a->list_first + a->nrows < a->list_total;
        v.judge = a->judge;
        break;
    case SEI_SCREEN_DETAIL:
        for (int i = 0; i < a->ndetail; i++)
            v.detail[i] = a->detail[i];
        for (int i = 0; i < a->naudit; i++)
            v.audit[i] = a->audit[i];
        v.judge = a->judge;
        v.can_confirm = v.can_correct = a->open_state == SEI_STATE_AGREED || a->open_state == SEI_STATE_DISPUTED;
        v.can_dead = v.can_correct && a->open_position;
        v.can_void = a->open_state != SEI_STATE_VOIDED;
        v.locked = a->open_state == SEI_STATE_CONFIRMED;
        break;
    case SEI_SCREEN_CHOICE:
        v.choice_title = a->choice_title;
        for (int i = 0; i < a->nchoices; i++)
            v.choices[i] = a->choices[i];
        break;
    case SEI_SCREEN_STATION: station_words(a, &v); break;
    case SEI_SCREEN_FILL:
        v.board = a->board;
        v.dead = a->dead;
        v.score = a->have_score ? &a->score : NULL;
        v.rules = &a->rules;
        if (a->fill_have) {
            v.fill = &a->fill;
            v.fill_board = a->fill_board;
            v.check = a->fill_doubt;
            v.fill_points = a->fill_points;
        }
        break;
    case SEI_SCREEN_DEAD:
        v.board = a->jboard;
        v.dead = a->jdead;
        v.detail[0] = a->detail[0];
        v.zoom_col = a->jzoom_col;
        v.zoom_row = a->jzoom_row;
        v.zoom_span = a->jzoom_span;
        break;
    }
    *out = v;
}

sei_ui_screen sei_app_screen(const sei_app *a) { return a->screen; }
const sei_ui *sei_app_ui(const sei_app *a) { return a->ui; }
int64_t sei_app_saved_id(const sei_app *a) { return a->saved_id; }
const sei_score *sei_app_score(const sei_app *a) { return a->have_score ? &a->score : NULL; }
const sei_board *sei_app_board(const sei_app *a) { return a->screen == SEI_SCREEN_DEAD ? a->jboard : a->board; }
const uint8_t *sei_app_dead(const sei_app *a) { return a->screen == SEI_SCREEN_DEAD ? a->jdead : a->dead; }
const uint8_t *sei_app_check(const sei_app *a) { return a->check; }
const sei_fill_report *sei_app_fill(const sei_app *a) { return a->fill_have ? &a->fill : NULL; }
double sei_app_detect_ms(const sei_app *a) { return a->detect_ms; }
const char *sei_app_status(const sei_app *a) { return a->status; }
const sei_voice *sei_app_voice(const sei_app *a) { return a->voice; }
const char *sei_app_export_dir(const sei_app *a) { return a->export_dir; }
int sei_app_searched(const sei_app *a) { return a->searched; }
