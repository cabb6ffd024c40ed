/* boardfile.h - the plain-text board diagram that `seichi score --board`
 * reads: N lines of N points, '.' or '+' empty, 'X' black, 'O' white, and
 * lowercase 'x'/'o' for a stone agreed dead. Lines starting with '#' and
 * blank lines are skipped; spaces and tabs between points are ignored; a
 * leading UTF-8 byte order mark (Windows Notepad) and CRLF line ends are
 * accepted. The labelled diagrams Seichi prints are read back as they
 * stand: a line of column letters, each row's number on both sides (they
 * must agree with the board), b w s f marks of territory, seki eyes and
 * false eyes (empty points), a question mark after a point read in doubt
 * (or brackets round it, as older diagrams have it), and the key line
 * below. */
#ifndef SEI_BOARDFILE_H
#define SEI_BOARDFILE_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

/* The key printed under a labelled diagram (`score`, `results show`). A
 * line holding it is skipped when such a diagram is read back. */
#define SEI_BOARDFILE_LEGEND "X O stones, x o dead stones, b w territory, . dame, s seki eye, f false eye to fill"

/* Parse len bytes of text. On success *out is a new board (the caller frees
 * it with sei_board_destroy) holding the stones as setup stones, and dead[]
 * (SEI_MAX_POINTS entries, caller-owned) is 1 at each stone marked dead.
 * On failure *out is NULL, and err gets a message naming the line and
 * column: SEI_ERR_PARSE for ragged lines, unknown characters, an impossible
 * size, dead marks that split a chain, a chain without liberties that is
 * not marked dead; SEI_ERR_NOMEM. */
sei_status sei_boardfile_parse(const char *text, size_t len, sei_board **out, uint8_t *dead,
                               char *err, size_t errlen);

/* Write b as a diagram in the same format (dead may be NULL) into buf;
 * returns the length written (without the NUL), or, when n is too small
 * (nothing written), the size of buffer it needs (the NUL included). */
size_t sei_boardfile_write(const sei_board *b, const uint8_t *dead, char *buf, size_t n);

#endif
