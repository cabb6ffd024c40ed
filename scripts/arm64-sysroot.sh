#!/bin/sh
# arm64-sysroot.sh - make an arm64 (aarch64) Debian 12 sysroot holding the
# libraries and headers Seichi builds against, for the cross build and for
# running its tests under qemu (scripts/check-arm64.sh).
#
# The packages are unpacked only (mmdebstrap's extract variant): nothing is
# emulated, so it takes seconds, not the half hour a full arm64 chroot does.
# Unpacking runs no maintainer scripts, so what they would have done is
# done here: absolute symlinks made relative (the cross linker would
# otherwise follow them into the host's own /usr/lib) and the BLAS and
# LAPACK links that Debian's alternatives make, which OpenCV links through.
#
# A finished sysroot carries a stamp naming its packages and mirrors; run
# again with the same ones, it is reused as it is. It is built beside DIR
# and moved into place only when complete, so an interrupted run leaves
# nothing that looks finished.
#
# Usage: scripts/arm64-sysroot.sh DIR
# The mirrors are the machine's own apt sources for bookworm (bookworm,
# bookworm-updates, bookworm-security: apt-sources.sh); the packages are
# the -dev packages of install-deps.sh's build group, plus the C and C++
# runtimes' headers.
set -eu

[ $# -eq 1 ] || { echo "usage: arm64-sysroot.sh DIR" >&2; exit 2; }
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
suite=bookworm
stamp_name=.seichi-sysroot

for tool in mmdebstrap realpath; do
  command -v $tool >/dev/null 2>&1 || {
    echo "arm64-sysroot: $tool is missing (scripts/install-deps.sh arm64)" >&2; exit 1; }
done

pkgs="$(sh "$here/install-deps.sh" --list build | grep -- '-dev$' | sort) libc6-dev libstdc++-12-dev"
lines=$(sh "$here/apt-sources.sh" "$suite")
[ -n "$lines" ] || {
  echo "arm64-sysroot: no $suite entry in /etc/apt/sources.list or /etc/apt/sources.list.d/" >&2; exit 1; }
want=$(printf 'suite %s\npackages %s\n%s\n' "$suite" "$(echo $pkgs)" "$lines")

if [ -e "$dir" ]; then
  if [ -f "$dir/$stamp_name" ] && [ "$(cat "$dir/$stamp_name")" = "$want" ]; then
    echo "arm64-sysroot: $dir is complete, reused"
    exit 0
  fi
  if [ ! -f "$dir/$stamp_name" ]; then
    # Not one this script made: never delete what may be someone's folder.
    echo "arm64-sysroot: $dir exists but is not a sysroot made here (no $stamp_name); move it away" >&2
    exit 1
  fi
  echo "arm64-sysroot: $dir was made for other packages or mirrors, made again"
fi

tmp="$dir.partial"
rm -rf "$tmp"
mkdir -p "$(dirname "$dir")"
echo "arm64-sysroot: unpacking $(echo $pkgs | wc -w) packages and their dependencies for arm64 from:"
echo "$lines" | sed 's/^/  /'
# One mirror argument per source line; the package list comma-separated.
set --
while IFS= read -r l; do set -- "$@" "$l"; done <<EOF
$lines
EOF
if ! mmdebstrap --quiet --variant=extract --arch=arm64 --include="$(echo $pkgs | tr ' ' ',')" \
     "$suite" "$tmp" "$@"; then
  echo "arm64-sysroot: mmdebstrap failed (is the mirror reachable?)" >&2
  rm -rf "$tmp"
  exit 1
fi

# Absolute symlinks point into the sysroot as it will be mounted on the
# device; made relative, they resolve inside the sysroot wherever it is.
for top in usr/lib usr/include etc/alternatives; do
  [ -d "$tmp/$top" ] || continue
  find "$tmp/$top" -type l -lname '/*' -printf '%p\t%l\n' | while IFS="$(printf '\t')" read -r link target; do
    ln -sfn "$(realpath -m -s --relative-to="$(dirname "$link")" "$tmp$target")" "$link"
  done
done
n=$(find "$tmp/usr/lib" "$tmp/usr/include" "$tmp/etc/alternatives" -type l -lname '/*' 2>/dev/null | wc -l)
[ "$n" -eq 0 ] || { echo "arm64-sysroot: $n absolute symlinks left" >&2; exit 1; }

# What update-alternatives would have made for the reference BLAS and
# LAPACK (libopencv_core links libblas.so.3 and liblapack.so.3).
lib="$tmp/usr/lib/aarch64-linux-gnu"
for l in blas lapack; do
  [ -e "$lib/$l/lib$l.so.3" ] || { echo "arm64-sysroot: $lib/$l/lib$l.so.3 missing" >&2; exit 1; }
  [ -e "$lib/lib$l.so.3" ] || ln -s "$l/lib$l.so.3" "$lib/lib$l.so.3"
done

printf '%s\n' "$want" > "$tmp/$stamp_name"
rm -rf "$dir"
mv "$tmp" "$dir"
echo "arm64-sysroot: $dir ready ($(du -sh "$dir" | cut -f1))"
