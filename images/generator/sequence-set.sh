#!/bin/sh
# sequence-set.sh OUT [SHARED] - render the benchmark's game sequences
# (game records from SHARED/sgf, default ../shared) into OUT, two at a
# time. About 20 minutes on two cores. `make sequences` runs it.
set -eu
out="$1"
shared="${2:-$(dirname "$0")/../../../shared}"
games="$shared/sgf/gnugo-regression-games"
tygem="$shared/sgf/tygem-9d-2005-11"
[ -d "$games" ] || { echo "sequence-set: $games absent: no sequences to render" >&2; exit 0; }
gen="$(dirname "$0")/sequence.py"
mkdir -p "$out"
# name game moves seed: captures fall inside the moves of all but the 19x19 one
set -- \
  "g9-a $games/9x9-4.sgf 24 a" \
  "g9-b $games/cgf2005__9x9__caren1.sgf 20 b" \
  "g9-c $games/olympiad2004__9x9__ata-gnu.sgf 20 c" \
  "g13-a $games/mertin13x13__GNDA3.sgf 20 d" \
  "g13-b $games/mertin13x13__GNDA2.sgf 25 e" \
  "g19-a $(ls "$tygem"/*.sgf | head -1) 25 f"
i=0
for spec in "$@"; do
  set -- $spec
  python3 "$gen" --sgf "$2" --moves "$3" --seed "$4" --out "$out/$1" &
  i=$((i + 1))
  [ $((i % 2)) -eq 0 ] && wait
done
wait
