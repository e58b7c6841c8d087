//! Symbolic values, feasibility queries and forks: checked operations, branches and switches on symbolic values, installing and resuming a pending path.

use super::*;
use std::sync::atomic::Ordering;

impl<'m, 'io> Worker<'m, 'io> {
    /// An expression as a value (constants become concrete again).
    pub(crate) fn val_of(&self, e: ExprId) -> Value {
        match self.pool.as_const(e) {
            Some(c) => Value::Int(c),
            None => Value::Sym(e),
        }
    }

    /// A scalar integer value of width `w` as an expression.
    pub(crate) fn expr_of(&mut self, v: &Value, w: u32, what: &str) -> R<ExprId> {
        match v {
            Value::Sym(e) => {
                let e = *e;
                let ew = self.pool.width(e);
                Ok(if ew == w {
                    e
                } else {
                    self.pool.zext_or_trunc(e, w)
                })
            }
            Value::Int(x) => Ok(self.pool.constant(w, x & mask(w))),
            // A pointer's address (resolved by address when it is used as a pointer again).
            Value::Ptr { addr, .. } => Ok(self.pool.constant(w, *addr as u128 & mask(w))),
            _ => sym_err(format!("{what} (with an aggregate operand)")),
        }
    }

    pub(super) fn solver(&mut self) -> &mut (dyn Solver + Send) {
        self.solver
            .get_or_insert_with(|| self.ctl.solver_chain())
            .as_mut()
    }

    /// May `c` (width 1) be true under the path constraints?
    pub(crate) fn may_be(&mut self, c: ExprId) -> R<bool> {
        if let Some(b) = self.pool.as_const(c) {
            return Ok(b != 0);
        }
        if let Some(v) = self.follow_decide(c) {
            // (A path that follows an input: the input decides, `exec/follow.rs`.)
            return Ok(v);
        }
        let cs = std::mem::take(&mut self.st.path.constraints);
        let mut sv = self
            .solver
            .take()
            .unwrap_or_else(|| self.ctl.solver_chain());
        let r = sv.may_be_true(&self.pool, Query::new(&cs, c));
        self.solver = Some(sv);
        self.st.path.constraints = cs;
        r.or_else(|e| self.solver_fail(e))
    }

    /// The only value `v` can have on the path (KLEE's `toUnique`), if it has only one.
    pub(crate) fn unique_value(&mut self, v: &Value) -> R<Option<u128>> {
        match *v {
            Value::Sym(e) => self.unique_expr(e),
            Value::Agg(_) => Ok(None),
            ref v => Ok(Some(v.bits())),
        }
    }

    /// The only value `e` has on the path, if it has one. Asked of the path condition even
    /// when the path follows an input (concolic): the input would fix any value, and these
    /// are not decisions of the path.
    pub(super) fn unique_expr(&mut self, e: ExprId) -> R<Option<u128>> {
        let follow = self.follow.take();
        let r = (|| {
            let x = self.some_value(e)?;
            let k = self.pool.constant(self.pool.width(e), x);
            let ne = self.pool.ne(e, k);
            Ok((!self.may_be(ne)?).then_some(x))
        })();
        self.follow = follow;
        r
    }

    pub(crate) fn add_constraint(&mut self, c: ExprId) {
        self.observe_fact(observe::PathFact::Constraint(c));
        if self.pool.as_const(c).is_none() {
            self.seed_constraint(c);
            self.st.path.constraints.push(c);
        }
    }

    /// If `bad` may hold: the error when it must, else an error path and the current path
    /// continues with `!bad`.
    pub(super) fn check_bad(&mut self, bad: ExprId, kind: ErrorKind, msg: &str) -> R<()> {
        if !self.may_be(bad)? {
            return Ok(());
        }
        let good = self.pool.bool_not(bad);
        if !self.may_be(good)? {
            return error(kind, msg);
        }
        self.fork_check()?;
        if self.seeds_drop_side(bad) || !self.fork_allowed(1) {
            // No more forks (or no seed takes the error): the path continues on the
            // error-free side.
            self.add_constraint(good);
            return Ok(());
        }
        self.fork_error(bad, kind, msg);
        self.observe_fact(observe::PathFact::ErrorForked);
        self.add_constraint(good);
        if self.ctl.exits_on(kind) && !self.replaying() {
            // The run stops at this error: the current path ends early too.
            return Err(Box::new(Stop::Halt(Halt::ExitOnError)));
        }
        Ok(())
    }

