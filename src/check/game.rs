//! Checks of the game as a whole: `[game]`, sides, nations, countries, calendar, tracks.

use std::path::Path;

use crate::load::schema::Spanned;

use super::names::Names;
use super::{calendar, gather, Cx};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::{
    rules::Rules, ArtSettings, Colour, Country, Game, Nation, OrderPhase, Phase, Schedule, Side,
    Track, TrackDisplay, TrackMarker, Turn, Weather,
};

/// The largest extra movement cost a weather may add to every location entered, either way.
const MOST_EXTRA: i64 = 100;

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
            // Point at `game.toml` when there is one: that is where `[game]` belongs.
            let at = files
                .iter()
                .find(|(id, _)| cx.sources.path(*id) == "game.toml")
                .map(|(id, _)| Span::new(*id, 0..0));
            cx.push(
                Diagnostic::error("no-game", "no `[game]` table found in any file")
                    .at_opt(at)
                    .label("`[game]` belongs in this file")
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
        compact_factors: false,
    };
    for (file, f) in files {
        if let Some(a) = &f.art {
            if let Some(c) = a.get_ref().compact_factors {
                art.compact_factors = c;
            }
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
        player_turns: Vec::new(),
        initiative: None,
        tracks: Vec::new(),
        track_displays: Vec::new(),
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
        options: Vec::new(),
        rulebook: crate::model::Rulebook::default(),
    };

    // Nations first so sides can list them.
    for (file, n) in gather(files, |f| &f.nation) {
        if let Some(claim) = names.nation.define(file, &n.id, &mut cx.diags) {
            let background = colour(cx, file, &n.background);
            let text = colour(cx, file, &n.text);
            let symbol = n.symbol.as_ref().map_or(text, |s| colour(cx, file, s));
            names.nation.admit(
                claim,
                &mut g.nations,
                Nation {
                    id: n.id.get_ref().clone(),
                    name: n.name.clone(),
                    abbreviation: n.abbreviation.clone().unwrap_or_else(|| n.name.clone()),
                    side: None,
                    background,
                    text,
                    symbol,
                },
            );
        }
    }
    for (file, s) in gather(files, |f| &f.side) {
        if let Some(claim) = names.side.define(file, &s.id, &mut cx.diags) {
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
            names.side.admit(
                claim,
                &mut g.sides,
                Side {
                    id: s.id.get_ref().clone(),
                    name: s.name.clone(),
                    colour,
                    nations,
                    home: Vec::new(),
                    control_marker: None,
                },
            );
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
        if let Some(claim) = names.country.define(file, &c.id, &mut cx.diags) {
            let controlled_by = c
                .controlled_by
                .as_ref()
                .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
            let colour = c.colour.as_ref().map(|s| colour(cx, file, s));
            names.country.admit(
                claim,
                &mut g.countries,
                Country {
                    id: c.id.get_ref().clone(),
                    name: c.name.clone(),
                    controlled_by,
                    colour,
                },
            );
        }
    }
    for (file, w) in gather(files, |f| &f.weather) {
        if let Some(claim) = names.weather.define(file, &w.id, &mut cx.diags) {
            let extra_cost = match &w.extra_cost {
                Some(e) if !(-MOST_EXTRA..=MOST_EXTRA).contains(e.get_ref()) => {
                    cx.push(
                        Diagnostic::error(
                            "bad-cost",
                            format!(
                                "extra cost {} of weather `{}` is beyond {MOST_EXTRA} movement \
                                 points either way",
                                e.get_ref(),
                                w.id.get_ref()
                            ),
                        )
                        .at(Cx::span(file, e))
                        .hint("give what every hex or area entered costs more, e.g. `1`"),
                    );
                    0
                }
                Some(e) => *e.get_ref(),
                None => 0,
            };
            let halves_movement = w.movement_allowance.as_ref().is_some_and(|a| {
                super::word(
                    cx,
                    file,
                    a,
                    "movement allowance",
                    crate::load::schema::words::MOVEMENT_ALLOWANCES,
                ) == Some("half")
            });
            names.weather.admit(
                claim,
                &mut g.weather,
                Weather {
                    id: w.id.get_ref().clone(),
                    name: w.name.clone(),
                    effect: w.effect.clone(),
                    extra_cost,
                    halves_movement,
                },
            );
        }
    }
    for (file, p) in gather(files, |f| &f.phase) {
        if let Some(claim) = names.phase.define(file, &p.id, &mut cx.diags) {
            let orders = p.orders.as_ref().and_then(|o| {
                super::word(
                    cx,
                    file,
                    o,
                    "kind of orders",
                    crate::load::schema::words::ORDER_PHASES,
                )
                .map(|w| match w {
                    "movement" => OrderPhase::Movement,
                    "retreat" => OrderPhase::Retreat,
                    _ => OrderPhase::Adjustment,
                })
            });
            let side = match &p.side {
                Some(s) => match names.side.resolve(file, s, &mut cx.diags) {
                    Some(side) => Some(side),
                    // An unknown side is reported; the phase is left out, not made shared.
                    None => continue,
                },
                None => None,
            };
            names.phase.admit(
                claim,
                &mut g.phases,
                Phase {
                    id: p.id.get_ref().clone(),
                    name: p.name.clone(),
                    description: p.description.clone(),
                    orders,
                    side,
                },
            );
        }
    }
    super::sequence::check_sequence(cx, files, names, &mut g);
    for (file, t) in gather(files, |f| &f.turn) {
        if let Some(claim) = names.turn.define(file, &t.id, &mut cx.diags) {
            let weather = t
                .weather
                .as_ref()
                .and_then(|w| names.weather.resolve(file, w, &mut cx.diags));
            let phases = t
                .phases
                .iter()
                .filter_map(|p| names.phase.resolve(file, p, &mut cx.diags))
                .collect();
            names.turn.admit(
                claim,
                &mut g.turns,
                Turn {
                    id: t.id.get_ref().clone(),
                    name: t.name.clone(),
                    weather,
                    markers: t.markers.clone(),
                    phases,
                },
            );
        }
    }
    let calendar = calendar::expand(cx, files, names, &mut g);
    if g.turns.is_empty() && !calendar {
        cx.push(
            Diagnostic::error(
                "no-turns",
                "the game has no calendar: no `[[turn]]` is defined",
            )
            .at(Span::new(gfile, info.id.span()))
            .hint("list the game turns in order as `[[turn]]` tables with `id` and `name`, or give a `[calendar]` of seasons"),
        );
    }
    for (file, t) in gather(files, |f| &f.track) {
        if let Some(claim) = names.track.define(file, &t.id, &mut cx.diags) {
            for end in [&t.min, &t.max] {
                if !track_value_fits(*end.get_ref()) {
                    cx.push(
                        Diagnostic::error(
                            "out-of-range",
                            format!(
                                "track `{}` reaches {}, past what VASSAL counts",
                                t.id.get_ref(),
                                end.get_ref()
                            ),
                        )
                        .at(Cx::span(file, end))
                        .hint(format!(
                            "a track runs between {} and {}",
                            i32::MIN,
                            i32::MAX
                        )),
                    );
                }
            }
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
            names.track.admit(
                claim,
                &mut g.tracks,
                Track {
                    id: t.id.get_ref().clone(),
                    name: t.name.clone(),
                    min: *t.min.get_ref(),
                    max: *t.max.get_ref(),
                    side,
                    // Resolved by `check_track_displays` once classes and maps are known.
                    marker: None,
                },
            );
        }
    }
    for (file, s) in gather(files, |f| &f.schedule) {
        let Some(claim) = names.schedule.define(file, &s.id, &mut cx.diags) else {
            continue;
        };
        let track = names.track.resolve(file, &s.track, &mut cx.diags);
        let mut amounts = Vec::new();
        for (turn, amount) in s.amounts.get_ref() {
            if let Some(t) = names.turn.resolve(file, turn, &mut cx.diags) {
                amounts.push((t, *amount));
            }
        }
        amounts.sort_by_key(|(t, _)| *t);
        // A schedule on an unknown track was reported; it is left out of the model.
        if let Some(track) = track {
            names.schedule.admit(
                claim,
                &mut g.schedules,
                Schedule {
                    id: s.id.get_ref().clone(),
                    name: s.name.clone(),
                    track,
                    amounts,
                },
            );
        }
    }
    Some(g)
}

/// Most boxes a track display may have (a picture of them must stay drawable).
const MAX_DISPLAY_BOXES: i64 = 1000;

/// `[[track-display]]` and the `marker`/`display` of each `[[track]]`; runs after the
/// counters and maps are known. Each display needs a map and a sane range; each track on a
/// display needs a marker class with a counter in the mix, used by no other track, and a
/// range inside the display's.
/// Whether a track's value fits the Java `int` VASSAL keeps it in (so `max - min` also
/// fits our own `i64`).
fn track_value_fits(v: i64) -> bool {
    i32::try_from(v).is_ok()
}

pub(crate) fn check_track_displays(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    let pool_names: Vec<&str> = gather(files, |f| &f.pool)
        .into_iter()
        .map(|(_, p)| p.name.as_str())
        .collect();
    let mut display_names: Vec<(String, Span)> = Vec::new();
    for (file, d) in gather(files, |f| &f.track_display) {
        let Some(claim) = names.track_display.define(file, &d.id, &mut cx.diags) else {
            continue;
        };
        let map = names.map.resolve(file, &d.map, &mut cx.diags);
        let (min, max) = (*d.min.get_ref(), *d.max.get_ref());
        if min > max {
            cx.push(
                Diagnostic::error(
                    "out-of-range",
                    format!("track display `{}` has min above max", d.id.get_ref()),
                )
                .at(Cx::span(file, &d.max))
                .hint("swap `min` and `max`"),
            );
        } else if i128::from(max) - i128::from(min) >= i128::from(MAX_DISPLAY_BOXES) {
            cx.push(
                Diagnostic::error(
                    "out-of-range",
                    format!(
                        "track display `{}` would print {} boxes",
                        d.id.get_ref(),
                        i128::from(max) - i128::from(min) + 1
                    ),
                )
                .at(Cx::span(file, &d.max))
                .hint(format!("a display has at most {MAX_DISPLAY_BOXES} boxes")),
            );
        }
        let columns = match &d.columns {
            Some(c) if *c.get_ref() == 0 || i64::from(*c.get_ref()) > MAX_DISPLAY_BOXES => {
                cx.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!(
                            "track display `{}` has {} columns",
                            d.id.get_ref(),
                            c.get_ref()
                        ),
                    )
                    .at(Cx::span(file, c))
                    .hint("give the number of boxes per row, e.g. `columns = 20`"),
                );
                10
            }
            Some(c) => *c.get_ref(),
            None => 10,
        };
        let span = Cx::span(file, &d.id);
        if let Some((_, first)) = display_names.iter().find(|(n, _)| *n == d.name) {
            cx.push(
                Diagnostic::error(
                    "duplicate",
                    format!("two track displays are named `{}`", d.name),
                )
                .at(span.clone())
                .note(first.clone(), "the other display")
                .hint("VASSAL names the boxes after the display, so display names must be unique"),
            );
        } else if pool_names.contains(&d.name.as_str()) {
            cx.push(
                Diagnostic::error(
                    "duplicate",
                    format!("track display `{}` has the name of a pool", d.id.get_ref()),
                )
                .at(span.clone())
                .hint(format!(
                    "VASSAL finds a place by its name: rename the display or the pool `{}`",
                    d.name
                )),
            );
        }
        display_names.push((d.name.clone(), span));
        // A display on an unknown map was reported; it is left out of the model.
        if let Some(map) = map {
            names.track_display.admit(
                claim,
                &mut g.track_displays,
                TrackDisplay {
                    id: d.id.get_ref().clone(),
                    name: d.name.clone(),
                    map,
                    min,
                    max,
                    columns,
                },
            );
        }
    }

    let mut used_displays = vec![false; g.track_displays.len()];
    // (marker class, where it was named, the track it marks)
    let mut marker_of: Vec<(usize, Span, usize)> = Vec::new();
    for (file, t) in gather(files, |f| &f.track) {
        let Some(ti) = names.track.get(t.id.get_ref()) else {
            continue;
        };
        if names.track.span_of(ti) != Some(Cx::span(file, &t.id)) {
            continue; // a duplicate definition, already reported
        }
        let (marker, display) = match (&t.marker, &t.display) {
            (Some(m), Some(d)) => (m, d),
            (None, None) => continue,
            (Some(m), None) => {
                cx.push(
                    Diagnostic::error(
                        "missing-key",
                        format!("track `{}` has a marker but no display", t.id.get_ref()),
                    )
                    .at(Cx::span(file, m))
                    .hint(
                        "add `display = \"…\"` naming the `[[track-display]]` the marker stands on",
                    ),
                );
                continue;
            }
            (None, Some(d)) => {
                cx.push(
                    Diagnostic::error(
                        "missing-key",
                        format!(
                            "track `{}` is on a display but has no marker",
                            t.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, d))
                    .hint(
                        "add `marker = \"…\"` naming the `[[class]]` of the counter that marks it",
                    ),
                );
                continue;
            }
        };
        let class = names.class.resolve(file, marker, &mut cx.diags);
        let di = names.track_display.resolve(file, display, &mut cx.diags);
        let (Some(class), Some(di)) = (class, di) else {
            continue;
        };
        used_displays[di] = true;
        if let Some((_, first, other)) = marker_of.iter().find(|(c, _, _)| *c == class) {
            cx.push(
                Diagnostic::error(
                    "shared-track-marker",
                    format!(
                        "class `{}` already marks track `{}`",
                        marker.get_ref(),
                        g.tracks[*other].id
                    ),
                )
                .at(Cx::span(file, marker))
                .note(first.clone(), "first used here")
                .hint(
                    "each track needs a marker of its own class, so that a save tells them apart",
                ),
            );
            continue;
        }
        marker_of.push((class, Cx::span(file, marker), ti));
        let Some(counter) = g.counters.iter().position(|c| c.class == class) else {
            cx.push(
                Diagnostic::error(
                    "no-marker-counter",
                    format!(
                        "no counter of class `{}` is in the counter mix",
                        marker.get_ref()
                    ),
                )
                .at(Cx::span(file, marker))
                .hint(format!(
                    "add a `[[counter]]` with `class = \"{}\"` for the marker",
                    marker.get_ref()
                )),
            );
            continue;
        };
        let d = &g.track_displays[di];
        let tr = &g.tracks[ti];
        if tr.min < d.min || tr.max > d.max {
            cx.push(
                Diagnostic::error(
                    "track-outside-display",
                    format!(
                        "track `{}` runs {}–{}, beyond the boxes {}–{} of display `{}`",
                        tr.id, tr.min, tr.max, d.min, d.max, d.id
                    ),
                )
                .at(Cx::span(file, display))
                .hint("widen the display's `min`/`max`, or narrow the track's"),
            );
            continue;
        }
        g.tracks[ti].marker = Some(TrackMarker {
            class,
            counter,
            display: di,
        });
    }
    for (file, d) in gather(files, |f| &f.track_display) {
        if let Some(i) = names.track_display.get(d.id.get_ref()) {
            if !used_displays[i] && names.track_display.span_of(i) == Some(Cx::span(file, &d.id)) {
                cx.push(
                    Diagnostic::warning(
                        "unused-track-display",
                        format!("no track stands on track display `{}`", d.id.get_ref()),
                    )
                    .at(Cx::span(file, &d.id))
                    .hint("give a `[[track]]` `marker` and `display`, or remove the display"),
                );
            }
        }
    }
}
