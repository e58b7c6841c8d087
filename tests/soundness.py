#!/usr/bin/env python3
"""Soundness of interpolation: with and without it, trex must find the same errors.

For every testsuite program (concrete and symbolic) and every SV-COMP task of MANIFEST.csv, at
each level of $LEVELS, and for each searcher (dfs; random-path + nurs:covnew), runs `trex run`
without interpolation ($TREX_INTERP_OFF_FLAG) and with it (trex's default) and compares the SETS
of errors found (`file:line: message` of the `KLEE: ERROR:` lines). Subsumption may prune paths,
never an error. Only runs that finish within the budget count: a run killed at the budget,
failing, or with paths stopped by a budget (`KLEE: WARNING: ... limit reached`) makes the case
SKIPPED(reason). Without interpolation the explored paths do not depend on the searcher, so when
the dfs run without interpolation exceeds the budget, the other searcher is skipped too; so it
is when that run has a single path (no fork: no choice for a searcher, nothing to subsume).

`trex cover` too (issue 29): for every case, a cover run of BUDGET seconds (`--max-time`); no
branch outcome it proved unreachable may be one that a run above, or one more forking run
without interpolation stopped by its own `--max-time`, took (their `coverage.json`: what a
forking run takes, a real execution reaches). Its line is the case's `cover` one; COVER_ONLY=1
runs this check alone.

Prints one line per case and searcher (OK / MISMATCH / SKIPPED(reason)), then totals, and the
SV-COMP tasks that do not run (compile failure, trex failure, `unsupported` / `failed external
call` errors) with the reason. Exit status 1 on any MISMATCH.

PSE=1 is the postconditioned symbolic execution mode (issue 30): instead of interpolation, the
runs compared with the one without pruning are `--pse --no-interpolation` and `--pse` (with
interpolation); each must find the same errors and cover the same lines and branch outcomes
(`coverage.json`): paper 002's guarantee. No cover run.

Interpolation runs in each mode of ITP_MODES (default "wp abduction": issue 34's
`--interpolation=wp` and `--interpolation=abduction`), each compared with the run without it.

THREADS=N (N > 1) is the N-thread mode: the run with interpolation is on N threads
(`--threads N`), and a third run, without interpolation on N threads, must find the errors of
the one-thread run without it (threads may split the tree, never lose a part of it).

CHC=1 is the mode of the Horn-clause engine (issue 32): for every case, `trex verify --json`
with `--engine chc` and with `--engine symbolic` (an SV-COMP task: its calls of reach_error):
MISMATCH when a target is REACHABLE by one and UNREACHABLE by the other, or when either
contradicts an SV-COMP task's expected verdict.

Environment: BUDGET (seconds per run, default 10), JOBS (parallel cases, default 2), QUICK=1
(testsuite only, dfs only), LEVELS (default "O0 O2"), FILTER (substring of the case names),
M32=1 (also the -m32 variants of `// M32` testsuite programs), TREX, TREX_RUNTIME_DIR,
TREX_INTERP_OFF_FLAG (default --no-interpolation), MAX_TIME_FLAG (e.g. `--max-time={}`: also
give trex the budget), SVCOMP_DIR, VERBOSE=1 (stderr tails of failed runs).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts/lib"))
from trex_cases import Case, svcomp_cases, svcomp_dir, testsuite_cases  # noqa: E402
from trex_runs import interp_off_flag, off_flag_problem, run_trex, trex_bin  # noqa: E402

SEARCHES = [("dfs", ["--search=dfs"]),
            ("rp+covnew", ["--search=random-path", "--search=nurs:covnew"])]
# Error messages that mean the program does not run as written (not a finding about it).
NOT_RUN_PREFIXES = ("unsupported", "failed external call")

print_lock = threading.Lock()


def say(line: str) -> None:
    with print_lock:
        print(line, flush=True)


def short(error: str) -> str:
    """An error location for display: the file's directories dropped."""
    return os.path.basename(error.split(":", 1)[0]) + error[len(error.split(":", 1)[0]):] \
        if "/" in error.split(":", 1)[0] else error


def only_in(a, b):
    """The error locations of `a` not in `b`, and of `b` not in `a`, for display."""
    return sorted(short(e) for e in a - b), sorted(short(e) for e in b - a)


def not_run_reason(errors) -> str:
    bad = sorted(e for e in errors if e.split(": ", 1)[-1].startswith(NOT_RUN_PREFIXES))
    return short(bad[0]) if bad else ""


