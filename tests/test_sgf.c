/* test_sgf.c - the SGF reader and writer: round trips, escapes, compressed
 * point lists, variations, passes, Fox's komi, RU names, charsets, refusals
 * of malformed files with their line and column, replay oddities, writing a
 * counted game; and every .sgf file of the shared sets (every set under ../shared/sgf,
 * read at run time, never copied here) parsed, replayed and written back.
 *
 * The shared directory comes from the environment variable SEI_SHARED, else
 * the compile definition SEI_SHARED_DIR; when it cannot be read the corpus
 * test is skipped with a message. */
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

#include "shared.h"

#include "board.h"
#include "rules.h"
#include "score.h"
#include "sgf.h"

static double fabs_(double v) { return v < 0 ? -v : v; }

/* ---- helpers ------------------------------------------------------------------- */

static sei_sgf *parse_ok(const char *text)
{
    sei_sgf *s = sei_sgf_create();
    assert_non_null(s);
    sei_status st = sei_sgf_parse(s, text, strlen(text));
    if (st != SEI_OK)
        fail_msg("parse failed: %s\n  input: %s", sei_sgf_errmsg(s), text);
    return s;
}

static sei_status parse_str(sei_sgf *s, const char *t) { return sei_sgf_parse(s, t, strlen(t)); }

/* parse -> write -> parse, and the two trees must be equal. Returns the
 * written text (caller frees). */
static char *round_trip(sei_sgf *s)
{
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(sei_sgf_write(s, &out, &len), SEI_OK);
    assert_int_equal(strlen(out), len);
    sei_sgf *t = sei_sgf_create();
    assert_non_null(t);
    if (sei_sgf_parse(t, out, len) != SEI_OK)
        fail_msg("re-parse failed: %s\n%s", sei_sgf_errmsg(t), out);
    char why[256];
    if (!sei_sgf_equal(s, t, why, sizeof why))
        fail_msg("round trip differs: %s\n%s", why, out);
    sei_sgf_destroy(t);
    return out;
}

/* ---- parsing ------------------------------------------------------------------- */

static void test_round_trip(void **state)
{
    (void)state;
    const char *text =
        "junk before\n(;GM[1]FF[4]SZ[19]KM[6.5]PB[Black \\] player]C[two\\\\slashes and a\\\n soft break]\n"
        "XX[unknown][two values]AddBlack[dd][pp]\n"
        ";B[pd];W[dp](;B[qq]C[main])(;B[cc];W[dd](;B[ee])(;B[ff]))(;B[];W[tt]))"
        "(;GM[1]SZ[9];B[ee])trailing junk";
    sei_sgf *s = parse_ok(text);
    assert_int_equal(sei_sgf_games(s), 2);
    int root = sei_sgf_root(s, 0);
    assert_string_equal(sei_sgf_get(s, root, "PB"), "Black ] player");
    assert_string_equal(sei_sgf_get(s, root, "C"), "two\\slashes and a soft break");
    int xx = sei_sgf_find(s, root, "XX");
    assert_true(xx >= 0);
    assert_int_equal(sei_sgf_prop_values(s, root, xx), 2);
    assert_string_equal(sei_sgf_prop_value(s, root, xx, 1, NULL), "two values");
    /* FF[3] lowercase ids: kept as written, found by their capitals. */
    int ab = sei_sgf_find(s, root, "AB");
    assert_true(ab >= 0);
    assert_string_equal(sei_sgf_prop_id(s, root, ab), "AddBlack");
    /* A CA was added first, as the tree is now UTF-8. */
    assert_string_equal(sei_sgf_prop_id(s, root, 0), "CA");
    assert_string_equal(sei_sgf_get(s, root, "CA"), "UTF-8");
    char *out = round_trip(s);
    assert_non_null(strstr(out, "PB[Black \\] player]"));
    assert_non_null(strstr(out, "C[two\\\\slashes and a soft break]"));
    assert_non_null(strstr(out, "AddBlack[dd][pp]"));
    free(out);
    sei_sgf_destroy(s);
}

static void test_escapes(void **state)
{
    (void)state;
    sei_sgf *s = parse_ok("(;C[a\\]b\\\\c\\:d]N[line\\\r\nbreak]GC[real\nnewline])");
    int r = sei_sgf_root(s, 0);
    assert_string_equal(sei_sgf_get(s, r, "C"), "a]b\\c:d");
    assert_string_equal(sei_sgf_get(s, r, "N"), "linebreak");
    assert_string_equal(sei_sgf_get(s, r, "GC"), "real\nnewline");
    free(round_trip(s));
    sei_sgf_destroy(s);
    /* Some Fox exports lose the opening '(': a file starting with ';' is
     * read as if it were there; ';' after other text is not. */
    s = sei_sgf_create();
    assert_int_equal(parse_str(s, "\xEF\xBB\xBF\n;GM[1]KM[650];B[aa](;W[bb])(;W[cc]))"), SEI_OK);
    assert_int_equal(sei_sgf_children(s, sei_sgf_child(s, sei_sgf_root(s, 0))), 2);
    assert_int_equal(parse_str(s, "x;GM[1];B[aa])"), SEI_ERR_PARSE);
    sei_sgf_destroy(s);
    /* Whitespace between every token. */
    s = parse_ok(" ( \n ; GM [1] \t SZ\n[9]  ; B [aa] \r\n ( ; W [bb] ) ( ; W [cc] ) ) ");
    assert_int_equal(sei_sgf_children(s, sei_sgf_child(s, sei_sgf_root(s, 0))), 2);
    free(round_trip(s));
    sei_sgf_destroy(s);
}

static void test_compressed(void **state)
{
    (void)state;
    sei_sgf *s = parse_ok("(;SZ[9]AB[aa:cc][ee]AW[gh:fg]AE[ii];B[dd])");
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_int_equal(g.setup_n, 9 + 1 + 4 + 1);
    int black = 0, white = 0;
    for (int i = 0; i < g.setup_n; i++) {
        black += g.setup[i].color == SEI_BLACK;
        white += g.setup[i].color == SEI_WHITE;
        assert_int_equal(g.setup[i].before, 0);
    }
    assert_int_equal(black, 10);
    assert_int_equal(white, 4);
    sei_board *b = sei_board_create(9);
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, NULL), SEI_OK);
    assert_int_equal(b->color[sei_board_point(b, 1, 1)], SEI_BLACK);
    assert_int_equal(b->color[sei_board_point(b, 6, 7)], SEI_WHITE);
    assert_int_equal(b->color[sei_board_point(b, 5, 6)], SEI_WHITE);
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    free(round_trip(s));
    sei_sgf_destroy(s);
}

