//! A position made from counters on the board (a scenario's set-up or a save,
//! [`from_positions`]) and handed back to the rule helpers as counters ([`to_positions`]).

use super::*;

/// What became of the pieces of a scenario or a save that are not units on the board.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Adapted {
    /// Pieces left out, with why (a second unit in a province, a piece of no power, …).
    pub notes: Vec<String>,
}

/// Whether a counter shows a hidden part of a unit (`[rules.fractions] pieces`).
pub fn is_part(game: &Game, counter: CounterId) -> bool {
    game.rules
        .fractions
        .as_ref()
        .is_some_and(|f| f.pieces.iter().any(|p| p.counter == counter))
}

/// The army or fleet a counter is, when it is a unit of a power (not a hidden part).
pub fn unit_kind(game: &Game, counter: CounterId) -> Option<UnitKind> {
    if is_part(game, counter) {
        return None;
    }
    game.unit_types
        .get(game.class_of(counter).unit_type)
        .and_then(|t| t.moves_as)
}

/// The factors a counter holds: the value of the game's strength factor
/// (`[rules.multi-factor] strength`) on its class, else 1.
pub fn counter_strength(game: &Game, counter: CounterId) -> u32 {
    game.rules
        .multi_factor
        .as_ref()
        .and_then(|m| m.strength)
        .and_then(|f| game.class_of(counter).faces.front(f))
        .and_then(|v| u32::try_from(v).ok())
        .filter(|v| *v > 0)
        .map_or(1, |v| v.min(crate::diplomacy::MAX_FACTORS))
}

/// The counter that stands for a power's army or fleet: the first of the mix of that side
/// and kind.
pub fn counter_for(game: &Game, power: &str, kind: UnitKind) -> Option<CounterId> {
    let side = game.side_index(power)?;
    (0..game.counters.len())
        .find(|&c| game.side_of(c) == Some(side) && unit_kind(game, c) == Some(kind))
}

/// The position a set of positions shows (a scenario's set-up, a save): units from the
/// counters that move as armies and fleets on the board, supply-centre owners from
/// [`Positions::owners`] and the control markers lying on the centres (through the control
/// helper), at `phase` of the positions' turn (default: the turn's first phase). In a
/// retreat phase, `retreat` gives the dislodged units (their pieces still stand in the
/// provinces they were dislodged from) and the standoffs.
pub fn from_positions(
    board: &ProvinceBoard,
    positions: &Positions,
    phase: Option<PhaseId>,
    retreat: Option<(Vec<Dislodged>, Vec<String>)>,
) -> (Position, Adapted) {
    let game = board.game;
    let mut adapted = Adapted::default();
    let turn = positions.turn.unwrap_or(0);
    let phase = phase
        .filter(|p| turn_phases(game, turn).contains(p))
        .or_else(|| turn_phases(game, turn).first().copied())
        .unwrap_or(0);
    let retreating = game.phases.get(phase).and_then(|p| p.orders) == Some(OrderPhase::Retreat);
    let (dislodged, standoffs) = match retreat {
        Some(r) if retreating => r,
        _ => (Vec::new(), Vec::new()),
    };
    let mut pending: Vec<&Dislodged> = dislodged.iter().collect();
    let multi = game.rules.multi_factor.is_some();
    let mut units: Vec<Unit> = Vec::new();
    let mut fractions: Vec<Fraction> = Vec::new();
    let pieces = game
        .rules
        .fractions
        .as_ref()
        .map_or(&[][..], |f| &f.pieces[..]);
    for (_, p) in positions.on_map() {
        if let Some(piece) = pieces.iter().find(|x| x.counter == p.counter) {
            let Location::Area { map, area, slot } = p.location else {
                continue;
            };
            if map == board.map {
                let site = Site::in_slot(area, slot);
                fractions.push(Fraction {
                    power: game.sides[piece.side].id.clone(),
                    kind: piece.kind,
                    size: piece.size,
                    location: board.site_id(site),
                });
            }
            continue;
        }
        let Some(kind) = unit_kind(game, p.counter) else {
            continue;
        };
        let name = &game.counters[p.counter].id;
        let Location::Area { map, area, slot } = p.location else {
            continue;
        };
        if map != board.map {
            adapted
                .notes
                .push(format!("{name} is not on the province board: left out"));
            continue;
        }
        let Some(power) = game.side_of(p.counter).map(|s| game.sides[s].id.clone()) else {
            adapted
                .notes
                .push(format!("{name} belongs to no power: left out"));
            continue;
        };
        let mut site = Site::in_slot(area, slot);
        // The board's rule, as position files and scenarios follow it: an army on a coast's
        // slot of the picture stands in the province; a unit that cannot stand where it
        // lies is left out, with why.
        match game.misplaced(board.areas, site, kind) {
            None => {}
            Some(crate::model::Misplaced::ArmyOnCoast) => site.coast = None,
            Some(why) => {
                adapted.notes.push(format!(
                    "{name}: {}: left out",
                    why.message(board.areas, site, kind)
                ));
                continue;
            }
        }
        let at = board.site_id(site);
        if multi {
            // A multi-factor force: the counters of a power, kind and location add up.
            let strength = counter_strength(game, p.counter);
            if let Some(u) = units
                .iter_mut()
                .find(|u| u.power == power && u.kind == kind && u.location == at)
            {
                u.strength = u.strength.saturating_add(strength);
                continue;
            }
            if let Some(other) = units
                .iter()
                .find(|u| u.power != power && board.province(&u.location) == board.province(&at))
            {
                adapted.notes.push(format!(
                    "{name} in {} shares the province with {} {}: left out",
                    display(&at),
                    other.power,
                    crate::diplomacy::movement::label(other)
                ));
                continue;
            }
            let mut unit = Unit::new(&power, kind, &at);
            unit.strength = strength;
            units.push(unit);
            continue;
        }
        if let Some(k) = pending
            .iter()
            .position(|d| d.unit.power == power && d.unit.kind == kind && d.unit.location == at)
        {
            pending.remove(k);
            continue;
        }
        if let Some(other) = units
            .iter()
            .find(|u| board.province(&u.location) == board.province(&at))
        {
            adapted.notes.push(format!(
                "{name} in {} shares the province with {} {}: left out",
                display(&at),
                other.power,
                crate::diplomacy::movement::label(other)
            ));
            continue;
        }
        units.push(Unit::new(&power, kind, &at));
    }
    if multi {
        // The dislodged parts' counters still stand where they were defeated.
        pending.retain(|d| {
            let Some(k) = units.iter().position(|u| {
                u.power == d.unit.power && u.kind == d.unit.kind && u.location == d.unit.location
            }) else {
                return true;
            };
            if units[k].strength < d.unit.strength {
                return true;
            }
            units[k].strength -= d.unit.strength;
            if units[k].strength == 0 {
                units.remove(k);
            }
            false
        });
    }
    for d in pending {
        adapted.notes.push(format!(
            "the save records {} as dislodged, but no piece of it stands there",
            crate::diplomacy::movement::label(&d.unit)
        ));
    }
    let owners = owners_of(board, positions);
    let mut position = Position {
        turn,
        phase,
        units,
        owners,
        dislodged,
        standoffs,
        industry: industry_of(game, positions),
        captured: captured_of(board, positions),
        fractions,
    };
    position.normalise(game);
    (position, adapted)
}

