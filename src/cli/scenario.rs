//! `sandtable scenario DIR [ID] [--format json]`: list scenarios or print one resolved set-up.

use std::process::ExitCode;

use serde::Serialize;

use super::{game_for, Format, GameDir};
use crate::model::{Game, Location};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Without a scenario, lists the game's scenarios. With one, prints its resolved set-up: every
placement (`counter`, `name`, `side`, `location`: a hex number, an area's slot, a track
display's box such as `Record Track 60`, or `pool:<name>` for an off-map box) and every
track's starting value with where its marker stands.

Examples:
  sandtable scenario modules/greek-civil-war
  sandtable scenario modules/great-patriotic-war barbarossa --format json

Exit codes:
- `0`: listed.
- `1`: the game (or the scenario) has errors, or no scenario has that id.

JSON:
Without ID, `{"scenarios": [{"id", "title", …}]}`. With one, `{"scenario", "title", "start",
"end", "placements": [{"counter", "name", "side", "location", "level"}], "tracks":
[{"track", "name", "value", "marker"}]}`."#;

/// Arguments of `scenario`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// Scenario id; without it the scenarios are listed.
    id: Option<String>,
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
struct Listing<'a> {
    scenarios: Vec<Entry<'a>>,
}

#[derive(Serialize)]
struct Entry<'a> {
    id: &'a str,
    title: &'a str,
    /// The optional rules on in it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    options: Vec<OptionReport>,
}

/// An optional rule on in a scenario, as `sandtable scenario` reports it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct OptionReport {
    /// Option id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The rule's number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// The optional rules on in a scenario.
fn options_of(g: &Game, s: &crate::model::Scenario) -> Vec<OptionReport> {
    s.options
        .iter()
        .filter_map(|i| g.options.get(*i))
        .map(|o| OptionReport {
            id: o.id.clone(),
            name: o.name.clone(),
            rule: o.rule.clone(),
        })
        .collect()
}

/// One placement as `sandtable scenario` reports it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct PlacementReport {
    /// Counter id.
    pub counter: String,
    /// Printed name.
    pub name: String,
    /// Side id.
    pub side: Option<String>,
    /// Hex number as printed, area slot name, or `pool:<name>`.
    pub location: String,
    /// Starts reduced (a two-step unit on its back).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reduced: bool,
    /// The Level it starts at, for a two-level counter (either face).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
}

/// A resolved set-up.
#[derive(Debug, Serialize)]
pub struct SetupReport {
    /// Scenario id.
    pub scenario: String,
    /// Title.
    pub title: String,
    /// First turn name.
    pub start: String,
    /// Last turn name.
    pub end: String,
    /// Every counter copy.
    pub placements: Vec<PlacementReport>,
    /// Every track's starting value (the scenario's, else the track's lowest).
    pub tracks: Vec<TrackReport>,
    /// Province boards: the supply centres each side owns at the start.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub centres: Vec<CentresReport>,
    /// The optional rules on in it (by default, the player's `--option`, its own).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OptionReport>,
}

/// The supply centres a side owns when a scenario starts.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct CentresReport {
    /// Side id.
    pub side: String,
    /// The centres' area ids, in map order.
    pub centres: Vec<String>,
}

/// A track's starting value as `sandtable scenario` reports it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct TrackReport {
    /// Track id.
    pub track: String,
    /// Name.
    pub name: String,
    /// Starting value.
    pub value: i64,
    /// Where its marker starts, for a track on a track display (`Record Track 60`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
}

/// The resolved set-up of a scenario.
pub fn setup_report(g: &Game, id: &str) -> Option<SetupReport> {
    let s = g.scenario(id)?;
    Some(SetupReport {
        options: options_of(g, s),
        scenario: s.id.clone(),
        title: s.title.clone(),
        start: g
            .turns
            .get(s.start)
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        end: g
            .turns
            .get(s.end)
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        placements: s
            .placements
            .iter()
            .map(|p| PlacementReport {
                counter: g.counters[p.counter].id.clone(),
                name: g.counters[p.counter].name.clone(),
                side: g.side_of(p.counter).map(|x| g.sides[x].id.clone()),
                location: g.location_label(&p.location),
                reduced: p.reduced && g.counters[p.counter].back.is_none(),
                level: g.counters[p.counter]
                    .back
                    .and_then(|_| g.level_shown(p.counter, p.reduced)),
            })
            .collect(),
        tracks: g
            .tracks
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let value = s
                    .tracks
                    .iter()
                    .find(|(k, _)| *k == i)
                    .map_or(t.min, |(_, v)| *v);
                let marker = t.marker.and_then(|m| {
                    s.placements
                        .iter()
                        .find(|p| {
                            p.counter == m.counter
                                && matches!(p.location, Location::Track { display, .. } if display == m.display)
                        })
                        .map(|p| g.location_label(&p.location))
                });
                TrackReport {
                    track: t.id.clone(),
                    name: t.name.clone(),
                    value,
                    marker,
                }
            })
            .collect(),
        centres: g
            .sides
            .iter()
            .enumerate()
            .filter_map(|(si, side)| {
                let centres: Vec<String> = s
                    .owners
                    .iter()
                    .filter(|(_, _, o)| *o == si)
                    .filter_map(|(m, a, _)| match &g.maps[*m].kind {
                        crate::model::MapKind::Area(am) => Some(am.areas[*a].id.clone()),
                        crate::model::MapKind::Hex(_) => None,
                    })
                    .collect();
                (!centres.is_empty()).then(|| CentresReport {
                    side: side.id.clone(),
                    centres,
                })
            })
            .collect(),
    })
}

