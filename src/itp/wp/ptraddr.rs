//! Pointers as addresses in the weakest precondition (see `wp/mod.rs`): a symbolic pointer made
//! before the segment started (`&a[i]` computed before a fork, kept in a register or a local
//! variable) and used after it.
//!
//! The shadow normally pins pointers to the (object, offset) they had. A symbolic pointer has
//! no such offset: the executor holds it as an address expression derived from one object
//! (its provenance, `symmem.rs`). Such a start location is read as its address and turned into
//! `PS::Sym(object, address - base)`, so that `symptr.rs` handles its accesses and
//! comparisons; the interpolant then requires, at a check, that
//! - the location still holds a pointer derived from that object (`Itp::provenance`: a
//!   symbolic address whose provenance it is, or a pointer into it), so the executor checks
//!   the accesses against that object alone, as on the explored path;
//! - the object still has the base address recorded (`Itp::bases`), which the formula's
//!   `address - base` assumes.
//!
//! A child's formula may then read a pointer location as an address; mapping it through the
//! parent's segment needs the pointer the parent put there as an address too
//! ([`Wp::sh_ptr_addr`]): an object's address is its pinned base plus the offset.

use super::pass::Wp;
use super::shadow::*;
use crate::exec::memory::ObjRef;
use crate::exec::sem::{self, Conc};
use crate::exec::value::Value;
use crate::expr::{ArrayId, ExprId};
use crate::ir::*;
use crate::itp::trace::Fact;
use crate::itp::{Itp, Loc, PinVal};
use hashbrown::{HashMap, HashSet};

