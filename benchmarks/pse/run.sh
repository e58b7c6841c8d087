#!/usr/bin/env bash
# Postconditioned symbolic execution (issue 30, paper 002) on GNU coreutils: paper 002's setting
# (symbolic arguments of 2 characters and 2 bytes of stdin) for four modes side by side:
#   plain  trex --no-interpolation           (KLEE's exploration)
#   pse    trex --pse --no-interpolation
#   itp    trex                              (interpolation, trex's default)
#   both   trex --pse
# each run: trex --posix-runtime --search=dfs --write-no-tests --max-time=$MAX_TIME P.bc
#           --sym-args 0 2 2 --sym-stdin 2   (in an empty directory, no stdin)
# Prints per program and mode: paths (every path end: completed, partial, pruned), pse-pruned
# and subsumed paths, instructions, wall seconds, peak resident memory (MiB), the lines of
# src/P.c covered (trex's coverage.json), `done` when the run explored everything before
# MAX_TIME; then per program the ratios pse/plain (paths, instructions, time) and whether the
# covered lines and branch outcomes (all files) equal plain's where both finished (paper 002's
# guarantee: `same`; `DIFF` is a failure, exit status 1). Paper 002's figures (KLEE, 3 h):
# 3.34x fewer paths, 23x fewer instructions, 2.26x less time on the 57 programs KLEE needs over
# 5 minutes for; expr 651 -> 69 paths, nohup 8.8x, mkfifo over 9x; slower on split, expand,
# uptime, dirname (0.59-0.67x time).
#
# Environment: PROGS (default: the paper's eight and 20 more), MAX_TIME (seconds, default 600,
# the issue's budget), MODES (default "plain pse itp both"), JOBS (runs at once, default 1:
# times are comparable only when runs do not share cores), TREX (binary; default
# target/release/trex), TREX_FLAGS (more options for every mode), TREX_COREUTILS_DIR (default
# build/coreutils: bc/P.bc from scripts/build-coreutils.sh), KEEP=1 (keep the output).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
cu=${TREX_COREUTILS_DIR:-$root/build/coreutils}
progs=(${PROGS:-expr nohup mkfifo shuf split expand uptime dirname basename echo cat wc cut fold head tr uniq paste seq link unlink rmdir mkdir readlink tee nl sum pathchk})
modes=(${MODES:-plain pse itp both})
max_time=${MAX_TIME:-600}
jobs=${JOBS:-1}
die() { echo "pse/run.sh: $*" >&2; exit 1; }
[ -x "$trex" ] || die "trex binary not found: $trex"
[ -x /usr/bin/time ] || die "needs /usr/bin/time (apt-get install time)"
for p in "${progs[@]}"; do
	[ -f "$cu/bc/$p.bc" ] || die "no $cu/bc/$p.bc: run scripts/build-coreutils.sh ${progs[*]}"
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-pse.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "output in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi

flags_of() {
	case "$1" in
	plain) echo "--no-interpolation" ;;
	pse) echo "--pse --no-interpolation" ;;
	itp) echo "" ;;
	both) echo "--pse" ;;
	*) die "unknown mode $1 (plain pse itp both)" ;;
	esac
}

one() { # program mode
	local p=$1 m=$2 out="$tmp/$1-$2"
	mkdir -p "$out.cwd"
	# shellcheck disable=SC2046,SC2086
	(cd "$out.cwd" && /usr/bin/time -v "$trex" --posix-runtime --search=dfs --write-no-tests \
		--max-time="$max_time" $(flags_of "$m") ${TREX_FLAGS:-} --output-dir="$out" \
		"$cu/bc/$p.bc" --sym-args 0 2 2 --sym-stdin 2 </dev/null >/dev/null 2>"$out.err")
	echo $? >"$out.rc"
}
export -f one flags_of die
export tmp trex cu max_time
for p in "${progs[@]}"; do for m in "${modes[@]}"; do echo "$p $m"; done; done |
	xargs -P "$jobs" -L 1 bash -c 'one "$0" "$1"'

python3 - "$tmp" "${modes[*]}" "${progs[@]}" <<'PY'
import json, os, re, sys
tmp, modes, progs = sys.argv[1], sys.argv[2].split(), sys.argv[3:]

def done(text, key):
    m = re.search(r"^KLEE: done: " + re.escape(key) + r" = (\d+)", text, re.M)
    return int(m.group(1)) if m else 0

