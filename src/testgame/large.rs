//! Large generated games, for the benchmarks (and any test that needs size rather than
//! detail).
//!
//! - [`front`]: one square hex map of any size with two sides of any number of units, the
//!   rules of The Great Patriotic War (stacking, zones of control, supply, control), cities,
//!   rivers and rail lines in the GPW's density; [`front_positions`] scatters the units.
//!   The helpers' benchmarks run on it.
//! - [`gpw`]: a game `scale` times the size of The Great Patriotic War — map area, places,
//!   rivers, rail lines, set-up regions, classes, counters, pools and scenario placements
//!   all multiplied — as the files of a game directory, for the benchmark of `check`.
//!
//! Everything is drawn from fixed pseudo-random sequences: the same arguments give the same
//! text.

use crate::helpers::{Position, Positions};
use crate::model::{Game, HexCoord, Location, MapKind};

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

/// The unit types of The Great Patriotic War that its rules name.
const UNIT_TYPES: &str = r##"
[[unit-type]]
id = "infantry"
name = "Infantry"
symbol = "infantry"

[[unit-type]]
id = "panzer"
name = "Panzer"
symbol = "armour"

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
"##;

/// The feature terrain of The Great Patriotic War's places, and its river.
const FEATURE_TERRAIN: &str = r##"
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

[[terrain]]
id = "fortress"
name = "Fortress"
kind = "feature"
colour = "#4a4a4a"
combat = { shift = -1, no-retreat = true }

[[hexside-terrain]]
id = "river"
name = "River"
colour = "#2f6db3"
movement = { all = 1 }
shift-if-all-across = -1
"##;

/// The six stacking limits of The Great Patriotic War.
const STACKING: &str = r##"
[[rules.stacking]]
name = "One combat unit per hex (airborne units aside)"
max = 1
units = { combat = true, except-types = ["airborne"] }

[[rules.stacking]]
name = "At most two airborne units per hex"
max = 2
units = { types = ["airborne"] }

[[rules.stacking]]
name = "At most two combat units per hex (only with an airborne unit)"
max = 2
units = { combat = true }

[[rules.stacking]]
name = "One leader per hex"
max = 1
units = { types = ["leader"] }

[[rules.stacking]]
name = "At most two air units in a major city or fortress"
max = 2
units = { types = ["air"] }
terrain = ["major-city", "fortress"]

[[rules.stacking]]
name = "At most one air unit in a minor city"
max = 1
units = { types = ["air"] }
terrain = ["minor-city"]
"##;

/// The zone-of-control exceptions of The Great Patriotic War.
const ZOC_EXCEPTIONS: &str = r##"
[[rules.zoc.exception]]
units = { types = ["partisan", "airborne"] }
zoc = "own"

[[rules.zoc.exception]]
units = { types = ["leader", "air", "marker"] }
zoc = "none"
"##;

/// The units of a [`front`] game of `size` × `size` hexes: `units_per_side` Axis corps in
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

/// The text of a [`front`] game with its [`front_setup`] scenario (one `game.toml`).
pub fn front_with_setup(size: usize, units_per_side: usize) -> String {
    let text = front(size, units_per_side);
    let game = crate::testgame::build(&[("game.toml", &text)]);
    text + &front_setup(&game, size, units_per_side)
}

/// The games whose helper reports are compared with those of the tool before the work on
/// speed (issue 19), by name: a 120×120 [`front`] with its set-up of about 1,200 units,
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

/// Columns and rows of one theatre of [`gpw`]: The Great Patriotic War's map.
const THEATRE: (usize, usize) = (63, 45);

/// A set-up region of a theatre of [`gpw`]: id, side, and the columns and rows it covers.
type Region = (&'static str, &'static str, (usize, usize), (usize, usize));

