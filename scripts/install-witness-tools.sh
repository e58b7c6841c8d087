#!/usr/bin/env bash
# The checkers of SV-COMP witnesses (contrib/witnesses) need PyYAML and, for the form of YAML
# witnesses, jsonschema: both from PyPI into a virtual environment, build/witness-tools.
# Idempotent; prints the environment's python.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv=$ROOT/build/witness-tools
die() { echo "install-witness-tools.sh: $*" >&2; exit 1; }
if ! "$venv/bin/python" -c 'import jsonschema, yaml' 2>/dev/null; then
	python3 -m venv "$venv" || die "python3 -m venv failed (Debian: python3-venv)"
	"$venv/bin/pip" install -q --disable-pip-version-check jsonschema pyyaml </dev/null ||
		die "pip install jsonschema pyyaml failed"
fi
echo "$venv/bin/python"
