//! The maps of the booklet: a hex map too large to read whole at page width, cut into
//! overlapping parts that print its hex numbers legibly, after a key of where each lies; or,
//! asked for (`publish --fold-out`), each map whole on a fold-out page of its own size.

use crate::emit::art;
use crate::model::Game;

use crate::emit::publish::material::{Picture, Pictures};

/// The least size, in points, a hex number prints at on a map's parts.
const NUMBER_PT: f64 = 6.0;

/// A map part's size on the printed page, in millimetres: the text area of A4 less the
/// print stylesheet's margins (178 mm wide), less room for its caption and, above the
/// first part, the key.
const PART_MM: (f64, f64) = (178.0, 195.0);

/// How far neighbouring parts of a map overlap, in millimetres.
const OVERLAP_MM: f64 = 10.0;

/// Millimetres in a point.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// Where each part of a map printed in parts starts along one side: parts of `part` pixels
/// stepping by `part - overlap`, the last shifted back to end at the edge (`length`).
fn part_starts(length: u32, part: u32, overlap: u32) -> Vec<u32> {
    if length <= part {
        return vec![0];
    }
    let step = part.saturating_sub(overlap).max(1);
    let mut starts = Vec::new();
    let mut at = 0;
    loop {
        if at + part >= length {
            starts.push(length - part);
            break;
        }
        starts.push(at);
        at += step;
    }
    starts
}

/// The HTML of a hex map printed in parts, for the booklet: where the whole picture at page
/// width would print its hex numbers under [`NUMBER_PT`], it is cut into parts that print
/// them at that size, a page each, overlapping by [`OVERLAP_MM`], after a key of where each
/// part lies. None for an area map, the designer's own picture, or a map legible whole.
pub(super) fn map_parts(game: &Game, m: usize, pictures: &mut Pictures) -> Option<String> {
    let map = &game.maps[m];
    let crate::model::MapKind::Hex(hm) = &map.kind else {
        return None;
    };
    if map.image.is_some() {
        return None;
    }
    // The hex numbers' size on the map's picture (as `art::hex_map` draws them).
    let number_px = (crate::layout::hex_layout(game, &hm.geometry).dy * 0.15).max(6.0);
    let ((w, h), _) = art::map_frame(game, m).ok()?;
    let mm_per_px = NUMBER_PT * MM_PER_PT / number_px;
    if f64::from(w) * mm_per_px <= PART_MM.0 {
        return None;
    }
    let part_w = (PART_MM.0 / mm_per_px).floor() as u32;
    let part_h = (PART_MM.1 / mm_per_px).floor() as u32;
    let overlap = (OVERLAP_MM / mm_per_px).round() as u32;
    let xs = part_starts(w, part_w, overlap);
    let ys = part_starts(h, part_h, overlap);
    let total = xs.len() * ys.len();
    let title = quick_xml::escape::escape(&map.title).into_owned();
    let mut key = String::from("<table class=\"parts-key\">\n<tbody>\n");
    let mut figures = String::new();
    for (r, y) in ys.iter().enumerate() {
        key += "<tr>";
        for (c, x) in xs.iter().enumerate() {
            let part = r * xs.len() + c + 1;
            let src = pictures.file(
                game,
                Picture::MapPart {
                    map: m,
                    part,
                    rect: [*x, *y, part_w.min(w), part_h.min(h)],
                },
            );
            key += &format!("<td>{part}</td>");
            figures += &format!(
                "<figure class=\"map-part\"><img src=\"{}\" alt=\"The map {title}, part {part} of \
                 {total}: row {}, column {}\"><figcaption>{title}, part {part} of {total} (row {}, \
                 column {})</figcaption></figure>\n",
                quick_xml::escape::escape(&src),
                r + 1,
                c + 1,
                r + 1,
                c + 1
            );
        }
        key += "</tr>\n";
    }
    key += "</tbody>\n</table>\n";
    Some(format!(
        "<section class=\"map-parts\">\n<p class=\"parts-key\">The map {title} at print scale, its hex \
         numbers at {NUMBER_PT} pt: {total} parts, {} rows of {}, each overlapping its \
         neighbours by {OVERLAP_MM} mm, laid out as below.</p>\n{key}{figures}</section>\n",
        ys.len(),
        xs.len()
    ))
}

/// The margin of a fold-out page, in millimetres.
const FOLD_OUT_MARGIN_MM: f64 = 10.0;

/// Room under a fold-out map for its caption, in millimetres.
const FOLD_OUT_CAPTION_MM: f64 = 12.0;

/// The scale of an area map on its fold-out page, in millimetres a pixel (about 100 dpi).
const FOLD_OUT_AREA_MM_PER_PX: f64 = 0.25;

/// The name of the printed page a map folds out on (CSS named pages).
fn fold_out_page(m: usize) -> String {
    format!("fold-out-{}", m + 1)
}

