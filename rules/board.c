/* board.c - moves, captures, ko/superko, suicide and undo on the flat board.
 *
 * Chains are not kept incrementally: a flood fill over at most 625 points is
 * cheap enough for the kiosk (well under a microsecond per legality check on
 * a 19x19 board) and keeps undo trivial, since a move only needs to remember
 * the stones it removed. */
#define _POSIX_C_SOURCE 200809L
#include "board.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* The situational superko key adds who is to move next. */
static inline uint64_t situ(uint64_t h, int to_move) { return to_move == SEI_WHITE ? h ^ 0x5DEECE66DULL * 0x2545F4914F6CDD1DULL : h; }

static sei_status fail(sei_board *b, sei_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->errmsg, sizeof b->errmsg, fmt, ap);
    va_end(ap);
    return st;
}

static int grow(void **buf, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return 0;
    int nc = *cap ? *cap * 2 : 64;
    while (nc < need)
        nc *= 2;
    void *nb = realloc(*buf, (size_t)nc * elem);
    if (!nb)
        return -1;
    *buf = nb;
    *cap = nc;
    return 0;
}

static void board_reset(sei_board *b)
{
    memset(b->color, SEI_OFFBOARD, sizeof b->color);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            b->color[sei_board_point(b, x, y)] = SEI_EMPTY;
    b->to_move = SEI_BLACK;
    b->ko = 0;
    b->ko_color = 0;
    memset(b->prisoners, 0, sizeof b->prisoners);
    memset(b->placed, 0, sizeof b->placed);
    memset(b->passes, 0, sizeof b->passes);
    b->handicap = 0;
    b->hash = 0;
    b->seen_n = 0;
    b->moves_n = 0;
    b->captured_n = 0;
    b->errmsg[0] = 0;
}

/* Remember the current position for superko. */
static int remember(sei_board *b)
{
    if (grow((void **)&b->seen, &b->seen_cap, b->seen_n + 1, sizeof *b->seen))
        return -1;
    b->seen[b->seen_n++] = b->ko_rule == SEI_KO_SITUATIONAL ? situ(b->hash, b->to_move) : b->hash;
    return 0;
}

sei_board *sei_board_create(int size)
{
    if (size < SEI_MIN_SIZE || size > SEI_MAX_SIZE)
        return NULL;
    sei_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->size = size;
    b->stride = size + 2;
    board_reset(b);
    if (remember(b)) {
        free(b);
        return NULL;
    }
    return b;
}

void sei_board_destroy(sei_board *b)
{
    if (!b)
        return;
    free(b->seen);
    free(b->moves);
    free(b->captured);
    free(b);
}

void sei_board_clear(sei_board *b)
{
    board_reset(b);
    remember(b); /* cannot fail: capacity is already there */
}

sei_board *sei_board_clone(const sei_board *src)
{
    sei_board *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    *b = *src;
    b->seen = NULL;
    b->moves = NULL;
    b->captured = NULL;
    b->seen_cap = b->moves_cap = b->captured_cap = 0;
    if (grow((void **)&b->seen, &b->seen_cap, src->seen_n + 1, sizeof *b->seen) ||
        grow((void **)&b->moves, &b->moves_cap, src->moves_n + 1, sizeof *b->moves) ||
        grow((void **)&b->captured, &b->captured_cap, src->captured_n + 1, sizeof *b->captured)) {
        sei_board_destroy(b);
        return NULL;
    }
    /* A board that never played has no history arrays at all (NULL), and
     * memcpy from NULL is undefined even for zero bytes. */
    if (src->seen_n)
        memcpy(b->seen, src->seen, (size_t)src->seen_n * sizeof *b->seen);
    if (src->moves_n)
        memcpy(b->moves, src->moves, (size_t)src->moves_n * sizeof *b->moves);
    if (src->captured_n)
        memcpy(b->captured, src->captured, (size_t)src->captured_n * sizeof *b->captured);
    return b;
}

const char *sei_board_errmsg(const sei_board *b) { return b ? b->errmsg : "no board"; }

static inline void next_mark(sei_board *b)
{
    if (++b->mark_gen == 0) { /* wrapped: clear so stale marks cannot match */
        memset(b->mark, 0, sizeof b->mark);
        b->mark_gen = 1;
    }
}

