#!/bin/sh
# fuzz-coverage.sh - how much of each parser the committed fuzz corpora
# reach: line and branch coverage from clang's source coverage.
#
#   sh scripts/fuzz-coverage.sh [BUILD]
#
# Builds the fuzz targets in BUILD (default build-fuzzcov) with
# -DSEICHI_FUZZ=ON -DSEICHI_FUZZ_COVERAGE=ON, runs each once over its
# corpus tests/fuzz-corpus/TARGET and its seeds (-runs=0: every input
# once, nothing mutated), and prints, for each target, llvm-cov's line,
# function and branch coverage of the files that target exists to test.
set -eu
cd "$(dirname "$0")/.."
b=${1:-build-fuzzcov}
CC=clang CXX=clang++ cmake -S . -B "$b" -DSEICHI_FUZZ=ON -DSEICHI_FUZZ_COVERAGE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
for t in ${TARGETS:-boardfile sgf gtp opengotha station vision}; do
  case $t in
  boardfile) files="rules/boardfile.c"; seeds="tests/boards kiosk/samples" ;;
  sgf) files="rules/sgf.c"; seeds="tests/sgf" ;;
  gtp) files="kiosk/gtp.c"; seeds="tests/gtp" ;;
  opengotha) files="kiosk/opengotha.c"; seeds="tests/opengotha" ;;
  station) files="kiosk/cmd_results.c"; seeds="tests/station-seeds" ;;
  vision) files="vision/cvio.c vision/vision.c vision/lattice.c vision/points.c vision/stones.c"; seeds="tests/vision-seeds" ;;
  esac
  cmake --build "$b" -j "$(nproc)" --target "fuzz_$t" >/dev/null
  rm -f "$b/$t.profraw"
  corpus=tests/fuzz-corpus/$t
  [ -d "$corpus" ] || corpus=
  # shellcheck disable=SC2086
  LLVM_PROFILE_FILE="$b/$t.profraw" "$b/tests/fuzz_$t" -runs=0 -rss_limit_mb=4096 \
    $corpus $seeds >"$b/cov-$t.log" 2>&1
  llvm-profdata merge -sparse "$b/$t.profraw" -o "$b/$t.profdata"
  echo "== $t ($(ls tests/fuzz-corpus/$t 2>/dev/null | wc -l) corpus files, and the seeds: $seeds)"
  # shellcheck disable=SC2086
  llvm-cov report "$b/tests/fuzz_$t" -instr-profile="$b/$t.profdata" $files | tail -n +1
done
