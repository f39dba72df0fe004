//! The pictures of `hex-layout.md`: one small grid for every orientation, shift and
//! numbering stagger the language supports, drawn with the map art's own geometry
//! ([`HexGeometry::layout`], [`HexGeometry::centre`], [`HexGeometry::corners`],
//! [`HexGeometry::number`]) and canvas, so a picture shows exactly where the map art and
//! VASSAL put each hex and what number they print in it.
//!
//! Each picture is a 5 × 4 grid with the printed numbers, one hex highlighted, its six
//! neighbours marked, and a river along the hexside between the highlighted hex and one
//! neighbour, with the `[[map.hexside]]` line that writes it in a band below the grid.

use image::RgbaImage;

use crate::emit::art::canvas::{Canvas, Pen, Rgba};
use crate::emit::art::hex_map::PAPER;
use crate::emit::art::text::{Align, Face, Font};
use crate::model::hex::Numbering;
use crate::model::{HexCoord, HexGeometry, Orientation};

/// Distance between the centres of two hexes of a column, in pixels.
const HEX: u32 = 64;
/// The blank around the grid.
const MARGIN: u32 = 10;
/// Height of the title band above the grid and of the hexside band below it.
const BAND: u32 = 26;

const CLEAR: Rgba = Rgba(0xe6, 0xe0, 0xbf, 255);
const FOCUS: Rgba = Rgba(0xf2, 0xb1, 0x34, 255);
const NEIGHBOUR: Rgba = Rgba(0xf8, 0xe0, 0x9a, 255);
const RIVER: Rgba = Rgba(0x2f, 0x6d, 0xb3, 255);
const INK: Rgba = Rgba(30, 30, 30, 255);

/// One picture's grid: an orientation, which columns (rows) are shifted, and whether the
/// numbering is staggered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// `columns` (flat-topped) or `rows` (pointy-topped).
    pub orientation: Orientation,
    /// `shifted = "odd"` (the default) when true, `"even"` when false.
    pub odd_shifted: bool,
    /// `[map.hex.numbering] stagger = true`.
    pub stagger: bool,
}

impl Grid {
    /// Every combination, in the page's order: columns then rows, odd then even, plain
    /// numbering then staggered.
    pub fn all() -> Vec<Grid> {
        let mut out = Vec::new();
        for stagger in [false, true] {
            for orientation in [Orientation::Columns, Orientation::Rows] {
                for odd_shifted in [true, false] {
                    out.push(Grid {
                        orientation,
                        odd_shifted,
                        stagger,
                    });
                }
            }
        }
        out
    }

    /// The value of `orientation`.
    pub fn orientation_word(&self) -> &'static str {
        match self.orientation {
            Orientation::Columns => "columns",
            Orientation::Rows => "rows",
        }
    }

    /// The value of `shifted`.
    pub fn shifted_word(&self) -> &'static str {
        if self.odd_shifted {
            "odd"
        } else {
            "even"
        }
    }

    /// The picture's path in the reference tree, e.g. `pictures/hex-columns-odd.png`.
    pub fn path(&self) -> String {
        format!(
            "pictures/hex-{}-{}{}.png",
            self.orientation_word(),
            self.shifted_word(),
            if self.stagger { "-stagger" } else { "" }
        )
    }

    /// The grid's geometry: 5 columns, 4 rows, numbered `column-row` from `0101`.
    pub fn geometry(&self) -> HexGeometry {
        HexGeometry {
            orientation: self.orientation,
            columns: 5,
            rows: 4,
            odd_shifted: self.odd_shifted,
            picture: None,
            numbering: Numbering {
                column_first: true,
                first_column: 1,
                first_row: 1,
                digits: 2,
                stagger: self.stagger,
            },
        }
    }

    /// The `[map.hex]` table that lays this grid.
    pub fn toml(&self) -> String {
        let mut s = format!(
            "[map.hex]\norientation = \"{}\"\ncolumns = 5\nrows = 4\nshifted = \"{}\"\n",
            self.orientation_word(),
            self.shifted_word()
        );
        s.push_str("[map.hex.numbering]\npattern = \"column-row\"\n");
        if self.stagger {
            s.push_str("stagger = true\n");
        }
        s
    }

    /// The highlighted hex: raw column 2, row 1, which has all six neighbours on the grid.
    pub fn focus(&self) -> HexCoord {
        HexCoord::new(2, 1)
    }

    /// The neighbour across the hexside drawn as a river.
    pub fn river_to(&self) -> HexCoord {
        self.geometry().around(self.focus())[2]
    }

    /// The river's hexside as the language writes it, e.g. `0302/0303`.
    pub fn river_side(&self) -> String {
        let g = self.geometry();
        format!("{}/{}", g.number(self.focus()), g.number(self.river_to()))
    }

    /// The one-line title printed above the grid.
    fn title(&self) -> String {
        format!(
            "orientation = \"{}\", shifted = \"{}\"{}",
            self.orientation_word(),
            self.shifted_word(),
            if self.stagger { ", stagger = true" } else { "" }
        )
    }
}

