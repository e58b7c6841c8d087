//! Unit tests of the searchers with a fake executor and hand-built IR.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use super::basic::{Bfs, Dfs, RandomState};
use super::distance::Distances;
use super::pdf::SumTree;
use super::random_path::RandomPath;
use super::weighted::{Weight, Weighted};
use super::*;
use crate::ir::{self, BlockId, Callee, Edge, FuncId, InstKind, Operand, Reg, TypeId};

#[derive(Clone, Default)]
struct S {
    loc: (u32, u32),
    stack: Vec<(FuncId, u32)>,
    depth: u32,
    since: u64,
}

#[derive(Default)]
struct Fake {
    st: HashMap<u32, S>,
}

impl Fake {
    fn set(&mut self, id: u32, s: S) {
        self.st.insert(id, s);
    }
}

impl StateInfo for Fake {
    fn location(&self, s: StateId) -> (FuncId, u32) {
        let l = self.st.get(&s.0).map_or((0, 0), |x| x.loc);
        (FuncId(l.0), l.1)
    }
    fn call_stack(&self, s: StateId) -> &[(FuncId, u32)] {
        self.st.get(&s.0).map_or(&[], |x| &x.stack[..])
    }
    fn depth(&self, s: StateId) -> u32 {
        self.st.get(&s.0).map_or(0, |x| x.depth)
    }
    fn instructions_since_new_coverage(&self, s: StateId) -> u64 {
        self.st.get(&s.0).map_or(0, |x| x.since)
    }
}

fn ids(v: &[u32]) -> Vec<StateId> {
    v.iter().map(|&i| StateId(i)).collect()
}

fn add(s: &mut dyn Searcher, info: &Fake, v: &[u32]) {
    s.update(None, &ids(v), &[], info);
}

fn remove(s: &mut dyn Searcher, info: &Fake, v: &[u32]) {
    s.update(None, &[], &ids(v), info);
}

// ---- hand-built IR ----

fn plain() -> InstKind {
    InstKind::Fence
}
fn br(b: u32) -> InstKind {
    InstKind::Br {
        edge: Edge {
            target: BlockId(b),
            copies: vec![],
        },
    }
}
fn condbr(t: u32, f: u32) -> InstKind {
    let e = |b| Edge {
        target: BlockId(b),
        copies: vec![],
    };
    InstKind::CondBr {
        cond: Operand::Reg(Reg(0)),
        t: e(t),
        f: e(f),
    }
}
fn call(g: u32) -> InstKind {
    InstKind::Call {
        callee: Callee::Direct(FuncId(g)),
        args: vec![],
        ret: TypeId(0),
    }
}
fn ret() -> InstKind {
    InstKind::Ret { val: None }
}

fn func(name: &str, blocks: Vec<Vec<InstKind>>) -> ir::Function {
    let mut code = Vec::new();
    let mut bs = Vec::new();
    for (i, b) in blocks.into_iter().enumerate() {
        bs.push(ir::Block {
            start: code.len() as u32,
            name: format!("b{i}"),
        });
        for k in b {
            code.push(ir::Inst {
                dst: None,
                kind: k,
                loc: ir::LocId(0),
            });
        }
    }
    ir::Function {
        name: name.into(),
        params: vec![],
        byval: vec![],
        ret: TypeId(0),
        is_vararg: false,
        is_declaration: code.is_empty(),
        num_regs: 1,
        code,
        blocks: bs,
        loc: ir::LocId(0),
        asm_lines: Vec::new(),
        is_extern_weak: false,
        param_names: Vec::new(),
    }
}

fn module(fs: Vec<ir::Function>) -> ir::Module {
    let mut m = ir::Module::default();
    for (i, f) in fs.into_iter().enumerate() {
        m.func_by_name.insert(f.name.clone(), FuncId(i as u32));
        m.functions.push(f);
    }
    m
}

fn cover_all(cov: &Coverage, m: &ir::Module, except: &[(u32, u32)]) {
    for (fi, f) in m.functions.iter().enumerate() {
        for pc in 0..f.code.len() as u32 {
            if !except.contains(&(fi as u32, pc)) {
                cov.mark(FuncId(fi as u32), pc);
            }
        }
    }
}

fn counts(s: &mut dyn Searcher, info: &Fake, n: usize) -> HashMap<u32, usize> {
    let mut c = HashMap::new();
    for _ in 0..n {
        *c.entry(s.select(info).unwrap().0).or_default() += 1;
    }
    c
}

