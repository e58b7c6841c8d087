//! Symbolic execution: C programs using the `klee_*` / `__VERIFIER_*` API, at -O0 and -O2,
//! run without the C library; path counts, errors and the generated inputs are checked.

use super::*;
use std::process::Command;

/// Program output dropped (tests that look only at paths and ends).
pub(crate) struct NoOut;
impl Io for NoOut {
    fn write(&mut self, _fd: i32, _data: &[u8]) {}
}

const PRELUDE: &str = r#"
#include <klee/klee.h>
void __assert_fail(const char *e, const char *f, unsigned l, const char *fn);
#define assert(x) ((x) ? (void)0 : __assert_fail(#x, __FILE__, __LINE__, __func__))
int __VERIFIER_nondet_int(void);
_Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assume(int);
void reach_error(void);
/* Distinct functions per branch keep -O2 from turning branches into selects. */
static volatile int sink;
__attribute__((noinline)) int r0(void) { sink = 0; return 0; }
__attribute__((noinline)) int r1(void) { sink = 1; return 1; }
__attribute__((noinline)) int r2(void) { sink = 2; return 2; }
__attribute__((noinline)) int r3(void) { sink = 3; return 3; }
"#;

/// Line `n` of a source given to [`compile_sym`] is line `n + prelude_lines()` of the file.
pub(crate) fn prelude_lines() -> u32 {
    PRELUDE.matches('\n').count() as u32
}

pub(super) fn run_sym(src: &str, opt: &str) -> Outcome {
    run_sym_cfg(src, opt, &Config::default())
}

pub(super) fn run_sym_cfg(src: &str, opt: &str, cfg: &Config) -> Outcome {
    let m = compile_sym(src, opt);
    run(&m, cfg, &mut NoOut).unwrap()
}

/// Compiles `src` (after the prelude) with clang-14 at `opt` and loads it.
pub(crate) fn compile_sym(src: &str, opt: &str) -> ir::Module {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("t.c");
    let bc = dir.path().join("t.bc");
    std::fs::write(&c, format!("{}{}", PRELUDE, src)).unwrap();
    let inc = concat!(env!("CARGO_MANIFEST_DIR"), "/runtime/include");
    let out = Command::new("clang-14")
        .args([
            "-c",
            "-emit-llvm",
            "-g",
            "-w",
            "-fno-builtin",
            opt,
            "-I",
            inc,
        ])
        .arg("-o")
        .arg(&bc)
        .arg(&c)
        .output()
        .expect("clang-14");
    assert!(
        out.status.success(),
        "clang: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    ir::lower::load_module(&bc).unwrap()
}

pub(super) fn i32_of(b: &[u8]) -> i32 {
    i32::from_le_bytes(b[..4].try_into().unwrap())
}

/// (exit statuses of the completed paths sorted, error kinds sorted)
pub(super) fn summary(o: &Outcome) -> (Vec<i32>, Vec<&'static str>) {
    let mut exits = Vec::new();
    let mut errs = Vec::new();
    for p in &o.paths {
        match &p.end {
            End::Exit(c) => exits.push(*c),
            End::Error(e) => errs.push(e.kind.suffix()),
            End::SilentExit => exits.push(0),
            End::Early(w) => panic!("halted: {w}"),
            End::Pruned(w) => panic!("pruned: {}", w.name()),
        }
    }
    exits.sort();
    errs.sort();
    (exits, errs)
}

pub(super) fn both(src: &str, f: impl Fn(&Outcome)) {
    for opt in ["-O0", "-O2"] {
        let o = run_sym(src, opt);
        f(&o);
    }
}

#[test]
fn nested_branches_three_paths() {
    both(
        r#"int main(void) { int x; klee_make_symbolic(&x, sizeof x, "x");
           if (x > 10) { if (x < 20) return r1(); return r2(); } return r0(); }"#,
        |o| {
            assert_eq!(summary(o), (vec![0, 1, 2], vec![]));
            for p in &o.paths {
                assert_eq!(p.objects.len(), 1);
                assert_eq!(p.objects[0].0, "x");
                let x = i32_of(&p.objects[0].1);
                let want = if x > 10 {
                    if x < 20 {
                        1
                    } else {
                        2
                    }
                } else {
                    0
                };
                assert!(matches!(p.end, End::Exit(c) if c == want), "x = {x}");
            }
        },
    );
}

