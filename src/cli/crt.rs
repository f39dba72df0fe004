//! `sandtable crt DIR --table ID --attack N --defense N [--shift N]… [--terrain CODE]…
//! [--defender-at HEX [--attacker-at HEX]…] [--weather W] [--attacking-side S]
//! [--attacking-nation N]… [--attacking-type T]… [--country C] [--roll R]… [--times N]
//! [--seed S] [--format json]`: resolve one combat and show every step; `sandtable crt DIR --list` lists
//! the tables. `--defender-at` reads the terrain from the map, `--attacker-at` the hexsides
//! crossed.

use std::process::ExitCode;

use super::{game_for, Format, GameDir};
use crate::diag::suggest::did_you_mean;
use crate::helpers::crt::{self, CombatError, CombatInput, InputNumbers, Shift, Support};
use crate::model::{Game, Location, MapKind};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Resolves one combat on a combat results table and shows every step: the odds or the
difference, the column, each shift with its cause, clamping, the roll, the result and what
it means. `--defender-at` takes the terrain from the map and `--attacker-at` the hexsides
crossed. Several rolls on the same column (`--roll` repeated, or `--times N`: one die per
unit or step) are counted. `--list` lists the tables.

Examples:
  sandtable crt modules/great-patriotic-war --attack 6 --defense 2 --roll 3
  sandtable crt modules/great-patriotic-war --attack 9 --defense 3 --defender-at 1612 --attacker-at 1712
  sandtable crt modules/greek-civil-war --table kinetic --attack 4 --defense 2 --times 6 --seed 1
  sandtable crt modules/greek-civil-war --list

Exit codes:
- `0`: resolved.
- `1`: the game has errors in what the combat uses.
- `2`: a usage error (a table, terrain or location the game does not have).

JSON:
`{"table", "title", "kind", "attack": {"factors", "total", "value", …}, "defence": {…},
"ratio", "difference", "column", "shifts": […], "final_column", "clamped", "dice", "roll",
"result", "meaning"}`; with `--list`, `{"tables": […]}`."#;

/// Arguments of `crt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// List the tables (id, kind, columns, modifiers) instead of resolving a combat.
    #[arg(
        long,
        conflicts_with_all = [
            "table", "attack", "defense", "shift", "terrain", "defender_at", "attacker_at",
            "across", "any_across", "weather", "attacking_side", "attacking_nation",
            "attacking_type", "out_of_supply", "country", "support", "column", "roll", "seed",
            "times",
        ]
    )]
    list: bool,
    /// The table's id [default: the game's only table].
    #[arg(long, value_name = "ID")]
    table: Option<String>,
    /// Attack factor of an attacking unit; repeat for several units (or give the total).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    attack: Vec<i64>,
    /// Defence factor of a defending unit; repeat for several units (or give the total).
    #[arg(
        long,
        visible_alias = "defence",
        value_name = "N",
        allow_negative_numbers = true
    )]
    defense: Vec<i64>,
    /// A further column shift (negative = left, in the defender's favour); repeatable.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    shift: Vec<i64>,
    /// A terrain or feature id of the defender's location (forest, major-city…); repeatable.
    #[arg(long, value_name = "CODE")]
    terrain: Vec<String>,
    /// Where the defender stands (hex number, `map:hex`, place name, area or `area/box-N`):
    /// its terrain and features count as if given with --terrain.
    #[arg(long, value_name = "LOCATION")]
    defender_at: Option<String>,
    /// Where an attacker stands; repeat per attacking hex. With --defender-at, the hexsides
    /// crossed count as if given with --across (every attacker) and --any-across (some).
    #[arg(long, value_name = "LOCATION", requires = "defender_at")]
    attacker_at: Vec<String>,
    /// A hexside terrain id every attacker attacks across (a river); repeatable.
    #[arg(long, value_name = "HEXSIDE")]
    across: Vec<String>,
    /// A hexside terrain id at least one attacker attacks across (a strait); repeatable.
    #[arg(long, value_name = "HEXSIDE")]
    any_across: Vec<String>,
    /// The weather in force, by id.
    #[arg(long, value_name = "W")]
    weather: Option<String>,
    /// The side that attacks, for modifiers limited to one side's attacks [default: the side
    /// of the --attacking-nation units].
    #[arg(long, value_name = "SIDE")]
    attacking_side: Option<String>,
    /// The nation of an attacking unit, for modifiers limited to some nations; repeatable.
    #[arg(long, value_name = "NATION")]
    attacking_nation: Vec<String>,
    /// The unit type of an attacking unit, for a weather or supply modifier limited to some
    /// types; repeatable.
    #[arg(long, value_name = "TYPE")]
    attacking_type: Vec<String>,
    /// The attackers are out of supply.
    #[arg(long)]
    out_of_supply: bool,
    /// The defender's country, for modifiers that apply in some countries only (read from
    /// the map with --defender-at).
    #[arg(long, value_name = "ID")]
    country: Option<String>,
    /// A declared modifier of the table (a leader; `offensive-air=2` for one that shifts by
    /// a supporting unit's factor); repeatable.
    #[arg(long, value_name = "MODIFIER[=FACTOR]", value_parser = support)]
    support: Vec<Support>,
    /// For column tables: the column, by its heading.
    #[arg(long, value_name = "LABEL")]
    column: Option<String>,
    /// The die roll, when already rolled; repeat for several rolls read on the same column
    /// (one die per unit or step).
    #[arg(long, value_name = "R", conflicts_with_all = ["seed", "times"])]
    roll: Vec<u32>,
    /// Roll the table this many times here, each roll read on the final column (the rules
    /// roll one die per unit or step), and count the results.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    times: u32,
    /// Seed for rolling here (the same seed gives the same roll) [default: from the clock,
    /// printed so the roll can be replayed].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
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

