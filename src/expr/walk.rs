//! Walks over the DAG below an expression: its subexpressions and the nodes of the update lists
//! its reads go through, each visited once however often it is shared. Iterative, so deep
//! terms cannot overflow the stack.

use hashbrown::HashSet;

use super::{Expr, ExprId, ExprPool, UpdateId};

/// A node of the DAG: an expression or a node of an update list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    E(ExprId),
    U(UpdateId),
}

impl ExprPool {
    /// Appends the children of `n` to `out`: the operands of an expression (for a read, its
    /// index then its update list), or the index, the value and the older writes of an update
    /// node.
    pub fn children(&self, n: Node, out: &mut Vec<Node>) {
        match n {
            Node::U(u) => {
                let un = self.update_node(u);
                out.push(Node::E(un.index));
                out.push(Node::E(un.value));
                if let Some(next) = un.next {
                    out.push(Node::U(next));
                }
            }
            Node::E(e) => match *self.get(e) {
                Expr::Const { .. } => {}
                Expr::Read { updates, index, .. } => {
                    out.push(Node::E(index));
                    if let Some(u) = updates {
                        out.push(Node::U(u));
                    }
                }
                Expr::Select { cond, t, f } => out.extend([Node::E(cond), Node::E(t), Node::E(f)]),
                Expr::Concat { hi: a, lo: b } | Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => {
                    out.extend([Node::E(a), Node::E(b)])
                }
                Expr::Extract { e, .. }
                | Expr::ZExt { e, .. }
                | Expr::SExt { e, .. }
                | Expr::Not { e } => out.push(Node::E(e)),
            },
        }
    }
}

/// Calls `visit` once on each node reachable from `root`, a node before its children (in no
/// particular order otherwise); `visit` says whether to go below the node.
pub fn walk(pool: &ExprPool, root: ExprId, mut visit: impl FnMut(Node) -> bool) {
    let mut seen: HashSet<Node> = HashSet::new();
    let mut stack = vec![Node::E(root)];
    while let Some(n) = stack.pop() {
        if seen.insert(n) && visit(n) {
            pool.children(n, &mut stack);
        }
    }
}

/// Computes `root` and every node below it that is not `done` yet, children first (in the
/// order `ExprPool::children` gives them): `finish(s, n, kids)` is called once `kids`, the
/// children of `n`, are all done, and must make `n` done. Nodes that are done are not gone
/// below.
pub fn post_order<S: ?Sized>(
    pool: &ExprPool,
    root: Node,
    s: &mut S,
    done: impl Fn(&S, Node) -> bool,
    mut finish: impl FnMut(&mut S, Node, &[Node]),
) {
    let mut stack = vec![root];
    let mut kids: Vec<Node> = Vec::with_capacity(4);
    while let Some(&n) = stack.last() {
        if done(s, n) {
            stack.pop();
            continue;
        }
        kids.clear();
        pool.children(n, &mut kids);
        let before = stack.len();
        stack.extend(kids.iter().copied().filter(|&k| !done(s, k)));
        if stack.len() > before {
            continue;
        }
        stack.pop();
        finish(s, n, &kids);
    }
}
