//! What became of the module: the import's report, counting per kind of component what the
//! game's own sections now say (mapped), what is only kept verbatim and what was left out,
//! with the notes the designer should read; and the report as text.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek};

use serde::Serialize;

use super::counters::CounterDef;
use super::maps::Maps;
use super::scenarios::Placed;
use super::{File, Importer};

/// What became of one kind of component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComponentFate {
    /// VASSAL's short class name (`Board`, `PieceSlot`, `DiceButton`, …).
    pub kind: String,
    /// How many the game's own sections now say.
    pub mapped: usize,
    /// How many are kept verbatim in `vassal/kept.xml` only.
    pub kept: usize,
    /// How many were left out.
    pub dropped: usize,
    /// Why, in a few words.
    pub reason: String,
}

/// The import's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The module's name.
    pub module: String,
    /// The files written (TOML, pictures, the kept XML), sorted.
    pub files: Vec<String>,
    /// Maps made from boards (hex and area maps).
    pub maps: usize,
    /// Of them, area maps (boards whose grid names regions, zones or numbered squares).
    pub area_maps: usize,
    /// The areas of those maps.
    pub areas: usize,
    /// `PieceSlot` elements read.
    pub piece_slots: usize,
    /// `CardSlot` elements read (the cards of the decks).
    pub card_slots: usize,
    /// Decks (`DrawPile`s), kept verbatim.
    pub decks: usize,
    /// Counters made (distinct piece definitions).
    pub counters: usize,
    /// Traits of those pieces (the BasicPiece not counted), kept verbatim.
    pub traits: usize,
    /// Prototype definitions, kept verbatim.
    pub prototypes: usize,
    /// Scenarios made (predefined set-ups and at-start stacks).
    pub scenarios: usize,
    /// Pieces placed by the scenarios (in hexes and pools).
    pub placements: usize,
    /// Pools made for pieces off every hex grid.
    pub pools: usize,
    /// Per kind of component, what became of it.
    pub components: Vec<ComponentFate>,
    /// What the designer should know (a numbering kept as the module's, a piece left out).
    pub notes: Vec<String>,
}

