//! A schematic picture of a board known only by its adjacency: a position for every
//! province (and for the fleet box of each split coast) and the picture's size, so that an
//! imported board can be checked, drawn, built and played at once. Its real geography
//! replaces it (`sandtable geo`).
//!
//! How it is laid out:
//!
//! 1. **Embedding.** Provinces are placed so that their distances on the picture follow
//!    their distances on the board (the fewest moves between them): classical
//!    multidimensional scaling gives a deterministic start, stress majorization (Gansner,
//!    Koren and North's localized update, weights `d⁻²`) refines it. Boards are maps, so this
//!    unfolds them roughly flat, neighbours beside each other. A board that closes on
//!    itself (a world whose east and west meet, lands about both poles) folds over itself
//!    from a flat start, so a second start is tried: the scaling in three dimensions put
//!    on a sphere and unrolled onto the plane by a stereographic projection from its
//!    emptiest side; of the two, the layout that draws more borders is kept. The picture
//!    is turned so that its long side is horizontal.
//! 2. **Room for what is printed.** Each province reserves the rectangle its label needs as
//!    the map art lays it out (`layout/area.rs`: the name in bold 15 px with its
//!    supply-centre star, the Open slot below it a counter fits in, a box for the fleet of
//!    each split coast, in a row above or below on the side its seas lie), measured with
//!    the embedded font.
//! 3. **Sizes from the rectangles.** The board's edges are given the length two
//!    neighbouring rectangles need side by side; the embedding is redone on those lengths,
//!    so a large board gets a large picture and a small one a small picture.
//! 4. **Every label in its cell.** The map art draws each province as the Voronoi cell of
//!    its position. A rectangle lies inside its cell when, for every other province, it
//!    lies on its own side of the line halfway between the two positions. Pairs that break
//!    this are pushed apart until none does (spreading the whole picture a little where
//!    pushing alone does not settle), so no label, slot or fleet box crosses a border.
//! 5. **Neighbours touching.** The map art draws the cells of the positions' Voronoi
//!    diagram, so two bordering provinces show a border when their positions are
//!    neighbours in its dual, the Delaunay triangulation (`delaunator`), with a Voronoi edge
//!    long enough to see. For each border not drawn, the provinces standing between the
//!    two step aside and the two step towards each other (the picture may grow by half for
//!    it); then two provinces whose cells meet change places wherever that draws more
//!    borders (a province left on the wrong side of a fold), and the first step again.
//!    Step 4 holds throughout.
//! 6. **Frame.** The picture is the rectangles' extent plus a margin (wider at the top,
//!    where the map's title goes); nothing is clamped to the frame, so no cell is a sliver
//!    along it.
//!
//! Deterministic: no randomness, fixed numbers of rounds, index order throughout; the
//! same board gives the same bytes.

use std::collections::{BTreeMap, BTreeSet};

use ab_glyph::{Font as _, FontRef};
use delaunator::{next_halfedge, triangulate, Point, EMPTY};

/// What the layout needs to know of a province.
#[derive(Debug, Clone, Default)]
pub struct Province {
    /// The name printed on it.
    pub name: String,
    /// Whether it is a supply centre (a star beside its name).
    pub supply_centre: bool,
    /// For each split coast, in order, the provinces a fleet there borders (indices).
    pub coasts: Vec<Vec<usize>>,
}

/// A laid-out board.
#[derive(Debug, Clone, PartialEq)]
pub struct Schematic {
    /// The picture's width and height in pixels.
    pub size: (u32, u32),
    /// Each province's position (the centre of its label and Open slot), whole pixels.
    pub positions: Vec<[f64; 2]>,
    /// For each province, the centre of each split coast's fleet box, whole pixels.
    pub coasts: Vec<Vec<[f64; 2]>>,
}

// The map art's measures at the default counter size of 60 px (`layout/area.rs`, scale 1):
// the name's em size and cap height, a slot's side (a counter and 6 px), the gap between
// things, the Open slot's and a coast box's widths, and the supply-centre star's reach to
// the right of the name (a home centre's star, the larger, is centred 9 px beyond the
// name's end with a radius of 8 px).
const NAME_SIZE: f64 = 15.0;
const CAP: f64 = NAME_SIZE * 0.729;
const SLOT: f64 = 66.0;
const GAP: f64 = 5.0;
const OPEN_WIDTH: f64 = SLOT * 1.6;
const COAST_WIDTH: f64 = SLOT * 1.2;
const STAR: f64 = 17.0;
/// Room around the label and slots inside the cell: the art's 3 px around an area's
/// bounds, the name's halo and a line's width to spare.
const PAD: f64 = 6.0;
/// Each rectangle keeps this far from the border line between two cells.
const CLEARANCE: f64 = 4.0;
/// The picture's margin around the rectangles, and the strip at the top for the title.
const MARGIN: f64 = 24.0;
const TITLE_STRIP: f64 = 48.0;
/// The narrowest picture (the title's cartouche fits).
const MIN_WIDTH: f64 = 640.0;
const MIN_HEIGHT: f64 = 360.0;

/// The width of a name in the art's bold face at [`NAME_SIZE`] (kerned advances, as the
/// art measures it), from the embedded DejaVu Sans Bold.
fn name_width(text: &str) -> f64 {
    let Some(font) = crate::load::shared_art("fonts/DejaVuSans-Bold.ttf")
        .and_then(|bytes| FontRef::try_from_slice(bytes).ok())
    else {
        // The font is embedded in the binary; a rough width keeps the layout working.
        return text.chars().count() as f64 * NAME_SIZE * 0.75;
    };
    let scale = NAME_SIZE / f64::from(font.units_per_em().unwrap_or(2048.0));
    let mut width = 0.0;
    let mut prev = None;
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if let Some(p) = prev {
            width += f64::from(font.kern_unscaled(p, id)) * scale;
        }
        width += f64::from(font.h_advance_unscaled(id)) * scale;
        prev = Some(id);
    }
    width
}

