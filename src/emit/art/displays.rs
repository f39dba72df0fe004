//! Off-map displays: the pool boxes (grouped by side and kind), one grid per numeric track,
//! and the turn record track with every turn's name and weather.
//!
//! The pictures are drawn on the boxes of [`crate::layout::displays`], so the VASSAL emitter
//! can make each box a named location that lies exactly on the printed one.

use image::RgbaImage;

use super::canvas::{Canvas, Pen, Rgba};
use super::hex_map::PAPER;
use super::text::{Align, Face, Font};
use super::{safe_name, Picture};
use crate::layout::displays::{
    pools_layout, track_boxes, track_geometry, turn_boxes, turn_geometry, unit, Heading,
    TRACK_COLUMNS, TURN_COLUMNS,
};
use crate::model::{Game, PoolKind, TrackId};

/// How players call a kind of pool.
pub fn kind_name(kind: PoolKind) -> &'static str {
    match kind {
        PoolKind::Setup => "Set-up",
        PoolKind::Reinforcement => "Reinforcements",
        PoolKind::Replacement => "Replacements",
        PoolKind::Removed => "Removed",
        PoolKind::Withdrawn => "Withdrawn",
        PoolKind::Conversion => "Conversion",
        PoolKind::Garrison => "Garrison",
        PoolKind::Defection => "Defection",
        PoolKind::Build => "Available to build",
        PoolKind::Markers => "Markers",
        PoolKind::Staging => "Staging",
    }
}

/// A colour for a weather, by its id or name.
pub fn weather_colour(id: &str, name: &str) -> Rgba {
    let s = format!("{id} {name}").to_ascii_lowercase();
    if s.contains("snow") || s.contains("winter") || s.contains("frost") || s.contains("blizzard") {
        Rgba(0xdc, 0xe8, 0xf5, 255)
    } else if s.contains("mud") {
        Rgba(0xa8, 0x83, 0x5a, 255)
    } else if s.contains("rain") || s.contains("storm") {
        Rgba(0x9f, 0xb4, 0xc8, 255)
    } else if s.contains("clear") || s.contains("fair") || s.contains("dry") {
        Rgba(0xf7, 0xe3, 0x8c, 255)
    } else {
        Rgba(0xcc, 0xcc, 0xcc, 255)
    }
}

/// Render the pools display.
pub fn render_pools(game: &Game) -> RgbaImage {
    let l = pools_layout(game);
    let s = unit(game);
    let k = s / 60.0;
    let mut c = Canvas::new(l.size.0, l.size.1, PAPER);
    let ink = Rgba(25, 25, 25, 255);
    for h in &l.headings {
        match h {
            Heading::Side(side, (x, y, w, hh)) => {
                let (colour, name) = match side {
                    Some(sd) => (
                        Rgba::of(game.sides[*sd].colour),
                        game.sides[*sd].name.clone(),
                    ),
                    None => (Rgba(90, 90, 90, 255), "General".to_string()),
                };
                c.fill_rect(*x, *y, *w, *hh, colour);
                let f = Font::new(Face::Bold, hh * 0.6);
                c.text(
                    &f,
                    &name,
                    x + 8.0 * k,
                    y + hh / 2.0 + f.cap_height() / 2.0,
                    Align::Left,
                    colour.contrast(),
                );
            }
            Heading::Kind(kind, x, baseline) => {
                let f = Font::new(Face::Bold, 13.0 * k);
                c.text(
                    &f,
                    kind_name(*kind),
                    *x,
                    *baseline,
                    Align::Left,
                    ink.alpha(200),
                );
            }
        }
    }
    for (p, (x, y, w, h)) in &l.boxes {
        let pool = &game.pools[*p];
        let tint = pool.side.map_or(Rgba(235, 235, 235, 255), |sd| {
            Rgba::of(game.sides[sd].colour).lighter(0.8)
        });
        c.fill_rect(*x, *y, *w, *h, tint);
        c.stroke_rect(*x, *y, *w, *h, &Pen::new(ink, 1.5 * k).square());
        let f = Font::new(Face::Bold, 11.0 * k).fit(&pool.name, w - 8.0 * k, 6.0 * k);
        c.text(
            &f,
            &pool.name,
            x + 4.0 * k,
            y + 4.0 * k + f.cap_height(),
            Align::Left,
            ink,
        );
        if let Some(t) = pool.turn {
            let sf = Font::new(Face::Regular, 9.0 * k);
            c.text(
                &sf,
                &format!("Turn: {}", game.turns[t].name),
                x + 4.0 * k,
                y + 7.0 * k + f.cap_height() + sf.cap_height(),
                Align::Left,
                ink.alpha(170),
            );
        }
    }
    c.into_image()
}

/// Render one numeric track.
pub fn render_track(game: &Game, track: TrackId) -> RgbaImage {
    let t = &game.tracks[track];
    let (b, margin, title) = track_geometry(game);
    let boxes = track_boxes(game, track);
    let rows = boxes.len().div_ceil(TRACK_COLUMNS as usize).max(1);
    let cols = (boxes.len() as i64).clamp(1, TRACK_COLUMNS) as f32;
    let w = (2.0 * margin + cols * b).ceil() as u32;
    let h = (2.0 * margin + title + rows as f32 * b).ceil() as u32;
    let k = unit(game) / 60.0;
    let mut c = Canvas::new(w, h, PAPER);
    let ink = Rgba(25, 25, 25, 255);
    let tf = Font::new(Face::Bold, 18.0 * k).fit(&t.name, w as f32 - 2.0 * margin, 8.0);
    c.text(&tf, &t.name, margin, margin + title * 0.7, Align::Left, ink);
    let tint = t.side.map_or(Rgba(240, 240, 240, 255), |s| {
        Rgba::of(game.sides[s].colour).lighter(0.82)
    });
    let nf = Font::new(Face::Bold, 14.0 * k);
    for (v, (x, y, bw, bh)) in boxes {
        let fill = if v.rem_euclid(10) == 0 {
            tint.darker(0.08)
        } else {
            tint
        };
        c.fill_rect(x, y, bw, bh, fill);
        c.stroke_rect(x, y, bw, bh, &Pen::new(ink, 1.2 * k).square());
        c.text(
            &nf,
            &v.to_string(),
            x + 4.0 * k,
            y + 4.0 * k + nf.cap_height(),
            Align::Left,
            ink.alpha(190),
        );
    }
    c.into_image()
}

