//! `sandtable control DIR (--scenario ID | --save FILE.vsav) [--after SIDE] [--in-force ID]…
//! [--format json]`: who controls each hex or area under the game's control rule, the
//! Control Phase (points collected per area and side, marker and garrison penalties), the
//! units subject to attrition, and the victory conditions evaluated on it with the level of
//! victory.

use std::process::ExitCode;

use serde::Serialize;

use super::positions::{self, json, Source};
use super::{game_for, Format, GameDir};
use crate::helpers::control::{
    self, AttritionReport, ControlOptions, ControlPhaseReport, ControlReport,
};
use crate::helpers::victory::{self, VictoryOptions, VictoryReport};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Says who controls each place or area under the game's control rule. For games that declare
it, the Control Phase: the points each side collects per area, markers, absence and
garrison penalties, dice left as text, and each index after the phase (`--in-force` applies
a conditional garrison requirement); the units subject to attrition and how many suffer.
Every victory condition is evaluated (track ratios every Nth turn, "met at this check" when
several checks in a row are needed), with the level of victory of the side ahead.

Examples:
  sandtable control modules/greek-civil-war --scenario 1947
  sandtable control modules/diplomacy --save autumn-1901.vsav --format json

Exit codes:
- `0`: evaluated.
- `1`: the game, scenario or save has errors.

JSON:
`{"turn", "control": {"rule", "sides", "places", "changed", "starting"}, "victory":
{"conditions", "winners"}, "after", "note"}`."#;

/// Arguments of `control`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    #[command(flatten)]
    source: Source,
    /// The side whose player turn just ended: conditions checked after another side's turn
    /// are shown but do not win now [default: every condition is evaluated as if its moment
    /// had come].
    #[arg(long, value_name = "SIDE")]
    after: Option<String>,
    /// Apply a conditional garrison requirement of the Control Phase (its `id`), e.g. the
    /// one a Politics Table result imposes; repeatable.
    #[arg(long = "in-force", value_name = "ID")]
    in_force: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        self.format
    }
}

#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    save: Option<positions::SaveSummary<'a>>,
    /// The turn the positions show, when known.
    turn: Option<String>,
    control: &'a ControlReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    control_phase: Option<&'a ControlPhaseReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    attrition: Option<&'a AttritionReport>,
    victory: &'a VictoryReport,
    /// The side whose player turn just ended, if given.
    after: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let needs = match &a.source.scenario {
        Some(id) => super::Needs::Scenario(id),
        None => super::Needs::NoScenario,
    };
    let g = game_for(&a.game.dir, &a.options, needs, a.format)?;
    let after = a
        .after
        .as_deref()
        .map(|s| positions::side(&g, s))
        .transpose()?;
    let garrisons = g
        .rules
        .control_phase
        .as_ref()
        .map(|c| c.garrisons.as_slice())
        .unwrap_or_default();
    for id in &a.in_force {
        if !garrisons.iter().any(|x| x.when.is_some() && x.id == *id) {
            let known: Vec<&str> = garrisons
                .iter()
                .filter(|x| x.when.is_some())
                .map(|x| x.id.as_str())
                .collect();
            let hint = crate::diag::suggest::did_you_mean(id, known.iter().copied())
                .map(|h| format!(" ({h})"))
                .unwrap_or_else(|| {
                    if known.is_empty() {
                        " (the game declares no conditional garrison requirement)".into()
                    } else {
                        format!(" (known: {})", known.join(", "))
                    }
                });
            return Err(
                format!("--in-force: no conditional garrison requirement `{id}`{hint}").into(),
            );
        }
    }
    let loaded = positions::load(&g, &a.source)?;
    let map = control::control(&g, &loaded.positions, &ControlOptions::default());
    let control_report = control::report(&map);
    // A scenario's set-up is its start: no earlier owner, nothing has changed hands yet.
    let control_report = if a.source.scenario.is_some() {
        control_report.at_start()
    } else {
        control_report
    };
    let phase = control::control_phase(&map, &loaded.positions, &a.in_force);
    let attrition = control::attrition(&map, &loaded.positions);
    let victory_report = victory::victory(&g, &loaded.positions, &map, &VictoryOptions { after });
    let note = after.is_none().then(|| {
        "no --after: every victory condition is evaluated as if its moment had come".to_string()
    });
    let turn = loaded
        .positions
        .turn
        .and_then(|t| g.turns.get(t))
        .map(|t| t.name.clone());
    let report = Report {
        save: loaded
            .save
            .as_ref()
            .map(|s| s.summary(a.source.module.as_deref())),
        turn: turn.clone(),
        control: &control_report,
        control_phase: phase.as_ref(),
        attrition: attrition.as_ref(),
        victory: &victory_report,
        after: after.map(|s| g.sides[s].id.clone()),
        note: note.clone(),
    };
    match a.format {
        Format::Json => super::emit(&json(&report)?),
        Format::Text => {
            if let Some(s) = &loaded.save {
                eprint!("{}", s.warnings());
            }
            let mut text = String::new();
            if let Some(t) = &turn {
                text.push_str(&format!("Turn: {t}\n\n"));
            }
            text.push_str(&control::render(&control_report));
            if let Some(p) = &phase {
                text.push('\n');
                text.push_str(&control::render_control_phase(p));
            }
            if let Some(at) = &attrition {
                text.push('\n');
                text.push_str(&control::render_attrition(at));
            }
            text.push_str("\nVictory");
            match after {
                Some(s) => text.push_str(&format!(" after the {} player turn:\n", g.sides[s].name)),
                None => text.push_str(":\n"),
            }
            text.push_str(&victory::render(&victory_report));
            if let Some(n) = &note {
                text.push_str(&format!("({n})\n"));
            }
            super::emit(&text);
        }
    }
    Ok(ExitCode::SUCCESS)
}