/// The printed size, in millimetres, of a map on its fold-out page: a hex map where its hex
/// numbers print at [`NUMBER_PT`] (as its parts would), an area map at
/// [`FOLD_OUT_AREA_MM_PER_PX`]; never narrower than the page's text. None for a picture that
/// cannot be measured.
fn fold_out_size(game: &Game, m: usize) -> Option<(f64, f64)> {
    let ((w, h), _) = art::map_frame(game, m).ok()?;
    let mm_per_px = match &game.maps[m].kind {
        crate::model::MapKind::Hex(hm) if game.maps[m].image.is_none() => {
            let number_px = (crate::layout::hex_layout(game, &hm.geometry).dy * 0.15).max(6.0);
            NUMBER_PT * MM_PER_PT / number_px
        }
        _ => FOLD_OUT_AREA_MM_PER_PX,
    };
    let scale = (PART_MM.0 / (f64::from(w) * mm_per_px)).max(1.0);
    Some((
        f64::from(w) * mm_per_px * scale,
        f64::from(h) * mm_per_px * scale,
    ))
}

/// The HTML of a map on a fold-out page of its own size, for the booklet (`publish
/// --fold-out`): the whole picture at print scale, with its caption, on the named page
/// [`fold_out_page`] that [`fold_out_css`] sizes.
pub(super) fn fold_out(game: &Game, m: usize, src: &str) -> Option<String> {
    let (w, h) = fold_out_size(game, m)?;
    let title = quick_xml::escape::escape(&game.maps[m].title).into_owned();
    Some(format!(
        "<section class=\"fold-out\" style=\"page: {}\">\n<figure class=\"fold-out\"><img \
         src=\"{}\" alt=\"The map {title}, whole, to fold out\" style=\"width: {w:.1}mm; \
         height: {h:.1}mm\"><figcaption>{title}: the whole map ({w:.0} × {h:.0} mm), to fold \
         out.</figcaption></figure>\n</section>\n",
        fold_out_page(m),
        quick_xml::escape::escape(src)
    ))
}

/// The page rules of the fold-out pages of the maps `maps`: each page the map's printed size
/// and margins, with its number at the foot as every page has.
pub(super) fn fold_out_css(game: &Game, maps: &[usize]) -> String {
    let mut css = String::new();
    for &m in maps {
        if let Some((w, h)) = fold_out_size(game, m) {
            css += &format!(
                "@media print {{ @page {} {{ size: {:.1}mm {:.1}mm; margin: {FOLD_OUT_MARGIN_MM}mm; \
                 @top-left {{ content: none; }} @top-right {{ content: none; }} }} }}\n",
                fold_out_page(m),
                w + 2.0 * FOLD_OUT_MARGIN_MM,
                h + 2.0 * FOLD_OUT_MARGIN_MM + FOLD_OUT_CAPTION_MM
            );
        }
    }
    css
}

/// `html` with `insert` after every `<figure>` that shows the picture `src`.
pub(super) fn after_figures_of(html: &str, src: &str, insert: &str) -> String {
    let needle = format!("<img src=\"{}\"", quick_xml::escape::escape(src));
    let mut out = String::with_capacity(html.len() + insert.len());
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        let Some(end) = rest[i..]
            .find("</figure>")
            .map(|e| i + e + "</figure>".len())
        else {
            break;
        };
        out.push_str(&rest[..end]);
        out.push('\n');
        out.push_str(insert);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use crate::emit::publish::material::{Picture, Pictures};

    #[test]
    fn a_map_is_cut_into_overlapping_parts_that_reach_its_edges() {
        assert_eq!(super::part_starts(100, 100, 10), [0]);
        assert_eq!(super::part_starts(80, 100, 10), [0]);
        assert_eq!(super::part_starts(250, 100, 10), [0, 90, 150]);
        assert_eq!(super::part_starts(190, 100, 10), [0, 90]);
    }

    #[test]
    fn the_great_european_war_map_prints_in_parts_with_legible_hex_numbers() {
        let game = crate::testgame::fixtures::example("great-european-war");
        let m = 0;
        let mut pictures = Pictures::default();
        let html = super::map_parts(&game, m, &mut pictures).expect("the map in parts");
        let parts: Vec<[u32; 4]> = pictures
            .wanted
            .values()
            .filter_map(|p| match p {
                Picture::MapPart { rect, .. } => Some(*rect),
                _ => None,
            })
            .collect();
        assert!(parts.len() >= 4, "{html}");
        assert_eq!(
            html.matches("<figure class=\"map-part\">").count(),
            parts.len()
        );
        // Each part printed 178 mm wide shows hex numbers of at least 6 pt.
        let crate::model::MapKind::Hex(hm) = &game.maps[m].kind else {
            panic!("a hex map")
        };
        let number_px = (crate::layout::hex_layout(&game, &hm.geometry).dy * 0.15).max(6.0);
        for [_, _, w, _] in &parts {
            let pt = number_px * super::PART_MM.0 / f64::from(*w) / super::MM_PER_PT;
            assert!(pt >= 6.0, "{pt} pt");
        }
        // Together they cover the whole map.
        let ((w, h), _) = crate::emit::art::map_frame(&game, m).expect("size");
        assert!(parts.iter().any(|[x, _, pw, _]| x + pw == w));
        assert!(parts.iter().any(|[_, y, _, ph]| y + ph == h));
    }
}
