//! `ZonedGrid` (multi-zone grid) and its `Zone`s (format notes §2.5.13): polygons tested in
//! document order, each with an optional grid of its own or the parent's background grid.

use serde::Serialize;

use super::pattern::{expand, for_each_token, match_parts, Part, UnknownProperty};
use super::{Grid, Point, Size};
use crate::vassal::buildfile::Element;
use crate::vassal::encoder::SequenceDecoder;

/// One `Zone`: a named polygon in board-local pixels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Zone {
    /// Zone name.
    pub name: String,
    /// Reported location format (`$name$`, `$gridLocation$`).
    pub location_format: String,
    /// Polygon vertices (implicitly closed).
    pub path: Vec<Point>,
    /// Use the `ZonedGrid`'s background grid inside this zone.
    pub use_parent_grid: bool,
    /// The zone's own grid (board-local coordinates), if any.
    pub grid: Option<Box<Grid>>,
}

impl Zone {
    /// Reads a `Zone` element.
    pub fn from_element(element: &Element) -> Self {
        Self {
            name: element.attr("name").unwrap_or_default().to_string(),
            location_format: element
                .attr("locationFormat")
                .unwrap_or("$name$")
                .to_string(),
            path: parse_path(element.attr("path").unwrap_or_default()),
            use_parent_grid: element.attr("useParentGrid") == Some("true"),
            grid: Grid::first_child(element).map(Box::new),
        }
    }

    /// The grid used inside the zone: its own, or the background when `useParentGrid`.
    pub fn effective_grid<'a>(&'a self, background: Option<&'a Grid>) -> Option<&'a Grid> {
        if self.use_parent_grid {
            background
        } else {
            self.grid.as_deref()
        }
    }

    /// The polygon's bounding-box size: the container size of a grid inside the zone.
    pub fn size(&self) -> Size {
        bounds(&self.path).map_or_else(Size::default, |(_, size)| size)
    }

    /// Whether the polygon contains `p`, with `java.awt.Polygon`'s even-odd rule and
    /// insideness (left/top edges in, right/bottom edges out).
    pub fn contains(&self, p: Point) -> bool {
        polygon_contains(&self.path, p)
    }

    /// The size a grid used in this zone measures descending numbering against: the
    /// zone's bounding box for its own grid, the board for the parent's background grid.
    fn grid_container(&self, board: Size) -> Size {
        if self.use_parent_grid {
            board
        } else {
            self.size()
        }
    }

    /// The location reported for a point inside this zone (`board` is the board size).
    pub fn location_name(&self, p: Point, background: Option<&Grid>, board: Size) -> String {
        let grid_location = self
            .effective_grid(background)
            .and_then(|grid| grid.location_name(p, self.grid_container(board)));
        expand(
            &self.location_format,
            &[
                ("name", Some(&self.name)),
                ("gridLocation", grid_location.as_deref()),
            ],
            UnknownProperty::Name,
        )
    }

    /// The point VASSAL gives for `location` in this zone (`Zone.getLocation`): through the
    /// zone's grid when the format has `$gridLocation$`, else the vertex average (or the first
    /// vertex when that average lies outside a concave zone).
    pub fn point_for_name(
        &self,
        location: &str,
        background: Option<&Grid>,
        board: Size,
    ) -> Option<Point> {
        let grid = self.effective_grid(background);
        let mut parts = Vec::new();
        for_each_token(&self.location_format, |token, is_property| {
            if !is_property {
                parts.push(Part::Literal(token.to_string()));
            } else if token == "name" {
                parts.push(Part::Literal(self.name.clone()));
            } else if token == "gridLocation" && grid.is_some() {
                parts.push(Part::Anything);
            }
        });
        if parts.is_empty() {
            return None;
        }
        let captures = match_parts(&parts, location)?;
        match (captures.last(), grid) {
            (Some(inner), Some(grid)) => {
                let p = grid.point_for_name(inner, self.grid_container(board))?;
                self.contains(p).then_some(p)
            }
            _ => self.vertex_average(),
        }
    }

    fn vertex_average(&self) -> Option<Point> {
        let count = i32::try_from(self.path.len()).ok().filter(|&n| n > 0)?;
        let (sx, sy) = self.path.iter().fold((0i32, 0i32), |(sx, sy), p| {
            (sx.wrapping_add(p.x), sy.wrapping_add(p.y))
        });
        let average = Point::new(sx / count, sy / count);
        if self.contains(average) {
            Some(average)
        } else {
            self.path.first().copied()
        }
    }
}

