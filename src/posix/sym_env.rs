//! Start-up under `--posix-runtime`: the program's arguments and environment made as KLEE's
//! POSIX runtime makes them (`klee_init_env`, `klee_init_fds`), in the same order and with the
//! same object names and sizes, so that the tests are KLEE's (`klee-replay` replays them):
//! `n_args` (one per `--sym-args` with MIN < MAX: KLEE's `klee_range(MIN, MAX + 1)`),
//! `arg00`, `arg01`, ... (N + 1 bytes, the last one a NUL written after), then per symbolic
//! file `A-data` and `A-data-stat` (x86-64's `struct stat64`, 144 bytes), `stdin` and
//! `stdin-stat`, the failure counters, `stdout` and `stdout-stat`, and `model_version`
//! (constrained to 1).
//!
//! KLEE forks on `n_args` while it builds argv; here each combination of counts is a path of
//! its own from the start: the running path takes the smallest counts, a pending path each
//! other combination (the same paths, one per count). Replay takes the counts from the test.

use super::sym_fs::{SymFile, SymFs, STAT_SIZE, ST_INO, ST_MODE};
use super::*;
use crate::exec::machine::value_le;

/// More offsets in x86-64's `struct stat64` (`sym_fs.rs` has the first ones).
const ST_SIZE: u64 = 48;
const ST_BLKSIZE: u64 = 56;
const ST_BLOCKS: u64 = 64;

/// The file types (`st_mode & S_IFMT`) a native replay (`trex replay --native`, klee-replay's
/// role: `cli/replay_native/sandbox.rs`) gives a symbolic file exactly, so that every test
/// replays to the outcome it had: KLEE leaves the type free, and a type no replay makes (none,
/// a block device, a socket; a FIFO for a named file) became a regular file or a pipe there,
/// where the model had answered for that type (`tail -f` of a stdin of no type gave up in the
/// model and followed a pipe natively).
const S_IFMT: u32 = 0o170000;
const FILE_TYPES: &[u32] = &[0o100000, 0o040000, 0o120000, 0o020000]; // reg, dir, link, chr
const STDIN_TYPES: &[u32] = &[0o100000, 0o010000, 0o020000]; // reg, FIFO, chr (a terminal)
const STDOUT_TYPES: &[u32] = &[0o100000, 0o020000]; // reg, chr (a terminal)

/// The entry's `(argc, argv, envp)` of the running path; the other combinations of
/// `--sym-args` counts become pending paths that start at the entry `f` called with
/// `vals(argc, argv, envp)`.
pub(super) fn posix_start<'m, 'io>(
    w: &mut Worker<'m, 'io>,
    cfg: &Config,
    env: &PosixEnv,
    f: FuncId,
    vals: &dyn Fn(&Worker<'m, 'io>, EntryArgs) -> Vec<Value>,
) -> R<EntryArgs> {
    if !w.program().x86_64 && (env.sym_files > 0 || env.sym_stdin_len > 0 || env.sym_stdout) {
        return error(
            ErrorKind::Exec,
            "unsupported: symbolic files, stdin or stdout on i386 (KLEE's model is x86-64's struct stat64)",
        );
    }
    if w.is_replay() {
        return Os { w }.posix_build(cfg, env, None);
    }
    if w.follows() {
        // The concolic mode: one path, the input's counts (`sym_arg_count`).
        let counts = vec![0; env.args.len()];
        return Os { w }.posix_build(cfg, env, Some(&counts));
    }
    let ranges: Vec<(u32, u32)> = env
        .args
        .iter()
        .filter_map(|a| match *a {
            PosixArg::Syms { min, max, .. } => Some((min, max)),
            _ => None,
        })
        .collect();
    let mut combos: Vec<Vec<u32>> = vec![Vec::new()];
    for &(min, max) in &ranges {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                (min..=max).map(move |n| {
                    let mut c = c.clone();
                    c.push(n);
                    c
                })
            })
            .collect();
    }
    let mut base = w.state().clone();
    // Pending paths, pushed in reverse so that a depth-first search takes them in order.
    for c in combos[1..].iter().rev() {
        *w.state_mut() = base.clone();
        let a = Os { w: &mut *w }.posix_build(cfg, env, Some(c))?;
        let v = vals(w, a);
        w.enter(f, v)?;
        let st = std::mem::replace(w.state_mut(), base.clone());
        // (A fork interpolation does not model: no node is tracked on any of these paths. Each
        // count as a tree of its own was tried (issue 30): on coreutils the weakest
        // preconditions are mostly inexpressible, so it pruned nothing and its traces cost
        // cat 27 % of its paths in 60 s, +40 % memory; expr 78 -> 61 lines.)
        w.push_entry_path(st, "--sym-args count");
        // (The running path's record of the fork, with several workers: one decision per
        // count, as a series of forks.)
        base = w.state().clone();
    }
    *w.state_mut() = base;
    if combos.len() > 1 {
        w.deepen();
    }
    Os { w }.posix_build(cfg, env, Some(&combos[0]))
}

