//! The site's map pictures in 256 colours: a map, its set-up pictures, its parts and insets
//! are flat colour with anti-aliased edges and text, which a palette of 256 colours learnt
//! from the picture (NeuQuant, the `color_quant` crate) shows as the full-colour picture does
//! at its printed size, in a PNG of one byte a pixel instead of four: The Great Patriotic
//! War's published pictures fall from 11.0 MB to 5.3 MB, the six example games' sites to
//! about half their size. Counter faces are flat colour too and get a palette each.
//!
//! The palette is learnt once from a map's picture and used for every part and inset cut
//! from it, so neighbouring parts show a colour alike. The same picture learns the same
//! palette, so the same map gives the same bytes.

use color_quant::NeuQuant;
use image::RgbaImage;
use rayon::prelude::*;

use crate::emit::art::ArtError;

/// How sparsely NeuQuant samples a picture while learning its colours: one pixel in this
/// many (1 is every pixel, 30 the coarsest). 10 learns a 10-megapixel map in about a second.
const SAMPLING: i32 = 10;

/// A palette of 256 colours learnt from a picture.
pub struct Palette {
    quant: NeuQuant,
}

impl Palette {
    /// The palette of a picture's colours.
    pub fn of(img: &RgbaImage) -> Self {
        Palette {
            quant: NeuQuant::new(SAMPLING, 256, img.as_raw()),
        }
    }

    /// A picture as an indexed PNG in this palette (each pixel its nearest colour), its
    /// transparency kept in the palette's alpha where a colour is not opaque.
    pub fn encode(&self, img: &RgbaImage) -> Result<Vec<u8>, ArtError> {
        let (width, height) = img.dimensions();
        let indices: Vec<u8> = img
            .as_raw()
            .par_chunks_exact(4)
            .map(|p| u8::try_from(self.quant.index_of(p)).unwrap_or(u8::MAX))
            .collect();
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(self.quant.color_map_rgb());
        let alpha = self.quant.color_map_alpha();
        if alpha.iter().any(|a| *a != u8::MAX) {
            encoder.set_trns(alpha);
        }
        encoder.set_compression(png::Compression::High);
        // Indices are not magnitudes: no prediction filter (as the PNG specification advises
        // for palette pictures).
        encoder.set_filter(png::Filter::NoFilter);
        let encode = |source| ArtError::Encode { source };
        let mut writer = encoder.write_header().map_err(encode)?;
        writer.write_image_data(&indices).map_err(encode)?;
        writer.finish().map_err(encode)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_of_few_colours_keeps_them_and_its_bytes() {
        let mut img = RgbaImage::new(64, 32);
        for (x, _, p) in img.enumerate_pixels_mut() {
            *p = if x < 32 {
                image::Rgba([200, 30, 30, 255])
            } else {
                image::Rgba([240, 240, 220, 255])
            };
        }
        let palette = Palette::of(&img);
        let bytes = palette.encode(&img).unwrap();
        assert_eq!(bytes, Palette::of(&img).encode(&img).unwrap());
        let back = image::load_from_memory(&bytes).unwrap().to_rgba8();
        assert_eq!(back.dimensions(), (64, 32));
        for (a, b) in img.pixels().zip(back.pixels()) {
            for c in 0..4 {
                assert!(a[c].abs_diff(b[c]) <= 4, "{a:?} became {b:?}");
            }
        }
    }
}
