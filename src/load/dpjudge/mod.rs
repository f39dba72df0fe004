//! DPjudge's map format, the one most published Diplomacy variant boards are written in: a
//! `.map` file and the files it `USE`s, read as DPjudge's own `Map.py` reads them, line by
//! line, each directive changing what the lines before it said.
//!
//! - Names: `Bulgaria (east coast) = bul/ec bul(ec)`; `OLD -> New Name = new aliases…`
//!   renames a location everywhere; a `+` in an alias stands for a space.
//! - Terrain and adjacency: `COAST ANK ABUTS ARM BLA CON smy` (also `LAND`, `WATER`,
//!   `PORT`, `SHUT`); a later line for the same location replaces the earlier one, a line
//!   without `ABUTS` changes the terrain only, `AMEND` keeps the location and edits its
//!   neighbours (`-TYR` removes one); `DROP X` forgets a location everywhere.
//! - Powers: `AUSTRIA (AUSTRIAN:A) BUD TRI VIE` (adjective and letter optional, home-centre
//!   marks `-`, `*`, `+`, `~`, `@`), `OLD -> NEW`, a name given again adds to the power;
//!   `UNOWNED`/`NEUTRAL` centres; under the current power `OWNS`/`CENTERS`,
//!   `HOME(S)`/`INHABITS`, `UNITS` (forget its units) and units (`A BUD`: a later unit in
//!   a province replaces an earlier one); `UNPLAYED` removes powers.
//! - The game: `VICTORY n`, `BEGIN SEASON YEAR PHASE`, `FLOW SEASON:PHASE,…`.
//! - `USE`/`MAP name` (`.map` added when the name has no extension) read another file:
//!   beside the file that uses it, beside the file given, in the folders the caller names,
//!   then in a `maps` folder beside the given file's folder (DPjudge keeps its trials in
//!   `trials/` and reads what they use from `maps/`).
//!
//! What a board of sandtable cannot hold (rules, leagues, dummies, phase-dependent changes,
//! restricted crossings, convoying ports, partisan and factory sites…) is a located warning
//! (`dpjudge-lost`) naming the directive and what is lost; reading goes on. A line that cannot
//! be read at all is a located error, and every problem of a run is reported together.
//!
//! DPjudge writes who may cross in letter case. A location whose own name is in lower case
//! holds no fleet without a coast (`bul`: a fleet is on `bul/ec` or `bul/sc`); a neighbour
//! written in lower case is for armies only (Ankara–Smyrna), one written `Tys` (capital,
//! then lower case) for fleets only. Armies never enter water or coasts, fleets never land,
//! nothing enters a `SHUT` location. A move holds here when DPjudge allows it both ways; a
//! one-way crossing is a warning and left out, as sandtable's moves go both ways.
//!
//! Files are UTF-8, or latin-1 (as DPjudge reads them) when they are not valid UTF-8.
//!
//! This file holds the board read and the reading of files; each kind of line is read in
//! its own file (`directives.rs` dispatching, `names.rs`, `locations.rs`, `powers.rs`), the
//! spelling rules DPjudge shares with Python 2 are in `words.rs`, and the board is made from
//! what was read in `resolve.rs`, with DPjudge's crossing rules in `crossings.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::diag::source::{FileId, SourceMap};
use crate::diag::{Diagnostic, Diagnostics, Span};

mod crossings;
mod directives;
mod locations;
mod names;
mod powers;
mod resolve;
mod words;

use crossings::*;
use directives::*;
use locations::*;
use names::*;
use powers::*;
use resolve::*;
use words::*;

/// What a location is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// Inland: armies only.
    Land,
    /// On the coast: armies, and fleets along the coast.
    Coast,
    /// A coast whose fleets may convoy as at sea (DPjudge's `PORT`).
    Port,
    /// Sea: fleets only.
    Water,
    /// Impassable (Switzerland).
    Shut,
}

impl Terrain {
    fn of(word: &str) -> Option<Self> {
        Some(match word {
            "LAND" => Self::Land,
            "COAST" => Self::Coast,
            "PORT" => Self::Port,
            "WATER" => Self::Water,
            "SHUT" => Self::Shut,
            _ => return None,
        })
    }

