//! The geometry of every surface a game is shown on, computed from the model before anything
//! is drawn: where each hex, area slot, pool box and track-display box lies in pixels, and
//! what VASSAL calls each window, board, zone and location.
//!
//! One fact, one place: the art draws on this geometry (`emit/art/`), the VASSAL backend
//! turns it into grids, zones and pixel positions (`emit/vassal/`), and the save adapter
//! reads a saved piece's position back into a location through it
//! (`helpers/savegame.rs`) — none of the three imports another. It reads only the model,
//! the embedded fonts (a label's width decides where an area's boxes go) and the VASSAL
//! format layer's grid types (to say which grid VASSAL is given).
//!
//! - hex maps: [`map_margin`] and [`hex_layout`], over the model's hex maths
//!   ([`crate::model::HexGeometry`]);
//! - area maps: [`area`] (each area's name, points and slots), with the polygon maths of
//!   [`voronoi`];
//! - the off-map displays: [`displays`] (pool, track and turn boxes);
//! - the track displays printed below a map: [`track_display`];
//! - a hex map's title and legend, inside its picture or below it: [`cartouche`];
//! - what VASSAL names and where VASSAL puts things: [`vassal`];
//! - text metrics: [`text`], over the fonts of [`assets`].

pub mod area;
pub mod assets;
pub mod cartouche;
pub mod displays;
pub mod text;
pub mod track_display;
pub mod vassal;
pub mod voronoi;

use crate::model::{Game, HexGeometry, HexLayout};

/// A rectangle in whole pixels: x, y, width, height.
pub type IRect = (i32, i32, i32, i32);

/// The margin around a hex map's grid, in pixels: room for edge labels. The VASSAL grid
/// uses the same value, through [`hex_layout`].
pub fn map_margin(hex_size: u32) -> u32 {
    (hex_size * 3 / 4).max(24)
}

/// The hex size maps are drawn at: the game's `[art] hex-size`, at least 8 pixels.
pub fn hex_size(game: &Game) -> u32 {
    game.art.hex_size.max(8)
}

/// The pixel layout of a hex map's picture: the grid at the game's hex size inside its
/// margin. The picture is exactly this size, every hex is drawn around
/// `geometry.centre(&layout, hex)`, and VASSAL's `HexGrid` is put on the same layout.
pub fn hex_layout(game: &Game, geometry: &HexGeometry) -> HexLayout {
    let size = hex_size(game);
    geometry.layout(size, map_margin(size))
}
