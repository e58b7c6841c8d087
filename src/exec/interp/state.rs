//! What one path owns: its memory, registers, frames, path constraints and symbolic objects.
//! A fork copies it with `branch` (memory bytes are shared until written).

use super::*;

#[derive(Clone, Debug)]
pub(crate) struct Frame {
    pub(crate) func: FuncId,
    /// Index of the next instruction (synced on calls; the top frame's current one is `Worker::pc`).
    pub(crate) pc: u32,
    /// First register slot in `Worker::regs`.
    pub(crate) base: u32,
    /// First entry in `Worker::allocas` owned by this frame.
    pub(crate) alloca_base: u32,
    pub(crate) varargs: Option<ObjRef>,
    pub(crate) ret_dst: Option<Reg>,
}

/// The symbolic part of a path.
#[derive(Clone, Default)]
pub(crate) struct PathState {
    pub(crate) constraints: Vec<ExprId>,
    /// Symbolic objects in creation order: (ktest name, array, size). Shared with the
    /// paths it forks: a path makes its symbolic objects at its start, and a copy at each
    /// fork cost coreutils cat 10 of its 470 MiB peak (`benchmarks/memory`).
    pub(crate) symbolics: Arc<Vec<(String, ArrayId, u64)>>,
    pub(crate) depth: u32,
    /// `depth` at the last loop-point state check (`verify::seen`) and the points checked
    /// at that depth: without a fork since, the path is the deterministic continuation of the
    /// state checked then at the same point.
    pub(crate) seen_depth: u32,
    pub(crate) seen_points: Vec<(FuncId, u32)>,
    /// Loops abstracted on the path (`verify::loops`): (frame depth, function, header).
    pub(crate) loop_marks: Vec<(u32, FuncId, u32)>,
    /// The havocs of the path when learning loop invariants (`verify::loops`).
    pub(crate) havocs: Vec<crate::exec::invariant::Havoc>,
    /// Symbolic states recorded at loop headers along the path (state matching's, opaque
    /// here: `verify::seen`).
    pub(crate) seen_anc: Option<Arc<dyn std::any::Any + Send + Sync>>,
    /// Its node in interpolation's tree (`crate::itp::observer`; the first path is the root, 0;
    /// `NO_NODE`: none, as a branched path until the observer gives it one).
    pub(crate) node: u32,
    /// `klee_prefer_cex` conditions, in call order: a test's values satisfy each one that
    /// can hold with the path and the ones before it (KLEE's `cexPreferences`).
    pub(crate) cex_preferences: Vec<ExprId>,
    /// `--write-cov`: the instructions the path covered first (function, first, last
    /// instruction), inherited by the paths it forks (KLEE's per-state covered lines).
    pub(crate) ran: std::collections::BTreeSet<(u32, u32, u32)>,
    /// The seeds the path follows (`interp/seeding.rs`; none without `--seed-file`).
    pub(crate) seeds: Vec<crate::seed::Seed>,
    /// `--write-paths`: the decision of every conditional branch (`None`: not kept).
    pub(in crate::exec) branches: Option<super::branch_log::BranchLog>,
    /// `--write-sym-paths`: the decisions of the branches that forked.
    pub(in crate::exec) sym_branches: Option<super::branch_log::BranchLog>,
    /// `--replay-path`: the decisions taken so far.
    pub(crate) replayed: u32,
    /// With several workers: the path's fork decisions since the start (`exec/parallel.rs`).
    pub(in crate::exec) trail: Option<Box<super::branch_log::Trail>>,
    /// The prefix of fork decisions the path replays, from its start (another worker's
    /// path, or one suspended over the memory cap: `exec/parallel.rs`, `Worker::begin`);
    /// the paths it forks inherit it, and none of those the worker ran before.
    pub(in crate::exec) prefix: Option<Arc<crate::exec::parallel::Prefix>>,
    /// The path is another worker's (forked off the prefix this worker replays, or the
    /// replayed path past the point where the prefix leaves it): dropped without a trace.
    pub(in crate::exec) elsewhere: bool,
    /// A handed-over path whose replay forked elsewhere than the original (`Halt::Diverged`).
    pub(in crate::exec) diverged: bool,
}

/// No interpolation node (`PathState::node`).
pub(crate) const NO_NODE: u32 = u32::MAX;

