/* selfpath.c - whether the running process is a given program file
 * (selfpath.h). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "selfpath.h"

int sei_self_is(const char *path)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = 0;
    return !strcmp(self, path);
}
