//! Concolic testing (`trex concolic`; CREST's workflow, papers 000 and 001): one path at a
//! time, each run from the program's start on a concrete input, its symbolic path condition
//! recorded; then a decision of an executed path is negated and solved for the next input.
//!
//! The interpreter runs each path through its interface (`exec::follow`: the input decides
//! every question the path would put to the solver, each decision recorded); this module
//! chooses the inputs: the first (zeros, random with `--seed`, or the `--seed-file` /
//! `--seed-dir` tests), then by the search strategy (`search.rs`), each solved from a path's
//! constraints (`solve.rs`: standard, or `--ippc`). Memory holds the running path, the one
//! the search continues from, and what the strategy keeps pending. Interpolation (paper 000,
//! `itp/observer/decided.rs`) settles untaken sides where they are decided (their decisions
//! are never negated) and prunes paths where they enter a node; the mode tells it which
//! sides have no input.

mod path;
mod search;
mod solve;

use std::collections::VecDeque;
use std::time::Duration;

use hashbrown::HashSet;

use crate::exec::control::Monitor;
use crate::exec::machine::{Arrays, Fill, Follow, Input, InputMode, Worker};
use crate::exec::{Config, Io, Outcome, RunError};
use crate::ir::Module;
use crate::search::rng::Rng;
use path::{Expect, PathRec};
use search::{Ctx, Next, Ran, Search};

/// Which decision to negate next (`--search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    Dfs,
    Cfg,
    RandomBranch,
    UniformRandom,
    Generational,
}

impl Strategy {
    pub const NAMES: &'static str = "dfs, cfg, random-branch, uniform-random, generational";

    pub fn parse(s: &str) -> Result<Strategy, String> {
        Ok(match s {
            "dfs" => Strategy::Dfs,
            "cfg" => Strategy::Cfg,
            "random-branch" => Strategy::RandomBranch,
            "uniform-random" => Strategy::UniformRandom,
            "generational" => Strategy::Generational,
            _ => {
                return Err(format!(
                    "--search={s}: not a concolic search ({})",
                    Strategy::NAMES
                ))
            }
        })
    }
}

/// The concolic run's options.
#[derive(Clone, Debug)]
pub struct Options {
    pub strategy: Strategy,
    /// Decisions of a path that may be negated (`--max-depth`; `None`: all).
    pub max_depth: Option<u32>,
    /// Paths to execute at most (`--max-iterations`).
    pub max_iterations: Option<u64>,
    /// `--ippc` (paper 001).
    pub ippc: bool,
    /// The first inputs (`--seed-file`, `--seed-dir`), in order.
    pub seeds: Vec<Input>,
    /// `--seed`: the first input's bytes (and those of objects an input lacks) are random
    /// from it, and so are the searches' choices; else zeros, and the choices from 0.
    pub random: Option<u64>,
}

/// What the concolic run did (the `KLEE: done:` lines).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Paths executed (each from the start).
    pub iterations: u64,
    /// Executed paths that made the same decisions as one before (no test).
    pub repeated: u64,
    /// Paths that did not decide as predicted (CREST's prediction failures).
    pub diverged: u64,
    /// Decisions negated, and of them those found infeasible.
    pub negations: u64,
    pub infeasible: u64,
    /// Solver calls for negations (several per negation with `--ippc`), the path
    /// conditions they held in all and at most, their time, and those that gave up.
    pub solver_calls: u64,
    pub query_terms: u64,
    pub largest_query: u64,
    pub solver_time: Duration,
    pub solver_failures: u64,
    /// Assumptions an input violated (patched by the solver).
    pub patched: u64,
    /// Paths pruned by interpolation where they entered a node (the subtree there holds no
    /// error: its paths are not executed).
    pub pruned: u64,
    /// Untaken sides of decided branches that interpolation settled where they were decided
    /// (subsumed: no input solved, no path run for them).
    pub settled: u64,
    /// Greedy confirmation: untaken sides it explored whole (settled too), those it gave up,
    /// and the paths it ran.
    pub confirmed: u64,
    /// Untaken sides it found infeasible (settled, no negation solved).
    pub confirm_infeasible: u64,
    pub unconfirmed: u64,
    pub confirm_paths: u64,
    /// The run ended because interpolation knew every path explored or covered.
    pub explored_whole: bool,
}

