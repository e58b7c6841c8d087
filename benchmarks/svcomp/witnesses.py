#!/usr/bin/env python3
"""SV-COMP witnesses of `trex verify --svcomp` on the shared tasks (MANIFEST.csv): per task,
  trex verify --svcomp --property <prp> --data-model <M> --max-time=<limit> TASK
in a fresh directory (the witness goes to witness.yml there, as in SV-COMP), then a FALSE's
violation witness is checked by execution (contrib/witnesses/witness2test.py) and a TRUE's
correctness witness against the format's schema (contrib/witnesses/check_schema.py, with the
python of scripts/install-witness-tools.sh); a correctness witness with invariants is also
re-checked by a separate run that knows only the task and the witness (`trex verify
--check-witness`: its invariants must be inductive and keep reach_error unreachable). Prints a
line per task and the totals: witnesses written, violation witnesses confirmed, correctness
witnesses valid, invariants re-checked.

Options: --time-limit S (default 60), --jobs N (default 1), --filter S (task ids containing
S), --limit N (the first N tasks), --format yaml|graphml (graphml: no schema check).
Also TREX (the binary), TREX_RUNTIME_DIR, SVCOMP_DIR (the task folder)."""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts/lib"))
from trex_cases import svcomp_dir, svcomp_tasks  # noqa: E402
from trex_runs import trex_bin  # noqa: E402

W2T = ROOT / "contrib/witnesses/witness2test.py"
SCHEMA = ROOT / "contrib/witnesses/check_schema.py"
UNREACH_CALL_PRP = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"


def schema_python():
    p = subprocess.run([str(ROOT / "scripts/install-witness-tools.sh")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        print("no schema check: " + p.stderr.strip(), file=sys.stderr)
        return None
    return p.stdout.strip()


def one(task, prp, args, py):
    with tempfile.TemporaryDirectory(prefix="trex-witness-") as d:
        cmd = [trex_bin(), "verify", "--svcomp", "--property", str(prp), "--data-model",
               task.data_model, "--max-time=%d" % args.time_limit, "--output-dir",
               os.path.join(d, "out"), "--witness-format", args.format, str(task.src)]
        try:
            p = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=args.time_limit + 60)
            verdict = (p.stdout.strip().splitlines() or ["ERROR"])[-1]
        except subprocess.TimeoutExpired:
            verdict = "TIMEOUT"
        w = Path(d) / ("witness.yml" if args.format == "yaml" else "witness.graphml")
        check = "-"
        if w.is_file() and verdict.startswith("FALSE"):
            c = subprocess.run([sys.executable, str(W2T), "--data-model", task.data_model,
                                str(task.src), str(w)], stdout=subprocess.PIPE, text=True)
            check = "confirmed" if c.returncode == 0 else c.stdout.strip()
        elif w.is_file() and verdict == "TRUE" and py and args.format == "yaml":
            c = subprocess.run([py, str(SCHEMA), str(w)], stdout=subprocess.PIPE, text=True)
            check = "valid" if c.returncode == 0 else c.stdout.strip().replace("\n", " ")
        recheck = ""
        if check == "valid" and "- invariant:" in w.read_text():
            recheck = recheck_invariants(task, prp, args, w, d)
        return task, verdict, w.is_file(), check, recheck


def recheck_invariants(task, prp, args, w, d):
    """The separate run's answer on the witness's invariants: "confirmed", or its reason."""
    cmd = [trex_bin(), "verify", "--svcomp", "--property", str(prp), "--data-model",
           task.data_model, "--max-time=%d" % args.time_limit, "--check-witness", str(w),
           str(task.src)]
    try:
        p = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=args.time_limit + 60)
    except subprocess.TimeoutExpired:
        return "recheck: timeout"
    if p.stdout.strip() == "TRUE":
        return "confirmed"
    why = [l for l in p.stderr.splitlines() if "witness" in l][-1:] or [p.stderr.strip()[-200:]]
    return "recheck: " + why[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--time-limit", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--filter", default="")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--format", choices=("yaml", "graphml"), default="yaml")
    args = ap.parse_args()
    folder = svcomp_dir()
    if folder is None:
        sys.exit("no task folder: set SVCOMP_DIR")
    tasks = [t for t in svcomp_tasks(folder) if args.filter in t.task_id]
    if args.limit:
        tasks = tasks[:args.limit]
    prp = folder / "properties/unreach-call.prp"
    tmp_prp = None
    if not prp.is_file():
        tmp_prp = tempfile.NamedTemporaryFile("w", suffix=".prp", delete=False)
        tmp_prp.write(UNREACH_CALL_PRP)
        tmp_prp.close()
        prp = Path(tmp_prp.name)
    py = schema_python() if args.format == "yaml" else None
    n = {"FALSE": 0, "TRUE": 0, "other": 0, "written": 0, "confirmed": 0, "valid": 0,
         "wrong": 0, "with_invariants": 0, "rechecked": 0}
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for task, verdict, written, check, recheck in ex.map(lambda t: one(t, prp, args, py),
                                                             tasks):
            key = "FALSE" if verdict.startswith("FALSE") else verdict if verdict == "TRUE" else "other"
            n[key] += 1
            n["written"] += written
            n["confirmed"] += check == "confirmed"
            n["valid"] += check == "valid"
            n["with_invariants"] += recheck != ""
            n["rechecked"] += recheck == "confirmed"
            expected = "TRUE" if task.expected_safe else "FALSE"
            if key in ("TRUE", "FALSE") and key != expected:
                n["wrong"] += 1
            print("%-55s %-20s witness=%-3s %s%s" % (task.task_id, verdict,
                  "yes" if written else "no", check,
                  (" invariants " + recheck) if recheck else ""), flush=True)
    if tmp_prp:
        os.unlink(tmp_prp.name)
    print("tasks %d: FALSE %d, TRUE %d, other %d (wrong verdicts %d)"
          % (len(tasks), n["FALSE"], n["TRUE"], n["other"], n["wrong"]))
    print("witnesses written: %d of %d FALSE/TRUE verdicts" % (n["written"], n["FALSE"] + n["TRUE"]))
    print("violation witnesses confirmed by execution: %d of %d" % (n["confirmed"], n["FALSE"]))
    if args.format == "yaml":
        print("correctness witnesses valid (schema): %d of %d" % (n["valid"], n["TRUE"]))
        print("correctness witnesses with invariants confirmed by a separate run: %d of %d"
              % (n["rechecked"], n["with_invariants"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