/// An id the game does not know, with did-you-mean or the list of known ids.
fn unknown(what: &str, id: &str, known: &[&str]) -> String {
    let hint = did_you_mean(id, known.iter().copied()).unwrap_or_else(|| {
        if known.is_empty() {
            format!("the game has no {what}")
        } else {
            format!("known: {}", known.join(", "))
        }
    });
    format!("no {what} `{id}` ({hint})")
}

fn terrain_id(g: &Game, id: &str) -> Result<usize, String> {
    g.terrain_index(id).ok_or_else(|| {
        let known: Vec<&str> = g.terrain.iter().map(|t| t.id.as_str()).collect();
        unknown("terrain", id, &known)
    })
}

fn hexside_id(g: &Game, id: &str) -> Result<usize, String> {
    g.hexside_terrain
        .iter()
        .position(|h| h.id == id)
        .ok_or_else(|| {
            let known: Vec<&str> = g.hexside_terrain.iter().map(|t| t.id.as_str()).collect();
            unknown("hexside terrain", id, &known)
        })
}

fn country_id(g: &Game, id: &str) -> Result<usize, String> {
    g.countries.iter().position(|c| c.id == id).ok_or_else(|| {
        let known: Vec<&str> = g.countries.iter().map(|c| c.id.as_str()).collect();
        unknown("country", id, &known)
    })
}

fn side_id(g: &Game, id: &str) -> Result<usize, String> {
    g.sides.iter().position(|s| s.id == id).ok_or_else(|| {
        let known: Vec<&str> = g.sides.iter().map(|s| s.id.as_str()).collect();
        unknown("side", id, &known)
    })
}

fn nation_id(g: &Game, id: &str) -> Result<usize, String> {
    g.nations.iter().position(|n| n.id == id).ok_or_else(|| {
        let known: Vec<&str> = g.nations.iter().map(|n| n.id.as_str()).collect();
        unknown("nation", id, &known)
    })
}

fn unit_type_id(g: &Game, id: &str) -> Result<usize, String> {
    g.unit_types.iter().position(|t| t.id == id).ok_or_else(|| {
        let known: Vec<&str> = g.unit_types.iter().map(|t| t.id.as_str()).collect();
        unknown("unit type", id, &known)
    })
}

