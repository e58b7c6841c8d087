//! SV-COMP verification witnesses for `trex verify`'s verdicts: a violation witness for a
//! reached `reach_error` call (each `__VERIFIER_nondet_*` value of the replayed test as a
//! `function_return` waypoint at its call, then the `target`), a correctness witness with
//! loop invariants for a proof. Two formats: YAML 2.0 ("Software Verification Witnesses 2.0",
//! `yaml.rs`, the default) and GraphML 1.0 (`graphml.rs`, the one older validators read).
//!
//! The values come from the replay that confirms a hit (`crate::verify`'s witness tests):
//! `record.rs` observes it; `trace.rs` turns the calls into waypoints at the task's own lines
//! and columns (`source.rs`) with C constants (`literal.rs`); `meta.rs` makes the metadata.

pub mod graphml;
pub mod literal;
pub mod meta;
pub mod record;
pub mod source;
pub mod trace;
pub mod yaml;

pub use record::NondetCall;

use anyhow::{Context, Result};
use std::path::Path;

/// A loop invariant proved for a correctness witness, at a loop's head: the position is the
/// debug info's (file as there, line, column of the loop keyword, 1-based), mapped to the
/// task's text like every other location; `value` is a side-effect-free C expression over the
/// variables in scope there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopInvariant {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub function: String,
    pub value: String,
}

/// The verification task a witness is about.
#[derive(Debug, Clone)]
pub struct Task {
    /// The program file as given to trex; every location's `file_name`.
    pub file: String,
    /// SHA-256 of its bytes, lower-case hex.
    pub hash: String,
    /// The property checked (SV-COMP's property text).
    pub specification: String,
    /// ILP32 (`-m32`) or LP64.
    pub ilp32: bool,
}

/// A place in the task's text (its own lines; columns 1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub line: u32,
    pub column: Option<u32>,
    /// The function containing it, when known for sure.
    pub function: Option<String>,
}

/// A value returned by an input function: the call's location (its closing parenthesis),
/// the function called, the value as a C constant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub at: Location,
    pub callee: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Witness {
    /// The inputs in call order, then where the property is violated.
    Violation { steps: Vec<Step>, target: Location },
    /// The invariants (possibly none) at the task's loop heads.
    Correctness { invariants: Vec<Located> },
}

/// An invariant at a place of the task's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub at: Location,
    pub value: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Yaml,
    Graphml,
}

impl Format {
    /// SV-COMP's file name for it (`witness.yml`, `witness.graphml`).
    pub fn default_file(self) -> &'static str {
        match self {
            Format::Yaml => "witness.yml",
            Format::Graphml => "witness.graphml",
        }
    }
}

/// The witness's text in `format`.
pub fn render(format: Format, w: &Witness, task: &Task, meta: &meta::Meta) -> String {
    match format {
        Format::Yaml => yaml::render(w, task, meta),
        Format::Graphml => graphml::render(w, task, meta),
    }
}

/// Writes the witness to `path` (fresh metadata: a new uuid, the time now).
pub fn write(path: &Path, format: Format, w: &Witness, task: &Task) -> Result<()> {
    let text = render(format, w, task, &meta::Meta::now()?);
    std::fs::write(path, text).with_context(|| format!("writing the witness {}", path.display()))
}
