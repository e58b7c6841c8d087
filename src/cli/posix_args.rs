//! The program arguments under `--posix-runtime`, read as KLEE's `klee_init_env` reads them:
//! `--sym-arg N`, `--sym-args MIN MAX N`, `--sym-files NUM N`, `--sym-stdin N`,
//! `--sym-stdout`, `--save-all-writes`, `--fd-fail`, `--max-fail N` (each also with one dash);
//! any other argument is the program's, kept in place. KLEE reports a bad number as a user
//! error of the run; here it is a bad command line (one line, no output directory), with
//! KLEE's message.

use crate::posix::{PosixArg, PosixEnv};

/// KLEE's `klee_init_env --help` text (it ends the run as an error there too).
const HELP: &str = "klee_init_env: usage: (klee_init_env) [options] [program arguments]: \
-sym-arg <N>: a symbolic argument of up to N characters; \
-sym-args <MIN> <MAX> <N>: MIN to MAX symbolic arguments of up to N characters each; \
-sym-files <NUM> <N>: NUM symbolic files ('A', 'B', ...) of N bytes each; \
-sym-stdin <N>: a symbolic stdin of N bytes; -sym-stdout: a symbolic stdout; \
-save-all-writes: writes past a symbolic file's size fail; \
-max-fail <N>: up to N injected system call failures; -fd-fail: '-max-fail 1'";

/// `a` is `--name` or `-name`.
fn is_option(a: &str, name: &str) -> bool {
    a.strip_prefix("--").or_else(|| a.strip_prefix('-')) == Some(name)
}

/// KLEE's `__str_to_int`: decimal digits only, not empty.
fn number(s: Option<&String>, msg: &str) -> Result<u32, String> {
    let s = s.ok_or_else(|| msg.to_string())?;
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return Err(msg.to_string());
    }
    s.parse()
        .map_err(|_| format!("{msg} (value too large: {s})"))
}

/// Parses `argv[1..]`.
pub fn parse(args: &[String]) -> Result<PosixEnv, String> {
    if args.len() == 1 && args[0] == "--help" {
        return Err(HELP.to_string());
    }
    let mut env = PosixEnv::default();
    let mut sym_arg_num = 0u32;
    let mut k = 0;
    while k < args.len() {
        let a = args[k].as_str();
        let opt = |name| is_option(a, name);
        if opt("sym-arg") {
            let msg = "--sym-arg expects an integer argument <max-len>";
            let len = number(args.get(k + 1), msg)?;
            if sym_arg_num > 99 {
                return Err("No more than 100 symbolic arguments allowed.".into());
            }
            sym_arg_num += 1;
            env.args.push(PosixArg::Sym { len });
            k += 2;
        } else if opt("sym-args") {
            let msg =
                "--sym-args expects three integer arguments <min-argvs> <max-argvs> <max-len>";
            if args.len() < k + 4 {
                return Err(msg.into());
            }
            let min = number(args.get(k + 1), msg)?;
            let max = number(args.get(k + 2), msg)?;
            let len = number(args.get(k + 3), msg)?;
            if min > max || (min == 0 && max == 0) {
                return Err("Invalid range to --sym-args".into());
            }
            if sym_arg_num + max > 99 {
                return Err("No more than 100 symbolic arguments allowed.".into());
            }
            sym_arg_num += max;
            env.args.push(PosixArg::Syms { min, max, len });
            k += 4;
        } else if opt("sym-files") {
            let msg = "--sym-files expects two integer arguments <no-sym-files> <sym-file-len>";
            if args.len() < k + 3 {
                return Err(msg.into());
            }
            if env.sym_files != 0 {
                return Err("Multiple --sym-files are not allowed.".into());
            }
            env.sym_files = number(args.get(k + 1), msg)?;
            env.sym_file_len = number(args.get(k + 2), msg)?;
            if env.sym_files == 0 {
                return Err(
                    "The first argument to --sym-files (number of files) cannot be 0".into(),
                );
            }
            if env.sym_file_len == 0 {
                return Err("The second argument to --sym-files (file size) cannot be 0".into());
            }
            if env.sym_files > 26 {
                // Files are named 'A' + i: KLEE's names past 'Z' are not letters.
                return Err("--sym-files: at most 26 symbolic files (A to Z)".into());
            }
            k += 3;
        } else if opt("sym-stdin") {
            let msg = "--sym-stdin expects one integer argument <sym-stdin-len>";
            env.sym_stdin_len = number(args.get(k + 1), msg)?;
            k += 2;
        } else if opt("sym-stdout") {
            env.sym_stdout = true;
            k += 1;
        } else if opt("save-all-writes") {
            env.save_all_writes = true;
            k += 1;
        } else if opt("fd-fail") {
            env.max_fail = 1;
            k += 1;
        } else if opt("max-fail") {
            let msg = "--max-fail expects an integer argument <max-failures>";
            env.max_fail = number(args.get(k + 1), msg)?;
            k += 2;
        } else {
            env.args.push(PosixArg::Concrete(a.to_string()));
            k += 1;
        }
    }
    Ok(env)
}

