//! Command line: `trex run` (KLEE's invocation and options, `args.rs`), KLEE-style stderr
//! lines.

mod args;
mod check_witness;
mod concolic;
mod cover;
mod covout;
mod diag;
#[cfg(test)]
mod fuzz;
mod klee_options;
mod ktest_show;
mod options;
mod parse;
mod posix_args;
mod progress;
mod replay;
mod replay_native;
mod report;
mod run;
mod seeds;
mod stats;
mod svcomp;
mod testcomp;
mod verify;
mod verify_report;
mod witness;
mod writer;

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

use options::{
    Budgets, ForkLimits, GreedyConfirmation, InstructionLimit, NoInterpolation, OutputDirOption,
    ProgramOptions, SearchOptions, StackLimit,
};
use parse::parse_file_line;

#[derive(Parser, Debug)]
#[command(
    name = "trex",
    version,
    propagate_version = true,
    about = "Symbolic execution with interpolation for LLVM 14 bitcode",
    after_help = "KLEE's invocation works too: `trex [options] prog.bc|prog.ll|- [program args]` \
        is `trex run ...` (`-opt`, `--opt`, `-opt=v`, `-opt v`; `trex klee-options` lists how \
        trex treats each of KLEE's options)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Diagnostics on stderr (interpolation, linking, solver), a `TREX_LOG` filter such as
    /// `trex::itp=debug`; alone: `trex=debug`
    #[arg(
        long,
        global = true,
        value_name = "FILTER",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = diag::DEBUG_DEFAULT,
        value_parser = diag::parse_filter
    )]
    pub debug: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a program's bitcode (like `klee prog.bc args...`).
    Run(RunArgs),
    /// Concolic testing (CREST's workflow): one path at a time from the program's start on a
    /// concrete input, then a decision of an executed path negated and solved for the next
    /// input (`trex run`'s options, KLEE's syntax).
    Concolic(ConcolicArgs),
    /// A test suite for a coverage goal (Test-Comp's coverage-branches, or coverage-error
    /// with --property): testing, then the open goals proved unreachable where it can, then
    /// testing steered to those left; each goal covered (by which test), proved or open
    /// (`trex run`'s options, KLEE's syntax).
    Cover(CoverArgs),
    /// Re-run a program concretely on the inputs of .ktest files (like KLEE's replay).
    Replay(ReplayArgs),
    /// A reachability verdict per target (error-function call site or chosen line):
    /// REACHABLE with a test, UNREACHABLE, or UNKNOWN with the reason.
    Verify(VerifyArgs),
    /// Inspect .ktest files.
    #[command(subcommand)]
    Ktest(KtestCommand),
    /// List KLEE 3.2's options and how trex treats each (implemented, ignored with a warning,
    /// refused).
    KleeOptions(KleeOptionsArgs),
    /// Write report.html (coverage, errors, verdicts) for an output directory.
    Report(report::ReportArgs),
    /// Print run.stats summaries as KLEE's klee-stats does.
    Stats(stats::StatsArgs),
}

