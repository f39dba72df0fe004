//! The modifiers of one table as the property chain computes them, following
//! [`crate::helpers::crt::resolve`]: when each is in force (its weather or supply condition,
//! or declared by the players in the Combat modifiers menu, or an attacker of its
//! `unit-types` marked), where it holds (the defender's terrain and country, read from the
//! hex of the marked defenders), what cancels it (`negates` of another modifier in force),
//! and its shift: fixed, per declared or counted unit, or a supporting unit's factor, capped
//! at its `max-shift`, with the side it favours. Each modifier gets a step `CombatIn_…`
//! (1 while asked for and holding where the defender stands) and, when it shifts, a step
//! `CombatBy_…` (its shift once negation and the cap are applied, 0 when not in force); a
//! counted one first gets `CombatCount_…` (the marked attackers of its types).

use crate::model::{table::Modifier, Crt, Game, TerrainId, UnitTypeId};
use crate::vassal::encoder::encode_or_empty;

use super::expr::{by_index, count_attackers, count_where, lit, signed};
use super::{Combat, Global, NATION_MARKER, SIDE_MARKER};

/// How the chain computes one modifier.
#[derive(Debug, Clone)]
pub(super) struct ModifierPlan {
    /// The modifier's index in its table.
    pub index: usize,
    /// Steps (property, expression) that find whether it is asked for and holds: its
    /// count of attackers, then `CombatIn_…`.
    pub steps: Vec<(String, String)>,
    /// The step of its shift, `CombatBy_…` (after every modifier's `CombatIn_…`, as
    /// negation reads them).
    pub by_step: Option<(String, String)>,
    /// How many (an integer expression): declared or counted; none when its condition
    /// puts it in force.
    pub amount: Option<String>,
    /// The global property players set, when declared (reset after a resolution).
    pub declared: Option<String>,
    /// A boolean expression: in force (asked for, holding, not cancelled).
    pub on: String,
    /// Its shift property and the sign of its shift, when it shifts.
    pub shift: Option<(String, i64)>,
    /// A string expression: `, cause +n (side)` while it shifts, else empty.
    pub cause: String,
    /// A string expression: `, why it is not applied` when asked for but cancelled or not
    /// holding, else empty.
    pub note: String,
    /// Whether it halves the attack while in force.
    pub halve: bool,
    /// Whether its shift is an attacker's or defender's.
    pub sided: bool,
}

/// `(a || b)`, or `false` when there is nothing.
fn any(terms: &[String]) -> String {
    if terms.is_empty() {
        "false".into()
    } else {
        format!("({})", terms.join(" || "))
    }
}

/// `(a && b)`, or `true` when there is nothing.
fn all(terms: &[String]) -> String {
    if terms.is_empty() {
        "true".into()
    } else {
        format!("({})", terms.join(" && "))
    }
}

/// An integer expression capped to `max` columns in the direction of `sign`.
fn capped(value: &str, sign: i64, max: Option<i64>) -> String {
    match max {
        Some(m) if sign < 0 => format!("({value} < -{m} ? -{m} : {value})"),
        Some(m) => format!("({value} > {m} ? {m} : {value})"),
        None => value.to_string(),
    }
}

/// A unit type and every broader type it counts as.
fn type_chain(g: &Game, t: UnitTypeId) -> Vec<UnitTypeId> {
    let mut chain = vec![t];
    let mut t = t;
    while let Some(up) = g.unit_types[t].counts_as {
        if chain.contains(&up) {
            break;
        }
        chain.push(up);
        t = up;
    }
    chain
}

impl Combat {
    /// Whether the defender's site has a terrain (or feature); `false` when no site does.
    pub(super) fn defender_in(&self, t: TerrainId) -> String {
        match self.terrain_lookup.iter().find(|(x, _)| *x == t) {
            Some((_, property)) => {
                format!("{property}.contains(\"|\" + CombatDefenderAt + \"|\")")
            }
            None => "false".into(),
        }
    }

