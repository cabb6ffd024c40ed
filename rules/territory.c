/* territory.c - decides which empty points score under territory
 * (Japanese/Korean) counting: groups in seki, their eyes, dame and false eyes
 * that must eventually be filled are not counted.
 *
 * The algorithm follows lightvector's goscorer (MIT licence,
 * github.com/lightvector/goscorer, territory_scoring) step by step, so that
 * its snapshot tests can be used as the reference:
 *
 *   1. connection blocks: empty points where a shape pattern (bamboo joints,
 *      tiger's mouths, edge hanes) means the opponent cannot cut through;
 *   2. reachability of each point from living stones of each colour, once
 *      strictly and once stopping at the opponent's connection blocks;
 *   3. regions: areas reached by one colour only, merged across dame;
 *   4. chains (same colour and same dead flag, empty chains included);
 *   5. macrochains: living chains joined through region-less space;
 *   6. potential eyes: connected non-living points of a region;
 *   7. false eye points (first with all eye values 0);
 *   8. eye values 0..2 from heuristics on the eye's shape;
 *   9. false eye points again with the eye values: the unscorable ones;
 *  10. seki: goscorer calls every region whose eyes sum to <= 1 seki, taking
 *      each stone not marked dead as alive. On an unfinished position that
 *      is wrong (a lone stone in open space has no eyes and is not in
 *      seki), so by default such a region is only a candidate, judged with
 *      the candidates of the other colour it shares liberties with: no seki
 *      when one of them has a liberty in open space, when they are all of
 *      one colour, or when a search of the filling of their liberties finds
 *      a race that whoever moves first wins;
 *  11. the final per-point verdict.
 *
 * Everything lives in one work area on the caller's stack (about 140 KB);
 * there is no allocation and no mutable global state. Flood fills use
 * explicit stacks, never recursion, so the stack use is bounded.
 *
 * Board size: the work area holds SEI_MAX_SIZE * SEI_MAX_SIZE points. Any
 * rectangle with width, height >= 1 and width * height within that is
 * accepted (goscorer's own tests use strips like 45 x 7). */
#include "territory.h"

#include <string.h>

#include "board.h"

#define T_MAX (SEI_MAX_SIZE * SEI_MAX_SIZE) /* points in the work area */
#define T_MAXREC (4 * T_MAX)                /* eye-point / stone adjacencies */
#define SEKI_MAX_POINTS 24 /* points a seki search may fill: a seki's space is small */
#define SEKI_MEMO 4096     /* memo entries of the seki search, a power of two */

/* Bit for each of the four directions, in the order of neighbours(). */
enum { DIR_UP = 1, DIR_DOWN = 2, DIR_LEFT = 4, DIR_RIGHT = 8 };

typedef struct {
    int w, h, n;
    /* Neighbours of each point, worked out once: the analysis asks for them
     * millions of times on a big board, and a division per call showed. */
    int16_t nb[T_MAX][4];
    uint8_t nbdir[T_MAX][4];
    uint8_t nnb[T_MAX];
    uint8_t col[T_MAX];  /* SEI_EMPTY / SEI_BLACK / SEI_WHITE */
    uint8_t dead[T_MAX]; /* 1 only on a stone marked dead */
    uint8_t block[T_MAX]; /* colour whose connection the point protects */

    /* reach[c][p]: p connects to a living stone of c without crossing a
     * living stone of the other colour; sreach ignores connection blocks. */
    uint8_t sreach[3][T_MAX];
    uint8_t reach[3][T_MAX];

    int16_t region[T_MAX];
    int nregion;
    uint8_t region_color[T_MAX];
    int region_eyesum[T_MAX];

    int16_t chain[T_MAX];
    int nchain;
    int16_t chain_region[T_MAX]; /* -1 unless all the chain's points share one */
    int16_t chain_libs[T_MAX];
    int16_t chain_first[T_MAX];
    uint8_t chain_color[T_MAX];
    uint8_t chain_dead[T_MAX];

    int16_t macro[T_MAX];
    int nmacro;

    int16_t eye[T_MAX];
    int neye;
    int16_t eye_region[T_MAX];
    uint8_t eye_color[T_MAX];
    uint8_t eye_value[T_MAX];
    int16_t eye_start[T_MAX + 1]; /* eye e's points: eye_pts[eye_start[e] .. eye_start[e+1]) */
    int16_t eye_pts[T_MAX];

    /* One record per (eye point, adjacent living stone of the region). They
     * are made eye by eye, so they are grouped by eye already; by_mc lists
     * them grouped by macrochain (and by eye within a macrochain). */
    int nrec;
    int16_t rec_eye[T_MAXREC], rec_mc[T_MAXREC], rec_ept[T_MAXREC], rec_stone[T_MAXREC];
    int16_t eye_rec_start[T_MAX + 1];
    int16_t mc_rec_start[T_MAX + 1];
    int16_t by_mc[T_MAXREC];

    uint8_t is_false[T_MAX];
    uint8_t unscorable[T_MAX];
    int16_t real_eye[T_MAX]; /* eye id for a point of an eye that is not false, else -1 */

    /* Per real eye point statistics for eye values. */
    uint8_t deg[T_MAX];          /* neighbours among the eye's real points */
    uint8_t empty_adj_eye[T_MAX];
    uint8_t empty_adj_false[T_MAX];
    uint8_t opp_adj_false[T_MAX];
    uint8_t poke[T_MAX];
    int mtb[T_MAX]; /* moves needed to make the point a sure eye point */

    /* Scratch: a point/id is marked when its stamp equals the current gen. */
    uint32_t vis[T_MAX], vgen;
    uint32_t mem[T_MAX], mgen;
    uint32_t aux[T_MAX], agen;
    uint32_t mcvis[T_MAX], evis[T_MAX];
    int16_t piece[T_MAX];
    int16_t stack[T_MAXREC + 8];
    int16_t list[T_MAX];
    int16_t list2[T_MAX];

    /* Step 10: seki confirmed per region, the living stones of each region
     * (reg_pts[reg_start[r] .. reg_start[r+1])), the standoff search's
     * position, its points and its memo. */
    uint8_t region_seki[T_MAX];
    uint8_t region_done[T_MAX];
    int16_t reg_start[T_MAX + 1];
    int16_t reg_pts[T_MAX];
    int16_t cluster[T_MAX];
    uint32_t anchor[T_MAX];   /* per chain: == agen for a chain with two eyes */
    uint8_t lcol[T_MAX];      /* the search's stones, the dead ones included */
    uint8_t lorig[T_MAX];     /* 1 on a stone alive at the start: taking one wins */
    uint64_t lhash;           /* the search's position hash */
    int16_t rem[T_MAX];       /* stones taken off, put back on the way back */
    int nrem;
    uint8_t lsafe[T_MAX];     /* 1 on a stone of a chain with two eyes: never captured */
    uint8_t lowner[T_MAX];    /* colour whose eye space a search point is, else 0 */
    int16_t spts[SEKI_MAX_POINTS];
    int nspts;
    long nodes, max_nodes;
    int aborted;
    uint64_t memo_key[SEKI_MEMO];
    int8_t memo_val[SEKI_MEMO];
} work;

