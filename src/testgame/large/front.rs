//! [`front()`]: one square hex map of any size with two sides of any number of units under the
//! rules of The Great Patriotic War, and its units scattered as positions or a set-up.

use super::*;

/// A `size` × `size` hex map of clear terrain with scattered lakes (a fixed pseudo-random
/// sequence, about 4% of the hexes), two sides of `units_per_side` pieces each (Axis corps,
/// Soviet armies), and the rules of The Great Patriotic War: its six stacking limits, zones
/// of control, supply of any length to the friendly map edge (west for the Axis, east for
/// the Soviets) blocked by enemy units and zones of control, lakes impassable, and control
/// of the last occupier. Germany is the western half of the map, the USSR the eastern half;
/// cities, rivers and rail lines lie in the GPW's density (a city every 28 hexes). One
/// `game.toml`.
pub fn front(size: usize, units_per_side: usize) -> String {
    let mut rows = String::new();
    let mut countries = String::new();
    let mut land = Vec::with_capacity(size * size);
    let mut rng = Xorshift(0x2545_f491);
    for _ in 0..size {
        for c in 0..size {
            let lake = rng.next() % 100 < 4;
            rows.push(if lake { '~' } else { '.' });
            countries.push(match (lake, c < size / 2) {
                (true, _) => '-',
                (false, true) => 'G',
                (false, false) => 'U',
            });
            land.push(!lake);
        }
        rows.push('\n');
        countries.push('\n');
    }
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let features = features(&mut rng, &land, size, size, (0, size), "").toml;
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

[[country]]
id = "germany"
name = "Germany"
controlled-by = "axis"

[[country]]
id = "ussr"
name = "USSR"
controlled-by = "soviet"

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

{UNIT_TYPES}

[[class]]
id = "ger"
name = "Ger Corps"
nation = "ger"
type = "infantry"
size = "corps"
factors = {{ attack = 4, movement = 3 }}

[[class]]
id = "sov"
name = "Sov Army"
nation = "sov"
type = "infantry"
size = "army"
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

{FEATURE_TERRAIN}

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

[map.country]
legend = {{ "-" = "", G = "germany", U = "ussr" }}
rows = """
{countries}"""

[[map.edge]]
id = "west"
name = "West edge"
along = "west"

[[map.edge]]
id = "east"
name = "East edge"
along = "east"

{features}

[rules]
{STACKING}

[rules.zoc]
default = "adjacent"
not-into = ["lake"]

{ZOC_EXCEPTIONS}

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

[rules.control]
rule = "last-occupied"
units = {{ combat = true }}
"##
    )
}

/// The units of a [`front()`] game of `size` × `size` hexes: `units_per_side` Axis corps in
/// the western 60% of the map and as many Soviet armies in the eastern 60% (they mingle in
/// the middle fifth), each on a clear hex drawn from a fixed pseudo-random sequence, Axis
/// first. Hexes may hold several units.
pub fn front_positions(game: &Game, size: usize, units_per_side: usize) -> Positions {
    let MapKind::Hex(h) = &game.maps[0].kind else {
        panic!("a hex map")
    };
    let ger = game.counter_index("ger").expect("ger");
    let sov = game.counter_index("sov").expect("sov");
    let mut p = Positions::default();
    let mut seed = 0x9e37_79b9_u64;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n
    };
    let width = size * 3 / 5;
    for (counter, first_col) in [(ger, 0), (sov, size - width)] {
        let mut placed = 0;
        while placed < units_per_side {
            let c = HexCoord::new((first_col + next(width)) as i32, next(size) as i32);
            if h.hex(c).terrain != 0 {
                continue;
            }
            p.push(Position::new(counter, Location::Hex { map: 0, hex: c }));
            placed += 1;
        }
    }
    p
}

/// The units of [`front_positions`] as a scenario `front` of the game (to append to its
/// `game.toml`), one to a hex: a unit drawn onto an occupied hex is left out, so the set-up
/// keeps the game's stacking limits and checks clean.
pub fn front_setup(game: &Game, size: usize, units_per_side: usize) -> String {
    let MapKind::Hex(h) = &game.maps[0].kind else {
        panic!("a hex map")
    };
    let mut out =
        String::from("\n[[scenario]]\nid = \"front\"\ntitle = \"Front\"\nstart = \"t1\"\n");
    let mut taken = std::collections::BTreeSet::new();
    for p in front_positions(game, size, units_per_side).units {
        let Location::Hex { hex, .. } = p.location else {
            continue;
        };
        if taken.insert(hex) {
            out.push_str(&format!(
                "\n[[scenario.place]]\nat = \"{}\"\ncounters = [\"{}\"]\n",
                h.geometry.number(hex),
                game.counters[p.counter].id
            ));
        }
    }
    out
}

/// The text of a [`front()`] game with its [`front_setup`] scenario (one `game.toml`).
pub fn front_with_setup(size: usize, units_per_side: usize) -> String {
    let text = front(size, units_per_side);
    let game = crate::testgame::build(&[("game.toml", &text)]);
    text + &front_setup(&game, size, units_per_side)
}
