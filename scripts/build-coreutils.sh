#!/usr/bin/env bash
# Builds GNU coreutils 9.1 (Debian's source package) to LLVM bitcode against musl's headers, one
# `P.bc` per program, for `trex run P.bc ...` (issue 16). Not part of `make test`: it takes
# minutes. Idempotent: programs already extracted are kept; a finished build only lists them.
#
#   scripts/build-coreutils.sh                # every program
#   scripts/build-coreutils.sh echo cat wc    # only these (the build is whole-tree anyway)
#   scripts/build-coreutils.sh --gcov [P...]  # also the native coverage build (below)
#
# Output: $TREX_COREUTILS_DIR (default build/coreutils): bc/P.bc for each program, src/ the
# configured tree (native musl executables src/P, built alongside), build.log. With --gcov,
# gcov/src/: the same source built natively with gcc --coverage against glibc (not musl: gcc's
# gcov runtime needs glibc), executables gcov/src/src/P whose runs add to the .gcda files
# beside their objects, so that `gcov` gives the line coverage of src/P.c after replaying
# tests with `trex replay --native` (benchmarks/coreutils/run.sh); log gcov/build.log.
#
# How: wllvm (PyPI) compiles each file twice, natively and to bitcode, and records the bitcode
# in the object; `extract-bc` links a program's bitcode back together. The compiler wllvm runs is
# `musl-clang` below: clang-14 with musl 1.2.3's headers (Debian's musl-dev, the version trex's
# libc.bc is built from) and, for links, musl's static libc.a, so that configure's link tests
# see musl, not glibc.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${TREX_COREUTILS_DIR:-$ROOT/build/coreutils}"
SRC="$OUT/src"
BC="$OUT/bc"
TOOLS="$OUT/tools"
LOG="$OUT/build.log"
VERSION=9.1
JOBS="${JOBS:-$(nproc)}"
MUSL_INC=/usr/include/x86_64-linux-musl
MUSL_LIB=/usr/lib/x86_64-linux-musl

die() { echo "build-coreutils.sh: error: $*" >&2; exit 1; }
GCOV=0
progs=()
for a in "$@"; do
	case "$a" in
	--gcov) GCOV=1 ;;
	-*) die "unknown option $a (usage: build-coreutils.sh [--gcov] [PROGRAM...])" ;;
	*) progs+=("$a") ;;
	esac
done
set -- ${progs[@]+"${progs[@]}"}
mkdir -p "$OUT" "$BC"

# ---------------------------------------------------------------- tools
missing=()
command -v clang-14 >/dev/null 2>&1 || missing+=(clang-14)
command -v llvm-link-14 >/dev/null 2>&1 || missing+=(llvm-14)
[ -f "$MUSL_LIB/libc.a" ] && [ -d "$MUSL_INC" ] || missing+=(musl-dev)
command -v dpkg-source >/dev/null 2>&1 || missing+=(dpkg-dev)
if [ "${#missing[@]}" != 0 ]; then
	# scripts/install-deps.sh installs the toolchain and adds a deb-src entry (for apt-get source).
	bash "$ROOT/scripts/install-deps.sh" --musl-src
	SUDO=()
	[ "$(id -u)" = 0 ] || SUDO=(sudo -n)
	"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		musl-dev dpkg-dev </dev/null >/dev/null || die "cannot install musl-dev"
fi
if ! command -v wllvm >/dev/null 2>&1 || ! command -v extract-bc >/dev/null 2>&1; then
	echo "build-coreutils.sh: installing wllvm (pip)"
	python3 -m pip install -q --user wllvm || python3 -m pip install -q wllvm || die "pip install wllvm failed"
	export PATH="$HOME/.local/bin:$PATH"
	command -v wllvm >/dev/null 2>&1 || die "wllvm not found after pip install"
fi

