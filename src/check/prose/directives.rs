//! Directives in the rules prose (`{{crt}}`, `{{map …}}`, `{{counters …}}`…) checked against the
//! game, map insets (`{{map inset …}}`) among them.

use super::*;

/// Resolve one directive, or report why it cannot be.
pub(super) fn directive(
    cx: &mut Cx,
    file: FileId,
    d: &RawDirective,
    names: &Names,
    game: &Game,
) -> Option<Directive> {
    let (kind, kind_range) = (&d.kind.0, d.kind.1.clone());
    let at = |r: std::ops::Range<usize>| Span::new(file, r);
    // The paragraph without the line break that ends it.
    let whole = {
        let text = cx.sources.text(file);
        let para = text.get(d.range.clone()).unwrap_or("");
        d.range.start..d.range.start + para.trim_end().len()
    };
    let Some((_, takes)) = KINDS.iter().find(|(k, _)| k == kind) else {
        let words: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        cx.push(
            Diagnostic::error(
                "unknown-directive",
                format!("unknown directive `{{{{{kind}}}}}`"),
            )
            .at(at(kind_range))
            .label("not a kind of generated material")
            .hint(
                did_you_mean(kind, words.iter().copied())
                    .unwrap_or_else(|| format!("write one of {}", words.join(", "))),
            ),
        );
        return None;
    };
    // `{{map inset …}}` and `{{map ID inset …}}`: a part of a map shown larger.
    // A map may itself be called `inset`: `{{map inset}}` then shows it whole.
    if kind == "map" {
        let a_map_called_inset = names.map.get("inset").is_some();
        let inset_at = match d.args.as_slice() {
            [(a, _), (b, _), ..] if b == "inset" && (a != "inset" || a_map_called_inset) => Some(1),
            [(a, _), rest @ ..] if a == "inset" && (!rest.is_empty() || !a_map_called_inset) => {
                Some(0)
            }
            _ => None,
        };
        if let Some(i) = inset_at {
            return map_inset(cx, file, d, i, whole, names, game);
        }
    }
    if d.args.len() > 1 || (takes.is_none() && !d.args.is_empty()) {
        let extra = &d.args[usize::from(takes.is_some())];
        cx.push(
            Diagnostic::error(
                "directive-arguments",
                format!(
                    "`{{{{{kind}}}}}` takes {}",
                    if takes.is_some() { "one id" } else { "no id" }
                ),
            )
            .at(at(extra.1.clone()))
            .label("not expected here"),
        );
        return None;
    }
    let arg = d.args.first();
    if *takes == Some(true) && arg.is_none() {
        cx.push(
            Diagnostic::error(
                "directive-arguments",
                format!("`{{{{{kind}}}}}` needs the id of what to show"),
            )
            .at(at(whole.clone()))
            .hint(format!("e.g. `{{{{{kind} {}}}}}`", example_id(kind, game))),
        );
        return None;
    }
    // Resolve an id in a registry: the index, a left-out note, or a report.
    let mut lookup = |registry: &crate::check::Registry, id: &(String, std::ops::Range<usize>)| {
        if let Some(i) = registry.get(&id.0) {
            return Ok(i);
        }
        if let Some(option) = registry.off_option(&id.0) {
            return Err(Some(Directive::LeftOut {
                kind: kind.clone(),
                id: id.0.clone(),
                option: option.to_string(),
            }));
        }
        if !registry.is_defined(&id.0) && !registry.is_incomplete() {
            cx.push(registry.unknown(at(id.1.clone()), &id.0));
        }
        Err(None)
    };
    let resolved = match kind.as_str() {
        "crt" => arg.map(|a| lookup(&names.crt, a).map(Directive::Crt)),
        "chart" => arg.map(|a| lookup(&names.chart, a).map(Directive::Chart)),
        "track" => arg.map(|a| lookup(&names.track, a).map(Directive::Track)),
        "counter" => arg.map(|a| lookup(&names.counter, a).map(Directive::Counter)),
        "setup" => arg.map(|a| lookup(&names.scenario, a).map(Directive::Setup)),
        "turns" => Some(match arg {
            Some(a) => lookup(&names.scenario, a).map(|s| Directive::Turns(Some(s))),
            None => Ok(Directive::Turns(None)),
        }),
        "powers" => Some(match arg {
            Some(a) => lookup(&names.scenario, a).map(|s| Directive::Powers(Some(s))),
            None => Ok(Directive::Powers(None)),
        }),
        "counters" => Some(match arg {
            Some(a) => lookup(&names.side, a).map(|s| Directive::Counters(Some(s))),
            None => Ok(Directive::Counters(None)),
        }),
        "map" => Some(match arg {
            Some(a) => lookup(&names.map, a).map(Directive::Map),
            None if game.maps.len() == 1 => Ok(Directive::Map(0)),
            None if game.maps.is_empty() => Err(None),
            None => {
                let ids: Vec<&str> = game.maps.iter().map(|m| m.id.as_str()).collect();
                cx.push(
                    Diagnostic::error(
                        "directive-arguments",
                        "`{{map}}` must name a map: the game has several",
                    )
                    .at(at(whole.clone()))
                    .hint(format!("write one of: {}", ids.join(", "))),
                );
                Err(None)
            }
        }),
        "provinces" => Some(match arg {
            Some(a) => lookup(&names.map, a).map(Directive::Provinces),
            None => game
                .maps
                .iter()
                .position(|m| matches!(m.kind, crate::model::MapKind::Area(_)))
                .map_or(Ok(Directive::Provinces(0)), |m| Ok(Directive::Provinces(m))),
        }),
        "tec" => Some(Ok(Directive::Terrain)),
        "sequence" => Some(Ok(Directive::Sequence)),
        "options" => Some(Ok(Directive::Options)),
        "victory" => Some(Ok(Directive::Victory)),
        _ => None,
    }?;
    let directive = match resolved {
        Ok(d) => d,
        Err(left_out) => return left_out,
    };
    // Material the game does not have.
    let missing = match &directive {
        Directive::Terrain if game.terrain.is_empty() && game.hexside_terrain.is_empty() => {
            Some("the game defines no terrain")
        }
        Directive::Terrain if !game.has_terrain_effects() => {
            Some("no terrain of the game has a movement cost or a combat effect")
        }
        Directive::Sequence if game.phases.is_empty() => Some("the game defines no phases"),
        Directive::Options if game.options.is_empty() => Some("the game declares no `[[option]]`"),
        Directive::Victory if game.rules.victory.is_empty() => {
            Some("the game declares no `[[rules.victory]]`")
        }
        Directive::Powers(_) if !game.phases.iter().any(|p| p.orders.is_some()) => {
            Some("powers are listed for games of written orders (Diplomacy-style) only")
        }
        Directive::Turns(_) if game.turns.is_empty() => Some("the game has no calendar of turns"),
        Directive::Provinces(m)
            if !matches!(
                game.maps.get(*m).map(|m| &m.kind),
                Some(crate::model::MapKind::Area(_))
            ) =>
        {
            Some("provinces are listed for an area map or province board, not a hex map")
        }
        Directive::Turns(None) | Directive::Powers(None) if game.scenarios.is_empty() => {
            Some("the game has no scenario")
        }
        _ => None,
    };
    if let Some(why) = missing {
        cx.push(
            Diagnostic::error("directive-without-data", format!("`{{{{{kind}}}}}`: {why}"))
                .at(at(whole.clone()))
                .hint("remove the directive, or add the data it shows"),
        );
        return None;
    }
    Some(directive)
}

