//! `--write-xml-tests`: the suite's `metadata.xml` (the tests' `.xml` files are the writer's,
//! `output/testcomp.rs`).

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

use super::RunArgs;
use crate::output::testcomp::{metadata_xml, Metadata, COVERAGE_BRANCHES};

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

/// Writes `dir/metadata.xml` for the run `a` of `module`.
pub fn write_metadata(a: &RunArgs, module: &crate::ir::Module, dir: &Path) -> Result<()> {
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
    let xml = metadata_xml(&Metadata {
        specification: COVERAGE_BRANCHES,
        programfile: &file.display().to_string(),
        programhash: &hash,
        entryfunction: &a.prog.entry_point,
        bits: module.ptr_size * 8,
        creationtime: &when,
    });
    std::fs::write(dir.join("metadata.xml"), xml).context("writing metadata.xml")
}