#[test]
fn symbolic_division_by_zero() {
    both(
        r#"int main(void) { int x; klee_make_symbolic(&x, sizeof x, "x");
           volatile int r = 100 / x; (void)r; return 0; }"#,
        |o| {
            assert_eq!(summary(o), (vec![0], vec!["div"]));
            for p in &o.paths {
                if let End::Error(e) = &p.end {
                    assert_eq!(e.message, "divide by zero");
                    assert_eq!(i32_of(&p.objects[0].1), 0);
                } else {
                    assert_ne!(i32_of(&p.objects[0].1), 0);
                }
            }
        },
    );
}

#[test]
fn assert_reachable_for_one_value() {
    both(
        r#"int main(void) { unsigned x; klee_make_symbolic(&x, sizeof x, "x");
           if (x * 3 + 1 == 3703) assert(0); return 0; }"#,
        |o| {
            assert_eq!(summary(o), (vec![0], vec!["assert"]));
            let p = o
                .paths
                .iter()
                .find(|p| matches!(p.end, End::Error(_)))
                .unwrap();
            let x = i32_of(&p.objects[0].1) as u32;
            assert_eq!(x.wrapping_mul(3).wrapping_add(1), 3703);
        },
    );
}

#[test]
fn assume_prunes_and_provably_false_is_an_error() {
    both(
        r#"int main(void) { int x; klee_make_symbolic(&x, sizeof x, "x");
           klee_assume(x > 0); klee_assume(x < 5);
           if (x == 7) return r1(); if (x == 3) return r3(); return r0(); }"#,
        |o| assert_eq!(summary(o), (vec![0, 3], vec![])),
    );
    both(
        r#"int main(void) { int x; klee_make_symbolic(&x, sizeof x, "x");
           klee_assume(x > 0); klee_assume(x < 0); return 0; }"#,
        |o| {
            assert_eq!(summary(o), (vec![], vec!["user"]));
            let End::Error(e) = &o.paths[0].end else {
                unreachable!()
            };
            assert_eq!(e.message, "invalid klee_assume call (provably false)");
        },
    );
}

#[test]
fn verifier_nondet_and_reach_error() {
    both(
        r#"int main(void) { int x = __VERIFIER_nondet_int(); _Bool b = __VERIFIER_nondet_bool();
           __VERIFIER_assume(x < 100);
           if (x == 42 && b) reach_error(); return 0; }"#,
        |o| {
            let (exits, errs) = summary(o);
            assert_eq!(errs, vec!["assert"]);
            assert!(!exits.is_empty());
            let p = o
                .paths
                .iter()
                .find(|p| matches!(p.end, End::Error(_)))
                .unwrap();
            let End::Error(e) = &p.end else {
                unreachable!()
            };
            assert_eq!(e.message, "ASSERTION FAIL: reach_error");
            assert_eq!(p.objects[0].0, "__VERIFIER_nondet_int");
            assert_eq!(i32_of(&p.objects[0].1), 42);
            assert_eq!(
                p.objects[1],
                ("__VERIFIER_nondet_bool".to_string(), vec![1])
            );
        },
    );
}

