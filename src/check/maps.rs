//! Checks of maps: hex geometry and text layers, places, hexsides, rails, edges, hex sets,
//! and the areas, boxes and routes of area maps; on an area map laid from geography, the
//! borders its outlines share against its adjacency, a strait crossing
//! (`[[map.geography.crossing]]`) counting as a border.

use std::collections::{BTreeMap, BTreeSet};

use crate::load::schema::Spanned;

use super::names::Names;
use super::{board, gather, Cx, Registry};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::{self, GameFile};
use crate::load::source::FileId;
use crate::model::hex::{Numbering, PictureGrid};
use crate::model::map::{Crossing, PlaceAt};
use crate::model::{
    Area, AreaMap, Edge, Game, Hex, HexCoord, HexGeometry, HexMap, HexSet, Map, MapKind,
    Orientation, Place, Rail, Route, TerrainKind,
};

/// Largest grid accepted on either axis.
const MAX_GRID: u32 = 2000;

pub(crate) fn check_maps(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    let all = gather(files, |f| &f.map);
    board::unamended(cx, &all);
    for &(file, m) in all.iter().filter(|(_, m)| !m.amend) {
        let Some(claim) = names.map.define(file, &m.id, &mut cx.diags) else {
            continue;
        };
        // The entries amending this map (a variant's changes to the board it uses).
        let amends: Vec<(FileId, &schema::Map)> = all
            .iter()
            .filter(|(_, a)| a.amend && a.id.get_ref() == m.id.get_ref())
            .copied()
            .collect();
        if m.title.is_none() {
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!("map `{}` has no `title`", m.id.get_ref()),
                )
                .at(Cx::span(file, &m.id))
                .hint("give it the title printed on the map, e.g. `title = \"Europe 1901\"`"),
            );
        }
        natural_earth_data(cx, file, &g.root, m);
        geography_keys(cx, file, m);
        let mut sets = Registry::new("hex set");
        let map = match (&m.hex, m.area.is_empty()) {
            (Some(h), true) => {
                board::not_amendable(cx, &amends);
                if let Some(d) = &m.drawing {
                    cx.push(
                        Diagnostic::warning(
                            "ignored-key",
                            "`drawing` says how an area map is drawn; this is a hex map",
                        )
                        .at(Cx::span(file, d))
                        .hint("remove it: a hex map is drawn as hexes"),
                    );
                }
                check_hex_map(cx, file, names, g, m, h, &mut sets)
            }
            (None, false) => {
                super::cartouche::on_area_map(cx, file, m);
                check_area_map(cx, file, names, g, m, &amends, &mut sets)
            }
            (Some(h), false) => {
                cx.push(
                    Diagnostic::error(
                        "conflict",
                        format!("map `{}` has both `[map.hex]` and areas", m.id.get_ref()),
                    )
                    .at(Cx::span(file, h))
                    .hint("a map is either a hex map or an area map; split it into two maps"),
                );
                None
            }
            (None, true) => {
                cx.push(
                    Diagnostic::error(
                        "empty-map",
                        format!(
                            "map `{}` has neither `[map.hex]` nor `[[map.area]]`",
                            m.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, &m.id))
                    .hint("describe a hex grid with `[map.hex]` or list areas with `[[map.area]]`"),
                );
                None
            }
        };
        // A map whose grid, terrain or areas did not resolve was reported; it is left out of
        // the model, and lookups that could have named something on it stay quiet.
        if let Some(map) = map {
            names.map.admit(claim, &mut g.maps, map);
            names.hex_sets.push(sets);
        } else {
            cx.map_left_out = true;
        }
    }
}

/// Parse a hex number of a map, reporting one that is not on it.
pub(crate) fn hex(
    cx: &mut Cx,
    file: FileId,
    geo: &HexGeometry,
    s: &Spanned<String>,
) -> Option<HexCoord> {
    let found = geo.parse_number(s.get_ref().trim());
    if found.is_none() {
        let first = geo.number(HexCoord::new(0, 0));
        let last = geo.number(HexCoord::new(geo.columns - 1, geo.rows - 1));
        cx.push(
            Diagnostic::error(
                "no-such-hex",
                format!("there is no hex `{}` on this map", s.get_ref()),
            )
            .at(Cx::span(file, s))
            .label("not a hex number of the map")
            .hint(format!("hexes are numbered from {first} to {last}")),
        );
    }
    found
}

