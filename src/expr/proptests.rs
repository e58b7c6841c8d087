//! Property tests: random expressions built twice, raw (`intern`, no simplification) and through
//! the smart constructors, must evaluate equally under random assignments. Plus unit tests of
//! the individual rules.

use hashbrown::HashMap;

use super::eval::{eval, ones};
use super::*;

/// SplitMix64: small, deterministic.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub(crate) fn u128(&mut self) -> u128 {
        ((self.next() as u128) << 64) | self.next() as u128
    }
}

const WIDTHS: &[u32] = &[1, 8, 33, 64, 128, 2, 3, 7, 16, 32, 63, 65, 100, 127];

type Pair = (ExprId, ExprId);

fn raw_const(p: &mut ExprPool, w: u32, v: u128) -> ExprId {
    p.intern(
        Expr::Const {
            width: w,
            bits: mask(w, v),
        },
        w,
    )
}
fn raw_bin(p: &mut ExprPool, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
    let w = p.width(a);
    p.intern(Expr::Bin { op, a, b }, w)
}
fn raw_cmp(p: &mut ExprPool, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
    p.intern(Expr::Cmp { op, a, b }, 1)
}
fn raw_not(p: &mut ExprPool, e: ExprId) -> ExprId {
    let w = p.width(e);
    p.intern(Expr::Not { e }, w)
}
fn raw_extract(p: &mut ExprPool, e: ExprId, offset: u32, width: u32) -> ExprId {
    p.intern(Expr::Extract { e, offset, width }, width)
}
fn raw_concat(p: &mut ExprPool, hi: ExprId, lo: ExprId) -> ExprId {
    let w = p.width(hi) + p.width(lo);
    p.intern(Expr::Concat { hi, lo }, w)
}

