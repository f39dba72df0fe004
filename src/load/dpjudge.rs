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

use std::collections::{BTreeMap, BTreeSet};
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

/// DPjudge's `normPower`: capitals; `.` and `:` removed; `-`, `+`, `,` separate words;
/// the words DPjudge's orders know replaced by their abbreviation (`OF` → `\`, `THE` →
/// nothing: `Gulf+Of+Bothnia` is `GULF\BOTHNIA`); then the spaces removed.
fn power_key(word: &str) -> String {
    let mut phrase = word.py_upper().replace('/', " /").replace(" / ", "");
    phrase.retain(|c| !matches!(c, '.' | ':'));
    let phrase: String = phrase
        .chars()
        .flat_map(|c| match c {
            '-' | '+' | ',' => vec![' '],
            '|' | '*' | '?' | '!' | '~' | '(' | ')' | '[' | ']' | '=' | '_' | '^' => {
                vec![' ', c, ' ']
            }
            c => vec![c],
        })
        .collect();
    phrase.split_whitespace().map(keyword).collect()
}

/// DPjudge's keywords (`Map.keywords`): order words and their abbreviations.
fn keyword(word: &str) -> &str {
    match word {
        ">" | "THE" | "MOVE" | "MOVES" | "MOVING" | "ATTACK" | "ATTACKS" | "ATTACKING" | "IS"
        | "WILL" | "IN" | "AT" | "ON" | "TO" | "AND" => "",
        "ARMY" => "A",
        "FLEET" => "F",
        "WING" => "W",
        "NC" => "/NC",
        "SC" => "/SC",
        "EC" => "/EC",
        "WC" => "/WC",
        "RETREAT" | "RETREATS" | "RETREATING" => "R",
        "SUPPORT" | "SUPPORTS" | "SUPPORTING" => "S",
        "CONVOY" | "CONVOYS" | "CONVOYING" => "C",
        "HOLD" | "HOLDS" | "HOLDING" => "H",
        "BUILD" | "BUILDS" | "BUILDING" => "B",
        "DISBAND" | "DISBANDS" | "DISBANDING" | "REMOVE" | "REMOVES" | "REMOVING" => "D",
        "WAIVE" | "WAIVES" | "WAIVING" | "WAIVED" => "V",
        "KEEP" | "KEEPS" | "KEEPING" => "K",
        "PROXY" | "PROXIES" | "PROXYING" => "P",
        "OF" | "FROM" => "\\",
        "WITH" | "VOID" => "?",
        "TSR" => "=",
        "VIA" | "THROUGH" | "OVER" | "BY" | "DISLODGED" => "~",
        "OR" | "BOUNCE" | "CUT" => "|",
        "DESTROYED" => "*",
        w => w,
    }
}

/// Map.py reads its files as latin-1 text (`codecs.open`), so its `upper()`, `lower()`,
/// `swapcase()` and `title()` are Python 2's on unicode: every letter changes case, one
/// letter for one (`É` ↔ `é`; `ß` stays `ß`, where Rust's own upper case gives `SS`).
trait PyCase {
    /// Python 2's `unicode.upper()`.
    fn py_upper(&self) -> String;
    /// Python 2's `unicode.lower()`.
    fn py_lower(&self) -> String;
}

impl PyCase for str {
    fn py_upper(&self) -> String {
        self.chars().map(upper_char).collect()
    }
    fn py_lower(&self) -> String {
        self.chars().map(lower_char).collect()
    }
}

/// A letter in capitals, when that is one letter.
fn upper_char(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// A letter in lower case, when that is one letter.
fn lower_char(c: char) -> char {
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// Python's `unicode.title()`: each letter after a non-letter in capitals, the others
/// in lower case.
fn python_title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for c in s.chars() {
        if c.is_alphabetic() {
            out.push(if prev_cased {
                lower_char(c)
            } else {
                upper_char(c)
            });
            prev_cased = true;
        } else {
            out.push(c);
            prev_cased = false;
        }
    }
    out
}

/// The phase a DPjudge phase word names.
fn phase_of(word: &str) -> Option<&'static str> {
    match word.py_upper().as_str() {
        "MOVEMENT" => Some("movement"),
        "RETREATS" => Some("retreat"),
        "ADJUSTMENTS" => Some("adjustment"),
        _ => None,
    }
}

