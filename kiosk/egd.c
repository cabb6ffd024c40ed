/* egd.c - the EGF's tournament table for the European Go Database (egd.h).
 *
 * The format, as its sources give it:
 * - the EGF ratings' "Tournament table format" (Ales Cieply,
 *   http://gemma.ujf.cas.cz/~cieply/GO/format.html): one line a player;
 *   everything after ';' is ignored; one entry a round, the same number for
 *   every player, "<opponent's place><+|-|=>[/<b|w>[<handicap>]]" (35=,
 *   23+/w0, 11-/b5), and for a round not played "0+" (a free win), "0-"
 *   or "0=" (a free round); the tournament classes A, B, C by basic and
 *   adjusted time (basic time plus 45 moves of standard or 60 of Canadian
 *   byo-yomi);
 * - OpenGotha's export (ExternalDocument.generateH9File, OpenGotha 3.x):
 *   the header lines "; CL[class]", "; EV[name]", "; PC[,location]",
 *   "; DT[begin,end]", "; HA[h<correction>]" (only when the handicap is
 *   lowered), "; KM[komi]", "; TM[adjusted time, minutes]", "; CM[time
 *   system]"; the line: place in 4 columns, "Surname Firstname" with the
 *   blanks inside each name as '_' in 30, rank in 3, country in 2 ("XX"
 *   when none), club in 4 ("xxxx" when none), four placement columns, then
 *   each round in 8; a game won by default marked '!' in place of '/';
 * - Pairgoth's EGF export (StandingsHandler.exportToEGFFormat): the
 *   player's 8-digit EGD PIN after the rounds as " |PIN", the class
 *   thresholds for Fischer time (45 and 75 minutes for A, 30 and 50 for B,
 *   20 and 30 for C; 120 moves of increment in the adjusted time).
 *
 * Seichi writes UTF-8 (OpenGotha writes ISO-8859-15, which has no place
 * for many players' names) and counts the columns in characters. An
 * OpenGotha file holds no standings, so the places are Seichi's: wins
 * (a jigo half), then SOS (the sum of the wins of the opponents met),
 * then rank, then name; every player gets a place of their own. */
#define _DEFAULT_SOURCE

#include "egd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int opp;      /* the opponent's player index, -1: not played */
    char mark;    /* '+', '-', '=' */
    char colour;  /* 'b', 'w' */
    int handicap;
    int by_default;
} entry;

typedef struct {
    int idx, wins2, sos2, rank;
    const char *name, *first;
} placed;

/* A rank as a number growing with strength: 30K -30, 1K -1, 1D 0, 9D 8,
 * professionals above; none or unreadable -100 (last). */
static int rank_value(const char *r)
{
    char *end;
    long v = strtol(r, &end, 10);
    if (end == r || v < 1 || v > 99)
        return -100;
    switch (toupper((unsigned char)*end)) {
    case 'K': return -(int)v;
    case 'D': return (int)v - 1;
    case 'P': return 100 + (int)v;
    default: return -100;
    }
}

static int by_place(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->wins2 != y->wins2)
        return y->wins2 - x->wins2;
    if (x->sos2 != y->sos2)
        return y->sos2 - x->sos2;
    if (x->rank != y->rank)
        return y->rank - x->rank;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->first, y->first);
}

/* Characters (UTF-8 code points) in s. */
static size_t chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Append s with each run of blanks inside it as one '_' (the line's fields
 * are split on blanks), the ends trimmed; at most max characters (0: all). */
static void put_unblanked(sei_text *t, const char *s, size_t max)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        int lead = ((unsigned char)s[i] & 0xC0) != 0x80;
        if (lead && max && n == max)
            break;
        n += lead;
        if (s[i] == ' ' || s[i] == '\t') {
            while (i + 1 < len && (s[i + 1] == ' ' || s[i + 1] == '\t'))
                i++;
            sei_text_put(t, "_", 1);
        } else
            sei_text_put(t, s + i, 1);
    }
}

/* The field right-aligned in width characters. */
static void put_right(sei_text *t, const char *s, size_t width)
{
    for (size_t c = chars(s); c < width; c++)
        sei_text_put(t, " ", 1);
    sei_text_puts(t, s);
}

static void half_points(char *buf, size_t n, int v2)
{
    snprintf(buf, n, v2 % 2 ? "%d.5" : "%d", v2 / 2);
}

static int param_int(const sei_og *og, const char *name, int *v)
{
    char buf[32], *end;
    if (!sei_og_param(og, "GeneralParameterSet", name, buf, sizeof buf))
        return 0;
    long x = strtol(buf, &end, 10);
    if (end == buf || *end || x < 0 || x > 100000)
        return 0;
    *v = (int)x;
    return 1;
}

/* The header: class, event, place, dates, handicap, komi, adjusted time and
 * time system, each as OpenGotha writes it, those the file does not give
 * left out. */
