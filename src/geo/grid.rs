//! The hex grid laid over projected kilometres: where each hex's centre is, which hex a
//! point falls in, and the points of a hex that vote on its terrain.

use crate::model::{HexCoord, HexGeometry, Orientation};

/// A hex grid in kilometres.
#[derive(Debug, Clone)]
pub struct KmGrid {
    /// The grid's shape and numbering.
    pub geometry: HexGeometry,
    /// Distance between neighbouring centres (the width across the flats).
    pub across: f64,
    /// Where raw hex (0, 0)'s centre lies, east and north.
    origin: (f64, f64),
}

impl KmGrid {
    /// A grid of hexes `across` km wide whose hex `anchor` is centred at `at`.
    pub fn new(geometry: HexGeometry, across: f64, anchor: HexCoord, at: (f64, f64)) -> Self {
        let mut grid = Self {
            geometry,
            across,
            origin: (0.0, 0.0),
        };
        let (x, y) = grid.centre(anchor);
        grid.origin = (at.0 - x, at.1 - y);
        grid
    }

    fn shifted(&self, k: i32) -> bool {
        (k.rem_euclid(2) == 1) == self.geometry.odd_shifted
    }

    /// Circumradius of a hex.
    pub fn radius(&self) -> f64 {
        self.across / 3f64.sqrt()
    }

    /// Centre of a hex (on the grid or not), east and north in km.
    pub fn centre(&self, c: HexCoord) -> (f64, f64) {
        let (d, r) = (self.across, self.radius());
        let (ox, oy) = self.origin;
        match self.geometry.orientation {
            Orientation::Columns => {
                let down = f64::from(c.row) * d + if self.shifted(c.col) { d / 2.0 } else { 0.0 };
                (ox + f64::from(c.col) * 1.5 * r, oy - down)
            }
            Orientation::Rows => {
                let right = f64::from(c.col) * d + if self.shifted(c.row) { d / 2.0 } else { 0.0 };
                (ox + right, oy - f64::from(c.row) * 1.5 * r)
            }
        }
    }

    /// The hex of the grid a point lies in (the one whose centre is nearest), or `None` off
    /// the map.
    pub fn hex_at(&self, x: f64, y: f64) -> Option<HexCoord> {
        let (d, r) = (self.across, self.radius());
        let (ox, oy) = self.origin;
        let (col, row) = match self.geometry.orientation {
            Orientation::Columns => ((x - ox) / (1.5 * r), (oy - y) / d),
            Orientation::Rows => ((x - ox) / d, (oy - y) / (1.5 * r)),
        };
        if !(col.is_finite() && row.is_finite()) || col.abs() > 1e6 || row.abs() > 1e6 {
            return None;
        }
        let (col, row) = (col.round() as i32, row.round() as i32);
        let mut best: Option<(f64, HexCoord)> = None;
        for dc in -2..=2 {
            for dr in -2..=2 {
                let c = HexCoord::new(col + dc, row + dr);
                let (cx, cy) = self.centre(c);
                let dist = (cx - x).hypot(cy - y);
                if best.is_none_or(|(b, _)| dist < b) {
                    best = Some((dist, c));
                }
            }
        }
        best.map(|(_, c)| c).filter(|c| self.geometry.contains(*c))
    }

    /// The points of a hex that vote on what covers it: the centre, two rings of six toward
    /// the corners (at 0.45 and 0.85 of the way) and six toward the middle of the sides (at
    /// 0.75 of the way): nineteen points, the centre first.
    pub fn samples(&self, c: HexCoord) -> Vec<(f64, f64)> {
        let (x, y) = self.centre(c);
        let r = self.radius();
        let mut out = vec![(x, y)];
        for k in 0..6 {
            let a = (self.corner0() + 60.0 * f64::from(k)).to_radians();
            out.push((x + 0.45 * r * a.cos(), y + 0.45 * r * a.sin()));
            out.push((x + 0.85 * r * a.cos(), y + 0.85 * r * a.sin()));
            let b = a + 30f64.to_radians();
            out.push((
                x + 0.75 * self.across / 2.0 * b.cos(),
                y + 0.75 * self.across / 2.0 * b.sin(),
            ));
        }
        out
    }

