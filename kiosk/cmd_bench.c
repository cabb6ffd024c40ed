/* cmd_bench.c - `seichi bench`: figures for the rules core, printed, never
 * asserted (timed tests flake; benchmarks report).
 *
 *   count     one full count of a settled 19x19 final position
 *   check     one legal-move check on a 19x19 board with positional
 *             superko and a game's history behind it
 *   memory    peak resident memory of the process */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cli.h"

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* A deterministic pseudo-random sequence: benchmarks must be repeatable. */
static uint32_t next_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* Play a long random game of legal moves that do not fill own eyes, so the
 * board ends full of settled groups, like a final position. */
static void random_game(sei_board *b, int moves, uint64_t seed)
{
    int empties[SEI_MAX_POINTS];
    const int d[4] = {1, -1, b->stride, -b->stride};
    for (int m = 0; m < moves; m++) {
        int n = 0, c = b->to_move;
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                int p = sei_board_point(b, x, y);
                if (b->color[p] != SEI_EMPTY)
                    continue;
                int own_eye = 1;
                for (int k = 0; k < 4; k++)
                    if (b->color[p + d[k]] != c && b->color[p + d[k]] != SEI_OFFBOARD)
                        own_eye = 0;
                if (!own_eye)
                    empties[n++] = p;
            }
        int played = 0;
        while (n > 0 && !played) {
            int i = (int)(next_rand(&seed) % (uint32_t)n);
            if (sei_board_play(b, c, empties[i]) == SEI_OK)
                played = 1;
            else
                empties[i] = empties[--n];
        }
        if (!played)
            sei_board_play(b, c, SEI_PASS);
    }
}

/* Each benchmark's usage, in one place: for `--help` and for the
 * benchmarks' own refusals. */
static const struct {
    const char *name, *usage;
} bench_usage[] = {
    {"rules", "seichi bench [rules]   (the rules core: counts, legal-move checks, memory)"},
    {"deadstones", "seichi bench deadstones [--no-gnugo] [--gnugo PATH] [--limit N] [--min-moves N] [-v] DIR..."},
    {"vision", "seichi bench vision [--model FILE.onnx] [--second FILE.onnx] [--rules] DIR..."},
    {"record", "seichi bench record DIR...   (each DIR: frames in name order and truth.sgf)"},
    {"kiosk", "seichi bench kiosk [PHOTO]"},
    {"startup", "seichi bench startup [--runs N] [--program PATH]   (gtp and score --board: time to answer, peak memory)"},
    {"station", "seichi bench station [--results N] [--clients N] [--loads N]   (kiosks pushing to a station; page loads)"},
};

const char *sei_bench_usage(const char *name)
{
    for (size_t i = 0; i < sizeof bench_usage / sizeof bench_usage[0]; i++)
        if (!strcmp(bench_usage[i].name, name))
            return bench_usage[i].usage;
    return "seichi bench [rules|deadstones|vision|record|kiosk|startup|station] ...";
}

static int is_help(const char *a)
{
    return !strcmp(a, "--help") || !strcmp(a, "-h");
}

