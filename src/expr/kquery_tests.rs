//! The `.kquery` printer read back by a reader written from kleaver's grammar and parser
//! rules (`lib/Expr/Parser.cpp`: a missing type is `Bool`; arithmetic operands take the
//! result's type, comparison operands infer it from the other side, two bare numbers are an
//! error; `Concat`, `Extract`, `ZExt`, `SExt` operands have no expected type; `ReadLSB` /
//! `ReadMSB` read consecutive indices; labels `N:` and update-list labels): what it prints
//! must mean the expression it printed, for random expressions of every kind.

use hashbrown::HashMap;

use super::super::proptests::Gen;
use super::super::{
    eval, mask, Array, Assignment, BinOp, CmpOp, Expr, ExprId, ExprPool, UpdateNode,
};
use super::*;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    L,
    R,
    LSq,
    RSq,
    Colon,
    Comma,
    Eq,
    At,
    Arrow,
    Num(u128),
    Width(u32),
    Id(String),
}

fn lex(s: &str) -> Vec<Tok> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < c.len() {
        let ch = c[i];
        i += 1;
        out.push(match ch {
            _ if ch.is_whitespace() => continue,
            '(' => Tok::L,
            ')' => Tok::R,
            '[' => Tok::LSq,
            ']' => Tok::RSq,
            ':' => Tok::Colon,
            ',' => Tok::Comma,
            '=' => Tok::Eq,
            '@' => Tok::At,
            '-' if c.get(i) == Some(&'>') => {
                i += 1;
                Tok::Arrow
            }
            '0'..='9' => {
                let mut v = ch.to_digit(10).unwrap() as u128;
                while i < c.len() && c[i].is_ascii_digit() {
                    v = v * 10 + c[i].to_digit(10).unwrap() as u128;
                    i += 1;
                }
                Tok::Num(v)
            }
            _ if ch.is_ascii_alphabetic() || ch == '_' || ch == '%' => {
                let start = i - 1;
                while i < c.len() && super::ident_char(c[i]) {
                    i += 1;
                }
                let w: String = c[start..i].iter().collect();
                match w.strip_prefix('w').and_then(|d| d.parse().ok()) {
                    Some(n) => Tok::Width(n),
                    None => Tok::Id(w),
                }
            }
            _ => panic!("unexpected character {ch:?}"),
        });
    }
    out
}

struct Reader<'p> {
    t: Vec<Tok>,
    i: usize,
    pool: &'p mut ExprPool,
    arrays: HashMap<String, ArrayId>,
    labels: HashMap<String, ExprId>,
    versions: HashMap<String, (ArrayId, Option<UpdateId>)>,
}

enum NumOr {
    Num(u128),
    E(ExprId),
}

