//! Printing: SMT-LIB 2 (QF_ABV) queries, and a compact KQuery-like form for messages.
//!
//! SMT-LIB: width-1 expressions that are naturally boolean (comparisons, `Not`/`And`/`Or`/`Xor`
//! of booleans, boolean `Select`, width-1 constants) are printed as `Bool` terms, and converted
//! with `(ite b #b1 #b0)` / `(= t #b1)` where a bitvector is needed. Arrays are declared as
//! `(Array (_ BitVec domain) (_ BitVec 8))`; constant arrays are defined by `store`s over a
//! constant-zero array `((as const ...) #x00)` (bytes beyond `init` read as 0, as in `eval`). Subterms used more than
//! once in an assertion (and long chains) are `let`-bound, so DAGs print in linear size.

use std::fmt::{self, Write};

use hashbrown::{HashMap, HashSet};

use super::{ArrayId, BinOp, CmpOp, Expr, ExprId, ExprPool, UpdateId};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Mode {
    Bool,
    Bv,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Node {
    E(ExprId, Mode),
    /// The array `ArrayId` after the writes of the update list.
    U(UpdateId, ArrayId),
}

/// Longest chain of un-bound nodes before a `let` is forced (keeps printing recursion shallow).
const MAX_CHAIN: u32 = 48;

/// Is `e` (of width 1) naturally a Bool term?
fn natural_bool(pool: &ExprPool, e: ExprId) -> bool {
    match *pool.get(e) {
        Expr::Const { .. } | Expr::Cmp { .. } | Expr::Not { .. } | Expr::Select { .. } => true,
        Expr::Bin { op, .. } => matches!(
            op,
            BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Add | BinOp::Sub | BinOp::Mul
        ),
        _ => false,
    }
}

fn natural_mode(pool: &ExprPool, e: ExprId) -> Mode {
    if pool.width(e) == 1 && natural_bool(pool, e) {
        Mode::Bool
    } else {
        Mode::Bv
    }
}

fn children(pool: &ExprPool, n: Node, out: &mut Vec<Node>) {
    match n {
        Node::U(u, arr) => {
            let un = pool.update_node(u);
            if let Some(next) = un.next {
                out.push(Node::U(next, arr));
            }
            out.push(Node::E(un.index, Mode::Bv));
            out.push(Node::E(un.value, Mode::Bv));
        }
        Node::E(e, m) => {
            let nat = natural_mode(pool, e);
            if m != nat && !matches!(pool.get(e), Expr::Const { .. }) {
                out.push(Node::E(e, nat));
                return;
            }
            match *pool.get(e) {
                Expr::Const { .. } => {}
                Expr::Read {
                    array,
                    updates,
                    index,
                } => {
                    if let Some(u) = updates {
                        out.push(Node::U(u, array));
                    }
                    out.push(Node::E(index, Mode::Bv));
                }
                Expr::Select { cond, t, f } => {
                    out.extend([Node::E(cond, Mode::Bool), Node::E(t, m), Node::E(f, m)])
                }
                Expr::Concat { hi: a, lo: b } | Expr::Cmp { a, b, .. } => {
                    out.extend([Node::E(a, Mode::Bv), Node::E(b, Mode::Bv)])
                }
                Expr::Bin { a, b, .. } => out.extend([Node::E(a, m), Node::E(b, m)]),
                Expr::Extract { e: x, .. } | Expr::ZExt { e: x, .. } | Expr::SExt { e: x, .. } => {
                    out.push(Node::E(x, Mode::Bv))
                }
                Expr::Not { e: x } => out.push(Node::E(x, m)),
            }
        }
    }
}

/// The `let` structure of one term.
struct Plan {
    /// Bound nodes in groups; group k only refers to groups < k.
    groups: Vec<Vec<Node>>,
    bound: HashSet<Node>,
    arrays: Vec<ArrayId>,
}

fn plan(pool: &ExprPool, root: Node) -> Plan {
    // Post-order over the reachable DAG, counting parents.
    let mut refs: HashMap<Node, u32> = HashMap::new();
    let mut order: Vec<Node> = Vec::new();
    let mut done: HashSet<Node> = HashSet::new();
    let mut arrays: Vec<ArrayId> = Vec::new();
    let mut stack: Vec<(Node, bool)> = vec![(root, false)];
    let mut kids = Vec::new();
    refs.insert(root, 1);
    while let Some((n, expanded)) = stack.pop() {
        if expanded {
            order.push(n);
            continue;
        }
        if !done.insert(n) {
            continue;
        }
        match n {
            Node::E(e, _) => {
                if let Expr::Read { array, .. } = *pool.get(e) {
                    arrays.push(array);
                }
            }
            Node::U(_, a) => arrays.push(a),
        }
        stack.push((n, true));
        kids.clear();
        children(pool, n, &mut kids);
        for &k in &kids {
            *refs.entry(k).or_insert(0) += 1;
            if !done.contains(&k) {
                stack.push((k, false));
            }
        }
    }
    arrays.sort_unstable();
    arrays.dedup();
    // Decide bindings bottom-up: shared non-leaves, and nodes ending a long chain.
    let mut bound: HashSet<Node> = HashSet::new();
    let mut height: HashMap<Node, u32> = HashMap::new();
    let mut dep: HashMap<Node, u32> = HashMap::new();
    let mut group_of: HashMap<Node, u32> = HashMap::new();
    let mut groups: Vec<Vec<Node>> = Vec::new();
    for &n in &order {
        kids.clear();
        children(pool, n, &mut kids);
        let mut h = 0;
        let mut d = 0;
        for &k in &kids {
            if bound.contains(&k) {
                d = d.max(group_of[&k]);
            } else {
                h = h.max(height[&k]);
                d = d.max(dep[&k]);
            }
        }
        let h = h + 1;
        let leaf = kids.is_empty();
        let shared = refs[&n] >= 2;
        if n != root && !leaf && (shared || h >= MAX_CHAIN) {
            bound.insert(n);
            let g = d + 1;
            group_of.insert(n, g);
            if groups.len() < g as usize {
                groups.resize(g as usize, Vec::new());
            }
            groups[g as usize - 1].push(n);
            height.insert(n, 0);
            dep.insert(n, g);
        } else {
            height.insert(n, h);
            dep.insert(n, d);
        }
    }
    Plan {
        groups,
        bound,
        arrays,
    }
}

fn is_simple_symbol(s: &str) -> bool {
    const RESERVED: &[&str] = &[
        "let", "forall", "exists", "match", "par", "_", "!", "as", "assert", "true", "false",
        "ite", "select", "store", "not", "and", "or", "xor", "distinct",
    ];
    let extra = |c: char| "~!@$%^&*_-+=<>.?/".contains(c);
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || extra(c))
        && !s.starts_with('?')
        && !RESERVED.contains(&s)
}