/// ` Lend-Lease 33.0 (`lend-lease`), …`; empty without options.
fn options_text(options: &[OptionReport]) -> String {
    if options.is_empty() {
        return String::new();
    }
    let names: Vec<String> = options
        .iter()
        .map(|o| match &o.rule {
            Some(r) => format!("{} {r} (`{}`)", o.name, o.id),
            None => format!("{} (`{}`)", o.name, o.id),
        })
        .collect();
    format!(" {}", names.join(", "))
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let needs = match &a.id {
        Some(id) => super::Needs::Scenario(id),
        None => super::Needs::NoScenario,
    };
    let g = game_for(&a.game.dir, &a.options, needs, a.format)?;
    let Some(id) = &a.id else {
        let listing = Listing {
            scenarios: g
                .scenarios
                .iter()
                .map(|s| Entry {
                    id: &s.id,
                    title: &s.title,
                    options: options_of(&g, s),
                })
                .collect(),
        };
        let mut out = String::new();
        match a.format {
            Format::Json => {
                out = serde_json::to_string_pretty(&listing).map_err(|e| e.to_string())? + "\n"
            }
            Format::Text => {
                for s in &listing.scenarios {
                    let options = if s.options.is_empty() {
                        String::new()
                    } else {
                        format!(" — optional rules:{}", options_text(&s.options))
                    };
                    out += &format!("{:<24} {}{options}\n", s.id, s.title);
                }
            }
        }
        super::emit(&out);
        return Ok(ExitCode::SUCCESS);
    };
    let Some(report) = setup_report(&g, id) else {
        let ids: Vec<&str> = g.scenarios.iter().map(|s| s.id.as_str()).collect();
        let hint = crate::diag::suggest::did_you_mean(id, ids.iter().copied())
            .unwrap_or_else(|| format!("scenarios: {}", ids.join(", ")));
        return Err(format!("no scenario `{id}` ({hint})").into());
    };
    let mut out = String::new();
    match a.format {
        Format::Json => {
            out = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())? + "\n"
        }
        Format::Text => {
            out += &format!(
                "{} — starts {}, ends {}\n",
                report.title, report.start, report.end
            );
            if !report.options.is_empty() {
                out += &format!("optional rules:{}\n", options_text(&report.options));
            }
            out += &format!("{:<28} {:<36} {:<8} location\n", "counter", "name", "side");
            for p in &report.placements {
                out += &format!(
                    "{:<28} {:<36} {:<8} {}{}\n",
                    p.counter,
                    p.name,
                    p.side.as_deref().unwrap_or("-"),
                    p.location,
                    match (p.reduced, p.level) {
                        (true, _) => " (reduced)".to_string(),
                        (false, Some(l)) => format!(" (Level {l})"),
                        (false, None) => String::new(),
                    }
                );
            }
            out += &format!("{} counters placed\n", report.placements.len());
            if !report.centres.is_empty() {
                out += "supply centres owned\n";
                for c in &report.centres {
                    out += &format!(
                        "  {:<12} {:>2}  {}\n",
                        c.side,
                        c.centres.len(),
                        c.centres.join(" ")
                    );
                }
            }
            if !report.tracks.is_empty() {
                out += &format!("{:<36} {:>5}  marker\n", "track", "value");
                for t in &report.tracks {
                    out += &format!(
                        "{:<36} {:>5}  {}\n",
                        t.name,
                        t.value,
                        t.marker.as_deref().unwrap_or("-")
                    );
                }
            }
        }
    }
    super::emit(&out);
    Ok(ExitCode::SUCCESS)
}
