//! Linking a program with the C library bitcode (musl, built by `scripts/build-libc.sh`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::ir::{externs, Function, Module};

#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error(
        "the C library bitcode for {arch} ({file}) was not found (looked in: {looked}); \
         build it with `scripts/build-libc.sh` or set TREX_RUNTIME_DIR"
    )]
    NoLibc {
        arch: &'static str,
        file: String,
        looked: String,
    },
    #[error("cannot run {tool}: {msg}")]
    Tool { tool: String, msg: String },
    #[error("linking with the C library failed: {0}")]
    Failed(String),
}

/// The runtime directory name for a module's target.
pub fn arch_of(m: &Module) -> &'static str {
    if m.ptr_size == 4 {
        "i386"
    } else {
        "x86_64"
    }
}

/// True when the program calls a function that neither it nor the executor defines (see
/// `ir::externs`), i.e. the C library.
pub fn needs_libc(m: &Module) -> bool {
    m.functions.iter().any(|f: &Function| {
        f.is_declaration && !f.name.starts_with("llvm.") && !externs::provided_by_executor(&f.name)
    })
}

/// Candidate runtime directories, in the order they are searched: `TREX_RUNTIME_DIR`, the
/// installed runtime beside the executable (`make install`: `PREFIX/bin/trex` and
/// `PREFIX/share/trex/runtime`), then the source tree's `build/runtime` (a binary run from
/// `target/`).
fn runtime_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = std::env::var_os("TREX_RUNTIME_DIR") {
        dirs.push(PathBuf::from(d));
    }
    if let Ok(exe) = std::env::current_exe() {
        if let Some(prefix) = exe.parent().and_then(Path::parent) {
            dirs.push(prefix.join("share/trex/runtime"));
        }
        // target/{debug,release}/trex -> <repo>/build/runtime
        for anc in exe.ancestors().skip(1).take(4) {
            dirs.push(anc.join("build/runtime"));
        }
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("build/runtime"));
    dirs.dedup();
    dirs
}

pub fn find_libc(arch: &'static str) -> Result<PathBuf, LinkError> {
    find_runtime(arch, "libc.bc")
}

/// KLEE's minimal C library (`--libc=klee`: string and memory functions), built beside
/// `libc.bc` from `runtime/klee-libc/`.
pub fn find_klee_libc(arch: &'static str) -> Result<PathBuf, LinkError> {
    find_runtime(arch, "klee-libc.bc")
}

fn find_runtime(arch: &'static str, file: &str) -> Result<PathBuf, LinkError> {
    let dirs = runtime_dirs();
    for d in &dirs {
        let p = d.join(arch).join(file);
        if p.is_file() {
            tracing::debug!(target: "trex::link", "C library: {}", p.display());
            return Ok(p);
        }
        tracing::trace!(target: "trex::link", "no {}", p.display());
    }
    let looked = dirs
        .iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    Err(LinkError::NoLibc {
        arch,
        file: file.to_string(),
        looked,
    })
}

/// Links `prog` with what it needs of KLEE's minimal C library `lib` (no start-up code: the
/// executor calls the entry function itself, as without a library).
pub fn link_with_klee_libc(prog: &Path, lib: &Path, out: &Path) -> Result<(), LinkError> {
    llvm_link(&[prog, lib], true, out)
}

/// Links `prog` with the C library found at `libc` (a `libc.bc` whose directory also holds
/// `entry.bc`, a module that references `__libc_start_main`). Two steps, because llvm-link's
/// `--only-needed` applies to every file after the first: first the program and `entry.bc`
/// whole (the executor starts the program through `__libc_start_main`, which nothing in the
/// program references), then only what that needs from the library.
pub fn link_with_libc(prog: &Path, libc: &Path, out: &Path) -> Result<(), LinkError> {
    let entry = libc.with_file_name("entry.bc");
    if !entry.is_file() {
        return Err(LinkError::Failed(format!(
            "{} is missing (rebuild with scripts/build-libc.sh)",
            entry.display()
        )));
    }
    let with_entry = out.with_extension("entry.bc");
    let res = llvm_link(&[prog, &entry], false, &with_entry)
        .and_then(|()| llvm_link(&[&with_entry, libc], true, out));
    let _ = std::fs::remove_file(&with_entry);
    res
}

fn llvm_link(inputs: &[&Path], only_needed: bool, out: &Path) -> Result<(), LinkError> {
    let tool = std::env::var("TREX_LLVM_LINK").unwrap_or_else(|_| "llvm-link-14".into());
    let mut cmd = Command::new(&tool);
    if only_needed {
        cmd.arg("--only-needed");
    }
    cmd.args(inputs).arg("-o").arg(out);
    tracing::debug!(target: "trex::link", "{cmd:?}");
    let res = cmd.output().map_err(|e| LinkError::Tool {
        tool: tool.clone(),
        msg: e.to_string(),
    })?;
    if !res.status.success() {
        return Err(LinkError::Failed(one_line(&String::from_utf8_lossy(
            &res.stderr,
        ))));
    }
    Ok(())
}

/// llvm-link's complaint in one line: its first line (the verifier's reason, or the error)
/// and its last (llvm-link's own error), without the IR it quotes between them.
fn one_line(stderr: &str) -> String {
    let mut lines = stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("llvm-link failed without a message");
    match lines.next_back() {
        Some(last) => format!("{first} ({last})"),
        None => first.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::sym_tests::compile_sym;

    #[test]
    fn llvm_links_complaint_is_one_line() {
        // llvm-link quotes the broken IR between the verifier's reason and its own error.
        let stderr = "invalid subroutine type\n!26 = distinct !DISubprogram(name: \"main\")\n\
                      !27 = !{}\nllvm-link-14: error: linked module is broken!\n";
        assert_eq!(
            one_line(stderr),
            "invalid subroutine type (llvm-link-14: error: linked module is broken!)"
        );
        assert_eq!(one_line("error: x\n"), "error: x");
    }

    #[test]
    fn the_executors_api_needs_no_c_library() {
        // KLEE's and SV-COMP's API, exits, allocation: all the executor's (before `ir::externs`,
        // a call of `klee_int` or `__VERIFIER_nondet_int` linked musl).
        let api = r#"
void *malloc(unsigned long);
void free(void *);
void exit(int);
int main(void) {
  int x = klee_int("x");
  klee_assume(x > 0);
  char *p = malloc(4);
  if (x == 3) reach_error();
  if (x == 4) exit(1);
  free(p);
  return __VERIFIER_nondet_int();
}
"#;
        assert!(!needs_libc(&compile_sym(api, "-O0")));
        let libc = r#"
int puts(const char *);
int main(void) { puts("x"); return klee_int("x"); }
"#;
        assert!(needs_libc(&compile_sym(libc, "-O0")));
    }
}
