#!/bin/bash
# station_judge.sh SEICHI SOURCE_DIR - a judge's change made at a kiosk
# reaches the director's station: a real station on a free port of
# 127.0.0.1, a real kiosk database whose results were pushed, then
# corrected and voided there with `seichi results correct|void --judge`,
# and pushed again (POST /api/v1/results/UUID/changes). The station shows
# the new result and state and the kiosk judge's audit rows; a second push
# sends nothing; another kiosk's token is refused (403), bad bodies too
# (400); a change to a result a judge at the station corrected first is
# not applied (409), recorded in its audit trail, and the result disputed.
# Prints "N passed, N failed".
seichi="$1"
src="$2"
pass=0
fail=0
tmp=$(mktemp -d)
spid=
pushers=
. "$src/tests/station-lib.sh"
trap station_cleanup EXIT
. "$src/tests/expect.sh"
db="$tmp/sta.db"
kdb="$tmp/k1.db"
board="$src/kiosk/samples/club-game-19.board"

# http CODE METHOD PATH [curl args]: the status of one request; body in $tmp/body.
http() {
  want="$1" method="$2" path="$3"; shift 3
  got=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -X "$method" "$@" "$url$path")
  if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: $method $path -> $got (want $want): $(head -c 300 "$tmp/body")"; fi
}
# at_station UUID JQ: a field of that result in GET /api/v1/results.
at_station() { curl -s -m 20 "$url/api/v1/results" | jq -r --arg u "$1" ".results[] | select(.uuid == \$u) | $2"; }
audit_rows() { curl -s -m 20 "$url/api/v1/results/$1/audit" | jq '.audit | length'; }
# changes_body N: what the kiosk would send for its result N (every audit row).
changes_body() {
  "$seichi" results --db "$kdb" show "$1" --json >"$tmp/show.json"
  "$seichi" results --db "$kdb" audit "$1" --json >"$tmp/audit.json"
  jq -c -n --slurpfile r "$tmp/show.json" --slurpfile a "$tmp/audit.json" \
    '{schema: 1, result: $r[0].result, audit: $a[0].audit, through: $a[0].audit[-1].id}'
}

# ---- the station, two kiosks, a kiosk's two results pushed -------------------------
expect 0 "pairing code" -- station enroll --db "$db" --name "Table 1 kiosk"
cp "$tmp/out" "$tmp/k1.enroll"
expect 0 "pairing code" -- station enroll --db "$db" --name "Table 2 kiosk"
cp "$tmp/out" "$tmp/k2.enroll"
printf '2468\n' >"$tmp/station.pin"
expect 0 "" -- results --db "$db" set-pin --pin-file "$tmp/station.pin"
printf '1357\n' >"$tmp/kiosk.pin"
expect 0 "" -- results --db "$kdb" set-pin --pin-file "$tmp/kiosk.pin"
expect 0 "Saved as result 1" -- score --board "$board" --db "$kdb" --round 2 --table 1 --black "Player B1" --white "Player W1"
expect 0 "Saved as result 2" -- score --board "$board" --db "$kdb" --round 2 --table 2 --black "Player B2" --white "Player W2"
station_start 0
ok "the station started on a free port" test -n "$port"
push() { expect "$1" "$2" -- results --db "$kdb" push --station "$url" --token-file "$tmp/k1.enroll"; }
push 0 "2 results sent, 0 the station had already, 0 refused; 0 waiting$"
u1=$("$seichi" results --db "$kdb" list --json | jq -r '.results[0].uuid')
u2=$("$seichi" results --db "$kdb" list --json | jq -r '.results[1].uuid')
r1=$(at_station "$u1" .result)
ok "result 1 at the station as counted" test -n "$r1" -a "$r1" != "B+R"
ok "no audit rows at the station yet" test "$(audit_rows "$u1")" = 0

# ---- a judge at the kiosk corrects result 1, then voids it -------------------------
expect 0 "corrected" -- results --db "$kdb" correct 1 --judge "Ada Lovelace" --reason "Black won by resignation" \
  --result B+R --pin-file "$tmp/kiosk.pin"
expect 0 "voided" -- results --db "$kdb" void 1 --judge "Ada Lovelace" --reason "played at the wrong table" \
  --pin-file "$tmp/kiosk.pin"
push 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting; 1 judge's change sent, 0 not applied"
ok "the station shows the kiosk's result" test "$(at_station "$u1" .result)" = "B+R"
ok "and its state" test "$(at_station "$u1" .state)" = "voided"
http 200 GET "/api/v1/results/$u1/audit"
ok "the audit rows under the kiosk judge's name" \
  test "$(jq -r '[.audit[] | select(.judge == "Ada Lovelace at kiosk Table 1 kiosk") | .field] | join(",")' "$tmp/body")" = "dead,result_stones,result,state"
ok "with the old and new values" \
  test "$(jq -r '.audit[] | select(.field == "result") | "\(.old)>\(.new)"' "$tmp/body")" = "$r1>B+R"
ok "and the kiosk's reasons" \
  test "$(jq -r '[.audit[] | .reason] | unique | join("|")' "$tmp/body")" = "Black won by resignation|played at the wrong table"
kept=$(jq '.audit | length' "$tmp/body")
expect 0 "Ada Lovelace at kiosk Table 1 kiosk.*void.*state" -- results --db "$db" audit 1
# A second push: nothing to send, nothing changes at the station.
push 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting; the station knows this kiosk as \"Table 1 kiosk\"$"
ok "a second push sends nothing" test "$(audit_rows "$u1")" = "$kept"

