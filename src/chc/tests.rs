//! The engine on small C programs (clang-14 -O0, as `trex verify` compiles SV-COMP tasks):
//! proofs that need an invariant or a summary, counterexamples with their inputs, and the
//! constructs it refuses.

use std::sync::Arc;
use std::time::Duration;

use super::lia::Sources;
use super::{prove, Answer};
use crate::exec::target::Targets;
use crate::ir::{self, Callee, InstKind};

const PRELUDE: &str = "extern void abort(void);\n\
extern int __VERIFIER_nondet_int(void);\n\
extern unsigned __VERIFIER_nondet_uint(void);\n\
extern void __VERIFIER_assume(int);\n\
void reach_error(void) { abort(); }\n";

fn module(src: &str) -> (tempfile::TempDir, ir::Module) {
    let (dir, bc) = crate::ir::lower::tests::compile(&format!("{PRELUDE}{src}"), &["-O0"]);
    (dir, ir::lower::load_module(&bc).unwrap())
}

/// The engine's answer for the calls of reach_error in `src`.
fn answer(src: &str) -> Answer {
    run(src).answer
}

/// A loop whose safety needs `j == 2 * i` (the `while` on line 7 after the prelude).
const TWICE: &str =
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 1000000);
     int i = 0, j = 0; while (i < n) { i++; j += 2; }
     if (j != 2 * i) reach_error(); return 0; }";

/// The program's own functions (the prelude's externals are not).
fn own(n: &str) -> bool {
    !n.starts_with("__VERIFIER") && n != "abort"
}

/// The calls of reach_error in `m`.
fn reach_sites(m: &ir::Module) -> Vec<(ir::FuncId, u32)> {
    let reach = m.func_by_name["reach_error"];
    let mut sites = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        for (pc, i) in f.code.iter().enumerate() {
            if matches!(&i.kind, InstKind::Call { callee: Callee::Direct(g), .. } if *g == reach) {
                sites.push((ir::FuncId(fi as u32), pc as u32));
            }
        }
    }
    sites
}

/// The engine's run on the calls of reach_error in `src`.
fn run(src: &str) -> super::Run {
    let (_d, m) = module(src);
    let sites = reach_sites(&m);
    let mut replays = |objects: &super::Inputs| replays_to(&m, &sites, objects);
    let task = super::Task {
        module: &m,
        entry: "main",
        own: &own,
        sites: &sites,
    };
    prove(&task, Some(Duration::from_secs(30)), None, &mut replays)
}

/// Whether trex's executor, given `objects` as inputs, reaches one of `sites`.
fn replays_to(m: &ir::Module, sites: &[(ir::FuncId, u32)], objects: &[(String, Vec<u8>)]) -> bool {
    struct Quiet;
    impl crate::exec::Io for Quiet {
        fn write(&mut self, _fd: i32, _data: &[u8]) {}
    }
    let cfg = crate::exec::Config {
        entry: "main".into(),
        targets: Some(Arc::new(Targets::new(&[sites.to_vec()]))),
        limits: crate::exec::control::Limits {
            replay: Some(objects.to_vec()),
            ..Default::default()
        },
        ..Default::default()
    };
    crate::exec::run(m, &cfg, &mut Quiet).is_ok_and(|o| !o.target_hits.is_empty())
}

fn inputs(a: Answer) -> Vec<(String, Vec<u8>)> {
    match a {
        Answer::Counterexample(o) => o,
        other => panic!("expected a counterexample, got {other:?}"),
    }
}

#[test]
fn a_loop_needing_a_relational_invariant_is_safe() {
    let a = answer(TWICE);
    assert!(matches!(a, Answer::Safe), "{a:?}");
}

#[test]
fn a_proof_gives_its_loop_invariants_in_c() {
    let r = run(TWICE);
    assert!(matches!(r.answer, Answer::Safe), "{:?}", r.answer);
    let inv = r.invariants.first().expect("an invariant at the loop head");
    assert_eq!((inv.line, inv.function.as_str()), (7, "main"), "{inv:?}");
    // Over the source's variables, in C's unsigned (wrapping) arithmetic, as the proof's
    // bit-vectors: j == 2 * i modulo 2^32 (j - 2 * i == 0, as -2 is 4294967294U).
    assert!(
        inv.value.contains("((unsigned int)j)")
            && (inv.value.contains("2U * ((unsigned int)i)")
                || inv.value.contains("4294967294U * ((unsigned int)i)")),
        "{inv:?}"
    );
}