impl Reader<'_> {
    fn peek(&self) -> &Tok {
        &self.t[self.i]
    }
    fn next(&mut self) -> Tok {
        self.i += 1;
        self.t[self.i - 1].clone()
    }
    fn expect(&mut self, t: Tok) {
        let got = self.next();
        assert_eq!(got, t, "at token {}", self.i);
    }
    fn id(&mut self) -> String {
        match self.next() {
            Tok::Id(s) => s,
            t => panic!("expected an identifier, got {t:?}"),
        }
    }
    fn num(&mut self) -> u128 {
        match self.next() {
            Tok::Num(n) => n,
            t => panic!("expected a number, got {t:?}"),
        }
    }
    fn constant(&mut self, w: u32, v: u128) -> ExprId {
        assert_eq!(mask(w, v), v, "{v} does not fit in w{w}");
        self.pool.intern(Expr::Const { width: w, bits: v }, w)
    }

    /// `array NAME[SIZE] : wD -> w8 = symbolic | [bytes]`
    fn array_decl(&mut self) {
        let name = self.id();
        self.expect(Tok::LSq);
        let size = self.num() as u64;
        self.expect(Tok::RSq);
        self.expect(Tok::Colon);
        let Tok::Width(domain) = self.next() else {
            panic!("domain")
        };
        self.expect(Tok::Arrow);
        self.expect(Tok::Width(8));
        self.expect(Tok::Eq);
        let a = self.arrays[&name];
        let arr = self.pool.array(a).clone();
        assert_eq!((arr.size, arr.domain), (size, domain), "{name}");
        match self.next() {
            Tok::Id(s) if s == "symbolic" => assert!(arr.init.is_none()),
            Tok::LSq => {
                let mut bytes = Vec::new();
                while *self.peek() != Tok::RSq {
                    bytes.push(self.num() as u8);
                }
                self.next();
                let mut want = arr.init.clone().unwrap();
                want.resize(size as usize, 0);
                assert_eq!(bytes, want);
            }
            t => panic!("initializer {t:?}"),
        }
    }

    fn query(&mut self) -> Vec<ExprId> {
        while *self.peek() == Tok::Id("array".into()) {
            self.next();
            self.array_decl();
        }
        self.expect(Tok::L);
        self.expect(Tok::Id("query".into()));
        self.expect(Tok::LSq);
        let mut cs = Vec::new();
        while *self.peek() != Tok::RSq {
            cs.push(self.expr(Some(1)));
        }
        self.next();
        self.expect(Tok::Id("false".into()));
        self.expect(Tok::R);
        assert_eq!(self.i, self.t.len(), "trailing tokens");
        cs
    }

    fn num_or_expr(&mut self) -> NumOr {
        match *self.peek() {
            Tok::Num(n) => {
                self.next();
                NumOr::Num(n)
            }
            _ => NumOr::E(self.expr(None)),
        }
    }

    fn expr(&mut self, want: Option<u32>) -> ExprId {
        let e = match self.next() {
            Tok::Num(n) => {
                let w = want.expect("a bare number where its width cannot be inferred");
                self.constant(w, n)
            }
            Tok::Id(s) if s == "true" || s == "false" => self.constant(1, (s == "true") as u128),
            Tok::Id(l) if *self.peek() == Tok::Colon => {
                self.next();
                assert_eq!(self.next(), Tok::L);
                let e = self.paren();
                assert!(
                    self.labels.insert(l.clone(), e).is_none(),
                    "{l} defined twice"
                );
                e
            }
            Tok::Id(l) => *self
                .labels
                .get(&l)
                .unwrap_or_else(|| panic!("undefined {l}")),
            Tok::L => self.paren(),
            t => panic!("unexpected {t:?}"),
        };
        if let Some(w) = want {
            assert_eq!(self.pool.width(e), w, "width");
        }
        e
    }

    /// After `(`.
    fn paren(&mut self) -> ExprId {
        if let Tok::Width(w) = *self.peek() {
            self.next();
            let n = self.num();
            self.expect(Tok::R);
            return self.constant(w, n);
        }
        let name = self.id();
        let ty = match *self.peek() {
            Tok::Width(w) => {
                self.next();
                w
            }
            _ => 1,
        };
        let bin = |s: &str| -> Option<BinOp> {
            Some(match s {
                "Add" => BinOp::Add,
                "Sub" => BinOp::Sub,
                "Mul" => BinOp::Mul,
                "UDiv" => BinOp::UDiv,
                "SDiv" => BinOp::SDiv,
                "URem" => BinOp::URem,
                "SRem" => BinOp::SRem,
                "And" => BinOp::And,
                "Or" => BinOp::Or,
                "Xor" => BinOp::Xor,
                "Shl" => BinOp::Shl,
                "LShr" => BinOp::LShr,
                "AShr" => BinOp::AShr,
                _ => return None,
            })
        };
        let cmp = |s: &str| -> Option<CmpOp> {
            Some(match s {
                "Eq" => CmpOp::Eq,
                "Ult" => CmpOp::Ult,
                "Ule" => CmpOp::Ule,
                "Slt" => CmpOp::Slt,
                "Sle" => CmpOp::Sle,
                _ => return None,
            })
        };
        let e = match name.as_str() {
            "Concat" => {
                let mut kids = Vec::new();
                while *self.peek() != Tok::R {
                    kids.push(self.expr(None));
                }
                let mut e = *kids.last().unwrap();
                for &k in kids.iter().rev().skip(1) {
                    let w = self.pool.width(k) + self.pool.width(e);
                    e = self.pool.intern(Expr::Concat { hi: k, lo: e }, w);
                }
                e
            }
            "Extract" => {
                let offset = self.num() as u32;
                let x = self.expr(None);
                assert!(offset + ty <= self.pool.width(x));
                self.pool.intern(
                    Expr::Extract {
                        e: x,
                        offset,
                        width: ty,
                    },
                    ty,
                )
            }
            "ZExt" | "SExt" => {
                let x = self.expr(None);
                let k = if name == "ZExt" {
                    Expr::ZExt { e: x, width: ty }
                } else {
                    Expr::SExt { e: x, width: ty }
                };
                self.pool.intern(k, ty)
            }
            "Not" => {
                let x = self.expr(Some(ty));
                self.pool.intern(Expr::Not { e: x }, ty)
            }
            "Select" => {
                let cond = self.expr(Some(1));
                let t = self.expr(Some(ty));
                let f = self.expr(Some(ty));
                self.pool.intern(Expr::Select { cond, t, f }, ty)
            }
            "Read" | "ReadLSB" | "ReadMSB" => {
                let index = match self.num_or_expr() {
                    NumOr::Num(n) => self.constant(32, n),
                    NumOr::E(e) => e,
                };
                let (array, updates) = self.version();
                let n = if name == "Read" { 1 } else { ty / 8 };
                let mut bytes = Vec::new();
                for k in 0..n {
                    let i = if k == 0 {
                        index
                    } else {
                        let c = self.constant(32, k as u128);
                        self.pool.intern(
                            Expr::Bin {
                                op: BinOp::Add,
                                a: index,
                                b: c,
                            },
                            32,
                        )
                    };
                    bytes.push(self.pool.intern(
                        Expr::Read {
                            array,
                            updates,
                            index: i,
                        },
                        8,
                    ));
                }
                if name != "ReadMSB" {
                    bytes.reverse();
                }
                let mut e = *bytes.last().unwrap();
                for &b in bytes.iter().rev().skip(1) {
                    let w = 8 + self.pool.width(e);
                    e = self.pool.intern(Expr::Concat { hi: b, lo: e }, w);
                }
                e
            }
            s if bin(s).is_some() => {
                let a = self.expr(Some(ty));
                let b = self.expr(Some(ty));
                self.pool.intern(
                    Expr::Bin {
                        op: bin(s).unwrap(),
                        a,
                        b,
                    },
                    ty,
                )
            }
            s if cmp(s).is_some() => {
                let (a, b) = match self.num_or_expr() {
                    NumOr::Num(n) => {
                        let b = self.expr(None);
                        (self.constant(self.pool.width(b), n), b)
                    }
                    NumOr::E(a) => (a, self.expr(Some(self.pool.width(a)))),
                };
                self.pool.intern(
                    Expr::Cmp {
                        op: cmp(s).unwrap(),
                        a,
                        b,
                    },
                    1,
                )
            }
            s => panic!("unknown expression kind {s}"),
        };
        self.expect(Tok::R);
        assert_eq!(self.pool.width(e), ty, "{name}");
        e
    }

    /// A version specifier: an array, an update-list label, or `[label:] [writes] @ version`.
    fn version(&mut self) -> (ArrayId, Option<UpdateId>) {
        let mut label = None;
        if let Tok::Id(s) = self.peek().clone() {
            self.next();
            if *self.peek() != Tok::Colon {
                if let Some(&a) = self.arrays.get(&s) {
                    return (a, None);
                }
                return *self
                    .versions
                    .get(&s)
                    .unwrap_or_else(|| panic!("undefined {s}"));
            }
            self.next();
            label = Some(s);
        }
        self.expect(Tok::LSq);
        let mut writes = Vec::new();
        loop {
            let i = self.num_or_expr();
            self.expect(Tok::Eq);
            let v = self.num_or_expr();
            writes.push((i, v));
            if *self.peek() == Tok::Comma {
                self.next();
            } else {
                break;
            }
        }
        self.expect(Tok::RSq);
        self.expect(Tok::At);
        let (array, mut u) = self.version();
        for (i, v) in writes.into_iter().rev() {
            let index = match i {
                NumOr::Num(n) => self.constant(32, n),
                NumOr::E(e) => e,
            };
            let value = match v {
                NumOr::Num(n) => self.constant(8, n),
                NumOr::E(e) => e,
            };
            u = Some(self.pool.update(UpdateNode {
                index,
                value,
                next: u,
            }));
        }
        if let Some(l) = label {
            self.versions.insert(l, (array, u));
        }
        (array, u)
    }
}

