//! `make install`'s steps (scripts/install.sh) into a temporary prefix, then the installed
//! trex on a program that needs the C library: it must find the runtime under the prefix,
//! not in the source tree it was built from.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The runtime this checkout's trex uses (as `make unit` builds it; `TREX_RUNTIME_DIR` when
/// the library was built elsewhere).
fn built_runtime() -> PathBuf {
    std::env::var_os("TREX_RUNTIME_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("build/runtime"))
}

#[test]
fn installed_trex_finds_its_runtime_beside_itself() {
    let tmp = tempfile::tempdir().unwrap();
    let prefix = tmp.path().join("prefix");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let st = Command::new(root.join("scripts/install.sh"))
        .arg(&prefix)
        .arg(env!("CARGO_BIN_EXE_trex"))
        .env("RUNTIME", built_runtime())
        .status()
        .unwrap();
    assert!(st.success(), "install.sh failed");

    // A KLEE user's program, compiled against the installed header.
    let c = tmp.path().join("hello.c");
    std::fs::write(
        &c,
        "#include <stdio.h>\n#include <klee/klee.h>\n\
         int main(void) { int x; klee_make_symbolic(&x, sizeof x, \"x\");\n\
         printf(\"installed %s\\n\", x > 0 ? \"pos\" : \"nonpos\"); return 0; }\n",
    )
    .unwrap();
    let bc = tmp.path().join("hello.bc");
    let st = Command::new("clang-14")
        .args(["-g", "-O0", "-c", "-emit-llvm", "-I"])
        .arg(prefix.join("include"))
        .arg("-o")
        .arg(&bc)
        .arg(&c)
        .status()
        .unwrap();
    assert!(st.success());

    // Without TREX_RUNTIME_DIR; the C library it links is named in trex::link's debug line,
    // which proves the runtime came from the prefix (the source tree's build/runtime is also
    // on the search list, after it).
    let out = Command::new(prefix.join("bin/trex"))
        .env_remove("TREX_RUNTIME_DIR")
        .env("TREX_LOG", "trex::link=debug")
        .arg("--output-dir")
        .arg(tmp.path().join("out"))
        .arg(&bc)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("installed pos"), "{stdout}");
    assert!(stdout.contains("installed nonpos"), "{stdout}");
    let libc = prefix.join("share/trex/runtime/x86_64/libc.bc");
    assert!(
        stderr.contains(&format!("C library: {}", libc.display())),
        "not the installed runtime:\n{stderr}"
    );
}