#[test]
fn switch_unique_names_and_silent_exit() {
    both(
        r#"int main(void) { char c; klee_make_symbolic(&c, 1, "x"); int y; klee_make_symbolic(&y, 4, "x");
           if (y == 5) klee_silent_exit(0);
           switch (c) { case 1: return r1(); case 2: return r2(); case 7: return r3(); default: return r0(); } }"#,
        |o| {
            // 4 switch targets under y != 5, plus the silent path.
            assert_eq!(o.paths.len(), 5);
            assert_eq!(o.paths.iter().filter(|p| p.silent).count(), 1);
            let mut exits: Vec<i32> = o
                .paths
                .iter()
                .filter(|p| !p.silent)
                .map(|p| match p.end {
                    End::Exit(c) => c,
                    _ => panic!(),
                })
                .collect();
            exits.sort();
            assert_eq!(exits, vec![0, 1, 2, 3]);
            let p = o.paths.iter().find(|p| !p.silent).unwrap();
            assert_eq!(p.objects[0].0, "x");
            // A repeated name stays as given in the test (as KLEE's ktest files have it).
            assert_eq!(p.objects[1].0, "x");
        },
    );
}

#[test]
fn symbolic_shift_and_select() {
    both(
        r#"int main(void) { unsigned x, s; klee_make_symbolic(&x, 4, "x"); klee_make_symbolic(&s, 4, "s");
           volatile unsigned r = x << s; (void)r; return x > 5 ? 3 : 4; }"#,
        |o| {
            let (exits, errs) = summary(o);
            assert_eq!(errs, vec!["overshift"]);
            // -O0 branches (both statuses); -O2 computes a select (one path, a symbolic status).
            assert!(!exits.is_empty() && exits.iter().all(|c| *c == 3 || *c == 4));
        },
    );
}

#[test]
fn symbolic_array_index_in_bounds_and_error_path() {
    both(
        r#"int a[8]; int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i");
           if (i < 10) { a[i] = 1; return r0(); } return r1(); }"#,
        |o| {
            let (exits, errs) = summary(o);
            // One in-bounds path (array theory), one error path for i == 8 or 9.
            assert_eq!(errs, vec!["ptr"]);
            assert_eq!(exits, vec![0, 1]);
            for p in &o.paths {
                let i = i32_of(&p.objects[0].1) as u32;
                match &p.end {
                    End::Error(e) => {
                        assert_eq!(e.message, "memory error: out of bound pointer");
                        assert!(i == 8 || i == 9);
                    }
                    End::Exit(0) => assert!(i < 8),
                    _ => assert!(i >= 10),
                }
            }
        },
    );
}

#[test]
fn symbolic_array_index_read_unbounded() {
    both(
        r#"int a[8] = {5, 6, 7, 8, 9, 10, 11, 12}; int main(void) { unsigned i;
           klee_make_symbolic(&i, 4, "i"); if (a[i] == 9) return r1(); return r0(); }"#,
        |o| {
            let (exits, errs) = summary(o);
            assert_eq!(errs, vec!["ptr"]);
            assert_eq!(exits, vec![0, 1]);
            for p in &o.paths {
                let i = i32_of(&p.objects[0].1) as u32;
                match &p.end {
                    End::Exit(1) => assert_eq!(i, 4),
                    End::Exit(_) => assert!(i < 8 && i != 4),
                    _ => assert!(i >= 8),
                }
            }
        },
    );
}

#[test]
fn concrete_program_has_one_path() {
    both("int main(void) { return 7; }", |o| {
        assert_eq!(o.paths.len(), 1);
        assert!(o.solver_stats.is_none());
        assert!(matches!(o.end, End::Exit(7)));
    });
}

#[test]
fn klee_range_int_and_get_value() {
    both(
        r#"int main(void) { int a = klee_range(3, 4, "a"); int b = klee_range(-2, 2, "b");
           int c = klee_int("c"); int d = klee_get_value_i32(c);
           if (b == -2) return r1(); if (b == 2) return r2(); if (c != d) return r3();
           return r0() + a - 3; }"#,
        |o| {
            // klee_get_value_i32 does not fix c (KLEE's): c != d is feasible too.
            assert_eq!(summary(o), (vec![0, 1, 3], vec![]));
            for p in &o.paths {
                let names: Vec<&str> = p.objects.iter().map(|x| x.0.as_str()).collect();
                assert_eq!(names, vec!["b", "c"]);
                let b = i32_of(&p.objects[0].1);
                assert!((-2..2).contains(&b));
            }
        },
    );
}

