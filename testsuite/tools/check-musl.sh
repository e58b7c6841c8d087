#!/usr/bin/env bash
# Cross-check of the exit programs against musl (what trex links), natively on x86-64:
# each program is compiled by clang-14 against the host glibc headers (as the harness does),
# then linked once with glibc and once with musl (`musl-gcc`, apt package musl-tools); the two
# outputs must agree. Known, accepted difference: ctype_all at -O2 (glibc's inline
# toupper/tolower read __ctype_toupper_loc()/__ctype_tolower_loc() tables, which trex's runtime
# makes glibc-compatible but stock musl does not).
# usage: testsuite/tools/check-musl.sh [files...]
set -u
cd "$(dirname "$0")/.."
command -v musl-gcc >/dev/null || { echo "musl-gcc not found (apt-get install musl-tools)"; exit 2; }
files=("$@"); [ ${#files[@]} -eq 0 ] && files=(*.c)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for f in "${files[@]}"; do
  f=$(basename "$f"); n=${f%.c}
  grep -qE '^\s*//\s*EXPECT:\s*exit' "$f" || continue
  args=(); while IFS= read -r l; do eval "args+=($l)"; done < <(grep -E '^\s*//\s*RUN:' "$f" | sed 's/.*RUN://')
  for o in O0 O2; do
    clang-14 -w -$o -c -o "$tmp/$n.o" "$f" || { echo "FAIL $n $o: compile"; fail=1; continue; }
    clang-14 -o "$tmp/$n.g" "$tmp/$n.o" -lm
    musl-gcc -o "$tmp/$n.m" "$tmp/$n.o" -lm 2>"$tmp/ld.err" || { echo "FAIL $n $o: musl link: $(grep -o 'undefined reference to `[^'"'"']*' "$tmp/ld.err" | sort -u | tr '\n' ' ')"; fail=1; continue; }
    (cd "$tmp" && { ./$n.g "${args[@]}"; echo "status $?"; } > g.out 2>/dev/null && { ./$n.m "${args[@]}"; echo "status $?"; } > m.out 2>/dev/null)
    if ! cmp -s "$tmp/g.out" "$tmp/m.out"; then
      [ "$n $o" = "ctype_all O2" ] && continue
      echo "DIFF $n $o (glibc <, musl >)"; diff "$tmp/g.out" "$tmp/m.out" | head -6; fail=1
    fi
  done
done
[ $fail = 0 ] && echo "glibc and musl agree"
exit $fail
