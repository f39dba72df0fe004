//! Checks of the game as a whole: `[game]`, sides, nations, countries, calendar, tracks.

use std::path::Path;

use toml::Spanned;

use super::{gather, Cx, Registry};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::{
    rules::Rules, ArtSettings, Colour, Country, Game, Nation, Phase, Schedule, Side, Track, Turn,
    Weather,
};

/// Every registry of ids, filled as the check proceeds.
pub(crate) struct Names {
    pub(crate) side: Registry,
    pub(crate) nation: Registry,
    pub(crate) country: Registry,
    pub(crate) weather: Registry,
    pub(crate) turn: Registry,
    pub(crate) phase: Registry,
    pub(crate) track: Registry,
    pub(crate) schedule: Registry,
    pub(crate) factor: Registry,
    pub(crate) unit_type: Registry,
    pub(crate) class: Registry,
    pub(crate) counter: Registry,
    pub(crate) terrain: Registry,
    pub(crate) hexside_terrain: Registry,
    pub(crate) map: Registry,
    pub(crate) pool: Registry,
    pub(crate) scenario: Registry,
    pub(crate) crt: Registry,
    pub(crate) chart: Registry,
    /// Hex sets, regions and countries usable as areas, per map: (map, registry).
    pub(crate) hex_sets: Vec<Registry>,
    /// Where each scenario was defined (file) in model order.
    pub(crate) scenario_files: Vec<FileId>,
}

impl Default for Names {
    fn default() -> Self {
        Self {
            side: Registry::new("side"),
            nation: Registry::new("nation"),
            country: Registry::new("country"),
            weather: Registry::new("weather"),
            turn: Registry::new("turn"),
            phase: Registry::new("phase"),
            track: Registry::new("track"),
            schedule: Registry::new("schedule"),
            factor: Registry::new("factor"),
            unit_type: Registry::new("unit type"),
            class: Registry::new("class"),
            counter: Registry::new("counter"),
            terrain: Registry::new("terrain"),
            hexside_terrain: Registry::new("hexside terrain"),
            map: Registry::new("map"),
            pool: Registry::new("pool"),
            scenario: Registry::new("scenario"),
            crt: Registry::new("combat results table"),
            chart: Registry::new("chart"),
            hex_sets: Vec::new(),
            scenario_files: Vec::new(),
        }
    }
}

/// Parse a colour, reporting a malformed one (black is used so checking can go on).
pub(crate) fn colour(cx: &mut Cx, file: FileId, s: &Spanned<String>) -> Colour {
    Colour::parse(s.get_ref()).unwrap_or_else(|| {
        cx.push(
            Diagnostic::error("bad-colour", format!("`{}` is not a colour", s.get_ref()))
                .at(Cx::span(file, s))
                .hint("write colours as `#rrggbb`, e.g. `#7d8b6a`"),
        );
        Colour { r: 0, g: 0, b: 0 }
    })
}

