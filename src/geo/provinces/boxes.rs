//! Where units stand: the box of a province's units and of each split coast's fleet, inside
//! the province and on its coast, sized to the counters the game draws.

use super::*;

/// Where a fleet stands on each split coast, on the province's border with the seas that
/// coast reaches, a little inside the province: where it reaches seas no other coast of the
/// province does, on the longest stretch along them, at the point nearest to one of those
/// seas' names (Spain's south coast faces the Gulf of Lyon); else on the stretch along its
/// seas nearest to the land only it reaches, a quarter of the stretch's length away from
/// that land (Spain's north coast, which shares the Mid-Atlantic with the south coast but
/// alone reaches Gascony).
pub(super) fn coast_positions(
    map: &Map,
    laid: &mut [ComputedArea],
    (water, placed): (&dyn Fn(&str) -> bool, &crate::geo::CoastIds),
    (size, sizes): ([u32; 2], Boxes),
    (file, warnings): (FileId, &mut Diagnostics),
) {
    let mut taken: Vec<P2> = Vec::new();
    let index: BTreeMap<&str, usize> = laid
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id.as_str(), i))
        .collect();
    let is_water: BTreeSet<&str> = map
        .area
        .iter()
        .filter(|a| water(a.terrain.get_ref()))
        .map(|a| a.id.get_ref().as_str())
        .collect();
    let boxes: Vec<[f64; 4]> = laid.iter().map(|a| bbox(&a.outline)).collect();
    let mut found: Vec<(usize, Vec<ComputedCoast>)> = Vec::new();
    for a in map.area.iter().filter(|a| !a.coast.is_empty()) {
        let Some(&ai) = index.get(a.id.get_ref().as_str()) else {
            continue;
        };
        let ring = &laid[ai].outline;
        if ring.len() < 3 {
            continue;
        }
        let reach = |c: &crate::load::schema::map::Coast| -> BTreeSet<usize> {
            c.fleet
                .iter()
                .filter_map(|f| index.get(f.get_ref().split('/').next().unwrap_or("")))
                .copied()
                .collect()
        };
        // Which neighbours each vertex of the outline lies on the border of.
        let [x0, y0, x1, y1] = boxes[ai];
        let near: Vec<usize> = (0..laid.len())
            .filter(|&j| {
                let [a0, b0, a1, b1] = boxes[j];
                j != ai
                    && a0 <= x1 + BORDER_PX
                    && x0 <= a1 + BORDER_PX
                    && b0 <= y1 + BORDER_PX
                    && y0 <= b1 + BORDER_PX
            })
            .collect();
        let on: Vec<BTreeSet<usize>> = ring
            .iter()
            .map(|p| {
                near.iter()
                    .copied()
                    .filter(|&j| to_ring(*p, &laid[j].outline) <= BORDER_PX)
                    .collect()
            })
            .collect();
        let distance_to = |p: P2, areas: &BTreeSet<usize>| {
            areas
                .iter()
                .map(|&j| to_ring(p, &laid[j].outline))
                .fold(f64::INFINITY, f64::min)
        };
        let mut coasts = Vec::new();
        for c in &a.coast {
            let mine = reach(c);
            let others: BTreeSet<usize> = a
                .coast
                .iter()
                .filter(|o| o.id.get_ref() != c.id.get_ref())
                .flat_map(reach)
                .collect();
            let own: BTreeSet<usize> = mine.difference(&others).copied().collect();
            let sea = |j: &usize| is_water.contains(laid[*j].id.as_str());
            let own_seas: BTreeSet<usize> = own.iter().copied().filter(sea).collect();
            // A written position is kept, but one `geo` placed itself, which it places
            // again; one kept no longer on its coast (the projection, the extent or the width
            // changed since it was written) is a located warning.
            let by_geo = placed.contains(&(
                map.id.get_ref().clone(),
                a.id.get_ref().clone(),
                c.id.get_ref().clone(),
            ));
            if let Some(kept) = c.position.as_ref().filter(|_| !by_geo) {
                let at = *kept.get_ref();
                let seas: BTreeSet<usize> = mine.iter().copied().filter(sea).collect();
                let off = ring
                    .iter()
                    .zip(&on)
                    .filter(|(_, o)| !o.is_disjoint(&seas))
                    .map(|(p, _)| (p[0] - at[0]).hypot(p[1] - at[1]))
                    .fold(f64::INFINITY, f64::min);
                if off > sizes.coast_reach {
                    let how_far = if off.is_finite() {
                        format!(
                            "{} px from the province's border with the seas it reaches",
                            off.round()
                        )
                    } else {
                        "where the province borders none of the seas it reaches".to_string()
                    };
                    warnings.push(
                        Diagnostic::warning(
                            "coast-box-off-coast",
                            format!(
                                "the fleet box of `{}/{}` is written at [{}, {}], {how_far}",
                                a.id.get_ref(),
                                c.id.get_ref(),
                                at[0],
                                at[1]
                            ),
                        )
                        .at(Span::new(file, kept.span()))
                        .hint("the outlines moved since it was written (a change of projection, extent or `width-px`): delete this `position` and `sandtable geo` places the box on the coast again, or write one on the coast"),
                    );
                }
            }
            let point = if own_seas.is_empty() {
                let seas: BTreeSet<usize> = mine.iter().copied().filter(sea).collect();
                let marked: Vec<bool> = on.iter().map(|s| !s.is_disjoint(&seas)).collect();
                let score = |(first, len): (usize, usize)| {
                    (0..len)
                        .map(|k| distance_to(ring[(first + k) % ring.len()], &own))
                        .fold(f64::INFINITY, f64::min)
                };
                let Some(run) = runs(&marked).into_iter().min_by(|a, b| {
                    score(*a)
                        .total_cmp(&score(*b))
                        .then(run_length(ring, *b).total_cmp(&run_length(ring, *a)))
                        .then(a.0.cmp(&b.0))
                }) else {
                    continue;
                };
                let from = (0..run.1)
                    .min_by(|&p, &q| {
                        let d = |k: usize| distance_to(ring[(run.0 + k) % ring.len()], &own);
                        d(p).total_cmp(&d(q)).then(p.cmp(&q))
                    })
                    .unwrap_or(0);
                away(ring, run, from, run_length(ring, run) / 4.0)
            } else {
                let marked: Vec<bool> = on.iter().map(|s| !s.is_disjoint(&own_seas)).collect();
                let Some(run) = runs(&marked).into_iter().min_by(|a, b| {
                    run_length(ring, *b)
                        .total_cmp(&run_length(ring, *a))
                        .then(a.0.cmp(&b.0))
                }) else {
                    continue;
                };
                let labels: Vec<P2> = own_seas.iter().map(|&j| laid[j].position).collect();
                let d = |k: usize| {
                    let p = ring[(run.0 + k) % ring.len()];
                    labels
                        .iter()
                        .map(|l| (p[0] - l[0]).hypot(p[1] - l[1]))
                        .fold(f64::INFINITY, f64::min)
                };
                let k = (0..run.1)
                    .min_by(|&p, &q| d(p).total_cmp(&d(q)).then(p.cmp(&q)))
                    .unwrap_or(0);
                ring[(run.0 + k) % ring.len()]
            };
            let names: Vec<P2> = laid.iter().map(|a| a.position).collect();
            let position = fleet_box(
                ring,
                point,
                laid[ai].position,
                (size, sizes),
                &names,
                &taken,
            )
            .unwrap_or_else(|| inset(ring, point, laid[ai].position));
            taken.push(position);
            coasts.push(ComputedCoast {
                id: c.id.get_ref().clone(),
                position,
            });
        }
        found.push((ai, coasts));
    }
    for (ai, coasts) in found {
        laid[ai].coasts = coasts;
    }
}

