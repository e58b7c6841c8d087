//! How a path ends: one typed reason per end (KLEE's termination classes), matched exhaustively
//! by every consumer (test writer, verification gaps, replay), so that no renamed string can
//! silently turn a pruned path into a gap or the other way round.

/// Why a path stopped before its end (KLEE's early terminations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Halt {
    /// `--max-instructions` (run-wide).
    MaxInstructions,
    /// `--max-time` (run-wide; also a solver query cut by the deadline).
    MaxTime,
    /// ctrl-c (run-wide).
    Interrupted,
    /// `--max-tests` (run-wide).
    MaxTests,
    /// `--exit-on-error[-type]` (run-wide).
    ExitOnError,
    /// `trex verify`: every watched target was reached (run-wide; nothing left to settle).
    TargetsReached,
    /// An assumed loop invariant candidate failed a check (run-wide; the run proves nothing).
    InvariantFailed,
    /// `--only-seed`: seeding is done, the paths left are not explored (run-wide).
    OnlySeed,
    /// `--max-stack-frames` (this path).
    MaxStackFrames,
    /// Killed over `--max-memory`.
    MaxMemory,
    /// A solver query timed out (`--max-solver-time`).
    SolverTimeout,
    /// The solver answered unknown.
    SolverUnknown,
    /// With several workers: a path handed to another worker, replayed there from the start,
    /// did not fork where it had (a solver's different model, say); its part of the tree is
    /// not explored.
    Diverged,
}

impl Halt {
    /// The option-like name (`max-time`, ...), as `.early` files and warnings say it.
    pub fn name(self) -> &'static str {
        match self {
            Halt::MaxInstructions => "max-instructions",
            Halt::MaxTime => "max-time",
            Halt::Interrupted => "interrupted",
            Halt::MaxTests => "max-tests",
            Halt::ExitOnError => "exit-on-error",
            Halt::TargetsReached => "targets-reached",
            Halt::InvariantFailed => "invariant-failed",
            Halt::OnlySeed => "only-seed",
            Halt::MaxStackFrames => "max-stack-frames",
            Halt::MaxMemory => "max-memory",
            Halt::SolverTimeout => "max-solver-time",
            Halt::SolverUnknown => "solver-unknown",
            Halt::Diverged => "replay-diverged",
        }
    }

    /// A halt of the whole run: the running path and then every pending one end early.
    pub fn run_wide(self) -> bool {
        match self {
            Halt::MaxInstructions
            | Halt::MaxTime
            | Halt::Interrupted
            | Halt::MaxTests
            | Halt::ExitOnError
            | Halt::TargetsReached
            | Halt::InvariantFailed
            | Halt::OnlySeed => true,
            Halt::MaxStackFrames
            | Halt::MaxMemory
            | Halt::SolverTimeout
            | Halt::SolverUnknown
            | Halt::Diverged => false,
        }
    }
}

impl std::fmt::Display for Halt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a path was pruned: its future is covered by paths that were (or are being) explored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prune {
    /// Subsumed by a learnt interpolant (TRACER-X).
    Subsumed,
    /// State matching: a state already seen at that loop point.
    StateSeen,
    /// Loop abstraction: back at the header of a loop it entered havocked.
    LoopCovered,
    /// Greedy confirmation (the concolic mode's interpolation): a program point reached a
    /// second time and not subsumed. The confirmation gives up; the side it explored is left
    /// to the concolic search, which runs its paths.
    Unconfirmed,
    /// `trex cover`'s steered testing: no open goal can be reached from here.
    NoGoal,
    /// Postconditioned symbolic execution (`--pse`): every path suffix from here repeats one
    /// explored before. The path gets a test (its prefix may be new), as in paper 002.
    Pse,
}

impl Prune {
    pub fn name(self) -> &'static str {
        match self {
            Prune::Subsumed => "subsumed",
            Prune::StateSeen => "state-seen",
            Prune::LoopCovered => "loop-covered",
            Prune::Unconfirmed => "unconfirmed",
            Prune::NoGoal => "no-goal",
            Prune::Pse => "pse-pruned",
        }
    }
}
