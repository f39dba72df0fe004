//! A printed table: title, header row, body rows (with full-width section rows), cell tints,
//! an optional swatch column drawn by the caller, and wrapped notes underneath. Column widths
//! follow their content up to a limit; longer text wraps.

use image::RgbaImage;

use super::canvas::{Canvas, Pen, Rgba};
use super::hex_map::PAPER;
use super::text::{Align, Face, Font};

/// A rectangle in pixels: x, y, width, height.
pub type Rect = (f32, f32, f32, f32);

/// One cell.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cell {
    /// Text (may wrap).
    pub text: String,
    /// Background tint.
    pub fill: Option<Rgba>,
    /// Bold text.
    pub bold: bool,
}

impl Cell {
    /// A plain cell.
    pub fn new(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            ..Self::default()
        }
    }

    /// A bold cell.
    pub fn bold(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            bold: true,
            fill: None,
        }
    }

    /// The cell with a tint.
    pub fn tinted(mut self, fill: Option<Rgba>) -> Self {
        self.fill = fill;
        self
    }
}

/// One row.
#[derive(Debug, Clone, PartialEq)]
pub enum Row {
    /// Ordinary cells, one per column.
    Cells(Vec<Cell>),
    /// A heading across the whole table.
    Section(String),
}

/// A table to print.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Title above the table.
    pub title: String,
    /// Column headings.
    pub header: Vec<String>,
    /// Rows.
    pub rows: Vec<Row>,
    /// Widest a column may be before text wraps, in pixels at scale 1.
    pub max_column: f32,
    /// Width of a leading swatch column drawn by the caller (0 = none).
    pub swatch: f32,
    /// Notes underneath: (heading, lines).
    pub notes: Vec<(String, Vec<String>)>,
    /// Centre the cells (result grids) instead of left-aligning them.
    pub centred: bool,
}

/// Draws the swatch of a body row into a rectangle.
pub type SwatchFn<'a> = &'a dyn Fn(&mut Canvas, usize, Rect);

