//! A node's start state for abduction (paper 003's context ⟦s⟧, `crate::itp::abduce`): a
//! snapshot taken when the node starts (its path condition, registers and memory, shared
//! copy-on-write with the running path), and the *facts* it implies over the location
//! variables a formula reads: each location's value when it is a constant, a location's
//! value in terms of other locations', and the path-condition constraints over the
//! locations' symbolic values rewritten over the locations (`x_in < 50` becomes `@x < 50`
//! when `@x` holds `x_in`). Facts never name an input array: an interpolant holds for every
//! state at its point, whatever inputs it has.

use hashbrown::{HashMap, HashSet};

use crate::exec::machine::Regs;
use crate::exec::memory::Memory;
use crate::exec::value::Value;
use crate::expr::walk::Node;
use crate::expr::{ArrayId, Expr, ExprId, ExprPool};
use crate::itp::rename::Renaming;
use crate::itp::{Loc, LocArrays, LocMap};

/// Location words of a formula considered (the rest are left out of the facts).
const MAX_WORDS: usize = 64;
/// Path-condition constraints considered, newest first.
const MAX_PC: usize = 256;
/// Facts kept.
const MAX_FACTS: usize = 96;
/// Expression nodes a rewrite may visit.
const MAX_REWRITE: usize = 4000;

/// The state at a node's start.
pub(crate) struct NodeCtx {
    pc: Vec<ExprId>,
    regs: Regs,
    mem: Memory,
}

impl NodeCtx {
    /// The running path's state (its registers frozen and shared, as a fork does).
    pub(crate) fn of(st: &mut crate::exec::machine::ExecutionState) -> NodeCtx {
        let base = st.base;
        NodeCtx {
            pc: st.path.constraints.clone(),
            regs: st.regs.fork(base),
            mem: st.mem.clone(),
        }
    }

    /// The facts over location variables this state implies that are about the locations
    /// `frame` reads (see the module's comment).
    pub(crate) fn facts(
        &self,
        pool: &mut ExprPool,
        locs: &LocArrays,
        frame: &[ExprId],
    ) -> Vec<ExprId> {
        let words = location_words(pool, locs, frame);
        let ren = Renaming::default();
        let mut map = StateMap {
            regs: &self.regs,
            mem: &self.mem,
            ren: &ren,
        };
        let mut facts = Vec::new();
        // A symbolic value -> the location expression holding it.
        let mut rev: HashMap<ExprId, ExprId> = HashMap::new();
        let mut sym = Vec::new();
        let mut memo = HashMap::new();
        for (e, n) in words {
            // The word's value in the state (whole when the map has it, else byte by byte).
            let Some(v) = crate::itp::subst(pool, locs, e, &mut memo, &mut map) else {
                continue;
            };
            if pool.as_const(v).is_some() {
                facts.push(pool.eq(e, v));
                continue;
            }
            match rev.get(&v) {
                Some(&other) => facts.push(pool.eq(e, other)),
                None => {
                    rev.insert(v, e);
                    sym.push((v, e));
                    for j in 0..n {
                        let b = pool.extract(v, 8 * j as u32, 8);
                        let lb = pool.extract(e, 8 * j as u32, 8);
                        rev.entry(b).or_insert(lb);
                    }
                }
            }
        }
        if !sym.is_empty() {
            let mut budget = MAX_REWRITE;
            // A value in terms of the others' (`@y == @x + 1`).
            for &(v, e) in &sym {
                if let Some(r) = rewrite(pool, &rev, v, true, &mut budget) {
                    facts.push(pool.eq(e, r));
                }
            }
            // The path condition over the values held.
            let mut held = HashSet::new();
            for &(v, _) in &sym {
                crate::itp::arrays_in(pool, v, &mut held);
            }
            for &p in self.pc.iter().rev().take(MAX_PC) {
                if budget == 0 || facts.len() >= MAX_FACTS {
                    break;
                }
                let mut a = HashSet::new();
                crate::itp::arrays_in(pool, p, &mut a);
                if a.is_empty() || !a.is_subset(&held) {
                    continue;
                }
                if let Some(q) = rewrite(pool, &rev, p, false, &mut budget) {
                    if pool.as_const(q).is_none() {
                        facts.push(q);
                    }
                }
            }
        }
        let mut seen = HashSet::new();
        facts.retain(|&f| pool.as_const(f).is_none() && seen.insert(f));
        facts.truncate(MAX_FACTS);
        facts
    }
}

