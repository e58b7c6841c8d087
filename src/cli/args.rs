//! The command line before clap sees it: KLEE's invocation and option syntax.
//!
//! `trex [options] prog.bc|prog.ll|- [program args]` is `trex run ...`: a first word that is
//! not a command's name means KLEE's invocation (options may come before the command too).
//! Options are written as KLEE's (LLVM's) parser takes them: `-opt`, `--opt`, `-opt=v`,
//! `-opt v`, `--opt v`, booleans `-opt` or `-opt=true/false/1/0`, in any order. To skip an
//! option's value (`-output-dir out`) the rewriting must know which options take one: KLEE's
//! from the table of `klee_options.rs`, trex's own from clap's definitions. The first word that
//! is not an option (nor an option's value) is the program; everything after it is the
//! program's and is never rewritten.
//!
//! For `trex run` the options are checked here (unknown, refused, ignored with a warning,
//! given twice) and handed to clap as `--name=value`, each once, the program after `--`.
//! The other commands keep clap's own checks; only their single-dash options are rewritten.

use std::collections::HashSet;

use clap::{ArgAction, CommandFactory};

use super::klee_options::{self, Kind, Otherwise, Takes};
use super::Cli;

/// The command line, ready for clap.
#[derive(Debug, PartialEq, Eq)]
pub struct Prepared {
    pub args: Vec<String>,
    /// `trex: warning: ...` lines about options accepted but ignored.
    pub warnings: Vec<String>,
    /// The command is `run` (KLEE's invocation or `trex run`): its usage errors are KLEE's,
    /// one line and exit status 1.
    pub run: bool,
}

/// How an option takes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    /// A boolean flag of clap (`ArgAction::SetTrue`): given or not.
    Switch,
    /// A boolean of clap written `--opt[=true|false]`.
    Bool,
    /// A value only after `=` (`--debug[=FILTER]`).
    OptionalValue,
    /// A value, `=v` or the next word; `repeat`: may be given several times.
    Value { repeat: bool },
    /// `--help`, `--version`: clap answers them.
    Info,
}

/// The options of a clap command (and the root's global ones), by long name.
struct ClapOptions {
    args: Vec<(String, Arity)>,
    /// Short names (`-j`) and their long ones.
    shorts: Vec<(String, String)>,
}

impl ClapOptions {
    fn of(cmd: &clap::Command, root: &clap::Command) -> ClapOptions {
        let mut args = Vec::new();
        let mut shorts = Vec::new();
        for a in cmd.get_arguments().chain(root.get_arguments()) {
            let Some(long) = a.get_long() else { continue };
            if let Some(c) = a.get_short() {
                shorts.push((c.to_string(), long.to_string()));
            }
            let arity = match a.get_action() {
                ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong => Arity::Info,
                ArgAction::Version => Arity::Info,
                ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count => Arity::Switch,
                action => {
                    let optional = a.get_num_args().is_some_and(|n| n.min_values() == 0);
                    let values: Vec<String> = a
                        .get_possible_values()
                        .iter()
                        .map(|p| p.get_name().to_string())
                        .collect();
                    if optional && values == ["true", "false"] {
                        Arity::Bool
                    } else if optional {
                        Arity::OptionalValue
                    } else {
                        Arity::Value {
                            repeat: matches!(action, ArgAction::Append),
                        }
                    }
                }
            };
            args.push((long.to_string(), arity));
        }
        ClapOptions { args, shorts }
    }

    fn get(&self, name: &str) -> Option<Arity> {
        let name = self.long(name);
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| *a)
    }

    /// The long name of an option given by its short one (`j`: `threads`).
    fn long<'a>(&'a self, name: &'a str) -> &'a str {
        self.shorts
            .iter()
            .find(|(s, _)| s == name)
            .map_or(name, |(_, l)| l.as_str())
    }
}

