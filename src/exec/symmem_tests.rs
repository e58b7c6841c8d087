//! Symbolic memory: symbolic offsets (array theory), symbolic pointers resolved against every
//! object, symbolic function pointers; path counts, errors and the generated inputs.

use super::sym_tests::{both, i32_of, run_sym, run_sym_cfg, summary};
use super::*;

#[test]
fn write_then_read_at_symbolic_indices() {
    both(
        r#"int a[4]; int main(void) { unsigned i, j; klee_make_symbolic(&i, 4, "i");
           klee_make_symbolic(&j, 4, "j"); klee_assume(i < 4); klee_assume(j < 4);
           a[i] = 7; if (a[j] == 7) return r1(); return r0(); }"#,
        |o| {
            assert_eq!(summary(o), (vec![0, 1], vec![]));
            for p in &o.paths {
                let (i, j) = (i32_of(&p.objects[0].1), i32_of(&p.objects[1].1));
                match p.end {
                    End::Exit(1) => assert_eq!(i, j),
                    _ => assert_ne!(i, j),
                }
            }
        },
    );
}

#[test]
fn concrete_read_after_symbolic_write() {
    both(
        r#"int a[4]; int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i");
           klee_assume(i < 4); a[i] = 3; if (a[2] == 3) return r1(); return r0(); }"#,
        |o| {
            assert_eq!(summary(o), (vec![0, 1], vec![]));
            for p in &o.paths {
                let i = i32_of(&p.objects[0].1);
                assert_eq!(matches!(p.end, End::Exit(1)), i == 2);
            }
        },
    );
}

#[test]
fn more_than_64_index_values_is_one_path() {
    both(
        r#"unsigned char t[200]; int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i");
           klee_assume(i < 200); t[i] = 1; if (t[150] == 1) return r1(); return r0(); }"#,
        |o| assert_eq!(summary(o), (vec![0, 1], vec![])),
    );
}

#[test]
fn symbolic_pointer_into_two_objects() {
    both(
        r#"int a = 1, b = 2; int main(void) { int c; klee_make_symbolic(&c, 4, "c");
           int *p = c ? &a : &b; *p = 5; if (a == 5) return r1(); return r0(); }"#,
        |o| {
            assert_eq!(summary(o), (vec![0, 1], vec![]));
            for p in &o.paths {
                let c = i32_of(&p.objects[0].1);
                assert_eq!(matches!(p.end, End::Exit(1)), c != 0);
            }
        },
    );
}

#[test]
fn inttoptr_of_symbolic_may_be_null() {
    both(
        r#"int g = 4; int main(void) { unsigned long x; klee_make_symbolic(&x, 8, "x");
           klee_assume(x == 0 || x == (unsigned long)&g); return *(volatile int *)x; }"#,
        |o| {
            let (exits, errs) = summary(o);
            assert_eq!((exits, errs), (vec![4], vec!["ptr"]));
            for p in &o.paths {
                if let End::Error(e) = &p.end {
                    assert_eq!(e.message, "memory error: null page access");
                }
            }
        },
    );
}

#[test]
fn pointers_in_an_array_read_at_a_symbolic_index() {
    both(
        r#"int x = 10, y = 20; int *tab[2] = {&x, &y}; int main(void) { unsigned i;
           klee_make_symbolic(&i, 4, "i"); klee_assume(i < 2);
           if (*tab[i] == 20) return r1(); return r0(); }"#,
        |o| {
            assert_eq!(summary(o), (vec![0, 1], vec![]));
            for p in &o.paths {
                let i = i32_of(&p.objects[0].1);
                assert_eq!(matches!(p.end, End::Exit(1)), i == 1);
            }
        },
    );
}

#[test]
fn function_pointer_chosen_symbolically() {
    both(
        r#"static int f0(void) { return r0(); } static int f1(void) { return r1(); }
           static int f2(void) { return r2(); }
           int (*tab[3])(void) = {f0, f1, f2};
           int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i"); klee_assume(i < 3);
           return tab[i](); }"#,
        |o| {
            assert_eq!(summary(o), (vec![0, 1, 2], vec![]));
            for p in &o.paths {
                let End::Exit(c) = p.end else { unreachable!() };
                assert_eq!(c, i32_of(&p.objects[0].1));
            }
        },
    );
}

