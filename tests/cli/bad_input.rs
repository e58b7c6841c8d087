//! Corrupt program files: whatever LLVM's reader does with them (a returned error, a fatal
//! error, a crash, a huge allocation), trex ends with one `trex: error:` line and status 1.

use super::*;

const PROG: &str = "int main(int argc, char **argv) {\n  int x = argc * 3;\n  return x > 5;\n}\n";

/// Bitcode with debug info that is the same in every directory (the source comes from stdin,
/// the compilation directory is fixed), so that fixed offsets hit the same records.
fn fixed_bitcode(dir: &Path) -> Vec<u8> {
    use std::io::Write;
    let bc = dir.join("prog.bc");
    let mut child = Command::new("clang-14")
        .args([
            "-g",
            "-O0",
            "-c",
            "-emit-llvm",
            "-fdebug-compilation-dir=/src",
            "-x",
            "c",
            "-",
        ])
        .arg("-o")
        .arg(&bc)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("clang-14");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(PROG.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
    std::fs::read(bc).unwrap()
}

#[test]
fn corrupt_bitcode_is_one_error_line() {
    let tmp = tempfile::tempdir().unwrap();
    let good = fixed_bitcode(tmp.path());
    // (byte, bit) flips and what LLVM 14 did with them before trex guarded the read: a fatal
    // error ("Invalid abbrev number", SIGABRT), a crash (SIGSEGV), the verifier's printout
    // then a fatal error, a failed huge allocation (SIGABRT), an allocation of tens of GB
    // (killed), a string read past its memory in the lowering (SIGSEGV).
    for (byte, bit) in [(12, 3), (75, 6), (117, 3), (221, 0), (224, 0), (1995, 0)] {
        let mut bad = good.clone();
        bad[byte] ^= 1 << bit;
        let bc = tmp.path().join(format!("flip-{byte}-{bit}.bc"));
        std::fs::write(&bc, &bad).unwrap();
        let out = tmp.path().join(format!("out-{byte}-{bit}"));
        let o = trex()
            .args(["--libc=none", "--output-dir"])
            .arg(&out)
            .arg(&bc)
            .output()
            .unwrap();
        let err = stderr(&o);
        let prefix = format!(
            "trex: error: {}: not a valid LLVM bitcode or IR file: ",
            bc.display()
        );
        assert_eq!(
            o.status.code(),
            Some(1),
            "flip {byte}/{bit}: {:?}\n{err}",
            o.status
        );
        assert_eq!(err.lines().count(), 1, "flip {byte}/{bit}: {err}");
        assert!(err.starts_with(&prefix), "flip {byte}/{bit}: {err}");
        assert!(!out.exists(), "flip {byte}/{bit}: output directory written");
    }
}