#[derive(Subcommand, Debug)]
pub enum KtestCommand {
    /// Print .ktest files as KLEE's ktest-tool does.
    Show {
        /// Trim trailing zero bytes of each object.
        #[arg(long)]
        trim_zeros: bool,
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// `trex klee-options`.
#[derive(clap::Args, Debug, PartialEq, Eq)]
pub struct KleeOptionsArgs {
    /// The list grouped by treatment, in Markdown (README's "Differences from KLEE").
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Libc {
    /// musl 1.2.3 compiled to bitcode, linked with `llvm-link --only-needed`.
    Musl,
    /// No C library: the bitcode must be self-contained (trex's builtins only).
    None,
    /// KLEE's minimal C library: string and memory functions only (`runtime/klee-libc/`).
    Klee,
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub out: OutputDirOption,
    #[command(flatten)]
    pub stats: covout::StatsOptions,
    #[command(flatten)]
    pub prog: ProgramOptions,
    #[command(flatten)]
    pub insts: InstructionLimit,
    #[command(flatten)]
    pub stack: StackLimit,
    #[command(flatten)]
    pub searcher: SearchOptions,
    #[command(flatten)]
    pub forks: ForkLimits,
    #[command(flatten)]
    pub itp: NoInterpolation,
    #[command(flatten)]
    pub threads: options::Threads,
    /// Write the explored tree to `tree.dot` in the output directory (TRACER-X's option):
    /// path segments with their interpolants, dashed edges for subsumption.
    #[arg(long)]
    pub output_tree: bool,
    /// Also write a test for each pruned path (TRACER-X's option, for paths pruned by
    /// interpolation): its `.early` file says `subsumed (pruned by interpolation)`.
    #[arg(long)]
    pub subsumed_test: bool,
    #[command(flatten)]
    pub greedy: GreedyConfirmation,
    #[command(flatten)]
    pub pse: options::PseArgs,
    /// Answer each fork's question by IPPC (paper 001): the branch condition alone first, then
    /// the first path constraint its model violates added, until a model satisfies them all
    /// or the part is unsatisfiable (`info` reports the constraints per solver call).
    #[arg(long)]
    pub ippc: bool,
    /// Stop the run at the first error; the paths not yet finished end early (`.early` tests).
    #[arg(long)]
    pub exit_on_error: bool,
    #[command(flatten)]
    pub budgets: Budgets,
    /// Stop the run after this many tests were written (0: no limit).
    #[arg(long)]
    pub max_tests: Option<u32>,
    /// Stop the run at the first error of this type (KLEE's names: Abort, Assert, Ptr, Free,
    /// ReadOnly, Exec, External, Model, ReportError, User, ...); repeatable.
    #[arg(long, value_name = "TYPE")]
    pub exit_on_error_type: Vec<String>,
    /// Only write tests for paths that covered new code (errors are always written).
    #[arg(long, num_args = 0..=1, default_value_t = false, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub only_output_states_covering_new: bool,
    /// Write tests (`.early`) for the paths still pending when the run halts.
    #[arg(long, num_args = 0..=1, default_value_t = true, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub dump_states_on_halt: bool,
    /// Run concretely on the inputs of this .ktest file (KLEE's replay).
    #[arg(long, value_name = "FILE")]
    pub replay_ktest_file: Option<PathBuf>,
    /// Follow the branch decisions of this `.path` file (`--write-paths`): each conditional
    /// branch takes the file's next decision, symbolic ones without forking.
    #[arg(long, value_name = "FILE")]
    pub replay_path: Option<PathBuf>,
    /// Division and remainder by zero are errors (KLEE's default); `=false`: the result is the
    /// SMT-LIB one (all ones for a quotient, the dividend for a remainder).
    #[arg(long, num_args = 0..=1, default_value_t = true, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub check_div_zero: bool,
    /// KLEE's deterministic allocator (on by default): a dangling heap pointer is reported as
    /// `use after free` / `double free`; `=false`: as `out of bound pointer` / `invalid
    /// pointer: free`, as KLEE without it.
    #[arg(long, num_args = 0..=1, default_value_t = true, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub kdalloc: bool,
    #[command(flatten)]
    pub externals: options::ExternalCalls,
    /// Write the final linked module as text, `assembly.ll`, which the `.err` stack lines
    /// point into (KLEE's default); `=false`: not written.
    #[arg(long, num_args = 0..=1, default_value_t = true, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub output_source: bool,
    /// Shifts by the width or more are errors (KLEE's default); `=false`: the result is the
    /// SMT-LIB one (0, or the sign bits for an arithmetic shift right).
    #[arg(long, num_args = 0..=1, default_value_t = true, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub check_overshift: bool,
    /// Write a `.cov` file beside each test: the `file:line` of each source line its path
    /// covered first (no earlier path had executed it; inherited by the paths it forked), as
    /// KLEE's `--write-cov`.
    #[arg(long)]
    pub write_cov: bool,
    /// Write a `.kquery` file beside each test: its path condition in KLEE's KQuery language
    /// (error tests get one anyway, as KLEE's).
    #[arg(long)]
    pub write_kqueries: bool,
    /// Write a `.smt2` file beside each test: its path condition in SMT-LIB 2 (QF_AUFBV).
    #[arg(long)]
    pub write_smt2s: bool,
    /// Write a `.path` file beside each test: the decision of every conditional branch of its
    /// path (`1` true, `0` false, one per line).
    #[arg(long)]
    pub write_paths: bool,
    /// Write a `.sym.path` file beside each test: the decisions of the branches where its path
    /// forked (both sides feasible).
    #[arg(long)]
    pub write_sym_paths: bool,
    /// Write a `.info` file beside each test: the time its files took to write.
    #[arg(long)]
    pub write_test_info: bool,
    /// Write the tests in Test-Comp's format too (KLEE's option): `metadata.xml` and a
    /// `testNNNNNN.xml` per test, an `<input>` per `__VERIFIER_nondet_*` value in call order.
    #[arg(long)]
    pub write_xml_tests: bool,
    /// The program file `metadata.xml` names (default: the program given, its `.c` beside a
    /// `.bc` when there is one).
    #[arg(long, value_name = "FILE", requires = "write_xml_tests")]
    pub xml_metadata_programfile: Option<PathBuf>,
    /// The program's SHA-256 `metadata.xml` gives (default: computed from the program file).
    #[arg(long, value_name = "HASH", requires = "write_xml_tests")]
    pub xml_metadata_programhash: Option<String>,
    /// Test-Comp's property file the suite is for (`coverage-branches.prp`, the default, or
    /// `coverage-error.prp`): `metadata.xml`'s specification (with --write-xml-tests), and
    /// `trex cover`'s goals.
    #[arg(long, value_name = "FILE.prp")]
    pub property: Option<PathBuf>,
    /// Report every error state (default: only the first per instruction and message).
    #[arg(long)]
    pub emit_all_errors: bool,
    /// End a path whose `klee_assume` cannot hold silently, without a test (default: KLEE's
    /// user error `invalid klee_assume call (provably false)`).
    #[arg(long)]
    pub silent_klee_assume: bool,
    /// Do not write .ktest files (paths are still explored and counted).
    #[arg(long)]
    pub write_no_tests: bool,
    /// Optimize the program before running it (`opt-14 -O2`, before the C library is linked).
    #[arg(long)]
    pub optimize: bool,
    /// The program's environment, one `NAME=value` per line (default: none).
    #[arg(long, value_name = "FILE")]
    pub env_file: Option<PathBuf>,
    /// Change to this directory before running the program.
    #[arg(long, value_name = "DIR")]
    pub run_in_dir: Option<PathBuf>,
    #[command(flatten)]
    pub posix: options::PosixRuntime,
    #[command(flatten)]
    pub seeds: seeds::SeedOptions,
    /// The program: LLVM bitcode or textual IR (`.ll`); `-` reads it from stdin.
    pub program: PathBuf,
    /// Arguments passed to the program (argv[1..]).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Warnings about the command line (options accepted but ignored), for warnings.txt.
    #[arg(skip)]
    pub warnings: Vec<String>,
}

/// `trex concolic`: `trex run`'s options, some with the concolic mode's meaning.
#[derive(clap::Args, Debug)]
#[command(
    mut_arg("search", |a| a.help(
        "Which decision to negate next: dfs (default), cfg, random-branch, uniform-random, \
         generational")),
    mut_arg("seed_option", |a| a.help(
        "The first input's bytes are random from this seed (default: zeros), and so are the \
         searches' choices")),
    mut_arg("max_depth", |a| a.help(
        "Negate only the first N decisions of a path (0: no limit)")),
    mut_arg("seed_file", |a| a.help("A .ktest whose inputs are a first input (repeatable)")),
    mut_arg("seed_dir", |a| a.help("Every *.ktest of this directory is a first input")),
    mut_arg("ippc", |a| a.help(
        "Solve a negation with the negated decision alone, then add the first path condition \
         its model violates, until a model satisfies them all (paper 001's IPPC)")),
    mut_arg("greedy_confirmation", |a| a.help(
        "With interpolation: after each path, explore the untaken sides whose sibling is \
         finished, depth first, each program point once unless subsumed (paper 000; the \
         default)")),
)]
pub struct ConcolicArgs {
    /// Without greedy confirmation: only the search's paths finish interpolation's nodes.
    #[arg(long, conflicts_with = "greedy_confirmation")]
    pub no_greedy_confirmation: bool,
    /// Stop after executing this many paths.
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args, Debug)]
pub struct CoverArgs {
    /// Testing only: no proving step, no steered testing.
    #[arg(long)]
    pub no_prove: bool,
    /// The data model a C program (`.c`, `.i`) is compiled for (SV-COMP's ILP32: `-m32`).
    #[arg(long, value_enum, default_value = "LP64")]
    pub data_model: DataModel,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args, Debug)]
