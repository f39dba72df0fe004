//! The picture of an area map, drawn on the layout of its areas ([`crate::layout::area`]).
//!
//! Areas with an `outline` are drawn as given. The others get a schematic shape: the Voronoi
//! cell of their `position` among all areas, clipped to the hull of the positions (grown a
//! little) and to the picture. An area `within` another is a rounded box inside its parent.
//! Each area shows its name, its points in side order (`3/2`), and its infrastructure boxes
//! as squares a counter fits in; the Open slot lies below them. The layout's `slots` gives
//! the same rectangles to the VASSAL emitter so pieces snap where the boxes are drawn.
//! A strait two areas border across (a crossing) is a short line in [`CROSSING_INK`] with an
//! arrowhead at each end, across the water from one area into the other, as printed boards
//! draw Gibraltar or Messina.
//! Two areas the board joins whose drawn shapes share no border a player sees (a schematic
//! board that could not lay every pair side by side, a world whose edges meet) are joined by
//! a connection ([`connections`]): a dashed line from one area's shape into the other's, as
//! printed boards draw sea lanes, under every label and slot — in the border's ink where
//! armies and fleets both move along it, blue where only fleets do, brown where only armies.
//! Between two derived cells a line longer than a few cells ([`LONG_LINE`]) is drawn instead
//! as a marker at each end, as printed world maps draw a move off the sheet: a short arrow
//! out of the cell with the other area's name before it, in the same ink, off every label
//! and slot ([`super::lane_markers`]).

use tiny_skia::{PathBuilder, Transform};

use super::canvas::{Canvas, Pen, Rgba};
use super::lane_markers::{self, Marker};
use super::patterns::{self, Pattern};
use super::symbols::star_points;
use super::text::{Align, Face, Font};
use crate::layout::area::{layouts, scale, AreaLayout, Rect};
use crate::layout::voronoi::{self, P};
use crate::model::map::OffBoardKind;
use crate::model::map::{closest_points, touching_outlines, Crossing};
use crate::model::scenario::AreaSlot;
use crate::model::{Area, AreaMap, Game, MapId, MapKind};

/// Water off the board: a grey blue, paler than any sea.
pub const OFF_BOARD_WATER: Rgba = Rgba(0xc9, 0xd5, 0xdc, 255);
/// Land off the board: a grey, unlike the beige of the provinces.
pub const OFF_BOARD_LAND: Rgba = Rgba(0xd4, 0xd1, 0xc8, 255);
/// The thin edge of a piece off the board and of a lake.
const OFF_BOARD_EDGE: Rgba = Rgba(110, 110, 110, 255);
/// A lake.
pub const LAKE: Rgba = Rgba(0x8f, 0xb8, 0xdc, 255);

/// The colour a crossing is drawn in.
pub const CROSSING_INK: Rgba = Rgba(150, 25, 25, 255);

/// Where a crossing is drawn on the picture, from a point in its first area to one in its
/// second: its given line, else across the gap between the closest points of the areas'
/// drawn shapes, reaching `reach` pixels into each and at least `least` pixels long;
/// `None` when either area has no shape.
pub fn crossing_line(shapes: &[Vec<P>], c: &Crossing, reach: f64, least: f64) -> Option<(P, P)> {
    if let Some(line) = c.line {
        return Some(line);
    }
    let (a, b) = c.between;
    let (sa, sb) = (shapes.get(a)?, shapes.get(b)?);
    if sa.len() < 3 || sb.len() < 3 {
        return None;
    }
    let (p, q) = closest_points(sa, sb)?;
    let gap = (q.0 - p.0).hypot(q.1 - p.1);
    // Across the gap; where the shapes (nearly) touch, from one area's middle to the other's.
    let (dx, dy) = if gap >= 1.0 {
        (q.0 - p.0, q.1 - p.1)
    } else {
        let (ca, cb) = (voronoi::centroid(sa), voronoi::centroid(sb));
        (cb.0 - ca.0, cb.1 - ca.1)
    };
    let len = dx.hypot(dy);
    if len <= 0.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    let half = (gap / 2.0 + reach).max(least / 2.0);
    Some((
        (mid.0 - ux * half, mid.1 - uy * half),
        (mid.0 + ux * half, mid.1 + uy * half),
    ))
}

/// Who moves between two areas a connection joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passage {
    /// Armies and fleets (or a border the board names without a unit's move).
    Any,
    /// Armies only.
    Army,
    /// Fleets only.
    Fleet,
}

/// Two areas the board joins whose drawn shapes share no border a player sees, and how
/// the picture joins them.
#[derive(Debug, Clone, PartialEq)]
pub struct Connection {
    /// The two areas, smaller index first.
    pub between: (usize, usize),
    /// Who moves along it.
    pub passage: Passage,
    /// A line, or a marker at each end.
    pub drawn: Drawn,
}

/// How a connection is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    /// A dashed line from a point inside the first area's shape to one inside the second's.
    Line(P, P),
    /// A line too long to follow across the picture ([`LONG_LINE`]): a marker in each area,
    /// the first area's first, each an arrow out of its shape and the other area's name.
    Markers(Box<[Marker; 2]>),
}

/// A connection whose line would be longer than this many typical cells' widths (the
/// median of the square roots of the derived cells' areas) is drawn as markers instead
/// ([`lane_markers`]): a line that long passes over more than a province between the two
/// and, where many do (a world whose edges meet, folded onto the picture), they tangle. On
/// the imported DPjudge boards, of their connections: imperial 312 of 652, youngstown 15 of
/// 254, empire 4 of 159, standard 1 of 43. Only between cells derived from positions: an
/// outlined area's connection is a line on its real geography and stays one.
pub const LONG_LINE: f64 = 2.0;

/// The shortest stretch of shared border that shows two derived cells bordering: longer
/// than two strokes' widths, plainly a border and not a corner.
const SEEN_BORDER: f64 = 10.0;

