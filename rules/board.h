/* board.h - the Go board of the rules core: stones, chains, captures, ko and
 * superko, suicide, pass, undo and handicap placement.
 *
 * The board is a flat array with a one-point off-board border (as in Pachi),
 * so neighbour walks need no bounds checks. Size and stride live in the
 * struct, so boards of different sizes coexist. Depends on libc only.
 *
 * Coordinates: a point is an int index into the flat array,
 * sei_board_point(b, x, y) with x = column from the left, y = row from the
 * top, both 0-based. SEI_PASS and SEI_RESIGN are negative. */
#ifndef SEI_BOARD_H
#define SEI_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define SEI_MIN_SIZE 2
#define SEI_MAX_SIZE 25
#define SEI_MAX_STRIDE (SEI_MAX_SIZE + 2)
#define SEI_MAX_POINTS (SEI_MAX_STRIDE * SEI_MAX_STRIDE)

#define SEI_PASS (-1)
#define SEI_RESIGN (-2)

typedef enum { SEI_EMPTY = 0, SEI_BLACK = 1, SEI_WHITE = 2, SEI_OFFBOARD = 3 } sei_color;

static inline int sei_color_other(int c) { return 3 - c; }

/* The Zobrist key of colour c (0 may stand for a marker, such as a ko
 * point) at point p: a position's hash is the xor of its stones' keys.
 * Computed, not tabled, so there is no global state to initialise:
 * splitmix64 of (p, c) is a good enough mix. */
