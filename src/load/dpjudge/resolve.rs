//! The board made from what the files said: each location with the moves DPjudge allows both
//! ways (a one-way crossing a warning), the powers, their centres and units, the first phase and
//! the seasons of `FLOW`.

use super::*;

pub(super) fn resolve(r: Reading, diags: &mut Diagnostics) -> Board {
    let mut board = Board::default();
    let uppers: Vec<String> = r.locs.iter().map(|l| l.py_upper()).collect();
    let ids: Vec<String> = r.locs.iter().map(|l| l.py_lower()).collect();
    let provinces: Vec<String> = uppers
        .iter()
        .filter(|u| !u.contains('/'))
        .cloned()
        .collect();
    // Crossings written to no location.
    for l in &r.locs {
        for a in r.abut.get(l).into_iter().flatten() {
            let up = a.place.py_upper();
            let base = up.split('/').next().unwrap_or("");
            if key_of(&r, &up).is_none() && key_of(&r, base).is_none() {
                diags.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("`{l} ABUTS {}`: no location `{}`", a.place, a.place),
                    )
                    .at(a.span.clone())
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        &a.place.py_lower(),
                        ids.iter().map(String::as_str),
                    )),
                );
            }
        }
    }
    for (i, key) in r.locs.iter().enumerate() {
        let Some(raw) = r.kind.get(key) else {
            continue; // a name given to `AMEND` only: reported there
        };
        let up = &uppers[i];
        let names = r.names.get(up);
        let army_here = may_stand(&r, false, up);
        let fleet_here = may_stand(&r, true, up);
        let mut abuts: Vec<Abut> = Vec::new();
        // Armies: from a province, to each province DPjudge lets it reach, when it may come
        // back.
        if army_here {
            for p in provinces.iter().filter(|p| *p != up) {
                if !may_stand(&r, false, p) {
                    continue;
                }
                let Some(there) = may_move(&r, false, up, p) else {
                    continue;
                };
                if may_move(&r, false, p, up).is_none() {
                    diags.push(lost(
                        format!("an army may move from `{up}` to `{p}` but not back; sandtable's moves go both ways, so it is left out"),
                        there.span.clone(),
                    ));
                    continue;
                }
                abuts.push(Abut {
                    to: p.py_lower(),
                    armies: true,
                    fleets: false,
                    span: there.span.clone(),
                });
            }
        }
        if fleet_here {
            for t in uppers.iter().filter(|t| *t != up) {
                if !may_stand(&r, true, t) {
                    continue;
                }
                let Some(there) = may_move(&r, true, up, t) else {
                    continue;
                };
                if may_move(&r, true, t, up).is_none() {
                    diags.push(lost(
                        format!("a fleet may move from `{up}` to `{t}` but not back; sandtable's moves go both ways, so it is left out"),
                        there.span.clone(),
                    ));
                    continue;
                }
                let to = t.py_lower();
                match abuts.iter_mut().find(|a| a.to == to) {
                    Some(a) => a.fleets = true,
                    None => abuts.push(Abut {
                        to,
                        armies: false,
                        fleets: true,
                        span: there.span.clone(),
                    }),
                }
            }
        }
        // Every other written neighbour, for the schematic layout and impassable borders.
        for a in r.abut.get(key).into_iter().flatten() {
            let to = a.place.py_lower();
            if key_of(&r, &a.place.py_upper()).is_some() && !abuts.iter().any(|x| x.to == to) {
                abuts.push(Abut {
                    to,
                    armies: false,
                    fleets: false,
                    span: a.span.clone(),
                });
            }
        }
        board.locations.push(Location {
            id: ids[i].clone(),
            name: names.map(|n| n.name.clone()),
            aliases: names.map(|n| n.aliases.clone()).unwrap_or_default(),
            terrain: raw.terrain,
            fleets: fleet_here,
            abuts,
            span: raw.span.clone(),
        });
    }
    let known = |h: &str| key_of(&r, h).is_some();
    let mut taken: BTreeMap<String, String> = BTreeMap::new();
    for p in &r.powers {
        let mut home: Vec<String> = r
            .homes
            .get(&p.key)
            .into_iter()
            .flatten()
            .filter(|h| known(h))
            .map(|h| h.py_lower())
            .collect();
        // DPjudge lets two powers share a home centre (it builds for whichever owns it);
        // a sandtable side's home centres are its own.
        home.retain(|h| match taken.get(h) {
            Some(first) => {
                diags.push(lost(
                    format!("`{}`: the home centre `{h}` is also `{first}`'s; it stays `{first}`'s only", p.key),
                    p.span.clone(),
                ));
                false
            }
            None => {
                taken.insert(h.clone(), p.key.clone());
                true
            }
        });
        for h in r
            .homes
            .get(&p.key)
            .into_iter()
            .flatten()
            .filter(|h| !known(h))
        {
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!(
                        "`{}`: no location `{}` for a home centre",
                        p.key,
                        h.py_lower()
                    ),
                )
                .at(p.span.clone())
                .hint_opt(crate::diag::suggest::did_you_mean(
                    &h.py_lower(),
                    ids.iter().map(String::as_str),
                )),
            );
        }
        board.powers.push(Power {
            name: p.key.clone(),
            adjective: p.adjective.clone(),
            home,
            span: p.span.clone(),
        });
    }
    let homes: BTreeSet<String> = board
        .powers
        .iter()
        .flat_map(|p| p.home.iter().cloned())
        .collect();
    let mut unowned: Vec<String> = r
        .homes
        .get("UNOWNED")
        .into_iter()
        .flatten()
        .chain(r.centers.values().flatten())
        .filter(|c| known(c))
        .map(|c| c.py_lower())
        .filter(|c| !homes.contains(c))
        .collect();
    unowned.dedup();
    let mut seen = BTreeSet::new();
    unowned.retain(|c| seen.insert(c.clone()));
    board.unowned = unowned;
    if !r.centers.is_empty() {
        let mut owned = BTreeMap::new();
        for p in &board.powers {
            let list: Vec<String> = match r.centers.get(&p.name) {
                Some(c) => c
                    .iter()
                    .filter(|c| known(c))
                    .map(|c| c.py_lower())
                    .collect(),
                // DPjudge: a power without `OWNS` owns all its home centres, a shared one
                // too (its home stays the first power's only).
                None => {
                    let mut seen = BTreeSet::new();
                    r.homes
                        .get(&p.name)
                        .into_iter()
                        .flatten()
                        .filter(|h| known(h))
                        .map(|h| h.py_lower())
                        .filter(|h| seen.insert(h.clone()))
                        .collect()
                }
            };
            if r.centers
                .get(&p.name)
                .is_some_and(|c| c.iter().any(|c| c == "SC!" || c == "SC?"))
            {
                diags.push(lost(format!("`{}` may build in any vacant home centre it does not own (`SC!`, `SC?`): not held", p.name), p.span.clone()));
            }
            owned.insert(p.name.clone(), list);
        }
        board.owned = Some(owned);
    }
    for (power, kind, at, span) in &r.units {
        if !may_stand(&r, kind == &'F', at) {
            diags.push(
                Diagnostic::error("bad-dpjudge", format!("{} cannot stand in `{}`", if *kind == 'F' { "a fleet" } else { "an army" }, at.py_lower()))
                    .at(span.clone())
                    .hint(if *kind == 'F' { "a fleet stands at sea, on a coast, or on one coast of a province with several (`F STP/SC`)" } else { "an army stands on land, in a province (not on a coast)" }),
            );
            continue;
        }
        board.units.push(Unit {
            power: power.clone(),
            kind: *kind,
            at: at.py_lower(),
            span: span.clone(),
        });
    }
    board.victory = r.victory;
    board.begin = r.begin;
    board.flow = read_flow(&r.flow, diags);
    board
}

