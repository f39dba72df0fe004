//! The catalogue of diagnostic codes: for every stable code a [`Diagnostic`] may carry, its
//! usual severity, the parts of a game it concerns and what it means, as the designer's
//! language reference and `sandtable explain` give them.
//!
//! A test (`tests/suite/catalogue.rs`) reads every source file of the tool and keeps this
//! list equal to the codes actually used: a new code needs its entry here.
//!
//! [`Diagnostic`]: super::Diagnostic

use super::Severity;

/// One diagnostic code as the reference documents it.
#[derive(Debug)]
pub struct Entry {
    /// The code, e.g. `unknown-reference`.
    pub code: &'static str,
    /// Error or warning (when a code is used with both, the usual one; `summary` says so).
    pub severity: Severity,
    /// The parts of a game it concerns: TOML sections as a designer writes their headers
    /// (`[game]`, `[[map]]`, `[rules]`, the `use` key; a sub-table is written as its
    /// top-level section), `rules/*.md` for the prose of the rulebook, `save` for the checks
    /// of a saved game, `orders` and `position` for the adjudicator's inputs and `command
    /// line` for codes only a command emits.
    pub sections: &'static [&'static str],
    /// One sentence: what is wrong when it appears, in the designer's words.
    pub summary: &'static str,
}

/// Every top-level key of a game file, as its header: what a problem of any file may concern.
pub const EVERY_SECTION: &[&str] = &[
    "use",
    "[game]",
    "[art]",
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[[weather]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[factor]]",
    "[[unit-type]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
    "[[option]]",
];

/// The sections whose entries have ids (what `duplicate` and `bad-id` concern).
const WITH_IDS: &[&str] = &[
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[[weather]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[factor]]",
    "[[unit-type]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
    "[[option]]",
];

/// The sections that refer to other entries by id (what `option-off` concerns).
const REFERRING: &[&str] = &[
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
];

/// What may be defined only once: `[game]` and every id.
const DEFINED_ONCE: &[&str] = &[
    "[game]",
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[[weather]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[factor]]",
    "[[unit-type]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
    "[[option]]",
];

/// The sections that refer to other entries by id, and the board file `sandtable import`
/// reads (what `unknown-reference` concerns).
const REFERRING_OR_IMPORTED: &[&str] = &[
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
    "command line",
];

/// Every file a game is read from: its TOML files and the rulebook's chapters.
const EVERY_FILE: &[&str] = &[
    "use",
    "[game]",
    "[art]",
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[[weather]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[factor]]",
    "[[unit-type]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
    "[[option]]",
    "rules/*.md",
];

/// Every TOML file the tool reads: a game's and a position file.
const EVERY_TOML: &[&str] = &[
    "use",
    "[game]",
    "[art]",
    "[[side]]",
    "[[nation]]",
    "[[country]]",
    "[[weather]]",
    "[calendar]",
    "[[turn]]",
    "[[phase]]",
    "[[track]]",
    "[[track-display]]",
    "[[schedule]]",
    "[[factor]]",
    "[[unit-type]]",
    "[[class]]",
    "[[counter]]",
    "[[terrain]]",
    "[[hexside-terrain]]",
    "[[map]]",
    "[[pool]]",
    "[[scenario]]",
    "[[crt]]",
    "[[chart]]",
    "[rules]",
    "[[option]]",
    "position",
];

use Severity::{Error, Warning};

/// Shorthand for an entry of the table below.
const fn e(
    code: &'static str,
    severity: Severity,
    sections: &'static [&'static str],
    summary: &'static str,
) -> Entry {
    Entry {
        code,
        severity,
        sections,
        summary,
    }
}

