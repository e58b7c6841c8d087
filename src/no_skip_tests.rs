//! A test that misses what it needs (z3, the C library bitcode, an environment variable) must
//! fail, or be `#[ignore]`d with a reason, never pass with nothing checked (issue 33: such
//! tests used to print "skipping" and pass, in CI too). Each check runs this very test binary
//! on one test with the dependency taken away and reads libtest's report.

use std::process::{Command, Output};

/// This binary's libtest run with `args`, `env` set and `unset` removed; stdout and stderr
/// together.
fn libtest(args: &[&str], env: &[(&str, &str)], unset: &[&str]) -> (Output, String) {
    let mut c = Command::new(std::env::current_exe().unwrap());
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    for k in unset {
        c.env_remove(k);
    }
    let o = c.output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o, text)
}

/// The test `name` alone (`--exact`), with `extra` arguments.
fn run_alone(name: &str, extra: &[&str], env: &[(&str, &str)], unset: &[&str]) -> (Output, String) {
    libtest(&[&[name, "--exact"], extra].concat(), env, unset)
}

/// `name` ran (it was not filtered out or ignored) and failed, saying `why`.
fn fails_saying(name: &str, extra: &[&str], env: &[(&str, &str)], unset: &[&str], why: &str) {
    let (o, text) = run_alone(name, extra, env, unset);
    assert!(
        !o.status.success(),
        "{name} passed without its dependency:\n{text}"
    );
    assert!(text.contains("1 failed"), "{name} did not run:\n{text}");
    assert!(
        text.contains(why),
        "{name} failed without saying `{why}`:\n{text}"
    );
}

#[test]
fn z3_tests_fail_without_z3() {
    let empty = tempfile::tempdir().unwrap();
    let path = empty.path().to_str().unwrap();
    for t in [
        "expr::print::tests::z3_agrees_with_eval",
        "expr::print::tests::dag_prints_linearly",
        "expr::smt2::tests::z3_reads_the_scripts",
    ] {
        let why = "z3 not found (scripts/install-deps.sh installs it)";
        fails_saying(t, &[], &[("PATH", path)], &[], why);
    }
}

#[test]
fn with_musl_fails_without_the_c_library() {
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().to_str().unwrap();
    let why = "libc.bc: scripts/build-libc.sh (make libc) builds it";
    fails_saying(
        "exec::e2e_tests::with_musl",
        &[],
        &[("TREX_RUNTIME_DIR", dir)],
        &[],
        why,
    );
}

/// The tools that read their input from an environment variable are ignored by `cargo test`
/// and fail when run without it.
#[test]
fn tools_are_ignored_and_need_their_variable() {
    for (t, var) in [
        ("ir::lower::tests::dump_env", "TREX_DUMP_BC"),
        ("ir::lower::tests::lower_dir_env", "TREX_LOWER_DIR"),
        ("exec::e2e_tests::run_bitcode_file", "TREX_BC"),
    ] {
        let (o, text) = run_alone(t, &[], &[], &[var]);
        assert!(
            o.status.success() && text.contains("1 ignored"),
            "{t}:\n{text}"
        );
        fails_saying(t, &["--ignored"], &[], &[var], &format!("set {var}"));
    }
}

/// Every ignored test says why (and so how to run it): `#[ignore = "..."]`.
#[test]
fn ignored_tests_give_a_reason() {
    let (o, list) = libtest(&["--list", "--ignored", "--format=terse"], &[], &[]);
    assert!(o.status.success(), "{list}");
    let names: Vec<&str> = list
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .collect();
    assert!(names.contains(&"ir::lower::tests::dump_env"), "{list}");
    for t in names {
        let (_, text) = run_alone(t, &[], &[], &[]);
        assert!(
            text.contains(&format!("test {t} ... ignored, ")),
            "{t} is ignored without a reason:\n{text}"
        );
    }
}
