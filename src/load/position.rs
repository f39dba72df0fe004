//! Position files and orders files of games played on a province board (Diplomacy), read
//! into located data: a position file is TOML (the schema below, every value with its span),
//! an orders file plain text kept whole in the [`SourceMap`] for the adjudicator to read line
//! by line. Nothing here knows the game: resolving names against the board is
//! `diplomacy::position`'s job, reading orders `diplomacy::orders_file`'s.
//!
//! A position file says where a game stands between two phases:
//!
//! ```toml
//! game = "diplomacy"          # optional: the game's id, checked when given
//! turn = "autumn-1901"        # a turn of the game's calendar
//! phase = "retreat"           # a phase of that turn (default: its first)
//! standoffs = ["gal"]         # retreat phase: provinces a standoff left empty
//!
//! [power.austria]
//! units = ["A ser", "F alb", "A vie"]   # A or F (army, fleet) and a location id
//! centres = ["bud", "tri", "vie"]       # the supply centres it owns
//! strength = { vie = 2 }                # units of a strength other than 1, by province
//!                                       # (multi-factor games write `A3 vie` in `units`)
//! ips = 10                              # games with industry: home IPs and squadrons
//! squadrons = 1
//! captured = { lon = 3 }                # its IPs lying in home centres others took
//! fractions = ["1/3 A lor"]             # hidden parts of units ([rules.fractions])
//! dislodged = [{ unit = "A gal", from = "war" }]   # retreat phase: from = the attacker's
//!                                                 # province; convoyed = true if by sea
//! ```

use std::path::Path;

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use serde::Deserialize;

use super::LoadError;
use crate::diag::source::{FileId, SourceMap};
use crate::diag::{Diagnostic, Span};

/// Largest position or orders file read: both are written by people or by the tool.
const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// A position file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PositionFile {
    /// The game's id (`diplomacy`); when given, it must be the game's.
    pub game: Option<Spanned<String>>,
    /// The game turn (`spring-1901`): a turn id of the game's calendar.
    pub turn: Spanned<String>,
    /// The phase of the turn to be played next (`movement`, `retreat`, `adjustment`): a phase
    /// id the turn plays; default: the turn's first phase.
    pub phase: Option<Spanned<String>>,
    /// Retreat phase: the provinces a standoff left empty in the movement phase before it
    /// (no unit may retreat there).
    #[serde(default)]
    pub standoffs: Vec<Spanned<String>>,
    /// Each power (a side id) with its units and supply centres.
    #[serde(default)]
    pub power: IndexMap<Spanned<String>, PowerPosition>,
}

/// One power's part of a position.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PowerPosition {
    /// Its units on the board: the kind (`A`/`army`, `F`/`fleet`) and a location id, a fleet
    /// on a split coast naming the coast (`F stp/sc`).
    #[serde(default)]
    pub units: Vec<Spanned<String>>,
    /// The supply centres it owns (province ids).
    #[serde(default)]
    pub centres: Vec<Spanned<String>>,
    /// Units whose strength is not 1 (a variant's stronger units), by the province they
    /// stand in: `{ mun = 2 }`.
    #[serde(default)]
    pub strength: IndexMap<Spanned<String>, Spanned<u32>>,
    /// Retreat phase: its units dislodged in the movement phase before, still to retreat.
    #[serde(default)]
    pub dislodged: Vec<DislodgedUnit>,
    /// Games with hidden parts of units (`[rules.fractions]`): its parts, the size, the kind
    /// and a location (`1/3 A lor`; an army part at sea rides the fleet there).
    #[serde(default)]
    pub fractions: Vec<Spanned<String>>,
    /// Games with industry: the industrial points of its home country.
    pub ips: Option<Spanned<u32>>,
    /// Games with industry: its squadrons of aircraft.
    pub squadrons: Option<Spanned<u32>>,
    /// Games with industry: its IPs lying in home centres another power took, by centre.
    #[serde(default)]
    pub captured: IndexMap<Spanned<String>, Spanned<u32>>,
}

/// A dislodged unit, waiting to retreat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DislodgedUnit {
    /// The unit where it was dislodged (`A ser`).
    pub unit: Spanned<String>,
    /// The province its attacker came from (it may not retreat there).
    pub from: Spanned<String>,
    /// Whether the attacker came by convoy (then it may retreat to `from`).
    #[serde(default)]
    pub convoyed: bool,
    /// Its strength when not 1.
    pub strength: Option<Spanned<u32>>,
}