def arms(out_dir: Path, key: str):
    """The branch outcomes of `out_dir/coverage.json` whose `key` (taken, proved) holds, as
    (file, line, branch, outcome index); None without the file."""
    try:
        model = json.loads((out_dir / "coverage.json").read_text())["model"]
    except (OSError, ValueError, KeyError):
        return None
    found = set()
    for f in model.get("files", []):
        for line, entry in f.get("lines", {}).items():
            for b in entry.get("branches", []):
                for i, a in enumerate(b.get("arms", [])):
                    if a.get(key):
                        found.add((os.path.basename(f["path"]), line, b.get("id"), i))
    return found


def check_cover(case: Case, bc: Path, budget: float, work: Path):
    """(`cover`, status, detail): no outcome `trex cover` proved unreachable was taken by one of
    the case's runs (`out-*` in `work`)."""
    out = work / "out-cover"
    r = run_trex(bc, [*case.trex_opts, f"--max-time={max(1, int(budget))}"], case.args,
                 budget + 15, out, command="cover")
    if "no goal" in r.stderr_tail:
        return ("cover", "SKIPPED", "trex cover: no branch, no goal")
    if r.timed_out or r.exit_code != 0:
        return ("cover", "SKIPPED", f"trex cover: {r.problem() or 'exit ' + str(r.exit_code)}")
    proved = arms(out, "proved")
    if proved is None:
        return ("cover", "SKIPPED", "trex cover wrote no coverage.json")
    # A forking run stopped by its own --max-time (so that it writes coverage.json even when
    # the program's paths outlast the budget).
    mt = [] if os.environ.get("MAX_TIME_FLAG") else [f"--max-time={max(1, int(budget))}"]
    run_trex(bc, [*case.trex_opts, interp_off_flag(), "--write-no-tests", *mt], case.args,
             budget + 15, work / "out-forking")
    runs = [d for d in sorted(work.glob("out-*")) if d.name != "out-cover"]
    taken = set()
    for d in runs:
        taken |= arms(d, "taken") or set()
    bad = sorted(proved & taken)
    if bad:
        shown = ", ".join(f"{f}:{line} branch {b} outcome {i}" for f, line, b, i in bad[:5])
        return ("cover", "MISMATCH", f"proved unreachable, taken by a run: {shown}")
    return ("cover", "OK", f"{len(proved)} outcome(s) proved unreachable, "
            f"{len(taken)} taken by {len(runs)} run(s)")


def check_case(case: Case, searches, budget: float, tmp: Path, threads: int = 1):
    """[(search name, status, detail)] for one case; status OK / MISMATCH / SKIPPED."""
    work = Path(tempfile.mkdtemp(dir=tmp))
    bc = work / "prog.bc"
    why = case.compile(bc)
    if why:
        return [(s, "SKIPPED", why) for s, _ in searches], why
    results, not_run = [], ""
    skip_rest = None
    if os.environ.get("COVER_ONLY") == "1":
        searches = []
    for i, (sname, sopts) in enumerate(searches):
        if skip_rest:
            results.append((sname, "SKIPPED", skip_rest))
            continue
        # The reference: one thread without interpolation (the default is the machine's cores).
        off = run_trex(bc, [*case.trex_opts, *sopts, interp_off_flag(), "--threads=1",
                            "--write-no-tests"],
                       case.args, budget, work / f"out-{i}-off")
        not_run = not_run or not_run_reason(off.errors) or (
            "" if off.finished or off.timed_out else off.problem())
        p = off.problem()
        if p:
            # Without interpolation every searcher explores the same paths.
            if off.timed_out:
                skip_rest = f"without interpolation ({sname}): {p}"
            results.append((sname, "SKIPPED", f"without interpolation: {p}"))
            continue
        if i == 0 and off.nodes_or_paths() == 1:
            # No fork: one path whatever the searcher, and nothing to subsume.
            skip_rest = "one path, no fork: the searcher has no choice"
        par = [f"--threads={threads}"]
        if threads > 1:
            offn = run_trex(bc, [*case.trex_opts, *sopts, interp_off_flag(), *par,
                                 "--write-no-tests"], case.args, budget, work / f"out-{i}-offn")
            p = offn.problem()
            if p:
                results.append((sname, "SKIPPED", f"on {threads} threads: {p}"))
                continue
            if offn.errors != off.errors:
                only_n, only_1 = only_in(offn.errors, off.errors)
                results.append((sname, "MISMATCH", f"without interpolation, only on {threads} "
                                f"threads: {only_n}; only on one: {only_1}"))
                continue
        for k, (vname, vopts, same_cov) in enumerate(pruning_variants()):
            label = f"{sname} {vname}".strip()
            on = run_trex(bc, [*case.trex_opts, *sopts, *par, *vopts, "--write-no-tests"],
                          case.args, budget, work / f"out-{i}-on{k}")
            p = on.problem()
            if p:
                results.append((label, "SKIPPED", f"with pruning: {p}"))
                continue
            if on.errors != off.errors:
                only_on, only_off = only_in(on.errors, off.errors)
                results.append((label, "MISMATCH", f"only with pruning: {only_on}; "
                                f"only without: {only_off}"))
                continue
            if same_cov:
                # Postconditioned symbolic execution's guarantee: the same coverage.
                diff = coverage_diff(work / f"out-{i}-off", work / f"out-{i}-on{k}")
                if diff:
                    results.append((label, "MISMATCH", diff))
                    continue
            results.append((label, "OK", f"{len(on.errors)} error location(s); "
                            f"{on.seconds:.1f} s with, {off.seconds:.1f} s without"
                            + (f"; {on.done.get('pse-pruned paths', 0)} pse-pruned"
                               if same_cov else "")))
    if os.environ.get("PSE") != "1":
        results.append(check_cover(case, bc, budget, work))
    return results, not_run