fn read_line(
    line: &Line,
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) {
    let words = line.words();
    let first = words[0];
    let up = first.py_upper();
    let span = line.span();
    // `[variant] DIRECTIVE[S]` … `END DIRECTIVES`: lines of a game's status file.
    if words.last().is_some_and(|w| {
        let w = w.py_upper();
        w == "DIRECTIVE" || w == "DIRECTIVES"
    }) {
        if words.len() > 2 {
            diags.push(bad(
                "a `DIRECTIVES` line is `[variant] DIRECTIVES` or `END DIRECTIVES`",
                span,
            ));
        } else if up == "END" {
            r.stanza = false;
        } else {
            r.stanza = true;
            diags.push(lost(
                format!("`{}`: the settings of a game's status file that follow (to `END DIRECTIVES`) are not read", line.text),
                span,
            ).hint("sandtable has no game status file: set such rules in the game's own files"));
        }
        return;
    }
    if r.stanza {
        return;
    }
    // `IN phase [: directive]`, `FROM phase [: directive]`, `FROM START`.
    if up == "IN" || up == "FROM" {
        let rest = line.text[first.len()..].trim();
        let (when, what) = match rest.split_once(':') {
            Some((w, d)) => (w.trim(), Some(d.trim())),
            None => (rest, None),
        };
        if up == "FROM" && when.eq_ignore_ascii_case("START") {
            r.dynamic = false;
            return;
        }
        r.dynamic = what.is_none();
        diags.push(
            lost(
                format!(
                    "`{}`: {} applies only {} `{when}`; sandtable's board does not change by phase, so it is left out",
                    line.text,
                    if what.is_some() { "the directive" } else { "every line that follows (to `FROM START`)" },
                    if up == "IN" { "in" } else { "from" },
                ),
                span,
            )
            .hint("play the change by hand, or make a board of the changed map"),
        );
        return;
    }
    if r.dynamic {
        return;
    }
    match up.as_str() {
        "TEXTONLY" => {}
        "VICTORY" => {
            let counts: Vec<Option<u32>> = words[1..].iter().map(|w| w.parse().ok()).collect();
            match counts.first() {
                Some(Some(n)) if counts.iter().all(Option::is_some) => {
                    r.victory = Some(*n);
                    if counts.len() > 1 {
                        diags.push(lost(
                            format!("`{}`: the count that wins changes by year in DPjudge; sandtable's victory is one count: {n}, the first", line.text),
                            span,
                        ));
                    }
                }
                _ => diags.push(bad("`VICTORY` is followed by the number of centres that win", span).hint("e.g. `VICTORY 18`")),
            }
        }
        "USE" | "USES" | "MAP" => {
            if words.len() == 1 {
                diags.push(
                    bad(format!("`{first}` names no file"), span.clone())
                        .hint(format!("write `{first} standard` or `{first} standard.map`")),
                );
            }
            if up == "MAP" && words.len() > 2 {
                diags.push(bad("`MAP` names one file", span));
            }
            for w in &words[1..] {
                use_file(w, line, path, sources, r, diags, depth);
            }
        }
        "FLAGS" | "NOTIFY" => {}
        "FLOW" => {
            if words.len() == 1 {
                r.flow.clear();
            }
            for w in &words[1..] {
                r.flow.push(((*w).to_string(), line.of(w)));
            }
        }
        "BEGIN" => read_begin(&words, line, r, diags),
        "RULE" | "RULES" => {
            for w in &words[1..] {
                diags.push(lost(format!("`RULE {w}`: DPjudge's rule `{w}` is not played by sandtable's adjudicator"), line.of(w)).hint("say it in the rules the game's players read"));
            }
        }
        "ROTATE" => diags.push(lost(
            format!("`{}`: control of a power by another is not held by a sandtable board", line.text),
            span,
        )),
        "NEWHOMES" => diags.push(lost(
            format!("`{}`: home centres are not reassigned in those years; each power keeps the home centres it starts with", line.text),
            span,
        )),
        // (Everything above is read before a line with `=`, everything below after, as in
        // DPjudge: `Flag Island = fla` is a name.)
        _ if line.text.contains('=') => read_names(line, r, diags),
        "FLAG" => {}
        "CONTROL" | "LEAGUE" | "RESERVES" | "MILITIA" => {
            diags.push(lost(
                format!("`{}`: {} is not held by a sandtable board", line.text, match up.as_str() {
                    "CONTROL" => "control of a power by another",
                    "LEAGUE" => "a league and its limits on support and convoy",
                    _ => "a power's extra units beyond its centres",
                }),
                span,
            ));
        }
        "DUMMY" | "DUMMIES" | "TEAM" | "TEAMS" => {
            if words.len() > 1 {
                r.current = None;
            }
            diags.push(lost(format!("`{}`: powers played by nobody or by another player are played as any power", line.text), span));
        }
        "OWNS" | "CENTERS" => match r.current.clone() {
            None => diags.push(bad(format!("`{first}` before any power's name"), span).hint("put it under the name of the power it is about")),
            Some(p) => {
                let given: Vec<String> = words[1..].iter().map(|w| w.py_upper()).collect();
                let list = r.centers.entry(p).or_default();
                if up == "CENTERS" || list.is_empty() {
                    *list = given;
                } else {
                    for g in given {
                        if !list.contains(&g) {
                            list.push(g);
                        }
                    }
                }
            }
        },
        "INHABITS" | "HOME" | "HOMES" => match r.current.clone() {
            None => diags.push(bad(format!("`{first}` before any power's name"), span).hint("put it under the name of the power it is about")),
            Some(p) => {
                let reinit = up != "INHABITS" || !r.inhabits.contains(&p);
                if !r.inhabits.contains(&p) {
                    r.inhabits.push(p.clone());
                }
                add_homes(r, &p, &words[1..], line, reinit, diags);
            }
        },
        "UNITS" => match r.current.clone() {
            None => diags.push(bad("`UNITS` before any power's name", span)),
            Some(p) => r.units.retain(|u| u.0 != p),
        },
        "A" | "F" => match (r.current.clone(), words.len()) {
            (None, _) => diags.push(
                bad("a unit before any power's name", span)
                    .hint("put the units under the name of the power that owns them"),
            ),
            (Some(p), 2) => {
                let at = words[1].py_upper();
                let province = at.split('/').next().unwrap_or("").to_string();
                // A later unit in a province replaces an earlier one, whoever's it was.
                r.units.retain(|u| u.2.split('/').next() != Some(province.as_str()));
                r.units.push((p, if up == "F" { 'F' } else { 'A' }, at, span));
            }
            _ => diags.push(bad(format!("cannot read the unit `{}`", line.text), span).hint("a unit is `A BUD` or `F STP/SC`")),
        },
        "DROP" => {
            for w in &words[1..] {
                drop_location(r, &w.py_upper(), false);
            }
        }
        "AMEND" | "WATER" | "LAND" | "COAST" | "PORT" | "SHUT" if words.len() > 1 => {
            read_location(&words, line, r, diags);
        }
        "UNPLAYED" => read_unplayed(&words, line, r, diags),
        _ => read_power(&words, line, r, diags),
    }
}

