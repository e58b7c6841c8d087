//! `--write-xml-tests`: the suite Test-Comp takes, judged by TestCov (Test-Comp's own tool,
//! from PyPI: `scripts/install-testcov.sh`), which compiles the C program with gcc, runs each
//! test through its harness (the `<input>` values handed to the `__VERIFIER_nondet_*` calls in
//! order) and measures branch coverage with gcov.

use super::*;

/// The testcov command, installed once (with BenchExec, which it depends on), or why it
/// could not be.
pub(super) fn installed_testcov() -> Result<PathBuf, String> {
    super::installed::installed("install-testcov.sh")
}

fn testcov() -> PathBuf {
    installed_testcov().unwrap_or_else(|e| panic!("{e}"))
}

const NONDET: &str = r#"extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char u = __VERIFIER_nondet_uchar();
  char c = __VERIFIER_nondet_char();
  long l = __VERIFIER_nondet_long();
  int r = 0;
  if (x < -100) r += 1; else r += 2;
  if (u > 200) r += 4;
  if (c < 0) r += 8;
  if (l < -5000000000L) r += 16;
  if (x == 12345 && u == 7) r += 32;
  return r;
}
"#;

/// TestCov's report on the zipped suite `zip` of the program `c`, run in a directory of
/// `tmp`.
pub(super) fn judge(tmp: &Path, zip: &Path, c: &Path) -> String {
    let tc = testcov();
    let path = format!(
        "{}:{}",
        tc.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tmp.join(format!("judge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let o = Command::new(&tc)
        .args(["--no-runexec", "--no-isolation", "--no-plots", "-64"])
        .arg("--test-suite")
        .arg(zip)
        .arg(c)
        .env("PATH", path)
        .current_dir(&dir)
        .output()
        .unwrap();
    String::from_utf8_lossy(&o.stdout).into_owned() + &stderr(&o)
}

/// Every branch of the program is feasible: the suite trex writes must cover them all as
/// TestCov runs it natively, every test in it.
#[test]
fn testcov_runs_every_test_and_covers_every_branch() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "prog", NONDET);
    let out = tmp.path().join("o");
    let o = trex()
        .args([
            "run",
            "--no-interpolation",
            "--libc=none",
            "--write-xml-tests",
        ])
        .arg("--output-dir")
        .arg(&out)
        .arg(&bc)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let xml = files_with_suffix(&out, ".xml");
    let tests = files_with_suffix(&out, ".ktest");
    assert_eq!(xml.len(), tests.len() + 1, "{xml:?}");
    let meta = std::fs::read_to_string(out.join("metadata.xml")).unwrap();
    assert!(
        meta.contains("<programfile>") && meta.contains("prog.c</programfile>"),
        "{meta}"
    );
    // The suite as Test-Comp hands it over: trex's zip of it.
    assert!(out.join("test-suite.zip").is_file(), "{}", stderr(&o));
    let text = judge(
        tmp.path(),
        &out.join("test-suite.zip"),
        &tmp.path().join("prog.c"),
    );
    assert!(text.contains("Result: DONE"), "{text}");
    // (TestCov stops running tests once every goal is covered.)
    assert!(
        text.contains(&format!("Tests in suite: {}", tests.len())),
        "{} tests: {text}",
        tests.len()
    );
    assert!(text.contains("Coverage: 100.0%"), "{text}");
}

/// A test whose objects are not all `__VERIFIER_nondet_*` values gets no `.xml`, said once.
#[test]
fn other_symbolic_objects_get_no_xml() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let out = tmp.path().join("o");
    let o = trex()
        .args(["run", "--libc=none", "--write-xml-tests"])
        .args(["--xml-metadata-programhash", "00"])
        .arg("--output-dir")
        .arg(&out)
        .arg(&bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(files_with_suffix(&out, ".xml"), ["metadata.xml"], "{err}");
    let said = err.lines().filter(|l| l.contains("no .xml")).count();
    assert_eq!(said, 1, "{err}");
}

/// `--property`: Test-Comp's two properties name the suite's specification; another is one
/// error line, status 1, and no output directory.
#[test]
fn the_property_file_names_the_specification() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "prog", NONDET);
    let prp = |name: &str, text: &str| {
        let p = tmp.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let error = prp(
        "coverage-error.prp",
        "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )\n",
    );
    let unreach = prp(
        "unreach-call.prp",
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    );
    let run = |out: &str, p: &Path| {
        trex()
            .args(["run", "--libc=none", "--write-xml-tests", "--property"])
            .arg(p)
            .arg("--output-dir")
            .arg(tmp.path().join(out))
            .arg(&bc)
            .output()
            .unwrap()
    };
    let o = run("ok", &error);
    assert!(o.status.success(), "{}", stderr(&o));
    let meta = std::fs::read_to_string(tmp.path().join("ok/metadata.xml")).unwrap();
    assert!(meta.contains("@CALL(reach_error)"), "{meta}");
    let o = run("bad", &unreach);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("trex: error: ") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!tmp.path().join("bad").exists());
}
