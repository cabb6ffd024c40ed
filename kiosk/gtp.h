/* gtp.h - `seichi gtp`: a Go Text Protocol (version 2) engine that keeps a
 * board and counts it, for GUIs and match tools that ask an engine for the
 * final score and the dead stones (GoGui, Sabaki, gogui-regress, GNU Go's
 * regression files).
 *
 * It plays no moves of its own (no genmove): it follows the moves it is
 * told, takes positions from game records (loadsgf), and answers
 * final_score and final_status_list with the one count of count.h, the
 * dead stones proposed as `seichi score --dead auto` proposes them. Every
 * line of input gets a reply or, for blank and comment lines, none; any
 * bytes are answered, never crashed on. Needs the rules core and libc
 * only (and textbuf.c to read a record), so it links into the small
 * program without OpenCV or SDL. */
#ifndef SEI_GTP_H
#define SEI_GTP_H

#include <stddef.h>
#include <stdio.h>

/* Tunables; sei_gtp_params_default fills them. */
typedef struct {
    size_t max_line;      /* longest command line kept, in bytes (4096): the rest is dropped and the
                             command refused ("line too long"), so memory stays bounded */
    size_t max_sgf;       /* largest record loadsgf reads, in bytes (16 MiB) */
    int max_moves;        /* moves a game may hold (10000): more is refused, bounding the history */
    int size;             /* board size at the start (19) */
    char rules[16];       /* rule-set preset chosen at the start (--rules), which a record's RU does
                             not replace; "" (the default): chinese, as `seichi score`, and a record
                             loaded with loadsgf brings its own RU */
} sei_gtp_params;

void sei_gtp_params_default(sei_gtp_params *p);

typedef struct sei_gtp sei_gtp;

/* A new engine (p NULL: the defaults); NULL on a bad size or preset, or
 * out of memory. */
sei_gtp *sei_gtp_create(const sei_gtp_params *p);
/* NULL is a no-op. */
void sei_gtp_destroy(sei_gtp *g);

/* Answer one line of input (len bytes, any bytes, without its newline;
 * it is cut at max_line). *reply gets the whole reply ("=id result\n\n"
 * or "?id message\n\n"), or "" for a line that holds no command (blank,
 * comment); it is owned by g and valid until the next call. Returns 1
 * once quit was answered, else 0. */
int sei_gtp_line(sei_gtp *g, const char *line, size_t len, const char **reply);

/* Read lines from in (LF ends a line; a CR and other control characters
 * are dropped, as the protocol says; a line past max_line is read to its
 * end and refused) and write each reply to out, flushed, until quit or the
 * end of the input. Returns 0, or -1 when out cannot be written. */
int sei_gtp_run(sei_gtp *g, FILE *in, FILE *out);

/* `seichi gtp [--rules R] [--size N]`: the engine on standard input and
 * output. Returns the exit status: 0, or 2 for bad options. */
int sei_cli_gtp(int argc, char **argv, FILE *out, FILE *err);

#endif
