#!/usr/bin/env bash
# `make demo`: trex's main job on examples/demo.c, a packet checker with a real bug and a
# safe assertion: explore every path and find the bug with a test, replay that test, give a
# verdict per assertion (the safe one proved by interpolation, with the count of pruned
# paths), and write the HTML reports. Output in build/demo/ (or $DEMO_DIR). Exit status 1 if
# the bug is not found or the verdicts are not the expected ones.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TREX=${TREX:-target/release/trex}
D=${DEMO_DIR:-build/demo}
rm -rf "$D"
mkdir -p "$D"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

clang-14 -g -O0 -c -emit-llvm -I runtime/include -o "$D/demo.bc" examples/demo.c

step "1. trex run: every path of examples/demo.c"
"$TREX" run --output-dir "$D/run" "$D/demo.bc"
err=$(ls "$D"/run/*.assert.err | head -n 1)
test=${err%%.*}.ktest
echo "the bug: $(sed -n 's/^Error: //p' "$err") at line $(sed -n 's/^Line: //p' "$err"), test $test"

step "2. the test's input"
"$TREX" ktest show "$test"

step "3. replaying it (concretely, in trex)"
"$TREX" replay "$D/demo.bc" "$test"

step "4. trex verify: a verdict per assertion"
"$TREX" verify --output-dir "$D/verify" "$D/demo.bc"
python3 - "$D/verify/verify.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
runs = [x for x in r["runs"] if not x.get("loop_abstraction")]
for t in r["targets"]:
    why = {"REACHABLE": "a test reaches it (replayed)",
           "UNREACHABLE": "every path explored or pruned by interpolation",
           "UNKNOWN": t.get("reason") or ""}[t["verdict"]]
    print(f"  {t['location']:<12} {t['verdict']:<12} {why}")
pruned = sum(x['subsumed'] for x in runs)
print(f"  interpolation pruned {pruned} paths ({sum(x['paths'] for x in runs)} explored)")
if sorted(t["verdict"] for t in r["targets"]) != ["REACHABLE", "UNREACHABLE"] or pruned == 0:
    sys.exit("demo: unexpected verdicts or no pruned path")
PY
"$TREX" verify --no-interpolation --json --output-dir "$D/verify-noitp" "$D/demo.bc" \
	| python3 -c 'import json,sys; r=json.load(sys.stdin); print("  without interpolation: %d paths explored" % sum(x["paths"] for x in r["runs"] if not x.get("loop_abstraction")))'

step "5. reports"
"$TREX" stats "$D/run"
"$TREX" report "$D/verify" >/dev/null
abs() { case "$1" in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
echo "verdicts and coverage: $(abs "$D/verify/report.html")"
"$TREX" report "$D/run" >/dev/null
echo "report.html (errors, tests, coverage): $(abs "$D/run/report.html")"
