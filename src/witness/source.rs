//! Positions in the task's text. Witness locations name the task file's own lines and columns
//! (1-based), while the debug info names the lines the preprocessor's line markers gave
//! (`# 12 "file.c"` in a `.i` task): the markers are read back to map one to the other. A
//! `function_return` waypoint points at the closing parenthesis of its call, found by scanning
//! from the call's start (the debug column of a call is its callee's first character).

use std::collections::HashMap;
use std::path::Path;

/// The task's text and where each (marker file, marker line) is in it.
pub struct Source {
    lines: Vec<String>,
    /// (file named by a marker, line there) -> physical line (first occurrence).
    marked: HashMap<(String, u32), u32>,
    /// The task's own file name (its lines before any marker are its own).
    name: String,
}

impl Source {
    pub fn read(path: &Path) -> std::io::Result<Source> {
        let text = std::fs::read(path)?;
        Ok(Source::new(
            &path.to_string_lossy(),
            &String::from_utf8_lossy(&text),
        ))
    }

    pub fn new(name: &str, text: &str) -> Source {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut marked = HashMap::new();
        let mut cur: Option<(String, u32)> = None;
        for (i, l) in lines.iter().enumerate() {
            if let Some(m) = marker(l) {
                cur = Some(m);
                continue;
            }
            if let Some((f, n)) = &mut cur {
                marked.entry((f.clone(), *n)).or_insert(i as u32 + 1);
                *n += 1;
            }
        }
        Source {
            lines,
            marked,
            name: name.to_string(),
        }
    }

    /// The task's line of `line` in the debug info's file `file`: through the markers when
    /// the task has them, else the same line when `file` is the task.
    pub fn physical_line(&self, file: &str, line: u32) -> Option<u32> {
        if self.marked.is_empty() {
            return (same_file(file, &self.name) && line as usize <= self.lines.len())
                .then_some(line);
        }
        self.marked
            .iter()
            .find(|((f, n), _)| *n == line && same_file(file, f))
            .map(|(_, &p)| p)
    }

    /// The debug info's (file, line) pairs of the task's physical line `line`: through the
    /// markers when the task has them, else the line itself in the task's own file.
    pub fn debug_lines(&self, line: u32) -> Vec<(String, u32)> {
        if self.marked.is_empty() {
            return vec![(self.name.clone(), line)];
        }
        let mut out: Vec<(String, u32)> = self
            .marked
            .iter()
            .filter(|(_, &p)| p == line)
            .map(|(k, _)| k.clone())
            .collect();
        out.sort();
        out
    }

    /// Whether the debug info's file `file` is `other` (equal, or one a path ending with the
    /// other).
    pub fn same_file(file: &str, other: &str) -> bool {
        same_file(file, other)
    }

    /// The column (1-based) of the `)` closing the call that starts at `col` of `line`
    /// (physical): the callee's name, blanks, then balanced parentheses on that line.
    pub fn call_end(&self, line: u32, col: u32) -> Option<u32> {
        let text = self.lines.get(line.checked_sub(1)? as usize)?.as_bytes();
        let mut i = col.checked_sub(1)? as usize;
        let start = i;
        while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
            i += 1;
        }
        if i == start {
            return None;
        }
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        if text.get(i) != Some(&b'(') {
            return None;
        }
        let mut depth = 0;
        while i < text.len() {
            match text[i] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i as u32 + 1);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        None
    }
}

/// A line marker: `# N "file" ...` or `#line N "file"`.
fn marker(l: &str) -> Option<(String, u32)> {
    let rest = l.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let n: u32 = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start().strip_prefix('"')?;
    let file = &rest[..rest.find('"')?];
    Some((file.to_string(), n))
}

/// Whether two names of a file are the same file: equal, or one a path ending with the other.
fn same_file(a: &str, b: &str) -> bool {
    let ends = |long: &str, short: &str| {
        long == short || long.ends_with(&format!("/{}", short.trim_start_matches("./")))
    };
    ends(a, b) || ends(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_map_debug_lines_to_task_lines() {
        let text = "# 1 \"t.c\"\n# 1 \"<built-in>\"\nint a;\n# 5 \"t.c\"\nint main() {\n  int x = __VERIFIER_nondet_int ( );\n}\n";
        let s = Source::new("t.i", text);
        assert_eq!(s.physical_line("/tmp/t.c", 6), Some(6));
        assert_eq!(s.physical_line("/tmp/t.c", 5), Some(5));
        assert_eq!(s.physical_line("other.c", 5), None);
        assert_eq!(s.debug_lines(6), vec![("t.c".to_string(), 6)]);
        assert_eq!(s.debug_lines(3), vec![("<built-in>".to_string(), 1)]);
        assert_eq!(s.call_end(6, 11), Some(35));
    }

    #[test]
    fn without_markers_lines_are_the_tasks() {
        let s = Source::new("dir/t.c", "int main() {\n\tif (f(g(1), 2)) return 1;\n}\n");
        assert_eq!(s.physical_line("/abs/dir/t.c", 2), Some(2));
        assert_eq!(s.physical_line("u.c", 2), None);
        // `f(` starts at column 6 (the tab is one column, as in clang's).
        assert_eq!(s.call_end(2, 6), Some(15));
        assert_eq!(s.call_end(2, 4), None);
    }
}
