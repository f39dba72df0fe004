//! The hex test game in the image of The Great Patriotic War (`mini-gpw`, [`BASE`]): its
//! victory conditions, maps written as rows of terrain and countries, a corridor between two
//! seas, and the game built with a map.

use super::*;

/// Everything but the map.
pub const BASE: &str = r##"
[game]
id = "mini-gpw"
title = "Mini Patriotic War"
version = "1"
player-order = ["axis", "soviet"]

[[side]]
id = "axis"
name = "Axis"
colour = "#7d8b6a"
nations = ["ger"]

[[side]]
id = "soviet"
name = "Soviet"
colour = "#c0392b"
nations = ["sov"]

[[nation]]
id = "ger"
name = "German"
abbreviation = "Ger"
background = "#8a9a78"
text = "#000000"

[[nation]]
id = "sov"
name = "Soviet"
abbreviation = "Sov"
background = "#c0392b"
text = "#000000"

[[country]]
id = "germany"
name = "Germany"
controlled-by = "axis"

[[country]]
id = "ussr"
name = "USSR"
controlled-by = "soviet"

[[weather]]
id = "clear"
name = "Clear"

[[weather]]
id = "mud"
name = "Mud"

[[weather]]
id = "snow"
name = "Snow"

[[turn]]
id = "t1"
name = "Turn 1"
weather = "clear"

[[phase]]
id = "move"
name = "Movement"

[[factor]]
id = "attack"
name = "Attack factor"
abbreviation = "AF"

[[factor]]
id = "defence"
name = "Defence factor"
abbreviation = "DF"

[[factor]]
id = "movement"
name = "Movement"
abbreviation = "MP"

[[factor]]
id = "column-shift"
name = "Column shift"
abbreviation = "CS"

[[unit-type]]
id = "infantry"
name = "Infantry"
symbol = "infantry"

[[unit-type]]
id = "partisan"
name = "Partisan"
symbol = "partisan"

[[unit-type]]
id = "airborne"
name = "Airborne"
symbol = "airborne"

[[unit-type]]
id = "leader"
name = "Leader"
symbol = "leader"
combat = false

[[unit-type]]
id = "air"
name = "Air"
symbol = "bomber"
combat = false

[[unit-type]]
id = "marker"
name = "Marker"
symbol = "marker"
combat = false

[[class]]
id = "ger-inf"
name = "Ger Infantry Corps"
nation = "ger"
type = "infantry"
size = "corps"
factors = { attack = 4, defence = 4, movement = 3 }
reduced = { attack = 2, defence = 2, movement = 3 }

[[class]]
id = "sov-inf"
name = "Sov Infantry Army"
nation = "sov"
type = "infantry"
size = "army"
factors = { attack = 3, defence = 3, movement = 2 }

[[class]]
id = "sov-partisan"
name = "Sov Partisans"
nation = "sov"
type = "partisan"
factors = { attack = 0, defence = 1, movement = 3 }

[[class]]
id = "sov-airborne"
name = "Sov Airborne Corps"
nation = "sov"
type = "airborne"
factors = { attack = 1, defence = 1, movement = 3 }

[[class]]
id = "ger-leader"
name = "Ger Leader"
nation = "ger"
type = "leader"
factors = { movement = 2 }

[[class]]
id = "sov-air"
name = "Sov Air"
nation = "sov"
type = "air"
factors = { column-shift = 1 }

[[class]]
id = "axis-control"
name = "Axis Control"
side = "axis"
type = "marker"
flags = ["control-marker"]

[[class]]
id = "soviet-control"
name = "Soviet Control"
type = "marker"
flags = ["control-marker:soviet"]

[[counter]]
id = "ger"
name = "Ger Corps"
class = "ger-inf"
count = 20

[[counter]]
id = "sov"
name = "Sov Army"
class = "sov-inf"
count = 20

[[counter]]
id = "partisan"
name = "Partisans"
class = "sov-partisan"
count = 3

[[counter]]
id = "airborne"
name = "1st Airborne"
class = "sov-airborne"
count = 3

[[counter]]
id = "leader"
name = "Manstein"
class = "ger-leader"

[[counter]]
id = "air"
name = "Sov Air Army"
class = "sov-air"

[[counter]]
id = "axis-control"
name = "Axis Control"
class = "axis-control"
count = 5

[[counter]]
id = "soviet-control"
name = "Soviet Control"
class = "soviet-control"
count = 5

