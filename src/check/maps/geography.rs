//! Area maps laid from geography: the keys of `[map.geography]` for the kind of map,
//! Natural Earth's data folder, declared strait crossings, and the borders the outlines
//! share compared with the adjacency.

use super::*;

/// A crossing as declared, with where it is in the file (its `between`, its `line`).
pub(super) struct Declared {
    pub(super) crossing: Crossing,
    pub(super) at: Span,
    pub(super) line_at: Option<Span>,
}

/// A key of `[map.geography]` for the other kind of map: an error, as `sandtable geo`
/// gives it.
pub(super) fn geography_keys(cx: &mut Cx, file: FileId, m: &schema::Map) {
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

/// A map's `natural-earth.data`: the folder of the game `sandtable geo` reads Natural
/// Earth's coast and countries from (at the geography's scale) instead of the package, and
/// its lakes when the geography names one — reported here, at the key, when it or a file
/// it needs is missing, rather than when `geo` next runs. A base board read from another
/// game's folder is that game's to lay.
pub(super) fn natural_earth_data(
    cx: &mut Cx,
    file: FileId,
    root: &std::path::Path,
    m: &schema::Map,
) {
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
pub(super) fn declared_crossings(
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
pub(super) fn compare_outlines_with_adjacency(
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
