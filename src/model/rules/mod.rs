//! Rule parameters, resolved: what the helpers interpret.
//!
//! This file holds who a rule concerns ([`Selector`]), places by name or tag and [`Rules`],
//! which gathers them all; each family of rules has its file: stacking and entry
//! (`stacking.rs`), zones of control and supply (`supply.rs`), control (`control.rs`), the
//! Control Phase (`control_phase.rs`), victory (`victory.rs`) and the variants of games of
//! written orders (`written_orders.rs`).

use serde::Serialize;

use super::table::Dice;
use super::{
    ClassId, CounterId, CountryId, FactorId, Game, HexsideTerrainId, MapId, NationId, SideId,
    TerrainId, TrackId, TurnId, UnitKind, UnitTypeId,
};

mod control;
mod control_phase;
mod stacking;
mod supply;
mod victory;
mod written_orders;

pub use control::*;
pub use control_phase::*;
pub use stacking::*;
pub use supply::*;
pub use victory::*;
pub use written_orders::*;

/// Which units a rule concerns.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Selector {
    /// Unit types (empty = any).
    pub types: Vec<UnitTypeId>,
    /// Unit types excluded.
    pub except_types: Vec<UnitTypeId>,
    /// Combat or non-combat only.
    pub combat: Option<bool>,
    /// Nations (empty = any).
    pub nations: Vec<NationId>,
    /// Classes (empty = any).
    pub classes: Vec<ClassId>,
    /// Flags the class must all have.
    pub flags: Vec<String>,
    /// Flags the class must not have.
    pub except_flags: Vec<String>,
    /// Unit sizes (empty = any).
    pub sizes: Vec<String>,
    /// Unit sizes excluded.
    pub except_sizes: Vec<String>,
}

impl Selector {
    /// Whether a counter matches. A type matches its own id and every broader type it
    /// counts as.
    pub fn matches(&self, game: &Game, counter: super::CounterId) -> bool {
        let class = game.class_of(counter);
        if let Some(c) = self.combat {
            if game.unit_types[class.unit_type].combat != c {
                return false;
            }
        }
        if !self.types.is_empty() && !type_chain_meets(game, class.unit_type, &self.types) {
            return false;
        }
        if type_chain_meets(game, class.unit_type, &self.except_types) {
            return false;
        }
        if !self.nations.is_empty() && !class.nation.is_some_and(|n| self.nations.contains(&n)) {
            return false;
        }
        if !self.classes.is_empty() && !self.classes.contains(&game.counters[counter].class) {
            return false;
        }
        if !self.flags.iter().all(|f| class.has_flag(f)) {
            return false;
        }
        if self.except_flags.iter().any(|f| class.has_flag(f)) {
            return false;
        }
        let size = class.size.map(|s| s.as_str());
        if !self.sizes.is_empty() && !size.is_some_and(|s| self.sizes.iter().any(|x| x == s)) {
            return false;
        }
        if size.is_some_and(|s| self.except_sizes.iter().any(|x| x == s)) {
            return false;
        }
        true
    }
}

/// Whether `unit_type` or a broader type it counts as (however far up) is in `types`; a
/// cycle of `counts-as` ends the chain where it repeats. No allocation: selectors are
/// matched for every unit by every helper.
pub fn type_chain_meets(game: &Game, unit_type: UnitTypeId, types: &[UnitTypeId]) -> bool {
    if types.is_empty() {
        return false;
    }
    // The chain has at most as many distinct types as the game has: walking that many steps
    // visits all of them, whether or not it runs into a cycle.
    let mut t = unit_type;
    for _ in 0..=game.unit_types.len() {
        if types.contains(&t) {
            return true;
        }
        match game.unit_types[t].counts_as {
            Some(up) => t = up,
            None => return false,
        }
    }
    false
}

/// Places of some names or tags within some countries.
#[derive(Debug, Clone, Serialize)]
pub struct PlaceFilter {
    /// Names or tags.
    pub places: Vec<String>,
    /// Only in these countries (empty: anywhere).
    pub countries: Vec<CountryId>,
    /// Not in these countries.
    pub except_countries: Vec<CountryId>,
}

