//! How a path ends: its termination from a stop, its test inputs, error paths forked off the running one.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// Converts a stop into the run's end, with the call stack.
    pub(super) fn end_of(&self, s: Stop) -> End {
        match s {
            Stop::Exit(c) => End::Exit(c),
            Stop::Silent => End::SilentExit,
            Stop::Halt(h) => End::Early(h),
            Stop::Pruned(p) => End::Pruned(p),
            Stop::Preempt => {
                // (The driver suspends such a path instead; were it ever ended, it is a gap.)
                debug_assert!(false, "a suspended path ended");
                End::Early(Halt::Interrupted)
            }
            Stop::Error { kind, msg, info } => {
                let stack = self.call_stack();
                let site = (
                    self.st.frames.last().map_or(FuncId(0), |f| f.func),
                    self.st.pc,
                );
                End::Error(ErrorReport {
                    kind,
                    message: msg,
                    loc: stack.first().map(|s| s.loc).unwrap_or_default(),
                    stack,
                    info,
                    site,
                })
            }
        }
    }

    /// The call stack, innermost first: the current instruction, then each caller's call site.
    pub(crate) fn call_stack(&self) -> Vec<StackEntry> {
        let m = self.m;
        let mut stack = Vec::new();
        for (i, fr) in self.st.frames.iter().enumerate().rev() {
            let code = &m.func(fr.func).code;
            let pc = if i + 1 == self.st.frames.len() {
                self.st.pc as usize
            } else {
                (fr.pc as usize).saturating_sub(1)
            };
            // An instruction without a location has its function's (KLEE's
            // InstructionInfoTable: the DISubprogram's file and line).
            let loc = code
                .get(pc)
                .map(|i| i.loc)
                .filter(|l| l.0 != 0)
                .unwrap_or(m.func(fr.func).loc);
            let asm_line = m.func(fr.func).asm_lines.get(pc).copied().unwrap_or(0);
            stack.push(StackEntry {
                func: fr.func,
                loc,
                asm_line,
                args: self.frame_args(fr),
            });
        }
        stack
    }

    /// A frame's arguments for its `.err` stack line, as KLEE's `dumpStack` prints them (a
    /// named parameter as `name=value`).
    fn frame_args(&self, fr: &Frame) -> Vec<String> {
        let f = self.m.func(fr.func);
        let regs = &self.st.regs;
        f.params
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                let v = regs.get(fr.base as usize + i);
                let text = v
                    .as_ref()
                    .map_or_else(|| "symbolic".into(), |v| self.arg_text(v, ty));
                match f.param_names.get(i).filter(|n| !n.is_empty()) {
                    Some(n) => format!("{n}={text}"),
                    None => text,
                }
            })
            .collect()
    }

    fn arg_text(&self, v: &Value, ty: TypeId) -> String {
        match v {
            Value::Sym(_) => "symbolic".into(),
            Value::Agg(vs) if vs.iter().any(|x| matches!(x, Value::Sym(_))) => "symbolic".into(),
            // (KLEE would print the aggregate's bits as one number.)
            Value::Agg(vs) => {
                let parts: Vec<String> = vs.iter().map(|x| x.bits().to_string()).collect();
                format!("{{{}}}", parts.join(", "))
            }
            v if matches!(self.ti(ty), TI::Int(1)) => (v.bits() & 1 == 1).to_string(),
            v => v.bits().to_string(),
        }
    }

    /// Concrete input of the current path (plus `extra` constraints); zeros where the solver
    /// found none (for output and witnesses only: a test's inputs come from `solved_inputs`).
    pub(crate) fn test_objects(&mut self, extra: Option<ExprId>) -> Vec<(String, Vec<u8>)> {
        self.solve_inputs(extra).unwrap_or_else(|| {
            let s = &self.st.path.symbolics;
            s.iter()
                .map(|s| (s.0.clone(), vec![0u8; s.2 as usize]))
                .collect()
        })
    }

    /// A test's inputs: the objects and whether they are lost (no model: the solver timed
    /// out or gave up; KLEE then writes no `.ktest`).
    fn solved_inputs(&mut self, extra: Option<ExprId>) -> (Vec<(String, Vec<u8>)>, bool) {
        match self.solve_inputs(extra) {
            Some(v) => (v, false),
            None => (Vec::new(), true),
        }
    }

    /// Whether the path's end gets a test (an error's always does): not when only paths that
    /// covered new code get one and this one did not (its inputs are not solved for: a
    /// halt's dump of many pending paths would solve each).
    fn gets_test(&self) -> bool {
        !self.ctl.lim.only_covering_new || self.st.covered_new || self.seeds_demand_test()
    }

    /// A model of the current path's symbolic objects (plus `extra`), `None` when the solver
    /// gives none.
    fn solve_inputs(&mut self, extra: Option<ExprId>) -> Option<Vec<(String, Vec<u8>)>> {
        if self.st.path.symbolics.is_empty() {
            return Some(Vec::new());
        }
        if let Some(v) = self.followed_inputs() {
            // (A path that follows an input ran on it; it forks no error path.)
            return Some(v);
        }
        let mut cs = self.st.path.constraints.clone();
        if let Some(e) = extra {
            cs.push(e);
        }
        let arrays: Vec<ArrayId> = self.st.path.symbolics.iter().map(|s| s.1).collect();
        let _ = self.solver();
        let mut sv = self.solver.take().unwrap();
        // `klee_prefer_cex`: each preference that can hold with the ones kept before it
        // constrains the test's values (KLEE's `getSymbolicSolution`).
        for &p in &self.st.path.cex_preferences {
            if let Ok(true) = sv.may_be_true(&self.pool, Query::new(&cs, p)) {
                cs.push(p);
            }
        }
        let r = sv.get_initial_values(&self.pool, &cs, &arrays);
        self.solver = Some(sv);
        let vals = r.ok().flatten()?;
        Some(
            self.st
                .path
                .symbolics
                .iter()
                .zip(vals)
                .map(|(s, v)| (s.0.clone(), v))
                .collect(),
        )
    }

    /// Records the end of the current path.
    pub(in crate::exec) fn finish_path(&mut self, r: R<Value>) {
        self.observe_path_end(&r);
        if let Err(e) = &r {
            match **e {
                Stop::Pruned(Prune::Subsumed) => {
                    // Subsumed (interpolation): a test only with `--subsumed-test`.
                    self.follow_subsumed();
                    if self.p.subsumed_test {
                        self.pruned_end(Prune::Subsumed);
                    }
                    return;
                }
                // Postconditioned symbolic execution: a test, as in paper 002 (its prefix
                // may have covered something new).
                Stop::Pruned(Prune::Pse) => {
                    self.ctl.pse_pruned += 1;
                    self.pruned_end(Prune::Pse);
                    return;
                }
                Stop::Pruned(p) if self.p.subsumed_test => {
                    self.pruned_end(p);
                    return;
                }
                _ => {}
            }
        }
        let (end, silent) = match r {
            Ok(v) => (End::Exit(self.exit_code(&v)), false),
            Err(e) => match *e {
                Stop::Silent => (End::SilentExit, true),
                // Pruned by state matching: no test (its future is that of a state run).
                Stop::Pruned(p) => (End::Pruned(p), true),
                e => (self.end_of(e), false),
            },
        };
        let exits = matches!(end, End::Exit(_));
        let tested = matches!(end, End::Error(_)) || self.gets_test();
        let (objects, inputs_lost) =
            if silent || !tested || !self.p.path_inputs || (exits && !self.p.exit_inputs) {
                (Vec::new(), false)
            } else {
                self.solved_inputs(None)
            };
        let record = if silent {
            None
        } else {
            self.path_record(None, matches!(end, End::Error(_)))
        };
        self.paths.push(PathEnd {
            end,
            objects,
            inputs_lost,
            silent,
            covered_new: self.st.covered_new || self.seeds_demand_test(),
            lines: self.path_lines(),
            record,
        });
    }

    /// A pruned path with `--subsumed-test`: it ends with a test of its inputs
    /// (`End::Pruned`, which is neither a completed nor a partial path).
    fn pruned_end(&mut self, why: Prune) {
        let (objects, inputs_lost) = match self.gets_test() {
            true => self.solved_inputs(None),
            false => (Vec::new(), false),
        };
        self.paths.push(PathEnd {
            end: End::Pruned(why),
            objects,
            inputs_lost,
            silent: false,
            covered_new: self.st.covered_new,
            lines: self.path_lines(),
            record: self.path_record(None, false),
        });
    }

    /// An exit status (a symbolic one takes any feasible value: it only gets printed).
    pub(super) fn exit_code(&mut self, v: &Value) -> i32 {
        match v {
            Value::Sym(e) if self.follows() => {
                let e = *e;
                self.follow_value(e).unwrap_or(0) as u32 as i32
            }
            Value::Sym(e) => {
                let e = *e;
                let cs = self.st.path.constraints.clone();
                let _ = self.solver();
                let mut sv = self.solver.take().unwrap();
                let r = sv.get_value(&self.pool, &cs, e).unwrap_or(0);
                self.solver = Some(sv);
                r as u32 as i32
            }
            v => v.bits() as u32 as i32,
        }
    }

    /// Ends a copy of the current path right here with an error, under the extra
    /// constraint `bad` (the current path continues).
    pub(super) fn fork_error(&mut self, bad: ExprId, kind: ErrorKind, msg: &str) {
        if self.replaying() {
            // (Reported by the worker that forked it first.)
            return;
        }
        // (Seeds that satisfy `bad` end with the error path.)
        self.seed_fork(None, bad);
        let stop = Stop::Error {
            kind,
            msg: msg.into(),
            info: String::new(),
        };
        let end = self.end_of(stop);
        let (objects, inputs_lost) = if self.p.path_inputs {
            self.solved_inputs(Some(bad))
        } else {
            (Vec::new(), false)
        };
        self.paths.push(PathEnd {
            end,
            objects,
            inputs_lost,
            silent: false,
            covered_new: self.st.covered_new,
            lines: self.path_lines(),
            record: self.path_record(Some(bad), true),
        });
    }

    /// KLEE's per-test files about the running path (`Config::path_files`); `extra`: the
    /// constraint of an error path forked off it.
    fn path_record(&self, extra: Option<ExprId>, error: bool) -> Option<Box<PathRecord>> {
        let f = self.p.path_files;
        let kquery = f.kquery || (f.kquery_errors && error);
        if !(kquery || f.smt2 || f.branches || f.sym_branches) {
            return None;
        }
        let cs = || {
            let mut cs = self.st.path.constraints.clone();
            cs.extend(extra);
            cs
        };
        let record = PathRecord {
            kquery: kquery.then(|| crate::expr::kquery::kquery_constraints(&self.pool, &cs())),
            smt2: f
                .smt2
                .then(|| crate::expr::smt2::smt2_constraints(&self.pool, &cs())),
            branches: self.st.path.branches.as_ref().map(|l| l.bits()),
            sym_branches: self.st.path.sym_branches.as_ref().map(|l| l.bits()),
        };
        Some(Box::new(record))
    }

    /// The source lines the running path covered first (`--write-cov`), as `file:line`.
    fn path_lines(&self) -> Vec<String> {
        if !self.p.write_cov {
            return Vec::new();
        }
        let mut lines = std::collections::BTreeSet::new();
        for &(f, from, to) in &self.st.path.ran {
            let code = &self.m.functions[f as usize].code;
            for inst in &code[from as usize..=(to as usize).min(code.len().saturating_sub(1))] {
                if inst.loc.0 != 0 {
                    let l = self.m.loc(inst.loc);
                    if l.line != 0 {
                        lines.insert((l.file, l.line));
                    }
                }
            }
        }
        lines
            .into_iter()
            .map(|(file, line)| format!("{}:{line}", self.m.files[file as usize]))
            .collect()
    }
}
