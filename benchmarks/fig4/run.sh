#!/usr/bin/env bash
# TRACER-X Fig. 4 / Table 2 on trex: time and search-tree size against N (see README.md here).
#
#   benchmarks/fig4/run.sh [N...]          (default: 20 100 400 1000 2000)
#
# For each N, form (unrolled, loop), optimization level ($OPT, default 0: -O0; OPT="0 2" or
# OPT=2 for both) and variant (ok: the assertion holds; buggy: bound N-1, reachable failure),
# generates the program with gen.py, checks in the IR (llvm-dis-14) that every if/else is still a
# conditional branch with one call on each side (no `select`), runs
# `trex run --search=dfs --write-no-tests` with interpolation (trex's default) and, for
# N <= $BASELINE_MAX (default 20; 2^N paths), without it ($TREX_INTERP_OFF_FLAG), and prints:
# form, opt, N, variant, interpolation on/off, seconds, explored nodes, completed paths,
# subsumed paths, errors, and the verdict (ok: no error on the ok variant / the assertion failure
# found on the buggy one; WRONG otherwise; timeout: no verdict; trex failed: it exited non-zero,
# was killed before the timeout or printed no `KLEE: done:` line).
# Figures absent from trex's output (`explored nodes`, `subsumed paths` before interpolation
# lands) print as n/a. Exit status 1 when a verdict is WRONG, a run fails or an IR check fails.
#
# Environment: TREX (binary; default target/release/trex), TIMEOUT (seconds per run, default 120),
# OPT, BASELINE_MAX, FORMS (default "unrolled loop stored-array stored-vars stored-loop"), TREX_INTERP_OFF_FLAG (default
# --no-interpolation), TREX_RUNTIME_DIR (passed to trex), KEEP=1 (keep the temp dir).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
[ -x "$trex" ] || { echo "trex binary not found: $trex (cargo build --release, or set TREX)" >&2; exit 1; }
timeout_s=${TIMEOUT:-120}
baseline_max=${BASELINE_MAX:-20}
off_flag=${TREX_INTERP_OFF_FLAG:---no-interpolation}
read -r -a levels <<< "${OPT:-0}"
[ "${levels[*]}" = 2 ] && levels=(0 2)
read -r -a forms <<< "${FORMS:-unrolled loop stored-array stored-vars stored-loop}"
ns=("$@"); [ ${#ns[@]} -gt 0 ] || ns=(20 100 400 1000 2000)
# The baseline needs an option trex knows (else every run without interpolation would fail).
if ! "$trex" run --help | grep -qE -- "(^|[[:space:]])${off_flag%%=*}\b"; then
  echo "\`trex run\` has no option ${off_flag%%=*} (TREX_INTERP_OFF_FLAG); before interpolation exists, set TREX_INTERP_OFF_FLAG=--seed=0" >&2
  exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-fig4.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
status=0

# The value of `KLEE: done: <key> = N` in a stderr file, or n/a.
done_val() { local v; v=$(sed -n "s/^KLEE: done: $2 = \\([0-9]*\\).*/\\1/p" "$1" | tail -1); echo "${v:-n/a}"; }

# Every if/else must stay a branch: one call of up() and one of down() per if (N each unrolled,
# 1 each in the loop), no select, and at least as many conditional branches. The stored forms:
# one __VERIFIER_nondet_bool call per decision (N, or 1 in the loop) and no select.
check_ir() { # bc form n
  local ll="$1.ll" want ups downs sels brs
  llvm-dis-14 "$1" -o "$ll" || return 1
  if [ "${2#stored-}" != "$2" ]; then
    want=$3; [ "$2" = stored-loop ] && want=1
    ups=$(grep -c 'call .*@__VERIFIER_nondet_bool(' "$ll"); sels=$(grep -c ' = select ' "$ll")
    if [ "$ups" != "$want" ] || [ "$sels" != 0 ]; then
      echo "IR check failed for $1: nondet calls=$ups (want $want), selects=$sels" >&2
      return 1
    fi
    return 0
  fi
  ups=$(grep -c 'call .*@up(' "$ll"); downs=$(grep -c 'call .*@down(' "$ll")
  sels=$(grep -c ' = select ' "$ll"); brs=$(grep -c ' br i1 ' "$ll")
  if [ "$2" = unrolled ]; then want=$3; else want=1; fi
  if [ "$ups" != "$want" ] || [ "$downs" != "$want" ] || [ "$sels" != 0 ] || [ "$brs" -lt "$want" ]; then
    echo "IR check failed for $1: calls up=$ups down=$downs (want $want each), selects=$sels, conditional branches=$brs" >&2
    return 1
  fi
}

fmt='%-12s %-3s %5s %-6s %-6s %9s %10s %12s %10s %7s  %s\n'
printf "$fmt" form opt N variant interp seconds "expl.nodes" "compl.paths" subsumed errors verdict
for n in "${ns[@]}"; do
  for form in "${forms[@]}"; do
    for o in "${levels[@]}"; do
      for variant in ok buggy; do
        src="$tmp/fig4-$form-$n-$variant.c"; bc="$tmp/fig4-$form-$n-$variant-O$o.bc"
        gflag=(); [ "$variant" = buggy ] && gflag=(--buggy)
        python3 "$here/gen.py" "$n" --form "$form" "${gflag[@]}" -o "$src" || exit 1
        clang-14 -g "-O$o" -c -emit-llvm -w -I "$root/runtime/include" -o "$bc" "$src" || exit 1
        check_ir "$bc" "$form" "$n" || { status=1; continue; }
        # The line of the assertion, where the buggy variant must fail.
        aline=$(grep -n 'klee_assert(' "$src" | cut -d: -f1)
        modes=(on); [ "$n" -le "$baseline_max" ] && modes+=(off)
        for mode in "${modes[@]}"; do
          flags=(--search=dfs --write-no-tests); [ "$mode" = off ] && flags+=("$off_flag")
          err="$tmp/$form-$n-$variant-O$o-$mode.err"
          t0=$(date +%s.%N)
          timeout -k 5 "$timeout_s" "$trex" run "${flags[@]}" --output-dir "$tmp/out-$form-$n-$variant-O$o-$mode" "$bc" > /dev/null 2> "$err"
          rc=$?
          t1=$(date +%s.%N)
          rm -rf "$tmp/out-$form-$n-$variant-O$o-$mode"
          secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
          completed=$(done_val "$err" "completed paths")
          # 124: timeout stopped it; 137 (SIGKILL) only at the timeout's kill, not a crash or
          # the kernel's out-of-memory kill before it.
          if [ "$rc" = 124 ] || { [ "$rc" = 137 ] && awk -v s="$secs" -v t="$timeout_s" 'BEGIN { exit !(s >= t) }'; }; then
            printf "$fmt" "$form" "O$o" "$n" "$variant" "$mode" ">$timeout_s" n/a n/a n/a n/a timeout
            continue
          fi
          if [ "$rc" != 0 ] || [ "$completed" = n/a ]; then
            printf "$fmt" "$form" "O$o" "$n" "$variant" "$mode" "$secs" - - - - "trex failed (exit $rc): $(grep -m1 -E 'error|panicked' "$err")"
            status=1; continue
          fi
          errors=$(grep -c '^KLEE: ERROR: ' "$err")
          hit=$(grep -c "^KLEE: ERROR: .*fig4-$form-$n-$variant\\.c:$aline: ASSERTION FAIL" "$err")
          if [ "$variant" = ok ]; then
            if [ "$errors" = 0 ]; then verdict=ok; else verdict="WRONG (error on a correct program)"; status=1; fi
          else
            if [ "$hit" -ge 1 ]; then verdict="ok (failure found)"; else verdict="WRONG (assertion failure missed)"; status=1; fi
          fi
          printf "$fmt" "$form" "O$o" "$n" "$variant" "$mode" "$secs" "$(done_val "$err" "explored nodes")" \
            "$completed" "$(done_val "$err" "subsumed paths")" "$errors" "$verdict"
        done
      done
    done
  done
done
exit $status
