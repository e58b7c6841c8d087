#!/usr/bin/env bash
# Checks that `make test` runs every test target cargo knows: the library's and binaries' unit
# tests and each integration test (tests/*.rs, [[test]] in Cargo.toml). A target left out of
# the Makefile's `cargo test` lines is never run in CI, and nothing else would say so
# (tests/replay_native.rs was such a target). Run by `make lint`; exit status 1 on a target
# that `make test` does not run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The `cargo test` command lines `make test` would run (make -n runs nothing).
cmds=$(make -n test CARGO=cargo | grep -E '(^|[[:space:]])cargo test( |$)') || {
	echo "check-test-targets: \`make -n test\` has no \`cargo test\` line" >&2
	exit 1
}

cargo metadata --no-deps --format-version 1 --offline | CMDS="$cmds" python3 -c '
import json, os, shlex, sys
meta = json.load(sys.stdin)
run = set()  # what the make lines select: "lib", "bins", "tests", "all", ("test", name)
for line in os.environ["CMDS"].splitlines():
    words = shlex.split(line)
    for i, w in enumerate(words):
        if w == "--lib":
            run.add("lib")
        elif w == "--bins":
            run.add("bins")
        elif w in ("--tests", "--all-targets"):
            run.add("all")
        elif w == "--test" and i + 1 < len(words):
            run.add(("test", words[i + 1]))
        elif w.startswith("--test="):
            run.add(("test", w.split("=", 1)[1]))
missing = []
for pkg in meta["packages"]:
    for t in pkg["targets"]:
        kinds = set(t["kind"])
        if "all" in run:
            continue
        if kinds & {"lib", "rlib", "dylib", "cdylib", "staticlib"}:
            ok = "lib" in run
        elif "bin" in kinds:
            ok = "bins" in run
        elif "test" in kinds:
            ok = ("test", t["name"]) in run
        else:  # examples, benches, build scripts: not tests
            continue
        if not ok:
            name, src = t["name"], t["src_path"]
            missing.append(f"{sorted(kinds)[0]} target `{name}` ({src})")
if missing:
    print("check-test-targets: `make test` does not run these test targets:", file=sys.stderr)
    for m in missing:
        print("  " + m, file=sys.stderr)
    print("`make -n test` runs:\n  " + os.environ["CMDS"].replace("\n", "\n  "), file=sys.stderr)
    sys.exit(1)
'