/// The rectangle a province reserves around its position: `[left, top, right, bottom]`
/// (left and top negative), and the offsets of its coasts' fleet boxes.
#[derive(Debug, Clone, PartialEq)]
struct Block {
    extent: [f64; 4],
    coasts: Vec<[f64; 2]>,
}

impl Block {
    /// How far the rectangle reaches from the position in the direction `u` (a unit vector).
    fn reach(&self, u: [f64; 2]) -> f64 {
        let [l, t, r, b] = self.extent;
        (u[0] * l).max(u[0] * r) + (u[1] * t).max(u[1] * b)
    }
}

/// The block of a province whose coasts' seas lie in the directions `towards` (one per
/// coast; a coast whose seas lie above goes in a row above the name, the others below,
/// each row ordered left to right as its seas are).
fn block(p: &Province, towards: &[[f64; 2]]) -> Block {
    let label = name_width(&p.name) / 2.0 + if p.supply_centre { STAR } else { 0.0 };
    // The name and the Open slot, centred on the position as the art centres them.
    let core = CAP + 1.5 * GAP + SLOT;
    let mut half_width = label.max(OPEN_WIDTH / 2.0);
    let (mut above, mut below): (Vec<usize>, Vec<usize>) =
        (0..p.coasts.len()).partition(|&c| towards.get(c).is_some_and(|d| d[1] < 0.0));
    let by_x = |c: &usize| towards.get(*c).map_or(0.0, |d| d[0]);
    above.sort_by(|a, b| by_x(a).total_cmp(&by_x(b)).then(a.cmp(b)));
    below.sort_by(|a, b| by_x(a).total_cmp(&by_x(b)).then(a.cmp(b)));
    let mut coasts = vec![[0.0, 0.0]; p.coasts.len()];
    let row_y = core / 2.0 + 1.5 * GAP + SLOT / 2.0;
    for (row, y) in [(&above, -row_y), (&below, row_y)] {
        let n = row.len() as f64;
        let width = n * COAST_WIDTH + (n - 1.0).max(0.0) * GAP;
        half_width = half_width.max(width / 2.0);
        for (k, &c) in row.iter().enumerate() {
            coasts[c] = [
                -width / 2.0 + COAST_WIDTH / 2.0 + k as f64 * (COAST_WIDTH + GAP),
                y,
            ];
        }
    }
    let extra = 1.5 * GAP + SLOT;
    let top = core / 2.0 + if above.is_empty() { 0.0 } else { extra };
    let bottom = core / 2.0 + if below.is_empty() { 0.0 } else { extra };
    // Symmetric across: the art keeps an area's bounds symmetric about its position.
    Block {
        extent: [
            -half_width - PAD,
            -top - PAD,
            half_width + PAD,
            bottom + PAD,
        ],
        coasts,
    }
}

/// The number of moves between every two provinces (row-major `n × n`), a pair in
/// different parts of the board counted one more than the longest distance there is.
fn hops(adjacent: &[BTreeSet<usize>]) -> Vec<f64> {
    let n = adjacent.len();
    let mut d = vec![f64::INFINITY; n * n];
    let mut queue = std::collections::VecDeque::new();
    for s in 0..n {
        d[s * n + s] = 0.0;
        queue.push_back(s);
        while let Some(a) = queue.pop_front() {
            for &b in &adjacent[a] {
                if d[s * n + b].is_infinite() {
                    d[s * n + b] = d[s * n + a] + 1.0;
                    queue.push_back(b);
                }
            }
        }
    }
    let longest = d
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(0.0, f64::max);
    for x in &mut d {
        if x.is_infinite() {
            *x = longest + 1.0;
        }
    }
    d
}

/// Shortest paths over edges of the given lengths (Floyd–Warshall; `n × n`, row-major),
/// unreachable pairs a little beyond the longest path there is.
fn shortest(n: usize, edges: &[(usize, usize, f64)]) -> Vec<f64> {
    let mut d = vec![f64::INFINITY; n * n];
    for i in 0..n {
        d[i * n + i] = 0.0;
    }
    for &(a, b, l) in edges {
        d[a * n + b] = d[a * n + b].min(l);
        d[b * n + a] = d[b * n + a].min(l);
    }
    for k in 0..n {
        for i in 0..n {
            let dik = d[i * n + k];
            if dik.is_infinite() {
                continue;
            }
            for j in 0..n {
                let via = dik + d[k * n + j];
                if via < d[i * n + j] {
                    d[i * n + j] = via;
                }
            }
        }
    }
    let longest = d
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(0.0, f64::max);
    let step = edges.iter().map(|e| e.2).fold(0.0, f64::max);
    for x in &mut d {
        if x.is_infinite() {
            *x = longest + step;
        }
    }
    d
}