/// The SMT-LIB symbol of an array.
pub fn smt_symbol(name: &str) -> String {
    if is_simple_symbol(name) {
        name.to_string()
    } else {
        let clean: String = name.chars().filter(|&c| c != '|' && c != '\\').collect();
        format!("|{clean}|")
    }
}

fn bv_const(out: &mut String, width: u32, bits: u128) {
    if width.is_multiple_of(4) {
        let _ = write!(out, "#x{:0>1$x}", bits, (width / 4) as usize);
    } else {
        let _ = write!(out, "#b{:0>1$b}", bits, width as usize);
    }
}

fn name(out: &mut String, n: Node) {
    let _ = match n {
        Node::E(e, Mode::Bool) => write!(out, "?b{}", e.0),
        Node::E(e, Mode::Bv) => write!(out, "?e{}", e.0),
        Node::U(u, a) => write!(out, "?u{}_{}", u.0, a.0),
    };
}

struct Printer<'a> {
    pool: &'a ExprPool,
    bound: &'a HashSet<Node>,
}

impl Printer<'_> {
    fn child(&self, out: &mut String, n: Node) {
        if self.bound.contains(&n) {
            name(out, n);
        } else {
            self.term(out, n);
        }
    }

    fn bin(&self, out: &mut String, op: &str, a: Node, b: Node) {
        let _ = write!(out, "({op} ");
        self.child(out, a);
        out.push(' ');
        self.child(out, b);
        out.push(')');
    }

    /// The term of `n` itself (its children by name if bound).
    fn term(&self, out: &mut String, n: Node) {
        let pool = self.pool;
        let (e, m) = match n {
            Node::U(u, arr) => {
                let un = pool.update_node(u);
                out.push_str("(store ");
                match un.next {
                    Some(next) => self.child(out, Node::U(next, arr)),
                    None => out.push_str(&smt_symbol(&pool.array(arr).name)),
                }
                out.push(' ');
                self.child(out, Node::E(un.index, Mode::Bv));
                out.push(' ');
                self.child(out, Node::E(un.value, Mode::Bv));
                out.push(')');
                return;
            }
            Node::E(e, m) => (e, m),
        };
        let nat = natural_mode(pool, e);
        // Width-1 constants print directly in either sort (`true` / `#b1`).
        if m != nat && !matches!(pool.get(e), Expr::Const { .. }) {
            if m == Mode::Bv {
                out.push_str("(ite ");
                self.child(out, Node::E(e, nat));
                out.push_str(" #b1 #b0)");
            } else {
                out.push_str("(= ");
                self.child(out, Node::E(e, nat));
                out.push_str(" #b1)");
            }
            return;
        }
        let bv = |x| Node::E(x, Mode::Bv);
        match *pool.get(e) {
            Expr::Const { width, bits } => {
                if m == Mode::Bool {
                    out.push_str(if bits != 0 { "true" } else { "false" });
                } else {
                    bv_const(out, width, bits);
                }
            }
            Expr::Read {
                array,
                updates,
                index,
            } => {
                out.push_str("(select ");
                match updates {
                    Some(u) => self.child(out, Node::U(u, array)),
                    None => out.push_str(&smt_symbol(&pool.array(array).name)),
                }
                out.push(' ');
                self.child(out, bv(index));
                out.push(')');
            }
            Expr::Select { cond, t, f } => {
                out.push_str("(ite ");
                self.child(out, Node::E(cond, Mode::Bool));
                out.push(' ');
                self.child(out, Node::E(t, m));
                out.push(' ');
                self.child(out, Node::E(f, m));
                out.push(')');
            }
            Expr::Concat { hi, lo } => self.bin(out, "concat", bv(hi), bv(lo)),
            Expr::Extract {
                e: x,
                offset,
                width,
            } => {
                let _ = write!(out, "((_ extract {} {offset}) ", offset + width - 1);
                self.child(out, bv(x));
                out.push(')');
            }
            Expr::ZExt { e: x, width } | Expr::SExt { e: x, width } => {
                let k = width - pool.width(x);
                let op = if matches!(pool.get(e), Expr::ZExt { .. }) {
                    "zero_extend"
                } else {
                    "sign_extend"
                };
                let _ = write!(out, "((_ {op} {k}) ");
                self.child(out, bv(x));
                out.push(')');
            }
            Expr::Not { e: x } => {
                out.push_str(if m == Mode::Bool { "(not " } else { "(bvnot " });
                self.child(out, Node::E(x, m));
                out.push(')');
            }
            Expr::Bin { op, a, b } => {
                let s = if m == Mode::Bool {
                    match op {
                        BinOp::And | BinOp::Mul => "and",
                        BinOp::Or => "or",
                        _ => "xor",
                    }
                } else {
                    bin_name(op)
                };
                self.bin(out, s, Node::E(a, m), Node::E(b, m))
            }
            Expr::Cmp { op, a, b } => {
                let s = match op {
                    CmpOp::Eq => "=",
                    CmpOp::Ult => "bvult",
                    CmpOp::Ule => "bvule",
                    CmpOp::Slt => "bvslt",
                    CmpOp::Sle => "bvsle",
                };
                self.bin(out, s, bv(a), bv(b))
            }
        }
    }
}