/// Render a table at scale `k` (1 = sizes for a 60 px counter game). `swatch` draws the
/// swatch of body row `i` (counting cell rows only) into a rectangle.
pub fn render(t: &Table, k: f32, swatch: Option<SwatchFn>) -> RgbaImage {
    let body = Font::new(Face::Regular, 12.0 * k);
    let bold = Font::new(Face::Bold, 12.0 * k);
    let title = Font::new(Face::Bold, 18.0 * k);
    let note = Font::new(Face::Regular, 11.0 * k);
    let note_head = Font::new(Face::Bold, 12.0 * k);
    let pad = 6.0 * k;
    let margin = 14.0 * k;
    let max_col = t.max_column * k;
    let ncols = t
        .rows
        .iter()
        .filter_map(|r| match r {
            Row::Cells(c) => Some(c.len()),
            Row::Section(_) => None,
        })
        .chain(std::iter::once(t.header.len()))
        .max()
        .unwrap_or(0);
    let font_of = |c: &Cell| if c.bold { bold } else { body };
    let mut widths = vec![0.0f32; ncols];
    for (i, h) in t.header.iter().enumerate() {
        let longest = h
            .split_whitespace()
            .map(|w| bold.width(w))
            .fold(0.0, f32::max);
        widths[i] = widths[i].max(bold.width(h).min(max_col).max(longest));
    }
    for r in &t.rows {
        if let Row::Cells(cells) = r {
            for (i, c) in cells.iter().enumerate() {
                let f = font_of(c);
                let longest = c
                    .text
                    .split_whitespace()
                    .map(|w| f.width(w))
                    .fold(0.0, f32::max);
                widths[i] = widths[i].max(f.width(&c.text).min(max_col).max(longest));
            }
        }
    }
    let widths: Vec<f32> = widths.iter().map(|w| (w + 2.0 * pad).ceil()).collect();
    let swatch_w = if t.swatch > 0.0 {
        (t.swatch * k + 2.0 * pad).ceil()
    } else {
        0.0
    };
    let table_w = swatch_w + widths.iter().sum::<f32>();
    let line = body.line_height();
    let lines_of = |f: &Font, text: &str, w: f32| f.wrap(text, w - 2.0 * pad);
    let header_lines: Vec<Vec<String>> = t
        .header
        .iter()
        .enumerate()
        .map(|(i, h)| lines_of(&bold, h, widths[i]))
        .collect();
    let header_h = header_lines.iter().map(Vec::len).max().unwrap_or(0) as f32 * line + 2.0 * pad;
    let min_row = if t.swatch > 0.0 {
        t.swatch * k + 2.0 * pad
    } else {
        0.0
    };
    let row_h: Vec<f32> = t
        .rows
        .iter()
        .map(|r| match r {
            Row::Section(_) => line + 2.0 * pad,
            Row::Cells(cells) => {
                let n = cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| lines_of(&font_of(c), &c.text, widths[i]).len())
                    .max()
                    .unwrap_or(1);
                (n as f32 * line + 2.0 * pad).max(min_row)
            }
        })
        .collect();
    let title_w = title.width(&t.title);
    let width = (table_w.max(title_w).max(360.0 * k) + 2.0 * margin).ceil();
    let note_w = width - 2.0 * margin;
    let wrapped_notes: Vec<(String, Vec<String>)> = t
        .notes
        .iter()
        .map(|(h, ls)| {
            (
                h.clone(),
                ls.iter()
                    .flat_map(|l| note.wrap(l, note_w - 10.0 * k))
                    .collect(),
            )
        })
        .collect();
    let notes_h: f32 = wrapped_notes
        .iter()
        .map(|(_, ls)| note_head.line_height() + ls.len() as f32 * note.line_height() + 6.0 * k)
        .sum();
    let title_h = title.line_height() + 6.0 * k;
    let table_h = header_h + row_h.iter().sum::<f32>();
    let height = (margin + title_h + table_h + 10.0 * k + notes_h + margin).ceil();
    let mut c = Canvas::new(width as u32, height as u32, PAPER);
    let ink = Rgba(25, 25, 25, 255);
    c.text(
        &title,
        &t.title,
        margin,
        margin + title.cap_height(),
        Align::Left,
        ink,
    );
    let x0 = margin;
    let mut y = margin + title_h;
    let grid = Pen::new(Rgba(60, 60, 60, 255), 1.0).square();

    // Header.
    c.fill_rect(x0, y, table_w, header_h, Rgba(0x3a, 0x3a, 0x3a, 255));
    let mut x = x0 + swatch_w;
    for (i, ls) in header_lines.iter().enumerate() {
        let mut by = y + pad + bold.cap_height();
        for l in ls {
            if t.centred {
                c.text(
                    &bold,
                    l,
                    x + widths[i] / 2.0,
                    by,
                    Align::Centre,
                    Rgba::WHITE,
                );
            } else {
                c.text(&bold, l, x + pad, by, Align::Left, Rgba::WHITE);
            }
            by += line;
        }
        x += widths[i];
    }
    y += header_h;

    // Body.
    let mut body_row = 0usize;
    for (r, h) in t.rows.iter().zip(&row_h) {
        match r {
            Row::Section(s) => {
                c.fill_rect(x0, y, table_w, *h, Rgba(0xd9, 0xd2, 0xbd, 255));
                c.text(
                    &bold,
                    s,
                    x0 + pad,
                    y + pad + bold.cap_height(),
                    Align::Left,
                    ink,
                );
            }
            Row::Cells(cells) => {
                let stripe = if body_row % 2 == 1 {
                    Rgba(0xf0, 0xea, 0xd8, 255)
                } else {
                    Rgba(0xfb, 0xf8, 0xef, 255)
                };
                c.fill_rect(x0, y, table_w, *h, stripe);
                if swatch_w > 0.0 {
                    if let Some(draw) = swatch {
                        draw(
                            &mut c,
                            body_row,
                            (x0 + pad, y + pad, swatch_w - 2.0 * pad, h - 2.0 * pad),
                        );
                    }
                }
                let mut x = x0 + swatch_w;
                for (i, cell) in cells.iter().enumerate() {
                    if let Some(f) = cell.fill {
                        c.fill_rect(x, y, widths[i], *h, f);
                    }
                    let f = font_of(cell);
                    let ls = lines_of(&f, &cell.text, widths[i]);
                    let total = ls.len() as f32 * line;
                    let mut by =
                        y + (h - total) / 2.0 + (line - f.cap_height()) / 2.0 + f.cap_height();
                    for l in &ls {
                        if t.centred {
                            c.text(&f, l, x + widths[i] / 2.0, by, Align::Centre, ink);
                        } else {
                            c.text(&f, l, x + pad, by, Align::Left, ink);
                        }
                        by += line;
                    }
                    x += widths[i];
                }
                let rule = Pen::new(Rgba(60, 60, 60, 90), 1.0).square();
                let mut rx = x0 + swatch_w;
                if swatch_w > 0.0 {
                    c.line((rx, y), (rx, y + h), &rule);
                }
                for w in &widths[..widths.len().saturating_sub(1)] {
                    rx += w;
                    c.line((rx, y), (rx, y + h), &rule);
                }
                body_row += 1;
            }
        }
        c.line(
            (x0, y + h),
            (x0 + table_w, y + h),
            &Pen::new(Rgba(60, 60, 60, 90), 1.0).square(),
        );
        y += h;
    }
    // Frame.
    let top = margin + title_h;
    c.stroke_rect(x0, top, table_w, table_h, &grid);

    // Notes.
    let mut y = top + table_h + 10.0 * k;
    for (h, ls) in &wrapped_notes {
        c.text(
            &note_head,
            h,
            margin,
            y + note_head.cap_height(),
            Align::Left,
            ink,
        );
        y += note_head.line_height();
        for l in ls {
            c.text(
                &note,
                l,
                margin + 10.0 * k,
                y + note.cap_height(),
                Align::Left,
                ink,
            );
            y += note.line_height();
        }
        y += 6.0 * k;
    }
    c.into_image()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_and_grows_the_row() {
        let short = Table {
            title: "T".into(),
            header: vec!["A".into(), "B".into()],
            rows: vec![Row::Cells(vec![Cell::new("x"), Cell::new("y")])],
            max_column: 120.0,
            swatch: 0.0,
            notes: vec![],
            centred: false,
        };
        let mut long = short.clone();
        long.rows = vec![Row::Cells(vec![
            Cell::new("x"),
            Cell::new("a very long text that has to wrap over several lines of the table"),
        ])];
        let a = render(&short, 1.0, None);
        let b = render(&long, 1.0, None);
        assert!(b.height() > a.height() + 20);
        assert!(b.width() < 400, "wrapped, not widened: {}", b.width());
    }
}