    /// The direction of a hex's first corner, in degrees from east.
    fn corner0(&self) -> f64 {
        match self.geometry.orientation {
            Orientation::Columns => 0.0,
            Orientation::Rows => 30.0,
        }
    }

    /// The six corners of a hex, counter-clockwise from the first.
    pub fn corners(&self, c: HexCoord) -> [(f64, f64); 6] {
        let (x, y) = self.centre(c);
        let r = self.radius();
        std::array::from_fn(|k| {
            let a = (self.corner0() + 60.0 * k as f64).to_radians();
            (x + r * a.cos(), y + r * a.sin())
        })
    }
}

/// A grid of flat-topped columns, odd columns lower, numbered from `0101`, with hex
/// (0, 0) at the origin: for the tests of the searches over it.
#[cfg(test)]
pub(super) fn test_grid(columns: i32, rows: i32, across: f64) -> KmGrid {
    let geometry = HexGeometry {
        orientation: Orientation::Columns,
        columns,
        rows,
        odd_shifted: true,
        picture: None,
        numbering: crate::model::hex::Numbering {
            column_first: true,
            first_column: 1,
            first_row: 1,
            digits: 2,
            stagger: false,
        },
    };
    KmGrid::new(geometry, across, HexCoord::new(0, 0), (0.0, 0.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::Numbering;
    use proptest::prelude::*;

    fn geometry(orientation: Orientation) -> HexGeometry {
        HexGeometry {
            orientation,
            columns: 20,
            rows: 15,
            odd_shifted: true,
            picture: None,
            numbering: Numbering {
                column_first: true,
                first_column: 1,
                first_row: 1,
                digits: 2,
                stagger: false,
            },
        }
    }

    #[test]
    fn the_anchor_hex_is_centred_on_its_point() {
        let g = KmGrid::new(
            geometry(Orientation::Columns),
            40.0,
            HexCoord::new(3, 4),
            (100.0, -50.0),
        );
        assert_eq!(g.centre(HexCoord::new(3, 4)), (100.0, -50.0));
        assert_eq!(g.hex_at(100.0, -50.0), Some(HexCoord::new(3, 4)));
    }

    proptest! {
        #[test]
        fn every_centre_and_sample_lies_in_its_own_hex(col in 0i32..20, row in 0i32..15, rows in any::<bool>()) {
            let o = if rows { Orientation::Rows } else { Orientation::Columns };
            let g = KmGrid::new(geometry(o), 47.0, HexCoord::new(0, 0), (0.0, 0.0));
            let c = HexCoord::new(col, row);
            for (x, y) in g.samples(c) {
                prop_assert_eq!(g.hex_at(x, y), Some(c));
            }
        }

        #[test]
        fn neighbours_share_two_corners(col in 1i32..19, row in 1i32..14, rows in any::<bool>()) {
            let o = if rows { Orientation::Rows } else { Orientation::Columns };
            let g = KmGrid::new(geometry(o), 47.0, HexCoord::new(0, 0), (0.0, 0.0));
            let c = HexCoord::new(col, row);
            for n in g.geometry.neighbours(c) {
                let shared = g.corners(c).iter().filter(|p| {
                    g.corners(n).iter().any(|q| (p.0 - q.0).hypot(p.1 - q.1) < 1e-6)
                }).count();
                prop_assert_eq!(shared, 2, "{:?} {:?}", c, n);
            }
        }

        #[test]
        fn neighbours_are_one_hex_apart(col in 1i32..19, row in 1i32..14, rows in any::<bool>()) {
            let o = if rows { Orientation::Rows } else { Orientation::Columns };
            let g = KmGrid::new(geometry(o), 47.0, HexCoord::new(0, 0), (0.0, 0.0));
            let c = HexCoord::new(col, row);
            let (x, y) = g.centre(c);
            for n in g.geometry.neighbours(c) {
                let (nx, ny) = g.centre(n);
                prop_assert!(((nx - x).hypot(ny - y) - 47.0).abs() < 1e-6, "{:?} {:?}", c, n);
            }
        }
    }
}
