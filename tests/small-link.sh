#!/bin/sh
# small-link.sh - the program users run, seichi (kiosk/front.c), loads at
# its start none of the libraries only the whole program needs: OpenCV,
# SDL, libcamera, SQLite, libsodium, libmicrohttpd, libcurl, libxml2. They
# belong to the module it loads for the other commands (seichi-full.so),
# which is checked to hold OpenCV and SDL, so the check is shown to see
# them where they are.
# Usage: small-link.sh PROGRAM MODULE
set -u
prog=$1 full=$2
heavy='opencv|SDL2|camera|sqlite|sodium|microhttpd|curl|xml2'
fail=0
command -v ldd >/dev/null 2>&1 || { echo "small-link: ldd is missing"; exit 1; }
found=$(ldd "$prog" | grep -E "$heavy")
if [ -n "$found" ]; then
  echo "FAIL: $prog loads at start:"; echo "$found"; fail=1
fi
if ldd "$prog" | grep -q "not found"; then
  echo "FAIL: $prog has libraries not found:"; ldd "$prog" | grep "not found"; fail=1
fi
for lib in opencv_core SDL2; do
  if ! ldd "$full" | grep -q "$lib"; then
    echo "FAIL: the module $full does not load $lib: the check above proves nothing"; fail=1
  fi
done
echo "$prog: $(ldd "$prog" | wc -l) shared libraries at start, none of: $heavy; the module: $(ldd "$full" | wc -l)"
exit $fail
