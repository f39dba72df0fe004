//! Set-ups on the map: the counter mix each scenario implies and its limits, the
//! terrain a unit may be placed on, stacking, variable set-up areas and what a scenario
//! requires.

use super::*;

/// A scenario may not use more copies of a counter than the mix has.
pub(super) fn check_mix(
    cx: &mut Cx,
    g: &Game,
    scenario: &str,
    placements: &[Placement],
    written: &[Written],
) {
    let mut uses: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, p) in placements.iter().enumerate() {
        uses.entry(p.counter).or_default().push(i);
    }
    for (counter, list) in uses {
        let have = g.counters[counter].count as usize;
        if list.len() <= have {
            continue;
        }
        let c = &g.counters[counter];
        let mut where_: Vec<String> = list
            .iter()
            .map(|i| g.location_label(&placements[*i].location))
            .collect();
        where_.dedup();
        let mut d = Diagnostic::error(
            "counter-mix",
            format!(
                "scenario `{scenario}` uses counter `{}` {} times, the counter mix has {have}",
                c.id,
                list.len()
            ),
        )
        .at(written[list[have]].span.clone())
        .label(format!("copy {} of {have}", have + 1))
        .hint(format!(
            "used at {}; raise `count` on the counter if the game really has more, or remove a use",
            where_.join(", ")
        ));
        let mut noted = vec![written[list[have]].span.clone()];
        for i in &list {
            let span = &written[*i].span;
            if noted.len() < 5 && !noted.contains(span) {
                noted.push(span.clone());
                d = d.note(span.clone(), "also used here");
            }
        }
        cx.push(d);
    }
}

