/* test_board.c - moves, captures, suicide per rule set, ko and superko,
 * undo and handicap placement. Positions are written as diagrams. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "board.h"
#include "boardfile.h"
#include "rules.h"

static sei_board *diagram(const char *text)
{
    sei_board *b = NULL;
    uint8_t dead[SEI_MAX_POINTS];
    char err[200];
    assert_int_equal(sei_boardfile_parse(text, strlen(text), &b, dead, err, sizeof err), SEI_OK);
    return b;
}

/* The diagram's stones placed under rules r with `to_move` to play, so the
 * superko history holds the start with the right player to move. */
static sei_board *setup(const char *text, const sei_rules *r, int to_move)
{
    sei_board *src = diagram(text), *b = sei_board_create(src->size);
    sei_rules_apply(r, b);
    sei_board_clear(b);
    b->to_move = to_move;
    for (int p = 0; p < SEI_MAX_POINTS; p++)
        if (src->color[p] == SEI_BLACK || src->color[p] == SEI_WHITE)
            assert_int_equal(sei_board_place(b, src->color[p], p), SEI_OK);
    sei_board_destroy(src);
    return b;
}

static int at(sei_board *b, const char *name) { return sei_board_parse_point(b, name); }

static void test_capture_and_prisoners(void **state)
{
    (void)state;
    sei_board *b = diagram(".X...\n"
                           "XO...\n"
                           ".X...\n"
                           ".....\n"
                           ".....\n");
    /* White O at B4 has one liberty left at C4. */
    assert_int_equal(sei_board_chain_liberties(b, at(b, "B4")), 1);
    assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "C4")), SEI_OK);
    assert_int_equal(b->color[at(b, "B4")], SEI_EMPTY);
    assert_int_equal(b->prisoners[SEI_BLACK], 1);
    assert_int_equal(b->to_move, SEI_WHITE);
    /* Undo puts the stone back and the prisoner too. */
    assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(b->color[at(b, "B4")], SEI_WHITE);
    assert_int_equal(b->color[at(b, "C4")], SEI_EMPTY);
    assert_int_equal(b->prisoners[SEI_BLACK], 0);
    sei_board_destroy(b);
}

static void test_multi_chain_capture(void **state)
{
    (void)state;
    /* Black A4 takes the last liberty of three white chains at once. */
    sei_board *b = diagram("OX...\n"
                           ".OX..\n"
                           "OX...\n"
                           "X....\n"
                           ".....\n");
    assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "A4")), SEI_OK);
    assert_int_equal(b->color[at(b, "A5")], SEI_EMPTY);
    assert_int_equal(b->color[at(b, "B4")], SEI_EMPTY);
    assert_int_equal(b->color[at(b, "A3")], SEI_EMPTY);
    assert_int_equal(b->prisoners[SEI_BLACK], 3);
    assert_int_equal(b->ko, 0); /* three stones taken: no ko */
    assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(b->color[at(b, "B4")], SEI_WHITE);
    assert_int_equal(b->color[at(b, "A4")], SEI_EMPTY);
    sei_board_destroy(b);
}

static void test_suicide_per_rules(void **state)
{
    (void)state;
    const char *pos = ".X...\n"
                      "X....\n"
                      ".....\n"
                      ".....\n"
                      ".....\n";
    const char *multi = "OX...\n"
                        ".X...\n"
                        "XX...\n"
                        ".....\n"
                        ".....\n";
    /* Under Tromp-Taylor a single-stone suicide is legal as suicide but
     * leaves the board as it was, which positional superko forbids. */
    const struct { const char *rules; sei_status single, many; } want[] = {
        {"chinese", SEI_ERR_SUICIDE, SEI_ERR_SUICIDE},
        {"japanese", SEI_ERR_SUICIDE, SEI_ERR_SUICIDE},
        {"ing", SEI_ERR_SUICIDE, SEI_OK},
        {"nz", SEI_OK, SEI_OK},
        {"tromp-taylor", SEI_ERR_SUPERKO, SEI_OK},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        sei_rules r;
        assert_int_equal(sei_rules_preset(&r, want[i].rules), 0);
        sei_board *b = setup(pos, &r, SEI_WHITE);
        assert_int_equal(sei_board_play(b, SEI_WHITE, at(b, "A5")), want[i].single);
        if (want[i].single == SEI_OK) {
            assert_int_equal(b->color[at(b, "A5")], SEI_EMPTY); /* the stone came off */
            assert_int_equal(b->prisoners[SEI_BLACK], 1);
        }
        sei_board_destroy(b);

        /* White fills its own last liberty at A4: two stones die. */
        b = setup(multi, &r, SEI_WHITE);
        assert_int_equal(sei_board_play(b, SEI_WHITE, at(b, "A4")), want[i].many);
        if (want[i].many == SEI_OK) {
            assert_int_equal(b->color[at(b, "A5")], SEI_EMPTY);
            assert_int_equal(b->color[at(b, "A4")], SEI_EMPTY);
            assert_int_equal(b->prisoners[SEI_BLACK], 2);
            assert_int_equal(sei_board_undo(b), SEI_OK);
            assert_int_equal(b->color[at(b, "A5")], SEI_WHITE);
            assert_int_equal(b->color[at(b, "A4")], SEI_EMPTY);
            assert_int_equal(b->prisoners[SEI_BLACK], 0);
        }
        sei_board_destroy(b);
    }
}

