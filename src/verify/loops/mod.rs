//! Loop abstraction (`Config::loop_abstraction`, `trex verify`'s first phase): the first time
//! a path enters the header of an abstractable loop (`ir::loop_mod`) in a frame, everything
//! the loop may modify is replaced by fresh unconstrained values (*havoc*); the path runs the
//! body once from there, and when it comes back to the header in the same frame without
//! having left the loop, it ends (`Prune::LoopCovered`): its state differs from the havocked one
//! only in what the loop modifies, which the havoc already let take any value. Every
//! execution of the program is thus covered by some abstract path (the state at the header
//! after any number of iterations is one of the havocked states), so a target no abstract
//! path reaches, in a run without gaps, is unreachable. A target reached may be spurious:
//! the caller then runs the exact exploration (Jaffar, Navas, Santosa, "Unbounded symbolic
//! execution for program verification", RV 2011, without its refinement).

use std::sync::Arc;

use crate::exec::invariant::LoopInvariants;
use crate::exec::machine::{Observer, Stop, Wants, Worker, R};
use crate::exec::value::Value;
use crate::exec::{Outcome, Prune};
use crate::expr;
use crate::ir::loop_mod::{LoopMod, LoopMods};
use crate::ir::FuncId;

/// Proved candidates in C, for correctness witnesses.
pub(crate) mod in_c;
/// The candidate invariants: assumed, checked, learnt (`trex verify`'s refinement).
mod invariants;
use invariants::LoopInv;

/// Memory havocked at one header at most (bytes).
const MAX_HAVOC_BYTES: u64 = 256;

/// Loop abstraction's state: the loops, how many entries were havocked, and the invariant
/// candidates (assumed, learnt, failed) when refining.
pub(crate) struct LoopAbstraction {
    mods: Arc<LoopMods>,
    abstracted: u64,
    inv: Option<LoopInv>,
}

impl LoopAbstraction {
    pub(crate) fn new(mods: Arc<LoopMods>, inv: Option<Arc<LoopInvariants>>) -> Self {
        LoopAbstraction {
            mods,
            abstracted: 0,
            inv: inv.map(LoopInv::new),
        }
    }
}

impl Observer for LoopAbstraction {
    fn wants(&self) -> Wants {
        Wants {
            blocks: true,
            returns: true,
            ..Wants::default()
        }
    }

    /// A forked branch resumes at a block start (a re-executed instruction inside a block
    /// stays where it was: no entry).
    fn on_block(&mut self, it: &mut Worker<'_, '_>, f: FuncId, pc: u32, resumed: bool) -> R<()> {
        if resumed
            && it
                .module()
                .func(f)
                .blocks
                .binary_search_by_key(&pc, |b| b.start)
                .is_err()
        {
            return Ok(());
        }
        self.at_loop_abstraction(it, f, pc)
    }

    fn on_return(&mut self, it: &mut Worker<'_, '_>) {
        self.drop_loop_marks(it);
    }

    fn on_target_hit(&mut self, it: &mut Worker<'_, '_>) {
        if let Some(li) = self.inv.as_mut() {
            li.learn(it);
        }
    }

    fn finish(&mut self, _it: &Worker<'_, '_>, out: &mut Outcome) {
        out.loops_abstracted = self.abstracted;
        if let Some(li) = self.inv.as_mut() {
            out.invariant_candidates = std::mem::take(&mut li.learnt);
            out.invariants_failed = std::mem::take(&mut li.failed);
        }
    }
}

impl LoopAbstraction {
    /// The top frame (of `fid`) continues at the block starting at `pc`.
    fn at_loop_abstraction(&mut self, it: &mut Worker<'_, '_>, fid: FuncId, pc: u32) -> R<()> {
        let la = self.mods.clone();
        let m = it.module();
        let st = it.state_mut();
        let depth = st.frames.len() as u32;
        if st.path.loop_marks.iter().any(|m| m.0 == depth) {
            // Leaving a loop's body drops its mark: a later entry is a new one.
            let f = m.func(fid);
            let b = f
                .blocks
                .partition_point(|x| x.start <= pc)
                .saturating_sub(1);
            st.path.loop_marks.retain(|&(d, hf, hpc)| {
                d != depth
                    || la
                        .at(hf, hpc)
                        .is_some_and(|lm| lm.body.get(b) == Some(&true))
            });
        }
        let Some(lm) = la.at(fid, pc) else {
            return Ok(());
        };
        if st
            .path
            .loop_marks
            .iter()
            .any(|&(d, _, hpc)| d == depth && hpc == pc)
        {
            self.check_invariants(it, (fid, pc), lm)?;
            return Err(Box::new(Stop::Pruned(Prune::LoopCovered)));
        }
        if self.havoc(it, (fid, pc), lm)? {
            it.state_mut().path.loop_marks.push((depth, fid, pc));
            self.abstracted += 1;
        }
        Ok(())
    }

