//! SV-COMP witnesses of `trex verify` checked by tools that are not trex: a violation witness
//! by execution (`contrib/witnesses/witness2test.py`, gcc), a correctness witness by the
//! format's schema (`contrib/witnesses/check_schema.py`, jsonschema from PyPI:
//! `scripts/install-witness-tools.sh`). Each check must also be able to fail: a witness with a
//! changed value, or one for another program, is rejected. Skipped with a message when gcc or
//! the Python packages are missing.

use super::*;

const PROGRAM: &str = r#"extern void abort(void);
void reach_error() {}
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern long __VERIFIER_nondet_long(void);
int main() {
  int a = __VERIFIER_nondet_int();
  unsigned char b = __VERIFIER_nondet_uchar();
  long c = __VERIFIER_nondet_long();
  if (a > -5 && a < 0 && b == 200 && c < -3000000000L + BOUND) {
    reach_error();
    abort();
  }
  return 0;
}
"#;

const PRP: &str = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";

/// The environment's python with jsonschema and PyYAML, installed once, or why there is none.
fn tools_python() -> Result<PathBuf, String> {
    super::installed::installed("install-witness-tools.sh")
}

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("contrib/witnesses")
        .join(name)
}

/// `trex verify --svcomp` of `program` as `d/task.c`, with more options: its stdout.
fn verify(d: &Path, program: &str, opts: &[&str]) -> String {
    std::fs::write(d.join("task.c"), program).unwrap();
    std::fs::write(d.join("unreach-call.prp"), PRP).unwrap();
    let o = trex()
        .current_dir(d)
        .args(["verify", "--svcomp", "--property", "unreach-call.prp"])
        .args(opts)
        .arg("task.c")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// witness2test's exit status and line on `witness` of `d`'s task.
fn witness2test(py: &Path, d: &Path, witness: &str, model: &str) -> (i32, String) {
    let o = Command::new(py)
        .arg(script("witness2test.py"))
        .args(["--data-model", model, "task.c", witness])
        .current_dir(d)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    (o.status.code().unwrap_or(-1), text)
}

fn ready() -> Option<PathBuf> {
    if Command::new("gcc").arg("--version").output().is_err() {
        eprintln!("skipped: gcc is not installed");
        return None;
    }
    match tools_python() {
        Ok(p) => Some(p),
        Err(why) => {
            eprintln!("skipped: jsonschema / PyYAML could not be installed ({why})");
            None
        }
    }
}

#[test]
fn violation_witness_is_confirmed_by_execution_and_a_changed_one_rejected() {
    let Some(py) = ready() else { return };
    for model in ["LP64", "ILP32"] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        // ILP32: long is 32 bits; the bound keeps the condition satisfiable in both.
        let bound = if model == "ILP32" { "3000000000L" } else { "0" };
        let out = verify(
            d,
            &PROGRAM.replace("BOUND", bound),
            &["--data-model", model],
        );
        assert_eq!(out.trim(), "FALSE(unreach-call)");
        let w = std::fs::read_to_string(d.join("witness.yml")).unwrap();
        assert_eq!(w.matches("type: \"function_return\"").count(), 3, "{w}");
        assert!(w.contains("\\\\result == 200\""), "{w}");
        assert!(w.contains("type: \"target\""), "{w}");
        let (code, line) = witness2test(&py, d, "witness.yml", model);
        assert_eq!(code, 0, "{model}: {line}\n{w}");
        let o = Command::new(&py)
            .arg(script("check_schema.py"))
            .arg(d.join("witness.yml"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
        // b must be 200: any other value misses the error.
        std::fs::write(d.join("wrong.yml"), w.replace("== 200\"", "== 201\"")).unwrap();
        let (code, line) = witness2test(&py, d, "wrong.yml", model);
        assert_eq!(code, 1, "a changed value must be rejected: {line}");
        // A witness for another program is not used at all.
        std::fs::write(d.join("task.c"), PROGRAM.replace("BOUND", "1")).unwrap();
        let (code, line) = witness2test(&py, d, "witness.yml", model);
        assert_eq!(code, 2, "another program's witness: {line}");
    }
}

#[test]
fn graphml_violation_witness_is_confirmed_by_execution() {
    let Some(py) = ready() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = verify(
        d,
        &PROGRAM.replace("BOUND", "0"),
        &["--witness-format", "graphml"],
    );
    assert_eq!(out.trim(), "FALSE(unreach-call)");
    let w = std::fs::read_to_string(d.join("witness.graphml")).unwrap();
    for key in [
        "<data key=\"witness-type\">violation_witness</data>",
        "<data key=\"assumption.resultfunction\">__VERIFIER_nondet_uchar</data>",
        "<data key=\"assumption\">\\result == 200;</data>",
        "<data key=\"violation\">true</data>",
        "<data key=\"architecture\">64bit</data>",
    ] {
        assert!(w.contains(key), "{key} missing:\n{w}");
    }
    let (code, line) = witness2test(&py, d, "witness.graphml", "LP64");
    assert_eq!(code, 0, "{line}\n{w}");
    std::fs::write(d.join("wrong.graphml"), w.replace("== 200;", "== 7;")).unwrap();
    let (code, line) = witness2test(&py, d, "wrong.graphml", "LP64");
    assert_eq!(code, 1, "{line}");
}

#[test]
fn correctness_witness_passes_the_schema_and_a_broken_one_fails() {
    let Some(py) = ready() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // a > -5 && a < 0 && a > 0: unreachable.
    let program = PROGRAM
        .replace("BOUND", "0")
        .replace("a < 0 &&", "a < 0 && a > 0 &&");
    let out = verify(d, &program, &["--witness", "true.yml"]);
    assert_eq!(out.trim(), "TRUE");
    let w = std::fs::read_to_string(d.join("true.yml")).unwrap();
    assert!(w.contains("entry_type: \"invariant_set\""), "{w}");
    let check = |f: &str| {
        Command::new(&py)
            .arg(script("check_schema.py"))
            .arg(d.join(f))
            .output()
            .unwrap()
    };
    let o = check("true.yml");
    assert!(
        o.status.success(),
        "{}\n{w}",
        String::from_utf8_lossy(&o.stdout)
    );
    std::fs::write(d.join("bad.yml"), w.replace("\"LP64\"", "\"64bit\"")).unwrap();
    assert_eq!(check("bad.yml").status.code(), Some(1));
}

#[test]
fn witness_only_when_asked_outside_svcomp_and_none_for_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("task.c"), PROGRAM.replace("BOUND", "0")).unwrap();
    let st = Command::new("clang-14")
        .current_dir(d)
        .args(["-g", "-c", "-emit-llvm", "-w", "-o", "prog.bc", "task.c"])
        .status()
        .unwrap();
    assert!(st.success());
    let run = |extra: &[&str]| {
        trex()
            .current_dir(d)
            .arg("verify")
            .args(extra)
            .arg("prog.bc")
            .output()
            .unwrap()
    };
    assert!(run(&[]).status.success());
    assert!(!d.join("witness.yml").exists());
    assert!(run(&["--witness", "w.yml"]).status.success());
    let w = std::fs::read_to_string(d.join("w.yml")).unwrap();
    assert!(
        w.contains("specification: \"G ! call(reach_error())\""),
        "{w}"
    );
    assert!(w.contains("task.c"), "{w}");
    // UNKNOWN (no instructions to spend): no witness.
    let o = run(&["--witness", "u.yml", "--max-instructions=5"]);
    assert!(o.status.success());
    assert!(!d.join("u.yml").exists());
}