/// Render the turn record track.
pub fn render_turns(game: &Game) -> RgbaImage {
    let (bw, bh, margin, title) = turn_geometry(game);
    let boxes = turn_boxes(game);
    let rows = boxes.len().div_ceil(TURN_COLUMNS).max(1);
    let cols = boxes.len().clamp(1, TURN_COLUMNS) as f32;
    let w = (2.0 * margin + cols * bw).ceil() as u32;
    let h = (2.0 * margin + title + rows as f32 * bh).ceil() as u32;
    let k = unit(game) / 60.0;
    let mut c = Canvas::new(w, h, PAPER);
    let ink = Rgba(25, 25, 25, 255);
    let tf = Font::new(Face::Bold, 18.0 * k);
    c.text(
        &tf,
        "Turn Record Track",
        margin,
        margin + title * 0.7,
        Align::Left,
        ink,
    );
    let nf = Font::new(Face::Bold, 11.0 * k);
    let wf = Font::new(Face::Bold, 9.0 * k);
    let mf = Font::new(Face::Regular, 7.5 * k);
    for (t, (x, y, w, h)) in boxes {
        let turn = &game.turns[t];
        c.fill_rect(x, y, w, h, Rgba(0xfb, 0xf8, 0xef, 255));
        let band = 14.0 * k;
        if let Some(wi) = turn.weather {
            let wx = &game.weather[wi];
            let col = weather_colour(&wx.id, &wx.name);
            c.fill_rect(x, y + h - band, w, band, col);
            let f = wf.fit(&wx.name, w - 4.0 * k, 5.0 * k);
            c.text(
                &f,
                &wx.name,
                x + w / 2.0,
                y + h - band / 2.0 + f.cap_height() / 2.0,
                Align::Centre,
                col.contrast(),
            );
        }
        c.stroke_rect(x, y, w, h, &Pen::new(ink, 1.2 * k).square());
        let f = nf.fit(&turn.name, w - 6.0 * k, 6.0 * k);
        c.text(
            &f,
            &turn.name,
            x + w / 2.0,
            y + 4.0 * k + f.cap_height(),
            Align::Centre,
            ink,
        );
        let mut my = y + 8.0 * k + f.cap_height() + mf.cap_height();
        for m in &turn.markers {
            for line in mf.wrap(m, w - 6.0 * k).into_iter().take(4) {
                if my > y + h - band - 2.0 * k {
                    break;
                }
                c.text(&mf, &line, x + w / 2.0, my, Align::Centre, ink.alpha(200));
                my += mf.line_height();
            }
        }
    }
    c.into_image()
}

/// Every display picture: `displays/pools.png`, `displays/track-<id>.png`, `displays/turns.png`.
pub fn render_all(game: &Game) -> Vec<Picture> {
    let mut out = Vec::new();
    if !game.pools.is_empty() {
        out.push(("displays/pools.png".to_string(), render_pools(game)));
    }
    for (i, t) in game.tracks.iter().enumerate() {
        out.push((
            format!("displays/track-{}.png", safe_name(&t.id)),
            render_track(game, i),
        ));
    }
    if !game.turns.is_empty() {
        out.push(("displays/turns.png".to_string(), render_turns(game)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::testing;
    use crate::layout::displays::Rect;

    fn inside(r: Rect, w: u32, h: u32) -> bool {
        r.0 >= 0.0 && r.1 >= 0.0 && r.0 + r.2 <= w as f32 && r.1 + r.3 <= h as f32
    }

    #[test]
    fn every_pool_has_a_box_inside_the_picture() {
        let game = testing::mini();
        let l = pools_layout(&game);
        assert_eq!(l.boxes.len(), game.pools.len());
        let img = render_pools(&game);
        testing::preview("pools.png", &img);
        assert_eq!(img.dimensions(), l.size);
        for (_, r) in &l.boxes {
            assert!(inside(*r, l.size.0, l.size.1), "{r:?}");
        }
    }

    #[test]
    fn tracks_and_turns_have_a_box_per_value() {
        let game = testing::mini();
        let b = track_boxes(&game, 0);
        assert_eq!(b.len(), 21);
        assert_eq!(b[0].0, 0);
        let img = render_track(&game, 0);
        testing::preview("track.png", &img);
        assert!(b.iter().all(|(_, r)| inside(*r, img.width(), img.height())));
        let t = turn_boxes(&game);
        assert_eq!(t.len(), game.turns.len());
        let img = render_turns(&game);
        testing::preview("turns.png", &img);
        assert!(t.iter().all(|(_, r)| inside(*r, img.width(), img.height())));
        let names: Vec<String> = render_all(&game).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "displays/pools.png",
                "displays/track-red-points.png",
                "displays/turns.png"
            ]
        );
    }
}
