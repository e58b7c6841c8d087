//! The C expressions of witness invariants (`format: c_expression`), read back for
//! `trex verify --check-witness`: side-effect-free integer expressions over variables
//! (constants with C's literal types, casts to integer types, the unary, binary and
//! conditional operators). Anything else (pointers, members, calls, ACSL's `\old`...) is an
//! error naming it.

/// An integer type: its width (1 for `_Bool`) and signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntType {
    pub bits: u32,
    pub signed: bool,
}

impl IntType {
    pub const INT: IntType = IntType {
        bits: 32,
        signed: true,
    };
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A constant's bits (two's complement) and its type.
    Const(u64, IntType),
    Var(String),
    Cast(IntType, Box<Expr>),
    Unary(Unary, Box<Expr>),
    Binary(Binary, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    Neg,
    Plus,
    Not,
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

/// Binary operators by precedence, lowest first (C's table).
const LEVELS: &[&[(&str, Binary)]] = &[
    &[("||", Binary::Or)],
    &[("&&", Binary::And)],
    &[("|", Binary::BitOr)],
    &[("^", Binary::BitXor)],
    &[("&", Binary::BitAnd)],
    &[("==", Binary::Eq), ("!=", Binary::Ne)],
    &[
        ("<=", Binary::Le),
        (">=", Binary::Ge),
        ("<", Binary::Lt),
        (">", Binary::Gt),
    ],
    &[("<<", Binary::Shl), (">>", Binary::Shr)],
    &[("+", Binary::Add), ("-", Binary::Sub)],
    &[("*", Binary::Mul), ("/", Binary::Div), ("%", Binary::Rem)],
];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Num(String),
    Punct(&'static str),
}

const PUNCTS: &[&str] = &[
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "+", "-", "*", "/", "%", "<", ">",
    "&", "^", "|", "!", "~", "?", ":",
];

fn tokens(text: &str) -> Result<Vec<Tok>, String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(text[s..i].to_string()));
        } else if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push(Tok::Num(text[s..i].to_string()));
        } else if let Some(p) = PUNCTS.iter().find(|p| text[i..].starts_with(**p)) {
            out.push(Tok::Punct(p));
            i += p.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(format!("`{ch}` (column {}) is not supported", i + 1));
        }
    }
    Ok(out)
}

/// Parses `text`; `long_bits` is the width of `long` (32 in ILP32, 64 in LP64).
pub fn parse(text: &str, long_bits: u32) -> Result<Expr, String> {
    let mut p = Parser {
        toks: tokens(text)?,
        at: 0,
        long_bits,
    };
    let e = p.cond()?;
    match p.toks.get(p.at) {
        None => Ok(e),
        Some(t) => Err(format!("unexpected {} after the expression", show(t))),
    }
}

fn show(t: &Tok) -> String {
    match t {
        Tok::Ident(s) | Tok::Num(s) => format!("`{s}`"),
        Tok::Punct(p) => format!("`{p}`"),
    }
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
    long_bits: u32,
}

impl Parser {
    fn peek_punct(&self, p: &str) -> bool {
        matches!(self.toks.get(self.at), Some(Tok::Punct(q)) if *q == p)
    }

    fn expect(&mut self, p: &str) -> Result<(), String> {
        if self.peek_punct(p) {
            self.at += 1;
            Ok(())
        } else {
            let got = self.toks.get(self.at).map_or("the end".into(), show);
            Err(format!("expected `{p}`, found {got}"))
        }
    }

    fn cond(&mut self) -> Result<Expr, String> {
        let c = self.binary(0)?;
        if !self.peek_punct("?") {
            return Ok(c);
        }
        self.at += 1;
        let t = self.cond()?;
        self.expect(":")?;
        let e = self.cond()?;
        Ok(Expr::Cond(Box::new(c), Box::new(t), Box::new(e)))
    }