/// The state of one path.
#[derive(Clone)]
pub(crate) struct ExecutionState {
    pub(crate) mem: Memory,
    /// One register file for all frames (each frame's slots start at its `base`; the
    /// callers' shared with the paths forked since: `regs.rs`).
    pub(crate) regs: super::regs::Regs,
    pub(crate) frames: Vec<Frame>,
    /// Live stack objects, in allocation order (each frame owns those from its `alloca_base`).
    /// In copy-on-write chunks: the callers' entries change only when they return, and a copy
    /// of the whole stack at each fork (about 50 entries on coreutils cat) was 4 % of what the
    /// pending paths held there.
    pub(crate) allocas: crate::exec::memory::CowVec<ObjRef>,
    /// Register base of the top frame.
    pub(crate) base: usize,
    /// Current instruction of the top frame.
    pub(crate) pc: u32,
    /// `start` returns when the frame stack is back to this depth.
    pub(crate) stop_depth: usize,
    pub(crate) dtors_done: bool,
    pub(crate) path: PathState,
    /// The path executed an instruction or took a branch side no path had before (KLEE's
    /// `coveredNew`; `--only-output-states-covering-new`).
    pub(crate) covered_new: bool,
    /// Instructions executed by the path and its ancestors (synced when it stops running).
    pub(crate) executed: u64,
    /// `executed` when it last covered new code (0: never).
    pub(crate) covered_new_at: u64,
    /// Its process environment (file descriptors, files, ...), behind the system calls:
    /// the run's `Environment`'s (`exec/env.rs`), opaque here. Shared with the paths it
    /// forks until one of them changes it (`env_mut`): most paths never do after their
    /// start, and a copy at each fork was 3 % of the heap at coreutils cat's peak (heaptrack).
    pub(crate) env: Arc<dyn EnvState>,
    /// `klee_set_forking(0)`: symbolic branches follow one feasible side (KLEE's
    /// `forkDisabled`; inherited by the paths it forks).
    pub(crate) fork_disabled: bool,
}

impl ExecutionState {
    pub(crate) fn new(mem: Memory, env: Box<dyn EnvState>) -> ExecutionState {
        ExecutionState {
            mem,
            regs: super::regs::Regs::with_capacity(1024),
            frames: Vec::with_capacity(64),
            allocas: Default::default(),
            base: 0,
            pc: 0,
            stop_depth: 0,
            dtors_done: false,
            path: PathState::default(),
            covered_new: false,
            executed: 0,
            covered_new_at: 0,
            env: Arc::from(env),
            fork_disabled: false,
        }
    }

    /// The path's environment, to change: its own copy first if forks share it.
    pub(crate) fn env_mut(&mut self) -> &mut dyn EnvState {
        if Arc::get_mut(&mut self.env).is_none() {
            self.env = Arc::from(self.env.clone_box());
        }
        Arc::get_mut(&mut self.env).expect("an environment no other path shares")
    }

    /// The top frame's registers start at `b` (they are live from now on: `Regs::set_top`).
    #[inline(always)]
    pub(crate) fn set_base(&mut self, b: usize) {
        self.base = b;
        self.regs.set_top(b);
    }

    /// The path covered new code now (its `executed` count synced): `instsSinceCovNew`
    /// restarts at 1.
    pub(crate) fn note_covered_new(&mut self) {
        self.covered_new = true;
        self.covered_new_at = self.executed.max(1);
    }

    /// KLEE's `instsSinceCovNew`: 0 if the path never covered new code, else the instructions
    /// executed since it last did, plus one.
    pub(crate) fn instructions_since_new_coverage(&self) -> u64 {
        match self.covered_new_at {
            0 => 0,
            at => self.executed - at + 1,
        }
    }

    /// A copy of this path, one fork deeper, that continues under the extra constraint `c`.
    /// (The forking path's own depth goes up once per fork, however many copies it makes.)
    /// (The registers are shared: `Regs::fork_keeping`, with the slots for which `keep` fails
    /// frozen as 0: registers no code reads any more.)
    pub(crate) fn branch(&mut self, c: ExprId, keep: &dyn Fn(usize) -> bool) -> ExecutionState {
        let theirs = self.regs.fork_keeping(self.base, keep);
        let mine = std::mem::replace(&mut self.regs, theirs);
        let mut st = self.clone();
        self.regs = mine;
        st.path.constraints.push(c);
        st.path.depth += 1;
        st.path.node = NO_NODE;
        // A branched path starts without new coverage (as KLEE's).
        st.covered_new = false;
        st
    }
}
