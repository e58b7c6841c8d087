#!/usr/bin/env bash
# TestCov, Test-Comp's judge of test suites (branch coverage by gcov, each test run through a
# harness), from PyPI into a virtual environment: build/testcov. TestCov runs `clang-tidy`,
# which Debian names clang-tidy-14 (scripts/install-deps.sh installs it): a link in the
# environment's bin/ gives the name. Idempotent; prints the testcov command (run it with
# build/testcov/bin first in PATH).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv=$ROOT/build/testcov
die() { echo "install-testcov.sh: $*" >&2; exit 1; }
if [ ! -x "$venv/bin/testcov" ]; then
	python3 -m venv "$venv" || die "python3 -m venv failed (Debian: python3-venv)"
	"$venv/bin/pip" install -q --disable-pip-version-check testcov </dev/null ||
		die "pip install testcov failed"
fi
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
[ -n "$tidy" ] || die "clang-tidy-14 not found (scripts/install-deps.sh installs it)"
ln -sf "$tidy" "$venv/bin/clang-tidy"
echo "$venv/bin/testcov"
