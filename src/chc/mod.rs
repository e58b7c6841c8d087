//! Proofs beyond unrolling: the program as constrained Horn clauses (CHC) over bit-vectors
//! and arrays, solved by Z3's Spacer engine, which finds inductive invariants of loops and
//! summaries of (recursive) functions where symbolic execution can only unroll.
//!
//! * `memory`: which objects the translation models (cells) and each access of them;
//! * `segment`: the meaning of straight-line code as terms;
//! * `encode`: the predicates (a point per block start and after calls, a summary and an error
//!   predicate per function) and their rules;
//! * `spacer`: the query, with a time limit;
//! * `cex`: the inputs of a counterexample, to be replayed by the caller (a counterexample
//!   that does not replay is never a verdict);
//! * `given`: invariants given from outside (a correctness witness's), checked by a proof
//!   that assumes them (`check`);
//! * `lia`: proofs found over the integers (`blocks`, `to_int`, `from_int`) or guessed
//!   (`guess`) and checked over bit-vectors (`houdini`), tried after a short bit-vector query
//!   (`query`);
//! * `clause`, `raw`: rules kept in parts; the Z3 calls the z3 crate lacks.
//!
//! The translation covers the functions the entry reaches; a construct it cannot model
//! (floating point, a pointer it cannot follow, a call of the C library...) is an
//! [`Unsupported`] naming it and its location, and the targets stay with the other engines.
//! `TREX_CHC_DUMP=FILE` writes the clauses of each query (SMT-LIB's fixedpoint form, for
//! `z3 fp.engine=spacer FILE`). All Z3 work runs on a thread of its own (its own Z3 context, which the time limit's
//! interrupt cannot leave cancelled for anyone else).

mod blocks;
mod cex;
mod clause;
mod encode;
mod from_int;
mod given;
mod guess;
mod houdini;
pub use given::{check, Checked, Given};
mod invariant;
mod lia;
mod memory;
mod ranges;
mod raw;
mod segment;
mod spacer;
use spacer::Xforms;
mod to_int;

use hashbrown::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ir::{FuncId, LocId, Module};
use crate::witness::LoopInvariant;

/// A construct the translation cannot model, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    pub what: String,
    /// `file:line`, or "an unknown location".
    pub at: String,
}

impl Unsupported {
    pub fn new(m: &Module, loc: LocId, what: String) -> Unsupported {
        Unsupported {
            what,
            at: encode::loc_text(m, loc),
        }
    }
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at {}", self.what, self.at)
    }
}

/// What the engine found for the targets (together).
#[derive(Clone, Debug)]
pub enum Answer {
    /// No target is reachable.
    Safe,
    /// A target is reachable: the inputs of Spacer's counterexample, which replayed.
    Counterexample(Vec<(String, Vec<u8>)>),
    /// Reachable by Spacer, but no derivation gave inputs that replay.
    NoInputs,
    /// Spacer gave no answer (time limit, or its reason).
    Unknown(String),
    /// The program has a construct the translation cannot model.
    Unsupported(Unsupported),
}

/// One run of the engine.
#[derive(Clone, Debug)]
pub struct Run {
    pub answer: Answer,
    pub time: Duration,
    /// Clauses of the translation (0 when unsupported).
    pub rules: usize,
    /// A proof's loop invariants that could be written in C (for correctness witnesses).
    pub invariants: Vec<LoopInvariant>,
}

/// Whether any target of `task` is reachable, within `limit`. A counterexample's inputs go to `replays` (on this thread), which says whether they reach a
/// target when run: first those of Spacer's own derivation (some points may have been
/// simplified away), then, if they do not, those of a query on clauses composed to keep the
/// nondeterministic values' points (a third of the time left), then of one that keeps the
/// points (half the time left), then of one that keeps every point.
/// Setting `cancel` stops it (an unknown answer).
pub fn prove(
    task: &Task,
    limit: Option<Duration>,
    cancel: Option<&Arc<AtomicBool>>,
    replays: &mut Replays,
) -> Run {
    let clock = Instant::now();
    let failed = || Answer::Unknown("the CHC engine failed".into());
    let ask = |limit, x| on_own_thread(|| query(task, limit, x, cancel, clock));
    let (answer, rules, invariants) =
        ask(limit, Xforms::All).unwrap_or_else(|| (failed(), 0, Vec::new()));
    let answer = match answer {
        Answer::Counterexample(objects) if !replays(&objects) => {
            let mut found = Answer::NoInputs;
            for x in [Xforms::OwnBlocks, Xforms::KeepPoints, Xforms::KeepAll] {
                let left = limit.map(|l| {
                    let l = l.saturating_sub(clock.elapsed());
                    let l = match x {
                        Xforms::OwnBlocks => l / 3,
                        Xforms::KeepPoints => l / 2,
                        _ => l,
                    };
                    l.max(Duration::from_secs(1))
                });
                if let Some((Answer::Counterexample(o), ..)) = ask(left, x) {
                    if replays(&o) {
                        found = Answer::Counterexample(o);
                        break;
                    }
                }
            }
            found
        }
        other => other,
    };
    Run {
        answer,
        time: clock.elapsed(),
        rules,
        invariants,
    }
}

/// What to prove: the program, its entry, its own functions (the others are the C
/// library's: a call of one is not modelled, but for the calls that end a path) and the
/// target instructions (`(function, index in its code)`).
pub struct Task<'a> {
    pub module: &'a Module,
    pub entry: &'a str,
    pub own: &'a (dyn Fn(&str) -> bool + Sync),
    pub sites: &'a [(FuncId, u32)],
}

/// Test inputs: `.ktest` objects (name, bytes).
pub type Inputs = [(String, Vec<u8>)];