/// The GPW's nine set-up regions, in a theatre of [`gpw`].
const REGIONS: [Region; 9] = [
    ("army-group-north", "axis", (16, 24), (0, 11)),
    ("army-group-center", "axis", (16, 24), (11, 22)),
    ("army-group-south", "axis", (16, 24), (22, 33)),
    ("hungary", "axis", (8, 16), (33, 40)),
    ("romania", "axis", (16, 24), (33, 45)),
    ("baltic-md", "soviet", (24, 32), (0, 11)),
    ("western-md", "soviet", (24, 32), (11, 22)),
    ("kiev-md", "soviet", (24, 32), (22, 33)),
    ("bessarabia", "soviet", (24, 32), (33, 45)),
];

/// A class of a theatre of [`gpw`]: nation, unit type, size, attack, defence, movement;
/// factors of 0 are left out (leaders and air units print others).
type ClassTemplate = (
    &'static str,
    &'static str,
    Option<&'static str>,
    u32,
    u32,
    u32,
);

const AXIS_CLASSES: [ClassTemplate; 11] = [
    ("ger", "infantry", Some("corps"), 4, 4, 3),
    ("ger", "mountain", Some("corps"), 4, 4, 3),
    ("ger", "panzer", Some("corps"), 8, 6, 6),
    ("ger", "mech", Some("corps"), 6, 5, 5),
    ("ss", "panzer", Some("corps"), 9, 7, 6),
    ("hun", "infantry", Some("corps"), 2, 2, 3),
    ("rom", "infantry", Some("corps"), 3, 3, 3),
    ("rom", "cavalry", Some("corps"), 2, 2, 4),
    ("ita", "infantry", Some("corps"), 3, 3, 3),
    ("ger", "leader", None, 0, 0, 0),
    ("ger", "air", None, 0, 0, 0),
];

const SOVIET_CLASSES: [ClassTemplate; 12] = [
    ("sov", "infantry", Some("army"), 3, 3, 2),
    ("sov", "guards", Some("army"), 5, 5, 3),
    ("sov", "shock", Some("army"), 6, 4, 2),
    ("sov", "tank", Some("army"), 7, 5, 5),
    ("sov", "cavalry", Some("corps"), 2, 2, 4),
    ("sov", "airborne", Some("corps"), 1, 1, 3),
    ("sov", "partisan", None, 0, 1, 3),
    ("pol", "infantry", Some("army"), 3, 3, 2),
    ("bul", "infantry", Some("army"), 2, 2, 2),
    ("rom-sov", "infantry", Some("army"), 2, 2, 2),
    ("sov", "leader", None, 0, 0, 0),
    ("sov", "air", None, 0, 0, 0),
];