static int bits4(int m) { return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1); }

static int living(const work *c, int p) { return c->col[p] != SEI_EMPTY && !c->dead[p]; }

/* Neighbours of p in the order up, down, left, right; dirs gets the DIR_ bit
 * of each. Returns how many are on the board. */
static int neighbours(const work *c, int p, int out[4], int dirs[4]) {
    int k = c->nnb[p];
    for (int i = 0; i < k; i++) {
        out[i] = c->nb[p][i];
        if (dirs) dirs[i] = c->nbdir[p][i];
    }
    return k;
}

static void make_neighbours(work *c) {
    for (int p = 0; p < c->n; p++) {
        int x = p % c->w, y = p / c->w, k = 0;
        if (y > 0) { c->nb[p][k] = (int16_t)(p - c->w); c->nbdir[p][k++] = DIR_UP; }
        if (y < c->h - 1) { c->nb[p][k] = (int16_t)(p + c->w); c->nbdir[p][k++] = DIR_DOWN; }
        if (x > 0) { c->nb[p][k] = (int16_t)(p - 1); c->nbdir[p][k++] = DIR_LEFT; }
        if (x < c->w - 1) { c->nb[p][k] = (int16_t)(p + 1); c->nbdir[p][k++] = DIR_RIGHT; }
        c->nnb[p] = (uint8_t)k;
    }
}

static int on_border(const work *c, int p) {
    int x = p % c->w, y = p / c->w;
    return x == 0 || y == 0 || x == c->w - 1 || y == c->h - 1;
}

/* ---- 1. connection blocks ------------------------------------------------
 * Patterns seen from the player `p`: 'p' a living stone of the player, 'e'
 * empty / living player / dead opponent, '@' the empty point that gets
 * blocked, '?' anything. A last row of 'x' means that row is off the board
 * (the pattern sits on an edge). Opponent reachability may enter a blocked
 * point but not pass through it, so a cut the opponent can never make does
 * not split the player's regions. */
static const char *const patterns[6][3] = {
    {"pp", "@e", "pe"},
    {"ep?", "e@e", "ep?"},
    {"pee", "e@p", "pee"},
    {"?e?", "p@p", "xxx"},
    {"pp", "@e", "xx"},
    {"ep?", "e@e", "xxx"},
};

/* Each pattern's width, whether its third row is the board's edge, and the
 * column of its '@' in the middle row: constants of the table above. */
static const struct { int cols, edge, adx; } pattern_shape[6] = {
    {2, 0, 0}, {3, 0, 1}, {3, 0, 1}, {3, 1, 1}, {2, 1, 0}, {3, 1, 1},
};

/* The eight orientations: pattern (dy, dx) maps to board
 * (y + a*dy + c*dx, x + b*dy + d*dx) with {a, b, c, d} below. */
static const int orient[8][4] = {
    {1, 0, 0, 1}, {-1, 0, 0, 1}, {1, 0, 0, -1}, {-1, 0, 0, -1},
    {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, -1, 0}, {0, -1, -1, 0},
};

static int pattern_matches(const work *c, const char *const pat[3], int rows, int cols, const int o[4],
                           int y, int x, int pla, int *at) {
    int opp = sei_color_other(pla);
    *at = -1;
    for (int dy = 0; dy < rows; dy++) {
        for (int dx = 0; dx < cols; dx++) {
            char ch = pat[dy][dx];
            if (ch == '?') continue;
            int ty = y + o[0] * dy + o[2] * dx, tx = x + o[1] * dy + o[3] * dx;
            int p = ty * c->w + tx, s = c->col[p];
            if (ch == 'p') {
                if (!(s == pla && !c->dead[p])) return 0;
            } else if (ch == 'e') {
                if (s != SEI_EMPTY && !(s == pla && !c->dead[p]) && !(s == opp && c->dead[p])) return 0;
            } else { /* '@' */
                if (s != SEI_EMPTY) return 0;
                *at = p;
            }
        }
    }
    return *at >= 0;
}

static int inside(const work *c, int y, int x) { return y >= 0 && x >= 0 && y < c->h && x < c->w; }

/* Patterns are tried around each empty point rather than at every
 * placement on the board: every pattern has a living stone of the player
 * next to its '@', so most points are ruled out by their neighbours alone. */
static void mark_connection_blocks(work *c) {
    for (int at = 0; at < c->n; at++) {
        if (c->col[at] != SEI_EMPTY) continue;
        int ay = at / c->w, ax = at % c->w;
        int nb[4], k = neighbours(c, at, nb, NULL);
        for (int pla = SEI_BLACK; pla <= SEI_WHITE; pla++) {
            int any = 0;
            for (int i = 0; i < k && !any; i++) any = c->col[nb[i]] == pla && !c->dead[nb[i]];
            if (!any) continue;
            for (int oi = 0; oi < 8 && c->block[at] != pla; oi++) {
                const int *o = orient[oi];
                for (int pi = 0; pi < 6; pi++) {
                    const char *const *pat = patterns[pi];
                    const int cols = pattern_shape[pi].cols, edge = pattern_shape[pi].edge;
                    const int rows = edge ? 2 : 3, adx = pattern_shape[pi].adx;
                    /* Place the pattern so that its '@' (row 1, column adx) is at. */
                    int y = ay - o[0] - o[2] * adx, x = ax - o[1] - o[3] * adx;
                    int y1 = y + o[0] * (rows - 1) + o[2] * (cols - 1);
                    int x1 = x + o[1] * (rows - 1) + o[3] * (cols - 1);
                    /* Both corners on the board put the whole rectangle on it. */
                    if (!inside(c, y, x) || !inside(c, y1, x1)) continue;
                    /* An edge pattern's third row must fall just off the board. */
                    if (edge && inside(c, y + 2 * o[0], x + 2 * o[1])) continue;
                    int m;
                    if (pattern_matches(c, pat, rows, cols, o, y, x, pla, &m)) {
                        c->block[at] = (uint8_t)pla;
                        break;
                    }
                }
            }
        }
    }
}

