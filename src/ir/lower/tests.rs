//! Tests: compile small C programs with clang-14 and check the lowered module.

use super::super::*;
use super::{load_module, load_module_bytes, LoadError};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Compiles `src` with clang-14 and the given flags into bitcode; returns (tempdir, path).
pub(crate) fn compile(src: &str, flags: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("t.c");
    std::fs::write(&c, src).unwrap();
    let bc = dir.path().join("t.bc");
    let out = Command::new("clang-14")
        .args(["-c", "-emit-llvm", "-g", "-Wno-everything"])
        .args(flags)
        .arg("-o")
        .arg(&bc)
        .arg(&c)
        .output()
        .expect("clang-14");
    assert!(
        out.status.success(),
        "clang failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (dir, bc)
}

/// Assembles textual LLVM IR with llvm-as-14 into `dir/t.bc` (the tests' one assembler).
pub(crate) fn assemble(dir: &Path, text: &str) -> PathBuf {
    let ll = dir.join("t.ll");
    std::fs::write(&ll, text).unwrap();
    let bc = dir.join("t.bc");
    let out = Command::new("llvm-as-14")
        .arg("-o")
        .arg(&bc)
        .arg(&ll)
        .output()
        .expect("llvm-as-14");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    bc
}

/// Assembles textual LLVM IR with llvm-as-14 and lowers it.
fn lower_ll(src: &str) -> Module {
    let dir = tempfile::tempdir().unwrap();
    let bc = assemble(dir.path(), src);
    load_module(&bc).expect("load")
}

fn lower(src: &str, flags: &[&str]) -> Module {
    let (_d, bc) = compile(src, flags);
    load_module(&bc).expect("load")
}

fn func<'a>(m: &'a Module, name: &str) -> &'a Function {
    m.func(m.func_by_name[name])
}

/// All `Unsupported` descriptions in the module (instructions and constants).
fn unsupported(m: &Module) -> Vec<String> {
    let mut v = Vec::new();
    for f in &m.functions {
        for i in &f.code {
            if let InstKind::Unsupported { what } = &i.kind {
                v.push(format!("{}: {what}", f.name));
            }
            if let InstKind::InlineAsm = &i.kind {
                v.push(format!("{}: inline assembly", f.name));
            }
        }
    }
    for c in &m.consts {
        if let Const::Expr(k) = c {
            if let InstKind::Unsupported { what } = &**k {
                v.push(format!("const: {what}"));
            }
        }
    }
    v
}

/// Structural checks every lowered module must satisfy.
fn check_wellformed(m: &Module) {
    for f in &m.functions {
        assert_eq!(f.params.len(), f.byval.len());
        if f.is_declaration {
            assert!(f.code.is_empty());
            continue;
        }
        assert!(!f.blocks.is_empty(), "{} has no blocks", f.name);
        for (bi, b) in f.blocks.iter().enumerate() {
            let end = f
                .blocks
                .get(bi + 1)
                .map(|n| n.start as usize)
                .unwrap_or(f.code.len());
            assert!(end > b.start as usize, "{} bb{bi} is empty", f.name);
            let code = &f.code[b.start as usize..end];
            assert!(
                code.last().unwrap().kind.is_terminator(),
                "{} bb{bi}",
                f.name
            );
            for i in &code[..code.len() - 1] {
                assert!(
                    !i.kind.is_terminator(),
                    "{} bb{bi}: terminator inside",
                    f.name
                );
            }
        }
        for i in &f.code {
            if let Some(r) = i.dst {
                assert!(r.0 < f.num_regs);
            }
            assert!((i.loc.0 as usize) < m.locs.len());
        }
    }
    for (i, g) in m.globals.iter().enumerate() {
        assert_eq!(m.global_by_name[&g.name].0 as usize, i);
        if let Some(init) = &g.init {
            assert_eq!(init.bytes.len() as u64, g.size);
            for r in &init.relocs {
                assert!(r.offset + r.size as u64 <= g.size);
            }
        }
    }
}

#[test]
fn smoke_dump() {
    let m = lower(
        "int g = 3; int *p = &g;\nint f(int x) { return x + g; }\nint main() { return f(2); }\n",
        &["-O0"],
    );
    check_wellformed(&m);
    let d = m.dump();
    assert!(d.contains("define i32 @main"), "{d}");
    assert!(unsupported(&m).is_empty());
}

/// A tool, not a test: prints a module's dump (run as the ignore reason says).
#[test]
#[ignore = "a tool: TREX_DUMP_BC=file.bc cargo test --release --lib dump_env -- --ignored --nocapture"]
fn dump_env() {
    let p = std::env::var("TREX_DUMP_BC").expect("set TREX_DUMP_BC to the bitcode file to dump");
    let t = std::time::Instant::now();
    let m = load_module(std::path::Path::new(&p)).unwrap();
    let el = t.elapsed();
    println!("{}", m.dump());
    for u in unsupported(&m) {
        println!("UNSUPPORTED: {u}");
    }
    println!("lowered in {el:?}");
}

fn all_insts<'a>(m: &'a Module, f: &str) -> impl Iterator<Item = &'a Inst> {
    func(m, f).code.iter()
}

const LAYOUT_SRC: &str = r#"
struct S { char c; int i; double d; long double ld; void *p; short s; };
struct S gs;
int main(void) { return sizeof(struct S); }
"#;

fn struct_s(m: &Module) -> (Vec<u64>, u64, u32) {
    let g = m.global(m.global_by_name["gs"]);
    match &m.ty(g.ty).kind {
        TypeKind::Struct { offsets, .. } => (offsets.clone(), g.size, g.align),
        k => panic!("not a struct: {k:?}"),
    }
}

#[test]
fn layout_x86_64() {
    let m = lower(LAYOUT_SRC, &["-O0"]);
    check_wellformed(&m);
    assert_eq!(m.ptr_size, 8);
    assert!(m.target_triple.starts_with("x86_64"));
    let (offs, size, align) = struct_s(&m);
    assert_eq!(offs, vec![0, 4, 8, 16, 32, 40]);
    assert_eq!(size, 48);
    assert_eq!(align, 16);
    let fp80 = m
        .types
        .iter()
        .find(|t| t.kind == TypeKind::X86Fp80)
        .unwrap();
    assert_eq!((fp80.store_size, fp80.alloc_size, fp80.align), (10, 16, 16));
}