/// Every pair of areas the board joins (`adjacent`, an army's or a fleet's move, a split
/// coast's fleet counting as its province), smaller index first, with who moves there.
fn joined(am: &AreaMap) -> std::collections::BTreeMap<(usize, usize), Passage> {
    use std::collections::BTreeSet;
    let n = am.areas.len();
    let (mut any, mut army, mut fleet) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let key = |i: usize, j: usize| (i.min(j), i.max(j));
    for (i, a) in am.areas.iter().enumerate() {
        let ok = |j: &usize| *j < n && *j != i;
        any.extend(a.adjacent.iter().filter(|j| ok(j)).map(|&j| key(i, j)));
        army.extend(a.army.iter().filter(|j| ok(j)).map(|&j| key(i, j)));
        let fleets = a
            .fleet
            .iter()
            .chain(a.coasts.iter().flat_map(|c| c.fleet.iter()))
            .map(|s| s.area);
        fleet.extend(fleets.filter(|j| ok(j)).map(|j| key(i, j)));
    }
    any.iter()
        .chain(&army)
        .chain(&fleet)
        .map(|pair| {
            let passage = match (army.contains(pair), fleet.contains(pair)) {
                (true, false) => Passage::Army,
                (false, true) => Passage::Fleet,
                _ => Passage::Any,
            };
            (*pair, passage)
        })
        .collect()
}