// ---- dfs / bfs ----

#[test]
fn dfs_picks_newest_and_removes_anywhere() {
    let info = Fake::default();
    let mut s = Dfs::new();
    assert!(s.is_empty());
    assert_eq!(s.select(&info), None);
    add(&mut s, &info, &[0]);
    assert_eq!(s.select(&info), Some(StateId(0)));
    s.update(Some(StateId(0)), &ids(&[1, 2]), &[], &info);
    assert_eq!(s.select(&info), Some(StateId(2)));
    remove(&mut s, &info, &[1]);
    assert_eq!(s.select(&info), Some(StateId(2)));
    remove(&mut s, &info, &[2]);
    assert_eq!(s.select(&info), Some(StateId(0)));
    remove(&mut s, &info, &[0]);
    assert!(s.is_empty());
    assert_eq!(s.select(&info), None);
    assert_eq!(s.name(), "DFSSearcher");
}

/// A state suspended after its quantum (live after its update) yields to the newest state
/// only, then resumes before the older states it forked.
#[test]
fn dfs_suspended_state_yields_to_its_newest_fork_only() {
    let info = Fake::default();
    let mut s = Dfs::new();
    add(&mut s, &info, &[0]);
    // 0 forks 1, 2, 3 and is suspended: 3 runs, then 0, then 2 and 1.
    s.update(Some(StateId(0)), &ids(&[1, 2, 3]), &[], &info);
    assert_eq!(s.select(&info), Some(StateId(3)));
    remove(&mut s, &info, &[3]);
    assert_eq!(s.select(&info), Some(StateId(0)));
    // The newest state, suspended without forking, goes on.
    s.update(Some(StateId(0)), &[], &[], &info);
    assert_eq!(s.select(&info), Some(StateId(0)));
    // 0 ends: its older forks, newest first.
    remove(&mut s, &info, &[0]);
    assert_eq!(s.select(&info), Some(StateId(2)));
    // 2 suspended after forking 4: 4, then 2, then 1.
    s.update(Some(StateId(2)), &ids(&[4]), &[], &info);
    assert_eq!(s.select(&info), Some(StateId(4)));
    remove(&mut s, &info, &[4]);
    assert_eq!(s.select(&info), Some(StateId(2)));
    remove(&mut s, &info, &[2]);
    assert_eq!(s.select(&info), Some(StateId(1)));
}

#[test]
fn bfs_picks_oldest_and_moves_forked_current_back() {
    let info = Fake::default();
    let mut s = Bfs::new();
    add(&mut s, &info, &[0, 1, 2]);
    assert_eq!(s.select(&info), Some(StateId(0)));
    // 0 stepped without forking: stays first.
    s.update(Some(StateId(0)), &[], &[], &info);
    assert_eq!(s.select(&info), Some(StateId(0)));
    // 0 forked 3: 0 goes behind 1 and 2, then 3.
    s.update(Some(StateId(0)), &ids(&[3]), &[], &info);
    let mut order = vec![];
    while let Some(x) = s.select(&info) {
        order.push(x.0);
        remove(&mut s, &info, &[x.0]);
    }
    assert_eq!(order, vec![1, 2, 0, 3]);
    // Removing the current while it forks does not re-add it.
    add(&mut s, &info, &[5, 6]);
    s.update(Some(StateId(5)), &ids(&[7]), &ids(&[5]), &info);
    assert_eq!(s.select(&info), Some(StateId(6)));
    remove(&mut s, &info, &[6]);
    assert_eq!(s.select(&info), Some(StateId(7)));
}

// ---- random-state ----

#[test]
fn random_state_is_deterministic_and_uniform() {
    let info = Fake::default();
    let seq = |seed| {
        let mut s = RandomState::new(seed);
        add(&mut s, &info, &(0..10).collect::<Vec<_>>());
        (0..50)
            .map(|_| s.select(&info).unwrap().0)
            .collect::<Vec<_>>()
    };
    assert_eq!(seq(7), seq(7));
    assert_ne!(seq(7), seq(8));

    let mut s = RandomState::new(42);
    add(&mut s, &info, &(0..10).collect::<Vec<_>>());
    let n = 100_000;
    let c = counts(&mut s, &info, n);
    let e = n as f64 / 10.0;
    let chi2: f64 = (0..10)
        .map(|i| {
            let o = *c.get(&i).unwrap_or(&0) as f64;
            (o - e) * (o - e) / e
        })
        .sum();
    // 9 degrees of freedom: P(chi2 > 40) < 1e-5.
    assert!(chi2 < 40.0, "chi2 = {chi2}");
}

