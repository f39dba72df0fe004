//! What VASSAL calls things and where it puts them, as `sandtable build` lays a game out: the
//! name of every map window and of the off-map boxes window, the blank edge around boards,
//! the grid each board carries (a `HexGrid` numbered as printed, one region per area slot,
//! one zone per pool, a zone of numbered regions over each track display printed below a
//! map), the global property of each track and the id of the turn tracker.
//!
//! The VASSAL backend writes these names and grids into the module (`emit/vassal/`); the
//! save adapter (`helpers/savegame.rs`) names a saved piece's location with the same grids,
//! as the format layer's [`Grid`] values, without building a module.

use super::area::slots;
use super::displays::pool_zones;
use super::track_display::{base_size, layout, DisplayLayout};
use super::{hex_layout, IRect};
use crate::model::{Game, HexGeometry, HexLayout, MapId, MapKind, Orientation};
use crate::vassal::buildfile::Element;
use crate::vassal::encoder::java_double_to_string;
use crate::vassal::grid::{Grid, HexGrid, Point, Region, RegionGrid, Zone, ZonedGrid};

/// Name of the window holding the off-map boxes.
pub const OFF_MAP: &str = "Off-map boxes";

/// Blank border VASSAL adds around every board (`edgeWidth`, `edgeHeight`); added to every
/// map coordinate in saves.
pub const EDGE: (i32, i32) = (0, 0);

/// Id VASSAL gives the first TurnTracker (used in the save command `TURN<id>`).
pub const TRACKER_ID: &str = "TurnTracker0";

/// Makes names unique by appending ` (2)`, ` (3)`… to repeats; `taken` are names already used.
pub fn unique_names(names: impl IntoIterator<Item = String>, taken: &[&str]) -> Vec<String> {
    let mut seen: Vec<String> = taken.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    for name in names {
        let mut candidate = name.clone();
        let mut n = 2;
        while seen.contains(&candidate) {
            candidate = format!("{name} ({n})");
            n += 1;
        }
        seen.push(candidate.clone());
        out.push(candidate);
    }
    out
}

/// The VASSAL map name of each game map (also its board's name): the map's title (its id
/// when untitled), made unique, never the off-map window's name.
pub fn map_names(game: &Game) -> Vec<String> {
    unique_names(
        game.maps.iter().map(|m| {
            if m.title.trim().is_empty() {
                m.id.clone()
            } else {
                m.title.trim().to_string()
            }
        }),
        &[OFF_MAP],
    )
}

/// The global property name of each track: its name with everything but letters, digits
/// and `_` dropped (unique).
pub fn track_properties(game: &Game) -> Vec<String> {
    let names = game.tracks.iter().map(|t| {
        let camel: String = t
            .name
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| {
                let mut cs = w.chars();
                cs.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                    .unwrap_or_default()
            })
            .collect();
        match camel.chars().next() {
            Some(c) if c.is_ascii_alphabetic() => camel,
            _ => format!("Track{camel}"),
        }
    });
    unique_names(names, &[])
        .into_iter()
        .map(|n| n.replace([' ', '(', ')'], ""))
        .collect()
}

/// The attributes of `HexGridNumbering` that make VASSAL name every hex exactly as printed.
pub fn hex_numbering(g: &HexGeometry) -> Vec<(&'static str, String)> {
    let n = &g.numbering;
    let phantom = i64::from(g.vassal_phantom_column());
    // VASSAL's "column" is its raw major index: our column, or our row when sideways; the
    // phantom column (when even majors are shifted) numbers one lower.
    let (h_off, v_off, first) = match g.orientation {
        Orientation::Columns => (
            n.first_column - phantom,
            n.first_row,
            if n.column_first { "H" } else { "V" },
        ),
        Orientation::Rows => (
            n.first_row - phantom,
            n.first_column,
            if n.column_first { "V" } else { "H" },
        ),
    };
    let leading = n.digits.saturating_sub(1).to_string();
    vec![
        ("first", first.into()),
        ("sep", String::new()),
        ("hType", "N".into()),
        ("vType", "N".into()),
        ("hLeading", leading.clone()),
        ("vLeading", leading),
        ("hOff", h_off.to_string()),
        ("vOff", v_off.to_string()),
        ("hDescend", "false".into()),
        ("vDescend", "false".into()),
        ("stagger", n.stagger.to_string()),
        ("locationFormat", "$gridLocation$".into()),
    ]
}

/// The attributes of the `HexGrid` that put its cells on the hexes of a picture drawn on
/// `layout`: orientation, origin (one column to the left when VASSAL needs a phantom
/// column) and spacing.
pub fn hex_grid_geometry(g: &HexGeometry, layout: &HexLayout) -> Vec<(&'static str, String)> {
    let x0 = if g.vassal_phantom_column() {
        layout.x0 - layout.dx
    } else {
        layout.x0
    };
    vec![
        ("sideways", (g.orientation == Orientation::Rows).to_string()),
        ("x0", (x0 as i64).to_string()),
        ("y0", (layout.y0 as i64).to_string()),
        ("dx", java_double_to_string(layout.dx)),
        ("dy", java_double_to_string(layout.dy)),
    ]
}