/// z3's answers to an SMT-LIB script, one per line: the independent check of the SMT-LIB
/// printers. Panics without a z3 binary (no `Option`: a test must not skip and pass).
pub(crate) fn z3(script: &str) -> String {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new("z3")
        .arg("-in")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("z3 not found (scripts/install-deps.sh installs it)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub(crate) struct Gen {
    pub(crate) rng: Rng,
    pub(crate) arrays: Vec<ArrayId>,
    seen: HashMap<u32, Vec<Pair>>,
    /// Assignments used to pick constants near the actual values of operands.
    pub(crate) refs: Vec<Assignment>,
}

impl Gen {
    pub(crate) fn new(p: &mut ExprPool, seed: u64) -> Self {
        let a = p.new_array(Array {
            name: "a".into(),
            size: 8,
            domain: 32,
            init: None,
        });
        let b = p.new_array(Array {
            name: "b".into(),
            size: 8,
            domain: 32,
            init: None,
        });
        let c = p.new_array(Array {
            name: "c".into(),
            size: 6,
            domain: 32,
            init: Some(vec![0, 1, 0x7f, 0x80, 0xff, 3]),
        });
        Gen {
            rng: Rng::new(seed),
            arrays: vec![a, b, c],
            seen: HashMap::new(),
            refs: Vec::new(),
        }
    }

    fn interesting(&mut self, w: u32) -> u128 {
        let v = match self.rng.below(10) {
            0 => 0,
            1 => 1,
            2 => ones(w),
            3 => 1u128 << (w - 1),
            4 => ones(w) >> 1,
            5 => 2,
            6 => self.rng.below(8) as u128,
            7 => 1u128 << self.rng.below(w as u64),
            _ => self.rng.u128(),
        };
        mask(w, v)
    }

    pub(crate) fn assignment(&mut self) -> Assignment {
        let mut a = Assignment::new();
        for &arr in &self.arrays[..2] {
            let len = if self.rng.chance(10) {
                self.rng.below(8) as usize
            } else {
                8
            };
            let bytes = (0..len)
                .map(|_| match self.rng.below(8) {
                    0..=2 => self.rng.below(4) as u8,
                    3 => 0xff,
                    4 => 0x80,
                    5 => 0x7f,
                    _ => self.rng.next() as u8,
                })
                .collect();
            a.values.insert(arr, bytes);
        }
        a
    }

    /// A 32-bit index, usually small so that reads and writes collide.
    fn index(&mut self, p: &mut ExprPool, depth: u32) -> Pair {
        match self.rng.below(4) {
            0 | 1 => {
                let v = self.rng.below(10) as u128;
                (raw_const(p, 32, v), p.constant(32, v))
            }
            2 => {
                let (r, s) = self.gen(p, 8, depth.saturating_sub(1));
                (p.intern(Expr::ZExt { e: r, width: 32 }, 32), p.zext(s, 32))
            }
            _ => {
                let (r, s) = self.gen(p, 8, depth.saturating_sub(1));
                let rz = p.intern(Expr::ZExt { e: r, width: 32 }, 32);
                let sz = p.zext(s, 32);
                let m = self.rng.below(16) as u128;
                let (rm, sm) = (raw_const(p, 32, m), p.constant(32, m));
                (raw_bin(p, BinOp::And, rz, rm), p.and(sz, sm))
            }
        }
    }

    /// An update list (raw, simplified).
    fn updates(&mut self, p: &mut ExprPool, depth: u32) -> (Option<UpdateId>, Option<UpdateId>) {
        let n = self.rng.below(4);
        let (mut r, mut s) = (None, None);
        for _ in 0..n {
            let (ri, si) = self.index(p, depth);
            let (rv, sv) = self.gen(p, 8, depth.saturating_sub(1));
            r = Some(p.update(UpdateNode {
                index: ri,
                value: rv,
                next: r,
            }));
            s = Some(p.write(s, si, sv));
        }
        (r, s)
    }

    /// `w` bits read little-endian from memory.
    fn mem(&mut self, p: &mut ExprPool, w: u32, depth: u32) -> Pair {
        let arr = self.arrays[self.rng.below(3) as usize];
        let nb = w.div_ceil(8);
        let (ru, su) = if depth > 0 {
            self.updates(p, depth)
        } else {
            (None, None)
        };
        let (ri, si) = if depth > 0 && self.rng.chance(50) {
            self.index(p, depth)
        } else {
            let v = self.rng.below(8) as u128;
            (raw_const(p, 32, v), p.constant(32, v))
        };
        let mut r = p.intern(
            Expr::Read {
                array: arr,
                updates: ru,
                index: ri,
            },
            8,
        );
        for k in 1..nb {
            let kc = raw_const(p, 32, k as u128);
            let i = raw_bin(p, BinOp::Add, kc, ri);
            let b = p.intern(
                Expr::Read {
                    array: arr,
                    updates: ru,
                    index: i,
                },
                8,
            );
            r = raw_concat(p, b, r);
        }
        let mut s = p.read_bytes_le(arr, su, si, nb);
        if nb * 8 != w {
            r = raw_extract(p, r, 0, w);
            s = p.extract(s, 0, w);
        }
        (r, s)
    }

    fn leaf(&mut self, p: &mut ExprPool, w: u32) -> Pair {
        if self.rng.chance(45) {
            let v = self.interesting(w);
            (raw_const(p, w, v), p.constant(w, v))
        } else {
            self.mem(p, w, 0)
        }
    }

    pub(crate) fn gen(&mut self, p: &mut ExprPool, w: u32, depth: u32) -> Pair {
        if self.rng.chance(20) {
            if let Some(v) = self.seen.get(&w) {
                if !v.is_empty() {
                    return v[self.rng.below(v.len() as u64) as usize];
                }
            }
        }
        let pair = if depth == 0 || self.rng.chance(15) {
            self.leaf(p, w)
        } else {
            self.node(p, w, depth - 1)
        };
        debug_assert_eq!(p.width(pair.0), w);
        assert_eq!(p.width(pair.1), w, "simplified width differs");
        let v = self.seen.entry(w).or_default();
        if v.len() < 24 {
            v.push(pair);
        } else {
            let i = self.rng.below(24) as usize;
            v[i] = pair;
        }
        pair
    }

    fn width_choice(&mut self) -> u32 {
        WIDTHS[self.rng.below(WIDTHS.len() as u64) as usize]
    }

    /// A constant equal or close to the value of `raw` under a reference assignment, so that
    /// comparisons against constants are sometimes true and sit on boundaries.
    fn near(&mut self, p: &mut ExprPool, raw: ExprId) -> Pair {
        let w = p.width(raw);
        let v = if self.refs.is_empty() {
            self.interesting(w)
        } else {
            let a = &self.refs[self.rng.below(self.refs.len() as u64) as usize];
            eval(p, raw, a)
        };
        let k = self.rng.below(w as u64) as u32;
        let v = mask(
            w,
            match self.rng.below(8) {
                0..=2 => v,
                3 => v.wrapping_add(1),
                4 => v.wrapping_sub(1),
                5 => v ^ (1u128 << k),
                6 => v | (1u128 << k),
                _ => v ^ (ones(w) << k),
            },
        );
        (raw_const(p, w, v), p.constant(w, v))
    }

    fn cmp(&mut self, p: &mut ExprPool, d: u32) -> Pair {
        let ws = self.width_choice();
        let (mut ra, mut sa) = self.gen(p, ws, d);
        if self.rng.chance(30) {
            // linear patterns under comparisons: c + x, c - x, c ^ x
            let op = [BinOp::Add, BinOp::Sub, BinOp::Xor][self.rng.below(3) as usize];
            let v = self.interesting(ws);
            let (rc, sc) = (raw_const(p, ws, v), p.constant(ws, v));
            ra = raw_bin(p, op, rc, ra);
            sa = p.bin(op, sc, sa);
        }
        let (rb, sb) = if self.rng.chance(50) {
            self.near(p, ra)
        } else {
            self.gen(p, ws, d)
        };
        let (ra, sa, rb, sb) = if self.rng.chance(50) {
            (rb, sb, ra, sa)
        } else {
            (ra, sa, rb, sb)
        };
        let k = self.rng.below(10);
        let raw = match k {
            0 => raw_cmp(p, CmpOp::Eq, ra, rb),
            1 => {
                let e = raw_cmp(p, CmpOp::Eq, ra, rb);
                raw_not(p, e)
            }
            2 => raw_cmp(p, CmpOp::Ult, ra, rb),
            3 => raw_cmp(p, CmpOp::Ule, ra, rb),
            4 => raw_cmp(p, CmpOp::Ult, rb, ra),
            5 => raw_cmp(p, CmpOp::Ule, rb, ra),
            6 => raw_cmp(p, CmpOp::Slt, ra, rb),
            7 => raw_cmp(p, CmpOp::Sle, ra, rb),
            8 => raw_cmp(p, CmpOp::Slt, rb, ra),
            _ => raw_cmp(p, CmpOp::Sle, rb, ra),
        };
        let simp = match k {
            0 => p.eq(sa, sb),
            1 => p.ne(sa, sb),
            2 => p.ult(sa, sb),
            3 => p.ule(sa, sb),
            4 => p.ugt(sa, sb),
            5 => p.uge(sa, sb),
            6 => p.slt(sa, sb),
            7 => p.sle(sa, sb),
            8 => p.sgt(sa, sb),
            _ => p.sge(sa, sb),
        };
        (raw, simp)
    }

    fn node(&mut self, p: &mut ExprPool, w: u32, d: u32) -> Pair {
        const OPS: [BinOp; 13] = [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::UDiv,
            BinOp::SDiv,
            BinOp::URem,
            BinOp::SRem,
            BinOp::And,
            BinOp::Or,
            BinOp::Xor,
            BinOp::Shl,
            BinOp::LShr,
            BinOp::AShr,
        ];
        match self.rng.below(if w == 1 { 16 } else { 12 }) {
            0..=2 => {
                let op = OPS[self.rng.below(13) as usize];
                let (ra, sa) = self.gen(p, w, d);
                let (rb, sb) = if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr)
                    && self.rng.chance(50)
                {
                    let v = self.rng.below(w as u64 + 2) as u128;
                    (raw_const(p, w, v), p.constant(w, v))
                } else if self.rng.chance(30) {
                    let v = self.interesting(w);
                    (raw_const(p, w, v), p.constant(w, v))
                } else {
                    self.gen(p, w, d)
                };
                if self.rng.chance(50) {
                    (raw_bin(p, op, rb, ra), p.bin(op, sb, sa))
                } else {
                    (raw_bin(p, op, ra, rb), p.bin(op, sa, sb))
                }
            }
            3 => {
                let (r, s) = self.gen(p, w, d);
                if self.rng.chance(50) {
                    (raw_not(p, r), p.not(s))
                } else {
                    let z = raw_const(p, w, 0);
                    (raw_bin(p, BinOp::Sub, z, r), p.neg(s))
                }
            }
            4 => {
                let (rc, sc) = self.gen(p, 1, d);
                let (rt, st) = self.gen(p, w, d);
                let (rf, sf) = self.gen(p, w, d);
                (
                    p.intern(
                        Expr::Select {
                            cond: rc,
                            t: rt,
                            f: rf,
                        },
                        w,
                    ),
                    p.select(sc, st, sf),
                )
            }
            5 if w >= 2 => {
                let wl = 1 + self.rng.below(w as u64 - 1) as u32;
                let (rh, sh) = self.gen(p, w - wl, d);
                let (rl, sl) = self.gen(p, wl, d);
                (raw_concat(p, rh, rl), p.concat(sh, sl))
            }
            6 => {
                let ws = (w + self.rng.below(40) as u32).min(MAX_WIDTH);
                let off = self.rng.below((ws - w + 1) as u64) as u32;
                let (r, s) = self.gen(p, ws, d);
                (raw_extract(p, r, off, w), p.extract(s, off, w))
            }
            7 => {
                let ws = 1 + self.rng.below(w as u64) as u32;
                let (r, s) = self.gen(p, ws, d);
                if self.rng.chance(50) {
                    (p.intern(Expr::ZExt { e: r, width: w }, w), p.zext(s, w))
                } else {
                    (p.intern(Expr::SExt { e: r, width: w }, w), p.sext(s, w))
                }
            }
            8 if w >= 2 => {
                // split and rejoin: concat of adjacent extracts of one expression
                let (r, s) = self.gen(p, w, d);
                let k = 1 + self.rng.below(w as u64 - 1) as u32;
                let rh = raw_extract(p, r, k, w - k);
                let rl = raw_extract(p, r, 0, k);
                let sh = p.extract(s, k, w - k);
                let sl = p.extract(s, 0, k);
                (raw_concat(p, rh, rl), p.concat(sh, sl))
            }
            9 if w.is_multiple_of(8) => {
                // write bytes then read them back
                let (ru, su) = self.updates(p, d);
                let (ri, si) = self.index(p, d);
                let (rv, sv) = self.gen(p, w, d);
                let arr = self.arrays[self.rng.below(3) as usize];
                let mut rl = ru;
                for k in 0..w / 8 {
                    let kc = raw_const(p, 32, k as u128);
                    let i = if k == 0 {
                        ri
                    } else {
                        raw_bin(p, BinOp::Add, kc, ri)
                    };
                    let b = raw_extract(p, rv, 8 * k, 8);
                    rl = Some(p.update(UpdateNode {
                        index: i,
                        value: b,
                        next: rl,
                    }));
                }
                let sl = p.write_bytes_le(su, si, sv);
                let mut r = p.intern(
                    Expr::Read {
                        array: arr,
                        updates: rl,
                        index: ri,
                    },
                    8,
                );
                for k in 1..w / 8 {
                    let kc = raw_const(p, 32, k as u128);
                    let i = raw_bin(p, BinOp::Add, kc, ri);
                    let b = p.intern(
                        Expr::Read {
                            array: arr,
                            updates: rl,
                            index: i,
                        },
                        8,
                    );
                    r = raw_concat(p, b, r);
                }
                (r, p.read_bytes_le(arr, sl, si, w / 8))
            }
            10 => {
                // extract of an extension, across the boundary
                let ws = w + self.rng.below(u64::from((MAX_WIDTH - w).min(24)) + 1) as u32;
                let wx = 1 + self.rng.below(ws as u64) as u32;
                let (r, s) = self.gen(p, wx, d);
                let (re, se) = if self.rng.chance(50) {
                    (p.intern(Expr::SExt { e: r, width: ws }, ws), p.sext(s, ws))
                } else {
                    (p.intern(Expr::ZExt { e: r, width: ws }, ws), p.zext(s, ws))
                };
                let off = self.rng.below((ws - w + 1) as u64) as u32;
                (raw_extract(p, re, off, w), p.extract(se, off, w))
            }
            11 if w == 1 => self.cmp(p, d),
            12 | 13 => self.cmp(p, d),
            _ => self.mem(p, w, d),
        }
    }
}

