/* test_ui.c - the kiosk's screens for real: SDL2 rendering through a
 * software renderer onto a surface (no display), driven by synthetic
 * finger and mouse events, with a real results database.
 *
 *  - golden PNGs: every screen in every language is drawn and compared
 *    with tests/golden/ (SEI_UPDATE_GOLDEN=1 rewrites them; each run also
 *    leaves its pictures in the build folder's ui-out/ to look at);
 *  - taps: a tap on a stone marks its whole group dead and changes the
 *    count; SDL's mouse copy of a touch is not a second tap; a hold
 *    changes a stone; the side panel's buttons change rules and komi;
 *  - the whole flow: the bundled photo, still for a moment, is captured
 *    by itself, counted, agreed, and found in the database and its export;
 *  - no camera: the message, then the sample photo; settings survive a
 *    restart. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <sodium.h>
#include <sqlite3.h>

#include "app.h"
#include "clock.h"
#include "boardfile.h"
#include "count.h"
#include "cvwrap.h"
#include "cli.h"
#include "shared.h"
#include "source.h"
#include "store.h"
#include "textbuf.h"
#include "lattice.h"
#include "vision.h"
#include "voice.h"

#define SAMPLE SEI_SOURCE_DIR "/images/renders/r043.jpg"

static char tmpdir[64];
static SDL_Surface *screen;
static SDL_Renderer *ren;
static unsigned event_clock = 1000;

static void path_of(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", tmpdir, name); }

static sei_app *app_new(const char *source, const char *db, int lang)
{
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = source;
    p.db = db;
    p.sample = SAMPLE;
    p.lang = lang;
    p.autocapture = 0;
    char err[256];
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    if (!a)
        fail_msg("app: %s", err);
    return a;
}

/* A finger down and up at (x, y) logical pixels, held for ms. */
static void finger(sei_app *a, int x, int y, unsigned ms)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_FINGERDOWN;
    e.common.timestamp = event_clock;
    e.tfinger.fingerId = 1;
    e.tfinger.x = (float)(x + 0.5) / SEI_UI_W;
    e.tfinger.y = (float)(y + 0.5) / SEI_UI_H;
    sei_app_handle(a, &e);
    event_clock += ms;
    e.type = SDL_FINGERUP;
    e.common.timestamp = event_clock;
    sei_app_handle(a, &e);
    event_clock += 100;
}

/* What SDL adds after a touch on its own: the same tap as mouse events. */
static void touch_mouse_copy(sei_app *a, int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.which = SDL_TOUCH_MOUSEID;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    sei_app_handle(a, &e);
    e.type = SDL_MOUSEBUTTONUP;
    sei_app_handle(a, &e);
}

static void click(sei_app *a, int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.common.timestamp = event_clock;
    e.button.which = 0;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    sei_app_handle(a, &e);
    e.type = SDL_MOUSEBUTTONUP;
    e.common.timestamp = event_clock += 80;
    sei_app_handle(a, &e);
}

static void tap_button(sei_app *a, sei_ui_button b)
{
    int x, y;
    sei_app_draw(a);
    if (sei_ui_button_centre(sei_app_ui(a), b, &x, &y))
        fail_msg("button %d is not on screen %d", (int)b, (int)sei_app_screen(a));
    finger(a, x, y, 60);
    sei_app_draw(a);
}

static int zoomed(sei_app *a)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    return v.zoom_span > 0;
}

/* Where a finger picks (col, row), as a person does it: on a board whose
 * points are closer than a fingertip, a first tap zooms into that part
 * of the board; the point is then where the zoomed board shows it. */
static void point_xy(sei_app *a, int col, int row, int *x, int *y)
{
    sei_app_draw(a);
    assert_int_equal(sei_ui_point_centre(sei_app_ui(a), col, row, x, y), 0);
    int c0, r0, span;
    if (zoomed(a) || !sei_ui_zoom_window(sei_app_ui(a), sei_app_board(a)->size, col, row, &c0, &r0, &span))
        return; /* zoomed already, or points a fingertip apart: one tap picks */
    finger(a, *x, *y, 60);
    sei_app_draw(a);
    if (zoomed(a))
        assert_int_equal(sei_ui_point_centre(sei_app_ui(a), col, row, x, y), 0);
}

static void tap_point(sei_app *a, int col, int row, unsigned ms)
{
    int x, y;
    const sei_board *b = sei_app_board(a);
    int before = b->color[sei_board_point(b, col, row)], was_zoomed = zoomed(a);
    sei_app_draw(a);
    assert_int_equal(sei_ui_point_centre(sei_app_ui(a), col, row, &x, &y), 0);
    finger(a, x, y, ms);
    sei_app_draw(a);
    if (!was_zoomed && zoomed(a)) {
        /* That tap zoomed in, and changed nothing yet. */
        assert_int_equal(sei_app_board(a)->color[sei_board_point(sei_app_board(a), col, row)], before);
        assert_int_equal(sei_ui_point_centre(sei_app_ui(a), col, row, &x, &y), 0);
        finger(a, x, y, ms);
        sei_app_draw(a);
    }
    assert_false(zoomed(a));
}

/* ---- golden pictures ------------------------------------------------------------- */

static int golden_failures;

/* Compare the screen with tests/golden/name.png: a pixel differs when a
 * channel is off by more than 40, and more than 0.3% of them differing
 * fails (font hinting may move an edge pixel, a wrong word moves hundreds). */
static void golden(const char *name)
{
    char out[512], gold[512];
    mkdir("ui-out", 0755);
    snprintf(out, sizeof out, "ui-out/%s.png", name);
    snprintf(gold, sizeof gold, "%s/golden/%s.png", SEI_TESTS_DIR, name);
    assert_int_equal(IMG_SavePNG(screen, out), 0);
    if (getenv("SEI_UPDATE_GOLDEN")) {
        assert_int_equal(IMG_SavePNG(screen, gold), 0);
        return;
    }
    SDL_Surface *g0 = IMG_Load(gold);
    if (!g0) {
        fprintf(stderr, "golden %s: missing (%s); run with SEI_UPDATE_GOLDEN=1 to make it\n", gold, IMG_GetError());
        golden_failures++;
        return;
    }
    SDL_Surface *g = SDL_ConvertSurfaceFormat(g0, screen->format->format, 0);
    SDL_FreeSurface(g0);
    assert_non_null(g);
    if (g->w != screen->w || g->h != screen->h) {
        fprintf(stderr, "golden %s: %dx%d, the screen is %dx%d\n", name, g->w, g->h, screen->w, screen->h);
        golden_failures++;
        SDL_FreeSurface(g);
        return;
    }
    long differ = 0;
    SDL_Surface *diff = SDL_CreateRGBSurfaceWithFormat(0, g->w, g->h, 32, SDL_PIXELFORMAT_ARGB8888);
    for (int y = 0; y < g->h; y++) {
        const Uint32 *a = (const Uint32 *)((const Uint8 *)screen->pixels + y * screen->pitch);
        const Uint32 *b = (const Uint32 *)((const Uint8 *)g->pixels + y * g->pitch);
        Uint32 *d = (Uint32 *)((Uint8 *)diff->pixels + y * diff->pitch);
        for (int x = 0; x < g->w; x++) {
            int worst = 0;
            for (int s = 0; s < 24; s += 8) {
                int da = (int)((a[x] >> s) & 255) - (int)((b[x] >> s) & 255);
                worst = abs(da) > worst ? abs(da) : worst;
            }
            d[x] = worst > 40 ? 0xFFFF0000u : 0xFF000000u | ((a[x] >> 2) & 0x3F3F3F);
            differ += worst > 40;
        }
    }
    double share = (double)differ / (g->w * g->h);
    if (share > 0.003) {
        char dpath[512];
        snprintf(dpath, sizeof dpath, "ui-out/%s-diff.png", name);
        IMG_SavePNG(diff, dpath);
        fprintf(stderr, "golden %s: %ld pixels (%.2f%%) differ; see %s\n", name, differ, 100 * share, dpath);
        golden_failures++;
    }
    SDL_FreeSurface(diff);
    SDL_FreeSurface(g);
}

static const char *const langs[SEI_LANG_COUNT] = {"en", "zh", "ja", "ko"};

/* The view v drawn in every language: no text shrunk to fit (what names
 * the screen in the failure). */
static void fits_in_every_language(const sei_ui *ui, sei_ui_view v, const char *what)
{
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        v.lang = l;
        sei_ui_draw((sei_ui *)ui, &v);
        char worst[200];
        if (sei_ui_text_fit(ui, worst, sizeof worst) < 1)
            fail_msg("%s (%s): \"%s\" shrunk", what, langs[l], worst);
    }
}

/* The live view says where the camera stands too low or too far to read
 * the board well (sei_app_params' view_low and view_far): the test set's
 * t101, a 13x13 board seen from 27 degrees (read from 25), and t065, a
 * 13x13 board seen from 82 degrees but 27% of the frame (its grid 24%),
 * each in every language and laid out to fit; the sample, seen from
 * 49 degrees and filling the frame, says neither (live-en above). */
static void check_layout(sei_app *a, const char *what);
static void test_live_camera_view(void **state)
{
    (void)state;
    golden_failures = 0;
    const char *const pics[2] = {SEI_SOURCE_DIR "/images/testset/t101.jpg", SEI_SOURCE_DIR "/images/testset/t065.jpg"};
    for (int k = 0; k < 2; k++)
        for (int l = 0; l < SEI_LANG_COUNT; l++) {
            char db[128], name[64];
            snprintf(db, sizeof db, "%s/view-%d-%s.db", tmpdir, k, langs[l]);
            sei_app *a = app_new(pics[k], db, l);
            for (int t = 0; t < 3; t++)
                sei_app_tick(a, t * 100.0);
            assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
            sei_ui_view v;
            sei_app_view(a, &v);
            assert_true(v.found);
            assert_int_equal(v.size, 13);
            if (k == 0) {
                assert_true(v.view_low >= 20 && v.view_low <= 32);
                assert_false(v.view_far);
            } else {
                assert_int_equal(v.view_low, 0);
                assert_true(v.view_far);
            }
            sei_app_draw(a);
            snprintf(name, sizeof name, "live-%s-%s", k ? "far" : "low", langs[l]);
            golden(name);
            check_layout(a, k ? "live, camera far" : "live, camera low");
            sei_app_destroy(a);
        }
    sei_app_params p;
    sei_app_params_default(&p);
    assert_true(p.view_low > 0 && p.view_far > 0);
    assert_int_equal(golden_failures, 0);
}

static void test_golden_screens(void **state)
{
    (void)state;
    golden_failures = 0;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128], name[64];
        snprintf(db, sizeof db, "%s/golden-%s.db", tmpdir, langs[l]);
        sei_app *a = app_new(SAMPLE, db, l);
        /* Live: the board found, not yet still long enough to capture. */
        for (int t = 0; t < 3; t++)
            sei_app_tick(a, t * 100.0);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
        sei_app_draw(a);
        snprintf(name, sizeof name, "live-%s", langs[l]);
        golden(name);
        tap_button(a, SEI_BTN_CAPTURE);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
        snprintf(name, sizeof name, "confirm-%s", langs[l]);
        golden(name);
        tap_button(a, SEI_BTN_COUNT);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
        snprintf(name, sizeof name, "result-%s", langs[l]);
        golden(name);
        /* Japanese counting and Ing's fill, from the same position. */
        tap_button(a, SEI_BTN_BACK);
        tap_button(a, SEI_BTN_RULES_NEXT);
        snprintf(name, sizeof name, "confirm-japanese-%s", langs[l]);
        golden(name);
        /* Count asks for the prisoners: the pad, 30 typed, then none. */
        tap_button(a, SEI_BTN_COUNT);
        tap_button(a, SEI_BTN_PAD_3);
        tap_button(a, SEI_BTN_PAD_0);
        snprintf(name, sizeof name, "confirm-pad-%s", langs[l]);
        golden(name);
        tap_button(a, SEI_BTN_PAD_DEL);
        tap_button(a, SEI_BTN_PAD_DEL);
        tap_button(a, SEI_BTN_PAD_OK);
        tap_button(a, SEI_BTN_PAD_OK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
        snprintf(name, sizeof name, "result-japanese-%s", langs[l]);
        golden(name);
        tap_button(a, SEI_BTN_BACK);
        tap_button(a, SEI_BTN_RULES_NEXT);
        tap_button(a, SEI_BTN_RULES_NEXT);
        tap_button(a, SEI_BTN_COUNT);
        snprintf(name, sizeof name, "result-ing-%s", langs[l]);
        golden(name);
        tap_button(a, SEI_BTN_RESUME);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
        tap_button(a, SEI_BTN_SETTINGS);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_SETTINGS);
        snprintf(name, sizeof name, "settings-%s", langs[l]);
        golden(name);
        sei_app_destroy(a);
        /* No camera: a device that is not there. */
        a = app_new("webcam:63", db, l);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_NOCAMERA);
        sei_app_draw(a);
        snprintf(name, sizeof name, "nocamera-%s", langs[l]);
        golden(name);
        sei_app_destroy(a);
        /* A file that is not there: the reason, and no cable to check. */
        if (l == SEI_LANG_EN) {
            a = app_new("/nonexistent/game.mp4", db, l);
            assert_int_equal(sei_app_screen(a), SEI_SCREEN_NOCAMERA);
            sei_app_draw(a);
            golden("nocamera-file-en");
            sei_app_destroy(a);
        }
    }
    assert_int_equal(golden_failures, 0);
}

/* ---- taps ------------------------------------------------------------------------ */

static sei_app *confirm_screen_of(const char *source, const char *dbname)
{
    char db[128];
    path_of(db, sizeof db, dbname);
    sei_app *a = app_new(source, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    return a;
}

static sei_app *confirm_screen(const char *dbname) { return confirm_screen_of(SAMPLE, dbname); }

static int dead_count(sei_app *a)
{
    const sei_board *b = sei_app_board(a);
    const uint8_t *dead = sei_app_dead(a);
    int n = 0;
    for (int p = 0; p < b->stride * b->stride; p++)
        n += sei_board_on(b, p) && dead[p];
    return n;
}

/* The first live chain of more than one stone, as (col, row). */
static int find_chain(sei_app *a, int *col, int *row, int *size)
{
    sei_board *b = sei_board_clone(sei_app_board(a));
    const uint8_t *dead = sei_app_dead(a);
    int chain[SEI_MAX_POINTS], found = 0;
    for (int y = 0; y < b->size && !found; y++)
        for (int x = 0; x < b->size && !found; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] != SEI_EMPTY && !dead[p] && (*size = sei_board_chain(b, p, chain)) > 1) {
                *col = x;
                *row = y;
                found = 1;
            }
        }
    sei_board_destroy(b);
    return found;
}

/* The points the camera is unsure of are ringed on the confirm screen,
 * with a line that says so, until a person taps them. r031 is a committed
 * render the reader leaves one point of in doubt. */
static void test_unsure_ringed(void **state)
{
    (void)state;
    sei_app *a = confirm_screen_of(SEI_TESTS_DIR "/../images/renders/r031.jpg", "unsure.db");
    const sei_board *b = sei_app_board(a);
    int ringed = 0, col = -1, row = -1;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            if (sei_app_check(a)[sei_board_point(b, x, y)]) {
                ringed++;
                col = x;
                row = y;
            }
    assert_true(ringed > 0);
    sei_app_draw(a);
    golden("confirm-unsure-en");
    assert_int_equal(golden_failures, 0);
    /* A tap on it: a person has looked, the ring goes. */
    tap_point(a, col, row, 60);
    assert_int_equal(sei_app_check(a)[sei_board_point(sei_app_board(a), col, row)], 0);
    sei_app_destroy(a);
}

static void test_tap_toggles_group(void **state)
{
    (void)state;
    sei_app *a = confirm_screen("taps.db");
    int col, row, size;
    assert_true(find_chain(a, &col, &row, &size));
    tap_button(a, SEI_BTN_COUNT);
    double before = sei_app_score(a)->margin;
    tap_button(a, SEI_BTN_BACK);

    int d0 = dead_count(a);
    int x, y;
    point_xy(a, col, row, &x, &y);
    /* One touch: the finger events and SDL's mouse copy of them. */
    finger(a, x, y, 60);
    touch_mouse_copy(a, x, y);
    assert_int_equal(dead_count(a), d0 + size);
    tap_button(a, SEI_BTN_COUNT);
    double after = sei_app_score(a)->margin;
    int colour = sei_app_board(a)->color[sei_board_point(sei_app_board(a), col, row)];
    /* A dead group's stones and its space go to the other side. */
    if (colour == SEI_BLACK)
        assert_true(after < before - size);
    else
        assert_true(after > before + size);
    tap_button(a, SEI_BTN_BACK);
    /* A mouse click on it brings it back. */
    point_xy(a, col, row, &x, &y);
    click(a, x, y);
    assert_int_equal(dead_count(a), d0);
    tap_button(a, SEI_BTN_COUNT);
    assert_true(sei_app_score(a)->margin == before);
    sei_app_destroy(a);
}

/* The komi follows the handicap on the confirm screen until the players
 * set it: 0.5 from two stones on (as `seichi score` takes a handicap game
 * with no komi given), the settings' komi again at none; once they touch
 * the komi, the handicap leaves it alone. */
static void test_komi_follows_handicap(void **state)
{
    (void)state;
    sei_app *a = confirm_screen("hcapkomi.db");
    sei_ui_view v;
    sei_app_view(a, &v);
    double even = v.rules->komi;
    assert_true(even > 0.5);
    tap_button(a, SEI_BTN_HCAP_UP);
    tap_button(a, SEI_BTN_HCAP_UP);
    sei_app_view(a, &v);
    assert_int_equal(v.handicap, 2);
    assert_true(v.rules->komi == 0.5);
    tap_button(a, SEI_BTN_HCAP_DOWN);
    tap_button(a, SEI_BTN_HCAP_DOWN);
    sei_app_view(a, &v);
    assert_true(v.rules->komi == even);
    tap_button(a, SEI_BTN_KOMI_UP);
    tap_button(a, SEI_BTN_HCAP_UP);
    tap_button(a, SEI_BTN_HCAP_UP);
    sei_app_view(a, &v);
    assert_true(v.rules->komi == even + 0.5);
    sei_app_destroy(a);
}

static void test_fix_stones_and_panel(void **state)
{
    (void)state;
    sei_app *a = confirm_screen("fix.db");
    const sei_board *b = sei_app_board(a);
    /* An empty point: a tap puts a black stone, taps go on to white and empty. */
    int ex = -1, ey = -1;
    for (int y = 0; y < b->size && ex < 0; y++)
        for (int x = 0; x < b->size && ex < 0; x++)
            if (b->color[sei_board_point(b, x, y)] == SEI_EMPTY) {
                ex = x;
                ey = y;
            }
    assert_true(ex >= 0);
    tap_point(a, ex, ey, 60);
    assert_int_equal(sei_app_board(a)->color[sei_board_point(sei_app_board(a), ex, ey)], SEI_BLACK);
    tap_point(a, ex, ey, 60);
    assert_int_equal(sei_app_board(a)->color[sei_board_point(sei_app_board(a), ex, ey)], SEI_WHITE);
    tap_point(a, ex, ey, 60);
    assert_int_equal(sei_app_board(a)->color[sei_board_point(sei_app_board(a), ex, ey)], SEI_EMPTY);
    /* A stone held down changes colour instead of dying. */
    int col, row, size;
    assert_true(find_chain(a, &col, &row, &size));
    int c0 = sei_app_board(a)->color[sei_board_point(sei_app_board(a), col, row)];
    int d0 = dead_count(a);
    tap_point(a, col, row, SEI_UI_HOLD_MS + 100);
    assert_int_equal(sei_app_board(a)->color[sei_board_point(sei_app_board(a), col, row)], c0 == SEI_BLACK ? SEI_WHITE : SEI_EMPTY);
    assert_int_equal(dead_count(a), d0);

    /* The panel: komi up by two halves changes the margin by one point. */
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    double m0 = sei_app_score(a)->margin;
    assert_string_equal(sei_app_score(a)->rules.name, "chinese");
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_KOMI_UP);
    tap_button(a, SEI_BTN_KOMI_UP);
    tap_button(a, SEI_BTN_COUNT);
    assert_true(sei_app_score(a)->margin == m0 - 1);
    /* Japanese rules: a photo does not show the prisoners, so Count asks
     * for them on a number pad, Black's then White's, before counting. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_RULES_NEXT);
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    assert_string_equal(sei_app_score(a)->rules.name, "japanese");
    double j0 = sei_app_score(a)->margin;
    /* Given now, Count counts at once; each prisoner is a point. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_PRIS_B_UP);
    tap_button(a, SEI_BTN_PRIS_B_UP);
    tap_button(a, SEI_BTN_PRIS_B_UP);
    tap_button(a, SEI_BTN_COUNT);
    assert_true(sei_app_score(a)->margin == j0 + 3);
    /* 30 prisoners are two taps on the pad, not thirty. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_PRIS_B_PAD);
    tap_button(a, SEI_BTN_PAD_DEL);
    tap_button(a, SEI_BTN_PAD_3);
    tap_button(a, SEI_BTN_PAD_0);
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_PRIS_W_PAD);
    for (int k = 1; k <= 4; k++) /* three digits at most: 123 */
        tap_button(a, (sei_ui_button)(SEI_BTN_PAD_0 + k));
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_score(a)->side[SEI_BLACK].prisoners, 30);
    assert_int_equal(sei_app_score(a)->side[SEI_WHITE].prisoners, 123);
    assert_true(sei_app_score(a)->margin == j0 + 30 - 123);
    sei_app_destroy(a);
}