    /// Whether a fleet may stand here (on a coast, when the province has several).
    fn fleets(self) -> bool {
        matches!(self, Self::Coast | Self::Port | Self::Water)
    }

    /// Whether an army may stand here.
    fn armies(self) -> bool {
        matches!(self, Self::Land | Self::Coast | Self::Port)
    }
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
    /// Name, as DPjudge keys it: capitals, without spaces, dots or `+` (`AUSTRIA`, `USA`,
    /// `_BELGIUM`).
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

/// One season of the game year as `FLOW` gives it (`SPRING:MOVEMENT,RETREATS`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Season {
    /// The season's word as written (`SPRING`, `LENTE`, `B.C.`).
    pub name: String,
    /// Its phases among those sandtable plays: `movement`, `retreat`, `adjustment`.
    pub phases: Vec<&'static str>,
}

/// The first phase, from `BEGIN SPRING 1901 MOVEMENT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Begin {
    /// The season's word as written.
    pub season: String,
    /// The year (`BEGIN B.C. 273 MOVEMENT`: 273).
    pub year: i64,
    /// The phase: `movement`, `retreat` or `adjustment`.
    pub phase: &'static str,
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
    /// Supply centres no power has as a home centre.
    pub unowned: Vec<String>,
    /// Starting units.
    pub units: Vec<Unit>,
    /// The centres each power owns at the start, when the files say (`OWNS`, `CENTERS`)
    /// for any power; otherwise every power owns its home centres. Power name → provinces.
    pub owned: Option<BTreeMap<String, Vec<String>>>,
    /// The supply centres that win (`VICTORY 18`).
    pub victory: Option<u32>,
    /// The first phase (`BEGIN`), when given.
    pub begin: Option<Begin>,
    /// The seasons of a year (`FLOW`), when given.
    pub flow: Vec<Season>,
}

impl Board {
    /// A location by id (any case).
    pub fn location(&self, id: &str) -> Option<&Location> {
        let id = id.py_lower();
        self.locations.iter().find(|l| l.id == id)
    }

