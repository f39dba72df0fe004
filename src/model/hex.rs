//! Hex grid maths: raw coordinates, neighbours, distance, printed numbers and pixel centres.
//!
//! Raw coordinates count from 0 at the top-left hex. In `columns` orientation hexes are
//! flat-topped and stand in vertical columns, and every *shifted* column (odd ones, as in
//! VASSAL's `HexGrid`, unless the map says `even`) sits half a hex lower. In `rows`
//! orientation everything is transposed: pointy-topped hexes in rows, shifted rows half a hex
//! to the right. All maths works in the column frame and swaps at the edges.

use serde::Serialize;

/// Raw position of a hex: column and row, both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct HexCoord {
    /// Column from 0 (left).
    pub col: i32,
    /// Row from 0 (top).
    pub row: i32,
}

impl HexCoord {
    /// A coordinate.
    pub fn new(col: i32, row: i32) -> Self {
        Self { col, row }
    }
}

/// How hexes are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Orientation {
    /// Flat-topped hexes in vertical columns (VASSAL `sideways = false`).
    Columns,
    /// Pointy-topped hexes in horizontal rows (VASSAL `sideways = true`).
    Rows,
}

/// The printed numbering of a hex map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Numbering {
    /// Column number first (`0507` = column 5, row 7) when true.
    pub column_first: bool,
    /// Number printed on raw column 0.
    pub first_column: i64,
    /// Number printed on raw row 0.
    pub first_row: i64,
    /// Digits of each part (zero padded).
    pub digits: u32,
    /// Rows of shifted columns are numbered one higher.
    pub stagger: bool,
}

/// Bytes of stack a hex number is written into: two parts of a minus sign and 20 digits
/// (or as many as the numbering pads to).
const NUMBER_ROOM: usize = 64;

/// Shape and numbering of a hex grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HexGeometry {
    /// Columns or rows.
    pub orientation: Orientation,
    /// Number of columns.
    pub columns: i32,
    /// Number of rows.
    pub rows: i32,
    /// True when odd raw columns (rows) are the shifted ones, as in VASSAL.
    pub odd_shifted: bool,
    /// Printed numbering.
    pub numbering: Numbering,
    /// Where the grid lies on a supplied picture (`origin` and `spacing`), when the map
    /// gives it; else the grid is laid at the game's hex size ([`HexGeometry::layout`]).
    pub picture: Option<PictureGrid>,
}

/// A hex grid laid on a supplied picture as its own drawing has it: VASSAL's `x0`, `y0`,
/// `dx`, `dy` (the centre of raw hex (0, 0), the distance between columns and between the
/// hexes of a column), in the un-rotated frame of columns.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct PictureGrid {
    /// Centre of raw hex (0, 0) along the column axis.
    pub x0: f64,
    /// Centre of raw hex (0, 0) along the row axis.
    pub y0: f64,
    /// Distance between neighbouring columns.
    pub dx: f64,
    /// Distance between neighbouring hexes of one column.
    pub dy: f64,
}

impl PartialEq for PictureGrid {
    /// The same numbers, bit for bit (a grid is written and read back exactly).
    fn eq(&self, other: &Self) -> bool {
        [self.x0, self.y0, self.dx, self.dy]
            .iter()
            .zip([other.x0, other.y0, other.dx, other.dy])
            .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

impl Eq for PictureGrid {}

/// Pixel layout of a hex grid on a map picture (the same numbers go into VASSAL's `HexGrid`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HexLayout {
    /// Distance between centres of adjacent hexes in one column (VASSAL `dy`).
    pub dy: f64,
    /// Distance between centres of adjacent columns (VASSAL `dx`).
    pub dx: f64,
    /// Centre of raw hex (0, 0) along the column axis (VASSAL `x0`).
    pub x0: f64,
    /// Centre of raw hex (0, 0) along the row axis (VASSAL `y0`).
    pub y0: f64,
    /// Picture width in pixels.
    pub width: u32,
    /// Picture height in pixels.
    pub height: u32,
}

impl HexGeometry {
    /// Whether a coordinate lies on the grid.
    pub fn contains(&self, c: HexCoord) -> bool {
        c.col >= 0 && c.row >= 0 && c.col < self.columns && c.row < self.rows
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        (self.columns.max(0) as usize) * (self.rows.max(0) as usize)
    }