fn check_random(seed: u64, cases: usize, depth: u32) -> usize {
    let mut p = ExprPool::new();
    let mut g = Gen::new(&mut p, seed);
    let asgs: Vec<Assignment> = (0..6).map(|_| g.assignment()).collect();
    g.refs = asgs.clone();
    let mut differing = 0;
    for case in 0..cases {
        if case % 100 == 0 {
            // A fresh pool now and then keeps pools small and tests building from scratch.
            p = ExprPool::new();
            g.arrays.clear();
            let g2 = Gen::new(&mut p, 0);
            g.arrays = g2.arrays;
            g.seen.clear();
        }
        let w = g.width_choice();
        let (raw, simp) = g.gen(&mut p, w, depth);
        assert_eq!(p.width(raw), p.width(simp));
        if raw != simp {
            differing += 1;
        }
        let extra = g.assignment();
        for a in asgs.iter().chain(std::iter::once(&extra)) {
            let (vr, vs) = (eval(&p, raw, a), eval(&p, simp, a));
            if vr != vs {
                panic!(
                    "seed {seed} case {case}: raw {} = {vr:#x} but simplified {} = {vs:#x}\nunder {:?}",
                    p.display(raw),
                    p.display(simp),
                    a.values
                );
            }
        }
    }
    differing
}

