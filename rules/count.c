/* count.c - the one count of a position for the kiosk and the command
 * line (count.h). */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "count.h"

#include <stdio.h>
#include <string.h>

sei_status sei_count_propose(sei_board *b, const sei_rules *rules, uint8_t *dead, sei_dead_result *details)
{
    sei_dead_result local;
    sei_dead_result *r = details ? details : &local;
    if (!b || !rules || !dead)
        return SEI_ERR_ARG;
    sei_rules_apply(rules, b);
    sei_status st = sei_dead_propose(b, NULL, r);
    if (st == SEI_OK) {
        if (dead != r->dead) /* a caller may hand the proposal's own array */
            memcpy(dead, r->dead, SEI_MAX_POINTS);
    }
    else
        memset(dead, 0, SEI_MAX_POINTS);
    return st;
}

sei_status sei_count_make(sei_board *b, const uint8_t *dead, const sei_rules *rules, int handicap,
                          const sei_prisoners *prisoners, sei_score *out, uint8_t *seki)
{
    if (!b || !rules || !out)
        return SEI_ERR_ARG;
    if (handicap >= 0)
        b->handicap = handicap;
    sei_rules_apply(rules, b);
    sei_status st = sei_score_count(b, dead, rules, prisoners, out);
    if (st == SEI_OK && seki)
        sei_dead_seki(b, out->dead, seki);
    return st;
}

int sei_count_dead_list(sei_board *b, const char *list, uint8_t *dead, char *why, size_t n)
{
    char buf[4096];
    int chain[SEI_MAX_POINTS];
    memset(dead, 0, SEI_MAX_POINTS);
    if (strlen(list) >= sizeof buf) {
        snprintf(why, n, "the list is too long");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", list);
    char *save = NULL;
    for (char *tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        int p = sei_board_parse_point(b, tok);
        if (p <= 0 || b->color[p] == SEI_EMPTY) {
            snprintf(why, n, "'%.16s' is %s", tok,
                     p <= 0 ? "not a point on this board (use D4 or SGF dd)" : "an empty point, not a stone");
            return -1;
        }
        int k = sei_board_chain(b, p, chain);
        for (int i = 0; i < k; i++)
            dead[chain[i]] = 1;
    }
    return 0;
}
