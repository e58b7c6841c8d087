#!/usr/bin/env bash
# Concolic testing (issue 28): the tables of papers 000 and 001 on their programs, and
# `trex concolic` beside `trex run` on the same programs and on coreutils.
#
#   benchmarks/concolic/run.sh                 # all three tables
#   TABLES="p001" benchmarks/concolic/run.sh   # one of them: p000, p001, side
#
# p000 (paper 000, "Boosting concolic testing via interpolation"): cdaudio, diskperf, floppy
#   (../shared/benchmarks/concolic/svcomp/ntdrivers-simplified) and kbfiltr
#   (../shared/benchmarks/svcomp/ntdrivers-simplified), ILP32, __VERIFIER_nondet_* inputs:
#   `trex concolic --search=S` for S in dfs, cfg, uniform-random, with and without
#   interpolation, until the paper's path count (200,000 cdaudio and floppy, 500,000 diskperf,
#   20,000 kbfiltr), the search's own end or MAX_TIME: executed paths, seconds, paths per
#   second, paths pruned, errors; and `trex run --search=dfs` (with interpolation) to the end
#   or MAX_TIME, as the reference a full concolic exploration is measured against.
# p001 (paper 001, IPPC): the SIR programs replace, print_tokens, schedule, tcas
#   (../shared/benchmarks/concolic/sir) with KLEE's POSIX runtime (symbolic arguments and
#   stdin, as a KLEE user runs them), `trex concolic` (dfs) with and without --ippc, at most
#   MAX_ITER paths or MAX_TIME: branch coverage of the program's source (coverage.lcov),
#   executed paths, negation queries (solver calls), path conditions per query (mean,
#   largest), seconds; then `trex run` with and without --ippc for MAX_TIME (rows run,
#   run-ippc): its paths and, from its info file, the solver calls and the constraints per
#   call (mean, largest).
# side: `trex concolic` (dfs) and `trex run` (its default search) for MAX_TIME on the SIR runs
#   and on coreutils echo, cat, wc, base64 (KLEE's --sym-args 0 2 4; build/coreutils/bc/P.bc from
#   scripts/build-coreutils.sh; a program without bitcode is skipped with a line saying so):
#   line coverage of the program's source (coverage.lcov), tests, peak resident memory.
#
# Environment: TREX (default target/release/trex), MAX_TIME (seconds, default 60), MAX_ITER
# (default 1000), SHARED (default ../shared beside the repo), TREX_COREUTILS_DIR (default
# build/coreutils), KEEP=1 (keep the output directories).
# The papers' figures: paper 000 (CREST, 3.2 GHz): DFS with interpolation 10-20x faster than
# plain CREST to the same path count, CFG and URS 3-5x; kbfiltr (smaller, safe) verified in 20 s
# with CFG and interpolation against 256 s without. Paper 001: the same branch coverage with
# IPPC as DFS, the largest IPPC query 157 path conditions against DFS's 2,922; over 5x faster
# where DFS makes 5 or more solver calls per iteration.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
shared=${SHARED:-$root/../shared}
cu=${TREX_COREUTILS_DIR:-$root/build/coreutils}
max_time=${MAX_TIME:-60}
max_iter=${MAX_ITER:-1000}
tables=(${TABLES:-p000 p001 side})
die() { echo "concolic/run.sh: $*" >&2; exit 1; }
[ -x "$trex" ] || die "trex binary not found: $trex"
[ -x /usr/bin/time ] || die "needs /usr/bin/time (apt-get install time)"
conc="$shared/benchmarks/concolic"
[ -d "$conc" ] || die "no $conc (SHARED=...)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-concolic.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "output in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
inc="$root/runtime/include"
failed=0