/// The first argument that `klee_init_env` would read as one of its options (for the warning
/// when `--posix-runtime` is not given: the program then gets it literally, as in KLEE).
pub fn first_option(args: &[String]) -> Option<&str> {
    const NAMES: [&str; 8] = [
        "sym-arg",
        "sym-args",
        "sym-files",
        "sym-stdin",
        "sym-stdout",
        "save-all-writes",
        "fd-fail",
        "max-fail",
    ];
    args.iter()
        .map(String::as_str)
        .find(|a| NAMES.iter().any(|n| is_option(a, n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<PosixEnv, String> {
        parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn symbolic_and_concrete_arguments_keep_their_order() {
        let e = p("-n --sym-arg 3 x -sym-args 0 2 4 y").unwrap();
        assert_eq!(
            e.args,
            vec![
                PosixArg::Concrete("-n".into()),
                PosixArg::Sym { len: 3 },
                PosixArg::Concrete("x".into()),
                PosixArg::Syms {
                    min: 0,
                    max: 2,
                    len: 4
                },
                PosixArg::Concrete("y".into()),
            ]
        );
        assert_eq!(e.sym_files, 0);
        assert!(!e.sym_stdout);
    }

    #[test]
    fn files_stdin_stdout_and_failures() {
        let e = p("--sym-files 2 8 --sym-stdin 16 --sym-stdout --save-all-writes --max-fail 3")
            .unwrap();
        assert_eq!((e.sym_files, e.sym_file_len, e.sym_stdin_len), (2, 8, 16));
        assert!(e.sym_stdout && e.save_all_writes);
        assert_eq!(e.max_fail, 3);
        assert!(e.args.is_empty());
        assert_eq!(p("-fd-fail").unwrap().max_fail, 1);
    }

    #[test]
    fn bad_numbers_give_klees_messages() {
        let msg = |s| p(s).unwrap_err();
        assert_eq!(
            msg("--sym-arg"),
            "--sym-arg expects an integer argument <max-len>"
        );
        assert_eq!(
            msg("--sym-arg 1x"),
            "--sym-arg expects an integer argument <max-len>"
        );
        assert!(msg("--sym-args 1 2").starts_with("--sym-args expects three"));
        assert_eq!(msg("--sym-args 3 2 10"), "Invalid range to --sym-args");
        assert_eq!(msg("--sym-args 0 0 10"), "Invalid range to --sym-args");
        assert_eq!(
            msg("--sym-arg 5 --sym-args 0 99 5 --sym-arg 5"),
            "No more than 100 symbolic arguments allowed."
        );
        assert_eq!(
            msg("--sym-files 1 10 --sym-files 2 10"),
            "Multiple --sym-files are not allowed."
        );
        assert!(msg("--sym-files 0 10").contains("(number of files) cannot be 0"));
        assert!(msg("--sym-files 2 0").contains("(file size) cannot be 0"));
        assert!(msg("--sym-stdin -1").starts_with("--sym-stdin expects"));
        assert!(msg("--max-fail").starts_with("--max-fail expects"));
        assert!(msg("--sym-arg 99999999999").contains("too large"));
        assert!(msg("--help").starts_with("klee_init_env: usage"));
    }

    #[test]
    fn the_warning_finds_the_first_option() {
        let a: Vec<String> = ["x", "-sym-stdin", "3"].map(String::from).to_vec();
        assert_eq!(first_option(&a), Some("-sym-stdin"));
        assert_eq!(first_option(&a[..1]), None);
    }
}
