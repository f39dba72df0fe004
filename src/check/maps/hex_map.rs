//! Hex maps: the grid of `[map.hex]` (orientation, size, shift, printed numbering),
//! the grid of a supplied picture, and the check of a hex map's terrain, places, hexsides,
//! rails and edges.

use super::*;

/// Largest grid accepted on either axis.
const MAX_GRID: u32 = 2000;

/// The grid of `[map.hex]`: orientation, size, shift and printed numbering, reporting what
/// is malformed (`None` when the grid cannot be laid at all).
pub(crate) fn hex_geometry(
    cx: &mut Cx,
    file: FileId,
    h: &Spanned<schema::HexGrid>,
) -> Option<HexGeometry> {
    let hg = h.get_ref();
    let orientation = match hg.orientation.get_ref().as_str() {
        "columns" => Orientation::Columns,
        "rows" => Orientation::Rows,
        other => {
            cx.push(
                Diagnostic::error("unknown-value", format!("unknown orientation `{other}`"))
                    .at(Cx::span(file, &hg.orientation))
                    .hint("use `columns` (flat-topped hexes in columns) or `rows` (pointy-topped hexes in rows)"),
            );
            return None;
        }
    };
    for v in [&hg.columns, &hg.rows] {
        if *v.get_ref() == 0 || *v.get_ref() > MAX_GRID {
            cx.push(
                Diagnostic::error(
                    "out-of-range",
                    format!("a map of {} hexes across is not supported", v.get_ref()),
                )
                .at(Cx::span(file, v))
                .hint("use between 1 and 2000 columns and rows"),
            );
            return None;
        }
    }
    let odd_shifted = match hg.shifted.as_ref().map(|s| s.get_ref().as_str()) {
        None | Some("odd") => true,
        Some("even") => false,
        Some(other) => {
            let at = hg.shifted.as_ref().map(|s| Cx::span(file, s));
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("unknown `shifted` value `{other}`"),
                )
                .at_opt(at)
                .hint("use `odd` or `even`"),
            );
            true
        }
    };
    let n = hg.numbering.get_ref();
    let column_first = match n.pattern.get_ref().as_str() {
        "column-row" => true,
        "row-column" => false,
        other => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("unknown numbering pattern `{other}`"),
                )
                .at(Cx::span(file, &n.pattern))
                .hint("use `column-row` (0507 = column 5, row 7) or `row-column`"),
            );
            true
        }
    };
    if n.digits == 0 || n.digits > 4 {
        cx.push(
            Diagnostic::error("out-of-range", "numbering digits must be 1 to 4")
                .at(Cx::span(file, &hg.numbering)),
        );
        return None;
    }
    let picture = picture_grid(cx, file, h);
    Some(HexGeometry {
        orientation,
        columns: *hg.columns.get_ref() as i32,
        rows: *hg.rows.get_ref() as i32,
        odd_shifted,
        picture,
        numbering: Numbering {
            column_first,
            first_column: n.first_column,
            first_row: n.first_row,
            digits: n.digits,
            stagger: n.stagger,
        },
    })
}

/// Where the grid lies on a supplied picture (`origin` and `spacing`, both or neither; a
/// spacing of more than nothing), reporting what is missing or out of range.
fn picture_grid(cx: &mut Cx, file: FileId, h: &Spanned<schema::HexGrid>) -> Option<PictureGrid> {
    let hg = h.get_ref();
    let (origin, spacing) = match (&hg.origin, &hg.spacing) {
        (None, None) => return None,
        (Some(origin), Some(spacing)) => (origin, spacing),
        (Some(given), None) | (None, Some(given)) => {
            let (has, lacks) = if hg.origin.is_some() {
                ("origin", "spacing")
            } else {
                ("spacing", "origin")
            };
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!("`[map.hex]` gives `{has}` without `{lacks}`"),
                )
                .at(Cx::span(file, given))
                .hint("a grid drawn on a supplied picture needs both: `origin = [x, y]` (the top-left hex's centre) and `spacing = [across, along]` (between columns, between the hexes of a column), in pixels"),
            );
            return None;
        }
    };
    let [x0, y0] = *origin.get_ref();
    let [dx, dy] = *spacing.get_ref();
    let in_range = |v: f64, low: f64| v.is_finite() && v >= low && v <= 100_000.0;
    if !(in_range(dx, 1.0) && in_range(dy, 1.0)) {
        cx.push(
            Diagnostic::error(
                "out-of-range",
                format!("a hex spacing of {dx} by {dy} pixels is not supported"),
            )
            .at(Cx::span(file, spacing))
            .hint("give the distances between hex centres in pixels, from 1 to 100000"),
        );
        return None;
    }
    if !(in_range(x0, -100_000.0) && in_range(y0, -100_000.0)) {
        cx.push(
            Diagnostic::error(
                "out-of-range",
                format!("a grid origin at ({x0}, {y0}) is not supported"),
            )
            .at(Cx::span(file, origin))
            .hint("give the top-left hex's centre in pixels on the picture, within 100000 of its corner"),
        );
        return None;
    }
    Some(PictureGrid { x0, y0, dx, dy })
}

