//! Where a game on a province board stands between two phases ([`Position`]): the turn and
//! the phase to play, every power's units and supply centres, and in a retreat phase the
//! dislodged units and the standoffs. Made from a position file (`load::position`, every
//! mistake a located diagnostic), from a scenario or a save ([`from_positions`]), and written
//! back as a position file ([`to_toml`]); [`to_positions`] hands it to the rule helpers
//! (control, victory) as counters on the board.

use std::collections::BTreeMap;

use serde::Serialize;

use super::board::ProvinceBoard;
use super::fractions::{fraction_text, Fraction};
use super::movement::{display, kind_letter};
use super::retreat::Dislodged;
use super::{Board, Unit, UnitKind};
use crate::diag::source::FileId;
use crate::diag::suggest::did_you_mean;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::helpers::positions::{Position as Placed, Positions};
use crate::load::position::PositionFile;
use crate::model::{CounterId, Game, Location, OrderPhase, PhaseId, Site, TurnId};

/// A game's state between two phases, on its province board.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// The turn (an index into the calendar).
    pub turn: TurnId,
    /// The phase to play next (an index into the game's phases; one the turn plays).
    pub phase: PhaseId,
    /// Units on the board (not dislodged), by power in the game's side order, then by
    /// location. A unit's `power` is its side's id.
    pub units: Vec<Unit>,
    /// Owner (side id) of each owned supply centre (province id).
    pub owners: BTreeMap<String, String>,
    /// Retreat phase: the dislodged units.
    pub dislodged: Vec<Dislodged>,
    /// Retreat phase: provinces a standoff left empty.
    pub standoffs: Vec<String>,
    /// Games with industry: each power's home IPs and squadrons (side id → holdings).
    pub industry: BTreeMap<String, Holdings>,
    /// Games with industry: IPs captured with home centres, by centre: whose they are and
    /// how many (they count for whoever holds the centre).
    pub captured: BTreeMap<String, Captured>,
    /// Games with hidden parts of units (`[rules.fractions]`): every power's parts, seen only
    /// by their owner, by power in side order, then by location.
    pub fractions: Vec<Fraction>,
}

/// A power's IPs lying in one of its home centres that another power took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Captured {
    /// The power the IPs belong to (side id).
    pub from: String,
    /// How many.
    pub ips: u32,
}

/// A power's industry in a game with `[rules.industry]`: what its tracks show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Holdings {
    /// Industrial points of its home country (captured IPs included).
    pub ips: u32,
    /// Squadrons of aircraft.
    pub squadrons: u32,
}

impl Position {
    /// Units and dislodged units in canonical order (side order, then location).
    pub fn normalise(&mut self, game: &Game) {
        let rank = |power: &str| game.side_index(power).unwrap_or(usize::MAX);
        self.units.sort_by(|a, b| {
            (rank(&a.power), &a.location, a.kind).cmp(&(rank(&b.power), &b.location, b.kind))
        });
        self.dislodged.sort_by(|a, b| {
            (rank(&a.unit.power), &a.unit.location).cmp(&(rank(&b.unit.power), &b.unit.location))
        });
        self.standoffs.sort();
        self.standoffs.dedup();
        self.fractions.sort_by(|a, b| {
            (rank(&a.power), &a.location, a.kind, a.size).cmp(&(
                rank(&b.power),
                &b.location,
                b.kind,
                b.size,
            ))
        });
    }

    /// The kind of orders its phase takes.
    pub fn orders(&self, game: &Game) -> Option<OrderPhase> {
        game.phases.get(self.phase).and_then(|p| p.orders)
    }

    /// How many supply centres a power owns.
    pub fn centres_of(&self, power: &str) -> usize {
        self.owners.values().filter(|p| *p == power).count()
    }

    /// How many units a power has on the board.
    pub fn units_of(&self, power: &str) -> usize {
        self.units.iter().filter(|u| u.power == power).count()
    }
}