static void header(const sei_og *og, sei_text *t)
{
    char v[512], v2[512];
    int basic = 0, byo = 0, moves = 0, has_basic = param_int(og, "basicTime", &basic);
    char cts[32];
    sei_og_param(og, "GeneralParameterSet", "complementaryTimeSystem", cts, sizeof cts);
    const char *system = NULL;
    int fischer = 0, adjusted = basic * 60; /* seconds */
    if (!strcmp(cts, "SUDDENDEATH"))
        system = "Sudden death";
    else if (!strcmp(cts, "STDBYOYOMI")) {
        system = "Standard byo-yomi";
        if (param_int(og, "stdByoYomiTime", &byo))
            adjusted += 45 * byo;
    } else if (!strcmp(cts, "CANBYOYOMI")) {
        system = "Canadian byo-yomi";
        if (param_int(og, "canByoYomiTime", &byo) && param_int(og, "nbMovesCanTime", &moves) && moves > 0)
            adjusted += 60 * byo / moves;
    } else if (!strcmp(cts, "FISCHER")) {
        system = "Fischer";
        fischer = 1;
        if (param_int(og, "fischerTime", &byo))
            adjusted += 120 * byo;
    }
    if (has_basic && system) {
        int am = adjusted / 60;
        const char *cl = fischer ? (basic >= 45 && am >= 75   ? "A"
                                    : basic >= 30 && am >= 50 ? "B"
                                    : basic >= 20 && am >= 30 ? "C"
                                                              : "X")
                                 : (basic >= 60 && am >= 75   ? "A"
                                    : basic >= 40 && am >= 50 ? "B"
                                    : basic >= 25 && am >= 30 ? "C"
                                                              : "X");
        sei_text_printf(t, "; CL[%s]\n", cl);
    }
    sei_text_printf(t, "; EV[%s]\n", sei_og_name(og));
    sei_og_param(og, "GeneralParameterSet", "location", v, sizeof v);
    sei_text_printf(t, "; PC[,%s]\n", v);
    if (sei_og_param(og, "GeneralParameterSet", "beginDate", v, sizeof v) && v[0]) {
        if (!sei_og_param(og, "GeneralParameterSet", "endDate", v2, sizeof v2) || !v2[0])
            snprintf(v2, sizeof v2, "%s", v);
        sei_text_printf(t, "; DT[%s,%s]\n", v, v2);
    }
    if (sei_og_param(og, "HandicapParameterSet", "hdCorrection", v, sizeof v) && atoi(v) > 0)
        sei_text_printf(t, "; HA[h%d]\n", atoi(v));
    if (sei_og_param(og, "GeneralParameterSet", "komi", v, sizeof v) && v[0])
        sei_text_printf(t, "; KM[%s]\n", v);
    if (has_basic && system) {
        sei_text_printf(t, "; TM[%d]\n", adjusted / 60);
        sei_text_printf(t, "; CM[%s]\n", system);
    }
    sei_text_puts(t, "; Generated by Seichi\n");
}

