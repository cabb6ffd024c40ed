/* selfpath.h - whether the running process is a given program file. The
 * installed program loads only installed modules and plugins, never one
 * from a build folder someone else may write to; a program run from the
 * build tree loads the build tree's. Used by the plugin loader (cvio.c)
 * and by `seichi`'s front (kiosk/front.c). Linux: /proc/self/exe. */
#ifndef SEI_SELFPATH_H
#define SEI_SELFPATH_H

/* 1 when /proc/self/exe is path, else 0 (also when it cannot be read). */
int sei_self_is(const char *path);

#endif
