//! Diplomacy: units on a board of provinces, written orders, and the adjudicator that decides
//! which orders succeed.
//!
//! | file | concern |
//! |---|---|
//! | [`board`] | a game's province board as the adjudicator asks for it |
//! | [`orders`] | the order notation (`A Par - Bur`, `F Lon S A Wal - Bel`, `F NTH C A Lon - Nwy`), parsed against a board's names |
//! | [`factors`] | multi-factor units: parts of a force ordered to attack (`a`), move (`M`) or both, battles per direction with losses by force ratio, movement by size, retreats where the larger wins |
//! | [`force_orders`] | winter orders (supply, build, squadrons, factories, gifts) and air orders of games with industry |
//! | [`forces`] | the phases of a multi-factor game adjudicated: orders matched to forces, battles and movement reported, retreats, winter, isolation after autumn |
//! | [`industry`] | industrial points and aircraft: the share a lost home centre takes; air battles with seeded losses; victory by industry |
//! | [`isolation`] | supply lines of at most so many provinces, free of other powers' units and centres, to a home or any controlled centre: each unit's line, or what blocked it |
//! | [`fractions`] | hidden parts of units: dispersals, parts' moves (failing only when a province would hold more than a unit of parts), units formed from parts as arrivals the resolver sees, boarding and riding fleets, each part order's result for its power alone, the rules of parts a position breaks |
//! | [`frozen`] | provinces frozen in some turns: the orders the ice forbids made void before the resolver runs, no fleet retreating and no build there |
//! | [`movement`] | a movement phase resolved: each order's outcome, dislodgements |
//! | [`retreat`] | the retreat phase: each dislodged unit's options and fate |
//! | [`adjust`] | the adjustment phase: builds and disbands against supply centres |
//! | [`position`] | where a game stands between two phases: turn, phase, units, centres, dislodged units and standoffs; from a position file, a scenario or a save, and written back |
//! | [`outcome`] | what a phase's adjudication reports of each order: outcome and why, unused orders, dislodged units, why a phase cannot be adjudicated |
//! | [`orders_file`] | orders files: one order per line, `#` comments, power headings or prefixes, located mistakes |
//! | [`adjudicate`] | one phase adjudicated by the calendar: every order's outcome and why, dislodgements, standoffs, adjustments, centres changing hands, victory, the next position |
//! | [`save`] | a VASSAL save of the game: the phase its tracker shows, the retreat situation it records, the save edited with the units moved, retreated, built and removed, the control markers changed and the tracker stepped |
//! | [`views`] | what each reader's save holds: the referee's everything, a power's no other power's hidden parts, unrevealed notes, private notes or roster entries, the public save none of them |
//!
//! The adjudicator asks the board only what the rules need ([`Board`]): which moves armies
//! and fleets can make, which provinces are sea, and a location's province. A unit's
//! strength is data (1 in the standard game), so a variant with stronger units needs no new
//! resolver.

pub mod adjudicate;
pub mod adjust;
pub mod board;
pub mod factors;
pub mod force_orders;
pub mod forces;
pub mod fractions;
pub mod frozen;
pub mod industry;
pub mod isolation;
pub mod movement;
pub mod order_notes;
pub mod orders;
pub mod orders_file;
pub mod outcome;
pub mod position;
pub mod retreat;
pub mod save;
pub mod views;

/// What the adjudicator needs to know of a board. Locations are ids in lower case: a
/// province (`par`) or a coast of one (`spa/nc`).
pub trait Board {
    /// The province a location belongs to (`spa` for `spa/nc`).
    fn province<'a>(&self, location: &'a str) -> &'a str {
        location.split('/').next().unwrap_or(location)
    }
    /// Whether an army may move from one province to the other.
    fn army_move(&self, from: &str, to: &str) -> bool;
    /// Every province an army in `province` may move to.
    fn army_moves_from(&self, province: &str) -> Vec<String>;
    /// Whether a fleet may move from one location to the other (coasts named).
    fn fleet_move(&self, from: &str, to: &str) -> bool;
    /// Every location a fleet at `location` may move to.
    fn fleet_moves_from(&self, location: &str) -> Vec<String>;
    /// The locations of a province a fleet may stand on: its coasts when it has several,
    /// else the province itself; none for an inland province.
    fn fleet_locations(&self, province: &str) -> Vec<String>;
    /// Whether a province is sea (a fleet there may convoy).
    fn is_sea(&self, province: &str) -> bool;
    /// The location id an order's name means (`Spain (north coast)`, `spa(nc)`, `SPA/NC`).
    fn resolve_name(&self, name: &str) -> Option<String>;
    /// The board's provinces (their ids), for a did-you-mean and for examples of orders in
    /// a hint; none by default.
    fn provinces(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The most factors a force, an order or a build may name: orders and positions beyond it are
/// mistakes, and sums of forces stay far from overflow.
pub const MAX_FACTORS: u32 = 9_999;

/// The most IPs or squadrons a position, a track or an order may name.
pub const MAX_IPS: u32 = 999_999;

/// A number as orders and positions write one: decimal digits only (no sign, no space), from
/// 1 to `most`.
pub fn count(text: &str, most: u32) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>().ok().filter(|n| (1..=most).contains(n))
}

/// Army or fleet: the game's unit types say which each moves as.
pub use crate::model::UnitKind;

/// A unit on the board.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Unit {
    /// The power it belongs to.
    pub power: String,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Its location (a fleet on a split coast names the coast).
    pub location: String,
    /// Its strength: what it adds to an attack, a defence or a support (1 in the standard
    /// game).
    pub strength: u32,
}

impl Unit {
    /// A standard unit of strength 1.
    pub fn new(power: &str, kind: UnitKind, location: &str) -> Self {
        Self {
            power: power.to_string(),
            kind,
            location: location.to_string(),
            strength: 1,
        }
    }
}
