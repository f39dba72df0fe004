//! The ground of a hex map: each hex filled with its terrain's colour, then the patterns of
//! its terrain and of the features drawn as patterns (a fortified line).

use super::Ctx;
use crate::emit::art::canvas::Canvas;
use crate::emit::art::canvas::Rgba;
use crate::emit::art::patterns::{self, Pattern};
use crate::layout::cartouche;
use crate::model::TerrainKind;

pub(super) fn terrain(c: &mut Canvas, cx: &Ctx) {
    // Every hex is the same shape around a centre on a whole pixel, so each terrain colour's
    // hex is painted once (a sprite) and laid wherever a hex has that colour.
    let reach = cx.radius() + 0.5;
    for h in cx.geo.coords() {
        let colour = Rgba::of(cx.terrain(h).colour);
        let key = (
            "hex fill",
            [colour.packed(), cx.dy.to_bits(), cx.turned(), 0],
        );
        c.sprite(key, cx.centre(h), reach, |c, x, y| {
            // Filled half a pixel beyond its sides: the anti-aliased edges of two
            // neighbours would otherwise let the paper show through along the side they
            // share.
            c.fill_poly(&grown((x, y), &cx.corners_at((x, y)), 0.5), colour);
        });
    }
    for h in cx.geo.coords() {
        let hex = cx.hm.hex(h);
        let seed = patterns::hash(i64::from(h.col), i64::from(h.row));
        let centre = cx.centre(h);
        let k = cx.corners(h);
        let base = Rgba::of(cx.game.terrain[hex.terrain].colour);
        let mut pats: Vec<(Pattern, Rgba)> = Vec::new();
        for t in std::iter::once(hex.terrain).chain(hex.features.iter().copied()) {
            // A feature with a pattern (a fortified line) is drawn as it, in its own colour;
            // one without is a symbol (`places`).
            let feature = cx.game.terrain[t].kind == TerrainKind::Feature;
            if feature && !cartouche::feature_drawn_as_pattern(cx.game, t) {
                continue;
            }
            let t = &cx.game.terrain[t];
            let ink = if feature { Rgba::of(t.colour) } else { base };
            if let Some(p) = Pattern::parse(t.pattern.as_deref()) {
                if !pats.iter().any(|(q, _)| *q == p) {
                    pats.push((p, ink));
                }
            }
        }
        for (p, ink) in pats {
            patterns::fill_hex(c, p, centre, &k, cx.dy, ink, seed);
        }
    }
}

/// A convex polygon around `centre` grown so that each side moves out by at least `by`.
fn grown(centre: (f32, f32), corners: &[(f32, f32)], by: f32) -> Vec<(f32, f32)> {
    // The nearest side sets the scale: sides move out in proportion to their distance.
    let apothem = corners
        .iter()
        .zip(corners.iter().cycle().skip(1))
        .map(|(a, b)| {
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            (mx - centre.0).hypot(my - centre.1)
        })
        .fold(f32::INFINITY, f32::min);
    if !(apothem.is_finite() && apothem > 0.0) {
        return corners.to_vec();
    }
    let k = 1.0 + by / apothem;
    corners
        .iter()
        .map(|&(x, y)| (centre.0 + (x - centre.0) * k, centre.1 + (y - centre.1) * k))
        .collect()
}
