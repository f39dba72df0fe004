//! Checks of rule parameters: stacking, zones of control, supply, control and victory.

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

/// The `control-marker` of each `[[side]]`, resolved once the classes and the counter mix
/// are known: a class with a counter in the mix, marking one side only. A combat class, a
/// class of another side, and a side owning supply centres in a scenario without a marker
/// while other sides have one are warned of.
fn control_markers(cx: &mut Cx, files: &[(FileId, GameFile)], names: &Names, g: &mut Game) {
    // (class, where it was named) of each marker admitted.
    let mut seen: Vec<(usize, Span)> = Vec::new();
    let mut first_named: Option<Span> = None;
    for (file, side) in super::gather(files, |f| &f.side) {
        let Some(class_id) = &side.control_marker else {
            continue;
        };
        let at = Cx::span(file, class_id);
        first_named.get_or_insert(at.clone());
        // Only the side entry that was admitted (not a duplicate of its id) counts.
        let Some(si) = names
            .side
            .get(side.id.get_ref())
            .filter(|i| names.side.span_of(*i) == Some(Cx::span(file, &side.id)))
        else {
            continue;
        };
        let Some(class) = names.class.resolve(file, class_id, &mut cx.diags) else {
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(c, _)| *c == class) {
            cx.push(
                Diagnostic::error(
                    "shared-control-marker",
                    format!(
                        "class `{}` already marks what another side controls",
                        class_id.get_ref()
                    ),
                )
                .at(at)
                .note(first.clone(), "first used here")
                .hint(
                    "each side needs a marker class of its own, so that a save tells the \
                     owners apart",
                ),
            );
            continue;
        }
        seen.push((class, at.clone()));
        let k = &g.classes[class];
        let owner = k.side.or_else(|| k.nation.and_then(|n| g.nations[n].side));
        if let Some(o) = owner.filter(|o| *o != si) {
            cx.push(
                Diagnostic::warning(
                    "marker-of-another-side",
                    format!(
                        "class `{}` belongs to side `{}`, not `{}`",
                        class_id.get_ref(),
                        g.sides[o].id,
                        side.id.get_ref()
                    ),
                )
                .at(at.clone())
                .hint("give each side a marker class of its own nation or side"),
            );
        }
        if g.unit_types[k.unit_type].combat {
            cx.push(
                Diagnostic::warning(
                    "combat-marker",
                    format!("`{}` is a combat unit, not a marker", class_id.get_ref()),
                )
                .at(at.clone())
                .hint(
                    "a control marker is meant to be of a non-combat unit type \
                     (`combat = false`, `symbol = \"marker\"`)",
                ),
            );
        }
        let Some(counter) = g.counters.iter().position(|c| c.class == class) else {
            cx.push(
                Diagnostic::error(
                    "no-marker-counter",
                    format!(
                        "no counter of class `{}` is in the counter mix",
                        class_id.get_ref()
                    ),
                )
                .at(at)
                .hint(format!(
                    "add a `[[counter]]` with `class = \"{}\"` for the marker",
                    class_id.get_ref()
                )),
            );
            continue;
        };
        g.sides[si].control_marker = Some(ControlMarker { class, counter });
    }
    let Some(first) = first_named else {
        return;
    };
    let owners: std::collections::BTreeSet<usize> = g
        .scenarios
        .iter()
        .flat_map(|s| s.owners.iter().map(|(_, _, side)| *side))
        .collect();
    for (file, side) in super::gather(files, |f| &f.side) {
        let Some(si) = names.side.get(side.id.get_ref()) else {
            continue;
        };
        if side.control_marker.is_none()
            && owners.contains(&si)
            && names.side.span_of(si) == Some(Cx::span(file, &side.id))
        {
            cx.push(
                Diagnostic::warning(
                    "missing-control-marker",
                    format!(
                        "side `{}` owns supply centres but has no control marker",
                        side.id.get_ref()
                    ),
                )
                .at(Cx::span(file, &side.id))
                .note(first.clone(), "another side's marker")
                .hint("add `control-marker = \"…\"` naming the side's marker class"),
            );
        }
    }
}

