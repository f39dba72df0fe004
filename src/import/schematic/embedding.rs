//! Where the provinces of a board go, from their distances on the board (the fewest moves
//! between two, or the lengths their labels need along each border): classical
//! multidimensional scaling for a start (flat, or on a sphere unrolled onto the plane for a
//! board that closes on itself), stress majorization to refine it, and the result turned
//! so that its long side is horizontal. Steps 1 and 3 of the layout (see [`super`]).

use std::collections::BTreeSet;

/// The number of moves between every two provinces (row-major `n × n`), a pair in
/// different parts of the board counted one more than the longest distance there is.
pub(super) fn hops(adjacent: &[BTreeSet<usize>]) -> Vec<f64> {
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
pub(super) fn shortest(n: usize, edges: &[(usize, usize, f64)]) -> Vec<f64> {
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
pub(super) fn classical(d: &[f64], n: usize) -> Vec<[f64; 2]> {
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
pub(super) fn sphere(d: &[f64], n: usize) -> Vec<[f64; 2]> {
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
pub(super) fn stress(pos: &mut [[f64; 2]], d: &[f64], rounds: usize) {
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
pub(super) fn level(pos: &mut [[f64; 2]]) {
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