#[command(mut_arg("max_instructions", |a| a.help(
    "Stop each replay after this many LLVM instructions (0: no limit)")))]
pub struct ReplayArgs {
    #[command(flatten)]
    pub native: replay_native::NativeOptions,
    #[command(flatten)]
    pub prog: ProgramOptions,
    #[command(flatten)]
    pub insts: InstructionLimit,
    #[command(flatten)]
    pub posix: options::PosixRuntime,
    #[command(flatten)]
    pub externals: options::ExternalCalls,
    /// The program's bitcode.
    pub program: PathBuf,
    /// The tests to replay, one run each.
    #[arg(required = true)]
    pub tests: Vec<PathBuf>,
    /// Arguments passed to the program (argv[1..]), after `--`.
    #[arg(last = true)]
    pub args: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataModel {
    /// 32-bit int, long and pointers (compiled with `-m32`).
    #[value(name = "ILP32")]
    Ilp32,
    /// 64-bit long and pointers.
    #[value(name = "LP64")]
    Lp64,
}

/// The format of an SV-COMP witness (`trex verify --witness-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WitnessFormat {
    /// Software Verification Witnesses 2.0 (YAML).
    #[value(name = "yaml")]
    Yaml,
    /// The GraphML witness format 1.0.
    #[value(name = "graphml")]
    Graphml,
}

