//! Isolation on a province board: a unit that cannot trace a line of at most `reach`
//! adjacent provinces (land or sea, by any unit's moves) to a source of supply, through
//! provinces neither occupied by another power's units nor supply centres another power
//! controls, is isolated (and, in Nicky Palmer's multi-factor Diplomacy, rule 16, disbanded
//! after an autumn). The rule does not say what the line is traced to; the caller gives the
//! sources (see [`Sources`]), and each unit's report shows the line found or, for an
//! isolated unit, the provinces that blocked it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;

use super::{Board, Unit};

/// What a supply line may end at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sources {
    /// A home supply centre the unit's power controls.
    HomeCentre,
    /// Any supply centre the unit's power controls.
    AnyCentre,
}

/// The facts a trace needs besides the board and the units.
#[derive(Debug, Clone, Default)]
pub struct Supply {
    /// Who controls each supply centre (province → power).
    pub owners: BTreeMap<String, String>,
    /// Each power's home centres.
    pub homes: BTreeMap<String, Vec<String>>,
}

/// One unit's trace.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace {
    /// The unit.
    pub unit: Unit,
    /// The line found, from the unit's province to the source (both included), or `None`:
    /// isolated.
    pub line: Option<Vec<String>>,
    /// For an isolated unit: the provinces next to those it could reach that stopped it,
    /// each with why (`occupied by germany`, `centre of germany`), sorted.
    pub blocked_by: Vec<(String, String)>,
}

impl Trace {
    /// Whether the unit is isolated.
    pub fn isolated(&self) -> bool {
        self.line.is_none()
    }
}

/// Every province next to `province`, by army or fleet moves from it or any of its coasts.
fn neighbours(board: &dyn Board, province: &str) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = board
        .army_moves_from(province)
        .iter()
        .map(|p| board.province(p).to_string())
        .collect();
    let mut fleet_at = board.fleet_locations(province);
    if fleet_at.is_empty() {
        fleet_at.push(province.to_string());
    }
    for l in fleet_at {
        out.extend(
            board
                .fleet_moves_from(&l)
                .iter()
                .map(|p| board.province(p).to_string()),
        );
    }
    out.remove(province);
    out
}

