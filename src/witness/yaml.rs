//! YAML format 2.0 of SV-COMP's witnesses: a list with one entry, `violation_sequence` (one
//! segment per `follow` waypoint: each input's `function_return`, then the `target`) or
//! `invariant_set` (`loop_invariant`s, possibly none). Strings are written double-quoted in
//! JSON's escapes, which YAML reads the same.

use super::meta::{Meta, PRODUCER, VERSION};
use super::{Location, Task, Witness};
use std::fmt::Write as _;

pub const FORMAT_VERSION: &str = "2.0";

/// A double-quoted YAML scalar.
fn q(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

pub fn render(w: &Witness, task: &Task, meta: &Meta) -> String {
    let mut o = String::new();
    let kind = match w {
        Witness::Violation { .. } => "violation_sequence",
        Witness::Correctness { .. } => "invariant_set",
    };
    let _ = writeln!(o, "- entry_type: {}", q(kind));
    metadata(&mut o, task, meta);
    match w {
        Witness::Violation { steps, target } => {
            o.push_str("  content:\n");
            for s in steps {
                o.push_str("    - segment:\n");
                waypoint(&mut o, "function_return", task, &s.at);
                let _ = writeln!(o, "            constraint:");
                let _ = writeln!(
                    o,
                    "              value: {}",
                    q(&format!("\\result == {}", s.value))
                );
                // Format 2.0 takes `\result <op> <constant>` in ACSL only.
                let _ = writeln!(o, "              format: {}", q("acsl_expression"));
            }
            o.push_str("    - segment:\n");
            waypoint(&mut o, "target", task, target);
        }
        Witness::Correctness { invariants } if invariants.is_empty() => {
            o.push_str("  content: []\n");
        }
        Witness::Correctness { invariants } => {
            o.push_str("  content:\n");
            for inv in invariants {
                o.push_str("    - invariant:\n");
                let _ = writeln!(o, "        type: {}", q("loop_invariant"));
                location(&mut o, "        ", task, &inv.at);
                let _ = writeln!(o, "        value: {}", q(&inv.value));
                let _ = writeln!(o, "        format: {}", q("c_expression"));
            }
        }
    }
    o
}

fn metadata(o: &mut String, task: &Task, meta: &Meta) {
    let _ = writeln!(o, "  metadata:");
    let _ = writeln!(o, "    format_version: {}", q(FORMAT_VERSION));
    let _ = writeln!(o, "    uuid: {}", q(&meta.uuid));
    let _ = writeln!(o, "    creation_time: {}", q(&meta.creation_time));
    let _ = writeln!(o, "    producer:");
    let _ = writeln!(o, "      name: {}", q(PRODUCER));
    let _ = writeln!(o, "      version: {}", q(VERSION));
    let _ = writeln!(o, "    task:");
    let _ = writeln!(o, "      input_files:");
    let _ = writeln!(o, "        - {}", q(&task.file));
    let _ = writeln!(o, "      input_file_hashes:");
    let _ = writeln!(o, "        {}: {}", q(&task.file), q(&task.hash));
    let _ = writeln!(o, "      specification: {}", q(&task.specification));
    let model = if task.ilp32 { "ILP32" } else { "LP64" };
    let _ = writeln!(o, "      data_model: {}", q(model));
    let _ = writeln!(o, "      language: {}", q("C"));
}

/// A `follow` waypoint's type, action and location (its constraint, if any, follows).
fn waypoint(o: &mut String, kind: &str, task: &Task, at: &Location) {
    let _ = writeln!(o, "        - waypoint:");
    let _ = writeln!(o, "            type: {}", q(kind));
    let _ = writeln!(o, "            action: {}", q("follow"));
    location(o, "            ", task, at);
}

fn location(o: &mut String, indent: &str, task: &Task, at: &Location) {
    let _ = writeln!(o, "{indent}location:");
    let _ = writeln!(o, "{indent}  file_name: {}", q(&task.file));
    let _ = writeln!(o, "{indent}  line: {}", at.line);
    if let Some(c) = at.column {
        let _ = writeln!(o, "{indent}  column: {c}");
    }
    if let Some(f) = &at.function {
        let _ = writeln!(o, "{indent}  function: {}", q(f));
    }
}
