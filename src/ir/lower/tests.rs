//! Tests: compile small C programs with clang-14 and check the lowered module.

use super::super::*;
use super::{load_module, LoadError};
use std::path::PathBuf;
use std::process::Command;

/// Compiles `src` with clang-14 and the given flags into bitcode; returns (tempdir, path).
fn compile(src: &str, flags: &[&str]) -> (tempfile::TempDir, PathBuf) {
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

/// `TREX_DUMP_BC=file.bc cargo test --lib dump_env -- --nocapture` prints a module's dump.
#[test]
fn dump_env() {
    if let Ok(p) = std::env::var("TREX_DUMP_BC") {
        let t = std::time::Instant::now();
        let m = load_module(std::path::Path::new(&p)).unwrap();
        let el = t.elapsed();
        println!("{}", m.dump());
        for u in unsupported(&m) {
            println!("UNSUPPORTED: {u}");
        }
        println!("lowered in {el:?}");
    }
}