/// (map, area index) of an area by id.
fn find_area(g: &Game, id: &str) -> Option<(usize, usize)> {
    g.maps.iter().enumerate().find_map(|(mi, m)| match &m.kind {
        MapKind::Area(a) => a.areas.iter().position(|x| x.id == id).map(|i| (mi, i)),
        MapKind::Hex(_) => None,
    })
}

fn control_phase(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    cp: &schema::ControlPhase,
) -> ControlPhaseRules {
    let mut index = Vec::new();
    for (side, track) in &cp.index {
        let s = names.side.resolve(file, side, &mut cx.diags);
        let t = names.track.resolve(file, track, &mut cx.diags);
        if let (Some(s), Some(t)) = (s, t) {
            index.push((s, t));
        }
    }
    let mut absence = Vec::new();
    for a in &cp.absence {
        let side = names.side.resolve(file, &a.side, &mut cx.diags);
        let units = selector(cx, file, names, g, &a.units);
        let within = a
            .within
            .iter()
            .filter_map(|c| names.country.resolve(file, c, &mut cx.diags))
            .collect();
        let penalty = amount(cx, file, &a.penalty);
        if let Some(side) = side {
            absence.push(Absence {
                name: a.name.clone(),
                side,
                units,
                within,
                penalty,
            });
        }
    }
    let mut garrisons = Vec::new();
    let mut ids = super::Registry::new("garrison requirement");
    for gr in &cp.garrison {
        let defined = ids
            .define(file, &gr.id, &mut cx.diags)
            .map(|c| ids.admit_name(c))
            .is_some();
        let side = names.side.resolve(file, &gr.side, &mut cx.diags);
        let terrain = gr
            .terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect::<Vec<_>>();
        let mut areas = Vec::new();
        for a in &gr.areas {
            match find_area(g, a.get_ref()) {
                Some(x) => areas.push(x),
                None => {
                    let all: Vec<&str> = g
                        .maps
                        .iter()
                        .flat_map(|m| match &m.kind {
                            MapKind::Area(am) => am.areas.iter().map(|x| x.id.as_str()).collect(),
                            MapKind::Hex(_) => Vec::new(),
                        })
                        .collect();
                    cx.push_map_miss(
                        Diagnostic::error(
                            "unknown-reference",
                            format!("unknown area `{}`", a.get_ref()),
                        )
                        .at(Cx::span(file, a))
                        .hint_opt(super::suggest::did_you_mean(a.get_ref(), all)),
                    );
                }
            }
        }
        if gr.terrain.is_empty() && gr.areas.is_empty() {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    format!("garrison requirement `{}` names no area", gr.id.get_ref()),
                )
                .at(Cx::span(file, &gr.id))
                .hint("give `terrain` (areas of those kinds) or `areas` (ids)"),
            );
        }
        let units = selector(cx, file, names, g, &gr.units);
        let worth = gr
            .worth
            .iter()
            .map(|w| (selector(cx, file, names, g, &w.units), w.counts))
            .collect();
        let penalty = amount(cx, file, &gr.penalty);
        if let (true, Some(side)) = (defined, side) {
            garrisons.push(Garrison {
                id: gr.id.get_ref().clone(),
                name: gr.name.clone(),
                side,
                terrain,
                areas,
                units,
                worth,
                min: gr.min.unwrap_or(1),
                penalty,
                when: gr.when.clone(),
            });
        }
    }
    ControlPhaseRules {
        index,
        absence,
        garrisons,
    }
}

