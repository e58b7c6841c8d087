#!/usr/bin/env bash
# Builds the C library bitcode that trex links programs against:
#   build/runtime/x86_64/libc.bc and build/runtime/i386/libc.bc
# from musl 1.2.3 (Debian's source package) minus the files replaced by
# runtime/libc/, compiled with clang-14 to LLVM bitcode without inline asm;
# and build/runtime/<arch>/klee-libc.bc (--libc=klee: KLEE's minimal library,
# string and memory functions) from runtime/klee-libc/.
#
# Idempotent: does nothing when both libc.bc exist and neither this script
# nor anything under runtime/ changed (stamp with a hash).
#
# The libraries leave undefined exactly the symbols of the contract in
# ARCHITECTURE.md ("Contract: the C library (musl) and the runtime");
# the build fails if anything else is left undefined or if any inline asm
# remains. Log: build/runtime/build-libc.log.
#
# Environment: JOBS (parallel compiles, default nproc), FORCE=1 (rebuild),
# TREX_LIBC_OUT=DIR (write DIR/runtime and DIR/libc-obj instead of build/runtime and
# build/libc-obj, e.g. to test runtime/ changes with TREX_RUNTIME_DIR=DIR/runtime while
# build/ holds another checkout's library; the musl source is still build/musl-src).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPT="$ROOT/scripts/build-libc.sh"
BUILD="$ROOT/build"
MUSL="$BUILD/musl-src"
OUT="${TREX_LIBC_OUT:+$TREX_LIBC_OUT/runtime}"
OUT="${OUT:-$BUILD/runtime}"
OBJ="${TREX_LIBC_OUT:+$TREX_LIBC_OUT/libc-obj}"
OBJ="${OBJ:-$BUILD/libc-obj}"
LOG="$OUT/build-libc.log"
STAMP="$OUT/libc.stamp"
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
MUSL_VERSION=1.2.3
ARCHES=(x86_64 i386)

CLANG=clang-14
LLVM_LINK=llvm-link-14
LLVM_NM=llvm-nm-14
LLVM_DIS=llvm-dis-14

# The symbols the executor provides (ARCHITECTURE.md); nothing else may stay undefined.
CONTRACT_UNDEF="__trex_syscall __trex_run_global_dtors malloc calloc realloc free aligned_alloc posix_memalign memalign malloc_usable_size abort __assert_fail"

# Intrinsics the library may use (checked after linking).
ALLOWED_INTRINSICS="memcpy memmove memset va_start va_end va_copy bswap fshl fshr copysign fabs abs
smax smin umax umin usub.sat uadd.sat umul.with.overflow uadd.with.overflow usub.with.overflow
sadd.with.overflow ssub.with.overflow smul.with.overflow ctpop ctlz cttz stacksave stackrestore
dbg.declare dbg.value dbg.label lifetime.start lifetime.end experimental.noalias.scope.decl"

