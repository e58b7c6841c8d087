#!/usr/bin/env python3
"""Interpolation's two modes side by side (issue 34): `--interpolation=wp` (the weakest
precondition, `guard => child` at forks) and `--interpolation=abduction` (TRACER-X's
conjunctions, paper 003 §5).

    benchmarks/itp/run.sh [fig4] [fig1] [testsuite] [svcomp]     (default: fig4 fig1 testsuite)

fig4       The paper's Fig. 4 in its Table 2 form (benchmarks/fig4/gen.py --form stored-array: N
           symbolic decisions, each value stored, summed at the end, assertion bound N, which
           holds), -O0, `trex run --search=dfs --write-no-tests`, N in $FIG4_NS (default
           "100 400 1000 2000 5000 10000"), $TIMEOUT s per run (default 120): seconds, explored
           nodes (and nodes / N: a linear tree keeps it constant), subsumed paths, the largest
           interpolant (expression nodes; conjuncts). Beside it the paper's Table 2 (TRACER-X's
           own time and SET size).
fig1       The paper's Fig. 1 (shortest path through a weighted DAG, benchmarks/fig1/gen.py, seed
           1), N in $FIG1_NS (default "14 20 30"), safe and buggy variants, `trex verify
           --max-time $FIG1_TIME` (default 60): verdict (ok / WRONG / timeout) and seconds.
testsuite  Every testsuite/symbolic/itp_*.c at -O0 with its own OPTIONS (the mode's flag last):
           subsumed paths and completed paths per mode, the errors' count (must be equal).
svcomp     benchmarks/svcomp/runner.py once per mode (MODES=on, TREX_OPTS=--interpolation=MODE,
           TIME_LIMIT=$SVCOMP_TIME, default 60): correct, wrong (must be 0), unknown, score and
           subsumed paths per mode.

Exit status 1 on a wrong verdict, an error set that differs between the modes, or a failed run.
Environment: TREX (binary, default target/release/trex), TIMEOUT, FIG4_NS, FIG1_NS, FIG1_TIME,
SVCOMP_TIME, TREX_RUNTIME_DIR (passed on).
"""
import csv as csvmod
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREX = os.environ.get("TREX", str(ROOT / "target/release/trex"))
MODES = ["wp", "abduction"]
INCLUDE = str(ROOT / "runtime/include")
# TRACER-X's Table 2 (paper 003): N -> (seconds, SET size).
PAPER_FIG4 = {20: (0.04, 470), 100: (0.42, 2310), 400: (7.83, 9210), 500: (11.19, 11510),
              1000: (53.85, 23010), 2000: (327.68, 46010)}
status = 0


def failure(rc, out: str, to: bool = False):
    """Why a run is no result (`failed (exit N)`, `failed (no output)`), or None."""
    if to:
        return None
    if rc != 0:
        return f"failed (exit {rc if rc is None or rc >= 0 else 128 - rc})"
    if "KLEE: done:" not in out and "TREX: verify:" not in out:
        return "failed (no output)"
    return None


def done(stderr: str, key: str):
    """The value of `KLEE: done: KEY = V ...` (the first number), or None."""
    m = re.search(rf"^KLEE: done: {re.escape(key)} = ([0-9.]+)", stderr, re.M)
    return m.group(1) if m else None


def largest_itp(stderr: str):
    """(largest conjunct count, largest size in expression nodes) of the interpolants."""
    m = re.search(r"^KLEE: done: interpolant conjuncts = [0-9.]+ mean, (\d+) largest "
                  r"\((\d+) expression nodes", stderr, re.M)
    return (m.group(1), m.group(2)) if m else ("n/a", "n/a")


def clang(src: Path, bc: Path, opt: str = "-O0") -> None:
    subprocess.run(["clang-14", "-g", opt, "-c", "-emit-llvm", "-w", "-I", INCLUDE, "-o",
                    str(bc), str(src)], check=True)


def trex(args, cwd: Path, timeout: float):
    """(seconds, stdout + stderr, timed out, exit status) of one trex run."""
    t0 = time.monotonic()
    try:
        p = subprocess.run([TREX, *args], cwd=cwd, capture_output=True, text=True,
                           timeout=timeout)
        return time.monotonic() - t0, p.stdout + p.stderr, False, p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") + (e.stderr or b"").decode(errors="replace")
        return time.monotonic() - t0, out, True, None


