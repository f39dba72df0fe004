//! Orders of games with multi-factor units and industry that are not orders to forces:
//! winter orders (`supply A2 Bel`, `build A3 Lon`, `build P1`, `factory 1`, `give 3 France`)
//! and air orders (`P3 a Germany`, `P2 d England`), read against a game's powers and board.
//! Orders to parts of forces are [`super::factors`]'s; what they do is [`super::forces`]'s.

use super::orders::{nothing_after, words, OrderError, Word};
use super::{Board, UnitKind};
use crate::model::Game;

/// Where a power's losses fall first in a province (rule 13.6: armies before fleets unless
/// the player says otherwise): `losses F Kie`, `losses F StP/sc`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LossOrder {
    /// The kind that loses first.
    pub kind: UnitKind,
    /// The province, or the coast of a fleet.
    pub location: String,
}

/// Whether a line is a loss order: `losses F Kie`.
pub fn is_loss_order(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("losses"))
}

/// Read a loss order: `losses F Kie`, `losses A Mun`, `losses F StP/sc`.
pub fn parse_losses(board: &dyn Board, text: &str) -> Result<LossOrder, OrderError> {
    let ws = words(text);
    let kind = match ws.get(1).map(|w| w.text.to_ascii_uppercase()) {
        Some(w) if w == "A" => UnitKind::Army,
        Some(w) if w == "F" => UnitKind::Fleet,
        _ => {
            return Err(OrderError::new(
                format!("`{text}`: name the kind that loses first, `A` or `F`"),
                ws.get(1).map_or(0..text.len(), |w| w.at.clone()),
            ))
        }
    };
    let location = place(board, text, ws.get(2))?;
    nothing_after(text, &ws, 3)?;
    Ok(LossOrder { kind, location })
}

/// A location named by one word of an order.
fn place(board: &dyn Board, text: &str, w: Option<&Word>) -> Result<String, OrderError> {
    let w = w.ok_or_else(|| OrderError::whole(format!("`{text}`: a province is missing"), text))?;
    board
        .resolve_name(w.text)
        .ok_or_else(|| super::orders::unknown_location(board, w.text, w.at.clone()))
}

/// The power named by the words from `ws[i]` on (`France`, `to France`, `Soviet Union`): the
/// longest run of them that names one, its side id and the index of the word after it.
fn power_named(
    game: &Game,
    text: &str,
    ws: &[Word],
    i: usize,
    why: &str,
) -> Result<(String, usize), OrderError> {
    let i = if ws.get(i).is_some_and(|w| w.text.eq_ignore_ascii_case("to")) {
        i + 1
    } else {
        i
    };
    let (Some(first), Some(last)) = (ws.get(i), ws.last()) else {
        return Err(OrderError::new(
            format!("`{text}`: name a power"),
            text.len()..text.len(),
        ));
    };
    for end in (i..ws.len()).rev() {
        if let Some(p) = super::position::power_of(game, &text[first.at.start..ws[end].at.end]) {
            return Ok((p, end + 1));
        }
    }
    let rest = &text[first.at.start..last.at.end];
    Err(OrderError::new(
        format!("`{rest}` is not a power{why}"),
        first.at.start..last.at.end,
    ))
}

/// One winter order of a game with industry.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "order", rename_all = "kebab-case")]
pub enum WinterOrder {
    /// `supply A2 Bel`: keep these factors (one IP each).
    Supply {
        /// Army or fleet.
        kind: UnitKind,
        /// Factors.
        strength: u32,
        /// Where.
        location: String,
    },
    /// `build A3 Lon`: new factors in a vacant home centre the power controls.
    Build {
        /// Army or fleet.
        kind: UnitKind,
        /// Factors.
        strength: u32,
        /// The home centre (a coast for a fleet on a split coast).
        location: String,
    },
    /// `build P1`: squadrons.
    Squadrons {
        /// How many.
        count: u32,
    },
    /// `factory 1`: IPs of new industry, usable from next winter.
    Factory {
        /// How many IPs.
        count: u32,
    },
    /// `give 3 France`: IPs given to another power this winter.
    Give {
        /// How many IPs.
        count: u32,
        /// The power receiving them (side id).
        to: String,
    },
}

/// Whether a line is a winter order (its first word).
pub fn is_winter_order(text: &str) -> bool {
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        first.as_str(),
        "supply" | "build" | "factory" | "factories" | "give"
    )
}

