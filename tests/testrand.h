/* testrand.h - the tests' one random number generator (xorshift64): the
 * same numbers on every machine and every run, so a test's drawn picture
 * or synthetic evidence is the same each time. */
#ifndef SEI_TEST_RAND_H
#define SEI_TEST_RAND_H

#include <stdint.h>

/* A number from 0 to 1 (never 1), advancing the state *s (not 0). */
static inline double sei_test_rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (double)(*s >> 11) / 9007199254740992.0;
}

#endif