/// `-opt=v` / `--opt v` split: the name without dashes, the value given with `=`.
fn split_option(word: &str) -> (&str, Option<&str>) {
    let body = word
        .strip_prefix("--")
        .or_else(|| word.strip_prefix('-'))
        .unwrap_or(word);
    match body.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (body, None),
    }
}

fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-')
}

/// LLVM's boolean values.
fn parse_bool(name: &str, v: &str) -> Result<bool, String> {
    match v {
        "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err(format!("--{name}={v}: not a boolean (true, false, 1 or 0)")),
    }
}

/// Names LLVM's parser gives its help and version options.
fn info_option(name: &str) -> Option<&'static str> {
    match name {
        "help" | "help-hidden" | "help-list" | "help-list-hidden" | "h" => Some("--help"),
        "version" | "V" => Some("--version"),
        _ => None,
    }
}

/// Prepares `raw` (`argv[0]` first). `stdin_is_terminal`: with no program given, KLEE reads
/// stdin (its input file defaults to `-`); from a terminal that is a mistake, reported.
pub fn prepare(raw: Vec<String>, stdin_is_terminal: bool) -> Result<Prepared, String> {
    let root = Cli::command();
    let run_cmd = root.find_subcommand("run").expect("run command");
    let run_opts = ClapOptions::of(run_cmd, &root);
    let mut words = raw.into_iter();
    let argv0 = words.next().unwrap_or_else(|| "trex".into());
    let words: Vec<String> = words.collect();

    // The first word that is neither an option nor an option's value: a command's name, or
    // (KLEE's invocation) the program.
    let mut first = None;
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if w == "--" {
            break;
        }
        if !is_option(w) {
            first = Some(i);
            break;
        }
        let (name, inline) = split_option(w);
        if inline.is_none() && takes_next_word(name, &run_opts) {
            i += 1;
        }
        i += 1;
    }
    // `trex --help`, `trex -version`: trex's own, not `run`'s.
    let info = |w: &String| is_option(w) && info_option(split_option(w).0).is_some();
    if !words.is_empty() && words.iter().all(info) {
        let mut args = vec![argv0];
        args.extend(
            words
                .iter()
                .filter_map(|w| info_option(split_option(w).0))
                .map(String::from),
        );
        return Ok(Prepared {
            args,
            warnings: Vec::new(),
            run: false,
        });
    }
    let command = first
        .map(|i| words[i].as_str())
        .filter(|w| root.find_subcommand(w).is_some() || *w == "help");
    match command {
        Some(cmd @ ("run" | "concolic" | "cover")) => {
            // (`trex concolic` and `trex cover` take `trex run`'s command line.)
            let i = first.unwrap();
            let mut rest = words[..i].to_vec();
            rest.extend_from_slice(&words[i + 1..]);
            let opts = ClapOptions::of(root.find_subcommand(cmd).expect("a command"), &root);
            prepare_run(argv0, cmd, rest, &opts, stdin_is_terminal)
        }
        Some(cmd) => {
            let i = first.unwrap();
            let opts = match root.find_subcommand(cmd) {
                Some(c) => ClapOptions::of(c, &root),
                None => ClapOptions::of(&root, &root),
            };
            let mut args = vec![argv0, cmd.to_string()];
            args.extend(rewrite_other(&words[..i], &opts)?);
            args.extend(rewrite_other(&words[i + 1..], &opts)?);
            Ok(Prepared {
                args,
                warnings: Vec::new(),
                run: false,
            })
        }
        None => prepare_run(argv0, "run", words, &run_opts, stdin_is_terminal),
    }
}

/// Whether an option written without `=` takes the next word as its value.
fn takes_next_word(name: &str, run_opts: &ClapOptions) -> bool {
    if let Some(o) = klee_options::find(name) {
        return o.takes != Takes::Flag;
    }
    matches!(run_opts.get(name), Some(Arity::Value { .. }))
}

