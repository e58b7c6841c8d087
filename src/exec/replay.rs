//! Replay (`trex replay`, `trex run --replay-ktest-file`): the builtins that make inputs
//! (`klee_make_symbolic`, `klee_int`, `klee_range`, `klee_choose`, `__VERIFIER_nondet_*`) take
//! the next object of a `.ktest` instead, so the path runs concretely.
//!
//! Objects are taken in file order. The requested name (as given: a symbolic run keeps
//! repeated names in its tests, as KLEE does; the deduplicated `x_1`, `x_2`, ... is accepted
//! too) and size must match the object's; a
//! mismatch, running out of objects, or a value the symbolic run could not have produced (a
//! `klee_range` / `klee_choose` / `__VERIFIER_nondet_bool` value out of its range) is a `user`
//! error at the call, never a silently different run.

/// Little-endian bytes of a test object as an integer.
pub(crate) fn value_le(bytes: &[u8]) -> u128 {
    bytes
        .iter()
        .rev()
        .fold(0u128, |acc, &x| (acc << 8) | x as u128)
}

/// The names replay has given out, deduplicated as in a run: `x`, then `x_1`, `x_2`, ... (the
/// first suffix not given yet), each with the next suffix to try when it is requested again.
/// Names only grow, so the search for a free suffix resumes where it stopped (a scan of every
/// name per suffix tried made 200 000 requests of one name cubic).
#[derive(Debug, Default)]
pub(super) struct ReplayNames(hashbrown::HashMap<String, usize>);

impl ReplayNames {
    /// The name the next request of `name` gets, and its suffix (0: none).
    pub(super) fn next(&self, name: &str) -> (String, usize) {
        match self.0.get(name) {
            None => (name.to_string(), 0),
            Some(&start) => (start..)
                .map(|k| (format!("{name}_{k}"), k))
                .find(|(n, _)| !self.0.contains_key(n))
                .expect("a free suffix"),
        }
    }

    /// `name` was given out as `kname` (`next`'s answer).
    pub(super) fn give(&mut self, name: &str, kname: String, k: usize) {
        self.0.insert(name.to_string(), k + 1);
        self.0.entry(kname).or_insert(1);
    }
}

#[cfg(test)]
mod tests {
    use super::ReplayNames;

    /// The first `name_k` (k = 1, 2, ...) not given yet, by a scan of all names given.
    fn naive(given: &[String], name: &str) -> String {
        let mut kname = name.to_string();
        let mut k = 0;
        while given.contains(&kname) {
            k += 1;
            kname = format!("{name}_{k}");
        }
        kname
    }

    #[test]
    fn names_are_deduplicated_as_a_scan_would() {
        let mut names = ReplayNames::default();
        let mut given = Vec::new();
        // Repeats, names that look like suffixed ones, and suffixes of suffixes.
        let requests = [
            "x", "x", "x_2", "x", "x", "x_1", "x_1", "y", "x_1_1", "x", "y_1", "y", "y",
        ];
        for r in requests.iter().cycle().take(200) {
            let (kname, k) = names.next(r);
            assert_eq!(kname, naive(&given, r), "request {r} after {given:?}");
            names.give(r, kname.clone(), k);
            given.push(kname);
        }
        assert_eq!(&given[..4], ["x", "x_1", "x_2", "x_3"]);
    }
}