impl<R: Read + Seek> Importer<'_, R> {
    /// The report of the import: what became of each kind of component, and the counts.
    pub(super) fn report(
        &self,
        maps: &Maps,
        counters: &[CounterDef],
        placed: &Placed,
        pools: usize,
        files: &[File],
    ) -> Report {
        let (boards, area_boards) = (&maps.hex, &maps.area);
        let (own_pieces, dropped_pieces) = (placed.own_pieces, placed.dropped_pieces);
        let mut fates: BTreeMap<String, ComponentFate> = BTreeMap::new();
        let board_names: BTreeSet<&str> = boards
            .iter()
            .map(|b| b.board.as_str())
            .chain(area_boards.iter().map(|b| b.board.as_str()))
            .collect();
        // A hex grid and its numbering are the map's where their board is a hex map; in a
        // zone or behind zones, they count below with the area maps' grids.
        let hex_boards: BTreeSet<&str> = boards.iter().map(|b| b.board.as_str()).collect();
        let mut walk = vec![(self.root, false)];
        while let Some((e, on_hex_map)) = walk.pop() {
            let on_hex_map = on_hex_map
                || (e.short_name() == "Board"
                    && hex_boards.contains(e.attr("name").unwrap_or_default()));
            walk.extend(e.children.iter().map(|c| (c, on_hex_map)));
            if !e.name.contains('.') || std::ptr::eq(e, self.root) {
                continue;
            }
            let kind = e.short_name().to_string();
            let (mapped, reason) = match kind.as_str() {
                "Board" => {
                    let yes = board_names.contains(e.attr("name").unwrap_or_default());
                    (
                        yes,
                        "a hex or area map with the board's picture (kept verbatim when its grid names no hex nor place, or its picture cannot be read)",
                    )
                }
                "HexGrid" => (
                    on_hex_map,
                    "the map's hex grid, where the module draws it; in a zone or behind zones, one area per numbered hex (kept verbatim without numbering or beyond 2500 cells)",
                ),
                "HexGridNumbering" => (
                    on_hex_map,
                    "the map's numbering (kept verbatim when the language cannot say it); in a zone or behind zones, the names of the hexes' areas",
                ),
                "Region" => (
                    false,
                    "an area named as the region (kept verbatim where its board is no area map, or it has no name)",
                ),
                "Zone" => (
                    false,
                    "an area with the zone's polygon as outline, or its regions', squares' or hexes' areas (kept verbatim when it encloses nothing or its grid has no numbering)",
                ),
                "RegionGrid" | "ZonedGrid" => (
                    false,
                    "the area map's areas (kept verbatim where its board is no area map)",
                ),
                "SquareGrid" | "SquareGridNumbering" => (
                    false,
                    "one area per numbered cell (kept verbatim without numbering or beyond 2500 cells)",
                ),
                "PieceSlot" => (true, "a counter with its picture; its traits kept verbatim"),
                "CardSlot" => (
                    true,
                    "a counter (a card of its deck) with its picture; its traits kept verbatim",
                ),
                "DrawPile" => (
                    false,
                    "the language has no deck: kept verbatim; its cards are counters, those a set-up deals into it in the pool named as its place",
                ),
                "SetupStack" => (true, "the scenario `At-start stacks`"),
                "PredefinedSetup" => (true, "a scenario (a menu: its set-ups)"),
                "PlayerRoster" => (true, "the sides"),
                "Map" | "PrivateMap" | "PlayerHand" => (
                    false,
                    "the window and its settings: kept verbatim; its hex and area boards are maps",
                ),
                _ => (false, "the language has no such component: kept verbatim"),
            };
            let fate = fates.entry(kind.clone()).or_insert_with(|| ComponentFate {
                kind,
                mapped: 0,
                kept: 0,
                dropped: 0,
                reason: reason.to_string(),
            });
            if mapped {
                fate.mapped += 1;
            } else {
                fate.kept += 1;
            }
        }
        // The grid components the area maps say.
        let mut grid_mapped: BTreeMap<&str, usize> = BTreeMap::new();
        for board in area_boards {
            for (kind, n) in &board.mapped {
                *grid_mapped.entry(*kind).or_default() += n;
            }
        }
        for (kind, n) in grid_mapped {
            if let Some(fate) = fates.get_mut(kind) {
                let n = n.min(fate.kept);
                fate.mapped += n;
                fate.kept -= n;
            }
        }
        if own_pieces > 0 {
            fates.insert(
                "set-up piece of no slot".into(),
                ComponentFate {
                    kind: "set-up piece of no slot".into(),
                    mapped: own_pieces,
                    kept: 0,
                    dropped: 0,
                    reason: "matches no slot of the palettes, at-start stacks or decks: a counter of its own, made from its definition in the set-up, its traits kept verbatim".into(),
                },
            );
        }
        if dropped_pieces > 0 {
            fates.insert(
                "set-up piece".into(),
                ComponentFate {
                    kind: "set-up piece".into(),
                    mapped: 0,
                    kept: 0,
                    dropped: dropped_pieces,
                    reason: "has no definition in its set-up".into(),
                },
            );
        }
        let mut names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        names.extend(self.assets.keys().cloned());
        names.sort();
        Report {
            module: self.module.name.clone().unwrap_or_default(),
            files: names,
            maps: boards.len() + area_boards.len(),
            area_maps: area_boards.len(),
            areas: area_boards.iter().map(|b| b.areas.len()).sum(),
            piece_slots: self.module.piece_slots,
            card_slots: self.module.card_slots,
            decks: self
                .root
                .descendants()
                .filter(|e| e.is_class("DrawPile"))
                .count(),
            counters: counters.len(),
            traits: counters.iter().map(|c| c.traits).sum(),
            prototypes: self.module.prototypes.len(),
            scenarios: placed.plans.len(),
            placements: placed.placements(),
            pools,
            components: fates.into_values().collect(),
            notes: self.notes.clone(),
        }
    }
}

/// The report as text.
pub fn render_report(report: &Report, dir: &str) -> String {
    let maps = if report.area_maps > 0 {
        format!(
            "{} maps ({} of them area maps of {} areas)",
            report.maps, report.area_maps, report.areas
        )
    } else {
        format!("{} maps", report.maps)
    };
    let mut out = format!(
        "imported `{}` into {dir}: {maps}, {} counters from {} piece slots and {} card slots of {} decks ({} traits and {} prototypes kept verbatim), {} scenarios placing {} pieces, {} pools\n",
        report.module,
        report.counters,
        report.piece_slots,
        report.card_slots,
        report.decks,
        report.traits,
        report.prototypes,
        report.scenarios,
        report.placements,
        report.pools
    );
    out.push_str("components (mapped / kept verbatim / dropped):\n");
    for f in &report.components {
        out.push_str(&format!(
            "  {:<28} {:>4} / {:>4} / {:>4}  {}\n",
            f.kind, f.mapped, f.kept, f.dropped, f.reason
        ));
    }
    for note in &report.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out.push_str(&format!(
        "next: `sandtable check {dir}`, then `sandtable build {dir}`\n"
    ));
    out
}
