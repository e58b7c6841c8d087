//! Integers wider than 128 bits (`ir::lower::wide`) against an independent implementation:
//! random operations on random values in textual IR, run by trex and compiled natively by
//! clang-14 (LLVM's own legalizer); the outputs must be equal byte for byte. The symbolic
//! variant makes the inputs symbolic (constrained to the same values) and checks every result
//! against the native one, so the expressions and the solver agree too.

use super::*;
use crate::expr::proptests::Rng;
use std::fmt::Write as _;
use std::process::Command;

struct Out(Vec<u8>);
impl Io for Out {
    fn write(&mut self, _fd: i32, data: &[u8]) {
        self.0.extend_from_slice(data);
    }
}

/// A random `w`-bit value as an LLVM hexadecimal constant, with some structure (all ones,
/// small, a single bit) often enough to reach the carries and signs.
fn value(rng: &mut Rng, w: u32) -> String {
    let mut bits: Vec<bool> = match rng.below(5) {
        0 => vec![true; w as usize],
        1 => (0..w).map(|k| k < 5 && rng.below(2) == 1).collect(),
        2 => {
            let one = rng.below(w as u64) as u32;
            (0..w).map(|k| k == one).collect()
        }
        3 => (0..w).map(|k| k + 3 >= w || rng.below(2) == 1).collect(),
        _ => (0..w).map(|_| rng.below(2) == 1).collect(),
    };
    bits.reverse();
    let mut hex = String::new();
    let pad = (4 - w % 4) % 4;
    let all: Vec<bool> = std::iter::repeat_n(false, pad as usize)
        .chain(bits)
        .collect();
    for nib in all.chunks(4) {
        let d = nib.iter().fold(0u32, |acc, &b| acc * 2 + b as u32);
        write!(hex, "{d:x}").unwrap();
    }
    format!("u0x{hex}")
}

/// The test program: per case, operations on two loaded `w`-bit values; each result is
/// written to `@buf` (zero-extended to whole bytes) and the buffer to stdout. `checks`:
/// instead, each result is compared with the native one (`expected`, in order) and a
/// difference calls `abort`; the inputs are symbolic, assumed equal to their values.
struct Prog {
    globals: String,
    body: String,
    tmp: u32,
    out: u64,
    /// Per result: its width and the native value's bytes when known.
    results: Vec<u32>,
    expected: Option<Vec<Vec<u8>>>,
}

impl Prog {
    fn t(&mut self) -> String {
        self.tmp += 1;
        format!("%t{}", self.tmp)
    }

    fn inst(&mut self, rhs: String) -> String {
        let t = self.t();
        writeln!(self.body, "  {t} = {rhs}").unwrap();
        t
    }

    /// Records the `w`-bit result `v`.
    fn result(&mut self, w: u32, v: &str) {
        let bw = w.div_ceil(8) * 8;
        let v = if bw != w {
            self.inst(format!("zext i{w} {v} to i{bw}"))
        } else {
            v.to_string()
        };
        let k = self.results.len();
        self.results.push(bw);
        match &self.expected {
            None => {
                let p = self.inst(format!(
                    "getelementptr [65536 x i8], [65536 x i8]* @buf, i64 0, i64 {}",
                    self.out
                ));
                let q = self.inst(format!("bitcast i8* {p} to i{bw}*"));
                writeln!(self.body, "  store i{bw} {v}, i{bw}* {q}, align 1").unwrap();
            }
            Some(exp) => {
                let bytes = &exp[k];
                let mut hex = String::new();
                for b in bytes.iter().rev() {
                    write!(hex, "{b:02x}").unwrap();
                }
                let ok = self.inst(format!("icmp eq i{bw} {v}, u0x{hex}"));
                let t = self.tmp;
                writeln!(
                    self.body,
                    "  br i1 {ok}, label %ok{t}, label %bad{t}\nbad{t}:\n  call void @abort()\n  \
                     unreachable\nok{t}:"
                )
                .unwrap();
            }
        }
        self.out += bw as u64 / 8;
    }

