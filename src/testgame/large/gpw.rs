//! [`gpw()`]: The Great Patriotic War `scale` times its size, as the files of a game directory:
//! theatres side by side, each with its terrain, places, rivers, rail lines, set-up regions,
//! classes, counters, pools and placements.

use super::*;

/// Columns and rows of one theatre of [`gpw()`]: The Great Patriotic War's map.
pub(super) const THEATRE: (usize, usize) = (63, 45);

/// A set-up region of a theatre of [`gpw()`]: id, side, and the columns and rows it covers.
pub(super) type Region = (&'static str, &'static str, (usize, usize), (usize, usize));

/// The GPW's nine set-up regions, in a theatre of [`gpw()`].
pub(super) const REGIONS: [Region; 9] = [
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

/// A class of a theatre of [`gpw()`]: nation, unit type, size, attack, defence, movement;
/// factors of 0 are left out (leaders and air units print others).
pub(super) type ClassTemplate = (
    &'static str,
    &'static str,
    Option<&'static str>,
    u32,
    u32,
    u32,
);

pub(super) const AXIS_CLASSES: [ClassTemplate; 11] = [
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

pub(super) const SOVIET_CLASSES: [ClassTemplate; 12] = [
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
