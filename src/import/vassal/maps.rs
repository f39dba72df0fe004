//! The module's boards made into the game's maps: a board with a hex grid becomes a hex map
//! laid and numbered where and as the module draws it; a board whose grid names places
//! (regions, zones, a numbered square grid) an area map of those places ([`super::areas`]);
//! each with its picture copied into `art/`. Also where on those maps a piece of a set-up
//! stands, and `map.toml`, with the pools for what stands on none of them.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek};

use toml_edit::{value, Array, ArrayOfTables, DocumentMut, Item, Table};

use super::{areas, unique, Importer};
use crate::diag::Diagnostic;
use crate::vassal::grid::{Grid, GridNumbering, HexGrid, Point, Size};
use crate::vassal::inspect::{MapInfo, PieceReport};

/// A grid-cell placement, an area placement or a pool placement of one piece.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Spot {
    Hex { map: String, name: String },
    Area { map: String, area: String },
    Pool(String),
}

/// A point of a window of the module: the board under it and the point on that board, and
/// the deck standing there.
fn place_in(map: &MapInfo, point: Point) -> OriginalPlace {
    let layout = map.layout(None);
    let board = layout
        .locate(point)
        .map(|(placement, local)| (placement.name.clone(), local));
    let deck = layout
        .decks
        .iter()
        .find(|(_, at)| *at == point)
        .map(|(name, _)| name.clone());
    OriginalPlace {
        window: map.name.clone(),
        point,
        board,
        deck,
    }
}

/// A board whose grid names places, made into an area map.
#[derive(Debug, Clone)]
pub(super) struct AreaBoard {
    pub(super) id: String,
    /// The VASSAL map it is on.
    pub(super) map: String,
    pub(super) board: String,
    /// As [`HexBoard::title`].
    title: String,
    /// Its picture's size.
    size: Size,
    /// Each area's id and place, in the module's order.
    pub(super) areas: Vec<(String, areas::Place)>,
    /// Area indices by location name.
    by_name: BTreeMap<String, usize>,
    /// Grid components made into areas, by VASSAL's class name.
    pub(super) mapped: BTreeMap<&'static str, usize>,
}

/// A hex board made into a map.
#[derive(Debug, Clone)]
pub(super) struct HexBoard {
    pub(super) id: String,
    /// The VASSAL map it is on.
    pub(super) map: String,
    pub(super) board: String,
    /// The map's title: the VASSAL map's name when it is the map's one board (VASSAL's
    /// window, which players see), else the board's.
    title: String,
    grid: HexGrid,
    columns: i32,
    rows: i32,
    /// The module's own numbering, when the language says it exactly.
    numbering: Option<GridNumbering>,
    digits: u32,
}

impl HexBoard {
    /// Our hex name for a board-local point, when it lies on the grid.
    fn hex_name(&self, local: Point) -> Option<String> {
        let (major, minor) = (self.grid.raw_column(local), self.grid.raw_row(local));
        let (col, row) = if self.grid.sideways {
            (minor, major)
        } else {
            (major, minor)
        };
        if col < 0 || row < 0 || col >= self.columns || row >= self.rows {
            return None;
        }
        match &self.numbering {
            Some(_) => None, // named by the module's own grid (see `spot`)
            None => {
                let w = self.digits as usize;
                Some(format!("{:0w$}{:0w$}", col + 1, row + 1))
            }
        }
    }
}

/// The boards made into maps, and the pictures they show.
pub(super) struct Maps {
    /// The hex maps.
    pub(super) hex: Vec<HexBoard>,
    /// The area maps.
    pub(super) area: Vec<AreaBoard>,
    /// Each map's picture in the game (a PNG), by the map's id.
    pub(super) images: BTreeMap<String, String>,
}

impl Maps {
    /// Where a piece stood in the module (`None` for a piece on no window).
    pub(super) fn original_place(
        module_maps: &[MapInfo],
        piece: &PieceReport,
    ) -> Option<OriginalPlace> {
        let window = piece.map.as_deref()?;
        let map = module_maps.iter().find(|m| m.name == window)?;
        Some(place_in(map, Point::new(piece.x, piece.y)))
    }

    /// Where each deck of the module stands, by its name (the first of a name).
    pub(super) fn deck_places(module_maps: &[MapInfo]) -> BTreeMap<String, OriginalPlace> {
        let mut out = BTreeMap::new();
        for map in module_maps {
            for (name, point) in map.layout(None).decks {
                out.entry(name).or_insert_with(|| place_in(map, point));
            }
        }
        out
    }

