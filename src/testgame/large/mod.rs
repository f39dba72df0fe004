//! Large generated games, for the benchmarks (and any test that needs size rather than
//! detail).
//!
//! - [`front()`]: one square hex map of any size with two sides of any number of units, the
//!   rules of The Great Patriotic War (stacking, zones of control, supply, control), cities,
//!   rivers and rail lines in the GPW's density; [`front_positions`] scatters the units.
//!   The helpers' benchmarks run on it.
//! - [`gpw()`]: a game `scale` times the size of The Great Patriotic War — map area, places,
//!   rivers, rail lines, set-up regions, classes, counters, pools and scenario placements
//!   all multiplied — as the files of a game directory, for the benchmark of `check`.
//!
//! Everything is drawn from fixed pseudo-random sequences: the same arguments give the same
//! text.
//!
//! The fixed TOML both games use is in `text.rs`; this file holds the pseudo-random
//! sequence, the generated places, rivers and rail lines, and the games compared.

use crate::helpers::{Position, Positions};
use crate::model::{Game, HexCoord, Location, MapKind};

mod front;
mod gpw;
mod text;

pub use front::{front, front_positions, front_setup, front_with_setup};
pub use gpw::gpw;
use text::*;

/// A xorshift sequence: the same seed, the same numbers.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The printed number of raw hex (`col`, `row`) under `column-row` numbering from 1 with
/// three digits each.
fn number(col: usize, row: usize) -> String {
    format!("{:03}{:03}", col + 1, row + 1)
}

/// Writes `items` as a TOML array of strings, ten to a line.
fn string_array(items: &[String]) -> String {
    let mut out = String::from("[\n");
    for chunk in items.chunks(10) {
        out.push_str("  ");
        let line: Vec<String> = chunk.iter().map(|s| format!("\"{s}\"")).collect();
        out.push_str(&line.join(", "));
        out.push_str(",\n");
    }
    out.push(']');
    out
}

/// The generated places, rivers and rail lines of a hex map.
struct Features {
    /// The `[[map.place]]`, `[[map.hexside]]` and `[[map.rail]]` TOML.
    toml: String,
    /// The hexes of the places (row-major indices), in the order written.
    places: Vec<usize>,
}

/// The places, rivers and rail lines of a hex map, in The Great Patriotic War's density
/// (per 2,835 hexes: 102 places, 24 rivers of 29 hexsides, 41 rail lines of up to 15
/// hexes), on the land hexes of `land` (`columns` × `rows`, row-major) in columns
/// `first..end`; names start with `prefix`.
fn features(
    rng: &mut Xorshift,
    land: &[bool],
    columns: usize,
    rows: usize,
    (first, end): (usize, usize),
    prefix: &str,
) -> Features {
    let width = end - first;
    let hexes = width * rows;
    let mut toml = String::new();
    // Places: one per 28 hexes, on distinct land hexes.
    let wanted = hexes * 102 / 2835;
    let mut taken = vec![false; land.len()];
    let mut places = Vec::with_capacity(wanted);
    while places.len() < wanted {
        let (c, r) = (first + rng.below(width), rng.below(rows));
        let i = r * columns + c;
        if !land[i] || taken[i] {
            continue;
        }
        taken[i] = true;
        let k = places.len();
        let kind = match k % 15 {
            0 => "major-city",
            7 => "fortress",
            _ => "minor-city",
        };
        let tags = if k % 9 == 4 { "[\"port\"]" } else { "[]" };
        toml.push_str(&format!(
            "[[map.place]]\nhex = \"{}\"\nname = \"{prefix}City {}\"\nkind = \"{kind}\"\ntags = {tags}\n\n",
            number(c, r),
            k + 1
        ));
        places.push(i);
    }
    // Rivers: runs of 29 hexsides between vertically adjacent hexes, eastwards.
    for k in 0..hexes * 24 / 2835 {
        let r = rng.below(rows - 1);
        let c0 = first + rng.below(width.saturating_sub(29).max(1));
        let sides: Vec<String> = (c0..(c0 + 29).min(end))
            .map(|c| format!("{}/{}", number(c, r), number(c, r + 1)))
            .collect();
        toml.push_str(&format!(
            "[[map.hexside]]\nkind = \"river\"\nname = \"{prefix}River {}\"\nsides = {}\n\n",
            k + 1,
            string_array(&sides)
        ));
    }
    // Rail lines: runs of up to 15 land hexes down a column.
    let mut line = 0;
    while line < hexes * 41 / 2835 {
        let (c, r0) = (first + rng.below(width), rng.below(rows));
        let path: Vec<String> = (r0..(r0 + 15).min(rows))
            .take_while(|r| land[r * columns + c])
            .map(|r| number(c, r))
            .collect();
        if path.len() < 2 {
            continue;
        }
        line += 1;
        toml.push_str(&format!(
            "[[map.rail]]\nname = \"{prefix}Rail {line}\"\nhexes = {}\n\n",
            string_array(&path)
        ));
    }
    Features { toml, places }
}

