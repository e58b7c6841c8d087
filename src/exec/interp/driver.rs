//! The run: start-up, then the loop that hands pending paths to the searcher and runs them.

use super::*;
use crate::exec::parallel::{Prefix, Share};

/// The entry function, and `__libc_start_main` when the run starts through it.
pub(in crate::exec) fn entry_points(
    m: &Module,
    cfg: &Config,
) -> Result<(FuncId, Option<FuncId>), RunError> {
    let entry = *m
        .func_by_name
        .get(&cfg.entry)
        .ok_or_else(|| RunError::EntryMissing(cfg.entry.clone()))?;
    if m.func(entry).is_declaration {
        return Err(RunError::EntryNotDefined(cfg.entry.clone()));
    }
    let start = if cfg.use_libc_start {
        match m.func_by_name.get("__libc_start_main") {
            Some(&f) if !m.func(f).is_declaration => Some(f),
            _ => return Err(RunError::NoLibcStart),
        }
    } else {
        None
    };
    Ok((entry, start))
}

pub(in crate::exec) fn run(
    m: &Module,
    cfg: &Config,
    io: &mut dyn Io,
    mon: &mut dyn Monitor,
) -> Result<Outcome, RunError> {
    let points = entry_points(m, cfg)?;
    let prog = Program::new(m, cfg);
    explore(&prog, cfg, points, io, mon, None)
}

