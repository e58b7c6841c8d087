#!/usr/bin/env bash
# Interpolation's two modes side by side (issue 34): see run.py here for what it runs and prints.
exec python3 "$(dirname "$0")/run.py" "$@"
