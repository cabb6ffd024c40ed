/* textbuf.c - the growing text buffer, and files read and written whole (textbuf.h). */
#define _GNU_SOURCE /* renameat2 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include "textbuf.h"

void sei_text_put(sei_text *t, const char *s, size_t n)
{
    if (t->oom)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *np = realloc(t->p, cap);
        if (!np) {
            t->oom = 1;
            return;
        }
        t->p = np;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = 0;
}

void sei_text_puts(sei_text *t, const char *s) { sei_text_put(t, s, strlen(s)); }

void sei_text_printf(sei_text *t, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->oom = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        sei_text_put(t, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        t->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sei_text_put(t, big, (size_t)n);
    free(big);
}

void sei_text_free(sei_text *t)
{
    free(t->p);
    memset(t, 0, sizeof *t);
}

/* Write len bytes to path so that path holds either its old contents or all
 * the new ones, whatever happens: a temp file beside it, fsync, rename,
 * fsync of the directory (which makes the rename itself durable). With
 * noreplace the rename never replaces a file that appeared meanwhile.
 * Returns 0, or -1 with a message in msg. */
/* The folder path lies in, into dir: "." for a bare name, "/" for a
 * file at the root. */
static void folder_of(const char *path, char *dir, size_t n)
{
    snprintf(dir, n, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = 0;
    else
        snprintf(dir, n, ".");
}

static int write_atomic(const char *path, const char *data, size_t len, int noreplace, char *msg, size_t n)
{
    char tmp[PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path) >= (int)sizeof tmp) {
        snprintf(msg, n, "path too long: '%s'", path);
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(msg, n, "cannot create '%s': %s", tmp, strerror(errno));
        return -1;
    }
    /* mkstemp makes 0600; an export is meant to be read by others. */
    int rc = fchmod(fd, 0644);
    for (size_t done = 0; !rc && done < len;) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            rc = -1;
        else
            done += (size_t)w;
    }
    if (!rc)
        rc = fsync(fd);
    int e = errno;
    if (close(fd) && !rc) {
        rc = -1;
        e = errno;
    }
    if (!rc && noreplace) {
        rc = renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE);
        /* File systems without it (older kernels, some USB sticks): the
         * caller's check just before is what stands. */
        if (rc && (errno == EINVAL || errno == ENOSYS))
            rc = rename(tmp, path);
        e = errno;
        if (rc && e == EEXIST) {
            unlink(tmp);
            snprintf(msg, n, "'%s' appeared while it was being written: left as it is", path);
            return -1;
        }
    } else if (!rc && rename(tmp, path)) {
        rc = -1;
        e = errno;
    }
    if (rc) {
        unlink(tmp);
        snprintf(msg, n, "cannot write '%s': %s", path, strerror(e));
        return -1;
    }
    char dir[PATH_MAX];
    folder_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd); /* best effort: some file systems refuse fsync on a directory */
        close(dfd);
    }
    return 0;
}

int sei_file_write_atomic(const char *path, const char *data, size_t len, char *msg, size_t n)
{
    return write_atomic(path, data, len, 0, msg, n);
}

int sei_file_write_out(const char *path, const char *data, size_t len, int replace, FILE *out, char *msg, size_t n)
{
    if (strcmp(path, "-"))
        return sei_file_write_new(path, data, len, replace, msg, n);
    if (fwrite(data, 1, len, out) != len || fflush(out)) {
        snprintf(msg, n, "cannot write to standard output");
        return -1;
    }
    return 0;
}

