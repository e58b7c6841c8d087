//! The parsers the harness drives in-process, each as trex reaches it from its input (a file
//! read, or the command line), and their seeds. `run` returns whether the input was accepted
//! (`false`: a clean error); a panic is the failure the harness looks for, and so are the
//! checks here that what was read writes back the same.

use std::path::{Path, PathBuf};

use super::mutate::Mutator;
use crate::cli::parse::parse_time_span;
use crate::cli::{args, posix_args, run, seeds::SeedOptions, svcomp, Cli, Command};
use crate::expr::ArrayId;
use crate::output::ktest::KTest;
use crate::output::{pathfile, testcomp};
use crate::seed::Seed;
use clap::Parser;

pub struct Target {
    pub name: &'static str,
    pub inputs: Mutator,
    pub run: fn(&Scratch, &[u8]) -> bool,
}

/// Where file-reading parsers get their file.
pub struct Scratch {
    pub dir: tempfile::TempDir,
}

impl Scratch {
    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.dir.path().join(name);
        std::fs::write(&p, bytes).expect("scratch file");
        p
    }
}

/// Valid inputs met at run time: real `.ktest` / `.path` files of a trex run
/// (`FUZZ_SEED_DIR`), SV-COMP's property file and a task file.
pub struct Found {
    pub ktests: Vec<Vec<u8>>,
    pub paths: Vec<Vec<u8>>,
    pub properties: Vec<Vec<u8>>,
    pub klee_lines: Vec<Vec<u8>>,
}

fn words(s: &[&str]) -> Vec<u8> {
    s.join("\n").into_bytes()
}

/// `.ktest` files written by trex's own writer: no object, several, long names, argv.
fn written_ktests() -> Vec<Vec<u8>> {
    let objs = |v: &[(&str, &[u8])]| -> Vec<(String, Vec<u8>)> {
        v.iter().map(|(n, b)| (n.to_string(), b.to_vec())).collect()
    };
    let mut with_argv = KTest::of_objects(
        vec!["prog.bc".into(), "--sym-args".into(), "0".into()],
        &objs(&[("n_args", &[2, 0, 0, 0]), ("arg00", b"ab\0")]),
    );
    with_argv.sym_argvs = 2;
    with_argv.sym_argv_len = 4;
    vec![
        KTest::of_objects(vec!["prog.bc".into()], &[]).to_bytes(),
        KTest::of_objects(vec!["a.bc".into()], &objs(&[("x", &[1, 2, 3, 4])])).to_bytes(),
        KTest::of_objects(
            vec![],
            &objs(&[("x", &[7, 0, 0, 0]), ("y", &[0xff; 8]), ("buf", &[0; 16])]),
        )
        .to_bytes(),
        with_argv.to_bytes(),
    ]
}

