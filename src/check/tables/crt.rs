//! Combat results tables (`[[crt]]`): the kind (odds, differential, column), its columns
//! in order, rows of results, modifiers and column shifts, and what each modifier cancels.

use super::*;

/// Parse a column heading of a table of `kind`.
pub(crate) fn parse_column(kind: CrtKind, text: &str) -> Option<CrtColumn> {
    let t = text.trim();
    let (below, t) = match t.strip_prefix('<').or_else(|| t.strip_prefix('≤')) {
        Some(rest) => (true, rest.trim_start_matches('=')),
        None => (false, t),
    };
    let (above, t) = match t.strip_suffix('+') {
        Some(rest) if rest.chars().any(|c| c.is_ascii_digit()) => (true, rest),
        _ => match t
            .strip_prefix(">=")
            .or_else(|| t.strip_prefix('≥'))
            .or_else(|| t.strip_prefix('>'))
        {
            Some(rest) => (true, rest),
            None => (false, t),
        },
    };
    match kind {
        CrtKind::Odds => {
            let (a, d) = t.split_once([':', '-'])?;
            let attack: u32 = a.trim().parse().ok()?;
            let defence: u32 = d.trim().parse().ok()?;
            (attack > 0 && defence > 0).then_some(CrtColumn::Odds {
                attack,
                defence,
                below,
                above,
            })
        }
        CrtKind::Differential => {
            let value: i64 = t.trim().trim_start_matches('+').parse().ok()?;
            Some(CrtColumn::Difference {
                value,
                below,
                above,
            })
        }
        CrtKind::Column => Some(CrtColumn::Label),
    }
}

/// Numeric position of a column, for order checks.
/// An open-below column (`<1:1`) sorts just under the value it names, an open-above one
/// (`6:1+`) just over it.
pub(super) fn column_value(c: &CrtColumn) -> f64 {
    let nudge = |below: bool, above: bool| match (below, above) {
        (true, _) => -1e-6,
        (_, true) => 1e-6,
        _ => 0.0,
    };
    match c {
        CrtColumn::Odds {
            attack,
            defence,
            below,
            above,
        } => f64::from(*attack) / f64::from(*defence) + nudge(*below, *above),
        CrtColumn::Difference {
            value,
            below,
            above,
        } => *value as f64 + nudge(*below, *above),
        CrtColumn::Label => 0.0,
    }
}

