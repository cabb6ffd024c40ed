/* fuzz_boardfile.c - libFuzzer target for the board diagram reader and the
 * count that follows it: any bytes must give a board or a clean refusal;
 * a board read is written back as a diagram, which must read back to the
 * same stones and dead marks. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sei_board *b = NULL;
    uint8_t dead[SEI_MAX_POINTS];
    char err[256];
    if (sei_boardfile_parse((const char *)data, size, &b, dead, err, sizeof err) == SEI_OK) {
        static const char *const names[] = {"chinese", "japanese", "ing"};
        sei_score *s = malloc(sizeof *s);
        if (s) {
            for (int i = 0; i < 3; i++) {
                sei_rules r;
                sei_rules_preset(&r, names[i]);
                sei_prisoners p = {SEI_PRISONERS_LAST, 0, 0, SEI_BLACK};
                sei_score_count(b, dead, &r, &p, s);
            }
            free(s);
        }
        size_t need = sei_boardfile_write(b, dead, NULL, 0); /* the buffer: the text and its NUL */
        char *text = malloc(need);
        if (text) {
            size_t got = sei_boardfile_write(b, dead, text, need);
            sei_board *back = NULL;
            uint8_t dead2[SEI_MAX_POINTS];
            if (got + 1 != need || sei_boardfile_parse(text, got, &back, dead2, err, sizeof err) != SEI_OK ||
                back->size != b->size)
                abort();
            for (int y = 0; y < b->size; y++)
                for (int x = 0; x < b->size; x++) {
                    int p = sei_board_point(b, x, y);
                    if (back->color[p] != b->color[p] || !dead2[p] != !dead[p])
                        abort();
                }
            sei_board_destroy(back);
            free(text);
        }
        sei_board_destroy(b);
    }
    return 0;
}
