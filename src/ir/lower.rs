//! Translation of an LLVM module (via inkwell / llvm-sys) into trex's IR.
//! The only module that touches LLVM.

use super::Module;
use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {msg}")]
    Io { path: String, msg: String },
    #[error("{path}: not a valid LLVM bitcode file: {msg}")]
    NotBitcode { path: String, msg: String },
}

/// Reads a bitcode file and lowers it.
pub fn load_module(path: &Path) -> Result<Module, LoadError> {
    let _ = path;
    unimplemented!("ir::lower is being written")
}