/// A decoded text layer: one optional id per hex.
fn layer(
    cx: &mut Cx,
    file: FileId,
    geo: &HexGeometry,
    what: &str,
    l: &schema::Layer,
    resolve: &mut dyn FnMut(&mut Cx, &Spanned<String>) -> Option<usize>,
    allow_empty: bool,
) -> Option<Vec<Option<usize>>> {
    let mut legend: BTreeMap<char, Option<usize>> = BTreeMap::new();
    for (k, v) in l.legend.get_ref() {
        let mut chars = k.get_ref().chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            cx.push(
                Diagnostic::error(
                    "bad-legend",
                    format!(
                        "{what} legend key `{}` must be a single character",
                        k.get_ref()
                    ),
                )
                .at(Cx::span(file, k)),
            );
            continue;
        };
        if v.get_ref().is_empty() {
            if !allow_empty {
                cx.push(
                    Diagnostic::error(
                        "bad-legend",
                        format!("every hex needs a {what}; `{ch}` maps to nothing"),
                    )
                    .at(Cx::span(file, v))
                    .hint("map the character to a terrain id"),
                );
            }
            legend.insert(ch, None);
        } else if let Some(i) = resolve(cx, v) {
            legend.insert(ch, Some(i));
        } else {
            legend.insert(ch, None);
        }
    }
    // Byte offset of the string's content in the file, to locate each character.
    let span = l.rows.span();
    let raw = cx.sources.text(file).get(span.clone()).unwrap_or("");
    let mut content = span.start;
    for q in ["\"\"\"", "'''", "\"", "'"] {
        if let Some(rest) = raw.strip_prefix(q) {
            content += q.len();
            if q.len() == 3 {
                if rest.starts_with("\r\n") {
                    content += 2;
                } else if rest.starts_with('\n') {
                    content += 1;
                }
            }
            break;
        }
    }
    let value = l.rows.get_ref();
    let exact = cx.sources.text(file).get(content..content + value.len()) == Some(value.as_str());
    let at = |offset: usize| {
        if exact {
            Span::new(file, content + offset..content + offset + 1)
        } else {
            Span::new(file, span.clone())
        }
    };
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for line in value.split('\n') {
        lines.push((offset, line.trim_end_matches('\r')));
        offset += line.len() + 1;
    }
    while lines.last().is_some_and(|(_, l)| l.trim().is_empty()) {
        lines.pop();
    }
    let mut out = vec![None; geo.len()];
    let mut ok = true;
    if lines.len() != geo.rows as usize {
        ok = false;
        cx.push(
            Diagnostic::error(
                "bad-layer",
                format!(
                    "the {what} layer has {} rows, the map has {}",
                    lines.len(),
                    geo.rows
                ),
            )
            .at(Span::new(file, span.clone()))
            .hint("write one line per row of hexes, top row first"),
        );
    }
    let mut unknown: BTreeSet<char> = BTreeSet::new();
    for (row, (start, line)) in lines.iter().enumerate().take(geo.rows as usize) {
        let n = line.chars().count();
        if n != geo.columns as usize {
            ok = false;
            cx.push(
                Diagnostic::error(
                    "bad-layer",
                    format!(
                        "row {} of the {what} layer has {n} hexes, the map has {} columns",
                        row + 1,
                        geo.columns
                    ),
                )
                .at(at(*start))
                .hint("write one character per hex, with no spaces"),
            );
            continue;
        }
        let mut byte = *start;
        for (col, ch) in line.chars().enumerate() {
            match legend.get(&ch) {
                Some(v) => out[geo.index(HexCoord::new(col as i32, row as i32))] = *v,
                None => {
                    ok = false;
                    if unknown.insert(ch) {
                        let keys: Vec<String> = legend.keys().map(|c| format!("`{c}`")).collect();
                        cx.push(
                            Diagnostic::error(
                                "unknown-reference",
                                format!("`{ch}` is not in the {what} legend"),
                            )
                            .at(at(byte))
                            .label(format!(
                                "hex {}",
                                geo.number(HexCoord::new(col as i32, row as i32))
                            ))
                            .hint(format!("the legend has {}", keys.join(", "))),
                        );
                    }
                }
            }
            byte += ch.len_utf8();
        }
    }
    // Errors are reported above; bad hexes fall back to the first legend entry so the rest
    // of the map can still be checked without follow-on errors.
    let _ = ok;
    Some(out)
}

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

