#!/usr/bin/env python3
"""Compares the outcome of each test in two replays' stderr: `trex replay P.bc TESTS...`
(the outcome trex records) and `trex replay --native P TESTS...`. The same outcome: the same
exit status, or an error of trex (`KLEE: ERROR: ...`) where the native program is killed by a
signal. Prints each difference; exit status 1 if there is one. With TESTS (a file listing the
.ktest files replayed, one a line) every listed test must have an outcome on both sides (a replay
that crashed before its last test leaves the rest without one); without, the tests named in
either file. No test at all is a failure: nothing was compared.

Usage: same_outcomes.py TREX_STDERR NATIVE_STDERR LABEL [TESTS]
"""
import re
import sys

# trex replay: `TREX: replaying T`, the program's own stderr, then one outcome line.
TREX_START = re.compile(r"^TREX: replaying (.*)$")
TREX_END = re.compile(r"^(TREX: exit status \d+|TREX: stopped: .*|KLEE: ERROR: .*)")
# trex replay --native: `TREX: replaying T natively: ARGS`, then one outcome line; or
# `trex: error: T: why` for a test it could not run.
NATIVE_START = re.compile(r"^TREX: replaying (.*) natively: ")
NATIVE_END = re.compile(r"^TREX: (exit status \d+|killed by signal .*|timed out .*)$")
NATIVE_ERR = re.compile(r"^trex: error: (.*?\.ktest): (.*)$")


def outcomes(path, start, end, err=None):
    got, current = {}, None
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = start.match(line)
            if m:
                current = m.group(1)
                continue
            if err:
                m = err.match(line)
                if m:
                    got[m.group(1)] = "not run: " + m.group(2)
                    continue
            if current is not None and end.match(line):
                got[current] = line
                current = None
    return got


def kind(outcome):
    """What must agree: the exit status, or that the run failed (error / crash)."""
    m = re.match(r"^TREX: exit status (\d+)", outcome)
    if m:
        return "exit " + m.group(1)
    if outcome.startswith("KLEE: ERROR") or outcome.startswith("TREX: killed by signal"):
        return "crash"
    # A path that does not end (tail -f): trex's replay stops at its budget, the native run
    # at its timeout.
    if outcome.startswith("TREX: stopped: ") or outcome.startswith("TREX: timed out"):
        return "no end"
    return outcome


def main(argv):
    if len(argv) not in (4, 5):
        raise SystemExit(__doc__)
    trex = outcomes(argv[1], TREX_START, TREX_END)
    native = outcomes(argv[2], NATIVE_START, NATIVE_END, NATIVE_ERR)
    if len(argv) == 5:
        with open(argv[4]) as f:
            tests = sorted({line.strip() for line in f if line.strip()})
    else:
        tests = sorted(set(trex) | set(native))
    if not tests:
        print(f"{argv[3]}: no test replayed: nothing compared")
        return 1
    bad = 0
    for test in tests:
        t, n = trex.get(test, "no outcome"), native.get(test, "no outcome")
        # A test without an outcome on either side was not replayed to its end: not the same.
        if kind(t) != kind(n) or "no outcome" in (t, n):
            bad += 1
            print(f"{argv[3]}: {test}: trex: {t} | native: {n}")
    print(f"{argv[3]}: {len(tests)} tests, {bad} with different outcomes or none")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
