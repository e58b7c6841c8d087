#!/usr/bin/env python3
"""Tests of runner.py: verdicts, scores and the CSV, with fake_trex.py standing in for trex.
Run: python3 benchmarks/svcomp/test_runner.py (needs the tasks: SVCOMP_DIR or ../shared)."""
import csv
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import runner  # noqa: E402
from runner import Process, Unit, classify, find_json, result_of  # noqa: E402


def unit(expected_safe=True) -> Unit:
    task = runner.SvcompTask("loops/x", Path("x.c"), expected_safe, "ILP32")
    return Unit(task, "0", "on")


def process(stdout="", exit_code=0, sig=None, killed=None, stderr="TREX: last line\n"):
    return Process(exit_code, sig, killed, 1.5, 1.2, 30.0, stdout, stderr)


def report(verdict, targets=(), runs=({"paths": 3, "subsumed": 1, "complete": True},)):
    return json.dumps({"svcomp": verdict, "targets": list(targets), "runs": list(runs)})


class Verdicts(unittest.TestCase):
    def test_classify_and_scores(self):
        self.assertEqual(classify(True, "TRUE"), "correct TRUE")
        self.assertEqual(classify(False, "FALSE(unreach-call)"), "correct FALSE")
        self.assertEqual(classify(False, "TRUE"), "wrong TRUE")
        self.assertEqual(classify(True, "FALSE(unreach-call)"), "wrong FALSE")
        self.assertEqual(classify(True, "UNKNOWN"), "UNKNOWN")
        self.assertEqual([runner.SCORES[c] for c in runner.SCORES], [2, 1, -32, -16, 0])

    def test_find_json(self):
        obj = {"svcomp": "TRUE", "runs": []}
        self.assertEqual(find_json(json.dumps(obj)), obj)
        self.assertEqual(find_json("output\n{x\n" + json.dumps(obj, indent=2) + "\n"), obj)
        self.assertIsNone(find_json("TRUE\n"))
        self.assertIsNone(find_json(json.dumps(obj) + "\ntrailing"))
        self.assertIsNone(find_json(json.dumps({"runs": []})))

    def test_failures_are_unknown_errors(self):
        cases = [(process(exit_code=1), "error: exit 1: TREX: last line"),
                 (process(exit_code=None, sig=11), "error: killed by signal 11: TREX: last line"),
                 (process(killed="killed after 90 s (time limit + grace)", exit_code=None,
                          sig=9), "error: killed after 90 s (time limit + grace)"),
                 (process(stdout="TRUE\n"), "error: no JSON on stdout: TREX: last line"),
                 (process(stdout=report("MAYBE")), "error: unexpected svcomp verdict 'MAYBE'")]
        for proc, reason in cases:
            r = result_of(unit(), proc)
            self.assertEqual((r.verdict, r.reason, r.category), ("UNKNOWN", reason, "UNKNOWN"))
            self.assertTrue(r.is_error)

    def test_verdicts_from_json(self):
        one_target = [{"verdict": "UNREACHABLE"}]
        r = result_of(unit(True), process(stdout=report("TRUE", one_target)))
        self.assertEqual((r.category, r.reason, r.paths, r.subsumed), ("correct TRUE", "", 3, 1))
        r = result_of(unit(False), process(stdout=report("TRUE", [], [])))
        self.assertEqual((r.category, r.reason, r.paths),
                         ("wrong TRUE", "note: TRUE without any target", None))
        self.assertEqual((r.time, r.cpu, r.memory), (1.5, 1.2, 30.0))
        unknown = report("UNKNOWN", [{"verdict": "UNKNOWN", "reason": "time budget"}],
                         [{"paths": 2, "complete": False, "incomplete_reason": "time budget"}])
        r = result_of(unit(True), process(stdout=unknown))
        self.assertEqual((r.category, r.reason, r.is_error), ("UNKNOWN", "time budget", False))
        # A TRUE from an incomplete run contradicts the contract's soundness rule: noted.
        bad = report("TRUE", [], [{"complete": False, "incomplete_reason": "fork budget"}])
        r = result_of(unit(True), process(stdout=bad))
        self.assertEqual(r.reason, "note: TRUE from an incomplete run (fork budget)")
        # A run of the Horn-clause engine stopped because symbolic execution settled every
        # target (it lists none) does not count either.
        stopped = report("TRUE", one_target, [
            {"engine": "chc", "targets": [], "complete": False,
             "incomplete_reason": "stopped: the targets were settled by symbolic execution"},
            {"targets": [1], "complete": True}])
        r = result_of(unit(True), process(stdout=stopped))
        self.assertEqual((r.category, r.reason), ("correct TRUE", ""))
        # A run with loops abstracted that proved nothing does not count.
        attempt = report("TRUE", one_target, [
            {"loop_abstraction": True, "targets": [], "complete": False,
             "incomplete_reason": "undefined behaviour"},
            {"loop_abstraction": False, "targets": [1], "complete": True}])
        r = result_of(unit(True), process(stdout=attempt))
        self.assertEqual((r.category, r.reason), ("correct TRUE", ""))
        r = result_of(unit(True), process(stdout=report("FALSE(unreach-call)", [
            {"verdict": "REACHABLE", "replay_confirmed": True}])))
        self.assertEqual((r.category, r.reason), ("wrong FALSE", ""))

    def test_totals(self):
        results = [result_of(unit(s), process(stdout=report(v))) for s, v in
                   [(True, "TRUE"), (False, "FALSE(unreach-call)"), (False, "TRUE"),
                    (True, "FALSE(unreach-call)"), (True, "UNKNOWN")]]
        t = runner.totals(results)
        self.assertEqual([t[c] for c in runner.SCORES], [1, 1, 1, 1, 1])
        self.assertEqual((t["score"], t["max score"], t["tasks"]),
                         (2 + 1 - 32 - 16, 2 + 1 + 1 + 2 + 2, 5))


