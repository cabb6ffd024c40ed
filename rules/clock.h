/* clock.h - the game clock and its timekeeper: time controls (absolute,
 * Japanese byo-yomi, Canadian, Fischer, Ing's overtime periods), two
 * players' clocks switched by moves, and the calls a timekeeper makes
 * (the tournament rulebook, RULES.md "Time": 30, 40, 50, 55, 58 seconds
 * and the minute in byo-yomi; in the last period 30, 40, 50, then 1 ... 9
 * and "10 — lost on time"). Depends on libc only.
 *
 * Times are integer milliseconds from the clock's start, so a simulated
 * game and a camera's frame times give the same calls to the millisecond.
 *
 * Which calls each control makes (the label is what is said):
 * - byo-yomi, in a period that is not the last: at S-30, S-20, S-10, S-5
 *   and S-2 seconds into a period of S seconds (30, 40, 50, 55, 58 for the
 *   rulebook's minute), labelled with the seconds into the period; at S
 *   the period is used up, "60" (S in seconds), and the next begins. In
 *   the last period: S-30, S-20, S-10 as before, then "1" ... "9" in its
 *   last ten seconds, and "lost" at S. A move within a period costs
 *   nothing: the next turn starts a whole period again. Main time has no
 *   calls.
 * - absolute, Fischer, Canadian (in its period) and Ing's last period:
 *   the time that is left is the last period of the rulebook: with 30, 20
 *   and 10 seconds left "30", "40", "50", then "1" ... "9", "lost" at 0.
 * - Ing: when main time or a period runs out, the next period begins,
 *   "60" (each period begun costs its player 2 points); periods carry
 *   their time over from move to move.
 * A call is made only while its player is on move; a move made at the
 * very moment of a call comes after it. */
#ifndef SEI_CLOCK_H
#define SEI_CLOCK_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    SEI_TC_ABSOLUTE = 0, /* main time only */
    SEI_TC_BYOYOMI,      /* main + periods of period_ms, reset by each move */
    SEI_TC_CANADIAN,     /* main + period_ms for stones moves, then again */
    SEI_TC_FISCHER,      /* main, increment_ms added after each move */
    SEI_TC_ING           /* main + periods of period_ms, carried over, 2 points each */
} sei_tc_kind;

typedef struct {
    sei_tc_kind kind;
    int64_t main_ms;
    int periods;         /* byo-yomi and Ing: how many */
    int64_t period_ms;   /* byo-yomi, Ing: one period; Canadian: the period */
    int stones;          /* Canadian: moves to make in the period */
    int64_t increment_ms; /* Fischer */
} sei_time_control;

/* The longest a time control may give (main and each period): 24 hours. */
#define SEI_TC_MAX_MS (24LL * 3600 * 1000)
#define SEI_TC_MAX_PERIODS 99
#define SEI_TC_MAX_STONES 999

/* Read a --time-control string into tc:
 *   absolute:60m            byoyomi:60m+5x60s       canadian:60m+25/10m
 *   fischer:30m+20s         ing:120m+3x20m
 * Durations are a whole number with h, m or s (60m, 90s, 1h; main time
 * may be 0m). Returns 0, or -1 with why (n bytes). */
int sei_time_control_parse(const char *spec, sei_time_control *tc, char *why, size_t n);
/* tc written back the way parse reads it (canonical units). */
void sei_time_control_format(const sei_time_control *tc, char *out, size_t n);

typedef enum {
    SEI_CALL_SECONDS = 0, /* a count of seconds into the period or minute: label */
    SEI_CALL_PERIOD,      /* a period used up (byo-yomi) or begun (Ing): label is the period in seconds for byo-yomi, 60 for Ing */
    SEI_CALL_LAST,        /* 1 ... 9 in the last ten seconds: label */
    SEI_CALL_LOST         /* lost on time */
} sei_call_kind;

