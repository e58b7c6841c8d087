//! The interpolant of a finished node: of a leaf (how its path ended), of a fork (its
//! children's interpolants through the outcomes).

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::{switch_groups, Stop, TI};
use crate::exec::sem::{self, Exprs};
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::ir::externs::Builtin;
use crate::ir::*;
use crate::itp::trace::{Fact, Step};
use crate::itp::{Itp, PinVal};
use std::sync::Arc;

/// A fork node's segment, passed forward (the shadow state before its fork).
#[derive(Clone)]
pub(in crate::itp) struct Segment(Shadow);

impl Wp<'_, '_, '_> {
    /// The interpolant of a leaf: its segment's weakest precondition of ending as `r` did.
    pub(in crate::itp) fn leaf_itp(
        &mut self,
        steps: &[Step],
        facts: &[Fact],
        r: &Result<Value, Box<Stop>>,
    ) -> Option<Itp> {
        let n = steps.len();
        if n == 0 {
            return Some(Itp {
                formula: Some(self.it.pool().true_expr()),
                ..Itp::default()
            });
        }
        let mut sh = self.sh_run(steps, facts, n - 1);
        let last = &steps[n - 1];
        let fs = &facts[last.facts as usize..];
        self.sh_last(&mut sh, last, fs, r);
        Self::sh_blame(&mut sh, last);
        self.sh_finish(sh, None)
    }

    /// The interpolant of a node whose children are all finished: its segment's weakest
    /// precondition of the fork's outcomes leading into the children's interpolants.
    pub(in crate::itp) fn fork_itp(
        &mut self,
        steps: &[Step],
        facts: &[Fact],
        children: &[(u32, Option<Arc<Itp>>)],
    ) -> Option<Itp> {
        let sh = self.segment(steps, facts)?;
        self.fork_itp_with(sh, steps, children)
    }

    /// The forward pass over a fork node's segment (all but the fork), which does not depend
    /// on the children: computed once per node when several paths map their formulas
    /// through it (postconditioned symbolic execution's reuse, `itp::summary`).
    pub(in crate::itp) fn segment(&mut self, steps: &[Step], facts: &[Fact]) -> Option<Segment> {
        let n = steps.len();
        if n == 0 {
            return None;
        }
        Some(Segment(self.sh_run(steps, facts, n - 1)))
    }

    /// [`Self::fork_itp`] from the segment's pass.
    pub(in crate::itp) fn fork_itp_with(
        &mut self,
        seg: Segment,
        steps: &[Step],
        children: &[(u32, Option<Arc<Itp>>)],
    ) -> Option<Itp> {
        let mut sh = seg.0;
        let n = steps.len();
        let st = steps[n - 1];
        let f = self.m.func(st.func);
        let inst = &f.code[st.pc as usize];
        let mut parts = Vec::new();
        let mut guards = Vec::new();
        for (outcome, itp) in children {
            let itp = itp.as_ref()?;
            let (edge, guard) = match &inst.kind {
                InstKind::CondBr { cond, t, f: fe } => {
                    let c = self.fork_cond(&sh, st.base, cond, 1)?;
                    if *outcome == 0 {
                        (t, c)
                    } else {
                        (fe, self.it.pool().bool_not(c))
                    }
                }
                InstKind::Switch {
                    cond,
                    width,
                    cases,
                    default,
                } => {
                    // The outcome is the index of a group of cases sharing a target (the
                    // executor forks once per target, default last unless shared).
                    let c = self.fork_cond(&sh, st.base, cond, *width)?;
                    let groups = switch_groups(self.it.pool(), c, *width, cases, default);
                    let (e, g) = *groups.get(*outcome as usize)?;
                    (e, g)
                }
                _ => return None,
            };
            let conj_len = Self::conj_len_of(&sh);
            let mut cs = self.sh_child(&sh, &st, edge);
            let psi = self.sh_apply(&mut cs, itp)?;
            Self::sh_merge(&mut sh, cs, conj_len);
            parts.push((guard, psi));
            guards.push((*outcome, guard));
        }
        // Outcomes that were not explored (infeasible then) must stay impossible.
        let all = match &inst.kind {
            InstKind::CondBr { .. } => 2,
            InstKind::Switch { cases, default, .. } => {
                let mut n: Vec<&crate::ir::Edge> = Vec::new();
                for e in cases.iter().map(|c| &c.1).chain(std::iter::once(default)) {
                    if !n.iter().any(|x| **x == *e) {
                        n.push(e);
                    }
                }
                n.len()
            }
            _ => 0,
        };
        let mut explored: Vec<u32> = guards.iter().map(|g| g.0).collect();
        explored.sort();
        explored.dedup();
        let mut extra = self.combine(&sh, &parts, explored.len() < all);
        if explored.len() < all {
            let mut any = self.it.pool().false_expr();
            for (_, g) in &guards {
                any = self.it.pool().bool_or(any, *g);
            }
            extra = self.it.pool().bool_and(extra, any);
        }
        if let Some(a) = Self::sh_ctx(&sh) {
            extra = self.under(a, extra);
        }
        Self::sh_blame(&mut sh, &st);
        self.sh_finish(sh, Some(extra))
    }
}

