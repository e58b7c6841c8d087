#!/usr/bin/env bash
# Issue 16's sweep: each coreutils program on KLEE's classic command line (symbolic arguments,
# one symbolic file, symbolic stdin), one at a time, and what ended its paths:
#
#   trex --posix-runtime --only-output-states-covering-new --max-time=$MAX_TIME \
#        --output-dir=OUT P.bc --sym-args 0 2 4 --sym-files 1 8 --sym-stdin 8
#
# Prints one table row per program as it finishes: paths completed + partial (`KLEE: done:`),
# tests (.ktest files), errors (.err files by class: the suffix before .err), the number of
# .err files saying `unsupported` (the issue's goal: 0), wall seconds and peak resident memory
# (MiB, /usr/bin/time -v). No coverage (run.sh measures it). A run that fails (trex exits
# non-zero or prints no `KLEE: done:` line) is `failed` in the table and makes the exit status 1.
#
# Environment: PROGS (default: the issue's 25 programs), MAX_TIME (seconds, default 60), TREX
# (binary; default target/release/trex: copy it elsewhere first if you rebuild meanwhile),
# TREX_COREUTILS_DIR (default build/coreutils; needs bc/P.bc), KEEP=1 (keep the output
# directories; printed).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
cu=${TREX_COREUTILS_DIR:-$root/build/coreutils}
progs=(${PROGS:-echo cat wc head tail tr cut seq sort ls base64 printf uniq nl fold expand
	unexpand od join paste comm tee basename dirname sum cksum})
max_time=${MAX_TIME:-60}

die() { echo "coreutils/sweep.sh: $*" >&2; exit 1; }
[ -x "$trex" ] || die "trex binary not found: $trex"
[ -x /usr/bin/time ] || die "needs /usr/bin/time (apt-get install time)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-sweep.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "output in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi

fmt='| %-8s | %-14s | %5s | %-28s | %11s | %6s | %6s |\n'
# shellcheck disable=SC2059
printf "$fmt" program "paths (c+p)" tests "errors by class" unsupported "wall s" "MiB"
# shellcheck disable=SC2059
printf "$fmt" --- --- --- --- --- --- ---
failed=0
for p in "${progs[@]}"; do
	bc="$cu/bc/$p.bc"
	[ -f "$bc" ] || die "no $bc: run scripts/build-coreutils.sh $p"
	out="$tmp/$p"
	mkdir -p "$tmp/cwd"
	# In an empty working directory (the model's host files), no stdin.
	(cd "$tmp/cwd" && /usr/bin/time -v "$trex" --posix-runtime \
		--only-output-states-covering-new --max-time="$max_time" --output-dir="$out" "$bc" \
		--sym-args 0 2 4 --sym-files 1 8 --sym-stdin 8 </dev/null >/dev/null 2>"$out.stderr")
	rc=$? # trex's own (time -v passes it on; 128 + N for a signal)
	completed=$(sed -n 's/^KLEE: done: completed paths = //p' "$out.stderr")
	partial=$(sed -n 's/^KLEE: done: partially completed paths = //p' "$out.stderr")
	if [ "$rc" != 0 ] || [ -z "$completed" ]; then
		echo "trex failed on $p: exit $rc${completed:+ (after its done: lines)}" >&2
		grep -v '^	' "$out.stderr" | tail -5 >&2
		# shellcheck disable=SC2059
		printf "$fmt" "$p" failed - - - - -
		failed=$((failed + 1))
		continue
	fi
	tests=$(find "$out" -name '*.ktest' | wc -l)
	errors=$(find "$out" -name '*.err' | sed 's/.*\.\([a-z]*\)\.err$/\1/' | sort | uniq -c |
		awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')
	unsupported=$(grep -l unsupported "$out"/*.err 2>/dev/null | wc -l)
	if [ "$unsupported" -gt 0 ]; then
		grep -h '^Error: .*unsupported' "$out"/*.err | sort | uniq -c | sed "s/^/  $p: /" >&2
	fi
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out.stderr" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }')
	mib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out.stderr" |
		awk '{ printf "%.0f", $1 / 1024 }')
	# shellcheck disable=SC2059
	printf "$fmt" "$p" "$completed+$partial" "$tests" "${errors:-none}" "$unsupported" "$wall" "$mib"
done
echo "MAX_TIME=$max_time s; trex $("$trex" --version 2>/dev/null | head -1)"
[ "$failed" = 0 ] || { echo "coreutils/sweep.sh: $failed of ${#progs[@]} runs failed (see above)" >&2; exit 1; }
