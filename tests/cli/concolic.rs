//! `trex concolic`: every search finds the forking run's paths, first inputs (zeros, random,
//! seeds), and bad input.

use super::*;

/// `trex concolic OPTS --libc=none --output-dir OUT prog.bc`.
fn concolic(bc: &Path, out: &Path, opts: &[&str]) -> Output {
    trex()
        .arg("concolic")
        .args(opts)
        .args(["--libc=none", "--output-dir"])
        .arg(out)
        .arg(bc)
        .output()
        .unwrap()
}

/// The `KLEE: done:` value of `name`.
fn done(err: &str, name: &str) -> Option<u64> {
    let p = format!("KLEE: done: {name} = ");
    err.lines()
        .find_map(|l| l.strip_prefix(p.as_str()))
        .and_then(|v| v.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
}

#[test]
fn every_concolic_search_finds_the_paths_of_the_forking_run() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let o = trex()
        .args(["run", "--no-interpolation", "--libc=none", "--output-dir"])
        .arg(tmp.path().join("run"))
        .arg(&bc)
        .output()
        .unwrap();
    assert!(o.status.success());
    let want = counts(&stderr(&o));
    let want_errs = files_with_suffix(&tmp.path().join("run"), ".err");
    // dfs and generational end by themselves, each path executed once; the random searches
    // run to their budget, a repeated path getting no test.
    for (search, budget) in [
        ("dfs", None),
        ("generational", None),
        ("cfg", Some("300")),
        ("random-branch", Some("300")),
        ("uniform-random", Some("300")),
    ] {
        let out = tmp.path().join(search);
        let mut opts = vec![
            format!("--search={search}"),
            "--seed=3".to_string(),
            "--no-interpolation".to_string(),
        ];
        opts.extend(budget.map(|b| format!("--max-iterations={b}")));
        let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
        let o = concolic(&bc, &out, &opts);
        let err = stderr(&o);
        assert!(o.status.success(), "{search}: {err}");
        assert_eq!(counts(&err), want, "{search}: {err}");
        assert_eq!(
            files_with_suffix(&out, ".err").len(),
            want_errs.len(),
            "{search}"
        );
        let executed = done(&err, "executed paths").unwrap();
        let tests = done(&err, "generated tests").unwrap();
        match budget {
            None => assert_eq!(executed, tests, "{search}: {err}"),
            Some(b) => assert!(executed <= b.parse().unwrap(), "{search}: {err}"),
        }
        // Every test replays to its path's end: an error test to its error.
        let ktests = files_with_suffix(&out, ".ktest");
        let o = trex()
            .args(["replay", "--libc=none"])
            .arg(&bc)
            .args(ktests.iter().map(|t| out.join(t)))
            .output()
            .unwrap();
        let replayed = stderr(&o);
        let errors = replayed
            .lines()
            .filter(|l| l.starts_with("KLEE: ERROR:"))
            .count();
        assert_eq!(errors, want_errs.len(), "{search}: {replayed}");
    }
}

#[test]
fn ippc_solves_the_same_negations_with_smaller_queries() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let plain = stderr(&concolic(
        &bc,
        &tmp.path().join("a"),
        &["--no-interpolation"],
    ));
    let ippc_opts = ["--ippc", "--no-interpolation"];
    let ippc = stderr(&concolic(&bc, &tmp.path().join("b"), &ippc_opts));
    assert_eq!(counts(&plain), counts(&ippc));
    let negated = |e: &str| done(e, "negated branches");
    assert_eq!(negated(&plain), negated(&ippc));
    let largest = |e: &str| -> u64 {
        let l = e.lines().find(|l| l.contains("negation queries")).unwrap();
        l.rsplit("largest ").next().unwrap().trim().parse().unwrap()
    };
    assert!(largest(&ippc) <= largest(&plain), "{plain}\n{ippc}");
}

/// `trex run --ippc` (paper 001 for a fork's questions): the same paths, tests and errors, the
/// solver's queries no larger, and its info file says so.
#[test]
fn ippc_in_trex_run_explores_the_same_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let run = |name: &str, ippc: bool| -> (String, String, Vec<String>) {
        let out = tmp.path().join(name);
        // One thread: the error files' test numbers and the queries asked are one worker's.
        let o = trex()
            .args(["run", "--no-interpolation", "--libc=none", "--threads=1"])
            .arg("--output-dir")
            .arg(&out)
            .args(ippc.then_some("--ippc"))
            .arg(&bc)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        let info = std::fs::read_to_string(out.join("info")).unwrap();
        (stderr(&o), info, files_with_suffix(&out, ".err"))
    };
    let (plain, plain_info, plain_errs) = run("plain", false);
    let (ippc, ippc_info, ippc_errs) = run("ippc", true);
    assert_eq!(counts(&plain), counts(&ippc));
    assert_eq!(plain_errs, ippc_errs);
    assert!(ippc_info.contains("KLEE: done: solver calls = ") && ippc_info.contains(" (ippc)"));
    let largest = |info: &str| -> u64 {
        let l = (info.lines())
            .find(|l| l.starts_with("KLEE: done: constraints per solver call: "))
            .unwrap_or_else(|| panic!("{info}"));
        l.rsplit("largest ").next().unwrap().trim().parse().unwrap()
    };
    assert!(
        largest(&ippc_info) <= largest(&plain_info),
        "{plain_info}\n{ippc_info}"
    );
}

