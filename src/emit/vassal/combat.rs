//! Combat resolution inside the module, generated from the game's combat results tables.
//!
//! # What a player does
//!
//! 1. Right-click each attacking unit → **Mark as attacker** (an `A` appears on the counter),
//!    and the defending unit(s) → **Mark as defender** (`D`). **Clear combat mark** takes a
//!    mark off one unit; the toolbar button **Clear Combat Marks** takes every mark off.
//! 2. If the table has modifiers only the players can know (a leader in range, air support,
//!    the attacker choosing a lower column), set them in the **Combat modifiers** menu.
//! 3. Press **Resolve Combat** (with several tables, pick the table in that menu). The module
//!    totals the marked factors, applies the defender's terrain, the hexsides the attackers
//!    attack across, the weather, supply and the declared modifiers, rolls the table's dice
//!    with VASSAL's own dice, and writes one line to the chat log, e.g.
//!    `Attack 12 vs 4 = 3:1, Forest -1 → 2:1, roll 5: DRL (Defender loses one step and then
//!    retreats as for DR)` — totals, halvings and doublings with their causes, the column,
//!    each shift with its cause and the final column, the roll, the result and its meaning,
//!    and a note when the defender's terrain turns a retreat into a step loss. Then it
//!    clears the marks and the declared modifiers. When something is missing (no attacker
//!    or defender marked, defenders in two locations, a defence of 0, no column chosen) it
//!    says so instead (`combat not resolved: …`) and leaves marks and modifiers in place.
//!
//! # How it works
//!
//! Each unit that can fight gets the prototype [`PROTO_COMBAT`]: a Dynamic property
//! `CombatRole` (`A`, `D` or empty) set by the three menu commands, a text label showing it,
//! and Calculated properties the module-level steps read (its site in the location list, and
//! for attackers the hexsides they attack across and whether they are out of supply); each
//! counter also gets `CombatAttackFactor` and `CombatDefenceFactor`, its factors on the face
//! it shows (the `Step` layer's reduced face, the `Level` layer's class).
//!
//! Expressions cannot hold variables, and Calculated properties are evaluated afresh on every
//! read, so the resolution is a chain of module **global properties**, each set in turn by a
//! hidden `ChangePropertyButton` whose new value is a BeanShell expression over the previous
//! ones (the `Combat…` properties below). The visible **Resolve** `DoActionButton` fires, in
//! order, the hidden dice button of the table's dice, every step, a hidden report
//! `DoActionButton` whose report format is the chat line, the Global Key Command that clears
//! the marks, and the resets of the declared modifiers. A `DoActionButton` writes its report
//! before it sends its keys, which is why the report is a button of its own.
//!
//! Static lookups are global properties too: `CombatLocations` (`#site|location|…` for every
//! location of every map: a hex is its own site; an area is the site of its Open area and
//! boxes), `CombatTerrain_<terrain>` (`|site|…|`, every site whose terrain or features
//! include a terrain with a combat effect), `CombatHexsides_<hexside>` (`|a/b|b/a|…`, both
//! directions of every hexside of a kind with a combat effect) and, when the turns carry
//! weather, `CombatWeatherTurns_<weather>` (`|turn label|…|` of the turn tracker's `Turn`
//! property). A defender's site is found as the position of its site entry in
//! `CombatLocations` (`lastIndexOf("#", indexOf("|" + LocationName + "|"))`); the defenders'
//! average is the defender's site, and it is turned back into the site's name with
//! `substring`.
//!
//! The table is chosen by pressing its own resolve button (one `DoActionButton` per table,
//! gathered in a **Resolve Combat** menu when there are several), so no "current table"
//! property is needed; a `column` table's column is a property players set in the
//! modifiers menu.
//!
//! The column, shift, clamp and result follow [`crate::helpers::crt::resolve`]: halvings are
//! counted (defender's terrain, any attacker across a `halve-if-any-across` hexside, a
//! modifier in force) and applied once to the total, rounded as the table says; doublings
//! likewise; odds are rounded in the defender's favour (the rightmost column `a:b` with
//! `attack × b ≥ a × defence`), differences take the rightmost column not above them; shifts
//! (defender's terrain, a `shift-if-all-across` hexside every attacker is across, modifiers in
//! force, declared modifiers) add up and the sum is clamped to the first and last columns.
//! Modifiers with a weather apply when the turn's weather (the `Turn` property of the
//! tracker, or the `Weather` property players set when the turns have none) is theirs;
//! `attacker-out-of-supply` applies when **any** marked attacker shows its Out of Supply layer
//! (the Rust helper takes one flag for the whole attack); halving each unit that is out of
//! supply on its own would be expressible, but would no longer agree with the helper's
//! single halving of the total. When the game has no Out of Supply marker, the modifier is
//! declared like the others. Declared modifiers are numbers
//! players set: a fixed one applies that many times (the Rust helper accepts each once), a
//! `shift-factor` one shifts by the value given (the supporting units' total factor).
//!
//! # Expression language relied on
//!
//! Checked against VASSAL's source (tags 3.4.0 – 3.7.26):
//!
//! * `Sum(property, match, map)` and `Count(match, map)` (VASSAL 3.4.0,
//!   `init_expression.bsh`): every piece of a named map whose property match expression
//!   (`{CombatRole=="A"}`) holds. The map argument is needed: from a global property (the
//!   source of a `ChangePropertyButton`'s expression) the two-argument forms sum nothing.
//! * String methods on property names (`CombatLocations.indexOf(…)`, `.lastIndexOf`,
//!   `.startsWith`, `.substring`, `.contains`; VASSAL 3.6.0, `BeanShellExpressionValidator`),
//!   and on the values of global properties read that way. `substring` is only reached with
//!   a position `startsWith("#", …)` has confirmed, as an out-of-range index would stop the
//!   expression with an error dialog.
//! * VASSAL's BeanShell: `==`/`!=` compare strings by value, `+` of a string and a number
//!   concatenates, an empty property compares as 0 with a number, `&&` short-circuits,
//!   `?:` evaluates one branch, `/` on integers truncates, `<<` shifts (`BSHBinaryExpression`,
//!   `Primitive`). Property values that look like integers are integers, `true`/`false` are
//!   booleans, and with the module's *store leading-zero integers as strings* option a hex
//!   number such as `0203` stays a string.
//! * A DiceButton exposes its last roll as the global property `<name>_result` (VASSAL 3.2
//!   already; the total, with *report total*), and writes nothing to the chat log when its
//!   report format is empty; a `ChangePropertyButton` evaluates a `{…}` new value as an
//!   expression with its global property as the source (then formats the result once more,
//!   so no step value may contain `$` or be wrapped in braces); a `DoActionButton` reports,
//!   then sends its keys; a named key stroke reaches a text-less (hidden) toolbar button,
//!   whose listener fires while the toolbar is showing; a text label's text is a message
//!   format (`$CombatRole$`); a piece property not found on the piece is looked up in its
//!   zone, map and module global properties.
//!
//! The tests in `tests/suite/combat.rs` replay a press of the button on the buildfile with an
//! evaluator of this subset and compare every column and result with the Rust helper. VASSAL
//! 3.7.26 has run them too, on both example games (marks set from the counters' menus,
//! Resolve Combat and the per-table menu pressed): every chat line's totals, halvings, column,
//! shifts and result agreed with `sandtable crt` for the same factors, terrain, hexsides,
//! weather, supply and declared modifiers, and with `<1-1`.
//!
//! Not expressed: hexside effects on area maps (they have no hexsides); an attack on several
//! locations at once (the defenders must share one site, or nothing is resolved); modifiers
//! that need both a condition and a supporting unit's factor (the Rust helper skips them
//! unless declared; the module never applies them); the adjacency of attackers to the
//! defender, stacking, zones of control and other rules the tables do not carry.