/* ---- the whole flow -------------------------------------------------------------- */

static void test_photo_to_stored_result(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "flow.db");
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = SAMPLE;
    p.db = db;
    p.lang = SEI_LANG_EN;
    char err[256];
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    assert_non_null(a);
    /* The photo never moves: after still_ms the kiosk captures by itself. */
    double t = 0;
    while (sei_app_screen(a) == SEI_SCREEN_LIVE && t < 5000) {
        sei_app_tick(a, t);
        sei_app_draw(a);
        t += 100;
    }
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_true(t >= p.still_ms);
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    sei_score sc = *sei_app_score(a);
    tap_button(a, SEI_BTN_AGREED);
    int64_t id = sei_app_saved_id(a);
    assert_true(id > 0);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    assert_non_null(strstr(sei_app_status(a), "Saved as result"));
    /* Back on the live view the same still picture is not captured again. */
    for (int k = 0; k < 20; k++, t += 100)
        sei_app_tick(a, t);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    const sei_board *b = sei_app_board(a);
    char position[SEI_STORE_DIAGRAM];
    size_t at = 0;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int c = b->color[sei_board_point(b, x, y)];
            position[at++] = c == SEI_BLACK ? 'X' : c == SEI_WHITE ? 'O' : '.';
        }
        position[at++] = '\n';
    }
    position[at] = 0;
    sei_app_destroy(a);

    /* In the database: the same position, result and photo. */
    sei_store *s = sei_store_open(db, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(sei_store_check(s), SEI_STORE_OK);
    sei_store_result r;
    assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
    assert_string_equal(r.position, position);
    assert_string_equal(r.result, sc.result);
    assert_string_equal(r.rules, "chinese");
    assert_non_null(r.photo_path);
    assert_string_equal(r.photo_path, SAMPLE);
    sei_store_result_release(&r);
    sei_store_close(s);
    /* And out again from the kiosk, as a tournament program would take
     * it: Settings, Export results. */
    p.export_to = tmpdir;
    a = sei_app_create(ren, NULL, &p, err, sizeof err);
    assert_non_null(a);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_EXPORT);
    /* Where it went, in words: the folder's own name and the one it is in. */
    const char *tmpname = strrchr(tmpdir, '/') + 1;
    char want[160];
    snprintf(want, sizeof want, "Results exported. On the kiosk: %s/seichi-export-1/", tmpname);
    assert_string_equal(sei_app_status(a), want);
    char csv[PATH_MAX], sgf[PATH_MAX];
    snprintf(csv, sizeof csv, "%s/results.csv", sei_app_export_dir(a));
    snprintf(sgf, sizeof sgf, "%s/seichi-%06d.sgf", sei_app_export_dir(a), (int)id);
    char *text = sei_test_read_file(csv, NULL);
    assert_non_null(text);
    assert_non_null(strstr(text, sc.result));
    free(text);
    text = sei_test_read_file(sgf, NULL);
    assert_non_null(text);
    char re[64];
    snprintf(re, sizeof re, "RE[%s]", sc.result);
    assert_non_null(strstr(text, re));
    free(text);
    /* A second export goes to a new folder, beside the first. */
    tap_button(a, SEI_BTN_EXPORT);
    snprintf(want, sizeof want, "Results exported. On the kiosk: %s/seichi-export-2/", tmpname);
    assert_string_equal(sei_app_status(a), want);
    /* A damaged result is left out, and the screen says so beside where
     * the rest went, not "Export failed". */
    sqlite3 *raw;
    assert_int_equal(sqlite3_open(db, &raw), SQLITE_OK);
    assert_int_equal(sqlite3_exec(raw, "PRAGMA ignore_check_constraints = 1;"
                                       "UPDATE results SET position = replace(position, '.', '?')",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(raw);
    tap_button(a, SEI_BTN_EXPORT);
    snprintf(want, sizeof want, "Exported; damaged results left out. On the kiosk: %s/seichi-export-3/", tmpname);
    assert_string_equal(sei_app_status(a), want);
    sei_app_destroy(a);
}

/* The kiosk and `seichi score` count the same photo alike under every
 * rules preset, with a handicap and (territory rules) prisoners given:
 * the same result, breakdown and marks. */
static void test_kiosk_and_cli_agree(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "agree.db");
    sei_app *a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_HCAP_UP);
    tap_button(a, SEI_BTN_HCAP_UP);
    int presets = 0;
    const char *first = NULL;
    for (;;) {
        tap_button(a, SEI_BTN_COUNT);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
        sei_score k = *sei_app_score(a);
        if (first && !strcmp(first, k.rules.name))
            break;
        if (!first)
            first = sei_rules_preset_step(k.rules.name, 0);
        presets++;
        int territory = k.rules.scoring == SEI_SCORING_TERRITORY;

        /* The same photo on the command line, with the same choices. */
        static sei_score_run run;
        sei_score_opts o;
        /* The komi the kiosk shows (the command line's default for a
         * handicap game is 0.5; the kiosk's is its komi setting). */
        char komi[16];
        snprintf(komi, sizeof komi, "%g", k.rules.komi);
        char *argv[] = {SAMPLE, "--rules", k.rules.name, "--handicap", "2", "--komi", komi, "--prisoners", "3,1"};
        FILE *err = tmpfile();
        assert_int_equal(sei_cli_score_parse(territory ? 9 : 7, argv, &o, err), 0);
        assert_int_equal(sei_cli_score_run(&o, &run, err), 0);
        fclose(err);
        const sei_score *c = &run.score;
        if (strcmp(k.result, c->result) || k.margin != c->margin)
            fail_msg("%s: the kiosk counts %s, the command line %s", k.rules.name, k.result, c->result);
        for (int s = SEI_BLACK; s <= SEI_WHITE; s++) {
            assert_true(k.side[s].score == c->side[s].score);
            if (territory) /* area counting reports them but does not use them */
                assert_int_equal(k.side[s].prisoners, c->side[s].prisoners);
            assert_int_equal(k.side[s].territory, c->side[s].territory);
            assert_int_equal(k.side[s].dead, c->side[s].dead);
        }
        assert_true(k.bonus == c->bonus);
        assert_int_equal(k.handicap, 2);
        assert_string_equal(k.result_stones, c->result_stones);
        assert_memory_equal(k.mark, c->mark, sizeof k.mark);
        assert_memory_equal(k.owner, c->owner, sizeof k.owner);
        assert_memory_equal(k.dead, c->dead, sizeof k.dead);
        sei_cli_score_done(&run);

        /* On to the next preset: its own komi, prisoners as the CLI's. */
        tap_button(a, SEI_BTN_BACK);
        tap_button(a, SEI_BTN_RULES_NEXT);
        const sei_rules *r = NULL;
        sei_rules next;
        sei_rules_preset(&next, sei_rules_preset_step(k.rules.name, 1));
        r = &next;
        if (r->scoring == SEI_SCORING_TERRITORY) {
            sei_app_draw(a);
            /* Down to none (and no lower), then 3 by Black, 1 by White. */
            for (int i = 0; i < 8; i++) {
                tap_button(a, SEI_BTN_PRIS_B_DOWN);
                tap_button(a, SEI_BTN_PRIS_W_DOWN);
            }
            for (int i = 0; i < 3; i++)
                tap_button(a, SEI_BTN_PRIS_B_UP);
            tap_button(a, SEI_BTN_PRIS_W_UP);
        }
    }
    /* Every preset was counted once. */
    int names = 1;
    for (const char *q = sei_rules_preset_names(); *q; q++)
        names += *q == ' ';
    assert_int_equal(presets, names);
    sei_app_destroy(a);
}

/* ---- no camera, settings --------------------------------------------------------- */

static void test_no_camera_then_sample(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "nocam.db");
    sei_app *a = app_new("webcam:63", db, SEI_LANG_EN);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_NOCAMERA);
    /* Retry with nothing plugged in: still the message, no crash. */
    tap_button(a, SEI_BTN_RETRY);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_NOCAMERA);
    sei_app_tick(a, 10000);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_NOCAMERA);
    tap_button(a, SEI_BTN_SAMPLE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    sei_app_tick(a, 10100);
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    /* The window closed (or SIGTERM, which SDL turns into SDL_QUIT). */
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_QUIT;
    assert_int_equal(sei_app_handle(a, &e), 1);
    sei_app_destroy(a);
}

static void test_settings_persist(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "settings.db");
    sei_app *a = app_new(SAMPLE, db, -1);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_LANG);      /* English to Chinese */
    tap_button(a, SEI_BTN_RULES_NEXT); /* Chinese to Japanese rules, komi 6.5 */
    tap_button(a, SEI_BTN_KOMI_DOWN);  /* 6 */
    tap_button(a, SEI_BTN_SIZE);       /* auto to 9 */
    tap_button(a, SEI_BTN_SIZE);       /* 13 */
    /* The time control: each preset in turn, each shown whole (Ing's the
     * longest), then byo-yomi 30m+3x30s kept. */
    static const char *const tcs[] = {"byoyomi:60m+5x60s", "byoyomi:30m+3x30s", "canadian:30m+25/10m",
                                      "fischer:30m+20s", "ing:120m+3x20m", "absolute:30m", ""};
    sei_ui_view view;
    for (int i = 0; i < 7; i++) {
        tap_button(a, SEI_BTN_TIME_CONTROL);
        sei_app_view(a, &view);
        assert_string_equal(view.settings.tc, tcs[i]);
        sei_app_draw(a);
        char worst[200] = "";
        if (sei_ui_text_fit(sei_app_ui(a), worst, sizeof worst) < 1.0)
            fail_msg("settings with %s: \"%s\" shrunk", tcs[i], worst);
    }
    tap_button(a, SEI_BTN_TIME_CONTROL);
    tap_button(a, SEI_BTN_TIME_CONTROL);
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    sei_app_destroy(a);
    sei_store *s = sei_store_open(db, NULL, 0);
    char v[64];
    assert_int_equal(sei_store_setting_get(s, "time_control", v, sizeof v), SEI_STORE_OK);
    assert_string_equal(v, "byoyomi:30m+3x30s");
    assert_int_equal(sei_store_setting_get(s, "lang", v, sizeof v), SEI_STORE_OK);
    assert_string_equal(v, "zh");
    assert_int_equal(sei_store_setting_get(s, "rules", v, sizeof v), SEI_STORE_OK);
    assert_string_equal(v, "japanese");
    assert_int_equal(sei_store_setting_get(s, "komi", v, sizeof v), SEI_STORE_OK);
    assert_string_equal(v, "6");
    assert_int_equal(sei_store_setting_get(s, "size", v, sizeof v), SEI_STORE_OK);
    assert_string_equal(v, "13");
    sei_store_close(s);
    /* A restart reads them: the sample photo's 13x13 board, Japanese rules. */
    a = app_new(SAMPLE, db, -1);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_COUNT);
    tap_button(a, SEI_BTN_PAD_OK); /* Japanese: the prisoners asked for, none */
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    assert_string_equal(sei_app_score(a)->rules.name, "japanese");
    assert_true(sei_app_score(a)->rules.komi == 6);
    sei_app_destroy(a);
}


/* ---- hands and corners ----------------------------------------------------------- */

/* A hand over the board: frames 5-9 of a folder have a skin-coloured
 * block over the middle. No capture happens while it is there; one
 * happens once the board has been still again for still_ms. */
static void test_hand_delays_capture(void **state)
{
    (void)state;
    char dir[128], path[160], err[256], db[128];
    path_of(dir, sizeof dir, "hand");
    path_of(db, sizeof db, "hand.db");
    assert_int_equal(mkdir(dir, 0755), 0);
    sei_image img = {0};
    assert_int_equal(sei_cv_load(SAMPLE, 0, &img, err, sizeof err), 0);
    for (int i = 0; i < 40; i++) {
        sei_image f = {0};
        assert_int_equal(sei_image_alloc(&f, img.width, img.height, 3), 0);
        for (int y = 0; y < img.height; y++)
            memcpy(sei_image_row(&f, y), sei_image_row(&img, y), (size_t)img.width * 3);
        if (i >= 5 && i < 10) {
            const double hand[8] = {400, 250 + 20 * (i - 5), 900, 250, 900, 700, 400, 700};
            const uint8_t skin[3] = {120, 160, 220};
            assert_int_equal(sei_cv_fill(&f, hand, 4, skin), 0);
        }
        snprintf(path, sizeof path, "%s/frame-%03d.png", dir, i);
        assert_int_equal(sei_cv_save(path, &f, err, sizeof err), 0);
        sei_image_free(&f);
    }
    sei_image_free(&img);
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = dir;
    p.db = db;
    p.lang = SEI_LANG_EN;
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    assert_non_null(a);
    int frame = 0;
    golden_failures = 0;
    for (; frame < 40 && sei_app_screen(a) == SEI_SCREEN_LIVE; frame++) {
        sei_app_tick(a, frame * 100.0);
        sei_app_draw(a);
        if (frame == 5)
            golden("live-hand-en");
    }
    /* Still from frame 10 on: 900 ms later, about frame 19, it captures. */
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_true(frame >= 19 && frame <= 22);
    sei_app_destroy(a);
    assert_int_equal(golden_failures, 0);
}

/* A mouse drag from (x0, y0) to (x1, y1), logical pixels. */
static void drag(sei_app *a, double x0, double y0, double x1, double y1)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = (int)x0;
    e.button.y = (int)y0;
    sei_app_handle(a, &e);
    for (int k = 1; k <= 4; k++) {
        memset(&e, 0, sizeof e);
        e.type = SDL_MOUSEMOTION;
        e.motion.x = (int)(x0 + (x1 - x0) * k / 4);
        e.motion.y = (int)(y0 + (y1 - y0) * k / 4);
        sei_app_handle(a, &e);
    }
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONUP;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = (int)x1;
    e.button.y = (int)y1;
    sei_app_handle(a, &e);
}

static int differs_from_truth(sei_app *a, const sei_truth *t)
{
    const sei_board *b = sei_app_board(a);
    if (b->size != t->size)
        return 999;
    int d = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            d += b->color[sei_board_point(b, x, y)] != t->grid[y][x];
    return d;
}

/* When detection is unsure, people drag the four handles onto the grid's
 * corners and the stones are read from them. The sample (1280x960) is
 * shown at half size from the top left, so a frame pixel is at half its
 * coordinates on screen. */
static void test_drag_corners(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "corners.db");
    sei_truth t;
    assert_int_equal(sei_truth_load(SEI_SOURCE_DIR "/images/renders/r043.json", &t), 0);
    golden_failures = 0;
    sei_app *a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    /* The handles start on the corners found; pull them far off, the
     * reading is wrong. */
    tap_button(a, SEI_BTN_FIX_CORNERS);
    golden("live-corners-en");
    const double off[4][2] = {{200, 150}, {1100, 100}, {1200, 900}, {100, 900}};
    for (int i = 0; i < 4; i++)
        drag(a, t.corners[i][0] / 2, t.corners[i][1] / 2, off[i][0] / 2, off[i][1] / 2);
    tap_button(a, SEI_BTN_CORNERS_DONE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_true(differs_from_truth(a, &t) > 10);
    /* Back, and onto the true corners: the reading is right. */
    tap_button(a, SEI_BTN_BACK);
    sei_app_tick(a, 100);
    tap_button(a, SEI_BTN_FIX_CORNERS);
    for (int i = 0; i < 4; i++)
        drag(a, t.corners[i][0] / 2, t.corners[i][1] / 2, off[i][0] / 2, off[i][1] / 2);
    for (int i = 0; i < 4; i++)
        drag(a, off[i][0] / 2, off[i][1] / 2, t.corners[i][0] / 2, t.corners[i][1] / 2);
    tap_button(a, SEI_BTN_CORNERS_DONE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    int wrong = differs_from_truth(a, &t);
    if (wrong > 2)
        fail_msg("%d points read wrong from the true corners", wrong);
    sei_app_destroy(a);
    assert_int_equal(golden_failures, 0);
}


/* ---- recording ------------------------------------------------------------------- */

#define SEQUENCE SEI_SOURCE_DIR "/images/sequences/caren1-9x9"

/* The moves of a true game (its truth.sgf), counted. */
static int true_moves_of(const char *sgf_path)
{
    char *truth = sei_test_read_file(sgf_path, NULL);
    assert_non_null(truth);
    int n = 0;
    for (const char *q = truth; (q = strstr(q, ";")); q++)
        n += q[1] == 'B' || q[1] == 'W';
    free(truth);
    return n;
}

static int stones_on(const sei_board *b);

/* End the recording of SEQUENCE (the confirm screen's status saying
 * status, when given), count it under Japanese rules (the prisoners
 * count), and check that no move was lost: every move put a stone, each
 * capture took one off. The count. */
static const sei_score *end_and_count(sei_app *a, const char *status)
{
    tap_button(a, SEI_BTN_END);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    if (status)
        assert_non_null(strstr(sei_app_status(a), status));
    int true_moves = true_moves_of(SEQUENCE "/truth.sgf");
    int stones = stones_on(sei_app_board(a));
    tap_button(a, SEI_BTN_RULES_NEXT); /* Japanese: prisoners count */
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    const sei_score *sc = sei_app_score(a);
    assert_int_equal(stones + sc->side[SEI_BLACK].prisoners + sc->side[SEI_WHITE].prisoners, true_moves);
    return sc;
}

/* The stones on a board. */
static int stones_on(const sei_board *b)
{
    int n = 0;
    for (int p = 0; p < b->stride * b->stride; p++)
        n += sei_board_on(b, p) && b->color[p] != SEI_EMPTY;
    return n;
}

/* The Record screen on the committed rendered game: the moves come in
 * with nobody touching the kiosk, End leads to the confirm screen with
 * the final position and its prisoners, and the SGF is beside the
 * database. Golden pictures of the screen mid-game in every language. */
static void test_record_screen(void **state)
{
    (void)state;
    if (access(SEQUENCE "/truth.sgf", R_OK)) {
        fprintf(stderr, "test_record_screen: %s absent; skipped\n", SEQUENCE);
        return;
    }
    golden_failures = 0;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128], name[64];
        snprintf(db, sizeof db, "%s/record-%s.db", tmpdir, langs[l]);
        sei_app *a = app_new(SEQUENCE, db, l);
        sei_app_tick(a, 0);
        tap_button(a, SEI_BTN_RECORD);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
        double t = 0;
        int ticks = 0;
        /* 66 ms a frame, as a 15 fps camera; the folder runs out in the end. */
        for (; ticks < 400; ticks++, t += 66) {
            int changed = sei_app_tick(a, t);
            if (ticks == 70) {
                sei_app_draw(a);
                snprintf(name, sizeof name, "record-%s", langs[l]);
                golden(name);
            }
            if (!changed && ticks > 80)
                break;
        }
        if (l > 0) {
            sei_app_destroy(a);
            continue;
        }
        const sei_score *sc = end_and_count(a, "Game saved. On the kiosk: games/game-");
        uint8_t sc_dead[SEI_MAX_POINTS];
        memcpy(sc_dead, sc->dead, sizeof sc_dead);
        assert_true(sc->side[SEI_BLACK].prisoners + sc->side[SEI_WHITE].prisoners >= 1);
        char result[24];
        snprintf(result, sizeof result, "%s", sc->result);
        tap_button(a, SEI_BTN_AGREED);
        int64_t id = sei_app_saved_id(a);
        assert_true(id > 0);
        sei_app_destroy(a);

        /* The stored result names the recorded game, and the game now
         * says how it ended: rules, komi, result and the count. */
        char err[256];
        sei_store *s = sei_store_open(db, err, sizeof err);
        assert_non_null(s);
        sei_store_result r;
        assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
        assert_string_equal(r.result, result);
        assert_non_null(r.game_path);
        char *game = sei_test_read_file(r.game_path, NULL);
        assert_non_null(game);
        char want[64];
        snprintf(want, sizeof want, "RE[%s]", result);
        assert_non_null(strstr(game, want));
        assert_non_null(strstr(game, "RU[Japanese]"));
        assert_null(strstr(game, "RU[Chinese]"));
        assert_non_null(strstr(game, "KM[6.5]"));
        assert_true(strstr(game, "TB[") || strstr(game, "TW["));
        free(game);
        /* Counted again, the recorded game gives the stored result, and so
         * does its export. */
        for (int k = 0; k < 2; k++) {
            char file[PATH_MAX];
            if (k == 0)
                snprintf(file, sizeof file, "%s", r.game_path);
            else {
                char dir[256];
                snprintf(dir, sizeof dir, "%s/record-export", tmpdir);
                mkdir(dir, 0755);
                FILE *devnull = fopen("/dev/null", "w");
                assert_int_equal(sei_results_export(s, NULL, dir, 0, devnull, stderr), 0);
                fclose(devnull);
                snprintf(file, sizeof file, "%s/seichi-%06d.sgf", dir, (int)id);
            }
            static sei_score_run run;
            sei_score_opts o;
            char *argv[] = {"--sgf", file};
            assert_int_equal(sei_cli_score_parse(2, argv, &o, stderr), 0);
            assert_int_equal(sei_cli_score_run(&o, &run, stderr), 0);
            if (strcmp(run.score.result, result) || run.score.margin != r.margin)
                fail_msg("%s counts %s, stored %s", file, run.score.result, result);
            assert_memory_equal(run.score.dead, sc_dead, sizeof sc_dead);
            sei_cli_score_done(&run);
        }
        sei_store_result_release(&r);
        sei_store_close(s);
    }
    assert_int_equal(golden_failures, 0);
}