# wllvm runs $LLVM_COMPILER_PATH/$LLVM_CC_NAME; extract-bc runs llvm-link and llvm-ar from there.
mkdir -p "$TOOLS"
for t in llvm-link llvm-ar llvm-nm llvm-objcopy; do ln -sf "$(command -v "$t-14")" "$TOOLS/$t"; done
ln -sf "$(command -v clang-14)" "$TOOLS/clang"
RESOURCE_INC="$(clang-14 -print-resource-dir)/include"
LIBGCC="$(gcc -print-libgcc-file-name 2>/dev/null || true)"

# trex's bitcode C library is musl with a few glibc-like edits (scripts/musl-patches.sh: errno of
# strtol & co. without digits, printf's %p of NULL). The native programs link the same edited
# files, compiled natively, ahead of musl's libc.a (an object's definitions win over the
# archive's members), so that a test replayed natively takes the path trex explored.
MUSL_SRC="$ROOT/build/musl-src"
[ -f "$MUSL_SRC/VERSION" ] || bash "$ROOT/scripts/build-libc.sh" >/dev/null ||
	die "scripts/build-libc.sh failed (it fetches the musl source)"
# shellcheck source=scripts/musl-patches.sh
. "$ROOT/scripts/musl-patches.sh"
EDITS="$TOOLS/musl-edits"
mkdir -p "$EDITS"
edit_objs=()
for rel in internal/intscan.c internal/floatscan.c stdio/vfprintf.c; do
	src="$EDITS/${rel//\//_}"
	patch_source "$rel" "$MUSL_SRC/src/$rel" >"$src.tmp" || die "patching musl's src/$rel failed"
	mv "$src.tmp" "$src"
	# musl's own include order (its Makefile), with musl-dev's generated bits/ headers.
	clang-14 -O2 -c -std=c99 -ffreestanding -nostdinc -fno-builtin -fno-stack-protector \
		-D_XOPEN_SOURCE=700 -w -I"$MUSL_SRC/arch/x86_64" -I"$MUSL_SRC/arch/generic" \
		-I"$MUSL_SRC/src/include" -I"$MUSL_SRC/src/internal" -I"$MUSL_INC" -isystem "$RESOURCE_INC" \
		"$src" -o "${src%.c}.o" || die "compiling the edited src/$rel failed"
	edit_objs+=("${src%.c}.o")
done
ld -r -o "$EDITS/edits.o.tmp" "${edit_objs[@]}" || die "ld -r of the edited musl files failed"
if cmp -s "$EDITS/edits.o.tmp" "$TOOLS/trex-musl-edits.o"; then
	rm -f "$EDITS/edits.o.tmp"
else
	mv "$EDITS/edits.o.tmp" "$TOOLS/trex-musl-edits.o"
fi
EDITS_SUM="$(sha256sum <"$TOOLS/trex-musl-edits.o" | cut -d' ' -f1)"
cat >"$TOOLS/musl-clang.tmp" <<EOF
#!/bin/sh
# clang-14 against musl 1.2.3 (written by scripts/build-coreutils.sh). Compiles see musl's headers
# only; links are static with musl's crt files, trex's edits of musl and libc.a.
link=1
for a in "\$@"; do
	case "\$a" in -c | -E | -S | -M | -MM | -v | --version | -dumpversion | -dumpmachine | -print-* | -\#\#\#) link=0 ;; esac
done
set -- -Wno-unused-command-line-argument -nostdinc -isystem "$RESOURCE_INC" -isystem "$MUSL_INC" "\$@"
if [ \$link = 1 ]; then
	exec clang-14 -static -nostdlib "$MUSL_LIB/crt1.o" "$MUSL_LIB/crti.o" "\$@" "$TOOLS/trex-musl-edits.o" -L"$MUSL_LIB" -lc $LIBGCC "$MUSL_LIB/crtn.o"
fi
exec clang-14 "\$@"
EOF
chmod +x "$TOOLS/musl-clang.tmp"
mv "$TOOLS/musl-clang.tmp" "$TOOLS/musl-clang"
export LLVM_COMPILER=clang LLVM_COMPILER_PATH="$TOOLS" LLVM_CC_NAME=musl-clang

