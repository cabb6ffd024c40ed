/* record.c - explaining each stable board state as moves (record.h).
 *
 * The recorder keeps the position as recorded, a snapshot of the board
 * after every move (to recognise a take-back), the captured stones not yet
 * seen lifted, and a void stone still standing on its forbidden point.
 * A new state is compared point by point with the recorded position; new
 * stones are explained by a depth-first search over the orders in which
 * they could have been played, alternating colours, each move legal under
 * the rules, ending in the state seen. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

/* How many moves back a take-back may reach. */
#define UNDO_REACH 12

struct sei_recorder {
    sei_board *b;
    sei_rules rules;
    int n;                              /* points per side */
    sei_rec_move *moves;
    int nmoves, cap;
    uint8_t *snap;                      /* n*n bytes per position: after 0, 1, ... moves */
    int snap_cap;
    uint8_t pending[SEI_MAX_POINTS];    /* colour of a captured stone not yet seen lifted */
    int void_point;                     /* a void stone still on the board, or 0 */
    int handicap;
    char msg[160];
};

static sei_status fail(sei_recorder *r, sei_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    return st;
}

const char *sei_recorder_errmsg(const sei_recorder *rec) { return rec ? rec->msg : "no recorder"; }

/* Snapshot k (the position after k moves) is taken from the board. */
static int snap_store(sei_recorder *r, int k)
{
    size_t nn = (size_t)r->n * (size_t)r->n;
    if (k >= r->snap_cap) {
        int cap = r->snap_cap ? r->snap_cap * 2 : 64;
        while (cap <= k)
            cap *= 2;
        uint8_t *s = realloc(r->snap, nn * (size_t)cap);
        if (!s)
            return -1;
        r->snap = s;
        r->snap_cap = cap;
    }
    uint8_t *d = r->snap + nn * (size_t)k;
    for (int y = 0; y < r->n; y++)
        for (int x = 0; x < r->n; x++)
            d[y * r->n + x] = r->b->color[sei_board_point(r->b, x, y)];
    return 0;
}

sei_recorder *sei_recorder_create(int size, const sei_rules *rules)
{
    if (size < SEI_MIN_SIZE || size > SEI_MAX_SIZE)
        return NULL;
    sei_recorder *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->n = size;
    if (rules)
        r->rules = *rules;
    else
        sei_rules_params_default(&r->rules);
    r->b = sei_board_create(size);
    if (!r->b || snap_store(r, 0)) {
        sei_recorder_destroy(r);
        return NULL;
    }
    sei_rules_apply(&r->rules, r->b);
    return r;
}

void sei_recorder_destroy(sei_recorder *rec)
{
    if (!rec)
        return;
    sei_board_destroy(rec->b);
    free(rec->moves);
    free(rec->snap);
    free(rec);
}

int sei_recorder_moves(const sei_recorder *rec, const sei_rec_move **moves)
{
    *moves = rec->moves;
    return rec->nmoves;
}

const sei_board *sei_recorder_board(const sei_recorder *rec) { return rec->b; }
int sei_recorder_handicap(const sei_recorder *rec) { return rec->handicap; }

sei_status sei_recorder_setup(sei_recorder *rec, const uint8_t *grid)
{
    if (rec->nmoves)
        return fail(rec, SEI_ERR_ARG, "handicap stones go before the first move");
    int pts[SEI_MAX_POINTS], k = 0;
    for (int y = 0; y < rec->n; y++)
        for (int x = 0; x < rec->n; x++) {
            if (grid[y * rec->n + x] == SEI_WHITE)
                return fail(rec, SEI_ERR_ARG, "a white stone on the board before the game");
            if (grid[y * rec->n + x] == SEI_BLACK)
                pts[k++] = sei_board_point(rec->b, x, y);
        }
    if (k == 0)
        return SEI_OK;
    if (k == 1)
        return fail(rec, SEI_ERR_ARG, "one black stone is not a handicap");
    sei_status st = sei_board_handicap_free(rec->b, pts, k);
    if (st)
        return fail(rec, st, "%s", sei_board_errmsg(rec->b));
    rec->handicap = k;
    return snap_store(rec, 0) ? fail(rec, SEI_ERR_NOMEM, "out of memory") : SEI_OK;
}

