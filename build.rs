//! Compiles the crash guard of native external calls (`src/native/guard.c`) against the
//! system's libffi (Debian's `libffi-dev`, which `scripts/install-deps.sh` installs).
fn main() {
    println!("cargo:rerun-if-changed=src/native/guard.c");
    cc::Build::new()
        .file("src/native/guard.c")
        .warnings(true)
        .compile("trex_native_guard");
    // (-lffi comes from the libffi crate's `system` feature.)
}