    /// True for a grid without hexes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Dense index of a hex (row-major), for per-hex tables.
    pub fn index(&self, c: HexCoord) -> usize {
        c.row as usize * self.columns as usize + c.col as usize
    }

    /// The hex at a dense index.
    pub fn coord(&self, index: usize) -> HexCoord {
        let cols = self.columns.max(1) as usize;
        HexCoord::new((index % cols) as i32, (index / cols) as i32)
    }

    /// All hexes, row by row.
    pub fn coords(&self) -> impl Iterator<Item = HexCoord> + '_ {
        (0..self.len()).map(|i| self.coord(i))
    }

    /// (major, minor) in the column frame: the index along which hexes alternate, then the other.
    fn frame(&self, c: HexCoord) -> (i32, i32) {
        match self.orientation {
            Orientation::Columns => (c.col, c.row),
            Orientation::Rows => (c.row, c.col),
        }
    }

    fn unframe(&self, major: i32, minor: i32) -> HexCoord {
        match self.orientation {
            Orientation::Columns => HexCoord::new(major, minor),
            Orientation::Rows => HexCoord::new(minor, major),
        }
    }

    fn shifted(&self, major: i32) -> bool {
        (major.rem_euclid(2) == 1) == self.odd_shifted
    }

    /// Cube coordinates `(q, r, s)` with `q + r + s = 0`.
    pub fn to_cube(&self, c: HexCoord) -> (i32, i32, i32) {
        let (q, minor) = self.frame(c);
        // Shifted columns sit lower, so their neighbours "up-left/up-right" share the row.
        let lift = if self.odd_shifted {
            (q - (q & 1)) / 2
        } else {
            (q + (q & 1)) / 2
        };
        let r = minor - lift;
        (q, r, -q - r)
    }

    /// Inverse of [`HexGeometry::to_cube`].
    pub fn from_cube(&self, q: i32, r: i32) -> HexCoord {
        let lift = if self.odd_shifted {
            (q - (q & 1)) / 2
        } else {
            (q + (q & 1)) / 2
        };
        self.unframe(q, r + lift)
    }

    /// The six surrounding positions, on the grid or not, in a fixed order (clockwise from
    /// the top in the column frame).
    pub fn around(&self, c: HexCoord) -> [HexCoord; 6] {
        let (q, r, _) = self.to_cube(c);
        const DIRS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
        DIRS.map(|(dq, dr)| self.from_cube(q + dq, r + dr))
    }