/// Cases per property test: `TREX_PROP_SCALE` (default 1) multiplies them.
fn scale() -> usize {
    std::env::var("TREX_PROP_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

#[test]
fn prop_simplified_equals_raw_shallow() {
    let mut simplified = 0;
    for seed in 0..4 {
        simplified += check_random(seed, 1500 * scale(), 3);
    }
    // The constructors must actually do something.
    assert!(
        simplified > 1500,
        "only {simplified} expressions simplified"
    );
}

#[test]
fn prop_simplified_equals_raw_deep() {
    for seed in 100..103 {
        check_random(seed, 600 * scale(), 6);
    }
}

/// A long run, 100x the default cases.
#[test]
#[ignore = "long: cargo test --release --lib prop_simplified_equals_raw_long -- --ignored"]
fn prop_simplified_equals_raw_long() {
    for seed in 1000..1100 {
        check_random(seed, 1500 * scale(), 4);
    }
}

// ---------------------------------------------------------------- unit tests of rules

fn sym(p: &mut ExprPool, w: u32, k: u128) -> ExprId {
    let a = if p.arrays().is_empty() {
        p.new_array(Array {
            name: "x".into(),
            size: 16,
            domain: 32,
            init: None,
        })
    } else {
        ArrayId(0)
    };
    let i = p.constant(32, k);
    let nb = w.div_ceil(8);
    let e = p.read_bytes_le(a, None, i, nb);
    p.extract(e, 0, w)
}

#[test]
fn constant_folding() {
    let mut p = ExprPool::new();
    let a = p.constant(8, 200);
    let b = p.constant(8, 100);
    let s = p.add(a, b);
    assert_eq!(p.as_const(s), Some(44));
    let m = p.mul(a, b);
    assert_eq!(p.as_const(m), Some((200 * 100) % 256));
    let z = p.constant(8, 0);
    let d = p.udiv(a, z);
    assert_eq!(p.as_const(d), Some(0xff));
    let c = p.concat(a, b);
    assert_eq!(p.as_const(c), Some(200 * 256 + 100));
    let e = p.extract(c, 4, 8);
    assert_eq!(p.as_const(e), Some(((200 * 256 + 100) >> 4) & 0xff));
    let x = p.sext(a, 16);
    assert_eq!(p.as_const(x), Some(0xffc8));
    let x = p.zext(a, 128);
    assert_eq!(p.as_const(x), Some(200));
    let t = p.slt(a, b);
    assert_eq!(p.as_const(t), Some(1));
    let n = p.count_nodes();
    let _ = p.add(a, b);
    assert_eq!(
        p.count_nodes(),
        n,
        "folding an existing constant creates no node"
    );
}

impl ExprPool {
    fn count_nodes(&self) -> usize {
        self.len()
    }
}

#[test]
fn identities() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, 32, 0);
    let z = p.constant(32, 0);
    let one = p.constant(32, 1);
    let all = p.constant(32, ones(32));
    assert_eq!(p.add(x, z), x);
    assert_eq!(p.add(z, x), x);
    assert_eq!(p.mul(x, one), x);
    assert_eq!(p.mul(x, z), z);
    assert_eq!(p.and(x, z), z);
    assert_eq!(p.and(x, all), x);
    assert_eq!(p.or(x, z), x);
    assert_eq!(p.or(x, all), all);
    assert_eq!(p.xor(x, x), z);
    assert_eq!(p.sub(x, x), z);
    let t = p.eq(x, x);
    assert_eq!(p.as_const(t), Some(1));
    let nx = p.not(x);
    assert_eq!(p.not(nx), x);
    assert_eq!(p.and(x, nx), z);
    assert_eq!(p.or(nx, x), all);
    assert_eq!(p.xor(all, x), nx);
    assert_eq!(p.udiv(x, one), x);
    assert_eq!(p.urem(x, one), z);
    assert_eq!(p.urem(x, x), z);
    assert_eq!(p.shl(x, z), x);
    let big = p.constant(32, 40);
    assert_eq!(p.lshr(x, big), z);
    let nn = p.neg(x);
    assert_eq!(p.neg(nn), x);
}

