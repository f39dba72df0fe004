//! The places a VASSAL board's grid names, for an area map: every location name the grid
//! can report — each region of a region grid, each zone of a multi-zone grid (or, where the
//! zone reports its own grid's names, each region, numbered square or numbered hex inside
//! it), each cell of a numbered square grid, each numbered hex of the hex grid behind a
//! board's zones — with a point on the board where VASSAL reports that name and, for a
//! zone, its polygon. A game whose area is named as the VASSAL location then places a piece
//! where the rebuilt module reports the same name.
//!
//! Only what VASSAL really reports becomes an area: a region or zone without a name, a zone
//! whose polygon encloses nothing, a grid without numbering, a cell whose centre an earlier
//! zone covers (VASSAL reports that zone there) and names already taken on the board are
//! left to the verbatim copy, and said so.

use std::collections::{BTreeMap, BTreeSet};

use crate::vassal::grid::{Grid, HexGrid, Point, RegionGrid, Size, SquareGrid, Zone};

/// The most cells of numbered square and hex grids one board makes into areas: beyond it
/// the grid is kept verbatim (a map of thousands of areas named by coordinates is a hex or
/// square map in all but name, which the language does not lay).
pub const MOST_CELLS: usize = 2500;

/// One place a board's grid names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The location name VASSAL reports there.
    pub name: String,
    /// A board-local point VASSAL reports as the name (a region's origin, a cell's centre,
    /// a point inside a zone), moved inside the picture when the module put it outside.
    pub position: Point,
    /// A zone's polygon, inside the picture; empty for a region or a cell.
    pub outline: Vec<Point>,
}

/// The places of one board, and what the designer should know of its grid.
#[derive(Debug, Clone, Default)]
pub struct Places {
    /// The places, in the module's order, each name once.
    pub places: Vec<Place>,
    /// Notes for the import's report.
    pub notes: Vec<String>,
    /// Grid components that became areas (or parts of one), by VASSAL's class name.
    pub mapped: BTreeMap<&'static str, usize>,
}

/// Which cells of a grid become areas.
#[derive(Clone, Copy)]
enum Cells<'z> {
    /// Every cell on the picture.
    All,
    /// The cells inside a zone and none of the zones before it (VASSAL reports the first
    /// zone holding a point), named through the zone's location format (with the multi-zone
    /// grid's background grid).
    Inside {
        zone: &'z Zone,
        earlier: &'z [Zone],
        background: Option<&'z Grid>,
    },
    /// The cells outside every zone (a multi-zone grid's background grid).
    Outside(&'z [Zone]),
}

