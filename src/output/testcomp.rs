//! Test-Comp's test format (`--write-xml-tests`, KLEE's option; sosy-lab's test-format 1.1): a
//! `metadata.xml` for the suite and a `testNNNNNN.xml` per test, one `<input>` per
//! `__VERIFIER_nondet_<type>()` value the path read, in call order (TestCov's harness hands
//! them back to the calls in that order, parsed as the call's type).

/// What `metadata.xml` says of the suite.
pub struct Metadata<'a> {
    /// The property the suite is for (Test-Comp's `.prp` text).
    pub specification: &'a str,
    pub programfile: &'a str,
    /// SHA-256 of the program file, hex.
    pub programhash: &'a str,
    pub entryfunction: &'a str,
    /// The program's pointer width (32 or 64).
    pub bits: u32,
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    pub creationtime: &'a str,
}

/// Test-Comp's branch-coverage property (`coverage-branches.prp`).
pub const COVERAGE_BRANCHES: &str = "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )";
/// Test-Comp's error-coverage property (`coverage-error.prp`).
pub const COVERAGE_ERROR: &str = "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )";

/// The property of a `.prp` file's text: one of Test-Comp's two, spaces aside (`None`:
/// another).
pub fn property_of(text: &str) -> Option<&'static str> {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let t = squeeze(text);
    [COVERAGE_BRANCHES, COVERAGE_ERROR]
        .into_iter()
        .find(|p| squeeze(p) == t)
}

pub fn metadata_xml(m: &Metadata) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" \"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n\
         <test-metadata>\n\
         \t<sourcecodelang>C</sourcecodelang>\n\
         \t<producer>trex</producer>\n\
         \t<specification>{}</specification>\n\
         \t<programfile>{}</programfile>\n\
         \t<programhash>{}</programhash>\n\
         \t<entryfunction>{}</entryfunction>\n\
         \t<architecture>{}bit</architecture>\n\
         \t<creationtime>{}</creationtime>\n\
         </test-metadata>\n",
        escape(m.specification),
        escape(m.programfile),
        escape(m.programhash),
        escape(m.entryfunction),
        m.bits,
        escape(m.creationtime)
    )
}

/// The `testNNNNNN.xml` of a test's objects (name, bytes); `coversError` on an error's test.
/// `Err(name)`: an object that is no `__VERIFIER_nondet_*` value (a Test-Comp test cannot
/// give it).
pub fn testcase_xml(objects: &[(String, Vec<u8>)], covers_error: bool) -> Result<String, String> {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" \"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n",
    );
    s.push_str(if covers_error {
        "<testcase coversError=\"true\">\n"
    } else {
        "<testcase>\n"
    });
    for (name, bytes) in objects {
        let ty = name
            .strip_prefix("__VERIFIER_nondet_")
            .ok_or_else(|| name.clone())?;
        let v = value_text(ty, bytes).ok_or_else(|| name.clone())?;
        s.push_str(&format!("\t<input type=\"{}\">{v}</input>\n", escape(ty)));
    }
    s.push_str("</testcase>\n");
    Ok(s)
}

/// The value of `bytes` (little-endian) as the C type `ty` of `__VERIFIER_nondet_<ty>` reads
/// it back: decimal, signed or not; floats as decimal numbers.
fn value_text(ty: &str, bytes: &[u8]) -> Option<String> {
    match (ty, bytes.len()) {
        ("float", 4) => return Some(float_text(f32::from_le_bytes(bytes.try_into().ok()?) as f64)),
        ("double", 8) => return Some(float_text(f64::from_le_bytes(bytes.try_into().ok()?))),
        _ => {}
    }
    let n = bytes.len();
    if n == 0 || n > 16 {
        return None;
    }
    let mut x = [0u8; 16];
    x[..n].copy_from_slice(bytes);
    let u = u128::from_le_bytes(x);
    let unsigned = ty.starts_with('u')
        || matches!(
            ty,
            "bool" | "_Bool" | "pointer" | "const_char_pointer" | "size_t" | "sector_t"
        );
    Some(if unsigned {
        u.to_string()
    } else {
        let shift = 128 - 8 * n as u32;
        (((u << shift) as i128) >> shift).to_string()
    })
}

