/* deadstones.c - dead-stone proposal by playouts from the final position.
 *
 * Each playout plays random moves for both sides until neither has a move
 * left, then notes who owns every point. A chain whose points the opponent
 * owns in most playouts is dead. What keeps this honest on real final
 * positions is the playout policy:
 *   - a side never fills its own eye, so a group with two eyes never dies;
 *   - a side never puts a group of two or more stones into atari without
 *     capturing, so nobody fills the shared liberties of a seki and a seki
 *     with or without eyes survives the playouts;
 *   - single-stone throw-ins stay allowed: killing a big eye needs them.
 * Because of the second rule the playouts take one standoff for a seki that
 * is not one: a group without an eye whose two liberties it shares with one
 * or two stones of the other colour, which can throw themselves in and
 * leave it one small eye. A reading of that shape (sacrifice_kills) decides
 * it after the playouts.
 * The playout board keeps chains as circular stone lists with pseudo-
 * liberty counts (count, sum, sum of squares), which tell "in atari" and
 * "captured" in constant time; a 19x19 playout from a final position takes
 * tens of microseconds. */
#define _POSIX_C_SOURCE 200809L
#include "deadstones.h"
#include "territory.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int size, stride, npoints;
    uint8_t color[SEI_MAX_POINTS];
    int16_t chain[SEI_MAX_POINTS]; /* root point of the stone's chain */
    int16_t next[SEI_MAX_POINTS];  /* next stone of the chain, circular */
    /* Per chain root: pseudo-liberties, one per (stone, empty neighbour). */
    int16_t plibs[SEI_MAX_POINTS];
    int32_t lsum[SEI_MAX_POINTS];
    int64_t lsum2[SEI_MAX_POINTS];
    int16_t csize[SEI_MAX_POINTS];
    int16_t empties[SEI_MAX_POINTS]; /* the empty points, in any order */
    int16_t epos[SEI_MAX_POINTS];    /* index of a point in empties[] */
    int nempty;
    int ko;                          /* point the side to move may not play, or 0 */
    int to_move;
    int d[4];
} pboard;

static sei_status fail(sei_board *b, sei_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->errmsg, sizeof b->errmsg, fmt, ap);
    va_end(ap);
    return st;
}

static inline uint32_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}

static inline void add_lib(pboard *pb, int r, int lib)
{
    pb->plibs[r]++;
    pb->lsum[r] += lib;
    pb->lsum2[r] += (int64_t)lib * lib;
}

static inline void rem_lib(pboard *pb, int r, int lib)
{
    pb->plibs[r]--;
    pb->lsum[r] -= lib;
    pb->lsum2[r] -= (int64_t)lib * lib;
}

/* All pseudo-liberties are the same point: exactly one real liberty. */
static inline int in_atari(const pboard *pb, int r)
{
    return pb->plibs[r] > 0 && (int64_t)pb->lsum[r] * pb->lsum[r] == (int64_t)pb->plibs[r] * pb->lsum2[r];
}

static inline void add_empty(pboard *pb, int p)
{
    pb->epos[p] = (int16_t)pb->nempty;
    pb->empties[pb->nempty++] = (int16_t)p;
}

static inline void remove_empty(pboard *pb, int p)
{
    int i = pb->epos[p], last = pb->empties[--pb->nempty];
    pb->empties[i] = (int16_t)last;
    pb->epos[last] = (int16_t)i;
}

static void merge(pboard *pb, int a, int b)
{
    if (pb->csize[a] < pb->csize[b]) {
        int t = a;
        a = b;
        b = t;
    }
    int s = b;
    do {
        pb->chain[s] = (int16_t)a;
        s = pb->next[s];
    } while (s != b);
    int16_t t = pb->next[a];
    pb->next[a] = pb->next[b];
    pb->next[b] = t;
    pb->csize[a] = (int16_t)(pb->csize[a] + pb->csize[b]);
    pb->plibs[a] = (int16_t)(pb->plibs[a] + pb->plibs[b]);
    pb->lsum[a] += pb->lsum[b];
    pb->lsum2[a] += pb->lsum2[b];
}

static int capture(pboard *pb, int r)
{
    int n = 0, s = r;
    do {
        pb->color[s] = SEI_EMPTY;
        add_empty(pb, s);
        n++;
        s = pb->next[s];
    } while (s != r);
    /* The removed points are liberties again for the chains around them. */
    do {
        for (int k = 0; k < 4; k++) {
            int q = s + pb->d[k];
            if (pb->color[q] == SEI_BLACK || pb->color[q] == SEI_WHITE)
                add_lib(pb, pb->chain[q], s);
        }
        s = pb->next[s];
    } while (s != r);
    return n;
}