fn check_hex_map(
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
        cartouche: super::cartouche::read(cx, file, m),
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

/// The hex sets a map lists itself, each member resolved by `member` (a hex number on a hex
/// map, an area id on an area map); `include` lists are resolved later by [`finish_map`].
fn explicit_sets(
    cx: &mut Cx,
    file: FileId,
    m: &schema::Map,
    sets: &mut Registry,
    mut member: impl FnMut(&mut Cx, &Spanned<String>) -> Option<PlaceAt>,
) -> Vec<HexSet> {
    let mut hex_sets = Vec::new();
    for s in &m.hex_set {
        let Some(claim) = sets.define(file, &s.id, &mut cx.diags) else {
            continue;
        };
        let members = s.hexes.iter().filter_map(|h| member(cx, h)).collect();
        let line = s.line.as_ref().map(|c| super::game::colour(cx, file, c));
        if let (Some(c), false) = (&s.line, m.area.is_empty()) {
            cx.push(
                Diagnostic::warning("ignored-key", "`line` draws a hex set on a hex map only")
                    .at(Cx::span(file, c))
                    .hint("an area map's picture is drawn from its areas"),
            );
        }
        let set = HexSet {
            id: s.id.get_ref().clone(),
            name: s.name.clone(),
            members,
            line,
        };
        sets.admit(claim, &mut hex_sets, set);
    }
    hex_sets
}

/// One set per country with ground on the map (`members_of` gives a country's hexes or
/// areas), unless the map already defines a set of that id.
fn country_sets(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    sets: &mut Registry,
    hex_sets: &mut Vec<HexSet>,
    members_of: impl Fn(usize) -> BTreeSet<PlaceAt>,
) {
    for (ci, c) in g.countries.iter().enumerate() {
        if sets.get(&c.id).is_some() {
            continue;
        }
        let members = members_of(ci);
        if members.is_empty() {
            continue;
        }
        if let Some(claim) = sets.define(file, &Spanned::new(0..0, c.id.clone()), &mut cx.diags) {
            let set = HexSet {
                id: c.id.clone(),
                name: c.name.clone(),
                members,
                line: None,
            };
            sets.admit(claim, hex_sets, set);
        }
    }
}

/// Assemble a map and finish it: `include` lists and edges become sets, and the supplied
/// picture is located.
fn finish_map(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    m: &schema::Map,
    sets: &mut Registry,
    parts: (MapKind, Vec<Place>, Vec<HexSet>, Vec<Edge>),
) -> Map {
    let (kind, places, mut hex_sets, edges) = parts;
    include_sets(cx, file, m, &mut hex_sets, sets, &edges);
    let image = m
        .image
        .as_ref()
        .and_then(|p| super::tables::art_path(cx, file, &g.root, p));
    Map {
        id: m.id.get_ref().clone(),
        title: m.title.clone().unwrap_or_else(|| m.id.get_ref().clone()),
        kind,
        places,
        hex_sets,
        edges,
        image,
    }
}

/// Resolve `include` lists of hex sets (after regions, countries and edges exist), and make
/// every map edge usable as a set too (e.g. the area of a pool entering from an edge).
fn include_sets(
    cx: &mut Cx,
    file: FileId,
    m: &schema::Map,
    hex_sets: &mut Vec<HexSet>,
    sets: &mut Registry,
    edges: &[Edge],
) {
    for e in edges {
        if sets.is_defined(&e.id) {
            continue;
        }
        if let Some(claim) = sets.define(file, &Spanned::new(0..0, e.id.clone()), &mut cx.diags) {
            let set = HexSet {
                id: e.id.clone(),
                name: e.name.clone(),
                members: e.members.clone(),
                line: None,
            };
            sets.admit(claim, hex_sets, set);
        }
    }
    for s in &m.hex_set {
        let Some(target) = sets.get(s.id.get_ref()) else {
            continue;
        };
        for inc in &s.include {
            let Some(i) = sets.resolve(file, inc, &mut cx.diags) else {
                continue;
            };
            if i == target {
                cx.push(
                    Diagnostic::error(
                        "bad-include",
                        format!("hex set `{}` includes itself", inc.get_ref()),
                    )
                    .at(Cx::span(file, inc)),
                );
                continue;
            }
            let members = hex_sets[i].members.clone();
            hex_sets[target].members.extend(members);
        }
    }
}

/// `army-group-north` → `Army Group North`.
fn titled(id: &str) -> String {
    id.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_uppercase().collect::<String>() + c.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A crossing as declared, with where it is in the file (its `between`, its `line`).
struct Declared {
    crossing: Crossing,
    at: Span,
    line_at: Option<Span>,
}

/// A map's `natural-earth.data`: the folder of the game `sandtable geo` reads Natural
/// Earth's coast and countries from (at the geography's scale) instead of the package, and
/// its lakes when the geography names one — reported here, at the key, when it or a file
/// it needs is missing, rather than when `geo` next runs. A base board read from another
/// game's folder is that game's to lay.
/// A key of `[map.geography]` for the other kind of map: an error, as `sandtable geo`
/// gives it.
fn geography_keys(cx: &mut Cx, file: FileId, m: &schema::Map) {
    let Some(geography) = &m.geography else {
        return;
    };
    let g = geography.get_ref();
    let (keys, kind, hint) = match (&m.hex, m.area.is_empty()) {
        (None, false) => (
            g.hex_map_keys(),
            "hex maps",
            "an area map's geography has `extent`, `width-px`, `[[map.geography.province]]` and `[[map.geography.lake]]`",
        ),
        (Some(_), true) => (
            g.area_map_keys(),
            "area maps",
            "a hex map's geography has `hex-km` and `anchor` instead",
        ),
        _ => return,
    };
    for (key, span) in keys {
        cx.push(
            Diagnostic::error("conflicting-keys", format!("`{key}` is for {kind}"))
                .at(Span::new(file, span))
                .hint(hint),
        );
    }
}

fn natural_earth_data(cx: &mut Cx, file: FileId, root: &std::path::Path, m: &schema::Map) {
    if cx.sources.path(file).starts_with("../") {
        return;
    }
    let Some(geography) = &m.geography else {
        return;
    };
    let g = geography.get_ref();
    let Some(ne) = &g.natural_earth else { return };
    let ne = ne.get_ref();
    let Some(data) = &ne.data else { return };
    let folder = root.join(data.get_ref());
    let at = Cx::span(file, data);
    if !folder.is_dir() {
        cx.push(
            Diagnostic::error(
                "missing-file",
                format!(
                    "the Natural Earth data folder `{}` does not exist",
                    data.get_ref()
                ),
            )
            .at(at)
            .hint("paths are relative to the game directory; `sandtable geo --keep-natural-earth FOLDER` writes the data a map uses there, or remove `data` to use the package fetched from npm"),
        );
        return;
    }
    // An unknown scale is reported by `geo`; the files of the default one are looked for.
    let scale = ne.scale.as_ref().map_or("10m", |s| s.get_ref().as_str());
    let scale = if ["10m", "50m", "110m"].contains(&scale) {
        scale
    } else {
        "10m"
    };
    let mut needed = vec![
        format!("land-{scale}.json"),
        format!("countries-{scale}.json"),
    ];
    if !g.lake.is_empty() {
        needed.push("lakes-10m.json".to_string());
    }
    let missing: Vec<String> = needed
        .into_iter()
        .filter(|f| !folder.join(f).is_file())
        .map(|f| format!("`{f}`"))
        .collect();
    if !missing.is_empty() {
        cx.push(
            Diagnostic::error(
                "missing-file",
                format!(
                    "the Natural Earth data folder `{}` has no {}",
                    data.get_ref(),
                    missing.join(" or ")
                ),
            )
            .at(at)
            .hint("`sandtable geo --keep-natural-earth FOLDER` writes the files a map uses, at its scale"),
        );
    }
}

/// How far outside its province an end of a crossing's given `line` may lie, in pixels.
const CROSSING_REACH_PX: f64 = 12.0;

/// The crossings of a map's geography: two areas of the map, not the same, joined in the
/// board's own data (its `adjacent` or a move, before any variant changes it); a line given
/// in latitude and longitude is drawn where `sandtable geo` put it on the picture.
fn declared_crossings(
    cx: &mut Cx,
    file: FileId,
    m: &schema::Map,
    reg: &Registry,
    areas: &[Area],
) -> Vec<Declared> {
    let Some(geography) = &m.geography else {
        return Vec::new();
    };
    let g = geography.get_ref();
    let joined = |a: usize, b: usize| {
        let moves = |x: &Area, y: usize| {
            x.adjacent.contains(&y)
                || x.army.contains(&y)
                || x.fleet.iter().any(|s| s.area == y)
                || x.coasts.iter().any(|c| c.fleet.iter().any(|s| s.area == y))
        };
        moves(&areas[a], b) || moves(&areas[b], a)
    };
    let mut out = Vec::new();
    for c in &g.crossing {
        let [x, y] = c.between.get_ref();
        let (a, b) = (
            reg.resolve(file, x, &mut cx.diags),
            reg.resolve(file, y, &mut cx.diags),
        );
        let (Some(a), Some(b)) = (a, b) else {
            continue;
        };
        let at = Cx::span(file, &c.between);
        let named = c
            .name
            .as_ref()
            .map_or(String::new(), |n| format!(" `{}`", n.get_ref()));
        if a == b {
            cx.push(
                Diagnostic::error(
                    "bad-crossing",
                    format!("the crossing{named} joins `{}` to itself", x.get_ref()),
                )
                .at(at)
                .hint("a crossing joins two provinces across water: name both"),
            );
            continue;
        }
        if !joined(a, b) {
            cx.push(
                Diagnostic::error(
                    "bad-crossing",
                    format!(
                        "the crossing{named} joins `{}` and `{}`, which are not adjacent",
                        x.get_ref(),
                        y.get_ref()
                    ),
                )
                .at(at)
                .label("no move and no `adjacent` joins them")
                .hint(format!(
                    "a crossing draws a border the board already has: add the moves across it (`army = [\"{}\"]` in `{}`, or `adjacent`), or remove the crossing",
                    y.get_ref(),
                    x.get_ref()
                )),
            );
            continue;
        }
        // The line on the picture, as `geo` wrote it from the one given.
        let line = match (&c.line, &c.line_px) {
            (Some(_), Some(px)) => {
                let [p, q] = *px.get_ref();
                Some(((p[0], p[1]), (q[0], q[1])))
            }
            (Some(l), None) => {
                cx.push(
                    Diagnostic::warning(
                        "stale-crossing",
                        format!("the crossing{named}'s line is not yet on the picture"),
                    )
                    .at(Cx::span(file, l))
                    .hint("run `sandtable geo` to write its `line-px`"),
                );
                None
            }
            (None, _) => None,
        };

        out.push(Declared {
            crossing: Crossing {
                between: (a, b),
                name: c
                    .name
                    .as_ref()
                    .map_or(String::new(), |n| n.get_ref().clone()),
                line,
            },
            at,
            line_at: c.line.as_ref().map(|l| Cx::span(file, l)),
        });
    }
    out
}

/// Whether a point lies inside a ring (even–odd).
fn inside(ring: &[(f64, f64)], (x, y): (f64, f64)) -> bool {
    let mut odd = false;
    for k in 0..ring.len() {
        let (a, b) = (ring[k], ring[(k + 1) % ring.len()]);
        if (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0) {
            odd = !odd;
        }
    }
    odd
}

/// When every area of a map has an outline (a map laid from geography), the borders the
/// outlines share, and the crossings, should be the adjacency the areas declare: a warning
/// for each difference, for a crossing between areas that share a border anyway, and for a
/// crossing's given line whose end lies away from its province.
fn compare_outlines_with_adjacency(
    cx: &mut Cx,
    entries: &[(FileId, &schema::Area)],
    areas: &[Area],
    size: (u32, u32),
    crossings: &[Declared],
) {
    let map = crate::model::AreaMap {
        areas: areas.to_vec(),
        routes: Vec::new(),
        size,
        crossings: Vec::new(),
        network: false,
        off_board: Vec::new(),
    };
    let Some(mut implied) = map.implied_adjacency() else {
        return;
    };
    for d in crossings {
        let c = &d.crossing;
        let (a, b) = c.between;
        let named = if c.name.is_empty() {
            String::new()
        } else {
            format!(" `{}`", c.name)
        };
        if !implied.insert((a.min(b), a.max(b))) {
            cx.push(
                Diagnostic::warning(
                    "needless-crossing",
                    format!(
                        "the crossing{named} joins `{}` and `{}`, whose outlines share a border anyway",
                        areas[a].id, areas[b].id
                    ),
                )
                .at(d.at.clone())
                .hint("remove the crossing, or lay the provinces apart (`sandtable geo`)"),
            );
        }
        if let (Some((p, q)), Some(line_at)) = (c.line, &d.line_at) {
            for (end, i) in [(p, a), (q, b)] {
                let ring = &areas[i].outline;
                let off = crate::model::map::closest_points(&[end], ring)
                    .map_or(0.0, |(e, o)| (e.0 - o.0).hypot(e.1 - o.1));
                if !inside(ring, end) && off > CROSSING_REACH_PX {
                    cx.push(
                        Diagnostic::warning(
                            "crossing-off-province",
                            format!(
                                "the crossing{named}'s line ends {off:.0} pixels outside `{}`",
                                areas[i].id
                            ),
                        )
                        .at(line_at.clone())
                        .hint(format!(
                            "the line runs from a point in `{}` to one in `{}`, in that order",
                            areas[a].id, areas[b].id
                        )),
                    );
                }
            }
        }
    }
    // A province board's borders are its moves (`army`, `fleet`), not only `adjacent`.
    let province_board = entries
        .iter()
        .any(|(_, a)| !a.army.is_empty() || !a.fleet.is_empty());
    let span_of = |i: usize| {
        entries
            .iter()
            .find(|(_, a)| a.id.get_ref() == &areas[i].id)
            .map(|(f, a)| Cx::span(*f, &a.id))
    };
    for &(a, b) in &implied {
        if !areas[a].adjacent.contains(&b) {
            cx.push(
                Diagnostic::warning(
                    "adjacency-mismatch",
                    format!(
                        "the outlines of `{}` and `{}` share a border, but neither lists the other as adjacent",
                        areas[a].id, areas[b].id
                    ),
                )
                .at_opt(span_of(a))
                .hint(if province_board {
                    format!(
                        "if units cross it, add `{}` to `{}`'s `army` (between land provinces) or `fleet` (along a coast or at sea); if none does, to its `adjacent`; or move the border (`sandtable geo`)",
                        areas[b].id, areas[a].id
                    )
                } else {
                    format!("add `{}` to `adjacent`, or move the border (`sandtable geo`)", areas[b].id)
                }),
            );
        }
    }
    for (a, area) in areas.iter().enumerate() {
        for &b in area.adjacent.iter().filter(|b| a < **b) {
            if areas[b].within.is_none() && area.within.is_none() && !implied.contains(&(a, b)) {
                cx.push(
                    Diagnostic::warning(
                        "adjacency-mismatch",
                        format!(
                            "`{}` and `{}` are listed as adjacent, but their outlines do not touch",
                            area.id, areas[b].id
                        ),
                    )
                    .at_opt(span_of(a))
                    .hint(if province_board {
                        "remove the move from `army`, `fleet` or `adjacent` (on either province), or declare a `[[map.geography.crossing]]` between them if they border across water"
                    } else {
                        "remove the adjacency, or declare a `[[map.geography.crossing]]` between them if they border across water"
                    }),
                );
            }
        }
    }
}

/// Whether an area map's generated picture is a network (`drawing = "network"`); a located
/// warning when the map shows a supplied picture, which is drawn as it is.
fn drawing(cx: &mut Cx, file: FileId, m: &schema::Map) -> bool {
    let Some(d) = &m.drawing else {
        return false;
    };
    let word = super::word(
        cx,
        file,
        d,
        "area map drawing",
        schema::words::AREA_DRAWINGS,
    );
    if m.image.is_some() {
        cx.push(
            Diagnostic::warning(
                "ignored-key",
                "`drawing` says how a generated area map is drawn; this map shows its supplied `image`",
            )
            .at(Cx::span(file, d))
            .hint("remove `drawing`, or the `image` to have the map drawn"),
        );
    }
    word == Some("network")
}

fn check_area_map(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    m: &schema::Map,
    amends: &[(FileId, &schema::Map)],
    sets: &mut Registry,
) -> Option<Map> {
    // The areas of the map and of every entry amending it, each with the file it is in.
    let entries: Vec<(FileId, &schema::Area)> = m
        .area
        .iter()
        .map(|a| (file, a))
        .chain(
            amends
                .iter()
                .flat_map(|(f, am)| am.area.iter().map(move |a| (*f, a))),
        )
        .collect();
    // Areas refer to each other (adjacency, `within`, moves), so every id gets its index
    // first, in order; an area whose terrain does not resolve leaves the whole map out below.
    let mut reg = Registry::new("area");
    for (afile, a) in &entries {
        if let Some(claim) = reg.define(*afile, &a.id, &mut cx.diags) {
            reg.admit_name(claim);
        }
    }
    board::renames(cx, amends, &mut reg);
    let mut whole = true;
    let mut areas: Vec<Area> = Vec::new();
    // The entry each area came from (duplicates are left out).
    let mut defined: Vec<(FileId, &schema::Area)> = Vec::new();
    for &(afile, a) in &entries {
        if reg.get(a.id.get_ref()) != Some(areas.len()) {
            continue; // a duplicate, already reported
        }
        let terrain = names.terrain.resolve(afile, &a.terrain, &mut cx.diags);
        whole &= terrain.is_some();
        let terrain = terrain.unwrap_or_default();
        let country = a
            .country
            .as_ref()
            .and_then(|c| names.country.resolve(afile, c, &mut cx.diags));
        let points = a
            .points
            .iter()
            .filter_map(|(s, v)| names.side.resolve(afile, s, &mut cx.diags).map(|i| (i, *v)))
            .collect();
        let adjacent: Vec<usize> = a
            .adjacent
            .iter()
            .filter_map(|x| reg.resolve(afile, x, &mut cx.diags))
            .collect();
        for x in &a.adjacent {
            if x.get_ref() == a.id.get_ref() {
                cx.push(
                    Diagnostic::error(
                        "bad-adjacency",
                        format!("area `{}` is listed as adjacent to itself", x.get_ref()),
                    )
                    .at(Cx::span(afile, x)),
                );
            }
        }
        let within = a
            .within
            .as_ref()
            .and_then(|x| reg.resolve(afile, x, &mut cx.diags));
        let only = a
            .only
            .iter()
            .filter_map(|s| names.side.resolve(afile, s, &mut cx.diags))
            .collect();
        if a.boxes > 9 {
            cx.push(
                Diagnostic::error(
                    "out-of-range",
                    format!("area `{}` has {} boxes", a.id.get_ref(), a.boxes),
                )
                .at(Cx::span(afile, &a.id))
                .hint("an area has at most 9 boxes"),
            );
        }
        if !a.open && a.boxes == 0 {
            cx.push(
                Diagnostic::error(
                    "no-room",
                    format!(
                        "area `{}` has neither an Open area nor boxes",
                        a.id.get_ref()
                    ),
                )
                .at(Cx::span(afile, &a.id))
                .hint("set `open = true` or give it `boxes`"),
            );
        }
        areas.push(Area {
            id: a.id.get_ref().clone(),
            name: a.name.clone(),
            terrain,
            country,
            points,
            boxes: a.boxes,
            open: a.open,
            adjacent,
            within,
            only,
            position: a
                .position
                .as_ref()
                .map(|p| (p.get_ref()[0], p.get_ref()[1])),
            outline: a.outline.iter().map(|p| (p[0], p[1])).collect(),
            supply_centre: a.supply_centre,
            aliases: a.aliases.iter().map(|x| x.to_ascii_lowercase()).collect(),
            army: Vec::new(),
            fleet: Vec::new(),
            coasts: Vec::new(),
        });
        defined.push((afile, a));
    }
    board::moves(cx, g, &defined, &reg, &mut areas);
    // Borders are shared: make adjacency symmetric.
    let pairs: Vec<(usize, usize)> = areas
        .iter()
        .enumerate()
        .flat_map(|(i, a)| a.adjacent.iter().map(move |j| (i, *j)))
        .collect();
    for (i, j) in pairs {
        if !areas[j].adjacent.contains(&i) {
            areas[j].adjacent.push(i);
        }
    }
    let mut routes = Vec::new();
    let route_entries = m.route.iter().map(|r| (file, r)).chain(
        amends
            .iter()
            .flat_map(|(f, am)| am.route.iter().map(move |r| (*f, r))),
    );
    for (rfile, r) in route_entries {
        let (Some(from), Some(to)) = (
            reg.resolve(rfile, &r.from, &mut cx.diags),
            reg.resolve(rfile, &r.to, &mut cx.diags),
        ) else {
            continue;
        };
        if areas[from].adjacent.contains(&to) {
            cx.push(
                Diagnostic::warning(
                    "route-beside-border",
                    format!(
                        "the route from `{}` to `{}` joins two areas already adjacent: every unit may move between them anyway",
                        areas[from].id, areas[to].id
                    ),
                )
                .at(Cx::span(rfile, &r.from))
                .hint(if r.units.is_empty() {
                    "a route is for areas that do not share a border; remove it (or keep the adjacency only)"
                } else {
                    "a route's `units` limit nothing while the areas are adjacent: remove the adjacency if only these units may cross"
                }),
            );
        }
        let units = r
            .units
            .iter()
            .filter_map(|u| names.unit_type.resolve(rfile, u, &mut cx.diags))
            .collect();
        routes.push(Route {
            from,
            to,
            kind: r.kind.clone(),
            units,
        });
    }
    // The straits of the board's own picture, joined in its own data.
    let mut crossings = declared_crossings(cx, file, m, &reg, &areas);
    // A variant's changes, then the areas it removed taken out (every index remapped).
    let removed = board::changes(cx, g, names, amends, &reg, &mut areas);
    let keep = board::finish(&mut areas, &mut routes, &removed);
    crossings.retain_mut(|d| {
        let (a, b) = d.crossing.between;
        match (
            keep.get(a).copied().flatten(),
            keep.get(b).copied().flatten(),
        ) {
            (Some(a), Some(b)) => {
                d.crossing.between = (a, b);
                true
            }
            _ => false,
        }
    });
    let amended = |f: fn(&schema::Map) -> bool| {
        amends
            .iter()
            .rev()
            .find(|(_, a)| f(a))
            .map(|(f, a)| (*f, *a))
    };
    let (size_file, size_map) = amended(|a| a.size.is_some()).unwrap_or((file, m));
    let size = size_map
        .size
        .as_ref()
        .map_or((1600, 1200), |s| (s.get_ref()[0], s.get_ref()[1]));
    for (a, (afile, sa)) in areas.iter().zip(
        defined
            .iter()
            .enumerate()
            .filter(|(i, _)| keep[*i].is_some())
            .map(|(_, e)| e),
    ) {
        if let Some((x, y)) = a.position {
            if x < 0.0 || y < 0.0 || x > f64::from(size.0) || y > f64::from(size.1) {
                let at = sa.position.as_ref().map(|p| Cx::span(*afile, p));
                cx.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!(
                            "area `{}` is positioned outside the {}×{} map",
                            a.id, size.0, size.1
                        ),
                    )
                    .at_opt(at)
                    .note_opt(
                        size_map.size.as_ref().map(|s| Cx::span(size_file, s)),
                        "the map's size",
                    ),
                );
            }
        } else if a.outline.is_empty() {
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!("area `{}` has neither `position` nor `outline`", a.id),
                )
                .at(Cx::span(*afile, &sa.id))
                .hint(if m.geography.is_some() {
                    "lay the picture from the map's `[map.geography]` with `sandtable geo DIR` (it writes every area's `position` and `outline`), or give its centre as `position = [x, y]`"
                } else {
                    "give its centre as `position = [x, y]` so the map can be drawn, or lay the picture from real geography with `[map.geography]` and `sandtable geo`"
                }),
            );
        }
    }
    compare_outlines_with_adjacency(cx, &defined, &areas, size, &crossings);
    // Names of the map's own places, sets and edges resolve to the areas that remain.
    let area_of = |cx: &mut Cx, r: &Spanned<String>| -> Option<usize> {
        let i = reg.resolve(file, r, &mut cx.diags)?;
        let k = keep.get(i).copied().flatten();
        if k.is_none() {
            cx.push(
                Diagnostic::error(
                    "removed",
                    format!("area `{}` is removed by a change to the board", r.get_ref()),
                )
                .at(Cx::span(file, r))
                .hint("remove what refers to it too, or keep the area"),
            );
        }
        k
    };
    let mut places = Vec::new();
    for p in &m.place {
        let Some(at) = &p.area else {
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!("place `{}` on an area map needs `area`", p.name.get_ref()),
                )
                .at(Cx::span(file, &p.name)),
            );
            continue;
        };
        let (Some(ai), Some(kind)) = (
            area_of(cx, at),
            names.terrain.resolve(file, &p.kind, &mut cx.diags),
        ) else {
            continue;
        };
        places.push(Place {
            name: p.name.get_ref().clone(),
            at: PlaceAt::Area(ai),
            kind,
            tags: p.tags.clone(),
        });
    }
    let mut hex_sets = explicit_sets(cx, file, m, sets, |cx, h| area_of(cx, h).map(PlaceAt::Area));
    country_sets(cx, file, g, sets, &mut hex_sets, |ci| {
        areas
            .iter()
            .enumerate()
            .filter(|(_, a)| a.country == Some(ci))
            .map(|(i, _)| PlaceAt::Area(i))
            .collect()
    });
    let mut edges = Vec::new();
    for e in &m.edge {
        let members = e
            .hexes
            .iter()
            .filter_map(|h| area_of(cx, h))
            .map(PlaceAt::Area)
            .collect();
        edges.push(Edge {
            id: e.id.get_ref().clone(),
            name: e.name.clone(),
            members,
        });
    }
    if !whole {
        return None;
    }
    let network = drawing(cx, file, m);
    let off_board = off_board(cx, file, m);
    let kind = MapKind::Area(AreaMap {
        areas,
        routes,
        size,
        crossings: crossings.into_iter().map(|d| d.crossing).collect(),
        network,
        off_board,
    });
    let mut map = finish_map(cx, file, g, m, sets, (kind, places, hex_sets, edges));
    if let Some((_, a)) = amended(|a| a.title.is_some()) {
        map.title = a.title.clone().unwrap_or_default();
    }
    if let Some((af, a)) = amended(|a| a.image.is_some()) {
        map.image = a
            .image
            .as_ref()
            .and_then(|p| super::tables::art_path(cx, af, &g.root, p));
    }
    picture_size(cx, size_file, size_map, map.image.as_deref(), size);
    Some(map)
}

