//! A game's province board as the adjudicator asks for it: the moves of each area and coast
//! from the model, names as orders write them (ids, names, aliases, `spa/nc`, `spa(nc)`,
//! `Spain (north coast)`), and the supply centres of a scenario.

use super::adjust::Centres;
use super::Board;
use crate::model::{AreaMap, Game, MapId, MapKind, Scenario, Site, TerrainKind};

/// A province board of a game.
#[derive(Debug, Clone, Copy)]
pub struct ProvinceBoard<'g> {
    /// The game.
    pub game: &'g Game,
    /// The map.
    pub map: MapId,
    /// Its areas.
    pub areas: &'g AreaMap,
}

impl<'g> ProvinceBoard<'g> {
    /// The board of a map, when it is a province board.
    pub fn of(game: &'g Game, map: MapId) -> Option<Self> {
        match &game.maps.get(map)?.kind {
            MapKind::Area(a) if a.is_board() => Some(Self {
                game,
                map,
                areas: a,
            }),
            _ => None,
        }
    }

    /// The game's first province board.
    pub fn first(game: &'g Game) -> Option<Self> {
        (0..game.maps.len()).find_map(|m| Self::of(game, m))
    }

    /// The site an id names.
    pub fn site(&self, id: &str) -> Option<Site> {
        self.areas.site(id)
    }

    /// The id of a site (`spa/nc`).
    pub fn site_id(&self, s: Site) -> String {
        self.areas.site_id(s)
    }

    /// Whether an area is a supply centre.
    pub fn is_centre(&self, province: &str) -> bool {
        self.site(province)
            .is_some_and(|s| self.areas.areas[s.area].supply_centre)
    }

    /// Every supply centre's id, in area order.
    pub fn centre_ids(&self) -> Vec<String> {
        self.areas
            .areas
            .iter()
            .filter(|a| a.supply_centre)
            .map(|a| a.id.clone())
            .collect()
    }

    /// The centres when a scenario starts: its owners, and every side's home centres (by
    /// side id).
    pub fn centres(&self, scenario: &Scenario) -> Centres {
        let mut c = Centres::default();
        for side in &self.game.sides {
            c.home.insert(
                side.id.clone(),
                side.home
                    .iter()
                    .filter(|(m, _)| *m == self.map)
                    .map(|(_, a)| self.areas.areas[*a].id.clone())
                    .collect(),
            );
        }
        for (m, a, s) in &scenario.owners {
            if *m == self.map {
                c.owner.insert(
                    self.areas.areas[*a].id.clone(),
                    self.game.sides[*s].id.clone(),
                );
            }
        }
        c
    }

    fn ids(&self, sites: &[Site]) -> Vec<String> {
        sites.iter().map(|s| self.site_id(*s)).collect()
    }
}

impl Board for ProvinceBoard<'_> {
    fn provinces(&self) -> Vec<String> {
        self.areas.areas.iter().map(|a| a.id.clone()).collect()
    }

    fn army_move(&self, from: &str, to: &str) -> bool {
        match (self.site(from), self.site(to)) {
            (Some(f), Some(t)) => self.areas.areas[f.area].army.contains(&t.area),
            _ => false,
        }
    }

    fn army_moves_from(&self, province: &str) -> Vec<String> {
        self.site(province).map_or_else(Vec::new, |s| {
            self.areas.areas[s.area]
                .army
                .iter()
                .map(|a| self.areas.areas[*a].id.clone())
                .collect()
        })
    }

    fn fleet_move(&self, from: &str, to: &str) -> bool {
        match (self.site(from), self.site(to)) {
            (Some(f), Some(t)) => self.areas.fleet_moves(f).contains(&t),
            _ => false,
        }
    }

    fn fleet_moves_from(&self, location: &str) -> Vec<String> {
        self.site(location)
            .map_or_else(Vec::new, |s| self.ids(self.areas.fleet_moves(s)))
    }

    fn fleet_locations(&self, province: &str) -> Vec<String> {
        self.site(province)
            .map_or_else(Vec::new, |s| self.ids(&self.areas.fleet_sites(s.area)))
    }

    fn is_sea(&self, province: &str) -> bool {
        self.site(province).is_some_and(|s| {
            self.game.terrain[self.areas.areas[s.area].terrain].kind == TerrainKind::Water
        })
    }

    fn resolve_name(&self, name: &str) -> Option<String> {
        let n = name.trim().to_ascii_lowercase();
        // `spa(nc)`, `Spain (north coast)`, `spa/nc`.
        let (province, coast) = match n.strip_suffix(')').and_then(|x| x.split_once('(')) {
            Some((p, c)) => (p.trim().to_string(), Some(c.trim().to_string())),
            None => match n.split_once('/') {
                Some((p, c)) => (p.trim().to_string(), Some(c.trim().to_string())),
                None => (n.clone(), None),
            },
        };
        let area = self.areas.areas.iter().position(|a| {
            a.id.eq_ignore_ascii_case(&province)
                || a.name.eq_ignore_ascii_case(&province)
                || a.aliases.contains(&province)
        });
        let Some(area) = area else {
            // A whole name that is an alias, or the full name of a coast.
            return self.areas.areas.iter().enumerate().find_map(|(i, a)| {
                a.coasts.iter().enumerate().find_map(|(c, _)| {
                    let s = Site {
                        area: i,
                        coast: Some(c),
                    };
                    self.areas
                        .site_name(s)
                        .eq_ignore_ascii_case(&n)
                        .then(|| self.site_id(s))
                })
            });
        };
        let a = &self.areas.areas[area];
        match coast {
            None => Some(a.id.clone()),
            Some(c) => a
                .coasts
                .iter()
                .position(|k| k.id.eq_ignore_ascii_case(&c) || k.name.eq_ignore_ascii_case(&c))
                .map(|k| {
                    self.site_id(Site {
                        area,
                        coast: Some(k),
                    })
                }),
        }
    }
}
