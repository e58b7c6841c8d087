//! The subsumption check: does the installed state satisfy a table entry (up to a renaming
//! of its heap objects)?

use super::nodes::{Interpolation, MAX_CHECKS};
use super::record::key_of;
use crate::exec::machine::NO_NODE;
use crate::exec::machine::{Regs, Worker};
use crate::exec::memory::{ObjKind, ObjRef};
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::itp::context::StateMap;
use crate::itp::rename::{self, Held, Renaming};
use crate::itp::subst;
use crate::itp::{Itp, Loc};
use std::sync::Arc;
use std::time::Instant;

impl Interpolation {
    /// Tries the table on the running path at the start of its node: `true` when it is
    /// subsumed (then the node is finished with the entry that subsumed it).
    pub(super) fn check(&mut self, it: &mut Worker<'_, '_>) -> bool {
        let node = it.state().path.node;
        if node == NO_NODE {
            return false;
        }
        self.pull(it);
        let key = key_of(it);
        let entries: Vec<(Arc<Itp>, u32)> = match self.table.entries.get(&key) {
            Some(v) => v.iter().rev().take(MAX_CHECKS).cloned().collect(),
            None => return false,
        };
        let t0 = Instant::now();
        let mut hit = None;
        for (e, origin) in entries {
            self.stats.checks += 1;
            if let Some(r) = self.holds(it, &e) {
                // The node's interpolant names the objects as this state does (the
                // weakest preconditions above it read this state's objects).
                let e = if r.is_identity() {
                    Some(e)
                } else {
                    rename::rename(it.pool(), &mut self.wp.locs, &e, &r).map(Arc::new)
                };
                if let Some(e) = e {
                    hit = Some((e, origin));
                    break;
                }
            }
        }
        self.stats.check_time += t0.elapsed();
        match hit {
            Some((e, origin)) => {
                self.stats.subsumed += 1;
                // (An entry copied from another worker: its paths are counted there.)
                let paths = match self.nodes.get(origin as usize) {
                    Some(o) if origin != NO_NODE => o.paths.max(1),
                    _ => 1,
                };
                self.nodes[node as usize].paths = paths;
                self.stats.covered_paths = self.stats.covered_paths.saturating_add(paths);
                self.nodes[node as usize].key = Some(key);
                self.nodes[node as usize].subsumed_by = Some(origin);
                // (Every state the entry holds for repeats suffixes explored below its
                // node: a suffix summary for the ancestors too, `--pse`.)
                if self.pse.is_some() {
                    self.pse_path(it, node, e.clone(), false);
                }
                self.finish_node(it, node, Some(e));
                true
            }
            None => false,
        }
    }

    /// `itp` as a table entry: with the objects it names, heap ones with their sizes (read
    /// from the running state, a descendant of the node's start: an object of the same
    /// generation there is the same object), so that checks may rename them.
    pub(super) fn with_named(
        it: &Worker<'_, '_>,
        locs: &crate::itp::LocArrays,
        itp: &Arc<Itp>,
    ) -> Arc<Itp> {
        let heap = |o: ObjRef| match it.state().mem.objs.get(o.idx as usize) {
            Some(ob) if ob.gen() == o.gen && ob.kind == ObjKind::Heap => Some(ob.size),
            _ => None,
        };
        let named = rename::named(it.pool_ref(), locs, itp, heap);
        if named.is_empty() {
            return itp.clone();
        }
        Arc::new(Itp {
            named,
            ..(**itp).clone()
        })
    }

    /// Does the installed state satisfy `e`? The renaming of its heap objects under which it
    /// does (`crate::itp::rename`; empty when the names are the same).
    pub(super) fn holds(&mut self, it: &mut Worker<'_, '_>, e: &Itp) -> Option<Renaming> {
        let (ren, f) = self.instantiate(it, e)?;
        match it.pool_ref().as_const(f) {
            Some(1) => return Some(ren),
            Some(_) => return None,
            None => {}
        }
        self.stats.check_solver_calls += 1;
        let r = it.must_be_true(f);
        // Unknown or a timeout: not subsumed.
        matches!(r, Ok(true)).then_some(ren)
    }

