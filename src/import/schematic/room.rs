//! The room a province's label needs on the picture, and every label kept inside its own
//! cell: the rectangle each province reserves around its position (its name with the
//! supply-centre star, the Open slot, the fleet box of each split coast), measured as the
//! map art lays it out, and two provinces pushed apart until each rectangle lies on its own
//! side of the line halfway between them. Steps 2 and 4 of the layout (see [`super`]).

use ab_glyph::{Font as _, FontRef};

use super::Province;

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
pub(super) const CLEARANCE: f64 = 4.0;

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
pub(super) struct Block {
    pub(super) extent: [f64; 4],
    pub(super) coasts: Vec<[f64; 2]>,
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
pub(super) fn block(p: &Province, towards: &[[f64; 2]]) -> Block {
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

/// The distance two provinces' positions need for each block to lie on its own side of
/// the line halfway between them, with [`CLEARANCE`] to spare.
pub(super) fn needed(a: &Block, b: &Block, u: [f64; 2]) -> f64 {
    2.0 * (a.reach(u).max(b.reach([-u[0], -u[1]])) + CLEARANCE)
}

pub(super) fn direction(from: [f64; 2], to: [f64; 2], i: usize, j: usize) -> ([f64; 2], f64) {
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
pub(super) fn separate(pos: &mut [[f64; 2]], blocks: &[Block]) {
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

/// Whether province `v`'s block keeps clear of every other's at their positions.
pub(super) fn fits(pos: &[[f64; 2]], blocks: &[Block], v: usize) -> bool {
    (0..pos.len()).filter(|&k| k != v).all(|k| {
        let (u, len) = direction(pos[v], pos[k], v, k);
        len >= needed(&blocks[v], &blocks[k], u)
    })
}

/// The rectangle the blocks cover: `(left, top, right, bottom)`, all zero for none.
pub(super) fn extent(pos: &[[f64; 2]], blocks: &[Block]) -> (f64, f64, f64, f64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_measured_in_the_art_s_font() {
        // DejaVu Sans Bold: a capital W is wider than a lower-case i.
        assert!(name_width("W") > 2.0 * name_width("i"));
        assert!((name_width("Mid-Atlantic Ocean") - 150.0).abs() < 30.0);
        assert_eq!(name_width(""), 0.0);
    }
}
