//! Bordering provinces brought into contact on the picture: the map art draws each province
//! as the Voronoi cell of its position, so two that border each other show a border only
//! where their cells share an edge long enough to see. The borders each two cells share
//! (from the Delaunay triangulation), provinces stepping aside and towards each other until
//! more borders are drawn, and two provinces changing places where that draws more. Step 5
//! of the layout (see [`super`]).

use std::collections::BTreeMap;

use delaunator::{next_halfedge, triangulate, Point, EMPTY};

use super::room::{direction, extent, fits, needed, separate, Block};

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
pub(super) const CONTACT_ROUNDS: usize = 60;
/// How much the picture may grow, all told, to bring borders into contact (its area,
/// times).
pub(super) const GROWTH: f64 = 2.0;
/// How many passes [`exchange_places`] makes at most.
pub(super) const EXCHANGE_SWEEPS: usize = 4;
/// How many times provinces changing places and borders brought into contact again are
/// repeated at most (while changing places draws more borders).
pub(super) const CONTACT_PASSES: usize = 4;

/// The border a pair needs on the layout to count as touching: longer than the art's
/// test of a border seen, for the art's clipping of the outer cells to take some off.
const CONTACT: f64 = 24.0;

/// The area the blocks cover, in square pixels (their extent's).
pub(super) fn covered(pos: &[[f64; 2]], blocks: &[Block]) -> f64 {
    let (x0, y0, x1, y1) = extent(pos, blocks);
    (x1 - x0) * (y1 - y0)
}

/// The bordering pairs whose cells share a border of at least [`CONTACT`].
pub(super) fn in_contact(pos: &[[f64; 2]], borders: &[(usize, usize)]) -> Vec<bool> {
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
/// blocks would cover more than `most` (an area in square pixels); the round with the most
/// borders drawn is kept.
pub(super) fn bring_into_contact(
    pos: &mut Vec<[f64; 2]>,
    blocks: &[Block],
    borders: &[(usize, usize)],
    rounds: usize,
    most: f64,
) {
    const SLACK: f64 = 12.0;
    let n = pos.len();
    if n < 3 {
        return;
    }
    let area = |pos: &[[f64; 2]]| covered(pos, blocks);
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

/// Exchange the places of two provinces whose cells meet wherever that draws more borders
/// (a province left on the wrong side of a fold of the embedding, its neighbours beyond a
/// stranger, changes place with the stranger), as long as both blocks still fit; `sweeps`
/// passes over the provinces with a border not drawn, each pair tried in index order,
/// stopping after a pass that changes nothing. Whether any pair changed places.
pub(super) fn exchange_places(
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
