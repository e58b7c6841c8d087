#!/usr/bin/env bash
# Runs coreutils programs concretely under trex on representative command lines and inputs and
# compares stdout, stderr and exit status with the native musl executables built alongside the
# bitcode (issue 16: 25 programs "run like native").
#
#   benchmarks/coreutils/concrete.sh            # every case
#   benchmarks/coreutils/concrete.sh ls sort    # only these programs' cases
#
# Environment: TREX (default target/release/trex), TREX_COREUTILS_DIR (default build/coreutils:
# bc/P.bc and the native src/src/P of scripts/build-coreutils.sh), TREX_RUNTIME_DIR (passed on),
# TIMEOUT (seconds per trex run, default 120), KEEP=1 keeps the temporary directory.
#
# Both runs get the same empty environment, the same working directory (a temporary directory
# holding the input files), stdout and stderr as pipes (the model's stdio are pipes), and stdin
# from a file, a pipe or /dev/null as the case says. The program's name as it prints it
# (argv[0]: the bitcode's path under trex, the executable's natively) is replaced by P in both
# outputs; trex's own lines (`KLEE: ...`, `TREX: ...`) are removed from its stderr, and the exit
# status is the one of `TREX: program exited with status N` (a run without that line, e.g. an
# error, is a mismatch). One line per case (`ok` / `DIFF`), then a summary; the exit status is 1
# if any case differs, or if no case ran (programs that have none).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TREX="${TREX:-$ROOT/target/release/trex}"
CU="${TREX_COREUTILS_DIR:-$ROOT/build/coreutils}"
TIMEOUT="${TIMEOUT:-120}"
[ -x "$TREX" ] || { echo "concrete.sh: no trex binary at $TREX (cargo build --release)" >&2; exit 2; }
[ -d "$CU/bc" ] || { echo "concrete.sh: no coreutils build at $CU (scripts/build-coreutils.sh)" >&2; exit 2; }

TMP="$(mktemp -d)"
[ "${KEEP:-0}" = 1 ] && echo "concrete.sh: keeping $TMP" || trap 'rm -rf "$TMP"' EXIT
W="$TMP/work"
mkdir -p "$W/dir/sub" "$TMP/runs"

# ---------------------------------------------------------------- inputs
cd "$W" || exit 2
printf 'hello world\nfoo bar baz\n\nthe quick brown fox\nfoo bar baz\nzebra\n\n\nlast line' > lines.txt
printf 'banana\napple\ncherry\napple\nBanana\ndate\n' > words.txt
printf 'apple\napple\nbanana\nBanana\ncherry\ncherry\ncherry\ndate\n' > sorted.txt
printf '10\n9\n-3\n100\n2.5\n0\n42\n' > nums.txt
printf 'root:x:0:0\nuser:y:1000:100\nguest:z:65534:65534\n' > colon.txt
printf 'a\tb\tc\n\tindented\nx\t\ty\n12345678\tz\n' > tabs.txt
printf '        eight\n    four  two  \n  a       b\n' > spaces.txt
printf '1 one\n2 two\n3 three\n5 five\n' > a.txt
printf '1 uno\n3 tres\n4 cuatro\n5 cinco\n' > b.txt
printf 'apple\nbanana\ncherry\nfig\n' > s1.txt
printf 'banana\ncherry\ndate\nfig\ngrape\n' > s2.txt
printf 'The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.\nshort\n' > long.txt
printf 'aGVsbG8gd29ybGQK\nZm9vCg==\n' > b64.txt
printf 'aGVsbG8*d29y\n' > bad64.txt
printf '\000\001\002\003\177\200\377hello\n\t\r\033xyz\000\000\000\000\001\000\000\000\120\075\252\100' > bin.dat
: > empty.txt
printf 'first\n' > append.txt # tee -a: both runs append to it
printf 'one\n' > dir/a
printf 'two two\n' > dir/b.txt
printf 'x\n' > dir/sub/c
seq 1 40000 | sed 's/$/ line of text/' > big.txt # 680 KiB: several buffers
ln -s a dir/link
ln -s missing dir/dangling
touch -d '2020-01-02 03:04:05' dir/a dir/b.txt dir/sub/c dir/sub
touch -h -d '2020-01-02 03:04:05' dir/link dir/dangling
touch -d '2020-01-02 03:04:05' dir

