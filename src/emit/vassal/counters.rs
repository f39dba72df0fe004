//! Counters as VASSAL pieces: the prototypes (per nation, per side's Eliminate command, per
//! unit type, per step behaviour, the combat marks of [`super::combat`], and in a game of
//! written orders each side's Restricted Access) and each counter's own definition — its
//! Marker properties (factors, size, id), its combat factors on the face shown, its flip
//! Layer (full ↔ reduced) or level Layer, and its BasicPiece named exactly as `sandtable
//! scenario` names the counter.
//!
//! In a game of written orders ([`written_orders`]) a side's units are moved only by that
//! side's player or the [`REFEREE`] (the Restricted Access trait, outermost, so that it
//! also guards every command); control markers stay free for anyone to move. A side's
//! control marker draws its picture through a Layer at [`CONTROL_MARKER_SCALE`], small
//! beside the unit of the centre it marks.
//!
//! A counter of a class seen only by its own side (`visible-to = "own-side"`) has an
//! Invisible trait outermost, hidden by its side from the start ([`hidden_by`]): its side's
//! players (and the Referee) see it half transparent and move it, everyone else sees nothing.
//!
//! The level Layer spans the counter's whole line, each Level showing the face printing it:
//! for a two-level counter, raising or lowering between its own two Levels is the flip, and
//! going past them shows the face of the counter it is swapped for (which the save adapter,
//! `helpers/savegame.rs`, then reads as that counter).

use std::collections::BTreeMap;

use crate::model::counter::Visibility;
use crate::model::{CounterId, Game, PoolKind, SideId};

use super::pieces::{
    BasicState, Key, Layer, Piece, Prototype, Trait, KEY_CLONE, KEY_DELETE, KEY_ELIMINATE,
    KEY_FLIP, KEY_LEVEL_DOWN, KEY_LEVEL_UP, KEY_SUPPLY,
};
use super::plan::Plan;
use crate::layout::vassal::{unique_names, written_orders, CONTROL_MARKER_SCALE, OFF_MAP};

/// Prototype shared by every unit: Delete.
pub const PROTO_UNIT: &str = "Unit";
/// Prototype of markers: Clone and Delete.
pub const PROTO_MARKER: &str = "Marker";
/// Prototype of one-step units.
pub const PROTO_ONE_STEP: &str = "One-step unit";
/// Prototype of two-step units (reports the flip).
pub const PROTO_TWO_STEP: &str = "Two-step unit";
/// Prototype of levelled units (reports level changes).
pub const PROTO_LEVELLED: &str = "Levelled unit";
/// The side of a game of written orders that may move every unit (a player seated there
/// adjudicates and carries out the results; VASSAL counts it a solo side).
pub const REFEREE: &str = "Referee";
/// The Layer of a control marker.
pub const CONTROL_LAYER: &str = "Control";

/// Names of the prototypes of each nation, side and unit type (made unique).
pub struct Counters {
    /// All prototypes, in buildfile order.
    pub prototypes: Vec<Prototype>,
    nation_proto: Vec<String>,
    side_proto: Vec<String>,
    eliminate_proto: Vec<Option<String>>,
    restrict_proto: Vec<Option<String>>,
    type_proto: Vec<String>,
    factor_props: Vec<String>,
    /// The prototypes of the module the game was imported from, by name.
    kept_prototypes: BTreeMap<String, Vec<Trait>>,
}

/// A Java-expression-friendly property name: the abbreviation when it is one word, else the
/// id in CamelCase.
fn property_name(abbreviation: &str, id: &str) -> String {
    let ok = |s: &str| {
        s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if ok(abbreviation) {
        return abbreviation.to_string();
    }
    let camel: String = id
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            cs.next()
                .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default()
        })
        .collect();
    if ok(&camel) {
        camel
    } else {
        format!("F{camel}")
    }
}

/// The Removed box of a side: its own `removed` pool, else one without a side.
pub fn removed_pool(game: &Game, side: SideId) -> Option<usize> {
    let removed = |want: Option<SideId>| {
        game.pools
            .iter()
            .position(|p| p.kind == PoolKind::Removed && p.side == want)
    };
    removed(Some(side)).or_else(|| removed(None))
}

