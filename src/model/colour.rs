//! Colours as designers write them (`#rrggbb`).

use serde::{Serialize, Serializer};

/// An opaque RGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Colour {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
}

impl Colour {
    /// Parse `#rrggbb` (or `#rgb`).
    pub fn parse(text: &str) -> Option<Self> {
        let hex = text.strip_prefix('#')?;
        let digits: Vec<u8> = hex
            .chars()
            .map(|c| c.to_digit(16).map(|d| d as u8))
            .collect::<Option<_>>()?;
        match digits.as_slice() {
            [r, g, b] => Some(Self {
                r: r * 17,
                g: g * 17,
                b: b * 17,
            }),
            [r1, r2, g1, g2, b1, b2] => Some(Self {
                r: r1 * 16 + r2,
                g: g1 * 16 + g2,
                b: b1 * 16 + b2,
            }),
            _ => None,
        }
    }

    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// VASSAL's colour attribute form `r,g,b`.
    pub fn vassal(&self) -> String {
        format!("{},{},{}", self.r, self.g, self.b)
    }

    /// Relative luminance, 0 (black) to 1 (white), for choosing readable text colours.
    pub fn luminance(&self) -> f64 {
        (0.2126 * f64::from(self.r) + 0.7152 * f64::from(self.g) + 0.0722 * f64::from(self.b))
            / 255.0
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_long_and_short_forms() {
        assert_eq!(
            Colour::parse("#ff8000").map(|c| c.vassal()),
            Some("255,128,0".into())
        );
        assert_eq!(
            Colour::parse("#f80").map(|c| c.hex()),
            Some("#ff8800".into())
        );
        assert_eq!(Colour::parse("ff8000"), None);
        assert_eq!(Colour::parse("#ff80"), None);
        assert_eq!(Colour::parse("#gg0000"), None);
    }
}
