#!/usr/bin/env python3
"""The TRACER-X paper's programs (Fig. 1 and Fig. 4) on `trex verify`, one target at a time.

Run through benchmarks/paper/run.sh (see there and benchmarks/README.md for the environment).
For each program family, size and variant it generates the C program, compiles it with
`clang-14 -g -O0 -c -emit-llvm`, runs
`trex verify --one-target-at-a-time --json --max-time=BUDGET` with interpolation (trex's
default) and with `--no-interpolation`, and prints one line per target: the expected verdict
(from the generator), the verdict and time of both runs and the subsumed paths of the run with
interpolation. A verdict opposite to the expected one (REACHABLE for UNREACHABLE or the reverse)
is WRONG: it is flagged on its line and at the end, and the exit status is 1 (also when trex
fails, prints no JSON, or a target the generator marked is missing). UNKNOWN (a budget) is not
wrong.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIG1 = os.path.join(HERE, "fig1.py")
FIG4 = os.path.join(ROOT, "benchmarks", "fig4", "gen.py")

# family -> (default sizes, variants)
FAMILIES = {
    "fig1-layered": ("2 4 6 8", ["holds", "violated", "both"]),
    "fig1-complete": ("6 9 12 14", ["holds", "violated", "both"]),
    "fig4-unrolled": ("8 12 16", ["ok", "buggy"]),
    "fig4-loop": ("8 12 16", ["ok", "buggy"]),
}


def env_list(name, default):
    return (os.environ.get(name) or default).replace(",", " ").split()


def generate(family, size, variant, width, path):
    """Writes the C program; returns (size label, {line: expected verdict})."""
    if family.startswith("fig1"):
        if family == "fig1-layered":
            args = ["--shape", "layered", "--layers", str(size), "--width", str(width)]
            label = f"L={size},W={width}"
        else:
            args = ["--shape", "complete", "--nodes", str(size)]
            label = f"N={size}"
        subprocess.run([sys.executable, FIG1, *args, "--variant", variant,
                        "--input", os.environ.get("INPUT") or "verifier", "-o", path],
                       check=True)
        expect = {}
        with open(path) as f:
            for lineno, line in enumerate(f, 1):
                m = re.search(r"// EXPECT: (REACHABLE|UNREACHABLE)\s*$", line)
                if m:
                    expect[lineno] = m.group(1)
        return label, expect
    # Fig. 4: benchmarks/fig4/gen.py (issue 4): `ok` asserts -N <= sum <= N (always holds),
    # `buggy` asserts with N-1 (the all-true and all-false paths fail).
    form = family.split("-", 1)[1]
    extra = ["--buggy"] if variant == "buggy" else []
    subprocess.run([sys.executable, FIG4, str(size), "--form", form, *extra, "-o", path],
                   check=True)
    expect = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if "klee_assert(" in line:
                expect[lineno] = "REACHABLE" if variant == "buggy" else "UNREACHABLE"
    return f"N={size}", expect


def run_verify(trex, bc, outdir, budget, interp, extra):
    """Runs trex verify; returns (json or None, wall seconds, error text or None)."""
    cmd = [trex, "verify", "--one-target-at-a-time", "--json", f"--max-time={budget}",
           "--output-dir", outdir, *extra]
    if not interp:
        cmd.append("--no-interpolation")
    cmd.append(bc)
    t0 = time.monotonic()
    # --max-time is per target; the harness' own limit only catches a trex that ignores it.
    hard = int(os.environ.get("HARD_TIMEOUT") or 0) or None
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=hard)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - t0, f"killed after {hard} s (HARD_TIMEOUT)"
    wall = time.monotonic() - t0
    if p.returncode != 0:
        tail = (p.stderr.strip().splitlines() or ["(no stderr)"])[-1]
        return None, wall, f"exit {p.returncode}: {tail}"
    try:
        return json.loads(p.stdout), wall, None
    except json.JSONDecodeError as e:
        return None, wall, f"no JSON on stdout ({e})"


def per_target(j):
    """line -> (target dict, run dict) of a verify JSON."""
    runs = {}
    for r in j.get("runs", []):
        for tid in r.get("targets", []):
            runs[tid] = r
    return {t["line"]: (t, runs.get(t["id"], {})) for t in j.get("targets", [])}


def fmt_verdict(t):
    if t is None:
        return "-"
    v = t.get("verdict", "?")
    if v == "UNKNOWN" and t.get("reason"):
        # The reason's kind: "time budget (--max-time)" -> "time budget".
        return "UNKNOWN(" + re.split(r" \(|:", t["reason"])[0] + ")"
    if v == "REACHABLE" and t.get("replay_confirmed") is False:
        return "REACHABLE(unconfirmed)"
    return v


def fmt_time(t):
    if t is None or t.get("time") is None:
        return "-"
    return f"{t['time']:.2f}"


def main():
    trex = os.environ.get("TREX") or os.path.join(ROOT, "target", "release", "trex")
    if not os.access(trex, os.X_OK):
        print(f"trex binary not found: {trex} (cargo build --release, or set TREX)",
              file=sys.stderr)
        return 2
    h = subprocess.run([trex, "verify", "--help"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if h.returncode != 0 or "--one-target-at-a-time" not in h.stdout:
        print(f"{trex} has no `verify --one-target-at-a-time` (issue 5); nothing run",
              file=sys.stderr)
        return 2
    clang = os.environ.get("CLANG") or "clang-14"
    budget = os.environ.get("BUDGET") or "60"
    width = int(os.environ.get("WIDTH") or 3)
    modes = env_list("MODES", "on off")
    extra = (os.environ.get("TREX_FLAGS") or "").split()
    families = env_list("PROGRAMS", " ".join(FAMILIES))
    sizes = {}
    for item in (os.environ.get("SIZES") or "").split():
        fam, _, vals = item.partition("=")
        if fam not in FAMILIES or not vals:
            print(f"SIZES: bad item {item!r} (want FAMILY=N,N,...; families: "
                  f"{' '.join(FAMILIES)})", file=sys.stderr)
            return 2
        sizes[fam] = vals.replace(",", " ").split()
    for fam in families:
        if fam not in FAMILIES:
            print(f"PROGRAMS: unknown family {fam!r} ({' '.join(FAMILIES)})", file=sys.stderr)
            return 2

    tmp = tempfile.mkdtemp(prefix="trex-paper.")
    keep = os.environ.get("KEEP") == "1"
    problems = []
    cols = ["program", "size", "variant", "target", "expected", "verdict(itp)", "time(itp)",
            "subsumed", "verdict(no-itp)", "time(no-itp)", "check"]
    widths = [13, 9, 8, 18, 11, 22, 9, 8, 22, 12, 0]
    line_fmt = " ".join(f"{{:<{w}}}" if w else "{}" for w in widths)
    print(f"# trex verify --one-target-at-a-time --json --max-time={budget} "
          f"{' '.join(extra)}; itp = interpolation (default), no-itp = --no-interpolation; "
          "times: seconds from the start of the target's run to its verdict", flush=True)
    print(line_fmt.format(*cols), flush=True)
    try:
        for fam in families:
            for size in sizes.get(fam) or FAMILIES[fam][0].split():
                for variant in FAMILIES[fam][1]:
                    name = f"{fam}-{size}-{variant}"
                    src = os.path.join(tmp, name + ".c")
                    bc = os.path.join(tmp, name + ".bc")
                    label, expect = generate(fam, size, variant, width, src)
                    c = subprocess.run([clang, "-g", "-O0", "-c", "-emit-llvm", "-w",
                                        "-I", os.path.join(ROOT, "runtime", "include"),
                                        "-o", bc, src], stderr=subprocess.PIPE, text=True)
                    if c.returncode != 0:
                        problems.append(f"{name}: clang failed: {c.stderr.strip()}")
                        print(line_fmt.format(fam, label, variant, "-", "-", "-", "-", "-",
                                              "-", "-", "FAILED (clang)"), flush=True)
                        continue
                    res = {}
                    for mode in modes:
                        j, wall, err = run_verify(trex, bc, os.path.join(tmp, f"out-{name}-{mode}"),
                                                  budget, mode == "on", extra)
                        if err:
                            problems.append(f"{name} ({mode}): trex verify failed: {err}")
                        res[mode] = per_target(j) if j else None
                    lines = sorted(set(expect) | {ln for r in res.values() if r for ln in r})
                    for ln in lines:
                        exp = expect.get(ln, "?")
                        got = {m: (res[m] or {}).get(ln) for m in modes}
                        tgt = next((g[0] for g in got.values() if g), None)
                        tname = f":{ln} " + (tgt["target"] if tgt else "?")
                        checks = []
                        for m in modes:
                            if res[m] is None:
                                checks.append(f"FAILED({m})")
                            elif got[m] is None:
                                checks.append(f"MISSING({m})")
                                problems.append(f"{name} ({m}): no target at line {ln}")
                            else:
                                v = got[m][0].get("verdict")
                                if exp == "?":
                                    checks.append(f"unexpected target({m})")
                                    problems.append(f"{name} ({m}): target at line {ln} that "
                                                    "the generator did not mark")
                                elif v in ("REACHABLE", "UNREACHABLE") and v != exp:
                                    checks.append(f"WRONG({m})")
                                    problems.append(f"{name} ({m}): line {ln}: {v}, expected "
                                                    f"{exp}  <== WRONG VERDICT")
                                elif v == "UNKNOWN":
                                    checks.append(f"unknown({m})")
                        on = got.get("on")
                        off = got.get("off")
                        sub = on[1].get("subsumed") if on else None
                        print(line_fmt.format(
                            fam, label, variant, tname, exp,
                            fmt_verdict(on[0] if on else None), fmt_time(on[0] if on else None),
                            "-" if sub is None else str(sub),
                            fmt_verdict(off[0] if off else None),
                            fmt_time(off[0] if off else None),
                            " ".join(checks) or "ok"), flush=True)
    finally:
        if keep:
            print(f"# files kept in {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    if problems:
        bar = "!" * 78
        print(bar, file=sys.stderr)
        print(f"!!! {len(problems)} PROBLEM(S):", file=sys.stderr)
        for p in problems:
            print("!!!   " + p, file=sys.stderr)
        print(bar, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
