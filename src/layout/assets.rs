//! The shared artwork under `art/`, embedded into the binary by `build.rs`.
//!
//! Files are looked up by their path relative to `art/` (`fonts/DejaVuSans.ttf`), so an
//! installed `sandtable` draws with the same fonts as a checkout of this repository. The
//! bytes are the ones [`crate::load`] already embeds (`$OUT_DIR/art_files.rs`), so including
//! the list a second time here would only double the binary's fonts.

/// The bytes of an embedded file, by its path relative to `art/`.
pub fn file(path: &str) -> Option<&'static [u8]> {
    crate::load::shared_art(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_are_embedded() {
        for f in [
            "fonts/DejaVuSans.ttf",
            "fonts/DejaVuSans-Bold.ttf",
            "fonts/DejaVuSansCondensed-Bold.ttf",
        ] {
            assert!(file(f).is_some_and(|b| b.len() > 1000), "{f}");
        }
        assert!(file("fonts/missing.ttf").is_none());
    }
}
