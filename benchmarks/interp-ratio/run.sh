#!/usr/bin/env bash
# Search size with / without interpolation on every testsuite program, and the distribution of
# the ratio; see ratio.py for the details and the environment variables (TIMEOUT, LEVELS, ...).
exec python3 "$(dirname "$0")/ratio.py" "$@"
