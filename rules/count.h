/* count.h - the one way Seichi counts a position, for the kiosk and for
 * `seichi score` alike: the dead stones proposed the same way, the
 * handicap and the rules' knobs put on the board the same way, one count,
 * and the groups in seki named. Both callers build their count only
 * through these two calls, so the kiosk and the command line cannot
 * disagree on a position (tests/test_ui.c checks it on every preset). */
#ifndef SEI_COUNT_H
#define SEI_COUNT_H

#include <stdint.h>

#include "board.h"
#include "deadstones.h"
#include "rules.h"
#include "score.h"

/* Propose the dead stones of b under rules (its ko and suicide knobs are
 * put on b first, so the playouts obey them): dead (SEI_MAX_POINTS, by
 * board point) gets 1 for each stone of a chain proposed dead; details
 * (may be NULL) the whole proposal (confidences, playouts, time). Returns
 * SEI_OK or an error with sei_board_errmsg(b) saying why (dead then all
 * 0). */
sei_status sei_count_propose(sei_board *b, const sei_rules *rules, uint8_t *dead, sei_dead_result *details);

/* Count b with the dead stones agreed (dead: by board point, NULL: none)
 * under rules, with handicap stones (handicap < 0: the board's own, as a
 * game record set it) and prisoners (NULL: the board's own move record).
 * The rules' ko and suicide knobs are put on b. out gets the count, seki
 * (may be NULL; SEI_MAX_POINTS) the live stones of groups in seki. Returns
 * SEI_OK or an error with sei_board_errmsg(b) saying why. */
sei_status sei_count_make(sei_board *b, const uint8_t *dead, const sei_rules *rules, int handicap,
                          const sei_prisoners *prisoners, sei_score *out, uint8_t *seki);

/* Mark the chains named in list in dead (SEI_MAX_POINTS, cleared first):
 * points as players name them (D4) or as SGF does (dd), split by spaces
 * or commas, each a stone of b; a point marks its whole chain. The one
 * reading of `seichi score --dead` and a judge's `results correct --dead`.
 * Returns 0, or -1 with why (n bytes). */
int sei_count_dead_list(sei_board *b, const char *list, uint8_t *dead, char *why, size_t n);

#endif
