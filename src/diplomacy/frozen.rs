//! Provinces frozen in some turns (`[[rules.frozen]]`): before the movement resolver runs,
//! the orders the ice forbids are made holds and reported void with the reason — a fleet in
//! a frozen province moving or supporting, any fleet moving into one, supporting a unit in
//! one or a move into one, an army moving into one that is occupied as the phase begins, an
//! army convoyed to a province closed to convoys while frozen. Fleets do not retreat into
//! frozen provinces, and units are built in one only where the rules allow. Hidden parts of
//! units (`[rules.fractions]`) are not held by ice: they are never given to the resolver.

use super::movement::{display, label};
use super::orders::{Command, Order};
use super::{Board, Unit, UnitKind};
use crate::model::rules::FrozenRules;
use crate::model::{Game, TurnId};

/// The ice of a turn.
pub struct Ice<'g> {
    rules: &'g [FrozenRules],
    turn: TurnId,
}

impl<'g> Ice<'g> {
    /// The game's ice on `turn`.
    pub fn of(game: &'g Game, turn: TurnId) -> Self {
        Ice {
            rules: &game.rules.frozen,
            turn,
        }
    }

    /// The rule freezing `province` this turn, if one does.
    pub fn frozen(&self, province: &str) -> Option<&'g FrozenRules> {
        self.rules.iter().find(|r| r.holds(province, self.turn))
    }

    /// Whether a unit may be built in `province` this turn.
    pub fn allows_build(&self, province: &str) -> Result<(), String> {
        match self.frozen(province) {
            Some(r) if !r.builds.iter().any(|b| b == province) => Err(format!(
                "{} is frozen ({}): no unit is built there now",
                display(province),
                r.name
            )),
            _ => Ok(()),
        }
    }

    /// Whether a unit of `kind` may retreat into `province` this turn.
    pub fn allows_retreat(&self, kind: UnitKind, province: &str) -> bool {
        kind == UnitKind::Army || self.frozen(province).is_none()
    }

    /// Make the orders the ice forbids holds: each such unit's location and why.
    pub fn restrict(
        &self,
        board: &dyn Board,
        units: &[Unit],
        orders: &mut [Order],
    ) -> Vec<(String, String)> {
        let mut void = Vec::new();
        if self.rules.is_empty() {
            return void;
        }
        let occupied = |p: &str| units.iter().any(|u| board.province(&u.location) == p);
        for o in orders.iter_mut() {
            let here = board.province(&o.unit).to_string();
            let Some(u) = units
                .iter()
                .find(|u| board.province(&u.location) == here && u.kind == o.kind)
            else {
                continue;
            };
            let why = match &o.command {
                Command::Move { .. } | Command::Support { .. }
                    if u.kind == UnitKind::Fleet && self.frozen(&here).is_some() =>
                {
                    let r = self.frozen(&here).map_or("frozen", |r| r.name.as_str());
                    Some(format!(
                        "{} is held by the ice ({r}): it may not move or support",
                        label(u)
                    ))
                }
                Command::Move { to, convoy } => {
                    let dest = board.province(to).to_string();
                    match self.frozen(&dest) {
                        Some(r) if u.kind == UnitKind::Fleet => Some(format!(
                            "{} is frozen ({}): no fleet may enter it",
                            display(&dest),
                            r.name
                        )),
                        Some(r) if occupied(&dest) => Some(format!(
                            "{} is frozen ({}): an army enters it only when no unit stands there",
                            display(&dest),
                            r.name
                        )),
                        Some(r)
                            if (*convoy || !board.army_move(&here, &dest))
                                && r.no_convoy_to.contains(&dest) =>
                        {
                            Some(format!(
                                "{} is frozen ({}): no army is convoyed there",
                                display(&dest),
                                r.name
                            ))
                        }
                        _ => None,
                    }
                }
                Command::Support { unit, to } if u.kind == UnitKind::Fleet => {
                    let target = board.province(to.as_deref().unwrap_or(unit)).to_string();
                    let held = board.province(unit).to_string();
                    match (self.frozen(&target), self.frozen(&held)) {
                        (Some(r), _) if to.is_some() => Some(format!(
                            "{} is frozen ({}): no fleet supports a move into it",
                            display(&target),
                            r.name
                        )),
                        (_, Some(r)) => Some(format!(
                            "{} is frozen ({}): no fleet supports a unit there",
                            display(&held),
                            r.name
                        )),
                        _ => None,
                    }
                }
                Command::Convoy { to, .. } => match self.frozen(to) {
                    Some(r) if r.no_convoy_to.contains(to) => Some(format!(
                        "{} is frozen ({}): no army is convoyed there",
                        display(to),
                        r.name
                    )),
                    _ => None,
                },
                _ => None,
            };
            if let Some(why) = why {
                void.push((u.location.clone(), why));
                o.command = Command::Hold;
            }
        }
        void
    }
}
