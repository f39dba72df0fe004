//! The fixed TOML of the generated games, which does not grow with their size: The Great
//! Patriotic War's unit types, terrain, stacking, zones of control, game section, tables and
//! rules.

/// The unit types of The Great Patriotic War that its rules name.
pub(super) const UNIT_TYPES: &str = r##"
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
pub(super) const FEATURE_TERRAIN: &str = r##"
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
pub(super) const STACKING: &str = r##"
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
pub(super) const ZOC_EXCEPTIONS: &str = r##"
[[rules.zoc.exception]]
units = { types = ["partisan", "airborne"] }
zoc = "own"

[[rules.zoc.exception]]
units = { types = ["leader", "air", "marker"] }
zoc = "none"
"##;

/// The GPW's game section, sides, nations, countries, weather and factors (the turns are
/// written by [`gpw()`]).
pub(super) const GPW_GAME: &str = r##"
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
pub(super) const UNIT_TYPES_GPW: &str = r##"
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
pub(super) const GPW_TERRAIN: &str = r##"
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
pub(super) const GPW_TABLES: &str = r##"
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
pub(super) const GPW_ZOC: &str = r##"
[rules.zoc]
default = "adjacent"
not-across = []
not-into = ["sea", "lake"]
"##;

/// The rest of the GPW's rules after stacking ([`STACKING`]) and zones of control: control,
/// victory and supply (its links are written by [`gpw()`], one per theatre).
pub(super) const GPW_RULES: &str = r##"
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
