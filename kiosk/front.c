/* front.c - `seichi`, the program users run. It is small: the rules core,
 * libc and cJSON, so that `seichi gtp` and `seichi score` on a diagram or
 * a game record start in a few milliseconds, without loading OpenCV, SDL,
 * libcamera, SQLite or the HTTP libraries (some 100 shared libraries and
 * 25 MB). Every other command (a photo, --save, the kiosk, the station,
 * the benchmarks, help) is run by the whole program, a module loaded with
 * dlopen (seichi-full.so, main.c), which brings those libraries then.
 *
 * The module is looked for as the vision plugin is (vision/cvio.c): the
 * installed program loads only the installed module, never one from a
 * build folder someone else may write to; a program run from the build
 * tree loads the build tree's. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "gtp.h"
#include "selfpath.h"
#include "termsafe.h"

#ifndef SEI_FULL_BUILD_PATH
#define SEI_FULL_BUILD_PATH ""
#endif
#ifndef SEI_FULL_INSTALL_PATH
#define SEI_FULL_INSTALL_PATH "/usr/local/lib/seichi/seichi-full.so"
#endif
#ifndef SEI_INSTALLED_PROGRAM
#define SEI_INSTALLED_PROGRAM "/usr/local/bin/seichi"
#endif

typedef int (*main_fn)(int, char **);

static main_fn try_load(const char *path, char *why, size_t n)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        size_t used = strlen(why);
        snprintf(why + used, n - used, "%s%s", used ? "; " : "", dlerror());
        return NULL;
    }
    main_fn f = (main_fn)(uintptr_t)dlsym(h, "sei_main");
    if (!f) {
        size_t used = strlen(why);
        snprintf(why + used, n - used, "%s%s: not Seichi's whole program (no sei_main in it)", used ? "; " : "", path);
    }
    return f;
}

/* Run argv through the whole program. */
static int run_full(int argc, char **argv)
{
    char why[1200] = "";
    main_fn f = NULL;
    if (!sei_self_is(SEI_INSTALLED_PROGRAM) && *SEI_FULL_BUILD_PATH)
        f = try_load(SEI_FULL_BUILD_PATH, why, sizeof why);
    if (!f)
        f = try_load(SEI_FULL_INSTALL_PATH, why, sizeof why);
    if (!f) {
        fprintf(stderr, "seichi: '%s' needs the whole program, which cannot be loaded: %s\n",
                argc > 1 ? argv[1] : "help", why);
        return 2;
    }
    return f(argc, argv);
}

int main(int argc, char **argv)
{
    /* --quiet is taken out here for what runs here; the whole program gets
     * the command line as given and takes it out itself. */
    int full_argc = argc;
    char **full_argv = argv;
    char *lean[argc + 1];
    memcpy(lean, argv, sizeof lean);
    int lean_argc = sei_cli_take_quiet(argc, lean);
    if (lean_argc >= 2 && !strcmp(lean[1], "--version")) {
        printf("seichi %s\n", SEI_VERSION);
        return 0;
    }
    argc = lean_argc, argv = lean;
    const char *twice = argc >= 2 ? sei_cli_given_twice(argc - 2, argv + 2) : NULL;
    if (twice) {
        sei_term_guard();
        fprintf(stderr, "seichi %s: %s given twice (which one was meant is a guess)\n", argv[1], twice);
        return 2;
    }
    if (argc >= 2 && !strcmp(argv[1], "gtp")) {
        sei_term_guard();
        return sei_cli_gtp(argc - 2, argv + 2, stdout, stderr);
    }
    if (argc >= 2 && !strcmp(argv[1], "clock")) {
        sei_term_guard();
        return sei_cli_clock(argc - 2, argv + 2, stdout, stderr);
    }
    if (argc >= 2 && !strcmp(argv[1], "score")) {
        /* A diagram or a record is counted here; a photo, --annotate or
         * --save go to the whole program. Options in error are reported
         * here, as the whole program would report them. */
        sei_score_opts o;
        FILE *quiet = fopen("/dev/null", "w");
        int rc = sei_cli_score_parse(argc - 2, argv + 2, &o, quiet ? quiet : stderr);
        if (quiet)
            fclose(quiet);
        if (rc || !sei_score_needs_full(&o)) {
            sei_term_guard();
            return sei_cli_score(argc - 2, argv + 2, stdout, stderr);
        }
    }
    return run_full(full_argc, full_argv);
}