impl Wp<'_, '_, '_> {
    /// The shadow of a segment's steps `[..n]` (a leaf: all but its last step, which ended
    /// the path; a fork: all but the fork).
    pub(super) fn sh_run(&mut self, steps: &[Step], facts: &[Fact], n: usize) -> Shadow {
        let mut sh = Shadow::default();
        let mut i = 0;
        while i < n {
            if sh.fail.is_some() {
                break;
            }
            let st = &steps[i];
            // A call of the C library's output functions: summarized (`output.rs`).
            if let Some(j) = self.sh_output_call(&mut sh, steps, facts, i, n) {
                Self::sh_blame(&mut sh, st);
                i = j;
                continue;
            }
            let end = steps.get(i + 1).map_or(facts.len(), |s| s.facts as usize);
            let fs = &facts[st.facts as usize..end];
            self.sh_step(&mut sh, st, steps.get(i + 1), fs);
            Self::sh_blame(&mut sh, st);
            i += 1;
        }
        sh
    }

    /// A copy of the shadow for one child of a fork: the child's edge copies applied.
    pub(super) fn sh_child(&mut self, sh: &Shadow, st: &Step, edge: &Edge) -> Shadow {
        let mut c = sh.clone();
        let f = self.m.func(st.func);
        self.sh_edge(&mut c, st.base, edge, f);
        c
    }

    /// Merges the pins and objects a child's mapping added into the parent shadow.
    pub(super) fn sh_merge(sh: &mut Shadow, c: Shadow, conj_len: usize) {
        for (k, v) in c.reg_pins {
            if let Some(o) = sh.reg_pins.insert(k, v) {
                if o != v {
                    Self::sh_fail(sh, "inconsistent pointer");
                }
            }
        }
        for (k, v) in c.mem_pins {
            if let Some(o) = sh.mem_pins.insert(k, v) {
                if o != v {
                    Self::sh_fail(sh, "inconsistent pointer");
                }
            }
        }
        for (k, v) in c.objects {
            sh.objects.insert(k, v);
        }
        for (k, v) in c.bases {
            if *sh.bases.entry(k).or_insert(v) != v {
                Self::sh_fail(sh, "inconsistent base address");
            }
        }
        for (k, v) in c.provenance {
            if *sh.provenance.entry(k).or_insert(v) != v {
                Self::sh_fail(sh, "a pointer derived from two objects");
            }
        }
        if c.fail.is_some() {
            sh.fail = c.fail;
        }
        // Conditions the child mapping required (pins as equalities) hold for the parent.
        sh.conj.extend(c.conj.into_iter().skip(conj_len));
    }

    pub(super) fn sh_ctx(sh: &Shadow) -> Option<ExprId> {
        sh.ctx
    }

    /// The condition of a branch or fork step as a `w`-bit expression over the segment's start.
    pub(super) fn fork_cond(
        &mut self,
        sh: &Shadow,
        base: u32,
        cond: &Operand,
        w: u32,
    ) -> Option<ExprId> {
        let v = self.sh_val(sh, base, cond);
        self.as_int(v, w)
    }

    /// The last step of a leaf: what made the path end there must hold again (a false
    /// assumption, the bad value of a checked operation, the same faulting pointer);
    /// unconditional ends (returns from the entry, `exit`, `abort`, assertion failures) need
    /// nothing.
    pub(super) fn sh_last(
        &mut self,
        sh: &mut Shadow,
        st: &Step,
        facts: &[Fact],
        r: &Result<Value, Box<Stop>>,
    ) {
        let m = self.m;
        let f = m.func(st.func);
        let inst = &f.code[st.pc as usize];
        let base = st.base;
        if r.is_ok() {
            // The entry returned (or its caller frame did).
            return;
        }
        match &inst.kind {
            InstKind::Ret { .. } => {}
            InstKind::Bin { op, ty, b, .. } => {
                let TI::Int(w) = self.ti(*ty) else {
                    return Self::sh_fail(sh, "error not modelled");
                };
                let Some(y) = self.sh_int(sh, base, b, *ty) else {
                    return Self::sh_fail(sh, "opaque operand");
                };
                let failure = sem::int_op(*op)
                    .and_then(|o| sem::failure(&mut Exprs(self.it.pool()), o, w, y));
                let Some((_, bad, _)) = failure else {
                    return Self::sh_fail(sh, "error not modelled");
                };
                self.sh_require(sh, bad);
            }
            InstKind::Load { ptr, ty, .. } | InstKind::Store { ptr, ty, .. } => {
                let p = self.sh_ptr(sh, base, ptr);
                let p = self.sh_promote(sh, p, facts.first());
                if let (SV::Ptr(PS::Sym(o, off)), Some(Fact::SymPtr(..))) = (p, facts.first()) {
                    let n = self.m.ty(*ty).store_size;
                    return self.sh_sym_fault(sh, o, off, n, facts);
                }
                match (p, facts.first()) {
                    (SV::Ptr(ps), Some(Fact::Ptr(v, size))) => {
                        self.sh_pin(sh, ps, *v);
                        if let PinVal::Obj(o, _) = v {
                            if !sh.created.contains(o) {
                                sh.objects.insert(*o, *size);
                            }
                        }
                    }
                    _ => Self::sh_fail(sh, "memory error not modelled"),
                }
            }
            InstKind::Call { callee, args, .. } => {
                let fid = match callee {
                    crate::ir::Callee::Direct(f) => *f,
                    _ => return Self::sh_fail(sh, "error in an indirect call"),
                };
                match self.p.builtins[fid.0 as usize] {
                    Builtin::Abort
                    | Builtin::AssertFail
                    | Builtin::Exit
                    | Builtin::KleeAbort
                    | Builtin::ReportError
                    | Builtin::ReachError
                    | Builtin::SilentExit => {}
                    Builtin::Syscall => {
                        // exit / exit_group end the path whatever the state.
                        let nr = match facts.first() {
                            Some(Fact::Val(v)) if conc(v).is_some() => conc(v).unwrap_or(0),
                            _ => return Self::sh_fail(sh, "system call not modelled"),
                        };
                        let exit = if self.p.x86_64 {
                            nr == 60 || nr == 231
                        } else {
                            nr == 1 || nr == 252
                        };
                        if !exit {
                            Self::sh_fail(sh, "system call not modelled");
                        }
                    }
                    Builtin::Assume | Builtin::VerifierAssume => {
                        let Some(a) = args.first() else {
                            return Self::sh_fail(sh, "assume without argument");
                        };
                        let Some(e) = self.sh_int(sh, base, &a.op, a.ty) else {
                            return Self::sh_fail(sh, "opaque assumption");
                        };
                        let w = self.it.pool_ref().width(e);
                        let z = self.it.pool().constant(w, 0);
                        let c = self.it.pool().eq(e, z);
                        self.sh_require(sh, c);
                    }
                    Builtin::Free => {
                        let p = match args.first() {
                            Some(a) => self.sh_ptr(sh, base, &a.op),
                            None => SV::Opaque,
                        };
                        match (p, facts.first()) {
                            (SV::Ptr(ps), Some(Fact::Ptr(v, _))) => self.sh_pin(sh, ps, *v),
                            _ => Self::sh_fail(sh, "free error not modelled"),
                        }
                    }
                    _ => Self::sh_fail(sh, "error not modelled"),
                }
            }
            _ => Self::sh_fail(sh, "error not modelled"),
        }
    }

    pub(super) fn conj_len_of(sh: &Shadow) -> usize {
        sh.conj.len()
    }
}
