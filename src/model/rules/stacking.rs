//! Stacking and entry: the limits on what may stand together in a location, the terrain only
//! some units may enter, and the check of both over a location's stack, prepared once a game.

use super::*;

/// A stacking limit.
#[derive(Debug, Clone, Serialize)]
pub struct StackingLimit {
    /// Rule text.
    pub name: String,
    /// Limit.
    pub max: u32,
    /// Units counted (see [`StackingLimit::counts`]: markers only when named).
    pub units: Selector,
    /// Points per unit size name (absent = 1).
    pub points: Vec<(String, u32)>,
    /// Only in these terrains (empty = everywhere).
    pub terrain: Vec<TerrainId>,
    /// Only in these hex sets (map, set index; empty = everywhere).
    pub hex_sets: Vec<(MapId, usize)>,
    /// Not in these terrains.
    pub except_terrain: Vec<TerrainId>,
    /// Not in these hex sets.
    pub except_hex_sets: Vec<(MapId, usize)>,
    /// Only in hexes on a rail line.
    pub rail: bool,
    /// Only when no other combat unit is present.
    pub alone: bool,
}

/// Terrain only some units may enter (`[[rules.entry]]`).
#[derive(Debug, Clone, Serialize)]
pub struct EntryLimit {
    /// Rule text.
    pub name: String,
    /// Terrains or features it applies in.
    pub terrain: Vec<TerrainId>,
    /// Hex sets it applies in (map, set index).
    pub hex_sets: Vec<(MapId, usize)>,
    /// Units concerned.
    pub units: Selector,
    /// Those allowed in.
    pub only: Selector,
}

impl EntryLimit {
    /// Whether the rule bars `counter` from a location with these terrains and hex-set
    /// memberships.
    pub fn bars(
        &self,
        game: &Game,
        counter: CounterId,
        terrains: &[TerrainId],
        sets: &[(MapId, usize)],
    ) -> bool {
        let here = self.terrain.iter().any(|t| terrains.contains(t))
            || self.hex_sets.iter().any(|s| sets.contains(s));
        here && self.units.matches(game, counter) && !self.only.matches(game, counter)
    }
}

/// A stacking limit broken in one location.
#[derive(Debug, Clone, Serialize)]
pub struct StackingViolation {
    /// The rule as players say it.
    pub rule: String,
    /// Its limit.
    pub max: u32,
    /// What was found, e.g. `2 units` or `3 points`.
    pub found: String,
    /// The counters the rule counted, with their points (1 a unit), or those it bars.
    pub counted: Vec<(crate::model::CounterId, u32)>,
}

/// The terrains (terrain and features) of a location, and the hex sets (map, set index) it
/// belongs to.
pub type LocationTerrain = (Vec<TerrainId>, Vec<(MapId, usize)>);

/// The terrains and hex sets of a location; `None` for pools and tracks.
pub fn location_terrain(game: &Game, loc: &crate::model::Location) -> Option<LocationTerrain> {
    let (map, at) = match loc {
        crate::model::Location::Hex { map, hex } => (*map, crate::model::map::PlaceAt::Hex(*hex)),
        crate::model::Location::Area { map, area, .. } => {
            (*map, crate::model::map::PlaceAt::Area(*area))
        }
        crate::model::Location::Pool(_) | crate::model::Location::Track { .. } => return None,
    };
    let terrains = match (&game.maps[map].kind, loc) {
        (crate::model::MapKind::Hex(h), crate::model::Location::Hex { hex, .. }) => {
            let x = h.hex(*hex);
            std::iter::once(x.terrain)
                .chain(x.features.iter().copied())
                .collect()
        }
        (crate::model::MapKind::Area(a), crate::model::Location::Area { area, .. }) => {
            vec![a.areas[*area].terrain]
        }
        _ => Vec::new(),
    };
    let sets = game.maps[map]
        .hex_sets
        .iter()
        .enumerate()
        .filter(|(_, s)| s.members.contains(&at))
        .map(|(i, _)| (map, i))
        .collect();
    Some((terrains, sets))
}

