//! The pictures the pages show: each drawn once, in parallel (maps, their parts and insets,
//! set-ups, counter faces, the designer's own files), then measured so that every `<img>`
//! carries its size.

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::emit::art::{self, overlay, png, NoProgress};
use crate::model::{Game, Location};

use crate::emit::publish::material::{Picture, Pictures};
use crate::emit::publish::palette::Palette;
use crate::emit::publish::PublishError;

/// Render every picture the pages show, in parallel: the maps first (set-up maps are drawn
/// over them), then the set-up maps and counter faces. A generated map's pictures (the map,
/// its parts and insets, its set-ups) are encoded in 256 colours ([`Palette`]), the map's
/// palette shared by its parts and insets; a designer's own map picture keeps its colours.
pub(super) fn draw(
    game: &Game,
    pictures: &Pictures,
) -> Result<Vec<(String, Vec<u8>)>, PublishError> {
    let mut maps: Vec<usize> = pictures
        .wanted
        .values()
        .filter_map(|p| match p {
            Picture::Map(m)
            | Picture::Setup { map: m, .. }
            | Picture::MapPart { map: m, .. }
            | Picture::MapInset { map: m, .. } => Some(*m),
            Picture::Counter(..) | Picture::SharpCounter(..) | Picture::File(_) => None,
        })
        .collect();
    maps.sort_unstable();
    maps.dedup();
    let bases: BTreeMap<usize, image::RgbaImage> = maps
        .par_iter()
        .map(|m| art::render_map(game, *m, &NoProgress).map(|img| (*m, img)))
        .collect::<Result<_, _>>()?;
    let palettes: BTreeMap<usize, Palette> = bases
        .par_iter()
        .filter(|(m, _)| game.maps[**m].image.is_none())
        .map(|(m, img)| (*m, Palette::of(img)))
        .collect();
    let in_palette = |m: usize, img: &image::RgbaImage| match palettes.get(&m) {
        Some(palette) => palette.encode(img),
        None => png::encode(img),
    };
    let wanted: Vec<(&String, &Picture)> = pictures.wanted.iter().collect();
    // The game with its counters drawn larger (every measure of a counter scales with its
    // size), for the sharp faces.
    let mut sharp = game.clone();
    sharp.art.counter_size = game
        .art
        .counter_size
        .saturating_mul(crate::emit::publish::material::SHARP);
    let out = wanted
        .par_iter()
        .map(|(name, p)| {
            let bytes = match p {
                Picture::Map(m) => in_palette(*m, &bases[m])?,
                Picture::MapPart { map, rect, .. } | Picture::MapInset { map, rect } => {
                    let [x, y, w, h] = *rect;
                    in_palette(
                        *map,
                        &image::imageops::crop_imm(&bases[map], x, y, w, h).to_image(),
                    )?
                }
                Picture::Setup { scenario, map } => {
                    let pieces: Vec<_> = game.scenarios[*scenario]
                        .placements
                        .iter()
                        .filter(|x| !matches!(x.location, Location::Pool(_)))
                        .map(|x| (x.counter, x.reduced, x.location))
                        .collect();
                    let img = overlay::stacks(game, *map, &bases[map], &pieces)?;
                    // The counters bring colours of their own: a palette of this picture.
                    if palettes.contains_key(map) {
                        Palette::of(&img).encode(&img)?
                    } else {
                        png::encode(&img)?
                    }
                }
                // A face is flat colour too: in a palette of its own.
                Picture::Counter(c, f) => {
                    let img = art::counter::render_face(game, *c, f.art())?;
                    Palette::of(&img).encode(&img)?
                }
                Picture::SharpCounter(c, f) => {
                    let img = art::counter::render_face(&sharp, *c, f.art())?;
                    Palette::of(&img).encode(&img)?
                }
                // The designer's own picture, as it is.
                Picture::File(rel) => {
                    let path = game.root.join(rel);
                    std::fs::read(&path).map_err(|source| art::ArtError::Io { path, source })?
                }
            };
            Ok(((*name).clone(), bytes))
        })
        .collect::<Result<Vec<_>, art::ArtError>>()?;
    Ok(out)
}

/// The size in pixels of a picture file: a PNG, JPEG, GIF or WebP from its header
/// (`imagesize`), an SVG from its root element's `width` and `height` (in pixels, or
/// without a unit), else its `viewBox`. None for anything else.
pub(super) fn picture_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if let Ok(size) = imagesize::blob_size(bytes) {
        let w = u32::try_from(size.width).ok()?;
        let h = u32::try_from(size.height).ok()?;
        return Some((w, h));
    }
    svg_size(bytes)
}

