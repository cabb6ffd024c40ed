/* test_cases.c - counting tests as data.
 *
 * Each tests/cases/NAME.case names a board (a file under tests/ or an
 * inline diagram) and any number of runs: the options given to
 * `seichi score` and the JSON fields the count must show.
 *
 *   board boards/seeds-184-177.board      (or: diagram ... end, or: sgf FILE)
 *   run --rules chinese
 *   expect result=W+0.5 result_stones=W+0.25 black.area=184
 *
 * `sgf FILE` counts a game record (--sgf) instead of a board file. The key
 * `seki` is every stone the count names as in seki, as sorted SGF points
 * joined by commas ("none" when there is none).
 *
 * A run goes through the same option parser, counter and JSON printer as
 * the program, so a case checks all three. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <unistd.h>

#include "cli.h"

#ifndef SEI_TESTS_DIR
#error "SEI_TESTS_DIR must name the tests source folder"
#endif

static int failures;

/* Find "a.b" in a flat-ish JSON object: "a":{..."b":VALUE...}. Writes the
 * value without quotes. Good enough for the printer's own output. */
static int json_get(const char *json, const char *key, char *out, size_t n)
{
    char part[64], pat[80];
    const char *at = json;
    const char *k = key;
    while (*k) {
        const char *dot = strchr(k, '.');
        size_t len = dot ? (size_t)(dot - k) : strlen(k);
        if (len >= sizeof part)
            return 0;
        memcpy(part, k, len);
        part[len] = 0;
        snprintf(pat, sizeof pat, "\"%s\":", part);
        at = strstr(at, pat);
        if (!at)
            return 0;
        at += strlen(pat);
        k = dot ? dot + 1 : k + len;
    }
    size_t i = 0;
    if (*at == '"') {
        at++;
        while (*at && *at != '"' && i + 1 < n)
            out[i++] = *at++;
    } else {
        while (*at && *at != ',' && *at != '}' && *at != ']' && i + 1 < n)
            out[i++] = *at++;
    }
    out[i] = 0;
    return 1;
}

static int cmp_point(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* The stones of the JSON's "seki" groups as sorted SGF points joined by
 * commas, or "none". Returns 0 when there is no "seki" field. */
static int json_seki(const char *json, char *out, size_t n)
{
    const char *at = json ? strstr(json, "\"seki\":[") : NULL;
    if (!at)
        return 0;
    at += strlen("\"seki\":[");
    static char pts[625][3];
    int np = 0, depth = 1;
    for (; *at && depth > 0; at++) {
        if (*at == '[')
            depth++;
        else if (*at == ']')
            depth--;
        else if (*at == '"' && at[1] && at[2] && at[3] == '"' && np < 625) {
            pts[np][0] = at[1];
            pts[np][1] = at[2];
            pts[np][2] = 0;
            np++;
            at += 3;
        }
    }
    qsort(pts, (size_t)np, sizeof pts[0], cmp_point);
    snprintf(out, n, "%s", np ? "" : "none");
    for (int i = 0; i < np; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? "," : "", pts[i]);
    }
    return 1;
}

static void run_case(const char *casefile, const char *board_path, int is_sgf, char *args, char *expect, int line)
{
    char *argv[64];
    int argc = 0;
    for (char *t = strtok(args, " \t"); t && argc < 60; t = strtok(NULL, " \t"))
        argv[argc++] = t;
    argv[argc++] = is_sgf ? "--sgf" : "--board";
    argv[argc++] = (char *)board_path;
    argv[argc++] = "--json";

    char *outbuf = NULL, *errbuf = NULL;
    size_t outlen = 0, errlen = 0;
    FILE *out = open_memstream(&outbuf, &outlen), *err = open_memstream(&errbuf, &errlen);
    int rc = sei_cli_score(argc, argv, out, err);
    fclose(out);
    fclose(err);

    char *save = NULL;
    for (char *t = strtok_r(expect, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        char *eq = strchr(t, '=');
        if (!eq) {
            printf("%s:%d: bad expectation '%s'\n", casefile, line, t);
            failures++;
            continue;
        }
        *eq = 0;
        const char *key = t, *want = eq + 1;
        char got[2048];
        if (!strcmp(key, "seki") && rc == 0 && json_seki(outbuf, got, sizeof got)) {
            /* compared below */
        } else if (!strcmp(key, "exit")) {
            snprintf(got, sizeof got, "%d", rc);
        } else if (!strcmp(key, "error")) {
            /* error=WORD: the message on stderr contains WORD (use _ for space). */
            for (char *u = eq + 1; *u; u++)
                if (*u == '_')
                    *u = ' ';
            if (!errbuf || !strstr(errbuf, want)) {
                printf("%s:%d: error message lacks '%s': %s\n", casefile, line, want, errbuf ? errbuf : "");
                failures++;
            }
            continue;
        } else if (rc != 0 || !json_get(outbuf, key, got, sizeof got)) {
            printf("%s:%d: no '%s' in the output (exit %d): %s%s\n", casefile, line, key, rc, outbuf, errbuf);
            failures++;
            continue;
        }
        if (strcmp(got, want)) {
            printf("%s:%d: %s is %s, expected %s\n", casefile, line, key, got, want);
            failures++;
        }
    }
    free(outbuf);
    free(errbuf);
}

static void run_file(const char *dir, const char *name)
{
    char path[2048], board_path[2048] = "", tmp[64] = "";
    static int ndiagrams;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[1024], args[1024] = "";
    int lineno = 0, in_diagram = 0, have_run = 0, is_sgf = 0;
    FILE *diagram = NULL;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (in_diagram) {
            if (!strcmp(line, "end")) {
                in_diagram = 0;
                fclose(diagram);
                diagram = NULL;
            } else
                fprintf(diagram, "%s\n", line);
            continue;
        }
        if (line[0] == '#' || line[0] == 0)
            continue;
        if (!strncmp(line, "board ", 6) || !strncmp(line, "sgf ", 4)) {
            is_sgf = line[0] == 's';
            snprintf(board_path, sizeof board_path, "%s/%s", SEI_TESTS_DIR, line + (is_sgf ? 4 : 6));
        } else if (!strcmp(line, "diagram")) {
            if (tmp[0])
                remove(tmp);
            snprintf(tmp, sizeof tmp, "/tmp/seichi-case-%ld-%d.board", (long)getpid(), ndiagrams++);
            diagram = fopen(tmp, "w");
            assert_non_null(diagram);
            snprintf(board_path, sizeof board_path, "%s", tmp);
            in_diagram = 1;
            is_sgf = 0;
        } else if (!strncmp(line, "run", 3) && (line[3] == ' ' || !line[3])) {
            snprintf(args, sizeof args, "%s", line + 3);
            have_run = 1;
        } else if (!strncmp(line, "expect ", 7) && have_run) {
            run_case(name, board_path, is_sgf, args, line + 7, lineno);
        } else {
            printf("%s:%d: cannot read this line: %s\n", name, lineno, line);
            failures++;
        }
    }
    fclose(f);
    if (tmp[0])
        remove(tmp);
}

static void test_all_cases(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/cases", SEI_TESTS_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".case")) {
            run_file(dir, e->d_name);
            files++;
        }
    }
    closedir(d);
    printf("%d case files\n", files);
    assert_true(files > 0);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_all_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