/// Trace every unit: a line of at most `reach` provinces after its own to a source.
pub fn trace(
    board: &dyn Board,
    units: &[Unit],
    supply: &Supply,
    sources: Sources,
    reach: usize,
) -> Vec<Trace> {
    let occupant: BTreeMap<String, String> = units
        .iter()
        .filter(|u| u.strength > 0)
        .map(|u| (board.province(&u.location).to_string(), u.power.clone()))
        .collect();
    units
        .iter()
        .map(|u| {
            let power = &u.power;
            let start = board.province(&u.location).to_string();
            let is_source = |p: &str| match sources {
                Sources::HomeCentre => {
                    supply
                        .homes
                        .get(power)
                        .is_some_and(|h| h.iter().any(|c| c == p))
                        && supply.owners.get(p) == Some(power)
                }
                Sources::AnyCentre => supply.owners.get(p) == Some(power),
            };
            let why_blocked = |p: &str| -> Option<String> {
                if let Some(o) = occupant.get(p).filter(|o| *o != power) {
                    return Some(format!("occupied by {o}"));
                }
                supply
                    .owners
                    .get(p)
                    .filter(|o| *o != power)
                    .map(|o| format!("centre of {o}"))
            };
            // Breadth first: the shortest line, ties broken by province id.
            let mut previous: BTreeMap<String, String> = BTreeMap::new();
            let mut depth: BTreeMap<String, usize> = [(start.clone(), 0)].into();
            let mut queue = VecDeque::from([start.clone()]);
            let mut blocked: BTreeMap<String, String> = BTreeMap::new();
            let mut found = is_source(&start).then(|| start.clone());
            while found.is_none() {
                let Some(here) = queue.pop_front() else {
                    break;
                };
                let d = depth[&here];
                if d == reach {
                    continue;
                }
                for next in neighbours(board, &here) {
                    if depth.contains_key(&next) {
                        continue;
                    }
                    if let Some(why) = why_blocked(&next) {
                        blocked.insert(next, why);
                        continue;
                    }
                    depth.insert(next.clone(), d + 1);
                    previous.insert(next.clone(), here.clone());
                    if is_source(&next) {
                        found = Some(next);
                        break;
                    }
                    queue.push_back(next);
                }
            }
            let line = found.map(|end| {
                let mut line = vec![end.clone()];
                let mut at = end;
                while let Some(p) = previous.get(&at) {
                    line.push(p.clone());
                    at = p.clone();
                }
                line.reverse();
                line
            });
            Trace {
                unit: u.clone(),
                blocked_by: if line.is_some() {
                    Vec::new()
                } else {
                    blocked.into_iter().collect()
                },
                line,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diplomacy::board::ProvinceBoard;
    use crate::diplomacy::UnitKind;
    use crate::testgame::diplomacy::game;

    fn army(power: &str, at: &str) -> Unit {
        Unit {
            power: power.into(),
            kind: UnitKind::Army,
            location: at.into(),
            strength: 1,
        }
    }

    fn supply() -> Supply {
        Supply {
            owners: [
                ("ber", "germany"),
                ("kie", "germany"),
                ("mun", "germany"),
                ("war", "russia"),
                ("mos", "russia"),
                ("sev", "russia"),
                ("stp", "russia"),
            ]
            .into_iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
            homes: [
                ("germany", vec!["ber", "kie", "mun"]),
                ("russia", vec!["war", "mos", "sev", "stp"]),
            ]
            .into_iter()
            .map(|(p, h)| (p.to_string(), h.into_iter().map(String::from).collect()))
            .collect(),
        }
    }

    #[test]
    fn a_unit_near_home_traces_the_shortest_line() {
        let game = game();
        let b = ProvinceBoard::first(&game).expect("a province board");
        let t = trace(
            &b,
            &[army("germany", "boh")],
            &supply(),
            Sources::HomeCentre,
            7,
        );
        assert_eq!(t[0].line, Some(vec!["boh".to_string(), "mun".into()]));
    }

    #[test]
    fn a_unit_cut_off_by_enemy_units_and_centres_is_isolated_with_its_blockers() {
        // A German army in Ukraine: Warsaw and Sevastopol are Russian centres, Galicia and
        // Rumania and Moscow held by Russia; nothing else is next to Ukraine.
        let game = game();
        let b = ProvinceBoard::first(&game).expect("a province board");
        let units = [
            army("germany", "ukr"),
            army("russia", "gal"),
            army("russia", "rum"),
            army("russia", "mos"),
        ];
        let t = trace(&b, &units, &supply(), Sources::HomeCentre, 7);
        assert!(t[0].isolated());
        let blockers: Vec<&str> = t[0].blocked_by.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(blockers, vec!["gal", "mos", "rum", "sev", "war"]);
        // Free Galicia and the line runs through it (Ukr–Gal–Boh–Mun, or by Silesia).
        let t = trace(&b, &units[..1], &supply(), Sources::HomeCentre, 7);
        assert!(!t[0].isolated());
        // Too far: with a reach of 2 a line needs three provinces after Ukraine.
        let units = [army("germany", "ukr"), army("russia", "war")];
        let t = trace(&b, &units, &supply(), Sources::HomeCentre, 2);
        assert!(t[0].isolated());
        let t = trace(&b, &units, &supply(), Sources::HomeCentre, 3);
        assert_eq!(t[0].line.as_ref().map(Vec::len), Some(4));
    }

    #[test]
    fn any_centre_counts_a_captured_one() {
        let game = game();
        let b = ProvinceBoard::first(&game).expect("a province board");
        let mut s = supply();
        s.owners.insert("rum".into(), "germany".into());
        let units = [
            army("germany", "ukr"),
            army("russia", "gal"),
            army("russia", "mos"),
        ];
        // Home is five provinces away (Ukr–Rum–Bud–Vie–Boh–Mun): too far with a reach of 3.
        assert!(trace(&b, &units, &s, Sources::HomeCentre, 3)[0].isolated());
        assert!(!trace(&b, &units, &s, Sources::HomeCentre, 5)[0].isolated());
        let t = trace(&b, &units, &s, Sources::AnyCentre, 3);
        assert_eq!(t[0].line, Some(vec!["ukr".to_string(), "rum".into()]));
    }
}
