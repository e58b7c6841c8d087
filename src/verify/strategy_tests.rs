//! The strategy of `trex verify` on small C programs (clang-14, no C library): which run
//! settles which target, and why.

use std::collections::HashSet;
use std::time::Duration;

use super::abstraction::{drop_failed, fresh};
use super::*;
use crate::exec::sym_tests::compile_sym;
use crate::exec::{self, control};
use crate::output::OutputDir;
use crate::search::SearchKind;

/// Options as `trex verify` sets them, without progress line or ctrl-c.
fn options(interpolation: bool, max_time: u64) -> Options {
    Options {
        base: exec::Config {
            search: vec![SearchKind::Dfs],
            interpolation,
            path_inputs: false,
            limits: control::Limits {
                max_time: Some(Duration::from_secs(max_time)),
                dump_states_on_halt: false,
                ..control::Limits::default()
            },
            ..exec::Config::default()
        },
        state_matching: true,
        loop_abstraction: true,
        one_target_at_a_time: false,
        first_hit_halts: false,
        test_args: vec!["trex".into(), "verify".into()],
        engines: crate::verify::Engines::Symbolic,
    }
}

/// Verifies the `reach_error` calls of `src` at `opt`; the output directory lives as long as
/// the returned guard.
fn check(src: &str, opt: &str, opts: &Options) -> (Verification, tempfile::TempDir) {
    let m = compile_sym(src, opt);
    let own = own_functions(&m);
    let own = |n: &str| own.contains(n);
    let sel = Selection::Calls(vec!["reach_error".into()]);
    let targets = collect(&m, &own, &sel).unwrap();
    assert!(!targets.is_empty(), "no target");
    let dir = tempfile::tempdir().unwrap();
    let mut out = OutputDir::create(Some(&dir.path().join("out")), dir.path()).unwrap();
    let v = verify(&m, &own, &targets, opts, &mut out, &mut ()).unwrap();
    (v, dir)
}

fn verdicts(v: &Verification) -> Vec<&'static str> {
    v.targets.iter().map(|t| t.verdict.name()).collect()
}

/// (loop abstraction, targets listed) of each run.
fn runs(v: &Verification) -> Vec<(bool, Vec<u32>)> {
    v.runs
        .iter()
        .map(|r| (r.loop_abstraction, r.targets.clone()))
        .collect()
}

#[test]
fn unhit_target_of_a_complete_abstracted_run_is_unreachable() {
    // The exact exploration never ends (one more iteration per path): only the abstracted
    // run can prove it, and no exact run follows.
    let src = r#"int main(void) {
        int x = __VERIFIER_nondet_int();
        while (x > 0) { if (__VERIFIER_nondet_bool()) x -= 1; else x -= 2; }
        if (x > 0) reach_error();
        return 0; }"#;
    let (v, _d) = check(src, "-O0", &options(false, 8));
    assert_eq!(verdicts(&v), ["UNREACHABLE"]);
    assert_eq!(runs(&v), [(true, vec![1])]);
    assert_eq!(v.runs[0].incomplete_reason, None);
}

#[test]
fn hits_of_an_abstracted_run_go_to_the_exact_run() {
    // Both targets are hit under the abstraction (i havocked); the first is unreachable (the
    // loop ends with i == 10), the second reachable: only the exact run tells them apart.
    // (-O0: -O2 merges the two calls into one.)
    let src = r#"int main(void) {
        int n = __VERIFIER_nondet_int();
        int i = 0;
        while (i < 10) i++;
        if (i == 11) reach_error();
        if (n == 42 && i == 10) reach_error();
        return 0; }"#;
    let (v, _d) = check(src, "-O0", &options(false, 8));
    assert_eq!(verdicts(&v), ["UNREACHABLE", "REACHABLE"]);
    assert_eq!(runs(&v), [(true, vec![]), (false, vec![1, 2])]);
    let hit = &v.targets[1];
    assert_eq!(hit.replay_confirmed, Some(true));
    assert!(hit.test.as_ref().is_some_and(|t| t.exists()));
    assert_eq!(v.targets[0].test, None);
}

#[test]
fn a_gap_leaves_unreached_targets_unknown_with_the_gap_as_reason() {
    // No loop, so no abstracted run; the target is infeasible.
    let src = r#"int main(void) {
        int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
        if (a > 0) r1();
        if (b > 0) r2();
        if (a > 0 && b > 0 && a + b == 1) reach_error();
        return 0; }"#;
    let (v, _d) = check(src, "-O0", &options(false, 8));
    assert_eq!(verdicts(&v), ["UNREACHABLE"]);
    assert_eq!(runs(&v), [(false, vec![1])]);
    let mut opts = options(false, 8);
    opts.base.max_depth = Some(1);
    let (v, _d) = check(src, "-O0", &opts);
    let gap = v.runs[0].incomplete_reason.clone().expect("a gap");
    assert!(gap.starts_with("fork budget"), "{gap}");
    assert_eq!(v.targets[0].verdict, Verdict::Unknown(gap));
}

