//! The integer abstraction of the clauses: every bit-vector becomes a mathematical integer,
//! and arithmetic stops wrapping. Spacer finds linear invariants over integers (sums,
//! differences, parities) far more easily than over bit-vectors, where it often finds none
//! in minutes (`x + y == n` for a counting loop over `unsigned`). The abstraction is only a
//! source of candidates: it need not be sound, because `houdini` keeps what is inductive in
//! the bit-vector clauses themselves, and only that proves anything.
//!
//! How a bit-vector reads as an integer: a variable is an integer variable; a numeral is read
//! signed or unsigned as the operation around it reads its operands (unsigned comparisons,
//! zero extension: unsigned; the rest: signed, so that `x + 0xffffffff` is `x - 1`); an
//! operation the integers have no counterpart for (bitwise operations but masks, shifts by a
//! variable, products of variables) is a fresh value. With `ranges`, each nondeterministic
//! value keeps the range of its C type.

use hashbrown::HashMap;
use z3::ast::{Array, Ast, Bool, Dynamic, Int};
use z3::{AstKind, DeclKind, FuncDecl, Sort, SortKind};

use super::clause::Clause;
use super::raw::{args, decl_kind, extract_low, is_uninterpreted};

/// The translation of one system: the integer predicate of each predicate (by name).
pub struct ToInt<'a> {
    predicates: &'a [&'a FuncDecl],
    pub preds: HashMap<String, FuncDecl>,
    ranges: bool,
}

/// One clause's translation: its new fresh values.
struct Scope {
    fresh: Vec<Dynamic>,
}