/* Put a stone of c at p and join it to its friends; no captures. */
static void set_stone(pboard *pb, int p, int c)
{
    remove_empty(pb, p);
    pb->color[p] = (uint8_t)c;
    pb->chain[p] = (int16_t)p;
    pb->next[p] = (int16_t)p;
    pb->csize[p] = 1;
    pb->plibs[p] = 0;
    pb->lsum[p] = 0;
    pb->lsum2[p] = 0;
    for (int k = 0; k < 4; k++) {
        int q = p + pb->d[k];
        if (pb->color[q] == SEI_EMPTY)
            add_lib(pb, p, q);
        else if (pb->color[q] != SEI_OFFBOARD)
            rem_lib(pb, pb->chain[q], p);
    }
    for (int k = 0; k < 4; k++) {
        int q = p + pb->d[k];
        if (pb->color[q] == c && pb->chain[q] != pb->chain[p])
            merge(pb, pb->chain[p], pb->chain[q]);
    }
}

static void place(pboard *pb, int p, int c)
{
    int other = sei_color_other(c), captured = 0, last_cap = 0;
    set_stone(pb, p, c);
    for (int k = 0; k < 4; k++) {
        int q = p + pb->d[k];
        if (pb->color[q] == other && pb->plibs[pb->chain[q]] == 0) {
            last_cap = q;
            captured += capture(pb, pb->chain[q]);
        }
    }
    int r = pb->chain[p];
    pb->ko = (captured == 1 && pb->csize[r] == 1 && in_atari(pb, r)) ? last_cap : 0;
    pb->to_move = other;
}

static int legal(const pboard *pb, int p, int c)
{
    if (p == pb->ko)
        return 0;
    for (int k = 0; k < 4; k++) {
        int q = p + pb->d[k], qc = pb->color[q];
        if (qc == SEI_EMPTY)
            return 1;
        if (qc == c && !in_atari(pb, pb->chain[q]))
            return 1;
        if (qc == sei_color_other(c) && in_atari(pb, pb->chain[q]))
            return 1;
    }
    return 0;
}

/* An eye of c: every neighbour c (or the edge), and the diagonals not
 * controlled by the opponent (none on the edge, at most one inside). */
static int is_eye(const pboard *pb, int p, int c)
{
    for (int k = 0; k < 4; k++) {
        int qc = pb->color[p + pb->d[k]];
        if (qc != c && qc != SEI_OFFBOARD)
            return 0;
    }
    int diag[4] = {-pb->stride - 1, -pb->stride + 1, pb->stride - 1, pb->stride + 1};
    int bad = 0, edge = 0;
    for (int k = 0; k < 4; k++) {
        int qc = pb->color[p + diag[k]];
        if (qc == SEI_OFFBOARD)
            edge = 1;
        else if (qc == sei_color_other(c))
            bad++;
    }
    return edge ? bad == 0 : bad <= 1;
}

/* Would c at p leave a chain of two or more stones with one liberty and
 * capture nothing? */
static int bad_self_atari(const pboard *pb, int p, int c)
{
    int libs[2], nl = 0, size = 1, seen[4], ns = 0;
    for (int k = 0; k < 4; k++) {
        int q = p + pb->d[k];
        if (pb->color[q] == SEI_EMPTY) {
            if (nl == 0 || libs[0] != q) {
                if (nl == 1)
                    return 0;
                libs[nl++] = q;
            }
        } else if (pb->color[q] == sei_color_other(c) && in_atari(pb, pb->chain[q]))
            return 0; /* captures: liberties come free */
    }
    for (int k = 0; k < 4; k++) {
        int q = p + pb->d[k];
        if (pb->color[q] != c)
            continue;
        int r = pb->chain[q], dup = 0;
        for (int i = 0; i < ns; i++)
            dup |= seen[i] == r;
        if (dup)
            continue;
        seen[ns++] = r;
        size += pb->csize[r];
        if (in_atari(pb, r))
            continue; /* its only liberty is p */
        /* It has another liberty; find one that is new to us. */
        int s = r;
        do {
            for (int j = 0; j < 4; j++) {
                int t = s + pb->d[j];
                if (pb->color[t] == SEI_EMPTY && t != p && (nl == 0 || libs[0] != t)) {
                    if (nl == 1)
                        return 0;
                    libs[nl++] = t;
                }
            }
            s = pb->next[s];
        } while (s != r);
    }
    return nl <= 1 && size >= 2;
}

