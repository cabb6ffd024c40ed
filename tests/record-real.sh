#!/bin/sh
# record-real.sh SEICHI SRC SHARED OUT - `seichi record` on the real photo
# games of SHARED (scripts/shared-sequences.py links them into OUT, nothing
# copied): Tengen-Go's 9x9 and 13x13 games and imago's t1, t2 and t3
# games, each recorded perfectly (record-seq.sh). (imago's t1 was left out
# while its truth.sgf had its second move black: its phone was turned
# between its second and third photos, and the truths were not turned
# with it.) Skipped (77) when SHARED has no photos.
set -u
seichi="$1" src="$2" shared="$3" out="$4"
if [ ! -d "$shared/photos/imago-tests" ] || [ ! -d "$shared/photos/Tengen-Go" ]; then
  echo "record-real: $shared/photos absent: skipped"
  exit 77
fi
rm -rf "$out"
/usr/bin/python3 "$src/scripts/shared-sequences.py" --shared "$shared" "$out" >/dev/null || { echo "record-real: shared-sequences.py failed"; exit 1; }
for g in tengen-9x9 tengen-13x13 imago-t1 imago-t2 imago-t3; do
  [ -f "$out/$g/truth.sgf" ] || { echo "record-real: $out/$g not made"; exit 1; }
done
exec sh "$src/tests/record-seq.sh" "$seichi" "$out/tengen-9x9" "$out/tengen-13x13" "$out/imago-t1" "$out/imago-t2" "$out/imago-t3"
