//! Board grids and location names, computed the way VASSAL 3.7 computes them (format notes
//! §2.5.9–2.5.14): hex and square grids with their numbering, multi-zone grids, region
//! grids, and map-level board layout. Every grid turns a board-local point into the
//! location name VASSAL reports, and a name back into a point VASSAL reports as that name.
//!
//! All arithmetic follows Java's `int`/`double` rules (truncating casts, wrapping `int`
//! overflow) so results match VASSAL for every input, and nothing panics on absurd values.

mod hex;
mod layout;
mod numbering;
mod pattern;
mod region;
mod square;
mod zoned;

pub use hex::HexGrid;
pub use layout::{BoardPlacement, MapLayout, OFFBOARD};
pub use numbering::{parse_part, part_name, GridNumbering};
pub use region::{Region, RegionGrid};
pub use square::SquareGrid;
pub use zoned::{Zone, ZonedGrid};

use serde::Serialize;

use super::buildfile::Element;
use super::encoder::java_parse_double;

/// A point in pixels (board-local or map coordinates, as each function says).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Point {
    /// Horizontal pixel coordinate.
    pub x: i32,
    /// Vertical pixel coordinate.
    pub y: i32,
}

impl Point {
    /// A point from its coordinates.
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }
}

/// A width and height in pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Size {
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
}

impl Size {
    /// A size from its dimensions.
    pub const fn new(width: i32, height: i32) -> Self {
        Self { width, height }
    }
}

/// Any grid a board (or a zone) can carry.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind")]
pub enum Grid {
    /// `HexGrid`.
    Hex(HexGrid),
    /// `SquareGrid`.
    Square(SquareGrid),
    /// `RegionGrid`: named points.
    Region(RegionGrid),
    /// `ZonedGrid`: polygon zones over an optional background grid.
    Zoned(ZonedGrid),
}

impl Grid {
    /// The grid an element describes, if it is one of the four grid classes.
    pub fn from_element(element: &Element) -> Option<Self> {
        match element.short_name() {
            "HexGrid" => Some(Self::Hex(HexGrid::from_element(element))),
            "SquareGrid" => Some(Self::Square(SquareGrid::from_element(element))),
            "RegionGrid" => Some(Self::Region(RegionGrid::from_element(element))),
            "ZonedGrid" => Some(Self::Zoned(ZonedGrid::from_element(element))),
            _ => None,
        }
    }

    /// The first grid among an element's children (a Board or Zone holds at most one).
    pub fn first_child(element: &Element) -> Option<Self> {
        element.children.iter().find_map(Self::from_element)
    }

    /// `HexGrid`, `SquareGrid`, `RegionGrid` or `ZonedGrid`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Hex(_) => "HexGrid",
            Self::Square(_) => "SquareGrid",
            Self::Region(_) => "RegionGrid",
            Self::Zoned(_) => "ZonedGrid",
        }
    }

    /// The location name VASSAL reports for a board-local point, or `None` where the grid
    /// gives no name (a hex/square grid without numbering, an empty region grid).
    /// `container` is the size of what holds the grid (the board), used by descending
    /// numbering.
    pub fn location_name(&self, point: Point, container: Size) -> Option<String> {
        match self {
            Self::Hex(grid) => grid.location_name(point, container),
            Self::Square(grid) => grid.location_name(point, container),
            Self::Region(grid) => grid.location_name(point),
            Self::Zoned(grid) => grid.location_name(point, container),
        }
    }

    /// A board-local point that VASSAL reports as `name` (the inverse of
    /// [`Grid::location_name`]), or `None` when no cell, zone or region has that name.
    pub fn point_for_name(&self, name: &str, container: Size) -> Option<Point> {
        match self {
            Self::Hex(grid) => grid.point_for_name(name, container),
            Self::Square(grid) => grid.point_for_name(name, container),
            Self::Region(grid) => grid.point_for_name(name),
            Self::Zoned(grid) => grid.point_for_name(name, container),
        }
    }
}

/// A Java `int` attribute (`Integer.parseInt`), `default` when missing or invalid.
pub(crate) fn attr_int(element: &Element, key: &str, default: i32) -> i32 {
    element
        .attr(key)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A Java `double` attribute (`Double.parseDouble`), `default` when missing or invalid.
pub(crate) fn attr_double(element: &Element, key: &str, default: f64) -> f64 {
    element
        .attr(key)
        .and_then(java_parse_double)
        .unwrap_or(default)
}

/// A Java boolean attribute (`Boolean.valueOf`: `true` in any case), `default` when missing.
pub(crate) fn attr_bool(element: &Element, key: &str, default: bool) -> bool {
    element
        .attr(key)
        .map_or(default, |v| v.eq_ignore_ascii_case("true"))
}

/// The first character of an attribute, `default` when missing or empty.
pub(crate) fn attr_char(element: &Element, key: &str, default: char) -> char {
    element
        .attr(key)
        .and_then(|v| v.chars().next())
        .unwrap_or(default)
}

/// Java's `(int)` cast of a double: truncation toward zero, saturating, NaN → 0.
pub(crate) fn java_int(value: f64) -> i32 {
    value as i32
}

/// Java's `(int) Math.round(value)`: nearest, ties toward +∞, then the `long` → `int` cast.
pub(crate) fn java_round(value: f64) -> i32 {
    let floor = value.floor();
    let rounded = if value - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    (rounded as i64) as i32
}

/// Java's `(int) Math.floor(value)`.
pub(crate) fn java_floor(value: f64) -> i32 {
    value.floor() as i32
}

#[cfg(test)]
mod tests;
