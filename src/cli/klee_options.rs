//! KLEE 3.2's command-line options and what trex does with each: the one table the command
//! line is parsed with (`args.rs`) and `trex klee-options` prints.
//!
//! Every option of KLEE's `klee` tool (its `--help` and `--help-hidden` lists, from
//! `tools/klee/main.cpp`, `lib/Core/{Executor,UserSearcher,StatsTracker,MemoryManager,
//! SpecialFunctionHandler,MergeHandler,ExecutionTree}.cpp`, `lib/Module/{KModule,Optimize}.cpp`,
//! `lib/Basic/CmdLineOptions.cpp`, `lib/Solver/*`, `lib/Expr/*`, `lib/Support/ErrorHandling.cpp`)
//! is here, with one of these treatments:
//! - implemented: trex has the option, with KLEE's meaning (under KLEE's name, or another);
//! - ignored with a warning: it cannot change what trex finds (it tunes KLEE's performance,
//!   or only KLEE's own self-checks and diagnostics);
//! - accepted for the values that are trex's behaviour anyway, refused for the others;
//! - refused with the reason (exit status 1): it changes results, or asks for output, that
//!   trex does not give. Never silently ignored.

/// How KLEE (LLVM's option parser) takes the option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// A boolean: `-opt` is true; a value only after `=` (`true`, `false`, `1`, `0`).
    Flag,
    /// One value: `-opt=v` or `-opt v`, at most once.
    Value,
    /// A value, repeatable.
    List,
}

