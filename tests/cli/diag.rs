//! Diagnostics through `tracing`: `--debug[=FILTER]`, `TREX_LOG` (filter by target), the
//! deprecated `TREX_ITP_DEBUG`; nothing of them at default settings.

use super::*;

/// The path with `x > 10` passes a struct by value as a variadic argument (a byval copy into
/// the callee's area of variadic arguments, which interpolation does not model): its segment's
/// interpolant is blocked (`byval variadic argument`, line 7); the other path's is not.
const BYVAL: &str = "void klee_make_symbolic(void *, unsigned long, const char *);\n\
    struct big { int a[8]; };\n\
    __attribute__((noinline)) int first(int n, ...) { return n; }\n\
    int main(void) {\n\
      int x; struct big b = {{1}};\n\
      klee_make_symbolic(&x, sizeof x, \"x\");\n\
      if (x > 10) return first(1, b);\n\
      return 0;\n\
    }\n";

/// The reason line the blocked interpolant gives.
const REASON: &str = "DEBUG trex::itp: not expressible at ";

/// `trex run --libc=none --search=dfs opts... prog` with the diagnostics variables unset
/// except `env`: stderr.
fn run_env(dir: &Path, bc: &Path, opts: &[&str], env: &[(&str, &str)]) -> String {
    let out = dir.join("out");
    let _ = std::fs::remove_dir_all(&out);
    let mut cmd = trex();
    cmd.env_remove("TREX_LOG").env_remove("TREX_ITP_DEBUG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd
        .args(["run", "--libc=none", "--search=dfs"])
        .args(opts)
        .arg("--output-dir")
        .arg(&out)
        .arg(bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("KLEE: done: completed paths = 2\n"), "{err}");
    err
}

fn reasons(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.contains(REASON)).collect()
}

#[test]
fn debug_prints_why_an_interpolant_is_missing() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "byval", BYVAL);
    let err = run_env(tmp.path(), &bc, &["--debug"], &[]);
    let r = reasons(&err);
    assert_eq!(r.len(), 1, "{err}");
    assert!(
        r[0].ends_with("byval.c:7 (main): byval variadic argument"),
        "{err}"
    );
    // The user-facing lines are unchanged around it.
    assert!(err.starts_with("KLEE: output directory is "), "{err}");
    // A filter naming the target: the same line.
    let err = run_env(tmp.path(), &bc, &["--debug=trex::itp=debug"], &[]);
    assert_eq!(reasons(&err).len(), 1, "{err}");
    // Without it: no diagnostics at all, only KLEE's lines.
    let err = run_env(tmp.path(), &bc, &[], &[]);
    assert!(reasons(&err).is_empty(), "{err}");
    assert!(
        err.lines()
            .all(|l| l.starts_with("KLEE: ") || l.starts_with("TREX: ")),
        "{err}"
    );
    // A filter that lets other targets through only.
    let err = run_env(tmp.path(), &bc, &["--debug=trex::link=debug"], &[]);
    assert!(reasons(&err).is_empty(), "{err}");
    // An invalid filter is a usage error (of `trex run`: KLEE's status 1).
    let o = trex()
        .args(["run", "--debug=trex=loud", "--libc=none"])
        .arg(&bc)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("invalid filter"), "{}", stderr(&o));
}

#[test]
fn trex_log_filters_by_target() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "byval", BYVAL);
    let with = |env: &[(&str, &str)]| reasons(&run_env(tmp.path(), &bc, &[], env)).len();
    assert_eq!(with(&[("TREX_LOG", "trex::itp=debug")]), 1);
    assert_eq!(with(&[("TREX_LOG", "trex=debug")]), 1);
    assert_eq!(with(&[("TREX_LOG", "debug")]), 1);
    // Other targets, or a level above debug: nothing.
    assert_eq!(
        with(&[("TREX_LOG", "trex::link=debug,trex::solver=trace")]),
        0
    );
    assert_eq!(with(&[("TREX_LOG", "trex::itp=info")]), 0);
    assert_eq!(
        with(&[("TREX_LOG", "trex::itp=debug,trex::itp::x=trace")]),
        1
    );
    // The deprecated switch.
    assert_eq!(with(&[("TREX_ITP_DEBUG", "1")]), 1);
    // An invalid TREX_LOG: one warning, the run goes on.
    let err = run_env(tmp.path(), &bc, &[], &[("TREX_LOG", "trex=loud")]);
    let warns: Vec<_> = err.lines().filter(|l| l.contains(" WARN ")).collect();
    assert_eq!(warns.len(), 1, "{err}");
    assert!(warns[0].contains("TREX_LOG=trex=loud ignored"), "{err}");
}