/* The players end the game with their stones at the corners: the kiosk
 * goes on to the confirm screen by itself. */
static void test_record_end_gesture(void **state)
{
    (void)state;
    const char *dir = SEI_SOURCE_DIR "/images/sequences/end-count-9x9";
    if (access(SEI_SOURCE_DIR "/images/sequences/end-count-9x9/truth.sgf", R_OK)) {
        fprintf(stderr, "test_record_end_gesture: %s absent; skipped\n", dir);
        return;
    }
    char db[128];
    path_of(db, sizeof db, "end.db");
    sei_app *a = app_new(dir, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_RECORD);
    double t = 0;
    for (int i = 0; i < 200 && sei_app_screen(a) == SEI_SCREEN_RECORD; i++, t += 66)
        sei_app_tick(a, t);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_non_null(strstr(sei_app_status(a), "Both players ended the game"));
    assert_int_equal(stones_on(sei_app_board(a)), 4);
    sei_app_destroy(a);
}

/* The camera unplugged, then stalled, mid-game (a source that fails on
 * cue): the Record screen says it is waiting, the recording goes on when
 * pictures come back, no move is lost (the moves made meanwhile are
 * explained together, and the record says their order is a guess). */
static void test_record_camera_faults(void **state)
{
    (void)state;
    if (access(SEQUENCE "/truth.sgf", R_OK)) {
        fprintf(stderr, "test_record_camera_faults: %s absent; skipped\n", SEQUENCE);
        return;
    }
    char db[128];
    path_of(db, sizeof db, "faults.db");
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = "faults:unplug@20+15,stall@45+10:" SEQUENCE;
    p.db = db;
    p.sample = SAMPLE;
    p.lang = SEI_LANG_EN;
    p.autocapture = 0;
    p.retry_ms = 200;
    char err[256];
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    if (!a)
        fail_msg("app: %s", err);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_RECORD);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
    const char *away = sei_ui_string(SEI_LANG_EN, SEI_S_REC_AWAY);
    int said = 0, cleared = 0;
    double t = 0;
    for (int ticks = 0; ticks < 600 && sei_app_screen(a) == SEI_SCREEN_RECORD; ticks++, t += 66) {
        sei_app_tick(a, t);
        sei_ui_view v;
        sei_app_view(a, &v);
        int shown = v.rec_alert && !strcmp(v.rec_alert, away);
        cleared += said && !shown;
        said |= shown;
    }
    assert_true(said);
    assert_true(cleared);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
    end_and_count(a, NULL);
    tap_button(a, SEI_BTN_AGREED);
    int64_t id = sei_app_saved_id(a);
    assert_true(id > 0);
    sei_app_destroy(a);
    sei_store *st = sei_store_open(db, err, sizeof err);
    assert_non_null(st);
    sei_store_result r;
    assert_int_equal(sei_store_get(st, id, &r), SEI_STORE_OK);
    char *game = sei_test_read_file(r.game_path, NULL);
    assert_non_null(game);
    assert_non_null(strstr(game, "were seen at once"));
    free(game);
    sei_store_result_release(&r);
    sei_store_close(st);
}

/* A recorded game ended by the resign gesture: the confirm screen offers
 * "Black wins by resignation" and Agreed, and the store holds B+R with no
 * count, linked to the recorded game (whose RE says B+R). */
static void test_record_resign(void **state)
{
    (void)state;
    const char *dir = SEI_SOURCE_DIR "/images/sequences/resign-9x9";
    if (access(SEI_SOURCE_DIR "/images/sequences/resign-9x9/truth.sgf", R_OK)) {
        fprintf(stderr, "test_record_resign: %s absent; skipped\n", dir);
        return;
    }
    golden_failures = 0;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128], name[64];
        snprintf(db, sizeof db, "%s/resign-%s.db", tmpdir, langs[l]);
        sei_app *a = app_new(dir, db, l);
        sei_app_tick(a, 0);
        tap_button(a, SEI_BTN_RECORD);
        double t = 0;
        for (int i = 0; i < 300 && sei_app_screen(a) == SEI_SCREEN_RECORD; i++, t += 66)
            sei_app_tick(a, t);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
        sei_app_draw(a);
        snprintf(name, sizeof name, "confirm-resign-%s", langs[l]);
        golden(name);
        if (l > 0) {
            sei_app_destroy(a);
            continue;
        }
        assert_non_null(strstr(sei_app_status(a), "Resigned: B+R"));
        tap_button(a, SEI_BTN_RULES_NEXT); /* Japanese, stored with the result */
        tap_button(a, SEI_BTN_AGREED);
        int64_t id = sei_app_saved_id(a);
        assert_true(id > 0);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
        sei_app_destroy(a);

        char err[256];
        sei_store *s = sei_store_open(db, err, sizeof err);
        assert_non_null(s);
        sei_store_result r;
        assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
        assert_string_equal(r.result, "B+R");
        assert_int_equal(r.decided, SEI_DECIDED_RESIGNATION);
        assert_int_equal(r.winner, SEI_BLACK);
        assert_string_equal(r.rules, "japanese");
        assert_true(r.margin == 0 && r.side[SEI_WHITE].score == 0);
        assert_non_null(r.game_path);
        assert_non_null(r.game_sgf);
        assert_non_null(strstr(r.game_sgf, "RE[B+R]"));
        int stones = 0;
        for (const char *q = r.position; *q; q++)
            stones += *q == 'X' || *q == 'O';
        assert_int_equal(stones, 3);
        sei_store_result_release(&r);
        sei_store_close(s);
    }
    assert_int_equal(golden_failures, 0);
}


/* ---- the game clock while recording ---------------------------------------------- */

/* A kiosk recording with this time control. */
static sei_app *app_new_tc(const char *source, const char *db, int lang, const char *tc)
{
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = source;
    p.db = db;
    p.sample = SAMPLE;
    p.lang = lang;
    p.autocapture = 0;
    p.time_control = tc;
    char err[256];
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    if (!a)
        fail_msg("app: %s", err);
    return a;
}

typedef struct {
    sei_clock_call c[256];
    int n;
} call_list;

static void collect_call(void *ctx, const sei_clock_call *k)
{
    call_list *l = ctx;
    if (l->n < 256)
        l->c[l->n++] = *k;
}

/* The calls sei_clock makes on a record's moves (each at its SEIT, in ms
 * as the recorder takes it), then on to the loss on time (`seichi clock
 * --simulate` does the same). */
static void calls_of_record(const char *sgf, const sei_time_control *tc, call_list *out)
{
    sei_clock c;
    sei_clock_start(&c, tc, SEI_BLACK, 0);
    out->n = 0;
    for (const char *q = sgf; (q = strstr(q, ";")); q++) {
        if (q[1] != 'B' && q[1] != 'W')
            continue;
        const char *t = strstr(q, "SEIT[");
        assert_non_null(t);
        int64_t ms = (int64_t)(atof(t + 5) * 1000.0 + 0.5);
        if (ms < c.now)
            ms = c.now;
        /* A stone put down after the flag fell (in the grace) is in the
         * record but not on the clock. */
        if (sei_clock_move(&c, q[1] == 'B' ? SEI_BLACK : SEI_WHITE, ms, collect_call, out) == 1)
            break;
    }
    sei_clock_advance(&c, c.now + 24LL * 3600 * 1000, collect_call, out);
    assert_true(c.lost != 0);
}

/* A recording from the committed game under time control spec, on the
 * Record screen; NULL (said) when the pictures are absent. */
static sei_app *timed_record(const char *test, const char *dbname, const char *spec)
{
    if (access(SEQUENCE "/truth.sgf", R_OK)) {
        fprintf(stderr, "%s: %s absent; skipped\n", test, SEQUENCE);
        return NULL;
    }
    char db[128];
    snprintf(db, sizeof db, "%s/%s", tmpdir, dbname);
    sei_app *a = app_new_tc(SEQUENCE, db, SEI_LANG_EN, spec);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_RECORD);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
    return a;
}

/* A game recorded on Ing's clock, ended and counted under Ing's rules:
 * each period a player began is 2 points off in the count, and the
 * result's lines say "overtime". The game ends 150 s after the last
 * frame, so the player on move begins a period after their last move;
 * the record stored, counted again (seichi score --sgf), charges the
 * same periods. */
static void test_record_ing_overtime(void **state)
{
    (void)state;
    sei_app *a = timed_record("test_record_ing_overtime", "ing-clock.db", "ing:0m+3x2m");
    char db_of_app[128];
    snprintf(db_of_app, sizeof db_of_app, "%s/ing-clock.db", tmpdir);
    if (!a)
        return;
    double t = 0;
    for (int i = 0; i < 40 && sei_app_screen(a) == SEI_SCREEN_RECORD; i++)
        sei_app_tick(a, t += 5000);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_non_null(v.rec_clock);
    int begun[3] = {0, v.rec_clock->side[SEI_BLACK].periods_begun, v.rec_clock->side[SEI_WHITE].periods_begun};
    /* 150 s on, longer than a period: the player on move then (whether or
     * not that frame voted in a stone seen before) has run at least that
     * long since their last move, and begun a period. */
    sei_app_tick(a, t += 150000);
    sei_app_view(a, &v);
    int on_move = v.rec_clock->to_move;
    assert_true(v.rec_clock->side[on_move].periods_begun > begun[on_move]);
    int pen[3] = {0, sei_clock_ing_penalty(v.rec_clock, SEI_BLACK), sei_clock_ing_penalty(v.rec_clock, SEI_WHITE)};
    assert_true(pen[SEI_BLACK] >= 2 && pen[SEI_WHITE] >= 2); /* main time 0: each began a period */
    tap_button(a, SEI_BTN_END);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    /* The settings' rules (Chinese): no overtime points; Ing's: the clock's. */
    sei_app_view(a, &v);
    assert_true(v.rules->penalty[SEI_BLACK] == 0);
    for (int i = 0; i < 8 && strcmp(v.rules->name, "ing"); i++) {
        tap_button(a, SEI_BTN_RULES_NEXT);
        sei_app_view(a, &v);
    }
    assert_string_equal(v.rules->name, "ing");
    assert_true(v.rules->penalty[SEI_BLACK] == pen[SEI_BLACK] && v.rules->penalty[SEI_WHITE] == pen[SEI_WHITE]);
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    const sei_score *sc = sei_app_score(a);
    assert_true(sc->side[SEI_BLACK].penalty == pen[SEI_BLACK] && sc->side[SEI_WHITE].penalty == pen[SEI_WHITE]);
    sei_ui_line lines[32];
    int n = sei_ui_result_lines(SEI_LANG_EN, sc, lines, 32), said = 0;
    for (int i = 0; i < n; i++)
        said += strstr(lines[i].text, "overtime") != NULL;
    assert_true(said >= 2); /* in Black's sum and in White's */
    tap_button(a, SEI_BTN_AGREED);
    int64_t id = sei_app_saved_id(a);
    assert_true(id > 0);
    char err[256];
    sei_store *st = sei_store_open(db_of_app, err, sizeof err);
    assert_non_null(st);
    sei_store_result r;
    assert_int_equal(sei_store_get(st, id, &r), SEI_STORE_OK);
    assert_non_null(r.game_path);
    static sei_score_run run;
    sei_score_opts o;
    char *argv[] = {"--sgf", (char *)r.game_path, "--rules", "ing"};
    assert_int_equal(sei_cli_score_parse(4, argv, &o, stderr), 0);
    assert_int_equal(sei_cli_score_run(&o, &run, stderr), 0);
    assert_true(run.ing_known);
    if (2 * run.ing_periods[SEI_BLACK] != pen[SEI_BLACK] || 2 * run.ing_periods[SEI_WHITE] != pen[SEI_WHITE])
        fail_msg("the record charges Black %d and White %d periods, the kiosk %d and %d", run.ing_periods[SEI_BLACK],
                 run.ing_periods[SEI_WHITE], pen[SEI_BLACK] / 2, pen[SEI_WHITE] / 2);
    sei_cli_score_done(&run);
    sei_store_result_release(&r);
    sei_store_close(st);
    sei_app_destroy(a);
}

/* A recorded game under byo-yomi (two periods of 30 s, no main time) from
 * the committed rendered game, its pictures 5 s apart: the timekeeper's
 * calls reach the voice in the kiosk's language, each one the call
 * sei_clock makes on the same moves' times (as the record keeps them), in
 * order, each spoken (PCM made); the flag falls, the Record screen shows
 * it, and the game ends as lost on time: the confirm screen offers the win
 * on time, and Agreed stores W+T with no count, the record's RE[W+T].
 * Goldens of the Record screen with its two clocks in every language. */
static void test_record_clock(void **state)
{
    (void)state;
    if (access(SEQUENCE "/truth.sgf", R_OK)) {
        fprintf(stderr, "test_record_clock: %s absent; skipped\n", SEQUENCE);
        return;
    }
    const char *spec = "byoyomi:0m+2x30s";
    sei_time_control tc;
    assert_int_equal(sei_time_control_parse(spec, &tc, NULL, 0), 0);
    golden_failures = 0;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128], name[64];
        snprintf(db, sizeof db, "%s/clock-%s.db", tmpdir, langs[l]);
        sei_app *a = app_new_tc(SEQUENCE, db, l, spec);
        sei_app_tick(a, 0);
        tap_button(a, SEI_BTN_RECORD);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
        sei_ui_view v;
        sei_app_view(a, &v);
        assert_null(v.rec_clock); /* it starts with the first frame */
        int ticks = 0, saw_flag = 0;
        double t = 0;
        for (; ticks < 200 && sei_app_screen(a) == SEI_SCREEN_RECORD; ticks++) {
            t += 5000;
            sei_app_tick(a, t);
            if (sei_app_screen(a) != SEI_SCREEN_RECORD)
                break;
            sei_app_view(a, &v);
            assert_non_null(v.rec_clock);
            if (v.rec_clock->lost && !saw_flag) {
                /* Fallen, the loss not declared yet (the grace): shown. */
                saw_flag = 1;
                sei_app_draw(a);
                if (l == 0)
                    golden("record-clock-lost-en");
            }
            if (ticks == 19) { /* at 100 s: Black in its last period, 5 s left (red) */
                sei_app_draw(a);
                snprintf(name, sizeof name, "record-clock-%s", langs[l]);
                golden(name);
            }
        }
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
        /* What was said, against what the clock calls on the record's moves. */
        const sei_voice *vo = sei_app_voice(a);
        assert_non_null(vo);
        const sei_voice_said *said;
        int nsaid = sei_voice_log(vo, &said);
        call_list *want = calloc(1, sizeof *want);
        assert_non_null(want);
        const sei_board *b = sei_app_board(a);
        assert_non_null(b);
        sei_app_draw(a);
        snprintf(name, sizeof name, "confirm-time-%s", langs[l]);
        golden(name);
        tap_button(a, SEI_BTN_AGREED);
        int64_t id = sei_app_saved_id(a);
        assert_true(id > 0);
        char err[256];
        sei_store *st = sei_store_open(db, err, sizeof err);
        assert_non_null(st);
        sei_store_result r;
        assert_int_equal(sei_store_get(st, id, &r), SEI_STORE_OK);
        assert_non_null(r.game_sgf);
        calls_of_record(r.game_sgf, &tc, want);
        assert_true(want->n >= 3);
        if (nsaid != want->n) {
            for (int i = 0; i < nsaid || i < want->n; i++) {
                char words[96] = "";
                if (i < want->n)
                    sei_ui_call_words((sei_lang)l, &want->c[i], tc.kind, words, sizeof words);
                fprintf(stderr, "  %2d said %-24s clock %s (%s at %.1f s)\n", i + 1, i < nsaid ? said[i].text : "-",
                        words, i < want->n ? (want->c[i].player == SEI_BLACK ? "B" : "W") : "", i < want->n ? want->c[i].t_ms / 1000.0 : 0);
            }
            fail_msg("%s: %d calls said, the clock makes %d on the record's moves", langs[l], nsaid, want->n);
        }
        for (int i = 0; i < want->n; i++) {
            char words[96];
            sei_ui_call_words((sei_lang)l, &want->c[i], tc.kind, words, sizeof words);
            if (strcmp(words, said[i].text))
                fail_msg("%s: call %d said \"%s\", the clock's is \"%s\"", langs[l], i + 1, said[i].text, words);
            if (said[i].samples < sei_voice_rate(vo) / 10)
                fail_msg("%s: \"%s\" made %ld samples of speech", langs[l], said[i].text, said[i].samples);
        }
        assert_int_equal(want->c[want->n - 1].kind, SEI_CALL_LOST);
        assert_true(saw_flag);
        int loser = want->c[want->n - 1].player;
        char re[16], result[8];
        snprintf(result, sizeof result, "%c+T", loser == SEI_BLACK ? 'W' : 'B');
        snprintf(re, sizeof re, "RE[%s]", result);
        assert_string_equal(r.result, result);
        assert_int_equal(r.decided, SEI_DECIDED_TIME);
        assert_int_equal(r.winner, sei_color_other(loser));
        assert_true(r.margin == 0);
        assert_non_null(strstr(r.game_sgf, re));
        assert_non_null(strstr(r.game_sgf, "OT[byoyomi:0m+2x30s]"));
        if (l == 0) {
            assert_string_equal(said[want->n - 1].text, "10, lost on time");
            assert_string_equal(said[0].text, "10 seconds"); /* a 30-second period: 10, 20, 25, 28 */
        }
        if (l == 1)
            assert_string_equal(said[want->n - 1].text, "10，超时判负");
        sei_store_result_release(&r);
        sei_store_close(st);
        free(want);
        sei_app_destroy(a);
    }
    assert_int_equal(golden_failures, 0);
}

/* A tap on a player's clock: "my move is made". The player on move
 * switches it at that moment (the time it left is exact); the other
 * player's tap does nothing; the stone then seen for the tapped move does
 * not switch it again, and the next player's stone switches it as ever. */
