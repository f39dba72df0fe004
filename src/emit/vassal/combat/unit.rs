//! What a unit that can fight carries: the combat prototype (the `CombatRole` property set
//! by the Mark as attacker / Mark as defender / Clear combat mark menu commands, the label
//! showing the mark, and the Calculated properties the resolution reads: its site, whether
//! it is away from the defenders, out of supply, attacking across a hexside) and its
//! attack and defence factors on the face it shows.

use crate::model::{CounterId, FactorId, Game};
use crate::vassal::encoder::encode_or_empty;

use super::super::pieces::{Prototype, Trait};
use super::expr::{braced, named};
use super::{
    Combat, ATTACKER, ATTACK_FACTOR, AWAY, DEFENCE_FACTOR, DEFENDER, KEY_CLEAR, KEY_MARK_ATTACKER,
    KEY_MARK_DEFENDER, LOCATIONS, PROTO_COMBAT, ROLE, SITE, UNSUPPLIED,
};

/// The factor marked units attack with: `attack`, else the game's first factor.
pub fn attack_factor(game: &Game) -> Option<FactorId> {
    game.factor_index("attack")
        .or_else(|| (!game.factors.is_empty()).then_some(0))
}

/// The factor marked units defend with: `defence` (or `defense`), else the attack factor.
pub fn defence_factor(game: &Game) -> Option<FactorId> {
    game.factor_index("defence")
        .or_else(|| game.factor_index("defense"))
        .or_else(|| attack_factor(game))
}

/// Whether a counter can be marked for combat: the game has a combat results table and the
/// counter is a combat unit (not a marker).
pub fn takes_part(game: &Game, counter: CounterId) -> bool {
    !game.crts.is_empty() && game.is_combat(counter) && !game.is_marker(counter)
}

/// The calculated factor properties of one counter: its attack and defence on the face the
/// piece shows (the `Level` layer's class for levelled units, the `Step` layer's face for
/// two-step units, else the front).
pub fn factor_traits(game: &Game, counter: CounterId) -> Vec<Trait> {
    let class_id = game.counters[counter].class;
    let class = &game.classes[class_id];
    let value = |f: Option<FactorId>, back: bool, c: &crate::model::Class| -> i64 {
        f.and_then(|f| {
            if back {
                c.faces.back(f)
            } else {
                c.faces.front(f)
            }
        })
        .unwrap_or(0)
    };
    let expression = |f: Option<FactorId>| -> String {
        if let Some(line) = game.line_of(class_id) {
            let mut e =
                value(f, false, &game.classes[*line.last().unwrap_or(&class_id)]).to_string();
            for (k, c) in line.iter().enumerate().rev().skip(1) {
                e = format!(
                    "Level_Level == {} ? {} : {e}",
                    k + 1,
                    value(f, false, &game.classes[*c])
                );
            }
            braced(&e)
        } else if class.is_stepped() {
            braced(&format!(
                "Step_Level == 2 ? {} : {}",
                value(f, true, class),
                value(f, false, class)
            ))
        } else {
            braced(&value(f, false, class).to_string())
        }
    };
    vec![
        calc(
            ATTACK_FACTOR,
            &expression(attack_factor(game)),
            "Attack factor of the face shown",
        ),
        calc(
            DEFENCE_FACTOR,
            &expression(defence_factor(game)),
            "Defence factor of the face shown",
        ),
    ]
}

/// A Calculated property trait (`calcProp;name;expression;description`).
fn calc(name: &str, expression: &str, description: &str) -> Trait {
    Trait {
        kind: format!(
            "calcProp;{}",
            encode_or_empty(&[name, expression, description], ';')
        ),
        state: String::new(),
    }
}

/// The Dynamic property `CombatRole` with its three menu commands.
pub(super) fn role_property() -> Trait {
    let command = |menu: &str, key: &str, value: &str| {
        encode_or_empty(
            &[
                menu.to_string(),
                named(key),
                encode_or_empty(&["P", value], ','),
            ],
            ':',
        )
    };
    let commands = [
        command("Mark as attacker", KEY_MARK_ATTACKER, ATTACKER),
        command("Mark as defender", KEY_MARK_DEFENDER, DEFENDER),
        command("Clear combat mark", KEY_CLEAR, ""),
    ];
    Trait {
        kind: format!(
            "PROP;{}",
            encode_or_empty(
                &[
                    ROLE.to_string(),
                    encode_or_empty(&["false", "0", "0", "false"], ','),
                    encode_or_empty(&commands, ','),
                    "Combat mark (A attacker, D defender)".to_string(),
                ],
                ';'
            )
        ),
        state: String::new(),
    }
}

/// A bold black-on-yellow label in the counter's top-left corner showing `CombatRole` (empty,
/// and so not drawn, when the unit is not marked). It leaves the piece's name alone.
pub(super) fn role_label() -> Trait {
    let fields: Vec<String> = [
        "",            // no key
        "",            // no menu command
        "12",          // font size
        "255,230,0",   // background
        "0,0,0",       // text colour
        "t",           // vertical position: top
        "0",           // vertical offset
        "l",           // horizontal position: left
        "0",           // horizontal offset
        "t",           // vertical justification: label's top at the top edge
        "l",           // horizontal justification
        "$pieceName$", // name format: unchanged
        "Dialog",      // font family
        "1",           // bold
        "0",           // rotation
        "CombatMark",  // property exposing the label
        "Combat mark", // description
        "false",       // always use the name format
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    Trait {
        kind: format!("label;{}", encode_or_empty(&fields, ';')),
        state: format!("${ROLE}$"),
    }
}

impl Combat {
    /// The prototype every unit that can fight carries.
    pub fn prototype(&self) -> Prototype {
        let place = self.place();
        let mut traits = vec![
            role_property(),
            role_label(),
            calc(
                SITE,
                &braced(&format!(
                    "{LOCATIONS}.lastIndexOf(\"#\", {LOCATIONS}.indexOf(\"|\" + {place} + \"|\"))"
                )),
                "Position of the unit's site in CombatLocations (-1: none)",
            ),
            calc(
                AWAY,
                &braced(&format!("{SITE} == CombatDefenderCode ? 0 : 1")),
                "1 when the unit is not at the defenders' site",
            ),
        ];
        if self.supply_layer {
            traits.push(calc(
                UNSUPPLIED,
                &braced("Supply_Active == true ? 1 : 0"),
                "1 when the Out of Supply marker shows",
            ));
        }
        for h in &self.hexsides {
            if let Some((piece, _)) = &h.across {
                traits.push(calc(
                    piece,
                    &braced(&format!(
                        "{}.contains(\"|\" + {place} + \"/\" + CombatDefenderAt + \"|\") ? 1 : 0",
                        h.property
                    )),
                    &format!("1 when the unit attacks the defender across {}", h.name),
                ));
            }
        }
        Prototype {
            name: PROTO_COMBAT.into(),
            description: "Units that can be marked as attacker or defender".into(),
            traits,
        }
    }
}