impl Stats {
    /// The `KLEE: done:` lines of the concolic run.
    pub fn lines(&self, ippc: bool) -> Vec<String> {
        let mean = match self.solver_calls {
            0 => 0.0,
            n => self.query_terms as f64 / n as f64,
        };
        vec![
            format!(
                "KLEE: done: executed paths = {}{}",
                self.iterations,
                if self.explored_whole {
                    " (every path explored or covered by interpolation)"
                } else {
                    ""
                }
            ),
            format!(
                "KLEE: done: repeated paths = {}, prediction failures = {}",
                self.repeated, self.diverged
            ),
            format!(
                "KLEE: done: negated branches = {} ({} infeasible)",
                self.negations, self.infeasible
            ),
            format!(
                "KLEE: done: paths pruned by interpolation = {} (where they entered a node), {} (untaken sides, before solving)",
                self.pruned, self.settled
            ),
            format!(
                "KLEE: done: greedy confirmation: sides confirmed = {}, found infeasible = {}, given up = {}, paths run = {}",
                self.confirmed, self.confirm_infeasible, self.unconfirmed, self.confirm_paths
            ),
            format!(
                "KLEE: done: negation queries = {}{} ({:.3} s), path conditions per query: mean {:.1}, largest {}",
                self.solver_calls,
                if ippc { " (ippc)" } else { "" },
                self.solver_time.as_secs_f64(),
                mean,
                self.largest_query
            ),
        ]
    }
}

/// Runs the program concolically: `exec::run_inputs` with the inputs this mode chooses.
pub fn run(
    module: &Module,
    cfg: &Config,
    io: &mut (dyn Io + Send),
    mon: &mut (dyn Monitor + Send),
    opts: Options,
) -> Result<(Outcome, Stats), RunError> {
    let mut mode = Concolic::new(module, opts);
    let out = crate::exec::run_inputs(module, cfg, io, mon, &mut mode)?;
    Ok((out, mode.stats))
}

struct Concolic<'m> {
    m: &'m Module,
    opts: Options,
    stats: Stats,
    search: Box<dyn Search>,
    /// First inputs not run yet.
    seeds: VecDeque<Input>,
    arrays: Option<Arrays>,
    /// The running path's prediction (and the decision it negates).
    expect: Option<(Expect, usize)>,
    covered_before: u64,
    /// The decisions of every path run (a hash each).
    seen: HashSet<u64>,
    rng: Rng,
}