/// What trex does with a value that is not trex's behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Otherwise {
    /// Refused, with the reason.
    Refused(&'static str),
    /// Accepted with a warning: `--opt <why>; ignored`.
    Ignored(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Implemented: trex's option of this name has KLEE's meaning.
    Trex(&'static str),
    /// Implemented for these values, each mapped to trex's value (a warning says so when it
    /// differs); the other values are refused with the reason.
    TrexValues {
        name: &'static str,
        values: &'static [(&'static str, &'static str)],
        otherwise: &'static str,
    },
    /// trex always behaves as KLEE does with one of these values: they are accepted (nothing to
    /// do); the others are handled as said.
    Fixed {
        values: &'static [&'static str],
        otherwise: Otherwise,
    },
    /// Accepted with a warning: `--opt <why>; ignored`.
    Ignored(&'static str),
    /// Refused, with the reason.
    Refused(&'static str),
}

pub struct KleeOption {
    /// Without dashes.
    pub name: &'static str,
    pub takes: Takes,
    pub kind: Kind,
}

// Reasons shared by several options.
const PERF: &str = "only tunes KLEE's performance";
const SELF_CHECK: &str = "only turns on KLEE's checks of itself";
const DIAG: &str = "only prints KLEE's debugging information";
const QUERY_LOG: &str = "only formats KLEE's query logs (trex writes none)";
const STATS_FILES: &str =
    "only sets how often KLEE writes run.stats / run.istats (trex writes run.istats at the end, run.stats by --stats-write-interval)";
const KDALLOC: &str =
    "only configures KLEE's allocator (trex's addresses are deterministic and never reused)";
const MERGE: &str = "state merging (klee_open_merge / klee_close_merge) is not implemented in trex";
const STATIC_PCT: &str =
    "trex does not measure solver time per instruction: only 1 (KLEE's default, no limit) is accepted";

const fn trex(name: &'static str) -> Kind {
    Kind::Trex(name)
}

/// Accepted when false (KLEE's default, trex's behaviour), refused when true.
const fn off_only(why: &'static str) -> Kind {
    Kind::Fixed {
        values: &["false"],
        otherwise: Otherwise::Refused(why),
    }
}

const fn opt(name: &'static str, takes: Takes, kind: Kind) -> KleeOption {
    KleeOption { name, takes, kind }
}

use Kind::{Ignored, Refused};
use Takes::{Flag, List, Value};

/// KLEE 3.2's options, by KLEE's categories (`klee --help`).
pub const KLEE_OPTIONS: &[KleeOption] = &[
    // Test case options.
    opt("write-no-tests", Flag, trex("write-no-tests")),
    opt("write-cvcs", Flag, off_only("trex writes no .cvc (STP) files")),
    opt("write-kqueries", Flag, trex("write-kqueries")),
    opt("write-smt2s", Flag, trex("write-smt2s")),
    opt("write-cov", Flag, trex("write-cov")),
    opt("write-test-info", Flag, trex("write-test-info")),
    opt("write-paths", Flag, trex("write-paths")),
    opt("write-sym-paths", Flag, trex("write-sym-paths")),
    opt("write-xml-tests", Flag, trex("write-xml-tests")),
    opt(
        "xml-metadata-programfile",
        Value,
        trex("xml-metadata-programfile"),
    ),
    opt(
        "xml-metadata-programhash",
        Value,
        trex("xml-metadata-programhash"),
    ),
    // Startup options.
    opt("entry-point", Value, trex("entry-point")),
    opt("run-in-dir", Value, trex("run-in-dir")),
    opt("output-dir", Value, trex("output-dir")),
    opt("env-file", Value, trex("env-file")),
    opt("optimize", Flag, trex("optimize")),
    opt(
        "warn-all-external-symbols",
        Flag,
        trex("warn-all-external-symbols"),
    ),
    // Linking options.
    opt(
        "libc",
        Value,
        Kind::TrexValues {
            name: "libc",
            values: &[
                ("none", "none"),
                ("klee", "klee"),
                ("uclibc", "musl"),
                ("musl", "musl"),
            ],
            otherwise: "KLEE's values are none, klee (string and memory functions) and uclibc \
                        (trex's full C library, musl)",
        },
    ),
    opt(
        "link-llvm-lib",
        List,
        Refused("linking further bitcode libraries is not implemented (link them into the program with llvm-link)"),
    ),
    opt("posix-runtime", Flag, trex("posix-runtime")),
    opt("ubsan-runtime", Flag, off_only("trex has no UBSan runtime")),
    opt(
        "runtime-build",
        Value,
        Ignored("only selects which build of KLEE's runtime libraries to link"),
    ),
    opt("libcxx", Flag, off_only("trex has no C++ library")),
    // Checks options.
    opt("check-div-zero", Flag, trex("check-div-zero")),
    opt("check-overshift", Flag, trex("check-overshift")),
    // Replaying options.
    // (KLEE replays several tests in one run; trex's option takes one, `trex replay` several.)
    opt("replay-ktest-file", Value, trex("replay-ktest-file")),
    opt(
        "replay-ktest-dir",
        List,
        Refused("not implemented: use `trex replay prog.bc DIR/*.ktest`"),
    ),
    opt("replay-path", Value, trex("replay-path")),
    // Seeding options.
    opt("seed-file", List, trex("seed-file")),
    opt("seed-dir", List, trex("seed-dir")),
    opt("always-output-seeds", Flag, trex("always-output-seeds")),
    opt("only-replay-seeds", Flag, trex("only-replay-seeds")),
    opt("only-seed", Flag, trex("only-seed")),
    opt("allow-seed-extension", Flag, trex("allow-seed-extension")),
    opt("zero-seed-extension", Flag, trex("zero-seed-extension")),
    opt("allow-seed-truncation", Flag, trex("allow-seed-truncation")),
    opt("named-seed-matching", Flag, trex("named-seed-matching")),
    opt("seed-time", Value, trex("seed-time")),
    // Test generation options.
    opt("dump-states-on-halt", Flag, trex("dump-states-on-halt")),
    opt(
        "only-output-states-covering-new",
        Flag,
        trex("only-output-states-covering-new"),
    ),
    opt("emit-all-errors", Flag, trex("emit-all-errors")),
    // State and overall termination options.
    opt("max-tests", Value, trex("max-tests")),
    opt("max-time", Value, trex("max-time")),
    opt("max-instructions", Value, trex("max-instructions")),
    opt("max-forks", Value, trex("max-forks")),
    opt("max-depth", Value, trex("max-depth")),
    opt("max-memory", Value, trex("max-memory")),
    opt("max-memory-inhibit", Flag, Ignored(PERF)),
    opt("max-stack-frames", Value, trex("max-stack-frames")),
    opt("exit-on-error", Flag, trex("exit-on-error")),
    opt("exit-on-error-type", List, trex("exit-on-error-type")),
    opt("max-static-fork-pct", Value, trex("max-static-fork-pct")),
    opt(
        "max-static-solve-pct",
        Value,
        Kind::Fixed {
            values: &["1"],
            otherwise: Otherwise::Refused(STATIC_PCT),
        },
    ),
    opt("max-static-cpfork-pct", Value, trex("max-static-cpfork-pct")),
    opt(
        "max-static-cpsolve-pct",
        Value,
        Kind::Fixed {
            values: &["1"],
            otherwise: Otherwise::Refused(STATIC_PCT),
        },
    ),
    opt(
        "max-static-pct-check-delay",
        Value,
        trex("max-static-pct-check-delay"),
    ),
    opt(
        "watchdog",
        Flag,
        Ignored("only makes KLEE enforce --max-time from another process (trex enforces it itself)"),
    ),
    opt("timer-interval", Value, Ignored(PERF)),
    // Search options.
    opt("search", List, trex("search")),
    opt("rng-initial-seed", Value, trex("seed")),
    opt(
        "use-iterative-deepening-search",
        Flag,
        off_only("iterative deepening search is not implemented in trex"),
    ),
    opt("batch-instructions", Value, trex("batch-instructions")),
    opt("batch-time", Value, trex("batch-time")),
    // State merging.
    opt("use-merge", Flag, off_only(MERGE)),
    opt("use-incomplete-merge", Flag, off_only(MERGE)),
    opt("debug-log-merge", Flag, Ignored(DIAG)),
    opt("debug-log-incomplete-merge", Flag, Ignored(DIAG)),
    // External call policy options.
    opt("external-calls", Value, trex("external-calls")),
    opt("external-call-warnings", Value, trex("external-call-warnings")),
    opt("load", List, trex("load")),
    // Memory management options.
    opt("kdalloc", Flag, trex("kdalloc")),
    opt("kdalloc-mark-as-unneeded", Flag, Ignored(KDALLOC)),
    opt("kdalloc-globals-size", Value, Ignored(KDALLOC)),
    opt("kdalloc-constants-size", Value, Ignored(KDALLOC)),
    opt("kdalloc-heap-size", Value, Ignored(KDALLOC)),
    opt("kdalloc-stack-size", Value, Ignored(KDALLOC)),
    opt("kdalloc-globals-start-address", Value, Ignored(KDALLOC)),
    opt("kdalloc-constants-start-address", Value, Ignored(KDALLOC)),
    opt("kdalloc-heap-start-address", Value, Ignored(KDALLOC)),
    opt("kdalloc-stack-start-address", Value, Ignored(KDALLOC)),
    opt("kdalloc-external-page-threshold", Value, Ignored(KDALLOC)),
    opt(
        "kdalloc-quarantine",
        Value,
        Kind::Fixed {
            values: &["-1"],
            otherwise: Otherwise::Refused(
                "trex never reuses a freed address (KLEE's unlimited quarantine, -1): with a \
                 bounded one an access through a freed pointer could reach a later object",
            ),
        },
    ),
    opt(
        "return-null-on-zero-malloc",
        Flag,
        off_only("malloc(0) returning NULL is not implemented in trex"),
    ),
    opt(
        "single-object-resolution",
        Flag,
        off_only("trex resolves a symbolic address to every object it may designate"),
    ),
    opt(
        "max-sym-array-size",
        Value,
        Kind::Fixed {
            values: &["0"],
            otherwise: Otherwise::Refused(
                "trex does not concretize symbolic addresses into large arrays (only 0, \
                 KLEE's default, is accepted)",
            ),
        },
    ),
    opt("simplify-sym-indices", Flag, Ignored(PERF)),
    opt("equality-substitution", Flag, Ignored(PERF)),
    // Module-related options.
    opt("output-source", Flag, trex("output-source")),
    opt("output-module", Flag, off_only("trex does not write final.bc")),
    opt("switch-type", Value, Ignored(PERF)),
    opt("debug-print-escaping-functions", Flag, Ignored(DIAG)),
    opt("disable-verify", Flag, Ignored(PERF)),
    opt("klee-call-optimisation", Flag, Ignored(PERF)),
    opt("disable-inlining", Flag, Ignored(PERF)),
    opt("disable-internalize", Flag, Ignored(PERF)),
    opt("verify-each", Flag, Ignored(SELF_CHECK)),
    // Special functions.
    opt("silent-klee-assume", Flag, trex("silent-klee-assume")),
    opt(
        "readable-posix-inputs",
        Flag,
        off_only("preferring printable POSIX inputs in tests is not implemented (KLEE's default is off)"),
    ),
    // Statistics.
    opt(
        "output-stats",
        Flag,
        Kind::Fixed {
            values: &["true"],
            otherwise: Otherwise::Ignored("is not honoured: trex always writes run.stats"),
        },
    ),
    opt(
        "output-istats",
        Flag,
        Kind::Fixed {
            values: &["true"],
            otherwise: Otherwise::Ignored("is not honoured: trex always writes run.istats"),
        },
    ),
    opt("stats-write-interval", Value, trex("stats-write-interval")),
    opt("stats-write-after-instructions", Value, Ignored(STATS_FILES)),
    opt("istats-write-interval", Value, Ignored(STATS_FILES)),
    opt("istats-write-after-instructions", Value, Ignored(STATS_FILES)),
    opt("uncovered-update-interval", Value, Ignored(PERF)),
    opt("use-call-paths", Flag, Ignored(PERF)),
    opt(
        "track-instruction-time",
        Flag,
        Ignored("only adds instruction times to KLEE's statistics"),
    ),
    opt(
        "write-exec-tree",
        Flag,
        off_only("trex writes no exec_tree.db (its --output-tree writes tree.dot)"),
    ),
    // Debugging options.
    opt(
        "debug-print-instructions",
        List,
        Refused("trex writes no instruction log"),
    ),
    opt("debug-compress-instructions", Flag, Ignored(DIAG)),
    opt("debug-check-for-implied-values", Flag, Ignored(SELF_CHECK)),
    opt(
        "make-concrete-symbolic",
        Value,
        Kind::Fixed {
            values: &["0"],
            otherwise: Otherwise::Refused(
                "making concrete reads symbolic is not implemented in trex",
            ),
        },
    ),
    opt(
        "warnings-only-to-file",
        Flag,
        Ignored("only keeps KLEE's warnings off stderr (trex prints them there too)"),
    ),
    // Constraint solving options.
    opt("max-solver-time", Value, trex("max-solver-time")),
    opt(
        "solver-backend",
        Value,
        Kind::Fixed {
            values: &["z3"],
            otherwise: Otherwise::Ignored("only selects KLEE's SMT solver (trex always uses Z3)"),
        },
    ),
    opt("use-forked-solver", Flag, Ignored(PERF)),
    opt("use-fast-cex-solver", Flag, Ignored(PERF)),
    opt("use-cex-cache", Flag, Ignored(PERF)),
    opt("use-branch-cache", Flag, Ignored(PERF)),
    opt("use-independent-solver", Flag, Ignored(PERF)),
    opt("solver-optimize-divides", Flag, Ignored(PERF)),
    opt("cex-cache-try-all", Flag, Ignored(PERF)),
    opt("cex-cache-superset", Flag, Ignored(PERF)),
    opt("cex-cache-exp", Flag, Ignored(PERF)),
    opt("use-visitor-hash", Flag, Ignored(PERF)),
    opt("const-array-opt", Flag, Ignored(PERF)),
    opt("optimize-array", Value, Ignored(PERF)),
    opt("array-value-ratio", Value, Ignored(PERF)),
    opt("array-value-symb-ratio", Value, Ignored(PERF)),
    opt("use-construct-hash-stp", Flag, Ignored(PERF)),
    opt("use-construct-hash-z3", Flag, Ignored(PERF)),
    opt("use-construct-hash-metasmt", Flag, Ignored(PERF)),
    opt("metasmt-backend", Value, Ignored(PERF)),
    opt(
        "ignore-solver-failures",
        Flag,
        Ignored("only concerns STP, which trex does not use"),
    ),
    opt("debug-validate-solver", Flag, Ignored(SELF_CHECK)),
    opt("debug-assignment-validating-solver", Flag, Ignored(SELF_CHECK)),
    opt("debug-crosscheck-core-solver", Value, Ignored(SELF_CHECK)),
    opt("debug-z3-validate-models", Flag, Ignored(SELF_CHECK)),
    opt("debug-dump-stp-queries", Flag, Ignored(DIAG)),
    opt("debug-z3-dump-queries", Value, Ignored(DIAG)),
    opt("debug-z3-verbosity", Value, Ignored(DIAG)),
    opt("debug-z3-log-api-interaction", Value, Ignored(DIAG)),
    opt("use-query-log", List, Refused("trex writes no query logs")),
    opt("min-query-time-to-log", Value, Ignored(QUERY_LOG)),
    opt("log-timed-out-queries", Flag, Ignored(QUERY_LOG)),
    opt("smtlib-display-constants", Value, Ignored(QUERY_LOG)),
    opt("smtlib-human-readable", Flag, Ignored(QUERY_LOG)),
    opt("smtlib-abbreviation-mode", Value, Ignored(QUERY_LOG)),
];

/// The row of a KLEE option.
pub fn find(name: &str) -> Option<&'static KleeOption> {
    KLEE_OPTIONS.iter().find(|o| o.name == name)
}

/// Whether `value` is one of `values`: as written, or as the same number (`1` and `1.0`).
pub fn value_in(value: &str, values: &[&str]) -> bool {
    values.iter().any(|v| {
        *v == value
            || matches!(
                (v.parse::<f64>(), value.parse::<f64>()),
                (Ok(a), Ok(b)) if a == b
            )
    })
}

/// How trex treats the option, in a few words (`trex klee-options`).
pub fn treatment(o: &KleeOption) -> String {
    let dashed = |v: &str| format!("--{}={v}", o.name);
    match o.kind {
        Kind::Trex(n) if n == o.name => "implemented".into(),
        Kind::Trex(n) => format!("implemented, as trex's --{n}"),
        Kind::TrexValues {
            name,
            values,
            otherwise,
        } => {
            let vs: Vec<String> = values
                .iter()
                .map(|(k, t)| {
                    if k == t {
                        dashed(k)
                    } else {
                        format!("{} (as --{name}={t})", dashed(k))
                    }
                })
                .collect();
            format!(
                "implemented for {}; other values refused: {otherwise}",
                vs.join(", ")
            )
        }
        Kind::Fixed { values, otherwise } => {
            let vs: Vec<String> = values.iter().map(|v| dashed(v)).collect();
            let other = match otherwise {
                Otherwise::Refused(why) => format!("refused: {why}"),
                Otherwise::Ignored(why) => format!("accepted with a warning: {why}"),
            };
            format!(
                "accepted as {} (trex's behaviour); otherwise {other}",
                vs.join(", ")
            )
        }
        Kind::Ignored(why) => format!("accepted with a warning: {why}"),
        Kind::Refused(why) => format!("refused: {why}"),
    }
}

/// The list `trex klee-options` prints: one line per option.
pub fn listing() -> String {
    let mut s = String::from("KLEE 3.2's options and how trex treats them:\n");
    for o in KLEE_OPTIONS {
        s.push_str(&format!("  --{:<36} {}\n", o.name, treatment(o)));
    }
    s
}

/// The options grouped by treatment, in Markdown (`trex klee-options --markdown`; README's
/// "Differences from KLEE" holds it).
pub fn markdown() -> String {
    let (mut implemented, mut fixed, mut refused) = (Vec::new(), Vec::new(), Vec::new());
    // (Reason, options) in the order the reasons first appear.
    let mut ignored: Vec<(&str, Vec<String>)> = Vec::new();
    for o in KLEE_OPTIONS {
        let name = format!("`--{}`", o.name);
        match o.kind {
            Kind::Trex(n) if n == o.name => implemented.push(name),
            Kind::Trex(_) | Kind::TrexValues { .. } => {
                let t = treatment(o);
                let how = t
                    .trim_start_matches("implemented")
                    .trim_start_matches([',', ' ']);
                implemented.push(format!("{name} ({how})"));
            }
            Kind::Fixed { .. } => fixed.push(format!("- {name}: {}", treatment(o))),
            Kind::Ignored(why) => {
                let why = why.strip_prefix("only ").unwrap_or(why);
                match ignored.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, names)) => names.push(name),
                    None => ignored.push((why, vec![name])),
                }
            }
            Kind::Refused(why) => refused.push(format!("- {name}: {why}")),
        }
    }
    let mut s = format!(
        "**Implemented** ({}): {}.\n\n",
        implemented.len(),
        implemented.join(", ")
    );
    s.push_str(&format!(
        "**Accepted at KLEE's default value, which is trex's behaviour** ({}):\n\n{}\n\n",
        fixed.len(),
        fixed.join("\n")
    ));
    let n: usize = ignored.iter().map(|(_, v)| v.len()).sum();
    s.push_str(&format!(
        "**Accepted with a warning** ({n}), because the option only\n\n"
    ));
    for (why, names) in &ignored {
        s.push_str(&format!("- {why}: {}\n", names.join(", ")));
    }
    s.push_str(&format!(
        "\n**Refused, with the reason** ({}):\n\n{}\n",
        refused.len(),
        refused.join("\n")
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn one_row_per_option() {
        let mut seen = HashSet::new();
        for o in KLEE_OPTIONS {
            assert!(seen.insert(o.name), "--{} twice", o.name);
            assert!(
                !o.name.starts_with('-') && !o.name.contains('='),
                "{}",
                o.name
            );
        }
    }

    #[test]
    fn fixed_flags_name_boolean_values() {
        for o in KLEE_OPTIONS {
            if let (Takes::Flag, Kind::Fixed { values, .. }) = (o.takes, o.kind) {
                assert!(
                    values.iter().all(|v| *v == "true" || *v == "false"),
                    "--{}",
                    o.name
                );
            }
        }
    }

    #[test]
    fn numeric_values_compare_as_numbers() {
        assert!(value_in("1.0", &["1"]));
        assert!(value_in("1.", &["1"]));
        assert!(!value_in("0.5", &["1"]));
        assert!(value_in("none", &["none"]));
        assert!(!value_in("concrete", &["none"]));
    }

    #[test]
    fn listing_names_every_option_once() {
        let l = listing();
        for o in KLEE_OPTIONS {
            let needle = format!("  --{} ", o.name);
            assert_eq!(l.matches(&needle).count(), 1, "--{}", o.name);
        }
        assert!(l.contains("--rng-initial-seed"));
        assert!(l.contains("implemented, as trex's --seed"));
    }

    /// README's "Differences from KLEE" holds the grouped list (regenerate it with `trex
    /// klee-options --markdown` when the table changes), and every option is in it.
    #[test]
    fn readme_has_the_grouped_list() {
        let md = markdown();
        for o in KLEE_OPTIONS {
            assert!(md.contains(&format!("`--{}`", o.name)), "--{}", o.name);
        }
        let readme = include_str!("../../README.md");
        assert!(
            readme.contains(&md),
            "README.md: run `trex klee-options --markdown`"
        );
    }
}
