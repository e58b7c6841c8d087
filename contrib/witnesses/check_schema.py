#!/usr/bin/env python3
"""Checks the form of an SV-COMP YAML witness (format 2.0) against witness-2.0.schema.json
(beside this script) with the `jsonschema` package (PyPI; scripts/install-witness-tools.sh
installs it with PyYAML into build/witness-tools). Besides the schema: the last segment of a
violation_sequence ends with its only target waypoint, every other segment with exactly one
`follow` waypoint, and every location names a file of task.input_files.

Exit status: 0 valid, 1 invalid (the reasons printed), 2 cannot check (no jsonschema/PyYAML,
unreadable file)."""

import json
import os
import sys


def extra_rules(doc):
    errors = []
    for i, entry in enumerate(doc):
        files = set(((entry.get("metadata") or {}).get("task") or {}).get("input_files") or [])
        locs = []
        if entry.get("entry_type") == "violation_sequence":
            segs = entry.get("content") or []
            for k, seg in enumerate(segs):
                wps = [w["waypoint"] for w in seg["segment"]]
                follows = [w for w in wps if w["action"] == "follow"]
                if len(follows) != 1 or wps[-1]["action"] != "follow":
                    errors.append("entry %d, segment %d: one follow waypoint, at the end" % (i, k))
                targets = [w for w in wps if w["type"] == "target"]
                if (k == len(segs) - 1) != bool(targets):
                    errors.append("entry %d, segment %d: the target ends the last segment only" % (i, k))
                locs += [w["location"] for w in wps]
        else:
            locs += [c["invariant"]["location"] for c in entry.get("content") or []]
        for loc in locs:
            if loc["file_name"] not in files:
                errors.append("entry %d: location file %r not in input_files" % (i, loc["file_name"]))
    return errors


def schema_errors(jsonschema, schema, doc):
    """The schema's complaints; an entry of a known type is checked against that type's
    definition alone (the top level's `oneOf` would only say that no type fits)."""
    def check(sch, inst, prefix):
        v = jsonschema.Draft202012Validator(sch, format_checker=jsonschema.FormatChecker())
        return ["%s: %s" % ("/".join([prefix] + list(map(str, e.absolute_path))), e.message)
                for e in v.iter_errors(inst)]
    if not isinstance(doc, list) or not doc:
        return check(schema, doc, "(top)")
    errors = []
    for i, entry in enumerate(doc):
        kind = entry.get("entry_type") if isinstance(entry, dict) else None
        if kind in schema["$defs"] and kind in ("violation_sequence", "invariant_set"):
            sub = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + kind}
            errors += check(sub, entry, str(i))
        else:
            errors += check({"$schema": schema["$schema"], "$defs": schema["$defs"],
                             "oneOf": schema["items"]["oneOf"]}, entry, str(i))
    return errors


def main():
    if len(sys.argv) != 2:
        print("usage: check_schema.py WITNESS.yml", file=sys.stderr)
        return 2
    try:
        import jsonschema
        import yaml
    except ImportError as e:
        print("check_schema: cannot check: %s (scripts/install-witness-tools.sh)" % e)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    schema = json.load(open(os.path.join(here, "witness-2.0.schema.json")))
    try:
        doc = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        print("check_schema: cannot read %s: %s" % (sys.argv[1], e))
        return 2 if isinstance(e, OSError) else 1
    errors = schema_errors(jsonschema, schema, doc)
    if not errors:
        errors = extra_rules(doc)
    if errors:
        print("check_schema: INVALID")
        for e in errors[:20]:
            print("  " + e)
        return 1
    print("check_schema: VALID")
    return 0


if __name__ == "__main__":
    sys.exit(main())
