//! `run.istats`: per-instruction statistics in KLEE's callgrind-format layout (`version`,
//! `creator`, `pid`, `cmd`, `positions: instr line`, `event:` lines, `events:`, `ob=`, then per
//! defined function `fn=`, `fl=` when the file changes, and one `instr line values...` line per
//! instruction; `fl=` also before `fn=`, where callgrind readers look for a function's file),
//! readable by KCachegrind and `callgrind_annotate`. `instr` numbers the
//! module's instructions from 1 (KLEE's is the line in its `assembly.ll`, which trex does not
//! write).
//!
//! Events, with KLEE's names and in KLEE's order: `Icov` (covered), `I` (executions; only
//! when the run counted them, i.e. with `nurs:icnt`), `UCdist` (static distance to uncovered
//! code at the end of the run, as KLEE's `MinDistToUncovered`), `Iuncov` (not covered). KLEE's
//! other events (`Forks`, `Ireal`, `Itime`, `Rtime`, `States`, `Q`, `Qiv`, `Qv`, `Qtime`) are
//! per-instruction measurements trex does not make: they are left out, not written as zeros.

use std::fmt::Write;

use crate::ir::{self, FuncId};
use crate::search::distance::Distances;
use crate::search::Coverage;

/// The file's text for `module` run as `cmd` (the bitcode's path) by process `pid`;
/// `counted`: the coverage counted executions.
pub fn render(module: &ir::Module, cov: &Coverage, cmd: &str, pid: u32, counted: bool) -> String {
    let dist = Distances::new(module, cov);
    let mut s = format!("version: 1\ncreator: trex\npid: {pid}\ncmd: {cmd}\n\n\n");
    s.push_str("positions: instr line\n");
    let mut events = vec![("Icov", "CoveredInstructions")];
    if counted {
        events.push(("I", "Instructions"));
    }
    events.push(("UCdist", "MinDistToUncovered"));
    events.push(("Iuncov", "UncoveredInstructions"));
    for (short, long) in &events {
        let _ = writeln!(s, "event: {short} : {long}");
    }
    let names: Vec<&str> = events.iter().map(|e| e.0).collect();
    let _ = writeln!(s, "events: {} ", names.join(" "));
    let _ = writeln!(s, "ob={cmd}");
    let mut instr = 0u64;
    for (i, f) in module.functions.iter().enumerate() {
        if f.is_declaration {
            continue;
        }
        let fid = FuncId(i as u32);
        // The function's file first (callgrind readers give a function the file named before
        // its `fn=`; its first instructions may have no location); instructions without one
        // stay in it.
        let home = [f.loc]
            .into_iter()
            .chain(f.code.iter().map(|i| i.loc))
            .find(|l| l.0 != 0)
            .map(|l| module.loc(l).file);
        match home {
            Some(h) => {
                let _ = writeln!(s, "fl={}", module.files[h as usize]);
            }
            None => s.push_str("fl=???\n"),
        }
        let _ = writeln!(s, "fn={}", f.name);
        let mut file = home;
        for (pc, inst) in f.code.iter().enumerate() {
            instr += 1;
            let pc = pc as u32;
            let line = if inst.loc.0 == 0 {
                0
            } else {
                let l = module.loc(inst.loc);
                if file != Some(l.file) {
                    let _ = writeln!(s, "fl={}", module.files[l.file as usize]);
                    file = Some(l.file);
                }
                l.line
            };
            let covered = cov.is_covered(fid, pc);
            let _ = write!(s, "{instr} {line} {} ", u8::from(covered));
            if counted {
                let _ = write!(s, "{} ", cov.count(fid, pc));
            }
            let _ = writeln!(
                s,
                "{} {} ",
                dist.min_dist_to_uncovered(fid, pc),
                u8::from(!covered)
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::sym_tests::compile_sym;

    #[test]
    fn layout_and_totals() {
        let m = compile_sym(
            "int main(void) { if (klee_int(\"x\") == 3) return r1(); return 0; }",
            "-O0",
        );
        let cov = Coverage::new(&m);
        let main = m.func_by_name["main"];
        let n = m.func(main).code.len() as u32;
        cov.mark_range(main, 0, 2);
        let text = render(&m, &cov, "/t/p.bc", 7, false);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("version: 1"));
        assert!(text.contains("\npid: 7\ncmd: /t/p.bc\n\n\npositions: instr line\n"));
        assert!(text.contains("event: UCdist : MinDistToUncovered\n"));
        assert!(text.contains("\nevents: Icov UCdist Iuncov \nob=/t/p.bc\n"));
        // One cost line per instruction of every defined function, three values each.
        let costs: Vec<Vec<u64>> = text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect();
        let defined: usize = m
            .functions
            .iter()
            .filter(|f| !f.is_declaration)
            .map(|f| f.code.len())
            .sum();
        assert_eq!(costs.len(), defined);
        assert!(costs.iter().all(|c| c.len() == 5));
        assert_eq!(costs.iter().map(|c| c[2]).sum::<u64>(), 3);
        assert_eq!(costs.iter().map(|c| c[4]).sum::<u64>(), defined as u64 - 3);
        // Numbered from 1; an uncovered instruction is at distance 1.
        assert_eq!(costs[0][0], 1);
        assert!(costs.iter().all(|c| c[4] == 0 || c[3] == 1));
        assert!(text.contains(".c\nfn=main\n"));
        assert!(n > 3);
        // With counts, `I` comes second.
        let counted = Coverage::counting(&m);
        counted.mark_range(main, 0, 1);
        counted.mark_range(main, 0, 0);
        let text = render(&m, &counted, "p.bc", 1, true);
        assert!(text.contains("\nevents: Icov I UCdist Iuncov \n"));
    }
}
