//! The text form of an inspect [`Report`]: a stable, indented listing (same input, same
//! text) meant for people and for snapshot tests.

use super::maps::grid_numbering;
use super::module::{BoardInfo, MapInfo, ModuleInfo, PaletteNode, SetupInfo, TurnLevelInfo};
use super::{PieceReport, Report, SaveReport};
use crate::vassal::encoder::java_double_to_string;
use crate::vassal::grid::{Grid, GridNumbering};
use crate::vassal::metadata::Metadata;

/// Renders a report as an indented text listing.
pub fn render_text(report: &Report) -> String {
    let mut out = String::new();
    line(&mut out, 0, &format!("File: {}", report.file));
    line(&mut out, 0, &format!("Kind: {}", report.kind.as_str()));
    if let Some(data) = &report.metadata {
        render_metadata(&mut out, "Metadata", data);
    }
    if let Some(module_file) = &report.module_file {
        line(&mut out, 0, &format!("Module file: {module_file}"));
    }
    if let Some(module) = &report.module {
        render_module(&mut out, module);
    }
    if let Some(save) = &report.save {
        render_save(&mut out, save);
    }
    out
}

fn line(out: &mut String, indent: usize, text: &str) {
    for _ in 0..indent {
        out.push_str("  ");
    }
    out.push_str(text);
    out.push('\n');
}

fn opt(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("-")
}

fn render_metadata(out: &mut String, label: &str, data: &Metadata) {
    line(
        out,
        0,
        &format!(
            "{label}: name {:?}, version {}, VASSAL {}",
            data.name.as_deref().unwrap_or(""),
            opt(&data.version),
            opt(&data.vassal_version)
        ),
    );
    if let Some(d) = data.description.as_deref().filter(|d| !d.trim().is_empty()) {
        let d: Vec<&str> = d.split_whitespace().collect();
        line(out, 1, &format!("description: {}", d.join(" ")));
    }
}

fn render_module(out: &mut String, module: &ModuleInfo) {
    line(
        out,
        0,
        &format!(
            "Module: {:?} version {} (VASSAL {}), {} <{}>",
            module.name.as_deref().unwrap_or(""),
            opt(&module.version),
            opt(&module.vassal_version),
            module.buildfile,
            module.root_class
        ),
    );
    if let Some(data) = &module.metadata {
        render_metadata(out, "Metadata", data);
    }
    line(
        out,
        0,
        &format!(
            "Counts: {} piece slots, {} card slots, {} prototypes, {} zones, {} regions",
            module.piece_slots,
            module.card_slots,
            module.prototypes.len(),
            module.zones,
            module.regions
        ),
    );
    line(out, 0, &format!("Maps ({}):", module.maps.len()));
    for map in &module.maps {
        render_map(out, map);
    }
    line(out, 0, &format!("Palettes ({}):", module.palettes.len()));
    for palette in &module.palettes {
        render_palette(out, palette, 1);
    }
    line(
        out,
        0,
        &format!("Prototypes ({}):", module.prototypes.len()),
    );
    for prototype in &module.prototypes {
        line(
            out,
            1,
            &format!("{:?}: {}", prototype.name, prototype.traits.join(" ")),
        );
    }
    line(
        out,
        0,
        &format!("Predefined setups ({}):", module.setups.len()),
    );
    for setup in &module.setups {
        render_setup(out, setup, 1);
    }
    line(out, 0, &format!("Dice ({}):", module.dice.len()));
    for dice in &module.dice {
        line(
            out,
            1,
            &format!(
                "{} {:?}: {}d{} plus {} add {}",
                dice.class,
                dice.name,
                opt(&dice.n_dice),
                opt(&dice.n_sides),
                opt(&dice.plus),
                opt(&dice.add_to_total)
            ),
        );
    }
    line(
        out,
        0,
        &format!("Turn trackers ({}):", module.turn_trackers.len()),
    );
    for tracker in &module.turn_trackers {
        line(out, 1, &format!("{:?}", tracker.name));
        render_levels(out, &tracker.levels, 2);
    }
    line(out, 0, &format!("Chart windows ({}):", module.charts.len()));
    for window in &module.charts {
        line(out, 1, &format!("{:?}", window.name));
        for (name, file) in &window.charts {
            line(out, 2, &format!("{name:?} -> {file}"));
        }
    }
}

