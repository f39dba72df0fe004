//! Orders of games with multi-factor units and industry that are not orders to forces:
//! winter orders (`supply A2 Bel`, `build A3 Lon`, `build P1`, `factory 1`, `give 3 France`)
//! and air orders (`P3 a Germany`, `P2 d England`), read against a game's powers and board.
//! Orders to parts of forces are [`super::factors`]'s; what they do is [`super::forces`]'s.

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
pub fn parse_losses(board: &dyn Board, text: &str) -> Result<LossOrder, String> {
    let ws: Vec<&str> = text.split_whitespace().collect();
    let kind = match ws.get(1).map(|w| w.to_ascii_uppercase()) {
        Some(w) if w == "A" => UnitKind::Army,
        Some(w) if w == "F" => UnitKind::Fleet,
        _ => {
            return Err(format!(
                "`{text}`: name the kind that loses first, `A` or `F`"
            ))
        }
    };
    let w = ws
        .get(2)
        .ok_or_else(|| format!("`{text}`: a province is missing"))?;
    let location = board
        .resolve_name(w)
        .ok_or_else(|| format!("`{w}` is no location of this board"))?;
    Ok(LossOrder { kind, location })
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
pub fn parse_winter(game: &Game, board: &dyn Board, text: &str) -> Result<WinterOrder, String> {
    let ws: Vec<&str> = text.split_whitespace().collect();
    let verb = ws
        .first()
        .map(|w| w.to_ascii_lowercase())
        .unwrap_or_default();
    let number = |w: Option<&&str>, what: &str| -> Result<u32, String> {
        w.and_then(|w| w.parse::<u32>().ok())
            .filter(|n| (1..=super::MAX_IPS).contains(n))
            .ok_or_else(|| {
                format!(
                    "`{text}`: {what} is a whole number from 1 to {}",
                    super::MAX_IPS
                )
            })
    };
    let force = |w: Option<&&str>| -> Result<(UnitKind, u32), String> {
        let w = w.ok_or_else(|| format!("`{text}`: name the factors, `A3` or `F1`"))?;
        let (letter, digits) = w.split_at(1.min(w.len()));
        let kind = match letter.to_ascii_uppercase().as_str() {
            "A" => UnitKind::Army,
            "F" => UnitKind::Fleet,
            _ => return Err(format!("`{w}` is not a force: write `A3` or `F1`")),
        };
        let n = if digits.is_empty() {
            1
        } else {
            digits
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=super::MAX_FACTORS).contains(n))
                .ok_or_else(|| {
                    format!(
                        "`{w}`: the factors are a whole number from 1 to {}",
                        super::MAX_FACTORS
                    )
                })?
        };
        Ok((kind, n))
    };
    let place = |w: Option<&&str>| -> Result<String, String> {
        let w = w.ok_or_else(|| format!("`{text}`: a province is missing"))?;
        board
            .resolve_name(w)
            .ok_or_else(|| format!("`{w}` is no location of this board"))
    };
    match verb.as_str() {
        "supply" => {
            let (kind, strength) = force(ws.get(1))?;
            Ok(WinterOrder::Supply {
                kind,
                strength,
                location: place(ws.get(2))?,
            })
        }
        "build" => {
            let w = ws.get(1).copied().unwrap_or("");
            if let Some(n) = w.strip_prefix(['P', 'p']) {
                return Ok(WinterOrder::Squadrons {
                    count: if n.is_empty() {
                        1
                    } else {
                        number(Some(&n), "a number of squadrons")?
                    },
                });
            }
            let (kind, strength) = force(ws.get(1))?;
            Ok(WinterOrder::Build {
                kind,
                strength,
                location: place(ws.get(2))?,
            })
        }
        "factory" | "factories" => Ok(WinterOrder::Factory {
            count: number(ws.get(1), "a number of IPs")?,
        }),
        "give" => {
            let count = number(ws.get(1), "a number of IPs")?;
            let rest = ws.get(2..).map(|r| r.join(" ")).unwrap_or_default();
            let rest = rest.strip_prefix("to ").unwrap_or(&rest);
            let to = super::position::power_of(game, rest)
                .ok_or_else(|| format!("`{rest}` is not a power"))?;
            Ok(WinterOrder::Give { count, to })
        }
        _ => Err(format!(
            "`{text}`: a winter order is `supply A2 Bel`, `build A3 Lon`, `build P1`, \
             `factory 1` or `give 3 France`"
        )),
    }
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
pub fn parse_air(game: &Game, text: &str) -> Result<AirOrder, String> {
    let ws: Vec<&str> = text.split_whitespace().collect();
    let squadrons = ws
        .first()
        .and_then(|w| w[1..].parse::<u32>().ok())
        .filter(|n| (1..=super::MAX_IPS).contains(n))
        .ok_or_else(|| format!("`{text}`: write the squadrons as `P3`, at least 1"))?;
    let attack = match ws.get(1).map(|w| w.to_ascii_lowercase()) {
        Some(w) if w == "a" => true,
        Some(w) if w == "d" => false,
        _ => {
            return Err(format!(
                "`{text}`: `a` (attack) or `d` (defend) follows the squadrons"
            ))
        }
    };
    let rest = ws.get(2..).map(|r| r.join(" ")).unwrap_or_default();
    let over = super::position::power_of(game, &rest)
        .ok_or_else(|| format!("`{rest}` is not a power: squadrons fly over a power's country"))?;
    let neutral = game
        .rules
        .multi_factor
        .as_ref()
        .is_some_and(|m| m.neutrals.iter().any(|s| game.sides[*s].id == over));
    if neutral {
        return Err(format!(
            "`{rest}`: neutrals are neither attacked nor defended from the air"
        ));
    }
    Ok(AirOrder {
        squadrons,
        over,
        attack,
    })
}
