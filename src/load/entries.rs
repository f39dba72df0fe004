//! Reading one game file section by section, and each section entry by entry.
//!
//! A file is first parsed as TOML alone (with spans); only a file that is not TOML at all
//! fails as a whole. Each top-level section is then read on its own, and each entry of a
//! list section (`[[counter]]`, `[[scenario]]`, …) on its own: a mistake inside an entry (an
//! unknown key, a value of the wrong type, a word not in a list) leaves out that entry alone,
//! reported where it was written, and the entry's id — when it can be read — is handed to
//! `check` as [`Dropped`], so that references to it are not reported again as unknown. Every
//! mistake of an entry is found in one pass: the key at fault is taken out and the entry read
//! again, up to [`MAX_MISTAKES_PER_ENTRY`] times.

use std::ops::Range;

use serde::Deserialize;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use super::phrasing;
use super::schema::{GameFile, Spanned};
use crate::diag::{Diagnostic, Span};
use crate::load::source::FileId;

/// An entry left out of a file for a mistake of its own (already reported).
#[derive(Debug, Clone)]
pub struct Dropped {
    /// The section it was written under, or the section its misspelt header most likely
    /// meant (`counter` for `[[countr]]`); `None` when no section is close.
    pub section: Option<&'static str>,
    /// Its `id`, when that could be read.
    pub id: Option<Spanned<String>>,
}

/// The sections a game file may hold, as written in TOML (the keys of [`GameFile`]).
pub const SECTIONS: &[&str] = &[
    "use",
    "game",
    "art",
    "side",
    "nation",
    "country",
    "weather",
    "calendar",
    "turn",
    "phase",
    "player-turn",
    "track",
    "track-display",
    "schedule",
    "factor",
    "unit-type",
    "class",
    "counter",
    "terrain",
    "hexside-terrain",
    "map",
    "pool",
    "scenario",
    "crt",
    "chart",
    "rules",
    "option",
];

/// How many mistakes are looked for in one entry before the rest of it is left unread.
pub const MAX_MISTAKES_PER_ENTRY: usize = 16;

/// What reading one file gave: its sections, the entries left out, the mistakes.
#[derive(Debug, Default)]
pub struct Reading {
    /// The entries read whole.
    pub file: GameFile,
    /// The entries left out.
    pub dropped: Vec<Dropped>,
    /// The mistakes found, located in the file.
    pub diagnostics: Vec<Diagnostic>,
}

/// Read a file that parsed as TOML, section by section and entry by entry.
pub fn read(file: FileId, root: DeTable<'_>) -> Reading {
    let mut r = Reader {
        file,
        out: Reading::default(),
    };
    for (key, value) in root {
        let name: &str = key.get_ref();
        let key_span = key.span();
        match name {
            "use" => {
                if let Some(v) = r.whole("use", value) {
                    r.out.file.uses = v;
                }
            }
            "game" => r.out.file.game = r.game(value),
            "art" => r.out.file.art = r.single("art", value, true),
            "calendar" => r.out.file.calendar = r.single("calendar", value, false),
            "rules" => r.out.file.rules = r.single("rules", value, true),
            "side" => r.out.file.side = r.list("side", value),
            "nation" => r.out.file.nation = r.list("nation", value),
            "country" => r.out.file.country = r.list("country", value),
            "weather" => r.out.file.weather = r.list("weather", value),
            "turn" => r.out.file.turn = r.list("turn", value),
            "phase" => r.out.file.phase = r.list("phase", value),
            "player-turn" => r.out.file.player_turn = r.list("player-turn", value),
            "track" => r.out.file.track = r.list("track", value),
            "track-display" => r.out.file.track_display = r.list("track-display", value),
            "schedule" => r.out.file.schedule = r.list("schedule", value),
            "factor" => r.out.file.factor = r.list("factor", value),
            "unit-type" => r.out.file.unit_type = r.list("unit-type", value),
            "class" => r.out.file.class = r.list("class", value),
            "counter" => r.out.file.counter = r.list("counter", value),
            "terrain" => r.out.file.terrain = r.list("terrain", value),
            "hexside-terrain" => r.out.file.hexside_terrain = r.list("hexside-terrain", value),
            "map" => r.out.file.map = r.list("map", value),
            "pool" => r.out.file.pool = r.list("pool", value),
            "scenario" => r.out.file.scenario = r.list("scenario", value),
            "crt" => r.out.file.crt = r.list("crt", value),
            "chart" => r.out.file.chart = r.list("chart", value),
            "option" => r.out.file.option = r.list("option", value),
            _ => r.unknown_section(name, key_span, value),
        }
    }
    r.out
}

