#!/usr/bin/env bash
# Soundness harness for interpolation: the same errors with and without it, on the testsuite and
# the SV-COMP tasks. See tests/soundness.py for what it does and its environment variables;
# QUICK=1 tests/soundness.sh is the testsuite only, dfs only.
exec python3 "$(dirname "$0")/soundness.py" "$@"