/* ---- 2. reachability ------------------------------------------------------ */
static void mark_reach(work *c, int use_blocks, uint8_t reach[3][T_MAX]) {
    for (int pla = SEI_BLACK; pla <= SEI_WHITE; pla++) {
        int opp = sei_color_other(pla);
        uint8_t *r = reach[pla];
        for (int s = 0; s < c->n; s++) {
            if (!(c->col[s] == pla && !c->dead[s]) || r[s]) continue;
            int sp = 0;
            r[s] = 1;
            c->stack[sp++] = (int16_t)s;
            while (sp > 0) {
                int p = c->stack[--sp], nb[4];
                /* A point the opponent has blocked is reached but passes nothing on. */
                if (use_blocks && c->block[p] == opp) continue;
                int k = neighbours(c, p, nb, NULL);
                for (int i = 0; i < k; i++) {
                    int q = nb[i];
                    if (r[q] || (c->col[q] == opp && !c->dead[q])) continue;
                    r[q] = 1;
                    c->stack[sp++] = (int16_t)q;
                }
            }
        }
    }
}

/* ---- 3. regions -----------------------------------------------------------
 * A region starts at a point reached (through blocks) by one colour only and
 * spreads through anything but the opponent's living stones, also across
 * dame, claiming every point reached by that colour only. Points claimed by
 * an earlier region stop the spread, so the scan order matters and follows
 * goscorer's (rows, then columns, black before white). */
static void fill_region(work *c, int start, int id, int pla) {
    int opp = sei_color_other(pla), sp = 0;
    c->vgen++;
    c->vis[start] = c->vgen;
    c->stack[sp++] = (int16_t)start;
    while (sp > 0) {
        int p = c->stack[--sp], nb[4];
        if (c->reach[pla][p] && !c->reach[opp][p]) c->region[p] = (int16_t)id;
        if (c->block[p] == opp) continue;
        int k = neighbours(c, p, nb, NULL);
        for (int i = 0; i < k; i++) {
            int q = nb[i];
            if (c->vis[q] == c->vgen || c->region[q] != -1 || (c->col[q] == opp && !c->dead[q])) continue;
            c->vis[q] = c->vgen;
            c->stack[sp++] = (int16_t)q;
        }
    }
}

static void mark_regions(work *c) {
    for (int p = 0; p < c->n; p++) {
        for (int pla = SEI_BLACK; pla <= SEI_WHITE; pla++) {
            int opp = sei_color_other(pla);
            if (c->reach[pla][p] && !c->reach[opp][p] && c->region[p] == -1) {
                int id = c->nregion++;
                c->region_color[id] = (uint8_t)pla;
                c->region_eyesum[id] = 0;
                fill_region(c, p, id, pla);
            }
        }
    }
}

/* ---- 4. chains ------------------------------------------------------------ */
static void mark_chains(work *c) {
    for (int s = 0; s < c->n; s++) {
        if (c->chain[s] != -1) continue;
        int id = c->nchain++, sp = 0, libs = 0;
        int color = c->col[s], dd = c->dead[s];
        c->chain_color[id] = (uint8_t)color;
        c->chain_dead[id] = (uint8_t)dd;
        c->chain_first[id] = (int16_t)s;
        c->chain_region[id] = c->region[s];
        c->agen++; /* marks liberties already counted */
        c->chain[s] = (int16_t)id;
        c->stack[sp++] = (int16_t)s;
        while (sp > 0) {
            int p = c->stack[--sp], nb[4];
            if (c->region[p] != c->chain_region[id]) c->chain_region[id] = -1;
            int k = neighbours(c, p, nb, NULL);
            for (int i = 0; i < k; i++) {
                int q = nb[i];
                if (c->col[q] == color && c->dead[q] == dd) {
                    if (c->chain[q] == -1) {
                        c->chain[q] = (int16_t)id;
                        c->stack[sp++] = (int16_t)q;
                    }
                } else if (c->col[q] == SEI_EMPTY && c->aux[q] != c->agen) {
                    c->aux[q] = c->agen;
                    libs++;
                }
            }
        }
        c->chain_libs[id] = (int16_t)libs;
    }
}

/* ---- 5. macrochains --------------------------------------------------------
 * Living chains of one colour joined through space that belongs to no region
 * and is not blocked by the opponent: they live or die together. */
static void mark_macrochains(work *c) {
    for (int pla = SEI_BLACK; pla <= SEI_WHITE; pla++) {
        int opp = sei_color_other(pla);
        c->vgen++; /* shared by all macrochains of this colour, as in goscorer */
        for (int ch = 0; ch < c->nchain; ch++) {
            int s = c->chain_first[ch];
            if (c->chain_color[ch] != pla || c->chain_dead[ch] || c->macro[s] != -1) continue;
            int id = c->nmacro++, sp = 0;
            c->vis[s] = c->vgen;
            c->stack[sp++] = (int16_t)s;
            while (sp > 0) {
                int p = c->stack[--sp], nb[4];
                if (c->col[p] == pla && !c->dead[p]) c->macro[p] = (int16_t)id;
                else if (!(c->region[p] == -1 && c->block[p] != opp)) continue;
                int k = neighbours(c, p, nb, NULL);
                for (int i = 0; i < k; i++) {
                    int q = nb[i];
                    if (c->vis[q] == c->vgen) continue;
                    c->vis[q] = c->vgen;
                    c->stack[sp++] = (int16_t)q;
                }
            }
        }
    }
}

/* ---- 6. potential eyes ----------------------------------------------------- */
static void mark_potential_eyes(work *c) {
    int npts = 0;
    c->nrec = 0;
    for (int s = 0; s < c->n; s++) {
        if (c->eye[s] != -1 || living(c, s) || c->region[s] == -1) continue;
        int id = c->neye++, r = c->region[s], sp = 0;
        c->eye_region[id] = (int16_t)r;
        c->eye_color[id] = c->region_color[r];
        c->eye_value[id] = 0;
        c->eye_start[id] = (int16_t)npts;
        c->eye_rec_start[id] = (int16_t)c->nrec;
        c->eye[s] = (int16_t)id;
        c->stack[sp++] = (int16_t)s;
        while (sp > 0) {
            int p = c->stack[--sp], nb[4];
            c->eye_pts[npts++] = (int16_t)p;
            int k = neighbours(c, p, nb, NULL);
            for (int i = 0; i < k; i++) {
                int q = nb[i];
                if (c->region[q] != r) continue;
                if (c->macro[q] != -1) {
                    int e = c->nrec++;
                    c->rec_eye[e] = (int16_t)id;
                    c->rec_mc[e] = c->macro[q];
                    c->rec_ept[e] = (int16_t)p;
                    c->rec_stone[e] = (int16_t)q;
                }
                if (living(c, q) || c->eye[q] != -1) continue;
                c->eye[q] = (int16_t)id;
                c->stack[sp++] = (int16_t)q;
            }
        }
    }
    c->eye_start[c->neye] = (int16_t)npts;
    c->eye_rec_start[c->neye] = (int16_t)c->nrec;

    /* Stable counting sort of the records by macrochain; they are already in
     * eye order, so each macrochain's records come out grouped by eye. */
    int count[T_MAX + 1];
    memset(count, 0, sizeof(int) * (size_t)(c->nmacro + 1));
    for (int e = 0; e < c->nrec; e++) count[c->rec_mc[e] + 1]++;
    for (int m = 0; m < c->nmacro; m++) count[m + 1] += count[m];
    for (int m = 0; m <= c->nmacro; m++) c->mc_rec_start[m] = (int16_t)count[m];
    for (int e = 0; e < c->nrec; e++) c->by_mc[count[c->rec_mc[e]]++] = (int16_t)e;
}