/// Reads `text` back into `pool` (arrays by their printed names).
fn read_back(pool: &mut ExprPool, text: &str) -> Vec<ExprId> {
    let arrays = (0..pool.arrays().len() as u32)
        .map(|i| (kquery_name(&pool.array(ArrayId(i)).name), ArrayId(i)))
        .collect();
    Reader {
        t: lex(text),
        i: 0,
        pool,
        arrays,
        labels: HashMap::new(),
        versions: HashMap::new(),
    }
    .query()
}

#[test]
fn layout_as_klee_writes_it() {
    let mut p = ExprPool::new();
    let a = p.new_array(Array {
        name: "a".into(),
        size: 4,
        domain: 32,
        init: None,
    });
    let zero = p.constant(32, 0);
    let x = p.read_bytes_le(a, None, zero, 4);
    let k = p.constant(32, 10);
    let c1 = p.ult(x, k);
    let k2 = p.constant(32, 3);
    let c2 = p.intern(
        Expr::Cmp {
            op: CmpOp::Sle,
            a: k2,
            b: x,
        },
        1,
    );
    let text = kquery_constraints(&p, &[c1, c2]);
    // (A concatenation's kids are not simple: KLEE breaks the line after it.)
    let want = "array a[4] : w32 -> w8 = symbolic\n\
                (query [(Ult N0:(ReadLSB w32 0 a)\n             \
                10)\n        \
                (Sle 3 N0)]\n       \
                false)\n";
    assert_eq!(text, want);
    assert_eq!(kquery_constraints(&p, &[]), "(query [] false)\n");
}