    fn binary(&mut self, level: usize) -> Result<Expr, String> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let op = LEVELS[level]
                .iter()
                .find(|(p, _)| self.peek_punct(p))
                .map(|x| x.1);
            let Some(op) = op else { return Ok(lhs) };
            self.at += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let op = match self.toks.get(self.at) {
            Some(Tok::Punct("-")) => Some(Unary::Neg),
            Some(Tok::Punct("+")) => Some(Unary::Plus),
            Some(Tok::Punct("!")) => Some(Unary::Not),
            Some(Tok::Punct("~")) => Some(Unary::BitNot),
            _ => None,
        };
        if let Some(op) = op {
            self.at += 1;
            return Ok(Expr::Unary(op, Box::new(self.unary()?)));
        }
        if self.peek_punct("(") {
            if let Some((ty, next)) = self.cast_type(self.at + 1)? {
                self.at = next;
                return Ok(Expr::Cast(ty, Box::new(self.unary()?)));
            }
        }
        self.primary()
    }

    /// A type name from `at` to a `)`: the type and the token after the `)`.
    fn cast_type(&self, at: usize) -> Result<Option<(IntType, usize)>, String> {
        let mut words = Vec::new();
        let mut i = at;
        while let Some(Tok::Ident(w)) = self.toks.get(i) {
            words.push(w.as_str());
            i += 1;
        }
        if words.is_empty() || !matches!(self.toks.get(i), Some(Tok::Punct(")"))) {
            return Ok(None);
        }
        if words.len() == 1 && type_name(&words, self.long_bits).is_none() {
            // `(x)`: a parenthesized variable, unless a word or a constant follows (a cast
            // to a type not supported).
            let operand = matches!(self.toks.get(i + 1), Some(Tok::Ident(_) | Tok::Num(_)));
            if !TYPE_WORDS.contains(&words[0]) && !operand {
                return Ok(None);
            }
        }
        match type_name(&words, self.long_bits) {
            Some(t) => Ok(Some((t, i + 1))),
            None => Err(format!("the type `{}` is not supported", words.join(" "))),
        }
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        match t {
            Some(Tok::Num(n)) => literal(&n, self.long_bits),
            Some(Tok::Ident(v)) => {
                if self.peek_punct("(") {
                    return Err(format!("the call of `{v}` is not supported"));
                }
                Ok(Expr::Var(v))
            }
            Some(Tok::Punct("(")) => {
                let e = self.cond()?;
                self.expect(")")?;
                Ok(e)
            }
            Some(t) => Err(format!("unexpected {}", show(&t))),
            None => Err("the expression ends too early".into()),
        }
    }
}

const TYPE_WORDS: &[&str] = &[
    "signed", "unsigned", "char", "short", "int", "long", "_Bool", "const", "volatile",
];

/// The integer type a list of words names (C's type specifiers, or a <stdint.h> name).
fn type_name(words: &[&str], long_bits: u32) -> Option<IntType> {
    let words: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| *w != "const" && *w != "volatile")
        .collect();
    if let [one] = words[..] {
        let fixed = |prefix: &str, signed| {
            let bits: u32 = one.strip_prefix(prefix)?.strip_suffix("_t")?.parse().ok()?;
            [8, 16, 32, 64]
                .contains(&bits)
                .then_some(IntType { bits, signed })
        };
        if let Some(t) = fixed("int", true).or_else(|| fixed("uint", false)) {
            return Some(t);
        }
        match one {
            "size_t" | "uintptr_t" => {
                return Some(IntType {
                    bits: long_bits,
                    signed: false,
                })
            }
            "ssize_t" | "intptr_t" | "ptrdiff_t" => {
                return Some(IntType {
                    bits: long_bits,
                    signed: true,
                })
            }
            "_Bool" => {
                return Some(IntType {
                    bits: 1,
                    signed: false,
                })
            }
            _ => {}
        }
    }
    let count = |w: &str| words.iter().filter(|x| **x == w).count();
    if words
        .iter()
        .any(|w| !TYPE_WORDS.contains(w) || *w == "_Bool")
    {
        return None;
    }
    let unsigned = count("unsigned");
    if unsigned + count("signed") > 1 {
        return None;
    }
    let (chars, shorts, longs) = (count("char"), count("short"), count("long"));
    let bits = match (chars, shorts, longs) {
        (1, 0, 0) => 8,
        (0, 1, 0) => 16,
        (0, 0, 0) => 32,
        (0, 0, 1) => long_bits,
        (0, 0, 2) => 64,
        _ => return None,
    };
    if count("int") > 1 || (chars == 1 && count("int") > 0) {
        return None;
    }
    Some(IntType {
        bits,
        // Plain `char` is signed on the targets trex runs (x86).
        signed: unsigned == 0,
    })
}

