//! Check stage: validate the loaded definitions and resolve them into a [`Game`].
//!
//! Every problem is collected (never `?` on a user's mistake), each located in its file with
//! a hint. Checks run in dependency order — game, counters, terrain and tables, maps, pools
//! and scenarios, rules — and each part that cannot be resolved is left out of the model
//! without producing follow-on errors. The game is returned only when no error was found.

mod board;
mod calendar;
mod cartouche;
pub(crate) mod counters;
mod forces;
mod fractions;
mod game;
mod maps;
mod names;
mod options;
mod prose;
mod registry;
mod rules;
mod scenarios;
mod sequence;
use crate::diag::suggest;
mod tables;
mod text;

use std::collections::BTreeSet;
use std::path::Path;

use crate::load::schema::Spanned;

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::source::{FileId, SourceMap};
use crate::load::{self, LoadError, Loaded};
use crate::model::Game;
pub use options::Selection;
pub use registry::Registry;

/// The outcome of checking a game directory.
#[derive(Debug)]
pub struct Checked {
    /// The files read (needed to render diagnostics).
    pub sources: SourceMap,
    /// Every problem found, sorted by file and position.
    pub diagnostics: Diagnostics,
    /// The validated game, when there were no errors.
    pub game: Option<Game>,
    /// The game made of the entries that were whole, even when other parts had errors
    /// (`None` only without a `[game]`): for helpers that do not need the broken parts.
    pub partial: Option<Game>,
    /// The parts of the game that reported errors.
    pub broken: BTreeSet<Part>,
}

/// A part of a game, as far as a rule helper may depend on it. Errors are counted against
/// the part being checked when they were found.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// A file did not parse (or could not be read): anything may be missing.
    Unparsed,
    /// `[game]`, sides, nations, countries, weather, the calendar, tracks and displays.
    Game,
    /// Factors, unit types, classes and the counter mix.
    Counters,
    /// Terrain, combat results tables and charts.
    Tables,
    /// The maps.
    Maps,
    /// Force pools.
    Pools,
    /// One scenario, by id.
    Scenario(String),
    /// Rule parameters: zones of control, supply, control, victory.
    Rules,
    /// The rules prose (`rules/*.md`): no helper needs it.
    Rulebook,
}

impl Checked {
    /// The game for a helper that depends on every part but the scenarios `except` allows
    /// to be broken: `None` when any part it needs reported errors.
    pub fn game_without(&self, except: impl Fn(&Part) -> bool) -> Option<&Game> {
        if let Some(g) = &self.game {
            return Some(g);
        }
        if self.broken.iter().any(|p| !except(p)) {
            return None;
        }
        self.partial.as_ref()
    }
}

/// Load and check the game in `dir`.
pub fn check_dir(dir: &Path) -> Result<Checked, LoadError> {
    check_dir_with(dir, &Selection::default())
}

/// Load and check the game in `dir` with the optional rules `selection` turns on.
pub fn check_dir_with(dir: &Path, selection: &Selection) -> Result<Checked, LoadError> {
    let loaded = load::load(dir)?;
    Ok(check_with(loaded, selection))
}

/// The hex grid a map's `[map.hex]` describes (for `sandtable geo`, which lays the grid
/// before the map has layers), with the problems of its description.
pub fn hex_grid(
    sources: &SourceMap,
    file: FileId,
    h: &Spanned<load::schema::HexGrid>,
) -> (Option<crate::model::HexGeometry>, Diagnostics) {
    let mut cx = Cx {
        sources,
        diags: Diagnostics::default(),
        map_left_out: false,
        part: Part::Maps,
        broken: BTreeSet::new(),
        errors_before: 0,
    };
    let grid = maps::hex_geometry(&mut cx, file, h);
    (grid, cx.diags)
}

/// Check loaded definitions (the optional rules on by default, and the scenarios' own).
pub fn check(loaded: Loaded) -> Checked {
    check_with(loaded, &Selection::default())
}

