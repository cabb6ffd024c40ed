/* test_clock.c - the game clock's API (rules/clock.c) beyond what the
 * simulator's cases show (tests/clock, clock.sh): time-control strings
 * read and written back, what a player has left for SGF's BL/WL and
 * OB/OW, Ing's points for overtime, moves out of turn or out of time
 * refused, and a judge's pause. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "clock.h"

static void test_parse_format(void **state)
{
    (void)state;
    static const char *const good[] = {"absolute:60m", "byoyomi:60m+5x60s", "canadian:60m+25/10m", "fischer:30m+20s",
                                       "ing:120m+3x20m", "byoyomi:0m+1x30s", "fischer:90s+5s"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        sei_time_control tc;
        char why[200], back[64];
        assert_int_equal(sei_time_control_parse(good[i], &tc, why, sizeof why), 0);
        sei_time_control_format(&tc, back, sizeof back);
        assert_string_equal(back, good[i]);
    }
    sei_time_control tc;
    char why[200];
    assert_int_equal(sei_time_control_parse("byoyomi:1h+5x1m", &tc, why, sizeof why), 0);
    assert_true(tc.main_ms == 3600000 && tc.periods == 5 && tc.period_ms == 60000);
    static const char *const bad[] = {"", "byoyomi", "byoyomi:", "byoyomi:60m", "byoyomi:60m+0x60s", "byoyomi:60m+5x",
                                      "byoyomi:60m+5x60", "canadian:60m+0/10m", "fischer:0m+10s", "ing:1m+2x0m",
                                      "absolute:-5m", "absolute:5m ", "absolute:99999999999999999999m",
                                      "byoyomi:1m+100x30s"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = 0;
        assert_int_equal(sei_time_control_parse(bad[i], &tc, why, sizeof why), -1);
        assert_true(why[0] != 0);
    }
}

static int ncalls;
static void count_call(void *ctx, const sei_clock_call *k)
{
    (void)ctx;
    (void)k;
    ncalls++;
}

static sei_clock start(const char *spec, int first)
{
    sei_time_control tc;
    char why[200];
    assert_int_equal(sei_time_control_parse(spec, &tc, why, sizeof why), 0);
    sei_clock c;
    sei_clock_start(&c, &tc, first, 0);
    return c;
}

static void test_left_and_turns(void **state)
{
    (void)state;
    int64_t ms;
    int count;
    /* Byo-yomi: main time, then the period whole again after each move. */
    sei_clock c = start("byoyomi:1m+3x30s", 1);
    assert_int_equal(sei_clock_move(&c, 2, 1000, NULL, NULL), -1); /* not White's move */
    assert_int_equal(sei_clock_move(&c, 1, 50000, NULL, NULL), 0);
    sei_clock_left(&c, 1, &ms, &count);
    assert_true(ms == 10000 && count == 0); /* in main time: no OB */
    assert_int_equal(sei_clock_move(&c, 1, 60000, NULL, NULL), -1); /* twice in a row */
    assert_int_equal(sei_clock_move(&c, 2, 40000, NULL, NULL), -1); /* before the time reached */
    assert_int_equal(sei_clock_move(&c, 2, 125000, NULL, NULL), 0); /* 15 s into W's first period */
    sei_clock_left(&c, 2, &ms, &count);
    assert_true(ms == 30000 && count == 3);
    ncalls = 0;
    assert_int_equal(sei_clock_advance(&c, 175000, count_call, NULL), 0);
    sei_clock_left(&c, 1, &ms, &count); /* B: main out at 135, a period used at 165, 10 s into the next */
    assert_true(ms == 20000 && count == 2);
    assert_int_equal(ncalls, 5 + 1);
    /* Canadian: OB is the stones still to play in the period. */
    c = start("canadian:0m+3/1m", 1);
    assert_int_equal(sei_clock_move(&c, 1, 10000, NULL, NULL), 0);
    sei_clock_left(&c, 1, &ms, &count);
    assert_true(ms == 50000 && count == 2);
    /* Ing: 2 points a period begun; a move after the loss is refused. */
    c = start("ing:1m+2x1m", 1);
    assert_int_equal(sei_clock_ing_penalty(&c, 1), 0);
    assert_int_equal(sei_clock_move(&c, 1, 70000, NULL, NULL), 0);
    assert_int_equal(sei_clock_ing_penalty(&c, 1), 2);
    assert_int_equal(sei_clock_move(&c, 2, 75000, NULL, NULL), 0);
    assert_int_equal(sei_clock_ing_penalty(&c, 2), 0);
    assert_int_equal(sei_clock_advance(&c, 130000, NULL, NULL), 0);
    assert_int_equal(sei_clock_ing_penalty(&c, 1), 4);
    assert_int_equal(sei_clock_move(&c, 1, 190000, NULL, NULL), 1); /* lost at 185 */
    assert_int_equal(c.lost, 1);
    assert_true(c.lost_at == 185000);
    /* Fischer: the increment after each move. */
    c = start("fischer:1m+10s", 2);
    assert_int_equal(sei_clock_move(&c, 2, 20000, NULL, NULL), 0);
    sei_clock_left(&c, 2, &ms, &count);
    assert_true(ms == 50000 && count == 0);
}