/// The connections of an area map drawn with `shapes` ([`shapes_around`]) and `printed`
/// ([`layouts`]) at scale `k`: every pair of areas the board joins whose shapes share no
/// border a player sees, and that no route or crossing already joins on the picture.
/// Outlined areas border where their rasterised outlines touch (as `sandtable geo --check`
/// and [`AreaMap::implied_adjacency`] judge them), derived cells where they share at least
/// [`SEEN_BORDER`] pixels of edge. None on a network map (its roads join every pair) or for
/// an area drawn inside another. Each line runs between the two shapes' closest points,
/// from 18 pixels (at scale 1) inside one to as far inside the other; one longer than
/// [`LONG_LINE`] cells' widths between two derived cells is drawn as markers instead, laid
/// out in the order of the pairs ([`lane_markers`]), off every name, slot and fleet box in
/// `printed`.
pub fn connections(
    am: &AreaMap,
    shapes: &[Vec<P>],
    printed: &[AreaLayout],
    k: f32,
) -> Vec<Connection> {
    if am.network || shapes.len() != am.areas.len() {
        return Vec::new();
    }
    let reach = f64::from(18.0 * k);
    let drawn = |i: usize| am.areas[i].within.is_none() && shapes[i].len() >= 3;
    let mut shown: std::collections::BTreeSet<(usize, usize)> = am
        .crossings
        .iter()
        .map(|c| c.between)
        .chain(am.routes.iter().map(|r| (r.from, r.to)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let outlined = |i: usize| !am.areas[i].outline.is_empty();
    let pairs = joined(am);
    if pairs.keys().any(|&(a, b)| outlined(a) || outlined(b)) {
        shown.extend(touching_outlines(shapes, am.size));
    }
    // Each pair to connect, who moves there, and its line.
    let lines: Vec<(_, Passage, (P, P))> = pairs
        .into_iter()
        .filter(|&((a, b), _)| drawn(a) && drawn(b) && !shown.contains(&(a, b)))
        .filter(|&((a, b), _)| {
            outlined(a)
                || outlined(b)
                || voronoi::shared_border(&shapes[a], &shapes[b], 0.01) < SEEN_BORDER
        })
        .filter_map(|((a, b), passage)| {
            Some(((a, b), passage, across(&shapes[a], &shapes[b], reach)?))
        })
        .collect();
    let long = typical_cell_width(am, shapes) * LONG_LINE;
    let too_long = |(a, b): (usize, usize), (p, q): (P, P)| {
        !outlined(a) && !outlined(b) && (q.0 - p.0).hypot(q.1 - p.1) > long
    };
    let mut markers = (printed.len() == am.areas.len()).then(|| {
        let taken = am
            .areas
            .iter()
            .zip(printed)
            .flat_map(|(a, l)| printed_rects(a, l))
            .collect();
        lane_markers::Layout::new(shapes, am.size, taken, k)
    });
    lines
        .into_iter()
        .map(|((a, b), passage, line)| {
            let marked = markers
                .as_mut()
                .filter(|_| too_long((a, b), line))
                .and_then(|layout| {
                    let (p, q) = line;
                    let len = (q.0 - p.0).hypot(q.1 - p.1);
                    let d = ((q.0 - p.0) / len, (q.1 - p.1) / len);
                    // Outwards from the position the cell is drawn around, inside it.
                    let anchor = |i: usize| {
                        am.areas[i].position.unwrap_or_else(|| {
                            let (x, y) = printed[i].anchor;
                            (f64::from(x), f64::from(y))
                        })
                    };
                    let first = layout.place(&lane_markers::End {
                        area: a,
                        from: anchor(a),
                        towards: d,
                        label: &am.areas[b].name,
                    })?;
                    let second = layout.place(&lane_markers::End {
                        area: b,
                        from: anchor(b),
                        towards: (-d.0, -d.1),
                        label: &am.areas[a].name,
                    })?;
                    Some(Drawn::Markers(Box::new([first, second])))
                });
            Connection {
                between: (a, b),
                passage,
                drawn: marked.unwrap_or(Drawn::Line(line.0, line.1)),
            }
        })
        .collect()
}

/// The width of a typical cell derived from a position: the median of the square roots of
/// their areas (0 when there is none).
fn typical_cell_width(am: &AreaMap, shapes: &[Vec<P>]) -> f64 {
    let mut widths: Vec<f64> = shapes
        .iter()
        .zip(&am.areas)
        .filter(|(s, a)| s.len() >= 3 && a.outline.is_empty() && a.within.is_none())
        .map(|(s, _)| voronoi::signed_area(s).abs().sqrt())
        .collect();
    widths.sort_by(f64::total_cmp);
    widths.get(widths.len() / 2).copied().unwrap_or(0.0)
}

/// A line from inside shape `a` to inside shape `b`: from each of the two shapes' closest
/// points, `reach` pixels towards its shape's middle (at most half way there, so inside a
/// convex cell).
fn across(a: &[P], b: &[P], reach: f64) -> Option<(P, P)> {
    let (p, q) = closest_points(a, b)?;
    let inwards = |from: P, shape: &[P]| {
        let c = voronoi::centroid(shape);
        let (dx, dy) = (c.0 - from.0, c.1 - from.1);
        let len = dx.hypot(dy);
        if len <= 1e-9 {
            return from;
        }
        let step = reach.min(len / 2.0) / len;
        (from.0 + dx * step, from.1 + dy * step)
    };
    let (p, q) = (inwards(p, a), inwards(q, b));
    ((q.0 - p.0).hypot(q.1 - p.1) >= 1.0).then_some((p, q))
}

/// The shape of every area, the cells derived from positions clipped without regard to
/// what is printed on them ([`shapes_around`] with nothing printed): what is drawn wherever
/// every area has an outline.
pub fn shapes(am: &AreaMap) -> Vec<Vec<P>> {
    shapes_around(am, &[])
}

/// The drawn shape of every area (empty for areas inside another and on a network map,
/// drawn as boxes). `printed` is where each area's name, star and slots are printed
/// ([`layouts`]): the outer clipping of a cell derived from its position (to the grown
/// hull of the positions and a disc around its own) never cuts them.
pub fn shapes_around(am: &AreaMap, printed: &[AreaLayout]) -> Vec<Vec<P>> {
    if am.network {
        return vec![Vec::new(); am.areas.len()];
    }
    let (w, h) = (f64::from(am.size.0), f64::from(am.size.1));
    let sites: Vec<(usize, P)> = am
        .areas
        .iter()
        .enumerate()
        .filter(|(_, a)| a.within.is_none())
        .filter_map(|(i, a)| {
            a.position
                .or_else(|| (!a.outline.is_empty()).then(|| voronoi::centroid(&a.outline)))
                .map(|p| (i, p))
        })
        .collect();
    let pts: Vec<P> = sites.iter().map(|(_, p)| *p).collect();
    // Clip the cells to the hull of the sites, grown by about half the typical spacing.
    let spacing = {
        let mut d: Vec<f64> = pts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                pts.iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, q)| ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt())
                    .fold(f64::INFINITY, f64::min)
            })
            .filter(|d| d.is_finite())
            .collect();
        d.sort_by(f64::total_cmp);
        d.get(d.len() / 2).copied().unwrap_or(w.min(h) / 4.0)
    };
    // What each area prints, with a little room: the outer clipping keeps all of it.
    let keep: Vec<Vec<P>> = (0..am.areas.len())
        .map(|i| {
            printed
                .get(i)
                .map_or_else(Vec::new, |l| printed_corners(&am.areas[i], l, 6.0))
        })
        .collect();
    let mut around = voronoi::grow(&voronoi::convex_hull(&pts), spacing * 0.7);
    for (i, _) in sites
        .iter()
        .filter(|(i, _)| am.areas[*i].outline.is_empty())
    {
        around.extend(&keep[*i]);
    }
    let hull = voronoi::convex_hull(&around);
    let inset = 4.0;
    let cells = voronoi::cells(&pts, (inset, inset, w - inset, h - inset));
    let mut out = vec![Vec::new(); am.areas.len()];
    for ((i, _), cell) in sites.iter().zip(cells) {
        let a = &am.areas[*i];
        out[*i] = if !a.outline.is_empty() {
            a.outline.clone()
        } else {
            // Keep outer cells from running off: clip to the hull and to a disc around the site.
            let p = sites
                .iter()
                .find(|(j, _)| j == i)
                .map_or((0.0, 0.0), |(_, p)| *p);
            let r = keep[*i]
                .iter()
                .map(|q| (q.0 - p.0).hypot(q.1 - p.1))
                .fold(spacing * 1.5, f64::max);
            let disc: Vec<P> = (0..32)
                .map(|k| {
                    let a = std::f64::consts::TAU * f64::from(k) / 32.0;
                    (p.0 + r * a.cos(), p.1 + r * a.sin())
                })
                .collect();
            let cell = if hull.len() >= 3 {
                voronoi::clip_convex(&cell, &hull)
            } else {
                cell
            };
            voronoi::clip_convex(&cell, &disc)
        };
    }
    out
}

/// The rectangles of what an area prints: its name, points and slots together
/// ([`AreaLayout::bounds`]), its name with a supply centre's star beside it, and each slot,
/// a split coast's fleet box included.
fn printed_rects(a: &Area, l: &AreaLayout) -> Vec<Rect> {
    let (f, x, y) = l.name;
    let k = f.size / 15.0;
    let half = f.width(&a.name) / 2.0;
    // The star as `draw` prints it: centred half a capital up, 9 px past the name, 8 px wide.
    let star = if a.supply_centre { 17.0 * k } else { 0.0 };
    let top = (y - f.cap_height()).min(y - f.cap_height() / 2.0 - 8.0 * k);
    let name = (x - half, top, 2.0 * half + star, y + f.descent() - top);
    let mut rects: Vec<Rect> = vec![l.bounds, name];
    rects.extend(l.slots.iter().map(|(_, r)| *r));
    rects
}

/// The corners of what an area prints ([`printed_rects`]), each pushed `pad` pixels
/// outwards.
fn printed_corners(a: &Area, l: &AreaLayout, pad: f32) -> Vec<P> {
    printed_rects(a, l)
        .into_iter()
        .flat_map(|(x, y, w, h)| {
            [
                (x - pad, y - pad),
                (x + w + pad, y - pad),
                (x + w + pad, y + h + pad),
                (x - pad, y + h + pad),
            ]
        })
        .map(|(x, y)| (f64::from(x), f64::from(y)))
        .collect()
}

