//! Schema of the rules of games of written orders' variants: units of many factors,
//! isolation, industrial points, ice (`[[rules.frozen]]`) and hidden fractions of units.

use super::*;

/// `[rules.multi-factor]`: units of any whole strength on a province board.
///
/// ```toml
/// [rules.multi-factor]
/// strength = "strength"        # the factor printing what each counter is worth
/// neutrals = ["neutral"]       # sides whose garrisons never move or support
/// full-gain = ["swi"]          # neutral garrisons that still let a 3:1 winner gain
/// isolation = { reach = 7, to = "home-centres" }
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MultiFactor {
    /// The `[[factor]]` whose value on a counter's class is the factors it holds (a counter
    /// without it holds 1).
    pub strength: Option<Spanned<String>>,
    /// Sides whose units never move or support, may be supported, and are eliminated when
    /// forced to retreat; a 3:1 win against them gains nothing.
    #[serde(default)]
    pub neutrals: Vec<Spanned<String>>,
    /// Provinces whose neutral garrison still lets a 3:1 winner gain a factor.
    #[serde(default)]
    pub full_gain: Vec<Spanned<String>>,
    /// Isolation after the turns of `[rules.control]`: units that cannot trace a line to a
    /// source are removed.
    pub isolation: Option<Isolation>,
}

/// `isolation = { reach = 7, to = "home-centres" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Isolation {
    /// Longest line, in provinces entered.
    pub reach: Spanned<u32>,
    /// What a line is traced to: `home-centres` (a home supply centre the unit's power
    /// controls) or `centres` (any supply centre it controls).
    pub to: Spanned<String>,
}

/// `[rules.industry]`: industrial points (IPs).
///
/// ```toml
/// [rules.industry]
/// points = { england = "england-ip" }       # side → its track of home IPs
/// squadrons = { england = "england-air" }   # side → its track of aircraft squadrons
/// provinces = { bel = 2, hol = 2 }          # IPs a province gives whoever controls it
/// costs = { supply = 1, build = 2, squadron = 2, factory = 4 }
/// bombing = 5                               # attackers' surplus per IP bombed
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Industry {
    /// Each side's track of the IPs of its home country.
    pub points: IndexMap<Spanned<String>, Spanned<String>>,
    /// Each side's track of squadrons.
    #[serde(default)]
    pub squadrons: IndexMap<Spanned<String>, Spanned<String>>,
    /// Provinces outside the home countries and the IPs each gives the power controlling it.
    #[serde(default)]
    pub provinces: IndexMap<Spanned<String>, Spanned<u32>>,
    /// What a winter's IPs buy (defaults: supply 1, build 2, squadron 2, factory 4).
    #[serde(default)]
    pub costs: IndexMap<Spanned<String>, Spanned<u32>>,
    /// Squadrons of the attackers' surplus over a country per IP it loses (default 5).
    pub bombing: Option<Spanned<u32>>,
    /// The counters that mark a power's IPs captured with one of its home centres (each worth
    /// its strength factor): they lie in the centre, count for whoever holds it, and go back
    /// to the power's track when it takes the centre back.
    #[serde(default)]
    pub captured: Vec<Spanned<String>>,
}

/// `[[rules.frozen]]`: provinces frozen in some turns (a polar sea in winter).
///
/// ```toml
/// [[rules.frozen]]
/// name = "The Arctic ice"
/// provinces = ["aro", "bar", "arc", "lap", "ice"]
/// turns = ["january", "february", "march", "april"]   # turns, or seasons of [calendar]
/// no-convoy-to = ["ice"]      # armies are not convoyed there while frozen
/// builds = ["arc"]            # frozen provinces where builds are still allowed
/// ```
///
/// While a province is frozen: a fleet in it may not move or support; no fleet may move
/// into it, support a unit in it, or support a move into it; an army may move into it only
/// when no unit stands there as the phase begins (and may always leave it); no fleet
/// retreats into it; no unit is built in it unless `builds` names it. Hidden fractional
/// units (`[rules.fractions]`) are not held by ice.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Frozen {
    /// What the ice is called in reports (default `frozen`).
    pub name: Option<String>,
    /// The provinces (ids) that freeze.
    pub provinces: Vec<Spanned<String>>,
    /// The turns they are frozen: turn ids, or seasons of the `[calendar]` (each of its turns).
    pub turns: Vec<Spanned<String>>,
    /// Frozen provinces no army may be convoyed to while frozen.
    #[serde(default)]
    pub no_convoy_to: Vec<Spanned<String>>,
    /// Frozen provinces where units may still be built.
    #[serde(default)]
    pub builds: Vec<Spanned<String>>,
}

/// `[rules.fractions]`: hidden fractional units.
///
/// ```toml
/// [rules.fractions]
/// parts = 3                  # a unit disperses into at least 3 parts, none over 1/3
/// boarding = true            # army fractions may ride fleets
/// limit = { units = 2, before = "march-1915" }   # dispersed units per power before a turn
/// pieces = [{ counter = "austrian-army-third", size = "1/3" }]
/// ```
///
/// A unit ordered to disperse stands for the phase (it may be attacked and dislodged; the
/// dispersal happens all the same) and leaves the board as parts of its size, each in a
/// different province it could move to. Parts are seen only by their owner, move as units
/// of their kind but through any unit, and are never attacked; a move fails only when more
/// than a whole unit of parts would stand in one province. Parts of one power and kind in
/// a province or next to it may reform a unit there, which moves in like a unit from
/// nowhere (supportable, never cut). Parts never own supply centres and never count as
/// units.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Fractions {
    /// Fewest parts a unit disperses into; no part is larger than 1/parts (default 3).
    pub parts: Option<Spanned<u32>>,
    /// Army fractions in a coastal province may board a fleet in a sea next to it, ride it
    /// unseen and disembark (fewer than a whole unit aboard one fleet).
    #[serde(default)]
    pub boarding: bool,
    /// At most `units` units' worth of parts per power before the turn `before`.
    pub limit: Option<FractionLimit>,
    /// The counters that show parts in the module: each one power's part of a kind and size.
    #[serde(default)]
    pub pieces: Vec<FractionPiece>,
}

/// `limit = { units = 2, before = "march-1915" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FractionLimit {
    /// Units' worth of parts a power may have.
    pub units: Spanned<u32>,
    /// The first turn without the limit.
    pub before: Spanned<String>,
}

/// `{ counter = "austrian-army-third", size = "1/3" }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FractionPiece {
    /// The counter (its nation's side owns the part, its unit type moves as army or fleet).
    pub counter: Spanned<String>,
    /// The part of a unit it shows, e.g. `"1/3"`.
    pub size: Spanned<String>,
}