/// A grid whose every numbered cell is a place: a square grid or a hex grid.
#[derive(Clone, Copy)]
enum CellGrid<'g> {
    Square(&'g SquareGrid),
    Hex(&'g HexGrid),
}

impl CellGrid<'_> {
    /// The grid, as the designer reads it.
    fn kind(self) -> &'static str {
        match self {
            Self::Square(_) => "square grid",
            Self::Hex(_) => "hex grid",
        }
    }

    /// One cell and many, as the designer reads them.
    fn cell(self) -> (&'static str, &'static str) {
        match self {
            Self::Square(_) => ("cell", "cells"),
            Self::Hex(_) => ("hex", "hexes"),
        }
    }

    /// VASSAL's class names of the grid and of its numbering.
    fn components(self) -> (&'static str, &'static str) {
        match self {
            Self::Square(_) => ("SquareGrid", "SquareGridNumbering"),
            Self::Hex(_) => ("HexGrid", "HexGridNumbering"),
        }
    }

    fn numbered(self) -> bool {
        match self {
            Self::Square(g) => g.numbering.is_some(),
            Self::Hex(g) => g.numbering.is_some(),
        }
    }

    /// The cell's measures as the module gives them (`dx`, `dy`).
    fn measures(self) -> (f64, f64) {
        match self {
            Self::Square(g) => (g.dx, g.dy),
            Self::Hex(g) => (g.dx, g.dy),
        }
    }

    /// The first cell's centre and the step between cells, across the board (x) and down
    /// it (y). A sideways hex grid's columns run across, so its `x0`/`dx` are down.
    fn axes(self) -> ((i32, f64), (i32, f64)) {
        match self {
            Self::Square(g) => ((g.x0, g.dx), (g.y0, g.dy)),
            Self::Hex(g) if g.sideways => ((g.y0, g.dy), (g.x0, g.dx)),
            Self::Hex(g) => ((g.x0, g.dx), (g.y0, g.dy)),
        }
    }

    /// The centre of the cell `across`-th across the board and `down`-th down it (a hex
    /// column's odd cells half a step further down, or across when sideways).
    fn centre(self, across: i32, down: i32) -> Point {
        match self {
            Self::Square(g) => g.raw_center(across, down),
            Self::Hex(g) if g.sideways => g.raw_center(down, across),
            Self::Hex(g) => g.raw_center(across, down),
        }
    }

    /// The location VASSAL reports at a board-local point, when numbered.
    fn location_name(self, p: Point, container: Size) -> Option<String> {
        match self {
            Self::Square(g) => g.location_name(p, container),
            Self::Hex(g) => g.location_name(p, container),
        }
    }

    /// The square or hex grid a grid is, if it is one.
    fn of(grid: &Grid) -> Option<CellGrid<'_>> {
        match grid {
            Grid::Square(g) => Some(CellGrid::Square(g)),
            Grid::Hex(g) => Some(CellGrid::Hex(g)),
            Grid::Region(_) | Grid::Zoned(_) => None,
        }
    }
}

/// Gathers the places of one board.
struct Collector<'a> {
    board: &'a str,
    size: Size,
    places: Places,
    names: BTreeSet<String>,
    /// Regions or zones whose name is empty.
    unnamed: usize,
    /// Points moved inside the picture.
    moved: usize,
    /// Square and hex cells made into areas so far.
    cells: usize,
    /// Whether the multi-zone grid's background grid is counted in `mapped` (once, however
    /// many zones use it).
    background_counted: bool,
}

