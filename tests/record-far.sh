#!/bin/sh
# record-far.sh SEICHI DIR OUT - `seichi record` on the first 42 frames of
# the rendered far25-13x13 game (images/far: a 13x13 board a quarter of an
# 800x600 frame, its grid lines a pixel wide drawn as dots): the board is
# found (the zoom stage's ink and its look with the dots joined), the four
# moves before the bump are recorded, and no end of game is called after
# the bump, which the tracker does not follow on this board (its stones,
# read off a lattice knocked off the board, once made a resignation).
set -u
seichi="$1" dir="$2" out="$3"
rm -f "$out"
log=$("$seichi" record --source "$dir" --sgf "$out" 2>&1) || { echo "$log"; echo "record-far: record failed"; exit 1; }
echo "$log"
moves=$(tr -d '\n' < "$out" | grep -o ';[BW]\[[a-s][a-s]\]' | tr -d '\n')
[ "$moves" = ";B[cc];W[dk];B[jd];W[kj]" ] || { echo "record-far: moves '$moves', not the game's four"; exit 1; }
if grep -q 'RE\[' "$out"; then
  echo "record-far: an end of game the game does not have: $(grep -o 'RE\[[^]]*\]' "$out")"
  exit 1
fi
echo "record-far: the four moves, and no end"