# `trex ARGS` in an empty directory, no stdin, timed: "$out.err" has trex's stderr and
# /usr/bin/time's figures, "$out.rc" trex's exit status (128 + N for a signal).
timed() {
	local out=$1
	shift
	mkdir -p "$tmp/cwd"
	(cd "$tmp/cwd" && /usr/bin/time -v "$trex" "$@" </dev/null >"$out.stdout" 2>"$out.err")
	echo $? >"$out.rc"
}
done_of() { sed -n "s/^KLEE: done: $2 = \([0-9]*\).*/\1/p" "$1.err" | head -1; }
wall_of() {
	sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1.err" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }'
}
mib_of() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1.err" | awk '{ printf "%.0f", $1 / 1024 }'; }
# Lines or branches (LH/LF, BRH/BRF) of the records of files whose name ends with $3.
cov_of() {
	awk -v want="$2" -v file="$3" '
		/^SF:/ { keep = (substr($0, length($0) - length(file) + 1) == file) }
		keep && /^LH:/ { split($0, a, ":"); lh += a[2] } keep && /^LF:/ { split($0, a, ":"); lf += a[2] }
		keep && /^BRH:/ { split($0, a, ":"); bh += a[2] } keep && /^BRF:/ { split($0, a, ":"); bf += a[2] }
		END { h = (want == "lines") ? lh : bh; t = (want == "lines") ? lf : bf
		      if (t > 0) printf "%.1f%%(%d/%d)", 100 * h / t, h, t; else printf "-" }' "$1/coverage.lcov" 2>/dev/null
}
# A run that ended well: exit 0 and its `KLEE: done:` lines (with `concolic`: the concolic
# mode's too), else it is reported and counted as failed.
check_ran() {
	local rc
	rc=$(cat "$1.rc")
	if [ "$rc" != 0 ] || [ -z "$(done_of "$1" "total instructions")" ] ||
		{ [ "${3:-}" = concolic ] && [ -z "$(done_of "$1" "executed paths")" ]; }; then
		echo "trex failed ($2): exit $rc" >&2
		grep -v '^	' "$1.err" | tail -3 >&2
		failed=$((failed + 1))
		return 1
	fi
}
# "met" or "MISSED" as the shell test "$@" holds.
goal() { if "$@"; then echo met; else echo MISSED; fi; }
# The negation queries of a concolic run: "calls mean largest".
queries_of() {
	sed -n 's/^KLEE: done: negation queries = \([0-9]*\).*mean \([0-9.]*\), largest \([0-9]*\)$/\1 \2 \3/p' "$1.err"
}

p000() {
	local nt="$shared/benchmarks/svcomp/ntdrivers-simplified"
	local progs=(
		"cdaudio_simpl1.cil-1|$conc/svcomp/ntdrivers-simplified/cdaudio_simpl1.cil-1.c|200000"
		"cdaudio_simpl1.cil-2|$conc/svcomp/ntdrivers-simplified/cdaudio_simpl1.cil-2.c|200000"
		"diskperf_simpl1.cil|$conc/svcomp/ntdrivers-simplified/diskperf_simpl1.cil.c|500000"
		"floppy_simpl3.cil-1|$conc/svcomp/ntdrivers-simplified/floppy_simpl3.cil-1.c|200000"
		"floppy_simpl3.cil-2|$conc/svcomp/ntdrivers-simplified/floppy_simpl3.cil-2.c|200000"
		"kbfiltr_simpl1.cil|$nt/kbfiltr_simpl1.cil.c|20000")
	local fmt='%-21s %-14s %-6s | %8s %7s %6s %-11s %-9s %8s %3s | %s\n'
	printf "$fmt" program search itp executed seconds paths/s pruned gc covered errs end
	for row in "${progs[@]}"; do
		IFS='|' read -r name src target <<<"$row"
		[ -f "$src" ] || { echo "no $src" >&2; failed=$((failed + 1)); continue; }
		bc="$tmp/$name.bc"
		clang-14 -m32 -g -O0 -c -emit-llvm -w "$src" -o "$bc" || { failed=$((failed + 1)); continue; }
		out="$tmp/p000-$name-run"
		timed "$out" run --search=dfs --max-time="$max_time" --output-dir="$out" "$bc"
		run_whole=
		if check_ran "$out" "$name run"; then
			paths=$(($(done_of "$out" "completed paths") + $(done_of "$out" "partially completed paths")))
			run_wall=$(wall_of "$out")
			errs=$(find "$out" -name '*.err' | wc -l)
			if grep -q '^KLEE: halting execution' "$out.err"; then
				end="stopped by MAX_TIME"
			else
				end="explored whole"
				run_whole=$run_wall
			fi
			printf "$fmt" "$name" "dfs (trex run)" on "$paths" "$run_wall" - "$(done_of "$out" "subsumed paths") subsumed" - "$(done_of "$out" "paths covered by subsumption")" "$errs" "$end"
		fi
		for s in dfs cfg uniform-random; do
			walls=()
			for itp in on no-gc off; do
				out="$tmp/p000-$name-$s-$itp"
				case $itp in
				on) flags=() ;;
				no-gc) flags=(--no-greedy-confirmation) ;;
				off) flags=(--no-interpolation) ;;
				esac
				timed "$out" concolic --search="$s" "${flags[@]}" \
					--max-iterations="$target" --max-time="$max_time" --output-dir="$out" "$bc"
				check_ran "$out" "$name $s $itp" concolic || { walls+=(-); continue; }
				paths=$(done_of "$out" "executed paths")
				wall=$(wall_of "$out")
				rate=$(awk -v p="$paths" -v w="$wall" 'BEGIN { printf "%.0f", (w > 0) ? p / w : 0 }')
				errs=$(find "$out" -name '*.err' | wc -l)
				pruned=$(sed -n 's/^KLEE: done: paths pruned by interpolation = \([0-9]*\) .*, \([0-9]*\) (untaken.*/\1+\2/p' "$out.err")
				gc=$(sed -n 's/^KLEE: done: greedy confirmation: sides confirmed = \([0-9]*\), .*paths run = \([0-9]*\)/\1:\2/p' "$out.err")
				covered=$(done_of "$out" "paths covered by subsumption")
				if grep -q '^KLEE: done: executed paths = .*every path explored' "$out.err"; then
					end="explored whole"
				elif [ "$paths" -ge "$target" ]; then
					end="reached the paper's $target"
				elif awk -v w="$wall" -v m="$max_time" 'BEGIN { exit !(w < m - 1) }'; then
					# (The search ended by itself: dfs when every decision was negated.)
					end="search ended"
					[ "$s" = dfs ] && end="explored whole"
				else
					end="stopped by MAX_TIME"
				fi
				walls+=("$([ "$end" = "explored whole" ] && echo "$wall" || echo -)")
				printf "$fmt" "$name" "$s" "$itp" "$paths" "$wall" "$rate" "${pruned:-0}" "${gc:--}" "${covered:-0}" "$errs" "$end"
			done
			if [ "$s" = dfs ] && [ "${walls[0]}" != - ] && [ "${walls[2]}" != - ]; then
				echo "  goal: dfs with interpolation 10x faster to the whole tree (${walls[0]} s vs ${walls[2]} s): $(goal awk -v a="${walls[0]}" -v b="${walls[2]}" 'BEGIN { exit !(10 * a <= b) }')"
			fi
			if [ "$s" = dfs ] && [ "${walls[0]}" != - ] && [ -n "$run_whole" ]; then
				echo "  goal: full concolic exploration within 2x of trex run's (${walls[0]} s vs $run_whole s): $(goal awk -v c="${walls[0]}" -v r="$run_whole" 'BEGIN { exit !(c <= 2 * r) }')"
			fi
		done
	done
	echo "p000: MAX_TIME=$max_time s each; itp: on (greedy confirmation too), no-gc (--no-greedy-confirmation), off (--no-interpolation); pruned = paths pruned where they entered a node + untaken sides settled before solving; gc = sides greedy confirmation settled : paths it ran; covered = paths covered by subsumption (paper 000's count); explored whole = interpolation knew every path run or covered, or dfs negated every decision; cfg and uniform-random otherwise end by themselves after 64 restarts or walks without a new path"
}

