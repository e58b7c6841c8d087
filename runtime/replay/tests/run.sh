#!/usr/bin/env bash
# Tests of libtrexreplay: builds the library (scripts/build-replay.sh), writes
# .ktest files with ktest_writer.py, compiles small programs natively for
# x86-64 and i386 against the library, replays them and checks exit status,
# stdout and stderr. Last line: "N passed, N failed"; exit status 1 on failure.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
CC="${CC:-clang-14}"
CXX="${CXX:-clang++-14}"
W="python3 $here/ktest_writer.py"
ulimit -c 0 2>/dev/null || true

tmp="$(mktemp -d "${TMPDIR:-/tmp}/trexreplay-test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1: $2"; }

"$root/scripts/build-replay.sh" || { echo "0 passed, 1 failed"; exit 1; }

# t NAME STATUS STDOUT STDERR -- CMD...
#   STDOUT: exact expected stdout, or '*' (not checked)
#   STDERR: '-' (must be empty), '*' (not checked), or an extended regex that
#   must match a line
t() {
  local name="$1" want_status="$2" want_out="$3" want_err="$4"
  shift 5
  local out status err
  out="$("$@" 2>"$tmp/stderr")"
  status=$?
  err="$(cat "$tmp/stderr")"
  if [[ "$status" != "$want_status" ]]; then
    ko "$name" "exit status $status, expected $want_status (stdout: '$out', stderr: '$err')"
  elif [[ "$want_out" != '*' && "$out" != "$want_out" ]]; then
    ko "$name" "stdout '$out', expected '$want_out' (stderr: '$err')"
  elif [[ "$want_err" == '-' && -n "$err" ]]; then
    ko "$name" "unexpected stderr '$err'"
  elif [[ "$want_err" != '-' && "$want_err" != '*' ]] && ! grep -qE -- "$want_err" <<<"$err"; then
    ko "$name" "stderr '$err' does not match /$want_err/"
  else
    ok "$name"
  fi
}

# --- the writer itself: the byte layout of KLEE's version 3 (and 1) ------
$W "$tmp/golden.ktest" --arg a.bc x=hex:01020304
got="$(od -An -v -tx1 "$tmp/golden.ktest" | tr -d ' \n')"
want="4b5445535400000003000000010000000461 2e6263 0000000000000000 00000001 00000001 78 00000004 01020304"
want="${want// /}"
if [[ "$got" == "$want" ]]; then ok "writer: v3 layout"; else ko "writer: v3 layout" "$got != $want"; fi
$W "$tmp/golden1.ktest" --version 1
got="$(od -An -v -tx1 "$tmp/golden1.ktest" | tr -d ' \n')"
want="4b54455354000000010000000000000000"
if [[ "$got" == "$want" ]]; then ok "writer: v1 layout"; else ko "writer: v1 layout" "$got != $want"; fi

# --- headers: compile-only, C (several standards), i386, C++ --------------
inc=(-I "$root/runtime/include")
hc="$here/header_check.c"
for flags in "-std=gnu11" "-std=c99 -pedantic" "-std=gnu89" "-m32 -std=gnu11"; do
  # shellcheck disable=SC2086
  if out="$("$CC" $flags -Wall -Wextra -Werror "${inc[@]}" -fsyntax-only "$hc" 2>&1)"; then
    ok "header C $flags"
  else
    ko "header C $flags" "$out"
  fi
done
if command -v "$CXX" >/dev/null 2>&1; then
  if out="$("$CXX" -x c++ -std=c++17 -Wall -Wextra -Werror "${inc[@]}" -fsyntax-only "$hc" 2>&1)"; then
    ok "header C++"
  else
    ko "header C++" "$out"
  fi
fi

