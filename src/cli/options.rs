//! Options shared by `trex run`, `trex verify` and `trex replay`, each defined once and
//! flattened into the commands (`#[command(flatten)]`). The groups are small because each
//! command lists its options in its own order (help shows them in field order). The texts
//! are `trex run`'s; a command whose help says more replaces the text (`mut_arg`). The
//! positional arguments stay in each command: they are its shape (`replay` takes tests
//! between the program and its arguments).

use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

use super::parse::parse_time_span;
use super::Libc;

/// The program to run: its C library and its entry function.
#[derive(Args, Debug)]
pub struct ProgramOptions {
    /// C library to link (default: musl when the program calls a library function).
    #[arg(long, value_enum)]
    pub libc: Option<Libc>,
    /// Function to start from.
    #[arg(long, default_value = "main")]
    pub entry_point: String,
}

#[derive(Args, Debug)]
pub struct OutputDirOption {
    /// Directory for the results (default: the next free klee-out-N beside the input).
    #[arg(long)]
    pub output_dir: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct InstructionLimit {
    /// Stop after this many LLVM instructions (0: no limit).
    #[arg(long, default_value_t = 0)]
    pub max_instructions: u64,
}

#[derive(Args, Debug)]
pub struct StackLimit {
    /// Largest call depth before a path is stopped (recursion limit; 0: none).
    #[arg(long, default_value_t = 8192)]
    pub max_stack_frames: u32,
}

impl StackLimit {
    /// The limit as the executor takes it: 0 disables it, as in KLEE.
    pub fn frames(&self) -> u32 {
        match self.max_stack_frames {
            0 => u32::MAX,
            n => n,
        }
    }
}

/// The searcher and its seed.
#[derive(Args, Debug)]
pub struct SearchOptions {
    /// State-selection heuristic (KLEE's names: dfs, bfs, random-state, random-path,
    /// nurs:covnew, nurs:md2u, nurs:depth, nurs:rp, nurs:icnt); repeat it (or give a
    /// comma-separated list) to interleave several. Default: random-path + nurs:covnew.
    #[arg(long = "search", value_name = "NAME")]
    pub search: Vec<String>,
    /// Seed of the searcher's random choices (runs are reproducible; default 0).
    #[arg(long = "seed", value_name = "N")]
    pub seed_option: Option<u64>,
}

impl SearchOptions {
    /// `--seed`, 0 when not given.
    pub fn seed(&self) -> u64 {
        self.seed_option.unwrap_or(0)
    }
}

/// Budgets of symbolic branches.
#[derive(Args, Debug)]
pub struct ForkLimits {
    /// Stop forking after this many forked paths: further symbolic branches continue on one
    /// feasible side (counted in `KLEE: done: refused forks`).
    #[arg(long)]
    pub max_forks: Option<u64>,
    /// The same per path: at most this many forks on a path (0: no limit).
    #[arg(long)]
    pub max_depth: Option<u32>,
    /// KLEE's: once the run made more than --max-static-pct-check-delay forks, an instruction
    /// that made more than this share of them no longer forks (1: no limit).
    #[arg(long, default_value_t = 1.0, value_parser = share)]
    pub max_static_fork_pct: f64,
    /// The same per call path (the call sites down to the function).
    #[arg(long, default_value_t = 1.0, value_parser = share)]
    pub max_static_cpfork_pct: f64,
    /// Forks in the run before the --max-static-*-pct shares are checked.
    #[arg(long, default_value_t = 1000)]
    pub max_static_pct_check_delay: u64,
}

/// A share between 0 and 1.
fn share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{s}: a share between 0 and 1 (1: no limit)")),
    }
}

impl ForkLimits {
    /// `--max-depth` as the executor takes it: 0 disables it, as in KLEE (whose
    /// `--max-forks=0` does mean no fork).
    pub fn depth(&self) -> Option<u32> {
        self.max_depth.filter(|&d| d > 0)
    }

    /// The `--max-static-*-pct` shares as the executor takes them.
    pub fn static_limits(&self) -> crate::exec::static_forks::StaticForkLimits {
        crate::exec::static_forks::StaticForkLimits {
            fork_pct: self.max_static_fork_pct,
            cp_fork_pct: self.max_static_cpfork_pct,
            check_delay: self.max_static_pct_check_delay,
        }
    }
}