/// `trex run`'s words (options, program, its arguments) to clap's form (`cmd`: `run`, or
/// `concolic`, which takes the same command line).
fn prepare_run(
    argv0: String,
    cmd: &str,
    words: Vec<String>,
    opts: &ClapOptions,
    stdin_is_terminal: bool,
) -> Result<Prepared, String> {
    let mut args = vec![argv0, cmd.to_string()];
    let mut warnings = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut info = false;
    let mut words = words.into_iter();
    let mut program = None;
    while let Some(w) = words.next() {
        if w == "--" {
            program = words.next();
            break;
        }
        if !is_option(&w) {
            program = Some(w);
            break;
        }
        let (name, inline) = split_option(&w);
        let (name, inline) = (opts.long(name).to_string(), inline.map(str::to_string));
        if let Some(flag) = info_option(&name) {
            args.push(flag.into());
            info = true;
            continue;
        }
        // The option's value: after `=`, or (options that take one) the next word.
        let mut value = |takes_value: bool| -> Result<Option<String>, String> {
            match (&inline, takes_value) {
                (Some(v), _) => Ok(Some(v.clone())),
                (None, true) => words
                    .next()
                    .map(Some)
                    .ok_or_else(|| format!("--{name} needs a value")),
                (None, false) => Ok(None),
            }
        };
        let mut once = |key: &str, repeat: bool| -> Result<(), String> {
            if !repeat && !seen.insert(key.to_string()) {
                return Err(format!("--{key} given more than once"));
            }
            Ok(())
        };
        if let Some(o) = klee_options::find(&name) {
            let v = value(o.takes != Takes::Flag)?;
            let v = match (o.takes, v) {
                (Takes::Flag, None) => "true".to_string(),
                (Takes::Flag, Some(v)) => parse_bool(&name, &v)?.to_string(),
                (_, v) => v.unwrap_or_default(),
            };
            match o.kind {
                Kind::Trex(t) => {
                    // (`the_table_matches_trex_run` checks that every row names one.)
                    let arity = opts
                        .get(t)
                        .ok_or_else(|| format!("--{name}: no trex option --{t}"))?;
                    once(t, o.takes == Takes::List)?;
                    push_trex(&mut args, t, arity, &v);
                }
                Kind::TrexValues {
                    name: t,
                    values,
                    otherwise,
                } => {
                    let Some((_, mapped)) = values.iter().find(|(k, _)| *k == v) else {
                        return Err(format!("--{name}={v}: {otherwise}"));
                    };
                    if *mapped != v {
                        warnings.push(format!(
                            "trex: warning: --{name}={v}: trex uses --{t}={mapped} instead"
                        ));
                    }
                    once(t, false)?;
                    args.push(format!("--{t}={mapped}"));
                }
                Kind::Fixed { values, otherwise } => {
                    once(&name, o.takes == Takes::List)?;
                    if !klee_options::value_in(&v, values) {
                        match otherwise {
                            Otherwise::Refused(why) => {
                                return Err(format!("--{name}={v}: {why}"));
                            }
                            Otherwise::Ignored(why) => warnings.push(ignored(&name, why)),
                        }
                    }
                }
                Kind::Ignored(why) => {
                    once(&name, o.takes == Takes::List)?;
                    warnings.push(ignored(&name, why));
                }
                Kind::Refused(why) => return Err(format!("--{name}: {why}")),
            }
            continue;
        }
        let Some(arity) = opts.get(&name) else {
            let shown = w.split('=').next().unwrap_or(&w);
            return Err(format!(
                "unknown option {shown} (`trex run --help` lists trex's options, \
                 `trex klee-options` KLEE's)"
            ));
        };
        if arity == Arity::Info {
            args.push(format!("--{name}"));
            info = true;
            continue;
        }
        once(&name, matches!(arity, Arity::Value { repeat: true }))?;
        match (arity, value(matches!(arity, Arity::Value { .. }))?) {
            (Arity::Switch | Arity::Bool, v) => {
                let b = match v {
                    Some(v) => parse_bool(&name, &v)?,
                    None => true,
                };
                push_trex(&mut args, &name, arity, &b.to_string())
            }
            // `--debug` alone (a value option always has its value here).
            (_, None) => args.push(format!("--{name}")),
            (_, Some(v)) => push_trex(&mut args, &name, arity, &v),
        }
    }
    let program = match program {
        Some(p) => p,
        // clap answers --help / --version before it misses the program.
        None if info => {
            return Ok(Prepared {
                args,
                warnings,
                run: true,
            })
        }
        None if stdin_is_terminal => {
            return Err("no program given (usage: trex [options] prog.bc|prog.ll|- \
                        [program args]; `trex --help` for more)"
                .into())
        }
        // KLEE's input file defaults to `-`: the bitcode is read from stdin.
        None => "-".into(),
    };
    args.push("--".into());
    args.push(program);
    args.extend(words);
    Ok(Prepared {
        args,
        warnings,
        run: true,
    })
}