use crate::model::{
    table::Modifier, CounterId, Crt, CrtColumn, CrtKind, Dice, FactorId, Game, MapKind, TerrainId,
};
use crate::vassal::encoder::encode_or_empty;

use super::html::Page;
use super::pieces::{Prototype, Trait};
use super::plan::Plan;
use super::turns::turn_labels;
use super::xml::Node;

const B: &str = "VASSAL.build.module.";

/// Prototype of the units that can be marked for combat.
pub const PROTO_COMBAT: &str = "Combat unit";
/// Dynamic property holding a unit's mark: `A`, `D` or empty.
pub const ROLE: &str = "CombatRole";
/// Mark value of an attacker.
pub const ATTACKER: &str = "A";
/// Mark value of a defender.
pub const DEFENDER: &str = "D";
/// Named key of "Mark as attacker".
pub const KEY_MARK_ATTACKER: &str = "CombatMarkAttacker";
/// Named key of "Mark as defender".
pub const KEY_MARK_DEFENDER: &str = "CombatMarkDefender";
/// Named key of "Clear combat mark" (also what the Global Key Commands send).
pub const KEY_CLEAR: &str = "CombatClearMark";
/// Calculated property: the unit's attack factor on the face it shows.
pub const ATTACK_FACTOR: &str = "CombatAttackFactor";
/// Calculated property: the unit's defence factor on the face it shows.
pub const DEFENCE_FACTOR: &str = "CombatDefenceFactor";
/// Global property: the location list (`#site|location|…`).
pub const LOCATIONS: &str = "CombatLocations";
/// Text of the toolbar button that clears every mark.
pub const CLEAR_BUTTON: &str = "Clear Combat Marks";
/// Text of the resolve button (or menu, with several tables).
pub const RESOLVE_BUTTON: &str = "Resolve Combat";
/// Text of the menu of declared modifiers (and the weather and column choices).
pub const MODIFIERS_MENU: &str = "Combat modifiers";

/// Piece property: the position of the unit's site entry in `CombatLocations` (−1: none).
const SITE: &str = "CombatSite";
/// Piece property: 1 when a defender stands elsewhere than the defenders' site.
const AWAY: &str = "CombatAway";
/// Piece property: 1 when the unit's Out of Supply layer is showing.
const UNSUPPLIED: &str = "CombatUnsupplied";
/// Global: what stops the resolution ("" when nothing does).
const PROBLEM: &str = "CombatProblem";
/// Named key of the guarded clear (only when nothing stopped the resolution).
const KEY_CLEAR_RESOLVED: &str = "CombatClearResolved";
/// Named key of the visible clear button.
const KEY_CLEAR_ALL: &str = "CombatClearAll";

/// The named key stroke text VASSAL reads (`0,0,Name`: with a name the numbers are unused).
fn named(name: &str) -> String {
    format!("0,0,{name}")
}

