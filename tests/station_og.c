/* station_og.c - check an OpenGotha file the station exported against the
 * file it imported: read both with sei_og_read, the same players and the
 * same games at the same tables, each game's result as expected: the
 * arguments name the games whose result changed (ROUND:TABLE:OUTCOME, B
 * black wins, W white wins, E equal, U unknown, then D when by default),
 * every other game keeps its result. Exit 0 when all holds, else 1 with
 * what differs. Used by station.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opengotha.h"

static int same(const char *a, const char *b) { return !strcmp(a ? a : "", b ? b : ""); }

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: station_og IMPORTED EXPORTED [ROUND:TABLE:OUTCOME]...\n");
        return 2;
    }
    sei_og *a = sei_og_create(), *b = sei_og_create();
    if (!a || !b || sei_og_read(a, argv[1]) || sei_og_read(b, argv[2])) {
        fprintf(stderr, "station_og: %s\n", a && b ? (sei_og_errmsg(a)[0] ? sei_og_errmsg(a) : sei_og_errmsg(b)) : "oom");
        return 1;
    }
    int bad = 0;
    if (strcmp(sei_og_name(a), sei_og_name(b)) || sei_og_rounds(a) != sei_og_rounds(b) ||
        sei_og_player_count(a) != sei_og_player_count(b) || sei_og_game_count(a) != sei_og_game_count(b)) {
        fprintf(stderr, "station_og: the name, rounds, players or games differ\n");
        return 1;
    }
    for (int i = 0; i < sei_og_player_count(a); i++) {
        sei_og_player p, q;
        sei_og_player_get(a, i, &p);
        sei_og_player_get(b, i, &q);
        if (!same(p.name, q.name) || !same(p.first_name, q.first_name) || !same(p.key, q.key) ||
            !same(p.rank, q.rank) || !same(p.club, q.club) || !same(p.country, q.country) ||
            !same(p.egf_pin, q.egf_pin) || !same(p.aga_id, q.aga_id)) {
            fprintf(stderr, "station_og: player %d differs\n", i);
            bad = 1;
        }
    }
    int used[64] = {0};
    for (int i = 0; i < sei_og_game_count(a); i++) {
        sei_og_game g, h;
        sei_og_game_get(a, i, &g);
        sei_og_game_get(b, i, &h);
        if (g.round != h.round || g.table != h.table || g.black != h.black || g.white != h.white ||
            g.handicap != h.handicap || !same(g.black_key, h.black_key) || !same(g.white_key, h.white_key)) {
            fprintf(stderr, "station_og: game %d (round %d table %d) changed more than its result\n", i, g.round,
                    g.table);
            bad = 1;
        }
        sei_og_outcome want = g.outcome;
        int want_def = g.by_default;
        for (int k = 3; k < argc && k < 64; k++) {
            int r, t;
            char o, d = 0;
            if (sscanf(argv[k], "%d:%d:%c%c", &r, &t, &o, &d) >= 3 && r == g.round && t == g.table) {
                used[k] = 1;
                want = o == 'B' ? SEI_OG_BLACK_WINS : o == 'W' ? SEI_OG_WHITE_WINS : o == 'E' ? SEI_OG_EQUAL
                                                                                               : SEI_OG_UNKNOWN;
                want_def = d == 'D';
            }
        }
        if (h.outcome != want || h.by_default != want_def) {
            fprintf(stderr, "station_og: round %d table %d has outcome %d%s, want %d%s\n", g.round, g.table,
                    (int)h.outcome, h.by_default ? " by default" : "", (int)want, want_def ? " by default" : "");
            bad = 1;
        }
    }
    for (int k = 3; k < argc && k < 64; k++)
        if (!used[k]) {
            fprintf(stderr, "station_og: %s names no game\n", argv[k]);
            bad = 1;
        }
    sei_og_destroy(a);
    sei_og_destroy(b);
    if (!bad)
        printf("station_og: players and games as imported, results as expected\n");
    return bad;
}
