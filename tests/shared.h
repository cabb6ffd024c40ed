/* shared.h - where the tests find ../shared, and how they say they skipped.
 *
 * The shared sets (rules, SGF corpora, photos) sit beside the checkout and
 * are never copied into it. A test that needs them skips with a message when
 * they are absent; its program then exits 77, which ctest reports as
 * "skipped", but only when nothing failed: a failing inline test in the
 * same program must still fail the run. */
#ifndef SEI_TEST_SHARED_H
#define SEI_TEST_SHARED_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* The shared folder: $SEI_SHARED, else the build's SEI_SHARED_DIR. */
static inline const char *sei_test_shared_dir(void)
{
    const char *d = getenv("SEI_SHARED");
    if (d && *d)
        return d;
#ifdef SEI_SHARED_DIR
    return SEI_SHARED_DIR;
#else
    return NULL;
#endif
}

static inline int sei_test_shared_present(void)
{
    struct stat st;
    const char *d = sei_test_shared_dir();
    return d && stat(d, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A whole file, NUL-terminated (its bytes may hold NULs too: *len, when
 * not NULL, gets the length), or NULL; the caller frees it. */
static inline char *sei_test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
        if (n + 1 >= cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

static inline char *sei_test_read_text(const char *path) { return sei_test_read_file(path, NULL); }

/* What main returns: the failure count, else 77 when the shared data was
 * missing (so its tests were skipped), else 0. */
static inline int sei_test_exit(int failed)
{
    if (failed)
        return failed;
    if (!sei_test_shared_present()) {
        printf("shared data absent (%s): its tests were skipped\n",
               sei_test_shared_dir() ? sei_test_shared_dir() : "no SEI_SHARED_DIR");
        return 77;
    }
    return 0;
}

#endif