impl Wp<'_, '_, '_> {
    /// The base address of `o` (an object alive at the segment's start), which the
    /// interpolant now requires.
    fn sh_base(&mut self, sh: &mut Shadow, o: ObjRef) -> Option<u64> {
        if sh.created.contains(&o) {
            Self::sh_fail(sh, "the address of an object the segment created");
            return None;
        }
        let (base, size) = match self.it.state().mem.objs.get(o.idx as usize) {
            // (The running path may have ended: its frame's objects are dead, but keep their
            // slot, generation and address.)
            Some(ob) if ob.gen() == o.gen => (ob.base, ob.size),
            _ => {
                Self::sh_fail(sh, "the address of an object no longer known");
                return None;
            }
        };
        sh.objects.entry(o).or_insert(size);
        if *sh.bases.entry(o).or_insert(base) != base {
            Self::sh_fail(sh, "inconsistent base address");
            return None;
        }
        Some(base)
    }

    /// `p` as an address (pointer width) over the segment's start: a start location's value,
    /// a pinned object's base plus the offset, or a constant.
    pub(super) fn sh_ptr_addr(&mut self, sh: &mut Shadow, p: PS) -> Option<ExprId> {
        let pw = self.p.ps * 8;
        let plus = |w: &mut Self, e: ExprId, d: i64| {
            let k =
                w.it.pool()
                    .constant(pw, d as u64 as u128 & crate::expr::mask(pw, !0));
            w.it.pool().add(e, k)
        };
        match p {
            PS::Start(Loc::Reg(s), _, d) => {
                let e = self.cx.locs.value(self.it.pool(), Loc::Reg(s), 0, pw);
                Some(plus(self, e, d))
            }
            PS::Start(Loc::Mem(o), off, d) => {
                let size = match self.it.state().mem.objs.get(o.idx as usize) {
                    Some(ob) if ob.gen() == o.gen => ob.size,
                    _ => return None,
                };
                sh.objects.entry(o).or_insert(size);
                let a = self.cx.locs.array(self.it.pool(), Loc::Mem(o), size);
                let ps = self.p.ps as u64;
                let e = crate::itp::read_word(self.it.pool(), a, off, ps);
                Some(plus(self, e, d))
            }
            PS::Start(Loc::Opaque, ..) => None,
            PS::Known(PinVal::Addr(x)) => {
                Some(self.it.pool().constant(pw, x & crate::expr::mask(pw, !0)))
            }
            PS::Known(PinVal::Obj(o, k)) => {
                let b = self.sh_base(sh, o)?;
                let e = self.it.pool().constant(pw, b as u128);
                Some(plus(self, e, k))
            }
            PS::Sym(o, off) => {
                let b = self.sh_base(sh, o)?;
                let e = self.it.pool().constant(pw, b as u128);
                Some(self.it.pool().add(e, off))
            }
        }
    }

    /// The address a pinned pointer has (an object's base required).
    fn sh_pin_addr(&mut self, sh: &mut Shadow, v: PinVal) -> Option<u128> {
        let m = crate::expr::mask(self.p.ps * 8, !0);
        match v {
            PinVal::Addr(x) => Some(x & m),
            PinVal::Obj(o, k) => {
                let b = self.sh_base(sh, o)?;
                Some((b as u128).wrapping_add(k as i128 as u128) & m)
            }
        }
    }

    /// A comparison of two pointers pinned to `a` and `b` (with their objects' sizes), as the
    /// executor makes it, on addresses. Offsets into one object (within it or one past it,
    /// where no address wraps) decide unsigned orderings; two objects (pointers within them)
    /// are never equal, nor is a pointer within an object null: these hold under any
    /// renaming of the objects. Anything else (signed orderings, two objects' order,
    /// pointers outside their objects) is decided by the addresses, the objects' bases
    /// required.
    pub(super) fn sh_pinned_ptr_cmp(
        &mut self,
        sh: &mut Shadow,
        pred: IntPred,
        (a, sa): (PinVal, u64),
        (b, sb): (PinVal, u64),
    ) -> Option<bool> {
        use IntPred as P;
        let pw = self.p.ps * 8;
        let icmp = |x: u128, y: u128| sem::icmp(&mut Conc, pred, pw, x, y) != 0;
        let within = |k: i64, size: u64| k >= 0 && k as u64 <= size;
        let inside = |k: i64, size: u64| k >= 0 && (k as u64) < size;
        let eq = matches!(pred, P::Eq | P::Ne);
        let unsigned = eq || matches!(pred, P::Ult | P::Ule | P::Ugt | P::Uge);
        match (a, b) {
            (PinVal::Addr(x), PinVal::Addr(y)) => Some(icmp(x, y)),
            (PinVal::Obj(o1, x), PinVal::Obj(o2, y))
                if o1 == o2 && unsigned && within(x, sa) && within(y, sb) =>
            {
                Some(icmp(x as u128, y as u128))
            }
            (PinVal::Obj(o1, x), PinVal::Obj(o2, y))
                if o1 != o2 && eq && inside(x, sa) && inside(y, sb) =>
            {
                Some(pred == P::Ne)
            }
            (PinVal::Obj(_, x), PinVal::Addr(0)) | (PinVal::Addr(0), PinVal::Obj(_, x))
                if eq && within(x, if matches!(a, PinVal::Obj(..)) { sa } else { sb }) =>
            {
                Some(pred == P::Ne)
            }
            _ => {
                let (x, y) = (self.sh_pin_addr(sh, a)?, self.sh_pin_addr(sh, b)?);
                Some(icmp(x, y))
            }
        }
    }

    /// Requires the start location `(l, off)` to hold a pointer derived from `o`.
    fn sh_provenance(sh: &mut Shadow, l: Loc, off: u64, o: ObjRef) {
        if *sh.provenance.entry((l, off)).or_insert(o) != o {
            Self::sh_fail(sh, "a pointer derived from two objects");
        }
    }

    /// A pointer the executor held as a symbolic address derived from an object, that the
    /// shadow has as a start location: as `PS::Sym(object, address - base)`, with the
    /// location's provenance and the object's base required (see the module comment).
    /// Anything else is returned as it is.
    pub(super) fn sh_promote(&mut self, sh: &mut Shadow, p: SV, f: Option<&Fact>) -> SV {
        let (SV::Ptr(ps @ PS::Start(l, off, _)), Some(&Fact::SymPtr(Some(o), _))) = (p, f) else {
            return p;
        };
        if matches!(l, Loc::Opaque) {
            return p;
        }
        let (Some(b), Some(a)) = (self.sh_base(sh, o), self.sh_ptr_addr(sh, ps)) else {
            return SV::Opaque;
        };
        Self::sh_provenance(sh, l, off, o);
        let pw = self.p.ps * 8;
        let bc = self.it.pool().constant(pw, b as u128);
        SV::Ptr(PS::Sym(o, self.it.pool().sub(a, bc)))
    }

    /// The provenance `o` a child requires of the pointer the segment left as `p`.
    fn sh_provenance_of(sh: &mut Shadow, p: PS, o: ObjRef) {
        match p {
            PS::Start(l @ (Loc::Reg(_) | Loc::Mem(_)), off, _) => {
                // Pointer arithmetic keeps the provenance (`symmem.rs`).
                Self::sh_provenance(sh, l, off, o)
            }
            PS::Known(PinVal::Obj(x, _)) | PS::Sym(x, _) if x == o => {}
            _ => Self::sh_fail(sh, "a pointer of another provenance"),
        }
    }

    /// A child's base addresses and provenance requirements, through the segment.
    /// `false`: not expressible.
    pub(super) fn sh_apply_addrs(&mut self, sh: &mut Shadow, itp: &Itp) -> bool {
        for &(o, b) in &itp.bases {
            if sh.created.contains(&o) || *sh.bases.entry(o).or_insert(b) != b {
                return false;
            }
        }
        let ps = self.p.ps as u64;
        for &(l, off, o) in &itp.provenance {
            match l {
                Loc::Reg(s) => match sh.regs.get(&s).copied() {
                    None => Self::sh_provenance(sh, l, 0, o),
                    Some(v @ (SV::Reg(_) | SV::Ptr(_) | SV::Const(_))) => match self.as_ptr(v) {
                        Some(p) => Self::sh_provenance_of(sh, p, o),
                        None => return false,
                    },
                    Some(_) => return false,
                },
                Loc::Mem(x) => {
                    if let Some(&p) = sh.mem_ptrs.get(x, off) {
                        Self::sh_provenance_of(sh, p, o);
                    } else if sh.mem.any_in(x, off..off + ps) || sh.created.contains(&x) {
                        return false;
                    } else {
                        Self::sh_provenance(sh, l, off, o);
                    }
                }
                Loc::Opaque => return false,
            }
        }
        sh.fail.is_none()
    }

    /// The addresses of the pointers the segment left in the locations `formula` reads
    /// (registers by slot, memory by byte), for mapping it through the segment. `None`: one
    /// is not expressible.
    pub(super) fn sh_ptr_addrs(&mut self, sh: &mut Shadow, formula: ExprId) -> Option<PtrAddrs> {
        let mut out = PtrAddrs::default();
        // The locations holding a pointer the segment left there, whose arrays exist (a
        // formula can read no other): most formulas read none of them, which the arrays'
        // signatures tell without walking the formula (it can be large: applied at every node).
        let mut regs = Vec::new();
        for (&s, &v) in &sh.regs {
            let ptr = match v {
                SV::Ptr(_) => true,
                SV::Const(c) => matches!(self.consts[c.0 as usize], Value::Ptr { .. }),
                _ => false,
            };
            if let (true, Some(a)) = (ptr, self.cx.locs.existing(Loc::Reg(s))) {
                regs.push((s, v, a));
            }
        }
        let mut objs = Vec::new();
        for o in sh.mem_ptrs.objects() {
            if let Some(a) = self.cx.locs.existing(Loc::Mem(o)) {
                objs.push((o, a));
            }
        }
        if regs.is_empty() && objs.is_empty() {
            return Some(out);
        }
        let reads = |w: &mut Self, a: ArrayId| {
            let set = HashSet::from_iter([a]);
            let (it, cx) = (&*w.it, &mut *w.cx);
            cx.masks.reads_any(it.pool_ref(), &cx.locs, formula, &set)
        };
        let ps = self.p.ps as u64;
        for (s, v, a) in regs {
            if reads(self, a) {
                let p = self.as_ptr(v)?;
                let e = self.sh_ptr_addr(sh, p)?;
                out.regs.insert(s, e);
            }
        }
        for (o, a) in objs {
            if !reads(self, a) {
                continue;
            }
            let stored: Vec<(u64, PS)> = sh
                .mem_ptrs
                .offsets(o)
                .filter_map(|off| sh.mem_ptrs.get(o, off).map(|p| (off, *p)))
                .collect();
            for (off, p) in stored {
                let e = self.sh_ptr_addr(sh, p)?;
                for k in 0..ps {
                    let b = crate::expr::byte_of(self.it.pool(), e, k);
                    out.mem.insert((o, off + k), b);
                }
            }
        }
        (sh.fail.is_none()).then_some(out)
    }
}

/// The addresses of pointers a segment left in locations (`Wp::sh_ptr_addrs`).
#[derive(Default)]
pub(super) struct PtrAddrs {
    /// Register slot -> address (pointer width).
    pub(super) regs: HashMap<u32, ExprId>,
    /// (object, byte offset) -> that byte of the stored pointer's address.
    pub(super) mem: HashMap<(ObjRef, u64), ExprId>,
}
