/* fuzz_sgf.c - libFuzzer target for the SGF reader and everything behind
 * it: any bytes must give a tree or a clean refusal; a tree must give a game
 * view or a refusal, a replay that finishes, and a text that reads back as
 * the same tree. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sei_sgf *s = sei_sgf_create();
    if (!s)
        return 0;
    if (sei_sgf_parse(s, (const char *)data, size) == SEI_OK) {
        for (int i = 0; i < sei_sgf_games(s) && i < 4; i++) {
            sei_sgf_game g;
            if (sei_sgf_game_get(s, i, &g) == SEI_OK) {
                sei_board *b = sei_board_create(g.size);
                if (b) {
                    sei_sgf_replay_info info;
                    sei_sgf_replay(s, &g, -1, b, &info);
                    sei_board_destroy(b);
                }
                sei_sgf *w = sei_sgf_create();
                if (w) {
                    sei_sgf_add_from_game(w, &g, NULL, NULL);
                    sei_sgf_destroy(w);
                }
            }
            sei_sgf_game_release(&g);
        }
        char *out = NULL;
        size_t len = 0;
        if (sei_sgf_write(s, &out, &len) == SEI_OK) {
            sei_sgf *t = sei_sgf_create();
            /* What the writer gives must read back as the same tree. */
            if (t && (sei_sgf_parse(t, out, len) != SEI_OK || !sei_sgf_equal(s, t, NULL, 0)))
                abort();
            sei_sgf_destroy(t);
            free(out);
        }
    }
    sei_sgf_destroy(s);
    return 0;
}
