//! The weakest precondition through symbolic pointer arithmetic within one object (see
//! `wp/`): a GEP with a symbolic index from a pointer into an object gives the shadow
//! pointer `PS::Sym(object, offset expression)`; loads and stores through it read and write the
//! shadow's contents of that object as an array term (a constant array overwritten at every
//! offset by the shadow's bytes, then the symbolic-offset writes), as the executor does
//! (`memory/view.rs`), so that no location array is ever read at a symbolic index. The access
//! is to the object the pointer was derived from (its provenance, `symmem.rs`), which the
//! executor checked it in bounds of: that check is a condition of the interpolant (an
//! assumption when its error side was explored).

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::TI;
use crate::exec::memory::ObjRef;
use crate::expr::{ArrayId, ExprId, UpdateId};
use crate::ir::*;
use crate::itp::trace::Fact;
use crate::itp::PinVal;

/// Largest object the shadow accesses at a symbolic offset (each access re-expresses its
/// bytes; the interpolant mentions all of them).
pub(super) const MAX_SHADOW_VIEW: u64 = 256;

impl Wp<'_, '_, '_> {
    /// Pointer width in bits.
    fn pbits(&self) -> u32 {
        self.p.ps * 8
    }

    /// The recorded object of a symbolic pointer, when it was derived from `o`.
    fn sym_target(sh: &mut Shadow, o: ObjRef, fact: Option<&Fact>) -> Option<u64> {
        match fact {
            Some(&Fact::SymPtr(Some(h), size)) if h == o => Some(size),
            Some(Fact::SymPtr(..)) => {
                Wp::sh_fail(sh, "symbolic pointer without the provenance of its object");
                None
            }
            _ => {
                Wp::sh_fail(sh, "symbolic pointer arithmetic on a concrete pointer");
                None
            }
        }
    }

    /// A GEP whose index (or base) was symbolic: `base + offset + sum(index * stride)` as a
    /// pointer into the object the base pointed into. `idx`: the indices' shadows (pointer
    /// width), `base_fact`: where the base pointed.
    pub(super) fn sh_sym_gep(
        &mut self,
        sh: &mut Shadow,
        ps: PS,
        delta: ExprId,
        base_fact: Option<&Fact>,
    ) -> SV {
        let pw = self.pbits();
        let (o, off, size) = match (ps, base_fact) {
            (PS::Sym(o, off), f) => {
                let size = Self::sym_target(sh, o, f).unwrap_or(0);
                (o, off, size)
            }
            (p, Some(&Fact::Ptr(v @ PinVal::Obj(o, k), size))) => {
                self.sh_pin(sh, p, v);
                if !sh.created.contains(&o) {
                    sh.objects.insert(o, size);
                }
                (o, self.it.pool().constant(pw, k as u64 as u128), size)
            }
            _ => {
                Self::sh_fail(sh, "symbolic pointer arithmetic outside an object");
                return SV::Opaque;
            }
        };
        if size > MAX_SHADOW_VIEW {
            // Its accesses would fail the node: fail it now, before more of the segment.
            Self::sh_fail(sh, "symbolic offset into a large object");
        }
        if sh.fail.is_some() {
            return SV::Opaque;
        }
        let off = self.it.pool().add(off, delta);
        SV::Ptr(PS::Sym(o, off))
    }

    /// `index * stride` at pointer width (the index sign-extended, as GEP indices are signed).
    pub(super) fn sh_scaled(&mut self, e: ExprId, stride: i64) -> ExprId {
        let pw = self.pbits();
        let w = self.it.pool().width(e);
        let e = if w < pw {
            self.it.pool().sext(e, pw)
        } else {
            self.it.pool().zext_or_trunc(e, pw)
        };
        let s = self
            .it
            .pool()
            .constant(pw, stride as u64 as u128 & crate::expr::mask(pw, !0));
        self.it.pool().mul(e, s)
    }

    /// `offset + n <= size`, the executor's in-bounds check of an `n`-byte access.
    fn sh_in_bounds(&mut self, off: ExprId, size: u64, n: u64) -> ExprId {
        if size < n {
            return self.it.pool().false_expr();
        }
        let w = self.it.pool().width(off);
        let last = self.it.pool().constant(w, (size - n) as u128);
        self.it.pool().ule(off, last)
    }

    /// An `n`-byte access through `PS::Sym(o, off)`: the 32-bit offset, after the in-bounds
    /// check the executor made (required, or assumed when its error side was explored).
    pub(super) fn sh_sym_access(
        &mut self,
        sh: &mut Shadow,
        o: ObjRef,
        off: ExprId,
        n: u64,
        facts: &[Fact],
    ) -> Option<ExprId> {
        let size = Self::sym_target(sh, o, facts.first())?;
        if size > MAX_SHADOW_VIEW {
            Self::sh_fail(sh, "symbolic offset into a large object");
            return None;
        }
        if !sh.created.contains(&o) {
            sh.objects.insert(o, size);
        }
        let inb = self.sh_in_bounds(off, size, n);
        if facts.iter().any(|f| matches!(f, Fact::ErrFork)) {
            self.sh_assume(sh, inb);
        } else {
            self.sh_require(sh, inb);
        }
        Some(self.it.pool().extract(off, 0, 32))
    }

    /// The last step of a leaf was an access through `PS::Sym(o, off)` that failed: it must
    /// be out of bounds again.
    pub(super) fn sh_sym_fault(
        &mut self,
        sh: &mut Shadow,
        o: ObjRef,
        off: ExprId,
        n: u64,
        facts: &[Fact],
    ) {
        let Some(size) = Self::sym_target(sh, o, facts.first()) else {
            return;
        };
        if !sh.created.contains(&o) {
            sh.objects.insert(o, size);
        }
        let inb = self.sh_in_bounds(off, size, n);
        let out = self.it.pool().bool_not(inb);
        self.sh_require(sh, out);
    }

    /// The shadow's contents of `o` as an array term: a constant array of its size with every
    /// byte written (the last view reused: only the bytes that changed since are written).
    fn sh_view(&mut self, sh: &mut Shadow, o: ObjRef) -> Option<(ArrayId, Option<UpdateId>)> {
        let size = sh
            .objects
            .get(&o)
            .copied()
            .unwrap_or_else(|| self.it.state().mem.objs[o.idx as usize].size);
        let a = self.cx.zero_array(self.it.pool(), size);
        let u0 = sh.views.get(&o).copied().flatten();
        let mut u = u0;
        for k in 0..size {
            let Some(cur) = self.sh_byte(sh, o, k) else {
                Self::sh_fail(sh, "symbolic offset into an object holding pointers");
                return None;
            };
            let ck = self.it.pool().constant(32, k as u128);
            if u0.is_none() || self.it.pool().read(a, u0, ck) != cur {
                u = Some(self.it.pool().write(u, ck, cur));
            }
        }
        sh.views.insert(o, u);
        Some((a, u))
    }

    /// A load of `ty` at the symbolic offset `off` (32 bits) of `o`.
    pub(super) fn sh_sym_load(
        &mut self,
        sh: &mut Shadow,
        o: ObjRef,
        off: ExprId,
        ty: TypeId,
    ) -> SV {
        let (Some(w), false) = (self.sh_width(ty), self.ti(ty) == TI::Ptr) else {
            // A pointer loaded at a symbolic offset: its object is not known.
            return SV::Opaque;
        };
        let n = w.div_ceil(8);
        let Some((a, u)) = self.sh_view(sh, o) else {
            return SV::Opaque;
        };
        let e = self.it.pool().read_bytes_le(a, u, off, n);
        SV::Int(self.it.pool().zext_or_trunc(e, w))
    }

    /// A store of `v` (of `ty`) at the symbolic offset `off` (32 bits) of `o`: every byte of
    /// the object is re-expressed as a read of the new contents.
    pub(super) fn sh_sym_store(
        &mut self,
        sh: &mut Shadow,
        o: ObjRef,
        off: ExprId,
        ty: TypeId,
        v: SV,
    ) {
        let n = self.m.ty(ty).store_size;
        let e = match (v, self.sh_width(ty)) {
            (SV::Int(e), Some(_)) if self.ti(ty) != TI::Ptr => e,
            _ => {
                return Self::sh_fail(
                    sh,
                    "a store of a pointer or an opaque value at a symbolic offset",
                )
            }
        };
        let Some((a, mut u)) = self.sh_view(sh, o) else {
            return;
        };
        let e = self.it.pool().zext_or_trunc(e, (n * 8) as u32);
        for j in 0..n {
            let cj = self.it.pool().constant(32, j as u128);
            let i = self.it.pool().add(cj, off);
            let b = self.it.pool().extract(e, (j * 8) as u32, 8);
            u = Some(self.it.pool().write(u, i, b));
        }
        let size = sh
            .objects
            .get(&o)
            .copied()
            .unwrap_or_else(|| self.it.state().mem.objs[o.idx as usize].size);
        let ps = self.p.ps as u64;
        Self::sh_clear_ptrs(sh, o, 0, size, ps);
        for k in 0..size {
            let ck = self.it.pool().constant(32, k as u128);
            let b = self.it.pool().read(a, u, ck);
            sh.mem.insert(o, k, Some(b));
        }
        sh.views.insert(o, u);
    }

    /// One side of a pointer comparison: (object, offset at pointer width, object size), or
    /// `None` for the null pointer (the other side then symbolic), or `Err` (opaque).
    #[allow(clippy::type_complexity)]
    fn sh_cmp_side(
        &mut self,
        sh: &mut Shadow,
        p: PS,
        f: Option<&Fact>,
    ) -> Result<Option<(ObjRef, ExprId, u64)>, ()> {
        let pw = self.pbits();
        match (p, f) {
            (p, Some(&Fact::Ptr(v @ PinVal::Obj(o, k), size))) => {
                self.sh_pin(sh, p, v);
                Ok(Some((
                    o,
                    self.it.pool().constant(pw, k as u64 as u128),
                    size,
                )))
            }
            (p, Some(&Fact::Ptr(v @ PinVal::Addr(0), _))) => {
                self.sh_pin(sh, p, v);
                Ok(None)
            }
            (PS::Sym(o, off), Some(&Fact::SymPtr(Some(h), size))) if h == o => {
                Ok(Some((o, off, size)))
            }
            _ => Err(()),
        }
    }

    /// A comparison of two pointers at least one of which is symbolic: into the same object,
    /// their offsets compared (an ordering requires both within the object or one past it,
    /// where no address wraps); with the null pointer, (in)equality, the other pointer
    /// required within its object. Other forms (two objects' addresses, signed orderings)
    /// compare the addresses, the objects' bases required (`ptraddr.rs`). `None`: opaque.
    pub(super) fn sh_sym_ptr_cmp(
        &mut self,
        sh: &mut Shadow,
        pred: IntPred,
        a: (PS, Option<&Fact>),
        b: (PS, Option<&Fact>),
    ) -> Option<ExprId> {
        let pw = self.pbits();
        let x = self.sh_cmp_side(sh, a.0, a.1).ok()?;
        let y = self.sh_cmp_side(sh, b.0, b.1).ok()?;
        let within = |w: &mut Self, sh: &mut Shadow, (o, off, size): (ObjRef, ExprId, u64)| {
            if !sh.created.contains(&o) {
                sh.objects.insert(o, size);
            }
            let end = w.it.pool().constant(pw, size as u128);
            let c = w.it.pool().ule(off, end);
            w.sh_require(sh, c);
        };
        let by_offsets = match (x, y) {
            (Some(p), None) | (None, Some(p)) => match pred {
                // An address within an object is never null.
                IntPred::Eq | IntPred::Ne => {
                    within(self, sh, p);
                    Some(self.it.pool().bool_const(pred == IntPred::Ne))
                }
                _ => None,
            },
            (Some(p), Some(q)) if p.0 == q.0 => match pred {
                IntPred::Eq => Some(self.it.pool().eq(p.1, q.1)),
                IntPred::Ne => {
                    let e = self.it.pool().eq(p.1, q.1);
                    Some(self.it.pool().bool_not(e))
                }
                IntPred::Ult | IntPred::Ule | IntPred::Ugt | IntPred::Uge => {
                    within(self, sh, p);
                    within(self, sh, q);
                    Some(crate::exec::sem::icmp(
                        &mut crate::exec::sem::Exprs(self.it.pool()),
                        pred,
                        pw,
                        p.1,
                        q.1,
                    ))
                }
                _ => None,
            },
            _ => None,
        };
        if by_offsets.is_some() {
            return by_offsets;
        }
        let addr = |w: &mut Self, sh: &mut Shadow, side: Option<(ObjRef, ExprId, u64)>| match side {
            Some((o, off, _)) => w.sh_ptr_addr(sh, PS::Sym(o, off)),
            None => Some(w.it.pool().constant(pw, 0)),
        };
        let (ea, eb) = (addr(self, sh, x)?, addr(self, sh, y)?);
        Some(crate::exec::sem::icmp(
            &mut crate::exec::sem::Exprs(self.it.pool()),
            pred,
            pw,
            ea,
            eb,
        ))
    }
}
