//! KLEE's seeding, the interpreter's side (the seeds, and how they follow a path: `crate::seed`). The first
//! path carries every seed; a symbolic object made on a path binds each seed's next object
//! (a seed that does not fit ends the path with KLEE's user error); at a fork each seed goes
//! with the side it satisfies, so a side no seed satisfies becomes a path without seeds; a
//! constraint a seed violates (`klee_assume`) patches the seed, as KLEE's `patchSeed`.
//!
//! The seeding phase (KLEE's `Executor::seed`) runs only paths with seeds: paths without are
//! held (`--only-replay-seeds`: dropped) until no path with seeds is left or `--seed-time`
//! is over; then they are explored as usual (`--only-seed`: they end early). Without seeds
//! none of this runs: each hook first tests that the path has seeds.

use std::time::{Duration, Instant};

use super::*;
use crate::search::Searcher;
use crate::seed::{follow, Seed, Seeding};

/// KLEE reports the seeds left when 10 fewer remain, or every 10 s.
const REPORT_EVERY: Duration = Duration::from_secs(10);

/// The seeding phase of a run (`driver.rs`).
pub(super) struct SeedPhase<'m> {
    opts: Arc<Seeding>,
    /// Paths without seeds, waiting for the phase's end.
    held: Vec<Snap<'m>>,
    started: Instant,
    last_report: Instant,
    last_count: usize,
}

impl<'m> SeedPhase<'m> {
    /// With seeds, the running (first) path carries them all and the phase starts.
    pub(super) fn start(it: &mut Worker<'m, '_>) -> Option<SeedPhase<'m>> {
        let opts = it.ctl.lim.seeding.clone().filter(|s| !s.seeds.is_empty())?;
        it.st.path.seeds = opts.seeds.iter().cloned().map(Seed::new).collect();
        it.seeding = true;
        let now = Instant::now();
        Some(SeedPhase {
            last_count: opts.seeds.len() + 10,
            opts,
            held: Vec::new(),
            started: now,
            last_report: now,
        })
    }

    /// A path to schedule, or `None` when it has no seed and waits (or is dropped).
    pub(super) fn admit(&mut self, snap: Snap<'m>) -> Option<Snap<'m>> {
        if !snap.st.path.seeds.is_empty() {
            return Some(snap);
        }
        if !self.opts.only_replay {
            self.held.push(snap);
        }
        None
    }

    /// Between two path segments: whether seeding is done (no path with seeds waits, the
    /// run halted, or `--seed-time` is over, with KLEE's warning); if not, KLEE's progress
    /// line `N seeds remaining over: M states`, when 10 fewer seeds remain or every 10 s.
    pub(super) fn over(
        &mut self,
        it: &Worker<'m, '_>,
        slab: &Slab<'m>,
        none_waits: bool,
        mon: &mut dyn Monitor,
    ) -> bool {
        if none_waits || it.ctl.halt.is_some() {
            return true;
        }
        let (seeds, states) = slab
            .slots
            .iter()
            .filter_map(|s| s.0.as_ref())
            .filter(|s| !s.st.path.seeds.is_empty())
            .fold((0, 0), |(n, k), s| (n + s.st.path.seeds.len(), k + 1));
        if self
            .opts
            .seed_time
            .is_some_and(|t| self.started.elapsed() > t)
        {
            mon.warning(&format!(
                "KLEE: WARNING: seed time expired, {seeds} seeds remain over {states} states"
            ));
            return true;
        }
        if seeds + 10 <= self.last_count || self.last_report.elapsed() >= REPORT_EVERY {
            self.last_report = Instant::now();
            self.last_count = seeds;
            mon.message(&format!(
                "KLEE: {seeds} seeds remaining over: {states} states"
            ));
        }
        false
    }

    /// The phase ends: the held paths, to explore as usual. A halted run says nothing (its
    /// paths are dumped); `--only-seed` halts it.
    pub(super) fn finish(self, it: &mut Worker<'m, '_>, mon: &mut dyn Monitor) -> Vec<Snap<'m>> {
        it.seeding = false;
        if it.ctl.halt.is_none() {
            let left = it.pending_paths() + self.held.len() as u64;
            mon.message(&format!("KLEE: seeding done ({left} states remain)"));
            if self.opts.only_seed {
                it.ctl.halt = Some(Halt::OnlySeed);
            }
        }
        self.held
    }
}

/// The held paths join the pending ones (new to the searcher: top-level subtrees of
/// random-path, as KLEE builds its searcher after seeding).
pub(super) fn join<'m>(
    it: &mut Worker<'m, '_>,
    held: Vec<Snap<'m>>,
    slab: &mut Slab<'m>,
    searcher: &mut dyn Searcher,
) {
    let ids: Vec<StateId> = held
        .into_iter()
        .map(|snap| {
            let meta = StateMeta::of(&snap);
            slab.insert(Some(snap), meta)
        })
        .collect();
    it.joined(ids.len());
    searcher.update(None, &ids, &[], slab);
}

