//! KLEE's start-up check of the program's external symbols (`externalsAndGlobalsCheck` of
//! its `main.cpp`): each function and global variable the final module declares and nothing
//! defines gets `undefined reference to function: NAME` (or `variable`), except those trex
//! implements itself and those KLEE does not warn about ("don't care": static information of
//! the process, a few floating-point helpers, and per C library a few more); the unsafe ones
//! (`fork`, `exec`, `error`, `raise`, `kill`) are named last, with ` (UNSAFE)!`.

use crate::ir::externs::{builtin_of, Builtin};
use crate::ir::Module;

/// The symbols KLEE never warns about (but with `--warn-all-external-symbols`).
const DONT_CARE: &[&str] = &[
    "getegid",
    "geteuid",
    "getgid",
    "getuid",
    "getpid",
    "gethostname",
    "getpgrp",
    "getppid",
    "getpagesize",
    "getpriority",
    "getgroups",
    "getdtablesize",
    "getrlimit",
    "getrlimit64",
    "getcwd",
    "getwd",
    "gettimeofday",
    "uname",
    "frexp",
    "ldexp",
    "__isnan",
    "__signbit",
];

/// KLEE's more don't-care names with its klee-libc (`--libc=klee`).
pub const QUIET_KLEE_LIBC: &[&str] = &[
    "__ctype_b_loc",
    "__ctype_get_mb_cur_max",
    "open",
    "write",
    "read",
    "close",
];

/// KLEE's more don't-care names with uclibc (trex's musl in its place).
pub const QUIET_UCLIBC: &[&str] = &["__dso_handle", "printf", "vprintf"];

/// KLEE's more don't-care name under its POSIX runtime.
pub const QUIET_POSIX: &str = "syscall";

const UNSAFE: &[&str] = &["fork", "exec", "error", "raise", "kill"];

/// The warnings of module `m`, in KLEE's order (by name; the unsafe ones last); `more`: the
/// C library's own don't-care names, `all`: `--warn-all-external-symbols`.
pub fn undefined_references(m: &Module, more: &[&str], all: bool) -> Vec<String> {
    let funcs = m
        .functions
        .iter()
        .filter(|f| f.is_declaration && builtin_of(f) == Builtin::External)
        .map(|f| (f.name.as_str(), "function"));
    let vars = m
        .globals
        .iter()
        .filter(|g| g.init.is_none())
        .map(|g| (g.name.as_str(), "variable"));
    let mut names: Vec<(&str, &str)> = funcs
        .chain(vars)
        .filter(|(n, _)| !n.starts_with("llvm."))
        .filter(|(n, _)| all || !(DONT_CARE.contains(n) || more.contains(n)))
        .collect();
    names.sort();
    names.dedup();
    let (unsafe_, safe): (Vec<_>, Vec<_>) =
        names.into_iter().partition(|(n, _)| UNSAFE.contains(n));
    let line =
        |(n, kind): (&str, &str), tail: &str| format!("undefined reference to {kind}: {n}{tail}");
    let mut out: Vec<String> = safe.into_iter().map(|x| line(x, "")).collect();
    out.extend(unsafe_.into_iter().map(|x| line(x, " (UNSAFE)!")));
    out
}