/// Draw one grid's picture.
pub fn render(grid: &Grid) -> RgbaImage {
    let geo = grid.geometry();
    let layout = geo.layout(HEX, MARGIN);
    let (w, h) = (layout.width, layout.height + 2 * BAND);
    let mut c = Canvas::new(w, h, PAPER);
    let top = BAND as f32;
    let dy = layout.dy as f32;
    let centre = |hex: HexCoord| {
        let (x, y) = geo.centre(&layout, hex);
        (x as f32, y as f32 + top)
    };
    let corners = |hex: HexCoord| {
        let (x, y) = geo.centre(&layout, hex);
        geo.corners(&layout, (f64::from(x), f64::from(y)))
            .map(|(a, b)| (a as f32, b as f32 + top))
    };
    let focus = grid.focus();
    let around = geo.around(focus);
    for hex in geo.coords() {
        let fill = if hex == focus {
            FOCUS
        } else if around.contains(&hex) {
            NEIGHBOUR
        } else {
            CLEAR
        };
        let k = corners(hex);
        c.fill_poly(&k, fill);
        c.stroke_poly(&k, true, &Pen::new(fill, 1.0));
    }
    for hex in geo.coords() {
        c.stroke_poly(&corners(hex), true, &Pen::new(Rgba(40, 40, 40, 150), 1.0));
    }
    // The six neighbours: a dot each; the highlighted hex: a ring.
    for n in around {
        let (x, y) = centre(n);
        c.fill_circle(x, y + dy * 0.08, dy * 0.07, INK.alpha(170));
    }
    let (fx, fy) = centre(focus);
    c.stroke_circle(fx, fy + dy * 0.08, dy * 0.16, &Pen::new(INK, 2.5));
    // The river along one side of the highlighted hex.
    let (i, j) = HexGeometry::side_corners(2);
    let k = corners(focus);
    c.line(k[i], k[j], &Pen::new(RIVER, 5.0));
    // Numbers at the top of each hex, where the map art and VASSAL print them.
    let font = Font::new(Face::Regular, (dy * 0.2).round());
    for hex in geo.coords() {
        let (x, y) = centre(hex);
        let edge = match geo.orientation {
            Orientation::Columns => y - (dy / 2.0).round(),
            Orientation::Rows => y - dy * 0.45,
        };
        let bold = Font::new(Face::Bold, font.size);
        let f = if hex == focus { bold } else { font };
        c.text(
            &f,
            &geo.number(hex),
            x,
            edge + 3.0 + f.cap_height(),
            Align::Centre,
            INK,
        );
    }
    let band = Font::new(Face::Bold, 13.0);
    let title = grid.title();
    let tf = band.fit(&title, w as f32 - 8.0, 8.0);
    c.text(&tf, &title, w as f32 / 2.0, 18.0, Align::Centre, INK);
    let legend = format!("river: sides = [\"{}\"]", grid.river_side());
    let lf = Font::new(Face::Regular, 13.0).fit(&legend, w as f32 - 40.0, 8.0);
    let base = h as f32 - 9.0;
    let lw = lf.width(&legend);
    let x0 = (w as f32 - lw) / 2.0 + 12.0;
    c.line(
        (x0 - 26.0, base - 4.5),
        (x0 - 6.0, base - 4.5),
        &Pen::new(RIVER, 5.0),
    );
    c.text(&lf, &legend, x0, base, Align::Left, INK);
    c.into_image()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_its_own_picture() {
        let all = Grid::all();
        assert_eq!(all.len(), 8);
        let paths: std::collections::BTreeSet<String> = all.iter().map(Grid::path).collect();
        assert_eq!(paths.len(), 8);
        assert!(paths.contains("pictures/hex-columns-odd.png"));
        assert!(paths.contains("pictures/hex-rows-even-stagger.png"));
    }

    #[test]
    fn the_river_joins_the_highlighted_hex_to_a_neighbour() {
        for g in Grid::all() {
            let geo = g.geometry();
            assert!(geo.adjacent(g.focus(), g.river_to()));
            assert_eq!(geo.neighbours(g.focus()).count(), 6, "{g:?}");
            let (a, b) = g
                .river_side()
                .split_once('/')
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .unwrap();
            assert_eq!(geo.parse_number(&a), Some(g.focus()));
            assert_eq!(geo.parse_number(&b), Some(g.river_to()));
        }
    }
}
