//! The run: start-up, then the loop that hands pending paths to the searcher and runs them.

use super::*;

pub(in crate::exec) fn run(
    m: &Module,
    cfg: &Config,
    io: &mut dyn Io,
    mon: &mut dyn Monitor,
) -> Result<Outcome, RunError> {
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
    let prog = Program::new(m, cfg);
    let mut it = Worker::new(&prog, io, cfg);
    it.arm(cfg);
    if let Err(e) = it.init_globals() {
        return Err(RunError::Setup(format!("{:?}", e)));
    }
    // With seeds, the first path carries them all (`seeding.rs`).
    let mut phase = seeding::SeedPhase::start(&mut it);
    let main_ptr = it.st.mem.ptr_to(it.p.objects().func_objs[entry.0 as usize]);
    let fid = start.unwrap_or(entry);
    let vals_of = |_: &Worker, (argc, argv, envp): (Value, Value, Value)| match start {
        Some(_) => vec![main_ptr.clone(), argc, argv],
        None => vec![argc, argv, envp],
    };
    // Under --posix-runtime the arguments are made after the constructors, as KLEE's
    // `klee_init_env` runs in main's wrapper (and may fork).
    let args = match cfg.environment.makes_args() {
        false => Some(
            it.setup_args(cfg)
                .map_err(|e| RunError::Setup(format!("{:?}", e)))?,
        ),
        true => None,
    };
    it.start_quantum();
    let r = it
        .run_ctors()
        .and_then(|_| {
            it.can_fork = true;
            let a = match args {
                Some(a) => a,
                None => cfg.environment.start(&mut it, cfg, fid, &vals_of)?,
            };
            let vals = vals_of(&it, a);
            it.start(fid, vals)
        })
        .and_then(|v| {
            // Returning from the entry runs the destructors (KLEE-style); with the C library
            // they run from its exit path (`__trex_run_global_dtors`).
            it.can_fork = false;
            it.run_dtors()?;
            Ok(v)
        });
    let mut suspended = it.settle(r);
    // The pending paths live in a slab; the searcher picks which one runs next. A path runs
    // until it ends or its quantum is over (its forks are recorded as pending children), then
    // the searcher hears of its children (`fork`, `added`) and of its end (`removed`), or,
    // suspended, it goes back to its slot and the searcher chooses again.
    let mut searcher = make_searcher(&cfg.search, cfg.seed, m, it.coverage.clone());
    let mut slab = Slab::default();
    let mut cur = slab.insert(None, StateMeta::root(entry));
    searcher.update(None, &[cur], &[], &slab);
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
            break;
        };
        cur = next;
        let snap = slab.take(cur);
        if let Some(w) = it.ctl.halt {
            // A halted run ends the remaining paths early.
            it.end_pending(snap, w);
            continue;
        }
        it.enter_segment();
        let preempted = snap.preempted;
        it.install(snap);
        // (A forked path first meets the observers' checks of where it resumes: pruned as
        // subsumed by interpolation, say.)
        let r = it.resume(preempted).and_then(|v| {
            it.can_fork = false;
            it.run_dtors()?;
            Ok(v)
        });
        suspended = it.settle(r);
    }
    let stats = it.solver.as_ref().map(|s| s.stats().clone());
    let mut out = Outcome {
        end: it.ctl.first_end.take().expect("the first path ended"),
        paths: Vec::new(),
        paths_ended: it.ctl.ended,
        instructions: it.insts,
        solver_stats: stats,
        forks_refused: it.forks_refused,
        forks_disabled: it.forks_disabled,
        concretized: it.concretized,
        interpolation: None,
        target_hits: Vec::new(),
        states_matched: 0,
        loops_abstracted: 0,
        invariant_candidates: Vec::new(),
        invariants_failed: Vec::new(),
        tree_dot: None,
    };
    it.finish_observers(&mut out);
    Ok(out)
}

impl<'m> Worker<'m, '_> {
    /// The running path stopped: ended (recorded, `None`), or suspended after its quantum (its
    /// state to put back, `Some`).
    fn settle(&mut self, r: R<Value>) -> Option<Snap<'m>> {
        if matches!(&r, Err(e) if matches!(**e, Stop::Preempt)) {
            let mut st = std::mem::replace(
                &mut self.st,
                ExecutionState::new(Memory::new(self.p.ps), self.env.initial()),
            );
            // A waiting path keeps no room to grow: its register file doubled at a call since
            // its fork (a clone has exact capacity), 10 % of the peak on coreutils cat.
            st.regs.shrink_to_fit();
            return Some(Snap {
                st,
                edge: None,
                preempted: true,
            });
        }
        self.finish_path(r);
        None
    }
}
