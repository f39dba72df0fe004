//! The rulebook: the designer's rules prose (`rules/*.md`), checked.
//!
//! Each chapter keeps its Markdown text as written; what the check stage resolved is kept
//! beside it: the numbered sections with their anchors, each directive (`{{crt combat}}`)
//! as the game data it names, and each cross-reference (`see 12.3`) as the section it
//! links to. The publisher ([`crate::emit::publish`]) and the module's help pages read the
//! text again with the same Markdown parser and find the same events at the same offsets.

use std::ops::Range;

use super::{CounterId, MapId, SideId, TrackId};

/// Index of a scenario in [`super::Game::scenarios`].
pub type ScenarioIdx = usize;

/// The checked rules prose of a game (empty when the game has no `rules/` folder).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rulebook {
    /// Chapters in file-name order.
    pub chapters: Vec<Chapter>,
}

impl Rulebook {
    /// True when the game has no rules prose.
    pub fn is_empty(&self) -> bool {
        self.chapters.is_empty()
    }
}

/// The anchor of the section numbered `number`: `s12.3`.
pub fn numbered_anchor(number: &str) -> String {
    format!("s{number}")
}

/// Whether an anchor is a numbered section's (`s` and a number), which is unique in the
/// whole book; [`slug_of_title`] never makes one.
pub fn is_numbered_anchor(anchor: &str) -> bool {
    anchor.strip_prefix('s').is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_digit())
            && n.chars().all(|c| c.is_ascii_digit() || c == '.')
    })
}

/// A rule number without trailing `.0` parts: `12.0` → `12`, `12.10` stays.
pub fn canonical_number(n: &str) -> String {
    let mut parts: Vec<&str> = n.trim_end_matches('.').split('.').collect();
    while parts.len() > 1 && parts.last().is_some_and(|p| p.chars().all(|c| c == '0')) {
        parts.pop();
    }
    parts.join(".")
}

/// An anchor from a heading's text: lower case words joined by `-`.
pub fn slug_of_title(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "section".to_string()
    } else if is_numbered_anchor(&out) {
        // A heading titled `S2` must not take the anchor of rule 2.
        format!("h-{out}")
    } else {
        out
    }
}

/// One Markdown file of `rules/`.
#[derive(Debug, Clone, PartialEq)]
pub struct Chapter {
    /// Path relative to the game directory (`rules/03-movement.md`).
    pub path: String,
    /// The page's file stem on the site (`03-movement`).
    pub slug: String,
    /// The chapter's title: its first level-1 heading, else its file name.
    pub title: String,
    /// The Markdown text.
    pub text: String,
    /// Every heading, in order.
    pub sections: Vec<Section>,
    /// Every directive paragraph, in order.
    pub directives: Vec<PlacedDirective>,
    /// Every cross-reference, in order.
    pub references: Vec<Reference>,
    /// Every link to another chapter and every picture of the game's files, in order.
    pub files: Vec<FileTarget>,
}

/// A link or picture of the prose naming a file, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileTarget {
    /// Byte range of the link in the chapter's text.
    pub range: Range<usize>,
    /// What it names.
    pub target: Linked,
}

/// What a link of the prose names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Linked {
    /// Another chapter (`05-movement.md`), and an anchor on it.
    Chapter(usize, Option<String>),
    /// A picture file, by its path relative to the game directory (`rules/pics/x.png`).
    Picture(String),
}

/// A heading of a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Heading level, 1–6.
    pub level: u8,
    /// The rule number the heading starts with (`12.3`), if any.
    pub number: Option<String>,
    /// The heading's text (with its number).
    pub title: String,
    /// Anchor on the chapter's page (`s12.3`, or a slug of the title).
    pub anchor: String,
    /// Byte range of the heading in the chapter's text.
    pub range: Range<usize>,
}

/// A directive paragraph and what it names.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedDirective {
    /// Byte range of the paragraph in the chapter's text.
    pub range: Range<usize>,
    /// What to insert.
    pub directive: Directive,
}

/// Generated material a directive inserts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directive {
    /// `{{crt ID}}`: a combat results table.
    Crt(usize),
    /// `{{chart ID}}`: another chart.
    Chart(usize),
    /// `{{tec}}`: the terrain effects chart.
    Terrain,
    /// `{{sequence}}`: the sequence of play.
    Sequence,
    /// `{{turns [SCENARIO]}}`: the turn record with a scenario's schedule.
    Turns(Option<ScenarioIdx>),
    /// `{{track ID}}`: a numeric track.
    Track(TrackId),
    /// `{{map [ID]}}`: a map picture.
    Map(MapId),
    /// `{{map [ID] inset PLACES}}`: a part of a map shown larger: the hexes (indices in
    /// its grid) or areas it must show, and the places as the prose names them.
    MapInset {
        /// The map.
        map: MapId,
        /// The hexes' indices (a hex map) or the areas' indices (an area map), sorted.
        places: Vec<usize>,
        /// The places as written (`0510-1015`, `par bur`), for the caption.
        named: String,
    },
    /// `{{counters [SIDE]}}`: the counter manifest, of one side or all.
    Counters(Option<SideId>),
    /// `{{counter ID}}`: one counter.
    Counter(CounterId),
    /// `{{setup SCENARIO}}`: a scenario's order of battle and set-up map.
    Setup(ScenarioIdx),
    /// `{{powers [SCENARIO]}}`: powers, home centres and starting units.
    Powers(Option<ScenarioIdx>),
    /// `{{provinces [MAP]}}`: an area map's provinces, with the abbreviations orders use.
    Provinces(MapId),
    /// `{{options}}`: the optional rules.
    Options,
    /// `{{victory}}`: the victory conditions, each side's, with when each is judged.
    Victory,
    /// A directive naming data that an optional rule left out of this game: the kind, the
    /// id and the option.
    LeftOut {
        /// The directive's kind (`chart`).
        kind: String,
        /// The id named.
        id: String,
        /// The option that is off.
        option: String,
    },
}

/// A cross-reference in the prose and the section it links to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// Byte range of the number in the chapter's text.
    pub range: Range<usize>,
    /// The number as written.
    pub number: String,
    /// The chapter holding the section.
    pub chapter: usize,
    /// The section's anchor there.
    pub anchor: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_zero_parts_name_the_same_rule() {
        assert_eq!(canonical_number("12.0"), "12");
        assert_eq!(canonical_number("12"), "12");
        assert_eq!(canonical_number("12.0.0"), "12");
        assert_eq!(canonical_number("12.10"), "12.10");
        assert_eq!(canonical_number("12.3."), "12.3");
        assert_eq!(canonical_number("0"), "0");
    }

    #[test]
    fn only_numbered_sections_get_numbered_anchors() {
        assert!(is_numbered_anchor(&numbered_anchor("12.3")));
        assert_eq!(slug_of_title("S2"), "h-s2");
        assert_eq!(slug_of_title("S2 supply"), "s2-supply");
        assert!(!is_numbered_anchor(&slug_of_title("S2")));
    }
}
