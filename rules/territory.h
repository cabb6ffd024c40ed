/* territory.h - which empty points score under territory rules.
 *
 * Under Japanese/Korean counting the eyes of a group in seki, dame and the
 * false eyes that must be filled score nothing. This module works that out
 * from the stones and the agreed dead stones alone, in the manner of
 * lightvector's goscorer: regions, eyes, false eyes, and seki groups.
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

/* Analyse a width x height board (each at least 1, width * height <= 625;
 * goscorer's own tests use long strips such as 45x7). stones[] holds SEI_EMPTY,
 * SEI_BLACK or SEI_WHITE row-major; dead[] is nonzero for stones agreed
 * dead (may be NULL: none). Writes width*height entries into out[], which
 * the caller owns. When score_false_eyes is nonzero, false eyes score as
 * territory. Returns 0, or -1 on bad arguments. */
int sei_territory_analyze(int width, int height, const uint8_t *stones, const uint8_t *dead,
                          int score_false_eyes, sei_territory_point *out);

#endif
