//! `hex-layout.md`: hex grids as a designer needs them — the two orientations, which
//! columns (rows) are shifted, how hexes are numbered, who a hex's neighbours are and how a
//! hexside is written — with a picture of every combination ([`super::pictures`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::pictures::{self, Grid};
use crate::model::{HexCoord, Orientation};

/// The page and its pictures, by path in the reference tree.
pub fn page(out: &mut BTreeMap<String, Vec<u8>>) {
    let mut s = String::new();
    s.push_str(INTRO);
    for (title, stagger) in [
        ("## Orientation and shift", false),
        ("## Staggered numbering", true),
    ] {
        s.push_str(title);
        s.push_str("\n\n");
        s.push_str(if stagger { STAGGER } else { SHIFT });
        for grid in Grid::all().into_iter().filter(|g| g.stagger == stagger) {
            grid_section(&mut s, &grid);
            let png = crate::emit::art::png::encode(&pictures::render(&grid))
                .expect("a picture in memory encodes");
            out.insert(grid.path(), png);
        }
    }
    s.push_str(HEXSIDES);
    out.insert("hex-layout.md".into(), s.into_bytes());
}

/// One combination: its `[map.hex]`, the picture, the highlighted hex's neighbours, the
/// river's hexside and how a layer's first lines read.
fn grid_section(s: &mut String, grid: &Grid) {
    let geo = grid.geometry();
    let lower = match grid.orientation {
        Orientation::Columns => "columns sit half a hex lower",
        Orientation::Rows => "rows sit half a hex to the right",
    };
    let which = if grid.odd_shifted {
        "the 2nd and 4th"
    } else {
        "the 1st, 3rd and 5th"
    };
    let _ = writeln!(
        s,
        "### `{}`, shifted `{}`{}\n",
        grid.orientation_word(),
        grid.shifted_word(),
        if grid.stagger { ", staggered" } else { "" }
    );
    let _ = writeln!(s, "```toml\n{}```\n", grid.toml());
    let _ = writeln!(
        s,
        "![A 5 by 4 grid, orientation {}, shifted {}{}]({})\n",
        grid.orientation_word(),
        grid.shifted_word(),
        if grid.stagger { ", staggered" } else { "" },
        grid.path()
    );
    let focus = grid.focus();
    let mut around: Vec<String> = geo.around(focus).iter().map(|h| geo.number(*h)).collect();
    around.sort();
    let _ = writeln!(
        s,
        "{} {} ({} counted from the top left). Hex **{}** touches {}. The river is \
         `sides = [\"{}\"]`.\n",
        capital(which),
        lower,
        match grid.orientation {
            Orientation::Columns => "columns",
            Orientation::Rows => "rows",
        },
        geo.number(focus),
        list(&around),
        grid.river_side()
    );
    let first = |row: i32| -> String {
        (0..geo.columns)
            .map(|c| geo.number(HexCoord::new(c, row)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(
        s,
        "A text layer's first line is hexes {}; its second line {}.\n",
        first(0),
        first(1)
    );
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

const INTRO: &str = "# Hex grids

A hex map says how its grid is laid in `[map.hex]` and how its hexes are numbered in
`[map.hex.numbering]` (both on the [maps](map.md) page). Everything else on the map — the
text layers, places, hexsides, rail lines, edges, hex sets, and every scenario placement —
names hexes by the number printed in them, so these few keys decide what every other hex
number in the game means. The map art, the VASSAL module and `sandtable check` all use the
same grid: the pictures below are drawn by the same code as a game's map.

```toml
[[map]]
id = \"east-front\"
title = \"The Eastern Front\"
[map.hex]
orientation = \"columns\"      # flat-topped hexes in vertical columns, or \"rows\"
columns = 34
rows = 26
shifted = \"odd\"              # which columns sit half a hex lower: \"odd\" (default) or \"even\"
[map.hex.numbering]
pattern = \"column-row\"       # 0507 = column 5, row 7; or \"row-column\" (0705)
first-column = 1             # the number printed on the leftmost column (default 1)
first-row = 1                # the number printed on the top row (default 1)
digits = 2                   # digits of each part, zero padded (default 2): 0507
stagger = false              # rows of shifted columns numbered one higher (default false)
```

- **`orientation`**: `columns` lays flat-topped hexes (a flat side at the top) in vertical
  columns; `rows` lays pointy-topped hexes (a corner at the top) in horizontal rows.
- **`columns`**, **`rows`**: how many hexes across and down (1 to 2000 each).
- **`shifted`**: in a grid of columns every other column sits half a hex lower than its
  neighbours; in a grid of rows every other row sits half a hex to the right. Counting the
  columns (rows) from 0 at the left (top), `odd` — the default, and VASSAL's own — shifts
  columns 1, 3, 5, …, which are the 2nd, 4th, 6th… from the left; `even` shifts columns 0,
  2, 4, …, the leftmost among them. Look at the printed map: if its leftmost column stands
  higher than the second, it is `odd`; if lower, `even`.
- **`pattern`**: `column-row` prints the column number first (`0507` is column 5, row 7),
  `row-column` the row first (`0705` is the same hex).
- **`first-column`**, **`first-row`**: the numbers printed on the leftmost column and the
  top row, when the map does not start at 1 (a map section starting at column 20, or at 0).
- **`digits`**: how many digits each part has, padded with zeros (1 to 4): with 2, hex
  (5, 7) is `0507`; with 3, `005007`. A number wider than its digits is printed whole.
- **`stagger`**: some printed maps number the hexes of the shifted columns one row higher
  (the half-hex lower column's top hex is row 2), as VASSAL's numbering can: see
  [Staggered numbering](#staggered-numbering).

A hex's **neighbours** are the six hexes sharing a side with it; which numbers those are
depends on the orientation, the shift and the numbering, as the pictures show: in each, the
hex with a ring is highlighted, its six neighbours are shaded and dotted, and a blue river
runs along one of its sides. Every picture numbers its grid `column-row` from `0101` with two
digits.

A **text layer** (`[map.terrain]`, `[map.country]`, `[map.region]`) has one line per row of
hexes, top row first, and one character per hex in each line, left to right: on a grid of
columns a line zig-zags through the shifted columns, as each section below spells out.

";

const SHIFT: &str = "The four ways to lay a grid, numbered plainly.

";

const STAGGER: &str = "With `stagger = true` the hexes of the shifted columns (rows) are
numbered one higher in the other part: on a grid of columns the top hex of a lowered column
is row 2, so that the numbers of one printed row run straight across the map instead of
zig-zagging. Use it when the printed map numbers its hexes that way: look at the top hex of
the second column.

";

const HEXSIDES: &str = "## Hexsides

A hexside — a river, a strait, a border — lies between two neighbouring hexes and is written
as their two numbers joined by `/`, in either order: `\"0302/0303\"`. A `[[map.hexside]]`
lists a chain of them under one kind of `[[hexside-terrain]]`:

```toml
[[map.hexside]]
kind = \"river\"        # a [[hexside-terrain]] id
name = \"Dnieper\"
sides = [\"1012/1013\", \"1013/1113\", \"1113/1114\"]
```

Two hexes that do not touch have no hexside between them: `check` reports `bad-hexside` and
lists the hexes that do touch the first one, which is the quickest way to find the right
neighbour on a shifted grid. A hex number that is not on the map is `no-such-hex`. Rail
lines (`[[map.rail]] hexes = [...]`) are paths of neighbouring hexes in the same way.
";
