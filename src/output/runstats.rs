//! `run.stats`: KLEE's statistics database (SQLite, table `stats`, one row per write, KLEE's
//! column names; times in microseconds, as KLEE writes them), so that scripts written for
//! `klee-stats` and KLEE's `run.stats` keep working. Columns trex does not measure
//! (`NumQueryConstructs`, `CexCacheTime`, `ForkTime`, `ResolveTime`, `QueryCexCacheMisses`,
//! `ArrayHashTime`) hold SQL NULL rather than a made-up number. The reader gives what
//! `trex stats` prints (`klee-stats`' columns).

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

/// KLEE 3's columns, in its order, then trex's own (`PsePrunedPaths`: paths ended by
/// postconditioned symbolic execution; KLEE's tools read columns by name).
pub const COLUMNS: [&str; 21] = [
    "Instructions",
    "FullBranches",
    "PartialBranches",
    "NumBranches",
    "UserTime",
    "NumStates",
    "MallocUsage",
    "NumQueries",
    "NumQueryConstructs",
    "WallTime",
    "CoveredInstructions",
    "UncoveredInstructions",
    "QueryTime",
    "SolverTime",
    "CexCacheTime",
    "ForkTime",
    "ResolveTime",
    "QueryCexCacheMisses",
    "QueryCexCacheHits",
    "ArrayHashTime",
    "PsePrunedPaths",
];

/// One row (`None`: not measured, written as NULL).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    pub instructions: u64,
    pub full_branches: u64,
    pub partial_branches: u64,
    pub num_branches: u64,
    /// Microseconds.
    pub user_time: u64,
    pub num_states: u64,
    /// Bytes (trex: the resident set size).
    pub malloc_usage: u64,
    pub num_queries: u64,
    pub wall_time: u64,
    pub covered_instructions: u64,
    pub uncovered_instructions: u64,
    /// Microseconds inside the SMT solver (Z3), and in the whole solver chain.
    pub query_time: u64,
    pub solver_time: u64,
    pub query_cex_cache_hits: u64,
    pub pse_pruned_paths: u64,
}

pub struct Writer {
    conn: Connection,
}

impl Writer {
    /// Creates `path` (replacing an old one) with the `stats` table.
    pub fn create(path: &Path) -> rusqlite::Result<Writer> {
        let _ = std::fs::remove_file(path);
        let conn = Connection::open(path)?;
        // A statistics file is rewritten from scratch by the next run: no journal needed.
        conn.execute_batch("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY;")?;
        let cols: Vec<String> = COLUMNS.iter().map(|c| format!("{c} INTEGER")).collect();
        conn.execute_batch(&format!("CREATE TABLE stats ({});", cols.join(", ")))?;
        Ok(Writer { conn })
    }

    pub fn write(&self, r: &Row) -> rusqlite::Result<()> {
        let marks: Vec<String> = (1..=COLUMNS.len()).map(|i| format!("?{i}")).collect();
        let sql = format!(
            "INSERT INTO stats ({}) VALUES ({})",
            COLUMNS.join(", "),
            marks.join(", ")
        );
        let none: Option<i64> = None;
        let i = |v: u64| v.min(i64::MAX as u64) as i64;
        self.conn.execute(
            &sql,
            params![
                i(r.instructions),
                i(r.full_branches),
                i(r.partial_branches),
                i(r.num_branches),
                i(r.user_time),
                i(r.num_states),
                i(r.malloc_usage),
                i(r.num_queries),
                none,
                i(r.wall_time),
                i(r.covered_instructions),
                i(r.uncovered_instructions),
                i(r.query_time),
                i(r.solver_time),
                none,
                none,
                none,
                none,
                i(r.query_cex_cache_hits),
                none,
                i(r.pse_pruned_paths),
            ],
        )?;
        Ok(())
    }
}

/// What `trex stats` needs of a `run.stats`: the last row, and the maximum of the states and
/// of the memory over all rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub last: Row,
    pub max_states: u64,
    pub max_memory: u64,
    pub rows: u64,
}

pub fn read(path: &Path) -> rusqlite::Result<Option<Summary>> {
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let g = |row: &rusqlite::Row, name: &str| -> rusqlite::Result<u64> {
        Ok(row.get::<_, Option<i64>>(name)?.unwrap_or(0).max(0) as u64)
    };
    let last = conn
        .query_row(
            "SELECT * FROM stats ORDER BY rowid DESC LIMIT 1",
            [],
            |row| {
                Ok(Row {
                    instructions: g(row, "Instructions")?,
                    full_branches: g(row, "FullBranches")?,
                    partial_branches: g(row, "PartialBranches")?,
                    num_branches: g(row, "NumBranches")?,
                    user_time: g(row, "UserTime")?,
                    num_states: g(row, "NumStates")?,
                    malloc_usage: g(row, "MallocUsage")?,
                    num_queries: g(row, "NumQueries")?,
                    wall_time: g(row, "WallTime")?,
                    covered_instructions: g(row, "CoveredInstructions")?,
                    uncovered_instructions: g(row, "UncoveredInstructions")?,
                    query_time: g(row, "QueryTime")?,
                    solver_time: g(row, "SolverTime")?,
                    query_cex_cache_hits: g(row, "QueryCexCacheHits")?,
                    // (Not in KLEE's files.)
                    pse_pruned_paths: g(row, "PsePrunedPaths").unwrap_or(0),
                })
            },
        )
        .optional()?;
    let Some(last) = last else { return Ok(None) };
    let (max_states, max_memory, rows) = conn.query_row(
        "SELECT MAX(NumStates), MAX(MallocUsage), COUNT(*) FROM stats",
        [],
        |r| {
            Ok((
                r.get::<_, Option<i64>>(0)?.unwrap_or(0) as u64,
                r.get::<_, Option<i64>>(1)?.unwrap_or(0) as u64,
                r.get::<_, i64>(2)? as u64,
            ))
        },
    )?;
    Ok(Some(Summary {
        last,
        max_states,
        max_memory,
        rows,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_with_kleees_columns() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("run.stats");
        let w = Writer::create(&p).unwrap();
        let mut r = Row {
            instructions: 10,
            num_states: 3,
            malloc_usage: 5 << 20,
            wall_time: 1000,
            ..Row::default()
        };
        w.write(&r).unwrap();
        r.instructions = 25;
        r.num_states = 1;
        r.malloc_usage = 2 << 20;
        r.full_branches = 2;
        r.partial_branches = 1;
        r.num_branches = 4;
        w.write(&r).unwrap();
        drop(w);
        let s = read(&p).unwrap().unwrap();
        assert_eq!(s.last, r);
        assert_eq!((s.max_states, s.max_memory, s.rows), (3, 5 << 20, 2));
        // KLEE's column names, in KLEE's order; unmeasured columns are NULL.
        let conn = Connection::open(&p).unwrap();
        let st = conn.prepare("SELECT * FROM stats").unwrap();
        let names: Vec<String> = st.column_names().map(|s| s.to_string()).collect();
        assert_eq!(names, COLUMNS);
        let n: Option<i64> = conn
            .query_row("SELECT NumQueryConstructs FROM stats", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, None);
    }

    #[test]
    fn an_empty_table_reads_as_none() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("run.stats");
        drop(Writer::create(&p).unwrap());
        assert_eq!(read(&p).unwrap(), None);
    }
}
