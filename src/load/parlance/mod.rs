//! Parlance's variant files (`.cfg`), the format the Parlance judge and the Parterre package
//! of variants are written in: INI sections of `KEY=VALUE` lines, every province and power
//! named by a three-letter code.
//!
//! | section | lines |
//! |---|---|
//! | `[variant]` | `name=`, `start=`, …; only `base=NAME` is read: the sections of `NAME.cfg` beside the file, each replaced whole by this file's own |
//! | `[powers]` | `END=England,English`: a power's code, name and adjective |
//! | `[provinces]` | `ADL=Andalucia`: a province's full name |
//! | `[borders]` | `CAT=AMY ADL CAS, FLT ADL GOL MAR`: who may move where; a split coast is `(FLT NCS) …`, a neighbour's coast `(WAS NCS)` |
//! | `[positions]` | `AUS=AMY PEC,FLT ZAR`: starting units (`FLT STP SCS` or `FLT (STP SCS)` on a coast) |
//! | `[ownership]`, `[homes]` | `AUS=BUD,PEC`: centres owned at the start and home centres; `UNO=` the unowned ones |
//!
//! A province with `AMY` and `FLT` moves is a coast, with `AMY` only inland, with `FLT` only a
//! sea; `ICE=AMY, FLT ARO …` (no army moves) is a coastal island. A split coast `(FLT NCS)`
//! of `STP` is the location `stp/nc` (`NCS`, `SCS`, `ECS`, `WCS` become `nc`, `sc`, `ec`,
//! `wc`). The board read is the one [`crate::load::dpjudge`] reads DPjudge's files into, so
//! `sandtable import` writes either the same way. Home centres are `[homes]` (`[ownership]`
//! when there is none). Every line that cannot be read is a located error; reading goes on
//! so that one run reports them all.
//!
//! This file reads the sections; a value's tokens are in `tokens.rs`, the lines of
//! `[borders]`, centres and positions in `lines.rs`, and the board is made in `resolve.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diag::source::{FileId, SourceMap};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::dpjudge::{Abut, Board, Location, Power, Terrain, Unit};

mod lines;
mod resolve;
mod tokens;

use lines::*;
use resolve::*;
use tokens::*;

/// Diagnostic code of a line that cannot be read.
const BAD: &str = "bad-parlance";

/// Variant files may build on a `base` this deep.
const MAX_DEPTH: usize = 16;

/// The sections sandtable reads.
const SECTIONS: &[&str] = &[
    "variant",
    "powers",
    "provinces",
    "borders",
    "positions",
    "ownership",
    "homes",
];

/// A `KEY=VALUE` line.
#[derive(Debug, Clone)]
struct Entry {
    key: String,
    key_span: Span,
    /// The value, trimmed.
    value: String,
    /// Byte offset of the value in its file.
    value_start: usize,
    file: FileId,
    /// The whole line.
    span: Span,
}

impl Entry {
    fn value_span(&self) -> Span {
        if self.value.is_empty() {
            return self.span.clone();
        }
        Span::new(
            self.file,
            self.value_start..self.value_start + self.value.len(),
        )
    }
}

/// A token of a value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Word(String),
    Open,
    Close,
    Comma,
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    span: Span,
}

/// A section as read: where its header is and its lines.
#[derive(Debug, Clone)]
struct Section {
    header: Span,
    entries: Vec<Entry>,
}

type Sections = BTreeMap<String, Section>;

/// Read a Parlance variant file (and its `base`). The board is `None` when the file cannot
/// be read at all; otherwise every problem is in the diagnostics.
pub fn read(path: &Path, sources: &mut SourceMap) -> (Option<Board>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let mut seen = Vec::new();
    match read_file(path, sources, &mut diags, &mut seen) {
        Ok(sections) => {
            let board = resolve(&sections, &mut diags);
            (Some(board), diags)
        }
        Err(e) => {
            diags.push(Diagnostic::error("unreadable", e));
            (None, diags)
        }
    }
}