static void pboard_load(pboard *pb, const sei_board *b)
{
    pb->size = b->size;
    pb->stride = b->stride;
    pb->npoints = b->stride * b->stride;
    pb->d[0] = 1;
    pb->d[1] = -1;
    pb->d[2] = b->stride;
    pb->d[3] = -b->stride;
    pb->nempty = 0;
    pb->ko = 0;
    pb->to_move = b->to_move;
    memset(pb->color, SEI_OFFBOARD, sizeof pb->color);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            pb->color[p] = SEI_EMPTY;
            add_empty(pb, p);
        }
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            /* Stones go down without captures: a chain left with no
             * liberty (stones not yet lifted) is called dead later. */
            if (b->color[p] == SEI_BLACK || b->color[p] == SEI_WHITE)
                set_stone(pb, p, b->color[p]);
        }
}

/* A reply to the last move, as a player would: capture a chain it left in
 * atari, or save a chain of ours it put in atari. Returns 0 when there is
 * none. Without this, cuts and connections in a final position are a coin
 * toss in the playouts, and a group that only needs to answer a cut looks
 * half dead. */
static int urgent_reply(const pboard *pb, int last, int c, uint64_t *rng)
{
    int cand[8], n = 0;
    int around[5] = {last, last + pb->d[0], last + pb->d[1], last + pb->d[2], last + pb->d[3]};
    for (int i = 0; i < 5; i++) {
        int q = around[i], qc = pb->color[q];
        if (qc != SEI_BLACK && qc != SEI_WHITE)
            continue;
        int r = pb->chain[q];
        if (!in_atari(pb, r))
            continue;
        int lib = pb->lsum[r] / pb->plibs[r];
        if (qc == c && bad_self_atari(pb, lib, c))
            continue; /* running would not help */
        if (legal(pb, lib, c) && !(qc == c && is_eye(pb, lib, c)))
            cand[n++] = lib;
    }
    return n ? cand[rnd(rng) % (uint32_t)n] : 0;
}

/* Play one game to the end; add each point's final owner to own[]. */
static void playout(pboard *pb, uint64_t *rng, int *own)
{
    int passes = 0, moves = 0, limit = 3 * pb->size * pb->size, last = 0;
    while (passes < 2 && moves < limit) {
        int c = pb->to_move, played = 0;
        int n = pb->nempty;
        if (last > 0 && rnd(rng) % 16 < 15) {
            int p = urgent_reply(pb, last, c, rng);
            if (p > 0) {
                place(pb, p, c);
                played = p;
            }
        }
        if (!played && n > 0) {
            int start = (int)(rnd(rng) % (uint32_t)n);
            for (int i = 0; i < n; i++) {
                int p = pb->empties[(start + i) % n];
                if (!legal(pb, p, c) || is_eye(pb, p, c) || bad_self_atari(pb, p, c))
                    continue;
                place(pb, p, c);
                played = p;
                break;
            }
        }
        if (played)
            passes = 0;
        else {
            passes++;
            pb->ko = 0;
            pb->to_move = sei_color_other(c);
        }
        last = played;
        moves++;
    }
    for (int y = 0; y < pb->size; y++)
        for (int x = 0; x < pb->size; x++) {
            int p = (y + 1) * pb->stride + x + 1, c = pb->color[p];
            if (c == SEI_EMPTY) {
                /* At the end of a playout every empty point is an eye or
                 * dame: its neighbours tell which. */
                int reach = 0;
                for (int k = 0; k < 4; k++) {
                    int qc = pb->color[p + pb->d[k]];
                    if (qc == SEI_BLACK || qc == SEI_WHITE)
                        reach |= qc;
                }
                c = reach == SEI_BLACK || reach == SEI_WHITE ? reach : 0;
            }
            if (c == SEI_BLACK)
                own[p]++;
            else if (c == SEI_WHITE)
                own[p]--;
        }
}


/* Benson's unconditional life for colour c on the playout board's start
 * position: marks safe[] for every stone of a chain that no sequence of
 * opponent moves can capture, even if c always passes. Regions are the
 * connected sets of points that are not c; a region is vital to a chain
 * when all its empty points are that chain's liberties. Chains with fewer
 * than two vital regions drop out, then regions touching a dropped chain,
 * until nothing changes. */
