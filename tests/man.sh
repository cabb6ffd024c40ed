#!/bin/sh
# man.sh - the manual page against the program: groff renders it without a
# warning, every command `seichi help` lists has its own section (.SS), every
# subcommand of results, station and bench is named in it, its title carries
# the version `seichi --version` prints, and every command and subcommand
# answers --help with its usage (exit 0, on standard output) and refuses an
# unknown option as the page says (exit 2, a message naming it on standard
# error, nothing on standard output).
# Usage: man.sh SEICHI MANPAGE
seichi=$1
page=$2
pass=0
fail=0
ok() {
  what=$1
  shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}
# refuses WORDS...: seichi WORDS --no-such-option exits 2, names the option
# on standard error and prints nothing on standard output.
refuses() {
  "$seichi" "$@" --no-such-option >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  ok "'$* --no-such-option' exits 2 (got $rc)" test $rc = 2
  ok "'$* --no-such-option' names it on standard error" grep -q -- "--no-such-option" "$tmp/err"
  ok "'$* --no-such-option' prints nothing on standard output" test ! -s "$tmp/out"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if command -v groff >/dev/null 2>&1; then
  groff -man -ww -z "$page" 2>"$tmp/groff"
  ok "groff renders the page without a warning ($(head -n 3 "$tmp/groff"))" test ! -s "$tmp/groff"
else
  echo "note: groff is not installed: the page's rendering is not checked"
fi

# The commands: the first word of each entry of `seichi help`.
"$seichi" help >"$tmp/help"
ok "help exits 0" test $? = 0
cmds=$(sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p; s/^  \([a-z][a-z-]*\)$/\1/p' "$tmp/help" | sort -u)
ok "help lists commands" test -n "$cmds"
for c in $cmds; do
  ok "the page has a section for '$c'" grep -qx "\.SS $c" "$page"
  "$seichi" "$c" --help >"$tmp/out" 2>"$tmp/err"
  rc=$?
  ok "'$c --help' exits 0 (got $rc)" test $rc = 0
  ok "'$c --help' prints its usage on standard output" grep -q "usage" "$tmp/out"
  [ "$c" = help ] || refuses "$c"
done

# Subcommands named in the help, each in the page's item lines (the line
# after a .TP, hyphens unescaped) and answering --help.
awk 'prev == ".TP" { gsub(/\\-/, "-"); print } { prev = $0 }' "$page" >"$tmp/items"
for sub in "results list" "results show" "results audit" "results export" "results set-pin" \
           "results correct" "results void" "results confirm" "results push" \
           "station import" "station export" "station enroll" "station revoke" "station kiosks"; do
  word=${sub#* }
  ok "the page names '$sub' in an item" grep -qw -- "$word" "$tmp/items"
  # shellcheck disable=SC2086
  "$seichi" $sub --help >"$tmp/out" 2>"$tmp/err"
  rc=$?
  ok "'$sub --help' exits 0 (got $rc)" test $rc = 0
  ok "'$sub --help' prints its usage" grep -q "usage" "$tmp/out"
  # shellcheck disable=SC2086
  refuses $sub
done
"$seichi" bench --help >"$tmp/benchhelp"
benches=$(sed -n 's/^ *\(usage: \)\{0,1\}seichi bench \[*\([a-z][a-z]*\).*/\2/p' "$tmp/benchhelp" | sort -u)
ok "bench --help lists benchmarks" test -n "$benches"
for b in $benches; do
  ok "the page names 'bench $b'" grep -q "$b" "$page"
  "$seichi" bench "$b" --help >"$tmp/out" 2>"$tmp/err"
  rc=$?
  ok "'bench $b --help' exits 0 (got $rc)" test $rc = 0
  refuses bench "$b"
done

v=$("$seichi" --version)
ok "--version exits 0 and prints 'seichi VERSION' ($v)" sh -c "echo '$v' | grep -qx 'seichi [0-9][0-9.]*'"
ok "the page's title carries that version" grep -q "^\.TH SEICHI 1 .*\"$v\"" "$page"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
