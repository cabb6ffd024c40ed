#!/bin/bash
# station_kill.sh SEICHI SOURCE_DIR STATION_FILL - the station killed in
# the middle of a round: five kiosks, 200 results each in their own
# databases (station_fill), push with `seichi results push` (run again
# until it ends well, as a kiosk's timer would) while the station is
# killed with SIGKILL and restarted on its port ten times. At the end every
# result is on the station exactly once, the station's UUIDs are the
# kiosks' UUIDs, each kiosk is named as the source of its 200, and every
# kiosk's outbox is empty (a last push sends nothing, waits for nothing).
# Prints "N passed, N failed".
seichi="$1"
src="$2"
fill="$3"
kiosks=5
each=200
round=7
pass=0
fail=0
tmp=$(mktemp -d)
spid=
pushers=
. "$src/tests/station-lib.sh"
trap station_cleanup EXIT
db="$tmp/desk.db"
. "$src/tests/expect.sh" # expect, expect_pin, ok
# start [PORT]: the station on 127.0.0.1 (port 0: any free one, read back).
start() { station_start "${1:-0}"; }
t0=$(date +%s)

# ---- the kiosks and their results ------------------------------------------------------
expect 0 "Saved as result 1" -- score --board "$src/kiosk/samples/club-game-19.board" --db "$tmp/template.db" \
  --event "Kill Cup" --round "$round" --table 1
for k in $(seq $kiosks); do
  expect 0 "pairing code" -- station enroll --db "$db" --name "kiosk $k"
  tail -n 1 "$tmp/out" >"$tmp/k$k.token"
  ok "kiosk $k has its $each results" "$fill" "$tmp/template.db" "$tmp/k$k.db" $each $round $((1000 * k))
done

start 0
fixed=$port
ok "the station started" test -n "$fixed"
# Down when the pushers start: they meet it unreachable first.
kill -KILL "$spid"; wait "$spid" 2>/dev/null
for k in $(seq $kiosks); do
  ( for _ in $(seq 600); do
      "$seichi" results --db "$tmp/k$k.db" push --station "$url" --token-file "$tmp/k$k.token" >>"$tmp/push$k.log" 2>&1 && exit 0
      sleep 0.1
    done; exit 1 ) &
  pushers="$pushers $!"
done
# Up for a moment, killed, ten times; up for good after.
for n in $(seq 10); do
  sleep 0.2
  start "$fixed"
  sleep "0.$((2 + n % 4))"
  kill -KILL "$spid"; wait "$spid" 2>/dev/null
  stored=$(sqlite3 "$db" 'SELECT count(*) FROM results' 2>/dev/null || echo "?")
  echo "kill $n: $stored results stored"
done
sleep 0.2
start "$fixed"
ok "the station came back on its port after ten kills" test "$port" = "$fixed"
allok=1
for p in $pushers; do wait "$p" || allok=0; done
pushers=
ok "every kiosk's push got through" test $allok = 1

# ---- every result once ---------------------------------------------------------------------
curl -s -m 60 "$url/api/v1/results?round=$round" >"$tmp/all.json"
total=$((kiosks * each))
ok "$total results on the station ($(jq '.results | length' "$tmp/all.json"))" \
  test "$(jq '.results | length' "$tmp/all.json")" = $total
ok "each UUID once" test "$(jq '[.results[].uuid] | unique | length' "$tmp/all.json")" = $total
jq -r '.results[].uuid' "$tmp/all.json" | sort >"$tmp/station.uuids"
for k in $(seq $kiosks); do
  "$seichi" results --db "$tmp/k$k.db" list --json | jq -r '.results[].uuid'
done | sort >"$tmp/kiosks.uuids"
ok "the station's UUIDs are the kiosks' UUIDs" cmp -s "$tmp/station.uuids" "$tmp/kiosks.uuids"
ok "each kiosk is the source of its $each" \
  test "$(jq -c '[.results | group_by(.source)[] | length]' "$tmp/all.json")" = "[$(seq -s, $kiosks | sed "s/[0-9]*/$each/g")]"
for k in $(seq $kiosks); do
  expect 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting" -- \
    results --db "$tmp/k$k.db" push --station "$url" --token-file "$tmp/k$k.token"
done
ok "the kills cut pushes off" grep -q "unreachable" "$tmp"/push*.log
had=$(grep -ho "[0-9]* the station had already" "$tmp"/push*.log | awk '{s += $1} END {print s + 0}')
cut=$(grep -c "unreachable" "$tmp"/push*.log | awk -F: '{s += $2} END {print s + 0}')
echo "pushes cut off: $cut; results sent again after an answer was lost (the station had them): $had"
expect 0 "" -- results --db "$db" list
kill -INT "$spid"; wait "$spid"
ok "the station stops cleanly after it all" test $? = 0
spid=
echo "$(( $(date +%s) - t0 )) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
