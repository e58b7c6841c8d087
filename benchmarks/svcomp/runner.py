#!/usr/bin/env python3
"""SV-COMP runner: `trex verify --svcomp` on the tasks of MANIFEST.csv, scored as SV-COMP does.

Per task, level and mode, runs
  trex verify --svcomp --property <prp> --data-model <ILP32|LP64> --opt-level <n> --json
       --max-time=<limit> --max-memory=<MB> --output-dir <tmp> [--no-interpolation] <task.c>
and takes the verdict from the JSON's `svcomp` field (TRUE, FALSE(unreach-call), UNKNOWN).
trex is also limited from outside: killed at the time limit + a grace period, or when its
resident memory exceeds the memory limit + a grace; its CPU time and peak memory come from
wait4 (trex and the clang it runs). A run that exits non-zero, prints no JSON or is killed is
UNKNOWN with reason `error: ...`.

Score (SV-COMP): +2 correct TRUE, +1 correct FALSE, -32 wrong TRUE, -16 wrong FALSE, 0 UNKNOWN.
Prints one line per run, then the totals per level and mode side by side, then every wrong
verdict and every run that ended in an error by name (exit status 1 if there is one: a crashed
run is no result). Writes the same rows to a CSV file.

Options (each also an environment variable, the option wins):
  --time-limit S      TIME_LIMIT    seconds per run, given to trex as --max-time (default 60)
  --memory-limit MB   MEMORY_LIMIT  given to trex as --max-memory (default 4000)
  --grace S           GRACE         kill at time limit + GRACE seconds (default 30)
  --memory-grace MB   MEMORY_GRACE  kill above memory limit + MEMORY_GRACE MB (default 500)
  --jobs N            JOBS          runs at a time (default 2)
  --modes "on off"    MODES         interpolation on (trex's default) and/or off (default "on off")
  --no-interpolation                the same as --modes off
  --levels "O0 O2"    LEVELS        clang optimisation levels (default O0)
  --filter S          FILTER        only the tasks whose task_id contains S
  --csv FILE          CSV           the results (default build/svcomp.csv)
  --keep-output                     KEEP=1: keep trex's output dirs (witness tests); path printed
  --trex-opts "..."   TREX_OPTS     more trex options, e.g. "--search=bfs"
Also TREX (the binary), TREX_RUNTIME_DIR (passed on), SVCOMP_DIR (the task folder).
"""
import argparse
import csv
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts/lib"))
from trex_cases import SvcompTask, svcomp_dir, svcomp_tasks  # noqa: E402
from trex_runs import trex_bin  # noqa: E402

# SV-COMP's unreach-call property, used when the task folder has no properties/unreach-call.prp.
UNREACH_CALL_PRP = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
OFF_FLAG = "--no-interpolation"
# Result categories in the order of the totals, with their SV-COMP score.
SCORES = {"correct TRUE": 2, "correct FALSE": 1, "wrong TRUE": -32, "wrong FALSE": -16,
          "UNKNOWN": 0}
CSV_FIELDS = ["task", "level", "mode", "expected", "verdict", "result", "score", "time", "cpu",
              "memory", "paths", "subsumed", "reason"]


@dataclass
class Config:
    trex: str
    time_limit: float
    memory_limit: int
    grace: float
    memory_grace: int
    jobs: int
    modes: List[str]
    levels: List[str]  # "0", "2", ...
    filter: str
    csv_path: Path
    keep_output: bool
    trex_opts: List[str]
    # `--witness` accepted: each run's witness goes to its own directory (with --svcomp trex
    # writes witness.yml where it runs otherwise).
    witness: bool = False


@dataclass
class Unit:
    """One run: a task at one level in one mode."""
    task: SvcompTask
    level: str
    mode: str

    @property
    def column(self) -> str:
        return f"O{self.level} {self.mode}"


@dataclass
class Process:
    """How a limited child process ended."""
    exit_code: Optional[int]  # None when killed by a signal
    signal: Optional[int]
    killed_why: Optional[str]  # set when the runner killed it
    wall: float
    cpu: float
    max_rss_mb: float
    stdout: str
    stderr: str


