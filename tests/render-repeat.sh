#!/bin/sh
# render-repeat.sh - the scene generator renders the same picture and truth
# again byte for byte (what `make model` needs to give the committed models
# back on other machines): one small scene with a lamp
# and noise, rendered twice, compared.
# With the shared SGF sets, --only remakes one picture of the committed
# test set with the truth committed for it, byte for byte, and nothing else;
# and --set classic-sun --only 1 makes s001 alone, as a full run makes it,
# with sunlight named in its truth.
# Skips (exit 77) without POV-Ray or ImageMagick.
# Usage: render-repeat.sh SOURCE_DIR [SHARED_DIR]
set -u
src=$1 shared=${2:-}
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
if [ -n "$shared" ] && [ -d "$shared/sgf" ]; then
  python3 "$src/images/generator/render.py" --set test --only 84 --fast --width 1280 --height 960 \
    --sgf-root "$shared/sgf" --out "$tmp/only" >/dev/null || { echo "FAIL: render.py --only failed"; exit 1; }
  made=$(cd "$tmp/only" && ls | grep -v '^INDEX.md$' | tr '\n' ' ')
  if [ "$made" != "t084.jpg t084.json " ]; then
    echo "FAIL: --only 84 made: $made"; fail=1
  elif ! cmp -s "$tmp/only/t084.json" "$src/images/testset/t084.json"; then
    echo "FAIL: --only 84 gave another truth than images/testset/t084.json"; fail=1
  else
    echo "render-repeat: --only 84 made t084 alone, its truth as committed"
  fi
  # The classic sets honour --only too (a picture as the full run makes
  # it): classic-sun's second picture alone, against a run of two.
  for run in full one; do
    only=; [ $run = one ] && only="--only 1"
    python3 "$src/images/generator/render.py" --set classic-sun --count 2 $only --fast --width 240 --height 180 \
      --sgf-root "$shared/sgf" --out "$tmp/sun-$run" >/dev/null || { echo "FAIL: render.py --set classic-sun failed"; exit 1; }
  done
  made=$(cd "$tmp/sun-one" && ls | tr '\n' ' ')
  if [ "$made" != "s001.jpg s001.json " ]; then
    echo "FAIL: classic-sun --only 1 made: $made"; fail=1
  elif ! cmp -s "$tmp/sun-one/s001.jpg" "$tmp/sun-full/s001.jpg" || ! cmp -s "$tmp/sun-one/s001.json" "$tmp/sun-full/s001.json"; then
    echo "FAIL: classic-sun --only 1 differs from the full run's s001"; fail=1
  elif ! grep -q "sunlight through a window" "$tmp/sun-one/s001.json"; then
    echo "FAIL: classic-sun's s001 has no sunlight in its notes"; fail=1
  else
    echo "render-repeat: classic-sun --only 1 made s001 alone, as the full run, in sunlight"
  fi
else
  echo "render-repeat: no shared SGF sets, --only not checked"
fi
exit $fail
