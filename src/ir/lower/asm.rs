//! Where each instruction sits in the module's printed form (KLEE's `assembly.ll`, which its
//! `.err` stack lines point into).

/// Per function defined in `text` (LLVM's printed module), in order, the 1-based line of each
/// of its instructions, in order. An instruction's line starts with two spaces and then its
/// text; the cases of a `switch` and its closing `]`, and the clauses of a `landingpad`, are
/// indented further or are a bracket, so they are not instructions.
pub(crate) fn instruction_lines(text: &str) -> Vec<Vec<u32>> {
    let mut funcs = Vec::new();
    let mut body: Option<Vec<u32>> = None;
    for (i, line) in text.lines().enumerate() {
        let n = i as u32 + 1;
        match &mut body {
            None if line.starts_with("define ") => body = Some(Vec::new()),
            None => {}
            Some(_) if line.starts_with('}') => funcs.push(body.take().unwrap_or_default()),
            Some(lines) => {
                let is_inst = line
                    .strip_prefix("  ")
                    .and_then(|r| r.chars().next())
                    .is_some_and(|c| !c.is_whitespace() && c != ']');
                if is_inst {
                    lines.push(n);
                }
            }
        }
    }
    funcs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_instructions_per_defined_function() {
        let text = "; ModuleID = 'x'\n\
                    declare i32 @g(i32)\n\
                    \n\
                    define i32 @f(i32 %0) {\n\
                    \x20 %2 = add i32 %0, 1\n\
                    \x20 switch i32 %2, label %4 [\n\
                    \x20   i32 1, label %3\n\
                    \x20 ]\n\
                    \n\
                    3:                                                ; preds = %1\n\
                    \x20 ret i32 1\n\
                    \n\
                    4:\n\
                    \x20 ret i32 0\n\
                    }\n\
                    \n\
                    define void @h() {\n\
                    \x20 ret void\n\
                    }\n";
        assert_eq!(instruction_lines(text), vec![vec![5, 6, 11, 14], vec![18]]);
    }
}
