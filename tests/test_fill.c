/* test_fill.c - Ing's fill checked on a filled board (sei_fill_check,
 * rules/score.c) without a camera: the count of tests/boards/ing-fill-b3
 * (B+3: Black 2 holes, White 1 stone over) against the true grids of the
 * rendered filled boards (the .json truths in images/fill), then the same grids with a
 * stone changed or a point emptied, and spares that do not add up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "boardfile.h"
#include "score.h"
#include "shared.h"

static sei_board *board;
static sei_score score;

/* The grid rows of a truth file ("grid": ["OX..", ...]) into g. */
static void truth_grid(const char *name, uint8_t *g)
{
    char path[512];
    snprintf(path, sizeof path, "%s/../images/fill/%s", SEI_TESTS_DIR, name);
    char *t = sei_test_read_text(path);
    assert_non_null(t);
    const char *p = strstr(t, "\"grid\"");
    assert_non_null(p);
    p = strchr(p + 1, '"'); /* the closing quote of "grid" */
    for (int y = 0; y < 19; y++) {
        p = strchr(p + 1, '"'); /* the opening quote of row y */
        assert_non_null(p);
        for (int x = 0; x < 19; x++)
            g[y * 19 + x] = p[1 + x] == 'X' ? SEI_BLACK : p[1 + x] == 'O' ? SEI_WHITE : SEI_EMPTY;
        p = strchr(p + 1, '"');
    }
    free(t);
}

static int setup(void **state)
{
    (void)state;
    char path[512], err[200];
    snprintf(path, sizeof path, "%s/boards/ing-fill-b3.board", SEI_TESTS_DIR);
    size_t len;
    char *text = sei_test_read_file(path, &len);
    uint8_t dead[SEI_MAX_POINTS];
    if (!text || sei_boardfile_parse(text, len, &board, dead, err, sizeof err) != SEI_OK)
        return -1;
    free(text);
    sei_rules r;
    sei_rules_preset(&r, "ing");
    return sei_score_count(board, dead, &r, NULL, &score) == SEI_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sei_board_destroy(board);
    return 0;
}

static void test_filled_right(void **state)
{
    (void)state;
    uint8_t g[361];
    truth_grid("filled-b3.json", g);
    sei_fill_report f;
    assert_int_equal(sei_fill_check(board, &score, g, 0, 1, &f), 0);
    assert_true(f.ok);
    assert_int_equal(f.bowl, 180);
    assert_int_equal(f.on_board[SEI_BLACK], 180);
    assert_int_equal(f.on_board[SEI_WHITE], 179);
    assert_int_equal(f.holes[SEI_BLACK], 2);
    assert_int_equal(f.holes[SEI_WHITE], 0);
    assert_int_equal(f.komi_stones, 4);
    assert_int_equal(f.fill_margin, 3); /* B+3, the count's margin */
    assert_int_equal(f.changed + f.stray, 0);
    /* Spares not given: a whole set is assumed, and it still agrees. */
    assert_int_equal(sei_fill_check(board, &score, g, -1, -1, &f), 0);
    assert_true(f.ok && !f.spare_given && f.spare[SEI_WHITE] == 1);
    /* Spares that do not add up: a set that is not 180, or a miscount. */
    assert_int_equal(sei_fill_check(board, &score, g, 0, 3, &f), 0);
    assert_false(f.ok);
    assert_int_equal(f.set[SEI_WHITE], 182);
    assert_true(f.both_over == 0 && f.net[SEI_WHITE] == 3);
    /* A live stone read as the other colour; an empty dame-like point. */
    g[9 * 19 + 0] = SEI_WHITE; /* A10, a black stone of the count */
    assert_int_equal(sei_fill_check(board, &score, g, 0, 1, &f), 0);
    assert_false(f.ok);
    assert_int_equal(f.changed, 1);
    assert_int_equal(f.first_changed, sei_board_point(board, 0, 9));
}

static void test_hole_left(void **state)
{
    (void)state;
    uint8_t g[361];
    truth_grid("filled-b3-hole.json", g);
    sei_fill_report f;
    assert_int_equal(sei_fill_check(board, &score, g, 0, 2, &f), 0);
    assert_false(f.ok);
    assert_int_equal(f.holes[SEI_WHITE], 1);
    assert_true(f.both_short);
    assert_int_equal(f.set[SEI_WHITE], 180);
    /* A grid of another size is refused. */
    sei_score other = score;
    other.size = 9;
    assert_int_equal(sei_fill_check(board, &other, g, 0, 2, &f), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filled_right),
        cmocka_unit_test(test_hole_left),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
