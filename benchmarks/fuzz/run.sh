#!/usr/bin/env bash
# The fuzz harness (issue 31): every input trex parses (.ktest, seed directories, .path files,
# property files, --env-file, time spans, KLEE command lines, --posix-runtime arguments,
# bitcode and .ll) mutated from valid seeds for a fixed time, in-process through the parsers'
# own functions (`src/cli/fuzz/`, a test of the library run by its test binary); bitcode and
# .ll in batches in child processes (LLVM's fatal errors end the reading process by design).
#
#   benchmarks/fuzz/run.sh
#
# Prints per parser: inputs tried, inputs per second, rejected (a clean error), failures (a
# panic, a crash, an input over FUZZ_TIMEOUT_MS), and each failing input's file (saved in
# FUZZ_OUT/<parser>/). Exit status 1 on any failure, or when the harness ends without its
# figures. Environment: FUZZ_SECONDS (the whole run, shared by the parsers; default 60),
# FUZZ_SEED (RNG seed, default 1: the same seed gives the same inputs), FUZZ_OUT (default
# fuzz-failures), FUZZ_TIMEOUT_MS (default 2000), FUZZ_PARSERS (comma-separated names),
# FUZZ_BIN (the library's test binary; default: built by cargo), TREX (its `.ktest` and `.path`
# files of a small run are seeds; default target/release/trex), FUZZ_SEED_DIR (those seeds
# taken from this directory instead, without trex), FUZZ_SVCOMP (the SV-COMP
# tasks, for the property file; default /work/shared/benchmarks/svcomp).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
clang=${TREX_CLANG:-clang-14}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-fuzz.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT

bin=${FUZZ_BIN:-}
if [ -z "$bin" ]; then
  bin=$(cd "$root" && cargo test --release --lib --no-run --message-format=json 2>"$tmp/build" |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
  [ -n "$bin" ] || { echo "fuzz/run.sh: cannot build the test binary:" >&2; tail -20 "$tmp/build" >&2; exit 1; }
fi

# Real tests and path files of a small run: seeds for the .ktest, seed-dir and .path parsers.
seed_dir=${FUZZ_SEED_DIR:-}
if [ -z "$seed_dir" ]; then
  [ -x "$trex" ] || { echo "trex binary not found: $trex" >&2; exit 1; }
  seed_dir=$tmp/seed-run
  cat >"$tmp/seeds.c" <<'EOF'
int klee_make_symbolic(void *, unsigned long, const char *);
int main(void) {
  int x; char b[6];
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(b, sizeof b, "b");
  if (x > 10) { if (b[0] == 'a') return 1; if (b[1] < 0) return 2; }
  else if (x == -3) return 3;
  return 0;
}
EOF
  "$clang" -c -emit-llvm -g -O0 -o "$tmp/seeds.bc" "$tmp/seeds.c" || { echo "fuzz/run.sh: $clang failed" >&2; exit 1; }
  "$trex" run --libc=none --write-paths --output-dir "$seed_dir" "$tmp/seeds.bc" >"$tmp/seed-run.log" 2>&1
  rc=$?
  if [ "$rc" != 0 ] || ! ls "$seed_dir"/*.ktest "$seed_dir"/*.path >/dev/null 2>&1; then
    echo "fuzz/run.sh: the seed run of trex failed (exit $rc) or wrote no .ktest / .path file:" >&2
    tail -5 "$tmp/seed-run.log" >&2; exit 1
  fi
fi
n_ktest=$(ls "$seed_dir"/*.ktest 2>/dev/null | wc -l)
n_path=$(ls "$seed_dir"/*.path 2>/dev/null | wc -l)

secs=${FUZZ_SECONDS:-60}
echo "fuzz: $secs s, seed ${FUZZ_SEED:-1}, $n_ktest .ktest and $n_path .path seeds from $seed_dir"
FUZZ_SEED_DIR="$seed_dir" FUZZ_SECONDS="$secs" \
  "$bin" cli::fuzz::fuzz --exact --ignored --nocapture --test-threads=1 >"$tmp/out" 2>"$tmp/err"
rc=$?

printf '%-14s %12s %10s %12s %9s\n' parser tried inputs/s rejected failures
rows=0
failed=0
while read -r _ name tried s rejected failures; do
  rows=$((rows + 1))
  printf '%-14s %12d %10.0f %12d %9d\n' "$name" "$tried" "$(awk -v n="$tried" -v s="$s" 'BEGIN { print (s > 0 ? n / s : 0) }')" "$rejected" "$failures"
  [ "$failures" = 0 ] || failed=1
done < <(grep '^fuzz-result: ' "$tmp/out")
awk '/^fuzz-result: / { n += $3 } END { printf "total inputs: %d\n", n }' "$tmp/out"
grep -h '^fuzz-note: ' "$tmp/out" | sed 's/^fuzz-note: /note: /'
if grep -q 'fuzz-failure: ' "$tmp/out"; then
  failed=1
  grep -h 'fuzz-failure: ' "$tmp/out" | sed 's/^.*fuzz-failure: /FAILURE: /'
fi
# All parsers (or the FUZZ_PARSERS named) must report: a harness that died has no figure.
want=10
[ -n "${FUZZ_PARSERS:-}" ] && want=$(echo "$FUZZ_PARSERS" | tr ',' '\n' | grep -c .)
if [ "$rc" != 0 ] || [ "$rows" != "$want" ]; then
  echo "fuzz/run.sh: the harness failed (exit $rc, $rows of $want parsers reported):" >&2
  grep -v '^fuzz-' "$tmp/out" | tail -8 >&2
  tail -8 "$tmp/err" >&2
  failed=1
fi
[ "$failed" = 0 ] && echo "no failure" || { echo "fuzz/run.sh: failures (inputs in ${FUZZ_OUT:-fuzz-failures}/)" >&2; exit 1; }
