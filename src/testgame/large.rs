//! Large generated games, for the benchmarks (and any test that needs size rather than
//! detail).

/// A `size` × `size` hex map of clear terrain with scattered lakes (a fixed pseudo-random
/// sequence, about 4% of the hexes), two sides of `units_per_side` pieces each (Axis corps,
/// Soviet armies), and GPW-like supply rules: any length to the friendly map edge (west for
/// the Axis, east for the Soviets), blocked by enemy units and zones of control, lakes
/// impassable. One `game.toml`.
pub fn front(size: usize, units_per_side: usize) -> String {
    let mut rows = String::new();
    let mut seed = 0x2545_f491_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..size {
        for _ in 0..size {
            rows.push(if next() % 100 < 4 { '~' } else { '.' });
        }
        rows.push('\n');
    }
    format!(
        r##"
[game]
id = "bench"
title = "Bench"
version = "1"
player-order = ["axis", "soviet"]

[[side]]
id = "axis"
name = "Axis"
colour = "#777777"
nations = ["ger"]

[[side]]
id = "soviet"
name = "Soviet"
colour = "#cc0000"
nations = ["sov"]

[[nation]]
id = "ger"
name = "German"
abbreviation = "Ger"
background = "#888888"
text = "#000000"

[[nation]]
id = "sov"
name = "Soviet"
abbreviation = "Sov"
background = "#cc0000"
text = "#000000"

[[turn]]
id = "t1"
name = "Turn 1"

[[factor]]
id = "attack"
name = "Attack"
abbreviation = "AF"

[[factor]]
id = "movement"
name = "Movement"
abbreviation = "MP"

[[unit-type]]
id = "infantry"
name = "Infantry"
symbol = "infantry"

[[class]]
id = "ger"
name = "Ger Corps"
nation = "ger"
type = "infantry"
factors = {{ attack = 4, movement = 3 }}

[[class]]
id = "sov"
name = "Sov Army"
nation = "sov"
type = "infantry"
factors = {{ attack = 3, movement = 3 }}

[[counter]]
id = "ger"
name = "Ger Corps"
class = "ger"
count = {units_per_side}

[[counter]]
id = "sov"
name = "Sov Army"
class = "sov"
count = {units_per_side}

[[terrain]]
id = "clear"
name = "Clear"
kind = "land"
colour = "#e6e0bf"
movement = {{ all = 1 }}

[[terrain]]
id = "lake"
name = "Lake"
kind = "water"
colour = "#7db3d8"
movement = {{ all = "prohibited" }}

[[map]]
id = "big"
title = "Big"

[map.hex]
orientation = "columns"
columns = {size}
rows = {size}

[map.hex.numbering]
pattern = "column-row"
first-column = 1
first-row = 1
digits = 3

[map.terrain]
legend = {{ "." = "clear", "~" = "lake" }}
rows = """
{rows}"""

[[map.edge]]
id = "west"
name = "West edge"
along = "west"

[[map.edge]]
id = "east"
name = "East edge"
along = "east"

[rules]
[rules.zoc]
default = "adjacent"
not-into = ["lake"]

[rules.supply]
units = {{ combat = true }}
path-length = "unlimited"
blocked-by = ["enemy-units", "enemy-zoc"]
friendly-units-negate-zoc = true
impassable = ["lake"]

[[rules.supply.source]]
side = "axis"
edges = ["west"]

[[rules.supply.source]]
side = "soviet"
edges = ["east"]
"##
    )
}
