//! A path condition in KLEE's KQuery language, as KLEE's `ExprPPrinter::printConstraints`
//! writes it (the `.kquery` file of a test): the arrays it reads, sorted by name, as
//! `array NAME[SIZE] : w32 -> w8 = symbolic` (a constant array: `= [b0 b1 ...]`), then
//! `(query [CONSTRAINTS] false)`, one constraint per line.
//!
//! Expressions are printed as KLEE prints them, so that kleaver's parser reads them back:
//! `(Kind wN args)` with the width left out for booleans (the parser's default type), constants
//! bare where the parser infers their width from a sibling or the result (`(w32 5)` where it
//! cannot: under `Concat`, `ZExt`, `SExt`, `Extract`, or beside another constant), byte reads
//! of consecutive indices as `ReadLSB` / `ReadMSB`, update lists as `[index=value, ...] @ array`
//! (newest write first). A subexpression or update list met more than once is labelled at its
//! first occurrence (`N0:(...)`, `U0:[...]`) and named by its label afterwards, across the
//! whole query. Arguments go on one line when they are all simple (constants, labels, reads at
//! simple indices), otherwise one per line aligned with the first, as KLEE breaks them.

use std::fmt::Write;

use hashbrown::{HashMap, HashSet};

use super::{ArrayId, BinOp, CmpOp, Expr, ExprId, ExprPool, UpdateId};

/// The `.kquery` text of the conjunction of `constraints` (each of width 1).
pub fn kquery_constraints(pool: &ExprPool, constraints: &[ExprId]) -> String {
    let mut p = Printer::new(pool);
    for &c in constraints {
        p.scan(c);
    }
    let mut arrays: Vec<ArrayId> = p.arrays.iter().copied().collect();
    arrays.sort_by(|a, b| pool.array(*a).name.cmp(&pool.array(*b).name).then(a.cmp(b)));
    p.name_arrays(&arrays);
    for &a in &arrays {
        p.array_decl(a);
    }
    p.out.push_str("(query [");
    let indent = p.col();
    for (i, &c) in constraints.iter().enumerate() {
        if i > 0 {
            p.break_line(indent);
        }
        p.expr(c, false);
    }
    p.out.push(']');
    if constraints.is_empty() {
        p.out.push(' ');
    } else {
        p.break_line(indent - 1);
    }
    p.out.push_str("false)\n");
    p.out
}

/// KQuery's identifier characters (KLEE's lexer).
fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '%')
}

/// Words the lexer takes for keywords, widths (`w8`) or reserved names (`i32`, `fp64`); and
/// the label forms this printer uses (`N0`, `U0`).
fn is_reserved(s: &str) -> bool {
    let digits_after = |p: &str| {
        s.strip_prefix(p)
            .is_some_and(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit()))
    };
    matches!(
        s,
        "array"
            | "query"
            | "symbolic"
            | "true"
            | "false"
            | "def"
            | "var"
            | "path"
            | "define"
            | "declare"
    ) || ["w", "i", "N", "U"].iter().any(|p| digits_after(p))
        || (s.starts_with("fp") && s[2..].starts_with(|c: char| c.is_ascii_digit()))
}

/// An array's name as a KQuery identifier: other characters become `_`, a name that would
/// not lex as an identifier gets a `_` in front or behind.
pub fn kquery_name(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| if ident_char(c) { c } else { '_' })
        .collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '%') {
        s.insert(0, '_');
    }
    if is_reserved(&s) {
        s.push('_');
    }
    s
}

struct Printer<'a> {
    pool: &'a ExprPool,
    out: String,
    /// Where the current line of `out` starts.
    line_start: usize,
    /// Met more than once while scanning: labelled when first printed.
    shared: HashSet<ExprId>,
    shared_updates: HashSet<UpdateId>,
    seen: HashSet<ExprId>,
    seen_updates: HashSet<UpdateId>,
    arrays: HashSet<ArrayId>,
    labels: HashMap<ExprId, u32>,
    update_labels: HashMap<UpdateId, u32>,
    names: HashMap<ArrayId, String>,
}

