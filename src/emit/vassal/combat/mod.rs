//! Combat resolution inside the module, generated from the game's combat results tables.
//!
//! What a unit carries is in [`unit`] (the mark commands, the mark's label, the factors on
//! the face shown); the chain of global properties that resolves an attack in [`chain`],
//! written in the BeanShell expressions of [`expr`]; the chat line in [`report`]; the
//! toolbar, the modifiers menu and the help section in [`menus`]. This file holds the names
//! they share and the plan they fill in ([`Combat`]).
//!
//! # What a player does
//!
//! 1. Right-click each attacking unit → **Mark as attacker** (an `A` appears on the counter),
//!    and the defending unit(s) → **Mark as defender** (`D`). **Clear combat mark** takes a
//!    mark off one unit; the toolbar button **Clear Combat Marks** takes every mark off.
//! 2. If the table has modifiers only the players can know (a leader in range, air support,
//!    the attacker choosing a lower column), set them in the **Combat modifiers** menu. The
//!    module itself knows the defender's terrain and country, the weather, supply and the
//!    unit types of the marked attackers.
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
//! `shift-factor` one shifts by the value given (the supporting units' total factor), a
//! `per-count` one by its shift times the number of units given. A modifier naming
//! `unit-types` is not declared: the module counts the marked attackers whose `Type` marker is
//! one of those types or of a type counting as one (a `per-count` one shifts per unit, any
//! other is in force when there is one, as a mountain unit attacking), where the Rust helper
//! is told the count. A modifier limited to some attackers (`attacking-side`,
//! `attacking-nations`, and with a weather or supply condition `unit-types`) holds while a
//! marked attacker carries that `Side`, `Nation` or `Type` marker (snow helping one side's
//! attacks alone), where the Rust helper is told the attackers' side, nations and types.
//!
//! The conditions and cancellations of [`crate::helpers::crt::resolve`] are steps of their
//! own ([`modifiers`]): a modifier with `terrain` holds only when the defenders' site has
//! one of them (a lookup `CombatTerrain_<terrain>` for every terrain named, with a combat
//! effect or not), one with `countries` or `except-countries` by the defender's country
//! (`CombatDefenderCountry`, an index into the countries modifiers name, from a lookup
//! `CombatCountry_<country>` of every hex site in it; −1 for none of them, and on area
//! maps). `CombatIn_<table>_<modifier>` is 1 while a modifier is asked for (its condition
//! holds, it is declared, or its attackers are marked) and holds where the defender stands;
//! `CombatBy_<table>_<modifier>` is its shift while in force — no other modifier in force
//! `negates` it — capped at its `max-shift`, else 0. A terrain's shift is left out while a
//! modifier negating that terrain is in force. `CombatRight` and `CombatLeft` add up the
//! right and left shifts; `CombatShift` is their difference. The chat line gives every
//! shift with its cause and side, then what was not applied and why (cancelled by which
//! modifier, or a declared modifier whose terrain or country does not hold) in the words of
//! `sandtable crt`, and on a table with sides the net shift (`net shift +1: 4 right
//! (attacker) - 3 left (defender)`).
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
//! defender, stacking, zones of control and other rules the tables do not carry; what no
//! unit on the map shows (a fortification, air and fleet support, a concentric attack: the
//! players declare them) unless the table names the attackers' `unit-types`.

mod chain;
mod expr;
mod menus;
mod modifiers;
mod report;
mod unit;

use crate::model::{CountryId, Dice, TerrainId};

pub use expr::lit;
pub use unit::{attack_factor, defence_factor, factor_traits, takes_part};

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

/// Marker property every unit carries: the name of its unit type (see `counters`).
const TYPE_MARKER: &str = "Type";
/// Marker property every unit carries: the name of its nation, empty for none (see
/// `counters`).
const NATION_MARKER: &str = "Nation";
/// Marker property every unit carries: the name of its side (see `counters`).
const SIDE_MARKER: &str = "Side";
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
    /// The terrain (none for a hexside).
    terrain: Option<TerrainId>,
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
    /// The site lookup of every terrain with a combat effect or named by a modifier.
    terrain_lookup: Vec<(TerrainId, String)>,
    /// The countries modifiers name; `CombatDefenderCountry` is an index into it (−1: none
    /// of them).
    countries: Vec<CountryId>,
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

#[cfg(test)]
mod tests {
    use super::expr::{by_index, unique_idents};
    use super::menus::step_button;
    use super::report::chat_meaning;
    use super::unit::{role_label, role_property};
    use super::*;
    use crate::emit::vassal::plan::Plan;
    use crate::model::{table::Modifier, CombatSide, Game};
    use crate::vassal::encoder::decode;

    fn mini() -> Game {
        crate::testgame::mini()
    }

