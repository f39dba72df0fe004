//! The check of `[rules.supply]`: sources, what blocks a path, its length and cost, and
//! the links of ports or hex sets.

use super::*;

pub(super) fn supply(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    s: &schema::Supply,
) -> SupplyRules {
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
                        .hint_opt(crate::check::suggest::did_you_mean(e.get_ref(), all)),
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
                        .hint_opt(crate::check::suggest::did_you_mean(
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
        crate::check::word(
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
