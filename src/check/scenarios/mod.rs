//! Checks of pools and scenarios: references, the counter mix, and set-ups on the map
//! (terrain the unit may enter, stacking limits, variable set-up areas).
//!
//! This file resolves pools, scenarios and their placements; the checks of set-ups against
//! the counter mix and the map are in `setups.rs`.

use std::collections::BTreeMap;

use crate::load::schema::Spanned;

use super::names::Names;
use super::Part;
use super::{gather, Cx};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::map::PlaceAt;
use crate::model::scenario::AreaSlot;
use crate::model::{
    AreaMap, Cost, Game, Location, MapKind, Misplaced, Placement, Pool, PoolKind, Scenario, Site,
    TerrainKind,
};

mod setups;

pub(crate) use setups::check_setups;
use setups::{check_mix, check_requirements};

/// Per placement: where it was written, for located diagnostics.
pub(crate) struct Written {
    span: Span,
    from: Option<(usize, Span)>,
}

pub(crate) fn check_pools_and_scenarios(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) -> Vec<Vec<Written>> {
    let mut all_written = Vec::new();
    let mut pool_names: BTreeMap<String, Span> = BTreeMap::new();
    for (file, p) in gather(files, |f| &f.pool) {
        let Some(claim) = names.pool.define(file, &p.id, &mut cx.diags) else {
            continue;
        };
        if let Some(first) = pool_names.get(&p.name) {
            cx.push(
                Diagnostic::error("duplicate", format!("two pools are named `{}`", p.name))
                    .at(Cx::span(file, &p.id))
                    .note(first.clone(), "the other pool")
                    .hint("VASSAL finds a box by its name, so pool names must be unique"),
            );
        }
        pool_names.insert(p.name.clone(), Cx::span(file, &p.id));
        let side = p
            .side
            .as_ref()
            .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
        let turn = p
            .turn
            .as_ref()
            .and_then(|t| names.turn.resolve(file, t, &mut cx.diags));
        let area = p
            .area
            .as_ref()
            .and_then(|a| resolve_set(cx, file, names, g, a));
        let kind = *p.kind.get_ref();
        if kind == PoolKind::Setup && p.area.is_none() {
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!(
                        "set-up pool `{}` does not say where its units go",
                        p.id.get_ref()
                    ),
                )
                .at(Cx::span(file, &p.kind))
                .hint("add `area = \"…\"` naming a set-up region, hex set or country"),
            );
        }
        if matches!(
            kind,
            PoolKind::Reinforcement | PoolKind::Conversion | PoolKind::Garrison
        ) && p.turn.is_none()
        {
            cx.push(
                Diagnostic::warning(
                    "missing-key",
                    format!("pool `{}` has no `turn`", p.id.get_ref()),
                )
                .at(Cx::span(file, &p.kind))
                .hint("say on which turn its units become available"),
            );
        }
        let pool = Pool {
            id: p.id.get_ref().clone(),
            name: p.name.clone(),
            kind,
            side,
            turn,
            area,
            description: p.description.clone(),
        };
        names.pool.admit(claim, &mut g.pools, pool);
    }

    for (file, s) in gather(files, |f| &f.scenario) {
        cx.enter(Part::Scenario(s.id.get_ref().clone()));
        let Some(claim) = names.scenario.define(file, &s.id, &mut cx.diags) else {
            continue;
        };
        let start = names.turn.resolve(file, &s.start, &mut cx.diags);
        let end = match &s.end {
            Some(e) => names.turn.resolve(file, e, &mut cx.diags),
            None => g.turns.len().checked_sub(1),
        };
        if matches!((start, end), (Some(start), Some(end)) if end < start) {
            let at = s.end.as_ref().map(|e| Cx::span(file, e));
            cx.push(
                Diagnostic::error(
                    "bad-turn",
                    format!("scenario `{}` ends before it starts", s.id.get_ref()),
                )
                .at_opt(at),
            );
        }
        let mut tracks = Vec::new();
        for (t, v) in &s.tracks {
            if let Some(i) = names.track.resolve(file, t, &mut cx.diags) {
                let tr = &g.tracks[i];
                if *v.get_ref() < tr.min || *v.get_ref() > tr.max {
                    cx.push(
                        Diagnostic::error(
                            "out-of-range",
                            format!(
                                "track `{}` starts at {} outside its range {}–{}",
                                tr.id,
                                v.get_ref(),
                                tr.min,
                                tr.max
                            ),
                        )
                        .at(Cx::span(file, v)),
                    );
                }
                tracks.push((i, *v.get_ref()));
            }
        }
        let mut placements = Vec::new();
        let mut written = Vec::new();
        for p in &s.place {
            let loc = location(cx, file, g, &p.at);
            let from = p.from.as_ref().and_then(|f| {
                let i = names.pool.resolve(file, f, &mut cx.diags)?;
                if g.pools[i].kind != PoolKind::Setup {
                    cx.push(
                        Diagnostic::error(
                            "wrong-kind",
                            format!("`{}` is not a set-up pool", f.get_ref()),
                        )
                        .at(Cx::span(file, f))
                        .hint("`from` names the variable set-up pool the units are deployed from"),
                    );
                }
                Some((i, Cx::span(file, f)))
            });
            for c in &p.counters {
                let Some((n, counter)) = counter_ref(cx, file, names, c) else {
                    continue;
                };
                let Some(loc) = loc else { continue };
                let back = match &p.level {
                    Some(level) => face_at_level(cx, file, g, counter, c, level),
                    None => p.reduced,
                };
                for _ in 0..n {
                    placements.push(Placement {
                        counter,
                        location: loc,
                        reduced: back,
                    });
                    written.push(Written {
                        span: Cx::span(file, c),
                        from: from.clone(),
                    });
                }
                if p.reduced && p.level.is_none() {
                    no_reduced_side(cx, file, g, counter, c);
                }
            }
            if let (true, Some(level)) = (p.reduced, &p.level) {
                cx.push(
                    Diagnostic::error(
                        "conflicting-keys",
                        "a placement gives both `reduced` and `level`",
                    )
                    .at(Cx::span(file, level))
                    .hint("`level` chooses the face of levelled counters and `reduced` that of two-step units: keep one"),
                );
            }
        }
        for p in &s.pool {
            let Some(pool) = names.pool.resolve(file, &p.pool, &mut cx.diags) else {
                continue;
            };
            for c in &p.counters {
                let Some((n, counter)) = counter_ref(cx, file, names, c) else {
                    continue;
                };
                if let (Some(ps), Some(cs)) = (g.pools[pool].side, g.side_of(counter)) {
                    if ps != cs {
                        cx.push(
                            Diagnostic::error(
                                "wrong-side",
                                format!(
                                    "{} counter `{}` is in the {} pool `{}`",
                                    g.sides[cs].name,
                                    g.counters[counter].id,
                                    g.sides[ps].name,
                                    g.pools[pool].name
                                ),
                            )
                            .at(Cx::span(file, c)),
                        );
                    }
                }
                if p.reduced {
                    no_reduced_side(cx, file, g, counter, c);
                }
                for _ in 0..n {
                    placements.push(Placement {
                        counter,
                        location: Location::Pool(pool),
                        reduced: p.reduced && g.class_of(counter).is_stepped(),
                    });
                    written.push(Written {
                        span: Cx::span(file, c),
                        from: None,
                    });
                }
            }
        }
        place_track_markers(cx, file, g, s, &mut placements, &mut written);
        check_mix(cx, g, s.id.get_ref(), &placements, &written);
        check_requirements(cx, file, names, g, s, &placements);
        // A scenario starting or ending on an unknown turn was reported; everything in it
        // has been checked, but it is left out of the model.
        let (Some(start), Some(end)) = (start, end) else {
            continue;
        };
        let owners = super::board::owners(cx, file, names, g, s);
        let scenario = Scenario {
            id: s.id.get_ref().clone(),
            title: s.title.clone(),
            description: s.description.clone(),
            start,
            end,
            tracks,
            placements,
            owners,
            options: Vec::new(),
        };
        names.scenario.admit(claim, &mut g.scenarios, scenario);
        names.scenario_files.push(file);
        all_written.push(written);
    }
    all_written
}

