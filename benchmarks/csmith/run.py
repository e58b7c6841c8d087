#!/usr/bin/env python3
"""Differential test of trex's concrete semantics on random C programs (Debian's csmith).

For each seed, csmith writes a program (UB-free by construction) that prints a checksum of its
globals. It is compiled natively (clang-14 -O0, the reference) and run with a timeout; a program
whose native run exceeds NATIVE_TIMEOUT is skipped. Then, for each optimization level, the same
source is compiled to bitcode (clang-14 -g -O<n>) and run by `trex run`; trex's stdout and the
program's exit status (`TREX: program exited with status N`) must equal the native run's.

Outcomes per run: match, MISMATCH (output or status differs), error (trex ended the path with an
error, or trex itself failed: a non-zero exit, e.g. a crash after the program's end; the line is
shown), timeout (TREX_TIMEOUT), skip (native timeout). Exit status 1 when a run
mismatches or errs.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, b"", b""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-200", help="seed range A-B or comma list (default 1-200)")
    ap.add_argument("--opt", default="0 2", help="optimization levels for trex (default '0 2')")
    ap.add_argument("--native-timeout", type=float, default=10.0)
    ap.add_argument("--trex-timeout", type=float, default=60.0)
    ap.add_argument("--trex", default=os.environ.get("TREX", os.path.join(ROOT, "target/release/trex")))
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    a = ap.parse_args()
    if "-" in a.seeds:
        lo, hi = a.seeds.split("-")
        seeds = list(range(int(lo), int(hi) + 1))
    else:
        seeds = [int(s) for s in a.seeds.split(",")]
    levels = a.opt.split()
    for tool in ("csmith", "clang-14"):
        if not shutil.which(tool):
            sys.exit(f"{tool} not found (apt-get install csmith libcsmith-dev clang-14)")
    inc = "/usr/include/csmith"
    if not os.path.isdir(inc):
        sys.exit(f"{inc} not found (apt-get install libcsmith-dev)")
    tmp = tempfile.mkdtemp(prefix="trex-csmith.")
    counts = {}
    bad = []
    start = time.time()
    print(f"{'seed':>5} {'opt':>3} {'outcome':<9} {'native s':>8} {'trex s':>7}  detail")
    for s in seeds:
        d = os.path.join(tmp, str(s))
        os.makedirs(d)
        src = os.path.join(d, "t.c")
        # (csmith also writes platform.info into its working directory.)
        subprocess.run(["csmith", "--seed", str(s), "-o", src], check=True, cwd=d,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        exe = os.path.join(d, "t.native")
        subprocess.run(["clang-14", "-O0", "-w", "-I", inc, src, "-o", exe], check=True)
        t0 = time.time()
        nrc, nout, _ = run([exe], d, a.native_timeout)
        nsecs = time.time() - t0
        for opt in levels:
            if nrc is None:
                counts["skip"] = counts.get("skip", 0) + 1
                print(f"{s:>5} {opt:>3} {'skip':<9} {'>' + str(int(a.native_timeout)):>8} {'':>7}  native run over the timeout")
                continue
            bc = os.path.join(d, f"t{opt}.bc")
            subprocess.run(["clang-14", "-g", f"-O{opt}", "-c", "-emit-llvm", "-w", "-I", inc, src,
                            "-o", bc], check=True)
            out = os.path.join(d, f"out{opt}")
            t0 = time.time()
            rc, tout, terr = run([a.trex, "run", "--output-dir", out, bc], d, a.trex_timeout)
            tsecs = time.time() - t0
            err = terr.decode(errors="replace")
            m = re.search(r"TREX: program exited with status (-?\d+)", err)
            status = int(m.group(1)) if m else None
            detail = ""
            if rc is None:
                outcome = "timeout"
            elif rc != 0:
                outcome = "error"
                lines = [l for l in err.splitlines() if "error" in l or "panicked" in l]
                detail = f"trex exit {rc}" + (f": {lines[0]}" if lines else "")
            elif status is None:
                outcome = "error"
                lines = [l for l in err.splitlines() if "ERROR" in l or "error" in l]
                detail = lines[0] if lines else err.strip().splitlines()[-1] if err.strip() else f"exit {rc}"
            elif tout != nout or status != nrc:
                outcome = "MISMATCH"
                detail = f"status native {nrc} trex {status}; stdout native {nout[:60]!r} trex {tout[:60]!r}"
            else:
                outcome = "match"
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome in ("MISMATCH", "error"):
                bad.append((s, opt, outcome, detail))
            print(f"{s:>5} {opt:>3} {outcome:<9} {nsecs:>8.2f} {tsecs:>7.2f}  {detail[:150]}", flush=True)
    print()
    print(f"{len(seeds)} seeds, levels {' '.join('-O' + l for l in levels)}, {time.time() - start:.0f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for s, opt, outcome, detail in bad:
        print(f"  seed {s} -O{opt}: {outcome}: {detail[:200]}")
    if a.keep:
        print(f"kept {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if bad else 0)


main()
