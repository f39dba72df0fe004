//! Designer-supplied pictures (`image` keys): PNG files loaded and scaled to the size the
//! generated art would have. SVG is reported as unsupported: rasterising it would need a
//! large extra dependency, and designers can export a PNG.

use std::path::Path;

use image::imageops::FilterType;
use image::RgbaImage;

use super::ArtError;

/// An SVG picture refused (by its extension): the art does not rasterise SVG.
fn refuse_svg(path: &Path) -> Result<(), ArtError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Err(ArtError::UnsupportedSvg(path.to_path_buf())),
        _ => Ok(()),
    }
}

/// Load a supplied picture as it is.
pub fn load(path: &Path) -> Result<RgbaImage, ArtError> {
    refuse_svg(path)?;
    let bytes = std::fs::read(path).map_err(|source| ArtError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let img = image::load_from_memory(&bytes).map_err(|source| ArtError::Image {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(img.to_rgba8())
}

/// The width and height of a supplied picture, read from its header, with the errors
/// [`load`] would give.
pub fn dimensions(path: &Path) -> Result<(u32, u32), ArtError> {
    refuse_svg(path)?;
    let io = |source| ArtError::Io {
        path: path.to_path_buf(),
        source,
    };
    let image = |source| ArtError::Image {
        path: path.to_path_buf(),
        source,
    };
    // The format told by the content alone, as `load` tells it.
    let file = std::fs::File::open(path).map_err(io)?;
    image::ImageReader::new(std::io::BufReader::new(file))
        .with_guessed_format()
        .map_err(io)?
        .into_dimensions()
        .map_err(image)
}

/// Load a supplied picture scaled to exactly `width` × `height`.
pub fn load_scaled(path: &Path, width: u32, height: u32) -> Result<RgbaImage, ArtError> {
    let img = load(path)?;
    if img.width() == width && img.height() == height {
        return Ok(img);
    }
    Ok(image::imageops::resize(
        &img,
        width,
        height,
        FilterType::Lanczos3,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_is_a_clear_error_and_png_is_scaled() {
        let dir = tempfile::tempdir().unwrap();
        let svg = dir.path().join("a.svg");
        std::fs::write(&svg, "<svg/>").unwrap();
        let e = load(&svg).unwrap_err();
        assert!(e.to_string().contains("SVG"), "{e}");

        let png = dir.path().join("a.png");
        RgbaImage::from_pixel(10, 20, image::Rgba([1, 2, 3, 255]))
            .save(&png)
            .unwrap();
        let img = load_scaled(&png, 30, 30).unwrap();
        assert_eq!(img.dimensions(), (30, 30));
        assert_eq!(img.get_pixel(15, 15).0, [1, 2, 3, 255]);
        assert!(matches!(
            load(&dir.path().join("none.png")),
            Err(ArtError::Io { .. })
        ));
    }
}