/// Classical multidimensional scaling: the `k` leading eigenvectors of the doubly centred
/// squared distances (by power iteration from a fixed start), each scaled by its root.
fn axes(d: &[f64], n: usize, k: usize) -> Vec<Vec<f64>> {
    let mut b: Vec<f64> = d.iter().map(|x| -0.5 * x * x).collect();
    let row: Vec<f64> = (0..n)
        .map(|i| b[i * n..(i + 1) * n].iter().sum::<f64>() / n as f64)
        .collect();
    let all = row.iter().sum::<f64>() / n as f64;
    for i in 0..n {
        for j in 0..n {
            b[i * n + j] += all - row[i] - row[j];
        }
    }
    let multiply = |v: &[f64]| -> Vec<f64> {
        (0..n)
            .map(|i| {
                b[i * n..(i + 1) * n]
                    .iter()
                    .zip(v)
                    .map(|(x, y)| x * y)
                    .sum()
            })
            .collect()
    };
    let normalise = |v: &mut Vec<f64>| -> f64 {
        let len = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        if len > 1e-12 {
            v.iter_mut().for_each(|x| *x /= len);
        }
        len
    };
    let mut axes: Vec<(Vec<f64>, f64)> = Vec::new();
    for axis in 0..k {
        // A fixed start that is not symmetric in any obvious way.
        let mut v: Vec<f64> = (0..n)
            .map(|i| ((i * (axis + 2) + 1) as f64 * 0.618_033_988_749_895).fract() - 0.5)
            .collect();
        let mut value = 0.0;
        for _ in 0..200 {
            for (u, _) in &axes {
                let dot: f64 = u.iter().zip(&v).map(|(a, b)| a * b).sum();
                v.iter_mut().zip(u).for_each(|(x, y)| *x -= dot * y);
            }
            normalise(&mut v);
            let mut w = multiply(&v);
            for (u, _) in &axes {
                let dot: f64 = u.iter().zip(&w).map(|(a, b)| a * b).sum();
                w.iter_mut().zip(u).for_each(|(x, y)| *x -= dot * y);
            }
            value = normalise(&mut w);
            v = w;
        }
        axes.push((v, value));
    }
    axes.into_iter()
        .map(|(v, value)| v.into_iter().map(|x| x * value.sqrt()).collect())
        .collect()
}

/// A small fixed spread that keeps provinces at the same spot apart.
fn jitter(i: usize) -> f64 {
    1e-3 * (i as f64 * 0.754_877_666).fract()
}

/// Classical multidimensional scaling in the plane: a start for a board that lies flat.
fn classical(d: &[f64], n: usize) -> Vec<[f64; 2]> {
    let a = axes(d, n, 2);
    (0..n)
        .map(|i| [a[0][i] + jitter(i), a[1][i] - jitter(i)])
        .collect()
}

/// A start for a board that closes on itself (a world whose east and west meet, with
/// lands about both poles), which a flat start folds over itself: classical scaling in
/// three dimensions, each province put on the unit sphere in its direction, and the sphere
/// unrolled onto the plane by a stereographic projection from the emptiest direction (of
/// those opposite a province, the one farthest from every province), scaled to the
/// distances on the board.
fn sphere(d: &[f64], n: usize) -> Vec<[f64; 2]> {
    let a = axes(d, n, 3);
    let dot = |u: [f64; 3], v: [f64; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    let unit = |v: [f64; 3]| {
        let l = dot(v, v).sqrt();
        if l > 1e-12 {
            [v[0] / l, v[1] / l, v[2] / l]
        } else {
            [1.0, 0.0, 0.0]
        }
    };
    let on: Vec<[f64; 3]> = (0..n)
        .map(|i| {
            unit([
                a[0][i] + jitter(i),
                a[1][i] - jitter(i),
                a[2][i] + jitter(i + 1),
            ])
        })
        .collect();
    // The direction whose nearest province is farthest (the largest dot product nearest).
    let closest = |c: [f64; 3]| on.iter().map(|&q| dot(c, q)).fold(f64::MIN, f64::max);
    let pole = on
        .iter()
        .map(|q| [-q[0], -q[1], -q[2]])
        .min_by(|x, y| closest(*x).total_cmp(&closest(*y)))
        .unwrap_or([0.0, 0.0, 1.0]);
    let cross = |u: [f64; 3], v: [f64; 3]| {
        [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ]
    };
    let other = if pole[0].abs() < 0.9 {
        [1.0, 0.0, 0.0]
    } else {
        [0.0, 1.0, 0.0]
    };
    let e1 = unit(cross(pole, other));
    let e2 = cross(pole, e1);
    let mut pos: Vec<[f64; 2]> = on
        .iter()
        .map(|&q| {
            let from = (1.0 - dot(q, pole)).max(1e-6);
            [dot(q, e1) / from, dot(q, e2) / from]
        })
        .collect();
    // Least squares: the scale whose distances best match the board's.
    let (mut num, mut den) = (0.0, 0.0);
    for i in 0..n {
        for j in i + 1..n {
            let e = (pos[i][0] - pos[j][0]).hypot(pos[i][1] - pos[j][1]);
            num += d[i * n + j] * e;
            den += e * e;
        }
    }
    let s = if den > 0.0 { num / den } else { 1.0 };
    for p in &mut pos {
        *p = [p[0] * s, p[1] * s];
    }
    pos
}

/// Stress majorization: each position in turn moved to the weighted mean of where each
/// other province would put it at the wanted distance (weights `d⁻²`), `rounds` sweeps.
fn stress(pos: &mut [[f64; 2]], d: &[f64], rounds: usize) {
    let n = pos.len();
    for _ in 0..rounds {
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                let dij = d[i * n + j];
                if j == i || dij <= 0.0 {
                    continue;
                }
                let w = 1.0 / (dij * dij);
                let (dx, dy) = (pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]);
                let len = (dx * dx + dy * dy).sqrt();
                let (ux, uy) = if len > 1e-9 {
                    (dx / len, dy / len)
                } else {
                    (if i < j { 1.0 } else { -1.0 }, 0.0)
                };
                sx += w * (pos[j][0] + dij * ux);
                sy += w * (pos[j][1] + dij * uy);
                sw += w;
            }
            if sw > 0.0 {
                pos[i] = [sx / sw, sy / sw];
            }
        }
    }
}