#[test]
fn names_become_identifiers() {
    assert_eq!(kquery_name("arg00"), "arg00");
    assert_eq!(kquery_name("model_version"), "model_version");
    assert_eq!(kquery_name("a b"), "a_b");
    assert_eq!(kquery_name("0x"), "_0x");
    assert_eq!(kquery_name("w32"), "w32_");
    assert_eq!(kquery_name("N0"), "N0_");
    assert_eq!(kquery_name("array"), "array_");
    assert_eq!(kquery_name("stdin-stat"), "stdin-stat");
}

#[test]
fn constant_arrays_and_update_lists_read_back() {
    let mut p = ExprPool::new();
    let c = p.new_array(Array {
        name: "const arr".into(),
        size: 4,
        domain: 32,
        init: Some(vec![1, 2]),
    });
    let a = p.new_array(Array {
        name: "x".into(),
        size: 2,
        domain: 32,
        init: None,
    });
    let zero = p.constant(32, 0);
    let i = p.read(a, None, zero);
    let i32_ = p.zext(i, 32);
    let u1 = p.update(UpdateNode {
        index: i32_,
        value: i,
        next: None,
    });
    let one = p.constant(32, 1);
    let seven = p.constant(8, 7);
    let u2 = p.update(UpdateNode {
        index: one,
        value: seven,
        next: Some(u1),
    });
    let r1 = p.read(c, Some(u2), i32_);
    let r2 = p.read(c, Some(u1), one);
    let c1 = p.ult(r1, r2);
    let c2 = p.eq(r2, seven);
    let text = kquery_constraints(&p, &[c1, c2]);
    assert!(
        text.starts_with("array const_arr[4] : w32 -> w8 = [1 2 0 0]\n"),
        "{text}"
    );
    assert!(text.contains("U0:[") && text.contains("@ U0"), "{text}");
    let back = read_back(&mut p, &text);
    for v in 0..=255u8 {
        let mut asg = Assignment::new();
        asg.values.insert(a, vec![v, 0]);
        for (&o, &b) in [c1, c2].iter().zip(&back) {
            assert_eq!(eval(&p, o, &asg), eval(&p, b, &asg), "{text}");
        }
    }
}

/// Every expression kind, raw and simplified, printed and read back, means the same.
#[test]
fn random_expressions_read_back() {
    let mut p = ExprPool::new();
    let mut g = Gen::new(&mut p, 11);
    for case in 0..300 {
        let w = [1, 8, 32, 64, 128, 3, 16][case % 7];
        let (raw, simp) = g.gen(&mut p, w, 4);
        let (raw2, _) = g.gen(&mut p, w, 2);
        let cs: Vec<ExprId> = [raw, simp]
            .into_iter()
            .map(|e| {
                if w == 1 {
                    e
                } else {
                    p.intern(
                        Expr::Cmp {
                            op: CmpOp::Ule,
                            a: e,
                            b: raw2,
                        },
                        1,
                    )
                }
            })
            .collect();
        let text = kquery_constraints(&p, &cs);
        let back = read_back(&mut p, &text);
        assert_eq!(back.len(), cs.len());
        for _ in 0..4 {
            let asg = g.assignment();
            for (&o, &b) in cs.iter().zip(&back) {
                assert_eq!(eval(&p, o, &asg), eval(&p, b, &asg), "{text}");
            }
        }
    }
}
