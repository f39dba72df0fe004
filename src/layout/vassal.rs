//! What VASSAL calls things and where it puts them, as `sandtable build` lays a game out: the
//! name of every map window and of the off-map boxes window, the blank edge around boards,
//! the grid each board carries (a `HexGrid` numbered as printed, one region per area slot —
//! on a province board one per site, plus a spot beside each supply centre where the
//! owner's control marker stands, named as the province —, one zone per pool, a zone of
//! numbered regions over each track display printed below a map), the global property of
//! each track, the id of the turn tracker and what its first level counts (turns, or every
//! step of every turn in a game of written orders or one whose turns play different phases).
//!
//! The VASSAL backend writes these names and grids into the module (`emit/vassal/`); the
//! save adapter (`helpers/savegame.rs`) names a saved piece's location with the same grids,
//! as the format layer's [`Grid`] values, without building a module.

use super::area::slots;
use super::displays::pool_zones;
use super::track_display::{base_size, layout, DisplayLayout};
use super::{hex_layout, IRect};
use crate::model::scenario::AreaSlot;
use crate::model::sequence::{Player, Step};
use crate::model::{Game, HexGeometry, HexLayout, MapId, MapKind, Orientation, PhaseId, TurnId};
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

/// The module-level global property in which a game of written orders keeps the retreat
/// situation a movement phase left (each dislodged unit's attacker and the standoffs), which
/// pieces cannot show; VASSAL writes a property's value into every save, so the situation
/// survives the game saved again in VASSAL.
pub const RETREATS_PROPERTY: &str = "RetreatSituation";

/// The scale a control marker is drawn at (its Layer's), beside the unit of its centre.
pub const CONTROL_MARKER_SCALE: f64 = 0.5;

/// An archive entry's stem: `text` with every character outside `[A-Za-z0-9._-]` replaced by `_`.
pub fn file_stem(text: &str) -> String {
    let s: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        format!("_{s}")
    } else {
        s
    }
}

/// Whether the game is one of written orders: some phase takes orders (movement, retreats,
/// adjustments), which every side writes at once and reveals together. Its module has a
/// referee side, units only their own side may move, a Notes window for the orders, and a
/// turn tracker stepping through every phase of every turn.
pub fn written_orders(game: &Game) -> bool {
    game.phases.iter().any(|p| p.orders.is_some())
}

/// The steps of the turn tracker's first level in a game of written orders: every phase of
/// every turn in calendar order (a turn that lists no phases plays all of them), so that a
/// season's own phases follow each other (`Spring 1901 — Retreats` is followed by `Autumn
/// 1901 — Movement`); `None` for other games, whose first level lists the turns with each
/// side's phases nested below.
pub fn order_steps(game: &Game) -> Option<Vec<(TurnId, PhaseId)>> {
    if !written_orders(game) {
        return None;
    }
    let mut out = Vec::new();
    for (t, turn) in game.turns.iter().enumerate() {
        if turn.phases.is_empty() {
            out.extend((0..game.phases.len()).map(|p| (t, p)));
        } else {
            out.extend(turn.phases.iter().map(|p| (t, *p)));
        }
    }
    Some(out)
}

/// The steps of the turn tracker's first level when it cannot nest one game turn's steps
/// below the turns — VASSAL's nested level is the same list in every turn: in a game of
/// written orders ([`order_steps`], every side at once), and in a game where some turn plays
/// only some phases (the Great European War's winter turns play one impulse), each turn's
/// own steps in order, each side's phases once for each player. `None` when every turn
/// plays the whole sequence.
pub fn turn_steps(game: &Game) -> Option<Vec<(TurnId, Step)>> {
    if let Some(steps) = order_steps(game) {
        return Some(
            steps
                .into_iter()
                .map(|(t, phase)| {
                    let step = Step {
                        phase,
                        player: Player::Everyone,
                    };
                    (t, step)
                })
                .collect(),
        );
    }
    if game.turns.iter().all(|t| t.phases.is_empty()) {
        return None;
    }
    let steps = game.steps();
    let mut out = Vec::new();
    for (t, turn) in game.turns.iter().enumerate() {
        out.extend(
            steps
                .iter()
                .filter(|s| turn.phases.is_empty() || turn.phases.contains(&s.phase))
                .map(|&s| (t, s)),
        );
    }
    Some(out)
}