struct Reader {
    file: FileId,
    out: Reading,
}

impl Reader {
    fn at(&self, range: Range<usize>) -> Span {
        Span::new(self.file, range)
    }

    /// A section read as one value (`use = […]`): on a mistake, nothing of it.
    fn whole<T: for<'de> Deserialize<'de>>(
        &mut self,
        section: &'static str,
        value: toml::Spanned<DeValue<'_>>,
    ) -> Option<T> {
        match T::deserialize(ValueDeserializer::from(value)) {
            Ok(v) => Some(v),
            Err(e) => {
                self.out
                    .diagnostics
                    .push(phrasing::diagnostic(self.file, &e, None, Some(section)));
                self.out.dropped.push(Dropped {
                    section: Some(section),
                    id: None,
                });
                None
            }
        }
    }

    /// A single table (`[art]`, `[rules]`): every mistake reported; the keys at fault are
    /// left out when `keep_rest` and the rest still reads, else the whole table.
    fn single<T: for<'de> Deserialize<'de>>(
        &mut self,
        section: &'static str,
        value: toml::Spanned<DeValue<'_>>,
        keep_rest: bool,
    ) -> Option<Spanned<T>> {
        let span = value.span();
        match self.entry::<T>(section, value) {
            Ok(v) => Some(Spanned::new(span, v)),
            Err(rest) => {
                self.out.dropped.push(Dropped {
                    section: Some(section),
                    id: None,
                });
                rest.filter(|_| keep_rest).map(|v| Spanned::new(span, v))
            }
        }
    }

    /// `[game]`: like [`Reader::single`], and when a key it cannot do without is the one at
    /// fault, its plain values stand in (an empty title or version) so that the rest of
    /// the game is still checked; the part is reported broken all the same.
    fn game(
        &mut self,
        value: toml::Spanned<DeValue<'_>>,
    ) -> Option<Spanned<super::schema::GameInfo>> {
        let span = value.span();
        let id = table_id(&value).unwrap_or_else(|| Spanned::new(span.clone(), "game".into()));
        match self.entry::<super::schema::GameInfo>("game", value) {
            Ok(v) => Some(Spanned::new(span, v)),
            Err(rest) => {
                self.out.dropped.push(Dropped {
                    section: Some("game"),
                    id: None,
                });
                let info = rest.unwrap_or(super::schema::GameInfo {
                    id,
                    title: String::new(),
                    version: String::new(),
                    designers: Vec::new(),
                    description: String::new(),
                    player_order: Vec::new(),
                });
                Some(Spanned::new(span, info))
            }
        }
    }