/// Set-ups on the map: terrain the unit may enter, variable set-up areas, stacking limits.
pub(crate) fn check_setups(cx: &mut Cx, g: &Game, all_written: Vec<Vec<Written>>) {
    let stacking = crate::model::rules::Stacking::new(g);
    for (s, written) in g.scenarios.iter().zip(all_written) {
        cx.enter(Part::Scenario(s.id.clone()));
        let mut stacks: BTreeMap<Location, Vec<usize>> = BTreeMap::new();
        for (i, p) in s.placements.iter().enumerate() {
            let Some(w) = written.get(i) else { continue };
            let class = g.class_of(p.counter);
            match p.location {
                Location::Hex { map, hex } => {
                    let MapKind::Hex(h) = &g.maps[map].kind else {
                        continue;
                    };
                    let hx = h.hex(hex);
                    let t = &g.terrain[hx.terrain];
                    let prohibited = t.kind == TerrainKind::Water
                        && t.cost(Some(class.unit_type)) != Some(Cost::Points(0))
                        || t.cost(Some(class.unit_type)) == Some(Cost::Prohibited)
                        || hx.features.iter().any(|f| {
                            g.terrain[*f].cost(Some(class.unit_type)) == Some(Cost::Prohibited)
                        });
                    if prohibited && g.unit_types[class.unit_type].combat {
                        cx.push(
                            Diagnostic::error(
                                "wrong-terrain",
                                format!(
                                    "{} `{}` may not be in {} hex {}",
                                    g.unit_types[class.unit_type].name,
                                    g.counters[p.counter].id,
                                    t.name.to_lowercase(),
                                    h.geometry.number(hex)
                                ),
                            )
                            .at(w.span.clone())
                            .hint("move it to a hex whose terrain the unit may enter"),
                        );
                    }
                    if let Some((pool, span)) = &w.from {
                        if let Some((m, set)) = g.pools[*pool].area {
                            let inside = m == map
                                && g.maps[m].hex_sets[set].members.contains(&PlaceAt::Hex(hex));
                            if !inside {
                                cx.push(
                                    Diagnostic::error(
                                        "outside-setup-area",
                                        format!(
                                            "`{}` from pool `{}` is set up in {}, outside {}",
                                            g.counters[p.counter].id,
                                            g.pools[*pool].name,
                                            h.geometry.number(hex),
                                            g.maps[m].hex_sets[set].name
                                        ),
                                    )
                                    .at(w.span.clone())
                                    .note(span.clone(), "deployed from this pool")
                                    .hint(format!(
                                        "place it inside {}",
                                        g.maps[m].hex_sets[set].name
                                    )),
                                );
                            }
                        }
                    }
                }
                Location::Area { map, area, slot } => {
                    let MapKind::Area(a) = &g.maps[map].kind else {
                        continue;
                    };
                    let ar = &a.areas[area];
                    if a.is_board() {
                        on_board(cx, g, a, Site::in_slot(area, slot), p.counter, &w.span);
                    }
                    if let Some(side) = g.side_of(p.counter) {
                        if !ar.only.is_empty() && !ar.only.contains(&side) {
                            cx.push(
                                Diagnostic::error(
                                    "forbidden-area",
                                    format!(
                                        "{} units may not enter {}",
                                        g.sides[side].name, ar.name
                                    ),
                                )
                                .at(w.span.clone()),
                            );
                        }
                    }
                    if let Some((pool, span)) = &w.from {
                        if let Some((m, set)) = g.pools[*pool].area {
                            if !(m == map
                                && g.maps[m].hex_sets[set]
                                    .members
                                    .contains(&PlaceAt::Area(area)))
                            {
                                cx.push(
                                    Diagnostic::error(
                                        "outside-setup-area",
                                        format!(
                                            "`{}` is set up in {}, outside {}",
                                            g.counters[p.counter].id,
                                            ar.name,
                                            g.maps[m].hex_sets[set].name
                                        ),
                                    )
                                    .at(w.span.clone())
                                    .note(span.clone(), "deployed from this pool"),
                                );
                            }
                        }
                    }
                }
                Location::Pool(_) | Location::Track { .. } => continue,
            }
            stacks.entry(p.location.stack()).or_default().push(i);
        }
        for (loc, list) in &stacks {
            if let Location::Area {
                map,
                area,
                slot: AreaSlot::Box(n),
            } = loc
            {
                if list.len() > 1 {
                    let MapKind::Area(a) = &g.maps[*map].kind else {
                        continue;
                    };
                    cx.push(
                        Diagnostic::error(
                            "box-occupied",
                            format!(
                                "{} units in {} box {n}, which holds one",
                                list.len(),
                                a.areas[*area].name
                            ),
                        )
                        .at(written[list[1]].span.clone())
                        .note(written[list[0]].span.clone(), "first unit in the box"),
                    );
                }
            }
            let counters: Vec<usize> = list.iter().map(|i| s.placements[*i].counter).collect();
            for v in stacking.violations(loc, &counters) {
                // A `[[rules.entry]]` rule allows none of the units it bars.
                let message = if v.max == 0 {
                    format!(
                        "{} in {}: `{}` keeps them out",
                        v.found,
                        g.location_name(loc),
                        v.rule
                    )
                } else {
                    format!(
                        "{} in {} break the stacking limit `{}` (at most {})",
                        v.found,
                        g.location_name(loc),
                        v.rule,
                        v.max
                    )
                };
                // Point at the last placement the rule counted (not a marker beside it).
                let last = list
                    .iter()
                    .rev()
                    .find(|i| {
                        v.counted
                            .iter()
                            .any(|(c, _)| *c == s.placements[**i].counter)
                    })
                    .unwrap_or(&list[list.len() - 1]);
                let what = if v.max == 0 { "bars" } else { "counts" };
                let in_points = v.max > 0 && v.found.contains("point");
                cx.push(
                    Diagnostic::error("stacking", message)
                        .at(written[*last].span.clone())
                        .hint(format!(
                            "scenario `{}` stacks {} there; the rule {what} {}",
                            s.id,
                            counters
                                .iter()
                                .map(|c| g.counters[*c].id.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                            v.counted
                                .iter()
                                .map(|(c, p)| {
                                    if in_points {
                                        format!("{} ({p})", g.counters[*c].id)
                                    } else {
                                        g.counters[*c].id.clone()
                                    }
                                })
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                );
            }
        }
    }
}

/// An army or fleet set up on a province board where the board's rule lets it stand
/// ([`Game::misplaced`], the rule position files follow): no army at sea or on a coast, no
/// fleet inland, no unit where its terrain keeps it out. Hidden parts of units are left to
/// the rules of parts (an army's part at sea rides a fleet).
fn on_board(cx: &mut Cx, g: &Game, a: &AreaMap, site: Site, counter: usize, span: &Span) {
    let Some(kind) = g.unit_types[g.class_of(counter).unit_type].moves_as else {
        return;
    };
    let part = g
        .rules
        .fractions
        .as_ref()
        .is_some_and(|f| f.pieces.iter().any(|x| x.counter == counter));
    if part {
        return;
    }
    let Some(why) = g.misplaced(a, site, kind) else {
        return;
    };
    let id = &g.counters[counter].id;
    let province = &a.areas[site.area].id;
    let hint = match why {
        Misplaced::ArmyAtSea => {
            format!("`{id}` is an army: set it up on land, or set up a fleet there")
        }
        Misplaced::ArmyOnCoast => {
            format!("set `{id}` up at `{province}`: an army stands in the province itself")
        }
        Misplaced::Impassable => format!(
            "its terrain `{}` keeps every {} out: set `{id}` up elsewhere",
            g.terrain[a.areas[site.area].terrain].id,
            kind.as_str()
        ),
        Misplaced::CoastNeeded => format!(
            "set `{id}` up at one of {}",
            a.fleet_sites(site.area)
                .iter()
                .map(|s| format!("`{}`", a.site_id(*s)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Misplaced::FleetInland => {
            let at = a.site_id(site);
            format!(
                "`{id}` is a fleet: set it up at sea or on a coast, or set up an army there; if `{at}` is on the coast, list the fleet moves to and from it (`fleet = [...]` in its `[[map.area]]`)"
            )
        }
    };
    cx.push(
        Diagnostic::error(why.code(), why.message(a, site, kind))
            .at(span.clone())
            .hint(hint),
    );
}

/// The scenario's set-up instructions (`[[scenario.require]]`) against its placements.
pub(super) fn check_requirements(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    s: &crate::load::schema::Scenario,
    placements: &[Placement],
) {
    for r in &s.require {
        let classes: Vec<usize> = r
            .classes
            .iter()
            .filter_map(|c| names.class.resolve(file, c, &mut cx.diags))
            .collect();
        let types = crate::model::Selector {
            types: r
                .types
                .iter()
                .filter_map(|t| names.unit_type.resolve(file, t, &mut cx.diags))
                .collect(),
            ..Default::default()
        };
        let side = r
            .side
            .as_ref()
            .and_then(|x| names.side.resolve(file, x, &mut cx.diags));
        let within = r
            .within
            .as_ref()
            .and_then(|w| resolve_set(cx, file, names, g, w));
        let slot = match r.slot.as_ref().map(|x| x.get_ref().as_str()) {
            None | Some("any") => None,
            Some("open") => Some(true),
            Some("box") => Some(false),
            Some(other) => {
                let at = r.slot.as_ref().map(|x| Cx::span(file, x));
                cx.push(
                    Diagnostic::error("unknown-value", format!("unknown slot `{other}`"))
                        .at_opt(at)
                        .hint("use `open`, `box` or `any`"),
                );
                None
            }
        };
        if classes.is_empty() && types.types.is_empty() && side.is_none() {
            cx.push(
                Diagnostic::error(
                    "empty-condition",
                    "the instruction names no classes, types or side",
                )
                .at(Cx::span(file, &r.name))
                .hint("say which units it concerns with `classes`, `types` or `side`"),
            );
            continue;
        }
        let concerned: Vec<&Placement> = placements
            .iter()
            .filter(|p| !matches!(p.location, Location::Pool(_) | Location::Track { .. }))
            .filter(|p| classes.is_empty() || classes.contains(&g.face_class(p.counter, p.reduced)))
            .filter(|p| types.types.is_empty() || types.matches(g, p.counter))
            .filter(|p| side.is_none() || g.side_of(p.counter) == side)
            // "Units": a side's markers (a Resettled marker in a box) count only when the
            // instruction names their class or type.
            .filter(|p| !classes.is_empty() || !types.types.is_empty() || !g.is_marker(p.counter))
            .collect();
        let n = concerned.len() as u32;
        let rule = r.name.get_ref();
        let span = Cx::span(file, &r.name);
        let wrong_count = match (r.count, r.min, r.max) {
            (Some(c), _, _) if n != c => Some(format!("exactly {c}")),
            (_, Some(lo), _) if n < lo => Some(format!("at least {lo}")),
            (_, _, Some(hi)) if n > hi => Some(format!("at most {hi}")),
            _ => None,
        };
        if let Some(want) = wrong_count {
            cx.push(
                Diagnostic::error(
                    "setup-instruction",
                    format!(
                        "scenario `{}` places {n} units where its instructions say {want}: {rule}",
                        s.id.get_ref()
                    ),
                )
                .at(span.clone())
                .hint("change the placements or the instruction"),
            );
        }
        for p in concerned {
            let where_ok = within.is_none_or(|(m, set)| match p.location {
                Location::Hex { map, hex } => {
                    map == m && g.maps[m].hex_sets[set].members.contains(&PlaceAt::Hex(hex))
                }
                Location::Area { map, area, .. } => {
                    map == m
                        && g.maps[m].hex_sets[set]
                            .members
                            .contains(&PlaceAt::Area(area))
                }
                Location::Pool(_) | Location::Track { .. } => false,
            });
            let slot_ok = match (slot, p.location) {
                (Some(open), Location::Area { slot: s, .. }) => (s == AreaSlot::Open) == open,
                (Some(_), _) => true,
                (None, _) => true,
            };
            if !(where_ok && slot_ok) {
                cx.push(
                    Diagnostic::error(
                        "setup-instruction",
                        format!(
                            "`{}` at {} breaks the instruction: {rule}",
                            g.counters[p.counter].id,
                            g.location_name(&p.location)
                        ),
                    )
                    .at(span.clone())
                    .hint("move the unit where the instruction allows"),
                );
            }
        }
    }
}
