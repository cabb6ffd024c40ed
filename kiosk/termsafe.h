/* termsafe.h - what the program prints to a terminal cannot drive it.
 *
 * Names and paths come from files and command lines Seichi does not
 * control (a player's name in an SGF, a file name): an escape sequence in
 * one would otherwise reach the terminal and could rewrite the screen or
 * its title. When standard output or standard error is a terminal, it is
 * put behind a filter that shows control characters as escapes instead:
 * C0 controls but newline and tab as \xNN, DEL as \x7f, C1 controls
 * (U+0080..U+009F) as \u00NN, and bytes that are not UTF-8 as \xNN.
 * Output to files and pipes (JSON, CSV, SGF) is left as it is. */
#ifndef SEI_TERMSAFE_H
#define SEI_TERMSAFE_H

#include <stddef.h>

/* The filter's state between writes (a character may be cut in two). */
typedef struct {
    unsigned char pend[4];
    int np, need;
} sei_term_state;

/* Escape n bytes of in into out (room for 6 * (n + 3) bytes) as the
 * filter does, carrying an unfinished character in st; final set flushes
 * it. Returns the bytes written to out. */
size_t sei_term_escape(sei_term_state *st, const char *in, size_t n, int final, char *out);

/* Put stdout and stderr behind the filter where they are terminals. */
void sei_term_guard(void);

#endif
