//! The interpreter: states, memory, instruction semantics, builtins, system calls.
//! (API shape only; the implementation lands from the `exec` branch.)
use crate::ir;

pub struct Config {
    pub entry: String,
    pub argv: Vec<String>,
    pub env: Vec<String>,
    pub max_instructions: u64,
    pub max_stack_frames: u32,
    pub use_libc_start: bool,
}
pub trait Io {
    fn write(&mut self, fd: i32, data: &[u8]);
}
pub struct Outcome {
    pub end: End,
    pub instructions: u64,
}
pub enum End {
    Exit(i32),
    Error(ErrorReport),
    Halted(String),
}
pub struct ErrorReport {
    pub kind: ErrorKind,
    pub message: String,
    pub loc: ir::LocId,
    pub stack: Vec<StackEntry>,
    pub info: String,
}
pub struct StackEntry {
    pub func: ir::FuncId,
    pub loc: ir::LocId,
}
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Ptr,
    Free,
    ReadOnly,
    Div,
    Overshift,
    Abort,
    Assert,
    Exec,
    External,
    Model,
    User,
}
impl ErrorKind {
    pub fn suffix(&self) -> &'static str {
        "exec"
    }
}
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("no function {0}")]
    NoEntry(String),
}
pub fn run(_m: &ir::Module, _c: &Config, _io: &mut dyn Io) -> Result<Outcome, RunError> {
    unimplemented!()
}