impl PlaceFilter {
    /// Whether a place in `country` matches.
    pub fn matches(&self, place: &super::map::Place, country: Option<CountryId>) -> bool {
        self.places
            .iter()
            .any(|w| *w == place.name || place.tags.contains(w))
            && (self.countries.is_empty() || country.is_some_and(|c| self.countries.contains(&c)))
            && !country.is_some_and(|c| self.except_countries.contains(&c))
    }
}

/// All rule parameters.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Rules {
    /// Stacking.
    pub stacking: Vec<StackingLimit>,
    /// Zones of control.
    pub zoc: Option<ZocRules>,
    /// Supply.
    pub supply: Option<SupplyRules>,
    /// Control.
    pub control: Option<ControlRules>,
    /// Victory.
    pub victory: Vec<Victory>,
    /// What markers do where they lie.
    pub markers: Vec<MarkerEffect>,
    /// The Control Phase.
    pub control_phase: Option<ControlPhaseRules>,
    /// Attrition.
    pub attrition: Option<AttritionRules>,
    /// Levels of victory.
    pub victory_levels: Option<VictoryLevels>,
    /// Units of many factors on a province board.
    pub multi_factor: Option<MultiFactorRules>,
    /// Industrial points.
    pub industry: Option<IndustryRules>,
    /// Provinces frozen in some turns.
    pub frozen: Vec<FrozenRules>,
    /// Hidden fractional units.
    pub fractions: Option<FractionRules>,
    /// Terrain only some units may enter.
    pub entry: Vec<EntryLimit>,
    /// Victory points.
    pub victory_points: Vec<VictoryPoints>,
}

impl Rules {
    /// The entry rules barring `counter` from a location with these terrains and hex sets.
    pub fn barred<'r>(
        &'r self,
        game: &'r Game,
        counter: CounterId,
        terrains: &'r [TerrainId],
        sets: &'r [(MapId, usize)],
    ) -> impl Iterator<Item = &'r EntryLimit> + 'r {
        self.entry
            .iter()
            .filter(move |e| e.bars(game, counter, terrains, sets))
    }
}

