/* test_opengotha.c - OpenGotha's tournament file: a file made here in
 * OpenGotha's format (tests/opengotha/club-open.xml: players with accented,
 * German, Korean and multi-word names, games of two rounds with every kind
 * of result) read as written, written back unchanged byte for byte, and
 * written with results set so that only those attributes change; damaged
 * and hostile files refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "opengotha.h"
#include "textbuf.h"

#define CLUB SEI_TESTS_DIR "/opengotha/club-open.xml"

static char *slurp(const char *path, size_t *len)
{
    char msg[200];
    char *t = sei_file_read(path, 1 << 20, len, msg, sizeof msg);
    if (!t)
        fail_msg("%s", msg);
    return t;
}

/* Replace the first occurrence of from in *text by to. */
static void replace(char **text, const char *from, const char *to)
{
    char *at = strstr(*text, from);
    if (!at)
        fail_msg("'%s' not in the file", from);
    size_t a = (size_t)(at - *text), nf = strlen(from), nt = strlen(to), n = strlen(*text);
    char *o = malloc(n - nf + nt + 1);
    assert_non_null(o);
    memcpy(o, *text, a);
    memcpy(o + a, to, nt);
    memcpy(o + a + nt, at + nf, n - a - nf + 1);
    free(*text);
    *text = o;
}

static void test_read(void **state)
{
    (void)state;
    sei_og *og = sei_og_create();
    if (sei_og_read(og, CLUB))
        fail_msg("%s", sei_og_errmsg(og));
    assert_string_equal(sei_og_name(og), "Club Open 2026");
    assert_int_equal(sei_og_rounds(og), 4); /* the parameters' four, though two are paired */
    assert_int_equal(sei_og_player_count(og), 6);
    assert_int_equal(sei_og_game_count(og), 6);
    sei_og_player p;
    assert_int_equal(sei_og_player_get(og, 0, &p), 0);
    assert_string_equal(p.name, "Müller");
    assert_string_equal(p.key, "MÜLLERJÖRG");
    assert_string_equal(p.egf_pin, "11112222");
    assert_int_equal(sei_og_player_get(og, 1, &p), 0);
    assert_string_equal(p.key, "STRASSEANNA");
    assert_int_equal(sei_og_player_get(og, 3, &p), 0);
    assert_string_equal(p.key, "DELACRUZMARYANN");
    assert_string_equal(p.aga_id, "24680");
    assert_int_equal(sei_og_player_get(og, 6, &p), -1);

    /* Every game names two players of the file, by OpenGotha's keys. */
    static const struct {
        int round, table, black, white, handicap;
        sei_og_outcome outcome;
        int by_default;
    } want[] = {
        {1, 1, 1, 0, 0, SEI_OG_WHITE_WINS, 0}, {1, 2, 3, 2, 3, SEI_OG_BLACK_WINS, 1},
        {1, 3, 5, 4, 2, SEI_OG_EQUAL, 0},      {2, 1, 4, 0, 0, SEI_OG_UNKNOWN, 0},
        {2, 2, 5, 1, 0, SEI_OG_UNKNOWN, 0},    {2, 3, 3, 2, 0, SEI_OG_UNKNOWN, 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int k = sei_og_find_game(og, want[i].round, want[i].table);
        assert_true(k >= 0);
        sei_og_game g;
        assert_int_equal(sei_og_game_get(og, k, &g), 0);
        assert_int_equal(g.black, want[i].black);
        assert_int_equal(g.white, want[i].white);
        assert_int_equal(g.handicap, want[i].handicap);
        assert_int_equal(g.outcome, want[i].outcome);
        assert_int_equal(g.by_default, want[i].by_default);
    }
    assert_int_equal(sei_og_find_game(og, 2, 4), -1);
    assert_int_equal(sei_og_find_game(og, 3, 1), -1);
    sei_og_destroy(og);
    sei_og_destroy(NULL);
}

static void test_write_back(void **state)
{
    (void)state;
    size_t flen;
    char *file = slurp(CLUB, &flen);
    sei_og *og = sei_og_create();
    assert_int_equal(sei_og_read(og, CLUB), 0);

    /* Nothing set: the very same bytes. */
    char *out;
    size_t len;
    assert_int_equal(sei_og_write_memory(og, &out, &len), 0);
    assert_int_equal(len, flen);
    assert_memory_equal(out, file, flen);
    free(out);

    /* Three results from Seichi's own spelling; only their attributes
     * change (a game without one gains it). */
    static const struct {
        int round, table;
        const char *result;
    } set[] = {{2, 1, "B+R"}, {2, 2, "W+3.5"}, {2, 3, "B+F"}};
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        int d;
        sei_og_outcome o = sei_og_outcome_from_result(set[i].result, &d);
        if (sei_og_set_result(og, set[i].round, set[i].table, o, d))
            fail_msg("%s", sei_og_errmsg(og));
    }
    assert_int_equal(sei_og_set_result(og, 2, 9, SEI_OG_BLACK_WINS, 0), -1);
    assert_non_null(strstr(sei_og_errmsg(og), "round 2 has no game at table 9"));
    assert_int_equal(sei_og_write_memory(og, &out, &len), 0);
    replace(&file, "result=\"RESULT_UNKNOWN\" roundNumber=\"2\" tableNumber=\"1\"",
            "result=\"RESULT_BLACKWINS\" roundNumber=\"2\" tableNumber=\"1\"");
    replace(&file, "result=\"RESULT_UNKNOWN\" roundNumber=\"2\" tableNumber=\"2\"",
            "result=\"RESULT_WHITEWINS\" roundNumber=\"2\" tableNumber=\"2\"");
    replace(&file, "tableNumber=\"3\" whitePlayer=\"이서연\"/>\n</Games>",
            "tableNumber=\"3\" whitePlayer=\"이서연\" result=\"RESULT_BLACKWINS_BYDEF\"/>\n</Games>");
    assert_string_equal(out, file);

    /* Read back, the results are there. */
    sei_og *back = sei_og_create();
    assert_int_equal(sei_og_read_memory(back, out, len), 0);
    sei_og_game g;
    assert_int_equal(sei_og_game_get(back, sei_og_find_game(back, 2, 3), &g), 0);
    assert_int_equal(g.outcome, SEI_OG_BLACK_WINS);
    assert_int_equal(g.by_default, 1);
    sei_og_destroy(back);
    free(out);
    free(file);
    sei_og_destroy(og);
}