# ---------------------------------------------------------------- cases
# One per line: PROGRAM|STDIN|ARGUMENTS[ #known: WHY]. STDIN: a file (redirected), `|file`
# (piped through cat), or empty (/dev/null). ARGUMENTS are shell words. `#known:` marks a
# difference the model explains (printed as `known`, not counted as a mismatch; `ok` if the
# outputs agree after all).
CASES='
echo||hello world
echo||-n no newline
echo||-e "a\tb\nc\\\\d"
echo||-E "x\ty"
echo||--version
cat||lines.txt
cat||-n lines.txt
cat||-A bin.dat
cat||-s -b lines.txt
cat||lines.txt missing.txt
cat||dir
cat|lines.txt|
cat||/dev/null
cat||--help
cat||big.txt
cat|big.txt|-
cat||-v -E -T tabs.txt
wc||lines.txt
wc||-l -w -c lines.txt bin.dat words.txt
wc||-L long.txt
wc|lines.txt|
wc||missing.txt
wc||big.txt
wc|big.txt|-l
head||-n 2 lines.txt
head||-c 10 bin.dat
head||-n -2 lines.txt
head||lines.txt words.txt
head||-q -n1 lines.txt words.txt
head||-n 3
tail||-n 2 lines.txt
tail||-c 5 lines.txt
tail||-n +3 lines.txt
tail||-n 1 lines.txt words.txt
tail||-r -n 2 lines.txt
tail|lines.txt|-n 3
tail||-n 3 big.txt
tail|big.txt|-c 20
tr|lines.txt|a-z A-Z
tr|lines.txt|-d aeiou
tr|lines.txt|-s " o"
tr|lines.txt|-c -d "[:alnum:]\n"
tr|lines.txt|"[:lower:]" "[:upper:]"
tr|bin.dat|-d "\000-\037"
tr||a
cut||-d: -f1,3 colon.txt
cut||-c2-5 lines.txt
cut||-f2 tabs.txt
cut||-b1 lines.txt
cut||--complement -c1 words.txt
cut||-s -d: -f2 colon.txt lines.txt
cut||-f0 lines.txt
seq||5
seq||2 3 20
seq||-w 8 11
seq||-s, 1 5
seq||1.5 0.5 3
seq||-f %.2f 1 3
seq||10 -3 1
seq||x
sort||words.txt
sort||-n nums.txt
sort||-r words.txt
sort||-u words.txt
sort||-f words.txt
sort||-t: -k3,3n colon.txt
sort||-nr nums.txt
sort|words.txt|
sort||-c words.txt
sort||-m s1.txt s2.txt
sort||-g nums.txt
sort||-k2 -r -s big.txt
sort|big.txt|-n -r
sort||-R --random-source=big.txt words.txt
sort||-S 1k -u big.txt
sort||-o out.txt words.txt
ls||dir
ls||-l dir
ls||-a dir
ls||-la dir
ls||-1 dir
ls||-R dir
ls||-F dir
ls||-d dir
ls||-i dir/a
ls||-s dir
ls||-t dir
ls||-S -r dir
ls||-l dir/link dir/dangling
ls||-lL dir/link
ls||-U -a dir
ls||--full-time dir/a
ls||-n dir/a
ls||missing
ls||-ld /dev /dev/null /usr /sys
ls||dir/sub dir/a
ls||-lh --color=always --time-style=+%Y dir
ls||-l /dev/stdin
ls||
base64||lines.txt
base64||-d b64.txt
base64||-w 20 bin.dat
base64|bin.dat|
base64||-d bad64.txt
base64||-d -i bad64.txt
printf||"%s-%d\n" x 3
printf||"%5.2f|%x|%o|%c|%%\n" 3.14159 255 8 A
printf||"%b\n" "a\tb\0101"
printf||"%q\n" "a b"
printf||"%d\n" abc #known: the libc of trex keeps the strtol of glibc (errno untouched without digits, runtime/README.md), native musl sets EINVAL: same status, another message
printf||"%e %g %G\n" 12345.678 0.0001 1e20
printf||"%10s|%-5s|%.2s\n" ab cd efgh
printf||"%i %u %X\n" -7 4294967295 0x1f
uniq||sorted.txt
uniq||-c sorted.txt
uniq||-d sorted.txt
uniq||-u sorted.txt
uniq||-i sorted.txt
uniq|sorted.txt|
uniq||-f1 a.txt
nl||lines.txt
nl||-ba -nrz -w3 lines.txt
nl||-s: -v 10 -i 5 words.txt
fold||-w 10 long.txt
fold||-s -w 12 long.txt
fold||-b -w5 bin.dat
expand||tabs.txt
expand||-t 4 tabs.txt
expand||-i -t2,6 tabs.txt
unexpand||spaces.txt
unexpand||-a spaces.txt
unexpand||-t 4 spaces.txt
od||bin.dat
od||-c lines.txt
od||-A x -t x1z bin.dat
od||-t d4 bin.dat
od||-j 4 -N 8 -t o2 bin.dat
od||-t f4 bin.dat
od||-An -t u1 -w4 bin.dat
join||a.txt b.txt
join||-a1 a.txt b.txt
join||-v2 a.txt b.txt
join||-o 1.2,2.2 a.txt b.txt
join||words.txt a.txt
paste||a.txt b.txt
paste||-d, a.txt b.txt
paste||-s lines.txt
paste|words.txt|- -
comm||s1.txt s2.txt
comm||-12 s1.txt s2.txt
comm||-3 s1.txt s2.txt
comm||words.txt s1.txt
tee|lines.txt|
tee|lines.txt|/dev/null
tee|lines.txt|-a /dev/null
basename||/usr/lib/libc.so .so
basename||-a /x/y /z/w/
basename||-s .c a.c b.c
basename||//
basename||-z foo/bar
basename||
dirname||/a/b/c
dirname||a
dirname||/
dirname||-z a/b c/d
dirname||//x//
sum||lines.txt
sum||-s lines.txt
sum||-r bin.dat words.txt
sum|lines.txt|
cksum||lines.txt
cksum||bin.dat lines.txt
cksum|lines.txt|
cksum||-a md5 lines.txt
cksum||-a sha256 --untagged words.txt
cksum||-a blake2b -l 128 bin.dat
cksum||missing.txt
cksum||big.txt
base64||big.txt
od||-An -tx4 -N 64 big.txt
uniq||-c big.txt
nl||big.txt
tee|lines.txt|scratch.txt
tee|lines.txt|-a append.txt
'

