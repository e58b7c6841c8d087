//! The registers a function may still read at a point: a backward may-liveness fixpoint over
//! blocks (phi copies on an edge read their sources and write their destinations on that
//! edge), registers only; asked at a branch's edge and where a caller resumes after a call.
//!
//! Why: a fork freezes the registers of the callers (and of a large top frame) for both
//! paths (`exec/interp/regs.rs`), and at -O0 most of a frame's slots hold values no later
//! instruction reads (each result is read once, near where it is computed). A caller frozen
//! again at each fork below it, with those stale values, gave every pending path chunks of its
//! own; frozen as 0 they are zero chunks or equal to the last ones. The parameters stay (error
//! reports print them), and a function that calls `setjmp` keeps everything: a `longjmp`
//! re-enters it where no edge of its graph leads.

use super::liveness::{back_over, live_out, through, Bits};
use super::{Callee, Edge, Function, InstKind, Module};

/// Registers live at the start of each block of one function.
pub struct RegLive {
    /// `None`: every register counts as live.
    live_in: Option<Vec<Bits>>,
    params: usize,
    /// Registers of the function (a slot past them counts as live).
    regs: usize,
}

/// The registers live before instruction `pc` of block `b`: what its edges read, back over
/// the instructions from `pc` to the block's end.
fn live_from(f: &Function, live_in: &[Bits], b: usize, pc: usize) -> Bits {
    let mut live = live_out(f, live_in, b, f.num_regs as usize);
    for inst in f.code[pc..f.block_range(b).end].iter().rev() {
        back_over(&mut live, inst);
    }
    live
}

impl RegLive {
    pub fn new(m: &Module, f: &Function) -> RegLive {
        let params = f.params.len();
        let calls_setjmp = f.code.iter().any(|i| match &i.kind {
            InstKind::Call {
                callee: Callee::Direct(g),
                ..
            } => m.func(*g).name.contains("setjmp"),
            _ => false,
        });
        if calls_setjmp {
            return RegLive {
                live_in: None,
                params,
                regs: f.num_regs as usize,
            };
        }
        let (n, nb) = (f.num_regs as usize, f.blocks.len());
        let mut live_in = vec![Bits::new(n); nb];
        let mut changed = true;
        while changed {
            changed = false;
            for b in (0..nb).rev() {
                let live = live_from(f, &live_in, b, f.block_range(b).start);
                if live != live_in[b] {
                    live_in[b] = live;
                    changed = true;
                }
            }
        }
        RegLive {
            live_in: Some(live_in),
            params,
            regs: n,
        }
    }

    /// A test of whether register `r` (the frame's own numbering) may be read from the
    /// instruction at `pc` on, when the instruction before it is a call (a caller frame
    /// waiting for the return; the call's result, written by the return, counts as dead);
    /// `None` at any other point.
    pub fn after_call<'a>(
        &'a self,
        f: &Function,
        pc: usize,
    ) -> Option<impl Fn(usize) -> bool + 'a> {
        let call = f.code.get(pc.checked_sub(1)?)?;
        if !matches!(call.kind, InstKind::Call { .. }) {
            return None;
        }
        let b = f.blocks.iter().rposition(|b| (b.start as usize) < pc)?;
        let range = f.block_range(b);
        if pc >= range.end {
            return None;
        }
        let l = self.live_in.as_ref().map(|v| live_from(f, v, b, pc));
        Some(move |r| self.kept(r) || l.as_ref().is_none_or(|l| l.get(r)))
    }

    /// Slot `r` is kept whatever the liveness: a parameter, or past the registers.
    fn kept(&self, r: usize) -> bool {
        r < self.params || r >= self.regs
    }

    /// A test of whether register `r` (the frame's own numbering) may be read after the path
    /// takes edge `e`.
    pub fn after_edge(&self, e: &Edge) -> impl Fn(usize) -> bool + '_ {
        let l = self.live_in.as_ref().map(|v| through(v, e));
        move |r| self.kept(r) || l.as_ref().is_none_or(|l| l.get(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Operand;

    fn module(src: &str) -> Module {
        crate::exec::sym_tests::compile_sym(src, "-O0")
    }

    /// At -O0 a branch's successors read only what they load again: the comparison's
    /// operands and result are dead there, the parameters are kept.
    #[test]
    fn what_a_branch_computed_is_dead_past_it_and_the_parameters_stay() {
        let m = module(
            "int g(int);\nint f(int a, int b) { int x = a + b; if (x > 3) return g(x); return g(b); }\n",
        );
        let f = m.functions.iter().find(|f| f.name == "f").unwrap();
        let live = RegLive::new(&m, f);
        let (br, edges) = f
            .code
            .iter()
            .enumerate()
            .find_map(|(k, i)| {
                let e = i.kind.edges();
                (e.len() == 2).then_some((k, e))
            })
            .unwrap();
        let cmp = f.code[..br]
            .iter()
            .rev()
            .find_map(|i| i.dst)
            .expect("the comparison's register");
        for e in edges {
            let l = live.after_edge(e);
            assert!(l(0) && l(1), "parameters");
            assert!(
                !l(cmp.0 as usize),
                "the branch condition is dead past the branch"
            );
        }
    }

    /// A caller waiting for a call: what it computed for the call only is dead, what it reads
    /// after the return is live; a point not after a call has no answer.
    #[test]
    fn a_caller_keeps_what_it_reads_after_the_return() {
        let m = module(
            "int g(int);\nint f(int a) { int t = g(a * 3); int u = g(t + 1); return t + u; }\n",
        );
        let f = m.functions.iter().find(|f| f.name == "f").unwrap();
        let live = RegLive::new(&m, f);
        let calls: Vec<usize> = (0..f.code.len())
            .filter(|&k| matches!(f.code[k].kind, InstKind::Call { .. }))
            .collect();
        assert_eq!(calls.len(), 2);
        // The first call's argument (a * 3) is dead once it returns.
        let arg = match &f.code[calls[0]].kind {
            InstKind::Call { args, .. } => match args[0].op {
                Operand::Reg(r) => r.0 as usize,
                _ => unreachable!("a register argument"),
            },
            _ => unreachable!(),
        };
        let after_first = live
            .after_call(f, calls[0] + 1)
            .expect("a point after a call");
        assert!(after_first(0), "the parameter");
        assert!(
            !after_first(arg),
            "the first call's argument is dead after it"
        );
        assert!(
            live.after_call(f, calls[0]).is_none(),
            "the call itself is not after one"
        );
    }

    #[test]
    fn a_function_calling_setjmp_keeps_every_register() {
        let m = module(
            "#include <setjmp.h>\nint g(int);\njmp_buf j;\nint f(int a) { int x = a * 2; if (setjmp(j)) return g(x); if (x > 3) return g(1); return 0; }\n",
        );
        let f = m.functions.iter().find(|f| f.name == "f").unwrap();
        let live = RegLive::new(&m, f);
        for i in &f.code {
            for e in i.kind.edges() {
                let l = live.after_edge(e);
                assert!((0..f.num_regs as usize).all(l));
            }
        }
    }
}
