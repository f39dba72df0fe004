//! A combat results table's chart: its columns, results and their key, and the modifiers that
//! shift or change it.

use super::*;

pub(crate) fn crt_page(game: &Game, i: usize, flavour: Flavour) -> ChartPage {
    let crt = &game.crts[i];
    let mut p = Page::with(flavour);
    p.heading(2, &crt.title);
    let kind = match crt.kind {
        CrtKind::Odds => "Columns are attack : defence odds, rounded in the defender's favour.",
        CrtKind::Differential => "Columns are attack minus defence.",
        CrtKind::Column => "Columns are named by the rules.",
    };
    let halving = match crt.kind {
        // A table read by named columns halves no factors.
        CrtKind::Column => String::new(),
        _ => format!(
            " Halved factors round {}.",
            if crt.halve_up { "up" } else { "down" }
        ),
    };
    p.para(&format!("Roll {}. {kind}{halving}", crt.dice));
    let mut header = vec!["Roll".to_string()];
    header.extend(crt.labels.iter().cloned());
    let rows: Vec<Vec<String>> = crt
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![r.label.clone()];
            row.extend(r.results.iter().cloned());
            row
        })
        .collect();
    p.table(&header, &rows);
    p.heading(3, "Results");
    let results: Vec<Vec<String>> = crt
        .results
        .iter()
        .map(|(c, m)| vec![c.clone(), m.clone()])
        .collect();
    p.table(&["Code", "Meaning"], &results);
    if !crt.modifiers.is_empty() {
        p.heading(3, "Modifiers");
        let items: Vec<String> = crt
            .modifiers
            .iter()
            .map(|m| {
                let mut when = Vec::new();
                // A condition the modifier's name already states is not said again
                // (`Mud`, not `Mud in Mud weather`).
                let named = |words: &str| says(&m.name, words);
                if let Some(w) = m.weather.filter(|&w| !named(&game.weather[w].name)) {
                    when.push(format!("in {} weather", game.weather[w].name));
                }
                if m.attacker_out_of_supply && !named("out of supply") {
                    when.push("when the attackers are out of supply".into());
                }
                if let Some(s) = m.attacking_side {
                    when.push(format!("in attacks by the {} side", game.sides[s].name));
                }
                if !m.attacking_nations.is_empty() {
                    when.push(format!(
                        "with a {} unit among the attackers",
                        names(
                            m.attacking_nations
                                .iter()
                                .map(|n| game.nations[*n].name.as_str()),
                            "or"
                        )
                    ));
                }
                let mut what = Vec::new();
                // A factor's shift goes right unless `shift` is negative (as the resolver
                // and the printed chart read it), also when `shift` is 0.
                match m.shift_factor {
                    Some(f) => what.push(format!(
                        "shift by the supporting unit's {} ({})",
                        game.factors[f].name,
                        if m.shift < 0 { "left" } else { "right" }
                    )),
                    None if m.shift != 0 => what.push(format!(
                        "{} column{}",
                        signed(m.shift),
                        if m.shift.abs() == 1 { "" } else { "s" }
                    )),
                    None => {}
                }
                if m.halve_attack {
                    what.push("attack halved".into());
                }
                if m.per_count {
                    let of = if m.unit_types.is_empty() {
                        "unit declared".to_string()
                    } else {
                        names(
                            m.unit_types
                                .iter()
                                .map(|t| game.unit_types[*t].name.as_str()),
                            "or",
                        )
                    };
                    what.push(format!("for each {of}"));
                } else if !m.unit_types.is_empty() {
                    when.push(format!(
                        "with a {} among the attackers",
                        names(
                            m.unit_types
                                .iter()
                                .map(|t| game.unit_types[*t].name.as_str()),
                            "or"
                        )
                    ));
                }
                if let Some(n) = m.max_shift {
                    what.push(format!(
                        "at most {n} column{}",
                        if n == 1 { "" } else { "s" }
                    ));
                }
                if !m.terrain.is_empty() {
                    when.push(format!(
                        "against a defender in {}",
                        names(
                            m.terrain.iter().map(|t| game.terrain[*t].name.as_str()),
                            "or"
                        )
                    ));
                }
                if !m.countries.is_empty() {
                    when.push(format!(
                        "in {}",
                        names(
                            m.countries.iter().map(|c| game.countries[*c].name.as_str()),
                            "or"
                        )
                    ));
                }
                if !m.except_countries.is_empty() {
                    when.push(format!(
                        "except in {}",
                        names(
                            m.except_countries
                                .iter()
                                .map(|c| game.countries[*c].name.as_str()),
                            "or"
                        )
                    ));
                }
                let mut cancels: Vec<String> = m
                    .negates
                    .iter()
                    .filter_map(|i| crt.modifiers.get(*i).map(|x| x.name.clone()))
                    .collect();
                cancels.extend(
                    m.negates_terrain
                        .iter()
                        .map(|t| format!("the {} shift", game.terrain[*t].name)),
                );
                if !cancels.is_empty() {
                    what.push(format!(
                        "cancels {}",
                        names(cancels.iter().map(String::as_str), "and")
                    ));
                }
                if what.is_empty() {
                    what.push("see the rules".into());
                }
                if let Some(side) = m.side {
                    what.push(format!(
                        "the {}'s shift",
                        match side {
                            crate::model::CombatSide::Attacker => "attacker",
                            crate::model::CombatSide::Defender => "defender",
                        }
                    ));
                }
                let when = if when.is_empty() {
                    String::new()
                } else {
                    format!(" {}", when.join(" and "))
                };
                format!("{}{when}: {}", m.name, what.join("; "))
            })
            .collect();
        p.list(&items);
    }
    ChartPage {
        name: crt.title.clone(),
        file: format!("chart-crt-{}.html", file_stem(&crt.id)),
        html: p.finish(&crt.title),
        body: p.body().to_string(),
    }
}