/// The seasons of `FLOW` items (`SPRING:MOVEMENT,RETREATS`, `NEWYEAR:5`, `IFYEARDIV:2`).
pub(super) fn read_flow(items: &[(String, Span)], diags: &mut Diagnostics) -> Vec<Season> {
    let mut out: Vec<Season> = Vec::new();
    for (item, span) in items {
        let (season, phases) = item.split_once(':').unwrap_or((item, ""));
        let season = season.py_upper();
        match season.as_str() {
            "NEWYEAR" => {
                let step = phases.parse::<i64>().unwrap_or(1);
                if step != 1 {
                    diags.push(lost(format!("`FLOW {item}`: a game year here is {step} years; sandtable's calendar counts one year at a time"), span.clone()).hint("the turns are numbered one year apart from the first"));
                }
                continue;
            }
            "IFYEARDIV" => {
                diags.push(lost(format!("`FLOW {item}`: the phases after it are played only in some years; sandtable plays them every year"), span.clone()));
                continue;
            }
            _ => {}
        }
        if phases.is_empty() {
            diags.push(
                bad(
                    format!("`FLOW {item}`: a season is followed by `:` and its phases"),
                    span.clone(),
                )
                .hint("e.g. `FLOW SPRING:MOVEMENT,RETREATS`"),
            );
            continue;
        }
        let mut list = Vec::new();
        for p in phases.split(',') {
            match phase_of(p) {
                Some(p) => list.push(p),
                None => diags.push(lost(format!("`FLOW {item}`: the phase `{p}` is not one sandtable plays (movement, retreats, adjustments); left out"), span.clone())),
            }
        }
        match out.last_mut() {
            Some(last) if last.name == season => last.phases.extend(list),
            _ => out.push(Season {
                name: season,
                phases: list,
            }),
        }
    }
    out
}