#[test]
fn invalid_function_pointer_error_path() {
    both(
        r#"static int f0(void) { return r0(); }
           int main(void) { unsigned long x; klee_make_symbolic(&x, 8, "x");
           int (*f)(void) = (int (*)(void))x; if (x == 1 || x == (unsigned long)f0) return f();
           return r3(); }"#,
        |o| {
            let (exits, errs) = summary(o);
            assert_eq!((exits, errs), (vec![0, 3], vec!["exec"]));
            for p in &o.paths {
                if let End::Error(e) = &p.end {
                    assert_eq!(e.message, "invalid function pointer");
                }
            }
        },
    );
}

#[test]
fn provenance_bounds_a_symbolic_offset_to_its_object() {
    // a[i] for large i may reach b's addresses: provenance says it is out of bounds of a.
    both(
        r#"int a[4], b[4]; int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i");
           klee_assume(i < 100); a[i] = 1; return b[0] + b[1] + b[2] + b[3]; }"#,
        |o| {
            assert_eq!(summary(o), (vec![0], vec!["ptr"]));
            for p in &o.paths {
                let i = i32_of(&p.objects[0].1);
                assert_eq!(matches!(p.end, End::Exit(_)), i < 4);
            }
        },
    );
}

#[test]
fn memmove_at_a_symbolic_offset_within_one_object() {
    // Source bytes are all read before any is written (overlap).
    both(
        r#"char buf[8] = "abcdefg"; int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i");
           klee_assume(i < 4); __builtin_memmove(buf + i, buf, 4);
           if (buf[i + 3] == 'd') return r1(); return r0(); }"#,
        |o| {
            // buf[i + 3] is the old buf[3] == 'd' for every i.
            assert_eq!(summary(o), (vec![1], vec![]), "{:?}", o.paths);
        },
    );
}

/// A symbolic memcpy length is enumerated (one exact path per feasible length, as an
/// allocation size): n < 8 gives 8 paths; d[0] is 0 (a zeroed global) only for n = 0.
#[test]
fn symbolic_length_memcpy_is_enumerated() {
    both(
        r#"char s[8] = "abcdefg", d[8]; int main(void) { unsigned n; klee_make_symbolic(&n, 4, "n");
           klee_assume(n < 8); __builtin_memcpy(d, s, n); return d[0]; }"#,
        |o| {
            let (mut exits, errs) = summary(o);
            assert!(errs.is_empty(), "{errs:?}");
            exits.sort();
            assert_eq!(exits, [0, 97, 97, 97, 97, 97, 97, 97]);
        },
    );
}

#[test]
fn vector_load_of_symbolic_bytes_is_a_clear_error() {
    // A 32-byte vector over symbolic bytes is refused (never concatenated past 128 bits). Only
    // -O0 keeps the vector load (-O2 loads the one element used).
    let o = run_sym(
        r#"typedef long v4 __attribute__((vector_size(32))); v4 g;
           int main(void) { klee_make_symbolic(&g, sizeof g, "g");
           v4 *volatile p = &g; v4 x = *p; return x[0] == 1 ? r1() : r0(); }"#,
        "-O0",
    );
    let (exits, errs) = summary(&o);
    assert_eq!((exits, errs), (vec![], vec!["exec"]));
    let End::Error(e) = &o.paths[0].end else {
        unreachable!()
    };
    assert!(
        e.message.starts_with("unsupported: symbolic"),
        "{}",
        e.message
    );
}

#[test]
fn max_forks_keeps_one_resolution() {
    // With no forks allowed, a symbolic function pointer follows its first feasible target.
    let cfg = Config {
        max_forks: Some(0),
        ..Config::default()
    };
    for opt in ["-O0", "-O2"] {
        let o = run_sym_cfg(
            r#"static int f0(void) { return r0(); } static int f1(void) { return r1(); }
               int (*tab[2])(void) = {f0, f1};
               int main(void) { unsigned i; klee_make_symbolic(&i, 4, "i"); klee_assume(i < 2);
               return tab[i](); }"#,
            opt,
            &cfg,
        );
        assert_eq!(o.paths.len(), 1);
        assert!(o.forks_refused >= 1);
        let End::Exit(c) = o.paths[0].end else {
            unreachable!()
        };
        assert_eq!(c, i32_of(&o.paths[0].objects[0].1));
    }
}