def covered(out, prog):
    try:
        model = json.load(open(os.path.join(out, "coverage.json")))["model"]
    except (OSError, ValueError, KeyError):
        return None, None, None
    lines, arms, own = set(), set(), 0
    for f in model.get("files", []):
        for line, e in f.get("lines", {}).items():
            if e.get("instructions_hit", 0) > 0:
                lines.add((f["path"], line))
                if f["path"].endswith(f"src/{prog}.c"):
                    own += 1
            for b in e.get("branches", []):
                for i, a in enumerate(b.get("arms", [])):
                    if a.get("taken"):
                        arms.add((f["path"], line, b.get("id"), i))
    return own, lines, arms

rows, failed = {}, 0
print(f"{'program':9} {'mode':5} {'paths':>8} {'pruned':>7} {'subsumed':>8} {'instructions':>13} "
      f"{'time s':>7} {'MiB':>6} {'lines':>5}  end")
for p in progs:
    for m in modes:
        out = os.path.join(tmp, f"{p}-{m}")
        text = open(out + ".err", errors="replace").read() if os.path.exists(out + ".err") else ""
        rc = open(out + ".rc").read().strip() if os.path.exists(out + ".rc") else "?"
        if rc != "0" or "KLEE: done: completed paths" not in text:
            print(f"{p:9} {m:5} failed (exit {rc})")
            failed += 1
            continue
        ends = sum(done(text, k) for k in ("completed paths", "partially completed paths",
                                            "pse-pruned paths", "subsumed paths"))
        wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text)
        secs = 0.0
        for part in (wall.group(1).split(":") if wall else []):
            secs = secs * 60 + float(part)
        kib = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        mib = int(kib.group(1)) / 1024 if kib else 0
        finished = "max-time limit reached" not in text and "halted" not in text
        own, lines, arms = covered(out, p)
        if lines is None:
            print(f"{p:9} {m:5} failed (no coverage.json)")
            failed += 1
            continue
        rows[(p, m)] = dict(paths=ends, insts=done(text, "total instructions"), secs=secs,
                            finished=finished, lines=lines, arms=arms)
        print(f"{p:9} {m:5} {ends:8} {done(text, 'pse-pruned paths'):7} "
              f"{done(text, 'subsumed paths'):8} {done(text, 'total instructions'):13} "
              f"{secs:7.1f} {mib:6.0f} {own if own is not None else '-':>5}  "
              f"{'done' if finished else 'max-time'}")
print()
print(f"{'program':9} {'mode':5} {'paths x':>8} {'insts x':>8} {'time x':>7}  coverage vs plain")
diff = 0
for p in progs:
    base = rows.get((p, "plain"))
    for m in modes:
        r = rows.get((p, m))
        if m == "plain" or r is None or base is None:
            continue
        ratio = lambda a, b: f"{a / b:.2f}" if b else "-"
        if r["finished"] and base["finished"]:
            same = r["lines"] == base["lines"] and r["arms"] == base["arms"]
            cov = "same" if same else "DIFF"
            diff += not same
        else:
            cov = "(a run did not finish)"
        print(f"{p:9} {m:5} {ratio(base['paths'], r['paths']):>8} "
              f"{ratio(base['insts'], r['insts']):>8} {ratio(base['secs'], r['secs']):>7}  {cov}")
print("\n(x: plain's figure over the mode's: above 1, the mode needs fewer paths, instructions,"
      " seconds; a run stopped at MAX_TIME makes its figures lower bounds)")
# The issue's goals, for --pse alone against plain.
long = [p for p in progs if (p, "plain") in rows and (p, "pse") in rows
        and (rows[(p, "plain")]["secs"] > 60 or not rows[(p, "plain")]["finished"])]
met = [p for p in long if rows[(p, "pse")]["finished"]
       and rows[(p, "plain")]["secs"] >= 2 * rows[(p, "pse")]["secs"]
       and rows[(p, "plain")]["paths"] >= 3 * rows[(p, "pse")]["paths"]]
print(f"goal: 3x fewer paths and 2x less time with --pse on the programs plain needs over 60 s "
      f"for ({len(long)}: {' '.join(long) or 'none'}): "
      f"{'met' if long and len(met) == len(long) else 'MISSED'} ({len(met)} of {len(long)})")
slow = [p for p in progs if (p, "plain") in rows and (p, "pse") in rows
        and rows[(p, "plain")]["finished"] and rows[(p, "pse")]["finished"]
        and rows[(p, "plain")]["secs"] >= 1
        and rows[(p, "pse")]["secs"] > 1.1 * rows[(p, "plain")]["secs"]]
print(f"goal: no program slower with --pse than plain by more than 10 % (both finished, plain "
      f"1 s or more): {'met' if not slow else 'MISSED'}"
      + (f" (slower: {' '.join(slow)})" if slow else ""))
sys.exit(1 if failed or diff else 0)
PY