    /// A global `iw` holding `val`, loaded (made symbolic and assumed equal to `val` in the
    /// symbolic variant).
    fn input(&mut self, w: u32, val: &str) -> String {
        let g = format!("@g{}", self.tmp + 1);
        self.tmp += 1;
        writeln!(self.globals, "{g} = global i{w} {val}").unwrap();
        if self.expected.is_some() {
            // (The global's whole size: its alloc size, whole 8-byte limbs.)
            let bytes = w.div_ceil(64) * 8;
            let p = self.inst(format!("bitcast i{w}* {g} to i8*"));
            writeln!(
                self.body,
                "  call void @klee_make_symbolic(i8* {p}, i64 {bytes}, i8* getelementptr \
                 ([2 x i8], [2 x i8]* @name, i64 0, i64 0))"
            )
            .unwrap();
            let x = self.inst(format!("load i{w}, i{w}* {g}"));
            let c = self.inst(format!("icmp eq i{w} {x}, {val}"));
            let z = self.inst(format!("zext i1 {c} to i64"));
            writeln!(self.body, "  call void @klee_assume(i64 {z})").unwrap();
        }
        self.inst(format!("load i{w}, i{w}* {g}, align 1"))
    }

    fn case(&mut self, rng: &mut Rng, w: u32) {
        let (va, vb) = (value(rng, w), value(rng, w));
        let a = self.input(w, &va);
        let b = self.input(w, &vb);
        let ty = format!("i{w}");
        for op in ["and", "or", "xor", "add", "sub", "mul"] {
            let r = self.inst(format!("{op} {ty} {a}, {b}"));
            self.result(w, &r);
        }
        // A constant operand (its limbs are read directly).
        let k = value(rng, w);
        for op in ["and", "add", "sub", "mul"] {
            let r = self.inst(format!("{op} {ty} {k}, {a}"));
            self.result(w, &r);
        }
        let mut amounts = vec![1, 7, 63, 64, 65, 127, 128, w - 1];
        amounts.push(rng.below(w as u64) as u32);
        for s in amounts {
            for op in ["shl", "lshr", "ashr"] {
                let r = self.inst(format!("{op} {ty} {a}, {s}"));
                self.result(w, &r);
            }
        }
        let preds = [
            "eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge",
        ];
        for (x, y) in [(&a, &b), (&b, &a), (&a, &a)] {
            for p in preds {
                let r = self.inst(format!("icmp {p} {ty} {x}, {y}"));
                self.result(1, &r);
            }
        }
        for p in ["ult", "slt", "eq"] {
            let r = self.inst(format!("icmp {p} {ty} {a}, {k}"));
            self.result(1, &r);
        }
        for to in [1, 8, 64, 65, 100, 128, w - 1] {
            if to < w {
                let r = self.inst(format!("trunc {ty} {a} to i{to}"));
                self.result(to, &r);
            }
        }
        for to in [w + 1, w + 64, 300] {
            for op in ["zext", "sext"] {
                let r = self.inst(format!("{op} {ty} {a} to i{to}"));
                self.result(to, &r);
            }
        }
        for from in [1, 64, 100, 128] {
            let n = self.inst(format!("trunc {ty} {b} to i{from}"));
            for op in ["zext", "sext"] {
                let r = self.inst(format!("{op} i{from} {n} to {ty}"));
                self.result(w, &r);
            }
        }
        let c = self.inst(format!("icmp ult {ty} {a}, {b}"));
        let r = self.inst(format!("select i1 {c}, {ty} {a}, {ty} {b}"));
        self.result(w, &r);
        let r = self.inst(format!("freeze {ty} {a}"));
        self.result(w, &r);
        // A phi joining a register and a constant.
        let t = self.tmp;
        writeln!(
            self.body,
            "  br i1 {c}, label %l{t}, label %r{t}\nl{t}:\n  br label %j{t}\nr{t}:\n  br label \
             %j{t}\nj{t}:"
        )
        .unwrap();
        let r = self.inst(format!("phi {ty} [ {a}, %l{t} ], [ {k}, %r{t} ]"));
        self.result(w, &r);
    }