fn attrition(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    a: &schema::Attrition,
) -> AttritionRules {
    let at = match a.at.get_ref().as_str() {
        "enemy-controlled" => AttritionWhere::EnemyControlled,
        other => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("unknown attrition place `{other}`"),
                )
                .at(Cx::span(file, &a.at))
                .hint_opt(
                    super::suggest::did_you_mean(other, ["enemy-controlled"])
                        .or_else(|| Some("use `enemy-controlled`".into())),
                ),
            );
            AttritionWhere::EnemyControlled
        }
    };
    let percent = *a.percent.get_ref();
    if !(1..=100).contains(&percent) {
        cx.push(
            Diagnostic::error("bad-value", format!("{percent}% is not a share of units"))
                .at(Cx::span(file, &a.percent))
                .hint("give a percentage from 1 to 100, e.g. `percent = 50`"),
        );
    }
    let round_up = match a.rounding.get_ref().as_str() {
        "up" => true,
        "down" => false,
        other => {
            cx.push(
                Diagnostic::error("unknown-value", format!("unknown rounding `{other}`"))
                    .at(Cx::span(file, &a.rounding))
                    .hint("use `up` or `down`"),
            );
            true
        }
    };
    if a.every == Some(0) {
        cx.push(
            Diagnostic::error("bad-value", "`every = 0` names no turn")
                .at(Cx::span(file, &a.at))
                .hint("give the interval in turns, e.g. `every = 2` for even turns"),
        );
    }
    AttritionRules {
        units: selector(cx, file, names, g, &a.units),
        at,
        percent: percent.clamp(1, 100),
        round_up,
        every: a.every.filter(|e| *e > 0),
        effect: a.effect.clone(),
    }
}

/// `"26-50"` → (26, Some(50)); `"76+"` → (76, None); `"7"` → (7, Some(7)).
fn parse_band(text: &str) -> Option<(i64, Option<i64>)> {
    let t = text.trim();
    if let Some(low) = t.strip_suffix('+') {
        return Some((low.trim().parse().ok()?, None));
    }
    match t.split_once('-') {
        Some((a, b)) => {
            let (a, b): (i64, i64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            (a <= b).then_some((a, Some(b)))
        }
        None => {
            let n = t.parse().ok()?;
            Some((n, Some(n)))
        }
    }
}

fn victory_levels(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    l: &schema::VictoryLevels,
) -> Option<VictoryLevels> {
    let by_points = match &l.by {
        Some(b) if b.get_ref() == "victory-points" => true,
        Some(b) => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("levels of victory by `{}`", b.get_ref()),
                )
                .at(Cx::span(file, b))
                .hint("use `by = \"victory-points\"`, or compare two tracks with `between`"),
            );
            return None;
        }
        None => false,
    };
    let mut tracks: Vec<Option<usize>> = Vec::new();
    match (&l.between, by_points) {
        (Some(between), false) => {
            tracks = between
                .get_ref()
                .iter()
                .map(|t| names.track.resolve(file, t, &mut cx.diags))
                .collect();
            if between.get_ref().len() != 2 {
                cx.push(
                    Diagnostic::error(
                        "bad-value",
                        format!(
                            "levels of victory compare two tracks, not {}",
                            between.get_ref().len()
                        ),
                    )
                    .at(Cx::span(file, between))
                    .hint("give `between = [\"one-track\", \"other-track\"]`"),
                );
            }
        }
        (Some(between), true) => cx.push(
            Diagnostic::error(
                "conflicting-keys",
                "levels of victory compare tracks or victory points, not both",
            )
            .at(Cx::span(file, between))
            .hint("drop `between` or `by`"),
        ),
        (None, true) => {}
        (None, false) => {
            cx.push(
                Diagnostic::error("missing-key", "levels of victory compare nothing")
                    .at(Cx::span(file, &l.band.first()?.lead))
                    .hint("give `between = [\"one-track\", \"other-track\"]` or `by = \"victory-points\"`"),
            );
            return None;
        }
    }
    let mut bands: Vec<(VictoryBand, &Spanned<String>)> = Vec::new();
    for b in &l.band {
        match parse_band(b.lead.get_ref()) {
            Some((min, max)) if min >= 0 => bands.push((
                VictoryBand {
                    min,
                    max,
                    name: b.name.clone(),
                },
                &b.lead,
            )),
            _ => cx.push(
                Diagnostic::error(
                    "bad-value",
                    format!("`{}` is not a band of leads", b.lead.get_ref()),
                )
                .at(Cx::span(file, &b.lead))
                .hint("write `\"26-50\"`, a single number, or `\"76+\"` for no upper limit"),
            ),
        }
    }
    bands.sort_by_key(|(b, _)| b.min);
    for w in bands.windows(2) {
        let (a, b) = (&w[0].0, &w[1].0);
        if a.max.is_none_or(|m| m >= b.min) {
            cx.push(
                Diagnostic::error(
                    "overlap",
                    format!(
                        "bands `{}` and `{}` overlap",
                        w[0].1.get_ref(),
                        w[1].1.get_ref()
                    ),
                )
                .at(Cx::span(file, w[1].1))
                .note(Cx::span(file, w[0].1), "the other band")
                .hint("each lead must fall in one band"),
            );
        }
    }
    let between = match (by_points, tracks.as_slice()) {
        (true, _) if l.between.is_none() => LevelsBy::VictoryPoints,
        (false, [Some(a), Some(b)]) => LevelsBy::Tracks(*a, *b),
        _ => return None,
    };
    Some(VictoryLevels {
        between,
        bands: bands.into_iter().map(|(b, _)| b).collect(),
    })
}