/// The turn the tracker's first level stands for at `index`: the turn itself, or the turn
/// of that step where the first level lists steps ([`turn_steps`]).
pub fn tracker_turn(game: &Game, index: usize) -> Option<TurnId> {
    match turn_steps(game) {
        Some(steps) => steps.get(index).map(|(t, _)| *t),
        None => (index < game.turns.len()).then_some(index),
    }
}

/// The index of the tracker's first level at the start of `turn` (its first step where the
/// first level lists steps).
pub fn tracker_index(game: &Game, turn: TurnId) -> usize {
    match turn_steps(game) {
        Some(steps) => steps.iter().position(|(t, _)| *t == turn).unwrap_or(0),
        None => turn,
    }
}

/// The text of each turn on the tracker: `Turn 2 — Mud`.
pub fn turn_labels(game: &Game) -> Vec<String> {
    game.turns
        .iter()
        .map(|t| match t.weather {
            Some(w) => format!("{} — {}", t.name, game.weather[w].name),
            None => t.name.clone(),
        })
        .collect()
}

/// The steps of the tracker's single level where it lists every turn's steps
/// ([`turn_steps`]): `Spring 1901 — Movement`, `Winter 1941-42 — Winter · Axis Combat
/// Phase`; `None` when the tracker nests one game turn's steps below the turns.
pub fn step_labels(game: &Game) -> Option<Vec<String>> {
    Some(
        first_level(game)?
            .into_iter()
            .map(|(_, label)| label)
            .collect(),
    )
}

fn first_level(game: &Game) -> Option<Vec<(TurnId, String)>> {
    let turns = turn_labels(game);
    Some(
        turn_steps(game)?
            .into_iter()
            .map(|(t, step)| {
                let joiner = if game.turns[t].weather.is_some() {
                    " · "
                } else {
                    " — "
                };
                (t, format!("{}{joiner}{}", turns[t], game.step_label(step)))
            })
            .collect(),
    )
}

/// Each entry of the tracker's first level (the value of its `Turn` property) with the turn
/// it belongs to: the turns themselves, or every turn's steps.
pub fn turn_entries(game: &Game) -> Vec<(TurnId, String)> {
    first_level(game).unwrap_or_else(|| turn_labels(game).into_iter().enumerate().collect())
}

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

/// Where each supply centre's (and each province worth industrial points') control marker
/// stands on a province board, when some side has
/// a control marker: beside the province's own slot, vertically centred on it, overlapping
/// the slot's right edge by a quarter of the marker (drawn at [`CONTROL_MARKER_SCALE`]), so
/// that the owner reads at a glance next to the unit standing there — by its left edge
/// where the right one would leave the picture. (area, point), in area order; empty for
/// other maps.
pub fn centre_spots(game: &Game, map: MapId) -> Vec<(usize, (i32, i32))> {
    let Some(MapKind::Area(a)) = game.maps.get(map).map(|m| &m.kind) else {
        return Vec::new();
    };
    if !a.is_board() || game.sides.iter().all(|s| s.control_marker.is_none()) {
        return Vec::new();
    }
    let marker = game.art.counter_size.max(8) as f32 * CONTROL_MARKER_SCALE as f32;
    let all = slots(game, map);
    (0..a.areas.len())
        .filter(|i| game.is_owned_area(&a.areas[*i].id, a.areas[*i].supply_centre))
        .filter_map(|i| {
            let own = all
                .iter()
                .filter(|s| s.area == i)
                .min_by_key(|s| s.slot != AreaSlot::Open)?;
            let (x, y, w, h) = own.rect;
            let right = x + w + marker / 4.0;
            let cx = if right + marker / 2.0 <= a.size.0 as f32 {
                right
            } else {
                x - marker / 4.0
            };
            Some((i, (cx.round() as i32, (y + h / 2.0).round() as i32)))
        })
        .collect()
}

