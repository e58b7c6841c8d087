#!/usr/bin/env bash
# Differential test of the libc bitcode without trex: for each program in
# progs/*.c, build (a) prog.bc + libc.bc (llvm-link --only-needed) compiled
# to a native executable with shim.c standing in for the executor, and
# (b) the same program natively against glibc; compare stdout, stderr and
# the exit status. Programs are compiled at -O0 and -O2.
#   runtime/test-shim/run-tests.sh [x86_64|i386 ...]
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$ROOT/build/test-shim"
ARCHES=("$@")
[ ${#ARCHES[@]} = 0 ] && ARCHES=(x86_64 i386)
pass=0
fail=0
for arch in "${ARCHES[@]}"; do
	case $arch in
	x86_64) m=() ;;
	i386) m=(-m32) ;;
	*) echo "unknown arch $arch" >&2; exit 2 ;;
	esac
	libc="$ROOT/build/runtime/$arch/libc.bc"
	[ -f "$libc" ] || { echo "missing $libc (run scripts/build-libc.sh)" >&2; exit 2; }
	w="$WORK/$arch"
	mkdir -p "$w"
	clang-14 "${m[@]}" -O1 -ffreestanding -fno-builtin -fno-stack-protector -c "$HERE/shim.c" -o "$w/shim.o" || exit 2
	clang-14 "${m[@]}" -O1 -fno-builtin -emit-llvm -c "$HERE/libcalls.c" -o "$w/libcalls.bc" || exit 2
	for src in "$HERE"/progs/*.c; do
		name=$(basename "$src" .c)
		args=()
		[ -f "${src%.c}.args" ] && read -r -a args <"${src%.c}.args"
		cflags=()
		[ -f "${src%.c}.cflags" ] && read -r -a cflags <"${src%.c}.cflags"
		stdin=/dev/null
		[ -f "${src%.c}.stdin" ] && stdin="${src%.c}.stdin"
		for opt in O0 O2; do
			t="$w/$name-$opt"
			ok=1
			clang-14 "${m[@]}" -$opt "${cflags[@]}" -g -w -emit-llvm -c "$src" -o "$t.bc" &&
			llvm-link-14 "$t.bc" "$ROOT/build/runtime/$arch/entry.bc" "$w/libcalls.bc" -o "$t.entry.bc" &&
			llvm-link-14 --only-needed "$t.entry.bc" "$libc" -o "$t.linked.bc" &&
			clang-14 "${m[@]}" -O1 -c "$t.linked.bc" -o "$t.linked.o" 2>/dev/null &&
			clang-14 "${m[@]}" -nostdlib -static "$t.linked.o" "$w/shim.o" -lgcc -o "$t.musl" &&
			clang-14 "${m[@]}" -$opt "${cflags[@]}" -w "$src" -o "$t.glibc" -lm || ok=0
			if [ $ok = 1 ]; then
				(cd "$w" && env -i HOME=/nonexistent TREX_TEST=yes "$t.musl" "${args[@]}" >"$t.musl.out" 2>"$t.musl.err" <"$stdin"; echo "exit $?" >>"$t.musl.out")
				(cd "$w" && env -i HOME=/nonexistent TREX_TEST=yes "$t.glibc" "${args[@]}" >"$t.glibc.out" 2>"$t.glibc.err" <"$stdin"; echo "exit $?" >>"$t.glibc.out")
				if ! diff -u "$t.glibc.out" "$t.musl.out" >"$t.diff" || ! diff -u "$t.glibc.err" "$t.musl.err" >>"$t.diff"; then ok=0; fi
			fi
			if [ $ok = 1 ]; then
				pass=$((pass + 1)); echo "PASS $arch $name -$opt"
			else
				fail=$((fail + 1)); echo "FAIL $arch $name -$opt"; [ -f "$t.diff" ] && head -n 30 "$t.diff"
			fi
		done
	done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