static void test_variations(void **state)
{
    (void)state;
    sei_sgf *s = parse_ok("(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd];W[ee]))(;B[ff]))");
    int r = sei_sgf_root(s, 0);
    assert_int_equal(sei_sgf_children(s, r), 2);
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    /* Main line: first child at each step. */
    assert_int_equal(g.moves_n, 3);
    assert_int_equal(g.moves[2].x, 2);
    assert_int_equal(g.moves[2].y, 2);
    sei_sgf_game_release(&g);
    char *out = round_trip(s);
    free(out);
    /* Deep variations: no recursion anywhere. */
    size_t n = 20000;
    char *deep = malloc(n * 8 + 16);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += (size_t)sprintf(deep + k, "(;B[aa]");
    for (size_t i = 0; i < n; i++)
        deep[k++] = ')';
    assert_int_equal(sei_sgf_parse(s, deep, k), SEI_OK);
    free(round_trip(s));
    free(deep);
    sei_sgf_destroy(s);
}

static void test_passes(void **state)
{
    (void)state;
    sei_sgf *s = parse_ok("(;SZ[19];B[];W[tt];B[aa])");
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_int_equal(g.moves_n, 3);
    assert_int_equal(g.moves[0].x, -1);
    assert_int_equal(g.moves[1].x, -1);
    assert_int_equal(g.moves[1].color, SEI_WHITE);
    assert_int_equal(g.moves[2].x, 0);
    sei_sgf_game_release(&g);
    /* On a 21 board, tt is a point. */
    assert_int_equal(parse_str(s, "(;SZ[21];B[tt])"), SEI_OK);
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_int_equal(g.moves[0].x, 19);
    sei_board *b = sei_board_create(21);
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, NULL), SEI_OK);
    assert_int_equal(b->color[sei_board_point(b, 19, 19)], SEI_BLACK);
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
}

static void test_komi(void **state)
{
    (void)state;
    static const struct {
        const char *km;
        double points;
        int x100, stones;
    } cases[] = {
        {"6.5", 6.5, 0, 0},    {"650", 6.5, 1, 0}, {"750", 7.5, 1, 0}, {"375", 7.5, 1, 1},
        {"325", 6.5, 1, 1},    {"275", 5.5, 1, 1}, {"0", 0, 0, 0},     {"0.50", 0.5, 0, 0},
        {"-3.5", -3.5, 0, 0},  {" 7.5 ", 7.5, 0, 0}, {"50", 50, 0, 0}, {"-650", -6.5, 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double p;
        int x, st;
        assert_int_equal(sei_sgf_komi(cases[i].km, &p, &x, &st), 0);
        assert_true(fabs_(p - cases[i].points) < 1e-9);
        assert_int_equal(x, cases[i].x100);
        assert_int_equal(st, cases[i].stones);
    }
    assert_int_equal(sei_sgf_komi("six", NULL, NULL, NULL), -1);
    assert_int_equal(sei_sgf_komi("", NULL, NULL, NULL), -1);

    /* Fox Chinese: komi and result in stones. */
    sei_sgf *s = parse_ok("(;GM[1]SZ[19]KM[375]RU[Chinese]RE[B+2.25];B[pd])");
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_true(fabs_(g.komi - 7.5) < 1e-9);
    assert_int_equal(g.komi_raw_x100, 1);
    assert_int_equal(g.result_in_stones, 1);
    assert_int_equal(g.winner, SEI_BLACK);
    assert_int_equal(g.result_how, '+');
    assert_true(fabs_(g.margin - 2.25) < 1e-9);
    assert_true(fabs_(g.margin_points - 4.5) < 1e-9);
    assert_string_equal(g.rules, "chinese");
    sei_sgf_game_release(&g);
    /* Fox Japanese: points. */
    assert_int_equal(parse_str(s, "(;KM[650]RU[Japanese]RE[W+11.5]HA[0])"), SEI_OK);
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_true(fabs_(g.komi - 6.5) < 1e-9);
    assert_int_equal(g.result_in_stones, 0);
    assert_int_equal(g.winner, SEI_WHITE);
    assert_true(fabs_(g.margin_points - 11.5) < 1e-9);
    sei_sgf_game_release(&g);
    /* Other results. */
    static const struct {
        const char *re;
        int winner;
        char how;
    } res[] = {{"B+R", SEI_BLACK, 'R'}, {"W+Resign", SEI_WHITE, 'R'}, {"W+T", SEI_WHITE, 'T'},
               {"0", SEI_EMPTY, 0},     {"Draw", SEI_EMPTY, 0},       {"Void", -1, 0},
               {"?", -1, 0},            {"B+F", SEI_BLACK, 'F'}};
    for (size_t i = 0; i < sizeof res / sizeof res[0]; i++) {
        char t[64];
        snprintf(t, sizeof t, "(;RE[%s])", res[i].re);
        assert_int_equal(sei_sgf_parse(s, t, strlen(t)), SEI_OK);
        assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
        assert_int_equal(g.winner, res[i].winner);
        assert_int_equal(g.result_how, res[i].how);
        sei_sgf_game_release(&g);
    }
    sei_sgf_destroy(s);
}

/* Dead stones as a count marks them: a stone under the other side's
 * territory mark, compressed lists too, a partly marked chain whole. */
static void test_dead_marks(void **state)
{
    (void)state;
    sei_sgf *s = parse_ok("(;GM[1]SZ[5]AB[aa][ba][cc][cd]AW[ee][ed]"
                          ";TW[aa:ba][cc]TB[ee][ab:bb])");
    sei_sgf_game g;
    memset(&g, 0, sizeof g);
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    sei_board *b = sei_board_create(5);
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, NULL), SEI_OK);
    uint8_t dead[SEI_MAX_POINTS];
    assert_int_equal(sei_sgf_dead_marks(s, g.last, b, dead), 1);
    int n = 0;
    for (int p = 0; p < SEI_MAX_POINTS; p++)
        n += dead[p];
    assert_int_equal(n, 6); /* aa ba; cc and cd (one chain, cc marked); ee ed (ee marked) */
    assert_true(dead[sei_board_point(b, 2, 3)] && dead[sei_board_point(b, 4, 3)]);
    assert_int_equal(sei_sgf_dead_marks(s, g.root, b, dead), 0);
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
    /* An empty TB[]: a count with no territory and no dead stones. */
    s = parse_ok("(;GM[1]SZ[5]AB[aa]AW[ee];TB[])");
    memset(&g, 0, sizeof g);
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    b = sei_board_create(5);
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, NULL), SEI_OK);
    assert_int_equal(sei_sgf_dead_marks(s, g.last, b, dead), 1);
    for (int p = 0; p < SEI_MAX_POINTS; p++)
        assert_int_equal(dead[p], 0);
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
}

