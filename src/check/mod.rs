//! Check stage: validate the loaded definitions and resolve them into a [`Game`].
//!
//! Every problem is collected (never `?` on a user's mistake), each located in its file with
//! a hint. Checks run in dependency order — game, counters, terrain and tables, maps, pools
//! and scenarios, rules — and each part that cannot be resolved is left out of the model
//! without producing follow-on errors. The game is returned only when no error was found.

pub(crate) mod counters;
mod game;
mod maps;
mod registry;
mod rules;
mod scenarios;
use crate::diag::suggest;
mod tables;

use std::path::Path;

use toml::Spanned;

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::source::{FileId, SourceMap};
use crate::load::{self, LoadError, Loaded};
use crate::model::Game;
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
}

/// Load and check the game in `dir`.
pub fn check_dir(dir: &Path) -> Result<Checked, LoadError> {
    let loaded = load::load(dir)?;
    Ok(check(loaded))
}

/// Check loaded definitions.
pub fn check(loaded: Loaded) -> Checked {
    let Loaded {
        root,
        sources,
        files,
        mut diagnostics,
    } = loaded;
    let mut cx = Cx {
        sources: &sources,
        diags: Diagnostics::default(),
        map_left_out: false,
    };
    let game = build(&mut cx, &root, &files);
    // A file that failed to parse may hold `[game]` or the definitions other files refer
    // to: do not bury the parse error under references that only look broken because of it.
    let parse_failed = diagnostics.has_errors();
    let follow_on = [
        "no-game",
        "unknown-reference",
        "no-such-location",
        "no-such-hex",
    ];
    for d in cx.diags.iter() {
        if !(parse_failed && follow_on.contains(&d.code)) {
            diagnostics.push(d.clone());
        }
    }
    diagnostics.sort(&sources);
    let game = if diagnostics.has_errors() { None } else { game };
    Checked {
        sources,
        diagnostics,
        game,
    }
}

/// Shared state of one check run.
pub(crate) struct Cx<'a> {
    pub(crate) sources: &'a SourceMap,
    pub(crate) diags: Diagnostics,
    /// Whether a map was left out of the model for errors of its own.
    pub(crate) map_left_out: bool,
}

impl Cx<'_> {
    pub(crate) fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Report a name that should be on a map (a location, place, area, hex set or edge)
    /// and is not. When a map was left out for its own errors the name may well be on it,
    /// so the miss is held back rather than reported as a follow-on error.
    pub(crate) fn push_map_miss(&mut self, d: Diagnostic) {
        if !self.map_left_out {
            self.diags.push(d);
        }
    }

    /// Span of a spanned value in a file.
    pub(crate) fn span<T>(file: FileId, s: &Spanned<T>) -> Span {
        Span::new(file, s.span())
    }
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

fn build(cx: &mut Cx, root: &Path, files: &[(FileId, load::schema::GameFile)]) -> Option<Game> {
    let mut names = game::Names::default();
    let mut g = game::check_game(cx, root, files, &mut names)?;
    counters::check_counters(cx, files, &mut names, &mut g);
    tables::check_tables(cx, files, &mut names, &mut g);
    maps::check_maps(cx, files, &mut names, &mut g);
    game::check_track_displays(cx, files, &mut names, &mut g);
    let written = scenarios::check_pools_and_scenarios(cx, files, &mut names, &mut g);
    rules::check_rules(cx, files, &names, &mut g);
    scenarios::check_setups(cx, &g, written);
    Some(g)
}