#[test]
fn canonical_forms() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, 32, 0);
    let y = sym(&mut p, 32, 4);
    let c3 = p.constant(32, 3);
    let c4 = p.constant(32, 4);
    let a = p.add(x, c3);
    assert!(matches!(*p.get(a), Expr::Bin { op: BinOp::Add, a: k, b } if k == c3 && b == x));
    assert_eq!(p.add(x, y), p.add(y, x));
    assert_eq!(p.mul(x, y), p.mul(y, x));
    // (c1 + (c2 + x)) → ((c1+c2) + x)
    let b = p.add(c4, a);
    let c7 = p.constant(32, 7);
    assert_eq!(b, p.add(c7, x));
    // x - 3 → -3 + x
    let s = p.sub(x, c3);
    let m3 = p.constant(32, (-3i32) as u32 as u128);
    assert_eq!(s, p.add(m3, x));
    // (x + 3) - 3 → x
    assert_eq!(p.sub(a, c3), x);
    // x + (3 + y) → 3 + (x + y)
    let c3y = p.add(c3, y);
    let xy = p.add(x, y);
    assert_eq!(p.add(x, c3y), p.add(c3, xy));
    // ugt is ult swapped; ne is not eq
    assert_eq!(p.ugt(x, y), p.ult(y, x));
    let e = p.eq(x, y);
    let ne = p.ne(x, y);
    assert!(matches!(*p.get(ne), Expr::Not { e: k } if k == e));
    // Not(Cmp) stays: no De Morgan
    let lt = p.ult(x, y);
    let nlt = p.not(lt);
    assert!(matches!(*p.get(nlt), Expr::Not { .. }));
}

