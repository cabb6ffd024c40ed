#!/bin/sh
# render-repeat.sh - the scene generator renders the same picture and truth
# again byte for byte (what `make model` needs to give the committed model
# back): one small scene with a lamp and noise, rendered twice, compared.
# Skips (exit 77) without POV-Ray or ImageMagick.
# Usage: render-repeat.sh SOURCE_DIR
set -u
src=$1
for tool in povray convert python3 cmp; do
  command -v $tool >/dev/null 2>&1 || { echo "render-repeat: $tool absent, skipped"; exit 77; }
done
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for run in a b; do
  python3 "$src/images/generator/render.py" --random 1 --size 9 --seed 3 --lamp --noise --fast \
    --width 240 --height 180 --out "$tmp/$run" >/dev/null || { echo "FAIL: render.py failed"; exit 1; }
done
fail=0
for f in g000.jpg g000.json; do
  if [ ! -s "$tmp/a/$f" ]; then
    echo "FAIL: no $f written"; fail=1
  elif ! cmp -s "$tmp/a/$f" "$tmp/b/$f"; then
    echo "FAIL: $f differs between two renders of the same scene"; fail=1
  fi
done
[ $fail = 0 ] && echo "render-repeat: the same picture and truth twice"
exit $fail