/// Whether inputs reach a target when run.
pub type Replays<'r> = dyn FnMut(&Inputs) -> bool + 'r;

/// Runs `f` on a thread of its own (its own Z3 context); `None` if it panicked.
fn on_own_thread<T: Send>(f: impl FnOnce() -> T + Send) -> Option<T> {
    std::thread::scope(|s| s.spawn(f).join().ok())
}

/// The integer reading's time when the query has no limit.
const LIA_TIME: Duration = Duration::from_secs(30);

/// The first bit-vector query's time.
const QUICK_BV: Duration = Duration::from_secs(1);

/// One query: the answer (a counterexample with the inputs its derivation shows, replayed
/// by the caller), the number of rules, a proof's loop invariants.
fn query(
    task: &Task,
    limit: Option<Duration>,
    xforms: Xforms,
    cancel: Option<&Arc<AtomicBool>>,
    clock: Instant,
) -> (Answer, usize, Vec<LoopInvariant>) {
    let (m, entry, own, sites) = (task.module, task.entry, task.own, task.sites);
    let Some(&main) = m.func_by_name.get(entry) else {
        let u = Unsupported {
            what: format!("no entry function {entry}"),
            at: "an unknown location".into(),
        };
        return (Answer::Unsupported(u), 0, Vec::new());
    };
    let enc = match translate(m, main, own, sites) {
        Ok((e, _)) => e,
        Err(u) => return (Answer::Unsupported(u), 0, Vec::new()),
    };
    let rules = enc.rules.len();
    let left = || limit.map(|l| l.saturating_sub(clock.elapsed()));
    // A short bit-vector query first (its proofs and counterexamples mostly come well
    // within it), then the integer reading with a quarter of the time left (it proves at
    // once or not at all), then the bit-vector query with the rest.
    let mut first = None;
    if xforms == Xforms::All {
        let quick = left().map_or(QUICK_BV, |l| l.min(QUICK_BV));
        match spacer::solve(&enc, Some(quick), xforms, cancel) {
            spacer::Outcome::Unknown(_) => {
                let share = left().map_or(LIA_TIME, |l| l / 4);
                if let Some(found) = lia::prove(&enc, share, cancel) {
                    return (Answer::Safe, rules, loop_invariants(m, &enc, found));
                }
            }
            settled => first = Some(settled),
        }
    }
    let outcome = first.unwrap_or_else(|| spacer::solve(&enc, left(), xforms, cancel));
    let answer = match outcome {
        spacer::Outcome::Safe(found) => {
            return (Answer::Safe, rules, loop_invariants(m, &enc, found));
        }
        spacer::Outcome::Unknown(_) if limit.is_some_and(|l| clock.elapsed() >= l) => {
            Answer::Unknown("time budget".into())
        }
        spacer::Outcome::Unknown(_) if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) => {
            Answer::Unknown("stopped: the targets were settled by symbolic execution".into())
        }
        spacer::Outcome::Unknown(r) => Answer::Unknown(format!("spacer: {r}")),
        spacer::Outcome::Reachable(Some(proof)) => match cex::inputs(&enc, &proof) {
            Some(objects) => {
                tracing::debug!(target: "trex::chc", "counterexample ({xforms:?}): {objects:?}");
                Answer::Counterexample(objects)
            }
            None => Answer::NoInputs,
        },
        spacer::Outcome::Reachable(None) => Answer::NoInputs,
    };
    (answer, rules, Vec::new())
}

/// A proof's loop invariants (C conjuncts per loop head) at their source locations.
fn loop_invariants(m: &Module, enc: &encode::Encoding, found: encode::Found) -> Vec<LoopInvariant> {
    found
        .into_iter()
        .map(|(f, k, c)| {
            let l = &enc.layouts[&f];
            let at = m.loc(l.points[k].loc);
            LoopInvariant {
                file: m.files.get(at.file as usize).cloned().unwrap_or_default(),
                line: at.line,
                column: at.col,
                function: l.function.clone(),
                value: c.join(" && "),
            }
        })
        .filter(|i| i.line > 0)
        .collect()
}

fn translate(
    m: &Module,
    main: FuncId,
    own: &dyn Fn(&str) -> bool,
    sites: &[(FuncId, u32)],
) -> Result<(encode::Encoding, memory::Memory), Unsupported> {
    structors(m, own)?;
    let targets: HashSet<(FuncId, usize)> =
        sites.iter().map(|(f, pc)| (*f, *pc as usize)).collect();
    let funcs = encode::reachable(m, main, own, &targets)?;
    let skip = |f: FuncId, pc: usize| {
        targets.contains(&(f, pc)) || encode::ends_path(m, &m.func(f).code[pc].kind, own)
    };
    let mem = memory::Memory::new(m, &funcs, &skip)?;
    let enc = encode::encode(m, &mem, &funcs, own, &targets)?;
    Ok((enc, mem))
}

/// The program's static constructors and destructors run outside the entry function: not
/// modelled.
fn structors(m: &Module, own: &dyn Fn(&str) -> bool) -> Result<(), Unsupported> {
    for name in ["llvm.global_ctors", "llvm.global_dtors"] {
        let Some(&g) = m.global_by_name.get(name) else {
            continue;
        };
        let Some(init) = &m.global(g).init else {
            continue;
        };
        for r in &init.relocs {
            if let crate::ir::Const::FuncAddr(f) = m.konst(r.value) {
                if own(&m.func(*f).name) {
                    let what = format!("a static constructor or destructor ({})", m.func(*f).name);
                    return Err(Unsupported::new(m, m.func(*f).loc, what));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