#[test]
fn eq_rules() {
    let mut p = ExprPool::new();
    let b = sym(&mut p, 8, 0);
    let z = p.zext(b, 32);
    let big = p.constant(32, 0x1ff);
    let f = p.eq(big, z);
    assert_eq!(p.as_const(f), Some(0));
    let c5 = p.constant(32, 5);
    let e = p.eq(z, c5);
    let c5b = p.constant(8, 5);
    assert_eq!(e, p.eq(c5b, b));
    let s = p.sext(b, 32);
    let neg1 = p.constant(32, 0xffff_ffff);
    let e = p.eq(neg1, s);
    let ff = p.constant(8, 0xff);
    assert_eq!(e, p.eq(ff, b));
    let c80 = p.constant(32, 0x80);
    let e = p.eq(c80, s);
    assert_eq!(p.as_const(e), Some(0));
    // split over concat
    let b2 = sym(&mut p, 8, 1);
    let cc = p.concat(b2, b);
    let k = p.constant(16, 0x0102);
    let e = p.eq(k, cc);
    let c1 = p.constant(8, 1);
    let c2 = p.constant(8, 2);
    let e1 = p.eq(c1, b2);
    let e2 = p.eq(c2, b);
    assert_eq!(e, p.and(e1, e2));
    // booleans
    let bb = p.ult(b, b2);
    let t = p.bool_const(true);
    let fl = p.bool_const(false);
    assert_eq!(p.eq(t, bb), bb);
    let nb = p.not(bb);
    assert_eq!(p.eq(fl, bb), nb);
    assert_eq!(p.eq(fl, nb), bb);
    // c == x + k → c - k == x
    let c3 = p.constant(8, 3);
    let xp = p.add(c3, b);
    let c10 = p.constant(8, 10);
    let e = p.eq(c10, xp);
    let c7 = p.constant(8, 7);
    assert_eq!(e, p.eq(c7, b));
}

