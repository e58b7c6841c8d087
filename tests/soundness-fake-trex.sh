#!/usr/bin/env bash
# A broken "interpolation" for checking that tests/soundness.sh catches unsound pruning:
# runs the real trex ($REAL_TREX, default target/release/trex) and, when the interpolation-off
# option ($TREX_INTERP_OFF_FLAG) is absent from the arguments, drops every `KLEE: ERROR:` line
# from stderr, as an interpolation that pruned the error paths would. Use:
#   TREX=$PWD/tests/soundness-fake-trex.sh QUICK=1 FILTER=symbolic tests/soundness.sh
# must report MISMATCH for the symbolic programs that have errors and exit 1.
root=$(cd "$(dirname "$0")/.." && pwd)
real=${REAL_TREX:-$root/target/release/trex}
off=${TREX_INTERP_OFF_FLAG:---no-interpolation}
for a in "$@"; do
  [ "$a" = "$off" ] && exec "$real" "$@"
done
"$real" "$@" 2> >(grep -v '^KLEE: ERROR: ' >&2)
rc=$?
wait
exit $rc