/// Resolve `{{map [ID] inset PLACES}}` (the word `inset` the argument at `at_word`): the map
/// (named, or the game's only one), and the places it shows — on a hex map hexes and
/// ranges of hexes (`0510-1015`: the rectangle with these corners), on an area map areas by
/// id (`par bur mar`) — or report what is wrong where it is written.
fn map_inset(
    cx: &mut Cx,
    file: FileId,
    d: &RawDirective,
    at_word: usize,
    whole: std::ops::Range<usize>,
    names: &Names,
    game: &Game,
) -> Option<Directive> {
    let at = |r: &std::ops::Range<usize>| Span::new(file, r.clone());
    let map = if at_word == 1 {
        let (id, range) = &d.args[0];
        match names.map.get(id) {
            Some(m) => m,
            None => {
                if !names.map.is_defined(id) && !names.map.is_incomplete() {
                    cx.push(names.map.unknown(at(range), id));
                }
                return None;
            }
        }
    } else if game.maps.len() == 1 {
        0
    } else {
        if !game.maps.is_empty() {
            let ids: Vec<&str> = game.maps.iter().map(|m| m.id.as_str()).collect();
            cx.push(
                Diagnostic::error(
                    "directive-arguments",
                    "`{{map inset …}}` must name a map: the game has several",
                )
                .at(at(&whole))
                .hint(format!(
                    "name the map before `inset`, e.g. `{{{{map {} inset …}}}}`",
                    ids[0]
                )),
            );
        }
        return None;
    };
    let places = &d.args[at_word + 1..];
    let m = &game.maps[map];
    let hint = match &m.kind {
        crate::model::MapKind::Hex(h) => format!(
            "name hexes of `{}` and ranges of them, e.g. `{{{{map inset {}-{}}}}}` (the rectangle with these corners)",
            m.id,
            h.geometry.number(h.geometry.coord(0)),
            h.geometry.number(h.geometry.coord(h.geometry.len().saturating_sub(1).min(h.geometry.len() / 3)))
        ),
        crate::model::MapKind::Area(a) => format!(
            "name areas of `{}` by id, e.g. `{{{{map inset {}}}}}`",
            m.id,
            a.areas.iter().take(3).map(|x| x.id.as_str()).collect::<Vec<_>>().join(" ")
        ),
    };
    if places.is_empty() {
        cx.push(
            Diagnostic::error("map-inset", "`{{map inset}}` names no places to show")
                .at(at(&whole))
                .hint(hint),
        );
        return None;
    }
    let mut chosen: Vec<usize> = Vec::new();
    let mut ok = true;
    for (place, range) in places {
        match &m.kind {
            crate::model::MapKind::Hex(h) => {
                let g = &h.geometry;
                let (a, b) = place.split_once('-').unwrap_or((place, place));
                let corners = [a, b].map(|n| g.parse_number(n).filter(|c| g.contains(*c)));
                let [Some(a), Some(b)] = corners else {
                    let bad = if corners[0].is_none() { a } else { b };
                    cx.push(
                        Diagnostic::error("map-inset", format!("`{}` has no hex `{bad}`", m.id))
                            .at(at(range))
                            .label("not a hex of the map")
                            .hint(hint.clone()),
                    );
                    ok = false;
                    continue;
                };
                let (pa, pb) = (g.printed(a), g.printed(b));
                let cols = pa.0.min(pb.0)..=pa.0.max(pb.0);
                let rows = pa.1.min(pb.1)..=pa.1.max(pb.1);
                let before = chosen.len();
                chosen.extend((0..g.len()).filter(|i| {
                    let (c, r) = g.printed(g.coord(*i));
                    cols.contains(&c) && rows.contains(&r)
                }));
                if chosen.len() == before {
                    cx.push(
                        Diagnostic::error(
                            "map-inset",
                            format!("the range `{place}` holds no hex of `{}`", m.id),
                        )
                        .at(at(range))
                        .label("an empty range")
                        .hint(hint.clone()),
                    );
                    ok = false;
                }
            }
            crate::model::MapKind::Area(am) => {
                match am
                    .areas
                    .iter()
                    .position(|x| x.id == *place || x.aliases.contains(place))
                {
                    Some(i) => chosen.push(i),
                    None => {
                        cx.push(
                            Diagnostic::error(
                                "map-inset",
                                format!("`{}` has no area `{place}`", m.id),
                            )
                            .at(at(range))
                            .label("not an area of the map")
                            .hint(
                                did_you_mean(place, am.areas.iter().map(|x| x.id.as_str()))
                                    .unwrap_or_else(|| hint.clone()),
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
    }
    if !ok {
        return None;
    }
    chosen.sort_unstable();
    chosen.dedup();
    Some(Directive::MapInset {
        map,
        places: chosen,
        named: places
            .iter()
            .map(|(p, _)| p.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    })
}
