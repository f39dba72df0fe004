//! Checks of who controls what and who wins: the sides' control markers, the Control
//! Phase (points per area, penalties, garrisons), attrition, the levels of victory and the
//! control a scenario starts with.

use super::*;

/// The `control-marker` of each `[[side]]`, resolved once the classes and the counter mix
/// are known: a class with a counter in the mix, marking one side only. A combat class, a
/// class of another side, and a side owning supply centres in a scenario without a marker
/// while other sides have one are warned of.
pub(super) fn control_markers(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &Names,
    g: &mut Game,
) {
    // (class, where it was named) of each marker admitted.
    let mut seen: Vec<(usize, Span)> = Vec::new();
    let mut first_named: Option<Span> = None;
    for (file, side) in crate::check::gather(files, |f| &f.side) {
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
    for (file, side) in crate::check::gather(files, |f| &f.side) {
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
pub(super) fn find_area(g: &Game, id: &str) -> Option<(usize, usize)> {
    g.maps.iter().enumerate().find_map(|(mi, m)| match &m.kind {
        MapKind::Area(a) => a.areas.iter().position(|x| x.id == id).map(|i| (mi, i)),
        MapKind::Hex(_) => None,
    })
}

pub(super) fn control_phase(
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
    let mut ids = crate::check::Registry::new("garrison requirement");
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
                        .hint_opt(crate::check::suggest::did_you_mean(a.get_ref(), all)),
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

pub(super) fn attrition(
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
                    crate::check::suggest::did_you_mean(other, ["enemy-controlled"])
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
pub(super) fn parse_band(text: &str) -> Option<(i64, Option<i64>)> {
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

pub(super) fn victory_levels(
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
pub(super) fn start_control(
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
        .filter_map(|r| crate::check::scenarios::resolve_set(cx, file, names, g, r))
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

pub(super) fn find_place(g: &Game, name: &str) -> Option<(usize, usize)> {
    g.maps.iter().enumerate().find_map(|(mi, m)| {
        m.places
            .iter()
            .position(|p| p.name == name)
            .map(|pi| (mi, pi))
    })
}