/// The `HexGrid` VASSAL reads from those attributes: snapped to the centres, numbered as
/// printed.
pub fn hex_grid(g: &HexGeometry, layout: &HexLayout) -> HexGrid {
    let attributes = |pairs: Vec<(&str, String)>| {
        pairs
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect::<Vec<_>>()
    };
    let mut grid = Element::new("VASSAL.build.module.map.boardPicker.board.HexGrid");
    grid.attributes = attributes(hex_grid_geometry(g, layout));
    grid.attributes.push(("snapTo".into(), "true".into()));
    grid.attributes.push(("visible".into(), "false".into()));
    let mut numbering =
        Element::new("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering");
    numbering.attributes = attributes(hex_numbering(g));
    grid.children.push(numbering);
    HexGrid::from_element(&grid)
}

/// The four corners of a rectangle, clockwise from the top left: a zone's path.
pub fn corners((x, y, w, h): IRect) -> [(i32, i32); 4] {
    [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
}

/// The Zone over a track display: its boxes' rectangle, named as the display, with a Region
/// per box named by its number, so that a location reads `<display> <number>`.
pub fn track_zone(game: &Game, d: &DisplayLayout) -> Zone {
    Zone {
        name: game.track_displays[d.display].name.clone(),
        location_format: "$name$ $gridLocation$".into(),
        path: corners(d.grid)
            .iter()
            .map(|(x, y)| Point::new(*x, *y))
            .collect(),
        use_parent_grid: false,
        grid: Some(Box::new(Grid::Region(RegionGrid {
            snap_to: true,
            regions: d
                .boxes
                .iter()
                .map(|(v, _, (cx, cy))| Region {
                    name: v.to_string(),
                    origin: Point::new(*cx, *cy),
                })
                .collect(),
        }))),
    }
}

/// The snap point of every slot of an area map, named as the game names the slot
/// (`Larissa — Box 2`): one VASSAL region each.
pub fn slot_regions(game: &Game, map: MapId) -> Vec<(String, (i32, i32))> {
    let MapKind::Area(a) = &game.maps[map].kind else {
        return Vec::new();
    };
    slots(game, map)
        .into_iter()
        .map(|s| (a.slot_name(s.area, s.slot), s.centre))
        .collect()
}

/// The grid VASSAL is given for a game map, as `sandtable build` lays it out: the hex grid
/// or one region per area slot, under the zones of the track displays printed below a
/// generated picture (a supplied picture's size is not known without reading it, so its
/// displays are left out here).
pub fn map_grid(game: &Game, map: MapId) -> Option<Grid> {
    let grid = match &game.maps.get(map)?.kind {
        MapKind::Hex(h) => Some(Grid::Hex(hex_grid(
            &h.geometry,
            &hex_layout(game, &h.geometry),
        ))),
        MapKind::Area(_) => Some(Grid::Region(RegionGrid {
            snap_to: true,
            regions: slot_regions(game, map)
                .into_iter()
                .map(|(name, (x, y))| Region {
                    name,
                    origin: Point::new(x, y),
                })
                .collect(),
        })),
    };
    let Some(strip) = base_size(game, map).and_then(|base| layout(game, map, base)) else {
        return grid;
    };
    Some(Grid::Zoned(ZonedGrid {
        zones: strip.displays.iter().map(|d| track_zone(game, d)).collect(),
        background: grid.map(Box::new),
    }))
}

/// The grid of the off-map boxes window: one zone per pool, named as the pool, over its
/// box; `None` when the game has no pools.
pub fn pools_grid(game: &Game) -> Option<Grid> {
    if game.pools.is_empty() {
        return None;
    }
    let zones = game
        .pools
        .iter()
        .zip(pool_zones(game))
        .map(|(pool, r)| Zone {
            name: pool.name.clone(),
            location_format: "$name$".into(),
            path: corners(r).iter().map(|(x, y)| Point::new(*x, *y)).collect(),
            use_parent_grid: false,
            grid: None,
        })
        .collect();
    Some(Grid::Zoned(ZonedGrid {
        zones,
        background: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_unique_and_never_the_off_map_window() {
        assert_eq!(
            unique_names(["A".into(), "B".into(), "A".into()], &["B"]),
            ["A", "B (2)", "A (2)"]
        );
        assert_eq!(
            unique_names([OFF_MAP.to_string()], &[OFF_MAP]),
            [format!("{OFF_MAP} (2)")]
        );
    }
}