static void test_record_clock_tap(void **state)
{
    (void)state;
    sei_app *a = timed_record("test_record_clock_tap", "clock-tap.db", "absolute:30m");
    if (!a)
        return;
    sei_ui_view v;
    double t = 0;
    /* On until the board is locked, no move yet. */
    for (int i = 0; i < 40; i++) {
        t += 500;
        sei_app_tick(a, t);
        sei_app_view(a, &v);
        if (!v.rec_waiting)
            break;
    }
    assert_false(v.rec_waiting);
    assert_int_equal(v.rec_moves, 0);
    assert_non_null(v.rec_clock);
    assert_int_equal(v.rec_clock->to_move, SEI_BLACK);
    tap_button(a, SEI_BTN_CLOCK_W); /* not White's turn */
    sei_app_view(a, &v);
    assert_int_equal(v.rec_clock->to_move, SEI_BLACK);
    tap_button(a, SEI_BTN_CLOCK_B);
    sei_app_view(a, &v);
    assert_int_equal(v.rec_clock->to_move, SEI_WHITE);
    assert_int_equal(v.rec_clock->side[SEI_BLACK].moves, 1);
    /* Black's time stopped at the tap: 30 minutes less the time to it. */
    int64_t black_left = v.rec_clock->side[SEI_BLACK].main_left;
    assert_true(black_left == 1800000 - (int64_t)t);
    /* Black's stone comes: the clock stays with White. */
    int i;
    for (i = 0; i < 200; i++) {
        t += 500;
        sei_app_tick(a, t);
        sei_app_view(a, &v);
        if (v.rec_moves >= 1)
            break;
    }
    assert_int_equal(v.rec_moves, 1);
    assert_int_equal(v.rec_clock->to_move, SEI_WHITE);
    assert_int_equal(v.rec_clock->side[SEI_BLACK].moves, 1);
    assert_true(v.rec_clock->side[SEI_BLACK].main_left == black_left);
    /* White's stone, no tap: switched by the stone. */
    for (i = 0; i < 200; i++) {
        t += 500;
        sei_app_tick(a, t);
        sei_app_view(a, &v);
        if (v.rec_moves >= 2)
            break;
    }
    assert_int_equal(v.rec_moves, 2);
    assert_int_equal(v.rec_clock->to_move, SEI_BLACK);
    assert_int_equal(v.rec_clock->side[SEI_WHITE].moves, 1);
    assert_int_equal(v.rec_clock->side[SEI_BLACK].moves, 1);
    tap_button(a, SEI_BTN_CLOCK_W); /* White's move is already made */
    sei_app_view(a, &v);
    assert_int_equal(v.rec_clock->to_move, SEI_BLACK);
    sei_app_destroy(a);
}

/* The time an SGF move node of the record says it left its player: "BL"
 * or "WL" (ms; -1 none) and "OB"/"OW" (-1 none), on the k-th move node. */
static void left_of_move(const char *sgf, int k, int64_t *ms, int *n)
{
    *ms = -1;
    *n = -1;
    const char *q = sgf;
    for (int i = 0; (q = strchr(q, ';')); q++) {
        if ((q[1] != 'B' && q[1] != 'W') || q[2] != '[')
            continue;
        if (i++ < k)
            continue;
        const char *end = strchr(q + 1, ';');
        char l[4] = {q[1], 'L', '[', 0}, o[4] = {'O', q[1], '[', 0};
        const char *p = strstr(q, l);
        if (p && (!end || p < end))
            *ms = (int64_t)(atof(p + 3) * 1000.0 + 0.5);
        p = strstr(q, o);
        if (p && (!end || p < end))
            *n = atoi(p + 3);
        return;
    }
}

/* Taps and stones reconciled, as data: each row taps the players' clocks
 * after the given ticks (a tick a second, a frame each: Black's first
 * stone is first seen at 9 s and voted in at 11 s, White's seen at 15 s
 * and voted in at 17 s), then runs to 20 s. The clock must be the one
 * sei_clock makes with each tapped move at its tap and the others at the
 * moment their stones were seen: no stone switches it again, no second
 * Fischer increment or Canadian stone, a second tap by the other player
 * before the first one's stone is voted in kept for that player's stone;
 * and the record's BL/WL (OB/OW) are what each move (its tap) left. */
typedef struct {
    const char *tc;
    const char *taps; /* "9B 10W": Black taps at 9 s, White at 10 s */
} tap_case;

static const tap_case tap_cases[] = {
    {"fischer:30m+20s", "9B 10W"},   /* both within the vote on Black's stone */
    {"fischer:30m+20s", "10B 10W"},  /* both at one moment */
    {"fischer:30m+20s", "3B 5W"},    /* both before either stone is seen */
    {"canadian:0m+5/10m", "9B 10W"}, /* Canadian: one stone counted per move */
    {"byoyomi:0m+3x30s", "9B 10W"},
    {"fischer:30m+20s", "9B 12W"},   /* White's tap after Black's stone is voted in, before its own is seen */
    {"fischer:30m+20s", "9B"},       /* White's stone switches the clock by itself */
    {"fischer:30m+20s", "16W"},      /* Black's stone switches it, White taps within the vote on its own */
};

static void test_record_tap_queue(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof tap_cases / sizeof tap_cases[0]; c++) {
        const tap_case *tcase = &tap_cases[c];
        char dbname[64];
        snprintf(dbname, sizeof dbname, "tapq-%zu.db", c);
        sei_app *a = timed_record("test_record_tap_queue", dbname, tcase->tc);
        if (!a)
            return;
        sei_time_control tc;
        assert_int_equal(sei_time_control_parse(tcase->tc, &tc, NULL, 0), 0);
        /* The taps as the kiosk takes them, and the reference clock's
         * tapped moves. */
        int64_t tap_ms[8];
        int tap_who[8], ntaps = 0;
        for (const char *p = tcase->taps; *p;) {
            char *end;
            long sec = strtol(p, &end, 10);
            tap_ms[ntaps] = sec * 1000;
            tap_who[ntaps++] = *end == 'B' ? SEI_BLACK : SEI_WHITE;
            p = end + 1;
            while (*p == ' ')
                p++;
        }
        sei_ui_view v;
        for (int s = 1; s <= 20; s++) {
            sei_app_tick(a, s * 1000.0);
            for (int i = 0; i < ntaps; i++)
                if (tap_ms[i] == s * 1000)
                    tap_button(a, tap_who[i] == SEI_BLACK ? SEI_BTN_CLOCK_B : SEI_BTN_CLOCK_W);
        }
        sei_app_view(a, &v);
        assert_int_equal(v.rec_moves, 2);
        sei_clock shown = *v.rec_clock;
        tap_button(a, SEI_BTN_STOP);
        const char *st = strstr(sei_app_status(a), "games/");
        assert_non_null(st);
        char path[512];
        snprintf(path, sizeof path, "%s/%.*s", tmpdir, (int)(strstr(st, ".sgf") + 4 - st), st);
        char *sgf = sei_test_read_file(path, NULL);
        assert_non_null(sgf);
        /* The reference: a player's next tap is that player's move; a
         * move untapped is at its SEIT. */
        sei_clock ref;
        sei_clock_start(&ref, &tc, SEI_BLACK, 0);
        int next_tap = 0;
        for (int k = 0; k < 2; k++) {
            int who = k == 0 ? SEI_BLACK : SEI_WHITE;
            int i = next_tap;
            while (i < ntaps && tap_who[i] != who)
                i++;
            int64_t at;
            if (i < ntaps)
                at = tap_ms[i], next_tap = i + 1;
            else {
                const char *q = sgf;
                for (int i = 0; i <= k; i++)
                    q = strstr(q + 1, "SEIT[");
                at = (int64_t)(atof(q + 5) * 1000.0 + 0.5);
                if (at < ref.now)
                    at = ref.now;
            }
            assert_int_equal(sei_clock_move(&ref, who, at, NULL, NULL), 0);
            int64_t want_ms, got_ms;
            int want_n, got_n;
            sei_clock_left(&ref, who, &want_ms, &want_n);
            left_of_move(sgf, k, &got_ms, &got_n);
            if (got_ms != want_ms || got_n != (ref.side[who].in_overtime ? want_n : -1))
                fail_msg("%s taps %s: move %d left %lld ms (%d), the clock %lld ms (%d)", tcase->tc, tcase->taps, k + 1,
                         (long long)got_ms, got_n, (long long)want_ms, want_n);
        }
        assert_int_equal(sei_clock_advance(&ref, 20000, NULL, NULL), 0);
        for (int p = SEI_BLACK; p <= SEI_WHITE; p++) {
            const sei_clock_side *g = &shown.side[p], *w = &ref.side[p];
            if (g->moves != w->moves || g->main_left != w->main_left || g->period_left != w->period_left ||
                g->periods_left != w->periods_left || g->stones_left != w->stones_left)
                fail_msg("%s taps %s: %s has %d moves, %lld + %lld ms, %d periods, %d stones; the clock %d, %lld + %lld, %d, %d",
                         tcase->tc, tcase->taps, p == SEI_BLACK ? "Black" : "White", g->moves, (long long)g->main_left,
                         (long long)g->period_left, g->periods_left, g->stones_left, w->moves, (long long)w->main_left,
                         (long long)w->period_left, w->periods_left, w->stones_left);
        }
        assert_int_equal(shown.to_move, ref.to_move);
        free(sgf);
        sei_app_destroy(a);
    }
}


/* ---- what a new user meets on the 7" screen ---------------------------------------- */

/* The longest messages a screen shows, in L: where an export went, where
 * a recorded game was saved, a result stored. */
static void long_messages(sei_lang L, char msgs[4][400])
{
    char where[200];
    snprintf(where, sizeof where, sei_ui_string(L, SEI_S_WHERE_USB), "seichi-export-12/");
    snprintf(msgs[0], 400, sei_ui_string(L, SEI_S_EXPORTED), where);
    snprintf(where, sizeof where, sei_ui_string(L, SEI_S_WHERE_KIOSK), "games/game-20261130-125959-2.sgf");
    snprintf(msgs[1], 400, sei_ui_string(L, SEI_S_REC_SAVED), where);
    snprintf(msgs[2], 400, sei_ui_string(L, SEI_S_SAVED), 12345);
    snprintf(where, sizeof where, sei_ui_string(L, SEI_S_WHERE_USB), "seichi-export-12/");
    snprintf(msgs[3], 400, sei_ui_string(L, SEI_S_EXPORT_SKIPPED), where);
}

/* The screen a is on, drawn with each long message: every button and
 * handle at least 56 px each way, the message inside the screen, fitting
 * its area and covering no button, and no text shrunk to fit. */
static void check_layout(sei_app *a, const char *what)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    char msgs[4][400], worst[200];
    long_messages(v.lang, msgs);
    sei_ui *ui = (sei_ui *)sei_app_ui(a);
    for (int m = -1; m < 4; m++) {
        v.status = m < 0 ? NULL : msgs[m];
        sei_ui_draw(ui, &v);
        sei_ui_target t[64];
        int n = sei_ui_targets(ui, t, 64);
        assert_true(n > 0 && n <= 64);
        for (int i = 0; i < n; i++)
            if (t[i].r.w < 56 || t[i].r.h < 56)
                fail_msg("%s (%s): %s %d is %dx%d px", what, sei_ui_lang_code(v.lang), t[i].handle >= 0 ? "handle" : "button",
                         t[i].handle >= 0 ? t[i].handle : (int)t[i].id, t[i].r.w, t[i].r.h);
        double fit = sei_ui_text_fit(ui, worst, sizeof worst);
        if (fit < 1)
            fail_msg("%s (%s): \"%s\" shrunk to %.0f%% (or out of its room)", what, sei_ui_lang_code(v.lang), worst, 100 * fit);
        SDL_Rect mr;
        int fits = 0;
        if (m < 0) {
            assert_int_equal(sei_ui_message_rect(ui, &mr, &fits), 0);
            continue;
        }
        assert_int_equal(sei_ui_message_rect(ui, &mr, &fits), 1);
        if (!fits)
            fail_msg("%s (%s): \"%s\" does not fit its message area", what, sei_ui_lang_code(v.lang), msgs[m]);
        assert_true(mr.x >= 0 && mr.y >= 0 && mr.x + mr.w <= SEI_UI_W && mr.y + mr.h <= SEI_UI_H);
        for (int i = 0; i < n; i++)
            if (SDL_HasIntersection(&mr, &t[i].r))
                fail_msg("%s (%s): the message covers %s %d", what, sei_ui_lang_code(v.lang),
                         t[i].handle >= 0 ? "handle" : "button", t[i].handle >= 0 ? t[i].handle : (int)t[i].id);
    }
}

/* Every screen in every language, as the kiosk lays it out. */
static void test_targets_and_messages(void **state)
{
    (void)state;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128];
        snprintf(db, sizeof db, "%s/layout-%s.db", tmpdir, langs[l]);
        sei_app *a = app_new(SAMPLE, db, l);
        sei_app_tick(a, 0);
        check_layout(a, "live");
        tap_button(a, SEI_BTN_FIX_CORNERS);
        check_layout(a, "live, corners");
        tap_button(a, SEI_BTN_CORNERS_DONE);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
        check_layout(a, "confirm");
        /* Every rule set: its panel, and its count. */
        const char *first = NULL;
        for (int k = 0; k < 20; k++) {
            char what[64];
            sei_ui_view v;
            sei_app_view(a, &v);
            if (first && !strcmp(first, v.rules->name))
                break;
            if (!first)
                first = sei_rules_preset_step(v.rules->name, 0);
            snprintf(what, sizeof what, "confirm, %s", v.rules->name);
            check_layout(a, what);
            if (v.rules->scoring == SEI_SCORING_TERRITORY) {
                tap_button(a, SEI_BTN_PRIS_MODE);
                snprintf(what, sizeof what, "confirm, %s, by last move", v.rules->name);
                check_layout(a, what);
                tap_button(a, SEI_BTN_PRIS_MODE);
                tap_button(a, SEI_BTN_PRIS_B_PAD);
                snprintf(what, sizeof what, "confirm, %s, number pad", v.rules->name);
                check_layout(a, what);
                tap_button(a, SEI_BTN_PAD_OK);
            }
            tap_button(a, SEI_BTN_HCAP_UP);
            tap_button(a, SEI_BTN_COUNT);
            assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
            snprintf(what, sizeof what, "result, %s", v.rules->name);
            check_layout(a, what);
            tap_button(a, SEI_BTN_BACK);
            tap_button(a, SEI_BTN_HCAP_DOWN);
            tap_button(a, SEI_BTN_RULES_NEXT);
        }
        tap_button(a, SEI_BTN_BACK);
        tap_button(a, SEI_BTN_SETTINGS);
        check_layout(a, "settings");
        tap_button(a, SEI_BTN_BACK);
        sei_app_destroy(a);
        a = app_new("webcam:63", db, l);
        check_layout(a, "no camera");
        sei_app_destroy(a);
        if (!access(SEI_SOURCE_DIR "/images/sequences/caren1-9x9/truth.sgf", R_OK)) {
            a = app_new(SEI_SOURCE_DIR "/images/sequences/caren1-9x9", db, l);
            sei_app_tick(a, 0);
            tap_button(a, SEI_BTN_RECORD);
            for (int i = 0; i < 60; i++)
                sei_app_tick(a, 66.0 * i);
            check_layout(a, "record");
            sei_app_destroy(a);
        }
    }
}

/* ---- the count's lines: each sum holds as written and fits its line ------------- */

/* A tiny calculator for the sums the result screen writes: numbers with
 * ¼ ½ ¾, a typeset minus, + − ÷ and brackets. */
typedef struct {
    const char *p;
    int bad;
} calc;

static void calc_space(calc *c)
{
    while (*c->p == ' ')
        c->p++;
}

static int calc_is(calc *c, const char *tok)
{
    calc_space(c);
    size_t n = strlen(tok);
    if (strncmp(c->p, tok, n))
        return 0;
    c->p += n;
    return 1;
}

static double calc_expr(calc *c);

static double calc_factor(calc *c)
{
    if (calc_is(c, "(")) {
        double v = calc_expr(c);
        if (!calc_is(c, ")"))
            c->bad = 1;
        return v;
    }
    if (calc_is(c, "−"))
        return -calc_factor(c);
    calc_space(c);
    char *end;
    double v = 0;
    if (*c->p >= '0' && *c->p <= '9') {
        v = strtod(c->p, &end);
        c->p = end;
    } else if (strncmp(c->p, "\xC2", 1)) {
        c->bad = 1;
        return 0;
    }
    if (calc_is(c, "¼"))
        v += 0.25;
    else if (calc_is(c, "½"))
        v += 0.5;
    else if (calc_is(c, "¾"))
        v += 0.75;
    return v;
}

static double calc_term(calc *c)
{
    double v = calc_factor(c);
    while (calc_is(c, "÷"))
        v /= calc_factor(c);
    return v;
}

static double calc_expr(calc *c)
{
    double v = calc_term(c);
    for (;;) {
        if (calc_is(c, "+"))
            v += calc_term(c);
        else if (calc_is(c, "−"))
            v -= calc_term(c);
        else
            return v;
    }
}

/* The sum in line (after "who: "): whether it holds, and its total. */
static int sum_holds(const char *line, double *total)
{
    const char *colon = strstr(line, ": "), *wide = strstr(line, "：");
    const char *at = wide && (!colon || wide < colon) ? wide + strlen("：") : colon ? colon + 2 : NULL;
    if (!at)
        return 0;
    calc c = {at, 0};
    double left = calc_expr(&c);
    if (!calc_is(&c, "="))
        return 0;
    *total = calc_expr(&c);
    calc_space(&c);
    return !c.bad && !*c.p && fabs(left - *total) < 1e-9;
}

static int count_ops(const char *s, const char *stop)
{
    int n = 0;
    for (const char *q = s; *q && (!stop || q < stop); q++)
        n += !strncmp(q, " + ", 3) || !strncmp(q, " − ", 5);
    return n;
}

/* Positions as data (the diagrams the rules tests count, the seki cases'
 * diagrams) under every preset, with no handicap and with nine stones,
 * in every language: every sum holds and ends in the count's own total,
 * its words name as many terms as it has, the Japanese White total has
 * komi in it, and every line fits the panel unshrunk. */
static void test_result_lines(void **state)
{
    (void)state;
    static const char *const files[] = {"boards/chinese-185.board", "boards/ing-fill-b3.board",
                                        "boards/seeds-184-177.board", "cases/seki.case", "cases/false-seki.case", NULL};
    sei_ui *ui = (sei_ui *)NULL;
    char err[256];
    ui = sei_ui_create(ren, NULL, NULL, err, sizeof err);
    assert_non_null(ui);
    int checked = 0;
    for (int f = 0; files[f]; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", SEI_TESTS_DIR, files[f]);
        char *text = sei_test_read_file(path, NULL);
        assert_non_null(text);
        /* A case file holds its diagram between "diagram" and "end". */
        char *d = strstr(text, "\ndiagram\n"), *e = d ? strstr(d, "\nend") : NULL;
        const char *body = d ? d + 9 : text;
        size_t len = d && e ? (size_t)(e - (d + 9)) + 1 : strlen(text);
        for (const char *names = sei_rules_preset_names(); *names;) {
            char preset[32];
            size_t nl = strcspn(names, " ");
            snprintf(preset, sizeof preset, "%.*s", (int)nl, names);
            names += nl + (names[nl] == ' ');
            for (int h = 0; h <= 9; h += 9) {
                sei_board *b = NULL;
                uint8_t dead[SEI_MAX_POINTS];
                assert_int_equal(sei_boardfile_parse(body, len, &b, dead, err, sizeof err), SEI_OK);
                sei_rules r;
                assert_int_equal(sei_rules_preset(&r, preset), 0);
                sei_prisoners pr = {SEI_PRISONERS_GIVEN, 12, 3, SEI_WHITE};
                sei_score sc;
                if (sei_count_make(b, dead, &r, h, &pr, &sc, NULL) != SEI_OK) {
                    sei_board_destroy(b);
                    continue;
                }
                for (int l = 0; l < SEI_LANG_COUNT; l++) {
                    sei_ui_line lines[32];
                    int n = sei_ui_result_lines(l, &sc, lines, 32);
                    assert_true(n >= 4 && n <= 32);
                    double totals[16];
                    int nt = 0;
                    for (int i = 0; i < n; i++) {
                        const char *t = lines[i].text;
                        int w = sei_ui_text_width(ui, t, lines[i].kind == SEI_UI_LINE_HEAD ? SEI_UI_TEXT_BODY : SEI_UI_TEXT_SMALL);
                        if (w > SEI_UI_PANEL_TEXT_W)
                            fail_msg("%s, %s, %s: \"%s\" is %d px, over %d", files[f], preset, langs[l], t, w,
                                     SEI_UI_PANEL_TEXT_W);
                        if (lines[i].kind != SEI_UI_LINE_SUM)
                            continue;
                        double total = 0;
                        if (!sum_holds(t, &total))
                            fail_msg("%s, %s, %s: \"%s\" does not hold", files[f], preset, langs[l], t);
                        if (nt < 16)
                            totals[nt++] = total;
                        if (i + 1 < n && lines[i + 1].kind == SEI_UI_LINE_TERMS &&
                            count_ops(t, strstr(t, " = ")) != count_ops(lines[i + 1].text, NULL))
                            fail_msg("%s, %s, %s: \"%s\" under \"%s\" names other terms", files[f], preset, langs[l],
                                     lines[i + 1].text, t);
                    }
                    /* The totals are the count's own. */
                    if (r.stones_form) {
                        assert_int_equal(nt, 3);
                        assert_true(totals[0] == sc.black_count && totals[1] == sc.black_needs &&
                                    totals[2] == sc.margin_stones);
                    } else {
                        assert_true(nt >= 3);
                        assert_true(totals[0] == sc.side[SEI_BLACK].score && totals[1] == sc.side[SEI_WHITE].score &&
                                    totals[2] == fabs(sc.margin));
                        if (r.fill_check)
                            assert_true(nt == 6 && totals[3] == sc.fill_spare[SEI_BLACK] &&
                                        totals[4] == sc.fill_spare[SEI_WHITE]);
                    }
                    /* On screen: nothing shrunk, nothing run into the buttons. */
                    sei_ui_view v;
                    memset(&v, 0, sizeof v);
                    v.screen = SEI_SCREEN_RESULT;
                    v.lang = l;
                    v.board = b;
                    v.score = &sc;
                    v.rules = &sc.rules;
                    sei_ui_draw(ui, &v);
                    char worst[200];
                    if (sei_ui_text_fit(ui, worst, sizeof worst) < 1)
                        fail_msg("%s, %s, %s: \"%s\" does not fit the result screen", files[f], preset, langs[l], worst);
                    checked++;
                }
                sei_board_destroy(b);
            }
        }
        free(text);
    }
    sei_ui_destroy(ui);
    assert_true(checked >= 4 * 5 * 7);
}

