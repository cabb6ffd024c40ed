/* result_lines.c - the count in words (sei_ui_result_lines): the lines
 * the result screen shows, in the chosen language, as sums that hold as
 * written with their terms named. No drawing: the count arrives made by
 * the rules core, this only words it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

/* A sum being written: its arithmetic ("45 + 46") and, term by term in
 * the same order, the words for it ("stones + territory"). */
typedef struct {
    sei_lang L;
    int stones;              /* numbers as the Chinese count says them (¼, ½, ¾) */
    char num[SEI_UI_LINE_MAX], words[SEI_UI_LINE_MAX];
    int terms;
} sum_text;

/* A number as the sum writes it: the minus sign a typesetter uses. */
static const char *num_text(const sum_text *t, double v, char *buf, size_t n)
{
    char tmp[32];
    const char *digits = t->stones ? sei_score_stones(fabs(v), tmp, sizeof tmp) : sei_score_number(fabs(v), tmp, sizeof tmp);
    snprintf(buf, n, "%s%s", v < 0 ? "−" : "", digits);
    return buf;
}

/* Append "+ v" (or "− |v|") and its words; the first term takes no sign. */
static void sum_term_words(sum_text *t, double v, const char *word)
{
    char n[32];
    size_t a = strlen(t->num), b = strlen(t->words);
    const char *sign = !t->terms ? "" : v < 0 ? " − " : " + ";
    if (t->terms)
        v = fabs(v);
    snprintf(t->num + a, sizeof t->num - a, "%s%s", sign, num_text(t, v, n, sizeof n));
    snprintf(t->words + b, sizeof t->words - b, "%s%s", sign, word);
    t->terms++;
}

static void sum_term(sum_text *t, double v, sei_str word) { sum_term_words(t, v, sei_ui_string(t->L, word)); }

static int line_add(sei_ui_line *out, int k, int max, sei_ui_line_kind kind, const char *text)
{
    if (k < max) {
        out[k].kind = kind;
        size_t l = strlen(text);
        if (l >= sizeof out[k].text)
            l = sizeof out[k].text - 1; /* never: lines are far shorter */
        memcpy(out[k].text, text, l);
        out[k].text[l] = 0;
    }
    return k + 1;
}

/* "who: arithmetic = total" and the terms' words under it. */
static int sum_lines(sei_ui_line *out, int k, int max, const sum_text *t, const char *who, double total)
{
    char n[32], arith[SEI_UI_LINE_MAX + 40], line[SEI_UI_LINE_MAX + 80];
    snprintf(arith, sizeof arith, "%s = %s", t->num, num_text(t, total, n, sizeof n));
    snprintf(line, sizeof line, sei_ui_string(t->L, SEI_S_SUM_LINE), who, arith);
    k = line_add(out, k, max, SEI_UI_LINE_SUM, line);
    return line_add(out, k, max, SEI_UI_LINE_TERMS, t->words);
}

