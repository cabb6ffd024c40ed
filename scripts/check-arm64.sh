#!/bin/sh
# check-arm64.sh - build Seichi for arm64 (the Raspberry Pi's 64-bit OS) on
# an x86-64 Debian 12 machine and run its tests under qemu: `make
# check-arm64`. Cross compiler and arm64 sysroot, no arm64 machine needed.
#
# Steps, each timed: the host packages (install-deps.sh build arm64); the
# sysroot (arm64-sysroot.sh, reused when complete); configure and build
# with aarch64-toolchain.cmake; a check that the program and every test
# program are arm64 ELF files; the kernel's binfmt_misc entry for
# qemu-aarch64 (the tests that run seichi themselves, from a shell script or
# a test program, need the kernel to start an arm64 program); ctest, which
# runs every test program through qemu-aarch64-static.
#
# What it proves: the code builds for arm64 with Debian 12's arm64
# libraries, with -Werror, and its tests pass on an arm64 CPU as qemu
# emulates it (alignment, char signedness, type sizes and the libraries'
# arm64 builds). What it does not: anything about a Pi's speed (emulated
# tests run several times slower than native and unevenly so), its camera,
# its screen, or Raspberry Pi OS's own libraries (libcamera 0.5+:
# check-libcamera.sh compiles against that API).
#
# Usage: scripts/check-arm64.sh [BUILD_DIR [CTEST_ARGS...]]
#   BUILD_DIR defaults to build-arm64 (the sysroot goes in BUILD_DIR/sysroot);
#   CTEST_ARGS go to ctest (e.g. -R 'test_board|test_sgf').
# Exit: 0 every test ran and passed; 1 a step or a test failed; 3 the
# tests that ran passed but those needing binfmt were left out (binfmt
# could not be registered: not root, or binfmt_misc cannot be mounted).
set -eu

src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-arm64}
[ $# -gt 0 ] && shift
mkdir -p "$build"
build=$(cd "$build" && pwd)
sysroot="$build/sysroot"
jobs=$(nproc 2>/dev/null || echo 2)

timings=""
step_start() { step=$1; t0=$(date +%s); echo "== check-arm64: $step"; }
step_end() {
  t=$(( $(date +%s) - t0 ))
  timings="$timings$(printf '  %-28s %5d s' "$step" "$t")
"
  echo "== check-arm64: $step: $t s"
}
report() {
  echo "== check-arm64: timings"
  printf '%s' "$timings"
}
die() { echo "check-arm64: $*" >&2; report; exit 1; }

step_start "host packages"
sh "$src/scripts/install-deps.sh" build arm64 || die "installing the host packages failed"
step_end

step_start "sysroot"
sh "$src/scripts/arm64-sysroot.sh" "$sysroot" || die "making the sysroot failed"
step_end

step_start "configure and build"
cmake -S "$src" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$src/scripts/aarch64-toolchain.cmake" \
  -DSEICHI_ARM64_SYSROOT="$sysroot" >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log" >&2; die "configuring failed"; }
grep '^-- Pi camera' "$build/configure.log" || true
cmake --build "$build" -j "$jobs" || die "the build failed"
step_end

# The programs ctest runs, and seichi which the scripts run, must be arm64:
# a host program here would pass the tests without testing anything.
step_start "arm64 check"
progs="$build/seichi $(find "$build/tests" -maxdepth 1 -type f -perm -u+x)"
for p in $progs; do
  file -b "$p" | grep -q 'ELF 64-bit LSB .*ARM aarch64' || die "$p is not an arm64 program: $(file -b "$p")"
done
file "$build/seichi"
echo "$(echo $progs | wc -w) programs, all arm64"
step_end

step_start "binfmt"
binfmt=/proc/sys/fs/binfmt_misc
export QEMU_LD_PREFIX="$sysroot"   # the loader and libraries for binfmt's qemu
binfmt_ok() { grep -qx enabled "$binfmt/qemu-aarch64" 2>/dev/null && "$build/seichi" --version >/dev/null 2>&1; }
why=""
if ! binfmt_ok; then
  if [ "$(id -u)" -ne 0 ]; then
    why="not root"
  else
    # No systemd here to do it at boot: mount binfmt_misc, enable qemu's entry.
    [ -e "$binfmt/register" ] || mount -t binfmt_misc binfmt_misc "$binfmt" 2>/dev/null ||
      why="binfmt_misc cannot be mounted"
    if [ -z "$why" ]; then
      update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
      binfmt_ok || why="update-binfmts --enable qemu-aarch64 did not make arm64 programs run"
    fi
  fi
fi
if [ -z "$why" ]; then
  echo "binfmt: arm64 programs run through $(sed -n 's/^interpreter //p' "$binfmt/qemu-aarch64"): $("$build/seichi" --version)"
else
  echo "check-arm64: BINFMT NOT REGISTERED ($why): the tests that start seichi themselves are left out" >&2
fi
step_end

step_start "ctest under qemu"
cd "$build"
# Every test either goes through qemu (CMAKE_CROSSCOMPILING_EMULATOR) or is
# a host shell script given the arm64 seichi, which only binfmt's qemu runs.
ctest --show-only=json-v1 >"$build/tests.json"
notqemu=$(grep -c '"command"' "$build/tests.json" || true)
qemu=$(grep -A1 '"command"' "$build/tests.json" | grep -c 'qemu-aarch64' || true)
echo "$qemu of $notqemu tests run through qemu-aarch64-static by ctest, the others are shell scripts running $build/seichi"
# The tests that start an arm64 program themselves (left out without binfmt).
needs_binfmt='^(test_recsess|record_sequences|lean_link|cli|man|station)$'
if [ -z "$why" ]; then
  nice ctest --output-on-failure -j "$jobs" "$@" && rc=0 || rc=1
else
  nice ctest --output-on-failure -j "$jobs" -E "$needs_binfmt" "$@" && rc=3 || rc=1
fi
step_end
report
case $rc in
  0) echo "check-arm64: all tests passed under qemu" ;;
  3) echo "check-arm64: the tests that ran passed, but those needing binfmt ($needs_binfmt) were left out: $why" >&2 ;;
  *) echo "check-arm64: FAILED" >&2 ;;
esac
exit $rc