#[allow(clippy::too_many_arguments)]
fn use_file(
    w: &str,
    line: &Line,
    path: &Path,
    sources: &mut SourceMap,
    r: &mut Reading,
    diags: &mut Diagnostics,
    depth: usize,
) {
    let name = if w.contains('.') {
        w.to_string()
    } else {
        format!("{w}.map")
    };
    let beside = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let folders: Vec<PathBuf> = std::iter::once(beside)
        .chain(r.search.iter().cloned())
        .collect();
    let Some(used) = folders.iter().map(|f| f.join(&name)).find(|p| p.is_file()) else {
        let looked: Vec<String> = folders
            .iter()
            .map(|f| format!("`{}`", f.display()))
            .collect();
        diags.push(
            Diagnostic::error("unreadable", format!("no file `{name}` to use"))
                .at(line.of(w))
                .hint(format!(
                    "looked in {}; name DPjudge's maps folder with `--maps DIR`",
                    looked.join(", ")
                )),
        );
        return;
    };
    let key = used.canonicalize().unwrap_or_else(|_| used.clone());
    if depth >= MAX_DEPTH || r.files.contains(&key) {
        diags.push(bad(
            format!("`{w}` is used again (a loop, or a file used twice)"),
            line.of(w),
        ));
        return;
    }
    if let Err(e) = read_file(&used, sources, r, diags, depth + 1) {
        diags.push(Diagnostic::error("unreadable", e).at(line.of(w)));
    }
}

fn read_begin(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let span = line.span();
    let parsed = match words {
        [_, season, year, phase] => year
            .parse::<i64>()
            .ok()
            .zip(phase_of(phase))
            .map(|(y, p)| (season.py_upper(), y, p)),
        _ => None,
    };
    match parsed {
        Some((season, year, phase)) => {
            r.begin = Some(Begin {
                season,
                year,
                phase,
                span,
            })
        }
        None => diags.push(
            bad(format!("cannot read the first phase `{}`", line.text), span)
                .hint("write `BEGIN SEASON YEAR PHASE`, e.g. `BEGIN WINTER 1897 ADJUSTMENTS`"),
        ),
    }
}

/// `[OLD ->] Full Name = abbr alias…`.
fn read_names(line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let Some((name, aliases)) = line.text.split_once('=') else {
        return;
    };
    let words: Vec<&str> = aliases.split_whitespace().collect();
    let (old, name) = match name.split_once("->") {
        Some((o, n)) => (Some(o.trim()), n.trim()),
        None => (None, name.trim()),
    };
    let Some(abbr) = words.first() else {
        diags.push(
            bad(format!("`{name}` has no abbreviation"), line.span())
                .hint("write `Full Name = abbr alias …`"),
        );
        return;
    };
    if name.contains("->") {
        diags.push(bad(
            format!("`{name}`: one `->` renames a location"),
            line.span(),
        ));
        return;
    }
    let abbr_up = abbr.py_upper();
    if let Some(old) = old {
        if !rename(r, &old.py_upper(), &abbr_up) {
            diags.push(
                bad(format!("`{old}` names no location to rename"), line.of(old))
                    .hint("the location renamed must be named earlier (`Old Name = old …`)"),
            );
        }
    }
    let aliases: Vec<String> = words[1..]
        .iter()
        .filter_map(|a| {
            let a = a.strip_suffix('?').unwrap_or(a);
            let a = a.replace('+', " ").py_lower();
            (!a.is_empty()).then_some(a)
        })
        .collect();
    r.names.insert(
        abbr_up,
        Names {
            name: name.replace('+', " "),
            aliases,
        },
    );
}

