#!/bin/sh
# apt-sources.sh - print this machine's apt sources for one Debian release
# as one-line entries ("deb URI SUITE COMPONENTS"), the form mmdebstrap
# takes as mirror arguments, so the roots and sysroots the checks make
# (check-deb.sh, arm64-sysroot.sh) come from the mirrors the machine itself
# uses (the only ones reachable on some networks).
#
# Reads /etc/apt/sources.list and sources.list.d/*.list (one-line format)
# and sources.list.d/*.sources (deb822), skips deb-src and disabled
# entries, and keeps only SUITE and its SUITE-* suites (updates, security,
# backports): other repositories (vendor tools, amd64-only ones) have
# nothing for a Debian root. Prints nothing when there is no such entry.
# Usage: scripts/apt-sources.sh SUITE       (e.g. bookworm)
set -eu
[ $# -eq 1 ] || { echo "usage: apt-sources.sh SUITE" >&2; exit 2; }
suite=$1
etc=${APT_SOURCES_ETC:-/etc/apt}   # another folder, for trying it out

{
  for f in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk -v s="$suite" '
      /^[ \t]*deb[ \t]/ {
        i = 2
        if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }   # skip [options]
        uri = $i; su = $(i + 1); comp = ""
        for (j = i + 2; j <= NF; j++) comp = comp " " $j
        if (su == s || index(su, s "-") == 1) print "deb " uri " " su comp
      }' "$f"
  done
  for f in "$etc"/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk -v s="$suite" '
      function flush(   n, u, m, su, k, l) {
        if (types ~ /(^| )deb( |$)/ && enabled != "no") {
          n = split(uris, u, " "); m = split(suites, su, " ")
          for (k = 1; k <= n; k++) for (l = 1; l <= m; l++)
            if (su[l] == s || index(su[l], s "-") == 1) print "deb " u[k] " " su[l] " " comps
        }
        types = uris = suites = comps = enabled = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      {
        key = tolower($1); sub(/:$/, "", key); val = $0; sub(/^[^:]*:[ \t]*/, "", val)
        if (key == "types") types = val
        else if (key == "uris") uris = val
        else if (key == "suites") suites = val
        else if (key == "components") comps = val
        else if (key == "enabled") enabled = tolower(val)
      }
      END { flush() }' "$f"
  done
} | awk '!seen[$0]++'
