#!/bin/sh
# lean-link.sh - the seichi program links none of OpenCV's imgcodecs and
# videoio, directly or through another library: on Debian those load GDAL,
# poppler, FFmpeg and GStreamer (some 220 libraries, 60 MB) into every
# start. They belong to the plugin, which is checked to hold them, so
# this check is shown to see them where they are.
# Usage: lean-link.sh PROGRAM PLUGIN
set -u
prog=$1 plugin=$2
heavy='opencv_imgcodecs|opencv_videoio|gdal|avcodec|avformat|gst'
fail=0
for tool in readelf ldd; do
  command -v $tool >/dev/null 2>&1 || { echo "lean-link: $tool is missing"; exit 1; }
done
direct=$(readelf -d "$prog" | grep NEEDED | grep -E "$heavy")
if [ -n "$direct" ]; then
  echo "FAIL: $prog links directly:"; echo "$direct"; fail=1
fi
all=$(ldd "$prog" | grep -E "$heavy")
if [ -n "$all" ]; then
  echo "FAIL: $prog loads at start:"; echo "$all"; fail=1
fi
if ldd "$prog" | grep -q "not found"; then
  echo "FAIL: $prog has libraries not found:"; ldd "$prog" | grep "not found"; fail=1
fi
# The check itself: the plugin must show what the program must not.
for lib in opencv_imgcodecs opencv_videoio; do
  if ! readelf -d "$plugin" | grep NEEDED | grep -q "$lib"; then
    echo "FAIL: the plugin $plugin does not link $lib: the check above proves nothing"; fail=1
  fi
done
n=$(ldd "$prog" | wc -l)
echo "$prog: $n shared libraries at start, none of: $heavy"
exit $fail
