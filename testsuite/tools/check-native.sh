#!/usr/bin/env bash
# Sanity check of the testsuite programs themselves, natively (no trex involved):
# - exit programs: built at -O0 and -O2 (and -m32 if marked M32), plus -O1 with UBSan (and ASan on
#   x86-64); every build must print the same stdout and exit with the EXPECTed status.
# - error programs: built with ASan+UBSan at -O0 (x86-64): the sanitizer report (or the assert /
#   abort) should point at the expected line. (Kinds trex detects but the sanitizers do not --
#   read_only, external -- are only compiled.)
# usage: testsuite/tools/check-native.sh [files...]   (default: testsuite/*.c)
set -u
cd "$(dirname "$0")/.."
files=("$@"); [ ${#files[@]} -eq 0 ] && files=(*.c)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for f in "${files[@]}"; do
  f=$(basename "$f"); n=${f%.c}
  args=(); while IFS= read -r l; do eval "args+=($l)"; done < <(grep -E '^\s*//\s*RUN:' "$f" | sed 's/.*RUN://')
  exp=$(grep -m1 -E '^\s*//\s*EXPECT:' "$f" | sed 's/.*EXPECT:\s*//')
  m32=0; grep -qE '^\s*//\s*M32\s*$' "$f" && m32=1
  set -- $exp
  if [ "$1" = exit ]; then
    want=$2; builds="O0 O2"; [ $m32 = 1 ] && builds="$builds O0m32 O2m32"
    builds="$builds ubsan"
    for b in $builds; do
      case $b in
        O0|O2) fl="-$b";; O0m32) fl="-O0 -m32 -msse2 -mfpmath=sse";; O2m32) fl="-O2 -m32 -msse2 -mfpmath=sse";;
        ubsan) fl="-O1 -fsanitize=undefined,address -fno-sanitize=builtin,alignment -fno-sanitize-recover=all";;
      esac
      if ! clang-14 -g -w $fl -o "$tmp/$n.$b" "$f" -lm 2>"$tmp/cc.err"; then
        echo "FAIL $n [$b]: compile"; head -5 "$tmp/cc.err"; fail=1; continue
      fi
      (cd "$tmp" && timeout 10 "./$n.$b" "${args[@]}" >"$tmp/out.$b" 2>"$tmp/err.$b"); st=$?
      if [ "$st" != "$want" ]; then echo "FAIL $n [$b]: exit $st, expected $want"; head -5 "$tmp/err.$b"; fail=1; fi
      ref=O0; case $b in *m32) ref=O0m32;; esac
      if [ "$ref" != "$b" ] && ! cmp -s "$tmp/out.$ref" "$tmp/out.$b"; then
        echo "FAIL $n [$b]: stdout differs from [$ref]"; diff "$tmp/out.$ref" "$tmp/out.$b" | head -6; fail=1
      fi
    done
    [ -s "$tmp/out.O0" ] || [ "$(grep -c 'LIBC: none' "$f")" != 0 ] || echo "note $n: no stdout"
  else
    kind=$2; line=${3:-}
    [ -z "$line" ] && line=$(grep -n 'ERROR-LINE' "$f" | grep -vE '^[0-9]+:\s*//' | head -1 | cut -d: -f1)
    case $kind in
      read_only|external)
        clang-14 -g -w -c -o "$tmp/$n.o" "$f" || { echo "FAIL $n: compile"; fail=1; }
        continue;;
    esac
    clang-14 -g -w -O0 -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=integer-divide-by-zero,shift-exponent -o "$tmp/$n.san" "$f" -lm 2>"$tmp/cc.err" ||
      { echo "FAIL $n: compile"; head -5 "$tmp/cc.err"; fail=1; continue; }
    (cd "$tmp" && ASAN_OPTIONS=detect_leaks=0 timeout 10 "./$n.san" "${args[@]}" >/dev/null 2>"$tmp/err.san") 2>/dev/null
    st=$?
    if [ "$kind" = abort ]; then [ $st = 134 ] || { echo "FAIL $n: exit $st, expected SIGABRT"; fail=1; }; continue; fi
    got=$(grep -oE "$f:[0-9]+" "$tmp/err.san" | head -1 | cut -d: -f2)
    if [ "$got" != "$line" ]; then echo "FAIL $n: sanitizer/abort at line '${got}', expected $line"; head -8 "$tmp/err.san"; fail=1; fi
  fi
done
[ $fail = 0 ] && echo "all ${#files[@]} programs OK natively"
exit $fail
