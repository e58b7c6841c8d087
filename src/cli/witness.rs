//! `trex verify --witness FILE [--witness-format yaml|graphml]`, and by default with
//! `--svcomp` (to `witness.yml` / `witness.graphml` here, as SV-COMP tools do): the witness of
//! the verdict (`crate::witness`), a violation witness for FALSE, a correctness witness for
//! TRUE, none for UNKNOWN.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

use super::{svcomp, VerifyArgs, WitnessFormat};
use crate::ir::Module;
use crate::verify::{Verdict, Verification};
use crate::witness::{self, source::Source, trace, Format, Task};

/// Writes the witness `a` asks for (if any) of what `found` says about `m`'s targets.
pub(super) fn write(a: &VerifyArgs, m: &Module, found: &Verification) -> Result<()> {
    let format = match a.witness_format {
        WitnessFormat::Yaml => Format::Yaml,
        WitnessFormat::Graphml => Format::Graphml,
    };
    let path = match (&a.witness, a.svcomp) {
        (Some(p), _) => p.clone(),
        (None, true) => PathBuf::from(format.default_file()),
        (None, false) => return Ok(()),
    };
    let result = svcomp::result(found.targets.iter().map(|t| &t.verdict));
    let reached = found
        .targets
        .iter()
        .find(|t| t.verdict == Verdict::Reachable && t.replay_confirmed == Some(true));
    let file = match (a.svcomp, reached) {
        (false, Some(t)) => PathBuf::from(t.target.file_line(m).0),
        _ => task_file(a, m)?,
    };
    let src = Source::read(&file)
        .with_context(|| format!("reading {} for the witness", file.display()))?;
    let task = Task {
        file: file.display().to_string(),
        hash: witness::meta::sha256_file(&file)?,
        specification: specification(a)?,
        ilp32: m.ptr_size == 4,
    };
    let w = match (result, reached) {
        ("FALSE(unreach-call)", Some(t)) => {
            let calls = t.nondet_calls.as_ref().map_or(&[][..], Vec::as_slice);
            if let Err(why) = &t.nondet_calls {
                eprintln!("TREX: warning: witness without inputs: {why}");
            }
            let Some((w, missing)) = trace::violation(m, &src, &t.target, calls) else {
                bail!(
                    "no witness: the target {} has no place in {}",
                    t.target.location(m),
                    file.display()
                );
            };
            if let Some(why) = missing {
                eprintln!("TREX: warning: witness inputs cut short: {why}");
            }
            w
        }
        ("TRUE", _) => {
            let (w, left) = trace::correctness(&src, &found.invariants);
            if left > 0 {
                eprintln!("TREX: warning: {left} invariants have no place in the task");
            }
            w
        }
        _ => return Ok(()),
    };
    witness::write(&path, format, &w, &task)?;
    eprintln!("TREX: witness file: {}", path.display());
    Ok(())
}

/// The property's text: the property file's (`--svcomp`), else unreach-call's formula.
fn specification(a: &VerifyArgs) -> Result<String> {
    match (&a.property, a.svcomp) {
        (Some(p), true) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read the property file {}", p.display()))?;
            Ok(text
                .lines()
                .map(str::trim)
                .find(|l| !l.is_empty())
                .unwrap_or_default()
                .to_string())
        }
        _ => Ok("G ! call(reach_error())".into()),
    }
}

/// The task a witness is about: the SV-COMP task, else the C file of the bitcode.
pub(super) fn task_file(a: &VerifyArgs, m: &Module) -> Result<PathBuf> {
    if a.svcomp {
        Ok(a.program.clone())
    } else {
        program_source(m)
    }
}

/// The C file the bitcode was compiled from (LLVM's `source_filename`, as the debug info
/// names it).
fn program_source(m: &Module) -> Result<PathBuf> {
    let name = Path::new(&m.source_name);
    let found = m
        .files
        .iter()
        .map(PathBuf::from)
        .find(|f| f.ends_with(name) && f.is_file());
    match found {
        Some(f) => Ok(f),
        None if name.is_file() => Ok(name.to_path_buf()),
        None => bail!(
            "no witness: the program's source {} cannot be found",
            m.source_name
        ),
    }
}