/* A judge's pause: no time runs and no call is made until the clocks are
 * started again; a move in the pause is taken at no cost (a byo-yomi
 * period whole again, a Fischer increment as ever); the time paused is
 * kept; a second pause, a resume with none, or times going back refused. */
static void test_pause(void **state)
{
    (void)state;
    int64_t ms;
    int count;
    sei_clock c = start("byoyomi:0m+2x30s", 1);
    ncalls = 0;
    assert_int_equal(sei_clock_pause(&c, 15000, count_call, NULL), 0); /* calls at 10 s (the 10 s call) */
    assert_int_equal(ncalls, 1);
    assert_int_equal(sei_clock_pause(&c, 16000, NULL, NULL), -1);
    assert_int_equal(sei_clock_advance(&c, 600000, count_call, NULL), 0); /* ten minutes: nothing */
    assert_int_equal(ncalls, 1);
    assert_int_equal(c.lost, 0);
    sei_clock_left(&c, 1, &ms, &count);
    assert_true(ms == 15000 && count == 2);
    assert_int_equal(sei_clock_resume(&c, 599000), -1); /* before the time reached */
    assert_int_equal(sei_clock_resume(&c, 600000), 0);
    assert_int_equal(sei_clock_resume(&c, 600000), -1);
    assert_true(c.paused_ms == 585000 && c.pauses == 1);
    assert_int_equal(sei_clock_advance(&c, 610000, count_call, NULL), 0); /* 25 s into the period: its 20 and 25 s calls */
    assert_int_equal(ncalls, 3);
    sei_clock_left(&c, 1, &ms, &count);
    assert_true(ms == 5000 && count == 2);
    /* A move in a pause: Black's period whole again, White's clock still stopped. */
    assert_int_equal(sei_clock_pause(&c, 612000, NULL, NULL), 0);
    assert_int_equal(sei_clock_move(&c, 1, 620000, NULL, NULL), 0);
    sei_clock_left(&c, 1, &ms, &count);
    assert_true(ms == 30000 && count == 2);
    assert_int_equal(sei_clock_advance(&c, 700000, NULL, NULL), 0);
    assert_true(c.to_move == 2 && c.side[2].main_left == 0 && !c.side[2].in_overtime); /* not run yet */
    assert_int_equal(sei_clock_resume(&c, 700000), 0);
    assert_true(c.paused_ms == 585000 + 88000 && c.pauses == 2);
    assert_int_equal(sei_clock_advance(&c, 701000, NULL, NULL), 0);
    sei_clock_left(&c, 2, &ms, &count);
    assert_true(ms == 29000 && count == 2);
    /* Fischer: a move in a pause adds its increment, and only that. */
    c = start("fischer:1m+10s", 1);
    assert_int_equal(sei_clock_pause(&c, 20000, NULL, NULL), 0);
    assert_int_equal(sei_clock_move(&c, 1, 30000, NULL, NULL), 0);
    sei_clock_left(&c, 1, &ms, &count);
    assert_true(ms == 50000);
    sei_clock_left(&c, 2, &ms, &count);
    assert_true(ms == 60000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_format),
        cmocka_unit_test(test_left_and_turns),
        cmocka_unit_test(test_pause),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