/// The places a board's grid names (`size` is the board's picture), or why the board
/// cannot be an area map (it is then kept verbatim). A hex grid is never asked here.
pub fn places(board: &str, grid: &Grid, size: Size) -> Result<Places, String> {
    if size.width < 1 || size.height < 1 {
        return Err(format!(
            "its picture measures {}×{} pixels",
            size.width, size.height
        ));
    }
    let mut c = Collector {
        board,
        size,
        places: Places::default(),
        names: BTreeSet::new(),
        unnamed: 0,
        moved: 0,
        cells: 0,
        background_counted: false,
    };
    match grid {
        Grid::Hex(_) => return Err("a hex grid".into()),
        Grid::Region(r) => c.regions(r, None),
        Grid::Square(s) => {
            c.cells(CellGrid::Square(s), Cells::All)?;
        }
        Grid::Zoned(z) => {
            let background = z.background.as_deref();
            for (i, zone) in z.zones.iter().enumerate() {
                c.zone(zone, &z.zones[..i], background);
            }
            match background {
                Some(Grid::Region(r)) => {
                    // A region whose origin lies in a zone is reported as the zone there.
                    let outside = RegionGrid {
                        snap_to: r.snap_to,
                        regions: r
                            .regions
                            .iter()
                            .filter(|region| z.zone_at(region.origin).is_none())
                            .cloned()
                            .collect(),
                    };
                    let hidden = r.regions.len() - outside.regions.len();
                    if hidden > 0 {
                        c.places.notes.push(format!(
                            "board `{board}`: {hidden} region{} of the background grid {} inside a zone, which VASSAL reports there instead: kept verbatim",
                            plural(hidden),
                            if hidden == 1 { "lies" } else { "lie" }
                        ));
                    }
                    c.regions(&outside, None);
                }
                Some(other) => {
                    if let Some(cells) = CellGrid::of(other) {
                        if let Err(why) = c.cells(cells, Cells::Outside(&z.zones)) {
                            c.places.notes.push(format!(
                                "board `{board}`: the background {} outside its zones is kept verbatim, {why}",
                                cells.kind()
                            ));
                        }
                    }
                }
                None => {}
            }
            if !c.places.places.is_empty() {
                *c.places.mapped.entry("ZonedGrid").or_default() += 1;
            }
        }
    }
    if c.unnamed > 0 {
        let n = c.unnamed;
        c.places.notes.push(format!(
            "board `{board}`: {n} region{} or zone{} without a name (VASSAL reports an empty location there): no area, kept verbatim",
            plural(n),
            plural(n)
        ));
    }
    if c.moved > 0 {
        let n = c.moved;
        c.places.notes.push(format!(
            "board `{board}`: {n} point{} of its grid {} outside its {}×{} picture: the area{} placed at the picture's edge",
            plural(n),
            if n == 1 { "lies" } else { "lie" },
            size.width,
            size.height,
            plural(n)
        ));
    }
    if c.places.places.is_empty() {
        return Err("no location VASSAL names on it".into());
    }
    Ok(c.places)
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl Collector<'_> {
    /// Adds a place; whether the name is one (new, or already on the board).
    fn add(&mut self, name: String, at: Point, outline: Vec<Point>) -> bool {
        if name.trim().is_empty() {
            self.unnamed += 1;
            return false;
        }
        if !self.names.insert(name.clone()) {
            // The same name elsewhere on the board: one area holds both.
            return true;
        }
        let inside = self.inside(at, 1);
        if inside != at {
            self.moved += 1;
        }
        let outline = outline.into_iter().map(|p| self.inside(p, 0)).collect();
        self.places.places.push(Place {
            name,
            position: inside,
            outline,
        });
        true
    }

    /// `p` moved into the picture (`margin` pixels short of its right and bottom edges).
    fn inside(&self, p: Point, margin: i32) -> Point {
        Point::new(
            p.x.clamp(0, self.size.width - margin),
            p.y.clamp(0, self.size.height - margin),
        )
    }

    fn count(&mut self, kind: &'static str, n: usize) {
        if n > 0 {
            *self.places.mapped.entry(kind).or_default() += n;
        }
    }

    /// Each region of a grid (named through `zone`'s location format when inside one).
    fn regions(&mut self, grid: &RegionGrid, zone: Option<(&Zone, Option<&Grid>)>) {
        let mut mapped = 0;
        for region in &grid.regions {
            let name = match zone {
                Some((zone, background)) => {
                    zone.location_name(region.origin, background, self.size)
                }
                None => region.name.clone(),
            };
            if self.add(name, region.origin, Vec::new()) {
                mapped += 1;
            }
        }
        self.count("Region", mapped);
        if mapped > 0 {
            self.count("RegionGrid", 1);
        }
    }

    /// Each numbered cell of a square or hex grid whose centre lies on the picture (and
    /// inside or outside the zones `within` says): how many, or why none.
    fn cells(&mut self, grid: CellGrid<'_>, within: Cells<'_>) -> Result<usize, String> {
        let (kind, (one, many)) = (grid.kind(), grid.cell());
        if !grid.numbered() {
            return Err(format!(
                "its {kind} has no numbering, so VASSAL names no {one} of it"
            ));
        }
        let (dx, dy) = grid.measures();
        if !(dx.is_finite() && dy.is_finite() && dx >= 1.0 && dy >= 1.0) {
            return Err(format!("its {kind}'s {many} measure {dx}×{dy} pixels"));
        }
        // The picture, or the part of it a zone covers.
        let (mut left, mut top, mut right, mut bottom) = (0, 0, self.size.width, self.size.height);
        if let Cells::Inside { zone, .. } = within {
            let (xs, ys) = (zone.path.iter().map(|p| p.x), zone.path.iter().map(|p| p.y));
            left = xs.clone().min().unwrap_or(0).clamp(0, self.size.width);
            right = xs.max().unwrap_or(0).clamp(0, self.size.width);
            top = ys.clone().min().unwrap_or(0).clamp(0, self.size.height);
            bottom = ys.max().unwrap_or(0).clamp(0, self.size.height);
        }
        // The cells across and down whose centres may lie there.
        let span = |(origin, step): (i32, f64), low: i32, high: i32| {
            let first = ((f64::from(low) - f64::from(origin)) / step).floor() - 1.0;
            let last = ((f64::from(high) - f64::from(origin)) / step).ceil() + 1.0;
            (first, last)
        };
        let (across, down) = grid.axes();
        let (c0, c1) = span(across, left, right);
        let (r0, r1) = span(down, top, bottom);
        let total = (c1 - c0 + 1.0).max(0.0) * (r1 - r0 + 1.0).max(0.0);
        if total > (4 * MOST_CELLS) as f64 + 1e3 {
            return Err(format!(
                "its {kind} lays about {total:.0} {many} on the picture, more than the {MOST_CELLS} the import makes into areas"
            ));
        }
        let mut found = Vec::new();
        for row in r0 as i32..=r1 as i32 {
            for column in c0 as i32..=c1 as i32 {
                let centre = grid.centre(column, row);
                if centre.x < 0
                    || centre.y < 0
                    || centre.x >= self.size.width
                    || centre.y >= self.size.height
                {
                    continue;
                }
                let name = match within {
                    Cells::Inside {
                        zone,
                        earlier,
                        background,
                    } => {
                        if !zone.contains(centre) || earlier.iter().any(|z| z.contains(centre)) {
                            continue;
                        }
                        zone.location_name(centre, background, self.size)
                    }
                    Cells::Outside(zones) => {
                        if zones.iter().any(|z| z.contains(centre)) {
                            continue;
                        }
                        grid.location_name(centre, self.size).unwrap_or_default()
                    }
                    Cells::All => grid.location_name(centre, self.size).unwrap_or_default(),
                };
                found.push((name, centre));
            }
        }
        if self.cells + found.len() > MOST_CELLS {
            let n = found.len();
            return Err(if self.cells == 0 {
                format!(
                    "its {kind} has {n} {many}, more than the {MOST_CELLS} the import makes into areas"
                )
            } else {
                format!(
                    "its {kind} has {n} {many}, which with the board's {} cells made into areas already are more than the {MOST_CELLS} the import makes",
                    self.cells
                )
            });
        }
        self.cells += found.len();
        let n = found.len();
        for (name, centre) in found {
            self.add(name, centre, Vec::new());
        }
        // The multi-zone grid's background grid is one component, however many zones use it.
        let background = match within {
            Cells::All => false,
            Cells::Inside { zone, .. } => zone.use_parent_grid,
            Cells::Outside(_) => true,
        };
        if n > 0 && !(background && self.background_counted) {
            let (grid_class, numbering_class) = grid.components();
            self.count(grid_class, 1);
            self.count(numbering_class, 1);
            self.background_counted |= background;
        }
        Ok(n)
    }

    /// A zone: one area of its polygon, or the places of its own grid when its name
    /// reports the grid's (`earlier` are the zones before it, which VASSAL tests first).
    fn zone(&mut self, zone: &Zone, earlier: &[Zone], background: Option<&Grid>) {
        let board = self.board;
        let label = if zone.name.is_empty() {
            "a zone without a name".to_string()
        } else {
            format!("zone `{}`", zone.name)
        };
        let Some(inside) = interior_point(zone) else {
            self.places.notes.push(format!(
                "board `{board}`: {label} encloses nothing (its polygon has {} corner{} and no inside), so VASSAL never reports it: kept verbatim",
                zone.path.len(),
                plural(zone.path.len())
            ));
            return;
        };
        let reports_grid = zone.location_format.contains("$gridLocation$");
        let grid = zone.effective_grid(background);
        let cell_grid = grid.and_then(CellGrid::of);
        match (reports_grid, grid, cell_grid) {
            (true, Some(Grid::Region(r)), _) => {
                let before = self.places.mapped.get("Region").copied().unwrap_or(0);
                self.regions(r, Some((zone, background)));
                if self.places.mapped.get("Region").copied().unwrap_or(0) > before {
                    self.count("Zone", 1);
                }
            }
            (true, Some(Grid::Zoned(_)), _) => self.places.notes.push(format!(
                "board `{board}`: {label} holds a multi-zone grid of its own, which VASSAL does not lay: kept verbatim"
            )),
            (true, _, Some(cells)) if cells.numbered() => {
                let within = Cells::Inside {
                    zone,
                    earlier,
                    background,
                };
                match self.cells(cells, within) {
                    Ok(0) => self.places.notes.push(format!(
                        "board `{board}`: {label} is kept verbatim, no centre of its {}'s {} lies inside it on the picture (or an earlier zone covers them); pieces in it go into pools named as VASSAL names their place",
                        cells.kind(),
                        cells.cell().1
                    )),
                    Ok(_) => self.count("Zone", 1),
                    Err(why) => self.places.notes.push(format!(
                        "board `{board}`: {label} is kept verbatim, {why}; pieces in it go into pools named as VASSAL names their place"
                    )),
                }
            }
            _ => {
                let name = zone.location_name(inside, background, self.size);
                if let (true, Some(cells), true) = (reports_grid, cell_grid, name.trim().is_empty())
                {
                    // An unnumbered grid: the zone reports an empty location everywhere.
                    let (kind, (one, _)) = (cells.kind(), cells.cell());
                    self.places.notes.push(format!(
                        "board `{board}`: {label} is kept verbatim, it reports only its {kind}'s names and the grid has no numbering, so VASSAL names no {one} of it; pieces in it go into pools"
                    ));
                    return;
                }
                if self.add(name, inside, zone.path.clone()) {
                    self.count("Zone", 1);
                }
            }
        }
    }
}