# ---------------------------------------------------------------- up to date?
# Relative paths only: worktrees sharing build/ must agree (the library's debug paths are
# relative too), or each `make unit` in another checkout rebuilds it.
runtime_hash() {
	{
		echo "musl $MUSL_VERSION"
		cd "$ROOT"
		sha256sum scripts/build-libc.sh scripts/musl-patches.sh
		find runtime/include runtime/libc runtime/entry runtime/klee-libc -type f -print0 | sort -z | xargs -0 sha256sum
	} | sha256sum | cut -d' ' -f1
}
HASH="$(runtime_hash)"
if [ "${FORCE:-0}" != 1 ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$HASH" ] &&
	[ -f "$OUT/x86_64/libc.bc" ] && [ -f "$OUT/i386/libc.bc" ] &&
	[ -f "$OUT/x86_64/entry.bc" ] && [ -f "$OUT/i386/entry.bc" ] &&
	[ -f "$OUT/x86_64/klee-libc.bc" ] && [ -f "$OUT/i386/klee-libc.bc" ]; then
	echo "build-libc.sh: up to date ($OUT/{x86_64,i386}/libc.bc)"
	exit 0
fi

mkdir -p "$OUT"
: >"$LOG"
log() { echo "$*" >>"$LOG"; }
die() { echo "build-libc.sh: error: $*" >&2; log "error: $*"; exit 1; }
START_TIME=$(date +%s)

# ---------------------------------------------------------------- tools
for t in "$CLANG" "$LLVM_LINK" "$LLVM_NM" "$LLVM_DIS"; do
	command -v "$t" >/dev/null 2>&1 || bash "$ROOT/scripts/install-deps.sh"
	command -v "$t" >/dev/null 2>&1 || die "$t not found"
done

# ---------------------------------------------------------------- musl source
if [ ! -f "$MUSL/VERSION" ]; then
	bash "$ROOT/scripts/install-deps.sh" --musl-src
	fetch="$BUILD/musl-fetch"
	rm -rf "$fetch" && mkdir -p "$fetch"
	echo "build-libc.sh: fetching musl source (apt-get source musl)"
	if ! (cd "$fetch" && apt-get source -qq musl </dev/null >"$fetch/apt.log" 2>&1); then
		# The package lists may predate the deb-src entry.
		apt-get update -qq </dev/null >/dev/null 2>&1 || true
		(cd "$fetch" && apt-get source -qq musl </dev/null >"$fetch/apt.log" 2>&1) ||
			{ cat "$fetch/apt.log" >&2; die "apt-get source musl failed"; }
	fi
	d=$(find "$fetch" -mindepth 1 -maxdepth 1 -type d -name 'musl-*' | head -n1)
	[ -n "$d" ] && [ -f "$d/VERSION" ] || die "apt-get source musl produced no source tree"
	v=$(cat "$d/VERSION")
	[ "$v" = "$MUSL_VERSION" ] || die "expected musl $MUSL_VERSION, got $v"
	rm -rf "$MUSL"
	mv "$d" "$MUSL"
	rm -rf "$fetch"
fi
[ "$(cat "$MUSL/VERSION")" = "$MUSL_VERSION" ] || die "build/musl-src is not musl $MUSL_VERSION"

# ---------------------------------------------------------------- what to compile
# Whole directories left out of the library:
#   src/malloc  trex's executor provides the malloc family (builtins)
#   src/ldso    dynamic linker / dlopen: no dynamic loading under trex
#   src/aio     POSIX asynchronous I/O runs on helper threads: no threads
# Arch subdirectories (src/*/<arch>/) are never taken: they are assembly or
# C with inline asm; musl's generic C versions are used instead.
EXCLUDE_DIRS="malloc ldso aio"

# Single files left out, with the reason (written to the log).
EXCLUDE_FILES="
env/__libc_start_main.c replaced by runtime/libc/start.c (needs _init/__init_array_*, asm barrier)
env/__init_tls.c        TLS set-up (__set_thread_area, _DYNAMIC, program headers): replaced by the static thread in runtime/libc/start.c
env/__reset_tls.c       TLS images of threads: no threads
env/__stack_chk_fail.c  replaced by runtime/libc/glibc_compat.c (__stack_chk_fail ends the path through abort)
exit/abort.c            abort is a trex builtin (contract)
exit/assert.c           __assert_fail is a trex builtin (contract)
thread/__set_thread_area.c  asm in arch versions; no TLS set-up under trex
thread/__unmapself.c    thread exit (asm)
thread/clone.c          clone of threads (asm)
thread/pthread_create.c threads cannot be created (needs __clone, TLS copy)
thread/pthread_join.c   no threads to join (with pthread_create)
thread/pthread_detach.c no threads (with pthread_create)
thread/pthread_exit.c   no threads (with pthread_create)
thread/pthread_cancel.c cancellation needs asm (__cp_begin/__cp_end, sigreturn)
thread/pthread_kill.c   signals to threads: not supported
thread/pthread_getattr_np.c needs the thread stack (mremap probing)
thread/thrd_create.c    C11 threads (with pthread_create)
thread/thrd_exit.c      C11 threads (with pthread_create)
thread/thrd_join.c      C11 threads (with pthread_create)
thread/tls.c            empty placeholder
thread/__tls_get_addr.c dynamic TLS: no TLS under trex
thread/syscall_cp.c     empty placeholder
linux/clone.c           clone(2) wrapper: needs the asm __clone
mq/mq_notify.c          SIGEV_THREAD notification runs a helper thread
time/timer_create.c     SIGEV_THREAD timers run helper threads (setjmp/longjmp asm)
signal/siglongjmp.c     needs longjmp (asm only in musl); setjmp/longjmp are not in the library
compat/time32/aio_suspend_time32.c  i386 only: aio is not built
compat/time32/pthread_timedjoin_np_time32.c  i386 only: no pthread_join
"

excluded_file() { # $1 = path relative to src/
	local f
	while read -r f _; do
		[ -n "$f" ] && [ "$f" = "$1" ] && return 0
	done <<<"$EXCLUDE_FILES"
	return 1
}

# The edited copies of musl files (needs_patch, patch_source) are shared with
# scripts/build-coreutils.sh, whose native programs link the same edits.
# shellcheck source=scripts/musl-patches.sh
. "$ROOT/scripts/musl-patches.sh"

gen_headers() { # $1 = arch, $2 = dir
	local arch=$1 inc=$2/include
	mkdir -p "$inc/bits" "$2/internal"
	sed -f "$MUSL/tools/mkalltypes.sed" "$MUSL/arch/$arch/bits/alltypes.h.in" \
		"$MUSL/include/alltypes.h.in" >"$inc/bits/alltypes.h.tmp"
	cp "$MUSL/arch/$arch/bits/syscall.h.in" "$inc/bits/syscall.h.tmp"
	sed -n -e s/__NR_/SYS_/p <"$MUSL/arch/$arch/bits/syscall.h.in" >>"$inc/bits/syscall.h.tmp"
	printf '#define VERSION "%s"\n' "$MUSL_VERSION" >"$2/internal/version.h.tmp"
	local f
	for f in "$inc/bits/alltypes.h" "$inc/bits/syscall.h" "$2/internal/version.h"; do
		if cmp -s "$f.tmp" "$f"; then rm -f "$f.tmp"; else mv "$f.tmp" "$f"; fi
	done
}

cflags() { # $1 = arch, $2 = generated dir
	local arch=$1 gen=$2 target
	case "$arch" in
	x86_64) target=(--target=x86_64-pc-linux-gnu) ;;
	# SSE2 arithmetic: FLT_EVAL_METHOD 0, as LLVM IR floating point is plain IEEE.
	i386) target=(--target=i386-pc-linux-gnu -msse2 -mfpmath=sse) ;;
	esac
	# -O2 must come before -fno-vectorize/-fno-slp-vectorize (a later -O2
	# turns the vectorizers back on). -fno-pic: no llvm.load.relative
	# lookup tables. -ffp-contract=off: no llvm.fmuladd. Debug file names are
	# musl/src/... and runtime/... whatever the checkout's location.
	echo "${target[*]} -O2 -g -std=c99 -ffreestanding -nostdinc -fno-builtin -fno-stack-protector" \
		"-fno-pic -fno-pie -fno-rounding-math -ffp-contract=off -fno-vectorize -fno-slp-vectorize" \
		"-fno-unroll-loops -fno-common -emit-llvm -D_XOPEN_SOURCE=700" \
		"-fdebug-prefix-map=$ROOT=. -fdebug-prefix-map=$ROOT/= -fdebug-prefix-map=$MUSL=musl -fdebug-prefix-map=$OBJ/$arch/patched=musl/src" \
		"-I$ROOT/runtime/include -I$MUSL/arch/$arch -I$MUSL/arch/generic -I$gen/internal" \
		"-I$MUSL/src/include -I$MUSL/src/internal -I$gen/include -I$MUSL/include" \
		"-Wno-everything -Werror=implicit-function-declaration -Werror=int-conversion -Werror=incompatible-pointer-types"
}

