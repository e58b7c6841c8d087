#!/usr/bin/env python3
"""SV-COMP verdicts of `trex run` on the tasks of MANIFEST.csv (see benchmarks/README.md).

Each task is compiled as tests/soundness.py does (`-g -O<n> -c -emit-llvm -w`, `-m32` for
ILP32) and run with `trex run --search=dfs --write-no-tests` under a time budget, with
interpolation (trex's default, mode `on`) and/or without it (mode `off`, $TREX_INTERP_OFF_FLAG).
A run's answer: `false` when an error is reported on a line of the source that
names `reach_error` / `__VERIFIER_error` (the built-in call, the `__assert_fail` inside a
defined `reach_error`, or the `abort()` after an empty `reach_error()` on the same line);
`true` when the run finished within the budget with no error and no path stopped by a budget
(`abort()` elsewhere only cuts paths, as in SV-COMP); otherwise `unknown` (budget, another error) or `not run` (compile
failure, trex failure, `unsupported` / `failed external call` errors). The verdict is right
when the answer equals the task's expected_unreach_call.

Prints one line per task, level and mode (answer, expected, time, explored nodes, completed
paths, subsumed paths, the first error or reason), then per mode: tasks run, finished within
the budget, right verdicts (false / true tasks), and the tasks that do not run with the reason.

Environment: BUDGET (seconds per run, default 20), JOBS (default 2), LEVELS (default O0),
MODES (default "on off"), FILTER (substring of task names), TREX, TREX_RUNTIME_DIR,
TREX_INTERP_OFF_FLAG, MAX_TIME_FLAG, SVCOMP_DIR.
"""
import os
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts/lib"))
from trex_cases import svcomp_cases, svcomp_dir  # noqa: E402
from trex_runs import interp_off_flag, off_flag_problem, run_trex, trex_bin  # noqa: E402

NOT_RUN_PREFIXES = ("unsupported", "failed external call")
ERR_RE = re.compile(r"^(.*):(\d+): (.*)$")


def reach_lines(src: Path):
    """Lines of the source that call or define the error function."""
    text = src.read_text(errors="replace").splitlines()
    return {i + 1 for i, l in enumerate(text) if "reach_error" in l or "__VERIFIER_error" in l}


def answer(run, lines):
    """(answer, note) of one run. `abort()` ends a path without error in SV-COMP, so an
    `abort failure` off the error lines is a cut path, not an error."""
    errs = [(e, ERR_RE.match(e)) for e in sorted(run.errors)]
    bad = [e for e, m in errs if m and m.group(3).startswith(NOT_RUN_PREFIXES)]
    if bad:
        return "not run", bad[0].rsplit("/", 1)[-1]
    if any(m and int(m.group(2)) in lines for _, m in errs):
        return "false", ""
    if run.timed_out:
        return "unknown", "time budget exceeded"
    if not run.finished:
        return "not run", run.problem()
    others = [e for e, m in errs if not (m and m.group(3) == "abort failure")]
    if others:
        return "unknown", "other error: " + others[0].rsplit("/", 1)[-1]
    if run.budget_lines:
        return "unknown", run.problem()
    return "true", "abort() cut paths" if errs else ""


def main() -> int:
    budget = float(os.environ.get("BUDGET", "20"))
    jobs = int(os.environ.get("JOBS", "2"))
    levels = os.environ.get("LEVELS", "O0").split()
    modes = os.environ.get("MODES", "on off").split()
    d = svcomp_dir()
    if d is None:
        print("SV-COMP tasks not found: set SVCOMP_DIR", file=sys.stderr)
        return 2
    if not os.access(trex_bin(), os.X_OK):
        print(f"trex binary not found: {trex_bin()}", file=sys.stderr)
        return 2
    why = "off" in modes and off_flag_problem()
    if why:
        print(why, file=sys.stderr)
        return 2
    cases = svcomp_cases(levels, d)
    filt = os.environ.get("FILTER")
    if filt:
        cases = [c for c in cases if filt in c.name]
    fmt = "{:58} {:4} {:8} {:6} {:>8} {:>10} {:>11} {:>9}  {}"
    print(fmt.format("task", "mode", "answer", "expect", "seconds", "expl.nodes", "compl.paths",
                     "subsumed", "note"), flush=True)
    stats = {m: {"runs": 0, "finished": 0, "right_false": 0, "right_true": 0, "not_run": []}
             for m in modes}
    n_false = sum(1 for c in cases if c.expected_safe is False)
    with tempfile.TemporaryDirectory(prefix="trex-svcomp.") as tmp:
        def job(case):
            work = Path(tempfile.mkdtemp(dir=tmp))
            bc = work / "prog.bc"
            why = case.compile(bc)
            rows = []
            for m in modes:
                if why:
                    rows.append((m, None, "not run", why))
                    continue
                opts = ["--search=dfs", "--write-no-tests"] + ([interp_off_flag()] if m == "off" else [])
                r = run_trex(bc, opts, [], budget, work / f"out-{m}")
                a, note = answer(r, reach_lines(case.src))
                rows.append((m, r, a, note))
            return case, rows

        with ThreadPoolExecutor(max_workers=jobs) as ex:
            for case, rows in ex.map(job, cases):
                exp = "true" if case.expected_safe else "false"
                for m, r, a, note in rows:
                    s = stats[m]
                    s["runs"] += 1
                    if r is not None and r.problem() is None:
                        s["finished"] += 1
                    if a == exp:
                        s["right_" + exp] += 1
                    if a == "not run":
                        s["not_run"].append((case.name, note))
                    val = (lambda k: "n/a" if r is None or r.count(k) is None else str(r.count(k)))
                    secs = "-" if r is None else (f">{budget:g}" if r.timed_out else f"{r.seconds:.2f}")
                    print(fmt.format(case.name, m, a + ("" if a == exp or a in ("unknown", "not run") else "!"),
                                     exp, secs, val("explored nodes"), val("completed paths"),
                                     val("subsumed paths"), note), flush=True)
    n = len(cases)
    for m in modes:
        s = stats[m]
        print(f"\nmode {m}: {n} task runs ({n_false} false, {n - n_false} true), "
              f"{n - len(s['not_run'])} run, {s['finished']} finished within {budget:g} s, "
              f"right verdicts: {s['right_false']}/{n_false} false, {s['right_true']}/{n - n_false} true")
        for name, why in s["not_run"]:
            print(f"  not run: {name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