/// A Java string literal.
pub fn lit(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` as the tail of a Java identifier: ASCII letters and digits kept, the rest `_`.
fn ident(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Makes identifier tails unique by appending `_2`, `_3`… to repeats.
fn unique_idents(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    names
        .into_iter()
        .map(|n| {
            let mut candidate = n.clone();
            let mut k = 2;
            while seen.contains(&candidate) {
                candidate = format!("{n}_{k}");
                k += 1;
            }
            seen.push(candidate.clone());
            candidate
        })
        .collect()
}

/// `{…}`: an expression VASSAL evaluates with BeanShell.
fn braced(expr: &str) -> String {
    format!("{{{expr}}}")
}

/// The factor marked units attack with: `attack`, else the game's first factor.
pub fn attack_factor(game: &Game) -> Option<FactorId> {
    game.factor_index("attack")
        .or_else(|| (!game.factors.is_empty()).then_some(0))
}

/// The factor marked units defend with: `defence` (or `defense`), else the attack factor.
pub fn defence_factor(game: &Game) -> Option<FactorId> {
    game.factor_index("defence")
        .or_else(|| game.factor_index("defense"))
        .or_else(|| attack_factor(game))
}

/// Whether a counter can be marked for combat: the game has a combat results table and the
/// counter is a combat unit (not a marker).
pub fn takes_part(game: &Game, counter: CounterId) -> bool {
    !game.crts.is_empty() && game.is_combat(counter) && !game.is_marker(counter)
}

/// The calculated factor properties of one counter: its attack and defence on the face the
/// piece shows (the `Level` layer's class for levelled units, the `Step` layer's face for
/// two-step units, else the front).
pub fn factor_traits(game: &Game, counter: CounterId) -> Vec<Trait> {
    let class_id = game.counters[counter].class;
    let class = &game.classes[class_id];
    let value = |f: Option<FactorId>, back: bool, c: &crate::model::Class| -> i64 {
        f.and_then(|f| {
            if back {
                c.faces.back(f)
            } else {
                c.faces.front(f)
            }
        })
        .unwrap_or(0)
    };
    let expression = |f: Option<FactorId>| -> String {
        if let Some(line) = game.line_of(class_id) {
            let mut e =
                value(f, false, &game.classes[*line.last().unwrap_or(&class_id)]).to_string();
            for (k, c) in line.iter().enumerate().rev().skip(1) {
                e = format!(
                    "Level_Level == {} ? {} : {e}",
                    k + 1,
                    value(f, false, &game.classes[*c])
                );
            }
            braced(&e)
        } else if class.is_stepped() {
            braced(&format!(
                "Step_Level == 2 ? {} : {}",
                value(f, true, class),
                value(f, false, class)
            ))
        } else {
            braced(&value(f, false, class).to_string())
        }
    };
    vec![
        calc(
            ATTACK_FACTOR,
            &expression(attack_factor(game)),
            "Attack factor of the face shown",
        ),
        calc(
            DEFENCE_FACTOR,
            &expression(defence_factor(game)),
            "Defence factor of the face shown",
        ),
    ]
}

/// A Calculated property trait (`calcProp;name;expression;description`).
fn calc(name: &str, expression: &str, description: &str) -> Trait {
    Trait {
        kind: format!(
            "calcProp;{}",
            encode_or_empty(&[name, expression, description], ';')
        ),
        state: String::new(),
    }
}

/// The Dynamic property `CombatRole` with its three menu commands.
fn role_property() -> Trait {
    let command = |menu: &str, key: &str, value: &str| {
        encode_or_empty(
            &[
                menu.to_string(),
                named(key),
                encode_or_empty(&["P", value], ','),
            ],
            ':',
        )
    };
    let commands = [
        command("Mark as attacker", KEY_MARK_ATTACKER, ATTACKER),
        command("Mark as defender", KEY_MARK_DEFENDER, DEFENDER),
        command("Clear combat mark", KEY_CLEAR, ""),
    ];
    Trait {
        kind: format!(
            "PROP;{}",
            encode_or_empty(
                &[
                    ROLE.to_string(),
                    encode_or_empty(&["false", "0", "0", "false"], ','),
                    encode_or_empty(&commands, ','),
                    "Combat mark (A attacker, D defender)".to_string(),
                ],
                ';'
            )
        ),
        state: String::new(),
    }
}

/// A bold black-on-yellow label in the counter's top-left corner showing `CombatRole` (empty,
/// and so not drawn, when the unit is not marked). It leaves the piece's name alone.
fn role_label() -> Trait {
    let fields: Vec<String> = [
        "",            // no key
        "",            // no menu command
        "12",          // font size
        "255,230,0",   // background
        "0,0,0",       // text colour
        "t",           // vertical position: top
        "0",           // vertical offset
        "l",           // horizontal position: left
        "0",           // horizontal offset
        "t",           // vertical justification: label's top at the top edge
        "l",           // horizontal justification
        "$pieceName$", // name format: unchanged
        "Dialog",      // font family
        "1",           // bold
        "0",           // rotation
        "CombatMark",  // property exposing the label
        "Combat mark", // description
        "false",       // always use the name format
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    Trait {
        kind: format!("label;{}", encode_or_empty(&fields, ';')),
        state: format!("${ROLE}$"),
    }
}

/// One step of the resolution: a hidden `ChangePropertyButton` on a global property.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The global property it sets.
    pub property: String,
    /// Its named key.
    pub key: String,
    /// The new value: a `{…}` expression.
    pub expression: String,
}

/// A global property the module keeps for combat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Global {
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// Initial value.
    pub initial: String,
    /// Numeric 0–99 (declared modifiers).
    pub numeric: bool,
    /// A visible button setting it (text, tooltip, changer), in the modifiers menu.
    pub button: Option<(String, String, String)>,
}

/// Everything one table needs.
#[derive(Debug, Clone)]
pub struct TablePlan {
    /// Index of the CRT.
    pub crt: usize,
    /// Text of its resolve button.
    pub button: String,
    /// Named key of its hidden report button.
    pub report_key: String,
    /// The report format (a `{…}` expression giving the chat line).
    pub report: String,
    /// Its own steps, in order.
    pub steps: Vec<Step>,
    /// Keys of the resets of its declared modifiers.
    pub resets: Vec<Step>,
    /// Keys the resolve button sends, in order.
    pub keys: Vec<String>,
}

/// A terrain or hexside with a combat effect, as the expressions use it.
#[derive(Debug, Clone)]
struct Effect {
    /// Global lookup property.
    property: String,
    /// Name in the chat line.
    name: String,
    halve: bool,
    double: bool,
    shift: i64,
    no_retreat: bool,
    /// Hexsides: shift when every attacker is across.
    all_shift: i64,
    /// Hexsides: piece property (attacker across) and global (count).
    across: Option<(String, String)>,
}

/// The combat machinery of one module.
#[derive(Debug, Clone)]
pub struct Combat {
    /// The game maps' `mapName`s (what `Sum` and `Count` name).
    pub maps: Vec<String>,
    multi_map: bool,
    supply_layer: bool,
    terrain: Vec<Effect>,
    hexsides: Vec<Effect>,
    /// The global properties, lookups first.
    pub globals: Vec<Global>,
    /// The steps every table shares, in order.
    pub shared: Vec<Step>,
    /// One per CRT, in the game's order.
    pub tables: Vec<TablePlan>,
    /// The dice: (DiceButton name, its key, dice).
    pub dice: Vec<(String, String, Dice)>,
}

/// `(Sum("prop", "{CombatRole==\"X\"}", "Map") + …)` over the game maps.
fn sum(maps: &[String], property: &str, role: &str) -> String {
    let filter = lit(&braced(&format!("{ROLE}=={}", lit(role))));
    let parts: Vec<String> = maps
        .iter()
        .map(|m| format!("Sum({}, {filter}, {})", lit(property), lit(m)))
        .collect();
    format!("({})", parts.join(" + "))
}

/// `(Count("{CombatRole==\"X\"}", "Map") + …)` over the game maps.
fn count(maps: &[String], role: &str) -> String {
    let filter = lit(&braced(&format!("{ROLE}=={}", lit(role))));
    let parts: Vec<String> = maps
        .iter()
        .map(|m| format!("Count({filter}, {})", lit(m)))
        .collect();
    format!("({})", parts.join(" + "))
}

/// A nested ternary choosing among `values` by an integer expression (the last is the
/// default).
fn by_index(index: &str, values: &[String]) -> String {
    let Some((last, rest)) = values.split_last() else {
        return lit("");
    };
    let mut e = last.clone();
    for (i, v) in rest.iter().enumerate().rev() {
        e = format!("{index} == {i} ? {v} : {e}");
    }
    format!("({e})")
}

/// `+1` / `-1` text of a constant shift.
fn signed(v: i64) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// The meaning of a result as the chat line gives it: up to the first colon (`Defender
/// retreats: the attacker moves…` → `Defender retreats`), else the first sentence, without
/// its full stop.
fn short_meaning(m: &str) -> String {
    let m = m.trim();
    let head = match m.split_once(':') {
        Some((head, _)) => head,
        None => m.split_once(". ").map_or(m, |(first, _)| first),
    };
    head.trim().trim_end_matches('.').to_string()
}

impl Combat {
    /// The machinery for a game with at least one combat results table.
    pub fn new(plan: &Plan<'_>) -> Option<Self> {
        let g = plan.game;
        if g.crts.is_empty() || g.crts.iter().all(|c| c.columns.is_empty()) {
            return None;
        }
        let maps: Vec<String> = plan.boards.iter().map(|b| b.map_name.clone()).collect();
        let multi_map = maps.len() > 1;
        let prefix = |m: usize| {
            if multi_map {
                format!("{}/", maps[m])
            } else {
                String::new()
            }
        };
        let supply_layer = plan.supply_marker().is_some();

        // Sites and locations.
        let mut locations = String::new();
        let mut terrain_sites: Vec<Vec<String>> = vec![Vec::new(); g.terrain.len()];
        let mut hexside_pairs: Vec<Vec<String>> = vec![Vec::new(); g.hexside_terrain.len()];
        for (mi, m) in g.maps.iter().enumerate() {
            let p = prefix(mi);
            match &m.kind {
                MapKind::Hex(h) => {
                    for c in h.geometry.coords() {
                        let site = format!("{p}{}", h.geometry.number(c));
                        locations.push_str(&format!("#{site}|{site}|"));
                        let hex = h.hex(c);
                        for t in std::iter::once(hex.terrain).chain(hex.features.iter().copied()) {
                            if !terrain_sites[t].contains(&site) {
                                terrain_sites[t].push(site.clone());
                            }
                        }
                    }
                    for ((a, b), list) in &h.hexsides {
                        let (a, b) = (
                            format!("{p}{}", h.geometry.number(*a)),
                            format!("{p}{}", h.geometry.number(*b)),
                        );
                        for (kind, _) in list {
                            for pair in [format!("{a}/{b}"), format!("{b}/{a}")] {
                                if !hexside_pairs[*kind].contains(&pair) {
                                    hexside_pairs[*kind].push(pair);
                                }
                            }
                        }
                    }
                }
                MapKind::Area(a) => {
                    for (ai, area) in a.areas.iter().enumerate() {
                        let site = format!("{p}{}", area.name);
                        locations.push_str(&format!("#{site}|"));
                        for slot in a.slots(ai) {
                            locations.push_str(&format!("{p}{}|", a.slot_name(ai, slot)));
                        }
                        if !terrain_sites[area.terrain].contains(&site) {
                            terrain_sites[area.terrain].push(site);
                        }
                    }
                }
            }
        }
        let mut globals = vec![Global {
            name: LOCATIONS.into(),
            description: "Combat: every location, grouped by site (#site|location|…)".into(),
            initial: locations,
            numeric: false,
            button: None,
        }];

        // Terrain and hexsides with combat effects.
        let terrain_ids: Vec<TerrainId> = (0..g.terrain.len())
            .filter(|t| {
                let e = g.terrain[*t].combat;
                (e.halve_attack || e.double_defence || e.shift != 0 || e.no_retreat)
                    && !terrain_sites[*t].is_empty()
            })
            .collect();
        let names = unique_idents(terrain_ids.iter().map(|t| ident(&g.terrain[*t].id)));
        let mut terrain = Vec::new();
        for (t, n) in terrain_ids.iter().zip(names) {
            let property = format!("CombatTerrain_{n}");
            globals.push(Global {
                name: property.clone(),
                description: format!("Combat: sites with {}", g.terrain[*t].name),
                initial: format!("|{}|", terrain_sites[*t].join("|")),
                numeric: false,
                button: None,
            });
            let e = g.terrain[*t].combat;
            terrain.push(Effect {
                property,
                name: g.terrain[*t].name.clone(),
                halve: e.halve_attack,
                double: e.double_defence,
                shift: e.shift,
                no_retreat: e.no_retreat,
                all_shift: 0,
                across: None,
            });
        }
        let hexside_ids: Vec<usize> = (0..g.hexside_terrain.len())
            .filter(|h| {
                let x = &g.hexside_terrain[*h];
                (x.shift_if_all_across != 0 || x.halve_if_any_across)
                    && !hexside_pairs[*h].is_empty()
            })
            .collect();
        let names = unique_idents(hexside_ids.iter().map(|h| ident(&g.hexside_terrain[*h].id)));
        let mut hexsides = Vec::new();
        for (h, n) in hexside_ids.iter().zip(names) {
            let x = &g.hexside_terrain[*h];
            let property = format!("CombatHexsides_{n}");
            globals.push(Global {
                name: property.clone(),
                description: format!("Combat: hexsides of {} (both directions)", x.name),
                initial: format!("|{}|", hexside_pairs[*h].join("|")),
                numeric: false,
                button: None,
            });
            hexsides.push(Effect {
                property,
                name: x.name.clone(),
                halve: x.halve_if_any_across,
                double: false,
                shift: 0,
                no_retreat: false,
                all_shift: x.shift_if_all_across,
                across: Some((
                    format!("CombatAcross_{n}"),
                    format!("CombatAcrossCount_{n}"),
                )),
            });
        }

        // Weather: from the turn tracker when the turns carry it, else a property players set.
        let uses_weather = g
            .crts
            .iter()
            .any(|c| c.modifiers.iter().any(|m| m.weather.is_some()));
        let tracker_weather = g.turns.iter().any(|t| t.weather.is_some());
        let mut weather_step = None;
        if uses_weather {
            if tracker_weather {
                let labels = turn_labels(g);
                let w_names = unique_idents(g.weather.iter().map(|w| ident(&w.id)));
                let mut e = lit("");
                for (wi, w) in g.weather.iter().enumerate().rev() {
                    let turns: Vec<&str> = g
                        .turns
                        .iter()
                        .zip(&labels)
                        .filter(|(t, _)| t.weather == Some(wi))
                        .map(|(_, l)| l.as_str())
                        .collect();
                    if turns.is_empty() {
                        continue;
                    }
                    let property = format!("CombatWeatherTurns_{}", w_names[wi]);
                    globals.push(Global {
                        name: property.clone(),
                        description: format!("Combat: turns with {} weather", w.name),
                        initial: format!("|{}|", turns.join("|")),
                        numeric: false,
                        button: None,
                    });
                    e = format!(
                        "{property}.contains(\"|\" + Turn + \"|\") ? {} : {e}",
                        lit(&w.name)
                    );
                }
                weather_step = Some(braced(&e));
            } else {
                let names: Vec<&str> = g.weather.iter().map(|w| w.name.as_str()).collect();
                globals.push(Global {
                    name: "Weather".into(),
                    description: "The weather in force (for combat)".into(),
                    initial: names.first().map(|s| s.to_string()).unwrap_or_default(),
                    numeric: false,
                    button: Some((
                        "Weather…".into(),
                        "Set the weather in force".into(),
                        encode_or_empty(
                            &[
                                "E".to_string(),
                                "Weather in force".to_string(),
                                encode_or_empty(&names, ','),
                            ],
                            ',',
                        ),
                    )),
                });
                weather_step = Some(braced("Weather"));
            }
        }

        // Shared steps.
        let a = ATTACKER;
        let d = DEFENDER;
        let mut shared = Vec::new();
        let step = |property: &str, expression: String, shared: &mut Vec<Step>| {
            shared.push(Step {
                property: property.to_string(),
                key: format!("CombatStep_{property}"),
                expression,
            });
        };
        step("CombatAttackers", braced(&count(&maps, a)), &mut shared);
        step("CombatDefenders", braced(&count(&maps, d)), &mut shared);
        step(
            "CombatAttackTotal",
            braced(&sum(&maps, ATTACK_FACTOR, a)),
            &mut shared,
        );
        step(
            "CombatDefenceTotal",
            braced(&sum(&maps, DEFENCE_FACTOR, d)),
            &mut shared,
        );
        step(
            "CombatDefenderCode",
            braced(&format!(
                "CombatDefenders > 0 ? {} / CombatDefenders : -1",
                sum(&maps, SITE, d)
            )),
            &mut shared,
        );
        step(
            "CombatDefenderAt",
            braced(&format!(
                "CombatDefenderCode >= 0 && {LOCATIONS}.startsWith(\"#\", CombatDefenderCode) \
                 ? {LOCATIONS}.substring(CombatDefenderCode + 1, \
                 {LOCATIONS}.indexOf(\"|\", CombatDefenderCode)) : \"\""
            )),
            &mut shared,
        );
        step("CombatElsewhere", braced(&sum(&maps, AWAY, d)), &mut shared);
        if supply_layer {
            step(
                "CombatOutOfSupply",
                braced(&sum(&maps, UNSUPPLIED, a)),
                &mut shared,
            );
        }
        if let Some(e) = weather_step {
            step("CombatWeather", e, &mut shared);
        }
        for h in &hexsides {
            if let Some((piece, global)) = &h.across {
                step(global, braced(&sum(&maps, piece, a)), &mut shared);
            }
        }

        // Dice.
        let mut dice: Vec<(String, String, Dice)> = Vec::new();
        for c in &g.crts {
            if !dice.iter().any(|(_, _, x)| *x == c.dice) {
                dice.push((
                    format!("CombatDie{}", c.dice),
                    format!("CombatRoll{}", c.dice),
                    c.dice,
                ));
            }
        }

        let mut combat = Self {
            maps,
            multi_map,
            supply_layer,
            terrain,
            hexsides,
            globals,
            shared,
            tables: Vec::new(),
            dice,
        };
        let crt_names = unique_idents(g.crts.iter().map(|c| ident(&c.id)));
        let several = g.crts.iter().filter(|c| !c.columns.is_empty()).count() > 1;
        for (k, crt) in g.crts.iter().enumerate() {
            if crt.columns.is_empty() {
                continue;
            }
            let t = combat.table(g, k, crt, &crt_names[k], several);
            combat.tables.push(t);
        }
        Some(combat)
    }

    /// `"|" + <the piece's location key> + "|"` as the piece's expressions write it.
    fn place(&self) -> &'static str {
        if self.multi_map {
            "CurrentMap + \"/\" + LocationName"
        } else {
            "LocationName"
        }
    }

    /// The steps, report and keys of one table.
    fn table(&mut self, g: &Game, k: usize, crt: &Crt, name: &str, several: bool) -> TablePlan {
        let n = crt.columns.len();
        let labels: Vec<String> = crt.labels.iter().map(|l| lit(l)).collect();
        let column_label = |index: &str| by_index(index, &labels);
        let in_terrain =
            |e: &Effect| format!("{}.contains(\"|\" + CombatDefenderAt + \"|\")", e.property);
        let (dice_property, dice_key) = self
            .dice
            .iter()
            .find(|(_, _, x)| *x == crt.dice)
            .map(|(n, k, _)| (format!("{n}_result"), k.clone()))
            .unwrap_or_default();

        // Modifiers: in force by their condition, or declared by the players.
        let mut auto: Vec<(&Modifier, String)> = Vec::new();
        let mut declared: Vec<(&Modifier, String)> = Vec::new();
        let mod_names = unique_idents(crt.modifiers.iter().map(|m| ident(&m.id)));
        for (m, mn) in crt.modifiers.iter().zip(&mod_names) {
            let weather = m.weather.map(|w| g.weather[w].name.clone());
            let oos_auto = !m.attacker_out_of_supply || self.supply_layer;
            if (m.weather.is_some() || m.attacker_out_of_supply) && oos_auto {
                if m.shift_factor.is_some() {
                    continue; // needs a supporting unit and a condition: not applied
                }
                let mut parts = Vec::new();
                if let Some(w) = weather {
                    parts.push(format!("CombatWeather == {}", lit(&w)));
                }
                if m.attacker_out_of_supply {
                    parts.push("CombatOutOfSupply > 0".to_string());
                }
                auto.push((m, format!("({})", parts.join(" && "))));
            } else {
                let property = format!("CombatDeclared_{name}_{mn}");
                let (text, prompt) = match m.shift_factor {
                    Some(f) => (
                        format!("{}…", m.name),
                        format!(
                            "{}: total {} of the supporting units (0 = none)",
                            m.name, g.factors[f].name
                        ),
                    ),
                    None => (
                        format!("{}…", m.name),
                        format!("{}: how many times does it apply? (0 = not at all)", m.name),
                    ),
                };
                let text = if several {
                    format!("{}: {text}", crt.title)
                } else {
                    text
                };
                self.globals.push(Global {
                    name: property.clone(),
                    description: format!("Combat ({}): {}", crt.title, m.name),
                    initial: "0".into(),
                    numeric: true,
                    button: Some((
                        text,
                        format!("Declare before resolving: {}", m.name),
                        encode_or_empty(&["R", prompt.as_str()], ','),
                    )),
                });
                declared.push((m, property));
            }
        }
        let column_choice = (crt.kind == CrtKind::Column).then(|| {
            let property = format!("CombatColumnChoice_{name}");
            let text = if several {
                format!("{}: column…", crt.title)
            } else {
                "Column…".to_string()
            };
            self.globals.push(Global {
                name: property.clone(),
                description: format!("Combat ({}): the column players chose", crt.title),
                initial: String::new(),
                numeric: false,
                button: Some((
                    text,
                    format!("Choose the column of {}", crt.title),
                    encode_or_empty(
                        &[
                            "E".to_string(),
                            format!("Column of {}", crt.title),
                            encode_or_empty(&crt.labels, ','),
                        ],
                        ',',
                    ),
                )),
            });
            property
        });

        let mut steps = Vec::new();
        let mut step = |property: &str, expression: String| {
            steps.push(Step {
                property: property.to_string(),
                key: format!("CombatStep_{name}_{property}"),
                expression,
            });
        };

        // Halvings and doublings, with their causes.
        let mut halve_terms = Vec::new();
        let mut halve_causes = Vec::new();
        let mut double_terms = Vec::new();
        let mut double_causes = Vec::new();
        for e in &self.terrain {
            let cond = in_terrain(e);
            if e.halve {
                halve_terms.push(format!("({cond} ? 1 : 0)"));
                halve_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {}", e.name))
                ));
            }
            if e.double {
                double_terms.push(format!("({cond} ? 1 : 0)"));
                double_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {}", e.name))
                ));
            }
        }
        for e in &self.hexsides {
            if let (true, Some((_, count))) = (e.halve, &e.across) {
                halve_terms.push(format!("({count} > 0 ? 1 : 0)"));
                halve_causes.push(format!(
                    "({count} > 0 ? {} : \"\")",
                    lit(&format!(", attack across {}", e.name))
                ));
            }
        }
        for (m, cond) in &auto {
            if m.halve_attack {
                halve_terms.push(format!("({cond} ? 1 : 0)"));
                halve_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {}", m.name))
                ));
            }
        }
        for (m, property) in &declared {
            if m.halve_attack {
                halve_terms.push(format!("({property} > 0 ? 1 : 0)"));
                halve_causes.push(format!(
                    "({property} > 0 ? {} : \"\")",
                    lit(&format!(", {}", m.name))
                ));
            }
        }
        let sum_of = |terms: &[String]| {
            if terms.is_empty() {
                "0".to_string()
            } else {
                terms.join(" + ")
            }
        };
        let concat = |terms: &[String]| {
            let mut v = vec![lit("")];
            v.extend(terms.iter().cloned());
            v.join(" + ")
        };
        let computes = crt.kind != CrtKind::Column;
        if computes {
            step("CombatHalvings", braced(&sum_of(&halve_terms)));
            step("CombatHalvedBy", braced(&concat(&halve_causes)));
            step("CombatDoublings", braced(&sum_of(&double_terms)));
            step("CombatDoubledBy", braced(&concat(&double_causes)));
            let attack = if halve_terms.is_empty() {
                "CombatAttackTotal".to_string()
            } else if crt.halve_up {
                "(CombatAttackTotal + (1 << CombatHalvings) - 1) / (1 << CombatHalvings)".into()
            } else {
                "CombatAttackTotal / (1 << CombatHalvings)".into()
            };
            step("CombatAttack", braced(&attack));
            let defence = if double_terms.is_empty() {
                "CombatDefenceTotal".to_string()
            } else {
                "CombatDefenceTotal * (1 << CombatDoublings)".into()
            };
            step("CombatDefence", braced(&defence));
        }

        // What stops the resolution.
        let mut problem = format!(
            "CombatAttackers == 0 ? {} : CombatDefenders == 0 ? {} : CombatElsewhere > 0 ? {} \
             : CombatDefenderCode < 0 ? {} : ",
            // Only the game maps count: a unit marked in an off-map box is not part of it.
            lit("mark at least one attacker on the map"),
            lit("mark the defender on the map"),
            lit("the marked defenders are not all in one location"),
            lit("the defender is not on a map location"),
        );
        if crt.kind == CrtKind::Odds {
            problem.push_str(&format!(
                "CombatDefence < 1 ? {} : ",
                lit("the defence is 0")
            ));
        }
        if let Some(choice) = &column_choice {
            problem.push_str(&format!(
                "{choice} == \"\" ? {} : ",
                lit("choose the column first (Combat modifiers menu)")
            ));
        }
        problem.push_str("\"\"");
        step(PROBLEM, braced(&problem));

        // Column.
        let column = match crt.kind {
            CrtKind::Odds => {
                let mut e = "0".to_string();
                for (i, c) in crt.columns.iter().enumerate().skip(1) {
                    if let CrtColumn::Odds {
                        attack, defence, ..
                    } = c
                    {
                        e = format!(
                            "CombatAttack * {defence} >= {attack} * CombatDefence ? {i} : {e}"
                        );
                    }
                }
                e
            }
            CrtKind::Differential => {
                let mut e = "0".to_string();
                for (i, c) in crt.columns.iter().enumerate().skip(1) {
                    if let CrtColumn::Difference { value, .. } = c {
                        e = format!("CombatAttack - CombatDefence >= {value} ? {i} : {e}");
                    }
                }
                e
            }
            CrtKind::Column => {
                let choice = column_choice.clone().unwrap_or_default();
                let mut e = "0".to_string();
                for (i, l) in crt.labels.iter().enumerate().rev() {
                    e = format!("{choice} == {} ? {i} : {e}", lit(l));
                }
                e
            }
        };
        step("CombatColumn", braced(&column));

        // Shifts, with their causes.
        let mut shift_terms = Vec::new();
        let mut shift_causes = Vec::new();
        for e in &self.terrain {
            if e.shift != 0 {
                let cond = in_terrain(e);
                shift_terms.push(format!("({cond} ? {} : 0)", e.shift));
                shift_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {} {}", e.name, signed(e.shift)))
                ));
            }
        }
        for e in &self.hexsides {
            if let (true, Some((_, count))) = (e.all_shift != 0, &e.across) {
                let cond = format!("({count} == CombatAttackers && CombatAttackers > 0)");
                shift_terms.push(format!("({cond} ? {} : 0)", e.all_shift));
                shift_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(
                        ", every attacker across {} {}",
                        e.name,
                        signed(e.all_shift)
                    ))
                ));
            }
        }
        for (m, cond) in &auto {
            if m.shift != 0 {
                shift_terms.push(format!("({cond} ? {} : 0)", m.shift));
                shift_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {} {}", m.name, signed(m.shift)))
                ));
            }
        }
        for (m, property) in &declared {
            let by = if m.shift_factor.is_some() {
                if m.shift < 0 {
                    format!("(0 - {property})")
                } else {
                    property.clone()
                }
            } else if m.shift != 0 {
                format!("({property} * {})", m.shift)
            } else {
                continue;
            };
            shift_terms.push(by.clone());
            shift_causes.push(format!(
                "({property} > 0 ? {} + ({by} >= 0 ? \"+\" : \"\") + {by} : \"\")",
                lit(&format!(", {} ", m.name))
            ));
        }
        step("CombatShift", braced(&sum_of(&shift_terms)));
        step("CombatShiftCauses", braced(&concat(&shift_causes)));
        let last = n - 1;
        step(
            "CombatFinal",
            braced(&format!(
                "CombatColumn + CombatShift < 0 ? 0 : CombatColumn + CombatShift > {last} ? \
                 {last} : CombatColumn + CombatShift"
            )),
        );

        // Result.
        let mut result = lit("");
        for row in crt.rows.iter().rev() {
            let cells: Vec<String> = (0..n)
                .map(|i| lit(row.results.get(i).map_or("", String::as_str)))
                .collect();
            let test = if row.low == row.high {
                format!("{dice_property} == {}", row.low)
            } else {
                format!(
                    "{dice_property} >= {} && {dice_property} <= {}",
                    row.low, row.high
                )
            };
            result = format!("{test} ? {} : {result}", by_index("CombatFinal", &cells));
        }
        step("CombatResult", braced(&result));
        let notes: Vec<String> = self
            .terrain
            .iter()
            .filter(|e| e.no_retreat)
            .map(|e| {
                format!(
                    "({} ? {} : \"\")",
                    in_terrain(e),
                    lit(&format!(", {}", e.name))
                )
            })
            .collect();
        step("CombatNotes", braced(&concat(&notes)));

        // The chat line.
        let prefix = if several {
            format!("{}: ", crt.title)
        } else {
            String::new()
        };
        let strength = "\"Attack \" + CombatAttackTotal + (CombatHalvings > 0 ? \" halved to \" + \
             CombatAttack + \" (\" + CombatHalvedBy.substring(2) + \")\" : \"\") + \" vs \" + \
             CombatDefenceTotal + (CombatDoublings > 0 ? \" doubled to \" + CombatDefence + \
             \" (\" + CombatDoubledBy.substring(2) + \")\" : \"\")";
        let column_text = match crt.kind {
            CrtKind::Odds => format!("{strength} + \" = \" + {}", column_label("CombatColumn")),
            CrtKind::Differential => format!(
                "{strength} + \", difference \" + (CombatAttack - CombatDefence >= 0 ? \"+\" : \
                 \"\") + (CombatAttack - CombatDefence) + \" = \" + {}",
                column_label("CombatColumn")
            ),
            CrtKind::Column => format!("\"Column \" + {}", column_label("CombatColumn")),
        };
        let mut meanings = lit("");
        for (code, meaning) in crt.results.iter().rev() {
            meanings = format!(
                "CombatResult == {} ? {} : {meanings}",
                lit(code),
                lit(&format!(" ({})", short_meaning(meaning)))
            );
        }
        let report = format!(
            "{PROBLEM} != \"\" ? {} + {PROBLEM} + \".\" : {} + {column_text} + \
             (CombatShiftCauses != \"\" ? CombatShiftCauses + \" → \" + {} : \"\") + \
             \", roll \" + {dice_property} + \": \" + CombatResult + ({meanings}) + \
             (CombatNotes != \"\" ? \"; defender in \" + CombatNotes.substring(2) + \
             \": a step loss instead of a retreat\" : \"\")",
            lit(&format!("{prefix}combat not resolved: ")),
            lit(&prefix),
            column_label("CombatFinal"),
        );

        let resets: Vec<Step> = declared
            .iter()
            .map(|(_, property)| Step {
                property: property.clone(),
                key: format!("CombatReset_{property}"),
                expression: braced(&format!("{PROBLEM} == \"\" ? 0 : {property}")),
            })
            .collect();
        let report_key = format!("CombatReport_{name}");
        let mut keys = vec![dice_key];
        keys.extend(self.shared.iter().map(|s| s.key.clone()));
        keys.extend(steps.iter().map(|s| s.key.clone()));
        keys.push(report_key.clone());
        keys.push(KEY_CLEAR_RESOLVED.into());
        keys.extend(resets.iter().map(|s| s.key.clone()));
        TablePlan {
            crt: k,
            button: if several {
                format!("Resolve: {}", crt.title)
            } else {
                RESOLVE_BUTTON.into()
            },
            report_key,
            report: braced(&report),
            steps,
            resets,
            keys,
        }
    }

    /// The prototype every unit that can fight carries.
    pub fn prototype(&self) -> Prototype {
        let place = self.place();
        let mut traits = vec![
            role_property(),
            role_label(),
            calc(
                SITE,
                &braced(&format!(
                    "{LOCATIONS}.lastIndexOf(\"#\", {LOCATIONS}.indexOf(\"|\" + {place} + \"|\"))"
                )),
                "Position of the unit's site in CombatLocations (-1: none)",
            ),
            calc(
                AWAY,
                &braced(&format!("{SITE} == CombatDefenderCode ? 0 : 1")),
                "1 when the unit is not at the defenders' site",
            ),
        ];
        if self.supply_layer {
            traits.push(calc(
                UNSUPPLIED,
                &braced("Supply_Active == true ? 1 : 0"),
                "1 when the Out of Supply marker shows",
            ));
        }
        for h in &self.hexsides {
            if let Some((piece, _)) = &h.across {
                traits.push(calc(
                    piece,
                    &braced(&format!(
                        "{}.contains(\"|\" + {place} + \"/\" + CombatDefenderAt + \"|\") ? 1 : 0",
                        h.property
                    )),
                    &format!("1 when the unit attacks the defender across {}", h.name),
                ));
            }
        }
        Prototype {
            name: PROTO_COMBAT.into(),
            description: "Units that can be marked as attacker or defender".into(),
            traits,
        }
    }

    /// Every step of every table with its expression (shared steps once), the reports and
    /// the piece expressions: what a syntax check walks.
    pub fn expressions(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .shared
            .iter()
            .map(|s| (s.key.clone(), s.expression.clone()))
            .collect();
        for t in &self.tables {
            out.extend(
                t.steps
                    .iter()
                    .map(|s| (s.key.clone(), s.expression.clone())),
            );
            out.extend(
                t.resets
                    .iter()
                    .map(|s| (s.key.clone(), s.expression.clone())),
            );
            out.push((t.report_key.clone(), t.report.clone()));
        }
        for tr in &self.prototype().traits {
            if let Some(body) = tr.kind.strip_prefix("calcProp;") {
                let f = crate::vassal::encoder::decode(body, ';');
                out.push((f[0].clone(), f[1].clone()));
            }
        }
        out
    }

    /// The module's combat global properties, with the hidden step buttons and the visible
    /// buttons of the declared modifiers (for the module's `GlobalProperties`).
    pub fn global_properties(&self) -> Vec<Node> {
        let mut nodes: Vec<Node> = Vec::new();
        let mut by_property: Vec<(String, Vec<&Step>)> = Vec::new();
        let all_steps = self.shared.iter().chain(
            self.tables
                .iter()
                .flat_map(|t| t.steps.iter().chain(&t.resets)),
        );
        for s in all_steps {
            match by_property.iter_mut().find(|(p, _)| *p == s.property) {
                Some((_, v)) => v.push(s),
                None => by_property.push((s.property.clone(), vec![s])),
            }
        }
        for g in &self.globals {
            let mut node = global_node(&g.name, &g.description, &g.initial, g.numeric);
            if let Some((text, tooltip, changer)) = &g.button {
                node.push(change_button(
                    text,
                    tooltip,
                    "",
                    changer,
                    "$description$: $newValue$",
                ));
            }
            if let Some((_, steps)) = by_property.iter().find(|(p, _)| *p == g.name) {
                for s in steps {
                    node.push(step_button(s));
                }
            }
            nodes.push(node);
        }
        for (property, steps) in &by_property {
            if self.globals.iter().any(|g| g.name == *property) {
                continue;
            }
            let mut node = global_node(property, &format!("Combat step: {property}"), "", false);
            for s in steps {
                node.push(step_button(s));
            }
            nodes.push(node);
        }
        nodes
    }

    /// The toolbar: hidden dice, report buttons and the guarded clear; the visible clear
    /// button, the resolve button(s) and the modifiers menu.
    pub fn toolbar(&self, game: &Game) -> Vec<Node> {
        let mut out = Vec::new();
        for (name, key, d) in &self.dice {
            out.push(hidden_dice(name, key, d));
        }
        for t in &self.tables {
            out.push(
                do_action(
                    &format!("Combat report: {}", game.crts[t.crt].title),
                    "",
                    "",
                    &named(&t.report_key),
                )
                .attr("doReport", true)
                .attr("reportFormat", &t.report),
            );
        }
        out.push(clear_marks(
            "Clear marks after a resolved combat",
            "",
            KEY_CLEAR_RESOLVED,
            &format!("{ROLE} != \"\" && {PROBLEM} == \"\""),
        ));
        out.push(clear_marks(
            CLEAR_BUTTON,
            CLEAR_BUTTON,
            KEY_CLEAR_ALL,
            &format!("{ROLE} != \"\""),
        ));
        let mut resolve_texts = Vec::new();
        for t in &self.tables {
            let keys: Vec<String> = t.keys.iter().map(|k| named(k)).collect();
            out.push(
                do_action(
                    &t.button,
                    &t.button,
                    &format!(
                        "Resolve the marked combat on the {} and report it",
                        game.crts[t.crt].title
                    ),
                    "",
                )
                .attr("doHotkey", true)
                .attr("hotkeys", encode_or_empty(&keys, ',')),
            );
            resolve_texts.push(t.button.clone());
        }
        if resolve_texts.len() > 1 {
            out.push(toolbar_menu(
                RESOLVE_BUTTON,
                "Resolve the marked combat on a table",
                &resolve_texts,
            ));
        }
        let menu: Vec<String> = self
            .globals
            .iter()
            .filter_map(|g| g.button.as_ref().map(|(text, _, _)| text.clone()))
            .collect();
        if !menu.is_empty() {
            out.push(toolbar_menu(
                MODIFIERS_MENU,
                "Weather, modifiers and columns players declare before resolving",
                &menu,
            ));
        }
        out
    }

    /// A section of the help page on resolving combat.
    pub fn help(&self, game: &Game, p: &mut Page) {
        p.heading(3, "Combat");
        let resolve = if self.tables.len() > 1 {
            format!("choose the table in the {RESOLVE_BUTTON} menu")
        } else {
            format!("press {RESOLVE_BUTTON}")
        };
        p.list(&[
            "Right-click each attacking unit and choose Mark as attacker (an A shows on the \
             counter), and the defending unit or units, Mark as defender (D)."
                .to_string(),
            format!(
                "Set what only the players know (leaders, air support, the weather when the \
                 turns do not give it) in the {MODIFIERS_MENU} menu, if the table has any."
            ),
            format!(
                "Then {resolve}: the module totals the marked factors on the faces shown, \
                 applies the defender's terrain, rivers and other hexsides, the weather, \
                 supply and the declared modifiers, rolls the dice and writes the whole \
                 resolution on one line of the chat log; then it clears the marks."
            ),
            format!(
                "Clear combat mark removes one mark; {CLEAR_BUTTON} on the toolbar removes \
                 them all."
            ),
        ]);
        let tables: Vec<String> = self
            .tables
            .iter()
            .map(|t| {
                let c = &game.crts[t.crt];
                let kind = match c.kind {
                    CrtKind::Odds => "odds, rounded in the defender's favour",
                    CrtKind::Differential => "attack minus defence",
                    CrtKind::Column => "the column chosen in the Combat modifiers menu",
                };
                format!("{}: {kind}, {}", c.title, c.dice)
            })
            .collect();
        p.list(&tables);
    }
}

