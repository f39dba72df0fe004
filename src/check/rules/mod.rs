//! Checks of rule parameters: stacking, zones of control, supply, control and victory.
//! This file checks `[rules]` as a whole and its markers; control and victory are in
//! `control.rs`, supply in `supply.rs`, and the selectors and sets they share in
//! `selectors.rs`.

use crate::load::schema::Spanned;

use super::names::Names;
use super::Cx;
use crate::diag::Diagnostic;
use crate::diag::Span;
use crate::load::schema::rules as schema;
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::map::PlaceAt;
use crate::model::rules::{
    Absence, Amount, AttritionRules, AttritionWhere, Blocker, ControlPhaseRules, ControlRule,
    ControlRules, EntryLimit, Garrison, LevelsBy, LinkKind, MarkerEffect, PathCost, PathLength,
    Penalty, PlaceFilter, Rules, Selector, StackingLimit, StartControl, SupplyLink, SupplyRules,
    SupplySource, Victory, VictoryBand, VictoryLevels, VictoryPoints, ZocReach, ZocRules,
};
use crate::model::table::Dice;
use crate::model::{ControlMarker, Game};
use crate::model::{Location, MapKind};

mod control;
mod selectors;
mod supply;

use control::*;
use selectors::*;
use supply::supply;

pub(crate) fn check_rules(cx: &mut Cx, files: &[(FileId, GameFile)], names: &Names, g: &mut Game) {
    control_markers(cx, files, names, g);
    let found: Vec<_> = files
        .iter()
        .filter_map(|(id, f)| f.rules.as_ref().map(|r| (*id, r)))
        .collect();
    let Some((file, rules)) = found.first().copied() else {
        return;
    };
    for (other, r) in found.iter().skip(1) {
        cx.push(
            Diagnostic::error("duplicate", "`[rules]` is defined in two files")
                .at(Cx::span(*other, r))
                .note(Cx::span(file, rules), "first defined here")
                .hint("keep all rule parameters in one `[rules]` table"),
        );
    }
    let r = rules.get_ref();
    let mut out = Rules::default();
    for s in &r.stacking {
        let units = selector(cx, file, names, g, &s.units);
        let terrain = s
            .terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        let mut points = Vec::new();
        for (k, v) in &s.points {
            let known = crate::check::counters::SIZES.contains(&k.get_ref().as_str());
            if !known {
                cx.push(
                    Diagnostic::error(
                        "unknown-value",
                        format!("unknown unit size `{}`", k.get_ref()),
                    )
                    .at(Cx::span(file, k))
                    .hint_opt(super::suggest::did_you_mean(
                        k.get_ref(),
                        crate::check::counters::SIZES.iter().copied(),
                    )),
                );
            }
            points.push((k.get_ref().clone(), *v));
        }
        let except_terrain = s
            .except_terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        out.stacking.push(StackingLimit {
            name: s.name.clone(),
            max: s.max,
            units,
            points,
            terrain,
            hex_sets: hex_sets(cx, file, g, &s.hex_sets),
            except_terrain,
            except_hex_sets: hex_sets(cx, file, g, &s.except_hex_sets),
            rail: s.rail,
            alone: s.alone,
        });
    }
    for e in &r.entry {
        let terrain: Vec<_> = e
            .terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        let sets = hex_sets(cx, file, g, &e.hex_sets);
        if e.terrain.is_empty() && e.hex_sets.is_empty() {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    format!("entry rule `{}` names no terrain and no hex set", e.name),
                )
                .at(Cx::span(file, rules))
                .hint("give `terrain = [...]` or `hex-sets = [...]`: where only some units may go"),
            );
        }
        out.entry.push(EntryLimit {
            name: e.name.clone(),
            terrain,
            hex_sets: sets,
            units: selector(cx, file, names, g, &e.units),
            only: selector(cx, file, names, g, &e.only),
        });
    }
    for v in &r.victory_points {
        let side = names.side.resolve(file, &v.side, &mut cx.diags);
        let terrain: Vec<_> = v
            .terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        let places = place_tags(cx, file, g, &v.places);
        let mut owners = Vec::new();
        for o in &v.owners {
            if o.get_ref() == "neutral" {
                owners.push(None);
            } else if let Some(s) = names.side.resolve(file, o, &mut cx.diags) {
                owners.push(Some(s));
            }
        }
        let countries = v
            .countries
            .iter()
            .filter_map(|c| names.country.resolve(file, c, &mut cx.diags))
            .collect();
        let except_countries = v
            .except_countries
            .iter()
            .filter_map(|c| names.country.resolve(file, c, &mut cx.diags))
            .collect();
        if v.terrain.is_empty() && v.places.is_empty() {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    format!("victory points `{}` name nothing to control", v.name),
                )
                .at(Cx::span(file, &v.side))
                .hint("give `terrain = [...]` (features of the hexes) or `places = [...]` (names or tags)"),
            );
        }
        if let Some(side) = side {
            out.victory_points.push(VictoryPoints {
                name: v.name.clone(),
                side,
                points: v.points,
                terrain,
                places,
                owners,
                countries,
                except_countries,
                except_places: place_tags(cx, file, g, &v.except_places),
            });
        }
    }
    if let Some(z) = &r.zoc {
        let default = reach(cx, file, &z.default);
        let exceptions = z
            .exception
            .iter()
            .map(|e| {
                (
                    selector(cx, file, names, g, &e.units),
                    reach(cx, file, &e.zoc),
                )
            })
            .collect();
        let not_across = z
            .not_across
            .iter()
            .filter_map(|t| names.hexside_terrain.resolve(file, t, &mut cx.diags))
            .collect();
        let not_into = z
            .not_into
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        out.zoc = Some(ZocRules {
            default,
            exceptions,
            not_across,
            not_into,
        });
    }
    if let Some(s) = &r.supply {
        out.supply = Some(supply(cx, file, names, g, s));
    }
    if let Some(c) = &r.control {
        let rule = match c.rule.as_ref().map(|r| (r, r.get_ref().as_str())) {
            None | Some((_, "last-occupied")) => ControlRule::LastOccupied,
            Some((_, "all-boxes")) => ControlRule::AllBoxes,
            Some((_, "supply-centres")) => ControlRule::SupplyCentres,
            Some((written, other)) => {
                cx.push(
                    Diagnostic::error("unknown-value", format!("unknown control rule `{other}`"))
                        .at(Cx::span(file, written))
                        .hint_opt(
                            super::suggest::did_you_mean(
                                other,
                                crate::load::schema::words::CONTROL_RULES.iter().copied(),
                            )
                            .or_else(|| {
                                Some("use `last-occupied`, `all-boxes` or `supply-centres`".into())
                            }),
                        ),
                );
                ControlRule::LastOccupied
            }
        };
        let units = selector(cx, file, names, g, &c.units);
        // A turn, or a season of the `[calendar]`: each of its turns.
        let turns = super::fractions::turns_or_seasons(cx, file, names, g, &c.turns);
        if let (true, Some(written)) =
            (c.zoc_contests && rule != ControlRule::LastOccupied, &c.rule)
        {
            cx.push(
                Diagnostic::warning(
                    "ignored-key",
                    "`zoc-contests` applies only to the `last-occupied` rule",
                )
                .at(Cx::span(file, written)),
            );
        }
        let start = c
            .start
            .iter()
            .filter_map(|s| start_control(cx, file, names, g, s))
            .collect();
        out.control = Some(ControlRules {
            rule,
            units,
            turns,
            zoc_contests: c.zoc_contests,
            start,
        });
    }
    let mut ids = super::Registry::new("victory condition");
    // The first default result (`otherwise = true`), where it is written.
    let mut default_result: Option<(Spanned<String>, FileId)> = None;
    for v in &r.victory {
        let Some(claim) = ids.define(file, &v.id, &mut cx.diags) else {
            continue;
        };
        let side = names.side.resolve(file, &v.side, &mut cx.diags);
        let checked_after = v
            .checked_after
            .as_ref()
            .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
        let mut occupy_all = Vec::new();
        for p in &v.occupy_all {
            match find_place(g, p.get_ref()) {
                Some(x) => occupy_all.push(x),
                None => {
                    let all: Vec<&str> = g
                        .maps
                        .iter()
                        .flat_map(|m| m.places.iter().map(|p| p.name.as_str()))
                        .collect();
                    cx.push_map_miss(
                        Diagnostic::error(
                            "unknown-reference",
                            format!("unknown place `{}`", p.get_ref()),
                        )
                        .at(Cx::span(file, p))
                        .hint_opt(super::suggest::did_you_mean(p.get_ref(), all)),
                    );
                }
            }
        }
        let units = selector(cx, file, names, g, &v.units);
        let track_lead = v.track_lead.as_ref().and_then(|t| {
            let a = names.track.resolve(file, &t.track, &mut cx.diags)?;
            let b = names.track.resolve(file, &t.over, &mut cx.diags)?;
            Some((a, b, t.by))
        });
        let track_ratio = v.track_ratio.as_ref().and_then(|t| {
            if *t.times.get_ref() == 0 {
                cx.push(
                    Diagnostic::error("bad-value", "a track ratio of 0 always holds")
                        .at(Cx::span(file, &t.times))
                        .hint("give the factor the winner's track must reach, e.g. `times = 2`"),
                );
            }
            let a = names.track.resolve(file, &t.track, &mut cx.diags)?;
            let b = names.track.resolve(file, &t.over, &mut cx.diags)?;
            Some((a, b, *t.times.get_ref()))
        });
        if v.every == Some(0) {
            cx.push(
                Diagnostic::error("bad-value", "`every = 0` names no turn")
                    .at(Cx::span(file, &v.id))
                    .hint("give the interval of the check in turns, e.g. `every = 5`"),
            );
        }
        let running = v.running.as_ref().map_or(1, |r| *r.get_ref());
        if let Some(r) = &v.running {
            if *r.get_ref() == 0 {
                cx.push(
                    Diagnostic::error("bad-value", "`running = 0` asks for no check at all")
                        .at(Cx::span(file, r))
                        .hint("1 (the default) is this check alone; 2 is two checks running"),
                );
            }
        }
        let control_all = v.control_all.as_ref().map(|f| PlaceFilter {
            places: place_tags(cx, file, g, &f.places),
            countries: f
                .countries
                .iter()
                .filter_map(|c| names.country.resolve(file, c, &mut cx.diags))
                .collect(),
            except_countries: f
                .except_countries
                .iter()
                .filter_map(|c| names.country.resolve(file, c, &mut cx.diags))
                .collect(),
        });
        let at_end = match &v.at {
            None => v.otherwise,
            Some(at) if at.get_ref() == "end" => true,
            Some(at) => {
                cx.push(
                    Diagnostic::error(
                        "unknown-value",
                        format!("unknown moment of victory `{}`", at.get_ref()),
                    )
                    .at(Cx::span(file, at))
                    .hint_opt(
                        super::suggest::did_you_mean(
                            at.get_ref(),
                            crate::load::schema::words::VICTORY_MOMENTS.iter().copied(),
                        )
                        .or_else(|| {
                            Some(
                                "use `at = \"end\"` for a condition judged at the end of the \
                                 game; leave `at` out for a sudden death"
                                    .into(),
                            )
                        }),
                    ),
                );
                v.otherwise
            }
        };
        if let (Some(at), Some(_)) = (&v.at, v.every) {
            cx.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!(
                        "victory condition `{}` gives both `at` and `every`",
                        v.id.get_ref()
                    ),
                )
                .at(Cx::span(file, at))
                .hint("a condition is judged at the end of the game (`at = \"end\"`) or on every Nth turn (`every = N`), not both"),
            );
        }
        let points_lead = v.points_lead.as_ref().map(|p| *p.get_ref());
        if let (Some(p), Some(s)) = (&v.points_lead, side) {
            if !r
                .victory_points
                .iter()
                .any(|x| x.side.get_ref() == &g.sides[s].id)
            {
                cx.push(
                    Diagnostic::error(
                        "points-lead-without-points",
                        format!(
                            "victory condition `{}` compares victory points, but side `{}` scores none",
                            v.id.get_ref(),
                            g.sides[s].id
                        ),
                    )
                    .at(Cx::span(file, p))
                    .hint(format!(
                        "add a `[[rules.victory-points]]` with `side = \"{}\"`, or test something else",
                        g.sides[s].id
                    )),
                );
            }
        }
        let tests_something = !(occupy_all.is_empty()
            && control_all.is_none()
            && track_lead.is_none()
            && track_ratio.is_none()
            && v.track_ratio.is_none()
            && v.control_count.is_none()
            && v.occupy_all.is_empty()
            && v.points_lead.is_none()
            && !v.most_units);
        if v.otherwise {
            if tests_something {
                cx.push(
                    Diagnostic::error(
                        "default-result-with-tests",
                        format!(
                            "victory condition `{}` is the default result (`otherwise = true`) and also tests something",
                            v.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, &v.id))
                    .hint("the default result wins when no other condition is met: move its tests to a condition of their own, or drop `otherwise`"),
                );
            }
            if let Some((first, first_file)) = &default_result {
                cx.push(
                    Diagnostic::error(
                        "second-default-result",
                        format!(
                            "victory condition `{}` is a second default result (`otherwise = true`)",
                            v.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, &v.id))
                    .note(Cx::span(*first_file, first), "the first default result")
                    .hint("a game has one default result; make the others conditions with tests, or drop their `otherwise`"),
                );
            } else {
                default_result = Some((v.id.clone(), file));
            }
            if let Some(e) = v.every.filter(|_| v.at.is_none()) {
                cx.push(
                    Diagnostic::error(
                        "conflicting-keys",
                        format!(
                            "victory condition `{}` is the default result, judged at the end of the game, but gives `every = {e}`",
                            v.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, &v.id))
                    .hint("drop `every`: the default result is judged once, at the end"),
                );
            }
        }
        if !tests_something && !v.otherwise {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    format!("victory condition `{}` tests nothing", v.id.get_ref()),
                )
                .at(Cx::span(file, &v.id))
                .hint("give `occupy-all`, `control-all`, `track-lead`, `track-ratio`, `control-count`, `points-lead` or `most-units` (or `otherwise = true` for the result when no other condition is met)"),
            );
        }
        // A condition for an unknown side was reported; it is left out of the model.
        let Some(side) = side else {
            continue;
        };
        let victory = Victory {
            id: v.id.get_ref().clone(),
            name: v.name.clone(),
            side,
            checked_after,
            occupy_all,
            units,
            track_lead,
            control_count: v.control_count,
            control_all,
            track_ratio,
            every: v.every.filter(|e| *e > 0),
            running: running.max(1),
            most_units: v.most_units,
            at_end,
            otherwise: v.otherwise,
            points_lead,
        };
        ids.admit(claim, &mut out.victory, victory);
    }
    out.markers = markers(cx, file, names, g, &r.marker);
    if let Some(cp) = &r.control_phase {
        out.control_phase = Some(control_phase(cx, file, names, g, cp));
    }
    if let Some(a) = &r.attrition {
        out.attrition = Some(attrition(cx, file, names, g, a));
    }
    if let Some(l) = &r.victory_levels {
        out.victory_levels = victory_levels(cx, file, names, l);
    }
    if let Some(m) = &r.multi_factor {
        out.multi_factor = Some(super::forces::multi_factor(cx, file, names, g, m));
    }
    if let Some(i) = &r.industry {
        out.industry = Some(super::forces::industry(cx, file, names, g, i));
    }
    for f in &r.frozen {
        let rules = super::fractions::frozen(cx, file, names, g, f);
        out.frozen.push(rules);
    }
    if let Some(f) = &r.fractions {
        out.fractions = Some(super::fractions::fractions(cx, file, names, g, f));
    }
    g.rules = out;
}

