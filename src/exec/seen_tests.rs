//! State matching at loop headers (`verify::seen`): loops with a nondeterministic exit end
//! when their live state repeats, and a target is still reached whenever some iteration can
//! reach it (a live difference, an escaped local, a symbolic value that changes).

use super::sym_tests::{compile_sym, NoOut};
use super::*;
use std::sync::Arc;

/// Runs with state matching on every function, under an instruction budget; returns the
/// outcome and whether a `reach_error` path was found.
fn run_matching(src: &str, opt: &str) -> (Outcome, bool) {
    let m = compile_sym(src, opt);
    let cfg = Config {
        search: vec![crate::search::SearchKind::Dfs],
        // Small: a loop that does not close fails fast (its paths get deep, and each query
        // slices the whole path condition).
        max_instructions: 20_000,
        path_inputs: false,
        state_matching: Some(Arc::new(crate::ir::liveness::Liveness::new(&m, &|_| true))),
        ..Config::default()
    };
    let o = run(&m, &cfg, &mut NoOut).unwrap();
    let reached = o
        .paths
        .iter()
        .any(|p| matches!(&p.end, End::Error(e) if e.message.contains("reach_error")));
    (o, reached)
}

fn halted(o: &Outcome) -> usize {
    o.paths
        .iter()
        .filter(|p| matches!(&p.end, End::Early(_)))
        .count()
}

/// The locks pattern: the conditions are chosen once, the locks reset every iteration.
const LOCKS: &str = r#"
int main(void) {
  int p1 = __VERIFIER_nondet_int(), p2 = __VERIFIER_nondet_int();
  int lk1, lk2;
  while (1) {
    if (__VERIFIER_nondet_int() == 0) break;
    lk1 = 0; lk2 = 0;
    if (p1 != 0) lk1 = 1;
    if (p2 != 0) lk2 = 1;
    if (p1 != 0) { if (lk1 != 1) reach_error(); lk1 = 0; }
    if (p2 != 0) { if (lk2 != BAD) reach_error(); lk2 = 0; }
  }
  return 0;
}
"#;

#[test]
fn a_repeated_loop_state_ends_the_path_and_the_run_completes() {
    for opt in ["-O0", "-O2"] {
        let (o, reached) = run_matching(&LOCKS.replace("BAD", "1"), opt);
        assert!(!reached, "{opt}");
        assert_eq!(halted(&o), 0, "{opt}: the run must finish by itself");
        assert!(
            o.states_matched > 0,
            "{opt}: no state matched: {:?}",
            o.paths.len()
        );
        let (_, reached) = run_matching(&LOCKS.replace("BAD", "0"), opt);
        assert!(reached, "{opt}: the buggy lock is reachable");
    }
}

#[test]
fn a_live_counter_is_not_matched_away() {
    // The state at the loop head differs by `i` each time: the fifth iteration is reached.
    let src = r#"
int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    i++;
    if (i == 5) reach_error();
  }
  return 0;
}
"#;
    for opt in ["-O0", "-O2"] {
        let (_, reached) = run_matching(src, opt);
        assert!(reached, "{opt}");
    }
}

#[test]
fn a_local_whose_address_escapes_stays_live() {
    // `t` is written after it is read, but through a pointer: it is not a tracked local, so the
    // second iteration (t == 1) is not pruned as a repeat of the first (t == 0).
    let src = r#"
__attribute__((noinline)) void set(int *p) { *p = 1; }
int main(void) {
  int t = 0;
  int *p = &t;
  while (__VERIFIER_nondet_int()) {
    if (*p == 1) reach_error();
    set(p);
  }
  return 0;
}
"#;
    for opt in ["-O0", "-O2"] {
        let (_, reached) = run_matching(src, opt);
        assert!(reached, "{opt}");
    }
}

#[test]
fn a_changing_symbolic_value_is_not_matched_away() {
    // `x` is symbolic and grows every iteration: no ancestor state equals a later one.
    let src = r#"
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x == 0);
  while (__VERIFIER_nondet_int()) {
    x = x + 1;
    if (x == 3) reach_error();
  }
  return 0;
}
"#;
    for opt in ["-O0", "-O2"] {
        let (_, reached) = run_matching(src, opt);
        assert!(reached, "{opt}");
    }
}

#[test]
fn a_global_state_machine_closes() {
    // RERS-like: a concrete global state driven by symbolic inputs; its state space is finite.
    let src = r#"
int s = 0;
int main(void) {
  while (1) {
    int in = __VERIFIER_nondet_int();
    if (in < 0 || in > 2) return 0;
    if (s == 0 && in == 1) s = 1;
    else if (s == 1 && in == 2) s = 2;
    else if (s == 2 && in == 0) s = 0;
    if (s == 3) reach_error();
  }
}
"#;
    for opt in ["-O0", "-O2"] {
        let (o, reached) = run_matching(src, opt);
        assert!(!reached, "{opt}");
        assert_eq!(halted(&o), 0, "{opt}: the run must finish by itself");
        let (_, reached) = run_matching(&src.replace("s = 0;\n    if", "s = 3;\n    if"), opt);
        assert!(reached, "{opt}: s = 3 after the third input is reachable");
    }
}

#[test]
fn a_state_machine_stepped_by_a_call_closes() {
    // RERS's shape: the step is a call whose result is stored in a local. The check at the
    // loop's latch, where that result is live, must not use up the header's, where the state
    // is concrete (a regression: every RERS task ran out of time).
    let src = r#"
int s = 0;
int step(int in) {
  if (s == 0 && in == 1) { s = 1; return 20; }
  if (s == 1 && in == 2) { s = 2; return 21; }
  if (s == 2 && in == 3) { s = 0; return 22; }
  if (s == 3) reach_error();
  return in;
}
int main(void) {
  int out = -1;
  while (1) {
    int in = __VERIFIER_nondet_int();
    if (in != 1 && in != 2 && in != 3) return -2;
    out = step(in);
  }
}
"#;
    for opt in ["-O0", "-O2"] {
        let (o, reached) = run_matching(src, opt);
        assert!(!reached, "{opt}");
        assert_eq!(halted(&o), 0, "{opt}: the run must finish by itself");
        assert!(o.states_matched > 0, "{opt}");
        let (_, reached) = run_matching(&src.replace("s = 0; return 22", "s = 3; return 22"), opt);
        assert!(reached, "{opt}: s = 3 after the third input is reachable");
    }
}