/// The phases a turn plays, in order (all of the game's when the turn names none).
pub fn turn_phases(game: &Game, turn: TurnId) -> Vec<PhaseId> {
    match game.turns.get(turn) {
        Some(t) if !t.phases.is_empty() => t.phases.clone(),
        _ => (0..game.phases.len()).collect(),
    }
}

/// A unit as positions and orders write it: `A mun`, `F stp/sc`.
pub fn unit_text(unit: &Unit) -> String {
    format!("{} {}", kind_letter(unit.kind), unit.location)
}

/// A multi-factor force as positions and orders write it: `A3 mun`, `F1 stp/sc`.
pub fn force_text(unit: &Unit) -> String {
    format!(
        "{}{} {}",
        kind_letter(unit.kind),
        unit.strength,
        unit.location
    )
}

/// A side by what orders and position files call it: its id, its name, a nation's
/// abbreviation (`ENG`) or name, in any case.
pub fn power_of(game: &Game, written: &str) -> Option<String> {
    let w = written.trim();
    let by_side = game
        .sides
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(w) || s.name.eq_ignore_ascii_case(w));
    if let Some(s) = by_side {
        return Some(s.id.clone());
    }
    game.nations
        .iter()
        .find(|n| n.abbreviation.eq_ignore_ascii_case(w) || n.name.eq_ignore_ascii_case(w))
        .and_then(|n| n.side)
        .map(|s| game.sides[s].id.clone())
}

/// The span of a string value's text inside its quotes (the whole value when it cannot
/// tell: a string with escapes).
fn inner(file: FileId, text: &str, span: std::ops::Range<usize>, value: &str) -> Span {
    let raw = text.get(span.clone()).unwrap_or("");
    if raw.len() == value.len() + 2 && raw.get(1..raw.len() - 1) == Some(value) {
        Span::new(file, span.start + 1..span.end - 1)
    } else {
        Span::new(file, span)
    }
}

/// A unit written `A mun`, `F spa/nc`, `army mun`: its kind and site, or a diagnostic.
fn unit_site(
    board: &ProvinceBoard,
    written: &str,
    at: &Span,
) -> Result<(UnitKind, Site, Option<u32>), Box<Diagnostic>> {
    let fail = |d: Diagnostic| -> Result<(UnitKind, Site, Option<u32>), Box<Diagnostic>> {
        Err(Box::new(d))
    };
    let trimmed = written.trim_start();
    let lead = written.len() - trimmed.len();
    let (kind_word, rest) = trimmed
        .split_once(char::is_whitespace)
        .unwrap_or((trimmed, ""));
    let sub = |from: usize, len: usize| {
        Span::new(at.file, at.range.start + from..at.range.start + from + len)
    };
    // `A3`, `F12`: a multi-factor unit's strength after its letter.
    let letter = kind_word.trim_end_matches(|c: char| c.is_ascii_digit());
    let strength = match &kind_word[letter.len()..] {
        "" => None,
        digits => match digits.parse::<u32>() {
            Ok(n) if (1..=super::MAX_FACTORS).contains(&n) => Some(n),
            _ => {
                return fail(
                    Diagnostic::error(
                        "bad-strength",
                        format!(
                            "`{kind_word}`: a unit's strength is 1 to {}",
                            super::MAX_FACTORS
                        ),
                    )
                    .at(at.clone())
                    .hint("write the factors after the letter: `A3 mun`"),
                )
            }
        },
    };
    if strength.is_some() && board.game.rules.multi_factor.is_none() {
        return fail(
            Diagnostic::error(
                "bad-strength",
                format!("`{kind_word}`: the units of this game have no factors"),
            )
            .at(if at.range.len() == written.len() {
                sub(lead, kind_word.len())
            } else {
                at.clone()
            })
            .hint(format!(
                "write the kind alone (`{letter} {}`); a unit stronger than 1 is given under \
                 `strength = {{ {0} = 2 }}`",
                rest.trim()
            )),
        );
    }
    let kind = match letter.to_ascii_lowercase().as_str() {
        "a" | "army" => UnitKind::Army,
        "f" | "fleet" => UnitKind::Fleet,
        _ => {
            return fail(
                Diagnostic::error("bad-unit", format!("`{written}` is not a unit"))
                    .at(at.clone())
                    .hint("write the kind and the location: `A mun`, `F stp/sc`"),
            )
        }
    };
    let name = rest.trim();
    let name_at = if at.range.len() == written.len() && !name.is_empty() {
        sub(
            lead + kind_word.len() + (rest.len() - rest.trim_start().len()),
            name.len(),
        )
    } else {
        at.clone()
    };
    if name.is_empty() {
        return fail(
            Diagnostic::error("bad-unit", format!("`{written}` names no location"))
                .at(at.clone())
                .hint("write the kind and the location: `A mun`, `F stp/sc`"),
        );
    }
    let Some(site) = board.resolve_name(name).and_then(|id| board.site(&id)) else {
        let ids: Vec<&str> = board.areas.areas.iter().map(|a| a.id.as_str()).collect();
        return fail(
            Diagnostic::error(
                "unknown-location",
                format!("no location `{name}` on the board"),
            )
            .at(name_at)
            .hint_opt(did_you_mean(name, ids.iter().copied())),
        );
    };
    match board.game.misplaced(board.areas, site, kind) {
        None => Ok((kind, site, strength)),
        Some(why) => fail(misplaced(board, site, kind, why).at(name_at)),
    }
}