impl<'a> Printer<'a> {
    fn new(pool: &'a ExprPool) -> Self {
        Printer {
            pool,
            out: String::new(),
            line_start: 0,
            shared: HashSet::new(),
            shared_updates: HashSet::new(),
            seen: HashSet::new(),
            seen_updates: HashSet::new(),
            arrays: HashSet::new(),
            labels: HashMap::new(),
            update_labels: HashMap::new(),
            names: HashMap::new(),
        }
    }

    fn scan(&mut self, root: ExprId) {
        let pool = self.pool;
        let mut stack = vec![root];
        while let Some(e) = stack.pop() {
            if matches!(pool.get(e), Expr::Const { .. }) {
                continue;
            }
            if !self.seen.insert(e) {
                self.shared.insert(e);
                continue;
            }
            match *pool.get(e) {
                Expr::Const { .. } => {}
                Expr::Read {
                    array,
                    updates,
                    index,
                } => {
                    self.arrays.insert(array);
                    stack.push(index);
                    let mut u = updates;
                    while let Some(id) = u {
                        if !self.seen_updates.insert(id) {
                            self.shared_updates.insert(id);
                            break;
                        }
                        let n = pool.update_node(id);
                        stack.extend([n.index, n.value]);
                        u = n.next;
                    }
                }
                Expr::Select { cond, t, f } => stack.extend([cond, t, f]),
                Expr::Concat { hi: a, lo: b } | Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => {
                    stack.extend([a, b])
                }
                Expr::Extract { e: x, .. }
                | Expr::ZExt { e: x, .. }
                | Expr::SExt { e: x, .. }
                | Expr::Not { e: x } => stack.push(x),
            }
        }
    }

    /// Distinct identifiers for the arrays (in name order: the first keeps its name).
    fn name_arrays(&mut self, arrays: &[ArrayId]) {
        let mut taken = HashSet::new();
        for &a in arrays {
            let base = kquery_name(&self.pool.array(a).name);
            let mut name = base.clone();
            let mut k = 1;
            while !taken.insert(name.clone()) {
                name = format!("{base}_{k}");
                k += 1;
            }
            self.names.insert(a, name);
        }
    }

    fn array_decl(&mut self, a: ArrayId) {
        let arr = self.pool.array(a);
        let _ = write!(
            self.out,
            "array {}[{}] : w{} -> w8 = ",
            self.names[&a], arr.size, arr.domain
        );
        match &arr.init {
            None => self.out.push_str("symbolic"),
            Some(bytes) => {
                // Bytes past `init` read as 0 (as `eval` reads them).
                self.out.push('[');
                for i in 0..arr.size as usize {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    let _ = write!(self.out, "{}", bytes.get(i).copied().unwrap_or(0));
                }
                self.out.push(']');
            }
        }
        self.out.push('\n');
        self.line_start = self.out.len();
    }

    fn col(&self) -> usize {
        self.out.len() - self.line_start
    }

    fn break_line(&mut self, indent: usize) {
        self.out.push('\n');
        self.line_start = self.out.len();
        self.out.extend(std::iter::repeat_n(' ', indent));
    }

    fn is_const(&self, e: ExprId) -> bool {
        matches!(self.pool.get(e), Expr::Const { .. })
    }

    fn very_simple(&self, e: ExprId) -> bool {
        self.is_const(e) || self.labels.contains_key(&e)
    }

    fn simple(&self, e: ExprId) -> bool {
        if self.very_simple(e) {
            return true;
        }
        match *self.pool.get(e) {
            Expr::Read { updates, index, .. } => {
                self.very_simple(index)
                    && updates.is_none_or(|u| self.update_labels.contains_key(&u))
            }
            _ => self.kids(e).iter().all(|&k| self.very_simple(k)),
        }
    }

    fn kids(&self, e: ExprId) -> Vec<ExprId> {
        match *self.pool.get(e) {
            Expr::Const { .. } => vec![],
            Expr::Read { index, .. } => vec![index],
            Expr::Select { cond, t, f } => vec![cond, t, f],
            Expr::Concat { hi: a, lo: b } | Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => {
                vec![a, b]
            }
            Expr::Extract { e: x, .. }
            | Expr::ZExt { e: x, .. }
            | Expr::SExt { e: x, .. }
            | Expr::Not { e: x } => vec![x],
        }
    }