    /// Whether `n` more paths may be forked here (`--max-forks`: forks in the run,
    /// `--max-depth`: forks on the path); when not, the fork is refused and counted, and the
    /// path continues on one feasible side.
    /// A path that turned forking off (`klee_set_forking(0)`, KLEE's `forkDisabled`) also
    /// continues on one side.
    pub(crate) fn fork_allowed(&mut self, n: u64) -> bool {
        if self.st.fork_disabled {
            self.forks_disabled += 1;
            self.observe_fork(observe::Fork::Refused);
            return false;
        }
        if self.replaying() {
            // A replayed prefix forks where the original did (a path forks no more after a
            // refusal: the run's forks and a path's depth only grow); counted there.
            return true;
        }
        // With several workers `--max-forks` counts the run's forks.
        let forks =
            (self.ctl.wide.as_ref()).map_or(self.forks, |w| w.forks.load(Ordering::Relaxed));
        if forks >= self.max_forks
            || self.st.path.depth >= self.max_depth
            || !self.static_share_left(n)
        {
            self.forks_refused += 1;
            self.observe_fork(observe::Fork::Refused);
            return false;
        }
        self.forks += n;
        if let Some(w) = &self.ctl.wide {
            w.forks.fetch_add(n, Ordering::Relaxed);
        }
        true
    }

    /// `--max-static-*-pct`: whether this instruction and call path may still fork; if so
    /// the `n` forks are counted for them.
    fn static_share_left(&mut self, n: u64) -> bool {
        let Some(sf) = self.static_forks.as_deref_mut() else {
            return true;
        };
        let Some((top, callers)) = self.st.frames.split_last() else {
            return true;
        };
        let site = (top.func, self.st.pc);
        let mut path: Vec<_> = callers.iter().map(|f| (f.func, f.pc)).collect();
        path.push((top.func, 0));
        if sf.over_share(site, &path, self.forks) {
            return false;
        }
        sf.forked(site, &path, n);
        true
    }

    pub(crate) fn fork_check(&self) -> R<()> {
        if !self.can_fork || self.st.stop_depth != 0 {
            return error(
                ErrorKind::Exec,
                "unsupported: symbolic branch outside the entry function (in a constructor or destructor)",
            );
        }
        Ok(())
    }

    /// Saves a copy of the current path that will take `edge` under the extra constraint `c`.
    pub(super) fn fork_to(&mut self, f: &'m Function, edge: &'m Edge, c: ExprId) {
        self.sync_executed();
        let keep = self.live_slots(edge);
        let mut st = self.st.branch(c, &|i| keep.get(i).is_none_or(|&k| k));
        self.seed_fork(Some(&mut st), c);
        self.st.path.depth += 1;
        self.fork_decision(&mut st);
        self.worklist.push(Snap {
            st,
            edge: Some((f, edge)),
            preempted: false,
        });
    }

    /// Per register slot not frozen yet, from the lowest (`Regs::frozen_below`): whether the
    /// code of its frame may read it again, the top frame's after taking `edge`, a caller's
    /// once its call returns (`ir::reg_live`; every slot of a frame whose point is not one of
    /// those is kept).
    fn live_slots(&self, edge: &Edge) -> Vec<bool> {
        let st = &self.st;
        let (from, n) = (st.regs.frozen_below(), st.regs.len());
        let mut keep = vec![true; n];
        let frames = &st.frames;
        for (k, fr) in frames.iter().enumerate() {
            let (b, end) = (
                fr.base as usize,
                frames.get(k + 1).map_or(n, |g| g.base as usize),
            );
            if end <= from || end > n || b > end {
                continue;
            }
            let live = self.p.reg_live(fr.func);
            let slots = &mut keep[b..end];
            if k + 1 == frames.len() {
                if st.regs.copies_top(b) {
                    // Copied whole to the new path, not frozen.
                    continue;
                }
                let l = live.after_edge(edge);
                slots.iter_mut().enumerate().for_each(|(r, s)| *s = l(r));
            } else if let Some(l) = live.after_call(self.m.func(fr.func), fr.pc as usize) {
                slots.iter_mut().enumerate().for_each(|(r, s)| *s = l(r));
            }
        }
        keep
    }

    /// Makes a pending path the running one (observers hear of it).
    pub(in crate::exec) fn install(&mut self, s: Snap<'m>) {
        self.st = s.st;
        self.can_fork = true;
        self.seedless = false;
        if let Some(fr) = self.st.frames.last_mut() {
            // Resumes at the saved instruction (re-executed: forks of symbolic pointer
            // resolution), or takes the saved edge.
            fr.pc = self.st.pc;
            let b = fr.base as usize;
            self.st.set_base(b);
        }
        if let Some((f, e)) = s.edge {
            let t = self.edge(f, e);
            self.st.frames.last_mut().unwrap().pc = t as u32;
            self.st.pc = t as u32;
        }
        self.observe_install();
    }