/// A game `scale` times the size of The Great Patriotic War, as the files of a game
/// directory (name, text), for the benchmark of `check`.
///
/// The map is `scale` theatres side by side, each the GPW's 63×45 hexes with its density of
/// everything `check` resolves: terrain (clear, forest, rough, swamp, mountain, a sea in the
/// south, scattered lakes), four countries and a neutral one, nine set-up regions, 102
/// places, 24 rivers, 41 rail lines, a coast hex set and a set including two regions, and a
/// listed edge; per theatre, the GPW's 49 classes, 208 counters (12 of them markers with
/// 158 copies), 53 pools and its Barbarossa scenario (3 fixed placements, 49 pool
/// fills). A second scenario, `deployed`, has the 90 units of each theatre's set-up pools
/// standing on the map inside their regions (`from` their pool), one to a hex (none in the
/// three cities holding the fixed placements), so that the set-up checks (terrain, regions,
/// stacking) have work. Sides, nations, unit types, terrain, turns, the CRT and the rules
/// are the GPW's and do not grow with `scale`; the rules prose is left out.
pub fn gpw(scale: usize) -> Vec<(&'static str, String)> {
    let (width, rows) = THEATRE;
    let columns = width * scale;
    let mut rng = Xorshift(0x5851_f42d_4c95_7f2d);
    // Terrain, countries and regions, row by row.
    let mut terrain = String::new();
    let mut country = String::new();
    let mut region = String::new();
    let mut land = vec![false; columns * rows];
    // Region characters: one per theatre and region, from U+00C0 on.
    let region_char =
        |k: usize, i: usize| char::from_u32(0xC0 + (k * 9 + i) as u32).expect("a char");
    for r in 0..rows {
        for col in 0..columns {
            let (k, c) = (col / width, col % width);
            let sea = r >= 36 && (28..=50).contains(&c);
            let t = if sea {
                '~'
            } else {
                match rng.below(100) {
                    0 => 'l',
                    1..=10 => 'f',
                    11..=16 => 'r',
                    17..=22 => 's',
                    23..=25 => 'm',
                    _ => '.',
                }
            };
            let water = matches!(t, '~' | 'l');
            land[r * columns + col] = !water;
            terrain.push(t);
            country.push(match (water, c, r) {
                (true, _, _) => '-',
                (_, c, r) if c < 12 && r < 5 => 'W',
                (_, c, _) if c < 16 => 'G',
                (_, c, r) if c < 24 && r < 33 => 'P',
                (_, c, _) if c < 24 => 'R',
                _ => 'U',
            });
            region.push(
                REGIONS
                    .iter()
                    .position(|(_, _, (c0, c1), (r0, r1))| {
                        (*c0..*c1).contains(&c) && (*r0..*r1).contains(&r)
                    })
                    .map_or('.', |i| region_char(k, i)),
            );
        }
        terrain.push('\n');
        country.push('\n');
        region.push('\n');
    }
    let mut region_legend = vec!["\".\" = \"\"".to_string()];
    for k in 0..scale {
        for (i, (id, _, _, _)) in REGIONS.iter().enumerate() {
            region_legend.push(format!("\"{}\" = \"k{}-{id}\"", region_char(k, i), k + 1));
        }
    }

    let mut map = format!(
        r##"
[[map]]
id = "east-front"
title = "Eastern Europe, {scale} times"

[map.hex]
orientation = "columns"
columns = {columns}
rows = {rows}

[map.hex.numbering]
pattern = "column-row"
first-column = 1
first-row = 1
digits = 3

[map.terrain]
legend = {{ "." = "clear", f = "forest", r = "rough", s = "swamp", m = "mountain", "~" = "sea", l = "lake" }}
rows = """
{terrain}"""

[map.country]
legend = {{ "-" = "", W = "sweden", G = "germany", P = "poland", R = "romania", U = "ussr" }}
rows = """
{country}"""

[map.region]
legend = {{ {} }}
rows = """
{region}"""

[[map.edge]]
id = "west"
name = "West edge"
along = "west"

[[map.edge]]
id = "east"
name = "East edge"
along = "east"

"##,
        region_legend.join(", ")
    );
    // Per theatre, the hexes of its first three places (where Soviet units stand).
    let mut cities: Vec<Vec<usize>> = Vec::new();
    for k in 0..scale {
        let first = k * width;
        let f = features(
            &mut rng,
            &land,
            columns,
            rows,
            (first, first + width),
            &format!("K{} ", k + 1),
        );
        map.push_str(&f.toml);
        cities.push(f.places[..3].to_vec());
        // The coast: land hexes on the sea's shore.
        let coast: Vec<String> = (0..rows)
            .flat_map(|r| (first..first + width).map(move |c| (c, r)))
            .filter(|&(c, r)| {
                let lc = c - first;
                land[r * columns + c]
                    && (r == 35 && (28..=50).contains(&lc) || r >= 36 && (lc == 27 || lc == 51))
            })
            .map(|(c, r)| number(c, r))
            .collect();
        let south: Vec<String> = (first + 16..first + 24)
            .filter(|&c| land[(rows - 1) * columns + c])
            .map(|c| number(c, rows - 1))
            .collect();
        map.push_str(&format!(
            r##"[[map.hex-set]]
id = "k{n}-black-sea-coast"
name = "Black Sea coast ({n})"
hexes = {}

[[map.hex-set]]
id = "k{n}-romania-bessarabia"
name = "Romania or Bessarabia ({n})"
include = ["k{n}-romania", "k{n}-bessarabia"]

[[map.edge]]
id = "k{n}-romania-south"
name = "Southern edge of Romania ({n})"
hexes = {}

"##,
            string_array(&coast),
            string_array(&south),
            n = k + 1
        ));
    }

    // Classes and counters: per theatre 22 Axis, 24 Soviet and 3 marker classes; 84 Axis
    // units, 112 Soviet units and 12 markers.
    let mut counters = String::new();
    let mut axis_units = Vec::new();
    let mut soviet_units = Vec::new();
    let mut markers = Vec::new();
    for k in 1..=scale {
        for (side, templates, classes, units, letter) in [
            ("axis", &AXIS_CLASSES[..], 22, 84, 'a'),
            ("soviet", &SOVIET_CLASSES[..], 24, 112, 's'),
        ] {
            for j in 0..classes {
                let (nation, kind, size, attack, defence, movement) =
                    templates[j % templates.len()];
                let factors = match kind {
                    "leader" => "{ command-radius = 2 }".to_string(),
                    "air" => "{ column-shift = 1, range = 3 }".to_string(),
                    _ => format!(
                        "{{ attack = {attack}, defence = {defence}, movement = {movement} }}"
                    ),
                };
                let size = size.map_or(String::new(), |s| format!("size = \"{s}\"\n"));
                let reduced = if attack > 1 {
                    format!(
                        "reduced = {{ attack = {}, defence = {}, movement = {movement} }}\n",
                        attack.div_ceil(2),
                        defence.div_ceil(2)
                    )
                } else {
                    String::new()
                };
                counters.push_str(&format!(
                    "[[class]]\nid = \"k{k}-{letter}{j}\"\nname = \"{nation} {kind} {k}-{j}\"\nnation = \"{nation}\"\ntype = \"{kind}\"\n{size}factors = {factors}\n{reduced}\n"
                ));
            }
            let mut list = Vec::new();
            for j in 0..units {
                let class = j % classes;
                let kind = templates[class % templates.len()].1;
                counters.push_str(&format!(
                    "[[counter]]\nid = \"k{k}-{letter}{j}-unit\"\nname = \"{side} unit {k}-{j}\"\nclass = \"k{k}-{letter}{class}\"\ndesignation = \"{j}\"\n\n"
                ));
                list.push((
                    format!("k{k}-{letter}{j}-unit"),
                    !matches!(kind, "leader" | "air"),
                ));
            }
            if side == "axis" {
                axis_units.push(list);
            } else {
                soviet_units.push(list);
            }
        }
        for (j, (class, side, flags)) in [
            ("rail", "side = \"axis\"\n", ""),
            (
                "control",
                "side = \"soviet\"\n",
                "flags = [\"control-marker\"]\n",
            ),
            ("supply", "", ""),
        ]
        .iter()
        .enumerate()
        {
            counters.push_str(&format!(
                "[[class]]\nid = \"k{k}-m{j}\"\nname = \"Marker {class} {k}\"\n{side}type = \"marker\"\n{flags}\n"
            ));
        }
        let mut list = Vec::new();
        for (j, count) in [20, 20, 12, 40, 30, 30, 1, 1, 1, 1, 1, 1]
            .iter()
            .enumerate()
        {
            counters.push_str(&format!(
                "[[counter]]\nid = \"k{k}-m{j}-marker\"\nname = \"Marker {k}-{j}\"\nclass = \"k{k}-m{}\"\ncount = {count}\n\n",
                j % 3
            ));
            list.push(if *count > 1 {
                format!("{count} k{k}-m{j}-marker")
            } else {
                format!("k{k}-m{j}-marker")
            });
        }
        markers.push(list);
    }

    // Pools: per theatre nine set-up pools, 40 reinforcement pools, two Removed, Withdrawn
    // and the markers.
    let turns: Vec<String> = (1..=32).map(|t| format!("t{t:02}")).collect();
    let mut pools = String::new();
    let mut barbarossa = String::from(
        "[[scenario]]\nid = \"barbarossa\"\ntitle = \"Operation Barbarossa\"\nstart = \"t01\"\n\n",
    );
    let mut deployed = String::from(
        "[[scenario]]\nid = \"deployed\"\ntitle = \"Operation Barbarossa, set up\"\nstart = \"t01\"\n\n",
    );
    for k in 0..scale {
        let n = k + 1;
        let first = k * width;
        // The set-up pools take each side's first combat units, nine to a region (Axis) or
        // a bit more (Soviet); the last three Soviet units stand in cities.
        let axis: Vec<&String> = axis_units[k]
            .iter()
            .filter(|(_, c)| *c)
            .map(|(id, _)| id)
            .collect();
        let soviet: Vec<&String> = soviet_units[k]
            .iter()
            .filter(|(_, c)| *c)
            .map(|(id, _)| id)
            .collect();
        let mut used: Vec<&String> = Vec::new();
        let (mut a, mut s) = (0, 0);
        for (i, (id, side, (c0, c1), (r0, r1))) in REGIONS.iter().enumerate() {
            pools.push_str(&format!(
                "[[pool]]\nid = \"k{n}-setup-{id}\"\nname = \"Set-up {id} ({n})\"\nkind = \"setup\"\nside = \"{side}\"\narea = \"k{n}-{id}\"\n\n"
            ));
            let take: Vec<&String> = if *side == "axis" {
                a += 9;
                axis[a - 9..a].to_vec()
            } else {
                let per = if i == 8 { 9 } else { 12 };
                s += per;
                soviet[s - per..s].to_vec()
            };
            let ids: Vec<String> = take.iter().map(|s| s.to_string()).collect();
            barbarossa.push_str(&format!(
                "[[scenario.pool]]\npool = \"k{n}-setup-{id}\"\ncounters = {}\n\n",
                string_array(&ids)
            ));
            // Deployed: one to a land hex of the region, in reading order.
            let mut hexes = (*r0..*r1)
                .flat_map(|r| (first + c0..first + c1).map(move |c| (c, r)))
                .filter(|&(c, r)| land[r * columns + c] && !cities[k].contains(&(r * columns + c)));
            for unit in &take {
                let (c, r) = hexes.next().expect("room in the region");
                deployed.push_str(&format!(
                    "[[scenario.place]]\nat = \"{}\"\ncounters = [\"{unit}\"]\nfrom = \"k{n}-setup-{id}\"\n\n",
                    number(c, r)
                ));
            }
            used.extend(take);
        }
        for j in 0..3 {
            let unit = soviet[soviet.len() - 1 - j];
            let place = format!(
                "[[scenario.place]]\nat = \"K{n} City {}\"\ncounters = [\"{unit}\"]\n\n",
                j + 1
            );
            barbarossa.push_str(&place);
            deployed.push_str(&place);
            used.push(unit);
        }
        // Reinforcements: everything else, round the 40 pools.
        let rest: Vec<(&str, &String)> = axis_units[k]
            .iter()
            .map(|(id, _)| ("axis", id))
            .chain(soviet_units[k].iter().map(|(id, _)| ("soviet", id)))
            .filter(|(_, id)| !used.contains(id))
            .collect();
        for p in 0..40 {
            let side = if p % 2 == 0 { "axis" } else { "soviet" };
            pools.push_str(&format!(
                "[[pool]]\nid = \"k{n}-{side}-{p}\"\nname = \"{side} reinforcements {p} ({n})\"\nkind = \"reinforcement\"\nside = \"{side}\"\nturn = \"{}\"\n\n",
                turns[p % turns.len()]
            ));
            let ids: Vec<String> = rest
                .iter()
                .filter(|(s, _)| *s == side)
                .skip(p / 2)
                .step_by(20)
                .map(|(_, id)| id.to_string())
                .collect();
            if !ids.is_empty() {
                let fill = format!(
                    "[[scenario.pool]]\npool = \"k{n}-{side}-{p}\"\ncounters = {}\n\n",
                    string_array(&ids)
                );
                barbarossa.push_str(&fill);
                deployed.push_str(&fill);
            }
        }
        for (id, kind, side) in [
            ("removed-axis", "removed", "side = \"axis\"\n"),
            ("removed-soviet", "removed", "side = \"soviet\"\n"),
            ("withdrawn", "withdrawn", ""),
            ("markers", "markers", ""),
        ] {
            pools.push_str(&format!(
                "[[pool]]\nid = \"k{n}-{id}\"\nname = \"{id} ({n})\"\nkind = \"{kind}\"\n{side}\n"
            ));
        }
        let fill = format!(
            "[[scenario.pool]]\npool = \"k{n}-markers\"\ncounters = {}\n\n",
            string_array(&markers[k])
        );
        barbarossa.push_str(&fill);
        deployed.push_str(&fill);
    }

    let mut calendar = String::new();
    for (t, id) in turns.iter().enumerate() {
        let weather = ["clear", "clear", "mud", "snow"][t % 4];
        calendar.push_str(&format!(
            "[[turn]]\nid = \"{id}\"\nname = \"Turn {}\"\nweather = \"{weather}\"\n\n",
            t + 1
        ));
    }
    let mut links = String::new();
    for k in 1..=scale {
        links.push_str(&format!(
            "[[rules.supply.link]]\nside = \"soviet\"\nhex-set = \"k{k}-black-sea-coast\"\ndescription = \"Black Sea ports ({k}).\"\n\n"
        ));
    }
    vec![
        ("game.toml", format!("{GPW_GAME}\n{calendar}")),
        ("terrain.toml", format!("{GPW_TERRAIN}\n{FEATURE_TERRAIN}")),
        ("map.toml", map),
        ("counters.toml", format!("{UNIT_TYPES_GPW}\n{counters}")),
        ("pools.toml", pools),
        ("scenario-barbarossa.toml", barbarossa),
        ("scenario-deployed.toml", deployed),
        ("tables.toml", GPW_TABLES.to_string()),
        (
            "rules.toml",
            format!("[rules]\n{STACKING}\n{GPW_ZOC}\n{ZOC_EXCEPTIONS}\n{GPW_RULES}\n{links}"),
        ),
    ]
}

