//! Resolving one combat, step by step as the module documentation says: totals with their
//! halvings and doublings, the column (odds, difference or named), the shifts with their
//! causes and the clamp, the roll, the result and its meaning.

use super::dice::{fresh_seed, roll_dice_times};
use super::tables::table;
use super::{
    CombatError, CombatInput, CombatReport, InputNumbers, ResultCount, RolledResult, ShiftSource,
    ShiftStep, Strength,
};
use crate::diag::suggest::did_you_mean;
use crate::model::rules::type_chain_meets;
use crate::model::table::Modifier;
use crate::model::{Crt, CrtColumn, CrtKind, Game};

fn columns_text(crt: &Crt) -> String {
    crt.labels.join(", ")
}

/// Resolve a combat on a table (see the module documentation for the steps).
pub fn resolve(game: &Game, input: &CombatInput) -> Result<CombatReport, CombatError> {
    let crt = table(game, &input.table)?;
    for (which, values) in [("attack", &input.attack), ("defence", &input.defence)] {
        if let Some(v) = values.iter().find(|v| **v < 0) {
            return Err(CombatError::Negative {
                which: which.to_string(),
                value: *v,
            });
        }
    }
    let mut halved = Vec::new();
    let mut doubled = Vec::new();
    let mut shifts = Vec::new();

    // Modifiers in force, by their condition or declared, before anything is shifted: what
    // they cancel (other modifiers, a terrain's shift) is known only then.
    let mut notes: Vec<String> = Vec::new();
    let mut active = active_modifiers(game, crt, input, &mut notes)?;
    let mut negated_terrain: Vec<(usize, &str)> = Vec::new();
    let negators: Vec<(usize, &str, Vec<usize>)> = active
        .iter()
        .map(|a| {
            (
                a.index,
                a.modifier.name.as_str(),
                a.modifier.negates.clone(),
            )
        })
        .collect();
    active.retain(|a| {
        match negators
            .iter()
            .find(|(k, _, n)| *k != a.index && n.contains(&a.index))
        {
            Some((_, by, _)) => {
                notes.push(format!("{} cancelled by {by}", a.modifier.name));
                false
            }
            None => true,
        }
    });
    for a in &active {
        for &t in &a.modifier.negates_terrain {
            negated_terrain.push((t, a.modifier.name.as_str()));
        }
    }

    // Terrain of the defender.
    let mut seen = Vec::new();
    let mut no_retreat = Vec::new();
    for &t in &input.defender_terrain {
        if seen.contains(&t) {
            continue;
        }
        seen.push(t);
        let terrain = &game.terrain[t];
        let e = terrain.combat;
        if e.no_retreat {
            no_retreat.push(terrain.name.clone());
        }
        let cause = format!("defender in {}", terrain.name);
        if e.halve_attack {
            halved.push(cause.clone());
        }
        if e.double_defence {
            doubled.push(cause.clone());
        }
        if e.shift != 0 {
            if let Some((_, by)) = negated_terrain.iter().find(|(x, _)| *x == t) {
                notes.push(format!("shift {:+} of {cause} cancelled by {by}", e.shift));
                continue;
            }
            shifts.push(ShiftStep {
                by: e.shift,
                cause,
                source: ShiftSource::Terrain,
                side: None,
            });
        }
    }
    // Hexsides.
    let mut seen = Vec::new();
    for &h in &input.all_across {
        if seen.contains(&h) {
            continue;
        }
        seen.push(h);
        let hs = &game.hexside_terrain[h];
        if hs.shift_if_all_across != 0 {
            shifts.push(ShiftStep {
                by: hs.shift_if_all_across,
                cause: format!("every attacker across {}", hs.name),
                source: ShiftSource::Hexside,
                side: None,
            });
        }
    }
    let mut seen = Vec::new();
    for &h in input.any_across.iter().chain(&input.all_across) {
        if seen.contains(&h) {
            continue;
        }
        seen.push(h);
        let hs = &game.hexside_terrain[h];
        if hs.halve_if_any_across {
            halved.push(format!("attack across {}", hs.name));
        }
    }
    for a in active {
        if a.modifier.halve_attack {
            halved.push(a.modifier.name.clone());
        }
        shifts.extend(a.steps);
    }
    for s in &input.shifts {
        shifts.push(ShiftStep {
            by: s.by,
            cause: s.cause.clone(),
            source: ShiftSource::Given,
            side: None,
        });
    }

    // Factors (none negative: refused above).
    let attack_total = total(&input.attack, InputNumbers::Attack, "attack")?;
    let defence_total = total(&input.defence, InputNumbers::Defence, "defence")?;
    let halvings = halved.len().min(62) as u32;
    let divisor = 1i64 << halvings;
    let attack_value = if crt.halve_up {
        attack_total / divisor + i64::from(attack_total % divisor != 0)
    } else {
        attack_total / divisor
    };
    let doublings = doubled.len().min(40) as u32;
    let defence_value = defence_total
        .checked_mul(1i64 << doublings)
        .ok_or_else(|| CombatError::TooLarge {
            numbers: InputNumbers::Defence,
            what: format!(
                "the defence {defence_total} doubled {} comes to {}",
                match doublings {
                    1 => "once".to_string(),
                    n => format!("{n} times"),
                },
                i128::from(defence_total) << doublings
            ),
        })?;
    let attack = Strength {
        factors: input.attack.clone(),
        total: attack_total,
        rounding: (!halved.is_empty()).then(|| if crt.halve_up { "up" } else { "down" }.into()),
        halved,
        doubled: Vec::new(),
        value: attack_value,
    };
    let defence = Strength {
        factors: input.defence.clone(),
        total: defence_total,
        halved: Vec::new(),
        doubled,
        rounding: None,
        value: defence_value,
    };

    // Column.
    let n = crt.columns.len();
    let mut ratio = None;
    let mut ratio_value = None;
    let mut difference = None;
    let (column_index, column_note) = match crt.kind {
        CrtKind::Column => {
            let Some(c) = &input.column else {
                return Err(CombatError::ColumnNeeded {
                    table: crt.id.clone(),
                    columns: columns_text(crt),
                });
            };
            let want = c.trim();
            let i = crt
                .labels
                .iter()
                .position(|l| l == want)
                .or_else(|| crt.labels.iter().position(|l| l.eq_ignore_ascii_case(want)))
                .ok_or_else(|| CombatError::UnknownColumn {
                    table: crt.id.clone(),
                    column: c.clone(),
                    columns: columns_text(crt),
                })?;
            (i, "named by the player".to_string())
        }
        CrtKind::Odds | CrtKind::Differential if input.column.is_some() => {
            return Err(CombatError::ColumnNotNamed {
                table: crt.id.clone(),
            });
        }
        CrtKind::Odds => {
            if defence_value < 1 {
                return Err(CombatError::NoDefence(defence_value));
            }
            let (a, d) = (i128::from(attack_value), i128::from(defence_value));
            ratio = Some(format!("{attack_value}:{defence_value}"));
            ratio_value = Some(attack_value as f64 / defence_value as f64);
            let fits = |c: &CrtColumn| match c {
                CrtColumn::Odds {
                    attack: ca,
                    defence: cd,
                    ..
                } => a * i128::from(*cd) >= i128::from(*ca) * d,
                _ => false,
            };
            let above = |c: &CrtColumn| match c {
                CrtColumn::Odds {
                    attack: ca,
                    defence: cd,
                    ..
                } => a * i128::from(*cd) > i128::from(*ca) * d,
                _ => false,
            };
            place(crt, fits, above)
        }
        CrtKind::Differential => {
            let diff = attack_value - defence_value;
            difference = Some(diff);
            let fits = |c: &CrtColumn| match c {
                CrtColumn::Difference { value, .. } => diff >= *value,
                _ => false,
            };
            let above = |c: &CrtColumn| match c {
                CrtColumn::Difference { value, .. } => diff > *value,
                _ => false,
            };
            place(crt, fits, above)
        }
    };

    // Shifts and clamping (counted wide: a shift may be as large as the numbers go).
    let sum: i128 = shifts.iter().map(|s| i128::from(s.by)).sum();
    let total_shift = i64::try_from(sum).map_err(|_| CombatError::TooLarge {
        numbers: InputNumbers::Shifts,
        what: format!("the column shifts add up to {sum}"),
    })?;
    let wanted = column_index as i128 + sum;
    let last = n.saturating_sub(1) as i128;
    let final_index = wanted.clamp(0, last) as usize;
    let clamped = if wanted < 0 {
        Some(format!(
            "shifted {} column{} past the first; the first column, {}, is used",
            -wanted,
            if wanted == -1 { "" } else { "s" },
            crt.labels[0]
        ))
    } else if wanted > last {
        Some(format!(
            "shifted {} column{} past the last; the last column, {}, is used",
            wanted - last,
            if wanted - last == 1 { "" } else { "s" },
            crt.labels[last as usize]
        ))
    } else {
        None
    };

    // Roll and result: one roll, or several read on the same column.
    let (rolls, rolled, seed) = if input.rolls.is_empty() {
        let seed = input.seed.unwrap_or_else(fresh_seed);
        (
            roll_dice_times(crt.dice, seed, input.roll_count),
            true,
            Some(seed),
        )
    } else {
        if let Some(&r) = input
            .rolls
            .iter()
            .find(|&&r| r < crt.dice.min() || r > crt.dice.max())
        {
            return Err(CombatError::RollOutOfRange {
                roll: r,
                dice: crt.dice.to_string(),
                min: crt.dice.min(),
                max: crt.dice.max(),
            });
        }
        (input.rolls.clone(), false, None)
    };
    let mut results = Vec::with_capacity(rolls.len());
    for &roll in &rolls {
        let row = crt.row(roll).ok_or_else(|| CombatError::NoRow {
            table: crt.id.clone(),
            roll,
        })?;
        let result = row.results.get(final_index).cloned().unwrap_or_default();
        results.push(RolledResult { roll, result });
    }
    let mut tally: Vec<ResultCount> = Vec::new();
    if results.len() > 1 {
        for r in &results {
            match tally.iter_mut().find(|t| t.result == r.result) {
                Some(t) => t.count += 1,
                None => tally.push(ResultCount {
                    result: r.result.clone(),
                    count: 1,
                    meaning: crt.meaning(&r.result).map(str::to_string),
                }),
            }
        }
    }
    let RolledResult { roll, result } = results[0].clone();
    let meaning = crt.meaning(&result).map(str::to_string);
    let rolls = if results.len() > 1 {
        results
    } else {
        Vec::new()
    };
    Ok(CombatReport {
        table: crt.id.clone(),
        title: crt.title.clone(),
        kind: crt.kind,
        attack,
        defence,
        ratio,
        ratio_value,
        difference,
        column: crt.labels[column_index].clone(),
        column_index,
        column_note,
        shifts,
        total_shift,
        final_column: crt.labels[final_index].clone(),
        final_column_index: final_index,
        clamped,
        dice: crt.dice.to_string(),
        roll,
        rolled,
        seed,
        result,
        meaning,
        rolls,
        tally,
        no_retreat,
        cancelled: notes,
    })
}