/// Turn the positions about their centre so that their long axis is horizontal.
fn level(pos: &mut [[f64; 2]]) {
    let n = pos.len().max(1) as f64;
    let (mx, my) = pos
        .iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p[0] / n, s.1 + p[1] / n));
    let (mut xx, mut yy, mut xy) = (0.0, 0.0, 0.0);
    for p in pos.iter() {
        let (x, y) = (p[0] - mx, p[1] - my);
        xx += x * x;
        yy += y * y;
        xy += x * y;
    }
    let angle = 0.5 * (2.0 * xy).atan2(xx - yy);
    let (s, c) = angle.sin_cos();
    for p in pos.iter_mut() {
        let (x, y) = (p[0] - mx, p[1] - my);
        *p = [x * c + y * s, -x * s + y * c];
    }
}

/// The distance two provinces' positions need for each block to lie on its own side of
/// the line halfway between them, with [`CLEARANCE`] to spare.
fn needed(a: &Block, b: &Block, u: [f64; 2]) -> f64 {
    2.0 * (a.reach(u).max(b.reach([-u[0], -u[1]])) + CLEARANCE)
}

fn direction(from: [f64; 2], to: [f64; 2], i: usize, j: usize) -> ([f64; 2], f64) {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let len = (dx * dx + dy * dy).sqrt();
    if len > 1e-9 {
        ([dx / len, dy / len], len)
    } else if i < j {
        ([1.0, 0.0], len)
    } else {
        ([-1.0, 0.0], len)
    }
}

/// Push apart every pair of provinces closer than their blocks need, until none is;
/// every 40 rounds without settling, the whole picture spreads by a tenth.
fn separate(pos: &mut [[f64; 2]], blocks: &[Block]) {
    let n = pos.len();
    for round in 0.. {
        let mut moved = vec![[0.0f64; 2]; n];
        let mut any = false;
        for i in 0..n {
            for j in i + 1..n {
                let (u, len) = direction(pos[i], pos[j], i, j);
                let need = needed(&blocks[i], &blocks[j], u);
                if len >= need {
                    continue;
                }
                any = true;
                // A little beyond, so that pairs settle rather than creep.
                let push = (need - len) / 2.0 + 0.5;
                moved[i][0] -= u[0] * push;
                moved[i][1] -= u[1] * push;
                moved[j][0] += u[0] * push;
                moved[j][1] += u[1] * push;
            }
        }
        if !any {
            return;
        }
        for (p, m) in pos.iter_mut().zip(&moved) {
            p[0] += m[0] * 0.5;
            p[1] += m[1] * 0.5;
        }
        if round % 40 == 39 {
            for p in pos.iter_mut() {
                p[0] *= 1.1;
                p[1] *= 1.1;
            }
        }
    }
}

/// Whether `k` stands within `slack` pixels of the circle whose diameter joins `a` and `b`
/// (outside it, `a` and `b` are Gabriel neighbours as far as `k` goes: their Voronoi
/// cells share a border through the midpoint, a stretch of it about `slack` long).
fn intrudes(a: [f64; 2], b: [f64; 2], k: [f64; 2], slack: f64) -> Option<(f64, [f64; 2])> {
    let m = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
    let r = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt() / 2.0;
    let (dx, dy) = (k[0] - m[0], k[1] - m[1]);
    let d = (dx * dx + dy * dy).sqrt();
    if d >= r + slack {
        return None;
    }
    // Out from the midpoint; straight across the line `a b` if `k` is on it.
    let u = if d > 1e-9 {
        [dx / d, dy / d]
    } else {
        let (ex, ey) = (b[0] - a[0], b[1] - a[1]);
        let l = (ex * ex + ey * ey).sqrt().max(1e-9);
        [-ey / l, ex / l]
    };
    Some((r + slack - d, u))
}