fn bin_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "bvadd",
        BinOp::Sub => "bvsub",
        BinOp::Mul => "bvmul",
        BinOp::UDiv => "bvudiv",
        BinOp::SDiv => "bvsdiv",
        BinOp::URem => "bvurem",
        BinOp::SRem => "bvsrem",
        BinOp::And => "bvand",
        BinOp::Or => "bvor",
        BinOp::Xor => "bvxor",
        BinOp::Shl => "bvshl",
        BinOp::LShr => "bvlshr",
        BinOp::AShr => "bvashr",
    }
}

/// Prints `e` as one SMT-LIB term with `let`s (Bool sort if `e` has width 1, else BitVec);
/// also returns the arrays it mentions.
pub(crate) fn term_with_lets(pool: &ExprPool, e: ExprId, out: &mut String) -> Vec<ArrayId> {
    let root = Node::E(
        e,
        if pool.width(e) == 1 {
            Mode::Bool
        } else {
            Mode::Bv
        },
    );
    let plan = plan(pool, root);
    let p = Printer {
        pool,
        bound: &plan.bound,
    };
    for g in &plan.groups {
        out.push_str("(let (");
        for (i, &n) in g.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push('(');
            name(out, n);
            out.push(' ');
            p.term(out, n);
            out.push(')');
        }
        out.push_str(") ");
    }
    p.term(out, root);
    for _ in &plan.groups {
        out.push(')');
    }
    plan.arrays
}