pub(super) fn check_crt(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    c: &crate::load::schema::Crt,
) -> Option<Crt> {
    let kind = match c.kind.get_ref().as_str() {
        "odds" => CrtKind::Odds,
        "differential" => CrtKind::Differential,
        "column" => CrtKind::Column,
        other => {
            cx.push(
                Diagnostic::error("unknown-value", format!("unknown table kind `{other}`"))
                    .at(Cx::span(file, &c.kind))
                    .hint("use `odds`, `differential` or `column`"),
            );
            return None;
        }
    };
    let dice = dice(cx, file, &c.dice)?;
    let mut columns = Vec::new();
    let mut ok = true;
    for col in &c.columns {
        match parse_column(kind, col.get_ref()) {
            Some(p) => columns.push(p),
            None => {
                ok = false;
                let example = match kind {
                    CrtKind::Odds => "`1:2`, `3:1`, `<1:1` or `6:1+`",
                    CrtKind::Differential => "`-2`, `0`, `+3`, `<-3` or `+6+`",
                    CrtKind::Column => "any label",
                };
                cx.push(
                    Diagnostic::error(
                        "bad-column",
                        format!(
                            "`{}` is not a column of a {} table",
                            col.get_ref(),
                            c.kind.get_ref()
                        ),
                    )
                    .at(Cx::span(file, col))
                    .hint(format!("write columns like {example}")),
                );
            }
        }
    }
    if c.columns.is_empty() {
        ok = false;
        cx.push(
            Diagnostic::error(
                "bad-table",
                format!("table `{}` has no columns", c.id.get_ref()),
            )
            .at(Cx::span(file, &c.id)),
        );
    }
    if ok && kind != CrtKind::Column {
        for (i, pair) in columns.windows(2).enumerate() {
            if column_value(&pair[1]) <= column_value(&pair[0]) {
                cx.push(
                    Diagnostic::error(
                        "bad-column",
                        format!(
                            "column `{}` does not follow `{}` in increasing order",
                            c.columns[i + 1].get_ref(),
                            c.columns[i].get_ref()
                        ),
                    )
                    .at(Cx::span(file, &c.columns[i + 1]))
                    .hint("list columns from the worst odds for the attacker to the best"),
                );
            }
        }
    }
    let codes: Vec<(String, String)> = c
        .result
        .iter()
        .map(|r| (r.code.get_ref().clone(), r.meaning.clone()))
        .collect();
    let mut rows = Vec::new();
    let mut covered = vec![0u32; dice.max() as usize + 1];
    for row in &c.rows {
        let r = row.get_ref();
        let label = r.roll.get_ref().clone();
        let (lo, hi) = match label.split_once('-') {
            Some((a, b)) => (a.trim().parse::<u32>().ok(), b.trim().parse::<u32>().ok()),
            None => {
                let v = label.trim().trim_end_matches('+').parse::<u32>().ok();
                let hi = if label.trim().ends_with('+') {
                    Some(dice.max())
                } else {
                    v
                };
                (v, hi)
            }
        };
        let (Some(lo), Some(hi)) = (lo, hi) else {
            cx.push(
                Diagnostic::error("bad-roll", format!("`{label}` is not a die roll"))
                    .at(Cx::span(file, &r.roll))
                    .hint("write a roll as `3` or a range as `2-3`"),
            );
            continue;
        };
        if lo > hi || lo < dice.min() || hi > dice.max() {
            cx.push(
                Diagnostic::error(
                    "bad-roll",
                    format!(
                        "roll `{label}` is outside {dice} ({}–{})",
                        dice.min(),
                        dice.max()
                    ),
                )
                .at(Cx::span(file, &r.roll)),
            );
            continue;
        }
        for v in lo..=hi {
            covered[v as usize] += 1;
        }
        if r.results.len() != c.columns.len() {
            cx.push(
                Diagnostic::error(
                    "bad-table",
                    format!(
                        "row `{label}` has {} results for {} columns",
                        r.results.len(),
                        c.columns.len()
                    ),
                )
                .at(Cx::span(file, row))
                .hint("give one result code per column"),
            );
        }
        if !codes.is_empty() {
            for res in &r.results {
                let code = res.get_ref();
                if !code.is_empty() && !codes.iter().any(|(c, _)| c == code) {
                    cx.push(
                        Diagnostic::error(
                            "unknown-reference",
                            format!("unknown result code `{code}`"),
                        )
                        .at(Cx::span(file, res))
                        .hint_opt(
                            crate::check::suggest::did_you_mean(
                                code,
                                codes.iter().map(|(c, _)| c.as_str()),
                            )
                            .or_else(|| Some("define it with `[[crt.result]]`".into())),
                        ),
                    );
                }
            }
        }
        rows.push(CrtRow {
            low: lo,
            high: hi,
            label,
            results: r.results.iter().map(|s| s.get_ref().clone()).collect(),
        });
    }
    let missing: Vec<String> = (dice.min()..=dice.max())
        .filter(|v| covered[*v as usize] == 0)
        .map(|v| v.to_string())
        .collect();
    let doubled: Vec<String> = (dice.min()..=dice.max())
        .filter(|v| covered[*v as usize] > 1)
        .map(|v| v.to_string())
        .collect();
    if !missing.is_empty() && !c.rows.is_empty() {
        cx.push(
            Diagnostic::error(
                "bad-table",
                format!(
                    "table `{}` has no row for roll {}",
                    c.id.get_ref(),
                    missing.join(", ")
                ),
            )
            .at(Cx::span(file, &c.dice))
            .hint(format!("every roll of {dice} needs exactly one row")),
        );
    }
    if !doubled.is_empty() {
        cx.push(
            Diagnostic::error(
                "bad-table",
                format!(
                    "table `{}` has several rows for roll {}",
                    c.id.get_ref(),
                    doubled.join(", ")
                ),
            )
            .at(Cx::span(file, &c.dice)),
        );
    }
    let mut modifiers = Vec::new();
    let mut seen = crate::check::Registry::new("modifier");
    for m in &c.modifier {
        let Some(claim) = seen.define(file, &m.id, &mut cx.diags) else {
            continue;
        };
        seen.admit_name(claim);
        let weather = m
            .weather
            .as_ref()
            .and_then(|w| names.weather.resolve(file, w, &mut cx.diags));
        let shift_factor = m
            .shift_factor
            .as_ref()
            .and_then(|f| names.factor.resolve(file, f, &mut cx.diags));
        let side = match m.side.as_ref().map(|s| (s, s.get_ref().as_str())) {
            None => None,
            Some((_, "attacker")) => Some(CombatSide::Attacker),
            Some((_, "defender")) => Some(CombatSide::Defender),
            Some((s, other)) => {
                cx.push(
                    Diagnostic::error("unknown-value", format!("unknown side `{other}`"))
                        .at(Cx::span(file, s))
                        .hint("use `attacker` or `defender`"),
                );
                None
            }
        };
        let max_shift = m.max_shift.as_ref().and_then(|v| {
            let n = *v.get_ref();
            if n < 1 {
                cx.push(
                    Diagnostic::error(
                        "bad-modifier",
                        format!("`max-shift` of `{}` must be at least 1", m.id.get_ref()),
                    )
                    .at(Cx::span(file, v)),
                );
                return None;
            }
            Some(n)
        });
        if m.per_count && m.shift_factor.is_some() {
            cx.push(
                Diagnostic::error(
                    "bad-modifier",
                    format!(
                        "modifier `{}` has both `per-count` and `shift-factor`",
                        m.id.get_ref()
                    ),
                )
                .at(Cx::span(file, &m.id))
                .hint("a declaration gives one number: a count of units or a factor"),
            );
        }
        let terrain: Vec<usize> = m
            .terrain
            .iter()
            .filter_map(|t| names.terrain.resolve(file, t, &mut cx.diags))
            .collect();
        let countries: Vec<usize> = m
            .countries
            .iter()
            .filter_map(|t| names.country.resolve(file, t, &mut cx.diags))
            .collect();
        let except_countries: Vec<usize> = m
            .except_countries
            .iter()
            .filter_map(|t| names.country.resolve(file, t, &mut cx.diags))
            .collect();
        let unit_types: Vec<usize> = m
            .unit_types
            .iter()
            .filter_map(|t| names.unit_type.resolve(file, t, &mut cx.diags))
            .collect();
        let conditional = m.weather.is_some() || m.attacker_out_of_supply;
        if let (Some(t), true) = (
            m.unit_types.first(),
            m.shift_factor.is_some() || conditional && m.per_count,
        ) {
            cx.push(
                Diagnostic::error(
                    "bad-modifier",
                    format!(
                        "modifier `{}` has `unit-types` and {}",
                        m.id.get_ref(),
                        if m.shift_factor.is_some() {
                            "`shift-factor`"
                        } else {
                            "a condition with `per-count`"
                        }
                    ),
                )
                .at(Cx::span(file, t))
                .hint(
                    "`unit-types` says which attackers count, put it in force by themselves, or \
                     (with `weather` or `attacker-out-of-supply`) which must attack for it",
                ),
            );
        }
        let attacking_side = m
            .attacking_side
            .as_ref()
            .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
        let nations_written: Vec<(&Spanned<String>, usize)> = m
            .attacking_nations
            .iter()
            .filter_map(|n| Some((n, names.nation.resolve(file, n, &mut cx.diags)?)))
            .collect();
        let attacking_nations: Vec<usize> = nations_written.iter().map(|(_, k)| *k).collect();
        // Nations of another side than the attacking one: the modifier can never apply.
        if let Some(side) = attacking_side {
            if let Some((n, _)) = nations_written
                .iter()
                .find(|(_, k)| g.nations.get(*k).is_some_and(|x| x.side != Some(side)))
            {
                cx.push(
                    Diagnostic::warning(
                        "unreachable-modifier",
                        format!(
                            "modifier `{}` is for attacks by `{}`, but nation `{}` is not of \
                             that side",
                            m.id.get_ref(),
                            g.sides[side].id,
                            n.get_ref()
                        ),
                    )
                    .at(Cx::span(file, n))
                    .hint("name nations of the attacking side, or leave `attacking-side` out"),
                );
            }
        }
        modifiers.push(Modifier {
            id: m.id.get_ref().clone(),
            name: m.name.clone(),
            weather,
            attacker_out_of_supply: m.attacker_out_of_supply,
            shift: m.shift,
            shift_factor,
            halve_attack: m.halve_attack,
            side,
            per_count: m.per_count,
            max_shift,
            terrain,
            countries,
            except_countries,
            negates: Vec::new(),
            negates_terrain: Vec::new(),
            unit_types,
            attacking_side,
            attacking_nations,
        });
    }
    // What each modifier cancels: another modifier of the table, or a terrain's shift.
    for (i, m) in c.modifier.iter().enumerate() {
        let Some(k) = modifiers.iter().position(|x| &x.id == m.id.get_ref()) else {
            continue;
        };
        debug_assert!(k <= i);
        for n in &m.negates {
            let id = n.get_ref();
            if id == m.id.get_ref() {
                cx.push(
                    Diagnostic::error("bad-modifier", format!("modifier `{id}` negates itself"))
                        .at(Cx::span(file, n)),
                );
            } else if let Some(j) = modifiers.iter().position(|x| &x.id == id) {
                modifiers[k].negates.push(j);
            } else if let Some(t) = g.terrain.iter().position(|t| &t.id == id) {
                modifiers[k].negates_terrain.push(t);
            } else {
                let known = modifiers
                    .iter()
                    .map(|x| x.id.as_str())
                    .chain(g.terrain.iter().map(|t| t.id.as_str()));
                cx.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!(
                            "`{id}` is neither a modifier of `{}` nor a terrain",
                            c.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, n))
                    .hint_opt(
                        crate::check::suggest::did_you_mean(id, known).or_else(|| {
                            Some("name a `[[crt.modifier]]` id or a `[[terrain]]` id".into())
                        }),
                    ),
                );
            }
        }
    }
    let halve_up = match c.halving.as_ref().map(|h| h.get_ref().as_str()) {
        None | Some("up") => true,
        Some("down") => false,
        Some(other) => {
            let h = c.halving.as_ref().map(|h| Cx::span(file, h));
            cx.push(
                Diagnostic::error("unknown-value", format!("unknown rounding `{other}`"))
                    .at_opt(h)
                    .hint("use `up` or `down`"),
            );
            true
        }
    };
    let image = c
        .image
        .as_ref()
        .and_then(|p| art_path(cx, file, &g.root, p));
    Some(Crt {
        id: c.id.get_ref().clone(),
        title: c.title.clone(),
        kind,
        labels: c.columns.iter().map(|s| s.get_ref().clone()).collect(),
        columns,
        dice,
        rows,
        results: codes,
        modifiers,
        halve_up,
        image,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_columns_sort_next_to_their_value() {
        let below = parse_column(CrtKind::Odds, "<1-1").map(|c| column_value(&c));
        let at = parse_column(CrtKind::Odds, "1-1").map(|c| column_value(&c));
        let above = parse_column(CrtKind::Odds, "1-1+").map(|c| column_value(&c));
        assert!(below < at && at < above);
    }

    #[test]
    fn odds_and_differential_columns_parse() {
        assert_eq!(
            parse_column(CrtKind::Odds, "3:2"),
            Some(CrtColumn::Odds {
                attack: 3,
                defence: 2,
                below: false,
                above: false
            })
        );
        assert_eq!(
            parse_column(CrtKind::Odds, "<1-1"),
            Some(CrtColumn::Odds {
                attack: 1,
                defence: 1,
                below: true,
                above: false
            })
        );
        assert_eq!(
            parse_column(CrtKind::Odds, "6:1+"),
            Some(CrtColumn::Odds {
                attack: 6,
                defence: 1,
                below: false,
                above: true
            })
        );
        assert_eq!(parse_column(CrtKind::Odds, "3"), None);
        assert_eq!(
            parse_column(CrtKind::Differential, "+4"),
            Some(CrtColumn::Difference {
                value: 4,
                below: false,
                above: false
            })
        );
        assert_eq!(
            parse_column(CrtKind::Differential, "-3"),
            Some(CrtColumn::Difference {
                value: -3,
                below: false,
                above: false
            })
        );
        assert_eq!(
            parse_column(CrtKind::Differential, "<-3"),
            Some(CrtColumn::Difference {
                value: -3,
                below: true,
                above: false
            })
        );
        assert_eq!(
            parse_column(CrtKind::Differential, ">=+6"),
            Some(CrtColumn::Difference {
                value: 6,
                below: false,
                above: true
            })
        );
    }
}