/// The snap point of every slot of an area map, named as the game names the slot
/// (`Larissa — Box 2`, on a province board the site: `Spain`, `Spain (north coast)`): one
/// VASSAL region each; then each supply centre's control-marker spot ([`centre_spots`]),
/// a region named as the province too, so that whatever stands there reads as standing in
/// the province.
pub fn slot_regions(game: &Game, map: MapId) -> Vec<(String, (i32, i32))> {
    let MapKind::Area(a) = &game.maps[map].kind else {
        return Vec::new();
    };
    let mut out: Vec<(String, (i32, i32))> = slots(game, map)
        .into_iter()
        .map(|s| (a.slot_name(s.area, s.slot), s.centre))
        .collect();
    out.extend(
        centre_spots(game, map)
            .into_iter()
            .map(|(area, at)| (a.slot_name(area, AreaSlot::Open), at)),
    );
    out
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
    // A strip holding only the cartouche has no boxes to zone.
    let Some(strip) = base_size(game, map)
        .and_then(|base| layout(game, map, base))
        .filter(|s| !s.displays.is_empty())
    else {
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
    fn a_game_of_written_orders_steps_through_each_turns_own_phases() {
        let g = crate::testgame::example("diplomacy");
        let steps = order_steps(&g).expect("a game of written orders");
        assert_eq!(
            steps.len(),
            20 * 5,
            "1901-1920: two phases in spring and autumn, one in winter"
        );
        let named: Vec<String> = steps[..5]
            .iter()
            .map(|(t, p)| format!("{} {}", g.turns[*t].name, g.phases[*p].name))
            .collect();
        assert_eq!(
            named,
            [
                "Spring 1901 Movement",
                "Spring 1901 Retreats",
                "Autumn 1901 Movement",
                "Autumn 1901 Retreats",
                "Winter 1901 Adjustments"
            ]
        );
        assert_eq!(tracker_turn(&g, 4), Some(2));
        assert_eq!(tracker_index(&g, 2), 4);
        assert_eq!(tracker_turn(&g, steps.len()), None);
        let mini = crate::testgame::mini();
        assert!(order_steps(&mini).is_none());
        assert_eq!(tracker_turn(&mini, 1), Some(1));
        assert_eq!(tracker_index(&mini, 1), 1);
    }

    #[test]
    fn every_supply_centre_has_a_marker_spot_of_its_own_on_the_picture() {
        let g = crate::testgame::example("diplomacy");
        let MapKind::Area(a) = &g.maps[0].kind else {
            panic!("an area map");
        };
        let spots = centre_spots(&g, 0);
        let centres = a.areas.iter().filter(|x| x.supply_centre).count();
        assert_eq!(spots.len(), centres);
        let regions = slot_regions(&g, 0);
        let mut origins: Vec<(i32, i32)> = regions.iter().map(|(_, p)| *p).collect();
        origins.sort();
        origins.dedup();
        assert_eq!(
            origins.len(),
            regions.len(),
            "every region has an origin of its own"
        );
        let half = (g.art.counter_size as f64 * CONTROL_MARKER_SCALE / 2.0) as i32;
        for (area, (x, y)) in spots {
            assert!(a.areas[area].supply_centre);
            assert!(
                x - half >= 0 && x + half <= a.size.0 as i32,
                "{}",
                a.areas[area].name
            );
            assert!(y >= 0 && y <= a.size.1 as i32, "{}", a.areas[area].name);
        }
        // No spots where no side has a marker, nor on other games' maps.
        assert!(centre_spots(&crate::testgame::example("greek-civil-war"), 0).is_empty());
    }

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