[[terrain]]
id = "clear"
name = "Clear"
kind = "land"
colour = "#e6e0bf"
movement = { all = 1 }

[[terrain]]
id = "forest"
name = "Forest"
kind = "land"
colour = "#7fa05a"
movement = { all = 2 }
combat = { shift = -1 }

[[terrain]]
id = "swamp"
name = "Swamp"
kind = "land"
colour = "#9cbfa4"
movement = { all = 3 }
combat = { halve-attack = true, no-retreat = true }

[[terrain]]
id = "mountain"
name = "Mountain"
kind = "land"
colour = "#a07e5a"
movement = { all = 3 }
combat = { halve-attack = true, no-retreat = true }

[[terrain]]
id = "sea"
name = "Sea"
kind = "water"
colour = "#7db3d8"
movement = { all = "prohibited" }

[[terrain]]
id = "major-city"
name = "Major city"
kind = "feature"
colour = "#b03030"
combat = { shift = -1 }

[[terrain]]
id = "minor-city"
name = "Minor city"
kind = "feature"
colour = "#d46a6a"

[[hexside-terrain]]
id = "river"
name = "River"
colour = "#2f6db3"
movement = { all = 1 }
shift-if-all-across = -1

[[hexside-terrain]]
id = "strait"
name = "Straits of Kerch"
colour = "#1b4f8a"
movement = { all = "stop" }
halve-if-any-across = true
passable = true

[[hexside-terrain]]
id = "cliffs"
name = "Cliffs"
colour = "#000000"
movement = { all = "prohibited" }
passable = false

[[crt]]
id = "crt"
title = "Combat Results Table"
kind = "odds"
columns = ["1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1"]
dice = "1d6"
halving = "up"
rows = [
  { roll = "1", results = ["AL", "AL", "AL",  "NE",  "DR",  "DR",  "DRL", "DRL"] },
  { roll = "2", results = ["AL", "AL", "NE",  "DR",  "DR",  "DRL", "DRL", "DE"] },
  { roll = "3", results = ["AL", "NE", "DR",  "DR",  "EX",  "DRL", "DE",  "DE"] },
  { roll = "4", results = ["NE", "DR", "DR",  "EX",  "DRL", "EX",  "DE",  "DE"] },
  { roll = "5", results = ["NE", "EX", "EX",  "DRL", "DRL", "DE",  "DE",  "DE"] },
  { roll = "6", results = ["DR", "DR", "DRL", "DRL", "DE",  "DE",  "DE",  "DE"] },
]

[[crt.result]]
code = "AL"
meaning = "Attacker loses a step."

[[crt.result]]
code = "DR"
meaning = "Defender retreats."

[[crt.result]]
code = "DRL"
meaning = "Defender loses a step and retreats."

[[crt.result]]
code = "DE"
meaning = "Defender eliminated."

[[crt.result]]
code = "EX"
meaning = "Exchange."

[[crt.result]]
code = "NE"
meaning = "No effect."

[[crt.modifier]]
id = "mud"
name = "Mud"
weather = "mud"
halve-attack = true

[[crt.modifier]]
id = "out-of-supply"
name = "Attacker out of supply"
attacker-out-of-supply = true
halve-attack = true

[[crt.modifier]]
id = "snow"
name = "Snow"
weather = "snow"
shift = -1

[[crt.modifier]]
id = "leader"
name = "Leader"
shift = 1

[[crt.modifier]]
id = "offensive-air"
name = "Offensive air support"
shift-factor = "column-shift"

[[crt.modifier]]
id = "defensive-air"
name = "Defensive air support"
shift-factor = "column-shift"
shift = -1

[[crt]]
id = "diff"
title = "Differential CRT"
kind = "differential"
columns = ["-2", "-1", "0", "+1", "+2", "+3", "+4", "+5", "+6"]
dice = "1d6"
halving = "down"
rows = [
  { roll = "1-3", results = ["A", "A", "A", "N", "N", "D", "D", "D", "D"] },
  { roll = "4-6", results = ["A", "N", "N", "D", "D", "D", "D", "E", "E"] },
]

[[crt.result]]
code = "A"
meaning = "Attacker retreats."

[[crt.result]]
code = "N"
meaning = "Nothing."

[[crt.result]]
code = "D"
meaning = "Defender retreats."

[[crt.result]]
code = "E"
meaning = "Defender eliminated."

[[crt.modifier]]
id = "mud"
name = "Mud"
weather = "mud"
halve-attack = true