/* Flood the chain at p. Collects its stones into out (if non-NULL) and
 * returns the stone count; *libs gets the number of distinct liberties,
 * counting `pretend` (an empty point about to be filled) as not a liberty. */
static int flood(sei_board *b, int p, int *out, int *libs, int pretend)
{
    int stack[SEI_MAX_POINTS];
    int c = b->color[p], n = 0, sp = 0, nl = 0;
    const int d[4] = {1, -1, b->stride, -b->stride};
    next_mark(b);
    uint32_t g = b->mark_gen;
    b->mark[p] = g;
    stack[sp++] = p;
    while (sp) {
        int q = stack[--sp];
        if (out)
            out[n] = q;
        n++;
        for (int i = 0; i < 4; i++) {
            int r = q + d[i];
            if (b->mark[r] == g)
                continue;
            if (b->color[r] == c) {
                b->mark[r] = g;
                stack[sp++] = r;
            } else if (b->color[r] == SEI_EMPTY && r != pretend) {
                b->mark[r] = g;
                nl++;
            }
        }
    }
    if (libs)
        *libs = nl;
    return n;
}

int sei_board_chain(sei_board *b, int p, int *out)
{
    if (!sei_board_on(b, p) || b->color[p] == SEI_EMPTY)
        return 0;
    return flood(b, p, out, NULL, 0);
}

int sei_board_chain_size(sei_board *b, int p) { return sei_board_chain(b, p, NULL); }

int sei_board_chain_liberties(sei_board *b, int p)
{
    int libs = 0;
    if (!sei_board_on(b, p) || b->color[p] == SEI_EMPTY)
        return 0;
    flood(b, p, NULL, &libs, 0);
    return libs;
}

/* Does the chain at p have a liberty other than `except`? Stops at the
 * first one found, which is what makes legality checks cheap. */
static int has_liberty_besides(sei_board *b, int p, int except)
{
    int stack[SEI_MAX_POINTS];
    int c = b->color[p], sp = 0;
    const int d[4] = {1, -1, b->stride, -b->stride};
    next_mark(b);
    uint32_t g = b->mark_gen;
    b->mark[p] = g;
    stack[sp++] = p;
    while (sp) {
        int q = stack[--sp];
        for (int i = 0; i < 4; i++) {
            int r = q + d[i];
            if (b->color[r] == SEI_EMPTY && r != except)
                return 1;
            if (b->color[r] == c && b->mark[r] != g) {
                b->mark[r] = g;
                stack[sp++] = r;
            }
        }
    }
    return 0;
}

/* What playing color at p would do, worked out without changing the board. */
typedef struct {
    int caps[SEI_MAX_POINTS]; /* stones removed */
    int ncaps;
    int suicide;              /* 1 when caps are the mover's own chain */
    uint64_t hash;            /* stones-only hash afterwards */
    int ko;                   /* new simple-ko point, or 0 */
} sei_outcome;