/// The sizes, in pixels, of what the map's art draws for a province, from the game's counter
/// size (`[art] counter-size`, 60 by default) as the module and the picture draw them: a
/// unit's box is a counter with its margin.
#[derive(Debug, Clone, Copy)]
pub(in crate::geo) struct Boxes {
    /// The side of an area's unit box.
    pub(in crate::geo) unit: f64,
    /// The box a split coast's fleet is drawn in: a unit's box a fifth wider.
    pub(in crate::geo) fleet: [f64; 2],
    /// Half the size of the block an area's name and Open box take around its position.
    pub(in crate::geo) name_block: [f64; 2],
    /// A written fleet box farther than this from its coast (the province's border with the
    /// seas the coast reaches) is no longer on it: about a box's width.
    pub(in crate::geo) coast_reach: f64,
    /// Land drawn off the board at least this many square pixels large is worth a warning:
    /// the square a counter takes.
    pub(in crate::geo) sizable: f64,
}

impl Boxes {
    /// The boxes of counters `counter` pixels wide.
    pub(in crate::geo) fn of(counter: u32) -> Self {
        let c = f64::from(counter.max(8));
        let k = c / 60.0;
        let unit = c + 6.0;
        Self {
            unit,
            fleet: [unit * 6.0 / 5.0, unit],
            name_block: [55.0 * k, 45.0 * k],
            coast_reach: 80.0 * k,
            sizable: c * c,
        }
    }
}

/// Whether the point `[x, y]` lies in a ring.
pub(super) fn in_ring(ring: &[P2], [x, y]: P2) -> bool {
    ring.len() >= 3
        && Polygon::new(
            LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        )
        .contains(&Point::new(x, y))
}

