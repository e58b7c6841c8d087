#!/usr/bin/env bash
# Installs trex under a prefix (`make install PREFIX=... [DESTDIR=...]` runs it):
#   PREFIX/bin/trex
#   PREFIX/share/trex/runtime/<arch>/{libc,entry,klee-libc}.bc   (the C library bitcode; the
#       binary finds it relative to itself: <exe>/../share/trex/runtime)
#   PREFIX/include/trex.h, PREFIX/include/klee/klee.h   (where KLEE installs klee/klee.h)
#   PREFIX/lib/libtrexreplay.a   (x86-64 native replay library, when scripts/build-replay.sh
#       built it; KLEE's libkleeRuntest)
# Usage: scripts/install.sh DEST BIN        DEST = $(DESTDIR)$(PREFIX), BIN = the built trex
#        scripts/install.sh --uninstall DEST
# Env: RUNTIME=DIR installs the runtime bitcode from DIR (default build/runtime).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [[ "${1:-}" == --uninstall ]]; then
	dest="${2:?usage: install.sh --uninstall DEST}"
	rm -f "$dest/bin/trex" "$dest/include/trex.h" "$dest/include/klee/klee.h" "$dest/lib/libtrexreplay.a"
	rm -rf "$dest/share/trex"
	rmdir "$dest/include/klee" 2>/dev/null || true
	echo "install.sh: removed trex from $dest"
	exit 0
fi

dest="${1:?usage: install.sh DEST BIN}"
bin="${2:?usage: install.sh DEST BIN}"
runtime="${RUNTIME:-$root/build/runtime}"
[[ -x "$bin" ]] || { echo "install.sh: error: no trex binary at $bin (make build)" >&2; exit 1; }

install -d "$dest/bin" "$dest/include/klee" "$dest/lib"
install -m 755 "$bin" "$dest/bin/trex"
for arch in x86_64 i386; do
	for f in libc.bc entry.bc klee-libc.bc; do
		[[ -f "$runtime/$arch/$f" ]] || {
			echo "install.sh: error: $runtime/$arch/$f is missing (scripts/build-libc.sh)" >&2
			exit 1
		}
		install -D -m 644 "$runtime/$arch/$f" "$dest/share/trex/runtime/$arch/$f"
	done
done
install -m 644 "$root/runtime/include/trex.h" "$dest/include/trex.h"
install -m 644 "$root/runtime/include/klee/klee.h" "$dest/include/klee/klee.h"
replay="$root/build/runtime/native-x86_64/libtrexreplay.a"
if [[ -f "$replay" ]]; then
	install -m 644 "$replay" "$dest/lib/libtrexreplay.a"
fi
echo "install.sh: installed trex in $dest"