/// (map, place index) of a place by name.
/// One `[[rules.control.start]]`: its side and the maps, regions and locations it gives it,
/// or `None` (reported) when its side is unknown.
fn start_control(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    s: &schema::StartControl,
) -> Option<StartControl> {
    let side = names.side.resolve(file, &s.side, &mut cx.diags);
    let maps = s
        .maps
        .iter()
        .filter_map(|m| names.map.resolve(file, m, &mut cx.diags))
        .collect();
    let regions = s
        .regions
        .iter()
        .filter_map(|r| super::scenarios::resolve_set(cx, file, names, g, r))
        .collect();
    let mut places = Vec::new();
    for h in &s.hexes {
        match g.locate(h.get_ref()) {
            Ok(Location::Hex { map, hex }) => places.push((map, PlaceAt::Hex(hex))),
            Ok(Location::Area { map, area, .. }) => places.push((map, PlaceAt::Area(area))),
            Ok(_) => cx.push(
                Diagnostic::error(
                    "no-such-location",
                    format!("`{}` is not a hex or area of a map", h.get_ref()),
                )
                .at(Cx::span(file, h))
                .hint("control at the start is of hexes and areas: give a hex number, an area id or a place's name"),
            ),
            Err(e) => cx.push_map_miss(
                Diagnostic::error(e.code(), e.to_string())
                    .at(Cx::span(file, h))
                    .hint_opt(e.hint()),
            ),
        }
    }
    if s.maps.is_empty() && s.regions.is_empty() && s.hexes.is_empty() {
        cx.push(
            Diagnostic::error(
                "empty-start-control",
                format!(
                    "control at the start for side `{}` names no map, region or hex",
                    s.side.get_ref()
                ),
            )
            .at(Cx::span(file, &s.side))
            .hint("give `maps = [\"…\"]` (every hex of a map), `regions = [\"…\"]` (hex sets, set-up regions or countries) or `hexes = [\"…\"]`"),
        );
    }
    Some(StartControl {
        side: side?,
        maps,
        regions,
        places,
    })
}

fn find_place(g: &Game, name: &str) -> Option<(usize, usize)> {
    g.maps.iter().enumerate().find_map(|(mi, m)| {
        m.places
            .iter()
            .position(|p| p.name == name)
            .map(|pi| (mi, pi))
    })
}

fn reach(cx: &mut Cx, file: FileId, s: &Spanned<String>) -> ZocReach {
    match s.get_ref().as_str() {
        "adjacent" => ZocReach::Adjacent,
        "own" => ZocReach::Own,
        "none" => ZocReach::None,
        other => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("unknown zone of control `{other}`"),
                )
                .at(Cx::span(file, s))
                .hint("use `adjacent`, `own` or `none`"),
            );
            ZocReach::Adjacent
        }
    }
}