#[derive(Args, Debug)]
pub struct Threads {
    /// Explore on this many threads [default: the machine's cores] (1: as on one core, the
    /// run KLEE makes). Each thread has its own searcher over its own pending paths; a thread
    /// out of work replays another's shallowest pending path from the start.
    #[arg(long, short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
}

impl Threads {
    /// The workers to run: `--threads`, or else the machine's cores less `beside`, the threads
    /// the command keeps busy beside its workers (at least one worker).
    pub fn workers(&self, beside: usize) -> usize {
        match self.threads {
            Some(n) => n as usize,
            None => cores().saturating_sub(beside).max(1),
        }
    }
}

/// The cores this process may run on (its affinity and cgroup quota count: a container's
/// share, not the host's).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[derive(Args, Debug)]
pub struct NoInterpolation {
    /// Do not prune paths by interpolation (TRACER-X's option; interpolation is on by default).
    #[arg(long)]
    pub no_interpolation: bool,
    /// How a fork's children's interpolants combine: `abduction` (the default), TRACER-X's
    /// conjunctions (paper 003 §5: the node's context that the guard needs, by unsat core and
    /// separation, with the children's conditions outside the guard's variables); `wp`, the
    /// weakest precondition (`guard => child`, the most general, in general a disjunction).
    #[arg(long, value_enum, value_name = "MODE", default_value = "abduction")]
    pub interpolation: ItpModeArg,
}

/// `--interpolation`'s values.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItpModeArg {
    Abduction,
    Wp,
}

impl NoInterpolation {
    pub fn mode(&self) -> crate::exec::ItpMode {
        match self.interpolation {
            ItpModeArg::Abduction => crate::exec::ItpMode::Abduction,
            ItpModeArg::Wp => crate::exec::ItpMode::Wp,
        }
    }
}

/// Postconditioned symbolic execution (paper 002).
#[derive(Args, Debug)]
pub struct PseArgs {
    /// Postconditioned symbolic execution (paper 002): at each branch target, the weakest
    /// preconditions of the path suffixes explored from there are summarized; a path whose
    /// state implies the summary would only repeat them and ends (a test for it, counted as
    /// `pse-pruned paths`). A run that finishes covers the same lines and branches, and finds
    /// the same errors, as without it.
    #[arg(long)]
    pub pse: bool,
    /// With --pse: summaries kept and checked only at the first instance of a program point
    /// on a path (paper 002 §4.1: not at later iterations of a loop).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set,
          requires = "pse")]
    pub pse_first_instance: bool,
    /// With --pse: disjuncts kept per summary (paper 002 §4.1's bound; 0: no bound).
    #[arg(long, value_name = "N", default_value_t = 200, requires = "pse")]
    pub pse_max_disjuncts: usize,
    /// With --pse: disjuncts that differ in one complementary condition are combined, and
    /// implied ones dropped (paper 002 §4.2).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set,
          requires = "pse")]
    pub pse_simplify: bool,
    /// With --pse: each segment's weakest-precondition pass is kept for the next path
    /// through it (paper 002 §4.3's reuse between adjacent paths).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set,
          requires = "pse")]
    pub pse_reuse: bool,
}

impl PseArgs {
    pub fn options(&self) -> Option<crate::exec::PseOptions> {
        self.pse.then_some(crate::exec::PseOptions {
            first_instance: self.pse_first_instance,
            max_disjuncts: self.pse_max_disjuncts,
            simplify: self.pse_simplify,
            reuse: self.pse_reuse,
        })
    }
}

#[derive(Args, Debug)]
pub struct GreedyConfirmation {
    /// With interpolation: before asking the searcher, run the pending path that is the last
    /// unfinished child of a node (greedy confirmation, for non-DFS searches: half-done nodes
    /// become table entries sooner).
    #[arg(long)]
    pub greedy_confirmation: bool,
}

