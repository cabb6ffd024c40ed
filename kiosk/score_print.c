/* score_print.c - a count as people read it (text) and as programs read it
 * (JSON). The text states the result the way the rule set does: points for
 * territory rules, stones as well for Chinese counting, the fill for Ing. */
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "cli.h"
#include "jsonout.h"
#include "store.h"

/* How a game was decided, in words and letters (store.h): here, beside
 * the printing that needs them, so the small program prints a count
 * without the store. */
const char *sei_decided_name(sei_decided d)
{
    switch (d) {
    case SEI_DECIDED_COUNT: return "count";
    case SEI_DECIDED_RESIGNATION: return "resignation";
    case SEI_DECIDED_TIME: return "time";
    case SEI_DECIDED_FORFEIT: return "forfeit";
    }
    return "unknown";
}

char sei_decided_letter(sei_decided d)
{
    return d == SEI_DECIDED_RESIGNATION ? 'R' : d == SEI_DECIDED_TIME ? 'T' : d == SEI_DECIDED_FORFEIT ? 'F' : 0;
}

int sei_decided_from_letter(char how)
{
    return how == 'R' ? SEI_DECIDED_RESIGNATION : how == 'T' ? SEI_DECIDED_TIME : how == 'F' ? SEI_DECIDED_FORFEIT : -1;
}

/* The character a point shows in the printed board. */
static char point_char(const sei_board *b, const sei_score *s, int p)
{
    int c = b->color[p];
    if (c == SEI_BLACK || c == SEI_WHITE) {
        if (s->dead[p])
            return c == SEI_BLACK ? 'x' : 'o';
        return c == SEI_BLACK ? 'X' : 'O';
    }
    switch (s->mark[p]) {
    case SEI_MARK_TERRITORY: return s->owner[p] == SEI_BLACK ? 'b' : 'w';
    case SEI_MARK_SEKI_EYE: return 's';
    case SEI_MARK_FALSE_EYE: return 'f';
    default: return '.';
    }
}

static const char *color_name(int c) { return c == SEI_BLACK ? "Black" : c == SEI_WHITE ? "White" : "nobody"; }

/* How the game was decided: a record whose RE says it was won by
 * resignation, time or forfeit was not decided by this count. */
static sei_decided run_decided(const sei_score_run *run)
{
    int d = run->from_sgf ? sei_decided_from_letter(run->recorded_how) : -1;
    if (d > 0 && (run->recorded_winner == SEI_BLACK || run->recorded_winner == SEI_WHITE))
        return (sei_decided)d;
    return SEI_DECIDED_COUNT;
}

/* The SGF name of a point: "dd". */
static void sgf_point(const sei_board *b, int p, char out[3])
{
    out[0] = (char)('a' + sei_board_x(b, p));
    out[1] = (char)('a' + sei_board_y(b, p));
    out[2] = 0;
}

/* doc[name]: the points of b marked in mark ([row][col]), as SGF points. */
static void add_sgf_points(cJSON *doc, const char *name, const sei_board *b,
                           const uint8_t mark[SEI_MAX_SIZE][SEI_MAX_SIZE])
{
    cJSON *list = cJSON_AddArrayToObject(doc, name);
    char pt[3];
    for (int y = 0; list && y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            if (mark[y][x]) {
                sgf_point(b, sei_board_point(b, x, y), pt);
                cJSON_AddItemToArray(list, cJSON_CreateString(pt));
            }
}

/* The first stone (in board order) of each chain whose stones are marked
 * (every chain when mark is NULL) into firsts; returns how many. */
static int chain_list(sei_board *b, const uint8_t *mark, int *firsts, int max)
{
    uint8_t done[SEI_MAX_POINTS] = {0};
    int chain[SEI_MAX_POINTS], n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] == SEI_EMPTY || done[p] || (mark && !mark[p]))
                continue;
            int k = sei_board_chain(b, p, chain);
            for (int i = 0; i < k; i++)
                done[chain[i]] = 1;
            if (n < max)
                firsts[n++] = p;
        }
    return n;
}

