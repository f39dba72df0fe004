//! DPjudge's map format, the one most published Diplomacy variant boards are written in: a
//! `.map` file and the files it `USE`s, holding location names and aliases
//! (`Bulgaria (east coast) = bul/ec bul(ec)`), terrain and adjacency
//! (`COAST ANK ABUTS ARM BLA CON smy`), powers with their adjective and home centres
//! (`AUSTRIA (AUSTRIAN) BUD TRI VIE`), unowned centres (`UNOWNED BEL …`), and starting
//! units under each power's name (`A BUD`). Every line that cannot be read is a located
//! error; reading goes on so that one run reports them all.
//!
//! DPjudge writes restrictions in letter case. A neighbour in lower case can be reached by
//! armies only (Ankara–Smyrna: no shared coast); a location whose own name is in lower case
//! cannot hold a fleet without a coast (`bul`: a fleet is on `bul/ec` or `bul/sc`). Armies
//! never enter water and fleets never land; a coast (`spa/nc`) is for fleets only.

use std::path::{Path, PathBuf};

use crate::diag::source::{FileId, SourceMap};
use crate::diag::{Diagnostic, Diagnostics, Span};

/// What a location is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// Inland: armies only.
    Land,
    /// On the coast: armies, and fleets along the coast.
    Coast,
    /// Sea: fleets only.
    Water,
    /// Impassable (Switzerland).
    Shut,
}

/// A location: a province, or one coast of a province with several (`spa/nc`).
#[derive(Debug, Clone)]
pub struct Location {
    /// DPjudge's official abbreviation, in lower case (`bul`, `bul/ec`).
    pub id: String,
    /// The full name (`Bulgaria (east coast)`), when the names section gives one.
    pub name: Option<String>,
    /// Other names orders may use.
    pub aliases: Vec<String>,
    /// Its terrain.
    pub terrain: Terrain,
    /// Whether a fleet can stand here without naming a coast.
    pub fleets: bool,
    /// Its neighbours.
    pub abuts: Vec<Abut>,
    /// The line that describes it.
    pub span: Span,
}

impl Location {
    /// The province a coast belongs to (`bul` for `bul/ec`), or the location itself.
    pub fn province(&self) -> &str {
        self.id.split('/').next().unwrap_or(&self.id)
    }
}

/// A neighbour as written, and who may cross to it.
#[derive(Debug, Clone)]
pub struct Abut {
    /// The neighbour's id.
    pub to: String,
    /// Armies may move between the two provinces (coasts aside).
    pub armies: bool,
    /// Fleets may move between the two locations.
    pub fleets: bool,
    /// Where it is written.
    pub span: Span,
}

/// A power.
#[derive(Debug, Clone)]
pub struct Power {
    /// Name (`AUSTRIA`).
    pub name: String,
    /// Adjective (`AUSTRIAN`), when given.
    pub adjective: Option<String>,
    /// Home supply centres (province ids).
    pub home: Vec<String>,
    /// Where it is written.
    pub span: Span,
}

/// A starting unit.
#[derive(Debug, Clone)]
pub struct Unit {
    /// The power's name.
    pub power: String,
    /// `A` or `F`.
    pub kind: char,
    /// Location id.
    pub at: String,
    /// Where it is written.
    pub span: Span,
}

/// A board as DPjudge describes it.
#[derive(Debug, Clone, Default)]
pub struct Board {
    /// Every location, in the order the files give them.
    pub locations: Vec<Location>,
    /// The powers, in order.
    pub powers: Vec<Power>,
    /// Supply centres no power owns at the start.
    pub unowned: Vec<String>,
    /// Starting units.
    pub units: Vec<Unit>,
}

impl Board {
    /// A location by id (any case).
    pub fn location(&self, id: &str) -> Option<&Location> {
        let id = id.to_ascii_lowercase();
        self.locations.iter().find(|l| l.id == id)
    }

    /// The provinces an army in `province` may move to: every crossing written from any of
    /// its locations, or to any of them, that armies may use.
    pub fn army_moves(&self, province: &str) -> std::collections::BTreeSet<String> {
        let base = |id: &str| id.split('/').next().unwrap_or(id).to_string();
        let mut out = std::collections::BTreeSet::new();
        for l in &self.locations {
            for a in l.abuts.iter().filter(|a| a.armies) {
                if l.province() == province {
                    out.insert(base(&a.to));
                } else if base(&a.to) == province {
                    out.insert(l.province().to_string());
                }
            }
        }
        out.remove(province);
        out
    }

