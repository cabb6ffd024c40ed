/* egd.h - a tournament's results as the European Go Database takes them:
 * the EGF's tournament table (the "h9" or ".h" file a tournament sends to
 * the EGD's rating officers), one line a player with the place, name, rank,
 * country, club, and a column a round naming the opponent's place, the
 * result, the colour and the handicap. Made from an OpenGotha tournament
 * (opengotha.h) and each game's result as the station holds it. */
#ifndef SEI_EGD_H
#define SEI_EGD_H

#include "opengotha.h"
#include "textbuf.h"

/* One game's result for the table. */
typedef struct {
    sei_og_outcome outcome; /* SEI_OG_UNKNOWN: no result */
    int by_default;         /* decided without play (a forfeit, an absence) */
    int voided;             /* voided by a judge: counted as not played */
} sei_egd_game;

/* Append the table of og to out: games[i] is the result of og's game i
 * (sei_og_game_get). A game with no result that is not voided is
 * missing: without partial, -1 with why (n bytes) naming its round and
 * table, and nothing appended; with partial it is written as not played
 * and counted in *missing (and named in why). 0 when written. */
int sei_egd_write(const sei_og *og, const sei_egd_game *games, int partial, sei_text *out, int *missing, char *why,
                  size_t n);

#endif
