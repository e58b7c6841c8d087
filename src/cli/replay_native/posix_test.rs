//! What a test of KLEE's POSIX runtime gives the program, rebuilt from the `.ktest` as
//! klee-replay rebuilds it: klee-replay runs the runtime's own `klee_init_env` and
//! `klee_init_fds` natively, each `klee_make_symbolic` taking the test's next object in order.
//! Here the same command line is parsed (the test's recorded arguments: `--sym-arg N`,
//! `--sym-args MIN MAX N`, `--sym-files NUM N`, `--sym-stdin N`, `--sym-stdout`,
//! `--max-fail N`, `--fd-fail`, `--save-all-writes`, the others copied), and the objects are
//! taken in the runtime's order: `n_args` and `argNN` per argument option, then `A-data`,
//! `A-data-stat`, ..., `stdin`, `stdin-stat`, the failure counters, `stdout`, `stdout-stat`,
//! `model_version`. Unlike klee-replay, which checks sizes only and ignores what is left
//! over, names are checked too and every object must be used: a test of another program or
//! command line is refused with the object that does not fit. klee-replay also cuts every
//! two-character argument that starts with `A` down to `A`; not here: KLEE's model (and
//! trex's) opens the symbolic file `A` only under the name `A`, so the cut argument would run
//! another path than the test's.

use anyhow::{bail, Result};

use crate::output::ktest::{KTest, KTestObject};

/// `sizeof(struct stat64)` on x86-64 (the size of every `*-stat` object).
pub const STAT64_SIZE: usize = 144;
/// The size KLEE's runtime gives a symbolic stdout.
const STDOUT_SIZE: usize = 1024;
/// The failure counters `--max-fail` makes, in the runtime's order (an `int` each).
const FAIL_COUNTERS: [&str; 5] = [
    "read_fail",
    "write_fail",
    "close_fail",
    "ftruncate_fail",
    "getcwd_fail",
];

/// The fields of an x86-64 `struct stat64` that replay uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    pub mode: u32,
    pub nlink: u64,
    pub atime: i64,
    pub mtime: i64,
}

impl Stat {
    /// Decodes the little-endian x86-64 layout: `st_nlink` at 16, `st_mode` at 24, the
    /// seconds of `st_atim` and `st_mtim` at 72 and 88.
    pub fn decode(b: &[u8]) -> Stat {
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap());
        Stat {
            mode: u32::from_le_bytes(b[24..28].try_into().unwrap()),
            nlink: u64_at(16),
            atime: u64_at(72) as i64,
            mtime: u64_at(88) as i64,
        }
    }

    /// The file type bits (`S_IFMT`).
    pub fn kind(&self) -> u32 {
        self.mode & libc::S_IFMT
    }
}

/// A symbolic file of the test: its contents and stat data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymFile {
    /// `A`, `B`, ... (the file's name in the replay directory), `stdin` or `stdout`.
    pub name: String,
    pub contents: Vec<u8>,
    pub stat: Stat,
}

/// Everything a POSIX-runtime test gives the program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PosixTest {
    /// The program's arguments after argv[0], as C strings (no NUL).
    pub args: Vec<Vec<u8>>,
    pub files: Vec<SymFile>,
    pub stdin: Option<SymFile>,
    pub stdout: Option<SymFile>,
    /// `--max-fail N` (`--fd-fail`: 1); 0 when failures are not injected.
    pub max_fail: u32,
    /// The failure counters' values (the call at which each system call fails).
    pub fail_counters: Vec<(String, i32)>,
    /// The runtime's model version (0 for tests without `model_version`, as klee-replay).
    pub model_version: u32,
}

/// The test's objects, taken in order.
struct Objects<'a> {
    objs: &'a [KTestObject],
    next: usize,
    /// The command line, for the messages.
    cmdline: String,
}

impl<'a> Objects<'a> {
    fn take(&mut self, name: &str, size: usize) -> Result<&'a [u8]> {
        let Some(o) = self.objs.get(self.next) else {
            bail!(
                "the test has {} objects; `{}` needs `{name}` ({size} bytes) after them: \
                 a test of another command line?",
                self.objs.len(),
                self.cmdline
            );
        };
        if o.name != name || o.bytes.len() != size {
            bail!(
                "object {} is `{}` ({} bytes) where `{}` makes `{name}` ({size} bytes): \
                 a test of another program or command line?",
                self.next,
                o.name,
                o.bytes.len(),
                self.cmdline
            );
        }
        self.next += 1;
        Ok(&o.bytes)
    }

    fn peek_name(&self) -> Option<&str> {
        self.objs.get(self.next).map(|o| o.name.as_str())
    }
}

