//! `--write-xml-tests`: the suite's `metadata.xml` (the tests' `.xml` files are the writer's,
//! `output/testcomp.rs`).

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

use super::RunArgs;
use crate::output::testcomp::{metadata_xml, property_of, Metadata, COVERAGE_BRANCHES};

/// The specification of `--property` (Test-Comp's branch coverage without it).
pub(super) fn specification(a: &RunArgs) -> Result<&'static str> {
    let Some(prp) = &a.property else {
        return Ok(COVERAGE_BRANCHES);
    };
    let text = std::fs::read_to_string(prp)
        .with_context(|| format!("cannot read the property file {}", prp.display()))?;
    match property_of(&text) {
        Some(p) => Ok(p),
        None => bail!(
            "unsupported property in {}: Test-Comp's coverage-branches or coverage-error only",
            prp.display()
        ),
    }
}

/// The program file the suite is for: as given, else the program's C source beside its
/// bitcode (`prog.c` for `prog.bc`), else the program itself.
fn program_file(a: &RunArgs) -> PathBuf {
    if let Some(f) = &a.xml_metadata_programfile {
        return f.clone();
    }
    let c = a.program.with_extension("c");
    match c.is_file() {
        true => c,
        false => a.program.clone(),
    }
}

/// The `metadata.xml` of the run `a` of `module`.
pub fn metadata(a: &RunArgs, module: &crate::ir::Module) -> Result<String> {
    let spec = specification(a)?;
    let file = program_file(a);
    let hash = match &a.xml_metadata_programhash {
        Some(h) => h.clone(),
        None => {
            let bytes = std::fs::read(&file).with_context(|| {
                format!(
                    "--write-xml-tests: reading {} for its hash (--xml-metadata-programhash)",
                    file.display()
                )
            })?;
            Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        }
    };
    let when = crate::output::timestamp(std::time::SystemTime::now()).replacen(' ', "T", 1) + "Z";
    Ok(metadata_xml(&Metadata {
        specification: spec,
        programfile: &file.display().to_string(),
        programhash: &hash,
        entryfunction: &a.prog.entry_point,
        bits: module.ptr_size * 8,
        creationtime: &when,
    }))
}