    /// Saves a pending path forked outside a branch or switch (`why`: where).
    pub(in crate::exec) fn push_other_fork(&mut self, mut snap: Snap<'m>, why: &'static str) {
        self.fork_decision(&mut snap.st);
        self.observe_fork(observe::Fork::Other(why));
        self.worklist.push(snap);
    }

    /// The running path forked `child` off at the current instruction. With several workers
    /// both record the decision (`PathState::trail`), and while this worker replays a prefix
    /// handed over by another (`exec/parallel.rs`), only the prefix's side stays here: the
    /// other is marked `elsewhere` (it is, or was, explored by the worker that forked it
    /// first). A running path marked so stops at its next instruction.
    fn fork_decision(&mut self, child: &mut ExecutionState) {
        let Some(t) = &mut self.st.path.trail else {
            return;
        };
        if self.st.path.elsewhere {
            child.path.elsewhere = true;
            return;
        }
        let site = (self.st.frames.last().map_or(0, |f| f.func.0), self.st.pc);
        let pos = t.log.len() as usize;
        let mut ct = t.clone();
        ct.push(true, site);
        t.push(false, site);
        if let Some(p) = &self.st.path.prefix {
            // The prefix's last fork: the path there is the donor's, with its new coverage.
            let covered_new = pos + 1 == p.bits.len() && p.covered_new;
            match p.bits.get(pos) {
                Some(true) => {
                    self.st.path.elsewhere = true;
                    // (Checked before the next instruction runs.)
                    self.max_insts = self.insts;
                    // The handed-over path: forked where the original was, or the replay
                    // diverged (a solver's different model, say): it then ends early.
                    child.path.diverged = pos + 1 == p.bits.len() && ct.sites != p.sites;
                    if covered_new {
                        child.note_covered_new();
                    }
                }
                Some(false) => {
                    child.path.elsewhere = true;
                    if covered_new {
                        self.st.note_covered_new();
                    }
                }
                None => {
                    // Past the prefix: both paths are this worker's own from here.
                    self.st.path.prefix = None;
                    child.path.prefix = None;
                }
            }
        }
        child.path.trail = Some(ct);
    }

    /// `line` was not printed before in the run (and now counts as printed).
    pub(in crate::exec) fn first_time(&self, line: &str) -> bool {
        let mut seen = self.warned_once.lock().unwrap_or_else(|e| e.into_inner());
        seen.insert(line.to_string())
    }

    /// While a handed-over prefix is replayed (before its last fork, or past it on the
    /// replayed path's side): what the path does was done by the worker that forked it
    /// (output, warnings, error paths forked, ends are not repeated).
    pub(crate) fn replaying(&self) -> bool {
        self.st.path.elsewhere
            || self.st.path.prefix.as_ref().is_some_and(|p| {
                self.st
                    .path
                    .trail
                    .as_ref()
                    .is_some_and(|t| (t.log.len() as usize) < p.bits.len())
            })
    }

    /// `exit(status)` or the `exit` / `exit_group` system call.
    pub(super) fn is_exit_call(&self, b: Builtin, args: &[CallArg]) -> bool {
        match b {
            Builtin::Exit => true,
            Builtin::Syscall => {
                let nr = match args.first().map(|a| opref!(self, &a.op)) {
                    Some(Value::Int(n)) => *n,
                    _ => return false,
                };
                if self.p.x86_64 {
                    nr == 60 || nr == 231
                } else {
                    nr == 1 || nr == 252
                }
            }
            _ => false,
        }
    }

    /// Continues an installed path (one suspended after its quantum goes on where it stopped;
    /// a forked one first meets the checks of the point it resumes at).
    pub(super) fn resume(&mut self, preempted: bool) -> R<Value> {
        self.start_quantum();
        if preempted {
            return self.run_loop();
        }
        if let Some(fr) = self.st.frames.last() {
            let f = fr.func;
            self.observe_block(f, self.st.pc, true)?;
        }
        self.run_loop()
    }

    /// The path just forked (the last pending one) takes `side` of the branch being executed,
    /// the running one the other: when no path took `side` before, the forked path covered
    /// new code.
    /// Both record the fork's decision (`--write-paths`, `--write-sym-paths`).
    fn visit_forked_branch(&mut self, side: bool) {
        let new = self.branch_side_is_new(side);
        let child = self.worklist.last_mut().expect("a forked path");
        if new {
            child.st.note_covered_new();
        }
        let p = &mut child.st.path;
        for log in [&mut p.branches, &mut p.sym_branches].into_iter().flatten() {
            log.push(side);
        }
        if let Some(log) = &mut self.st.path.sym_branches {
            log.push(!side);
        }
    }

