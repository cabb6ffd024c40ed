/* sgf.c - the SGF reader and writer, text decoding, the game view, replay
 * onto a board and the record of a count.
 *
 * The tree lives in flat arrays (nodes, properties, values) linked by int
 * ids, with every string in one byte arena. Flat arrays make a hostile file
 * cost memory in proportion to its size and nothing else: the parser, the
 * writer and the comparison walk the tree through parent/child/sibling links
 * without recursion, so no nesting depth can overflow the C stack. */
#define _POSIX_C_SOURCE 200809L

#include "sgf.h"
#include "rules.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int parent, child, last_child, next, nchildren;
    int prop_first, prop_last, nprops;
    size_t offset;
} node_t;

typedef struct {
    int next;
    size_t id_off, key_off; /* NUL-terminated strings in the arena */
    int val_first, val_last, nvals;
} prop_t;

typedef struct {
    size_t off, len; /* in the arena, NUL after the last byte */
    int next;
} val_t;

typedef struct {
    int root;
    int node_lo, node_hi; /* nodes of a parsed tree are contiguous */
    char charset[32];
    int bad;
} game_t;

struct sei_sgf {
    node_t *nodes;
    int nn, ncap;
    prop_t *props;
    int np, pcap;
    val_t *vals;
    int nv, vcap;
    char *arena;
    size_t an, acap;
    game_t *games;
    int ng, gcap;
    char errmsg[256];
};

/* ---- small helpers ----------------------------------------------------------- */

static sei_status fail(sei_sgf *s, sei_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->errmsg, sizeof s->errmsg, fmt, ap);
    va_end(ap);
    return st;
}

/* Grow an array of elem-sized items to hold need; -1 when that is too big. */
static int grow(void **buf, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return 0;
    if (need > INT32_MAX / 2)
        return -1;
    int nc = *cap ? *cap : 64;
    while (nc < need)
        nc *= 2;
    void *nb = realloc(*buf, (size_t)nc * elem);
    if (!nb)
        return -1;
    *buf = nb;
    *cap = nc;
    return 0;
}

static int arena_reserve(sei_sgf *s, size_t more)
{
    if (more > SIZE_MAX / 4 - s->an)
        return -1;
    size_t need = s->an + more;
    if (need <= s->acap)
        return 0;
    size_t nc = s->acap ? s->acap : 4096;
    while (nc < need)
        nc *= 2;
    char *nb = realloc(s->arena, nc);
    if (!nb)
        return -1;
    s->arena = nb;
    s->acap = nc;
    return 0;
}

/* Copy n bytes and a NUL into the arena; the offset, or SIZE_MAX. */
static size_t arena_add(sei_sgf *s, const char *p, size_t n)
{
    if (arena_reserve(s, n + 1))
        return SIZE_MAX;
    size_t off = s->an;
    if (n)
        memcpy(s->arena + off, p, n);
    s->arena[off + n] = 0;
    s->an += n + 1;
    return off;
}

static int is_letter(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
static int is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static int is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* The key of an id: its uppercase letters ("AddBlack" -> "AB"). FF[3]
 * wrote ids in mixed case and readers were told to ignore the lowercase. */
static void id_key(const char *id, size_t n, char *key)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (is_upper((unsigned char)id[i]))
            key[k++] = id[i];
    key[k] = 0;
}

static void clear_tree(sei_sgf *s)
{
    s->nn = s->np = s->nv = s->ng = 0;
    s->an = 0;
}

sei_sgf *sei_sgf_create(void)
{
    sei_sgf *s = calloc(1, sizeof *s);
    return s;
}

void sei_sgf_destroy(sei_sgf *s)
{
    if (!s)
        return;
    free(s->nodes);
    free(s->props);
    free(s->vals);
    free(s->arena);
    free(s->games);
    free(s);
}

const char *sei_sgf_errmsg(const sei_sgf *s) { return s ? s->errmsg : "no SGF handle"; }

/* ---- building blocks shared by the parser and the editing calls -------------- */

static int new_node(sei_sgf *s, int parent, size_t offset)
{
    if (s->nn >= SEI_SGF_MAX_NODES || grow((void **)&s->nodes, &s->ncap, s->nn + 1, sizeof *s->nodes))
        return -1;
    int id = s->nn++;
    node_t *n = &s->nodes[id];
    n->parent = parent;
    n->child = n->last_child = n->next = -1;
    n->nchildren = 0;
    n->prop_first = n->prop_last = -1;
    n->nprops = 0;
    n->offset = offset;
    if (parent >= 0) {
        node_t *p = &s->nodes[parent];
        if (p->last_child >= 0)
            s->nodes[p->last_child].next = id;
        else
            p->child = id;
        p->last_child = id;
        p->nchildren++;
    }
    return id;
}

static int new_game(sei_sgf *s, int root)
{
    if (grow((void **)&s->games, &s->gcap, s->ng + 1, sizeof *s->games))
        return -1;
    game_t *g = &s->games[s->ng++];
    memset(g, 0, sizeof *g);
    g->root = root;
    g->node_lo = root;
    g->node_hi = root + 1;
    snprintf(g->charset, sizeof g->charset, "UTF-8");
    return 0;
}

/* A property with the given id (already checked) appended to node, or put
 * first when front is set. */
static int new_prop(sei_sgf *s, int node, const char *id, size_t idn, int front)
{
    char key[SEI_SGF_MAX_ID + 1];
    id_key(id, idn, key);
    if (grow((void **)&s->props, &s->pcap, s->np + 1, sizeof *s->props))
        return -1;
    size_t io = arena_add(s, id, idn);
    size_t ko = io == SIZE_MAX ? SIZE_MAX : arena_add(s, key, strlen(key));
    if (ko == SIZE_MAX)
        return -1;
    int pid = s->np++;
    prop_t *p = &s->props[pid];
    p->next = -1;
    p->id_off = io;
    p->key_off = ko;
    p->val_first = p->val_last = -1;
    p->nvals = 0;
    node_t *n = &s->nodes[node];
    if (front && n->prop_first >= 0) {
        p->next = n->prop_first;
        n->prop_first = pid;
    } else {
        if (n->prop_last >= 0)
            s->props[n->prop_last].next = pid;
        else
            n->prop_first = pid;
        n->prop_last = pid;
    }
    n->nprops++;
    return pid;
}

/* Append a value whose bytes are already at arena offset off. */
static int new_val(sei_sgf *s, int prop, size_t off, size_t len)
{
    if (grow((void **)&s->vals, &s->vcap, s->nv + 1, sizeof *s->vals))
        return -1;
    int vid = s->nv++;
    s->vals[vid].off = off;
    s->vals[vid].len = len;
    s->vals[vid].next = -1;
    prop_t *p = &s->props[prop];
    if (p->val_last >= 0)
        s->vals[p->val_last].next = vid;
    else
        p->val_first = vid;
    p->val_last = vid;
    p->nvals++;
    return vid;
}

/* ---- the parser ------------------------------------------------------------------ */

