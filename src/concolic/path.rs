//! What an executed path leaves to the search: its input, its path constraints and the
//! decisions among them, and which of those the search already negated.

use crate::exec::machine::{Decision, Worker};
use crate::expr::{ArrayId, ExprId};
use crate::ir::FuncId;

/// An executed path.
pub(crate) struct PathRec {
    /// Its objects in creation order (name, bytes): its test, and the base of the inputs
    /// solved from it.
    pub(crate) input: Vec<(String, Vec<u8>)>,
    /// The array of each object.
    pub(crate) arrays: Vec<ArrayId>,
    /// Its path constraints, in order.
    pub(crate) cs: Vec<ExprId>,
    /// The conditions its input decided (their facts are among `cs`).
    pub(crate) dec: Vec<Decision>,
    /// Per decision: its other side was tried (negated) from this path or an ancestor that
    /// shares the prefix up to it.
    pub(crate) tried: Vec<bool>,
}

impl PathRec {
    /// The path that just ended on `w` (its objects' values `input`, its decisions `dec`).
    pub(crate) fn of(
        w: &Worker<'_, '_>,
        input: Vec<(String, Vec<u8>)>,
        dec: Vec<Decision>,
    ) -> PathRec {
        let p = &w.state().path;
        let arrays = p.symbolics.iter().map(|s| s.1).collect();
        // (A side interpolation settled needs no path: paper 000's IsSubsumedPath.)
        let tried = dec.iter().map(|d| d.settled).collect();
        PathRec {
            input,
            arrays,
            cs: p.constraints.clone(),
            dec,
            tried,
        }
    }

    /// The decisions' facts, in order (what identifies the path).
    pub(crate) fn facts(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.dec.iter().map(|d| d.fact)
    }

    /// A hash of the path's decisions (paths with the same decisions are the same path).
    pub(crate) fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for f in self.facts() {
            f.hash(&mut h);
        }
        self.dec.len().hash(&mut h);
        h.finish()
    }

    /// Where decision `j` was made.
    pub(crate) fn site(&self, j: usize) -> (FuncId, u32) {
        self.dec[j].site
    }
}

/// What the next path must decide first: the facts of the path it was solved from up to the
/// negated decision, that one negated (CREST's prediction).
pub(crate) struct Expect {
    pub(crate) facts: Vec<ExprId>,
}

impl Expect {
    /// Whether `p` decided as predicted.
    pub(crate) fn met_by(&self, p: &PathRec) -> bool {
        p.dec.len() >= self.facts.len() && self.facts.iter().zip(p.facts()).all(|(a, b)| *a == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(facts: &[u32]) -> PathRec {
        let dec: Vec<Decision> = (facts.iter().enumerate())
            .map(|(i, &f)| Decision {
                holds: true,
                fact: ExprId(f),
                at: i as u32,
                site: (FuncId(0), 0),
                branch: None,
                settled: false,
            })
            .collect();
        PathRec {
            input: Vec::new(),
            arrays: Vec::new(),
            cs: Vec::new(),
            tried: vec![false; dec.len()],
            dec,
        }
    }

    #[test]
    fn a_prediction_is_met_by_its_prefix_and_paths_are_keyed_by_their_decisions() {
        let e = Expect {
            facts: vec![ExprId(1), ExprId(5)],
        };
        assert!(e.met_by(&rec(&[1, 5, 7])));
        assert!(!e.met_by(&rec(&[1, 6, 7])));
        assert!(!e.met_by(&rec(&[1])));
        assert_eq!(rec(&[1, 2]).key(), rec(&[1, 2]).key());
        assert_ne!(rec(&[1, 2]).key(), rec(&[2, 1]).key());
        assert_ne!(rec(&[1]).key(), rec(&[1, 1]).key());
    }
}
