#!/usr/bin/env bash
# Builds libtrexreplay.a, the native library that replays a .ktest file
# (runtime/replay/README.md), for x86-64 and i386:
#   build/runtime/native-x86_64/libtrexreplay.a
#   build/runtime/native-i386/libtrexreplay.a
# Rebuilds a library only when its sources (or this script) changed.
# Prints one line per library. Env: CC (default clang-14), AR (default
# llvm-ar-14, else ar).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

CC="${CC:-clang-14}"
if [[ -z "${AR:-}" ]]; then
  if command -v llvm-ar-14 >/dev/null 2>&1; then AR=llvm-ar-14; else AR=ar; fi
fi
CFLAGS=(-O2 -g -Wall -Wextra -Werror -std=gnu11 -fPIC -I runtime/include)

srcs=(runtime/replay/trexreplay.c)
deps=("${srcs[@]}" runtime/include/trex.h runtime/include/klee/klee.h
      scripts/build-replay.sh)

build_one() { # arch, extra flags...
  local arch="$1"; shift
  local dir="build/runtime/native-$arch"
  local lib="$dir/libtrexreplay.a"
  local stamp="$dir/libtrexreplay.flags"
  local flags="$CC ${CFLAGS[*]} $*"
  local stale=0
  if [[ ! -f "$lib" || ! -f "$stamp" || "$(cat "$stamp")" != "$flags" ]]; then
    stale=1
  else
    local d
    for d in "${deps[@]}"; do
      if [[ "$d" -nt "$lib" ]]; then stale=1; break; fi
    done
  fi
  if (( stale == 0 )); then
    echo "libtrexreplay ($arch): up to date: $lib"
    return
  fi
  mkdir -p "$dir"
  local tmp
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  local objs=() s o
  for s in "${srcs[@]}"; do
    o="$tmp/$(basename "${s%.c}").o"
    "$CC" "${CFLAGS[@]}" "$@" -c "$s" -o "$o"
    objs+=("$o")
  done
  rm -f "$tmp/lib.a"
  "$AR" rcs "$tmp/lib.a" "${objs[@]}"
  mv -f "$tmp/lib.a" "$lib"
  printf '%s\n' "$flags" >"$stamp"
  rm -rf "$tmp"
  echo "libtrexreplay ($arch): built $lib"
}

build_one x86_64 -m64
build_one i386 -m32
