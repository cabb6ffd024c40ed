/* score.c - the count of RULES.md: area and territory, the Chinese form in
 * stones, Ing's fill check, seki eyes and false eyes. */
#include "score.h"
#include "territory.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static sei_status fail(sei_board *b, sei_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->errmsg, sizeof b->errmsg, fmt, ap);
    va_end(ap);
    return st;
}

const char *sei_score_stones(double v, char *buf, size_t n)
{
    static const char *const quarter[4] = {"", "¼", "½", "¾"};
    const char *sign = v < 0 ? "-" : "";
    long q = (long)((v < 0 ? -v : v) * 4 + 0.5);
    if (q / 4 == 0 && q % 4)
        snprintf(buf, n, "%s%s", sign, quarter[q % 4]);
    else
        snprintf(buf, n, "%s%ld%s", q ? sign : "", q / 4, quarter[q % 4]);
    return buf;
}

const char *sei_score_number(double v, char *buf, size_t n)
{
    /* Scores are multiples of 1/4 at the finest (stones of a Chinese count),
     * so two decimals always suffice; trim what they do not need. */
    snprintf(buf, n, "%.2f", v);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *e = buf + strlen(buf) - 1;
        while (e > dot && *e == '0')
            *e-- = 0;
        if (e == dot)
            *e = 0;
    }
    if (!strcmp(buf, "-0"))
        strcpy(buf, "0");
    return buf;
}

const char *sei_score_result_text(double margin, int winner, char *out, size_t n)
{
    char num[32];
    if (winner == SEI_EMPTY)
        snprintf(out, n, "0");
    else
        snprintf(out, n, "%c+%s", winner == SEI_BLACK ? 'B' : 'W',
                 sei_score_number(margin < 0 ? -margin : margin, num, sizeof num));
    return out;
}

/* Check the dead marks and the position itself before counting. */
static sei_status validate(sei_board *b, const uint8_t *dead)
{
    int chain[SEI_MAX_POINTS];
    uint8_t done[SEI_MAX_POINTS] = {0};
    char name[8];
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] == SEI_EMPTY || done[p])
                continue;
            int libs = 0, n = sei_board_chain(b, p, chain);
            int ndead = 0;
            for (int k = 0; k < n; k++) {
                done[chain[k]] = 1;
                ndead += dead && dead[chain[k]];
            }
            if (ndead && ndead != n)
                return fail(b, SEI_ERR_ARG, "the dead marks split the %s chain at %s (row %d, column %d): mark all of it or none",
                            b->color[p] == SEI_BLACK ? "black" : "white",
                            sei_board_point_name(b, p, name, sizeof name), y + 1, x + 1);
            libs = sei_board_chain_liberties(b, p);
            if (libs == 0 && !ndead)
                return fail(b, SEI_ERR_ILLEGAL, "the %s chain at %s (row %d, column %d) has no liberties: it should have been captured (mark it dead if the stones are still to be lifted)",
                            b->color[p] == SEI_BLACK ? "black" : "white",
                            sei_board_point_name(b, p, name, sizeof name), y + 1, x + 1);
        }
    return SEI_OK;
}