@dataclass
class Result:
    unit: Unit
    verdict: str  # TRUE, FALSE(unreach-call) or UNKNOWN
    reason: str
    time: float
    cpu: float
    memory: float
    paths: Optional[int]
    subsumed: Optional[int]

    @property
    def expected(self) -> str:
        return "TRUE" if self.unit.task.expected_safe else "FALSE"

    @property
    def category(self) -> str:
        return classify(self.unit.task.expected_safe, self.verdict)

    @property
    def is_error(self) -> bool:
        return self.reason.startswith("error:")


def classify(expected_safe: bool, verdict: str) -> str:
    """The SV-COMP result category of a verdict (a key of SCORES)."""
    if verdict == "TRUE":
        return "correct TRUE" if expected_safe else "wrong TRUE"
    if verdict.startswith("FALSE"):
        return "wrong FALSE" if expected_safe else "correct FALSE"
    return "UNKNOWN"


# ---------------------------------------------------------------------------------------------
# Options

def normalize_level(level: str) -> str:
    """"O2", "-O2" and "2" all mean clang's -O2; trex's --opt-level takes the digit."""
    digit = level.lstrip("-").lstrip("Oo")
    if digit not in ("0", "1", "2", "3"):
        raise SystemExit(f"unknown optimisation level {level!r} (O0, O1, O2 or O3)")
    return digit


def parse_options(argv: List[str]) -> Config:
    env = os.environ.get
    p = argparse.ArgumentParser(description="trex verify --svcomp on the SV-COMP tasks")
    p.add_argument("--time-limit", type=float, default=float(env("TIME_LIMIT", "60")))
    p.add_argument("--memory-limit", type=int, default=int(env("MEMORY_LIMIT", "4000")))
    p.add_argument("--grace", type=float, default=float(env("GRACE", "30")))
    p.add_argument("--memory-grace", type=int, default=int(env("MEMORY_GRACE", "500")))
    p.add_argument("--jobs", type=int, default=int(env("JOBS", "2")))
    p.add_argument("--modes", default=env("MODES", "on off"))
    p.add_argument("--no-interpolation", action="store_true")
    p.add_argument("--levels", default=env("LEVELS", "O0"))
    p.add_argument("--filter", default=env("FILTER", ""))
    p.add_argument("--csv", default=env("CSV", str(ROOT / "build/svcomp.csv")))
    p.add_argument("--keep-output", action="store_true", default=env("KEEP", "") == "1")
    p.add_argument("--trex-opts", default=env("TREX_OPTS", ""))
    a = p.parse_args(argv)
    modes = ["off"] if a.no_interpolation else a.modes.split()
    for m in modes:
        if m not in ("on", "off"):
            raise SystemExit(f"unknown mode {m!r} (on, off)")
    return Config(trex=trex_bin(), time_limit=a.time_limit, memory_limit=a.memory_limit,
                  grace=a.grace, memory_grace=a.memory_grace, jobs=max(1, a.jobs),
                  modes=modes, levels=[normalize_level(lv) for lv in a.levels.split()],
                  filter=a.filter, csv_path=Path(a.csv), keep_output=a.keep_output,
                  trex_opts=shlex.split(a.trex_opts))


