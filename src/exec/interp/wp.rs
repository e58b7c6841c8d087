//! The interpolant of a finished node: the weakest precondition of its recorded segment
//! (see `crate::itp` for the scheme).
//!
//! One forward pass over the segment computes a *shadow* state: every register and memory
//! byte the segment wrote, as an expression over the location variables of the segment's
//! start (registers by slot, memory by object), plus the conditions the segment relied on
//! (branches taken that were not forks, divisors, shift amounts, `klee_assume`), then the
//! children's interpolants are mapped through it. Pointers are tracked symbolically as
//! "the pointer in start location L plus delta" and pinned to the concrete (object, offset)
//! recorded when they are used. Anything not modelled yields an opaque value; an interpolant
//! that ends up depending on one is not computed (the node is blocked).
//!
//! The pass ([`Wp`]) reads the interpreter (expression pool, constants, the objects of the
//! running path) and the interpolation observer's [`WpCtx`], passed to it explicitly.

use std::ops::{Deref, DerefMut};

use hashbrown::{HashMap, HashSet};

use super::itp::{Fact, Step};
use super::{Builtin, Worker, TI};
use crate::exec::memory::{ObjKind, ObjRef};
use crate::exec::objmap::ObjMap;
use crate::exec::sem::{self, Exprs, Scalar};
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::ir::{BinOp, CastOp, Edge, Function, InstKind, Operand, TypeId};
use crate::itp::masks::ArrayMasks;
use crate::itp::{arrays_in, Itp, Loc, LocArrays, PinVal};

/// A pointer in the shadow state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PS {
    /// The pointer held by a start location (`Loc::Reg(slot)` at 0, `Loc::Mem(o)` at offset),
    /// moved by `delta` bytes.
    Start(Loc, u64, i64),
    Known(PinVal),
    /// A pointer into an object at a symbolic offset (pointer width, over the segment's
    /// start): symbolic pointer arithmetic within the object (`wp_symptr.rs`).
    Sym(ObjRef, ExprId),
}

#[derive(Clone, Copy, Debug)]
pub(super) enum SV {
    /// The value a register slot held at the segment's start (typed when used).
    Reg(u32),
    /// A module constant (typed when used).
    Const(crate::ir::ConstId),
    Int(ExprId),
    Ptr(PS),
    Opaque,
}

#[derive(Clone, Default)]
pub(super) struct Shadow {
    pub(super) regs: HashMap<u32, SV>,
    /// Bytes written by the segment (`None`: not expressible).
    pub(super) mem: ObjMap<Option<ExprId>>,
    /// Whole values stored by the segment: (object, offset) -> (bytes, value), so that a
    /// load of what was stored is the value itself, not bytes put back together.
    pub(super) words: ObjMap<(u64, ExprId)>,
    /// The longest whole value in `words` (bytes): how far before a range an overlapping
    /// one may start.
    pub(super) words_max: u64,
    /// Pointers stored by the segment.
    pub(super) mem_ptrs: ObjMap<PS>,
    /// The last array view of each object accessed at a symbolic offset (`wp_symptr.rs`).
    pub(super) views: HashMap<ObjRef, Option<crate::expr::UpdateId>>,
    pub(super) created: HashSet<ObjRef>,
    pub(super) conj: Vec<ExprId>,
    /// Assumptions made so far (`klee_assume`, error sides that were explored): later
    /// conditions only matter under them.
    pub(super) ctx: Option<ExprId>,
    pub(super) reg_pins: HashMap<u32, PinVal>,
    pub(super) mem_pins: HashMap<(ObjRef, u64), PinVal>,
    pub(super) objects: HashMap<ObjRef, u64>,
    /// Objects whose base address the interpolant reads (`wp_ptraddr.rs`).
    pub(super) bases: HashMap<ObjRef, u64>,
    /// Start locations that must hold a pointer derived from an object (`wp_ptraddr.rs`).
    pub(super) provenance: HashMap<(Loc, u64), ObjRef>,
    pub(super) fail: Option<&'static str>,
    /// The step at which `fail` was set, when known (for `trex::itp` debug events).
    pub(super) fail_at: Option<(crate::ir::FuncId, u32)>,
}

