/* cli.h - the subcommands of the `seichi` program, callable from tests.
 *
 * Each command takes argv after its own name and returns the process exit
 * status: 0 on success, 2 on bad input (with a message on err). */
#ifndef SEI_CLI_H
#define SEI_CLI_H

#include <stdio.h>

#include "board.h"
#include "rules.h"
#include "score.h"

/* Everything `seichi score` was asked to do. */
typedef struct {
    const char *board_path;
    sei_rules rules;
    int komi_set;
    int handicap;            /* -1: not given */
    const char *dead;        /* NULL: use the file's marks; "none"; or a point list */
    sei_prisoners prisoners;
    int json;
} sei_score_opts;

/* Parse `score` options into o. Returns 0; -1 for --help; or 2 with a
 * message on err. */
int sei_cli_score_parse(int argc, char **argv, sei_score_opts *o, FILE *err);
/* Load the board and count it. On success *board is a new board the caller
 * destroys and s holds the count. Returns 0, or 2 with a message on err. */
int sei_cli_score_run(const sei_score_opts *o, sei_board **board, sei_score *s, FILE *err);
/* Print a count as text or as one JSON object. */
void sei_cli_score_print_text(FILE *out, sei_board *b, const sei_score *s);
void sei_cli_score_print_json(FILE *out, sei_board *b, const sei_score *s);

int sei_cli_score(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench(int argc, char **argv, FILE *out, FILE *err);

#endif