/// Check loaded definitions with the optional rules `selection` turns on: whatever belongs
/// to an option that is off is left out before anything else is checked.
pub fn check_with(loaded: Loaded, selection: &Selection) -> Checked {
    let Loaded {
        root,
        sources,
        mut files,
        unreadable,
        dropped,
        prose,
        prose_diagnostics,
        mut diagnostics,
    } = loaded;
    let mut cx = Cx {
        sources: &sources,
        diags: Diagnostics::default(),
        map_left_out: false,
        part: Part::Game,
        broken: BTreeSet::new(),
        errors_before: 0,
    };
    let selected = options::select(&mut cx, &mut files, selection);
    let game = build(
        &mut cx,
        &root,
        &files,
        &dropped,
        (&prose, prose_diagnostics),
        selected,
    );
    cx.enter(Part::Game);
    let ids: Vec<FileId> = files.iter().map(|(id, _)| *id).collect();
    let mut text_errors = Vec::new();
    text::check_text(&sources, &ids, &mut text_errors);
    if !text_errors.is_empty() {
        // The text reaches the module anywhere: nothing may use the game.
        cx.broken.insert(Part::Game);
    }
    // A file that could not be read may hold `[game]` or the definitions other files refer
    // to: do not bury its error under references that only look broken because of it, nor
    // under reports that the game has none of what that file defined ("the game defines no
    // terrain", "no track stands on track display …"). An entry left out of a file that was
    // read holds back only references to its own id (claimed in the registries by `build`),
    // and the reports of the game lacking what it defined.
    let held = HeldBack::new(&sources, &unreadable, &dropped);
    let mut not_checked = 0;
    for d in cx.diags.iter() {
        if held.holds(d.code) {
            not_checked += 1;
        } else {
            diagnostics.push(d.clone());
        }
    }
    if let Some(d) = held.summary(not_checked) {
        diagnostics.push(d);
    }
    for d in text_errors {
        diagnostics.push(d);
    }
    let mut broken = cx.broken;
    if held.anything_missing() {
        broken.insert(Part::Unparsed);
    }
    for (_, d) in &dropped {
        broken.insert(part_of(d));
    }
    diagnostics.sort(&sources);
    let (game, partial) = if diagnostics.has_errors() {
        (None, game)
    } else {
        (game, None)
    };
    Checked {
        sources,
        diagnostics,
        game,
        partial,
        broken,
    }
}

/// What a file that could not be read, or an entry left out of one, holds back: the
/// diagnostics that may only follow from its absence.
struct HeldBack {
    /// Files that could not be read (or sections no name is close to): anything may be
    /// missing, so every reference to an unknown name is held back.
    unread: Vec<String>,
    /// Whether any entry was left out.
    dropped: bool,
    /// Whether an entry the counter mix or a set-up's units come from was left out.
    units_dropped: bool,
    at: Option<Span>,
}

impl HeldBack {
    fn new(
        sources: &SourceMap,
        unreadable: &[FileId],
        dropped: &[(FileId, load::entries::Dropped)],
    ) -> Self {
        let mut unread: Vec<String> = Vec::new();
        let mut at = None;
        // The warning stands at the end of the first such file, after the file's own errors
        // (diagnostics are sorted by place), which its hint calls "the mistakes above".
        let end = |f: FileId| {
            let len = sources.text(f).len();
            Span::new(f, len..len)
        };
        for f in unreadable {
            at.get_or_insert_with(|| end(*f));
            let name = format!("`{}` could not be read", sources.path(*f));
            if !unread.contains(&name) {
                unread.push(name);
            }
        }
        for (f, d) in dropped {
            // A section no name is close to, a `use` or an optional rule left out: what it
            // would have defined cannot be known.
            if matches!(d.section, None | Some("use") | Some("option")) {
                at.get_or_insert_with(|| end(*f));
                let name = format!("a section of `{}` could not be read", sources.path(*f));
                if !unread.contains(&name) {
                    unread.push(name);
                }
            }
        }
        let units_dropped = dropped.iter().any(|(_, d)| {
            matches!(
                d.section,
                Some("counter" | "class" | "unit-type" | "factor" | "scenario" | "pool" | "map")
            )
        });
        Self {
            unread,
            dropped: !dropped.is_empty(),
            units_dropped,
            at,
        }
    }

    fn anything_missing(&self) -> bool {
        !self.unread.is_empty()
    }

    /// Whether a diagnostic with `code` may only follow from what is missing.
    fn holds(&self, code: &str) -> bool {
        let unread = !self.unread.is_empty();
        match code {
            "unknown-reference" | "no-such-location" | "no-such-hex" => unread,
            "no-game"
            | "directive-without-data"
            | "no-sides"
            | "no-turns"
            | "no-unit-types"
            | "unused-track-display" => unread || self.dropped,
            "setup-instruction" => unread || self.units_dropped,
            _ => false,
        }
    }

    /// One warning saying how many diagnostics were held back and why.
    fn summary(&self, count: usize) -> Option<Diagnostic> {
        if count == 0 {
            return None;
        }
        let why = if self.unread.is_empty() {
            "entries with mistakes were left out".to_string()
        } else {
            self.unread.join(", ")
        };
        let what = if count == 1 {
            "1 problem that may follow from it was".to_string()
        } else {
            format!("{count} problems that may follow from it were")
        };
        Some(
            Diagnostic::warning("not-checked", format!("not checked: {why}"))
                .at_opt(self.at.clone())
                .hint(format!(
                    "{what} not reported; fix the mistakes above and check again"
                )),
        )
    }
}

/// The part of the game an entry left out belongs to.
fn part_of(d: &load::entries::Dropped) -> Part {
    match d.section {
        Some("factor" | "unit-type" | "class" | "counter") => Part::Counters,
        Some("terrain" | "hexside-terrain" | "crt" | "chart") => Part::Tables,
        Some("map") => Part::Maps,
        Some("pool") => Part::Pools,
        Some("rules") => Part::Rules,
        Some("scenario") => match &d.id {
            Some(id) => Part::Scenario(id.get_ref().clone()),
            None => Part::Unparsed,
        },
        Some("use" | "option") | None => Part::Unparsed,
        Some(_) => Part::Game,
    }
}