int sei_file_target_ok(const char *path, int replace, char *msg, size_t n)
{
    struct stat sb;
    size_t len = path ? strlen(path) : 0;
    if (!len) {
        snprintf(msg, n, "an empty file name: give the file to write");
        return -1;
    }
    if (path[len - 1] == '/') {
        snprintf(msg, n, "'%s' names a folder: give a file", path);
        return -1;
    }
    if (lstat(path, &sb)) {
        if (errno != ENOENT) {
            snprintf(msg, n, "cannot write '%s': %s", path, strerror(errno));
            return -1;
        }
        /* Nothing there yet: its folder must be there to write in, or a
         * whole game recorded (an export made) is lost at the end. */
        char dir[PATH_MAX];
        folder_of(path, dir, sizeof dir);
        struct stat db;
        if (stat(dir, &db) || !S_ISDIR(db.st_mode)) {
            snprintf(msg, n, "cannot write '%s': no folder '%s'", path, dir);
            return -1;
        }
        if (access(dir, W_OK | X_OK)) {
            snprintf(msg, n, "cannot write '%s': the folder '%s' may not be written in (%s)", path, dir,
                     strerror(errno));
            return -1;
        }
        return 0;
    }
    if (S_ISLNK(sb.st_mode)) {
        snprintf(msg, n, "'%s' is a symbolic link: not written through (give the file itself)", path);
        return -1;
    }
    if (S_ISDIR(sb.st_mode)) {
        snprintf(msg, n, "'%s' is a directory, not a file", path);
        return -1;
    }
    if (!S_ISREG(sb.st_mode)) {
        snprintf(msg, n, "'%s' is a %s, not a regular file: not written", path,
                 S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode) ? "device" : S_ISFIFO(sb.st_mode) ? "pipe" : "special file");
        return -1;
    }
    if (!replace) {
        snprintf(msg, n, "'%s' already exists: not replaced (give --force to replace it)", path);
        return -1;
    }
    return 0;
}

/* "NAME.tmpXXXXXX" as mkstemp makes them from NAME.tmpXXXXXX. */
static int is_temp_of(const char *entry, const char *base)
{
    size_t bl = strlen(base);
    if (strncmp(entry, base, bl) || strncmp(entry + bl, ".tmp", 4) || strlen(entry + bl + 4) != 6)
        return 0;
    for (const char *c = entry + bl + 4; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
            return 0;
    return 1;
}

int sei_file_clean_temps(const char *path)
{
    char dir[PATH_MAX];
    folder_of(path, dir, sizeof dir);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!is_temp_of(e->d_name, base))
            continue;
        char p[PATH_MAX];
        struct stat sb;
        if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) < (int)sizeof p && lstat(p, &sb) == 0 &&
            S_ISREG(sb.st_mode) && unlink(p) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

int sei_file_write_new(const char *path, const char *data, size_t len, int replace, char *msg, size_t n)
{
    if (sei_file_target_ok(path, replace, msg, n))
        return -1;
    sei_file_clean_temps(path);
    return write_atomic(path, data, len, !replace, msg, n);
}

char *sei_file_read(const char *path, size_t limit, size_t *len, char *msg, size_t n)
{
    /* "-" is standard input, as Unix tools take it (a file named "-" is
     * still read as "./-"). */
    int is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        int e = errno;
        snprintf(msg, n, "cannot open '%s': %s", path, strerror(e));
        errno = e;
        return NULL;
    }
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        got += fread(buf + got, 1, cap - got, f);
        if (got < cap || ferror(f) || got > limit)
            break;
        char *nb = realloc(buf, cap * 2 + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int rd_err = ferror(f), rd_errno = errno;
    if (!is_stdin)
        fclose(f);
    if (!buf) {
        snprintf(msg, n, "out of memory");
        errno = ENOMEM;
        return NULL;
    }
    if (rd_err || got > limit) {
        if (rd_err && rd_errno == EISDIR)
            snprintf(msg, n, "'%s' is a folder, not a file", path);
        else if (rd_err)
            snprintf(msg, n, "cannot read '%s'", path);
        else
            snprintf(msg, n, "'%s' is larger than %zu bytes: not a board file or game record", path, limit);
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[got] = 0;
    *len = got;
    return buf;
}

void sei_text_csv_field(sei_text *t, const char *v, int last)
{
    if (strpbrk(v, ",\"\r\n")) {
        sei_text_puts(t, "\"");
        for (const char *p = v; *p; p++) {
            sei_text_put(t, p, 1);
            if (*p == '"')
                sei_text_put(t, "\"", 1);
        }
        sei_text_puts(t, "\"");
    } else
        sei_text_puts(t, v);
    sei_text_puts(t, last ? "\r\n" : ",");
}

void sei_text_csv_text(sei_text *t, const char *v, int last)
{
    if (!v[0] || !strchr("=+-@\t\r", v[0])) {
        sei_text_csv_field(t, v, last);
        return;
    }
    sei_text t2 = {0};
    sei_text_puts(&t2, "'");
    sei_text_puts(&t2, v);
    if (t2.oom)
        t->oom = 1;
    else
        sei_text_csv_field(t, t2.p, last);
    sei_text_free(&t2);
}