    /// A conditional branch on a symbolic condition: the feasible sides.
    pub(super) fn sym_branch(
        &mut self,
        f: &'m Function,
        c: ExprId,
        t: &'m Edge,
        fe: &'m Edge,
    ) -> R<usize> {
        if let Some(pc) = self.follow_branch(f, c, t, fe) {
            // (A path that follows an input: `exec/follow.rs`.)
            return Ok(pc);
        }
        let may_t = self.may_be(c)?;
        let nc = self.pool.bool_not(c);
        let may_f = self.may_be(nc)?;
        if let Some(d) = self.replayed_decision()? {
            // `--replay-path`: the file's side, never a fork.
            if !(if d { may_t } else { may_f }) {
                return error(ErrorKind::Exec, "hit invalid branch in replay path mode");
            }
            if may_t && may_f {
                self.add_constraint(if d { c } else { nc });
            }
            self.visit_branch(d);
            return Ok(self.edge(f, if d { t } else { fe }));
        }
        match (may_t, may_f) {
            (true, true) => {
                self.fork_check()?;
                // Towards a target first (`trex verify`), else the true side.
                let false_first = !self.observers.is_empty()
                    && self.preferred_successor(&[
                        f.blocks[t.target.0 as usize].start,
                        f.blocks[fe.target.0 as usize].start,
                    ]) == 1;
                let (stay, sc, other, oc, outcome) = if false_first {
                    (fe, nc, t, c, 1)
                } else {
                    (t, c, fe, nc, 0)
                };
                if self.fork_allowed(1) {
                    self.fork_to(f, other, oc);
                    self.observe_fork(observe::Fork::Branch {
                        pending: &[1 - outcome],
                        cont: outcome,
                    });
                    self.visit_forked_branch(false_first);
                }
                self.visit_branch(!false_first);
                self.add_constraint(sc);
                Ok(self.edge(f, stay))
            }
            (true, false) => {
                self.visit_branch(true);
                Ok(self.edge(f, t))
            }
            (false, true) => {
                self.visit_branch(false);
                Ok(self.edge(f, fe))
            }
            (false, false) => error(ErrorKind::Exec, "internal: infeasible path constraints"),
        }
    }

    /// A switch on a symbolic value: one path per feasible case and the default.
    pub(super) fn sym_switch(
        &mut self,
        f: &'m Function,
        c: ExprId,
        cases: &'m [(u128, Edge)],
        default: &'m Edge,
    ) -> R<usize> {
        let w = self.pool.width(c);
        // As KLEE: one path per distinct target (cases sharing an edge are one disjunction).
        let groups = switch_groups(&mut self.pool, c, w, cases, default);
        // (The outcome of a path, for interpolation: its group's index.)
        let mut feasible: Vec<(&'m Edge, ExprId)> = Vec::new();
        let mut outcomes: Vec<u32> = Vec::new();
        for (gi, (e, k)) in groups.into_iter().enumerate() {
            if self.may_be(k)? {
                feasible.push((e, k));
                outcomes.push(gi as u32);
            }
        }
        if feasible.is_empty() {
            return error(ErrorKind::Exec, "internal: infeasible path constraints");
        }
        if feasible.len() > 1 && !self.observers.is_empty() {
            // Towards a target first (`trex verify`).
            let starts: Vec<u32> = feasible
                .iter()
                .map(|(e, _)| f.blocks[e.target.0 as usize].start)
                .collect();
            let i = self.preferred_successor(&starts);
            feasible[..=i].rotate_right(1);
            outcomes[..=i].rotate_right(1);
        }
        if feasible.len() > 1 {
            self.fork_check()?;
            if !self.fork_allowed(feasible.len() as u64 - 1) {
                feasible.truncate(1);
                let k = feasible[0].1;
                self.add_constraint(k);
            }
        }
        for (e, _) in &feasible {
            self.visit_switch_target(e.target);
        }
        // The first feasible target stays with this path; the others are forked in reverse so
        // that `--search=dfs` takes them in case order.
        for &(e, k) in feasible[1..].iter().rev() {
            self.fork_to(f, e, k);
        }
        if feasible.len() > 1 {
            let snaps: Vec<u32> = outcomes[1..].iter().rev().copied().collect();
            self.observe_fork(observe::Fork::Branch {
                pending: &snaps,
                cont: outcomes[0],
            });
        }
        let (e, k) = feasible[0];
        if feasible.len() > 1 {
            self.add_constraint(k);
        }
        Ok(self.edge(f, e))
    }
}