/// One worker's exploration: from the start of the program (alone, or the first of several
/// workers), then of the prefixes other workers hand over (`share`, `exec/parallel.rs`).
pub(in crate::exec) fn explore(
    prog: &Program<'_>,
    cfg: &Config,
    (entry, start): (FuncId, Option<FuncId>),
    io: &mut dyn Io,
    mon: &mut dyn Monitor,
    share: Option<(&Share, bool)>,
) -> Result<Outcome, RunError> {
    let m = prog.m;
    let mut it = Worker::new(prog, io, cfg);
    it.arm(cfg);
    if cfg.parks_over_memory() {
        it.parks = true;
        it.trails = true;
    }
    if let Some((sh, _)) = share {
        sh.join(&mut it);
    }
    if let Err(e) = it.init_globals() {
        return Err(RunError::Setup(format!("{:?}", e)));
    }
    // With seeds, the first path carries them all (`seeding.rs`).
    let mut phase = seeding::SeedPhase::start(&mut it);
    let mut searcher = make_searcher(&cfg.search, cfg.seed, m, it.coverage.clone());
    let mut slab = Slab::default();
    if share.is_some() {
        slab.keep_fresh();
    }
    let first = match share {
        None | Some((_, true)) => Some(None),
        Some((sh, false)) => sh.wait(false).map(Some),
    };
    let Some(first) = first else {
        return Ok(it.outcome());
    };
    let (mut suspended, mut cur) =
        it.begin_root(cfg, (entry, start), first, &mut slab, &mut *searcher)?;
    // The pending paths live in a slab; the searcher picks which one runs next. A path runs
    // until it ends or its quantum is over (its forks are recorded as pending children), then
    // the searcher hears of its children (`fork`, `added`) and of its end (`removed`), or,
    // suspended, it goes back to its slot and the searcher chooses again.
    // Greedy confirmation: the pending path of each interpolation node.
    let mut node_state: hashbrown::HashMap<u32, StateId> = hashbrown::HashMap::new();
    loop {
        let mut added = Vec::new();
        for snap in std::mem::take(&mut it.worklist) {
            // While seeding, a path without seeds waits.
            let Some(snap) = (match &mut phase {
                Some(p) => p.admit(snap),
                None => Some(snap),
            }) else {
                continue;
            };
            if snap.st.path.elsewhere {
                // Another worker's (`fork_decision`).
                continue;
            }
            let meta = StateMeta::of(&snap);
            let node = snap.st.path.node;
            let id = slab.insert(Some(snap), meta);
            if cfg.greedy_confirmation && node != NO_NODE {
                node_state.insert(node, id);
            }
            searcher.fork(cur, id);
            added.push(id);
        }
        match suspended.take() {
            // It lost its seeds while seeding: it waits with the paths without seeds.
            Some(snap) if phase.is_some() && snap.st.path.seeds.is_empty() => {
                searcher.update(Some(cur), &added, &[cur], &slab);
                slab.remove(cur);
                phase.as_mut().and_then(|p| p.admit(snap));
            }
            Some(snap) => {
                slab.put_back(cur, snap);
                it.suspended();
                searcher.update(Some(cur), &added, &[], &slab);
            }
            None => {
                searcher.update(Some(cur), &added, &[cur], &slab);
                slab.remove(cur);
            }
        }
        // Tests, halts (budgets, SIGINT, max-tests, exit-on-error), memory cap: control.rs.
        it.end_segment(added.len(), &mut *searcher, &mut slab, mon);
        if let Some((sh, _)) = share {
            sh.donate(&mut it, &mut *searcher, &mut slab);
        }
        let confirm = if cfg.greedy_confirmation {
            it.run_first(&mut node_state, |id, node| {
                slab.slots
                    .get(id.0 as usize)
                    .and_then(|s| s.0.as_ref())
                    .is_some_and(|sn| sn.st.path.node == node)
            })
        } else {
            None
        };
        // A path suspended over the memory cap resumes once half the paths pending then ended.
        if confirm.is_none() && phase.is_none() {
            if let Some(prefix) = it.unpark(false) {
                let p = Some(prefix);
                (suspended, cur) =
                    it.begin_root(cfg, (entry, start), p, &mut slab, &mut *searcher)?;
                continue;
            }
        }
        let mut next = confirm.or_else(|| searcher.select(&slab));
        if let Some(p) = &mut phase {
            if p.over(&it, &slab, next.is_none(), mon) {
                // Seeding is done: the paths without seeds join the others.
                let held = phase.take().unwrap().finish(&mut it, mon);
                seeding::join(&mut it, held, &mut slab, &mut *searcher);
                next = next.or_else(|| searcher.select(&slab));
            }
        }
        let Some(next) = next else {
            // Out of work: a suspended path, another worker's prefix, or the end of the run.
            let prefix = it
                .unpark(true)
                .or_else(|| share.and_then(|(sh, _)| sh.wait(true)));
            let Some(prefix) = prefix else {
                break;
            };
            let p = Some(prefix);
            (suspended, cur) = it.begin_root(cfg, (entry, start), p, &mut slab, &mut *searcher)?;
            continue;
        };
        cur = next;
        let snap = slab.take(cur);
        if let Some(w) = it.ctl.halt {
            // A halted run ends the remaining paths early.
            it.end_pending(snap, w);
            continue;
        }
        it.enter_segment();
        let (preempted, diverged) = (snap.preempted, snap.st.path.diverged);
        it.install(snap);
        if diverged {
            it.finish_path(Err(Box::new(Stop::Halt(Halt::Diverged))));
            continue;
        }
        // (A forked path first meets the observers' checks of where it resumes: pruned as
        // subsumed by interpolation, say.)
        let r = it.resume(preempted).and_then(|v| {
            it.can_fork = false;
            it.run_dtors()?;
            Ok(v)
        });
        suspended = it.settle(r);
    }
    it.parked_left(mon);
    Ok(it.outcome())
}