#[test]
fn every_searcher_handles_removal_anywhere() {
    let m = module(vec![func("main", vec![vec![plain(), ret()]])]);
    let cov = Arc::new(Coverage::new(&m));
    let mut info = Fake::default();
    for i in 0..100 {
        info.set(
            i,
            S {
                depth: i % 7,
                since: i as u64,
                ..S::default()
            },
        );
    }
    for kind in SearchKind::ALL {
        let mut s = make_searcher(&[kind], 3, &m, cov.clone());
        add(s.as_mut(), &info, &[0]);
        for i in 1..100 {
            s.fork(StateId(i - 1), StateId(i));
            s.update(Some(StateId(i - 1)), &ids(&[i]), &[], &info);
        }
        let evens: Vec<u32> = (0..100).filter(|i| i % 2 == 0).collect();
        remove(s.as_mut(), &info, &evens);
        for _ in 0..500 {
            let x = s.select(&info).unwrap();
            assert!(x.0 % 2 == 1, "{kind}: selected removed state {x:?}");
        }
        let odds: Vec<u32> = (0..100).filter(|i| i % 2 == 1).collect();
        remove(s.as_mut(), &info, &odds);
        assert!(s.is_empty(), "{kind}");
        assert_eq!(s.select(&info), None, "{kind}");
    }
}

// ---- random-path ----

/// A chain of forks, each from the newest state: state k sits at depth k+1 (the last two
/// share the deepest level).
fn chain(rp: &mut RandomPath, info: &Fake, n: u32) {
    add(rp, info, &[0]);
    for i in 1..n {
        rp.fork(StateId(i - 1), StateId(i));
        rp.update(Some(StateId(i - 1)), &ids(&[i]), &[], info);
    }
}

#[test]
fn random_path_prefers_shallow_states() {
    let info = Fake::default();
    let mut rp = RandomPath::new(1);
    chain(&mut rp, &info, 12);
    assert_eq!(rp.depth_of(StateId(0)), Some(1));
    assert_eq!(rp.depth_of(StateId(10)), Some(11));
    assert_eq!(rp.depth_of(StateId(11)), Some(11));
    let n = 100_000;
    let c = counts(&mut rp, &info, n);
    let f = |i| *c.get(&i).unwrap_or(&0) as f64 / n as f64;
    assert!((f(0) - 0.5).abs() < 0.01, "{}", f(0));
    assert!((f(1) - 0.25).abs() < 0.01, "{}", f(1));
    assert!((f(2) - 0.125).abs() < 0.01, "{}", f(2));
    assert!(f(11) < 0.003, "{}", f(11));
    // Random-state would pick each with 1/12: random-path is not uniform.
    assert!(f(0) > 5.0 * f(5));
}

