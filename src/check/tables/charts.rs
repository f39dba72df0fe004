//! Charts (`[[chart]]`): roll tables and threshold tables, their columns named by
//! heading, dice, modifiers and rows.

use super::*;

/// The index of a column named by its heading, or a located error with did-you-mean.
fn column_named(
    cx: &mut Cx,
    file: FileId,
    c: &crate::load::schema::Chart,
    key: &str,
    name: &Spanned<String>,
) -> Option<usize> {
    let found = c.columns.iter().position(|h| h.get_ref() == name.get_ref());
    if found.is_none() {
        cx.push(
            Diagnostic::error(
                "unknown-reference",
                format!(
                    "chart `{}` has no column `{}` for `{key}`",
                    c.id.get_ref(),
                    name.get_ref()
                ),
            )
            .at(Cx::span(file, name))
            .hint_opt(
                crate::check::suggest::did_you_mean(
                    name.get_ref(),
                    c.columns.iter().map(|h| h.get_ref().as_str()),
                )
                .or_else(|| {
                    Some(format!(
                        "its columns: {}",
                        c.columns
                            .iter()
                            .map(|h| h.get_ref().as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                }),
            ),
        );
    }
    found
}

/// A chart, and for a roll table its rolls, thresholds and modifiers; `None` (reported) when
/// a roll table cannot be read.
pub(super) fn check_chart(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    c: &crate::load::schema::Chart,
) -> Option<Chart> {
    let dice = c.dice.as_ref().and_then(|d| dice(cx, file, d));
    let mut ok = true;
    for (i, row) in c.rows.iter().enumerate() {
        if !c.columns.is_empty() && row.get_ref().len() != c.columns.len() {
            cx.push(
                Diagnostic::error(
                    "bad-table",
                    format!(
                        "chart `{}` row {} has {} cells for {} columns",
                        c.id.get_ref(),
                        i + 1,
                        row.get_ref().len(),
                        c.columns.len()
                    ),
                )
                .at(Cx::span(file, row))
                .hint("give every row one cell per column"),
            );
            ok = false;
        }
    }
    let cell = |r: usize, col: usize| c.rows[r].get_ref().get(col);
    let lookup = c.roll_column.is_some() || !c.threshold_columns.is_empty();
    if lookup && c.dice.is_none() {
        let at = c
            .roll_column
            .as_ref()
            .or(c.threshold_columns.first())
            .map(|s| Cx::span(file, s));
        cx.push(
            Diagnostic::error(
                "bad-table",
                format!("chart `{}` is rolled on but has no `dice`", c.id.get_ref()),
            )
            .at_opt(at)
            .hint("say which dice are rolled: `dice = \"1d6\"`"),
        );
        ok = false;
    }
    // Rows by roll.
    let mut roll = None;
    if let Some(rc) = &c.roll_column {
        if let Some(col) = column_named(cx, file, c, "roll-column", rc) {
            let mut rows = Vec::new();
            for r in 0..c.rows.len() {
                let Some(text) = cell(r, col) else { continue };
                match RollRange::parse(text.get_ref()) {
                    Some(range) => rows.push(range),
                    None => {
                        ok = false;
                        cx.push(
                            Diagnostic::error(
                                "bad-roll",
                                format!("`{}` is not a die roll", text.get_ref()),
                            )
                            .at(Cx::span(file, text))
                            .hint(
                                "write a roll as `3`, a range as `2-3`, open ends as `≤1` or `6+`",
                            ),
                        );
                    }
                }
            }
            if let (Some(d), true) = (dice, ok) {
                let (min, max) = (i64::from(d.min()), i64::from(d.max()));
                let counts: Vec<usize> = (min..=max)
                    .map(|v| rows.iter().filter(|r| r.contains(v)).count())
                    .collect();
                let list = |pred: &dyn Fn(usize) -> bool| -> Vec<String> {
                    (min..=max)
                        .zip(&counts)
                        .filter(|(_, n)| pred(**n))
                        .map(|(v, _)| v.to_string())
                        .collect()
                };
                let missing = list(&|n| n == 0);
                let doubled = list(&|n| n > 1);
                if !missing.is_empty() {
                    ok = false;
                    cx.push(
                        Diagnostic::error(
                            "bad-table",
                            format!(
                                "chart `{}` has no row for roll {} (a gap in the rolls)",
                                c.id.get_ref(),
                                missing.join(", ")
                            ),
                        )
                        .at(Cx::span(file, rc))
                        .hint(format!("every roll of {d} needs exactly one row")),
                    );
                }
                if !doubled.is_empty() {
                    ok = false;
                    let first = (0..rows.len()).find(|&i| {
                        (0..i).any(|j| {
                            (min..=max).any(|v| rows[i].contains(v) && rows[j].contains(v))
                        })
                    });
                    let at = first
                        .and_then(|i| cell(i, col))
                        .map_or_else(|| Cx::span(file, rc), |t| Cx::span(file, t));
                    cx.push(
                        Diagnostic::error(
                            "bad-table",
                            format!(
                                "chart `{}` has several rows for roll {} (overlapping rolls)",
                                c.id.get_ref(),
                                doubled.join(", ")
                            ),
                        )
                        .at(at)
                        .hint(format!("every roll of {d} needs exactly one row")),
                    );
                }
            }
            roll = Some(RollColumn { column: col, rows });
        } else {
            ok = false;
        }
    }
    let key_column = match &c.key_column {
        Some(k) => {
            let col = column_named(cx, file, c, "key-column", k);
            ok &= col.is_some();
            col
        }
        None => None,
    };
    // Thresholds.
    let mut thresholds = Vec::new();
    for t in &c.threshold_columns {
        let Some(col) = column_named(cx, file, c, "threshold-columns", t) else {
            ok = false;
            continue;
        };
        let mut rows = Vec::new();
        for r in 0..c.rows.len() {
            let Some(text) = cell(r, col) else { continue };
            match Threshold::parse(text.get_ref()) {
                Some(th) => rows.push(th),
                None => {
                    ok = false;
                    cx.push(
                        Diagnostic::error(
                            "bad-threshold",
                            format!(
                                "`{}` in column `{}` is not a threshold",
                                text.get_ref(),
                                t.get_ref()
                            ),
                        )
                        .at(Cx::span(file, text))
                        .hint("write `≥7` (or `>=7`), `≤1` (or `<=1`), or `—` for none"),
                    );
                }
            }
        }
        thresholds.push(ThresholdColumn { column: col, rows });
    }
    // Modifiers.
    let mut modifiers = Vec::new();
    let mut seen = crate::check::Registry::new("modifier");
    for m in &c.modifier {
        let Some(claim) = seen.define(file, &m.id, &mut cx.diags) else {
            continue;
        };
        seen.admit_name(claim);
        let source = match (&m.track, &m.value) {
            (Some(t), None) => match names.track.resolve(file, t, &mut cx.diags) {
                Some(i) => ModifierValue::Track(i),
                None => {
                    ok = false;
                    continue;
                }
            },
            (None, Some(v)) => ModifierValue::Fixed(*v.get_ref()),
            (None, None) => ModifierValue::Given,
            (Some(t), Some(_)) => {
                ok = false;
                cx.push(
                    Diagnostic::error(
                        "bad-modifier",
                        format!(
                            "modifier `{}` has both a `track` and a `value`",
                            m.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, t))
                    .hint("read it from the track or give a fixed value, not both"),
                );
                continue;
            }
        };
        modifiers.push(ChartModifier {
            id: m.id.get_ref().clone(),
            name: m.name.clone(),
            source,
        });
    }
    if !c.modifier.is_empty() && !lookup {
        cx.push(
            Diagnostic::warning(
                "unused-modifier",
                format!(
                    "chart `{}` has modifiers but nothing is rolled on it",
                    c.id.get_ref()
                ),
            )
            .at(Cx::span(file, &c.modifier[0].id))
            .hint("give it a `roll-column` or `threshold-columns`"),
        );
    }
    let image = c
        .image
        .as_ref()
        .and_then(|p| art_path(cx, file, &g.root, p));
    if !ok {
        return None;
    }
    Some(Chart {
        id: c.id.get_ref().clone(),
        title: c.title.clone(),
        dice,
        columns: c.columns.iter().map(|h| h.get_ref().clone()).collect(),
        rows: c
            .rows
            .iter()
            .map(|r| r.get_ref().iter().map(|s| s.get_ref().clone()).collect())
            .collect(),
        notes: c.notes.clone(),
        image,
        roll,
        key_column,
        thresholds,
        otherwise: c.otherwise.clone(),
        modifiers,
    })
}