# The SIR runs: name|source dir|program arguments (KLEE's POSIX runtime).
sir_runs=(
	"tcas|tcas|--sym-args 12 12 2"
	"replace|replace|--sym-arg 3 --sym-arg 2 --sym-stdin 6"
	"print_tokens|print_tokens|--sym-stdin 8"
	"schedule|schedule|--sym-args 3 3 1 --sym-stdin 6")

sir_bc() {
	local name=$1 dir=$2
	local bc="$tmp/$name.bc"
	[ -f "$bc" ] || clang-14 -g -O0 -c -emit-llvm -w -Wno-return-type -I "$conc/sir/$dir" "$conc/sir/$dir/$name.c" -o "$bc" ||
		return 1
	echo "$bc"
}

p001() {
	local fmt='%-13s %-5s | %-18s %6s %7s %6s %7s %8s\n'
	printf "$fmt" program solve "branch cov" paths queries mean largest seconds
	for row in "${sir_runs[@]}"; do
		IFS='|' read -r name dir args <<<"$row"
		bc=$(sir_bc "$name" "$dir") || { failed=$((failed + 1)); continue; }
		for mode in dfs ippc; do
			out="$tmp/p001-$name-$mode"
			# shellcheck disable=SC2086
			timed "$out" concolic $([ "$mode" = ippc ] && echo --ippc) --max-iterations="$max_iter" \
				--max-time="$max_time" --output-dir="$out" --posix-runtime "$bc" $args
			check_ran "$out" "$name $mode" concolic || continue
			read -r queries mean largest <<<"$(queries_of "$out")"
			cov=$(cov_of "$out" branches "/$name.c")
			printf "$fmt" "$name" "$mode" "$cov" "$(done_of "$out" "executed paths")" \
				"$queries" "$mean" "$largest" "$(wall_of "$out")"
			eval "${mode}_cov=\$cov ${mode}_largest=\${largest:-0} ${mode}_wall=\$(wall_of \"\$out\") ${mode}_paths=\$(done_of \"\$out\" \"executed paths\") ${mode}_calls=\${queries:-0}"
		done
		[ -n "${dfs_cov:-}" ] && [ -n "${ippc_cov:-}" ] || continue
		echo "  goal: the same branch coverage with --ippc: $(goal [ "$dfs_cov" = "$ippc_cov" ])"
		echo "  goal: the largest --ippc query at most a tenth of dfs's ($ippc_largest vs $dfs_largest): $(goal [ $((ippc_largest * 10)) -le "$dfs_largest" ])"
		if [ "$dfs_calls" -ge $((5 * dfs_paths)) ]; then
			echo "  goal: faster with --ippc where dfs makes 5 or more calls per path ($ippc_wall s vs $dfs_wall s): $(goal awk -v a="$ippc_wall" -v b="$dfs_wall" 'BEGIN { exit !(a < b) }')"
		fi
		unset dfs_cov ippc_cov
		# `trex run`'s own fork questions with and without --ippc (its info file's figures).
		for mode in run run-ippc; do
			out="$tmp/p001-$name-$mode"
			# shellcheck disable=SC2086
			timed "$out" run $([ "$mode" = run-ippc ] && echo --ippc) --max-time="$max_time" \
				--output-dir="$out" --posix-runtime "$bc" $args
			check_ran "$out" "$name $mode" || continue
			calls=$(sed -n 's/^KLEE: done: solver calls = \([0-9]*\).*/\1/p' "$out/info")
			read -r mean largest <<<"$(sed -n 's/^KLEE: done: constraints per solver call: mean \([0-9.]*\), largest \([0-9]*\)$/\1 \2/p' "$out/info")"
			paths=$(($(done_of "$out" "completed paths") + $(done_of "$out" "partially completed paths")))
			printf "$fmt" "$name" "$mode" "$(cov_of "$out" branches "/$name.c")" "$paths" \
				"${calls:-?}" "${mean:-?}" "${largest:-?}" "$(wall_of "$out")"
		done
	done
	echo "p001: at most MAX_ITER=$max_iter paths or MAX_TIME=$max_time s; runs: $(printf '%s; ' "${sir_runs[@]}")"
}

