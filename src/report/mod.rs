//! `report.html`: one self-contained page (inline CSS and SVG, no script, no network) from an
//! output directory (`inputs.rs`): the summary (line, block, branch and function coverage,
//! paths, tests, errors, subsumed paths, time), plots of coverage and paths against time,
//! the verdicts of `trex verify`, the errors with their tests and stacks, a table of the
//! functions, and each source file with its covered, uncovered and partly covered lines and
//! branch markers. The C library and runtime are totalled apart.
//!
//! The summary numbers carry `data-metric` / `data-hit` / `data-total` attributes
//! (`scripts/check-report.sh` compares them with `coverage.lcov`).

pub mod inputs;
pub mod svg;

use std::fmt::Write;

use crate::coverage::{percent, File, Line, Totals};
use inputs::Inputs;

/// HTML-escapes text.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// The anchor of a source file's section.
fn file_anchor(i: usize) -> String {
    format!("file-{i}")
}

/// `a/b/c.c` -> `c.c` (paths are shown whole in titles).
fn short(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

const CSS: &str = r#"
:root { --ok:#1e8e3e; --ok-bg:#e6f4ea; --bad:#d93025; --bad-bg:#fce8e6; --part:#b06000;
  --part-bg:#fef7e0; --ink:#202124; --mute:#5f6368; --line:#dadce0; --card:#f8f9fa; --acc:#1a73e8; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: #fff; }
header { padding: 20px 32px 12px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0 0 4px; font-size: 22px; font-weight: 600; }
header .cmd { color: var(--mute); font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace;
  word-break: break-all; }
main { padding: 8px 32px 48px; max-width: 1280px; }
h2 { font-size: 17px; margin: 28px 0 10px; font-weight: 600; }
h3 { font-size: 15px; margin: 0; font-weight: 600; display: inline; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 12px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
.card .name { color: var(--mute); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.card .big { font-size: 24px; font-weight: 600; }
.card .sub { color: var(--mute); font-size: 12px; }
.bar { height: 6px; background: var(--bad-bg); border-radius: 3px; overflow: hidden; margin-top: 6px; }
.bar > span { display: block; height: 100%; background: var(--ok); }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 16px; }
.chart { width: 100%; height: auto; background: #fff; border: 1px solid var(--line); border-radius: 8px; }
.chart .grid { stroke: #eceff1; } .chart .axis { stroke: #9aa0a6; }
.chart .tick, .chart .legend { font-size: 11px; fill: var(--mute); }
.chart .axis-name { font-size: 11px; fill: var(--mute); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--mute); font-size: 12px; background: var(--card); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.pill { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
.REACHABLE { background: var(--bad-bg); color: var(--bad); }
.UNREACHABLE { background: var(--ok-bg); color: var(--ok); }
.UNKNOWN { background: var(--part-bg); color: var(--part); }
.err { border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 6px;
  padding: 8px 14px; margin: 10px 0; }
.err .msg { font-weight: 600; } .err .where { color: var(--mute); }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
pre.stack { margin: 6px 0; background: var(--card); padding: 6px 10px; border-radius: 4px; white-space: pre-wrap; }
details.file { border: 1px solid var(--line); border-radius: 8px; margin: 10px 0; overflow: hidden; }
details.file > summary { padding: 8px 14px; cursor: pointer; background: var(--card); list-style: revert; }
details.file > summary .stats { color: var(--mute); font-size: 12px; margin-left: 12px; }
table.src { width: 100%; border: 0; }
table.src td { border: 0; padding: 0 8px; white-space: pre; font-family: ui-monospace, "DejaVu Sans Mono", monospace;
  font-size: 12.5px; line-height: 1.5; }
table.src td.n { color: #9aa0a6; text-align: right; width: 1%; user-select: none; }
table.src td.m { width: 1%; padding: 0 4px; }
table.src tr.hit td.code { background: var(--ok-bg); }
table.src tr.miss td.code { background: var(--bad-bg); }
table.src tr.part td.code { background: var(--part-bg); }
table.src tr.hit td.n { border-right: 3px solid var(--ok); }
table.src tr.miss td.n { border-right: 3px solid var(--bad); }
table.src tr.part td.n { border-right: 3px solid #f9ab00; }
table.src tr:not(.hit):not(.miss):not(.part) td.n { border-right: 3px solid transparent; }
.br { display: inline-block; min-width: 14px; padding: 0 3px; margin-right: 2px; border-radius: 3px;
  font-size: 10.5px; line-height: 15px; text-align: center; font-weight: 600; }
.br.t { background: var(--ok); color: #fff; } .br.n { background: var(--bad); color: #fff; }
.br.x { background: #bdc1c6; color: #fff; }
.br.p { background: #fff; color: #5f6368; border: 1px dashed #5f6368; text-decoration: line-through; }
.legend-row { color: var(--mute); font-size: 12px; margin: 6px 0; }
.legend-row span { margin-right: 14px; }
.sw { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
.muted { color: var(--mute); }
a { color: var(--acc); text-decoration: none; } a:hover { text-decoration: underline; }
"#;

/// A summary card with a coverage bar.
fn coverage_card(s: &mut String, name: &str, metric: &str, hit: u64, total: u64) {
    let p = percent(hit, total);
    let _ = write!(
        s,
        r#"<div class="card" data-metric="{metric}" data-hit="{hit}" data-total="{total}"><div class="name">{name}</div><div class="big">{p:.1}%</div><div class="sub"><span class="hit">{hit}</span> of <span class="total">{total}</span></div><div class="bar"><span style="width:{p:.1}%"></span></div></div>"#
    );
}

fn count_card(s: &mut String, name: &str, metric: &str, value: &str, sub: &str) {
    let _ = write!(
        s,
        r#"<div class="card" data-metric="{metric}"><div class="name">{name}</div><div class="big">{}</div><div class="sub">{}</div></div>"#,
        esc(value),
        esc(sub)
    );
}

fn ratio(hit: u64, total: u64) -> String {
    if total == 0 {
        "–".into()
    } else {
        format!("{hit}/{total} ({:.0}%)", percent(hit, total))
    }
}

/// The branch markers of a line: one badge per outcome (taken, not taken, never reached,
/// proved unreachable by `trex cover`).
fn branch_badges(l: &Line) -> String {
    let mut s = String::new();
    for b in &l.branches {
        for a in &b.arms {
            let (class, state) = match (b.executed, a.taken) {
                (_, true) => ("t", "taken"),
                _ if a.proved => ("p", "proved unreachable"),
                (true, false) => ("n", "never taken"),
                (false, false) => ("x", "not reached"),
            };
            let mark = match a.label.as_str() {
                "true" => "T".to_string(),
                "false" => "F".to_string(),
                "default" => "d".to_string(),
                l => l
                    .strip_prefix("case ")
                    .map(|v| v.split(',').next().unwrap_or(v).trim().to_string())
                    .unwrap_or_else(|| l.to_string()),
            };
            let _ = write!(
                s,
                r#"<span class="br {class}" title="{}: {state}">{}</span>"#,
                esc(&a.label),
                esc(&mark)
            );
        }
    }
    s
}

fn source_view(s: &mut String, i: usize, f: &File, src: Option<&str>, open: bool) {
    let t = &f.totals;
    let _ = write!(
        s,
        r#"<details class="file" id="{}"{}><summary><h3>{}</h3><span class="stats">lines {} · branches {} · functions {}</span><div class="muted mono">{}</div></summary>"#,
        file_anchor(i),
        if open { " open" } else { "" },
        esc(short(&f.path)),
        ratio(t.lines_hit, t.lines),
        ratio(t.branches_hit, t.branches),
        ratio(t.functions_hit, t.functions),
        esc(&f.path)
    );
    s.push_str(r#"<table class="src">"#);
    let text_lines: Vec<&str> = match src {
        Some(text) => text.lines().collect(),
        None => Vec::new(),
    };
    let last = f
        .lines
        .keys()
        .next_back()
        .copied()
        .unwrap_or(0)
        .max(text_lines.len() as u32);
    if src.is_none() {
        s.push_str(r#"<tr><td class="muted" colspan="4">source not available: the lines with code only</td></tr>"#);
    }
    for n in 1..=last {
        let line = f.lines.get(&n);
        if src.is_none() && line.is_none() {
            continue;
        }
        let class = match line {
            None => "",
            Some(l) if l.partly() => "part",
            Some(l) if l.hit() => "hit",
            Some(_) => "miss",
        };
        let code = text_lines.get(n as usize - 1).copied().unwrap_or("");
        let _ = write!(
            s,
            r#"<tr class="{class}" id="{}-L{n}"><td class="n">{n}</td><td class="m">{}</td><td class="code">{}</td></tr>"#,
            file_anchor(i),
            line.map(branch_badges).unwrap_or_default(),
            esc(code)
        );
    }
    s.push_str("</table></details>");
}

/// Bytes as a short readable value: the integer (little-endian) for up to 8 bytes, else hex.
fn show_bytes(b: &[u8]) -> String {
    if !b.is_empty() && b.len() <= 8 {
        let mut v = 0u64;
        for (i, x) in b.iter().enumerate() {
            v |= (*x as u64) << (8 * i);
        }
        let signed = if b.len() < 8 {
            let shift = 64 - 8 * b.len() as u32;
            ((v << shift) as i64) >> shift
        } else {
            v as i64
        };
        if signed < 0 {
            format!("{signed} (0x{v:x})")
        } else {
            format!("{v}")
        }
    } else {
        let hex: Vec<String> = b.iter().take(64).map(|x| format!("{x:02x}")).collect();
        let more = if b.len() > 64 { " …" } else { "" };
        format!("{}{more}", hex.join(" "))
    }
}

/// The page.
pub fn render(inp: &Inputs) -> String {
    let m = &inp.saved.model;
    let t: &Totals = &m.totals;
    let c = &inp.counts;
    let title = if inp.verdicts.is_some() {
        "trex verify report"
    } else if inp.saved.command == "cover" {
        "trex cover report"
    } else {
        "trex run report"
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}: {}</title><style>{CSS}</style></head><body><header><h1>{title}</h1><div class="cmd">{}</div><div class="cmd">{}</div></header><main>"#,
        esc(&inp.dir.display().to_string()),
        esc(&inp.command),
        esc(&inp.dir.display().to_string())
    );

    // Summary.
    s.push_str(r#"<h2>Summary</h2><div class="cards">"#);
    coverage_card(&mut s, "Lines", "lines", t.lines_hit, t.lines);
    coverage_card(&mut s, "Branches", "branches", t.branches_hit, t.branches);
    if t.branches_proved > 0 {
        // (`trex cover`: coverage of the outcomes not proved unreachable.)
        coverage_card(
            &mut s,
            "Branches not proved unreachable",
            "branches-reachable",
            t.branches_hit,
            t.branches - t.branches_proved,
        );
    }
    coverage_card(
        &mut s,
        "Functions",
        "functions",
        t.functions_hit,
        t.functions,
    );
    coverage_card(&mut s, "Basic blocks", "blocks", t.blocks_hit, t.blocks);
    coverage_card(
        &mut s,
        "Instructions",
        "instructions",
        t.instructions_hit,
        t.instructions,
    );
    count_card(
        &mut s,
        "Paths",
        "paths",
        &(c.completed + c.partial).to_string(),
        &format!("{} completed, {} partial", c.completed, c.partial),
    );
    count_card(
        &mut s,
        "Tests",
        "tests",
        &c.tests.to_string(),
        "test files written",
    );
    count_card(
        &mut s,
        "Errors",
        "errors",
        &inp.errors.len().to_string(),
        "reported (once per location)",
    );
    match c.subsumed {
        Some(n) => count_card(
            &mut s,
            "Subsumed paths",
            "subsumed",
            &n.to_string(),
            "pruned by interpolation",
        ),
        None => count_card(
            &mut s,
            "Subsumed paths",
            "subsumed",
            "–",
            "interpolation off",
        ),
    }
    count_card(
        &mut s,
        "Time",
        "time",
        &format!("{:.2} s", c.time),
        &format!(
            "{} instructions{}",
            c.instructions,
            c.queries
                .map(|q| format!(", {q} queries"))
                .unwrap_or_default()
        ),
    );
    s.push_str("</div>");
    let lib = &m.library_totals;
    if lib.functions > 0 {
        let _ = write!(
            s,
            r#"<p class="muted">The C library and runtime linked in are not counted above: {} of {} functions entered, {} of {} lines ({} files).</p>"#,
            lib.functions_hit,
            lib.functions,
            lib.lines_hit,
            lib.lines,
            m.library.len()
        );
    }

    // Plots.
    let samples = &inp.saved.timeline.samples;
    if samples.len() > 1 {
        let pts = |f: &dyn Fn(&crate::coverage::timeline::Sample) -> f64| {
            samples.iter().map(|x| (x.time, f(x))).collect::<Vec<_>>()
        };
        s.push_str(r#"<h2>Progress</h2><div class="charts">"#);
        s.push_str(&svg::chart(
            "Covered basic blocks against time",
            "blocks",
            &[svg::Series {
                name: "covered blocks",
                color: "#1e8e3e",
                points: pts(&|x| x.blocks as f64),
            }],
            Some(t.blocks as f64),
        ));
        s.push_str(&svg::chart(
            "Paths against time",
            "paths",
            &[
                svg::Series {
                    name: "paths ended",
                    color: "#1a73e8",
                    points: pts(&|x| x.paths as f64),
                },
                svg::Series {
                    name: "paths pending",
                    color: "#f9ab00",
                    points: pts(&|x| x.pending as f64),
                },
            ],
            None,
        ));
        s.push_str("</div>");
    }

    // Verdicts.
    if let Some(rows) = &inp.verdicts {
        s.push_str(r#"<h2>Verdicts</h2><table><tr><th>ID</th><th>Verdict</th><th>Location</th><th>Target</th><th>Detail</th><th class="num">Time (s)</th></tr>"#);
        for r in rows {
            let link = m
                .files
                .iter()
                .position(|f| f.path == r.file)
                .map(|i| format!("#{}-L{}", file_anchor(i), r.line));
            let loc = match link {
                Some(l) => format!(r#"<a href="{l}">{}</a>"#, esc(&r.location)),
                None => esc(&r.location),
            };
            let _ = write!(
                s,
                r#"<tr><td>{}</td><td><span class="pill {}">{}</span></td><td class="mono">{loc}</td><td class="mono">{}</td><td>{}</td><td class="num">{:.2}</td></tr>"#,
                r.id,
                esc(&r.verdict),
                esc(&r.verdict),
                esc(&r.target),
                esc(&r.detail),
                r.time
            );
        }
        s.push_str("</table>");
    }

    // Errors.
    let _ = write!(s, "<h2>Errors ({})</h2>", inp.errors.len());
    if inp.errors.is_empty() {
        s.push_str(r#"<p class="muted">No error was found.</p>"#);
    }
    for e in &inp.errors {
        let link = m
            .files
            .iter()
            .position(|f| f.path == e.file)
            .map(|i| format!("#{}-L{}", file_anchor(i), e.line));
        let place = format!("{}:{}", short(&e.file), e.line);
        let place = match link {
            Some(l) => format!(r#"<a href="{l}">{}</a>"#, esc(&place)),
            None => esc(&place),
        };
        let _ = write!(
            s,
            r#"<div class="err"><div><span class="pill REACHABLE">{}</span> <span class="msg">{}</span> <span class="where">at {place}</span></div><div class="muted">test: <code>{}.ktest</code></div>"#,
            esc(&e.kind),
            esc(&e.message),
            esc(&e.test)
        );
        if !e.inputs.is_empty() {
            s.push_str(r#"<table><tr><th>input</th><th>bytes</th><th>value</th></tr>"#);
            for (name, bytes) in &e.inputs {
                let _ = write!(
                    s,
                    r#"<tr><td class="mono">{}</td><td class="num">{}</td><td class="mono">{}</td></tr>"#,
                    esc(name),
                    bytes.len(),
                    esc(&show_bytes(bytes))
                );
            }
            s.push_str("</table>");
        }
        if !e.stack.is_empty() {
            let _ = write!(
                s,
                r#"<pre class="stack">{}</pre>"#,
                esc(&e.stack.join("\n"))
            );
        }
        s.push_str("</div>");
    }

    // Functions.
    s.push_str(r#"<h2>Functions</h2><table><tr><th>Function</th><th>Location</th><th class="num">Lines</th><th class="num">Blocks</th><th class="num">Branches</th><th class="num">Instructions</th></tr>"#);
    let mut order: Vec<usize> = (0..m.functions.len()).collect();
    order.sort_by_key(|&i| (m.functions[i].file, m.functions[i].line));
    for i in order {
        let f = &m.functions[i];
        let ft = &f.totals;
        let loc = match f.file {
            Some(fi) => format!(
                r##"<a href="#{}-L{}">{}:{}</a>"##,
                file_anchor(fi),
                f.line,
                esc(short(&m.files[fi].path)),
                f.line
            ),
            None => "–".into(),
        };
        let _ = write!(
            s,
            r#"<tr{}><td class="mono">{}{}</td><td class="mono">{loc}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td></tr>"#,
            if f.entered {
                ""
            } else {
                r#" style="color:var(--bad)""#
            },
            esc(&f.name),
            if f.entered { "" } else { " (never called)" },
            ratio(ft.lines_hit, ft.lines),
            ratio(ft.blocks_hit, ft.blocks),
            ratio(ft.branches_hit, ft.branches),
            ratio(ft.instructions_hit, ft.instructions),
        );
    }
    s.push_str("</table>");

    // Files.
    s.push_str(r#"<h2>Source files</h2><div class="legend-row"><span><i class="sw" style="background:var(--ok-bg);border:1px solid var(--ok)"></i>covered</span><span><i class="sw" style="background:var(--bad-bg);border:1px solid var(--bad)"></i>not covered</span><span><i class="sw" style="background:var(--part-bg);border:1px solid #f9ab00"></i>partly covered (a branch outcome never taken)</span><span><i class="br t">T</i><i class="br n">F</i><i class="br x">d</i><i class="br p">F</i> branch outcome taken / never taken / branch not reached / proved unreachable (T true, F false, case value, d default)</span></div>"#);
    for (i, f) in m.files.iter().enumerate() {
        let src = inp.sources.get(&f.path).and_then(|x| x.as_deref());
        source_view(&mut s, i, f, src, i == 0 || m.files.len() <= 3);
    }
    s.push_str("</main></body></html>\n");
    s
}

#[cfg(test)]
mod tests;
