use std::sync::Arc;

use super::*;
use crate::exec::sym_tests::{compile_sym, prelude_lines, NoOut};
use crate::exec::{self, Config};

const SRC: &str = r#"
int main(void) {
  int x = klee_int("x");
  if (x > 5)               // @br
    r1();                  // @then
  else
    r2();                  // @else
  switch (x) {             // @switch
  case 1: r0(); break;
  case 2: case 3: r3(); break;
  default: break;
  }
  if (x > 100 && x < 50)   // @and
    r3();                  // @dead
  return 0;
}
"#;

/// The line of `SRC` carrying `marker`, in the compiled file.
fn line(marker: &str) -> u32 {
    let n = SRC.lines().position(|l| l.contains(marker)).unwrap() as u32;
    n + prelude_lines() + 1
}

/// Runs `SRC` at `opt` and builds its model, `r0` counted as library code.
fn model(opt: &str) -> (Model, ir::Module) {
    let m = compile_sym(SRC, opt);
    let cov = Arc::new(Coverage::new(&m));
    let cfg = Config {
        coverage: Some(cov.clone()),
        ..Config::default()
    };
    exec::run(&m, &cfg, &mut NoOut).unwrap();
    (Model::new(&m, &cov, &|n| n != "r0"), m)
}

#[test]
fn lines_branches_and_switch_targets_of_a_run() {
    let (m, _) = model("-O0");
    assert_eq!(m.files.len(), 1);
    let f = &m.files[0];
    let at = |k: &str| &f.lines[&line(k)];
    for k in ["@br", "@then", "@else", "@switch", "@and"] {
        assert!(at(k).hit(), "{k} ran");
    }
    assert!(!at("@dead").hit(), "the infeasible call never ran");
    // Both sides of the first branch; the switch's three distinct targets.
    let br = &at("@br").branches;
    assert_eq!(br.len(), 1);
    assert!(br[0].executed && br[0].arms.iter().all(|a| a.taken));
    let sw = &at("@switch").branches[0];
    let labels: Vec<&str> = sw.arms.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(labels, ["case 1", "case 2, 3", "default"]);
    assert!(sw.arms.iter().all(|a| a.taken));
    // `x > 100 && x < 50` at -O0: two conditional branches on one line, the second's true side
    // infeasible.
    let and = &at("@and").branches;
    assert_eq!(and.len(), 2);
    assert_eq!((and[0].id, and[1].id), (0, 1));
    assert!(and[0].arms.iter().all(|a| a.taken));
    assert_eq!(
        and[1].arms.iter().map(|a| a.taken).collect::<Vec<_>>(),
        [false, true]
    );
    assert!(at("@and").partly() && !at("@br").partly());
}

#[test]
fn the_library_is_apart_and_totals_add_up() {
    let (m, module) = model("-O0");
    assert_eq!(m.library_functions.len(), 1);
    assert_eq!(m.library_functions[0].name, "r0");
    assert_eq!(m.library_totals.functions, 1);
    let names: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
    for n in ["main", "r1", "r2", "r3"] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    // r3 ran (case 2, 3), so every program function was entered.
    assert_eq!(m.totals.functions, 4);
    assert_eq!(m.totals.functions_hit, 4);
    let f = &m.files[0];
    assert_eq!(f.totals, m.totals);
    assert_eq!(f.totals.lines, f.lines.len() as u64);
    assert_eq!(
        f.totals.lines_hit,
        f.lines.values().filter(|l| l.hit()).count() as u64
    );
    // 2 + 3 + 2 + 2 branch outcomes, all but the infeasible one taken.
    assert_eq!((m.totals.branches, m.totals.branches_hit), (9, 8));
    let code: u64 = names
        .iter()
        .map(|n| module.func(module.func_by_name[*n]).code.len() as u64)
        .sum();
    assert_eq!(m.totals.instructions, code);
    assert!(m.totals.instructions_hit < code && m.totals.blocks_hit < m.totals.blocks);
    let main = m.functions.iter().find(|f| f.name == "main").unwrap();
    assert_eq!(main.line, line("int main"));
    assert!(main.entered && main.totals.lines_hit + 1 == main.totals.lines);
}

#[test]
fn lcov_tracefile_matches_the_model() {
    let (m, _) = model("-O0");
    let text = lcov::render(&m);
    let t = m.totals;
    assert_eq!(
        lcov::summary(&text),
        [
            t.lines,
            t.lines_hit,
            t.branches,
            t.branches_hit,
            t.functions,
            t.functions_hit
        ]
    );
    assert!(text.starts_with("TN:\nSF:/"));
    assert!(text.ends_with("end_of_record\n"));
    let and = line("@and");
    assert!(text.contains(&format!("BRDA:{and},1,0,0\nBRDA:{and},1,1,1\n")));
    assert!(text.contains(&format!("DA:{},0\n", line("@dead"))));
    assert!(text.contains(&format!("FN:{},main\n", line("int main"))));
    assert!(!text.contains(",r0\n"), "library functions are left out");
}

#[test]
fn a_run_without_coverage_of_a_branch_writes_dashes() {
    // A branch whose instruction never ran: `-` for each outcome, as geninfo.
    let src = r#"
int main(void) {
  int x = klee_int("x");
  if (x == 1) return 0;
  if (x == 2 ? r1() : r2()) return 1;
  return 2;
}
"#;
    let m = compile_sym(src, "-O0");
    let cov = Arc::new(Coverage::new(&m));
    let model = Model::new(&m, &cov, &|_| true);
    let text = lcov::render(&model);
    assert!(text.contains(",0,0,-\n") && !text.contains(",0,1\n"));
    assert_eq!(model.totals.lines_hit, 0);
}
