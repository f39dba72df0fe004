//! Lines on a hex map: a strait becomes the hexside between its two shores' hexes, a river
//! the unbroken chain of hexsides along its course (`river.rs`), and a rail line the hexes of
//! the cheapest land path from stop to stop (`rail.rs`), without loops.

use super::*;

/// Put each strait on the hexside between the hexes of its two shores.
pub(super) fn lay_straits(m: &HexMap, out: &mut Computed, diags: &mut Diagnostics) {
    let HexMap {
        file,
        geography: g,
        geometry,
        grid,
        projection,
    } = *m;
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    for s in &g.strait {
        let [a, b] = s.between.get_ref().map(|[lat, lon]| {
            let (x, y) = projection.project(lat, lon);
            grid.hex_at(x, y)
        });
        match (a, b) {
            (Some(a), Some(b)) if geometry.adjacent(a, b) => {
                let (a, b) = if a <= b { (a, b) } else { (b, a) };
                out.hexsides.push(ComputedLine {
                    name: s.name.get_ref().clone(),
                    kind: Some(s.kind.get_ref().clone()),
                    items: vec![format!("{}/{}", geometry.number(a), geometry.number(b))],
                });
            }
            _ => diags.push(
                Diagnostic::error(
                    "bad-geometry",
                    format!(
                        "the shores of strait `{}` are not in two neighbouring hexes ({})",
                        s.name.get_ref(),
                        [a, b]
                            .iter()
                            .map(|h| h.map_or("off the map".to_string(), |h| geometry.number(h)))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                )
                .at(at(s.between.span()))
                .hint("move the points, or the anchor, so each shore falls in its own hex"),
            ),
        }
    }
}

/// Put each river on an unbroken chain of hexsides along its course.
pub(super) fn lay_rivers(
    m: &HexMap,
    laid: &layers::Layers,
    out: &mut Computed,
    diags: &mut Diagnostics,
) {
    let HexMap {
        file,
        geography: g,
        geometry,
        grid,
        ..
    } = *m;
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let water_at = |c: HexCoord| laid.water[geometry.index(c)];
    let sides = (!g.river.is_empty()).then(|| river::Sides::new(grid));
    for r in &g.river {
        let (Some(sides), Some(line)) = (&sides, &r.line) else {
            continue;
        };
        let (chain, max_km) = sides.follow(grid, &m.project(line.get_ref()), &water_at);
        if chain.is_empty() {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!(
                        "river `{}` runs along no hexside of the map's land",
                        r.name.get_ref()
                    ),
                )
                .at(at(line.span())),
            );
            continue;
        }
        out.report.push(Adjustment::RiverSnapped {
            river: r.name.get_ref().clone(),
            hexsides: chain.len(),
            max_km: (max_km * 10.0).round() / 10.0,
        });
        out.hexsides.push(ComputedLine {
            name: r.name.get_ref().clone(),
            kind: r.kind.as_ref().map(|k| k.get_ref().clone()),
            items: chain
                .iter()
                .map(|(a, b)| format!("{}/{}", geometry.number(*a), geometry.number(*b)))
                .collect(),
        });
    }
}

/// Put each rail line on the hexes of the cheapest land path from stop to stop.
pub(super) fn lay_rails(
    m: &HexMap,
    laid: &layers::Layers,
    place_hex: &BTreeMap<&str, HexCoord>,
    out: &mut Computed,
    diags: &mut Diagnostics,
) {
    let HexMap {
        file,
        geography: g,
        geometry,
        grid,
        projection,
    } = *m;
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let water_at = |c: HexCoord| laid.water[geometry.index(c)];
    let junctions: BTreeMap<&str, LatLon> = g
        .junction
        .iter()
        .map(|j| (j.name.get_ref().as_str(), *j.at.get_ref()))
        .collect();
    let detour = |c: HexCoord| {
        g.rail_detour
            .get(&laid.terrain[geometry.index(c)])
            .map_or(0.0, |v| *v.get_ref())
    };
    let land_hex_at = |(lat, lon): (f64, f64)| -> Option<HexCoord> {
        let (x, y) = projection.project(lat, lon);
        let c = grid.hex_at(x, y)?;
        if !water_at(c) {
            return Some(c);
        }
        nearest_hex(grid, c, (x, y), |n| !water_at(n))
    };
    for r in &g.rail {
        let stops: Vec<(String, Option<HexCoord>)> = match (&r.stops, &r.line) {
            (Some(stops), _) => stops
                .get_ref()
                .iter()
                .map(|s| {
                    let name = s.get_ref().as_str();
                    let hex = place_hex.get(name).copied().or_else(|| {
                        junctions
                            .get(name)
                            .and_then(|[lat, lon]| land_hex_at((*lat, *lon)))
                    });
                    (name.to_string(), hex)
                })
                .collect(),
            (None, Some(line)) => line
                .get_ref()
                .iter()
                .map(|[lat, lon]| (format!("[{lat}, {lon}]"), land_hex_at((*lat, *lon))))
                .collect(),
            (None, None) => continue,
        };
        let mut hexes: Vec<HexCoord> = Vec::new();
        for (name, hex) in stops {
            let Some(h) = hex else {
                out.report.push(Adjustment::RailGap {
                    rail: r.name.get_ref().clone(),
                    stop: name,
                    why: "off the map's land".into(),
                });
                continue;
            };
            let Some(&last) = hexes.last() else {
                hexes.push(h);
                continue;
            };
            match rail::route(grid, last, h, &water_at, &detour) {
                Some(path) => hexes.extend(&path[1..]),
                None => out.report.push(Adjustment::RailGap {
                    rail: r.name.get_ref().clone(),
                    stop: name,
                    why: "no land path to it".into(),
                }),
            }
        }
        // A line that comes back to a hex drops the loop.
        let mut clean: Vec<HexCoord> = Vec::new();
        for h in hexes {
            match clean.iter().position(|x| *x == h) {
                Some(k) => clean.truncate(k + 1),
                None => clean.push(h),
            }
        }
        if clean.len() < 2 {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!(
                        "rail line `{}` has fewer than two hexes on the map",
                        r.name.get_ref()
                    ),
                )
                .at(at(r.name.span())),
            );
            continue;
        }
        out.rails.push(ComputedLine {
            name: r.name.get_ref().clone(),
            kind: None,
            items: clean.iter().map(|c| geometry.number(*c)).collect(),
        });
    }
}
