//! Whether a run explored every path: a [`Monitor`] that hears of each path's end and keeps the
//! first *gap*, an end that leaves part of the program unexplored (a budget, a solver failure,
//! an unsupported construct, undefined behaviour, another error that stops the path where the
//! program would go on). Normal ends are exits, `abort`, failed assertions, a false assume
//! (silent), and paths pruned by interpolation or by state matching.

use crate::exec::control::Monitor;
use crate::exec::target::TARGETS_REACHED;
use crate::exec::{End, ErrorKind, PathEnd, LOOP_COVERED, STATE_SEEN};
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

    /// The gap a path's end leaves, if any.
    pub fn gap_of(&self, end: &End) -> Option<String> {
        match end {
            End::Exit(_) => None,
            End::Halted(w) => halt_gap(w),
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

/// The gap of a path stopped by `reason` (an option name from exec).
fn halt_gap(reason: &str) -> Option<String> {
    let r = match reason {
        "subsumed" | TARGETS_REACHED | STATE_SEEN | LOOP_COVERED => return None,
        "max-time" => "time budget (--max-time)",
        "max-memory" => "memory budget (--max-memory)",
        "max-instructions" => "instruction budget (--max-instructions)",
        "max-stack-frames" => "stack-frame budget (--max-stack-frames)",
        "max-solver-time" => "solver timeout (--max-solver-time)",
        "solver-unknown" => "solver unknown",
        "interrupted" => "interrupted",
        o => return Some(format!("path stopped: {o}")),
    };
    Some(r.into())
}

impl Monitor for Gaps<'_> {
    fn path_ended(&mut self, p: &PathEnd, _covered_new: bool) -> bool {
        match &p.end {
            End::Halted(w) if w == "subsumed" || w == STATE_SEEN || w == LOOP_COVERED => {
                self.subsumed += 1
            }
            End::Halted(_) => self.partial += 1,
            _ => self.completed += 1,
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
        assert_eq!(halt_gap("subsumed"), None);
        assert_eq!(halt_gap(TARGETS_REACHED), None);
        assert_eq!(halt_gap(STATE_SEEN), None);
        assert_eq!(halt_gap(LOOP_COVERED), None);
        assert!(halt_gap("max-time").unwrap().starts_with("time budget"));
        assert!(halt_gap("max-memory").unwrap().starts_with("memory budget"));
        assert!(halt_gap("solver-unknown")
            .unwrap()
            .starts_with("solver unknown"));
        assert!(halt_gap("max-solver-time")
            .unwrap()
            .starts_with("solver timeout"));
        assert!(halt_gap("max-stack-frames")
            .unwrap()
            .starts_with("stack-frame budget"));
    }
}