fn read_file(
    path: &Path,
    sources: &mut SourceMap,
    diags: &mut Diagnostics,
    seen: &mut Vec<PathBuf>,
) -> Result<Sections, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&text).into_owned();
    let file = sources.add(path.display().to_string(), text.clone());
    seen.push(path.to_path_buf());
    let mut sections = Sections::new();
    let mut current: Option<String> = None;
    // After a header that cannot be read, its lines are passed over (it is reported).
    let mut skipping = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end();
        let trimmed = content.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        let lead = start + content.len() - trimmed.len();
        let span = Span::new(file, lead..lead + trimmed.len());
        if let Some(name) = trimmed.strip_prefix('[') {
            let Some(name) = name.strip_suffix(']') else {
                diags.push(
                    Diagnostic::error(BAD, format!("cannot read `{trimmed}`"))
                        .at(span)
                        .hint("a section starts with its name in brackets: `[borders]`"),
                );
                current = None;
                skipping = true;
                continue;
            };
            let name = name.trim().to_ascii_lowercase();
            if let Some(first) = sections.get(&name) {
                diags.push(
                    Diagnostic::error("duplicate-id", format!("section `[{name}]` is given twice"))
                        .at(span)
                        .note(first.header.clone(), "first given here"),
                );
                current = None;
                skipping = true;
                continue;
            }
            if !SECTIONS.contains(&name.as_str()) {
                diags.push(
                    Diagnostic::warning(BAD, format!("section `[{name}]` is not read"))
                        .at(span.clone())
                        .hint(format!("sandtable reads [{}]", SECTIONS.join("], ["))),
                );
            }
            sections.insert(
                name.clone(),
                Section {
                    header: span,
                    entries: Vec::new(),
                },
            );
            current = Some(name);
            skipping = false;
            continue;
        }
        let Some(section) = current.as_ref().and_then(|c| sections.get_mut(c)) else {
            if !skipping {
                diags.push(
                    Diagnostic::error(BAD, format!("`{trimmed}` is in no section"))
                        .at(span)
                        .hint("put it under its section's header, e.g. `[borders]`"),
                );
            }
            continue;
        };
        let Some(eq) = trimmed.find(['=', ':']) else {
            diags.push(
                Diagnostic::error(BAD, format!("cannot read `{trimmed}`"))
                    .at(span)
                    .hint("a line of a section reads `KEY=VALUE`, e.g. `ADL=Andalucia`"),
            );
            continue;
        };
        let key_raw = &trimmed[..eq];
        let key = key_raw.trim();
        if key.is_empty() {
            diags.push(
                Diagnostic::error(BAD, format!("`{trimmed}` has no key before `=`"))
                    .at(span)
                    .hint("a line of a section reads `KEY=VALUE`, e.g. `ADL=Andalucia`"),
            );
            continue;
        }
        let key_start = lead + (key_raw.len() - key_raw.trim_start().len());
        let value_raw = &trimmed[eq + 1..];
        let value = value_raw.trim();
        let value_start = lead + eq + 1 + (value_raw.len() - value_raw.trim_start().len());
        section.entries.push(Entry {
            key: key.to_string(),
            key_span: Span::new(file, key_start..key_start + key.len()),
            value: value.to_string(),
            value_start,
            file,
            span,
        });
    }
    // A variant on another: that one's sections, each replaced by this file's own.
    let base = sections
        .get("variant")
        .and_then(|s| {
            s.entries
                .iter()
                .find(|e| e.key.eq_ignore_ascii_case("base"))
        })
        .cloned();
    if let Some(base) = base {
        let used = path
            .parent()
            .unwrap_or(Path::new("."))
            .join(format!("{}.cfg", base.value));
        if base.value.is_empty() {
            diags.push(
                Diagnostic::error(BAD, "`base=` names no variant")
                    .at(base.span.clone())
                    .hint("`base=NAME` reads `NAME.cfg` beside this file"),
            );
        } else if seen.len() >= MAX_DEPTH || seen.contains(&used) {
            diags.push(
                Diagnostic::error(BAD, format!("`{}` is a base again (a loop)", base.value))
                    .at(base.value_span()),
            );
        } else {
            match read_file(&used, sources, diags, seen) {
                Ok(mut under) => {
                    for (name, s) in sections {
                        under.insert(name, s);
                    }
                    return Ok(under);
                }
                Err(e) => diags.push(
                    Diagnostic::error("unreadable", format!("the base variant: {e}"))
                        .at(base.value_span())
                        .hint(format!(
                            "`base={}` reads `{}.cfg` beside this file (Parlance's built-in boards are not files)",
                            base.value, base.value
                        )),
                ),
            }
        }
    }
    Ok(sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(files: &[(&str, &str)]) -> (Option<Board>, Diagnostics, SourceMap) {
        let dir = tempfile::tempdir().expect("temp");
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).expect("write");
        }
        let mut sources = SourceMap::default();
        let (b, d) = read(&dir.path().join(files[0].0), &mut sources);
        (b, d, sources)
    }

    const MINI: &str = "\
# a corner of a board
[variant]
name=mini
start=SPR 1901

