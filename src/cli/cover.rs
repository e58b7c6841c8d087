//! `trex cover`: `trex run`'s command line, the goals of a Test-Comp property
//! (`--property`, branch coverage by default) and `crate::cover`'s steps; a C program
//! (`.c`, `.i`) is compiled first as `trex verify --svcomp` compiles a task.

use anyhow::{bail, Context, Result};

use super::run::{run_driven, Driven, StdIo};
use super::{svcomp, testcomp, CoverArgs};
use crate::cover::{self, Options, Property};
use crate::output::testcomp::COVERAGE_ERROR;

pub fn cover(a: CoverArgs) -> Result<()> {
    let mut r = a.run;
    let property = match testcomp::specification(&r)? {
        COVERAGE_ERROR => Property::Error,
        _ => Property::Branches,
    };
    if r.pse.pse {
        // (Its rounds are not plain runs: proving and steered rounds prune by goals.)
        bail!("--pse: not available in trex cover");
    }
    let scratch = tempfile::tempdir().context("cannot make a scratch directory")?;
    let source = r.program.extension().is_some_and(|e| e == "c" || e == "i");
    if source {
        let bc = svcomp::compile(&r.program, a.data_model, 0, scratch.path())?;
        // (The suite is for the source; the KLEE lines name the program given.)
        r.xml_metadata_programfile
            .get_or_insert_with(|| r.program.clone());
        r.program = bc;
    }
    // (No goal is bad input: said before the output directory is made.)
    let program = super::run::load_program(&r.program, &r.prog.entry_point)?;
    if cover::goals::collect(&program, &|_| true, property).is_empty() {
        bail!("{}", cover::no_goal(property));
    }
    drop(program);
    r.only_output_states_covering_new = true;
    if r.budgets.max_time.is_none() {
        r.budgets.max_time = Some(cover::DEFAULT_TIME);
    }
    let search = crate::search::parse_search_kinds(&r.searcher.search)?;
    let opts = Options {
        property,
        prove: !a.no_prove,
    };
    let r = &r;
    run_driven(r, &search, "cover", move |module, cfg, w, own| {
        if !w.write_xml {
            // The suite is Test-Comp's (a test of other inputs gets no `.xml`, said once).
            let meta = testcomp::metadata(r, module)?;
            std::fs::write(w.out.path.join("metadata.xml"), meta)
                .context("writing metadata.xml")?;
            w.write_xml = true;
        }
        let dir = w.out.path.clone();
        let c = cover::run(module, cfg, own, &mut StdIo, w, &dir, opts)?;
        let mut lines = c.lines;
        lines.extend(c.report.lines());
        Ok(Driven {
            outcome: c.outcome,
            lines,
            goals: Some(c.report),
        })
    })
}
