#!/bin/sh
# check-deb.sh - build Seichi's Debian package and prove it installs: a clean
# Debian 12 (bookworm) root is made with mmdebstrap from this machine's own
# apt mirrors, the package installed into it with its dependencies, and
# there: the seichi user made by sysusers, the program answering --version,
# the manual page and licence in place, and the kiosk's unit passing
# `systemd-analyze verify`. Needs root (mmdebstrap's root mode) and the
# network to the mirror. Usage: scripts/check-deb.sh [BUILD_DIR]
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build-deb}
jobs=$(nproc 2>/dev/null || echo 2)
step() { printf '== %s (%s)\n' "$1" "$(date +%T)"; }

step "configure and build with the /usr prefix"
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
cmake --build "$build" -j "$jobs" --target seichi seichi_full seichi_cvio seichi_rules_shared >/dev/null

step "cpack -G DEB"
rm -f "$build"/seichi_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/seichi_*.deb)
echo "$deb"
dpkg-deb --info "$deb" | sed -n 's/^ \(Package\|Version\|Architecture\|Depends\|Installed-Size\):/  \1:/p'
dpkg-deb --contents "$deb" | awk '{print "  " $6}' | grep -v '/$'

step "a clean bookworm root with the package installed (mmdebstrap)"
# The mirrors this machine uses (apt-sources.sh), so the check works where
# only they are reachable; with none, mmdebstrap's own defaults.
set --
while IFS= read -r l; do [ -n "$l" ] && set -- "$@" "$l"; done <<EOF
$(sh "$src/scripts/apt-sources.sh" bookworm)
EOF
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
cp "$deb" "$root/seichi.deb"
report="$root/report"
# The checks run inside the new root once the package is in; their output
# is kept beside it, as the root itself is thrown away.
mmdebstrap --variant=apt --include=systemd,man-db \
  --customize-hook="copy-in $root/seichi.deb /tmp" \
  --customize-hook='chroot "$1" apt-get install -y -q /tmp/seichi.deb >/dev/null' \
  --customize-hook='chroot "$1" sh -c "id seichi && seichi --version && seichi help >/dev/null && seichi station --help >/dev/null && ls /usr/share/man/man1/seichi.1* /usr/share/doc/seichi/LICENSE /usr/lib/sysusers.d/seichi.conf /usr/lib/systemd/system/seichi-kiosk.service /usr/lib/udev/rules.d/90-seichi-usb.rules && systemd-analyze verify /usr/lib/systemd/system/seichi-kiosk.service && echo VERIFIED" > "$1/../report" 2>&1 || { cat "$1/../report"; exit 1; }' \
  bookworm "$root/rootfs" "$@"
cat "$report"
grep -q '^VERIFIED$' "$report"
step "the package installs in a clean Debian 12, its user exists, its unit verifies"
