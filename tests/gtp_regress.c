/* gtp_regress.c - runs GNU Go's GTP regression files (.tst) through a GTP
 * engine and says, case by case, what passed.
 *
 * A .tst file is a GTP session: each command line is sent as it stands
 * (a loadsgf's record looked for in --sgf-dir under its own name), and a
 * numbered command followed by a line "#? [PATTERN]" is a case: its reply
 * must match PATTERN whole (a POSIX extended regular expression, as GNU
 * Go's own driver reads them: "W\+100.5", "A2|B1"). A '*' after the
 * closing bracket marks a case GNU Go itself failed when the file was
 * written; it is reported apart but counts like any other. Lines starting
 * with '#' are not sent, so cases commented out stay out. A case whose
 * command the engine does not know (known_command) is skipped, not
 * failed, and said so.
 *
 * Usage: gtp_regress [--sgf-dir DIR] [--floor N] [-v] FILE.tst... -- ENGINE [ARG...]
 * Exit status: 0; 1 when fewer than N cases passed; 2 for bad usage or an
 * engine that stops answering; 77 when a file is missing (the shared data
 * is absent). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    FILE *to, *from;
    pid_t pid;
} engine;

static int engine_start(engine *e, char **argv)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return -1;
    e->pid = fork();
    if (e->pid < 0)
        return -1;
    if (e->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execvp(argv[0], argv);
        fprintf(stderr, "gtp_regress: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->to = fdopen(in[1], "w");
    e->from = fdopen(out[0], "r");
    return e->to && e->from ? 0 : -1;
}

/* Send one command, read its reply (up to the blank line) into reply
 * without the "=id " or "?id " and the final newlines; *okay 1 for '='.
 * Returns 0, or -1 when the engine stopped answering. */
static int engine_ask(engine *e, const char *cmd, char *reply, size_t n, int *okay)
{
    if (fprintf(e->to, "%s\n", cmd) < 0 || fflush(e->to))
        return -1;
    char line[8192];
    size_t len = 0;
    int first = 1;
    reply[0] = 0;
    while (fgets(line, sizeof line, e->from)) {
        if (first && line[0] == '\n')
            continue; /* nothing comes before a reply but stray blank lines */
        if (!first && line[0] == '\n') {
            while (len && reply[len - 1] == '\n')
                reply[--len] = 0;
            return 0;
        }
        const char *text = line;
        if (first) {
            *okay = line[0] == '=';
            if (line[0] != '=' && line[0] != '?')
                return -1;
            text = line + 1 + strspn(line + 1, "0123456789");
            text += *text == ' ';
            first = 0;
        }
        size_t k = strlen(text);
        if (len + k + 1 < n) {
            memcpy(reply + len, text, k + 1);
            len += k;
        }
    }
    return -1;
}

/* The expected pattern of a "#? [...]" line into pat, and whether it ends
 * in '*'. Returns 0, or -1 when the line is no such pattern. */
static int expectation(const char *line, char *pat, size_t n, int *starred)
{
    const char *open = strchr(line, '['), *close = strrchr(line, ']');
    if (!open || !close || close < open || (size_t)(close - open) >= n)
        return -1;
    snprintf(pat, n, "%.*s", (int)(close - open - 1), open + 1);
    *starred = strchr(close, '*') != NULL;
    return 0;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t k = strlen(s);
    while (k && (s[k - 1] == '\n' || s[k - 1] == '\r' || s[k - 1] == ' ' || s[k - 1] == '\t'))
        s[--k] = 0;
    return s;
}

typedef struct {
    int passed, failed, skipped, absent, starred_passed, starred_failed;
} tally;