/// The owners of the board's supply centres the positions record (their
/// [`Positions::owners`], then control markers lying on the centres), by the control helper,
/// without taking any centre for the units standing there.
pub(super) fn owners_of(board: &ProvinceBoard, positions: &Positions) -> BTreeMap<String, String> {
    let game = board.game;
    let plain = Positions {
        turn: None,
        ..positions.clone()
    };
    let map = crate::helpers::control::control(game, &plain, &Default::default());
    let mut owners = BTreeMap::new();
    for (i, area) in board.areas.areas.iter().enumerate() {
        if !game.is_owned_area(&area.id, area.supply_centre) {
            continue;
        }
        let site = crate::helpers::board::Site::area(board.map, i);
        if let Some(s) = map.owner_of(&site) {
            owners.insert(area.id.clone(), game.sides[s].id.clone());
        }
    }
    owners
}

/// The captured IPs the positions show: the captured-IP markers (`[rules.industry]
/// captured`) lying in a province, their strengths added up.
pub(super) fn captured_of(
    board: &ProvinceBoard,
    positions: &Positions,
) -> BTreeMap<String, Captured> {
    let game = board.game;
    let mut out: BTreeMap<String, Captured> = BTreeMap::new();
    let Some(i) = &game.rules.industry else {
        return out;
    };
    for (_, p) in positions.on_map() {
        if !i.captured.contains(&p.counter) {
            continue;
        }
        let (Location::Area { map, area, .. }, Some(side)) = (p.location, game.side_of(p.counter))
        else {
            continue;
        };
        if map != board.map {
            continue;
        }
        let c = out
            .entry(board.areas.areas[area].id.clone())
            .or_insert_with(|| Captured {
                from: game.sides[side].id.clone(),
                ips: 0,
            });
        c.ips = c.ips.saturating_add(counter_strength(game, p.counter));
    }
    out
}

/// Each power's industry as the positions' tracks show it (`[rules.industry]`).
pub(super) fn industry_of(game: &Game, positions: &Positions) -> BTreeMap<String, Holdings> {
    let mut out: BTreeMap<String, Holdings> = BTreeMap::new();
    let Some(i) = &game.rules.industry else {
        return out;
    };
    let value = |t| {
        positions
            .track(t)
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(0)
    };
    for &(side, track) in &i.points {
        out.entry(game.sides[side].id.clone()).or_default().ips = value(track);
    }
    for &(side, track) in &i.squadrons {
        out.entry(game.sides[side].id.clone())
            .or_default()
            .squadrons = value(track);
    }
    out
}

/// The position as counters on the board, for the rule helpers: each unit as its power's
/// counter of its kind (units of a power with no such counter are left out), the owners,
/// the turn. Dislodged units are not on the board.
pub fn to_positions(board: &ProvinceBoard, position: &Position) -> Positions {
    let game = board.game;
    let mut out = Positions {
        turn: Some(position.turn),
        ..Positions::default()
    };
    for u in &position.units {
        let (Some(counter), Some(site)) =
            (counter_for(game, &u.power, u.kind), board.site(&u.location))
        else {
            continue;
        };
        let slot = site.slot();
        out.units.push(Placed::new(
            counter,
            Location::Area {
                map: board.map,
                area: site.area,
                slot,
            },
        ));
    }
    for (centre, power) in &position.owners {
        if let (Some(site), Some(side)) = (board.site(centre), game.side_index(power)) {
            out.owners.push((board.map, site.area, side));
        }
    }
    out.owners.sort_unstable();
    out
}
