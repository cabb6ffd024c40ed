/* seichi.h - the public header of libseichi-rules, Seichi's rules core as a
 * library: the Go board (legality, captures, ko and superko, handicap), the
 * rule presets, counting under Chinese, Japanese, Korean, Ing, AGA, NZ and
 * Tromp-Taylor rules with seki and false eyes, the dead-stone proposal, board
 * diagrams, and SGF read and written. It depends on libc only.
 *
 * Build against an installed copy with
 *     cc prog.c $(pkg-config --cflags --libs seichi-rules)
 * (`--static` for the static library) and include this header as
 * <seichi/seichi.h>; it includes the others, each of which states its own
 * functions.
 *
 * Conventions of the whole API:
 *   - Names: every function, type and constant starts with sei_ or SEI_.
 *   - Handles: sei_board, sei_sgf, sei_recorder are made by *_create and
 *     freed by *_destroy; *_destroy(NULL) does nothing. A handle belongs to
 *     its caller; nothing in the library keeps a pointer to it after a call
 *     returns.
 *   - Results: functions return sei_status (SEI_OK, or an error code) and
 *     leave the reason in the handle: sei_board_errmsg(b), sei_sgf_errmsg(s),
 *     sei_recorder_errmsg(r). Those strings belong to the handle and hold
 *     until its next call. Functions without a handle take a buffer for the
 *     reason (char *why, size_t n) and write at most n bytes, NUL included.
 *   - Memory: what a function returns for the caller to free says so in its
 *     header (sei_sgf_write's text, sei_boardfile_parse's board,
 *     sei_sgf_game_get's game with sei_sgf_game_release). Arrays passed in
 *     (dead stones, marks) are the caller's: by board point, SEI_MAX_POINTS
 *     long, as sei_board_point(b, x, y) indexes them.
 *   - Threads: no global state is written after start; handles may be used
 *     from several threads, each handle by one thread at a time.
 *   - The library never exits, never prints, and reads no file: parsers take
 *     bytes in memory.
 *
 * The count: sei_count_propose (dead stones proposed) then sei_count_make
 * (the count of count.h) is the one way Seichi itself counts, in its kiosk,
 * its command line and its GTP engine; sei_score_count (score.h) counts with
 * the dead stones given. */
#ifndef SEI_SEICHI_H
#define SEI_SEICHI_H

#include "board.h"
#include "boardfile.h"
#include "clock.h"
#include "count.h"
#include "deadstones.h"
#include "record.h"
#include "rules.h"
#include "score.h"
#include "sgf.h"

#endif