/// What the weakest-precondition pass keeps from node to node (owned by the interpolation
/// observer).
pub(super) struct WpCtx {
    /// The location variables of segment starts.
    pub(super) locs: LocArrays,
    /// `trex::itp` debug events are enabled (`TREX_LOG=trex::itp=debug`, `--debug`): say
    /// why interpolants are missing, and the table's entries.
    pub(super) debug: bool,
    /// The solver simplifying interpolants (a chain of its own, built on first use).
    pub(super) solver: Option<Box<dyn crate::solver::Solver + Send>>,
    /// The first array created inside the subtree of the node being finished (arrays are
    /// numbered in creation order): the arrays its interpolant quantifies over.
    pub(super) fresh_from: u32,
    /// Which arrays each expression reads (approximately; memoized for the run).
    pub(super) masks: ArrayMasks,
    /// Per function: the C library output function it is (`wp_output.rs`; built on first use).
    out: Vec<Option<super::wp_output::OutFn>>,
    /// Constant zero arrays by size: the base of the shadow's views of objects
    /// (`wp_symptr.rs`).
    zero_arrays: HashMap<u64, crate::expr::ArrayId>,
}

impl WpCtx {
    pub(super) fn new() -> WpCtx {
        WpCtx {
            locs: LocArrays::default(),
            debug: tracing::enabled!(target: "trex::itp", tracing::Level::DEBUG),
            solver: None,
            fresh_from: u32::MAX,
            masks: ArrayMasks::default(),
            out: Vec::new(),
            zero_arrays: HashMap::new(),
        }
    }

    /// The C library output function `f` is, if any (`wp_output.rs`).
    pub(super) fn out_fn(
        &mut self,
        m: &crate::ir::Module,
        f: crate::ir::FuncId,
    ) -> Option<super::wp_output::OutFn> {
        if self.out.is_empty() {
            self.out = super::wp_output::out_fns(m);
        }
        self.out.get(f.0 as usize).copied().flatten()
    }

    /// A constant array of `size` zero bytes (one per size for the run; never a location).
    pub(super) fn zero_array(
        &mut self,
        pool: &mut crate::expr::ExprPool,
        size: u64,
    ) -> crate::expr::ArrayId {
        let locs = &mut self.locs;
        *self.zero_arrays.entry(size).or_insert_with(|| {
            let mut name = format!("itpview{size}");
            while pool.has_array_name(&name) {
                name.push('_');
            }
            let a = pool.new_array(crate::expr::Array {
                name,
                size,
                domain: 32,
                init: Some(vec![0; size as usize]),
            });
            locs.note_view(a);
            a
        })
    }
}

/// The weakest-precondition pass over one node: the interpreter (read through `Deref`) and
/// interpolation's context.
pub(super) struct Wp<'a, 'm, 'io> {
    pub(super) it: &'a mut Worker<'m, 'io>,
    pub(super) cx: &'a mut WpCtx,
}

impl<'m, 'io> Deref for Wp<'_, 'm, 'io> {
    type Target = Worker<'m, 'io>;
    fn deref(&self) -> &Worker<'m, 'io> {
        self.it
    }
}

impl DerefMut for Wp<'_, '_, '_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.it
    }
}