impl Counters {
    /// Builds the prototypes of a game.
    pub fn new(plan: &Plan<'_>) -> Self {
        let g = plan.game;
        let fixed = [
            PROTO_UNIT,
            PROTO_MARKER,
            PROTO_ONE_STEP,
            PROTO_TWO_STEP,
            PROTO_LEVELLED,
        ];
        let clean = |s: &str| s.replace([';', ','], " ");
        let nation_proto = unique_names(
            g.nations
                .iter()
                .map(|n| clean(&format!("Nation: {}", n.name))),
            &fixed,
        );
        let side_proto = unique_names(
            g.sides.iter().map(|s| clean(&format!("Side: {}", s.name))),
            &fixed,
        );
        let eliminate_names = unique_names(
            g.sides
                .iter()
                .map(|s| clean(&format!("Eliminate: {}", s.name))),
            &fixed,
        );
        let restrict_names = unique_names(
            g.sides
                .iter()
                .map(|s| clean(&format!("Moved by: {}", s.name))),
            &fixed,
        );
        let type_proto = unique_names(
            g.unit_types
                .iter()
                .map(|t| clean(&format!("Type: {}", t.name))),
            &fixed,
        );
        let factor_props = {
            let names: Vec<String> = g
                .factors
                .iter()
                .map(|f| property_name(&f.abbreviation, &f.id))
                .collect();
            names
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    if names.iter().filter(|m| *m == n).count() > 1 {
                        format!("{n}_{}", property_name("", &g.factors[i].id))
                    } else {
                        n.clone()
                    }
                })
                .collect()
        };

        let moves = "$oldPieceName$ → $newPieceName$ in $location$";
        let mut prototypes = vec![
            Prototype {
                name: PROTO_UNIT.into(),
                description: "Every unit".into(),
                traits: vec![Trait::delete("Delete", KEY_DELETE)],
            },
            Prototype {
                name: PROTO_MARKER.into(),
                description: "Markers".into(),
                traits: vec![
                    Trait::clone_piece("Clone", KEY_CLONE),
                    Trait::delete("Delete", KEY_DELETE),
                ],
            },
            Prototype {
                name: PROTO_ONE_STEP.into(),
                description: "Units with one step".into(),
                traits: vec![Trait::marker(&[("Steps".into(), "1".into())])],
            },
            Prototype {
                name: PROTO_TWO_STEP.into(),
                description: "Units with a reduced back".into(),
                traits: vec![
                    Trait::report(
                        &[KEY_FLIP],
                        "$oldPieceName$ flips to $newPieceName$ in $location$",
                        "Report flips",
                    ),
                    Trait::marker(&[("Steps".into(), "2".into())]),
                ],
            },
            Prototype {
                name: PROTO_LEVELLED.into(),
                description: "Units that change level within their line".into(),
                traits: vec![
                    Trait::report(
                        &[KEY_LEVEL_UP, KEY_LEVEL_DOWN],
                        moves,
                        "Report level changes",
                    ),
                    Trait::marker(&[("Steps".into(), "levels".into())]),
                ],
            },
        ];
        for (i, n) in g.nations.iter().enumerate() {
            let side = n.side.map(|s| g.sides[s].name.clone()).unwrap_or_default();
            prototypes.push(Prototype {
                name: nation_proto[i].clone(),
                description: format!("Counters of {}", n.name),
                traits: vec![Trait::marker(&[
                    ("Nation".into(), n.name.clone()),
                    ("Side".into(), side),
                ])],
            });
        }
        for (i, s) in g.sides.iter().enumerate() {
            prototypes.push(Prototype {
                name: side_proto[i].clone(),
                description: format!("Counters of {} without a nation", s.name),
                traits: vec![Trait::marker(&[
                    ("Nation".into(), String::new()),
                    ("Side".into(), s.name.clone()),
                ])],
            });
        }
        let mut eliminate_proto = Vec::new();
        for (i, s) in g.sides.iter().enumerate() {
            let Some(pool) = removed_pool(g, i).filter(|_| plan.off_map.is_some()) else {
                eliminate_proto.push(None);
                continue;
            };
            let zone = &g.pools[pool].name;
            prototypes.push(Prototype {
                name: eliminate_names[i].clone(),
                description: format!("Eliminated {} units go to {zone}", s.name),
                traits: vec![
                    Trait::report(
                        &[KEY_ELIMINATE],
                        "$oldPieceName$ eliminated → $location$",
                        "Report eliminations",
                    ),
                    Trait::send_to_zone("Eliminate", KEY_ELIMINATE, OFF_MAP, OFF_MAP, zone),
                ],
            });
            eliminate_proto.push(Some(eliminate_names[i].clone()));
        }
        let mut restrict_proto = Vec::new();
        for (i, s) in g.sides.iter().enumerate() {
            if !written_orders(g) {
                restrict_proto.push(None);
                continue;
            }
            let mut sides = vec![s.name.clone()];
            if s.name != REFEREE {
                sides.push(REFEREE.into());
            }
            prototypes.push(Prototype {
                name: restrict_names[i].clone(),
                description: format!("Units only {} or the {REFEREE} may move", s.name),
                traits: vec![Trait::restricted(&sides, &format!("Moved by {}", s.name))],
            });
            restrict_proto.push(Some(restrict_names[i].clone()));
        }
        let supply = plan
            .supply_marker()
            .map(|m| plan.counter_images[m].front.clone());
        let cs = g.art.counter_size as i32;
        for (i, t) in g.unit_types.iter().enumerate() {
            let mut traits = Vec::new();
            if let Some(image) = supply.as_ref().filter(|_| t.combat && t.symbol != "marker") {
                traits.push(Trait::report(&[KEY_SUPPLY], moves, "Report supply"));
                traits.push(Trait::layer(&Layer {
                    name: "Supply".into(),
                    images: vec![image.clone()],
                    names: vec!["+ (out of supply)".into()],
                    always_active: false,
                    activate_menu: "Out of Supply".into(),
                    activate_key: Some(KEY_SUPPLY),
                    up_menu: String::new(),
                    up_key: None,
                    down_menu: String::new(),
                    down_key: None,
                    loops: false,
                    offset: (cs / 4, cs / 4),
                    scale: 0.5,
                    state: -1,
                }));
            }
            traits.push(Trait::marker(&[
                ("Type".into(), t.name.clone()),
                ("Combat".into(), t.combat.to_string()),
            ]));
            prototypes.push(Prototype {
                name: type_proto[i].clone(),
                description: format!("{} units", t.name),
                traits,
            });
        }
        if let Some(combat) = super::combat::Combat::new(plan) {
            prototypes.push(combat.prototype());
        }
        Self {
            prototypes,
            nation_proto,
            side_proto,
            eliminate_proto,
            restrict_proto,
            type_proto,
            factor_props,
            kept_prototypes: plan.kept.prototype_map(),
        }
    }

    /// The prototypes some counter of the game uses, in buildfile order.
    pub fn used_prototypes(&self, plan: &Plan<'_>) -> Vec<&Prototype> {
        let mut used = std::collections::BTreeSet::new();
        for c in 0..plan.game.counters.len() {
            for t in self.piece(plan, c, 0, false).traits {
                if let Some(name) = t.kind.strip_prefix("prototype;") {
                    used.extend(crate::vassal::encoder::decode(name, ';').into_iter().next());
                }
            }
        }
        self.prototypes
            .iter()
            .filter(|p| used.contains(&p.name))
            .collect()
    }

    /// Prototype traits by name, for expanding pieces in saves.
    pub fn prototype_map(&self) -> BTreeMap<String, Vec<Trait>> {
        let mut map: BTreeMap<String, Vec<Trait>> = self
            .prototypes
            .iter()
            .map(|p| (p.name.clone(), p.traits.clone()))
            .collect();
        // The module's own prototypes, which its kept pieces name, in place of sandtable's
        // of the same name.
        map.extend(self.kept_prototypes.clone());
        map
    }

    /// The Marker property name of each factor (front face; the back adds `_Reduced`).
    pub fn factor_properties(&self) -> &[String] {
        &self.factor_props
    }

    /// A counter as a palette piece with slot id `gpid`, on its front face or, with
    /// `reduced`, on its back: the reduced face of a two-step unit, the back Level of a
    /// two-level counter (its `Level` layer at that Level).
    pub fn piece(&self, plan: &Plan<'_>, counter: CounterId, gpid: u32, reduced: bool) -> Piece {
        let g = plan.game;
        let c = &g.counters[counter];
        if let Some(kept) = plan.kept.pieces.get(&c.id) {
            // The module's own piece, as an import kept it, and the counter's id for the
            // helpers that read saves.
            let mut traits = vec![Trait::marker(&[("CounterId".to_string(), c.id.clone())])];
            traits.extend(kept.traits.iter().cloned());
            return Piece {
                traits,
                image: kept.image.clone(),
                name: kept.name.clone(),
                basic_state: BasicState::slot(&gpid.to_string()),
            };
        }
        let class = &g.classes[c.class];
        let images = &plan.counter_images[counter];
        let marker = g.is_marker(counter);
        let control = g.control_marker_side(counter).is_some();
        let mut traits = Vec::new();
        if !marker {
            if let Some(Some(p)) = g.side_of(counter).map(|s| &self.restrict_proto[s]) {
                traits.push(Trait::prototype(p));
            }
        }
        if let Some(n) = class.nation {
            traits.push(Trait::prototype(&self.nation_proto[n]));
        } else if let Some(s) = class.side {
            traits.push(Trait::prototype(&self.side_proto[s]));
        }
        if !marker {
            if let Some(Some(p)) = g.side_of(counter).map(|s| &self.eliminate_proto[s]) {
                traits.push(Trait::prototype(p));
            }
        }
        traits.push(Trait::prototype(&self.type_proto[class.unit_type]));
        if !marker {
            traits.push(Trait::prototype(if images.levels.is_some() {
                PROTO_LEVELLED
            } else if images.back.is_some() {
                PROTO_TWO_STEP
            } else {
                PROTO_ONE_STEP
            }));
        }
        let mut props = vec![
            ("CounterId".to_string(), c.id.clone()),
            ("Class".to_string(), class.name.clone()),
            (
                "Size".to_string(),
                class
                    .size
                    .map(|s| s.as_str().to_string())
                    .unwrap_or_default(),
            ),
            (
                "Designation".to_string(),
                c.designation.clone().unwrap_or_default(),
            ),
        ];
        for (f, v) in &class.faces.front {
            props.push((self.factor_props[*f].clone(), v.to_string()));
        }
        for (f, v) in class.faces.back.iter().flatten() {
            props.push((format!("{}_Reduced", self.factor_props[*f]), v.to_string()));
        }
        traits.push(Trait::marker(&props));
        if super::combat::takes_part(g, counter) {
            traits.push(Trait::prototype(super::combat::PROTO_COMBAT));
            traits.extend(super::combat::factor_traits(g, counter));
        }
        if let Some(back) = images.back.as_ref().filter(|_| class.is_stepped()) {
            traits.push(Trait::layer(&Layer {
                name: "Step".into(),
                images: vec![images.front.clone(), back.clone()],
                names: vec![String::new(), "+ (reduced)".into()],
                always_active: true,
                activate_menu: String::new(),
                activate_key: None,
                up_menu: "Flip".into(),
                up_key: Some(KEY_FLIP),
                down_menu: String::new(),
                down_key: None,
                loops: true,
                offset: (0, 0),
                scale: 1.0,
                state: if reduced { 2 } else { 1 },
            }));
        }
        if let (Some((files, own)), Some(line)) = (&images.levels, g.line_of(c.class)) {
            let shown = g.face_class(counter, reduced);
            let shown = line.iter().position(|k| *k == shown).unwrap_or(*own);
            // A designation only this counter of the line carries (the LOK letters) stays in
            // the name on every Level, so that `LOK A` and `LOK B` read apart in the chat.
            let own_designation = c.designation.as_ref().filter(|d| {
                !g.counters.iter().enumerate().any(|(o, other)| {
                    o != counter
                        && other.designation.as_ref() == Some(*d)
                        && [Some(other.class), other.back]
                            .into_iter()
                            .flatten()
                            .any(|k| line.contains(&k))
                })
            });
            let names = line
                .iter()
                .enumerate()
                .map(|(k, class)| {
                    if k == *own && c.back.is_none() {
                        String::new()
                    } else {
                        // Replaces the name while on that level (both Levels of a two-level
                        // counter are named, so that chat reports say which Level it shows).
                        let level = g.classes[*class].name.trim_matches('+');
                        match own_designation {
                            Some(d) => format!("{d} — {level}"),
                            None => level.to_string(),
                        }
                    }
                })
                .collect();
            traits.push(Trait::layer(&Layer {
                name: "Level".into(),
                images: files.clone(),
                names,
                always_active: true,
                activate_menu: String::new(),
                activate_key: None,
                up_menu: "Raise level".into(),
                up_key: Some(KEY_LEVEL_UP),
                down_menu: "Lower level".into(),
                down_key: Some(KEY_LEVEL_DOWN),
                loops: false,
                offset: (0, 0),
                scale: 1.0,
                state: shown as i32 + 1,
            }));
        }
        traits.extend(super::tracks::marker_traits(plan, counter));
        traits.extend(force_total(g, counter));
        if control {
            traits.push(Trait::layer(&Layer {
                name: CONTROL_LAYER.into(),
                images: vec![images.front.clone()],
                names: vec![String::new()],
                always_active: true,
                activate_menu: String::new(),
                activate_key: None,
                up_menu: String::new(),
                up_key: None,
                down_menu: String::new(),
                down_key: None,
                loops: false,
                offset: (0, 0),
                scale: CONTROL_MARKER_SCALE,
                state: 1,
            }));
        }
        traits.push(Trait::prototype(if marker {
            PROTO_MARKER
        } else {
            PROTO_UNIT
        }));
        if let Some(side) = hidden_by(g, counter) {
            // Outermost, so that nothing the piece draws (layers, labels) shows to others.
            let seers = seers(g, side);
            let description = format!("Seen only by {}", seers.join(" and the "));
            traits.insert(0, Trait::invisible(&seers, Some(side), &description));
        }
        Piece {
            traits,
            // A control marker's picture is its Layer's, drawn small.
            image: if control {
                String::new()
            } else {
                images.front.clone()
            },
            name: c.name.clone(),
            basic_state: BasicState::slot(&gpid.to_string()),
        }
    }
}