def verdicts(bc: Path, opts, budget: float, out: Path):
    """`trex verify --json` verdicts by target id, or the reason there are none."""
    cmd = [trex_bin(), "verify", "--json", f"--max-time={max(1, int(budget))}", *opts,
           "--output-dir", str(out), str(bc)]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           errors="replace", timeout=budget + 30)
    except subprocess.TimeoutExpired:
        return None, "killed at the budget"
    try:
        report = json.loads(r.stdout)
    except ValueError:
        tail = r.stderr.strip().splitlines()[-1:] or [f"exit {r.returncode}"]
        return None, tail[0]
    return {t["id"]: t["verdict"] for t in report.get("targets", [])}, ""


def check_engines(case: Case, budget: float, tmp: Path):
    """CHC=1 (issue 32): the Horn-clause engine alone and symbolic execution alone on the
    case's targets (`trex verify`; an SV-COMP task's calls of reach_error): no target
    REACHABLE by one and UNREACHABLE by the other, and an SV-COMP task's expected verdict
    contradicted by neither."""
    work = Path(tempfile.mkdtemp(dir=tmp))
    bc = work / "prog.bc"
    why = case.compile(bc)
    if why:
        return [("engines", "SKIPPED", why)], ""
    opts = list(case.trex_opts)
    if case.expected_safe is not None:
        opts += ["--target-function", "reach_error"]
    got = {}
    for engine in ("chc", "symbolic"):
        v, why = verdicts(bc, [*opts, f"--engine={engine}"], budget, work / engine)
        if v is None:
            return [("engines", "SKIPPED", f"{engine}: {why}")], ""
        got[engine] = v
    chc, sym = got["chc"], got["symbolic"]
    bad = [i for i in chc if {chc[i], sym.get(i)} == {"REACHABLE", "UNREACHABLE"}]
    if bad:
        return [("engines", "MISMATCH", f"targets {bad}: chc {[chc[i] for i in bad]}, "
                 f"symbolic {[sym[i] for i in bad]}")], ""
    for engine, v in got.items():
        if case.expected_safe is True and "REACHABLE" in v.values():
            return [("engines", "MISMATCH", f"{engine}: REACHABLE in a safe task")], ""
        if case.expected_safe is False and v and all(x == "UNREACHABLE" for x in v.values()):
            return [("engines", "MISMATCH", f"{engine}: UNREACHABLE in an unsafe task")], ""
    settled = sum(x != "UNKNOWN" for x in chc.values())
    return [("engines", "OK", f"{len(chc)} target(s), {settled} settled by chc, "
             f"{sum(x != 'UNKNOWN' for x in sym.values())} by symbolic")], ""