#[test]
fn its_twin_with_a_wrong_claim_has_a_counterexample_with_its_input() {
    let o = inputs(answer(
        "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 1000000);
         int i = 0, j = 0; while (i < n) { i++; j += 2; }
         if (j == 14) reach_error(); return 0; }",
    ));
    assert_eq!(o.len(), 1);
    assert_eq!(o[0].0, "__VERIFIER_nondet_int");
    assert_eq!(i32::from_le_bytes(o[0].1.clone().try_into().unwrap()), 7);
}

#[test]
fn recursion_with_a_symbolic_depth_is_summarized() {
    let a = answer(
        "int f91(int x) { if (x > 100) return x - 10; return f91(f91(x + 11)); }
         int main() { int x = __VERIFIER_nondet_int(); int r = f91(x);
         if (x <= 101 && r != 91) reach_error(); return 0; }",
    );
    assert!(matches!(a, Answer::Safe), "{a:?}");
}

#[test]
fn a_recursive_counterexample_gives_the_inputs_in_call_order() {
    let o = inputs(answer(
        "int twice(int n) { if (n <= 0) return 0; return 2 + twice(n - 1); }
         int main() { int a = __VERIFIER_nondet_int(); int r = twice(a);
         int b = __VERIFIER_nondet_int();
         if (r == 6 && b == 150) reach_error(); return 0; }",
    ));
    let v: Vec<i32> = o
        .iter()
        .map(|x| i32::from_le_bytes(x.1.clone().try_into().unwrap()))
        .collect();
    assert_eq!(v, vec![3, 150]);
}

#[test]
fn arrays_are_modelled_with_their_bounds() {
    let a = answer(
        "int a[10]; int main() { for (int i = 0; i < 10; i++) a[i] = i;
         int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k >= 0 && k < 10);
         if (a[k] > 9) reach_error(); return 0; }",
    );
    assert!(matches!(a, Answer::Safe | Answer::Unknown(_)), "{a:?}");
    // An index out of bounds is no proof.
    let a = answer(
        "int a[10]; int main() { int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k >= 0 && k <= 10);
         a[k] = 1; return 0; }",
    );
    assert!(!matches!(a, Answer::Safe), "{a:?}");
}

#[test]
fn globals_flow_through_calls() {
    let a = answer(
        "int g = 5; void inc(void) { g++; }
         int main() { inc(); inc(); if (g != 7) reach_error(); return 0; }",
    );
    assert!(matches!(a, Answer::Safe), "{a:?}");
    let o = inputs(answer(
        "int g = 5; void inc(void) { g++; }
         int main() { inc(); inc(); if (g == 7) reach_error(); return 0; }",
    ));
    assert!(o.is_empty());
}

#[test]
fn what_it_cannot_model_is_named_with_its_location() {
    let a = answer(
        "void set(int *p) { *p = 1; }
         int main() { int x = 0; set(&x); if (x) reach_error(); return 0; }",
    );
    match a {
        Answer::Unsupported(u) => {
            assert!(u.at.ends_with("t.c:7"), "{u}");
            assert!(u.what.contains("address"), "{u}");
        }
        other => panic!("{other:?}"),
    }
    let a = answer(
        "int main() { double d = __VERIFIER_nondet_int(); if (d > 1e9) reach_error(); return 0; }",
    );
    assert!(matches!(a, Answer::Unsupported(_)), "{a:?}");
}

/// `check` of one loop invariant at line 7 (the `while`) of `src`.
fn check_one(src: &str, inv: &str) -> super::Checked {
    let (_d, m) = module(src);
    let sites = reach_sites(&m);
    let file = m.files.iter().find(|f| f.ends_with(".c")).unwrap().clone();
    let given = super::Given {
        places: vec![(file, 7)],
        column: None,
        function: Some("main".into()),
        loop_head: true,
        expr: crate::witness::c_expr::parse(inv, 64).unwrap(),
    };
    let task = super::Task {
        module: &m,
        entry: "main",
        own: &own,
        sites: &sites,
    };
    super::check(&task, &[given], Some(Duration::from_secs(30))).0
}