static void benson(const pboard *pb, int c, uint8_t *safe)
{
    int16_t region[SEI_MAX_POINTS];
    int nreg = 0;
    int16_t stack[SEI_MAX_POINTS];
    static const int16_t none = -1;
    for (int p = 0; p < pb->npoints; p++)
        region[p] = none;
    for (int p = 0; p < pb->npoints; p++) {
        if (pb->color[p] == SEI_OFFBOARD || pb->color[p] == c || region[p] != none)
            continue;
        int sp = 0;
        region[p] = (int16_t)nreg;
        stack[sp++] = (int16_t)p;
        while (sp) {
            int q = stack[--sp];
            for (int k = 0; k < 4; k++) {
                int r = q + pb->d[k];
                if (pb->color[r] != SEI_OFFBOARD && pb->color[r] != c && region[r] == none) {
                    region[r] = (int16_t)nreg;
                    stack[sp++] = (int16_t)r;
                }
            }
        }
        nreg++;
    }
    if (nreg == 0)
        return;
    /* Chains of c by root; alive[] is the candidate set X. */
    uint8_t in_x[SEI_MAX_POINTS], reg_ok[SEI_MAX_POINTS];
    memset(in_x, 0, sizeof in_x);
    for (int p = 0; p < pb->npoints; p++)
        if (pb->color[p] == c && pb->chain[p] == p)
            in_x[p] = 1;
    for (int r = 0; r < nreg; r++)
        reg_ok[r] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        /* A region stays only if every chain of c around it is in X. */
        for (int p = 0; p < pb->npoints; p++) {
            if (region[p] == none || !reg_ok[region[p]])
                continue;
            for (int k = 0; k < 4; k++) {
                int q = p + pb->d[k];
                if (pb->color[q] == c && !in_x[pb->chain[q]]) {
                    reg_ok[region[p]] = 0;
                    changed = 1;
                    break;
                }
            }
        }
        /* Count each chain's vital regions: every empty point of the region
         * must touch the chain. */
        for (int x = 0; x < pb->npoints; x++) {
            if (!in_x[x])
                continue;
            int vital = 0, seen_r[4] = {-1, -1, -1, -1}, nseen = 0;
            int s = x;
            do {
                for (int k = 0; k < 4 && vital < 2; k++) {
                    int q = s + pb->d[k], r = pb->color[q] == SEI_OFFBOARD ? none : region[q];
                    if (r == none || !reg_ok[r])
                        continue;
                    int dup = 0;
                    for (int i = 0; i < nseen; i++)
                        dup |= seen_r[i] == r;
                    if (dup)
                        continue;
                    if (nseen < 4)
                        seen_r[nseen++] = r;
                    /* Vital: each empty point of region r is next to chain x. */
                    int ok = 1;
                    for (int t = 0; t < pb->npoints && ok; t++) {
                        if (region[t] != r || pb->color[t] != SEI_EMPTY)
                            continue;
                        int touch = 0;
                        for (int j = 0; j < 4; j++)
                            touch |= pb->color[t + pb->d[j]] == c && pb->chain[t + pb->d[j]] == x;
                        ok = touch;
                    }
                    vital += ok;
                }
                s = pb->next[s];
            } while (s != x && vital < 2);
            if (vital < 2) {
                in_x[x] = 0;
                changed = 1;
            }
        }
    }
    for (int p = 0; p < pb->npoints; p++)
        if (pb->color[p] == c && in_x[pb->chain[p]])
            safe[p] = 1;
}

/* The liberties of chain r on pb, up to max (more are not counted). */
static int chain_libs(const pboard *pb, int r, int *lib, int max)
{
    int n = 0, s = r;
    do {
        for (int k = 0; k < 4; k++) {
            int t = s + pb->d[k], dup = 0;
            if (pb->color[t] != SEI_EMPTY)
                continue;
            for (int i = 0; i < n && i < max; i++)
                dup |= lib[i] == t;
            if (dup)
                continue;
            if (n < max)
                lib[n] = t;
            n++;
        }
        s = pb->next[s];
    } while (s != r);
    return n;
}

/* A standoff the playouts take for a seki but that is not one: chain w
 * (three stones or more, no eye) has only the liberties a and b, and shares
 * both with a chain of one or two stones of the other colour that has no
 * other liberty either, the two walled in by each other and the edge. The
 * small chain's side plays a: three stones at most in atari, and w in atari
 * too; w takes them and is left with their two or three points as its only
 * liberties, one eye, which the small chain's side fills at its vital
 * point. So w is dead and the small chain alive. The playouts never see
 * it: they never put two stones into atari, which is what keeps a real seki
 * alive. Returns the small chain's root, or 0 when w is not so caught. */
