//! `HexGrid` geometry and `HexGridNumbering` names (format notes §2.5.10–2.5.11).
//!
//! VASSAL works in an un-rotated frame of flat-topped columns; a sideways grid swaps x and
//! y on the way in and out, so `x0`/`dx` then apply to the screen's y axis.

use serde::Serialize;

use super::numbering::GridNumbering;
use super::{attr_bool, attr_double, attr_int, java_floor, java_int, java_round, Point, Size};
use crate::vassal::buildfile::Element;

/// VASSAL's default hex height (`dy`).
pub const DEFAULT_DY: f64 = 64.0;

/// √3/2 computed as VASSAL does: its default width is this times the height.
fn sqrt3_2() -> f64 {
    3f64.sqrt() / 2.0
}

/// A `HexGrid` with its optional numbering.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HexGrid {
    /// Rows of pointy-topped hexes (x and y swapped) instead of columns of flat-topped ones.
    pub sideways: bool,
    /// Origin: centre of raw hex (0,0), x in the un-rotated frame.
    pub x0: i32,
    /// Origin y in the un-rotated frame.
    pub y0: i32,
    /// Distance between adjacent column centres ("hex width").
    pub dx: f64,
    /// Distance between vertically adjacent centres ("hex height").
    pub dy: f64,
    /// Whether pieces snap to hex centres.
    pub snap_to: bool,
    /// Whether grid lines are drawn.
    pub visible: bool,
    /// The `HexGridNumbering` child, if any.
    pub numbering: Option<GridNumbering>,
}

impl Default for HexGrid {
    fn default() -> Self {
        Self {
            sideways: false,
            x0: 0,
            y0: 32,
            dx: sqrt3_2() * DEFAULT_DY,
            dy: DEFAULT_DY,
            snap_to: true,
            visible: false,
            numbering: None,
        }
    }
}

impl HexGrid {
    /// Reads a `HexGrid` element. As in VASSAL (attributes applied in name order), a `dy`
    /// also sets `dx = dy·√3/2` when `dx` still has its default value.
    pub fn from_element(element: &Element) -> Self {
        let d = Self::default();
        let mut dx = attr_double(element, "dx", d.dx);
        let dy = attr_double(element, "dy", d.dy);
        if element.attr("dy").is_some() && dx == d.dx {
            dx = sqrt3_2() * dy;
        }
        Self {
            sideways: attr_bool(element, "sideways", d.sideways),
            x0: attr_int(element, "x0", d.x0),
            y0: attr_int(element, "y0", d.y0),
            dx,
            dy,
            snap_to: attr_bool(element, "snapTo", d.snap_to),
            visible: attr_bool(element, "visible", d.visible),
            numbering: element
                .children
                .iter()
                .find(|c| c.short_name() == "HexGridNumbering")
                .map(GridNumbering::from_element),
        }
    }

    fn swap_if_sideways(&self, p: Point) -> Point {
        if self.sideways {
            Point::new(p.y, p.x)
        } else {
            p
        }
    }

    /// Raw column index of a board-local point (`getRawColumn`).
    pub fn raw_column(&self, p: Point) -> i32 {
        let q = self.swap_if_sideways(p);
        java_floor(f64::from(q.x.wrapping_sub(self.x0)) / self.dx + 0.5)
    }

    /// Raw row index of a board-local point (`getRawRow`).
    pub fn raw_row(&self, p: Point) -> i32 {
        let q = self.swap_if_sideways(p);
        let nx = java_round(f64::from(q.x.wrapping_sub(self.x0)) / self.dx);
        let y = f64::from(q.y.wrapping_sub(self.y0));
        if nx % 2 == 0 {
            java_round(y / self.dy)
        } else {
            java_round((y - self.dy / 2.0) / self.dy)
        }
    }

    /// Board-local centre of raw cell `(nx, ny)` (`hexPointCenterFromRawIndex`, swapped
    /// back when sideways).
    pub fn raw_center(&self, nx: i32, ny: i32) -> Point {
        let x = java_int(self.dx * f64::from(nx) + f64::from(self.x0));
        let y = if nx % 2 == 0 {
            java_int(self.dy * f64::from(ny) + f64::from(self.y0))
        } else {
            java_int(
                self.dy * f64::from(ny) + f64::from(java_int(self.dy / 2.0)) + f64::from(self.y0),
            )
        };
        self.swap_if_sideways(Point::new(x, y))
    }

    /// `getMaxRows`: VASSAL divides the height by the hex *width*.
    fn max_rows(&self, container: Size) -> i32 {
        java_floor(f64::from(container.height) / self.dx + 0.5)
    }