fn global_node(name: &str, description: &str, initial: &str, numeric: bool) -> Node {
    let node = Node::new(format!("{B}properties.GlobalProperty"))
        .attr("name", name)
        .attr("description", description)
        .attr("initialValue", initial)
        .attr("isNumeric", numeric)
        .attr("wrap", false);
    if numeric {
        node.attr("min", 0).attr("max", 99)
    } else {
        node.attr("min", "").attr("max", "")
    }
}

fn change_button(text: &str, tooltip: &str, key: &str, changer: &str, report: &str) -> Node {
    Node::new(format!("{B}properties.ChangePropertyButton"))
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", key)
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("reportFormat", report)
        .attr("propChanger", changer)
}

/// A hidden (text-less) button that sets a step's property when its key is sent.
fn step_button(s: &Step) -> Node {
    change_button(
        "",
        "",
        &named(&s.key),
        &encode_or_empty(&["P", s.expression.as_str()], ','),
        "",
    )
}

fn hidden_dice(name: &str, key: &str, d: &Dice) -> Node {
    Node::new(format!("{B}DiceButton"))
        .attr("name", name)
        .attr("text", "")
        .attr("tooltip", "")
        .attr("icon", "")
        .attr("hotkey", named(key))
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("disabledIcon", "")
        .attr("nDice", d.count)
        .attr("nSides", d.sides)
        .attr("plus", 0)
        .attr("addToTotal", 0)
        .attr("reportTotal", true)
        .attr("reportFormat", "")
        .attr("prompt", false)
        .attr("lockDice", false)
        .attr("lockSides", false)
        .attr("lockPlus", false)
        .attr("lockAdd", false)
        .attr("sortDice", false)
        .attr("keepDice", false)
        .attr("keepOption", ">")
        .attr("keepCount", 1)
}