/// A stretch of an outline's border to stroke.
struct Border {
    points: Vec<(f32, f32)>,
    closed: bool,
}

/// The borders of an outline: the whole ring, closed, or, when it holds cuts walked there
/// and back (to a sea's island, to a province's own island), the stretches between them,
/// so that no border is drawn across the water along a cut.
fn borders(poly: &[(f32, f32)]) -> Vec<Border> {
    let n = poly.len();
    if n < 3 {
        return Vec::new();
    }
    let key = |p: (f32, f32)| (p.0.to_bits(), p.1.to_bits());
    let edges: std::collections::BTreeSet<_> = (0..n)
        .map(|k| (key(poly[k]), key(poly[(k + 1) % n])))
        .collect();
    let cut: Vec<bool> = (0..n)
        .map(|k| {
            let (a, b) = (poly[k], poly[(k + 1) % n]);
            a == b || edges.contains(&(key(b), key(a)))
        })
        .collect();
    let Some(start) = (0..n).find(|&k| cut[k]) else {
        return vec![Border {
            points: poly.to_vec(),
            closed: true,
        }];
    };
    // Edge k runs from point k to the next; the walk starts after a cut and ends on one.
    let mut out = Vec::new();
    let mut run: Vec<(f32, f32)> = Vec::new();
    for step in 1..=n {
        let k = (start + step) % n;
        if cut[k] {
            if run.len() >= 2 {
                out.push(Border {
                    points: std::mem::take(&mut run),
                    closed: false,
                });
            }
            run.clear();
        } else {
            if run.is_empty() {
                run.push(poly[k]);
            }
            run.push(poly[(k + 1) % n]);
        }
    }
    out
}

fn f32s(poly: &[P]) -> Vec<(f32, f32)> {
    poly.iter().map(|p| (p.0 as f32, p.1 as f32)).collect()
}

fn rounded_rect(c: &mut Canvas, (x, y, w, h): Rect, r: f32, fill: Option<Rgba>, pen: Option<&Pen>) {
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    if let Some(p) = pb.finish() {
        if let Some(f) = fill {
            c.fill_path(&p, f, Transform::identity());
        }
        if let Some(pen) = pen {
            c.stroke_path(&p, pen, Transform::identity());
        }
    }
}

