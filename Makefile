# trex: `make demo` and `make test` install what is missing, build, then run.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
TREX := target/release/trex

# Every integration test target of tests/ but the testsuite (its own target): `make unit` runs
# them all, so a new tests/*.rs is run without a change here (scripts/check-test-targets.sh
# checks that `make test` runs every test target cargo knows).
ITESTS := $(filter-out testsuite,$(basename $(notdir $(wildcard tests/*.rs))))

.PHONY: all deps libc build install uninstall demo test lint unit replay-test bench-test testsuite soundness bench bench-svcomp clean

all: build

deps:
	@scripts/install-deps.sh

libc: deps
	@scripts/build-libc.sh

build: deps
	$(CARGO) build --release --quiet

# `make install PREFIX=... [DESTDIR=...]`: bin/trex, share/trex/runtime (the C library bitcode,
# found by the binary relative to itself), include/klee/klee.h (scripts/install.sh). The
# replay library goes to lib/ when scripts/build-replay.sh built it.
PREFIX ?= /usr/local
install: libc build
	scripts/install.sh "$(DESTDIR)$(PREFIX)" "$${CARGO_TARGET_DIR:-target}/release/trex"

uninstall:
	scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

# trex's main job on examples/demo.c: the bug found with a test and replayed, a verdict per
# assertion, report.html (scripts/demo.sh; output in build/demo/).
demo: libc build
	@scripts/demo.sh

lint: build
	$(CARGO) fmt --check
	$(CARGO) clippy --release --quiet --all-targets -- -D warnings
	scripts/check-test-targets.sh

# libc first: e2e_tests::with_musl runs on the C library bitcode and fails without it.
unit: libc build
	$(CARGO) test --release --quiet --lib --bins $(addprefix --test ,$(ITESTS))

replay-test: deps
	runtime/replay/tests/run.sh

# The benchmark scripts on a fake trex that crashes or prints nothing: each must say so and
# exit non-zero, and compare the goals it prints (seconds; no real trex run).
bench-test: deps
	tests/benchmarks.sh

testsuite: libc build
	$(CARGO) test --release --quiet --test testsuite

test: libc build lint unit replay-test bench-test testsuite

# Interpolation must not lose errors: same error locations with and without it (testsuite and
# SV-COMP tasks; QUICK=1 for the testsuite only). Not part of `test` yet.
soundness: build
	tests/soundness.sh

bench: libc build
	benchmarks/concrete/run.sh

# SV-COMP verdicts and score of `trex verify --svcomp` on ../shared/benchmarks/svcomp, with and
# without interpolation, -O0, 60 s per task (benchmarks/README.md). Exit status 1 on a wrong
# verdict or a run that ended in an error.
bench-svcomp: libc build
	benchmarks/svcomp/run.sh

clean:
	$(CARGO) clean
	rm -rf build
