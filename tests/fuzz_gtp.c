/* fuzz_gtp.c - libFuzzer target for the GTP engine's command reader: any
 * bytes, split into lines, must each get a well-formed reply (or none for
 * a blank or comment line), never a crash. Its seeds are the sessions of
 * tests/gtp (their "> " prefixes left in: the fuzzer cuts them off). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sei_gtp_params p;
    sei_gtp_params_default(&p);
    p.max_line = 256; /* reach the line cap with short inputs */
    p.max_moves = 200;
    sei_gtp *g = sei_gtp_create(&p);
    if (!g)
        return 0;
    size_t start = 0;
    while (start <= size) {
        const uint8_t *nl = memchr(data + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - data) : size;
        const char *reply;
        int quit = sei_gtp_line(g, (const char *)data + start, end - start, &reply);
        size_t n = strlen(reply);
        /* "=..." or "?..." ending in a blank line, or nothing. */
        if (n && (n < 3 || (reply[0] != '=' && reply[0] != '?') || strcmp(reply + n - 2, "\n\n") ||
                  strstr(reply, "\n\n") != reply + n - 2))
            abort();
        if (quit || !nl)
            break;
        start = end + 1;
    }
    sei_gtp_destroy(g);
    return 0;
}
