//! KLEE's `.path` / `.sym.path` files: one branch decision per line, `1` for the true side,
//! `0` for the false one, oldest first; `--replay-path` reads them back.

/// The text of a path file.
pub fn render(decisions: &[bool]) -> String {
    let mut s = String::with_capacity(decisions.len() * 2);
    for &d in decisions {
        s.push(if d { '1' } else { '0' });
        s.push('\n');
    }
    s
}

/// The decisions of a path file (KLEE reads each line as a number: not 0 is the true side).
pub fn parse(text: &str) -> Result<Vec<bool>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| match l.trim().parse::<u64>() {
            Ok(n) => Ok(n != 0),
            Err(_) => Err(format!("line {}: {l:?} is not a branch decision", i + 1)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes() {
        let d = vec![true, false, true, true];
        assert_eq!(parse(&render(&d)).unwrap(), d);
        assert_eq!(parse("1\n0\n2\n").unwrap(), vec![true, false, true]);
        assert!(parse("1\nx\n").unwrap_err().contains("line 2"));
    }

    #[test]
    fn one_decision_per_line() {
        assert_eq!(render(&[true, false, false]), "1\n0\n0\n");
        assert_eq!(render(&[]), "");
    }
}
