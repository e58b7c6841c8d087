#!/usr/bin/env python3
"""Checks an SV-COMP violation witness by execution, from the task and the witness alone (as
CPAchecker's and FShell's witness2test do): a C harness defines each __VERIFIER_nondet_*
function to return the witness's values (its function_return waypoints' `\\result == V`, or
GraphML's `\\result == V;` assumptions) in order; the task is compiled natively with its error
function made weak (objcopy), the harness's reach_error / __VERIFIER_error ends the run with a
mark; the program runs under a time limit.

Exit status: 0 the error is reached (witness confirmed), 1 it is not (rejected), 2 the witness
or the task cannot be used (malformed, another program's, no compiler)."""

import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

MARK = "witness2test: reach_error reached"
REACHED = 107
ERROR_FUNCTIONS = ("reach_error", "__VERIFIER_error")

# SV-COMP's input functions and their C types (rules, "Definitions of nondet functions").
TYPES = {
    "bool": "_Bool", "char": "char", "int": "int", "int128": "__int128", "float": "float",
    "double": "double", "loff_t": "long", "long": "long", "longlong": "long long",
    "pchar": "char *", "pointer": "void *", "pthread_t": "unsigned long",
    "sector_t": "unsigned long", "short": "short", "size_t": "unsigned long",
    "u32": "unsigned int", "u16": "unsigned short", "u8": "unsigned char",
    "uchar": "unsigned char", "uint": "unsigned int", "uint128": "unsigned __int128",
    "ulong": "unsigned long", "ulonglong": "unsigned long long", "unsigned": "unsigned int",
    "ushort": "unsigned short",
}


class Unusable(Exception):
    pass


def load_yaml(text):
    try:
        import yaml
    except ImportError:
        raise Unusable("PyYAML is not installed (Debian: python3-yaml)")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise Unusable("malformed YAML: %s" % e)


def yaml_values(text, task_hash):
    """The values of a YAML 2.0 violation witness, in order."""
    doc = load_yaml(text)
    if not isinstance(doc, list):
        raise Unusable("a witness is a list of entries")
    entries = [e for e in doc if isinstance(e, dict) and e.get("entry_type") == "violation_sequence"]
    if len(entries) != 1:
        raise Unusable("expected one violation_sequence entry, found %d" % len(entries))
    entry = entries[0]
    hashes = (((entry.get("metadata") or {}).get("task") or {}).get("input_file_hashes")) or {}
    if hashes and task_hash not in [str(h).lower() for h in hashes.values()]:
        raise Unusable("the witness is for another program (input_file_hashes)")
    values, targets = [], 0
    for seg in entry.get("content") or []:
        for item in (seg or {}).get("segment") or []:
            wp = (item or {}).get("waypoint") or {}
            if wp.get("action") != "follow":
                continue
            if wp.get("type") == "target":
                targets += 1
            elif wp.get("type") == "function_return":
                values.append(result_value(str((wp.get("constraint") or {}).get("value", ""))))
    if targets != 1:
        raise Unusable("expected one target waypoint, found %d" % targets)
    return values


def graphml_values(text, task_hash):
    """The values of a GraphML violation witness: the `\\result == V;` assumptions along the
    path from the entry node to the violation node."""
    ns = "{http://graphml.graphdrawing.org/xmlns}"
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise Unusable("malformed GraphML: %s" % e)
    graph = root.find(ns + "graph")
    if graph is None:
        raise Unusable("no graph")
    data = {d.get("key"): (d.text or "") for d in graph.findall(ns + "data")}
    if data.get("witness-type") != "violation_witness":
        raise Unusable("not a violation witness")
    if data.get("programhash", "").lower() not in ("", task_hash):
        raise Unusable("the witness is for another program (programhash)")
    nodes = {}
    for n in graph.findall(ns + "node"):
        nodes[n.get("id")] = {d.get("key"): (d.text or "") for d in n.findall(ns + "data")}
    out = {}
    for e in graph.findall(ns + "edge"):
        d = {x.get("key"): (x.text or "") for x in e.findall(ns + "data")}
        out.setdefault(e.get("source"), []).append((e.get("target"), d))
    entry = [i for i, d in nodes.items() if d.get("entry") == "true"]
    if len(entry) != 1:
        raise Unusable("expected one entry node")
    values, node, seen = [], entry[0], set()
    while nodes.get(node, {}).get("violation") != "true":
        if node in seen or len(out.get(node, [])) != 1:
            raise Unusable("the witness is not one path to a violation node")
        seen.add(node)
        node, d = out[node][0]
        if "assumption.resultfunction" in d:
            values.append(result_value(d.get("assumption", "").rstrip().rstrip(";")))
    return values


def result_value(constraint):
    m = re.fullmatch(r"\s*\\result\s*==\s*(.+?)\s*", constraint)
    if not m:
        raise Unusable("unsupported constraint %r (only \\result == V)" % constraint)
    return m.group(1)