/* ---- a 19x19 board: a first tap zooms, the second picks ------------------------- */

/* A capture with a hand over the board's edge (a render of the test set
 * whose truth names the points it hides): the confirm screen rings them
 * and says a hand hid them, in every language without shrinking. */
static void test_capture_hidden(void **state)
{
    (void)state;
    sei_app *a = confirm_screen_of(SEI_SOURCE_DIR "/images/testset/t030.jpg", "hidden.db");
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_true(v.check_hidden);
    assert_false(v.check_board);
    /* The truth's hidden points (t030.json, in the kiosk's frame: the
     * picture upright) are ringed: the fingers over J1-M3 among them. */
    const sei_board *b = sei_app_board(a);
    int ringed = 0;
    for (int p = 0; p < SEI_MAX_POINTS; p++)
        ringed += v.check[p];
    assert_true(ringed >= 10);
    assert_true(v.check[sei_board_point(b, 9, 17)]);  /* K2 */
    assert_true(v.check[sei_board_point(b, 10, 17)]); /* L2 */
    sei_app_draw(a);
    golden_failures = 0;
    golden("confirm-hidden-en");
    assert_int_equal(golden_failures, 0);
    const sei_ui *ui = sei_app_ui(a);
    fits_in_every_language(ui, v, "hidden");
    /* Under Japanese rules the prisoners' rows fill the panel, leaving no
     * room for the sentence below them: the doubt is said in the title's
     * place (the golden shows it), in every language unshrunk. */
    tap_button(a, SEI_BTN_RULES_NEXT);
    sei_app_view(a, &v);
    assert_int_equal(v.rules->scoring, SEI_SCORING_TERRITORY);
    assert_true(v.prisoners.source != SEI_PRISONERS_LAST);
    assert_true(v.check_hidden);
    sei_app_draw(a);
    golden("confirm-hidden-japanese-en");
    assert_int_equal(golden_failures, 0);
    fits_in_every_language(ui, v, "hidden, Japanese rules");
    sei_app_destroy(a);
}

static void test_zoom_to_tap(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "zoom.db");
    sei_app *a = app_new(SEI_SOURCE_DIR "/images/renders/r003.jpg", db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_int_equal(sei_app_board(a)->size, 19);
    int col, row, size;
    assert_true(find_chain(a, &col, &row, &size));
    const sei_ui *ui = sei_app_ui(a);
    int x, y, x1, y1;
    sei_app_draw(a);
    assert_int_equal(sei_ui_point_centre(ui, col, row, &x, &y), 0);
    assert_int_equal(sei_ui_point_centre(ui, col + (col < 18 ? 1 : -1), row, &x1, &y1), 0);
    assert_true(abs(x1 - x) < 47); /* closer than a fingertip */
    /* A finger lands a little off, nearer the neighbour than a mouse would:
     * the first tap marks nothing and zooms in around it. */
    int d0 = dead_count(a);
    finger(a, x + (x1 - x) / 3, y + 2, 60);
    sei_app_draw(a);
    assert_int_equal(dead_count(a), d0);
    assert_true(zoomed(a));
    golden_failures = 0;
    golden("confirm-zoom-en");
    assert_int_equal(golden_failures, 0);
    sei_ui_view zv;
    sei_app_view(a, &zv);
    fits_in_every_language(ui, zv, "zoomed");
    sei_app_draw(a);
    /* Back: the whole board again, still on the confirm screen; then
     * zoomed in again by a tap on the point itself. */
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_false(zoomed(a));
    assert_int_equal(dead_count(a), d0);
    assert_int_equal(sei_ui_point_centre(ui, col, row, &x, &y), 0);
    finger(a, x, y, 60);
    sei_app_draw(a);
    assert_true(zoomed(a));
    assert_int_equal(dead_count(a), d0);
    assert_int_equal(sei_ui_point_centre(ui, col, row, &x, &y), 0);
    assert_int_equal(sei_ui_point_centre(ui, col + (col < 18 ? 1 : -1), row, &x1, &y1), 0);
    assert_true(abs(x1 - x) >= 47); /* now a fingertip apart */
    /* The second tap picks the group meant, and the whole board is back. */
    finger(a, x, y, 60);
    sei_app_draw(a);
    assert_false(zoomed(a));
    assert_int_equal(dead_count(a), d0 + size);
    assert_true(sei_app_dead(a)[sei_board_point(sei_app_board(a), col, row)]);
    sei_app_destroy(a);
}

/* ---- words ----------------------------------------------------------------------- */

/* Every language has its own words for why there is no camera (no English
 * left but the device's own name), and Korean calls handicap stones 치석. */
static void test_translations(void **state)
{
    (void)state;
    for (int l = SEI_LANG_ZH; l < SEI_LANG_COUNT; l++) {
        static const char *const sources[] = {"webcam:63", "/nonexistent/board.jpg", NULL};
        for (int k = 0; sources[k]; k++) {
            char db[128];
            snprintf(db, sizeof db, "%s/words-%s.db", tmpdir, langs[l]);
            sei_app *a = app_new(sources[k], db, l);
            assert_int_equal(sei_app_screen(a), SEI_SCREEN_NOCAMERA);
            sei_ui_view v;
            sei_app_view(a, &v);
            assert_non_null(v.message);
            /* Take out the names a person reads as they are: the device, the file. */
            char line[512];
            snprintf(line, sizeof line, "%s", v.message);
            static const char *const names[] = {"/dev/video63", "board.jpg", NULL};
            for (int i = 0; names[i]; i++) {
                char *at = strstr(line, names[i]);
                if (at)
                    memmove(at, at + strlen(names[i]), strlen(at + strlen(names[i])) + 1);
            }
            for (const char *q = line; *q; q++)
                if ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'))
                    fail_msg("%s: the no-camera line is in English: \"%s\"", langs[l], v.message);
            sei_app_destroy(a);
        }
    }
    /* No string left in English (a missing entry falls back to it): no
     * word of three or more Latin letters but names. */
    static const char *const names[] = {"Tromp", "Taylor", "AGA", "USB", NULL};
    for (int l = SEI_LANG_ZH; l < SEI_LANG_COUNT; l++)
        for (int id = 0; id < SEI_S_COUNT_OF_STRINGS; id++) {
            const char *t = sei_ui_string(l, (sei_str)id);
            for (const char *q = t; *q;) {
                size_t n = 0;
                while ((q[n] >= 'a' && q[n] <= 'z') || (q[n] >= 'A' && q[n] <= 'Z'))
                    n++;
                int named = 0;
                for (int k = 0; names[k]; k++)
                    named |= n == strlen(names[k]) && !strncmp(q, names[k], n);
                if (n >= 3 && !named)
                    fail_msg("string %d in %s is English: \"%s\"", id, langs[l], t);
                q += n ? n : 1;
            }
        }
    /* Korean: 치석 (handicap stones), never 접바둑 (a handicap game). */
    assert_string_equal(sei_ui_string(SEI_LANG_KO, SEI_S_HANDICAP), "치석");
    for (int id = 0; id < SEI_S_COUNT_OF_STRINGS; id++)
        if (strstr(sei_ui_string(SEI_LANG_KO, (sei_str)id), "접바둑"))
            fail_msg("string %d in Korean says 접바둑", id);
}

/* ---- Ing's fill check ------------------------------------------------------------- */

#define FILL_DIR SEI_SOURCE_DIR "/images/fill"

/* A kiosk whose camera is a folder: the counted position of
 * tests/boards/ing-fill-b3.board (images/fill/counted-b3.jpg), then the
 * board filled (filled, a picture of images/fill): the live view takes
 * the first, Photograph the next. Captured, counted under Ing's rules, on
 * the Fill screen. */
static sei_app *fill_kiosk(const char *name, const char *filled, int lang)
{
    char dir[128], db[160], path[256];
    path_of(dir, sizeof dir, name);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(path, sizeof path, "%s/1-counted.jpg", dir);
    assert_int_equal(symlink(FILL_DIR "/counted-b3.jpg", path), 0);
    snprintf(path, sizeof path, "%s/2-filled.jpg", dir);
    char target[256];
    snprintf(target, sizeof target, "%s%s%s", filled[0] == '/' ? "" : FILL_DIR, filled[0] == '/' ? "" : "/", filled);
    assert_int_equal(symlink(target, path), 0);
    snprintf(db, sizeof db, "%s.db", dir);
    sei_app *a = app_new(dir, db, lang);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    sei_ui_view v;
    for (int i = 0; i < 8; i++) {
        sei_app_view(a, &v);
        if (!strcmp(v.rules->name, "ing"))
            break;
        tap_button(a, SEI_BTN_RULES_NEXT);
    }
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    const sei_score *sc = sei_app_score(a);
    assert_string_equal(sc->rules.name, "ing");
    assert_string_equal(sc->result, "B+3"); /* the board file's count: Black 2 holes, White 1 spare */
    tap_button(a, SEI_BTN_FILL_CHECK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_FILL);
    return a;
}

/* Type n on the open number pad and close it with Done. */
static void pad_type(sei_app *a, int n)
{
    char digits[16];
    snprintf(digits, sizeof digits, "%d", n);
    for (const char *d = digits; *d; d++)
        tap_button(a, (sei_ui_button)(SEI_BTN_PAD_0 + (*d - '0')));
    tap_button(a, SEI_BTN_PAD_OK);
}

/* Under Ing's rules the Result screen offers the fill check: Photograph
 * reads the camera's next frame as the filled board (the reader
 * --fill-photo uses), the pad asks each side's spares, and the outcome is
 * sei_fill_check's, shown, then stored with the result once agreed. The
 * filled board right (B+3: Black 2 holes, White 1 stone over) agrees in
 * every language; with a white hole left while White kept 2 stones it
 * does not, and says why. Other rules have no fill check. */
static void test_fill_check(void **state)
{
    (void)state;
    golden_failures = 0;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char name[64], gname[64];
        snprintf(name, sizeof name, "fill-right-%s", langs[l]);
        sei_app *a = fill_kiosk(name, "filled-b3.jpg", l);
        sei_app_draw(a);
        snprintf(gname, sizeof gname, "fill-how-%s", langs[l]);
        golden(gname);
        assert_null(sei_app_fill(a));
        tap_button(a, SEI_BTN_PHOTOGRAPH);
        /* The pad: Black's spares, then White's. */
        sei_ui_view v;
        sei_app_view(a, &v);
        assert_non_null(v.pad_title);
        char want[96];
        snprintf(want, sizeof want, sei_ui_string(l, SEI_S_FILL_SPARE), sei_ui_string(l, SEI_S_BLACK));
        assert_string_equal(v.pad_title, want);
        pad_type(a, 0);
        sei_app_view(a, &v);
        snprintf(want, sizeof want, sei_ui_string(l, SEI_S_FILL_SPARE), sei_ui_string(l, SEI_S_WHITE));
        assert_string_equal(v.pad_title, want);
        pad_type(a, 1);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_FILL);
        const sei_fill_report *f = sei_app_fill(a);
        assert_non_null(f);
        assert_true(f->ok);
        assert_int_equal(f->bowl, 180);
        assert_int_equal(f->on_board[SEI_BLACK], 180);
        assert_int_equal(f->on_board[SEI_WHITE], 179);
        assert_int_equal(f->spare[SEI_BLACK], 0);
        assert_int_equal(f->spare[SEI_WHITE], 1);
        assert_int_equal(f->holes[SEI_BLACK], 2);
        assert_int_equal(f->holes[SEI_WHITE], 0);
        assert_int_equal(f->komi_stones, 4);
        assert_int_equal(f->fill_margin, 3);
        assert_int_equal(f->changed + f->stray, 0);
        /* What the screen shows: the lines of this outcome, whole. */
        sei_app_view(a, &v);
        assert_ptr_equal(v.fill, f);
        assert_non_null(v.fill_board);
        sei_ui_line lines[24];
        int n = sei_ui_fill_lines(l, f, v.score, v.board, v.fill_points, lines, 24);
        assert_true(n >= 7 && n <= 24);
        assert_string_equal(lines[0].text, sei_ui_string(l, SEI_S_FILL_AGREES));
        if (l == SEI_LANG_EN) {
            assert_string_equal(lines[1].text, "Black: 180 + 0 = 180");
            assert_string_equal(lines[2].text, "on the board + in the bowl");
            assert_string_equal(lines[3].text, "White: 179 + 1 = 180");
            assert_string_equal(lines[5].text, "Holes: Black 2, White 0");
            assert_string_equal(lines[6].text, "Margin: 2 + 1 = 3");
            assert_string_equal(lines[7].text, "Black's holes + White's spares");
            assert_string_equal(lines[8].text, "Fill B+3, count B+3");
        }
        sei_app_draw(a);
        char worst[SEI_UI_LINE_MAX];
        if (sei_ui_text_fit(sei_app_ui(a), worst, sizeof worst) < 1)
            fail_msg("fill check in %s: \"%s\" shrunk or out of room", langs[l], worst);
        sei_ui_target tg[64];
        int nt = sei_ui_targets(sei_app_ui(a), tg, 64);
        assert_int_equal(nt, 2); /* Photograph, Back */
        for (int i = 0; i < nt; i++)
            assert_true(tg[i].r.w >= 56 && tg[i].r.h >= 56);
        snprintf(gname, sizeof gname, "fill-right-%s", langs[l]);
        golden(gname);
        /* Back to the result, agreed: the outcome is stored with it. */
        tap_button(a, SEI_BTN_BACK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
        tap_button(a, SEI_BTN_AGREED);
        int64_t id = sei_app_saved_id(a);
        assert_true(id > 0);
        if (l == SEI_LANG_EN) {
            /* The stored result, opened from Settings → Results, says it. */
            tap_button(a, SEI_BTN_SETTINGS);
            tap_button(a, SEI_BTN_RESULTS);
            assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIST);
            tap_button(a, SEI_BTN_ROW_0);
            assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
            sei_app_view(a, &v);
            int said = 0;
            for (int i = 0; i + 1 < SEI_UI_DETAIL_LINES && v.detail[i + 1]; i++)
                said |= !strcmp(v.detail[i], "Fill check · The fill agrees with the count") &&
                        !strcmp(v.detail[i + 1], "Holes: Black 2, White 0");
            assert_true(said);
            sei_app_draw(a);
            if (sei_ui_text_fit(sei_app_ui(a), worst, sizeof worst) < 1)
                fail_msg("detail with a fill check: \"%s\" shrunk or out of room", worst);
        }
        /* The result's screen shows the fill's lines whole (it cuts at 480 px). */
        for (int ok = 0; ok < 2; ok++) {
            char t[200];
            snprintf(t, sizeof t, "%s · %s", sei_ui_string(l, SEI_S_FILL_CHECK),
                     sei_ui_string(l, ok ? SEI_S_FILL_AGREES : SEI_S_FILL_DISAGREES));
            int w = sei_ui_text_width((sei_ui *)sei_app_ui(a), t, SEI_UI_TEXT_BODY);
            if (w > 480)
                fail_msg("%s: \"%s\" is %d px, over 480", langs[l], t, w);
        }
        char db[160], err[256];
        path_of(db, sizeof db, name);
        strcat(db, ".db");
        sei_app_destroy(a);
        sei_store *s = sei_store_open(db, err, sizeof err);
        assert_non_null(s);
        sei_store_result r;
        assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
        assert_string_equal(r.result, "B+3");
        assert_int_equal(r.fill_checked, 1);
        assert_int_equal(r.fill_ok, 1);
        assert_int_equal(r.fill_on_board[SEI_BLACK], 180);
        assert_int_equal(r.fill_on_board[SEI_WHITE], 179);
        assert_int_equal(r.fill_spare[SEI_BLACK], 0);
        assert_int_equal(r.fill_spare[SEI_WHITE], 1);
        assert_int_equal(r.fill_holes[SEI_BLACK], 2);
        assert_int_equal(r.fill_holes[SEI_WHITE], 0);
        assert_int_equal(r.fill_margin, 3);
        /* The result's photo is the counted position's, not the filled board's. */
        assert_non_null(r.photo_path);
        sei_store_result_release(&r);
        sei_store_close(s);
    }

    /* A white hole left while White kept 2 stones: both sides short, White
     * holes with stones over; it does not agree, and says so. */
    sei_app *a = fill_kiosk("fill-hole", "filled-b3-hole.jpg", SEI_LANG_EN);
    tap_button(a, SEI_BTN_PHOTOGRAPH);
    pad_type(a, 0);
    pad_type(a, 2);
    const sei_fill_report *f = sei_app_fill(a);
    assert_non_null(f);
    assert_false(f->ok);
    assert_int_equal(f->holes[SEI_BLACK], 2);
    assert_int_equal(f->holes[SEI_WHITE], 1);
    assert_int_equal(f->set[SEI_WHITE], 180);
    assert_true(f->both_short);
    sei_ui_view v;
    sei_app_view(a, &v);
    sei_ui_line lines[24];
    int n = sei_ui_fill_lines(SEI_LANG_EN, f, v.score, v.board, v.fill_points, lines, 24);
    assert_string_equal(lines[0].text, "The fill does not agree");
    int both = 0, kept = 0;
    for (int i = 0; i < n; i++) {
        both |= !strcmp(lines[i].text, sei_ui_string(SEI_LANG_EN, SEI_S_FILL_BOTH_SHORT));
        kept |= !strcmp(lines[i].text, "White left holes with stones to spare: fill them");
    }
    assert_true(both && kept);
    assert_string_equal(v.fill_points, ""); /* the reader was sure of every point */
    sei_app_draw(a);
    char worst[SEI_UI_LINE_MAX];
    if (sei_ui_text_fit(sei_app_ui(a), worst, sizeof worst) < 1)
        fail_msg("fill check with a hole: \"%s\" shrunk or out of room", worst);
    golden("fill-hole-en");
    /* Spares that do not add up: a set that is not 180 is named. */
    sei_fill_report odd = *f;
    odd.spare[SEI_WHITE] = 5;
    odd.set[SEI_WHITE] = odd.on_board[SEI_WHITE] + 5;
    n = sei_ui_fill_lines(SEI_LANG_EN, &odd, v.score, v.board, "A5 K10", lines, 24);
    assert_string_equal(lines[n - 1].text, "Check these points: A5 K10");
    /* A count that took overtime penalties: the fill is said to be before them. */
    sei_score pen = *v.score;
    pen.side[SEI_WHITE].penalty = 2;
    sei_ui_line plines[24];
    int pn = sei_ui_fill_lines(SEI_LANG_EN, f, &pen, v.board, "", plines, 24), said = 0;
    for (int i = 0; i < pn; i++)
        said |= !strcmp(plines[i].text, "Before overtime penalties (Black 0, White 2 points)");
    assert_true(said);
    char want[128];
    snprintf(want, sizeof want, "White: %d stones, not 180: a miscount, or a set that is not whole",
             odd.set[SEI_WHITE]);
    int named = 0;
    for (int i = 0; i < n; i++)
        named |= !strcmp(lines[i].text, want);
    assert_true(named);
    /* Photograph again with the folder at its end: said, and the outcome stays. */
    tap_button(a, SEI_BTN_PHOTOGRAPH);
    assert_string_equal(sei_app_status(a), sei_ui_string(SEI_LANG_EN, SEI_S_NOCAM_LOST));
    assert_ptr_equal(sei_app_fill(a), f);
    sei_app_draw(a);
    SDL_Rect mr;
    int fits = 0;
    assert_int_equal(sei_ui_message_rect(sei_app_ui(a), &mr, &fits), 1);
    assert_true(fits); /* in the panel's head, whole */
    /* Back and in again: the outcome is kept for this count. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_FILL_CHECK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_FILL);
    assert_non_null(sei_app_fill(a));
    /* A new count (Back to confirm, Count again): checked afresh. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_COUNT);
    assert_null(sei_app_fill(a));
    sei_app_destroy(a);

    /* Another board photographed (a 13x13 game, not the filled board):
     * no 19x19 board in it (as score --fill-photo says), said, and no
     * pad, no outcome. */
    a = fill_kiosk("fill-other", "../renders/r043.jpg", SEI_LANG_EN);
    tap_button(a, SEI_BTN_PHOTOGRAPH);
    sei_app_view(a, &v);
    assert_null(v.pad_title);
    assert_string_equal(sei_app_status(a), sei_ui_string(SEI_LANG_EN, SEI_S_NOBOARD));
    assert_null(sei_app_fill(a));
    sei_app_destroy(a);

    /* Chinese rules: no fill check on the Result screen. */
    char db[128];
    path_of(db, sizeof db, "fill-chinese.db");
    a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_CAPTURE);
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    int x, y;
    assert_int_equal(sei_ui_button_centre(sei_app_ui(a), SEI_BTN_FILL_CHECK, &x, &y), -1);
    sei_app_destroy(a);
    assert_int_equal(golden_failures, 0);
}