/// DPjudge's `rename`: every mention of location `old` becomes `new` (capitals). Whether
/// `old` had a name.
fn rename(r: &mut Reading, old: &str, new: &str) -> bool {
    if r.names.remove(old).is_none() {
        return false;
    }
    if old == new {
        return true;
    }
    let swap = |s: &str| -> Option<String> {
        if s == old {
            Some(new.to_string())
        } else if s == old.py_lower() {
            Some(new.py_lower())
        } else if s == python_title(old) {
            Some(python_title(new))
        } else {
            None
        }
    };
    for l in &mut r.locs {
        if let Some(n) = swap(l) {
            *l = n;
        }
    }
    r.kind.rekey(&swap);
    r.abut.rekey(&swap);
    for list in r.abut.values_mut() {
        for a in list.iter_mut() {
            if let Some(n) = swap(&a.place) {
                a.place = n;
            }
        }
    }
    for list in r.homes.values_mut().chain(r.centers.values_mut()) {
        for h in list.iter_mut() {
            if h == old {
                *h = new.to_string();
            }
        }
    }
    for u in &mut r.units {
        if u.2 == old {
            u.2 = new.to_string();
        }
    }
    true
}

/// Maps keyed by a location's name as written, renamed together.
trait Rekey {
    fn rekey(&mut self, swap: &dyn Fn(&str) -> Option<String>);
}

impl<V> Rekey for BTreeMap<String, V> {
    fn rekey(&mut self, swap: &dyn Fn(&str) -> Option<String>) {
        let keys: Vec<String> = self.keys().cloned().collect();
        for k in keys {
            if let Some(n) = swap(&k) {
                if let Some(v) = self.remove(&k) {
                    self.insert(n, v);
                }
            }
        }
    }
}

/// DPjudge's `drop`: forget every location whose name starts with `place` (capitals), its
/// names, home centres, units and every crossing to it. `coast`: a coast dropped because its
/// province now holds fleets itself; crossings to it then go to the province.
fn drop_location(r: &mut Reading, place: &str, coast: bool) {
    let starts = |s: &str| s.py_upper().starts_with(place);
    r.locs.retain(|l| !starts(l));
    r.names.retain(|k, _| !k.starts_with(place));
    for list in r.homes.values_mut() {
        list.retain(|h| h != place);
    }
    let province: String = place.split('/').next().unwrap_or(place).to_string();
    r.units
        .retain(|u| u.2.split('/').next() != Some(province.as_str()));
    for list in r.abut.values_mut() {
        let before = list.len();
        let span = list
            .iter()
            .find(|a| starts(&a.place))
            .map(|a| a.span.clone());
        list.retain(|a| !starts(&a.place));
        if coast && list.len() < before && !list.iter().any(|a| a.place == province) {
            if let Some(span) = span {
                list.push(RawAbut {
                    place: province.clone(),
                    span,
                });
            }
        }
    }
    r.kind.retain(|k, _| !starts(k));
    r.abut.retain(|k, _| !starts(k));
}

/// `TERRAIN NAME [ABUTS neighbour…]`, `AMEND NAME [ABUTS [-]neighbour…]`.
fn read_location(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let up = words[0].py_upper();
    let place = words[1].to_string();
    let other: String = place
        .chars()
        .map(|c| {
            if c.is_uppercase() {
                lower_char(c)
            } else {
                upper_char(c)
            }
        })
        .collect();
    let amend = up == "AMEND";
    if other != place && r.locs.contains(&other) {
        r.locs.retain(|l| *l != other);
        let kind = r.kind.remove(&other);
        let abut = r.abut.remove(&other);
        if amend {
            if let Some(k) = kind {
                r.kind.insert(place.clone(), k);
            }
            if let Some(a) = abut {
                r.abut.insert(place.clone(), a);
            }
        }
        if place.chars().any(char::is_uppercase) && !place.chars().any(char::is_lowercase) {
            let coasts: Vec<String> = r
                .locs
                .iter()
                .filter(|l| l.py_upper().starts_with(&format!("{}/", place.py_upper())))
                .cloned()
                .collect();
            for c in coasts {
                drop_location(r, &c.py_upper(), true);
            }
        }
    }
    r.locs.retain(|l| *l != place);
    r.locs.push(place.clone());
    if amend {
        if !r.kind.contains_key(&place) {
            diags.push(
                bad(format!("`AMEND {place}`: no location `{place}` to amend"), line.of(words[1]))
                    .hint("a location is amended after the line that describes it (in this file or one it uses)"),
            );
        }
    } else if let Some(terrain) = Terrain::of(&up) {
        r.kind.insert(
            place.clone(),
            RawLocation {
                terrain,
                span: line.span(),
            },
        );
        if words.len() > 2 {
            r.abut.insert(place.clone(), Vec::new());
        }
    }
    if terrain_line_port(&up) {
        diags.push(
            lost(
                format!("`PORT {place}`: fleets there cannot convoy in sandtable, which convoys across sea only; it is imported as a coast"),
                line.of(words[0]),
            )
            .hint("a coast whose fleets convoy needs a sea area of the board"),
        );
    }
    if words.len() == 2 {
        return;
    }
    if !words[2].eq_ignore_ascii_case("ABUTS") {
        diags.push(
            bad(
                "a location line reads `TERRAIN NAME ABUTS …`",
                line.of(words[2]),
            )
            .hint("e.g. `COAST ANK ABUTS ARM BLA CON smy`"),
        );
        return;
    }
    for dest in &words[3..] {
        let span = line.of(dest);
        if let Some(gone) = dest.strip_prefix('-') {
            let gone = gone.py_upper();
            if let Some(list) = r.abut.get_mut(&place) {
                list.retain(|a| !a.place.py_upper().starts_with(&gone));
            }
            continue;
        }
        let mut d: &str = dest;
        let mut marks: Vec<String> = Vec::new();
        if d.matches(':').count() == 1 {
            let (who, rest) = d.split_once(':').unwrap_or(("", d));
            if who.is_empty() {
                diags.push(lost(
                    format!(
                        "`{dest}`: a crossing no power may use (a one-way crossing) is left out"
                    ),
                    span.clone(),
                ));
                continue;
            }
            marks.push(format!("only the units of `{who}` may cross"));
            d = rest;
        }
        if d.matches('(').count() == 1 && d.ends_with(')') {
            let (rest, need) = d.split_once('(').unwrap_or((d, ""));
            marks.push(format!(
                "only the owner of `{}` may cross",
                need.trim_end_matches(')')
            ));
            d = rest;
        }
        let trimmed_start = d.trim_start_matches(|c: char| !c.is_alphanumeric());
        for c in d[..d.len() - trimmed_start.len()].chars() {
            marks.push(special(c));
        }
        let trimmed = trimmed_start.trim_end_matches(|c: char| !c.is_alphanumeric());
        for c in trimmed_start[trimmed.len()..].chars() {
            marks.push(special(c));
        }
        if trimmed.is_empty() {
            diags.push(bad(format!("`{dest}` names no neighbour"), span));
            break;
        }
        if !marks.is_empty() {
            diags.push(
                lost(
                    format!(
                        "`{place} ABUTS {dest}`: {}; the crossing is imported for every unit at full strength",
                        marks.join(", ")
                    ),
                    span.clone(),
                )
                .hint("say the restriction in the rules the players read"),
            );
        }
        r.abut.entry(place.clone()).or_default().push(RawAbut {
            place: trimmed.to_string(),
            span,
        });
    }
}