/* ---- 7 and 9. false eye points ---------------------------------------------
 * An eye point next to macrochain m is false when m cannot get round to the
 * eye point's other in-region sides (or to a real point of an eye worth
 * something, or to another eye worth something) without passing through the
 * point itself. The search walks macrochains through eyes they touch; inside
 * the original eye it floods the eye's points except the tested one. */
typedef struct {
    int orig_eye, ept, target, sides;
} false_search;

/* Does macrochain start connect round the tested point? */
static int search_around(work *c, false_search *fs, int start) {
    int sp = 0;
    c->mgen++; /* macrochains queued */
    c->mcvis[start] = c->mgen;
    c->stack[sp++] = (int16_t)start;
    int ept = fs->ept, nb[4], dirs[4];
    int k = neighbours(c, ept, nb, dirs);
    while (sp > 0) {
        int m = c->stack[--sp];
        int a = c->mc_rec_start[m], b = c->mc_rec_start[m + 1];
        for (int i = a; i < b;) {
            int e = c->rec_eye[c->by_mc[i]];
            int j = i;
            while (j < b && c->rec_eye[c->by_mc[j]] == e) j++;
            /* records by_mc[i..j) are those between m and eye e */
            if (c->evis[e] == c->agen) { i = j; continue; }
            if (e == fs->orig_eye) {
                for (int t = i; t < j; t++) {
                    int s = c->rec_stone[c->by_mc[t]];
                    for (int d = 0; d < k; d++)
                        if (nb[d] == s) fs->sides |= dirs[d];
                }
                if (bits4(fs->sides) >= fs->target) return 1;
                /* Flood the eye from where m touches it, avoiding points
                 * already reached (the tested point is among them). */
                int nreach = 0, fp = 0;
                c->vgen++; /* vis marks the points reached by this flood */
                for (int t = i; t < j; t++) {
                    int q = c->rec_ept[c->by_mc[t]];
                    if (c->aux[q] == c->agen || c->vis[q] == c->vgen) continue;
                    c->vis[q] = c->vgen;
                    c->list[fp++] = (int16_t)q;
                }
                while (fp > 0) {
                    int p = c->list[--fp], qn[4];
                    c->list2[nreach++] = (int16_t)p;
                    int kk = neighbours(c, p, qn, NULL);
                    for (int d = 0; d < kk; d++) {
                        int q = qn[d];
                        if (c->eye[q] != e || c->aux[q] == c->agen || c->vis[q] == c->vgen) continue;
                        c->vis[q] = c->vgen;
                        c->list[fp++] = (int16_t)q;
                    }
                }
                if (nreach == 0) { i = j; continue; }
                for (int t = 0; t < nreach; t++) c->aux[c->list2[t]] = c->agen;
                if (c->eye_value[e] > 0)
                    for (int t = 0; t < nreach; t++)
                        if (c->real_eye[c->list2[t]] == e) return 1;
                for (int t = 0; t < nreach; t++)
                    for (int d = 0; d < k; d++)
                        if (nb[d] == c->list2[t]) fs->sides |= dirs[d];
                if (bits4(fs->sides) >= fs->target) return 1;
                /* Carry on through every macrochain touching the reached points. */
                for (int t = c->eye_rec_start[e]; t < c->eye_rec_start[e + 1]; t++) {
                    int m2 = c->rec_mc[t];
                    if (c->vis[c->rec_ept[t]] == c->vgen && c->mcvis[m2] != c->mgen) {
                        c->mcvis[m2] = c->mgen;
                        c->stack[sp++] = (int16_t)m2;
                    }
                }
            } else {
                c->evis[e] = c->agen;
                if (c->eye_value[e] > 0) return 1;
                for (int t = c->eye_rec_start[e]; t < c->eye_rec_start[e + 1]; t++) {
                    int m2 = c->rec_mc[t];
                    if (c->mcvis[m2] != c->mgen) {
                        c->mcvis[m2] = c->mgen;
                        c->stack[sp++] = (int16_t)m2;
                    }
                }
            }
            i = j;
        }
    }
    return 0;
}

/* For each test, agen is bumped once: aux[p] == agen marks the original
 * eye's points already reached (the tested point first), evis[e] == agen the
 * other eyes already visited. */
static void mark_false_eye_points(work *c, uint8_t *out) {
    for (int e = 0; e < c->neye; e++) {
        int r = c->eye_region[e];
        for (int t = c->eye_rec_start[e]; t < c->eye_rec_start[e + 1]; t++) {
            int m = c->rec_mc[t], ept = c->rec_ept[t];
            /* Records of one eye point are consecutive: test each (m, point) once. */
            int dup = 0;
            for (int u = t - 1; u >= c->eye_rec_start[e] && c->rec_ept[u] == ept; u--)
                if (c->rec_mc[u] == m) dup = 1;
            if (dup || out[ept]) continue;
            int nb[4], k = neighbours(c, ept, nb, NULL), same = 0, target = 0;
            for (int d = 0; d < k; d++) {
                if (c->eye[nb[d]] == e) same++;
                if (c->region[nb[d]] == r) target++;
            }
            /* A point inside the eye's body (two or more eye neighbours) is never false. */
            if (same > 1) continue;
            false_search fs = {e, ept, target, 0};
            c->agen++;
            c->aux[ept] = c->agen;
            if (!search_around(c, &fs, m)) out[ept] = 1;
        }
    }
}

/* ---- 8. eye values ---------------------------------------------------------- */

/* Could pla play at p, ignoring ko: empty and either a non-opponent
 * neighbour or an opponent neighbour chain in atari. */
static int pseudolegal(const work *c, int p, int pla) {
    if (c->col[p] != SEI_EMPTY) return 0;
    int nb[4], k = neighbours(c, p, nb, NULL), opp = sei_color_other(pla);
    for (int i = 0; i < k; i++) {
        if (c->col[nb[i]] != opp) return 1;
        if (c->chain_libs[c->chain[nb[i]]] <= 1) return 1;
    }
    return 0;
}