#[test]
fn given_invariants_are_checked_as_c_reads_them() {
    use super::Checked;
    let src = TWICE;
    // Inductive with 32-bit wrap-around: enough.
    assert_eq!(
        check_one(src, "(unsigned)j == 2U * (unsigned)i"),
        Checked::Confirmed
    );
    // With bounds, over C's int arithmetic.
    let bounded = "j == 2 * i && 0 <= i && i <= n && n < 1000000";
    assert_eq!(check_one(src, bounded), Checked::Confirmed);
    // True, but it does not exclude the target.
    assert_eq!(check_one(src, "j <= 2 * i"), Checked::HoldNotInductive);
    // False at the loop head.
    assert_eq!(check_one(src, "j == 3 * i"), Checked::Fails);
    // A name the translation does not have there.
    assert!(matches!(check_one(src, "k == 0"), Checked::Unplaced(0, why) if why.contains("`k`")));
}

/// Whether the integer reading alone (`lia`) proves the calls of reach_error in `src`
/// unreachable, and the loop invariants it gives.
fn lia_proof(src: &str) -> Option<super::encode::Found> {
    proof_from(src, Sources::Integers)
}

fn proof_from(src: &str, sources: Sources) -> Option<super::encode::Found> {
    let (_d, m) = module(src);
    let sites = reach_sites(&m);
    let main = m.func_by_name["main"];
    super::on_own_thread(|| {
        let (enc, _) = super::translate(&m, main, &own, &sites).expect("translated");
        super::lia::prove_from(&enc, Duration::from_secs(20), None, sources)
    })
    .expect("no panic")
}

/// Counting down `x` while counting up `y`, over `unsigned`: safe by `x + y == n`, which
/// Spacer finds over the integers at once and not over bit-vectors in minutes.
const COUNT_UP_DOWN: &str = "int main() { unsigned n = __VERIFIER_nondet_uint();
     unsigned x = n, y = 0; while (x > 0) { x--; y++; }
     if (y != n) reach_error(); return 0; }";

#[test]
fn the_integer_reading_proves_a_sum_invariant_checked_over_bit_vectors() {
    let found = lia_proof(COUNT_UP_DOWN).expect("a proof");
    let (_, _, c) = found.first().expect("a loop invariant");
    assert!(c.iter().any(|s| s.contains("((unsigned int)x)")), "{c:?}");
    // The conjuncts the others imply are left out: one equality says it all.
    assert_eq!(c.len(), 1, "{c:?}");
    assert!(matches!(answer(COUNT_UP_DOWN), Answer::Safe));
}

#[test]
fn the_integer_reading_proves_a_parity_invariant() {
    let src = "int main() { unsigned x = 1, y = 1; while (1) {
         x = x + 2U * __VERIFIER_nondet_uint(); y = y + 2U * __VERIFIER_nondet_uint();
         if (x + y == 1U) reach_error(); } }";
    let found = lia_proof(src).expect("a proof");
    assert!(
        found.iter().flat_map(|f| &f.2).any(|s| s.contains("% 2U")),
        "{found:?}"
    );
}

#[test]
fn what_holds_over_the_integers_but_wraps_over_bit_vectors_is_no_proof() {
    // s == n + 3 >= n over the integers; over 32 bits n >= 0xfffffffd wraps.
    let src = "int main() { unsigned n = __VERIFIER_nondet_uint();
         unsigned i = 0, s = n; while (i < 3) { i++; s++; }
         if (s < n) reach_error(); return 0; }";
    assert!(lia_proof(src).is_none());
    let objects = inputs(answer(src));
    assert_eq!(objects.len(), 1, "{objects:?}");
    assert!(u32::from_le_bytes(objects[0].1[..4].try_into().unwrap()) >= 0xffff_fffd);
}

/// A recursive sum (depth: the symbolic `n`), safe by the summary `r == m + n`.
const RECURSIVE_SUM: &str = "long long add(long long m, long long n) {
       if (n == 0) return m; if (n > 0) return add(m + 1, n - 1); return add(m - 1, n + 1); }
     int main() { int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
       if (add(m, n) != (long long)m + n) reach_error(); return 0; }";