/// A number of points or dice text.
fn amount(cx: &mut Cx, file: FileId, v: &Spanned<toml::Value>) -> Amount {
    match v.get_ref() {
        toml::Value::Integer(n) if (0..=10_000).contains(n) => Amount::Points(*n),
        toml::Value::String(t) => match Dice::parse(t.trim()) {
            Some(d) => Amount::Dice(d),
            None => {
                cx.push(
                    Diagnostic::error("bad-value", format!("`{t}` is neither points nor dice"))
                        .at(Cx::span(file, v))
                        .hint("write a number of points (`1`) or dice (`\"2d6\"`)"),
                );
                Amount::Points(0)
            }
        },
        _ => {
            cx.push(
                Diagnostic::error("bad-value", "points must be a number from 0 or dice")
                    .at(Cx::span(file, v))
                    .hint("write a number of points (`1`) or dice (`\"2d6\"`)"),
            );
            Amount::Points(0)
        }
    }
}

/// Side id → points, every key a side.
fn side_points(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    points: &indexmap::IndexMap<Spanned<String>, i64>,
) -> Vec<(usize, i64)> {
    points
        .iter()
        .filter_map(|(k, v)| names.side.resolve(file, k, &mut cx.diags).map(|s| (s, *v)))
        .collect()
}