static void print_groups_text(FILE *out, sei_board *b, const uint8_t *mark, const char *what, const sei_score_run *run)
{
    int firsts[SEI_MAX_POINTS], chain[SEI_MAX_POINTS];
    int n = chain_list(b, mark, firsts, SEI_MAX_POINTS);
    char name[8];
    if (!n)
        return;
    fprintf(out, "%s:", what);
    for (int i = 0; i < n; i++) {
        int k = sei_board_chain(b, firsts[i], chain);
        fprintf(out, " %s", sei_board_point_name(b, firsts[i], name, sizeof name));
        if (k > 1)
            fprintf(out, "(%d)", k);
        if (run && run->proposed)
            fprintf(out, " %.0f%%", 100.0 * run->proposal.confidence[firsts[i]]);
    }
    fprintf(out, "\n");
}

static void print_fill_photo(FILE *out, const sei_score_run *run);

void sei_cli_score_print_text(FILE *out, const sei_score_run *run)
{
    sei_board *b = run->board;
    const sei_score *s = &run->score;
    const sei_rules *r = &s->rules;
    char n1[32], n2[32], n3[32];
    int area = r->scoring == SEI_SCORING_AREA;

    if (run->from_sgf) {
        fprintf(out, "Game %s, recorded result %s", run->players, run->recorded[0] ? run->recorded : "none");
        if (run->oddities)
            fprintf(out, " (%d move%s could not be replayed as recorded, the first move %d)", run->oddities,
                    run->oddities == 1 ? "" : "s", run->first_odd);
        if (run->rules_unknown)
            fprintf(out, " (unknown rules RU[%s])", run->rules_raw);
        fprintf(out, "\n");
    }
    fprintf(out, "Rules %s (%s counting), komi %s", r->name, area ? "area" : "territory",
            sei_score_number(r->komi, n1, sizeof n1));
    if (run->komi_from && !strcmp(run->komi_from, "rules"))
        fprintf(out, " (none given: the rules' default; --komi to change)");
    else if (run->komi_from && !strcmp(run->komi_from, "handicap"))
        fprintf(out, " (none given: a handicap game's; --komi to change)");
    if (s->handicap)
        fprintf(out, ", handicap %d (White gets %s)", s->handicap, sei_score_number(s->bonus, n2, sizeof n2));
    if (run->ing_known && (run->ing_periods[SEI_BLACK] > 0 || run->ing_periods[SEI_WHITE] > 0))
        fprintf(out, "\nIng overtime (the record's clock): Black %d period%s, White %d period%s, 2 points each%s",
                run->ing_periods[SEI_BLACK], run->ing_periods[SEI_BLACK] == 1 ? "" : "s", run->ing_periods[SEI_WHITE],
                run->ing_periods[SEI_WHITE] == 1 ? "" : "s",
                run->ing_applied ? " (the penalties)" : " (not counted: --penalty given)");
    fprintf(out, "\n\n   ");
    for (int x = 0; x < b->size; x++)
        fprintf(out, " %c", 'A' + x + (x >= 8));
    fprintf(out, "\n");
    for (int y = 0; y < b->size; y++) {
        fprintf(out, "%3d", b->size - y);
        for (int x = 0; x < b->size; x++)
            fprintf(out, " %c", point_char(b, s, sei_board_point(b, x, y)));
        fprintf(out, " %d\n", b->size - y);
    }
    fprintf(out, "\n  " SEI_BOARDFILE_LEGEND "\n");

    /* What the dead stones, seki and the picture's doubts add, between
     * blank lines: one blank line only when they add nothing. */
    int any_dead = sei_cli_any_marked(s->dead);
    int doubts = run->from_image && (run->vision.board_unsure || run->vision.unsure_count);
    if (run->proposed || run->dead_from_record || any_dead || sei_cli_any_marked(run->seki) || doubts ||
        run->dead_unmarked)
        fprintf(out, "\n");
    if (run->proposed && any_dead)
        fprintf(out, "Dead stones proposed in %.1f ms (%d playouts), chain and confidence:\n", run->proposal.ms,
                run->proposal.playouts);
    else if (run->proposed)
        fprintf(out, "No dead stones proposed (%.1f ms, %d playouts).\n", run->proposal.ms, run->proposal.playouts);
    else if (run->dead_from_record)
        fprintf(out, "Dead stones as the record marks them (TB/TW at its end):\n");
    else if (run->dead_unmarked)
        fprintf(out, "No dead stones marked (x and o): counted with none.\n"
                     "Seichi would propose %d stone%s as dead; --dead auto counts with them.\n",
                run->dead_unmarked, run->dead_unmarked == 1 ? "" : "s");
    print_groups_text(out, b, s->dead, "  dead", run);
    print_groups_text(out, b, run->seki, "  in seki", NULL);
    if (run->from_image)
        sei_cli_print_unsure(out, &run->vision);
    fprintf(out, "\n");

    const sei_side *B = &s->side[SEI_BLACK], *W = &s->side[SEI_WHITE];
    fprintf(out, "                     Black   White\n");
    fprintf(out, "  stones (S)       %7d %7d\n", B->stones, W->stones);
    fprintf(out, "  territory (T)    %7d %7d\n", B->territory, W->territory);
    if (B->seki_eyes || W->seki_eyes)
        fprintf(out, "  seki eyes        %7d %7d%s\n", B->seki_eyes, W->seki_eyes,
                r->seki_eyes_score ? "   (in T, counted)" : "   (in T, not counted)");
    if (B->false_eyes || W->false_eyes)
        fprintf(out, "  false eyes       %7d %7d%s\n", B->false_eyes, W->false_eyes,
                area ? "   (in T, counted)" : "   (in T, not counted)");
    fprintf(out, "  area (S+T)       %7d %7d\n", B->area, W->area);
    fprintf(out, "  dead removed (X) %7d %7d\n", B->dead, W->dead);
    fprintf(out, "  prisoners (P)    %7d %7d%s\n", B->prisoners, W->prisoners,
            s->prisoners_net ? "   (net, from who played last)" : "");
    if (!area && !run->prisoners_given)
        fprintf(out, "  Prisoners not given: counted as none (give --prisoners B,W or --last b|w)\n");
    if (B->penalty || W->penalty)
        fprintf(out, "  penalty          %7s %7s\n", sei_score_number(-B->penalty, n1, sizeof n1),
                sei_score_number(-W->penalty, n2, sizeof n2));
    fprintf(out, "  dame (D)         %7d\n", s->dame);
    fprintf(out, "  score            %7s %7s\n\n", sei_score_number(B->score, n1, sizeof n1),
            sei_score_number(W->score, n2, sizeof n2));

    sei_decided decided = run_decided(run);
    const char *head = decided == SEI_DECIDED_COUNT ? "Result" : "Count (not the game's result)";
    if (s->winner == SEI_EMPTY)
        fprintf(out, "%s: draw (jigo), 0\n", head);
    else
        fprintf(out, "%s: %s wins by %s point%s, %s\n", head, color_name(s->winner),
                sei_score_number(s->margin < 0 ? -s->margin : s->margin, n1, sizeof n1),
                s->margin == 1 || s->margin == -1 ? "" : "s", s->result);
    if (area && r->stones_form) {
        double st = s->margin_stones < 0 ? -s->margin_stones : s->margin_stones;
        fprintf(out, "In stones: Black counts %s against %s", sei_score_stones(s->black_count, n1, sizeof n1),
                sei_score_stones(s->black_needs, n2, sizeof n2));
        if (s->winner == SEI_EMPTY)
            fprintf(out, ": a draw\n");
        else
            fprintf(out, ": %s wins by %s stone%s (%s)\n", color_name(s->winner), sei_score_stones(st, n3, sizeof n3),
                    st > 1 ? "s" : "", s->result);
    }
    if (decided != SEI_DECIDED_COUNT)
        fprintf(out, "Game result: %s wins by %s, %c+%c (the record's RE: the count above is not the game's result)\n",
                color_name(run->recorded_winner), sei_decided_name(decided), run->recorded_winner == SEI_BLACK ? 'B' : 'W',
                sei_decided_letter(decided));
    if (r->fill_check) {
        fprintf(out, "Fill check (%d stones a side, White puts %d into Black's territory):\n", s->fill_bowl,
                s->fill_komi_stones);
        if (s->fill_komi_stones * 2.0 != r->komi)
            fprintf(out, "  (komi %s is not a whole number of stones: the fill is off by the fraction)\n",
                    sei_score_number(r->komi, n1, sizeof n1));
        for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
            int v = s->fill_spare[c];
            if (v > 0)
                fprintf(out, "  %s ends with %d spare stone%s\n", color_name(c), v, v == 1 ? "" : "s");
            else if (v < 0)
                fprintf(out, "  %s ends with %d hole%s\n", color_name(c), -v, v == -1 ? "" : "s");
            else
                fprintf(out, "  %s fills exactly\n", color_name(c));
        }
        if (s->dame)
            fprintf(out, "  %d dame must be filled first: the sum above assumes they are\n", s->dame);
        /* Stones in bowls know nothing of the clock: overtime penalties
         * come off the margin after the fill. */
        double pb = s->side[SEI_BLACK].penalty, pw = s->side[SEI_WHITE].penalty;
        if (pb || pw)
            fprintf(out, "  the fill shows the count before overtime penalties (Black %s, White %s points), which "
                         "the result above takes off\n",
                    sei_score_number(pb, n1, sizeof n1), sei_score_number(pw, n2, sizeof n2));
    }
    if (run->fill_done)
        print_fill_photo(out, run);
    /* Last, where the eye lands: a count of a photo read with doubts is
     * not a result to take before someone looks (the doubts themselves
     * are named above the count). */
    char what[32];
    int doubt = sei_score_photo_doubt(run, what, sizeof what);
    if (doubt == SEI_DOUBT_BOARD)
        fprintf(out, "Check the grid before taking this result: the board itself was read in doubt (above).\n");
    else if (doubt == SEI_DOUBT_POINTS)
        fprintf(out, "Check the %s read in doubt (above) before taking this result.\n", what);
}

