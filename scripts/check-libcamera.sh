#!/bin/sh
# check-libcamera.sh - compile vision/camera.cpp against the libcamera API
# of 0.5 and later, which Raspberry Pi OS ships but Debian 12 (0.0.3) and
# its backports (0.3.2) do not. The code behind LIBCAMERA_VERSION >= 0.5 in
# camera.cpp is otherwise never compiled on this machine.
#
# Debian's own newer libcamera-dev (trixie: 0.5, trixie-backports: 0.7) is
# downloaded through a private apt configuration in a temporary folder
# (the machine's own apt sources and state are left as they are), unpacked
# with dpkg -x without installing it, and the project is configured
# against it with its .pc files first on PKG_CONFIG_PATH; then camera.cpp
# alone is compiled to an object file with the flags and defines the real
# build gives it (SEI_HAVE_LIBCAMERA, -Wall -Wextra -Werror, C++17).
#
# What it proves: camera.cpp compiles against those headers. Not that it
# links or runs against them, nor anything about Raspberry Pi OS's own
# build of libcamera beyond its public API.
#
# Usage: scripts/check-libcamera.sh [OUTDIR [SUITE...]]
#   OUTDIR defaults to build-libcamera; SUITEs to trixie trixie-backports.
# Exit 0: compiled against every suite's headers; 1: it did not, or the
# packages could not be fetched (the message says which).
set -eu

src=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-build-libcamera}
[ $# -gt 0 ] && shift
suites=${*:-trixie trixie-backports}
mirror=${SEICHI_DEBIAN_MIRROR:-http://deb.debian.org/debian}

for tool in apt-get dpkg cmake make; do
  command -v $tool >/dev/null 2>&1 || { echo "check-libcamera: $tool is missing" >&2; exit 1; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The private apt configuration: its own sources, lists, cache and an empty
# package status, so neither the machine's sources nor what is installed
# takes part. The host's apt.conf.d (a proxy, say) still applies.
apt=$(mktemp -d)
trap 'rm -rf "$apt"' EXIT
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/parts" "$apt/prefs"
: > "$apt/status"
for s in $suites; do
  echo "deb $mirror $s main"
done > "$apt/sources.list"
cat > "$apt/apt.conf" <<EOF
Dir::Etc::SourceList "$apt/sources.list";
Dir::Etc::SourceParts "$apt/parts";
Dir::Etc::PreferencesParts "$apt/prefs";
Dir::State::Lists "$apt/lists";
Dir::State::status "$apt/status";
Dir::Cache "$apt/cache";
APT::Sandbox::User "root";
Acquire::Languages "none";
EOF
export APT_CONFIG="$apt/apt.conf"

t0=$(date +%s)
echo "check-libcamera: reading the package lists of: $suites ($mirror)"
if ! apt-get -qq update >"$apt/update.log" 2>&1 || grep -q '^[WE]:' "$apt/update.log"; then
  cat "$apt/update.log" >&2
  echo "check-libcamera: apt-get update of $suites from $mirror failed (no network to the mirror?)" >&2
  exit 1
fi

fail=0
for s in $suites; do
  ver=$(apt-cache madison libcamera-dev | awk -v s="$s" '$0 ~ (" " s "/") { print $3; exit }')
  if [ -z "$ver" ]; then
    echo "check-libcamera: $s has no libcamera-dev" >&2
    fail=1
    continue
  fi
  root="$out/$s"
  rm -rf "$root"
  mkdir -p "$root/debs"
  if ! (cd "$root/debs" && apt-get -qq download "libcamera-dev=$ver" >/dev/null); then
    echo "check-libcamera: could not download libcamera-dev $ver from $s" >&2
    fail=1
    continue
  fi
  dpkg -x "$root"/debs/libcamera-dev_*.deb "$root/root"

  # The package's .pc files with their prefix moved to where it was unpacked.
  mkdir -p "$root/pkgconfig"
  for pc in $(find "$root/root" -name 'libcamera*.pc'); do
    sed "s|^prefix=.*|prefix=$root/root/usr|" "$pc" > "$root/pkgconfig/$(basename "$pc")"
  done
  if [ ! -f "$root/pkgconfig/libcamera.pc" ]; then
    echo "check-libcamera: libcamera-dev $ver has no libcamera.pc" >&2
    fail=1
    continue
  fi

  # The project configured as usual, libcamera found here first; only
  # camera.cpp is then compiled (the rest would need the library itself).
  b="$root/build"
  if ! PKG_CONFIG_PATH="$root/pkgconfig" cmake -S "$src" -B "$b" -G "Unix Makefiles" >"$root/configure.log" 2>&1; then
    cat "$root/configure.log" >&2
    echo "check-libcamera: configuring against libcamera $ver failed" >&2
    fail=1
    continue
  fi
  found=$(sed -n 's/^-- Pi camera: libcamera //p' "$root/configure.log")
  if [ "$found" != "${ver%%-*}" ] && [ "$found" != "$(echo "$ver" | sed 's/[-+~].*//')" ]; then
    echo "check-libcamera: the build found libcamera '$found', not $s's $ver" >&2
    fail=1
    continue
  fi
  if make -s -C "$b/vision" camera.cpp.o >"$root/compile.log" 2>&1; then
    echo "check-libcamera: vision/camera.cpp compiles against libcamera $found ($s)"
  else
    cat "$root/compile.log" >&2
    echo "check-libcamera: FAIL: vision/camera.cpp does not compile against libcamera $found ($s)" >&2
    fail=1
  fi
done
echo "check-libcamera: $(( $(date +%s) - t0 )) s"
exit $fail
