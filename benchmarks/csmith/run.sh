#!/usr/bin/env bash
# Differential test on random C programs (csmith): native run against `trex run` at -O0 and -O2.
#   benchmarks/csmith/run.sh [--seeds 1-200] [--opt "0 2"] [--native-timeout 10] [--trex-timeout 60]
# Needs Debian's csmith and libcsmith-dev (installed here when missing). See run.py.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v csmith >/dev/null 2>&1 || [ ! -d /usr/include/csmith ]; then
  SUDO=(); [ "$(id -u)" = 0 ] || SUDO=(sudo -n)
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends csmith libcsmith-dev </dev/null >/dev/null
fi
exec python3 "$here/run.py" "$@"