static void test_simple_ko(void **state)
{
    (void)state;
    sei_board *b = diagram(".....\n"
                           ".XO..\n"
                           "X.XO.\n"
                           ".XO..\n"
                           ".....\n");
    /* White takes at B3, Black may not retake at C3 at once. */
    assert_int_equal(sei_board_play(b, SEI_WHITE, at(b, "B3")), SEI_OK);
    assert_int_equal(b->color[at(b, "C3")], SEI_EMPTY);
    assert_int_equal(sei_board_check(b, SEI_BLACK, at(b, "C3")), SEI_ERR_KO);
    assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "C3")), SEI_ERR_KO);
    assert_non_null(strstr(sei_board_errmsg(b), "ko"));
    /* After a ko threat and answer the retake is fine. */
    assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "E5")), SEI_OK);
    assert_int_equal(sei_board_play(b, SEI_WHITE, at(b, "E1")), SEI_OK);
    assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "C3")), SEI_OK);
    assert_int_equal(b->color[at(b, "B3")], SEI_EMPTY);
    /* Undoing the retake restores the ko ban. */
    assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(sei_board_check(b, SEI_BLACK, at(b, "C3")), SEI_ERR_KO);
    sei_board_destroy(b);
}

/* Taking one stone with a lone stone that is left in atari sets a ko;
 * taking two stones never does. */
static void test_ko_only_for_single_captures(void **state)
{
    (void)state;
    sei_board *b = diagram(".XO..\n"
                           "XOO..\n"
                           ".XO..\n"
                           "XO...\n"
                           ".....\n");
    assert_int_equal(sei_board_play(b, SEI_WHITE, at(b, "A5")), SEI_OK);
    assert_int_equal(b->color[at(b, "B5")], SEI_EMPTY);
    assert_int_equal(b->ko, at(b, "B5"));
    sei_board_destroy(b);

    b = diagram("OO...\n"
                "XX...\n"
                ".....\n"
                ".....\n"
                ".....\n");
    assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "C5")), SEI_OK);
    assert_int_equal(b->prisoners[SEI_BLACK], 2);
    assert_int_equal(b->ko, 0);
    /* White may play straight back into the hole. */
    assert_int_equal(sei_board_check(b, SEI_WHITE, at(b, "B5")), SEI_OK);
    sei_board_destroy(b);
}

/* Superko on a ko shape. S0 is the start; White takes the ko (S1), both
 * pass, and Black retakes, which recreates S0 with White to move.
 * - If S0 was also seen with White to move (Black passed first), the retake
 *   repeats a situation: both superko rules forbid it.
 * - If S0 was seen only with Black to move, only positional superko
 *   forbids it: the two rules differ.
 * Simple ko allows both, since the passes lifted the ko ban. */