/// Where a split coast's fleet box goes: near `point` on the coast, moved inwards towards
/// the province's name (`towards`), at the place where the box covers the fewest areas'
/// names and boxes placed before it (`taken`), then lies most inside the province and the
/// picture, then lies nearest the coast; `None` when the ring is not a polygon.
fn fleet_box(
    ring: &[P2],
    point: P2,
    towards: P2,
    ([width, height], sizes): ([u32; 2], Boxes),
    names: &[P2],
    taken: &[P2],
) -> Option<P2> {
    if ring.len() < 3 {
        return None;
    }
    let poly = Polygon::new(
        LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
        vec![],
    );
    let [w, h] = sizes.fleet;
    let (pw, ph) = (f64::from(width), f64::from(height));
    let score = |c: P2| -> (usize, usize) {
        let mut outside = 0;
        for fx in [-0.5, 0.0, 0.5] {
            for fy in [-0.5, 0.0, 0.5] {
                let (x, y) = (c[0] + fx * w, c[1] + fy * h);
                if !(0.0..=pw).contains(&x)
                    || !(0.0..=ph).contains(&y)
                    || !poly.contains(&Point::new(x, y))
                {
                    outside += 1;
                }
            }
        }
        let covered = names
            .iter()
            .filter(|n| {
                (n[0] - c[0]).abs() < w / 2.0 + sizes.name_block[0]
                    && (n[1] - c[1]).abs() < h / 2.0 + sizes.name_block[1]
            })
            .count()
            + taken
                .iter()
                .filter(|t| (t[0] - c[0]).abs() < w && (t[1] - c[1]).abs() < h)
                .count();
        (covered, outside)
    };
    // From the coast's point and the ring's points near it, inwards by steps.
    let near: Vec<P2> = std::iter::once(point)
        .chain(
            ring.iter()
                .copied()
                .filter(|p| (p[0] - point[0]).hypot(p[1] - point[1]) <= 2.0 * w),
        )
        .collect();
    let r = |v: f64| (v * 10.0).round() / 10.0;
    let mut best: Option<((usize, usize, u64), P2)> = None;
    for (k, from) in near.iter().enumerate() {
        let (dx, dy) = (towards[0] - from[0], towards[1] - from[1]);
        let dist = dx.hypot(dy);
        if dist <= 0.0 {
            continue;
        }
        for step in [COAST_INSET_PX, 20.0, 30.0, 40.0, 50.0, 65.0, 80.0] {
            if step >= dist {
                break;
            }
            let c = [r(from[0] + dx / dist * step), r(from[1] + dy / dist * step)];
            if !poly.contains(&Point::new(c[0], c[1])) {
                continue;
            }
            let (covered, outside) = score(c);
            let away = (c[0] - point[0]).hypot(c[1] - point[1]).round() as u64;
            let key = (covered, outside, away * 1000 + k as u64);
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// The stretches of the ring's vertices marked `on` (consecutive, around the ring), each as
/// the ring index of its first vertex and its length in vertices.
pub(super) fn runs(on: &[bool]) -> Vec<(usize, usize)> {
    let n = on.len();
    let Some(s) = (0..n).find(|&k| !on[k]) else {
        return if n > 0 { vec![(0, n)] } else { Vec::new() };
    };
    let mut out = Vec::new();
    let mut k = 0;
    while k < n {
        let i = (s + k) % n;
        if on[i] {
            let mut len = 0;
            while k < n && on[(s + k) % n] {
                len += 1;
                k += 1;
            }
            out.push((i, len));
        } else {
            k += 1;
        }
    }
    out
}

/// The length of a stretch of the ring, in pixels.
pub(super) fn run_length(ring: &[P2], (first, len): (usize, usize)) -> f64 {
    let n = ring.len();
    (0..len.saturating_sub(1))
        .map(|k| {
            let (a, b) = (ring[(first + k) % n], ring[(first + k + 1) % n]);
            (b[0] - a[0]).hypot(b[1] - a[1])
        })
        .sum()
}

/// The point `distance` along a stretch of the ring from its `from`th vertex, towards the
/// stretch's farther end.
pub(super) fn away(ring: &[P2], (first, len): (usize, usize), from: usize, distance: f64) -> P2 {
    let n = ring.len();
    let at = |k: usize| ring[(first + k) % n];
    let forward = from < len / 2 || (len % 2 == 1 && from == len / 2);
    let steps: Vec<usize> = if forward {
        (from..len).collect()
    } else {
        (0..=from).rev().collect()
    };
    let mut left = distance;
    for w in steps.windows(2) {
        let (a, b) = (at(w[0]), at(w[1]));
        let d = (b[0] - a[0]).hypot(b[1] - a[1]);
        if d >= left && d > 0.0 {
            let t = left / d;
            return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        }
        left -= d;
    }
    at(*steps.last().unwrap_or(&from))
}

/// A point of the ring moved a little towards `towards` while it stays inside the ring,
/// to a tenth of a pixel.
pub(super) fn inset(ring: &[P2], point: P2, towards: P2) -> P2 {
    let poly = Polygon::new(
        LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
        vec![],
    );
    let (dx, dy) = (towards[0] - point[0], towards[1] - point[1]);
    let dist = dx.hypot(dy);
    let r = |v: f64| (v * 10.0).round() / 10.0;
    if dist > 0.0 {
        let step = COAST_INSET_PX.min(dist / 2.0);
        let p = [point[0] + dx / dist * step, point[1] + dy / dist * step];
        if poly.contains(&Point::new(p[0], p[1])) {
            return [r(p[0]), r(p[1])];
        }
    }
    [r(point[0]), r(point[1])]
}
