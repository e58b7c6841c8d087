#!/usr/bin/env bash
# A stand-in for trex in tests/benchmarks.sh: the benchmark scripts must report a run that
# crashes or produces nothing, never count it as a result. $FAKE_TREX says how each run (not
# `--help`, `--version`) ends:
#   crash       a line on stderr, then killed by SIGSEGV (exit 139)
#   killed      killed by SIGKILL at once (exit 137, as a timeout's kill or the OOM killer)
#   nothing     exit 0 with no output at all
#   late-crash  trex's `KLEE: done:` lines, then SIGABRT (exit 134): figures, but no end
#   ok          a plausible end: `KLEE: done:` lines (`concolic`, `cover`: their own too),
#               `TREX: program exited with status 0`, a Test-Comp suite (`test-suite.zip`)
#               for `cover` and `--write-xml-tests`,
#               the coverage files in --output-dir; `verify`: the expected verdict of fig1's
#               programs (a file name with `_bug` is REACHABLE)
# $FAKE_TREX_SLEEP: seconds to sleep first.
cmd=${1:-}
case " $* " in
*" --help "*)
	# What the scripts look for in the help texts.
	echo "Usage: trex $cmd [OPTIONS] PROGRAM"
	echo "      --no-interpolation  --one-target-at-a-time  --svcomp  --output-dir <DIR>"
	exit 0 ;;
*" --version "*) echo "trex (fake)"; exit 0 ;;
esac
sleep "${FAKE_TREX_SLEEP:-0}"
ulimit -c 0 2>/dev/null # no core files from the signals below
done_lines() {
	printf 'KLEE: done: total instructions = 1000\nKLEE: done: completed paths = 4\n' >&2
	printf 'KLEE: done: partially completed paths = 0\nKLEE: done: generated tests = 4\n' >&2
	if [ "$cmd" = concolic ]; then
		printf 'KLEE: done: executed paths = 4\n' >&2
		printf 'KLEE: done: negation queries = 6 (0.001 s), path conditions per query: mean 1.5, largest 2\n' >&2
	fi
}
case "${FAKE_TREX:-crash}" in
crash) echo "fake trex: crashing" >&2; kill -SEGV $$ ;;
killed) kill -KILL $$ ;;
nothing) exit 0 ;;
late-crash) done_lines; kill -ABRT $$ ;;
ok)
	out= last=
	prev=
	for a in "$@"; do
		case "$prev" in --output-dir) out=$a ;; esac
		case "$a" in --output-dir=*) out=${a#--output-dir=} ;; esac
		prev=$a last=$a
	done
	if [ "$cmd" = verify ]; then
		v=UNREACHABLE; case "$last" in *_bug*) v=REACHABLE ;; esac
		printf 'ID  VERDICT  LOCATION  TARGET  DETAIL\n1  %s  f.c:20  reach_error\n' "$v"
		echo "TREX: verify: 1 targets: (3 paths, 0 subsumed, 0.01 s)" >&2
		exit 0
	fi
	if [ -n "$out" ]; then
		mkdir -p "$out"
		for f in coverage.lcov coverage.json run.stats run.istats; do echo x > "$out/$f"; done
		case " $* " in
		*" --write-xml-tests "*|" cover "*)
			# Test-Comp's zipped suite: its metadata and one test without inputs.
			python3 - "$out/test-suite.zip" <<'PY'
import sys, zipfile
head = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
meta = head + '<!DOCTYPE test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd">\n<test-metadata><sourcecodelang>C</sourcecodelang><producer>fake</producer><specification>COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )</specification><programfile>p.c</programfile><programhash>00</programhash><entryfunction>main</entryfunction><architecture>64bit</architecture><creationtime>2026-01-01T00:00:00Z</creationtime></test-metadata>\n'
test = head + '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd">\n<testcase>\n</testcase>\n'
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("test-suite/metadata.xml", meta)
    z.writestr("test-suite/test000001.xml", test)
PY
			;;
		esac
	fi
	done_lines
	if [ "$cmd" = cover ]; then
		printf 'KLEE: done: goals = 2 (branch outcomes)\nKLEE: done: goals covered = 1, proved unreachable = 0, open = 1\n' >&2
	fi
	echo "TREX: program exited with status 0" >&2 ;;
*) echo "benchmarks-fake-trex.sh: unknown FAKE_TREX=$FAKE_TREX" >&2; exit 2 ;;
esac