    /// `e` in the installed state: the renaming of its heap objects under which its pins and
    /// objects match, and its formula with the location variables replaced by the state's
    /// values (over input arrays only; `None`: no match, or not expressible there).
    pub(super) fn instantiate(
        &mut self,
        it: &mut Worker<'_, '_>,
        e: &Itp,
    ) -> Option<(Renaming, ExprId)> {
        let ren = {
            let objs = StateObjects {
                regs: &it.state().regs,
                mem: &it.state().mem,
                ps: it.program().ps as u64,
            };
            rename::matching(e, &objs)?
        };
        if !addrs_hold(it, e, &ren) {
            return None;
        }
        let formula = e.formula?;
        let mut memo = hashbrown::HashMap::new();
        let f = {
            let (st, pool) = it.state_and_pool();
            let mut map = StateMap {
                regs: &st.regs,
                mem: &st.mem,
                ren: &ren,
            };
            // Conjunct by conjunct, cheapest first: most failing checks stop at a constant
            // false early.
            let mut acc = Some(pool.true_expr());
            let list: Vec<ExprId> = if e.conjuncts.is_empty() {
                vec![formula]
            } else {
                e.conjuncts.clone()
            };
            for c in list {
                match subst(pool, &self.wp.locs, c, &mut memo, &mut map) {
                    None => {
                        acc = None;
                        break;
                    }
                    Some(x) if pool.as_const(x) == Some(0) => {
                        acc = Some(x);
                        break;
                    }
                    Some(x) => {
                        let a = acc.unwrap();
                        acc = Some(pool.bool_and(a, x));
                    }
                }
            }
            acc
        };
        let f = f?;
        if it.pool_ref().as_const(f).is_some() {
            return Some((ren, f));
        }
        // Location arrays must all be gone; only input arrays may remain.
        let mut arrays = hashbrown::HashSet::new();
        crate::itp::arrays_in(it.pool_ref(), f, &mut arrays);
        if arrays.iter().any(|a| self.wp.locs.loc(*a).is_some()) {
            return None;
        }
        Some((ren, f))
    }
}

/// The base addresses and pointer provenance `e` requires (`wp/ptraddr.rs`), in the
/// installed state with its objects renamed by `ren`.
fn addrs_hold(it: &mut Worker<'_, '_>, e: &Itp, ren: &Renaming) -> bool {
    let live = |it: &Worker<'_, '_>, o: ObjRef| {
        it.state()
            .mem
            .objs
            .get(o.idx as usize)
            .filter(|ob| ob.is(o))
            .map(|ob| (ob.base, ob.size))
    };
    for &(o, b) in &e.bases {
        if live(it, ren.get(o)).map(|x| x.0) != Some(b) {
            return false;
        }
    }
    let pw = it.pw();
    for &(l, off, o) in &e.provenance {
        // What the executor would take the pointer's provenance to be when it loads it.
        let have = match l {
            Loc::Reg(s) => match it.state().regs.get(s as usize).as_ref() {
                Some(&Value::Ptr { obj, .. }) => Some(obj),
                Some(&Value::Sym(x)) => {
                    let x = it.pool().zext_or_trunc(x, pw);
                    it.hint(x)
                }
                _ => None,
            },
            Loc::Mem(x) => {
                let x = ren.get(x);
                let ps = it.program().ps as u64;
                match live(it, x) {
                    Some((_, size)) if off + ps <= size => {}
                    _ => return false,
                }
                let (st, pool) = it.state_and_pool();
                match st.mem.load_sym(pool, x.idx, off, ps) {
                    Some(v) => {
                        let v = it.pool().zext_or_trunc(v, pw);
                        it.hint(v)
                    }
                    None => it.state().mem.objs[x.idx as usize].ptrs.get(&off).copied(),
                }
            }
            Loc::Opaque => None,
        };
        if have != Some(ren.get(o)) {
            return false;
        }
    }
    true
}

/// What a check sees of the installed state (pins are compared with it).
struct StateObjects<'a> {
    regs: &'a Regs,
    mem: &'a crate::exec::memory::Memory,
    ps: u64,
}

impl StateObjects<'_> {
    fn held(&self, v: &Value) -> Held {
        match v {
            Value::Ptr { obj, addr } => match self.mem.get(*obj) {
                Some(ob) => Held::Obj(*obj, addr.wrapping_sub(ob.base) as i64),
                None => Held::Other,
            },
            Value::Int(x) => Held::Addr(*x),
            _ => Held::Other,
        }
    }
}

impl rename::Objects for StateObjects<'_> {
    fn live(&self, o: ObjRef) -> Option<(u64, bool)> {
        let ob = self.mem.objs.get(o.idx as usize)?;
        (ob.is(o)).then_some((ob.size, ob.kind == ObjKind::Heap))
    }

    fn reg(&self, slot: u32) -> Option<Held> {
        self.regs.get(slot as usize).map(|v| self.held(&v))
    }

    fn mem(&self, o: ObjRef, off: u64) -> Option<Held> {
        let ob = self.mem.objs.get(o.idx as usize)?;
        let ps = self.ps;
        if !ob.is(o) || off + ps > ob.size {
            return None;
        }
        if let Some(s) = &ob.sym {
            if s.any(off as usize, (off + ps) as usize) {
                return None;
            }
        }
        let a = self.mem.load_int(o.idx, off, ps);
        Some(match ob.ptrs.get(&off) {
            Some(&obj) => self.held(&Value::Ptr {
                obj,
                addr: a as u64,
            }),
            None => Held::Addr(a),
        })
    }
}