def harness(task_text, values):
    """C definitions of the task's input functions returning `values` in order, and of the
    error functions ending the run with the mark. The values are kept as `long double` (x87's
    64-bit mantissa holds every 64-bit integer and every double exactly) and converted to
    each function's type when returned."""
    names = sorted(set(re.findall(r"\b__VERIFIER_nondet_(\w+)\s*\(", task_text)))
    lines = ["#include <stdio.h>", "#include <stdlib.h>", "#include <unistd.h>",
             "static unsigned long long w2t_next;",
             "static const long double w2t_values[] = { %s };" % ", ".join(values or ["0"]),
             "static const unsigned long long w2t_count = %d;" % len(values),
             "static long double w2t_take(void) {",
             "  if (w2t_next >= w2t_count) {",
             '    fprintf(stderr, "witness2test: input %llu past the witness\'s %llu\\n", w2t_next + 1, w2t_count);',
             "    exit(0);",
             "  }",
             "  return w2t_values[w2t_next++];",
             "}"]
    for f in ERROR_FUNCTIONS:
        lines.append('void %s(void) { fputs("%s\\n", stderr); fflush(stderr); _exit(%d); }' % (f, MARK, REACHED))
    lines.append("void __VERIFIER_assume(int c) { if (!c) exit(0); }")
    for n in names:
        ty = TYPES.get(n) or declared_type(task_text, n)
        if ty is None:
            raise Unusable("unknown input function __VERIFIER_nondet_%s" % n)
        if ty in ("float", "double"):
            body = "return (%s)v;" % ty
        elif "*" in ty:
            body = "return (%s)(unsigned long)v;" % ty
        else:
            # Through a 64-bit integer of the value's sign: a negative value converted to an
            # unsigned type wraps as C's conversions do (the direct conversion is undefined).
            body = "return v < 0 ? (%s)(long long)v : (%s)(unsigned long long)v;" % (ty, ty)
        lines.append("%s __VERIFIER_nondet_%s(void) { long double v = w2t_take(); %s }" % (ty, n, body))
    return "\n".join(lines) + "\n"


def declared_type(text, name):
    m = re.search(r"(?:extern\s+)?([A-Za-z_][\w\s\*]*?)\s*\b__VERIFIER_nondet_%s\s*\(" % re.escape(name), text)
    return m.group(1).strip() if m else None


def run(task, witness_path, data_model, timeout, cc, keep):
    data = open(task, "rb").read()
    task_hash = hashlib.sha256(data).hexdigest()
    text = open(witness_path, encoding="utf-8").read()
    if text.lstrip().startswith("<"):
        values = graphml_values(text, task_hash)
    else:
        values = yaml_values(text, task_hash)
    task_text = data.decode("utf-8", "replace")
    work = tempfile.mkdtemp(prefix="witness2test-")
    m = ["-m32"] if data_model == "ILP32" else ["-m64"]
    h = os.path.join(work, "harness.c")
    open(h, "w").write(harness(task_text, values))
    obj, hobj, exe = (os.path.join(work, n) for n in ("task.o", "harness.o", "run"))

    def call(cmd, what):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise Unusable("%s failed:\n%s" % (what, p.stderr[-2000:]))

    # -fno-builtin: the task's own declarations of library functions stay what they say.
    call([cc, *m, "-O0", "-w", "-fno-builtin", "-x", "c", "-c", task, "-o", obj], "compiling the task")
    # The task's error functions give way to the harness's (calls inside the task's own
    # object are relocations against the symbol, so they reach the harness's too).
    call(["objcopy", *("--weaken-symbol=%s" % f for f in ERROR_FUNCTIONS), obj], "objcopy")
    call([cc, *m, "-O0", "-w", "-c", h, "-o", hobj], "compiling the harness")
    call([cc, *m, obj, hobj, "-o", exe], "linking")
    try:
        p = subprocess.run([exe], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=timeout)
        reached = p.returncode == REACHED and MARK in p.stderr
        detail = "exit status %d" % p.returncode
    except subprocess.TimeoutExpired:
        reached, detail = False, "timeout after %s s" % timeout
    if not keep:
        for f in (h, obj, hobj, exe):
            if os.path.exists(f):
                os.remove(f)
        os.rmdir(work)
    return reached, detail, len(values)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("task")
    ap.add_argument("witness")
    ap.add_argument("--data-model", choices=("ILP32", "LP64"), default="LP64")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--keep", action="store_true", help="keep the harness and binaries")
    a = ap.parse_args()
    try:
        reached, detail, n = run(a.task, a.witness, a.data_model, a.timeout, a.cc, a.keep)
    except (Unusable, OSError) as e:
        print("witness2test: UNUSABLE: %s" % e)
        return 2
    if reached:
        print("witness2test: CONFIRMED (%d inputs; reach_error reached)" % n)
        return 0
    print("witness2test: REJECTED (%d inputs; reach_error not reached: %s)" % (n, detail))
    return 1


if __name__ == "__main__":
    sys.exit(main())