/// A counter written to start on its back that has none: an error at `written`, with the
/// `level` to use instead when it prints another Level on its back. Nothing for a two-step
/// unit.
fn no_reduced_side(cx: &mut Cx, file: FileId, g: &Game, counter: usize, written: &Spanned<String>) {
    if g.class_of(counter).is_stepped() {
        return;
    }
    let two_level = g.counters[counter].back.map(|b| {
        format!(
            "counter `{}` prints another Level on its back: write `level = {}` to start on it",
            g.counters[counter].id,
            g.classes[b].level.unwrap_or(0)
        )
    });
    cx.push(
        Diagnostic::error(
            "no-reduced-side",
            format!("counter `{}` has no reduced side", g.counters[counter].id),
        )
        .at(Cx::span(file, written))
        .hint(
            two_level
                .unwrap_or_else(|| "only classes with `reduced` factors can start reduced".into()),
        ),
    );
}

/// The marker of every track on a display goes in the box of the scenario's starting value
/// (the track's `min` when the scenario gives none). A scenario that already places every
/// copy of that marker elsewhere is told to leave it to the track.
fn place_track_markers(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    s: &crate::load::schema::Scenario,
    placements: &mut Vec<Placement>,
    written: &mut Vec<Written>,
) {
    for t in &g.tracks {
        let Some(m) = t.marker else { continue };
        let given = s.tracks.iter().find(|(k, _)| k.get_ref() == &t.id);
        let value = given.map_or(t.min, |(_, v)| *v.get_ref());
        let span = given.map_or_else(|| Cx::span(file, &s.id), |(_, v)| Cx::span(file, v));
        let explicit: Vec<usize> = (0..placements.len())
            .filter(|i| placements[*i].counter == m.counter)
            .collect();
        if explicit.len() >= g.counters[m.counter].count as usize {
            let at = explicit.first().map(|i| written[*i].span.clone());
            cx.push(
                Diagnostic::error(
                    "track-marker-placed",
                    format!(
                        "scenario `{}` places counter `{}`, the marker of track `{}`, itself",
                        s.id.get_ref(),
                        g.counters[m.counter].id,
                        t.id
                    ),
                )
                .at_opt(at)
                .hint(format!(
                    "remove it: the marker starts on `{}` in the box of the track's value",
                    g.track_displays[m.display].name
                )),
            );
            continue;
        }
        placements.push(Placement {
            counter: m.counter,
            location: Location::Track {
                display: m.display,
                value,
            },
            reduced: false,
        });
        written.push(Written { span, from: None });
    }
}