    /// The surrounding hexes that are on the grid.
    pub fn neighbours(&self, c: HexCoord) -> impl Iterator<Item = HexCoord> + '_ {
        self.around(c)
            .into_iter()
            .filter(move |n| self.contains(*n))
    }

    /// Whether two hexes share a side.
    pub fn adjacent(&self, a: HexCoord, b: HexCoord) -> bool {
        self.around(a).contains(&b)
    }

    /// Distance in hexes.
    pub fn distance(&self, a: HexCoord, b: HexCoord) -> i32 {
        let (aq, ar, as_) = self.to_cube(a);
        let (bq, br, bs) = self.to_cube(b);
        ((aq - bq).abs() + (ar - br).abs() + (as_ - bs).abs()) / 2
    }

    /// The printed column and row numbers of a hex.
    pub fn printed(&self, c: HexCoord) -> (i64, i64) {
        let (major, _) = self.frame(c);
        let mut row = i64::from(c.row) + self.numbering.first_row;
        let col = i64::from(c.col) + self.numbering.first_column;
        if self.numbering.stagger && self.shifted(major) {
            match self.orientation {
                Orientation::Columns => row += 1,
                Orientation::Rows => {}
            }
        }
        let col = if self.numbering.stagger
            && self.orientation == Orientation::Rows
            && self.shifted(major)
        {
            col + 1
        } else {
            col
        };
        (col, row)
    }

    /// The number printed in a hex, e.g. `0507`.
    pub fn number(&self, c: HexCoord) -> String {
        self.number_with(c, str::to_string)
    }

    /// `f` of the number printed in a hex, written on the stack (helpers name every hex of
    /// every supply path; `check` compares every hex number a game writes): no allocation
    /// unless `f` makes one.
    pub fn number_with<R>(&self, c: HexCoord, f: impl FnOnce(&str) -> R) -> R {
        let mut room = [0u8; NUMBER_ROOM];
        match self.number_bytes(c, &mut room) {
            Some(n) => f(n),
            None => f(&self.number_formatted(c)),
        }
    }

    /// The number printed in a hex, written into `room`: each part (column and row, in the
    /// numbering's order) a minus sign when negative, then its digits zero-padded to
    /// `digits`, as `{:0digits$}` writes them. `None` when the padding would not fit.
    fn number_bytes<'r>(&self, c: HexCoord, room: &'r mut [u8; NUMBER_ROOM]) -> Option<&'r str> {
        let (col, row) = self.printed(c);
        let d = self.numbering.digits as usize;
        let parts = if self.numbering.column_first {
            [col, row]
        } else {
            [row, col]
        };
        let mut len = 0;
        for v in parts {
            let mut digits = [0u8; 20];
            let mut n = v.unsigned_abs();
            let mut k = 0;
            loop {
                digits[k] = b'0' + (n % 10) as u8;
                n /= 10;
                k += 1;
                if n == 0 {
                    break;
                }
            }
            if len + usize::from(v < 0) + d.max(k) > NUMBER_ROOM {
                return None;
            }
            if v < 0 {
                room[len] = b'-';
                len += 1;
            }
            for _ in k..d {
                room[len] = b'0';
                len += 1;
            }
            for &digit in digits[..k].iter().rev() {
                room[len] = digit;
                len += 1;
            }
        }
        std::str::from_utf8(&room[..len]).ok()
    }

    /// The number printed in a hex through the formatting machinery: for a numbering whose
    /// padding outgrows [`NUMBER_ROOM`].
    fn number_formatted(&self, c: HexCoord) -> String {
        let (col, row) = self.printed(c);
        let d = self.numbering.digits as usize;
        let part = |v: i64| {
            if v < 0 {
                format!("-{:0d$}", v.unsigned_abs())
            } else {
                format!("{v:0d$}")
            }
        };
        if self.numbering.column_first {
            format!("{}{}", part(col), part(row))
        } else {
            format!("{}{}", part(row), part(col))
        }
    }

    /// Whether `text` is exactly the number printed in a hex (no allocation:
    /// [`HexGeometry::parse_number`] runs for every hex a game names).
    fn is_number(&self, c: HexCoord, text: &str) -> bool {
        self.number_with(c, |n| n == text)
    }

    /// The hex printed with this number, if it is on the grid.
    pub fn parse_number(&self, text: &str) -> Option<HexCoord> {
        let d = self.numbering.digits as usize;
        if text.len() < 2 * d || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // The first part has `digits` digits unless a part outgrew its padding; try both splits.
        for split in [d, text.len() - d] {
            if split == 0 || split >= text.len() {
                continue;
            }
            let (a, b) = text.split_at(split);
            let (Ok(a), Ok(b)) = (a.parse::<i64>(), b.parse::<i64>()) else {
                continue;
            };
            let (col, row) = if self.numbering.column_first {
                (a, b)
            } else {
                (b, a)
            };
            let raw_col = i32::try_from(col - self.numbering.first_column).ok()?;
            let mut raw_row = i32::try_from(row - self.numbering.first_row).ok()?;
            let mut raw_col2 = raw_col;
            if self.numbering.stagger {
                match self.orientation {
                    Orientation::Columns if self.shifted(raw_col) => raw_row -= 1,
                    Orientation::Rows if self.shifted(raw_row) => raw_col2 -= 1,
                    _ => {}
                }
            }
            let c = HexCoord::new(raw_col2, raw_row);
            if self.contains(c) && self.is_number(c, text) {
                return Some(c);
            }
        }
        None
    }

    /// Pixel layout for hexes `hex_size` pixels apart within a column, with a margin.
    pub fn layout(&self, hex_size: u32, margin: u32) -> HexLayout {
        if let Some(p) = self.picture {
            return self.picture_layout(p);
        }
        let dy = f64::from(hex_size);
        let dx = (dy * 3f64.sqrt() / 2.0).round();
        let radius = (dy / 3f64.sqrt()).ceil();
        let m = f64::from(margin);
        let (majors, minors) = match self.orientation {
            Orientation::Columns => (self.columns, self.rows),
            Orientation::Rows => (self.rows, self.columns),
        };
        let x0 = (m + radius).round();
        let y0 = (m + dy / 2.0).round();
        let along = x0 + dx * f64::from(majors.max(1) - 1) + radius + m;
        let across = y0 + dy * f64::from(minors.max(1) - 1) + dy / 2.0 + dy / 2.0 + m;
        let (w, h) = match self.orientation {
            Orientation::Columns => (along, across),
            Orientation::Rows => (across, along),
        };
        HexLayout {
            dy,
            dx,
            x0,
            y0,
            width: w.ceil() as u32,
            height: h.ceil() as u32,
        }
    }

    /// The layout of a grid drawn on a supplied picture: its own spacing and origin (the
    /// top-left hex's centre, unshifted), its size the grid's extent (the picture's own size
    /// is read from its file).
    fn picture_layout(&self, p: PictureGrid) -> HexLayout {
        let x0 = p.x0;
        let (majors, minors) = match self.orientation {
            Orientation::Columns => (self.columns, self.rows),
            Orientation::Rows => (self.rows, self.columns),
        };
        let along = x0 + p.dx * f64::from(majors.max(1)) + p.dx / 2.0;
        let across = p.y0 + p.dy * f64::from(minors.max(1)) + p.dy / 2.0;
        let (w, h) = match self.orientation {
            Orientation::Columns => (along, across),
            Orientation::Rows => (across, along),
        };
        HexLayout {
            dy: p.dy,
            dx: p.dx,
            x0,
            y0: p.y0,
            width: w.max(1.0).ceil() as u32,
            height: h.max(1.0).ceil() as u32,
        }
    }

    /// Whether the raw column (row) that VASSAL calls 0 is the first of ours; when the map's
    /// shifted columns are the even ones, VASSAL needs a phantom column before ours.
    pub fn vassal_phantom_column(&self) -> bool {
        !self.odd_shifted
    }

    /// Centre of a hex on the map picture, in pixels, computed as VASSAL's `HexGrid` does
    /// (integer truncation included), so both agree to the pixel.
    pub fn centre(&self, layout: &HexLayout, c: HexCoord) -> (i32, i32) {
        let (major, minor) = self.frame(c);
        let major_v = if self.odd_shifted { major } else { major + 1 };
        let x0 = if self.odd_shifted {
            layout.x0
        } else {
            layout.x0 - layout.dx
        };
        let along = (layout.dx * f64::from(major_v) + x0) as i32;
        let across = if major_v % 2 == 0 {
            (layout.dy * f64::from(minor) + layout.y0) as i32
        } else {
            (layout.dy * f64::from(minor) + (layout.dy / 2.0).trunc() + layout.y0) as i32
        };
        match self.orientation {
            Orientation::Columns => (along, across),
            Orientation::Rows => (across, along),
        }
    }

    /// The six corners of a hex around a centre, for drawing (flat-topped in `columns`).
    pub fn corners(&self, layout: &HexLayout, centre: (f64, f64)) -> [(f64, f64); 6] {
        let r = layout.dy / 3f64.sqrt();
        let h = layout.dy / 2.0;
        let pts = [
            (-r, 0.0),
            (-r / 2.0, -h),
            (r / 2.0, -h),
            (r, 0.0),
            (r / 2.0, h),
            (-r / 2.0, h),
        ];
        pts.map(|(a, b)| match self.orientation {
            Orientation::Columns => (centre.0 + a, centre.1 + b),
            Orientation::Rows => (centre.0 + b, centre.1 + a),
        })
    }

    /// Index in [`HexGeometry::corners`] of the two corners of the side towards the
    /// neighbour in direction `dir` of [`HexGeometry::around`].
    pub fn side_corners(dir: usize) -> (usize, usize) {
        [(1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 1)][dir % 6]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn grid(orientation: Orientation, odd_shifted: bool, stagger: bool) -> HexGeometry {
        HexGeometry {
            orientation,
            columns: 30,
            rows: 20,
            odd_shifted,
            picture: None,
            numbering: Numbering {
                column_first: true,
                first_column: 1,
                first_row: 1,
                digits: 2,
                stagger,
            },
        }
    }

    #[test]
    fn a_grid_on_a_supplied_picture_is_laid_where_it_says() {
        // Kassala's grid: VASSAL's x0 = 51, y0 = 55, dx = 227.9…, dy = 265.8…
        let mut g = grid(Orientation::Columns, true, false);
        g.picture = Some(PictureGrid {
            x0: 51.0,
            y0: 55.0,
            dx: 227.900_000_000_000_52,
            dy: 265.899_999_999_999_5,
        });
        let layout = g.layout(64, 48);
        assert_eq!((layout.x0, layout.y0), (51.0, 55.0), "not the hex size's");
        // VASSAL's own centres of the pieces Kassala's set-up snaps there.
        assert_eq!(g.centre(&layout, HexCoord::new(2, 2)), (506, 586));
        assert_eq!(g.centre(&layout, HexCoord::new(1, 2)), (278, 718));
        assert_eq!(g.centre(&layout, HexCoord::new(8, 6)), (1874, 1650));
        // Without it, the hex size decides.
        g.picture = None;
        assert_ne!(g.layout(64, 48).x0, 51.0);
    }

    #[test]
    fn numbers_are_printed_column_first_and_padded() {
        let g = grid(Orientation::Columns, true, false);
        assert_eq!(g.number(HexCoord::new(4, 6)), "0507");
        assert_eq!(g.parse_number("0507"), Some(HexCoord::new(4, 6)));
        assert_eq!(
            g.parse_number("3101"),
            None,
            "column 31 is off a 30-column map"
        );
        assert_eq!(g.parse_number("05x7"), None);
    }

    #[test]
    fn neighbours_of_an_even_and_an_odd_column_in_vassal_layout() {
        let g = grid(Orientation::Columns, true, false);
        // Column 2 (raw, even) is higher than columns 1 and 3.
        let mut n: Vec<_> = g.neighbours(HexCoord::new(2, 5)).collect();
        n.sort();
        let want =
            [(1, 4), (1, 5), (2, 4), (2, 6), (3, 4), (3, 5)].map(|(c, r)| HexCoord::new(c, r));
        assert_eq!(n, want);
        let mut n: Vec<_> = g.neighbours(HexCoord::new(3, 5)).collect();
        n.sort();
        let want =
            [(2, 5), (2, 6), (3, 4), (3, 6), (4, 5), (4, 6)].map(|(c, r)| HexCoord::new(c, r));
        assert_eq!(n, want);
    }

    /// The number as the allocating formatting wrote it before `write_number`.
    fn old_number(g: &HexGeometry, c: HexCoord) -> String {
        let (col, row) = g.printed(c);
        let d = g.numbering.digits as usize;
        let part = |v: i64| {
            if v < 0 {
                format!("-{:0d$}", -v)
            } else {
                format!("{v:0d$}")
            }
        };
        if g.numbering.column_first {
            format!("{}{}", part(col), part(row))
        } else {
            format!("{}{}", part(row), part(col))
        }
    }

    #[test]
    fn numbers_are_written_and_compared_as_before() {
        // The last pads past the room on the stack: the formatting machinery writes it.
        for (orientation, odd, stagger, column_first, first, digits) in [
            (Orientation::Columns, true, false, true, 1, 2),
            (Orientation::Columns, false, true, false, 0, 3),
            (Orientation::Rows, true, true, true, -3, 1),
            (Orientation::Rows, false, false, false, 98, 2),
            (Orientation::Columns, true, false, true, -5, 40),
        ] {
            let mut g = grid(orientation, odd, stagger);
            g.numbering.digits = digits;
            g.numbering.column_first = column_first;
            g.numbering.first_column = first;
            g.numbering.first_row = first;
            for c in g
                .coords()
                .chain([HexCoord::new(-1, 2), HexCoord::new(31, -4)])
            {
                let old = old_number(&g, c);
                assert_eq!(g.number(c), old);
                assert!(g.is_number(c, &old));
                for other in [
                    format!("{old}0"),
                    old[1..].to_string(),
                    String::new(),
                    format!("9{}", &old[1..]),
                ] {
                    assert_eq!(g.is_number(c, &other), other == old, "{other} for {old}");
                }
            }
        }
    }

    #[test]
    fn corner_hex_has_fewer_neighbours() {
        let g = grid(Orientation::Columns, true, false);
        assert_eq!(g.neighbours(HexCoord::new(0, 0)).count(), 2);
    }

    proptest! {
        #[test]
        fn cube_round_trips(col in 0i32..30, row in 0i32..20, odd in any::<bool>(), rows_o in any::<bool>()) {
            let o = if rows_o { Orientation::Rows } else { Orientation::Columns };
            let g = grid(o, odd, false);
            let c = HexCoord::new(col, row);
            let (q, r, s) = g.to_cube(c);
            prop_assert_eq!(q + r + s, 0);
            prop_assert_eq!(g.from_cube(q, r), c);
        }

        #[test]
        fn adjacency_is_symmetric_and_distance_one(col in 0i32..30, row in 0i32..20, odd in any::<bool>(), rows_o in any::<bool>()) {
            let o = if rows_o { Orientation::Rows } else { Orientation::Columns };
            let g = grid(o, odd, false);
            let c = HexCoord::new(col, row);
            for n in g.neighbours(c) {
                prop_assert!(g.adjacent(n, c));
                prop_assert_eq!(g.distance(c, n), 1);
            }
        }

        #[test]
        fn numbers_round_trip(col in 0i32..30, row in 0i32..20, odd in any::<bool>(), stagger in any::<bool>(), rows_o in any::<bool>()) {
            let o = if rows_o { Orientation::Rows } else { Orientation::Columns };
            let g = grid(o, odd, stagger);
            let c = HexCoord::new(col, row);
            prop_assert_eq!(g.parse_number(&g.number(c)), Some(c));
        }

        #[test]
        fn neighbouring_centres_are_one_hex_apart(col in 0i32..29, row in 0i32..19, odd in any::<bool>(), rows_o in any::<bool>()) {
            let o = if rows_o { Orientation::Rows } else { Orientation::Columns };
            let g = grid(o, odd, false);
            let l = g.layout(64, 10);
            let c = HexCoord::new(col, row);
            let (x, y) = g.centre(&l, c);
            for n in g.neighbours(c) {
                let (nx, ny) = g.centre(&l, n);
                let d = (f64::from(nx - x).powi(2) + f64::from(ny - y).powi(2)).sqrt();
                prop_assert!((d - 64.0).abs() < 2.5, "distance {d}");
            }
            prop_assert!(x > 0 && y > 0 && (x as u32) < l.width && (y as u32) < l.height);
        }
    }
}
