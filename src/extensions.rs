//! Which extensions a run has: the default configuration, with the analyses that watch a run
//! made from its switches. The interpreter (`exec`) knows the hooks only; this is the one
//! place that names the extensions behind them.

use crate::exec::machine::Observer;
use crate::exec::{self, control, sem, static_forks, Config, PathFiles};
use crate::ir::Module;
use crate::posix::{PosixEnv, PosixHook};
use std::sync::Arc;

impl Default for Config {
    fn default() -> Self {
        Config {
            entry: "main".into(),
            argv: vec!["prog".into()],
            env: Vec::new(),
            max_instructions: 0,
            max_stack_frames: 8192,
            use_libc_start: false,
            search: Vec::new(),
            seed: 0,
            exit_on_error: false,
            max_forks: None,
            max_depth: None,
            static_forks: static_forks::StaticForkLimits::default(),
            interpolation: false,
            itp_mode: crate::exec::ItpMode::default(),
            output_tree: false,
            subsumed_test: false,
            greedy_confirmation: false,
            pse: None,
            limits: control::Limits::default(),
            targets: None,
            steer_to: None,
            state_matching: None,
            loop_abstraction: None,
            loop_invariants: None,
            path_inputs: true,
            exit_inputs: true,
            checks: sem::Checks::default(),
            write_cov: false,
            path_files: PathFiles::default(),
            replay_path: None,
            silent_klee_assume: false,
            coverage: None,
            environment: environment(None),
            kdalloc: true,
            threads: 1,
            observers,
            api: crate::klee_api::call,
            externals: None,
        }
    }
}

/// The observers of a run, from its configuration (in hook order: interpolation first, whose
/// subsumption check prunes before the others look at a block; loop abstraction before state
/// matching, whose states include the loop marks).
pub(crate) fn observers(m: &Module, cfg: &Config) -> Vec<Box<dyn Observer>> {
    let mut v: Vec<Box<dyn Observer>> = Vec::new();
    // A path pruned by interpolation would skip the checks of assumed loop invariants.
    let assumes_invariants = cfg.loop_abstraction.is_some()
        && cfg
            .loop_invariants
            .as_ref()
            .is_some_and(|l| !l.assumed.is_empty());
    if (cfg.interpolation || cfg.pse.is_some()) && !assumes_invariants {
        // Postconditioned symbolic execution shares interpolation's tree, traces and
        // weakest preconditions (`itp::summary`).
        v.push(Box::new(crate::itp::Interpolation::new(
            cfg.output_tree,
            cfg.greedy_confirmation,
            cfg.interpolation,
            cfg.pse.clone(),
            cfg.itp_mode == crate::exec::ItpMode::Abduction,
        )));
    }
    if let Some(la) = &cfg.loop_abstraction {
        v.push(Box::new(crate::verify::loops::LoopAbstraction::new(
            la.clone(),
            cfg.loop_invariants.clone(),
        )));
    }
    if let Some(l) = &cfg.state_matching {
        v.push(Box::new(crate::verify::seen::Seen::new(l.clone())));
    }
    if let Some(t) = &cfg.targets {
        v.push(Box::new(crate::verify::watch::TargetWatch::new(
            m,
            t.clone(),
        )));
    }
    if let Some(s) = &cfg.steer_to {
        v.push(Box::new(crate::cover::steer::GoalSteer::new(m, s)));
    }
    v
}

/// The process environment of a run: the POSIX model, with KLEE's POSIX runtime's symbolic
/// environment when `posix` is given (`--posix-runtime`).
pub(crate) fn environment(posix: Option<PosixEnv>) -> Arc<dyn exec::machine::Environment> {
    Arc::new(PosixHook { runtime: posix })
}