/// One SMT-LIB term for `e` (Bool sort if width 1), with `let`s for shared subterms.
pub fn smtlib_term(pool: &ExprPool, e: ExprId) -> String {
    let mut s = String::new();
    term_with_lets(pool, e, &mut s);
    s
}

pub(crate) fn declare_array(pool: &ExprPool, a: ArrayId, out: &mut String) {
    let arr = pool.array(a);
    let sym = smt_symbol(&arr.name);
    let sort = format!("(Array (_ BitVec {}) (_ BitVec 8))", arr.domain);
    match &arr.init {
        None => {
            let _ = writeln!(out, "(declare-fun {sym} () {sort})");
        }
        Some(bytes) => {
            let _ = write!(out, "(define-fun {sym} () {sort} ");
            let nz: Vec<(usize, u8)> = bytes
                .iter()
                .copied()
                .enumerate()
                .filter(|&(_, b)| b != 0)
                .collect();
            for _ in &nz {
                out.push_str("(store ");
            }
            let _ = write!(out, "((as const {sort}) #x00)");
            for (i, b) in nz {
                out.push(' ');
                bv_const(out, arr.domain, i as u128);
                let _ = write!(out, " #x{b:02x})");
            }
            out.push_str(")\n");
        }
    }
}

/// A complete SMT-LIB 2 script: `(set-logic QF_ABV)`, a declaration for each array used, one
/// `(assert ...)` per constraint (each of width 1), and `(check-sat)`. The logic is `ALL` instead
/// when a constant array (defined with `(as const ...)`) is used.
pub fn smtlib_query(pool: &ExprPool, constraints: &[ExprId]) -> String {
    script(pool, constraints, None)
}

/// A script that is unsat iff `constraints ⇒ query` is valid (KLEE's query form: asserts the
/// constraints and the negation of `query`).
pub fn smtlib_validity_query(pool: &ExprPool, constraints: &[ExprId], query: ExprId) -> String {
    script(pool, constraints, Some(query))
}

