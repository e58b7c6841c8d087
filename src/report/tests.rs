use std::collections::HashMap;
use std::sync::Arc;

use super::inputs::{Counts, ErrorEntry, Inputs, VerdictRow};
use super::*;
use crate::coverage::timeline::{Sample, Timeline};
use crate::coverage::{Model, Saved};
use crate::exec::sym_tests::{compile_sym, NoOut};
use crate::exec::{self, Config};
use crate::search::Coverage;

const SRC: &str = r#"
int main(void) {
  int x = klee_int("x");
  if (x > 5 && x < 3)   // & <never>
    r1();
  return x == 7 ? r2() : 0;
}
"#;

fn inputs(verify: bool) -> Inputs {
    let m = compile_sym(SRC, "-O0");
    let cov = Arc::new(Coverage::new(&m));
    let cfg = Config {
        coverage: Some(cov.clone()),
        ..Config::default()
    };
    exec::run(&m, &cfg, &mut NoOut).unwrap();
    let model = Model::new(&m, &cov, &|_| true);
    let path = model.files[0].path.clone();
    let source = format!(
        "{}{}",
        "\n".repeat(crate::exec::sym_tests::prelude_lines() as usize),
        SRC
    );
    let samples = (0..5)
        .map(|i| Sample {
            time: i as f64 * 0.25,
            blocks: i,
            paths: i / 2,
            ..Sample::default()
        })
        .collect();
    Inputs {
        dir: "/tmp/klee-out-0".into(),
        command: "trex run <prog>.bc".into(),
        saved: Saved {
            command: "run".into(),
            model,
            timeline: Timeline { samples },
            goals: Vec::new(),
        },
        counts: Counts {
            completed: 2,
            partial: 1,
            tests: 3,
            subsumed: Some(4),
            instructions: 99,
            queries: Some(5),
            time: 1.0,
        },
        errors: vec![ErrorEntry {
            test: "test000003".into(),
            kind: "assert".into(),
            message: "ASSERTION FAIL: a < b".into(),
            file: path.clone(),
            line: 4,
            stack: vec!["main() at t.c:4".into()],
            inputs: vec![("x".into(), vec![0xff, 0xff, 0xff, 0xff])],
        }],
        verdicts: verify.then(|| {
            vec![VerdictRow {
                id: 1,
                verdict: "UNREACHABLE".into(),
                location: "t.c:4".into(),
                file: path.clone(),
                line: 4,
                target: "__assert_fail".into(),
                detail: String::new(),
                time: 0.5,
            }]
        }),
        sources: HashMap::from([(path, Some(source))]),
    }
}

/// The `data-hit` and `data-total` of a summary card.
fn metric(html: &str, name: &str) -> (u64, u64) {
    let at = html.find(&format!(r#"data-metric="{name}""#)).unwrap();
    let attr = |k: &str| -> u64 {
        let i = at + html[at..].find(&format!(r#"{k}=""#)).unwrap() + k.len() + 2;
        html[i..i + html[i..].find('"').unwrap()].parse().unwrap()
    };
    (attr("data-hit"), attr("data-total"))
}

#[test]
fn summary_numbers_are_the_models() {
    let inp = inputs(false);
    let html = render(&inp);
    let t = inp.saved.model.totals;
    assert_eq!(metric(&html, "lines"), (t.lines_hit, t.lines));
    assert_eq!(metric(&html, "branches"), (t.branches_hit, t.branches));
    assert_eq!(metric(&html, "functions"), (t.functions_hit, t.functions));
    assert_eq!(metric(&html, "blocks"), (t.blocks_hit, t.blocks));
    assert!(t.lines_hit < t.lines && t.branches_hit < t.branches);
    assert!(html.contains("2 completed, 1 partial"));
    assert!(html.contains(">3.00 s<") || html.contains(">1.00 s<"));
    // Plots, the error with its input (-1 as a 4-byte integer), no verdicts for a run.
    assert_eq!(html.matches("<svg").count(), 2);
    assert!(html.contains("-1 (0xffffffff)"));
    assert!(!html.contains("<h2>Verdicts"));
}

#[test]
fn the_page_is_self_contained_and_escaped() {
    let html = render(&inputs(true));
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    for external in ["<script", "<link", "src=", "url(", "@import", "https:"] {
        assert!(!html.contains(external), "{external}");
    }
    // The only URL is SVG's namespace.
    assert_eq!(html.matches("http:").count(), html.matches("<svg").count());
    assert!(html.contains("ASSERTION FAIL: a &lt; b"));
    assert!(html.contains("&amp; &lt;never&gt;"));
    assert!(html.contains(r#"<span class="pill UNREACHABLE">UNREACHABLE</span>"#));
    // Every link inside the page has its anchor.
    let mut rest = html.as_str();
    while let Some(i) = rest.find(r##"href="#"##) {
        let id = &rest[i + 7..];
        let id = &id[..id.find('"').unwrap()];
        assert!(html.contains(&format!(r#"id="{id}""#)), "anchor {id}");
        rest = &rest[i + 7..];
    }
}

#[test]
fn source_lines_are_marked() {
    let inp = inputs(false);
    let html = render(&inp);
    let off = crate::exec::sym_tests::prelude_lines();
    let row = |n: u32| {
        let key = format!(r#"id="file-0-L{}""#, n + off);
        let i = html.find(&key).unwrap();
        let start = html[..i].rfind("<tr").unwrap();
        html[start..i + html[i..].find("</tr>").unwrap()].to_string()
    };
    // `if (x > 5 && x < 3)`: ran, one outcome never taken; `r1();` never ran; line 1 (blank)
    // has no code.
    assert!(row(4).contains(r#"class="part""#), "{}", row(4));
    assert!(row(4).contains(r#"class="br n""#));
    assert!(row(5).contains(r#"class="miss""#));
    assert!(row(3).contains(r#"class="hit""#));
    assert!(row(1).contains(r#"<tr class="""#));
}

/// `trex cover`'s proved outcomes: their own badge, and a card of the coverage of the
/// outcomes not proved unreachable.
#[test]
fn proved_outcomes_are_shown_apart() {
    let mut inp = inputs(false);
    let model = &mut inp.saved.model;
    let mut proved = 0;
    for f in &mut model.files {
        for l in f.lines.values_mut() {
            for b in &mut l.branches {
                for a in b.arms.iter_mut().filter(|a| !a.taken) {
                    a.proved = true;
                    proved += 1;
                }
            }
        }
    }
    model.totals.branches_proved = proved;
    let t = model.totals;
    let html = render(&inp);
    assert!(proved > 0);
    assert_eq!(
        metric(&html, "branches-reachable"),
        (t.branches_hit, t.branches - proved)
    );
    assert!(html.contains(r#"<span class="br p" title="true: proved unreachable">"#));
    assert!(!html.contains(r#"<span class="br n""#));
    assert!(!html.contains("trex cover report"));
    inp.saved.command = "cover".into();
    assert!(render(&inp).contains("<title>trex cover report"));
    // Without proofs, no such card.
    assert!(!render(&inputs(false)).contains("branches-reachable"));
}
