//! The board made from the sections: provinces and their terrain from the moves they allow,
//! split coasts, crossings both ways, powers with their centres and units.

use super::*;

pub(super) fn entries<'a>(s: &'a Sections, name: &str) -> &'a [Entry] {
    s.get(name).map_or(&[], |s| s.entries.as_slice())
}

pub(super) fn resolve(s: &Sections, diags: &mut Diagnostics) -> Board {
    let mut board = Board::default();

    // Province names.
    let mut names: BTreeMap<String, (String, Span)> = BTreeMap::new();
    for e in entries(s, "provinces") {
        let id = e.key.to_ascii_lowercase();
        if let Some((_, first)) = names.get(&id) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("province `{}` is named twice", e.key),
                )
                .at(e.key_span.clone())
                .note(first.clone(), "first named here"),
            );
            continue;
        }
        names.insert(id, (e.value.clone(), e.key_span.clone()));
    }

    // The provinces and their coasts.
    let mut raws: Vec<Raw> = Vec::new();
    for e in entries(s, "borders") {
        let Some(raw) = read_border(e, diags) else {
            continue;
        };
        if let Some(first) = raws.iter().find(|r| r.id == raw.id) {
            diags.push(
                Diagnostic::error(
                    "duplicate-id",
                    format!("province `{}` is described twice", e.key),
                )
                .at(e.key_span.clone())
                .note(first.span.clone(), "first described here"),
            );
            continue;
        }
        raws.push(raw);
    }
    let mut ids: Vec<String> = Vec::new();
    for r in &raws {
        ids.push(r.id.clone());
        for (c, _) in &r.coasts {
            ids.push(format!("{}/{c}", r.id));
        }
    }
    let check = |to: &str, span: &Span, diags: &mut Diagnostics| -> bool {
        if ids.iter().any(|i| i == to) {
            return true;
        }
        diags.push(
            Diagnostic::error("unknown-reference", format!("no location `{to}`"))
                .at(span.clone())
                .hint_opt(crate::diag::suggest::did_you_mean(
                    to,
                    ids.iter().map(String::as_str),
                )),
        );
        false
    };
    for r in &raws {
        let name = names.get(&r.id).map(|(n, _)| n.clone());
        let has_fleet = r.fleet.is_some() || !r.coasts.is_empty();
        let terrain = match (r.army.is_some(), has_fleet) {
            (true, true) => Terrain::Coast,
            (true, false) => Terrain::Land,
            _ => Terrain::Water,
        };
        let mut abuts: Vec<Abut> = Vec::new();
        for (list, armies) in [(&r.army, true), (&r.fleet, false)] {
            for (to, span) in list.iter().flatten() {
                if !check(to, span, diags) {
                    continue;
                }
                match abuts.iter_mut().find(|a| a.to == *to) {
                    Some(a) if armies => a.armies = true,
                    Some(a) => a.fleets = true,
                    None => abuts.push(Abut {
                        to: to.clone(),
                        armies,
                        fleets: !armies,
                        span: span.clone(),
                    }),
                }
            }
        }
        board.locations.push(Location {
            id: r.id.clone(),
            name: name.clone(),
            aliases: Vec::new(),
            terrain,
            fleets: r.fleet.is_some() && r.coasts.is_empty(),
            abuts,
            span: r.span.clone(),
        });
        for (c, list) in &r.coasts {
            let abuts = list
                .iter()
                .filter(|(to, span)| check(to, span, diags))
                .map(|(to, span)| Abut {
                    to: to.clone(),
                    armies: false,
                    fleets: true,
                    span: span.clone(),
                })
                .collect();
            board.locations.push(Location {
                id: format!("{}/{c}", r.id),
                name: Some(format!(
                    "{} ({})",
                    name.clone().unwrap_or_else(|| r.id.to_ascii_uppercase()),
                    coast_name(c)
                )),
                aliases: Vec::new(),
                terrain: Terrain::Coast,
                fleets: true,
                abuts,
                span: r.span.clone(),
            });
        }
    }
    for (id, (_, span)) in &names {
        if !raws.iter().any(|r| r.id == *id) && !raws.is_empty() {
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!(
                        "`{}` is named but has no line in [borders]",
                        id.to_ascii_uppercase()
                    ),
                )
                .at(span.clone()),
            );
        }
    }
    let province = |id: &str, span: &Span, diags: &mut Diagnostics| -> bool {
        if raws.iter().any(|r| r.id == id) {
            return true;
        }
        diags.push(
            Diagnostic::error("unknown-reference", format!("no province `{id}`"))
                .at(span.clone())
                .hint_opt(crate::diag::suggest::did_you_mean(
                    id,
                    raws.iter().map(|r| r.id.as_str()),
                )),
        );
        false
    };

    // Powers: `[powers]` when given, else the codes of the centres' sections.
    let mut powers: Vec<(String, Power)> = Vec::new();
    for e in entries(s, "powers") {
        let code = e.key.to_ascii_uppercase();
        if let Some((_, first)) = powers.iter().find(|(c, _)| *c == code) {
            diags.push(
                Diagnostic::error("duplicate-id", format!("power `{code}` is given twice"))
                    .at(e.key_span.clone())
                    .note(first.span.clone(), "first given here"),
            );
            continue;
        }
        let mut words = e.value.split(',').map(str::trim);
        let name = words.next().filter(|n| !n.is_empty());
        let adjective = words.next().filter(|n| !n.is_empty()).map(str::to_string);
        let Some(name) = name else {
            diags.push(
                Diagnostic::error(BAD, format!("power `{code}` has no name"))
                    .at(e.span.clone())
                    .hint("e.g. `END=England,English`: the name, then the adjective"),
            );
            continue;
        };
        powers.push((
            code,
            Power {
                name: name.to_string(),
                adjective,
                home: Vec::new(),
                span: e.key_span.clone(),
            },
        ));
    }
    let named = !powers.is_empty();
    let homes = if s.contains_key("homes") {
        "homes"
    } else {
        "ownership"
    };
    let mut unowned: Vec<String> = Vec::new();
    let mut owned: Vec<(String, Vec<String>)> = Vec::new();
    for section in ["ownership", "homes"] {
        let mut done: Vec<(String, Span)> = Vec::new();
        for e in entries(s, section) {
            let code = e.key.to_ascii_uppercase();
            if let Some((_, first)) = done.iter().find(|(c, _)| *c == code) {
                diags.push(
                    Diagnostic::error(
                        "duplicate-id",
                        format!("`{code}` is given twice in [{section}]"),
                    )
                    .at(e.key_span.clone())
                    .note(first.clone(), "first given here"),
                );
                continue;
            }
            done.push((code.clone(), e.key_span.clone()));
            let list: Vec<String> = centres(e, diags)
                .into_iter()
                .filter(|(c, span)| province(c, span, diags))
                .map(|(c, _)| c)
                .collect();
            if code == "UNO" {
                for c in list {
                    if !unowned.contains(&c) {
                        unowned.push(c);
                    }
                }
                continue;
            }
            if !powers.iter().any(|(c, _)| *c == code) {
                if named {
                    diags.push(
                        Diagnostic::error("unknown-reference", format!("no power `{code}`"))
                            .at(e.key_span.clone())
                            .hint_opt(crate::diag::suggest::did_you_mean(
                                &code,
                                powers.iter().map(|(c, _)| c.as_str()),
                            )),
                    );
                    continue;
                }
                powers.push((
                    code.clone(),
                    Power {
                        name: code.clone(),
                        adjective: None,
                        home: Vec::new(),
                        span: e.key_span.clone(),
                    },
                ));
            }
            if section == "ownership" {
                owned.push((code.clone(), list.clone()));
            }
            if section == homes {
                if let Some((_, p)) = powers.iter_mut().find(|(c, _)| *c == code) {
                    p.home = list;
                }
            }
        }
    }
    // Home centres shared by powers (any power builds in any centre it owns, as in Hundred)
    // are not ours to give: each power's home is then what it owns at the start.
    let shared: Vec<String> = {
        let mut all: Vec<&String> = powers.iter().flat_map(|(_, p)| &p.home).collect();
        all.sort();
        let mut out: Vec<String> = all
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0].to_ascii_uppercase())
            .collect();
        out.dedup();
        out
    };
    if !shared.is_empty() && homes == "homes" && !owned.is_empty() {
        diags.push(
            Diagnostic::warning(
                BAD,
                format!(
                    "{} are home centres of several powers: each power's home centres are taken from [ownership] instead",
                    shared.join(", ")
                ),
            )
            .at_opt(s.get("homes").map(|h| h.header.clone()))
            .hint("a home centre belongs to one power; a rule that lets powers build in any centre they own is not imported"),
        );
        for (code, p) in powers.iter_mut() {
            p.home = owned
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, l)| l.clone())
                .unwrap_or_default();
        }
    }
    // A centre owned at the start is a supply centre even when no one's home.
    let homes_of: Vec<String> = powers.iter().flat_map(|(_, p)| p.home.clone()).collect();
    for e in entries(s, "ownership").iter().filter(|e| e.key != "UNO") {
        for (c, span) in centres(e, &mut Diagnostics::default()) {
            if !homes_of.contains(&c) && !unowned.contains(&c) && ids.contains(&c) {
                diags.push(
                    Diagnostic::warning(
                        BAD,
                        format!("`{}` is owned at the start but no one's home centre: it is imported as unowned", c.to_ascii_uppercase()),
                    )
                    .at(span),
                );
                unowned.push(c);
            }
        }
    }

    // Starting units.
    for e in entries(s, "positions") {
        let code = e.key.to_ascii_uppercase();
        let Some((_, p)) = powers.iter().find(|(c, _)| *c == code) else {
            diags.push(
                Diagnostic::error("unknown-reference", format!("no power `{code}`"))
                    .at(e.key_span.clone())
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        &code,
                        powers.iter().map(|(c, _)| c.as_str()),
                    )),
            );
            continue;
        };
        let name = p.name.clone();
        for u in units(e, &name, diags) {
            if check(&u.at, &u.span, diags) {
                board.units.push(u);
            }
        }
    }
    board.powers = powers.into_iter().map(|(_, p)| p).collect();
    board.unowned = unowned;
    board
}
