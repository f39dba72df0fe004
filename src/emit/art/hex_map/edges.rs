//! The labels of a hex map's edges, in the margin beside the hexes they hold: the edge's
//! name with a bar along them, and the sides that trace supply to it in their colour.

use tiny_skia::Transform;

use super::{Ctx, PAPER};
use crate::emit::art::canvas::{Canvas, Rgba};
use crate::emit::art::text::{Align, Face, Font};
use crate::layout::map_margin;
use crate::model::map::PlaceAt;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Border {
    West,
    East,
    North,
    South,
}

pub(super) fn edges(c: &mut Canvas, cx: &Ctx) {
    let Some(mi) = cx.game.maps.iter().position(|m| std::ptr::eq(m, cx.map)) else {
        return;
    };
    let margin = map_margin(cx.dy as u32) as f32;
    let (w, h) = (c.width() as f32, c.height() as f32);
    for (ei, e) in cx.map.edges.iter().enumerate() {
        let pts: Vec<(f32, f32)> = e
            .members
            .iter()
            .filter_map(|p| match p {
                PlaceAt::Hex(hx) => Some(cx.centre(*hx)),
                PlaceAt::Area(_) => None,
            })
            .collect();
        if pts.is_empty() {
            continue;
        }
        let n = pts.len() as f32;
        let (mx, my) = (
            pts.iter().map(|p| p.0).sum::<f32>() / n,
            pts.iter().map(|p| p.1).sum::<f32>() / n,
        );
        let border = [
            (mx, Border::West),
            (w - mx, Border::East),
            (my, Border::North),
            (h - my, Border::South),
        ]
        .into_iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, b)| b)
        .unwrap_or(Border::West);
        // The sides that trace supply to this edge.
        let supply: Vec<usize> = cx
            .game
            .rules
            .supply
            .iter()
            .flat_map(|s| s.sources.iter())
            .filter(|s| s.edges.contains(&(mi, ei)))
            .map(|s| s.side)
            .collect();
        let mut text = e.name.clone();
        if !supply.is_empty() {
            let names: Vec<&str> = supply
                .iter()
                .map(|s| cx.game.sides[*s].name.as_str())
                .collect();
            text = format!("{text} — {} supply", names.join(", "));
        }
        let colour = supply.first().map_or(Rgba(60, 60, 60, 255), |s| {
            Rgba::of(cx.game.sides[*s].colour)
        });
        let font = Font::new(Face::Bold, (margin * 0.32).min(cx.dy * 0.22));
        let (lo, hi) = match border {
            Border::West | Border::East => (
                pts.iter().map(|p| p.1).fold(f32::MAX, f32::min) - cx.dy / 2.0,
                pts.iter().map(|p| p.1).fold(f32::MIN, f32::max) + cx.dy / 2.0,
            ),
            Border::North | Border::South => (
                pts.iter().map(|p| p.0).fold(f32::MAX, f32::min) - cx.dy / 2.0,
                pts.iter().map(|p| p.0).fold(f32::MIN, f32::max) + cx.dy / 2.0,
            ),
        };
        let mid = (lo + hi) / 2.0;
        let bar = (margin * 0.14).max(3.0);
        let text_colour = colour.darker(0.35);
        let halo = Some((PAPER, 1.5));
        match border {
            Border::West => {
                c.fill_rect(margin * 0.78, lo, bar, hi - lo, colour.alpha(200));
                let t = Transform::from_row(
                    0.0,
                    -1.0,
                    1.0,
                    0.0,
                    margin * 0.62,
                    mid + font.width(&text) / 2.0,
                );
                c.text_with(&font, &text, t, text_colour, halo);
            }
            Border::East => {
                c.fill_rect(w - margin * 0.78 - bar, lo, bar, hi - lo, colour.alpha(200));
                let t = Transform::from_row(
                    0.0,
                    1.0,
                    -1.0,
                    0.0,
                    w - margin * 0.62,
                    mid - font.width(&text) / 2.0,
                );
                c.text_with(&font, &text, t, text_colour, halo);
            }
            Border::North => {
                c.fill_rect(lo, margin * 0.7, hi - lo, bar, colour.alpha(200));
                c.text_halo(
                    &font,
                    &text,
                    mid,
                    margin * 0.55,
                    Align::Centre,
                    text_colour,
                    halo,
                );
            }
            Border::South => {
                c.fill_rect(lo, h - margin * 0.7 - bar, hi - lo, bar, colour.alpha(200));
                c.text_halo(
                    &font,
                    &text,
                    mid,
                    h - margin * 0.55 + font.cap_height(),
                    Align::Centre,
                    text_colour,
                    halo,
                );
            }
        }
    }
}
