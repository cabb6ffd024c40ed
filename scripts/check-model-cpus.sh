#!/bin/sh
# check-model-cpus.sh - does train.py give the same model bytes whatever
# x86-64 CPU it runs on? make model's promise (vision/model/README.md,
# "Rebuilding them") rests on it: torch picks its kernels by what the CPU
# has, and train.py holds them to AVX2 so that it does not.
#
# Trains a small model (train.py --epochs 1) on patches cut from the first
# 12 committed renders, once on this machine and once under qemu-x86_64 for
# each named CPU model (by default Intel Haswell and AMD EPYC-Rome, AVX2
# machines without AVX-512; qemu's own translator runs them, so the kernels
# torch and oneDNN pick are those such a CPU would get), and compares the
# ONNX files byte for byte. A patch file this small proves nothing about
# reading; it runs every kernel train.py's training runs. train_stones.py
# is not run here (held the same way; checked by hand: vision/model/README.md).
# What it can catch depends on the host: on one with AVX-512 a lost hold
# (oneDNN's AVX-512 kernels against the emulated CPUs' AVX2 ones); on one
# without, only differences between the CPU models it names. The CPU
# models must have AVX2 (train.py asks torch for AVX2 kernels when the
# host lists avx2, and qemu-user shows the host's /proc/cpuinfo), and qemu
# must be 7.2 or later (the first to emulate AVX2).
#
# Usage: scripts/check-model-cpus.sh [BUILD [CPU...]]
#   BUILD: the build folder with seichi (default build).
# Needs qemu-user-static and the model packages (scripts/install-deps.sh
# model cpus installs them). Exit 0: every run gave the same bytes; 1: they
# differed or a run failed (the message says which); 2: a tool is missing.
set -eu

src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
cpus=${*:-Haswell EPYC-Rome}

[ -x "$build/seichi" ] || { echo "check-model-cpus: $build/seichi not built (make build)" >&2; exit 2; }
command -v qemu-x86_64-static >/dev/null || { echo "check-model-cpus: qemu-x86_64-static missing (apt-get install qemu-user-static)" >&2; exit 2; }
[ "$(uname -m)" = x86_64 ] || { echo "check-model-cpus: runs on x86-64 only" >&2; exit 2; }

grep -qw avx512f /proc/cpuinfo ||
  echo "check-model-cpus: this host has no AVX-512: only differences between $cpus and it can show"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/pictures"
n=0
for f in "$src"/images/renders/r0*.jpg; do
  [ $n -lt 12 ] || break
  [ -f "$f" ] || continue
  cp "$f" "${f%.jpg}.json" "$tmp/pictures/"
  n=$((n + 1))
done
[ $n = 12 ] || { echo "check-model-cpus: fewer than 12 renders in $src/images/renders" >&2; exit 2; }
if ! "$build/seichi" patches --copies 1 --out "$tmp/patches.bin" "$tmp/pictures" >"$tmp/patches.log" 2>&1; then
  echo "check-model-cpus: seichi patches failed:" >&2
  tail -5 "$tmp/patches.log" >&2
  exit 1
fi

train() { # NAME [qemu-x86_64-static -cpu CPU]
  name=$1
  shift
  if ! "$@" /usr/bin/python3 "$src/vision/model/train.py" --epochs 1 --out "$tmp/$name.onnx" "$tmp/patches.bin" \
       >"$tmp/$name.log" 2>&1; then
    echo "check-model-cpus: training on $name failed:" >&2
    grep -v "TCG doesn't support" "$tmp/$name.log" | tail -5 >&2
    exit 1
  fi
  echo "$name: $(sha256sum <"$tmp/$name.onnx" | cut -c1-16)  $(grep '^arithmetic' "$tmp/$name.log")"
}

train this-machine
status=0
for cpu in $cpus; do
  train "$cpu" qemu-x86_64-static -cpu "$cpu"
  if ! cmp -s "$tmp/this-machine.onnx" "$tmp/$cpu.onnx"; then
    echo "check-model-cpus: $cpu gave another model than this machine" >&2
    status=1
  fi
done
[ $status = 0 ] && echo "check-model-cpus: the same model bytes on this machine and on $cpus"
exit $status
