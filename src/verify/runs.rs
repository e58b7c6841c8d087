//! What the runs of one `verify` share: its options, the watcher of its exact runs, the
//! context every run reads, and the sink of the program's output.

use std::sync::Arc;

use super::Target;
use crate::exec::{self, control};
use crate::ir;

/// How to verify (what the CLI's options chose).
#[derive(Clone, Debug)]
pub struct Options {
    /// The settings of every run (entry, argv, budgets, search, interpolation, ...); the
    /// targets, loop abstraction and state matching are set here per run.
    pub base: exec::Config,
    /// Prune paths entering a loop header in a concrete state already seen there.
    pub state_matching: bool,
    /// First try to prove the targets with loops abstracted.
    pub loop_abstraction: bool,
    /// One run per target (its own time budget) instead of one for all.
    pub one_target_at_a_time: bool,
    /// SV-COMP: one target reached answers, the run halts and the others are left unsettled.
    pub first_hit_halts: bool,
    /// The command line recorded in the witness tests.
    pub test_args: Vec<String>,
    /// Which engines run (`--engine`).
    pub engines: Engines,
}

/// The engines `trex verify` runs on each group of targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engines {
    /// Both at once, each with the whole time: the Horn-clause engine on a thread of its
    /// own beside symbolic execution; the first to settle a target settles it.
    Both,
    /// Only the Horn-clause engine (Z3's Spacer).
    Chc,
    /// Only symbolic execution (loop abstraction, then the exact run).
    Symbolic,
}

/// Hears of the exact runs as they go (the CLI draws a progress line from the counters).
pub trait Watcher {
    fn exact_run_started(&mut self, _counters: &Arc<control::Progress>) {}
    fn exact_run_ended(&mut self) {}
}

impl Watcher for () {}

/// Program output is not part of verify's result: it is dropped.
pub(crate) struct Discard;

impl exec::Io for Discard {
    fn write(&mut self, _fd: i32, _data: &[u8]) {}
}

/// What the runs of one `verify` share.
pub(crate) struct Ctx<'a> {
    pub module: &'a ir::Module,
    pub base: &'a exec::Config,
    pub targets: &'a [Target],
    /// SV-COMP: one target reached answers FALSE, the others are left unsettled.
    pub first_hit_halts: bool,
    pub test_args: &'a [String],
}
