//! KLEE's `.path` / `.sym.path` files: one branch decision per line, `1` for the true side,
//! `0` for the false one, oldest first.

/// The text of a path file.
pub fn render(decisions: &[bool]) -> String {
    let mut s = String::with_capacity(decisions.len() * 2);
    for &d in decisions {
        s.push(if d { '1' } else { '0' });
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decision_per_line() {
        assert_eq!(render(&[true, false, false]), "1\n0\n0\n");
        assert_eq!(render(&[]), "");
    }
}
