//! The shadow of one step (an instruction of the segment).

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::{switch_groups, TI};
use crate::exec::sem::{self, Exprs, Scalar};
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::ir::*;
use crate::itp::trace::{Fact, Step};
use crate::itp::PinVal;

impl Wp<'_, '_, '_> {
    /// Runs step `i` of the segment on the shadow state. `next` is the following step
    /// (to know which edge a branch took and where a call or return went).
    pub(super) fn sh_step(
        &mut self,
        sh: &mut Shadow,
        st: &Step,
        next: Option<&Step>,
        facts: &[Fact],
    ) {
        let m = self.m;
        let f = m.func(st.func);
        let inst = &f.code[st.pc as usize];
        let base = st.base;
        let dst = inst.dst;
        let fact = |k: usize| facts.get(k);
        match &inst.kind {
            InstKind::Bin { op, ty, a, b } => {
                let (Some(x), Some(y)) =
                    (self.sh_int(sh, base, a, *ty), self.sh_int(sh, base, b, *ty))
                else {
                    return Self::sh_set(sh, base, dst, SV::Opaque);
                };
                let TI::Int(w) = self.ti(*ty) else {
                    return Self::sh_set(sh, base, dst, SV::Opaque);
                };
                let explored = facts.iter().any(|x| matches!(x, Fact::ErrFork));
                let Some(c) = sem::bin(&mut Exprs(self.it.pool()), *op, Scalar::Int(w), x, y)
                else {
                    return Self::sh_set(sh, base, dst, SV::Opaque);
                };
                if let Some((_, _, ok)) = c.fails.filter(|f| self.p.checks.wants(f.0)) {
                    if explored {
                        self.sh_assume(sh, ok);
                    } else {
                        self.sh_require(sh, ok);
                    }
                }
                if matches!(op, BinOp::SDiv | BinOp::SRem) && w > 1 {
                    // INT_MIN / -1: excluded (the concrete path did not fail there).
                    let mn = self.it.pool().constant(w, 1u128 << (w - 1));
                    let m1 = self.it.pool().constant(w, crate::expr::mask(w, !0));
                    let a1 = self.it.pool().eq(x, mn);
                    let b1 = self.it.pool().eq(y, m1);
                    let both = self.it.pool().bool_and(a1, b1);
                    let no = self.it.pool().bool_not(both);
                    self.sh_require(sh, no);
                }
                Self::sh_set(sh, base, dst, SV::Int(c.v));
            }
            InstKind::ICmp { pred, ty, a, b } => match self.ti(*ty) {
                TI::Int(w) => {
                    let (Some(x), Some(y)) =
                        (self.sh_int(sh, base, a, *ty), self.sh_int(sh, base, b, *ty))
                    else {
                        return Self::sh_set(sh, base, dst, SV::Opaque);
                    };
                    let e = sem::icmp(&mut Exprs(self.it.pool()), *pred, w, x, y);
                    Self::sh_set(sh, base, dst, SV::Int(e));
                }
                TI::Ptr => {
                    let (pa, pb) = (self.sh_ptr(sh, base, a), self.sh_ptr(sh, base, b));
                    let pa = self.sh_promote(sh, pa, fact(0));
                    let pb = self.sh_promote(sh, pb, fact(1));
                    let sym_fact = |f: Option<&Fact>| matches!(f, Some(Fact::SymPtr(..)));
                    let sym_ptr = |p: SV| matches!(p, SV::Ptr(PS::Sym(..)));
                    if sym_fact(fact(0)) || sym_fact(fact(1)) || sym_ptr(pa) || sym_ptr(pb) {
                        let v = match (pa, pb) {
                            (SV::Ptr(x), SV::Ptr(y)) => self
                                .sh_sym_ptr_cmp(sh, *pred, (x, fact(0)), (y, fact(1)))
                                .map_or(SV::Opaque, SV::Int),
                            _ => SV::Opaque,
                        };
                        return Self::sh_set(sh, base, dst, v);
                    }
                    let (Some(&Fact::Ptr(va, sa)), Some(&Fact::Ptr(vb, sb))) = (fact(0), fact(1))
                    else {
                        return Self::sh_set(sh, base, dst, SV::Opaque);
                    };
                    if let (SV::Ptr(x), SV::Ptr(y)) = (pa, pb) {
                        self.sh_pin(sh, x, va);
                        self.sh_pin(sh, y, vb);
                    } else {
                        return Self::sh_set(sh, base, dst, SV::Opaque);
                    }
                    let v = match self.sh_pinned_ptr_cmp(sh, *pred, (va, sa), (vb, sb)) {
                        Some(b) => SV::Int(self.it.pool().bool_const(b)),
                        None => SV::Opaque,
                    };
                    Self::sh_set(sh, base, dst, v);
                }
                _ => Self::sh_set(sh, base, dst, SV::Opaque),
            },
            InstKind::Cast { op, from, to, v } => {
                let raw = self.sh_val(sh, base, v);
                let x = match (self.ti(*from), self.sh_width(*from)) {
                    (TI::Ptr, _) => self.as_ptr(raw).map_or(SV::Opaque, SV::Ptr),
                    (_, Some(w)) => self.as_int(raw, w).map_or(SV::Opaque, SV::Int),
                    _ => SV::Opaque,
                };
                let r = match (op, x, self.ti(*from), self.ti(*to)) {
                    (_, SV::Ptr(p), TI::Ptr, TI::Ptr) => SV::Ptr(p),
                    // An object the segment created has no address over the start: the
                    // integer stays that pointer, so that a system call given it (musl's
                    // `(long)&wsz`, `(long)iov`) still reaches the object; arithmetic on it
                    // is opaque (`as_int`).
                    (
                        CastOp::PtrToInt,
                        SV::Ptr(p @ (PS::Known(PinVal::Obj(o, _)) | PS::Sym(o, _))),
                        TI::Ptr,
                        TI::Int(_),
                    ) if sh.created.contains(&o) => SV::Ptr(p),
                    // The address (`ptraddr.rs`: an object's base required).
                    (CastOp::PtrToInt, SV::Ptr(p), TI::Ptr, TI::Int(wt)) => {
                        match self.sh_ptr_addr(sh, p) {
                            Some(e) => SV::Int(self.it.pool().zext_or_trunc(e, wt)),
                            None => SV::Opaque,
                        }
                    }
                    (
                        CastOp::Trunc | CastOp::ZExt | CastOp::SExt,
                        SV::Int(e),
                        TI::Int(wf),
                        TI::Int(wt),
                    ) => {
                        let (f, t) = (Scalar::Int(wf), Scalar::Int(wt));
                        sem::cast(&mut Exprs(self.it.pool()), *op, f, t, e)
                            .map_or(SV::Opaque, SV::Int)
                    }
                    (CastOp::BitCast, SV::Int(e), _, _)
                        if self.sh_width(*to) == Some(self.it.pool().width(e)) =>
                    {
                        SV::Int(e)
                    }
                    _ => SV::Opaque,
                };
                Self::sh_set(sh, base, dst, r);
            }
            InstKind::Copy { v, .. } => {
                let x = self.sh_val(sh, base, v);
                Self::sh_set(sh, base, dst, x);
            }
            InstKind::Select { cond, t, f: fv, ty } => {
                let cv = self.sh_val(sh, base, cond);
                let Some(c) = self.as_int(cv, 1) else {
                    return Self::sh_set(sh, base, dst, SV::Opaque);
                };
                let r = if self.ti(*ty) == TI::Ptr {
                    // The recorded condition decides which pointer; require it.
                    match fact(0) {
                        Some(Fact::Val(v)) if conc(v).is_some() => {
                            let taken = conc(v).unwrap_or(0) & 1 != 0;
                            let k = self.it.pool().bool_const(taken);
                            let eq = self.it.pool().eq(c, k);
                            self.sh_require(sh, eq);
                            self.sh_ptr(sh, base, if taken { t } else { fv })
                        }
                        _ => SV::Opaque,
                    }
                } else {
                    match (
                        self.sh_int(sh, base, t, *ty),
                        self.sh_int(sh, base, fv, *ty),
                    ) {
                        (Some(a), Some(b)) => {
                            SV::Int(sem::select(&mut Exprs(self.it.pool()), c, a, b))
                        }
                        _ => SV::Opaque,
                    }
                };
                Self::sh_set(sh, base, dst, r);
            }
            InstKind::Load { ty, ptr, .. } => {
                let p = self.sh_ptr(sh, base, ptr);
                let p = self.sh_promote(sh, p, fact(0));
                if let (SV::Ptr(PS::Sym(o, off)), Some(Fact::SymPtr(..))) = (p, fact(0)) {
                    let n = self.m.ty(*ty).store_size;
                    let v = match self.sh_sym_access(sh, o, off, n, facts) {
                        Some(i) => self.sh_sym_load(sh, o, i, *ty),
                        None => SV::Opaque,
                    };
                    return Self::sh_set(sh, base, dst, v);
                }
                let Some((o, off)) = self.sh_access(sh, p, fact(0)) else {
                    return;
                };
                let v = self.sh_load(sh, o, off, *ty);
                Self::sh_set(sh, base, dst, v);
            }
            InstKind::Store { ty, val, ptr, .. } => {
                let p = self.sh_ptr(sh, base, ptr);
                let p = self.sh_promote(sh, p, fact(0));
                let raw = self.sh_val(sh, base, val);
                let v = match (self.ti(*ty), self.sh_width(*ty)) {
                    (TI::Ptr, _) => self.as_ptr(raw).map_or(SV::Opaque, SV::Ptr),
                    (_, Some(w)) => self.as_int(raw, w).map_or(SV::Opaque, SV::Int),
                    _ => SV::Opaque,
                };
                if let (SV::Ptr(PS::Sym(o, off)), Some(Fact::SymPtr(..))) = (p, fact(0)) {
                    let n = self.m.ty(*ty).store_size;
                    if let Some(i) = self.sh_sym_access(sh, o, off, n, facts) {
                        self.sh_sym_store(sh, o, i, *ty, v);
                    }
                    return;
                }
                let Some((o, off)) = self.sh_access(sh, p, fact(0)) else {
                    return;
                };
                self.sh_store(sh, o, off, *ty, v);
            }
            InstKind::Gep {
                base: b,
                offset,
                indices,
            } => {
                let p = self.sh_ptr(sh, base, b);
                let p = match facts.get(indices.len()) {
                    f @ Some(Fact::SymPtr(..)) => self.sh_promote(sh, p, f),
                    _ => p,
                };
                let SV::Ptr(ps) = p else {
                    return Self::sh_set(sh, base, dst, SV::Opaque);
                };
                // A symbolic index or base: the recorder added where the base pointed.
                if facts.len() > indices.len() {
                    let pw = self.p.ps * 8;
                    let k = *offset as u64 as u128 & crate::expr::mask(pw, !0);
                    let mut d = self.it.pool().constant(pw, k);
                    for ix in indices.iter() {
                        let iv = self.sh_val(sh, base, &ix.op);
                        let Some(e) = self.as_int(iv, ix.width) else {
                            return Self::sh_fail(sh, "opaque index");
                        };
                        let s = self.sh_scaled(e, ix.stride);
                        d = self.it.pool().add(d, s);
                    }
                    let r = self.sh_sym_gep(sh, ps, d, facts.get(indices.len()));
                    return Self::sh_set(sh, base, dst, r);
                }
                let mut delta = *offset;
                for (k, ix) in indices.iter().enumerate() {
                    let v = match ix.op {
                        Operand::Const(c) => match conc(&self.consts[c.0 as usize]) {
                            Some(x) => x,
                            None => return Self::sh_set(sh, base, dst, SV::Opaque),
                        },
                        Operand::Reg(r) => {
                            let Some(Fact::Val(rec)) = fact(k) else {
                                return Self::sh_set(sh, base, dst, SV::Opaque);
                            };
                            let Value::Int(x) = rec else {
                                Self::sh_fail(sh, "symbolic pointer arithmetic");
                                return;
                            };
                            let _ = r;
                            let iv = self.sh_val(sh, base, &ix.op);
                            match self.as_int(iv, ix.width) {
                                Some(e) => self.sh_require_value(sh, e, *x),
                                None => {
                                    Self::sh_fail(sh, "opaque index");
                                    return;
                                }
                            }
                            *x
                        }
                    };
                    let i =
                        crate::exec::value::sext(v & crate::exec::value::mask(ix.width), ix.width)
                            as i64;
                    delta = delta.wrapping_add(i.wrapping_mul(ix.stride));
                }
                let r = match ps {
                    PS::Start(l, o, d) => PS::Start(l, o, d.wrapping_add(delta)),
                    PS::Known(v) => PS::Known(shift(v, delta)),
                    PS::Sym(o, off) => {
                        let w = self.it.pool().width(off);
                        let k = self.it.pool().constant(w, delta as u64 as u128);
                        PS::Sym(o, self.it.pool().add(off, k))
                    }
                };
                Self::sh_set(sh, base, dst, SV::Ptr(r));
            }
            InstKind::Alloca { .. } => match facts.iter().find_map(|x| match x {
                Fact::Post(Value::Ptr { obj, .. }) => Some(*obj),
                _ => None,
            }) {
                Some(o) => {
                    sh.created.insert(o);
                    sh.mem.forget(o);
                    sh.words.forget(o);
                    sh.views.remove(&o);
                    Self::sh_set(sh, base, dst, SV::Ptr(PS::Known(PinVal::Obj(o, 0))));
                }
                None => Self::sh_fail(sh, "alloca without a recorded object"),
            },
            InstKind::Br { edge } => self.sh_edge(sh, base, edge, f),
            InstKind::CondBr { cond, t, f: fe } => {
                let Some(n) = next else {
                    return Self::sh_fail(sh, "branch at the end of a segment");
                };
                let ts = f.blocks[t.target.0 as usize].start;
                let fs = f.blocks[fe.target.0 as usize].start;
                if n.func != st.func || n.base != base || (n.pc != ts && n.pc != fs) {
                    return Self::sh_fail(sh, "branch target not in the trace");
                }
                if ts != fs {
                    let Some(c) = self.fork_cond(sh, base, cond, 1) else {
                        return Self::sh_fail(sh, "opaque branch condition");
                    };
                    let g = if n.pc == ts {
                        c
                    } else {
                        self.it.pool().bool_not(c)
                    };
                    self.sh_require(sh, g);
                }
                let e = if n.pc == ts { t } else { fe };
                self.sh_edge(sh, base, e, f);
            }
            InstKind::Switch {
                cond,
                cases,
                default,
                width,
            } => {
                let Some(n) = next else {
                    return Self::sh_fail(sh, "switch at the end of a segment");
                };
                let cv = self.sh_val(sh, base, cond);
                let Some(c) = self.as_int(cv, *width) else {
                    return Self::sh_fail(sh, "opaque switch condition");
                };
                let start = |e: &Edge| f.blocks[e.target.0 as usize].start;
                // The target taken (the next step) decides the group of cases.
                let groups = switch_groups(self.it.pool(), c, *width, cases, default);
                let hits: Vec<(&Edge, ExprId)> =
                    groups.into_iter().filter(|g| start(g.0) == n.pc).collect();
                let [(e, g)] = hits[..] else {
                    return Self::sh_fail(sh, "switch target not determined");
                };
                self.sh_require(sh, g);
                self.sh_edge(sh, base, e, f);
            }
            InstKind::Ret { val } => {
                let Some(n) = next else {
                    return;
                };
                if n.base > base {
                    if self.cx.debug {
                        tracing::debug!(target: "trex::itp", "ret {:?} then {:?}", st, n);
                    }
                    return Self::sh_fail(sh, "return not followed by its caller");
                }
                let caller = m.func(n.func);
                let Some(call) = (n.pc as usize).checked_sub(1).map(|k| &caller.code[k]) else {
                    return Self::sh_fail(sh, "return to an unknown call");
                };
                let v = match val {
                    Some(o) => self.sh_val(sh, base, o),
                    None => SV::Opaque,
                };
                // The callee's registers are gone.
                sh.regs.retain(|&s, _| s < base);
                Self::sh_set(sh, n.base, call.dst, v);
            }
            InstKind::Call { callee, args, .. } => self.sh_call(sh, st, next, facts, callee, args),
            InstKind::Fence => {}
            InstKind::Unreachable | InstKind::Unsupported { .. } | InstKind::InlineAsm => {}
            _ => {
                // Anything else: an opaque result; instructions that write memory are not
                // modelled at all.
                if matches!(
                    inst.kind,
                    InstKind::AtomicRmw { .. }
                        | InstKind::CmpXchg { .. }
                        | InstKind::VaArg { .. }
                        | InstKind::IndirectBr { .. }
                ) {
                    Self::sh_fail(sh, "instruction not modelled");
                }
                Self::sh_set(sh, base, dst, SV::Opaque);
            }
        }
    }
}
