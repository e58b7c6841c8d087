#!/usr/bin/env python3
"""A fake `trex verify` for testing the harness of testsuite/verify/ (tests/testsuite/verify.rs):

    TREX_BIN=$PWD/testsuite/tools/fake-verify.py cargo test --release --test testsuite -- verify/

It does not analyse anything: it reads the expectations of the program's source (the `name.c`
beside `prog.bc`, or the C file given with --svcomp) and prints them in the contract's formats
(--json, --list-targets, the table, --svcomp). FAKE_BREAK=verdict|replay|reason|list|agree|
complete|svcomp breaks its output on purpose: each must make the cases that use it fail.
"""
import json
import os
import re
import sys

CALLEES = ["reach_error", "__VERIFIER_error", "__assert_fail", "klee_assert", "abort"]
BREAK = os.environ.get("FAKE_BREAK", "")


def main():
    args = sys.argv[1:]
    if not args or args[0] != "verify":
        print("trex: error: the fake only knows `verify`", file=sys.stderr)
        return 2
    args = args[1:]
    opts = {"json": False, "list": False, "one": False, "itp": True, "svcomp": False,
            "out": "klee-out-0", "targets": [], "functions": []}
    prog = None
    i = 0
    while i < len(args):
        a = args[i]
        val = lambda: args[i + 1]
        if a == "--json":
            opts["json"] = True
        elif a == "--list-targets":
            opts["list"] = True
        elif a == "--one-target-at-a-time":
            opts["one"] = True
        elif a == "--no-interpolation":
            opts["itp"] = False
        elif a == "--svcomp":
            opts["svcomp"] = True
        elif a in ("--output-dir", "--property", "--opt-level", "--data-model", "--target",
                   "--target-function", "--entry-point"):
            if a == "--output-dir":
                opts["out"] = val()
            elif a == "--target":
                opts["targets"].append(val())
            elif a == "--target-function":
                opts["functions"].append(val())
            i += 1
        elif a.startswith("--"):
            pass  # run options (--max-forks=N ...): always in `=` form in the programs
        else:
            prog = a
            break
        i += 1
    if prog.endswith(".bc"):
        srcs = [f for f in os.listdir(os.path.dirname(prog) or ".") if f.endswith(".c")]
        src = os.path.join(os.path.dirname(prog), srcs[0])
    else:
        src = prog
    file = os.path.basename(src)
    lines = open(src).read().split("\n")
    marks = {}
    for n, l in enumerate(lines, 1):
        if l.lstrip().startswith("//") or "//" not in l:
            continue
        for w in l.split("//", 1)[1].split():
            if w.startswith("@"):
                marks[w[1:]] = n

    def line_of(key):
        if key.startswith("@"):
            return marks[key[1:]]
        if key.isdigit():
            return int(key)
        return key  # a target name (`reach_error@entry`): a target without a location

    def func_of(line):
        for k in range(line - 1, -1, -1):
            m = re.match(r"^[A-Za-z_].*?\b(\w+)\s*\([^;]*\)\s*\{", lines[k])
            if m:
                return m.group(1)
        return "main"

    expects, noitp, svcomp = {}, {}, None
    for l in lines:
        c = l.strip()
        for pre, d in (("// EXPECT-VERDICT-NOITP:", noitp), ("// EXPECT-VERDICT:", expects)):
            if c.startswith(pre):
                w = c[len(pre):].split(None, 2)
                reason = w[2] if len(w) > 2 else None
                if reason:
                    reason = reason.replace("{file}", file)
                    reason = re.sub(r"\{@(\w+)\}", lambda m: str(marks[m.group(1)]), reason)
                d[line_of(w[0])] = (w[1], reason)
                break
        if c.startswith("// EXPECT-SVCOMP:"):
            svcomp = c.split(":", 1)[1].split()[0].split("|")[0]
    if not opts["itp"]:
        expects.update(noitp)
    if BREAK == "agree" and not opts["itp"]:
        expects = {k: ("UNKNOWN", "time budget") for k in expects}

    targets = []
    if svcomp is not None:
        if svcomp == "FALSE(unreach-call)":
            expects = {1: ("REACHABLE", None)}
        elif svcomp == "UNKNOWN":
            expects = {1: ("UNKNOWN", "time budget")}
        else:
            expects = {}
    for line in sorted(expects, key=lambda k: (isinstance(k, str), str(k).zfill(9))):
        if isinstance(line, str):
            targets.append({"line": 0, "function": line.split("@")[0], "target": line,
                            "verdict": expects[line][0], "reason": expects[line][1]})
            continue
        code = lines[line - 1] if line <= len(lines) else ""
        line_t = [t for t in opts["targets"] if t.endswith(":%d" % line)]
        if line_t:
            target = line_t[0]
        elif opts["functions"]:
            target = opts["functions"][0]
        elif svcomp is not None:
            target = "reach_error"
        else:
            target = next((c for c in CALLEES if c in code), "__assert_fail")
            if target == "klee_assert" or "assert(" in code:
                target = "__assert_fail"
        targets.append({"line": line, "function": func_of(line), "target": target,
                        "verdict": expects[line][0], "reason": expects[line][1]})

    if not opts["list"]:
        os.makedirs(opts["out"], exist_ok=True)
        # Every output directory has a coverage.lcov that genhtml accepts.
        hit = sorted({t["line"] for t in targets if t["line"]}) or [1]
        with open(os.path.join(opts["out"], "coverage.lcov"), "w") as f:
            f.write("TN:\nSF:%s\n" % os.path.abspath(src))
            f.write("".join("DA:%d,1\n" % n for n in hit))
            f.write("LF:%d\nLH:%d\nend_of_record\n" % (len(hit), len(hit)))
    runs = []
    for k, t in enumerate(targets, 1):
        t["id"] = k
        t["file"] = file if t["line"] else ""
        t["location"] = "%s:%d" % (file, t["line"]) if t["line"] else t["function"]
        t["time"] = 0.01
        if t["verdict"] == "REACHABLE":
            t["test"] = os.path.join(opts["out"], "test%06d.ktest" % k)
            t["replay_confirmed"] = BREAK != "replay"
            if BREAK != "replay" and not opts["list"]:
                open(t["test"], "w").close()
        if t["verdict"] == "UNKNOWN" and not t["reason"]:
            t["reason"] = "fork budget"
        if t["verdict"] == "UNKNOWN" and BREAK == "reason":
            t["reason"] = "something else"
        if t["verdict"] == "UNREACHABLE" and BREAK == "verdict":
            t["verdict"] = "REACHABLE"
            t["test"] = "nothing"
            t["replay_confirmed"] = True
    complete = all(t["verdict"] != "UNKNOWN" for t in targets) or BREAK == "complete"
    if BREAK == "complete":
        complete = False
    run = {"time": 0.1, "instructions": 100, "paths": 2, "completed": 2, "partial": 0,
           "subsumed": (3 if opts["itp"] else 0), "explored_nodes": 5,
           "subsumption_checks": 4, "subsumption_solver_calls": 2,
           "subsumption_check_time": 0.01, "interpolation_time": 0.01, "complete": complete,
           "incomplete_reason": None if complete else "time budget"}
    if opts["one"]:
        runs = [dict(run, targets=[t["id"]]) for t in targets]
    else:
        runs = [dict(run, targets=[t["id"] for t in targets])]

    if opts["list"]:
        print("ID  LOCATION  FUNCTION  TARGET")
        for t in targets:
            if BREAK == "list":
                t["function"] = "elsewhere"
            print("%d  %s  %s  %s" % (t["id"], t["location"], t["function"], t["target"]))
        return 0
    verdict = None
    if opts["svcomp"]:
        verdict = svcomp
        if BREAK == "svcomp":
            verdict = "UNKNOWN"
    if opts["json"]:
        rep = {"program": prog, "mode": "one-at-a-time" if opts["one"] else "all",
               "interpolation": opts["itp"], "output_dir": opts["out"]}
        if verdict is not None:
            rep["svcomp"] = verdict
        rep["targets"] = [{k: t.get(k) for k in ("id", "file", "line", "location", "function",
                                                   "target", "verdict", "reason", "test",
                                                   "replay_confirmed", "time")
                           if k in t or k == "reason"} for t in targets]
        rep["runs"] = runs
        print(json.dumps(rep, indent=2))
    elif opts["svcomp"]:
        print(verdict)
        if verdict == "FALSE(unreach-call)":
            print("TREX: witness: %s" % targets[0]["test"], file=sys.stderr)
        elif verdict == "UNKNOWN":
            print("TREX: reason: time budget", file=sys.stderr)
    else:
        print("ID  VERDICT  LOCATION  TARGET  DETAIL")
        for t in targets:
            d = ""
            if t["verdict"] == "REACHABLE":
                d = t["test"] + " (replay confirmed)"
            elif t["verdict"] == "UNKNOWN":
                d = t["reason"]
            print("%d  %s  %s  %s  %s" % (t["id"], t["verdict"], t["location"], t["target"], d))
    n = lambda v: sum(1 for t in targets if t["verdict"] == v)
    print("TREX: verify: %d targets: %d reachable, %d unreachable, %d unknown (0.1 s)"
          % (len(targets), n("REACHABLE"), n("UNREACHABLE"), n("UNKNOWN")), file=sys.stderr)
    return 0


sys.exit(main())
