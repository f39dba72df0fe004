//! What glyph masks and sprites share: positions rounded to a quarter of a pixel, so a
//! picture drawn once per quarter can be laid at whole pixels, and the rounding product used
//! to blend premultiplied pixels source over.

/// Positions per pixel, across and down, at which a mask or sprite is drawn.
pub(super) const STEPS: f32 = 4.0;

/// A position as its whole pixel and its quarter within the pixel (0 to 3).
pub(super) type Step = (i32, u8);

/// A position split into its whole pixel and its quarter within the pixel.
pub(super) fn step(v: f32) -> Step {
    let q = (v * STEPS).round();
    let whole = (q / STEPS).floor();
    (whole as i32, (q - whole * STEPS) as u8)
}

/// `a × b / 255`, rounded.
pub(super) fn mul255(a: u32, b: u32) -> u32 {
    let v = a * b + 128;
    (v + (v >> 8)) >> 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_split_into_pixels_and_quarters() {
        assert_eq!(step(10.0), (10, 0));
        assert_eq!(step(10.26), (10, 1));
        assert_eq!(step(10.5), (10, 2));
        assert_eq!(step(10.9), (11, 0));
        assert_eq!(step(-0.3), (-1, 3));
        assert_eq!(step(-0.1), (0, 0));
    }

    #[test]
    fn products_round_to_the_nearest_level() {
        assert_eq!(mul255(255, 255), 255);
        assert_eq!(mul255(255, 0), 0);
        assert_eq!(mul255(128, 255), 128);
        assert_eq!(mul255(255, 64), 64);
        // 200 × 200 / 255 = 156.86
        assert_eq!(mul255(200, 200), 157);
    }
}
