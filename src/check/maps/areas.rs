//! Area maps: how they are drawn, their areas, boxes and routes, what their picture draws
//! off the board, and its size.

use super::*;

/// Whether an area map's generated picture is a network (`drawing = "network"`); a located
/// warning when the map shows a supplied picture, which is drawn as it is.
fn drawing(cx: &mut Cx, file: FileId, m: &schema::Map) -> bool {
    let Some(d) = &m.drawing else {
        return false;
    };
    let word = crate::check::word(
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

pub(super) fn check_area_map(
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
            .and_then(|p| crate::check::tables::art_path(cx, af, &g.root, p));
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