fn render_map(out: &mut String, map: &MapInfo) {
    line(
        out,
        1,
        &format!(
            "{} {:?} (edge {}x{}, {} boards)",
            map.class,
            map.name,
            map.edge_width,
            map.edge_height,
            map.boards.len()
        ),
    );
    for board in &map.boards {
        render_board(out, board);
    }
    for (label, items) in [
        ("Decks", &map.decks),
        ("At-start stacks", &map.at_start_stacks),
    ] {
        if items.is_empty() {
            continue;
        }
        line(out, 2, &format!("{label} ({}):", items.len()));
        for item in items {
            let place = match &item.location {
                Some(location) => format!("at {location}"),
                None => format!("at ({}, {})", item.x, item.y),
            };
            let board = if item.owning_board.is_empty() {
                String::new()
            } else {
                format!(" on {:?}", item.owning_board)
            };
            line(
                out,
                3,
                &format!(
                    "{:?} {place}{board}: {} pieces",
                    item.name,
                    item.pieces.len()
                ),
            );
        }
    }
}

fn render_board(out: &mut String, board: &BoardInfo) {
    let size = board.size.map_or_else(
        || "size unknown".to_string(),
        |s| format!("{}x{}", s.width, s.height),
    );
    line(
        out,
        2,
        &format!(
            "Board {:?} image {} ({size}){}",
            board.name,
            opt(&board.image),
            if board.reversible { ", reversible" } else { "" }
        ),
    );
    if let Some(grid) = &board.grid {
        render_grid(out, grid, 3);
    }
}

fn render_grid(out: &mut String, grid: &Grid, indent: usize) {
    let detail = match grid {
        Grid::Hex(hex) => format!(
            "HexGrid sideways={} x0={} y0={} dx={} dy={}",
            hex.sideways,
            hex.x0,
            hex.y0,
            java_double_to_string(hex.dx),
            java_double_to_string(hex.dy)
        ),
        Grid::Square(square) => format!(
            "SquareGrid x0={} y0={} dx={} dy={}",
            square.x0,
            square.y0,
            java_double_to_string(square.dx),
            java_double_to_string(square.dy)
        ),
        Grid::Region(region) => format!("RegionGrid {} regions", region.regions.len()),
        Grid::Zoned(zoned) => format!("ZonedGrid {} zones", zoned.zones.len()),
    };
    line(out, indent, &detail);
    if let Some(numbering) = grid_numbering(grid) {
        line(out, indent + 1, &numbering_text(numbering));
    }
    if let Grid::Zoned(zoned) = grid {
        for zone in &zoned.zones {
            let own = match (&zone.grid, zone.use_parent_grid) {
                (_, true) => " (uses the background grid)".to_string(),
                (Some(grid), false) => format!(" ({})", grid.kind()),
                (None, false) => String::new(),
            };
            line(out, indent + 1, &format!("Zone {:?}{own}", zone.name));
            if let Some(grid) = zone.grid.as_deref() {
                render_grid(out, grid, indent + 2);
            }
        }
        if let Some(background) = &zoned.background {
            line(out, indent + 1, "Background:");
            render_grid(out, background, indent + 2);
        }
    }
}

fn numbering_text(n: &GridNumbering) -> String {
    format!(
        "numbering first={} sep={:?} h={}{}+{}{} v={}{}+{}{} stagger={} format={:?}",
        n.first,
        n.sep,
        n.h_type,
        n.h_leading,
        n.h_off,
        if n.h_descend { " descending" } else { "" },
        n.v_type,
        n.v_leading,
        n.v_off,
        if n.v_descend { " descending" } else { "" },
        n.stagger,
        n.location_format
    )
}