fn selector(cx: &mut Cx, file: FileId, names: &Names, g: &Game, s: &schema::Selector) -> Selector {
    let known_flags: std::collections::BTreeSet<&str> = g
        .classes
        .iter()
        .flat_map(|c| c.flags.iter().map(String::as_str))
        .collect();
    for f in s.flags.iter().chain(&s.except_flags) {
        if !known_flags.contains(f.get_ref().as_str()) {
            let hint = super::suggest::did_you_mean(f.get_ref(), known_flags.iter().copied())
                .or_else(|| {
                    (!known_flags.is_empty()).then(|| {
                        let all: Vec<&str> = known_flags.iter().copied().collect();
                        format!("flags the classes carry: {}", all.join(", "))
                    })
                });
            cx.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("no class has the flag `{}`", f.get_ref()),
                )
                .at(Cx::span(file, f))
                .label("no `[[class]]` lists this in `flags`")
                .hint_opt(hint),
            );
        }
    }
    Selector {
        classes: s
            .classes
            .iter()
            .filter_map(|c| names.class.resolve(file, c, &mut cx.diags))
            .collect(),
        flags: s.flags.iter().map(|f| f.get_ref().clone()).collect(),
        except_flags: s.except_flags.iter().map(|f| f.get_ref().clone()).collect(),
        sizes: sizes(cx, file, &s.sizes),
        except_sizes: sizes(cx, file, &s.except_sizes),
        types: s
            .types
            .iter()
            .filter_map(|t| names.unit_type.resolve(file, t, &mut cx.diags))
            .collect(),
        except_types: s
            .except_types
            .iter()
            .filter_map(|t| names.unit_type.resolve(file, t, &mut cx.diags))
            .collect(),
        combat: s.combat,
        nations: s
            .nations
            .iter()
            .filter_map(|n| names.nation.resolve(file, n, &mut cx.diags))
            .collect(),
    }
}