impl<'a> ToInt<'a> {
    pub fn new(predicates: &'a [&'a FuncDecl], ranges: bool) -> Self {
        ToInt {
            predicates,
            preds: HashMap::new(),
            ranges,
        }
    }

    fn is_predicate(&self, d: &FuncDecl) -> bool {
        let n = d.name();
        self.predicates.iter().any(|p| p.name() == n)
    }

    /// The clause over integers.
    pub fn clause(&mut self, c: &Clause) -> Clause {
        let mut s = Scope { fresh: Vec::new() };
        let mut body: Vec<Bool> = c.body.iter().map(|b| self.boolean(&mut s, b)).collect();
        if self.ranges {
            for (v, signed) in &c.nondets {
                let w = v.get_size();
                if w > 64 {
                    continue;
                }
                let x = self.int(&mut s, &Dynamic::from_ast(v), *signed);
                let (lo, hi) = if *signed {
                    (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
                } else {
                    (0, (1i128 << w) - 1)
                };
                body.push(x.ge(Int::from_i128(lo)));
                body.push(x.le(Int::from_i128(hi)));
            }
        }
        let head = self.boolean(&mut s, &c.head);
        let mut vars: Vec<Dynamic> = c.vars.iter().map(variable).collect();
        vars.extend(s.fresh);
        Clause {
            vars,
            body,
            head,
            nondets: Vec::new(),
        }
    }

    fn value(&mut self, s: &mut Scope, t: &Dynamic, signed: bool) -> Dynamic {
        match t.sort_kind() {
            SortKind::Bv => self.int(s, t, signed).into(),
            SortKind::Bool => self.boolean(s, &t.as_bool().expect("a Boolean")).into(),
            SortKind::Array => self.array(s, t).into(),
            _ => fresh(s, &int_sort(&t.get_sort())),
        }
    }

    fn array(&mut self, s: &mut Scope, t: &Dynamic) -> Array {
        let k = args(t);
        let out = match t.kind() {
            AstKind::App if t.is_const() => Some(variable(t)),
            AstKind::App => match decl_kind(t) {
                Some(DeclKind::Store) => {
                    let a = self.array(s, &k[0]);
                    let i = self.value(s, &k[1], false);
                    let v = self.value(s, &k[2], true);
                    Some(a.store(&i, &v).into())
                }
                Some(DeclKind::Ite) => {
                    let c = self.boolean(s, &k[0].as_bool().expect("a condition"));
                    let (a, b) = (self.array(s, &k[1]), self.array(s, &k[2]));
                    Some(c.ite(&a, &b).into())
                }
                _ => None,
            },
            _ => None,
        };
        out.unwrap_or_else(|| fresh(s, &int_sort(&t.get_sort())))
            .as_array()
            .expect("an array")
    }

    /// A bit-vector term as an integer, numerals read `signed` or not.
    fn int(&mut self, s: &mut Scope, t: &Dynamic, signed: bool) -> Int {
        let bv = t.as_bv().expect("a bit-vector");
        let w = bv.get_size();
        match t.kind() {
            AstKind::Numeral => match bv.as_u64() {
                Some(u) if w <= 64 => {
                    let u = u as i128;
                    let v = if signed && w > 1 && u >= 1i128 << (w - 1) {
                        u - (1i128 << w)
                    } else {
                        u
                    };
                    Int::from_i128(v)
                }
                _ => fresh_int(s),
            },
            AstKind::App if t.is_const() => variable(t).as_int().expect("an integer"),
            AstKind::App => self.operation(s, t, signed).unwrap_or_else(|| fresh_int(s)),
            _ => fresh_int(s),
        }
    }

    fn operation(&mut self, s: &mut Scope, t: &Dynamic, signed: bool) -> Option<Int> {
        let k = t.children();
        let num = |i: usize| k[i].as_bv().and_then(|b| b.as_u64()).map(|v| v as i128);
        let pow2 = |v: i128| (v > 0 && v & (v - 1) == 0).then_some(v);
        Some(match decl_kind(t)? {
            DeclKind::Badd => {
                let xs: Vec<Int> = k.iter().map(|c| self.int(s, c, true)).collect();
                Int::add(&xs)
            }
            DeclKind::Bsub => {
                let xs: Vec<Int> = k.iter().map(|c| self.int(s, c, true)).collect();
                Int::sub(&xs)
            }
            DeclKind::Bneg => self.int(s, &k[0], true).unary_minus(),
            DeclKind::Bmul if k.len() == 2 && (num(0).is_some() || num(1).is_some()) => {
                Int::mul(&[self.int(s, &k[0], true), self.int(s, &k[1], true)])
            }
            DeclKind::ZeroExt => self.int(s, &k[0], false),
            DeclKind::SignExt => self.int(s, &k[0], true),
            DeclKind::Extract if extract_low(t) == 0 => self.int(s, &k[0], signed),
            DeclKind::Ite => {
                let c = self.boolean(s, &k[0].as_bool()?);
                c.ite(&self.int(s, &k[1], signed), &self.int(s, &k[2], signed))
            }
            DeclKind::Burem if num(1).is_some_and(|v| v > 0) => {
                self.int(s, &k[0], false).modulo(Int::from_i128(num(1)?))
            }
            DeclKind::Bsrem if num(1).is_some_and(|v| v > 0) => {
                self.int(s, &k[0], true).rem(Int::from_i128(num(1)?))
            }
            DeclKind::Budiv if num(1).is_some_and(|v| v > 0) => {
                self.int(s, &k[0], false).div(Int::from_i128(num(1)?))
            }
            DeclKind::Bsdiv if num(1).is_some_and(|v| v > 0) => {
                self.int(s, &k[0], true).div(Int::from_i128(num(1)?))
            }
            // A mask of the low bits: the remainder by a power of two.
            DeclKind::Band if k.len() == 2 => {
                let (m, x) = match (num(0), num(1)) {
                    (Some(m), _) => (m, &k[1]),
                    (_, Some(m)) => (m, &k[0]),
                    _ => return None,
                };
                let p = pow2(m.checked_add(1)?)?;
                self.int(s, x, false).modulo(Int::from_i128(p))
            }
            DeclKind::Bshl if num(1).is_some_and(|v| v < 63) => {
                Int::mul(&[self.int(s, &k[0], true), Int::from_i128(1 << num(1)?)])
            }
            DeclKind::Blshr if num(1).is_some_and(|v| v < 63) => {
                self.int(s, &k[0], false).div(Int::from_i128(1 << num(1)?))
            }
            DeclKind::Bashr if num(1).is_some_and(|v| v < 63) => {
                self.int(s, &k[0], true).div(Int::from_i128(1 << num(1)?))
            }
            DeclKind::Select => {
                let a = self.array(s, &k[0]);
                let i = self.value(s, &k[1], false);
                a.select(&i).as_int()?
            }
            _ => return None,
        })
    }

    fn boolean(&mut self, s: &mut Scope, b: &Bool) -> Bool {
        let t = Dynamic::from_ast(b);
        let k = args(&t);
        if t.kind() != AstKind::App {
            return fresh(s, &Sort::bool()).as_bool().expect("a Boolean");
        }
        if is_uninterpreted(&t) {
            let d = t.decl();
            if self.is_predicate(&d) {
                let args: Vec<Dynamic> = k.iter().map(|a| self.value(s, a, true)).collect();
                let p = self.preds.entry(d.name()).or_insert_with(|| {
                    let sorts: Vec<Sort> = args.iter().map(|a| a.get_sort()).collect();
                    let refs: Vec<&Sort> = sorts.iter().collect();
                    FuncDecl::new(format!("{}#int", d.name()), &refs, &Sort::bool())
                });
                let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
                return p.apply(&refs).as_bool().expect("a predicate");
            }
            if t.is_const() {
                return b.clone();
            }
        }
        let Some(d) = decl_kind(&t) else {
            return fresh(s, &Sort::bool()).as_bool().expect("a Boolean");
        };
        let both = |me: &mut Self, s: &mut Scope, signed: bool| {
            (me.int(s, &k[0], signed), me.int(s, &k[1], signed))
        };
        match d {
            DeclKind::True | DeclKind::False => b.clone(),
            DeclKind::And | DeclKind::Or => {
                let xs: Vec<Bool> = k
                    .iter()
                    .map(|c| self.boolean(s, &c.as_bool().expect("a Boolean")))
                    .collect();
                if d == DeclKind::And {
                    Bool::and(&xs)
                } else {
                    Bool::or(&xs)
                }
            }
            DeclKind::Not => self.boolean(s, &k[0].as_bool().expect("a Boolean")).not(),
            DeclKind::Implies => {
                let a = self.boolean(s, &k[0].as_bool().expect("a Boolean"));
                a.implies(self.boolean(s, &k[1].as_bool().expect("a Boolean")))
            }
            DeclKind::Ite if t.sort_kind() == SortKind::Bool => {
                let c = self.boolean(s, &k[0].as_bool().expect("a Boolean"));
                let x = self.boolean(s, &k[1].as_bool().expect("a Boolean"));
                c.ite(&x, &self.boolean(s, &k[2].as_bool().expect("a Boolean")))
            }
            DeclKind::Eq | DeclKind::Iff | DeclKind::Distinct if k.len() == 2 => {
                let (x, y) = (self.value(s, &k[0], true), self.value(s, &k[1], true));
                let eq = x.eq(&y);
                if d == DeclKind::Distinct {
                    eq.not()
                } else {
                    eq
                }
            }
            d => match comparison(d) {
                Some((signed, op)) => {
                    let (x, y) = both(self, s, signed);
                    op(&x, &y)
                }
                None => fresh(s, &Sort::bool()).as_bool().expect("a Boolean"),
            },
        }
    }
}

