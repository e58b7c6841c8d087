//! Tools a test needs that `scripts/` installs from PyPI (TestCov with BenchExec, the witness
//! checkers' Python): each install script runs once per test binary and prints the path of
//! what it installed. Shared by the `cli` and `testsuite` test binaries.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

type Once = Arc<OnceLock<Result<PathBuf, String>>>;

/// What `scripts/SCRIPT` printed (the installed tool's path), running it once, or why it
/// failed.
pub fn installed(script: &str) -> Result<PathBuf, String> {
    static RUNS: OnceLock<Mutex<HashMap<String, Once>>> = OnceLock::new();
    // One cell per script: a slow install does not hold up another script's.
    let cell: Once = RUNS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(script.to_string())
        .or_default()
        .clone();
    cell.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scripts")
            .join(script);
        let o = Command::new(&path)
            .output()
            .map_err(|e| format!("scripts/{script}: {e}"))?;
        if !o.status.success() {
            return Err(String::from_utf8_lossy(&o.stderr).into_owned());
        }
        Ok(PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
    })
    .clone()
}
