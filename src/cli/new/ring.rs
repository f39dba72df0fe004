//! The starter province board for a chosen number of powers (`new --kind diplomacy --powers
//! N`): the powers around an inner sea, each with a coastal and an inland home centre, and a
//! neutral coastal centre between each two neighbours. Its files replace the two-power
//! starter's `board.toml`, `powers.toml`, `units.toml` and `scenario.toml`, and its victory
//! rules those of `game.toml`; everything is reconstructed for the starter, not taken from a
//! published board.

use std::f64::consts::PI;
use std::fmt::Write as _;

/// A power of the ring: side id, name, nation id, adjective, abbreviation, colour, and its
/// coastal and inland home provinces (id, name).
struct Power {
    side: &'static str,
    name: &'static str,
    nation: &'static str,
    adjective: &'static str,
    abbreviation: &'static str,
    colour: &'static str,
    coast: (&'static str, &'static str),
    inland: (&'static str, &'static str),
}

/// The powers, in the order they are dealt (two powers are North and South, as in the
/// two-power starter).
const RING: [Power; 7] = [
    Power {
        side: "north",
        name: "North",
        nation: "northern",
        adjective: "Northern",
        abbreviation: "NOR",
        colour: "#b5651d",
        coast: ("skv", "Skarvik"),
        inland: ("tor", "Tornholm"),
    },
    Power {
        side: "south",
        name: "South",
        nation: "southern",
        adjective: "Southern",
        abbreviation: "SOU",
        colour: "#1f7a7a",
        coast: ("pom", "Portmarin"),
        inland: ("val", "Valdoro"),
    },
    Power {
        side: "east",
        name: "East",
        nation: "eastern",
        adjective: "Eastern",
        abbreviation: "EAS",
        colour: "#7d55a6",
        coast: ("ost", "Ostrava"),
        inland: ("kar", "Karsk"),
    },
    Power {
        side: "west",
        name: "West",
        nation: "western",
        adjective: "Western",
        abbreviation: "WES",
        colour: "#23398c",
        coast: ("weh", "Westhaven"),
        inland: ("lor", "Lorn"),
    },
    Power {
        side: "highlands",
        name: "Highlands",
        nation: "highland",
        adjective: "Highland",
        abbreviation: "HIG",
        colour: "#2e8b3d",
        coast: ("cra", "Craigmouth"),
        inland: ("ben", "Benmore"),
    },
    Power {
        side: "isles",
        name: "Isles",
        nation: "isle",
        adjective: "Isle",
        abbreviation: "ISL",
        colour: "#c8302c",
        coast: ("kir", "Kirkwall"),
        inland: ("mor", "Morven"),
    },
    Power {
        side: "marches",
        name: "Marches",
        nation: "march",
        adjective: "March",
        abbreviation: "MAR",
        colour: "#4b4b4b",
        coast: ("gre", "Grenzhafen"),
        inland: ("ald", "Aldmark"),
    },
];

/// The neutral coastal centres, one between each two neighbouring powers (id, name).
const NEUTRAL: [(&str, &str); 7] = [
    ("amb", "Amberlea"),
    ("bri", "Brightwater"),
    ("cin", "Cinderfell"),
    ("dun", "Dunmarrow"),
    ("emb", "Emberly"),
    ("fox", "Foxhollow"),
    ("grw", "Greywater"),
];

/// The picture's size and its centre, where the inner sea is.
const SIZE: (f64, f64) = (900.0, 680.0);

/// A point at `angle` on an ellipse of radii `r` around the picture's centre.
fn at(angle: f64, r: (f64, f64)) -> [i64; 2] {
    [
        (SIZE.0 / 2.0 + r.0 * angle.cos()).round() as i64,
        (SIZE.1 / 2.0 + r.1 * angle.sin()).round() as i64,
    ]
}

/// A TOML list of quoted ids.
fn list(ids: &[&str]) -> String {
    let quoted: Vec<String> = ids.iter().map(|i| format!("\"{i}\"")).collect();
    format!("[{}]", quoted.join(", "))
}

/// The centres a power needs to win: more than half of them.
pub(super) fn to_win(n: usize) -> usize {
    3 * n / 2 + 1
}

