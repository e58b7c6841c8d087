//! What `trex verify` found: a verdict per target and a summary per run, for the CLI to report
//! (`cli/verify_report.rs` prints them as a table or JSON).

use serde::Serialize;
use std::path::PathBuf;

use super::{Gaps, Target, Verdict};
use crate::exec;

/// The verdict of one target, with its witness test when it was reached.
#[derive(Clone, Debug)]
pub struct TargetVerdict {
    pub target: Target,
    pub verdict: Verdict,
    /// The witness test written for a reached target.
    pub test: Option<PathBuf>,
    /// Whether the witness reached the target again when replayed.
    pub replay_confirmed: Option<bool>,
    /// The replay's `__VERIFIER_nondet_*` calls and their values (for the SV-COMP witness),
    /// or why they could not be recorded; none for a target not reached.
    pub nondet_calls: Result<Vec<crate::witness::NondetCall>, String>,
    /// Seconds from the start of its run to the verdict.
    pub time: f64,
}

impl TargetVerdict {
    /// The verdict of `t` without a test.
    pub fn new(t: &Target, verdict: Verdict, time: f64) -> TargetVerdict {
        TargetVerdict {
            target: t.clone(),
            verdict,
            test: None,
            replay_confirmed: None,
            nondet_calls: Ok(Vec::new()),
            time,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct RunSummary {
    /// `symbolic` (symbolic execution, exact or with loops abstracted) or `chc` (the
    /// Horn-clause engine: it lists only the targets it settled).
    pub engine: &'static str,
    /// The Horn-clause engine: the number of clauses it solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clauses: Option<usize>,
    /// Loop abstraction (a proof attempt: only its UNREACHABLE targets are listed).
    pub loop_abstraction: bool,
    pub targets: Vec<u32>,
    pub time: f64,
    pub instructions: u64,
    pub paths: u64,
    pub completed: u64,
    pub partial: u64,
    pub subsumed: u64,
    pub explored_nodes: u64,
    /// Subsumption checks (state x table entry) and the solver calls they made.
    pub subsumption_checks: u64,
    pub subsumption_solver_calls: u64,
    /// Seconds in subsumption checks and in computing interpolants.
    pub subsumption_check_time: f64,
    pub interpolation_time: f64,
    /// Paths ended by state matching at loop headers.
    pub states_matched: u64,
    /// Abstracted runs: loop invariant candidates assumed, and those that failed a check
    /// (the run then proves nothing).
    pub invariants_assumed: usize,
    pub invariants_failed: usize,
    pub incomplete_reason: Option<String>,
}

impl RunSummary {
    /// What a run did: `targets` are the ids it settled (an abstracted run: those it proved).
    pub fn new(
        loop_abstraction: bool,
        targets: Vec<u32>,
        time: f64,
        outcome: &exec::Outcome,
        gaps: &Gaps,
    ) -> RunSummary {
        let st = outcome.interpolation.as_ref();
        RunSummary {
            engine: "symbolic",
            clauses: None,
            loop_abstraction,
            targets,
            time,
            instructions: outcome.instructions,
            paths: gaps.completed + gaps.partial,
            completed: gaps.completed,
            partial: gaps.partial,
            subsumed: st.map_or(0, |s| s.subsumed),
            explored_nodes: st.map_or(0, |s| s.nodes),
            subsumption_checks: st.map_or(0, |s| s.checks),
            subsumption_solver_calls: st.map_or(0, |s| s.check_solver_calls),
            subsumption_check_time: st.map_or(0.0, |s| s.check_time.as_secs_f64()),
            interpolation_time: st.map_or(0.0, |s| s.itp_time.as_secs_f64()),
            states_matched: outcome.states_matched,
            invariants_assumed: 0,
            invariants_failed: 0,
            incomplete_reason: gaps.first.clone(),
        }
    }
}

impl RunSummary {
    /// A run of the Horn-clause engine (`clauses` solved): `targets` the ids it settled.
    pub fn chc(
        targets: Vec<u32>,
        time: f64,
        clauses: usize,
        incomplete: Option<String>,
    ) -> RunSummary {
        RunSummary {
            engine: "chc",
            clauses: Some(clauses),
            loop_abstraction: false,
            targets,
            time,
            instructions: 0,
            paths: 0,
            completed: 0,
            partial: 0,
            subsumed: 0,
            explored_nodes: 0,
            subsumption_checks: 0,
            subsumption_solver_calls: 0,
            subsumption_check_time: 0.0,
            interpolation_time: 0.0,
            states_matched: 0,
            invariants_assumed: 0,
            invariants_failed: 0,
            incomplete_reason: incomplete,
        }
    }
}

/// The result of `trex verify`: the targets' verdicts in target order, and the runs made.
#[derive(Debug)]
pub struct Verification {
    pub targets: Vec<TargetVerdict>,
    pub runs: Vec<RunSummary>,
    /// Loop invariants proved (for the correctness witness of a TRUE).
    pub invariants: Vec<crate::witness::LoopInvariant>,
}
