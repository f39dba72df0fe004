//! The printable counter sheet: every copy of every counter, fronts on the left half and
//! backs on the right half mirrored about the centre line, so that folding the printed sheet
//! along that line (or printing the halves on the two sides of a card) puts each back behind
//! its front.

use image::RgbaImage;
use rayon::prelude::*;

use super::canvas::{image_to_pixmap, Canvas, Pen, Rgba};
use super::counter::{render_face, CounterFace};
use super::text::{Align, Face, Font};
use super::{ArtError, Progress};
use crate::model::Game;

/// Counters per row on each half.
pub const COLUMNS: u32 = 10;

/// Where a copy goes: (counter, copy) → front cell (column, row).
pub fn cells(game: &Game) -> Vec<(usize, u32, u32)> {
    let mut out = Vec::new();
    let mut i = 0u32;
    for (c, counter) in game.counters.iter().enumerate() {
        for _ in 0..counter.count.max(1) {
            out.push((c, i % COLUMNS, i / COLUMNS));
            i += 1;
        }
    }
    out
}

/// Render the sheet.
pub fn render(game: &Game, progress: &dyn Progress) -> Result<RgbaImage, ArtError> {
    let s = game.art.counter_size.max(8);
    progress.begin("sheet", game.counters.len() as u64);
    let faces = (0..game.counters.len())
        .into_par_iter()
        .map(|c| {
            let f = render_face(game, c, CounterFace::Front)?;
            let b = render_face(game, c, CounterFace::Back)?;
            progress.advance(1);
            Ok((image_to_pixmap(&f), image_to_pixmap(&b)))
        })
        .collect::<Result<Vec<_>, ArtError>>()?;
    progress.end();

    let cells = cells(game);
    let rows = cells.last().map_or(1, |(_, _, r)| r + 1);
    let gap = (s / 15).max(2);
    let pitch = s + gap;
    let margin = s / 2;
    let header = s;
    let half = COLUMNS * pitch - gap;
    let fold = s / 2;
    let width = 2 * margin + 2 * half + 2 * fold;
    let height = header + margin + rows * pitch - gap + margin;
    let mut canvas = Canvas::new(width, height, Rgba::WHITE);
    let k = s as f32 / 60.0;
    let title = Font::new(Face::Bold, 18.0 * k);
    canvas.text(
        &title,
        &format!("{} — counter sheet", game.title),
        margin as f32,
        header as f32 * 0.55,
        Align::Left,
        Rgba::BLACK,
    );
    let note = Font::new(Face::Regular, 10.0 * k);
    canvas.text(
        &note,
        "Fronts on the left, backs on the right: fold along the dashed line, glue, cut.",
        margin as f32,
        header as f32 * 0.85,
        Align::Left,
        Rgba(90, 90, 90, 255),
    );
    let centre = (width / 2) as f32;
    canvas.line(
        (centre, header as f32),
        (centre, height as f32),
        &Pen::new(Rgba(120, 120, 120, 255), 1.0).dashed(&[6.0, 4.0]),
    );
    let top = header + margin;
    for (c, col, row) in cells {
        let (front, back) = &faces[c];
        let x = margin + col * pitch;
        let y = top + row * pitch;
        canvas.draw_pixmap(x as i32, y as i32, front.clone());
        // Mirror about the centre line.
        let bx = width - x - s;
        canvas.draw_pixmap(bx as i32, y as i32, back.clone());
    }
    Ok(canvas.into_image())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::testing;
    use crate::emit::art::NoProgress;

    #[test]
    fn backs_mirror_fronts() {
        let game = testing::mini();
        let img = render(&game, &NoProgress).unwrap();
        let copies: u32 = game.counters.iter().map(|c| c.count.max(1)).sum();
        assert_eq!(cells(&game).len() as u32, copies);
        let s = game.art.counter_size;
        // The first counter's front is at the left margin, its back at the right margin.
        let front = render_face(&game, 0, CounterFace::Front).unwrap();
        let back = render_face(&game, 0, CounterFace::Back).unwrap();
        let (x, y) = (s / 2, s + s / 2);
        let bx = img.width() - x - s;
        for (dx, dy) in [(5, 5), (s / 2, s / 2), (s - 3, s - 6)] {
            assert_eq!(img.get_pixel(x + dx, y + dy), front.get_pixel(dx, dy));
            assert_eq!(img.get_pixel(bx + dx, y + dy), back.get_pixel(dx, dy));
        }
    }
}