    fn constant(&mut self, width: u32, bits: u128, typed: bool) {
        if width == 1 {
            self.out.push_str(if bits != 0 { "true" } else { "false" });
        } else if typed {
            let _ = write!(self.out, "(w{width} {bits})");
        } else {
            let _ = write!(self.out, "{bits}");
        }
    }

    /// Prints `e`; `typed`: a constant needs its width (the context does not give it).
    fn expr(&mut self, e: ExprId, typed: bool) {
        let pool = self.pool;
        if let Expr::Const { width, bits } = *pool.get(e) {
            return self.constant(width, bits, typed);
        }
        if let Some(l) = self.labels.get(&e) {
            let _ = write!(self.out, "N{l}");
            return;
        }
        if self.shared.contains(&e) {
            let l = self.labels.len() as u32;
            self.labels.insert(e, l);
            let _ = write!(self.out, "N{l}:");
        }
        let w = pool.width(e);
        if let Some((kind, base)) = self.ordered_read(e) {
            let _ = write!(self.out, "({kind} w{w} ");
            let indent = self.col();
            self.read_args(base, indent);
            self.out.push(')');
            return;
        }
        let head = match *pool.get(e) {
            Expr::Const { .. } => unreachable!(),
            Expr::Read { .. } => "Read",
            Expr::Select { .. } => "Select",
            Expr::Concat { .. } => "Concat",
            Expr::Extract { .. } => "Extract",
            Expr::ZExt { .. } => "ZExt",
            Expr::SExt { .. } => "SExt",
            Expr::Not { .. } => "Not",
            Expr::Bin { op, .. } => bin_name(op),
            Expr::Cmp { op, .. } => cmp_name(op),
        };
        self.out.push('(');
        self.out.push_str(head);
        if w != 1 {
            let _ = write!(self.out, " w{w}");
        }
        self.out.push(' ');
        let indent = self.col();
        match *pool.get(e) {
            Expr::Read { .. } => self.read_args(e, indent),
            Expr::Extract { e: x, offset, .. } => {
                let _ = write!(self.out, "{offset} ");
                self.expr(x, true);
            }
            Expr::Cmp { a, b, .. } => {
                // Two constants leave the parser no width to infer.
                let both = self.is_const(a) && self.is_const(b);
                self.args(&[(a, both), (b, false)], indent);
            }
            Expr::Concat { hi, lo } => self.args(&[(hi, true), (lo, true)], indent),
            Expr::ZExt { e: x, .. } | Expr::SExt { e: x, .. } => self.expr(x, true),
            _ => {
                let kids: Vec<(ExprId, bool)> =
                    self.kids(e).into_iter().map(|k| (k, false)).collect();
                self.args(&kids, indent);
            }
        }
        self.out.push(')');
    }

    fn args(&mut self, kids: &[(ExprId, bool)], indent: usize) {
        let simple = kids.iter().all(|&(k, _)| self.simple(k));
        for (i, &(k, typed)) in kids.iter().enumerate() {
            if i > 0 {
                if simple {
                    self.out.push(' ');
                } else {
                    self.break_line(indent);
                }
            }
            self.expr(k, typed);
        }
    }

    /// `INDEX UPDATES@ARRAY` of the read `e`.
    fn read_args(&mut self, e: ExprId, indent: usize) {
        let Expr::Read {
            array,
            updates,
            index,
        } = *self.pool.get(e)
        else {
            unreachable!("not a read")
        };
        let simple = self.very_simple(index);
        self.expr(index, false);
        if simple {
            self.out.push(' ');
        } else {
            self.break_line(indent);
        }
        self.update_list(array, updates);
    }