#[test]
fn comparisons_against_bounds() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, 16, 0);
    let z = p.constant(16, 0);
    let m = p.constant(16, 0xffff);
    let f = p.ult(x, z);
    assert_eq!(p.as_const(f), Some(0));
    let t = p.ule(z, x);
    assert_eq!(p.as_const(t), Some(1));
    let f = p.ult(m, x);
    assert_eq!(p.as_const(f), Some(0));
    let t = p.ule(x, m);
    assert_eq!(p.as_const(t), Some(1));
    assert_eq!(p.ule(x, z), p.eq(z, x));
    assert_eq!(p.ult(z, x), p.ne(z, x));
    let smin = p.constant(16, 0x8000);
    let f = p.slt(x, smin);
    assert_eq!(p.as_const(f), Some(0));
    let t = p.sle(smin, x);
    assert_eq!(p.as_const(t), Some(1));
}

#[test]
fn extract_rules() {
    let mut p = ExprPool::new();
    let hi = sym(&mut p, 8, 0);
    let lo = sym(&mut p, 8, 1);
    let c = p.concat(hi, lo);
    assert_eq!(p.extract(c, 0, 8), lo);
    assert_eq!(p.extract(c, 8, 8), hi);
    assert_eq!(p.extract(c, 0, 16), c);
    let z = p.zext(lo, 64);
    assert_eq!(p.extract(z, 0, 8), lo);
    let e = p.extract(z, 8, 16);
    assert_eq!(p.as_const(e), Some(0));
    let x = sym(&mut p, 32, 4);
    let e1 = p.extract(x, 8, 16);
    let e2 = p.extract(e1, 4, 4);
    assert_eq!(e2, p.extract(x, 12, 4));
    // concat of adjacent extracts merges
    let a = p.extract(x, 16, 16);
    let b = p.extract(x, 0, 16);
    assert_eq!(p.concat(a, b), x);
    // concat of 0 is zext
    let z8 = p.constant(8, 0);
    let cz = p.concat(z8, lo);
    assert_eq!(cz, p.zext(lo, 16));
    // zext/sext chains
    let z1 = p.zext(lo, 16);
    assert_eq!(p.zext(z1, 32), p.zext(lo, 32));
    assert_eq!(p.sext(z1, 32), p.zext(lo, 32));
}

#[test]
fn select_rules() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, 8, 0);
    let y = sym(&mut p, 8, 1);
    let c = p.ult(x, y);
    let t = p.bool_const(true);
    let f = p.bool_const(false);
    assert_eq!(p.select(t, x, y), x);
    assert_eq!(p.select(f, x, y), y);
    assert_eq!(p.select(c, x, x), x);
    let d = p.slt(x, y);
    assert_eq!(p.select(c, t, d), p.or(c, d));
    assert_eq!(p.select(c, d, f), p.and(c, d));
    let nc = p.not(c);
    assert_eq!(p.select(nc, x, y), p.select(c, y, x));
    let one = p.constant(32, 1);
    let zero = p.constant(32, 0);
    assert_eq!(p.select(c, one, zero), p.zext(c, 32));
}