/// An SVG's size from its root `<svg>` element.
fn svg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_reader(bytes);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf).ok()? {
            Event::Start(e) | Event::Empty(e) => {
                if e.local_name().as_ref() != b"svg" {
                    return None;
                }
                let value = |name: &[u8]| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.local_name().as_ref() == name)
                        .map(|a| String::from_utf8_lossy(&a.value).into_owned())
                };
                let number = |v: &str| {
                    let v = v.trim();
                    let v = v.strip_suffix("px").unwrap_or(v);
                    v.parse::<f64>()
                        .ok()
                        .filter(|n| n.is_finite() && *n > 0.0 && *n < 1e6)
                };
                let given = value(b"width")
                    .zip(value(b"height"))
                    .and_then(|(w, h)| number(&w).zip(number(&h)));
                let boxed = || {
                    let vb = value(b"viewBox")?;
                    let parts: Vec<f64> = vb
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|p| !p.is_empty())
                        .filter_map(|p| p.parse().ok())
                        .collect();
                    match parts[..] {
                        [_, _, w, h] => number(&w.to_string()).zip(number(&h.to_string())),
                        _ => None,
                    }
                };
                let (w, h) = given.or_else(boxed)?;
                return Some((w.round() as u32, h.round() as u32));
            }
            Event::Eof => return None,
            _ => {}
        }
        buf.clear();
    }
}

/// A page with `width` and `height` on each `<img>` of a picture of the site whose size is
/// known (`sizes`: file → pixels) and that has none.
pub(super) fn sized_images(html: &str, sizes: &BTreeMap<String, (u32, u32)>) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(i) = rest.find("<img ") {
        let tag_end = rest[i..].find('>').map_or(rest.len(), |e| i + e + 1);
        let tag = &rest[i..tag_end];
        let src = tag
            .split_once(" src=\"")
            .and_then(|(_, v)| v.split_once('"'))
            .map(|(v, _)| quick_xml::escape::unescape(v).map(|v| v.into_owned()));
        out.push_str(&rest[..i + 4]);
        match src.and_then(Result::ok).and_then(|s| sizes.get(&s)) {
            Some((w, h)) if !tag.contains(" width=") && !tag.contains(" height=") => {
                out.push_str(&format!(" width=\"{w}\" height=\"{h}\""));
            }
            _ => {}
        }
        rest = &rest[i + 4..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::sized_images;
    use std::collections::BTreeMap;

    #[test]
    fn pictures_of_every_kind_the_prose_may_show_have_a_size() {
        // A JPEG's start: SOI, then a baseline frame of 40 × 30.
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 30, 0x00, 40, 0x03, 0x01, 0x22, 0x00,
            0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9,
        ];
        assert_eq!(super::picture_size(&jpeg), Some((40, 30)));
        let gif = b"GIF89a\x0c\x00\x07\x00\x00\x00\x00;";
        assert_eq!(super::picture_size(gif), Some((12, 7)));
        let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80"><rect/></svg>"#;
        assert_eq!(super::picture_size(svg), Some((120, 80)));
        let boxed = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150.4"></svg>"#;
        assert_eq!(super::picture_size(boxed), Some((300, 150)));
        assert_eq!(super::picture_size(b"<html></html>"), None);
        assert_eq!(super::picture_size(b"not a picture"), None);
    }

    #[test]
    fn pictures_of_the_site_get_their_size_and_others_are_left_alone() {
        let sizes = BTreeMap::from([("images/a b.png".to_string(), (60, 40))]);
        let html = "<p><img class=\"face\" src=\"images/a b.png\" alt=\"A &amp; B\"> \
                    <img src=\"https://example.org/x.png\" alt=\"x\"> \
                    <img width=\"9\" src=\"images/a b.png\" alt=\"y\"></p>";
        assert_eq!(
            sized_images(html, &sizes),
            "<p><img width=\"60\" height=\"40\" class=\"face\" src=\"images/a b.png\" alt=\"A &amp; B\"> \
             <img src=\"https://example.org/x.png\" alt=\"x\"> \
             <img width=\"9\" src=\"images/a b.png\" alt=\"y\"></p>"
        );
    }
}