fn terrain_line_port(up: &str) -> bool {
    up == "PORT"
}

/// What a special mark on a crossing means in DPjudge.
fn special(c: char) -> String {
    match c {
        '~' => "`~`: across it support is not given and a move has no strength of its own".into(),
        '*' => {
            "`*`: across it a move has half strength and gives no support (the Cape rule)".into()
        }
        c => format!("`{c}`: a restriction DPjudge does not know either"),
    }
}

/// `UNPLAYED [ALL [EXCEPT]] [power…]`: powers removed with all they had.
fn read_unplayed(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let all: Vec<String> = r.powers.iter().map(|p| p.key.clone()).collect();
    let named = |ws: &[&str]| -> Vec<String> { ws.iter().map(|w| power_key(w)).collect() };
    let goners: Vec<String> = match words {
        [_] => r.current.clone().into_iter().collect(),
        [_, a] if a.eq_ignore_ascii_case("ALL") => all,
        [_, a, e, rest @ ..]
            if a.eq_ignore_ascii_case("ALL") && e.eq_ignore_ascii_case("EXCEPT") =>
        {
            let keep = named(rest);
            all.into_iter().filter(|p| !keep.contains(p)).collect()
        }
        [_, rest @ ..] => named(rest),
        [] => Vec::new(),
    };
    r.current = None;
    for g in goners {
        if !r.powers.iter().any(|p| p.key == g) {
            diags.push(bad(
                format!("`UNPLAYED`: no power `{g}` to remove"),
                line.span(),
            ));
            continue;
        }
        r.powers.retain(|p| p.key != g);
        r.homes.remove(&g);
        r.centers.remove(&g);
        r.inhabits.retain(|p| *p != g);
        r.units.retain(|u| u.0 != g);
    }
}

