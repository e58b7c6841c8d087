//! Z3's Spacer engine on the clauses: the query, a time limit (an interrupt from a timer
//! thread: Spacer has no time limit of its own), and the transformations a query runs with
//! (`Xforms`): a counterexample is asked again with fewer of them, so that the derivation
//! passes through the points whose arguments hold the nondeterministic values.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use z3::ast::Dynamic;
use z3::{Context, Fixedpoint, FuncDecl, Params, SatResult};

use super::clause::Clause;
use super::encode::{apply, Encoding, Found};
use super::invariant;

/// What Spacer answered.
pub enum Outcome {
    /// `bad` is not derivable: per loop head (function, point), the C conjuncts of its
    /// invariant that could be written.
    Safe(Found),
    /// `bad` is derivable: the derivation (a proof term), if Spacer gave one.
    Reachable(Option<Dynamic>),
    Unknown(String),
}

/// Asks whether `bad` is derivable within `limit`.
pub fn solve(
    enc: &Encoding,
    limit: Option<Duration>,
    xforms: Xforms,
    cancel: Option<&Arc<AtomicBool>>,
) -> Outcome {
    let composed;
    let (relations, rules) = if xforms == Xforms::OwnBlocks {
        let Some((rules, relations)) = own_blocks(enc, limit, cancel) else {
            return Outcome::Unknown("composition stopped".into());
        };
        composed = rules;
        (relations, &composed)
    } else {
        (enc.predicates(|_| true), &enc.rules)
    };
    let query = Query {
        relations: &relations,
        rules,
        bad: &enc.bad,
        xforms,
        dump_suffix: "",
    };
    query.run(limit, cancel, |answer, fp| match answer {
        SatResult::Unsat => Outcome::Safe(invariants(enc, fp)),
        SatResult::Sat => Outcome::Reachable(fp.get_answer().map(|a| Dynamic::from_ast(&a))),
        SatResult::Unknown => Outcome::Unknown(fp.get_reason_unknown()),
    })
}

/// Which of Z3's transformations of the clauses run before Spacer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Xforms {
    /// All (Z3's defaults): the fastest, but a derivation skips the predicates inlined or
    /// sliced away, and their solutions are lost.
    All,
    /// No inlining or slicing: every predicate keeps its own solution, and a derivation
    /// passes through the points (with their arguments, the nondeterministic values).
    KeepPoints,
    /// As `KeepPoints`, on clauses composed by `blocks` so that only the loop heads, the
    /// points after nondeterministic calls, summaries and error predicates are left: a
    /// derivation still shows every nondeterministic value, and the system is nearly as
    /// small as Z3's inlining makes it (a recursive sum: a counterexample in 0.1 s against
    /// none in 20 s with every point).
    OwnBlocks,
    /// Nor the subsumption checker, which deletes a point whose fact another rule's body
    /// implies (a nondet value's). Sometimes far slower (a parity loop: no answer in 20 s,
    /// against 0.07 s with the checker).
    KeepAll,
}

/// A system of clauses for Spacer.
pub struct Query<'a> {
    pub relations: &'a [&'a FuncDecl],
    pub rules: &'a [Clause],
    /// The 0-ary predicate asked about.
    pub bad: &'a FuncDecl,
    pub xforms: Xforms,
    /// Appended to `TREX_CHC_DUMP`'s file name for this query's dump.
    pub dump_suffix: &'a str,
}

impl Query<'_> {
    /// Asks whether `bad` is derivable within `limit`, and hands the answer and the solver
    /// (for its solution or derivation) to `then`.
    pub fn run<T>(
        &self,
        limit: Option<Duration>,
        cancel: Option<&Arc<AtomicBool>>,
        then: impl FnOnce(SatResult, &Fixedpoint) -> T,
    ) -> T {
        let fp = Fixedpoint::new();
        let mut p = Params::new();
        p.set_symbol("engine", "spacer");
        if self.xforms != Xforms::All {
            p.set_bool("xform.inline_linear", false);
            p.set_bool("xform.inline_eager", false);
            p.set_bool("xform.slice", false);
        }
        if self.xforms == Xforms::KeepAll {
            p.set_bool("xform.subsumption_checker", false);
        }
        fp.set_params(&p);
        for r in self.relations {
            fp.register_relation(r);
        }
        for r in self.rules {
            fp.add_rule(&r.rule(), None);
        }
        let query = apply(self.bad, &[]);
        if let Some(mut f) = std::env::var_os("TREX_CHC_DUMP") {
            f.push(self.dump_suffix);
            let _ = std::fs::write(f, format!("{fp}\n(query {})\n", self.bad.name()));
        }
        let answer = with_limit(limit, cancel, || fp.query(&query));
        then(answer, &fp)
    }
}

/// `enc`'s clauses with every point resolved away but loop heads and nondeterministic
/// values' points, and the predicates left; `None` if it is too large, or stopped by
/// `limit` or `cancel`.
fn own_blocks<'e>(
    enc: &'e Encoding,
    limit: Option<Duration>,
    cancel: Option<&Arc<AtomicBool>>,
) -> Option<(Vec<Clause>, Vec<&'e FuncDecl>)> {
    if enc.rules.len() > super::blocks::MAX_INPUT {
        return None;
    }
    let deadline = limit.map(|l| Instant::now() + l);
    let stop = || {
        deadline.is_some_and(|d| Instant::now() >= d)
            || cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    };
    let gone = |p: &super::encode::Point| !p.loop_head && p.nondet.is_none();
    let eliminate = enc.points(gone);
    let (rules, kept) = super::blocks::compose(enc.rules.clone(), &eliminate, &stop)?;
    let relations = enc.predicates(|p| !gone(p) || kept.contains(&p.decl.name()));
    Some((rules, relations))
}

/// The C conjuncts of the loop heads' invariants Spacer found.
fn invariants(enc: &Encoding, fp: &Fixedpoint) -> Found {
    enc.at_loop_heads(|l, p| {
        fp.get_cover_delta(-1, &p.decl)
            .map(|inv| invariant::conjuncts(&Dynamic::from_ast(&inv), &l.names))
            .unwrap_or_default()
    })
}

/// Runs `f` (a Z3 call on this thread's context), interrupting it after `limit` or once
/// `cancel` is set.
fn with_limit<T>(
    limit: Option<Duration>,
    cancel: Option<&Arc<AtomicBool>>,
    f: impl FnOnce() -> T,
) -> T {
    if limit.is_none() && cancel.is_none() {
        return f();
    }
    let deadline = limit.map(|l| Instant::now() + l);
    let cancel = cancel.cloned();
    // The context pointer crosses to the timer thread as an integer: Z3_interrupt is the one
    // call Z3 allows from another thread.
    let ctx = Context::thread_local().get_z3_context().as_ptr() as usize;
    let (done, wait) = mpsc::channel::<()>();
    let timer = std::thread::spawn(move || loop {
        match wait.recv_timeout(Duration::from_millis(20)) {
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let late = deadline.is_some_and(|d| Instant::now() >= d);
                let cancelled = cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
                if late || cancelled {
                    // SAFETY: the context outlives the query, which is still running (the
                    // sender is dropped only after it returns and this thread is joined).
                    if let Some(c) = std::ptr::NonNull::new(ctx as *mut z3_sys::_Z3_context) {
                        unsafe { z3_sys::Z3_interrupt(c) };
                    }
                    return;
                }
            }
            _ => return,
        }
    });
    let out = f();
    drop(done);
    let _ = timer.join();
    out
}
