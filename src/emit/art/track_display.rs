//! Track displays printed on a map (`[[track-display]]`): a strip below the map picture with
//! one panel per display, each a grid of numbered boxes large enough for a counter, where
//! the markers of the tracks on that display stand.
//!
//! The strip is drawn on the layout's panels and boxes ([`crate::layout::track_display`]),
//! which the VASSAL emitter also turns into Zones, so a marker dropped in a box snaps to the
//! same point the picture shows.

use image::RgbaImage;

use super::canvas::{image_to_pixmap, Canvas, Pen, Rgba};
use super::hex_map::PAPER;
use super::text::{Align, Face, Font};
use crate::layout::cartouche;
use crate::layout::track_display::{layout, DisplayLayout, StripLayout};
use crate::model::{Game, MapId, TrackDisplayId};

/// The names of the tracks on a display, in game order.
fn tracks_on(game: &Game, display: TrackDisplayId) -> Vec<&str> {
    game.tracks
        .iter()
        .filter(|t| t.marker.is_some_and(|m| m.display == display))
        .map(|t| t.name.as_str())
        .collect()
}

/// Draw the strip under the map picture `img` (the picture grows to the strip's size).
pub fn extend(game: &Game, map: MapId, img: RgbaImage) -> (RgbaImage, Option<StripLayout>) {
    let Some(strip) = layout(game, map, img.dimensions()) else {
        return (img, None);
    };
    let mut c = Canvas::new(strip.size.0, strip.size.1, PAPER);
    c.draw_pixmap(0, 0, image_to_pixmap(&img));
    draw_strip(&mut c, game, map, &strip);
    (c.into_image(), Some(strip))
}

/// Draw the strip of track displays (and the map's cartouche when it goes below the map) on
/// a canvas of the strip's size, below the map drawn there.
pub fn draw_strip(c: &mut Canvas, game: &Game, map: MapId, strip: &StripLayout) {
    let k = game.art.counter_size.max(8) as f32 / 60.0;
    let ink = Rgba(25, 25, 25, 255);
    c.line(
        (0.0, strip.top as f32),
        (strip.size.0 as f32, strip.top as f32),
        &Pen::new(ink.alpha(160), 2.0 * k),
    );
    for d in &strip.displays {
        draw_display(c, game, d, k, ink);
    }
    if let (Some((x, y, _, _)), Some(frame)) = (strip.cartouche, cartouche::frame(game, map)) {
        super::cartouche::draw(c, game, map, &frame, (x as f32, y as f32));
    }
}

fn draw_display(c: &mut Canvas, game: &Game, d: &DisplayLayout, k: f32, ink: Rgba) {
    let td = &game.track_displays[d.display];
    let (px, py, pw, ph) = d.panel;
    let f = |v: i32| v as f32;
    c.fill_rect(f(px), f(py), f(pw), f(ph), Rgba(0xfb, 0xf8, 0xef, 255));
    c.stroke_rect(f(px), f(py), f(pw), f(ph), &Pen::new(ink, 2.0 * k).square());
    let (gx, gy, _, _) = d.grid;
    let title_base = f(gy) - 0.3 * f(gy - py);
    let tf = Font::new(Face::Bold, 20.0 * k).fit(&td.name, f(pw) * 0.45, 9.0);
    let tw = c.text(&tf, &td.name, f(gx), title_base, Align::Left, ink);
    let legend = tracks_on(game, d.display).join(" · ");
    if !legend.is_empty() {
        let room = f(pw) - tw - 3.0 * f(gx - px);
        let lf = Font::new(Face::Regular, 12.0 * k).fit(&legend, room.max(10.0), 6.0);
        c.text(
            &lf,
            &legend,
            f(px + pw) - f(gx - px),
            title_base,
            Align::Right,
            ink.alpha(200),
        );
    }
    let plain = Rgba(0xf4, 0xef, 0xe1, 255);
    let nf = Font::new(Face::Bold, 13.0 * k);
    let pen = Pen::new(ink, 1.2 * k).square();
    for (v, (x, y, w, h), _) in &d.boxes {
        let tenth = v.rem_euclid(10) == 0;
        let fill = if v.rem_euclid(10) == 0 {
            plain.darker(0.1)
        } else if v.rem_euclid(5) == 0 {
            plain.darker(0.05)
        } else {
            plain
        };
        c.fill_rect(f(*x), f(*y), f(*w), f(*h), fill);
        c.fill_rect(f(*x), f(*y), f(*w), f(d.band), fill.darker(0.12));
        c.stroke_rect(f(*x), f(*y), f(*w), f(*h), &pen);
        let face = if tenth { nf } else { nf.sized(12.0 * k) };
        c.text(
            &face,
            &v.to_string(),
            f(*x) + f(*w) / 2.0,
            f(*y) + f(d.band) / 2.0 + face.cap_height() / 2.0,
            Align::Centre,
            ink,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::{render_map_with_strip, testing, NoProgress};
    use crate::layout::track_display::base_size;
    use crate::testgame::with_display;

    #[test]
    fn hex_and_area_maps_get_the_strip_below_them() {
        for (name, map, game) in [
            ("hex", 0, with_display(testing::mini(), 0, 7)),
            ("area", 1, with_display(testing::with_area_map(), 1, 7)),
        ] {
            let base = base_size(&game, map).expect("generated");
            let (img, strip) = render_map_with_strip(&game, map, &NoProgress).expect("renders");
            testing::preview(&format!("track-display-{name}.png"), &img);
            let strip = strip.expect("a strip");
            assert_eq!(img.dimensions(), strip.size);
            assert_eq!(strip.top, base.1);
            let d = &strip.displays[0];
            let t = &game.tracks[0];
            assert_eq!(d.boxes.len() as i64, t.max - t.min + 1);
            let cs = game.art.counter_size as i32;
            for (_, (x, y, w, h), (cx, cy)) in &d.boxes {
                assert!(*y >= base.1 as i32 && *x >= 0, "{name}: below the map");
                assert!(x + w <= img.width() as i32 && y + h <= img.height() as i32);
                assert!(*w >= cs && *h >= cs, "{name}: a counter fits");
                assert!(
                    cx - cs / 2 >= *x && cy + cs / 2 <= y + h,
                    "{name}: centred inside"
                );
            }
            assert_eq!(layout(&game, map, base), Some(strip), "{name}: same layout");
        }
    }

    #[test]
    fn no_display_leaves_the_picture_alone() {
        let mut game = testing::mini();
        // A supplied picture: no cartouche of the tool's below it.
        game.maps[0].image = Some("map.png".into());
        let img = RgbaImage::new(50, 40);
        let (out, strip) = extend(&game, 0, img.clone());
        assert!(strip.is_none());
        assert_eq!(out, img);
    }
}