# ---------------------------------------------------------------- source
if [ ! -f "$SRC/configure" ]; then
	fetch="$OUT/fetch"
	rm -rf "$fetch" && mkdir -p "$fetch"
	echo "build-coreutils.sh: fetching the source (apt-get source coreutils)"
	if ! (cd "$fetch" && apt-get source -qq coreutils </dev/null >"$fetch/apt.log" 2>&1); then
		bash "$ROOT/scripts/install-deps.sh" --musl-src
		apt-get update -qq </dev/null >/dev/null 2>&1 || true
		(cd "$fetch" && apt-get source -qq coreutils </dev/null >"$fetch/apt.log" 2>&1) ||
			{ cat "$fetch/apt.log" >&2; die "apt-get source coreutils failed"; }
	fi
	d="$fetch/coreutils-$VERSION"
	[ -f "$d/configure" ] || die "apt-get source gave no coreutils-$VERSION (see $fetch/apt.log)"
	rm -rf "$SRC"
	mv "$d" "$SRC"
	rm -rf "$fetch"
fi

# ---------------------------------------------------------------- configure and build
is_elf() { [ -f "$1" ] && [ -x "$1" ] && [ "$(head -c 4 "$1" | tail -c 3)" = ELF ]; }
# A tree built before the edits of musl (or with other ones): its programs are linked again.
if [ -f "$SRC/.trex-built" ] && [ "$(cat "$SRC/.trex-musl-edits" 2>/dev/null)" != "$EDITS_SUM" ]; then
	echo "build-coreutils.sh: linking the native programs again (trex's edits of musl changed)"
	(cd "$SRC/src" && for f in *; do if is_elf "$f"; then rm -f "$f"; fi; done)
	(cd "$SRC" && make -j"$JOBS" MAKEINFO=true </dev/null >>"$LOG" 2>&1) ||
		{ tail -n 30 "$LOG" >&2; die "make failed"; }
	echo "$EDITS_SUM" >"$SRC/.trex-musl-edits"
fi
if [ ! -f "$SRC/.trex-built" ]; then
	start=$(date +%s)
	: >"$LOG"
	echo "build-coreutils.sh: configuring (log: $LOG)"
	# Known facts: configure refuses to run as root without FORCE_UNSAFE_CONFIGURE; the
	# optional libraries are left out (none is in the bitcode C library); -O0 code that an
	# --optimize run may still optimize (-disable-O0-optnone); configure's many test programs
	# need no bitcode (WLLVM_CONFIGURE_ONLY).
	(cd "$SRC" && FORCE_UNSAFE_CONFIGURE=1 WLLVM_CONFIGURE_ONLY=1 CC=wllvm \
		CFLAGS="-g -O0 -Xclang -disable-O0-optnone" LDFLAGS=-static \
		./configure --disable-nls --without-libgmp --disable-acl --disable-xattr \
		--disable-libcap --disable-libsmack --without-selinux --without-openssl \
		--disable-threads --enable-no-install-program=stdbuf \
		</dev/null >>"$LOG" 2>&1) || { tail -n 30 "$LOG" >&2; die "configure failed"; }
	# wc's AVX2 line counting and cksum's PCLMUL CRC are chosen at run time by cpuid (inline
	# asm, which trex does not run): off, so both use their portable C code.
	sed -i -e 's|^#define USE_AVX2_WC_LINECOUNT 1$|/* trex: no cpuid */|' \
		-e 's|^#define USE_PCLMUL_CRC32 1$|/* trex: no cpuid */|' "$SRC/lib/config.h"
	! grep -qE '^#define (USE_AVX2_WC_LINECOUNT|USE_PCLMUL_CRC32) ' "$SRC/lib/config.h" ||
		die "config.h: could not turn off the cpuid-dispatched code"
	echo "build-coreutils.sh: building ($JOBS jobs)"
	(cd "$SRC" && make -j"$JOBS" MAKEINFO=true </dev/null >>"$LOG" 2>&1) ||
		{ tail -n 30 "$LOG" >&2; die "make failed"; }
	echo "$EDITS_SUM" >"$SRC/.trex-musl-edits"
	touch "$SRC/.trex-built"
	echo "build-coreutils.sh: built in $(($(date +%s) - start))s"