static int sacrifice_kills(const pboard *pb, int w)
{
    int c = pb->color[w], opp = sei_color_other(c), libs[3];
    if (pb->csize[w] < 3 || chain_libs(pb, w, libs, 3) != 2)
        return 0;
    /* Every other chain next to w keeps two liberties: w captures nothing. */
    int small = 0, s = w;
    do {
        for (int k = 0; k < 4; k++) {
            int t = s + pb->d[k], tl[2];
            if (pb->color[t] == opp && chain_libs(pb, pb->chain[t], tl, 2) < 2)
                return 0;
        }
        s = pb->next[s];
    } while (s != w);
    /* The liberties touch only w, one small chain of the other colour, or the edge. */
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++) {
            int t = libs[i] + pb->d[k], tc = pb->color[t];
            if (tc == SEI_OFFBOARD || (tc == c && pb->chain[t] == w) || t == libs[1 - i])
                continue;
            if (tc != opp || (small && pb->chain[t] != small))
                return 0;
            small = pb->chain[t];
        }
    if (!small || pb->csize[small] > 2)
        return 0;
    int sl[3];
    if (chain_libs(pb, small, sl, 3) != 2)
        return 0; /* its liberties are a and b, both counted above */
    s = small;
    do {
        for (int k = 0; k < 4; k++) {
            int t = s + pb->d[k], tc = pb->color[t];
            if (tc == SEI_OFFBOARD || t == libs[0] || t == libs[1] || pb->chain[t] == small ||
                (tc == c && pb->chain[t] == w))
                continue;
            return 0;
        }
        s = pb->next[s];
    } while (s != small);
    return small;
}

void sei_dead_seki(const sei_board *b, const uint8_t *dead, uint8_t *seki)
{
    int n = b->size;
    uint8_t stones[SEI_MAX_SIZE * SEI_MAX_SIZE] = {0}, dd[SEI_MAX_SIZE * SEI_MAX_SIZE] = {0};
    sei_territory_point tp[SEI_MAX_SIZE * SEI_MAX_SIZE];
    memset(seki, 0, SEI_MAX_POINTS);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y);
            stones[y * n + x] = b->color[p];
            dd[y * n + x] = dead && dead[p];
        }
    if (sei_territory_analyze(n, n, stones, dd, NULL, tp) != 0)
        return;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] != SEI_EMPTY && !dd[y * n + x] && tp[y * n + x].seki == b->color[p])
                seki[p] = 1;
        }
}

void sei_dead_params_default(sei_dead_params *p)
{
    p->playouts = 64;
    p->max_playouts = 320;
    p->dead_share = 0.5;
    p->uncertain = 0.25;
    p->race = 0.1;
    p->seed = 0;
}