int sei_egd_write(const sei_og *og, const sei_egd_game *games, int partial, sei_text *out, int *missing, char *why,
                  size_t n)
{
    int np = sei_og_player_count(og), ng = sei_og_game_count(og), rounds = sei_og_rounds(og);
    *missing = 0;
    if (n)
        why[0] = 0;
    entry *e = calloc((size_t)np * (size_t)(rounds > 0 ? rounds : 1) + 1, sizeof *e);
    int *wins2 = calloc((size_t)np + 1, sizeof *wins2), *place = calloc((size_t)np + 1, sizeof *place);
    char *implied = calloc((size_t)np + 1, 1);
    placed *order = calloc((size_t)np + 1, sizeof *order);
    sei_text miss = {0};
    int rc = -1;
    if (!e || !wins2 || !place || !implied || !order) {
        snprintf(why, n, "out of memory");
        goto out;
    }
    for (int i = 0; i < np * rounds; i++)
        e[i].opp = -1;
    for (int i = 0; i < ng; i++) {
        sei_og_game g;
        if (sei_og_game_get(og, i, &g) || g.black < 0 || g.white < 0 || g.round < 1 || g.round > rounds)
            continue;
        implied[g.black] = implied[g.white] = 1;
        const sei_egd_game *r = &games[i];
        if (r->outcome == SEI_OG_UNKNOWN) {
            if (!r->voided) {
                sei_text_printf(&miss, "%sround %d table %d", *missing ? ", " : "", g.round, g.table);
                ++*missing;
            }
            continue;
        }
        char bm = r->outcome == SEI_OG_BLACK_WINS || r->outcome == SEI_OG_BOTH_WIN ? '+'
                  : r->outcome == SEI_OG_EQUAL                                    ? '='
                                                                                  : '-';
        char wm = r->outcome == SEI_OG_WHITE_WINS || r->outcome == SEI_OG_BOTH_WIN ? '+'
                  : r->outcome == SEI_OG_EQUAL                                    ? '='
                                                                                  : '-';
        entry *b = &e[g.black * rounds + g.round - 1], *w = &e[g.white * rounds + g.round - 1];
        *b = (entry){g.white, bm, 'b', g.handicap, r->by_default};
        *w = (entry){g.black, wm, 'w', g.handicap, r->by_default};
    }
    if (*missing && !partial) {
        snprintf(why, n, "%d game%s without a result: %s (a result from the kiosks or a judge, or --partial to write "
                 "%s as not played)", *missing, *missing == 1 ? "" : "s", miss.p ? miss.p : "",
                 *missing == 1 ? "it" : "them");
        goto out;
    }
    if (*missing)
        snprintf(why, n, "%s", miss.p ? miss.p : "");
    /* Wins, then the opponents' wins, then the order. */
    for (int p = 0; p < np; p++)
        for (int r = 0; r < rounds; r++)
            wins2[p] += e[p * rounds + r].opp < 0 ? 0 : e[p * rounds + r].mark == '+' ? 2 : e[p * rounds + r].mark == '=';
    int nplaced = 0;
    for (int p = 0; p < np; p++) {
        if (!implied[p])
            continue; /* in no game: not in the table, as OpenGotha leaves them out */
        sei_og_player pl;
        sei_og_player_get(og, p, &pl);
        placed *o = &order[nplaced++];
        *o = (placed){p, wins2[p], 0, rank_value(pl.rank), pl.name, pl.first_name};
        for (int r = 0; r < rounds; r++)
            if (e[p * rounds + r].opp >= 0)
                o->sos2 += wins2[e[p * rounds + r].opp];
    }
    qsort(order, (size_t)nplaced, sizeof *order, by_place);
    for (int k = 0; k < nplaced; k++)
        place[order[k].idx] = k + 1;

    header(og, out);
    if (*missing)
        sei_text_printf(out, "; Partial: %d game%s without a result written as not played (0=): %s\n", *missing,
                        *missing == 1 ? "" : "s", miss.p ? miss.p : "");
    sei_text_puts(out, ";\n; Pl Name                            Rk Co Club  NBW  SOS\n");
    for (int k = 0; k < nplaced; k++) {
        int p = order[k].idx;
        sei_og_player pl;
        sei_og_player_get(og, p, &pl);
        char num[32];
        sei_text_printf(out, "%4d ", k + 1);
        /* The name field: "Surname Firstname", 30 characters at least. */
        size_t start = out->len;
        put_unblanked(out, pl.name, 0);
        if (pl.first_name[0]) {
            sei_text_put(out, " ", 1);
            put_unblanked(out, pl.first_name, 0);
        }
        size_t c = out->p ? chars(out->p + start) : 0;
        for (; c < 30; c++)
            sei_text_put(out, " ", 1);
        sei_text_put(out, " ", 1);
        put_right(out, pl.rank[0] ? pl.rank : "30K", 3);
        sei_text_put(out, " ", 1);
        put_right(out, chars(pl.country) == 2 ? pl.country : "XX", 2);
        sei_text_put(out, " ", 1);
        sei_text club = {0};
        put_unblanked(&club, pl.club, 4);
        put_right(out, club.p && club.len ? club.p : "xxxx", 4);
        sei_text_free(&club);
        half_points(num, sizeof num, order[k].wins2);
        sei_text_put(out, " ", 1);
        put_right(out, num, 4);
        half_points(num, sizeof num, order[k].sos2);
        sei_text_put(out, " ", 1);
        put_right(out, num, 4);
        sei_text_puts(out, " 0 0"); /* OpenGotha's four placement columns, the last two unused */
        for (int r = 0; r < rounds; r++) {
            const entry *x = &e[p * rounds + r];
            char cell[48];
            if (x->opp < 0)
                snprintf(cell, sizeof cell, "0=");
            else
                snprintf(cell, sizeof cell, "%d%c%c%c%d", place[x->opp], x->mark, x->by_default ? '!' : '/',
                         x->colour, x->handicap);
            sei_text_put(out, " ", 1);
            put_right(out, cell, 8);
        }
        size_t pin = strlen(pl.egf_pin);
        if (pin == 8 && strspn(pl.egf_pin, "0123456789") == 8)
            sei_text_printf(out, " |%s", pl.egf_pin);
        sei_text_put(out, "\n", 1);
    }
    if (out->oom) {
        snprintf(why, n, "out of memory");
        goto out;
    }
    rc = 0;
out:
    sei_text_free(&miss);
    free(e), free(wins2), free(place), free(implied), free(order);
    return rc;
}