/// One path at a time, each from the start of the program on an input `mode` chooses (the
/// concolic mode: `exec/follow.rs`), until the mode has none left or the run halts.
pub(in crate::exec) fn run_inputs(
    m: &Module,
    cfg: &Config,
    io: &mut dyn Io,
    mon: &mut dyn Monitor,
    mode: &mut dyn crate::exec::follow::InputMode,
) -> Result<Outcome, RunError> {
    let (entry, start) = entry_points(m, cfg)?;
    let prog = Program::new(m, cfg);
    let mut it = Worker::new(&prog, io, cfg);
    it.arm(cfg);
    // (Paths name an object's contents alike: their conditions are then equal terms.)
    it.pool.share_const_arrays();
    it.init_globals()
        .map_err(|e| RunError::Setup(format!("{:?}", e)))?;
    // (No path waits: the searcher and the slab only take part in the segment's checks.)
    let mut searcher = make_searcher(&cfg.search, cfg.seed, m, it.coverage.clone());
    let mut slab = Slab::default();
    let mut first = true;
    while it.ctl.halt.is_none() {
        let Some(f) = mode.next(&mut it) else {
            break;
        };
        // (Set first: observers hear of a restart for the next input, `Worker::follows`.)
        it.follow = Some(Box::new(f));
        if !first {
            it.restart()?;
        }
        first = false;
        let mut suspended = it.begin(cfg, entry, start, None)?;
        while let Some(snap) = suspended {
            // (Its quantum ended: it goes on.)
            it.install(snap);
            let r = it.resume(true).and_then(|v| {
                it.can_fork = false;
                it.run_dtors()?;
                Ok(v)
            });
            suspended = it.settle(r);
        }
        let dropped = std::mem::take(&mut it.worklist).len();
        if dropped > 0 {
            // A fork the input did not decide (the API's `klee_fork`, say): one side only.
            let line =
                "KLEE: WARNING: concolic: a fork the input does not decide followed one side";
            if it.first_time(line) {
                mon.warning(line);
            }
        }
        let mut f = it.follow.take().expect("the path's input");
        let confirming = match f.has_sides() {
            true => it.confirm_sides(&mut f),
            false => Vec::new(),
        };
        // (The marks still asked for wait for no path of this one's: the search's.)
        while it.observe_run_first().is_some() {}
        mode.ended(&mut it, *f);
        // (The path's test first, then those of the paths greedy confirmation ran.)
        it.paths.extend(confirming);
        it.end_segment(0, &mut *searcher, &mut slab, mon);
        if let Some(mb) = it.ctl.over_mb.take().or_else(|| it.ctl.over_memory()) {
            // No pending path to suspend: the analyses drop what they can do without.
            let line = format!(
                "KLEE: WARNING: over the memory cap ({mb}MB): the analyses drop what they hold between paths (interpolation: its unfinished nodes)"
            );
            if it.first_time("\0concolic memory cap") {
                mon.warning(&line);
            }
            it.observe_memory_cap();
            super::run_control::release_freed_memory();
        }
    }
    Ok(it.outcome())
}