/// What an area map's picture draws outside its areas (`[[map.off-board]]`): a piece of an
/// unknown kind is an error and left out.
fn off_board(cx: &mut Cx, file: FileId, m: &schema::Map) -> Vec<crate::model::map::OffBoard> {
    use crate::model::map::{OffBoard, OffBoardKind};
    m.off_board
        .iter()
        .filter_map(|o| {
            let kind = match o.kind.get_ref().as_str() {
                "land" => OffBoardKind::Land,
                "water" => OffBoardKind::Water,
                "lake" => OffBoardKind::Lake,
                other => {
                    cx.push(
                        Diagnostic::error(
                            "unknown-value",
                            format!("unknown kind of piece off the board `{other}`"),
                        )
                        .at(Span::new(file, o.kind.span()))
                        .hint("use `land`, `water` or `lake` (`sandtable geo` writes these)"),
                    );
                    return None;
                }
            };
            Some(OffBoard {
                kind,
                outline: o.outline.iter().map(|p| (p[0], p[1])).collect(),
            })
        })
        .collect()
}

/// A warning when an area map's written `size` is not its supplied picture's: the areas'
/// positions are read on the picture, whose size wins.
fn picture_size(
    cx: &mut Cx,
    file: FileId,
    m: &schema::Map,
    image: Option<&std::path::Path>,
    size: (u32, u32),
) {
    let (Some(written), Some(path)) = (&m.size, image) else {
        return;
    };
    let Ok(found) = image::ImageReader::open(path)
        .and_then(|r| r.with_guessed_format())
        .map_err(|_| ())
        .and_then(|r| r.into_dimensions().map_err(|_| ()))
    else {
        return;
    };
    if found != size {
        cx.push(
            Diagnostic::warning(
                "picture-size",
                format!(
                    "the map's `size` is {}×{} but its picture `{}` is {}×{}",
                    size.0,
                    size.1,
                    path.file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                    found.0,
                    found.1
                ),
            )
            .at(Cx::span(file, written))
            .label("the picture's size is used")
            .hint(format!(
                "write `size = [{}, {}]` and give the areas' positions in the picture's pixels",
                found.0, found.1
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use crate::model::map::PlaceAt;
    use crate::model::{HexCoord, MapKind};
    use crate::testgame;

    /// The hexes of each value of a text layer of `map.toml`, found as before: one pass over
    /// the map per value.
    fn by_value(map_toml: &str, layer: &str) -> BTreeMap<String, BTreeSet<PlaceAt>> {
        let doc: toml::Value = toml::from_str(map_toml).expect("TOML");
        let l = &doc["map"][0][layer];
        let legend: BTreeMap<char, String> = l["legend"]
            .as_table()
            .expect("legend")
            .iter()
            .map(|(k, v)| {
                (
                    k.chars().next().expect("a char"),
                    v.as_str().expect("id").into(),
                )
            })
            .collect();
        let cells: Vec<Vec<char>> = l["rows"]
            .as_str()
            .expect("rows")
            .lines()
            .map(|r| r.chars().collect())
            .collect();
        let mut out = BTreeMap::new();
        for id in legend.values().filter(|id| !id.is_empty()) {
            let members: BTreeSet<PlaceAt> = (0..cells.len())
                .flat_map(|r| (0..cells[r].len()).map(move |c| (c, r)))
                .filter(|&(c, r)| legend[&cells[r][c]] == *id)
                .map(|(c, r)| PlaceAt::Hex(HexCoord::new(c as i32, r as i32)))
                .collect();
            out.insert(id.clone(), members);
        }
        out
    }

    #[test]
    fn regions_and_countries_hold_the_hexes_of_their_layer() {
        let files = testgame::large::gpw(2);
        let map = &files.iter().find(|(n, _)| *n == "map.toml").expect("map").1;
        let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
        let g = testgame::build(&refs);
        assert!(matches!(g.maps[0].kind, MapKind::Hex(_)));
        let sets: BTreeMap<&str, &BTreeSet<PlaceAt>> = g.maps[0]
            .hex_sets
            .iter()
            .map(|s| (s.id.as_str(), &s.members))
            .collect();
        let regions = by_value(map, "region");
        assert_eq!(regions.len(), 18);
        for (id, members) in regions.iter().chain(&by_value(map, "country")) {
            assert_eq!(sets.get(id.as_str()), Some(&members), "{id}");
        }
    }
}