def fig4(tmp: Path) -> None:
    global status
    ns = [int(n) for n in os.environ.get("FIG4_NS", "100 400 1000 2000 5000 10000").split()]
    limit = float(os.environ.get("TIMEOUT", "120"))
    print("# Fig. 4, Table 2 form (stored-array, -O0, dfs); paper: TRACER-X's Table 2")
    head = f"{'N':>6} {'paper s':>8} {'paper SET':>9}"
    for m in MODES:
        head += f" | {m + ' s':>13} {'nodes':>6} {'n/N':>4} {'subsumed':>8} {'itp nodes':>9} {'conj':>4}"
    print(head)
    for n in ns:
        src = tmp / f"fig4_{n}.c"
        subprocess.run([sys.executable, str(ROOT / "benchmarks/fig4/gen.py"), "--form",
                        "stored-array", str(n), "-o", str(src)], check=True)
        bc = src.with_suffix(".bc")
        clang(src, bc)
        ps, pset = PAPER_FIG4.get(n, (None, None))
        row = f"{n:>6} {ps if ps is not None else '-':>8} {pset if pset else '-':>9}"
        for m in MODES:
            out = tmp / f"out-fig4-{n}-{m}"
            secs, err, to, rc = trex(["run", "--search=dfs", "--write-no-tests",
                                      f"--interpolation={m}", f"--output-dir={out}", str(bc)],
                                     tmp, limit)
            if to:
                row += f" | {'timeout':>13} {'':>6} {'':>4} {'':>8} {'':>9} {'':>4}"
                continue
            why = failure(rc, err)
            if why:
                row += f" | {why}"
                status = 1
                continue
            if "ASSERTION FAIL" in err:
                row += f" | {'WRONG':>13}"
                status = 1
                continue
            nodes = done(err, "explored nodes")
            per = f"{int(nodes) / n:.1f}" if nodes else "n/a"
            conj, size = largest_itp(err)
            row += (f" | {secs:>13.2f} {nodes or 'n/a':>6} {per:>4} "
                    f"{done(err, 'subsumed paths') or 'n/a':>8} {size:>9} {conj:>4}")
        print(row, flush=True)


def fig1(tmp: Path) -> None:
    global status
    ns = [int(n) for n in os.environ.get("FIG1_NS", "14 20 30").split()]
    limit = float(os.environ.get("FIG1_TIME", "60"))
    print("# Fig. 1 (shortest path, trex verify, -O0)")
    print(f"{'N':>4} {'variant':>7}" + "".join(f" | {m + ' verdict':>22} {'s':>7}" for m in MODES))
    for n in ns:
        for v in ["safe", "bug"]:
            src = tmp / f"fig1_{n}_{v}.c"
            with open(src, "w") as f:
                subprocess.run([sys.executable, str(ROOT / "benchmarks/fig1/gen.py"), str(n), "1",
                                v], check=True, stdout=f, stderr=subprocess.DEVNULL)
            bc = src.with_suffix(".bc")
            clang(src, bc)
            want = "UNREACHABLE" if v == "safe" else "REACHABLE"
            row = f"{n:>4} {v:>7}"
            for m in MODES:
                out = tmp / f"out-fig1-{n}-{v}-{m}"
                secs, err, to, rc = trex(["verify", f"--max-time={int(limit)}",
                                          f"--interpolation={m}", f"--output-dir={out}",
                                          str(bc)], tmp, limit + 60)
                verdict = next((ln.split()[1] for ln in err.splitlines()
                                if re.match(r"^\s*1\s+\S+", ln)), "none")
                why = "failed (timed out)" if to else failure(rc, err)
                if why or verdict == "none":
                    res = why or "failed (no verdict)"
                    status = 1
                elif verdict == want:
                    res = "ok"
                elif verdict == "UNKNOWN":
                    res = "timeout" if "time budget" in err else "unknown"
                else:
                    res = "WRONG"
                    status = 1
                row += f" | {verdict + ' ' + res:>22} {secs:>7.2f}"
            print(row, flush=True)


def options_of(src: Path):
    for line in src.read_text().splitlines():
        if line.startswith("// OPTIONS:"):
            return line.split(":", 1)[1].split()
    return []