/* KM and HA that no game was played with are refused with a message
 * naming them, never replaced by a default; KM[] and HA[] say nothing. */
static void test_komi_handicap_refused(void **state)
{
    (void)state;
    static const struct {
        const char *sgf, *says;
    } bad[] = {
        {"(;GM[1]SZ[9]KM[nan];B[ee])", "KM[nan]"},
        {"(;GM[1]SZ[9]KM[inf];B[ee])", "KM[inf]"},
        {"(;GM[1]SZ[9]KM[-Infinity];B[ee])", "KM[-Infinity]"},
        {"(;GM[1]SZ[9]KM[1e9];B[ee])", "KM[1e9]"},
        {"(;GM[1]SZ[9]KM[99];B[ee])", "more than the 81 points of the board"},
        {"(;GM[1]SZ[19]KM[6.3];B[ee])", "not in steps of 0.5 points"},
        {"(;GM[1]SZ[19]KM[seven];B[ee])", "KM[seven]"},
        {"(;GM[1]SZ[19]HA[-1];B[ee])", "HA[-1]"},
        {"(;GM[1]SZ[19]HA[2.5];B[ee])", "HA[2.5]"},
        {"(;GM[1]SZ[19]HA[many];B[ee])", "HA[many]"},
        {"(;GM[1]SZ[9]HA[81];B[ee])", "HA[81]"},
        {"(;GM[1]SZ[19]HA[50];B[ee])", "but the record places 0"},
        {"(;GM[1]SZ[19]HA[12]AB[aa:ak];W[ss])", "but the record places 11"},
        /* Given twice with different values: which one counts is unknown. */
        {"(;GM[1]SZ[9]KM[6.5]KM[7.5];B[ee])", "KM[6.5] and KM[7.5]"},
        {"(;GM[1]SZ[9]KM[6.5];B[ee];W[cc]KM[0.5])", "KM[6.5] and KM[0.5]"},
        {"(;GM[1]SZ[9]HA[2]AB[cc][gg];HA[3]W[ee])", "HA[2] and HA[3]"},
        {"(;GM[1]SZ[9];SZ[13]B[ee])", "SZ[9] and SZ[13]"},
        {"(;GM[1]SZ[9]RU[Japanese];RU[Chinese]B[ee])", "RU[Japanese] and RU[Chinese]"},
        /* One node setting one point to two things. */
        {"(;GM[1]SZ[9]AB[cc][ee]AW[ee])", "ee: one node sets this point to two things"},
        {"(;GM[1]SZ[9]AB[aa:cc]AE[bb])", "bb: one node sets this point to two things"},
    };
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game g;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(parse_str(s, bad[i].sgf), SEI_OK);
        memset(&g, 0, sizeof g);
        sei_status st = sei_sgf_game_get(s, 0, &g);
        if (st != SEI_ERR_PARSE || !strstr(sei_sgf_errmsg(s), bad[i].says))
            fail_msg("%s: status %d, '%s' (want a refusal saying %s)", bad[i].sgf, st, sei_sgf_errmsg(s), bad[i].says);
        sei_sgf_game_release(&g);
    }
    static const struct {
        const char *sgf;
        double komi;
        int given, handicap;
    } good[] = {
        {"(;GM[1]SZ[9]KM[];HA[];B[ee])", 0, 0, 0},
        {"(;GM[1]SZ[9]KM[ 5.5 ]HA[1];B[ee])", 5.5, 1, 1},
        {"(;GM[1]SZ[19]KM[-81]HA[9];B[ee])", -81, 1, 9},
        {"(;GM[1]SZ[19]KM[0.5]HA[12]AB[aa:al];W[ss])", 0.5, 1, 12},
        {"(;GM[1]SZ[19]KM[375]RU[Chinese])", 7.5, 1, 0},
        /* The same value twice is no conflict; nor is a later node
         * changing a point an earlier one set. */
        {"(;GM[1]SZ[9]KM[6.5]AB[ee];KM[6.50]AW[ee]B[cc])", 6.5, 1, 0},
        {"(;GM[1]SZ[9]AB[ee]AB[ee]KM[0.5])", 0.5, 1, 0},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        assert_int_equal(parse_str(s, good[i].sgf), SEI_OK);
        if (sei_sgf_game_get(s, 0, &g) != SEI_OK)
            fail_msg("%s refused: %s", good[i].sgf, sei_sgf_errmsg(s));
        assert_true(fabs_(g.komi - good[i].komi) < 1e-9);
        assert_int_equal(g.komi_given, good[i].given);
        assert_int_equal(g.handicap, good[i].handicap);
        sei_sgf_game_release(&g);
    }
    sei_sgf_destroy(s);
}