/// A power's line: `[OLD ->] NAME [(adjective[:letter])] [centre…]`, or its name alone.
fn read_power(words: &[&str], line: &Line, r: &mut Reading, diags: &mut Diagnostics) {
    let unowned = |w: &str| {
        let u = w.py_upper();
        u == "UNOWNED" || u == "NEUTRAL"
    };
    let mut words = words.to_vec();
    let mut name_at = words[0];
    if words.len() > 2 && words[1] == "->" {
        let old = power_key(words[0]);
        let new = words[2];
        if unowned(words[0]) || unowned(new) {
            diags.push(bad("the unowned centres cannot be renamed", line.span()));
            return;
        }
        let new_key = power_key(new);
        match r.powers.iter_mut().find(|p| p.key == old) {
            None => {
                diags.push(
                    bad(
                        format!("`{}` names no power to rename", words[0]),
                        line.of(words[0]),
                    )
                    .hint("the power renamed must be named earlier"),
                );
                return;
            }
            Some(p) => {
                p.key = new_key.clone();
                p.adjective = None;
                p.span = line.of(new);
            }
        }
        for map in [&mut r.homes, &mut r.centers] {
            if let Some(v) = map.remove(&old) {
                map.insert(new_key.clone(), v);
            }
        }
        for p in &mut r.inhabits {
            if *p == old {
                p.clone_from(&new_key);
            }
        }
        for u in &mut r.units {
            if u.0 == old {
                u.0.clone_from(&new_key);
            }
        }
        words.drain(..2);
        name_at = words[0];
    }
    let key = if unowned(name_at) {
        "UNOWNED".to_string()
    } else {
        power_key(name_at)
    };
    if key.is_empty() {
        diags.push(bad(format!("cannot read `{}`", line.text), line.span()).hint(
            "sandtable reads names (`Name = abbr …`), `USE`, `TERRAIN X ABUTS …`, powers with their home centres, `UNOWNED`, and units (`A BUD`) under a power's name",
        ));
        return;
    }
    if key != "UNOWNED" && !r.powers.iter().any(|p| p.key == key) {
        r.powers.push(RawPower {
            key: key.clone(),
            adjective: None,
            span: line.of(name_at),
        });
    }
    r.current = (key != "UNOWNED").then(|| key.clone());
    let mut rest = &words[1..];
    if key != "UNOWNED" {
        if let Some(w) = rest.first().filter(|w| w.starts_with('(')) {
            let inner = w.trim_start_matches('(').trim_end_matches(')');
            // (The letter after `:` is DPjudge's abbreviation of the power in orders.)
            let (word, _letter) = inner.split_once(':').unwrap_or((inner, ""));
            let word = word.replace('+', " ");
            if let Some(p) = r.powers.iter_mut().find(|p| p.key == key) {
                p.adjective = (!word.trim().is_empty()).then(|| word.trim().to_string());
            }
            rest = &rest[1..];
        }
    }
    let reinit = r.inhabits.contains(&key);
    if reinit {
        r.inhabits.retain(|p| *p != key);
    }
    add_homes(r, &key, rest, line, reinit, diags);
}

/// DPjudge's `addHomes`: home centres with their marks; `reinit` forgets the earlier ones.
fn add_homes(
    r: &mut Reading,
    power: &str,
    homes: &[&str],
    line: &Line,
    reinit: bool,
    diags: &mut Diagnostics,
) {
    if reinit {
        r.homes.insert(power.to_string(), Vec::new());
    } else {
        r.homes.entry(power.to_string()).or_default();
    }
    for w in homes {
        let mut home = w.py_upper();
        let mut remove = false;
        let mut kept_as: Option<&str> = None;
        let mut mark_lost: Option<&str> = None;
        while let Some(c) = home.chars().next() {
            match c {
                '-' => remove = true,
                '*' => kept_as = Some("a partisan site (a build place that is not a centre)"),
                '+' => kept_as = Some("a factory site (a build place that is not a centre)"),
                '~' => mark_lost = Some("`~`: builds there are hidden until the next movement"),
                '@' => {
                    mark_lost =
                        Some("`@`: an alternative home centre, a build place in place of another")
                }
                _ => break,
            }
            home.remove(0);
        }
        if home.is_empty() {
            continue;
        }
        if let Some(i) = home.find('(').filter(|_| home.ends_with(')')) {
            home.truncate(i);
        }
        if home.is_empty() {
            continue;
        }
        let list = r.homes.entry(power.to_string()).or_default();
        if list.contains(&home) {
            list.retain(|h| *h != home);
            if power != "UNOWNED" {
                r.homes
                    .entry("UNOWNED".into())
                    .or_default()
                    .push(home.clone());
            }
        }
        if remove {
            continue;
        }
        if home == "&SC" {
            diags.push(lost(
                format!(
                    "`{w}`: a power claiming a new home centre where it first builds is not held"
                ),
                line.of(w),
            ));
            continue;
        }
        if let Some(what) = kept_as {
            diags.push(lost(format!("`{w}`: {what} is left out"), line.of(w)));
            continue;
        }
        if let Some(what) = mark_lost {
            diags.push(lost(
                format!("`{w}`: {what}; imported as an ordinary home centre"),
                line.of(w),
            ));
        }
        r.homes.entry(power.to_string()).or_default().push(home);
    }
}

/// The location key DPjudge's `areatype` finds for a name in capitals: as written, or in
/// lower case.
fn key_of<'a>(r: &'a Reading, upper: &str) -> Option<&'a str> {
    r.kind
        .get_key_value(upper)
        .or_else(|| r.kind.get_key_value(&upper.py_lower()))
        .map(|(k, _)| k.as_str())
}

/// The neighbour list of a location (DPjudge's `abutList`), by its name in capitals.
fn abut_list<'a>(r: &'a Reading, upper: &str) -> &'a [RawAbut] {
    r.abut
        .get(upper)
        .or_else(|| r.abut.get(&upper.py_lower()))
        .map_or(&[], Vec::as_slice)
}

/// Whether a unit may stand at a location (DPjudge's `isValidUnit`), by its name in
/// capitals.
fn may_stand(r: &Reading, fleet: bool, upper: &str) -> bool {
    let Some(k) = key_of(r, upper) else {
        return false;
    };
    let t = r.kind[k].terrain;
    if fleet {
        t.fleets() && !r.abut.contains_key(&upper.py_lower())
    } else {
        !upper.contains('/') && t.armies()
    }
}

