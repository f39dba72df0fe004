//! The VASSAL 3.7 backend: turns a checked game into a `.vmod` module.
//!
//! [`plan::Plan`] decides names, pictures, grids and pixel positions once; the other files
//! each write one document or concern from it — [`buildfile`] the component tree (with
//! [`maps`], [`palette`], [`turns`], [`charts`], the combat resolution of [`combat`] and the
//! pieces of [`counters`]), [`tracks`] the track displays on the maps and their markers’
//! commands, [`setups`] one predefined setup per scenario, [`help`] the help
//! page, [`kept`] and [`windows`] what an import kept of a VASSAL module — and [`build`] zips them with `moduledata` and the pictures into a deterministic
//! archive (sorted entries, fixed timestamps), written to a temporary file and renamed into
//! place.

pub mod buildfile;
pub mod charts;
pub mod combat;
pub mod counters;
pub mod decks;
pub mod help;
pub mod images;
pub mod kept;
pub mod maps;
pub mod options;
pub mod orders;
pub mod palette;
pub mod pieces;
pub mod plan;
pub mod rolls;
pub mod rules;
pub mod setups;
pub mod tracks;
pub mod turns;
pub mod windows;
pub mod xml;

use std::path::Path;

use serde::Serialize;

use crate::model::Game;
use crate::vassal::archive::ArchiveBuilder;
use crate::vassal::metadata::write_metadata;

/// The VASSAL version the module declares (the lowest 3.7, safe for every 3.7.x).
pub const VASSAL_VERSION: &str = "3.7.0";

/// Archive entry of the component tree.
pub const BUILD_FILE: &str = "buildFile.xml";

/// One predefined setup, as reported.
#[derive(Debug, Clone, Serialize)]
pub struct SetupSummary {
    /// Menu name (the scenario's title).
    pub name: String,
    /// Archive entry.
    pub file: String,
    /// Pieces it places.
    pub pieces: usize,
}

/// What a built module holds.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Map windows (`mapName`s), the off-map boxes last.
    pub maps: Vec<String>,
    /// Counters in the palette (one per entry of the counter mix).
    pub pieces: usize,
    /// Predefined setups.
    pub setups: Vec<SetupSummary>,
    /// The optional rules it was built with (ids).
    pub options: Vec<String>,
}

/// A module in memory.
pub struct Module {
    /// The archive entries.
    pub archive: ArchiveBuilder,
    /// What it holds.
    pub summary: Summary,
}

/// The `moduledata` text of a game's module.
pub fn moduledata(game: &Game) -> String {
    write_metadata(&[
        ("version", game.version.as_str()),
        ("extra1", game.designers.join(", ").as_str()),
        ("extra2", ""),
        ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", "0"),
        ("description", options::description(game).as_str()),
        ("name", game.title.trim()),
    ])
}

/// Builds the whole module of a checked game in memory.
///
/// The pictures are drawn while the documents are written: the plan names and sizes every
/// picture without drawing it, so nothing else waits for the pixels.
pub fn build(game: &Game) -> Result<Module, String> {
    let plan = plan::Plan::new(game)?;
    let (images, documents) = rayon::join(|| plan.draw_pictures(), || documents(&plan));
    let (mut archive, summary) = documents?;
    let err = |e: crate::vassal::archive::ArchiveError| e.to_string();
    let images = images?;
    // The module's own pictures kept by an import, under their names, where no picture of
    // sandtable's has the name.
    for (name, bytes) in &plan.kept.images {
        if !images.contains_key(name) {
            archive
                .add(&format!("images/{name}"), bytes.clone())
                .map_err(err)?;
        }
    }
    for (name, bytes) in images {
        archive.add(&format!("images/{name}"), bytes).map_err(err)?;
    }
    Ok(Module { archive, summary })
}

/// Every entry of the module but its pictures, and what it holds.
fn documents(plan: &plan::Plan<'_>) -> Result<(ArchiveBuilder, Summary), String> {
    let game = plan.game;
    let counters = counters::Counters::new(plan);
    let palette = palette::palette(plan, &counters);
    let metadata = moduledata(game);
    let setups = game
        .scenarios
        .iter()
        .map(|s| setups::setup(plan, &counters, s, &metadata))
        .collect::<Result<Vec<_>, _>>()?;
    let dice: Vec<String> = buildfile::dice(game)
        .iter()
        .map(|d| d.to_string())
        .collect();
    let mut charts = charts::pages(game);
    if let Some(html) = options::page(game, &plan.module_name) {
        charts.push(charts::ChartPage {
            name: options::OPTIONS_TAB.into(),
            file: options::OPTIONS_FILE.into(),
            html,
            body: String::new(),
        });
    }
    // The rules of play: the contents page is a tab (and a Help menu entry), its chapters
    // are pages it links to.
    let rules_pages = rules::pages(plan);
    if let Some((file, html)) = rules_pages.first() {
        charts.push(charts::ChartPage {
            name: "Rules".into(),
            file: file.clone(),
            html: html.clone(),
            body: String::new(),
        });
    }
    let chart_names: Vec<String> = charts.iter().map(|c| c.name.clone()).collect();
    charts.push(charts::ChartPage {
        name: "About this module".into(),
        file: help::HELP_FILE.into(),
        html: help::page(
            plan,
            &counters,
            &dice,
            &game
                .tracks
                .iter()
                .filter(|t| t.marker.is_none())
                .map(|t| t.name.clone())
                .collect::<Vec<_>>(),
            &chart_names,
        ),
        body: String::new(),
    });
    let tree = buildfile::game_module(
        plan,
        &buildfile::Parts {
            counters: &counters,
            palette: &palette,
            setups: &setups,
            charts: &charts,
        },
    );
    let mut archive = ArchiveBuilder::new();
    let err = |e: crate::vassal::archive::ArchiveError| e.to_string();
    archive.add(BUILD_FILE, xml::to_xml(&tree)).map_err(err)?;
    archive.add("moduledata", metadata).map_err(err)?;
    for c in &charts {
        archive.add(&c.file, c.html.clone()).map_err(err)?;
    }
    for (file, html) in rules_pages.iter().skip(1) {
        archive.add(file, html.clone()).map_err(err)?;
    }
    for s in &setups {
        archive.add(&s.file, s.bytes.clone()).map_err(err)?;
    }
    let summary = Summary {
        maps: plan.all_boards().map(|b| b.map_name.clone()).collect(),
        pieces: game.counters.len(),
        setups: setups
            .iter()
            .map(|s| SetupSummary {
                name: s.name.clone(),
                file: s.file.clone(),
                pieces: s.pieces,
            })
            .collect(),
        options: game
            .options
            .iter()
            .filter(|o| o.on)
            .map(|o| o.id.clone())
            .collect(),
    };
    // Deflated here, while the pictures are still being drawn, rather than when the
    // archive is written.
    archive.deflate_ahead().map_err(err)?;
    Ok((archive, summary))
}

/// Builds the module and writes it to `path` (through a temporary file renamed into place);
/// returns what it holds and its size in bytes.
pub fn write(game: &Game, path: &Path) -> Result<(Summary, u64), String> {
    let module = build(game)?;
    module.archive.write_to(path).map_err(|e| e.to_string())?;
    // The temporary file the archive went through is private (0600); a module is not.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let bytes = std::fs::metadata(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    Ok((module.summary, bytes))
}