fn do_action(name: &str, text: &str, tooltip: &str, hotkey: &str) -> Node {
    Node::new(format!("{B}DoActionButton"))
        .attr("name", name)
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", hotkey)
        .attr("canDisable", false)
        .attr("propertyGate", "")
        .attr("hideWhenDisabled", false)
        .attr("disabledIcon", "")
        .attr("doReport", false)
        .attr("reportFormat", "")
        .attr("doSound", false)
        .attr("soundClip", "")
        .attr("doHotkey", false)
        .attr("hotkeys", "")
        .attr("doLoop", false)
        .attr("loopType", "counted")
        .attr("loopCount", 1)
        .attr("whileExpression", "")
        .attr("untilExpression", "")
        .attr("preLoopKey", "")
        .attr("postLoopKey", "")
        .attr("index", false)
        .attr("indexProperty", "")
        .attr("indexStart", 1)
        .attr("indexStep", 1)
}

fn clear_marks(name: &str, text: &str, key: &str, filter: &str) -> Node {
    Node::new(format!("{B}GlobalKeyCommand"))
        .attr("name", name)
        .attr("buttonText", text)
        .attr(
            "tooltip",
            if text.is_empty() {
                ""
            } else {
                "Take the attacker and defender marks off every unit"
            },
        )
        .attr("icon", "")
        .attr("buttonHotkey", named(key))
        .attr("hotkey", named(KEY_CLEAR))
        .attr("filter", braced(filter))
        .attr("deckCount", -1)
        .attr("reportSingle", true)
        .attr("reportFormat", "")
        .attr("singleMap", false)
        .attr("suppressSounds", false)
        .attr("target", "MODULE|false|MAP|||||0|0||false|||EQUALS")
        .attr("canDisable", false)
        .attr("propertyGate", "")
}