fn render_palette(out: &mut String, node: &PaletteNode, indent: usize) {
    let gpid = node
        .gpid
        .as_ref()
        .map(|g| format!(" [gpid {g}]"))
        .unwrap_or_default();
    line(out, indent, &format!("{} {:?}{gpid}", node.kind, node.name));
    for child in &node.children {
        render_palette(out, child, indent + 1);
    }
}

fn render_setup(out: &mut String, setup: &SetupInfo, indent: usize) {
    let target = if setup.is_menu {
        "menu".to_string()
    } else if !setup.use_file || setup.file.is_none() {
        "new game".to_string()
    } else {
        format!("file {}", opt(&setup.file))
    };
    line(out, indent, &format!("{:?}: {target}", setup.name));
    if let Some(error) = &setup.error {
        line(out, indent + 1, &format!("cannot read: {error}"));
    }
    if let Some(pieces) = &setup.pieces {
        line(out, indent + 1, &format!("Pieces ({}):", pieces.len()));
        for piece in pieces {
            render_piece(out, piece, indent + 2);
        }
    }
    for child in &setup.children {
        render_setup(out, child, indent + 1);
    }
}

fn render_levels(out: &mut String, levels: &[TurnLevelInfo], indent: usize) {
    for level in levels {
        line(
            out,
            indent,
            &format!(
                "{} {:?} ({}): {}",
                level.kind, level.name, level.property, level.values
            ),
        );
        render_levels(out, &level.children, indent + 1);
    }
}

fn render_piece(out: &mut String, piece: &PieceReport, indent: usize) {
    let place = match &piece.map {
        Some(map) => format!("{map:?} ({}, {})", piece.x, piece.y),
        None => "off-map".to_string(),
    };
    let location = piece
        .location
        .as_ref()
        .map(|l| format!(" @ {l:?}"))
        .unwrap_or_default();
    let board = piece
        .board
        .as_ref()
        .map(|b| format!(" board {b:?}"))
        .unwrap_or_default();
    line(
        out,
        indent,
        &format!("{} {:?} {place}{location}{board}", piece.id, piece.name),
    );
}

fn render_save(out: &mut String, save: &SaveReport) {
    if let Some(data) = &save.module_metadata {
        render_metadata(out, "Saved with module", data);
    }
    if let Some(data) = &save.save_metadata {
        render_metadata(out, "Save data", data);
    }
    line(out, 0, &format!("Obfuscated: {}", save.obfuscated));
    line(out, 0, &format!("Boards ({}):", save.boards.len()));
    for setup in &save.boards {
        let boards: Vec<String> = setup
            .boards
            .iter()
            .map(|b| {
                let reversed = if b.reversed { " reversed" } else { "" };
                format!("{:?} at {},{}{reversed}", b.name, b.column, b.row)
            })
            .collect();
        line(out, 1, &format!("{:?}: {}", setup.map, boards.join("; ")));
    }
    line(
        out,
        0,
        &format!(
            "Stacks: {}, decks: {}, SETUP_STACK flag: {}, other commands: {}",
            save.stacks,
            save.decks.len(),
            save.setup_stack_flag,
            save.other_commands
        ),
    );
    for (name, map, x, y, cards) in &save.decks {
        line(
            out,
            1,
            &format!("Deck {name:?} on {} ({x}, {y}): {cards} cards", opt(map)),
        );
    }
    for (name, value, container) in &save.global_properties {
        line(
            out,
            0,
            &format!("Global property {name:?} = {value:?} ({container})"),
        );
    }
    line(out, 0, &format!("Pieces ({}):", save.pieces.len()));
    for piece in &save.pieces {
        render_piece(out, piece, 1);
    }
}