static void test_superko(void **state)
{
    (void)state;
    const char *pos = ".....\n"
                      ".XO..\n"
                      "X.XO.\n"
                      ".XO..\n"
                      ".....\n";
    const struct { sei_ko_rule ko; int black_passes_first; sei_status want; } cases[] = {
        {SEI_KO_SIMPLE, 1, SEI_OK},
        {SEI_KO_POSITIONAL, 1, SEI_ERR_SUPERKO},
        {SEI_KO_SITUATIONAL, 1, SEI_ERR_SUPERKO},
        {SEI_KO_SIMPLE, 0, SEI_OK},
        {SEI_KO_POSITIONAL, 0, SEI_ERR_SUPERKO},
        {SEI_KO_SITUATIONAL, 0, SEI_OK},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* The ko rule is set before the history is recorded: the two
         * superko rules keep different keys. */
        sei_rules r;
        sei_rules_preset(&r, "chinese");
        r.ko = cases[i].ko;
        sei_board *b = setup(pos, &r, SEI_BLACK);
        if (cases[i].black_passes_first)
            assert_int_equal(sei_board_play(b, SEI_BLACK, SEI_PASS), SEI_OK);
        assert_int_equal(sei_board_play(b, SEI_WHITE, at(b, "B3")), SEI_OK);
        assert_int_equal(b->color[at(b, "C3")], SEI_EMPTY);
        assert_int_equal(sei_board_play(b, SEI_BLACK, SEI_PASS), SEI_OK);
        assert_int_equal(sei_board_play(b, SEI_WHITE, SEI_PASS), SEI_OK);
        assert_int_equal(sei_board_check(b, SEI_BLACK, at(b, "C3")), cases[i].want);
        assert_int_equal(sei_board_play(b, SEI_BLACK, at(b, "C3")), cases[i].want);
        if (cases[i].want == SEI_ERR_SUPERKO)
            assert_non_null(strstr(sei_board_errmsg(b), "superko"));
        sei_board_destroy(b);
    }
}

