#!/usr/bin/env python3
"""How much interpolation shrinks the search on the test suite (see benchmarks/README.md).

Every program of testsuite/ and testsuite/symbolic/ is compiled as tests/testsuite.rs does and
run with `trex run --search=dfs --write-no-tests` (plus its `// LIBC: none` and `// RUN:`
arguments) with interpolation (trex's default) and without ($TREX_INTERP_OFF_FLAG). Per
program: the search size with / without (explored nodes when both runs print
`KLEE: done: explored nodes`, otherwise completed + partially completed paths, marked `paths`),
their ratio (with / without: below 1 means interpolation pruned), and both times. Then the
distribution of the ratio over the programs where both runs finished: min, quartiles, median,
max and geometric mean. Exit status 1 when a run failed (a non-zero exit or no `done:` lines;
not a run over its time budget), a program did not compile, or no program finished both runs.

Environment: TIMEOUT (seconds per run, default 60), JOBS (default 2), LEVELS (default O0; e.g.
"O0 O2"), M32=1 (also the -m32 variants of `// M32` programs), FILTER (substring of names),
TREX, TREX_RUNTIME_DIR, TREX_INTERP_OFF_FLAG (default --no-interpolation), MAX_TIME_FLAG.
"""
import math
import os
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts/lib"))
from trex_cases import testsuite_cases  # noqa: E402
from trex_runs import interp_off_flag, off_flag_problem, run_trex, trex_bin  # noqa: E402


def size(on, off):
    """(metric name, with, without): nodes when both runs count them, else paths."""
    if on.count("explored nodes") is not None and off.count("explored nodes") is not None:
        return "nodes", on.count("explored nodes"), off.count("explored nodes")
    paths = (lambda r: r.count("completed paths") + (r.count("partially completed paths") or 0))
    return "paths", paths(on), paths(off)


def distribution(ratios):
    rs = sorted(ratios)
    if len(rs) == 1:
        q1 = med = q3 = rs[0]
    else:
        q1, med, q3 = statistics.quantiles(rs, n=4, method="inclusive")
    pos = [r for r in rs if r > 0]
    geo = math.exp(sum(math.log(r) for r in pos) / len(pos)) if pos else float("nan")
    return (f"ratio over {len(rs)} programs: min {rs[0]:.3f}  q1 {q1:.3f}  median {med:.3f}  "
            f"q3 {q3:.3f}  max {rs[-1]:.3f}  geometric mean {geo:.3f}"
            + ("" if len(pos) == len(rs) else f" (of the {len(pos)} ratios > 0)"))


def main() -> int:
    budget = float(os.environ.get("TIMEOUT", "60"))
    jobs = int(os.environ.get("JOBS", "2"))
    if not os.access(trex_bin(), os.X_OK):
        print(f"trex binary not found: {trex_bin()}", file=sys.stderr)
        return 2
    why = off_flag_problem()
    if why:
        print(why, file=sys.stderr)
        return 2
    cases = testsuite_cases(os.environ.get("LEVELS", "O0").split(),
                            m32=os.environ.get("M32") == "1")
    filt = os.environ.get("FILTER")
    if filt:
        cases = [c for c in cases if filt in c.name]
    fmt = "{:48} {:6} {:>10} {:>10} {:>8} {:>8} {:>8}  {}"
    print(fmt.format("program", "metric", "with", "without", "ratio", "s with", "s without",
                     "note"), flush=True)
    ratios = []
    failed = []  # programs with a compile failure or a trex run that failed
    with tempfile.TemporaryDirectory(prefix="trex-ratio.") as tmp:
        def job(case):
            work = Path(tempfile.mkdtemp(dir=tmp))
            bc = work / "prog.bc"
            why = case.compile(bc)
            if why:
                return case, None, None, why
            base = [*case.trex_opts, "--search=dfs", "--write-no-tests"]
            on = run_trex(bc, base, case.args, budget, work / "on")
            off = run_trex(bc, [*base, interp_off_flag()], case.args, budget, work / "off")
            return case, on, off, None

        with ThreadPoolExecutor(max_workers=jobs) as ex:
            for case, on, off, why in ex.map(job, cases):
                if why:
                    print(fmt.format(case.name, "-", "-", "-", "-", "-", "-", why), flush=True)
                    failed.append(case.name)
                    continue
                problems = [f"{w}: {p}" for w, p in (("with", on.problem()), ("without", off.problem())) if p]
                secs = (lambda r: f">{budget:g}" if r.timed_out else f"{r.seconds:.2f}")
                # A timeout is a figure (over the budget); a crash or an error is not.
                if any(not r.finished and not r.timed_out for r in (on, off)):
                    failed.append(case.name)
                if any(not r.finished for r in (on, off)):
                    print(fmt.format(case.name, "-", "n/a", "n/a", "n/a", secs(on), secs(off),
                                     "; ".join(problems)), flush=True)
                    continue
                metric, a, b = size(on, off)
                ratio = a / b if b else None
                if ratio is not None and not problems:
                    ratios.append(ratio)
                print(fmt.format(case.name, metric, a, b,
                                 "n/a" if ratio is None else f"{ratio:.3f}", secs(on), secs(off),
                                 "; ".join(problems) + (" (not counted)" if problems else "")),
                      flush=True)
    print()
    print(distribution(ratios) if ratios else "no program finished both runs")
    if failed:
        print(f"{len(failed)} programs with a failed run or compile: {' '.join(failed)}",
              file=sys.stderr)
    return 1 if failed or not ratios else 0


if __name__ == "__main__":
    sys.exit(main())