    /// The provinces an army in `province` may move to: every crossing written from any of
    /// its locations, or to any of them, that armies may use.
    pub fn army_moves(&self, province: &str) -> BTreeSet<String> {
        let base = |id: &str| id.split('/').next().unwrap_or(id).to_string();
        let mut out = BTreeSet::new();
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
    pub fn fleet_moves(&self, location: &str) -> BTreeSet<String> {
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

/// The code of a warning for what a board of sandtable cannot hold.
const LOST: &str = "dpjudge-lost";

/// A neighbour as written on a location line, its restriction marks taken off.
#[derive(Debug, Clone)]
struct RawAbut {
    /// As written (`BUL/EC`, `smy`, `Tys`).
    place: String,
    span: Span,
}

/// A location line's data: terrain and neighbours, under its name as written (`ANK`, `bul`).
#[derive(Debug, Clone)]
struct RawLocation {
    terrain: Terrain,
    span: Span,
}

/// A names line: the full name as written and the aliases, for an abbreviation.
#[derive(Debug, Clone)]
struct Names {
    name: String,
    aliases: Vec<String>,
}

/// A power as the lines so far describe it.
#[derive(Debug, Clone)]
struct RawPower {
    key: String,
    adjective: Option<String>,
    span: Span,
}

/// A starting unit as written: (power, kind, location in capitals, span).
type RawUnit = (String, char, String, Span);

/// What the files say so far, in DPjudge's terms (`Map.py`'s fields).
#[derive(Default)]
struct Reading {
    /// Location names as written, in order (`locs`).
    locs: Vec<String>,
    /// Terrain by name as written (`locType`).
    kind: BTreeMap<String, RawLocation>,
    /// Neighbours by name as written (`locAbut`).
    abut: BTreeMap<String, Vec<RawAbut>>,
    /// Names by abbreviation in capitals (`locName`, `aliases`).
    names: BTreeMap<String, Names>,
    /// Powers in order of first appearance.
    powers: Vec<RawPower>,
    /// Home centres by power key, `UNOWNED` for the unowned (`homes`).
    homes: BTreeMap<String, Vec<String>>,
    /// Powers whose home centres a `HOME`/`INHABITS` line set (`inhabits`).
    inhabits: Vec<String>,
    /// Centres owned at the start by power (`centers`, for the powers of `owns`).
    centers: BTreeMap<String, Vec<String>>,
    /// Starting units in order.
    units: Vec<RawUnit>,
    /// The power the following lines are about.
    current: Option<String>,
    victory: Option<u32>,
    begin: Option<Begin>,
    /// `FLOW` items as written, with their spans.
    flow: Vec<(String, Span)>,
    /// Inside a `DIRECTIVES` stanza.
    stanza: bool,
    /// Inside the lines of an `IN`/`FROM` phase.
    dynamic: bool,
    files: Vec<PathBuf>,
    /// Folders searched for used files after the using file's own.
    search: Vec<PathBuf>,
}

/// Read a DPjudge `.map` file and everything it uses. The board is `None` when the file
/// cannot be read at all; otherwise every problem is in the diagnostics.
pub fn read(path: &Path, sources: &mut SourceMap) -> (Option<Board>, Diagnostics) {
    read_with(path, &[], sources)
}

/// [`read`], looking for the files `USE`d also in `folders` (DPjudge's `maps` folder): after
/// the using file's folder and the given file's, before a `maps` folder beside the given
/// file's folder.
pub fn read_with(
    path: &Path,
    folders: &[PathBuf],
    sources: &mut SourceMap,
) -> (Option<Board>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let here = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut search = vec![here.clone()];
    search.extend(folders.iter().cloned());
    search.push(here.join("..").join("maps"));
    let mut r = Reading {
        search,
        ..Reading::default()
    };
    if let Err(e) = read_file(path, sources, &mut r, &mut diags, 0) {
        diags.push(Diagnostic::error("unreadable", e));
        return (None, diags);
    }
    let board = resolve(r, &mut diags);
    (Some(board), diags)
}

/// The text of a file: UTF-8, else latin-1.
fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

fn read_file(
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = decode(bytes);
    let file = sources.add(path.display().to_string(), text.clone());
    r.files
        .push(path.canonicalize().unwrap_or_else(|_| path.to_path_buf()));
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end();
        let lead = content.len() - content.trim_start().len();
        let content = content.trim_start();
        // Only a whole line is a comment: `#` as the first character of its first word.
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let at = Line {
            text: content,
            file,
            start: start + lead,
        };
        read_line(&at, path, sources, r, diags, depth);
    }
    Ok(())
}

/// A line being read, for the spans of its words.
struct Line<'a> {
    text: &'a str,
    file: FileId,
    /// Byte offset of `text` in the file.
    start: usize,
}

impl Line<'_> {
    fn span(&self) -> Span {
        Span::new(self.file, self.start..self.start + self.text.len())
    }

    /// The span of a slice of the line.
    fn of(&self, w: &str) -> Span {
        let base = w.as_ptr() as usize - self.text.as_ptr() as usize;
        Span::new(self.file, self.start + base..self.start + base + w.len())
    }

    fn words(&self) -> Vec<&str> {
        self.text.split_whitespace().collect()
    }
}

fn lost(what: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::warning(LOST, what).at(span)
}

