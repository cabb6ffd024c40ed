#!/bin/sh
# gtp-session.sh - GTP sessions as data: each tests/gtp/*.gtp holds the
# commands sent to `seichi gtp` (lines "> COMMAND") and, between them, the
# replies expected byte for byte (every other line but "## " notes). In a
# command line \xHH is that byte, \r a carriage return, \t a tab, and
# \R{N,C} the character C N times (long lines). Run from the source tree,
# so a session's loadsgf names files under tests/.
# Usage: gtp-session.sh SEICHI SOURCE_DIR [SESSION.gtp...]
set -u
prog=$1 src=$2
shift 2
cd "$src" || exit 1
[ $# -gt 0 ] || set -- tests/gtp/*.gtp
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in "$@"; do
  name=$(basename "$f" .gtp)
  perl -ne 'if (s/^> //) { chomp; s/\\R\{(\d+),(.)\}/$2 x $1/ge; s/\\x([0-9a-fA-F]{2})/chr hex $1/ge;
            s/\\r/\r/g; s/\\t/\t/g; print "$_\n" }' "$f" >"$tmp/$name.in"
  grep -v -e '^> ' -e '^## ' "$f" >"$tmp/$name.want"
  "$prog" gtp <"$tmp/$name.in" >"$tmp/$name.got" 2>"$tmp/$name.err"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $name: exit status $rc"; cat "$tmp/$name.err"; fail=1
  elif ! cmp -s "$tmp/$name.want" "$tmp/$name.got"; then
    echo "FAIL $name: replies differ (- expected, + got)"
    diff -u "$tmp/$name.want" "$tmp/$name.got" | sed -n '3,60p'; fail=1
  else
    echo "ok   $name ($(grep -c '^> ' "$f") commands)"
  fi
done
exit $fail