/// The diagnostic of a unit of `kind` that cannot stand on `site` (the board's rule,
/// [`Game::misplaced`]), without its location, with a hint in the words of a position file.
fn misplaced(
    board: &ProvinceBoard,
    site: Site,
    kind: UnitKind,
    why: crate::model::Misplaced,
) -> Diagnostic {
    use crate::model::Misplaced;
    let area = &board.areas.areas[site.area];
    let d = Diagnostic::error(why.code(), why.message(board.areas, site, kind));
    match why {
        Misplaced::ArmyAtSea => d.hint("armies stand on land; a fleet is written `F`"),
        Misplaced::ArmyOnCoast => d.hint(format!("write `A {}`", area.id)),
        Misplaced::Impassable => d.hint(format!(
            "its terrain `{}` keeps every {} out",
            board.game.terrain[area.terrain].id,
            kind.as_str()
        )),
        Misplaced::CoastNeeded => {
            let coasts: Vec<String> = board
                .areas
                .fleet_sites(site.area)
                .iter()
                .map(|s| board.site_id(*s))
                .collect();
            d.hint(format!("write one of {}", coasts.join(", ")))
        }
        Misplaced::FleetInland => {
            d.hint("fleets stand at sea and on coasts; an army is written `A`")
        }
    }
}

/// A part written `1/3 A lor` (an army part at sea rides the fleet there): its size, kind
/// and location, or a diagnostic.
fn fraction_site(
    board: &ProvinceBoard,
    written: &str,
    at: &Span,
) -> Result<(crate::model::rules::Share, UnitKind, String), Box<Diagnostic>> {
    let Some(rules) = &board.game.rules.fractions else {
        return Err(Box::new(
            Diagnostic::error("no-fractions", "this game has no hidden parts of units")
                .at(at.clone())
                .hint("`fractions` belongs to games with `[rules.fractions]`"),
        ));
    };
    let bad = |why: String| {
        Box::new(
            Diagnostic::error("bad-fraction", why)
                .at(at.clone())
                .hint(format!("write a part as `1/{} A lor`", rules.parts)),
        )
    };
    let trimmed = written.trim();
    let (size, rest) = trimmed
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad(format!("`{written}` is not a part of a unit")))?;
    let size = crate::model::rules::parse_share(size)
        .ok_or_else(|| bad(format!("`{size}` is not a part of a unit")))?;
    match unit_site(board, rest, at) {
        Ok((kind, site, None)) => Ok((size, kind, board.site_id(site))),
        Ok((_, _, Some(_))) => Err(bad(format!("`{written}`: a part has no factors"))),
        // An army part at sea rides a fleet (checked with the other parts).
        Err(d) if d.code == "army-at-sea" => {
            let id = board
                .resolve_name(
                    rest.split_once(char::is_whitespace)
                        .map_or("", |x| x.1)
                        .trim(),
                )
                .ok_or(d)?;
            Ok((size, UnitKind::Army, id))
        }
        Err(d) => Err(d),
    }
}

