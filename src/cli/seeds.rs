//! KLEE's seeding options of `trex run` (`--seed-file`, `--seed-dir` and the options that
//! shape how seeds are followed), read into the executor's `exec::seed::Seeding`.

use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::parse::parse_time_span;
use crate::output::ktest::KTest;
use crate::seed::Seeding;

#[derive(Args, Debug, Default)]
pub struct SeedOptions {
    /// A `.ktest` whose inputs the first paths follow (KLEE's seeding; repeatable): at each
    /// symbolic branch a path goes where its seeds go; the paths no seed takes are explored
    /// after.
    #[arg(long, value_name = "FILE")]
    pub seed_file: Vec<PathBuf>,
    /// Every `*.ktest` of this directory is a seed (repeatable).
    #[arg(long, value_name = "DIR")]
    pub seed_dir: Vec<PathBuf>,
    /// Paths that followed seeds get their tests even with --only-output-states-covering-new
    /// (KLEE's default).
    #[arg(long, num_args = 0..=1, default_value_t = true, default_missing_value = "true",
          require_equals = true, action = clap::ArgAction::Set)]
    pub always_output_seeds: bool,
    /// Drop the paths no seed follows.
    #[arg(long)]
    pub only_replay_seeds: bool,
    /// Stop once the seeded paths are done (the others end early).
    #[arg(long)]
    pub only_seed: bool,
    /// A seed object smaller than the symbolic object (or missing) leaves the rest free.
    #[arg(long)]
    pub allow_seed_extension: bool,
    /// ... fills the rest with zeros.
    #[arg(long)]
    pub zero_seed_extension: bool,
    /// A seed object larger than the symbolic object gives its first bytes.
    #[arg(long)]
    pub allow_seed_truncation: bool,
    /// A symbolic object takes the seed's object of the same name (default: the next one).
    #[arg(long)]
    pub named_seed_matching: bool,
    /// The seeding phase's time budget (a time span; 0: none); then the paths are explored
    /// as usual.
    #[arg(long, value_parser = parse_time_span)]
    pub seed_time: Option<Duration>,
}

impl SeedOptions {
    /// The seeds (files first, then each directory's tests by name), or `None` without any.
    /// KLEE's errors for a file it cannot read and an empty directory.
    pub fn load(&self) -> Result<Option<Seeding>> {
        let mut files = self.seed_file.clone();
        for d in &self.seed_dir {
            let tests = ktests_in(d)?;
            if tests.is_empty() {
                bail!("seeds directory is empty: {}", d.display());
            }
            files.extend(tests);
        }
        if files.is_empty() {
            return Ok(None);
        }
        let mut seeds = Vec::with_capacity(files.len());
        for f in &files {
            let kt = std::fs::read(f)
                .ok()
                .and_then(|b| KTest::from_bytes(&b).ok())
                .with_context(|| format!("unable to open: {}", f.display()))?;
            let objs: Vec<(String, Vec<u8>)> =
                kt.objects.into_iter().map(|o| (o.name, o.bytes)).collect();
            seeds.push(Arc::from(objs));
        }
        Ok(Some(Seeding {
            seeds,
            named_matching: self.named_seed_matching,
            allow_extension: self.allow_seed_extension,
            zero_extension: self.zero_seed_extension,
            allow_truncation: self.allow_seed_truncation,
            only_replay: self.only_replay_seeds,
            only_seed: self.only_seed,
            seed_time: self.seed_time.filter(|t| !t.is_zero()),
            always_output: self.always_output_seeds,
        }))
    }
}

/// The `*.ktest` files of `dir`, by name (KLEE takes them in the directory's order).
pub(super) fn ktests_in(dir: &Path) -> Result<Vec<PathBuf>> {
    let rd = std::fs::read_dir(dir)
        .with_context(|| format!("unable to read output directory: {}", dir.display()))?;
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ktest"))
        .collect();
    v.sort();
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_test(path: &Path, objs: &[(&str, &[u8])]) {
        let objs: Vec<(String, Vec<u8>)> = objs
            .iter()
            .map(|(n, b)| (n.to_string(), b.to_vec()))
            .collect();
        let kt = KTest::of_objects(vec!["p.bc".into()], &objs);
        std::fs::write(path, kt.to_bytes()).unwrap();
    }

    #[test]
    fn seeds_come_from_files_then_directories_by_name() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join("seeds");
        std::fs::create_dir(&dir).unwrap();
        write_test(&dir.join("b.ktest"), &[("x", &[2])]);
        write_test(&dir.join("a.ktest"), &[("x", &[1])]);
        std::fs::write(dir.join("notes.txt"), "not a test").unwrap();
        let one = d.path().join("one.ktest");
        write_test(&one, &[("y", &[9, 9])]);
        let o = SeedOptions {
            seed_file: vec![one],
            seed_dir: vec![dir],
            always_output_seeds: true,
            ..SeedOptions::default()
        };
        let s = o.load().unwrap().unwrap();
        let firsts: Vec<&[u8]> = s.seeds.iter().map(|t| t[0].1.as_slice()).collect();
        assert_eq!(firsts, [&[9u8, 9][..], &[1][..], &[2][..]]);
        assert!(s.always_output && !s.only_seed);
        assert!(SeedOptions::default().load().unwrap().is_none());
    }

    #[test]
    fn klee_errors_for_unreadable_seeds() {
        let d = tempfile::tempdir().unwrap();
        let o = SeedOptions {
            seed_dir: vec![d.path().to_path_buf()],
            ..SeedOptions::default()
        };
        let e = o.load().unwrap_err().to_string();
        assert!(e.starts_with("seeds directory is empty: "), "{e}");
        let bad = d.path().join("bad.ktest");
        std::fs::write(&bad, "no ktest").unwrap();
        let o = SeedOptions {
            seed_file: vec![bad],
            ..SeedOptions::default()
        };
        let e = o.load().unwrap_err().to_string();
        assert!(e.starts_with("unable to open: "), "{e}");
    }
}
