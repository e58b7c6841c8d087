//! `trex report klee-out-N [-o DIR]`: writes `report.html` (see `crate::report`) and prints
//! its path.

use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;

use crate::report::{self, inputs::Inputs};

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// An output directory of `trex run` or `trex verify`.
    pub dir: PathBuf,
    /// Where to write report.html (default: the output directory itself).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
}

pub fn report(a: &ReportArgs) -> Result<()> {
    let inputs = Inputs::read(&a.dir)?;
    let html = report::render(&inputs);
    let dir = a.output.clone().unwrap_or_else(|| a.dir.clone());
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join("report.html");
    std::fs::write(&path, html).with_context(|| format!("cannot write {}", path.display()))?;
    println!("{}", path.display());
    Ok(())
}
