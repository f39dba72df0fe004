//! The property chain: the global properties, static lookups and hidden steps
//! [`Combat::new`] plans from the game's tables — totals, halvings and doublings, the column,
//! the shifts with their causes, the clamp, the roll's result — each step a BeanShell
//! expression over the ones before it (see the module documentation for why a chain).

use std::collections::HashSet;

use crate::model::{CountryId, Crt, CrtColumn, CrtKind, Dice, Game, MapKind, TerrainId};

use crate::vassal::encoder::encode_or_empty;

use super::super::plan::Plan;
use super::super::turns::turn_entries;
use super::expr::{braced, by_index, count, ident, lit, signed, sum, unique_idents};
use super::report::chat_line;
use super::{
    Combat, Effect, Global, Step, TablePlan, ATTACKER, ATTACK_FACTOR, AWAY, DEFENCE_FACTOR,
    DEFENDER, KEY_CLEAR_RESOLVED, LOCATIONS, PROBLEM, RESOLVE_BUTTON, SITE, UNSUPPLIED,
};

impl Combat {
    /// The machinery for a game with at least one combat results table.
    pub fn new(plan: &Plan<'_>) -> Option<Self> {
        let g = plan.game;
        if g.crts.is_empty() || g.crts.iter().all(|c| c.columns.is_empty()) {
            return None;
        }
        let maps: Vec<String> = plan.boards.iter().map(|b| b.map_name.clone()).collect();
        let multi_map = maps.len() > 1;
        let prefix = |m: usize| {
            if multi_map {
                format!("{}/", maps[m])
            } else {
                String::new()
            }
        };
        let supply_layer = plan.supply_marker().is_some();

        // Sites and locations.
        let mut locations = String::new();
        let mut terrain_sites: Vec<Vec<String>> = vec![Vec::new(); g.terrain.len()];
        let mut hexside_pairs: Vec<Vec<String>> = vec![Vec::new(); g.hexside_terrain.len()];
        let mut country_sites: Vec<Vec<String>> = vec![Vec::new(); g.countries.len()];
        // What the site and hexside lists hold already (a list keeps the order of first
        // mention; the sets answer whether a name is in it).
        let mut sites_listed: HashSet<(TerrainId, String)> = HashSet::new();
        let mut pairs_listed: HashSet<(usize, String)> = HashSet::new();
        for (mi, m) in g.maps.iter().enumerate() {
            let p = prefix(mi);
            match &m.kind {
                MapKind::Hex(h) => {
                    for c in h.geometry.coords() {
                        let site = format!("{p}{}", h.geometry.number(c));
                        locations.push_str(&format!("#{site}|{site}|"));
                        let hex = h.hex(c);
                        if let Some(k) = hex.country {
                            country_sites[k].push(site.clone());
                        }
                        for t in std::iter::once(hex.terrain).chain(hex.features.iter().copied()) {
                            if sites_listed.insert((t, site.clone())) {
                                terrain_sites[t].push(site.clone());
                            }
                        }
                    }
                    for ((a, b), list) in &h.hexsides {
                        let (a, b) = (
                            format!("{p}{}", h.geometry.number(*a)),
                            format!("{p}{}", h.geometry.number(*b)),
                        );
                        for (kind, _) in list {
                            for pair in [format!("{a}/{b}"), format!("{b}/{a}")] {
                                if pairs_listed.insert((*kind, pair.clone())) {
                                    hexside_pairs[*kind].push(pair);
                                }
                            }
                        }
                    }
                }
                MapKind::Area(a) => {
                    for (ai, area) in a.areas.iter().enumerate() {
                        let site = format!("{p}{}", area.name);
                        locations.push_str(&format!("#{site}|"));
                        for slot in a.slots(ai) {
                            locations.push_str(&format!("{p}{}|", a.slot_name(ai, slot)));
                        }
                        if sites_listed.insert((area.terrain, site.clone())) {
                            terrain_sites[area.terrain].push(site);
                        }
                    }
                }
            }
        }
        let mut globals = vec![Global {
            name: LOCATIONS.into(),
            description: "Combat: every location, grouped by site (#site|location|…)".into(),
            initial: locations,
            numeric: false,
            button: None,
        }];

        // Terrain with combat effects or named by a modifier's condition, and hexsides with
        // combat effects.
        let has_effect = |t: usize| {
            let e = g.terrain[t].combat;
            e.halve_attack || e.double_defence || e.shift != 0 || e.no_retreat
        };
        let named = |t: usize| {
            g.crts
                .iter()
                .any(|c| c.modifiers.iter().any(|m| m.terrain.contains(&t)))
        };
        let terrain_ids: Vec<TerrainId> = (0..g.terrain.len())
            .filter(|t| (has_effect(*t) || named(*t)) && !terrain_sites[*t].is_empty())
            .collect();
        let names = unique_idents(terrain_ids.iter().map(|t| ident(&g.terrain[*t].id)));
        let mut terrain = Vec::new();
        let mut terrain_lookup = Vec::new();
        for (t, n) in terrain_ids.iter().zip(names) {
            let property = format!("CombatTerrain_{n}");
            globals.push(Global {
                name: property.clone(),
                description: format!("Combat: sites with {}", g.terrain[*t].name),
                initial: format!("|{}|", terrain_sites[*t].join("|")),
                numeric: false,
                button: None,
            });
            terrain_lookup.push((*t, property.clone()));
            if !has_effect(*t) {
                continue;
            }
            let e = g.terrain[*t].combat;
            terrain.push(Effect {
                terrain: Some(*t),
                property,
                name: g.terrain[*t].name.clone(),
                halve: e.halve_attack,
                double: e.double_defence,
                shift: e.shift,
                no_retreat: e.no_retreat,
                all_shift: 0,
                across: None,
            });
        }
        let hexside_ids: Vec<usize> = (0..g.hexside_terrain.len())
            .filter(|h| {
                let x = &g.hexside_terrain[*h];
                (x.shift_if_all_across != 0 || x.halve_if_any_across)
                    && !hexside_pairs[*h].is_empty()
            })
            .collect();
        let names = unique_idents(hexside_ids.iter().map(|h| ident(&g.hexside_terrain[*h].id)));
        let mut hexsides = Vec::new();
        for (h, n) in hexside_ids.iter().zip(names) {
            let x = &g.hexside_terrain[*h];
            let property = format!("CombatHexsides_{n}");
            globals.push(Global {
                name: property.clone(),
                description: format!("Combat: hexsides of {} (both directions)", x.name),
                initial: format!("|{}|", hexside_pairs[*h].join("|")),
                numeric: false,
                button: None,
            });
            hexsides.push(Effect {
                terrain: None,
                property,
                name: x.name.clone(),
                halve: x.halve_if_any_across,
                double: false,
                shift: 0,
                no_retreat: false,
                all_shift: x.shift_if_all_across,
                across: Some((
                    format!("CombatAcross_{n}"),
                    format!("CombatAcrossCount_{n}"),
                )),
            });
        }

        // Countries named by a modifier's condition, and the sites in each.
        let countries: Vec<CountryId> = (0..g.countries.len())
            .filter(|k| {
                g.crts.iter().any(|c| {
                    c.modifiers
                        .iter()
                        .any(|m| m.countries.contains(k) || m.except_countries.contains(k))
                })
            })
            .collect();
        let names = unique_idents(countries.iter().map(|k| ident(&g.countries[*k].id)));
        let mut country_step = lit("");
        let mut country_tests = Vec::new();
        for (i, (k, n)) in countries.iter().zip(names).enumerate() {
            if country_sites[*k].is_empty() {
                continue;
            }
            let property = format!("CombatCountry_{n}");
            globals.push(Global {
                name: property.clone(),
                description: format!("Combat: sites in {}", g.countries[*k].name),
                initial: format!("|{}|", country_sites[*k].join("|")),
                numeric: false,
                button: None,
            });
            country_tests.push((i, property));
        }
        if !countries.is_empty() {
            let mut e = "-1".to_string();
            for (i, property) in country_tests.iter().rev() {
                e = format!("{property}.contains(\"|\" + CombatDefenderAt + \"|\") ? {i} : {e}");
            }
            country_step = braced(&e);
        }

        // Weather: from the turn tracker when the turns carry it, else a property players set.
        let uses_weather = g
            .crts
            .iter()
            .any(|c| c.modifiers.iter().any(|m| m.weather.is_some()));
        let tracker_weather = g.turns.iter().any(|t| t.weather.is_some());
        let mut weather_step = None;
        if uses_weather {
            if tracker_weather {
                let entries = turn_entries(g);
                let w_names = unique_idents(g.weather.iter().map(|w| ident(&w.id)));
                let mut e = lit("");
                for (wi, w) in g.weather.iter().enumerate().rev() {
                    let turns: Vec<&str> = entries
                        .iter()
                        .filter(|(t, _)| g.turns[*t].weather == Some(wi))
                        .map(|(_, l)| l.as_str())
                        .collect();
                    if turns.is_empty() {
                        continue;
                    }
                    let property = format!("CombatWeatherTurns_{}", w_names[wi]);
                    globals.push(Global {
                        name: property.clone(),
                        description: format!("Combat: turns with {} weather", w.name),
                        initial: format!("|{}|", turns.join("|")),
                        numeric: false,
                        button: None,
                    });
                    e = format!(
                        "{property}.contains(\"|\" + Turn + \"|\") ? {} : {e}",
                        lit(&w.name)
                    );
                }
                weather_step = Some(braced(&e));
            } else {
                let names: Vec<&str> = g.weather.iter().map(|w| w.name.as_str()).collect();
                globals.push(Global {
                    name: "Weather".into(),
                    description: "The weather in force (for combat)".into(),
                    initial: names.first().map(|s| s.to_string()).unwrap_or_default(),
                    numeric: false,
                    button: Some((
                        "Weather…".into(),
                        "Set the weather in force".into(),
                        encode_or_empty(
                            &[
                                "E".to_string(),
                                "Weather in force".to_string(),
                                encode_or_empty(&names, ','),
                            ],
                            ',',
                        ),
                    )),
                });
                weather_step = Some(braced("Weather"));
            }
        }

        // Shared steps.
        let a = ATTACKER;
        let d = DEFENDER;
        let mut shared = Vec::new();
        let step = |property: &str, expression: String, shared: &mut Vec<Step>| {
            shared.push(Step {
                property: property.to_string(),
                key: format!("CombatStep_{property}"),
                expression,
            });
        };
        step("CombatAttackers", braced(&count(&maps, a)), &mut shared);
        step("CombatDefenders", braced(&count(&maps, d)), &mut shared);
        step(
            "CombatAttackTotal",
            braced(&sum(&maps, ATTACK_FACTOR, a)),
            &mut shared,
        );
        step(
            "CombatDefenceTotal",
            braced(&sum(&maps, DEFENCE_FACTOR, d)),
            &mut shared,
        );
        step(
            "CombatDefenderCode",
            braced(&format!(
                "CombatDefenders > 0 ? {} / CombatDefenders : -1",
                sum(&maps, SITE, d)
            )),
            &mut shared,
        );
        step(
            "CombatDefenderAt",
            braced(&format!(
                "CombatDefenderCode >= 0 && {LOCATIONS}.startsWith(\"#\", CombatDefenderCode) \
                 ? {LOCATIONS}.substring(CombatDefenderCode + 1, \
                 {LOCATIONS}.indexOf(\"|\", CombatDefenderCode)) : \"\""
            )),
            &mut shared,
        );
        step("CombatElsewhere", braced(&sum(&maps, AWAY, d)), &mut shared);
        if !countries.is_empty() {
            step("CombatDefenderCountry", country_step, &mut shared);
        }
        if supply_layer {
            step(
                "CombatOutOfSupply",
                braced(&sum(&maps, UNSUPPLIED, a)),
                &mut shared,
            );
        }
        if let Some(e) = weather_step {
            step("CombatWeather", e, &mut shared);
        }
        for h in &hexsides {
            if let Some((piece, global)) = &h.across {
                step(global, braced(&sum(&maps, piece, a)), &mut shared);
            }
        }

        // Dice.
        let mut dice: Vec<(String, String, Dice)> = Vec::new();
        for c in &g.crts {
            if !dice.iter().any(|(_, _, x)| *x == c.dice) {
                dice.push((
                    format!("CombatDie{}", c.dice),
                    format!("CombatRoll{}", c.dice),
                    c.dice,
                ));
            }
        }

        let mut combat = Self {
            maps,
            multi_map,
            supply_layer,
            terrain,
            terrain_lookup,
            countries,
            hexsides,
            globals,
            shared,
            tables: Vec::new(),
            dice,
        };
        let crt_names = unique_idents(g.crts.iter().map(|c| ident(&c.id)));
        let several = g.crts.iter().filter(|c| !c.columns.is_empty()).count() > 1;
        for (k, crt) in g.crts.iter().enumerate() {
            if crt.columns.is_empty() {
                continue;
            }
            let t = combat.table(g, k, crt, &crt_names[k], several);
            combat.tables.push(t);
        }
        Some(combat)
    }