#[test]
fn layout_i386() {
    let m = lower(LAYOUT_SRC, &["-O0", "-m32"]);
    check_wellformed(&m);
    assert_eq!(m.ptr_size, 4);
    let (offs, size, _) = struct_s(&m);
    assert_eq!(offs, vec![0, 4, 8, 16, 28, 32]);
    assert_eq!(size, 36);
    let ptr = m.types.iter().find(|t| t.kind == TypeKind::Ptr).unwrap();
    assert_eq!((ptr.store_size, ptr.align), (4, 4));
    let fp80 = m
        .types
        .iter()
        .find(|t| t.kind == TypeKind::X86Fp80)
        .unwrap();
    assert_eq!((fp80.store_size, fp80.alloc_size, fp80.align), (10, 12, 4));
    // Pointer relocations are 4 bytes wide.
    let m = lower("int x; int *p = &x; long l = (long)&x;", &["-O0", "-m32"]);
    for n in ["p", "l"] {
        let g = m.global(m.global_by_name[n]);
        assert_eq!(g.size, 4);
        let r = &g.init.as_ref().unwrap().relocs;
        assert_eq!((r.len(), r[0].size), (1, 4), "{n}");
    }
}

#[test]
fn phi_becomes_edge_copies() {
    let m = lower(
        "int g1(void); int g2(void);\nint f(int a) { int r; if (a) r = g1(); else r = g2(); return r + 1; }\n",
        &["-O2"],
    );
    check_wellformed(&m);
    let f = func(&m, "f");
    let defined: std::collections::HashSet<u32> =
        f.code.iter().filter_map(|i| i.dst.map(|r| r.0)).collect();
    let copies: Vec<&PhiCopy> = f
        .code
        .iter()
        .flat_map(|i| i.kind.edges())
        .flat_map(|e| e.copies.iter())
        .collect();
    assert_eq!(copies.len(), 2, "{}", m.dump());
    // Both copies write the same phi register, which no instruction defines.
    assert_eq!(copies[0].dst, copies[1].dst);
    assert!(!defined.contains(&copies[0].dst.0));
    assert!(copies[0].dst.0 < f.num_regs);
    // And that register is used by the add.
    let used = f.code.iter().any(|i| {
        matches!(&i.kind, InstKind::Bin { op: BinOp::Add, a, .. } if *a == Operand::Reg(copies[0].dst))
    });
    assert!(used, "{}", m.dump());
}

#[test]
fn switch_cases() {
    let m = lower(
        r#"
int f(int x) {
  int r;
  switch (x) {
  case -1: r = 5; break;
  case 1: case 2: r = 10; break;
  case 7: r = 3; break;
  default: r = 0;
  }
  return r;
}
"#,
        &["-O2", "-fno-jump-tables"],
    );
    check_wellformed(&m);
    let sw = all_insts(&m, "f")
        .find_map(|i| match &i.kind {
            InstKind::Switch { width, cases, .. } => Some((*width, cases.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no switch:\n{}", m.dump()));
    assert_eq!(sw.0, 32);
    let vals: Vec<u128> = sw.1.iter().map(|c| c.0).collect();
    assert!(vals.contains(&0xFFFF_FFFF), "{vals:?}");
    assert!(vals.contains(&1) && vals.contains(&2) && vals.contains(&7));
    let c1 = sw.1.iter().find(|c| c.0 == 1).unwrap();
    let c2 = sw.1.iter().find(|c| c.0 == 2).unwrap();
    assert_eq!(c1.1.target, c2.1.target);
}

#[test]
fn globals_strings_relocs_and_folded_gep() {
    let m = lower(
        r#"
const char *msg = "hi!";
char buf[8] = "abc";
int arr[5] = {1, 2, 3};
int *pa = &arr[2];
struct P { int a; int *p; void (*fp)(void); } ps = { 7, &arr[1], 0 };
void h(void) {}
void (*hp)(void) = h;
extern int ext;
int get(void) { return arr[3] + ext; }
"#,
        &["-O0"],
    );
    check_wellformed(&m);
    let g = |n: &str| m.global(m.global_by_name[n]);
    let s = m
        .globals
        .iter()
        .find(|g| g.name.starts_with(".str"))
        .unwrap();
    assert_eq!(s.init.as_ref().unwrap().bytes, b"hi!\0");
    assert!(s.is_constant);
    assert_eq!(g("buf").init.as_ref().unwrap().bytes, b"abc\0\0\0\0\0");
    assert_eq!(
        &g("arr").init.as_ref().unwrap().bytes[..12],
        &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]
    );
    // msg points at the string.
    let r = &g("msg").init.as_ref().unwrap().relocs;
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].offset, r[0].size), (0, 8));
    let arr_id = m.global_by_name["arr"];
    // pa = &arr[2]: folded constant GEP.
    let r = &g("pa").init.as_ref().unwrap().relocs;
    assert!(
        matches!(m.konst(r[0].value), Const::GlobalAddr { global, offset: 8 } if *global == arr_id)
    );
    // ps.p = &arr[1] at offset 8; ps.a = 7.
    let pi = g("ps").init.as_ref().unwrap();
    assert_eq!(pi.bytes[0], 7);
    assert_eq!(pi.relocs.len(), 1);
    assert_eq!(pi.relocs[0].offset, 8);
    assert!(matches!(
        m.konst(pi.relocs[0].value),
        Const::GlobalAddr { offset: 4, .. }
    ));
    // hp = h.
    let r = &g("hp").init.as_ref().unwrap().relocs;
    assert!(matches!(m.konst(r[0].value), Const::FuncAddr(f) if m.func(*f).name == "h"));
    assert!(g("ext").init.is_none());
    // arr[3] in code: a load from GlobalAddr{arr, 12}.
    let folded = all_insts(&m, "get").any(|i| match &i.kind {
        InstKind::Load {
            ptr: Operand::Const(c),
            ..
        } => {
            matches!(m.konst(*c), Const::GlobalAddr { global, offset: 12 } if *global == arr_id)
        }
        _ => false,
    });
    assert!(folded, "{}", m.dump());
}

#[test]
fn constants_wide_and_float() {
    let m = lower(
        r#"
__int128 big = ((__int128)0x123456789abcdef0LL << 64) | 0x1122334455667788ULL;
__int128 neg = -2;
long double ld = 3.25L;
float fl = 1.5f;
double db = -2.0;
long long addr_as_int = (long long)&big;
"#,
        &["-O0"],
    );
    check_wellformed(&m);
    let bytes = |n: &str| {
        m.global(m.global_by_name[n])
            .init
            .as_ref()
            .unwrap()
            .bytes
            .clone()
    };
    let big = (0x123456789abcdef0u128 << 64) | 0x1122334455667788;
    assert_eq!(bytes("big"), big.to_le_bytes());
    assert_eq!(bytes("neg"), (-2i128).to_le_bytes());
    let mut ld = vec![0, 0, 0, 0, 0, 0, 0, 0xd0, 0x00, 0x40];
    ld.extend([0; 6]);
    assert_eq!(bytes("ld"), ld);
    assert_eq!(bytes("fl"), 1.5f32.to_le_bytes());
    assert_eq!(bytes("db"), (-2.0f64).to_le_bytes());
    let r = &m
        .global(m.global_by_name["addr_as_int"])
        .init
        .as_ref()
        .unwrap()
        .relocs;
    assert_eq!(r.len(), 1);
    assert!(
        matches!(m.konst(r[0].value), Const::Expr(k) if matches!(**k, InstKind::Cast { op: CastOp::PtrToInt, .. }))
    );
}

