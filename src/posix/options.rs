//! The symbolic environment of KLEE's POSIX runtime (`--posix-runtime`), as its
//! `klee_init_env` / `klee_init_fds` make it from the program's arguments: symbolic
//! arguments, symbolic files `A`, `B`, ... with symbolic stat data, symbolic stdin and stdout,
//! and system-call failure injection. `cli::posix_args` parses the arguments into a
//! [`PosixEnv`]; `posix/sym_env.rs` builds it at start-up and `posix/sym_fs.rs`
//! answers the system calls on it.

/// One program argument after `argv[0]`, in command-line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PosixArg {
    /// Passed as it is.
    Concrete(String),
    /// `--sym-arg N`: one symbolic argument of up to N characters (object `argNN`, N + 1 bytes).
    Sym { len: u32 },
    /// `--sym-args MIN MAX N`: MIN to MAX symbolic arguments of up to N characters each (the
    /// count is the object `n_args`, as KLEE's `klee_range(MIN, MAX + 1)`: none when MIN = MAX).
    Syms { min: u32, max: u32, len: u32 },
}

/// KLEE's `model_version` (the POSIX runtime constrains the object to it).
pub const MODEL_VERSION: u32 = 1;

/// Size of a symbolic stdout (KLEE's fixed 1024 bytes).
pub const STDOUT_SIZE: u32 = 1024;

/// The failure counters KLEE makes with `--max-fail` (`--fd-fail`), in creation order: the
/// n-th call of that kind fails when its counter equals n.
pub const FAIL_COUNTERS: [&str; 5] = [
    "read_fail",
    "write_fail",
    "close_fail",
    "ftruncate_fail",
    "getcwd_fail",
];

/// What `klee_init_env` made of the program's arguments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PosixEnv {
    /// `argv[1..]`.
    pub args: Vec<PosixArg>,
    /// `--sym-files NUM N`: NUM files (`A`, `B`, ...) of N bytes each.
    pub sym_files: u32,
    pub sym_file_len: u32,
    /// `--sym-stdin N` (0: stdin stays the concrete one).
    pub sym_stdin_len: u32,
    /// `--sym-stdout`.
    pub sym_stdout: bool,
    /// `--save-all-writes`: a write past a symbolic file's size is an error (KLEE's
    /// `assert(0)`) instead of being cut short.
    pub save_all_writes: bool,
    /// `--max-fail K` (`--fd-fail`: 1): at most K injected system-call failures per path.
    pub max_fail: u32,
}