static void test_rules_names(void **state)
{
    (void)state;
    static const char *const map[][2] = {
        {"Chinese", "chinese"},     {"chinese", "chinese"},         {"CN", "chinese"},
        {"Japanese", "japanese"},   {"JP", "japanese"},             {"japanese rules", "japanese"},
        {"Korean", "korean"},       {"AGA", "aga"},                 {"aga", "aga"},
        {"GOE", "ing"},             {"Ing", "ing"},                 {"NZ", "nz"},
        {"New Zealand", "nz"},      {"Tromp/Taylor", "tromp-taylor"}, {"TT--", "tromp-taylor"},
        {"tromp-taylor", "tromp-taylor"}, {"\xe4\xb8\xad\xe5\x9b\xbd", "chinese"},
        {"Bizarre", ""},            {"", ""},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        const char *got = sei_sgf_rules_preset(map[i][0]);
        if (strcmp(got, map[i][1]))
            fail_msg("RU[%s] -> '%s', expected '%s'", map[i][0], got, map[i][1]);
        if (*got) {
            sei_rules r;
            assert_int_equal(sei_rules_preset(&r, got), 0);
        }
    }
    /* Every preset written as RU reads back as itself. */
    for (const char *name = sei_rules_preset_names(); *name;) {
        char preset[32];
        size_t n = strcspn(name, " ");
        snprintf(preset, sizeof preset, "%.*s", (int)n, name);
        name += n + (name[n] == ' ');
        assert_string_equal(sei_sgf_rules_preset(sei_sgf_rules_name(preset)), preset);
    }
    sei_sgf *s = parse_ok("(;RU[Bizarre])");
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_string_equal(g.rules, "");
    assert_string_equal(g.rules_raw, "Bizarre");
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
}

static void test_charsets(void **state)
{
    (void)state;
    /* 柯洁 in GBK, with CA, without CA (guessed as GB18030), and labelled
     * GB2312 (read as its superset). */
    const char *ke_jie = "\xe6\x9f\xaf\xe6\xb4\x81";
    const char *inputs[] = {
        "(;CA[GBK]PB[\xbf\xc2\xbd\xe0]C[\xbf\xc2])",
        "(;PB[\xbf\xc2\xbd\xe0]C[\xbf\xc2])",
        "(;CA[gb2312]PB[\xbf\xc2\xbd\xe0]C[\xbf\xc2])",
    };
    for (int i = 0; i < 3; i++) {
        sei_sgf *s = parse_ok(inputs[i]);
        sei_sgf_game g;
        assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
        assert_string_equal(g.black, ke_jie);
        assert_int_equal(sei_sgf_bad_bytes(s, 0), 0);
        sei_sgf_game_release(&g);
        assert_string_equal(sei_sgf_get(s, sei_sgf_root(s, 0), "CA"), "UTF-8");
        char *out = round_trip(s);
        assert_non_null(strstr(out, ke_jie));
        assert_non_null(strstr(out, "CA[UTF-8]"));
        free(out);
        sei_sgf_destroy(s);
    }
    /* Big5 and Shift_JIS by CA. */
    sei_sgf *s = parse_ok("(;CA[Big5]PW[\xa7\xf5\xa9\xf7\xc2\xee]GN[x])");
    assert_string_equal(sei_sgf_get(s, sei_sgf_root(s, 0), "PW"), "\xe6\x9d\x8e\xe6\x98\x8c\xe9\x8e\xac");
    assert_int_equal(parse_str(s, "(;CA[Shift_JIS]EV[\x88\xcd\x8c\xe9])"), SEI_OK);
    assert_string_equal(sei_sgf_get(s, sei_sgf_root(s, 0), "EV"), "\xe5\x9b\xb2\xe7\xa2\x81");
    /* Valid UTF-8 with a few bytes lost (as in Fox's exports): kept, the
     * lost bytes replaced, never read as GB18030. */
    const char *fox = "(;GN[\xe9\xa6\x96\xe5\xb1\x8a\xe8\x85\xbe\xe8\xae\xaf\xe9\x87\x8e\xe7\x8b?\xe6?\xaf])";
    assert_int_equal(sei_sgf_parse(s, fox, strlen(fox)), SEI_OK);
    assert_string_equal(sei_sgf_charset(s, 0), "UTF-8 (repaired)");
    assert_true(sei_sgf_bad_bytes(s, 0) > 0);
    assert_non_null(strstr(sei_sgf_get(s, sei_sgf_root(s, 0), "GN"), "\xe9\xa6\x96\xe5\xb1\x8a"));
    /* Bytes that are neither, without CA: FF[4]'s ISO-8859-1 (Windows'
     * letters in its control range), never a failure. */
    const char *junk = "(;C[\xff\xfe\x80 x])";
    assert_int_equal(sei_sgf_parse(s, junk, strlen(junk)), SEI_OK);
    assert_string_equal(sei_sgf_get(s, sei_sgf_root(s, 0), "C"), "\xc3\xbf\xc3\xbe\xe2\x82\xac x");
    /* Bytes that are not text in the charset CA names: replaced. */
    const char *bad_utf8 = "(;CA[UTF-8]C[\xff\xfe x])";
    assert_int_equal(sei_sgf_parse(s, bad_utf8, strlen(bad_utf8)), SEI_OK);
    assert_string_equal(sei_sgf_get(s, sei_sgf_root(s, 0), "C"), "\xef\xbf\xbd\xef\xbf\xbd x");
    /* An unknown CA: the text is taken as UTF-8. */
    assert_int_equal(parse_str(s, "(;CA[no-such-charset]C[\xc3\xa9])"), SEI_OK);
    assert_string_equal(sei_sgf_get(s, sei_sgf_root(s, 0), "C"), "\xc3\xa9");
    sei_sgf_destroy(s);
}

/* Without CA: UTF-8 first, then an East Asian charset only on clear
 * evidence (two characters or more of its script, nothing else, not glued
 * to Latin letters), else ISO-8859-1 as FF[4] says. Each case: the raw
 * bytes, the charset it must be read as, and the text of C. */