    /// Whether the defender's hex is in one of `countries`.
    fn defender_country_in(&self, countries: &[usize]) -> String {
        let terms: Vec<String> = countries
            .iter()
            .filter_map(|c| self.countries.iter().position(|x| x == c))
            .map(|k| format!("CombatDefenderCountry == {k}"))
            .collect();
        any(&terms)
    }

    /// The defender's country's name (a string expression; only read when it is known).
    fn defender_country_name(&self, g: &Game) -> String {
        let names: Vec<String> = self
            .countries
            .iter()
            .map(|c| lit(&g.countries[*c].name))
            .collect();
        by_index("CombatDefenderCountry", &names)
    }

    /// The unit types of the marked attackers that meet a modifier's `unit-types` (each
    /// type counting as one of them).
    fn types_meeting(g: &Game, m: &Modifier) -> Vec<String> {
        g.unit_types
            .iter()
            .enumerate()
            .filter(|(t, _)| type_chain(g, *t).iter().any(|x| m.unit_types.contains(x)))
            .map(|(_, t)| t.name.clone())
            .collect()
    }

    /// Whether a modifier's limits to some attackers hold, and why not, in the order
    /// [`crate::helpers::crt::resolve`] tests them: the attacking side, the attackers'
    /// nations, and, for a weather or supply modifier, their unit types (counted among the
    /// marked attackers by the `Side`, `Nation` and `Type` markers every unit carries).
    fn who_attacks(&self, g: &Game, m: &Modifier) -> Vec<(String, String)> {
        let mut tests = Vec::new();
        if let Some(side) = m.attacking_side {
            let name = &g.sides[side].name;
            tests.push((
                format!(
                    "{} > 0",
                    count_attackers(&self.maps, SIDE_MARKER, std::slice::from_ref(name))
                ),
                format!("only in attacks by the {name} side"),
            ));
        }
        if !m.attacking_nations.is_empty() {
            let names: Vec<String> = m
                .attacking_nations
                .iter()
                .map(|&n| g.nations[n].name.clone())
                .collect();
            tests.push((
                format!("{} > 0", count_attackers(&self.maps, NATION_MARKER, &names)),
                format!("only when {} units attack", names.join(" or ")),
            ));
        }
        if m.conditional() && !m.unit_types.is_empty() {
            let names: Vec<&str> = m
                .unit_types
                .iter()
                .map(|&t| g.unit_types[t].name.as_str())
                .collect();
            tests.push((
                format!(
                    "{} > 0",
                    count_where(&self.maps, &Self::types_meeting(g, m))
                ),
                format!("only when {} units attack", names.join(" or ")),
            ));
        }
        tests
    }

    /// Whether a modifier's attacker, terrain and country conditions hold, and why not (as
    /// [`crate::helpers::crt::resolve`] says it) when they do not.
    fn where_it_holds(&self, g: &Game, m: &Modifier) -> (String, String) {
        let mut conds = Vec::new();
        let in_name = format!(
            "\"the defender is in \" + {}",
            self.defender_country_name(g)
        );
        let mut why = lit("");
        // Built from the last test back, so the first failing one explains.
        if !m.terrain.is_empty() {
            let c = any(&m
                .terrain
                .iter()
                .map(|t| self.defender_in(*t))
                .collect::<Vec<_>>());
            let names: Vec<&str> = m
                .terrain
                .iter()
                .map(|&t| g.terrain[t].name.as_str())
                .collect();
            why = format!(
                "(!{c} ? {} : {why})",
                lit(&format!(
                    "only against a defender in {}",
                    names.join(" or ")
                ))
            );
            conds.push(c);
        }
        if !m.except_countries.is_empty() {
            let c = format!("!{}", self.defender_country_in(&m.except_countries));
            why = format!("({c} ? {why} : {in_name})");
            conds.insert(0, c);
        }
        if !m.countries.is_empty() {
            let c = self.defender_country_in(&m.countries);
            why = format!(
                "(!{c} ? (CombatDefenderCountry < 0 ? {} : {in_name}) : {why})",
                lit("the defender's country is not known")
            );
            conds.insert(0, c);
        }
        for (c, text) in self.who_attacks(g, m).into_iter().rev() {
            why = format!("(!({c}) ? {} : {why})", lit(&text));
            conds.insert(0, c);
        }
        (all(&conds), why)
    }

