//! How things look when drawn: colours with straight alpha and the pens lines are stroked
//! with, and what `tiny-skia` makes of them. The canvas records them and the rasteriser
//! paints with them.

use tiny_skia::{Color, LineCap, LineJoin, Paint, Stroke, StrokeDash};

use crate::model::Colour;

/// An RGBA colour with straight (not premultiplied) alpha, 0–255.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// Opaque black.
    pub const BLACK: Rgba = Rgba(0, 0, 0, 255);
    /// Opaque white.
    pub const WHITE: Rgba = Rgba(255, 255, 255, 255);

    /// An opaque colour from a model colour.
    pub fn of(c: Colour) -> Self {
        Rgba(c.r, c.g, c.b, 255)
    }

    /// The four channels in one number (red highest), for keys.
    pub fn packed(self) -> u32 {
        u32::from_be_bytes([self.0, self.1, self.2, self.3])
    }

    /// The same colour with another alpha.
    pub fn alpha(self, a: u8) -> Self {
        Rgba(self.0, self.1, self.2, a)
    }

    /// Mix towards another colour: `t = 0` keeps this one, `t = 1` gives `other`.
    pub fn mix(self, other: Rgba, t: f32) -> Self {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgba(
            m(self.0, other.0),
            m(self.1, other.1),
            m(self.2, other.2),
            m(self.3, other.3),
        )
    }

    /// Darker by a fraction.
    pub fn darker(self, t: f32) -> Self {
        self.mix(Rgba::BLACK.alpha(self.3), t)
    }

    /// Lighter by a fraction.
    pub fn lighter(self, t: f32) -> Self {
        self.mix(Rgba::WHITE.alpha(self.3), t)
    }

    /// Relative luminance 0–1 of the opaque colour.
    pub fn luminance(self) -> f32 {
        (0.2126 * f32::from(self.0) + 0.7152 * f32::from(self.1) + 0.0722 * f32::from(self.2))
            / 255.0
    }

    /// Black or white, whichever reads better on this colour.
    pub fn contrast(self) -> Rgba {
        if self.luminance() > 0.5 {
            Rgba::BLACK
        } else {
            Rgba::WHITE
        }
    }

    /// An anti-aliased paint of this colour.
    pub fn paint(self) -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color(Color::from_rgba8(self.0, self.1, self.2, self.3));
        p.anti_alias = true;
        p
    }
}

/// How to stroke a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Pen {
    /// Colour.
    pub colour: Rgba,
    /// Width in pixels.
    pub width: f32,
    /// Dash pattern (on, off, …), empty for a solid line.
    pub dash: Vec<f32>,
    /// Round caps and joins (else butt caps and miter joins).
    pub round: bool,
}

impl Pen {
    /// A solid pen with round caps.
    pub fn new(colour: Rgba, width: f32) -> Self {
        Self {
            colour,
            width,
            dash: Vec::new(),
            round: true,
        }
    }

    /// The pen with a dash pattern.
    pub fn dashed(mut self, dash: &[f32]) -> Self {
        self.dash = dash.to_vec();
        self
    }

    /// The pen with butt caps and miter joins.
    pub fn square(mut self) -> Self {
        self.round = false;
        self
    }

    /// The `tiny-skia` stroke of this pen.
    pub fn stroke(&self) -> Stroke {
        Stroke {
            width: self.width,
            line_cap: if self.round {
                LineCap::Round
            } else {
                LineCap::Butt
            },
            line_join: if self.round {
                LineJoin::Round
            } else {
                LineJoin::Miter
            },
            dash: if self.dash.len() >= 2 && self.dash.len().is_multiple_of(2) {
                StrokeDash::new(self.dash.clone(), 0.0)
            } else {
                None
            },
            ..Stroke::default()
        }
    }
}