fn bad(what: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error("bad-dpjudge", what).at(span)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(files: &[(&str, &str)]) -> (Option<Board>, Diagnostics, SourceMap) {
        let dir = tempfile::tempdir().expect("temp");
        for (name, text) in files {
            let p = dir.path().join(name);
            if let Some(parent) = p.parent() {
                std::fs::create_dir_all(parent).expect("folder");
            }
            std::fs::write(p, text).expect("write");
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

    fn messages(d: &Diagnostics) -> Vec<String> {
        d.iter().map(|x| x.message.clone()).collect()
    }

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
            .replace("F ANK", "F ANK\nF X Y")
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
                .any(|(m, l)| m.contains("no location `BLK`") && *l == 8),
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
                .any(|(m, l)| m.contains("cannot read the unit `F X Y`") && *l == 13),
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

    /// `USE standard` (DPjudge adds `.map`), found beside the file; `USE base` from a trial
    /// found in the `maps` folder beside `trials`; `MAP` reads the same way.
    #[test]
    fn use_and_map_add_map_and_look_in_the_maps_folder() {
        let (b, d, _) = read_text(&[
            ("trials/t.map", "USE base\nA CON\n"),
            ("maps/base.map", MINI),
        ]);
        assert!(!d.has_errors(), "{d:?}");
        assert_eq!(b.expect("board").locations.len(), 4);
        let (b, d, _) = read_text(&[("v.map", "map base\n"), ("base.map", MINI)]);
        assert!(!d.has_errors(), "{d:?}");
        assert_eq!(b.expect("board").powers.len(), 1);
    }

    /// A bare `USE` is a located error, not a line quietly accepted.
    #[test]
    fn a_bare_use_is_an_error() {
        let (_, d, _) = read_text(&[("v.map", "USE\n")]);
        assert!(
            d.iter().any(|x| x.code == "bad-dpjudge"
                && x.message.contains("names no file")
                && x.span.is_some()),
            "{d:?}"
        );
    }

    /// `BEGIN WINTER 1897 ADJUSTMENTS` (1897.map), `VICTORY 18` (1900.map), `RULE MOBILIZE`
    /// (1898.map): capitals that are directives, never powers.
    #[test]
    fn directives_in_capitals_are_not_powers() {
        let text = format!("{MINI}BEGIN    WINTER 1897 ADJUSTMENTS\nVICTORY 18\nRULE  MOBILIZE\nNEWHOMES 1899\nFLAGS standard\nNOTIFY someone@example.org\n");
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert_eq!(b.powers.len(), 1, "{:?}", b.powers);
        let begin = b.begin.expect("begin");
        assert_eq!(
            (begin.season.as_str(), begin.year, begin.phase),
            ("WINTER", 1897, "adjustment")
        );
        assert_eq!(b.victory, Some(18));
        let m = messages(&d);
        assert!(m.iter().any(|m| m.contains("`RULE MOBILIZE`")), "{m:?}");
        assert!(m.iter().any(|m| m.contains("`NEWHOMES 1899`")), "{m:?}");
        assert!(d.iter().all(|x| x.span.is_some()));
    }

    /// `BEGIN B.C. 273 MOVEMENT` and `FLOW NEWYEAR:-1` … (classical.map): a year before 1 AD,
    /// seasons as `FLOW` names them, and what the calendar cannot say as warnings.
    #[test]
    fn flow_gives_the_seasons_and_begin_the_first_phase() {
        let text = format!("{MINI}BEGIN\t\tB.C. 273 MOVEMENT\nFLOW\t\tNEWYEAR:-1\nFLOW\t\tB.C.:MOVEMENT,RETREATS\nFLOW\t\tIFYEARDIV:2\nFLOW\t\tB.C.:ADJUSTMENTS\n");
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert_eq!(
            b.begin.as_ref().map(|x| (x.season.as_str(), x.year)),
            Some(("B.C.", 273))
        );
        assert_eq!(
            b.flow,
            [Season {
                name: "B.C.".into(),
                phases: vec!["movement", "retreat", "adjustment"]
            }]
        );
        let m = messages(&d);
        assert!(m.iter().any(|m| m.contains("NEWYEAR:-1")), "{m:?}");
        assert!(m.iter().any(|m| m.contains("IFYEARDIV:2")), "{m:?}");
        // `FLOW LENTE:MOVEMENT,RETREATS` (standard_dutch.map), `FLOW SPRING:INCOME,…` (ambition).
        let text = format!("{MINI}FLOW LENTE:MOVEMENT,RETREATS\nFLOW SPRING:INCOME,MOVEMENT\n");
        let (b, d, _) = read_text(&[("v.map", &text)]);
        let b = b.expect("board");
        assert_eq!(b.flow[0].name, "LENTE");
        assert_eq!(b.flow[1].phases, ["movement"]);
        assert!(messages(&d).iter().any(|m| m.contains("`INCOME`")), "{d:?}");
    }

    /// `AMEND BLA ABUTS AEG` (fiveman.map), a location given twice (the later line replaces
    /// the earlier), `LAND SWI` (terrain only: the neighbours stay), `AMEND … -CON`.
    #[test]
    fn later_lines_replace_and_amend() {
        let text = format!("{MINI}Aegean Sea = aeg\nWATER AEG ABUTS CON BLA\nAMEND BLA ABUTS AEG -CON\nCOAST SMY ABUTS ank\nLAND CON\n");
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert!(b.fleet_moves("bla").contains("aeg"));
        assert!(!b.fleet_moves("bla").contains("con"), "removed by `-CON`");
        assert!(
            !b.army_moves("smy").contains("con"),
            "SMY's second line replaces its first"
        );
        let con = b.location("con").expect("con");
        assert_eq!(con.terrain, Terrain::Land);
        assert!(
            con.abuts.iter().any(|a| a.to == "ank" && a.armies),
            "neighbours kept"
        );
        assert!(!b.fleet_moves("ank").contains("con"), "CON is inland now");
        let (_, d, _) = read_text(&[("v.map", "AMEND XYZ ABUTS ANK\n")]);
        assert!(
            d.iter()
                .any(|x| x.message.contains("no location `XYZ` to amend")),
            "{d:?}"
        );
    }

    /// `DROP ANK` (fiveman.map) forgets a location, its home centre, its units and every
    /// crossing to it; `UNPLAYED RUSSIA TURKEY` removes powers.
    #[test]
    fn drop_and_unplayed() {
        let text = format!("{MINI}RUSSIA (RUSSIAN) SMY\nA SMY\nUNPLAYED RUSSIA\nDROP ANK\n");
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert!(b.location("ank").is_none());
        assert!(b
            .locations
            .iter()
            .all(|l| l.abuts.iter().all(|a| a.to != "ank")));
        assert_eq!(b.powers.len(), 1);
        assert_eq!(
            b.powers[0].home,
            ["con", "smy"],
            "ANK dropped; SMY, shared with Russia in DPjudge, stays Turkey's"
        );
        assert!(b.units.is_empty(), "F ANK dropped; A SMY was Russia's");
    }

    /// `WAR -> Poland = pol polska war warsaw` (fiveman.map): a location renamed everywhere.
    #[test]
    fn a_location_renamed_everywhere() {
        let text = format!("{MINI}SMY -> Izmir = izm izmir smy\n");
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert!(b.location("smy").is_none());
        let izm = b.location("izm").expect("izm");
        assert_eq!(izm.name.as_deref(), Some("Izmir"));
        assert!(b.army_moves("ank").contains("izm"));
        assert_eq!(b.powers[0].home, ["ank", "con", "izm"]);
        assert!(b.units.iter().any(|u| u.at == "izm"));
    }

    /// Power lines: `Belgium  -> _Belgium  (Belgian)` (vassal.map), mixed case and `+`
    /// (`U+S+A`), `(INDIAN:N)` and `()`, a name given again adds to the power, `OWNS`,
    /// `HOME`, `UNITS`, and home-centre marks `-`, `*`, `~`, `@`, `&SC`.
    #[test]
    fn powers_as_dpjudge_reads_them() {
        let text = format!(
            "{MINI}Holland (DUTCH) SMY\nHolland -> _Holland (Dutch)\nU+S+A (INDIAN:N) ~ANK\nUSA @CON\nTURKEY ()\nTURKEY *ANK &SC\nOWNS SMY\nUNITS\nF CON\nRUSSIA -CON\n"
        );
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        let names: Vec<&str> = b.powers.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["TURKEY", "_HOLLAND", "USA", "RUSSIA"]);
        let p = |n: &str| b.powers.iter().find(|p| p.name == n).expect("power");
        assert_eq!(p("_HOLLAND").adjective.as_deref(), Some("Dutch"));
        assert_eq!(
            p("USA").adjective.as_deref(),
            Some("INDIAN"),
            "the letter is not the adjective"
        );
        assert_eq!(
            p("TURKEY").adjective,
            None,
            "`()`: the name is the adjective"
        );
        assert_eq!(
            p("TURKEY").home,
            ["con", "smy"],
            "`*ANK` makes Ankara a partisan site"
        );
        assert_eq!(
            p("USA").home,
            ["ank"],
            "`~`: still a home centre; `@CON` is Turkey's"
        );
        assert!(
            p("_HOLLAND").home.is_empty(),
            "Smyrna, shared in DPjudge, stays Turkey's"
        );
        let units: Vec<(&str, &str)> = b
            .units
            .iter()
            .map(|u| (u.power.as_str(), u.at.as_str()))
            .collect();
        assert_eq!(
            units,
            [("TURKEY", "con")],
            "`UNITS` forgets Turkey's; `F CON` replaces nothing"
        );
        let owned = b.owned.as_ref().expect("owns");
        assert_eq!(owned["TURKEY"], ["smy"]);
        assert_eq!(
            owned["USA"],
            ["ank", "con"],
            "no `OWNS`: all its home centres, `@CON` (a home in Map.py) and shared ones too"
        );
        let m = messages(&d);
        for what in [
            "`~ANK`",
            "`@CON`",
            "`*ANK`",
            "`&SC`",
            "`con` is also `TURKEY`'s",
        ] {
            assert!(m.iter().any(|m| m.contains(what)), "{what}: {m:?}");
        }
    }

    /// `Gulf+Of+Bothnia (Bothnian:R)` (void.map): DPjudge's `normPower` abbreviates `OF`.
    #[test]
    fn power_names_read_as_dpjudges_norm_power() {
        assert_eq!(power_key("Gulf+Of+Bothnia"), "GULF\\BOTHNIA");
        assert_eq!(power_key("U+S+A"), "USA");
        assert_eq!(power_key("_Holland"), "_HOLLAND");
        assert_eq!(power_key("The-Ottoman.Empire"), "OTTOMANEMPIRE");
    }

    /// `F ROM` after `A ROM` (fleetrome.map): the later unit replaces the earlier.
    #[test]
    fn a_later_unit_replaces_an_earlier() {
        let text = format!("{MINI}F SMY\n");
        let (b, _, _) = read_text(&[("v.map", &text)]);
        let units: Vec<(char, String)> = b
            .expect("board")
            .units
            .iter()
            .map(|u| (u.kind, u.at.clone()))
            .collect();
        assert_eq!(units, [('F', "ank".to_string()), ('F', "smy".to_string())]);
    }

    /// `PORT BAL ABUTS LIG BER Tar Sag` (ancmed.map): `Tar` is for fleets only; a port's
    /// convoys are a warning.
    #[test]
    fn mixed_case_neighbours_are_for_fleets_only_and_ports_warn() {
        let text = "Tarraco = tar\nBaleares = bal\nLiguria = lig\nCOAST TAR ABUTS Bal LIG\nPORT BAL ABUTS LIG Tar\nWATER LIG ABUTS TAR BAL\nROME BAL\nA BAL\n";
        let (b, d, _) = read_text(&[("v.map", text)]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert!(b.army_moves("bal").is_empty(), "{:?}", b.army_moves("bal"));
        assert!(b.fleet_moves("bal").contains("tar"));
        assert_eq!(b.location("bal").expect("bal").terrain, Terrain::Port);
        assert!(
            messages(&d).iter().any(|m| m.contains("`PORT BAL`")),
            "{d:?}"
        );
    }

    /// `COAST SPA ABUTS … *MAO` (1900.map), `naf~`, `EI:NAF`, `AEG(CON)`, `:SKA`: warnings;
    /// the crossing with no power is left out.
    #[test]
    fn special_crossings_warn() {
        let text = format!(
            "{MINI}AMEND ANK ABUTS *con\nAMEND BLA ABUTS :CON\nAMEND CON ABUTS T:BLA bla~\n"
        );
        let (b, d, _) = read_text(&[("v.map", &text)]);
        assert!(!d.has_errors(), "{d:?}");
        let m = messages(&d);
        assert!(
            m.iter()
                .any(|m| m.contains("`ANK ABUTS *con`") && m.contains("half strength")),
            "{m:?}"
        );
        assert!(m.iter().any(|m| m.contains("`:CON`")), "{m:?}");
        assert!(m.iter().any(|m| m.contains("`T`")), "{m:?}");
        assert!(b.is_some());
    }

    /// Map.py's case changes are Python 2's on unicode: standard_french renames `EDI` to
    /// `Édi`, and Liverpool's army-only neighbour `edi` becomes `édi`, still lower case (read
    /// once as `Édi`, a Title-case, fleets-only neighbour, so an army could not cross).
    #[test]
    fn case_is_python_2s_on_unicode() {
        assert_eq!("ÉDI".py_lower(), "édi");
        assert_eq!("séb".py_upper(), "SÉB");
        assert_eq!("ß".py_upper(), "ß", "one letter for one");
        assert_eq!(python_title("édi"), "Édi");
        assert_ne!(python_title("édi"), "édi");
        let (b, d, _) = read_text(&[(
            "mini.map",
            "Edinburgh = edi\nLiverpool = lvp\nNorth Sea = nth\n\
             COAST EDI ABUTS lvp NTH\nCOAST LVP ABUTS edi\nWATER NTH ABUTS EDI\n\
             edi -> \u{c9}dimbourg = \u{c9}di edi\nENGLAND (ENGLISH) LVP\n",
        )]);
        assert!(!d.has_errors(), "{d:?}");
        let b = b.expect("board");
        assert!(
            b.army_moves("lvp").contains("édi"),
            "{:?}",
            b.army_moves("lvp")
        );
        assert!(!b.fleet_moves("lvp").contains("édi"));
    }

    #[test]
    fn latin_1_is_read() {
        let dir = tempfile::tempdir().expect("temp");
        let mut bytes = MINI
            .replace("Ankara = ank", "Anc\u{f4}ne = ank")
            .into_bytes();
        // The same text in latin-1: `ô` is one byte.
        let i = bytes
            .windows(2)
            .position(|w| w == "ô".as_bytes())
            .expect("ô");
        bytes.splice(i..i + 2, [0xf4]);
        std::fs::write(dir.path().join("l.map"), bytes).expect("write");
        let mut sources = SourceMap::default();
        let (b, d) = read(&dir.path().join("l.map"), &mut sources);
        assert!(!d.has_errors(), "{d:?}");
        assert_eq!(
            b.expect("board")
                .location("ank")
                .and_then(|l| l.name.clone())
                .as_deref(),
            Some("Anc\u{f4}ne")
        );
    }

    #[test]
    fn aliases_read_plus_as_space() {
        let text = MINI.replace(
            "Black Sea = bla black",
            "Black Sea = bla black black+sea tyr?",
        );
        let (b, _, _) = read_text(&[("v.map", &text)]);
        assert_eq!(
            b.expect("board").location("bla").expect("bla").aliases,
            ["black", "black sea", "tyr"]
        );
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
            "-> = x",
            "X -> ",
            "AMEND",
            "AMEND A ABUTS -",
            "COAST X ABUTS : ( ) ~",
            "UNPLAYED ALL EXCEPT",
            "BEGIN",
            "FLOW :",
            "VICTORY x",
            "IN",
            "FROM START",
            "DIRECTIVES\nA B",
            "X -> Y -> Z = a",
            "TURKEY (",
            "TURKEY ()",
            "TURKEY (:)",
            "NEUTRAL -",
            "DROP",
            "COAST x/ ABUTS x/",
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
                    "AMEND ank ABUTS -BLA", "DROP BLA", "ank -> Ankyra = ayr", "UNPLAYED",
                    "TURKEY -> OTTOMAN", "LAND ANK", "OWNS ANK", "HOME -ANK", "UNITS",
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