/// The games whose helper reports are compared with those of the tool before the work on
/// speed (issue 19), by name: a 120×120 [`front()`] with its set-up of about 1,200 units,
/// and the example games.
pub fn compared() -> Vec<(String, Game)> {
    let mut out = vec![(
        "front".to_string(),
        crate::testgame::build(&[("game.toml", &front_with_setup(120, 600))]),
    )];
    for id in [
        "great-patriotic-war",
        "great-european-war",
        "greek-civil-war",
        "diplomacy",
    ] {
        out.push((id.to_string(), crate::testgame::example(id)));
    }
    out
}

/// The SHA-256 of a value's JSON, in hex: a report's fingerprint.
pub fn digest(value: &impl serde::Serialize) -> String {
    use sha2::Digest;
    let json = serde_json::to_string(value).expect("JSON");
    sha2::Sha256::digest(json.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame;

    #[test]
    fn a_front_checks_clean_with_its_cities_rivers_and_rails() {
        let g = testgame::build(&[("game.toml", &front(60, 50))]);
        let MapKind::Hex(h) = &g.maps[0].kind else {
            panic!("a hex map")
        };
        assert_eq!(g.maps[0].places.len(), 60 * 60 * 102 / 2835);
        assert_eq!(h.rails.len(), 60 * 60 * 41 / 2835);
        assert!(!h.hexsides.is_empty());
        assert_eq!(g.rules.stacking.len(), 6);
        assert!(g.rules.control.is_some());
        let p = front_positions(&g, 60, 50);
        assert_eq!(p.units.len(), 100);
    }

    /// The GPW at one and four times its size checks clean, with everything multiplied.
    #[test]
    fn the_scaled_great_patriotic_war_checks_clean() {
        let count = |scale: usize| {
            let files = gpw(scale);
            let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
            let g = testgame::build(&files);
            let MapKind::Hex(h) = &g.maps[0].kind else {
                panic!("a hex map")
            };
            (
                h.geometry.len(),
                g.maps[0].places.len(),
                h.rails.len(),
                g.classes.len(),
                g.counters.len(),
                g.pools.len(),
                g.scenarios
                    .iter()
                    .map(|s| s.placements.len())
                    .collect::<Vec<_>>(),
            )
        };
        let one = count(1);
        assert_eq!(
            (one.0, one.1, one.2, one.3, one.4, one.5),
            (2835, 102, 41, 49, 208, 53)
        );
        let four = count(4);
        assert_eq!(
            (four.0, four.1, four.2, four.3, four.4, four.5),
            (4 * 2835, 4 * 102, 4 * 41, 4 * 49, 4 * 208, 4 * 53)
        );
        assert_eq!(
            four.6,
            one.6.iter().map(|n| 4 * n).collect::<Vec<_>>(),
            "placements multiply"
        );
    }
}
