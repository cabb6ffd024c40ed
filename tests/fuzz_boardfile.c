/* fuzz_boardfile.c - libFuzzer target for the board diagram reader and the
 * count that follows it: any bytes must give a board or a clean refusal. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

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
        sei_board_destroy(b);
    }
    return 0;
}