/// The side hiding a counter whose class is seen only by its own side (`visible-to =
/// "own-side"`), by the name VASSAL's roster gives it: the state of the counter's Invisible
/// trait ([`super::pieces::invisible_state`]); `None` for a counter everyone sees. A save
/// writer placing such a counter sets it with [`super::pieces::with_invisible_state`].
pub fn hidden_by(g: &Game, counter: CounterId) -> Option<&str> {
    (g.class_of(counter).visible_to == Visibility::OwnSide)
        .then(|| g.side_of(counter))
        .flatten()
        .map(|s| g.sides[s].name.as_str())
}

/// The sides whose players see a counter `side` hides: that side and, in a game of written
/// orders, the [`REFEREE`] who carries out every side's moves.
fn seers(g: &Game, side: &str) -> Vec<String> {
    let mut seers = vec![side.to_string()];
    if written_orders(g) && side != REFEREE {
        seers.push(REFEREE.into());
    }
    seers
}

/// Marker property of the army factors a counter holds in a multi-factor game.
pub const ARMY_FACTORS: &str = "ArmyFactors";
/// Marker property of the fleet factors a counter holds in a multi-factor game.
pub const FLEET_FACTORS: &str = "FleetFactors";

/// In a multi-factor game, what makes a stack of factor counters read as its force: each
/// army or fleet counter's factors as a property, and a label under the top counter of a
/// stack with the stack's totals (`A7 F2`), which VASSAL adds up as counters are dragged on
/// and off (`SumStack`).
fn force_total(g: &Game, counter: usize) -> Vec<Trait> {
    if g.rules.multi_factor.is_none() {
        return Vec::new();
    }
    let Some(kind) = g.type_of(counter).moves_as else {
        return Vec::new();
    };
    let strength = g
        .rules
        .multi_factor
        .as_ref()
        .and_then(|m| m.strength)
        .and_then(|f| g.class_of(counter).faces.front(f))
        .unwrap_or(1);
    let own = match kind {
        crate::model::UnitKind::Army => ARMY_FACTORS,
        crate::model::UnitKind::Fleet => FLEET_FACTORS,
    };
    let (a, f) = (
        format!("SumStack(\"{ARMY_FACTORS}\")"),
        format!("SumStack(\"{FLEET_FACTORS}\")"),
    );
    let text = format!(
        "{{StackPos == 1 ? (({a} > 0 ? \"A\" + {a} : \"\") + ({a} > 0 && {f} > 0 ? \" \" : \"\") \
         + ({f} > 0 ? \"F\" + {f} : \"\")) : \"\"}}"
    );
    vec![
        Trait::marker(&[(own.to_string(), strength.to_string())]),
        Trait::label(&text, "ForceTotal", "The stack's army and fleet factors"),
    ]
}