static inline uint64_t sei_zobrist(int p, int c)
{
    uint64_t z = (uint64_t)(p * 4 + c) * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Status codes shared by the rules core. Every failing call also leaves a
 * message in its handle (sei_board_errmsg). */
typedef enum {
    SEI_OK = 0,
    SEI_ERR_ARG,       /* bad argument: off-board point, bad size, ... */
    SEI_ERR_OCCUPIED,  /* the point already holds a stone */
    SEI_ERR_SUICIDE,   /* suicide the rule set forbids */
    SEI_ERR_KO,        /* immediate ko recapture */
    SEI_ERR_SUPERKO,   /* repeats an earlier position (superko) */
    SEI_ERR_NOMEM,
    SEI_ERR_PARSE,     /* malformed input text */
    SEI_ERR_ILLEGAL    /* an impossible position (a chain without liberties) */
} sei_status;

typedef enum {
    SEI_KO_SIMPLE = 0,      /* only the immediate recapture of a single stone is barred */
    SEI_KO_POSITIONAL,      /* no whole-board position may repeat */
    SEI_KO_SITUATIONAL      /* no position may repeat with the same player to move */
} sei_ko_rule;

typedef enum {
    SEI_SUICIDE_ILLEGAL = 0, /* no suicide at all */
    SEI_SUICIDE_MULTI,       /* multi-stone suicide legal, single-stone illegal (Ing) */
    SEI_SUICIDE_LEGAL        /* any suicide legal (NZ, Tromp-Taylor) */
} sei_suicide_rule;

enum { SEI_MOVE_PLAY = 0, SEI_MOVE_SETUP, SEI_MOVE_HANDICAP };

/* One move in the history, kept so that undo can restore the board. */
typedef struct {
    int point;        /* point played, SEI_PASS, or a placed handicap/setup stone */
    int color;
    int kind;         /* SEI_MOVE_PLAY, SEI_MOVE_SETUP or SEI_MOVE_HANDICAP */
    int to_move_before;
    int ko_before;    /* b->ko before this move */
    int ko_color_before;
    int captured_at;  /* index into the board's captured-point stack */
    int captured_n;   /* stones removed by this move (own chain on suicide) */
    int suicide;      /* 1 when the removed stones were the mover's own */
    uint64_t hash_before;
} sei_move;

typedef struct sei_board {
    int size;                    /* points per side, SEI_MIN_SIZE..SEI_MAX_SIZE */
    int stride;                  /* size + 2 */
    uint8_t color[SEI_MAX_POINTS];
    int to_move;                 /* SEI_BLACK or SEI_WHITE */
    int ko;                      /* point the player to move may not take back, or 0 */
    int ko_color;                /* colour barred from playing at ko */
    int prisoners[3];            /* [SEI_BLACK] = white stones Black has captured */
    int placed[3];               /* stones each colour has put on the board by moves */
    int passes[3];               /* passes by each colour */
    int handicap;                /* handicap stones placed for Black */
    sei_ko_rule ko_rule;
    sei_suicide_rule suicide_rule;
    uint64_t hash;               /* Zobrist hash of the stones alone */

    /* History: positions seen (for superko) and moves (for undo). Owned by
     * the board, grown as needed. */
    uint64_t *seen;              /* hash of each position seen, see board.c */
    int seen_n, seen_cap;
    sei_move *moves;
    int moves_n, moves_cap;
    int16_t *captured;           /* stack of captured points, indexed from sei_move */
    int captured_n, captured_cap;

    /* Scratch for flood fills: a point is marked when mark[p] == mark_gen. */
    uint32_t mark[SEI_MAX_POINTS];
    uint32_t mark_gen;
    char errmsg[160];
} sei_board;

/* Create an empty board of `size` (2..25). Returns NULL on a bad size or out
 * of memory. The caller frees it with sei_board_destroy. */
sei_board *sei_board_create(int size);
/* Free a board; NULL is a no-op. */
void sei_board_destroy(sei_board *b);
/* Empty the board and forget its history; keeps size and rules. */
void sei_board_clear(sei_board *b);
/* Deep copy into a new board the caller destroys; NULL when out of memory. */
sei_board *sei_board_clone(const sei_board *b);
/* The message of the last failing call on this board ("" if none). Owned by
 * the board, valid until the next call. */
const char *sei_board_errmsg(const sei_board *b);

static inline int sei_board_point(const sei_board *b, int x, int y) { return (y + 1) * b->stride + (x + 1); }
static inline int sei_board_x(const sei_board *b, int p) { return p % b->stride - 1; }
static inline int sei_board_y(const sei_board *b, int p) { return p / b->stride - 1; }
static inline int sei_board_on(const sei_board *b, int p) {
    return p > 0 && p < b->stride * b->stride && b->color[p] != SEI_OFFBOARD;
}

/* Play `color` at point p (or SEI_PASS). Captures, ko and suicide per the
 * board's ko_rule and suicide_rule. On success the move is recorded for
 * undo and superko, and the other colour is to move. */
sei_status sei_board_play(sei_board *b, int color, int p);
/* Would sei_board_play(b, color, p) succeed? Leaves the board unchanged. */
sei_status sei_board_check(sei_board *b, int color, int p);
/* Take back the last move or placed stone. SEI_ERR_ARG when there is none. */
sei_status sei_board_undo(sei_board *b);

/* Put a stone without playing a move (setup, free handicap placement, a
 * position read from a file). No captures are made; the position is
 * recorded for superko. */
sei_status sei_board_place(sei_board *b, int color, int p);
/* Fixed handicap: n black stones on the star points, placed as GTP's
 * fixed_handicap places them: 2 to 9 on odd boards from 9x9 up, 2 to 4 on
 * even ones and 7x7, none below 7x7 (SEI_ERR_ARG); White then moves first. */
sei_status sei_board_handicap_fixed(sei_board *b, int n);
/* Free handicap: Black places n stones at points[], White moves first. */
sei_status sei_board_handicap_free(sei_board *b, const int *points, int n);

/* Number of stones in the chain at p and its liberties; 0 for an empty p. */
int sei_board_chain_size(sei_board *b, int p);
int sei_board_chain_liberties(sei_board *b, int p);
/* Collect the chain at p into out[] (room for SEI_MAX_POINTS); returns count. */
int sei_board_chain(sei_board *b, int p, int *out);

/* Parse "D4"-style (GTP letters, no I) or SGF "dd" points. Returns a point,
 * SEI_PASS for "pass", or 0 when the text names no point on this board. */
int sei_board_parse_point(const sei_board *b, const char *text);
/* Write the GTP name of p ("D4", "pass") into buf. */
const char *sei_board_point_name(const sei_board *b, int p, char *buf, size_t n);

/* A monotonic clock in milliseconds: the one the stages, the dead-stone
 * proposal and the benchmarks time themselves by. */
double sei_now_ms(void);
/* qsort's comparison of doubles, ascending (medians of colours, of times). */
int sei_cmp_double(const void *a, const void *b);

#endif