    /// A list section (`[[counter]]`, or `counter = [{…}, …]`), entry by entry.
    fn list<T: for<'de> Deserialize<'de>>(
        &mut self,
        section: &'static str,
        value: toml::Spanned<DeValue<'_>>,
    ) -> Vec<T> {
        let span = value.span();
        let items = match value.into_inner() {
            DeValue::Array(items) => items,
            other => {
                self.out.diagnostics.push(
                    Diagnostic::error(
                        "wrong-type",
                        format!(
                            "`{section}` is a list of tables (`[[{section}]]`), not {}",
                            phrasing::found(&other)
                        ),
                    )
                    .at(self.at(span))
                    .hint(format!(
                        "write each entry under its own `[[{section}]]` header"
                    )),
                );
                self.out.dropped.push(Dropped {
                    section: Some(section),
                    id: None,
                });
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for item in items.iter().cloned() {
            let id = table_id(&item);
            match self.entry::<T>(section, item) {
                Ok(v) => out.push(v),
                Err(_) => self.out.dropped.push(Dropped {
                    section: Some(section),
                    id,
                }),
            }
        }
        out
    }

    /// Read one entry, reporting each of its mistakes: `Ok` when it had none; else `Err`
    /// with what the entry reads as once the keys at fault are taken out, when it still
    /// reads.
    fn entry<T: for<'de> Deserialize<'de>>(
        &mut self,
        section: &'static str,
        mut value: toml::Spanned<DeValue<'_>>,
    ) -> Result<T, Option<T>> {
        let mut mistakes = 0;
        loop {
            match T::deserialize(ValueDeserializer::from(value.clone())) {
                Ok(v) if mistakes == 0 => return Ok(v),
                Ok(v) => return Err(Some(v)),
                Err(e) => {
                    // A key left out for a mistake may be one the entry needs: its absence
                    // follows from the mistake already reported.
                    if mistakes > 0 && phrasing::is_missing_key(&e) {
                        return Err(None);
                    }
                    let key = e.span().and_then(|at| key_at(&value, &at));
                    let header = if is_list(section) {
                        format!("[[{section}]]")
                    } else {
                        format!("[{section}]")
                    };
                    self.out.diagnostics.push(phrasing::diagnostic(
                        self.file,
                        &e,
                        Some((section, &header)),
                        key.as_deref(),
                    ));
                    mistakes += 1;
                    let taken = e.span().is_some_and(|at| take_out(&mut value, &at));
                    if !taken || mistakes >= MAX_MISTAKES_PER_ENTRY {
                        return Err(None);
                    }
                }
            }
        }
    }

    /// A top-level key that is no section: one located error with the closest section,
    /// and its entries handed on as dropped under that section (their ids held back).
    fn unknown_section(
        &mut self,
        name: &str,
        key_span: Range<usize>,
        value: toml::Spanned<DeValue<'_>>,
    ) {
        let meant = crate::diag::suggest::closest(name, SECTIONS.iter().copied());
        let is_list = matches!(value.get_ref(), DeValue::Array(_));
        let header = if is_list {
            format!("[[{name}]]")
        } else if matches!(value.get_ref(), DeValue::Table(_)) {
            format!("[{name}]")
        } else {
            format!("`{name}`")
        };
        let hint = match meant {
            Some(m) if is_list => format!("did you mean `[[{m}]]`?"),
            Some(m) if matches!(value.get_ref(), DeValue::Table(_)) => {
                format!("did you mean `[{m}]`?")
            }
            Some(m) => format!("did you mean `{m}`?"),
            None => format!("the sections are {}", SECTIONS.join(", ")),
        };
        self.out.diagnostics.push(
            Diagnostic::error("unknown-section", format!("unknown section {header}"))
                .at(self.at(key_span))
                .label("no section has this name")
                .hint(hint),
        );
        // A plain value defines nothing; a table or a list of them may have.
        let entries: Vec<toml::Spanned<DeValue<'_>>> = match value.into_inner() {
            DeValue::Array(items) => items.iter().cloned().collect(),
            table @ DeValue::Table(_) => vec![toml::Spanned::new(0..0, table)],
            _ => Vec::new(),
        };
        for e in entries {
            self.out.dropped.push(Dropped {
                section: meant,
                id: table_id(&e),
            });
        }
    }
}

/// The `id` of a table entry, when it is text.
fn table_id(value: &toml::Spanned<DeValue<'_>>) -> Option<Spanned<String>> {
    let DeValue::Table(t) = value.get_ref() else {
        return None;
    };
    let id = t.get("id")?;
    let text = id.get_ref().as_str()?;
    Some(Spanned::new(id.span(), text.to_string()))
}

/// Whether a section is a list of tables (`[[side]]`).
fn is_list(section: &str) -> bool {
    !matches!(section, "use" | "game" | "art" | "calendar" | "rules")
}

/// The dotted path, inside an entry, of the key whose name holds `at` or whose value is
/// `at` (searched through every table and list of tables: a table written under its own
/// header is not spanned around its keys).
fn key_at(value: &toml::Spanned<DeValue<'_>>, at: &Range<usize>) -> Option<String> {
    let within = |outer: &Range<usize>| outer.start <= at.start && at.end <= outer.end;
    match value.get_ref() {
        DeValue::Table(table) => {
            for (k, v) in table.iter() {
                if within(&k.span()) || v.span() == *at || within(&v.span()) && !has_tables(v) {
                    return Some(k.get_ref().to_string());
                }
                if let Some(inner) = key_at(v, at) {
                    return Some(format!("{}.{inner}", k.get_ref()));
                }
            }
            None
        }
        DeValue::Array(items) => items.iter().find_map(|item| key_at(item, at)),
        _ => None,
    }
}

/// Whether a value is or holds tables (which are searched key by key).
fn has_tables(value: &toml::Spanned<DeValue<'_>>) -> bool {
    match value.get_ref() {
        DeValue::Table(_) => true,
        DeValue::Array(items) => items.iter().any(has_tables),
        _ => false,
    }
}

/// Take out of `value` the key (at any depth) whose name holds `at` or whose value is
/// `at`, so that the entry can be read again for its other mistakes. `false` when no key
/// is (a mistake of the whole entry, such as a key it lacks, or inside a value).
fn take_out(value: &mut toml::Spanned<DeValue<'_>>, at: &Range<usize>) -> bool {
    let within = |outer: &Range<usize>| outer.start <= at.start && at.end <= outer.end;
    match value.get_mut() {
        DeValue::Table(table) => {
            let hit = table
                .iter()
                .find(|(k, v)| {
                    within(&k.span()) || v.span() == *at || within(&v.span()) && !has_tables(v)
                })
                .map(|(k, _)| k.clone());
            if let Some(k) = hit {
                return table.remove(&k).is_some();
            }
            table.iter_mut().any(|(_, v)| take_out(v, at))
        }
        DeValue::Array(items) => items.iter_mut().any(|item| take_out(item, at)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::source::SourceMap;

    fn read_text(text: &str) -> Reading {
        let file = SourceMap::default().add("t.toml", text);
        let root = DeTable::parse(text).expect("TOML").into_inner();
        read(file, root)
    }

    #[test]
    fn the_sections_are_the_keys_of_a_game_file() {
        let schema = super::super::schema::json_schema();
        let mut keys: Vec<&str> = schema["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        let mut sections = SECTIONS.to_vec();
        sections.sort_unstable();
        assert_eq!(keys, sections);
    }

    #[test]
    fn a_bad_entry_leaves_out_that_entry_alone() {
        let r = read_text(
            "[[side]]\nid = \"axis\"\nname = \"Axis\"\ncolour = \"#000000\"\n\n\
             [[side]]\nid = \"allies\"\nnmae = \"Allies\"\ncolour = \"#ffffff\"\n",
        );
        assert_eq!(r.file.side.len(), 1);
        assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
        assert_eq!(r.diagnostics[0].code, "unknown-key");
        assert_eq!(r.dropped.len(), 1);
        assert_eq!(
            r.dropped[0].id.as_ref().map(|i| i.get_ref().as_str()),
            Some("allies")
        );
    }

    #[test]
    fn every_mistake_of_an_entry_is_reported() {
        let r =
            read_text("[[side]]\nid = \"axis\"\nnmae = \"Axis\"\ncolour = 12\nnations = \"ger\"\n");
        let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
        // The missing `name` follows from the misspelt one: not reported.
        assert_eq!(codes, ["unknown-key", "wrong-type", "wrong-type"]);
        assert!(r.file.side.is_empty());
    }

    #[test]
    fn a_misspelt_header_names_the_section_meant_and_holds_its_ids() {
        let r = read_text("[[countr]]\nid = \"ger-1\"\n");
        assert_eq!(r.diagnostics[0].code, "unknown-section");
        assert_eq!(
            r.diagnostics[0].hint.as_deref(),
            Some("did you mean `[[counter]]`?")
        );
        assert_eq!(r.dropped[0].section, Some("counter"));
        assert_eq!(
            r.dropped[0].id.as_ref().map(|i| i.get_ref().as_str()),
            Some("ger-1")
        );
    }

    #[test]
    fn a_game_with_a_mistake_is_still_read_for_the_rest() {
        let r = read_text("[game]\nid = \"g\"\ntitel = \"G\"\nversion = \"1\"\n");
        assert_eq!(r.diagnostics.len(), 1);
        let g = r.file.game.expect("a stand-in game");
        assert_eq!(g.get_ref().id.get_ref(), "g");
    }
}
