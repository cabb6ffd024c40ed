/* cmd_bench_startup.c - `seichi bench startup`: how fast the small program
 * (front.c) starts for the work it does alone, and how much memory it
 * takes, against the aims (20 ms to answer GTP's protocol_version, 10 MB
 * peak); and the whole program's start beside it, what the split spares.
 * Each figure is the median of N runs of the program as users run it (by
 * default this very program, /proc/self/exe), over pipes, timed from
 * fork to the answer; peak memory is the child's own (wait4). Figures are
 * printed, never asserted. */
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

#define MAX_RUNS 1000

/* Run prog with args; when ask is given, write it and wait for a reply
 * ending in a blank line (a GTP answer) before sending quit. *ms: fork to
 * the answer (ask) or to the exit; *kib: the child's peak memory. Returns
 * 0, or -1 with why in msg. */
static int one_run(const char *prog, char *const *args, const char *ask, double *ms, long *kib, char *msg,
                   size_t n)
{
    int in[2], out[2];
    if (pipe(in))
        return snprintf(msg, n, "pipe: %s", strerror(errno)), -1;
    if (pipe(out)) {
        close(in[0]), close(in[1]);
        return snprintf(msg, n, "pipe: %s", strerror(errno)), -1;
    }
    double t0 = sei_now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return snprintf(msg, n, "fork: %s", strerror(errno)), -1;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 2);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execv(prog, args);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    int rc = 0;
    char buf[4096];
    if (ask) {
        /* The answer: everything up to its blank line. */
        size_t len = 0;
        if (write(in[1], ask, strlen(ask)) < 0)
            rc = -1;
        while (!rc) {
            ssize_t k = read(out[0], buf + len, sizeof buf - 1 - len);
            if (k <= 0) {
                rc = -1;
                break;
            }
            len += (size_t)k;
            buf[len] = 0;
            if (strstr(buf, "\n\n"))
                break;
            if (len == sizeof buf - 1)
                len = 0;
        }
        *ms = sei_now_ms() - t0;
        if (!rc && buf[0] != '=')
            rc = -1;
        if (write(in[1], "quit\n", 5) < 0)
            rc = -1;
    }
    close(in[1]);
    while (read(out[0], buf, sizeof buf) > 0)
        ; /* the rest of its output, so it never blocks on a full pipe */
    close(out[0]);
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0)
        return snprintf(msg, n, "wait: %s", strerror(errno)), -1;
    if (!ask)
        *ms = sei_now_ms() - t0;
    *kib = ru.ru_maxrss;
    if (rc || !WIFEXITED(status) || WEXITSTATUS(status))
        return snprintf(msg, n, "%s %s did not answer as it should (status %d)", prog, args[1], status), -1;
    return 0;
}

typedef struct {
    const char *what;
    const char *ask;
    char *args[8];
    int aimed; /* 1: measured against the aims */
} bench_case;

int sei_cli_bench_startup(int argc, char **argv, FILE *out, FILE *err)
{
    int runs = 21;
    char prog[PATH_MAX] = "";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1 || v > MAX_RUNS) {
                fprintf(err, "seichi bench startup: --runs takes 1 to %d, not '%s'\n", MAX_RUNS, argv[i]);
                return 2;
            }
            runs = (int)v;
        } else if (!strcmp(argv[i], "--program") && i + 1 < argc) {
            snprintf(prog, sizeof prog, "%s", argv[++i]);
        } else {
            fprintf(err, "seichi bench startup: unknown option '%s'\nusage: %s\n", argv[i], sei_bench_usage("startup"));
            return 2;
        }
    }
    if (!prog[0]) {
        ssize_t k = readlink("/proc/self/exe", prog, sizeof prog - 1);
        if (k <= 0) {
            fprintf(err, "seichi bench startup: cannot find this program (/proc/self/exe): give --program PATH\n");
            return 2;
        }
        prog[k] = 0;
    }
    if (access(prog, X_OK)) {
        fprintf(err, "seichi bench startup: cannot run '%s'\n", prog);
        return 2;
    }
    /* A small finished 9x9 diagram to count, in a file of its own. */
    char board[] = "/tmp/seichi-bench-XXXXXX";
    int fd = mkstemp(board);
    static const char diagram[] = "..XO.....\n.XXO.....\nXXOO.....\nXO.......\nXO.......\n"
                                  "XO.......\nXXOOOOOOO\n.XXXXXXXX\n.........\n";
    if (fd < 0 || write(fd, diagram, sizeof diagram - 1) != (ssize_t)(sizeof diagram - 1)) {
        fprintf(err, "seichi bench startup: cannot write a board in /tmp: %s\n", strerror(errno));
        if (fd >= 0)
            close(fd), unlink(board);
        return 2;
    }
    close(fd);

    bench_case cases[] = {
        {"gtp: protocol_version answered", "protocol_version\n", {prog, "gtp", NULL}, 1},
        {"score --board (9x9, whole run)", NULL, {prog, "score", "--board", board, "--dead", "none", NULL}, 1},
        {"help (the whole program loaded)", NULL, {prog, "help", NULL}, 0},
    };
    double *ms = malloc(sizeof *ms * (size_t)runs), *kb = malloc(sizeof *kb * (size_t)runs);
    int rc = 0;
    if (!ms || !kb) {
        fprintf(err, "seichi bench startup: out of memory\n");
        rc = 2;
    }
    if (!rc)
        fprintf(out, "start-up of %s, median of %d runs (fastest-slowest), peak memory of the process:\n", prog,
                runs);
    for (size_t c = 0; !rc && c < sizeof cases / sizeof cases[0]; c++) {
        char msg[PATH_MAX + 128];
        for (int r = 0; r < runs && !rc; r++) {
            long kib = 0;
            if (one_run(prog, cases[c].args, cases[c].ask, &ms[r], &kib, msg, sizeof msg)) {
                fprintf(err, "seichi bench startup: %s\n", msg);
                rc = 2;
            }
            kb[r] = (double)kib;
        }
        if (rc)
            break;
        qsort(ms, (size_t)runs, sizeof *ms, sei_cmp_double);
        qsort(kb, (size_t)runs, sizeof *kb, sei_cmp_double);
        double t = ms[runs / 2], mb = kb[runs / 2] / 1024.0;
        fprintf(out, "  %-34s %7.1f ms (%.1f-%.1f)  %6.1f MiB", cases[c].what, t, ms[0], ms[runs - 1], mb);
        if (cases[c].aimed)
            fprintf(out, "   aims <= 20 ms, <= 10 MB: %.0f%% and %.0f%% of them\n", 100 * t / 20,
                    100 * mb * 1048576 / 10e6);
        else
            fprintf(out, "   for comparison\n");
    }
    free(ms);
    free(kb);
    unlink(board);
    return rc;
}