    /// The locations a fleet at `location` may move to.
    pub fn fleet_moves(&self, location: &str) -> std::collections::BTreeSet<String> {
        self.location(location)
            .map(|l| {
                l.abuts
                    .iter()
                    .filter(|a| a.fleets)
                    .map(|a| a.to.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every supply centre: the powers' home centres and the unowned ones.
    pub fn supply_centres(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .powers
            .iter()
            .flat_map(|p| p.home.iter().map(String::as_str))
            .chain(self.unowned.iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Files may `USE` each other this deep.
const MAX_DEPTH: usize = 16;

/// A location line before its neighbours are resolved.
struct Raw {
    id: String,
    terrain: Terrain,
    fleets: bool,
    abuts: Vec<(String, bool, Span)>,
    span: Span,
}

/// What the files say, before resolution.
#[derive(Default)]
struct Reading {
    names: Vec<(String, Vec<String>)>,
    raw: Vec<Raw>,
    powers: Vec<Power>,
    unowned: Vec<(String, Span)>,
    units: Vec<Unit>,
    /// The power whose units follow.
    current: Option<String>,
    files: Vec<PathBuf>,
}

/// Read a DPjudge `.map` file and everything it uses. The board is `None` when a file
/// cannot be read at all; otherwise every problem is in the diagnostics.
pub fn read(path: &Path, sources: &mut SourceMap) -> (Option<Board>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let mut r = Reading::default();
    if let Err(e) = read_file(path, sources, &mut r, &mut diags, 0) {
        diags.push(Diagnostic::error("unreadable", e));
        return (None, diags);
    }
    let board = resolve(r, &mut diags);
    (Some(board), diags)
}

fn read_file(
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) -> Result<(), String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&text).into_owned();
    let file = sources.add(path.display().to_string(), text.clone());
    r.files.push(path.to_path_buf());
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.split('#').next().unwrap_or("").trim_end();
        if content.trim().is_empty() {
            continue;
        }
        let lead = content.len() - content.trim_start().len();
        let span = Span::new(file, start + lead..start + content.len());
        read_line(
            content.trim(),
            span,
            file,
            start,
            line,
            path,
            sources,
            r,
            diags,
            depth,
        );
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn read_line(
    content: &str,
    span: Span,
    file: FileId,
    start: usize,
    line: &str,
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) {
    // The span of a word of the line.
    let word_span = |w: &str| -> Span {
        let base = w.as_ptr() as usize - line.as_ptr() as usize;
        Span::new(file, start + base..start + base + w.len())
    };
    let words: Vec<&str> = content.split_whitespace().collect();
    let first = words[0];
    // Names: `Full Name = abbr alias …`.
    if let Some((name, aliases)) = content.split_once('=') {
        let aliases: Vec<String> = aliases
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        if aliases.is_empty() {
            diags.push(
                Diagnostic::error(
                    "bad-dpjudge",
                    format!("`{}` has no abbreviation", name.trim()),
                )
                .at(span)
                .hint("write `Full Name = abbr alias …`"),
            );
        } else {
            r.names.push((name.trim().to_string(), aliases));
        }
        return;
    }
    match first.to_ascii_uppercase().as_str() {
        "USE" | "USES" => {
            for w in &words[1..] {
                let used = path.parent().unwrap_or(Path::new(".")).join(w);
                if depth >= MAX_DEPTH || r.files.contains(&used) {
                    diags.push(
                        Diagnostic::error("bad-dpjudge", format!("`{w}` is used again (a loop)"))
                            .at(word_span(w)),
                    );
                    continue;
                }
                if let Err(e) = read_file(&used, sources, r, diags, depth + 1) {
                    diags.push(Diagnostic::error("unreadable", e).at(word_span(w)));
                }
            }
        }
        kind @ ("LAND" | "COAST" | "WATER" | "SHUT" | "PORT") => {
            let terrain = match kind {
                "LAND" => Terrain::Land,
                "WATER" => Terrain::Water,
                "SHUT" => Terrain::Shut,
                _ => Terrain::Coast,
            };
            if words.len() < 3 || !words[2].eq_ignore_ascii_case("ABUTS") {
                diags.push(
                    Diagnostic::error("bad-dpjudge", "a location line reads `TERRAIN NAME ABUTS …`")
                        .at(span)
                        .hint("e.g. `COAST ANK ABUTS ARM BLA CON smy`"),
                );
                return;
            }
            let name = words[1];
            r.raw.push(Raw {
                id: name.to_ascii_lowercase(),
                terrain,
                fleets: name.chars().any(|c| c.is_ascii_uppercase()),
                abuts: words[3..]
                    .iter()
                    .map(|w| {
                        (
                            w.to_ascii_lowercase(),
                            w.chars().any(|c| c.is_ascii_uppercase()),
                            word_span(w),
                        )
                    })
                    .collect(),
                span,
            });
        }
        "UNOWNED" | "NEUTRAL" => {
            for w in &words[1..] {
                r.unowned.push((w.to_ascii_lowercase(), word_span(w)));
            }
            r.current = None;
        }
        _ if words.len() == 2 && (first == "A" || first == "F") => {
            match &r.current {
                Some(power) => r.units.push(Unit {
                    power: power.clone(),
                    kind: first.chars().next().unwrap_or('A'),
                    at: words[1].to_ascii_lowercase(),
                    span,
                }),
                None => diags.push(
                    Diagnostic::error("bad-dpjudge", "a unit before any power's name")
                        .at(span)
                        .hint("put the units under the name of the power that owns them"),
                ),
            }
        }
        _ if first.len() >= 2
            && first
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '-' || c == '_') =>
        {
            // A power: `AUSTRIA (AUSTRIAN) BUD TRI VIE`, or its name alone before its units.
            let adjective = words
                .get(1)
                .filter(|w| w.starts_with('(') && w.ends_with(')'))
                .map(|w| w.trim_matches(|c| c == '(' || c == ')').to_string());
            let skip = 1 + usize::from(adjective.is_some());
            let home: Vec<String> = words[skip..].iter().map(|w| w.to_ascii_lowercase()).collect();
            if words.len() == 1 {
                r.current = Some(first.to_string());
                return;
            }
            r.current = Some(first.to_string());
            r.powers.push(Power {
                name: first.to_string(),
                adjective,
                home,
                span: word_span(first),
            });
        }
        _ => diags.push(
            Diagnostic::error("bad-dpjudge", format!("cannot read `{content}`"))
                .at(span)
                .hint("sandtable reads names (`Name = abbr …`), `USE`, `LAND|COAST|WATER|SHUT|PORT X ABUTS …`, powers with their home centres, `UNOWNED` and units (`A BUD`) under a power's name"),
        ),
    }
}

fn resolve(r: Reading, diags: &mut Diagnostics) -> Board {
    let mut board = Board::default();
    let ids: Vec<String> = r.raw.iter().map(|l| l.id.clone()).collect();
    for (i, l) in r.raw.iter().enumerate() {
        if ids[..i].contains(&l.id) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("location `{}` is described twice", l.id),
                )
                .at(l.span.clone()),
            );
        }
    }
    let find = |id: &str| r.raw.iter().find(|l| l.id == id);
    for l in &r.raw {
        let (name, aliases) = r
            .names
            .iter()
            .find(|(_, a)| a.first() == Some(&l.id))
            .map_or((None, Vec::new()), |(n, a)| {
                (Some(n.clone()), a[1..].to_vec())
            });
        let mut abuts = Vec::new();
        for (to, upper, span) in &l.abuts {
            let Some(t) = find(to) else {
                diags.push(
                    Diagnostic::error("unknown-reference", format!("no location `{to}`"))
                        .at(span.clone())
                        .hint_opt(crate::diag::suggest::did_you_mean(
                            to,
                            ids.iter().map(String::as_str),
                        )),
                );
                continue;
            };
            // Armies move between provinces: a crossing written from or to a coast joins
            // the two provinces for them too (Constantinople lists only Bulgaria's coasts).
            let armies = !matches!(l.terrain, Terrain::Water | Terrain::Shut)
                && !matches!(t.terrain, Terrain::Water | Terrain::Shut);
            let fleets = *upper
                && l.fleets
                && t.fleets
                && !matches!(l.terrain, Terrain::Land | Terrain::Shut)
                && !matches!(t.terrain, Terrain::Land | Terrain::Shut);
            abuts.push(Abut {
                to: to.clone(),
                armies,
                fleets,
                span: span.clone(),
            });
        }
        board.locations.push(Location {
            id: l.id.clone(),
            name,
            aliases,
            terrain: l.terrain,
            fleets: l.fleets,
            abuts,
            span: l.span.clone(),
        });
    }
    let known = |id: &str, span: Span, diags: &mut Diagnostics| {
        if find(id).is_none() {
            diags.push(
                Diagnostic::error("unknown-reference", format!("no location `{id}`"))
                    .at(span)
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        id,
                        ids.iter().map(String::as_str),
                    )),
            );
        }
    };
    for p in &r.powers {
        for h in &p.home {
            known(h, p.span.clone(), diags);
        }
    }
    for (u, span) in &r.unowned {
        known(u, span.clone(), diags);
    }
    for u in &r.units {
        known(&u.at, u.span.clone(), diags);
    }
    board.powers = r.powers;
    board.unowned = r.unowned.into_iter().map(|(u, _)| u).collect();
    board.units = r.units;
    board
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
# a corner of the standard board
Ankara = ank
Smyrna = smy
Constantinople = con
Black Sea = bla black
COAST ANK ABUTS BLA CON smy
COAST SMY ABUTS ank CON
COAST CON ABUTS ANK SMY BLA
WATER BLA ABUTS ANK CON
TURKEY (TURKISH) ANK CON SMY
TURKEY
F ANK
A SMY
";