/// Who attacks, as the arguments say.
struct Attackers {
    /// The attacking side.
    side: Option<usize>,
    /// The attackers' nations.
    nations: Vec<usize>,
    /// The attackers' unit types.
    types: Vec<usize>,
}

/// Who attacks: the side given, else the one side of the nations given; the nations and
/// unit types of the attackers.
fn attackers(g: &Game, a: &Args) -> Result<Attackers, String> {
    let nations = a
        .attacking_nation
        .iter()
        .map(|n| nation_id(g, n))
        .collect::<Result<Vec<_>, _>>()?;
    let types = a
        .attacking_type
        .iter()
        .map(|t| unit_type_id(g, t))
        .collect::<Result<Vec<_>, _>>()?;
    let side = match &a.attacking_side {
        Some(s) => {
            let side = side_id(g, s)?;
            if let Some(&n) = nations.iter().find(|&&n| g.nations[n].side != Some(side)) {
                return Err(format!(
                    "--attacking-nation {}: the nation is not of the attacking side `{s}`",
                    g.nations[n].id
                ));
            }
            Some(side)
        }
        None => {
            let mut sides: Vec<usize> = nations.iter().filter_map(|&n| g.nations[n].side).collect();
            sides.dedup();
            match sides.as_slice() {
                [one] => Some(*one),
                [] => None,
                _ => {
                    return Err(
                        "--attacking-nation: the nations given are of several sides; one side \
                         attacks"
                            .into(),
                    )
                }
            }
        }
    };
    Ok(Attackers {
        side,
        nations,
        types,
    })
}

fn weather_id(g: &Game, id: &str) -> Result<usize, String> {
    g.weather.iter().position(|w| w.id == id).ok_or_else(|| {
        let known: Vec<&str> = g.weather.iter().map(|w| w.id.as_str()).collect();
        unknown("weather", id, &known)
    })
}

/// `leader` or `offensive-air=2`.
fn support(text: &str) -> Result<Support, String> {
    match text.split_once('=') {
        None => Ok(Support {
            modifier: text.trim().to_string(),
            factor: None,
        }),
        Some((m, f)) => {
            let factor = f.trim().parse::<i64>().map_err(|e| {
                format!(
                    "the factor after `=` must be a whole number from {} to {} ({e})",
                    i64::MIN,
                    i64::MAX
                )
            })?;
            Ok(Support {
                modifier: m.trim().to_string(),
                factor: Some(factor),
            })
        }
    }
}