/* Label the connected pieces of the set {p : mem[p] == mgen} minus del1 and
 * del2 (-1 for none). pts lists the set. Labels go to piece[]; returns the
 * number of pieces. */
static int label_pieces(work *c, const int16_t *pts, int npts, int del1, int del2) {
    int np = 0;
    c->vgen++;
    for (int i = 0; i < npts; i++) {
        int s = pts[i];
        if (s == del1 || s == del2 || c->vis[s] == c->vgen) continue;
        int sp = 0;
        c->vis[s] = c->vgen;
        c->stack[sp++] = (int16_t)s;
        while (sp > 0) {
            int p = c->stack[--sp], nb[4], k = neighbours(c, p, nb, NULL);
            c->piece[p] = (int16_t)np;
            for (int d = 0; d < k; d++) {
                int q = nb[d];
                if (c->mem[q] != c->mgen || q == del1 || q == del2 || c->vis[q] == c->vgen) continue;
                c->vis[q] = c->vgen;
                c->stack[sp++] = (int16_t)q;
            }
        }
        np++;
    }
    return np;
}

static int eye_value_of(work *c, int e) {
    int pla = c->eye_color[e], opp = sei_color_other(pla);
    const int16_t *pot = c->eye_pts + c->eye_start[e];
    int npot = c->eye_start[e + 1] - c->eye_start[e];
    int16_t real[T_MAX];
    int nreal = 0;

    c->mgen++; /* mem marks the real points of this eye */
    for (int i = 0; i < npot; i++) {
        int p = pot[i];
        if (!c->is_false[p]) {
            real[nreal++] = (int16_t)p;
            c->mem[p] = c->mgen;
        }
    }
    const uint32_t realgen = c->mgen;
#define IS_REAL(q) (c->real_eye[q] == e)

    for (int i = 0; i < nreal; i++) {
        int p = real[i], nb[4], k = neighbours(c, p, nb, NULL);
        c->deg[p] = c->empty_adj_eye[p] = c->empty_adj_false[p] = c->opp_adj_false[p] = 0;
        c->poke[p] = 0;
        for (int d = 0; d < k; d++) {
            int q = nb[d];
            if (IS_REAL(q)) c->deg[p]++;
            if (c->col[q] == SEI_EMPTY && IS_REAL(q)) c->empty_adj_eye[p]++;
            if (c->col[q] == SEI_EMPTY && c->is_false[q]) c->empty_adj_false[p]++;
            if (c->col[q] == opp && c->is_false[q]) c->opp_adj_false[p]++;
        }
        /* An opponent stone next to a thrown-in false eye point (or with two
         * empty false points to choose from) can never be made eye space. */
        if (c->opp_adj_false[p] > 0 && c->col[p] == opp) c->poke[p] = 1;
        if (c->empty_adj_false[p] >= 2 && c->col[p] == opp) c->poke[p] = 1;
    }
    for (int i = 0; i < nreal; i++) {
        int p = real[i], nb[4], k = neighbours(c, p, nb, NULL), m = 0;
        for (int d = 0; d < k; d++) {
            int q = nb[d], block = 0;
            if (c->col[q] == SEI_EMPTY && !IS_REAL(q)) block = 1;
            if (c->col[q] == SEI_EMPTY && IS_REAL(q) && c->opp_adj_false[q] >= 1) block = 1;
            if (c->col[q] == opp && IS_REAL(q) && c->empty_adj_false[q] >= 1) block = 1;
            if (c->col[q] == opp && c->is_false[q]) block = 1000;
            if (c->col[q] == opp && IS_REAL(q) && c->poke[q]) block = 1000;
            m += block;
        }
        c->mtb[p] = m;
    }

    int value = 0;
    /* Some point can be sealed off in one move: at least one eye. */
    for (int i = 0; i < nreal; i++)
        if (c->mtb[real[i]] <= 1) { value = 1; break; }

    /* Many dead opponent stones inside: a big eye. */
    int ndead = 0;
    for (int i = 0; i < nreal; i++)
        if (c->col[real[i]] == opp && c->dead[real[i]]) ndead++;
    if (ndead >= 5 && value < 1) value = 1;
    if (ndead >= 8 && value < 2) value = 2;

    /* Size minus weaknesses minus inside opponent stones at least 6: two eyes. */
    if (value < 2) {
        int score = nreal;
        for (int i = 0; i < nreal; i++) {
            int p = real[i];
            if (c->mtb[p] >= 1) score--;
            if (c->mtb[p] >= 2) score--;
            if (c->col[p] == opp && c->deg[p] >= 2) score--;
        }
        if (score >= 6) value = 2;
    }

    /* Many empty points of degree 3 or 4: two eyes. */
    if (value < 2) {
        int score = 0;
        for (int i = 0; i < nreal; i++) {
            int p = real[i];
            if (c->col[p] == SEI_EMPTY && c->deg[p] >= 4) score++;
            if (c->col[p] == SEI_EMPTY && c->deg[p] >= 3) score++;
        }
        if (score >= 6) value = 2;
    }

    /* A playable bottleneck splitting the eye into N pieces that each hold a
     * sealed point gives N eyes. Every rule only raises the value and the
     * value stops at 2, so this costly search (a flood per point) runs after
     * the cheap rules and only while it can still matter. */
    for (int i = 0; i < nreal && value < 2; i++) {
        int dp = real[i];
        if (!pseudolegal(c, dp, pla)) continue;
        c->mgen = realgen;
        int np = label_pieces(c, real, nreal, dp, -1);
        if (np < 2) continue;
        /* Playing the bottleneck itself seals a point blocked only by it. */
        int bonus = c->opp_adj_false[dp] == 1;
        uint8_t good[T_MAX];
        memset(good, 0, (size_t)np);
        for (int t = 0; t < nreal; t++) {
            int p = real[t];
            if (p == dp) continue;
            if (c->mtb[p] <= 0 || (bonus && c->mtb[p] <= 1)) good[c->piece[p]] = 1;
        }
        int ndef = 0;
        for (int t = 0; t < np; t++) ndef += good[t];
        if (ndef > value) value = ndef;
    }

    /* Two adjacent high-degree points (one playable, off the edge) that
     * together split the eye into pieces with sealed points: two eyes. */
    if (value < 2) {
        for (int i = 0; i < nreal && value < 2; i++) {
            int dp = real[i];
            if (c->col[dp] != SEI_EMPTY || on_border(c, dp) || !pseudolegal(c, dp, pla)) continue;
            if (c->mtb[dp] > 1 || c->deg[dp] < 3) continue;
            int nb[4], k = neighbours(c, dp, nb, NULL);
            for (int d = 0; d < k; d++) {
                int q = nb[d];
                if (!IS_REAL(q)) continue;
                if (c->deg[q] < 3 || c->mtb[q] > 1) continue;
                if (c->col[q] != SEI_EMPTY && c->empty_adj_eye[q] <= 1) continue;
                c->mgen = realgen;
                int np = label_pieces(c, real, nreal, dp, q);
                if (np < 2) continue;
                uint8_t zeros[T_MAX];
                memset(zeros, 0, (size_t)np);
                for (int t = 0; t < nreal; t++) {
                    int p = real[t];
                    if (p == dp || p == q) continue;
                    if (c->mtb[p] <= 0 && zeros[c->piece[p]] < 2) zeros[c->piece[p]]++;
                }
                int ndef = 0, ndouble = 0;
                for (int t = 0; t < np; t++) {
                    if (zeros[t] >= 1) ndef++;
                    if (zeros[t] >= 2) ndouble++;
                }
                if (ndef >= 2 && ndouble >= 1 && (c->col[q] == SEI_EMPTY || ndouble >= 2)) {
                    value = 2;
                    break;
                }
            }
        }
    }

    /* Dead opponent stones with no split point: judge the shape the dead
     * stones (plus unplayable points) would leave once captured. The
     * opponent may leave out any one unplayable point. */
    if (value < 2) {
        int16_t shape[T_MAX], unplayable[T_MAX];
        int nd = 0, nu = 0;
        for (int i = 0; i < nreal; i++) {
            int p = real[i];
            if (c->col[p] == opp && c->dead[p]) shape[nd++] = (int16_t)p;
            else if (!pseudolegal(c, p, pla)) unplayable[nu++] = (int16_t)p;
        }
        if (nd > 0) {
            int throwins = 0;
            for (int i = 0; i < npot; i++)
                if (c->col[pot[i]] == opp && c->is_false[pot[i]]) throwins++;
            int all_good = 1;
            for (int om = -1; om < nu && all_good; om++) {
                int ns = nd;
                for (int i = 0; i < nu; i++)
                    if (i != om) shape[ns++] = unplayable[i];
                c->mgen++;
                const uint32_t shapegen = c->mgen;
                for (int i = 0; i < ns; i++) c->mem[shape[i]] = shapegen;
                int initial = label_pieces(c, shape, ns, -1, -1);
                int nbottle = 0, nhigh = 0;
                for (int i = 0; i < ns; i++) {
                    int p = shape[i];
                    if (label_pieces(c, shape, ns, p, -1) > initial) {
                        nbottle++;
                    } else {
                        int nb[4], k = neighbours(c, p, nb, NULL), adj = 0;
                        for (int d = 0; d < k; d++)
                            if (c->mem[nb[d]] == shapegen) adj++;
                        if (adj >= 3) nhigh++;
                    }
                }
                int bonus = ns >= 7; /* seven points live unless weakened */
                if (initial - throwins + (nbottle + nhigh + bonus) / 2 < 2) all_good = 0;
            }
            if (all_good) value = 2;
        }
    }
#undef IS_REAL
    return value > 2 ? 2 : value;
}

