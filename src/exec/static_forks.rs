//! KLEE's `--max-static-fork-pct` / `--max-static-cpfork-pct`: once the run has made more than
//! `check_delay` forks, a symbolic branch does not fork at an instruction (or in a call path:
//! the chain of call sites down to the function) that already made more than its share of the
//! run's forks; the path continues on one feasible side, as KLEE's fork then takes one solver
//! value of the condition. It keeps one hot loop branch from taking the whole budget.

use crate::ir::FuncId;
use hashbrown::HashMap;

/// The shares (1: no limit) and the delay, as KLEE's options give them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticForkLimits {
    /// `--max-static-fork-pct`: of the run's forks, at most this share at one instruction.
    pub fork_pct: f64,
    /// `--max-static-cpfork-pct`: the same per call path.
    pub cp_fork_pct: f64,
    /// `--max-static-pct-check-delay`: the shares are checked only after this many forks.
    pub check_delay: u64,
}

impl Default for StaticForkLimits {
    fn default() -> Self {
        Self {
            fork_pct: 1.0,
            cp_fork_pct: 1.0,
            check_delay: 1000,
        }
    }
}

impl StaticForkLimits {
    /// Whether any share limits forking (KLEE checks nothing at 1).
    pub fn active(&self) -> bool {
        self.fork_pct < 1.0 || self.cp_fork_pct < 1.0
    }
}

/// An instruction: function and instruction index.
pub(crate) type Site = (FuncId, u32);

/// Forks made per instruction and per call path (callers' call sites, then the function).
#[derive(Default)]
pub(crate) struct StaticForks {
    limits: StaticForkLimits,
    at_site: HashMap<Site, u64>,
    in_path: HashMap<Vec<Site>, u64>,
}

impl StaticForks {
    pub(crate) fn new(limits: StaticForkLimits) -> Self {
        Self {
            limits,
            ..Self::default()
        }
    }

    /// Whether a fork at `site` in call path `path` would take more than its share of the
    /// run's `total` forks so far (KLEE compares the count before this fork).
    pub(crate) fn over_share(&self, site: Site, path: &[Site], total: u64) -> bool {
        if total <= self.limits.check_delay {
            return false;
        }
        let share = |n: u64, pct: f64| pct < 1.0 && n as f64 > total as f64 * pct;
        share(
            self.at_site.get(&site).copied().unwrap_or(0),
            self.limits.fork_pct,
        ) || (self.limits.cp_fork_pct < 1.0
            && share(
                self.in_path.get(path).copied().unwrap_or(0),
                self.limits.cp_fork_pct,
            ))
    }

    /// Counts `n` forks made at `site` in `path`.
    pub(crate) fn forked(&mut self, site: Site, path: &[Site], n: u64) {
        *self.at_site.entry(site).or_default() += n;
        if self.limits.cp_fork_pct < 1.0 {
            *self.in_path.entry(path.to_vec()).or_default() += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(fork_pct: f64, cp_fork_pct: f64, check_delay: u64) -> StaticForkLimits {
        StaticForkLimits {
            fork_pct,
            cp_fork_pct,
            check_delay,
        }
    }

    #[test]
    fn an_instruction_over_its_share_stops_forking() {
        let f = FuncId(0);
        let (a, b) = ((f, 1), (f, 2));
        let path = [(f, 0)];
        let mut s = StaticForks::new(limits(0.5, 1.0, 0));
        // No fork yet: nothing is over its share.
        assert!(!s.over_share(a, &path, 0));
        s.forked(a, &path, 1);
        // a made 1 of 1 forks: over half.
        assert!(s.over_share(a, &path, 1));
        assert!(!s.over_share(b, &path, 1));
        s.forked(b, &path, 1);
        s.forked(b, &path, 1);
        // a: 1 of 3 is not over half; b: 2 of 3 is.
        assert!(!s.over_share(a, &path, 3));
        assert!(s.over_share(b, &path, 3));
    }

    #[test]
    fn nothing_is_checked_before_the_delay_or_at_one() {
        let f = FuncId(0);
        let site = (f, 1);
        let mut s = StaticForks::new(limits(0.1, 1.0, 5));
        s.forked(site, &[], 5);
        assert!(!s.over_share(site, &[], 5));
        assert!(s.over_share(site, &[], 6));
        let mut none = StaticForks::new(limits(1.0, 1.0, 0));
        none.forked(site, &[], 100);
        assert!(!none.over_share(site, &[], 100));
        assert!(!StaticForkLimits::default().active());
    }

    #[test]
    fn call_paths_are_counted_apart() {
        let (f, g) = (FuncId(0), FuncId(1));
        let site = (g, 3);
        let (p1, p2) = ([(f, 5), (g, 0)], [(f, 9), (g, 0)]);
        let mut s = StaticForks::new(limits(1.0, 0.5, 0));
        s.forked(site, &p1, 2);
        s.forked((f, 1), &[(f, 0)], 1);
        // The same instruction through another call site is another call path.
        assert!(s.over_share(site, &p1, 3));
        assert!(!s.over_share(site, &p2, 3));
    }
}
