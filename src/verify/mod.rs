//! Reachability verdicts (`trex verify`): which sites are targets (`targets`), whether a run
//! explored every path (`gaps`), the verdict of each target from a run's outcome, and the
//! algorithm that makes the runs (`strategy`: abstracted runs and their refinement in
//! `abstraction`, the exact run in `exact`, witness tests and their replay in `witness`),
//! returning `results` for the CLI to print.
//!
//! A target is REACHABLE when a path reached it (with the inputs of that path as a test, its
//! replay confirmed), UNREACHABLE when it was not reached and the run left no gap
//! (every path ended normally or was pruned by a checked interpolant, which keeps every
//! control-flow decision of the subtree it stands for), UNKNOWN otherwise, with the first gap
//! as its reason.

pub(crate) mod abstraction;
/// The Horn-clause engine's run (`crate::chc`).
mod chc;
mod exact;
pub mod gaps;
/// Loop abstraction and its invariants (an observer of the exact interpreter).
pub(crate) mod loops;
pub mod results;
/// What the runs of one `verify` share (options, context).
pub mod runs;
/// State matching at loop points (an observer).
pub(crate) mod seen;
pub mod strategy;
pub mod targets;
/// The watched targets (an observer).
pub(crate) mod watch;
mod witness;

#[cfg(test)]
mod strategy_tests;

pub use gaps::Gaps;
pub use results::{RunSummary, TargetVerdict, Verification};
pub use runs::{Engines, Options, Watcher};
pub use strategy::{own_functions, verify};
pub use targets::{collect, Selection, Target};

/// The verdict of one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Reachable,
    Unreachable,
    Unknown(String),
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Reachable => "REACHABLE",
            Verdict::Unreachable => "UNREACHABLE",
            Verdict::Unknown(_) => "UNKNOWN",
        }
    }

    /// The verdict of a target the run did not reach: UNREACHABLE only without any gap.
    pub fn unreached(gap: Option<&str>, caveat: Option<&str>) -> Verdict {
        match (gap, caveat) {
            (Some(g), _) => Verdict::Unknown(g.to_string()),
            (None, Some(c)) => Verdict::Unknown(c.to_string()),
            (None, None) => Verdict::Unreachable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreachable_needs_no_gap_and_no_caveat() {
        assert_eq!(Verdict::unreached(None, None), Verdict::Unreachable);
        assert_eq!(
            Verdict::unreached(Some("time budget"), None),
            Verdict::Unknown("time budget".into())
        );
        assert_eq!(
            Verdict::unreached(None, Some("address taken")),
            Verdict::Unknown("address taken".into())
        );
    }
}
