//! Expressions outside any pool: an append-only log of the nodes a worker copied out of its
//! pool (`Exporter::export`), which other workers copy into theirs as it grows
//! (`Importer::catch_up`), node for node (no simplification on the way), so that a worker's
//! learnt formulas can be used by another worker with a pool of its own (`--threads`). Each
//! node is logged once however many formulas share it, and copied once per importer: the
//! cost is the distinct nodes, not the sum of the formulas' sizes. Arrays are the importer's
//! to map: the log lists the arrays read, and the importer says which array of its pool
//! stands for each.

use hashbrown::HashMap;

use super::{Array, ArrayId, Expr, ExprId, ExprPool, UpdateId, UpdateNode};

/// One node, its ids local to the log (expressions, update nodes and arrays each numbered in
/// the order they were logged).
#[derive(Clone, Debug)]
enum Item {
    Expr(Expr, u32),
    Update(UpdateNode),
    /// An array: its id in the exporting pool, and the array.
    Array(ArrayId, Array),
}

/// The nodes a worker exported, children before parents.
#[derive(Clone, Debug, Default)]
pub struct Log {
    items: Vec<Item>,
}

impl Log {
    /// The arrays logged from item `from` on (their ids in the exporting pool).
    pub fn arrays_since(&self, from: usize) -> impl Iterator<Item = ArrayId> + '_ {
        self.items[from..].iter().filter_map(|i| match i {
            Item::Array(src, _) => Some(*src),
            _ => None,
        })
    }

    /// Items logged so far (an importer's position).
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// The exporting worker's side: which of its pool's nodes are in its log already.
#[derive(Default)]
pub struct Exporter {
    exprs: HashMap<ExprId, ExprId>,
    updates: HashMap<UpdateId, UpdateId>,
    arrays: HashMap<ArrayId, ArrayId>,
}

enum Visit {
    Expr(ExprId),
    Update(UpdateId),
}

impl Exporter {
    /// Logs `roots` (and every node they reach not logged before) from `pool` into `log`;
    /// the roots' local ids.
    pub fn export(&mut self, pool: &ExprPool, roots: &[ExprId], log: &mut Log) -> Vec<ExprId> {
        // Children first, without recursion (formulas can be deep): a node is visited once
        // to push its children, and logged when it comes back on top.
        let mut stack: Vec<(Visit, bool)> = roots
            .iter()
            .rev()
            .map(|&r| (Visit::Expr(r), false))
            .collect();
        while let Some((v, ready)) = stack.pop() {
            match v {
                Visit::Expr(e) => {
                    if self.exprs.contains_key(&e) {
                        continue;
                    }
                    let x = *pool.get(e);
                    if !ready {
                        stack.push((Visit::Expr(e), true));
                        let mut kids = |k: ExprId| stack.push((Visit::Expr(k), false));
                        match x {
                            Expr::Const { .. } => {}
                            Expr::Read {
                                updates: u, index, ..
                            } => {
                                kids(index);
                                if let Some(u) = u {
                                    stack.push((Visit::Update(u), false));
                                }
                            }
                            Expr::Select { cond, t, f } => {
                                kids(cond);
                                kids(t);
                                kids(f);
                            }
                            Expr::Concat { hi: a, lo: b }
                            | Expr::Bin { a, b, .. }
                            | Expr::Cmp { a, b, .. } => {
                                kids(a);
                                kids(b);
                            }
                            Expr::Extract { e: a, .. }
                            | Expr::ZExt { e: a, .. }
                            | Expr::SExt { e: a, .. }
                            | Expr::Not { e: a } => kids(a),
                        }
                        continue;
                    }
                    let local = match x {
                        Expr::Read {
                            array,
                            updates: u,
                            index,
                        } => {
                            let n = self.arrays.len() as u32;
                            let a = *self.arrays.entry(array).or_insert_with(|| {
                                log.items
                                    .push(Item::Array(array, pool.array(array).clone()));
                                ArrayId(n)
                            });
                            Expr::Read {
                                array: a,
                                updates: u.map(|u| self.updates[&u]),
                                index: self.exprs[&index],
                            }
                        }
                        other => other.map_children(|k| self.exprs[&k]),
                    };
                    self.exprs.insert(e, ExprId(self.exprs.len() as u32));
                    log.items.push(Item::Expr(local, pool.width(e)));
                }
                Visit::Update(u) => {
                    if self.updates.contains_key(&u) {
                        continue;
                    }
                    let n = *pool.update_node(u);
                    if !ready {
                        stack.push((Visit::Update(u), true));
                        if let Some(next) = n.next {
                            stack.push((Visit::Update(next), false));
                        }
                        stack.push((Visit::Expr(n.index), false));
                        stack.push((Visit::Expr(n.value), false));
                        continue;
                    }
                    self.updates.insert(u, UpdateId(self.updates.len() as u32));
                    log.items.push(Item::Update(UpdateNode {
                        index: self.exprs[&n.index],
                        value: self.exprs[&n.value],
                        next: n.next.map(|x| self.updates[&x]),
                    }));
                }
            }
        }
        roots.iter().map(|r| self.exprs[r]).collect()
    }
}