static sei_status evaluate(sei_board *b, int color, int p, sei_outcome *o)
{
    const int d[4] = {1, -1, b->stride, -b->stride};
    int other = sei_color_other(color);
    o->ncaps = 0;
    o->suicide = 0;
    o->ko = 0;
    o->hash = b->hash ^ sei_zobrist(p, color);

    if (!sei_board_on(b, p))
        return fail(b, SEI_ERR_ARG, "point %d is not on the %dx%d board", p, b->size, b->size);
    if (b->color[p] != SEI_EMPTY)
        return fail(b, SEI_ERR_OCCUPIED, "the point is already occupied");
    if (p == b->ko && color == b->ko_color)
        return fail(b, SEI_ERR_KO, "immediate ko recapture");

    /* Captures: an adjacent enemy chain whose only liberty is p. A chain
     * touching p twice must be removed once, so skip stones already taken. */
    int own_libs = 0, own_adjacent = 0;
    for (int i = 0; i < 4; i++) {
        int r = p + d[i];
        if (b->color[r] == SEI_EMPTY)
            own_libs = 1;
        else if (b->color[r] == color)
            own_adjacent = 1;
        else if (b->color[r] == other) {
            int dup = 0;
            for (int k = 0; k < o->ncaps && !dup; k++)
                dup = o->caps[k] == r;
            if (dup || has_liberty_besides(b, r, p))
                continue;
            int n = flood(b, r, o->caps + o->ncaps, NULL, 0);
            for (int k = 0; k < n; k++)
                o->hash ^= sei_zobrist(o->caps[o->ncaps + k], other);
            o->ncaps += n;
        }
    }

    if (o->ncaps == 0 && !own_libs) {
        /* No capture and no empty neighbour: alive only through a friendly
         * chain that has another liberty. */
        int alive = 0;
        for (int i = 0; i < 4 && !alive; i++) {
            int r = p + d[i];
            if (b->color[r] == color && has_liberty_besides(b, r, p))
                alive = 1;
        }
        if (!alive) {
            if (b->suicide_rule == SEI_SUICIDE_ILLEGAL ||
                (b->suicide_rule == SEI_SUICIDE_MULTI && !own_adjacent))
                return fail(b, SEI_ERR_SUICIDE, "suicide is not allowed%s",
                            own_adjacent ? "" : " (single stone)");
            /* The mover's chain, p included, comes off. */
            b->color[p] = (uint8_t)color;
            o->ncaps = flood(b, p, o->caps, NULL, 0);
            b->color[p] = SEI_EMPTY;
            o->hash = b->hash;
            for (int k = 0; k < o->ncaps; k++)
                if (o->caps[k] != p)
                    o->hash ^= sei_zobrist(o->caps[k], color);
            o->suicide = 1;
        }
    }

    /* Simple ko: a single stone captured one stone and now stands alone
     * with that one liberty. */
    if (o->ncaps == 1 && !o->suicide && !own_adjacent && !own_libs)
        o->ko = o->caps[0];

    if (b->ko_rule != SEI_KO_SIMPLE) {
        uint64_t key = b->ko_rule == SEI_KO_SITUATIONAL ? situ(o->hash, other) : o->hash;
        for (int i = b->seen_n - 1; i >= 0; i--)
            if (b->seen[i] == key)
                return fail(b, SEI_ERR_SUPERKO, "the move repeats an earlier position (%s superko)",
                            b->ko_rule == SEI_KO_SITUATIONAL ? "situational" : "positional");
    }
    return SEI_OK;
}

static sei_status push_move(sei_board *b, int p, int color)
{
    if (grow((void **)&b->moves, &b->moves_cap, b->moves_n + 1, sizeof *b->moves))
        return fail(b, SEI_ERR_NOMEM, "out of memory");
    if (grow((void **)&b->seen, &b->seen_cap, b->seen_n + 1, sizeof *b->seen))
        return fail(b, SEI_ERR_NOMEM, "out of memory");
    sei_move *m = &b->moves[b->moves_n++];
    m->point = p;
    m->color = color;
    m->kind = SEI_MOVE_PLAY;
    m->to_move_before = b->to_move;
    m->ko_before = b->ko;
    m->ko_color_before = b->ko_color;
    m->captured_at = b->captured_n;
    m->captured_n = 0;
    m->suicide = 0;
    m->hash_before = b->hash;
    return SEI_OK;
}

sei_status sei_board_check(sei_board *b, int color, int p)
{
    sei_outcome o;
    b->errmsg[0] = 0;
    if (color != SEI_BLACK && color != SEI_WHITE)
        return fail(b, SEI_ERR_ARG, "colour must be black or white");
    if (p == SEI_PASS || p == SEI_RESIGN)
        return SEI_OK;
    return evaluate(b, color, p, &o);
}