side() {
	local fmt='%-13s | %-18s %6s %6s | %-18s %6s %6s\n'
	printf "$fmt" program "concolic lines" tests MiB "trex run lines" tests MiB
	local rows=("${sir_runs[@]}")
	for p in echo cat wc base64; do
		if [ -f "$cu/bc/$p.bc" ]; then
			rows+=("$p|coreutils|--sym-args 0 2 4")
		else
			echo "side: no $cu/bc/$p.bc (scripts/build-coreutils.sh $p): skipped" >&2
		fi
	done
	for row in "${rows[@]}"; do
		IFS='|' read -r name dir args <<<"$row"
		if [ "$dir" = coreutils ]; then
			bc="$cu/bc/$name.bc"
			src="/$( [ "$name" = base64 ] && echo basenc || echo "$name").c"
		else
			bc=$(sir_bc "$name" "$dir") || { failed=$((failed + 1)); continue; }
			src="/$name.c"
		fi
		cells=()
		for cmd in concolic run; do
			out="$tmp/side-$name-$cmd"
			# shellcheck disable=SC2086
			timed "$out" "$cmd" --max-time="$max_time" --output-dir="$out" --posix-runtime "$bc" $args
			if check_ran "$out" "$name $cmd" "$cmd"; then
				cells+=("$(cov_of "$out" lines "$src")" "$(find "$out" -name '*.ktest' | wc -l)" "$(mib_of "$out")")
			else
				cells+=(failed - -)
			fi
		done
		printf "$fmt" "$name" "${cells[@]}"
		[ "${cells[0]}" != failed ] || continue
		echo "  goal: concolic peak memory under 300 MB (${cells[2]} MiB): $(goal [ "${cells[2]}" -lt 300 ])"
		if grep -q 'over memory cap' "$tmp/side-$name-run.err"; then
			c=$(echo "${cells[0]}" | sed 's/.*(\([0-9]*\)\/.*/\1/') r=$(echo "${cells[3]}" | sed 's/.*(\([0-9]*\)\/.*/\1/')
			echo "  goal: line coverage at least trex run's, which hit its memory cap: $(goal [ "$c" -ge "$r" ])"
		fi
	done
	echo "side: MAX_TIME=$max_time s each; coreutils: --sym-args 0 2 4; lines of the program's own source (coverage.lcov)"
}

for t in "${tables[@]}"; do
	case "$t" in
	p000 | p001 | side) echo "== $t"; "$t" ;;
	*) die "unknown table $t (p000, p001, side)" ;;
	esac
done
[ "$failed" = 0 ] || { echo "concolic/run.sh: $failed runs failed (see above)" >&2; exit 1; }