    /// A frame was popped: the marks of deeper frames go.
    fn drop_loop_marks(&mut self, it: &mut Worker<'_, '_>) {
        let st = it.state_mut();
        let depth = st.frames.len() as u32;
        if st.path.loop_marks.last().is_some_and(|m| m.0 > depth) {
            st.path.loop_marks.retain(|m| m.0 <= depth);
        }
    }

    /// Gives everything `lm` may modify a fresh value, and assumes the loop invariant
    /// candidates of `key` of them (`invariants.rs`, checked of the values before); false
    /// (nothing changed) when a value is not of a kind the havoc handles (a pointer in a
    /// register, an object holding pointers): the loop is then executed exactly.
    fn havoc(&mut self, it: &mut Worker<'_, '_>, key: (FuncId, u32), lm: &LoopMod) -> R<bool> {
        let globals = &it.program().objects().global_objs;
        let st = it.state();
        let mut objs = Vec::with_capacity(lm.allocas.len() + lm.globals.len());
        for r in &lm.allocas {
            match &st.regs.value(st.base + r.0 as usize) {
                Value::Ptr { obj, .. } => objs.push(*obj),
                _ => return Ok(false),
            }
        }
        for g in &lm.globals {
            objs.push(globals[g.0 as usize]);
        }
        let mut bytes = 0u64;
        for o in &objs {
            match st.mem.get(*o) {
                Some(ob) if ob.ptrs.is_empty() => bytes += ob.size,
                _ => return Ok(false),
            }
        }
        // An expression per byte: large arrays are run exactly.
        if bytes > MAX_HAVOC_BYTES {
            return Ok(false);
        }
        for (r, _) in &lm.regs {
            if !matches!(
                st.regs.value(st.base + r.0 as usize),
                Value::Int(_) | Value::Sym(_)
            ) {
                return Ok(false);
            }
        }
        self.check_invariants(it, key, lm)?;
        it.observe_state_abstracted();
        it.note_symbolic();
        let mut arrays = Vec::with_capacity(lm.regs.len() + objs.len());
        for &(r, w) in &lm.regs {
            let (st, pool) = it.state_and_pool();
            let a = havoc_array(pool, w.div_ceil(8) as u64);
            arrays.push(a);
            let z = pool.constant(32, 0);
            let e = pool.read_bytes_le(a, None, z, w.div_ceil(8));
            let e = pool.zext_or_trunc(e, w);
            let slot = st.base + r.0 as usize;
            let v = it.val_of(e);
            *it.state_mut().regs.slot_mut(slot) = v;
        }
        for o in objs {
            let (st, pool) = it.state_and_pool();
            let size = st.mem.objs[o.idx as usize].size;
            let a = havoc_array(pool, size);
            arrays.push(a);
            let v: crate::exec::memory::SymBytes = (0..size)
                .map(|k| {
                    let i = pool.constant(32, k as u128);
                    Some(pool.read(a, None, i))
                })
                .collect();
            st.mem.objs[o.idx as usize].sym = Some(std::sync::Arc::new(v));
        }
        if let Some(li) = self.inv.as_mut() {
            li.assume(it, key, lm, arrays);
        }
        Ok(true)
    }

    /// The candidates assumed at `key` hold now (`invariants.rs`).
    fn check_invariants(
        &mut self,
        it: &mut Worker<'_, '_>,
        key: (FuncId, u32),
        lm: &LoopMod,
    ) -> R<()> {
        match self.inv.as_mut() {
            Some(li) => li.check(it, key, lm),
            None => Ok(()),
        }
    }
}

/// A fresh array for havocked values (not an input: no test object).
fn havoc_array(pool: &mut expr::ExprPool, size: u64) -> expr::ArrayId {
    let name = pool.unique_array_name("loop_havoc");
    pool.new_array(expr::Array {
        name,
        size,
        domain: 32,
        init: None,
    })
}