#[test]
fn debug_lines() {
    let m = lower(
        "void foo(void);\nint x;\n\nint main(void) {\n  x = 1;\n  foo();\n  return 0;\n}\n",
        &["-O0"],
    );
    check_wellformed(&m);
    let main = func(&m, "main");
    assert_eq!(m.loc(main.loc).line, 4);
    let foo = m.func_by_name["foo"];
    let call = main
        .code
        .iter()
        .find(|i| matches!(&i.kind, InstKind::Call { callee: Callee::Direct(f), .. } if *f == foo))
        .unwrap();
    let l = m.loc_string(call.loc).unwrap();
    assert!(l.starts_with('/') && l.ends_with("/t.c:6"), "{l}");
    let store = main
        .code
        .iter()
        .find(|i| {
            matches!(
                &i.kind,
                InstKind::Store {
                    ptr: Operand::Const(_),
                    ..
                }
            )
        })
        .unwrap();
    assert_eq!(m.loc(store.loc).line, 5);
    assert_eq!(m.loc(LocId(0)).line, 0);
}

#[test]
fn intrinsics_mapped() {
    let m = lower(
        r#"
#include <string.h>
struct B { char b[40]; };
int f(struct B *d, struct B *s, unsigned x, int a, int b) {
  *d = *s;
  memset(d, 0, 10);
  int r;
  if (__builtin_sadd_overflow(a, b, &r)) return -1;
  return r + __builtin_popcount(x) + __builtin_clz(x) + __builtin_bswap32(x)
         + (int)__builtin_fabs((double)a) + __builtin_expect(a, 1);
}
"#,
        &["-O2"],
    );
    check_wellformed(&m);
    let intr: Vec<Intrinsic> = all_insts(&m, "f")
        .filter_map(|i| match &i.kind {
            InstKind::Call {
                callee: Callee::Intrinsic(x),
                ..
            } => Some(*x),
            _ => None,
        })
        .collect();
    for want in [
        Intrinsic::Memcpy,
        Intrinsic::Memset,
        Intrinsic::SAddWithOverflow,
        Intrinsic::Ctpop,
        Intrinsic::Ctlz,
        Intrinsic::Bswap,
        Intrinsic::FAbs,
    ] {
        assert!(intr.contains(&want), "{want:?} missing: {}", m.dump());
    }
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    // O0: llvm.dbg.declare is dropped.
    let m = lower("int f(int a) { int b = a; return b; }", &["-O0"]);
    let dbg = m.func_by_name["llvm.dbg.declare"];
    assert!(!all_insts(&m, "f")
        .any(|i| matches!(&i.kind, InstKind::Call { callee: Callee::Direct(f), .. } if *f == dbg)));
}

#[test]
fn load_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.bc");
    let e = load_module(&missing).unwrap_err();
    assert!(matches!(e, LoadError::Io { .. }), "{e}");
    assert!(e.to_string().contains("nope.bc"));
    let empty = dir.path().join("empty.bc");
    std::fs::write(&empty, b"").unwrap();
    let e = load_module(&empty).unwrap_err();
    assert!(matches!(e, LoadError::Empty { .. }), "{e}");
    let text = dir.path().join("text.bc");
    std::fs::write(&text, b"int main() { return 0; }\n").unwrap();
    let e = load_module(&text).unwrap_err();
    assert!(matches!(e, LoadError::NotBitcode { .. }), "{e}");
    assert!(!e.to_string().contains('\n'));
    // Right magic, garbage after it.
    let bad = dir.path().join("bad.bc");
    std::fs::write(&bad, b"BC\xc0\xde\x01\x02\x03\x04garbage garbage garbage").unwrap();
    let e = load_module(&bad).unwrap_err();
    assert!(matches!(e, LoadError::NotBitcode { .. }), "{e}");
    // A truncated real bitcode file.
    let (_d, bc) = compile("int main(void) { return 0; }", &["-O0"]);
    let data = std::fs::read(&bc).unwrap();
    let trunc = dir.path().join("trunc.bc");
    std::fs::write(&trunc, &data[..data.len() / 2]).unwrap();
    let e = load_module(&trunc).unwrap_err();
    assert!(matches!(e, LoadError::NotBitcode { .. }), "{e}");
    // A directory.
    assert!(load_module(dir.path()).is_err());
}

#[test]
fn textual_ir_is_read_like_bitcode() {
    let src = "define i32 @main() {\n  ret i32 7\n}\n";
    let dir = tempfile::tempdir().unwrap();
    // Whatever the name: the contents decide (KLEE reads `.ll` files and bitcode on stdin).
    let ll = dir.path().join("p.ll");
    std::fs::write(&ll, src).unwrap();
    let m = load_module(&ll).unwrap();
    assert!(!m.func(m.func_by_name["main"]).is_declaration);
    let m = load_module_bytes(src.as_bytes(), "<stdin>").unwrap();
    assert!(m.func_by_name.contains_key("main"));
    // Bitcode from bytes.
    let (_d, bc) = compile("int main(void) { return 0; }", &["-O0"]);
    assert!(load_module_bytes(&std::fs::read(&bc).unwrap(), "<stdin>").is_ok());
    // Malformed IR: one line naming the input and the parser's complaint.
    let e = load_module_bytes(b"define i32 @main( {\n", "<stdin>").unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, LoadError::NotBitcode { .. }), "{text}");
    assert!(
        text.starts_with("<stdin>: ") && !text.contains('\n'),
        "{text}"
    );
    assert!(text.contains("error:"), "{text}");
    assert!(matches!(
        load_module_bytes(b"", "<stdin>").unwrap_err(),
        LoadError::Empty { .. }
    ));
}

#[test]
fn switch_duplicate_targets_get_copies() {
    let m = lower_ll(
        r#"
define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 -1, label %join
                              i32 1, label %join
                              i32 2, label %other ]
other:
  br label %join
def:
  ret i32 0
join:
  %r = phi i32 [ 5, %entry ], [ 5, %entry ], [ 9, %other ]
  %q = phi i32 [ %x, %entry ], [ %x, %entry ], [ 1, %other ]
  %s = add i32 %r, %q
  ret i32 %s
}
"#,
    );
    check_wellformed(&m);
    let f = func(&m, "f");
    let InstKind::Switch {
        cases,
        default,
        width,
        ..
    } = &f.code[0].kind
    else {
        panic!("{}", m.dump())
    };
    assert_eq!(*width, 32);
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0].0, 0xFFFF_FFFF);
    assert!(default.copies.is_empty());
    for (v, e) in &cases[..2] {
        assert_eq!(e.copies.len(), 2, "case {v}");
        assert_eq!(e.copies[1].src, Operand::Reg(Reg(0)));
        assert!(
            matches!(e.copies[0].src, Operand::Const(c) if matches!(m.konst(c), Const::Int { bits: 5, .. }))
        );
    }
    assert!(cases[2].1.copies.is_empty());
    assert_eq!(m.func(m.func_by_name["f"]).num_regs, 4);
}