    /// How many maps there are, hex and area.
    pub(super) fn count(&self) -> usize {
        self.hex.len() + self.area.len()
    }

    /// Where a piece of a set-up goes: its hex (by our names), the area named as its
    /// location, or a pool named as its location.
    pub(super) fn spot(&self, module_maps: &[MapInfo], piece: &PieceReport) -> Spot {
        let location = piece
            .location
            .clone()
            .filter(|l| !l.trim().is_empty())
            .unwrap_or_else(|| "offboard".into());
        let pool = |map: Option<&str>| match map {
            Some(m) if location == "offboard" => Spot::Pool(format!("{m} {location}")),
            _ => Spot::Pool(location.clone()),
        };
        let Some(map_name) = piece.map.as_deref() else {
            return Spot::Pool("Off the maps".into());
        };
        if piece
            .container
            .as_deref()
            .is_some_and(|c| c.starts_with("deck"))
        {
            return pool(Some(map_name));
        }
        let Some(map) = module_maps.iter().find(|m| m.name == map_name) else {
            return pool(Some(map_name));
        };
        let layout = map.layout(None);
        // A card in a deck (VASSAL names its place as the deck) goes into the deck's pool,
        // whatever hex or area is under the deck.
        if layout
            .decks
            .iter()
            .any(|(_, at)| *at == Point::new(piece.x, piece.y))
        {
            return pool(Some(map_name));
        }
        let Some((placement, local)) = layout.locate(Point::new(piece.x, piece.y)) else {
            return pool(Some(map_name));
        };
        if let Some(board) = self
            .area
            .iter()
            .find(|b| b.map == map_name && b.board == placement.name)
        {
            return match board.by_name.get(&location) {
                Some(&i) => Spot::Area {
                    map: board.id.clone(),
                    area: board.areas[i].0.clone(),
                },
                None => pool(Some(map_name)),
            };
        }
        let Some(board) = self
            .hex
            .iter()
            .find(|b| b.map == map_name && b.board == placement.name)
        else {
            return pool(Some(map_name));
        };
        let name = match &board.numbering {
            Some(_) => {
                let (major, minor) = (board.grid.raw_column(local), board.grid.raw_row(local));
                let (col, row) = if board.grid.sideways {
                    (minor, major)
                } else {
                    (major, minor)
                };
                (col >= 0 && row >= 0 && col < board.columns && row < board.rows)
                    .then(|| location.clone())
            }
            None => board.hex_name(local),
        };
        match name {
            Some(name) => Spot::Hex {
                map: board.id.clone(),
                name,
            },
            None => pool(Some(map_name)),
        }
    }
}

/// The pools made for the pieces the scenarios place off every map: each pool's id by the
/// place it is named as, the decks standing at that place, and where in the module's
/// windows the pieces of each pool stood.
pub(super) struct Pools {
    /// Each pool's id, by the place it is named as.
    pub(super) ids: BTreeMap<String, String>,
    /// The decks at a pool's place, by the place.
    pub(super) decks: BTreeMap<String, Vec<String>>,
    /// Where the first piece a pool holds stood in the module, by the pool's place.
    pub(super) places: BTreeMap<String, OriginalPlace>,
}

/// Where a piece stood in the module: its window and the point there, and the board under
/// that point with the point on it (the game map made from that board keeps the board's
/// coordinates); the deck it lay in, when it stood where one of the window's decks does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct OriginalPlace {
    pub(super) window: String,
    pub(super) point: Point,
    pub(super) board: Option<(String, Point)>,
    pub(super) deck: Option<String>,
}

