//! Whether a run explored every path: a [`Monitor`] that hears of each path's end and keeps the
//! first *gap*, an end that leaves part of the program unexplored (a budget, a solver failure,
//! an unsupported construct, undefined behaviour, another error that stops the path where the
//! program would go on). Normal ends are exits, `abort`, failed assertions, a false assume
//! (silent), and paths pruned by interpolation or by state matching.

use crate::exec::control::Monitor;
use crate::exec::{End, ErrorKind, Halt, PathEnd};
use crate::ir::Module;

pub struct Gaps<'m> {
    module: &'m Module,
    /// The first gap, as an UNKNOWN reason.
    pub first: Option<String>,
    /// Paths that ended normally, ended early, were pruned.
    pub completed: u64,
    pub partial: u64,
    pub subsumed: u64,
}

impl<'m> Gaps<'m> {
    pub fn new(module: &'m Module) -> Self {
        Gaps {
            module,
            first: None,
            completed: 0,
            partial: 0,
            subsumed: 0,
        }
    }

    /// Forks refused by `--max-forks` / `--max-depth` are a gap too (one side not explored).
    pub fn note_refused_forks(&mut self, n: u64) {
        if n > 0 && self.first.is_none() {
            self.first = Some(format!(
                "fork budget (--max-forks / --max-depth): {n} symbolic branches followed one side"
            ));
        }
    }

    /// Branches a path followed one side of after `klee_set_forking(0)` are a gap too.
    pub fn note_disabled_forks(&mut self, n: u64) {
        if n > 0 && self.first.is_none() {
            self.first = Some(format!(
                "forking turned off (klee_set_forking): {n} symbolic branches followed one side"
            ));
        }
    }

    /// Symbolic floating-point operands made concrete are a gap too (one value explored).
    pub fn note_concretized(&mut self, n: u64) {
        if n > 0 && self.first.is_none() {
            self.first = Some(format!(
                "floating point concretized: {n} symbolic operands took one value each"
            ));
        }
    }

    /// The gaps a finished run's counts show: forks refused or disabled, floating point
    /// concretized.
    pub fn note_outcome(&mut self, outcome: &crate::exec::Outcome) {
        self.note_refused_forks(outcome.forks_refused);
        self.note_disabled_forks(outcome.forks_disabled);
        self.note_concretized(outcome.concretized);
    }

    /// The gap a path's end leaves, if any.
    pub fn gap_of(&self, end: &End) -> Option<String> {
        match end {
            End::Exit(_) | End::SilentExit | End::Pruned(_) => None,
            End::Early(h) => halt_gap(*h),
            End::Error(e) => {
                let at = self
                    .module
                    .loc_string(e.loc)
                    .unwrap_or_else(|| "an unknown location".into());
                match e.kind {
                    ErrorKind::Abort | ErrorKind::Assert | ErrorKind::Custom(_) => None,
                    ErrorKind::Exec if e.message.starts_with("unsupported") => {
                        Some(format!("unsupported construct at {at}: {}", e.message))
                    }
                    ErrorKind::Ptr
                    | ErrorKind::Free
                    | ErrorKind::ReadOnly
                    | ErrorKind::Div
                    | ErrorKind::Overshift => {
                        Some(format!("undefined behaviour at {at}: {}", e.message))
                    }
                    _ => Some(format!("error at {at}: {}", e.message)),
                }
            }
        }
    }
}

/// The gap of a path stopped early for `reason` (every halt is one, except a run stopped
/// because its targets were all reached: nothing was left to settle).
fn halt_gap(reason: Halt) -> Option<String> {
    let r = match reason {
        Halt::TargetsReached => return None,
        Halt::MaxTime => "time budget (--max-time)",
        Halt::MaxMemory => "memory budget (--max-memory)",
        Halt::MaxInstructions => "instruction budget (--max-instructions)",
        Halt::MaxStackFrames => "stack-frame budget (--max-stack-frames)",
        Halt::SolverTimeout => "solver timeout (--max-solver-time)",
        Halt::SolverUnknown => "solver unknown",
        Halt::Diverged => "a path's replay in another thread diverged",
        Halt::Interrupted => "interrupted",
        Halt::MaxTests | Halt::ExitOnError | Halt::InvariantFailed | Halt::OnlySeed => {
            return Some(format!("path stopped: {reason}"))
        }
    };
    Some(r.into())
}

impl Monitor for Gaps<'_> {
    fn path_ended(&mut self, p: &PathEnd) -> bool {
        match &p.end {
            End::Pruned(_) => self.subsumed += 1,
            End::Early(_) => self.partial += 1,
            End::Exit(_) | End::SilentExit | End::Error(_) => self.completed += 1,
        }
        if self.first.is_none() {
            self.first = self.gap_of(&p.end);
        }
        false
    }

    fn warning(&mut self, _line: &str) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_and_solver_failures_are_gaps_pruning_is_not() {
        assert_eq!(halt_gap(Halt::TargetsReached), None);
        assert!(halt_gap(Halt::MaxTime).unwrap().starts_with("time budget"));
        assert!(halt_gap(Halt::MaxMemory)
            .unwrap()
            .starts_with("memory budget"));
        assert!(halt_gap(Halt::SolverUnknown)
            .unwrap()
            .starts_with("solver unknown"));
        assert!(halt_gap(Halt::SolverTimeout)
            .unwrap()
            .starts_with("solver timeout"));
        assert!(halt_gap(Halt::MaxStackFrames)
            .unwrap()
            .starts_with("stack-frame budget"));
        assert!(halt_gap(Halt::InvariantFailed)
            .unwrap()
            .contains("invariant-failed"));
    }
}
