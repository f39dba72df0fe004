//! A hex map's `[map.geography]` checked before anything is laid: the keys a hex map needs
//! (and none of an area map's), the anchor and pins on the map, every terrain, country and
//! hexside terrain named, every region's one shape, the terrain priority and shares, lakes,
//! places and junctions on the globe, and every river and rail line given a course. All the
//! mistakes are reported at once.

use super::*;

/// What a hex map's checked geography fixes for the laying.
pub(super) struct CheckedHexMap<'a> {
    /// The distance between neighbouring hex centres, in km.
    pub(super) across: f64,
    /// The anchor hex.
    pub(super) anchor: HexCoord,
    /// The anchor as written: its hex, its point and its offset.
    pub(super) anchor_at: &'a Spanned<crate::load::schema::geography::Anchor>,
    /// The terrain of land no region covers.
    pub(super) default_terrain: &'a Spanned<String>,
    /// The projection the geography names.
    pub(super) projection: Projection,
    /// The pinned hexes, their points and how the report names them.
    pub(super) pins: Vec<(HexCoord, LatLon, String)>,
    /// The land terrains in order of priority, when given.
    pub(super) priority: Option<Vec<String>>,
    /// The terrain of Natural Earth's sea, when given.
    pub(super) sea: Option<&'a Spanned<String>>,
    /// The terrain of every lake that names none, when given.
    pub(super) lake_default: Option<&'a Spanned<String>>,
}