    fn update_list(&mut self, array: ArrayId, updates: Option<UpdateId>) {
        let pool = self.pool;
        let mut u = updates;
        let mut open = false;
        while let Some(id) = u {
            if let Some(l) = self.update_labels.get(&id) {
                if open {
                    self.out.push_str("] @ ");
                }
                let _ = write!(self.out, "U{l}");
                return;
            }
            if self.shared_updates.contains(&id) {
                if open {
                    self.out.push_str("] @ ");
                    open = false;
                }
                let l = self.update_labels.len() as u32;
                self.update_labels.insert(id, l);
                let _ = write!(self.out, "U{l}:");
            }
            if open {
                self.out.push_str(", ");
            } else {
                self.out.push('[');
                open = true;
            }
            let n = *pool.update_node(id);
            self.expr(n.index, false);
            self.out.push('=');
            self.expr(n.value, false);
            u = n.next;
        }
        if open {
            self.out.push_str("] @ ");
        }
        let name = self.names[&array].clone();
        self.out.push_str(&name);
    }

    /// `e` as KLEE's `ReadLSB` / `ReadMSB`: a concatenation of byte reads of one array version
    /// at consecutive indices (the least / most significant byte at the lowest); the read at
    /// the lowest index.
    fn ordered_read(&self, e: ExprId) -> Option<(&'static str, ExprId)> {
        if !matches!(self.pool.get(e), Expr::Concat { .. }) {
            return None;
        }
        let mut leaves = Vec::new();
        self.concat_leaves(e, &mut leaves);
        let (array, updates, base) = match *self.pool.get(leaves[0]) {
            Expr::Read {
                array,
                updates,
                index,
            } => (array, updates, index),
            _ => return None,
        };
        let (x0, c0) = self.offset_form(base);
        let dw = self.pool.width(base);
        let mut steps = Vec::with_capacity(leaves.len());
        for &l in &leaves {
            let Expr::Read {
                array: a,
                updates: u,
                index,
            } = *self.pool.get(l)
            else {
                return None;
            };
            let (x, c) = self.offset_form(index);
            if a != array || u != updates || x != x0 || self.pool.width(index) != dw {
                return None;
            }
            steps.push(super::mask(dw, c.wrapping_sub(c0)));
        }
        let n = leaves.len() as u128;
        let m = |v: u128| super::mask(dw, v);
        // Most significant first: indices falling by one (LSB) or rising by one (MSB).
        if (0..n).all(|k| steps[k as usize] == m(k.wrapping_neg())) {
            Some(("ReadLSB", *leaves.last().unwrap()))
        } else if (0..n).all(|k| steps[k as usize] == m(k)) {
            Some(("ReadMSB", leaves[0]))
        } else {
            None
        }
    }

    /// The leaves of a tree of concatenations, most significant first.
    fn concat_leaves(&self, e: ExprId, out: &mut Vec<ExprId>) {
        match *self.pool.get(e) {
            Expr::Concat { hi, lo } => {
                self.concat_leaves(hi, out);
                self.concat_leaves(lo, out);
            }
            _ => out.push(e),
        }
    }

    /// An index as `x + c` (`x` absent for a constant).
    fn offset_form(&self, e: ExprId) -> (Option<ExprId>, u128) {
        match *self.pool.get(e) {
            Expr::Const { bits, .. } => (None, bits),
            Expr::Bin {
                op: BinOp::Add,
                a,
                b,
            } => match (self.pool.as_const(a), self.pool.as_const(b)) {
                (Some(c), None) => (Some(b), c),
                (None, Some(c)) => (Some(a), c),
                _ => (Some(e), 0),
            },
            _ => (Some(e), 0),
        }
    }
}

fn bin_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "Add",
        BinOp::Sub => "Sub",
        BinOp::Mul => "Mul",
        BinOp::UDiv => "UDiv",
        BinOp::SDiv => "SDiv",
        BinOp::URem => "URem",
        BinOp::SRem => "SRem",
        BinOp::And => "And",
        BinOp::Or => "Or",
        BinOp::Xor => "Xor",
        BinOp::Shl => "Shl",
        BinOp::LShr => "LShr",
        BinOp::AShr => "AShr",
    }
}

fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "Eq",
        CmpOp::Ult => "Ult",
        CmpOp::Ule => "Ule",
        CmpOp::Slt => "Slt",
        CmpOp::Sle => "Sle",
    }
}

#[cfg(test)]
#[path = "kquery_tests.rs"]
mod tests;