for arch in x86_64 i386; do
  if [[ $arch == x86_64 ]]; then m=-m64; PS=8; LS=8; else m=-m32; PS=4; LS=4; fi
  lib="$root/build/runtime/native-$arch/libtrexreplay.a"
  d="$tmp/$arch"
  mkdir -p "$d"
  P="$d/prog"
  S="$d/svcomp_task"
  cflags=(-O1 -g -Wall -Wextra -Werror -Wno-unused-label "$m" "${inc[@]}")
  if ! out="$("$CC" "${cflags[@]}" "$here/prog.c" "$lib" -o "$P" 2>&1)"; then
    ko "$arch: compile prog.c" "$out"; continue
  fi
  if ! out="$("$CC" "${cflags[@]}" "$here/svcomp_task.c" "$lib" -o "$S" 2>&1)"; then
    ko "$arch: compile svcomp_task.c" "$out"; continue
  fi
  ok "$arch: compile and link"
  k() { local f="$d/$1.ktest"; shift; $W "$f" "$@"; echo "$f"; }
  K=KTEST_FILE

  # values arrive in order, with the right bytes
  f=$(k order a=i32:-123456 buf=str:hello s=i16:-2 ll=i64:-9000000000 \
      d=f64:0.5 k=i32:77 r=i32:-5 klee_choose=u$((PS * 8)):4)
  t "$arch: values in order" 0 \
    "a=-123456 buf=68656c6c6f s=-2 ll=-9000000000 d=0.5 k=77 r=-5 one=3 c=4" - \
    -- env $K="$f" "$P" order
  f=$(k swapped buf=str:hello a=i32:1)
  t "$arch: objects taken in file order, not by name" 1 "" \
    'name mismatch. Requesting "a" but returning "buf"' -- env $K="$f" "$P" order

  # name mismatch: warning, value still used
  f=$(k name y=i32:5)
  t "$arch: name mismatch warns" 0 "x=5" \
    '^KLEE-RUNTIME: WARNING: object name mismatch. Requesting "x" but returning "y"' \
    -- env $K="$f" "$P" one
  f=$(k unnamed unnamed=i32:8)
  t "$arch: NULL name is \"unnamed\"" 0 "x=8" - -- env $K="$f" "$P" unnamed
  f=$(k model model_version=u32:1 x=i32:4)
  t "$arch: model_version skipped" 0 "x=4" - -- env $K="$f" "$P" one

  # size mismatch: fatal
  f=$(k small x=i16:5)
  t "$arch: size mismatch (smaller) fails" 1 "" \
    '^KLEE_RUN_TEST_ERROR: object sizes differ. Expected 4 but got 2' \
    -- env $K="$f" "$P" one
  f=$(k big x=i64:5)
  t "$arch: size mismatch (larger) fails" 1 "" 'object sizes differ. Expected 4 but got 8' \
    -- env $K="$f" "$P" one

  # out of inputs: fatal (zeros with KLEE_RUN_TEST_ERRORS_NON_FATAL)
  f=$(k short x=i32:3)
  t "$arch: out of inputs fails" 1 "" '^KLEE_RUN_TEST_ERROR: out of inputs' \
    -- env $K="$f" "$P" two
  t "$arch: out of inputs, non-fatal: zero" 0 "x=3 y=0" 'Forcing execution to continue' \
    -- env $K="$f" KLEE_RUN_TEST_ERRORS_NON_FATAL=1 "$P" two
  f=$(k empty)
  t "$arch: no objects at all" 1 "" 'out of inputs' -- env $K="$f" "$P" one

  # klee_assume / __VERIFIER_assume
  f=$(k assume_ok x=i32:20)
  t "$arch: klee_assume true" 0 "x=20" - -- env $K="$f" "$P" assume
  f=$(k assume_bad x=i32:5)
  t "$arch: klee_assume false exits 1" 1 "" '^KLEE_RUN_TEST_ERROR: invalid klee_assume$' \
    -- env $K="$f" "$P" assume
  f=$(k vassume_ok __VERIFIER_nondet_int=i32:11)
  t "$arch: __VERIFIER_assume true" 0 "x=11" - -- env $K="$f" "$P" vassume
  f=$(k vassume_bad __VERIFIER_nondet_int=i32:10)
  t "$arch: __VERIFIER_assume false exits 1" 1 "" '^KLEE_RUN_TEST_ERROR: invalid klee_assume' \
    -- env $K="$f" "$P" vassume

  # assertion on one input: SIGABRT (134) with it, 0 with another
  f=$(k assert_hit x=i32:42)
  t "$arch: klee_assert fails on 42 -> SIGABRT" 134 "" 'Assertion .x != 42. failed' \
    -- env $K="$f" "$P" assert
  f=$(k assert_miss x=i32:41)
  t "$arch: klee_assert holds on 41" 0 "x=41" - -- env $K="$f" "$P" assert

  # SV-COMP nondet functions
  sv=(__VERIFIER_nondet_int=i32:-3 __VERIFIER_nondet_char=i8:65
      __VERIFIER_nondet_pointer=u$((PS * 8)):0x1000 __VERIFIER_nondet_bool=u8:2
      __VERIFIER_nondet_uint=u32:4000000000 __VERIFIER_nondet_long=i$((LS * 8)):-5
      __VERIFIER_nondet_uchar=u8:200)
  f=$(k sv "${sv[@]}")
  t "$arch: __VERIFIER_nondet_int/char/pointer/bool/uint/long/uchar" 0 \
    "i=-3 c=65 p=0x1000 b=1 u=4000000000 l=-5 uc=200" - -- env $K="$f" "$P" svcomp
  f=$(k sv_err __VERIFIER_nondet_int=i32:7 "${sv[@]:1}")
  t "$arch: reach_error (library's) -> SIGABRT" 134 '*' 'reach_error' \
    -- env $K="$f" "$P" svcomp
  f=$(k sv_ptr __VERIFIER_nondet_int=i32:1 __VERIFIER_nondet_char=i8:0 \
      __VERIFIER_nondet_pointer=u$((96 - PS * 8)):0)
  t "$arch: __VERIFIER_nondet_pointer of the other arch's size fails" 1 "" \
    "object sizes differ. Expected $PS but got $((12 - PS))" -- env $K="$f" "$P" svcomp
  f=$(k task_err __VERIFIER_nondet_int=i32:5 __VERIFIER_nondet_uint=u32:3)
  t "$arch: SV-COMP task, own reach_error, error input -> SIGABRT" 134 '*' \
    "Assertion .0. failed" -- env $K="$f" "$S"
  f=$(k task_ok __VERIFIER_nondet_int=i32:5 __VERIFIER_nondet_uint=u32:4)
  t "$arch: SV-COMP task, other input -> 0" 0 "x=5 n=4" - -- env $K="$f" "$S"
  f=$(k task_assume __VERIFIER_nondet_int=i32:5 __VERIFIER_nondet_uint=u32:100)
  t "$arch: SV-COMP task, __VERIFIER_assume violated -> 1" 1 "" 'invalid klee_assume' \
    -- env $K="$f" "$S"

  # versions and header fields
  f=$(k v1 --version 1 --arg prog --arg foo x=i32:9)
  t "$arch: version 1 (no sym-argv fields), with args" 0 "x=9" - -- env $K="$f" "$P" one
  f=$(k v2 --version 2 --arg prog --sym-argvs 1 --sym-argv-len 8 x=i32:10)
  t "$arch: version 2" 0 "x=10" - -- env $K="$f" "$P" one
  f=$(k v4 --version 4 x=i32:1)
  t "$arch: version 4 refused" 1 "" 'unsupported version 4' -- env $K="$f" "$P" one
  f=$(k magic --magic KTESX x=i32:1)
  t "$arch: bad magic refused" 1 "" 'bad magic' -- env $K="$f" "$P" one
  f=$(k trunc x=i32:1)
  head -c -2 "$f" >"$f.cut"
  t "$arch: truncated file refused" 1 "" 'truncated' -- env $K="$f.cut" "$P" one
  t "$arch: KTEST_FILE unset" 1 "" 'KTEST_FILE is not set' -- env -u $K "$P" one
  t "$arch: KTEST_FILE missing file" 1 "" 'unable to open .ktest file' \
    -- env $K="$d/nonexistent.ktest" "$P" one

  # klee_range, klee_choose, the rest
  f=$(k range_ok r=i32:9)
  t "$arch: klee_range in range" 0 "r=9" - -- env $K="$f" "$P" range
  f=$(k range_bad r=i32:10)
  t "$arch: klee_range out of range fails" 1 "" 'invalid klee_range\(0,10,r\) value, got: 10' \
    -- env $K="$f" "$P" range
  f=$(k choose_ok klee_choose=u$((PS * 8)):2)
  t "$arch: klee_choose" 0 "c=2" - -- env $K="$f" "$P" choose
  f=$(k choose_bad klee_choose=u$((PS * 8)):3)
  t "$arch: klee_choose out of range fails" 1 "" 'klee_choose failure' -- env $K="$f" "$P" choose
  t "$arch: klee_silent_exit(7)" 7 "" - -- env -u $K "$P" silent
  t "$arch: klee_report_error -> SIGABRT" 134 "" 'prog.c:99: user says no' -- env -u $K "$P" report
  t "$arch: misc (no inputs needed)" 0 "sym=0 replay=1 gv=5 6 7 1.5 2.5 8" '*' \
    -- env -u $K "$P" misc
  n_once=$(grep -c 'WARNING: once' "$tmp/stderr")
  n_twice=$(grep -c 'WARNING: twice' "$tmp/stderr")
  if [[ $n_once == 1 && $n_twice == 2 ]]; then ok "$arch: klee_warning / klee_warning_once"
  else ko "$arch: klee_warning / klee_warning_once" "once: $n_once, twice: $n_twice"; fi
done

echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
