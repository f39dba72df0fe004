//! Checks of rule parameters: stacking, zones of control, supply, control and victory.

use toml::Spanned;

use super::game::Names;
use super::Cx;
use crate::diag::Diagnostic;
use crate::load::schema::rules as schema;
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::rules::{
    Blocker, ControlRule, ControlRules, PathLength, Rules, Selector, StackingLimit, SupplyLink,
    SupplyRules, SupplySource, Victory, ZocReach, ZocRules,
};
use crate::model::Game;

pub(crate) fn check_rules(cx: &mut Cx, files: &[(FileId, GameFile)], names: &Names, g: &mut Game) {
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
        let units = selector(cx, file, names, &s.units);
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
        out.stacking.push(StackingLimit {
            name: s.name.clone(),
            max: s.max,
            units,
            points,
            terrain,
            rail: s.rail,
            alone: s.alone,
        });
    }
    if let Some(z) = &r.zoc {
        let default = reach(cx, file, &z.default);
        let exceptions = z
            .exception
            .iter()
            .map(|e| (selector(cx, file, names, &e.units), reach(cx, file, &e.zoc)))
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
        let rule = match c.rule.get_ref().as_str() {
            "last-occupied" => ControlRule::LastOccupied,
            "all-boxes" => ControlRule::AllBoxes,
            "supply-centres" => ControlRule::SupplyCentres,
            other => {
                cx.push(
                    Diagnostic::error("unknown-value", format!("unknown control rule `{other}`"))
                        .at(Cx::span(file, &c.rule))
                        .hint("use `last-occupied`, `all-boxes` or `supply-centres`"),
                );
                ControlRule::LastOccupied
            }
        };
        let units = selector(cx, file, names, &c.units);
        let turns = c
            .turns
            .iter()
            .filter_map(|t| names.turn.resolve(file, t, &mut cx.diags))
            .collect();
        out.control = Some(ControlRules { rule, units, turns });
    }
    let mut ids = super::Registry::new("victory condition");
    for v in &r.victory {
        if ids.define(file, &v.id, &mut cx.diags).is_none() {
            continue;
        }
        let side = names
            .side
            .resolve(file, &v.side, &mut cx.diags)
            .unwrap_or(0);
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
                    cx.push(
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
        let units = selector(cx, file, names, &v.units);
        let track_lead = v.track_lead.as_ref().and_then(|t| {
            let a = names.track.resolve(file, &t.track, &mut cx.diags)?;
            let b = names.track.resolve(file, &t.over, &mut cx.diags)?;
            Some((a, b, t.by))
        });
        if occupy_all.is_empty()
            && track_lead.is_none()
            && v.control_count.is_none()
            && v.occupy_all.is_empty()
        {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    format!("victory condition `{}` tests nothing", v.id.get_ref()),
                )
                .at(Cx::span(file, &v.id))
                .hint("give `occupy-all`, `track-lead` or `control-count`"),
            );
        }
        out.victory.push(Victory {
            id: v.id.get_ref().clone(),
            name: v.name.clone(),
            side,
            checked_after,
            occupy_all,
            units,
            track_lead,
            control_count: v.control_count,
        });
    }
    g.rules = out;
}

/// (map, place index) of a place by name.
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

fn selector(cx: &mut Cx, file: FileId, names: &Names, s: &schema::Selector) -> Selector {
    Selector {
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
                    cx.push(
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
        let mut hex_sets = Vec::new();
        for h in &src.hex_sets {
            match find_set(g, h.get_ref()) {
                Some(x) => hex_sets.push(x),
                None => cx.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("unknown hex set `{}`", h.get_ref()),
                    )
                    .at(Cx::span(file, h)),
                ),
            }
        }
        let mut places = Vec::new();
        for p in &src.places {
            let known = g.maps.iter().any(|m| {
                m.places
                    .iter()
                    .any(|x| x.name == *p.get_ref() || x.tags.contains(p.get_ref()))
            });
            if !known {
                cx.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("no place is named or tagged `{}`", p.get_ref()),
                    )
                    .at(Cx::span(file, p)),
                );
            }
            places.push(p.get_ref().clone());
        }
        sources.push(SupplySource {
            side,
            edges,
            hex_sets,
            places,
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
        _ => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    "supply path length must be `unlimited`, `movement` or a positive number",
                )
                .at(Cx::span(file, &s.path_length)),
            );
            PathLength::Unlimited
        }
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
        match find_set(g, l.hex_set.get_ref()) {
            Some(hex_set) => links.push(SupplyLink {
                side,
                hex_set,
                description: l.description.clone(),
            }),
            None => cx.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("unknown hex set `{}`", l.hex_set.get_ref()),
                )
                .at(Cx::span(file, &l.hex_set)),
            ),
        }
    }
    let marker = s
        .marker
        .as_ref()
        .and_then(|m| names.counter.resolve(file, m, &mut cx.diags));
    SupplyRules {
        sources,
        units: selector(cx, file, names, &s.units),
        path_length,
        blocked_by,
        friendly_units_negate_zoc: s.friendly_units_negate_zoc,
        impassable,
        links,
        marker,
    }
}
