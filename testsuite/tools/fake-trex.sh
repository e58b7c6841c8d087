#!/usr/bin/env bash
# A fake `trex run` for testing tests/testsuite.rs before trex works:
#   TREX_BIN=testsuite/tools/fake-trex.sh cargo test --test testsuite
# Exit programs: links the bitcode natively (clang-14) and runs it, printing the contract's stderr
# lines. Error programs: echoes the expectation written in the C source (found through the debug
# info), so only the harness's parsing and reporting is tested on them.
# FAKE_BREAK=stdout|status|line|kind|message|panic|noexitline|exitcode breaks the output on purpose
# (every case must then FAIL with a useful report).
set -u
die() { echo "trex: error: $*" >&2; exit 1; }
[ "${1:-}" = run ] || die "usage: trex run [options] prog.bc [args...]"
shift
outdir="" libc="" entry=main
while [ $# -gt 0 ]; do
  case "$1" in
    --output-dir) outdir=$2; shift 2;;
    --output-dir=*) outdir=${1#*=}; shift;;
    --libc=*) libc=${1#*=}; shift;;
    --entry-point) entry=$2; shift 2;;
    --entry-point=*) entry=${1#*=}; shift;;
    --max-instructions|--max-stack-frames) shift 2;;
    --*) die "unknown option $1";;
    *) break;;
  esac
done
[ $# -ge 1 ] || die "no input file"
bc=$1; shift
[ -f "$bc" ] || die "cannot read $bc: No such file or directory"
[ -z "$outdir" ] && outdir=klee-out-0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
llvm-dis-14 -o "$tmp/p.ll" "$bc" 2>/dev/null || die "$bc: not an LLVM bitcode file"
grep -q "^define .*@$entry(" "$tmp/p.ll" || die "entry point '$entry' not found in $bc"
mkdir -p "$outdir" || die "cannot create $outdir"
echo "KLEE: output directory is \"$outdir\"" >&2
m32=""; grep -q '^target triple = "i386' "$tmp/p.ll" && m32=-m32
b=${FAKE_BREAK:-}
[ "$b" = panic ] && { echo "thread 'main' panicked at src/exec/mod.rs:1:1" >&2; exit 101; }
[ "$b" = exitcode ] && exit 3
src=$(grep -o 'DIFile(filename: "[^"]*", directory: "[^"]*"' "$tmp/p.ll" | head -1 |
      sed 's/DIFile(filename: "\([^"]*\)", directory: "\([^"]*\)"/\2\/\1/')
case "$src" in */*/*) src="/${src#*//}";; esac
[ -f "$src" ] || src=$(grep -o 'DIFile(filename: "[^"]*"' "$tmp/p.ll" | head -1 | sed 's/.*"\(.*\)"/\1/')
exp=$(grep -m1 '^[[:space:]]*//[[:space:]]*EXPECT:[[:space:]]*error' "$src" 2>/dev/null)
done_lines() { printf 'KLEE: done: total instructions = 1234\nKLEE: done: completed paths = %s\nKLEE: done: partially completed paths = %s\nKLEE: done: generated tests = 1\n' "$1" "$2" >&2; }
if [ -n "$exp" ]; then
  set -- $(echo "$exp" | sed 's/.*EXPECT://')
  kind=$2; line=${3:-}
  [ -z "$line" ] && line=$(grep -n 'ERROR-LINE' "$src" | grep -v '^[0-9]*:[[:space:]]*//' | head -1 | cut -d: -f1)
  msg=$(grep -m1 'EXPECT-MESSAGE:' "$src" | sed 's/.*EXPECT-MESSAGE:[[:space:]]*//')
  if [ -z "$msg" ]; then
    case $kind in
      ptr) msg="memory error: out of bound pointer";; read_only) msg="memory error: object read only";;
      free) msg="memory error: invalid pointer: free";; div) msg="divide by zero";;
      overshift) msg="overshift error";; abort) msg="abort failure";; assert) msg="ASSERTION FAIL: x";;
      external) msg="failed external call: f";; *) msg="?";;
    esac
  fi
  [ "$b" = line ] && line=$((line + 1))
  [ "$b" = kind ] && kind=other
  [ "$b" = message ] && msg="$msg!"
  echo "KLEE: ERROR: $src:$line: $msg" >&2
  echo "Error: $msg" > "$outdir/test000001.$kind.err"
  done_lines 0 1
  exit 0
fi
if [ -n "$m32" ]; then
  # i686 code uses x87 excess precision; give the native build SSE2 math like the harness's reference
  sed -i 's/"target-features"="+cx8,+x87"/"target-features"="+cx8,+mmx,+sse,+sse2,+x87"/' "$tmp/p.ll"
  entry_ll=1
fi
if [ "$entry" != main ] || [ -n "${entry_ll:-}" ]; then
  [ "$entry" != main ] && sed -i -e 's/@main(/@__fake_orig_main(/g' -e "s/@$entry(/@main(/g" "$tmp/p.ll"
  clang-14 $m32 -w -o "$tmp/a.out" "$tmp/p.ll" -lm || die "link failed"
else
  clang-14 $m32 -o "$tmp/a.out" "$bc" -lm 2>"$tmp/link.err" || { cat "$tmp/link.err" >&2; die "link failed"; }
fi
"$tmp/a.out" "$@" > "$tmp/stdout"
st=$?
case "$b" in
  stdout) echo "extra line" >> "$tmp/stdout";;
  status) st=$((st + 1));;
esac
cat "$tmp/stdout"
[ "$b" = noexitline ] || echo "TREX: program exited with status $st" >&2
done_lines 1 0
exit 0