/// A point inside a zone's polygon: VASSAL's own for the zone's name (the average of its
/// corners) when that lies inside, else the middle of the widest stretch inside along one of
/// a few horizontal lines; `None` when the polygon encloses nothing.
pub fn interior_point(zone: &Zone) -> Option<Point> {
    let path = &zone.path;
    if path.len() < 3 {
        return None;
    }
    let n = path.len() as i64;
    let (sx, sy) = path.iter().fold((0i64, 0i64), |(x, y), p| {
        (x + i64::from(p.x), y + i64::from(p.y))
    });
    let average = Point::new((sx / n) as i32, (sy / n) as i32);
    if zone.contains(average) {
        return Some(average);
    }
    let top = path.iter().map(|p| p.y).min()?;
    let bottom = path.iter().map(|p| p.y).max()?;
    let height = f64::from(bottom) - f64::from(top);
    for eighth in [4.0, 2.0, 6.0, 1.0, 3.0, 5.0, 7.0] {
        let y = (f64::from(top) + height * eighth / 8.0).floor() + 0.5;
        let mut xs: Vec<f64> = Vec::new();
        for (i, a) in path.iter().enumerate() {
            let b = path[(i + 1) % path.len()];
            let (ay, by) = (f64::from(a.y), f64::from(b.y));
            if (ay <= y) != (by <= y) {
                let (ax, bx) = (f64::from(a.x), f64::from(b.x));
                xs.push(ax + (y - ay) * (bx - ax) / (by - ay));
            }
        }
        xs.sort_by(f64::total_cmp);
        let widest = xs
            .chunks_exact(2)
            .map(|pair| (pair[0], pair[1]))
            .max_by(|a, b| (a.1 - a.0).total_cmp(&(b.1 - b.0)));
        if let Some((left, right)) = widest {
            let p = Point::new(((left + right) / 2.0).floor() as i32, y.floor() as i32);
            if zone.contains(p) {
                return Some(p);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::grid::{GridNumbering, Region, ZonedGrid};

    fn zone(name: &str, format: &str, path: &[(i32, i32)], grid: Option<Grid>) -> Zone {
        Zone {
            name: name.into(),
            location_format: format.into(),
            path: path.iter().map(|&(x, y)| Point::new(x, y)).collect(),
            use_parent_grid: false,
            grid: grid.map(Box::new),
        }
    }

    fn regions(list: &[(&str, i32, i32)]) -> Grid {
        Grid::Region(RegionGrid {
            snap_to: true,
            regions: list
                .iter()
                .map(|&(name, x, y)| Region {
                    name: name.into(),
                    origin: Point::new(x, y),
                })
                .collect(),
        })
    }

    const SIZE: Size = Size::new(400, 300);

    #[test]
    fn each_region_is_a_place_at_its_origin() {
        let found = places(
            "Board",
            &regions(&[("Toledo", 10, 20), ("León", 100, 50)]),
            SIZE,
        )
        .expect("places");
        let names: Vec<_> = found.places.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Toledo", "León"]);
        assert_eq!(found.places[1].position, Point::new(100, 50));
        assert_eq!(found.mapped["Region"], 2);
    }

    #[test]
    fn nameless_duplicate_and_outside_regions_are_handled_and_said() {
        let grid = regions(&[("", 5, 5), ("A", 10, 10), ("A", 20, 20), ("B", 900, -4)]);
        let found = places("Board", &grid, SIZE).expect("places");
        let names: Vec<_> = found.places.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["A", "B"], "one area per name, the first position");
        assert_eq!(found.places[0].position, Point::new(10, 10));
        assert_eq!(found.places[1].position, Point::new(399, 0), "moved inside");
        let notes = found.notes.join("\n");
        assert!(notes.contains("1 region or zone without a name"), "{notes}");
        assert!(
            notes.contains("1 point of its grid lies outside"),
            "{notes}"
        );
        assert_eq!(found.mapped["Region"], 3, "the duplicate is part of `A`");
        assert!(places("Board", &regions(&[("", 1, 1)]), SIZE).is_err());
        assert!(places("Board", &regions(&[("A", 1, 1)]), Size::new(0, 0)).is_err());
    }

    #[test]
    fn zones_are_areas_with_outlines_or_their_regions() {
        let square = [(0, 0), (100, 0), (100, 100), (0, 100)];
        let grid = Grid::Zoned(ZonedGrid {
            zones: vec![
                zone("Box", "$name$", &square, None),
                zone(
                    "Kingdom",
                    "$gridLocation$",
                    &[(100, 0), (300, 0), (300, 200), (100, 200)],
                    Some(regions(&[("Leon", 150, 50), ("Castile", 250, 150)])),
                ),
                zone(
                    "Held",
                    "$name$",
                    &[(0, 200), (100, 200), (100, 300), (0, 300)],
                    Some(regions(&[("Card 1", 10, 210), ("Card 2", 60, 210)])),
                ),
                zone("Flat", "$name$", &[(0, 0), (50, 0), (100, 0)], None),
                zone(
                    "Hexes",
                    "$gridLocation$",
                    &[(300, 200), (400, 200), (400, 300), (300, 300)],
                    Some(Grid::Hex(Default::default())),
                ),
            ],
            background: None,
        });
        let found = places("Map", &grid, SIZE).expect("places");
        let names: Vec<_> = found.places.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Box", "Leon", "Castile", "Held"]);
        assert_eq!(found.places[0].position, Point::new(50, 50));
        assert_eq!(found.places[0].outline.len(), 4);
        assert!(found.places[1].outline.is_empty());
        assert_eq!(found.mapped["Zone"], 3);
        assert_eq!(
            found.mapped["Region"], 2,
            "the held cards' regions are one zone"
        );
        let notes = found.notes.join("\n");
        assert!(notes.contains("zone `Flat` encloses nothing"), "{notes}");
        assert!(
            notes.contains("zone `Hexes` is kept verbatim, it reports only its hex grid's names and the grid has no numbering"),
            "{notes}"
        );
    }

    /// Each place's name is the one VASSAL reports at its position on the board.
    fn reported_there(found: &Places, grid: &Grid, size: Size) {
        for p in &found.places {
            assert_eq!(
                grid.location_name(p.position, size),
                Some(p.name.clone()),
                "VASSAL reports `{}` at {:?}",
                p.name,
                p.position
            );
        }
    }

    #[test]
    fn a_zone_of_numbered_hexes_is_its_hexes() {
        let hexes = HexGrid {
            x0: 20,
            y0: 123,
            dx: 40.0,
            dy: 46.0,
            numbering: Some(GridNumbering::default()),
            ..HexGrid::default()
        };
        let grid = Grid::Zoned(ZonedGrid {
            zones: vec![
                // Covers the hex centred at (100, 123): VASSAL reports `Ford` there.
                zone(
                    "Ford",
                    "$name$",
                    &[(90, 110), (110, 110), (110, 130), (90, 130)],
                    None,
                ),
                zone(
                    "Field",
                    "$gridLocation$",
                    &[(0, 100), (200, 100), (200, 200), (0, 200)],
                    Some(Grid::Hex(hexes.clone())),
                ),
            ],
            background: None,
        });
        let size = Size::new(200, 200);
        let found = places("Board", &grid, size).expect("places");
        let names: Vec<_> = found.places.iter().map(|p| p.name.as_str()).collect();
        // Columns at x = 20, 60, …, 180; even ones' centres at y = 123 and 169, odd ones'
        // (staggered: one row further) at 100, 146 and 192.
        assert_eq!(
            names,
            [
                "Ford", "0201", "0401", "0101", "0202", "0402", "0501", "0102", "0203", "0302",
                "0403", "0502"
            ],
            "the hex at (100, 123) is the ford's"
        );
        reported_there(&found, &grid, size);
        assert_eq!(found.places[1].position, Point::new(60, 100));
        assert!(found.places[1].outline.is_empty());
        assert_eq!(found.mapped["HexGrid"], 1);
        assert_eq!(found.mapped["HexGridNumbering"], 1);
        assert_eq!(found.mapped["Zone"], 2);
        assert!(found.notes.is_empty(), "nothing lost: {:?}", found.notes);
    }

    /// Commands & Colors: Napoleonics' battlefield: rows of hexes (sideways), lettered and
    /// numbered bottom to top against the zone's height, behind the board's other zones.
    #[test]
    fn a_sideways_descending_zone_of_hexes_is_named_as_vassal_names_it() {
        let numbering = GridNumbering {
            h_type: 'A',
            v_descend: true,
            stagger: false,
            ..GridNumbering::default()
        };
        let hexes = HexGrid {
            sideways: true,
            x0: -17,
            y0: 75,
            dx: 75.325_625_842_203_55,
            dy: 87.0,
            numbering: Some(numbering),
            ..HexGrid::default()
        };
        let grid = Grid::Zoned(ZonedGrid {
            zones: vec![
                // Covers the hex centred at (31, 58).
                zone("Top", "$name$", &[(0, 0), (60, 0), (60, 70), (0, 70)], None),
                zone(
                    "Battlefield",
                    "$gridLocation$",
                    &[(0, 0), (400, 0), (400, 300), (0, 300)],
                    Some(Grid::Hex(hexes)),
                ),
            ],
            background: None,
        });
        let size = Size::new(400, 300);
        let found = places("Inland", &grid, size).expect("places");
        reported_there(&found, &grid, size);
        // Rows at y = 58, 133, 208 and 284 (the one at -17 off the picture): those at 58
        // and 208 at x = 31, 118, 205, 292 and 379, the others half a hex further right,
        // at 75, 162, 249 and 336; the top zone's first.
        let rows: BTreeSet<i32> = found.places.iter().skip(1).map(|p| p.position.y).collect();
        assert_eq!(rows, BTreeSet::from([58, 133, 208, 284]));
        assert_eq!(found.places.len(), 1 + 4 + 4 + 5 + 4);
        let pairs: Vec<_> = found
            .places
            .iter()
            .map(|p| (p.name.as_str(), p.position.x, p.position.y))
            .collect();
        // Raw column 1 (y = 58) of 4 rows down the 300 pixels: lettered 4 - 1 + 1 = 4 (`E`
        // as VASSAL letters from `A` = 0); raw row 0, numbered 1.
        assert_eq!(pairs[1], ("E01", 118, 58), "{pairs:?}");
        assert!(
            !pairs.iter().any(|p| (p.1, p.2) == (31, 58)),
            "the top zone's"
        );
    }

    #[test]
    fn a_hex_grid_behind_zones_is_its_hexes_outside_them_and_counted_once() {
        let hexes = HexGrid {
            x0: 20,
            y0: 23,
            dx: 40.0,
            dy: 46.0,
            numbering: Some(GridNumbering::default()),
            ..HexGrid::default()
        };
        let mut parent = zone(
            "Reserve",
            "$gridLocation$",
            &[(0, 0), (100, 0), (100, 100), (0, 100)],
            None,
        );
        parent.use_parent_grid = true;
        let grid = Grid::Zoned(ZonedGrid {
            zones: vec![
                zone(
                    "Track",
                    "$name$",
                    &[(100, 0), (200, 0), (200, 100), (100, 100)],
                    None,
                ),
                parent,
            ],
            background: Some(Box::new(Grid::Hex(hexes))),
        });
        let size = Size::new(200, 200);
        let found = places("Board", &grid, size).expect("places");
        reported_there(&found, &grid, size);
        assert!(found.places.iter().any(|p| p.name == "Track"));
        assert!(
            found.places.iter().any(|p| p.name == "0101"),
            "in the reserve"
        );
        assert!(
            found.places.iter().any(|p| p.name == "0104"),
            "outside the zones"
        );
        assert_eq!(found.mapped["HexGrid"], 1, "one background grid");
        assert_eq!(found.mapped["Zone"], 2);
        let plain = Grid::Zoned(ZonedGrid {
            zones: vec![zone(
                "Track",
                "$name$",
                &[(100, 0), (200, 0), (200, 100)],
                None,
            )],
            background: Some(Box::new(Grid::Hex(HexGrid::default()))),
        });
        let found = places("Board", &plain, size).expect("the track");
        let notes = found.notes.join("\n");
        assert!(
            notes.contains("the background hex grid outside its zones is kept verbatim, its hex grid has no numbering, so VASSAL names no hex of it"),
            "{notes}"
        );
    }

    #[test]
    fn a_numbered_square_grid_is_its_cells_and_a_huge_one_is_refused() {
        let numbering = GridNumbering {
            h_type: 'A',
            v_type: 'N',
            first: 'H',
            h_off: 1,
            v_off: 1,
            ..GridNumbering::default()
        };
        let grid = SquareGrid {
            x0: 36,
            y0: 36,
            dx: 50.0,
            dy: 50.0,
            numbering: Some(numbering.clone()),
            ..SquareGrid::default()
        };
        let found = places("5x5", &Grid::Square(grid.clone()), Size::new(275, 275)).expect("cells");
        assert_eq!(found.places.len(), 25);
        for p in &found.places {
            assert_eq!(
                Grid::Square(grid.clone()).location_name(p.position, Size::new(275, 275)),
                Some(p.name.clone()),
                "VASSAL reports each cell's name at its position"
            );
        }
        let tiny = SquareGrid {
            dx: 2.0,
            dy: 2.0,
            ..grid.clone()
        };
        let why = places("5x5", &Grid::Square(tiny), Size::new(275, 275)).unwrap_err();
        assert!(why.contains("more than the 2500"), "{why}");
        let plain = SquareGrid {
            numbering: None,
            ..grid
        };
        assert!(places("5x5", &Grid::Square(plain), Size::new(275, 275)).is_err());
    }

    #[test]
    fn a_point_inside_a_concave_zone() {
        // A U shape: the corners' average lies in the gap.
        let u = zone(
            "U",
            "$name$",
            &[
                (0, 0),
                (30, 0),
                (30, 80),
                (70, 80),
                (70, 0),
                (100, 0),
                (100, 100),
                (0, 100),
            ],
            None,
        );
        let p = interior_point(&u).expect("inside");
        assert!(u.contains(p), "{p:?}");
        assert!(
            interior_point(&zone("Line", "$name$", &[(0, 0), (10, 10), (20, 20)], None)).is_none()
        );
    }
}