/// A float as C's `strtod` reads it back exactly (Rust prints the shortest such decimal).
fn float_text(f: f64) -> String {
    if f.is_nan() {
        "nan".into()
    } else if f.is_infinite() {
        if f > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        format!("{f:?}")
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The suite as Test-Comp hands it over (`test-suite.zip` of `dir`): `metadata.xml` and the
/// tests' `.xml` files of `dir`, in a `test-suite/` folder of the archive.
pub fn zip_suite(dir: &std::path::Path) -> std::io::Result<()> {
    use std::io::Write;
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            name.is_some_and(|n| {
                n == "metadata.xml" || (n.starts_with("test") && n.ends_with(".xml"))
            })
        })
        .collect();
    files.sort();
    let out = std::fs::File::create(dir.join("test-suite.zip"))?;
    let mut z = zip::ZipWriter::new(out);
    let opts = zip::write::SimpleFileOptions::default();
    for f in files {
        let name = f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        z.start_file(format!("test-suite/{name}"), opts)?;
        z.write_all(&std::fs::read(&f)?)?;
    }
    z.finish()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(name: &str, b: &[u8]) -> (String, Vec<u8>) {
        (format!("__VERIFIER_nondet_{name}"), b.to_vec())
    }

    #[test]
    fn values_as_their_types_read_them() {
        let xml = testcase_xml(
            &[
                obj("int", &(-5i32).to_le_bytes()),
                obj("uint", &(-5i32).to_le_bytes()),
                obj("char", &[0xff]),
                obj("uchar", &[0xff]),
                obj("bool", &[1]),
                obj("long", &(-2i64).to_le_bytes()),
                obj("double", &1.5f64.to_le_bytes()),
                obj("float", &0.1f32.to_le_bytes()),
            ],
            false,
        )
        .unwrap();
        let inputs: Vec<&str> = xml
            .lines()
            .filter_map(|l| l.split('>').nth(1)?.split('<').next())
            .filter(|v| !v.is_empty())
            .collect();
        let want = [
            "-5",
            "4294967291",
            "-1",
            "255",
            "1",
            "-2",
            "1.5",
            "0.10000000149011612",
        ];
        assert_eq!(inputs, want, "{xml}");
        assert!(xml.starts_with("<?xml"));
        assert!(xml.contains("<testcase>\n"));
    }

    #[test]
    fn an_error_test_covers_the_error_and_other_objects_are_refused() {
        let xml = testcase_xml(&[obj("int", &[0; 4])], true).unwrap();
        assert!(xml.contains("<testcase coversError=\"true\">"));
        let other = [("x".to_string(), vec![0u8; 4])];
        assert_eq!(testcase_xml(&other, false), Err("x".to_string()));
    }

    #[test]
    fn properties_are_test_comps_two() {
        let branches = "COVER( init(main()),  FQL(COVER EDGES(@DECISIONEDGE)) )\n";
        assert_eq!(property_of(branches), Some(COVERAGE_BRANCHES));
        let error = "COVER(init(main()), FQL(COVER EDGES(@CALL(reach_error))))";
        assert_eq!(property_of(error), Some(COVERAGE_ERROR));
        assert_eq!(
            property_of("CHECK( init(main()), LTL(G ! call(reach_error())) )"),
            None
        );
    }

    #[test]
    fn metadata_names_the_program_and_property() {
        let m = metadata_xml(&Metadata {
            specification: COVERAGE_BRANCHES,
            programfile: "a<b>.c",
            programhash: "00ff",
            entryfunction: "main",
            bits: 32,
            creationtime: "2026-11-29T05:30:00Z",
        });
        assert!(m.contains("<programfile>a&lt;b&gt;.c</programfile>"));
        assert!(m.contains("<architecture>32bit</architecture>"));
        assert!(m.contains("FQL(COVER EDGES(@DECISIONEDGE))"));
    }
}