#[test]
fn symbolic_intrinsics() {
    both(
        r#"int main(void) { int x, y; klee_make_symbolic(&x, 4, "x"); klee_make_symbolic(&y, 4, "y");
           int s; if (__builtin_sadd_overflow(x, y, &s)) return r1();
           unsigned u; if (__builtin_umul_overflow((unsigned)x, 3u, &u)) return r2();
           int m = x > y ? x : y; int a = x < 0 ? -x : x;
           if (m < x || a < 0) return r3();
           return r0(); }"#,
        |o| {
            let (exits, errs) = summary(o);
            assert!(errs.is_empty());
            assert!(exits.contains(&0) && exits.contains(&1) && exits.contains(&2));
            for p in &o.paths {
                let x = i32_of(&p.objects[0].1);
                let y = i32_of(&p.objects[1].1);
                match p.end {
                    End::Exit(1) => assert!(x.checked_add(y).is_none()),
                    End::Exit(2) => {
                        assert!(x.checked_add(y).is_some());
                        assert!((x as u32).checked_mul(3).is_none());
                    }
                    End::Exit(3) => assert_eq!(x, i32::MIN),
                    _ => {}
                }
            }
        },
    );
}

/// A loop over a symbolic bound: each exit is pruned by the previous one's interpolant, while
/// the interpolants of the loop's own nodes unroll it, an iteration more per node up the
/// chain; past a size they are dropped (those nodes blocked) instead of being computed,
/// simplified and applied at a cost quadratic in the trip count.
#[test]
fn unrolled_loop_interpolants_are_dropped_and_exits_still_pruned() {
    let src = r#"
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 1000);
  int s = 0;
  for (int i = 1; i <= n; i++) s += 2;
  assert(s == 2 * n);
  return 0;
}"#;
    let cfg = Config {
        search: vec![crate::search::SearchKind::Dfs],
        interpolation: true,
        path_inputs: false,
        ..Config::default()
    };
    let o = run_sym_cfg(src, "-O0", &cfg);
    let st = o.interpolation.as_ref().expect("interpolation statistics");
    assert!(st.subsumed >= 900, "{st:?}");
    assert!(st.blocked > 0, "{st:?}");
    assert!(o
        .paths
        .iter()
        .all(|p| !matches!(&p.end, End::Error(_)) && !matches!(&p.end, End::Early(_))));
}

/// Without `exit_inputs` (`--write-no-tests`) a path that exits gets no model (no query at
/// its end), while an error path still gets the inputs of its test.
#[test]
fn exits_get_no_inputs_without_exit_inputs() {
    let src = r#"
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) r1(); else r0();
  assert(x != 3);
  return 0;
}"#;
    let with = run_sym(src, "-O0");
    let cfg = Config {
        exit_inputs: false,
        ..Config::default()
    };
    let without = run_sym_cfg(src, "-O0", &cfg);
    assert_eq!(with.paths.len(), 3);
    assert_eq!(without.paths.len(), 3);
    for p in &without.paths {
        match &p.end {
            End::Exit(_) => assert!(p.objects.is_empty()),
            End::Error(_) => assert_eq!(p.objects[0].1, 3i32.to_le_bytes()),
            e => panic!("unexpected end {e:?}"),
        }
    }
    assert!(with.paths.iter().all(|p| !p.objects.is_empty()));
    let queries = |o: &Outcome| o.solver_stats.as_ref().unwrap().queries;
    assert_eq!(queries(&without) + 2, queries(&with));
}