/// The GPW's game section, sides, nations, countries, weather and factors (the turns are
/// written by [`gpw`]).
const GPW_GAME: &str = r##"
[game]
id = "great-patriotic-war-scaled"
title = "The Great Patriotic War, scaled"
version = "1"
player-order = ["axis", "soviet"]

[[side]]
id = "axis"
name = "Axis"
colour = "#7d8b6a"
nations = ["ger", "ss", "ita", "hun", "rom"]

[[side]]
id = "soviet"
name = "Soviet"
colour = "#c0392b"
nations = ["sov", "pol", "bul", "rom-sov"]

[[nation]]
id = "ger"
name = "German"
abbreviation = "Ger"
background = "#8a9a78"
text = "#000000"

[[nation]]
id = "ss"
name = "SS"
abbreviation = "SS"
background = "#1c1c1c"
text = "#ffffff"

[[nation]]
id = "ita"
name = "Italian"
abbreviation = "Ita"
background = "#8a9a78"
text = "#f07d18"

[[nation]]
id = "hun"
name = "Hungarian"
abbreviation = "Hun"
background = "#8a9a78"
text = "#c8102e"

[[nation]]
id = "rom"
name = "Romanian (Axis)"
abbreviation = "Rom"
background = "#8a9a78"
text = "#6a2c91"