sei_status sei_board_play(sei_board *b, int color, int p)
{
    sei_outcome o;
    sei_status st;
    b->errmsg[0] = 0;
    if (color != SEI_BLACK && color != SEI_WHITE)
        return fail(b, SEI_ERR_ARG, "colour must be black or white");
    if (p == SEI_RESIGN)
        return fail(b, SEI_ERR_ARG, "resign is not a board move");
    if (p == SEI_PASS) {
        if ((st = push_move(b, p, color)))
            return st;
        b->passes[color]++;
        b->ko = 0;
        b->ko_color = 0;
        b->to_move = sei_color_other(color);
        /* A pass changes who moves: that matters for situational superko. */
        b->seen[b->seen_n++] = b->ko_rule == SEI_KO_SITUATIONAL ? situ(b->hash, b->to_move) : b->hash;
        return SEI_OK;
    }
    if ((st = evaluate(b, color, p, &o)))
        return st;
    if ((st = push_move(b, p, color)))
        return st;
    if (grow((void **)&b->captured, &b->captured_cap, b->captured_n + o.ncaps, sizeof *b->captured)) {
        b->moves_n--;
        return fail(b, SEI_ERR_NOMEM, "out of memory");
    }
    sei_move *m = &b->moves[b->moves_n - 1];
    b->color[p] = (uint8_t)color;
    for (int k = 0; k < o.ncaps; k++) {
        b->color[o.caps[k]] = SEI_EMPTY;
        b->captured[b->captured_n++] = (int16_t)o.caps[k];
    }
    m->captured_n = o.ncaps;
    m->suicide = o.suicide;
    if (o.suicide)
        b->prisoners[sei_color_other(color)] += o.ncaps;
    else
        b->prisoners[color] += o.ncaps;
    b->placed[color]++;
    b->hash = o.hash;
    b->ko = o.ko;
    b->ko_color = o.ko ? sei_color_other(color) : 0;
    b->to_move = sei_color_other(color);
    b->seen[b->seen_n++] = b->ko_rule == SEI_KO_SITUATIONAL ? situ(b->hash, b->to_move) : b->hash;
    return SEI_OK;
}

sei_status sei_board_undo(sei_board *b)
{
    if (b->moves_n == 0)
        return fail(b, SEI_ERR_ARG, "nothing to undo");
    sei_move *m = &b->moves[--b->moves_n];
    b->seen_n--;
    if (m->kind != SEI_MOVE_PLAY) {
        b->color[m->point] = SEI_EMPTY;
        if (m->kind == SEI_MOVE_HANDICAP)
            b->handicap--;
    } else if (m->point == SEI_PASS) {
        b->passes[m->color]--;
    } else {
        int cap_color = m->suicide ? m->color : sei_color_other(m->color);
        for (int k = 0; k < m->captured_n; k++)
            b->color[b->captured[m->captured_at + k]] = (uint8_t)cap_color;
        /* After the restore: a suicide's removed chain includes the point. */
        b->color[m->point] = SEI_EMPTY;
        b->captured_n = m->captured_at;
        b->prisoners[m->suicide ? sei_color_other(m->color) : m->color] -= m->captured_n;
        b->placed[m->color]--;
    }
    b->hash = m->hash_before;
    b->ko = m->ko_before;
    b->ko_color = m->ko_color_before;
    b->to_move = m->to_move_before;
    return SEI_OK;
}

static sei_status place(sei_board *b, int color, int p, int is_handicap)
{
    b->errmsg[0] = 0;
    if (color != SEI_BLACK && color != SEI_WHITE)
        return fail(b, SEI_ERR_ARG, "colour must be black or white");
    if (!sei_board_on(b, p))
        return fail(b, SEI_ERR_ARG, "the point is not on the board");
    if (b->color[p] != SEI_EMPTY)
        return fail(b, SEI_ERR_OCCUPIED, "the point is already occupied");
    sei_status st = push_move(b, p, color);
    if (st)
        return st;
    b->moves[b->moves_n - 1].kind = is_handicap ? SEI_MOVE_HANDICAP : SEI_MOVE_SETUP;
    b->color[p] = (uint8_t)color;
    b->hash ^= sei_zobrist(p, color);
    b->ko = 0;
    b->ko_color = 0;
    if (is_handicap)
        b->handicap++;
    b->seen[b->seen_n++] = b->ko_rule == SEI_KO_SITUATIONAL ? situ(b->hash, b->to_move) : b->hash;
    return SEI_OK;
}

sei_status sei_board_place(sei_board *b, int color, int p) { return place(b, color, p, 0); }