/// The sum of one side's factors.
fn total(factors: &[i64], numbers: InputNumbers, side: &str) -> Result<i64, CombatError> {
    let sum: i128 = factors.iter().map(|&f| i128::from(f)).sum();
    i64::try_from(sum).map_err(|_| CombatError::TooLarge {
        numbers,
        what: format!("the {side} factors add up to {sum}"),
    })
}

/// A modifier in force, with the shifts it gives.
struct Active<'c> {
    index: usize,
    modifier: &'c Modifier,
    steps: Vec<ShiftStep>,
}

/// Whether a modifier's limits to some attackers hold (their side, nations, and, for a
/// weather or supply modifier, unit types); when not, why.
fn who_attacks(game: &Game, m: &Modifier, input: &CombatInput) -> Result<(), String> {
    if let Some(side) = m.attacking_side {
        match input.attacking_side {
            Some(s) if s == side => {}
            Some(_) => {
                return Err(format!(
                    "only in attacks by the {} side",
                    game.sides[side].name
                ))
            }
            None => return Err("the attacking side is not known".into()),
        }
    }
    if !m.attacking_nations.is_empty()
        && !input
            .attacking_nations
            .iter()
            .any(|n| m.attacking_nations.contains(n))
    {
        let names: Vec<&str> = m
            .attacking_nations
            .iter()
            .map(|&n| game.nations[n].name.as_str())
            .collect();
        return Err(format!("only when {} units attack", names.join(" or ")));
    }
    if m.conditional()
        && !m.unit_types.is_empty()
        && !input
            .attacking_types
            .iter()
            .any(|&t| type_chain_meets(game, t, &m.unit_types))
    {
        let names: Vec<&str> = m
            .unit_types
            .iter()
            .map(|&t| game.unit_types[t].name.as_str())
            .collect();
        return Err(format!("only when {} units attack", names.join(" or ")));
    }
    Ok(())
}

