/* boardfile.h - the plain-text board diagram that `seichi score --board`
 * reads: N lines of N points, '.' or '+' empty, 'X' black, 'O' white, and
 * lowercase 'x'/'o' for a stone agreed dead. Lines starting with '#' and
 * blank lines are skipped; spaces and tabs between points are ignored; a
 * leading UTF-8 byte order mark (Windows Notepad) and CRLF line ends are
 * accepted. */
#ifndef SEI_BOARDFILE_H
#define SEI_BOARDFILE_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

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
 * returns the length written, or the length needed if n is too small. */
size_t sei_boardfile_write(const sei_board *b, const uint8_t *dead, char *buf, size_t n);

#endif
