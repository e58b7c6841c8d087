//! Expressions outside any pool: a DAG copied out of one pool (`Portable::export`) and into
//! another (`Portable::import`), node for node (no simplification on the way), so that a
//! worker's learnt formula can be used by another worker with a pool of its own
//! (`--threads`). Arrays are the caller's to map: a portable expression lists the arrays it
//! reads, and the importer says which array of its pool stands for each.

use hashbrown::HashMap;

use super::{Array, ArrayId, Expr, ExprId, ExprPool, UpdateId, UpdateNode};

/// One node, its ids local to the `Portable` (expressions, update nodes and arrays each
/// numbered in the order they were copied).
#[derive(Clone, Debug)]
enum Item {
    Expr(Expr, u32),
    Update(UpdateNode),
}

/// A DAG of expressions with its arrays, children before parents.
#[derive(Clone, Debug, Default)]
pub struct Portable {
    items: Vec<Item>,
    arrays: Vec<(ArrayId, Array)>,
    /// The exported expressions, as local expression ids.
    roots: Vec<ExprId>,
}

enum Visit {
    Expr(ExprId),
    Update(UpdateId),
}

impl Portable {
    /// Copies `roots` (and everything they reach) out of `pool`.
    pub fn export(pool: &ExprPool, roots: &[ExprId]) -> Portable {
        let mut out = Portable::default();
        let mut exprs: HashMap<ExprId, ExprId> = HashMap::new();
        let mut updates: HashMap<UpdateId, UpdateId> = HashMap::new();
        let mut arrays: HashMap<ArrayId, ArrayId> = HashMap::new();
        // Children first, without recursion (formulas can be deep): a node is visited once
        // to push its children, and copied when it comes back on top.
        let mut stack: Vec<(Visit, bool)> = roots
            .iter()
            .rev()
            .map(|&r| (Visit::Expr(r), false))
            .collect();
        while let Some((v, ready)) = stack.pop() {
            match v {
                Visit::Expr(e) => {
                    if exprs.contains_key(&e) {
                        continue;
                    }
                    let x = pool.get(e);
                    if !ready {
                        stack.push((Visit::Expr(e), true));
                        let mut kids = |k: ExprId| stack.push((Visit::Expr(k), false));
                        match *x {
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
                    let m = |k: &ExprId| exprs[k];
                    let local = match *x {
                        Expr::Read {
                            array,
                            updates: u,
                            index,
                        } => {
                            let n = arrays.len() as u32;
                            let a = *arrays.entry(array).or_insert_with(|| {
                                out.arrays.push((array, pool.array(array).clone()));
                                ArrayId(n)
                            });
                            Expr::Read {
                                array: a,
                                updates: u.map(|u| updates[&u]),
                                index: m(&index),
                            }
                        }
                        other => other.map_children(|k| m(&k)),
                    };
                    exprs.insert(e, ExprId(exprs.len() as u32));
                    out.items.push(Item::Expr(local, pool.width(e)));
                }
                Visit::Update(u) => {
                    if updates.contains_key(&u) {
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
                    updates.insert(u, UpdateId(updates.len() as u32));
                    out.items.push(Item::Update(UpdateNode {
                        index: exprs[&n.index],
                        value: exprs[&n.value],
                        next: n.next.map(|x| updates[&x]),
                    }));
                }
            }
        }
        out.roots = roots.iter().map(|r| exprs[r]).collect();
        out
    }

    /// The arrays read, in local order: the id each had in the exporting pool, and the array.
    pub fn arrays(&self) -> &[(ArrayId, Array)] {
        &self.arrays
    }

    /// Copies the roots into `pool`, reading `arrays[i]` for the `i`-th array of
    /// [`Portable::arrays`]. The roots in `pool`, in export order.
    pub fn import(&self, pool: &mut ExprPool, arrays: &[ArrayId]) -> Vec<ExprId> {
        let mut exprs = Vec::new();
        let mut updates = Vec::new();
        for it in &self.items {
            match it {
                Item::Expr(x, w) => {
                    let m = |k: ExprId| exprs[k.0 as usize];
                    let e = match *x {
                        Expr::Read {
                            array,
                            updates: u,
                            index,
                        } => Expr::Read {
                            array: arrays[array.0 as usize],
                            updates: u.map(|u| updates[u.0 as usize]),
                            index: m(index),
                        },
                        other => other.map_children(m),
                    };
                    exprs.push(pool.intern(e, *w));
                }
                Item::Update(n) => updates.push(pool.update(UpdateNode {
                    index: exprs[n.index.0 as usize],
                    value: exprs[n.value.0 as usize],
                    next: n.next.map(|x| updates[x.0 as usize]),
                })),
            }
        }
        self.roots.iter().map(|r| exprs[r.0 as usize]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::eval::{eval, Assignment};

    #[test]
    fn an_expression_means_the_same_in_another_pool() {
        let mut a = ExprPool::new();
        let arr = a.new_array(Array {
            name: "x".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        // (x[0] + x[1]) written at x[2], then read back through the update list, compared.
        let i0 = a.constant(32, 0);
        let i1 = a.constant(32, 1);
        let i2 = a.constant(32, 2);
        let b0 = a.read(arr, None, i0);
        let b1 = a.read(arr, None, i1);
        let sum = a.add(b0, b1);
        let u = a.update(UpdateNode {
            index: i2,
            value: sum,
            next: None,
        });
        let back = a.read(arr, Some(u), i2);
        let c = a.constant(8, 7);
        let f = a.ult(back, c);
        let g = a.bool_and(f, f);
        let p = Portable::export(&a, &[f, g, sum]);
        assert_eq!(p.arrays().len(), 1);
        assert_eq!(p.arrays()[0].0, arr);

        let mut b = ExprPool::new();
        // Another pool, with other contents first: ids differ.
        let other = b.new_array(Array {
            name: "y".into(),
            size: 1,
            domain: 32,
            init: None,
        });
        let _ = b.constant(64, 99);
        let arr_b = b.new_array(p.arrays()[0].1.clone());
        let roots = p.import(&mut b, &[arr_b]);
        assert_eq!(roots.len(), 3);
        assert_ne!(arr_b, other);
        for (x0, x1) in [(1u8, 2u8), (3, 4), (0, 0), (200, 100)] {
            let mut va = Assignment::new();
            va.values.insert(arr, vec![x0, x1, 0, 0]);
            let mut vb = Assignment::new();
            vb.values.insert(arr_b, vec![x0, x1, 0, 0]);
            for (ra, rb) in [f, g, sum].into_iter().zip(&roots) {
                assert_eq!(eval(&a, ra, &va), eval(&b, *rb, &vb));
                assert_eq!(a.width(ra), b.width(*rb));
            }
        }
        // Shared subterms stay shared: the same root twice is one id.
        let twice = Portable::export(&a, &[f, f]).import(&mut b, &[arr_b]);
        assert_eq!(twice[0], twice[1]);
        assert_eq!(twice[0], roots[0]);
    }
}