sei_status sei_score_count(sei_board *b, const uint8_t *dead, const sei_rules *r,
                           const sei_prisoners *pr, sei_score *s)
{
    memset(s, 0, sizeof *s);
    b->errmsg[0] = 0;
    if (!r)
        return fail(b, SEI_ERR_ARG, "no rules given");
    s->rules = *r;
    s->size = b->size;
    s->handicap = b->handicap;
    if (!r->remove_dead)
        dead = NULL; /* Tromp-Taylor: the board is counted as it stands */
    sei_status st = validate(b, dead);
    if (st)
        return st;

    const int n = b->size, stride = b->stride;
    const int d[4] = {1, -1, stride, -stride};
    /* The position after the dead stones come off. */
    uint8_t col[SEI_MAX_POINTS];
    memcpy(col, b->color, sizeof col);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y);
            if (dead && dead[p] && b->color[p] != SEI_EMPTY) {
                s->side[b->color[p]].dead++;
                s->dead[p] = 1;
                col[p] = SEI_EMPTY;
            } else if (b->color[p] == SEI_BLACK || b->color[p] == SEI_WHITE)
                s->side[b->color[p]].stones++;
        }

    /* Flood each empty region once and note which colours it reaches. */
    uint8_t seen[SEI_MAX_POINTS] = {0};
    int region[SEI_MAX_POINTS];
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p0 = sei_board_point(b, x, y);
            if (col[p0] != SEI_EMPTY || seen[p0])
                continue;
            int len = 0, reach = 0;
            region[len++] = p0;
            seen[p0] = 1;
            for (int i = 0; i < len; i++)
                for (int k = 0; k < 4; k++) {
                    int q = region[i] + d[k];
                    if (col[q] == SEI_EMPTY && !seen[q]) {
                        seen[q] = 1;
                        region[len++] = q;
                    } else if (col[q] == SEI_BLACK || col[q] == SEI_WHITE)
                        reach |= col[q];
                }
            for (int i = 0; i < len; i++) {
                int q = region[i];
                if (reach == SEI_BLACK || reach == SEI_WHITE) {
                    s->mark[q] = SEI_MARK_TERRITORY;
                    s->owner[q] = (uint8_t)reach;
                    s->side[reach].territory++;
                } else {
                    s->mark[q] = SEI_MARK_DAME;
                    s->dame++;
                }
            }
        }

    /* Seki eyes and false eyes to fill: points the area count gives a colour
     * but territory counting does not. Only a rule set that does not count
     * seki eyes needs them; area counting scores every such point, and the
     * analysis costs far more than the rest of the count. */
    if (r->scoring == SEI_SCORING_TERRITORY || !r->seki_eyes_score) {
        uint8_t stones[SEI_MAX_SIZE * SEI_MAX_SIZE], dd[SEI_MAX_SIZE * SEI_MAX_SIZE];
        sei_territory_point tp[SEI_MAX_SIZE * SEI_MAX_SIZE];
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int p = sei_board_point(b, x, y);
                stones[y * n + x] = b->color[p];
                dd[y * n + x] = s->dead[p];
            }
        if (sei_territory_analyze(n, n, stones, dd, NULL, tp) == 0) {
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    int p = sei_board_point(b, x, y);
                    const sei_territory_point *t = &tp[y * n + x];
                    if (s->mark[p] != SEI_MARK_TERRITORY || t->territory == s->owner[p])
                        continue;
                    if (t->unscorable) {
                        s->mark[p] = SEI_MARK_FALSE_EYE;
                        s->side[s->owner[p]].false_eyes++;
                    } else {
                        s->mark[p] = SEI_MARK_SEKI_EYE;
                        s->side[s->owner[p]].seki_eyes++;
                    }
                }
        }
    }

    for (int c = SEI_BLACK; c <= SEI_WHITE; c++)
        s->side[c].area = s->side[c].stones + s->side[c].territory;

    /* Prisoners. */
    sei_prisoners def = {SEI_PRISONERS_BOARD, 0, 0, 0};
    if (!pr)
        pr = &def;
    switch (pr->source) {
    case SEI_PRISONERS_BOARD:
        s->side[SEI_BLACK].prisoners = b->prisoners[SEI_BLACK];
        s->side[SEI_WHITE].prisoners = b->prisoners[SEI_WHITE];
        break;
    case SEI_PRISONERS_GIVEN:
        if (pr->black < 0 || pr->white < 0)
            return fail(b, SEI_ERR_ARG, "prisoner counts cannot be negative");
        s->side[SEI_BLACK].prisoners = pr->black;
        s->side[SEI_WHITE].prisoners = pr->white;
        break;
    case SEI_PRISONERS_LAST: {
        /* P_B - P_W = (S_B + X_B) - (S_W + X_W) - (placed_B - placed_W): the
         * stones missing from the board are the other side's prisoners. In
         * an even game without passes Black has placed one more stone than
         * White exactly when Black played last; N handicap stones add N - 1
         * since White then moves first. */
        if (pr->last != SEI_BLACK && pr->last != SEI_WHITE)
            return fail(b, SEI_ERR_ARG, "who played last must be black or white");
        int placed_diff = (pr->last == SEI_BLACK) + (b->handicap > 0 ? b->handicap - 1 : 0);
        int net = (s->side[SEI_BLACK].stones + s->side[SEI_BLACK].dead) -
                  (s->side[SEI_WHITE].stones + s->side[SEI_WHITE].dead) - placed_diff;
        s->side[SEI_BLACK].prisoners = net > 0 ? net : 0;
        s->side[SEI_WHITE].prisoners = net < 0 ? -net : 0;
        s->prisoners_net = 1;
        break;
    }
    default:
        return fail(b, SEI_ERR_ARG, "unknown prisoner source");
    }

    /* Handicap compensation. */
    int h = b->handicap;
    s->bonus = r->bonus == SEI_BONUS_N ? h : r->bonus == SEI_BONUS_N_MINUS_1 && h > 0 ? h - 1 : 0;

    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        sei_side *me = &s->side[c];
        const sei_side *them = &s->side[sei_color_other(c)];
        double v;
        if (r->scoring == SEI_SCORING_AREA)
            v = me->area;
        else
            v = me->territory - me->false_eyes + me->prisoners + them->dead;
        if (!r->seki_eyes_score)
            v -= me->seki_eyes;
        me->penalty = r->penalty[c];
        v -= me->penalty;
        if (c == SEI_WHITE)
            v += r->komi + s->bonus;
        me->score = v;
    }
    s->margin = s->side[SEI_BLACK].score - s->side[SEI_WHITE].score;
    if (s->margin > 0 || (s->margin == 0 && r->ties_to_black))
        s->winner = SEI_BLACK;
    else if (s->margin < 0)
        s->winner = SEI_WHITE;
    else
        s->winner = SEI_EMPTY;
    sei_score_result_text(s->margin, s->winner, s->result, sizeof s->result);

    /* Chinese practice: count one colour with shared points split half each
     * and compare with half the board plus half of komi and bonus; every
     * point is half a stone of margin. */
    int points = n * n;
    s->black_count = s->side[SEI_BLACK].area + s->dame / 2.0;
    /* Penalties move the line Black must pass, as komi does. */
    s->black_needs = (points + r->komi + s->bonus + r->penalty[SEI_BLACK] - r->penalty[SEI_WHITE]) / 2.0;
    s->margin_stones = s->margin / 2.0;
    sei_score_result_text(s->margin_stones, s->winner, s->result_stones, sizeof s->result_stones);

    /* Ing: each bowl holds half the board's stones; prisoners and dead
     * stones go home; White puts komi/2 stones into Black's territory; each
     * side fills its own territory. What is left (or missing) shows the
     * result: White's spares minus Black's equals the margin before
     * penalties and bonus. */
    s->fill_bowl = r->fill_stones > 0 ? r->fill_stones : points / 2;
    int k = r->komi > 0 ? (int)(r->komi / 2) : 0;
    s->fill_komi_stones = k;
    s->fill_spare[SEI_BLACK] = s->fill_bowl - s->side[SEI_BLACK].stones - s->side[SEI_BLACK].territory + k;
    s->fill_spare[SEI_WHITE] = s->fill_bowl - s->side[SEI_WHITE].stones - s->side[SEI_WHITE].territory - k;
    return SEI_OK;
}