    #[test]
    fn case_says_who_may_cross() {
        let (b, d, _) = read_text(&[("mini.map", MINI)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        let ank = b.location("ANK").expect("ank");
        assert_eq!(ank.name.as_deref(), Some("Ankara"));
        let to = |id: &str| ank.abuts.iter().find(|a| a.to == id).expect("abut");
        assert!(to("smy").armies && !to("smy").fleets, "no shared coast");
        assert!(to("con").armies && to("con").fleets);
        assert!(!to("bla").armies && to("bla").fleets);
        assert_eq!(b.location("bla").expect("bla").aliases, ["black"]);
        assert_eq!(b.powers[0].adjective.as_deref(), Some("TURKISH"));
        assert_eq!(b.units.len(), 2);
        assert_eq!(b.supply_centres(), ["ank", "con", "smy"]);
    }

    #[test]
    fn mistakes_are_located_and_reading_goes_on() {
        let bad = MINI
            .replace("COAST CON ABUTS ANK SMY BLA", "COAST CON ABUTS ANK SMY BLK")
            .replace("F ANK", "F ANK\nX marks the spot")
            .replace("WATER BLA ABUTS", "WATER BLA ABUT");
        let (b, d, sources) = read_text(&[("mini.map", &bad)]);
        assert!(b.is_some());
        let found: Vec<(String, usize)> = d
            .iter()
            .map(|x| {
                let s = x.span.clone().expect("located");
                (
                    x.message.clone(),
                    sources.line_column(s.file, s.range.start).0,
                )
            })
            .collect();
        assert!(
            found
                .iter()
                .any(|(m, l)| m.contains("no location `blk`") && *l == 8),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|(m, l)| m.contains("TERRAIN NAME ABUTS") && *l == 9),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|(m, l)| m.contains("cannot read `X marks the spot`") && *l == 13),
            "{found:?}"
        );
    }