int sei_ui_result_lines(sei_lang L, const sei_score *s, sei_ui_line *out, int max)
{
    if (!s || !out)
        return 0;
    const sei_rules *r = &s->rules;
    /* Ing's penalties are its overtime periods' points: said so. */
    const sei_str pen_word = strcmp(r->name, "ing") ? SEI_S_TERM_PENALTY : SEI_S_TERM_OVERTIME;
    char line[SEI_UI_LINE_MAX + 80], n1[32], n2[32];
    const char *name[3] = {"", sei_ui_string(L, SEI_S_BLACK), sei_ui_string(L, SEI_S_WHITE)};
    const char *who = name[s->winner == SEI_WHITE ? SEI_WHITE : SEI_BLACK];
    int k = 0;
    double m = fabs(s->margin);
    if (s->winner == SEI_EMPTY)
        snprintf(line, sizeof line, "%s", sei_ui_string(L, SEI_S_JIGO));
    else if (r->stones_form)
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_WINS_BY_STONES), who,
                 sei_score_stones(fabs(s->margin_stones), n1, sizeof n1));
    else
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_WINS_BY_POINTS), who, sei_score_number(m, n1, sizeof n1));
    k = line_add(out, k, max, SEI_UI_LINE_HEAD, line);
    if (r->stones_form) {
        if (s->winner != SEI_EMPTY) {
            snprintf(line, sizeof line, sei_ui_string(L, SEI_S_WINS_BY_POINTS), who, sei_score_number(m, n1, sizeof n1));
            k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
        }
        /* Chinese practice: Black's area, with the shared points split
         * half each, against half the board plus half of komi. */
        sum_text t = {L, 1, "", "", 0};
        sum_term(&t, s->side[SEI_BLACK].stones, SEI_S_TERM_STONES);
        sum_term(&t, s->side[SEI_BLACK].territory, SEI_S_TERM_TERRITORY);
        if (s->dame) {
            size_t a = strlen(t.num), b = strlen(t.words);
            snprintf(t.num + a, sizeof t.num - a, " + %d ÷ 2", s->dame);
            snprintf(t.words + b, sizeof t.words - b, " + %s ÷ 2", sei_ui_string(L, SEI_S_TERM_SHARED));
        }
        k = sum_lines(out, k, max, &t, sei_ui_string(L, SEI_S_CN_BLACK_COUNT), s->black_count);
        sum_text need = {L, 1, "(", "(", 0};
        sum_term(&need, s->size * s->size, SEI_S_TERM_POINTS);
        if (r->komi)
            sum_term(&need, r->komi, SEI_S_TERM_KOMI);
        if (s->bonus)
            sum_term(&need, s->bonus, SEI_S_TERM_HANDICAP);
        if (r->penalty[SEI_BLACK] || r->penalty[SEI_WHITE])
            sum_term(&need, r->penalty[SEI_BLACK] - r->penalty[SEI_WHITE], pen_word);
        strcat(need.num, ") ÷ 2");
        strcat(need.words, ") ÷ 2");
        char words[SEI_UI_LINE_MAX];
        snprintf(words, sizeof words, sei_ui_string(L, SEI_S_CN_NEEDS_TERMS), need.words);
        snprintf(need.words, sizeof need.words, "%s", words);
        k = sum_lines(out, k, max, &need, sei_ui_string(L, SEI_S_CN_NEEDS), s->black_needs);
        char arith[SEI_UI_LINE_MAX];
        num_text(&t, s->black_count, n1, sizeof n1);
        num_text(&t, s->black_needs, n2, sizeof n2);
        char n3[32];
        num_text(&t, s->margin_stones, n3, sizeof n3);
        snprintf(arith, sizeof arith, "%s − %s = %s", n1, n2, n3);
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_SUM_LINE), sei_ui_string(L, SEI_S_MARGIN), arith);
        return line_add(out, k, max, SEI_UI_LINE_SUM, line);
    }
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        const sei_side *sd = &s->side[c];
        sum_text t = {L, 0, "", "", 0};
        if (r->scoring == SEI_SCORING_TERRITORY) {
            sum_term(&t, sd->territory, SEI_S_TERM_TERRITORY);
            if (sd->false_eyes)
                sum_term(&t, -sd->false_eyes, SEI_S_TERM_FALSE_EYES);
            /* Prisoners as players count them: captured in play plus the
             * other side's dead stones lifted at the end. */
            sum_term(&t, sd->prisoners + s->side[sei_color_other(c)].dead, SEI_S_TERM_PRISONERS);
        } else {
            sum_term(&t, sd->stones, SEI_S_TERM_STONES);
            sum_term(&t, sd->territory, SEI_S_TERM_TERRITORY);
        }
        if (sd->seki_eyes && !r->seki_eyes_score)
            sum_term(&t, -sd->seki_eyes, SEI_S_TERM_SEKI);
        if (c == SEI_WHITE && r->komi)
            sum_term(&t, r->komi, SEI_S_TERM_KOMI);
        if (c == SEI_WHITE && s->bonus)
            sum_term(&t, s->bonus, SEI_S_TERM_HANDICAP);
        if (sd->penalty)
            sum_term(&t, -sd->penalty, pen_word);
        k = sum_lines(out, k, max, &t, name[c], sd->score);
    }
    /* The winner's total less the loser's. */
    int hi = s->margin < 0 ? SEI_WHITE : SEI_BLACK;
    char arith[SEI_UI_LINE_MAX], n3[32];
    const sum_text pts = {L, 0, "", "", 0};
    snprintf(arith, sizeof arith, "%s − %s = %s", num_text(&pts, s->side[hi].score, n1, sizeof n1),
             num_text(&pts, s->side[sei_color_other(hi)].score, n2, sizeof n2), num_text(&pts, m, n3, sizeof n3));
    snprintf(line, sizeof line, sei_ui_string(L, SEI_S_SUM_LINE), sei_ui_string(L, SEI_S_MARGIN), arith);
    k = line_add(out, k, max, SEI_UI_LINE_SUM, line);
    if (r->fill_check) {
        /* Ing: each bowl fills its side's area (White's komi stones go
         * into Black's); what is left, or missing (negative), in each. */
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
            sum_text t = {L, 0, "", "", 0};
            sum_term(&t, s->fill_bowl, SEI_S_TERM_BOWL);
            sum_term(&t, -(s->side[c].stones + s->side[c].territory), SEI_S_TERM_AREA);
            if (s->fill_komi_stones)
                sum_term(&t, c == SEI_BLACK ? s->fill_komi_stones : -s->fill_komi_stones, SEI_S_TERM_KOMI_STONES);
            char bowl[64];
            snprintf(bowl, sizeof bowl, sei_ui_string(L, SEI_S_ING_BOWL), name[c]);
            k = sum_lines(out, k, max, &t, bowl, s->fill_spare[c]);
        }
        /* The fuller bowl lost: White's spares less Black's is Black's lead. */
        int sw = s->fill_spare[SEI_WHITE], sb = s->fill_spare[SEI_BLACK];
        char b1[40];
        snprintf(b1, sizeof b1, sb < 0 ? "(−%d)" : "%d", abs(sb));
        snprintf(arith, sizeof arith, "%s%d − %s = %s%d", sw < 0 ? "−" : "", abs(sw), b1, sw - sb < 0 ? "−" : "",
                 abs(sw - sb));
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_SUM_LINE), sei_ui_string(L, SEI_S_MARGIN), arith);
        k = line_add(out, k, max, SEI_UI_LINE_SUM, line);
        k = line_add(out, k, max, SEI_UI_LINE_TERMS, sei_ui_string(L, SEI_S_ING_MARGIN_TERMS));
    }
    return k;
}

