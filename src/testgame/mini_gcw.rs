//! The area test game in the image of The Greek Civil War (`mini-gcw`, [`AREA`]): regions with
//! infrastructure boxes and political-point tracks, built with a control rule, and its areas'
//! slots as locations.

use super::*;

/// An area game in the image of The Greek Civil War: regions with infrastructure boxes,
/// a foreign region without boxes, political-point tracks; `{control}` is replaced with the
/// control rule and `{victory}` with extra victory TOML.
pub const AREA: &str = r##"
[game]
id = "mini-gcw"
title = "Mini Civil War"
version = "1"
player-order = ["gov", "dse"]

[[side]]
id = "gov"
name = "Government"
colour = "#3050c0"
nations = ["greece"]

[[side]]
id = "dse"
name = "DSE"
colour = "#c03030"
nations = ["dse"]

[[nation]]
id = "greece"
name = "Greek"
abbreviation = "GNA"
background = "#8fa8d8"
text = "#000000"

[[nation]]
id = "dse"
name = "DSE"
abbreviation = "DSE"
background = "#d9534f"
text = "#000000"

[[country]]
id = "greece"
name = "Greece"

[[country]]
id = "albania"
name = "Albania"
controlled-by = "dse"

[[turn]]
id = "spring"
name = "Spring 1947"

[[turn]]
id = "autumn"
name = "Autumn 1947"

[[turn]]
id = "winter"
name = "Winter 1947"

[[turn]]
id = "spring-48"
name = "Spring 1948"

[[track]]
id = "gov-pi"
name = "Government PI"
min = 0
max = 99
side = "gov"

[[track]]
id = "dse-pi"
name = "DSE PI"
min = 0
max = 99
side = "dse"

[[factor]]
id = "attack"
name = "Attack"
abbreviation = "AF"

[[factor]]
id = "movement"
name = "Movement"
abbreviation = "MF"

[[unit-type]]
id = "infantry"
name = "Infantry"
symbol = "infantry"

[[class]]
id = "gna"
name = "GNA Brigade"
nation = "greece"
type = "infantry"
factors = { attack = 2, movement = 2 }

[[class]]
id = "band"
name = "DSE Band"
nation = "dse"
type = "infantry"
factors = { attack = 1, movement = 3 }

[[class]]
id = "police"
name = "Police"
nation = "greece"
type = "infantry"
factors = { attack = 1, movement = 1 }
flags = ["attrition"]

[[class]]
id = "cadre"
name = "DSE Cadre"
nation = "dse"
type = "infantry"
factors = { attack = 1, movement = 3 }
flags = ["unconventional"]

[[unit-type]]
id = "marker"
name = "Marker"
symbol = "marker"
combat = false

[[class]]
id = "terror"
name = "Terror"
type = "marker"

[[class]]
id = "resettled"
name = "Resettled"
side = "gov"
type = "marker"

[[counter]]
id = "gna"
name = "GNA Brigade"
class = "gna"
count = 10

[[counter]]
id = "band"
name = "DSE Band"
class = "band"
count = 10

[[counter]]
id = "police"
name = "Police"
class = "police"
count = 10

[[counter]]
id = "cadre"
name = "DSE Cadre"
class = "cadre"
count = 4

[[counter]]
id = "terror"
name = "Terror"
class = "terror"
count = 5

[[counter]]
id = "resettled"
name = "Resettled"
class = "resettled"
count = 3

[[terrain]]
id = "urban"
name = "Urban"
kind = "land"
colour = "#c0c0c0"

[[terrain]]
id = "rural"
name = "Rural"
kind = "land"
colour = "#a0c080"

[[terrain]]
id = "sea"
name = "Sea"
kind = "water"
colour = "#7db3d8"

[[terrain]]
id = "city"
name = "City"
kind = "feature"
colour = "#404040"

[[map]]
id = "greece"
title = "Greece"
size = [400, 300]

[[map.area]]
id = "attiki"
name = "Attiki"
terrain = "urban"
country = "greece"
points = { dse = 1, gov = 4 }
boxes = 2
position = [300, 250]
adjacent = ["viotia"]
supply-centre = true

[[map.area]]
id = "viotia"
name = "Viotia"
terrain = "rural"
country = "greece"
points = { dse = 2, gov = 1 }
boxes = 1
position = [250, 200]
adjacent = ["epirus", "aegean"]

[[map.area]]
id = "epirus"
name = "Epirus"
terrain = "rural"
country = "greece"
points = { dse = 2, gov = 1 }
boxes = 1
position = [100, 100]
adjacent = ["albania"]
supply-centre = true

[[map.area]]
id = "albania"
name = "Albania"
terrain = "rural"
country = "albania"
points = { dse = 3 }
position = [50, 50]

[[map.area]]
id = "aegean"
name = "Aegean"
terrain = "sea"
position = [350, 100]

[[map.place]]
area = "attiki"
name = "Athens"
kind = "city"
tags = ["capital"]

[[map.hex-set]]
id = "dse-bases"
name = "DSE bases"
hexes = ["albania"]

[rules]
[[rules.stacking]]
name = "One unit per infrastructure box"
max = 1

[rules.control]
{control}

[rules.supply]
path-length = 2
blocked-by = ["enemy-units", "enemy-controlled"]
impassable = ["sea"]

[[rules.supply.source]]
side = "dse"
edges = []
hex-sets = ["dse-bases"]

[[rules.supply.source]]
side = "gov"
places = ["capital"]

{victory}
"##;

/// The area game with a control rule and extra victory conditions.
pub fn area_game(control: &str, victory: &str) -> Game {
    let text = AREA
        .replace("{control}", control)
        .replace("{victory}", victory);
    build(&[("game.toml", &text)])
}

/// A slot of an area on the first map, by area id.
pub fn area(game: &Game, id: &str, slot: crate::model::scenario::AreaSlot) -> Location {
    let MapKind::Area(a) = &game.maps[0].kind else {
        panic!("not an area map");
    };
    let i = a
        .areas
        .iter()
        .position(|x| x.id == id)
        .unwrap_or_else(|| panic!("no area {id}"));
    Location::Area {
        map: 0,
        area: i,
        slot,
    }
}