/* A point the reader is in doubt of on the filled board (a grey disc
 * painted over K9 of filled-b3.jpg, which `seichi detect` names so) is
 * ringed on the Fill screen, named ("Check these points: K9"), and
 * counted in the stored result. */
static void test_fill_doubt(void **state)
{
    (void)state;
    char path[192], err[256];
    path_of(path, sizeof path, "filled-doubt.png");
    sei_image img = {0};
    assert_int_equal(sei_cv_load(FILL_DIR "/filled-b3.jpg", 0, &img, err, sizeof err), 0);
    double disc[32];
    for (int i = 0; i < 16; i++) {
        disc[2 * i] = 538 + 13 * cos(i * 3.14159265358979 / 8);
        disc[2 * i + 1] = 424 + 13 * sin(i * 3.14159265358979 / 8);
    }
    const uint8_t grey[3] = {128, 128, 128};
    assert_int_equal(sei_cv_fill(&img, disc, 16, grey), 0);
    assert_int_equal(sei_cv_save(path, &img, err, sizeof err), 0);
    sei_image_free(&img);
    sei_app *a = fill_kiosk("fill-doubt", path, SEI_LANG_EN);
    tap_button(a, SEI_BTN_PHOTOGRAPH);
    pad_type(a, 0);
    pad_type(a, 1);
    assert_non_null(sei_app_fill(a));
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_string_equal(v.fill_points, "K9");
    int rings = 0;
    for (int p = 0; p < v.fill_board->stride * v.fill_board->stride; p++)
        rings += sei_board_on(v.fill_board, p) && v.check[p];
    assert_int_equal(rings, 1);
    assert_true(v.check[sei_board_point(v.fill_board, 9, 10)]);
    sei_ui_line lines[24];
    int n = sei_ui_fill_lines(SEI_LANG_EN, v.fill, v.score, v.board, v.fill_points, lines, 24);
    assert_string_equal(lines[n - 1].text, "Check these points: K9");
    sei_app_draw(a);
    golden_failures = 0;
    golden("fill-doubt-en");
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_AGREED);
    int64_t id = sei_app_saved_id(a);
    assert_true(id > 0);
    sei_app_destroy(a);
    char db[160];
    path_of(db, sizeof db, "fill-doubt.db");
    sei_store *s = sei_store_open(db, err, sizeof err);
    assert_non_null(s);
    sei_store_result r;
    assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
    assert_int_equal(r.fill_checked, 1);
    assert_int_equal(r.fill_unsure, 1);
    sei_store_result_release(&r);
    sei_store_close(s);
    assert_int_equal(golden_failures, 0);
}

/* ---- the live view after a recording, and at a folder's end ----------------------- */

/* After a recording of a folder stops, the live view draws the grid of
 * the frame it shows (the folder's last, after the board was bumped), not
 * the one it read before the recording started. */
static void test_live_after_record(void **state)
{
    (void)state;
    if (access(SEQUENCE "/truth.sgf", R_OK)) {
        fprintf(stderr, "test_live_after_record: %s absent; skipped\n", SEQUENCE);
        return;
    }
    char db[128], err[256];
    path_of(db, sizeof db, "after-record.db");
    sei_app *a = app_new(SEQUENCE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_RECORD);
    double t = 0;
    for (int i = 0; i < 400 && sei_app_tick(a, t); i++)
        t += 66;
    tap_button(a, SEI_BTN_STOP);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    sei_app_tick(a, t += 66);
    sei_app_tick(a, t += 5000); /* past "Game saved", which names the time */
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_true(v.found);
    golden_failures = 0;
    sei_app_draw(a);
    golden("live-after-record-en");
    assert_int_equal(golden_failures, 0);
    /* The folder's last picture, read afresh. */
    char **names = NULL;
    int n = sei_folder_list(SEQUENCE, sei_picture_name, &names);
    assert_true(n > 0);
    char last[PATH_MAX];
    snprintf(last, sizeof last, "%s/%s", SEQUENCE, names[n - 1]);
    sei_folder_list_free(names, n);
    sei_image img = {0};
    assert_int_equal(sei_cv_load(last, 0, &img, err, sizeof err), 0);
    sei_vision_params vp;
    sei_vision_params_default(&vp);
    sei_vision *vis = sei_vision_create(&vp);
    sei_vision_result r;
    assert_int_equal(sei_vision_read(vis, &img, &r), SEI_VISION_OK);
    assert_int_equal(r.size, v.size);
    /* The grid drawn (view pixels) on its corners, within a third of a cell. */
    double k = (double)v.frame.width / img.width, cell = 0;
    for (int i = 0; i < 4; i++)
        cell += hypot(r.corners[(i + 1) % 4][0] - r.corners[i][0], r.corners[(i + 1) % 4][1] - r.corners[i][1]) / 4;
    cell = cell * k / (r.size - 1);
    const double uv[4][2] = {{0, 0}, {r.size - 1, 0}, {r.size - 1, r.size - 1}, {0, r.size - 1}};
    for (int i = 0; i < 4; i++) {
        double x, y;
        sei_h_apply(v.H, uv[i][0], uv[i][1], &x, &y);
        double off = hypot(x - r.corners[i][0] * k, y - r.corners[i][1] * k);
        if (off > cell / 3)
            fail_msg("corner %d of the grid drawn is %.1f px off the frame's (a cell is %.1f)", i, off, cell);
    }
    sei_vision_destroy(vis);
    sei_image_free(&img);
    sei_app_destroy(a);
}

/* A folder that runs out before the board has been still long enough:
 * its last picture stays, as still as a board can be, and is captured
 * (not "Hold still… capturing" for ever). */
static void test_folder_end_captures(void **state)
{
    (void)state;
    char dir[128], db[128], path[192], err[256];
    path_of(dir, sizeof dir, "three");
    path_of(db, sizeof db, "three.db");
    assert_int_equal(mkdir(dir, 0755), 0);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/frame-%d.jpg", dir, i);
        assert_int_equal(symlink(SAMPLE, path), 0);
    }
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = dir;
    p.db = db;
    p.lang = SEI_LANG_EN;
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    assert_non_null(a);
    double t = 0;
    for (; t < 3000 && sei_app_screen(a) == SEI_SCREEN_LIVE; t += 100)
        sei_app_tick(a, t);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    assert_true(t >= p.still_ms);
    sei_app_destroy(a);
}

/* Settings name the source in use, in words, even when --source set it
 * over the saved camera; tapping goes on from it. */
static void test_settings_source(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "source.db");
    sei_app *a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_SETTINGS);
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_string_equal(v.settings.camera, "Photo r043.jpg");
    tap_button(a, SEI_BTN_CAMERA);
    sei_app_view(a, &v);
    assert_string_equal(v.settings.camera, "Camera module");
    tap_button(a, SEI_BTN_CAMERA);
    sei_app_view(a, &v);
    assert_string_equal(v.settings.camera, "Webcam 0");
    tap_button(a, SEI_BTN_CAMERA);
    tap_button(a, SEI_BTN_CAMERA);
    sei_app_view(a, &v);
    assert_string_equal(v.settings.camera, "Photo r043.jpg");
    /* Back on the same source: the live view goes on with it. */
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    sei_app_destroy(a);
}

/* ---- the tournament: table, players, banner, judge mode --------------------------- */

/* Text as a keyboard or an input method hands it to SDL: each piece one
 * SDL_TEXTINPUT event. */
static void type_text(sei_app *a, const char *t)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", t);
    sei_app_handle(a, &e);
}

/* An input method's composition so far (SDL_TEXTEDITING). */
static void compose(sei_app *a, const char *t)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTEDITING;
    snprintf(e.edit.text, sizeof e.edit.text, "%s", t);
    sei_app_handle(a, &e);
}

/* A database with the judge PIN set, at a cheap hash so tests stay quick
 * (a check uses the cost written in the stored hash). */
static void pin_db(const char *db, const char *pin)
{
    remove(db);
    sei_store *s = sei_store_open(db, NULL, 0);
    assert_non_null(s);
    sei_judge_params p;
    sei_judge_params_default(&p);
    p.ops_limit = crypto_pwhash_OPSLIMIT_MIN;
    p.mem_limit = crypto_pwhash_MEMLIMIT_MIN;
    sei_store_set_judge_params(s, &p);
    assert_int_equal(sei_store_pin_set(s, NULL, pin), SEI_STORE_OK);
    sei_store_close(s);
}

static void tap_digits(sei_app *a, const char *d)
{
    for (; *d; d++)
        tap_button(a, (sei_ui_button)(SEI_BTN_PAD_0 + (*d - '0')));
}

/* Capture the sample, count it and agree: a stored result. */
static int64_t store_one(sei_app *a)
{
    tap_button(a, SEI_BTN_CAPTURE);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CONFIRM);
    tap_button(a, SEI_BTN_COUNT);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RESULT);
    tap_button(a, SEI_BTN_AGREED);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    return sei_app_saved_id(a);
}

/* Draw a's screen with the times in its lines (a result's, its audit
 * rows') set to one fixed time, so its golden picture is the same on
 * every run: "2026-11-30T16:49:56Z" and "2026-11-30 16:49" alike. */
static void draw_fixed_times(sei_app *a)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    static char lines[SEI_UI_DETAIL_LINES + SEI_UI_AUDIT_LINES][400];
    const char **all[SEI_UI_DETAIL_LINES + SEI_UI_AUDIT_LINES];
    for (int i = 0; i < SEI_UI_DETAIL_LINES; i++)
        all[i] = &v.detail[i];
    for (int i = 0; i < SEI_UI_AUDIT_LINES; i++)
        all[SEI_UI_DETAIL_LINES + i] = &v.audit[i];
    for (int i = 0; i < SEI_UI_DETAIL_LINES + SEI_UI_AUDIT_LINES; i++) {
        if (!*all[i])
            continue;
        snprintf(lines[i], sizeof lines[i], "%s", *all[i]);
        for (char *p = lines[i]; *p; p++) {
            /* YYYY-MM-DD then T or a space, HH:MM */
            int date = 1;
            for (int k = 0; k < 16 && date; k++) {
                char c = p[k];
                date = k == 4 || k == 7 ? c == '-' : k == 10 ? (c == 'T' || c == ' ') : k == 13 ? c == ':' : c >= '0' && c <= '9';
            }
            if (date) {
                memcpy(p, "2026-05-01 12:34", 16);
                if (p[16] == ':' && p[17] && p[18])
                    memcpy(p + 16, ":56", 3);
            }
        }
        *all[i] = lines[i];
    }
    sei_ui_draw((sei_ui *)sei_app_ui(a), &v);
}

/* Each new screen in each language: its golden picture and its layout
 * (fingertip targets, no text shrunk, messages in their own area). */
static void test_golden_tournament(void **state)
{
    (void)state;
    golden_failures = 0;
    /* Names as players of each language write them; Korean typed through
     * an input method, its last syllable still being composed. */
    static const char *const blacks[SEI_LANG_COUNT] = {"Lee Sedol", "柯洁", "井山裕太", "이세돌"};
    static const char *const whites[SEI_LANG_COUNT] = {"Ke Jie", "古力", "一力遼", "신진서"};
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128], name[64];
        snprintf(db, sizeof db, "%s/tourn-%s.db", tmpdir, langs[l]);
        pin_db(db, "2468");
        sei_app *a = app_new(SAMPLE, db, l);
        sei_app_tick(a, 0);
        tap_button(a, SEI_BTN_SETTINGS);
        tap_button(a, SEI_BTN_TABLE);
        tap_digits(a, "12");
        snprintf(name, sizeof name, "table-pad-%s", langs[l]);
        golden(name);
        check_layout(a, "table pad");
        tap_button(a, SEI_BTN_PAD_OK);
        tap_button(a, SEI_BTN_ROUND);
        tap_digits(a, "3");
        tap_button(a, SEI_BTN_PAD_OK);
        snprintf(name, sizeof name, "settings-table-%s", langs[l]);
        golden(name);
        check_layout(a, "settings, table");
        tap_button(a, SEI_BTN_PLAYERS);
        tap_button(a, SEI_BTN_NAME_BLACK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
        type_text(a, blacks[l]);
        tap_button(a, SEI_BTN_PAD_OK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_PLAYERS);
        tap_button(a, SEI_BTN_NAME_WHITE);
        if (l == SEI_LANG_KO) {
            type_text(a, "신진");
            compose(a, "서");
        } else
            type_text(a, whites[l]);
        sei_app_draw(a);
        snprintf(name, sizeof name, "keyboard-%s", langs[l]);
        golden(name);
        check_layout(a, "keyboard");
        if (l == SEI_LANG_KO) {
            compose(a, "");
            type_text(a, "서");
        }
        tap_button(a, SEI_BTN_PAD_OK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_PLAYERS);
        snprintf(name, sizeof name, "players-%s", langs[l]);
        golden(name);
        check_layout(a, "players");
        tap_button(a, SEI_BTN_BACK);
        tap_button(a, SEI_BTN_BACK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
        sei_app_draw(a);
        snprintf(name, sizeof name, "live-banner-%s", langs[l]);
        golden(name);
        check_layout(a, "live, banner");
        tap_button(a, SEI_BTN_CAPTURE);
        snprintf(name, sizeof name, "confirm-banner-%s", langs[l]);
        golden(name);
        check_layout(a, "confirm, banner");
        tap_button(a, SEI_BTN_COUNT);
        snprintf(name, sizeof name, "result-banner-%s", langs[l]);
        golden(name);
        check_layout(a, "result, banner");
        tap_button(a, SEI_BTN_AGREED);
        int64_t id = sei_app_saved_id(a);
        assert_true(id > 0);
        /* Judge mode: the PIN (dots, not digits), the list, a result voided with its audit row. */
        tap_button(a, SEI_BTN_SETTINGS);
        tap_button(a, SEI_BTN_JUDGE);
        tap_digits(a, "24");
        snprintf(name, sizeof name, "pin-pad-%s", langs[l]);
        golden(name);
        check_layout(a, "PIN pad");
        tap_digits(a, "68");
        tap_button(a, SEI_BTN_PAD_OK);
        /* The judge's name, for the audit trail, on the keyboard. */
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
        static const char *const judges[] = {"Ana Ruiz", "王汝南", "石田芳夫", "김인"};
        type_text(a, judges[l]);
        sei_app_draw(a);
        snprintf(name, sizeof name, "judge-name-%s", langs[l]);
        golden(name);
        check_layout(a, "judge's name");
        tap_button(a, SEI_BTN_PAD_OK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIST);
        snprintf(name, sizeof name, "judge-list-%s", langs[l]);
        golden(name);
        check_layout(a, "judge list");
        tap_button(a, SEI_BTN_ROW_0);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
        check_layout(a, "result, judge");
        /* The dead stones on the stored position, left with Back. */
        tap_button(a, SEI_BTN_DO_DEAD);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_DEAD);
        snprintf(name, sizeof name, "judge-dead-%s", langs[l]);
        golden(name);
        check_layout(a, "dead stones, judge");
        tap_button(a, SEI_BTN_BACK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
        tap_button(a, SEI_BTN_DO_CONFIRM);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_CHOICE);
        snprintf(name, sizeof name, "reasons-%s", langs[l]);
        golden(name);
        check_layout(a, "reasons");
        tap_button(a, SEI_BTN_CHOICE_3);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
        draw_fixed_times(a);
        snprintf(name, sizeof name, "judge-result-%s", langs[l]);
        golden(name);
        check_layout(a, "result with audit");
        sei_app_destroy(a);
    }
    assert_int_equal(golden_failures, 0);
}

/* Set the table and round on the pad and the players on the keyboard:
 * a result stored carries them, and they survive a restart. */
static void test_table_and_names_stored(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "table.db");
    sei_app *a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_TABLE);
    tap_digits(a, "99999"); /* past the top table: the last 9 is not taken */
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_string_equal(v.pad_text, "9999");
    for (int i = 0; i < 4; i++)
        tap_button(a, SEI_BTN_PAD_DEL);
    tap_digits(a, "07"); /* a table has no leading 0 */
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_ROUND);
    tap_digits(a, "4");
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_PLAYERS);
    tap_button(a, SEI_BTN_NAME_BLACK);
    /* On the screen's keys: a capital first, then small letters; ⌫ takes one back. */
    tap_button(a, (sei_ui_button)(SEI_BTN_KEY + 'A'));
    tap_button(a, (sei_ui_button)(SEI_BTN_KEY + 'n'));
    tap_button(a, (sei_ui_button)(SEI_BTN_KEY + 'n'));
    tap_button(a, SEI_BTN_KEY_DEL);
    tap_button(a, (sei_ui_button)(SEI_BTN_KEY + 'n'));
    tap_button(a, (sei_ui_button)(SEI_BTN_KEY + 'a'));
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_NAME_WHITE);
    type_text(a, "朴");
    type_text(a, "廷桓");
    /* Backspace takes back a whole character, never half of one. */
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = SDLK_BACKSPACE;
    sei_app_handle(a, &e);
    type_text(a, "桓");
    /* The cap: a name of 127 bytes at most, cut only between characters. */
    for (int i = 0; i < 60; i++)
        type_text(a, "한");
    sei_app_view(a, &v);
    assert_true(strlen(v.kb_text) <= 127);
    assert_int_equal(sei_ident_text_ok(v.kb_text, 127, NULL, 0), 0);
    assert_int_equal(strncmp(v.kb_text, "朴廷桓한", strlen("朴廷桓한")), 0);
    tap_button(a, SEI_BTN_BACK); /* Back: the name is left as it was */
    tap_button(a, SEI_BTN_NAME_WHITE);
    type_text(a, "朴廷桓");
    e.key.keysym.sym = SDLK_RETURN; /* Enter is Done */
    sei_app_handle(a, &e);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_PLAYERS);
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    sei_app_view(a, &v);
    assert_int_equal(v.table, 7);
    assert_int_equal(v.round, 4);
    assert_string_equal(v.black_name, "Anna");
    assert_string_equal(v.white_name, "朴廷桓");
    int64_t id = store_one(a);
    sei_app_destroy(a);
    sei_store *s = sei_store_open(db, NULL, 0);
    sei_store_result r;
    memset(&r, 0, sizeof r);
    assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
    assert_int_equal(r.ident.table, 7);
    assert_int_equal(r.ident.round, 4);
    assert_string_equal(r.ident.black, "Anna");
    assert_string_equal(r.ident.white, "朴廷桓");
    assert_int_equal(r.origin, SEI_ORIGIN_KIOSK);
    sei_store_result_release(&r);
    sei_store_close(s);
    a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_view(a, &v);
    assert_int_equal(v.table, 7);
    assert_string_equal(v.white_name, "朴廷桓");
    /* No judge PIN on this file: Judge says so, and no pad opens. */
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_JUDGE);
    sei_app_view(a, &v);
    assert_null(v.pad_title);
    assert_string_equal(sei_app_status(a), sei_ui_string(SEI_LANG_EN, SEI_S_PIN_NONE));
    /* A name at its cap: the players' screen and the banner cut it with
     * "…" at a character, nothing shrunk, nothing over a button. */
    tap_button(a, SEI_BTN_PLAYERS);
    tap_button(a, SEI_BTN_NAME_BLACK);
    for (int i = 0; i < 60; i++)
        type_text(a, "한");
    tap_button(a, SEI_BTN_PAD_OK);
    sei_app_view(a, &v);
    assert_int_equal(strlen(v.black_name), 127); /* "Anna" and 41 syllables of 3 bytes */
    check_layout(a, "players, long name");
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
    check_layout(a, "live, long name");
    tap_button(a, SEI_BTN_CAPTURE);
    check_layout(a, "confirm, long name");
    sei_app_destroy(a);
}