def verify_problem(cfg: Config) -> Optional[str]:
    """Why this trex cannot run the benchmark (None when it can): `trex verify --help` must
    list --svcomp (and --no-interpolation when mode off is asked for); otherwise every run
    would be an error and the totals would measure nothing."""
    try:
        h = subprocess.run([cfg.trex, "verify", "--help"], capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"cannot run {cfg.trex}: {e}"
    needed = ["--svcomp"] + ([OFF_FLAG] if "off" in cfg.modes else [])
    missing = [o for o in needed if o not in h.stdout]
    cfg.witness = "--witness" in h.stdout
    if h.returncode != 0 or missing:
        return (f"{cfg.trex} has no `verify` command with {' '.join(missing or needed)} "
                f"(exit {h.returncode}): build trex from a branch that has it")
    return None


def property_file(directory: Path, tmp: Path) -> Path:
    """The task folder's unreach-call.prp, or a copy of SV-COMP's written into `tmp`."""
    prp = directory / "properties/unreach-call.prp"
    if prp.is_file():
        return prp
    prp = tmp / "unreach-call.prp"
    prp.write_text(UNREACH_CALL_PRP)
    return prp


# ---------------------------------------------------------------------------------------------
# Running one process under limits

LIVE_GROUPS: set = set()  # process groups of running children, killed on Ctrl-C
LIVE_LOCK = threading.Lock()
STOPPING = threading.Event()  # set on Ctrl-C / SIGTERM: start no more children


def stop_children() -> None:
    """Kills every running child; spawn() starts no new one afterwards."""
    with LIVE_LOCK:
        STOPPING.set()
        for pid in LIVE_GROUPS:
            kill_group(pid)


def interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def spawn(cmd: List[str], stdout: Path, stderr: Path) -> int:
    """Starts `cmd` in its own process group (so that killing it also kills the clang it runs),
    stdin from /dev/null, stdout and stderr into files (no pipe to drain while waiting)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    actions = [(os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, str(stdout), flags, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, str(stderr), flags, 0o644)]
    with LIVE_LOCK:
        if STOPPING.is_set():
            raise OSError("interrupted")
        pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=actions, setpgroup=0)
        LIVE_GROUPS.add(pid)
    return pid


def rss_mb(pid: int) -> float:
    """Resident memory of process `pid` (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def watch(pid: int, deadline: float, max_rss: float, stop: threading.Event, why: list) -> None:
    """Kills the group of `pid` past `deadline` (time.monotonic) or above `max_rss` MB, and says
    why in `why`. Runs until `stop` is set, which happens before the child is reaped, so the pid
    cannot have been reused by another process when it is killed."""
    while not stop.wait(0.5):
        if time.monotonic() > deadline:
            why.append("time")
        elif rss_mb(pid) > max_rss:
            why.append("memory")
        else:
            continue
        kill_group(pid)
        return


def run_limited(cmd: List[str], work: Path, wall_limit: float, max_rss: float) -> Process:
    """Runs `cmd` with the external limits; CPU time and peak memory from wait4."""
    out, err = work / "stdout", work / "stderr"
    start = time.monotonic()
    pid = spawn(cmd, out, err)
    stop, why = threading.Event(), []
    watcher = threading.Thread(target=watch, args=(pid, start + wall_limit, max_rss, stop, why),
                               daemon=True)
    watcher.start()
    # Wait for the exit without reaping, stop the watcher, then reap with wait4 for its usage.
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    wall = time.monotonic() - start
    stop.set()
    watcher.join()
    kill_group(pid)  # anything the child left running in its group
    _, status, usage = os.wait4(pid, 0)
    with LIVE_LOCK:
        LIVE_GROUPS.discard(pid)
    killed = None
    if why == ["time"]:
        killed = f"killed after {wall:.0f} s (time limit + grace)"
    elif why == ["memory"]:
        killed = f"killed above {max_rss:.0f} MB (memory limit + grace)"
    return Process(
        exit_code=os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        signal=os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        killed_why=killed, wall=wall, cpu=usage.ru_utime + usage.ru_stime,
        max_rss_mb=usage.ru_maxrss / 1024,  # kB on Linux
        stdout=out.read_text(errors="replace"), stderr=err.read_text(errors="replace"))


# ---------------------------------------------------------------------------------------------
# One task

def verify_command(cfg: Config, unit: Unit, prp: Path, out_dir: Path) -> List[str]:
    return [cfg.trex, "verify", "--svcomp", "--property", str(prp),
            "--data-model", unit.task.data_model, "--opt-level", unit.level, "--json",
            f"--max-time={cfg.time_limit:g}", f"--max-memory={cfg.memory_limit}",
            "--output-dir", str(out_dir)] + \
        (["--witness", str(out_dir.parent / "witness.yml")] if cfg.witness else []) + \
        ([OFF_FLAG] if unit.mode == "off" else []) + cfg.trex_opts + [str(unit.task.src)]


def last_line(text: str) -> str:
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else "(nothing)"


def find_json(stdout: str) -> Optional[dict]:
    """trex's JSON object: the whole stdout, or the last object starting a line that holds an
    `svcomp` field (tolerates other lines before it, e.g. the program's own output)."""
    decoder = json.JSONDecoder()
    starts = [0] + [i + 1 for i, c in enumerate(stdout) if c == "\n"]
    for s in reversed(starts):
        if not stdout.startswith("{", s):
            continue
        try:
            obj, end = decoder.raw_decode(stdout, s)
        except ValueError:
            continue
        if isinstance(obj, dict) and "svcomp" in obj and not stdout[end:].strip():
            return obj
    return None


def sum_runs(report: dict, key: str) -> Optional[int]:
    """`key` summed over the report's runs (None when no run has it)."""
    vals = [r.get(key) for r in report.get("runs", []) if isinstance(r.get(key), int)]
    return sum(vals) if vals else None


def verdict_reason(report: dict, verdict: str) -> str:
    """Why UNKNOWN (the first unknown target's reason, or the first incomplete run's); for TRUE
    and FALSE, only what looks wrong in the report (a TRUE from an incomplete run breaks the
    contract's soundness rule, a TRUE without any target checked nothing, a FALSE whose
    witness did not replay is unconfirmed)."""
    targets = report.get("targets", [])
    # A run that lists no target settled none (a run with loops abstracted or of the
    # Horn-clause engine that proved nothing, a run stopped because the other engine settled
    # everything): only a failed attempt.
    incomplete = [r.get("incomplete_reason") or "incomplete run" for r in report.get("runs", [])
                  if r.get("complete") is False and r.get("targets") != []]
    if verdict == "UNKNOWN":
        reasons = [t.get("reason") for t in targets if t.get("verdict") == "UNKNOWN"]
        reasons = [r for r in reasons if r] + incomplete
        return reasons[0] if reasons else ""
    if verdict == "TRUE" and incomplete:
        return f"note: TRUE from an incomplete run ({incomplete[0]})"
    if verdict == "TRUE":
        # No error call left in the compiled program: right only if the compiler proved it
        # unreachable, wrong if optimisation dropped a reachable call (an empty reach_error).
        return "" if targets else "note: TRUE without any target"
    reached = [t for t in targets if t.get("verdict") == "REACHABLE"]
    if reached and not any(t.get("replay_confirmed") for t in reached):
        return "note: witness not confirmed by replay"
    return ""


def result_of(unit: Unit, proc: Process) -> Result:
    """The verdict of one run: from the JSON, or UNKNOWN with `error: ...` when trex failed."""
    def res(verdict, reason, report=None):
        return Result(unit, verdict, reason, proc.wall, proc.cpu, proc.max_rss_mb,
                      sum_runs(report, "paths") if report else None,
                      sum_runs(report, "subsumed") if report else None)

    if proc.killed_why:
        return res("UNKNOWN", "error: " + proc.killed_why)
    if proc.signal is not None:
        return res("UNKNOWN", f"error: killed by signal {proc.signal}: {last_line(proc.stderr)}")
    if proc.exit_code != 0:
        return res("UNKNOWN", f"error: exit {proc.exit_code}: {last_line(proc.stderr)}")
    report = find_json(proc.stdout)
    if report is None:
        return res("UNKNOWN", f"error: no JSON on stdout: {last_line(proc.stderr)}")
    verdict = report.get("svcomp")
    if verdict not in ("TRUE", "FALSE(unreach-call)", "UNKNOWN"):
        return res("UNKNOWN", f"error: unexpected svcomp verdict {verdict!r}", report)
    return res(verdict, verdict_reason(report, verdict), report)


def run_unit(cfg: Config, unit: Unit, prp: Path, tmp: Path) -> Result:
    work = Path(tempfile.mkdtemp(dir=tmp, prefix=unit.task.task_id.replace("/", "_") +
                                 f".O{unit.level}.{unit.mode}."))
    cmd = verify_command(cfg, unit, prp, work / "out")
    try:
        proc = run_limited(cmd, work, cfg.time_limit + cfg.grace,
                           cfg.memory_limit + cfg.memory_grace)
        result = result_of(unit, proc)
    except OSError as e:  # trex could not be started: an error of this run, not of the others
        result = Result(unit, "UNKNOWN", f"error: cannot run {cfg.trex}: {e}", 0.0, 0.0, 0.0,
                        None, None)
    if not cfg.keep_output:
        shutil.rmtree(work, ignore_errors=True)
    return result


# ---------------------------------------------------------------------------------------------
# Report

ROW_FMT = "{:52} {:3} {:3} {:5} {:19} {:13} {:>7} {:>7} {:>6} {:>8} {:>8}  {}"


def fmt_count(n: Optional[int]) -> str:
    return "n/a" if n is None else str(n)


def shorten(reason: str, width: int = 160) -> str:
    """A reason for the table (the CSV keeps it whole)."""
    return reason if len(reason) <= width else reason[:width - 3] + "..."


def print_header() -> None:
    print(ROW_FMT.format("task", "lvl", "itp", "exp.", "verdict", "result", "time", "cpu",
                         "MB", "paths", "subsumed", "reason"), flush=True)


def print_row(r: Result) -> None:
    cat = r.category
    shown = "WRONG " + cat.split()[1] if cat.startswith("wrong") else \
        "correct" if cat.startswith("correct") else ("error" if r.is_error else "unknown")
    print(ROW_FMT.format(r.unit.task.task_id, f"O{r.unit.level}", r.unit.mode, r.expected,
                         r.verdict, shown, f"{r.time:.2f}", f"{r.cpu:.2f}", f"{r.memory:.0f}",
                         fmt_count(r.paths), fmt_count(r.subsumed), shorten(r.reason)),
          flush=True)


def csv_row(r: Result) -> Dict[str, str]:
    return {"task": r.unit.task.task_id, "level": f"O{r.unit.level}", "mode": r.unit.mode,
            "expected": r.expected, "verdict": r.verdict, "result": r.category,
            "score": str(SCORES[r.category]), "time": f"{r.time:.3f}", "cpu": f"{r.cpu:.3f}",
            "memory": f"{r.memory:.1f}",
            "paths": "" if r.paths is None else str(r.paths),
            "subsumed": "" if r.subsumed is None else str(r.subsumed), "reason": r.reason}


def totals(results: List[Result]) -> Dict[str, float]:
    """Counts per category, errors among the UNKNOWNs, score, CPU and wall time."""
    t: Dict[str, float] = {c: 0 for c in SCORES}
    for r in results:
        t[r.category] += 1
    t["tasks"] = len(results)
    t["errors"] = sum(1 for r in results if r.is_error)
    t["score"] = sum(SCORES[r.category] for r in results)
    t["max score"] = sum(2 if r.unit.task.expected_safe else 1 for r in results)
    t["CPU time (s)"] = sum(r.cpu for r in results)
    t["wall time (s)"] = sum(r.time for r in results)
    return t


def print_totals(columns: List[str], results: List[Result]) -> None:
    """The totals of each level and mode side by side."""
    per = {c: totals([r for r in results if r.unit.column == c]) for c in columns}
    rows = ["tasks"] + list(SCORES) + ["  of which errors", "score", "max score",
                                       "CPU time (s)", "wall time (s)"]
    width = max(10, *(len(c) for c in columns))
    print("\n" + f"{'':18}" + "".join(f"{c:>{width + 2}}" for c in columns))
    for row in rows:
        key = "errors" if row == "  of which errors" else row
        cells = [f"{per[c][key]:.1f}" if key.endswith("(s)") else f"{per[c][key]:.0f}"
                 for c in columns]
        print(f"{row:18}" + "".join(f"{v:>{width + 2}}" for v in cells))


def print_wrong(results: List[Result]) -> None:
    wrong = [r for r in results if r.category.startswith("wrong")]
    if not wrong:
        print("\nno wrong verdict")
        return
    print(f"\n{len(wrong)} WRONG verdict(s) (wrong TRUE: an error missed; wrong FALSE: a false "
          f"alarm):")
    for r in wrong:
        print(f"  {r.unit.task.task_id} [O{r.unit.level} {r.unit.mode}]: {r.verdict}, expected "
              f"{r.expected}  ({r.unit.task.src})")


def print_errors(results: List[Result]) -> None:
    """The runs that ended in an error (trex failed, printed no JSON or was killed)."""
    errors = [r for r in results if r.is_error]
    if not errors:
        return
    print(f"\n{len(errors)} run(s) ended in an ERROR (counted as UNKNOWN, but no result):")
    for r in errors:
        print(f"  {r.unit.task.task_id} [O{r.unit.level} {r.unit.mode}]: {shorten(r.reason)}")


# ---------------------------------------------------------------------------------------------

def select_units(cfg: Config, tasks: List[SvcompTask]) -> List[Unit]:
    """Task-major order, so the two modes of a task run side by side when JOBS=2."""
    return [Unit(t, lv, m) for t in tasks if cfg.filter in t.task_id
            for lv in cfg.levels for m in cfg.modes]


def result_when_done(fut: Future) -> Result:
    """The future's result. Waits in short steps: a signal may be delivered to a worker thread,
    and the main thread only runs the Python handler (which stops the run) when it wakes up."""
    while True:
        try:
            return fut.result(timeout=0.5)
        except FuturesTimeout:
            continue


def main(argv: List[str]) -> int:
    cfg = parse_options(argv)
    directory = svcomp_dir()
    if directory is None:
        print("SV-COMP tasks not found: set SVCOMP_DIR", file=sys.stderr)
        return 2
    why = verify_problem(cfg)
    if why:
        print(why, file=sys.stderr)
        return 2
    units = select_units(cfg, svcomp_tasks(directory))
    if not units:
        print(f"no task matches FILTER={cfg.filter!r}", file=sys.stderr)
        return 2
    cfg.csv_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="trex-svcomp."))
    prp = property_file(directory, tmp)
    print(f"{len(units)} runs: {len(units) // (len(cfg.levels) * len(cfg.modes))} tasks x "
          f"levels {' '.join('O' + lv for lv in cfg.levels)} x modes {' '.join(cfg.modes)}; "
          f"{cfg.time_limit:g} s, {cfg.memory_limit} MB per run, {cfg.jobs} at a time",
          flush=True)
    print_header()
    # SIGTERM (e.g. from `timeout`) stops the run as Ctrl-C does: children killed, totals printed.
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, interrupt)
    results: List[Result] = []
    ex = ThreadPoolExecutor(max_workers=cfg.jobs)
    try:
        with open(cfg.csv_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
            w.writeheader()
            futures = [ex.submit(run_unit, cfg, u, prp, tmp) for u in units]
            for fut in futures:
                r = result_when_done(fut)
                results.append(r)
                print_row(r)
                w.writerow(csv_row(r))
                f.flush()  # partial results survive an interrupted run
    except KeyboardInterrupt:
        ex.shutdown(wait=False, cancel_futures=True)
        stop_children()
        print(f"\ninterrupted after {len(results)} of {len(units)} runs", flush=True)
    ex.shutdown(wait=True)
    if not cfg.keep_output:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print(f"trex output dirs kept in {tmp}")
    columns = [f"O{lv} {m}" for lv in cfg.levels for m in cfg.modes]
    print_totals(columns, results)
    print_wrong(results)
    print_errors(results)
    print(f"\nCSV: {cfg.csv_path}")
    return 1 if any(r.category.startswith("wrong") or r.is_error for r in results) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
