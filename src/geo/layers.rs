//! The terrain and country layers: every hex's nineteen sample points are classified (sea,
//! lake, or land with the regions that cover it), then the hex decides — water when most of
//! its points are, else its land terrain by priority or by majority, and its country by its
//! centre or the most of its land points — and regions with a `min-share` claim the hexes
//! they cover enough of.

use std::collections::BTreeMap;

use geo::{LineString, MultiPolygon, Polygon};

use super::coverage::Coverage;
use super::grid::KmGrid;
use super::projection::Pinned;
use super::{Adjustment, Km};
use crate::model::HexCoord;

/// Where a region is.
pub(super) enum Shape {
    /// An outline, in degrees: its sides run straight on a latitude–longitude chart, as
    /// Natural Earth's do.
    Outline(Coverage),
    /// Natural Earth countries, in degrees.
    Countries(Vec<Coverage>),
    /// Within a distance (km) of a line (projected km).
    Band(Vec<Km>, f64),
}

/// A terrain or country region ready for point tests.
pub(super) struct Region {
    /// Terrain or country id.
    pub id: String,
    /// For the report: the designer's name, else the id.
    pub name: String,
    pub shape: Shape,
    /// Natural Earth countries the shape is limited to.
    pub inside: Option<Vec<Coverage>>,
    pub min_share: Option<f64>,
    /// Whether the terrain is water.
    pub water: bool,
}

impl Region {
    pub(super) fn covers(&self, km: Km, lon: f64, lat: f64) -> bool {
        let on = match &self.shape {
            Shape::Outline(c) => c.contains(lon, lat),
            Shape::Countries(cs) => cs.iter().any(|c| c.contains(lon, lat)),
            Shape::Band(line, width) => distance_to_line(km, line) <= *width,
        };
        on && self
            .inside
            .as_ref()
            .is_none_or(|cs| cs.iter().any(|c| c.contains(lon, lat)))
    }
}

/// A Natural Earth lake as the map uses it.
pub(super) struct Lake {
    pub name: String,
    pub terrain: String,
    pub cover: Coverage,
    pub min_share: Option<f64>,
}

/// An outline given as `[lat, lon]` points, ready for point tests in degrees.
pub(super) fn outline(points: &[[f64; 2]]) -> Coverage {
    let ring: Vec<(f64, f64)> = points.iter().map(|[lat, lon]| (*lon, *lat)).collect();
    Coverage::new(&MultiPolygon::new(vec![Polygon::new(
        LineString::from(ring),
        vec![],
    )]))
}

/// What decides the layers.
pub(super) struct Rules<'a> {
    pub default_terrain: &'a str,
    /// The sea's terrain, when Natural Earth's coast is used.
    pub sea: Option<&'a str>,
    /// `terrain-priority` and `terrain-share`.
    pub priority: Option<(&'a [String], f64)>,
}

/// The two layers and what the places and lines need to know of each hex.
pub(super) struct Layers {
    pub terrain: Vec<String>,
    pub country: Vec<Option<String>>,
    /// Whether each hex is water.
    pub water: Vec<bool>,
    /// The share of each hex's points that is land.
    pub land_share: Vec<f64>,
}

