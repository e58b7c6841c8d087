//! trex: symbolic execution with interpolation for LLVM 14 bitcode.

pub mod chc;
pub mod cli;
pub mod concolic;
pub mod cover;
pub mod coverage;
pub mod exec;
pub mod expr;
pub(crate) mod extensions;
pub mod ir;
pub mod itp;
pub(crate) mod klee_api;
pub mod link;
pub mod native;
#[cfg(test)]
mod no_skip_tests;
pub mod obj;
pub mod output;
pub(crate) mod posix;
pub mod report;
pub mod search;
pub mod seed;
pub mod solver;
pub mod verify;
pub mod witness;
