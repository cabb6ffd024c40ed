#!/bin/bash
# station.sh SEICHI SOURCE_DIR STATION_OG - the director's station as a
# tournament uses it: a real server on a free port of 127.0.0.1, kiosks
# enrolled, real kiosk databases pushing with `seichi results push`, the
# API's answers (201, 200, 400, 401, 403, 404, 409, 413, 429), junk HTTP
# refused without harm, a judge's correction in the audit trail, the
# OpenGotha file exported and read back, and parallel pushers while the
# station is killed and restarted: every result arriving exactly once.
# Prints "N passed, N failed".
seichi="$1"
src="$2"
station_og="$3"
pass=0
fail=0
tmp=$(mktemp -d)
spid=
pushers=
. "$src/tests/station-lib.sh"
trap station_cleanup EXIT
db="$tmp/sta.db"
board="$src/kiosk/samples/club-game-19.board"
club="$src/tests/opengotha/club-open.xml"

. "$src/tests/expect.sh"
# start [PORT]: the station on 127.0.0.1 (port 0: any free one, read back).
start() { station_start "${1:-0}"; }
# http CODE METHOD PATH [curl args]: the status of one request; body in $tmp/body.
http() {
  want="$1" method="$2" path="$3"; shift 3
  got=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -X "$method" "$@" "$url$path")
  if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: $method $path -> $got (want $want): $(head -c 300 "$tmp/body")"; fi
}
count_results() { curl -s -m 20 "$url/api/v1/results" | jq '.results | length'; }
alive() { kill -0 "$spid" 2>/dev/null && [ "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$url/api/v1/results")" = 200 ]; }

# ---- kiosks enrolled, the tournament imported ------------------------------------
expect 0 "pairing code" -- station enroll --db "$db" --name "Table 1 kiosk"
cp "$tmp/out" "$tmp/k1.enroll"
ok "enroll's last line is the token alone" grep -qxE '[0-9a-f]{64}' <(tail -n 1 "$tmp/k1.enroll")
ok "the token is not stored" test "$(grep -c "$(tail -n 1 "$tmp/k1.enroll")" "$db")" = 0
expect 0 "pairing code" -- station enroll --db "$db" --name k2
cp "$tmp/out" "$tmp/k2.enroll"
expect 0 "revoked" -- station revoke --db "$db" --name k2
expect 2 "no kiosk named" -- station revoke --db "$db" --name nobody
expect 2 "name" -- station enroll --db "$db" --name ""
expect 2 "needs --name" -- station enroll --db "$db"
expect 0 "k2 .*revoked" -- station kiosks --db "$db"
expect 2 "unknown action" -- station frobnicate --db "$db"
# A mistyped --db is refused by what reads a station, not made an empty file.
for act in "export --csv $tmp/x.csv" "kiosks" "revoke --name k2"; do
  # shellcheck disable=SC2086
  expect 2 "no station database at" -- station $act --db "$tmp/typo.db"
  [ ! -e "$tmp/typo.db" ] || { echo "FAIL: station $act made $tmp/typo.db"; exit 1; }
done
expect 0 "6 players, 4 rounds, 6 games" -- station import --db "$db" --opengotha "$club"
expect 2 "$tmp/nothing.xml" -- station import --db "$db" --opengotha "$tmp/nothing.xml"
printf '<html/>' >"$tmp/notog.xml"
expect 2 "" -- station import --db "$db" --opengotha "$tmp/notog.xml"
# A refused import or enrolment makes no database (which the next command
# would then take for a station).
expect 2 "notog.xml" -- station import --db "$tmp/notyet.db" --opengotha "$tmp/notog.xml"
expect 2 "name" -- station enroll --db "$tmp/notyet.db" --name ""
expect 2 "not blank" -- station enroll --db "$tmp/notyet.db" --name "   "
expect 2 "control character" -- station enroll --db "$tmp/notyet.db" --name "$(printf 'a\tb')"
ok "a refused import or enrolment makes no database" test ! -e "$tmp/notyet.db"
expect 2 "listen takes" -- station --db "$db" --listen nowhere
expect 2 "give an IPv4 address (or localhost)" -- station --db "$db" --listen example.org:8080

start 0
ok "the station started on a free port" test -n "$port"
# A second station on that port is refused (no second database answering
# half the requests), with another database or the same one.
expect 2 "cannot listen on 127.0.0.1:$port" -- station --db "$tmp/other.db" --listen "127.0.0.1:$port"
expect 2 "cannot listen on 127.0.0.1:$port" -- station --db "$db" --listen "127.0.0.1:$port"

# ---- pairings and results read by anyone -----------------------------------------
http 200 GET "/api/v1/pairing?round=1&table=2"
ok "pairing: names, ranks, handicap" test "$(jq -r '[.black.name, .white.name, .handicap] | join(",")' "$tmp/body")" = "de la Cruz,이,3"
http 404 GET "/api/v1/pairing?round=3&table=9"
http 400 GET "/api/v1/pairing?round=x&table=1"
# Without a round: the latest round with a game at that table (what a kiosk asks).
http 200 GET "/api/v1/pairing?table=3"
ok "pairing without a round: the latest" test "$(jq -r '[.round, .black.name, .white.name, .handicap] | join(",")' "$tmp/body")" = "2,de la Cruz,이,0"
http 404 GET "/api/v1/pairing?table=9"
http 400 GET "/api/v1/pairing?round=2"
http 200 GET "/api/v1/results"
http 400 GET "/api/v1/results?round=0"
http 404 GET "/api/v1/nothing"
http 405 DELETE "/api/v1/results"

# ---- pushes from kiosk databases ---------------------------------------------------
# Round 2: table 1 and 2 from one kiosk, table 3 too (voided below).
for t in 1 2 3; do
  expect 0 "Saved as result $t" -- score --board "$board" --db "$tmp/k1.db" --event "Club Open 2026" --round 2 --table $t \
    --black "Player B$t" --white "Player W$t"
done
cp "$tmp/k1.db" "$tmp/k1-before.db"
expect 5 "unreachable" -- results --db "$tmp/k1.db" push --station "http://127.0.0.1:1" --token-file "$tmp/k1.enroll"
expect 5 "3 waiting" -- results --db "$tmp/k1.db" push --station "http://127.0.0.1:1" --token-file "$tmp/k1.enroll"
expect 3 "refused the token" -- results --db "$tmp/k1.db" push --station "$url" --token 0123
# Without the three options: the pairing a kiosk keeps (none here), or the options as a whole.
expect 2 "not paired with a station" -- results --db "$tmp/k1.db" push
expect 2 "push needs --station" -- results --db "$tmp/k1.db" push --station "$url"
expect 3 "refused the token" -- results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k2.enroll"
ok "a refused token stores nothing" test "$(count_results)" = 0
expect 0 "3 results sent, 0 the station had already, 0 refused; 0 waiting" -- results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.enroll"
expect 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting; the station knows this kiosk as \"Table 1 kiosk\"" -- results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.enroll"
# Nothing waiting: the station is still asked, so a wrong token or address is told at once.
expect 3 "refused the token" -- results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k2.enroll"
expect 5 "unreachable" -- results --db "$tmp/k1.db" push --station "http://127.0.0.1:1" --token-file "$tmp/k1.enroll"
http 401 GET /api/v1/kiosk
# A station older than the question (any server answering 404 there) cannot say: no failure.
expect 0 "does not say which kiosk" -- results --db "$tmp/k1.db" push --station "$url/nowhere" --token-file "$tmp/k1.enroll"
http 405 POST /api/v1/kiosk
# The same results again from a copy that never heard back: stored once.
expect 0 "0 results sent, 3 the station had already" -- results --db "$tmp/k1-before.db" push --station "$url" --token-file "$tmp/k1.enroll"
ok "three results at the station" test "$(count_results)" = 3
ok "a JSON answer says nosniff" sh -c "curl -s -m 10 -D - -o /dev/null '$url/api/v1/results' | tr -d '\r' | grep -qix 'X-Content-Type-Options: nosniff'"
http 200 GET "/api/v1/results?round=2"
ok "listed with the kiosk as source" test "$(jq -r '[.results[] | .source] | unique | join(",")' "$tmp/body")" = "Table 1 kiosk"
ok "listed with who played" test "$(jq -r '.results[0] | [.round, .table, .black, .white, .result, .state] | join(",")' "$tmp/body")" = "2,1,Player B1,Player W1,W+18.5,agreed"
http 200 GET "/api/v1/results?round=1"
ok "round 1 has none" test "$(jq '.results | length' "$tmp/body")" = 0

# ---- the API's refusals -------------------------------------------------------------
token=$(tail -n 1 "$tmp/k1.enroll")
"$seichi" results --db "$tmp/k1.db" show 1 --json | jq -c '.result' >"$tmp/r1.json"
new_uuid() { cat /proc/sys/kernel/random/uuid; }
jq -c --arg u "$(new_uuid)" '.uuid = $u | .table = 7' "$tmp/r1.json" >"$tmp/r7.json"
http 401 POST /api/v1/results -H "Content-Type: application/json" --data-binary @"$tmp/r7.json"
http 401 POST /api/v1/results -H "Authorization: Bearer wrong" --data-binary @"$tmp/r7.json"
ok "401 stored nothing" test "$(count_results)" = 3
auth=(-H "Authorization: Bearer $token" -H "Content-Type: application/json")
http 201 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/r7.json"
ok "201 names the UUID" test "$(jq -r .uuid "$tmp/body")" = "$(jq -r .uuid "$tmp/r7.json")"
http 200 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/r7.json"
ok "the same UUID twice is stored once" test "$(count_results)" = 4
http 400 POST /api/v1/results "${auth[@]}" --data-binary 'not json'
http 400 POST /api/v1/results "${auth[@]}" --data-binary '[1,2]'
http 400 POST /api/v1/results "${auth[@]}" --data-binary '{"uuid":"x"}'
jq -c --arg u "$(new_uuid)" '.uuid = $u | .result = "B+99"' "$tmp/r1.json" >"$tmp/bad.json"
http 400 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/bad.json"
jq -c --arg u "$(new_uuid)" '.uuid = $u | .table = 100000' "$tmp/r1.json" >"$tmp/bad.json"
http 400 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/bad.json"
jq -c --arg u "$(new_uuid)" '.uuid = $u | .position[0] = "XX"' "$tmp/r1.json" >"$tmp/bad.json"
http 400 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/bad.json"
jq -c --arg u "$(new_uuid)" '.uuid = $u | .black_player = "BADNAME"' "$tmp/r1.json" | sed 's/BADNAME/\xc3\x28/' >"$tmp/bad.json"
http 400 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/bad.json"
ok "invalid UTF-8 is named" grep -q "black_player" "$tmp/body"
jq -c --arg u "$(new_uuid)" '.uuid = $u | .state = "voided"' "$tmp/r1.json" >"$tmp/bad.json"
http 400 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/bad.json"
head -c 300000 /dev/zero | tr '\0' ' ' >"$tmp/big.json"
http 413 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/big.json"
http 413 POST /api/v1/results "${auth[@]}" -H "Transfer-Encoding: chunked" --data-binary @"$tmp/big.json"
ok "nothing stored by the refusals" test "$(count_results)" = 4

# ---- junk HTTP: refused, the station unharmed ---------------------------------------
junk() { timeout 10 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; printf '$1' >&3; timeout 5 cat <&3 >/dev/null; exec 3>&-" 2>/dev/null; }
junk 'GARBAGE\x00\xff\xfe\r\n\r\n'
junk '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'
junk 'GET /api/v1/results HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n'
junk "GET /$(head -c 40000 /dev/zero | tr '\0' a) HTTP/1.1\r\nHost: x\r\n\r\n"
junk "GET / HTTP/1.1\r\nX: $(head -c 40000 /dev/zero | tr '\0' b)\r\n\r\n"
junk 'POST /api/v1/results HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'
head -c 20000 /dev/urandom >"$tmp/random"
timeout 10 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; cat '$tmp/random' >&3; timeout 5 cat <&3 >/dev/null" 2>/dev/null
http 414 GET "/$(head -c 20000 /dev/zero | tr '\0' a)"
http 431 GET /api/v1/results -H "X-Big: $(head -c 20000 /dev/zero | tr '\0' b)"
ok "junk HTTP leaves the station serving" alive
ok "junk HTTP stored nothing" test "$(count_results)" = 4

# Idle connections (slow clients) hold no worker: the station serves
# others beside them, up to 16 from one address; the 17th is refused
# until they go.
idle=()
for _ in $(seq 15); do exec {fd}<>"/dev/tcp/127.0.0.1/$port"; idle+=("$fd"); done
ok "15 idle connections: still serving" alive
# Two more: one of them is refused (closed at once: EOF) once 16 are held,
# whichever order the server accepts them in; then a request is refused too.
for _ in 1 2; do exec {fd}<>"/dev/tcp/127.0.0.1/$port"; idle+=("$fd"); done
refused=0
for _ in $(seq 100); do
  for fd in "${idle[@]}"; do
    read -r -t 0.02 -u "$fd" _ 2>/dev/null
    [ $? -eq 1 ] && refused=1
  done
  [ $refused = 1 ] && break
done
ok "16 idle connections from one address: the 17th refused" test $refused = 1
# A request beside 16 held connections is refused too: 16 fresh ones are
# held for it (on a loaded machine the first ones may have met the 15 s
# idle timeout by now, and a closed one frees its place).
for fd in "${idle[@]}"; do exec {fd}>&-; done
idle=()
sleep 0.5
for _ in $(seq 16); do exec {fd}<>"/dev/tcp/127.0.0.1/$port"; idle+=("$fd"); done
sleep 0.3
ok "and a request beside them refused" test "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$url/api/v1/results")" = 000
for fd in "${idle[@]}"; do exec {fd}>&-; done
served_again() { for _ in $(seq 25); do alive && return 0; sleep 0.2; done; return 1; }
ok "once they close, served again" served_again

# A slow client: half a request, then nothing. The station closes it
# after its 15 s timeout (measured in the background meanwhile).
( exec 3<>"/dev/tcp/127.0.0.1/$port"; printf 'GET /api/v1/results HTTP/1.1\r\nHost: x\r\n' >&3
  start_s=$SECONDS; timeout 40 cat <&3 >/dev/null; echo $((SECONDS - start_s)) >"$tmp/slow" ) &
slow=$!

# ---- enrolment by pairing code --------------------------------------------------------
expect 0 "pairing code" -- station enroll --db "$db" --name k3
code3=$(sed -n 's/^pairing code.*: \([0-9]\{6\}\)$/\1/p' "$tmp/out")
expect 0 "pairing code" -- station enroll --db "$db" --name k4
code4=$(sed -n 's/^pairing code.*: \([0-9]\{6\}\)$/\1/p' "$tmp/out")
http 401 POST /api/v1/enroll --data-binary "{\"code\":\"$code3\",\"name\":\"k4\"}"
http 200 POST /api/v1/enroll --data-binary "{\"code\":\"$code3\",\"name\":\"k3\"}"
token3=$(jq -r .token "$tmp/body")
ok "the code gives a token" grep -qxE '[0-9a-f]{64}' <<<"$token3"
http 401 POST /api/v1/enroll --data-binary "{\"code\":\"$code3\"}"
http 400 POST /api/v1/enroll --data-binary '{"code":5}'
expect 0 "Saved as result 1" -- score --board "$board" --db "$tmp/k3.db" --round 4 --table 1 --black kiosk3 --white x
expect 0 "1 result sent" -- results --db "$tmp/k3.db" push --station "$url/" --token "$token3"
# Wrong codes in a row lock pairing, even for a right code.
for c in 000001 000002 000003; do http 401 POST /api/v1/enroll --data-binary "{\"code\":\"$c\"}"; done
http 429 POST /api/v1/enroll --data-binary '{"code":"000004"}'
http 429 POST /api/v1/enroll --data-binary "{\"code\":\"$code4\"}"
ok "locked: the message says so" grep -q "locked" "$tmp/body"

# ---- judges through the API: PIN, audit trail ----------------------------------------
u1=$("$seichi" results --db "$tmp/k1.db" list --json | jq -r '.results[0].uuid')
u2=$("$seichi" results --db "$tmp/k1.db" list --json | jq -r '.results[1].uuid')
u3=$("$seichi" results --db "$tmp/k1.db" list --json | jq -r '.results[2].uuid')
jbody='{"judge":"Ada","reason":"the players resigned, said both"}'
http 403 POST "/api/v1/results/$u2/correct" --data-binary "$jbody"
ok "no PIN set: refused" grep -q "PIN" "$tmp/body"
printf '2468\n' >"$tmp/pin"
expect 0 "" -- results --db "$db" set-pin --pin-file "$tmp/pin"
http 403 POST "/api/v1/results/$u2/correct" -H "X-Seichi-PIN: 1111" --data-binary '{"judge":"Ada","reason":"r","result":"B+R"}'
ok "a wrong PIN counts" grep -q "1 of 5" "$tmp/body"
http 404 POST "/api/v1/results/00000000-0000-4000-8000-000000000000/void" -H "X-Seichi-PIN: 2468" --data-binary "$jbody"
http 400 POST "/api/v1/results/$u2/correct" -H "X-Seichi-PIN: 2468" --data-binary '{"judge":"Ada","reason":"r","table":"x"}'
http 200 POST "/api/v1/results/$u2/correct" -H "X-Seichi-PIN: 2468" --data-binary '{"judge":"Ada","reason":"Black won by resignation","result":"B+R","white_player":"Player W2b"}'
ok "the correction answers the result" test "$(jq -r '.result.result + "," + .result.white_player + "," + (.changed|tostring)' "$tmp/body")" = "B+R,Player W2b,2"
id2=$(jq -r .result.id "$tmp/body")
expect 0 "Ada.*correct.*result.*W+18.5.*B+R" -- results --db "$db" audit "$id2"
expect 0 "Black won by resignation" -- results --db "$db" audit "$id2"
http 200 POST "/api/v1/results/$u2/confirm" -H "X-Seichi-PIN: 2468" --data-binary '{"judge":"Ada"}'
http 409 POST "/api/v1/results/$u2/correct" -H "X-Seichi-PIN: 2468" --data-binary '{"judge":"Ada","reason":"r","result":"W+R"}'
http 200 POST "/api/v1/results/$u3/void" -H "X-Seichi-PIN: 2468" --data-binary '{"judge":"Ada","reason":"played at the wrong table"}'
expect 0 "void" -- results --db "$db" audit "$("$seichi" results --db "$db" list --json | jq -r ".results[] | select(.uuid == \"$u3\") | .id")"
http 200 GET "/api/v1/results?round=2"
ok "states as judged" test "$(jq -r '[.results[] | .state] | join(",")' "$tmp/body")" = "agreed,confirmed,voided,agreed"

# ---- export: OpenGotha's file and CSV -------------------------------------------------
# A disputed result stays out of the export until a judge settles it.
jq -c --arg u "$(new_uuid)" '.uuid = $u | .round = 1 | .table = 3 | .state = "disputed"' "$tmp/r1.json" >"$tmp/disputed.json"
http 201 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/disputed.json"
expect 1 "round 1, table 3) is disputed" -- station export --db "$db" --csv "$tmp/disputed.csv"
expect 1 "round 4, table 1) is of no game" -- station export --db "$db" --opengotha "$tmp/out.xml"
ok "the OpenGotha file holds the results, nothing else changed" "$station_og" "$club" "$tmp/out.xml" 2:1:W 2:2:B
cp "$tmp/out.xml" "$tmp/out-kept.xml"
expect 2 "exists" -- station export --db "$db" --opengotha "$tmp/out.xml"
ok "an export never replaces a file unasked" cmp -s "$tmp/out.xml" "$tmp/out-kept.xml"
expect 1 "written" -- station export --db "$db" --opengotha "$tmp/out.xml" --force
expect 1 "written" -- station export --db "$db" --csv "$tmp/games.csv"
ok "CSV: header and one row a game" test "$(head -n 1 "$tmp/games.csv" | tr -d '\r')" = "round,table,black,white,result,state,source,uuid" -a "$(wc -l <"$tmp/games.csv")" = 7
ok "CSV: a corrected result" grep -q "^2,2,Sato Hana,Straße Anna,B+R,confirmed,Table 1 kiosk,$u2" "$tmp/games.csv"
# A game with no result standing at the station (here a disputed one) has
# the result entered in OpenGotha, as the file exported keeps it, and the
# station's state of it.
ok "CSV: a result entered in OpenGotha" grep -q "^1,3,Sato Hana,Durand Élodie,0,disputed,OpenGotha,"$'\r'"\$" "$tmp/games.csv"
expect 2 "needs one of" -- station export --db "$db"

# ---- another tournament's file is not imported over these results ----------------
# Its games at the same rounds and tables would take this event's results
# (exported into the wrong tournament's file). A renamed file is the same
# event; --same-event says so of another short name or date.
sed -e 's/shortName="clubopen26"/shortName="springcup27"/' -e 's/beginDate="2026-11-28"/beginDate="2027-03-06"/' \
    -e 's/name="Club Open 2026"/name="Spring Cup 2027"/' "$club" >"$tmp/spring.xml"
sed -e 's/name="Club Open 2026"/name="Club Open 2026 (Lyon)"/' "$club" >"$tmp/renamed.xml"
ok "the test's other tournament differs" test "$(grep -c springcup27 "$tmp/spring.xml"),$(grep -c 'Lyon)' "$tmp/renamed.xml")" = "1,1"
expect 2 "holds .* results of 'Club Open 2026'.*another tournament, 'Spring Cup 2027'" -- \
  station import --db "$db" --opengotha "$tmp/spring.xml"
expect 2 "new station database" -- station import --db "$db" --opengotha "$tmp/spring.xml"
expect 1 "written" -- station export --db "$db" --csv "$tmp/games-after.csv"
ok "a refused import changes nothing" cmp -s "$tmp/games.csv" "$tmp/games-after.csv"
expect 0 "imported 'Club Open 2026 (Lyon)'" -- station import --db "$db" --opengotha "$tmp/renamed.xml"
expect 0 "imported 'Spring Cup 2027'" -- station import --db "$db" --opengotha "$tmp/spring.xml" --same-event
expect 2 "another tournament, 'Club Open 2026'" -- station import --db "$db" --opengotha "$club"
expect 0 "imported 'Club Open 2026'" -- station import --db "$db" --opengotha "$club" --same-event
expect 2 "does not take" -- station export --db "$db" --csv "$tmp/x.csv" --same-event
# An older file of the tournament (round 1's pairing, imported after round
# 2's) would show the kiosks round 1's games again and leave round 2's
# results with no game: refused, nothing changed; --force imports it.
sed '/roundNumber="2"/d' "$club" >"$tmp/round1.xml"
sed '/roundNumber="2" tableNumber="1"/d' "$club" >"$tmp/no21.xml"
ok "the test's older files lack games" test "$(grep -c '<Game ' "$tmp/round1.xml"),$(grep -c '<Game ' "$tmp/no21.xml")" = "3,5"
expect 2 "pairs rounds up to 1, the one imported up to 2: an older file" -- station import --db "$db" --opengotha "$tmp/round1.xml"
ok "the older file's refusal says how on" grep -q -- "--force imports this one" "$tmp/out"
expect 2 "no game at round 2, table 1, where result [0-9]* stands" -- station import --db "$db" --opengotha "$tmp/no21.xml"
expect 1 "written" -- station export --db "$db" --csv "$tmp/games-older.csv"
ok "a refused older file changes nothing" cmp -s "$tmp/games.csv" "$tmp/games-older.csv"
# Round 2's tables renumbered (1 and 2 swapped): the result at table 1
# would be taken for other players; --same-event does not skip it.
sed -e 's/roundNumber="2" tableNumber="1"/roundNumber="2" tableNumber="X"/' -e 's/roundNumber="2" tableNumber="2"/roundNumber="2" tableNumber="1"/' \
    -e 's/roundNumber="2" tableNumber="X"/roundNumber="2" tableNumber="2"/' "$club" >"$tmp/swapped.xml"
expect 2 "pairs other players at round 2, table 1 (SATOHANA against STRASSEANNA, not DURANDÉLODIE against MÜLLERJÖRG)" -- \
  station import --db "$db" --opengotha "$tmp/swapped.xml"
expect 2 "an older file of the tournament" -- station import --db "$db" --opengotha "$tmp/round1.xml" --same-event
expect 0 "imported 'Club Open 2026': 6 players, 4 rounds, 3 games" -- station import --db "$db" --opengotha "$tmp/round1.xml" --force
expect 0 "imported 'Club Open 2026': 6 players, 4 rounds, 6 games" -- station import --db "$db" --opengotha "$club"
# With no result held, any tournament may follow another.
expect 0 "imported 'Spring Cup 2027'" -- station import --db "$tmp/fresh.db" --opengotha "$tmp/spring.xml"
expect 0 "imported 'Club Open 2026'" -- station import --db "$tmp/fresh.db" --opengotha "$club"
expect 0 "0 of 6 games with a result from the station, 3 as entered in OpenGotha" -- \
  station export --db "$tmp/fresh.db" --csv "$tmp/fresh.csv"
ok "CSV: OpenGotha's results, and none where it has none" \
  test "$(cut -d, -f1,2,5,7 "$tmp/fresh.csv" | tr -d '\r' | tail -n +2 | tr '\n' ' ')" = "1,1,W+,OpenGotha 1,2,B+F,OpenGotha 1,3,0,OpenGotha 2,1,, 2,2,, 2,3,, "
# "-" is standard output, the summary a note on standard error (-q: none).
(cd "$tmp" && "$seichi" station export --db "$tmp/fresh.db" --csv - -q >"$tmp/stdout.csv" 2>"$tmp/stderr.txt")
ok "export --csv - writes the CSV to standard output, no file named -" \
  sh -c "cmp -s '$tmp/fresh.csv' '$tmp/stdout.csv' && test ! -e '$tmp/-' && test ! -s '$tmp/stderr.txt'"
expect 0 "pairing code" -- station enroll --db "$tmp/empty.db" --name k
expect 2 "no tournament imported" -- station export --db "$tmp/empty.db" --csv "$tmp/x.csv"
# A disputed result at a table whose other result was voided (round 2,
# table 3) is missing from the EGD table, not a game not played.
jq -c --arg u "$(new_uuid)" '.uuid = $u | .round = 2 | .table = 3 | .state = "disputed"' "$tmp/r1.json" >"$tmp/dv.json"
http 201 POST /api/v1/results "${auth[@]}" --data-binary @"$tmp/dv.json"
expect 2 "without a result: .*round 2 table 3" -- station export --db "$db" --egd "$tmp/dv.h"
ok "a disputed game is missing whatever OpenGotha's file says" grep -q "without a result: round 1 table 3, " "$tmp/out"
ok "a disputed game is not written as not played" test ! -e "$tmp/dv.h"

wait "$slow"
ok "a slow client is cut off after the timeout ($(cat "$tmp/slow") s)" test "$(cat "$tmp/slow")" -ge 12 -a "$(cat "$tmp/slow")" -le 25

# ---- parallel pushers, the station killed and restarted -------------------------------
fixed=$port
pushers=
for k in 1 2 3; do
  expect 0 "pairing code" -- station enroll --db "$db" --name "p$k"
  cp "$tmp/out" "$tmp/p$k.enroll"
  for t in 1 2 3 4 5; do
    "$seichi" score --board "$board" --db "$tmp/p$k.db" --round 3 --table $((100 * k + t)) >/dev/null 2>&1
  done
done
# Down when the pushers start (so they meet it unreachable), then up and
# killed again four times under them, then up for good.
kill -KILL "$spid"; wait "$spid" 2>/dev/null
for k in 1 2 3; do
  ( for _ in $(seq 200); do
      "$seichi" results --db "$tmp/p$k.db" push --station "$url" --token-file "$tmp/p$k.enroll" >>"$tmp/push$k.log" 2>&1 && exit 0
      sleep 0.05
    done; exit 1 ) &
  pushers="$pushers $!"
done
for _ in 1 2 3 4; do
  sleep 0.2
  start "$fixed"
  sleep 0.15
  kill -KILL "$spid"; wait "$spid" 2>/dev/null
done
sleep 0.2
start "$fixed"
allok=1
for p in $pushers; do wait "$p" || allok=0; done
pushers=
ok "every pusher got through" test $allok = 1
http 200 GET "/api/v1/results?round=3"
ok "15 results, each once" test "$(jq '[.results[] | .uuid] | length' "$tmp/body"),$(jq '[.results[] | .uuid] | unique | length' "$tmp/body")" = "15,15"
ok "the kills interrupted pushes" grep -q "unreachable" "$tmp/push1.log" "$tmp/push2.log" "$tmp/push3.log"
expect 0 "" -- results --db "$db" list

# ---- stopping cleanly ------------------------------------------------------------------
kill -INT "$spid"
wait "$spid"
rc=$?
ok "SIGINT stops the station with exit 0" test $rc = 0
ok "and it says so" grep -q "stopping (SIGINT)" "$tmp/srv.out"
spid=

# ---- a tournament day, end to end, with photos --------------------------------------
# The director imports OpenGotha's file, enrols two kiosks, each kiosk
# counts a photo of its board and pushes it, a judge corrects one with the
# PIN (an audit entry), and the OpenGotha file comes back with the results.
db="$tmp/day.db"
photo="$src/images/renders/r003.jpg" # 19x19, as the tournament's board
expect 0 "6 players, 4 rounds, 6 games" -- station import --db "$db" --opengotha "$club"
for t in 1 2; do
  expect 0 "pairing code" -- station enroll --db "$db" --name "Table $t"
  cp "$tmp/out" "$tmp/day$t.enroll"
  expect 0 "Saved as result 1" -- score "$photo" --db "$tmp/day-kiosk$t.db" --round 1 --table "$t"
done
start 0
for t in 1 2; do
  expect 0 "1 result sent" -- results --db "$tmp/day-kiosk$t.db" push --station "$url" --token-file "$tmp/day$t.enroll"
done
http 200 GET "/api/v1/results?round=1"
# Table 2's game has a handicap of 3 stones; its photo was counted as an
# even game (no --handicap): the station disputes it, saying why.
ok "the day: both photos' results at the station, from their kiosks" \
  test "$(jq -r '[.results[] | "\(.table):\(.source):\(.state)"] | sort | join(",")' "$tmp/body")" = "1:Table 1:agreed,2:Table 2:disputed"
w1=$(jq -r '.results[] | select(.table == 1) | .result[0:1]' "$tmp/body")
u2=$(jq -r '.results[] | select(.table == 2) | .uuid' "$tmp/body")
id2=$(jq -r '.results[] | select(.table == 2) | .id' "$tmp/body")
expect 0 "station.*disputed.*counted with handicap 0, the pairing's is 3" -- results --db "$db" audit "$id2"
printf '8642\n8642\n' >"$tmp/daypin"
expect 0 "" -- results --db "$db" set-pin --pin-file "$tmp/daypin"
http 200 POST "/api/v1/results/$u2/correct" -H "X-Seichi-PIN: 8642" \
  --data-binary '{"judge":"Ada","reason":"White resigned; the board was counted by mistake","result":"B+R"}'
expect 0 "Ada.*result.*B+R" -- results --db "$db" audit "$id2"
expect 1 "round 1, table 2) is disputed" -- station export --db "$db" --opengotha "$tmp/day-out.xml"
http 200 POST "/api/v1/results/$u2/confirm" -H "X-Seichi-PIN: 8642" --data-binary '{"judge":"Ada"}'
expect 0 "written" -- station export --db "$db" --opengotha "$tmp/day-out.xml" --force
ok "the day: OpenGotha's file holds both results, nothing else changed" "$station_og" "$club" "$tmp/day-out.xml" \
  "1:1:$w1" 1:2:B
# Colours swapped at the board: the pairing's two players, Black and White
# the other way round (the names typed given name first, in lower case:
# the same players). The station disputes it; confirmed by a judge, the
# export gives the win to the player who won, in the pairing's colours.
http 200 GET "/api/v1/pairing?round=2&table=1"
pb=$(jq -r '.black.name + " " + .black.first_name' "$tmp/body")
pw=$(jq -r '.white.first_name + " " + .white.name | ascii_downcase' "$tmp/body")
ok "round 2, table 1 is an even game" test "$(jq -r .handicap "$tmp/body")" = 0
expect 0 "pairing code" -- station enroll --db "$db" --name "Table 9"
cp "$tmp/out" "$tmp/day9.enroll"
expect 0 "Saved as result 1" -- score --board "$board" --db "$tmp/day-kiosk9.db" --round 2 --table 1 --black "$pw" --white "$pb"
expect 0 "1 result sent" -- results --db "$tmp/day-kiosk9.db" push --station "$url" --token-file "$tmp/day9.enroll"
http 200 GET "/api/v1/results?round=2"
res9=$(jq -r '.results[] | select(.table == 1) | .result' "$tmp/body")
u9=$(jq -r '.results[] | select(.table == 1) | .uuid' "$tmp/body")
ok "swapped colours: disputed" test "$(jq -r '.results[] | select(.table == 1) | .state' "$tmp/body")" = disputed
expect 0 "this result has them with the colours swapped" -- results --db "$db" audit "$(jq -r '.results[] | select(.table == 1) | .id' "$tmp/body")"
http 200 POST "/api/v1/results/$u9/confirm" -H "X-Seichi-PIN: 8642" --data-binary '{"judge":"Ada"}'
expect 0 "played with the pairing's colours swapped: $res9, written for the player who won as" -- station export --db "$db" --csv "$tmp/day.csv"
flipped=$(printf '%s' "$res9" | tr BW WB)
ok "swapped colours: the CSV gives the game to the player who won ($res9 as $flipped)" \
  grep -q "^2,1,$pb,[^,]*,$flipped,confirmed,Table 9,$u9" "$tmp/day.csv"
# The same text from the pairing's players in the pairing's colours is the
# other player's win: a dispute, not the same result again.
pw0=$(jq -r '.white.name + " " + .white.first_name' <<<"$(curl -s "$url/api/v1/pairing?round=2&table=1")")
expect 0 "Saved as result 2" -- score --board "$board" --db "$tmp/day-kiosk9.db" --round 2 --table 1 --black "$pb" --white "$pw0"
expect 0 "1 result sent" -- results --db "$tmp/day-kiosk9.db" push --station "$url" --token-file "$tmp/day9.enroll"
http 200 GET "/api/v1/results?round=2"
ok "the same text in the pairing's colours after a swapped one: disputed" \
  test "$(jq -r --arg u "$u9" '[.results[] | select(.table == 1 and .uuid != $u) | .state] | join(",")' "$tmp/body")" = disputed
# A kiosk set to another komi than the tournament's (7.5), on an even
# game, and a board of another size: each disputed, saying why.
expect 0 "Saved as result 1" -- score --board "$board" --komi 6.5 --db "$tmp/day-komi.db" --round 2 --table 2
expect 0 "Saved as result 2" -- score "$src/images/renders/r026.jpg" --checked --db "$tmp/day-komi.db" --round 2 --table 3
expect 0 "2 results sent" -- results --db "$tmp/day-komi.db" push --station "$url" --token-file "$tmp/day1.enroll"
http 200 GET "/api/v1/results?round=2"
jq '.results |= map(select(.table != 1))' "$tmp/body" >"$tmp/body2" && mv "$tmp/body2" "$tmp/body"
ok "the day: a komi and a board size not the tournament's disputed" \
  test "$(jq -r '[.results[] | "\(.table):\(.state)"] | sort | join(",")' "$tmp/body")" = "2:disputed,3:disputed"
idk=$(jq -r '.results[] | select(.table == 2) | .id' "$tmp/body")
ids=$(jq -r '.results[] | select(.table == 3) | .id' "$tmp/body")
expect 0 "station.*disputed.*counted with komi 6.5, the tournament's is 7.5" -- results --db "$db" audit "$idk"
expect 0 "station.*disputed.*counted on a 9x9 board, the tournament's is 19x19" -- results --db "$db" audit "$ids"
# Ing's komi 8 gives a drawn count to Black: the same winner as the
# tournament's 7.5, no dispute (round 3, paired now: the next round's file).
sed 's|</Games>|<Game blackPlayer="SATOHANA" handicap="0" knownColor="true" result="RESULT_UNKNOWN" roundNumber="3" tableNumber="1" whitePlayer="DURANDÉLODIE"/>\n</Games>|' \
  "$club" >"$tmp/round3.xml"
expect 0 "6 players, 4 rounds, 7 games" -- station import --db "$db" --opengotha "$tmp/round3.xml"
expect 0 "Saved as result 3" -- score --board "$board" --rules ing --db "$tmp/day-komi.db" --round 3 --table 1
expect 0 "1 result sent" -- results --db "$tmp/day-komi.db" push --station "$url" --token-file "$tmp/day1.enroll"
http 200 GET "/api/v1/results?round=3"
ok "the day: Ing's komi 8 on an even game of a komi 7.5 tournament agreed" \
  test "$(jq -r '[.results[] | "\(.table):\(.state)"] | join(",")' "$tmp/body")" = "1:agreed"
# Pushes from one kiosk database at once (the kiosk's sender and a push
# typed at its console), with a result saved meanwhile: each waits its turn
# for the database and every result arrives once (a push that held its
# listing open across its writes failed with "database is locked").
for t in 1 2 3 4 5 6; do
  "$seichi" score --board "$board" --db "$tmp/par.db" --round 4 --table "$t" --black "P$t" --white "Q$t" >/dev/null 2>&1
done
before=$(count_results)
pids=
for i in 1 2 3; do
  "$seichi" results --db "$tmp/par.db" push --station "$url" --token-file "$tmp/day9.enroll" >"$tmp/par$i.out" 2>&1 &
  pids="$pids $!"
done
"$seichi" score --board "$board" --db "$tmp/par.db" --round 4 --table 7 --black P7 --white Q7 >/dev/null 2>&1
wait $pids # (not the station, also in the background)
for i in 1 2 3; do
  ok "pushes at once: push $i neither locked out nor failed" sh -c "! grep -q 'locked\|cannot' '$tmp/par$i.out'"
done
expect 0 "0 waiting" -- results --db "$tmp/par.db" push --station "$url" --token-file "$tmp/day9.enroll"
ok "pushes at once: all seven results at the station, once each" test "$(count_results)" = "$((before + 7))"
kill -INT "$spid"
wait "$spid"
spid=

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
