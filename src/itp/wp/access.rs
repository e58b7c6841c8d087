//! The shadow's values: operands, pins, loads and stores, conditions the segment relies on.

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::{fk_bytes, TI};
use crate::exec::memory::{ObjKind, ObjRef};
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::ir::*;
use crate::itp::trace::{Fact, Step};
use crate::itp::{Loc, PinVal};

impl Wp<'_, '_, '_> {
    pub(super) fn sh_fail(sh: &mut Shadow, why: &'static str) {
        if sh.fail.is_none() {
            sh.fail = Some(why);
        }
    }

    /// Notes `st` as the step that made the shadow fail, if it failed and no step is noted.
    pub(super) fn sh_blame(sh: &mut Shadow, st: &Step) {
        if sh.fail.is_some() && sh.fail_at.is_none() {
            sh.fail_at = Some((st.func, st.pc));
        }
    }

    /// Adds a condition the rest of the segment relied on.
    pub(super) fn sh_require(&mut self, sh: &mut Shadow, c: ExprId) {
        let c = match sh.ctx {
            Some(a) => self.under(a, c),
            None => c,
        };
        if self.it.pool().as_const(c) != Some(1) {
            sh.conj.push(c);
        }
    }

    /// Requires `e` to equal the concrete value `x` it had (truncated to its width).
    pub(super) fn sh_require_value(&mut self, sh: &mut Shadow, e: ExprId, x: u128) {
        let w = self.it.pool_ref().width(e);
        let k = self.it.pool().constant(w, x);
        let eq = self.it.pool().eq(e, k);
        self.sh_require(sh, eq);
    }

    pub(super) fn sh_assume(&mut self, sh: &mut Shadow, c: ExprId) {
        sh.ctx = Some(match sh.ctx {
            Some(a) => self.it.pool().bool_and(a, c),
            None => c,
        });
    }

    /// Width in bits of a scalar type whose bits the shadow can hold.
    pub(super) fn sh_width(&self, ty: TypeId) -> Option<u32> {
        match self.ti(ty) {
            TI::Int(w) => Some(w),
            TI::F(fk) => Some(fk_bytes(fk) as u32 * 8),
            _ => None,
        }
    }

    /// An operand's shadow (registers not written by the segment: their start value).
    pub(super) fn sh_val(&self, sh: &Shadow, base: u32, o: &Operand) -> SV {
        match o {
            Operand::Reg(r) => {
                let slot = base + r.0;
                sh.regs.get(&slot).copied().unwrap_or(SV::Reg(slot))
            }
            Operand::Const(c) => SV::Const(*c),
        }
    }

    /// The shadow as a `w`-bit integer expression.
    pub(super) fn as_int(&mut self, v: SV, w: u32) -> Option<ExprId> {
        match v {
            SV::Reg(s) => Some(self.cx.locs.value(self.it.pool(), Loc::Reg(s), 0, w)),
            SV::Const(c) => match &self.consts[c.0 as usize] {
                Value::Int(x) => Some(self.it.pool().constant(w, *x)),
                _ => None,
            },
            SV::Int(e) if self.it.pool().width(e) == w => Some(e),
            _ => None,
        }
    }

    /// The shadow as a pointer.
    pub(super) fn as_ptr(&self, v: SV) -> Option<PS> {
        match v {
            SV::Reg(s) => Some(PS::Start(Loc::Reg(s), 0, 0)),
            SV::Const(c) => match &self.consts[c.0 as usize] {
                Value::Int(x) => Some(PS::Known(PinVal::Addr(*x))),
                Value::Ptr { obj, addr } => {
                    let b = self.it.state().mem.objs[obj.idx as usize].base;
                    Some(PS::Known(PinVal::Obj(*obj, addr.wrapping_sub(b) as i64)))
                }
                _ => None,
            },
            SV::Ptr(p) => Some(p),
            _ => None,
        }
    }

    pub(super) fn sh_int(
        &mut self,
        sh: &Shadow,
        base: u32,
        o: &Operand,
        ty: TypeId,
    ) -> Option<ExprId> {
        let w = self.sh_width(ty)?;
        let v = self.sh_val(sh, base, o);
        self.as_int(v, w)
    }

    pub(super) fn sh_ptr(&self, sh: &Shadow, base: u32, o: &Operand) -> SV {
        match self.as_ptr(self.sh_val(sh, base, o)) {
            Some(p) => SV::Ptr(p),
            None => SV::Opaque,
        }
    }

    /// Pins the shadow pointer `p` to the value `v` it had.
    pub(super) fn sh_pin(&mut self, sh: &mut Shadow, p: PS, v: PinVal) {
        match p {
            PS::Known(k) => {
                if k != v {
                    Self::sh_fail(sh, "inconsistent pointer");
                }
            }
            PS::Start(Loc::Reg(slot), _, d) => {
                let want = shift(v, -d);
                if let Some(old) = sh.reg_pins.insert(slot, want) {
                    if old != want {
                        Self::sh_fail(sh, "inconsistent pointer");
                    }
                }
            }
            PS::Start(Loc::Mem(o), off, d) => {
                let want = shift(v, -d);
                if let Some(old) = sh.mem_pins.insert((o, off), want) {
                    if old != want {
                        Self::sh_fail(sh, "inconsistent pointer");
                    }
                }
            }
            PS::Start(Loc::Opaque, ..) => Self::sh_fail(sh, "opaque pointer"),
            PS::Sym(o, off) => match v {
                // The symbolic offset must be the one recorded.
                PinVal::Obj(o2, k) if o2 == o => {
                    let w = self.it.pool().width(off);
                    let c = self.it.pool().constant(w, k as u64 as u128);
                    let eq = self.it.pool().eq(off, c);
                    self.sh_require(sh, eq);
                }
                _ => Self::sh_fail(sh, "inconsistent pointer"),
            },
        }
    }

    /// The object and offset of a recorded pointer fact, after pinning the shadow pointer.
    pub(super) fn sh_access(
        &mut self,
        sh: &mut Shadow,
        p: SV,
        fact: Option<&Fact>,
    ) -> Option<(ObjRef, u64)> {
        let (v, size) = match fact {
            Some(Fact::Ptr(v, size)) => (*v, *size),
            _ => {
                Self::sh_fail(sh, "memory access without a recorded pointer");
                return None;
            }
        };
        match p {
            SV::Ptr(ps) => self.sh_pin(sh, ps, v),
            _ => {
                Self::sh_fail(sh, "memory access through a non-pointer");
                return None;
            }
        }
        match v {
            PinVal::Obj(o, off) if off >= 0 => {
                if !sh.created.contains(&o) {
                    sh.objects.insert(o, size);
                }
                Some((o, off as u64))
            }
            _ => {
                Self::sh_fail(sh, "memory access outside an object");
                None
            }
        }
    }

    pub(super) fn sh_byte(&mut self, sh: &Shadow, o: ObjRef, off: u64) -> Option<ExprId> {
        if let Some(b) = sh.mem.get(o, off) {
            return *b;
        }
        if sh.created.contains(&o) {
            return Some(self.it.pool().constant(8, 0));
        }
        let (st, pool) = self.it.state_and_pool();
        let ob = &st.mem.objs[o.idx as usize];
        if ob.is(o) && ob.kind == ObjKind::ConstGlobal {
            return Some(pool.constant(8, ob.bytes[off as usize] as u128));
        }
        let size = sh.objects.get(&o).copied().unwrap_or(off + 1);
        Some(self.cx.locs.byte(self.it.pool(), Loc::Mem(o), off, size))
    }

    /// The pointer at `off` in `o`.
    pub(super) fn sh_load_ptr(&self, sh: &Shadow, o: ObjRef, off: u64) -> SV {
        if let Some(p) = sh.mem_ptrs.get(o, off) {
            return SV::Ptr(*p);
        }
        let n = self.p.ps as u64;
        if sh.mem.any_in(o, off..off + n) {
            return SV::Opaque;
        }
        if sh.created.contains(&o) {
            return SV::Ptr(PS::Known(PinVal::Addr(0)));
        }
        SV::Ptr(PS::Start(Loc::Mem(o), off, 0))
    }

    pub(super) fn sh_load(&mut self, sh: &mut Shadow, o: ObjRef, off: u64, ty: TypeId) -> SV {
        if self.ti(ty) == TI::Ptr {
            return self.sh_load_ptr(sh, o, off);
        }
        let Some(w) = self.sh_width(ty) else {
            return SV::Opaque;
        };
        let n = w.div_ceil(8) as u64;
        if let Some(&(wn, e)) = sh.words.get(o, off) {
            if wn == n {
                let ew = self.it.pool().width(e);
                return SV::Int(if ew == w {
                    e
                } else {
                    self.it.pool().extract(e, 0, w)
                });
            }
        }
        let mut acc: Option<ExprId> = None;
        for k in 0..n {
            let Some(b) = self.sh_byte(sh, o, off + k) else {
                return SV::Opaque;
            };
            acc = Some(match acc {
                None => b,
                Some(lo) => self.it.pool().concat(b, lo),
            });
        }
        let mut e = acc.unwrap();
        if n as u32 * 8 != w {
            e = self.it.pool().extract(e, 0, w);
        }
        SV::Int(e)
    }

    /// Bytes `off..off + n` of `o` are about to be written: forget the pointers and whole
    /// values overlapping them.
    pub(super) fn sh_clear_ptrs(sh: &mut Shadow, o: ObjRef, off: u64, n: u64, ps: u64) {
        // Entries starting before `off` overlap it when they are long enough.
        sh.mem_ptrs
            .remove_in(o, (off + 1).saturating_sub(ps)..off + n, |_, _| true);
        let from = (off + 1).saturating_sub(sh.words_max);
        sh.words
            .remove_in(o, from..off + n, |woff, &(wn, _)| woff + wn > off);
    }

    pub(super) fn sh_store(&mut self, sh: &mut Shadow, o: ObjRef, off: u64, ty: TypeId, v: SV) {
        let ps = self.p.ps as u64;
        if self.ti(ty) == TI::Ptr {
            Self::sh_clear_ptrs(sh, o, off, ps, ps);
            for k in 0..ps {
                sh.mem.insert(o, off + k, None);
            }
            match v {
                SV::Ptr(p) => {
                    sh.mem_ptrs.insert(o, off, p);
                }
                _ => Self::sh_fail(sh, "a pointer store of a non-pointer"),
            }
            return;
        }
        let n = self.m.ty(ty).store_size;
        Self::sh_clear_ptrs(sh, o, off, n, ps);
        match (v, self.sh_width(ty)) {
            (SV::Int(e), Some(w)) => {
                let bw = (n * 8) as u32;
                let e = if bw > w {
                    self.it.pool().zext(e, bw)
                } else {
                    e
                };
                for k in 0..n {
                    let b = self.it.pool().extract(e, (k * 8) as u32, 8);
                    sh.mem.insert(o, off + k, Some(b));
                }
                sh.words.insert(o, off, (n, e));
                sh.words_max = sh.words_max.max(n);
            }
            _ => {
                for k in 0..n {
                    sh.mem.insert(o, off + k, None);
                }
            }
        }
    }

    pub(super) fn sh_set(sh: &mut Shadow, base: u32, dst: Option<crate::ir::Reg>, v: SV) {
        if let Some(d) = dst {
            sh.regs.insert(base + d.0, v);
        }
    }

    pub(super) fn sh_edge(&mut self, sh: &mut Shadow, base: u32, e: &Edge, _f: &Function) {
        let mut vals = Vec::with_capacity(e.copies.len());
        for c in &e.copies {
            vals.push(self.sh_val(sh, base, &c.src));
        }
        for (c, v) in e.copies.iter().zip(vals) {
            sh.regs.insert(base + c.dst.0, v);
        }
    }
}
