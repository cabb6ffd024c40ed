/* textbuf.h - a growing text buffer for files written whole (CSV, SGF).
 *
 * On out of memory it sets oom, keeps what it had, and ignores further
 * writes, so a writer checks once at the end. p is NUL-terminated (or
 * NULL while empty); the owner frees it (sei_text_free). */
#ifndef SEI_TEXTBUF_H
#define SEI_TEXTBUF_H

#include <stddef.h>

typedef struct {
    char *p;
    size_t len, cap;
    int oom;
} sei_text;

void sei_text_put(sei_text *t, const char *s, size_t n);
void sei_text_puts(sei_text *t, const char *s);
void sei_text_printf(sei_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sei_text_free(sei_text *t);

#endif