impl<'m> Concolic<'m> {
    fn new(m: &'m Module, opts: Options) -> Concolic<'m> {
        let bound = opts.max_depth.map_or(usize::MAX, |d| d as usize);
        let search: Box<dyn Search> = match opts.strategy {
            Strategy::Dfs => Box::new(search::Dfs::new(bound)),
            Strategy::Cfg => Box::new(search::RandomBranch::new(bound, true)),
            Strategy::RandomBranch => Box::new(search::RandomBranch::new(bound, false)),
            Strategy::UniformRandom => Box::new(search::UniformRandom::new(bound)),
            Strategy::Generational => Box::new(search::Generational::new(bound)),
        };
        let mut seeds: VecDeque<Input> = opts.seeds.iter().cloned().collect();
        if seeds.is_empty() {
            seeds.push_back(Input::from(Vec::new()));
        }
        Concolic {
            m,
            search,
            seeds,
            arrays: None,
            expect: None,
            covered_before: 0,
            seen: HashSet::new(),
            rng: Rng::new(opts.random.unwrap_or(0)),
            opts,
            stats: Stats::default(),
        }
    }

    /// The bytes of objects an input lacks.
    fn fill(&mut self) -> Fill {
        match self.opts.random {
            Some(_) => Fill::random(self.rng.next_u64()),
            None => Fill::Zeros,
        }
    }

    fn follow(&mut self, input: Input) -> Follow {
        let fill = self.fill();
        Follow::new(input, fill, self.arrays.take().unwrap_or_default())
    }
}

impl InputMode for Concolic<'_> {
    fn next(&mut self, w: &mut Worker<'_, '_>) -> Option<Follow> {
        if (self.opts.max_iterations).is_some_and(|n| self.stats.iterations >= n) {
            return None;
        }
        self.covered_before = w.coverage().covered_count();
        self.expect = None;
        if w.explored_whole() {
            self.stats.explored_whole = true;
            return None;
        }
        if let Some(s) = self.seeds.pop_front() {
            return Some(self.follow(s));
        }
        let cov = w.coverage().clone();
        loop {
            let mut cx = Ctx {
                m: self.m,
                cov: &cov,
                rng: &mut self.rng,
            };
            match self.search.next(&mut cx) {
                Next::Done => return None,
                Next::Restart => {
                    // (CREST's reset: a random input, reproducible from `--seed`.)
                    let fill = Fill::random(self.rng.next_u64());
                    let arrays = self.arrays.take().unwrap_or_default();
                    return Some(Follow::new(Input::from(Vec::new()), fill, arrays));
                }
                Next::Negate(p, j) => {
                    self.stats.negations += 1;
                    match solve::negate(w, p, j, self.opts.ippc, &mut self.stats) {
                        solve::Answer::Sat(input) => {
                            let mut facts: Vec<_> = p.facts().take(j).collect();
                            facts.push(w.pool().bool_not(p.dec[j].fact));
                            tracing::debug!(target: "trex::concolic", "negated decision {j} of {}", p.dec.len());
                            self.expect = Some((Expect { facts }, j));
                            return Some(self.follow(Input::from(input)));
                        }
                        solve::Answer::Unsat => {
                            self.stats.infeasible += 1;
                            if let Some((node, taken)) = p.dec[j].branch {
                                // (Interpolation: the node waits for that side no more.)
                                w.observe_side_infeasible(node, 1 - taken);
                            }
                        }
                        solve::Answer::Unknown => {}
                    }
                    self.search.failed();
                }
            }
        }
    }

    fn ended(&mut self, w: &mut Worker<'_, '_>, f: Follow) {
        self.stats.iterations += 1;
        let new_cov = w.coverage().covered_count() - self.covered_before;
        if f.subsumed() {
            self.stats.pruned += 1;
        }
        tracing::debug!(target: "trex::concolic", "path {} ended: {} decisions{}",
            self.stats.iterations, f.decisions_made(), if f.subsumed() { ", subsumed" } else { "" });
        let input = f.inputs(&w.state().path.symbolics);
        let c = f.confirmed();
        self.stats.confirmed += c.sides as u64;
        self.stats.unconfirmed += c.failed as u64;
        self.stats.confirm_paths += c.paths;
        let (dec, arrays, patched) = f.finish();
        let settled = dec.iter().filter(|d| d.settled).count() as u64;
        self.stats.settled += settled - (c.sides + c.infeasible) as u64;
        self.stats.confirm_infeasible += c.infeasible as u64;
        let p = PathRec::of(w, input, dec);
        self.arrays = Some(arrays);
        self.stats.patched += patched as u64;
        let fresh = self.seen.insert(p.key());
        if !fresh {
            self.stats.repeated += 1;
            w.forget_path();
        }
        let (from, met) = match self.expect.take() {
            Some((e, j)) => (Some(j), e.met_by(&p)),
            None => (None, true),
        };
        if !met {
            self.stats.diverged += 1;
            tracing::debug!(target: "trex::concolic", "prediction failed: the path decided {:?}",
                p.facts().map(|f| crate::expr::print::smtlib_term(w.pool_ref(), f)).collect::<Vec<_>>());
        }
        self.search.ran(
            p,
            Ran {
                from,
                met,
                fresh,
                new_cov,
            },
        );
    }
}
