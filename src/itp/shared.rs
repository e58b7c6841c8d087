//! The subsumption table of a run's workers (`--threads`): each entry a worker stores in its
//! own table is also published here, out of its pool (its expressions in the worker's
//! append-only log, `expr::portable`), and the other workers copy it into theirs before their
//! next check, so that what one learnt prunes in another.
//!
//! An entry's formula reads location arrays (a register slot, an object's bytes: the same
//! locations in every worker, made again in the importer's `LocArrays`) and arrays created
//! inside the subtree it summarizes, which the check leaves free (the implication must hold
//! for all their values): those come in as fresh arrays of the importer's pool, one per array
//! of the publisher's (as entries of one worker share them). Any other array comes in fresh
//! too, which only makes the entry harder to satisfy. Pins, objects, bases and provenance name
//! objects and addresses, not expressions: they travel as they are and are checked against the
//! state as a worker's own entries are.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use hashbrown::HashMap;

use super::{Itp, Key, Loc, LocArrays};
use crate::expr::portable::{Exporter, Importer, Log};
use crate::expr::{Array, ArrayId, ExprId, ExprPool};

/// The run's published entries, oldest first, and each publisher's log.
#[derive(Default)]
pub(crate) struct SharedTable {
    entries: RwLock<Vec<Arc<Published>>>,
    len: AtomicUsize,
    logs: RwLock<Vec<Arc<Mutex<Slot>>>>,
}

/// One publisher's log, with what each array logged stands for.
#[derive(Default)]
struct Slot {
    log: Log,
    roles: HashMap<ArrayId, Role>,
}

/// What an array of an entry's formula stands for.
#[derive(Clone, Copy)]
enum Role {
    /// A location variable (its array's size: the object's).
    Loc(Loc, u64),
    /// The base array of the shadow's views of an object (`wp/symptr.rs`).
    View,
    /// Any other array: free at the check.
    Free,
}

/// One entry out of its worker's pool: its expressions are ids in its publisher's log.
pub(crate) struct Published {
    from: usize,
    pub(crate) key: Key,
    roots: Vec<ExprId>,
    /// The formula is the first root (the conjuncts follow).
    has_formula: bool,
    /// The entry without its expressions (pins, objects, bases, provenance).
    rest: Itp,
}

/// A worker's side: its exporter, and an importer per other worker.
#[derive(Default)]
pub(crate) struct Copies {
    exporter: Exporter,
    importers: HashMap<usize, Importer>,
}

impl SharedTable {
    /// A worker's analysis joins: its number (entries it published are not copied back).
    pub(crate) fn join(&self) -> usize {
        let mut logs = self.logs.write().unwrap_or_else(|e| e.into_inner());
        logs.push(Arc::default());
        logs.len() - 1
    }

    fn slot(&self, w: usize) -> Arc<Mutex<Slot>> {
        self.logs.read().unwrap_or_else(|e| e.into_inner())[w].clone()
    }

    /// Publishes the entry `itp` stored at `key` by worker `from`.
    pub(crate) fn publish(
        &self,
        from: usize,
        key: Key,
        itp: &Itp,
        (pool, locs, copies): (&ExprPool, &LocArrays, &mut Copies),
    ) {
        let mut exprs: Vec<_> = itp.formula.into_iter().collect();
        exprs.extend(&itp.conjuncts);
        let slot = self.slot(from);
        let roots = {
            let mut s = slot.lock().unwrap_or_else(|e| e.into_inner());
            let before = s.log.len();
            let roots = copies.exporter.export(pool, &exprs, &mut s.log);
            let new: Vec<_> = s.log.arrays_since(before).collect();
            for a in new {
                let role = match locs.loc(a) {
                    Some(l) => Role::Loc(l, pool.array(a).size),
                    None if locs.is_view(a) => Role::View,
                    None => Role::Free,
                };
                s.roles.insert(a, role);
            }
            roots
        };
        let p = Published {
            from,
            key,
            roots,
            has_formula: itp.formula.is_some(),
            rest: Itp {
                formula: None,
                conjuncts: Vec::new(),
                ..itp.clone()
            },
        };
        let mut log = self.entries.write().unwrap_or_else(|e| e.into_inner());
        log.push(Arc::new(p));
        self.len.store(log.len(), Ordering::Release);
    }

    /// The entries published after the first `seen` ones (none without a lock when there are
    /// none).
    pub(crate) fn since(&self, seen: usize) -> Vec<Arc<Published>> {
        if self.len.load(Ordering::Acquire) <= seen {
            return Vec::new();
        }
        let log = self.entries.read().unwrap_or_else(|e| e.into_inner());
        log.get(seen..).map_or_else(Vec::new, <[_]>::to_vec)
    }

    /// `p` in `pool`, its location arrays those of `locs`.
    pub(crate) fn import(
        &self,
        p: &Published,
        pool: &mut ExprPool,
        locs: &mut LocArrays,
        copies: &mut Copies,
    ) -> Itp {
        let slot = self.slot(p.from);
        let s = slot.lock().unwrap_or_else(|e| e.into_inner());
        let im = copies.importers.entry(p.from).or_default();
        im.catch_up(&s.log, pool, |pool, src, arr| match s.roles[&src] {
            Role::Loc(l, size) => locs.array(pool, l, size),
            role => {
                let name = pool.unique_array_name(&arr.name);
                let a = pool.new_array(Array {
                    name,
                    ..arr.clone()
                });
                if matches!(role, Role::View) {
                    locs.note_view(a);
                }
                a
            }
        });
        let mut roots = p.roots.iter().map(|&r| im.get(r));
        let formula = if p.has_formula { roots.next() } else { None };
        Itp {
            formula,
            conjuncts: roots.collect(),
            ..p.rest.clone()
        }
    }
}

impl Published {
    /// Whether worker `me` published it.
    pub(crate) fn is_from(&self, me: usize) -> bool {
        self.from == me
    }
}
