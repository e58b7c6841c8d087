#!/usr/bin/env bash
# The TRACER-X paper's programs on `trex verify`, one target at a time (issue 5, item 6).
#
#   benchmarks/paper/run.sh
#
# Programs (PROGRAMS, default all four families):
#   fig1-layered   Fig. 1, shortest path over a layered DAG (fig1.py --shape layered), size = the
#                  number of layers L (width WIDTH, default 3): W^L paths
#   fig1-complete  Fig. 1 on the figure's complete DAG (fig1.py --shape complete), size = the
#                  number of nodes N: 2^(N-2) paths
#                  variants: holds (assert(d >= shortest): UNREACHABLE), violated (bound
#                  shortest+1: REACHABLE), both (the holds check + `d > longest-1`: one
#                  UNREACHABLE and one REACHABLE target)
#   fig4-unrolled  Fig. 4 / Table 2 (benchmarks/fig4/gen.py), size = N: 2^N paths;
#   fig4-loop      variants ok (UNREACHABLE) and buggy (REACHABLE)
# Each program is compiled with `clang-14 -g -O0 -c -emit-llvm` and run with
# `trex verify --one-target-at-a-time --json --max-time=$BUDGET`, with interpolation and with
# `--no-interpolation`. One line per target: program, size, variant, target (line and callee),
# expected verdict, verdict and time with interpolation, subsumed paths, verdict and time without.
# A verdict opposite to the expected one is flagged WRONG, listed at the end, and the exit
# status is 1 (so on a trex failure or a missing target); UNKNOWN (budget) is reported, not wrong.
#
# Environment: TREX (binary, default target/release/trex), TREX_RUNTIME_DIR (passed to trex),
# BUDGET (--max-time per target run, seconds, default 60), SIZES (e.g.
# "fig1-layered=2,4,6,8 fig4-loop=10,20"; families not named keep their defaults:
# fig1-layered 2 4 6 8, fig1-complete 6 9 12 14, fig4-* 8 12 16), PROGRAMS, WIDTH, MODES (default
# "on off"; "on" alone skips the runs without interpolation), TREX_FLAGS (more verify options,
# e.g. --search=random-path), HARD_TIMEOUT (seconds; kill a trex verify run that overruns),
# INPUT (Fig. 1's inputs: verifier = __VERIFIER_nondet_int(), the default, or klee =
# klee_make_symbolic), CLANG (default clang-14), KEEP=1 (keep the generated files).
exec python3 "$(dirname "$0")/run.py" "$@"
