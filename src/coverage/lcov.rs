//! The model as an LCOV tracefile (`coverage.lcov`), as `geninfo` writes them and `lcov` /
//! `genhtml` read them: per program source file `SF`, its functions (`FN`, `FNDA`, `FNF`,
//! `FNH`), branch outcomes (`BRDA`, `BRF`, `BRH`), lines (`DA`, `LF`, `LH`). Counts are 0 or 1
//! (trex records whether code ran, not how often); a branch whose instruction never ran has
//! `-` for each outcome, as geninfo writes it.

use std::fmt::Write;

use super::Model;

/// The tracefile of the program's files (the C library and runtime are left out).
pub fn render(m: &Model) -> String {
    let mut s = String::from("TN:\n");
    for file in &m.files {
        let _ = writeln!(s, "SF:{}", file.path);
        let funcs: Vec<_> = file
            .functions
            .iter()
            .map(|&i| &m.functions[i])
            .filter(|f| f.line != 0)
            .collect();
        for f in &funcs {
            let _ = writeln!(s, "FN:{},{}", f.line, f.name);
        }
        for f in &funcs {
            let _ = writeln!(s, "FNDA:{},{}", u8::from(f.entered), f.name);
        }
        let _ = writeln!(s, "FNF:{}", funcs.len());
        let _ = writeln!(s, "FNH:{}", funcs.iter().filter(|f| f.entered).count());
        let (mut brf, mut brh) = (0, 0);
        for (n, line) in &file.lines {
            for b in &line.branches {
                let executed = b.executed || b.arms.iter().any(|a| a.taken);
                for (k, a) in b.arms.iter().enumerate() {
                    let taken = match (executed, a.taken) {
                        (false, _) => "-",
                        (true, false) => "0",
                        (true, true) => "1",
                    };
                    let _ = writeln!(s, "BRDA:{n},{},{k},{taken}", b.id);
                    brf += 1;
                    brh += usize::from(a.taken);
                }
            }
        }
        let _ = writeln!(s, "BRF:{brf}");
        let _ = writeln!(s, "BRH:{brh}");
        for (n, line) in &file.lines {
            let _ = writeln!(s, "DA:{n},{}", u8::from(line.hit()));
        }
        let _ = writeln!(s, "LF:{}", file.lines.len());
        let _ = writeln!(s, "LH:{}", file.lines.values().filter(|l| l.hit()).count());
        s.push_str("end_of_record\n");
    }
    s
}

/// The summary of a tracefile, summed over its files: (LF, LH, BRF, BRH, FNF, FNH). What
/// `lcov --summary` reports, for checking a report against the tracefile.
pub fn summary(text: &str) -> [u64; 6] {
    let mut t = [0u64; 6];
    for line in text.lines() {
        let Some((key, v)) = line.split_once(':') else {
            continue;
        };
        let k = match key {
            "LF" => 0,
            "LH" => 1,
            "BRF" => 2,
            "BRH" => 3,
            "FNF" => 4,
            "FNH" => 5,
            _ => continue,
        };
        t[k] += v.trim().parse::<u64>().unwrap_or(0);
    }
    t
}
