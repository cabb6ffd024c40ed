/* cmd_kiosk.c - `seichi kiosk`: the touchscreen program.
 *
 * Full screen through whatever video driver SDL finds (KMSDRM on a Pi with
 * no X, X11 or Wayland on a desktop), or in a window with --windowed.
 * SDL turns SIGINT and SIGTERM into SDL_QUIT, so systemd's stop, Ctrl-C
 * and closing the window all end the loop the same way: the app is
 * destroyed (every agreed result was already committed) and the exit
 * status is 0. */
#define _POSIX_C_SOURCE 200809L
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL.h>
#include <SDL_ttf.h>

#include "app.h"
#include "cli.h"
#include "store.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: seichi kiosk [--source camera|webcam[:N]|FILE|DIR] [--db PATH] [--windowed WxH] [--lang en|zh|ja|ko]\n"
            "                   [--sample FILE] [--time-control SPEC]\n"
            "\n"
            "The touchscreen kiosk: the camera's view with the board found on it, then\n"
            "the position to confirm (tap a group to mark it dead), the count, and\n"
            "\"Agreed\" stores it in the results database.\n"
            "\n"
            "  --source S     where frames come from (default: the saved setting, first \"camera\")\n"
            "  --db PATH      the results database (default: %s)\n"
            "  --windowed WxH run in a window this size instead of full screen\n"
            "  --lang L       the screens' language: en, zh, ja, ko (default: the saved setting)\n"
            "  --sample FILE  the photo offered when there is no camera (default: the bundled one)\n"
            "  --time-control SPEC  recorded games' clock, as `seichi clock` reads it (byoyomi:60m+5x60s,\n"
            "                 canadian:30m+25/10m, fischer:30m+20s, ing:120m+3x20m, absolute:30m) or none\n"
            "                 (default: the saved setting); the calls are spoken in the screens' language\n",
            "$XDG_DATA_HOME/seichi/results.db");
}

/* The bundled photo: beside an installed program, or in the source tree
 * this one was built from. */
static const char *find_sample(void)
{
    static const char *const paths[] = {
#ifdef SEI_SAMPLE_INSTALLED
        SEI_SAMPLE_INSTALLED,
#endif
#ifdef SEI_SAMPLE_SOURCE
        SEI_SAMPLE_SOURCE,
#endif
        NULL};
    const char *env = getenv("SEICHI_SAMPLE");
    if (env && access(env, R_OK) == 0)
        return env;
    for (int i = 0; paths[i]; i++)
        if (access(paths[i], R_OK) == 0)
            return paths[i];
    return NULL;
}

