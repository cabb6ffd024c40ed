/* territory.h - which empty points score under territory rules.
 *
 * Under Japanese/Korean counting the eyes of a group in seki, dame and the
 * false eyes that must be filled score nothing. This module works that out
 * from the stones and the agreed dead stones alone, in the manner of
 * lightvector's goscorer: regions, eyes, false eyes, and seki groups; a seki
 * is kept only when a search of the shared liberties confirms it
 * (sei_seki_rule).
 * Depends on libc only. Boards may be rectangular (width x height, at most 625 points). */
#ifndef SEI_TERRITORY_H
#define SEI_TERRITORY_H

#include <stdint.h>

/* Per-point verdict, row-major, index y * width + x. */
typedef struct {
    uint8_t territory;     /* SEI_BLACK / SEI_WHITE when the point scores as that
                              colour's territory (dead stones' points included),
                              else SEI_EMPTY */
    uint8_t seki;          /* SEI_BLACK / SEI_WHITE when the point is a stone of,
                              or an empty point belonging to, a group in seki */
    uint8_t false_eye;     /* 1 for a false eye */
    uint8_t unscorable;    /* 1 for a false eye that must be filled (scores nothing) */
    uint8_t dame;          /* 1 for a neutral point */
    uint8_t eye_value;     /* 0..9, goscorer's eye value of the region */
} sei_territory_point;

/* Which groups without two eyes count as in seki.
 *
 * goscorer (and so SEI_SEKI_GOSCORER) takes every stone not marked dead as
 * alive, so a living group with fewer than two eyes must be in seki. That
 * holds on a finished position, but not on an unfinished one: a lone stone
 * in open space, or a group with one eye beside an open area, is alive only
 * because nobody has played there yet. SEI_SEKI_CONFIRMED (the default)
 * keeps goscorer's candidates and calls them seki only when the standoff is
 * real: the groups share liberties with groups of the other colour, every
 * liberty they have is either in their own eye space or shared with an
 * opposing stone (none open), and a search of the filling of those
 * liberties finds that neither side can capture the other. */
typedef enum {
    SEI_SEKI_CONFIRMED = 0, /* goscorer's candidates, kept only when the standoff is real */
    SEI_SEKI_GOSCORER       /* goscorer's own rule: a living group with fewer than two eyes */
} sei_seki_rule;

typedef struct {
    int score_false_eyes;   /* nonzero: false eyes score as territory (default 0) */
    sei_seki_rule seki;     /* default SEI_SEKI_CONFIRMED */
    int seki_search_nodes;  /* positions the standoff search may visit per seki cluster
                               (default 20000); past it goscorer's verdict stands */
} sei_territory_params;

void sei_territory_params_default(sei_territory_params *p);

/* Analyse a width x height board (each at least 1, width * height <= 625;
 * goscorer's own tests use long strips such as 45x7). stones[] holds SEI_EMPTY,
 * SEI_BLACK or SEI_WHITE row-major; dead[] is nonzero for stones agreed
 * dead (may be NULL: none). Writes width*height entries into out[], which
 * the caller owns. params may be NULL (the defaults). Returns 0, or -1 on
 * bad arguments. */
int sei_territory_analyze(int width, int height, const uint8_t *stones, const uint8_t *dead,
                          const sei_territory_params *params, sei_territory_point *out);

#endif
