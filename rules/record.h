/* record.h - a game recorded from the board states a camera saw.
 *
 * The recorder is told each stable state of the physical board (after the
 * camera side has voted it steady, with no hand over it) and explains the
 * change since the last one as moves: one new stone of the colour to move
 * and the captures it implies, or several moves found by searching for
 * the legal alternating sequence that ends in the state seen. It knows
 * what tournament rules forbid and flags it rather than guessing: the
 * same colour twice, a stone on a forbidden point (void, the turn lost),
 * a stone that left its point, a board that matches nothing. A board that
 * returns to an earlier position is a take-back. Players lift captured
 * stones a moment after the move, so a state that still shows them is
 * consistent, not a change.
 *
 * Pure rules: no pixels, no time source (the caller passes the time). */
#ifndef SEI_RECORD_H
#define SEI_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "rules.h"

enum {
    SEI_REC_TWICE = 1 << 0,     /* the same colour played twice running (the other side's turn passed) */
    SEI_REC_VOID = 1 << 1,      /* a stone on an occupied or forbidden point: void, the turn lost */
    SEI_REC_KO = 1 << 2,        /* with VOID: it was an immediate ko recapture (or a superko repeat) */
    SEI_REC_MOVED = 1 << 3,     /* a stone left its point: put it back */
    SEI_REC_UNDO = 1 << 4,      /* the board went back to an earlier position: a take-back */
    SEI_REC_DISTURBED = 1 << 5, /* nothing explains the board: rebuild it as recorded */
    SEI_REC_LATE = 1 << 6       /* captured stones are still on the board (normal, for a moment) */
};

/* One recorded move. */
typedef struct {
    int color;       /* SEI_BLACK or SEI_WHITE */
    int point;       /* board point, or SEI_PASS for a void move (its turn lost) */
    int void_point;  /* with SEI_REC_VOID: where the void stone was put */
    int flags;       /* SEI_REC_* that came with it */
    int captures;    /* stones it captured */
    double t;        /* when the state that showed it was seen, seconds */
} sei_rec_move;

/* What one observation did. */
typedef struct {
    int moves;       /* moves added (they are the last `moves` of sei_recorder_moves) */
    int undone;      /* moves taken back */
    int flags;       /* SEI_REC_* for this state */
    int point;       /* the point the flag is about (MOVED, VOID), or 0 */
} sei_rec_update;

typedef struct sei_recorder sei_recorder;

/* A recorder for a size x size game under r (NULL: Chinese), Black to
 * play first. NULL when out of memory or the size is bad. Free with
 * sei_recorder_destroy (NULL: no-op). */
sei_recorder *sei_recorder_create(int size, const sei_rules *r);
void sei_recorder_destroy(sei_recorder *rec);
const char *sei_recorder_errmsg(const sei_recorder *rec);

/* The starting position: black handicap stones as seen (grid as for
 * observe), placed freely; White then moves first. Only before any move. */
sei_status sei_recorder_setup(sei_recorder *rec, const uint8_t *grid);

/* A stable state of the board: grid is size*size bytes, row by row from
 * the top, SEI_EMPTY/SEI_BLACK/SEI_WHITE. t is when it was seen. */
sei_status sei_recorder_observe(sei_recorder *rec, const uint8_t *grid, double t, sei_rec_update *u);

/* Add a move as given (replaying a saved record on --resume). */
sei_status sei_recorder_replay(sei_recorder *rec, int color, int point, double t);

/* The moves so far (owned by rec, valid until the next call). */
int sei_recorder_moves(const sei_recorder *rec, const sei_rec_move **moves);
/* The position as recorded (captures taken off). */
const sei_board *sei_recorder_board(const sei_recorder *rec);
int sei_recorder_handicap(const sei_recorder *rec);

/* Longest search for moves between two states: more new stones than this
 * at once is a disturbed board. */
#define SEI_REC_MAX_BURST 6

#endif
