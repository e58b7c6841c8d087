//! SV-COMP verification witnesses for `trex verify`'s verdicts: a violation witness for a
//! reached `reach_error` call (each `__VERIFIER_nondet_*` value of the replayed test as a
//! `function_return` waypoint at its call, then the `target`), a correctness witness with
//! loop invariants for a proof. Two formats: YAML 2.0 ("Software Verification Witnesses 2.0",
//! `yaml.rs`, the default) and GraphML 1.0 (`graphml.rs`, the one older validators read).
//!
//! The values come from the replay that confirms a hit (`crate::verify`'s witness tests):
//! `record.rs` observes it; `trace.rs` turns the calls into waypoints at the task's own lines
//! and columns (`source.rs`) with C constants (`literal.rs`); `meta.rs` makes the metadata.

pub mod c_arith;
pub mod c_expr;
pub mod graphml;
pub mod literal;
pub mod meta;
pub mod read;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn task() -> Task {
        Task {
            file: "t.c".into(),
            hash: "ab".repeat(32),
            specification: "G ! call(reach_error())".into(),
            ilp32: true,
        }
    }

    fn meta() -> meta::Meta {
        meta::Meta {
            uuid: meta::uuid_v4([7; 16]),
            creation_time: "2026-01-02T03:04:05Z".into(),
        }
    }

    fn violation() -> Witness {
        let at = |line, column| Location {
            line,
            column: Some(column),
            function: Some("main".into()),
        };
        Witness::Violation {
            steps: vec![Step {
                at: at(4, 33),
                callee: "__VERIFIER_nondet_int".into(),
                value: "-5".into(),
            }],
            target: at(6, 5),
        }
    }

    #[test]
    fn yaml_violation_sequence() {
        let y = render(Format::Yaml, &violation(), &task(), &meta());
        let want = [
            "- entry_type: \"violation_sequence\"",
            "    format_version: \"2.0\"",
            "      data_model: \"ILP32\"",
            "        \"t.c\": \"abab",
            "            type: \"function_return\"",
            "              column: 33",
            "              value: \"\\\\result == -5\"",
            "              format: \"acsl_expression\"",
            "            type: \"target\"",
        ];
        for w in want {
            assert!(y.contains(w), "{w:?} missing in\n{y}");
        }
        // One segment per follow waypoint; the target's has no constraint.
        assert_eq!(y.matches("- segment:").count(), 2);
        assert_eq!(y.matches("constraint:").count(), 1);
    }

    #[test]
    fn yaml_invariant_set() {
        let empty = Witness::Correctness { invariants: vec![] };
        let y = render(Format::Yaml, &empty, &task(), &meta());
        assert!(y.contains("- entry_type: \"invariant_set\"") && y.contains("  content: []"));
        let one = Witness::Correctness {
            invariants: vec![Located {
                at: Location {
                    line: 9,
                    column: Some(3),
                    function: Some("main".into()),
                },
                value: "i <= n && s == \"x\"".into(),
            }],
        };
        let y = render(Format::Yaml, &one, &task(), &meta());
        assert!(y.contains("        type: \"loop_invariant\""), "{y}");
        assert!(
            y.contains("        value: \"i <= n && s == \\\"x\\\"\""),
            "{y}"
        );
        assert!(y.contains("        format: \"c_expression\""), "{y}");
    }

    #[test]
    fn graphml_violation_and_correctness() {
        let g = render(Format::Graphml, &violation(), &task(), &meta());
        for w in [
            "<data key=\"witness-type\">violation_witness</data>",
            "<data key=\"architecture\">32bit</data>",
            "<data key=\"startline\">4</data>",
            "<data key=\"assumption\">\\result == -5;</data>",
            "<data key=\"assumption.scope\">main</data>",
            "<data key=\"assumption.resultfunction\">__VERIFIER_nondet_int</data>",
            "<node id=\"N2\">\n   <data key=\"violation\">true</data>",
            "<data key=\"creationtime\">2026-01-02T03:04:05Z</data>",
        ] {
            assert!(g.contains(w), "{w:?} missing in\n{g}");
        }
        let inv = Witness::Correctness {
            invariants: vec![Located {
                at: Location {
                    line: 9,
                    column: None,
                    function: Some("main".into()),
                },
                value: "x < 10 && y > 0".into(),
            }],
        };
        let g = render(Format::Graphml, &inv, &task(), &meta());
        assert!(g.contains("<data key=\"witness-type\">correctness_witness</data>"));
        assert!(g.contains("<data key=\"invariant\">x &lt; 10 &amp;&amp; y &gt; 0</data>"));
        assert!(!g.contains("violation\">true"));
    }
}
