"""The programs the measurement and soundness scripts run, compiled as tests/testsuite.rs does.

A `Case` is one program at one compilation variant: the clang-14 flags, and the `trex run`
options and program arguments its directives ask for. Sources:
- `testsuite/*.c` (`// RUN:`, `// LIBC: none`, `// M32`, `// ONLY:` as in testsuite/README.md;
  flags `-g -O<n> -c -emit-llvm -w [-m32]`),
- `testsuite/symbolic/*.c` (the same plus `-I runtime/include`),
- the SV-COMP tasks of `MANIFEST.csv` (`-g -O<n> -c -emit-llvm -w`, `-m32` for ILP32).
"""
import csv
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Case:
    name: str  # e.g. "testsuite/loops [O0]", "svcomp/loops/sum01-1 [O2]"
    src: Path
    cflags: List[str]
    trex_opts: List[str] = field(default_factory=list)  # e.g. --libc=none
    args: List[str] = field(default_factory=list)  # program arguments
    # SV-COMP: the expected verdict (True: reach_error unreachable); None elsewhere.
    expected_safe: Optional[bool] = None

    def compile(self, bc: Path) -> Optional[str]:
        """Compiles to `bc`; returns None, or the reason it failed (clang's first error line)."""
        r = subprocess.run(["clang-14", *self.cflags, "-o", str(bc), str(self.src)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           errors="replace")
        if r.returncode == 0:
            return None
        lines = [l for l in r.stderr.splitlines() if "error" in l] or r.stderr.splitlines()
        return "clang-14 failed: " + (lines[0] if lines else f"exit {r.returncode}")


def split_args(s: str) -> List[str]:
    """A `RUN:` line's arguments: whitespace-separated, `"..."` groups words, `\\"` is a quote
    (tests/testsuite.rs's split_args)."""
    out, cur, in_word, in_quotes, i = [], "", False, False, 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s) and s[i + 1] == '"':
            cur += '"'
            in_word = True
            i += 1
        elif c == '"':
            in_quotes = not in_quotes
            in_word = True
        elif c.isspace() and not in_quotes:
            if in_word:
                out.append(cur)
                cur, in_word = "", False
        else:
            cur += c
            in_word = True
        i += 1
    if in_word:
        out.append(cur)
    return out


def _directives(path: Path):
    """(directive text) of each whole-line `//` comment."""
    for line in path.read_text(errors="replace").splitlines():
        t = line.lstrip()
        if t.startswith("//"):
            yield t[2:].strip()


def testsuite_cases(levels: List[str], m32: bool = False, symbolic_only: bool = False) -> List[Case]:
    """Every testsuite program at each level of `levels` ("O0", "O2"); with `m32`, also the
    -m32 variants of the concrete programs that say `// M32`."""
    cases = []
    dirs = [("testsuite/symbolic", True)] if symbolic_only else [
        ("testsuite", False), ("testsuite/symbolic", True)]
    for d, symbolic in dirs:
        for src in sorted((ROOT / d).glob("*.c")):
            args, libc_none, has_m32, only = [], False, False, None
            for c in _directives(src):
                if c.startswith("RUN:"):
                    args += split_args(c[4:])
                elif c.startswith("LIBC:"):
                    libc_none = c[5:].strip() == "none"
                elif c == "M32":
                    has_m32 = True
                elif c.startswith("ONLY:") and not symbolic:
                    only = c[5:].split("(")[0].split()
            variants = [(False, lv) for lv in levels]
            if m32 and has_m32 and not symbolic:
                variants += [(True, lv) for lv in levels]
            for is32, lv in variants:
                if only is not None and lv not in only:
                    continue
                flags = ["-g", f"-{lv}", "-c", "-emit-llvm", "-w"]
                if is32:
                    flags.append("-m32")
                if symbolic:
                    flags += ["-I", str(ROOT / "runtime/include")]
                prefix = "testsuite/symbolic/" if symbolic else "testsuite/"
                cases.append(Case(
                    name=f"{prefix}{src.stem} [{lv}{' m32' if is32 else ''}]",
                    src=src, cflags=flags,
                    trex_opts=["--libc=none"] if libc_none else [], args=args))
    return cases


def svcomp_dir() -> Optional[Path]:
    """$SVCOMP_DIR, or the shared benchmark folder beside the repository / worktree."""
    env = os.environ.get("SVCOMP_DIR")
    if env:
        return Path(env)
    for cand in (ROOT.parent / "shared/benchmarks/svcomp",
                 ROOT.parent.parent / "shared/benchmarks/svcomp"):
        if (cand / "MANIFEST.csv").is_file():
            return cand
    return None


@dataclass
class SvcompTask:
    """One row of MANIFEST.csv."""
    task_id: str  # e.g. "loops/sum01-1"
    src: Path
    expected_safe: bool  # expected_unreach_call: True when reach_error is unreachable
    data_model: str  # "ILP32" or "LP64"


def svcomp_tasks(directory: Path) -> List[SvcompTask]:
    """The tasks of `directory`/MANIFEST.csv, in its order."""
    tasks = []
    with open(directory / "MANIFEST.csv", newline="") as f:
        for row in csv.DictReader(f):
            model = row["data_model"].strip()
            if model not in ("ILP32", "LP64"):
                raise SystemExit(f"{row['task_id']}: unknown data_model {model!r}")
            tasks.append(SvcompTask(
                task_id=row["task_id"], src=directory / row["file"],
                expected_safe=row["expected_unreach_call"].strip().lower() == "true",
                data_model=model))
    return tasks


def svcomp_cases(levels: List[str], directory: Path) -> List[Case]:
    """Every task of `directory`/MANIFEST.csv at each level."""
    cases = []
    for task in svcomp_tasks(directory):
        for lv in levels:
            flags = ["-g", f"-{lv}", "-c", "-emit-llvm", "-w"]
            if task.data_model == "ILP32":
                flags.append("-m32")
            cases.append(Case(
                name=f"svcomp/{task.task_id} [{lv}]", src=task.src, cflags=flags,
                expected_safe=task.expected_safe))
    return cases