/// Draw an area map on a canvas of its size on paper. Panics if `map` is not an area map.
pub fn draw(c: &mut Canvas, game: &Game, map: MapId) {
    let m = &game.maps[map];
    let MapKind::Area(am) = &m.kind else {
        panic!("area_map::draw called on a hex map");
    };
    let k = scale(game);
    let layouts = layouts(game, am);
    let shapes = shapes_around(am, &layouts);
    let border = Pen::new(Rgba(35, 35, 35, 255), 2.0 * k);

    // Off the board: water, then land, each in its muted colour.
    for kind in [OffBoardKind::Water, OffBoardKind::Land] {
        for o in am.off_board.iter().filter(|o| o.kind == kind) {
            let poly = f32s(&o.outline);
            if poly.len() >= 3 {
                let fill = if kind == OffBoardKind::Water {
                    OFF_BOARD_WATER
                } else {
                    OFF_BOARD_LAND
                };
                c.fill_poly(&poly, fill);
                c.stroke_poly(&poly, true, &Pen::new(OFF_BOARD_EDGE, 1.0 * k));
            }
        }
    }
    // Fills and patterns, then lakes, then borders.
    for (i, a) in am.areas.iter().enumerate() {
        let poly = f32s(&shapes[i]);
        if poly.len() < 3 {
            continue;
        }
        let t = &game.terrain[a.terrain];
        let base = Rgba::of(t.colour);
        c.fill_poly(&poly, base);
        if let Some(p) = Pattern::parse(t.pattern.as_deref()) {
            let keep: Vec<Rect> = layouts.iter().map(|l| l.bounds).collect();
            let free = move |x: f32, y: f32| {
                keep.iter().any(|r| {
                    x > r.0 - 8.0 && x < r.0 + r.2 + 8.0 && y > r.1 - 8.0 && y < r.1 + r.3 + 8.0
                })
            };
            patterns::fill_polygon(c, p, &poly, 14.0 * k, base, i as u64, &free);
        }
    }
    for o in am.off_board.iter().filter(|o| o.kind == OffBoardKind::Lake) {
        let poly = f32s(&o.outline);
        if poly.len() >= 3 {
            c.fill_poly(&poly, LAKE);
            c.stroke_poly(&poly, true, &Pen::new(OFF_BOARD_EDGE, 1.0 * k));
        }
    }
    for (i, _) in am.areas.iter().enumerate() {
        for run in borders(&f32s(&shapes[i])) {
            c.stroke_poly(&run.points, run.closed, &border);
        }
    }

    // Connections: a dashed line between two joined areas that do not border on the
    // picture, or a marker in each where the line would be long, under the boxes, labels
    // and slots.
    for x in connections(am, &shapes, &layouts, k) {
        let ink = match x.passage {
            Passage::Any => Rgba(35, 35, 35, 255),
            Passage::Army => Rgba(120, 72, 30, 255),
            Passage::Fleet => Rgba(30, 60, 140, 255),
        };
        match &x.drawn {
            Drawn::Line(p, q) => connection_mark(c, (*p, *q), ink, k),
            Drawn::Markers(ends) => {
                for m in ends.iter() {
                    lane_marker(c, m, ink, k);
                }
            }
        }
    }

    // A network: a road between each pair of adjacent areas, centre to centre, under the
    // boxes.
    if am.network {
        let road = Pen::new(Rgba(120, 84, 40, 255), 6.0 * k);
        let verge = Pen::new(Rgba(60, 40, 20, 255), 9.0 * k);
        let pairs: Vec<(usize, usize)> = am
            .areas
            .iter()
            .enumerate()
            .flat_map(|(i, a)| {
                a.adjacent
                    .iter()
                    .filter(move |&&j| j > i)
                    .map(move |&j| (i, j))
            })
            .collect();
        for pen in [&verge, &road] {
            for &(i, j) in &pairs {
                let (a, b) = (layouts[i].anchor, layouts[j].anchor);
                c.line(a, b, pen);
            }
        }
    }

    // Areas inside others, and every area of a network: rounded boxes.
    for (i, a) in am.areas.iter().enumerate() {
        if a.within.is_none() && !am.network {
            continue;
        }
        let l = &layouts[i];
        let (x, y, w, h) = l.bounds;
        let pad = 6.0 * k;
        let fill = Rgba::of(game.terrain[a.terrain].colour).lighter(0.15);
        rounded_rect(
            c,
            (x - pad, y - pad, w + 2.0 * pad, h + 2.0 * pad),
            8.0 * k,
            Some(fill),
            Some(&border),
        );
    }

    // Routes: double-headed arrows between the anchors, dashed by sea.
    for r in &am.routes {
        let (a, b) = (layouts[r.from].anchor, layouts[r.to].anchor);
        route_arrow(c, a, b, r.kind.to_ascii_lowercase().contains("sea"), k);
    }
    // Crossings: a short double-headed arrow across each strait.
    for x in &am.crossings {
        let reach = f64::from(12.0 * k);
        if let Some((a, b)) = crossing_line(&shapes, x, reach, 3.0 * reach) {
            crossing_mark(c, (a.0 as f32, a.1 as f32), (b.0 as f32, b.1 as f32), k);
        }
    }

    // A home supply centre's star is printed in its power's colour; a neutral centre's is
    // white, outlined like the others, so it is never read as a power's (a red star looked
    // like Austria's).
    let home: Vec<Option<Rgba>> = (0..am.areas.len())
        .map(|i| {
            game.sides
                .iter()
                .find(|s| s.home.contains(&(map, i)))
                .map(|s| Rgba::of(s.colour))
        })
        .collect();

    // Labels and slots.
    for (i, a) in am.areas.iter().enumerate() {
        let l = &layouts[i];
        let ink = Rgba(20, 20, 20, 255);
        let halo = Some((Rgba(255, 255, 255, 190), 2.0 * k));
        let (f, x, y) = l.name;
        c.text_halo(&f, &a.name, x, y, Align::Centre, ink, halo);
        if a.supply_centre {
            let w = f.width(&a.name);
            let star = star_points(x + w / 2.0 + 9.0 * k, y - f.cap_height() / 2.0, 8.0 * k);
            c.fill_poly(&star, home[i].unwrap_or(Rgba(255, 255, 255, 255)));
            c.stroke_poly(&star, true, &Pen::new(ink, 1.2 * k));
        }
        if let Some((text, baseline)) = &l.points {
            let pf = Font::new(Face::Bold, 13.0 * k);
            c.text_halo(
                &pf,
                text,
                x,
                *baseline,
                Align::Centre,
                Rgba(120, 20, 20, 255),
                halo,
            );
        }
        for (slot, rect) in &l.slots {
            match slot {
                AreaSlot::Box(n) => {
                    c.fill_rect(rect.0, rect.1, rect.2, rect.3, Rgba(255, 255, 255, 120));
                    c.stroke_rect(
                        rect.0,
                        rect.1,
                        rect.2,
                        rect.3,
                        &Pen::new(ink, 1.5 * k).square(),
                    );
                    let nf = Font::new(Face::Regular, 8.0 * k);
                    c.text(
                        &nf,
                        &n.to_string(),
                        rect.0 + 2.5 * k,
                        rect.1 + 2.5 * k + nf.cap_height(),
                        Align::Left,
                        ink.alpha(160),
                    );
                }
                AreaSlot::Coast(n) => {
                    // A split coast: a solid box where its fleet stands, marked with the
                    // coast's id as orders write it (`NC`).
                    rounded_rect(
                        c,
                        *rect,
                        6.0 * k,
                        Some(Rgba(255, 255, 255, 150)),
                        Some(&Pen::new(Rgba(30, 60, 140, 255), 1.5 * k)),
                    );
                    let nf = Font::new(Face::Bold, 9.0 * k);
                    let label = a
                        .coasts
                        .get(*n as usize)
                        .map_or(String::new(), |c| c.id.to_uppercase());
                    c.text_halo(
                        &nf,
                        &label,
                        rect.0 + rect.2 / 2.0,
                        rect.1 + rect.3 / 2.0 + nf.cap_height() / 2.0,
                        Align::Centre,
                        Rgba(30, 60, 140, 255),
                        halo,
                    );
                }
                AreaSlot::Open => {
                    rounded_rect(
                        c,
                        *rect,
                        6.0 * k,
                        None,
                        Some(&Pen::new(ink.alpha(90), 1.0 * k).dashed(&[4.0 * k, 3.0 * k])),
                    );
                    // "Open" tells the Open area from the numbered boxes beside it; an area
                    // without boxes (a province) has only the one.
                    if a.boxes > 0 {
                        let nf = Font::new(Face::Regular, 8.0 * k);
                        c.text(
                            &nf,
                            "Open",
                            rect.0 + rect.2 / 2.0,
                            rect.1 + rect.3 - 3.0 * k,
                            Align::Centre,
                            ink.alpha(110),
                        );
                    }
                }
            }
        }
    }

    // Title in the corner that covers the fewest area labels and slots; where every corner
    // covers some, anywhere along the picture's edges that covers less.
    let tf = Font::new(Face::Bold, 22.0 * k);
    let sf = Font::new(Face::Bold, 11.0 * k);
    let under = crate::layout::cartouche::subtitle_of(game, m);
    let tw = tf.width(&m.title).max(under.map_or(0.0, |t| sf.width(t))) + 20.0 * k;
    let th = tf.cap_height() + under.map_or(0.0, |_| sf.cap_height() + 8.0 * k) + 16.0 * k;
    let (w, h) = (c.width() as f32, c.height() as f32);
    let overlap = |x: f32, y: f32| {
        layouts
            .iter()
            .map(|l| {
                let (bx, by, bw, bh) = l.bounds;
                let ox = ((x + tw).min(bx + bw) - x.max(bx)).max(0.0);
                let oy = ((y + th).min(by + bh) - y.max(by)).max(0.0);
                ox * oy
            })
            .sum::<f32>()
    };
    let (left, top, right, bottom) = (8.0, 8.0, w - tw - 8.0, h - th - 8.0);
    let corners = [(left, top), (right, top), (left, bottom), (right, bottom)];
    let step = 8.0 * k;
    let along = |from: f32, to: f32| {
        let n = ((to - from) / step).max(0.0) as usize;
        (0..=n).map(move |i| from + i as f32 * step)
    };
    let edges = along(left, right)
        .flat_map(|x| [(x, top), (x, bottom)])
        .chain(along(top, bottom).flat_map(|y| [(left, y), (right, y)]));
    let (tx, ty) = corners
        .into_iter()
        .chain(edges)
        .min_by(|a, b| overlap(a.0, a.1).total_cmp(&overlap(b.0, b.1)))
        .unwrap_or((8.0, 8.0));
    c.fill_rect(tx, ty, tw, th, Rgba(0xfb, 0xf7, 0xea, 235));
    c.stroke_rect(
        tx,
        ty,
        tw,
        th,
        &Pen::new(Rgba(40, 40, 40, 255), 1.5).square(),
    );
    c.text(
        &tf,
        &m.title,
        tx + tw / 2.0,
        ty + 8.0 * k + tf.cap_height(),
        Align::Centre,
        Rgba(20, 20, 20, 255),
    );
    if let Some(under) = under {
        c.text(
            &sf,
            under,
            tx + tw / 2.0,
            ty + th - 8.0 * k,
            Align::Centre,
            Rgba(80, 80, 80, 255),
        );
    }
}