# Runs "$@" with stdout and stderr as pipes into files $1 and $2; its status into $3.
piped() {
	local out=$1 err=$2 status=$3
	shift 3
	{ { "$@"; echo $? > "$status"; } 2>&1 1>&3 | cat > "$err"; } 3>&1 | cat > "$out"
}

# Runs one side (native or trex) of a case with its stdin.
run_side() {
	local stdin=$1 out=$2 err=$3 status=$4
	shift 4
	if [ -z "$stdin" ]; then
		piped "$out" "$err" "$status" "$@" < /dev/null
	elif [ "${stdin:0:1}" = "|" ]; then
		cat "${stdin:1}" | piped "$out" "$err" "$status" "$@"
	else
		piped "$out" "$err" "$status" "$@" < "$stdin"
	fi
}

only=" $* "
filtered=$#
total=0; same=0; diffs=0; knowns=0
declare -A per_ok per_all
while IFS= read -r line; do
	[ -z "$line" ] && continue
	known=""
	if [[ "$line" == *" #known: "* ]]; then
		known=${line#* #known: }
		line=${line%% #known: *}
	fi
	prog=${line%%|*}; rest=${line#*|}
	stdin=${rest%%|*}; args=${rest#*|}
	[ "$filtered" -gt 0 ] && [[ "$only" != *" $prog "* ]] && continue
	native="$CU/src/src/$prog"
	bc="$CU/bc/$prog.bc"
	eval "set -- $args"
	total=$((total + 1))
	r="$TMP/runs/$total"
	mkdir -p "$r"
	run_side "$stdin" "$r/n.out" "$r/n.err" "$r/n.status" env -i "$native" "$@"
	run_side "$stdin" "$r/t.out" "$r/t.err" "$r/t.status" \
		env -i ${TREX_RUNTIME_DIR:+TREX_RUNTIME_DIR="$TREX_RUNTIME_DIR"} \
		timeout "$TIMEOUT" "$TREX" run --output-dir "$r/klee-out" "$bc" "$@"
	sed -i "s#$native#P#g" "$r/n.out" "$r/n.err"
	# (error messages use the short name: the executable's, or the bitcode's file name)
	sed -i "s#$bc#P#g; s#\b$prog\.bc\b#$prog#g" "$r/t.out" "$r/t.err"
	n_status=$(cat "$r/n.status")
	t_status=$(sed -n 's/^TREX: program exited with status \([0-9]*\)$/\1/p' "$r/t.err")
	trex_error=$(grep -m1 -E '^KLEE: ERROR|^trex: error|^KLEE: WARNING: (killing|.*halt)' "$r/t.err")
	grep -v -E '^(KLEE|TREX): ' "$r/t.err" > "$r/t.prog-err"
	why=()
	[ -n "$trex_error" ] && why+=("trex: $trex_error")
	[ "$t_status" != "$n_status" ] && why+=("status native $n_status, trex ${t_status:-none}")
	cmp -s "$r/n.out" "$r/t.out" || why+=("stdout differs ($(wc -c < "$r/n.out") vs $(wc -c < "$r/t.out") bytes)")
	cmp -s "$r/n.err" "$r/t.prog-err" || why+=("stderr differs: native '$(head -c 120 "$r/n.err" | tr '\n' ' ')' trex '$(head -c 120 "$r/t.prog-err" | tr '\n' ' ')'")
	desc="$prog $args${stdin:+ <$stdin}"
	per_all[$prog]=$(( ${per_all[$prog]:-0} + 1 ))
	if [ ${#why[@]} -eq 0 ]; then
		same=$((same + 1))
		per_ok[$prog]=$(( ${per_ok[$prog]:-0} + 1 ))
		printf 'ok    %-45s status %s\n' "$desc" "$n_status"
	elif [ -n "$known" ]; then
		knowns=$((knowns + 1))
		printf 'known %-45s %s (%s)\n' "$desc" "$known" "$(IFS=';'; echo "${why[*]}")"
	else
		diffs=$((diffs + 1))
		printf 'DIFF  %-45s %s\n' "$desc" "$(IFS=';'; echo "${why[*]}")"
	fi
done <<< "$CASES"

echo
printf '%-10s %s\n' program "cases like native"
for p in $(printf '%s\n' "${!per_all[@]}" | sort); do
	printf '%-10s %s/%s\n' "$p" "${per_ok[$p]:-0}" "${per_all[$p]}"
done
echo "concrete.sh: $same of $total cases like native, $knowns known differences, $diffs differ"
[ "$total" -gt 0 ] || { echo "concrete.sh: no case of programs: $*" >&2; exit 1; }
[ "$diffs" -eq 0 ]