pub(super) fn shift(v: PinVal, d: i64) -> PinVal {
    match v {
        PinVal::Obj(o, off) => PinVal::Obj(o, off.wrapping_add(d)),
        PinVal::Addr(a) => PinVal::Addr(a.wrapping_add(d as i128 as u128)),
    }
}

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
        if self.pool.as_const(c) != Some(1) {
            sh.conj.push(c);
        }
    }

    /// Requires `e` to equal the concrete value `x` it had (truncated to its width).
    pub(super) fn sh_require_value(&mut self, sh: &mut Shadow, e: ExprId, x: u128) {
        let k = self.it.pool.constant(self.it.pool.width(e), x);
        let eq = self.pool.eq(e, k);
        self.sh_require(sh, eq);
    }

    pub(super) fn sh_assume(&mut self, sh: &mut Shadow, c: ExprId) {
        sh.ctx = Some(match sh.ctx {
            Some(a) => self.pool.bool_and(a, c),
            None => c,
        });
    }

    /// Width in bits of a scalar type whose bits the shadow can hold.
    pub(super) fn sh_width(&self, ty: TypeId) -> Option<u32> {
        match self.ti(ty) {
            TI::Int(w) => Some(w),
            TI::F(fk) => Some(super::fk_bytes(fk) as u32 * 8),
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
            SV::Reg(s) => Some(self.cx.locs.value(&mut self.it.pool, Loc::Reg(s), 0, w)),
            SV::Const(c) => match &self.it.consts[c.0 as usize] {
                Value::Int(x) => Some(self.it.pool.constant(w, *x)),
                _ => None,
            },
            SV::Int(e) if self.pool.width(e) == w => Some(e),
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
                    let b = self.st.mem.objs[obj.idx as usize].base;
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
                    let w = self.pool.width(off);
                    let c = self.pool.constant(w, k as u64 as u128);
                    let eq = self.pool.eq(off, c);
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
            return Some(self.pool.constant(8, 0));
        }
        let ob = &self.it.st.mem.objs[o.idx as usize];
        if ob.gen == o.gen && ob.alive && ob.kind == ObjKind::ConstGlobal {
            return Some(self.it.pool.constant(8, ob.bytes[off as usize] as u128));
        }
        let size = sh.objects.get(&o).copied().unwrap_or(off + 1);
        Some(self.cx.locs.byte(&mut self.it.pool, Loc::Mem(o), off, size))
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
                let ew = self.pool.width(e);
                return SV::Int(if ew == w {
                    e
                } else {
                    self.pool.extract(e, 0, w)
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
                Some(lo) => self.pool.concat(b, lo),
            });
        }
        let mut e = acc.unwrap();
        if n as u32 * 8 != w {
            e = self.pool.extract(e, 0, w);
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
                let e = if bw > w { self.pool.zext(e, bw) } else { e };
                for k in 0..n {
                    let b = self.pool.extract(e, (k * 8) as u32, 8);
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
                let Some(c) = sem::bin(&mut Exprs(&mut self.pool), *op, Scalar::Int(w), x, y)
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
                    let mn = self.pool.constant(w, 1u128 << (w - 1));
                    let m1 = self.pool.constant(w, crate::expr::mask(w, !0));
                    let a1 = self.pool.eq(x, mn);
                    let b1 = self.pool.eq(y, m1);
                    let both = self.pool.bool_and(a1, b1);
                    let no = self.pool.bool_not(both);
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
                    let e = sem::icmp(&mut Exprs(&mut self.pool), *pred, w, x, y);
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
                        Some(b) => SV::Int(self.pool.bool_const(b)),
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
                    // The address (`wp_ptraddr.rs`: an object's base required).
                    (CastOp::PtrToInt, SV::Ptr(p), TI::Ptr, TI::Int(wt)) => {
                        match self.sh_ptr_addr(sh, p) {
                            Some(e) => SV::Int(self.pool.zext_or_trunc(e, wt)),
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
                        sem::cast(&mut Exprs(&mut self.pool), *op, f, t, e)
                            .map_or(SV::Opaque, SV::Int)
                    }
                    (CastOp::BitCast, SV::Int(e), _, _)
                        if self.sh_width(*to) == Some(self.pool.width(e)) =>
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
                            let k = self.pool.bool_const(taken);
                            let eq = self.pool.eq(c, k);
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
                            SV::Int(sem::select(&mut Exprs(&mut self.pool), c, a, b))
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
                    let mut d = self.pool.constant(pw, k);
                    for ix in indices.iter() {
                        let iv = self.sh_val(sh, base, &ix.op);
                        let Some(e) = self.as_int(iv, ix.width) else {
                            return Self::sh_fail(sh, "opaque index");
                        };
                        let s = self.sh_scaled(e, ix.stride);
                        d = self.pool.add(d, s);
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
                    let i = super::sext(v & crate::exec::value::mask(ix.width), ix.width) as i64;
                    delta = delta.wrapping_add(i.wrapping_mul(ix.stride));
                }
                let r = match ps {
                    PS::Start(l, o, d) => PS::Start(l, o, d.wrapping_add(delta)),
                    PS::Known(v) => PS::Known(shift(v, delta)),
                    PS::Sym(o, off) => {
                        let w = self.pool.width(off);
                        let k = self.pool.constant(w, delta as u64 as u128);
                        PS::Sym(o, self.pool.add(off, k))
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
                    let g = if n.pc == ts { c } else { self.pool.bool_not(c) };
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
                let groups = super::switch_groups(&mut self.pool, c, *width, cases, default);
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

    /// Finishes a shadow: its interpolant, or `None` when something could not be expressed.
    pub(super) fn sh_finish(&mut self, sh: Shadow, extra: Option<ExprId>) -> Option<Itp> {
        if let Some(why) = sh.fail {
            if self.cx.debug {
                let at = sh.fail_at.map(|(f, pc)| {
                    let f = self.m.func(f);
                    let loc = self.m.loc_string(f.code[pc as usize].loc);
                    format!(" at {} ({})", loc.as_deref().unwrap_or("?"), f.name)
                });
                let at = at.unwrap_or_default();
                tracing::debug!(target: "trex::itp", "not expressible{at}: {why}");
            }
            return None;
        }
        let mut f = self.pool.true_expr();
        for c in sh.conj.iter().copied() {
            f = self.pool.bool_and(f, c);
        }
        if let Some(x) = extra {
            f = self.pool.bool_and(f, x);
        }
        let opaque = self.cx.locs.array(&mut self.it.pool, Loc::Opaque, 0);
        let (it, cx) = (&*self.it, &mut *self.cx);
        let mut set = HashSet::new();
        set.insert(opaque);
        if cx.masks.reads_any(&it.pool, &cx.locs, f, &set) {
            if self.cx.debug {
                tracing::debug!(target: "trex::itp", "not expressible: depends on an opaque value");
            }
            return None;
        }
        // Fixed bytes substituted, bounds on the same term (a sum, at the different offsets
        // the subtree adds to it) made one range.
        let mut cs = Vec::new();
        crate::itp::conjuncts(&self.pool, f, &mut cs);
        let cs = {
            let (it, cx) = (&mut *self.it, &mut *self.cx);
            crate::itp::normal::normalize(&mut it.pool, &cx.locs, &mut cx.masks, &cs)
        };
        f = self.pool.true_expr();
        for &c in cs.iter().rev() {
            f = self.pool.bool_and(c, f);
        }
        // An interpolant this large for the locations it reads is the unrolling of a loop:
        // too costly to apply up the chain of nodes and to check, and it would only ever
        // match that same iteration. Dropping it blocks the ancestors (no pruning there,
        // always sound). A large interpolant over as many locations (a sum of N variables)
        // is kept.
        let (size, loc_reads) = {
            let (it, cx) = (&*self.it, &mut *self.cx);
            cx.masks.dag_size_reads(&it.pool, &cx.locs, f)
        };
        if size > MAX_ITP_DAG + ITP_DAG_PER_READ * loc_reads {
            if self.cx.debug {
                tracing::debug!(target: "trex::itp", "interpolant of {size} nodes ({loc_reads} location reads) dropped: {}", self.pool.display(f));
            }
            return None;
        }
        let conj = self.simplify_conjuncts(f, size);
        let mut f = self.pool.true_expr();
        for &c in conj.iter().rev() {
            f = self.pool.bool_and(c, f);
        }
        let mut reg_pins: Vec<_> = sh.reg_pins.into_iter().collect();
        reg_pins.sort_by_key(|x| x.0);
        let mut mem_pins: Vec<_> = sh.mem_pins.into_iter().collect();
        mem_pins.sort_by_key(|x| x.0);
        let mut objects: Vec<_> = sh.objects.into_iter().collect();
        objects.sort();
        let mut bases: Vec<_> = sh.bases.into_iter().collect();
        bases.sort();
        let mut provenance: Vec<_> = sh
            .provenance
            .into_iter()
            .map(|((l, k), o)| (l, k, o))
            .collect();
        provenance.sort();
        Some(Itp {
            formula: Some(f),
            reg_pins,
            mem_pins,
            objects,
            conjuncts: conj,
            named: Vec::new(),
            bases,
            provenance,
        })
    }

    /// The conjuncts of `f` without those the others imply (checked by the solver, over all
    /// values of the location variables: dropping an implied conjunct keeps the formula
    /// equivalent), cheapest first.
    pub(super) fn simplify_conjuncts(&mut self, f: ExprId, size: usize) -> Vec<ExprId> {
        let mut cs = Vec::new();
        crate::itp::conjuncts(&self.pool, f, &mut cs);
        // Past the run's deadline nothing is simplified (keeping a conjunct is always sound).
        let deadline = self.ctl.deadline();
        let late = deadline.is_some_and(|d| std::time::Instant::now() >= d);
        // Nor a large formula (a loop's unrolled interpolant grows by an iteration per node
        // up the chain: a solver call per conjunct of it cost more than all the checks).
        // Nor one over the shadow's views of objects (array terms with symbolic writes: each
        // implication took the solver up to its timeout).
        let views = || {
            let mut v = HashSet::new();
            arrays_in(&self.pool, f, &mut v);
            v.iter().any(|&a| self.cx.locs.is_view(a))
        };
        if cs.len() >= 2 && cs.len() <= 48 && !late && size <= MAX_SIMPLIFIED_DAG && !views() {
            // A chain of its own: no counterexample cache (models of location arrays are
            // not wanted), a short timeout (unknown keeps the conjunct).
            let mut sv = self.cx.solver.take().unwrap_or_else(|| {
                crate::solver::build_chain(crate::solver::ChainConfig {
                    timeout: Some(std::time::Duration::from_secs(1)),
                    deadline,
                    cex_cache: false,
                    ..crate::solver::ChainConfig::default()
                })
            });
            // A conjunct sharing no variable with the others can only be implied by them if
            // it is valid by itself (folded away already): skip those solver calls.
            let vars: Vec<HashSet<crate::expr::ArrayId>> = cs
                .iter()
                .map(|&c| {
                    let mut v = HashSet::new();
                    arrays_in(&self.pool, c, &mut v);
                    v
                })
                .collect();
            let mut alone: Vec<bool> = (0..cs.len())
                .map(|i| (0..cs.len()).all(|j| i == j || vars[i].is_disjoint(&vars[j])))
                .collect();
            let mut k = cs.len();
            while k > 0 {
                k -= 1;
                if alone[k] {
                    continue;
                }
                let c = cs[k];
                let others: Vec<ExprId> = cs.iter().copied().filter(|&x| x != c).collect();
                if let Ok(true) = sv.must_be_true(&self.pool, crate::solver::Query::new(&others, c))
                {
                    cs.remove(k);
                    alone.remove(k);
                }
            }
            self.cx.solver = Some(sv);
        }
        let mut sized: Vec<(usize, ExprId)> = cs
            .into_iter()
            .map(|c| {
                let (it, cx) = (&*self.it, &mut *self.cx);
                (cx.masks.dag_size_reads(&it.pool, &cx.locs, c).0, c)
            })
            .collect();
        sized.sort_by_key(|x| x.0);
        sized.into_iter().map(|x| x.1).collect()
    }

    /// `a => f`, conjunct by conjunct, each under only the assumptions it depends on: an
    /// assumption over arrays created inside the subtree alone (an input's range) that
    /// shares no array with the conjunct nor with the assumptions kept is dropped. Those
    /// arrays are universally quantified and the assumptions held on the explored path (so
    /// they are satisfiable): `forall b. (d(b) => f)` is `f`. Keeps the interpolant a flat
    /// conjunction (its ranges merge, `crate::itp::ranges`) instead of one implication.
    pub(super) fn under(&mut self, a: ExprId, f: ExprId) -> ExprId {
        let mut assumed = Vec::new();
        crate::itp::conjuncts(&self.pool, a, &mut assumed);
        let fresh_from = self.cx.fresh_from;
        let sets: Vec<(HashSet<crate::expr::ArrayId>, bool)> = assumed
            .iter()
            .map(|&x| {
                let mut v = HashSet::new();
                arrays_in(&self.pool, x, &mut v);
                let droppable = v
                    .iter()
                    .all(|a| a.0 >= fresh_from && self.cx.locs.loc(*a).is_none());
                (v, droppable)
            })
            .collect();
        let mut parts = Vec::new();
        crate::itp::conjuncts(&self.pool, f, &mut parts);
        let mut out = self.pool.true_expr();
        for c in parts {
            // The assumptions the conjunct reads arrays of (a signature test, walking the
            // conjunct only when it may share one), and those over locations.
            let mut kept: Vec<bool> = Vec::with_capacity(assumed.len());
            for (k, s) in sets.iter().enumerate() {
                let (it, cx) = (&*self.it, &mut *self.cx);
                kept.push(!s.1 || !cx.masks.disjoint(&it.pool, &cx.locs, c, assumed[k]));
            }
            let mut need: HashSet<crate::expr::ArrayId> = HashSet::new();
            for (k, s) in sets.iter().enumerate() {
                if kept[k] {
                    need.extend(s.0.iter().copied());
                }
            }
            // The assumptions connected to the conjunct through shared arrays.
            loop {
                let mut grew = false;
                for (k, s) in sets.iter().enumerate() {
                    if !kept[k] && !s.0.is_disjoint(&need) {
                        kept[k] = true;
                        need.extend(s.0.iter().copied());
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            let mut ante = self.pool.true_expr();
            for (k, &x) in assumed.iter().enumerate() {
                if kept[k] {
                    ante = self.pool.bool_and(ante, x);
                }
            }
            let g = self.pool.implies(ante, c);
            out = self.pool.bool_and(out, g);
        }
        out
    }

    /// `guard => child`, or just `child` when they share no variable (paper 003's SEPARATE:
    /// the guard does not constrain what the child needs).
    pub(super) fn guarded(&mut self, guard: ExprId, child: ExprId) -> ExprId {
        let (it, cx) = (&*self.it, &mut *self.cx);
        if cx.masks.disjoint(&it.pool, &cx.locs, guard, child) {
            child
        } else {
            self.pool.implies(guard, child)
        }
    }

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
            // A call of the C library's output functions: summarized (`wp_output.rs`).
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
        r: &Result<Value, Box<super::Stop>>,
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
                    .and_then(|o| sem::failure(&mut Exprs(&mut self.pool), o, w, y));
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
                        let z = self.it.pool.constant(self.it.pool.width(e), 0);
                        let c = self.pool.eq(e, z);
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

/// Byte `k` of `e` (zero-extended when `e` is narrower).
pub(super) fn byte_of(pool: &mut crate::expr::ExprPool, e: ExprId, k: u64) -> ExprId {
    let w = pool.width(e);
    let need = ((k as u32) + 1) * 8;
    let e = if w < need {
        pool.zext(e, need.max(8))
    } else {
        e
    };
    pool.extract(e, (k * 8) as u32, 8)
}

/// Interpolants larger than this (distinct expression nodes) are not simplified by the solver.
const MAX_SIMPLIFIED_DAG: usize = 400;
/// Interpolants larger than this (plus `ITP_DAG_PER_READ` per location byte they read) are
/// not kept (the node is blocked).
const MAX_ITP_DAG: usize = 4000;
const ITP_DAG_PER_READ: usize = 16;

pub(super) fn inst_ret(inst: &crate::ir::Inst) -> TypeId {
    match &inst.kind {
        InstKind::Call { ret, .. } => *ret,
        _ => TypeId(u32::MAX),
    }
}

/// The concrete bits of a recorded value (`None` for symbolic or aggregate values).
pub(super) fn conc(v: &Value) -> Option<u128> {
    match v {
        Value::Int(x) => Some(*x),
        Value::Ptr { addr, .. } => Some(*addr as u128),
        _ => None,
    }
}