impl Os<'_, '_, '_> {
    /// Builds argv and the symbolic files of one path (`counts`: the `--sym-args` counts;
    /// `None`: replay, the counts come from the test).
    fn posix_build(
        &mut self,
        cfg: &Config,
        env: &PosixEnv,
        counts: Option<&[u32]>,
    ) -> R<EntryArgs> {
        let mut ptrs = vec![self.w.alloc_cstr(cfg.argv.first().map_or("prog", |s| s))?];
        let mut num = 0u32;
        let mut group = 0usize;
        for a in &env.args {
            match *a {
                PosixArg::Concrete(ref s) => ptrs.push(self.w.alloc_cstr(s)?),
                PosixArg::Sym { len } => {
                    ptrs.push(self.sym_arg(num, len)?);
                    num += 1;
                }
                PosixArg::Syms { min, max, len } => {
                    let n = self.sym_arg_count(min, max, counts.map(|c| c[group]))?;
                    group += 1;
                    for _ in 0..n {
                        ptrs.push(self.sym_arg(num, len)?);
                        num += 1;
                    }
                }
            }
        }
        let mut fs = SymFs {
            save_all_writes: env.save_all_writes,
            ..SymFs::default()
        };
        for i in 0..env.sym_files {
            let name = format!("{}-data", (b'A' + i as u8) as char);
            fs.files
                .push(self.sym_file(&name, env.sym_file_len as u64, FILE_TYPES)?);
        }
        if env.sym_stdin_len > 0 {
            fs.stdin = Some(self.sym_file("stdin", env.sym_stdin_len as u64, STDIN_TYPES)?);
        }
        if env.max_fail > 0 {
            fs.max_fail = env.max_fail;
            let mut counters = Vec::new();
            for name in FAIL_COUNTERS {
                counters.push(self.env_int(name)?);
            }
            fs.fail = Some(counters);
        }
        if env.sym_stdout {
            fs.stdout = Some(self.sym_file("stdout", STDOUT_SIZE as u64, STDOUT_TYPES)?);
        }
        let version = self.env_int("model_version")?;
        self.env_assume_eq(&version, MODEL_VERSION as u128, "model_version")?;
        self.px_mut().set_symbolic(fs);

        self.w.argv_object(ptrs, &cfg.env)
    }

    /// An object of `size` bytes named `name` in the test: symbolic (a fresh array), or the
    /// test's bytes in replay.
    fn env_object(&mut self, name: &str, size: u64) -> R<(ObjRef, Option<ArrayId>)> {
        let r = self
            .w
            .state_mut()
            .mem
            .alloc(size, 16, ObjKind::Data)
            .map_or_else(Worker::oom, Ok)?;
        if self.w.is_replay() {
            let bytes = self.w.replay_take(name, size)?;
            self.w.state_mut().mem.write_bytes(r.idx, 0, &bytes);
            return Ok((r, None));
        }
        let (_, a) = self.w.fresh_array(name, size)?;
        let v = (0..size)
            .map(|k| {
                let i = self.w.pool().constant(32, k as u128);
                Some(self.w.pool().read(a, None, i))
            })
            .collect();
        self.w.state_mut().mem.objs[r.idx as usize].sym = Some(Arc::new(v));
        Ok((r, Some(a)))
    }

    /// A 4-byte input (`int`), as a value.
    fn env_int(&mut self, name: &str) -> R<Value> {
        let (r, _) = self.env_object(name, 4)?;
        Ok(self.load_env_int(r, 0, 4))
    }

    /// `n` bytes of an environment object at `off` as an integer value.
    pub(super) fn load_env_int(&mut self, r: ObjRef, off: u64, n: u64) -> Value {
        match self.load_sym(r.idx, off, n) {
            Some(e) => self.w.val_of(e),
            None => Value::Int(self.w.state_mut().mem.load_int(r.idx, off, n)),
        }
    }

    /// KLEE's `klee_assume(v == k)` on an input of the environment (a replayed value that
    /// differs is a user error, as a false assumption is).
    fn env_assume_eq(&mut self, v: &Value, k: u128, what: &str) -> R<()> {
        let e = self.w.expr_of(v, 32, what)?;
        let kc = self.w.pool().constant(32, k);
        let c = self.w.pool().eq(e, kc);
        self.env_assume(c, what)
    }

    fn env_assume(&mut self, c: ExprId, what: &str) -> R<()> {
        match self.w.pool().as_const(c) {
            Some(0) => error(
                ErrorKind::User,
                format!("invalid klee_assume call (provably false): {what}"),
            ),
            Some(_) => Ok(()),
            None => {
                // (An input the path follows is patched as the concolic mode's `klee_assume`.)
                if self.w.follows() && !self.w.assumable(c)? {
                    return error(
                        ErrorKind::User,
                        format!("invalid klee_assume call (provably false): {what}"),
                    );
                }
                // (As KLEE's `klee_assume` in its runtime: a seed violating it is patched.)
                self.w.seed_constraint(c);
                self.w.push_constraint(c);
                Ok(())
            }
        }
    }

    /// The count of a `--sym-args MIN MAX N` (KLEE's `klee_range(MIN, MAX + 1, "n_args")`):
    /// `n` on this path, or the test's value in replay.
    fn sym_arg_count(&mut self, min: u32, max: u32, n: Option<u32>) -> R<u32> {
        if min == max {
            return Ok(min);
        }
        if self.w.is_replay() {
            let b = self.w.replay_take("n_args", 4)?;
            let v = value_le(&b) as u32 as i32;
            if v < min as i32 || v > max as i32 {
                return error(
                    ErrorKind::User,
                    format!(
                        "replay: klee_range value {v} not in [{min}, {})",
                        max as i64 + 1
                    ),
                );
            }
            return Ok(v as u32);
        }
        let n = n.expect("counts of a symbolic run");
        let v = self.env_int("n_args")?;
        if self.w.follows() {
            // The input's count, in KLEE's range, asked count by count as KLEE's loop over
            // `n_args` asks: decisions the concolic mode may negate.
            let e = self.w.expr_of(&v, 32, "n_args")?;
            let pool = self.w.pool();
            let (lo, hi) = (
                pool.constant(32, min as u128),
                pool.constant(32, max as u128),
            );
            let (a, b) = (pool.sle(lo, e), pool.sle(e, hi));
            let range = pool.bool_and(a, b);
            self.env_assume(range, "n_args")?;
            for n in min..max {
                let k = self.w.pool().constant(32, n as u128);
                let is_n = self.w.pool().eq(e, k);
                if self.w.may_be(is_n)? {
                    return Ok(n);
                }
            }
            return Ok(max);
        }
        // Every count's path starts with every seed: those of other counts follow those.
        let e = self.w.expr_of(&v, 32, "n_args")?;
        let k = self.w.pool().constant(32, n as u128);
        let other = self.w.pool().ne(e, k);
        self.w.seed_fork(None, other);
        self.env_assume_eq(&v, n as u128, "n_args")?;
        Ok(n)
    }

    /// `argNN`: `len` symbolic characters and a NUL.
    fn sym_arg(&mut self, num: u32, len: u32) -> R<Value> {
        let (r, _) = self.env_object(&format!("arg{num:02}"), len as u64 + 1)?;
        self.w.state_mut().mem.write_bytes(r.idx, len as u64, &[0]);
        Ok(self.w.state_mut().mem.ptr_to(r))
    }

    /// A symbolic file of `size` bytes: its contents `name` and its stat data `name-stat`,
    /// constrained as KLEE's `__create_new_dfile` does (an inode number with a nonzero low 31
    /// bits, a block size below 64 KiB) and to one of the file `types` a native replay makes
    /// (KLEE leaves the type free), then its size and block count set.
    fn sym_file(&mut self, name: &str, size: u64, types: &[u32]) -> R<SymFile> {
        let (contents, _) = self.env_object(name, size)?;
        let (stat, a) = self.env_object(&format!("{name}-stat"), STAT_SIZE)?;
        if let Some(a) = a {
            let at = |it: &mut Self, off: u64| {
                let o = it.w.pool().constant(32, off as u128);
                it.w.pool().read_bytes_le(a, None, o, 8)
            };
            let ino = at(self, ST_INO);
            let low = self.w.pool().constant(64, 0x7FFF_FFFF);
            let ino_low = self.w.pool().and(ino, low);
            let zero = self.w.pool().constant(64, 0);
            let c = self.w.pool().ne(ino_low, zero);
            self.env_assume(c, "st_ino")?;
            let blksize = at(self, ST_BLKSIZE);
            let high = self.w.pool().constant(64, !0xFFFFu128 & mask(64));
            let blk_high = self.w.pool().and(blksize, high);
            let c = self.w.pool().eq(blk_high, zero);
            self.env_assume(c, "st_blksize")?;
            let o = self.w.pool().constant(32, ST_MODE as u128);
            let mode = self.w.pool().read_bytes_le(a, None, o, 4);
            let fmt = self.w.pool().constant(32, S_IFMT as u128);
            let kind = self.w.pool().and(mode, fmt);
            let mut c = self.w.pool().false_expr();
            for &t in types {
                let k = self.w.pool().constant(32, t as u128);
                let is = self.w.pool().eq(kind, k);
                c = self.w.pool().or(c, is);
            }
            self.env_assume(c, "st_mode")?;
        }
        self.w
            .state_mut()
            .mem
            .store_int(stat.idx, ST_SIZE, 8, size as u128);
        self.w.state_mut().mem.store_int(stat.idx, ST_BLOCKS, 8, 8);
        Ok(SymFile {
            contents,
            stat,
            size,
        })
    }
}