    /// `"|" + <the piece's location key> + "|"` as the piece's expressions write it.
    pub(super) fn place(&self) -> &'static str {
        if self.multi_map {
            "CurrentMap + \"/\" + LocationName"
        } else {
            "LocationName"
        }
    }

    /// The steps, report and keys of one table.
    fn table(&mut self, g: &Game, k: usize, crt: &Crt, name: &str, several: bool) -> TablePlan {
        let n = crt.columns.len();
        let labels: Vec<String> = crt.labels.iter().map(|l| lit(l)).collect();
        let in_terrain =
            |e: &Effect| format!("{}.contains(\"|\" + CombatDefenderAt + \"|\")", e.property);
        let (dice_property, dice_key) = self
            .dice
            .iter()
            .find(|(_, _, x)| *x == crt.dice)
            .map(|(n, k, _)| (format!("{n}_result"), k.clone()))
            .unwrap_or_default();

        // Modifiers: in force by their condition, declared by the players or counted
        // among the marked attackers; where they hold; what cancels them.
        let mod_names = unique_idents(crt.modifiers.iter().map(|m| ident(&m.id)));
        let plans = self.plan_modifiers(g, crt, name, &mod_names, several);
        let column_choice = (crt.kind == CrtKind::Column).then(|| {
            let property = format!("CombatColumnChoice_{name}");
            let text = if several {
                format!("{}: column…", crt.title)
            } else {
                "Column…".to_string()
            };
            self.globals.push(Global {
                name: property.clone(),
                description: format!("Combat ({}): the column players chose", crt.title),
                initial: String::new(),
                numeric: false,
                button: Some((
                    text,
                    format!("Choose the column of {}", crt.title),
                    encode_or_empty(
                        &[
                            "E".to_string(),
                            format!("Column of {}", crt.title),
                            encode_or_empty(&crt.labels, ','),
                        ],
                        ',',
                    ),
                )),
            });
            property
        });

        let mut steps = Vec::new();
        let mut step = |property: &str, expression: String| {
            steps.push(Step {
                property: property.to_string(),
                key: format!("CombatStep_{name}_{property}"),
                expression,
            });
        };

        for p in &plans {
            for (property, expression) in &p.steps {
                step(property, expression.clone());
            }
        }
        for p in &plans {
            if let Some((property, expression)) = &p.by_step {
                step(property, expression.clone());
            }
        }

        // Halvings and doublings, with their causes.
        let mut halve_terms = Vec::new();
        let mut halve_causes = Vec::new();
        let mut double_terms = Vec::new();
        let mut double_causes = Vec::new();
        for e in &self.terrain {
            let cond = in_terrain(e);
            if e.halve {
                halve_terms.push(format!("({cond} ? 1 : 0)"));
                halve_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {}", e.name))
                ));
            }
            if e.double {
                double_terms.push(format!("({cond} ? 1 : 0)"));
                double_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {}", e.name))
                ));
            }
        }
        for e in &self.hexsides {
            if let (true, Some((_, count))) = (e.halve, &e.across) {
                halve_terms.push(format!("({count} > 0 ? 1 : 0)"));
                halve_causes.push(format!(
                    "({count} > 0 ? {} : \"\")",
                    lit(&format!(", attack across {}", e.name))
                ));
            }
        }
        for p in plans.iter().filter(|p| p.halve) {
            halve_terms.push(format!("({} ? 1 : 0)", p.on));
            halve_causes.push(format!(
                "({} ? {} : \"\")",
                p.on,
                lit(&format!(", {}", crt.modifiers[p.index].name))
            ));
        }
        let sum_of = |terms: &[String]| {
            if terms.is_empty() {
                "0".to_string()
            } else {
                terms.join(" + ")
            }
        };
        let concat = |terms: &[String]| {
            let mut v = vec![lit("")];
            v.extend(terms.iter().cloned());
            v.join(" + ")
        };
        let computes = crt.kind != CrtKind::Column;
        if computes {
            step("CombatHalvings", braced(&sum_of(&halve_terms)));
            step("CombatHalvedBy", braced(&concat(&halve_causes)));
            step("CombatDoublings", braced(&sum_of(&double_terms)));
            step("CombatDoubledBy", braced(&concat(&double_causes)));
            let attack = if halve_terms.is_empty() {
                "CombatAttackTotal".to_string()
            } else if crt.halve_up {
                "(CombatAttackTotal + (1 << CombatHalvings) - 1) / (1 << CombatHalvings)".into()
            } else {
                "CombatAttackTotal / (1 << CombatHalvings)".into()
            };
            step("CombatAttack", braced(&attack));
            let defence = if double_terms.is_empty() {
                "CombatDefenceTotal".to_string()
            } else {
                "CombatDefenceTotal * (1 << CombatDoublings)".into()
            };
            step("CombatDefence", braced(&defence));
        }

        // What stops the resolution.
        let mut problem = format!(
            "CombatAttackers == 0 ? {} : CombatDefenders == 0 ? {} : CombatElsewhere > 0 ? {} \
             : CombatDefenderCode < 0 ? {} : ",
            // Only the game maps count: a unit marked in an off-map box is not part of it.
            lit("mark at least one attacker on the map"),
            lit("mark the defender on the map"),
            lit("the marked defenders are not all in one location"),
            lit("the defender is not on a map location"),
        );
        if crt.kind == CrtKind::Odds {
            problem.push_str(&format!(
                "CombatDefence < 1 ? {} : ",
                lit("the defence is 0")
            ));
        }
        if let Some(choice) = &column_choice {
            problem.push_str(&format!(
                "{choice} == \"\" ? {} : ",
                lit("choose the column first (Combat modifiers menu)")
            ));
        }
        problem.push_str("\"\"");
        step(PROBLEM, braced(&problem));

        // Column.
        let column = match crt.kind {
            CrtKind::Odds => {
                let mut e = "0".to_string();
                for (i, c) in crt.columns.iter().enumerate().skip(1) {
                    if let CrtColumn::Odds {
                        attack, defence, ..
                    } = c
                    {
                        e = format!(
                            "CombatAttack * {defence} >= {attack} * CombatDefence ? {i} : {e}"
                        );
                    }
                }
                e
            }
            CrtKind::Differential => {
                let mut e = "0".to_string();
                for (i, c) in crt.columns.iter().enumerate().skip(1) {
                    if let CrtColumn::Difference { value, .. } = c {
                        e = format!("CombatAttack - CombatDefence >= {value} ? {i} : {e}");
                    }
                }
                e
            }
            CrtKind::Column => {
                let choice = column_choice.clone().unwrap_or_default();
                let mut e = "0".to_string();
                for (i, l) in crt.labels.iter().enumerate().rev() {
                    e = format!("{choice} == {} ? {i} : {e}", lit(l));
                }
                e
            }
        };
        step("CombatColumn", braced(&column));

        // Shifts, with their causes and the side each favours; what was not applied.
        // Each shift's sign is known here: right (the attacker's) or left (the defender's).
        let mut right = Vec::new();
        let mut left = Vec::new();
        let mut shift_causes = Vec::new();
        let mut sided = Vec::new();
        let mut not_applied = Vec::new();
        for e in &self.terrain {
            if e.shift != 0 {
                let cond = in_terrain(e);
                let text = format!("{} {}", e.name, signed(e.shift));
                let negation = e
                    .terrain
                    .and_then(|t| self.terrain_negation(crt, &plans, t));
                let cond = match &negation {
                    Some((negated, who)) => {
                        not_applied.push(format!(
                            "({cond} && {negated} ? {} + {who} : \"\")",
                            lit(&format!(
                                ", shift {} of defender in {} cancelled by ",
                                signed(e.shift),
                                e.name
                            ))
                        ));
                        format!("{cond} && !{negated}")
                    }
                    None => cond,
                };
                let term = format!("({cond} ? {} : 0)", e.shift.abs());
                if e.shift > 0 { &mut right } else { &mut left }.push(term);
                shift_causes.push(format!("({cond} ? {} : \"\")", lit(&format!(", {text}"))));
            }
        }
        for e in &self.hexsides {
            if let (true, Some((_, count))) = (e.all_shift != 0, &e.across) {
                let cond = format!("({count} == CombatAttackers && CombatAttackers > 0)");
                let term = format!("({cond} ? {} : 0)", e.all_shift.abs());
                if e.all_shift > 0 {
                    &mut right
                } else {
                    &mut left
                }
                .push(term);
                shift_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(
                        ", every attacker across {} {}",
                        e.name,
                        signed(e.all_shift)
                    ))
                ));
            }
        }
        for p in &plans {
            if let Some((property, sign)) = &p.shift {
                if *sign > 0 {
                    right.push(property.clone());
                } else {
                    left.push(format!("(0 - {property})"));
                }
                shift_causes.push(p.cause.clone());
                if p.sided {
                    sided.push(format!("({property} != 0 ? 1 : 0)"));
                }
            }
            not_applied.push(p.note.clone());
        }
        not_applied.retain(|n| *n != lit(""));
        step("CombatRight", braced(&sum_of(&right)));
        step("CombatLeft", braced(&sum_of(&left)));
        step("CombatShift", braced("CombatRight - CombatLeft"));
        step("CombatShiftCauses", braced(&concat(&shift_causes)));
        step("CombatNotApplied", braced(&concat(&not_applied)));
        step("CombatSided", braced(&sum_of(&sided)));
        let last = n - 1;
        step(
            "CombatFinal",
            braced(&format!(
                "CombatColumn + CombatShift < 0 ? 0 : CombatColumn + CombatShift > {last} ? \
                 {last} : CombatColumn + CombatShift"
            )),
        );

        // Result.
        let mut result = lit("");
        for row in crt.rows.iter().rev() {
            let cells: Vec<String> = (0..n)
                .map(|i| lit(row.results.get(i).map_or("", String::as_str)))
                .collect();
            let test = if row.low == row.high {
                format!("{dice_property} == {}", row.low)
            } else {
                format!(
                    "{dice_property} >= {} && {dice_property} <= {}",
                    row.low, row.high
                )
            };
            result = format!("{test} ? {} : {result}", by_index("CombatFinal", &cells));
        }
        step("CombatResult", braced(&result));
        let notes: Vec<String> = self
            .terrain
            .iter()
            .filter(|e| e.no_retreat)
            .map(|e| {
                format!(
                    "({} ? {} : \"\")",
                    in_terrain(e),
                    lit(&format!(", {}", e.name))
                )
            })
            .collect();
        step("CombatNotes", braced(&concat(&notes)));

        // The chat line.
        let sides = crt.modifiers.iter().any(|m| m.side.is_some());
        let report = chat_line(crt, several, sides, &dice_property, &labels);

        let resets: Vec<Step> = plans
            .iter()
            .filter_map(|p| p.declared.as_ref())
            .map(|property| Step {
                property: property.clone(),
                key: format!("CombatReset_{property}"),
                expression: braced(&format!("{PROBLEM} == \"\" ? 0 : {property}")),
            })
            .collect();
        let report_key = format!("CombatReport_{name}");
        let mut keys = vec![dice_key];
        keys.extend(self.shared.iter().map(|s| s.key.clone()));
        keys.extend(steps.iter().map(|s| s.key.clone()));
        keys.push(report_key.clone());
        keys.push(KEY_CLEAR_RESOLVED.into());
        keys.extend(resets.iter().map(|s| s.key.clone()));
        TablePlan {
            crt: k,
            button: if several {
                format!("Resolve: {}", crt.title)
            } else {
                RESOLVE_BUTTON.into()
            },
            report_key,
            report: braced(&report),
            steps,
            resets,
            keys,
        }
    }

    /// Every step of every table with its expression (shared steps once), the reports and
    /// the piece expressions: what a syntax check walks.
    pub fn expressions(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .shared
            .iter()
            .map(|s| (s.key.clone(), s.expression.clone()))
            .collect();
        for t in &self.tables {
            out.extend(
                t.steps
                    .iter()
                    .map(|s| (s.key.clone(), s.expression.clone())),
            );
            out.extend(
                t.resets
                    .iter()
                    .map(|s| (s.key.clone(), s.expression.clone())),
            );
            out.push((t.report_key.clone(), t.report.clone()));
        }
        for tr in &self.prototype().traits {
            if let Some(body) = tr.kind.strip_prefix("calcProp;") {
                let f = crate::vassal::encoder::decode(body, ';');
                out.push((f[0].clone(), f[1].clone()));
            }
        }
        out
    }
}
