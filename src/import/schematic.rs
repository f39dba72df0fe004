//! A schematic picture of a board known only by its adjacency: a position for every area,
//! laid out by a force-directed layout (neighbours pull, everything pushes), so that an
//! imported board can be checked, drawn and built at once. Its real geography replaces it
//! (`sandtable geo`). Deterministic: fixed start, fixed number of rounds.

/// Positions in a `width` × `height` picture for `n` nodes joined by `edges`.
pub fn layout(n: usize, edges: &[(usize, usize)], width: f64, height: f64) -> Vec<[f64; 2]> {
    if n == 0 {
        return Vec::new();
    }
    // Start on a spiral (the golden angle spreads the nodes evenly).
    let mut pos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let r = (i as f64 + 0.5).sqrt() / (n as f64).sqrt();
            let a = i as f64 * 2.399_963_229_728_653;
            (0.5 + 0.45 * r * a.cos(), 0.5 + 0.45 * r * a.sin())
        })
        .collect();
    let k = (1.0 / n as f64).sqrt();
    let rounds = 300;
    for round in 0..rounds {
        let t = 0.1 * (1.0 - round as f64 / rounds as f64) + 0.002;
        let mut push = vec![(0.0f64, 0.0f64); n];
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let d2 = (dx * dx + dy * dy).max(1e-6);
                let f = k * k / d2;
                push[i].0 += dx * f;
                push[i].1 += dy * f;
                push[j].0 -= dx * f;
                push[j].1 -= dy * f;
            }
        }
        for &(a, b) in edges {
            if a >= n || b >= n || a == b {
                continue;
            }
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (dx * dx + dy * dy).sqrt().max(1e-6);
            let f = d / k;
            push[a].0 -= dx * f;
            push[a].1 -= dy * f;
            push[b].0 += dx * f;
            push[b].1 += dy * f;
        }
        for (p, (fx, fy)) in pos.iter_mut().zip(push) {
            let len = (fx * fx + fy * fy).sqrt().max(1e-9);
            let step = len.min(t);
            p.0 = (p.0 + fx / len * step).clamp(0.0, 1.0);
            p.1 = (p.1 + fy / len * step).clamp(0.0, 1.0);
        }
    }
    let margin = 60.0;
    pos.iter()
        .map(|(x, y)| {
            [
                (margin + x * (width - 2.0 * margin)).round(),
                (margin + y * (height - 2.0 * margin)).round(),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_end_nearer_than_strangers_and_inside_the_picture() {
        // A ring of 12: each node's neighbours are nearer than the node opposite.
        let edges: Vec<(usize, usize)> = (0..12).map(|i| (i, (i + 1) % 12)).collect();
        let p = layout(12, &edges, 800.0, 600.0);
        let d =
            |a: usize, b: usize| ((p[a][0] - p[b][0]).powi(2) + (p[a][1] - p[b][1]).powi(2)).sqrt();
        for i in 0..12 {
            assert!(d(i, (i + 1) % 12) < d(i, (i + 6) % 12), "{i}: {p:?}");
            assert!((0.0..=800.0).contains(&p[i][0]) && (0.0..=600.0).contains(&p[i][1]));
        }
        assert_eq!(p, layout(12, &edges, 800.0, 600.0));
    }
}