/// Parses a zone path `x1,y1;x2,y2;…` as `PolygonEditor` does (bad points skipped).
pub fn parse_path(path: &str) -> Vec<Point> {
    SequenceDecoder::new(path, ';')
        .filter_map(|pair| {
            let mut coordinates = SequenceDecoder::new(&pair, ',');
            let x = coordinates.next_token()?.trim().parse().ok()?;
            let y = coordinates.next_token()?.trim().parse().ok()?;
            Some(Point::new(x, y))
        })
        .collect()
}

fn bounds(path: &[Point]) -> Option<(Point, Size)> {
    let min_x = path.iter().map(|p| p.x).min()?;
    let min_y = path.iter().map(|p| p.y).min()?;
    let max_x = path.iter().map(|p| p.x).max()?;
    let max_y = path.iter().map(|p| p.y).max()?;
    Some((
        Point::new(min_x, min_y),
        Size::new(max_x.wrapping_sub(min_x), max_y.wrapping_sub(min_y)),
    ))
}

/// `java.awt.Polygon.contains(x, y)`: bounding-box test, then even-odd edge crossings.
pub fn polygon_contains(path: &[Point], p: Point) -> bool {
    let Some((origin, size)) = bounds(path) else {
        return false;
    };
    let (x, y) = (f64::from(p.x), f64::from(p.y));
    let inside_box = x >= f64::from(origin.x)
        && y >= f64::from(origin.y)
        && x < f64::from(origin.x) + f64::from(size.width)
        && y < f64::from(origin.y) + f64::from(size.height);
    if path.len() <= 2 || !inside_box {
        return false;
    }
    let mut hits = 0u32;
    let mut last = path[path.len() - 1];
    for &current in path {
        let previous = last;
        last = current;
        if current.y == previous.y {
            continue;
        }
        let left_x = if current.x < previous.x {
            if x >= f64::from(previous.x) {
                continue;
            }
            current.x
        } else {
            if x >= f64::from(current.x) {
                continue;
            }
            previous.x
        };
        let (test1, test2) = if current.y < previous.y {
            if y < f64::from(current.y) || y >= f64::from(previous.y) {
                continue;
            }
            if x < f64::from(left_x) {
                hits += 1;
                continue;
            }
            (x - f64::from(current.x), y - f64::from(current.y))
        } else {
            if y < f64::from(previous.y) || y >= f64::from(current.y) {
                continue;
            }
            if x < f64::from(left_x) {
                hits += 1;
                continue;
            }
            (x - f64::from(previous.x), y - f64::from(previous.y))
        };
        let dy = f64::from(previous.y.wrapping_sub(current.y));
        let dx = f64::from(previous.x.wrapping_sub(current.x));
        if test1 < test2 / dy * dx {
            hits += 1;
        }
    }
    hits % 2 == 1
}

/// A `ZonedGrid`: zones in document order over an optional background grid.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ZonedGrid {
    /// Zones, tested in this order.
    pub zones: Vec<Zone>,
    /// The background grid used outside every zone (and by `useParentGrid` zones).
    pub background: Option<Box<Grid>>,
}

impl ZonedGrid {
    /// Reads a `ZonedGrid` element.
    pub fn from_element(element: &Element) -> Self {
        Self {
            zones: element
                .children
                .iter()
                .filter(|c| c.short_name() == "Zone")
                .map(Zone::from_element)
                .collect(),
            background: Grid::first_child(element).map(Box::new),
        }
    }

    /// The first zone containing `p`.
    pub fn zone_at(&self, p: Point) -> Option<&Zone> {
        self.zones.iter().find(|zone| zone.contains(p))
    }

    /// The location VASSAL reports for a board-local point: the first containing zone's
    /// name, else the background grid's. `container` is the board size.
    pub fn location_name(&self, p: Point, container: Size) -> Option<String> {
        match self.zone_at(p) {
            Some(zone) => Some(zone.location_name(p, self.background.as_deref(), container)),
            None => self.background.as_ref()?.location_name(p, container),
        }
    }

    /// A board-local point VASSAL reports as `name`: through the zones in order (the point
    /// must lie in that zone and be reported by it), then the background grid.
    pub fn point_for_name(&self, name: &str, container: Size) -> Option<Point> {
        let background = self.background.as_deref();
        for zone in &self.zones {
            if let Some(p) = zone.point_for_name(name, background, container) {
                if zone.contains(p) {
                    return Some(p);
                }
            }
        }
        background?.point_for_name(name, container)
    }
}
