//! State selection: KLEE's searchers, independent of the executor's state type.
//!
//! The executor owns its states (in a slab, `StateId(u32)` being the slot) and tells the
//! searcher about them; the searcher only asks questions through [`StateInfo`].
//!
//! # Protocol
//! * When a state forks, the executor calls [`Searcher::fork`]`(parent, child)` (parent still
//!   live) and then reports the child in `added` at the next [`Searcher::update`]. Only
//!   random-path uses `fork` (it keeps its own process tree); a state reported in `added`
//!   without a `fork` (the initial state) becomes a new top-level subtree there.
//! * After each step: `update(current, added, removed, info)`; `current` is the state just
//!   stepped (if it still exists or was removed in this step), `removed` the states that
//!   terminated (they are never selected again).
//! * `select(info)` picks the next state to step; `None` when empty.
//!
//! # Strategies (`--search=`, KLEE's names)
//! | name | searcher | choice |
//! |---|---|---|
//! | `dfs` | `DFSSearcher` | the newest state |
//! | `bfs` | `BFSSearcher` | the oldest state; a state that forked moves to the back |
//! | `random-state` | `RandomSearcher` | uniform |
//! | `random-path` | `RandomPathSearcher` | walk the fork tree from the root, each child with probability 1/2 (a state at depth d: 2^-d) |
//! | `nurs:covnew` | `WeightedRandomSearcher::CoveringNew` | weight `invCovNew² + (1/md2u)²` |
//! | `nurs:md2u` | `WeightedRandomSearcher::MinDistToUncovered` | weight `(1/md2u)²` |
//! | `nurs:depth` | `WeightedRandomSearcher::Depth` | weight `depth` |
//! | `nurs:rp` | `WeightedRandomSearcher::RandomPath` | weight `0.5^depth` |
//! | `nurs:icnt` | `WeightedRandomSearcher::InstCount` | weight `(1/max(1, executions of the next instruction))²` (counted by [`Coverage::mark_range`] when the search uses icnt) |
//!
//! `md2u` is the static distance in instructions to the nearest uncovered instruction (through
//! calls and returns, [`distance`]), 10000 when none is reachable; `invCovNew` is 0 for a state
//! that never covered new code (`instructions_since_new_coverage == 0`), else
//! `1/max(1, instsSinceCovNew - 1000)`. The weighted ones sample from a sum tree; the weight
//! of the current state is refreshed at each update (for `nurs:depth` and `nurs:rp` only when
//! it forked), and all weights when the distances are recomputed after coverage changed (at
//! least [`weighted::RECOMPUTE_INTERVAL`] updates apart, and at least as many as there are live
//! states, so the reweighting is amortized O(log n) per update).
//!
//! Cost per `select` / `update` (per added or removed state): O(1) for `dfs`, `bfs`,
//! `random-state` (removal anywhere included); O(log n) for the `nurs:*` ones, plus the walk of
//! the call stack for md2u (innermost frames first, stopping early); O(depth of the fork tree)
//! for `random-path` select, as in KLEE (about log n when random-path picks the states that
//! fork, since it favours shallow ones).
//!
//! Several kinds give KLEE's `InterleavedSearcher` (round robin, starting with the first);
//! none gives KLEE's default, `random-path` interleaved with `nurs:covnew`. Every random choice
//! comes from a seeded xoshiro256** ([`rng`]): a run is reproducible from its seed.

pub mod basic;
pub mod coverage;
pub mod distance;
pub mod pdf;
pub mod random_path;
pub mod rng;
pub mod weighted;

#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

pub use coverage::Coverage;

use crate::ir;

/// A state of the executor (its slot in the executor's slab).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateId(pub u32);

/// What a searcher may ask about a state (implemented by the executor).
pub trait StateInfo {
    /// Function and index in its `code` of the next instruction to execute.
    fn location(&self, s: StateId) -> (ir::FuncId, u32);
    /// The caller frames, outermost first: each the calling function and the pc where it
    /// resumes when the callee returns (the instruction after the call). Empty in the entry
    /// function.
    fn call_stack(&self, s: StateId) -> &[(ir::FuncId, u32)];
    /// Number of forks on the path.
    fn depth(&self, s: StateId) -> u32;
    /// KLEE's `instsSinceCovNew`: 0 if the state never covered new code; set to 1 when it
    /// covers a new instruction, then incremented at each instruction.
    fn instructions_since_new_coverage(&self, s: StateId) -> u64;
}

