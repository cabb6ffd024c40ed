/* test_record.c - the recorder (rules/record.h) on sequences of board
 * states as diagrams: each test is the states a camera would report, and
 * the moves and flags they must give. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "record.h"

/* A 9x9 state from nine rows of '.', 'X', 'O'. */
static void grid_of(const char *rows[9], uint8_t g[81])
{
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++)
            g[y * 9 + x] = rows[y][x] == 'X' ? SEI_BLACK : rows[y][x] == 'O' ? SEI_WHITE : SEI_EMPTY;
}

static sei_rec_update see(sei_recorder *r, const char *rows[9])
{
    uint8_t g[81];
    grid_of(rows, g);
    sei_rec_update u;
    assert_int_equal(sei_recorder_observe(r, g, 0, &u), SEI_OK);
    return u;
}

/* Move i as "B cd" (SGF letters) or "W pass". */
static void assert_move(sei_recorder *r, int i, const char *want)
{
    const sei_rec_move *m;
    int n = sei_recorder_moves(r, &m);
    assert_true(i < n);
    char got[16];
    const sei_board *b = sei_recorder_board(r);
    if (m[i].point == SEI_PASS)
        snprintf(got, sizeof got, "%c pass", m[i].color == SEI_BLACK ? 'B' : 'W');
    else
        snprintf(got, sizeof got, "%c %c%c", m[i].color == SEI_BLACK ? 'B' : 'W', 'a' + sei_board_x(b, m[i].point),
                 'a' + sei_board_y(b, m[i].point));
    assert_string_equal(got, want);
}

static int nmoves(sei_recorder *r)
{
    const sei_rec_move *m;
    return sei_recorder_moves(r, &m);
}