int sei_score_photo_doubt(const sei_score_run *r, char *what, size_t n)
{
    int k = r->vision.unsure_count;
    if (r->from_image && r->vision.board_unsure)
        return snprintf(what, n, "the board itself"), SEI_DOUBT_BOARD;
    if (r->from_image && k)
        return snprintf(what, n, "%d point%s", k, k == 1 ? "" : "s"), SEI_DOUBT_POINTS;
    return snprintf(what, n, "%s", ""), SEI_DOUBT_NONE;
}

/* A point as players name it ("K10"), for what the fill check found. */
static const char *point_name(const sei_board *b, int p, char *buf, size_t n)
{
    int x = sei_board_x(b, p), y = sei_board_y(b, p);
    snprintf(buf, n, "%c%d", 'A' + x + (x >= 8), b->size - y);
    return buf;
}

/* Ing's fill on the photo of the filled board, against the count. */
static void print_fill_photo(FILE *out, const sei_score_run *run)
{
    const sei_fill_report *f = &run->fill;
    char pt[8];
    fprintf(out, "Fill check on the photo of the filled board:\n");
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
        fprintf(out, "  %s: %d on the board + %d spare%s = %d", color_name(c), f->on_board[c], f->spare[c],
                f->spare_given ? "" : " (a whole set assumed: give --spares)", f->set[c]);
        if (f->set[c] != f->bowl)
            fprintf(out, ", not %d: a set that is not %d, or a miscount", f->bowl, f->bowl);
        fprintf(out, "; %d hole%s\n", f->holes[c], f->holes[c] == 1 ? "" : "s");
    }
    if (f->changed)
        fprintf(out, "  %d stone%s of the counted position read otherwise (first at %s): moved, or misread\n", f->changed,
                f->changed == 1 ? "" : "s", point_name(run->board, f->first_changed, pt, sizeof pt));
    if (f->stray)
        fprintf(out, "  %d point%s filled wrongly or left empty outside a territory (first at %s)\n", f->stray,
                f->stray == 1 ? "" : "s", point_name(run->board, f->first_stray, pt, sizeof pt));
    if (f->dame_empty)
        fprintf(out, "  %d dame left empty (a seki's shared liberties stay so)\n", f->dame_empty);
    if (f->both_short)
        fprintf(out, "  both sides have holes: a miscount, or a set that is not %d\n", f->bowl);
    if (f->both_over)
        fprintf(out, "  both sides have stones to spare: a miscount, or a set that is not %d\n", f->bowl);
    for (int c = SEI_BLACK; c <= SEI_WHITE; c++)
        if (f->holes[c] > 0 && f->spare[c] > 0)
            fprintf(out, "  %s left holes with stones to spare: fill them\n", color_name(c));
    fprintf(out, "  the fill shows %s ahead by %d (holes + spares); the count predicts Black %+d, White %+d left over\n",
            f->fill_margin >= 0 ? "Black" : "White", abs(f->fill_margin), f->expected_net[SEI_BLACK],
            f->expected_net[SEI_WHITE]);
    if (run->fill_unsure)
        fprintf(out, "  %d point%s of the photo read in doubt: check them on the board\n", run->fill_unsure,
                run->fill_unsure == 1 ? "" : "s");
    fprintf(out, "  %s\n", f->ok ? "The fill agrees with the count." : "THE FILL DOES NOT AGREE WITH THE COUNT.");
}

