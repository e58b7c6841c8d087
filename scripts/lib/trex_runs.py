"""Runs `trex run` under a time budget and reads what its stderr says.

Figures come only from trex's own lines: `KLEE: done: <key> = N` (None when the line is absent,
e.g. `explored nodes` before interpolation exists), `KLEE: ERROR: <file>:<line>: <message>`, and
the budget warnings (`KLEE: WARNING: ... limit reached, path stopped`).
"""
import os
import re
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Set

ROOT = Path(__file__).resolve().parents[2]
DONE_RE = re.compile(r"^KLEE: done: (.+?) = (\d+)")
ERROR_RE = re.compile(r"^KLEE: ERROR: (.*)$")
# A path stopped by a budget (max-instructions, max-stack-frames, max-time, ...).
BUDGET_RE = re.compile(r"^KLEE: WARNING: .*(limit reached|path stopped|reached:)")


def trex_bin() -> str:
    return os.environ.get("TREX", str(ROOT / "target/release/trex"))


def interp_off_flag() -> str:
    """The option that turns interpolation off (settable while the option does not exist)."""
    return os.environ.get("TREX_INTERP_OFF_FLAG", "--no-interpolation")


def off_flag_problem() -> Optional[str]:
    """Why trex cannot turn interpolation off with interp_off_flag() (None when it can): the
    option must appear in `trex run --help`, otherwise every run without interpolation would
    fail and the scripts would compare nothing."""
    name = interp_off_flag().split("=", 1)[0]
    try:
        h = subprocess.run([trex_bin(), "run", "--help"], capture_output=True, text=True,
                           timeout=60)
    except OSError as e:
        return f"cannot run {trex_bin()}: {e}"
    if re.search(r"(^|\s)" + re.escape(name) + r"\b", h.stdout):
        return None
    return (f"`trex run` has no option {name} (TREX_INTERP_OFF_FLAG); before interpolation "
            f"exists, set TREX_INTERP_OFF_FLAG=--seed=0")


@dataclass
class Run:
    seconds: float
    timed_out: bool
    exit_code: Optional[int]
    done: Dict[str, int] = field(default_factory=dict)
    errors: Set[str] = field(default_factory=set)  # "file:line: message"
    budget_lines: List[str] = field(default_factory=list)
    stderr_tail: str = ""

    @property
    def finished(self) -> bool:
        """The run ended by itself, normally, with its `done:` lines."""
        return (not self.timed_out and self.exit_code == 0
                and "completed paths" in self.done)

    def count(self, key: str) -> Optional[int]:
        return self.done.get(key)

    def nodes_or_paths(self) -> Optional[int]:
        """Explored nodes, or completed + partial paths when trex does not count nodes."""
        if "explored nodes" in self.done:
            return self.done["explored nodes"]
        if "completed paths" in self.done:
            return self.done["completed paths"] + self.done.get("partially completed paths", 0)
        return None

    def problem(self) -> Optional[str]:
        """Why the run does not count (None when it finished within its budget)."""
        if self.timed_out:
            return "time budget exceeded"
        if not self.finished:
            lines = [l for l in self.stderr_tail.splitlines() if l.strip()]
            errs = [l for l in lines if "error" in l.lower() or "panicked" in l]
            return f"trex exit {self.exit_code}: {(errs or lines or ['no output'])[0].strip()}"
        if self.budget_lines:
            return "budget stopped paths: " + self.budget_lines[0]
        return None


def run_trex(bc: Path, opts: List[str], args: List[str], budget: float, out_dir: Path,
             command: str = "run") -> Run:
    """`trex <command> <opts> --output-dir out_dir bc args...` (`run` by default), killed after
    `budget` seconds.
    $MAX_TIME_FLAG (e.g. `--max-time={}`), when set, also passes the budget to trex ({} = the
    seconds) and the hard kill comes 10 s later."""
    cmd = [trex_bin(), command, *opts]
    hard = budget
    # (`trex cover` is given its own --max-time.)
    mt = os.environ.get("MAX_TIME_FLAG") if command == "run" else None
    if mt:
        cmd.append(mt.replace("{}", str(int(budget))))
        hard = budget + 10
    cmd += ["--output-dir", str(out_dir), str(bc), *args]
    t0 = time.monotonic()
    # Own process group, so that a kill reaches everything trex started (llvm-link).
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, start_new_session=True)
    timed_out = False
    try:
        _, err = p.communicate(timeout=hard)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, signal.SIGKILL)
        _, err = p.communicate()
    secs = time.monotonic() - t0
    text = err.decode(errors="replace")
    r = Run(seconds=secs, timed_out=timed_out, exit_code=None if timed_out else p.returncode,
            stderr_tail="\n".join(text.splitlines()[-8:]))
    for line in text.splitlines():
        m = DONE_RE.match(line)
        if m:
            r.done[m.group(1)] = int(m.group(2))
            continue
        m = ERROR_RE.match(line)
        if m:
            r.errors.add(m.group(1))
        elif BUDGET_RE.match(line):
            r.budget_lines.append(line)
    if mt and r.finished and r.budget_lines == [] and secs > budget:
        r.budget_lines.append(f"(ran {secs:.1f} s, over the {budget} s budget)")
    return r