impl<R: Read + Seek> Importer<'_, R> {
    /// A board grid of a class nobody knows cannot be laid: an error for each.
    pub(super) fn check_grids(&mut self) {
        for board in self.root.descendants().filter(|e| e.is_class("Board")) {
            for child in &board.children {
                let short = child.short_name();
                if short.ends_with("Grid") && Grid::from_element(child).is_none() {
                    self.errors.push(
                        Diagnostic::error(
                            "unknown-component",
                            format!(
                                "board `{}` has a grid of the class `{}`, which is not one of VASSAL's (hex, square, zoned or region grid)",
                                board.attr("name").unwrap_or_default(),
                                child.name
                            ),
                        )
                        .hint("a module with custom Java classes needs them to play: replace the grid with one of VASSAL's in its editor, then import it again"),
                    );
                }
            }
        }
    }

    /// The maps: the hex boards and the area boards of every map, each with its picture
    /// copied into `art/` (a picture not in PNG is copied, and the map drawn by sandtable).
    pub(super) fn maps(&mut self) -> Maps {
        let (boards, area_boards) = self.boards();
        let mut map_images = BTreeMap::new();
        let wanted: Vec<(String, String, String, bool)> = boards
            .iter()
            .map(|b| (b.id.clone(), b.map.clone(), b.board.clone(), false))
            .chain(
                area_boards
                    .iter()
                    .map(|b| (b.id.clone(), b.map.clone(), b.board.clone(), true)),
            )
            .collect();
        for (id, map, board, area) in wanted {
            let info = self
                .module
                .maps
                .iter()
                .filter(|m| m.name == map)
                .flat_map(|m| &m.boards)
                .find(|b| b.name == board);
            if let Some(image) = info.and_then(|b| b.image.clone()) {
                let whose = format!("board `{board}`");
                if let Some(p) = self.copy_image(&image, &whose) {
                    if !self.is_png(&p) {
                        let kind = if area { "area" } else { "hex" };
                        self.notes.push(format!(
                            "board `{board}`: its picture `{image}` is not a PNG, which the language takes: copied into `art/`, the {kind} map drawn by sandtable"
                        ));
                    } else {
                        map_images.insert(id, p);
                    }
                }
            }
        }
        Maps {
            hex: boards,
            area: area_boards,
            images: map_images,
        }
    }

    /// The hex boards and the area boards of every map, and a note for each board that is
    /// neither.
    fn boards(&mut self) -> (Vec<HexBoard>, Vec<AreaBoard>) {
        let mut taken = BTreeSet::new();
        let mut area_taken = BTreeSet::new();
        let mut out = Vec::new();
        let mut area_boards = Vec::new();
        for map in &self.module.maps {
            for board in &map.boards {
                let title = if map.boards.len() == 1 {
                    map.name.clone()
                } else {
                    board.name.clone()
                };
                let grid = match &board.grid {
                    Some(Grid::Hex(grid)) => grid,
                    None => {
                        self.notes.push(format!(
                            "board `{}` of map `{}` has no grid: it names no place, so it is kept verbatim and its pieces go into pools",
                            board.name, map.name
                        ));
                        continue;
                    }
                    Some(other) => {
                        let kind = other.kind();
                        let found = match board.size {
                            Some(size) => areas::places(&board.name, other, size),
                            None => Err("no picture whose size could be read".into()),
                        };
                        match found {
                            Ok(found) => {
                                self.notes.extend(found.notes);
                                let mut by_name = BTreeMap::new();
                                let areas: Vec<(String, areas::Place)> = found
                                    .places
                                    .into_iter()
                                    .enumerate()
                                    .map(|(i, place)| {
                                        by_name.insert(place.name.clone(), i);
                                        (unique(&place.name, &mut area_taken), place)
                                    })
                                    .collect();
                                let n = areas.len();
                                self.notes.push(format!(
                                    "board `{}` of map `{}` ({kind}) is an area map of {n} area{} named as VASSAL names its places; the module says nothing of which areas border which, so none is adjacent to another until the designer lists each area's `adjacent`",
                                    board.name,
                                    map.name,
                                    if n == 1 { "" } else { "s" }
                                ));
                                if n > 1 && areas.iter().all(|(_, p)| !p.outline.is_empty()) {
                                    self.notes.push(format!(
                                        "board `{}` of map `{}`: every area has its zone's outline, so `check` warns (`adjacency-mismatch`) of each two whose outlines touch until their adjacency is listed",
                                        board.name, map.name
                                    ));
                                }
                                area_boards.push(AreaBoard {
                                    id: unique(&board.name, &mut taken),
                                    map: map.name.clone(),
                                    board: board.name.clone(),
                                    title,
                                    size: board.size.unwrap_or_default(),
                                    areas,
                                    by_name,
                                    mapped: found.mapped,
                                });
                            }
                            Err(why) => {
                                self.notes.push(format!(
                                    "board `{}` of map `{}` has {kind} but cannot be an area map ({why}): it is kept verbatim and its pieces go into pools",
                                    board.name, map.name
                                ));
                            }
                        }
                        continue;
                    }
                };
                let Some(size) = board.size else {
                    self.notes.push(format!(
                        "board `{}` of map `{}` has no picture whose size could be read: kept verbatim",
                        board.name, map.name
                    ));
                    continue;
                };
                let (along, across) = if grid.sideways {
                    (size.height, size.width)
                } else {
                    (size.width, size.height)
                };
                let majors =
                    ((f64::from(along) - f64::from(grid.x0)) / grid.dx + 0.5).floor() as i32 + 1;
                let minors =
                    ((f64::from(across) - f64::from(grid.y0)) / grid.dy + 0.5).floor() as i32 + 1;
                let (columns, rows) = if grid.sideways {
                    (minors, majors)
                } else {
                    (majors, minors)
                };
                if columns < 1 || rows < 1 || columns > 2000 || rows > 2000 {
                    self.notes.push(format!(
                        "board `{}`: its hex grid lays {columns} by {rows} hexes on the picture, which the language does not take: kept verbatim",
                        board.name
                    ));
                    continue;
                }
                let numbering = grid.numbering.clone();
                let (numbering, digits) = match numbering {
                    Some(n) if expressible(&n) => {
                        let digits = (n.h_leading + 1).max(1) as u32;
                        (Some(n), digits)
                    }
                    Some(_) => {
                        self.notes.push(format!(
                            "board `{}`: its grid numbering (letters, separators, descending or a location format) is not one the language writes: numbered column-row instead, the module's own kept verbatim",
                            board.name
                        ));
                        (None, digits_for(columns.max(rows)))
                    }
                    None => (None, digits_for(columns.max(rows))),
                };
                if numbering.is_none() && grid.numbering.is_none() {
                    self.notes.push(format!(
                        "board `{}` has no hex numbering (VASSAL names every hex `offboard`): numbered column-row from `0101` for the scenarios' placements",
                        board.name
                    ));
                }
                out.push(HexBoard {
                    id: unique(&board.name, &mut taken),
                    map: map.name.clone(),
                    board: board.name.clone(),
                    title,
                    grid: grid.clone(),
                    columns,
                    rows,
                    numbering,
                    digits,
                });
            }
        }
        (out, area_boards)
    }
}