def pruning_variants():
    """The pruning runs compared with the run without interpolation, (name, options, whether
    the coverage must be the same too): interpolation in each of $ITP_MODES (default both,
    `--interpolation=wp` and `=abduction`), or with PSE=1 postconditioned symbolic execution
    alone and with interpolation."""
    if os.environ.get("PSE") == "1":
        return [("pse", ["--pse", interp_off_flag()], True), ("pse+itp", ["--pse"], True)]
    modes = os.environ.get("ITP_MODES", "wp abduction").split()
    return [(m, [f"--interpolation={m}"], False) for m in modes]


def lines_hit(out_dir: Path):
    """The lines of `out_dir/coverage.json` with an instruction run (None without the file)."""
    try:
        model = json.loads((out_dir / "coverage.json").read_text())["model"]
    except (OSError, ValueError, KeyError):
        return None
    return {(os.path.basename(f["path"]), line) for f in model.get("files", [])
            for line, e in f.get("lines", {}).items() if e.get("instructions_hit", 0) > 0}


def coverage_diff(off: Path, on: Path) -> str:
    """What the two runs covered differently (lines, branch outcomes taken); empty if nothing."""
    parts = []
    for what, a, b in [("lines", lines_hit(off), lines_hit(on)),
                       ("branch outcomes", arms(off, "taken"), arms(on, "taken"))]:
        if a is None or b is None:
            return f"no coverage.json ({off.name} or {on.name})"
        if a != b:
            parts.append(f"{what} only without pruning: {sorted(a - b)[:5]}; "
                         f"only with: {sorted(b - a)[:5]}")
    return "; ".join(parts)


def main() -> int:
    budget = float(os.environ.get("BUDGET", "10"))
    jobs = int(os.environ.get("JOBS", "2"))
    quick = os.environ.get("QUICK") == "1"
    levels = os.environ.get("LEVELS", "O0 O2").split()
    threads = int(os.environ.get("THREADS", "1"))
    if not os.access(trex_bin(), os.X_OK):
        print(f"trex binary not found: {trex_bin()} (cargo build --release, or set TREX)",
              file=sys.stderr)
        return 2
    why = off_flag_problem()
    if why:
        print(why, file=sys.stderr)
        return 2
    cases = testsuite_cases(levels, m32=os.environ.get("M32") == "1")
    if not quick:
        d = svcomp_dir()
        if d is None:
            print("SV-COMP tasks not found: set SVCOMP_DIR (or QUICK=1)", file=sys.stderr)
            return 2
        cases += svcomp_cases(levels, d)
    filt = os.environ.get("FILTER")
    if filt:
        cases = [c for c in cases if filt in c.name]
    searches = SEARCHES[:1] if quick else SEARCHES
    print(f"soundness: {len(cases)} cases x {len(searches)} searcher(s), budget {budget:g} s "
          f"per run, {jobs} jobs, interpolation off: {interp_off_flag()}"
          + (f", {threads} threads" if threads > 1 else ""), flush=True)
    totals = {"OK": 0, "MISMATCH": 0, "SKIPPED": 0}
    skip_reasons = Counter()
    not_running = []
    with tempfile.TemporaryDirectory(prefix="trex-soundness.") as tmp:
        def job(case):
            if os.environ.get("CHC") == "1":
                res, not_run = check_engines(case, budget, Path(tmp))
            else:
                res, not_run = check_case(case, searches, budget, Path(tmp), threads)
            for sname, status, detail in res:
                tag = status if status != "SKIPPED" else f"SKIPPED({detail})"
                say(f"{tag:8} {case.name} {sname}" + ("" if status == "SKIPPED" else f": {detail}"))
            return case, res, not_run

        with ThreadPoolExecutor(max_workers=jobs) as ex:
            for case, res, not_run in ex.map(job, cases):
                for _, status, detail in res:
                    totals[status] += 1
                    if status == "SKIPPED":
                        # The reason without the run's own details (its error line).
                        skip_reasons[re.sub(r"(exit -?\d+|stopped paths): .*", r"\1", detail)] += 1
                if not_run and case.name.startswith("svcomp/"):
                    not_running.append((case.name, not_run))
    if not_running:
        print(f"\nSV-COMP tasks that do not run as written ({len(not_running)}):")
        for name, why in not_running:
            print(f"  {name}: {why}")
    if skip_reasons:
        print("\nskipped:")
        for why, n in skip_reasons.most_common():
            print(f"  {n:5}  {why}")
    print(f"\n{totals['OK']} ok, {totals['MISMATCH']} mismatch, {totals['SKIPPED']} skipped")
    return 1 if totals["MISMATCH"] else 0


if __name__ == "__main__":
    sys.exit(main())