/// The centre of the circle through three points (far off along the perpendicular when
/// they are nearly in a line).
fn circumcentre(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> [f64; 2] {
    let (bx, by) = (b[0] - a[0], b[1] - a[1]);
    let (cx, cy) = (c[0] - a[0], c[1] - a[1]);
    let d = 2.0 * (bx * cy - by * cx);
    let d = if d.abs() < 1e-9 {
        1e-9_f64.copysign(d)
    } else {
        d
    };
    let (b2, c2) = (bx * bx + by * by, cx * cx + cy * cy);
    [
        a[0] + (cy * b2 - by * c2) / d,
        a[1] + (bx * c2 - cx * b2) / d,
    ]
}

/// The length of the border each two provinces' cells share in the Voronoi diagram of
/// `pos`, by pair (smaller index first), for the pairs whose cells meet: the Voronoi edge
/// dual to their Delaunay edge, between the circumcentres of the triangles on either side;
/// on the outside of the board, from the inner triangle's circumcentre out to `beyond`
/// past the edge (the art draws the outer cells out to about there).
fn drawn_borders(pos: &[[f64; 2]], beyond: f64) -> BTreeMap<(usize, usize), f64> {
    let points: Vec<Point> = pos.iter().map(|p| Point { x: p[0], y: p[1] }).collect();
    let t = triangulate(&points);
    let corner = |e: usize| pos[t.triangles[e]];
    let centre = |e: usize| {
        let first = e - e % 3;
        circumcentre(corner(first), corner(first + 1), corner(first + 2))
    };
    let mut out = BTreeMap::new();
    for e in 0..t.triangles.len() {
        let (a, b) = (t.triangles[e], t.triangles[next_halfedge(e)]);
        let across = t.halfedges[e];
        let length = if across == EMPTY {
            // How far inside the edge the inner circumcentre lies (towards the third corner).
            let (p, q, r) = (pos[a], pos[b], corner(next_halfedge(next_halfedge(e))));
            let (ex, ey) = (q[0] - p[0], q[1] - p[1]);
            let len = ex.hypot(ey).max(1e-9);
            let mut normal = [-ey / len, ex / len];
            if normal[0] * (r[0] - p[0]) + normal[1] * (r[1] - p[1]) < 0.0 {
                normal = [-normal[0], -normal[1]];
            }
            let c = centre(e);
            let m = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
            let depth = normal[0] * (c[0] - m[0]) + normal[1] * (c[1] - m[1]);
            (depth + beyond).max(0.0)
        } else if e < across {
            let (c, d) = (centre(e), centre(across));
            (c[0] - d[0]).hypot(c[1] - d[1])
        } else {
            continue;
        };
        out.insert((a.min(b), a.max(b)), length);
    }
    out
}

/// The median distance from a province to the nearest other.
fn spacing(pos: &[[f64; 2]]) -> f64 {
    let mut nearest: Vec<f64> = (0..pos.len())
        .map(|i| {
            (0..pos.len())
                .filter(|&j| j != i)
                .map(|j| (pos[i][0] - pos[j][0]).hypot(pos[i][1] - pos[j][1]))
                .fold(f64::INFINITY, f64::min)
        })
        .filter(|d| d.is_finite())
        .collect();
    nearest.sort_by(f64::total_cmp);
    nearest.get(nearest.len() / 2).copied().unwrap_or(0.0)
}

/// How many rounds [`bring_into_contact`] takes at most.
const CONTACT_ROUNDS: usize = 40;
/// How much the picture may grow to bring borders into contact (its area, times).
const GROWTH: f64 = 1.5;
/// How many passes [`exchange_places`] makes at most.
const EXCHANGE_SWEEPS: usize = 3;

/// The border a pair needs on the layout to count as touching: longer than the art's
/// test of a border seen, for the art's clipping of the outer cells to take some off.
const CONTACT: f64 = 24.0;

/// The bordering pairs whose cells share a border of at least [`CONTACT`].
fn in_contact(pos: &[[f64; 2]], borders: &[(usize, usize)]) -> Vec<bool> {
    let drawn = drawn_borders(pos, spacing(pos) * 0.5);
    borders
        .iter()
        .map(|p| drawn.get(p).is_some_and(|&l| l >= CONTACT))
        .collect()
}

/// Bring bordering provinces into contact: for each border not drawn (its cells share
/// less than [`CONTACT`]), every province standing in the circle on the border's line
/// steps out of it and the two bordering ones step towards each other (never nearer than
/// their blocks need); then [`separate`] again. At most `rounds` rounds, stopping once the
/// picture would grow by more than [`GROWTH`]; the round with the most borders drawn is
/// kept.
fn bring_into_contact(
    pos: &mut Vec<[f64; 2]>,
    blocks: &[Block],
    borders: &[(usize, usize)],
    rounds: usize,
) {
    const SLACK: f64 = 12.0;
    let n = pos.len();
    if n < 3 {
        return;
    }
    let area = |pos: &[[f64; 2]]| {
        let (x0, y0, x1, y1) = extent(pos, blocks);
        (x1 - x0) * (y1 - y0)
    };
    let most = GROWTH * area(pos);
    let count = |c: &[bool]| c.iter().filter(|&&x| x).count();
    let mut contact = in_contact(pos, borders);
    let mut best = (count(&contact), pos.clone());
    for _ in 0..rounds {
        let mut moved = vec![[0.0f64; 2]; n];
        for (e, &(a, b)) in borders.iter().enumerate() {
            if contact[e] {
                continue;
            }
            for k in (0..n).filter(|&k| k != a && k != b) {
                if let Some((depth, u)) = intrudes(pos[a], pos[b], pos[k], SLACK) {
                    moved[k][0] += u[0] * depth * 0.5;
                    moved[k][1] += u[1] * depth * 0.5;
                }
            }
            let (u, len) = direction(pos[a], pos[b], a, b);
            let spare = (len - needed(&blocks[a], &blocks[b], u)).max(0.0);
            let step = spare * 0.25;
            moved[a][0] += u[0] * step;
            moved[a][1] += u[1] * step;
            moved[b][0] -= u[0] * step;
            moved[b][1] -= u[1] * step;
        }
        for (p, m) in pos.iter_mut().zip(&moved) {
            p[0] += m[0] * 0.5;
            p[1] += m[1] * 0.5;
        }
        separate(pos, blocks);
        if area(pos) > most {
            break;
        }
        contact = in_contact(pos, borders);
        let now = count(&contact);
        if now > best.0 {
            best = (now, pos.clone());
        }
    }
    *pos = best.1;
}

/// Whether province `v`'s block keeps clear of every other's at their positions.
fn fits(pos: &[[f64; 2]], blocks: &[Block], v: usize) -> bool {
    (0..pos.len()).filter(|&k| k != v).all(|k| {
        let (u, len) = direction(pos[v], pos[k], v, k);
        len >= needed(&blocks[v], &blocks[k], u)
    })
}

/// Exchange the places of two provinces whose cells meet wherever that draws more borders
/// (a province left on the wrong side of a fold of the embedding, its neighbours beyond a
/// stranger, changes place with the stranger), as long as both blocks still fit; `sweeps`
/// passes over the provinces with a border not drawn, each pair tried in index order,
/// stopping after a pass that changes nothing. Whether any pair changed places.
fn exchange_places(
    pos: &mut [[f64; 2]],
    blocks: &[Block],
    borders: &[(usize, usize)],
    sweeps: usize,
) -> bool {
    let n = pos.len();
    if n < 3 {
        return false;
    }
    let mut around: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for &(a, b) in borders {
        around[a].push((a, b));
        around[b].push((a, b));
    }
    let mut any = false;
    for _ in 0..sweeps {
        // Exchanging two provinces leaves the places, and so the cells, as they are: the
        // cells' borders are measured once a pass, by place (`place[province]`, and
        // `who[place]`, the province there).
        let drawn = drawn_borders(pos, spacing(pos) * 0.5);
        let mut place: Vec<usize> = (0..n).collect();
        let mut who: Vec<usize> = (0..n).collect();
        let shown = |place: &[usize], (a, b): (usize, usize)| {
            let (p, q) = (place[a], place[b]);
            drawn
                .get(&(p.min(q), p.max(q)))
                .is_some_and(|&l| l >= CONTACT)
        };
        let wanting: Vec<bool> = (0..n)
            .map(|v| around[v].iter().any(|&e| !shown(&place, e)))
            .collect();
        let mut changed = false;
        for (&(p, q), &length) in &drawn {
            let (v, w) = (who[p], who[q]);
            if length <= 0.0 || (!wanting[v] && !wanting[w]) {
                continue;
            }
            let between = (v.min(w), v.max(w));
            let touched: Vec<(usize, usize)> = around[v]
                .iter()
                .chain(around[w].iter().filter(|&&e| e != between))
                .copied()
                .collect();
            let before = touched.iter().filter(|&&e| shown(&place, e)).count();
            place.swap(v, w);
            who.swap(p, q);
            pos.swap(v, w);
            if fits(pos, blocks, v) && fits(pos, blocks, w) {
                let after = touched.iter().filter(|&&e| shown(&place, e)).count();
                if after > before {
                    changed = true;
                    any = true;
                    continue;
                }
            }
            place.swap(v, w);
            who.swap(p, q);
            pos.swap(v, w);
        }
        if !changed {
            break;
        }
    }
    any
}

/// The rectangle the blocks cover: `(left, top, right, bottom)`, all zero for none.
fn extent(pos: &[[f64; 2]], blocks: &[Block]) -> (f64, f64, f64, f64) {
    if pos.is_empty() {
        return (0.0, 0.0, 0.0, 0.0);
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (p, b) in pos.iter().zip(blocks) {
        x0 = x0.min(p[0] + b.extent[0]);
        y0 = y0.min(p[1] + b.extent[1]);
        x1 = x1.max(p[0] + b.extent[2]);
        y1 = y1.max(p[1] + b.extent[3]);
    }
    (x0, y0, x1, y1)
}

/// The schematic layout of `provinces` joined by `edges` (pairs of indices, either order,
/// repeats ignored).
/// From a start, the positions and blocks of every province: the embedding refined on the
/// board's distances, blocks sized, the embedding again on the lengths the blocks need,
/// pairs separated and borders brought into contact.
fn settle(
    provinces: &[Province],
    adjacent: &[BTreeSet<usize>],
    borders: &[(usize, usize)],
    hop: &[f64],
    start: Vec<[f64; 2]>,
) -> (Vec<[f64; 2]>, Vec<Block>) {
    let n = provinces.len();
    let mut pos = start;
    if n > 1 {
        stress(&mut pos, hop, 60);
    }
    level(&mut pos);
    // Which way each coast's seas lie decides where its box goes.
    let blocks: Vec<Block> = provinces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let towards: Vec<[f64; 2]> = p
                .coasts
                .iter()
                .map(|seas| {
                    let seas: Vec<&usize> = seas.iter().filter(|&&s| s < n && s != i).collect();
                    let k = seas.len().max(1) as f64;
                    seas.iter().fold([0.0, 0.0], |s, &&j| {
                        [
                            s[0] + (pos[j][0] - pos[i][0]) / k,
                            s[1] + (pos[j][1] - pos[i][1]) / k,
                        ]
                    })
                })
                .collect();
            block(p, &towards)
        })
        .collect();

    // The embedding again, on the lengths the blocks need along each border.
    if n > 1 {
        let lengths: Vec<(usize, usize, f64)> = (0..n)
            .flat_map(|a| adjacent[a].iter().map(move |&b| (a, b)))
            .filter(|(a, b)| a < b)
            .map(|(a, b)| {
                let (u, _) = direction(pos[a], pos[b], a, b);
                (a, b, needed(&blocks[a], &blocks[b], u))
            })
            .collect();
        let d = shortest(n, &lengths);
        // Scale the first embedding to the new lengths, then refine.
        let (mut num, mut den) = (0.0, 0.0);
        for k in 0..n * n {
            if hop[k] > 0.0 {
                num += d[k] / hop[k];
                den += 1.0;
            }
        }
        let s = if den > 0.0 { num / den } else { 1.0 };
        for p in &mut pos {
            *p = [p[0] * s, p[1] * s];
        }
        stress(&mut pos, &d, 60);
    }
    separate(&mut pos, &blocks);
    bring_into_contact(&mut pos, &blocks, borders, CONTACT_ROUNDS);
    if exchange_places(&mut pos, &blocks, borders, EXCHANGE_SWEEPS) {
        bring_into_contact(&mut pos, &blocks, borders, CONTACT_ROUNDS);
    }
    (pos, blocks)
}

