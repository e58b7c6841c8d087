//! contrib/benchexec: BenchExec's own checker of tool-info modules (`python3 -m
//! benchexec.test_tool_info`, BenchExec from PyPI: installed with TestCov, which depends on it,
//! by `scripts/install-testcov.sh`) on trex's module, with outputs of real `trex verify
//! --svcomp` runs (TRUE, FALSE, UNKNOWN with a reason, a refused task) and an SV-COMP task
//! definition: the verdicts it reads and the command lines it makes.

use super::*;

/// The Python of the environment BenchExec is installed in, or why there is none.
fn python() -> Result<PathBuf, String> {
    Ok(super::testcomp::installed_testcov()?.with_file_name("python"))
}

const PROGRAM: &str = r#"extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 5)
    reach_error();
  if (x == BUG)
    reach_error();
  return 0;
}
"#;

#[test]
fn benchexec_checks_the_tool_info_module() {
    let py = match python() {
        Ok(p) => p,
        Err(why) => {
            eprintln!("skipped: BenchExec is not installed ({why})");
            return;
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let prp = d.join("unreach-call.prp");
    std::fs::write(
        &prp,
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    // TRUE (BUG out of range), FALSE, UNKNOWN (no time: a budget of 0 s is refused, so the
    // task's loop-free program is run by symbolic execution alone with an instruction
    // budget: the Horn-clause engine would prove it), and an error.
    let cases = [
        ("true", "-1 && 0", vec![]),
        ("false", "42", vec![]),
        (
            "unknown",
            "-1 && 0",
            vec!["--engine=symbolic", "--max-instructions=5"],
        ),
    ];
    let mut outputs = Vec::new();
    for (name, bug, opts) in &cases {
        let c = d.join(format!("{name}.c"));
        std::fs::write(&c, PROGRAM.replace("BUG", bug)).unwrap();
        // In the temporary directory: --svcomp writes witness.yml where it runs.
        let o = trex()
            .current_dir(d)
            .args(["verify", "--svcomp", "--property"])
            .arg(&prp)
            .args(opts)
            .arg(&c)
            .output()
            .unwrap();
        let out = d.join(format!("{name}.log"));
        let mut text = o.stdout.clone();
        text.extend_from_slice(&o.stderr);
        std::fs::write(&out, text).unwrap();
        outputs.push(out);
    }
    let err = d.join("error.log");
    std::fs::write(&err, "trex: error: missing.c: cannot read: No such file\n").unwrap();
    outputs.push(err);
    let yml = d.join("task.yml");
    std::fs::write(
        &yml,
        "format_version: '2.0'\ninput_files: 'false.c'\nproperties:\n  - property_file: \
         unreach-call.prp\n    expected_verdict: false\noptions:\n  language: C\n  \
         data_model: ILP32\n",
    )
    .unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_trex")).parent().unwrap();
    let o = Command::new(&py)
        .env(
            "PYTHONPATH",
            Path::new(env!("CARGO_MANIFEST_DIR")).join("contrib/benchexec"),
        )
        .args([
            "-m",
            "benchexec.test_tool_info",
            "trex_benchexec.trex",
            "--no-container",
        ])
        .arg("--tool-directory")
        .arg(bin)
        .arg("--tool-output")
        .args(&outputs)
        .arg("--task-definition")
        .arg(&yml)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    // Each "Result of analyzing tool output in X:" is followed by the result.
    let result = |name: &str| -> String {
        let i = lines
            .iter()
            .position(|l| l.contains("Result of analyzing") && l.contains(name))
            .unwrap_or_else(|| panic!("no result for {name}:\n{text}"));
        lines[i + 1].trim().to_string()
    };
    assert_eq!(result("true.log"), "“true”", "{text}");
    assert_eq!(result("false.log"), "“false(unreach-call)”", "{text}");
    assert!(
        result("unknown.log").starts_with("“unknown (instruction budget"),
        "{text}"
    );
    assert!(
        result("error.log").starts_with("“ERROR (missing.c"),
        "{text}"
    );
    assert!(text.contains("Version: “0.1.0”"), "{text}");
    // The task's data model and property reach the command line.
    assert!(
        text.contains("'--property', '") && text.contains("'--data-model', 'ILP32'"),
        "{text}"
    );
}
