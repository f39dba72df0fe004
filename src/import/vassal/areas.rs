//! The places a VASSAL board's grid names, for an area map: every location name the grid
//! can report — each region of a region grid, each zone of a multi-zone grid (or, where the
//! zone reports its own grid's names, each region or numbered square inside it), each cell
//! of a numbered square grid — with a point on the board where VASSAL reports that name and,
//! for a zone, its polygon. A game whose area is named as the VASSAL location then places a
//! piece where the rebuilt module reports the same name.
//!
//! Only what VASSAL really reports becomes an area: a region or zone without a name, a zone
//! whose polygon encloses nothing, and names already taken on the board are left to the
//! verbatim copy, and said so. A hex grid inside a zone is not an area map: such a zone is
//! kept verbatim, its pieces going into pools.

use std::collections::{BTreeMap, BTreeSet};

use crate::vassal::grid::{Grid, Point, RegionGrid, Size, SquareGrid, Zone};

/// The most cells of numbered square grids one board makes into areas: beyond it the board
/// is kept verbatim (a map of thousands of areas named by coordinates is a hex or square
/// map in all but name, which the language does not lay).
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

/// Which cells of a square grid become areas.
#[derive(Clone, Copy)]
enum Cells<'z> {
    /// Every cell on the picture.
    All,
    /// The cells inside a zone, named through its location format (with the multi-zone
    /// grid's background grid).
    Inside(&'z Zone, Option<&'z Grid>),
    /// The cells outside every zone (a multi-zone grid's background grid).
    Outside(&'z [Zone]),
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
    /// Square cells made into areas so far.
    cells: usize,
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
    };
    match grid {
        Grid::Hex(_) => return Err("a hex grid".into()),
        Grid::Region(r) => c.regions(r, None),
        Grid::Square(s) => c.cells(s, Cells::All)?,
        Grid::Zoned(z) => {
            let background = z.background.as_deref();
            for zone in &z.zones {
                c.zone(zone, background);
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
                Some(Grid::Square(s)) => {
                    if let Err(why) = c.cells(s, Cells::Outside(&z.zones)) {
                        c.places.notes.push(format!(
                            "board `{board}`: the background square grid outside its zones is kept verbatim, {why}"
                        ));
                    }
                }
                Some(Grid::Hex(_)) => c.places.notes.push(format!(
                    "board `{board}`: the hex grid outside its zones is kept verbatim (the language has no hex grid on an area map); pieces there go into pools named as their hex"
                )),
                Some(Grid::Zoned(_)) | None => {}
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

    /// Each numbered cell of a square grid whose centre lies on the picture (and inside or
    /// outside the zones `within` says), or why not.
    fn cells(&mut self, grid: &SquareGrid, within: Cells<'_>) -> Result<(), String> {
        if grid.numbering.is_none() {
            return Err("its square grid has no numbering, so VASSAL names no cell of it".into());
        }
        if !(grid.dx.is_finite() && grid.dy.is_finite() && grid.dx >= 1.0 && grid.dy >= 1.0) {
            return Err(format!(
                "its square grid's cells measure {}×{} pixels",
                grid.dx, grid.dy
            ));
        }
        // The picture, or the part of it a zone covers.
        let (mut left, mut top, mut right, mut bottom) = (0, 0, self.size.width, self.size.height);
        if let Cells::Inside(zone, _) = within {
            let (xs, ys) = (zone.path.iter().map(|p| p.x), zone.path.iter().map(|p| p.y));
            left = xs.clone().min().unwrap_or(0).clamp(0, self.size.width);
            right = xs.max().unwrap_or(0).clamp(0, self.size.width);
            top = ys.clone().min().unwrap_or(0).clamp(0, self.size.height);
            bottom = ys.max().unwrap_or(0).clamp(0, self.size.height);
        }
        // The raw columns and rows whose centres may lie there.
        let span = |origin: i32, step: f64, low: i32, high: i32| {
            let first = ((f64::from(low) - f64::from(origin)) / step).floor() - 1.0;
            let last = ((f64::from(high) - f64::from(origin)) / step).ceil() + 1.0;
            (first, last)
        };
        let (c0, c1) = span(grid.x0, grid.dx, left, right);
        let (r0, r1) = span(grid.y0, grid.dy, top, bottom);
        let total = (c1 - c0 + 1.0).max(0.0) * (r1 - r0 + 1.0).max(0.0);
        if total > (4 * MOST_CELLS) as f64 + 1e3 {
            return Err(format!(
                "its square grid lays about {total:.0} cells on the picture, more than the {MOST_CELLS} the import makes into areas"
            ));
        }
        let mut found = Vec::new();
        for row in r0 as i32..=r1 as i32 {
            for column in c0 as i32..=c1 as i32 {
                let centre = grid.raw_center(column, row);
                if centre.x < 0
                    || centre.y < 0
                    || centre.x >= self.size.width
                    || centre.y >= self.size.height
                {
                    continue;
                }
                let name = match within {
                    Cells::Inside(zone, background) => {
                        if !zone.contains(centre) {
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
            return Err(format!(
                "its square grid has {} cells, more than the {MOST_CELLS} the import makes into areas",
                self.cells + found.len()
            ));
        }
        self.cells += found.len();
        let any = !found.is_empty();
        for (name, centre) in found {
            self.add(name, centre, Vec::new());
        }
        if any {
            self.count("SquareGrid", 1);
            if grid.numbering.is_some() {
                self.count("SquareGridNumbering", 1);
            }
        }
        Ok(())
    }

    /// A zone: one area of its polygon, or the places of its own grid when its name
    /// reports the grid's; a hex grid's zone is kept verbatim.
    fn zone(&mut self, zone: &Zone, background: Option<&Grid>) {
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
        match (reports_grid, grid) {
            (true, Some(Grid::Region(r))) => {
                let before = self.places.mapped.get("Region").copied().unwrap_or(0);
                self.regions(r, Some((zone, background)));
                if self.places.mapped.get("Region").copied().unwrap_or(0) > before {
                    self.count("Zone", 1);
                }
            }
            (true, Some(Grid::Square(s))) if s.numbering.is_some() => {
                match self.cells(s, Cells::Inside(zone, background)) {
                    Ok(()) => self.count("Zone", 1),
                    Err(why) => self.places.notes.push(format!(
                        "board `{board}`: {label} is kept verbatim, {why}; pieces in it go into pools named as VASSAL names their place"
                    )),
                }
            }
            (true, Some(Grid::Hex(_))) => self.places.notes.push(format!(
                "board `{board}`: {label} names the hexes of its own hex grid, and the language has no hex grid inside an area: the zone is kept verbatim, and pieces in it go into pools named as their hex"
            )),
            (true, Some(Grid::Zoned(_))) => self.places.notes.push(format!(
                "board `{board}`: {label} holds a multi-zone grid of its own, which VASSAL does not lay: kept verbatim"
            )),
            _ => {
                let name = zone.location_name(inside, background, self.size);
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
        assert!(notes.contains("zone `Hexes` names the hexes"), "{notes}");
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
