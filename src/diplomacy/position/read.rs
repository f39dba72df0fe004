//! A position file resolved against the game ([`resolve`]): every unit, part and centre at a
//! place the board has, each mistake a located diagnostic.

use super::*;

/// The span of a string value's text inside its quotes (the whole value when it cannot
/// tell: a string with escapes).
pub(super) fn inner(file: FileId, text: &str, span: std::ops::Range<usize>, value: &str) -> Span {
    let raw = text.get(span.clone()).unwrap_or("");
    if raw.len() == value.len() + 2 && raw.get(1..raw.len() - 1) == Some(value) {
        Span::new(file, span.start + 1..span.end - 1)
    } else {
        Span::new(file, span)
    }
}

/// A unit written `A mun`, `F spa/nc`, `army mun`: its kind and site, or a diagnostic.
pub(super) fn unit_site(
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
            Ok(n) if (1..=crate::diplomacy::MAX_FACTORS).contains(&n) => Some(n),
            _ => {
                return fail(
                    Diagnostic::error(
                        "bad-strength",
                        format!(
                            "`{kind_word}`: a unit's strength is 1 to {}",
                            crate::diplomacy::MAX_FACTORS
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
pub(super) fn misplaced(
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
            d.hint(format!(
                "fleets stand at sea and on coasts; an army is written `A`; if `{}` is on the coast, the board lists no fleet move to or from it (`fleet` in its `[[map.area]]`)",
                board.site_id(site)
            ))
        }
    }
}

/// A part written `1/3 A lor` (an army part at sea rides the fleet there): its size, kind
/// and location, or a diagnostic.
pub(super) fn fraction_site(
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
            if *v.get_ref() > crate::diplomacy::MAX_IPS {
                diags.push(
                    Diagnostic::error(
                        "bad-value",
                        format!(
                            "{} is more than the {} IPs or squadrons a power may hold",
                            v.get_ref(),
                            crate::diplomacy::MAX_IPS
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
        for (i, why) in crate::diplomacy::fractions::breaches(rules, board, &units, &fractions, t) {
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
