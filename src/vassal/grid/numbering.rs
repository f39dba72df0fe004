//! Grid numbering shared by hex and square grids (`RegularGridNumbering`): how a numbered
//! column/row becomes a name such as `0305` or `B05`, how a name is parsed back, and the
//! `locationFormat` wrapped around it.

use serde::Serialize;

use super::pattern::{expand, for_each_token, match_parts, Part, UnknownProperty};
use super::{attr_bool, attr_char, attr_int};
use crate::vassal::buildfile::Element;

/// The attributes of a `HexGridNumbering` or `SquareGridNumbering`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridNumbering {
    /// `H`: column part first; `V`: row part first.
    pub first: char,
    /// Separator between the two parts.
    pub sep: String,
    /// Column numbering type: `N` numeric, `A` alphabetic.
    pub h_type: char,
    /// Row numbering type.
    pub v_type: char,
    /// Leading zeros for column numbers.
    pub h_leading: i32,
    /// Leading zeros for row numbers.
    pub v_leading: i32,
    /// Number of raw column 0.
    pub h_off: i32,
    /// Number of raw row 0.
    pub v_off: i32,
    /// Columns numbered right to left.
    pub h_descend: bool,
    /// Rows numbered bottom to top.
    pub v_descend: bool,
    /// Hex grids only: odd columns' row numbers shifted by one.
    pub stagger: bool,
    /// Format of the reported location (`$gridLocation$`, `$row$`, `$column$`).
    pub location_format: String,
}

impl Default for GridNumbering {
    fn default() -> Self {
        Self {
            first: 'H',
            sep: String::new(),
            h_type: 'N',
            v_type: 'N',
            h_leading: 1,
            v_leading: 1,
            h_off: 1,
            v_off: 1,
            h_descend: false,
            v_descend: false,
            stagger: true,
            location_format: "$gridLocation$".to_string(),
        }
    }
}

/// Which numbered value a pattern group captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Axis {
    Row,
    Column,
}

impl GridNumbering {
    /// Reads the numbering attributes (missing or invalid ones keep VASSAL's defaults).
    pub fn from_element(element: &Element) -> Self {
        let d = Self::default();
        Self {
            first: attr_char(element, "first", d.first),
            sep: element.attr("sep").unwrap_or_default().to_string(),
            h_type: attr_char(element, "hType", d.h_type),
            v_type: attr_char(element, "vType", d.v_type),
            h_leading: attr_int(element, "hLeading", d.h_leading),
            v_leading: attr_int(element, "vLeading", d.v_leading),
            h_off: attr_int(element, "hOff", d.h_off),
            v_off: attr_int(element, "vOff", d.v_off),
            h_descend: attr_bool(element, "hDescend", d.h_descend),
            v_descend: attr_bool(element, "vDescend", d.v_descend),
            stagger: attr_bool(element, "stagger", d.stagger),
            location_format: element
                .attr("locationFormat")
                .unwrap_or(&d.location_format)
                .to_string(),
        }
    }

    /// The grid-location text for a numbered `(row, column)` (`getName(row, col)`).
    pub fn cell_name(&self, row: i32, column: i32) -> String {
        let row_name = part_name(row.wrapping_add(self.v_off), self.v_type, self.v_leading);
        let column_name = part_name(column.wrapping_add(self.h_off), self.h_type, self.h_leading);
        if self.first == 'H' {
            format!("{column_name}{}{row_name}", self.sep)
        } else {
            format!("{row_name}{}{column_name}", self.sep)
        }
    }

    /// The reported location for a numbered `(row, column)`: `locationFormat` expanded.
    pub fn location_name(&self, row: i32, column: i32) -> String {
        let grid_location = self.cell_name(row, column);
        let row_name = part_name(row.wrapping_add(self.v_off), self.v_type, self.v_leading);
        let column_name = part_name(column.wrapping_add(self.h_off), self.h_type, self.h_leading);
        expand(
            &self.location_format,
            &[
                ("gridLocation", Some(&grid_location)),
                ("row", Some(&row_name)),
                ("column", Some(&column_name)),
            ],
            UnknownProperty::Empty,
        )
    }

    /// Parses a reported location back into numbered `(row, column)` (offsets removed), as
    /// VASSAL's `getLocation` does; `None` when the name does not match the format.
    pub fn parse_location(&self, location: &str) -> Option<(i32, i32)> {
        let mut parts = Vec::new();
        let mut axes = Vec::new();
        let column_part = || group(self.h_type, self.h_leading);
        let row_part = || group(self.v_type, self.v_leading);
        for_each_token(&self.location_format, |token, is_property| {
            if !is_property {
                parts.push(Part::Literal(token.to_string()));
                return;
            }
            match token {
                "gridLocation" => {
                    let (first, second) = if self.first == 'H' {
                        ((column_part(), Axis::Column), (row_part(), Axis::Row))
                    } else {
                        ((row_part(), Axis::Row), (column_part(), Axis::Column))
                    };
                    parts.push(first.0);
                    axes.push(first.1);
                    if !self.sep.is_empty() {
                        parts.push(Part::Literal(self.sep.clone()));
                    }
                    parts.push(second.0);
                    axes.push(second.1);
                }
                "row" => {
                    parts.push(row_part());
                    axes.push(Axis::Row);
                }
                "column" => {
                    parts.push(column_part());
                    axes.push(Axis::Column);
                }
                _ => {}
            }
        });
        // The last group of each axis is the one VASSAL reads.
        let row_index = axes.iter().rposition(|&a| a == Axis::Row)?;
        let column_index = axes.iter().rposition(|&a| a == Axis::Column)?;
        let captures = match_parts(&parts, location)?;
        let row = parse_part(captures.get(row_index)?, self.v_type)?;
        let column = parse_part(captures.get(column_index)?, self.h_type)?;
        Some((
            row.checked_sub(self.v_off)?,
            column.checked_sub(self.h_off)?,
        ))
    }
}