/// Every diagnostic code, sorted by code.
pub const CATALOGUE: &[Entry] = &[
    e("adjacency-mismatch", Warning, &["[[map]]"],
        "Two areas whose outlines share a border are not listed as adjacent, or two areas listed as adjacent have outlines that do not touch."),
    e("army-at-sea", Error, &["[[map]]", "[[scenario]]", "position"],
        "An army is given moves from a water area of a province board, or a position or scenario stands an army in a sea."),
    e("army-on-coast", Error, &["[[scenario]]", "position"],
        "A position or scenario stands an army on a coast of a province (`A stp/nc`): armies stand in the province itself."),
    e("bad-adjacency", Error, &["[[map]]"],
        "An area lists itself among the areas it is adjacent to."),
    e("bad-change", Error, &["[[map]]"],
        "A `[[map.change]]` to an amended board is malformed: it does not do exactly one thing, gives a key that does nothing in it, renames or sets nothing, touches an area already removed, or connects locations units cannot move between."),
    e("bad-colour", Error, &["[[side]]", "[[nation]]", "[[country]]", "[[map]]", "[[terrain]]", "[[hexside-terrain]]"],
        "A colour is not written as `#rrggbb`."),
    e("bad-column", Error, &["[[crt]]"],
        "A combat results table's column is not a column of its kind of table (odds, differential, column), or the columns are not in increasing order."),
    e("bad-cost", Error, &["[[terrain]]", "[[hexside-terrain]]"],
        "A movement cost in the terrain effects chart is not a number, `stop` or `prohibited`."),
    e("bad-crossing", Error, &["[[map]]"],
        "A crossing (across water, between two provinces) joins a province to itself or joins two provinces that are not adjacent."),
    e("bad-dice", Error, &["[[crt]]", "[[chart]]"],
        "A table's `dice` is not a dice expression such as `1d6` or `2d6`."),
    e("bad-dpjudge", Error, &["command line"],
        "A line of the DPjudge `.map` file given to `sandtable import` cannot be read (a name without abbreviation, a location line not of the form `TERRAIN NAME ABUTS …`, a unit before any power or where it cannot stand, a `USE` naming no file, a `USE` loop, a `BEGIN`, `VICTORY` or `FLOW` that is not DPjudge's form)."),
    e("bad-fraction", Error, &["position"],
        "A position's hidden part of a unit is not written as a fraction the game's `[rules.fractions]` allows, or the parts in a province or aboard a fleet add up to too much."),
    e("bad-geometry", Error, &["[[map]]"],
        "A shape of `[map.geography]` is not a shape of the globe: a point off the globe, an outline or line with too few points, a strait or rail line without two ends, an extent that is not a box, or pins that fix nothing (reported by `sandtable geo`)."),
    e("bad-hexside", Error, &["[[map]]"],
        "A hexside is not written as two hexes (`1012/1013`), or its two hexes are not adjacent."),
    e("bad-id", Error, WITH_IDS,
        "An id is empty, or a coast of a province has an id that cannot name a coast."),
    e("bad-image", Error, &["[[class]]", "[[counter]]", "[[map]]", "[[chart]]"],
        "An image path names a file that is neither PNG nor SVG."),
    e("bad-include", Error, &["[[map]]"],
        "A hex set includes itself."),
    e("bad-layer", Error, &["[[map]]"],
        "A text layer of a hex map (`terrain`, `country`, `region`) does not have one row per map row and one character per hex of the row."),
    e("bad-legend", Error, &["[[map]]"],
        "A layer's legend key is not a single character, or a character of the terrain layer maps to nothing."),
    e("bad-letter", Error, &["[[unit-type]]"],
        "A unit type's `letter` cannot name units in written orders: use one to three letters such as `A` or `F`."),
    e("bad-modifier", Error, &["[[chart]]", "[[crt]]"],
        "A table's modifier is contradictory: both a `track` and a `value`, both `per-count` and `shift-factor`, `unit-types` with a condition, a `max-shift` below 1, or it negates itself."),
    e("bad-move", Error, &["[[map]]"],
        "An army or fleet move listed by a province board's area goes where such a unit cannot (an army to water, a fleet inland or between coasts that do not touch)."),
    e("bad-order", Error, &["orders"],
        "A line of an orders file cannot be read as an order (or as an order to hidden parts of units, which must name its power)."),
    e("bad-parlance", Error, &["command line"],
        "The Parlance variant file given to `sandtable import` cannot be read: a line outside any section, a malformed neighbour, unit or supply centre, a `base` loop (a warning when part of it is not imported, such as a section not read or a centre owned but no one's home)."),
    e("bad-roll", Error, &["[[chart]]", "[[crt]]"],
        "A table's row is not a die roll or range (`3`, `2-3`), or lies outside what its dice can roll."),
    e("bad-strength", Error, &["position"],
        "A position gives a unit a strength below 1 or above what the rules allow."),
    e("bad-table", Error, &["[[chart]]", "[[crt]]"],
        "A table's shape is wrong: a row has more or fewer cells than the table has columns, there are no columns, a roll has no row or several (gaps or overlaps), or a chart rolled on has no `dice`."),
    e("bad-threshold", Error, &["[[chart]]"],
        "A cell of a chart's `threshold-columns` is not a threshold a modified roll can be compared with."),
    e("bad-turn", Error, &["[calendar]", "[[scenario]]"],
        "A turn is not written as `<season>-<year>` of the calendar, or a scenario ends before it starts."),
    e("bad-unit", Error, &["position"],
        "A position's unit is not written as a kind and a location (`A mun`, `F stp/sc`)."),
    e("bad-use", Error, &["use"],
        "A file named in `use` is not a TOML file, does not exist, cannot be read, or is one of the game's own files."),
    e("bad-value", Error, &["[rules]", "position"],
        "A number of the rules is out of its sense (a ratio of 0, `every = 0`, a share of units above 100%, parts of a unit outside 2 to 12, points that are neither a number nor dice, a band of victory leads that cannot be read), or a position holds more IPs or squadrons than a power may."),
    e("box-occupied", Error, &["[[scenario]]"],
        "A scenario places more than one unit in a box of an area, which holds one."),
    e("broken-link", Error, &["rules/*.md"],
        "A link in the rules prose points outside the game directory, to a file that is not a picture or a chapter, or to a section a chapter does not have."),
    e("broken-rail", Error, &["[[map]]"],
        "A rail line jumps between hexes that are not adjacent."),
    e("chapter-without-title", Warning, &["rules/*.md"],
        "A chapter of the rules has no level-1 heading to title it; its file name stands in."),
    e("coast-needed", Error, &["[[scenario]]", "position"],
        "A position or scenario puts a fleet in a province of several coasts without saying which coast."),
    e("combat-marker", Warning, &["[rules]"],
        "A marker effect or control marker names a class of combat units, not of markers."),
    e("conflict", Error, &["[[side]]", "[[turn]]", "[calendar]", "[[map]]", "[[scenario]]", "position"],
        "Two things claim what only one may have: a nation in two sides, a home centre or a supply centre owned by two sides, both `[[turn]]`s and a `[calendar]`, or a map that is both a hex map and an area map."),
    e("conflicting-keys", Error, &["[rules]", "[[scenario]]", "[[map]]"],
        "Keys that exclude each other are given together, or one is given without the one it needs (`at` and `every` on a victory condition, `reduced` and `level` on a placement, `between` and `by` in victory levels, a supply link of places and ports, keys of a hex map's geography on an area map and the reverse)."),
    e("counter-mix", Error, &["[[scenario]]"],
        "A scenario uses a counter more times than the counter mix has copies of it."),
    e("crossing-off-province", Warning, &["[[map]]"],
        "A crossing's line on the picture ends outside the province it joins."),
    e("crowded", Error, &["[[map]]"],
        "`sandtable geo` finds no free land hex near a place of `[map.geography]` to put it in."),
    e("default-result-with-tests", Error, &["[rules]"],
        "A victory condition with `otherwise = true` (the default result, won at the end of the game when no other condition is met) also gives tests of its own."),
    e("directive-arguments", Error, &["rules/*.md"],
        "A `{{directive}}` in the rules prose is given an id it does not take, lacks the id it needs, or is `{{map}}` without a map in a game of several."),
    e("directive-without-data", Error, &["rules/*.md"],
        "A `{{directive}}` in the rules prose shows data the game does not have."),
    e("dpjudge-lost", Warning, &["command line"],
        "A directive of the DPjudge `.map` file given to `sandtable import` says what a sandtable board cannot hold (a DPjudge rule, a league, dummies, a change by phase, a restricted or weak crossing, a convoying port, a partisan or factory site, a one-way crossing): the import goes on without it, and the warning names what is lost."),
    e("duplicate", Error, DEFINED_ONCE,
        "Something is defined twice: an id, `[game]`, `[rules]` or `[calendar]` in two files, a place name or a hex's place, a coast, a pool or track display name, a marker's effects, or a part a counter shows."),
    e("duplicate-id", Error, &["[[map]]", "command line"],
        "`sandtable geo` finds a hex pinned twice or an area with two provinces in `[map.geography]`, or `sandtable import` finds a province, power or location described twice in the board file it reads."),
    e("duplicate-rule-number", Error, &["rules/*.md"],
        "Two sections of the rules prose have the same number."),
    e("empty-board", Error, &["command line"],
        "`sandtable import` reads a board file (with the files it uses) that names no location or no power: there is no game to make of it."),
    e("empty-condition", Error, &["[rules]", "[[scenario]]"],
        "A rule or instruction names nothing to act on: an entry rule without terrain or hex sets, victory points or a victory condition testing nothing, a marker without effect, a garrison requirement or supply source without a location, a set-up instruction without units."),
    e("empty-edge", Error, &["[[map]]"],
        "A map edge has no land hexes."),
    e("empty-map", Error, &["[[map]]"],
        "A map has neither `[map.hex]` nor `[[map.area]]`."),
    e("empty-start-control", Error, &["[rules]"],
        "A `[[rules.control.start]]` names no map, region or hex for its side to control when the game begins."),
    e("face-conflict", Error, &["[[class]]", "[[counter]]"],
        "A class is printed on two kinds of counter whose other faces differ."),
    e("file-too-large", Error, EVERY_FILE,
        "A game file is larger than the tool reads (32 MiB for TOML, 8 MiB for a chapter of the rules), or a position or orders file larger than 4 MiB."),
    e("fleet-inland", Error, &["[[scenario]]", "position"],
        "A position or scenario puts a fleet in a province without a coast."),
    e("forbidden-area", Error, &["[[scenario]]", "[[map]]"],
        "A scenario sets up a side's unit in an area whose `only` keeps that side out."),
    e("hidden-without-side", Error, &["[[class]]"],
        "A class seen only by its own side belongs to no side."),
    e("html-dropped", Warning, &["rules/*.md"],
        "Raw HTML in the rules prose that a rulebook may not carry is left out of the published rules and the module's help: a script, frame, object or drawing (with everything in it), an element not on the allow-list such as a form (its text kept), an event handler (`on…`), a `style` or other attribute not allowed, or a link or picture whose address is not `http:`, `https:`, `mailto:` or a page of the book (`javascript:`, `data:`)."),
    e("ignored-key", Warning, &["[[map]]", "[rules]"],
        "A key has no effect where it is written (`line` on an area map's hex set, `zoc-contests` without the `last-occupied` control rule, `across` or `seas` on a link that is not of ports)."),
    e("impassable", Error, &["[[scenario]]", "position"],
        "A position or scenario puts a unit in an area whose terrain keeps every unit of its kind out (`movement = { all = \"prohibited\" }`, impassable Switzerland); an island, a land province with no land neighbours, is not impassable: an army stands there and cannot move by land."),
    e("incomplete-level", Error, &["[[class]]"],
        "A levelled class gives `level` without `line` or `line` without `level`."),
    e("marker-of-another-side", Warning, &["[rules]"],
        "A side's control marker is of a class belonging to another side."),
    e("mismatched-faces", Error, &["[[class]]", "[[counter]]"],
        "The two faces of a counter do not list the same factors (a class's `reduced` face, or a two-level counter's front and back)."),
    e("missing-control-marker", Warning, &["[rules]"],
        "A side owns supply centres but has no control marker to show them."),
    e("missing-factor", Warning, &["[[class]]"],
        "A combat class prints no value for a factor its fellows print: every other class of its unit type, or, alone in its type, when it lacks just one of the factors every other combat class prints."),
    e("missing-file", Error, &["[[class]]", "[[counter]]", "[[map]]", "[[chart]]"],
        "An image path names a file that does not exist in the game directory or the shared `art/` folder, or a map's `natural-earth.data` names a folder of the game that does not exist or lacks the files its geography needs."),
    e("missing-key", Error, EVERY_TOML,
        "A key something needs is missing: any key a table cannot do without (its entry is left out), a map's `title` or terrain layer, a place's `hex` or `area`, an area's `position`, a track's display or marker, a set-up pool's destination, a supply link's `across`, a victory level's comparison, a key of `[map.geography]` (a warning for a pool without `turn`)."),
    e("missing-picture", Error, &["rules/*.md"],
        "A picture the rules prose shows is not there."),
    e("needless-crossing", Warning, &["[[map]]"],
        "A crossing joins two provinces whose outlines share a border anyway."),
    e("no-fractions", Error, &["position"],
        "A position lists hidden parts of units, but the game has no `[rules.fractions]`."),
    e("no-game", Error, &["[game]"],
        "No file of the game has a `[game]` table."),
    e("no-industry", Error, &["position"],
        "A position gives a power IPs, squadrons or captured IPs, but the game has no `[rules.industry]`."),
    e("no-marker-counter", Error, &["[[track]]", "[rules]", "[[counter]]"],
        "A track marker or control marker class has no counter in the counter mix."),
    e("no-owner", Warning, &["[[class]]"],
        "A class of combat units has neither a nation nor a side, so its counters belong to no one (markers, whose unit type has `combat = false`, may belong to nobody)."),
    e("no-reduced-side", Error, &["[[scenario]]"],
        "A scenario places a counter on its reduced face, but the counter has none."),
    e("no-room", Error, &["[[map]]"],
        "An area has neither an Open area nor boxes, so no unit can stand in it."),
    e("no-side", Error, &["[rules]"],
        "A counter the industry rules name (a captured-IP marker) belongs to no side."),
    e("no-sides", Error, &["[[side]]"],
        "The game defines no `[[side]]`."),
    e("no-such-box", Error, &["[[scenario]]"],
        "A scenario places a unit in a box an area does not have, or in the Open area of an area without one."),
    e("no-such-hex", Error, &["[[map]]"],
        "A hex number is not a hex of the map (a place, hexside, rail, edge or hex set, or a hex of `[map.geography]`)."),
    e("no-such-level", Error, &["[[scenario]]"],
        "A scenario asks for a counter at a Level it does not print, or a Level of a counter without Levels."),
    e("no-such-location", Error, &["[[scenario]]", "[rules]"],
        "A scenario's location, or a hex of `[[rules.control.start]]`, is not a hex, area or place of any map."),
    e("no-turns", Error, &["[[turn]]", "[calendar]"],
        "The game has no calendar: no `[[turn]]`, or a `[calendar]` without seasons."),
    e("no-unit-types", Error, &["[[unit-type]]"],
        "Classes are defined, but no `[[unit-type]]`."),
    e("not-a-centre", Error, &["[[side]]", "[[scenario]]", "position"],
        "A home centre or owned centre is not a supply centre of the board."),
    e("not-a-home-centre", Error, &["position"],
        "A position's `captured` lists a centre that is not a home centre of the power."),
    e("not-a-part", Error, &["[rules]"],
        "`[rules.fractions]` names a counter that cannot show a part of a unit."),
    e("not-a-retreat-phase", Error, &["position"],
        "A position lists dislodged units or standoffs, but its phase is not a retreat phase."),
    e("not-amendable", Error, &["[[map]]"],
        "A map amends a hex map, or an amending map gives a key an amendment cannot change."),
    e("not-amending", Error, &["[[map]]"],
        "A map lists `[[map.change]]`s but amends nothing (`amend = true` is missing)."),
    e("not-checked", Warning, EVERY_TOML,
        "Some problems were not reported because a file could not be read (or a section of it): they may only follow from what it holds. Fix the mistakes reported and check again."),
    e("not-frozen", Error, &["[rules]"],
        "A province named in `[rules.fractions]` is not one of the frozen provinces."),
    e("not-utf8", Error, EVERY_FILE,
        "A game file, a position file or an orders file is not valid UTF-8."),
    e("occupied-standoff", Error, &["position"],
        "A position lists a standoff in a province that a unit occupies."),
    e("off-map", Error, &["[[map]]"],
        "`sandtable geo` finds a place, river or rail line of `[map.geography]` off the map or only in water."),
    e("one-coast", Error, &["[[map]]"],
        "A province lists a single coast: coasts are for provinces with several."),
    e("option-off", Error, REFERRING,
        "Data not marked with an option refers to something that exists only under an option that is off."),
    e("out-of-range", Error, &["[art]", "[calendar]", "[[class]]", "[[counter]]", "[[track]]", "[[track-display]]", "[[map]]", "[[scenario]]"],
        "A number is outside what the tool accepts: a size in `[art]`, the calendar's span, a counter's copies, a negative factor, a track's or display's range, a map's size or numbering digits, an area's boxes or position, a track's starting value, or a number of `[map.geography]`."),
    e("outside-setup-area", Error, &["[[scenario]]"],
        "A scenario sets up a unit outside the hexes or areas its set-up area allows."),
    e("overlap", Error, &["[rules]"],
        "Two bands of the levels of victory overlap."),
    e("points-lead-without-points", Error, &["[rules]"],
        "A victory condition's `points-lead` compares victory points, but no `[[rules.victory-points]]` scores points for its side."),
    e("removed", Error, &["[[map]]"],
        "An area the board's changes remove is still named by the map's places, sets or edges."),
    e("second-default-result", Error, &["[rules]"],
        "Two victory conditions say `otherwise = true`: a game has one default result."),
    e("setup-instruction", Error, &["[[scenario]]"],
        "A scenario's set-up breaks one of its `[[scenario.require]]` instructions."),
    e("shared-control-marker", Error, &["[rules]"],
        "Two sides use the same class as their control marker."),
    e("shared-track-marker", Error, &["[[track]]"],
        "One class is the marker of two tracks."),
    e("split-coast", Error, &["[[map]]"],
        "A province with coasts lists fleet moves of its own: they go on each coast."),
    e("stacking", Error, &["[[scenario]]", "[rules]"],
        "A scenario stacks more units in a location than the stacking rules allow."),
    e("stale-crossing", Warning, &["[[map]]"],
        "A crossing's line is not yet on the map's picture (run `sandtable geo`)."),
    e("syntax", Error, EVERY_TOML,
        "A TOML file is not valid TOML."),
    e("track-marker-placed", Error, &["[[scenario]]"],
        "A scenario places a track's marker itself, which its starting value already puts in its box."),
    e("track-outside-display", Error, &["[[track]]", "[[track-display]]"],
        "A track's range runs beyond the boxes of the display its marker stands on."),
    e("trailing-backslash", Error, EVERY_SECTION,
        "A one-line string ends in a backslash, which VASSAL reads as escaping the separator after it."),
    e("two-level-not-adjacent", Error, &["[[counter]]"],
        "A two-level counter prints Levels on its faces that are not one apart."),
    e("two-level-outside-line", Error, &["[[counter]]", "[[class]]"],
        "A two-level counter's back class is not in the line of Levels of its front."),
    e("two-level-stepped", Error, &["[[counter]]", "[[class]]"],
        "A two-level counter's class also has a `reduced` face."),
    e("two-units", Error, &["position"],
        "A position puts two units (or two dislodged units) in one province."),
    e("unknown-directive", Error, &["rules/*.md"],
        "A `{{directive}}` in the rules prose is not a kind of generated material."),
    e("unknown-key", Error, EVERY_TOML,
        "A key is not one the table it is in allows (often a misspelling, for which the closest key is suggested); the entry it is in is left out."),
    e("unknown-location", Error, &["position"],
        "A position names a location or province the board does not have."),
    e("unknown-option", Error, &["[[class]]", "[[counter]]", "[[track]]", "[[chart]]", "[[scenario]]", "command line"],
        "An `option = \"ID\"`, a scenario's `options` or `--option` names no `[[option]]`."),
    e("unknown-phase", Error, &["position"],
        "A position's `phase` is not a phase of its turn."),
    e("unknown-power", Error, &["orders", "position"],
        "An orders file or a position names a power the game does not have."),
    e("unknown-reference", Error, REFERRING_OR_IMPORTED,
        "A name refers to something that is not defined: an id of another section, an area, place, hex set, map edge, coast, factor, class flag, column or result code (also in the board file `sandtable import` reads)."),
    e("unknown-rule-reference", Error, &["rules/*.md"],
        "The rules prose refers to a rule number no section has (`see 12.3`)."),
    e("unknown-section", Error, EVERY_TOML,
        "A top-level table or key of a game file is no section of the language (often a misspelt header such as `[[countr]]`); its entries are left out, and the closest section is suggested."),
    e("unknown-turn", Error, &["position"],
        "A position's `turn` is not a turn of the calendar."),
    e("unknown-unit", Error, &["position"],
        "A position's `strength` names a province where the power has no unit."),
    e("unknown-value", Error, EVERY_SECTION,
        "A word is not one of the values the key allows (a unit symbol, size, orientation, table kind, control rule, projection, …)."),
    e("unreadable", Error, &["command line"],
        "The board file given to `sandtable import`, or a file it uses, cannot be read."),
    e("unused-modifier", Warning, &["[[chart]]"],
        "A chart has modifiers, but nothing is rolled on it."),
    e("unused-track-display", Warning, &["[[track-display]]"],
        "No track stands on a track display."),
    e(
        "use-loop",
        Error,
        &["use"],
        "Files named in `use` use each other more than 8 deep, most likely in a loop.",
    ),
    e("wrong-game", Error, &["position"],
        "A position file is of another game than the one adjudicated."),
    e("wrong-kind", Error, &["[[map]]", "[[scenario]]"],
        "A place's `kind` is a land or water terrain, not a feature, or a scenario's `from` names a pool that is not a set-up pool."),
    e("wrong-side", Error, &["[[scenario]]"],
        "A scenario puts a side's counter in another side's pool."),
    e("wrong-terrain", Error, &["[[map]]", "[[scenario]]"],
        "Something stands where its terrain forbids: a place or rail line in water, or a unit set up in a hex its type may not be in."),
    e("wrong-type", Error, EVERY_TOML,
        "A value is of the wrong kind (text where a whole number goes, a table where a list goes, a number out of range, …); the entry it is in is left out."),
];

