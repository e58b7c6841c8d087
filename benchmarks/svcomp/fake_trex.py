#!/usr/bin/env python3
"""A stand-in for `trex verify --svcomp` that tests runner.py: it checks the command line against
the contract (docs: /work/verify-contract.md at the time of writing; exit 2 on a usage error)
and answers from the task's expected verdict in MANIFEST.csv, or as $FAKE_TREX_PLAN says:
comma-separated `SUBSTRING[@on|@off]=BEHAVIOUR` (the first entry whose substring is in the task
path, and whose mode matches if given, applies), BEHAVIOUR one of
  right    the expected verdict (the default)
  wrong    the opposite verdict
  unknown  UNKNOWN, reason `time budget`
  exit1    exit status 1 (a compile error)
  nojson   exit 0 with no JSON
  noisy    the right verdict after lines of program output on stdout
  hang     sleep until killed
  hog      allocate memory until killed
Use: TREX=benchmarks/svcomp/fake_trex.py benchmarks/svcomp/run.sh (see test_runner.py).
"""
import csv
import json
import os
import sys
import time
from pathlib import Path

HELP = """Usage: trex verify [OPTIONS] PROGRAM [ARGS...]
      --svcomp  --property <FILE>  --data-model <ILP32|LP64>  --opt-level <0|1|2|3>
      --json  --output-dir <DIR>  --max-time <T>  --max-memory <MB>  --no-interpolation
"""


def usage_error(msg: str) -> None:
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def parse(args):
    """The options of the contract's `trex verify --svcomp` command line."""
    opts, rest, i = {}, [], 0
    with_value = ("--property", "--data-model", "--opt-level", "--output-dir", "--max-time",
                  "--max-memory")
    while i < len(args):
        a = args[i]
        name, eq, val = a.partition("=")
        if name in with_value:
            if not eq:
                i += 1
                if i >= len(args):
                    usage_error(f"{a} needs a value")
                val = args[i]
            opts[name] = val
        elif a in ("--svcomp", "--json", "--no-interpolation"):
            opts[a] = True
        elif a.startswith("-"):
            usage_error(f"unexpected option {a}")
        else:
            rest.append(a)
        i += 1
    return opts, rest


def check(opts, rest):
    if not opts.get("--svcomp") or not opts.get("--json"):
        usage_error("the runner must pass --svcomp --json")
    if not Path(opts.get("--property", "")).is_file():
        usage_error("--property: no such file")
    if "reach_error" not in Path(opts["--property"]).read_text():
        usage_error("--property: not unreach-call")
    if opts.get("--data-model") not in ("ILP32", "LP64"):
        usage_error("--data-model: ILP32 or LP64")
    if opts.get("--opt-level") not in ("0", "1", "2", "3"):
        usage_error("--opt-level: 0 to 3")
    float(opts.get("--max-time", "x"))
    int(opts.get("--max-memory", "x"))
    if "--output-dir" not in opts or len(rest) != 1 or not Path(rest[0]).is_file():
        usage_error("--output-dir DIR and one existing PROGRAM expected")


def expected_safe(src: Path) -> bool:
    """expected_unreach_call of the task whose file is `src`, from the MANIFEST.csv above it."""
    for d in src.resolve().parents:
        if (d / "MANIFEST.csv").is_file():
            with open(d / "MANIFEST.csv", newline="") as f:
                for row in csv.DictReader(f):
                    if (d / row["file"]).resolve() == src.resolve():
                        return row["expected_unreach_call"] == "true"
    usage_error(f"{src}: not in a MANIFEST.csv")


def behaviour(src: str, mode: str) -> str:
    for entry in filter(None, os.environ.get("FAKE_TREX_PLAN", "").split(",")):
        key, _, what = entry.partition("=")
        sub, _, only = key.partition("@")
        if sub in src and only in ("", mode):
            return what
    return "right"


def report(src: str, out: str, verdict: str, interpolation: bool) -> dict:
    reach = verdict.startswith("FALSE")
    target = {"id": 1, "file": src, "line": 3, "location": f"{src}:3", "function": "main",
              "target": "reach_error",
              "verdict": "REACHABLE" if reach else verdict == "TRUE" and "UNREACHABLE"
              or "UNKNOWN",
              "reason": "time budget" if verdict == "UNKNOWN" else None,
              "test": f"{out}/test000001.ktest" if reach else None,
              "replay_confirmed": True if reach else None, "time": 0.01}
    return {"program": src, "mode": "all", "interpolation": interpolation, "output_dir": out,
            "svcomp": verdict, "targets": [target],
            "runs": [{"targets": [1], "time": 0.02, "instructions": 100, "paths": 7,
                      "completed": 5, "partial": 0, "subsumed": 2 if interpolation else 0,
                      "explored_nodes": 9, "complete": verdict != "UNKNOWN",
                      "incomplete_reason": "time budget" if verdict == "UNKNOWN" else None}]}


def main(argv) -> int:
    if argv[:1] != ["verify"]:
        usage_error("only `verify` is faked")
    if "--help" in argv:
        print(HELP)
        return 0
    opts, rest = parse(argv[1:])
    check(opts, rest)
    src = rest[0]
    safe = expected_safe(Path(src))
    interpolation = not opts.get("--no-interpolation")
    what = behaviour(src, "on" if interpolation else "off")
    print("fake trex: " + " ".join(argv), file=sys.stderr)
    right = "TRUE" if safe else "FALSE(unreach-call)"
    wrong = "FALSE(unreach-call)" if safe else "TRUE"
    if what == "exit1":
        print(f"TREX: error: clang-14 failed on {src}", file=sys.stderr)
        return 1
    if what == "nojson":
        print("TRUE")
        return 0
    if what == "hang":
        time.sleep(3600)
    if what == "hog":
        hog = []
        while True:
            hog.append(bytearray(50 << 20))
            time.sleep(0.05)
    if what == "noisy":
        print("program output\n{not json")
    verdict = {"right": right, "noisy": right, "wrong": wrong, "unknown": "UNKNOWN"}[what]
    print(json.dumps(report(src, opts["--output-dir"], verdict, interpolation), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
