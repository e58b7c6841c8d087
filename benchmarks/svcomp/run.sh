#!/usr/bin/env bash
# SV-COMP runner: `trex verify --svcomp` on the tasks of MANIFEST.csv, with and without
# interpolation, scored as SV-COMP does. See runner.py for the options (also environment
# variables: TIME_LIMIT, MEMORY_LIMIT, JOBS, MODES, LEVELS, FILTER, CSV, ...).
exec python3 "$(dirname "$0")/runner.py" "$@"
