/* fuzz_opengotha.c - libFuzzer target for OpenGotha's tournament files:
 * any bytes must give a tournament or a clean refusal; a tournament must
 * take a result at each of its games and be written out as a document
 * that reads back with the same players, games and results. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "opengotha.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sei_og *og = sei_og_create();
    if (!og)
        return 0;
    if (sei_og_read_memory(og, (const char *)data, size) == 0) {
        int ng = sei_og_game_count(og), np = sei_og_player_count(og);
        for (int i = 0; i < ng && i < 64; i++) {
            sei_og_game g;
            if (sei_og_game_get(og, i, &g) || sei_og_set_result(og, g.round, g.table, (sei_og_outcome)(i % 6), i & 1))
                abort();
        }
        char *out = NULL;
        size_t len = 0;
        if (sei_og_write_memory(og, &out, &len) == 0) {
            sei_og *back = sei_og_create();
            if (back) {
                if (sei_og_read_memory(back, out, len) || sei_og_game_count(back) != ng ||
                    sei_og_player_count(back) != np)
                    abort();
                for (int i = 0; i < ng; i++) {
                    sei_og_game a, b;
                    sei_og_game_get(og, i, &a);
                    sei_og_game_get(back, i, &b);
                    if (a.round != b.round || a.table != b.table || a.outcome != b.outcome ||
                        a.by_default != b.by_default || a.black != b.black || a.white != b.white)
                        abort();
                }
                sei_og_destroy(back);
            }
            free(out);
        }
    }
    sei_og_destroy(og);
    return 0;
}