/// A bit-vector comparison: whether it reads its operands signed, and its integer
/// counterpart.
type Comparison = (bool, fn(&Int, &Int) -> Bool);

fn comparison(d: DeclKind) -> Option<Comparison> {
    Some(match d {
        DeclKind::Ult => (false, |x, y| x.lt(y)),
        DeclKind::Uleq => (false, |x, y| x.le(y)),
        DeclKind::Ugt => (false, |x, y| x.gt(y)),
        DeclKind::Ugeq => (false, |x, y| x.ge(y)),
        DeclKind::Slt => (true, |x, y| x.lt(y)),
        DeclKind::Sleq => (true, |x, y| x.le(y)),
        DeclKind::Sgt => (true, |x, y| x.gt(y)),
        DeclKind::Sgeq => (true, |x, y| x.ge(y)),
        _ => return None,
    })
}

/// The integer sort of a bit-vector sort (arrays of them: arrays of integers).
fn int_sort(s: &Sort) -> Sort {
    match s.kind() {
        SortKind::Bv => Sort::int(),
        SortKind::Array => {
            let d = s.array_domain().expect("a domain");
            let r = s.array_range().expect("a range");
            Sort::array(&int_sort(&d), &int_sort(&r))
        }
        _ => s.clone(),
    }
}

/// A clause variable's integer counterpart (same name, integer sort).
fn variable(v: &Dynamic) -> Dynamic {
    match v.sort_kind() {
        SortKind::Bv | SortKind::Array => {
            Dynamic::new_const(v.decl().name(), &int_sort(&v.get_sort()))
        }
        _ => v.clone(),
    }
}

fn fresh(s: &mut Scope, sort: &Sort) -> Dynamic {
    let v = Dynamic::fresh_const("i", sort);
    s.fresh.push(v.clone());
    v
}

fn fresh_int(s: &mut Scope) -> Int {
    fresh(s, &Sort::int()).as_int().expect("an integer")
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;

    #[test]
    fn decrements_read_signed_and_unsigned_comparisons_unsigned() {
        let p = FuncDecl::new("p", &[&Sort::bitvector(32)], &Sort::bool());
        let preds = [&p];
        let x = BV::new_const("x", 32);
        let body = vec![
            p.apply(&[&x]).as_bool().unwrap(),
            x.bvugt(BV::from_u64(0xffff_fff0, 32)),
        ];
        let head = p
            .apply(&[&x.bvadd(BV::from_u64(0xffff_ffff, 32))])
            .as_bool()
            .unwrap();
        let c = Clause {
            vars: vec![x.clone().into()],
            body,
            head,
            nondets: vec![(x, false)],
        };
        let mut t = ToInt::new(&preds, true);
        let i = t.clause(&c);
        let text = format!("{:?} => {:?}", i.body, i.head);
        assert!(text.contains("(> x 4294967280)"), "{text}");
        assert!(text.contains("p#int| (+ x (- 1)))"), "{text}");
        assert!(text.contains("(<= x 4294967295)"), "{text}");
        assert_eq!(i.vars.len(), 1);
    }
}