#[test]
fn an_abstracted_run_with_a_gap_proves_nothing() {
    let src = r#"int main(void) {
        int x = __VERIFIER_nondet_int();
        while (x > 0) { if (__VERIFIER_nondet_bool()) x -= 1; else x -= 2; }
        if (x > 0) reach_error();
        return 0; }"#;
    let mut opts = options(false, 8);
    opts.base.max_depth = Some(1);
    let (v, _d) = check(src, "-O0", &opts);
    assert_eq!(runs(&v), [(true, vec![]), (false, vec![1])]);
    assert!(v.runs[0].incomplete_reason.is_some());
    let Verdict::Unknown(why) = &v.targets[0].verdict else {
        panic!("{:?}", v.targets[0].verdict)
    };
    assert!(why.starts_with("fork budget"), "{why}");
}

#[test]
fn a_failed_invariant_candidate_is_dropped_and_the_run_repeated() {
    // From the spurious hit after the loop: `z == 2 t + 10` (inductive) and, at -O0,
    // `z >= 10` (not kept by an iteration: it wraps). The run assuming both fails; the one
    // without the failed candidate proves the target.
    let src = r#"int main(void) {
        unsigned z = 10, t = 0;
        while (z >= 10) {
            unsigned k = __VERIFIER_nondet_int() ? 1 : 2;
            z += 2 * k;
            t += k;
        }
        if (z != 2 * t + 10) reach_error();
        return 0; }"#;
    let (v, _d) = check(src, "-O0", &options(true, 8));
    assert_eq!(verdicts(&v), ["UNREACHABLE"]);
    let failed = v
        .runs
        .iter()
        .position(|r| r.invariants_failed > 0)
        .expect("a failed candidate");
    let (before, after) = (&v.runs[failed], &v.runs[failed + 1]);
    assert!(after.loop_abstraction);
    assert_eq!(
        after.invariants_assumed,
        before.invariants_assumed - before.invariants_failed
    );
    // What a run with a failed candidate proved does not count.
    assert!(before.targets.is_empty());
    assert_eq!(v.runs.last().unwrap().targets, [1]);
    assert!(v.runs.iter().all(|r| r.loop_abstraction));
}

#[test]
fn candidates_failing_their_checks_leave_the_target_to_the_exact_run() {
    // `w % 2 == 0` and `w >= 10` are kept by every iteration but fail at the entry.
    let src = r#"unsigned __VERIFIER_nondet_uint(void);
    int main(void) {
        unsigned w = __VERIFIER_nondet_uint();
        while (w >= 10) w += 2;
        if (w % 2) reach_error();
        return 0; }"#;
    let (v, _d) = check(src, "-O0", &options(true, 8));
    assert_eq!(verdicts(&v), ["REACHABLE"]);
    assert!(v.runs.iter().any(|r| r.invariants_failed > 0));
    assert_eq!(runs(&v).last(), Some(&(false, vec![1])));
}

#[test]
fn a_witness_that_does_not_replay_is_unknown() {
    // Symbolic while exploring, concrete when replayed: the hit does not happen again.
    let src = r#"int main(void) {
        int x;
        klee_make_symbolic(&x, sizeof x, "x");
        if (klee_is_symbolic(x)) reach_error();
        return 0; }"#;
    let (v, _d) = check(src, "-O0", &options(false, 8));
    let t = &v.targets[0];
    assert_eq!(t.replay_confirmed, Some(false));
    let test = t.test.as_ref().expect("a witness test");
    assert!(test.exists());
    let Verdict::Unknown(why) = &t.verdict else {
        panic!("{:?}", t.verdict)
    };
    assert!(why.starts_with("test did not replay: "), "{why}");
    assert!(why.contains(&test.display().to_string()), "{why}");
}

#[test]
fn one_target_at_a_time_makes_one_run_per_target() {
    let src = r#"int main(void) {
        int a = __VERIFIER_nondet_int();
        if (a == 3) reach_error();
        if (a == 3 && a == 4) reach_error();
        return 0; }"#;
    let mut opts = options(false, 8);
    opts.one_target_at_a_time = true;
    let (v, _d) = check(src, "-O0", &opts);
    assert_eq!(verdicts(&v), ["REACHABLE", "UNREACHABLE"]);
    assert_eq!(runs(&v), [(false, vec![1]), (false, vec![2])]);
}

#[test]
fn failed_candidates_are_dropped_and_not_learnt_again() {
    let mut assumed = vec![10, 11, 12, 13];
    let mut rejected = HashSet::new();
    drop_failed(&mut assumed, &[1, 3], &mut rejected);
    assert_eq!(assumed, [10, 12]);
    assert_eq!(rejected, HashSet::from([11, 13]));
    assert_eq!(fresh(vec![10, 11, 14, 13], &assumed, &rejected), [14]);
}
