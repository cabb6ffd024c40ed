#!/bin/sh
# sequence-set.sh OUT [SHARED] - render the benchmark's game sequences
# (game records from SHARED/sgf, default ../shared) into OUT, two at a
# time. About an hour on two cores. ONLY=PATTERN renders only the games
# whose name matches that shell pattern (e.g. ONLY='far*'). `make sequences` runs it.
set -eu
out="$1"
shared="${2:-$(dirname "$0")/../../../shared}"
games="$shared/sgf/gnugo-regression-games"
tygem="$shared/sgf/tygem-9d-2005-11"
[ -d "$games" ] || { echo "sequence-set: $games absent: no sequences to render" >&2; exit 0; }
gen="$(dirname "$0")/sequence.py"
mkdir -p "$out"
# name game moves seed [fill]: captures fall inside the moves of the first
# five. The far-* games are short ones seen from further away, 800x600,
# at every camera distance the generator draws for its test set (the board
# from a fifth of the frame's taller side up to two thirds; the first six
# are the default 0.75-0.9), each pixel the mean of 3x3 rays as a camera's
# pixel gathers light (--camera): their grid lines are thinner than a pixel.
t19="$(ls "$tygem"/*.sgf | head -1)"
set -- \
  "g9-a $games/9x9-4.sgf 24 a" \
  "g9-b $games/cgf2005__9x9__caren1.sgf 20 b" \
  "g9-c $games/olympiad2004__9x9__ata-gnu.sgf 20 c" \
  "g13-a $games/mertin13x13__GNDA3.sgf 20 d" \
  "g13-b $games/mertin13x13__GNDA2.sgf 25 e" \
  "g19-a $t19 25 f" \
  "far20-9x9 $games/9x9-1.sgf 8 q0 0.2" \
  "far25-9x9 $games/cgf2005__9x9__caren1.sgf 8 q1 0.25" \
  "far35-9x9 $games/9x9-2.sgf 8 q2 0.35" \
  "far50-9x9 $games/9x9-3.sgf 8 q3 0.5" \
  "far65-9x9 $games/cgf2005__9x9__aya1.sgf 8 q4 0.65" \
  "far25-13x13 $games/mertin13x13__GNDA3.sgf 8 q5 0.25" \
  "far50-13x13 $games/mertin13x13__GNDA2.sgf 8 q6 0.5" \
  "far25-19x19 $t19 8 q7 0.25" \
  "far50-19x19 $t19 8 q8 0.5"
i=0
for spec in "$@"; do
  set -- $spec
  case "$1" in ${ONLY:-*}) ;; *) continue ;; esac
  if [ $# -ge 5 ]; then
    python3 "$gen" --sgf "$2" --moves "$3" --seed "$4" --fill "$5" --width 800 --height 600 --camera --out "$out/$1" &
  else
    python3 "$gen" --sgf "$2" --moves "$3" --seed "$4" --out "$out/$1" &
  fi
  i=$((i + 1))
  [ $((i % 2)) -eq 0 ] && wait
done
wait
