//! The subsumption table of a run's workers (`--threads`): each entry a worker stores in its
//! own table is also published here, out of its pool (`expr::portable`), and the other
//! workers copy it into theirs before their next check, so that what one learnt prunes in
//! another.
//!
//! An entry's formula reads location arrays (a register slot, an object's bytes: the same
//! locations in every worker, made again in the importer's `LocArrays`) and arrays created
//! inside the subtree it summarizes, which the check leaves free (the implication must hold
//! for all their values): those come in as fresh arrays of the importer's pool. Any other
//! array comes in fresh too, which only makes the entry harder to satisfy. Pins, objects,
//! bases and provenance name objects and addresses, not expressions: they travel as they are
//! and are checked against the state as a worker's own entries are.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use super::{Itp, Key, Loc, LocArrays};
use crate::expr::portable::Portable;
use crate::expr::{Array, ExprPool};

/// The run's published entries, oldest first.
#[derive(Default)]
pub(crate) struct SharedTable {
    log: RwLock<Vec<Arc<Published>>>,
    len: AtomicUsize,
    workers: AtomicUsize,
}

/// What an array of an entry's formula stands for.
enum Role {
    /// A location variable (its array's size: the object's).
    Loc(Loc, u64),
    /// The base array of the shadow's views of an object (`wp/symptr.rs`).
    View,
    /// Any other array: free at the check.
    Free,
}

/// One entry out of its worker's pool.
pub(crate) struct Published {
    from: usize,
    pub(crate) key: Key,
    exprs: Portable,
    roles: Vec<Role>,
    /// The formula is the first root (the conjuncts follow).
    has_formula: bool,
    /// The entry without its expressions (pins, objects, bases, provenance).
    rest: Itp,
}

impl SharedTable {
    /// A worker's analysis joins: its number (entries it published are not copied back).
    pub(crate) fn join(&self) -> usize {
        self.workers.fetch_add(1, Ordering::Relaxed)
    }

    /// Publishes the entry `itp` stored at `key` by worker `from`.
    pub(crate) fn publish(
        &self,
        from: usize,
        key: Key,
        itp: &Itp,
        pool: &ExprPool,
        locs: &LocArrays,
    ) {
        let mut roots: Vec<_> = itp.formula.into_iter().collect();
        roots.extend(&itp.conjuncts);
        let exprs = Portable::export(pool, &roots);
        let roles = exprs
            .arrays()
            .iter()
            .map(|(a, arr)| match locs.loc(*a) {
                Some(l) => Role::Loc(l, arr.size),
                None if locs.is_view(*a) => Role::View,
                None => Role::Free,
            })
            .collect();
        let p = Published {
            from,
            key,
            exprs,
            roles,
            has_formula: itp.formula.is_some(),
            rest: Itp {
                formula: None,
                conjuncts: Vec::new(),
                ..itp.clone()
            },
        };
        let mut log = self.log.write().unwrap_or_else(|e| e.into_inner());
        log.push(Arc::new(p));
        self.len.store(log.len(), Ordering::Release);
    }

    /// The entries published after the first `seen` ones (none without a lock when there are
    /// none).
    pub(crate) fn since(&self, seen: usize) -> Vec<Arc<Published>> {
        if self.len.load(Ordering::Acquire) <= seen {
            return Vec::new();
        }
        let log = self.log.read().unwrap_or_else(|e| e.into_inner());
        log.get(seen..).map_or_else(Vec::new, <[_]>::to_vec)
    }
}

impl Published {
    /// Whether worker `me` published it.
    pub(crate) fn is_from(&self, me: usize) -> bool {
        self.from == me
    }

    /// The entry in `pool`, its location arrays those of `locs`.
    pub(crate) fn import(&self, pool: &mut ExprPool, locs: &mut LocArrays) -> Itp {
        let arrays: Vec<_> = self
            .exprs
            .arrays()
            .iter()
            .zip(&self.roles)
            .map(|((_, arr), role)| match *role {
                Role::Loc(l, size) => locs.array(pool, l, size),
                Role::View | Role::Free => {
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
            })
            .collect();
        let mut roots = self.exprs.import(pool, &arrays).into_iter();
        let formula = if self.has_formula { roots.next() } else { None };
        Itp {
            formula,
            conjuncts: roots.collect(),
            ..self.rest.clone()
        }
    }
}