/// `board.toml`, `powers.toml`, `units.toml` and `scenario.toml` of a ring of `n` powers
/// (`n` from 2 to 7, as `--powers` allows), and the victory rules that end `game.toml`.
pub(super) fn files(n: usize, title: &str) -> Vec<(&'static str, String)> {
    let powers = &RING[..n];
    let neutral = &NEUTRAL[..n];
    let angle = |k: usize| -PI / 2.0 + 2.0 * PI * k as f64 / n as f64;
    let prev = |k: usize| (k + n - 1) % n;

    let mut board = String::from(
        "# The board: the powers around an inner sea, each with a coastal and an inland home\n\
         # centre, and a neutral coastal centre between each two neighbours (made by `sandtable\n\
         # new --powers`; the names are invented). Each [[map.area]] is a province with the\n\
         # provinces an army (`army`) or a fleet (`fleet`) there may move to; moves go both\n\
         # ways, so each is written once here. Positions are the provinces' centres on the\n\
         # picture ([x, y] pixels in a map of `size`). Reference: the designer's book, chapter\n\
         # \"Maps\", and its guides \"A province board of your own\" (the real coast laid from\n\
         # geography: `sandtable geo --help`) and \"Games of written orders\";\n\
         # `sandtable provinces .` lists every province's moves both ways.\n\n",
    );
    for (id, name, kind, colour) in [
        ("sea", "Sea", "water", "#9cc3e0"),
        ("coast", "Coastal province", "land", "#ead9b0"),
        ("inland", "Inland province", "land", "#dccb9c"),
    ] {
        let _ = writeln!(
            board,
            "[[terrain]]\nid = \"{id}\"\nname = \"{name}\"\nkind = \"{kind}\"\ncolour = \"{colour}\"\n"
        );
    }
    let _ = writeln!(
        board,
        "[[map]]\nid = \"board\"\ntitle = {title}\nsize = [{}, {}]\n",
        SIZE.0, SIZE.1
    );
    let coasts: Vec<&str> = powers
        .iter()
        .map(|p| p.coast.0)
        .chain(neutral.iter().map(|x| x.0))
        .collect();
    let _ = writeln!(
        board,
        "[[map.area]]\nid = \"ins\"\nname = \"Inner Sea\"\nterrain = \"sea\"\nposition = [450, 340]\nfleet = {}\n",
        list(&coasts)
    );
    for (k, p) in powers.iter().enumerate() {
        // A coastal home borders its inland home and the neutral centres on either side;
        // along the coast, a fleet reaches those two neutrals.
        let sides = [neutral[prev(k)].0, neutral[k].0];
        let _ = writeln!(
            board,
            "[[map.area]]\nid = \"{}\"\nname = \"{}\"\nterrain = \"coast\"\nsupply-centre = true\nposition = {:?}\narmy = {}\nfleet = {}\n",
            p.coast.0,
            p.coast.1,
            at(angle(k), (190.0, 150.0)),
            list(&[&[p.inland.0][..], &sides].concat()),
            list(&sides),
        );
        let _ = writeln!(
            board,
            "[[map.area]]\nid = \"{}\"\nname = \"{}\"\nterrain = \"inland\"\nsupply-centre = true\nposition = {:?}\narmy = {}\n",
            p.inland.0,
            p.inland.1,
            at(angle(k), (370.0, 285.0)),
            list(&sides),
        );
    }
    for (k, (id, name)) in neutral.iter().enumerate() {
        let half = angle(k) + PI / n as f64;
        let _ = writeln!(
            board,
            "[[map.area]]\nid = \"{id}\"\nname = \"{name}\"\nterrain = \"coast\"\nsupply-centre = true\nposition = {:?}",
            at(half, (260.0, 205.0)),
        );
        // Its moves, to the powers on either side and to the sea, are written there.
        let _ = writeln!(board);
    }

    let mut sides = String::from(
        "# The powers: a nation (the adjective, the counters' colours) and a side (the\n\
         # player, with the home supply centres and the marker that shows a centre it owns) each.\n",
    );
    for p in powers {
        let _ = writeln!(
            sides,
            "[[nation]]\nid = \"{}\"\nname = \"{}\"\nabbreviation = \"{}\"\nbackground = \"{}\"\ntext = \"#ffffff\"\n",
            p.nation, p.adjective, p.abbreviation, p.colour
        );
    }
    for p in powers {
        let _ = writeln!(
            sides,
            "[[side]]\nid = \"{}\"\nname = \"{}\"\ncolour = \"{}\"\nnations = [\"{}\"]\nhome = {}\ncontrol-marker = \"{}-centre\"\n",
            p.side,
            p.name,
            p.colour,
            p.nation,
            list(&[p.coast.0, p.inland.0]),
            p.nation
        );
    }

    let centres = 3 * n;
    let win = to_win(n);
    let mut units = format!(
        "# Armies and fleets: a [[unit-type]] says how a unit moves (`moves-as`), a [[class]] is a\n\
         # power's army or fleet, a [[counter]] how many pieces the box holds: {win} of each, since no\n\
         # power holds more units than centres and {win} centres win. Each power also has a\n\
         # supply-centre marker (its `control-marker` in powers.toml), one for each of the board's\n\
         # {centres} centres.\n\
         [[unit-type]]\nid = \"army\"\nname = \"Army\"\nsymbol = \"army\"\nmoves-as = \"army\"\n\n\
         [[unit-type]]\nid = \"fleet\"\nname = \"Fleet\"\nsymbol = \"fleet\"\nmoves-as = \"fleet\"\n\n\
         [[unit-type]]\nid = \"centre\"\nname = \"Supply centre marker\"\nsymbol = \"marker\"\ncombat = false\n\n"
    );
    for p in powers {
        for (kind, name) in [("army", "Army"), ("fleet", "Fleet")] {
            let _ = writeln!(
                units,
                "[[class]]\nid = \"{n}-{kind}\"\nname = \"{a} {name}\"\nnation = \"{n}\"\ntype = \"{kind}\"\n\n\
                 [[counter]]\nid = \"{s}-{kind}\"\nclass = \"{n}-{kind}\"\ncount = {win}\n",
                n = p.nation,
                a = p.adjective,
                s = p.side,
            );
        }
        let _ = writeln!(
            units,
            "[[class]]\nid = \"{n}-centre\"\nname = \"{a} Centre\"\nnation = \"{n}\"\ntype = \"centre\"\n\n\
             [[counter]]\nid = \"{s}-centre\"\nclass = \"{n}-centre\"\ndesignation = \"{abbr}\"\ncount = {centres}\n",
            n = p.nation,
            a = p.adjective,
            s = p.side,
            abbr = p.abbreviation,
        );
    }

    let mut scenario = String::from(
        "# The starting position: each power's fleet in its coastal home and its army in its\n\
         # inland home (`at` is a province id). `sandtable scenario . 1901` prints it resolved.\n\
         # Reference: the designer's book, chapter \"Scenarios\".\n\
         [[scenario]]\nid = \"1901\"\ntitle = \"Spring 1901\"\n\
         description = \"Every power with its starting units in its home centres.\"\n\
         start = \"spring-1901\"\n",
    );
    for p in powers {
        let _ = writeln!(
            scenario,
            "\n[[scenario.place]]\nat = \"{}\"\ncounters = [\"{}-fleet\"]\n\n[[scenario.place]]\nat = \"{}\"\ncounters = [\"{}-army\"]",
            p.coast.0, p.side, p.inland.0, p.side
        );
    }

    let mut victory = String::new();
    for p in powers {
        let _ = writeln!(
            victory,
            "\n[[rules.victory]]\nid = \"{s}-wins\"\nname = \"{name} holds {win} supply centres\"\nside = \"{s}\"\ncontrol-count = {win}",
            s = p.side,
            name = p.name,
        );
    }

    vec![
        ("board.toml", board),
        ("powers.toml", sides),
        ("units.toml", units),
        ("scenario.toml", scenario),
        ("game.toml", victory),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ring_is_valid_toml_with_more_than_half_the_centres_to_win() {
        for n in 2..=RING.len() {
            for (path, text) in files(n, "\"Ring\"") {
                toml::from_str::<toml::Table>(&text).unwrap_or_else(|e| panic!("{n} {path}: {e}"));
            }
            assert!(2 * to_win(n) > 3 * n, "{n}");
        }
    }
}
