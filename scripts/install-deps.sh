#!/usr/bin/env bash
# Installs what trex needs to build and test on Debian bookworm.
# Idempotent and quiet when everything is already present; works as root
# without a terminal (CI=true, no stdin). Run as root or with sudo available.
#
#   scripts/install-deps.sh            # toolchain + libraries
#   scripts/install-deps.sh --musl-src # also what `apt-get source musl` needs
#
# --musl-src is implied when build/musl-src has not been fetched yet.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

need_src=0
for a in "$@"; do
	case "$a" in
	--musl-src) need_src=1 ;;
	*) echo "install-deps.sh: unknown argument: $a" >&2; exit 2 ;;
	esac
done
[ -f "$ROOT/build/musl-src/VERSION" ] || need_src=1

# gcc-multilib: the /usr/include/asm link that -m32 builds including <errno.h> need;
# libclang-rt-14-dev: the sanitizer runtimes of the native replay checks (-fsanitize=...),
# and the profile runtime of the coverage cross-check (--coverage);
# lcov: genhtml checks every coverage.lcov; chromium: scripts/check-report.sh renders
# report.html headless; sqlite3: run.stats is a database (the harness opens it);
# valgrind: callgrind_annotate reads run.istats in the harness;
# z3: the solver's own reader checks the .smt2 files trex writes (unit tests, klee-compat);
# time: /usr/bin/time -v of the benchmark scripts, which tests/benchmarks.sh runs;
# python3-venv, clang-tidy-14: TestCov (scripts/install-testcov.sh), Test-Comp's judge of the
# --write-xml-tests suites in the tests; libffi-dev: native external calls (src/native, build.rs).
PKGS=(clang-14 llvm-14-dev llvm-14-tools libz3-dev libc6-dev-i386 lib32gcc-12-dev gcc-multilib libclang-rt-14-dev make python3 lcov chromium sqlite3 valgrind z3 time python3-venv clang-tidy-14 libffi-dev)
[ "$need_src" = 1 ] && PKGS+=(dpkg-dev)

SUDO=()
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -n); else SUDO=(); fi
fi

missing=()
for p in "${PKGS[@]}"; do
	dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done

# A deb-src entry for Debian's main archive, only when musl's source is to be fetched.
SRC_LIST=/etc/apt/sources.list.d/trex-deb-src.sources
add_src=0
if [ "$need_src" = 1 ] && [ ! -f "$SRC_LIST" ] &&
	! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
	add_src=1
fi

if [ "${#missing[@]}" = 0 ] && [ "$add_src" = 0 ]; then
	:
else
	if [ "$(id -u)" != 0 ] && [ "${#SUDO[@]}" = 0 ]; then
		echo "install-deps.sh: need root to install: ${missing[*]:-} (deb-src entry: $add_src)" >&2
		exit 1
	fi
	if [ "$add_src" = 1 ]; then
		# Mirror the main archive entry of debian.sources, as deb-src.
		uri=http://deb.debian.org/debian
		keyring=/usr/share/keyrings/debian-archive-keyring.gpg
		if [ -f /etc/apt/sources.list.d/debian.sources ]; then
			u=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
			[ -n "$u" ] && uri=$u
		fi
		printf 'Types: deb-src\nURIs: %s\nSuites: bookworm\nComponents: main\nSigned-By: %s\n' \
			"$uri" "$keyring" | "${SUDO[@]}" tee "$SRC_LIST" >/dev/null
		echo "install-deps.sh: added $SRC_LIST"
	fi
	export DEBIAN_FRONTEND=noninteractive
	echo "install-deps.sh: apt-get update${missing[*]:+; installing ${missing[*]}}"
	"${SUDO[@]}" apt-get update -qq </dev/null >/dev/null
	if [ "${#missing[@]}" != 0 ]; then
		"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			"${missing[@]}" </dev/null >/dev/null
	fi
fi

for t in clang-14 llvm-link-14 llvm-nm-14 llvm-dis-14 llvm-config-14; do
	command -v "$t" >/dev/null 2>&1 || { echo "install-deps.sh: $t not found after install" >&2; exit 1; }
done

if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
	echo "install-deps.sh: Rust toolchain not found (no cargo in PATH or ~/.cargo/bin);" \
		"install Rust (rustup) first" >&2
	exit 1
fi