impl<'m> Worker<'m, '_> {
    /// Greedy confirmation after a path that followed `f`'s input ended: each untaken side
    /// kept at its decision that an observer now asks for (`run_first`: its node's sibling
    /// is finished, paper 000) is explored here, forking depth first; one explored whole is
    /// settled (its decision never negated), one given up ends the confirmations. Their
    /// paths are the run's like any (tests, errors): their ends, for the monitor after the
    /// ended path's, whose state and end stay the worker's (the mode reads them).
    fn confirm_sides(&mut self, f: &mut crate::exec::follow::Follow) -> Vec<PathEnd> {
        let own_end = std::mem::take(&mut self.paths);
        let blank = self.blank_state();
        let own = std::mem::replace(&mut self.st, blank);
        while self.ctl.halt.is_none() {
            let Some(node) = self.observe_run_first() else {
                break;
            };
            // (A node whose side this path did not keep: the search's.)
            let Some((decision, st)) = f.take_side(node) else {
                continue;
            };
            let Some((complete, paths)) = self.explore_side(st) else {
                // (Infeasible: the node waits for it no more, as after the mode's negation.)
                if let Some((node, taken)) = f.side_infeasible(decision) {
                    self.observe_side_infeasible(node, 1 - taken);
                }
                continue;
            };
            let settled = self.observe_side_explored(complete);
            f.side_explored(decision, settled, paths);
            if !settled {
                break;
            }
        }
        self.st = own;
        std::mem::replace(&mut self.paths, own_end)
    }

    /// Explores the subtree of state `st` (a kept untaken side, its own condition last)
    /// depth first: whether all its paths ran (else an observer gave it up,
    /// `Prune::Unconfirmed`, the solver failed or the run halted), and how many ended;
    /// `None`: the side is infeasible.
    fn explore_side(&mut self, st: ExecutionState) -> Option<(bool, u64)> {
        let mut stack = vec![Snap {
            st,
            edge: None,
            preempted: false,
        }];
        let before = self.paths.len();
        let mut ended = 0;
        let mut first = true;
        while let Some(snap) = stack.pop() {
            if self.ctl.halt.is_some() {
                return Some((false, ended));
            }
            let preempted = snap.preempted;
            self.install(snap);
            if std::mem::take(&mut first) {
                // (The path decided the branch without asking whether this side is feasible.)
                let c = self
                    .st
                    .path
                    .constraints
                    .pop()
                    .expect("the side's condition");
                let feasible = self.may_be(c);
                self.st.path.constraints.push(c);
                match feasible {
                    Ok(true) => {}
                    Ok(false) => return None,
                    Err(_) => return Some((false, 0)),
                }
                self.observe_side_explore();
            }
            let r = self.resume(preempted).and_then(|v| {
                self.can_fork = false;
                self.run_dtors()?;
                Ok(v)
            });
            let suspended = self.settle(r);
            // (Depth first: the running path goes on, then the path it forked last.)
            stack.append(&mut self.worklist);
            stack.extend(suspended);
            let unconfirmed = |p: &PathEnd| matches!(p.end, End::Pruned(Prune::Unconfirmed));
            let gave_up = self.paths.iter().any(unconfirmed);
            self.paths.retain(|p| !unconfirmed(p));
            ended = (self.paths.len() - before) as u64;
            if gave_up {
                return Some((false, ended));
            }
            if self.ctl.halt.is_none() {
                // (Budgets, ctrl-c: the paths are reported after, `end_segment`.)
                self.ctl.halt = self.ctl.poll();
            }
        }
        Some((true, ended))
    }

    /// `begin`, its path a new root in the slab: the suspended path and its slot.
    fn begin_root(
        &mut self,
        cfg: &Config,
        (entry, start): (FuncId, Option<FuncId>),
        prefix: Option<Prefix>,
        slab: &mut Slab<'m>,
        searcher: &mut dyn crate::search::Searcher,
    ) -> Result<(Option<Snap<'m>>, StateId), RunError> {
        let suspended = self.begin(cfg, entry, start, prefix)?;
        let cur = slab.insert(None, StateMeta::root(entry));
        searcher.update(None, &[cur], &[], slab);
        Ok((suspended, cur))
    }

    /// Runs the program from its start (constructors, arguments, the entry function) until the
    /// first path stops; `prefix`: replaying another worker's path up to its fork
    /// (`exec/parallel.rs`), on a fresh state. The suspended path, if it did not end.
    fn begin(
        &mut self,
        cfg: &Config,
        entry: FuncId,
        start: Option<FuncId>,
        prefix: Option<Prefix>,
    ) -> Result<Option<Snap<'m>>, RunError> {
        if let Some(p) = prefix {
            self.restart()?;
            self.st.path.prefix = Some(Arc::new(p));
        }
        // (Kept only when asked for: recording costs a test per branch otherwise.)
        if cfg.path_files.branches {
            self.st.path.branches = Some(Default::default());
        }
        if cfg.path_files.sym_branches {
            self.st.path.sym_branches = Some(Default::default());
        }
        if self.trails {
            self.st.path.trail = Some(Default::default());
        }
        let main_ptr = self
            .st
            .mem
            .ptr_to(self.p.objects().func_objs[entry.0 as usize]);
        let fid = start.unwrap_or(entry);
        let vals_of = |_: &Worker, (argc, argv, envp): (Value, Value, Value)| match start {
            Some(_) => vec![main_ptr.clone(), argc, argv],
            None => vec![argc, argv, envp],
        };
        // Under --posix-runtime the arguments are made after the constructors, as KLEE's
        // `klee_init_env` runs in main's wrapper (and may fork).
        let args = match cfg.environment.makes_args() {
            false => Some(
                self.setup_args(cfg)
                    .map_err(|e| RunError::Setup(format!("{:?}", e)))?,
            ),
            true => None,
        };
        self.start_quantum();
        let r = self
            .run_ctors()
            .and_then(|_| {
                self.can_fork = true;
                let a = match args {
                    Some(a) => a,
                    None => cfg.environment.start(self, cfg, fid, &vals_of)?,
                };
                let vals = vals_of(self, a);
                self.start(fid, vals)
            })
            .and_then(|v| {
                // Returning from the entry runs the destructors (KLEE-style); with the C
                // library they run from its exit path (`__trex_run_global_dtors`).
                self.can_fork = false;
                self.run_dtors()?;
                Ok(v)
            });
        Ok(self.settle(r))
    }

    /// A fresh state at the program's start (the globals initialized).
    fn restart(&mut self) -> Result<(), RunError> {
        self.st = self.blank_state();
        self.init_globals()
            .map_err(|e| RunError::Setup(format!("{:?}", e)))?;
        self.can_fork = false;
        self.observe_restart();
        Ok(())
    }

    /// What the worker's exploration did (after its last path).
    fn outcome(&mut self) -> Outcome {
        let stats = self.solver.as_ref().map(|s| s.stats().clone());
        let mut out = Outcome {
            end: self.ctl.first_end.take().unwrap_or(End::SilentExit),
            paths: Vec::new(),
            paths_ended: self.ctl.ended,
            instructions: self.insts,
            solver_stats: stats,
            forks_refused: self.forks_refused,
            forks_disabled: self.forks_disabled,
            concretized: self.concretized,
            interpolation: None,
            pse: None,
            target_hits: Vec::new(),
            input_calls: Vec::new(),
            states_matched: 0,
            loops_abstracted: 0,
            invariant_candidates: Vec::new(),
            invariants_failed: Vec::new(),
            tree_dot: None,
            moved: 0,
            parked: self.parked_total,
            resumed: self.resumed_total,
        };
        self.finish_observers(&mut out);
        if let Some(p) = &mut out.pse {
            // The paths that ended pruned (a replayed prefix's other sides, pruned too in
            // another worker's replay, are dropped without ending: not counted).
            p.pruned = self.ctl.pse_pruned;
        }
        out
    }

    /// The running path stopped: ended (recorded, `None`), or suspended after its quantum (its
    /// state to put back, `Some`).
    fn settle(&mut self, r: R<Value>) -> Option<Snap<'m>> {
        if self.st.path.elsewhere {
            // Another worker's (`fork_decision`): dropped without a trace.
            self.st = self.blank_state();
            return None;
        }
        // A replayed prefix ended before its last fork: the replay diverged.
        let r = if self.replaying() && !Self::keeps_end(&r) {
            Err(Box::new(Stop::Halt(Halt::Diverged)))
        } else {
            r
        };
        if matches!(&r, Err(e) if matches!(**e, Stop::Preempt)) {
            let new = self.blank_state();
            let mut st = std::mem::replace(&mut self.st, new);
            // A waiting path keeps its registers packed: plain, with the room its vector grew
            // to since its fork, they were 5 % of coreutils cat's heap at its peak (massif).
            st.regs.pack_all();
            return Some(Snap {
                st,
                edge: None,
                preempted: true,
            });
        }
        self.finish_path(r);
        None
    }

    /// An empty state (no path runs, or one starts from scratch).
    fn blank_state(&self) -> ExecutionState {
        ExecutionState::new(Memory::new(self.p.ps), self.env.initial())
    }

    /// Ends that a replay before its prefix's end keeps (suspension, prunes, halts).
    fn keeps_end(r: &R<Value>) -> bool {
        matches!(r, Err(e) if matches!(**e, Stop::Preempt | Stop::Pruned(_) | Stop::Halt(_)))
    }
}
