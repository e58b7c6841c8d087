//! Finding the targets of `trex verify` in a module: call sites of the error functions (or of
//! functions the user names) and source lines the user names, in the program's own functions
//! (not in the C library linked to it).

use crate::ir::{externs, Callee, Const, FuncId, InstKind, LocId, Module};

/// Functions whose call sites are targets by default: the error functions of `ir::externs`.
pub const DEFAULT_FUNCTIONS: &[&str] = externs::ERROR_FUNCTIONS;

/// SV-COMP's unreach-call property: only its error functions.
pub const SVCOMP_FUNCTIONS: &[&str] = externs::SVCOMP_ERROR_FUNCTIONS;

/// Which sites are targets.
#[derive(Debug, Clone)]
pub enum Selection {
    /// Call sites of these functions (`DEFAULT_FUNCTIONS`, `SVCOMP_FUNCTIONS`).
    Calls(Vec<String>),
    /// `--target FILE:LINE` (file matched as a path suffix) and `--target-function NAME`.
    Chosen {
        lines: Vec<(String, u32)>,
        functions: Vec<String>,
    },
}

/// One target: the sites that reach it and where it is.
#[derive(Debug, Clone)]
pub struct Target {
    /// 1-based, in program order.
    pub id: u32,
    pub sites: Vec<(FuncId, u32)>,
    pub loc: LocId,
    /// The function containing it.
    pub function: String,
    /// The called function, or `FILE:LINE` for a line target.
    pub name: String,
    /// Set when it cannot be watched (an only-declared function whose address is taken: an
    /// indirect call to it has no site here). UNREACHABLE then becomes UNKNOWN.
    pub caveat: Option<String>,
}

impl Target {
    /// `file:line` (file as in the debug info), or `function@instruction` without one.
    pub fn location(&self, m: &Module) -> String {
        m.loc_string(self.loc)
            .unwrap_or_else(|| match self.sites.first() {
                Some((_, pc)) => format!("{}@{}", self.function, pc),
                None => self.function.clone(),
            })
    }

    /// (file, line) of its debug location (`("", 0)` when unknown).
    pub fn file_line(&self, m: &Module) -> (String, u32) {
        if self.loc.0 == 0 {
            return (String::new(), 0);
        }
        let l = m.loc(self.loc);
        (m.files[l.file as usize].clone(), l.line)
    }
}

/// The targets of `sel` in the functions for which `own` holds (by name). An error names a
/// chosen line or function that matches nothing.
pub fn collect(
    m: &Module,
    own: &dyn Fn(&str) -> bool,
    sel: &Selection,
) -> Result<Vec<Target>, String> {
    let mut out = Vec::new();
    let (calls, lines): (Vec<String>, Vec<(String, u32)>) = match sel {
        Selection::Calls(names) => (names.clone(), Vec::new()),
        Selection::Chosen { lines, functions } => (functions.clone(), lines.clone()),
    };
    for (fi, f) in m.functions.iter().enumerate() {
        if f.is_declaration || !own(&f.name) {
            continue;
        }
        let fid = FuncId(fi as u32);
        for (pc, inst) in f.code.iter().enumerate() {
            let InstKind::Call {
                callee: Callee::Direct(c),
                ..
            } = &inst.kind
            else {
                continue;
            };
            let callee = &m.func(*c).name;
            if calls.iter().any(|n| n == callee) {
                out.push(Target {
                    id: 0,
                    sites: vec![(fid, pc as u32)],
                    loc: inst.loc,
                    function: f.name.clone(),
                    name: callee.clone(),
                    caveat: None,
                });
            }
        }
    }
    if let Selection::Chosen { functions, .. } = sel {
        for n in functions {
            if !out.iter().any(|t| &t.name == n) {
                return Err(format!("no call to `{n}` in the program"));
            }
        }
    }
    // A target function whose address is taken may be called indirectly (a function pointer,
    // `atexit`): its entry is a target too, or, when it has no body here, a target that can
    // only be UNKNOWN.
    for n in &calls {
        if let Some(t) = m
            .func_by_name
            .get(n)
            .filter(|&&f| is_address_taken(m, f))
            .map(|&f| entry_target(m, f))
        {
            out.push(t);
        }
    }
    for (file, line) in &lines {
        let t = line_target(m, own, file, *line)
            .ok_or_else(|| format!("no instruction at {file}:{line} in the program"))?;
        out.push(t);
    }
    // Program order: by function, then by first site (targets without a site last).
    out.sort_by_key(|t| t.sites.first().copied().unwrap_or((FuncId(u32::MAX), 0)));
    for (i, t) in out.iter_mut().enumerate() {
        t.id = i as u32 + 1;
    }
    Ok(out)
}

/// Every instruction of `file:line` (the file as a path suffix, at a `/` boundary).
fn line_target(m: &Module, own: &dyn Fn(&str) -> bool, file: &str, line: u32) -> Option<Target> {
    let file_ok = |i: u32| {
        let f = &m.files[i as usize];
        f == file || f.ends_with(&format!("/{}", file.trim_start_matches("./")))
    };
    let mut sites = Vec::new();
    let mut first: Option<(LocId, String)> = None;
    for (fi, f) in m.functions.iter().enumerate() {
        if f.is_declaration || !own(&f.name) {
            continue;
        }
        for (pc, inst) in f.code.iter().enumerate() {
            if inst.loc.0 == 0 {
                continue;
            }
            let l = m.loc(inst.loc);
            if l.line == line && file_ok(l.file) {
                sites.push((FuncId(fi as u32), pc as u32));
                first.get_or_insert((inst.loc, f.name.clone()));
            }
        }
    }
    let (loc, function) = first?;
    Some(Target {
        id: 0,
        sites,
        loc,
        function,
        name: format!("{file}:{line}"),
        caveat: None,
    })
}

/// Whether a function's address is used as a value (it may be called indirectly).
fn is_address_taken(m: &Module, f: FuncId) -> bool {
    m.consts
        .iter()
        .any(|c| matches!(c, Const::FuncAddr(g) if *g == f))
}

/// The entry of `f` as a target (`NAME@entry`), or, for a declaration, a target without a
/// site that can only be UNKNOWN.
fn entry_target(m: &Module, f: FuncId) -> Target {
    let func = m.func(f);
    let defined = !func.is_declaration && !func.code.is_empty();
    Target {
        id: 0,
        sites: if defined { vec![(f, 0)] } else { Vec::new() },
        loc: if defined { func.code[0].loc } else { func.loc },
        function: func.name.clone(),
        name: format!("{}@entry", func.name),
        caveat: (!defined).then(|| {
            format!(
                "unsupported construct: indirect calls to `{}` (its address is taken; it has no body to watch)",
                func.name
            )
        }),
    }
}
