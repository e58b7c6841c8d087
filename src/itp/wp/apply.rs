//! Mapping a child's interpolant through a segment (see `wp/mod.rs`): its pins, objects and
//! address requirements through the shadow, and its formula's location variables (where the
//! shadow ends) replaced by expressions over where it starts.

use super::pass::Wp;
use super::ptraddr::PtrAddrs;
use super::shadow::*;
use crate::exec::memory::ObjKind;
use crate::exec::value::Value;
use crate::expr::{byte_of, ExprId};
use crate::itp::masks::{array_keys, byte_key, ArrayMasks, Touched};
use crate::itp::{subst, Itp, Loc, LocArrays, LocMap, PinVal};
use hashbrown::HashMap;

impl Wp<'_, '_, '_> {
    /// Maps a child's interpolant (over the locations where the shadow ends) to the
    /// locations of the shadow's start: `None` when it cannot be expressed.
    pub(super) fn sh_apply(&mut self, sh: &mut Shadow, itp: &Itp) -> Option<ExprId> {
        for &(slot, v) in &itp.reg_pins {
            match sh.regs.get(&slot).copied() {
                None => self.sh_pin(sh, PS::Start(Loc::Reg(slot), 0, 0), v),
                Some(SV::Ptr(p)) => self.sh_pin(sh, p, v),
                Some(SV::Int(e)) => match v {
                    PinVal::Addr(x) => self.sh_require_value(sh, e, x),
                    _ => return None,
                },
                Some(v2 @ (SV::Reg(_) | SV::Const(_))) => match self.as_ptr(v2) {
                    Some(p) => self.sh_pin(sh, p, v),
                    None => return None,
                },
                Some(SV::Opaque) => return None,
            }
        }
        let ps = self.p.ps as u64;
        for &((o, off), v) in &itp.mem_pins {
            if let Some(p) = sh.mem_ptrs.get(o, off).copied() {
                self.sh_pin(sh, p, v);
            } else if sh.mem.any_in(o, off..off + ps) {
                return None;
            } else if sh.created.contains(&o) {
                if v != PinVal::Addr(0) {
                    return None;
                }
            } else {
                self.sh_pin(sh, PS::Start(Loc::Mem(o), off, 0), v);
            }
        }
        for &(o, size) in &itp.objects {
            if !sh.created.contains(&o) {
                if let Some(old) = sh.objects.insert(o, size) {
                    if old != size {
                        return None;
                    }
                }
            }
        }
        if !self.sh_apply_addrs(sh, itp) {
            return None;
        }
        let formula = itp.formula?;
        let addrs = self.sh_ptr_addrs(sh, formula)?;
        let mut memo = HashMap::new();
        let (it, cx) = (&mut *self.it, &mut *self.cx);
        for v in sh.regs.values() {
            if let SV::Reg(s2) = v {
                cx.locs.array(it.pool(), Loc::Reg(*s2), 0);
            }
        }
        // The location bytes the segment changes: the formula's parts reading none of them
        // are kept as they are.
        let mut touched = Touched::default();
        let whole = |l: Loc| cx.locs.existing(l).map(array_keys);
        for &slot in sh.regs.keys() {
            touched.extend(whole(Loc::Reg(slot)));
        }
        for &o in &sh.created {
            touched.extend(whole(Loc::Mem(o)));
        }
        touched.extend(whole(Loc::Opaque));
        for o in sh.mem.objects() {
            if let Some(a) = cx.locs.existing(Loc::Mem(o)) {
                for off in sh.mem.offsets(o) {
                    let k = byte_key(a, off);
                    touched.add((k, k));
                }
            }
        }
        touched.seal();
        let consts = it.consts();
        let (st, pool) = it.state_and_pool();
        let mut map = ShadowMap {
            sh,
            mem: &st.mem,
            consts,
            locs: &cx.locs,
            masks: &mut cx.masks,
            touched,
            addrs,
        };
        subst(pool, &cx.locs, formula, &mut memo, &mut map)
    }
}

/// Maps the locations where a shadow ends to expressions over where it starts.
struct ShadowMap<'a> {
    sh: &'a Shadow,
    mem: &'a crate::exec::memory::Memory,
    consts: &'a [Value],
    locs: &'a LocArrays,
    masks: &'a mut ArrayMasks,
    /// The location bytes the shadow maps to something else.
    touched: Touched,
    /// The addresses of the pointers it left in locations the formula reads.
    addrs: PtrAddrs,
}

impl LocMap for ShadowMap<'_> {
    fn keeps(&mut self, pool: &crate::expr::ExprPool, e: ExprId) -> bool {
        !self.touched.meets(self.masks.span(pool, self.locs, e))
    }

    fn byte(
        &mut self,
        pool: &mut crate::expr::ExprPool,
        l: Loc,
        a: crate::expr::ArrayId,
        k: u64,
    ) -> Option<ExprId> {
        let same = |pool: &mut crate::expr::ExprPool| {
            let i = pool.constant(32, k as u128);
            pool.read(a, None, i)
        };
        match l {
            Loc::Reg(slot) => match self.sh.regs.get(&slot) {
                None => Some(same(pool)),
                Some(SV::Reg(s2)) => {
                    let a2 = self.locs.existing(Loc::Reg(*s2))?;
                    let i = pool.constant(32, k as u128);
                    Some(pool.read(a2, None, i))
                }
                Some(SV::Const(c)) => match &self.consts[c.0 as usize] {
                    Value::Int(x) => Some(pool.constant(8, (x >> (8 * k.min(15))) & 0xff)),
                    _ => None,
                },
                Some(SV::Int(e)) => Some(byte_of(pool, *e, k)),
                Some(_) => Some(byte_of(pool, *self.addrs.regs.get(&slot)?, k)),
            },
            Loc::Mem(o) if self.addrs.mem.contains_key(&(o, k)) => {
                self.addrs.mem.get(&(o, k)).copied()
            }
            Loc::Mem(o) => match self.sh.mem.get(o, k) {
                Some(b) => *b,
                None if self.sh.created.contains(&o) => Some(pool.constant(8, 0)),
                None => {
                    let ob = &self.mem.objs[o.idx as usize];
                    if ob.is(o) && ob.kind == ObjKind::ConstGlobal {
                        Some(pool.constant(8, ob.bytes[k as usize] as u128))
                    } else {
                        Some(same(pool))
                    }
                }
            },
            Loc::Opaque => None,
        }
    }

    fn word(&mut self, pool: &mut crate::expr::ExprPool, l: Loc, k: u64, n: u64) -> Option<ExprId> {
        let bits = (n * 8) as u32;
        match l {
            Loc::Reg(slot) if k == 0 => match self.sh.regs.get(&slot)? {
                SV::Int(e) => {
                    let w = pool.width(*e);
                    (w <= bits).then(|| pool.zext(*e, bits))
                }
                SV::Reg(s2) => {
                    let a2 = self.locs.existing(Loc::Reg(*s2))?;
                    Some(crate::itp::read_word(pool, a2, 0, n))
                }
                _ => {
                    let e = *self.addrs.regs.get(&slot)?;
                    let w = pool.width(e);
                    (w <= bits).then(|| pool.zext(e, bits))
                }
            },
            Loc::Mem(o) => match self.sh.words.get(o, k) {
                Some(&(wn, e)) if wn == n && pool.width(e) == bits => Some(e),
                _ => None,
            },
            _ => None,
        }
    }
}
