//! PNG output: deterministic encoding (same pixels, same bytes; no timestamps or text
//! chunks) and atomic writes through a temporary file renamed into place.

use std::io::Write as _;
use std::path::Path;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbaImage};

use super::ArtError;

/// Encode a picture as PNG bytes.
pub fn encode(img: &RgbaImage) -> Result<Vec<u8>, ArtError> {
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|source| ArtError::Encode { source })?;
    Ok(out)
}

/// Write bytes to a file atomically: a temporary file beside it, then a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ArtError> {
    let io = |source| ArtError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    crate::vassal::archive::make_folder(dir).map_err(io)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| io(crate::vassal::archive::without_temp_path(e)))?;
    tmp.write_all(bytes).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Temporary files are private; a picture is not.
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path)
        .map_err(|e| io(crate::vassal::archive::without_temp_path(e.error)))?;
    Ok(())
}

/// Encode and write a picture atomically.
pub fn write(path: &Path, img: &RgbaImage) -> Result<(), ArtError> {
    write_atomic(path, &encode(img)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_is_deterministic_and_round_trips() {
        let img = RgbaImage::from_fn(17, 9, |x, y| {
            image::Rgba([x as u8 * 9, y as u8 * 20, 7, 255])
        });
        let a = encode(&img).unwrap();
        assert_eq!(a, encode(&img).unwrap());
        let back = image::load_from_memory(&a).unwrap().to_rgba8();
        assert_eq!(back, img);
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/x.png");
        write(&p, &img).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), a);
        assert_eq!(
            std::fs::read_dir(dir.path().join("sub")).unwrap().count(),
            1
        );
    }
}