/// KLEE's `__str_to_int`: decimal digits only, not empty.
fn number(s: Option<&String>, usage: &str) -> Result<u32> {
    match s {
        Some(s) if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) => s
            .parse()
            .map_err(|_| anyhow::anyhow!("{usage}: `{s}` is too large")),
        _ => bail!("the test's command line is not one KLEE's POSIX runtime accepts: {usage}"),
    }
}

fn int32(b: &[u8]) -> i32 {
    i32::from_le_bytes(b.try_into().unwrap())
}

/// A symbolic argument of `max_len` characters: the object has one more byte, the last
/// forced to NUL; the argument ends at the first NUL.
fn sym_arg(objs: &mut Objects, num: &mut u32, max_len: u32) -> Result<Vec<u8>> {
    if *num > 99 {
        bail!("more than 100 symbolic arguments (KLEE's limit)");
    }
    let b = objs.take(&format!("arg{:02}", num), max_len as usize + 1)?;
    *num += 1;
    let end = b.iter().position(|&c| c == 0).unwrap_or(max_len as usize);
    Ok(b[..end.min(max_len as usize)].to_vec())
}

fn sym_file(objs: &mut Objects, name: &str, data: &str, size: usize) -> Result<SymFile> {
    let contents = objs.take(data, size)?.to_vec();
    let stat = Stat::decode(objs.take(&format!("{data}-stat"), STAT64_SIZE)?);
    Ok(SymFile {
        name: name.to_string(),
        contents,
        stat,
    })
}