impl Worker<'_, '_> {
    /// A symbolic object was made on the path: each seed binds its object for it.
    pub(super) fn seed_bind(&mut self, name: &str, a: ArrayId, size: u64) -> R<()> {
        if self.st.path.seeds.is_empty() {
            return Ok(());
        }
        let opts = self.ctl.lim.seeding.clone().expect("seeds without options");
        let mut seeds = std::mem::take(&mut self.st.path.seeds);
        let mut warnings = Vec::new();
        let r = seeds
            .iter_mut()
            .try_for_each(|s| s.bind(&opts, a, name, size, &mut |w| warnings.push(w)));
        self.st.path.seeds = seeds;
        for w in warnings {
            self.klee_warning(&w, true);
        }
        // As KLEE: a seed that does not fit ends the path.
        r.or_else(|msg| error(ErrorKind::User, msg))
    }

    /// Whether seed `s` satisfies `c` on this path (`seed::follow`).
    fn seed_satisfies(&mut self, s: &Seed, c: ExprId) -> bool {
        // (No solver is made for what the seed decides alone.)
        if let Some(b) = follow::decided(&self.pool, s, c) {
            return b;
        }
        let _ = self.solver();
        let mut sv = self.solver.take().expect("a solver");
        let r = follow::satisfies(&mut self.pool, &mut *sv, &self.st.path.constraints, s, c);
        self.solver = Some(sv);
        r
    }

    /// The running path forks `child`, which continues under `c`: the seeds that satisfy
    /// `c` go with it (`None`: the side is an error path that ends here, or a path that
    /// has its own copy of the seeds; they leave this one).
    pub(crate) fn seed_fork(&mut self, child: Option<&mut ExecutionState>, c: ExprId) {
        if self.st.path.seeds.is_empty() {
            return;
        }
        let seeds = std::mem::take(&mut self.st.path.seeds);
        let (mut taken, mut kept) = (Vec::new(), Vec::new());
        for s in seeds {
            if self.seed_satisfies(&s, c) {
                taken.push(s);
            } else {
                kept.push(s);
            }
        }
        self.st.path.seeds = kept;
        if let Some(ch) = child {
            ch.path.seeds = taken;
        }
        if self.st.path.seeds.is_empty() && self.seeding {
            // The path waits with the others without seeds: it stops at the next
            // instruction (its quantum ends).
            self.seedless = true;
            self.quantum_end = self.insts;
            self.max_insts = self.insts;
        }
    }

    /// `--only-replay-seeds`: whether the side `c` of a fork is dropped, no seed of the path
    /// satisfying it (for an error side, which ends where it forks and never reaches the
    /// driver; interpolation hears that the node lost a side).
    pub(super) fn seeds_drop_side(&mut self, c: ExprId) -> bool {
        let only_replay = self.ctl.lim.seeding.as_ref().is_some_and(|s| s.only_replay);
        if !only_replay || self.st.path.seeds.is_empty() {
            return false;
        }
        let seeds = std::mem::take(&mut self.st.path.seeds);
        let drop = !seeds.iter().any(|s| self.seed_satisfies(s, c));
        self.st.path.seeds = seeds;
        if drop {
            self.observe_fork(observe::Fork::Other(
                "a side no seed takes (--only-replay-seeds)",
            ));
        }
        drop
    }

    /// `c` is added to the path: seeds that violate it are patched (KLEE's
    /// `addConstraint`, with its warning). At a fork the seeds were split already: none does.
    pub(crate) fn seed_constraint(&mut self, c: ExprId) {
        if self.st.path.seeds.is_empty() {
            return;
        }
        let mut seeds = std::mem::take(&mut self.st.path.seeds);
        let mut patched = false;
        seeds.retain_mut(|s| {
            if self.seed_satisfies(s, c) {
                return true;
            }
            patched = true;
            // (A seed the solver could not patch is dropped.)
            self.patch_seed(s, c).is_some()
        });
        self.st.path.seeds = seeds;
        if patched {
            self.klee_warning("seeds patched for violating constraint", false);
        }
    }

    /// KLEE's `patchSeed` (`seed::follow`).
    fn patch_seed(&mut self, s: &mut Seed, c: ExprId) -> Option<()> {
        let _ = self.solver();
        let mut sv = self.solver.take().expect("a solver");
        let r = follow::patch(&mut self.pool, &mut *sv, &self.st.path.constraints, s, c);
        self.solver = Some(sv);
        r
    }

    /// `--always-output-seeds`: a path that ends with seeds gets a test as one that covered
    /// new code does.
    pub(super) fn seeds_demand_test(&self) -> bool {
        !self.st.path.seeds.is_empty()
            && self
                .ctl
                .lim
                .seeding
                .as_ref()
                .is_some_and(|s| s.always_output)
    }
}