typedef struct {
    int64_t t_ms;        /* when */
    int player;          /* 1 Black, 2 White (board.h's colours) */
    sei_call_kind kind;
    int label;           /* the number said ("30", "58", "60", "1" ... "9"); 0 for lost */
    int periods_left;    /* overtime periods not used up, the one running included (0: none, lost) */
} sei_clock_call;

/* The call's words as the simulator prints them: "30", "60", "1", "lost". */
void sei_clock_call_word(const sei_clock_call *c, char *out, size_t n);

/* One player's clock. */
typedef struct {
    int64_t main_left;     /* main time left (ms) */
    int64_t period_left;   /* in the period running (ms) */
    int in_overtime;       /* main time is used up */
    int periods_left;      /* byo-yomi, Ing: periods not used up, the running one included; Canadian: 1 */
    int periods_begun;     /* Ing: periods begun (2 points each) */
    int stones_left;       /* Canadian: moves still to make in the period */
    int moves;             /* moves made */
} sei_clock_side;

/* Two clocks and whose runs. A plain struct: start it, then advance it and
 * make moves in time order. */
typedef struct {
    sei_time_control tc;
    sei_clock_side side[3]; /* [1] Black, [2] White */
    int to_move;            /* whose clock runs */
    int64_t now;            /* the time reached (ms) */
    int lost;               /* the player who lost on time, or 0 */
    int64_t lost_at;
    /* A pause (a judge stopping both clocks): while paused no time runs
     * and no call is made; moves are still taken (settled at no cost). */
    int paused;
    int64_t paused_at;      /* when the pause running began */
    int64_t paused_ms;      /* the time stopped by pauses ended */
    int pauses;             /* pauses begun */
} sei_clock;

/* Start both clocks at t0 (ms) with first (1 Black, 2 White: a handicap
 * game) to move. */
void sei_clock_start(sei_clock *c, const sei_time_control *tc, int first, int64_t t0);

/* Each call as it is made (on_call may be NULL: none wanted). */
typedef void (*sei_clock_on_call)(void *ctx, const sei_clock_call *call);

/* Run the clock of the player on move up to t (ms; not before c->now),
 * handing each call made on the way to on_call, in time order. It stops
 * at a loss on time (c->lost). A clock already stopped by a loss does
 * nothing. Returns 0, or -1 for t before the time reached. */
int sei_clock_advance(sei_clock *c, int64_t t, sei_clock_on_call on_call, void *ctx);

/* A move by player at t: the clock runs to t (calls as advance), and if
 * the player has not lost by then the move is taken: its turn's time is
 * settled (a byo-yomi period is whole again, Canadian counts a stone,
 * Fischer adds its increment) and the other clock runs. Returns 0 taken;
 * 1 the player lost on time at or before t (the move is not taken);
 * -1 not that player's move, or t before the time reached. */
int sei_clock_move(sei_clock *c, int player, int64_t t, sei_clock_on_call on_call, void *ctx);

/* Stop both clocks at t (ms): the clock runs to t first (calls as
 * advance), then no time runs until sei_clock_resume. Returns 0; -1
 * already paused, or t before the time reached. */
int sei_clock_pause(sei_clock *c, int64_t t, sei_clock_on_call on_call, void *ctx);
/* Start the clocks again at t (ms): the player on move's clock runs on
 * from where the pause stopped it, the time paused added to paused_ms.
 * Returns 0; -1 not paused, or t before the time reached. */
int sei_clock_resume(sei_clock *c, int64_t t);

/* What a player has left for SGF (BL/WL and OB/OW): *ms the time left
 * (in the period, in overtime), *count the periods left (byo-yomi, Ing)
 * or the stones still to play in the period (Canadian), else 0. */
void sei_clock_left(const sei_clock *c, int player, int64_t *ms, int *count);

/* Ing: the points a player's overtime costs, 2 per period begun. */
int sei_clock_ing_penalty(const sei_clock *c, int player);

#endif
