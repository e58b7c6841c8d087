//! Seeding in the interpreter (`interp/seeding.rs`): the seeds go with the sides of forks
//! they satisfy (branches, switches, checked operations), a violated `klee_assume` patches
//! them, and the seeding phase runs the seeded paths first.

use super::sym_tests::{i32_of, run_sym_cfg, summary};
use super::*;
use crate::seed::{SeedInput, Seeding};
use std::sync::Arc;

fn seed(objs: &[(&str, &[u8])]) -> SeedInput {
    objs.iter()
        .map(|(n, b)| (n.to_string(), b.to_vec()))
        .collect::<Vec<_>>()
        .into()
}

fn seeded(seeds: Vec<SeedInput>, only_replay: bool) -> Config {
    Config {
        search: vec![crate::search::SearchKind::Dfs],
        limits: control::Limits {
            seeding: Some(Arc::new(Seeding {
                seeds,
                only_replay,
                always_output: true,
                ..Seeding::default()
            })),
            ..control::Limits::default()
        },
        ..Config::default()
    }
}

const SWITCH: &str = r#"int main(void) { int x; klee_make_symbolic(&x, sizeof x, "x");
    switch (x) { case 1: return r1(); case 2: return r2(); case 3: return r3(); }
    return r0(); }"#;

#[test]
fn only_replay_runs_the_cases_the_seeds_take() {
    for opt in ["-O0", "-O2"] {
        let cfg = seeded(
            vec![seed(&[("x", &[2, 0, 0, 0])]), seed(&[("x", &[9, 0, 0, 0])])],
            true,
        );
        let o = run_sym_cfg(SWITCH, opt, &cfg);
        assert_eq!(summary(&o), (vec![0, 2], vec![]), "{opt}");
    }
}

#[test]
fn seeded_paths_run_first_then_the_others() {
    let cfg = seeded(vec![seed(&[("x", &[3, 0, 0, 0])])], false);
    let o = run_sym_cfg(SWITCH, "-O0", &cfg);
    assert_eq!(summary(&o), (vec![0, 1, 2, 3], vec![]));
    // Whatever dfs would pick, the seeded path (x = 3) ends first.
    assert!(
        matches!(o.paths[0].end, End::Exit(3)),
        "{:?}",
        o.paths[0].end
    );
    assert_eq!(i32_of(&o.paths[0].objects[0].1), 3);
}

#[test]
fn a_seed_follows_the_error_side_of_a_check() {
    let src = r#"int main(void) { int d; klee_make_symbolic(&d, sizeof d, "d");
        if (100 / d == 20) return r2(); return r0(); }"#;
    let zero = run_sym_cfg(src, "-O0", &seeded(vec![seed(&[("d", &[0; 4])])], true));
    assert_eq!(summary(&zero), (vec![], vec!["div"]));
    let five = run_sym_cfg(
        src,
        "-O0",
        &seeded(vec![seed(&[("d", &[5, 0, 0, 0])])], true),
    );
    assert_eq!(summary(&five), (vec![2], vec![]));
    // Without --only-replay-seeds the error side is explored too (after seeding).
    let all = run_sym_cfg(
        src,
        "-O0",
        &seeded(vec![seed(&[("d", &[5, 0, 0, 0])])], false),
    );
    assert_eq!(summary(&all), (vec![0, 2], vec!["div"]));
}

#[test]
fn a_violated_assume_patches_the_seed() {
    let src = r#"int main(void) { unsigned x; klee_make_symbolic(&x, sizeof x, "x");
        klee_assume(x > 100); klee_assume(x < 200);
        if (x == 105) return r1(); return r0(); }"#;
    // x = 5: the patch keeps the bytes it can (the low byte is the one to change).
    let o = run_sym_cfg(
        src,
        "-O0",
        &seeded(vec![seed(&[("x", &[5, 0, 0, 0])])], true),
    );
    assert_eq!(o.paths.len(), 1);
    let x = i32_of(&o.paths[0].objects[0].1);
    assert!((101..200).contains(&x), "{x}");
    // A seed that satisfies the assumptions is not changed: it takes its branch.
    let o = run_sym_cfg(
        src,
        "-O0",
        &seeded(vec![seed(&[("x", &[105, 0, 0, 0])])], true),
    );
    assert_eq!(summary(&o), (vec![1], vec![]));
}

#[test]
fn a_seed_that_does_not_fit_ends_the_path() {
    let o = run_sym_cfg(SWITCH, "-O0", &seeded(vec![seed(&[("x", &[1, 2])])], false));
    assert_eq!(summary(&o), (vec![], vec!["user"]));
    match &o.paths[0].end {
        End::Error(e) => assert_eq!(e.message, "replace size mismatch: x[4] vs x[2] in test"),
        e => panic!("{e:?}"),
    }
}
