#!/bin/sh
# small-link.sh - the program users run, seichi (kiosk/front.c), loads at
# its start none of the libraries only the whole program needs: OpenCV,
# SDL, libcamera, SQLite, libsodium, libmicrohttpd, libcurl, libxml2. They
# belong to the module it loads for the other commands (seichi-full.so),
# which is checked to hold OpenCV and SDL, so the check is shown to see
# them where they are.
# Usage: small-link.sh PROGRAM MODULE
#
# The program's libraries are what the dynamic loader itself lists
# (LD_TRACE_LOADED_OBJECTS, as ldd does), which also works for an arm64
# build run through qemu-user under binfmt (make check-arm64), where the
# host's ldd cannot look inside; the module, which cannot be run, by the
# libraries its ELF header names (readelf -d: any architecture).
set -u
prog=$1 full=$2
heavy='opencv|SDL2|camera|sqlite|sodium|microhttpd|curl|xml2'
fail=0
command -v readelf >/dev/null 2>&1 || { echo "small-link: readelf (binutils) is missing"; exit 1; }
libs=$(LD_TRACE_LOADED_OBJECTS=1 "$prog" 2>&1) || { echo "FAIL: the loader cannot list $prog's libraries:"; echo "$libs"; exit 1; }
[ -n "$libs" ] || { echo "FAIL: the loader listed no library for $prog"; exit 1; }
found=$(echo "$libs" | grep -E "$heavy")
if [ -n "$found" ]; then
  echo "FAIL: $prog loads at start:"; echo "$found"; fail=1
fi
if echo "$libs" | grep -q "not found"; then
  echo "FAIL: $prog has libraries not found:"; echo "$libs" | grep "not found"; fail=1
fi
needed=$(readelf -d "$full" | grep NEEDED)
for lib in opencv_core SDL2; do
  if ! echo "$needed" | grep -q "$lib"; then
    echo "FAIL: the module $full does not need $lib: the check above proves nothing"; fail=1
  fi
done
echo "$prog: $(echo "$libs" | wc -l) shared libraries at start, none of: $heavy; the module needs $(echo "$needed" | wc -l) directly"
exit $fail