static void test_charset_guess(void **state)
{
    (void)state;
    static const struct {
        const char *c, *charset, *text;
    } cases[] = {
        /* Latin-1, as FF[4] files without CA are */
        {"caf\xe9 cr\xe9\xe9 par M\xfcller, h\xf6rru", "ISO-8859-1", "caf\xc3\xa9 cr\xc3\xa9\xc3\xa9 par M\xc3\xbcller, h\xc3\xb6rru"},
        /* "créé" alone is two bytes GB2312 would also take: one character is no evidence */
        {"Fichier SGF cr\xe9\xe9 par TurboGo", "ISO-8859-1", "Fichier SGF cr\xc3\xa9\xc3\xa9 par TurboGo"},
        {"cr\xe9\xe9" "e et cr\xe9\xe9" "e", "ISO-8859-1", "cr\xc3\xa9\xc3\xa9" "e et cr\xc3\xa9\xc3\xa9" "e"},
        {"\xbf\xc2", "ISO-8859-1", "\xc2\xbf\xc3\x82"},
        /* Windows' quotes in Latin-1's control range */
        {"don\x92t", "windows-1252", "don\xe2\x80\x99t"},
        /* UTF-8 first */
        {"cr\xc3\xa9\xc3\xa9 par", "UTF-8", "cr\xc3\xa9\xc3\xa9 par"},
        /* Chinese (GB18030): 古力 第一局 黑中盘胜 */
        {"\xb9\xc5\xc1\xa6 \xb5\xda\xd2\xbb\xbe\xd6 \xba\xda\xd6\xd0\xc5\xcc\xca\xa4", "GB18030",
         "\xe5\x8f\xa4\xe5\x8a\x9b \xe7\xac\xac\xe4\xb8\x80\xe5\xb1\x80 \xe9\xbb\x91\xe4\xb8\xad\xe7\x9b\x98\xe8\x83\x9c"},
        /* Japanese (Shift_JIS): 囲碁の対局 本因坊 */
        {"\x88\xcd\x8c\xe9\x82\xcc\x91\xce\x8b\xc7 \x96\x7b\x88\xf6\x96\x56", "Shift_JIS",
         "\xe5\x9b\xb2\xe7\xa2\x81\xe3\x81\xae\xe5\xaf\xbe\xe5\xb1\x80 \xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a"},
        /* Korean (EUC-KR): 이세돌 박정환 흑 승 */
        {"\xc0\xcc\xbc\xbc\xb5\xb9 \xb9\xda\xc1\xa4\xc8\xaf \xc8\xe6 \xbd\xc2", "EUC-KR",
         "\xec\x9d\xb4\xec\x84\xb8\xeb\x8f\x8c \xeb\xb0\x95\xec\xa0\x95\xed\x99\x98 \xed\x9d\x91 \xec\x8a\xb9"},
    };
    sei_sgf *s = sei_sgf_create();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[400];
        snprintf(text, sizeof text, "(;GM[1]C[%s])", cases[i].c);
        assert_int_equal(parse_str(s, text), SEI_OK);
        const char *got = sei_sgf_get(s, sei_sgf_root(s, 0), "C");
        if (strcmp(sei_sgf_charset(s, 0), cases[i].charset) || strcmp(got, cases[i].text))
            fail_msg("case %zu: read as %s: '%s' (want %s: '%s')", i, sei_sgf_charset(s, 0), got, cases[i].charset,
                     cases[i].text);
        assert_int_equal(sei_sgf_bad_bytes(s, 0), 0);
    }
    sei_sgf_destroy(s);
    /* Real files without CA, of the shared sets (read there, never copied). */
    const char *shared = sei_test_shared_dir();
    if (!shared) {
        printf("SKIP (shared files): no shared data\n");
        return;
    }
    static const struct {
        const char *file, *has;
    } files[] = {
        {"gnugo-regression-games/egc2001__tg-gg.sgf", "Fichier SGF cr\xc3\xa9\xc3\xa9 par TurboGo"},
        {"gnugo-regression-games/nicklas__nicklas12.sgf", "h\xc3\xb6rru gnugo"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/sgf/%s", shared, files[i].file);
        size_t len;
        char *buf = sei_test_read_file(path, &len);
        if (!buf) {
            printf("SKIP: cannot read %s (shared data absent)\n", path);
            continue;
        }
        s = sei_sgf_create();
        assert_int_equal(sei_sgf_parse(s, buf, len), SEI_OK);
        free(buf);
        assert_string_equal(sei_sgf_charset(s, 0), "ISO-8859-1");
        char *out = NULL;
        assert_int_equal(sei_sgf_write(s, &out, NULL), SEI_OK);
        if (!strstr(out, files[i].has))
            fail_msg("%s: no '%s' in what was read", files[i].file, files[i].has);
        free(out);
        sei_sgf_destroy(s);
    }
}