compile_one() { # $1 = source, $2 = output .bc ; uses $CFLAGS
	local src=$1 out=$2
	if [ -f "$out" ] && [ "$out" -nt "$src" ]; then return 0; fi
	mkdir -p "$(dirname "$out")"
	if ! $CLANG $CFLAGS -c "$src" -o "$out.tmp" 2>"$out.err"; then
		rm -f "$out.tmp"
		echo "FAILED: $src" >&2
		sed 's/^/    /' "$out.err" | head -n 20 >&2
		return 1
	fi
	mv "$out.tmp" "$out"
	rm -f "$out.err"
}
export -f compile_one
export CLANG

build_arch() {
	local arch=$1
	local aobj="$OBJ/$arch" gen="$OBJ/$arch/gen"
	local outdir="$OUT/$arch"
	mkdir -p "$aobj" "$outdir"

	# Objects are reused only when compiled with the same headers, flags and script.
	local hhash
	hhash=$( { cflags "$arch" "$gen"; cat "$ROOT"/runtime/include/*.h; } | sha256sum | cut -d' ' -f1)
	if [ ! -f "$aobj/headers.stamp" ] || [ "$(cat "$aobj/headers.stamp")" != "$hhash" ]; then
		rm -rf "$aobj" && mkdir -p "$aobj"
	fi
	gen_headers "$arch" "$gen"
	export CFLAGS
	CFLAGS="$(cflags "$arch" "$gen")"

	log "== $arch"
	log "cflags: $CFLAGS"
	local list="$aobj/sources.txt"
	: >"$list"
	local f rel dir name
	# musl's generic sources
	while IFS= read -r f; do
		rel=${f#"$MUSL/src/"}
		dir=${rel%%/*}
		name=${rel#*/}
		case " $EXCLUDE_DIRS " in *" $dir "*) continue ;; esac
		if excluded_file "$rel"; then continue; fi
		if [ -f "$ROOT/runtime/libc/$rel" ]; then
			continue # replaced by runtime/libc/<dir>/<name>.c
		fi
		# Some files are compiled from an edited copy (see patch_source).
		if needs_patch "$rel" "$f"; then
			mkdir -p "$aobj/patched/$dir"
			patch_source "$rel" "$f" >"$aobj/patched/$rel.tmp" || die "patching src/$rel failed"
			if cmp -s "$aobj/patched/$rel.tmp" "$aobj/patched/$rel"; then
				rm -f "$aobj/patched/$rel.tmp"
			else
				mv "$aobj/patched/$rel.tmp" "$aobj/patched/$rel"
			fi
			log "  compiled from an edited copy: src/$rel"
			f="$aobj/patched/$rel"
		fi
		printf '%s\t%s\n' "$f" "$aobj/musl/${rel%.c}.bc" >>"$list"
	done < <(find "$MUSL/src" -mindepth 2 -maxdepth 2 -name '*.c' | LC_ALL=C sort)
	# 32-bit archs: musl's compat/time32 provides the 32-bit time_t ABI
	# names (time, gettimeofday, stat, ...) that glibc-compiled i386 code
	# calls; musl's own functions are the *_time64 ones there.
	if [ "$arch" = i386 ]; then
		while IFS= read -r f; do
			rel=${f#"$MUSL/"}
			if excluded_file "$rel"; then continue; fi
			printf '%s\t%s\n' "$f" "$aobj/musl/${rel%.c}.bc" >>"$list"
		done < <(find "$MUSL/compat/time32" -maxdepth 1 -name '*.c' | LC_ALL=C sort)
	fi
	# trex's runtime sources
	while IFS= read -r f; do
		rel=${f#"$ROOT/runtime/libc/"}
		printf '%s\t%s\n' "$f" "$aobj/runtime/${rel%.c}.bc" >>"$list"
	done < <(find "$ROOT/runtime/libc" -name '*.c' | LC_ALL=C sort)

	local n
	n=$(wc -l <"$list")
	echo "build-libc.sh: $arch: compiling $n files ($JOBS jobs)"
	# Runtime files depend on runtime headers only through the stamp above;
	# force their recompilation (there are few).
	rm -rf "$aobj/runtime"
	if ! tr '\t' '\n' <"$list" | xargs -d '\n' -n 2 -P "$JOBS" bash -c 'compile_one "$1" "$2"' _; then
		die "$arch: some files failed to compile (see above)"
	fi
	echo "$hhash" >"$aobj/headers.stamp"

	# Link.
	cut -f2 "$list" >"$aobj/objects.txt"
	$LLVM_LINK -o "$outdir/libc.bc.tmp" $(cat "$aobj/objects.txt") 2>"$aobj/link.err" ||
		{ cat "$aobj/link.err" >&2; die "$arch: llvm-link failed"; }

	# Check: undefined symbols are exactly within the contract.
	local undef extra=""
	undef=$($LLVM_NM --undefined-only "$outdir/libc.bc.tmp" | awk '{print $NF}' | LC_ALL=C sort -u)
	log "undefined symbols: $(echo $undef)"
	for f in $undef; do
		case " $CONTRACT_UNDEF " in *" $f "*) ;; *) extra="$extra $f" ;; esac
	done
	[ -z "$extra" ] || die "$arch: undefined symbols outside the contract:$extra"

	$LLVM_DIS "$outdir/libc.bc.tmp" -o "$aobj/libc.ll.tmp"
	# Report: intrinsics and vector instructions the executor will meet.
	log "intrinsics used: $(grep -oE '@llvm\.[A-Za-z0-9_.]+' "$aobj/libc.ll.tmp" | sed -E 's/\.(p0|i[0-9]+|f[0-9]+|v[0-9]+|sl_).*//' | LC_ALL=C sort | uniq -c | awk '{printf "%s(%s) ", $2, $1}')"
	log "vector instructions: $(grep -cE '= (extractelement|insertelement|shufflevector) ' "$aobj/libc.ll.tmp" || true)"

	# Check: only intrinsics from this list (what the executor must implement,
	# plus the debug/lifetime/scope markers it drops).
	local intr bad_intr=""
	for intr in $(grep -oE '@llvm\.[A-Za-z0-9_.]+' "$aobj/libc.ll.tmp" |
		sed -E 's/^@llvm\.//; s/\.(p0|i[0-9]+|f[0-9]+|v[0-9]+|sl_).*//' | LC_ALL=C sort -u); do
		case " $(echo $ALLOWED_INTRINSICS) " in *" $intr "*) ;; *) bad_intr="$bad_intr $intr" ;; esac
	done
	[ -z "$bad_intr" ] || die "$arch: unexpected intrinsics in libc.bc:$bad_intr"

	# Check: no inline asm, no module asm.
	if grep -nE '(call|invoke) .*\basm\b|^module asm' "$aobj/libc.ll.tmp" >"$aobj/asm.txt"; then
		head -n 5 "$aobj/asm.txt" >&2
		die "$arch: inline asm left in libc.bc"
	fi

	mv "$aobj/libc.ll.tmp" "$aobj/libc.ll"
	mv "$outdir/libc.bc.tmp" "$outdir/libc.bc"

	# entry.bc: makes __libc_start_main "needed" for llvm-link --only-needed.
	$CLANG $CFLAGS -c "$ROOT/runtime/entry/entry.c" -o "$outdir/entry.bc"
	local nfun size
	nfun=$(grep -c '^define ' "$aobj/libc.ll")
	size=$(stat -c %s "$outdir/libc.bc")
	echo "build-libc.sh: $arch: $outdir/libc.bc: $nfun functions, $size bytes, undefined: $(echo $undef)"
	log "$arch: $nfun functions, $size bytes"
	build_klee_libc "$arch" "$aobj/klee-libc" "$outdir"
}

