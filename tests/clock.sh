#!/bin/sh
# clock.sh - `seichi clock --simulate` against the rulebook's cases, as
# data: each tests/clock/*.clock holds a time control (and a handicap),
# the moves as seen, and the calls a timekeeper makes, worked out by hand
# from the rulebook's wording (RULES.md, "Time"). Each case is run as text
# and as JSON (the JSON lines must say the same calls), then bad input
# must be refused with exit 2 and a message.
# Usage: clock.sh SEICHI SOURCE_DIR
set -u
seichi=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
command -v jq >/dev/null 2>&1 || { echo "clock: jq is missing"; exit 1; }
for case in "$src"/tests/clock/*.clock; do
  name=$(basename "$case" .clock)
  tc=$(sed -n 's/^time-control: //p' "$case")
  hc=$(sed -n 's/^handicap: //p' "$case")
  sed -n '/^moves:$/,/^calls:$/p' "$case" | sed '1d;$d' >"$tmp/moves"
  sed -n '/^calls:$/,$p' "$case" | sed '1d' >"$tmp/want"
  set -- --time-control "$tc" --simulate "$tmp/moves"
  [ -n "$hc" ] && set -- "$@" --handicap "$hc"
  "$seichi" clock "$@" >"$tmp/got" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $name: exit $rc ($(cat "$tmp/err"))"; fail=$((fail + 1)); continue
  fi
  if ! diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"; then
    echo "FAIL $name: calls differ (- expected, + got)"; sed 1,2d "$tmp/diff"; fail=$((fail + 1)); continue
  fi
  "$seichi" clock "$@" --json >"$tmp/json" 2>/dev/null
  jq -r '"\(.t) \(.player) \(.call) periods_left=\(.periods_left)"' "$tmp/json" >"$tmp/fromjson" 2>"$tmp/err"
  keys=$(jq -c 'keys' "$tmp/json" | sort -u | tr '\n' ' ')
  if ! diff -q "$tmp/want" "$tmp/fromjson" >/dev/null; then
    echo "FAIL $name: --json says other calls"; fail=$((fail + 1)); continue
  fi
  if [ -s "$tmp/want" ] && [ "$keys" != '["call","periods_left","player","t"] ' ]; then
    echo "FAIL $name: --json objects have keys $keys"; fail=$((fail + 1)); continue
  fi
  echo "ok   $name ($(wc -l <"$tmp/want") calls)"; pass=$((pass + 1))
done
# The late move is said on standard error.
sed -n '/^moves:$/,/^calls:$/p' "$src/tests/clock/late-move.clock" | sed '1d;$d' >"$tmp/moves"
"$seichi" clock --time-control byoyomi:0m+1x60s --simulate "$tmp/moves" >/dev/null 2>"$tmp/err"
if grep -q "2 lines after Black lost on time ignored" "$tmp/err"; then pass=$((pass + 1)); else
  echo "FAIL late move: not said ($(cat "$tmp/err"))"; fail=$((fail + 1)); fi

# Bad input: exit 2, a message naming the trouble, nothing on stdout.
refuse() {
  pattern=$1; shift
  "$seichi" clock "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 2 ] || ! grep -q -- "$pattern" "$tmp/err"; then
    echo "FAIL refuse '$*': exit $rc, stderr: $(cat "$tmp/err") (wanted: $pattern)"; fail=$((fail + 1))
  else pass=$((pass + 1)); fi
}
printf '10 W\n' >"$tmp/wrong"
printf '20 B\n10 W\n' >"$tmp/back"
printf '10 B\nhello\n' >"$tmp/junk"
printf '10 B\n20 END\n30 W\n' >"$tmp/after"
printf '10.0001 B\n' >"$tmp/fine"
printf '10 B extra\n' >"$tmp/extra"
printf '10 PAUSE\n20 PAUSE\n' >"$tmp/twice"
printf '10 RESUME\n' >"$tmp/running"
printf '10 B\n20 PAUSE\n' >"$tmp/stopped"
refuse "wrong:1: W moved, but B is on move" --time-control byoyomi:0m+1x60s --simulate "$tmp/wrong"
refuse "back:2: the time is before the line above" --time-control byoyomi:0m+1x60s --simulate "$tmp/back"
refuse "junk:2: not 'SECONDS B'" --time-control byoyomi:0m+1x60s --simulate "$tmp/junk"
refuse "after:3: a line after END" --time-control byoyomi:0m+1x60s --simulate "$tmp/after"
refuse "fine:1: not 'SECONDS B'" --time-control byoyomi:0m+1x60s --simulate "$tmp/fine"
refuse "extra:1: not 'SECONDS B'" --time-control byoyomi:0m+1x60s --simulate "$tmp/extra"
refuse "twice:2: PAUSE while the clocks are paused" --time-control absolute:1m --simulate "$tmp/twice"
refuse "running:1: RESUME while the clocks are not paused" --time-control absolute:1m --simulate "$tmp/running"
refuse "ends with the clocks paused" --time-control absolute:1m --simulate "$tmp/stopped"
refuse "is not one of absolute" --time-control blitz:5m --simulate "$tmp/wrong"
refuse "byoyomi:MAIN+NxPERIOD" --time-control byoyomi:60m+5 --simulate "$tmp/wrong"
refuse "at least 10s" --time-control byoyomi:0m+5x5s --simulate "$tmp/wrong"
refuse "main time must be more than 0" --time-control absolute:0m --simulate "$tmp/wrong"
refuse "at most 24h" --time-control absolute:25h --simulate "$tmp/wrong"
refuse "give --time-control" --simulate "$tmp/wrong"
refuse "unknown option '--fast'" --fast
refuse "no-such-file" --time-control absolute:1m --simulate "$tmp/no-such-file"
[ ! -s "$tmp/out" ] || { echo "FAIL: a refusal wrote to standard output"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