static void test_malformed(void **state)
{
    (void)state;
    static const struct {
        const char *text, *expect;
    } bad[] = {
        {"", "byte 0 (line 1, column 1): no game tree"},
        {"no tree here", "no game tree"},
        {"(;B[aa]", "byte 7 (line 1, column 8): end of file inside a game tree"},
        {"(;B[aa", "byte 3 (line 1, column 4): unclosed property value"},
        {"(\n;GM[1]\nC[abc", "byte 10 (line 3, column 2): unclosed property value"},
        {"(;C[ends with escape\\", "unclosed property value"},
        {"(B[aa])", "byte 1 (line 1, column 2): property B outside a node"},
        {"()", "byte 1 (line 1, column 2): empty game tree"},
        {"((;B[aa]))", "byte 1 (line 1, column 2): '(' where a node"},
        {"(;B)", "byte 2 (line 1, column 3): property B has no value"},
        {"(;B;W[aa])", "property B has no value"},
        {"(;b[aa])", "property id 'b' has no uppercase letter"},
        {"(;B[aa]!)", "byte 7 (line 1, column 8): unexpected '!' between properties"},
        {"(;B[aa]\x01)", "unexpected byte 0x01"},
        {"(;GM[1];B[aa]\n\n  [bb]\n ; W[cc] 5)", "line 4, column 10): unexpected '5' between properties"},
        {"(;AbcdefghijklmnopqrstuvwxyzAbcdefghijklmnopqrstuvwxyzAbcdefghijklmnopqrstuvwxyz[1])",
         "property id of 78 letters"},
        {"(;B[aa])\n(;W[bb]", "the '(' at byte 9, line 2, is never closed"},
    };
    sei_sgf *s = sei_sgf_create();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sei_status st = sei_sgf_parse(s, bad[i].text, strlen(bad[i].text));
        if (st != SEI_ERR_PARSE)
            fail_msg("input %zu accepted: %s", i, bad[i].text);
        if (!strstr(sei_sgf_errmsg(s), bad[i].expect))
            fail_msg("input %zu: message '%s' lacks '%s'", i, sei_sgf_errmsg(s), bad[i].expect);
        assert_int_equal(sei_sgf_games(s), 0);
    }
    /* Nesting beyond the limit is refused, not a stack overflow. */
    size_t n = SEI_SGF_MAX_DEPTH + 5;
    char *deep = malloc(n * 2 + 1);
    for (size_t i = 0; i < n; i++) {
        deep[2 * i] = '(';
        deep[2 * i + 1] = ';';
    }
    assert_int_equal(sei_sgf_parse(s, deep, n * 2), SEI_ERR_PARSE);
    assert_non_null(strstr(sei_sgf_errmsg(s), "nested more than"));
    free(deep);
    /* Games the view refuses while the tree is fine. */
    static const struct {
        const char *text, *expect;
    } refuse[] = {
        {"(;SZ[26])", "SZ[26]: board sizes 2 to 25 only"},
        {"(;SZ[1])", "board sizes 2 to 25 only"},
        {"(;SZ[19:13])", "rectangular"},
        {"(;SZ[big])", "not a board size"},
        {"(;GM[2])", "not a game of Go"},
    };
    for (size_t i = 0; i < sizeof refuse / sizeof refuse[0]; i++) {
        assert_int_equal(sei_sgf_parse(s, refuse[i].text, strlen(refuse[i].text)), SEI_OK);
        sei_sgf_game g;
        assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_ERR_PARSE);
        if (!strstr(sei_sgf_errmsg(s), refuse[i].expect))
            fail_msg("%s: message '%s' lacks '%s'", refuse[i].text, sei_sgf_errmsg(s), refuse[i].expect);
        sei_sgf_game_release(&g);
    }
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 5, &g), SEI_ERR_ARG);
    sei_sgf_destroy(s);
    sei_sgf_destroy(NULL);
    sei_sgf_game_release(NULL);
}

/* ---- replay ----------------------------------------------------------------------- */

static void test_replay(void **state)
{
    (void)state;
    /* 5x5: White's stone at bb is captured (1 prisoner for Black); then an
     * occupied point and a ko retake, both reported, the replay going on. */
    const char *text = "(;SZ[5]HA[2]AB[aa][ee]PL[W]"
                       ";W[bb];B[ba];W[cc];B[ab];W[dd];B[cb];W[de];B[bc]" /* bb captured */
                       ";W[aa]"                                           /* occupied */
                       ";B[ed])";
    sei_sgf *s = parse_ok(text);
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_int_equal(g.handicap, 2);
    assert_int_equal(g.to_move_first, SEI_WHITE);
    assert_int_equal(g.moves_n, 10);
    sei_board *b = sei_board_create(5);
    sei_sgf_replay_info info;
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, &info), SEI_OK);
    assert_int_equal(b->handicap, 2);
    assert_int_equal(b->prisoners[SEI_BLACK], 1);
    assert_int_equal(b->color[sei_board_point(b, 1, 1)], SEI_EMPTY);
    assert_int_equal(info.oddities, 1);
    assert_int_equal(info.first_odd, 9);
    assert_int_equal(info.played, 9);
    assert_non_null(strstr(sei_sgf_errmsg(s), "1 move not played as recorded; first: move 9 (W[aa])"));
    assert_int_equal(b->color[sei_board_point(b, 4, 3)], SEI_BLACK);
    /* Partial replay. */
    assert_int_equal(sei_sgf_replay(s, &g, 1, b, &info), SEI_OK);
    assert_int_equal(b->color[sei_board_point(b, 1, 1)], SEI_WHITE);
    assert_int_equal(info.played, 1);
    sei_sgf_game_release(&g);
    sei_board_destroy(b);

    /* AE in mid-game lifts a stone (the board is rebuilt around it). */
    const char *ae = "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];B[bb];W[dd];AE[dd];B[ee])";
    assert_int_equal(sei_sgf_parse(s, ae, strlen(ae)), SEI_OK);
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    assert_int_equal(g.setup[g.setup_n - 1].before, 2);
    b = sei_board_create(5);
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, &info), SEI_OK);
    assert_int_equal(b->color[sei_board_point(b, 3, 3)], SEI_EMPTY);
    assert_int_equal(info.setup_fixes, 1);
    assert_int_equal(info.oddities, 0);
    assert_int_equal(b->color[sei_board_point(b, 4, 4)], SEI_BLACK);
    assert_int_equal(b->color[sei_board_point(b, 1, 1)], SEI_BLACK);
    sei_sgf_game_release(&g);
    sei_board_destroy(b);
    sei_sgf_destroy(s);
}

static void test_ko_forced(void **state)
{
    (void)state;
    /* A ko on 5x5:  . B W . .    B at ba ab bc, W at ca db cc.
     *               B . . W .
     *               . B W . .
     * B plays cb (atari from W ca db cc: cb has liberty bb only).
     * W plays bb: captures cb (its last liberty), and bb itself has only
     * the liberty cb: a ko. B retaking cb at once is a ko violation. */
    const char *text = "(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb];W[ee])";
    sei_sgf *s = parse_ok(text);
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    sei_board *b = sei_board_create(5);
    sei_sgf_replay_info info;
    assert_int_equal(sei_sgf_replay(s, &g, -1, b, &info), SEI_OK);
    assert_int_equal(info.forced_ko, 1);
    assert_int_equal(info.oddities, 1);
    assert_int_equal(info.first_odd, 3);
    assert_int_equal(info.played, 4);
    assert_non_null(strstr(sei_sgf_errmsg(s), "retakes a ko"));
    assert_int_equal(b->color[sei_board_point(b, 2, 1)], SEI_BLACK);
    assert_int_equal(b->color[sei_board_point(b, 1, 1)], SEI_EMPTY);
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    sei_sgf_destroy(s);
}

/* ---- writing a game and a count ------------------------------------------------- */