# klee-libc.bc (--libc=klee): self-contained, nothing left undefined, no C library headers
# (only the compiler's own: stddef.h, stdint.h, limits.h).
build_klee_libc() { # $1 = arch, $2 = object dir, $3 = output dir
	local arch=$1 kobj=$2 outdir=$3 f objs=()
	local flags
	flags="$(cflags "$arch" /nonexistent | sed -E 's/ -nostdinc / -nostdlibinc /; s/ -I[^ ]+//g')"
	rm -rf "$kobj" && mkdir -p "$kobj"
	for f in "$ROOT"/runtime/klee-libc/*.c; do
		$CLANG $flags -c "$f" -o "$kobj/$(basename "${f%.c}").bc" || die "$arch: compiling $f failed"
		objs+=("$kobj/$(basename "${f%.c}").bc")
	done
	$LLVM_LINK -o "$outdir/klee-libc.bc.tmp" "${objs[@]}" || die "$arch: linking klee-libc.bc failed"
	local undef
	undef=$($LLVM_NM --undefined-only "$outdir/klee-libc.bc.tmp" | awk '{print $NF}')
	[ -z "$undef" ] || die "$arch: klee-libc.bc leaves undefined: $(echo $undef)"
	mv "$outdir/klee-libc.bc.tmp" "$outdir/klee-libc.bc"
	echo "build-libc.sh: $arch: $outdir/klee-libc.bc: $(ls "$ROOT"/runtime/klee-libc/*.c | wc -l) files"
}

log "musl $MUSL_VERSION from $MUSL"
log "excluded directories: $EXCLUDE_DIRS, and every src/*/<arch>/ subdirectory"
log "excluded files:"
while read -r f why; do
	case "$f" in compat/*) ;; ?*) f=src/$f ;; esac
	[ -n "$f" ] && log "  $f: $why"
done <<<"$EXCLUDE_FILES"
log "replaced by runtime/libc/: $(cd "$ROOT/runtime/libc" && find . -mindepth 2 -name '*.c' | sed 's|^\./||' | LC_ALL=C sort | while read -r f; do [ -f "$MUSL/src/$f" ] && echo -n "src/$f "; done)"

rm -f "$STAMP"
for arch in "${ARCHES[@]}"; do
	build_arch "$arch"
done
echo "$HASH" >"$STAMP"
echo "build-libc.sh: done in $(( $(date +%s) - START_TIME ))s (log: ${LOG#"$ROOT/"})"