static void test_handicap_fixed(void **state)
{
    (void)state;
    struct { int size, n; const char *points[9]; } cases[] = {
        {19, 2, {"Q16", "D4"}},
        {19, 5, {"Q16", "D4", "Q4", "D16", "K10"}},
        {19, 9, {"Q16", "D4", "Q4", "D16", "D10", "Q10", "K16", "K4", "K10"}},
        {13, 4, {"K10", "D4", "K4", "D10"}},
        {9, 3, {"G7", "C3", "G3"}},
        /* Other sizes as GTP places them: 3-3 points below 13x13. */
        {11, 2, {"J9", "C3"}},
        {7, 4, {"E5", "C3", "E3", "C5"}},
        {8, 4, {"F6", "C3", "F3", "C6"}},
        {25, 9, {"W22", "D4", "W4", "D22", "D13", "W13", "N22", "N4", "N13"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sei_board *b = sei_board_create(cases[i].size);
        assert_int_equal(sei_board_handicap_fixed(b, cases[i].n), SEI_OK);
        int stones = 0;
        for (int p = 0; p < SEI_MAX_POINTS; p++)
            stones += b->color[p] == SEI_BLACK;
        assert_int_equal(stones, cases[i].n);
        for (int k = 0; k < cases[i].n; k++)
            assert_int_equal(b->color[at(b, cases[i].points[k])], SEI_BLACK);
        assert_int_equal(b->handicap, cases[i].n);
        assert_int_equal(b->to_move, SEI_WHITE);
        sei_board_destroy(b);
    }
    sei_board *b = sei_board_create(9);
    assert_int_equal(sei_board_handicap_fixed(b, 10), SEI_ERR_ARG);
    assert_int_equal(sei_board_handicap_fixed(b, 7), SEI_OK);
    assert_int_equal(b->color[at(b, "E5")], SEI_BLACK); /* odd counts take the centre */
    sei_board_destroy(b);
    /* No middle line on an even board, no room on 7x7, no star points below. */
    int refused[][2] = {{8, 5}, {7, 5}, {6, 2}, {2, 2}};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        b = sei_board_create(refused[i][0]);
        assert_int_equal(sei_board_handicap_fixed(b, refused[i][1]), SEI_ERR_ARG);
        assert_non_null(strstr(sei_board_errmsg(b), "fixed handicap"));
        sei_board_destroy(b);
    }
}

static void test_handicap_free_and_undo(void **state)
{
    (void)state;
    sei_board *b = sei_board_create(19);
    int pts[3] = {at(b, "C3"), at(b, "R17"), at(b, "K10")};
    assert_int_equal(sei_board_handicap_free(b, pts, 3), SEI_OK);
    assert_int_equal(b->handicap, 3);
    assert_int_equal(b->to_move, SEI_WHITE);
    /* A point twice is refused and nothing is left half placed. */
    sei_board *c = sei_board_create(19);
    int twice[2] = {at(c, "C3"), at(c, "C3")};
    assert_int_equal(sei_board_handicap_free(c, twice, 2), SEI_ERR_OCCUPIED);
    assert_int_equal(c->color[at(c, "C3")], SEI_EMPTY);
    assert_int_equal(c->handicap, 0);
    sei_board_destroy(c);
    for (int i = 0; i < 3; i++)
        assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(b->handicap, 0);
    assert_int_equal(b->to_move, SEI_BLACK);
    assert_int_equal(sei_board_undo(b), SEI_ERR_ARG);
    sei_board_destroy(b);
}

static void test_sizes_side_by_side(void **state)
{
    (void)state;
    assert_null(sei_board_create(1));
    assert_null(sei_board_create(26));
    sei_board *small = sei_board_create(2), *big = sei_board_create(25), *nine = sei_board_create(9);
    assert_non_null(small);
    assert_non_null(big);
    assert_int_equal(sei_board_play(big, SEI_BLACK, at(big, "Z25")), SEI_OK);
    assert_int_equal(sei_board_play(nine, SEI_BLACK, at(nine, "J9")), SEI_OK);
    assert_int_equal(at(nine, "K9"), 0); /* off a 9x9 board */
    assert_int_equal(sei_board_play(small, SEI_BLACK, at(small, "A1")), SEI_OK);
    assert_int_equal(sei_board_play(small, SEI_WHITE, at(small, "B2")), SEI_OK);
    assert_int_equal(sei_board_play(small, SEI_BLACK, at(small, "A2")), SEI_OK);
    /* White B1 takes the last liberty of A1-A2 on the 2x2 board. */
    assert_int_equal(sei_board_chain_size(small, at(small, "A1")), 2);
    assert_int_equal(sei_board_play(small, SEI_WHITE, at(small, "B1")), SEI_OK);
    assert_int_equal(small->color[at(small, "A1")], SEI_EMPTY); /* captured */
    sei_board_destroy(NULL);
    sei_board_destroy(small);
    sei_board_destroy(big);
    sei_board_destroy(nine);
}

static void test_points_and_pass(void **state)
{
    (void)state;
    sei_board *b = sei_board_create(19);
    char buf[8];
    assert_int_equal(at(b, "pass"), SEI_PASS);
    assert_int_equal(at(b, "dd"), sei_board_point(b, 3, 3));
    assert_int_equal(at(b, "D16"), sei_board_point(b, 3, 3));
    assert_int_equal(at(b, "T1"), sei_board_point(b, 18, 18));
    assert_int_equal(at(b, "I5"), 0);
    assert_int_equal(at(b, "A20"), 0);
    assert_string_equal(sei_board_point_name(b, sei_board_point(b, 8, 0), buf, sizeof buf), "J19");
    assert_int_equal(sei_board_play(b, SEI_BLACK, SEI_PASS), SEI_OK);
    assert_int_equal(b->passes[SEI_BLACK], 1);
    assert_int_equal(b->to_move, SEI_WHITE);
    assert_int_equal(sei_board_play(b, SEI_WHITE, SEI_RESIGN), SEI_ERR_ARG);
    assert_int_equal(sei_board_undo(b), SEI_OK);
    assert_int_equal(b->passes[SEI_BLACK], 0);
    assert_int_equal(b->to_move, SEI_BLACK);
    sei_board_destroy(b);
}

/* Stepping through the presets (the kiosk's rules buttons) goes round. */
static void test_preset_step(void **state)
{
    (void)state;
    assert_string_equal(sei_rules_preset_step("chinese", 1), "japanese");
    assert_string_equal(sei_rules_preset_step("chinese", -1), "tromp-taylor");
    assert_string_equal(sei_rules_preset_step("tromp-taylor", 1), "chinese");
    assert_string_equal(sei_rules_preset_step("nonsense", 1), "japanese");
    const char *name = "aga";
    for (int i = 0; i < 7; i++)
        name = sei_rules_preset_step(name, 1);
    assert_string_equal(name, "aga");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture_and_prisoners),
        cmocka_unit_test(test_multi_chain_capture),
        cmocka_unit_test(test_suicide_per_rules),
        cmocka_unit_test(test_simple_ko),
        cmocka_unit_test(test_ko_only_for_single_captures),
        cmocka_unit_test(test_superko),
        cmocka_unit_test(test_handicap_fixed),
        cmocka_unit_test(test_handicap_free_and_undo),
        cmocka_unit_test(test_sizes_side_by_side),
        cmocka_unit_test(test_points_and_pass),
        cmocka_unit_test(test_preset_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
