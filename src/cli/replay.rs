//! `trex replay prog.bc TEST.ktest... [-- args]`: runs the program concretely once per test,
//! its symbolic inputs taken from the test's objects (`exec/replay.rs`), and prints the
//! program's output and the outcome: `TREX: exit status N`, or the error as `trex run` prints
//! it (`KLEE: ERROR: file:line: message`), or why the run stopped. `--native`: a native
//! executable instead, as KLEE's klee-replay (`replay_native.rs`).

use anyhow::Result;

use super::run::{load_program, read_ktest, with_libc, StdIo};
use super::writer::{error_line, halt_text};
use super::ReplayArgs;
use crate::exec::{self, control, End};

pub fn replay(a: &ReplayArgs) -> Result<()> {
    if a.native.native {
        return super::replay_native::replay(&a.program, &a.tests, &a.native);
    }
    let prog = &a.program;
    let program = load_program(prog, &a.prog.entry_point)?;
    // The linked bitcode goes to a private temporary file (there is no output directory).
    let scratch =
        std::env::temp_dir().join(format!("trex-replay-{}.linked.bc", std::process::id()));
    let (module, has_libc) = with_libc(program, prog, a.prog.libc, &scratch)?;
    // The external calls the run made are made again (the test's path goes through them).
    let natives: std::sync::Arc<dyn exec::machine::ExternalCalls> = a.externals.hook()?;
    for test in &a.tests {
        let kt = read_ktest(test)?;
        // A test of KLEE's POSIX runtime (its last object is `model_version`) replays with
        // the runtime and, unless arguments follow `--`, the test's own command line.
        let posix_test = kt.objects.last().is_some_and(|o| o.name == "model_version");
        let args = match (&a.args[..], posix_test || a.posix.posix_runtime) {
            ([], true) => kt.args.get(1..).unwrap_or_default().to_vec(),
            (args, _) => args.to_vec(),
        };
        let posix = if posix_test || a.posix.posix_runtime {
            Some(super::posix_args::parse(&args).map_err(|e| anyhow::anyhow!("{e}"))?)
        } else {
            None
        };
        let mut argv = vec![prog.display().to_string()];
        argv.extend(args);
        let objects = kt.objects.into_iter().map(|o| (o.name, o.bytes)).collect();
        eprintln!("TREX: replaying {}", test.display());
        let cfg = exec::Config {
            entry: a.prog.entry_point.clone(),
            argv,
            // The environment the test was made in, as far as trex knows: its own (the run's
            // default, and what klee-replay gives the native program).
            env: super::run::host_env(),
            environment: crate::extensions::environment(posix),
            externals: Some(natives.clone()),
            max_instructions: a.insts.max_instructions,
            use_libc_start: has_libc,
            limits: control::Limits {
                replay: Some(objects),
                ..control::Limits::default()
            },
            ..exec::Config::default()
        };
        let outcome = exec::run(&module, &cfg, &mut StdIo)?;
        let line = match &outcome.end {
            End::Exit(code) => format!("TREX: exit status {code}"),
            End::SilentExit => "TREX: exit status 0 (silent exit)".into(),
            End::Pruned(why) => format!("TREX: stopped: pruned ({})", why.name()),
            End::Error(e) => error_line(&module, e),
            End::Early(why) => format!("TREX: stopped: {}", halt_text(*why)),
        };
        eprintln!("{line}");
    }
    Ok(())
}