fi

# ---------------------------------------------------------------- bitcode per program
if [ "$#" = 0 ]; then
	set -- $(cd "$SRC/src" && for f in *; do if is_elf "$f"; then echo "$f"; fi; done)
fi
n=0
for p in "$@"; do
	[ -x "$SRC/src/$p" ] || die "no program src/$p in the build"
	if [ ! -f "$BC/$p.bc" ] || [ "$SRC/src/$p" -nt "$BC/$p.bc" ]; then
		extract-bc -o "$BC/$p.bc.tmp" "$SRC/src/$p" >>"$LOG" 2>&1 || die "extract-bc $p failed (see $LOG)"
		mv "$BC/$p.bc.tmp" "$BC/$p.bc"
	fi
	n=$((n + 1))
done
echo "build-coreutils.sh: $n programs in $BC"

# ---------------------------------------------------------------- native coverage build
# A copy of the configured tree, returned to its distributed state by `make distclean`, then
# configured for gcc with --coverage (same options otherwise; glibc, dynamically linked).
GCOV_DIR="$OUT/gcov"
if [ "$GCOV" = 1 ] && [ ! -f "$GCOV_DIR/src/.trex-built" ]; then
	command -v gcc >/dev/null 2>&1 && command -v gcov >/dev/null 2>&1 || die "--gcov needs gcc and gcov"
	start=$(date +%s)
	rm -rf "$GCOV_DIR" && mkdir -p "$GCOV_DIR"
	glog="$GCOV_DIR/build.log"
	echo "build-coreutils.sh: native coverage build in $GCOV_DIR (log: $glog)"
	cp -a "$SRC" "$GCOV_DIR/src"
	rm -f "$GCOV_DIR/src/.trex-built"
	(cd "$GCOV_DIR/src" && make distclean </dev/null >>"$glog" 2>&1) ||
		{ tail -n 30 "$glog" >&2; die "make distclean failed in the copy"; }
	(cd "$GCOV_DIR/src" && FORCE_UNSAFE_CONFIGURE=1 CC=gcc CFLAGS="-g -O0 --coverage" \
		LDFLAGS=--coverage ./configure --disable-nls --without-libgmp --disable-acl \
		--disable-xattr --disable-libcap --disable-libsmack --without-selinux \
		--without-openssl --disable-threads --enable-no-install-program=stdbuf \
		</dev/null >>"$glog" 2>&1) || { tail -n 30 "$glog" >&2; die "gcov configure failed"; }
	# The portable line counting and CRC, as in the bitcode: the replays take trex's paths.
	sed -i -e 's|^#define USE_AVX2_WC_LINECOUNT 1$|/* trex: as the bitcode */|' \
		-e 's|^#define USE_PCLMUL_CRC32 1$|/* trex: as the bitcode */|' "$GCOV_DIR/src/lib/config.h"
	(cd "$GCOV_DIR/src" && make -j"$JOBS" MAKEINFO=true </dev/null >>"$glog" 2>&1) ||
		{ tail -n 30 "$glog" >&2; die "gcov make failed"; }
	# The build's own runs (man pages, tests of the build) left counts: start from none.
	find "$GCOV_DIR/src" -name '*.gcda' -delete
	touch "$GCOV_DIR/src/.trex-built"
	echo "build-coreutils.sh: coverage build in $(($(date +%s) - start))s"
fi
[ "$GCOV" = 0 ] || echo "build-coreutils.sh: coverage build in $GCOV_DIR/src (executables src/P)"