/* A judge's pause on the Record screen (byo-yomi, five periods of 10 s,
 * a frame a second): Pause asks for the judge PIN on the same pad as
 * judge mode (a wrong one is said and changes nothing); once it is right
 * both clocks stopped from the moment Pause was tapped (5 s), no call is
 * said and a tap on a clock does nothing, stones seen meanwhile are
 * recorded and switch the clock at no cost; Resume asks for the PIN too
 * (Back leaves the clocks stopped). The record's time left after each
 * move, the clock shown at the end and the calls said are those
 * sei_clock makes with the same pause on the record's moves (but for a
 * call said while the PIN was typed: the pause began before it, and it is
 * said again when its time comes round), and the record says when the
 * pause began and how long it was. Golden of the paused screen. */
static void test_record_clock_pause(void **state)
{
    (void)state;
    if (access(SEQUENCE "/truth.sgf", R_OK)) {
        fprintf(stderr, "test_record_clock_pause: %s absent; skipped\n", SEQUENCE);
        return;
    }
    const char *spec = "byoyomi:0m+5x10s";
    sei_time_control tc;
    assert_int_equal(sei_time_control_parse(spec, &tc, NULL, 0), 0);
    char db[128];
    path_of(db, sizeof db, "clock-pause.db");
    pin_db(db, "2468");
    sei_app *a = app_new_tc(SEQUENCE, db, SEI_LANG_EN, spec);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_RECORD);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_RECORD);
    golden_failures = 0;
    sei_ui_view v;
    const sei_voice_said *said;
    int nsaid_paused = -1, nsaid_tap = -1;
    const int pause_s = 4, resume_s = 40, end_s = 75;
    for (int s = 1; s <= end_s; s++) {
        sei_app_tick(a, s * 1000.0);
        sei_app_view(a, &v);
        assert_non_null(v.rec_clock);
        if (s == pause_s) {
            assert_false(v.rec_paused);
            nsaid_tap = sei_voice_log(sei_app_voice(a), &said);
            tap_button(a, SEI_BTN_PAUSE);
            sei_app_view(a, &v);
            assert_non_null(v.pad_title);
            assert_string_equal(v.pad_title, "Judge PIN");
            tap_digits(a, "1111");
            tap_button(a, SEI_BTN_PAD_OK);
            assert_non_null(strstr(sei_app_status(a), "Wrong PIN"));
            sei_app_view(a, &v);
            assert_false(v.rec_paused);
        }
        if (s == pause_s + 2) {
            /* The PIN right two seconds after Pause: stopped from Pause. */
            tap_digits(a, "2468");
            tap_button(a, SEI_BTN_PAD_OK);
            sei_app_view(a, &v);
            assert_null(v.pad_title);
            assert_true(v.rec_paused && v.rec_clock->paused);
            assert_true(v.rec_clock->side[SEI_BLACK].period_left == tc.period_ms - pause_s * 1000);
            nsaid_paused = sei_voice_log(sei_app_voice(a), &said);
            int on_move = v.rec_clock->to_move;
            tap_button(a, on_move == SEI_BLACK ? SEI_BTN_CLOCK_B : SEI_BTN_CLOCK_W);
            sei_app_view(a, &v);
            assert_int_equal(v.rec_clock->to_move, on_move); /* taps do nothing in a pause */
        }
        if (s > pause_s + 2 && s < resume_s) {
            assert_true(v.rec_paused && v.rec_clock->paused);
            assert_int_equal(sei_voice_log(sei_app_voice(a), &said), nsaid_paused);
        }
        if (s == 20) {
            sei_app_draw(a);
            golden("record-paused-en");
        }
        if (s == 30) {
            tap_button(a, SEI_BTN_PAUSE); /* Resume: the PIN again; Back: still paused */
            sei_app_view(a, &v);
            assert_non_null(v.pad_title);
            tap_button(a, SEI_BTN_BACK);
            sei_app_view(a, &v);
            assert_true(v.rec_paused);
        }
        if (s == resume_s) {
            tap_button(a, SEI_BTN_PAUSE);
            tap_digits(a, "2468");
            tap_button(a, SEI_BTN_PAD_OK);
            sei_app_view(a, &v);
            assert_false(v.rec_paused);
        }
    }
    sei_app_view(a, &v);
    sei_clock shown = *v.rec_clock;
    assert_true(v.rec_moves >= 6);
    int nsaid = sei_voice_log(sei_app_voice(a), &said);
    tap_button(a, SEI_BTN_STOP);
    const char *st = strstr(sei_app_status(a), "games/");
    assert_non_null(st);
    char path[512];
    snprintf(path, sizeof path, "%s/%.*s", tmpdir, (int)(strstr(st, ".sgf") + 4 - st), st);
    char *sgf = sei_test_read_file(path, NULL);
    assert_non_null(sgf);
    assert_non_null(strstr(sgf, "At 4.0 s: the judge paused the clocks (Black 6.0 s and 5 periods, White 0.0 s left)."));
    assert_non_null(strstr(sgf, "At 40.0 s: the judge started the clocks again (paused 36.0 s)."));
    /* The reference: sei_clock paused and started again at the same
     * moments, each move at its SEIT. */
    call_list *want = calloc(1, sizeof *want);
    assert_non_null(want);
    sei_clock ref;
    sei_clock_start(&ref, &tc, SEI_BLACK, 0);
    int paused = 0, resumed = 0, k = 0;
    for (const char *q = sgf; (q = strstr(q, ";")); q++) {
        if ((q[1] != 'B' && q[1] != 'W') || q[2] != '[')
            continue;
        const char *t = strstr(q, "SEIT[");
        assert_non_null(t);
        int64_t ms = (int64_t)(atof(t + 5) * 1000.0 + 0.5);
        if (!paused && ms >= pause_s * 1000)
            paused = 1, assert_int_equal(sei_clock_pause(&ref, pause_s * 1000, collect_call, want), 0);
        if (!resumed && ms >= resume_s * 1000)
            resumed = 1, assert_int_equal(sei_clock_resume(&ref, resume_s * 1000), 0);
        if (ms < ref.now)
            ms = ref.now;
        int who = q[1] == 'B' ? SEI_BLACK : SEI_WHITE;
        assert_int_equal(sei_clock_move(&ref, who, ms, collect_call, want), 0);
        int64_t want_ms, got_ms;
        int want_n, got_n;
        sei_clock_left(&ref, who, &want_ms, &want_n);
        left_of_move(sgf, k, &got_ms, &got_n);
        if (got_ms != want_ms || got_n != (ref.side[who].in_overtime ? want_n : -1))
            fail_msg("move %d left %lld ms (%d), the clock %lld ms (%d)", k + 1, (long long)got_ms, got_n,
                     (long long)want_ms, want_n);
        k++;
    }
    assert_true(paused && resumed);
    assert_int_equal(sei_clock_advance(&ref, end_s * 1000, collect_call, want), 0);
    for (int p = SEI_BLACK; p <= SEI_WHITE; p++) {
        const sei_clock_side *g = &shown.side[p], *w = &ref.side[p];
        if (g->moves != w->moves || g->main_left != w->main_left || g->period_left != w->period_left ||
            g->periods_left != w->periods_left)
            fail_msg("%s has %d moves, %lld + %lld ms, %d periods; the clock %d, %lld + %lld, %d",
                     p == SEI_BLACK ? "Black" : "White", g->moves, (long long)g->main_left, (long long)g->period_left,
                     g->periods_left, w->moves, (long long)w->main_left, (long long)w->period_left, w->periods_left);
    }
    assert_true(shown.paused_ms == (resume_s - pause_s) * 1000);
    /* The calls said: the reference's, in order, those said while the
     * PIN was typed left out (the last few seconds' may still wait for a
     * vote). */
    int before = 0, early = 0;
    while (before < want->n && want->c[before].t_ms <= pause_s * 1000)
        before++;
    while (early < want->n && want->c[early].t_ms <= (end_s - 12) * 1000)
        early++;
    int typing = nsaid_paused - nsaid_tap, got = nsaid - typing;
    if (nsaid_tap != before || early - before < 3 || got < early || got > want->n) {
        for (int i = 0; i < nsaid || i < want->n; i++) {
            char words[96] = "";
            if (i < want->n)
                sei_ui_call_words(SEI_LANG_EN, &want->c[i], tc.kind, words, sizeof words);
            fprintf(stderr, "  %2d said %-24s clock %s (at %.1f s)\n", i + 1, i < nsaid ? said[i].text : "-", words,
                    i < want->n ? want->c[i].t_ms / 1000.0 : 0);
        }
        fail_msg("%d calls said (%d while the PIN was typed), the clock makes %d (%d by the pause, %d in the first %d s)",
                 nsaid, typing, want->n, before, early, end_s - 12);
    }
    for (int i = 0; i < early; i++) {
        char words[96];
        sei_ui_call_words(SEI_LANG_EN, &want->c[i], tc.kind, words, sizeof words);
        const char *text = said[i < before ? i : i + typing].text;
        if (strcmp(words, text))
            fail_msg("call %d said \"%s\", the clock's is \"%s\"", i + 1, text, words);
    }
    free(want);
    free(sgf);
    sei_app_destroy(a);
    assert_int_equal(golden_failures, 0);
}

/* Five wrong PINs lock PIN entry (the right one is refused then, with
 * the time left shown); on another kiosk's file the right PIN opens
 * judge mode, a result is voided with a reason and its audit row is in
 * the database; without the PIN a result is shown but has no actions;
 * two idle minutes lock judge mode again. */
static void test_judge_mode(void **state)
{
    (void)state;
    char db[128];
    path_of(db, sizeof db, "judge-lock.db");
    pin_db(db, "2468");
    sei_app *a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_JUDGE);
    for (int i = 0; i < 5; i++) {
        tap_digits(a, "1111");
        tap_button(a, SEI_BTN_PAD_OK);
        assert_int_not_equal(sei_app_screen(a), SEI_SCREEN_LIST);
    }
    assert_non_null(strstr(sei_app_status(a), "try again in"));
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_SETTINGS); /* locked: the right PIN waits too */
    assert_non_null(strstr(sei_app_status(a), "try again in"));
    sei_store *s = sei_store_open(db, NULL, 0);
    int set = 0, left = 0;
    assert_int_equal(sei_store_pin_status(s, &set, &left), SEI_STORE_OK);
    assert_true(set && left > 0);
    sei_store_close(s);
    tap_button(a, SEI_BTN_BACK);
    sei_app_destroy(a);

    path_of(db, sizeof db, "judge.db");
    pin_db(db, "2468");
    a = app_new(SAMPLE, db, SEI_LANG_EN);
    sei_app_tick(a, 0);
    int64_t id = store_one(a);
    assert_true(id > 0);
    /* A player: the results, one opened, nothing to change it with. */
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_RESULTS);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIST);
    tap_button(a, SEI_BTN_ROW_0);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
    int x, y;
    sei_app_draw(a);
    assert_int_equal(sei_ui_button_centre(sei_app_ui(a), SEI_BTN_DO_VOID, &x, &y), -1);
    assert_int_equal(sei_ui_button_centre(sei_app_ui(a), SEI_BTN_DO_CONFIRM, &x, &y), -1);
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    /* The judge: the PIN, then a name, which is needed; Back from the
     * name leaves judge mode. */
    tap_button(a, SEI_BTN_JUDGE);
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
    tap_button(a, SEI_BTN_PAD_OK); /* no name: stays */
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_SETTINGS);
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_false(v.judge);
    tap_button(a, SEI_BTN_JUDGE);
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    type_text(a, "Ana Ruiz");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIST);
    sei_app_view(a, &v);
    assert_string_equal(v.judge_name, "Ana Ruiz");
    tap_button(a, SEI_BTN_ROW_0);
    tap_button(a, SEI_BTN_DO_VOID);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CHOICE);
    tap_button(a, SEI_BTN_CHOICE_4); /* type a reason */
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
    type_text(a, "Stones moved before the count");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
    sei_app_draw(a);
    /* Voided: no action is left. */
    assert_int_equal(sei_ui_button_centre(sei_app_ui(a), SEI_BTN_DO_VOID, &x, &y), -1);
    sei_app_view(a, &v);
    assert_non_null(v.audit[0]);
    assert_non_null(strstr(v.audit[0], "Stones moved before the count"));
    /* The audit row, written by the store with the change. */
    sqlite3 *q;
    assert_int_equal(sqlite3_open_v2(db, &q, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(q,
                                        "SELECT a.action, a.reason, r.state, a.judge FROM audit a JOIN results r ON "
                                        "r.id = a.result_id WHERE a.result_id = ?",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int64(st, 1, id);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "void");
    assert_string_equal((const char *)sqlite3_column_text(st, 1), "Stones moved before the count");
    assert_string_equal((const char *)sqlite3_column_text(st, 2), "voided");
    assert_string_equal((const char *)sqlite3_column_text(st, 3), "Ana Ruiz");
    sqlite3_finalize(st);
    sqlite3_close(q);
    /* A second result, confirmed: shown as locked, only Void left. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    int64_t id2 = store_one(a);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_JUDGE);
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    type_text(a, "Lee");
    tap_button(a, SEI_BTN_PAD_OK); /* the keyboard started empty: "Lee", not "Ana RuizLee" */
    sei_app_view(a, &v);
    assert_string_equal(v.judge_name, "Lee");
    tap_button(a, SEI_BTN_ROW_0); /* newest first */
    tap_button(a, SEI_BTN_DO_CONFIRM);
    tap_button(a, SEI_BTN_CHOICE_3);
    sei_app_view(a, &v);
    assert_true(v.locked && !v.can_confirm && !v.can_correct && v.can_void);
    s = sei_store_open(db, NULL, 0);
    sei_store_result r;
    memset(&r, 0, sizeof r);
    assert_int_equal(sei_store_get(s, id2, &r), SEI_STORE_OK);
    assert_int_equal(r.state, SEI_STATE_CONFIRMED);
    sei_store_result_release(&r);
    sei_store_close(s);
    /* A third result: the players corrected (the keyboard starts from the
     * names stored), then the result corrected to a win on time; each
     * field changed is an audit row with the reason picked. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    int64_t id3 = store_one(a);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_JUDGE);
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    type_text(a, "조남철");
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_ROW_0);
    tap_button(a, SEI_BTN_DO_NAMES);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
    type_text(a, "Cho Hunhyun");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD); /* White's next */
    type_text(a, "조훈현");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CHOICE);
    tap_button(a, SEI_BTN_CHOICE_1); /* wrong players */
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
    tap_button(a, SEI_BTN_DO_CORRECT);
    tap_button(a, SEI_BTN_CHOICE_3); /* White wins on time */
    tap_button(a, SEI_BTN_CHOICE_0); /* counting error */
    s = sei_store_open(db, NULL, 0);
    memset(&r, 0, sizeof r);
    assert_int_equal(sei_store_get(s, id3, &r), SEI_STORE_OK);
    assert_string_equal(r.ident.black, "Cho Hunhyun");
    assert_string_equal(r.ident.white, "조훈현");
    assert_string_equal(r.result, "W+T");
    sei_store_result_release(&r);
    sei_store_audit *rows = NULL;
    int nrows = 0, names = 0, results = 0;
    assert_int_equal(sei_store_audit_get(s, id3, &rows, &nrows), SEI_STORE_OK);
    for (int i = 0; i < nrows; i++) {
        names += !strcmp(rows[i].field, "black_player") || !strcmp(rows[i].field, "white_player");
        results += !strcmp(rows[i].field, "result");
        assert_string_equal(rows[i].judge, "조남철");
        int of_names = !strncmp(rows[i].field, "black", 5) || !strncmp(rows[i].field, "white", 5);
        assert_string_equal(rows[i].reason, of_names ? "Wrong players" : "Counting error"); /* the dead stones cleared too */
    }
    assert_int_equal(names, 2);
    assert_int_equal(results, 1);
    sei_store_audit_free(rows, nrows);
    sei_store_close(s);
    /* A fourth result: its dead stones corrected on its position. The
     * first live black stone is marked dead (its whole chain); the store
     * counts again, and the audit row keeps the old and new lists. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    int64_t id4 = store_one(a);
    s = sei_store_open(db, NULL, 0);
    memset(&r, 0, sizeof r);
    assert_int_equal(sei_store_get(s, id4, &r), SEI_STORE_OK);
    char before_dead[sizeof r.dead], before_result[sizeof r.result];
    snprintf(before_dead, sizeof before_dead, "%s", r.dead);
    snprintf(before_result, sizeof before_result, "%s", r.result);
    sei_store_result_release(&r);
    sei_store_close(s);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_JUDGE);
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    type_text(a, "Ana Ruiz");
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_ROW_0);
    tap_button(a, SEI_BTN_DO_DEAD);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_DEAD);
    const sei_board *jb = sei_app_board(a);
    assert_non_null(jb);
    int pick = 0, pc = -1, pr = -1;
    for (int y = 0; y < jb->size && !pick; y++)
        for (int x = 0; x < jb->size && !pick; x++) {
            int p = sei_board_point(jb, x, y);
            if (jb->color[p] == SEI_BLACK && !sei_app_dead(a)[p])
                pick = p, pc = x, pr = y;
        }
    assert_true(pick > 0);
    tap_point(a, pc, pr, 60);
    assert_true(sei_app_dead(a)[pick]);
    assert_int_equal(sei_app_board(a)->color[pick], SEI_BLACK); /* marked, never changed */
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_CHOICE);
    tap_button(a, SEI_BTN_CHOICE_0); /* counting error */
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_DETAIL);
    s = sei_store_open(db, NULL, 0);
    memset(&r, 0, sizeof r);
    assert_int_equal(sei_store_get(s, id4, &r), SEI_STORE_OK);
    char sgfpt[3] = {(char)('a' + pc), (char)('a' + pr), 0};
    assert_non_null(strstr(r.dead, sgfpt));
    assert_string_not_equal(r.dead, before_dead);
    assert_string_not_equal(r.result, before_result); /* a black group dead: Black's margin falls */
    sei_store_result_release(&r);
    rows = NULL;
    nrows = 0;
    int deads = 0;
    assert_int_equal(sei_store_audit_get(s, id4, &rows, &nrows), SEI_STORE_OK);
    for (int i = 0; i < nrows; i++)
        if (!strcmp(rows[i].field, "dead")) {
            deads++;
            assert_string_equal(rows[i].judge, "Ana Ruiz");
            assert_non_null(strstr(rows[i].new_value, sgfpt));
        }
    assert_int_equal(deads, 1);
    sei_store_audit_free(rows, nrows);
    /* More results than a page: ▼ shows the rest, ▲ goes back. */
    for (int i = 0; i < 6; i++) {
        memset(&r, 0, sizeof r);
        assert_int_equal(sei_store_get(s, id, &r), SEI_STORE_OK);
        r.uuid[0] = 0;
        r.state = SEI_STATE_AGREED;
        assert_int_equal(sei_store_save(s, &r, NULL), SEI_STORE_OK);
        sei_store_result_release(&r);
    }
    sei_store_close(s);
    tap_button(a, SEI_BTN_BACK);
    sei_app_view(a, &v);
    assert_int_equal(v.nrows, SEI_UI_ROWS);
    assert_true(v.more_down && !v.more_up);
    tap_button(a, SEI_BTN_DOWN);
    sei_app_view(a, &v);
    assert_int_equal(v.nrows, 10 - SEI_UI_ROWS);
    assert_true(v.more_up && !v.more_down);
    assert_string_equal(v.rows[v.nrows - 1].state, "voided"); /* the oldest, voided above */
    assert_true(v.rows[v.nrows - 1].locked);
    tap_button(a, SEI_BTN_UP);
    sei_app_view(a, &v);
    assert_true(!v.more_up && v.more_down);
    /* Two minutes without a tap: judge mode locks itself. */
    tap_button(a, SEI_BTN_ROW_0);
    sei_app_tick(a, 1000);
    sei_app_view(a, &v);
    assert_true(v.judge);
    sei_app_tick(a, 1000 + 121000);
    sei_app_view(a, &v);
    assert_false(v.judge);
    sei_app_draw(a);
    assert_int_equal(sei_ui_button_centre(sei_app_ui(a), SEI_BTN_DO_VOID, &x, &y), -1);
    /* Left idle on the name's keyboard: locked too, back to Settings. */
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_JUDGE);
    tap_digits(a, "2468");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
    sei_app_tick(a, 200000);
    sei_app_tick(a, 200000 + 121000);
    sei_app_view(a, &v);
    assert_false(v.judge);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_SETTINGS);
    sei_app_destroy(a);
}