fn markers(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    list: &[schema::MarkerEffect],
) -> Vec<MarkerEffect> {
    let mut out: Vec<MarkerEffect> = Vec::new();
    let mut seen: Vec<(usize, &Spanned<String>)> = Vec::new();
    for m in list {
        let class = names.class.resolve(file, &m.class, &mut cx.diags);
        let points = (!m.points.is_empty()).then(|| side_points(cx, file, names, &m.points));
        let penalty = m.penalty.as_ref().and_then(|p| {
            let amount = amount(cx, file, &p.points);
            names
                .side
                .resolve(file, &p.side, &mut cx.diags)
                .map(|side| Penalty { side, amount })
        });
        if !m.takes_box && points.is_none() && !m.cancels_points && m.penalty.is_none() {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    format!("marker `{}` is given no effect", m.class.get_ref()),
                )
                .at(Cx::span(file, &m.class))
                .hint("give `takes-box`, `points`, `cancels-points` or `penalty`"),
            );
        }
        let Some(class) = class else { continue };
        if let Some((_, first)) = seen.iter().find(|(c, _)| *c == class) {
            cx.push(
                Diagnostic::error(
                    "duplicate",
                    format!(
                        "marker `{}` has two `[[rules.marker]]` entries",
                        m.class.get_ref()
                    ),
                )
                .at(Cx::span(file, &m.class))
                .note(Cx::span(file, first), "first given here")
                .hint("give all of a marker's effects in one entry"),
            );
            continue;
        }
        if g.unit_types[g.classes[class].unit_type].combat {
            cx.push(
                Diagnostic::warning(
                    "combat-marker",
                    format!("`{}` is a combat unit, not a marker", m.class.get_ref()),
                )
                .at(Cx::span(file, &m.class))
                .hint("marker effects are meant for non-combat classes; the unit also counts for control"),
            );
        }
        seen.push((class, &m.class));
        out.push(MarkerEffect {
            class,
            takes_box: m.takes_box,
            points,
            cancels_points: m.cancels_points,
            penalty,
        });
    }
    out
}