fn script(pool: &ExprPool, constraints: &[ExprId], negated: Option<ExprId>) -> String {
    let mut body = String::new();
    let mut arrays = Vec::new();
    for &c in constraints {
        debug_assert_eq!(pool.width(c), 1, "a constraint is not a boolean");
        body.push_str("(assert ");
        arrays.extend(term_with_lets(pool, c, &mut body));
        body.push_str(")\n");
    }
    if let Some(q) = negated {
        debug_assert_eq!(pool.width(q), 1, "the query is not a boolean");
        body.push_str("(assert (not ");
        arrays.extend(term_with_lets(pool, q, &mut body));
        body.push_str("))\n");
    }
    arrays.sort_unstable();
    arrays.dedup();
    // Constant arrays use `(as const ...)`, which is outside QF_ABV proper.
    let logic = if arrays.iter().any(|&a| pool.array(a).init.is_some()) {
        "ALL"
    } else {
        "QF_ABV"
    };
    let mut out = format!("(set-logic {logic})\n");
    for a in arrays {
        declare_array(pool, a, &mut out);
    }
    out.push_str(&body);
    out.push_str("(check-sat)\n");
    out
}

// -------------------------------------------------------------------- human-readable form

/// KQuery-like display: `(Add w32 (w32 3) N0:(Read w8 (w32 0) a))`; shared subterms get a
/// label `N0:` at their first occurrence and are named `N0` afterwards. Very deep terms are
/// cut with `...`.
pub struct Display<'a> {
    pool: &'a ExprPool,
    e: ExprId,
}

impl ExprPool {
    /// A human-readable view of `e` for messages and debugging (`format!("{}", p.display(e))`).
    pub fn display(&self, e: ExprId) -> Display<'_> {
        Display { pool: self, e }
    }
}

const MAX_DEPTH: u32 = 200;

struct Kq<'a> {
    pool: &'a ExprPool,
    shared: HashSet<ExprId>,
    labels: HashMap<ExprId, usize>,
}

fn kq_count(pool: &ExprPool, root: ExprId) -> HashSet<ExprId> {
    let mut seen = HashSet::new();
    let mut shared = HashSet::new();
    let mut stack = vec![root];
    let mut useen = HashSet::new();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            if !matches!(pool.get(e), Expr::Const { .. }) {
                shared.insert(e);
            }
            continue;
        }
        let mut push_updates = |mut u: Option<UpdateId>, stack: &mut Vec<ExprId>| {
            while let Some(id) = u {
                if !useen.insert(id) {
                    break;
                }
                let n = pool.update_node(id);
                stack.push(n.index);
                stack.push(n.value);
                u = n.next;
            }
        };
        match *pool.get(e) {
            Expr::Const { .. } => {}
            Expr::Read { updates, index, .. } => {
                stack.push(index);
                push_updates(updates, &mut stack);
            }
            Expr::Select { cond, t, f } => stack.extend([cond, t, f]),
            Expr::Concat { hi: a, lo: b } | Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => {
                stack.extend([a, b])
            }
            Expr::Extract { e, .. }
            | Expr::ZExt { e, .. }
            | Expr::SExt { e, .. }
            | Expr::Not { e } => stack.push(e),
        }
    }
    shared
}