/// A connection: a dashed line in `ink` on a faint halo, a dot at each end.
fn connection_mark(c: &mut Canvas, (a, b): (P, P), ink: Rgba, k: f32) {
    let (a, b) = ((a.0 as f32, a.1 as f32), (b.0 as f32, b.1 as f32));
    c.line(a, b, &Pen::new(Rgba(255, 255, 255, 130), 5.0 * k));
    c.line(a, b, &Pen::new(ink, 2.0 * k).dashed(&[9.0 * k, 5.0 * k]));
    for p in [a, b] {
        c.fill_circle(p.0, p.1, 3.5 * k, ink);
    }
}

/// A connection's marker: a short dashed arrow in `ink` on a faint halo, a dot at its tail
/// and a head at its tip, and the name of the area it leads to before it.
fn lane_marker(c: &mut Canvas, m: &Marker, ink: Rgba, k: f32) {
    let (a, b) = m.stub;
    let (a, b) = ((a.0 as f32, a.1 as f32), (b.0 as f32, b.1 as f32));
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let s = 8.0 * k;
    let head = [
        b,
        (b.0 - ux * s - uy * s * 0.5, b.1 - uy * s + ux * s * 0.5),
        (b.0 - ux * s + uy * s * 0.5, b.1 - uy * s - ux * s * 0.5),
    ];
    let shaft = (b.0 - ux * s * 0.8, b.1 - uy * s * 0.8);
    let halo = Rgba(255, 255, 255, 130);
    c.line(a, shaft, &Pen::new(halo, 5.0 * k));
    c.stroke_poly(&head, true, &Pen::new(halo, 2.0 * k));
    c.line(
        a,
        shaft,
        &Pen::new(ink, 2.0 * k).dashed(&[6.0 * k, 3.0 * k]),
    );
    c.fill_poly(&head, ink);
    c.fill_circle(a.0, a.1, 2.5 * k, ink);
    let f = lane_markers::label_font(k);
    c.text_halo(
        &f,
        &m.label,
        m.at.0,
        m.at.1,
        Align::Left,
        ink,
        Some((Rgba(255, 255, 255, 190), 2.0 * k)),
    );
}

/// A crossing: a line in [`CROSSING_INK`] on a white halo, with an arrowhead at each end.
fn crossing_mark(c: &mut Canvas, a: (f32, f32), b: (f32, f32), k: f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let s = (7.0 * k).min(len / 3.0);
    // The line stops where the heads begin, so their tips stay sharp.
    let (p, q) = (
        (a.0 + ux * s * 0.8, a.1 + uy * s * 0.8),
        (b.0 - ux * s * 0.8, b.1 - uy * s * 0.8),
    );
    let head = |tip: (f32, f32), ux: f32, uy: f32| {
        [
            tip,
            (
                tip.0 - ux * s - uy * s * 0.55,
                tip.1 - uy * s + ux * s * 0.55,
            ),
            (
                tip.0 - ux * s + uy * s * 0.55,
                tip.1 - uy * s - ux * s * 0.55,
            ),
        ]
    };
    let (ha, hb) = (head(a, -ux, -uy), head(b, ux, uy));
    let halo = Rgba(255, 255, 255, 200);
    c.line(p, q, &Pen::new(halo, 6.0 * k));
    c.stroke_poly(&ha, true, &Pen::new(halo, 2.0 * k));
    c.stroke_poly(&hb, true, &Pen::new(halo, 2.0 * k));
    c.line(p, q, &Pen::new(CROSSING_INK, 2.6 * k));
    c.fill_poly(&ha, CROSSING_INK);
    c.fill_poly(&hb, CROSSING_INK);
}

