//! Text measured before anything is drawn: the embedded DejaVu fonts (the files under `art/`,
//! embedded by `build.rs`), their metrics, kerned advance widths, fitting and wrapping.
//!
//! Where a label goes decides where boxes go (an area's slots sit below its name), so the
//! layout measures text here; the art turns the same [`Font`] into outlines
//! (`emit/art/text.rs`). Sizes are em sizes in pixels (a 10 px font is 10 px from em top to
//! em bottom).

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef, GlyphId};

use super::assets;

/// The faces available to the art (the embedded DejaVu fonts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    /// DejaVu Sans: hex numbers, notes, chart bodies.
    Regular,
    /// DejaVu Sans Bold: names, titles.
    Bold,
    /// DejaVu Sans Condensed Bold: counter factors and designations.
    Condensed,
}

impl Face {
    fn file(self) -> &'static str {
        match self {
            Face::Regular => "fonts/DejaVuSans.ttf",
            Face::Bold => "fonts/DejaVuSans-Bold.ttf",
            Face::Condensed => "fonts/DejaVuSansCondensed-Bold.ttf",
        }
    }

    /// The parsed font.
    pub(crate) fn font(self) -> &'static FontRef<'static> {
        static FONTS: OnceLock<[FontRef<'static>; 3]> = OnceLock::new();
        let fonts = FONTS.get_or_init(|| {
            [Face::Regular, Face::Bold, Face::Condensed].map(|f| {
                let bytes = assets::file(f.file()).expect("the DejaVu fonts are embedded");
                FontRef::try_from_slice(bytes).expect("the embedded fonts parse")
            })
        });
        &fonts[self as usize]
    }
}

/// A font at a size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Font {
    /// Face.
    pub face: Face,
    /// Em size in pixels.
    pub size: f32,
}

impl Font {
    /// A font.
    pub fn new(face: Face, size: f32) -> Self {
        Self { face, size }
    }

    /// The same face at another size.
    pub fn sized(self, size: f32) -> Self {
        Self { size, ..self }
    }

    /// Font units to pixels.
    pub(crate) fn scale(&self) -> f32 {
        let f = self.face.font();
        self.size / f.units_per_em().unwrap_or(2048.0)
    }

    /// Distance from the baseline up to the top of capital letters (and digits).
    pub fn cap_height(&self) -> f32 {
        // DejaVu's capitals are 0.729 em tall.
        self.size * 0.729
    }

    /// Distance from the baseline to the top of the font's ascent.
    pub fn ascent(&self) -> f32 {
        self.face.font().ascent_unscaled() * self.scale()
    }

    /// Distance from the baseline down to the bottom of the descent (positive).
    pub fn descent(&self) -> f32 {
        -self.face.font().descent_unscaled() * self.scale()
    }

    /// Recommended distance between baselines.
    pub fn line_height(&self) -> f32 {
        self.size * 1.2
    }

    /// The glyphs of a line of text with their x offsets (kerned), and its advance width.
    pub(crate) fn glyphs(&self, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
        let f = self.face.font();
        let s = self.scale();
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        let mut out = Vec::with_capacity(text.len());
        for ch in text.chars() {
            let id = f.glyph_id(ch);
            if let Some(p) = prev {
                x += f.kern_unscaled(p, id) * s;
            }
            out.push((id, x));
            x += f.h_advance_unscaled(id) * s;
            prev = Some(id);
        }
        (out, x)
    }

    /// Advance width of a line of text.
    pub fn width(&self, text: &str) -> f32 {
        self.glyphs(text).1
    }

    /// The largest size not above this one at which `text` fits in `max_width` (never below
    /// `min_size`).
    pub fn fit(self, text: &str, max_width: f32, min_size: f32) -> Self {
        let w = self.width(text);
        if w <= max_width || w <= 0.0 {
            return self;
        }
        self.sized((self.size * max_width / w).max(min_size))
    }

    /// Break text into lines no wider than `max_width` (a word longer than that gets a line
    /// of its own). Explicit newlines are kept.
    pub fn wrap(&self, text: &str, max_width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in text.split('\n') {
            let mut line = String::new();
            for word in para.split_whitespace() {
                let candidate = if line.is_empty() {
                    word.to_string()
                } else {
                    format!("{line} {word}")
                };
                if !line.is_empty() && self.width(&candidate) > max_width {
                    lines.push(std::mem::take(&mut line));
                    line = word.to_string();
                } else {
                    line = candidate;
                }
            }
            lines.push(line);
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_and_fits() {
        let f = Font::new(Face::Regular, 10.0);
        let lines = f.wrap("attacker retreats one hex and loses a step", 60.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| f.width(l) <= 60.0 || !l.contains(' ')));
        assert_eq!(
            lines.join(" "),
            "attacker retreats one hex and loses a step"
        );
        assert_eq!(f.wrap("a\nb", 100.0), vec!["a", "b"]);
    }

    #[test]
    fn fit_shrinks_long_text() {
        let f = Font::new(Face::Bold, 20.0);
        let g = f.fit("Dnepropetrovsk", 50.0, 4.0);
        assert!(g.size < 20.0 && g.width("Dnepropetrovsk") <= 50.5);
        assert_eq!(f.fit("A", 50.0, 4.0), f);
    }
}
