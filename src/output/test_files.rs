//! The optional files KLEE writes beside a test (`testNNNNNN.<ext>`), each asked for by an
//! option: `.path` (`--write-paths`), `.kquery` (`--write-kqueries`, and every error test),
//! `.smt2` (`--write-smt2s`), `.sym.path` (`--write-sym-paths`), `.cov` (`--write-cov`),
//! `.xml` (`--write-xml-tests`), `.info` (`--write-test-info`), written in KLEE's order after
//! the `.ktest` and `.err`.

use std::fs;
use std::io;
use std::path::Path;
use std::time::Instant;

use super::pathfile;

/// What to write beside the next test (`None` / `false`: not asked for).
#[derive(Debug, Default)]
pub struct TestFiles {
    /// `.path`: every conditional branch's decision.
    pub path: Option<Vec<bool>>,
    /// `.kquery`: the path condition in KQuery.
    pub kquery: Option<String>,
    /// `.smt2`: the path condition in SMT-LIB 2.
    pub smt2: Option<String>,
    /// `.sym.path`: the decisions of the branches that forked.
    pub sym_path: Option<Vec<bool>>,
    /// `.cov`: the `file:line` of the source lines the path covered first.
    pub cov: Option<Vec<String>>,
    /// `.info`: the time the test's files took to write.
    pub info: bool,
    /// `.xml`: the test in Test-Comp's format (`--write-xml-tests`, `testcomp.rs`).
    pub xml: Option<String>,
}

impl TestFiles {
    /// Writes the files of test `id` into `dir`; `started`: when writing the test began.
    pub fn write(&self, dir: &Path, id: u32, started: Instant) -> io::Result<()> {
        let file = |ext: &str| dir.join(format!("test{id:06}.{ext}"));
        if let Some(p) = &self.path {
            fs::write(file("path"), pathfile::render(p))?;
        }
        if let Some(k) = &self.kquery {
            fs::write(file("kquery"), k)?;
        }
        if let Some(s) = &self.smt2 {
            fs::write(file("smt2"), s)?;
        }
        if let Some(p) = &self.sym_path {
            fs::write(file("sym.path"), pathfile::render(p))?;
        }
        if let Some(lines) = &self.cov {
            let mut text = lines.join("\n");
            if !text.is_empty() {
                text.push('\n');
            }
            fs::write(file("cov"), text)?;
        }
        if let Some(x) = &self.xml {
            fs::write(file("xml"), x)?;
        }
        if self.info {
            let secs = started.elapsed().as_secs_f64();
            fs::write(
                file("info"),
                format!("Time to generate test case: {}s\n", general(secs)),
            )?;
        }
        Ok(())
    }
}

/// A number as C++'s default stream output prints a double (`%g`, 6 significant digits):
/// KLEE's `time::Span` prints its seconds so.
fn general(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let exp = x.abs().log10().floor() as i32;
    // (Rounding to 6 digits may carry into the next power of ten.)
    let sci = format!("{x:.5e}");
    let (mant, e) = sci.split_once('e').unwrap();
    let exp_r: i32 = e.parse().unwrap_or(exp);
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exp_r) {
        let sign = if exp_r < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mant), exp_r.abs())
    } else {
        let decimals = (5 - exp_r).max(0) as usize;
        trim(&format!("{x:.decimals$}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_print_as_cpp_streams_print_doubles() {
        assert_eq!(general(0.000123456789), "0.000123457");
        assert_eq!(general(1.5), "1.5");
        assert_eq!(general(2.0), "2");
        assert_eq!(general(0.0000123), "1.23e-05");
        assert_eq!(general(1234567.0), "1.23457e+06");
        assert_eq!(general(999999.7), "1e+06");
        assert_eq!(general(0.0), "0");
    }

    #[test]
    fn writes_the_asked_files_only() {
        let tmp = tempfile::tempdir().unwrap();
        let files = TestFiles {
            path: Some(vec![true, false]),
            kquery: Some("(query [] false)\n".into()),
            sym_path: Some(vec![]),
            cov: Some(vec!["/a.c:3".into(), "/a.c:5".into()]),
            info: true,
            ..TestFiles::default()
        };
        files.write(tmp.path(), 7, Instant::now()).unwrap();
        let read = |n: &str| fs::read_to_string(tmp.path().join(n)).unwrap();
        assert_eq!(read("test000007.path"), "1\n0\n");
        assert_eq!(read("test000007.kquery"), "(query [] false)\n");
        assert_eq!(read("test000007.sym.path"), "");
        assert_eq!(read("test000007.cov"), "/a.c:3\n/a.c:5\n");
        let info = read("test000007.info");
        assert!(
            info.starts_with("Time to generate test case: ") && info.ends_with("s\n"),
            "{info}"
        );
        assert!(!tmp.path().join("test000007.smt2").exists());
    }
}
