//! The terrain a battle is fought over, read from the map: the defender's terrain and
//! features and country, and the hexsides between the defender and the attackers (crossed by all, or by
//! any).

use serde::Serialize;

use crate::model::{CountryId, Game, HexsideTerrainId, Location, MapKind, TerrainId};

/// The terrain a battle is fought over: the defender's terrain and the hexsides crossed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Battlefield {
    /// The defender's terrain and features.
    pub defender_terrain: Vec<TerrainId>,
    /// Hexside terrains between every attacker and the defender.
    pub all_across: Vec<HexsideTerrainId>,
    /// Hexside terrains between at least one attacker and the defender.
    pub any_across: Vec<HexsideTerrainId>,
    /// The country of the defender's hex.
    pub defender_country: Option<CountryId>,
}

/// Work out the terrain inputs from where the defender and the attackers stand. Attackers
/// not adjacent to the defender's hex cross no hexside (so nothing is across for *all*).
pub fn battlefield(game: &Game, defender: &Location, attackers: &[Location]) -> Battlefield {
    let mut out = Battlefield::default();
    match *defender {
        Location::Hex { map, hex } => {
            let MapKind::Hex(h) = &game.maps[map].kind else {
                return out;
            };
            let x = h.hex(hex);
            out.defender_country = x.country;
            out.defender_terrain.push(x.terrain);
            for f in &x.features {
                if !out.defender_terrain.contains(f) {
                    out.defender_terrain.push(*f);
                }
            }
            let crossed: Vec<Vec<HexsideTerrainId>> = attackers
                .iter()
                .map(|a| match *a {
                    Location::Hex { map: am, hex: ah }
                        if am == map && h.geometry.adjacent(ah, hex) =>
                    {
                        h.hexside(ah, hex).iter().map(|(t, _)| *t).collect()
                    }
                    _ => Vec::new(),
                })
                .collect();
            for c in &crossed {
                for t in c {
                    if !out.any_across.contains(t) {
                        out.any_across.push(*t);
                    }
                }
            }
            if !crossed.is_empty() {
                out.all_across = out
                    .any_across
                    .iter()
                    .copied()
                    .filter(|t| crossed.iter().all(|c| c.contains(t)))
                    .collect();
            }
        }
        Location::Area { map, area, .. } => {
            if let MapKind::Area(a) = &game.maps[map].kind {
                out.defender_terrain.push(a.areas[area].terrain);
            }
        }
        Location::Pool(_) | Location::Track { .. } => {}
    }
    out
}