pub fn targets(found: &Found) -> Vec<Target> {
    let mut ktests = written_ktests();
    ktests.extend(found.ktests.iter().cloned());
    let mut paths = vec![pathfile::render(&[true, false, true, true, false]).into_bytes()];
    paths.extend(found.paths.iter().cloned());
    let mut props = vec![
        testcomp::COVERAGE_BRANCHES.as_bytes().to_vec(),
        testcomp::COVERAGE_ERROR.as_bytes().to_vec(),
    ];
    props.extend(found.properties.iter().cloned());
    let mut cmdlines = vec![
        words(&["-max-time=10s", "-search=dfs", "prog.bc", "a", "b"]),
        words(&["run", "--libc=none", "-output-dir", "out", "prog.ll"]),
        words(&["--posix-runtime", "prog.bc", "--sym-args", "0", "2", "4"]),
        words(&["verify", "--svcomp", "-max-time", "1min30s", "t.c"]),
        words(&["ktest", "show", "a.ktest"]),
    ];
    cmdlines.extend(found.klee_lines.iter().cloned());
    let mut opt_dict: Vec<Vec<u8>> = crate::cli::klee_options::KLEE_OPTIONS
        .iter()
        .flat_map(|o| [format!("\n-{}\n", o.name), format!("\n--{}=", o.name)])
        .map(String::into_bytes)
        .collect();
    for t in [
        "\n--\n",
        "\n-\n",
        "=",
        "\ntrue\n",
        "\n0\n",
        "1e400",
        "\nrun\n",
        "\nverify\n",
    ] {
        opt_dict.push(t.as_bytes().to_vec());
    }
    let units: Vec<Vec<u8>> = [
        "h", "min", "s", "ms", "us", "ns", ".", "e9", "-", "inf", "nan",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let posix_dict: Vec<Vec<u8>> = [
        "\n--sym-arg\n",
        "\n-sym-args\n",
        "\n--sym-files\n",
        "\n--sym-stdin\n",
        "\n-sym-stdout\n",
        "\n--max-fail\n",
        "\n--fd-fail\n",
        "\n--help\n",
        "\n99\n",
        "\n4294967296\n",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let m = |seeds: Vec<Vec<u8>>, dict: Vec<Vec<u8>>, max_len| Mutator {
        seeds,
        dict,
        max_len,
    };
    vec![
        Target {
            name: "ktest",
            inputs: m(ktests.clone(), vec![b"KTEST".to_vec()], 4096),
            run: ktest,
        },
        Target {
            name: "seed-dir",
            inputs: m(ktests, vec![b"KTEST".to_vec()], 4096),
            run: seed_dir,
        },
        Target {
            name: "path-file",
            inputs: m(paths, vec![b"\n".to_vec(), b"\r\n".to_vec()], 4096),
            run: path_file,
        },
        Target {
            name: "property",
            inputs: m(props, vec![b"G ! call(reach_error())".to_vec()], 4096),
            run: property,
        },
        Target {
            name: "env-file",
            inputs: m(
                vec![b"HOME=/home/u\nLANG=C\n\n  X=1 \n".to_vec()],
                vec![],
                4096,
            ),
            run: env_file,
        },
        Target {
            name: "time-span",
            inputs: m(
                ["10", "1.5", "1h30min", "500ms", "1min30s", "0"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect(),
                units,
                64,
            ),
            run: time_span,
        },
        Target {
            name: "klee-cmdline",
            inputs: m(cmdlines, opt_dict, 1024),
            run: klee_cmdline,
        },
        Target {
            name: "posix-args",
            inputs: m(
                vec![
                    words(&["--sym-args", "0", "2", "4", "--sym-stdin", "8"]),
                    words(&[
                        "-sym-arg",
                        "3",
                        "--sym-files",
                        "1",
                        "8",
                        "-max-fail",
                        "1",
                        "x",
                    ]),
                ],
                posix_dict,
                512,
            ),
            run: posix,
        },
    ]
}

/// `trex ktest show`, `--replay-ktest-file`: read, then printed as ktest-tool does; what was
/// read writes back to the same test.
fn ktest(_: &Scratch, b: &[u8]) -> bool {
    let Ok(kt) = KTest::from_bytes(b) else {
        return false;
    };
    assert_eq!(KTest::from_bytes(&kt.to_bytes()).unwrap(), kt);
    let _ = crate::cli::ktest_show::render("t.ktest", &kt, b.len().is_multiple_of(2));
    true
}

/// `--seed-dir`: the directory read, its test loaded, then bound to the program's symbolic
/// objects as a seeded path does (the options from the input's length, so each is tried).
fn seed_dir(s: &Scratch, b: &[u8]) -> bool {
    let dir = s.dir.path().join("seeds");
    let _ = std::fs::create_dir(&dir);
    std::fs::write(dir.join("a.ktest"), b).expect("seed file");
    let bits = b.len();
    let o = SeedOptions {
        seed_dir: vec![dir],
        named_seed_matching: bits & 1 != 0,
        allow_seed_extension: bits & 2 != 0,
        zero_seed_extension: bits & 4 != 0,
        allow_seed_truncation: bits & 8 != 0,
        ..SeedOptions::default()
    };
    let Ok(Some(seeding)) = o.load() else {
        return false;
    };
    let mut accepted = true;
    for input in &seeding.seeds {
        let mut seed = Seed::new(input.clone());
        for (k, (name, size)) in [("x", 4u64), ("arg00", 3), ("buf", 16), ("y", 1)]
            .into_iter()
            .enumerate()
        {
            let a = ArrayId(k as u32);
            match seed.bind(&seeding, a, name, size, &mut |_| {}) {
                Ok(()) => assert!(seed.bytes(a).len() as u64 <= size),
                Err(_) => accepted = false,
            }
        }
    }
    accepted
}

/// `--replay-path`: read as UTF-8 text (as `trex run` reads it), then parsed; what was read
/// renders back to the same decisions.
fn path_file(_: &Scratch, b: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(b) else {
        return false;
    };
    let Ok(d) = pathfile::parse(text) else {
        return false;
    };
    assert_eq!(pathfile::parse(&pathfile::render(&d)).unwrap(), d);
    true
}

/// `trex verify --svcomp --property=F` and `trex cover --property=F`.
fn property(s: &Scratch, b: &[u8]) -> bool {
    let f = s.file("p.prp", b);
    let sv = svcomp::check_property(&f).is_ok();
    let tc = std::str::from_utf8(b).is_ok_and(|t| testcomp::property_of(t).is_some());
    sv || tc
}

fn env_file(s: &Scratch, b: &[u8]) -> bool {
    let f = s.file("env", b);
    match run::read_env_file(&f) {
        Ok(v) => {
            assert!(v.iter().all(|l| !l.is_empty() && !l.contains('\n')));
            true
        }
        Err(_) => false,
    }
}

fn time_span(_: &Scratch, b: &[u8]) -> bool {
    std::str::from_utf8(b).is_ok_and(|t| parse_time_span(t).is_ok())
}

/// The command line's words (one per line of the input) as `trex`'s `main` takes them: KLEE's
/// syntax rewritten (`args.rs`), then clap with its value parsers, then the program's
/// arguments under `--posix-runtime`.
fn klee_cmdline(_: &Scratch, b: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(b) else {
        return false;
    };
    let mut raw = vec!["trex".to_string()];
    raw.extend(text.split('\n').map(String::from));
    let Ok(p) = args::prepare(raw, b.len().is_multiple_of(2)) else {
        return false;
    };
    let Ok(cli) = Cli::try_parse_from(&p.args) else {
        return false;
    };
    match cli.command {
        Command::Run(r) if r.posix.posix_runtime => posix_args::parse(&r.args).is_ok(),
        _ => true,
    }
}

fn posix(_: &Scratch, b: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(b) else {
        return false;
    };
    let a: Vec<String> = text.split('\n').map(String::from).collect();
    posix_args::parse(&a).is_ok()
}

/// Reads `dir`'s files with extension `ext`, sorted (absent dir: none).
pub fn files_in(dir: &Path, ext: &str) -> Vec<Vec<u8>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}