static void mark_eye_values(work *c) {
    for (int p = 0; p < c->n; p++) c->real_eye[p] = (int16_t)(c->eye[p] != -1 && !c->is_false[p] ? c->eye[p] : -1);
    /* Each eye is valued from the first pass's false points alone; no eye's
     * value depends on another's. */
    for (int e = 0; e < c->neye; e++) c->eye_value[e] = (uint8_t)eye_value_of(c, e);
}

/* ---- 10. seki ------------------------------------------------------------------
 * A region whose eyes sum to one or less is goscorer's seki. Here it is a
 * candidate, and candidates are judged in clusters: the candidate regions
 * whose living stones share liberties with one another's. Each shared
 * liberty links to the opposing chains next to it: a chain whose region is
 * itself a candidate joins the cluster; one with two eyes or more is an
 * anchor, never captured. A liberty of a cluster stone that is neither in
 * its own eye space nor next to an opposing stone is open space: the
 * groups can still grow, so the position is unfinished there and there is
 * no seki. Otherwise the cluster is searched: each side in turn fills one
 * of the cluster's liberties (its own eye space only to capture) or
 * passes, and wins by capturing a living stone. Seki is when neither side,
 * moving first, can. When both can, it is a race still to be played: no
 * seki. When only one can, the stones it would take were agreed alive all
 * the same (a hand-checked end position may leave them so): the agreement
 * stands, and with it goscorer's seki. */

/* Does the chain at p have `want` liberties or more, 1 or 2, in the
 * search's position (a stone of a chain with two eyes counts as enough)? */
static int seki_liberties(work *c, int p, int want) {
    int color = c->lcol[p], sp = 0, first = -1;
    c->vgen++;
    c->vis[p] = c->vgen;
    c->stack[sp++] = (int16_t)p;
    while (sp > 0) {
        int s = c->stack[--sp], nb[4];
        if (c->lsafe[s]) return 1;
        int k = neighbours(c, s, nb, NULL);
        for (int i = 0; i < k; i++) {
            int q = nb[i];
            if (c->lcol[q] == SEI_EMPTY) {
                if (want < 2 || (first >= 0 && q != first)) return 1;
                first = q;
            } else if (c->lcol[q] == color && c->vis[q] != c->vgen) {
                c->vis[q] = c->vgen;
                c->stack[sp++] = (int16_t)q;
            }
        }
    }
    return 0;
}


/* Negamax over the cluster's points: 1 when `mover` can capture the other
 * side's group, -1 when the other side can, 0 when neither (both pass, or
 * play goes round in kos). Only taking a stone that was on the board at the
 * start and alive wins, and only when the taker cannot be taken back at
 * once (a ko, a snapback); taking a stone played in the search (a
 * throw-in) or a stone agreed dead (it stays on the board, as in play:
 * inside an eye it takes the eye's liberties until captured) is a move like
 * any other. Moves are approach moves only (next
 * to a capturable stone of the other side): growing into the cluster's
 * space never helps a group in seki, and leaving those moves out keeps the
 * search small. ko is the point the mover may not take back, or -1. */