impl PosixTest {
    /// Rebuilds the test of a run `P.bc ARGS...` (the ktest's recorded arguments; the first
    /// one, the program, is not used).
    pub fn from_ktest(kt: &KTest) -> Result<PosixTest> {
        let argv = kt.args.get(1..).unwrap_or(&[]);
        let mut objs = Objects {
            objs: &kt.objects,
            next: 0,
            cmdline: kt.args.join(" "),
        };
        let mut t = PosixTest::default();
        let (mut n_files, mut file_len, mut stdin_len, mut sym_stdout) = (0, 0, 0, false);
        let mut arg_num = 0u32;
        let mut k = 0;
        while k < argv.len() {
            // KLEE's runtime accepts each option with one dash or two.
            let opt = argv[k]
                .strip_prefix("--")
                .or_else(|| argv[k].strip_prefix('-'));
            match opt.unwrap_or("") {
                "sym-arg" => {
                    let n = number(argv.get(k + 1), "--sym-arg expects <max-len>")?;
                    t.args.push(sym_arg(&mut objs, &mut arg_num, n)?);
                    k += 2;
                }
                "sym-args" => {
                    let usage = "--sym-args expects <min-argvs> <max-argvs> <max-len>";
                    let min = number(argv.get(k + 1), usage)?;
                    let max = number(argv.get(k + 2), usage)?;
                    let len = number(argv.get(k + 3), usage)?;
                    if min > max || max == 0 {
                        bail!("invalid range to --sym-args: {min} {max}");
                    }
                    // klee_range(min, max + 1): an `n_args` object unless the range has
                    // one value.
                    let n = if min == max {
                        min
                    } else {
                        let n = int32(objs.take("n_args", 4)?);
                        if n < min as i32 || n > max as i32 {
                            bail!("n_args is {n}, outside --sym-args {min} {max}");
                        }
                        n as u32
                    };
                    for _ in 0..n {
                        t.args.push(sym_arg(&mut objs, &mut arg_num, len)?);
                    }
                    k += 4;
                }
                "sym-files" => {
                    let usage = "--sym-files expects <no-sym-files> <sym-file-len>";
                    n_files = number(argv.get(k + 1), usage)?;
                    file_len = number(argv.get(k + 2), usage)?;
                    if n_files > 26 {
                        bail!("--sym-files {n_files}: more files than the letters A to Z");
                    }
                    k += 3;
                }
                "sym-stdin" => {
                    stdin_len = number(argv.get(k + 1), "--sym-stdin expects <sym-stdin-len>")?;
                    k += 2;
                }
                "sym-stdout" => {
                    sym_stdout = true;
                    k += 1;
                }
                "max-fail" => {
                    t.max_fail = number(argv.get(k + 1), "--max-fail expects <max-failures>")?;
                    k += 2;
                }
                "fd-fail" => {
                    t.max_fail = 1;
                    k += 1;
                }
                // Writes past a file's end: no native meaning (the replay files are real).
                "save-all-writes" => k += 1,
                _ => {
                    t.args.push(argv[k].as_bytes().to_vec());
                    k += 1;
                }
            }
        }
        // klee_init_fds, in its order.
        for i in 0..n_files {
            let letter = char::from(b'A' + i as u8).to_string();
            let data = format!("{letter}-data");
            t.files
                .push(sym_file(&mut objs, &letter, &data, file_len as usize)?);
        }
        if stdin_len > 0 {
            t.stdin = Some(sym_file(&mut objs, "stdin", "stdin", stdin_len as usize)?);
        }
        if t.max_fail > 0 {
            for name in FAIL_COUNTERS {
                let v = int32(objs.take(name, 4)?);
                t.fail_counters.push((name.to_string(), v));
            }
        }
        if sym_stdout {
            t.stdout = Some(sym_file(&mut objs, "stdout", "stdout", STDOUT_SIZE)?);
        }
        // klee-replay gives version 0 to tests without the object (older runtimes).
        if objs.peek_name() == Some("model_version") {
            t.model_version = int32(objs.take("model_version", 4)?) as u32;
        }
        if let Some(o) = kt.objects.get(objs.next) {
            bail!(
                "object {} `{}` ({} bytes) is not one KLEE's POSIX runtime makes for `{}`: \
                 a test of another program or command line?",
                objs.next,
                o.name,
                o.bytes.len(),
                objs.cmdline
            );
        }
        Ok(t)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn obj(name: &str, bytes: &[u8]) -> KTestObject {
        KTestObject {
            name: name.into(),
            bytes: bytes.to_vec(),
        }
    }

    /// A `struct stat64` with the given mode, nlink and times.
    pub fn stat_bytes(mode: u32, nlink: u64, atime: i64, mtime: i64) -> Vec<u8> {
        let mut b = vec![0u8; STAT64_SIZE];
        b[16..24].copy_from_slice(&nlink.to_le_bytes());
        b[24..28].copy_from_slice(&mode.to_le_bytes());
        b[72..80].copy_from_slice(&atime.to_le_bytes());
        b[88..96].copy_from_slice(&mtime.to_le_bytes());
        b
    }

    fn ktest(args: &[&str], objects: Vec<KTestObject>) -> KTest {
        KTest {
            args: args.iter().map(|s| s.to_string()).collect(),
            objects,
            ..KTest::default()
        }
    }

    #[test]
    fn sym_args_take_n_args_then_each_argument_up_to_its_nul() {
        let kt = ktest(
            &["echo.bc", "-n", "--sym-args", "0", "2", "4", "x"],
            vec![
                obj("n_args", &2i32.to_le_bytes()),
                obj("arg00", b"ab\0c\0"),
                obj("arg01", b"wxyz\xff"),
                obj("model_version", &1u32.to_le_bytes()),
            ],
        );
        let t = PosixTest::from_ktest(&kt).unwrap();
        // The last byte is forced to NUL whatever the test says.
        let want: Vec<Vec<u8>> = vec![
            b"-n".to_vec(),
            b"ab".to_vec(),
            b"wxyz".to_vec(),
            b"x".to_vec(),
        ];
        assert_eq!(t.args, want);
        assert_eq!(t.model_version, 1);
        assert!(t.files.is_empty() && t.stdin.is_none() && t.stdout.is_none());
    }

    #[test]
    fn a_one_value_range_has_no_n_args_and_sym_arg_numbers_continue() {
        let kt = ktest(
            &["p.bc", "-sym-arg", "1", "--sym-args", "2", "2", "1"],
            vec![
                obj("arg00", b"a\0"),
                obj("arg01", b"b\0"),
                obj("arg02", b"\0\0"),
            ],
        );
        let t = PosixTest::from_ktest(&kt).unwrap();
        assert_eq!(t.args, vec![b"a".to_vec(), b"b".to_vec(), b"".to_vec()]);
        // No model_version: version 0, as klee-replay.
        assert_eq!(t.model_version, 0);
    }

    #[test]
    fn files_stdin_counters_and_stdout_in_the_runtime_order() {
        let st = stat_bytes(libc::S_IFREG | 0o640, 1, 100, 200);
        let kt = ktest(
            &[
                "cat.bc",
                "A",
                "--sym-files",
                "2",
                "3",
                "--sym-stdin",
                "2",
                "--sym-stdout",
                "--max-fail",
                "1",
            ],
            vec![
                obj("A-data", b"abc"),
                obj("A-data-stat", &st),
                obj("B-data", b"xyz"),
                obj("B-data-stat", &stat_bytes(libc::S_IFDIR | 0o755, 2, 0, 0)),
                obj("stdin", b"in"),
                obj("stdin-stat", &st),
                obj("read_fail", &3i32.to_le_bytes()),
                obj("write_fail", &0i32.to_le_bytes()),
                obj("close_fail", &0i32.to_le_bytes()),
                obj("ftruncate_fail", &0i32.to_le_bytes()),
                obj("getcwd_fail", &0i32.to_le_bytes()),
                obj("stdout", &[0u8; 1024]),
                obj("stdout-stat", &st),
                obj("model_version", &1u32.to_le_bytes()),
            ],
        );
        let t = PosixTest::from_ktest(&kt).unwrap();
        assert_eq!(t.args, vec![b"A".to_vec()]);
        assert_eq!(t.files.len(), 2);
        assert_eq!(
            (t.files[0].name.as_str(), t.files[0].contents.as_slice()),
            ("A", &b"abc"[..])
        );
        assert_eq!(
            t.files[0].stat,
            Stat {
                mode: libc::S_IFREG | 0o640,
                nlink: 1,
                atime: 100,
                mtime: 200
            }
        );
        assert_eq!(t.files[1].stat.kind(), libc::S_IFDIR);
        assert_eq!(t.stdin.as_ref().unwrap().contents, b"in");
        assert_eq!(t.max_fail, 1);
        assert_eq!(t.fail_counters[0], ("read_fail".to_string(), 3));
        assert_eq!(t.stdout.as_ref().unwrap().contents.len(), 1024);
    }

    #[test]
    fn a_test_of_another_program_is_refused_with_the_object_that_does_not_fit() {
        // A klee_make_symbolic test: no POSIX arguments, an object left over.
        let kt = ktest(&["p.bc"], vec![obj("x", &[0; 4])]);
        let e = PosixTest::from_ktest(&kt).unwrap_err().to_string();
        assert!(e.contains("object 0 `x` (4 bytes) is not one"), "{e}");
        // A different --sym-files size.
        let kt = ktest(
            &["p.bc", "--sym-files", "1", "8"],
            vec![obj("A-data", b"abc"), obj("A-data-stat", &[0; STAT64_SIZE])],
        );
        let e = PosixTest::from_ktest(&kt).unwrap_err().to_string();
        assert!(e.contains("object 0 is `A-data` (3 bytes) where `p.bc --sym-files 1 8` makes `A-data` (8 bytes)"), "{e}");
        // Objects missing.
        let kt = ktest(&["p.bc", "--sym-stdin", "8"], vec![]);
        let e = PosixTest::from_ktest(&kt).unwrap_err().to_string();
        assert!(e.contains("needs `stdin` (8 bytes)"), "{e}");
        // n_args outside its range.
        let kt = ktest(
            &["p.bc", "--sym-args", "0", "1", "2"],
            vec![obj("n_args", &5i32.to_le_bytes())],
        );
        assert!(PosixTest::from_ktest(&kt).is_err());
        // Bad numbers.
        let kt = ktest(&["p.bc", "--sym-args", "0", "x", "2"], vec![]);
        let e = PosixTest::from_ktest(&kt).unwrap_err().to_string();
        assert!(e.contains("--sym-args expects"), "{e}");
    }
}