fn route_arrow(c: &mut Canvas, a: (f32, f32), b: (f32, f32), sea: bool, k: f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let cut = (len * 0.22).min(60.0 * k);
    let (p, q) = (
        (a.0 + ux * cut, a.1 + uy * cut),
        (b.0 - ux * cut, b.1 - uy * cut),
    );
    // A gentle curve to the left of the straight line.
    let bend = len * 0.08;
    let ctrl = ((p.0 + q.0) / 2.0 - uy * bend, (p.1 + q.1) / 2.0 + ux * bend);
    let colour = if sea {
        Rgba(20, 60, 130, 255)
    } else {
        Rgba(90, 50, 20, 255)
    };
    let mut pen = Pen::new(colour, 2.5 * k);
    if sea {
        pen = pen.dashed(&[8.0 * k, 5.0 * k]);
    }
    let mut pb = PathBuilder::new();
    pb.move_to(p.0, p.1);
    pb.quad_to(ctrl.0, ctrl.1, q.0, q.1);
    if let Some(path) = pb.finish() {
        c.stroke_path(
            &path,
            &Pen::new(Rgba(255, 255, 255, 160), 5.0 * k),
            Transform::identity(),
        );
        c.stroke_path(&path, &pen, Transform::identity());
    }
    let head = |c: &mut Canvas, tip: (f32, f32), from: (f32, f32)| {
        let (hx, hy) = (tip.0 - from.0, tip.1 - from.1);
        let l = (hx * hx + hy * hy).sqrt().max(1e-3);
        let (ux, uy) = (hx / l, hy / l);
        let s = 10.0 * k;
        c.fill_poly(
            &[
                tip,
                (tip.0 - ux * s - uy * s * 0.5, tip.1 - uy * s + ux * s * 0.5),
                (tip.0 - ux * s + uy * s * 0.5, tip.1 - uy * s - ux * s * 0.5),
            ],
            colour,
        );
    };
    head(c, q, ctrl);
    head(c, p, ctrl);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::testing;
    use crate::layout::area::{points_text, slots};

    #[test]
    fn area_map_renders_at_its_size_with_slots_inside() {
        let game = testing::with_area_map();
        let img = crate::emit::art::map_canvas(&game, 1).into_image();
        testing::preview("area-map.png", &img);
        assert_eq!(img.dimensions(), (600, 450));
        let s = slots(&game, 1);
        let MapKind::Area(am) = &game.maps[1].kind else {
            panic!()
        };
        let expected: usize = (0..am.areas.len()).map(|a| am.slots(a).len()).sum();
        assert_eq!(s.len(), expected);
        for slot in &s {
            assert!(am.slots(slot.area).contains(&slot.slot));
            let (x, y) = slot.centre;
            assert!(x > 0 && y > 0 && x < 600 && y < 450, "{slot:?}");
        }
        // Boxes of one area do not overlap.
        for a in &s {
            for b in &s {
                if a.area == b.area && a.slot != b.slot {
                    let (ra, rb) = (a.rect, b.rect);
                    let apart = ra.0 + ra.2 <= rb.0
                        || rb.0 + rb.2 <= ra.0
                        || ra.1 + ra.3 <= rb.1
                        || rb.1 + rb.3 <= ra.1;
                    assert!(apart, "{a:?} overlaps {b:?}");
                }
            }
        }
        assert!(slots(&game, 0).is_empty());
    }

    #[test]
    fn no_border_is_drawn_along_a_cut_to_an_island() {
        // A square joined to an island by a cut from (10, 5) to (20, 5) and back.
        let ring = [
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 5.0),
            (20.0, 5.0),
            (20.0, 2.0),
            (25.0, 2.0),
            (25.0, 8.0),
            (20.0, 8.0),
            (20.0, 5.0),
            (10.0, 5.0),
            (10.0, 10.0),
            (0.0, 10.0),
        ];
        let runs = borders(&ring);
        assert_eq!(runs.len(), 2, "the province's border and the island's");
        for run in &runs {
            assert!(!run.closed);
            for w in run.points.windows(2) {
                let cut = (w[0] == (10.0, 5.0) && w[1] == (20.0, 5.0))
                    || (w[0] == (20.0, 5.0) && w[1] == (10.0, 5.0));
                assert!(!cut, "{:?}", run.points);
            }
        }
        // A plain ring is stroked whole, closed.
        let plain = borders(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
        assert_eq!(plain.len(), 1);
        assert!(plain[0].closed);
    }

    #[test]
    fn points_print_in_side_order() {
        let game = testing::mini();
        assert_eq!(points_text(&game, &[(1, 2), (0, 3)]), "3/2");
        assert_eq!(points_text(&game, &[(1, 4)]), "0/4");
        assert_eq!(points_text(&game, &[]), "");
    }

    #[test]
    fn a_network_map_joins_adjacent_areas_by_roads_and_no_others() {
        let mut game = testing::with_area_map();
        let MapKind::Area(am) = &mut game.maps[1].kind else {
            panic!()
        };
        am.network = true;
        let (w, h) = am.size;
        let am = am.clone();
        assert!(
            shapes_around(&am, &layouts(&game, &am))
                .iter()
                .all(Vec::is_empty),
            "no cells"
        );
        let mut c = Canvas::new(w, h, Rgba(250, 246, 235, 255));
        draw(&mut c, &game, 1);
        let img = c.into_image();
        let layouts = layouts(&game, &am);
        let road = |x: f32, y: f32| {
            let p = img.get_pixel(x as u32, y as u32).0;
            (i32::from(p[0]) - 120).abs() < 40
                && (i32::from(p[1]) - 84).abs() < 40
                && (i32::from(p[2]) - 40).abs() < 40
        };
        // Points along the line from one area's centre to another's, outside every box:
        // (how many, how many of them on a road).
        let along = |i: usize, j: usize| {
            let (a, b) = (layouts[i].anchor, layouts[j].anchor);
            let outside: Vec<(f32, f32)> = (1..40)
                .map(|t| t as f32 / 40.0)
                .map(|t| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
                .filter(|&(x, y)| {
                    layouts.iter().all(|l| {
                        let (bx, by, bw, bh) = l.bounds;
                        let pad = 12.0;
                        x < bx - pad || x > bx + bw + pad || y < by - pad || y > by + bh + pad
                    })
                })
                .collect();
            let on_road = outside.iter().filter(|&&(x, y)| road(x, y)).count();
            (outside.len(), on_road)
        };
        // North–South and North–East are adjacent; North and High Hills are not.
        for (i, j) in [(0, 1), (0, 2)] {
            let (n, on) = along(i, j);
            assert!(n > 0 && on == n, "{i}-{j}: {on} of {n} on the road");
        }
        let (n, on) = along(0, 3);
        assert!(n > 0 && on == 0, "0-3: {on} of {n} on a road");
    }

    #[test]
    fn joined_areas_apart_on_the_picture_get_a_connection_and_bordering_ones_none() {
        // Three cells in a row: the first borders the second and is joined to the third,
        // by armies only, across the second.
        let game = testing::with_area_map();
        let MapKind::Area(am) = &game.maps[1].kind else {
            panic!()
        };
        let mut am = am.clone();
        let template = am.areas[2].clone();
        am.areas = (0..3)
            .map(|i| Area {
                id: format!("a{i}"),
                position: Some((100.0 + 200.0 * i as f64, 100.0)),
                ..template.clone()
            })
            .collect();
        am.routes.clear();
        am.size = (600, 200);
        am.areas[0].adjacent = vec![1, 2];
        am.areas[1].adjacent = vec![0];
        am.areas[2].adjacent = vec![0];
        am.areas[0].army = vec![2];
        am.areas[2].army = vec![0];
        let shapes = shapes(&am);
        let found = connections(&am, &shapes, &[], 1.0);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].between, (0, 2));
        assert_eq!(found[0].passage, Passage::Army);
        let Drawn::Line(p, q) = found[0].drawn else {
            panic!("a line: {found:?}")
        };
        assert!(patterns::contains(
            &f32s(&shapes[0]),
            p.0 as f32,
            p.1 as f32
        ));
        assert!(patterns::contains(
            &f32s(&shapes[2]),
            q.0 as f32,
            q.1 as f32
        ));
        // Fleets too: the border's ink.
        am.areas[0].fleet = vec![crate::model::map::Site {
            area: 2,
            coast: None,
        }];
        assert_eq!(connections(&am, &shapes, &[], 1.0)[0].passage, Passage::Any);
        // A crossing already draws it.
        am.crossings.push(Crossing {
            between: (2, 0),
            name: String::new(),
            line: None,
        });
        assert!(connections(&am, &shapes, &[], 1.0).is_empty());
    }

    #[test]
    fn a_long_connection_is_two_markers_naming_each_other_and_a_short_one_a_line() {
        // Seven cells in a row: the first joined to the third (a short line across the
        // second) and to the last (across five cells: too long, two markers).
        let game = testing::with_area_map();
        let MapKind::Area(am) = &game.maps[1].kind else {
            panic!()
        };
        let mut am = am.clone();
        let template = am.areas[2].clone();
        am.areas = (0..7)
            .map(|i| Area {
                id: format!("a{i}"),
                name: format!("Area {i}"),
                position: Some((100.0 + 200.0 * i as f64, 150.0)),
                ..template.clone()
            })
            .collect();
        am.routes.clear();
        am.crossings.clear();
        am.size = (1400, 300);
        for i in 0..7 {
            am.areas[i].adjacent = [i.wrapping_sub(1), i + 1]
                .into_iter()
                .filter(|&j| j < 7)
                .collect();
        }
        am.areas[0].adjacent.extend([2, 6]);
        am.areas[2].adjacent.push(0);
        am.areas[6].adjacent.push(0);
        am.areas[0].fleet = vec![crate::model::map::Site {
            area: 6,
            coast: None,
        }];
        am.areas[6].fleet = vec![crate::model::map::Site {
            area: 0,
            coast: None,
        }];
        let printed = layouts(&game, &am);
        let shapes = shapes_around(&am, &printed);
        let found = connections(&am, &shapes, &printed, 1.0);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].between, (0, 2));
        assert!(matches!(found[0].drawn, Drawn::Line(..)), "{found:?}");
        assert_eq!(found[1].between, (0, 6));
        assert_eq!(found[1].passage, Passage::Fleet);
        let Drawn::Markers(ends) = &found[1].drawn else {
            panic!("markers: {found:?}")
        };
        for (m, (own, other)) in ends.iter().zip([(0, 6), (6, 0)]) {
            assert_eq!(m.area, own);
            assert_eq!(m.label, am.areas[other].name);
            let (tail, _) = m.stub;
            assert!(patterns::contains(
                &f32s(&shapes[own]),
                tail.0 as f32,
                tail.1 as f32
            ));
        }
        // The same board, the same markers.
        assert_eq!(found, connections(&am, &shapes, &printed, 1.0));
    }

    #[test]
    fn derived_shapes_cover_their_positions() {
        let game = testing::with_area_map();
        let MapKind::Area(am) = &game.maps[1].kind else {
            panic!()
        };
        let sh = shapes_around(am, &layouts(&game, am));
        for (i, a) in am.areas.iter().enumerate() {
            if a.within.is_some() {
                assert!(sh[i].is_empty());
                continue;
            }
            let poly = f32s(&sh[i]);
            let (x, y) = match a.position {
                Some(p) => p,
                None => voronoi::centroid(&a.outline),
            };
            assert!(patterns::contains(&poly, x as f32, y as f32), "{}", a.id);
        }
    }
}