[[nation]]
id = "sov"
name = "Soviet"
abbreviation = "Sov"
background = "#c0392b"
text = "#000000"

[[nation]]
id = "pol"
name = "Polish"
abbreviation = "Pol"
background = "#c0392b"
text = "#ffffff"

[[nation]]
id = "bul"
name = "Bulgarian"
abbreviation = "Bul"
background = "#c0392b"
text = "#1f3f9f"

[[nation]]
id = "rom-sov"
name = "Romanian (Soviet)"
abbreviation = "Rom"
background = "#c0392b"
text = "#6a2c91"

[[country]]
id = "germany"
name = "Germany"
controlled-by = "axis"

[[country]]
id = "poland"
name = "Poland"
controlled-by = "axis"

[[country]]
id = "romania"
name = "Romania"
controlled-by = "axis"

[[country]]
id = "ussr"
name = "USSR"
controlled-by = "soviet"

[[country]]
id = "sweden"
name = "Sweden"

[[weather]]
id = "clear"
name = "Clear"

[[weather]]
id = "mud"
name = "Mud"

[[weather]]
id = "snow"
name = "Snow"

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
name = "Movement points"
abbreviation = "MP"

[[factor]]
id = "command-radius"
name = "Command radius"
abbreviation = "CR"

[[factor]]
id = "column-shift"
name = "Column shift"
abbreviation = "CS"

