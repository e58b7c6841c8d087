//! The pass over one node ([`Wp`]) and what it keeps from node to node ([`WpCtx`]).

use std::ops::Deref;

use hashbrown::HashMap;

use super::outfn::{out_fns, OutFn};
use crate::exec::machine::{Program, Worker};
use crate::exec::value::Value;
use crate::ir::Module;
use crate::itp::masks::ArrayMasks;
use crate::itp::LocArrays;

/// What the weakest-precondition pass keeps from node to node (owned by the interpolation
/// observer).
pub(in crate::itp) struct WpCtx {
    /// The location variables of segment starts.
    pub(in crate::itp) locs: LocArrays,
    /// `trex::itp` debug events are enabled (`TREX_LOG=trex::itp=debug`, `--debug`): say
    /// why interpolants are missing, and the table's entries.
    pub(in crate::itp) debug: bool,
    /// The solver simplifying interpolants (a chain of its own, built on first use).
    pub(in crate::itp) solver: Option<Box<dyn crate::solver::Solver + Send>>,
    /// The first array created inside the subtree of the node being finished (arrays are
    /// numbered in creation order): the arrays its interpolant quantifies over.
    pub(in crate::itp) fresh_from: u32,
    /// Implied conjuncts are dropped with the solver's help (off for the per-path weakest
    /// preconditions of postconditioned symbolic execution: one per path and ancestor).
    pub(in crate::itp) solver_simplify: bool,
    /// Which arrays each expression reads (approximately; memoized for the run).
    pub(in crate::itp) masks: ArrayMasks,
    /// `--interpolation=abduction`: the start state of the fork node being finished (its
    /// children are combined by abduction, `crate::itp::abduce`; `None`: by the weakest
    /// precondition).
    pub(in crate::itp) node_ctx: Option<Box<crate::itp::context::NodeCtx>>,
    /// Abduction's counts and times.
    pub(in crate::itp) abduce: crate::itp::abduce::AbduceStats,
    /// The largest interpolant computed (expression nodes, as `finish.rs` bounds them).
    pub(in crate::itp) max_itp_nodes: u64,
    /// Per function: the C library output function it is (`output.rs`; built on first use).
    out: Vec<Option<OutFn>>,
    /// Constant zero arrays by size: the base of the shadow's views of objects
    /// (`symptr.rs`).
    zero_arrays: HashMap<u64, crate::expr::ArrayId>,
}

impl WpCtx {
    pub(in crate::itp) fn new() -> WpCtx {
        WpCtx {
            locs: LocArrays::default(),
            debug: tracing::enabled!(target: "trex::itp", tracing::Level::DEBUG),
            solver: None,
            fresh_from: u32::MAX,
            solver_simplify: true,
            masks: ArrayMasks::default(),
            node_ctx: None,
            abduce: Default::default(),
            max_itp_nodes: 0,
            out: Vec::new(),
            zero_arrays: HashMap::new(),
        }
    }

    /// The solver of interpolants (simplification, abduction): a chain of its own, built on
    /// first use, without a counterexample cache (models of location arrays are not wanted)
    /// and with a short timeout (unknown is always the safe answer). The caller puts it back
    /// in `solver` when done.
    pub(in crate::itp) fn take_solver(
        &mut self,
        deadline: Option<std::time::Instant>,
    ) -> Box<dyn crate::solver::Solver + Send> {
        self.solver.take().unwrap_or_else(|| {
            crate::solver::build_chain(crate::solver::ChainConfig {
                timeout: Some(std::time::Duration::from_secs(1)),
                deadline,
                cex_cache: false,
                ..crate::solver::ChainConfig::default()
            })
        })
    }

    /// The C library output function `f` is, if any (`output.rs`).
    pub(in crate::itp) fn out_fn(
        &mut self,
        m: &crate::ir::Module,
        f: crate::ir::FuncId,
    ) -> Option<OutFn> {
        if self.out.is_empty() {
            self.out = out_fns(m);
        }
        self.out.get(f.0 as usize).copied().flatten()
    }

    /// A constant array of `size` zero bytes (one per size for the run; never a location).
    pub(in crate::itp) fn zero_array(
        &mut self,
        pool: &mut crate::expr::ExprPool,
        size: u64,
    ) -> crate::expr::ArrayId {
        let locs = &mut self.locs;
        *self.zero_arrays.entry(size).or_insert_with(|| {
            let mut name = format!("itpview{size}");
            while pool.has_array_name(&name) {
                name.push('_');
            }
            let a = pool.new_array(crate::expr::Array {
                name,
                size,
                domain: 32,
                init: Some(vec![0; size as usize]),
            });
            locs.note_view(a);
            a
        })
    }
}

/// The weakest-precondition pass over one node: the interpreter (its interface, read
/// through `Deref`), the program (read without borrowing the worker) and interpolation's
/// context.
pub(in crate::itp) struct Wp<'a, 'm, 'io> {
    pub(super) it: &'a mut Worker<'m, 'io>,
    pub(super) cx: &'a mut WpCtx,
    pub(super) p: &'m Program<'m>,
    pub(super) m: &'m Module,
    /// The module's constants' values.
    pub(super) consts: &'m [Value],
}

impl<'a, 'm, 'io> Wp<'a, 'm, 'io> {
    pub(in crate::itp) fn new(it: &'a mut Worker<'m, 'io>, cx: &'a mut WpCtx) -> Self {
        let p = it.program();
        Wp {
            p,
            m: it.module(),
            consts: it.consts(),
            it,
            cx,
        }
    }
}

impl<'m, 'io> Deref for Wp<'_, 'm, 'io> {
    type Target = Worker<'m, 'io>;
    fn deref(&self) -> &Worker<'m, 'io> {
        self.it
    }
}