[positions]
RUS=FLT STP SCS,AMY MOS
TUR=FLT (BUL ECS)

[ownership]
RUS=MOS,STP
TUR=
UNO=BUL,ICE

[homes]
RUS=MOS,STP
UNO=BUL,ICE

[borders]
MOS=AMY STP
STP=AMY MOS, (FLT NCS) BAR, (FLT SCS) BAL
BAR=FLT (STP NCS) ICE
BAL=FLT (STP SCS) (BUL ECS)
BUL=AMY, (FLT ECS) BAL
ICE=AMY, FLT BAR

[powers]
RUS=Russia,Russian
TUR=Turkey,Turkish

[provinces]
MOS=Moscow
STP=St Petersburg
BAR=Barents Sea
BAL=Baltic Sea
BUL=Bulgaria
ICE=Iceland
";

    #[test]
    fn coasts_inland_seas_and_islands() {
        let (b, d, _) = read_text(&[("mini.cfg", MINI)]);
        assert!(d.is_empty(), "{d:?}");
        let b = b.expect("board");
        let t = |id: &str| b.location(id).expect(id).terrain;
        assert_eq!(t("mos"), Terrain::Land);
        assert_eq!(t("stp"), Terrain::Coast);
        assert_eq!(t("bar"), Terrain::Water);
        assert_eq!(t("ice"), Terrain::Coast, "a coastal island");
        assert!(b.location("ice").expect("ice").fleets);
        assert!(
            !b.location("stp").expect("stp").fleets,
            "fleets name a coast"
        );
        assert_eq!(
            b.location("stp/nc").expect("stp/nc").name.as_deref(),
            Some("St Petersburg (north coast)")
        );
        assert_eq!(
            b.fleet_moves("stp/sc").into_iter().collect::<Vec<_>>(),
            ["bal"]
        );
        assert_eq!(
            b.fleet_moves("bal").into_iter().collect::<Vec<_>>(),
            ["bul/ec", "stp/sc"]
        );
        assert!(b.army_moves("mos").contains("stp"));
        assert!(b.army_moves("ice").is_empty());
        assert_eq!(b.powers[0].name, "Russia");
        assert_eq!(b.powers[0].adjective.as_deref(), Some("Russian"));
        assert_eq!(b.powers[0].home, ["mos", "stp"]);
        assert!(b.powers[1].home.is_empty());
        assert_eq!(b.unowned, ["bul", "ice"]);
        assert_eq!(b.supply_centres(), ["bul", "ice", "mos", "stp"]);
        let units: Vec<(&str, char, &str)> = b
            .units
            .iter()
            .map(|u| (u.power.as_str(), u.kind, u.at.as_str()))
            .collect();
        assert_eq!(
            units,
            [
                ("Russia", 'F', "stp/sc"),
                ("Russia", 'A', "mos"),
                ("Turkey", 'F', "bul/ec")
            ]
        );
    }

    #[test]
    fn mistakes_are_located_and_reading_goes_on() {
        let bad = MINI
            .replace("BAR=FLT (STP NCS) ICE", "BAR=FLT (STP NCS) ICX")
            .replace("MOS=AMY STP", "MOS=AMY STP\nlost line")
            .replace("ICE=AMY, FLT BAR", "ICE=AMY, BOAT BAR")
            .replace("RUS=FLT STP SCS,AMY MOS", "RUS=FLT STP SCS,TANK MOS");
        let (b, d, sources) = read_text(&[("mini.cfg", &bad)]);
        assert!(b.is_some());
        let found: Vec<(String, usize, usize)> = d
            .iter()
            .map(|x| {
                let s = x.span.clone().expect("located");
                let (l, c) = sources.line_column(s.file, s.range.start);
                (x.message.clone(), l, c)
            })
            .collect();
        let has = |m: &str, line: usize, col: usize| {
            assert!(
                found
                    .iter()
                    .any(|(fm, l, c)| fm.contains(m) && *l == line && *c == col),
                "{m} at {line}:{col} not in {found:?}"
            );
        };
        has("a unit reads", 7, 17);
        has("cannot read `lost line`", 21, 1);
        has("no location `icx`", 23, 19);
        has("starts with `AMY`", 26, 10);
    }

    #[test]
    fn a_base_variant_is_read_under_the_file() {
        let variant = "[variant]\nbase=mini\n\n[positions]\nRUS=AMY STP\n";
        let (b, d, _) = read_text(&[("v.cfg", variant), ("mini.cfg", MINI)]);
        assert!(d.is_empty(), "{d:?}");
        let b = b.expect("board");
        assert_eq!(b.locations.len(), 9);
        assert_eq!(b.units.len(), 1);
        let (_, d, _) = read_text(&[("v.cfg", "[variant]\nbase=standard\n")]);
        assert!(
            d.iter().any(|x| x.code == "unreadable" && x.span.is_some()),
            "{d:?}"
        );
        let (_, d, _) = read_text(&[("v.cfg", "[variant]\nbase=v\n")]);
        assert!(d.iter().any(|x| x.message.contains("loop")), "{d:?}");
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "",
            "=",
            "[",
            "[borders",
            "[borders]\n=",
            "[borders]\nX=(",
            "[borders]\nX=(FLT",
            "[borders]\nX=(FLT NCS",
            "[borders]\nX=AMY (A",
            "[positions]\nX=FLT",
            "[positions]\nX=FLT (A B",
            "[ownership]\nX=(",
            "[powers]\nX=,",
            "\u{feff}[ÄÖ]\nä=ö",
        ] {
            let _ = read_text(&[("g.cfg", text)]);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn any_lines_read_without_panicking(
            lines in proptest::collection::vec(
                proptest::sample::select(vec![
                    "[borders]", "[positions]", "[homes]", "[powers]", "[variant]",
                    "base=self", "STP=AMY MOS, (FLT NCS) BAR", "BAR=FLT (STP NCS)",
                    "RUS=FLT STP SCS", "RUS=Russia,Russian", "UNO=BUL", "X=(", "= =",
                    "ICE=AMY, FLT BAR", "# only a comment", "\u{0}\u{7f}", "AMY",
                ]),
                0..12,
            ),
        ) {
            let (_, d, sources) = read_text(&[("self.cfg", &lines.join("\n"))]);
            for x in d.iter() {
                if let Some(s) = &x.span {
                    proptest::prop_assert!(s.range.end <= sources.text(s.file).len());
                }
            }
        }
    }
}