/// Read a winter order: `supply A2 Bel`, `build A3 Lon`, `build F1 StP/sc`, `build P1`,
/// `factory 1`, `give 3 France`.
pub fn parse_winter(game: &Game, board: &dyn Board, text: &str) -> Result<WinterOrder, OrderError> {
    let ws = words(text);
    let verb = ws
        .first()
        .map(|w| w.text.to_ascii_lowercase())
        .unwrap_or_default();
    let number = |w: Option<&Word>, what: &str| -> Result<u32, OrderError> {
        w.and_then(|w| super::count(w.text, super::MAX_IPS))
            .ok_or_else(|| {
                OrderError::new(
                    format!(
                        "`{text}`: {what} is a whole number from 1 to {}",
                        super::MAX_IPS
                    ),
                    w.map_or(text.len()..text.len(), |w| w.at.clone()),
                )
            })
    };
    let force = |w: Option<&Word>| -> Result<(UnitKind, u32), OrderError> {
        let w = w.ok_or_else(|| {
            OrderError::new(
                format!("`{text}`: name the factors, `A3` or `F1`"),
                text.len()..text.len(),
            )
        })?;
        let mut chars = w.text.chars();
        let kind = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('A') => UnitKind::Army,
            Some('F') => UnitKind::Fleet,
            _ => {
                return Err(OrderError::new(
                    format!("`{}` is not a force: write `A3` or `F1`", w.text),
                    w.at.clone(),
                ))
            }
        };
        let digits = chars.as_str();
        let n = if digits.is_empty() {
            1
        } else {
            super::count(digits, super::MAX_FACTORS).ok_or_else(|| {
                OrderError::new(
                    format!(
                        "`{}`: the factors are a whole number from 1 to {}",
                        w.text,
                        super::MAX_FACTORS
                    ),
                    w.at.clone(),
                )
            })?
        };
        Ok((kind, n))
    };
    let order = match verb.as_str() {
        "supply" => {
            let (kind, strength) = force(ws.get(1))?;
            WinterOrder::Supply {
                kind,
                strength,
                location: place(board, text, ws.get(2))?,
            }
        }
        "build" => {
            let squadrons = ws
                .get(1)
                .and_then(|w| Some((w, w.text.strip_prefix(['P', 'p'])?)));
            if let Some((w, n)) = squadrons {
                let count = if n.is_empty() {
                    1
                } else {
                    super::count(n, super::MAX_IPS).ok_or_else(|| {
                        OrderError::new(
                            format!(
                                "`{}`: a number of squadrons is a whole number from 1 to {}",
                                w.text,
                                super::MAX_IPS
                            ),
                            w.at.clone(),
                        )
                    })?
                };
                nothing_after(text, &ws, 2)?;
                return Ok(WinterOrder::Squadrons { count });
            }
            let (kind, strength) = force(ws.get(1))?;
            WinterOrder::Build {
                kind,
                strength,
                location: place(board, text, ws.get(2))?,
            }
        }
        "factory" | "factories" => {
            let count = number(ws.get(1), "a number of IPs")?;
            nothing_after(text, &ws, 2)?;
            return Ok(WinterOrder::Factory { count });
        }
        "give" => {
            let count = number(ws.get(1), "a number of IPs")?;
            let (to, end) = power_named(game, text, &ws, 2, "")?;
            nothing_after(text, &ws, end)?;
            return Ok(WinterOrder::Give { count, to });
        }
        _ => {
            return Err(OrderError::whole(
                format!(
                    "`{text}`: a winter order is `supply A2 Bel`, `build A3 Lon`, `build P1`, \
                     `factory 1` or `give 3 France`"
                ),
                text,
            ))
        }
    };
    nothing_after(text, &ws, 3)?;
    Ok(order)
}

/// Squadrons attacking or defending over a power (rule 18).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AirOrder {
    /// How many squadrons.
    pub squadrons: u32,
    /// The power over whose country they fly (side id).
    pub over: String,
    /// Attack (`a`) or defend (`d`).
    pub attack: bool,
}

/// Whether a line is an air order: `P3 a Germany`.
pub fn is_air_order(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    first.len() > 1
        && first.starts_with(['P', 'p'])
        && first[1..].chars().all(|c| c.is_ascii_digit())
}

/// Read an air order: `P3 a Germany` (attack over a power), `P2 d England` (defend).
pub fn parse_air(game: &Game, text: &str) -> Result<AirOrder, OrderError> {
    let ws = words(text);
    let squadrons = ws
        .first()
        .and_then(|w| w.text.strip_prefix(['P', 'p']))
        .and_then(|n| super::count(n, super::MAX_IPS))
        .ok_or_else(|| {
            OrderError::new(
                format!("`{text}`: write the squadrons as `P3`, at least 1"),
                ws.first().map_or(0..text.len(), |w| w.at.clone()),
            )
        })?;
    let attack = match ws.get(1).map(|w| w.text.to_ascii_lowercase()) {
        Some(w) if w == "a" => true,
        Some(w) if w == "d" => false,
        _ => {
            return Err(OrderError::new(
                format!("`{text}`: `a` (attack) or `d` (defend) follows the squadrons"),
                ws.get(1).map_or(text.len()..text.len(), |w| w.at.clone()),
            ))
        }
    };
    let (over, end) = power_named(game, text, &ws, 2, ": squadrons fly over a power's country")?;
    nothing_after(text, &ws, end)?;
    let neutral = game
        .rules
        .multi_factor
        .as_ref()
        .is_some_and(|m| m.neutrals.iter().any(|s| game.sides[*s].id == over));
    if neutral {
        return Err(OrderError::new(
            format!("`{over}`: neutrals are neither attacked nor defended from the air"),
            ws[2].at.start..ws[end - 1].at.end,
        ));
    }
    Ok(AirOrder {
        squadrons,
        over,
        attack,
    })
}