static sei_status parse_error(sei_sgf *s, const char *buf, size_t at, const char *fmt, ...)
{
    char msg[180];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* Lines and columns only on failure: counting them on every byte would
     * slow the common case for nothing. Columns count bytes, from 1. */
    long line = 1, col = 1;
    for (size_t i = 0; i < at; i++) {
        if (buf[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    clear_tree(s);
    snprintf(s->errmsg, sizeof s->errmsg, "byte %zu (line %ld, column %ld): %s", at, line, col, msg);
    return SEI_ERR_PARSE;
}

static void describe_byte(int c, char *out, size_t n)
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(out, n, "'%c'", c);
    else
        snprintf(out, n, "byte 0x%02x", c);
}

static sei_status decode_games(sei_sgf *s);

/* Offset of the first byte that is not a blank or a UTF-8 byte order mark. */
static size_t first_token(const char *buf, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < n && is_space((unsigned char)buf[i]))
        i++;
    return i;
}

sei_status sei_sgf_parse(sei_sgf *s, const char *buf, size_t len)
{
    clear_tree(s);
    s->errmsg[0] = 0;
    if (!buf && len)
        return fail(s, SEI_ERR_ARG, "no buffer");
    if (len > SEI_SGF_MAX_INPUT)
        return fail(s, SEI_ERR_PARSE, "the file has %zu bytes; SGF files of more than %zu bytes are refused",
                    len, SEI_SGF_MAX_INPUT);

    /* stack[d] is the node that nodes of the variation opened at depth d+1
     * hang from (-1 for a root); open_at[d] where that '(' was. */
    int *stack = NULL;
    size_t *open_at = NULL;
    int scap = 0, ocap = 0, depth = 0, cur = -1, need_node = 0;
    sei_status st = SEI_OK;
    size_t i = 0, first = first_token(buf, len);

#define PFAIL(at, ...)                                 \
    do {                                               \
        st = parse_error(s, buf, (at), __VA_ARGS__);   \
        goto done;                                     \
    } while (0)
#define NOMEM()                                                          \
    do {                                                                 \
        clear_tree(s);                                                   \
        st = fail(s, SEI_ERR_NOMEM, "out of memory reading the SGF");    \
        goto done;                                                       \
    } while (0)

    while (i < len) {
        int c = (unsigned char)buf[i];
        if (depth == 0) {
            /* Between game trees anything goes: headers, a BOM, trailing
             * junk. Only '(' starts a tree. */
            /* Some Fox exports lose the opening '(': a file whose first
             * token is ';' is read as if it were there. */
            int implied = c == ';' && i == first;
            if (c == '(' || implied) {
                if (grow((void **)&stack, &scap, 1, sizeof *stack) ||
                    grow((void **)&open_at, &ocap, 1, sizeof *open_at))
                    NOMEM();
                stack[0] = -1;
                open_at[0] = i;
                depth = 1;
                cur = -1;
                need_node = 1;
                if (implied)
                    continue; /* the ';' is read again as a node */
            }
            i++;
            continue;
        }
        if (is_space(c)) {
            i++;
            continue;
        }
        if (c == '(') {
            if (need_node)
                PFAIL(i, "'(' where a node (';') must start the game tree");
            if (depth >= SEI_SGF_MAX_DEPTH)
                PFAIL(i, "variations nested more than %d deep", SEI_SGF_MAX_DEPTH);
            if (grow((void **)&stack, &scap, depth + 1, sizeof *stack) ||
                grow((void **)&open_at, &ocap, depth + 1, sizeof *open_at))
                NOMEM();
            stack[depth] = cur;
            open_at[depth] = i;
            depth++;
            need_node = 1;
            i++;
        } else if (c == ';') {
            int parent = cur;
            int id = new_node(s, parent, i);
            if (id < 0) {
                if (s->nn >= SEI_SGF_MAX_NODES)
                    PFAIL(i, "more than %d nodes", SEI_SGF_MAX_NODES);
                NOMEM();
            }
            if (parent < 0) {
                if (new_game(s, id))
                    NOMEM();
            } else {
                s->games[s->ng - 1].node_hi = id + 1;
            }
            cur = id;
            need_node = 0;
            i++;
        } else if (c == ')') {
            if (need_node)
                PFAIL(i, "empty game tree: '(' must be followed by a node (';')");
            depth--;
            cur = stack[depth];
            i++;
        } else if (is_letter(c)) {
            size_t start = i;
            while (i < len && is_letter((unsigned char)buf[i]))
                i++;
            size_t idn = i - start;
            if (need_node)
                PFAIL(start, "property %.*s outside a node (missing ';')", (int)(idn > 20 ? 20 : idn), buf + start);
            if (idn > SEI_SGF_MAX_ID)
                PFAIL(start, "property id of %zu letters (at most %d)", idn, SEI_SGF_MAX_ID);
            int upper = 0;
            for (size_t k = start; k < i; k++)
                upper |= is_upper((unsigned char)buf[k]);
            if (!upper)
                PFAIL(start, "property id '%.*s' has no uppercase letter", (int)idn, buf + start);
            while (i < len && is_space((unsigned char)buf[i]))
                i++;
            if (i >= len || buf[i] != '[')
                PFAIL(start, "property %.*s has no value (expected '[')", (int)idn, buf + start);
            int pid = new_prop(s, cur, buf + start, idn, 0);
            if (pid < 0)
                NOMEM();
            while (i < len && buf[i] == '[') {
                size_t vstart = i++;
                /* Unescape into the arena as we go: the value is never
                 * longer than its text. */
                if (arena_reserve(s, len - i + 1))
                    NOMEM();
                size_t off = s->an, n = 0;
                char *out = s->arena + off;
                int closed = 0;
                while (i < len) {
                    char ch = buf[i];
                    if (ch == ']') {
                        closed = 1;
                        i++;
                        break;
                    }
                    if (ch == '\\') {
                        if (i + 1 >= len)
                            break;
                        char nx = buf[i + 1];
                        if (nx == '\n' || nx == '\r') {
                            /* A soft line break: the backslash and the
                             * line break (any of \n \r \r\n \n\r) vanish. */
                            i += 2;
                            if (i < len && (buf[i] == '\n' || buf[i] == '\r') && buf[i] != nx)
                                i++;
                            continue;
                        }
                        out[n++] = nx;
                        i += 2;
                        continue;
                    }
                    out[n++] = ch;
                    i++;
                }
                if (!closed)
                    PFAIL(vstart, "unclosed property value (missing ']')");
                out[n] = 0;
                s->an += n + 1;
                if (new_val(s, pid, off, n) < 0)
                    NOMEM();
                while (i < len && is_space((unsigned char)buf[i]))
                    i++;
            }
        } else {
            char what[16];
            describe_byte(c, what, sizeof what);
            if (need_node)
                PFAIL(i, "unexpected %s where a node (';') must start the game tree", what);
            PFAIL(i, "unexpected %s between properties", what);
        }
        if (depth == 0)
            need_node = 0;
    }
    if (depth > 0) {
        size_t o = open_at[depth - 1];
        long line = 1;
        for (size_t k = 0; k < o; k++)
            line += buf[k] == '\n';
        PFAIL(len, "end of file inside a game tree (the '(' at byte %zu, line %ld, is never closed)", o, line);
    }
    if (s->ng == 0)
        PFAIL(0, "no game tree: an SGF file holds '(' ';' ... ')'");
    st = decode_games(s);
done:
    free(stack);
    free(open_at);
    return st;
#undef PFAIL
#undef NOMEM
}

/* ---- text decoding ----------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at p (at most n bytes), 0 if invalid.
 * Strict: no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    if (c < 0x80)
        return 1;
    size_t k;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        k = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        k = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        k = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (n < k || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t j = 2; j < k; j++)
        if (p[j] < 0x80 || p[j] > 0xBF)
            return 0;
    return k;
}

/* Count valid multibyte sequences and invalid bytes. */
static void utf8_stats(const char *t, size_t n, long *multi, long *bad)
{
    const unsigned char *p = (const unsigned char *)t;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_len(p + i, n - i);
        if (k == 0) {
            (*bad)++;
            i++;
        } else {
            *multi += k > 1;
            i += k;
        }
    }
}

static const char REPL[] = "\xEF\xBF\xBD"; /* U+FFFD */

/* Append t to the arena as UTF-8, each invalid byte replaced by U+FFFD. */
static int put_utf8_repaired(sei_sgf *s, const char *t, size_t n, size_t *outlen, int *bad)
{
    if (arena_reserve(s, n * 3 + 1))
        return -1;
    const unsigned char *p = (const unsigned char *)t;
    char *o = s->arena + s->an;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_len(p + i, n - i);
        if (k == 0) {
            memcpy(o + w, REPL, 3);
            w += 3;
            i++;
            (*bad)++;
        } else {
            memcpy(o + w, p + i, k);
            w += k;
            i += k;
        }
    }
    o[w] = 0;
    *outlen = w;
    s->an += w + 1;
    return 0;
}

/* Append t converted by cd; an undecodable byte becomes U+FFFD and is
 * counted in *bad. */
static int put_iconv(sei_sgf *s, iconv_t cd, const char *t, size_t n, size_t *outlen, int *bad)
{
    iconv(cd, NULL, NULL, NULL, NULL);
    size_t start = s->an, w = 0;
    char *in = (char *)t;
    size_t inleft = n;
    for (;;) {
        /* Room for the worst case of the rest (4 bytes per input byte). */
        if (arena_reserve(s, w + inleft * 4 + 8))
            return -1;
        char *o = s->arena + start + w;
        size_t oleft = s->acap - start - w - 1;
        size_t r = inleft ? iconv(cd, &in, &inleft, &o, &oleft) : 0;
        w = (size_t)(o - (s->arena + start));
        if (r != (size_t)-1) {
            /* Flush any shift state (stateful encodings). */
            o = s->arena + start + w;
            oleft = s->acap - start - w - 1;
            iconv(cd, NULL, NULL, &o, &oleft);
            w = (size_t)(o - (s->arena + start));
            break;
        }
        if (errno == E2BIG)
            continue;
        /* EILSEQ or EINVAL (a sequence cut at the end): replace one byte. */
        if (arena_reserve(s, w + 3 + inleft * 4 + 8))
            return -1;
        memcpy(s->arena + start + w, REPL, 3);
        w += 3;
        (*bad)++;
        in++;
        inleft--;
        iconv(cd, NULL, NULL, NULL, NULL);
        if (!inleft)
            break;
    }
    s->arena[start + w] = 0;
    s->an = start + w + 1;
    *outlen = w;
    return 0;
}