/// Whether a modifier's attacker, country and terrain conditions hold; when not, why.
fn where_it_holds(game: &Game, m: &Modifier, input: &CombatInput) -> Result<(), String> {
    who_attacks(game, m, input)?;
    let country = input.defender_country;
    let name = |c: usize| game.countries[c].name.clone();
    if !m.countries.is_empty() {
        match country {
            Some(c) if m.countries.contains(&c) => {}
            Some(c) => return Err(format!("the defender is in {}", name(c))),
            None => return Err("the defender's country is not known".into()),
        }
    }
    if let Some(c) = country.filter(|c| m.except_countries.contains(c)) {
        return Err(format!("the defender is in {}", name(c)));
    }
    if !m.terrain.is_empty() && !input.defender_terrain.iter().any(|t| m.terrain.contains(t)) {
        let names: Vec<&str> = m
            .terrain
            .iter()
            .map(|&t| game.terrain[t].name.as_str())
            .collect();
        return Err(format!("only against a defender in {}", names.join(" or ")));
    }
    Ok(())
}

/// A declared or conditional modifier's shift steps, a count or factor capped at its
/// `max-shift`.
fn steps_of(m: &Modifier, by: i64, cause: String) -> Vec<ShiftStep> {
    let source = if m.weather.is_some() {
        ShiftSource::Weather
    } else if m.attacker_out_of_supply {
        ShiftSource::Supply
    } else {
        ShiftSource::Support
    };
    let (by, cause) = match m.max_shift {
        Some(max) if by.unsigned_abs() > max.unsigned_abs() => {
            (by.signum() * max, format!("{cause}, at most {max}"))
        }
        _ => (by, cause),
    };
    if by == 0 {
        return Vec::new();
    }
    vec![ShiftStep {
        by,
        cause,
        source,
        side: m.side,
    }]
}

