//! `sandtable provinces DIR [PROVINCE…] [--format json]`: a province board's provinces as
//! the adjudicator reads them — each with its kind, whether it is a supply centre and whose
//! home, and where an army and a fleet there may move (every move, whichever of its two
//! provinces the designer wrote it at; each coast of a split coast apart).

use std::process::ExitCode;

use serde::Serialize;

use super::{game_for, Failure, Format, GameDir};
use crate::diag::suggest::did_you_mean;
use crate::diplomacy::board::ProvinceBoard;
use crate::diplomacy::Board;
use crate::model::map::id_as_ordered;
use crate::model::{Site, TerrainKind};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Lists the provinces of a game's province board as the adjudicator reads them: each
province's id (as orders write it), name and kind (sea, coastal or inland), whether it is a
supply centre and whose home, and where an army and a fleet there may move. A move written
at either of its two provinces is listed at both, so this is the place to see whether a
board's moves are what the designer meant; each coast of a split-coast province lists its
own fleet moves. Name provinces (ids or names, as orders write them: `spa`, `Spain`,
`spa/nc`) to list only those.

Examples:
  sandtable provinces modules/diplomacy
  sandtable provinces modules/diplomacy spa Bulgaria --format json

Exit codes:
- `0`: listed.
- `1`: the game has errors.
- `2`: a usage error (no province board, or a province the board does not have).

JSON:
`{"map", "provinces": [{"id", "name", "kind", "supply-centre", "home", "army": [ids],
"fleet": [ids], "coasts": [{"id", "name", "fleet": [ids]}]}]}`; `home` is the power whose
home centre it is, when it is one."#;

/// Arguments of `provinces`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// Provinces to list (ids or names, as orders write them); all when none is given.
    #[arg(value_name = "PROVINCE")]
    provinces: Vec<String>,
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

/// The listing.
#[derive(Debug, Serialize)]
struct Listing {
    /// The board's map id.
    map: String,
    /// The provinces, in board order or as asked.
    provinces: Vec<Province>,
}

/// A province as the adjudicator reads it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct Province {
    id: String,
    name: String,
    /// `sea`, `coastal` or `inland`.
    kind: &'static str,
    supply_centre: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    home: Option<String>,
    /// Where an army there may move.
    army: Vec<String>,
    /// Where a fleet there may move (none for a split coast: see `coasts`).
    fleet: Vec<String>,
    /// A split coast's coasts, each with its fleet moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    coasts: Vec<CoastMoves>,
}

/// One coast of a split-coast province.
#[derive(Debug, Serialize)]
struct CoastMoves {
    id: String,
    name: String,
    fleet: Vec<String>,
}

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    let g = game_for(&a.game.dir, &a.options, super::Needs::NoScenario, a.format)?;
    let usage = |message: String| {
        Failure::usage("provinces", clap::error::ErrorKind::InvalidValue, message)
    };
    let Some(board) = ProvinceBoard::first(&g) else {
        return Err(usage(format!(
            "`{}` has no province board (a map whose areas give army and fleet moves)",
            g.id
        )));
    };
    let am = board.areas;
    let areas: Vec<usize> = if a.provinces.is_empty() {
        (0..am.areas.len()).collect()
    } else {
        let mut out = Vec::new();
        for p in &a.provinces {
            let area = board
                .resolve_name(p)
                .and_then(|id| board.site(&id))
                .map(|s| s.area);
            match area {
                Some(area) => out.push(area),
                None => {
                    let ids = am.areas.iter().map(|x| x.id.as_str());
                    let hint = did_you_mean(&p.to_ascii_lowercase(), ids)
                        .unwrap_or_else(|| "`sandtable provinces DIR` lists them all".into());
                    return Err(usage(format!("no province `{p}` on the board ({hint})")));
                }
            }
        }
        out
    };
    // Each list in the order of its ids, as a player looks a province up.
    let sorted = |mut ids: Vec<String>| {
        ids.sort_by_key(|id| id.to_ascii_lowercase());
        ids
    };
    let ids = |sites: &[Site]| -> Vec<String> {
        sorted(
            sites
                .iter()
                .map(|s| id_as_ordered(&board.site_id(*s)))
                .collect(),
        )
    };
    let provinces: Vec<Province> = areas
        .into_iter()
        .map(|i| {
            let area = &am.areas[i];
            let kind = if g.terrain[area.terrain].kind == TerrainKind::Water {
                "sea"
            } else if am.fleet_sites(i).is_empty() {
                "inland"
            } else {
                "coastal"
            };
            Province {
                id: id_as_ordered(&area.id),
                name: area.name.clone(),
                kind,
                supply_centre: area.supply_centre,
                home: g
                    .sides
                    .iter()
                    .find(|s| s.home.contains(&(board.map, i)))
                    .map(|s| s.name.clone()),
                army: sorted(
                    area.army
                        .iter()
                        .map(|x| id_as_ordered(&am.areas[*x].id))
                        .collect(),
                ),
                fleet: ids(&area.fleet),
                coasts: area
                    .coasts
                    .iter()
                    .map(|c| CoastMoves {
                        id: id_as_ordered(&format!("{}/{}", area.id, c.id)),
                        name: c.name.clone(),
                        fleet: ids(&c.fleet),
                    })
                    .collect(),
            }
        })
        .collect();
    let listing = Listing {
        map: g.maps[board.map].id.clone(),
        provinces,
    };
    match a.format {
        Format::Json => super::emit(
            &(serde_json::to_string_pretty(&listing).map_err(|e| e.to_string())? + "\n"),
        ),
        Format::Text => super::emit(&text(&listing)),
    }
    Ok(ExitCode::SUCCESS)
}

/// The listing as text: a head line per province, then its moves indented.
fn text(l: &Listing) -> String {
    let mut out = String::new();
    let none = |v: &[String]| {
        if v.is_empty() {
            "—".to_string()
        } else {
            v.join(", ")
        }
    };
    for p in &l.provinces {
        let mut head = format!("{}  {}  {}", p.id, p.name, p.kind);
        if p.supply_centre {
            head += &match &p.home {
                Some(h) => format!(", supply centre (home of {h})"),
                None => ", supply centre (neutral)".into(),
            };
        }
        out += &format!("{head}\n");
        if p.kind != "sea" {
            out += &format!("  army:  {}\n", none(&p.army));
        }
        if p.coasts.is_empty() {
            if p.kind != "inland" {
                out += &format!("  fleet: {}\n", none(&p.fleet));
            }
        } else {
            for c in &p.coasts {
                out += &format!("  fleet ({}): {}\n", c.name, none(&c.fleet));
            }
        }
    }
    out
}