#[test]
fn a_guessed_summary_proves_a_recursive_sum() {
    assert!(proof_from(RECURSIVE_SUM, Sources::Guesses).is_some());
    assert!(matches!(answer(RECURSIVE_SUM), Answer::Safe));
}

#[test]
fn a_counterexample_through_a_recursion_keeps_its_nondet_values() {
    // One unit too many at n == 1: Z3's own derivation inlines the nondet points away, and
    // with every point kept Spacer found none in 20 s; the composed clauses give both values.
    let src = RECURSIVE_SUM.replace(
        "if (n == 0)",
        "if (n == 1) return add(m + 2, 0); if (n == 0)",
    );
    // The composed query itself: the whole engine's path to it starts with time-limited
    // queries, after which Spacer's search differs with the load (Z3's AST ids do).
    let (_d, m) = module(&src);
    let sites = reach_sites(&m);
    let main = m.func_by_name["main"];
    let objects = super::on_own_thread(|| {
        let (enc, _) = super::translate(&m, main, &own, &sites).expect("translated");
        let limit = Some(Duration::from_secs(20));
        match super::spacer::solve(&enc, limit, super::Xforms::OwnBlocks, None) {
            super::spacer::Outcome::Reachable(Some(proof)) => super::cex::inputs(&enc, &proof),
            _ => None,
        }
    })
    .expect("no panic")
    .expect("a counterexample with inputs");
    assert_eq!(objects.len(), 2, "{objects:?}");
    assert_eq!(objects[1].1, 1i32.to_le_bytes(), "{objects:?}");
    assert!(replays_to(&m, &sites, &objects));
}

/// A recursive product (depth: the symbolic `m`), safe by `m >= 0 ==> r == n * m`.
const RECURSIVE_PRODUCT: &str = "int mult(int n, int m) {
       if (m < 0) return mult(n, -m); if (m == 0) return 0; return n + mult(n, m - 1); }
     int main() { int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
       if (m >= 0 && mult(n, m) != n * m) reach_error(); return 0; }";

#[test]
fn a_guessed_product_summary_is_checked_with_normalized_arithmetic() {
    assert!(proof_from(RECURSIVE_PRODUCT, Sources::Guesses).is_some());
    // One n too many at m == 2: the same guesses prove nothing.
    let wrong = RECURSIVE_PRODUCT.replace(
        "if (m == 0)",
        "if (m == 2) return n + n + mult(n, 1); if (m == 0)",
    );
    assert!(proof_from(&wrong, Sources::Guesses).is_none());
}

/// A variable-length array filled by one loop and checked by another: safe by
/// `forall q. 1 <= q < i => a[q] >= q + 2`, then the same up to n.
const FILL_AND_CHECK: &str = "int main() {
       int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n < 100000);
       int j = __VERIFIER_nondet_int(); __VERIFIER_assume(j > 0 && j < 10000);
       int a[n];
       for (int i = 1; i < n; i++) a[i] = i + j + 1;
       for (int i = 1; i < n; i++) if (a[i] < i + 2) reach_error();
       return 0; }";

#[test]
fn a_variable_length_array_is_a_cell_with_its_length() {
    // Its length is the count it was allocated with: the index n is out of bounds.
    let a = answer(
        "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0 && n < 10);
         int a[n]; a[n] = 1; return 0; }",
    );
    assert!(!matches!(a, Answer::Safe | Answer::Unsupported(_)), "{a:?}");
    // Within it, with the stack saved and restored around a block that declares one.
    let a = answer(
        "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0 && n < 10);
         { int a[n]; a[n - 1] = 1; if (a[n - 1] != 1) reach_error(); } return 0; }",
    );
    assert!(matches!(a, Answer::Safe), "{a:?}");
}

#[test]
fn guessed_ranges_prove_what_a_loop_writes_to_an_array() {
    assert!(proof_from(FILL_AND_CHECK, Sources::Guesses).is_some());
    // With `a[i] = i + j`, j == 1 makes a[i] == i + 1: the same guesses prove nothing.
    let wrong = FILL_AND_CHECK.replace("a[i] = i + j + 1", "a[i] = i + j");
    assert!(proof_from(&wrong, Sources::Guesses).is_none());
}