def testsuite(tmp: Path) -> None:
    global status
    files = sorted((ROOT / "testsuite/symbolic").glob("itp_*.c"))
    print("# testsuite/symbolic/itp_*.c (-O0, their OPTIONS): subsumed / completed paths")
    print(f"{'program':<36}" + "".join(f" | {m + ' subsumed':>18} {'paths':>6}" for m in MODES)
          + " | errors")
    total = {m: 0 for m in MODES}
    for src in files:
        bc = tmp / (src.stem + ".bc")
        clang(src, bc)
        opts = [o for o in options_of(src) if not o.startswith("--interpolation")]
        libc = ["--libc=none"] if "// LIBC: none" in src.read_text() else []
        row = f"{src.stem:<36}"
        errs = {}
        for m in MODES:
            out = tmp / f"out-ts-{src.stem}-{m}"
            secs, err, to, rc = trex(["run", *libc, *opts, "--write-no-tests",
                                      f"--interpolation={m}", f"--output-dir={out}", str(bc)],
                                     tmp, 120)
            why = "failed (timed out)" if to else failure(rc, err)
            if why:
                status = 1
                row += f" | {why}"
                continue
            sub = done(err, "subsumed paths") or "n/a"
            if sub != "n/a":
                total[m] += int(sub)
            errs[m] = sorted(set(re.findall(r"^KLEE: ERROR: (\S+)", err, re.M)))
            row += f" | {sub:>18} {done(err, 'completed paths') or 'n/a':>6}"
        if len(errs) < len(MODES):
            print(row, flush=True)
            continue
        same = all(errs[m] == errs[MODES[0]] for m in MODES)
        if not same:
            status = 1
        row += f" | {len(errs[MODES[0]])}" + ("" if same else " DIFFER")
        print(row, flush=True)
    print(f"{'total subsumed':<36}" + "".join(f" | {total[m]:>18} {'':>6}" for m in MODES))


def svcomp(tmp: Path) -> None:
    global status
    limit = os.environ.get("SVCOMP_TIME", "60")
    print(f"# SV-COMP shared tasks (trex verify --svcomp, -O0, {limit} s)")
    rows = []
    for m in MODES:
        csv = tmp / f"svcomp-{m}.csv"
        env = dict(os.environ, MODES="on", TREX_OPTS=f"--interpolation={m}", TIME_LIMIT=limit,
                   CSV=str(csv), TREX=TREX)
        p = subprocess.run([sys.executable, str(ROOT / "benchmarks/svcomp/runner.py")], env=env,
                           capture_output=True, text=True)
        with open(csv) as f:
            recs = list(csvmod.DictReader(f))
        cats = {}
        sub = 0
        for r in recs:
            cats[r["result"]] = cats.get(r["result"], 0) + 1
            sub += int(r["subsumed"] or 0)
        wrong = cats.get("wrong TRUE", 0) + cats.get("wrong FALSE", 0)
        if wrong or p.returncode not in (0, 1):
            status = 1
        correct = cats.get("correct TRUE", 0) + cats.get("correct FALSE", 0)
        score = 2 * cats.get("correct TRUE", 0) + cats.get("correct FALSE", 0) \
            - 32 * cats.get("wrong TRUE", 0) - 16 * cats.get("wrong FALSE", 0)
        rows.append((m, len(recs), correct, cats.get("correct TRUE", 0),
                     cats.get("correct FALSE", 0), wrong, len(recs) - correct - wrong, score, sub))
    print(f"{'mode':<10} {'tasks':>5} {'correct':>7} {'(TRUE':>6} {'FALSE)':>6} {'wrong':>5} "
          f"{'unknown':>7} {'score':>5} {'subsumed':>9}")
    for r in rows:
        print(f"{r[0]:<10} {r[1]:>5} {r[2]:>7} {r[3]:>6} {r[4]:>6} {r[5]:>5} {r[6]:>7} {r[7]:>5} "
              f"{r[8]:>9}")


def main() -> int:
    parts = sys.argv[1:] or ["fig4", "fig1", "testsuite"]
    with tempfile.TemporaryDirectory(prefix="trex-itp.") as d:
        tmp = Path(d)
        for p in parts:
            {"fig4": fig4, "fig1": fig1, "testsuite": testsuite, "svcomp": svcomp}[p](tmp)
            print()
    if status:
        print("itp/run.sh: a wrong verdict, differing errors or a failed run (see above)",
              file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
