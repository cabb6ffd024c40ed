/* deadstones.h - propose which stones are dead in a finished position.
 *
 * People at the kiosk confirm dead stones by tapping; the better the
 * proposal, the fewer taps. The proposal plays many quick random games from
 * the position (playouts) with a policy that keeps eyes and seki intact,
 * and calls a chain dead when the opponent ends up owning its points. The
 * playouts never fill their own eyes and never put a group of two or more
 * stones into atari, so groups with two eyes survive and seki stays seki.
 * Two checks stand beside the playouts: a chain that is alive whatever the
 * opponent does (Benson's unconditional life) is never called dead, a group
 * without an eye whose two liberties it shares with one or two stones of the
 * other colour is dead (they throw themselves in and leave it one small
 * eye), and the groups in seki are named by the territory analysis
 * (territory.h).
 * Depends on libc only. */
#ifndef SEI_DEADSTONES_H
#define SEI_DEADSTONES_H

#include "board.h"

/* Tunables; sei_dead_params_default fills them. */
typedef struct {
    int playouts;          /* first batch of playouts (64) */
    int max_playouts;      /* more, up to this, while a chain is uncertain (320) */
    double dead_share;     /* dead when the opponent owns more than this share of the chain (0.5) */
    double uncertain;      /* chains within this of dead_share get more playouts (0.25) */
    double race;           /* two touching chains both within this of dead_share are a
                              capturing race, decided by liberties (0.1) */
    uint64_t seed;         /* 0: seeded from the position, so a proposal is repeatable */
} sei_dead_params;

void sei_dead_params_default(sei_dead_params *p);

/* A proposal, indexed by board point. */
typedef struct {
    uint8_t dead[SEI_MAX_POINTS];      /* 1 for a stone proposed dead */
    float owner[SEI_MAX_POINTS];       /* +1 Black owns the point in every playout .. -1 White */
    float confidence[SEI_MAX_POINTS];  /* per stone: how sure its chain's verdict is, 0.5..1 */
    uint8_t seki[SEI_MAX_POINTS];      /* 1 for a live stone of a group in seki */
    uint8_t safe[SEI_MAX_POINTS];      /* 1 for a stone alive unconditionally (Benson) */
    int chains, dead_chains;
    int playouts;                      /* playouts run */
    double ms;                         /* wall time the proposal took */
} sei_dead_result;

/* Propose dead stones for the position on b (which is not changed). p may be
 * NULL for the defaults. The caller owns out. Returns SEI_OK, or an error with
 * sei_board_errmsg(b) saying why. */
sei_status sei_dead_propose(sei_board *b, const sei_dead_params *p, sei_dead_result *out);

/* Mark seki[] (SEI_MAX_POINTS, caller's) with 1 for every live stone of a
 * group in seki, given the dead stones (dead may be NULL). */
void sei_dead_seki(const sei_board *b, const uint8_t *dead, uint8_t *seki);

#endif