[[factor]]
id = "range"
name = "Range"
abbreviation = "RNG"
"##;

/// The GPW's thirteen unit types.
const UNIT_TYPES_GPW: &str = r##"
[[unit-type]]
id = "infantry"
name = "Infantry"
symbol = "infantry"

[[unit-type]]
id = "guards"
name = "Guards"
symbol = "infantry"
counts-as = "infantry"

[[unit-type]]
id = "shock"
name = "Shock"
symbol = "infantry"
counts-as = "infantry"

[[unit-type]]
id = "cavalry"
name = "Cavalry"
symbol = "cavalry"

[[unit-type]]
id = "mountain"
name = "Mountain"
symbol = "mountain"

[[unit-type]]
id = "tank"
name = "Tank"
symbol = "armour"

[[unit-type]]
id = "panzer"
name = "Panzer"
symbol = "armour"

[[unit-type]]
id = "mech"
name = "Mech"
symbol = "mechanized"

[[unit-type]]
id = "airborne"
name = "Airborne"
symbol = "airborne"

[[unit-type]]
id = "partisan"
name = "Partisan"
symbol = "partisan"

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
"##;

/// The GPW's terrain and hexside terrain.
const GPW_TERRAIN: &str = r##"
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
pattern = "trees"
movement = { all = 2 }
combat = { shift = -1 }