#[test]
fn read_rules() {
    let mut p = ExprPool::new();
    let a = p.new_array(Array {
        name: "a".into(),
        size: 8,
        domain: 32,
        init: None,
    });
    let k = p.new_array(Array {
        name: "k".into(),
        size: 2,
        domain: 32,
        init: Some(vec![7, 9]),
    });
    let i0 = p.constant(32, 0);
    let i1 = p.constant(32, 1);
    let v = p.constant(8, 42);
    let u = p.write(None, i1, v);
    assert_eq!(p.read(a, Some(u), i1), v);
    // skip a non-matching constant write
    assert_eq!(p.read(a, Some(u), i0), p.read(a, None, i0));
    let r = p.read(k, Some(u), i0);
    assert_eq!(p.as_const(r), Some(7));
    let r = p.read(k, None, i1);
    assert_eq!(p.as_const(r), Some(9));
    // a symbolic write stops the walk
    let s = p.read(a, None, i0);
    let si = p.zext(s, 32);
    let u2 = p.write(Some(u), si, v);
    let r = p.read(a, Some(u2), i0);
    assert!(matches!(*p.get(r), Expr::Read { updates: Some(x), .. } if x == u2));
    assert_eq!(p.read(a, Some(u2), si), v);
    // write over write at the same index replaces it
    let w = p.constant(8, 1);
    let u3 = p.write(Some(u), i1, w);
    assert_eq!(p.update_node(u3).next, None);
    // bytes written then read back at a constant index
    let x = sym(&mut p, 32, 3);
    let ul = p.write_bytes_le(None, i0, x);
    assert_eq!(p.read_bytes_le(a, ul, i0, 4), x);
}

#[test]
#[should_panic(expected = "exceeds MAX_WIDTH")]
fn too_wide_concat_panics() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, 128, 0);
    let y = sym(&mut p, 8, 0);
    p.concat(x, y);
}

/// Narrowing (operations on two extensions done at the narrow width) against the raw
/// expressions, exhaustively over 6-bit operands extended to 16 bits, with constants in and
/// out of the extension's image.
#[test]
fn narrowing_rules_exhaustive() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, 6, 0);
    let y = sym(&mut p, 6, 1);
    let w = 16;
    let mut cases: Vec<(ExprId, ExprId)> = Vec::new();
    let consts = [
        0u128, 1, 5, 31, 32, 63, 64, 0xffff, 0xffe0, 0xffdf, 0x8000, 0x7fff,
    ];
    for signed in [false, true] {
        let ext = |p: &mut ExprPool, e: ExprId, raw: bool| -> ExprId {
            match (signed, raw) {
                (true, true) => p.intern(Expr::SExt { e, width: w }, w),
                (false, true) => p.intern(Expr::ZExt { e, width: w }, w),
                (true, false) => p.sext(e, w),
                (false, false) => p.zext(e, w),
            }
        };
        let (rx, sx) = (ext(&mut p, x, true), ext(&mut p, x, false));
        let (ry, sy) = (ext(&mut p, y, true), ext(&mut p, y, false));
        let mut pairs = vec![((rx, ry), (sx, sy))];
        for &c in &consts {
            let (rc, sc) = (raw_const(&mut p, w, c), p.constant(w, c));
            pairs.push(((rx, rc), (sx, sc)));
            pairs.push(((rc, ry), (sc, sy)));
        }
        for ((ra, rb), (sa, sb)) in pairs {
            for op in [BinOp::SRem, BinOp::URem] {
                let r = raw_bin(&mut p, op, ra, rb);
                let s = p.bin(op, sa, sb);
                cases.push((r, s));
            }
            for op in [CmpOp::Eq, CmpOp::Ult, CmpOp::Ule, CmpOp::Slt, CmpOp::Sle] {
                let r = raw_cmp(&mut p, op, ra, rb);
                let s = p.cmp(op, sa, sb);
                cases.push((r, s));
            }
        }
    }
    let arr = ArrayId(0);
    for vx in 0..64u8 {
        for vy in 0..64u8 {
            let mut a = Assignment::new();
            // `sym` reads whole bytes and extracts the low 6 bits.
            a.values.insert(arr, vec![vx, vy, 0, 0, 0, 0, 0, 0]);
            for &(r, s) in &cases {
                assert_eq!(
                    eval(&p, r, &a),
                    eval(&p, s, &a),
                    "x={vx} y={vy}: {} vs {}",
                    p.display(r),
                    p.display(s)
                );
            }
        }
    }
    // The promoted remainder of two chars is a char remainder.
    let a8 = sym(&mut p, 8, 2);
    let b8 = sym(&mut p, 8, 3);
    let (sa, sb) = (p.sext(a8, 32), p.sext(b8, 32));
    let r = p.srem(sa, sb);
    let low = p.extract(r, 0, 8);
    assert_eq!(low, p.srem(a8, b8));
}
