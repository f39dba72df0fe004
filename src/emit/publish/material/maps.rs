//! The maps in the rules: a map whole, with the count of its hexes or areas, and an inset
//! (`{{map inset …}}`), a part of a map shown larger, printed at a size where its hex
//! numbers or names can be read.

use crate::model::{Game, MapId, MapKind};

use super::{attr, figure, t, Picture, Pictures};

pub(super) fn map(game: &Game, m: MapId, pictures: &mut Pictures) -> String {
    let src = pictures.file(game, Picture::Map(m));
    let map = &game.maps[m];
    let what = match &map.kind {
        MapKind::Hex(h) => format!(
            "{} hexes, numbered as printed ({} to {}).",
            h.geometry.len(),
            h.geometry.number(h.geometry.coord(0)),
            h.geometry
                .number(h.geometry.coord(h.geometry.len().saturating_sub(1)))
        ),
        MapKind::Area(a) => format!("{} areas.", a.areas.len()),
    };
    figure(
        &src,
        &format!("The map {}", map.title),
        &format!("{}: {what}", map.title),
    )
}

/// The least size, in points, a hex number of an inset prints at: larger than the parts of
/// a map printed in parts (6 pt), since an inset is there to be read closely.
pub const INSET_NUMBER_PT: f64 = 8.0;

/// The printed scale of an area map's inset, in millimetres a pixel: the picture at about
/// 100 dpi, larger than the whole map at page width.
const INSET_AREA_MM_PER_PX: f64 = 0.25;

/// The widest an inset prints, in millimetres (the text area of A4).
const INSET_MAX_MM: f64 = 178.0;

/// Millimetres in a point.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// "Hexes 0510–1015, 1220" or "Areas par, bur": an inset's places as the prose names them.
pub(super) fn inset_places(game: &Game, m: MapId, named: &str) -> String {
    match &game.maps[m].kind {
        MapKind::Hex(_) if !named.contains(' ') && !named.contains('-') => format!("Hex {named}"),
        MapKind::Hex(_) => format!(
            "Hexes {}",
            named.replace('-', "\u{2013}").replace(' ', ", ")
        ),
        MapKind::Area(_) if !named.contains(' ') => format!("Area {named}"),
        MapKind::Area(_) => format!("Areas {}", named.replace(' ', ", ")),
    }
}

/// The rectangle (`x, y, w, h`, pixels) of a map's picture an inset of `places` shows: the
/// places' hexes or areas with a margin of half a hex (or 24 px), within the picture. None
/// when the map's picture cannot be measured.
pub fn inset_rect(game: &Game, m: MapId, places: &[usize]) -> Option<[u32; 4]> {
    let ((w, h), _) = crate::emit::art::map_frame(game, m).ok()?;
    let mut points: Vec<(f64, f64)> = Vec::new();
    let margin = match &game.maps[m].kind {
        MapKind::Hex(hm) => {
            let g = &hm.geometry;
            let layout = crate::layout::hex_layout(game, g);
            for &i in places {
                let (x, y) = g.centre(&layout, g.coord(i));
                points.extend(g.corners(&layout, (f64::from(x), f64::from(y))));
            }
            layout.dy * 0.5
        }
        MapKind::Area(am) => {
            for &i in places {
                let area = am.areas.get(i)?;
                points.extend(area.outline.iter().copied());
                if let Some(p) = area.position {
                    points.push(p);
                }
            }
            24.0
        }
    };
    let x0 = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - margin;
    let y0 = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - margin;
    let x1 = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + margin;
    let y1 = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + margin;
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return None;
    }
    let clamp = |v: f64, max: u32| v.round().clamp(0.0, f64::from(max)) as u32;
    let (x0, y0, x1, y1) = (clamp(x0, w), clamp(y0, h), clamp(x1, w), clamp(y1, h));
    (x1 > x0 && y1 > y0).then_some([x0, y0, x1 - x0, y1 - y0])
}

/// How wide an inset `width_px` pixels wide prints, in millimetres: on a hex map, where its
/// hex numbers print at [`INSET_NUMBER_PT`]; on an area map at [`INSET_AREA_MM_PER_PX`];
/// no wider than the page's text.
pub fn inset_width_mm(game: &Game, m: MapId, width_px: u32) -> f64 {
    let mm_per_px = match &game.maps[m].kind {
        MapKind::Hex(hm) => {
            // The hex numbers' size on the map's picture (as `art::hex_map` draws them).
            let number_px = (crate::layout::hex_layout(game, &hm.geometry).dy * 0.15).max(6.0);
            INSET_NUMBER_PT * MM_PER_PT / number_px
        }
        MapKind::Area(_) => INSET_AREA_MM_PER_PX,
    };
    (f64::from(width_px) * mm_per_px).min(INSET_MAX_MM)
}

/// A part of a map shown larger: its picture, printed at a size where its hex numbers (or
/// names) can be read, with a caption naming the places.
pub(super) fn map_inset(
    game: &Game,
    m: MapId,
    places: &[usize],
    named: &str,
    pictures: &mut Pictures,
) -> String {
    let title = &game.maps[m].title;
    let what = inset_places(game, m, named);
    let Some(rect) = inset_rect(game, m, places) else {
        return format!("<p>{what} of the map {}.</p>\n", t(title));
    };
    let src = attr(&pictures.file(game, Picture::MapInset { map: m, rect }));
    let mm = inset_width_mm(game, m, rect[2]);
    format!(
        "<figure class=\"map-inset\"><a href=\"{src}\"><img src=\"{src}\" alt=\"{}\" \
         style=\"width: {mm:.1}mm\" loading=\"lazy\"></a><figcaption>{}: {} (inset). \
         <a href=\"{src}\">Full size</a></figcaption></figure>\n",
        attr(&format!("{what} of the map {title}")),
        t(title),
        t(&what)
    )
}