impl Rules {
    /// The effect declared for a marker class.
    pub fn marker_effect(&self, class: ClassId) -> Option<&MarkerEffect> {
        self.markers.iter().find(|m| m.class == class)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::Stacking;
    use crate::model::{CounterId, Game, Location, MapKind};
    use crate::testgame;

    /// The stacking check as it was before [`Stacking`] (per location, a scan of every rail
    /// line and hex set): the reference the prepared one must agree with.
    fn reference_violations(
        game: &Game,
        loc: &crate::model::Location,
        counters: &[crate::model::CounterId],
    ) -> Vec<super::StackingViolation> {
        let Some((terrains, sets)) = super::location_terrain(game, loc) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let on_rail = match loc {
            crate::model::Location::Hex { map, hex } => match &game.maps[*map].kind {
                crate::model::MapKind::Hex(h) => h.rails.iter().any(|r| r.hexes.contains(hex)),
                crate::model::MapKind::Area(_) => false,
            },
            _ => false,
        };
        for limit in &game.rules.stacking {
            if !limit.applies(&terrains, &sets, || on_rail) {
                continue;
            }
            let selected: Vec<_> = counters
                .iter()
                .copied()
                .filter(|c| limit.counts(game, *c))
                .collect();
            if limit.alone
                && counters
                    .iter()
                    .any(|c| game.is_combat(*c) && !selected.contains(c))
            {
                continue;
            }
            let counted: Vec<(crate::model::CounterId, u32)> = selected
                .iter()
                .map(|c| {
                    let size = game.class_of(*c).size.map(|s| s.as_str());
                    let p = limit
                        .points
                        .iter()
                        .find(|(k, _)| Some(k.as_str()) == size)
                        .map_or(1, |(_, p)| *p);
                    (*c, p)
                })
                .collect();
            let points: u32 = counted.iter().map(|(_, p)| p).sum();
            if points > limit.max {
                out.push(limit.violation(points, counted));
            }
        }
        super::entry_violations(game, counters, &terrains, &sets, &mut out);
        out
    }

    /// Both checks agree on every stack of `stacks`.
    fn agree(game: &Game, stacks: &BTreeMap<Location, Vec<CounterId>>) -> usize {
        let prepared = Stacking::new(game);
        let mut found = 0;
        for (loc, counters) in stacks {
            let new = prepared.violations(loc, counters);
            let old = reference_violations(game, loc, counters);
            assert_eq!(format!("{new:?}"), format!("{old:?}"), "at {loc:?}");
            found += new.len();
        }
        found
    }

    /// Stacks on every location of every map: a few counters of the game, chosen by the
    /// location's index, some twice.
    fn everywhere(game: &Game) -> BTreeMap<Location, Vec<CounterId>> {
        let n = game.counters.len();
        let mut stacks = BTreeMap::new();
        let mut k = 0;
        for (map, m) in game.maps.iter().enumerate() {
            let locations: Vec<Location> = match &m.kind {
                MapKind::Hex(h) => h
                    .geometry
                    .coords()
                    .map(|hex| Location::Hex { map, hex })
                    .collect(),
                MapKind::Area(a) => (0..a.areas.len())
                    .flat_map(|area| {
                        std::iter::once(crate::model::scenario::AreaSlot::Open)
                            .chain(
                                (1..=a.areas[area].boxes)
                                    .map(crate::model::scenario::AreaSlot::Box),
                            )
                            .map(move |slot| Location::Area { map, area, slot })
                    })
                    .collect(),
            };
            for loc in locations {
                k += 1;
                let stack = (0..1 + k % 4).map(|j| (k * 7 + j * 13) % n).collect();
                stacks.insert(loc, stack);
            }
        }
        stacks
    }

    /// The counts-as chain as `Selector::matches` collected it before `type_chain_meets`.
    fn reference_chain(game: &Game, unit_type: usize) -> Vec<usize> {
        let mut chain = vec![unit_type];
        let mut t = unit_type;
        while let Some(up) = game.unit_types[t].counts_as {
            if chain.contains(&up) {
                break;
            }
            chain.push(up);
            t = up;
        }
        chain
    }

    #[test]
    fn the_counts_as_chain_is_walked_as_it_was_collected() {
        let mut g = testgame::example("great-patriotic-war");
        let n = g.unit_types.len();
        // As written (guards and shock count as infantry), then with chains and a cycle:
        // every type counting as the next, the last as the first.
        for round in 0..3 {
            for t in 0..n {
                for u in 0..n {
                    for list in [vec![u], vec![u, (u + 1) % n], vec![]] {
                        let old = reference_chain(&g, t).iter().any(|x| list.contains(x));
                        assert_eq!(
                            super::type_chain_meets(&g, t, &list),
                            old,
                            "round {round}: type {t} in {list:?}"
                        );
                    }
                }
            }
            for t in 0..n {
                g.unit_types[t].counts_as = match round {
                    0 => (t + 1 < n).then_some(t + 1),
                    _ => Some((t + 1) % n),
                };
            }
        }
    }

    #[test]
    fn stacking_agrees_with_the_reference_on_the_test_games() {
        // The theatre fixture: points by size, terrain and hex-set limits, entry rules.
        let g = testgame::theatre();
        assert!(agree(&g, &everywhere(&g)) > 0);
        let g = testgame::mini();
        agree(&g, &everywhere(&g));
        let g = testgame::with_area_map();
        agree(&g, &everywhere(&g));
        // A rail-only limit, on the front with its rail lines.
        let text = testgame::large::front(40, 10).replace(
            "[rules]\n",
            "[rules]\n[[rules.stacking]]\nname = \"Rail\"\nmax = 1\nrail = true\nunits = { combat = true }\n",
        );
        let g = testgame::build(&[("game.toml", &text)]);
        assert!(g.rules.stacking.iter().any(|l| l.rail));
        assert!(agree(&g, &everywhere(&g)) > 0);
    }

    #[test]
    fn stacking_agrees_with_the_reference_on_the_example_games() {
        for id in [
            "great-patriotic-war",
            "great-european-war",
            "greek-civil-war",
            "diplomacy",
        ] {
            let g = testgame::example(id);
            agree(&g, &everywhere(&g));
        }
    }
}