/* Append the board's last move to the record, with its snapshot. */
static sei_status push_move(sei_recorder *r, int color, int point, int flags, int void_point, double t)
{
    if (r->nmoves == r->cap) {
        int cap = r->cap ? r->cap * 2 : 128;
        sei_rec_move *m = realloc(r->moves, sizeof *m * (size_t)cap);
        if (!m)
            return fail(r, SEI_ERR_NOMEM, "out of memory");
        r->moves = m;
        r->cap = cap;
    }
    int caps = r->b->moves_n ? r->b->moves[r->b->moves_n - 1].captured_n : 0;
    r->moves[r->nmoves++] = (sei_rec_move){color, point, void_point, flags, caps, t};
    if (snap_store(r, r->nmoves))
        return fail(r, SEI_ERR_NOMEM, "out of memory");
    return SEI_OK;
}

sei_status sei_recorder_replay(sei_recorder *rec, int color, int point, double t)
{
    sei_status st = sei_board_play(rec->b, color, point);
    if (st)
        return fail(rec, st, "%s", sei_board_errmsg(rec->b));
    return push_move(rec, color, point, 0, 0, t);
}

/* ---- explaining a state --------------------------------------------------------- */

typedef struct {
    sei_recorder *r;
    const uint8_t *g;        /* the state seen */
    int added[2][SEI_REC_MAX_BURST]; /* new stones by colour index (0 black, 1 white) */
    int nadded[2];
    int used[2][SEI_REC_MAX_BURST];
    int total;
    int seq[SEI_REC_MAX_BURST * 2], seq_color[SEI_REC_MAX_BURST * 2], seq_twice[SEI_REC_MAX_BURST * 2];
    int depth;
    int twice_budget;
    uint8_t lifted[SEI_MAX_POINTS]; /* colour of stones captured during the search (late-lift allowed) */
} search;

/* Does the searched position explain the state seen? Every point agrees,
 * or holds a captured stone not yet lifted, or the standing void stone. */
static int explains(search *s)
{
    const sei_board *b = s->r->b;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y), g = s->g[y * s->r->n + x], c = b->color[p];
            if (c == g || p == s->r->void_point)
                continue;
            if (c == SEI_EMPTY && (s->lifted[p] == g || s->r->pending[p] == g))
                continue;
            return 0;
        }
    return 1;
}

/* Mark (or unmark, when v is 0) the stones the last move captured. */
static void mark_captured(search *s, int v)
{
    const sei_board *b = s->r->b;
    const sei_move *m = &b->moves[b->moves_n - 1];
    for (int i = 0; i < m->captured_n; i++) {
        int p = b->captured[m->captured_at + i];
        s->lifted[p] = v ? (uint8_t)sei_color_other(m->color) : 0;
    }
}

static int dfs(search *s, int color)
{
    if (s->depth == s->total)
        return explains(s);
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: the colour to move plays; pass 1: the same colour as the
         * last move plays again (only if the budget allows). */
        int col = pass == 0 ? color : sei_color_other(color);
        int k = col == SEI_BLACK ? 0 : 1;
        if (pass == 1 && s->twice_budget == 0)
            break;
        for (int i = 0; i < s->nadded[k]; i++) {
            if (s->used[k][i])
                continue;
            int p = s->added[k][i];
            if (sei_board_play(s->r->b, col, p) != SEI_OK)
                continue;
            mark_captured(s, 1);
            s->used[k][i] = 1;
            s->seq[s->depth] = p;
            s->seq_color[s->depth] = col;
            s->seq_twice[s->depth] = pass;
            s->depth++;
            s->twice_budget -= pass;
            if (dfs(s, sei_color_other(col)))
                return 1;
            s->twice_budget += pass;
            s->depth--;
            s->used[k][i] = 0;
            mark_captured(s, 0);
            sei_board_undo(s->r->b);
        }
    }
    return 0;
}