void sei_kiosk_memory_setup(void)
{
#ifdef M_MMAP_THRESHOLD
    /* Frames and the reader's work images are large and short-lived. glibc
     * would raise its mmap threshold after the first is freed and keep the
     * later ones in the heap, where they stay counted against a small Pi's
     * memory; a fixed threshold hands each back to the system when freed. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

int sei_cli_kiosk(int argc, char **argv, FILE *out, FILE *err)
{
    sei_app_params p;
    sei_app_params_default(&p);
    int win_w = 0, win_h = 0;
    p.sample = find_sample();
    /* Every option takes a value: they go in pairs. */
    for (int i = 0; i < argc; i += 2) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(out);
            return 0;
        }
        if (!v) {
            fprintf(err, "seichi kiosk: unknown option or missing value: %s\n", a);
            usage(err);
            return 2;
        }
        if (!strcmp(a, "--source"))
            p.source = v;
        else if (!strcmp(a, "--db"))
            p.db = v;
        else if (!strcmp(a, "--sample"))
            p.sample = v;
        else if (!strcmp(a, "--lang")) {
            p.lang = sei_ui_lang_parse(v);
            if (p.lang < 0) {
                fprintf(err, "seichi kiosk: unknown language '%s' (en, zh, ja, ko)\n", v);
                return 2;
            }
        } else if (!strcmp(a, "--time-control")) {
            /* Checked here, so a typo is refused before a window opens. */
            sei_time_control tc;
            char why[200];
            if (strcmp(v, "none") && sei_time_control_parse(v, &tc, why, sizeof why)) {
                fprintf(err, "seichi kiosk: --time-control: %s\n", why);
                return 2;
            }
            p.time_control = v;
        } else if (!strcmp(a, "--windowed")) {
            char x;
            if (sscanf(v, "%d%c%d", &win_w, &x, &win_h) != 3 || (x != 'x' && x != 'X') || win_w < 320 || win_h < 200 ||
                win_w > 8192 || win_h > 8192) {
                fprintf(err, "seichi kiosk: --windowed wants WIDTHxHEIGHT, at least 320x200 (got '%s')\n", v);
                return 2;
            }
        } else {
            fprintf(err, "seichi kiosk: unknown option: %s\n", a);
            usage(err);
            return 2;
        }
    }

    /* What the options name is checked before a screen is looked for, so
     * a mistyped path says so on any machine, with a display or none. A
     * camera may be plugged in later (the kiosk waits for it), a file
     * named will not appear. */
    struct stat sb;
    if (p.source && strcmp(p.source, "camera") && strncmp(p.source, "webcam", 6) && stat(p.source, &sb)) {
        fprintf(err, "seichi kiosk: --source %s: no such file or folder (or camera, webcam, webcam:N)\n", p.source);
        return 2;
    }
    if (p.sample && (stat(p.sample, &sb) || !S_ISREG(sb.st_mode))) {
        fprintf(err, "seichi kiosk: --sample %s: no such picture file\n", p.sample);
        return 2;
    }
    if (p.db) {
        char why[512];
        sei_store *s = sei_store_open(p.db, why, sizeof why);
        if (!s) {
            fprintf(err, "seichi kiosk: --db %s: %s\n", p.db, why);
            return 1;
        }
        sei_store_close(s);
    }

    sei_kiosk_memory_setup();
    /* A touch is a finger event: SDL need not copy it as a mouse click
     * (the ui ignores such copies anyway), nor a click as a touch. */
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(err, "seichi kiosk: no display: %s (on a Pi without X, run it on the console: see the README's kiosk section)\n",
                SDL_GetError());
        return 1;
    }
    /* With no X, Wayland or KMS/DRM screen SDL falls back to a driver that
     * draws nowhere; a kiosk nobody can see is a failure, unless asked for
     * (tests set SDL_VIDEODRIVER=offscreen). */
    const char *drv = SDL_GetCurrentVideoDriver();
    if (drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy")) && !getenv("SDL_VIDEODRIVER")) {
        fprintf(err, "seichi kiosk: no display found: no X or Wayland session, and no KMS/DRM screen this user may open "
                     "(on a Pi, add the user to the video and render groups; see the README's kiosk section)\n");
        SDL_Quit();
        return 1;
    }
    if (TTF_Init() != 0) {
        fprintf(err, "seichi kiosk: cannot start the font renderer: %s\n", TTF_GetError());
        SDL_Quit();
        return 1;
    }
    Uint32 flags = win_w ? SDL_WINDOW_RESIZABLE : SDL_WINDOW_FULLSCREEN_DESKTOP;
    SDL_Window *w = SDL_CreateWindow("Seichi", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, win_w ? win_w : SEI_UI_W,
                                     win_h ? win_h : SEI_UI_H, flags);
    SDL_Renderer *r = w ? SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (w && !r)
        r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE);
    if (!w || !r) {
        fprintf(err, "seichi kiosk: cannot open the screen: %s\n", SDL_GetError());
        if (w)
            SDL_DestroyWindow(w);
        TTF_Quit();
        SDL_Quit();
        return 1;
    }
    if (!win_w)
        SDL_ShowCursor(SDL_DISABLE); /* a touchscreen kiosk: no arrow in the middle of the board */
    char why[512];
    sei_app *app = sei_app_create(r, w, &p, why, sizeof why);
    int rc = 0;
    if (!app) {
        fprintf(err, "seichi kiosk: %s\n", why);
        rc = 1;
    }
    while (app) {
        SDL_Event e;
        int quit = 0;
        /* The live view wants every frame; the other screens only change
         * on a tap, so wait for one rather than spin. */
        int live = sei_app_screen(app) == SEI_SCREEN_LIVE || sei_app_screen(app) == SEI_SCREEN_RECORD ||
                   sei_app_screen(app) == SEI_SCREEN_NOCAMERA;
        if (SDL_WaitEventTimeout(&e, live ? 1 : 250)) {
            quit |= sei_app_handle(app, &e);
            while (!quit && SDL_PollEvent(&e))
                quit |= sei_app_handle(app, &e);
        }
        if (quit)
            break;
        sei_app_tick(app, (double)SDL_GetTicks64());
        sei_app_draw(app);
        SDL_RenderPresent(r);
    }
    sei_app_destroy(app);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    TTF_Quit();
    SDL_Quit();
    return rc;
}