# ---- the endpoint's refusals ----------------------------------------------------------
token1=$(tail -n 1 "$tmp/k1.enroll")
token2=$(tail -n 1 "$tmp/k2.enroll")
changes_body 1 >"$tmp/c1.json"
json=(-H "Content-Type: application/json")
http 401 POST "/api/v1/results/$u1/changes" "${json[@]}" --data-binary @"$tmp/c1.json"
http 401 POST "/api/v1/results/$u1/changes" -H "Authorization: Bearer wrong" --data-binary @"$tmp/c1.json"
http 403 POST "/api/v1/results/$u1/changes" -H "Authorization: Bearer $token2" "${json[@]}" --data-binary @"$tmp/c1.json"
ok "403 says why" grep -q "only the kiosk that sent" "$tmp/body"
k1=(-H "Authorization: Bearer $token1" "${json[@]}")
http 404 POST "/api/v1/results/00000000-0000-4000-8000-000000000000/changes" "${k1[@]}" --data-binary @"$tmp/c1.json"
http 405 GET "/api/v1/results/$u1/changes" "${k1[@]}"
# The same changes again: taken once (200, nothing applied).
http 200 POST "/api/v1/results/$u1/changes" "${k1[@]}" --data-binary @"$tmp/c1.json"
ok "the same changes twice apply once" test "$(jq -r .applied "$tmp/body"),$(audit_rows "$u1")" = "false,$kept"
bad() { jq -c "$1" "$tmp/c1.json" >"$tmp/bad.json"; http 400 POST "/api/v1/results/$u1/changes" "${k1[@]}" --data-binary @"$tmp/bad.json"; }
http 400 POST "/api/v1/results/$u1/changes" "${k1[@]}" --data-binary 'not json'
bad '.schema = 2'
bad '.through = 1'
bad '.audit = []'
bad '.audit = [range(65) as $i | .audit[0] | .id = $i + 1] | .through = 65'
bad '.audit[0].time = "yesterday"'
bad '.audit[0].action = "delete"'
bad '.audit[0].judge = ""'
bad '.audit[0].reason = ("x" * 600)'
bad '.audit[1].id = .audit[0].id'
bad '.result.uuid = "00000000-0000-4000-8000-000000000000"'
bad '.result.state = "lost"'
bad '.result.result = "B+99"'
bad '.result.position[0] = "XX"'
jq -c '.audit[0].judge = "BADNAME"' "$tmp/c1.json" | sed 's/BADNAME/\xc3\x28/' >"$tmp/bad.json"
http 400 POST "/api/v1/results/$u1/changes" "${k1[@]}" --data-binary @"$tmp/bad.json"
ok "invalid UTF-8 is named" grep -q "judge" "$tmp/body"
head -c 300000 /dev/zero | tr '\0' ' ' >"$tmp/big.json"
http 413 POST "/api/v1/results/$u1/changes" "${k1[@]}" --data-binary @"$tmp/big.json"
ok "the refusals changed nothing" test "$(audit_rows "$u1"),$(at_station "$u1" .state)" = "$kept,voided"

# ---- a judge at the station first: 409, recorded, disputed ---------------------------
r2=$(at_station "$u2" .result)
http 200 POST "/api/v1/results/$u2/correct" -H "X-Seichi-PIN: 2468" \
  --data-binary '{"judge":"Bea","reason":"the pairing sheet","white_player":"Player W2b"}'
expect 0 "corrected" -- results --db "$kdb" correct 2 --judge "Ada Lovelace" --reason "White resigned, said both" \
  --result B+R --pin-file "$tmp/kiosk.pin"
push 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting; 0 judge's changes sent, 1 not applied"
ok "the push says the station did not apply it" grep -q "did not apply the judge's change: a judge at the station" "$tmp/out"
ok "the station's result stands" test "$(at_station "$u2" '"\(.result),\(.white)"')" = "$r2,Player W2b"
ok "disputed" test "$(at_station "$u2" .state)" = "disputed"
http 200 GET "/api/v1/results/$u2/audit"
ok "the refused change recorded with its new values and reason" \
  test "$(jq -r '.audit[] | select(.field == "kiosk_change") | select(.new | contains("B+R")) | select(.reason | contains("White resigned, said both")) | .judge' "$tmp/body")" = "Ada Lovelace at kiosk Table 1 kiosk"
rows2=$(jq '.audit | length' "$tmp/body")
# A further kiosk change to it: refused as well (HTTP 409 itself), recorded once.
expect 0 "corrected" -- results --db "$kdb" correct 2 --judge "Ada Lovelace" --reason "name misspelt" \
  --black "Player B2b" --pin-file "$tmp/kiosk.pin"
changes_body 2 >"$tmp/c2.json"
http 409 POST "/api/v1/results/$u2/changes" "${k1[@]}" --data-binary @"$tmp/c2.json"
ok "409 says why" grep -q "a judge at the station changed or confirmed it first" "$tmp/body"
ok "one more row: the refused change" test "$(audit_rows "$u2")" = $((rows2 + 1))
push 0 "0 waiting"
ok "the resend applied nothing" test "$(audit_rows "$u2"),$(at_station "$u2" .black)" = "$((rows2 + 1)),Player B2"
push 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting; the station knows this kiosk as \"Table 1 kiosk\"$"

kill -INT "$spid"
wait "$spid"
spid=
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
