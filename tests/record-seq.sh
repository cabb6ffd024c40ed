#!/bin/sh
# record-seq.sh SEICHI DIR... - `seichi record` (through `seichi bench
# record`, which compares with each folder's truth.sgf under the board's
# rotations) on committed rendered games: every move right, none invented, every end seen.
set -u
seichi="$1"
shift
out=$(nice "$seichi" bench record "$@") || { echo "$out"; echo "record-seq: bench record failed"; exit 1; }
echo "$out"
n=$#
echo "$out" | grep -q "^$n games\?: .* 0 invented, 0 missed, $n perfect" || { echo "record-seq: not every game recorded perfectly"; exit 1; }
echo "$out" | grep -q " \([0-9]*\) of \1 ends seen" || { echo "record-seq: an end of game missed"; exit 1; }