/// The layers of every hex of the grid.
#[allow(clippy::too_many_arguments)]
pub(super) fn lay(
    grid: &KmGrid,
    projection: &Pinned,
    land: Option<&Coverage>,
    countries: &[Coverage],
    terrain_regions: &[Region],
    country_regions: &[Region],
    lakes: &[Lake],
    rules: &Rules,
    report: &mut Vec<Adjustment>,
) -> Layers {
    let geometry = &grid.geometry;
    let n = geometry.coords().count();
    let mut out = Layers {
        terrain: Vec::with_capacity(n),
        country: Vec::with_capacity(n),
        water: Vec::with_capacity(n),
        land_share: Vec::with_capacity(n),
    };
    let mut claims: Vec<(HexCoord, String, String, f64)> = Vec::new();
    // Hexes whose land lies in no Natural Earth country: a sliver where the coast and the
    // countries disagree, not a country the designer left out.
    let mut unclaimed: Vec<bool> = Vec::with_capacity(n);
    for c in geometry.coords() {
        let samples = grid.samples(c);
        let total = samples.len();
        let mut water_votes: BTreeMap<&str, usize> = BTreeMap::new();
        let mut land_votes: Vec<(String, usize)> = Vec::new();
        let mut country_votes: Vec<(String, usize)> = Vec::new();
        let mut centre_country: Option<String> = None;
        let mut centre_land = None;
        let mut land_points = 0;
        let mut in_a_country = false;
        let mut region_hits = vec![0usize; terrain_regions.len()];
        let mut lake_hits = vec![0usize; lakes.len()];
        for (k, &(x, y)) in samples.iter().enumerate() {
            let (lat, lon) = projection.unproject(x, y);
            let covering: Vec<usize> = (0..terrain_regions.len())
                .filter(|&i| terrain_regions[i].covers((x, y), lon, lat))
                .collect();
            for &i in &covering {
                region_hits[i] += 1;
            }
            let lake = lakes.iter().position(|l| l.cover.contains(lon, lat));
            if let Some(i) = lake {
                lake_hits[i] += 1;
            }
            let off_land = land.is_some_and(|l| !l.contains(lon, lat));
            let water: Option<&str> = match (off_land, rules.sea, lake) {
                (true, Some(sea), _) => Some(sea),
                (_, _, Some(i)) => Some(&lakes[i].terrain),
                _ => covering
                    .last()
                    .map(|&i| &terrain_regions[i])
                    .filter(|r| r.water)
                    .map(|r| r.id.as_str()),
            };
            if let Some(w) = water {
                *water_votes.entry(w).or_default() += 1;
                continue;
            }
            land_points += 1;
            let land_here: Vec<&str> = covering
                .iter()
                .map(|&i| &terrain_regions[i])
                .filter(|r| !r.water)
                .map(|r| r.id.as_str())
                .collect();
            match rules.priority {
                Some(_) => {
                    let mut seen: Vec<&str> = Vec::new();
                    for t in land_here {
                        if !seen.contains(&t) {
                            seen.push(t);
                            bump(&mut land_votes, t);
                        }
                    }
                }
                None => {
                    let t = land_here.last().copied().unwrap_or(rules.default_terrain);
                    bump(&mut land_votes, t);
                    if k == 0 {
                        centre_land = Some(t.to_string());
                    }
                }
            }
            if let Some(r) = country_regions
                .iter()
                .rev()
                .find(|r| r.covers((x, y), lon, lat))
            {
                bump(&mut country_votes, &r.id);
                if k == 0 {
                    centre_country = Some(r.id.clone());
                }
            } else if !in_a_country {
                in_a_country = countries.iter().any(|c| c.contains(lon, lat));
            }
        }
        let is_water = land_points * 2 < total;
        let terrain = if is_water {
            // The water terrain with the most points; a tie goes to the first (the sea).
            let best = water_votes.values().copied().max().unwrap_or(0);
            let order = rules
                .sea
                .into_iter()
                .chain(lakes.iter().map(|l| l.terrain.as_str()));
            order
                .chain(water_votes.keys().copied())
                .find(|w| water_votes.get(w) == Some(&best))
                .unwrap_or(rules.default_terrain)
                .to_string()
        } else {
            match rules.priority {
                Some((order, share)) => {
                    let need = share * land_points as f64;
                    let chosen = order.iter().find(|t| {
                        land_votes
                            .iter()
                            .any(|(v, n)| v == *t && *n as f64 >= need && *n > 0)
                    });
                    if let Some(t) = chosen {
                        let votes = land_votes.iter().find(|(v, _)| v == t).map_or(0, |v| v.1);
                        if votes < land_points {
                            report.push(Adjustment::Majority {
                                hex: geometry.number(c),
                                terrain: t.clone(),
                                votes: (votes, land_points),
                            });
                        }
                    }
                    chosen.map_or(rules.default_terrain.to_string(), String::clone)
                }
                None => {
                    let best = land_votes.iter().map(|v| v.1).max().unwrap_or(0);
                    let winner = match &centre_land {
                        Some(t) if land_votes.iter().any(|(v, n)| v == t && *n == best) => {
                            t.clone()
                        }
                        _ => land_votes
                            .iter()
                            .find(|(_, n)| *n == best)
                            .map_or(rules.default_terrain.to_string(), |v| v.0.clone()),
                    };
                    if land_votes.len() > 1 || land_points < total {
                        report.push(Adjustment::Majority {
                            hex: geometry.number(c),
                            terrain: winner.clone(),
                            votes: (best, total),
                        });
                    }
                    winner
                }
            }
        };
        let country = if is_water {
            None
        } else {
            centre_country.or_else(|| {
                let best = country_votes.iter().map(|v| v.1).max()?;
                country_votes
                    .iter()
                    .find(|v| v.1 == best)
                    .map(|v| v.0.clone())
            })
        };
        // Regions and lakes that claim what they cover enough of.
        for (i, r) in terrain_regions.iter().enumerate() {
            if let Some(min) = r.min_share {
                let share = region_hits[i] as f64 / total as f64;
                if share >= min && share > 0.0 {
                    claims.push((c, r.id.clone(), r.name.clone(), share));
                }
            }
        }
        for (i, l) in lakes.iter().enumerate() {
            if let Some(min) = l.min_share {
                let share = lake_hits[i] as f64 / total as f64;
                if share >= min && share > 0.0 {
                    claims.push((c, l.terrain.clone(), l.name.clone(), share));
                }
            }
        }
        out.terrain.push(terrain);
        out.country.push(country);
        out.water.push(is_water);
        out.land_share.push(land_points as f64 / total as f64);
        unclaimed.push(!in_a_country);
    }
    let water_ids: Vec<&str> = rules
        .sea
        .into_iter()
        .chain(lakes.iter().map(|l| l.terrain.as_str()))
        .chain(
            terrain_regions
                .iter()
                .filter(|r| r.water)
                .map(|r| r.id.as_str()),
        )
        .collect();
    for (c, terrain, name, share) in claims {
        let i = geometry.index(c);
        if out.terrain[i] == terrain {
            continue;
        }
        let water = water_ids.contains(&terrain.as_str());
        out.terrain[i] = terrain.clone();
        out.water[i] = water;
        if water {
            out.country[i] = None;
        }
        report.push(Adjustment::MinShare {
            hex: geometry.number(c),
            terrain,
            region: name,
            share: (share * 100.0).round() / 100.0,
        });
    }
    // Land outside every country of the data (a sliver of coast) takes its neighbours'
    // country.
    if !country_regions.is_empty() {
        for c in geometry.coords() {
            let i = geometry.index(c);
            if out.water[i] || out.country[i].is_some() || !unclaimed[i] {
                continue;
            }
            if let Some(id) = neighbours_country(geometry, &out.country, c) {
                report.push(Adjustment::CountryFromNeighbours {
                    hex: geometry.number(c),
                    country: id.clone(),
                });
                out.country[i] = Some(id);
            }
        }
    }
    out
}

