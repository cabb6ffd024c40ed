#!/bin/sh
# library.sh - libseichi-rules as another program sees it: installed with
# `cmake --install --component rules --prefix DIR`, the README's example
# (taken from the README itself, between its markers) built with
# `cc ex.c $(pkg-config --cflags --libs seichi-rules)`, once against the
# shared library and once against the static one, and run on board diagrams
# of the repository: it must print the result `seichi score` gives. Also: the
# shared library exports only sei_ names, and needs no library but libc.
# Usage: library.sh SEICHI BUILD_DIR SOURCE_DIR
seichi=$1
build=$2
src=$3
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/expect.sh"
cc=${CC:-cc}
if ! command -v pkg-config >/dev/null 2>&1; then
  echo "pkg-config is not installed: the library's use is not checked"
  exit 77
fi

cmake --install "$build" --component rules --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1
ok "cmake --install --component rules" test $? = 0
pc=$(find "$tmp/prefix" -name seichi-rules.pc | head -n 1)
ok "seichi-rules.pc installed" test -n "$pc"
pcdir=$(dirname "$pc")
ok "the headers under include/seichi/" test -f "$tmp/prefix/include/seichi/seichi.h" -a -f "$tmp/prefix/include/seichi/count.h"
libdir=$(PKG_CONFIG_PATH="$pcdir" pkg-config --variable=libdir seichi-rules)
ok "static and shared libraries in the pc file's libdir ($libdir)" \
  test -f "$libdir/libseichi-rules.a" -a -f "$libdir/libseichi-rules.so"

sed -n '/^<!-- example ex.c -->$/,/^<!-- end example -->$/p' "$src/README.md" | sed '1,2d;$d' | sed '$d' >"$tmp/ex.c"
ok "the README's example found" grep -q "sei_count_make" "$tmp/ex.c"
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs seichi-rules)
$cc -std=c11 -Wall -Wextra -Werror "$tmp/ex.c" $flags -o "$tmp/ex-shared" 2>"$tmp/cc.log"
ok "the example builds against the shared library ($(head -c 300 "$tmp/cc.log"))" test -x "$tmp/ex-shared"
$cc -std=c11 -Wall -Wextra -Werror -I"$tmp/prefix/include" "$tmp/ex.c" "$libdir/libseichi-rules.a" -o "$tmp/ex-static" 2>"$tmp/cc.log"
ok "the example builds against the static library ($(head -c 300 "$tmp/cc.log"))" test -x "$tmp/ex-static"
ok "the shared example loads the installed library" \
  sh -c "LD_LIBRARY_PATH='$libdir' ldd '$tmp/ex-shared' | grep -q '$libdir/libseichi-rules.so'"

n=0
for board in "$src"/tests/boards/*.board "$src"/kiosk/samples/*.board; do
  [ -f "$board" ] || continue
  for rules in japanese chinese; do
    want=$("$seichi" score --board "$board" --rules "$rules" --dead auto --json 2>/dev/null | jq -r .result)
    [ -n "$want" ] && [ "$want" != null ] || continue
    got_s=$(LD_LIBRARY_PATH="$libdir" "$tmp/ex-shared" "$rules" <"$board" 2>&1)
    got_a=$("$tmp/ex-static" "$rules" <"$board" 2>&1)
    ok "$(basename "$board") under $rules: the example says $want (shared: $got_s, static: $got_a)" \
      test "$got_s" = "$want" -a "$got_a" = "$want"
    n=$((n + 1))
  done
done
ok "boards counted by the example: $n" test "$n" -ge 4

shared=$(ls "$libdir"/libseichi-rules.so.* | head -n 1)
others=$(nm -D --defined-only "$shared" | awk '$2 ~ /^[TDBR]$/ {print $3}' | grep -v '^sei_' | grep -v '^_' | head -n 5)
ok "the shared library exports only sei_ names (others: $others)" test -z "$others"
needed=$(objdump -p "$shared" | awk '/NEEDED/ {print $2}' | grep -v '^libc\.so' | tr '\n' ' ')
ok "the shared library needs libc only (also: $needed)" test -z "$needed"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