    /// The plan of every modifier of a table the module applies (conditional ones that
    /// also need a supporting unit's factor or a count are left out, as documented), in
    /// the table's order. Declared ones get their global property and menu button.
    pub(super) fn plan_modifiers(
        &mut self,
        g: &Game,
        crt: &Crt,
        table: &str,
        names: &[String],
        several: bool,
    ) -> Vec<ModifierPlan> {
        let mut plans: Vec<ModifierPlan> = Vec::new();
        // In force before negation, by modifier index.
        let mut held: Vec<Option<String>> = vec![None; crt.modifiers.len()];
        for (i, (m, mn)) in crt.modifiers.iter().zip(names).enumerate() {
            let conditional = m.conditional();
            let auto = conditional && (!m.attacker_out_of_supply || self.supply_layer);
            if auto && (m.shift_factor.is_some() || m.per_count) {
                continue; // needs a condition and a declaration: not applied
            }
            let mut steps = Vec::new();
            let mut declared = None;
            // How many: a declared number, a count of marked attackers, or once.
            let amount: Option<String> = if auto {
                None
            } else if !m.unit_types.is_empty() && !conditional {
                let types = Self::types_meeting(g, m);
                let property = format!("CombatCount_{table}_{mn}");
                steps.push((
                    property.clone(),
                    format!("{{{}}}", count_where(&self.maps, &types)),
                ));
                Some(property)
            } else {
                let property = format!("CombatDeclared_{table}_{mn}");
                let prompt = match m.shift_factor {
                    Some(f) => format!(
                        "{}: total {} of the supporting units (0 = none)",
                        m.name, g.factors[f].name
                    ),
                    None if m.per_count => {
                        format!("{}: how many units? (0 = none)", m.name)
                    }
                    None => format!("{}: how many times does it apply? (0 = not at all)", m.name),
                };
                let text = if several {
                    format!("{}: {}…", crt.title, m.name)
                } else {
                    format!("{}…", m.name)
                };
                self.globals.push(Global {
                    name: property.clone(),
                    description: format!("Combat ({}): {}", crt.title, m.name),
                    initial: "0".into(),
                    numeric: true,
                    button: Some((
                        text,
                        format!("Declare before resolving: {}", m.name),
                        encode_or_empty(&["R", prompt.as_str()], ','),
                    )),
                });
                declared = Some(property.clone());
                Some(property)
            };
            let asked = match &amount {
                Some(a) => format!("{a} > 0"),
                None => {
                    let mut parts = Vec::new();
                    if let Some(w) = m.weather {
                        parts.push(format!("CombatWeather == {}", lit(&g.weather[w].name)));
                    }
                    if m.attacker_out_of_supply {
                        parts.push("CombatOutOfSupply > 0".to_string());
                    }
                    all(&parts)
                }
            };
            let (holds, why) = self.where_it_holds(g, m);
            let in_property = format!("CombatIn_{table}_{mn}");
            let both: Vec<String> = [asked.clone(), holds.clone()]
                .into_iter()
                .filter(|c| c != "true")
                .collect();
            steps.push((in_property.clone(), format!("{{{} ? 1 : 0}}", all(&both))));
            held[i] = Some(format!("{in_property} == 1"));
            // Asked for where it does not hold: said for declared and counted ones only,
            // as the Rust helper says it for declared ones.
            let note = match &amount {
                Some(_) if why != lit("") => format!(
                    "({asked} && !{holds} ? {} + {why} : \"\")",
                    lit(&format!(", {} does not apply: ", m.name))
                ),
                _ => lit(""),
            };
            plans.push(ModifierPlan {
                index: i,
                steps,
                by_step: None,
                amount,
                declared,
                on: String::new(),
                shift: None,
                cause: lit(""),
                note,
                halve: m.halve_attack,
                sided: m.side.is_some(),
            });
        }

        // Negation, then each shift with its cause.
        for p in &mut plans {
            let m = &crt.modifiers[p.index];
            let negators: Vec<(usize, &Modifier)> = crt
                .modifiers
                .iter()
                .enumerate()
                .filter(|(j, x)| *j != p.index && x.negates.contains(&p.index))
                .filter(|(j, _)| held[*j].is_some())
                .collect();
            let me = held[p.index].clone().unwrap_or_default();
            let mut on = vec![me.clone()];
            let mut by_whom = lit("");
            let mut negated = Vec::new();
            for (j, x) in negators.iter().rev() {
                let h = held[*j].clone().unwrap_or_default();
                on.push(format!("!({h})"));
                negated.insert(0, h.clone());
                by_whom = format!("({h} ? {} : {by_whom})", lit(&x.name));
            }
            p.on = all(&on);
            if !negators.is_empty() {
                let cancelled = format!("({me} && {})", any(&negated));
                p.note = format!(
                    "({cancelled} ? {} + {by_whom} : {})",
                    lit(&format!(", {} cancelled by ", m.name)),
                    p.note
                );
            }
            let sign = m.shift.signum();
            if sign == 0 && m.shift_factor.is_none() {
                continue;
            }
            let sign = if m.shift_factor.is_some() && sign == 0 {
                1
            } else {
                sign
            };
            let (raw, mut cause) = match (&p.amount, m.shift_factor) {
                (Some(a), Some(f)) => (
                    if sign < 0 {
                        format!("(0 - {a})")
                    } else {
                        a.clone()
                    },
                    format!(
                        "{} + {a} + \")\"",
                        lit(&format!("{} ({} ", m.name, g.factors[f].abbreviation))
                    ),
                ),
                (Some(a), None) if m.per_count => (
                    format!("({a} * {})", m.shift),
                    format!(
                        "{} + {a} + {}",
                        lit(&format!("{} (", m.name)),
                        lit(&format!(" × {})", signed(m.shift)))
                    ),
                ),
                (Some(a), None) if p.declared.is_some() => {
                    (format!("({a} * {})", m.shift), lit(&m.name))
                }
                _ => (m.shift.to_string(), lit(&m.name)),
            };
            if let Some(max) = m.max_shift {
                let over = if sign < 0 {
                    format!("{raw} < -{max}")
                } else {
                    format!("{raw} > {max}")
                };
                cause = format!(
                    "{cause} + ({over} ? {} : \"\")",
                    lit(&format!(", at most {max}"))
                );
            }
            let mn = &names[p.index];
            let by_property = format!("CombatBy_{table}_{mn}");
            p.by_step = Some((
                by_property.clone(),
                format!("{{{} ? {} : 0}}", p.on, capped(&raw, sign, m.max_shift)),
            ));
            let side = match m.side {
                Some(crate::model::CombatSide::Attacker) => " (attacker)",
                Some(crate::model::CombatSide::Defender) => " (defender)",
                None => "",
            };
            p.cause = format!(
                "({by_property} != 0 ? \", \" + {cause} + \" \" + ({by_property} > 0 ? \"+\" : \
                 \"\") + {by_property} + {} : \"\")",
                lit(side)
            );
            p.shift = Some((by_property, sign));
        }
        plans
    }

    /// A terrain's shift is cancelled while a modifier negating it is in force: the
    /// condition of that, and the names of who cancels it (a string expression), if any
    /// modifier of the table can.
    pub(super) fn terrain_negation(
        &self,
        crt: &Crt,
        plans: &[ModifierPlan],
        t: TerrainId,
    ) -> Option<(String, String)> {
        let by: Vec<&ModifierPlan> = plans
            .iter()
            .filter(|p| crt.modifiers[p.index].negates_terrain.contains(&t))
            .collect();
        if by.is_empty() {
            return None;
        }
        let cond = any(&by.iter().map(|p| p.on.clone()).collect::<Vec<_>>());
        let mut who = lit("");
        for p in by.iter().rev() {
            who = format!("({} ? {} : {who})", p.on, lit(&crt.modifiers[p.index].name));
        }
        Some((cond, who))
    }
}