/// The country most of a hex's neighbours have (the first of equals, in the grid's order
/// of neighbours).
pub(super) fn neighbours_country(
    geometry: &crate::model::HexGeometry,
    country: &[Option<String>],
    c: HexCoord,
) -> Option<String> {
    let mut votes: Vec<(String, usize)> = Vec::new();
    for nb in geometry.neighbours(c) {
        if let Some(id) = &country[geometry.index(nb)] {
            bump(&mut votes, id);
        }
    }
    let best = votes.iter().map(|v| v.1).max();
    votes.into_iter().find(|v| Some(v.1) == best).map(|v| v.0)
}

/// Count one more for `id`, keeping the order ids were first seen in.
fn bump(votes: &mut Vec<(String, usize)>, id: &str) {
    match votes.iter_mut().find(|v| v.0 == id) {
        Some(v) => v.1 += 1,
        None => votes.push((id.to_string(), 1)),
    }
}

/// The distance from a point to a polyline.
pub(super) fn distance_to_line(p: Km, line: &[Km]) -> f64 {
    if line.len() == 1 {
        return (p.0 - line[0].0).hypot(p.1 - line[0].1);
    }
    line.windows(2)
        .map(|w| distance_to_segment(p, w[0], w[1]))
        .fold(f64::INFINITY, f64::min)
}

/// The distance from a point to a segment.
pub(super) fn distance_to_segment(p: Km, a: Km, b: Km) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_to_lines() {
        let line = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)];
        assert_eq!(distance_to_line((5.0, 3.0), &line), 3.0);
        assert_eq!(distance_to_line((13.0, 5.0), &line), 3.0);
        assert_eq!(distance_to_line((-3.0, -4.0), &line), 5.0);
        assert_eq!(
            distance_to_segment((1.0, 1.0), (0.0, 0.0), (0.0, 0.0)),
            2f64.sqrt()
        );
    }

    #[test]
    fn votes_keep_first_seen_order() {
        let mut v = Vec::new();
        bump(&mut v, "b");
        bump(&mut v, "a");
        bump(&mut v, "a");
        bump(&mut v, "b");
        assert_eq!(v, vec![("b".to_string(), 2), ("a".to_string(), 2)]);
    }
}
