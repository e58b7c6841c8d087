//! The interpolant of a finished node: the weakest precondition of its recorded segment
//! (see `crate::itp` for the scheme).
//!
//! One forward pass over the segment computes a *shadow* state: every register and memory
//! byte the segment wrote, as an expression over the location variables of the segment's
//! start (registers by slot, memory by object), plus the conditions the segment relied on
//! (branches taken that were not forks, divisors, shift amounts, `klee_assume`), then the
//! children's interpolants are mapped through it. Pointers are tracked symbolically as
//! "the pointer in start location L plus delta" and pinned to the concrete (object, offset)
//! recorded when they are used. Anything not modelled yields an opaque value; an interpolant
//! that ends up depending on one is not computed (the node is blocked).
//!
//! The pass ([`Wp`], `pass.rs`) reads the interpreter through its interface (`exec::machine`:
//! expression pool, constants, the objects of the running path) and the interpolation
//! observer's [`WpCtx`], passed to it explicitly. The children: the shadow's data (`shadow.rs`,
//! `objmap.rs`), its values (`access.rs`), one step (`step.rs`; calls `calls.rs`, the C
//! library's output `output.rs` + `outfn.rs`, system calls `syscall.rs`, variadic areas
//! `varargs.rs`; pointers at symbolic offsets `symptr.rs`, pointers as addresses
//! `ptraddr.rs`), a leaf's or a fork's interpolant (`node.rs`), a child's interpolant through
//! the segment (`apply.rs`), the interpolant out of the shadow (`finish.rs`). They import the
//! data files (`pass.rs`, `shadow.rs`, ...), never this one.

mod access;
mod apply;
mod calls;
mod combine;
mod finish;
mod node;
mod objmap;
mod outfn;
mod output;
mod pass;
mod ptraddr;
mod shadow;
mod step;
mod symptr;
mod syscall;
mod varargs;

pub(super) use node::Segment;
pub(super) use pass::{Wp, WpCtx};
pub(super) use shadow::conc;