/// The combat input the arguments describe, with every id checked.
fn input(g: &Game, a: &Args) -> Result<CombatInput, String> {
    let table = match &a.table {
        Some(id) => {
            if g.crt(id).is_none() {
                let known: Vec<&str> = g.crts.iter().map(|c| c.id.as_str()).collect();
                return Err(unknown("combat results table", id, &known));
            }
            id.clone()
        }
        None => String::new(),
    };
    let crt = crt::table(g, &table).map_err(|e| e.to_string())?;
    if crt.kind != crate::model::CrtKind::Column && (a.attack.is_empty() || a.defense.is_empty()) {
        return Err(format!(
            "table `{}` finds its column from the odds or the difference: give --attack and \
             --defense (once per unit, or the totals)",
            crt.id
        ));
    }
    let mut defender_terrain: Vec<usize> = a
        .terrain
        .iter()
        .map(|t| terrain_id(g, t))
        .collect::<Result<_, _>>()?;
    let mut all_across: Vec<usize> = a
        .across
        .iter()
        .map(|h| hexside_id(g, h))
        .collect::<Result<_, _>>()?;
    let mut any_across: Vec<usize> = a
        .any_across
        .iter()
        .map(|h| hexside_id(g, h))
        .collect::<Result<_, _>>()?;
    let mut defender_country = a.country.as_deref().map(|c| country_id(g, c)).transpose()?;
    if let Some(at) = &a.defender_at {
        let defender = locate(g, "--defender-at", at)?;
        let attackers = a
            .attacker_at
            .iter()
            .map(|at| {
                let loc = locate(g, "--attacker-at", at)?;
                adjacent(g, &loc, &defender).then_some(loc).ok_or_else(|| {
                    let relation = match defender {
                        Location::Area { .. } => "in the same area as",
                        _ => "next to",
                    };
                    format!(
                        "--attacker-at {at}: `{}` is not {relation} the defender at `{}`",
                        g.location_name(&loc),
                        g.location_name(&defender)
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let field = crt::battlefield(g, &defender, &attackers);
        defender_country = defender_country.or(field.defender_country);
        add_missing(&mut defender_terrain, field.defender_terrain);
        add_missing(&mut all_across, field.all_across);
        add_missing(&mut any_across, field.any_across);
    }
    let who = attackers(g, a)?;
    Ok(CombatInput {
        table,
        attack: a.attack.clone(),
        defence: a.defense.clone(),
        column: a.column.clone(),
        shifts: a
            .shift
            .iter()
            .map(|&by| Shift {
                by,
                cause: "given on the command line".into(),
            })
            .collect(),
        defender_terrain,
        all_across,
        any_across,
        weather: a.weather.as_deref().map(|w| weather_id(g, w)).transpose()?,
        attacker_out_of_supply: a.out_of_supply,
        defender_country,
        attacking_side: who.side,
        attacking_nations: who.nations,
        attacking_types: who.types,
        supports: a.support.clone(),
        rolls: a.roll.clone(),
        roll_count: a.times,
        seed: a.seed,
    })
}

/// A location from the command line, or why it names nothing.
fn locate(g: &Game, option: &str, text: &str) -> Result<Location, String> {
    g.locate(text).map_err(|e| match e.hint() {
        Some(h) => format!("{option} {text}: {e} ({h})"),
        None => format!("{option} {text}: {e}"),
    })
}

/// An attacker may fight a defender next to it, or in the same area (area games fight
/// inside a region).
fn adjacent(g: &Game, attacker: &Location, defender: &Location) -> bool {
    match (attacker, defender) {
        (Location::Hex { map: am, hex: ah }, Location::Hex { map: dm, hex: dh }) => {
            am == dm
                && matches!(&g.maps[*dm].kind, MapKind::Hex(h) if h.geometry.adjacent(*ah, *dh))
        }
        (
            Location::Area {
                map: am, area: aa, ..
            },
            Location::Area {
                map: dm, area: da, ..
            },
        ) => am == dm && aa == da,
        _ => false,
    }
}

/// Append the ids `more` brings that `list` lacks.
fn add_missing(list: &mut Vec<usize>, more: Vec<usize>) {
    for x in more {
        if !list.contains(&x) {
            list.push(x);
        }
    }
}

/// The command-line argument that gave numbers of the input.
fn argument(numbers: &InputNumbers, a: &Args) -> String {
    match numbers {
        InputNumbers::Attack => "--attack".into(),
        InputNumbers::Defence => "--defense".into(),
        // The shifts given here, else those the declared modifiers brought.
        InputNumbers::Shifts if !a.shift.is_empty() => "--shift".into(),
        InputNumbers::Shifts => "--support".into(),
        InputNumbers::Support(id) => format!("--support {id}"),
    }
}

fn json(value: &impl serde::Serialize) -> Result<String, String> {
    Ok(serde_json::to_string_pretty(value).map_err(|e| e.to_string())? + "\n")
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let g = game_for(&a.game.dir, &a.options, super::Needs::NoScenario, a.format)?;
    if a.list {
        let list = crt::list_tables(&g);
        super::emit(&match a.format {
            Format::Json => json(&list)?,
            Format::Text if list.tables.is_empty() => {
                "The game has no combat results table.\n".into()
            }
            Format::Text => crt::render_list(&list),
        });
        return Ok(ExitCode::SUCCESS);
    }
    let input = input(&g, &a)?;
    let report = crt::resolve(&g, &input).map_err(|e| match &e {
        CombatError::TooLarge { numbers, .. } => format!("{}: {e}", argument(numbers, &a)),
        _ => e.to_string(),
    })?;
    super::emit(&match a.format {
        Format::Json => json(&report)?,
        Format::Text => crt::render(&report),
    });
    Ok(ExitCode::SUCCESS)
}