/// Read a file's text into `sources` (a position file or an orders file): its id, or the
/// located reason it cannot be read as text (larger than 4 MiB; not UTF-8, at the first byte
/// that is not). A file that cannot be read at all is a [`LoadError`].
pub fn read_text(
    path: &Path,
    sources: &mut SourceMap,
) -> Result<Result<FileId, Box<Diagnostic>>, LoadError> {
    let (id, bad) = read_into(path, sources)?;
    Ok(bad.map_or(Ok(id), Err))
}

/// Read a file into `sources` (empty when it is too large to read, its bad bytes replaced
/// when it is not UTF-8): its id, and why it is not text.
fn read_into(
    path: &Path,
    sources: &mut SourceMap,
) -> Result<(FileId, Option<Box<Diagnostic>>), LoadError> {
    let read_err = |source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    };
    let name = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(read_err)?;
    if meta.len() > MAX_BYTES {
        let id = sources.add(name.clone(), String::new());
        return Ok((id, Some(Box::new(
            Diagnostic::error(
                "file-too-large",
                format!("`{name}` is larger than {} MiB", MAX_BYTES / 1024 / 1024),
            )
            .at(Span::new(id, 0..0))
            .hint("a position or orders file is text written by people or by the tool: split the orders into several files"),
        ))));
    }
    let bytes = std::fs::read(path).map_err(read_err)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => (sources.add(name, text), None),
        Err(e) => {
            // Kept with the bad bytes replaced, so the first one has its line and column.
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let id = sources.add(name.clone(), text);
            let d = Diagnostic::error("not-utf8", format!("`{name}` is not valid UTF-8"))
                .at(Span::new(id, at..at))
                .hint("save the file as UTF-8");
            (id, Some(Box::new(d)))
        }
    })
}

/// Read a position file: its id in `sources`, and its contents or the located reason it is
/// not a position file.
pub fn read(
    path: &Path,
    sources: &mut SourceMap,
) -> Result<(FileId, Result<PositionFile, Box<Diagnostic>>), LoadError> {
    let (id, bad) = read_into(path, sources)?;
    match bad {
        Some(d) => Ok((id, Err(d))),
        None => Ok((id, parse(id, sources.text(id)))),
    }
}

/// Parse a position file's text.
pub fn parse(file: FileId, text: &str) -> Result<PositionFile, Box<Diagnostic>> {
    toml::from_str(text).map_err(|e: toml::de::Error| {
        let message = e.message().trim().to_string();
        let (code, hint) = if message.starts_with("unknown field") {
            (
                "unknown-key",
                "a position file has `game`, `turn`, `phase`, `standoffs` and `[power.<id>]` \
                 tables of `units`, `centres`, `strength` and `dislodged`",
            )
        } else if message.starts_with("missing field") {
            ("missing-key", "add the key to this table")
        } else if message.starts_with("invalid type") {
            (
                "wrong-type",
                "see the position file format in the designer's book, \"Games of written orders\"",
            )
        } else {
            ("syntax", "see https://toml.io for the syntax")
        };
        let first = message.lines().next().unwrap_or("").to_string();
        Box::new(
            Diagnostic::error(code, first)
                .at(Span::new(file, e.span().unwrap_or(0..0)))
                .hint(hint),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reads_with_spans() {
        let mut sources = SourceMap::default();
        let text = r#"
turn = "autumn-1901"
phase = "retreat"
standoffs = ["gal"]

[power.austria]
units = ["A ser", "F alb"]
centres = ["bud"]
strength = { ser = 2 }
dislodged = [{ unit = "A gal", from = "war" }]
"#;
        let id = sources.add("p.toml", text);
        let p = parse(id, text).expect("parses");
        assert_eq!(p.turn.get_ref(), "autumn-1901");
        let (power, a) = p.power.first().expect("a power");
        assert_eq!(power.get_ref(), "austria");
        assert_eq!(&text[a.units[1].span()], "\"F alb\"");
        assert_eq!(a.dislodged[0].from.get_ref(), "war");
        assert!(!a.dislodged[0].convoyed);
        assert_eq!(*a.strength[0].get_ref(), 2);
        let e = parse(id, "turn = \"x\"\nunits = []\n").expect_err("unknown key");
        assert_eq!(e.code, "unknown-key");
        assert!(e.span.is_some());
        let e = parse(id, "phase = \"movement\"\n").expect_err("no turn");
        assert_eq!(e.code, "missing-key");
    }
}