/// Whether the language numbers hexes as this: numbers on both axes, no separator, not
/// descending, the grid location alone, the same leading zeros on both axes.
fn expressible(n: &GridNumbering) -> bool {
    n.h_type == 'N'
        && n.v_type == 'N'
        && n.sep.is_empty()
        && !n.h_descend
        && !n.v_descend
        && n.location_format == "$gridLocation$"
        && n.h_leading == n.v_leading
        && (0..=3).contains(&n.h_leading)
}

/// Digits enough for numbers up to `n`, at least 2.
fn digits_for(n: i32) -> u32 {
    (n.max(1).to_string().len() as u32).max(2)
}

/// `map.toml`: the terrain (all clear), every map, and the pools.
pub(super) fn map_file(header: &str, maps: &Maps, pools: &Pools) -> String {
    let (images, pools, decks) = (&maps.images, &pools.ids, &pools.decks);
    let mut doc = DocumentMut::new();
    doc.decor_mut().set_prefix(format!(
        "{header}# Each hex board of the module: its picture as supplied art, its hex grid laid where the\n# module draws it and numbered as the module numbers it. Each board whose grid names\n# places (regions, zones, numbered squares): an area map, one area per place named as\n# VASSAL names it.\n"
    ));
    let mut terrain = ArrayOfTables::new();
    let mut t = Table::new();
    t["id"] = value("clear");
    t["name"] = value("Clear");
    t["kind"] = value("land");
    t["colour"] = value("#e8e0b0");
    t.decor_mut().set_prefix(
        "\n# The module says nothing of terrain: every hex and area is clear until the designer says more.\n",
    );
    terrain.push(t);
    doc.insert("terrain", Item::ArrayOfTables(terrain));
    let mut map_list = ArrayOfTables::new();
    for b in &maps.hex {
        let mut m = Table::new();
        m["id"] = value(b.id.clone());
        m["title"] = value(b.title.clone());
        if let Some(image) = images.get(&b.id) {
            m["image"] = value(image.clone());
        }
        let mut hex = Table::new();
        hex["orientation"] = value(if b.grid.sideways { "rows" } else { "columns" });
        hex["columns"] = value(i64::from(b.columns));
        hex["rows"] = value(i64::from(b.rows));
        hex["shifted"] = value("odd");
        let origin: Array = [f64::from(b.grid.x0), f64::from(b.grid.y0)]
            .into_iter()
            .collect();
        let spacing: Array = [b.grid.dx, b.grid.dy].into_iter().collect();
        hex["origin"] = value(origin);
        hex["spacing"] = value(spacing);
        let mut numbering = Table::new();
        match &b.numbering {
            Some(n) => {
                let column_first = (n.first == 'H') != b.grid.sideways;
                let (first_column, first_row) = if b.grid.sideways {
                    (n.v_off, n.h_off)
                } else {
                    (n.h_off, n.v_off)
                };
                numbering["pattern"] = value(if column_first {
                    "column-row"
                } else {
                    "row-column"
                });
                numbering["first-column"] = value(i64::from(first_column));
                numbering["first-row"] = value(i64::from(first_row));
                numbering["digits"] = value(i64::from(b.digits));
                numbering["stagger"] = value(n.stagger);
            }
            None => {
                numbering["pattern"] = value("column-row");
                numbering["first-column"] = value(1);
                numbering["first-row"] = value(1);
                numbering["digits"] = value(i64::from(b.digits));
            }
        }
        hex.insert("numbering", Item::Table(numbering));
        m.insert("hex", Item::Table(hex));
        let mut layer = Table::new();
        let mut legend = toml_edit::InlineTable::new();
        legend.insert(".", "clear".into());
        layer["legend"] = value(legend);
        let row = ".".repeat(b.columns as usize);
        let rows: String = (0..b.rows).map(|_| format!("{row}\n")).collect();
        layer["rows"] = Item::Value(toml_edit::Value::String(toml_edit::Formatted::new(rows)));
        m.insert("terrain", Item::Table(layer));
        map_list.push(m);
    }
    for b in &maps.area {
        let mut m = Table::new();
        m["id"] = value(b.id.clone());
        m["title"] = value(b.title.clone());
        if let Some(image) = images.get(&b.id) {
            m["image"] = value(image.clone());
        }
        let size: Array = [i64::from(b.size.width), i64::from(b.size.height)]
            .into_iter()
            .collect();
        m["size"] = value(size);
        m.decor_mut().set_prefix(format!(
            "\n# The board `{}` of the module's map `{}`: one area per place VASSAL names on it, at a point\n# VASSAL gives that name (a region's origin, a point inside a zone, a square's centre), a\n# zone with its polygon. The module does not say which areas border which: list each\n# area's `adjacent` before any rule moves units between them.\n",
            b.board, b.map
        ));
        let mut list = ArrayOfTables::new();
        for (id, place) in &b.areas {
            let mut a = Table::new();
            a["id"] = value(id.clone());
            a["name"] = value(place.name.clone());
            a["terrain"] = value("clear");
            let position: Array = [f64::from(place.position.x), f64::from(place.position.y)]
                .into_iter()
                .collect();
            a["position"] = value(position);
            if !place.outline.is_empty() {
                let outline: Array = place
                    .outline
                    .iter()
                    .map(|p| {
                        let pair: Array = [f64::from(p.x), f64::from(p.y)].into_iter().collect();
                        toml_edit::Value::Array(pair)
                    })
                    .collect();
                a["outline"] = value(outline);
            }
            list.push(a);
        }
        m.insert("area", Item::ArrayOfTables(list));
        map_list.push(m);
    }
    doc.insert("map", Item::ArrayOfTables(map_list));
    if !pools.is_empty() {
        let mut list = ArrayOfTables::new();
        for (i, (name, id)) in pools.iter().enumerate() {
            let mut p = Table::new();
            p["id"] = value(id.clone());
            p["name"] = value(name.clone());
            p["kind"] = value("staging");
            if let Some(names) = decks.get(name) {
                let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                p["description"] = value(format!(
                    "The place of the module's deck{} {}: the cards a set-up deals into {} stand here (the language has no deck; VASSAL's is kept verbatim in vassal/kept.xml).",
                    if names.len() == 1 { "" } else { "s" },
                    names.join(", "),
                    if names.len() == 1 { "it" } else { "them" },
                ));
            }
            if i == 0 {
                p.decor_mut().set_prefix(
                    "\n# Where the module's set-ups put pieces off every hex grid, one pool per place VASSAL\n# names there.\n",
                );
            }
            list.push(p);
        }
        doc.insert("pool", Item::ArrayOfTables(list));
    }
    doc.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_the_language_writes() {
        let plain = GridNumbering {
            h_leading: 1,
            v_leading: 1,
            ..GridNumbering::default()
        };
        assert!(expressible(&plain));
        assert!(!expressible(&GridNumbering {
            h_type: 'A',
            ..plain.clone()
        }));
        assert!(!expressible(&GridNumbering {
            sep: "-".into(),
            ..plain.clone()
        }));
        assert!(!expressible(&GridNumbering {
            v_leading: 2,
            ..plain
        }));
    }
}
