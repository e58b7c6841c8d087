# shellcheck shell=bash
# Sourced by scripts/build-libc.sh (trex's bitcode C library) and scripts/build-coreutils.sh (the
# native musl programs that `trex replay --native` runs): both must behave alike, or a test's
# native replay takes another path than the one trex explored (printf's `%d` of an empty
# argument: musl's strtoimax sets EINVAL, the glibc-like edit below does not).
#
# Edited copies of musl files (the edits are made at build time; musl's
# sources are never committed):
# - `#pragma STDC FENV_ACCESS ON` makes clang emit
#   llvm.experimental.constrained.* intrinsics. trex has no floating point
#   environment (musl's generic fenv: round to nearest, no exception flags),
#   so the pragma is dropped.
# - stdio/vfprintf.c: `%p` of a null pointer prints "(nil)" as glibc does
#   (musl prints "0").
# - internal/intscan.c, internal/floatscan.c: strtol/strtod & co. leave errno
#   alone when there are no digits, as glibc does (musl sets EINVAL); an
#   invalid base still gives EINVAL.
needs_patch() { # $1 = path under src/, $2 = file
	case "$1" in stdio/vfprintf.c | internal/intscan.c | internal/floatscan.c) return 0 ;; esac
	grep -q 'FENV_ACCESS' "$2"
}

patch_source() { # $1 = path under src/, $2 = file; writes the edited text
	case "$1" in
	stdio/vfprintf.c)
		local out
		out=$(sed "/^\t\tcase 'p':\$/a\\
\t\t\tif (!arg.i) { a = \"(nil)\"; z = a+5; p = 5; fl \&= ~ZERO_PAD; break; } /* trex: glibc's %p of NULL */" "$2") &&
			grep -q '"(nil)"' <<<"$out" && printf '%s\n' "$out"
		;;
	internal/intscan.c)
		local out
		out=$(sed '/shlim(f, 0);/{n;/errno = EINVAL;/d}' "$2") &&
			[ "$(grep -c 'errno = EINVAL' <<<"$out")" = 1 ] && printf '%s\n' "$out"
		;;
	internal/floatscan.c)
		local out
		out=$(sed '/errno = EINVAL;/d' "$2") &&
			[ "$(grep -c 'errno = EINVAL' "$2")" = 3 ] && printf '%s\n' "$out"
		;;
	*)
		sed '/#pragma STDC FENV_ACCESS/d' "$2"
		;;
	esac
}