[[terrain]]
id = "rough"
name = "Rough"
kind = "land"
colour = "#c2a878"
pattern = "hatching"
movement = { all = 2, mountain = 1 }
combat = { shift = -1 }

[[terrain]]
id = "swamp"
name = "Swamp"
kind = "land"
colour = "#9cbfa4"
pattern = "marsh"
movement = { all = 3, panzer = "stop", tank = "stop", mech = "stop" }
combat = { halve-attack = true, no-retreat = true }

[[terrain]]
id = "mountain"
name = "Mountain"
kind = "land"
colour = "#a07e5a"
pattern = "peaks"
movement = { all = 3, mountain = 2, panzer = "stop", tank = "stop", mech = "stop" }
combat = { halve-attack = true, no-retreat = true }

[[terrain]]
id = "sea"
name = "Sea"
kind = "water"
colour = "#7db3d8"
pattern = "waves"
movement = { all = "prohibited" }

[[terrain]]
id = "lake"
name = "Lake"
kind = "water"
colour = "#a3cbe6"
pattern = "waves"
movement = { all = "prohibited" }
"##;

/// The GPW's combat results table.
const GPW_TABLES: &str = r##"
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
"##;

/// The GPW's zone-of-control rule (its exceptions are [`ZOC_EXCEPTIONS`]).
const GPW_ZOC: &str = r##"
[rules.zoc]
default = "adjacent"
not-across = []
not-into = ["sea", "lake"]
"##;

/// The rest of the GPW's rules after stacking ([`STACKING`]) and zones of control: control,
/// victory and supply (its links are written by [`gpw`], one per theatre).
const GPW_RULES: &str = r##"
[rules.control]
rule = "last-occupied"
units = { combat = true }

[[rules.victory]]
id = "axis-cities"
name = "Axis takes three cities"
side = "axis"
checked-after = "soviet"
occupy-all = ["K1 City 1", "K1 City 2", "K1 City 3"]
units = { combat = true }

[[rules.victory]]
id = "soviet-berlin"
name = "Soviets take a city"
side = "soviet"
checked-after = "axis"
occupy-all = ["K1 City 4"]
units = { combat = true }

[rules.supply]
units = { combat = true }
path-length = "unlimited"
blocked-by = ["enemy-units", "enemy-zoc"]
friendly-units-negate-zoc = true
impassable = ["sea", "lake"]

[[rules.supply.source]]
side = "axis"
edges = ["west"]

[[rules.supply.source]]
side = "soviet"
edges = ["east"]
"##;

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