/// A game's stacking limits (`[[rules.stacking]]`) and entry rules (`[[rules.entry]]`),
/// made ready to judge many locations: the rail hexes of each hex map as a table (when a
/// limit holds on rail lines only), and the hex sets that any of the rules names (the only
/// memberships that matter). Judging a location then costs the same whatever the size of
/// the map, its rail net and its hex sets.
#[derive(Debug, Clone)]
pub struct Stacking<'g> {
    game: &'g Game,
    /// Per map, whether each hex (by dense index) lies on a rail line; empty for area maps,
    /// and for all maps when no limit asks.
    rail: Vec<Vec<bool>>,
    /// The hex sets the limits and entry rules name, once each.
    named_sets: Vec<(MapId, usize)>,
}

impl<'g> Stacking<'g> {
    /// Prepare the rules of `game` (linear in the hexes and rail hexes when a limit holds on
    /// rail lines only; nothing more otherwise).
    pub fn new(game: &'g Game) -> Self {
        let rules = &game.rules;
        let rail = if rules.stacking.iter().any(|l| l.rail) {
            game.maps
                .iter()
                .map(|m| match &m.kind {
                    crate::model::MapKind::Hex(h) => {
                        let mut on = vec![false; h.geometry.len()];
                        for c in h.rails.iter().flat_map(|r| &r.hexes) {
                            if h.geometry.contains(*c) {
                                on[h.geometry.index(*c)] = true;
                            }
                        }
                        on
                    }
                    crate::model::MapKind::Area(_) => Vec::new(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut named_sets: Vec<(MapId, usize)> = Vec::new();
        for s in rules
            .stacking
            .iter()
            .flat_map(|l| l.hex_sets.iter().chain(&l.except_hex_sets))
            .chain(rules.entry.iter().flat_map(|e| &e.hex_sets))
        {
            if !named_sets.contains(s) {
                named_sets.push(*s);
            }
        }
        Self {
            game,
            rail,
            named_sets,
        }
    }

    /// Stacking limits broken by `counters` standing together in `loc`, and entry rules
    /// broken by any of them standing there (empty for pools and track displays). The same
    /// answers as judging the location with its full [`location_terrain`].
    pub fn violations(
        &self,
        loc: &crate::model::Location,
        counters: &[crate::model::CounterId],
    ) -> Vec<StackingViolation> {
        let game = self.game;
        let (map, at) = match loc {
            crate::model::Location::Hex { map, hex } => {
                (*map, crate::model::map::PlaceAt::Hex(*hex))
            }
            crate::model::Location::Area { map, area, .. } => {
                (*map, crate::model::map::PlaceAt::Area(*area))
            }
            crate::model::Location::Pool(_) | crate::model::Location::Track { .. } => {
                return Vec::new()
            }
        };
        let mut out = Vec::new();
        if game.rules.stacking.is_empty() && game.rules.entry.is_empty() {
            return out;
        }
        let terrains: Vec<TerrainId> = match (&game.maps[map].kind, loc) {
            (crate::model::MapKind::Hex(h), crate::model::Location::Hex { hex, .. }) => {
                let x = h.hex(*hex);
                std::iter::once(x.terrain)
                    .chain(x.features.iter().copied())
                    .collect()
            }
            (crate::model::MapKind::Area(a), crate::model::Location::Area { area, .. }) => {
                vec![a.areas[*area].terrain]
            }
            _ => Vec::new(),
        };
        // The named hex sets the location belongs to: for the rules, the same as all of them.
        let sets: Vec<(MapId, usize)> = self
            .named_sets
            .iter()
            .copied()
            .filter(|&(m, i)| {
                m == map
                    && game.maps[m]
                        .hex_sets
                        .get(i)
                        .is_some_and(|s| s.members.contains(&at))
            })
            .collect();
        let on_rail = || match loc {
            crate::model::Location::Hex { map, hex } => match &game.maps[*map].kind {
                crate::model::MapKind::Hex(h) => self.rail.get(*map).is_some_and(|on| {
                    h.geometry.contains(*hex) && on.get(h.geometry.index(*hex)) == Some(&true)
                }),
                crate::model::MapKind::Area(_) => false,
            },
            _ => false,
        };
        for limit in &game.rules.stacking {
            if !limit.applies(&terrains, &sets, on_rail) {
                continue;
            }
            // Each counter matched once; the counted list is built only for a violation.
            let points_of = |c: crate::model::CounterId| {
                let size = game.class_of(c).size.map(|s| s.as_str());
                limit
                    .points
                    .iter()
                    .find(|(k, _)| Some(k.as_str()) == size)
                    .map_or(1, |(_, p)| *p)
            };
            let mut points: u32 = 0;
            let mut other_combat = false;
            for &c in counters {
                if limit.counts(game, c) {
                    points += points_of(c);
                } else if game.is_combat(c) {
                    other_combat = true;
                }
            }
            if limit.alone && other_combat {
                continue;
            }
            if points > limit.max {
                let counted: Vec<(crate::model::CounterId, u32)> = counters
                    .iter()
                    .copied()
                    .filter(|c| limit.counts(game, *c))
                    .map(|c| (c, points_of(c)))
                    .collect();
                out.push(limit.violation(points, counted));
            }
        }
        entry_violations(game, counters, &terrains, &sets, &mut out);
        out
    }
}

impl StackingLimit {
    /// Whether the limit counts `counter` where it stands: a unit its selector matches. A
    /// marker (a supply centre's owner, a track's marker, a depot) is not a unit: it counts
    /// only for a limit whose selector names its type or class (one depot per hex).
    pub fn counts(&self, game: &Game, counter: crate::model::CounterId) -> bool {
        self.units.matches(game, counter)
            && (!game.is_marker(counter)
                || !self.units.types.is_empty()
                || !self.units.classes.is_empty())
    }

    /// Whether the limit applies where the terrain is `terrains` and the location belongs to
    /// the named hex sets `sets` (`on_rail` asked only for a limit on rail lines).
    pub(super) fn applies(
        &self,
        terrains: &[TerrainId],
        sets: &[(MapId, usize)],
        on_rail: impl FnOnce() -> bool,
    ) -> bool {
        (self.terrain.is_empty() || self.terrain.iter().any(|t| terrains.contains(t)))
            && (self.hex_sets.is_empty() || self.hex_sets.iter().any(|s| sets.contains(s)))
            && !self.except_terrain.iter().any(|t| terrains.contains(t))
            && !self.except_hex_sets.iter().any(|s| sets.contains(s))
            && (!self.rail || on_rail())
    }

    /// The violation of a stack counting `points` (`counted`: each matching counter's).
    pub(super) fn violation(
        &self,
        points: u32,
        counted: Vec<(CounterId, u32)>,
    ) -> StackingViolation {
        let unit = if self.points.is_empty() {
            "unit"
        } else {
            "point"
        };
        StackingViolation {
            rule: self.name.clone(),
            max: self.max,
            found: format!("{points} {unit}{}", if points == 1 { "" } else { "s" }),
            counted,
        }
    }
}

/// The entry rules `counters` break where the terrain is `terrains` and the location
/// belongs to `sets`: one violation per rule, naming the first counter barred.
pub(super) fn entry_violations(
    game: &Game,
    counters: &[CounterId],
    terrains: &[TerrainId],
    sets: &[(MapId, usize)],
    out: &mut Vec<StackingViolation>,
) {
    for rule in &game.rules.entry {
        let barred: Vec<_> = counters
            .iter()
            .filter(|c| rule.bars(game, **c, terrains, sets))
            .collect();
        if let Some(first) = barred.first() {
            let class = game.class_of(**first);
            let what = class
                .size
                .map_or_else(|| class.name.clone(), |s| s.as_str().to_string());
            out.push(StackingViolation {
                rule: rule.name.clone(),
                max: 0,
                found: if barred.len() == 1 {
                    format!("1 unit barred ({what})")
                } else {
                    format!("{} units barred ({what}, …)", barred.len())
                },
                counted: barred.iter().map(|c| (**c, 1)).collect(),
            });
        }
    }
}
