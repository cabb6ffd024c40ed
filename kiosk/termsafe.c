/* termsafe.c - control characters escaped on the way to a terminal (termsafe.h). */
#define _GNU_SOURCE /* fopencookie */
#include "termsafe.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static size_t put_hex(char *out, const char *fmt, unsigned v)
{
    return (size_t)sprintf(out, fmt, v);
}

/* The pending bytes of an unfinished or broken character, each escaped. */
static size_t flush_pending(sei_term_state *st, char *out)
{
    size_t w = 0;
    for (int i = 0; i < st->np; i++)
        w += put_hex(out + w, "\\x%02x", st->pend[i]);
    st->np = st->need = 0;
    return w;
}

size_t sei_term_escape(sei_term_state *st, const char *in, size_t n, int final, char *out)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char b = p[i];
        if (st->np) {
            /* Inside a character: a continuation byte, or the character
             * was broken and its bytes are shown for what they are. */
            if ((b & 0xc0) == 0x80 && !(st->np == 1 && ((st->pend[0] == 0xe0 && b < 0xa0) ||
                                                       (st->pend[0] == 0xf0 && b < 0x90) ||
                                                       (st->pend[0] == 0xf4 && b > 0x8f) ||
                                                       (st->pend[0] == 0xed && b > 0x9f)))) {
                st->pend[st->np++] = b;
                if (st->np == st->need) {
                    if (st->pend[0] == 0xc2 && st->pend[1] <= 0x9f)
                        w += put_hex(out + w, "\\u%04x", st->pend[1]); /* a C1 control */
                    else {
                        memcpy(out + w, st->pend, (size_t)st->np);
                        w += (size_t)st->np;
                    }
                    st->np = st->need = 0;
                }
                continue;
            }
            w += flush_pending(st, out + w);
        }
        if (b < 0x80) {
            if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f)
                w += put_hex(out + w, "\\x%02x", b);
            else
                out[w++] = (char)b;
        } else if (b >= 0xc2 && b <= 0xf4) {
            st->pend[0] = b;
            st->np = 1;
            st->need = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
        } else
            w += put_hex(out + w, "\\x%02x", b);
    }
    if (final && st->np)
        w += flush_pending(st, out + w);
    return w;
}

typedef struct {
    int fd;
    sei_term_state st;
} guard_t;

static ssize_t guard_write(void *c, const char *buf, size_t n)
{
    guard_t *g = c;
    char out[6 * (256 + 3)];
    for (size_t done = 0; done < n;) {
        size_t k = n - done < 256 ? n - done : 256;
        size_t m = sei_term_escape(&g->st, buf + done, k, 0, out);
        for (size_t o = 0; o < m;) {
            ssize_t r = write(g->fd, out + o, m - o);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                return done ? (ssize_t)done : -1;
            o += (size_t)r;
        }
        done += k;
    }
    return (ssize_t)n;
}

static int guard_close(void *c)
{
    guard_t *g = c;
    char out[32];
    size_t m = sei_term_escape(&g->st, "", 0, 1, out);
    /* At exit, a failed write has nowhere left to be told. */
    if (m)
        (void)!write(g->fd, out, m);
    return 0;
}

/* Static: the streams live until the process ends (exit flushes them but
 * frees nothing). */
static guard_t guards[2];

static FILE *guarded(FILE *f, guard_t *g, int mode)
{
    int fd = fileno(f);
    if (fd < 0 || !isatty(fd))
        return f;
    memset(g, 0, sizeof *g);
    g->fd = fd;
    cookie_io_functions_t io = {NULL, guard_write, NULL, guard_close};
    FILE *n = fopencookie(g, "w", io);
    if (!n)
        return f;
    fflush(f);
    setvbuf(n, NULL, mode, 0);
    return n;
}

void sei_term_guard(void)
{
    stdout = guarded(stdout, &guards[0], _IOLBF);
    stderr = guarded(stderr, &guards[1], _IONBF);
}