pub(crate) fn check_game(
    cx: &mut Cx,
    root: &Path,
    files: &[(FileId, GameFile)],
    names: &mut Names,
) -> Option<Game> {
    let infos: Vec<_> = files
        .iter()
        .filter_map(|(id, f)| f.game.as_ref().map(|g| (*id, g)))
        .collect();
    let Some((gfile, info)) = infos.first().copied() else {
        if !files.is_empty() || cx.sources.files().next().is_none() {
            cx.push(
                Diagnostic::error("no-game", "no `[game]` table found in any file")
                    .hint("add a `game.toml` with `[game]`, `id`, `title` and `version`"),
            );
        }
        return None;
    };
    for (file, dup) in infos.iter().skip(1) {
        cx.push(
            Diagnostic::error("duplicate", "`[game]` is defined twice")
                .at(Span::new(*file, dup.span()))
                .note(Span::new(gfile, info.span()), "first defined here"),
        );
    }
    let info = info.get_ref();
    let mut art = ArtSettings {
        counter_size: 60,
        hex_size: 64,
    };
    for (file, f) in files {
        if let Some(a) = &f.art {
            for (value, target, what) in [
                (
                    &a.get_ref().counter_size,
                    &mut art.counter_size,
                    "counter size",
                ),
                (&a.get_ref().hex_size, &mut art.hex_size, "hex size"),
            ] {
                if let Some(v) = value {
                    if !(16..=512).contains(v.get_ref()) {
                        cx.push(
                            Diagnostic::error(
                                "out-of-range",
                                format!("{what} {} is out of range", v.get_ref()),
                            )
                            .at(Cx::span(*file, v))
                            .hint("use a size between 16 and 512 pixels"),
                        );
                    } else {
                        *target = *v.get_ref();
                    }
                }
            }
        }
    }

    let mut g = Game {
        id: info.id.get_ref().clone(),
        title: info.title.clone(),
        version: info.version.clone(),
        designers: info.designers.clone(),
        description: info.description.clone(),
        root: root.to_path_buf(),
        art,
        sides: Vec::new(),
        player_order: Vec::new(),
        nations: Vec::new(),
        countries: Vec::new(),
        weather: Vec::new(),
        turns: Vec::new(),
        phases: Vec::new(),
        tracks: Vec::new(),
        schedules: Vec::new(),
        factors: Vec::new(),
        unit_types: Vec::new(),
        classes: Vec::new(),
        counters: Vec::new(),
        terrain: Vec::new(),
        hexside_terrain: Vec::new(),
        maps: Vec::new(),
        pools: Vec::new(),
        scenarios: Vec::new(),
        crts: Vec::new(),
        charts: Vec::new(),
        rules: Rules::default(),
    };

    // Nations first so sides can list them.
    for (file, n) in gather(files, |f| &f.nation) {
        if names.nation.define(file, &n.id, &mut cx.diags).is_some() {
            let background = colour(cx, file, &n.background);
            let text = colour(cx, file, &n.text);
            let symbol = n.symbol.as_ref().map_or(text, |s| colour(cx, file, s));
            g.nations.push(Nation {
                id: n.id.get_ref().clone(),
                name: n.name.clone(),
                abbreviation: n.abbreviation.clone().unwrap_or_else(|| n.name.clone()),
                side: None,
                background,
                text,
                symbol,
            });
        }
    }
    for (file, s) in gather(files, |f| &f.side) {
        if names.side.define(file, &s.id, &mut cx.diags).is_some() {
            let colour = colour(cx, file, &s.colour);
            let side_index = g.sides.len();
            let mut nations = Vec::new();
            for n in &s.nations {
                if let Some(i) = names.nation.resolve(file, n, &mut cx.diags) {
                    if let Some(other) = g.nations[i].side {
                        cx.push(
                            Diagnostic::error(
                                "conflict",
                                format!("nation `{}` already belongs to side `{}`", n.get_ref(), g.sides[other].id),
                            )
                            .at(Cx::span(file, n))
                            .hint("a nation belongs to one side; define a second nation (e.g. `rom-sov`) for units that change sides"),
                        );
                    } else {
                        g.nations[i].side = Some(side_index);
                        nations.push(i);
                    }
                }
            }
            g.sides.push(Side {
                id: s.id.get_ref().clone(),
                name: s.name.clone(),
                colour,
                nations,
            });
        }
    }
    if g.sides.is_empty() {
        cx.push(
            Diagnostic::error("no-sides", "the game defines no `[[side]]`")
                .at(Span::new(gfile, info.id.span()))
                .hint(
                    "add a `[[side]]` for each player, with `id`, `name`, `colour` and `nations`",
                ),
        );
    }
    for p in &info.player_order {
        if let Some(i) = names.side.resolve(gfile, p, &mut cx.diags) {
            g.player_order.push(i);
        }
    }
    if g.player_order.is_empty() {
        g.player_order = (0..g.sides.len()).collect();
    }
    for (file, c) in gather(files, |f| &f.country) {
        if names.country.define(file, &c.id, &mut cx.diags).is_some() {
            let controlled_by = c
                .controlled_by
                .as_ref()
                .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
            let colour = c.colour.as_ref().map(|s| colour(cx, file, s));
            g.countries.push(Country {
                id: c.id.get_ref().clone(),
                name: c.name.clone(),
                controlled_by,
                colour,
            });
        }
    }
    for (file, w) in gather(files, |f| &f.weather) {
        if names.weather.define(file, &w.id, &mut cx.diags).is_some() {
            g.weather.push(Weather {
                id: w.id.get_ref().clone(),
                name: w.name.clone(),
                effect: w.effect.clone(),
            });
        }
    }
    for (file, t) in gather(files, |f| &f.turn) {
        if names.turn.define(file, &t.id, &mut cx.diags).is_some() {
            let weather = t
                .weather
                .as_ref()
                .and_then(|w| names.weather.resolve(file, w, &mut cx.diags));
            g.turns.push(Turn {
                id: t.id.get_ref().clone(),
                name: t.name.clone(),
                weather,
                markers: t.markers.clone(),
            });
        }
    }
    if g.turns.is_empty() {
        cx.push(
            Diagnostic::error(
                "no-turns",
                "the game has no calendar: no `[[turn]]` is defined",
            )
            .at(Span::new(gfile, info.id.span()))
            .hint("list the game turns in order as `[[turn]]` tables with `id` and `name`"),
        );
    }
    for (file, p) in gather(files, |f| &f.phase) {
        if names.phase.define(file, &p.id, &mut cx.diags).is_some() {
            g.phases.push(Phase {
                id: p.id.get_ref().clone(),
                name: p.name.clone(),
                description: p.description.clone(),
            });
        }
    }
    for (file, t) in gather(files, |f| &f.track) {
        if names.track.define(file, &t.id, &mut cx.diags).is_some() {
            if t.min.get_ref() > t.max.get_ref() {
                cx.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!("track `{}` has min above max", t.id.get_ref()),
                    )
                    .at(Cx::span(file, &t.max))
                    .hint("swap `min` and `max`"),
                );
            }
            let side = t
                .side
                .as_ref()
                .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
            g.tracks.push(Track {
                id: t.id.get_ref().clone(),
                name: t.name.clone(),
                min: *t.min.get_ref(),
                max: *t.max.get_ref(),
                side,
            });
        }
    }
    for (file, s) in gather(files, |f| &f.schedule) {
        if names.schedule.define(file, &s.id, &mut cx.diags).is_none() {
            continue;
        }
        let track = names.track.resolve(file, &s.track, &mut cx.diags);
        let mut amounts = Vec::new();
        for (turn, amount) in s.amounts.get_ref() {
            if let Some(t) = names.turn.resolve(file, turn, &mut cx.diags) {
                amounts.push((t, *amount));
            }
        }
        amounts.sort_by_key(|(t, _)| *t);
        if let Some(track) = track {
            g.schedules.push(Schedule {
                id: s.id.get_ref().clone(),
                name: s.name.clone(),
                track,
                amounts,
            });
        } else {
            // Keep indices aligned with the registry.
            g.schedules.push(Schedule {
                id: s.id.get_ref().clone(),
                name: s.name.clone(),
                track: 0,
                amounts,
            });
        }
    }
    Some(g)
}