static int seki_search(work *c, int mover, int passed, int ko, int depth) {
    if (depth > 3 * c->nspts + 6) return 0; /* kos going round */
    uint64_t key = c->lhash ^ (uint64_t)(mover == SEI_WHITE) ^ (uint64_t)(passed != 0) << 1 ^
                   (ko >= 0 ? sei_zobrist(ko, 0) : 0);
    int slot = (int)(key >> 52) & (SEKI_MEMO - 1);
    if (c->memo_key[slot] == (key | 1ULL << 63)) return c->memo_val[slot];
    if (++c->nodes > c->max_nodes) {
        c->aborted = 1;
        return 0;
    }
    int opp = sei_color_other(mover), best = -1;
    for (int i = 0; i < c->nspts && best < 1 && !c->aborted; i++) {
        int p = c->spts[i], nb[4];
        if (c->lcol[p] != SEI_EMPTY || p == ko) continue;
        int k = neighbours(c, p, nb, NULL), approach = 0;
        for (int d = 0; d < k; d++) approach |= c->lcol[nb[d]] == opp && !c->lsafe[nb[d]];
        if (!approach) continue;
        uint8_t was_orig = c->lorig[p];
        c->lcol[p] = (uint8_t)mover;
        c->lorig[p] = 0;
        c->lhash ^= sei_zobrist(p, mover);
        /* Take every chain of the other side left without a liberty. */
        int base = c->nrem, orig = 0;
        for (int d = 0; d < k; d++) {
            int q = nb[d];
            if (c->lcol[q] != opp || seki_liberties(c, q, 1)) continue;
            int sp = 0;
            c->lcol[q] = SEI_OFFBOARD; /* marks the chain's stones as they are taken */
            c->stack[sp++] = (int16_t)q;
            while (sp > 0) {
                int t = c->stack[--sp], sn[4], ks = neighbours(c, t, sn, NULL);
                orig |= c->lorig[t];
                c->rem[c->nrem++] = (int16_t)t;
                for (int e = 0; e < ks; e++)
                    if (c->lcol[sn[e]] == opp) {
                        c->lcol[sn[e]] = SEI_OFFBOARD;
                        c->stack[sp++] = (int16_t)sn[e];
                    }
            }
        }
        int ncap = c->nrem - base;
        for (int t = base; t < c->nrem; t++) {
            c->lcol[c->rem[t]] = SEI_EMPTY;
            c->lhash ^= sei_zobrist(c->rem[t], opp);
        }
        /* One stone taken by a lone stone that now has that point as its
         * only liberty: a ko, which the other side may not retake at once. */
        int newko = -1;
        if (ncap == 1) {
            int libs = 0, own = 0;
            for (int d = 0; d < k; d++) {
                libs += c->lcol[nb[d]] == SEI_EMPTY;
                own += c->lcol[nb[d]] == mover;
            }
            if (libs == 1 && own == 0) newko = c->rem[base];
        }
        /* Taking the other side's stones wins unless they can take back
         * at once: a ko, or a snapback that leaves the taker in atari. */
        int v;
        if (orig && newko < 0 && seki_liberties(c, p, 2)) v = 1;
        else if (c->lowner[p] == mover && ncap == 0) v = -2; /* own eye space: only to capture */
        else if (!seki_liberties(c, p, 1)) v = -2;           /* suicide: not a move */
        else v = -seki_search(c, opp, 0, newko, depth + 1);
        for (int t = base; t < c->nrem; t++) {
            c->lcol[c->rem[t]] = (uint8_t)opp;
            c->lhash ^= sei_zobrist(c->rem[t], opp);
        }
        c->nrem = base;
        c->lhash ^= sei_zobrist(p, mover);
        c->lcol[p] = SEI_EMPTY;
        c->lorig[p] = was_orig;
        if (v > best) best = v;
    }
    if (best < 1 && !c->aborted) {
        int v = passed ? 0 : -seki_search(c, opp, 1, -1, depth + 1);
        if (v > best) best = v;
    }
    if (!c->aborted) {
        c->memo_key[slot] = key | 1ULL << 63;
        c->memo_val[slot] = (int8_t)best;
    }
    return best;
}

/* Add point q to the search's points once; owner is the colour whose eye
 * space it is, or 0. Returns 0 when there are too many points. */
static int seki_add_point(work *c, int q, int owner) {
    if (c->aux[q] == c->agen) return 1;
    if (c->nspts >= SEKI_MAX_POINTS) return 0;
    c->aux[q] = c->agen;
    c->lowner[q] = (uint8_t)owner;
    c->spts[c->nspts++] = (int16_t)q;
    return 1;
}

/* Judge the cluster that holds candidate region r0; sets region_seki for
 * every region in it. */
static void judge_cluster(work *c, int r0, int max_nodes) {
    int ncl = 0, open = 0, too_big = 0;
    c->cluster[ncl++] = (int16_t)r0;
    c->region_done[r0] = 1;
    c->agen++; /* aux: points already listed; anchor[]: chains with two eyes */
    c->nspts = 0;
    for (int i = 0; i < ncl; i++) {
        int r = c->cluster[i], col = c->region_color[r], opp = sei_color_other(col);
        for (int t = c->reg_start[r]; t < c->reg_start[r + 1]; t++) {
            int s = c->reg_pts[t], nb[4], k = neighbours(c, s, nb, NULL);
            for (int d = 0; d < k; d++) {
                int q = nb[d];
                if (living(c, q)) continue;
                int rq = c->region[q];
                if (rq != -1 && c->region_color[rq] == col) {
                    too_big |= !seki_add_point(c, q, col);
                    continue;
                }
                int nq[4], kq = neighbours(c, q, nq, NULL), shared = 0;
                for (int e = 0; e < kq; e++) {
                    int u = nq[e];
                    if (!living(c, u) || c->col[u] != opp) continue;
                    shared = 1;
                    int ru = c->region[u];
                    if (ru != -1 && c->region_eyesum[ru] >= 2) {
                        c->anchor[c->chain[u]] = c->agen;
                    } else if (ru != -1 && !c->region_done[ru]) {
                        c->region_done[ru] = 1;
                        c->cluster[ncl++] = (int16_t)ru;
                    }
                }
                if (shared) too_big |= !seki_add_point(c, q, 0);
                else open = 1;
            }
        }
    }
    /* The search fills only these points, so a liberty it could never fill
     * would make a group uncapturable: take in the whole empty space the
     * liberties lead into. Space too wide to search is open space. */
    for (int i = 0; i < c->nspts && !open && !too_big; i++) {
        int nb[4], k = neighbours(c, c->spts[i], nb, NULL);
        for (int d = 0; d < k; d++) {
            int u = nb[d];
            if (living(c, u)) continue;
            int ru = c->region[u];
            too_big |= !seki_add_point(c, u, ru != -1 ? c->region_color[ru] : 0);
        }
    }
    /* Seki needs groups of both colours without two eyes: a group with
     * one eye or none whose neighbours all have two is simply dead. */
    int colours = 0;
    for (int i = 0; i < ncl; i++) colours |= c->region_color[c->cluster[i]];
    int seki;
    if (open || too_big || colours != (SEI_BLACK | SEI_WHITE)) {
        seki = 0;
    } else {
        for (int p = 0; p < c->n; p++) {
            c->lcol[p] = c->col[p];
            c->lorig[p] = living(c, p);
            c->lsafe[p] = living(c, p) && c->anchor[c->chain[p]] == c->agen;
        }
        c->nrem = 0;
        c->lhash = 0;
        memset(c->memo_key, 0, sizeof c->memo_key);
        c->nodes = 0;
        c->max_nodes = max_nodes;
        c->aborted = 0;
        int vb = seki_search(c, SEI_BLACK, 0, -1, 0);
        int vw = c->aborted ? 0 : seki_search(c, SEI_WHITE, 0, -1, 0);
        /* Past the search's budget goscorer's verdict stands. */
        seki = c->aborted || !(vb == 1 && vw == 1);
    }
    for (int i = 0; i < ncl; i++) c->region_seki[c->cluster[i]] = (uint8_t)seki;
}