/// `trex verify`'s texts for the shared options whose meaning there is a verdict's.
#[derive(clap::Args, Debug)]
#[command(
    mut_arg("output_dir", |a| a.help("Directory for the witness tests (default: the next free \
        klee-out-N beside the input; in the current directory for --svcomp)")),
    mut_arg("search", |a| a.help(
        "State-selection heuristic (as `trex run`); default for verify: dfs")),
    mut_arg("seed_option", |a| a.help("Seed of the searcher's random choices")),
    mut_arg("no_interpolation", |a| a.help("Do not prune paths by interpolation")),
    mut_arg("greedy_confirmation", |a| a.help(
        "Run first the pending path that completes a half-done interpolation node")),
    mut_arg("max_time", |a| a.help(
        "Wall-time budget of a run (per target with --one-target-at-a-time); 0: none")),
    mut_arg("max_solver_time", |a| a.help(
        "Per-query solver timeout; a timeout makes unreached targets UNKNOWN. 0: none")),
    mut_arg("max_memory", |a| a.help("Resident memory cap in MB (0: none)")),
    mut_arg("max_instructions", |a| a.help("Instruction budget of a run (0: none)")),
    mut_arg("max_stack_frames", |a| a.help("Largest call depth before a path is stopped")),
    mut_arg("max_forks", |a| a.help(
        "Stop forking after this many forked paths (unreached targets become UNKNOWN)")),
    mut_arg("max_depth", |a| a.help(
        "At most this many forks on a path (unreached targets become UNKNOWN)")),
)]
pub struct VerifyArgs {
    /// Print the targets (id, location, function, called function) and exit.
    #[arg(long)]
    pub list_targets: bool,
    /// A target: the instructions of this source line (FILE matched as a path suffix);
    /// repeatable. With --target / --target-function only the chosen targets are checked.
    #[arg(long = "target", value_name = "FILE:LINE", value_parser = parse_file_line)]
    pub targets: Vec<(String, u32)>,
    /// Every call site of this function is a target; repeatable.
    #[arg(long = "target-function", value_name = "NAME")]
    pub target_functions: Vec<String>,
    /// One run per target (the run stops when its target is reached), as in the TRACER-X
    /// paper's experiments; --max-time is then per target. Default: one run for all targets.
    #[arg(long)]
    pub one_target_at_a_time: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// SV-COMP mode: PROGRAM is a C task (.c / .i) compiled here; only `reach_error` /
    /// `__VERIFIER_error` calls are targets; prints TRUE, FALSE(unreach-call) or UNKNOWN.
    #[arg(long, requires = "property")]
    pub svcomp: bool,
    /// SV-COMP property file (only unreach-call is supported).
    #[arg(long, value_name = "FILE")]
    pub property: Option<PathBuf>,
    /// SV-COMP data model of the task.
    #[arg(long, value_enum, default_value = "LP64")]
    pub data_model: DataModel,
    /// Optimization level the task is compiled at (SV-COMP mode).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,
    /// Write an SV-COMP witness of the verdict to FILE: a violation witness for a reached
    /// target, a correctness witness when every target is unreachable, none for UNKNOWN.
    /// With --svcomp a witness is written by default, to witness.yml (witness.graphml).
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// The witness's format.
    #[arg(long, value_enum, default_value = "yaml")]
    pub witness_format: WitnessFormat,
    /// Check a YAML 2.0 correctness witness instead of verifying: a proof of its own (Z3's
    /// Spacer, given the invariants) that its invariants are inductive and keep every target
    /// unreachable. Prints CONFIRMED or NOT CONFIRMED (with --svcomp: TRUE or UNKNOWN).
    #[arg(long, value_name = "FILE", conflicts_with = "witness")]
    pub check_witness: Option<PathBuf>,
    #[command(flatten)]
    pub out: OutputDirOption,
    #[command(flatten)]
    pub stats: covout::StatsOptions,
    #[command(flatten)]
    pub prog: ProgramOptions,
    #[command(flatten)]
    pub searcher: SearchOptions,
    #[command(flatten)]
    pub itp: NoInterpolation,
    #[command(flatten)]
    pub threads: options::Threads,
    /// Do not prune paths that enter a loop header in a concrete state already seen there.
    #[arg(long)]
    pub no_state_matching: bool,
    /// Do not first try to prove the targets with loops abstracted (havocked).
    #[arg(long)]
    pub no_loop_abstraction: bool,
    /// The engines: `both` (Horn clauses solved by Z3's Spacer on a thread of its own, beside
    /// symbolic execution, each with the whole --max-time), `chc` or `symbolic` alone.
    #[arg(long, value_enum, default_value = "both")]
    pub engine: crate::verify::Engines,
    #[command(flatten)]
    pub greedy: GreedyConfirmation,
    #[command(flatten)]
    pub budgets: Budgets,
    #[command(flatten)]
    pub insts: InstructionLimit,
    #[command(flatten)]
    pub stack: StackLimit,
    #[command(flatten)]
    pub forks: ForkLimits,
    /// The program's bitcode (a C file with --svcomp).
    pub program: PathBuf,
    /// Arguments passed to the program (argv[1..]).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

/// Entry point of the `trex` binary; returns the process exit status.
pub fn main() -> i32 {
    use std::io::IsTerminal;
    // (Checked here once: the rest of trex reads `std::env::args()`, which panics on them.)
    let mut raw = Vec::new();
    for a in std::env::args_os() {
        match a.into_string() {
            Ok(a) => raw.push(a),
            Err(a) => {
                eprintln!("trex: error: argument {a:?} is not valid UTF-8");
                return 1;
            }
        }
    }
    let prepared = match args::prepare(raw, std::io::stdin().is_terminal()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("trex: error: {e}");
            return 1;
        }
    };
    let cli = match Cli::try_parse_from(&prepared.args) {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help, --version
            let _ = e.print();
            return 0;
        }
        // `trex run` / KLEE's invocation: KLEE's status and one line.
        Err(e) if prepared.run => {
            eprintln!("trex: error: {}", one_line(&e));
            return 1;
        }
        Err(e) => {
            let _ = e.print();
            return 2;
        }
    };
    for w in &prepared.warnings {
        eprintln!("{w}");
    }
    diag::init(cli.debug.as_deref());
    let result = match cli.command {
        Command::Run(mut a) => {
            a.warnings = prepared.warnings;
            run::run(&a)
        }
        Command::KleeOptions(a) => {
            if a.markdown {
                print!("{}", klee_options::markdown());
            } else {
                print!("{}", klee_options::listing());
            }
            Ok(())
        }
        Command::Concolic(mut a) => {
            a.run.warnings = prepared.warnings;
            concolic::concolic(&a)
        }
        Command::Cover(mut a) => {
            a.run.warnings = prepared.warnings;
            cover::cover(a)
        }
        Command::Replay(a) => replay::replay(&a),
        Command::Verify(a) => verify::verify(&a),
        Command::Report(a) => report::report(&a),
        Command::Stats(a) => stats::stats(&a),
        Command::Ktest(KtestCommand::Show { trim_zeros, files }) => {
            ktest_show::show(&files, trim_zeros)
        }
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("trex: error: {e:#}");
            1
        }
    }
}