    #[test]
    fn literals_and_meanings() {
        assert_eq!(lit(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        // The whole meaning, never cut at its first colon or sentence.
        assert_eq!(
            chat_meaning("Defender retreats: the attacker moves the unit."),
            "Defender retreats: the attacker moves the unit"
        );
        assert_eq!(
            chat_meaning("Each side loses a unit.  Nobody\n scores."),
            "Each side loses a unit. Nobody scores"
        );
        assert_eq!(chat_meaning("defender eliminated"), "defender eliminated");
        assert_eq!(
            chat_meaning("Defender: spend 2 MP, or every unit retreats (22.0). Then…"),
            "Defender: spend 2 MP, or every unit retreats (22.0). Then…"
        );
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

    /// The mini game's table with a modifier for every key of a differential CRT's shifts:
    /// sides, a count capped and limited to a terrain and counted among the attackers of a
    /// unit type, a factor, weather in some countries or all but some, negation of
    /// modifiers and of a terrain's shift.
    fn every_shift_key() -> Game {
        let mut g = mini();
        let pos = |ids: Vec<&str>, of: &dyn Fn(&str) -> Option<usize>| -> Vec<usize> {
            ids.into_iter().map(|i| of(i).expect("known id")).collect()
        };
        let terrain = |i: &str| g.terrain_index(i);
        let country = |i: &str| g.countries.iter().position(|c| c.id == i);
        let unit_type = |i: &str| g.unit_types.iter().position(|t| t.id == i);
        let mud = g.weather.iter().position(|w| w.id == "mud");
        let base = |id: &str, side: Option<CombatSide>, shift: i64| Modifier {
            id: id.into(),
            name: id.to_uppercase(),
            weather: None,
            attacker_out_of_supply: false,
            shift,
            shift_factor: None,
            halve_attack: false,
            side,
            per_count: false,
            max_shift: None,
            terrain: Vec::new(),
            countries: Vec::new(),
            except_countries: Vec::new(),
            negates: Vec::new(),
            negates_terrain: Vec::new(),
            unit_types: Vec::new(),
            attacking_side: None,
            attacking_nations: Vec::new(),
        };
        let (att, def) = (Some(CombatSide::Attacker), Some(CombatSide::Defender));
        let mut fort = base("fort", def, -2);
        fort.negates = vec![2, 3];
        let mut mech = base("mech", att, 1);
        mech.per_count = true;
        mech.max_shift = Some(2);
        mech.terrain = pos(vec!["clear"], &terrain);
        mech.unit_types = pos(vec!["armour"], &unit_type);
        let conc = base("conc", att, 2);
        let mut air = base("air", def, -1);
        air.shift_factor = g.factor_index("attack");
        air.max_shift = Some(3);
        let mut cold = base("cold", def, -1);
        cold.weather = mud;
        cold.except_countries = pos(vec!["west"], &country);
        let mut thaw = base("thaw", def, -1);
        thaw.weather = mud;
        thaw.countries = pos(vec!["east"], &country);
        let mut climber = base("climber", att, 0);
        climber.unit_types = pos(vec!["infantry"], &unit_type);
        climber.negates = vec![5, 6];
        climber.negates_terrain = pos(vec!["forest"], &terrain);
        g.crts[0]
            .modifiers
            .extend([fort, mech, conc, air, cold, thaw, climber]);
        g
    }

    #[test]
    fn the_steps_of_every_shift_key() {
        let game = every_shift_key();
        let plan = Plan::new(&game).expect("plan");
        let c = Combat::new(&plan).expect("the game has a CRT");
        let mut out = Vec::new();
        for g in &c.globals {
            if g.name.starts_with("CombatCountry_") || g.name == "CombatTerrain_clear" {
                out.push(format!("{} = {}", g.name, g.initial));
            }
            if let Some((text, _, changer)) = &g.button {
                out.push(format!("menu {text}: {}", decode(changer, ',').join(" | ")));
            }
        }
        let t = &c.tables[0];
        for s in c.shared.iter().chain(&t.steps) {
            let new = [
                "CombatDefenderCountry",
                "CombatCount_",
                "CombatIn_",
                "CombatBy_",
                "CombatRight",
                "CombatLeft",
                "CombatShift",
                "CombatNotApplied",
                "CombatSided",
                "CombatHalv",
            ];
            if new.iter().any(|n| s.property.starts_with(n)) {
                out.push(format!("{} = {}", s.property, s.expression));
            }
        }
        out.push(format!("report = {}", t.report));
        // Declared ones are reset, counted ones are not declared.
        let resets: Vec<&str> = t.resets.iter().map(|s| s.property.as_str()).collect();
        assert_eq!(
            resets,
            [
                "CombatDeclared_crt_fort",
                "CombatDeclared_crt_conc",
                "CombatDeclared_crt_air"
            ]
        );
        insta::assert_snapshot!(out.join("\n"));
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