static int run_file(engine *e, const char *path, const char *sgf_dir, int verbose, tally *t)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("SKIP %s: %s\n", path, strerror(errno));
        return 77;
    }
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char buf[4096], cmd[4096 + 512], reply[65536], last_cmd[4096] = "", last_reply[65536] = "", pat[2048];
    char unknown[64][64];
    int n_unknown = 0;
    int last_id = -1, last_ok = 0, lineno = 0, rc = 0, absent = 0;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        char *l = trim(buf);
        if (!strncmp(l, "#?", 2)) {
            int starred = 0;
            if (last_id < 0 || expectation(l, pat, sizeof pat, &starred))
                continue;
            char word[64];
            sscanf(last_cmd, "%*d %63s", word);
            int skip = 0;
            for (int i = 0; i < n_unknown; i++)
                skip |= !strcmp(unknown[i], word);
            if (skip || absent) {
                t->skipped++;
                t->absent += absent;
                if (verbose || absent)
                    printf("SKIP %s:%d %s (%s)\n", base, last_id, last_cmd,
                           absent ? "its record is not in the folder" : "a command the engine does not know");
                last_id = -1;
                continue;
            }
            char anchored[2100];
            snprintf(anchored, sizeof anchored, "^(%s)$", pat);
            regex_t re;
            int good = 0;
            if (regcomp(&re, anchored, REG_EXTENDED | REG_NOSUB) == 0) {
                good = last_ok && regexec(&re, last_reply, 0, NULL, 0) == 0;
                regfree(&re);
            }
            if (good) {
                t->passed++;
                t->starred_passed += starred;
            } else {
                t->failed++;
                t->starred_failed += starred;
            }
            if (!good || verbose)
                printf("%s %s:%d %s: got %s%s, want %s%s\n", good ? "PASS" : "FAIL", base, last_id, last_cmd,
                       last_ok ? "" : "? ", last_reply, pat, starred ? " (GNU Go failed it too)" : "");
            last_id = -1;
            continue;
        }
        if (!*l || *l == '#')
            continue;
        /* A record is looked for in sgf_dir under its own name. */
        char *ld = strstr(l, "loadsgf ");
        if (ld && sgf_dir) {
            char *file = ld + 8, *end = file + strcspn(file, " ");
            const char *name = file;
            for (const char *c = file; c < end; c++)
                if (*c == '/')
                    name = c + 1;
            snprintf(cmd, sizeof cmd, "%.*s%s/%s", (int)(file - l), l, sgf_dir, name);
            /* The cases on a record the folder lacks are not run. */
            char rec[4096];
            snprintf(rec, sizeof rec, "%s/%.*s", sgf_dir, (int)(end - name), name);
            absent = access(rec, R_OK) != 0;
        } else
            snprintf(cmd, sizeof cmd, "%s", l);
        int ok = 0;
        if (engine_ask(e, cmd, reply, sizeof reply, &ok)) {
            printf("FAIL %s:%d: the engine stopped answering at '%s'\n", base, lineno, cmd);
            rc = 2;
            break;
        }
        int id;
        char word[64];
        if (sscanf(l, "%d %63s", &id, word) == 2) {
            last_id = id;
            last_ok = ok;
            snprintf(last_cmd, sizeof last_cmd, "%s", l);
            snprintf(last_reply, sizeof last_reply, "%s", reply);
            /* An unknown command is a case skipped, not failed. */
            int seen = 0;
            for (int i = 0; i < n_unknown; i++)
                seen |= !strcmp(unknown[i], word);
            if (!ok && !seen && n_unknown < 64) {
                char q[128], a[64];
                int qok = 0;
                snprintf(q, sizeof q, "known_command %s", word);
                if (engine_ask(e, q, a, sizeof a, &qok) == 0 && qok && !strcmp(a, "false"))
                    snprintf(unknown[n_unknown++], sizeof unknown[0], "%s", word);
            }
        } else if (!ok)
            printf("NOTE %s:%d: '%s' refused: %s\n", base, lineno, cmd, reply);
    }
    fclose(f);
    return rc;
}

int main(int argc, char **argv)
{
    const char *sgf_dir = NULL;
    int floor_n = -1, verbose = 0, i = 1;
    const char *files[256];
    int n_files = 0;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--sgf-dir") && i + 1 < argc)
            sgf_dir = argv[++i];
        else if (!strcmp(argv[i], "--floor") && i + 1 < argc)
            floor_n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (argv[i][0] != '-' && n_files < 256)
            files[n_files++] = argv[i];
        else {
            fprintf(stderr, "usage: gtp_regress [--sgf-dir DIR] [--floor N] [-v] FILE.tst... -- ENGINE [ARG...]\n");
            return 2;
        }
    }
    if (i + 1 >= argc || !n_files) {
        fprintf(stderr, "usage: gtp_regress [--sgf-dir DIR] [--floor N] [-v] FILE.tst... -- ENGINE [ARG...]\n");
        return 2;
    }
    for (int k = 0; k < n_files; k++)
        if (access(files[k], R_OK)) {
            printf("SKIP: %s is absent (the shared data is not there)\n", files[k]);
            return 77;
        }
    signal(SIGPIPE, SIG_IGN);
    tally t = {0};
    int rc = 0;
    for (int k = 0; k < n_files && !rc; k++) {
        /* One engine per file, as GNU Go's driver runs them. */
        engine e;
        if (engine_start(&e, argv + i + 1)) {
            fprintf(stderr, "gtp_regress: cannot start the engine\n");
            return 2;
        }
        rc = run_file(&e, files[k], sgf_dir, verbose, &t);
        char bye[64];
        int ok;
        if (!rc)
            engine_ask(&e, "quit", bye, sizeof bye, &ok);
        fclose(e.to);
        fclose(e.from);
        int status;
        waitpid(e.pid, &status, 0);
        if (!rc && (!WIFEXITED(status) || WEXITSTATUS(status))) {
            printf("FAIL %s: the engine ended with status %d\n", files[k], status);
            rc = 2;
        }
    }
    int cases = t.passed + t.failed;
    printf("passed %d of %d cases (%.1f%%); %d failed, %d of them marked as failed by GNU Go too; "
           "%d skipped (%d on records not in the folder, %d on commands the engine does not know)\n",
           t.passed, cases, cases ? 100.0 * t.passed / cases : 0.0, t.failed, t.starred_failed, t.skipped, t.absent,
           t.skipped - t.absent);
    if (rc)
        return rc;
    if (floor_n >= 0 && t.passed < floor_n) {
        printf("FAIL: %d passed, below the floor of %d\n", t.passed, floor_n);
        return 1;
    }
    return 0;
}