/// A state-selection strategy.
pub trait Searcher: Send {
    /// The next state to step, `None` when there is none.
    fn select(&mut self, info: &dyn StateInfo) -> Option<StateId>;
    /// `parent` forked `child` (called at the fork, before `child` is reported as added).
    fn fork(&mut self, _parent: StateId, _child: StateId) {}
    /// After each step: the state stepped, the states added (fork children, the initial
    /// state) and removed (terminated). Searchers implement its parts, called in this order:
    /// `stepped`, then `add_state` for each added state, then `remove_state` for each removed
    /// one.
    fn update(
        &mut self,
        current: Option<StateId>,
        added: &[StateId],
        removed: &[StateId],
        info: &dyn StateInfo,
    ) {
        let live = current.filter(|c| !removed.contains(c));
        self.stepped(live, !added.is_empty(), info);
        for &s in added {
            self.add_state(s, info);
        }
        for &s in removed {
            self.remove_state(s);
        }
    }
    /// The first part of an update: `live` is the state stepped unless it was removed,
    /// `added_any` whether states were added (it forked).
    fn stepped(&mut self, _live: Option<StateId>, _added_any: bool, _info: &dyn StateInfo) {}
    /// A state added by an update.
    fn add_state(&mut self, s: StateId, info: &dyn StateInfo);
    /// A state removed by an update (it is never selected again).
    fn remove_state(&mut self, s: StateId);
    fn is_empty(&self) -> bool;
    /// KLEE's description of the searcher.
    fn name(&self) -> String;
}

/// A `--search` heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchKind {
    Dfs,
    Bfs,
    RandomState,
    RandomPath,
    NursCovNew,
    NursMd2u,
    NursDepth,
    NursRp,
    NursICnt,
}

impl SearchKind {
    pub const ALL: [SearchKind; 9] = [
        SearchKind::Dfs,
        SearchKind::Bfs,
        SearchKind::RandomState,
        SearchKind::RandomPath,
        SearchKind::NursCovNew,
        SearchKind::NursMd2u,
        SearchKind::NursDepth,
        SearchKind::NursRp,
        SearchKind::NursICnt,
    ];

    /// KLEE's option value.
    pub fn option_name(self) -> &'static str {
        match self {
            SearchKind::Dfs => "dfs",
            SearchKind::Bfs => "bfs",
            SearchKind::RandomState => "random-state",
            SearchKind::RandomPath => "random-path",
            SearchKind::NursCovNew => "nurs:covnew",
            SearchKind::NursMd2u => "nurs:md2u",
            SearchKind::NursDepth => "nurs:depth",
            SearchKind::NursRp => "nurs:rp",
            SearchKind::NursICnt => "nurs:icnt",
        }
    }

    /// KLEE's default: `random-path` interleaved with `nurs:covnew`.
    pub fn default_kinds() -> Vec<SearchKind> {
        vec![SearchKind::RandomPath, SearchKind::NursCovNew]
    }
}

impl fmt::Display for SearchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.option_name())
    }
}

/// A `--search` value that is not a known heuristic.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchParseError {
    #[error("unknown search heuristic '{0}' (expected one of: {list})", list = supported_list())]
    Unknown(String),
    #[error("search heuristic '{0}' is not supported by trex (supported: {list})", list = supported_list())]
    Unsupported(String),
}

