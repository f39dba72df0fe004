//! `SquareGrid` geometry and `SquareGridNumbering` names (format notes §2.5.12).

use serde::Serialize;

use super::numbering::GridNumbering;
use super::{attr_bool, attr_double, attr_int, java_floor, java_int, Point, Size};
use crate::vassal::buildfile::Element;

/// A `SquareGrid` with its optional numbering.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SquareGrid {
    /// Centre x of cell (0,0).
    pub x0: i32,
    /// Centre y of cell (0,0).
    pub y0: i32,
    /// Cell width.
    pub dx: f64,
    /// Cell height.
    pub dy: f64,
    /// Whether pieces snap to cell centres.
    pub snap_to: bool,
    /// Whether grid lines are drawn.
    pub visible: bool,
    /// The `SquareGridNumbering` child, if any.
    pub numbering: Option<GridNumbering>,
}

impl Default for SquareGrid {
    fn default() -> Self {
        Self {
            x0: 24,
            y0: 24,
            dx: 48.0,
            dy: 48.0,
            snap_to: true,
            visible: false,
            numbering: None,
        }
    }
}

impl SquareGrid {
    /// Reads a `SquareGrid` element.
    pub fn from_element(element: &Element) -> Self {
        let d = Self::default();
        Self {
            x0: attr_int(element, "x0", d.x0),
            y0: attr_int(element, "y0", d.y0),
            dx: attr_double(element, "dx", d.dx),
            dy: attr_double(element, "dy", d.dy),
            snap_to: attr_bool(element, "snapTo", d.snap_to),
            visible: attr_bool(element, "visible", d.visible),
            numbering: element
                .children
                .iter()
                .find(|c| c.short_name() == "SquareGridNumbering")
                .map(|e| GridNumbering {
                    stagger: false,
                    ..GridNumbering::from_element(e)
                }),
        }
    }

    /// Raw column of a board-local point (floor, as `SquareGridNumbering.getColumn`).
    pub fn raw_column(&self, p: Point) -> i32 {
        java_floor(f64::from(p.x.wrapping_sub(self.x0)) / self.dx + 0.5)
    }

    /// Raw row of a board-local point (truncation toward zero, as `getRow`).
    pub fn raw_row(&self, p: Point) -> i32 {
        java_int(f64::from(p.y.wrapping_sub(self.y0)) / self.dy + 0.5)
    }

    /// Board-local centre of raw cell `(column, row)`.
    pub fn raw_center(&self, column: i32, row: i32) -> Point {
        Point::new(
            java_int(f64::from(column) * self.dx + f64::from(self.x0)),
            java_int(f64::from(row) * self.dy + f64::from(self.y0)),
        )
    }

    fn max_rows(&self, container: Size) -> i32 {
        java_int(f64::from(container.height) / self.dy + 0.5)
    }

    fn max_columns(&self, container: Size) -> i32 {
        java_int(f64::from(container.width) / self.dx + 0.5)
    }

    /// Numbered `(row, column)` of a raw cell, or the raw cell of a numbered one (the
    /// descending flip is its own inverse).
    fn flip(&self, n: &GridNumbering, row: i32, column: i32, container: Size) -> (i32, i32) {
        let row = if n.v_descend {
            self.max_rows(container).wrapping_sub(row)
        } else {
            row
        };
        let column = if n.h_descend {
            self.max_columns(container).wrapping_sub(column)
        } else {
            column
        };
        (row, column)
    }

    /// The location VASSAL reports for a board-local point; `None` without numbering.
    pub fn location_name(&self, p: Point, container: Size) -> Option<String> {
        let n = self.numbering.as_ref()?;
        let (row, column) = self.flip(n, self.raw_row(p), self.raw_column(p), container);
        Some(n.location_name(row, column))
    }

    /// A board-local point VASSAL reports as `name` (also what VASSAL's `getLocation`
    /// returns for square grids).
    pub fn point_for_name(&self, name: &str, container: Size) -> Option<Point> {
        let n = self.numbering.as_ref()?;
        let (row, column) = n.parse_location(name)?;
        let (row, column) = self.flip(n, row, column, container);
        Some(self.raw_center(column, row))
    }
}