/* A charset name compared loosely: uppercase, no '-', '_', ' '. */
static void norm_charset(const char *in, char *out, size_t n)
{
    size_t k = 0;
    for (; *in && k + 1 < n; in++) {
        char c = *in;
        if (c == '-' || c == '_' || c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        out[k++] = c;
    }
    out[k] = 0;
}

/* The iconv names to try for a CA value, supersets first: files labelled
 * GB2312 routinely hold GBK characters, Shift_JIS files Microsoft's
 * extensions, EUC-KR files UHC syllables. */
static void charset_candidates(const char *norm, const char *raw, const char *out[3])
{
    out[0] = out[1] = out[2] = NULL;
    if (!strcmp(norm, "GB2312") || !strcmp(norm, "GBK") || !strcmp(norm, "CP936") || !strcmp(norm, "EUCCN") ||
        !strcmp(norm, "GB231280") || !strcmp(norm, "GB18030") || !strcmp(norm, "GB") || !strcmp(norm, "X-GBK")) {
        out[0] = "GB18030";
        out[1] = "GBK";
    } else if (!strcmp(norm, "BIG5") || !strcmp(norm, "CP950") || !strcmp(norm, "BIG5HKSCS")) {
        out[0] = "BIG5-HKSCS";
        out[1] = "BIG5";
    } else if (!strcmp(norm, "SHIFTJIS") || !strcmp(norm, "SJIS") || !strcmp(norm, "CP932") ||
               !strcmp(norm, "MSKANJI") || !strcmp(norm, "WINDOWS31J")) {
        out[0] = "CP932";
        out[1] = "SHIFT_JIS";
    } else if (!strcmp(norm, "EUCKR") || !strcmp(norm, "CP949") || !strcmp(norm, "UHC") ||
               !strcmp(norm, "KSC56011987") || !strcmp(norm, "KSC5601")) {
        out[0] = "CP949";
        out[1] = "EUC-KR";
    } else if (!strcmp(norm, "EUCJP")) {
        out[0] = "EUC-JP";
    } else {
        out[0] = raw;
    }
}

/* ---- a charset from the bytes, when CA does not say ----------------------------------- */

/* Without CA, FF[4] says ISO-8859-1; UTF-8 is tried first (most files
 * today), and an East Asian double-byte charset is taken only on clear
 * evidence, since such bytes also read as Latin-1 ("cr\xe9\xe9" is both
 * "créé" and one Chinese character). Clear means: at least two
 * characters, every non-ASCII byte part of a character of that script
 * (Han, kana, Hangul, CJK punctuation and full-width forms; no half-width
 * kana, which are Latin-1's accented letters), and few of them glued to
 * a Latin letter as an accented letter is. */

enum { CJK_GB, CJK_SJIS, CJK_KR, CJK_N };
static const char *const cjk_iconv[CJK_N] = {"GB18030", "CP932", "CP949"};
static const char *const cjk_label[CJK_N] = {"GB18030", "Shift_JIS", "EUC-KR"};

/* Syllables common in Korean names and Go text (이 김 박 바둑 흑 백 ...): a
 * Korean text is mostly made of them; Chinese GB bytes read as EUC-KR
 * (both use the same byte ranges) give syllables mostly outside them. */
static const unsigned short common_hangul[] = {
    0xAC00, 0xAC01, 0xAC04, 0xAC10, 0xAC15, 0xAC1C, 0xAC70, 0xAC74, 0xAC8C, 0xACA9, 0xACB0, 0xACBD, 0xACC4, 0xACE0,
    0xACF5, 0xACFC, 0xAD00, 0xAD11, 0xAD50, 0xAD6C, 0xAD6D, 0xAD70, 0xAD8C, 0xADC0, 0xADF8, 0xADFC, 0xAE08, 0xAE30,
    0xAE40, 0xB098, 0xB0A8, 0xB0B4, 0xB124, 0xB178, 0xB294, 0xB2C8, 0xB2E4, 0xB2E8, 0xB300, 0xB354, 0xB370, 0xB3C4,
    0xB3CC, 0xB3D9, 0xB418, 0xB41C, 0xB450, 0xB451, 0xB4DC, 0xB4E4, 0xB4F1, 0xB514, 0xB77C, 0xB798, 0xB7EC, 0xB808,
    0xB85C, 0xB85D, 0xB958, 0xB974, 0xB97C, 0xB9AC, 0xB9B0, 0xB9C8, 0xB9CC, 0xB9D0, 0xB9E4, 0xBA74, 0xBA85, 0xBAA8,
    0xBB34, 0xBB38, 0xBB3C, 0xBBF8, 0xBBFC, 0xBC14, 0xBC15, 0xBC18, 0xBC1C, 0xBC29, 0xBC30, 0xBC31, 0xBC84, 0xBC88,
    0xBC95, 0xBCC0, 0xBCF4, 0xBCF8, 0xBD80, 0xBD81, 0xBD84, 0xBE44, 0xC0AC, 0xC0B0, 0xC0C1, 0xC0C8, 0xC0DD, 0xC11C,
    0xC11D, 0xC120, 0xC124, 0xC131, 0xC138, 0xC18C, 0xC18D, 0xC190, 0xC1A1, 0xC218, 0xC21C, 0xC2A4, 0xC2B9, 0xC2DC,
    0xC2DD, 0xC2E0, 0xC2E4, 0xC2EC, 0xC544, 0xC548, 0xC54A, 0xC54C, 0xC57C, 0xC57D, 0xC591, 0xC5B4, 0xC5B8, 0xC5C5,
    0xC5C6, 0xC5D0, 0xC5EC, 0xC5ED, 0xC5F0, 0xC5F4, 0xC601, 0xC608, 0xC624, 0xC625, 0xC628, 0xC640, 0xC644, 0xC655,
    0xC694, 0xC6A9, 0xC6B0, 0xC6B4, 0xC6D0, 0xC704, 0xC720, 0xC721, 0xC724, 0xC73C, 0xC740, 0xC744, 0xC74C, 0xC758,
    0xC774, 0xC778, 0xC77C, 0xC784, 0xC785, 0xC788, 0xC790, 0xC791, 0xC7A5, 0xC7AC, 0xC800, 0xC801, 0xC804, 0xC815,
    0xC81C, 0xC870, 0xC874, 0xC885, 0xC8FC, 0xC900, 0xC911, 0xC9C0, 0xC9C4, 0xC9D1, 0xCC28, 0xCC3D, 0xCC44, 0xCC98,
    0xCC9C, 0xCCA0, 0xCCAD, 0xCCB4, 0xCD08, 0xCD5C, 0xCD94, 0xCDA9, 0xCE58, 0xCE74, 0xD0C0, 0xD0DC, 0xD130, 0xD1A0,
    0xD1B5, 0xD2B8, 0xD2B9, 0xD30C, 0xD310, 0xD328, 0xD3B8, 0xD3C9, 0xD3EC, 0xD45C, 0xD504, 0xD53C, 0xD558, 0xD559,
    0xD55C, 0xD560, 0xD568, 0xD574, 0xD589, 0xD5C8, 0xD601, 0xD604, 0xD615, 0xD638, 0xD64D, 0xD654, 0xD658, 0xD669,
    0xD68C, 0xD6A8, 0xD6C4, 0xD6C8, 0xD751, 0xD76C, 0xD788
};

static int is_common_hangul(unsigned cp)
{
    size_t lo = 0, hi = sizeof common_hangul / sizeof common_hangul[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (common_hangul[mid] == cp)
            return 1;
        if (common_hangul[mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

typedef struct {
    long native;  /* characters of the script */
    long ext;     /* rare characters of GBK's or UHC's extensions */
    long glued;   /* of them, glued to a Latin letter as an accented letter is */
    long foreign; /* bytes that decode to nothing, or to what the script's text does not hold */
    long hangul, common; /* Hangul syllables, and of them common ones */
} cjk_tally;

static int ascii_letter(unsigned char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Bytes of the character starting at p[0] (a byte >= 0x80) in charset k. */
static size_t cjk_char_len(int k, const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    if (k == CJK_SJIS)
        return ((c >= 0x81 && c <= 0x9f) || (c >= 0xe0 && c <= 0xfc)) && n >= 2 ? 2 : 1;
    if (c < 0x81 || c == 0xff || n < 2)
        return 1;
    if (k == CJK_GB && p[1] >= 0x30 && p[1] <= 0x39)
        return n >= 4 ? 4 : n;
    return 2;
}

static void cjk_count(int k, iconv_t cd, const unsigned char *p, size_t n, cjk_tally *t)
{
    /* One foreign byte settles it: a long Latin-1 text costs little. */
    for (size_t i = 0; i < n && !t->foreign;) {
        if (p[i] < 0x80) {
            i++;
            continue;
        }
        size_t l = cjk_char_len(k, p + i, n - i);
        unsigned char out[8];
        char *in = (char *)(p + i), *o = (char *)out;
        size_t inleft = l, oleft = sizeof out;
        iconv(cd, NULL, NULL, NULL, NULL);
        unsigned cp = 0;
        if (iconv(cd, &in, &inleft, &o, &oleft) != (size_t)-1 && inleft == 0 && oleft == 4)
            cp = (unsigned)out[0] << 24 | (unsigned)out[1] << 16 | (unsigned)out[2] << 8 | out[3];
        int han = cp >= 0x4e00 && cp <= 0x9fff, kana = cp >= 0x3040 && cp <= 0x30ff,
            hangul = cp >= 0xac00 && cp <= 0xd7a3, punct = (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff01 && cp <= 0xff5e),
            symbol = cp >= 0x2000 && cp <= 0x26ff; /* ○ ● ★ → and the like: neither for nor against */
        int ok = han || punct || (k == CJK_SJIS && kana) || (k == CJK_KR && hangul);
        /* GBK's and UHC's extensions (a byte below 0xa1) hold rare
         * characters; Shift_JIS's common ones are there. Neither for nor
         * against, unless they are most of the text. */
        int ext = ok && k != CJK_SJIS && l == 2 && (p[i] < 0xa1 || p[i + 1] < 0xa1);
        if (ext)
            t->ext++;
        else if (ok) {
            t->native++;
            if ((i > 0 && ascii_letter(p[i - 1])) || (l == 2 && ascii_letter(p[i + 1]) && i + 2 < n && ascii_letter(p[i + 2])))
                t->glued++;
            t->hangul += hangul;
            t->common += hangul && is_common_hangul(cp);
        } else if (!symbol || l == 1)
            t->foreign++;
        i += l;
    }
}

/* The East Asian charset game gi's raw text shows clear evidence of, or
 * -1. */
static int cjk_guess(const sei_sgf *s, const game_t *g, const char *old)
{
    cjk_tally t[CJK_N];
    memset(t, 0, sizeof t);
    int pass[CJK_N] = {0};
    for (int k = 0; k < CJK_N; k++) {
        iconv_t cd = iconv_open("UTF-32BE", cjk_iconv[k]);
        if (cd == (iconv_t)-1)
            continue;
        for (int nd = g->node_lo; nd < g->node_hi && !t[k].foreign; nd++)
            for (int p = s->nodes[nd].prop_first; p >= 0 && !t[k].foreign; p = s->props[p].next)
                for (int v = s->props[p].val_first; v >= 0 && !t[k].foreign; v = s->vals[v].next)
                    cjk_count(k, cd, (const unsigned char *)old + s->vals[v].off, s->vals[v].len, &t[k]);
        iconv_close(cd);
        pass[k] = t[k].foreign == 0 && t[k].native >= 2 && t[k].glued * 4 <= t[k].native && t[k].ext <= t[k].native;
    }
    /* GB and EUC-KR share their byte ranges: the Korean reading wins only
     * when three quarters of its syllables are common Korean ones (of a
     * Chinese text read so, a few are by chance). */
    if (pass[CJK_GB] && pass[CJK_KR])
        pass[t[CJK_KR].hangul && t[CJK_KR].common * 4 >= t[CJK_KR].hangul * 3 ? CJK_GB : CJK_KR] = 0;
    int best = -1;
    for (int k = 0; k < CJK_N; k++)
        if (pass[k] && (best < 0 || t[k].native > t[best].native))
            best = k;
    return best;
}

/* Re-encode every value of game gi into the new arena of s (the old one is
 * passed in) and note what was done. */
static sei_status decode_game(sei_sgf *s, int gi, const char *old)
{
    game_t *g = &s->games[gi];
    /* The root's CA. */
    char raw[64] = "", norm[64] = "";
    int ca_prop = -1;
    for (int p = s->nodes[g->root].prop_first; p >= 0; p = s->props[p].next)
        if (!strcmp(old + s->props[p].key_off, "CA")) {
            ca_prop = p;
            int v = s->props[p].val_first;
            if (v >= 0)
                snprintf(raw, sizeof raw, "%s", old + s->vals[v].off);
            break;
        }
    /* Trim. */
    char *r = raw;
    while (is_space((unsigned char)*r))
        r++;
    size_t rl = strlen(r);
    while (rl && is_space((unsigned char)r[rl - 1]))
        r[--rl] = 0;
    norm_charset(r, norm, sizeof norm);

    long multi = 0, bad = 0;
    for (int nd = g->node_lo; nd < g->node_hi; nd++)
        for (int p = s->nodes[nd].prop_first; p >= 0; p = s->props[p].next)
            for (int v = s->props[p].val_first; v >= 0; v = s->vals[v].next)
                utf8_stats(old + s->vals[v].off, s->vals[v].len, &multi, &bad);

    int is_utf8 = !strcmp(norm, "UTF8");
    int is_ascii = !norm[0] || !strcmp(norm, "ASCII") || !strcmp(norm, "USASCII") || !strcmp(norm, "ANSIX3.41968");
    iconv_t cd = (iconv_t)-1;
    int repair = 0; /* 1: keep valid UTF-8, replace bad bytes */
    if (is_utf8 || is_ascii) {
        if (bad == 0) {
            snprintf(g->charset, sizeof g->charset, "UTF-8");
        } else if (is_utf8 || (multi > 0 && multi >= bad)) {
            /* Labelled UTF-8, or mostly UTF-8 with some bytes lost (Fox's
             * exports have '?' in place of some continuation bytes). */
            repair = 1;
        } else {
            /* No CA and not UTF-8: an East Asian charset on clear
             * evidence (Chinese and Korean servers omit CA), else what
             * FF[4] says: ISO-8859-1, with Windows' letters in its
             * control-code range, where such files hold them. */
            int k = cjk_guess(s, g, old);
            if (k < 0 && multi > 0) {
                /* Whole UTF-8 characters among the bad bytes: UTF-8 that
                 * lost bytes (Latin-1 text does not hold them by chance). */
                repair = 1;
                goto decided;
            }
            int c1 = 0;
            for (int nd = g->node_lo; nd < g->node_hi && !c1; nd++)
                for (int p = s->nodes[nd].prop_first; p >= 0 && !c1; p = s->props[p].next)
                    for (int v = s->props[p].val_first; v >= 0 && !c1; v = s->vals[v].next)
                        for (size_t i = 0; i < s->vals[v].len && !c1; i++)
                            c1 = (unsigned char)old[s->vals[v].off + i] >= 0x80 &&
                                 (unsigned char)old[s->vals[v].off + i] <= 0x9f;
            const char *from = k >= 0 ? cjk_iconv[k] : c1 ? "CP1252" : "ISO-8859-1";
            cd = iconv_open("UTF-8", from);
            if (cd != (iconv_t)-1)
                snprintf(g->charset, sizeof g->charset, "%s", k >= 0 ? cjk_label[k] : c1 ? "windows-1252" : "ISO-8859-1");
            else
                repair = 1;
        decided:;
        }
    } else {
        const char *cands[3];
        charset_candidates(norm, r, cands);
        for (int k = 0; k < 3 && cands[k] && cd == (iconv_t)-1; k++) {
            cd = iconv_open("UTF-8", cands[k]);
            if (cd != (iconv_t)-1) {
                /* Only printable ASCII of the name: it ends up in messages. */
                size_t w = 0;
                for (const char *c = cands[k]; *c && w + 1 < sizeof g->charset; c++)
                    if (*c > 0x20 && *c < 0x7f)
                        g->charset[w++] = *c;
                g->charset[w] = 0;
            }
        }
        if (cd == (iconv_t)-1) {
            /* A charset iconv does not know: treat the text as UTF-8. */
            if (bad)
                repair = 1;
            else
                snprintf(g->charset, sizeof g->charset, "UTF-8");
        }
    }
    if (repair)
        snprintf(g->charset, sizeof g->charset, "UTF-8 (repaired)");

    /* The conversion proper: ids and keys copied, values re-encoded. */
    for (int nd = g->node_lo; nd < g->node_hi; nd++)
        for (int p = s->nodes[nd].prop_first; p >= 0; p = s->props[p].next) {
            prop_t *pp = &s->props[p];
            size_t io = arena_add(s, old + pp->id_off, strlen(old + pp->id_off));
            size_t ko = io == SIZE_MAX ? SIZE_MAX : arena_add(s, old + pp->key_off, strlen(old + pp->key_off));
            if (ko == SIZE_MAX)
                goto nomem;
            pp->id_off = io;
            pp->key_off = ko;
            for (int v = pp->val_first; v >= 0; v = s->vals[v].next) {
                val_t *vv = &s->vals[v];
                size_t off = s->an, ol;
                int rc;
                if (cd != (iconv_t)-1) {
                    rc = put_iconv(s, cd, old + vv->off, vv->len, &ol, &g->bad);
                    /* iconv need not check what it passes through (glibc's
                     * UTF-8 to UTF-8 does not): make sure of the result. */
                    long m2 = 0, b2 = 0;
                    if (!rc)
                        utf8_stats(s->arena + off, ol, &m2, &b2);
                    if (!rc && b2) {
                        char *tmp = malloc(ol ? ol : 1);
                        if (!tmp)
                            goto nomem;
                        memcpy(tmp, s->arena + off, ol);
                        s->an = off;
                        rc = put_utf8_repaired(s, tmp, ol, &ol, &g->bad);
                        free(tmp);
                    }
                } else if (repair)
                    rc = put_utf8_repaired(s, old + vv->off, vv->len, &ol, &g->bad);
                else {
                    ol = vv->len;
                    rc = arena_add(s, old + vv->off, vv->len) == SIZE_MAX ? -1 : 0;
                }
                if (rc)
                    goto nomem;
                vv->off = off;
                vv->len = ol;
            }
        }
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    cd = (iconv_t)-1;

    /* The tree now holds UTF-8, and says so: CA[UTF-8] in place of the old
     * value (of every CA of the root, should there be several), or first in
     * the root when there was none, as the writer does. */
    if (ca_prop >= 0) {
        for (int p = s->nodes[g->root].prop_first; p >= 0; p = s->props[p].next) {
            if (strcmp(s->arena + s->props[p].key_off, "CA"))
                continue;
            prop_t *pp = &s->props[p];
            size_t off = arena_add(s, "UTF-8", 5);
            if (off == SIZE_MAX)
                goto nomem;
            val_t *vv = &s->vals[pp->val_first];
            vv->off = off;
            vv->len = 5;
            vv->next = -1;
            pp->val_last = pp->val_first;
            pp->nvals = 1;
        }
    } else {
        int pid = new_prop(s, g->root, "CA", 2, 1);
        size_t off = pid < 0 ? SIZE_MAX : arena_add(s, "UTF-8", 5);
        if (off == SIZE_MAX || new_val(s, pid, off, 5) < 0)
            goto nomem;
    }
    return SEI_OK;
nomem:
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    return SEI_ERR_NOMEM;
}

static sei_status decode_games(sei_sgf *s)
{
    /* A fresh arena: the old one holds the raw bytes until every game has
     * been re-encoded, then goes. */
    char *old = s->arena;
    size_t old_an = s->an;
    s->arena = NULL;
    s->an = s->acap = 0;
    if (arena_reserve(s, old_an + old_an / 4 + 64)) {
        s->arena = old;
        clear_tree(s);
        return fail(s, SEI_ERR_NOMEM, "out of memory decoding the SGF text");
    }
    for (int gi = 0; gi < s->ng; gi++) {
        if (decode_game(s, gi, old) != SEI_OK) {
            free(old);
            clear_tree(s);
            return fail(s, SEI_ERR_NOMEM, "out of memory decoding the SGF text");
        }
    }
    free(old);
    return SEI_OK;
}

/* ---- the writer ------------------------------------------------------------------------ */

typedef struct {
    char *b;
    size_t n, cap;
    int err;
    size_t line_start;
} outbuf;

static void out_bytes(outbuf *o, const char *p, size_t n)
{
    if (o->err)
        return;
    if (o->n + n + 1 > o->cap) {
        size_t nc = o->cap ? o->cap : 4096;
        while (nc < o->n + n + 1) {
            if (nc > SIZE_MAX / 2) {
                o->err = 1;
                return;
            }
            nc *= 2;
        }
        char *nb = realloc(o->b, nc);
        if (!nb) {
            o->err = 1;
            return;
        }
        o->b = nb;
        o->cap = nc;
    }
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

static void out_str(outbuf *o, const char *p) { out_bytes(o, p, strlen(p)); }

static void out_char(outbuf *o, char c)
{
    out_bytes(o, &c, 1);
    if (c == '\n')
        o->line_start = o->n;
}

static void out_value(outbuf *o, const char *v, size_t n)
{
    out_char(o, '[');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] == ']' || v[i] == '\\') {
            out_bytes(o, v + run, i - run);
            out_char(o, '\\');
            run = i;
        } else if (v[i] == '\n') {
            out_bytes(o, v + run, i + 1 - run);
            o->line_start = o->n;
            run = i + 1;
        }
    }
    out_bytes(o, v + run, n - run);
    out_char(o, ']');
}

static void out_node(const sei_sgf *s, outbuf *o, int nd, int is_root)
{
    /* Short lines for people reading the file: a line break before a node
     * once the line is long, and after the root. */
    if (o->n - o->line_start > 70)
        out_char(o, '\n');
    out_char(o, ';');
    const node_t *n = &s->nodes[nd];
    int has_ca = 0;
    for (int p = n->prop_first; p >= 0; p = s->props[p].next)
        has_ca |= !strcmp(s->arena + s->props[p].key_off, "CA");
    if (is_root && !has_ca)
        out_str(o, "CA[UTF-8]");
    for (int p = n->prop_first; p >= 0; p = s->props[p].next) {
        const prop_t *pp = &s->props[p];
        out_str(o, s->arena + pp->id_off);
        if (is_root && !strcmp(s->arena + pp->key_off, "CA")) {
            /* Whatever the tree says, the text written is UTF-8. */
            out_str(o, "[UTF-8]");
            continue;
        }
        for (int v = pp->val_first; v >= 0; v = s->vals[v].next)
            out_value(o, s->arena + s->vals[v].off, s->vals[v].len);
    }
    if (is_root)
        out_char(o, '\n');
}

sei_status sei_sgf_write(sei_sgf *s, char **out, size_t *len)
{
    *out = NULL;
    if (len)
        *len = 0;
    outbuf o = {0};
    for (int gi = 0; gi < s->ng; gi++) {
        int root = s->games[gi].root, a = root;
        out_char(&o, '(');
        for (;;) {
            out_node(s, &o, a, a == root);
            if (s->nodes[a].child >= 0) {
                if (s->nodes[a].nchildren > 1)
                    out_char(&o, '(');
                a = s->nodes[a].child;
                continue;
            }
            /* A leaf: close variations upwards until one has a sibling. */
            int again = 0;
            for (;;) {
                int p = s->nodes[a].parent;
                if (p < 0) {
                    out_char(&o, ')');
                    break;
                }
                if (s->nodes[p].nchildren > 1) {
                    out_char(&o, ')');
                    if (s->nodes[a].next >= 0) {
                        out_char(&o, '(');
                        a = s->nodes[a].next;
                        again = 1;
                        break;
                    }
                }
                a = p;
            }
            if (!again)
                break;
        }
        out_char(&o, '\n');
    }
    out_bytes(&o, "", 0);
    if (o.err || !o.b) {
        free(o.b);
        if (o.err)
            return fail(s, SEI_ERR_NOMEM, "out of memory writing the SGF");
        o.b = malloc(1);
        if (!o.b)
            return fail(s, SEI_ERR_NOMEM, "out of memory writing the SGF");
    }
    o.b[o.n] = 0;
    *out = o.b;
    if (len)
        *len = o.n;
    return SEI_OK;
}

/* ---- comparison ------------------------------------------------------------------------ */

static int node_equal(const sei_sgf *a, int na, const sei_sgf *b, int nb, char *why, size_t n)
{
    const node_t *x = &a->nodes[na], *y = &b->nodes[nb];
    if (x->nprops != y->nprops) {
        if (why)
            snprintf(why, n, "node at byte %zu: %d properties against %d", x->offset, x->nprops, y->nprops);
        return 0;
    }
    for (int p = x->prop_first, q = y->prop_first; p >= 0 && q >= 0; p = a->props[p].next, q = b->props[q].next) {
        const prop_t *pp = &a->props[p], *qq = &b->props[q];
        const char *ida = a->arena + pp->id_off, *idb = b->arena + qq->id_off;
        if (strcmp(ida, idb) || pp->nvals != qq->nvals) {
            if (why)
                snprintf(why, n, "node at byte %zu: property %s[%d values] against %s[%d values]", x->offset, ida,
                         pp->nvals, idb, qq->nvals);
            return 0;
        }
        for (int v = pp->val_first, w = qq->val_first; v >= 0 && w >= 0; v = a->vals[v].next, w = b->vals[w].next) {
            const val_t *vv = &a->vals[v], *ww = &b->vals[w];
            if (vv->len != ww->len || memcmp(a->arena + vv->off, b->arena + ww->off, vv->len)) {
                if (why)
                    snprintf(why, n, "node at byte %zu: %s[%.40s] against %s[%.40s]", x->offset, ida,
                             a->arena + vv->off, idb, b->arena + ww->off);
                return 0;
            }
        }
    }
    if (x->nchildren != y->nchildren) {
        if (why)
            snprintf(why, n, "node at byte %zu: %d children against %d", x->offset, x->nchildren, y->nchildren);
        return 0;
    }
    return 1;
}

int sei_sgf_equal(const sei_sgf *a, const sei_sgf *b, char *why, size_t n)
{
    if (why && n)
        why[0] = 0;
    if (a->ng != b->ng) {
        if (why)
            snprintf(why, n, "%d game trees against %d", a->ng, b->ng);
        return 0;
    }
    for (int gi = 0; gi < a->ng; gi++) {
        int ra = a->games[gi].root, rb = b->games[gi].root, x = ra, y = rb;
        /* Both walked in step; equal child counts keep the walks aligned. */
        for (;;) {
            if (!node_equal(a, x, b, y, why, n))
                return 0;
            if (a->nodes[x].child >= 0) {
                x = a->nodes[x].child;
                y = b->nodes[y].child;
                continue;
            }
            while (x != ra && a->nodes[x].next < 0) {
                x = a->nodes[x].parent;
                y = b->nodes[y].parent;
            }
            if (x == ra)
                break;
            x = a->nodes[x].next;
            y = b->nodes[y].next;
        }
    }
    return 1;
}

/* ---- walking ---------------------------------------------------------------------------- */

static int node_ok(const sei_sgf *s, int node) { return s && node >= 0 && node < s->nn; }

int sei_sgf_games(const sei_sgf *s) { return s ? s->ng : 0; }
int sei_sgf_root(const sei_sgf *s, int game) { return s && game >= 0 && game < s->ng ? s->games[game].root : -1; }
const char *sei_sgf_charset(const sei_sgf *s, int game)
{
    return s && game >= 0 && game < s->ng ? s->games[game].charset : "";
}
int sei_sgf_bad_bytes(const sei_sgf *s, int game) { return s && game >= 0 && game < s->ng ? s->games[game].bad : 0; }
int sei_sgf_parent(const sei_sgf *s, int node) { return node_ok(s, node) ? s->nodes[node].parent : -1; }
int sei_sgf_child(const sei_sgf *s, int node) { return node_ok(s, node) ? s->nodes[node].child : -1; }
int sei_sgf_next(const sei_sgf *s, int node) { return node_ok(s, node) ? s->nodes[node].next : -1; }
int sei_sgf_children(const sei_sgf *s, int node) { return node_ok(s, node) ? s->nodes[node].nchildren : 0; }
size_t sei_sgf_offset(const sei_sgf *s, int node) { return node_ok(s, node) ? s->nodes[node].offset : 0; }
int sei_sgf_props(const sei_sgf *s, int node) { return node_ok(s, node) ? s->nodes[node].nprops : 0; }

static int prop_at(const sei_sgf *s, int node, int i)
{
    if (!node_ok(s, node) || i < 0)
        return -1;
    int p = s->nodes[node].prop_first;
    while (p >= 0 && i-- > 0)
        p = s->props[p].next;
    return p;
}

const char *sei_sgf_prop_id(const sei_sgf *s, int node, int i)
{
    int p = prop_at(s, node, i);
    return p >= 0 ? s->arena + s->props[p].id_off : NULL;
}

int sei_sgf_prop_values(const sei_sgf *s, int node, int i)
{
    int p = prop_at(s, node, i);
    return p >= 0 ? s->props[p].nvals : 0;
}

const char *sei_sgf_prop_value(const sei_sgf *s, int node, int i, int j, size_t *len)
{
    int p = prop_at(s, node, i);
    if (len)
        *len = 0;
    if (p < 0 || j < 0)
        return NULL;
    int v = s->props[p].val_first;
    while (v >= 0 && j-- > 0)
        v = s->vals[v].next;
    if (v < 0)
        return NULL;
    if (len)
        *len = s->vals[v].len;
    return s->arena + s->vals[v].off;
}

static int find_prop(const sei_sgf *s, int node, const char *key)
{
    if (!node_ok(s, node) || !key)
        return -1;
    for (int p = s->nodes[node].prop_first; p >= 0; p = s->props[p].next)
        if (!strcmp(s->arena + s->props[p].key_off, key))
            return p;
    return -1;
}

int sei_sgf_find(const sei_sgf *s, int node, const char *key)
{
    if (!node_ok(s, node) || !key)
        return -1;
    int i = 0;
    for (int p = s->nodes[node].prop_first; p >= 0; p = s->props[p].next, i++)
        if (!strcmp(s->arena + s->props[p].key_off, key))
            return i;
    return -1;
}

const char *sei_sgf_get(const sei_sgf *s, int node, const char *key)
{
    int p = find_prop(s, node, key);
    if (p < 0 || s->props[p].val_first < 0)
        return NULL;
    return s->arena + s->vals[s->props[p].val_first].off;
}

/* ---- editing ----------------------------------------------------------------------------- */

int sei_sgf_add_game(sei_sgf *s)
{
    int id = new_node(s, -1, 0);
    if (id < 0 || new_game(s, id)) {
        fail(s, SEI_ERR_NOMEM, "out of memory adding a game");
        return -1;
    }
    return id;
}

int sei_sgf_add_child(sei_sgf *s, int node)
{
    if (!node_ok(s, node)) {
        fail(s, SEI_ERR_ARG, "no node %d", node);
        return -1;
    }
    int id = new_node(s, node, 0);
    if (id < 0)
        fail(s, SEI_ERR_NOMEM, "out of memory adding a node");
    return id;
}

static sei_status check_id(sei_sgf *s, int node, const char *id)
{
    if (!node_ok(s, node))
        return fail(s, SEI_ERR_ARG, "no node %d", node);
    size_t n = id ? strlen(id) : 0;
    int upper = 0;
    for (size_t i = 0; i < n; i++) {
        if (!is_letter((unsigned char)id[i]))
            return fail(s, SEI_ERR_ARG, "property id '%s' is not all letters", id);
        upper |= is_upper((unsigned char)id[i]);
    }
    if (n == 0 || n > SEI_SGF_MAX_ID || !upper)
        return fail(s, SEI_ERR_ARG, "bad property id '%s'", id ? id : "");
    return SEI_OK;
}

static void unlink_key(sei_sgf *s, int node, const char *key)
{
    node_t *n = &s->nodes[node];
    int prev = -1;
    for (int p = n->prop_first; p >= 0;) {
        int nx = s->props[p].next;
        if (!strcmp(s->arena + s->props[p].key_off, key)) {
            if (prev >= 0)
                s->props[prev].next = nx;
            else
                n->prop_first = nx;
            if (n->prop_last == p)
                n->prop_last = prev;
            n->nprops--;
        } else {
            prev = p;
        }
        p = nx;
    }
}

sei_status sei_sgf_add_value(sei_sgf *s, int node, const char *id, const char *v)
{
    sei_status st = check_id(s, node, id);
    if (st)
        return st;
    if (!v)
        v = "";
    char key[SEI_SGF_MAX_ID + 1];
    id_key(id, strlen(id), key);
    int p = find_prop(s, node, key);
    if (p < 0)
        p = new_prop(s, node, id, strlen(id), 0);
    size_t off = p < 0 ? SIZE_MAX : arena_add(s, v, strlen(v));
    if (off == SIZE_MAX || new_val(s, p, off, strlen(v)) < 0)
        return fail(s, SEI_ERR_NOMEM, "out of memory setting %s", id);
    return SEI_OK;
}

sei_status sei_sgf_set(sei_sgf *s, int node, const char *id, const char *v)
{
    sei_status st = check_id(s, node, id);
    if (st)
        return st;
    char key[SEI_SGF_MAX_ID + 1];
    id_key(id, strlen(id), key);
    unlink_key(s, node, key);
    return sei_sgf_add_value(s, node, id, v);
}

sei_status sei_sgf_remove(sei_sgf *s, int node, const char *key)
{
    if (!node_ok(s, node) || !key)
        return fail(s, SEI_ERR_ARG, "no node %d", node);
    unlink_key(s, node, key);
    return SEI_OK;
}

/* ---- the game view --------------------------------------------------------------------- */

/* A decimal number, locale-free: [+-]digits[.digits], blanks around. */
/* Nothing but blanks. */
static int blank(const char *t)
{
    while (is_space((unsigned char)*t))
        t++;
    return !*t;
}

static int read_number(const char *t, double *out)
{
    if (!t)
        return -1;
    while (is_space((unsigned char)*t))
        t++;
    int neg = 0;
    if (*t == '+' || *t == '-')
        neg = *t++ == '-';
    double v = 0;
    int digits = 0;
    while (*t >= '0' && *t <= '9') {
        v = v * 10 + (*t++ - '0');
        digits++;
    }
    if (*t == '.' || *t == ',') {
        t++;
        double scale = 0.1;
        while (*t >= '0' && *t <= '9') {
            v += (*t++ - '0') * scale;
            scale /= 10;
            digits++;
        }
    }
    while (is_space((unsigned char)*t))
        t++;
    if (!digits || *t || v > 1e9)
        return -1;
    *out = neg ? -v : v;
    return 0;
}

int sei_sgf_komi(const char *km, double *points, int *x100, int *stones)
{
    double v;
    if (points)
        *points = 0;
    if (x100)
        *x100 = 0;
    if (stones)
        *stones = 0;
    if (read_number(km, &v))
        return -1;
    /* Fox writes komi times 100: 650 is 6.5 points, and under Chinese
     * rules quarter values are stones (375 = 3.75 stones = 7.5 points).
     * No real komi reaches 100 points, and all of Fox's are multiples of
     * 25, so such a value is taken as encoded. */
    double a = v < 0 ? -v : v;
    if (a >= 100 && a == (double)(long)a && (long)a % 25 == 0) {
        double k = v / 100;
        long q = (long)a % 100;
        if (x100)
            *x100 = 1;
        if (q == 25 || q == 75) {
            if (stones)
                *stones = 1;
            k *= 2;
        }
        v = k;
    }
    if (points)
        *points = v;
    return 0;
}

const char *sei_sgf_rules_preset(const char *ru)
{
    if (!ru)
        return "";
    char n[64];
    size_t k = 0;
    for (const char *p = ru; *p && k + 1 < sizeof n; p++) {
        unsigned char c = (unsigned char)*p;
        if (c >= 'A' && c <= 'Z')
            n[k++] = (char)(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
            n[k++] = (char)c;
    }
    n[k] = 0;
    /* Drop a trailing "rules" ("Chinese rules"). */
    if (k > 5 && !strcmp(n + k - 5, "rules"))
        n[k - 5] = 0;
    static const struct {
        const char *from, *to;
    } map[] = {
        {"chinese", "chinese"}, {"cn", "chinese"}, {"chn", "chinese"}, {"china", "chinese"},
        {"\xe4\xb8\xad\xe5\x9b\xbd", "chinese"}, /* 中国 */
        {"japanese", "japanese"}, {"jp", "japanese"}, {"jpn", "japanese"}, {"japan", "japanese"},
        {"\xe6\x97\xa5\xe6\x9c\xac", "japanese"}, /* 日本 */
        {"korean", "korean"}, {"kr", "korean"}, {"kor", "korean"}, {"korea", "korean"},
        {"aga", "aga"}, {"american", "aga"}, {"bga", "aga"},
        {"ing", "ing"}, {"goe", "ing"}, {"ings", "ing"}, {"inggoe", "ing"}, {"sst", "ing"},
        {"nz", "nz"}, {"newzealand", "nz"},
        {"tt", "tromp-taylor"}, {"tromptaylor", "tromp-taylor"}, {"tromp", "tromp-taylor"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(n, map[i].from))
            return map[i].to;
    return "";
}

/* Copy simple text: line breaks and tabs become spaces, cut at a UTF-8
 * character boundary so the copy stays valid. */
static void copy_simple(char *dst, size_t n, const char *src)
{
    size_t k = 0;
    if (!src)
        src = "";
    while (*src && k + 1 < n) {
        const unsigned char *p = (const unsigned char *)src;
        size_t l = utf8_len(p, strnlen(src, 4));
        if (l == 0)
            l = 1;
        if (k + l >= n)
            break;
        for (size_t j = 0; j < l; j++) {
            char c = src[j];
            dst[k++] = (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
        }
        src += l;
    }
    dst[k] = 0;
}

/* An SGF point on a board of this size: 0 and x, y; 1 for a pass; -1 for
 * no point. */
static int read_point(const char *v, size_t len, int size, int *x, int *y)
{
    if (len == 0)
        return 1;
    if (len == 2 && size <= 19 && v[0] == 't' && v[1] == 't')
        return 1;
    if (len != 2)
        return -1;
    int c[2];
    for (int i = 0; i < 2; i++) {
        char ch = v[i];
        if (ch >= 'a' && ch <= 'z')
            c[i] = ch - 'a';
        else if (ch >= 'A' && ch <= 'Z')
            c[i] = ch - 'A' + 26;
        else
            return -1;
        if (c[i] >= size)
            return -1;
    }
    *x = c[0];
    *y = c[1];
    return 0;
}

/* A value of a point list: one point, or a compressed "aa:cc" meaning the
 * rectangle between its corners, as x0 <= x1, y0 <= y1. Returns 0, or
 * nonzero for a value that names no point (a pass, a bad point). */
static int read_rect(const char *t, size_t len, int size, int *x0, int *y0, int *x1, int *y1)
{
    const char *colon = memchr(t, ':', len);
    int r0 = read_point(t, colon ? (size_t)(colon - t) : len, size, x0, y0);
    int r1 = colon ? read_point(colon + 1, len - (size_t)(colon - t) - 1, size, x1, y1) : r0;
    if (!colon) {
        *x1 = *x0;
        *y1 = *y0;
    }
    if (r0 != 0 || r1 != 0)
        return -1;
    if (*x0 > *x1) { int tmp = *x0; *x0 = *x1; *x1 = tmp; }
    if (*y0 > *y1) { int tmp = *y0; *y0 = *y1; *y1 = tmp; }
    return 0;
}

typedef struct {
    void *p;
    int n, cap;
} vec;

static int vec_push(vec *v, const void *item, size_t elem)
{
    if (grow(&v->p, &v->cap, v->n + 1, elem))
        return -1;
    memcpy((char *)v->p + (size_t)v->n * elem, item, elem);
    v->n++;
    return 0;
}

/* First value of key along the main line: game information may sit in a
 * node after the root in old files. */
static const char *mainline_get(const sei_sgf *s, int root, const char *key)
{
    for (int nd = root; nd >= 0; nd = s->nodes[nd].child) {
        const char *v = sei_sgf_get(s, nd, key);
        if (v)
            return v;
    }
    return NULL;
}

/* A game-info property that changes the count (SZ, KM, HA, RU) given twice
 * on the main line with different values: which one the game was played
 * with cannot be known, so the record is refused rather than read with
 * the first. Equal values (KM[6.5] and KM[6.50]) are no conflict. Returns
 * 1 and the two values when they differ. */
static int mainline_conflict(const sei_sgf *s, int root, const char *key, const char **a, const char **b)
{
    *a = *b = NULL;
    for (int nd = root; nd >= 0; nd = s->nodes[nd].child)
        for (int p = s->nodes[nd].prop_first; p >= 0; p = s->props[p].next) {
            if (strcmp(s->arena + s->props[p].key_off, key) || s->props[p].val_first < 0)
                continue;
            const char *v = s->arena + s->vals[s->props[p].val_first].off;
            if (blank(v))
                continue;
            if (!*a) {
                *a = v;
                continue;
            }
            double x, y;
            int same = (!read_number(*a, &x) && !read_number(v, &y)) ? x == y : !strcmp(*a, v);
            if (!same) {
                *b = v;
                return 1;
            }
        }
    return 0;
}

static void read_result(sei_sgf_game *g)
{
    g->winner = -1;
    g->result_how = 0;
    g->margin = g->margin_points = 0;
    const char *r = g->result;
    while (is_space((unsigned char)*r))
        r++;
    if (!*r)
        return;
    char c0 = r[0];
    if ((c0 == 'B' || c0 == 'b' || c0 == 'W' || c0 == 'w') && r[1] == '+') {
        g->winner = (c0 == 'B' || c0 == 'b') ? SEI_BLACK : SEI_WHITE;
        const char *m = r + 2;
        double v;
        if (!read_number(m, &v)) {
            g->result_how = '+';
            g->margin = v;
            g->margin_points = g->result_in_stones ? 2 * v : v;
        } else if (*m == 'R' || *m == 'r') {
            g->result_how = 'R';
        } else if (*m == 'T' || *m == 't') {
            g->result_how = 'T';
        } else if (*m == 'F' || *m == 'f') {
            g->result_how = 'F';
        }
        return;
    }
    if (!strcmp(r, "0") || !strcmp(r, "Draw") || !strcmp(r, "draw") || !strcmp(r, "Jigo") || !strcmp(r, "jigo") ||
        !strcmp(r, "D") || !strcmp(r, "DRAW"))
        g->winner = SEI_EMPTY;
}

void sei_sgf_game_release(sei_sgf_game *g)
{
    if (!g)
        return;
    free(g->setup);
    free(g->moves);
    memset(g, 0, sizeof *g);
}

sei_status sei_sgf_game_get(sei_sgf *s, int index, sei_sgf_game *g)
{
    memset(g, 0, sizeof *g);
    g->winner = -1;
    g->root = g->last = -1;
    if (!s || index < 0 || index >= s->ng)
        return s ? fail(s, SEI_ERR_ARG, "no game %d (the collection has %d)", index, s->ng) : SEI_ERR_ARG;
    s->errmsg[0] = 0;
    int root = s->games[index].root;
    g->game = index;
    g->root = root;
    snprintf(g->charset, sizeof g->charset, "%s", s->games[index].charset);

    const char *gm = mainline_get(s, root, "GM");
    double d;
    static const char *const once[] = {"SZ", "KM", "HA", "RU"};
    for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) {
        const char *a, *b;
        if (mainline_conflict(s, root, once[i], &a, &b))
            return fail(s, SEI_ERR_PARSE, "%s[%.20s] and %s[%.20s]: the record gives %s twice; which one the game was "
                        "played with is unknown", once[i], a, once[i], b, once[i]);
    }
    if (gm && !read_number(gm, &d) && d != 1)
        return fail(s, SEI_ERR_PARSE, "GM[%.20s]: not a game of Go (GM[1])", gm);
    g->size = 19;
    const char *sz = mainline_get(s, root, "SZ");
    if (sz) {
        const char *colon = strchr(sz, ':');
        double w, h;
        if (colon) {
            char a[32];
            snprintf(a, sizeof a, "%.*s", (int)(colon - sz) < 31 ? (int)(colon - sz) : 31, sz);
            if (read_number(a, &w) || read_number(colon + 1, &h))
                return fail(s, SEI_ERR_PARSE, "SZ[%.20s]: not a board size", sz);
            if (w != h)
                return fail(s, SEI_ERR_PARSE, "SZ[%.20s]: a rectangular board; Seichi counts square boards only", sz);
        } else if (read_number(sz, &w)) {
            return fail(s, SEI_ERR_PARSE, "SZ[%.20s]: not a board size", sz);
        }
        if (w != (double)(int)w || w < SEI_MIN_SIZE || w > SEI_MAX_SIZE)
            return fail(s, SEI_ERR_PARSE, "SZ[%.20s]: board sizes %d to %d only", sz, SEI_MIN_SIZE, SEI_MAX_SIZE);
        g->size = (int)w;
    }

    /* KM and HA change the count: one that does not read, or that no game
     * was played with, is refused rather than replaced by a default (the
     * count would then be another game's). KM[] and HA[] say nothing. */
    const char *km = mainline_get(s, root, "KM");
    if (km && !blank(km)) {
        char why[96] = "not a number";
        if (sei_sgf_komi(km, &g->komi, &g->komi_raw_x100, &g->komi_in_stones) ||
            sei_rules_komi_check(g->komi, g->size, why, sizeof why))
            return fail(s, SEI_ERR_PARSE, "KM[%.20s]: not a komi Seichi can count with (%s)", km, why);
        g->komi_given = 1;
    }
    const char *ha = mainline_get(s, root, "HA");
    if (ha && !blank(ha)) {
        if (read_number(ha, &d) || d != (double)(int)d || d < 0 || d >= g->size * g->size)
            return fail(s, SEI_ERR_PARSE, "HA[%.20s]: not a handicap (a number of stones, 0 to %d)", ha,
                        SEI_SGF_MAX_FIXED_HANDICAP);
        g->handicap = (int)d;
    }
    const char *pl = mainline_get(s, root, "PL");
    if (pl) {
        while (is_space((unsigned char)*pl))
            pl++;
        if (*pl == 'B' || *pl == 'b' || *pl == '1')
            g->to_move_first = SEI_BLACK;
        else if (*pl == 'W' || *pl == 'w' || *pl == '2')
            g->to_move_first = SEI_WHITE;
    }
    const char *ru = mainline_get(s, root, "RU");
    copy_simple(g->rules_raw, sizeof g->rules_raw, ru);
    snprintf(g->rules, sizeof g->rules, "%s", sei_sgf_rules_preset(ru));
    g->result_in_stones = g->komi_in_stones && !strcmp(g->rules, "chinese");
    static const struct {
        const char *key;
        size_t off, n;
    } text[] = {
        {"RE", offsetof(sei_sgf_game, result), sizeof((sei_sgf_game *)0)->result},
        {"GN", offsetof(sei_sgf_game, game_name), sizeof((sei_sgf_game *)0)->game_name},
        {"EV", offsetof(sei_sgf_game, event), sizeof((sei_sgf_game *)0)->event},
        {"RO", offsetof(sei_sgf_game, round), sizeof((sei_sgf_game *)0)->round},
        {"DT", offsetof(sei_sgf_game, date), sizeof((sei_sgf_game *)0)->date},
        {"PC", offsetof(sei_sgf_game, place), sizeof((sei_sgf_game *)0)->place},
        {"PB", offsetof(sei_sgf_game, black), sizeof((sei_sgf_game *)0)->black},
        {"PW", offsetof(sei_sgf_game, white), sizeof((sei_sgf_game *)0)->white},
        {"BR", offsetof(sei_sgf_game, black_rank), sizeof((sei_sgf_game *)0)->black_rank},
        {"WR", offsetof(sei_sgf_game, white_rank), sizeof((sei_sgf_game *)0)->white_rank},
        {"TM", offsetof(sei_sgf_game, time), sizeof((sei_sgf_game *)0)->time},
        {"OT", offsetof(sei_sgf_game, overtime), sizeof((sei_sgf_game *)0)->overtime},
    };
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        copy_simple((char *)g + text[i].off, text[i].n, mainline_get(s, root, text[i].key));
    read_result(g);

    /* The main line: setup stones and moves in order. */
    vec mv = {0}, su = {0};
    /* Which node last set each point, and to what: FF[4] forbids setting
     * one point twice in a node (AB and AW on it leave the position
     * unknown). */
    int set_by[SEI_MAX_SIZE * SEI_MAX_SIZE];
    int8_t set_to[SEI_MAX_SIZE * SEI_MAX_SIZE];
    for (int i = 0; i < SEI_MAX_SIZE * SEI_MAX_SIZE; i++)
        set_by[i] = -1;
    for (int nd = root; nd >= 0; nd = s->nodes[nd].child) {
        g->last = nd;
        for (int p = s->nodes[nd].prop_first; p >= 0; p = s->props[p].next) {
            const char *key = s->arena + s->props[p].key_off;
            int color = !strcmp(key, "AB") ? SEI_BLACK : !strcmp(key, "AW") ? SEI_WHITE
                      : !strcmp(key, "AE") ? SEI_EMPTY : -1;
            if (color < 0)
                continue;
            for (int v = s->props[p].val_first; v >= 0; v = s->vals[v].next) {
                int x0, y0, x1, y1;
                if (read_rect(s->arena + s->vals[v].off, s->vals[v].len, g->size, &x0, &y0, &x1, &y1)) {
                    g->bad_points++;
                    continue;
                }
                for (int y = y0; y <= y1; y++)
                    for (int x = x0; x <= x1; x++) {
                        int k = y * SEI_MAX_SIZE + x;
                        if (set_by[k] == nd && set_to[k] != color) {
                            free(mv.p);
                            free(su.p);
                            return fail(s, SEI_ERR_PARSE, "%c%c: one node sets this point to two things (AB, AW or AE); "
                                        "the position is unknown", 'a' + x, 'a' + y);
                        }
                        set_by[k] = nd;
                        set_to[k] = (int8_t)color;
                        sei_sgf_setup e = {color, x, y, mv.n};
                        if (vec_push(&su, &e, sizeof e))
                            goto nomem;
                    }
            }
        }
        for (int p = s->nodes[nd].prop_first; p >= 0; p = s->props[p].next) {
            const char *key = s->arena + s->props[p].key_off;
            int color = !strcmp(key, "B") ? SEI_BLACK : !strcmp(key, "W") ? SEI_WHITE : -1;
            if (color < 0 || s->props[p].val_first < 0)
                continue;
            const val_t *v = &s->vals[s->props[p].val_first];
            sei_sgf_move m = {color, -1, -1, nd};
            int r = read_point(s->arena + v->off, v->len, g->size, &m.x, &m.y);
            if (r < 0) {
                m.x = m.y = SEI_SGF_BAD_POINT;
                g->bad_points++;
            } else if (r == 1) {
                m.x = m.y = -1;
            }
            if (vec_push(&mv, &m, sizeof m))
                goto nomem;
        }
    }
    g->moves = mv.p;
    g->moves_n = mv.n;
    g->setup = su.p;
    g->setup_n = su.n;
    if (g->handicap > SEI_SGF_MAX_FIXED_HANDICAP) {
        /* More stones than the fixed placements hold: only a record that
         * places them (free placement) is believed. */
        int black = 0;
        for (int i = 0; i < g->setup_n; i++)
            black += g->setup[i].color == SEI_BLACK && g->setup[i].before == 0;
        if (black < g->handicap) {
            int h = g->handicap;
            sei_sgf_game_release(g);
            return fail(s, SEI_ERR_PARSE, "HA[%d]: a handicap of %d stones, but the record places %d (0 to %d, or as many "
                                          "as it places)", h, h, black, SEI_SGF_MAX_FIXED_HANDICAP);
        }
    }
    return SEI_OK;
nomem:
    free(mv.p);
    free(su.p);
    return fail(s, SEI_ERR_NOMEM, "out of memory reading game %d", index);
}

/* ---- replay ----------------------------------------------------------------------------- */

/* Put colour c at p (SEI_EMPTY: clear it) when the board holds something
 * else there. The board has no way to lift a stone, so the position is
 * rebuilt from scratch around the change; counters are kept. */
static sei_status rebuild_with(sei_board *b, int p, int c)
{
    uint8_t col[SEI_MAX_POINTS];
    memcpy(col, b->color, sizeof col);
    col[p] = (uint8_t)c;
    int pris[3], placed[3], passes[3];
    memcpy(pris, b->prisoners, sizeof pris);
    memcpy(placed, b->placed, sizeof placed);
    memcpy(passes, b->passes, sizeof passes);
    int handicap = b->handicap, to_move = b->to_move;
    sei_board_clear(b);
    for (int q = 0; q < SEI_MAX_POINTS; q++)
        if (col[q] == SEI_BLACK || col[q] == SEI_WHITE) {
            sei_status st = sei_board_place(b, col[q], q);
            if (st)
                return st;
        }
    memcpy(b->prisoners, pris, sizeof pris);
    memcpy(b->placed, placed, sizeof placed);
    memcpy(b->passes, passes, sizeof passes);
    b->handicap = handicap;
    b->to_move = to_move;
    return SEI_OK;
}

sei_status sei_sgf_replay(sei_sgf *s, const sei_sgf_game *g, int upto, sei_board *b, sei_sgf_replay_info *info)
{
    sei_sgf_replay_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    s->errmsg[0] = 0;
    if (!b || !g)
        return fail(s, SEI_ERR_ARG, "no board or no game");
    if (b->size != g->size)
        return fail(s, SEI_ERR_ARG, "the board is %dx%d but the game is played on %dx%d", b->size, b->size,
                    g->size, g->size);
    if (upto < 0 || upto > g->moves_n)
        upto = g->moves_n;
    sei_board_clear(b);
    /* The most permissive rules: the record says what happened, the replay
     * only needs to follow it. */
    b->ko_rule = SEI_KO_SIMPLE;
    b->suicide_rule = SEI_SUICIDE_LEGAL;
    char first[160] = "";
    int si = 0;
    for (int m = 0; m <= upto; m++) {
        for (; si < g->setup_n && g->setup[si].before <= m; si++) {
            const sei_sgf_setup *e = &g->setup[si];
            if (e->x < 0 || e->y < 0 || e->x >= b->size || e->y >= b->size)
                continue;
            int p = sei_board_point(b, e->x, e->y);
            sei_status st = SEI_OK;
            if (b->color[p] == e->color)
                continue;
            if (b->color[p] == SEI_EMPTY)
                st = sei_board_place(b, e->color, p);
            else {
                st = rebuild_with(b, p, e->color);
                info->setup_fixes++;
            }
            if (st == SEI_ERR_NOMEM)
                return fail(s, SEI_ERR_NOMEM, "out of memory replaying the game");
        }
        if (m == 0) {
            b->handicap = g->handicap;
            int black_setup = 0;
            for (int k = 0; k < g->setup_n && g->setup[k].before == 0; k++)
                black_setup |= g->setup[k].color == SEI_BLACK;
            b->to_move = g->to_move_first ? g->to_move_first
                       : (g->handicap > 1 && black_setup) ? SEI_WHITE : SEI_BLACK;
        }
        if (m == upto)
            break;
        const sei_sgf_move *mv = &g->moves[m];
        const char *why = NULL;
        if (mv->x == SEI_SGF_BAD_POINT) {
            why = "names no point on the board";
        } else {
            int p = mv->x < 0 ? SEI_PASS : sei_board_point(b, mv->x, mv->y);
            sei_status st = sei_board_play(b, mv->color, p);
            if (st == SEI_ERR_KO) {
                /* A recapture the server allowed: force it. */
                b->ko = 0;
                st = sei_board_play(b, mv->color, p);
                if (st == SEI_OK) {
                    info->forced_ko++;
                    why = "retakes a ko at once (played anyway)";
                }
            }
            if (st == SEI_ERR_NOMEM)
                return fail(s, SEI_ERR_NOMEM, "out of memory replaying the game");
            if (st == SEI_OK)
                info->played++;
            else if (!why)
                why = sei_board_errmsg(b);
        }
        if (why) {
            info->oddities++;
            if (!info->first_odd) {
                info->first_odd = m + 1;
                char pt[8] = "?";
                if (mv->x >= 0)
                    snprintf(pt, sizeof pt, "%c%c", 'a' + mv->x, 'a' + mv->y);
                snprintf(first, sizeof first, "move %d (%c[%s]) %s", m + 1, mv->color == SEI_BLACK ? 'B' : 'W', pt,
                         why);
            }
        }
    }
    if (info->oddities)
        snprintf(s->errmsg, sizeof s->errmsg, "%d move%s not played as recorded; first: %s", info->oddities,
                 info->oddities == 1 ? "" : "s", first);
    return SEI_OK;
}

/* ---- writing a game and a count ------------------------------------------------------- */

static void sgf_point(int x, int y, char *out)
{
    out[0] = (char)('a' + x);
    out[1] = (char)('a' + y);
    out[2] = 0;
}

sei_status sei_sgf_add_from_game(sei_sgf *s, const sei_sgf_game *g, int *root_out, int *last_out)
{
    if (!g || g->size < SEI_MIN_SIZE || g->size > SEI_MAX_SIZE)
        return fail(s, SEI_ERR_ARG, "no game, or a board size outside %d..%d", SEI_MIN_SIZE, SEI_MAX_SIZE);
    int root = sei_sgf_add_game(s);
    if (root < 0)
        return SEI_ERR_NOMEM;
    char buf[64];
    sei_status st = SEI_OK;
#define SET(id, v) do { if (!st) st = sei_sgf_set(s, root, id, v); } while (0)
    SET("GM", "1");
    SET("FF", "4");
    SET("CA", "UTF-8");
    snprintf(buf, sizeof buf, "%d", g->size);
    SET("SZ", buf);
    if (g->komi_given || g->komi != 0)
        SET("KM", sei_score_number(g->komi, buf, sizeof buf));
    if (g->handicap) {
        snprintf(buf, sizeof buf, "%d", g->handicap);
        SET("HA", buf);
    }
    if (g->rules[0] || g->rules_raw[0]) {
        /* The preset name when known: other programs read it as well. */
        static const struct { const char *preset, *ru; } ru[] = {
            {"chinese", "Chinese"}, {"japanese", "Japanese"}, {"korean", "Korean"}, {"aga", "AGA"},
            {"ing", "GOE"}, {"nz", "NZ"}, {"tromp-taylor", "Tromp-Taylor"},
        };
        const char *v = g->rules_raw;
        for (size_t i = 0; i < sizeof ru / sizeof ru[0]; i++)
            if (!strcmp(g->rules, ru[i].preset))
                v = ru[i].ru;
        SET("RU", v);
    }
    static const struct { const char *key; size_t off; } text[] = {
        {"PB", offsetof(sei_sgf_game, black)},     {"BR", offsetof(sei_sgf_game, black_rank)},
        {"PW", offsetof(sei_sgf_game, white)},     {"WR", offsetof(sei_sgf_game, white_rank)},
        {"DT", offsetof(sei_sgf_game, date)},      {"EV", offsetof(sei_sgf_game, event)},
        {"RO", offsetof(sei_sgf_game, round)},     {"GN", offsetof(sei_sgf_game, game_name)},
        {"PC", offsetof(sei_sgf_game, place)},     {"TM", offsetof(sei_sgf_game, time)},
        {"OT", offsetof(sei_sgf_game, overtime)},  {"RE", offsetof(sei_sgf_game, result)},
    };
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
        const char *v = (const char *)g + text[i].off;
        if (*v)
            SET(text[i].key, v);
    }
    if (g->to_move_first)
        SET("PL", g->to_move_first == SEI_BLACK ? "B" : "W");
#undef SET
    if (st)
        return st;
    int node = root, si = 0;
    for (int m = 0; m <= g->moves_n; m++) {
        /* Setup before move m: in the root for m = 0, else in a node of its
         * own, as FF[4] keeps setup and moves apart. */
        if (si < g->setup_n && g->setup[si].before <= m && m > 0) {
            node = sei_sgf_add_child(s, node);
            if (node < 0)
                return SEI_ERR_NOMEM;
        }
        for (; si < g->setup_n && g->setup[si].before <= m; si++) {
            const sei_sgf_setup *e = &g->setup[si];
            char pt[3];
            sgf_point(e->x, e->y, pt);
            st = sei_sgf_add_value(s, node, e->color == SEI_BLACK ? "AB" : e->color == SEI_WHITE ? "AW" : "AE", pt);
            if (st)
                return st;
        }
        if (m == g->moves_n)
            break;
        const sei_sgf_move *mv = &g->moves[m];
        if (mv->x == SEI_SGF_BAD_POINT)
            continue;
        node = sei_sgf_add_child(s, node);
        if (node < 0)
            return SEI_ERR_NOMEM;
        char pt[3] = "";
        if (mv->x >= 0)
            sgf_point(mv->x, mv->y, pt);
        st = sei_sgf_set(s, node, mv->color == SEI_BLACK ? "B" : "W", pt);
        if (st)
            return st;
    }
    if (root_out)
        *root_out = root;
    if (last_out)
        *last_out = node;
    return SEI_OK;
}

sei_status sei_sgf_set_score(sei_sgf *s, int node, const sei_board *b, const sei_score *sc)
{
    if (!node_ok(s, node) || !b || !sc)
        return fail(s, SEI_ERR_ARG, "no node, board or count");
    sei_status st = sei_sgf_set(s, node, "RE", sc->result);
    sei_sgf_remove(s, node, "TB");
    sei_sgf_remove(s, node, "TW");
    /* The dead list goes in the comment; built with room for every point. */
    size_t cap = 256 + (size_t)b->size * (size_t)b->size * 3;
    char *dead = malloc(cap);
    if (!dead)
        return fail(s, SEI_ERR_NOMEM, "out of memory recording the count");
    size_t dn = 0;
    int ndead = 0;
    for (int y = 0; y < b->size && !st; y++)
        for (int x = 0; x < b->size && !st; x++) {
            int p = sei_board_point(b, x, y);
            char pt[3];
            sgf_point(x, y, pt);
            if (sc->mark[p] == SEI_MARK_TERRITORY && (sc->owner[p] == SEI_BLACK || sc->owner[p] == SEI_WHITE))
                st = sei_sgf_add_value(s, node, sc->owner[p] == SEI_BLACK ? "TB" : "TW", pt);
            if (sc->dead[p]) {
                dead[dn++] = ' ';
                memcpy(dead + dn, pt, 2);
                dn += 2;
                ndead++;
            }
        }
    dead[dn] = 0;
    if (!st) {
        char a[24], w[24], k[24];
        char head[320];
        snprintf(head, sizeof head, "Seichi count (%s, komi %s): Black %s, White %s; %s. Dead stones (%d):",
                 sc->rules.name, sei_score_number(sc->rules.komi, k, sizeof k),
                 sei_score_number(sc->side[SEI_BLACK].score, a, sizeof a),
                 sei_score_number(sc->side[SEI_WHITE].score, w, sizeof w), sc->result, ndead);
        const char *old = sei_sgf_get(s, node, "C");
        size_t need = (old ? strlen(old) + 2 : 0) + strlen(head) + dn + (ndead ? 0 : 5) + 1;
        char *c = malloc(need);
        if (!c) {
            free(dead);
            return fail(s, SEI_ERR_NOMEM, "out of memory recording the count");
        }
        snprintf(c, need, "%s%s%s%s", old ? old : "", old ? "\n\n" : "", head, ndead ? dead : " none");
        st = sei_sgf_set(s, node, "C", c);
        free(c);
    }
    free(dead);
    return st;
}

const char *sei_sgf_rules_name(const char *preset)
{
    static const char *const map[][2] = {{"chinese", "Chinese"}, {"japanese", "Japanese"}, {"korean", "Korean"},
                                         {"ing", "GOE"},         {"aga", "AGA"},           {"nz", "NZ"},
                                         {"tromp-taylor", "Tromp-Taylor"}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (preset && !strcmp(map[i][0], preset))
            return map[i][1];
    return preset ? preset : "";
}

int sei_sgf_dead_marks(const sei_sgf *s, int node, sei_board *b, uint8_t *dead)
{
    if (!node_ok(s, node) || !b || !dead)
        return 0;
    memset(dead, 0, SEI_MAX_POINTS);
    int marks = 0;
    for (int p = s->nodes[node].prop_first; p >= 0; p = s->props[p].next) {
        const char *key = s->arena + s->props[p].key_off;
        int owner = !strcmp(key, "TB") ? SEI_BLACK : !strcmp(key, "TW") ? SEI_WHITE : -1;
        if (owner < 0)
            continue;
        marks = 1; /* even an empty TB[]: a count with no territory */
        for (int v = s->props[p].val_first; v >= 0; v = s->vals[v].next) {
            int x0, y0, x1, y1;
            if (read_rect(s->arena + s->vals[v].off, s->vals[v].len, b->size, &x0, &y0, &x1, &y1))
                continue;
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++) {
                    int pt = sei_board_point(b, x, y);
                    int c = b->color[pt];
                    /* A stone under its opponent's territory is dead. */
                    if ((c == SEI_BLACK || c == SEI_WHITE) && c != owner)
                        dead[pt] = 1;
                }
        }
    }
    /* A chain is dead or alive whole: a mark on one of its stones is on
     * all of them (some programs mark only a few). */
    uint8_t done[SEI_MAX_POINTS] = {0};
    int chain[SEI_MAX_POINTS];
    for (int pt = 0; pt < b->stride * b->stride; pt++) {
        if (!dead[pt] || done[pt])
            continue;
        int k = sei_board_chain(b, pt, chain);
        for (int i = 0; i < k; i++)
            dead[chain[i]] = done[chain[i]] = 1;
    }
    return marks;
}