static void test_alternating(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *s0[9] = {".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s1[9] = {".........", ".........", "..X......", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s2[9] = {".........", ".........", "..X......", ".........", ".........", ".........", "......O..", ".........", "........."};
    assert_int_equal(see(r, s0).moves, 0);
    assert_int_equal(see(r, s1).moves, 1);
    assert_int_equal(see(r, s1).moves, 0); /* the same state again: nothing */
    assert_int_equal(see(r, s2).moves, 1);
    assert_move(r, 0, "B cc");
    assert_move(r, 1, "W gg");
    sei_recorder_destroy(r);
}

/* A capture: the captured stone is lifted a moment after the move. */
static void test_capture_lifted_late(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *s1[9] = {".X.......", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s2[9] = {".X.......", ".O.......", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s3[9] = {".X.......", "XO.......", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s4[9] = {".X.......", "XO.......", ".........", ".........", ".........", ".........", "......O..", ".........", "........."};
    const char *s5[9] = {".X.......", "XOX......", ".........", ".........", ".........", ".........", "......O..", ".........", "........."};
    const char *s6[9] = {".X.......", "XOX......", ".........", ".........", ".........", ".........", "......OO.", ".........", "........."};
    /* White's bb has one liberty left, bc: Black takes it there. */
    const char *s7[9] = {".X.......", "XOX......", ".X.......", ".........", ".........", ".........", "......OO.", ".........", "........."};
    const char *s8[9] = {".X.......", "X.X......", ".X.......", ".........", ".........", ".........", "......OO.", ".........", "........."};
    see(r, s1);
    see(r, s2);
    see(r, s3);
    see(r, s4);
    see(r, s5);
    see(r, s6);
    sei_rec_update u = see(r, s7); /* the capturing move, the captured stone still there */
    assert_int_equal(u.moves, 1);
    assert_true(u.flags & SEI_REC_LATE);
    assert_move(r, 6, "B bc");
    assert_int_equal(nmoves(r), 7);
    u = see(r, s8); /* lifted */
    assert_int_equal(u.moves, 0);
    assert_int_equal(u.flags, 0);
    const sei_rec_move *m;
    sei_recorder_moves(r, &m);
    assert_int_equal(m[6].captures, 1);
    sei_recorder_destroy(r);
}

/* Fast play: two moves between two stable states, in the order the
 * capture forces. */
static void test_two_moves_at_once(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    /* Three moves, B W B, seen at once (a long occlusion). */
    const char *t1[9] = {".........", ".........", "..X......", ".........", ".........", ".........", "......O..", "......X..", "........."};
    sei_rec_update u = see(r, t1);
    assert_int_equal(u.moves, 3);
    assert_int_equal(u.flags & SEI_REC_TWICE, 0);
    const sei_rec_move *m;
    assert_int_equal(sei_recorder_moves(r, &m), 3);
    assert_int_equal(m[0].color, SEI_BLACK);
    assert_int_equal(m[1].color, SEI_WHITE);
    assert_int_equal(m[2].color, SEI_BLACK);
    sei_recorder_destroy(r);

    /* A capture fixes the order. Black has ba, ab, cb around bb; White
     * plays bb, Black takes it at bc, White plays gg, all while the camera
     * was covered, and bb is not lifted yet. W gg first would leave W bb
     * last, a suicide: the only legal order is W bb, B bc, W gg. */
    r = sei_recorder_create(9, NULL);
    const char *p1[9] = {".X.......", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *p2[9] = {".X.......", ".........", ".........", ".........", ".........", ".........", ".........", "........O", "........."};
    const char *p3[9] = {".X.......", "X........", ".........", ".........", ".........", ".........", ".........", "........O", "........."};
    const char *p4[9] = {".X.......", "X........", ".........", ".........", ".........", ".........", ".........", "........O", "........O"};
    const char *p5[9] = {".X.......", "X.X......", ".........", ".........", ".........", ".........", ".........", "........O", "........O"};
    see(r, p1);
    see(r, p2);
    see(r, p3);
    see(r, p4);
    see(r, p5);
    assert_int_equal(nmoves(r), 5);
    const char *q[9] = {".X.......", "XOX......", ".X.......", ".........", ".........", ".........", "......O..", "........O", "........O"};
    u = see(r, q);
    assert_int_equal(u.moves, 3);
    assert_move(r, 5, "W bb");
    assert_move(r, 6, "B bc");
    assert_move(r, 7, "W gg");
    sei_recorder_moves(r, &m);
    assert_int_equal(m[6].captures, 1);
    assert_true(u.flags & SEI_REC_LATE);
    sei_recorder_destroy(r);
}

static void test_same_colour_twice(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *s1[9] = {".........", ".........", "..X......", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s2[9] = {".........", ".........", "..X......", ".........", ".........", ".........", "......X..", ".........", "........."};
    see(r, s1);
    sei_rec_update u = see(r, s2);
    assert_int_equal(u.moves, 1);
    assert_true(u.flags & SEI_REC_TWICE);
    assert_move(r, 1, "B gg");
    sei_recorder_destroy(r);
}

/* A ko: White takes, Black retakes at once (void, the turn lost), then
 * takes the stone off again. */
static void test_ko_recapture_void(void **state)
{
    (void)state;
    /* Black at cb, bc, cd and dc; White at db, ec, dd; then White takes
     * the ko at cc. */
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *m1[9] = {".........", "..X......", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *m2[9] = {".........", "..XO.....", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *m3[9] = {".........", "..XO.....", ".X.......", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *m4[9] = {".........", "..XO.....", ".X..O....", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *m5[9] = {".........", "..XO.....", ".X..O....", "..X......", ".........", ".........", ".........", ".........", "........."};
    const char *m6[9] = {".........", "..XO.....", ".X..O....", "..XO.....", ".........", ".........", ".........", ".........", "........."};
    const char *m7[9] = {".........", "..XO.....", ".X.XO....", "..XO.....", ".........", ".........", ".........", ".........", "........."};
    /* White takes the ko at cc: the black stone at dc is captured. */
    const char *m8[9] = {".........", "..XO.....", ".XO.O....", "..XO.....", ".........", ".........", ".........", ".........", "........."};
    /* Black retakes at once at dc: forbidden. */
    const char *m9[9] = {".........", "..XO.....", ".XOXO....", "..XO.....", ".........", ".........", ".........", ".........", "........."};
    const char *m10[9] = {".........", "..XO.....", ".XO.O....", "..XO.....", ".........", ".........", ".........", ".........", "........."};
    const char *m11[9] = {".........", "..XO.....", ".XO.O....", "..XO.....", ".........", ".........", "......X..", ".........", "........."};
    see(r, m1);
    see(r, m2);
    see(r, m3);
    see(r, m4);
    see(r, m5);
    see(r, m6);
    see(r, m7);
    sei_rec_update u = see(r, m8);
    assert_int_equal(u.moves, 1);
    assert_move(r, 7, "W cc");
    u = see(r, m9);
    assert_int_equal(u.moves, 1);
    assert_true(u.flags & SEI_REC_VOID);
    assert_true(u.flags & SEI_REC_KO);
    assert_move(r, 8, "B pass");
    /* The void stone is still there: nothing new until it goes. */
    u = see(r, m9);
    assert_int_equal(u.moves, 0);
    u = see(r, m10);
    assert_int_equal(u.moves, 0);
    /* Black's turn was lost, so White is to play: a black stone now is
     * Black playing twice. */
    u = see(r, m11);
    assert_true(u.flags & SEI_REC_TWICE);
    sei_recorder_destroy(r);
}

static void test_takeback_and_moved(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *s1[9] = {".........", ".........", "..X......", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s2[9] = {".........", ".........", "..X......", ".........", ".........", ".........", "......O..", ".........", "........."};
    const char *s2x[9] = {".........", ".........", "...X.....", ".........", ".........", ".........", "......O..", ".........", "........."};
    see(r, s1);
    see(r, s2);
    /* White's stone lifted: back to after move 1, a take-back. */
    sei_rec_update u = see(r, s1);
    assert_true(u.flags & SEI_REC_UNDO);
    assert_int_equal(u.undone, 1);
    assert_int_equal(nmoves(r), 1);
    see(r, s2);
    assert_int_equal(nmoves(r), 2);
    /* Black's stone slid a point: moved, nothing recorded. */
    u = see(r, s2x);
    assert_true(u.flags & SEI_REC_MOVED);
    assert_int_equal(u.moves, 0);
    assert_int_equal(nmoves(r), 2);
    u = see(r, s2);
    assert_int_equal(u.flags, 0);
    /* Every stone swept off: the empty board is the position before the
     * first move, so this reads as taking both back. */
    const char *swept[9] = {".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    see(r, swept);
    assert_int_equal(nmoves(r), 0);
    /* A board knocked about: stones where nothing could put them. */
    see(r, s2);
    const char *knocked[9] = {"XXXXOOOO.", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    u = see(r, knocked);
    assert_true(u.flags & SEI_REC_DISTURBED);
    assert_int_equal(nmoves(r), 2);
    sei_recorder_destroy(r);
}

/* Black takes two white stones, left a moment on the board; White lifts
 * them and plays back into the gap while nobody looks. That state alone
 * reads as the stones not yet lifted; Black's next move explains it: White
 * played there, then Black (not Black twice). */
static void test_played_on_captured_point(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *seq[][9] = {
        {"..X......", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."},
        {"O.X......", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."},
        {"O.X......", "X........", ".........", ".........", ".........", ".........", ".........", ".........", "........."},
        {"OOX......", "X........", ".........", ".........", ".........", ".........", ".........", ".........", "........."},
        /* B bb takes both; they stay a moment */
        {"OOX......", "XX.......", ".........", ".........", ".........", ".........", ".........", ".........", "........."},
        /* W again at aa, ba lifted */
        {"O.X......", "XX.......", ".........", ".........", ".........", ".........", ".........", ".........", "........."},
        /* B gg */
        {"O.X......", "XX.......", ".........", ".........", ".........", ".........", "......X..", ".........", "........."},
    };
    for (int i = 0; i < 5; i++)
        see(r, seq[i]);
    assert_int_equal(nmoves(r), 5);
    sei_rec_update u = see(r, seq[5]);
    assert_int_equal(u.moves, 0);
    u = see(r, seq[6]);
    assert_int_equal(u.moves, 2);
    assert_int_equal(u.flags & SEI_REC_TWICE, 0);
    assert_move(r, 5, "W aa");
    assert_move(r, 6, "B gg");
    sei_recorder_destroy(r);
}

/* An even game whose first stone is White's (some players take White's
 * bowl first): no flag, White just moves first. */
static void test_white_first(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *s1[9] = {".........", ".O.......", ".........", ".........", ".........", ".........", ".........", ".........", "........."};
    const char *s2[9] = {".........", ".O.......", ".........", ".........", ".........", "......X..", ".........", ".........", "........."};
    sei_rec_update u = see(r, s1);
    assert_int_equal(u.moves, 1);
    assert_int_equal(u.flags, 0);
    u = see(r, s2);
    assert_int_equal(u.flags, 0);
    assert_move(r, 0, "W bb");
    assert_move(r, 1, "B gf");
    sei_recorder_destroy(r);
}

static void test_handicap(void **state)
{
    (void)state;
    sei_recorder *r = sei_recorder_create(9, NULL);
    const char *h[9] = {".........", ".........", "..X...X..", ".........", ".........", ".........", "..X...X..", ".........", "........."};
    uint8_t g[81];
    grid_of(h, g);
    assert_int_equal(sei_recorder_setup(r, g), SEI_OK);
    assert_int_equal(sei_recorder_handicap(r), 4);
    const char *s1[9] = {".........", ".........", "..X...X..", ".........", "....O....", ".........", "..X...X..", ".........", "........."};
    sei_rec_update u = see(r, s1);
    assert_int_equal(u.moves, 1);
    assert_int_equal(u.flags & SEI_REC_TWICE, 0);
    assert_move(r, 0, "W ee");
    sei_recorder_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alternating),       cmocka_unit_test(test_capture_lifted_late),
        cmocka_unit_test(test_two_moves_at_once), cmocka_unit_test(test_same_colour_twice),
        cmocka_unit_test(test_ko_recapture_void), cmocka_unit_test(test_takeback_and_moved),
        cmocka_unit_test(test_played_on_captured_point),
        cmocka_unit_test(test_white_first),       cmocka_unit_test(test_handicap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
