#!/bin/sh
# install-deps.sh - install the Debian packages Seichi needs that are missing.
# Idempotent: installs nothing when all are present. Runs as root, or through
# sudo. Usage: scripts/install-deps.sh [--list] [GROUP...]
#   --list           print the groups' packages, one a line, and install nothing
#                    (the arm64 sysroot takes its -dev packages from `build`)
#   build (default)  compiler, CMake, cmocka: what `make demo` and `make test` need
#   test             headless Chromium, its WebDriver and Selenium: the station page's browser test (make test)
#   fuzz             clang and its runtimes, for the libFuzzer targets and CI
#   bench            GNU Go, the peer `seichi bench deadstones` measures against
#   render           POV-Ray and ImageMagick, for the scene generator (images/generator)
#   model            PyTorch, NumPy, ONNX and OpenCV for Python, to train the point classifier (make model)
#   cpus             qemu-user-static, to train under other x86-64 CPUs' kernels (make check-model-cpus)
#   package          mmdebstrap, to install the Debian package in a clean Debian 12 root (make check-deb)
#   arm64            cross compiler, qemu and mmdebstrap, to build for arm64 and test under emulation (make check-arm64)
set -eu

list=0
if [ "${1:-}" = "--list" ]; then
  list=1
  shift
fi
groups="${*:-build}"
pkgs=""
for g in $groups; do
  case "$g" in
    build) pkgs="$pkgs gcc g++ make cmake pkg-config libcmocka-dev libopencv-dev libjpeg-dev libpng-dev libsqlite3-dev libcamera-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libcjson-dev libsodium-dev libxml2-dev libmicrohttpd-dev libcurl4-gnutls-dev libespeak-ng-dev curl jq openssl groff-base fonts-dejavu-core fonts-wqy-microhei" ;;
    fuzz)  pkgs="$pkgs clang libclang-rt-dev" ;;
    test)  pkgs="$pkgs chromium chromium-driver python3-selenium" ;;
    bench) pkgs="$pkgs gnugo python3" ;;
    render) pkgs="$pkgs povray imagemagick python3" ;;
    model) pkgs="$pkgs python3-torch python3-numpy python3-onnx python3-opencv" ;;
    cpus) pkgs="$pkgs qemu-user-static" ;;
    package) pkgs="$pkgs mmdebstrap dpkg-dev" ;;
    arm64) pkgs="$pkgs qemu-user-static binfmt-support crossbuild-essential-arm64 mmdebstrap" ;;
    *) echo "install-deps: unknown group '$g' (build, fuzz, test, bench, render, model, cpus, package, arm64)" >&2; exit 2 ;;
  esac
done

if [ $list = 1 ]; then
  for p in $pkgs; do echo "$p"; done
  exit 0
fi

missing=""
for p in $pkgs; do
  # dpkg-query prints "install ok installed" only for a fully installed package
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "install-deps: need root or sudo to install:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "install-deps: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