fn supported_list() -> String {
    SearchKind::ALL
        .iter()
        .map(|k| k.option_name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for SearchKind {
    type Err = SearchParseError;

    fn from_str(s: &str) -> Result<SearchKind, SearchParseError> {
        let t = s.trim();
        if let Some(k) = SearchKind::ALL.iter().find(|k| k.option_name() == t) {
            return Ok(*k);
        }
        match t {
            "nurs:cpicnt" | "nurs:qc" => Err(SearchParseError::Unsupported(t.into())),
            _ => Err(SearchParseError::Unknown(t.into())),
        }
    }
}

/// Parses `--search` values (each may also be a comma-separated list).
pub fn parse_search_kinds<S: AsRef<str>>(
    values: &[S],
) -> Result<Vec<SearchKind>, SearchParseError> {
    let mut out = Vec::new();
    for v in values {
        for part in v.as_ref().split(',') {
            out.push(part.parse()?);
        }
    }
    Ok(out)
}

/// KLEE's `InterleavedSearcher`: round robin over its searchers, which all see every part of
/// every update.
pub struct Interleaved {
    searchers: Vec<Box<dyn Searcher>>,
    next: usize,
}

impl Interleaved {
    pub fn new(searchers: Vec<Box<dyn Searcher>>) -> Interleaved {
        assert!(!searchers.is_empty(), "interleaving no searcher");
        Interleaved { searchers, next: 0 }
    }
}

impl Searcher for Interleaved {
    fn select(&mut self, info: &dyn StateInfo) -> Option<StateId> {
        let i = self.next;
        self.next = (self.next + 1) % self.searchers.len();
        self.searchers[i].select(info)
    }

    fn fork(&mut self, parent: StateId, child: StateId) {
        for s in &mut self.searchers {
            s.fork(parent, child);
        }
    }

    fn stepped(&mut self, live: Option<StateId>, added_any: bool, info: &dyn StateInfo) {
        for s in &mut self.searchers {
            s.stepped(live, added_any, info);
        }
    }

    fn add_state(&mut self, id: StateId, info: &dyn StateInfo) {
        for s in &mut self.searchers {
            s.add_state(id, info);
        }
    }

    fn remove_state(&mut self, id: StateId) {
        for s in &mut self.searchers {
            s.remove_state(id);
        }
    }

    fn is_empty(&self) -> bool {
        self.searchers[0].is_empty()
    }

    fn name(&self) -> String {
        let mut s = format!(
            "<InterleavedSearcher> containing {} searchers:\n",
            self.searchers.len()
        );
        for x in &self.searchers {
            s.push_str(&x.name());
            s.push('\n');
        }
        s.push_str("</InterleavedSearcher>");
        s
    }
}

/// One searcher of the given kind.
pub fn make_one(
    kind: SearchKind,
    seed: u64,
    module: &ir::Module,
    coverage: &Arc<Coverage>,
) -> Box<dyn Searcher> {
    use weighted::{Weight, Weighted};
    let w = |k| -> Box<dyn Searcher> { Box::new(Weighted::new(k, seed, module, coverage.clone())) };
    match kind {
        SearchKind::Dfs => Box::new(basic::Dfs::new()),
        SearchKind::Bfs => Box::new(basic::Bfs::new()),
        SearchKind::RandomState => Box::new(basic::RandomState::new(seed)),
        SearchKind::RandomPath => Box::new(random_path::RandomPath::new(seed)),
        SearchKind::NursCovNew => w(Weight::CoveringNew),
        SearchKind::NursMd2u => w(Weight::MinDistToUncovered),
        SearchKind::NursDepth => w(Weight::Depth),
        SearchKind::NursRp => w(Weight::RandomPath),
        SearchKind::NursICnt => w(Weight::InstCount),
    }
}

/// The searcher for `--search` values `kinds` (empty: KLEE's default); several are
/// interleaved. Each gets its own random stream derived from `seed`.
pub fn make_searcher(
    kinds: &[SearchKind],
    seed: u64,
    module: &ir::Module,
    coverage: Arc<Coverage>,
) -> Box<dyn Searcher> {
    let default = SearchKind::default_kinds();
    let kinds = if kinds.is_empty() {
        &default[..]
    } else {
        kinds
    };
    let mut subs: Vec<Box<dyn Searcher>> = kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let s = seed.wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            make_one(k, s, module, &coverage)
        })
        .collect();
    if subs.len() == 1 {
        subs.pop().unwrap()
    } else {
        Box::new(Interleaved::new(subs))
    }
}