/// The modifiers in force: by their condition (weather, supply) where it holds, and those
/// declared; a declared one whose terrain or country does not hold is left out with a note.
fn active_modifiers<'c>(
    game: &Game,
    crt: &'c Crt,
    input: &CombatInput,
    notes: &mut Vec<String>,
) -> Result<Vec<Active<'c>>, CombatError> {
    let mut out: Vec<Active<'c>> = Vec::new();
    for (index, m) in crt.modifiers.iter().enumerate() {
        let conditional = m.conditional();
        let holds = m.weather.is_none_or(|w| input.weather == Some(w))
            && (!m.attacker_out_of_supply || input.attacker_out_of_supply);
        if !(conditional && holds) || m.shift_factor.is_some() || m.per_count {
            continue;
        }
        if let Err(why) = where_it_holds(game, m, input) {
            // Said only when the caller did not say who attacks: otherwise the modifier is
            // simply not for this attack (nor for this place), as in the module.
            if m.attacking_side.is_some() && input.attacking_side.is_none() {
                notes.push(format!("{} does not apply: {why}", m.name));
            }
            continue;
        }
        out.push(Active {
            index,
            modifier: m,
            steps: steps_of(m, m.shift, m.name.clone()),
        });
    }
    let mut declared: Vec<usize> = Vec::new();
    for s in &input.supports {
        let Some(index) = crt.modifiers.iter().position(|m| m.id == s.modifier) else {
            return Err(CombatError::UnknownModifier {
                table: crt.id.clone(),
                id: s.modifier.clone(),
                known: crt
                    .modifiers
                    .iter()
                    .map(|m| m.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                hint: did_you_mean(&s.modifier, crt.modifiers.iter().map(|m| m.id.as_str())),
            });
        };
        let m = &crt.modifiers[index];
        let (by, cause) = if let Some(f) = m.shift_factor {
            let Some(v) = s.factor else {
                return Err(CombatError::FactorNeeded(m.id.clone()));
            };
            if v < 0 {
                return Err(CombatError::Negative {
                    which: m.id.clone(),
                    value: v,
                });
            }
            let by = if m.shift < 0 { -v } else { v };
            (
                by,
                format!("{} ({} {v})", m.name, game.factors[f].abbreviation),
            )
        } else if m.per_count {
            let Some(v) = s.factor else {
                return Err(CombatError::CountNeeded(m.id.clone()));
            };
            if v < 0 {
                return Err(CombatError::Negative {
                    which: m.id.clone(),
                    value: v,
                });
            }
            let by = m
                .shift
                .checked_mul(v)
                .ok_or_else(|| CombatError::TooLarge {
                    numbers: InputNumbers::Support(m.id.clone()),
                    what: format!(
                        "modifier `{}`: {v} × {:+} comes to {}",
                        m.id,
                        m.shift,
                        i128::from(v) * i128::from(m.shift)
                    ),
                })?;
            (by, format!("{} ({v} × {:+})", m.name, m.shift))
        } else {
            if s.factor.is_some() {
                return Err(CombatError::NoFactor(m.id.clone()));
            }
            (m.shift, m.name.clone())
        };
        if m.shift_factor.is_none() {
            if declared.contains(&index) {
                return Err(CombatError::Repeated(m.id.clone()));
            }
            declared.push(index);
        }
        if out.iter().any(|a| a.index == index) && m.shift_factor.is_none() {
            continue; // already in force by its condition
        }
        if let Err(why) = where_it_holds(game, m, input) {
            notes.push(format!("{} does not apply: {why}", m.name));
            continue;
        }
        match out.iter_mut().find(|a| a.index == index) {
            // A factor modifier declared again (two air units): its cap counts them all.
            Some(a) => {
                let sum: i128 =
                    a.steps.iter().map(|s| i128::from(s.by)).sum::<i128>() + i128::from(by);
                let total = i64::try_from(sum).map_err(|_| CombatError::TooLarge {
                    numbers: InputNumbers::Support(m.id.clone()),
                    what: format!("the shifts of modifier `{}` add up to {sum}", m.id),
                })?;
                match m.max_shift {
                    Some(max) if total.abs() > max => {
                        a.steps = steps_of(m, total, format!("{} (all declared)", m.name));
                    }
                    _ => a.steps.extend(steps_of(m, by, cause)),
                }
            }
            None => out.push(Active {
                index,
                modifier: m,
                steps: steps_of(m, by, cause),
            }),
        }
    }
    Ok(out)
}
/// The rightmost column `fits` accepts, with a note on how it was chosen.
fn place(
    crt: &Crt,
    fits: impl Fn(&CrtColumn) -> bool,
    above: impl Fn(&CrtColumn) -> bool,
) -> (usize, String) {
    let last = crt.columns.len() - 1;
    match crt.columns.iter().rposition(fits) {
        None => {
            let open = matches!(
                crt.columns[0],
                CrtColumn::Odds { below: true, .. } | CrtColumn::Difference { below: true, .. }
            );
            let note = if open {
                format!("below the table: the open first column, {}", crt.labels[0])
            } else {
                format!(
                    "below the lowest column: the first column, {}, is used",
                    crt.labels[0]
                )
            };
            (0, note)
        }
        Some(i) if i == last && above(&crt.columns[i]) => {
            let open = matches!(
                crt.columns[i],
                CrtColumn::Odds { above: true, .. } | CrtColumn::Difference { above: true, .. }
            );
            let note = if open {
                format!("the open last column, {}", crt.labels[i])
            } else {
                format!(
                    "above the highest column: the last column, {}, is used",
                    crt.labels[i]
                )
            };
            (i, note)
        }
        Some(i) => {
            let exact = !above(&crt.columns[i]);
            let note = if exact {
                "exactly".to_string()
            } else {
                "rounded in the defender's favour".to_string()
            };
            (i, note)
        }
    }
}