/* Ing's fill check in words: what sei_fill_check found, as it found it
 * (no rule decided here). */
int sei_ui_fill_lines(sei_lang L, const sei_fill_report *f, const sei_score *s, const sei_board *b,
                      const char *points, sei_ui_line *out, int max)
{
    if (!f || !b || !out)
        return 0;
    char line[SEI_UI_LINE_MAX + 80], word[64], p1[16], r1[24], r2[24];
    const char *name[3] = {"", sei_ui_string(L, SEI_S_BLACK), sei_ui_string(L, SEI_S_WHITE)};
    int k = line_add(out, 0, max, SEI_UI_LINE_HEAD, sei_ui_string(L, f->ok ? SEI_S_FILL_AGREES : SEI_S_FILL_DISAGREES));
    /* Each side's set: its stones on the board and those left in its bowl. */
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        sum_text t = {L, 0, "", "", 0};
        sum_term(&t, f->on_board[c], SEI_S_FILL_TERM_BOARD);
        sum_term(&t, f->spare[c], SEI_S_FILL_TERM_BOWL);
        k = sum_lines(out, k, max, &t, name[c], f->set[c]);
        if (f->set[c] != f->bowl) {
            snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_NOT_SET), name[c], f->set[c], f->bowl);
            k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
        }
    }
    snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_HOLES), f->holes[SEI_BLACK], f->holes[SEI_WHITE]);
    k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    /* The margin the fill shows, as the side ahead's holes and the other's
     * spares (less the ahead side's spares and the other's holes, when a
     * miscount left any): holes + spares = margin. */
    int lead = f->fill_margin < 0 ? SEI_WHITE : SEI_BLACK, other = sei_color_other(lead);
    sum_text t = {L, 0, "", "", 0};
    snprintf(word, sizeof word, sei_ui_string(L, SEI_S_FILL_TERM_HOLES), name[lead]);
    sum_term_words(&t, f->holes[lead], word);
    snprintf(word, sizeof word, sei_ui_string(L, SEI_S_FILL_TERM_SPARE), name[other]);
    sum_term_words(&t, f->spare[other], word);
    if (f->holes[other]) {
        snprintf(word, sizeof word, sei_ui_string(L, SEI_S_FILL_TERM_HOLES), name[other]);
        sum_term_words(&t, -f->holes[other], word);
    }
    if (f->spare[lead]) {
        snprintf(word, sizeof word, sei_ui_string(L, SEI_S_FILL_TERM_SPARE), name[lead]);
        sum_term_words(&t, -f->spare[lead], word);
    }
    k = sum_lines(out, k, max, &t, sei_ui_string(L, SEI_S_MARGIN), abs(f->fill_margin));
    /* The fill's result against the count's (each Black's lead, in stones
     * that are points: the fill is before overtime penalties). */
    int expected = f->expected_net[SEI_WHITE] - f->expected_net[SEI_BLACK];
    sei_score_result_text(f->fill_margin, f->fill_margin > 0 ? SEI_BLACK : f->fill_margin < 0 ? SEI_WHITE : SEI_EMPTY,
                          r1, sizeof r1);
    sei_score_result_text(expected, expected > 0 ? SEI_BLACK : expected < 0 ? SEI_WHITE : SEI_EMPTY, r2, sizeof r2);
    snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_VS_COUNT), r1, r2);
    k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    if (s && (s->side[SEI_BLACK].penalty || s->side[SEI_WHITE].penalty)) {
        /* Stones cannot show points taken for overtime: said, as score does. */
        char n1[32], n2[32];
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_PENALTY),
                 sei_score_number(s->side[SEI_BLACK].penalty, n1, sizeof n1),
                 sei_score_number(s->side[SEI_WHITE].penalty, n2, sizeof n2));
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    }
    /* What went wrong, each as sei_fill_check counted it. */
    if (f->changed) {
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_CHANGED), f->changed,
                 sei_board_point_name(b, f->first_changed, p1, sizeof p1));
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    }
    if (f->stray) {
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_STRAY), f->stray,
                 sei_board_point_name(b, f->first_stray, p1, sizeof p1));
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    }
    if (f->both_short)
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, sei_ui_string(L, SEI_S_FILL_BOTH_SHORT));
    if (f->both_over)
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, sei_ui_string(L, SEI_S_FILL_BOTH_OVER));
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++)
        if (f->holes[c] > 0 && f->spare[c] > 0) {
            snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_HOLES_SPARE), name[c]);
            k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
        }
    if (f->dame_empty) {
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_DAME), f->dame_empty);
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    }
    if (points && points[0]) {
        snprintf(line, sizeof line, sei_ui_string(L, SEI_S_FILL_CHECK_POINTS), points);
        k = line_add(out, k, max, SEI_UI_LINE_NOTE, line);
    }
    return k;
}