/// The face of `counter` printing Level `level` (`true` for the back), reporting a Level
/// the counter does not print (it then starts on its front).
fn face_at_level(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    counter: usize,
    written: &Spanned<String>,
    level: &Spanned<u32>,
) -> bool {
    let want = *level.get_ref();
    let c = &g.counters[counter];
    if g.level_shown(counter, false) == Some(want) {
        return false;
    }
    if c.back.is_some() && g.level_shown(counter, true) == Some(want) {
        return true;
    }
    let front = &g.classes[c.class];
    let Some(line) = front.line.as_ref().filter(|_| front.level.is_some()) else {
        cx.push(
            Diagnostic::error("no-such-level", format!("counter `{}` has no Levels", c.id))
                .at(Cx::span(file, written))
                .note(Cx::span(file, level), "Level asked for here")
                .hint("`level` chooses the face of counters whose classes have `level` and `line`"),
        );
        return false;
    };
    let prints: Vec<String> = [Some(c.class), c.back]
        .into_iter()
        .flatten()
        .filter_map(|k| g.classes[k].level)
        .map(|l| l.to_string())
        .collect();
    // Counters of the same line printing the Level asked for, the same designation first.
    let mut others: Vec<&crate::model::Counter> = g
        .counters
        .iter()
        .filter(|o| {
            [Some(o.class), o.back].into_iter().flatten().any(|k| {
                g.classes[k].line.as_ref() == Some(line) && g.classes[k].level == Some(want)
            })
        })
        .collect();
    others.sort_by_key(|o| o.designation != c.designation);
    let hint = super::suggest::did_you_mean(&c.id, others.iter().map(|o| o.id.as_str()))
        .or_else(|| {
            others
                .first()
                .map(|o| format!("counter `{}` prints Level {want}", o.id))
        })
        .unwrap_or_else(|| format!("no counter of the line `{line}` prints Level {want}"));
    cx.push(
        Diagnostic::error(
            "no-such-level",
            format!(
                "counter `{}` prints Level {}, not Level {want}",
                c.id,
                prints.join(" and ")
            ),
        )
        .at(Cx::span(file, written))
        .note(Cx::span(file, level), "Level asked for here")
        .hint(hint),
    );
    false
}

/// `id` or `N id`.
fn counter_ref(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    c: &Spanned<String>,
) -> Option<(u32, usize)> {
    let text = c.get_ref().trim();
    let (n, id) = match text.split_once(char::is_whitespace) {
        Some((n, rest)) if n.chars().all(|ch| ch.is_ascii_digit()) => match n.parse::<u32>() {
            Ok(v) if (1..=10_000).contains(&v) => (v, rest.trim()),
            _ => {
                cx.push(
                    Diagnostic::error("out-of-range", format!("`{n}` copies is not a count"))
                        .at(Cx::span(file, c))
                        .hint("write `3 ger-infantry-corps` for three copies"),
                );
                return None;
            }
        },
        _ => (1, text),
    };
    let spanned = Spanned::new(c.span(), id.to_string());
    names
        .counter
        .resolve(file, &spanned, &mut cx.diags)
        .map(|i| (n, i))
}

/// A hex set, region or country id → (map, set index).
pub(super) fn resolve_set(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    a: &Spanned<String>,
) -> Option<(usize, usize)> {
    for (m, reg) in names.hex_sets.iter().enumerate() {
        if let Some(i) = reg.get(a.get_ref()) {
            return Some((m, i));
        }
    }
    let all: Vec<String> = g
        .maps
        .iter()
        .flat_map(|m| m.hex_sets.iter().map(|s| s.id.clone()))
        .collect();
    cx.push_map_miss(
        Diagnostic::error(
            "unknown-reference",
            format!("unknown hex set, region or country `{}`", a.get_ref()),
        )
        .at(Cx::span(file, a))
        .hint_opt(super::suggest::did_you_mean(
            a.get_ref(),
            all.iter().map(String::as_str),
        )),
    );
    None
}

/// A placement's `at`: hex number, `map:hex`, place name, `area` or `area/box-N`
/// (read by [`Game::locate`]).
fn location(cx: &mut Cx, file: FileId, g: &Game, at: &Spanned<String>) -> Option<Location> {
    match g.locate(at.get_ref()) {
        Ok(loc) => Some(loc),
        Err(e) => {
            cx.push_map_miss(
                Diagnostic::error(e.code(), e.to_string())
                    .at(Cx::span(file, at))
                    .hint_opt(e.hint()),
            );
            None
        }
    }
}