/// Unit sizes as written, each checked against the sizes a class may have.
fn sizes(cx: &mut Cx, file: FileId, list: &[Spanned<String>]) -> Vec<String> {
    for k in list {
        if !crate::check::counters::SIZES.contains(&k.get_ref().as_str()) {
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
    }
    list.iter().map(|k| k.get_ref().clone()).collect()
}

/// Hex set ids → (map, index), each unknown one reported.
fn hex_sets(cx: &mut Cx, file: FileId, g: &Game, list: &[Spanned<String>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for h in list {
        match find_set(g, h.get_ref()) {
            Some(x) => out.push(x),
            None => {
                let all: Vec<&str> = g
                    .maps
                    .iter()
                    .flat_map(|m| m.hex_sets.iter().map(|s| s.id.as_str()))
                    .collect();
                cx.push_map_miss(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("unknown hex set `{}`", h.get_ref()),
                    )
                    .at(Cx::span(file, h))
                    .hint_opt(super::suggest::did_you_mean(h.get_ref(), all)),
                );
            }
        }
    }
    out
}

/// Place names or tags, each reported when no place has it.
fn place_tags(cx: &mut Cx, file: FileId, g: &Game, list: &[Spanned<String>]) -> Vec<String> {
    for p in list {
        let known = g.maps.iter().any(|m| {
            m.places
                .iter()
                .any(|x| x.name == *p.get_ref() || x.tags.contains(p.get_ref()))
        });
        if !known {
            cx.push_map_miss(
                Diagnostic::error(
                    "unknown-reference",
                    format!("no place is named or tagged `{}`", p.get_ref()),
                )
                .at(Cx::span(file, p)),
            );
        }
    }
    list.iter().map(|p| p.get_ref().clone()).collect()
}

/// A map edge or hex set id → (map, index), searching every map.
fn find_edge(g: &Game, id: &str) -> Option<(usize, usize)> {
    g.maps
        .iter()
        .enumerate()
        .find_map(|(mi, m)| m.edges.iter().position(|e| e.id == id).map(|i| (mi, i)))
}

fn find_set(g: &Game, id: &str) -> Option<(usize, usize)> {
    g.maps
        .iter()
        .enumerate()
        .find_map(|(mi, m)| m.hex_sets.iter().position(|e| e.id == id).map(|i| (mi, i)))
}

fn supply(cx: &mut Cx, file: FileId, names: &Names, g: &Game, s: &schema::Supply) -> SupplyRules {
    let mut sources = Vec::new();
    for src in &s.source {
        let Some(side) = names.side.resolve(file, &src.side, &mut cx.diags) else {
            continue;
        };
        let mut edges = Vec::new();
        for e in &src.edges {
            match find_edge(g, e.get_ref()) {
                Some(x) => edges.push(x),
                None => {
                    let all: Vec<&str> = g
                        .maps
                        .iter()
                        .flat_map(|m| m.edges.iter().map(|e| e.id.as_str()))
                        .collect();
                    cx.push_map_miss(
                        Diagnostic::error(
                            "unknown-reference",
                            format!("unknown map edge `{}`", e.get_ref()),
                        )
                        .at(Cx::span(file, e))
                        .hint_opt(super::suggest::did_you_mean(e.get_ref(), all)),
                    );
                }
            }
        }
        let hex_sets = hex_sets(cx, file, g, &src.hex_sets);
        let places = place_tags(cx, file, g, &src.places);
        let terrain: Vec<_> = src
            .terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        let countries: Vec<_> = src
            .countries
            .iter()
            .filter_map(|c| names.country.resolve(file, c, &mut cx.diags))
            .collect();
        let counters = src
            .counters
            .as_ref()
            .map(|c| selector(cx, file, names, g, c));
        let units = src.units.as_ref().map(|c| selector(cx, file, names, g, c));
        for a in &src.along {
            if !crate::load::schema::words::BORDERS.contains(&a.get_ref().as_str()) {
                cx.push(
                    Diagnostic::error(
                        "unknown-value",
                        format!("unknown map border `{}`", a.get_ref()),
                    )
                    .at(Cx::span(file, a))
                    .hint("use `west`, `east`, `north` or `south`"),
                );
            }
        }
        if src.edges.is_empty()
            && src.along.is_empty()
            && src.hex_sets.is_empty()
            && src.places.is_empty()
            && src.terrain.is_empty()
            && src.counters.is_none()
        {
            cx.push(
                Diagnostic::error("empty-condition", "this supply source names no location")
                    .at(Cx::span(file, &src.side))
                    .hint("give `edges`, `along`, `hex-sets`, `places`, `terrain` or `counters`"),
            );
        }
        sources.push(SupplySource {
            side,
            edges,
            hex_sets,
            places,
            terrain,
            countries,
            counters,
            units,
            beyond: src.beyond,
            along: src.along.iter().map(|a| a.get_ref().clone()).collect(),
            name: src.name.clone(),
        });
    }
    let path_length = match s.path_length.get_ref() {
        toml::Value::String(t) if t == "unlimited" => PathLength::Unlimited,
        toml::Value::String(t) if t == "movement" => {
            match g.factors.iter().position(|f| f.id == "movement") {
                Some(f) => PathLength::Movement(f),
                None => {
                    cx.push(
                        Diagnostic::error(
                            "unknown-reference",
                            "path length `movement` needs a factor with id `movement`",
                        )
                        .at(Cx::span(file, &s.path_length)),
                    );
                    PathLength::Unlimited
                }
            }
        }
        toml::Value::Integer(n) if *n > 0 && *n < 10_000 => PathLength::Steps(*n as u32),
        toml::Value::Table(t) if t.len() == 1 && t.get("factor").is_some_and(|f| f.is_str()) => {
            let id = t["factor"].as_str().unwrap_or_default();
            match g.factors.iter().position(|f| f.id == id) {
                Some(f) => PathLength::Movement(f),
                None => {
                    cx.push(
                        Diagnostic::error(
                            "unknown-reference",
                            format!("unknown factor `{id}` for the supply path length"),
                        )
                        .at(Cx::span(file, &s.path_length))
                        .hint_opt(super::suggest::did_you_mean(
                            id,
                            g.factors.iter().map(|f| f.id.as_str()),
                        )),
                    );
                    PathLength::Unlimited
                }
            }
        }
        _ => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    "supply path length must be `unlimited`, `movement`, `{ factor = \"…\" }` or a positive number",
                )
                .at(Cx::span(file, &s.path_length)),
            );
            PathLength::Unlimited
        }
    };
    let path_cost = match s.path_cost.as_ref().and_then(|c| {
        super::word(
            cx,
            file,
            c,
            "supply path cost",
            crate::load::schema::words::PATH_COSTS,
        )
    }) {
        Some("movement-points") => PathCost::MovementPoints,
        _ => PathCost::Steps,
    };
    let mut blocked_by = Vec::new();
    for b in &s.blocked_by {
        match b.get_ref().as_str() {
            "enemy-units" => blocked_by.push(Blocker::EnemyUnits),
            "enemy-zoc" => blocked_by.push(Blocker::EnemyZoc),
            "enemy-controlled" => blocked_by.push(Blocker::EnemyControlled),
            other => cx.push(
                Diagnostic::error("unknown-value", format!("unknown supply blocker `{other}`"))
                    .at(Cx::span(file, b))
                    .hint("use `enemy-units`, `enemy-zoc` or `enemy-controlled`"),
            ),
        }
    }
    let enemy_controlled_terrain = s
        .enemy_controlled_terrain
        .iter()
        .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
        .collect();
    let impassable = s
        .impassable
        .iter()
        .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
        .collect();
    let mut links = Vec::new();
    for l in &s.link {
        let Some(side) = names.side.resolve(file, &l.side, &mut cx.diags) else {
            continue;
        };
        let units = l.units.as_ref().map(|c| selector(cx, file, names, g, c));
        let kind = match (&l.hex_set, &l.ports) {
            (Some(h), None) => {
                if !l.across.is_empty() || !l.seas.is_empty() {
                    cx.push(
                        Diagnostic::warning(
                            "ignored-key",
                            "`across` and `seas` are for links of `ports`",
                        )
                        .at(Cx::span(file, &l.side)),
                    );
                }
                match find_set(g, h.get_ref()) {
                    Some(x) => Some(LinkKind::HexSet(x)),
                    None => {
                        hex_sets(cx, file, g, std::slice::from_ref(h));
                        None
                    }
                }
            }
            (None, Some(p)) => {
                let feature = names.terrain.get(p.get_ref());
                if feature.is_none() {
                    place_tags(cx, file, g, std::slice::from_ref(p));
                }
                let across: Vec<_> = l
                    .across
                    .iter()
                    .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
                    .collect();
                if l.across.is_empty() {
                    cx.push(
                        Diagnostic::error("missing-key", "a link of ports needs `across`")
                            .at(Cx::span(file, p))
                            .hint("name the water terrains joining the ports, e.g. `across = [\"sea\"]`"),
                    );
                }
                let seas = hex_sets(cx, file, g, &l.seas);
                Some(LinkKind::Sea {
                    feature,
                    port: p.get_ref().clone(),
                    across,
                    seas,
                })
            }
            (Some(h), Some(_)) => {
                cx.push(
                    Diagnostic::error(
                        "conflicting-keys",
                        "a supply link joins a hex set's places or ports, not both",
                    )
                    .at(Cx::span(file, h))
                    .hint("split it into two `[[rules.supply.link]]`s"),
                );
                None
            }
            (None, None) => {
                cx.push(
                    Diagnostic::error("missing-key", "a supply link needs `hex-set` or `ports`")
                        .at(Cx::span(file, &l.side)),
                );
                None
            }
        };
        if let Some(kind) = kind {
            links.push(SupplyLink {
                side,
                kind,
                units,
                description: l.description.clone(),
            });
        }
    }
    let marker = s
        .marker
        .as_ref()
        .and_then(|m| names.counter.resolve(file, m, &mut cx.diags));
    SupplyRules {
        sources,
        units: selector(cx, file, names, g, &s.units),
        path_length,
        path_cost,
        blocked_by,
        enemy_controlled_terrain,
        enemy_controlled_places: place_tags(cx, file, g, &s.enemy_controlled_places),
        friendly_units_negate_zoc: s.friendly_units_negate_zoc,
        impassable,
        links,
        marker,
    }
}