static void test_write_game(void **state)
{
    (void)state;
    const char *text = "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Tromp/Taylor]PB[\xe6\x9f\xaf\xe6\xb4\x81]PW[W\\]hite]"
                       "DT[2024-01-02]AB[aa]"
                       ";B[cc];W[bb];AW[ee];B[cd];W[];B[])";
    sei_sgf *s = parse_ok(text);
    sei_sgf_game g;
    assert_int_equal(sei_sgf_game_get(s, 0, &g), SEI_OK);
    sei_sgf *w = sei_sgf_create();
    int root, last;
    assert_int_equal(sei_sgf_add_from_game(w, &g, &root, &last), SEI_OK);
    assert_string_equal(sei_sgf_get(w, root, "RU"), "Tromp-Taylor");
    assert_string_equal(sei_sgf_get(w, root, "KM"), "0.5");

    /* Count the final position and record it. */
    sei_board *b = sei_board_create(5);
    assert_int_equal(sei_sgf_replay(w, &g, -1, b, NULL), SEI_OK);
    sei_rules r;
    sei_rules_preset(&r, "chinese");
    r.komi = 0.5;
    uint8_t dead[SEI_MAX_POINTS] = {0};
    dead[sei_board_point(b, 1, 1)] = 1; /* White's bb and ee taken as dead */
    dead[sei_board_point(b, 4, 4)] = 1;
    sei_score *sc = calloc(1, sizeof *sc);
    assert_int_equal(sei_score_count(b, dead, &r, NULL, sc), SEI_OK);
    assert_int_equal(sei_sgf_set_score(w, last, b, sc), SEI_OK);
    assert_string_equal(sei_sgf_get(w, last, "RE"), sc->result);
    assert_true(sei_sgf_find(w, last, "TB") >= 0);
    const char *c = sei_sgf_get(w, last, "C");
    assert_non_null(c);
    assert_non_null(strstr(c, "Dead stones (2): bb ee"));

    /* Written and read back: the same tree and the same game. */
    char *out = round_trip(w);
    sei_sgf *t = parse_ok(out);
    sei_sgf_game h;
    assert_int_equal(sei_sgf_game_get(t, 0, &h), SEI_OK);
    assert_int_equal(h.size, 5);
    assert_true(h.komi == 0.5);
    assert_string_equal(h.rules, "tromp-taylor");
    assert_string_equal(h.black, g.black);
    assert_string_equal(h.white, "W]hite");
    assert_string_equal(h.result, sc->result);
    assert_int_equal(h.moves_n, g.moves_n);
    for (int i = 0; i < h.moves_n; i++) {
        assert_int_equal(h.moves[i].color, g.moves[i].color);
        assert_int_equal(h.moves[i].x, g.moves[i].x);
        assert_int_equal(h.moves[i].y, g.moves[i].y);
    }
    assert_int_equal(h.setup_n, g.setup_n);
    for (int i = 0; i < h.setup_n; i++) {
        assert_int_equal(h.setup[i].color, g.setup[i].color);
        assert_int_equal(h.setup[i].before, g.setup[i].before);
    }
    sei_sgf_game_release(&h);
    sei_sgf_destroy(t);
    free(out);
    free(sc);
    sei_board_destroy(b);
    sei_sgf_game_release(&g);
    sei_sgf_destroy(w);
    sei_sgf_destroy(s);
}

static void test_edit(void **state)
{
    (void)state;
    sei_sgf *s = sei_sgf_create();
    int r = sei_sgf_add_game(s);
    assert_true(r >= 0);
    assert_int_equal(sei_sgf_set(s, r, "SZ", "9"), SEI_OK);
    assert_int_equal(sei_sgf_set(s, r, "SZ", "13"), SEI_OK);
    assert_int_equal(sei_sgf_props(s, r), 1);
    assert_string_equal(sei_sgf_get(s, r, "SZ"), "13");
    assert_int_equal(sei_sgf_set(s, r, "b2", "x"), SEI_ERR_ARG);
    assert_int_equal(sei_sgf_set(s, r, "lower", "x"), SEI_ERR_ARG);
    int a = sei_sgf_add_child(s, r), b = sei_sgf_add_child(s, r);
    assert_int_equal(sei_sgf_set(s, a, "B", "aa"), SEI_OK);
    assert_int_equal(sei_sgf_set(s, b, "B", "bb"), SEI_OK);
    assert_int_equal(sei_sgf_remove(s, r, "SZ"), SEI_OK);
    assert_int_equal(sei_sgf_props(s, r), 0);
    char *out;
    assert_int_equal(sei_sgf_write(s, &out, NULL), SEI_OK);
    assert_non_null(strstr(out, "(;CA[UTF-8]\n(;B[aa])(;B[bb]))"));
    free(out);
    sei_sgf_destroy(s);
}

/* ---- the shared sets ------------------------------------------------------------------ */

static const char *shared_dir(void) { return sei_test_shared_dir(); }

static char *read_file(const char *path, size_t *len) { return sei_test_read_file(path, len); }

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Names in dir ending in suffix, sorted; n = -1 when dir cannot be read. */
static char **list_dir(const char *dir, const char *suffix, int *n)
{
    *n = -1;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = NULL;
    int cap = 0;
    *n = 0;
    size_t sl = strlen(suffix);
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || (sl && (l <= sl || strcmp(e->d_name + l - sl, suffix))))
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, (size_t)cap * sizeof *names);
            assert_non_null(names);
        }
        names[(*n)++] = strdup(e->d_name);
    }
    closedir(d);
    if (*n)
        qsort(names, (size_t)*n, sizeof *names, cmp_names);
    return names;
}