/* The snapshot after k moves equals the state seen. */
static int snap_equal(const sei_recorder *r, int k, const uint8_t *g)
{
    size_t nn = (size_t)r->n * (size_t)r->n;
    return memcmp(r->snap + nn * (size_t)k, g, nn) == 0;
}

sei_status sei_recorder_observe(sei_recorder *rec, const uint8_t *grid, double t, sei_rec_update *u)
{
    memset(u, 0, sizeof *u);
    search *s = calloc(1, sizeof *s);
    if (!s)
        return fail(rec, SEI_ERR_NOMEM, "out of memory");
    s->r = rec;
    s->g = grid;
    sei_board *b = rec->b;
    int removed = 0, removed_at = 0, swapped = 0, late = 0;
    int late_pt[SEI_REC_MAX_BURST], late_col[SEI_REC_MAX_BURST];
    for (int y = 0; y < rec->n; y++)
        for (int x = 0; x < rec->n; x++) {
            int p = sei_board_point(b, x, y), g = grid[y * rec->n + x], c = b->color[p];
            if (p == rec->void_point) {
                if (g == SEI_EMPTY)
                    rec->void_point = 0; /* the void stone was taken off */
                continue;
            }
            if (c == SEI_EMPTY && rec->pending[p]) {
                if (g == rec->pending[p]) {
                    /* A captured stone not lifted yet, most likely; or a
                     * stone played again on its point (tried if the rest
                     * explains nothing). */
                    if (late < SEI_REC_MAX_BURST) {
                        late_pt[late] = p;
                        late_col[late] = g;
                    }
                    late++;
                    continue;
                }
                rec->pending[p] = 0; /* lifted (or replaced by a new stone: handled below) */
            }
            if (c == g)
                continue;
            if (c == SEI_EMPTY) {
                int k = g == SEI_BLACK ? 0 : 1;
                if (s->nadded[k] < SEI_REC_MAX_BURST)
                    s->added[k][s->nadded[k]] = p;
                s->nadded[k]++;
            } else if (g == SEI_EMPTY) {
                removed++;
                removed_at = p;
            } else {
                swapped++;
                removed_at = p;
            }
        }
    s->total = s->nadded[0] + s->nadded[1];
    if (late)
        u->flags |= SEI_REC_LATE;
    if (s->total == 0 && removed == 0 && swapped == 0) {
        free(s);
        return SEI_OK;
    }

    /* A take-back: the board as it was a few moves ago. */
    for (int k = rec->nmoves - 1; k >= 0 && k >= rec->nmoves - UNDO_REACH; k--)
        if (snap_equal(rec, k, grid)) {
            int back = rec->nmoves - k;
            for (int i = 0; i < back; i++) {
                sei_board_undo(b);
                rec->nmoves--;
            }
            memset(rec->pending, 0, sizeof rec->pending);
            rec->void_point = 0;
            u->undone = back;
            u->flags |= SEI_REC_UNDO;
            free(s);
            return SEI_OK;
        }

    if (s->nadded[0] > SEI_REC_MAX_BURST || s->nadded[1] > SEI_REC_MAX_BURST || s->total > SEI_REC_MAX_BURST) {
        u->flags |= SEI_REC_DISTURBED;
        free(s);
        return SEI_OK;
    }

    /* Moves: alternating first; then with one colour playing twice. */
    int found = 0;
    if (s->total > 0 && !swapped) {
        /* Alternating from the colour to move; then, for the first move of
         * an even game, from White (some players take White's stones
         * first); then with one colour playing twice. */
        int first = b->to_move;
        int base[2] = {s->nadded[0], s->nadded[1]}, base_total = s->total;
        /* attempt: 0 as is; 1 White first (an even game's first move);
         * 2 a captured point played again; 3 one colour twice; 4 both. */
        for (int attempt = 0; attempt < 5 && !found; attempt++) {
            if (attempt == 1 && (rec->nmoves || rec->handicap))
                continue;
            int with_late = attempt == 2 || attempt == 4;
            if (with_late && !late)
                continue;
            s->nadded[0] = base[0];
            s->nadded[1] = base[1];
            s->total = base_total;
            for (int i = 0; with_late && i < late && i < SEI_REC_MAX_BURST; i++) {
                int k = late_col[i] == SEI_BLACK ? 0 : 1;
                if (s->nadded[k] < SEI_REC_MAX_BURST && s->total < SEI_REC_MAX_BURST) {
                    s->added[k][s->nadded[k]++] = late_pt[i];
                    s->total++;
                }
            }
            memset(s->used, 0, sizeof s->used);
            s->twice_budget = attempt >= 3;
            s->depth = 0;
            b->to_move = attempt == 1 ? sei_color_other(first) : first;
            found = dfs(s, b->to_move);
        }
        if (!found)
            b->to_move = first;
    }
    if (found) {
        /* The search left the moves played on the board. Take them back and
         * play them again one by one, so each gets its snapshot and its
         * captures are marked as waiting to be lifted. */
        for (int i = 0; i < s->total; i++)
            sei_board_undo(b);
        for (int i = 0; i < s->total; i++) {
            sei_board_play(b, s->seq_color[i], s->seq[i]);
            int flags = s->seq_twice[i] ? SEI_REC_TWICE : 0;
            const sei_move *m = &b->moves[b->moves_n - 1];
            for (int j = 0; j < m->captured_n; j++)
                rec->pending[b->captured[m->captured_at + j]] = (uint8_t)sei_color_other(s->seq_color[i]);
            sei_status st = push_move(rec, s->seq_color[i], s->seq[i], flags, 0, t);
            if (st) {
                free(s);
                return st;
            }
            u->flags |= flags;
        }
        /* Stones seen lifted already are not pending; those still there
         * will be lifted in a moment. */
        for (int y = 0; y < rec->n; y++)
            for (int x = 0; x < rec->n; x++) {
                int p = sei_board_point(b, x, y);
                if (rec->pending[p] && (grid[y * rec->n + x] == SEI_EMPTY || b->color[p] != SEI_EMPTY))
                    rec->pending[p] = 0; /* lifted, or played on again */
                else if (rec->pending[p])
                    u->flags |= SEI_REC_LATE;
            }
        u->moves = s->total;
        free(s);
        return SEI_OK;
    }

    /* One stone of the colour to move on a point it may not play: void,
     * and the turn passes. The stone stands there until it is taken off. */
    int c = b->to_move, k = c == SEI_BLACK ? 0 : 1;
    if (s->total == 1 && s->nadded[k] == 1 && removed == 0 && !swapped) {
        int p = s->added[k][0];
        sei_status why = sei_board_check(b, c, p);
        if (why == SEI_ERR_KO || why == SEI_ERR_SUPERKO || why == SEI_ERR_SUICIDE || why == SEI_ERR_OCCUPIED) {
            int flags = SEI_REC_VOID | (why == SEI_ERR_KO || why == SEI_ERR_SUPERKO ? SEI_REC_KO : 0);
            sei_board_play(b, c, SEI_PASS);
            rec->void_point = p;
            sei_status st = push_move(rec, c, SEI_PASS, flags, p, t);
            u->moves = 1;
            u->flags |= flags;
            u->point = p;
            free(s);
            return st;
        }
    }
    /* A stone that left its point (alone, or moved to a neighbour). */
    if (removed + swapped == 1 && s->total <= 1) {
        u->flags |= SEI_REC_MOVED;
        u->point = removed_at;
    } else {
        u->flags |= SEI_REC_DISTURBED;
        u->point = removed_at;
    }
    free(s);
    return SEI_OK;
}