/// The location words `frame` reads: (the word's expression, its bytes), words of
/// consecutive bytes as the formula has them, single bytes otherwise.
fn location_words(pool: &ExprPool, locs: &LocArrays, frame: &[ExprId]) -> Vec<(ExprId, u64)> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<Node> = frame.iter().map(|&e| Node::E(e)).collect();
    let is_loc = |a: ArrayId| match locs.loc(a) {
        Some(Loc::Opaque) | None => false,
        Some(_) => !locs.is_view(a),
    };
    while let Some(n) = stack.pop() {
        if out.len() >= MAX_WORDS || !seen.insert(n) {
            continue;
        }
        if let Node::E(e) = n {
            if let Some((a, _, len)) = crate::itp::word_read(pool, e) {
                if is_loc(a) {
                    out.push((e, len));
                    continue;
                }
            }
        }
        pool.children(n, &mut stack);
    }
    out
}

/// `e` with the values of `rev` replaced by the location expressions holding them (not
/// `e` itself when `skip_root`); `None` when an input array remains (or the budget of
/// visited nodes runs out).
fn rewrite(
    pool: &mut ExprPool,
    rev: &HashMap<ExprId, ExprId>,
    e: ExprId,
    skip_root: bool,
    budget: &mut usize,
) -> Option<ExprId> {
    fn go(
        pool: &mut ExprPool,
        rev: &HashMap<ExprId, ExprId>,
        e: ExprId,
        root: bool,
        memo: &mut HashMap<ExprId, Option<ExprId>>,
        budget: &mut usize,
        depth: u32,
    ) -> Option<ExprId> {
        if !root {
            if let Some(&l) = rev.get(&e) {
                return Some(l);
            }
        }
        if let Some(&r) = memo.get(&e) {
            return r;
        }
        if *budget == 0 || depth > 200 {
            return None;
        }
        *budget -= 1;
        let x = *pool.get(e);
        let r = match x {
            Expr::Const { .. } => Some(e),
            // A constant array at a constant index is data; any other read is an input.
            Expr::Read {
                array,
                updates: None,
                index,
            } if pool.array(array).init.is_some() && pool.as_const(index).is_some() => Some(e),
            Expr::Read { .. } => None,
            _ => {
                let mut kids = Vec::new();
                x.map_children(|k| {
                    kids.push(k);
                    k
                });
                let mut done = HashMap::new();
                let mut ok = true;
                for k in kids {
                    match go(pool, rev, k, false, memo, budget, depth + 1) {
                        Some(r) => {
                            done.insert(k, r);
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                ok.then(|| {
                    let w = pool.width(e);
                    let y = x.map_children(|k| done[&k]);
                    pool.intern(y, w)
                })
            }
        };
        memo.insert(e, r);
        r
    }
    let mut memo = HashMap::new();
    let r = go(pool, rev, e, skip_root, &mut memo, budget, 0)?;
    (r != e).then_some(r)
}

/// Maps location variables to a state's values (an object's through the check's renaming).
pub(crate) struct StateMap<'a> {
    pub(crate) regs: &'a Regs,
    pub(crate) mem: &'a Memory,
    pub(crate) ren: &'a Renaming,
}

impl LocMap for StateMap<'_> {
    fn byte(
        &mut self,
        pool: &mut crate::expr::ExprPool,
        l: Loc,
        _a: ArrayId,
        k: u64,
    ) -> Option<ExprId> {
        match l {
            Loc::Reg(slot) => match self.regs.get(slot as usize).as_ref()? {
                Value::Int(x) => Some(pool.constant(8, (x >> (8 * k.min(15))) & 0xff)),
                // A pointer as its address (`wp/ptraddr.rs`).
                Value::Ptr { addr, .. } => {
                    Some(pool.constant(8, (*addr as u128 >> (8 * k.min(15))) & 0xff))
                }
                Value::Sym(e) => Some(crate::expr::byte_of(pool, *e, k)),
                _ => None,
            },
            Loc::Mem(o) => {
                let o = self.ren.get(o);
                let ob = self.mem.objs.get(o.idx as usize)?;
                if !ob.is(o) || k >= ob.size {
                    return None;
                }
                if let Some(s) = &ob.sym {
                    if let Some(b) = s.get(k as usize) {
                        return Some(b);
                    }
                }
                Some(pool.constant(8, ob.bytes[k as usize] as u128))
            }
            Loc::Opaque => None,
        }
    }

    fn word(&mut self, pool: &mut crate::expr::ExprPool, l: Loc, k: u64, n: u64) -> Option<ExprId> {
        let bits = (n * 8) as u32;
        match l {
            Loc::Reg(slot) if k == 0 => match self.regs.get(slot as usize).as_ref()? {
                Value::Int(x) => Some(pool.constant(bits, crate::expr::mask(bits, *x))),
                Value::Ptr { addr, .. } => {
                    Some(pool.constant(bits, crate::expr::mask(bits, *addr as u128)))
                }
                Value::Sym(e) => {
                    let w = pool.width(*e);
                    (w <= bits).then(|| pool.zext(*e, bits))
                }
                _ => None,
            },
            Loc::Mem(o) => {
                let o = self.ren.get(o);
                let ob = self.mem.objs.get(o.idx as usize)?;
                if !ob.is(o) || k + n > ob.size || bits > 128 {
                    return None;
                }
                if let Some(s) = &ob.sym {
                    if s.any(k as usize, (k + n) as usize) {
                        return None;
                    }
                }
                Some(pool.constant(bits, self.mem.load_int(o.idx, k, n)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Array;

    /// A path condition over an input held by a location becomes a fact over the location;
    /// one over an input no location holds is left out.
    #[test]
    fn rewrite_moves_constraints_onto_locations() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        let input = |pool: &mut ExprPool, name: &str| {
            let a = pool.new_array(Array {
                name: name.into(),
                size: 4,
                domain: 32,
                init: None,
            });
            crate::itp::read_word(pool, a, 0, 4)
        };
        let (x_in, w_in) = (input(&mut pool, "x"), input(&mut pool, "w"));
        let at_x = locs.value(
            &mut pool,
            Loc::Mem(crate::obj::ObjRef { idx: 3, gen: 0 }),
            0,
            32,
        );
        let k50 = pool.constant(32, 50);
        let pc1 = pool.slt(x_in, k50);
        let pc2 = pool.slt(w_in, k50);
        let mut rev = HashMap::new();
        rev.insert(x_in, at_x);
        let mut budget = MAX_REWRITE;
        let want = pool.slt(at_x, k50);
        assert_eq!(
            rewrite(&mut pool, &rev, pc1, false, &mut budget),
            Some(want)
        );
        assert_eq!(rewrite(&mut pool, &rev, pc2, false, &mut budget), None);
        // A value in terms of another location's: `@y == @x + 1`.
        let k1 = pool.constant(32, 1);
        let y_val = pool.add(x_in, k1);
        let want = pool.add(at_x, k1);
        assert_eq!(
            rewrite(&mut pool, &rev, y_val, true, &mut budget),
            Some(want)
        );
        // The words a formula reads.
        let f = pool.slt(at_x, k50);
        let words = location_words(&pool, &locs, &[f]);
        assert_eq!(words, vec![(at_x, 4)]);
    }
}
