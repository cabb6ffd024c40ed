/* textbuf.h - a growing text buffer for files written whole (CSV, SGF),
 * and reading or writing a whole file.
 *
 * On out of memory it sets oom, keeps what it had, and ignores further
 * writes, so a writer checks once at the end. p is NUL-terminated (or
 * NULL while empty); the owner frees it (sei_text_free). */
#ifndef SEI_TEXTBUF_H
#define SEI_TEXTBUF_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    char *p;
    size_t len, cap;
    int oom;
} sei_text;

void sei_text_put(sei_text *t, const char *s, size_t n);
void sei_text_puts(sei_text *t, const char *s);
void sei_text_printf(sei_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sei_text_free(sei_text *t);
/* A CSV field (RFC 4180): quoted when it holds a comma, quote or line
 * break, quotes doubled; then a comma, or the CRLF that ends a row (last). */
void sei_text_csv_field(sei_text *t, const char *v, int last);
/* A CSV field of text people typed (names, event, paths): as
 * sei_text_csv_field, but a text a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) is written with a
 * leading apostrophe, which spreadsheets show as text and do not run. */
void sei_text_csv_text(sei_text *t, const char *v, int last);

/* A whole file of at most limit bytes ("-": standard input), NUL-terminated (*len: its length);
 * the caller frees it. NULL with the reason in msg (and errno set: ENOENT
 * for a missing file) when it cannot be opened or read, or is larger. */
char *sei_file_read(const char *path, size_t limit, size_t *len, char *msg, size_t n);

/* Write len bytes to path so that path holds either its old contents or
 * all the new ones, whatever happens (a crash, a power cut): a temporary
 * file beside it (path.tmpXXXXXX), flushed to the disk, renamed over it,
 * and the folder flushed so the rename holds. Returns 0, or -1 with the
 * reason in msg. */
int sei_file_write_atomic(const char *path, const char *data, size_t len, char *msg, size_t n);

/* May a file be written at path? 0 when nothing is there (in a folder
 * that may be written in), or (replace set) a regular file; -1 with the
 * reason in msg for an empty path or one ending in '/', a missing or
 * read-only folder, a symbolic link, a directory, a device, a pipe or
 * another special file (never written, whatever replace says), and for
 * an existing file when replace is 0. */
int sei_file_target_ok(const char *path, int replace, char *msg, size_t n);

/* Remove the temporary files a killed sei_file_write_atomic left beside
 * path (path.tmpXXXXXX, regular files only). Returns how many. */
int sei_file_clean_temps(const char *path);

/* An export: sei_file_target_ok, then the leftover temporary files of
 * path removed, then sei_file_write_atomic; without replace a file that
 * appears at path meanwhile is not replaced either. */
int sei_file_write_new(const char *path, const char *data, size_t len, int replace, char *msg, size_t n);
/* The same, or to out when path is "-" (standard output, flushed). 0, or
 * -1 with the reason in msg. */
int sei_file_write_out(const char *path, const char *data, size_t len, int replace, FILE *out, char *msg, size_t n);

#endif
