#!/bin/sh
# fuzz-hours.sh - a long libFuzzer run of one target, counted in CPU time.
#
#   sh scripts/fuzz-hours.sh TARGET CPU_SECONDS [BUILD]
#   sh scripts/fuzz-hours.sh --quick TARGET SECONDS [BUILD]
#
# (--quick: CI's short run, SECONDS of wall time from the same corpus and
# seeds, nothing merged or counted; the one place that knows each
# target's input cap and seeds.)
#
# Runs BUILD/tests/fuzz_TARGET (BUILD defaults to build-fuzz, configured
# with -DSEICHI_FUZZ=ON under clang) on a working corpus in
# BUILD/corpus-TARGET, seeded from the committed minimised corpus
# tests/fuzz-corpus/TARGET and the target's seeds, until the process has
# used CPU_SECONDS of CPU (user + system, read from /proc, so a busy
# machine does not inflate the figure). Then it merges the working corpus
# into a fresh minimised tests/fuzz-corpus/TARGET and appends one line to
# tests/fuzz-corpus/HOURS: date, target, CPU seconds, executions, edges
# covered ("cov"), features ("ft"), corpus files. A crash stops the run,
# keeps the crashing input in BUILD/crash-TARGET-* and exits 1.
set -eu
quick=0
[ "$1" = --quick ] && { quick=1; shift; }
t=$1
want=$2
b=${3:-build-fuzz}
cd "$(dirname "$0")/.."
case $t in
boardfile) len=4096; seeds="tests/boards kiosk/samples"; extra="" ;;
sgf) len=8192; seeds="tests/sgf"; extra="" ;;
gtp) len=4096; seeds="tests/gtp"; extra="" ;;
opengotha) len=16384; seeds="tests/opengotha"; extra="" ;;
vision) len=65536; seeds="tests/vision-seeds"; extra="-rss_limit_mb=4096" ;;
station) len=8192; seeds="tests/station-seeds"; extra="" ;;
*) echo "fuzz-hours: unknown target $t" >&2; exit 2 ;;
esac
bin=$b/tests/fuzz_$t
[ -x "$bin" ] || { echo "fuzz-hours: $bin is not built" >&2; exit 2; }
work=$b/corpus-$t
keep=tests/fuzz-corpus/$t
mkdir -p "$work" "$keep"
log=$b/fuzz-$t.log
# libFuzzer writes what it finds into the first folder it is given: the
# build's, never one under tests/.
if [ $quick = 1 ]; then
  # shellcheck disable=SC2086
  exec "$bin" -max_total_time="$want" -max_len=$len $extra "$work" "$keep" $seeds
fi
# shellcheck disable=SC2086
"$bin" -max_len=$len $extra -print_final_stats=1 -artifact_prefix="$b/crash-$t-" \
  "$work" "$keep" $seeds >"$log" 2>&1 &
pid=$!
tck=$(getconf CLK_TCK)
used=0
while kill -0 $pid 2>/dev/null; do
  sleep 10
  st=$(cut -d' ' -f14,15 /proc/$pid/stat 2>/dev/null) || break
  used=$(echo "$st" | awk -v k="$tck" '{ printf "%d", ($1 + $2) / k }')
  [ "$used" -ge "$want" ] && { kill -INT $pid; break; }
done
rc=0
wait $pid || rc=$?
if ls "$b"/crash-$t-* >/dev/null 2>&1 && [ $rc -ne 0 ] && [ "$used" -lt "$want" ]; then
  echo "fuzz-hours: $t stopped after $used s of CPU; see $log and $b/crash-$t-*" >&2
  exit 1
fi
stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
execs=$(grep 'stat::number_of_executed_units' "$log" | awk '{ print $2 }')
cov=$(echo "$stats" | LC_ALL=C sed -n 's/.*cov: \([0-9]*\).*/\1/p')
ft=$(echo "$stats" | LC_ALL=C sed -n 's/.*ft: \([0-9]*\).*/\1/p')
# The minimised corpus: a merge of everything found into an empty folder.
fresh=$b/merged-$t
rm -rf "$fresh"
mkdir -p "$fresh"
# shellcheck disable=SC2086
"$bin" -merge=1 -max_len=$len $extra "$fresh" "$keep" "$work" >"$b/merge-$t.log" 2>&1
rm -rf "$keep"
mv "$fresh" "$keep"
n=$(ls "$keep" | wc -l)
echo "$(date -u +%Y-%m-%d) $t cpu_s=$used execs=${execs:-?} cov=${cov:-?} ft=${ft:-?} corpus=$n" | tee -a tests/fuzz-corpus/HOURS