class EndToEnd(unittest.TestCase):
    """The whole runner on the loops/trex0* tasks with fake_trex.py: every behaviour of a
    failing trex, the external time limit, the CSV and the exit status."""

    def test_fake_trex(self):
        if runner.svcomp_dir() is None:
            self.skipTest("no SV-COMP tasks (SVCOMP_DIR)")
        with tempfile.TemporaryDirectory() as tmp:
            out_csv = Path(tmp) / "r.csv"
            env = dict(os.environ, TREX=str(HERE / "fake_trex.py"), FILTER="loops/trex0",
                       CSV=str(out_csv), TIME_LIMIT="1", GRACE="1", MODES="on off",
                       LEVELS="O0",
                       FAKE_TREX_PLAN="trex01-1@on=wrong,trex01-2=unknown,trex02-1@off=exit1,"
                                      "trex02-2@on=nojson,trex03-1@off=hang,trex03-2=noisy")
            p = subprocess.run([sys.executable, str(HERE / "runner.py")], env=env,
                               capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 1, p.stdout + p.stderr)  # a wrong verdict
            with open(out_csv, newline="") as f:
                rows = {(r["task"], r["mode"]): r for r in csv.DictReader(f)}
        self.assertEqual(len(rows), 12)
        want = {("loops/trex01-1", "on"): ("wrong TRUE", "-32", ""),
                ("loops/trex01-1", "off"): ("correct FALSE", "1", ""),
                ("loops/trex01-2", "on"): ("UNKNOWN", "0", "time budget"),
                ("loops/trex02-1", "off"): ("UNKNOWN", "0", "error: exit 1: TREX: error: cl"),
                ("loops/trex02-2", "on"): ("UNKNOWN", "0", "error: no JSON on stdout"),
                ("loops/trex03-1", "off"): ("UNKNOWN", "0", "error: killed after 2 s"),
                ("loops/trex03-2", "on"): ("correct TRUE", "2", "")}
        for key, (result, score, reason) in want.items():
            r = rows[key]
            self.assertEqual((r["result"], r["score"]), (result, score), key)
            self.assertTrue(r["reason"].startswith(reason), (key, r["reason"]))
        self.assertEqual(rows[("loops/trex03-2", "on")]["subsumed"], "2")
        self.assertEqual(rows[("loops/trex03-2", "off")]["subsumed"], "0")
        # on: trex01-1 wrong (-32), trex02-1 TRUE (+2), trex03-1 FALSE (+1), trex03-2 TRUE (+2)
        # off: trex01-1 FALSE (+1), trex02-2 FALSE (+1), trex03-2 TRUE (+2)
        self.assertRegex(p.stdout, r"\nscore +-27 +4\n")
        self.assertIn("loops/trex01-1 [O0 on]: TRUE, expected FALSE", p.stdout)


if __name__ == "__main__":
    unittest.main()