fn toolbar_menu(text: &str, tooltip: &str, items: &[String]) -> Node {
    Node::new(format!("{B}ToolbarMenu"))
        .attr("description", text)
        .attr("text", text)
        .attr("tooltip", tooltip)
        .attr("icon", "")
        .attr("hotkey", "")
        .attr("menuItems", encode_or_empty(items, ','))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::encoder::decode;

    fn mini() -> Game {
        crate::testgame::mini()
    }

    #[test]
    fn literals_and_meanings() {
        assert_eq!(lit(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        assert_eq!(
            short_meaning("Defender retreats: the attacker moves the unit."),
            "Defender retreats"
        );
        assert_eq!(
            short_meaning("Each side loses a unit. Nobody scores."),
            "Each side loses a unit"
        );
        assert_eq!(short_meaning("defender eliminated"), "defender eliminated");
        assert_eq!(
            by_index("i", &["\"a\"".into(), "\"b\"".into(), "\"c\"".into()]),
            "(i == 0 ? \"a\" : i == 1 ? \"b\" : \"c\")"
        );
        assert_eq!(unique_idents(["a".into(), "a".into()]), ["a", "a_2"]);
    }

    #[test]
    fn the_mini_game_gets_lookups_steps_and_one_resolve_button() {
        let game = mini();
        let plan = Plan::new(&game).expect("plan");
        let c = Combat::new(&plan).expect("the game has a CRT");
        let global = |name: &str| {
            c.globals
                .iter()
                .find(|g| g.name == name)
                .unwrap_or_else(|| panic!("no {name}"))
                .initial
                .clone()
        };
        assert!(global(LOCATIONS).starts_with("#0101|0101|#0201|0201|"));
        assert_eq!(global(LOCATIONS).matches('#').count(), 30);
        assert_eq!(global("CombatTerrain_forest"), "|0301|0202|0302|0304|");
        assert_eq!(global("CombatTerrain_city"), "|0203|0503|");
        assert!(global("CombatHexsides_river").contains("|0303/0403|0403/0303|"));
        assert_eq!(global("CombatWeatherTurns_mud"), "|Turn 2 — Mud|");
        assert_eq!(c.tables.len(), 1);
        let t = &c.tables[0];
        assert_eq!(t.button, RESOLVE_BUTTON);
        assert_eq!(t.keys.first().map(String::as_str), Some("CombatRoll1d6"));
        let tail: Vec<&str> = t.keys.iter().rev().take(2).map(String::as_str).collect();
        assert_eq!(tail, [KEY_CLEAR_RESOLVED, t.report_key.as_str()]);
        // Every step's new value survives the `P,value` encoding.
        for s in c.shared.iter().chain(&t.steps) {
            let node = step_button(s);
            let changer = decode(&node.attrs["propChanger"], ',');
            assert_eq!(changer, ["P".to_string(), s.expression.clone()]);
            assert!(s.expression.starts_with('{') && s.expression.ends_with('}'));
        }
    }

    #[test]
    fn without_weather_on_the_turns_players_set_it_and_without_tables_nothing_is_added() {
        let mut game = mini();
        for t in &mut game.turns {
            t.weather = None;
        }
        let plan = Plan::new(&game).expect("plan");
        let c = Combat::new(&plan).expect("the game has a CRT");
        let w = c
            .globals
            .iter()
            .find(|g| g.name == "Weather")
            .expect("Weather");
        let (text, _, changer) = w.button.clone().expect("a button");
        assert_eq!(text, "Weather…");
        assert_eq!(
            decode(&changer, ','),
            ["E", "Weather in force", "Clear,Mud"]
        );
        let step = c.shared.iter().find(|s| s.property == "CombatWeather");
        assert_eq!(step.map(|s| s.expression.as_str()), Some("{Weather}"));
        assert!(c
            .globals
            .iter()
            .all(|g| !g.name.starts_with("CombatWeatherTurns")));
        let menu = c.toolbar(&game);
        assert!(menu
            .iter()
            .any(|n| n.attrs.get("text").map(String::as_str) == Some(MODIFIERS_MENU)));

        game.crts.clear();
        let plan = Plan::new(&game).expect("plan");
        assert!(Combat::new(&plan).is_none());
        let red = game.counter_index("red-1").expect("red-1");
        assert!(!takes_part(&game, red));
    }

    #[test]
    fn the_mark_commands_and_factor_properties_decode() {
        let game = mini();
        let role = role_property();
        let fields = decode(role.kind.strip_prefix("PROP;").expect("PROP"), ';');
        assert_eq!(fields[0], ROLE);
        let commands: Vec<Vec<String>> = decode(&fields[2], ',')
            .iter()
            .map(|c| decode(c, ':'))
            .collect();
        assert_eq!(commands.len(), 3);
        assert_eq!(commands[0][0], "Mark as attacker");
        assert_eq!(commands[0][1], "0,0,CombatMarkAttacker");
        assert_eq!(decode(&commands[0][2], ','), ["P", "A"]);
        assert_eq!(decode(&commands[2][2], ','), ["P", ""]);
        let label = role_label();
        assert_eq!(label.state, "$CombatRole$");
        assert_eq!(
            decode(label.kind.strip_prefix("label;").expect("label"), ';').len(),
            18
        );
        let red = game.counter_index("red-1").expect("red-1");
        assert!(takes_part(&game, red));
        assert!(!takes_part(&game, game.counter_index("oos").expect("oos")));
        let calcs: Vec<Vec<String>> = factor_traits(&game, red)
            .iter()
            .map(|t| decode(t.kind.strip_prefix("calcProp;").expect("calcProp"), ';'))
            .collect();
        assert_eq!(calcs[0][..2], [ATTACK_FACTOR, "{Step_Level == 2 ? 2 : 4}"]);
        assert_eq!(calcs[1][..2], [DEFENCE_FACTOR, "{Step_Level == 2 ? 2 : 4}"]);
    }
}