pub(super) fn check_hex_map(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    m: &schema::Map,
    h: &Spanned<schema::HexGrid>,
    sets: &mut Registry,
) -> Option<Map> {
    let mut geo = hex_geometry(cx, file, h)?;
    if m.image.is_none() && geo.picture.is_some() {
        if let Some(at) = h.get_ref().origin.as_ref().or(h.get_ref().spacing.as_ref()) {
            cx.push(
                Diagnostic::warning(
                    "ignored-key",
                    format!(
                        "map `{}` has no supplied `image` to lay its grid on: `origin` and `spacing` are ignored",
                        m.id.get_ref()
                    ),
                )
                .at(Cx::span(file, at))
                .hint("a generated map lays its hexes at the game's `[art] hex-size`; give the map an `image` or remove the two keys"),
            );
            geo.picture = None;
        }
    }

    // Terrain (required), country and region layers.
    let Some(terrain_layer) = &m.terrain else {
        cx.push(
            Diagnostic::error(
                "missing-key",
                format!("hex map `{}` has no `[map.terrain]` layer", m.id.get_ref()),
            )
            .at(Cx::span(file, h))
            .hint("give every hex a terrain with `[map.terrain]` `legend` and `rows`"),
        );
        return None;
    };
    let terrain = layer(
        cx,
        file,
        &geo,
        "terrain",
        terrain_layer,
        &mut |cx, v| names.terrain.resolve(file, v, &mut cx.diags),
        false,
    );
    let country = match &m.country {
        Some(l) => layer(
            cx,
            file,
            &geo,
            "country",
            l,
            &mut |cx, v| names.country.resolve(file, v, &mut cx.diags),
            true,
        ),
        None => Some(vec![None; geo.len()]),
    };
    let mut region_ids: Vec<String> = Vec::new();
    let region = match &m.region {
        Some(l) => layer(
            cx,
            file,
            &geo,
            "region",
            l,
            &mut |_, v| {
                let id = v.get_ref().clone();
                Some(region_ids.iter().position(|r| *r == id).unwrap_or_else(|| {
                    region_ids.push(id);
                    region_ids.len() - 1
                }))
            },
            true,
        ),
        None => None,
    };
    // The terrain of each hex; `None` where the layer names a terrain that did not resolve
    // (reported): the map is then checked on but left out of the model.
    let cells = terrain?;
    let country = country.unwrap_or_else(|| vec![None; geo.len()]);
    let mut features: Vec<Vec<usize>> = vec![Vec::new(); geo.len()];
    let is_water =
        |c: HexCoord| cells[geo.index(c)].is_some_and(|t| g.terrain[t].kind == TerrainKind::Water);

    for f in &m.feature {
        let (Some(c), Some(t)) = (
            hex(cx, file, &geo, &f.hex),
            names.terrain.resolve(file, &f.terrain, &mut cx.diags),
        ) else {
            continue;
        };
        let i = geo.index(c);
        if cells[i] != Some(t) && !features[i].contains(&t) {
            features[i].push(t);
        }
    }

    // Places.
    let mut places = Vec::new();
    let mut place_names: BTreeMap<String, Span> = BTreeMap::new();
    let mut place_hexes: BTreeMap<HexCoord, Span> = BTreeMap::new();
    for p in &m.place {
        let Some(hs) = &p.hex else {
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!("place `{}` on a hex map needs `hex`", p.name.get_ref()),
                )
                .at(Cx::span(file, &p.name)),
            );
            continue;
        };
        let c = hex(cx, file, &geo, hs);
        let kind = names.terrain.resolve(file, &p.kind, &mut cx.diags);
        if let Some(k) = kind {
            if g.terrain[k].kind != TerrainKind::Feature {
                cx.push(
                    Diagnostic::error("wrong-kind", format!("place kind `{}` is a {} terrain, not a feature", p.kind.get_ref(), if g.terrain[k].kind == TerrainKind::Water { "water" } else { "land" }))
                        .at(Cx::span(file, &p.kind))
                        .hint("declare the kind as `[[terrain]]` with `kind = \"feature\"` (major city, fortress, …)"),
                );
            }
        }
        let span = Cx::span(file, &p.name);
        if let Some(first) = place_names.get(p.name.get_ref()) {
            cx.push(
                Diagnostic::error(
                    "duplicate",
                    format!("place `{}` is named twice", p.name.get_ref()),
                )
                .at(span.clone())
                .note(first.clone(), "first named here")
                .hint("place names are used by rules and scenarios; make them unique"),
            );
        } else {
            place_names.insert(p.name.get_ref().clone(), span.clone());
        }
        let (Some(c), Some(kind)) = (c, kind) else {
            continue;
        };
        if let Some(first) = place_hexes.get(&c) {
            cx.push(
                Diagnostic::error(
                    "duplicate",
                    format!("hex {} already has a place", geo.number(c)),
                )
                .at(Cx::span(file, hs))
                .note(first.clone(), "the other place"),
            );
        }
        place_hexes.insert(c, Cx::span(file, hs));
        if is_water(c) {
            cx.push(
                Diagnostic::error(
                    "wrong-terrain",
                    format!(
                        "place `{}` is in a water hex ({})",
                        p.name.get_ref(),
                        geo.number(c)
                    ),
                )
                .at(Cx::span(file, hs)),
            );
        }
        let hx = &mut features[geo.index(c)];
        if !hx.contains(&kind) {
            hx.push(kind);
        }
        places.push(Place {
            name: p.name.get_ref().clone(),
            at: PlaceAt::Hex(c),
            kind,
            tags: p.tags.clone(),
        });
    }

    // Hexsides.
    let mut hexsides: BTreeMap<(HexCoord, HexCoord), Vec<(usize, String)>> = BTreeMap::new();
    for line in &m.hexside {
        let kind = names
            .hexside_terrain
            .resolve(file, &line.kind, &mut cx.diags);
        for side in &line.sides {
            let Some((a, b)) = side.get_ref().split_once('/') else {
                cx.push(
                    Diagnostic::error(
                        "bad-hexside",
                        format!("`{}` is not a hexside", side.get_ref()),
                    )
                    .at(Cx::span(file, side))
                    .hint("write a hexside as the two hexes it separates, e.g. `1012/1013`"),
                );
                continue;
            };
            let pa = geo.parse_number(a.trim());
            let pb = geo.parse_number(b.trim());
            let (Some(pa), Some(pb)) = (pa, pb) else {
                cx.push(
                    Diagnostic::error(
                        "no-such-hex",
                        format!(
                            "hexside `{}` names a hex that is not on the map",
                            side.get_ref()
                        ),
                    )
                    .at(Cx::span(file, side)),
                );
                continue;
            };
            if !geo.adjacent(pa, pb) {
                cx.push(
                    Diagnostic::error(
                        "bad-hexside",
                        format!("hexes {} and {} are not adjacent", a.trim(), b.trim()),
                    )
                    .at(Cx::span(file, side))
                    .hint(format!(
                        "a hexside lies between two neighbouring hexes; {} touches {}",
                        a.trim(),
                        geo.neighbours(pa)
                            .map(|n| geo.number(n))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
                continue;
            }
            if let Some(k) = kind {
                let key = if pa <= pb { (pa, pb) } else { (pb, pa) };
                let list = hexsides.entry(key).or_default();
                if !list.iter().any(|(t, _)| *t == k) {
                    list.push((k, line.name.clone()));
                }
            }
        }
    }

    // Rails.
    let mut rails = Vec::new();
    for r in &m.rail {
        let mut path = Vec::new();
        for (i, s) in r.hexes.iter().enumerate() {
            let Some(c) = hex(cx, file, &geo, s) else {
                continue;
            };
            if let Some(prev) = path.last() {
                if !geo.adjacent(*prev, c) && i > 0 {
                    cx.push(
                        Diagnostic::error(
                            "broken-rail",
                            format!(
                                "rail line `{}` jumps from {} to {}",
                                r.name,
                                geo.number(*prev),
                                s.get_ref()
                            ),
                        )
                        .at(Cx::span(file, s))
                        .hint("list every hex of the line, each adjacent to the one before"),
                    );
                }
            }
            if is_water(c) {
                cx.push(
                    Diagnostic::error(
                        "wrong-terrain",
                        format!(
                            "rail line `{}` runs through water hex {}",
                            r.name,
                            s.get_ref()
                        ),
                    )
                    .at(Cx::span(file, s)),
                );
            }
            path.push(c);
        }
        rails.push(Rail {
            name: r.name.clone(),
            hexes: path,
        });
    }

    // Edges.
    let mut edges = Vec::new();
    let mut edge_names = Registry::new("map edge");
    for e in &m.edge {
        let Some(claim) = edge_names.define(file, &e.id, &mut cx.diags) else {
            continue;
        };
        edge_names.admit_name(claim);
        let mut members = BTreeSet::new();
        if let Some(along) = &e.along {
            let coords: Vec<HexCoord> = match along.get_ref().as_str() {
                "west" => (0..geo.rows).map(|r| HexCoord::new(0, r)).collect(),
                "east" => (0..geo.rows)
                    .map(|r| HexCoord::new(geo.columns - 1, r))
                    .collect(),
                "north" => (0..geo.columns).map(|c| HexCoord::new(c, 0)).collect(),
                "south" => (0..geo.columns)
                    .map(|c| HexCoord::new(c, geo.rows - 1))
                    .collect(),
                other => {
                    cx.push(
                        Diagnostic::error("unknown-value", format!("unknown map edge `{other}`"))
                            .at(Cx::span(file, along))
                            .hint("use `west`, `east`, `north` or `south`"),
                    );
                    Vec::new()
                }
            };
            members.extend(
                coords
                    .into_iter()
                    .filter(|c| !is_water(*c))
                    .map(PlaceAt::Hex),
            );
        }
        for s in &e.hexes {
            if let Some(c) = hex(cx, file, &geo, s) {
                members.insert(PlaceAt::Hex(c));
            }
        }
        if members.is_empty() {
            cx.push(
                Diagnostic::error(
                    "empty-edge",
                    format!("map edge `{}` has no land hexes", e.id.get_ref()),
                )
                .at(Cx::span(file, &e.id))
                .hint("name a side with `along` or list `hexes`"),
            );
        }
        edges.push(Edge {
            id: e.id.get_ref().clone(),
            name: e.name.clone(),
            members,
        });
    }

    // Hex sets: explicit ones, then regions from the region layer, then countries.
    let mut hex_sets = explicit_sets(cx, file, m, sets, |cx, h| {
        hex(cx, file, &geo, h).map(PlaceAt::Hex)
    });
    if let Some(region) = region {
        // Each region's hexes, gathered in one pass over the map (not one per region).
        let mut by_region: Vec<Vec<PlaceAt>> = vec![Vec::new(); region_ids.len()];
        for (i, r) in region.iter().enumerate() {
            if let Some(members) = r.and_then(|r| by_region.get_mut(r)) {
                members.push(PlaceAt::Hex(geo.coord(i)));
            }
        }
        for (ri, rid) in region_ids.iter().enumerate() {
            let members: BTreeSet<PlaceAt> =
                std::mem::take(&mut by_region[ri]).into_iter().collect();
            if let Some(i) = sets.get(rid) {
                hex_sets[i].members.extend(members);
            } else if let Some(claim) =
                sets.define(file, &Spanned::new(0..0, rid.clone()), &mut cx.diags)
            {
                let set = HexSet {
                    id: rid.clone(),
                    name: titled(rid),
                    members,
                    line: None,
                };
                sets.admit(claim, &mut hex_sets, set);
            }
        }
    }
    // Each country's hexes, gathered in one pass over the map.
    let mut by_country: Vec<Vec<PlaceAt>> = vec![Vec::new(); g.countries.len()];
    for (i, c) in country.iter().enumerate() {
        if let Some(members) = c.and_then(|c| by_country.get_mut(c)) {
            members.push(PlaceAt::Hex(geo.coord(i)));
        }
    }
    country_sets(cx, file, g, sets, &mut hex_sets, |ci| {
        by_country[ci].iter().copied().collect()
    });
    let hexes = cells
        .into_iter()
        .zip(features)
        .zip(country)
        .map(|((terrain, features), country)| {
            Some(Hex {
                terrain: terrain?,
                features,
                country,
            })
        })
        .collect::<Option<Vec<Hex>>>()?;
    let kind = MapKind::Hex(HexMap {
        geometry: geo,
        hexes,
        hexsides,
        rails,
        cartouche: crate::check::cartouche::read(cx, file, m),
    });
    Some(finish_map(
        cx,
        file,
        g,
        m,
        sets,
        (kind, places, hex_sets, edges),
    ))
}