static void mark_seki(work *c, const sei_territory_params *prm) {
    for (int e = 0; e < c->neye; e++) c->region_eyesum[c->eye_region[e]] += c->eye_value[e];
    for (int r = 0; r < c->nregion; r++) c->region_seki[r] = c->region_eyesum[r] <= 1;
    if (prm->seki == SEI_SEKI_GOSCORER) return;

    /* The living stones of each region, grouped by region. */
    int count[T_MAX + 1];
    memset(count, 0, sizeof(int) * (size_t)(c->nregion + 1));
    for (int p = 0; p < c->n; p++)
        if (living(c, p) && c->region[p] != -1) count[c->region[p] + 1]++;
    for (int r = 0; r < c->nregion; r++) count[r + 1] += count[r];
    for (int r = 0; r <= c->nregion; r++) c->reg_start[r] = (int16_t)count[r];
    for (int p = 0; p < c->n; p++)
        if (living(c, p) && c->region[p] != -1) c->reg_pts[count[c->region[p]]++] = (int16_t)p;

    for (int r = 0; r < c->nregion; r++) c->region_done[r] = 0;
    for (int ch = 0; ch < c->nchain; ch++) c->anchor[ch] = 0;
    for (int r = 0; r < c->nregion; r++) {
        if (!c->region_seki[r] || c->region_done[r]) continue;
        /* A region with no living stone is judged with the stones it holds: none. */
        if (c->reg_start[r] == c->reg_start[r + 1]) {
            c->region_seki[r] = 0;
            continue;
        }
        judge_cluster(c, r, prm->seki_search_nodes);
    }
}

/* ---- 11. final verdict -------------------------------------------------------- */
static void mark_scoring(work *c, int score_false_eyes, sei_territory_point *out) {
    /* Points next to a false eye holding a single dead throw-in also stay unscored. */
    uint8_t extra[3][T_MAX];
    memset(extra, 0, sizeof extra);
    for (int p = 0; p < c->n; p++) {
        if (c->unscorable[p] && c->col[p] != SEI_EMPTY && c->dead[p]) {
            int nb[4], k = neighbours(c, p, nb, NULL);
            int who = sei_color_other(c->col[p]);
            for (int d = 0; d < k; d++) extra[who][nb[d]] = 1;
        }
    }
    for (int p = 0; p < c->n; p++) {
        sei_territory_point *s = &out[p];
        memset(s, 0, sizeof *s);
        int r = c->region[p];
        if (r == -1) {
            s->dame = 1;
            continue;
        }
        int color = c->region_color[r];
        if (c->region_seki[r]) s->seki = (uint8_t)color;
        if (c->is_false[p]) s->false_eye = 1;
        if (c->unscorable[p]) s->unscorable = 1;
        if ((c->col[p] == SEI_EMPTY || c->dead[p]) && extra[color][p]) s->unscorable = 1;
        if (c->eye[p] != -1) s->eye_value = c->eye_value[c->eye[p]];
        if ((c->col[p] != color || c->dead[p]) && s->seki == SEI_EMPTY && (score_false_eyes || !s->unscorable) &&
            c->chain_region[c->chain[p]] == r && !c->sreach[sei_color_other(color)][p])
            s->territory = (uint8_t)color;
    }
}

void sei_territory_params_default(sei_territory_params *p) {
    p->score_false_eyes = 0;
    p->seki = SEI_SEKI_CONFIRMED;
    p->seki_search_nodes = 20000;
}

int sei_territory_analyze(int width, int height, const uint8_t *stones, const uint8_t *dead,
                          const sei_territory_params *params, sei_territory_point *out) {
    sei_territory_params def;
    if (!params) {
        sei_territory_params_default(&def);
        params = &def;
    }
    if (width < 1 || height < 1 || width > T_MAX || height > T_MAX || width * height > T_MAX || !stones || !out)
        return -1;
    int n = width * height;
    for (int p = 0; p < n; p++)
        if (stones[p] > SEI_WHITE) return -1;

    /* Only what the analysis reads before writing is cleared: the work area
     * is about 140 KB, and clearing all of it cost more than the analysis of
     * a typical final position. */
    work c;
    c.nregion = c.nchain = c.nmacro = c.neye = c.nrec = 0;
    c.vgen = c.mgen = c.agen = 0;
    size_t pts = (size_t)n;
    memset(c.block, 0, pts);
    memset(c.sreach, 0, sizeof c.sreach);
    memset(c.reach, 0, sizeof c.reach);
    memset(c.region_eyesum, 0, pts * sizeof c.region_eyesum[0]);
    memset(c.is_false, 0, pts);
    memset(c.unscorable, 0, pts);
    memset(c.vis, 0, pts * sizeof c.vis[0]);
    memset(c.mem, 0, pts * sizeof c.mem[0]);
    memset(c.aux, 0, pts * sizeof c.aux[0]);
    memset(c.mcvis, 0, pts * sizeof c.mcvis[0]);
    memset(c.evis, 0, pts * sizeof c.evis[0]);
    c.w = width;
    c.h = height;
    c.n = n;
    for (int p = 0; p < n; p++) {
        c.col[p] = stones[p];
        /* A "dead" flag on an empty point means nothing. */
        c.dead[p] = (uint8_t)(dead && dead[p] && stones[p] != SEI_EMPTY);
        c.region[p] = c.chain[p] = c.macro[p] = c.eye[p] = c.real_eye[p] = -1;
    }

    make_neighbours(&c);
    mark_connection_blocks(&c);
    mark_reach(&c, 0, c.sreach);
    mark_reach(&c, 1, c.reach);
    mark_regions(&c);
    mark_chains(&c);
    mark_macrochains(&c);
    mark_potential_eyes(&c);
    /* With all eye values 0 this finds the false eyes for life and death. */
    mark_false_eye_points(&c, c.is_false);
    mark_eye_values(&c);
    /* With the values known, false eyes of groups that have a real eye
     * elsewhere no longer count: what is left must be filled. */
    mark_false_eye_points(&c, c.unscorable);
    mark_seki(&c, params);
    mark_scoring(&c, params->score_false_eyes, out);
    return 0;
}