/// Interpolation (paper 000) prunes the concolic run and keeps every error, whatever the
/// first input and the search: the first version checked an untaken side under the taken
/// side's condition too (a contradiction, which every entry subsumes) and missed the division
/// by zero from random first inputs.
#[test]
fn interpolation_prunes_and_keeps_every_error() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let mut pruned = 0;
    for search in [
        "dfs",
        "generational",
        "cfg",
        "random-branch",
        "uniform-random",
    ] {
        for seed in 0..8 {
            let out = tmp.path().join(format!("{search}-{seed}"));
            let opts = [
                format!("--search={search}"),
                format!("--seed={seed}"),
                "--max-iterations=200".to_string(),
            ];
            let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
            let o = concolic(&bc, &out, &opts);
            let err = stderr(&o);
            assert!(o.status.success(), "{search} {seed}: {err}");
            let errors = files_with_suffix(&out, ".err");
            assert_eq!(errors.len(), 1, "{search} --seed={seed}: {err}");
            let line = err
                .lines()
                .find(|l| l.contains("pruned by interpolation"))
                .unwrap();
            pruned += line
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|n| n.parse::<u64>().ok())
                .sum::<u64>();
        }
    }
    assert!(pruned > 0, "interpolation pruned nothing");
}

#[test]
fn first_inputs_are_zeros_random_or_the_seeds() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let first = |out: &Path| -> String {
        let o = trex()
            .args(["ktest", "show"])
            .arg(out.join("test000001.ktest"))
            .output()
            .unwrap();
        // (Its objects: the file's name and command line differ.)
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        text.lines()
            .filter(|l| l.contains("data:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let once = |name: &str, opts: &[&str]| {
        let out = tmp.path().join(name);
        let o = concolic(&bc, &out, &[&["--max-iterations=1"], opts].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        first(&out)
    };
    let zeros = once("zeros", &[]);
    assert!(zeros.contains("data: b'\\x00\\x00\\x00\\x00'"), "{zeros}");
    let r1 = once("r1", &["--seed=11"]);
    assert_ne!(r1, zeros);
    assert_eq!(once("r2", &["--seed=11"]), r1, "reproducible from --seed");
    // A seed is the first input: the first test has its values.
    let seed = tmp.path().join("r1/test000001.ktest");
    let s = seed.to_string_lossy().into_owned();
    assert_eq!(once("s", &["--seed-file", &s]), r1);
}

#[test]
fn bad_input_is_one_error_line_and_nothing_written() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let other = compile(tmp.path(), "other", SYMBOLIC);
    let o = concolic(&other, &tmp.path().join("o"), &["--max-iterations=1"]);
    assert!(o.status.success());
    let seed = tmp.path().join("o/test000001.ktest");
    let seed = seed.to_string_lossy().into_owned();
    for opts in [
        vec!["--search=bfs"],
        vec!["--max-iterations=-1"],
        vec!["--max-iterations=0"],
        vec!["--max-forks=3"],
        vec!["--seed-file", seed.as_str()],
    ] {
        let out = tmp.path().join("out");
        let o = concolic(&bc, &out, &opts);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{opts:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{opts:?}: {err}");
        assert!(err.starts_with("trex: error: "), "{opts:?}: {err}");
        assert!(!out.exists(), "{opts:?}");
    }
}

/// A loop bounded by an input: each negation enters it once more (the next input is the
/// path's value moved as little as the query allows, not any model: a solver's model of
/// `n > 2` may be 33,554,432, a path of that many decisions).
#[test]
fn a_loop_bound_grows_a_step_at_a_time() {
    let tmp = tempfile::tempdir().unwrap();
    let src = r#"void klee_make_symbolic(void *, unsigned long, const char *);
int main(void) {
  int n;
  klee_make_symbolic(&n, sizeof n, "n");
  int i = 0;
  while (i < n) i++;
  return 0;
}
"#;
    let bc = compile(tmp.path(), "loop", src);
    let out = tmp.path().join("o");
    let opts = ["--no-interpolation", "--max-iterations=5", "--max-time=60"];
    let o = concolic(&bc, &out, &opts);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(done(&err, "executed paths"), Some(5), "{err}");
    // (Each path decides `i < n` once per iteration and once more to leave.)
    assert_eq!(
        done(&err, "total instructions").map(|n| n < 400),
        Some(true),
        "{err}"
    );
}