/// The entry of `code`, if it is a code the tool uses.
pub fn find(code: &str) -> Option<&'static Entry> {
    CATALOGUE
        .binary_search_by(|e| e.code.cmp(code))
        .ok()
        .map(|i| &CATALOGUE[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_gives_the_entry_of_a_code_and_nothing_for_a_stranger() {
        let e = find("unknown-reference").expect("a catalogued code");
        assert_eq!(e.code, "unknown-reference");
        assert_eq!(e.severity, Severity::Error);
        assert!(e.sections.contains(&"[[counter]]"));
        assert_eq!(
            find("chapter-without-title").map(|e| e.severity),
            Some(Severity::Warning)
        );
        assert!(find("no-such-code").is_none());
        assert!(find("").is_none());
        for e in CATALOGUE {
            assert_eq!(find(e.code).map(|f| f.code), Some(e.code));
        }
    }

    #[test]
    fn the_catalogue_shorthands_are_every_section_with_their_extras() {
        let with = |extra: &[&'static str]| -> Vec<&'static str> {
            EVERY_SECTION.iter().chain(extra).copied().collect()
        };
        assert_eq!(EVERY_FILE, with(&["rules/*.md"]).as_slice());
        assert_eq!(EVERY_TOML, with(&["position"]).as_slice());
        let ids: Vec<&str> = EVERY_SECTION
            .iter()
            .copied()
            .filter(|s| !["use", "[game]", "[art]"].contains(s))
            .collect();
        assert_eq!(WITH_IDS, ids.as_slice());
        assert_eq!(DEFINED_ONCE[0], "[game]");
        assert_eq!(&DEFINED_ONCE[1..], WITH_IDS);
        assert_eq!(REFERRING_OR_IMPORTED.last(), Some(&"command line"));
        assert_eq!(&REFERRING_OR_IMPORTED[..REFERRING.len()], REFERRING);
        assert!(REFERRING.iter().all(|s| WITH_IDS.contains(s)));
    }
}