/// Resolve a position file against the game's board: the position, or every mistake in it
/// (unknown turn, phase, power or location, an army at sea, a fleet inland, two units in one
/// province, a centre owned twice, …), each located.
pub fn resolve(
    board: &ProvinceBoard,
    file: FileId,
    text: &str,
    p: &PositionFile,
) -> Result<Position, Diagnostics> {
    let game = board.game;
    let mut diags = Diagnostics::default();
    let span = |s: std::ops::Range<usize>| Span::new(file, s);
    let value_span =
        |s: &crate::load::schema::Spanned<String>| inner(file, text, s.span(), s.get_ref());
    if let Some(g) = &p.game {
        if g.get_ref() != &game.id {
            diags.push(
                Diagnostic::error(
                    "wrong-game",
                    format!("this position is of `{}`, not `{}`", g.get_ref(), game.id),
                )
                .at(value_span(g))
                .hint("adjudicate it with its own game directory"),
            );
        }
    }
    let turn = game.turns.iter().position(|t| t.id == *p.turn.get_ref());
    if turn.is_none() {
        let ids: Vec<&str> = game.turns.iter().map(|t| t.id.as_str()).collect();
        diags.push(
            Diagnostic::error(
                "unknown-turn",
                format!("`{}` is not a turn of the calendar", p.turn.get_ref()),
            )
            .at(value_span(&p.turn))
            .hint(
                did_you_mean(p.turn.get_ref(), ids.iter().copied()).unwrap_or_else(|| {
                    match (ids.first(), ids.last()) {
                        (Some(a), Some(b)) => format!("the calendar runs from `{a}` to `{b}`"),
                        _ => "the game has no calendar".to_string(),
                    }
                }),
            ),
        );
    }
    let phase = turn.and_then(|t| {
        let phases = turn_phases(game, t);
        let Some(written) = &p.phase else {
            return phases.first().copied();
        };
        let found = phases
            .iter()
            .copied()
            .find(|&ph| game.phases[ph].id == *written.get_ref());
        if found.is_none() {
            let ids: Vec<&str> = phases
                .iter()
                .map(|&ph| game.phases[ph].id.as_str())
                .collect();
            diags.push(
                Diagnostic::error(
                    "unknown-phase",
                    format!(
                        "`{}` is not a phase of {}",
                        written.get_ref(),
                        game.turns[t].name
                    ),
                )
                .at(value_span(written))
                .hint(format!("its phases: {}", ids.join(", "))),
            );
        }
        found
    });
    let retreat_phase = phase.and_then(|ph| game.phases[ph].orders) == Some(OrderPhase::Retreat);
    let multi = game.rules.multi_factor.is_some();
    let mut industry: BTreeMap<String, Holdings> = BTreeMap::new();
    let mut captured: BTreeMap<String, Captured> = BTreeMap::new();
    let mut units: Vec<Unit> = Vec::new();
    let mut unit_spans: Vec<Span> = Vec::new();
    let mut fractions: Vec<Fraction> = Vec::new();
    let mut fraction_spans: Vec<Span> = Vec::new();
    let mut dislodged: Vec<Dislodged> = Vec::new();
    let mut dislodged_spans: Vec<Span> = Vec::new();
    let mut owners: BTreeMap<String, String> = BTreeMap::new();
    let mut owner_spans: BTreeMap<String, Span> = BTreeMap::new();
    for (written, part) in &p.power {
        let Some(power) = game
            .side_index(written.get_ref())
            .map(|s| game.sides[s].id.clone())
        else {
            let ids: Vec<&str> = game.sides.iter().map(|s| s.id.as_str()).collect();
            diags.push(
                Diagnostic::error(
                    "unknown-power",
                    format!("no power `{}` in `{}`", written.get_ref(), game.id),
                )
                .at(span(written.span()))
                .hint(
                    did_you_mean(written.get_ref(), ids.iter().copied())
                        .unwrap_or_else(|| format!("its powers: {}", ids.join(", "))),
                ),
            );
            continue;
        };
        if game.rules.industry.is_none() {
            let kept = [("ips", &part.ips), ("squadrons", &part.squadrons)]
                .into_iter()
                .filter_map(|(key, v)| Some((key, v.as_ref()?.span())))
                .chain(part.captured.keys().map(|c| ("captured", c.span())));
            for (key, at) in kept {
                diags.push(
                    Diagnostic::error(
                        "no-industry",
                        format!("`{key}`: `{}` has no industry", game.id),
                    )
                    .at(span(at))
                    .hint("`ips`, `squadrons` and `captured` belong to games with `[rules.industry]`: remove it"),
                );
            }
        }
        for v in [&part.ips, &part.squadrons]
            .into_iter()
            .flatten()
            .chain(part.captured.values())
        {
            if *v.get_ref() > super::MAX_IPS {
                diags.push(
                    Diagnostic::error(
                        "bad-value",
                        format!(
                            "{} is more than the {} IPs or squadrons a power may hold",
                            v.get_ref(),
                            super::MAX_IPS
                        ),
                    )
                    .at(span(v.span())),
                );
            }
        }
        if part.ips.is_some() || part.squadrons.is_some() {
            let h = industry.entry(power.clone()).or_default();
            h.ips = part.ips.as_ref().map_or(0, |v| *v.get_ref());
            h.squadrons = part.squadrons.as_ref().map_or(0, |v| *v.get_ref());
        }
        for (centre, ips) in &part.captured {
            let id = centre.get_ref().trim().to_ascii_lowercase();
            let home = game.sides.iter().find(|s| s.id == power).is_some_and(|s| {
                s.home
                    .iter()
                    .any(|(m, a)| *m == board.map && board.areas.areas[*a].id == id)
            });
            if !home {
                diags.push(
                    Diagnostic::error(
                        "not-a-home-centre",
                        format!("`{}` is not a home centre of {power}", centre.get_ref()),
                    )
                    .at(span(centre.span()))
                    .hint("`captured` lists the power's own home centres another power took, with the IPs lying there"),
                );
                continue;
            }
            captured.insert(
                id,
                Captured {
                    from: power.clone(),
                    ips: *ips.get_ref(),
                },
            );
        }
        let first_unit = units.len();
        for u in &part.units {
            let at = value_span(u);
            match unit_site(board, u.get_ref(), &at) {
                Ok((kind, site, strength)) => {
                    let province = board.areas.areas[site.area].id.clone();
                    let location = board.site_id(site);
                    // A multi-factor game lets a power hold an army and fleets (one per
                    // coast) in one province; other games one unit.
                    let clash = |x: &Unit| {
                        board.province(&x.location) == province
                            && (!multi
                                || x.power != power
                                || (x.kind == kind && x.location == location))
                    };
                    if let Some(k) = units.iter().position(clash) {
                        diags.push(
                            Diagnostic::error(
                                "two-units",
                                format!("two units in `{province}`"),
                            )
                            .at(at)
                            .note(unit_spans[k].clone(), "the other unit")
                            .hint(if multi {
                                "a province holds one power's army and its fleets, one per coast: \
                                 write their totals (`A3 kie`, `F2 kie`)"
                            } else {
                                "a province holds one unit (a dislodged one goes under `dislodged`)"
                            }),
                        );
                        continue;
                    }
                    let mut unit = Unit::new(&power, kind, &location);
                    unit.strength = strength.unwrap_or(1);
                    units.push(unit);
                    unit_spans.push(at);
                }
                Err(d) => diags.push(*d),
            }
        }
        for f in &part.fractions {
            let at = value_span(f);
            match fraction_site(board, f.get_ref(), &at) {
                Ok((size, kind, location)) => {
                    fractions.push(Fraction {
                        power: power.clone(),
                        kind,
                        size,
                        location,
                    });
                    fraction_spans.push(at);
                }
                Err(d) => diags.push(*d),
            }
        }
        for (province, strength) in &part.strength {
            let at = span(province.span());
            let Some(k) = (first_unit..units.len()).find(|&k| {
                board
                    .province(&units[k].location)
                    .eq_ignore_ascii_case(province.get_ref())
            }) else {
                diags.push(
                    Diagnostic::error(
                        "unknown-unit",
                        format!("{power} has no unit in `{}`", province.get_ref()),
                    )
                    .at(at)
                    .hint("`strength` names the province of one of the power's `units`"),
                );
                continue;
            };
            if *strength.get_ref() == 0 {
                diags.push(
                    Diagnostic::error("bad-strength", "a unit's strength is at least 1")
                        .at(span(strength.span())),
                );
                continue;
            }
            units[k].strength = *strength.get_ref();
        }
        for c in &part.centres {
            let at = value_span(c);
            let id = c.get_ref().trim().to_ascii_lowercase();
            let Some(site) = board.resolve_name(&id).and_then(|x| board.site(&x)) else {
                let ids = board.centre_ids();
                diags.push(
                    Diagnostic::error(
                        "unknown-location",
                        format!("no province `{}` on the board", c.get_ref()),
                    )
                    .at(at)
                    .hint_opt(did_you_mean(&id, ids.iter().map(String::as_str))),
                );
                continue;
            };
            let province = board.areas.areas[site.area].id.clone();
            if !game.is_owned_area(&province, board.areas.areas[site.area].supply_centre) {
                diags.push(
                    Diagnostic::error(
                        "not-a-centre",
                        format!("`{province}` is not a supply centre"),
                    )
                    .at(at)
                    .hint("`centres` lists the supply centres the power owns"),
                );
                continue;
            }
            if let Some(other) = owners.get(&province) {
                let mut d = Diagnostic::error(
                    "conflict",
                    format!("`{province}` is already owned by `{other}`"),
                )
                .at(at);
                if let Some(first) = owner_spans.get(&province) {
                    d = d.note(first.clone(), "owned here");
                }
                diags.push(d.hint("a supply centre has one owner"));
                continue;
            }
            owners.insert(province.clone(), power.clone());
            owner_spans.insert(province, at);
        }
        for d in &part.dislodged {
            let at = value_span(&d.unit);
            if !retreat_phase {
                diags.push(
                    Diagnostic::error(
                        "not-a-retreat-phase",
                        "dislodged units belong to a retreat phase",
                    )
                    .at(at)
                    .hint("set `phase` to the retreat phase, or place the unit under `units`"),
                );
                continue;
            }
            let (kind, site, written_strength) = match unit_site(board, d.unit.get_ref(), &at) {
                Ok(x) => x,
                Err(e) => {
                    diags.push(*e);
                    continue;
                }
            };
            let province = board.areas.areas[site.area].id.clone();
            let location = board.site_id(site);
            if let Some(k) = dislodged.iter().position(|x| {
                board.province(&x.unit.location) == province
                    && (!multi || x.unit.kind == kind && x.unit.location == location)
            }) {
                diags.push(
                    Diagnostic::error("two-units", format!("two dislodged units in `{province}`"))
                        .at(at)
                        .note(dislodged_spans[k].clone(), "the other unit"),
                );
                continue;
            }
            let from_at = value_span(&d.from);
            let from = board
                .resolve_name(d.from.get_ref())
                .and_then(|x| board.site(&x))
                .map(|s| board.areas.areas[s.area].id.clone());
            let Some(from) = from else {
                let ids: Vec<&str> = board.areas.areas.iter().map(|a| a.id.as_str()).collect();
                diags.push(
                    Diagnostic::error(
                        "unknown-location",
                        format!("no province `{}` on the board", d.from.get_ref()),
                    )
                    .at(from_at)
                    .hint_opt(did_you_mean(d.from.get_ref(), ids.iter().copied())),
                );
                continue;
            };
            let mut unit = Unit::new(&power, kind, &location);
            unit.strength = written_strength.unwrap_or(1);
            if let Some(s) = &d.strength {
                if *s.get_ref() == 0 {
                    diags.push(
                        Diagnostic::error("bad-strength", "a unit's strength is at least 1")
                            .at(span(s.span())),
                    );
                    continue;
                }
                unit.strength = *s.get_ref();
            }
            dislodged.push(Dislodged {
                unit,
                from,
                convoyed: d.convoyed,
            });
            dislodged_spans.push(at);
        }
    }
    let mut standoffs = Vec::new();
    for s in &p.standoffs {
        let at = value_span(s);
        if !retreat_phase {
            diags.push(
                Diagnostic::error("not-a-retreat-phase", "standoffs belong to a retreat phase")
                    .at(at)
                    .hint("set `phase` to the retreat phase, or drop `standoffs`"),
            );
            continue;
        }
        match board.resolve_name(s.get_ref()).and_then(|x| board.site(&x)) {
            Some(site) => {
                let province = board.areas.areas[site.area].id.clone();
                if let Some(k) = units
                    .iter()
                    .position(|u| board.province(&u.location) == province)
                {
                    diags.push(
                        Diagnostic::error(
                            "occupied-standoff",
                            format!("`{province}` is occupied, so no standoff left it empty"),
                        )
                        .at(at)
                        .note(unit_spans[k].clone(), "the unit there"),
                    );
                    continue;
                }
                standoffs.push(province);
            }
            None => {
                let ids: Vec<&str> = board.areas.areas.iter().map(|a| a.id.as_str()).collect();
                diags.push(
                    Diagnostic::error(
                        "unknown-location",
                        format!("no province `{}` on the board", s.get_ref()),
                    )
                    .at(at)
                    .hint_opt(did_you_mean(s.get_ref(), ids.iter().copied())),
                );
            }
        }
    }
    if let (Some(rules), Some(t)) = (&game.rules.fractions, turn) {
        for (i, why) in super::fractions::breaches(rules, board, &units, &fractions, t) {
            diags.push(
                Diagnostic::error("bad-fraction", why)
                    .at(fraction_spans[i].clone())
                    .hint("parts: at most 1 unit's worth in a province, fewer aboard a fleet, none larger than the rules allow"),
            );
        }
    }
    match (turn, phase) {
        (Some(turn), Some(phase)) if !diags.has_errors() => {
            let mut position = Position {
                turn,
                phase,
                units,
                owners,
                dislodged,
                standoffs,
                industry,
                captured,
                fractions,
            };
            position.normalise(game);
            Ok(position)
        }
        _ => Err(diags),
    }
}

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
        .map_or(1, |v| v.min(super::MAX_FACTORS))
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
                    super::movement::label(other)
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
                super::movement::label(other)
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
            super::movement::label(&d.unit)
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
fn owners_of(board: &ProvinceBoard, positions: &Positions) -> BTreeMap<String, String> {
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
fn captured_of(board: &ProvinceBoard, positions: &Positions) -> BTreeMap<String, Captured> {
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
fn industry_of(game: &Game, positions: &Positions) -> BTreeMap<String, Holdings> {
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

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A key as TOML writes it: bare when it may be (`austria`), else quoted (`"italië"`, a
/// power an imported board names in its own language).
fn key(s: &str) -> String {
    let bare = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if bare {
        s.to_string()
    } else {
        quote(s)
    }
}

fn list(items: &[String]) -> String {
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

#[cfg(test)]
mod tests {
    use super::key;

    /// A power named in Dutch (`italië`, DPjudge's `standard_dutch.map`) made a position file
    /// that TOML could not read: its key was written bare.
    #[test]
    fn a_key_that_cannot_stand_bare_is_quoted() {
        assert_eq!(key("austria"), "austria");
        assert_eq!(key("north-east_1"), "north-east_1");
        assert_eq!(key("italië"), "\"italië\"");
        assert_eq!(key("new york"), "\"new york\"");
        let doc: toml::Table = format!("[power.{}]\nunits = []\n", key("italië"))
            .parse()
            .expect("TOML");
        assert!(doc["power"].get("italië").is_some());
    }
}
