//! `trex replay --native`: a program built natively (clang-14) replayed on tests written here
//! in the format of KLEE's POSIX runtime (an encoder of KLEE's `.ktest` layout independent of
//! trex's), checked against what the program itself prints it saw.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PROG: &str = r#"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) printf("arg %d [%s]\n", i, argv[i]);
  struct stat st;
  if (stat("A", &st) == 0) {
    char buf[64] = {0};
    FILE *f = fopen("A", "r");
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    printf("A %o %ld %ld [%.*s]\n", st.st_mode, (long)st.st_size, (long)st.st_mtime, (int)n, buf);
  }
  if (fstat(0, &st) == 0 && (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode))) {
    char buf[64];
    size_t n = fread(buf, 1, sizeof buf, stdin);
    printf("stdin %s [%.*s]\n", S_ISREG(st.st_mode) ? "file" : "pipe", (int)n, buf);
  }
  fflush(stdout);
  if (argc > 1 && strcmp(argv[1], "crash") == 0) *(volatile int *)0 = 1;
  return argc - 1;
}
"#;

fn native(dir: &Path) -> PathBuf {
    let c = dir.join("prog.c");
    std::fs::write(&c, PROG).unwrap();
    let exe = dir.join("prog");
    let st = Command::new("clang-14")
        .arg("-o")
        .arg(&exe)
        .arg(&c)
        .status()
        .expect("clang-14");
    assert!(st.success());
    exe
}

/// KLEE's `.ktest` (version 3, big-endian lengths).
fn ktest(path: &Path, args: &[&str], objects: &[(&str, Vec<u8>)]) {
    let mut b = b"KTEST".to_vec();
    let u32 = |b: &mut Vec<u8>, v: usize| b.extend_from_slice(&(v as u32).to_be_bytes());
    u32(&mut b, 3);
    u32(&mut b, args.len());
    for a in args {
        u32(&mut b, a.len());
        b.extend_from_slice(a.as_bytes());
    }
    u32(&mut b, 0);
    u32(&mut b, 0);
    u32(&mut b, objects.len());
    for (name, bytes) in objects {
        u32(&mut b, name.len());
        b.extend_from_slice(name.as_bytes());
        u32(&mut b, bytes.len());
        b.extend_from_slice(bytes);
    }
    std::fs::write(path, b).unwrap();
}

/// An x86-64 `struct stat64`: mode at 24, nlink at 16, atime and mtime seconds at 72 and 88.
fn stat(mode: u32, mtime: i64) -> Vec<u8> {
    let mut b = vec![0u8; 144];
    b[16..24].copy_from_slice(&1u64.to_le_bytes());
    b[24..28].copy_from_slice(&mode.to_le_bytes());
    b[72..80].copy_from_slice(&mtime.to_le_bytes());
    b[88..96].copy_from_slice(&mtime.to_le_bytes());
    b
}

fn int(v: i32) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

fn replay(args: &[&Path], opts: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trex"))
        .args(["replay", "--native"])
        .args(opts)
        .args(args)
        .output()
        .unwrap()
}

const CMDLINE: &[&str] = &[
    "prog.bc",
    "--sym-args",
    "0",
    "2",
    "3",
    "--sym-files",
    "1",
    "4",
    "--sym-stdin",
    "5",
];

#[test]
fn the_program_sees_its_arguments_file_and_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let exe = native(dir.path());
    let t1 = dir.path().join("test000001.ktest");
    ktest(
        &t1,
        CMDLINE,
        &[
            ("n_args", int(2)),
            ("arg00", b"A\0\0\0".to_vec()),
            ("arg01", b"-n!\xff".to_vec()),
            ("A-data", b"data".to_vec()),
            ("A-data-stat", stat(0o100640, 12345)),
            ("stdin", b"hello".to_vec()),
            ("stdin-stat", stat(0o100644, 0)),
            ("model_version", int(1)),
        ],
    );
    // No arguments; stdin a FIFO: a pipe.
    let t2 = dir.path().join("test000002.ktest");
    ktest(
        &t2,
        CMDLINE,
        &[
            ("n_args", int(0)),
            ("A-data", b"xyzw".to_vec()),
            ("A-data-stat", stat(0o100600, 7)),
            ("stdin", b"piped".to_vec()),
            ("stdin-stat", stat(0o010600, 0)),
            ("model_version", int(1)),
        ],
    );
    let o = replay(&[&exe, &t1, &t2], &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert_eq!(
        out,
        "arg 1 [A]\narg 2 [-n!]\nA 100640 4 12345 [data]\nstdin file [hello]\n\
         A 100600 4 7 [xyzw]\nstdin pipe [piped]\n"
    );
    let exe_shown = format!("{:?}", exe.display().to_string());
    assert!(err.contains(&format!(
        "TREX: replaying {} natively: {exe_shown} \"A\" \"-n!\"\nTREX: exit status 2\n",
        t1.display()
    )));
    assert!(err.contains(&format!(
        "TREX: replaying {} natively: {exe_shown}\nTREX: exit status 0\n",
        t2.display()
    )));
}

#[test]
fn a_crash_is_reported_with_its_signal_and_output_can_be_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let exe = native(dir.path());
    let t = dir.path().join("crash.ktest");
    ktest(
        &t,
        &["prog.bc", "--sym-arg", "5"],
        &[("arg00", b"crash\0".to_vec())],
    );
    let o = replay(&[&exe, &t], &["--hide-output"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(o.stdout.is_empty());
    assert!(
        err.ends_with("TREX: killed by signal 11 (SIGSEGV)\n"),
        "{err}"
    );
}

#[test]
fn bad_input_is_one_line_and_a_failed_exit() {
    let dir = tempfile::tempdir().unwrap();
    let exe = native(dir.path());
    // A test of a klee_make_symbolic program: its object is not a POSIX runtime object.
    let other = dir.path().join("other.ktest");
    ktest(&other, &["other.bc"], &[("x", int(1))]);
    let o = replay(&[&exe, &other], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.starts_with(&format!(
            "trex: error: {}: object 0 `x` (4 bytes) is not one KLEE's POSIX runtime makes for \
         `other.bc`",
            other.display()
        )),
        "{err}"
    );
    assert!(err.ends_with("trex: error: 1 of 1 tests were not replayed to their end\n"));
    // Not a .ktest; a missing program.
    let junk = dir.path().join("junk.ktest");
    std::fs::write(&junk, "not a test").unwrap();
    let o = replay(&[&exe, &junk], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read the test: not a .ktest file"));
    let o = replay(&[&dir.path().join("nope"), &other], &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("trex: error: cannot find program"), "{err}");
    // A run that does not end in time.
    let t = dir.path().join("sleep.ktest");
    ktest(&t, &["sleep.bc", "10"], &[]);
    let o = replay(&[Path::new("/bin/sleep"), &t], &["--timeout=0.2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert!(err.contains("TREX: timed out after 0.2 s: killed"), "{err}");
}