/// Check a hex map's geography; errors are located in `file`.
pub(super) fn check_hex_map<'a>(
    file: FileId,
    geo: &'a Spanned<Geography>,
    geometry: &HexGeometry,
    known: &KnownIds,
    atlas: Option<&Atlas>,
) -> Result<CheckedHexMap<'a>, Diagnostics> {
    let mut diags = Diagnostics::default();
    let g = geo.get_ref();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let mut missing = |key: &str, hint: &str| {
        diags.push(
            Diagnostic::error(
                "missing-key",
                format!("a hex map's geography needs `{key}`"),
            )
            .at(at(geo.span()))
            .hint(hint),
        );
    };
    if g.hex_km.is_none() {
        missing(
            "hex-km",
            "give the distance between neighbouring hex centres, e.g. `hex-km = 47`",
        );
    }
    if g.anchor.is_none() {
        missing(
            "anchor",
            "say where the grid lies: `anchor = { hex = \"0101\", at = [lat, lon] }`",
        );
    }
    if g.default_terrain.is_none() {
        missing(
            "default-terrain",
            "name the terrain of land no region covers, e.g. `default-terrain = \"clear\"`",
        );
    }
    for (key, span) in g.area_map_keys() {
        diags.push(
            Diagnostic::error("conflicting-keys", format!("`{key}` is for area maps"))
                .at(at(span))
                .hint("a hex map's geography has `hex-km` and `anchor` instead"),
        );
    }
    let (Some(hex_km), Some(anchor_at), Some(default_terrain)) =
        (&g.hex_km, &g.anchor, &g.default_terrain)
    else {
        return Err(diags);
    };
    let projection = projection_of(g, &mut diags, &at);
    let across = *hex_km.get_ref();
    if !(across.is_finite() && across > 0.0 && across < 10_000.0) {
        diags.push(
            Diagnostic::error("out-of-range", format!("a hex {across} km across"))
                .at(at(hex_km.span()))
                .hint(
                    "give the distance between neighbouring hex centres in km, e.g. `hex-km = 47`",
                ),
        );
    }
    let anchor = geometry.parse_number(anchor_at.get_ref().hex.get_ref());
    if anchor.is_none() {
        diags.push(
            Diagnostic::error(
                "no-such-hex",
                format!(
                    "anchor hex `{}` is not on the map",
                    anchor_at.get_ref().hex.get_ref()
                ),
            )
            .at(at(anchor_at.get_ref().hex.span())),
        );
    }
    let mut pins: Vec<(HexCoord, LatLon, String)> = Vec::new();
    for pin in &g.pin {
        check_point(&mut diags, file, &pin.at);
        let label = pin.name.as_ref().map_or_else(
            || format!("the pin at {}", pin.hex.get_ref()),
            |n| n.get_ref().clone(),
        );
        match geometry.parse_number(pin.hex.get_ref()) {
            Some(c) => {
                if let Some((_, _, other)) = pins.iter().find(|(o, _, _)| *o == c) {
                    diags.push(
                        Diagnostic::error(
                            "duplicate-id",
                            format!(
                                "hex `{}` is pinned twice ({other} and {label})",
                                pin.hex.get_ref()
                            ),
                        )
                        .at(at(pin.hex.span()))
                        .hint("pin each hex once; a place two hexes share needs two points"),
                    );
                } else {
                    pins.push((c, *pin.at.get_ref(), label));
                }
            }
            None => diags.push(
                Diagnostic::error(
                    "no-such-hex",
                    format!("pinned hex `{}` is not on the map", pin.hex.get_ref()),
                )
                .at(at(pin.hex.span()))
                .hint("give a hex number as the map prints it"),
            ),
        }
    }
    let check_id = |diags: &mut Diagnostics,
                    id: &Spanned<String>,
                    set: &BTreeSet<String>,
                    what: &str| {
        if !set.contains(id.get_ref()) {
            let hint =
                crate::diag::suggest::did_you_mean(id.get_ref(), set.iter().map(String::as_str));
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("unknown {what} `{}`", id.get_ref()),
                )
                .at(at(id.span()))
                .hint_opt(hint),
            );
        }
    };
    check_id(&mut diags, default_terrain, &known.terrain, "terrain");
    for r in &g.terrain {
        check_id(&mut diags, &r.id, &known.terrain, "terrain");
    }
    for r in &g.country {
        check_id(&mut diags, &r.id, &known.country, "country");
    }
    for r in &g.river {
        match &r.kind {
            Some(k) => check_id(&mut diags, k, &known.hexside, "hexside terrain"),
            None => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("river `{}` has no `kind`", r.name.get_ref()),
                )
                .at(at(r.name.span()))
                .hint("name the hexside terrain it is, e.g. `kind = \"river\"`"),
            ),
        }
    }
    for p in &g.place {
        check_id(&mut diags, &p.kind, &known.terrain, "terrain");
    }
    for s in &g.strait {
        check_id(&mut diags, &s.kind, &known.hexside, "hexside terrain");
        if !s.between.get_ref().iter().all(|p| valid_point(*p)) {
            diags.push(
                Diagnostic::error("bad-geometry", "a strait needs two points of the globe")
                    .at(at(s.between.span()))
                    .hint("give a point on each shore: `between = [[lat, lon], [lat, lon]]`"),
            );
        }
    }
    for o in &g.hex {
        if o.hex.is_none() && o.hexes.is_none() {
            let span = o
                .terrain
                .as_ref()
                .or(o.country.as_ref())
                .map_or_else(|| geo.span(), Spanned::span);
            diags.push(
                Diagnostic::error("missing-key", "a hex decision names no hex")
                    .at(at(span))
                    .hint("give `hex = \"0101\"` or `hexes = [\"0101\", …]`"),
            );
        }
        if let Some(t) = &o.terrain {
            check_id(&mut diags, t, &known.terrain, "terrain");
        }
        if let Some(c) = o.country.as_ref().filter(|c| !c.get_ref().is_empty()) {
            check_id(&mut diags, c, &known.country, "country");
        }
    }
    let points = |diags: &mut Diagnostics, what: &str, pts: &Spanned<Vec<LatLon>>, min: usize| {
        let list = pts.get_ref();
        let bad = list.iter().any(|p| !valid_point(*p));
        if bad || list.len() < min {
            diags.push(
                Diagnostic::error(
                    "bad-geometry",
                    format!(
                        "{what} needs at least {min} points of `[latitude, longitude]` in degrees"
                    ),
                )
                .at(at(pts.span())),
            );
        }
    };
    let point = |diags: &mut Diagnostics, pt: &Spanned<LatLon>| check_point(diags, file, pt);
    let share = |diags: &mut Diagnostics, s: &Spanned<f64>, key: &str| {
        let v = *s.get_ref();
        if !(v > 0.0 && v <= 1.0) {
            diags.push(
                Diagnostic::error("out-of-range", format!("`{key}` of {v} is not a share"))
                    .at(at(s.span()))
                    .hint("give a share of the hex's points above 0 and at most 1, e.g. 0.4"),
            );
        }
    };
    let ne_names = |diags: &mut Diagnostics, names: &Spanned<Vec<String>>| {
        check_countries(diags, file, names, atlas)
    };
    let priority: Option<Vec<String>> = g.terrain_priority.as_ref().map(|list| {
        for t in list.get_ref() {
            check_id(&mut diags, t, &known.terrain, "terrain");
        }
        list.get_ref().iter().map(|t| t.get_ref().clone()).collect()
    });
    if let Some(s) = &g.terrain_share {
        share(&mut diags, s, "terrain-share");
        if priority.is_none() {
            diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    "`terrain-share` without `terrain-priority`",
                )
                .at(at(s.span()))
                .hint("list the terrains in order of priority in `terrain-priority`"),
            );
        }
    }
    let mut unranked: BTreeSet<&str> = BTreeSet::new();
    for (r, is_terrain) in g
        .terrain
        .iter()
        .map(|r| (r, true))
        .chain(g.country.iter().map(|r| (r, false)))
    {
        let given = [
            r.outline.as_ref().map(|_| "outline"),
            r.natural_earth.as_ref().map(|_| "natural-earth"),
            r.along.as_ref().map(|_| "along"),
        ];
        let given: Vec<&str> = given.into_iter().flatten().collect();
        match given.len() {
            0 => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("region `{}` has no outline", r.id.get_ref()),
                )
                .at(at(r.id.span()))
                .hint("give `outline = [[lat, lon], …]`, `natural-earth = [\"Country\", …]` or `along = [[lat, lon], …]` with `within-km`"),
            ),
            1 => {}
            _ => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!(
                        "region `{}` has both `{}` and `{}`",
                        r.id.get_ref(),
                        given[0],
                        given[1]
                    ),
                )
                .at(at(r.id.span()))
                .hint("a region is one of an outline, Natural Earth countries or a band along a line"),
            ),
        }
        if let Some(outline) = &r.outline {
            points(&mut diags, "an outline", outline, 3);
        }
        if let Some(names) = &r.natural_earth {
            ne_names(&mut diags, names);
        }
        if let Some(names) = &r.inside {
            ne_names(&mut diags, names);
        }
        match (&r.along, &r.within_km) {
            (Some(line), Some(km)) => {
                points(&mut diags, "a line", line, 1);
                let v = *km.get_ref();
                if !(v.is_finite() && v > 0.0 && v < 10_000.0) {
                    diags.push(
                        Diagnostic::error("out-of-range", format!("a band {v} km wide"))
                            .at(at(km.span()))
                            .hint("give how far the region reaches from its line, in km"),
                    );
                }
            }
            (Some(line), None) => diags.push(
                Diagnostic::error("missing-key", "a band along a line needs `within-km`")
                    .at(at(line.span()))
                    .hint("say how far the region reaches on each side, e.g. `within-km = 25`"),
            ),
            (None, Some(km)) => diags.push(
                Diagnostic::error("conflicting-keys", "`within-km` without `along`")
                    .at(at(km.span()))
                    .hint("give the line the band lies along in `along`"),
            ),
            (None, None) => {}
        }
        if let Some(s) = &r.min_share {
            share(&mut diags, s, "min-share");
            if !is_terrain {
                diags.push(
                    Diagnostic::error("conflicting-keys", "a country region has no `min-share`")
                        .at(at(s.span()))
                        .hint("`min-share` lets a terrain claim the hexes it covers enough of"),
                );
            }
        }
        let land_terrain = is_terrain && !known.water.contains(r.id.get_ref());
        if let (Some(order), true) = (&priority, land_terrain) {
            // Once per terrain: a terrain left out of the list is one mistake.
            if !order.contains(r.id.get_ref()) && unranked.insert(r.id.get_ref().as_str()) {
                diags.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("terrain `{}` is not in `terrain-priority`", r.id.get_ref()),
                    )
                    .at(at(r.id.span()))
                    .hint("add it to `terrain-priority` where it should rank"),
                );
            }
        }
    }
    let ne = g.natural_earth.as_ref().map(|ne| ne.get_ref());
    if let Some(scale) = ne.and_then(|ne| ne.scale.as_ref()) {
        if natural_earth::Scale::parse(scale.get_ref()).is_none() {
            diags.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("Natural Earth has no scale `{}`", scale.get_ref()),
                )
                .at(at(scale.span()))
                .hint("use `10m`, `50m` or `110m`"),
            );
        }
    }
    let sea = ne.and_then(|ne| ne.sea.as_ref());
    if let Some(sea) = sea {
        check_id(&mut diags, sea, &known.terrain, "terrain");
    }
    let lake_default = ne.and_then(|ne| ne.lake.as_ref());
    if let Some(t) = lake_default {
        check_id(&mut diags, t, &known.terrain, "terrain");
    }
    // A lake is looked up in the whole atlas here, so a wrong point is reported with the
    // other mistakes; off the map it is not drawn (and is reported below).
    for l in &g.lake {
        point(&mut diags, &l.at);
        let [lat, lon] = *l.at.get_ref();
        if valid_point([lat, lon]) && atlas.is_some_and(|a| a.lake_at(lat, lon).is_none()) {
            diags.push(no_lake(file, l));
        }
        match l.terrain.as_ref().or(lake_default) {
            Some(t) => check_id(&mut diags, t, &known.terrain, "terrain"),
            None => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("lake `{}` has no terrain", l.name.get_ref()),
                )
                .at(at(l.name.span()))
                .hint("give `terrain = \"lake\"`, or `lake = \"lake\"` in `natural-earth` for every lake"),
            ),
        }
        if let Some(s) = &l.min_share {
            share(&mut diags, s, "min-share");
        }
    }
    for j in &g.junction {
        point(&mut diags, &j.at);
    }
    for p in &g.place {
        point(&mut diags, &p.at);
    }
    for (t, cost) in &g.rail_detour {
        if !known.terrain.contains(t) {
            diags.push(
                Diagnostic::error("unknown-reference", format!("unknown terrain `{t}`"))
                    .at(at(cost.span()))
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        t,
                        known.terrain.iter().map(String::as_str),
                    )),
            );
        }
        let v = *cost.get_ref();
        if !(v.is_finite() && (0.0..=100.0).contains(&v)) {
            diags.push(
                Diagnostic::error("out-of-range", format!("a detour of {v} hexes"))
                    .at(at(cost.span()))
                    .hint("give the extra cost of entering the terrain, in hexes (0 to 100)"),
            );
        }
    }
    let stop_names: BTreeSet<&str> = g
        .place
        .iter()
        .map(|p| p.name.get_ref().as_str())
        .chain(g.junction.iter().map(|j| j.name.get_ref().as_str()))
        .collect();
    for l in &g.river {
        match &l.line {
            Some(line) => points(&mut diags, "a line", line, 2),
            None => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("river `{}` has no `line`", l.name.get_ref()),
                )
                .at(at(l.name.span()))
                .hint("give its course as `line = [[lat, lon], …]` from source to mouth"),
            ),
        }
        if let Some(stops) = &l.stops {
            diags.push(
                Diagnostic::error("conflicting-keys", "a river has no stops")
                    .at(at(stops.span()))
                    .hint("give its course as `line`"),
            );
        }
    }
    for l in &g.rail {
        match (&l.line, &l.stops) {
            (Some(line), None) => points(&mut diags, "a line", line, 2),
            (None, Some(stops)) => {
                for s in stops.get_ref() {
                    if !stop_names.contains(s.get_ref().as_str()) {
                        diags.push(
                            Diagnostic::error(
                                "unknown-reference",
                                format!("no place or junction `{}`", s.get_ref()),
                            )
                            .at(at(s.span()))
                            .hint(
                                crate::diag::suggest::did_you_mean(
                                    s.get_ref(),
                                    stop_names.iter().copied(),
                                )
                                .unwrap_or_else(|| {
                                    "name a `[[map.geography.place]]` or `[[map.geography.junction]]`"
                                        .to_string()
                                }),
                            ),
                        );
                    }
                }
                if stops.get_ref().len() < 2 {
                    diags.push(
                        Diagnostic::error("bad-geometry", "a rail line needs two stops or more")
                            .at(at(stops.span())),
                    );
                }
            }
            (Some(_), Some(stops)) => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    "a rail line has both `line` and `stops`",
                )
                .at(at(stops.span()))
                .hint("keep one"),
            ),
            (None, None) => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("rail line `{}` has no course", l.name.get_ref()),
                )
                .at(at(l.name.span()))
                .hint("give `stops = [\"Place\", …]` or `line = [[lat, lon], …]`"),
            ),
        }
    }
    let (Some(projection), Some(anchor)) = (projection, anchor) else {
        return Err(diags);
    };
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(CheckedHexMap {
        across,
        anchor,
        anchor_at,
        default_terrain,
        projection,
        pins,
        priority,
        sea,
        lake_default,
    })
}
