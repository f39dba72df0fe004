//! The picture of a hex map.
//!
//! The picture is exactly the layout's `hex_layout(game, geometry)` in size and every
//! hex is drawn around `geometry.centre(&layout, hex)`, the same maths as VASSAL's `HexGrid`,
//! so the grid VASSAL snaps to lies on the printed one. Layers, bottom to top: terrain fills
//! and patterns, coastlines, the thin grid, country borders, set-up regions, rivers and
//! straits, rail lines, cities, hex numbers (at the top of each hex, where VASSAL's numbering
//! would print them, and left out where a name is), names with a halo, edge labels in the
//! margin. The cartouche (title and legend) is drawn over it by the caller, or below it with
//! the strip ([`super::cartouche`]).
//!
//! This file holds what every layer measures by (the hex map's geometry on its layout) and
//! draws the layers in order: terrain fills and patterns in `terrain.rs`; the lines along
//! hexsides and between hex centres in `lines.rs`; the places, their names and the hex
//! numbers in `places.rs`; the labels of the map's edges in `edges.rs`. How a feature
//! terrain or a crossing is drawn, and its symbols and badges (which the cartouche's legend
//! and the terrain chart draw too), are in `features.rs`.

mod edges;
mod features;
mod lines;
mod places;
mod terrain;

use super::canvas::{Canvas, Rgba};
use crate::layout::hex_layout;
use crate::model::{
    Game, HexCoord, HexGeometry, HexLayout, HexMap, Map, MapId, MapKind, Orientation, Terrain,
    TerrainKind,
};

pub use features::{badge, badge_kind, city_kind, city_symbol, is_strait, BadgeKind, CityKind};
pub use places::Bounds;

/// The paper colour around and under the map.
pub const PAPER: Rgba = Rgba(0xf4, 0xef, 0xe1, 255);
/// Outline of set-up regions.
pub const REGION_RED: Rgba = Rgba(0xd0, 0x10, 0x10, 255);

struct Ctx<'a> {
    game: &'a Game,
    map: &'a Map,
    hm: &'a HexMap,
    geo: &'a HexGeometry,
    layout: HexLayout,
    dy: f32,
}

impl Ctx<'_> {
    fn centre(&self, c: HexCoord) -> (f32, f32) {
        let (x, y) = self.geo.centre(&self.layout, c);
        (x as f32, y as f32)
    }

    fn corners(&self, c: HexCoord) -> [(f32, f32); 6] {
        self.corners_at(self.centre(c))
    }

    /// The corners of a hex centred at `centre` (a sprite's own point).
    fn corners_at(&self, (x, y): (f32, f32)) -> [(f32, f32); 6] {
        self.geo
            .corners(&self.layout, (f64::from(x), f64::from(y)))
            .map(|(a, b)| (a as f32, b as f32))
    }

    /// The distance from a hex's centre to its corners.
    fn radius(&self) -> f32 {
        self.dy / 3f32.sqrt()
    }

    /// Which way the hexes lie, as a sprite key's number.
    fn turned(&self) -> u32 {
        match self.geo.orientation {
            Orientation::Columns => 0,
            Orientation::Rows => 1,
        }
    }

    /// The side of hex `a` towards its neighbour in direction `dir`.
    fn side(&self, a: HexCoord, dir: usize) -> ((f32, f32), (f32, f32)) {
        let k = self.corners(a);
        let (i, j) = HexGeometry::side_corners(dir);
        (k[i], k[j])
    }

    fn terrain(&self, c: HexCoord) -> &Terrain {
        &self.game.terrain[self.hm.hex(c).terrain]
    }

    fn is_land(&self, c: HexCoord) -> bool {
        self.terrain(c).kind != TerrainKind::Water
    }

    /// Every side between a hex and a neighbour (or the outside) once, with the neighbour.
    fn sides(&self) -> Vec<(HexCoord, usize, HexCoord)> {
        let mut v = Vec::new();
        for c in self.geo.coords() {
            for (dir, n) in self.geo.around(c).into_iter().enumerate() {
                if !self.geo.contains(n) || c < n {
                    v.push((c, dir, n));
                }
            }
        }
        v
    }
}

/// The size of a hex map's picture: its layout's. Panics if `map` is not a hex map.
pub fn size(game: &Game, map: MapId) -> (u32, u32) {
    let MapKind::Hex(hm) = &game.maps[map].kind else {
        panic!("hex_map::size called on an area map");
    };
    let layout = hex_layout(game, &hm.geometry);
    (layout.width, layout.height)
}

/// Draw a hex map on a canvas of its [`size`] on paper. Panics if `map` is not a hex map.
pub fn draw(c: &mut Canvas, game: &Game, map: MapId) {
    let m = &game.maps[map];
    let MapKind::Hex(hm) = &m.kind else {
        panic!("hex_map::draw called on an area map");
    };
    let layout = hex_layout(game, &hm.geometry);
    let cx = Ctx {
        game,
        map: m,
        hm,
        geo: &hm.geometry,
        layout,
        dy: layout.dy as f32,
    };
    terrain::terrain(c, &cx);
    lines::lines(c, &cx);
    lines::rails(c, &cx);
    lines::set_lines(c, &cx);
    let labels = places::places(c, &cx);
    places::numbers(c, &cx, &labels);
    places::draw_labels(c, &labels);
    edges::edges(c, &cx);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::testing;
    use crate::layout::map_margin;
    use crate::model::map::PlaceAt;

    #[test]
    fn picture_has_the_layout_size_and_terrain_colours_at_centres() {
        let game = testing::mini();
        let img = crate::emit::art::map_canvas(&game, 0).into_image();
        testing::preview("mini-map.png", &img);
        let MapKind::Hex(hm) = &game.maps[0].kind else {
            panic!()
        };
        let l = hm
            .geometry
            .layout(game.art.hex_size, map_margin(game.art.hex_size));
        assert_eq!(img.dimensions(), (l.width, l.height));
        // A clear hex without a place, rail or pattern: its centre pixel is the terrain colour.
        let clear = game.terrain_index("clear").unwrap();
        let rail = hm.rail_hexes();
        let mut checked = 0;
        for h in hm.geometry.coords() {
            let hex = hm.hex(h);
            let placed = game.maps[0].places.iter().any(|p| p.at == PlaceAt::Hex(h));
            if hex.terrain == clear && hex.features.is_empty() && !placed && !rail.contains(&h) {
                let (x, y) = hm.geometry.centre(&l, h);
                let t = game.terrain[clear].colour;
                assert_eq!(
                    img.get_pixel(x as u32, y as u32).0,
                    [t.r, t.g, t.b, 255],
                    "{h:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 3);
    }
}
