//! A schematic picture of a board known only by its adjacency: a position for every
//! province (and for the fleet box of each split coast) and the picture's size, so that an
//! imported board can be checked, drawn, built and played at once. Its real geography
//! replaces it (`sandtable geo`).
//!
//! How it is laid out (each step in the file named):
//!
//! 1. **Embedding** ([`embedding`]). Provinces are placed so that their distances on the
//!    picture follow their distances on the board (the fewest moves between them):
//!    classical multidimensional scaling gives a deterministic start, stress majorization
//!    (Gansner, Koren and North's localized update, weights `d⁻²`) refines it. Boards are
//!    maps, so this unfolds them roughly flat, neighbours beside each other. A board that
//!    closes on itself (a world whose east and west meet, lands about both poles) folds
//!    over itself from a flat start, so a second start is tried: the scaling in three
//!    dimensions put on a sphere and unrolled onto the plane by a stereographic projection
//!    from its emptiest side; of the two, the layout that draws more borders is kept. The
//!    picture is turned so that its long side is horizontal.
//! 2. **Room for what is printed** ([`room`]). Each province reserves the rectangle its
//!    label needs as the map art lays it out (`layout/area.rs`: the name in bold 15 px with
//!    its supply-centre star, the Open slot below it a counter fits in, a box for the fleet
//!    of each split coast, in a row above or below on the side its seas lie), measured with
//!    the embedded font.
//! 3. **Sizes from the rectangles** ([`embedding`] again). The board's edges are given the
//!    length two neighbouring rectangles need side by side; the embedding is redone on
//!    those lengths, so a large board gets a large picture and a small one a small picture.
//! 4. **Every label in its cell** ([`room`]). The map art draws each province as the
//!    Voronoi cell of its position. A rectangle lies inside its cell when, for every other
//!    province, it lies on its own side of the line halfway between the two positions.
//!    Pairs that break this are pushed apart until none does (spreading the whole picture a
//!    little where pushing alone does not settle), so no label, slot or fleet box crosses a
//!    border.
//! 5. **Neighbours touching** ([`contact`]). The map art draws the cells of the positions'
//!    Voronoi diagram, so two bordering provinces show a border when their positions are
//!    neighbours in its dual, the Delaunay triangulation (`delaunator`), with a Voronoi
//!    edge long enough to see. For each border not drawn, the provinces standing between
//!    the two step aside and the two step towards each other (the picture may grow to
//!    twice its area for it, all told); then two provinces whose cells meet change places
//!    wherever that draws more borders (a province left on the wrong side of a fold), and
//!    the first step again, up to four times while changing places draws more. Step 4
//!    holds throughout. Pairs still not drawn touching are joined on the picture by a
//!    connection the map art draws (`emit/art/area_map.rs`): a dashed line, or, where that
//!    line would run across more than a couple of cells (a world folded onto the plane), a
//!    marker in each of the two cells — a short arrow out of it and the other province's
//!    name, as printed world maps mark a move off the sheet (`emit/art/lane_markers.rs`).
//! 6. **Frame** (here, in [`layout`]). The picture is the rectangles' extent plus a margin
//!    (wider at the top, where the map's title goes); nothing is clamped to the frame, so
//!    no cell is a sliver along it.
//!
//! Deterministic: no randomness, fixed numbers of rounds, index order throughout; the same
//! board gives the same bytes.

use std::collections::BTreeSet;

mod contact;
mod embedding;
mod room;

use contact::{
    bring_into_contact, covered, exchange_places, in_contact, CONTACT_PASSES, CONTACT_ROUNDS,
    EXCHANGE_SWEEPS, GROWTH,
};
use embedding::{classical, hops, level, shortest, sphere, stress};
use room::{block, direction, extent, needed, separate, Block};

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

/// The picture's margin around the rectangles, and the strip at the top for the title.
const MARGIN: f64 = 24.0;
const TITLE_STRIP: f64 = 48.0;
/// The narrowest picture (the title's cartouche fits).
const MIN_WIDTH: f64 = 640.0;
const MIN_HEIGHT: f64 = 360.0;

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
    let most = GROWTH * covered(&pos, &blocks);
    bring_into_contact(&mut pos, &blocks, borders, CONTACT_ROUNDS, most);
    for _ in 0..CONTACT_PASSES {
        if !exchange_places(&mut pos, &blocks, borders, EXCHANGE_SWEEPS) {
            break;
        }
        bring_into_contact(&mut pos, &blocks, borders, CONTACT_ROUNDS, most);
    }
    (pos, blocks)
}

/// The schematic layout of `provinces` joined by `edges` (pairs of indices, either order,
/// repeats ignored).
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
    use super::room::CLEARANCE;
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
