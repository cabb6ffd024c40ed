/* The committed render test set (images/testset) is well formed: every
 * picture has a truth file with a 9x9, 13x13 or 19x19 grid of size rows of
 * size points each, only '.', 'X' and 'O', four corners inside the picture,
 * and an image_size that is the JPEG's own; at least 100 pictures and
 * under 30 MB in all. A broken or truncated set is caught here, before any
 * reader figure is taken from it. No reader floors: this only checks the
 * data. The checker is shown broken truths first, so it can fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TESTSET_DIR SEI_TESTS_DIR "/../images/testset"

/* The text after "key": (whitespace skipped), or NULL. */
static const char *field(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *p = strstr(json, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    if (*p != ':')
        return NULL;
    p++;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

/* Reads "[a, b]" into v; returns the text after it or NULL. */
static const char *pair(const char *p, double v[2])
{
    p = skip_ws(p);
    if (*p != '[')
        return NULL;
    for (int i = 0; i < 2; i++) {
        char *end;
        v[i] = strtod(skip_ws(p + 1), &end);
        if (end == skip_ws(p + 1))
            return NULL;
        p = skip_ws(end);
        if (*p != (i ? ']' : ','))
            return NULL;
    }
    return p + 1;
}

/* Width and height from a JPEG's start-of-frame marker; 0 when unreadable. */
static int jpeg_size(const char *path, int *w, int *h)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    int ok = 0;
    if (fgetc(f) == 0xFF && fgetc(f) == 0xD8) {
        for (;;) {
            int c = fgetc(f);
            while (c == 0xFF)
                c = fgetc(f);
            if (c == EOF)
                break;
            int hi = fgetc(f), lo = fgetc(f);
            if (hi == EOF || lo == EOF)
                break;
            long len = hi << 8 | lo;
            if (c >= 0xC0 && c <= 0xCF && c != 0xC4 && c != 0xC8 && c != 0xCC) {
                unsigned char b[5];
                if (fread(b, 1, 5, f) == 5) {
                    *h = b[1] << 8 | b[2];
                    *w = b[3] << 8 | b[4];
                    ok = *w > 0 && *h > 0;
                }
                break;
            }
            if (len < 2 || fseek(f, len - 2, SEEK_CUR))
                break;
        }
    }
    fclose(f);
    return ok;
}

/* Checks one truth text against its picture's size (w, h; 0 = take the
 * truth's image_size on trust). Returns NULL or what is wrong. */
static const char *truth_problem(const char *json, int w, int h)
{
    const char *p = field(json, "size");
    if (!p)
        return "no size";
    int n = atoi(p);
    if (n != 9 && n != 13 && n != 19)
        return "size not 9, 13 or 19";
    p = field(json, "grid");
    if (!p || *p != '[')
        return "no grid";
    p++;
    for (int row = 0; row < n; row++) {
        p = skip_ws(p);
        if (row) {
            if (*p != ',')
                return "grid has too few rows";
            p = skip_ws(p + 1);
        }
        if (*p != '"')
            return "grid has too few rows";
        p++;
        for (int col = 0; col < n; col++, p++)
            if (*p != '.' && *p != 'X' && *p != 'O')
                return *p == '"' ? "grid row too short" : "grid point not . X or O";
        if (*p != '"')
            return "grid row too long";
        p++;
    }
    if (*skip_ws(p) != ']')
        return "grid has too many rows";
    double size[2];
    p = field(json, "image_size");
    if (!p || !pair(p, size))
        return "no image_size";
    if (w && h && (size[0] != w || size[1] != h))
        return "image_size is not the picture's size";
    p = field(json, "corners");
    if (!p || *p != '[')
        return "no corners";
    p++;
    for (int i = 0; i < 4; i++) {
        double c[2];
        p = skip_ws(p);
        if (i) {
            if (*p != ',')
                return "fewer than four corners";
            p++;
        }
        if (!(p = pair(p, c)))
            return "fewer than four corners";
        if (c[0] < 0 || c[1] < 0 || c[0] > size[0] - 1 || c[1] > size[1] - 1)
            return "a corner outside the picture";
    }
    if (*skip_ws(p) != ']')
        return "more than four corners";
    return NULL;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 16);
    size_t n = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* Broken truths the checker must refuse, and one it must take. */
static void test_checker(void **state)
{
    (void)state;
    const char *good = "{\"size\": 9, \"grid\": [\"X........\", \".........\", \".........\", \".........\", "
                       "\".........\", \".........\", \".........\", \".........\", \"........O\"], "
                       "\"corners\": [[10, 10], [90.5, 10], [90, 70], [10, 70]], \"image_size\": [100, 80]}";
    assert_null(truth_problem(good, 100, 80));
    struct {
        const char *from, *to, *why;
    } broken[] = {
        {"\"size\": 9", "\"size\": 8", "size not 9, 13 or 19"},
        {"\"X........\"", "\"X.......\"", "grid row too short"},
        {"\"X........\"", "\"X.........\"", "grid row too long"},
        {"\"X........\"", "\"X...x....\"", "grid point not . X or O"},
        {"\"X........\", ", "", "grid has too few rows"},
        {"\"........O\"]", "\"........O\", \".........\"]", "grid has too many rows"},
        {"[90, 70]", "[90, 80]", "a corner outside the picture"},
        {"[10, 10], ", "", "fewer than four corners"},
        {"[100, 80]", "[100, 81]", "image_size is not the picture's size"},
    };
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        char buf[1024];
        const char *at = strstr(good, broken[i].from);
        assert_non_null(at);
        snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - good), good, broken[i].to, at + strlen(broken[i].from));
        const char *why = truth_problem(buf, 100, 80);
        assert_non_null(why);
        assert_string_equal(why, broken[i].why);
    }
}

static void test_testset(void **state)
{
    (void)state;
    DIR *d = opendir(TESTSET_DIR);
    assert_non_null(d); /* committed with the code: its absence is a failure */
    int pictures = 0, bad = 0, sizes[20] = {0};
    long long bytes = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", TESTSET_DIR, e->d_name);
        struct stat st;
        if (e->d_name[0] == '.' || stat(path, &st))
            continue;
        bytes += st.st_size;
        const char *dot = strrchr(e->d_name, '.');
        if (!dot || strcmp(dot, ".json"))
            continue;
        char jpg[4096];
        snprintf(jpg, sizeof jpg, "%s/%.*s.jpg", TESTSET_DIR, (int)(dot - e->d_name), e->d_name);
        int w = 0, h = 0;
        char *json = slurp(path);
        const char *why = !jpeg_size(jpg, &w, &h) ? "no readable picture beside it" : !json ? "unreadable" : truth_problem(json, w, h);
        if (why) {
            printf("%s: %s\n", e->d_name, why);
            bad++;
        } else {
            pictures++;
            sizes[atoi(field(json, "size"))]++;
        }
        free(json);
    }
    closedir(d);
    printf("%s: %d pictures (%d 9x9, %d 13x13, %d 19x19), %d bad, %.1f MB\n", TESTSET_DIR, pictures, sizes[9], sizes[13],
           sizes[19], bad, bytes / 1e6);
    assert_int_equal(bad, 0);
    assert_true(pictures >= 100);
    assert_true(sizes[9] > 0 && sizes[13] > 0 && sizes[19] > 0);
    assert_true(bytes < 30LL * 1000 * 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker),
        cmocka_unit_test(test_testset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