fn group(kind: char, leading: i32) -> Part {
    if kind == 'A' {
        Part::Alphabetic
    } else {
        Part::Numeric {
            min_digits: usize::try_from(leading.saturating_add(1)).unwrap_or(0),
        }
    }
}

/// Longest alphabetic name part produced (VASSAL has no limit; real grids need 1–3).
const MAX_ALPHABETIC_LENGTH: i64 = 1024;

/// One part of a name (`getName(value, type, leading)`): alphabetic `A`…`Z`, `AA`, `BB`…
/// or a number padded with `leading` zeros while it is below 10^leading.
pub fn part_name(value: i32, kind: char, leading: i32) -> String {
    const ALPHABET: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = String::new();
    if value < 0 {
        out.push('-');
    }
    let magnitude = i64::from(value).abs();
    if kind == 'A' {
        // VASSAL appends the letter once per 26 in the value; the cap only keeps absurd
        // values (from hostile attributes) from building megabyte names.
        let letter = char::from(ALPHABET[(magnitude % 26) as usize]);
        let count = (magnitude / 26 + 1).min(MAX_ALPHABETIC_LENGTH);
        out.extend(std::iter::repeat_n(letter, count as usize));
        return out;
    }
    // Real grids use 0–3; the cap only keeps hostile input from allocating gigabytes.
    let mut leading = leading.min(64);
    while leading > 0 && (magnitude as f64) < 10f64.powi(leading) {
        out.push('0');
        leading -= 1;
    }
    out.push_str(&magnitude.to_string());
    out
}

/// Parses one part of a name (`parseName`); `None` when a number does not fit an `int`.
pub fn parse_part(name: &str, kind: char) -> Option<i32> {
    if kind != 'A' {
        return name.parse().ok();
    }
    let (negative, letters) = match name.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let letters: Vec<u8> = letters.bytes().take_while(u8::is_ascii_uppercase).collect();
    let mut value: i32 = 0;
    for (index, &letter) in letters.iter().enumerate() {
        let add = if index + 1 < letters.len() {
            26
        } else {
            i32::from(letter - b'A')
        };
        value = value.checked_add(add)?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_names_follow_vassal() {
        assert_eq!(part_name(5, 'N', 1), "05");
        assert_eq!(part_name(10, 'N', 1), "10");
        assert_eq!(part_name(5, 'N', 2), "005");
        assert_eq!(part_name(10, 'N', 2), "010");
        assert_eq!(part_name(0, 'N', 1), "00");
        assert_eq!(part_name(7, 'N', 0), "7");
        assert_eq!(part_name(-3, 'N', 1), "-03");
        assert_eq!(part_name(0, 'A', 1), "A");
        assert_eq!(part_name(25, 'A', 1), "Z");
        assert_eq!(part_name(26, 'A', 1), "AA");
        assert_eq!(part_name(27, 'A', 1), "BB");
        assert_eq!(part_name(52, 'A', 1), "AAA");
        assert!(part_name(i32::MIN, 'A', 1).len() > 1);
        for value in [0, 1, 25, 26, 51, 52, 77, -4] {
            assert_eq!(parse_part(&part_name(value, 'A', 0), 'A'), Some(value));
        }
        assert_eq!(parse_part("99999999999", 'N'), None);
    }

    #[test]
    fn names_and_parsing_use_the_format() {
        let numbering = GridNumbering {
            stagger: false,
            ..GridNumbering::default()
        };
        assert_eq!(numbering.location_name(4, 2), "0305");
        assert_eq!(numbering.parse_location("0305"), Some((4, 2)));
        assert_eq!(
            numbering.parse_location("305"),
            None,
            "needs leading+1 digits"
        );
        let fancy = GridNumbering {
            first: 'V',
            sep: "-".into(),
            h_type: 'A',
            location_format: "Hex $gridLocation$ ($row$)".into(),
            ..GridNumbering::default()
        };
        assert_eq!(fancy.location_name(4, 1), "Hex 05-C (05)");
        assert_eq!(fancy.parse_location("Hex 05-C (05)"), Some((4, 1)));
        let no_grid = GridNumbering {
            location_format: "$row$ only".into(),
            ..GridNumbering::default()
        };
        assert_eq!(no_grid.parse_location("05 only"), None, "needs both parts");
    }
}
