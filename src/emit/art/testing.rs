//! For the art's tests: the shared test games ([`crate::testgame`]) and previews of what
//! was drawn.

use std::path::Path;

pub use crate::testgame::{mini, with_area_map};

/// When `SANDTABLE_ART_PREVIEW` names a folder, write a picture there for a human to look at.
pub fn preview(name: &str, img: &image::RgbaImage) {
    if let Some(dir) = std::env::var_os("SANDTABLE_ART_PREVIEW") {
        let path = Path::new(&dir).join(name);
        super::png::write(&path, img).expect("write preview");
    }
}