/// An integer constant with its C type (C11 6.4.4.1: the first of its candidate types that
/// holds the value).
fn literal(text: &str, long_bits: u32) -> Result<Expr, String> {
    let lower = text.to_ascii_lowercase();
    let digits_end = lower.trim_end_matches(['u', 'l']).len();
    let (digits, suffix) = lower.split_at(digits_end);
    let (radix, body) = if let Some(h) = digits.strip_prefix("0x") {
        (16, h)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    let bad = || format!("the constant `{text}` is not supported");
    let value = u64::from_str_radix(body, radix).map_err(|_| bad())?;
    let u = suffix.contains('u');
    let longs = suffix.matches('l').count();
    if suffix.len() != usize::from(u) + longs || longs > 2 {
        return Err(bad());
    }
    let t = |bits, signed| IntType { bits, signed };
    let mut candidates = Vec::new();
    let ranks = [(32, 0), (long_bits, 1), (64, 2)];
    for (bits, rank) in ranks {
        if rank < longs {
            continue;
        }
        if !u {
            candidates.push(t(bits, true));
        }
        if u || radix != 10 {
            candidates.push(t(bits, false));
        }
    }
    let fits = |ty: &IntType| {
        let max = if ty.signed {
            (1u64 << (ty.bits - 1)) - 1
        } else if ty.bits == 64 {
            u64::MAX
        } else {
            (1u64 << ty.bits) - 1
        };
        value <= max
    };
    match candidates.into_iter().find(fits) {
        Some(ty) => Ok(Expr::Const(value, ty)),
        None => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Expr {
        parse(s, 64).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn var(v: &str) -> Box<Expr> {
        Box::new(Expr::Var(v.into()))
    }

    #[test]
    fn precedence_and_casts() {
        let e = p("(((int)j) == ((long long)2 * (long long)((int)i)))");
        let ll = IntType {
            bits: 64,
            signed: true,
        };
        let want = Expr::Binary(
            Binary::Eq,
            Box::new(Expr::Cast(IntType::INT, var("j"))),
            Box::new(Expr::Binary(
                Binary::Mul,
                Box::new(Expr::Cast(ll, Box::new(Expr::Const(2, IntType::INT)))),
                Box::new(Expr::Cast(ll, Box::new(Expr::Cast(IntType::INT, var("i"))))),
            )),
        );
        assert_eq!(e, want);
        // `&&` binds tighter than `||`, `<` tighter than `==`, unary before binary.
        let e = p("a || b && !c < d == e");
        let Expr::Binary(Binary::Or, _, rhs) = e else {
            panic!("{e:?}")
        };
        let Expr::Binary(Binary::And, _, rhs) = *rhs else {
            panic!()
        };
        assert!(matches!(*rhs, Expr::Binary(Binary::Eq, ref l, _)
            if matches!(**l, Expr::Binary(Binary::Lt, ref n, _) if matches!(**n, Expr::Unary(Unary::Not, _)))));
        // A parenthesized variable is no cast.
        assert_eq!(
            p("(x) - 1"),
            Expr::Binary(
                Binary::Sub,
                var("x"),
                Box::new(Expr::Const(1, IntType::INT))
            )
        );
        assert!(
            matches!(p("x ? 1 : y ? 2 : 3"), Expr::Cond(_, _, e) if matches!(*e, Expr::Cond(..)))
        );
    }

    #[test]
    fn literal_types_follow_c() {
        let ty = |s: &str, long_bits| match parse(s, long_bits) {
            Ok(Expr::Const(_, t)) => (t.bits, t.signed),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(ty("7", 64), (32, true));
        assert_eq!(ty("2147483648", 64), (64, true));
        assert_eq!(ty("2147483648", 32), (64, true));
        assert_eq!(ty("0x80000000", 64), (32, false));
        assert_eq!(ty("5U", 64), (32, false));
        assert_eq!(ty("5ULL", 64), (64, false));
        assert_eq!(ty("5l", 32), (32, true));
        assert_eq!(ty("18446744073709551615ULL", 64), (64, false));
        assert!(parse("18446744073709551615", 64).is_err());
        assert!(parse("5q", 64).is_err());
    }

    #[test]
    fn types_by_name() {
        let t = |s: &str| type_name(&s.split(' ').collect::<Vec<_>>(), 32);
        assert_eq!(t("unsigned long long").map(|x| x.bits), Some(64));
        assert_eq!(
            t("unsigned long").map(|x| (x.bits, x.signed)),
            Some((32, false))
        );
        assert_eq!(
            t("signed char").map(|x| (x.bits, x.signed)),
            Some((8, true))
        );
        assert_eq!(t("uint16_t").map(|x| (x.bits, x.signed)), Some((16, false)));
        assert_eq!(t("_Bool").map(|x| x.bits), Some(1));
        assert_eq!(t("unsigned signed"), None);
        assert_eq!(t("float"), None);
    }

    #[test]
    fn what_is_not_an_integer_expression_is_named() {
        assert!(parse("p->x > 0", 64).is_err());
        assert!(parse("f(x) > 0", 64).unwrap_err().contains("call of `f`"));
        assert!(parse("(float)x > 0", 64).unwrap_err().contains("float"));
        assert!(parse("\\old(x) > 0", 64).unwrap_err().contains("`\\`"));
        assert!(parse("x > ", 64).unwrap_err().contains("ends too early"));
        assert!(parse("a[1] > 0", 64).unwrap_err().contains("`[`"));
    }
}