static void side_json(cJSON *doc, const char *name, const sei_side *d)
{
    cJSON *o = cJSON_AddObjectToObject(doc, name);
    if (!o)
        return;
    cJSON_AddNumberToObject(o, "stones", d->stones);
    cJSON_AddNumberToObject(o, "territory", d->territory);
    cJSON_AddNumberToObject(o, "area", d->area);
    cJSON_AddNumberToObject(o, "prisoners", d->prisoners);
    cJSON_AddNumberToObject(o, "dead", d->dead);
    cJSON_AddNumberToObject(o, "seki_eyes", d->seki_eyes);
    cJSON_AddNumberToObject(o, "false_eyes", d->false_eyes);
    cJSON_AddNumberToObject(o, "penalty", d->penalty);
    cJSON_AddNumberToObject(o, "score", d->score);
}

/* The board, one string per row from the top, one character a point. */
static void rows_json(cJSON *doc, const char *key, const sei_board *b, const sei_score *s, int territory)
{
    cJSON *rows = cJSON_AddArrayToObject(doc, key);
    char line[SEI_MAX_SIZE + 1];
    for (int y = 0; rows && y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            char ch = '.';
            if (!territory) {
                int c = b->color[p];
                ch = c == SEI_BLACK ? (s->dead[p] ? 'x' : 'X') : c == SEI_WHITE ? (s->dead[p] ? 'o' : 'O') : '.';
            } else if (s->mark[p] == SEI_MARK_TERRITORY)
                ch = s->owner[p] == SEI_BLACK ? 'B' : 'W';
            else if (s->mark[p] == SEI_MARK_SEKI_EYE)
                ch = 's';
            else if (s->mark[p] == SEI_MARK_FALSE_EYE)
                ch = 'f';
            else if (s->mark[p] == SEI_MARK_DAME)
                ch = '-';
            line[x] = ch;
        }
        line[b->size] = 0;
        cJSON_AddItemToArray(rows, cJSON_CreateString(line));
    }
}