/// Time, solver and memory budgets.
#[derive(Args, Debug)]
pub struct Budgets {
    /// Stop the run after this wall time (KLEE's time spans: 10, 10s, 1min, 1h30min, ...);
    /// pending paths end early. 0: no limit.
    #[arg(long, value_parser = parse_time_span)]
    pub max_time: Option<Duration>,
    /// Per-query solver timeout (a time span); a query that times out ends its path early.
    /// 0: none.
    #[arg(long, value_parser = parse_time_span)]
    pub max_solver_time: Option<Duration>,
    /// Resident memory cap in MB (0: none); above it pending paths are killed (`.early`).
    #[arg(long, default_value_t = 2000)]
    pub max_memory: u64,
    /// Instructions a path runs before the searcher chooses again (when other paths wait;
    /// KLEE's batching). 0: a path runs until it ends.
    #[arg(long, default_value_t = crate::exec::control::DEFAULT_BATCH_INSTRUCTIONS)]
    pub batch_instructions: u64,
    /// Time a path runs before the searcher chooses again (a time span). 0: no time quantum.
    #[arg(long, value_parser = parse_time_span, default_value = "5s")]
    pub batch_time: Duration,
}

impl Budgets {
    /// The budgets as run control takes them: 0 disables one, as in KLEE.
    pub fn limits(&self) -> crate::exec::control::Limits {
        crate::exec::control::Limits {
            max_time: self.max_time.filter(|t| !t.is_zero()),
            max_solver_time: self.max_solver_time.filter(|t| !t.is_zero()),
            max_memory_mb: (self.max_memory > 0).then_some(self.max_memory),
            batch_instructions: match self.batch_instructions {
                0 => u64::MAX,
                n => n,
            },
            batch_time: Some(self.batch_time).filter(|t| !t.is_zero()),
            ..crate::exec::control::Limits::default()
        }
    }
}

/// KLEE's external calls (`crate::native`).
#[derive(Args, Debug, Default)]
pub struct ExternalCalls {
    /// A function without a body anywhere is run natively in trex's process (`concrete`,
    /// KLEE's default: with concrete arguments only; `all`: symbolic arguments made concrete;
    /// `none`: refused, but for printf, fprintf, puts and getpid).
    #[arg(long, value_enum, default_value_t)]
    pub external_calls: crate::native::Policy,
    /// When to print KLEE's `calling external: NAME(...)` warning.
    #[arg(long, value_enum, default_value_t)]
    pub external_call_warnings: crate::native::Warnings,
    /// A shared library whose functions external calls may run (KLEE's `--load`;
    /// repeatable; searched before trex's process).
    #[arg(long, value_name = "LIB.so")]
    pub load: Vec<PathBuf>,
    /// KLEE's start-up warnings (`undefined reference to function: NAME`) also for the
    /// symbols KLEE does not warn about by default.
    #[arg(long)]
    pub warn_all_external_symbols: bool,
}

impl ExternalCalls {
    /// The run's hook (the `--load` libraries loaded: an error names one that does not load).
    pub fn hook(&self) -> anyhow::Result<std::sync::Arc<crate::native::NativeCalls>> {
        let n = crate::native::NativeCalls::new(
            self.external_calls,
            self.external_call_warnings,
            &self.load,
        )?;
        Ok(std::sync::Arc::new(n))
    }
}

/// KLEE's POSIX runtime (`cli::posix_args`).
#[derive(Args, Debug, Default)]
pub struct PosixRuntime {
    /// Read the program's arguments as KLEE's POSIX runtime does: `--sym-arg N`,
    /// `--sym-args MIN MAX N`, `--sym-files NUM N`, `--sym-stdin N`, `--sym-stdout`,
    /// `--max-fail N`, `--fd-fail`, `--save-all-writes` make symbolic arguments, files
    /// (`A`, `B`, ...), stdin and stdout, and system-call failures (replay: the test's
    /// command line when no arguments follow `--`; on by itself for a test of such a run)
    #[arg(long)]
    pub posix_runtime: bool,
}

impl PosixRuntime {
    /// The symbolic environment of `args` (`argv[1..]`), or a warning when they contain the
    /// runtime's options without `--posix-runtime` (the program gets them literally, as in
    /// KLEE).
    pub fn env(
        &self,
        args: &[String],
    ) -> anyhow::Result<(Option<crate::posix::PosixEnv>, Option<String>)> {
        if self.posix_runtime {
            let env = super::posix_args::parse(args).map_err(|e| anyhow::anyhow!("{e}"))?;
            return Ok((Some(env), None));
        }
        let warning = super::posix_args::first_option(args).map(|o| {
            format!(
                "trex: warning: {o} is passed to the program as it is (KLEE's POSIX runtime \
                 options need --posix-runtime)"
            )
        });
        Ok((None, warning))
    }
}
