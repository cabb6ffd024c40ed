/* test_boardfile.c - the board diagram reader: every bad file in tests/bad
 * is refused with the message its "# expect: ..." line gives, every
 * diagram in tests/good is read as its "# expect:" line gives (a byte
 * order mark, CRLF), and good diagrams round-trip through the writer. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "boardfile.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 16);
    assert_non_null(buf);
    *len = fread(buf, 1, (1 << 16) - 1, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

static void test_bad_files(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/bad", SEI_TESTS_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int files = 0, failures = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".board"))
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *text = slurp(path, &len);
        char want[256] = "";
        /* The first "# expect:" line, anywhere: a file may start with a
         * byte order mark, or be UTF-16 up to it. */
        const char *line = strstr(text, "# expect: ");
        if (!line || sscanf(line, "# expect: %255[^\r\n]", want) != 1) {
            printf("%s: no '# expect:' line\n", e->d_name);
            failures++;
        }
        sei_board *b = (sei_board *)1;
        uint8_t dead[SEI_MAX_POINTS];
        char err[256];
        sei_status st = sei_boardfile_parse(text, len, &b, dead, err, sizeof err);
        if (st != SEI_ERR_PARSE || b != NULL || !strstr(err, want)) {
            printf("%s: got status %d, message \"%s\"; expected \"%s\"\n", e->d_name, st, err, want);
            failures++;
        }
        sei_board_destroy(b == (sei_board *)1 ? NULL : b);
        free(text);
        files++;
    }
    closedir(d);
    assert_true(files >= 8);
    assert_int_equal(failures, 0);
}

/* Every diagram in tests/good is read, and written back as its "# expect:"
 * line says (rows joined with '/'): the same board whatever the editor
 * added (a byte order mark, CRLF line ends). */
static void test_good_files(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/good", SEI_TESTS_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int files = 0, failures = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".board"))
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *text = slurp(path, &len);
        char want[700] = "", got[700] = "";
        const char *line = strstr(text, "# expect: ");
        if (!line || sscanf(line, "# expect: %600[^\r\n]", want) != 1) {
            printf("%s: no '# expect:' line\n", e->d_name);
            failures++;
        }
        for (char *c = want; *c; c++)
            if (*c == '/')
                *c = '\n';
        if (want[0])
            strcat(want, "\n");
        sei_board *b = NULL;
        uint8_t dead[SEI_MAX_POINTS];
        char err[256] = "";
        sei_status st = sei_boardfile_parse(text, len, &b, dead, err, sizeof err);
        if (st == SEI_OK)
            sei_boardfile_write(b, dead, got, sizeof got);
        if (st != SEI_OK || strcmp(got, want)) {
            printf("%s: got status %d (%s), board\n%s; expected\n%s", e->d_name, st, err, got, want);
            failures++;
        }
        sei_board_destroy(b);
        free(text);
        files++;
    }
    closedir(d);
    assert_true(files >= 3);
    assert_int_equal(failures, 0);
}

static void test_round_trip(void **state)
{
    (void)state;
    const char *text = "# a comment\n"
                       "X O . x\n"
                       ". O . o\r\n"
                       "\n"
                       "+ X . o\n"
                       ". . X .\n";
    sei_board *b;
    uint8_t dead[SEI_MAX_POINTS];
    char err[200], out[256];
    assert_int_equal(sei_boardfile_parse(text, strlen(text), &b, dead, err, sizeof err), SEI_OK);
    assert_int_equal(b->size, 4);
    assert_int_equal(b->color[sei_board_point(b, 3, 0)], SEI_BLACK);
    assert_true(dead[sei_board_point(b, 3, 0)]);
    assert_false(dead[sei_board_point(b, 1, 1)]);
    sei_boardfile_write(b, dead, out, sizeof out);
    assert_string_equal(out, "XO.x\n.O.o\n.X.o\n..X.\n");
    /* Too small a buffer reports the size it needs. */
    assert_int_equal(sei_boardfile_write(b, dead, out, 5), 21);
    sei_board_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_good_files),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