cJSON *sei_cli_score_json(const sei_score_run *run)
{
    sei_board *b = run->board;
    const sei_score *s = &run->score;
    const sei_rules *r = &s->rules;
    cJSON *doc = sei_json_doc();
    if (!doc)
        return NULL;
    cJSON_AddStringToObject(doc, "rules", r->name);
    cJSON_AddStringToObject(doc, "scoring", r->scoring == SEI_SCORING_AREA ? "area" : "territory");
    cJSON_AddNumberToObject(doc, "size", s->size);
    cJSON_AddNumberToObject(doc, "komi", r->komi);
    if (run->komi_from)
        cJSON_AddStringToObject(doc, "komi_from", run->komi_from);
    cJSON_AddNumberToObject(doc, "handicap", s->handicap);
    cJSON_AddNumberToObject(doc, "bonus", s->bonus);
    if (run->fill_done) {
        const sei_fill_report *f = &run->fill;
        cJSON *fp = cJSON_AddObjectToObject(doc, "fill_photo");
        if (fp) {
            static const char *const side[3] = {"", "black", "white"};
            for (int c = SEI_BLACK; c <= SEI_WHITE; c++) {
                cJSON *o = cJSON_AddObjectToObject(fp, side[c]);
                if (!o)
                    continue;
                cJSON_AddNumberToObject(o, "on_board", f->on_board[c]);
                cJSON_AddNumberToObject(o, "spare", f->spare[c]);
                cJSON_AddNumberToObject(o, "holes", f->holes[c]);
                cJSON_AddNumberToObject(o, "set", f->set[c]);
                cJSON_AddNumberToObject(o, "expected_left", f->expected_net[c]);
            }
            cJSON_AddBoolToObject(fp, "spares_given", f->spare_given);
            cJSON_AddNumberToObject(fp, "komi_stones", f->komi_stones);
            cJSON_AddNumberToObject(fp, "changed", f->changed);
            cJSON_AddNumberToObject(fp, "stray", f->stray);
            cJSON_AddNumberToObject(fp, "dame_empty", f->dame_empty);
            cJSON_AddNumberToObject(fp, "fill_margin", f->fill_margin);
            cJSON_AddNumberToObject(fp, "unsure", run->fill_unsure);
            cJSON_AddBoolToObject(fp, "ok", f->ok);
        }
    }
    if (run->ing_known) {
        cJSON *ot = cJSON_AddObjectToObject(doc, "ing_overtime");
        if (ot) {
            cJSON_AddNumberToObject(ot, "black_periods", run->ing_periods[SEI_BLACK]);
            cJSON_AddNumberToObject(ot, "white_periods", run->ing_periods[SEI_WHITE]);
            cJSON_AddBoolToObject(ot, "counted", run->ing_applied);
        }
    }
    side_json(doc, "black", &s->side[SEI_BLACK]);
    side_json(doc, "white", &s->side[SEI_WHITE]);
    cJSON_AddBoolToObject(doc, "prisoners_given", run->prisoners_given);
    cJSON_AddStringToObject(doc, "dead_from", run->proposed ? "proposed" : run->dead_from_record ? "record" : "given");
    if (run->dead_unmarked)
        cJSON_AddNumberToObject(doc, "dead_unmarked", run->dead_unmarked);
    cJSON_AddNumberToObject(doc, "dame", s->dame);
    cJSON_AddBoolToObject(doc, "prisoners_net", s->prisoners_net);
    cJSON_AddNumberToObject(doc, "margin", s->margin);
    cJSON_AddStringToObject(doc, "winner", s->winner == SEI_BLACK ? "B" : s->winner == SEI_WHITE ? "W" : "draw");
    cJSON_AddStringToObject(doc, "result", s->result);
    if (r->scoring == SEI_SCORING_AREA) {
        cJSON_AddStringToObject(doc, "result_stones", s->result_stones);
        cJSON_AddNumberToObject(doc, "black_count", s->black_count);
        cJSON_AddNumberToObject(doc, "black_needs", s->black_needs);
    }
    if (r->fill_check) {
        cJSON *f = cJSON_AddObjectToObject(doc, "fill");
        if (f) {
            cJSON_AddNumberToObject(f, "bowl", s->fill_bowl);
            cJSON_AddNumberToObject(f, "black_spare", s->fill_spare[SEI_BLACK]);
            cJSON_AddNumberToObject(f, "white_spare", s->fill_spare[SEI_WHITE]);
            cJSON_AddNumberToObject(f, "dame", s->dame);
        }
    }
    rows_json(doc, "board", b, s, 0);
    rows_json(doc, "territory", b, s, 1);
    /* Dead stones and seki groups as SGF points; per-group confidence when
     * the dead stones were proposed. */
    char pt[3];
    cJSON *dead = cJSON_AddArrayToObject(doc, "dead");
    for (int y = 0; dead && y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            if (!s->dead[p])
                continue;
            sgf_point(b, p, pt);
            cJSON_AddItemToArray(dead, cJSON_CreateString(pt));
        }
    cJSON *seki = cJSON_AddArrayToObject(doc, "seki");
    int firsts[SEI_MAX_POINTS], chain[SEI_MAX_POINTS];
    int ng = chain_list(b, run->seki, firsts, SEI_MAX_POINTS);
    for (int i = 0; seki && i < ng; i++) {
        int k = sei_board_chain(b, firsts[i], chain);
        cJSON *g = cJSON_CreateArray();
        for (int j = 0; g && j < k; j++) {
            sgf_point(b, chain[j], pt);
            cJSON_AddItemToArray(g, cJSON_CreateString(pt));
        }
        cJSON_AddItemToArray(seki, g);
    }
    if (run->proposed) {
        cJSON *conf = cJSON_AddObjectToObject(doc, "confidence");
        ng = chain_list(b, NULL, firsts, SEI_MAX_POINTS);
        for (int i = 0; conf && i < ng; i++) {
            sgf_point(b, firsts[i], pt);
            sei_json_round(conf, pt, run->proposal.confidence[firsts[i]], 3);
        }
        sei_json_round(doc, "proposal_ms", run->proposal.ms, 3);
        cJSON_AddNumberToObject(doc, "playouts", run->proposal.playouts);
    }
    if (run->from_image) {
        /* The photo's doubtful points, as SGF points like dead. */
        const sei_vision_result *v = &run->vision;
        add_sgf_points(doc, "unsure", b, v->unsure);
        add_sgf_points(doc, "hidden", b, v->hidden);
        cJSON_AddBoolToObject(doc, "board_unsure", v->board_unsure);
    }
    if (run->from_sgf) {
        cJSON_AddStringToObject(doc, "recorded_result", run->recorded);
        cJSON_AddStringToObject(doc, "recorded_rules", run->rules_raw);
        cJSON_AddBoolToObject(doc, "recorded_rules_known", !run->rules_unknown);
        cJSON_AddNumberToObject(doc, "unreplayed_moves", run->oddities);
        cJSON_AddNumberToObject(doc, "first_unreplayed_move", run->first_odd);
    }
    sei_decided decided = run_decided(run);
    cJSON_AddStringToObject(doc, "decided_by", sei_decided_name(decided));
    char game[8];
    snprintf(game, sizeof game, "%c+%c", run->recorded_winner == SEI_BLACK ? 'B' : 'W', sei_decided_letter(decided));
    cJSON_AddStringToObject(doc, "game_result", decided != SEI_DECIDED_COUNT ? game : s->result);
    return doc;
}

