#!/bin/bash
# egd.sh SEICHI SOURCE_DIR - the EGF's tournament table for the European Go
# Database, as data: the tournament tests/opengotha/egd-cup.xml (results
# entered in OpenGotha for two games, a forfeit, a voided game, two results
# at one table, a bye each round, a player in no game) with results stored
# as a station stores them, exported and compared byte for byte with
# tests/opengotha/egd-cup.h; refused while results are missing, naming the
# tables; written as not played with --partial. Prints "N passed, N failed".
seichi="$1"
src="$2"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db="$tmp/desk.db"
board="$src/kiosk/samples/club-game-19.board"
cup="$src/tests/opengotha/egd-cup.xml"
want="$src/tests/opengotha/egd-cup.h"
. "$src/tests/expect.sh" # expect, expect_pin, ok
# game ROUND TABLE: a counted result at that table (the sample board: White
# wins), counted with the pairing's handicap (another is disputed on saving).
game() {
  h=$(grep -o "handicap=\"[0-9]*\"[^/]*roundNumber=\"$1\" tableNumber=\"$2\"" "$cup" | sed 's/^handicap="\([0-9]*\)".*/\1/')
  expect 0 "Saved as result" -- score --board "$board" --db "$db" --event "EGD Cup 2026" --round "$1" --table "$2" \
    --handicap "${h:-0}"
}
printf '2468\n' >"$tmp/pin"
judge() {  # judge ACTION N [ARGS]: a judge's correction or void, with the PIN
  a="$1" n="$2"; shift 2
  expect 0 "" -- results --db "$db" "$a" "$n" --judge Ann --reason "table slip" --pin-file "$tmp/pin" "$@"
}

expect 0 "8 players, 3 rounds, 9 games" -- station import --db "$db" --opengotha "$cup"
expect_pin 2468 0 "Judge PIN set" -- results --db "$db" set-pin
expect 2 "7 games without a result: round 1 table 2, round 1 table 3, round 2 table 1" -- \
  station export --db "$db" --egd "$tmp/cup.h"
ok "nothing written while refused" test ! -e "$tmp/cup.h"
expect 2 "only with --egd\|does not take" -- station export --db "$db" --csv "$tmp/x.csv" --partial
expect 2 "one of --opengotha OUT, --csv OUT and --egd OUT" -- \
  station export --db "$db" --csv "$tmp/x.csv" --egd "$tmp/cup.h"

game 1 2                 # 1: White wins (handicap 3)
game 1 3; judge correct 2 --result B+R
game 2 1; judge correct 3 --result B+F   # won by default
game 2 2; judge void 4                   # voided: not played
game 3 1; judge correct 5 --result B+R
expect 2 "2 games without a result: round 3 table 2, round 3 table 3 (" -- station export --db "$db" --egd "$tmp/cup.h"
ok "a voided game is not a missing one" sh -c "! grep -q 'without a result:.*round 2 table 2' '$tmp/out'"
ok "a voided game is named" grep -q "round 2 table 2: its result was voided: written as not played" "$tmp/out"
expect 1 "written as not played (--partial): round 3 table 2, round 3 table 3" -- \
  station export --db "$db" --egd "$tmp/cup.h" --partial
ok "the partial table says so" grep -q "^; Partial: 2 games without a result written as not played" "$tmp/cup.h"
ok "the partial table writes them 0=" grep -q "^   .*Straße Anna .*  0=$" "$tmp/cup.h"
expect 2 "exists" -- station export --db "$db" --egd "$tmp/cup.h"

game 3 2                                 # 6: W+18.5, then a later result at the same table
game 3 2                                 # 7: the same result again, no dispute
# A judge's correction is checked as a save is: 7 now says otherwise, and
# neither stands until a judge says which.
expect 0 "then the station: state 'agreed' -> 'disputed' (another result for round 3, table 2: W+18.5 (result 6))" -- \
  results --db "$db" correct 7 --judge Ann --reason "table slip" --pin-file "$tmp/pin" --result B+R
ok "a correction that makes a table's results disagree: both disputed" \
  test "$("$seichi" results --db "$db" list --json | jq -r '[.results[] | select(.round == 3 and .table == 2) | .state] | join(",")')" = "disputed,disputed"
game 3 3; judge correct 8 --result W+T
expect 2 "1 game without a result: round 3 table 2 (" -- station export --db "$db" --egd "$tmp/cup.h" --force
ok "a disputed table is named" grep -q "result 7 (round 3, table 2) is disputed: left out" "$tmp/out"
# A result voided beside a live one at its table leaves the live one standing.
game 1 2; judge void 9
expect 1 "written" -- station export --db "$db" --csv "$tmp/x.csv"
ok "a voided result beside a live one" grep -q "^1,2,.*,W+[0-9.]*,agreed," "$tmp/x.csv"
# A result voided where OpenGotha's file has one (perhaps the station's
# own, exported and imported back): the file's stands, and it is said.
game 1 1; judge void 10
expect 1 "round 1 table 1: the station's result was voided, and OpenGotha's file gives W+" -- \
  station export --db "$db" --csv "$tmp/x.csv" --force
judge confirm 7
expect 1 "round 3 table 2: confirmed result 7 stands over the 1 other there" -- \
  station export --db "$db" --egd "$tmp/cup.h" --force
ok "the table is the expected one (tests/opengotha/egd-cup.h)" cmp "$tmp/cup.h" "$want"
cmp "$tmp/cup.h" "$want" >/dev/null || diff "$want" "$tmp/cup.h"
# Every line of a player has the three rounds and its place, one place each.
ok "one line a player in a game, places 1 to 7" \
  test "$(grep -v '^;' "$tmp/cup.h" | awk '{print $1}' | tr '\n' ' ')" = "1 2 3 4 5 6 7 "

# A result typed at the desk is checked as a kiosk's is on arrival: at a
# table whose result says otherwise, both become disputed.
expect 0 "saved as disputed, for a judge to settle: another result for round 3, table 3" -- \
  score --board "$board" --db "$db" --round 3 --table 3 --komi 0.5 --handicap 0
ok "the desk's result saved, and why it is disputed said" \
  sh -c "grep -q 'Saved as result 11' '$tmp/out' && grep -q \"counted with komi 0.5, the tournament's is 7.5\" '$tmp/out'"
ok "a desk's result at a taken table that says otherwise: both disputed" \
  test "$("$seichi" results --db "$db" list --json | jq -r '[.results[] | select(.round == 3 and .table == 3) | .state] | join(",")')" = "disputed,disputed"
expect 0 "station.*disputed.*counted with komi 0.5, the tournament's is 7.5" -- results --db "$db" audit 11

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
