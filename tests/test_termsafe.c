/* test_termsafe.c - the filter between the program and a terminal: each
 * case is the bytes printed and what the terminal must receive, checked
 * whole and fed one byte at a time (a character cut between two writes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "termsafe.h"

static const struct {
    const char *in, *out;
} cases[] = {
    {"plain text, tab\tand newline\n", "plain text, tab\tand newline\n"},
    {"\x1b[2J\x1b]0;title\x07", "\\x1b[2J\\x1b]0;title\\x07"},   /* clear screen, set the title, bell */
    {"line\rover", "line\\x0dover"},                            /* a carriage return rewrites the line */
    {"del\x7f", "del\\x7f"},
    {"M\xc3\xbcller \xe6\x9f\xaf\xe6\xb4\x81 \xec\x9d\xb4", "M\xc3\xbcller \xe6\x9f\xaf\xe6\xb4\x81 \xec\x9d\xb4"},
    {"csi \xc2\x9b" "31m", "csi \\u009b31m"},                     /* C1 CSI written as UTF-8 */
    {"nbsp \xc2\xa0 kept", "nbsp \xc2\xa0 kept"},
    {"raw \x9b" "31m", "raw \\x9b31m"},                           /* C1 CSI as a raw byte */
    {"latin1 caf\xe9!", "latin1 caf\\xe9!"},
    {"cut \xe6\x9f", "cut \\xe6\\x9f"},                           /* a character cut short at the end */
    {"broken \xe6(", "broken \\xe6("},
    {"overlong \xe0\x80\x80 \xc0\xaf", "overlong \\xe0\\x80\\x80 \\xc0\\xaf"},
    {"surrogate \xed\xa0\x80", "surrogate \\xed\\xa0\\x80"},
    {"emoji \xf0\x9f\x98\x80", "emoji \xf0\x9f\x98\x80"},
};

static void test_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[512];
        size_t n = strlen(cases[i].in);
        sei_term_state st = {0};
        size_t w = sei_term_escape(&st, cases[i].in, n, 1, out);
        out[w] = 0;
        if (strcmp(out, cases[i].out))
            fail_msg("case %zu: got '%s', want '%s'", i, out, cases[i].out);
        /* One byte a write. */
        sei_term_state st2 = {0};
        w = 0;
        for (size_t k = 0; k < n; k++)
            w += sei_term_escape(&st2, cases[i].in + k, 1, 0, out + w);
        w += sei_term_escape(&st2, "", 0, 1, out + w);
        out[w] = 0;
        if (strcmp(out, cases[i].out))
            fail_msg("case %zu byte by byte: got '%s', want '%s'", i, out, cases[i].out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