[[crt]]
id = "civic"
title = "Civic Action"
kind = "column"
columns = ["Urban", "Rural", "Remote"]
dice = "2d6"
rows = [
  { roll = "2-6", results = ["-1", "0", "0"] },
  { roll = "7-12", results = ["+1", "+1", "0"] },
]

[rules]
[[rules.stacking]]
name = "One combat unit per hex (airborne units aside)"
max = 1
units = { combat = true, except-types = ["airborne"] }

[rules.zoc]
default = "adjacent"
not-into = ["sea"]

[[rules.zoc.exception]]
units = { types = ["partisan", "airborne"] }
zoc = "own"

[[rules.zoc.exception]]
units = { types = ["leader", "air", "marker"] }
zoc = "none"

[rules.supply]
units = { combat = true }
path-length = "unlimited"
blocked-by = ["enemy-units", "enemy-zoc"]
friendly-units-negate-zoc = true
impassable = ["sea"]

[[rules.supply.source]]
side = "axis"
edges = ["west"]

[[rules.supply.source]]
side = "soviet"
edges = ["east"]

[[rules.supply.link]]
side = "soviet"
hex-set = "black-sea-coast"
description = "Soviet units may trace to a friendly Black Sea port linked to another that traces to the east edge."

[rules.control]
rule = "last-occupied"
units = { combat = true }

"##;

/// Victory conditions naming Moscow, Leningrad and Berlin (append to [`BASE`]).
pub const VICTORY: &str = r##"
[[rules.victory]]
id = "axis-cities"
name = "Axis takes Moscow and Leningrad"
side = "axis"
checked-after = "soviet"
occupy-all = ["Moscow", "Leningrad"]
units = { combat = true }

[[rules.victory]]
id = "soviet-berlin"
name = "Soviets take Berlin"
side = "soviet"
checked-after = "axis"
occupy-all = ["Berlin"]
units = { combat = true }
"##;

/// A hex map file: terrain and country rows (one character per hex), with extra TOML
/// (places, hexsides, edges, sets) appended. Legend: `.` clear, `f` forest, `s` swamp,
/// `m` mountain, `~` sea; countries `G` germany, `U` ussr, `-` none.
pub fn map(terrain: &str, countries: &str, extra: &str) -> String {
    let rows: Vec<&str> = terrain.trim().lines().map(str::trim).collect();
    let columns = rows[0].len();
    format!(
        r#"
[[map]]
id = "front"
title = "Front"

[map.hex]
orientation = "columns"
columns = {columns}
rows = {rows}

[map.hex.numbering]
pattern = "column-row"
first-column = 1
first-row = 1
digits = 2

[map.terrain]
legend = {{ "." = "clear", f = "forest", s = "swamp", m = "mountain", "~" = "sea" }}
rows = """
{terrain}
"""

[map.country]
legend = {{ "-" = "", G = "germany", U = "ussr" }}
rows = """
{countries}
"""

[[map.edge]]
id = "west"
name = "West edge"
along = "west"

[[map.edge]]
id = "east"
name = "East edge"
along = "east"

{extra}
"#,
        rows = rows.len(),
        terrain = rows.join("\n"),
        countries = countries
            .trim()
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The base game with a map.
pub fn with_map(map_toml: &str) -> Game {
    build(&[("game.toml", BASE), ("map.toml", map_toml)])
}

/// The base game with its victory conditions and a map (which must place Moscow,
/// Leningrad and Berlin).
pub fn with_victory(map_toml: &str) -> Game {
    build(&[
        ("game.toml", &format!("{BASE}{VICTORY}")),
        ("map.toml", map_toml),
    ])
}

/// A corridor ten hexes long between two seas, with a land pocket at 0501 off its middle;
/// Germany west of column 6, the USSR from column 6 on. `extra` is appended to the map.
///
/// ```text
/// row 1:  ~ ~ ~ ~ . ~ ~ ~ ~ ~      (0501 is land)
/// row 2:  . . . . . . . . . .      (0102 … 1002)
/// row 3:  ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
/// ```
pub fn corridor(extra: &str) -> String {
    map(
        "
        ~~~~.~~~~~
        ..........
        ~~~~~~~~~~
        ",
        "
        GGGGGUUUUU
        GGGGGUUUUU
        GGGGGUUUUU
        ",
        &format!(
            r#"
[[map.hex-set]]
id = "black-sea-coast"
name = "Black Sea coast"
hexes = ["1002"]

{extra}
"#
        ),
    )
}