    /// `getMaxColumns`: VASSAL divides the width by the hex *height*.
    fn max_columns(&self, container: Size) -> i32 {
        java_floor(f64::from(container.width) / self.dy + 0.5)
    }

    /// Numbered column of a point (`HexGridNumbering.getColumn`).
    fn numbered_column(&self, n: &GridNumbering, p: Point, container: Size) -> i32 {
        let x = self.raw_column(p);
        if self.sideways && n.v_descend {
            self.max_rows(container).wrapping_sub(x)
        } else if !self.sideways && n.h_descend {
            self.max_columns(container).wrapping_sub(x)
        } else {
            x
        }
    }

    /// Numbered row of a point (`HexGridNumbering.getRow`).
    fn numbered_row(&self, n: &GridNumbering, p: Point, container: Size) -> i32 {
        let mut ny = self.raw_row(p);
        if !self.sideways && n.v_descend {
            ny = self.max_rows(container).wrapping_sub(ny);
        }
        if self.sideways && n.h_descend {
            ny = self.max_columns(container).wrapping_sub(ny);
        }
        if n.stagger && self.raw_column(p) % 2 != 0 {
            ny = ny.wrapping_add(self.stagger_step(n));
        }
        ny
    }

    /// The row shift applied to odd raw columns: +1, or -1 when rows descend.
    fn stagger_step(&self, n: &GridNumbering) -> i32 {
        let descending = if self.sideways {
            n.h_descend
        } else {
            n.v_descend
        };
        if descending {
            -1
        } else {
            1
        }
    }

    /// The location VASSAL reports for a board-local point; `None` without numbering.
    pub fn location_name(&self, p: Point, container: Size) -> Option<String> {
        let n = self.numbering.as_ref()?;
        let row = self.numbered_row(n, p, container);
        let column = self.numbered_column(n, p, container);
        Some(n.location_name(row, column))
    }

    /// The raw cell whose centre VASSAL reports with numbered `(row, column)`: the display
    /// function inverted (the recommended method of the format notes).
    pub fn raw_cell_for(
        &self,
        n: &GridNumbering,
        row: i32,
        column: i32,
        container: Size,
    ) -> (i32, i32) {
        let (rows, columns) = (self.max_rows(container), self.max_columns(container));
        // Sideways grids swap which maximum and which descending flag each part uses.
        let (column_max, row_max, column_descends, row_descends) = if self.sideways {
            (rows, columns, n.v_descend, n.h_descend)
        } else {
            (columns, rows, n.h_descend, n.v_descend)
        };
        let nx = if column_descends {
            column_max.wrapping_sub(column)
        } else {
            column
        };
        let unstaggered = if n.stagger && nx % 2 != 0 {
            row.wrapping_sub(self.stagger_step(n))
        } else {
            row
        };
        let ny = if row_descends {
            row_max.wrapping_sub(unstaggered)
        } else {
            unstaggered
        };
        (nx, ny)
    }

    /// A board-local point VASSAL reports as `name`: the centre of the raw cell found by
    /// inverting the display function. `None` without numbering or for a foreign name.
    pub fn point_for_name(&self, name: &str, container: Size) -> Option<Point> {
        let n = self.numbering.as_ref()?;
        let (row, column) = n.parse_location(name)?;
        let (nx, ny) = self.raw_cell_for(n, row, column, container);
        Some(self.raw_center(nx, ny))
    }

    /// The point VASSAL's own `getLocation(name)` returns (used by at-start stacks with a
    /// grid location). It differs from [`HexGrid::point_for_name`] by one row in VASSAL's
    /// stagger + descending corner case.
    pub fn vassal_point_for_name(&self, name: &str, container: Size) -> Option<Point> {
        let n = self.numbering.as_ref()?;
        let (mut row, mut column) = n.parse_location(name)?;
        if n.stagger && column % 2 != 0 {
            let descending = if self.sideways {
                n.h_descend
            } else {
                n.v_descend
            };
            row = row.wrapping_add(if descending { 1 } else { -1 });
        }
        let (rows, columns) = (self.max_rows(container), self.max_columns(container));
        if self.sideways {
            if n.v_descend {
                column = rows.wrapping_sub(column);
            }
            if n.h_descend {
                row = columns.wrapping_sub(row);
            }
        } else {
            if n.h_descend {
                column = columns.wrapping_sub(column);
            }
            if n.v_descend {
                row = rows.wrapping_sub(row);
            }
        }
        let x = java_int(f64::from(column) * self.dx).wrapping_add(self.x0);
        let y = if column % 2 == 0 {
            java_int(f64::from(row) * self.dy)
        } else {
            java_int(f64::from(row) * self.dy + self.dy / 2.0)
        }
        .wrapping_add(self.y0);
        Some(self.swap_if_sideways(Point::new(x, y)))
    }
}