impl Kq<'_> {
    fn expr(&mut self, f: &mut fmt::Formatter<'_>, e: ExprId, depth: u32) -> fmt::Result {
        if depth > MAX_DEPTH {
            return f.write_str("...");
        }
        if let Some(l) = self.labels.get(&e) {
            return write!(f, "N{l}");
        }
        if self.shared.contains(&e) {
            let l = self.labels.len();
            self.labels.insert(e, l);
            write!(f, "N{l}:")?;
        }
        let pool = self.pool;
        let w = pool.width(e);
        match *pool.get(e) {
            Expr::Const { width, bits } => {
                if width == 1 {
                    f.write_str(if bits != 0 { "true" } else { "false" })
                } else {
                    write!(f, "(w{width} {bits})")
                }
            }
            Expr::Read {
                array,
                updates,
                index,
            } => {
                write!(f, "(Read w8 ")?;
                self.expr(f, index, depth + 1)?;
                f.write_str(" ")?;
                if updates.is_some() {
                    f.write_str("[")?;
                    let mut u = updates;
                    let mut first = true;
                    while let Some(id) = u {
                        let n = *pool.update_node(id);
                        if !first {
                            f.write_str(", ")?;
                        }
                        first = false;
                        self.expr(f, n.index, depth + 1)?;
                        f.write_str("=")?;
                        self.expr(f, n.value, depth + 1)?;
                        u = n.next;
                    }
                    f.write_str("] @ ")?;
                }
                write!(f, "{})", pool.array(array).name)
            }
            Expr::Select { cond, t, f: fe } => {
                write!(f, "(Select w{w} ")?;
                self.expr(f, cond, depth + 1)?;
                f.write_str(" ")?;
                self.expr(f, t, depth + 1)?;
                f.write_str(" ")?;
                self.expr(f, fe, depth + 1)?;
                f.write_str(")")
            }
            Expr::Concat { hi, lo } => self.two(f, &format!("Concat w{w}"), hi, lo, depth),
            Expr::Extract {
                e: x,
                offset,
                width,
            } => {
                write!(f, "(Extract w{width} {offset} ")?;
                self.expr(f, x, depth + 1)?;
                f.write_str(")")
            }
            Expr::ZExt { e: x, width } => self.one(f, &format!("ZExt w{width}"), x, depth),
            Expr::SExt { e: x, width } => self.one(f, &format!("SExt w{width}"), x, depth),
            Expr::Not { e: x } => self.one(f, &format!("Not w{w}"), x, depth),
            Expr::Bin { op, a, b } => self.two(f, &format!("{op:?} w{w}"), a, b, depth),
            Expr::Cmp { op, a, b } => self.two(f, &format!("{op:?}"), a, b, depth),
        }
    }

    fn one(&mut self, f: &mut fmt::Formatter<'_>, head: &str, x: ExprId, d: u32) -> fmt::Result {
        write!(f, "({head} ")?;
        self.expr(f, x, d + 1)?;
        f.write_str(")")
    }

    fn two(
        &mut self,
        f: &mut fmt::Formatter<'_>,
        head: &str,
        a: ExprId,
        b: ExprId,
        d: u32,
    ) -> fmt::Result {
        write!(f, "({head} ")?;
        self.expr(f, a, d + 1)?;
        f.write_str(" ")?;
        self.expr(f, b, d + 1)?;
        f.write_str(")")
    }
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shared = kq_count(self.pool, self.e);
        Kq {
            pool: self.pool,
            shared,
            labels: HashMap::new(),
        }
        .expr(f, self.e, 0)
    }
}