/// DPjudge's `abuts(unit, from, '-', to)`: whether a unit at `from` may move to `to` (both
/// in capitals), and the neighbour entry that says so.
fn may_move<'a>(r: &'a Reading, fleet: bool, from: &str, to: &str) -> Option<&'a RawAbut> {
    if !fleet && to.contains('/') {
        return None; // an army never moves to a coast
    }
    let a = abut_list(r, from).iter().find(|a| {
        let up = a.place.py_upper();
        up == to || up.split('/').next() == Some(to)
    })?;
    let t = r.kind[key_of(r, to)?].terrain;
    if t == Terrain::Shut {
        return None;
    }
    let ok = if fleet {
        t != Terrain::Land && !a.place.starts_with(char::is_lowercase) && r.kind.contains_key(to)
    } else {
        t != Terrain::Water && a.place != python_title(&a.place)
    };
    ok.then_some(a)
}

fn resolve(r: Reading, diags: &mut Diagnostics) -> Board {
    let mut board = Board::default();
    let uppers: Vec<String> = r.locs.iter().map(|l| l.py_upper()).collect();
    let ids: Vec<String> = r.locs.iter().map(|l| l.py_lower()).collect();
    let provinces: Vec<String> = uppers
        .iter()
        .filter(|u| !u.contains('/'))
        .cloned()
        .collect();
    // Crossings written to no location.
    for l in &r.locs {
        for a in r.abut.get(l).into_iter().flatten() {
            let up = a.place.py_upper();
            let base = up.split('/').next().unwrap_or("");
            if key_of(&r, &up).is_none() && key_of(&r, base).is_none() {
                diags.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("`{l} ABUTS {}`: no location `{}`", a.place, a.place),
                    )
                    .at(a.span.clone())
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        &a.place.py_lower(),
                        ids.iter().map(String::as_str),
                    )),
                );
            }
        }
    }
    for (i, key) in r.locs.iter().enumerate() {
        let Some(raw) = r.kind.get(key) else {
            continue; // a name given to `AMEND` only: reported there
        };
        let up = &uppers[i];
        let names = r.names.get(up);
        let army_here = may_stand(&r, false, up);
        let fleet_here = may_stand(&r, true, up);
        let mut abuts: Vec<Abut> = Vec::new();
        // Armies: from a province, to each province DPjudge lets it reach, when it may come
        // back.
        if army_here {
            for p in provinces.iter().filter(|p| *p != up) {
                if !may_stand(&r, false, p) {
                    continue;
                }
                let Some(there) = may_move(&r, false, up, p) else {
                    continue;
                };
                if may_move(&r, false, p, up).is_none() {
                    diags.push(lost(
                        format!("an army may move from `{up}` to `{p}` but not back; sandtable's moves go both ways, so it is left out"),
                        there.span.clone(),
                    ));
                    continue;
                }
                abuts.push(Abut {
                    to: p.py_lower(),
                    armies: true,
                    fleets: false,
                    span: there.span.clone(),
                });
            }
        }
        if fleet_here {
            for t in uppers.iter().filter(|t| *t != up) {
                if !may_stand(&r, true, t) {
                    continue;
                }
                let Some(there) = may_move(&r, true, up, t) else {
                    continue;
                };
                if may_move(&r, true, t, up).is_none() {
                    diags.push(lost(
                        format!("a fleet may move from `{up}` to `{t}` but not back; sandtable's moves go both ways, so it is left out"),
                        there.span.clone(),
                    ));
                    continue;
                }
                let to = t.py_lower();
                match abuts.iter_mut().find(|a| a.to == to) {
                    Some(a) => a.fleets = true,
                    None => abuts.push(Abut {
                        to,
                        armies: false,
                        fleets: true,
                        span: there.span.clone(),
                    }),
                }
            }
        }
        // Every other written neighbour, for the schematic layout and impassable borders.
        for a in r.abut.get(key).into_iter().flatten() {
            let to = a.place.py_lower();
            if key_of(&r, &a.place.py_upper()).is_some() && !abuts.iter().any(|x| x.to == to) {
                abuts.push(Abut {
                    to,
                    armies: false,
                    fleets: false,
                    span: a.span.clone(),
                });
            }
        }
        board.locations.push(Location {
            id: ids[i].clone(),
            name: names.map(|n| n.name.clone()),
            aliases: names.map(|n| n.aliases.clone()).unwrap_or_default(),
            terrain: raw.terrain,
            fleets: fleet_here,
            abuts,
            span: raw.span.clone(),
        });
    }
    let known = |h: &str| key_of(&r, h).is_some();
    let mut taken: BTreeMap<String, String> = BTreeMap::new();
    for p in &r.powers {
        let mut home: Vec<String> = r
            .homes
            .get(&p.key)
            .into_iter()
            .flatten()
            .filter(|h| known(h))
            .map(|h| h.py_lower())
            .collect();
        // DPjudge lets two powers share a home centre (it builds for whichever owns it);
        // a sandtable side's home centres are its own.
        home.retain(|h| match taken.get(h) {
            Some(first) => {
                diags.push(lost(
                    format!("`{}`: the home centre `{h}` is also `{first}`'s; it stays `{first}`'s only", p.key),
                    p.span.clone(),
                ));
                false
            }
            None => {
                taken.insert(h.clone(), p.key.clone());
                true
            }
        });
        for h in r
            .homes
            .get(&p.key)
            .into_iter()
            .flatten()
            .filter(|h| !known(h))
        {
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!(
                        "`{}`: no location `{}` for a home centre",
                        p.key,
                        h.py_lower()
                    ),
                )
                .at(p.span.clone())
                .hint_opt(crate::diag::suggest::did_you_mean(
                    &h.py_lower(),
                    ids.iter().map(String::as_str),
                )),
            );
        }
        board.powers.push(Power {
            name: p.key.clone(),
            adjective: p.adjective.clone(),
            home,
            span: p.span.clone(),
        });
    }
    let homes: BTreeSet<String> = board
        .powers
        .iter()
        .flat_map(|p| p.home.iter().cloned())
        .collect();
    let mut unowned: Vec<String> = r
        .homes
        .get("UNOWNED")
        .into_iter()
        .flatten()
        .chain(r.centers.values().flatten())
        .filter(|c| known(c))
        .map(|c| c.py_lower())
        .filter(|c| !homes.contains(c))
        .collect();
    unowned.dedup();
    let mut seen = BTreeSet::new();
    unowned.retain(|c| seen.insert(c.clone()));
    board.unowned = unowned;
    if !r.centers.is_empty() {
        let mut owned = BTreeMap::new();
        for p in &board.powers {
            let list: Vec<String> = match r.centers.get(&p.name) {
                Some(c) => c
                    .iter()
                    .filter(|c| known(c))
                    .map(|c| c.py_lower())
                    .collect(),
                // DPjudge: a power without `OWNS` owns all its home centres, a shared one
                // too (its home stays the first power's only).
                None => {
                    let mut seen = BTreeSet::new();
                    r.homes
                        .get(&p.name)
                        .into_iter()
                        .flatten()
                        .filter(|h| known(h))
                        .map(|h| h.py_lower())
                        .filter(|h| seen.insert(h.clone()))
                        .collect()
                }
            };
            if r.centers
                .get(&p.name)
                .is_some_and(|c| c.iter().any(|c| c == "SC!" || c == "SC?"))
            {
                diags.push(lost(format!("`{}` may build in any vacant home centre it does not own (`SC!`, `SC?`): not held", p.name), p.span.clone()));
            }
            owned.insert(p.name.clone(), list);
        }
        board.owned = Some(owned);
    }
    for (power, kind, at, span) in &r.units {
        if !may_stand(&r, kind == &'F', at) {
            diags.push(
                Diagnostic::error("bad-dpjudge", format!("{} cannot stand in `{}`", if *kind == 'F' { "a fleet" } else { "an army" }, at.py_lower()))
                    .at(span.clone())
                    .hint(if *kind == 'F' { "a fleet stands at sea, on a coast, or on one coast of a province with several (`F STP/SC`)" } else { "an army stands on land, in a province (not on a coast)" }),
            );
            continue;
        }
        board.units.push(Unit {
            power: power.clone(),
            kind: *kind,
            at: at.py_lower(),
            span: span.clone(),
        });
    }
    board.victory = r.victory;
    board.begin = r.begin;
    board.flow = read_flow(&r.flow, diags);
    board
}