    #[test]
    fn use_reads_other_files_and_loops_are_errors() {
        let (b, d, _) = read_text(&[("v.map", "USE base.geo\nUSE v.map\n"), ("base.geo", MINI)]);
        assert_eq!(b.expect("board").locations.len(), 4);
        assert!(d.iter().any(|x| x.message.contains("used again")), "{d:?}");
        let (b, d, _) = read_text(&[("v.map", "USE missing.geo\n")]);
        assert!(b.is_some());
        assert!(d.iter().any(|x| x.code == "unreadable"));
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "",
            "=",
            "COAST",
            "A",
            "F X Y",
            "USE",
            "(X) = y",
            "\u{feff}ÄÖ = ä",
            "A BUD\n",
        ] {
            let _ = read_text(&[("g.map", text)]);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn any_lines_read_without_panicking(
            lines in proptest::collection::vec(
                proptest::sample::select(vec![
                    "Ankara = ank", "COAST ANK ABUTS BLA con smy", "WATER BLA ABUTS ANK",
                    "LAND X ABUTS", "SHUT SWI ABUTS ank", "TURKEY (TURKISH) ANK",
                    "TURKEY", "A ANK", "F BLA", "UNOWNED ank xyz", "USE self.map", "= =",
                    "COAST bul/ec ABUTS BLA", "# only a comment", "\u{0}\u{7f}",
                ]),
                0..12,
            ),
        ) {
            let (_, d, sources) = read_text(&[("self.map", &lines.join("\n"))]);
            for x in d.iter() {
                if let Some(s) = &x.span {
                    proptest::prop_assert!(s.range.end <= sources.text(s.file).len());
                }
            }
        }
    }
}