/// Shared state of one check run.
pub(crate) struct Cx<'a> {
    pub(crate) sources: &'a SourceMap,
    pub(crate) diags: Diagnostics,
    /// Whether a map was left out of the model for errors of its own.
    pub(crate) map_left_out: bool,
    /// The part being checked, which the errors found are counted against.
    pub(crate) part: Part,
    /// The parts that reported errors.
    pub(crate) broken: BTreeSet<Part>,
    /// Errors reported before the current part was entered.
    pub(crate) errors_before: usize,
}

impl Cx<'_> {
    pub(crate) fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Start checking `part`: the part checked so far is counted as broken if it reported
    /// an error (through [`Cx::push`] or a registry).
    pub(crate) fn enter(&mut self, part: Part) {
        if self.diags.error_count() > self.errors_before {
            self.broken.insert(self.part.clone());
        }
        self.errors_before = self.diags.error_count();
        self.part = part;
    }

    /// Report a name that should be on a map (a location, place, area, hex set or edge)
    /// and is not. When a map was left out for its own errors the name may well be on it,
    /// so the miss is held back rather than reported as a follow-on error.
    pub(crate) fn push_map_miss(&mut self, d: Diagnostic) {
        if self.map_left_out {
            self.broken.insert(self.part.clone());
        } else {
            self.push(d);
        }
    }

    /// Span of a spanned value in a file.
    pub(crate) fn span<T>(file: FileId, s: &Spanned<T>) -> Span {
        Span::new(file, s.span())
    }
}

/// One of a closed list of words: the word, or `None` after reporting an unknown one
/// (with the closest word, else the list).
pub(crate) fn word(
    cx: &mut Cx,
    file: FileId,
    s: &Spanned<String>,
    what: &str,
    words: &[&'static str],
) -> Option<&'static str> {
    if let Some(w) = words.iter().find(|w| **w == s.get_ref().as_str()) {
        return Some(w);
    }
    cx.push(
        Diagnostic::error("unknown-value", format!("unknown {what} `{}`", s.get_ref()))
            .at(Cx::span(file, s))
            .hint_opt(
                suggest::did_you_mean(s.get_ref(), words.iter().copied())
                    .or_else(|| Some(format!("write one of {}", words.join(", ")))),
            ),
    );
    None
}

/// All items of one section across files, with the file each came from.
pub(crate) fn gather<'a, T>(
    files: &'a [(FileId, load::schema::GameFile)],
    pick: impl Fn(&'a load::schema::GameFile) -> &'a Vec<T>,
) -> Vec<(FileId, &'a T)> {
    files
        .iter()
        .flat_map(|(id, f)| pick(f).iter().map(move |x| (*id, x)))
        .collect()
}

fn build(
    cx: &mut Cx,
    root: &Path,
    files: &[(FileId, load::schema::GameFile)],
    dropped: &[(FileId, load::entries::Dropped)],
    (prose, prose_problems): (&[FileId], Diagnostics),
    selected: options::Selected,
) -> Option<Game> {
    let mut names = names::Names::default();
    names.hold_dropped(cx, dropped);
    for (id, o) in &selected.off_classes {
        names.class.set_off(id, o);
    }
    for (id, o) in &selected.off_counters {
        names.counter.set_off(id, o);
    }
    for (id, o) in &selected.off_tracks {
        names.track.set_off(id, o);
    }
    for (id, o) in &selected.off_charts {
        names.chart.set_off(id, o);
    }
    cx.enter(Part::Game);
    let mut g = game::check_game(cx, root, files, &mut names)?;
    g.options = selected.options;
    for (chart, option) in &selected.off_charts {
        if let Some(o) = g.options.iter_mut().find(|x| &x.id == option) {
            o.charts_left_out.push(chart.clone());
        }
    }
    cx.enter(Part::Counters);
    counters::check_counters(cx, files, &mut names, &mut g);
    cx.enter(Part::Tables);
    tables::check_tables(cx, files, &mut names, &mut g);
    cx.enter(Part::Maps);
    maps::check_maps(cx, files, &mut names, &mut g);
    board::homes(cx, files, &mut g);
    cx.enter(Part::Game);
    game::check_track_displays(cx, files, &mut names, &mut g);
    // Pools, then each scenario under its own part (set by the scenario checks).
    cx.enter(Part::Pools);
    let written = scenarios::check_pools_and_scenarios(cx, files, &mut names, &mut g);
    cx.enter(Part::Rules);
    rules::check_rules(cx, files, &names, &mut g);
    scenarios::check_setups(cx, &g, written);
    for s in &mut g.scenarios {
        s.options = selected.scenarios.get(&s.id).cloned().unwrap_or_default();
    }
    cx.enter(Part::Rulebook);
    // A chapter that could not be read whole may hold the sections others refer to.
    let unread = prose_problems.iter().any(|d| d.code == "file-too-large");
    for d in prose_problems.iter() {
        cx.push(d.clone());
    }
    g.rulebook = prose::check_rulebook(cx, root, prose, unread, &names, &g);
    cx.enter(Part::Rulebook);
    Some(g)
}