sei_status sei_board_handicap_free(sei_board *b, const int *points, int n)
{
    if (n < 2 || n > b->size * b->size / 2)
        return fail(b, SEI_ERR_ARG, "a handicap is 2 or more stones, got %d", n);
    for (int i = 0; i < n; i++) {
        sei_status st = place(b, SEI_BLACK, points[i], 1);
        if (st) {
            while (i-- > 0)
                sei_board_undo(b);
            return st;
        }
    }
    /* The position after the handicap is White's to play: record it so for
     * situational superko (replacing the key stored with Black to move). */
    b->to_move = SEI_WHITE;
    b->seen[b->seen_n - 1] = b->ko_rule == SEI_KO_SITUATIONAL ? situ(b->hash, b->to_move) : b->hash;
    return SEI_OK;
}

sei_status sei_board_handicap_fixed(sei_board *b, int n)
{
    /* Star-point order as in the Japanese rules and GTP fixed_handicap:
     * corners first, then sides, then the centre for odd counts. The
     * corner stones stand on the 4-4 points from 13x13 up, on the 3-3
     * points below; side and centre stones need a middle line, so an even
     * board (and 7x7, too small for them) takes 4 stones at most. */
    if (b->size < 7)
        return fail(b, SEI_ERR_ARG, "fixed handicap needs a board of 7x7 or more, not %d", b->size);
    int lo = b->size >= 13 ? 3 : 2, mid = b->size / 2, hi = b->size - 1 - lo;
    int most = b->size % 2 == 0 || b->size == 7 ? 4 : 9;
    if (n < 2 || n > most)
        return fail(b, SEI_ERR_ARG, "fixed handicap on %dx%d is 2 to %d stones, got %d", b->size, b->size, most, n);
    /* GTP coordinates have y up; ours have y down, so "lower left" is y = hi. */
    int xy[9][2] = {{hi, lo}, {lo, hi}, {hi, hi}, {lo, lo}, {mid, mid},
                    {lo, mid}, {hi, mid}, {mid, lo}, {mid, hi}};
    int order[10][9] = {{0}, {0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}, {0, 1, 2, 3, 4},
                        {0, 1, 2, 3, 5, 6}, {0, 1, 2, 3, 5, 6, 4},
                        {0, 1, 2, 3, 5, 6, 7, 8}, {0, 1, 2, 3, 5, 6, 7, 8, 4}};
    int pts[9];
    for (int i = 0; i < n; i++)
        pts[i] = sei_board_point(b, xy[order[n][i]][0], xy[order[n][i]][1]);
    return sei_board_handicap_free(b, pts, n);
}

int sei_board_parse_point(const sei_board *b, const char *t)
{
    if (!t || !*t)
        return 0;
    if (!strcmp(t, "pass") || !strcmp(t, "PASS") || !strcmp(t, "Pass"))
        return SEI_PASS;
    /* SGF: two lowercase letters, column then row from the top. */
    if (t[0] >= 'a' && t[0] <= 'z' && t[1] >= 'a' && t[1] <= 'z' && !t[2]) {
        int x = t[0] - 'a', y = t[1] - 'a';
        return x < b->size && y < b->size ? sei_board_point(b, x, y) : 0;
    }
    /* GTP: a column letter (I skipped) and a row number from the bottom. */
    int c = t[0] >= 'a' && t[0] <= 'z' ? t[0] - 'a' + 'A' : t[0];
    if (c < 'A' || c > 'Z' || c == 'I')
        return 0;
    int x = c - 'A' - (c > 'I');
    char *end;
    long row = strtol(t + 1, &end, 10);
    if (end == t + 1 || *end || row < 1 || row > b->size || x >= b->size)
        return 0;
    return sei_board_point(b, x, b->size - (int)row);
}

const char *sei_board_point_name(const sei_board *b, int p, char *buf, size_t n)
{
    if (p == SEI_PASS)
        snprintf(buf, n, "pass");
    else if (p == SEI_RESIGN)
        snprintf(buf, n, "resign");
    else {
        int x = sei_board_x(b, p), y = sei_board_y(b, p);
        snprintf(buf, n, "%c%d", 'A' + x + (x >= 8), b->size - y);
    }
    return buf;
}

double sei_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int sei_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