int sei_cli_score_print_json(FILE *out, const sei_score_run *run)
{
    return sei_json_print(out, sei_cli_score_json(run));
}

/* One line: what, then each marked point as Go players name it (A..T
 * without I across, the size at the top). */
static void print_points(FILE *out, const char *what, const uint8_t mark[SEI_MAX_SIZE][SEI_MAX_SIZE], int n)
{
    fprintf(out, "%s", what);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (mark[y][x])
                fprintf(out, " %c%d", 'A' + x + (x >= 8), n - y);
    fprintf(out, "\n");
}

void sei_cli_print_unsure(FILE *out, const sei_vision_result *r)
{
    if (r->board_unsure)
        fprintf(out, "The board itself is in doubt (its size or where its lines are): check the grid.\n");
    if (r->unsure_count)
        print_points(out, "Check these points (the picture leaves them in doubt):", r->unsure, r->size);
    if (r->unsure_count && r->hidden_count) {
        print_points(out, "Of these, a hand or an arm hides:", r->hidden, r->size);
        /* Points beside a hand are misread more often than any others,
         * not always with a doubt: a new picture is the sure way. */
        fprintf(out, "Take the picture again with no hand or arm over the board.\n");
    }
    /* Where the doubt may come from the camera's place, what would help
     * the next picture (vision.h: SEI_VIEW_LOW, SEI_VIEW_FAR). */
    if (r->board_unsure || r->unsure_count) {
        if (sei_vision_view_low(r, SEI_VIEW_LOW))
            fprintf(out, "The camera saw the board from %.0f degrees above it: from %.0f or more (%.0f is best) "
                         "boards are read more surely.\n",
                    r->elevation, SEI_VIEW_LOW, SEI_KIOSK_VIEW_ELEVATION);
        if (sei_vision_view_far(r, SEI_VIEW_FAR))
            fprintf(out, "The board fills little of the picture: with the camera closer, so that the board fills "
                         "%.0f%% of it or more, boards are read more surely.\n",
                    100 * SEI_KIOSK_VIEW_FILL);
    }
}
