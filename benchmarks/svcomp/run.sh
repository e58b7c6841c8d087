#!/usr/bin/env bash
# SV-COMP verdicts of trex with and without interpolation; see verdicts.py for the details and
# the environment variables (BUDGET, LEVELS, MODES, FILTER, ...).
exec python3 "$(dirname "$0")/verdicts.py" "$@"