#[test]
fn wide_integers_become_limbs() {
    let m = lower_ll(
        r#"
@g = global <{ i64, i64, i24 }> zeroinitializer
@k = global i152 -2
declare i152 @f(i152)
define i64 @bits(i152 %n) {
  %p = bitcast <{ i64, i64, i24 }>* @g to i152*
  %x = load i152, i152* %p, align 1
  %y = lshr i152 %x, 60
  %t = trunc i152 %y to i64
  %v = shl i152 %x, %n
  %d = sdiv i152 %x, 3
  %c = call i152 @f(i152 %x)
  store i152 %y, i152* %p, align 1
  ret i64 %t
}
"#,
    );
    check_wellformed(&m);
    // Limb loads: i64, i64, i24 at offsets 0, 8, 16 (19 bytes, the store size).
    let code = &func(&m, "bits").code;
    let loads: Vec<u32> = code
        .iter()
        .filter_map(|i| match i.kind {
            InstKind::Load { ty, .. } => match m.ty(ty).kind {
                TypeKind::Int(w) => Some(w),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(loads, [64, 64, 24], "{}", m.dump());
    // The wide initializer's bytes: -2 in 19 bytes, little-endian.
    let k = &m.globals[m.global_by_name["k"].0 as usize];
    let mut want = [0xffu8; 19];
    want[0] = 0xfe;
    assert_eq!(&k.init.as_ref().unwrap().bytes[..19], &want[..]);
    let mut u = unsupported(&m);
    u.sort();
    assert_eq!(
        u,
        [
            "bits: unsupported sdiv of i152 (integers wider than 128 bits)",
            "bits: unsupported shl by a non-constant amount of i152 (integers wider than 128 \
             bits)",
            "bits: unsupported type i152 in call",
        ]
    );
}

#[test]
fn unsupported_constructs_are_reported_not_dropped() {
    let m = lower_ll(
        r#"
@g256 = global i256 5
@garr = global [4 x i32] zeroinitializer
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()
declare i32 @llvm.foo.bar(i32)
define i256 @mul256(i256 %a, i256 %b) {
  %m = udiv i256 %a, %b
  ret i256 %m
}
define <2 x i32*> @vgep(<2 x i64> %i) {
  ret <2 x i32*> getelementptr ([4 x i32], [4 x i32]* @garr, <2 x i64> <i64 0, i64 1>, <2 x i64> <i64 1, i64 3>)
}
define i32 @inv() personality i32 (...)* @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %bad
ok:
  ret i32 0
bad:
  %lp = landingpad { i8*, i32 } cleanup
  ret i32 1
}
define i32 @unk(i32 %x) {
  %r = call i32 @llvm.foo.bar(i32 %x)
  ret i32 %r
}
define i32 @cexpr() {
  %r = add i32 ptrtoint (i32* getelementptr ([4 x i32], [4 x i32]* @garr, i64 0, i64 2) to i32), 1
  %c = icmp eq i32* getelementptr ([4 x i32], [4 x i32]* @garr, i64 0, i64 1), null
  ret i32 %r
}
"#,
    );
    check_wellformed(&m);
    let u = unsupported(&m);
    let has = |f: &str, w: &str| {
        u.iter()
            .any(|x| x.starts_with(&format!("{f}:")) && x.contains(w))
    };
    assert!(
        has("mul256", "udiv of i256 (integers wider than 128 bits)"),
        "{u:?}"
    );
    assert!(
        u.iter()
            .any(|x| x.starts_with("const:") && x.contains("getelementptr")),
        "{u:?}"
    );
    assert!(has("inv", "invoke"), "{u:?}");
    assert!(has("inv", "landingpad"), "{u:?}");
    assert!(has("unk", "llvm.foo.bar"), "{u:?}");
    assert_eq!(u.len(), 5, "{u:?}");
    // Constant expressions in instructions: ptrtoint of a folded GEP, icmp of an address.
    let garr = m.global_by_name["garr"];
    let code = &func(&m, "cexpr").code;
    let InstKind::Bin {
        op: BinOp::Add,
        a: Operand::Const(c),
        ..
    } = &code[0].kind
    else {
        panic!("{}", m.dump())
    };
    let Const::Expr(k) = m.konst(*c) else {
        panic!()
    };
    let InstKind::Cast {
        op: CastOp::PtrToInt,
        v: Operand::Const(p),
        ..
    } = &**k
    else {
        panic!()
    };
    assert!(matches!(m.konst(*p), Const::GlobalAddr { global, offset: 8 } if *global == garr));
    let InstKind::ICmp {
        a: Operand::Const(p),
        b: Operand::Const(n),
        ..
    } = &code[1].kind
    else {
        panic!("{}", m.dump())
    };
    assert!(matches!(m.konst(*p), Const::GlobalAddr { offset: 4, .. }));
    assert!(matches!(m.konst(*n), Const::Null { .. }));
}

#[test]
fn inline_asm_is_unsupported() {
    let m = lower(
        "int f(int x) { int r; __asm__(\"movl %1, %0\" : \"=r\"(r) : \"r\"(x)); return r; }",
        &["-O0"],
    );
    check_wellformed(&m);
    let u = unsupported(&m);
    assert!(u.len() == 1 && u[0].contains("inline assembly"), "{u:?}");
}

#[test]
fn computed_goto_aliases_atomics_varargs() {
    let m = lower(
        r#"
#include <stdarg.h>
int cgoto(int i) { static void *tbl[] = { &&l0, &&l1 }; goto *tbl[i & 1]; l0: return 10; l1: return 20; }
int aliased(int x) { return x + 1; }
int alias2(int) __attribute__((alias("aliased")));
int use_alias(int x) { return alias2(x); }
int atom(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST); __sync_synchronize();
  return __sync_val_compare_and_swap(p, 5, 6); }
int vs(int n, ...) { va_list ap; va_start(ap, n); int r = va_arg(ap, int); va_end(ap); return r; }
"#,
        &["-O1"],
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    // blockaddress in a global initializer, indirectbr in the code.
    let tbl = m.globals.iter().find(|g| g.name.contains("tbl")).unwrap();
    let relocs = &tbl.init.as_ref().unwrap().relocs;
    assert_eq!(relocs.len(), 2);
    let cg = m.func_by_name["cgoto"];
    for r in relocs {
        assert!(matches!(m.konst(r.value), Const::BlockAddr { func, .. } if *func == cg));
    }
    assert!(all_insts(&m, "cgoto")
        .any(|i| matches!(&i.kind, InstKind::IndirectBr { dests, .. } if dests.len() == 2)));
    // The alias is callable by name and resolves to the aliasee.
    assert_eq!(m.func_by_name["alias2"], m.func_by_name["aliased"]);
    let al = m.func_by_name["aliased"];
    assert!(all_insts(&m, "use_alias").any(
        |i| matches!(&i.kind, InstKind::Call { callee: Callee::Direct(f), .. } if *f == al)
            || matches!(&i.kind, InstKind::Bin { .. })
    ));
    let k: Vec<&InstKind> = all_insts(&m, "atom").map(|i| &i.kind).collect();
    assert!(k
        .iter()
        .any(|k| matches!(k, InstKind::AtomicRmw { op: RmwOp::Add, .. })));
    assert!(k.iter().any(|k| matches!(k, InstKind::CmpXchg { .. })));
    assert!(k.iter().any(|k| matches!(k, InstKind::Fence)));
    let vs = func(&m, "vs");
    assert!(vs.is_vararg);
    assert!(vs.code.iter().any(|i| matches!(
        &i.kind,
        InstKind::Call {
            callee: Callee::Intrinsic(Intrinsic::VaStart),
            ..
        }
    )));
}

#[test]
fn byval_and_i386_calls() {
    let src = r#"
struct B { long a[5]; };
long take(struct B b) { return b.a[4]; }
long give(void) { struct B b = {{1, 2, 3, 4, 5}}; return take(b); }
"#;
    let m = lower(src, &["-O0", "-m32"]);
    check_wellformed(&m);
    assert_eq!(func(&m, "take").byval, vec![Some(20)]);
    let take = m.func_by_name["take"];
    let arg = all_insts(&m, "give")
        .find_map(|i| match &i.kind {
            InstKind::Call {
                callee: Callee::Direct(f),
                args,
                ..
            } if *f == take => Some(args[0].clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(arg.byval, Some(20));
    let m = lower(src, &["-O0"]);
    assert_eq!(func(&m, "take").byval, vec![Some(40)]);
}

#[test]
fn vectors_and_shuffles() {
    let m = lower(
        r#"
typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
v4si f(v4si a, v4si b, v4sf x, v4sf y) {
  v4si c = (a + b > b) & a;
  v4si d = __builtin_shufflevector(a, b, 0, 5, 2, -1);
  v4si e = x < y;
  c[2] = d[1] + e[0];
  return c;
}
"#,
        &["-O0"],
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    let k: Vec<&InstKind> = all_insts(&m, "f").map(|i| &i.kind).collect();
    let mask = k
        .iter()
        .find_map(|k| match k {
            InstKind::ShuffleVector { mask, .. } => Some(mask.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(mask, vec![0, 5, 2, -1]);
    assert!(k.iter().any(|k| matches!(k, InstKind::ICmp { ty, .. } if matches!(m.ty(*ty).kind, TypeKind::Vector { len: 4, .. }))));
    assert!(k.iter().any(|k| matches!(k, InstKind::FCmp { .. })));
    assert!(k.iter().any(|k| matches!(
        k,
        InstKind::ExtractElement {
            idx_width: 32 | 64,
            ..
        }
    )));
    assert!(k
        .iter()
        .any(|k| matches!(k, InstKind::InsertElement { .. })));
}

/// A larger program with vectorized loops, varargs, struct copies, 128-bit math, function
/// pointers, switches and long double, at several optimization levels and both targets.
#[test]
fn robustness_big_program() {
    let src = include_str!("testdata_big.c");
    for flags in [
        &["-O0"][..],
        &["-O2"],
        &["-O3"],
        &["-Os"],
        &["-O2", "-m32"],
        &["-O3", "-m32"],
        &["-O0", "-m32"],
    ] {
        let m = lower(src, flags);
        check_wellformed(&m);
        assert!(
            unsupported(&m).is_empty(),
            "{flags:?}: {:?}",
            unsupported(&m)
        );
        assert!(m.func_by_name.contains_key("main"));
        let _ = m.dump();
        let main = func(&m, "main");
        assert!(m.loc(main.loc).line > 0);
    }
}

#[test]
fn lowering_1000_functions_is_fast() {
    let mut src = String::new();
    for i in 0..1000 {
        src.push_str(&format!(
            "int g{i}[4] = {{{i}, 1, 2, 3}};\nint f{i}(int x, int *p) {{ int s = 0; for (int j = 0; j < x; j++) {{ s += p[j] * {i} + g{i}[j & 3]; if (s > 1000) s -= x; }} switch (x) {{ case 1: return s; case 2: return -s; default: return s ^ {i}; }} }}\n"
        ));
    }
    let (_d, bc) = compile(&src, &["-O2"]);
    let t = std::time::Instant::now();
    let m = load_module(&bc).unwrap();
    let el = t.elapsed();
    assert_eq!(
        m.functions.len(),
        1000 + m.functions.iter().filter(|f| f.is_declaration).count()
    );
    // Generous for unoptimized test builds; release builds are far faster.
    assert!(el.as_secs_f64() < 3.0, "took {el:?}");
}

#[test]
fn float_constant_formats() {
    let m = lower_ll(
        r#"
@q = global fp128 0xL00000000000000003FFF000000000000
@h = global half 0xH3C00
@x = global x86_fp80 0xK3FFF8000000000000000
@d = global double 0x7FF8000000000001
@f = global float 0x3FB99999A0000000
@v = global <2 x double> <double 1.0, double -1.0>
define double @k() {
  %a = fadd double 0x3FB999999999999A, 1.0
  %b = fpext float 0x3FB99999A0000000 to double
  %c = fadd double %a, %b
  ret double %c
}
"#,
    );
    check_wellformed(&m);
    let bytes = |n: &str| {
        m.global(m.global_by_name[n])
            .init
            .as_ref()
            .unwrap()
            .bytes
            .clone()
    };
    assert_eq!(bytes("q"), (0x3FFFu128 << 112).to_le_bytes());
    assert_eq!(bytes("h"), vec![0x00, 0x3c]);
    let mut x = (0x3FFF_8000_0000_0000_0000u128).to_le_bytes()[..10].to_vec();
    x.extend([0; 6]);
    assert_eq!(bytes("x"), x);
    assert_eq!(bytes("d"), 0x7FF8000000000001u64.to_le_bytes());
    assert_eq!(bytes("f"), 0.1f32.to_le_bytes());
    let mut v = 1.0f64.to_le_bytes().to_vec();
    v.extend((-1.0f64).to_le_bytes());
    assert_eq!(bytes("v"), v);
    let InstKind::Bin {
        a: Operand::Const(c),
        b: Operand::Const(one),
        ..
    } = &func(&m, "k").code[0].kind
    else {
        panic!()
    };
    assert!(matches!(m.konst(*c), Const::Int { bits, .. } if *bits == 0.1f64.to_bits() as u128));
    assert!(matches!(m.konst(*one), Const::Int { bits, .. } if *bits == 1.0f64.to_bits() as u128));
}

#[test]
fn constrained_fp_becomes_plain_ops() {
    let m = lower(
        r#"
#pragma STDC FENV_ACCESS ON
double f(double a, float b, long double c, int i) {
  double r = a * b + (double)c;
  if (a < r) r = r / a - i;
  return r;
}
"#,
        &["-O2"],
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    let k: Vec<&InstKind> = all_insts(&m, "f").map(|i| &i.kind).collect();
    assert!(
        k.iter().any(|k| matches!(k, InstKind::Call { callee: Callee::Intrinsic(Intrinsic::FMulAdd), args, .. } if args.len() == 3)),
        "{}",
        m.dump()
    );
    assert!(k.iter().any(|k| matches!(
        k,
        InstKind::Bin {
            op: BinOp::FDiv,
            ..
        }
    )));
    assert!(k.iter().any(|k| matches!(
        k,
        InstKind::Cast {
            op: CastOp::FpExt,
            ..
        }
    )));
    assert!(k.iter().any(|k| matches!(
        k,
        InstKind::Cast {
            op: CastOp::SiToFp,
            ..
        }
    )));
    assert!(k.iter().any(|k| matches!(
        k,
        InstKind::FCmp {
            pred: FloatPred::Olt,
            ..
        }
    )));
}

#[test]
fn assorted_instructions_from_ll() {
    let m = lower_ll(
        r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
%struct.S = type { i8, i64, [3 x i16] }
@gs = global %struct.S { i8 1, i64 2, [3 x i16] [i16 3, i16 4, i16 5] }
@wide = global i128 -1
define i32 @f(i8* %ap, i32 %n, float %x, i64 %k) {
entry:
  %v = va_arg i8* %ap, i32
  %fr = freeze i32 %v
  %neg = fneg float %x
  %agg = insertvalue { i32, float } undef, i32 %fr, 0
  %agg2 = insertvalue { i32, float } %agg, float %neg, 1
  %e = extractvalue { i32, float } %agg2, 0
  %dyn = alloca i64, i32 %n, align 16
  store volatile i64 7, i64* %dyn, align 8
  %ld = load volatile i64, i64* %dyn, align 8
  %cx = cmpxchg i64* %dyn, i64 %ld, i64 9 seq_cst seq_cst
  %old = extractvalue { i64, i1 } %cx, 0
  %fp = bitcast i64* %dyn to float*
  %fa = atomicrmw fadd float* %fp, float 1.0 seq_cst
  %g = getelementptr %struct.S, %struct.S* @gs, i64 %k, i32 2, i64 %k
  %g2 = getelementptr inbounds %struct.S, %struct.S* @gs, i64 0, i32 2, i64 1
  %w = load i128, i128* @wide
  %sw = trunc i128 %w to i32
  switch i128 %w, label %a [ i128 170141183460469231731687303715884105727, label %b ]
a:
  %addr = select i1 true, i8* blockaddress(@f, %b), i8* blockaddress(@f, %c)
  indirectbr i8* %addr, [label %b, label %c]
b:
  %p = phi i32 [ %e, %entry ], [ 1, %a ]
  ret i32 %p
c:
  ret i32 %sw
}
"#,
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    let f = func(&m, "f");
    let k: Vec<&InstKind> = f.code.iter().map(|i| &i.kind).collect();
    assert!(matches!(
        k[0],
        InstKind::VaArg {
            list: Operand::Reg(Reg(0)),
            ..
        }
    ));
    assert!(matches!(
        k[1],
        InstKind::Copy {
            v: Operand::Reg(_),
            ..
        }
    ));
    assert!(matches!(k[2], InstKind::FNeg { .. }));
    assert!(matches!(k[3], InstKind::InsertValue { indices, .. } if indices == &vec![0]));
    assert!(matches!(k[5], InstKind::ExtractValue { indices, .. } if indices == &vec![0]));
    assert!(matches!(
        k[6],
        InstKind::Alloca {
            elem_size: 8,
            count: Operand::Reg(Reg(1)),
            count_width: 32,
            align: 16
        }
    ));
    assert!(matches!(
        k[7],
        InstKind::Store {
            volatile: true,
            align: 8,
            ..
        }
    ));
    assert!(matches!(k[8], InstKind::Load { volatile: true, .. }));
    assert!(matches!(k[9], InstKind::CmpXchg { .. }));
    assert!(matches!(
        k[12],
        InstKind::AtomicRmw {
            op: RmwOp::FAdd,
            ..
        }
    ));
    // gep %struct.S, @gs, %k, 2, %k: offset 16 (field 2), strides 24 (struct) and 2 (i16).
    let InstKind::Gep {
        base: Operand::Const(b),
        offset: 16,
        indices,
    } = k[13]
    else {
        panic!("{:?}", k[13])
    };
    assert!(matches!(m.konst(*b), Const::GlobalAddr { offset: 0, .. }));
    assert_eq!(
        indices.iter().map(|i| i.stride).collect::<Vec<_>>(),
        vec![24, 2]
    );
    assert!(indices.iter().all(|i| i.width == 64));
    let InstKind::Gep {
        offset: 18,
        indices,
        ..
    } = k[14]
    else {
        panic!("{:?}", k[14])
    };
    assert!(indices.is_empty());
    let gs = m.global(m.global_by_name["gs"]);
    assert_eq!(
        gs.init.as_ref().unwrap().bytes,
        vec![1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4, 0, 5, 0, 0, 0]
    );
    assert_eq!(
        m.global(m.global_by_name["wide"])
            .init
            .as_ref()
            .unwrap()
            .bytes,
        vec![0xff; 16]
    );
    let sw = k
        .iter()
        .find_map(|k| match k {
            InstKind::Switch { width, cases, .. } => Some((*width, cases[0].0)),
            _ => None,
        })
        .unwrap();
    assert_eq!(sw, (128, i128::MAX as u128));
    let ib = k
        .iter()
        .find_map(|k| match k {
            InstKind::IndirectBr { dests, .. } => Some(dests.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(ib.len(), 2);
    assert_eq!(ib[0].copies.len(), 1);
    let fid = m.func_by_name["f"];
    assert!(m
        .consts
        .iter()
        .any(|c| matches!(c, Const::BlockAddr { func, block: BlockId(2) } if *func == fid)));
}

/// A tool, not a test: lowers every `.bc` file of a directory and reports unsupported
/// constructs, panics and times (run as the ignore reason says).
#[test]
#[ignore = "a tool: TREX_LOWER_DIR=dir cargo test --release --lib lower_dir_env -- --ignored --nocapture"]
fn lower_dir_env() {
    let dir =
        std::env::var("TREX_LOWER_DIR").expect("set TREX_LOWER_DIR to a directory of .bc files");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bc"))
        .collect();
    files.sort();
    let mut bad = 0;
    for p in &files {
        let t = std::time::Instant::now();
        let r = std::panic::catch_unwind(|| {
            let m = load_module(p).unwrap();
            check_wellformed(&m);
            let _ = m.dump();
            unsupported(&m)
        });
        match r {
            Ok(u) => {
                for x in &u {
                    println!("{}: UNSUPPORTED {x}", p.display());
                }
                println!("{}: ok in {:?}", p.display(), t.elapsed());
            }
            Err(_) => {
                bad += 1;
                println!("{}: PANIC", p.display());
            }
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn load_relative_is_expanded() {
    let m = lower(
        r#"
const char *name(int x) {
  switch (x) { case 0: return "alpha"; case 1: return "beta"; case 2: return "gamma";
  case 3: return "delta"; default: return "z"; }
}
"#,
        &["-O2"],
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    let tbl = m
        .globals
        .iter()
        .find(|g| g.name.starts_with("reltable"))
        .unwrap_or_else(|| panic!("{}", m.dump()));
    let relocs = &tbl.init.as_ref().unwrap().relocs;
    assert_eq!(relocs.len(), 4);
    assert!(relocs.iter().all(|r| r.size == 4));
    let f = func(&m, "name");
    let i2p = f
        .code
        .iter()
        .position(|i| {
            matches!(
                i.kind,
                InstKind::Cast {
                    op: CastOp::IntToPtr,
                    ..
                }
            )
        })
        .unwrap_or_else(|| panic!("{}", m.dump()));
    assert!(matches!(
        f.code[i2p - 1].kind,
        InstKind::Bin { op: BinOp::Add, .. }
    ));
    assert!(matches!(f.code[i2p - 4].kind, InstKind::Load { .. }));
    let regs: Vec<u32> = f.code[i2p - 5..=i2p]
        .iter()
        .map(|i| i.dst.unwrap().0)
        .collect();
    let mut uniq = regs.clone();
    uniq.sort();
    uniq.dedup();
    assert_eq!(uniq.len(), 6, "{regs:?}");
    assert!(regs.iter().all(|&r| r < f.num_regs));
}

#[test]
fn vector_gep_is_expanded_per_lane() {
    let m = lower_ll(
        r#"
%S = type { i32, [4 x i16] }
define <2 x i16*> @vg(%S* %p, <2 x %S*> %vp, <2 x i64> %i, i64 %k) {
  %a = getelementptr %S, %S* %p, <2 x i64> %i, i32 1, i64 %k
  %b = getelementptr %S, <2 x %S*> %vp, <2 x i64> <i64 1, i64 2>, <2 x i32> <i32 1, i32 1>, <2 x i64> %i
  %c = getelementptr i16, <2 x i16*> %a, i64 1
  ret <2 x i16*> %c
}
"#,
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    let f = func(&m, "vg");
    // %a: per lane extract %i[lane], gep p + 4 + i*12 + k*2, insert; 2 lanes.
    let k: Vec<&InstKind> = f.code.iter().map(|i| &i.kind).collect();
    let InstKind::ExtractElement {
        vec: Operand::Reg(Reg(2)),
        ..
    } = k[0]
    else {
        panic!("{}", m.dump())
    };
    let InstKind::Gep {
        base: Operand::Reg(Reg(0)),
        offset: 4,
        indices,
    } = k[1]
    else {
        panic!("{}", m.dump())
    };
    assert_eq!(
        indices.iter().map(|g| g.stride).collect::<Vec<_>>(),
        vec![12, 2]
    );
    assert_eq!(indices[1].op, Operand::Reg(Reg(3)));
    assert!(matches!(k[2], InstKind::InsertElement { .. }));
    // The final insertelement writes %a's own register (4).
    let a_def = f.code.iter().position(|i| i.dst == Some(Reg(4))).unwrap();
    assert!(matches!(f.code[a_def].kind, InstKind::InsertElement { .. }));
    // %b: vector base, constant lane offsets 12*1+4 and 12*2+4, variable last index.
    let gb: Vec<i64> = f.code[a_def + 1..]
        .iter()
        .filter_map(|i| match &i.kind {
            InstKind::Gep {
                offset, indices, ..
            } if indices.len() == 1 && indices[0].stride == 2 => Some(*offset),
            _ => None,
        })
        .take(2)
        .collect();
    assert_eq!(gb, vec![16, 28], "{}", m.dump());
    // Temporaries are above the LLVM registers and below num_regs.
    for i in &f.code {
        if let Some(r) = i.dst {
            assert!(r.0 < f.num_regs);
        }
    }
    let defs: Vec<u32> = f.code.iter().filter_map(|i| i.dst.map(|r| r.0)).collect();
    let mut d = defs.clone();
    d.sort();
    d.dedup();
    assert_eq!(d.len(), defs.len(), "a register is written twice");
}

#[test]
fn fp_vector_reductions_are_expanded() {
    let m = lower_ll(
        r#"
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare double @llvm.vector.reduce.fmax.v2f64(<2 x double>)
define float @r(<4 x float> %v, <2 x double> %d) {
  %s = call reassoc float @llvm.vector.reduce.fadd.v4f32(float 1.0, <4 x float> %v)
  %m = call double @llvm.vector.reduce.fmax.v2f64(<2 x double> %d)
  %t = fptrunc double %m to float
  %x = fadd float %s, %t
  ret float %x
}
"#,
    );
    check_wellformed(&m);
    assert!(unsupported(&m).is_empty(), "{:?}", unsupported(&m));
    let f = func(&m, "r");
    let k: Vec<&InstKind> = f.code.iter().map(|i| &i.kind).collect();
    // 4 extracts, 4 fadds (the last one writes %s = r2).
    assert_eq!(
        k.iter()
            .filter(|k| matches!(k, InstKind::ExtractElement { .. }))
            .count(),
        6
    );
    assert_eq!(
        k.iter()
            .filter(|k| matches!(
                k,
                InstKind::Bin {
                    op: BinOp::FAdd,
                    ..
                }
            ))
            .count(),
        5
    );
    assert!(
        matches!(
            f.code[7].kind,
            InstKind::Bin {
                op: BinOp::FAdd,
                ..
            }
        ) && f.code[7].dst == Some(Reg(2))
    );
    assert!(k.iter().any(|k| matches!(
        k,
        InstKind::Call {
            callee: Callee::Intrinsic(Intrinsic::MaxNum),
            ..
        }
    )));
    let defs: Vec<u32> = f.code.iter().filter_map(|i| i.dst.map(|r| r.0)).collect();
    let mut d = defs.clone();
    d.sort();
    d.dedup();
    assert_eq!(d.len(), defs.len());
    assert!(defs.iter().all(|&r| r < f.num_regs));
}

/// The lowering of a whole program (`testdata/vector_loops.c`, a copy of the testsuite program,
/// at -O2 with debug info: vectors, phis, globals, strings, calls, locations) is pinned:
/// `testdata/vector_loops.O2.dump` is its `ir::dump` by the llvm-sys lowering before the move to
/// inkwell. A change in the dump is a change in the IR; if intended, regenerate the snapshot
/// from `m.dump()` of the module compiled as below.
#[test]
fn whole_program_dump_matches_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t.c"),
        include_str!("testdata/vector_loops.c"),
    )
    .unwrap();
    // Relative source name and a fixed debug directory: the dump does not depend on the tempdir.
    let out = Command::new("clang-14")
        .current_dir(dir.path())
        .args(["-c", "-emit-llvm", "-g", "-O2", "-Wno-everything"])
        .arg(format!("-fdebug-prefix-map={}=/snap", dir.path().display()))
        .args(["-o", "t.bc", "t.c"])
        .output()
        .expect("clang-14");
    assert!(
        out.status.success(),
        "clang failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = load_module(&dir.path().join("t.bc")).expect("load");
    check_wellformed(&m);
    let got = m.dump();
    let want = include_str!("testdata/vector_loops.O2.dump");
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(g, w)| g != w)
            .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
        panic!(
            "dump differs from the snapshot at line {}:\n got: {:?}\nwant: {:?}",
            line + 1,
            got.lines().nth(line),
            want.lines().nth(line)
        );
    }
}

/// Types inkwell cannot represent (x86_mmx in globals, arrays, struct fields, parameters, phis,
/// allocas and intrinsic signatures; token and metadata values; bfloat, ppc_fp128, scalable
/// vectors) are lowered, as unsupported where they are used, without panicking.
#[test]
fn types_inkwell_cannot_represent() {
    let m = lower_ll(
        r#"
%struct.M = type { x86_mmx, i32 }
@gm = global x86_mmx undef
@garr = global [2 x x86_mmx] undef
@gs = global %struct.M undef
@gb = global bfloat 0xR3F80
@gstr = constant [6 x i8] c"a\00b\00c\00"
declare x86_mmx @llvm.x86.mmx.padd.b(x86_mmx, x86_mmx)
declare token @llvm.call.preallocated.setup(i32)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare i1 @llvm.experimental.constrained.fcmp.f64(double, double, metadata, metadata)
declare void @byval_mmx(x86_mmx* byval(x86_mmx))
define x86_mmx @mmx(x86_mmx %a, <1 x i64> %v, i1 %c) {
entry:
  %b = bitcast <1 x i64> %v to x86_mmx
  %s = call x86_mmx @llvm.x86.mmx.padd.b(x86_mmx %a, x86_mmx %b)
  %p = alloca x86_mmx
  call void @byval_mmx(x86_mmx* byval(x86_mmx) %p)
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %ph = phi x86_mmx [ %s, %entry ], [ %a, %x ]
  ret x86_mmx %ph
}
define i1 @tok(double %a, double %b) {
  %t = call token @llvm.call.preallocated.setup(i32 1)
  %c = call i1 @llvm.experimental.constrained.fcmp.f64(double %a, double %b, metadata !"olt", metadata !"fpexcept.strict")
  ret i1 %c
}
define <vscale x 4 x i32> @sv(<vscale x 4 x i32> %a) {
  %r = add <vscale x 4 x i32> %a, %a
  ret <vscale x 4 x i32> %r
}
"#,
    );
    check_wellformed(&m);
    let g = |n: &str| m.global(m.global_by_name[n]);
    assert_eq!((g("gm").size, g("garr").size, g("gs").size), (8, 16, 16));
    assert_eq!(g("gstr").init.as_ref().unwrap().bytes, b"a\0b\0c\0");
    let f = func(&m, "byval_mmx");
    assert_eq!(f.byval, vec![Some(8)]);
    let code = &func(&m, "mmx").code;
    assert!(matches!(
        &code[2].kind,
        InstKind::Alloca { elem_size: 8, .. }
    ));
    let phis: usize = code
        .iter()
        .flat_map(|i| i.kind.edges())
        .map(|e| e.copies.len())
        .sum();
    assert_eq!(phis, 2, "{}", m.dump());
    assert!(all_insts(&m, "tok").any(|i| matches!(
        i.kind,
        InstKind::FCmp {
            pred: FloatPred::Olt,
            ..
        }
    )));
    let u = unsupported(&m);
    assert!(u
        .iter()
        .any(|x| x.starts_with("mmx:") && x.contains("x86_mmx in bitcast")));
    assert!(u.iter().any(|x| x.contains("llvm.call.preallocated.setup")));
    assert!(u
        .iter()
        .any(|x| x.starts_with("sv:") && x.contains("vscale")));
}

#[test]
fn select_only_results() {
    // A shift used only by selects (through a trunc and a zext), one used by a select and a
    // return, a select condition.
    let m = lower_ll(
        r#"
define i32 @f(i32 %x, i32 %y, i1 %c) {
  %s0 = lshr i32 1, %y
  %s1 = trunc i32 %s0 to i16
  %s = zext i16 %s1 to i32
  %t = shl i32 %x, %y
  %k = icmp ugt i32 %y, 31
  %a = select i1 %k, i32 1, i32 %s
  %b = select i1 %c, i32 %t, i32 %a
  %r = add i32 %b, %t
  ret i32 %r
}
"#,
    );
    let f = func(&m, "f");
    let only = crate::ir::speculation::select_only(f);
    let at = |name: &str| {
        f.code
            .iter()
            .position(|i| {
                matches!(
                    (&i.kind, name),
                    (
                        InstKind::Bin {
                            op: BinOp::LShr,
                            ..
                        },
                        "s"
                    ) | (
                        InstKind::Cast {
                            op: CastOp::Trunc,
                            ..
                        },
                        "s1"
                    ) | (InstKind::Bin { op: BinOp::Shl, .. }, "t")
                        | (InstKind::ICmp { .. }, "k")
                )
            })
            .unwrap()
    };
    assert!(only[at("s")], "lshr used only on the way to a select arm");
    assert!(only[at("s1")], "so is the trunc");
    assert!(!only[at("t")], "shl also used by the add");
    assert!(!only[at("k")], "a select condition is not an arm");
}

#[test]
fn local_variables_keep_their_source_names() {
    let m = lower(
        "typedef unsigned int u32; int main(void) { int count = 3; long total = count * 2; \
         u32 n = 1; _Bool b = 1; return (int)total + n + b; }",
        &["-O0", "-g"],
    );
    let main = m.func_by_name["main"];
    let mut names: Vec<&str> = m
        .var_names
        .iter()
        .filter(|((f, _), _)| *f == main)
        .map(|(_, n)| n.as_str())
        .collect();
    names.sort();
    assert_eq!(names, ["b", "count", "n", "total"]);
    // Signedness from the debug types, through the typedef.
    let signed = |v: &str| {
        let (k, _) = m
            .var_names
            .iter()
            .find(|(k, n)| k.0 == main && *n == v)
            .unwrap();
        m.var_signed.get(k).copied()
    };
    assert_eq!(
        ["b", "count", "n", "total"].map(signed),
        [Some(false), Some(true), Some(false), Some(true)]
    );
    // Each names the register of its alloca.
    for ((_, r), _) in m.var_names.iter().filter(|((f, _), _)| *f == main) {
        let def = m.functions[main.0 as usize]
            .code
            .iter()
            .find(|i| i.dst == Some(*r));
        assert!(matches!(
            def.map(|i| &i.kind),
            Some(InstKind::Alloca { .. })
        ));
    }
}