/* ---- the director's station: pairing, auto-push, the table's pairing --------------- */

/* A kiosk's push and pairing timings for tests: quick retries, a pairing
 * fetched every second. */
static sei_app *app_station(const char *db, int lang)
{
    sei_app_params p;
    sei_app_params_default(&p);
    p.source = SAMPLE;
    p.db = db;
    p.sample = SAMPLE;
    p.lang = lang;
    p.autocapture = 0;
    p.push.connect_ms = 2000;
    p.push.timeout_ms = 10000;
    p.push.retry_min_ms = 100;
    p.push.retry_max_ms = 400;
    p.push.recheck_ms = 1000;
    p.push.pairing_ms = 1000;
    char err[256];
    sei_app *a = sei_app_create(ren, NULL, &p, err, sizeof err);
    if (!a)
        fail_msg("app: %s", err);
    return a;
}

static double station_clock = 1e6;

/* Tick a (the worker runs on its own) until cond holds, for up to secs. */
static int tick_until(sei_app *a, int (*cond)(sei_app *, const void *), const void *arg, double secs)
{
    for (int i = 0; i < secs * 50; i++) {
        sei_app_tick(a, station_clock += 20);
        if (cond(a, arg))
            return 1;
        nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
    return 0;
}

static int view_waiting_is(sei_app *a, const void *n)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    return v.waiting == *(const int *)n;
}

static int view_line_is(sei_app *a, const void *text)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    return v.station_line && !strcmp(v.station_line, text);
}

static int view_alert_is(sei_app *a, const void *text)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    return v.station_alert && !strcmp(v.station_alert, text);
}

static int view_black_is(sei_app *a, const void *name)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    return v.black_name && !strcmp(v.black_name, name);
}

static int view_handicap_is(sei_app *a, const void *n)
{
    sei_ui_view v;
    sei_app_view(a, &v);
    return v.banner_handicap == *(const int *)n;
}

/* A kiosk's database paired with a station that is never there
 * (127.0.0.1:1 refuses at once), with a table set: what the screens show
 * while results wait. */
static void paired_db(const char *db)
{
    remove(db);
    sei_store *s = sei_store_open(db, NULL, 0);
    assert_non_null(s);
    assert_int_equal(sei_store_setting_set(s, "station", "127.0.0.1:1"), SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "station_kiosk", "Table 12"), SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "station_token",
                                           "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"),
                     SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "table", "12"), SEI_STORE_OK);
    assert_int_equal(sei_store_setting_set(s, "round", "3"), SEI_STORE_OK);
    sei_store_close(s);
}

/* The station screen and the live view with two results waiting for a
 * station that does not answer, in each language: goldens and layout. */
static void test_golden_station(void **state)
{
    (void)state;
    golden_failures = 0;
    for (int l = 0; l < SEI_LANG_COUNT; l++) {
        char db[128], name[64], line[400];
        snprintf(db, sizeof db, "%s/station-%s.db", tmpdir, langs[l]);
        paired_db(db);
        sei_app *a = app_station(db, l);
        sei_app_tick(a, station_clock += 20);
        store_one(a);
        store_one(a);
        int two = 2;
        assert_true(tick_until(a, view_waiting_is, &two, 10));
        snprintf(line, sizeof line, sei_ui_string((sei_lang)l, SEI_S_UNREACHABLE), "127.0.0.1:1");
        tap_button(a, SEI_BTN_SETTINGS);
        tap_button(a, SEI_BTN_STATION);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_STATION);
        assert_true(tick_until(a, view_alert_is, line, 10));
        sei_app_tick(a, station_clock += 5000); /* "Saved as result 2" gone: the same picture every run */
        sei_app_draw(a);
        snprintf(name, sizeof name, "station-%s", langs[l]);
        golden(name);
        check_layout(a, "station");
        tap_button(a, SEI_BTN_BACK);
        tap_button(a, SEI_BTN_BACK);
        assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);
        sei_app_draw(a);
        snprintf(name, sizeof name, "live-waiting-%s", langs[l]);
        golden(name);
        check_layout(a, "live, waiting");
        /* Forget: not paired, nothing shown as waiting, the token gone from the database. */
        tap_button(a, SEI_BTN_SETTINGS);
        tap_button(a, SEI_BTN_STATION);
        tap_button(a, SEI_BTN_FORGET);
        assert_true(tick_until(a, view_line_is, sei_ui_string((sei_lang)l, SEI_S_NOT_PAIRED), 10));
        int none = 0;
        assert_true(tick_until(a, view_waiting_is, &none, 10));
        sei_app_destroy(a);
        sei_store *s = sei_store_open(db, NULL, 0);
        char token[128];
        assert_int_equal(sei_store_setting_get(s, "station_token", token, sizeof token), SEI_STORE_OK);
        assert_string_equal(token, "");
        sei_store_close(s);
    }
    assert_int_equal(golden_failures, 0);
}

/* A station that takes the connection and never answers: the kiosk
 * closing gives up the request under way at once (not after its 10 s
 * timeout), and the result stays waiting. */
static void test_station_hung(void **state)
{
    (void)state;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t sl = sizeof sa;
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(fd, 8), 0); /* connections complete in the backlog; none is ever read */
    assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &sl), 0);
    char db[128], addr[32];
    path_of(db, sizeof db, "hung.db");
    paired_db(db);
    snprintf(addr, sizeof addr, "127.0.0.1:%d", ntohs(sa.sin_port));
    sei_store *s = sei_store_open(db, NULL, 0);
    assert_int_equal(sei_store_setting_set(s, "station", addr), SEI_STORE_OK);
    sei_store_close(s);
    sei_app *a = app_station(db, SEI_LANG_EN);
    sei_app_tick(a, station_clock += 20);
    store_one(a);
    nanosleep(&(struct timespec){0, 300000000}, NULL); /* the push is under way, waiting for an answer */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sei_app_destroy(a);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (secs > 2)
        fail_msg("closing the kiosk took %.1f s with a request under way", secs);
    close(fd);
    s = sei_store_open(db, NULL, 0);
    int64_t waiting = -1;
    assert_int_equal(sei_store_outbox_count(s, &waiting), SEI_STORE_OK);
    assert_int_equal(waiting, 1);
    sei_store_close(s);
}

/* seichi ARGS > tmpdir/cmd.out; its exit status. */
static int seichi_run(const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' %s > '%s/cmd.out' 2>&1", SEI_SEICHI_BIN, args, tmpdir);
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* A real station on 127.0.0.1 (port 0: any free one): its pid, and the
 * port it listens on into *port. */
static pid_t station_start(const char *desk, int *port)
{
    char out[256], want[64];
    snprintf(out, sizeof out, "%s/srv.out", tmpdir);
    remove(out);
    snprintf(want, sizeof want, "127.0.0.1:%d", *port);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0 || dup2(fd, 1) < 0)
            _exit(127);
        execl(SEI_SEICHI_BIN, "seichi", "station", "--db", desk, "--listen", want, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 200; i++) {
        FILE *f = fopen(out, "r");
        char line[512] = "";
        if (f) {
            if (!fgets(line, sizeof line, f))
                line[0] = 0;
            fclose(f);
        }
        const char *at = strstr(line, "http://127.0.0.1:");
        if (at) {
            *port = atoi(at + strlen("http://127.0.0.1:"));
            return pid;
        }
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    fail_msg("the station did not start");
    return -1;
}

static void station_kill(pid_t pid)
{
    kill(pid, SIGKILL); /* as a power cut: nothing finished cleanly */
    waitpid(pid, NULL, 0);
}

static int64_t desk_count(const char *desk)
{
    sei_store *s = sei_store_open_readonly(desk, NULL, 0);
    assert_non_null(s);
    int64_t n = -1;
    assert_int_equal(sei_store_count(s, &n), SEI_STORE_OK);
    sei_store_close(s);
    return n;
}

typedef struct {
    const char *desk;
    int64_t n;
} desk_want;

static int desk_has(sei_app *a, const void *cls)
{
    (void)a;
    const desk_want *w = cls;
    return desk_count(w->desk) == w->n;
}

/* The OpenGotha file with round 2's game at table 3 given hcap stones. */
static void club_file(const char *path, int hcap)
{
    size_t len;
    char why[256];
    char *text = sei_file_read(SEI_TESTS_DIR "/opengotha/club-open.xml", 1 << 20, &len, why, sizeof why);
    assert_non_null(text);
    const char *game = "handicap=\"0\" knownColor=\"true\" roundNumber=\"2\" tableNumber=\"3\"";
    char *at = strstr(text, game);
    assert_non_null(at);
    at[strlen("handicap=\"")] = (char)('0' + hcap);
    assert_int_equal(sei_file_write_atomic(path, text, len, why, sizeof why), 0);
    free(text);
}

/* The whole day at one table, against a real station: the kiosk pairs
 * with the code typed on its pad (a wrong one first), fetches table 3's
 * pairing (round 2, the names from club-open.xml, the handicap), sends a
 * result as soon as it is agreed; with the station killed two more wait
 * (the count shows 2), and once the station is back on its port they
 * arrive, each exactly once; a pairing changed at the station shows
 * without a tap. */
static void test_station_day(void **state)
{
    (void)state;
    char desk[128], kdb[128], club[128], args[1024];
    path_of(desk, sizeof desk, "desk.db");
    path_of(kdb, sizeof kdb, "table3.db");
    path_of(club, sizeof club, "club.xml");
    club_file(club, 2);
    snprintf(args, sizeof args, "station import --db '%s' --opengotha '%s'", desk, club);
    assert_int_equal(seichi_run(args), 0);
    snprintf(args, sizeof args, "station enroll --db '%s' --name 'Table 3'", desk);
    assert_int_equal(seichi_run(args), 0);
    char out[256], line[512], code[8] = "";
    snprintf(out, sizeof out, "%s/cmd.out", tmpdir);
    FILE *f = fopen(out, "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "pairing code", 12) && strrchr(line, ':'))
            sscanf(strrchr(line, ':') + 1, "%6s", code);
    fclose(f);
    assert_int_equal(strlen(code), 6);
    int port = 0;
    pid_t srv = station_start(desk, &port);
    char addr[24], text[400];
    snprintf(addr, sizeof addr, "127.0.0.1:%d", port & 0xffff);

    sei_app *a = app_station(kdb, SEI_LANG_EN);
    sei_app_tick(a, station_clock += 20);
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_TABLE);
    tap_digits(a, "3");
    tap_button(a, SEI_BTN_PAD_OK);
    tap_button(a, SEI_BTN_STATION);
    assert_true(tick_until(a, view_line_is, sei_ui_string(SEI_LANG_EN, SEI_S_NOT_PAIRED), 5));
    /* No address yet: Pair says what to type. */
    tap_button(a, SEI_BTN_PAIR);
    assert_string_equal(sei_app_status(a), sei_ui_string(SEI_LANG_EN, SEI_S_PAIR_ADDRESS));
    tap_button(a, SEI_BTN_STATION_ADDR);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_KEYBOARD);
    sei_ui_view v;
    sei_app_view(a, &v);
    assert_true(v.kb_address);
    assert_false(v.kb_shift); /* an address is not a name: no capital first */
    type_text(a, addr);
    tap_button(a, SEI_BTN_PAD_OK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_STATION);
    /* A wrong code: the station says so, and the kiosk in its words. */
    tap_button(a, SEI_BTN_PAIR);
    tap_digits(a, code[0] == '9' ? "000000" : "999999");
    tap_button(a, SEI_BTN_PAD_OK);
    assert_true(tick_until(a, view_alert_is, sei_ui_string(SEI_LANG_EN, SEI_S_PAIR_WRONG), 10));
    tap_button(a, SEI_BTN_PAIR);
    tap_digits(a, code);
    tap_digits(a, "1"); /* a seventh digit is not taken */
    sei_app_view(a, &v);
    assert_string_equal(v.pad_text, code);
    tap_button(a, SEI_BTN_PAD_OK);
    snprintf(text, sizeof text, sei_ui_string(SEI_LANG_EN, SEI_S_PAIRED), addr, "Table 3");
    assert_true(tick_until(a, view_line_is, text, 10));
    sei_app_view(a, &v);
    assert_null(v.station_alert);
    assert_true(v.paired);
    /* The token is kept (and shown nowhere); the station's printed one no longer works. */
    {
        sei_store *s = sei_store_open(kdb, NULL, 0);
        char token[128];
        assert_int_equal(sei_store_setting_get(s, "station_token", token, sizeof token), SEI_STORE_OK);
        assert_int_equal(strlen(token), 64);
        sei_store_close(s);
        assert_null(strstr(v.station_line, token));
    }
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);

    /* The table's pairing: the latest round with a game at table 3. */
    assert_true(tick_until(a, view_black_is, "de la Cruz Mary Ann", 10));
    sei_app_view(a, &v);
    assert_int_equal(v.table, 3);
    assert_int_equal(v.round, 2);
    assert_string_equal(v.white_name, "이 서연");
    assert_int_equal(v.banner_handicap, 2);
    tap_button(a, SEI_BTN_CAPTURE);
    sei_app_view(a, &v);
    assert_int_equal(v.handicap, 2); /* the pairing's stones, for the count */
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(sei_app_screen(a), SEI_SCREEN_LIVE);

    /* A result agreed goes to the station at once. */
    int64_t id1 = store_one(a);
    int none = 0;
    desk_want want = {desk, 1};
    assert_true(tick_until(a, desk_has, &want, 10));
    assert_true(tick_until(a, view_waiting_is, &none, 10));
    {
        sei_store *s = sei_store_open_readonly(desk, NULL, 0);
        sei_store_result r;
        memset(&r, 0, sizeof r);
        assert_int_equal(sei_store_get(s, 1, &r), SEI_STORE_OK);
        assert_int_equal(r.ident.table, 3);
        assert_int_equal(r.ident.round, 2);
        assert_string_equal(r.ident.black, "de la Cruz Mary Ann");
        assert_string_equal(r.ident.white, "이 서연");
        assert_int_equal(r.handicap, 2);
        char from[128];
        assert_int_equal(sei_store_received_from(s, 1, from, sizeof from), SEI_STORE_OK);
        assert_string_equal(from, "Table 3");
        sei_store_result_release(&r);
        sei_store_close(s);
    }

    /* The station gone: two more results wait, and the kiosk says so. */
    station_kill(srv);
    int64_t id2 = store_one(a), id3 = store_one(a);
    assert_true(id1 < id2 && id2 < id3);
    int two = 2;
    assert_true(tick_until(a, view_waiting_is, &two, 10));
    tap_button(a, SEI_BTN_SETTINGS);
    tap_button(a, SEI_BTN_STATION);
    snprintf(text, sizeof text, sei_ui_string(SEI_LANG_EN, SEI_S_UNREACHABLE), addr);
    assert_true(tick_until(a, view_alert_is, text, 10));
    tap_button(a, SEI_BTN_BACK);
    tap_button(a, SEI_BTN_BACK);
    assert_int_equal(desk_count(desk), 1);
    /* `results push` with no options sends through the kiosk's own pairing: the station is still down. */
    snprintf(args, sizeof args, "results --db '%s' push", kdb);
    assert_int_equal(seichi_run(args), 5);
    f = fopen(out, "r");
    assert_non_null(f);
    int said = 0;
    while (fgets(line, sizeof line, f))
        said |= strstr(line, "0 results sent, 0 the station had already, 0 refused; 2 waiting") != NULL;
    fclose(f);
    assert_true(said);

    /* Back on its port: both arrive, each once. */
    srv = station_start(desk, &port);
    assert_true(tick_until(a, view_waiting_is, &none, 15));
    want.n = 3;
    assert_true(tick_until(a, desk_has, &want, 5));
    {
        sei_store *k = sei_store_open_readonly(kdb, NULL, 0), *s = sei_store_open_readonly(desk, NULL, 0);
        int64_t ids[3] = {id1, id2, id3};
        for (int i = 0; i < 3; i++) {
            sei_store_result r;
            memset(&r, 0, sizeof r);
            assert_int_equal(sei_store_get(k, ids[i], &r), SEI_STORE_OK);
            int64_t at;
            assert_int_equal(sei_store_find_uuid(s, r.uuid, &at), SEI_STORE_OK);
            sei_store_result_release(&r);
        }
        sei_store_close(k);
        sei_store_close(s);
    }

    /* The director pairs the table again (a handicap changed): the banner follows without a tap. */
    club_file(club, 3);
    snprintf(args, sizeof args, "station import --db '%s' --opengotha '%s'", desk, club);
    assert_int_equal(seichi_run(args), 0);
    int three = 3;
    assert_true(tick_until(a, view_handicap_is, &three, 10));
    sei_app_destroy(a);
    assert_int_equal(desk_count(desk), 3);
    station_kill(srv);
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/seichi-ui-XXXXXX");
    if (!mkdtemp(tmpdir))
        return -1;
    if (TTF_Init() != 0)
        return -1;
    /* The timekeeper's voice plays into SDL's dummy audio driver. */
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    screen = SDL_CreateRGBSurfaceWithFormat(0, SEI_UI_W, SEI_UI_H, 32, SDL_PIXELFORMAT_ARGB8888);
    ren = screen ? SDL_CreateSoftwareRenderer(screen) : NULL;
    return ren ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(screen);
    TTF_Quit();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0)
        return -1;
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_screens),
        cmocka_unit_test(test_live_camera_view),
        cmocka_unit_test(test_unsure_ringed),
        cmocka_unit_test(test_tap_toggles_group),
        cmocka_unit_test(test_fix_stones_and_panel),
        cmocka_unit_test(test_komi_follows_handicap),
        cmocka_unit_test(test_photo_to_stored_result),
        cmocka_unit_test(test_kiosk_and_cli_agree),
        cmocka_unit_test(test_no_camera_then_sample),
        cmocka_unit_test(test_settings_persist),
        cmocka_unit_test(test_hand_delays_capture),
        cmocka_unit_test(test_drag_corners),
        cmocka_unit_test(test_record_screen),
        cmocka_unit_test(test_record_end_gesture),
        cmocka_unit_test(test_record_camera_faults),
        cmocka_unit_test(test_record_resign),
        cmocka_unit_test(test_record_clock),
        cmocka_unit_test(test_record_clock_tap),
        cmocka_unit_test(test_record_tap_queue),
        cmocka_unit_test(test_targets_and_messages),
        cmocka_unit_test(test_result_lines),
        cmocka_unit_test(test_record_ing_overtime),
        cmocka_unit_test(test_capture_hidden),
        cmocka_unit_test(test_zoom_to_tap),
        cmocka_unit_test(test_translations),
        cmocka_unit_test(test_live_after_record),
        cmocka_unit_test(test_folder_end_captures),
        cmocka_unit_test(test_fill_check),
        cmocka_unit_test(test_fill_doubt),
        cmocka_unit_test(test_settings_source),
        cmocka_unit_test(test_golden_tournament),
        cmocka_unit_test(test_table_and_names_stored),
        cmocka_unit_test(test_judge_mode),
        cmocka_unit_test(test_record_clock_pause),
        cmocka_unit_test(test_golden_station),
        cmocka_unit_test(test_station_day),
        cmocka_unit_test(test_station_hung),
    };
    /* SEI_TEST_FILTER=test_zoom* runs only the tests it matches. */
    if (getenv("SEI_TEST_FILTER"))
        cmocka_set_test_filter(getenv("SEI_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, teardown);
}