impl fmt::Debug for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::super::proptests::{z3, Gen};
    use super::super::{eval, mask, Array, Assignment, BinOp, Expr, ExprPool};
    use super::*;

    fn small_pool() -> (ExprPool, ExprId, ExprId) {
        let mut p = ExprPool::new();
        let a = p.new_array(Array {
            name: "a".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        let i = p.constant(32, 0);
        let x = p.read_bytes_le(a, None, i, 4);
        let s = p.mul(x, x);
        let t = p.add(s, s);
        let k = p.constant(32, 10);
        let c = p.ult(t, k);
        (p, x, c)
    }

    #[test]
    fn smtlib_structure() {
        let (p, _, c) = small_pool();
        let q = smtlib_query(&p, &[c]);
        assert!(q.starts_with("(set-logic QF_ABV)\n"));
        assert!(q.contains("(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))"));
        assert!(q.contains("(let ("), "shared subterms are let-bound: {q}");
        assert!(q.contains("(assert "));
        assert!(q.ends_with("(check-sat)\n"));
        assert_eq!(q.matches('(').count(), q.matches(')').count());
        let v = smtlib_validity_query(&p, &[c], c);
        assert!(v.contains("(assert (not "));
        assert_eq!(smt_symbol("a b"), "|a b|");
        assert_eq!(smt_symbol("let"), "|let|");
        assert_eq!(smt_symbol("arr_1"), "arr_1");
    }

    #[test]
    fn dag_prints_linearly() {
        let mut p = ExprPool::new();
        let a = p.new_array(Array {
            name: "a".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        let i = p.constant(32, 0);
        let mut x = p.read_bytes_le(a, None, i, 4);
        for _ in 0..200 {
            x = p.intern(
                Expr::Bin {
                    op: BinOp::Xor,
                    a: x,
                    b: x,
                },
                32,
            );
        }
        let k = p.constant(32, 0);
        let c = p.intern(
            Expr::Cmp {
                op: CmpOp::Eq,
                a: x,
                b: k,
            },
            1,
        );
        let q = smtlib_query(&p, &[c]);
        assert!(q.len() < 20_000, "query of {} bytes", q.len());
        let d = format!("{}", p.display(c));
        assert!(d.len() < 20_000);
        assert_eq!(z3(&q).trim(), "sat", "{q}");
    }

    #[test]
    fn display_form() {
        let (p, x, c) = small_pool();
        let d = format!("{}", p.display(x));
        assert!(d.starts_with("(Concat w32 (Read w8 (w32 3) a)"), "{d}");
        let d = format!("{}", p.display(c));
        assert!(d.starts_with("(Ult (Add w32 N0:(Mul w32 N1:"), "{d}");
        assert!(d.contains(" N0)"), "{d}");
    }

    /// Cross-checks `eval` against Z3's SMT-LIB semantics and the printer against Z3's parser:
    /// for random (raw and simplified) expressions e and assignments A, with the arrays pinned
    /// to A, `e = eval(e, A)` must be sat and `e != eval(e, A)` unsat.
    #[test]
    fn z3_agrees_with_eval() {
        let mut p = ExprPool::new();
        let mut g = Gen::new(&mut p, 7);
        let sort = "(Array (_ BitVec 32) (_ BitVec 8))";
        let mut script = String::from("(set-logic ALL)\n(set-option :timeout 5000)\n");
        for &arr in &g.arrays {
            declare_array(&p, arr, &mut script);
        }
        let mut expected = Vec::new();
        for case in 0..150 {
            let a: Assignment = g.assignment();
            g.refs = vec![a.clone()];
            let w = [1, 8, 33, 64, 128, 3, 16][case % 7];
            let (raw, simp) = g.gen(&mut p, w, 3);
            for e in [raw, simp] {
                let v = eval(&p, e, &a);
                let k = p.intern(
                    Expr::Const {
                        width: w,
                        bits: mask(w, v),
                    },
                    w,
                );
                let eq = p.intern(
                    Expr::Cmp {
                        op: CmpOp::Eq,
                        a: e,
                        b: k,
                    },
                    1,
                );
                let mut pins = String::new();
                for &arr in &g.arrays[..2] {
                    let bytes = a.values.get(&arr).cloned().unwrap_or_default();
                    let _ = write!(pins, "(assert (= {} ", p.array(arr).name);
                    for _ in &bytes {
                        pins.push_str("(store ");
                    }
                    let _ = write!(pins, "((as const {sort}) #x00)");
                    for (i, b) in bytes.iter().enumerate() {
                        let _ = write!(pins, " #x{i:08x} #x{b:02x})");
                    }
                    pins.push_str("))\n");
                }
                let t = smtlib_term(&p, eq);
                let _ = write!(
                    script,
                    "(push)\n{pins}(assert {t})\n(check-sat)\n(pop)\n\
                     (push)\n{pins}(assert (not {t}))\n(check-sat)\n(pop)\n"
                );
                expected.push((e, "sat"));
                expected.push((e, "unsat"));
            }
        }
        if let Ok(path) = std::env::var("TREX_DUMP_Z3") {
            std::fs::write(path, &script).unwrap();
        }
        let out = z3(&script);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), expected.len(), "z3 said:\n{out}");
        for (l, (e, want)) in lines.iter().zip(&expected) {
            assert_eq!(
                l,
                want,
                "z3 disagrees on {}:\n{}",
                p.display(*e),
                smtlib_term(&p, *e)
            );
        }
    }
}