/// A loop whose safety needs `j == 2 * i`, which the Horn-clause engine proves: the testsuite's
/// SV-COMP case of it.
const LOOP: &str = include_str!("../../testsuite/verify/svcomp_chc_invariant_true.c");

/// `trex verify --svcomp --check-witness FILE` on `d/task.c`: (stdout, stderr).
fn check_witness(d: &Path, witness: &str) -> (String, String) {
    let o = trex()
        .current_dir(d)
        .args(["verify", "--svcomp", "--property", "unreach-call.prp"])
        .args(["--max-time", "60", "--check-witness", witness, "task.c"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success() || !err.is_empty(), "{err}");
    (String::from_utf8_lossy(&o.stdout).trim().to_string(), err)
}

#[test]
fn correctness_witness_invariants_are_rechecked_by_a_separate_proof() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = verify(d, LOOP, &["--engine", "chc", "--witness", "true.yml"]);
    assert_eq!(out.trim(), "TRUE");
    let w = std::fs::read_to_string(d.join("true.yml")).unwrap();
    assert!(w.contains("loop_invariant"), "{w}");
    let (out, err) = check_witness(d, "true.yml");
    assert_eq!(out, "TRUE", "{err}\n{w}");
    assert!(err.contains("witness CONFIRMED"), "{err}");
    // A changed invariant is false at the loop head.
    let value = w.lines().find(|l| l.contains("value:")).unwrap();
    let wrong = w.replace(value, "        value: \"j == 3 * i\"");
    std::fs::write(d.join("wrong.yml"), &wrong).unwrap();
    let (out, err) = check_witness(d, "wrong.yml");
    assert_eq!(out, "UNKNOWN", "{err}");
    assert!(
        err.contains("NOT CONFIRMED: an invariant is false"),
        "{err}"
    );
    // A true invariant that does not exclude the target.
    std::fs::write(
        d.join("weak.yml"),
        w.replace(value, "        value: \"j <= 2 * i\""),
    )
    .unwrap();
    let (_, err) = check_witness(d, "weak.yml");
    assert!(err.contains("not inductive or do not exclude"), "{err}");
    // Another program: refused by its hash.
    std::fs::write(d.join("task.c"), LOOP.replace("j += 2", "j += 1")).unwrap();
    let (out, err) = check_witness(d, "true.yml");
    assert!(
        out.is_empty() && err.contains("is for another program"),
        "{err}"
    );
}
