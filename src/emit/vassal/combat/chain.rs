//! The property chain: the global properties, static lookups and hidden steps
//! [`Combat::new`] plans from the game's tables — totals, halvings and doublings, the column,
//! the shifts with their causes, the clamp, the roll's result — each step a BeanShell
//! expression over the ones before it (see the module documentation for why a chain).

use crate::model::{table::Modifier, Crt, CrtColumn, CrtKind, Dice, Game, MapKind, TerrainId};

use crate::vassal::encoder::encode_or_empty;

use super::super::plan::Plan;
use super::super::turns::turn_labels;
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
        for (mi, m) in g.maps.iter().enumerate() {
            let p = prefix(mi);
            match &m.kind {
                MapKind::Hex(h) => {
                    for c in h.geometry.coords() {
                        let site = format!("{p}{}", h.geometry.number(c));
                        locations.push_str(&format!("#{site}|{site}|"));
                        let hex = h.hex(c);
                        for t in std::iter::once(hex.terrain).chain(hex.features.iter().copied()) {
                            if !terrain_sites[t].contains(&site) {
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
                                if !hexside_pairs[*kind].contains(&pair) {
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
                        if !terrain_sites[area.terrain].contains(&site) {
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

        // Terrain and hexsides with combat effects.
        let terrain_ids: Vec<TerrainId> = (0..g.terrain.len())
            .filter(|t| {
                let e = g.terrain[*t].combat;
                (e.halve_attack || e.double_defence || e.shift != 0 || e.no_retreat)
                    && !terrain_sites[*t].is_empty()
            })
            .collect();
        let names = unique_idents(terrain_ids.iter().map(|t| ident(&g.terrain[*t].id)));
        let mut terrain = Vec::new();
        for (t, n) in terrain_ids.iter().zip(names) {
            let property = format!("CombatTerrain_{n}");
            globals.push(Global {
                name: property.clone(),
                description: format!("Combat: sites with {}", g.terrain[*t].name),
                initial: format!("|{}|", terrain_sites[*t].join("|")),
                numeric: false,
                button: None,
            });
            let e = g.terrain[*t].combat;
            terrain.push(Effect {
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

        // Weather: from the turn tracker when the turns carry it, else a property players set.
        let uses_weather = g
            .crts
            .iter()
            .any(|c| c.modifiers.iter().any(|m| m.weather.is_some()));
        let tracker_weather = g.turns.iter().any(|t| t.weather.is_some());
        let mut weather_step = None;
        if uses_weather {
            if tracker_weather {
                let labels = turn_labels(g);
                let w_names = unique_idents(g.weather.iter().map(|w| ident(&w.id)));
                let mut e = lit("");
                for (wi, w) in g.weather.iter().enumerate().rev() {
                    let turns: Vec<&str> = g
                        .turns
                        .iter()
                        .zip(&labels)
                        .filter(|(t, _)| t.weather == Some(wi))
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

        // Modifiers: in force by their condition, or declared by the players.
        let mut auto: Vec<(&Modifier, String)> = Vec::new();
        let mut declared: Vec<(&Modifier, String)> = Vec::new();
        let mod_names = unique_idents(crt.modifiers.iter().map(|m| ident(&m.id)));
        for (m, mn) in crt.modifiers.iter().zip(&mod_names) {
            let weather = m.weather.map(|w| g.weather[w].name.clone());
            let oos_auto = !m.attacker_out_of_supply || self.supply_layer;
            if (m.weather.is_some() || m.attacker_out_of_supply) && oos_auto {
                if m.shift_factor.is_some() {
                    continue; // needs a supporting unit and a condition: not applied
                }
                let mut parts = Vec::new();
                if let Some(w) = weather {
                    parts.push(format!("CombatWeather == {}", lit(&w)));
                }
                if m.attacker_out_of_supply {
                    parts.push("CombatOutOfSupply > 0".to_string());
                }
                auto.push((m, format!("({})", parts.join(" && "))));
            } else {
                let property = format!("CombatDeclared_{name}_{mn}");
                let (text, prompt) = match m.shift_factor {
                    Some(f) => (
                        format!("{}…", m.name),
                        format!(
                            "{}: total {} of the supporting units (0 = none)",
                            m.name, g.factors[f].name
                        ),
                    ),
                    None => (
                        format!("{}…", m.name),
                        format!("{}: how many times does it apply? (0 = not at all)", m.name),
                    ),
                };
                let text = if several {
                    format!("{}: {text}", crt.title)
                } else {
                    text
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
                declared.push((m, property));
            }
        }
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
        for (m, cond) in &auto {
            if m.halve_attack {
                halve_terms.push(format!("({cond} ? 1 : 0)"));
                halve_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {}", m.name))
                ));
            }
        }
        for (m, property) in &declared {
            if m.halve_attack {
                halve_terms.push(format!("({property} > 0 ? 1 : 0)"));
                halve_causes.push(format!(
                    "({property} > 0 ? {} : \"\")",
                    lit(&format!(", {}", m.name))
                ));
            }
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

        // Shifts, with their causes.
        let mut shift_terms = Vec::new();
        let mut shift_causes = Vec::new();
        for e in &self.terrain {
            if e.shift != 0 {
                let cond = in_terrain(e);
                shift_terms.push(format!("({cond} ? {} : 0)", e.shift));
                shift_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {} {}", e.name, signed(e.shift)))
                ));
            }
        }
        for e in &self.hexsides {
            if let (true, Some((_, count))) = (e.all_shift != 0, &e.across) {
                let cond = format!("({count} == CombatAttackers && CombatAttackers > 0)");
                shift_terms.push(format!("({cond} ? {} : 0)", e.all_shift));
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
        for (m, cond) in &auto {
            if m.shift != 0 {
                shift_terms.push(format!("({cond} ? {} : 0)", m.shift));
                shift_causes.push(format!(
                    "({cond} ? {} : \"\")",
                    lit(&format!(", {} {}", m.name, signed(m.shift)))
                ));
            }
        }
        for (m, property) in &declared {
            let by = if m.shift_factor.is_some() {
                if m.shift < 0 {
                    format!("(0 - {property})")
                } else {
                    property.clone()
                }
            } else if m.shift != 0 {
                format!("({property} * {})", m.shift)
            } else {
                continue;
            };
            shift_terms.push(by.clone());
            shift_causes.push(format!(
                "({property} > 0 ? {} + ({by} >= 0 ? \"+\" : \"\") + {by} : \"\")",
                lit(&format!(", {} ", m.name))
            ));
        }
        step("CombatShift", braced(&sum_of(&shift_terms)));
        step("CombatShiftCauses", braced(&concat(&shift_causes)));
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
        let report = chat_line(crt, several, &dice_property, &labels);

        let resets: Vec<Step> = declared
            .iter()
            .map(|(_, property)| Step {
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
