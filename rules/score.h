/* score.h - counting a finished position under any rule set.
 *
 * The count takes a board, the agreed dead stones and the rules, and gives
 * the whole breakdown of RULES.md: S, T, D, P, X, seki eyes, area, the
 * margin and the winner, the Chinese form in stones and Ing's fill check.
 * Depends on libc only. */
#ifndef SEI_SCORE_H
#define SEI_SCORE_H

#include "board.h"
#include "rules.h"

/* Where the prisoner counts of territory scoring come from. */
typedef enum {
    SEI_PRISONERS_BOARD = 0, /* the board's own move record (b->prisoners) */
    SEI_PRISONERS_GIVEN,     /* numbers the caller gives */
    SEI_PRISONERS_LAST       /* who played the last stone: parity formula of RULES.md */
} sei_prisoner_source;

typedef struct {
    sei_prisoner_source source;
    int black, white;        /* SEI_PRISONERS_GIVEN: stones each colour captured */
    int last;                /* SEI_PRISONERS_LAST: SEI_BLACK or SEI_WHITE played last */
} sei_prisoners;

/* Per-point verdict after counting, indexed by board point. */
enum {
    SEI_MARK_NONE = 0,       /* a live stone, or off the board */
    SEI_MARK_TERRITORY,      /* empty (or dead stone) point that scores for `owner` */
    SEI_MARK_DAME,           /* reaches both colours: scores for nobody */
    SEI_MARK_SEKI_EYE,       /* reaches one colour only, but that group is in seki */
    SEI_MARK_FALSE_EYE       /* a false eye that must be filled (territory rules) */
};

typedef struct {
    int stones;      /* S: live stones on the board */
    int territory;   /* T: empty points (dead stones' points included) reaching only this colour */
    int area;        /* A = S + T */
    int prisoners;   /* P: stones of the other colour this side captured in play */
    int dead;        /* X: this colour's stones found dead and removed at the end */
    int seki_eyes;   /* points of T inside groups in seki */
    int false_eyes;  /* points of T that are false eyes to fill (territory rules) */
    double score;    /* this side's total under the rule set, komi and penalties included */
    double penalty;  /* points taken off for overtime (Ing) */
} sei_side;

typedef struct {
    sei_rules rules;
    int size;
    int handicap;
    double bonus;        /* handicap compensation given to White, in points */
    sei_side side[3];    /* [SEI_BLACK], [SEI_WHITE] */
    int dame;            /* D */
    int prisoners_net;   /* 1 when prisoners only hold the net difference (--last) */
    double margin;       /* Black's lead after komi, bonus and penalties */
    int winner;          /* SEI_BLACK, SEI_WHITE, or SEI_EMPTY for a draw */
    char result[24];     /* SGF form: "B+7", "W+0.5", "0" */
    /* Area rules, Chinese practice: Black's count with shared points split. */
    double black_count;  /* A_B + D/2 */
    double black_needs;  /* more than this wins: (points + komi + bonus) / 2 */
    double margin_stones;
    char result_stones[24];
    /* Ing's fill check: stones left in each bowl after filling its own
     * territory (negative: holes that cannot be filled). */
    int fill_bowl;       /* stones per bowl */
    int fill_komi_stones; /* stones White puts into Black's territory: komi / 2 */
    int fill_spare[3];
    uint8_t mark[SEI_MAX_POINTS];
    uint8_t owner[SEI_MAX_POINTS]; /* colour the mark belongs to */
    uint8_t dead[SEI_MAX_POINTS];  /* 1 for a stone counted dead */
} sei_score;

/* Count the position on b. dead[] is indexed by board point (nonzero: that
 * stone is agreed dead; NULL: none). Every stone of a dead chain must be
 * marked. p may be NULL (prisoners from the board). The caller owns out.
 * Returns SEI_OK or an error with sei_board_errmsg(b) saying why: a chain
 * with no liberties that is not marked dead, a dead mark splitting a chain,
 * a bad argument. The board is not changed apart from its scratch marks. */
sei_status sei_score_count(sei_board *b, const uint8_t *dead, const sei_rules *r,
                           const sei_prisoners *p, sei_score *out);

/* Ing's fill checked on the filled board (RULES.md, "Ing fill check"):
 * after the count, the players put prisoners and dead stones back in
 * their owners' bowls, White puts the komi stones into Black's territory,
 * and each side fills its own territory from its own bowl; then every
 * point holds a stone but the holes of the side that ran out, and the
 * other side has stones to spare. */
typedef struct {
    int bowl;              /* stones a full set holds (180 on 19x19) */
    int on_board[3];       /* stones of each colour on the filled board */
    int holes[3];          /* empty points in each side's territory */
    int komi_stones;       /* White stones in Black's territory */
    int spare[3];          /* stones left in each bowl: as entered, or (spare_given 0) what a full set leaves */
    int spare_given;
    int set[3];            /* on_board + spare: each side's set (bowl when whole) */
    int net[3];            /* spare - holes: what each side has left over (negative: short) */
    int fill_margin;       /* Black's lead the fill shows: net[W] - net[B] */
    int expected_net[3];   /* what the count predicts (sei_score.fill_spare) */
    int changed;           /* stones of the count's position read as another colour or gone */
    int stray;             /* empty points outside any territory, or a stone in the wrong territory */
    int first_changed, first_stray; /* board points of the first ones, 0 none */
    int dame_empty;        /* dame left empty: the shared liberties of a seki stay so */
    int both_short, both_over; /* both sides with holes, or both with stones to spare */
    int ok;                /* everything above agrees */
} sei_fill_report;

/* Check a filled board (grid: size*size bytes, row by row from the top,
 * SEI_EMPTY/SEI_BLACK/SEI_WHITE, as a camera read it) against the count s
 * of position b: spare_b and spare_w are the stones the players say are
 * left in their bowls (-1: not given; a full set is assumed). Fills out;
 * returns 0, or -1 for a grid of another size or a count without the fill. */
int sei_fill_check(const sei_board *b, const sei_score *s, const uint8_t *grid, int spare_b, int spare_w,
                   sei_fill_report *out);

/* Format a number of points or stones without trailing zeros ("7", "0.5",
 * "0.25") into buf. */
const char *sei_score_number(double v, char *buf, size_t n);
/* A count's result as written in a record's RE: "B+3.5", "W+0.5", "0" for
 * a draw (winner SEI_EMPTY); margin is Black's score minus White's. The
 * one form, for a count and for checking a stored result against its
 * scores. */
const char *sei_score_result_text(double margin, int winner, char *buf, size_t n);
/* v stones the way a Chinese count says them, in UTF-8: "1¾", "¼", "-3½". */
const char *sei_score_stones(double v, char *buf, size_t n);

#endif