/// An importing worker's side of one exporter's log: the nodes copied so far, in its pool.
#[derive(Default)]
pub struct Importer {
    done: usize,
    exprs: Vec<ExprId>,
    updates: Vec<UpdateId>,
    arrays: Vec<ArrayId>,
}

impl Importer {
    /// Copies the items logged since the last call into `pool`; `array` gives the pool's
    /// array for each array logged (its id in the exporting pool, and the array).
    pub fn catch_up(
        &mut self,
        log: &Log,
        pool: &mut ExprPool,
        mut array: impl FnMut(&mut ExprPool, ArrayId, &Array) -> ArrayId,
    ) {
        for it in &log.items[self.done..] {
            match it {
                Item::Array(src, a) => {
                    let id = array(pool, *src, a);
                    self.arrays.push(id);
                }
                Item::Expr(x, w) => {
                    let e = match *x {
                        Expr::Read {
                            array,
                            updates: u,
                            index,
                        } => Expr::Read {
                            array: self.arrays[array.0 as usize],
                            updates: u.map(|u| self.updates[u.0 as usize]),
                            index: self.exprs[index.0 as usize],
                        },
                        other => other.map_children(|k| self.exprs[k.0 as usize]),
                    };
                    let id = pool.intern(e, *w);
                    self.exprs.push(id);
                }
                Item::Update(n) => {
                    let id = pool.update(UpdateNode {
                        index: self.exprs[n.index.0 as usize],
                        value: self.exprs[n.value.0 as usize],
                        next: n.next.map(|x| self.updates[x.0 as usize]),
                    });
                    self.updates.push(id);
                }
            }
        }
        self.done = log.items.len();
    }

    /// A logged expression (a local id `export` returned), once caught up past it.
    pub fn get(&self, local: ExprId) -> ExprId {
        self.exprs[local.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::eval::{eval, Assignment};

    fn arr(name: &str) -> Array {
        Array {
            name: name.into(),
            size: 4,
            domain: 32,
            init: None,
        }
    }

    #[test]
    fn an_expression_means_the_same_in_another_pool() {
        let mut a = ExprPool::new();
        let x = a.new_array(arr("x"));
        // (x[0] + x[1]) written at x[2], then read back through the update list, compared.
        let i0 = a.constant(32, 0);
        let i1 = a.constant(32, 1);
        let i2 = a.constant(32, 2);
        let b0 = a.read(x, None, i0);
        let b1 = a.read(x, None, i1);
        let sum = a.add(b0, b1);
        let u = a.update(UpdateNode {
            index: i2,
            value: sum,
            next: None,
        });
        let back = a.read(x, Some(u), i2);
        let c = a.constant(8, 7);
        let f = a.ult(back, c);
        let g = a.bool_and(f, f);
        let (mut ex, mut log) = (Exporter::default(), Log::default());
        let first = ex.export(&a, &[f, g, sum], &mut log);
        let logged = log.len();
        // Exported again (a later formula sharing them): nothing more is logged.
        let again = ex.export(&a, &[sum, f], &mut log);
        assert_eq!(log.len(), logged);
        assert_eq!(again, vec![first[2], first[0]]);

        let mut b = ExprPool::new();
        // Another pool, with other contents first: ids differ.
        let other = b.new_array(arr("y"));
        let _ = b.constant(64, 99);
        let mut im = Importer::default();
        let mut seen = Vec::new();
        im.catch_up(&log, &mut b, |p, src, a| {
            seen.push(src);
            p.new_array(a.clone())
        });
        assert_eq!(seen, vec![x]);
        let xb = ArrayId(other.0 + 1);
        for (x0, x1) in [(1u8, 2u8), (3, 4), (0, 0), (200, 100)] {
            let mut va = Assignment::new();
            va.values.insert(x, vec![x0, x1, 0, 0]);
            let mut vb = Assignment::new();
            vb.values.insert(xb, vec![x0, x1, 0, 0]);
            for (ra, l) in [f, g, sum].into_iter().zip(&first) {
                let rb = im.get(*l);
                assert_eq!(eval(&a, ra, &va), eval(&b, rb, &vb));
                assert_eq!(a.width(ra), b.width(rb));
            }
        }
        // A later export is copied incrementally, sharing what was copied before.
        let h = a.bool_not(f);
        let more = ex.export(&a, &[h], &mut log);
        assert_eq!(log.len(), logged + 1);
        im.catch_up(&log, &mut b, |_, _, _| unreachable!("no new array"));
        let hb = im.get(more[0]);
        let mut vb = Assignment::new();
        vb.values.insert(xb, vec![1, 2, 0, 0]);
        assert_eq!(eval(&b, hb, &vb), 1 - eval(&b, im.get(first[0]), &vb));
    }
}
