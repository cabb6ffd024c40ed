/* fuzz_vision.c - libFuzzer target for the decode-and-read path: any bytes
 * must decode to a picture or be refused, and any picture must give a
 * board or a clean "no board". Small pictures only, to keep runs fast. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "cvwrap.h"
#include "vision.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sei_image img = {0};
    char err[128];
    if (sei_cv_decode(data, size, 512L * 512, &img, err, sizeof err) == 0) {
        sei_vision_params p;
        sei_vision_params_default(&p);
        p.lattice.rounds = 200;
        sei_vision *v = sei_vision_create(&p);
        sei_vision_result *r = malloc(sizeof *r);
        if (v && r)
            sei_vision_read(v, &img, r);
        free(r);
        sei_vision_destroy(v);
        sei_image_free(&img);
    }
    return 0;
}
