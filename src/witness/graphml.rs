//! GraphML format 1.0 of SV-COMP's witnesses (the witness automaton): a violation witness is
//! a path from the entry node, one edge per input (`\result == V;` with the function it is
//! the result of, at the call's line) and a last edge into the violation node at the target's
//! line; a correctness witness is the entry node with, per invariant, a node holding it
//! entered at its loop head.

use super::meta::{Meta, PRODUCER, VERSION};
use super::{Task, Witness};
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// (id, for, type) of every key used, declared in the header as GraphML requires.
const KEYS: &[(&str, &str, &str)] = &[
    ("witness-type", "graph", "string"),
    ("sourcecodelang", "graph", "string"),
    ("producer", "graph", "string"),
    ("specification", "graph", "string"),
    ("programfile", "graph", "string"),
    ("programhash", "graph", "string"),
    ("architecture", "graph", "string"),
    ("creationtime", "graph", "string"),
    ("entry", "node", "boolean"),
    ("violation", "node", "boolean"),
    ("invariant", "node", "string"),
    ("invariant.scope", "node", "string"),
    ("startline", "edge", "int"),
    ("assumption", "edge", "string"),
    ("assumption.scope", "edge", "string"),
    ("assumption.resultfunction", "edge", "string"),
    ("enterLoopHead", "edge", "boolean"),
];

/// The key's GraphML attribute name (`isEntryNode` & co. for the node flags, as the format's
/// examples name them).
fn attr_name(id: &str) -> &str {
    match id {
        "entry" => "isEntryNode",
        "violation" => "isViolationNode",
        other => other,
    }
}

pub fn render(w: &Witness, task: &Task, meta: &Meta) -> String {
    let mut o = String::new();
    o.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    o.push_str("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
    for (id, on, ty) in KEYS {
        let _ = write!(
            o,
            " <key attr.name=\"{}\" attr.type=\"{ty}\" for=\"{on}\" id=\"{id}\"",
            attr_name(id)
        );
        if *ty == "boolean" {
            o.push_str(">\n  <default>false</default>\n </key>\n");
        } else {
            o.push_str("/>\n");
        }
    }
    o.push_str(" <graph edgedefault=\"directed\">\n");
    let kind = match w {
        Witness::Violation { .. } => "violation_witness",
        Witness::Correctness { .. } => "correctness_witness",
    };
    let data = |o: &mut String, k: &str, v: &str| {
        let _ = writeln!(o, "  <data key=\"{k}\">{}</data>", esc(v));
    };
    data(&mut o, "witness-type", kind);
    data(&mut o, "sourcecodelang", "C");
    data(&mut o, "producer", &format!("{PRODUCER} {VERSION}"));
    data(&mut o, "specification", &task.specification);
    data(&mut o, "programfile", &task.file);
    data(&mut o, "programhash", &task.hash);
    data(
        &mut o,
        "architecture",
        if task.ilp32 { "32bit" } else { "64bit" },
    );
    data(&mut o, "creationtime", &meta.creation_time);
    o.push_str("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    match w {
        Witness::Violation { steps, target } => {
            for (i, s) in steps.iter().enumerate() {
                let _ = writeln!(o, "  <node id=\"N{}\"/>", i + 1);
                let _ = writeln!(o, "  <edge source=\"N{i}\" target=\"N{}\">", i + 1);
                let _ = writeln!(o, "   <data key=\"startline\">{}</data>", s.at.line);
                let _ = writeln!(
                    o,
                    "   <data key=\"assumption\">{}</data>",
                    esc(&format!("\\result == {};", s.value))
                );
                if let Some(f) = &s.at.function {
                    let _ = writeln!(o, "   <data key=\"assumption.scope\">{}</data>", esc(f));
                }
                let _ = writeln!(
                    o,
                    "   <data key=\"assumption.resultfunction\">{}</data>",
                    esc(&s.callee)
                );
                o.push_str("  </edge>\n");
            }
            let (n, v) = (steps.len(), steps.len() + 1);
            let _ = writeln!(
                o,
                "  <node id=\"N{v}\">\n   <data key=\"violation\">true</data>\n  </node>"
            );
            let _ = writeln!(o, "  <edge source=\"N{n}\" target=\"N{v}\">");
            let _ = writeln!(o, "   <data key=\"startline\">{}</data>", target.line);
            o.push_str("  </edge>\n");
        }
        Witness::Correctness { invariants } => {
            for (i, inv) in invariants.iter().enumerate() {
                let id = i + 1;
                let _ = writeln!(o, "  <node id=\"N{id}\">");
                let _ = writeln!(o, "   <data key=\"invariant\">{}</data>", esc(&inv.value));
                if let Some(f) = &inv.at.function {
                    let _ = writeln!(o, "   <data key=\"invariant.scope\">{}</data>", esc(f));
                }
                o.push_str("  </node>\n");
                // Entering the loop head leads to the invariant's state, and any step on
                // back to the entry (whose invariant is `true`).
                let _ = writeln!(o, "  <edge source=\"N0\" target=\"N{id}\">");
                let _ = writeln!(o, "   <data key=\"startline\">{}</data>", inv.at.line);
                o.push_str("   <data key=\"enterLoopHead\">true</data>\n  </edge>\n");
                let _ = writeln!(o, "  <edge source=\"N{id}\" target=\"N0\"/>");
            }
        }
    }
    o.push_str(" </graph>\n</graphml>\n");
    o
}
