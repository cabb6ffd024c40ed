/* main.c - every command of `seichi`, built as the whole program's module
 * (seichi-full.so): the small program users run (front.c) answers the
 * rules-only commands itself and loads this module for the rest, so that
 * OpenCV, SDL and libcamera load only for the commands that use them. */
#include <stdio.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cli.h"
#include "gtp.h"
#include "termsafe.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: seichi COMMAND [options]\n"
            "\n"
            "commands:\n"
            "  score (--board FILE | --sgf FILE [--game N] | PHOTO | --image FILE) [--rules R] [--komi K] [--handicap N]\n"
            "        [--dead auto|none|record|POINTS] [--prisoners B,W | --last b|w] [--penalty b:N,w:N]\n"
            "        [--handicap-bonus none|n-1|n] [--fill-photo FILLED.jpg [--spares b:N,w:N]]\n"
            "        [--ko K] [--annotate OUT.png [--force]] [--size N] [--save] [--db PATH] [--keep-photo] [--checked]\n"
            "        [--json]\n"
            "                      count a finished position (a diagram, a record's final position,\n"
            "                      or a photo of the board)\n"
            "  gtp [--rules R] [--size N]\n"
            "                      a GTP engine that counts: final_score, final_status_list, loadsgf\n"
            "  clock --time-control SPEC --simulate FILE [--handicap N] [--json]\n"
            "                      the game clock and the timekeeper's calls over a list of moves\n"
            "  detect IMAGE [--size N] [--json] [--debug DIR [--force]]\n"
            "                      read the board in a picture\n"
            "  bench [rules]       time counting and legal-move checks\n"
            "  bench vision DIR... read photos with their truth: points and boards right, time\n"
            "  bench deadstones [--no-gnugo] [--limit N] [--min-moves N] [-v] DIR...\n"
            "                      dead-stone proposal against recorded results and GNU Go\n"
            "  kiosk [--source camera|webcam[:N]|FILE|DIR] [--db PATH] [--windowed WxH] [--lang L]\n"
            "                      the touchscreen: camera view, confirm, count, agree, store\n"
            "  record --source camera|webcam[:N]|VIDEO|DIR --sgf OUT [--size N] [--handicap N]\n"
            "         [--komi K] [--rules R] [--resume | --force] [--fps F] [--time-control SPEC]\n"
            "                      watch a game and write its SGF move by move\n"
            "  bench record DIR... moves recorded against the true moves of game sequences\n"
            "  bench kiosk         time the kiosk's start, live view, capture and memory\n"
            "  bench startup [--runs N]\n"
            "                      time gtp and score --board to answer, and their memory\n"
            "  results [--db PATH] list [--json] | show N [--json] | audit N [--json]\n"
            "          | export (--csv FILE | --sgf DIR) [--force]\n"
            "                      the stored results: listed, shown, their audit trail, exported\n"
            "  results [--db PATH] set-pin | correct N ... | void N ... | confirm N ...\n"
            "                      the judges: the PIN, and changes written to the audit trail\n"
            "  results [--db PATH] push --station URL (--token T | --token-file FILE)\n"
            "                      send the results the station does not have yet\n"
            "  station [--db PATH] [--listen HOST:PORT] | import --opengotha FILE\n"
            "          | export (--opengotha OUT | --csv OUT | --egd OUT [--partial]) [--force]\n"
            "          | enroll --name NAME\n"
            "          | revoke --name NAME | kiosks\n"
            "                      the director's station: results from the kiosks over HTTP\n"
            "  patches --out FILE [--copies N] [--jitter CELLS] [--seed S] DIR...\n"
            "                      the point classifier's training data from pictures with their truth\n"
            "  help [COMMAND]      this text, or COMMAND's own (as COMMAND --help)\n"
            "  --version           the program's version\n"
            "\n"
            "--quiet (-q), with any command: no messages about what was done, only results and errors.\n"
            "\n"
            "rules: %s\n",
            sei_rules_preset_names());
}

/* The heap kept for the next reading. Each reading of a picture allocates
 * and frees blocks of megabytes (the working picture, the views from
 * above, the networks' inputs and layers), and glibc's defaults hand much
 * of that back to the kernel when it is freed: the next reading then
 * faults in every page again. Blocks up to 16 MB (glibc's most on 32-bit
 * systems too) come from the heap, and up to 256 MB freed at its top stay
 * there. Measured with `seichi bench vision` in paired runs, three each
 * way, 2026-12-06: the test set's worst picture 309 -> 274 ms (median
 * 41.4 -> 41.0), gobonline's 403 -> 383, seed 7025's renders 271 -> 235
 * (median 47.9 -> 41.5), peak memory 3 to 5 MB more. Only speed: a
 * setting refused changes nothing else. */
static void heap_settings(void)
{
#ifdef __GLIBC__
    (void)mallopt(M_MMAP_THRESHOLD, 16 * 1024 * 1024);
    (void)mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
#endif
}

int sei_main(int argc, char **argv)
{
    heap_settings();
    /* Before anything is printed: names and paths from files and command
     * lines reach a terminal with their control characters escaped. */
    sei_term_guard();
    argc = sei_cli_take_quiet(argc, argv);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "help") && argc > 3) {
        fprintf(stderr, "seichi help: one command at a time ('seichi help %s')\n", argv[2]);
        return 2;
    }
    if (!strcmp(cmd, "help") && argc == 3 && strcmp(argv[2], "help")) {
        /* `seichi help COMMAND` is `seichi COMMAND --help`. */
        char *again[] = {argv[0], argv[2], "--help", NULL};
        return sei_main(3, again);
    }
    if (!strcmp(cmd, "score"))
        return sei_cli_score(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "gtp"))
        return sei_cli_gtp(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "clock"))
        return sei_cli_clock(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "detect"))
        return sei_cli_detect(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "results"))
        return sei_cli_results(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "record"))
        return sei_cli_record(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "kiosk"))
        return sei_cli_kiosk(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "station"))
        return sei_cli_station(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "patches"))
        return sei_cli_patches(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "bench"))
        return sei_cli_bench(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("seichi %s\n", SEI_VERSION);
        return 0;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "seichi: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return 2;
}
