#!/usr/bin/env python3
"""The SV-COMP table per engine and per category: `trex verify --svcomp` on the shared tasks
with `--engine symbolic` (symbolic execution with its loop abstraction), `--engine chc` (the
Horn-clause engine alone: Z3's Spacer) and `--engine both` (both at once, the default), through
runner.py (one CSV per engine, `--modes on`), then one row per category: correct TRUE / FALSE,
wrong, unknown, per engine.

  benchmarks/svcomp/engines.py [--time-limit S] [--jobs N] [--engines "symbolic chc both"]
  benchmarks/svcomp/engines.py --table-only CSV_symbolic CSV_chc CSV_both   (existing CSVs)

Environment as runner.py's (TREX, TREX_RUNTIME_DIR, SVCOMP_DIR). Exit status 1 when any engine
gave a wrong verdict.
"""
import argparse
import csv
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def run(engine, time_limit, jobs, out):
    cmd = [sys.executable, str(HERE / "runner.py"), "--time-limit", str(time_limit),
           "--jobs", str(jobs), "--modes", "on", "--trex-opts", f"--engine {engine}",
           "--csv", str(out)]
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL)


def counts(path):
    """category -> Counter of 'TRUE' / 'FALSE' (correct), 'wrong', 'unknown'."""
    per = defaultdict(lambda: defaultdict(int))
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            cat = row["task"].split("/")[0]
            res = row["result"]
            key = ("TRUE" if res == "correct TRUE" else "FALSE" if res.startswith("correct")
                   else "wrong" if res.startswith("wrong") else "unknown")
            for c in (cat, "all"):
                per[c][key] += 1
                per[c]["tasks"] += 1
    return per


def table(engines, paths):
    data = {e: counts(p) for e, p in zip(engines, paths)}
    cats = sorted({c for d in data.values() for c in d if c != "all"}) + ["all"]
    head = f"{'category':20} {'tasks':>5}" + "".join(
        f" | {e:^24}" for e in engines)
    print(head)
    print(f"{'':20} {'':>5}" + "".join(f" | {'T':>4} {'F':>4} {'ok':>4} {'bad':>4} {'unk':>4}"
                                        for _ in engines))
    wrong = 0
    for c in cats:
        line = f"{c:20} {max(d[c]['tasks'] for d in data.values()):>5}"
        for e in engines:
            k = data[e][c]
            ok = k["TRUE"] + k["FALSE"]
            line += f" | {k['TRUE']:>4} {k['FALSE']:>4} {ok:>4} {k['wrong']:>4} {k['unknown']:>4}"
            if c == "all":
                wrong += k["wrong"]
        print(line)
    return wrong


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--time-limit", type=float, default=60)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--engines", default="symbolic chc both")
    p.add_argument("--table-only", nargs="*")
    a = p.parse_args(argv)
    engines = a.engines.split()
    if a.table_only:
        paths = a.table_only
    else:
        paths = [ROOT / f"build/svcomp-{e}.csv" for e in engines]
        for e, out in zip(engines, paths):
            run(e, a.time_limit, a.jobs, out)
    return 1 if table(engines, paths) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
