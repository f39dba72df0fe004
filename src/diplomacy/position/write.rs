//! A position as the reports show it ([`view`]) and as a position file ([`to_toml`]).

use super::*;

/// A position as JSON reports show it, laid out like the file.
#[derive(Debug, Clone, Serialize)]
pub struct PositionView {
    /// Turn id.
    pub turn: String,
    /// Turn name.
    pub turn_name: String,
    /// Phase id.
    pub phase: String,
    /// Phase name.
    pub phase_name: String,
    /// Each power.
    pub powers: Vec<PowerView>,
    /// Retreat phase: provinces a standoff left empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub standoffs: Vec<String>,
}

/// One power in a [`PositionView`].
#[derive(Debug, Clone, Serialize)]
pub struct PowerView {
    /// Side id.
    pub power: String,
    /// Units, `A mun`.
    pub units: Vec<String>,
    /// Owned supply centres.
    pub centres: Vec<String>,
    /// Units of a strength other than 1: province → strength.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub strength: BTreeMap<String, u32>,
    /// Dislodged units: unit, attacker's province, by convoy.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dislodged: Vec<DislodgedView>,
    /// Games with industry: home IPs and squadrons.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub industry: Option<Holdings>,
    /// Games with industry: its IPs lying in home centres others took (centre → IPs).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub captured: BTreeMap<String, u32>,
    /// Games with hidden parts of units: its parts, `1/3 A lor` (only in a view for the
    /// power or the referee).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fractions: Vec<String>,
}

/// A dislodged unit in a [`PowerView`].
#[derive(Debug, Clone, Serialize)]
pub struct DislodgedView {
    /// `A ser`.
    pub unit: String,
    /// The attacker's province.
    pub from: String,
    /// The attack came by convoy.
    pub convoyed: bool,
    /// Its strength, when not 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength: Option<u32>,
}

/// The view of a position.
pub fn view(game: &Game, position: &Position) -> PositionView {
    // A multi-factor game writes each force with its factors (`A3 mun`); others a strength
    // table for the rare unit stronger than 1.
    let multi = game.rules.multi_factor.is_some();
    let text = |u: &Unit| {
        if multi {
            force_text(u)
        } else {
            unit_text(u)
        }
    };
    let turn = &game.turns[position.turn.min(game.turns.len().saturating_sub(1))];
    let phase = &game.phases[position.phase.min(game.phases.len().saturating_sub(1))];
    PositionView {
        turn: turn.id.clone(),
        turn_name: turn.name.clone(),
        phase: phase.id.clone(),
        phase_name: phase.name.clone(),
        powers: game
            .sides
            .iter()
            .map(|s| PowerView {
                power: s.id.clone(),
                units: position
                    .units
                    .iter()
                    .filter(|u| u.power == s.id)
                    .map(text)
                    .collect(),
                centres: position
                    .owners
                    .iter()
                    .filter(|(_, p)| **p == s.id)
                    .map(|(c, _)| c.clone())
                    .collect(),
                strength: position
                    .units
                    .iter()
                    .filter(|u| !multi && u.power == s.id && u.strength != 1)
                    .map(|u| {
                        (
                            u.location.split('/').next().unwrap_or("").to_string(),
                            u.strength,
                        )
                    })
                    .collect(),
                dislodged: position
                    .dislodged
                    .iter()
                    .filter(|d| d.unit.power == s.id)
                    .map(|d| DislodgedView {
                        unit: text(&d.unit),
                        from: d.from.clone(),
                        convoyed: d.convoyed,
                        strength: (!multi && d.unit.strength != 1).then_some(d.unit.strength),
                    })
                    .collect(),
                industry: position.industry.get(&s.id).copied(),
                captured: position
                    .captured
                    .iter()
                    .filter(|(_, c)| c.from == s.id)
                    .map(|(centre, c)| (centre.clone(), c.ips))
                    .collect(),
                fractions: position
                    .fractions
                    .iter()
                    .filter(|f| f.power == s.id)
                    .map(fraction_text)
                    .collect(),
            })
            .collect(),
        standoffs: position.standoffs.clone(),
    }
}

pub(super) fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A key as TOML writes it: bare when it may be (`austria`), else quoted (`"italië"`, a
/// power an imported board names in its own language).
pub(super) fn key(s: &str) -> String {
    let bare = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if bare {
        s.to_string()
    } else {
        quote(s)
    }
}

pub(super) fn list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quote(s)).collect();
    format!("[{}]", quoted.join(", "))
}

/// The position as a position file (the same bytes for the same position).
pub fn to_toml(game: &Game, position: &Position, comment: &str) -> String {
    let v = view(game, position);
    let mut out = String::new();
    for line in comment.lines() {
        out.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
    }
    out.push_str(&format!("game = {}\n", quote(&game.id)));
    out.push_str(&format!("turn = {}\n", quote(&v.turn)));
    out.push_str(&format!("phase = {}\n", quote(&v.phase)));
    if !v.standoffs.is_empty() {
        out.push_str(&format!("standoffs = {}\n", list(&v.standoffs)));
    }
    for p in &v.powers {
        out.push_str(&format!("\n[power.{}]\n", key(&p.power)));
        out.push_str(&format!("units = {}\n", list(&p.units)));
        out.push_str(&format!("centres = {}\n", list(&p.centres)));
        if let Some(h) = p.industry {
            out.push_str(&format!("ips = {}\nsquadrons = {}\n", h.ips, h.squadrons));
        }
        if !p.fractions.is_empty() {
            out.push_str(&format!("fractions = {}\n", list(&p.fractions)));
        }
        if !p.captured.is_empty() {
            let pairs: Vec<String> = p
                .captured
                .iter()
                .map(|(k, n)| format!("{} = {n}", key(k)))
                .collect();
            out.push_str(&format!("captured = {{ {} }}\n", pairs.join(", ")));
        }
        if !p.strength.is_empty() {
            let pairs: Vec<String> = p
                .strength
                .iter()
                .map(|(k, s)| format!("{k} = {s}"))
                .collect();
            out.push_str(&format!("strength = {{ {} }}\n", pairs.join(", ")));
        }
        if !p.dislodged.is_empty() {
            out.push_str("dislodged = [\n");
            for d in &p.dislodged {
                out.push_str(&format!(
                    "  {{ unit = {}, from = {}{}{} }},\n",
                    quote(&d.unit),
                    quote(&d.from),
                    if d.convoyed { ", convoyed = true" } else { "" },
                    d.strength
                        .map(|s| format!(", strength = {s}"))
                        .unwrap_or_default()
                ));
            }
            out.push_str("]\n");
        }
    }
    out
}