/// The problem a clap error names, on one line: its first line without clap's `error: `.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("").trim();
    let mut out = first.strip_prefix("error: ").unwrap_or(first).to_string();
    // A list that follows (the missing arguments a `requires` names) belongs to it.
    if out.ends_with(':') {
        let items: Vec<&str> = lines.map(str::trim).take_while(|l| !l.is_empty()).collect();
        out = format!("{} {}", out, items.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    /// The command line as `main` parses it (`args.rs`, then clap), `stdin` not a terminal.
    fn parse(args: &[&str]) -> Result<Cli, String> {
        let p = args::prepare(v(args), false)?;
        Cli::try_parse_from(p.args).map_err(|e| one_line(&e))
    }

    fn run_args(args: &[&str]) -> RunArgs {
        match parse(args).unwrap().command {
            Command::Run(r) => r,
            c => panic!("not run: {c:?}"),
        }
    }

    #[test]
    fn single_dash_options_before_the_program() {
        let r = run_args(&[
            "trex",
            "run",
            "-output-dir=o",
            "--libc=none",
            "p.bc",
            "-x",
            "-yy",
        ]);
        assert_eq!(r.out.output_dir, Some(PathBuf::from("o")));
        assert_eq!(r.prog.libc, Some(Libc::None));
        assert_eq!(
            (r.program, r.args),
            (PathBuf::from("p.bc"), v(&["-x", "-yy"]))
        );
    }

    /// KLEE's option syntax in every order of options and values (each with its own form):
    /// the same run.
    #[test]
    fn options_in_any_order() {
        let opts: [&[&str]; 6] = [
            &["-output-dir", "o"],
            &["-max-time=5"],
            &["--libc", "none"],
            &["-emit-all-errors"],
            &["--search=dfs"],
            &["-max-forks", "3"],
        ];
        let mut order: Vec<usize> = (0..opts.len()).collect();
        let mut count = 0;
        // Heap's algorithm: every permutation.
        let mut c = vec![0; order.len()];
        let mut check = |order: &[usize]| {
            let mut args = vec!["trex"];
            for &i in order {
                args.extend_from_slice(opts[i]);
            }
            args.extend(["p.bc", "-max-time=9", "x"]);
            let r = run_args(&args);
            assert_eq!(r.out.output_dir, Some(PathBuf::from("o")), "{args:?}");
            assert_eq!(r.budgets.max_time, Some(std::time::Duration::from_secs(5)));
            assert_eq!(r.prog.libc, Some(Libc::None));
            assert!(r.emit_all_errors);
            assert_eq!(r.searcher.search, v(&["dfs"]));
            assert_eq!(r.forks.max_forks, Some(3));
            assert_eq!(
                (r.program, r.args),
                (PathBuf::from("p.bc"), v(&["-max-time=9", "x"]))
            );
            count += 1;
        };
        check(&order);
        let mut i = 0;
        while i < order.len() {
            if c[i] < i {
                order.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                check(&order);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert_eq!(count, 720);
    }

    #[test]
    fn klee_invocation_parses_as_run() {
        let r = run_args(&["trex", "-max-stack-frames", "100", "prog.ll", "a"]);
        assert_eq!(r.stack.max_stack_frames, 100);
        assert_eq!((r.program, r.args), (PathBuf::from("prog.ll"), v(&["a"])));
        assert_eq!(run_args(&["trex", "-"]).program, PathBuf::from("-"));
        assert_eq!(run_args(&["trex"]).program, PathBuf::from("-"));
        // clap's own checks of values, on one line.
        let e = parse(&["trex", "-max-time=soon", "p.bc"]).unwrap_err();
        assert!(e.starts_with("invalid value 'soon' for '--max-time"), "{e}");
        assert!(!e.contains('\n'));
        // A missing argument is named (clap lists it on the lines below its first).
        let e = parse(&["trex", "--pse-simplify=false", "p.bc"]).unwrap_err();
        assert!(e.ends_with("not provided: --pse"), "{e}");
        let r = run_args(&["trex", "--pse", "--pse-max-disjuncts", "5", "p.bc"]);
        let o = r.pse.options().expect("--pse");
        assert_eq!(
            (o.max_disjuncts, o.simplify, o.first_instance),
            (5, true, true)
        );
        assert!(run_args(&["trex", "p.bc"]).pse.options().is_none());
        assert!(matches!(
            parse(&["trex", "klee-options"]).unwrap().command,
            Command::KleeOptions(KleeOptionsArgs { markdown: false })
        ));
    }

    #[test]
    fn program_args_are_kept() {
        let cli = Cli::try_parse_from(v(&["trex", "run", "p.bc", "a", "--b", "-c"])).unwrap();
        let Command::Run(r) = cli.command else {
            panic!("not run")
        };
        assert_eq!(r.program, PathBuf::from("p.bc"));
        assert_eq!(r.args, v(&["a", "--b", "-c"]));
    }

    #[test]
    fn debug_is_global_and_optional_valued() {
        let debug = |args: &[&str]| {
            let p = args::prepare(v(args), false).unwrap();
            Cli::try_parse_from(p.args)
                .map(|c| c.debug)
                .map_err(|e| e.kind())
        };
        assert_eq!(debug(&["trex", "run", "p.bc"]), Ok(None));
        let dflt = Ok(Some(diag::DEBUG_DEFAULT.to_string()));
        assert_eq!(debug(&["trex", "run", "--debug", "p.bc"]), dflt);
        assert_eq!(
            debug(&["trex", "-debug", "run", "-max-time=1", "p.bc"]),
            dflt
        );
        assert_eq!(debug(&["trex", "verify", "--debug", "p.bc"]), dflt);
        assert_eq!(
            debug(&["trex", "replay", "--debug", "p.bc", "t.ktest"]),
            dflt
        );
        assert_eq!(
            debug(&["trex", "ktest", "show", "--debug", "t.ktest"]),
            dflt
        );
        assert_eq!(
            debug(&["trex", "run", "--debug=trex::itp=trace", "p.bc"]),
            Ok(Some("trex::itp=trace".into()))
        );
        // After the program's first argument it is the program's (as any option of trex).
        let cli = Cli::try_parse_from(v(&["trex", "run", "p.bc", "a", "--debug"])).unwrap();
        let Command::Run(r) = cli.command else {
            panic!("not run")
        };
        assert_eq!((cli.debug, r.args), (None, v(&["a", "--debug"])));
        assert_eq!(
            debug(&["trex", "run", "--debug=trex=loud", "p.bc"]),
            Err(clap::error::ErrorKind::ValueValidation)
        );
    }

    #[test]
    fn commands_are_well_formed() {
        <Cli as clap::CommandFactory>::command().debug_assert();
    }

    #[test]
    fn shared_options_in_every_command() {
        let common = ["--libc=none", "--entry-point=f", "--max-instructions=5"];
        for cmd in ["run", "verify", "replay"] {
            let mut args = v(&["trex", cmd]);
            args.extend(v(&common));
            args.extend(v(&["p.bc", "t.ktest"]));
            let (prog, insts) = match Cli::try_parse_from(&args).unwrap().command {
                Command::Run(a) => (a.prog, a.insts),
                Command::Verify(a) => (a.prog, a.insts),
                Command::Replay(a) => (a.prog, a.insts),
                Command::Ktest(_)
                | Command::Concolic(_)
                | Command::Cover(_)
                | Command::KleeOptions(_)
                | Command::Report(_)
                | Command::Stats(_) => unreachable!(),
            };
            assert_eq!(prog.libc, Some(Libc::None), "{cmd}");
            assert_eq!(prog.entry_point, "f", "{cmd}");
            assert_eq!(insts.max_instructions, 5, "{cmd}");
        }
        let budgets = [
            "--max-time=1min",
            "--max-forks=3",
            "--seed=7",
            "--no-interpolation",
        ];
        for cmd in ["run", "verify"] {
            let mut args = v(&["trex", cmd]);
            args.extend(v(&budgets));
            args.push("p.bc".into());
            let (b, forks, searcher, itp) = match Cli::try_parse_from(&args).unwrap().command {
                Command::Run(a) => (a.budgets, a.forks, a.searcher, a.itp),
                Command::Verify(a) => (a.budgets, a.forks, a.searcher, a.itp),
                _ => unreachable!(),
            };
            assert_eq!(
                b.max_time,
                Some(std::time::Duration::from_secs(60)),
                "{cmd}"
            );
            assert_eq!(b.max_memory, 2000, "{cmd}");
            assert_eq!(forks.max_forks, Some(3), "{cmd}");
            assert_eq!(searcher.seed(), 7, "{cmd}");
            assert!(itp.no_interpolation, "{cmd}");
        }
        // Replay has no search or budget options.
        assert!(Cli::try_parse_from(v(&["trex", "replay", "--seed=1", "p.bc", "t"])).is_err());
    }
}