pub fn layout(provinces: &[Province], edges: &[(usize, usize)]) -> Schematic {
    let n = provinces.len();
    let mut adjacent = vec![BTreeSet::new(); n];
    for &(a, b) in edges {
        if a < n && b < n && a != b {
            adjacent[a].insert(b);
            adjacent[b].insert(a);
        }
    }
    let borders: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| adjacent[a].iter().map(move |&b| (a, b)))
        .filter(|(a, b)| a < b)
        .collect();
    let hop = hops(&adjacent);
    // A flat start and, for a board that may close on itself, one unrolled from a sphere:
    // the one that draws more borders is kept (the flat one where they draw as many).
    let mut starts = vec![if n > 1 {
        classical(&hop, n)
    } else {
        vec![[0.0, 0.0]; n]
    }];
    if n >= 4 {
        starts.push(sphere(&hop, n));
    }
    let mut best: Option<(usize, Vec<[f64; 2]>, Vec<Block>)> = None;
    for start in starts {
        let (pos, blocks) = settle(provinces, &adjacent, &borders, &hop, start);
        let drawn = in_contact(&pos, &borders).iter().filter(|&&x| x).count();
        if best.as_ref().is_none_or(|b| drawn > b.0) {
            best = Some((drawn, pos, blocks));
        }
    }
    let (_, pos, blocks) = best.unwrap_or_default();

    // The frame: the blocks' extent and a margin, the title's strip above.
    let (x0, y0, x1, y1) = extent(&pos, &blocks);
    let width = (x1 - x0 + 2.0 * MARGIN).max(MIN_WIDTH).ceil();
    let height = (y1 - y0 + 2.0 * MARGIN + TITLE_STRIP)
        .max(MIN_HEIGHT)
        .ceil();
    // Centred in a picture larger than the blocks need.
    let dx = (width - (x1 - x0)) / 2.0 - x0;
    let dy = TITLE_STRIP + (height - TITLE_STRIP - (y1 - y0)) / 2.0 - y0;
    let positions: Vec<[f64; 2]> = pos
        .iter()
        .map(|p| [(p[0] + dx).round(), (p[1] + dy).round()])
        .collect();
    let coasts = positions
        .iter()
        .zip(&blocks)
        .map(|(p, b)| {
            b.coasts
                .iter()
                .map(|c| [(p[0] + c[0]).round(), (p[1] + c[1]).round()])
                .collect()
        })
        .collect();
    Schematic {
        size: (width as u32, height as u32),
        positions,
        coasts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn named(n: usize) -> Vec<Province> {
        (0..n)
            .map(|i| Province {
                name: format!("Province {i}"),
                supply_centre: i % 3 == 0,
                coasts: Vec::new(),
            })
            .collect()
    }

    fn distance(p: &[[f64; 2]], a: usize, b: usize) -> f64 {
        ((p[a][0] - p[b][0]).powi(2) + (p[a][1] - p[b][1]).powi(2)).sqrt()
    }

    /// Every block on its own side of every halfway line (less a pixel for rounding), and
    /// inside the picture.
    fn assert_blocks_fit(provinces: &[Province], s: &Schematic) {
        let (w, h) = (f64::from(s.size.0), f64::from(s.size.1));
        let blocks: Vec<Block> = provinces
            .iter()
            .zip(&s.coasts)
            .map(|(p, c)| {
                let towards: Vec<[f64; 2]> = c.iter().map(|_| [0.0, 1.0]).collect();
                block(p, &towards)
            })
            .collect();
        for (i, p) in s.positions.iter().enumerate() {
            let [l, t, r, b] = blocks[i].extent;
            assert!(p[0] + l >= 0.0 && p[0] + r <= w, "{i} across: {p:?} in {w}");
            assert!(p[1] + t >= 0.0 && p[1] + b <= h, "{i} down: {p:?} in {h}");
            for j in i + 1..s.positions.len() {
                let (u, len) = direction(s.positions[i], s.positions[j], i, j);
                let need = needed(&blocks[i], &blocks[j], u) - 2.0 * CLEARANCE;
                assert!(len + 1.0 >= need, "{i}-{j}: {len} < {need}");
            }
        }
    }

    #[test]
    fn neighbours_end_nearer_than_strangers_and_inside_the_picture() {
        // A ring of 12: each node's neighbours are nearer than the node opposite.
        let edges: Vec<(usize, usize)> = (0..12).map(|i| (i, (i + 1) % 12)).collect();
        let provinces = named(12);
        let s = layout(&provinces, &edges);
        for i in 0..12 {
            let p = &s.positions;
            assert!(
                distance(p, i, (i + 1) % 12) < distance(p, i, (i + 6) % 12),
                "{i}: {p:?}"
            );
        }
        assert_blocks_fit(&provinces, &s);
        assert_eq!(
            s,
            layout(&provinces, &edges),
            "the same board, the same layout"
        );
    }

    #[test]
    fn a_grid_keeps_its_rows_and_columns_and_lies_long_side_across() {
        // 3 rows of 8: a neighbour across a row is nearer than two steps along it, and the
        // picture is wider than tall.
        let (rows, cols) = (3, 8);
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if c + 1 < cols {
                    edges.push((i, i + 1));
                }
                if r + 1 < rows {
                    edges.push((i, i + cols));
                }
            }
        }
        let provinces = named(rows * cols);
        let s = layout(&provinces, &edges);
        assert!(s.size.0 > s.size.1, "{:?}", s.size);
        for &(a, b) in &edges {
            let far = if b == a + 1 {
                (a + 2) % (rows * cols)
            } else {
                a + 2
            };
            if far / cols == a / cols && far != b {
                assert!(distance(&s.positions, a, b) < distance(&s.positions, a, far));
            }
        }
        assert_blocks_fit(&provinces, &s);
    }

    #[test]
    fn larger_boards_get_larger_pictures_and_names_widen_the_room() {
        let ring = |n: usize| -> Vec<(usize, usize)> { (0..n).map(|i| (i, (i + 1) % n)).collect() };
        let small = layout(&named(20), &ring(20));
        let large = layout(&named(200), &ring(200));
        let area = |s: &Schematic| f64::from(s.size.0) * f64::from(s.size.1);
        assert!(
            area(&large) > 5.0 * area(&small),
            "{:?} {:?}",
            large.size,
            small.size
        );
        let long: Vec<Province> = named(20)
            .into_iter()
            .map(|p| Province {
                name: format!("{} of the Eastern Mediterranean", p.name),
                ..p
            })
            .collect();
        assert!(area(&layout(&long, &ring(20))) > area(&small));
    }

    #[test]
    fn a_split_coast_goes_on_the_side_of_its_seas() {
        // Province 0 between a sea above (1) and one below (2), with a coast on each.
        let mut provinces = named(5);
        provinces[0].coasts = vec![vec![1], vec![2]];
        let edges = [(0, 1), (0, 2), (1, 3), (2, 4), (0, 3), (0, 4)];
        let s = layout(&provinces, &edges);
        let p = s.positions[0];
        for (c, sea) in [(0, 1), (1, 2)] {
            let (box_, sea) = (s.coasts[0][c], s.positions[sea]);
            assert!(
                (box_[1] - p[1]).signum() == (sea[1] - p[1]).signum(),
                "coast {c} at {box_:?}, its sea at {sea:?}, the province at {p:?}"
            );
        }
    }

    #[test]
    fn the_border_two_cells_share_runs_between_the_circumcentres() {
        // A square's corners: the cells of two corners side by side share the border down
        // the middle (from the centre out to `beyond` past the square's side); corners
        // across meet only at the centre.
        let pos = [[0.0, 0.0], [100.0, 0.0], [100.0, 100.0], [0.0, 100.0]];
        let drawn = drawn_borders(&pos, 30.0);
        assert!((drawn[&(0, 1)] - 80.0).abs() < 1e-6, "{drawn:?}");
        assert!(drawn
            .get(&(0, 2))
            .or(drawn.get(&(1, 3)))
            .is_none_or(|&l| l < 1e-6));
        // A row of three: the middle one's cell lies between the ends'.
        let row = [[0.0, 0.0], [100.0, 0.0], [200.0, 0.0], [100.0, 90.0]];
        assert!(!drawn_borders(&row, 30.0).contains_key(&(0, 2)));
    }

    /// A board that closes on itself: a band of rows around a world, each province
    /// bordering those beside it (east and west meeting) and above and below, with a pole
    /// bordering the whole of each end row. A flat start folds it; the layout draws more
    /// than half of its borders (80 of 132 when measured).
    #[test]
    fn a_world_closed_on_itself_is_unrolled() {
        let (rows, around) = (5, 12);
        let n = rows * around + 2;
        let (north, south) = (n - 2, n - 1);
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..around {
                let i = r * around + c;
                edges.push((i, r * around + (c + 1) % around));
                if r + 1 < rows {
                    edges.push((i, i + around));
                }
                if r == 0 {
                    edges.push((i, north));
                }
                if r + 1 == rows {
                    edges.push((i, south));
                }
            }
        }
        let provinces = named(n);
        let s = layout(&provinces, &edges);
        let borders: Vec<(usize, usize)> =
            edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        let drawn = in_contact(&s.positions, &borders)
            .iter()
            .filter(|&&x| x)
            .count();
        assert!(
            drawn * 2 > borders.len(),
            "{drawn} of {} borders drawn",
            borders.len()
        );
        assert_blocks_fit(&provinces, &s);
    }

    #[test]
    fn names_are_measured_in_the_art_s_font() {
        // DejaVu Sans Bold: a capital W is wider than a lower-case i.
        assert!(name_width("W") > 2.0 * name_width("i"));
        assert!((name_width("Mid-Atlantic Ocean") - 150.0).abs() < 30.0);
        assert_eq!(name_width(""), 0.0);
    }

    #[test]
    fn no_province_or_one_alone() {
        let empty = layout(&[], &[]);
        assert!(empty.positions.is_empty());
        let one = layout(&named(1), &[]);
        assert_eq!(one.positions.len(), 1);
        assert_blocks_fit(&named(1), &one);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Any board, connected or not: every block fits its cell and the picture.
        #[test]
        fn every_block_fits_on_any_board(
            n in 1usize..40,
            pairs in proptest::collection::vec((0usize..40, 0usize..40), 0..80),
        ) {
            let edges: Vec<(usize, usize)> = pairs.into_iter().filter(|(a, b)| *a < n && *b < n).collect();
            let provinces = named(n);
            let s = layout(&provinces, &edges);
            assert_blocks_fit(&provinces, &s);
        }
    }
}