    fn text(&self) -> String {
        format!(
            "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128\"\n\
             target triple = \"x86_64-pc-linux-gnu\"\n\
             @buf = global [65536 x i8] zeroinitializer\n\
             @name = constant [2 x i8] c\"x\\00\"\n{}\n\
             declare i64 @__trex_syscall(i64, i64, i64, i64, i64, i64, i64)\n\
             declare void @klee_make_symbolic(i8*, i64, i8*)\n\
             declare void @klee_assume(i64)\n\
             declare void @abort()\n\
             define i32 @main() {{\n{}  %n = call i64 @__trex_syscall(i64 1, i64 1, i64 ptrtoint \
             ([65536 x i8]* @buf to i64), i64 {}, i64 0, i64 0, i64 0)\n  ret i32 0\n}}\n",
            self.globals, self.body, self.out
        )
    }
}

fn program(seed: u64, per_width: u32, expected: Option<Vec<Vec<u8>>>) -> Prog {
    let mut rng = Rng::new(seed);
    let mut p = Prog {
        globals: String::new(),
        body: String::new(),
        tmp: 0,
        out: 0,
        results: Vec::new(),
        expected,
    };
    for w in [129, 150, 152, 192, 200, 256] {
        for _ in 0..per_width {
            p.case(&mut rng, w);
        }
    }
    p
}

use crate::ir::lower::assemble;

/// The program's output natively: the IR compiled by clang-14, `__trex_syscall` a shim.
fn native(dir: &std::path::Path, bc: &std::path::Path) -> Vec<u8> {
    let shim = dir.join("shim.c");
    std::fs::write(
        &shim,
        "#include <unistd.h>\n#include <sys/syscall.h>\nlong __trex_syscall(long n, long a, \
         long b, long c, long d, long e, long f) { return syscall(n, a, b, c, d, e, f); }\n",
    )
    .unwrap();
    let exe = dir.join("t");
    let out = Command::new("clang-14")
        .arg("-O0")
        .arg("-w")
        .arg(bc)
        .arg(&shim)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("clang-14");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success());
    run.stdout
}

#[test]
fn wide_integers_match_native() {
    for seed in [1, 2] {
        let p = program(seed, 3, None);
        let dir = tempfile::tempdir().unwrap();
        let bc = assemble(dir.path(), &p.text());
        let want = native(dir.path(), &bc);
        let m = ir::lower::load_module(&bc).unwrap();
        let mut out = Out(Vec::new());
        let o = run(&m, &Config::default(), &mut out).unwrap();
        assert!(matches!(o.end, End::Exit(0)), "{:?}", o.end);
        assert_eq!(out.0.len(), want.len());
        // The first difference, named by its result.
        let mut at = 0usize;
        for (k, &bw) in p.results.iter().enumerate() {
            let n = bw as usize / 8;
            assert_eq!(
                out.0[at..at + n],
                want[at..at + n],
                "seed {seed}: result {k} (i{bw}), program:\n{}",
                p.text()
            );
            at += n;
        }
    }
}

#[test]
fn symbolic_wide_integers_match_native() {
    let p = program(3, 1, None);
    let dir = tempfile::tempdir().unwrap();
    let bc = assemble(dir.path(), &p.text());
    let want = native(dir.path(), &bc);
    let mut exp = Vec::new();
    let mut at = 0usize;
    for &bw in &p.results {
        exp.push(want[at..at + bw as usize / 8].to_vec());
        at += bw as usize / 8;
    }
    let ps = program(3, 1, Some(exp));
    let bc = assemble(dir.path(), &ps.text());
    let m = ir::lower::load_module(&bc).unwrap();
    let o = run(&m, &Config::default(), &mut Out(Vec::new())).unwrap();
    // One path: every result is provably the native value (a wrong expression would make the
    // abort feasible, an inconsistent one the path infeasible).
    assert_eq!(
        o.paths.len(),
        1,
        "{:?}",
        o.paths.iter().map(|p| &p.end).collect::<Vec<_>>()
    );
    assert!(matches!(o.end, End::Exit(0)), "{:?}", o.end);
}