int sei_cli_bench(int argc, char **argv, FILE *out, FILE *err)
{
    /* `bench --help` lists them all; `bench NAME ... --help` gives one. */
    if (argc > 0 && is_help(argv[0])) {
        for (size_t i = 0; i < sizeof bench_usage / sizeof bench_usage[0]; i++)
            fprintf(out, "%s %s\n", i ? "      " : "usage:", bench_usage[i].usage);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (is_help(argv[i])) {
            fprintf(out, "usage: %s\n", sei_bench_usage(argv[0]));
            return 0;
        }
    /* The benchmarks that take no options: an option is a mistake, never a
     * folder or a photo to open. */
    if (argc == 0 || !strcmp(argv[0], "rules") || !strcmp(argv[0], "record") || !strcmp(argv[0], "kiosk")) {
        int most = argc == 0 || !strcmp(argv[0], "rules") ? 1 : !strcmp(argv[0], "kiosk") ? 2 : argc;
        for (int i = 1; i < argc; i++)
            if (argv[i][0] == '-' || i >= most) {
                fprintf(err, "seichi bench %s: %s '%s'\nusage: %s\n", argv[0], argv[i][0] == '-' ? "unknown option" : "one argument too many",
                        argv[i], sei_bench_usage(argv[0]));
                return 2;
            }
    }
    if (argc > 0 && !strcmp(argv[0], "deadstones"))
        return sei_cli_bench_deadstones(argc - 1, argv + 1, out, err);
    if (argc > 0 && !strcmp(argv[0], "vision"))
        return sei_cli_bench_vision(argc - 1, argv + 1, out, err);
    if (argc > 0 && !strcmp(argv[0], "record"))
        return sei_cli_bench_record(argc - 1, argv + 1, out, err);
    if (argc > 0 && !strcmp(argv[0], "kiosk"))
        return sei_cli_bench_kiosk(argc - 1, argv + 1, out, err);
    if (argc > 0 && !strcmp(argv[0], "startup"))
        return sei_cli_bench_startup(argc - 1, argv + 1, out, err);
    if (argc > 0 && !strcmp(argv[0], "station"))
        return sei_cli_bench_station(argc - 1, argv + 1, out, err);
    if (argc > 0 && strcmp(argv[0], "rules")) {
        fprintf(err, "seichi bench: unknown benchmark '%s' (available: rules, deadstones, vision, kiosk, record, startup, station)\n",
                argv[0]);
        return 2;
    }
    sei_rules rules;
    sei_board *b = sei_board_create(19);
    sei_score *s = malloc(sizeof *s);
    if (!b || !s) {
        fprintf(err, "seichi bench: out of memory\n");
        sei_board_destroy(b);
        free(s);
        return 2;
    }
    sei_rules_preset(&rules, "tromp-taylor"); /* positional superko */
    sei_rules_apply(&rules, b);
    random_game(b, 600, 12345);
    int stones = 0;
    for (int p = 0; p < SEI_MAX_POINTS; p++)
        stones += b->color[p] == SEI_BLACK || b->color[p] == SEI_WHITE;
    fprintf(out, "rules core benchmark (19x19, a %d-move random game, %d stones on the board)\n", b->moves_n,
            stones);

    const char *sets[] = {"chinese", "japanese", "ing"};
    for (int i = 0; i < 3; i++) {
        sei_rules_preset(&rules, sets[i]);
        int reps = 20000;
        sei_score_count(b, NULL, &rules, NULL, s); /* warm up */
        double t0 = now_ns();
        for (int k = 0; k < reps; k++)
            sei_score_count(b, NULL, &rules, NULL, s);
        double per = (now_ns() - t0) / reps;
        fprintf(out, "  count (%-8s)          %8.2f us per count   (aim < 20 us: %.1fx under)\n", sets[i], per / 1000,
                20000.0 / per);
    }

    /* Legal-move checks at every empty point, many rounds. */
    int pts[SEI_MAX_POINTS], n = 0;
    for (int y = 0; y < 19; y++)
        for (int x = 0; x < 19; x++)
            if (b->color[sei_board_point(b, x, y)] == SEI_EMPTY)
                pts[n++] = sei_board_point(b, x, y);
    /* An emptier mid-game board too: captures and merges are commoner. */
    sei_board *mid = sei_board_create(19);
    sei_rules_apply(&rules, mid);
    mid->ko_rule = SEI_KO_POSITIONAL;
    random_game(mid, 150, 777);
    int mpts[SEI_MAX_POINTS], mn = 0;
    for (int y = 0; y < 19; y++)
        for (int x = 0; x < 19; x++)
            if (mid->color[sei_board_point(mid, x, y)] == SEI_EMPTY)
                mpts[mn++] = sei_board_point(mid, x, y);
    b->ko_rule = SEI_KO_POSITIONAL;
    struct { sei_board *bd; int *p; int n; const char *what; } cases[] = {
        {mid, mpts, mn, "mid-game"}, {b, pts, n, "final"}};
    for (int c = 0; c < 2; c++) {
        long checks = 0, legal = 0;
        double t0 = now_ns();
        for (int round = 0; round < 2000; round++)
            for (int i = 0; i < cases[c].n; i++) {
                legal += sei_board_check(cases[c].bd, cases[c].bd->to_move, cases[c].p[i]) == SEI_OK;
                checks++;
            }
        double per = (now_ns() - t0) / (double)(checks ? checks : 1);
        fprintf(out, "  check, superko (%-8s) %8.3f us per move    (aim < 2 us: %.1fx under; %d positions of history, %ld%% legal)\n",
                cases[c].what, per / 1000, 2000.0 / per, cases[c].bd->seen_n, checks ? legal * 100 / checks : 0);
    }

    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(out, "  peak memory            %8ld KiB (whole process); one board %zu KiB + history\n", ru.ru_maxrss,
            sizeof(sei_board) / 1024);
    sei_board_destroy(mid);
    sei_board_destroy(b);
    free(s);
    return 0;
}