static void test_outcomes(void **state)
{
    (void)state;
    static const struct {
        const char *result;
        sei_og_outcome outcome;
        int by_default;
    } t[] = {
        {"B+6.5", SEI_OG_BLACK_WINS, 0}, {"W+R", SEI_OG_WHITE_WINS, 0}, {"W+T", SEI_OG_WHITE_WINS, 0},
        {"W+F", SEI_OG_WHITE_WINS, 1},   {"0", SEI_OG_EQUAL, 0},        {"Void", SEI_OG_UNKNOWN, 0},
        {"", SEI_OG_UNKNOWN, 0},         {"B+", SEI_OG_UNKNOWN, 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        int d = -1;
        assert_int_equal(sei_og_outcome_from_result(t[i].result, &d), t[i].outcome);
        assert_int_equal(d, t[i].by_default);
    }
}

static void test_refused(void **state)
{
    (void)state;
    static const struct {
        const char *xml, *says;
    } bad[] = {
        {"not xml at all", "not a readable XML file"},
        {"<Tournament><Players>", "not a readable XML file"},
        {"<?xml version=\"1.0\"?><Results/>", "root element is Results, not Tournament"},
        {"<?xml version=\"1.0\"?><!DOCTYPE Tournament [<!ENTITY a \"aaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>"
         "<Tournament><Players><Player name=\"&b;\" firstName=\"x\"/></Players></Tournament>",
         "document type (DOCTYPE)"},
        {"<!DOCTYPE Tournament [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><Tournament><Players><Player name=\"&x;\" "
         "firstName=\"x\"/></Players></Tournament>",
         "references external entity"},
        {"<Tournament><Players><Player name=\"A\" firstName=\"B\"/><Player name=\"a b\" firstName=\"\"/></Players>"
         "</Tournament>",
         "two players are both a b"},
        {"<Tournament><Games><Game blackPlayer=\"X\" whitePlayer=\"Y\" roundNumber=\"1\" tableNumber=\"2\"/>"
         "<Game blackPlayer=\"Z\" whitePlayer=\"W\" roundNumber=\"1\" tableNumber=\"2\"/></Games></Tournament>",
         "line 1: two games at table 2 of round 1"},
        {"<Tournament><Games><Game roundNumber=\"one\" tableNumber=\"2\"/></Games></Tournament>",
         "roundNumber is no round"},
        {"<Tournament><Games><Game roundNumber=\"1\" tableNumber=\"-4\"/></Games></Tournament>", "tableNumber is no table"},
        {"<Tournament><Games><Game roundNumber=\"1\" tableNumber=\"1\" result=\"B+R\"/></Games></Tournament>",
         "result 'B+R' OpenGotha does not write"},
        {"<Tournament><Games><Game roundNumber=\"1\" tableNumber=\"1\" handicap=\"12\"/></Games></Tournament>",
         "handicap is not 0 to 9"},
        {"<Tournament><Players><Player name=\"\" firstName=\"\"/></Players></Tournament>", "a player with no name"},
    };
    sei_og *og = sei_og_create();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (sei_og_read_memory(og, bad[i].xml, strlen(bad[i].xml)) != -1 || !strstr(sei_og_errmsg(og), bad[i].says))
            fail_msg("%s: '%s' (want a refusal saying %s)", bad[i].xml, sei_og_errmsg(og), bad[i].says);
        /* Nothing of a refused file is kept. */
        assert_int_equal(sei_og_player_count(og), 0);
        assert_int_equal(sei_og_game_count(og), 0);
    }
    assert_int_equal(sei_og_read(og, SEI_TESTS_DIR "/opengotha/missing.xml"), -1);
    sei_og_destroy(og);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_write_back),
        cmocka_unit_test(test_outcomes),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