static void free_names(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

static int frac_is(double v, double f)
{
    double a = fabs_(v);
    return fabs_((a - (double)(long)a) - f) < 1e-6;
}

static void test_shared_corpora(void **state)
{
    (void)state;
    const char *shared = shared_dir();
    if (!shared) {
        printf("SKIP: no shared data: set SEI_SHARED or build with SEI_SHARED_DIR\n");
        skip();
        return;
    }
    char top[1200];
    snprintf(top, sizeof top, "%s/sgf", shared);
    int nsets;
    char **sets = list_dir(top, "", &nsets);
    if (nsets <= 0) {
        printf("SKIP: cannot read %s (shared data absent)\n", top);
        free_names(sets, nsets);
        skip();
        return;
    }
    int total_files = 0, total_fail = 0;
    sei_sgf *s = sei_sgf_create(), *t = sei_sgf_create();
    for (int si = 0; si < nsets; si++) {
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", top, sets[si]);
        int nf;
        char **files = list_dir(dir, ".sgf", &nf);
        if (nf <= 0) {
            free_names(files, nf);
            continue;
        }
        int fox = !strncmp(sets[si], "fox-", 4);
        int failures = 0, refused = 0, odd_files = 0, odd_moves = 0, repaired = 0, gb = 0;
        int fox_checked = 0, fox_bad = 0, games = 0;
        for (int fi = 0; fi < nf; fi++) {
            char path[1800];
            snprintf(path, sizeof path, "%s/%s", dir, files[fi]);
            size_t len;
            char *buf = read_file(path, &len);
            if (!buf) {
                printf("  %s: cannot read\n", path);
                failures++;
                continue;
            }
            if (sei_sgf_parse(s, buf, len) != SEI_OK) {
                printf("  FAIL parse %s/%s: %s\n", sets[si], files[fi], sei_sgf_errmsg(s));
                failures++;
                free(buf);
                continue;
            }
            free(buf);
            int bad = 0;
            for (int gi = 0; gi < sei_sgf_games(s); gi++) {
                sei_sgf_game g;
                games++;
                if (!strcmp(sei_sgf_charset(s, gi), "UTF-8 (repaired)"))
                    repaired++;
                if (!strcmp(sei_sgf_charset(s, gi), "GB18030"))
                    gb++;
                sei_status st = sei_sgf_game_get(s, gi, &g);
                if (st == SEI_ERR_PARSE) {
                    printf("  refused %s/%s game %d: %s\n", sets[si], files[fi], gi, sei_sgf_errmsg(s));
                    refused++;
                    continue;
                }
                if (st != SEI_OK) {
                    printf("  FAIL game %s/%s: %s\n", sets[si], files[fi], sei_sgf_errmsg(s));
                    bad = 1;
                    continue;
                }
                sei_board *b = sei_board_create(g.size);
                assert_non_null(b);
                sei_sgf_replay_info info;
                if (sei_sgf_replay(s, &g, -1, b, &info) != SEI_OK) {
                    printf("  FAIL replay %s/%s: %s\n", sets[si], files[fi], sei_sgf_errmsg(s));
                    bad = 1;
                } else if (info.oddities) {
                    odd_files++;
                    odd_moves += info.oddities;
                    printf("  odd %s/%s: %s\n", sets[si], files[fi], sei_sgf_errmsg(s));
                }
                /* A final position: the stones on the board are what the
                 * moves and setup leave, so at least some are there when
                 * anything was played. */
                int stones = 0;
                for (int y = 0; y < g.size; y++)
                    for (int x = 0; x < g.size; x++)
                        stones += b->color[sei_board_point(b, x, y)] != SEI_EMPTY;
                if (info.played > 0 && stones == 0 && g.moves_n > 2 * info.oddities + 10) {
                    printf("  FAIL %s/%s: empty final position after %d moves\n", sets[si], files[fi],
                           info.played);
                    bad = 1;
                }
                if (fox && g.result_how == '+') {
                    /* Fox: komi decoded to x.5 points; the margin, in points
                     * once stones are doubled, is x.5 as well. */
                    fox_checked++;
                    int ok = g.komi_raw_x100 && frac_is(g.komi, 0.5) && frac_is(g.margin_points, 0.5) &&
                             (g.result_in_stones ? (frac_is(g.margin, 0.25) || frac_is(g.margin, 0.75))
                                                 : frac_is(g.margin, 0.5)) &&
                             (g.result_in_stones == !strcmp(g.rules, "chinese"));
                    if (!ok) {
                        fox_bad++;
                        printf("  FAIL fox %s/%s: KM -> %g%s, RE[%s] -> %g points, rules %s\n", sets[si], files[fi],
                               g.komi, g.komi_in_stones ? " (stones)" : "", g.result, g.margin_points, g.rules);
                    }
                }
                sei_board_destroy(b);
                sei_sgf_game_release(&g);
            }
            /* Round trip. */
            char *out = NULL;
            size_t olen;
            if (sei_sgf_write(s, &out, &olen) != SEI_OK || sei_sgf_parse(t, out, olen) != SEI_OK) {
                printf("  FAIL write/re-read %s/%s: %s %s\n", sets[si], files[fi], sei_sgf_errmsg(s),
                       sei_sgf_errmsg(t));
                bad = 1;
            } else {
                char why[256];
                if (!sei_sgf_equal(s, t, why, sizeof why)) {
                    printf("  FAIL round trip %s/%s: %s\n", sets[si], files[fi], why);
                    bad = 1;
                }
            }
            free(out);
            failures += bad;
        }
        printf("sgf set %-26s files %4d games %4d failures %d refused %d replay oddities %d (in %d files)"
               " charset: %d GB18030, %d repaired UTF-8",
               sets[si], nf, games, failures, refused, odd_moves, odd_files, gb, repaired);
        if (fox)
            printf("; fox KM/RE checked %d, inconsistent %d", fox_checked, fox_bad);
        printf("\n");
        total_files += nf;
        total_fail += failures + fox_bad;
        free_names(files, nf);
    }
    free_names(sets, nsets);
    sei_sgf_destroy(s);
    sei_sgf_destroy(t);
    printf("sgf total: %d files, %d failures\n", total_files, total_fail);
    assert_int_equal(total_fail, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),  cmocka_unit_test(test_escapes),     cmocka_unit_test(test_compressed),
        cmocka_unit_test(test_variations),  cmocka_unit_test(test_passes),      cmocka_unit_test(test_komi),
        cmocka_unit_test(test_rules_names), cmocka_unit_test(test_charsets),    cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_replay),      cmocka_unit_test(test_ko_forced),   cmocka_unit_test(test_write_game),
        cmocka_unit_test(test_edit),        cmocka_unit_test(test_shared_corpora),
        cmocka_unit_test(test_dead_marks),   cmocka_unit_test(test_komi_handicap_refused),
        cmocka_unit_test(test_charset_guess),
    };
    return sei_test_exit(cmocka_run_group_tests(tests, NULL, NULL));
}