#[test]
fn random_path_removal_splices_the_tree() {
    let info = Fake::default();
    let mut rp = RandomPath::new(9);
    chain(&mut rp, &info, 3); // 0: 1/2, 1: 1/4, 2: 1/4
    remove(&mut rp, &info, &[0]); // 1: 1/2, 2: 1/2
    assert_eq!(rp.depth_of(StateId(1)), Some(1));
    let c = counts(&mut rp, &info, 20_000);
    let f1 = c[&1] as f64 / 20_000.0;
    assert!((f1 - 0.5).abs() < 0.02, "{f1}");
    // Removing a middle leaf of a deeper tree.
    let mut rp = RandomPath::new(9);
    chain(&mut rp, &info, 6);
    remove(&mut rp, &info, &[2, 4]);
    let c = counts(&mut rp, &info, 20_000);
    assert!(!c.contains_key(&2) && !c.contains_key(&4));
    assert_eq!(rp.depth_of(StateId(5)), Some(3));
    // A state added without a fork becomes a new top-level subtree.
    add(&mut rp, &info, &[9]);
    assert_eq!(rp.depth_of(StateId(9)), Some(1));
    // Deterministic given the seed.
    let run = |seed| {
        let mut rp = RandomPath::new(seed);
        chain(&mut rp, &info, 8);
        (0..64)
            .map(|_| rp.select(&info).unwrap().0)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

// ---- interleaving and construction ----

#[test]
fn interleaved_alternates() {
    let info = Fake::default();
    let mut s = Interleaved::new(vec![Box::new(Dfs::new()), Box::new(Bfs::new())]);
    add(&mut s, &info, &[0, 1, 2]);
    let picks: Vec<u32> = (0..6).map(|_| s.select(&info).unwrap().0).collect();
    assert_eq!(picks, vec![2, 0, 2, 0, 2, 0]);
    remove(&mut s, &info, &[0, 2]);
    assert_eq!(s.select(&info), Some(StateId(1)));
    assert_eq!(s.select(&info), Some(StateId(1)));
    assert!(s
        .name()
        .starts_with("<InterleavedSearcher> containing 2 searchers:"));
    assert!(s.name().contains("DFSSearcher\nBFSSearcher\n"));
}

#[test]
fn default_is_random_path_with_covnew() {
    let m = module(vec![func("main", vec![vec![ret()]])]);
    let cov = Arc::new(Coverage::new(&m));
    let s = make_searcher(&[], 0, &m, cov.clone());
    assert!(s.name().contains("RandomPathSearcher"), "{}", s.name());
    assert!(s.name().contains("WeightedRandomSearcher::CoveringNew"));
    let s = make_searcher(&[SearchKind::NursMd2u], 0, &m, cov);
    assert_eq!(s.name(), "WeightedRandomSearcher::MinDistToUncovered");
}

#[test]
fn default_searcher_runs_a_fork_tree() {
    let m = call_module();
    let cov = Arc::new(Coverage::new(&m));
    let mut info = Fake::default();
    let mut s = make_searcher(&[], 17, &m, cov);
    info.set(0, S::default());
    add(s.as_mut(), &info, &[0]);
    let mut live = vec![0u32];
    let mut next = 1;
    for step in 0..2000 {
        let p = s.select(&info).unwrap();
        assert!(live.contains(&p.0));
        if step % 3 == 0 {
            info.set(
                next,
                S {
                    depth: info.depth(p) + 1,
                    since: step,
                    ..S::default()
                },
            );
            info.st.get_mut(&p.0).unwrap().depth += 1;
            s.fork(p, StateId(next));
            s.update(Some(p), &ids(&[next]), &[], &info);
            live.push(next);
            next += 1;
        } else if step % 3 == 1 && live.len() > 1 {
            s.update(Some(p), &[], &[p], &info);
            live.retain(|&x| x != p.0);
        } else {
            s.update(Some(p), &[], &[], &info);
        }
    }
    while let Some(p) = s.select(&info) {
        s.update(Some(p), &[], &[p], &info);
        live.retain(|&x| x != p.0);
    }
    assert!(live.is_empty());
    assert!(s.is_empty());
}

#[test]
fn option_parsing() {
    for k in SearchKind::ALL {
        assert_eq!(k.option_name().parse::<SearchKind>(), Ok(k));
    }
    assert_eq!("random-path".parse(), Ok(SearchKind::RandomPath));
    assert_eq!(
        parse_search_kinds(&["random-path,nurs:covnew", "dfs"]),
        Ok(vec![
            SearchKind::RandomPath,
            SearchKind::NursCovNew,
            SearchKind::Dfs
        ])
    );
    let e = "depth-first".parse::<SearchKind>().unwrap_err();
    assert_eq!(e, SearchParseError::Unknown("depth-first".into()));
    let msg = e.to_string();
    assert!(msg.starts_with("unknown search heuristic 'depth-first' (expected one of: dfs, bfs"));
    assert!(msg.contains("nurs:covnew"), "{msg}");
    let e = parse_search_kinds(&["dfs", "nurs:cpicnt"]).unwrap_err();
    assert_eq!(e, SearchParseError::Unsupported("nurs:cpicnt".into()));
    assert!(e.to_string().contains("not supported by trex"));
    assert!(parse_search_kinds(&[""]).is_err());
}

// ---- coverage and distances ----

#[test]
fn coverage_marks_once() {
    let m = module(vec![func("main", vec![vec![plain(), plain(), ret()]])]);
    let cov = Coverage::new(&m);
    assert!(!cov.is_covered(FuncId(0), 1));
    assert!(cov.mark(FuncId(0), 1));
    assert!(!cov.mark(FuncId(0), 1));
    assert!(cov.is_covered(FuncId(0), 1));
    assert_eq!(cov.covered_count(), 1);
    assert!(!cov.mark(FuncId(3), 0));
    assert!(!cov.mark(FuncId(0), 99));
}

/// main: b0 [call g, plain, ret]; g: five plain + ret.
fn call_module() -> ir::Module {
    module(vec![
        func("main", vec![vec![call(1), plain(), ret()]]),
        func(
            "g",
            vec![vec![plain(), plain(), plain(), plain(), plain(), ret()]],
        ),
    ])
}

#[test]
fn distances_go_through_callees_to_their_return() {
    let m = call_module();
    let cov = Coverage::new(&m);
    cover_all(&cov, &m, &[(0, 1)]); // only main's plain after the call is uncovered
    let d = Distances::new(&m, &cov);
    assert_eq!(d.min_dist_to_return(FuncId(1), 0), 6);
    assert_eq!(d.min_dist_to_return(FuncId(0), 0), 1 + 6 + 2);
    assert_eq!(d.min_dist_to_uncovered(FuncId(0), 1), 1);
    // The call costs 1 + g's path to its return.
    assert_eq!(d.min_dist_to_uncovered(FuncId(0), 0), 1 + 6 + 1);
    // Nothing uncovered in g itself.
    assert_eq!(d.min_dist_to_uncovered(FuncId(1), 0), 0);
    // From inside g, through the return into main (resuming at pc 1).
    assert_eq!(d.for_state(FuncId(1), 3, &[(FuncId(0), 1)]), 3 + 1);
    assert_eq!(d.for_state(FuncId(1), 3, &[]), 0);
}

/// `for_state` (innermost first, with early exits) agrees with KLEE's chain of
/// `computeMinDistToUncovered` from the outermost frame.
#[test]
fn for_state_matches_klee_chain() {
    // main: [call g, plain, ret]; g: [plain, call h, plain, ret]; h: [plain, plain, ret]
    let m = module(vec![
        func("main", vec![vec![call(1), plain(), ret()]]),
        func("g", vec![vec![plain(), call(2), plain(), ret()]]),
        func("h", vec![vec![plain(), plain(), ret()]]),
    ]);
    let places: Vec<(u32, u32)> = (0..3)
        .flat_map(|f| (0..m.functions[f].code.len() as u32).map(move |pc| (f as u32, pc)))
        .collect();
    let stacks: Vec<Vec<(FuncId, u32)>> = vec![
        vec![],
        vec![(FuncId(0), 1)],
        vec![(FuncId(1), 2)],
        vec![(FuncId(0), 1), (FuncId(1), 2)],
        vec![
            (FuncId(0), 1),
            (FuncId(1), 2),
            (FuncId(1), 2),
            (FuncId(1), 2),
        ],
    ];
    for mask in 0u32..(1 << places.len()) {
        if mask % 7 != 0 {
            continue;
        }
        let cov = Coverage::new(&m);
        for (i, &(f, pc)) in places.iter().enumerate() {
            if mask & (1 << i) != 0 {
                cov.mark(FuncId(f), pc);
            }
        }
        let d = Distances::new(&m, &cov);
        for &(f, pc) in &places {
            for st in &stacks {
                let mut at_ra = 0;
                for &(cf, cpc) in st {
                    at_ra = d.with_return(cf, cpc, at_ra);
                }
                let klee = d.with_return(FuncId(f), pc, at_ra);
                assert_eq!(
                    d.for_state(FuncId(f), pc, st),
                    klee,
                    "{mask:b} {f} {pc} {st:?}"
                );
            }
        }
    }
}

#[test]
fn distances_enter_callees_with_uncovered_code() {
    let m = call_module();
    let cov = Coverage::new(&m);
    cover_all(&cov, &m, &[(1, 4)]); // g's last plain
    let d = Distances::new(&m, &cov);
    assert_eq!(d.min_dist_to_uncovered(FuncId(1), 0), 5);
    assert_eq!(d.min_dist_to_uncovered(FuncId(0), 0), 1 + 5);
    assert_eq!(d.min_dist_to_uncovered(FuncId(0), 1), 0);
}

#[test]
fn distances_follow_loops_and_noreturn() {
    // main: b0 [condbr b1 b2]; b1 [plain, br b0]; b2 [call exit, plain]; exit declared.
    let m = module(vec![
        func(
            "main",
            vec![
                vec![condbr(1, 2)],
                vec![plain(), br(0)],
                vec![call(1), plain(), ret()],
            ],
        ),
        func("exit", vec![]),
    ]);
    let cov = Coverage::new(&m);
    cover_all(&cov, &m, &[(0, 5)]); // the ret after exit: unreachable
    let d = Distances::new(&m, &cov);
    assert_eq!(d.min_dist_to_uncovered(FuncId(0), 0), 0);
    assert_eq!(d.min_dist_to_return(FuncId(0), 0), 0);
    let cov = Coverage::new(&m);
    cover_all(&cov, &m, &[(0, 0)]); // the loop head
    let d = Distances::new(&m, &cov);
    assert_eq!(d.min_dist_to_uncovered(FuncId(0), 1), 3); // plain, br, head
}

#[test]
fn distances_stop_at_declared_error_functions() {
    // main: call reach_error, plain, ret; a declared `reach_error` ends the path (the executor
    // reports it), as `__VERIFIER_error` does: nothing after it is reachable through it.
    for name in ["reach_error", "__VERIFIER_error"] {
        let m = module(vec![
            func("main", vec![vec![call(1), plain(), ret()]]),
            func(name, vec![]),
        ]);
        let cov = Coverage::new(&m);
        cover_all(&cov, &m, &[(0, 1)]); // the plain after the call
        let d = Distances::new(&m, &cov);
        assert_eq!(d.min_dist_to_uncovered(FuncId(0), 0), 0, "{name}");
        assert_eq!(d.min_dist_to_return(FuncId(0), 0), 0, "{name}");
    }
}

// ---- weighted ----

fn weighted(kind: Weight, m: &ir::Module, cov: &Arc<Coverage>) -> Weighted {
    Weighted::new(kind, 11, m, cov.clone())
}

#[test]
fn covnew_prefers_state_that_just_covered_new_code() {
    let m = call_module();
    let cov = Arc::new(Coverage::new(&m));
    cover_all(&cov, &m, &[]);
    let mut info = Fake::default();
    info.set(
        0,
        S {
            since: 1,
            ..S::default()
        },
    );
    info.set(
        1,
        S {
            since: 0,
            ..S::default()
        },
    );
    info.set(
        2,
        S {
            since: 50_000,
            ..S::default()
        },
    );
    let mut s = weighted(Weight::CoveringNew, &m, &cov);
    add(&mut s, &info, &[0, 1, 2]);
    assert!((s.weight_of(StateId(0)).unwrap() - (1.0 + 1e-8)).abs() < 1e-12);
    assert!((s.weight_of(StateId(1)).unwrap() - 1e-8).abs() < 1e-15);
    let inv = 1.0 / 49_000.0;
    assert!((s.weight_of(StateId(2)).unwrap() - (inv * inv + 1e-8)).abs() < 1e-15);
    let c = counts(&mut s, &info, 10_000);
    assert!(c[&0] > 9_990, "{c:?}");
    // Once state 0 runs for long without new coverage, its weight falls.
    info.st.get_mut(&0).unwrap().since = 100_000;
    s.update(Some(StateId(0)), &[], &[], &info);
    assert!(s.weight_of(StateId(0)).unwrap() < 2e-8);
}

#[test]
fn md2u_prefers_state_nearer_uncovered_code_through_calls() {
    // main: b0 [condbr b1 b2]; b1 [10 x plain, br b3]; b2 [call f, br b3]; b3 [ret]
    // f: [plain, plain, ret], uncovered; everything in main covered.
    let mut b1 = vec![plain(); 10];
    b1.push(br(3));
    let m = module(vec![
        func(
            "main",
            vec![vec![condbr(1, 2)], b1, vec![call(1), br(3)], vec![ret()]],
        ),
        func("f", vec![vec![plain(), plain(), ret()]]),
    ]);
    let cov = Arc::new(Coverage::new(&m));
    for pc in 0..m.functions[0].code.len() as u32 {
        cov.mark(FuncId(0), pc);
    }
    let b2 = m.functions[0].blocks[2].start;
    let b1 = m.functions[0].blocks[1].start;
    let mut info = Fake::default();
    info.set(
        0,
        S {
            loc: (0, b1),
            ..S::default()
        },
    );
    info.set(
        1,
        S {
            loc: (0, b2),
            ..S::default()
        },
    );
    let mut s = weighted(Weight::MinDistToUncovered, &m, &cov);
    s.set_recompute_interval(1);
    assert_eq!(
        s.distances().unwrap().min_dist_to_uncovered(FuncId(0), b2),
        2
    );
    add(&mut s, &info, &[0, 1]);
    assert_eq!(s.weight_of(StateId(0)), Some(1e-8)); // nothing reachable: md2u = 10000
    assert_eq!(s.weight_of(StateId(1)), Some(0.25));
    let c = counts(&mut s, &info, 5_000);
    assert!(c[&1] > 4_990, "{c:?}");
    // Cover f: both fall to "nothing reachable" after the recompute.
    cover_all(&cov, &m, &[]);
    s.update(None, &[], &[], &info);
    assert_eq!(s.weight_of(StateId(1)), Some(1e-8));
}

#[test]
fn md2u_through_the_call_stack() {
    let m = call_module();
    let cov = Arc::new(Coverage::new(&m));
    cover_all(&cov, &m, &[(0, 1)]);
    let mut info = Fake::default();
    // Inside g at pc 4: to g's return 2, then main's pc 1 is uncovered: 2 + 1.
    info.set(
        0,
        S {
            loc: (1, 4),
            stack: vec![(FuncId(0), 1)],
            ..S::default()
        },
    );
    info.set(
        1,
        S {
            loc: (1, 4),
            ..S::default()
        },
    );
    let mut s = weighted(Weight::MinDistToUncovered, &m, &cov);
    add(&mut s, &info, &[0, 1]);
    assert_eq!(s.weight_of(StateId(0)), Some(1.0 / 9.0));
    assert_eq!(s.weight_of(StateId(1)), Some(1e-8));
}

#[test]
fn depth_weights() {
    let m = call_module();
    let cov = Arc::new(Coverage::new(&m));
    let mut info = Fake::default();
    info.set(
        0,
        S {
            depth: 1,
            ..S::default()
        },
    );
    info.set(
        1,
        S {
            depth: 9,
            ..S::default()
        },
    );
    let mut d = weighted(Weight::Depth, &m, &cov);
    add(&mut d, &info, &[0, 1]);
    let c = counts(&mut d, &info, 10_000);
    assert!((c[&1] as f64 / 10_000.0 - 0.9).abs() < 0.02, "{c:?}");
    let mut rp = weighted(Weight::RandomPath, &m, &cov);
    add(&mut rp, &info, &[0, 1]);
    assert_eq!(rp.weight_of(StateId(1)), Some(0.5f64.powi(9)));
    let c = counts(&mut rp, &info, 10_000);
    assert!(c[&0] > 9_900, "{c:?}");
    // All weights zero: uniform.
    info.set(0, S::default());
    info.set(1, S::default());
    let mut z = weighted(Weight::Depth, &m, &cov);
    add(&mut z, &info, &[0, 1]);
    let c = counts(&mut z, &info, 10_000);
    assert!(c[&0] > 4_000 && c[&1] > 4_000, "{c:?}");
}

#[test]
fn icnt_prefers_rarely_executed_instructions() {
    let m = call_module();
    let cov = Arc::new(Coverage::counting(&m));
    for _ in 0..10 {
        let new = cov.mark_range(FuncId(1), 0, 0) != 0;
        assert_eq!(new, cov.count(FuncId(1), 0) == 1);
    }
    assert_eq!(cov.count(FuncId(1), 0), 10);
    assert!(cov.is_covered(FuncId(1), 0));
    let mut info = Fake::default();
    info.set(
        0,
        S {
            loc: (1, 0),
            ..S::default()
        },
    );
    info.set(
        1,
        S {
            loc: (1, 1),
            ..S::default()
        },
    );
    let mut s = weighted(Weight::InstCount, &m, &cov);
    add(&mut s, &info, &[0, 1]);
    assert!((s.weight_of(StateId(0)).unwrap() - 0.01).abs() < 1e-15);
    assert_eq!(s.weight_of(StateId(1)), Some(1.0));
    let c = counts(&mut s, &info, 10_000);
    assert!(c[&1] > 9_800, "{c:?}");
    assert_eq!(s.name(), "WeightedRandomSearcher::InstCount");
}

#[test]
fn sum_tree_samples_by_weight() {
    let mut t = SumTree::default();
    for i in 0..100 {
        t.insert(StateId(i), if i == 37 { 99.0 } else { 0.01 });
    }
    assert!((t.total() - 99.99).abs() < 1e-9);
    assert_eq!(t.choose(0.5), Some(StateId(37)));
    assert!(t.remove(StateId(37)));
    assert!(!t.remove(StateId(37)));
    assert!((t.total() - 0.99).abs() < 1e-9);
    for k in 0..1000 {
        let x = t.choose(k as f64 / 1000.0).unwrap();
        assert_ne!(x, StateId(37));
    }
    t.update(StateId(5), f64::NAN);
    assert_eq!(t.weight(StateId(5)), Some(0.0));
    for k in 0..1000 {
        assert_ne!(t.choose(k as f64 / 1000.0), Some(StateId(5)));
    }
}

// ---- performance ----

/// 1e5 forks from selected states, then 1e5 select + update + removal: every searcher is
/// O(log n) per operation (random-path: O(depth), about log n when it forks what it picks).
#[test]
fn hundred_thousand_states_quickly() {
    let m = call_module();
    let cov = Arc::new(Coverage::new(&m));
    let mut info = Fake::default();
    let n = 100_000u32;
    for i in 0..n {
        info.set(
            i,
            S {
                loc: (0, i % 3),
                depth: i % 50,
                since: (i % 3000) as u64,
                ..S::default()
            },
        );
    }
    for kind in SearchKind::ALL {
        let t = Instant::now();
        let mut s = make_searcher(&[kind], 1, &m, cov.clone());
        add(s.as_mut(), &info, &[0]);
        for i in 1..n {
            let p = s.select(&info).unwrap();
            s.fork(p, StateId(i));
            s.update(Some(p), &ids(&[i]), &[], &info);
        }
        let mut left = n;
        while let Some(p) = s.select(&info) {
            s.update(Some(p), &[], &[p], &info);
            left -= 1;
        }
        assert_eq!(left, 0, "{kind}");
        let secs = t.elapsed().as_secs_f64();
        assert!(secs < 20.0, "{kind}: {secs} s");
    }
}

// ---- a module compiled by clang-14 ----

fn compile(src: &str) -> ir::Module {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("t.c");
    let bc = dir.path().join("t.bc");
    std::fs::write(&c, src).unwrap();
    let out = std::process::Command::new("clang-14")
        .args(["-c", "-emit-llvm", "-g", "-O0", "-w", "-o"])
        .arg(&bc)
        .arg(&c)
        .output()
        .expect("clang-14");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    ir::lower::load_module(&bc).unwrap()
}

#[test]
fn distances_on_clang_output() {
    let m = compile(
        "int f(int x) { return x + 1; }\n\
         int main(void) { int a = 1; int b = 2; a = f(a + b); return a; }\n",
    );
    let main = m.func_by_name["main"];
    let f = m.func_by_name["f"];
    let mcode = &m.functions[main.0 as usize].code;
    let flen = m.functions[f.0 as usize].code.len() as u64;
    let call_pc = mcode
        .iter()
        .position(|i| matches!(i.kind, InstKind::Call { callee: Callee::Direct(g), .. } if g == f))
        .unwrap() as u32;
    let cov = Arc::new(Coverage::new(&m));
    for pc in 0..mcode.len() as u32 {
        cov.mark(main, pc);
    }
    let d = Distances::new(&m, &cov);
    // Straight-line code: f is entered at the call.
    assert_eq!(d.min_dist_to_uncovered(f, 0), 1);
    assert_eq!(d.min_dist_to_uncovered(main, call_pc), 2);
    assert_eq!(d.min_dist_to_uncovered(main, 0), call_pc as u64 + 2);
    assert_eq!(d.min_dist_to_return(f, 0), flen);
    assert_eq!(d.min_dist_to_return(main, 0), mcode.len() as u64 + flen);
    // Inside f after covering it, nothing is left.
    cover_all(&cov, &m, &[]);
    let mut s = Weighted::new(Weight::MinDistToUncovered, 0, &m, cov.clone());
    let mut info = Fake::default();
    info.set(
        0,
        S {
            loc: (f.0, 0),
            stack: vec![(main, call_pc + 1)],
            ..S::default()
        },
    );
    add(&mut s, &info, &[0]);
    assert_eq!(
        s.distances()
            .unwrap()
            .for_state(f, 0, &[(main, call_pc + 1)]),
        0
    );
    assert_eq!(s.weight_of(StateId(0)), Some(1e-8));
}