/// The key strokes and menu texts a player can use on counters, for the help page.
pub fn commands() -> Vec<(&'static str, Key, &'static str)> {
    vec![
        (
            "Eliminate",
            KEY_ELIMINATE,
            "send a unit to its side's Removed box",
        ),
        (
            "Out of Supply",
            KEY_SUPPLY,
            "show or hide the Out of Supply marker on a combat unit",
        ),
        ("Flip", KEY_FLIP, "turn a two-step unit to its other face"),
        ("Raise level", KEY_LEVEL_UP, "next level of a levelled unit"),
        ("Lower level", KEY_LEVEL_DOWN, "previous level"),
        ("Clone", KEY_CLONE, "copy a marker"),
        ("Delete", KEY_DELETE, "remove a piece from the game"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mini() -> Game {
        crate::testgame::mini()
    }

    #[test]
    fn a_reduced_two_step_unit_starts_on_its_back_with_prototypes_expanded() {
        let game = mini();
        let plan = Plan::new(&game).expect("plan");
        let counters = Counters::new(&plan);
        let red = game.counter_index("red-1").expect("red-1");
        let piece = counters.piece(&plan, red, 1, true);
        assert_eq!(piece.name, "1st Red Corps");
        let step = piece
            .traits
            .iter()
            .find(|t| t.kind.starts_with("emb2;") && t.kind.contains(";Step;"))
            .expect("a flip layer");
        assert_eq!(step.state, "2");
        let expanded = piece.expanded(&counters.prototype_map());
        assert!(expanded
            .traits
            .iter()
            .all(|t| !t.kind.starts_with("prototype;")));
        let kinds: Vec<&str> = expanded.traits.iter().map(|t| t.kind.as_str()).collect();
        assert!(kinds.contains(&"mark;Nation,Side"));
        assert!(kinds
            .iter()
            .any(|k| k.starts_with("sendto;Eliminate;69,130;Off-map boxes")));
        assert!(kinds.iter().any(|k| k.starts_with("emb2;Out of Supply;")));
        assert!(kinds.contains(&"delete;Delete;68,130;"));
        let oos = game.counter_index("oos").expect("oos");
        let marker = counters.piece(&plan, oos, 4, false);
        assert!(marker.traits.iter().any(|t| t.kind == "prototype;Marker"));
        assert!(!marker
            .traits
            .iter()
            .any(|t| t.kind.starts_with("prototype;Eliminate")));
    }

    #[test]
    fn factor_property_names_are_identifiers() {
        assert_eq!(property_name("AF", "attack"), "AF");
        assert_eq!(property_name("A-F", "attack-factor"), "AttackFactor");
        assert_eq!(property_name("", "2nd"), "F2nd");
    }
}
