//! SV-COMP conventions for `trex verify --svcomp`: the property file (only unreach-call), the
//! task's compilation (clang-14, `-m32` for ILP32), and the result line.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::DataModel;
use crate::verify::Verdict;

/// Checks that the property file asks for unreach-call (`G ! call(reach_error())`).
pub fn check_property(prp: &Path) -> Result<()> {
    let text = std::fs::read_to_string(prp)
        .with_context(|| format!("cannot read the property file {}", prp.display()))?;
    let spec: String = text.split_whitespace().collect();
    if spec.contains("G!call(reach_error())") || spec.contains("G!call(__VERIFIER_error())") {
        return Ok(());
    }
    bail!(
        "unsupported property in {}: only unreach-call (`G ! call(reach_error())`) is supported",
        prp.display()
    )
}

/// Compiles the task to bitcode in `dir`; returns the bitcode's path.
pub fn compile(task: &Path, model: DataModel, opt: u8, dir: &Path) -> Result<PathBuf> {
    if !task.exists() {
        bail!("cannot open {}: no such file", task.display());
    }
    let stem = task
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "task".into());
    let bc = dir.join(format!("{stem}.bc"));
    // The optimizer may inline the error function or delete calls to an empty one: the
    // property is about those calls, so they are kept.
    let keep = dir.join("trex-svcomp-keep.h");
    std::fs::write(&keep, KEEP_ERROR_CALLS)
        .with_context(|| format!("cannot write {}", keep.display()))?;
    let mut cmd = Command::new(clang());
    cmd.args([
        "-g",
        &format!("-O{opt}"),
        "-c",
        "-emit-llvm",
        "-w",
        "-include",
    ]);
    cmd.arg(&keep);
    if model == DataModel::Ilp32 {
        cmd.arg("-m32");
    }
    cmd.arg("-o").arg(&bc).arg(task);
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {}", clang()))?;
    if !out.status.success() {
        bail!(
            "cannot compile {}:\n{}",
            task.display(),
            String::from_utf8_lossy(&out.stderr).trim_end()
        );
    }
    Ok(bc)
}

/// Declarations included before the task: calls to the error functions stay calls at any
/// optimization level (no inlining, no attribute inference that would let them be deleted).
const KEEP_ERROR_CALLS: &str = "void reach_error() __attribute__((noinline, optnone));\n\
void __VERIFIER_error() __attribute__((noinline, optnone));\n";

/// The C compiler (`$TREX_CLANG`, default clang-14).
fn clang() -> String {
    std::env::var("TREX_CLANG").unwrap_or_else(|_| "clang-14".into())
}

/// SV-COMP's result from the targets' verdicts: FALSE when one is reachable, TRUE when all are
/// unreachable (also when there is none), UNKNOWN otherwise.
pub fn result<'a>(verdicts: impl IntoIterator<Item = &'a Verdict>) -> &'static str {
    let mut all_unreachable = true;
    for v in verdicts {
        match v {
            Verdict::Reachable => return "FALSE(unreach-call)",
            Verdict::Unreachable => {}
            Verdict::Unknown(_) => all_unreachable = false,
        }
    }
    if all_unreachable {
        "TRUE"
    } else {
        "UNKNOWN"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_line() {
        let u = Verdict::Unknown("time budget".into());
        assert_eq!(result(&[]), "TRUE");
        assert_eq!(result(&[Verdict::Unreachable]), "TRUE");
        assert_eq!(result(&[Verdict::Unreachable, u.clone()]), "UNKNOWN");
        assert_eq!(result(&[u, Verdict::Reachable]), "FALSE(unreach-call)");
    }

    #[test]
    fn unreach_call_property_only() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("unreach-call.prp");
        std::fs::write(&p, "CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
        assert!(check_property(&p).is_ok());
        std::fs::write(&p, "CHECK( init(main()), LTL(G valid-free) )\n").unwrap();
        assert!(check_property(&p).is_err());
    }
}