int sei_fill_check(const sei_board *b, const sei_score *s, const uint8_t *grid, int spare_b, int spare_w,
                   sei_fill_report *out)
{
    memset(out, 0, sizeof *out);
    if (!b || !s || !grid || s->size != b->size || s->fill_bowl <= 0)
        return -1;
    int n = b->size;
    out->bowl = s->fill_bowl;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int p = sei_board_point(b, x, y), c = grid[y * n + x];
            if (c == SEI_BLACK || c == SEI_WHITE)
                out->on_board[c]++;
            int live = b->color[p] != SEI_EMPTY && !s->dead[p];
            int bad = 0;
            if (live) {
                /* A stone of the counted position stays as it was. */
                if (c != b->color[p] && !out->changed++)
                    out->first_changed = p;
                continue;
            }
            if (s->mark[p] == SEI_MARK_TERRITORY && (s->owner[p] == SEI_BLACK || s->owner[p] == SEI_WHITE)) {
                int o = s->owner[p];
                if (c == SEI_EMPTY)
                    out->holes[o]++;
                else if (c != o && o == SEI_BLACK)
                    out->komi_stones++; /* White's komi stones go into Black's territory */
                else if (c != o)
                    bad = 1; /* a Black stone filling White's territory */
            } else if (c == SEI_EMPTY && s->mark[p] == SEI_MARK_DAME)
                out->dame_empty++; /* a seki's shared liberty stays empty (filling it kills a group) */
            else if (c == SEI_EMPTY)
                bad = 1; /* a seki's eye or a stone's point: no hole belongs there */
            if (bad && !out->stray++)
                out->first_stray = p;
        }
    int given[3] = {0, spare_b, spare_w};
    out->spare_given = spare_b >= 0 && spare_w >= 0;
    int ok = !out->changed && !out->stray;
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        out->spare[c] = out->spare_given ? given[c] : out->bowl - out->on_board[c];
        if (out->spare[c] < 0)
            out->spare[c] = 0;
        out->set[c] = out->on_board[c] + out->spare[c];
        out->net[c] = out->spare[c] - out->holes[c];
        out->expected_net[c] = s->fill_spare[c];
        ok &= out->set[c] == out->bowl && out->net[c] == out->expected_net[c];
    }
    /* One side runs short (holes) and the other has stones over, or both
     * fill exactly: anything else is a miscount or a set that is not whole. */
    out->both_short = out->holes[SEI_BLACK] > 0 && out->holes[SEI_WHITE] > 0;
    /* (With dame left empty both sides may keep stones: nobody filled them.) */
    out->both_over = out->spare[SEI_BLACK] > 0 && out->spare[SEI_WHITE] > 0 && !out->dame_empty;
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++)
        ok &= !(out->holes[c] > 0 && out->spare[c] > 0); /* holes left while stones were over */
    ok &= !out->both_short && !out->both_over;
    out->fill_margin = out->net[SEI_WHITE] - out->net[SEI_BLACK];
    out->ok = ok;
    return 0;
}