/// The seasons of `FLOW` items (`SPRING:MOVEMENT,RETREATS`, `NEWYEAR:5`, `IFYEARDIV:2`).
fn read_flow(items: &[(String, Span)], diags: &mut Diagnostics) -> Vec<Season> {
    let mut out: Vec<Season> = Vec::new();
    for (item, span) in items {
        let (season, phases) = item.split_once(':').unwrap_or((item, ""));
        let season = season.py_upper();
        match season.as_str() {
            "NEWYEAR" => {
                let step = phases.parse::<i64>().unwrap_or(1);
                if step != 1 {
                    diags.push(lost(format!("`FLOW {item}`: a game year here is {step} years; sandtable's calendar counts one year at a time"), span.clone()).hint("the turns are numbered one year apart from the first"));
                }
                continue;
            }
            "IFYEARDIV" => {
                diags.push(lost(format!("`FLOW {item}`: the phases after it are played only in some years; sandtable plays them every year"), span.clone()));
                continue;
            }
            _ => {}
        }
        if phases.is_empty() {
            diags.push(
                bad(
                    format!("`FLOW {item}`: a season is followed by `:` and its phases"),
                    span.clone(),
                )
                .hint("e.g. `FLOW SPRING:MOVEMENT,RETREATS`"),
            );
            continue;
        }
        let mut list = Vec::new();
        for p in phases.split(',') {
            match phase_of(p) {
                Some(p) => list.push(p),
                None => diags.push(lost(format!("`FLOW {item}`: the phase `{p}` is not one sandtable plays (movement, retreats, adjustments); left out"), span.clone())),
            }
        }
        match out.last_mut() {
            Some(last) if last.name == season => last.phases.extend(list),
            _ => out.push(Season {
                name: season,
                phases: list,
            }),
        }
    }
    out
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
