//! Loop invariant candidates at abstracted loops (`Config::loop_invariants`,
//! `exec/invariant.rs`): the refinement of the loop abstraction (`super`) by
//! interpolation.
//!
//! Learning: when a path reaches a target after havocking a loop header, the negation of each
//! of its later constraints over only that header's havocked values is a candidate (an
//! interpolant at the header for this error path). Assuming: at every entry of a header that
//! has assumed candidates, each must hold in the entry state, and after the havoc they are
//! assumed of the fresh values; every path back at the header (`Prune::LoopCovered`) must satisfy
//! them again. A failed check halts the run (`Halt::InvariantFailed`, the candidate named in
//! `Outcome::invariants_failed`): only a run where every check held proves anything, and then
//! the assumed candidates are inductive invariants, so the abstraction still covers every
//! execution. Interpolation is off in such runs: a subsumed path would skip its checks.

use crate::exec::Halt;
use std::sync::Arc;

use hashbrown::{HashMap, HashSet};

use crate::exec::invariant::{Candidate, Havoc, LoopInvariants, Role};
use crate::exec::machine::{Regs, Stop, Worker, R};
use crate::exec::memory::{Memory, ObjRef};
use crate::exec::value::Value;
use crate::expr::{byte_of, mask, ArrayId, ExprId, ExprPool};
use crate::ir::loop_mod::LoopMod;
use crate::ir::FuncId;

/// Candidates learnt from one target hit at most.
const MAX_LEARNT_PER_HIT: usize = 32;

/// The run's candidates: those assumed, by header, and those learnt.
pub(super) struct LoopInv {
    cfg: Arc<LoopInvariants>,
    by_header: HashMap<(FuncId, u32), Vec<usize>>,
    pub(super) learnt: Vec<Candidate>,
    known: HashSet<Candidate>,
    pub(super) failed: Vec<usize>,
}

impl LoopInv {
    pub(super) fn new(cfg: Arc<LoopInvariants>) -> Self {
        let mut by_header: HashMap<_, Vec<usize>> = HashMap::new();
        for (i, c) in cfg.assumed.iter().enumerate() {
            by_header.entry(c.header).or_default().push(i);
        }
        let known = cfg.assumed.iter().cloned().collect();
        LoopInv {
            cfg,
            by_header,
            learnt: Vec::new(),
            known,
            failed: Vec::new(),
        }
    }
}

/// Byte `k` of slot `s` of `lm` in the frame of register base `base` (registers, then
/// allocas, then globals, as `LoopMod` lists them); `None` when it is not an integer there.
fn slot_byte(
    pool: &mut ExprPool,
    fr: (&Regs, usize, &Memory, &[ObjRef]),
    lm: &LoopMod,
    s: u32,
    k: u64,
) -> Option<ExprId> {
    let (regs, base, mem, global_objs) = fr;
    let s = s as usize;
    if let Some(&(r, w)) = lm.regs.get(s) {
        if k >= w.div_ceil(8) as u64 {
            return None;
        }
        let e = match regs.value(base + r.0 as usize) {
            Value::Sym(e) => pool.zext_or_trunc(e, w),
            Value::Int(x) => pool.constant(w, mask(w, x)),
            _ => return None,
        };
        return Some(byte_of(pool, e, k));
    }
    let j = s - lm.regs.len();
    let obj = match lm.allocas.get(j) {
        Some(r) => match regs.value(base + r.0 as usize) {
            Value::Ptr { obj, .. } => obj,
            _ => return None,
        },
        None => global_objs[lm.globals.get(j - lm.allocas.len())?.0 as usize],
    };
    let o = mem.get(obj)?;
    if k >= o.size || !o.ptrs.is_empty() {
        return None;
    }
    let concrete = o.bytes[k as usize];
    Some(
        mem.load_sym(pool, obj.idx, k, 1)
            .unwrap_or_else(|| pool.constant(8, concrete as u128)),
    )
}

impl LoopInv {
    /// Candidate `i` over the current values of the slots of `lm` (top frame).
    fn candidate_here(
        &mut self,
        it: &mut Worker<'_, '_>,
        i: usize,
        lm: &LoopMod,
    ) -> Option<ExprId> {
        let globals = &it.program().objects().global_objs[..];
        let (st, pool) = it.state_and_pool();
        let fr = (&st.regs, st.base, &st.mem, globals);
        self.cfg.assumed[i].attach(pool, &mut |p, s, k| slot_byte(p, fr, lm, s, k))
    }

    /// Indices of the candidates assumed at the header `key`.
    fn assumed_at(&self, key: (FuncId, u32)) -> Vec<usize> {
        self.by_header.get(&key).cloned().unwrap_or_default()
    }

    /// Each candidate assumed at `key` must hold now (at an entry, before the havoc, or back
    /// at the header): else the run halts, with every candidate that fails here named.
    pub(super) fn check(
        &mut self,
        it: &mut Worker<'_, '_>,
        key: (FuncId, u32),
        lm: &LoopMod,
    ) -> R<()> {
        let mut failed = Vec::new();
        for i in self.assumed_at(key) {
            let holds = match self.candidate_here(it, i, lm) {
                Some(e) => {
                    let bad = it.pool().bool_not(e);
                    !it.may_be(bad)?
                }
                None => false,
            };
            if !holds {
                failed.push(i);
            }
        }
        if failed.is_empty() {
            return Ok(());
        }
        self.failed.extend(failed);
        Err(Box::new(Stop::Halt(Halt::InvariantFailed)))
    }

    /// After a havoc: the candidates of `key` are assumed of the fresh values; when learning,
    /// the havoc is recorded (`arrays`: the fresh array of each slot).
    pub(super) fn assume(
        &mut self,
        it: &mut Worker<'_, '_>,
        key: (FuncId, u32),
        lm: &LoopMod,
        arrays: Vec<ArrayId>,
    ) {
        for i in self.assumed_at(key) {
            // Checked at the entry, so expressible.
            if let Some(e) = self.candidate_here(it, i, lm) {
                it.add_constraint(e);
            }
        }
        if self.cfg.learn {
            let path = &mut it.state_mut().path;
            let from = path.constraints.len();
            path.havocs.push(Havoc {
                header: key,
                arrays,
                from,
            });
        }
    }

    /// A target was reached: candidates from the constraints that followed each havoc of the
    /// path.
    pub(super) fn learn(&mut self, it: &mut Worker<'_, '_>) {
        if !self.cfg.learn {
            return;
        }
        let mut found = Vec::new();
        let (st, pool) = it.state_and_pool();
        for h in &st.path.havocs {
            // Arrays are numbered in creation order: those after the havoc's were made later.
            let last = h.arrays.iter().max().copied();
            let role = |a: ArrayId| match h.arrays.iter().position(|&x| x == a) {
                Some(p) => Role::Slot(p as u32),
                None if last.is_some_and(|l| a > l) => Role::Zero,
                None => Role::Reject,
            };
            for &c in st.path.constraints.iter().skip(h.from) {
                let nc = pool.bool_not(c);
                if let Some(cand) = Candidate::detach(pool, h.header, nc, &role) {
                    found.push(cand);
                }
                if found.len() >= MAX_LEARNT_PER_HIT {
                    break;
                }
            }
        }
        for c in found {
            if self.known.insert(c.clone()) {
                self.learnt.push(c);
            }
        }
    }
}