fn ignored(name: &str, why: &str) -> String {
    format!("trex: warning: --{name} {why}; ignored")
}

/// One trex option for clap, its value normalized (`v` is `true` / `false` for booleans).
fn push_trex(args: &mut Vec<String>, name: &str, arity: Arity, v: &str) {
    match arity {
        // A switch given as false is not given.
        Arity::Switch => {
            if v == "true" {
                args.push(format!("--{name}"));
            }
        }
        Arity::Bool | Arity::Value { .. } | Arity::OptionalValue => {
            args.push(format!("--{name}={v}"))
        }
        Arity::Info => args.push(format!("--{name}")),
    }
}

/// The options of a command other than `run`, up to its first positional word: `-opt` becomes
/// `--opt`, an option's separate value is skipped, a boolean switch's `=true/false/1/0` is
/// applied; the rest is left to clap.
fn rewrite_other(words: &[String], opts: &ClapOptions) -> Result<Vec<String>, String> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if w == "--" || !is_option(w) {
            out.extend_from_slice(&words[i..]);
            break;
        }
        let (name, inline) = split_option(w);
        let name = opts.long(name);
        if let Some(flag) = info_option(name) {
            out.push(flag.into());
        } else {
            match (opts.get(name), inline) {
                (Some(Arity::Switch), Some(v)) => {
                    if parse_bool(name, v)? {
                        out.push(format!("--{name}"));
                    }
                }
                (Some(Arity::Value { .. }), Some(v)) => out.push(format!("--{name}={v}")),
                (Some(Arity::Value { .. }), None) => {
                    out.push(format!("--{name}"));
                    if let Some(v) = words.get(i + 1) {
                        out.push(v.clone());
                        i += 1;
                    }
                }
                // One-letter options stay (clap's `-h`); unknown ones are clap's to report.
                _ if w.starts_with("--") || name.len() == 1 => out.push(w.clone()),
                _ => out.push(format!("-{w}")),
            }
        }
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    fn prep(s: &[&str]) -> Result<Prepared, String> {
        prepare(v(s), true)
    }

    fn run_args(s: &[&str]) -> Vec<String> {
        prep(s).unwrap().args
    }

    #[test]
    fn klee_invocation_is_run() {
        assert_eq!(
            run_args(&["trex", "p.bc", "a", "-b"]),
            v(&["trex", "run", "--", "p.bc", "a", "-b"])
        );
        assert_eq!(
            run_args(&["trex", "run", "p.bc"]),
            v(&["trex", "run", "--", "p.bc"])
        );
        // Options before the command belong to it.
        assert_eq!(
            run_args(&["trex", "-max-time=5", "run", "p.bc"]),
            v(&["trex", "run", "--max-time=5", "--", "p.bc"])
        );
        assert!(prep(&["trex", "p.bc"]).unwrap().run);
        assert!(!prep(&["trex", "verify", "p.bc"]).unwrap().run);
    }

    #[test]
    fn short_names_are_their_long_ones() {
        let want = v(&["trex", "run", "--threads=2", "--", "p.bc", "-j", "3"]);
        for form in [&["-j", "2"][..], &["-j=2"], &["--threads", "2"]] {
            let mut a = vec!["trex"];
            a.extend_from_slice(form);
            a.extend(["p.bc", "-j", "3"]);
            assert_eq!(run_args(&a), want, "{form:?}");
        }
        // trex verify (clap checks its options): `-j 2` is `--threads 2`.
        assert_eq!(
            run_args(&["trex", "verify", "-j", "2", "p.c"]),
            v(&["trex", "verify", "--threads", "2", "p.c"])
        );
        assert_eq!(
            run_args(&["trex", "verify", "-j=2", "p.c"]),
            v(&["trex", "verify", "--threads=2", "p.c"])
        );
    }

    #[test]
    fn every_syntax_form() {
        let want = v(&["trex", "run", "--output-dir=out", "--", "p.bc"]);
        for form in [
            &["-output-dir=out"][..],
            &["--output-dir=out"],
            &["-output-dir", "out"],
            &["--output-dir", "out"],
        ] {
            let mut a = vec!["trex"];
            a.extend_from_slice(form);
            a.push("p.bc");
            assert_eq!(run_args(&a), want, "{form:?}");
        }
        // Booleans: given, or =true/false/1/0 (never the next word).
        for (form, on) in [
            ("-emit-all-errors", true),
            ("--emit-all-errors=true", true),
            ("-emit-all-errors=1", true),
            ("-emit-all-errors=TRUE", true),
            ("-emit-all-errors=false", false),
            ("--emit-all-errors=0", false),
        ] {
            let got = run_args(&["trex", form, "p.bc"]);
            assert_eq!(got.contains(&"--emit-all-errors".to_string()), on, "{form}");
            assert!(got.ends_with(&v(&["--", "p.bc"])), "{form}: {got:?}");
        }
        assert_eq!(
            run_args(&["trex", "-dump-states-on-halt=0", "p.bc"]),
            v(&["trex", "run", "--dump-states-on-halt=false", "--", "p.bc"])
        );
        assert!(prep(&["trex", "-emit-all-errors=yes", "p.bc"])
            .unwrap_err()
            .contains("not a boolean"));
    }

    /// The bug of the single-dash rewriting: a dash-less value ended it.
    #[test]
    fn a_separate_value_does_not_end_the_options() {
        assert_eq!(
            run_args(&[
                "trex",
                "run",
                "-output-dir",
                "out",
                "-max-time=5",
                "p.bc",
                "-x"
            ]),
            v(&[
                "trex",
                "run",
                "--output-dir=out",
                "--max-time=5",
                "--",
                "p.bc",
                "-x"
            ])
        );
    }

    #[test]
    fn program_arguments_are_never_rewritten() {
        assert_eq!(
            run_args(&[
                "trex",
                "-libc=none",
                "p.bc",
                "-max-time=5",
                "--debug",
                "-",
                "--"
            ]),
            v(&[
                "trex",
                "run",
                "--libc=none",
                "--",
                "p.bc",
                "-max-time=5",
                "--debug",
                "-",
                "--"
            ])
        );
        // After `--` the next word is the program, even one that looks like an option.
        assert_eq!(
            run_args(&["trex", "--", "-odd.bc", "x"]),
            v(&["trex", "run", "--", "-odd.bc", "x"])
        );
    }

    #[test]
    fn stdin_program() {
        assert_eq!(run_args(&["trex", "-"]), v(&["trex", "run", "--", "-"]));
        // No program: stdin, unless it is a terminal.
        assert_eq!(
            prepare(v(&["trex", "-max-time=1"]), false).unwrap().args,
            v(&["trex", "run", "--max-time=1", "--", "-"])
        );
        let e = prep(&["trex", "-max-time=1"]).unwrap_err();
        assert!(e.starts_with("no program given"), "{e}");
        assert!(prep(&["trex"]).unwrap_err().starts_with("no program given"));
        // Help needs no program; alone it is trex's.
        assert_eq!(run_args(&["trex", "-help"]), v(&["trex", "--help"]));
        assert_eq!(run_args(&["trex", "-version"]), v(&["trex", "--version"]));
        assert_eq!(
            run_args(&["trex", "-max-time=1", "-help"]),
            v(&["trex", "run", "--max-time=1", "--help"])
        );
    }

    #[test]
    fn klee_options_are_implemented_ignored_or_refused() {
        // Implemented under another name.
        assert_eq!(
            run_args(&["trex", "-rng-initial-seed", "9", "p.bc"]),
            v(&["trex", "run", "--seed=9", "--", "p.bc"])
        );
        assert!(prep(&["trex", "-rng-initial-seed=9", "--seed=3", "p.bc"])
            .unwrap_err()
            .contains("--seed given more than once"));
        // Performance only: a warning, nothing for clap.
        let p = prep(&[
            "trex",
            "--use-cex-cache=false",
            "-use-forked-solver",
            "p.bc",
        ])
        .unwrap();
        assert_eq!(p.args, v(&["trex", "run", "--", "p.bc"]));
        assert_eq!(
            p.warnings,
            v(&[
                "trex: warning: --use-cex-cache only tunes KLEE's performance; ignored",
                "trex: warning: --use-forked-solver only tunes KLEE's performance; ignored"
            ])
        );
        // A value that is trex's behaviour is accepted silently, another refused.
        let p = prep(&["trex", "-output-module=false", "p.bc"]).unwrap();
        assert_eq!((p.args.len(), p.warnings.len()), (4, 0), "{p:?}");
        let e = prep(&["trex", "-output-module=true", "p.bc"]).unwrap_err();
        assert!(e.starts_with("--output-module=true: "), "{e}");
        // A boolean trex implements is passed on with its value.
        let p = prep(&["trex", "-check-div-zero=0", "p.bc"]).unwrap();
        assert!(
            p.args.iter().any(|a| a == "--check-div-zero=false"),
            "{p:?}"
        );
        // KLEE's external-call options are trex's, repeatable --load included.
        let p = prep(&[
            "trex",
            "-external-calls",
            "all",
            "-load=a.so",
            "-load",
            "b.so",
            "p.bc",
        ]);
        let p = p.unwrap();
        for a in ["--external-calls=all", "--load=a.so", "--load=b.so"] {
            assert!(p.args.iter().any(|x| x == a), "{a}: {p:?}");
        }
        assert!(prep(&["trex", "-max-static-fork-pct=0.5", "p.bc"]).is_ok());
        assert!(prep(&["trex", "-max-static-solve-pct=1.0", "p.bc"]).is_ok());
        assert!(prep(&["trex", "-max-static-solve-pct=0.5", "p.bc"]).is_err());
        // Refused whatever the value.
        let e = prep(&["trex", "-use-query-log", "all:kquery", "p.bc"]).unwrap_err();
        assert!(e.starts_with("--use-query-log: trex writes"), "{e}");
        // Seeding: repeatable files, switches, KLEE's default-true flag, a time span.
        assert_eq!(
            run_args(&[
                "trex",
                "-seed-file",
                "a.ktest",
                "-seed-file=b.ktest",
                "-only-seed",
                "-always-output-seeds=0",
                "-seed-time",
                "5s",
                "p.bc"
            ]),
            v(&[
                "trex",
                "run",
                "--seed-file=a.ktest",
                "--seed-file=b.ktest",
                "--only-seed",
                "--always-output-seeds=false",
                "--seed-time=5s",
                "--",
                "p.bc"
            ])
        );
        // KLEE's libc names.
        let p = prep(&["trex", "-libc=uclibc", "p.bc"]).unwrap();
        assert_eq!(p.args, v(&["trex", "run", "--libc=musl", "--", "p.bc"]));
        assert_eq!(p.warnings.len(), 1);
        let p = prep(&["trex", "-libc=klee", "p.bc"]).unwrap();
        assert_eq!(p.args, v(&["trex", "run", "--libc=klee", "--", "p.bc"]));
        let e = prep(&["trex", "-libc=glibc", "p.bc"]).unwrap_err();
        assert!(e.starts_with("--libc=glibc: KLEE's values are"), "{e}");
    }

    #[test]
    fn bad_command_lines() {
        let e = prep(&["trex", "-no-such-option", "p.bc"]).unwrap_err();
        assert!(e.starts_with("unknown option -no-such-option "), "{e}");
        let e = prep(&["trex", "--no-such=3", "p.bc"]).unwrap_err();
        assert!(e.starts_with("unknown option --no-such "), "{e}");
        assert_eq!(
            prep(&["trex", "p.bc", "-output-dir"]).unwrap().args,
            v(&["trex", "run", "--", "p.bc", "-output-dir"])
        );
        assert_eq!(
            prep(&["trex", "-output-dir"]).unwrap_err(),
            "--output-dir needs a value"
        );
        let e = prep(&["trex", "-max-time=1", "-max-time", "2", "p.bc"]).unwrap_err();
        assert_eq!(e, "--max-time given more than once");
        let e = prep(&["trex", "-emit-all-errors", "-emit-all-errors=0", "p.bc"]).unwrap_err();
        assert_eq!(e, "--emit-all-errors given more than once");
        // Repeatable options repeat.
        assert!(prep(&["trex", "-search=dfs", "-search", "bfs", "p.bc"]).is_ok());
    }

    #[test]
    fn other_commands_keep_their_shape() {
        assert_eq!(
            run_args(&[
                "trex",
                "-debug",
                "verify",
                "-max-time",
                "5",
                "-json",
                "p.bc",
                "-x"
            ]),
            v(&[
                "trex",
                "verify",
                "--debug",
                "--max-time",
                "5",
                "--json",
                "p.bc",
                "-x"
            ])
        );
        assert_eq!(
            run_args(&[
                "trex",
                "replay",
                "-libc=none",
                "p.bc",
                "t.ktest",
                "--",
                "-a"
            ]),
            v(&[
                "trex",
                "replay",
                "--libc=none",
                "p.bc",
                "t.ktest",
                "--",
                "-a"
            ])
        );
        assert_eq!(
            run_args(&["trex", "verify", "-json=0", "p.bc"]),
            v(&["trex", "verify", "p.bc"])
        );
        assert_eq!(
            run_args(&["trex", "ktest", "show", "-trim-zeros", "t"]),
            v(&["trex", "ktest", "show", "-trim-zeros", "t"])
        );
        assert_eq!(run_args(&["trex", "help"]), v(&["trex", "help"]));
    }

    /// Every `Trex` row of the table names an option of `trex run` taking its value as KLEE's.
    #[test]
    fn the_table_matches_trex_run() {
        let root = Cli::command();
        let run = ClapOptions::of(root.find_subcommand("run").unwrap(), &root);
        for o in klee_options::KLEE_OPTIONS {
            let name = match o.kind {
                Kind::Trex(n) => n,
                Kind::TrexValues { name, .. } => name,
                _ => {
                    assert!(
                        run.get(o.name).is_none(),
                        "--{} is trex's option, but the table does not say implemented",
                        o.name
                    );
                    continue;
                }
            };
            let arity = run.get(name).unwrap_or_else(|| panic!("--{name}"));
            let ok = match o.takes {
                Takes::Flag => matches!(arity, Arity::Switch | Arity::Bool),
                Takes::Value => matches!(arity, Arity::Value { repeat: false }),
                Takes::List => matches!(arity, Arity::Value { repeat: true }),
            };
            assert!(ok, "--{}: {:?} vs {arity:?}", o.name, o.takes);
        }
    }
}
