//! `[map.cartouche]`: where a generated hex map prints its title and legend, and a located
//! warning where the key can have no effect (an area map, a supplied picture).

use super::{word, Cx};
use crate::diag::Diagnostic;
use crate::load::schema::{self, words::CARTOUCHE_POSITIONS};
use crate::load::source::FileId;
use crate::model::map::{Cartouche, CartouchePosition};

/// The cartouche of a hex map, from its `[map.cartouche]` (the default when absent).
pub(super) fn read(cx: &mut Cx, file: FileId, m: &schema::Map) -> Cartouche {
    let Some(c) = &m.cartouche else {
        return Cartouche::default();
    };
    if m.image.is_some() {
        cx.push(
            Diagnostic::warning(
                "ignored-key",
                "`[map.cartouche]` places the title and legend of a generated map only",
            )
            .at(Cx::span(file, c))
            .hint("this map shows its supplied `image` as it is; print the title and legend on the picture itself"),
        );
    }
    let position = c.get_ref().position.as_ref().and_then(|p| {
        word(cx, file, p, "cartouche position", CARTOUCHE_POSITIONS).map(|w| match w {
            "top-left" => CartouchePosition::TopLeft,
            "top-right" => CartouchePosition::TopRight,
            "bottom-left" => CartouchePosition::BottomLeft,
            "bottom-right" => CartouchePosition::BottomRight,
            "below" => CartouchePosition::Below,
            "off" => CartouchePosition::Off,
            _ => CartouchePosition::Auto,
        })
    });
    Cartouche {
        position: position.unwrap_or(CartouchePosition::Auto),
        legend: c.get_ref().legend,
    }
}

/// The warning for `[map.cartouche]` on an area map, whose picture has none.
pub(super) fn on_area_map(cx: &mut Cx, file: FileId, m: &schema::Map) {
    if let Some(c) = &m.cartouche {
        cx.push(
            Diagnostic::warning(
                "ignored-key",
                "`[map.cartouche]` is for hex maps; an area map's picture prints its areas' names only",
            )
            .at(Cx::span(file, c))
            .hint("remove it, or give the map a supplied `image` with its own title and legend"),
        );
    }
}