sei_status sei_dead_propose(sei_board *b, const sei_dead_params *params, sei_dead_result *out)
{
    double t0 = sei_now_ms();
    sei_dead_params def;
    if (!params) {
        sei_dead_params_default(&def);
        params = &def;
    }
    if (params->playouts < 1 || params->max_playouts < params->playouts)
        return fail(b, SEI_ERR_ARG, "playouts must be at least 1 and no more than max_playouts");
    memset(out, 0, sizeof *out);

    static const pboard zero_pb; /* const: not mutable state */
    pboard start = zero_pb, pb;
    pboard_load(&start, b);

    /* Chains left with no liberty at all are stones already captured but
     * not yet lifted: dead without asking the playouts. */
    uint64_t rng = params->seed ? params->seed : (b->hash ^ 0x9E3779B97F4A7C15ULL) | 1;
    int own[SEI_MAX_POINTS];
    memset(own, 0, sizeof own);
    int done = 0, target = params->playouts;
    while (done < target) {
        pb = start;
        /* Alternate who starts: a final position is nobody's move. */
        pb.to_move = done % 2 ? SEI_WHITE : SEI_BLACK;
        playout(&pb, &rng, own);
        done++;
        if (done == target && target < params->max_playouts) {
            /* Any chain still in doubt? Then play more. */
            int doubt = 0;
            for (int p = 0; p < start.npoints && !doubt; p++) {
                int c = start.color[p];
                if ((c != SEI_BLACK && c != SEI_WHITE) || start.chain[p] != p)
                    continue;
                double sum = 0;
                int s = p;
                do {
                    sum += own[s];
                    s = start.next[s];
                } while (s != p);
                double mean = sum / (start.csize[p] * (double)done); /* -1..1 */
                double opp_share = (c == SEI_BLACK ? -mean : mean) * 0.5 + 0.5;
                if (opp_share > params->dead_share - params->uncertain &&
                    opp_share < params->dead_share + params->uncertain)
                    doubt = 1;
            }
            if (doubt)
                target = target * 2 > params->max_playouts ? params->max_playouts : target * 2;
        }
    }

    for (int p = 0; p < start.npoints; p++)
        if (start.color[p] != SEI_OFFBOARD)
            out->owner[p] = (float)own[p] / (float)done;
    benson(&start, SEI_BLACK, out->safe);
    benson(&start, SEI_WHITE, out->safe);
    /* Each chain's share of playouts the opponent won, and its liberties. */
    float share[SEI_MAX_POINTS];
    int libs[SEI_MAX_POINTS];
    uint32_t seenlib[SEI_MAX_POINTS];
    memset(seenlib, 0, sizeof seenlib);
    for (int p = 0; p < start.npoints; p++) {
        int c = start.color[p];
        if ((c != SEI_BLACK && c != SEI_WHITE) || start.chain[p] != p)
            continue;
        double sum = 0;
        int s = p, nl = 0;
        do {
            sum += out->owner[s];
            for (int k = 0; k < 4; k++) {
                int q = s + start.d[k];
                if (start.color[q] == SEI_EMPTY && seenlib[q] != (uint32_t)p + 1) {
                    seenlib[q] = (uint32_t)p + 1;
                    nl++;
                }
            }
            s = start.next[s];
        } while (s != p);
        double mean = sum / start.csize[p];
        share[p] = (float)((c == SEI_BLACK ? -mean : mean) * 0.5 + 0.5);
        libs[p] = nl;
    }
    /* Standoffs that only look like seki: the big chain dies, the small lives. */
    uint8_t caught[SEI_MAX_POINTS];
    memset(caught, 0, sizeof caught);
    for (int p = 0; p < start.npoints; p++) {
        int c = start.color[p];
        if ((c != SEI_BLACK && c != SEI_WHITE) || start.chain[p] != p)
            continue;
        int small = sacrifice_kills(&start, p);
        if (small) {
            caught[p] = 1;     /* dead */
            caught[small] = 2; /* alive */
        }
    }
    for (int p = 0; p < start.npoints; p++) {
        int c = start.color[p];
        if ((c != SEI_BLACK && c != SEI_WHITE) || start.chain[p] != p)
            continue;
        double opp_share = share[p];
        int dead = caught[p] ? caught[p] == 1 : opp_share > params->dead_share;
        /* A close call between two chains that touch is a capturing race
         * the random playouts cannot read. The players stopped, so the race
         * is decided: the chain with more liberties (then more stones) wins
         * it. */
        double lo = params->dead_share - params->race, hi = params->dead_share + params->race;
        if (!caught[p] && opp_share > lo && opp_share < hi) {
            int s = p, decided = 0;
            do {
                for (int k = 0; k < 4 && !decided; k++) {
                    int q = s + start.d[k];
                    if (start.color[q] != sei_color_other(c))
                        continue;
                    int r = start.chain[q];
                    if (share[r] <= lo || share[r] >= hi)
                        continue;
                    int mine = libs[p] * 1000 + start.csize[p], theirs = libs[r] * 1000 + start.csize[r];
                    if (mine != theirs) {
                        dead = mine < theirs;
                        decided = 1;
                    }
                }
                s = start.next[s];
            } while (s != p && !decided);
        }
        if (out->safe[p])
            dead = 0;
        if (start.plibs[p] == 0)
            dead = 1;
        float conf = (float)(dead ? opp_share : 1 - opp_share);
        if (start.plibs[p] == 0)
            conf = 1;
        if (conf < 0.5f)
            conf = 0.5f; /* overruled by the race rule or the sacrifice: a toss-up at best */
        out->chains++;
        out->dead_chains += dead;
        int s = p;
        do {
            out->dead[s] = (uint8_t)dead;
            out->confidence[s] = conf;
            s = start.next[s];
        } while (s != p);
    }
    /* Name the groups in seki, given the dead stones just decided. */
    sei_dead_seki(b, out->dead, out->seki);
    out->playouts = done;
    out->ms = sei_now_ms() - t0;
    return SEI_OK;
}
