//! What `inspect` reads out of a module's component tree: maps with their boards, grids,
//! decks and at-start stacks; counter palettes; prototypes; predefined setups; dice; turn
//! trackers; charts. Components are found wherever they sit (folders included).

use serde::Serialize;

use crate::vassal::buildfile::Element;
use crate::vassal::encoder::{Delimiter, Escaped};
use crate::vassal::grid::{Grid, Size};
use crate::vassal::metadata::Metadata;
use crate::vassal::save::{BasicRef, BoardSetup, ChainWalk};

use super::PieceReport;

/// Everything `inspect` reports about a module.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ModuleInfo {
    /// The archive entry (or file) the buildfile came from.
    pub buildfile: String,
    /// The root element's class.
    pub root_class: String,
    /// `name` attribute of the root.
    pub name: Option<String>,
    /// `version` attribute of the root.
    pub version: Option<String>,
    /// `VassalVersion` attribute of the root.
    pub vassal_version: Option<String>,
    /// The `moduledata` entry, when present.
    pub metadata: Option<Metadata>,
    /// Maps, private maps and player hands.
    pub maps: Vec<MapInfo>,
    /// Counter palettes (`PieceWindow` trees).
    pub palettes: Vec<PaletteNode>,
    /// Prototype definitions.
    pub prototypes: Vec<PrototypeInfo>,
    /// Predefined setups (menus nest).
    pub setups: Vec<SetupInfo>,
    /// Dice buttons.
    pub dice: Vec<DiceInfo>,
    /// Turn trackers.
    pub turn_trackers: Vec<TurnTrackerInfo>,
    /// Chart windows.
    pub charts: Vec<ChartWindowInfo>,
    /// Number of `PieceSlot` elements anywhere.
    pub piece_slots: usize,
    /// Number of `CardSlot` elements (deck cards) anywhere.
    pub card_slots: usize,
    /// Number of `Zone` elements anywhere.
    pub zones: usize,
    /// Number of `Region` elements anywhere.
    pub regions: usize,
}

/// A map component.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MapInfo {
    /// `Map`, `PrivateMap` or `PlayerHand`.
    pub class: String,
    /// `mapName`.
    pub name: String,
    /// `edgeWidth`.
    pub edge_width: i32,
    /// `edgeHeight`.
    pub edge_height: i32,
    /// Boards its BoardPicker offers.
    pub boards: Vec<BoardInfo>,
    /// The BoardPicker's default `<setup>`, if any.
    pub default_setup: Option<BoardSetup>,
    /// DrawPiles (decks).
    pub decks: Vec<PlacedComponent>,
    /// SetupStacks (at-start stacks).
    pub at_start_stacks: Vec<PlacedComponent>,
}

/// A board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardInfo {
    /// Board name.
    pub name: String,
    /// Image file, if any.
    pub image: Option<String>,
    /// Size: the image's when it could be read, else `width`/`height` attributes.
    pub size: Option<Size>,
    /// Whether players may reverse it.
    pub reversible: bool,
    /// Its grid.
    pub grid: Option<Grid>,
}

/// A DrawPile or SetupStack: where it sits and what it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlacedComponent {
    /// Component name.
    pub name: String,
    /// `owningBoard` (empty = relative to the map's edge).
    pub owning_board: String,
    /// Grid location, when `useGridLocation` is set.
    pub location: Option<String>,
    /// Board-local x.
    pub x: i32,
    /// Board-local y.
    pub y: i32,
    /// Names of the pieces in its slots.
    pub pieces: Vec<String>,
}

/// A palette node: a window, a widget or a piece slot.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaletteNode {
    /// Short class name (`PieceWindow`, `TabWidget`, `PieceSlot`, …).
    pub kind: String,
    /// Display name.
    pub name: String,
    /// Slot id, for piece slots.
    pub gpid: Option<String>,
    /// Children in order.
    pub children: Vec<PaletteNode>,
}

/// A prototype definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PrototypeInfo {
    /// Prototype name.
    pub name: String,
    /// Trait identifiers, outermost first.
    pub traits: Vec<String>,
}

/// A predefined setup or setup menu.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetupInfo {
    /// Menu entry name.
    pub name: String,
    /// Archive entry of the `.vsav`.
    pub file: Option<String>,
    /// Whether this is a sub-menu.
    pub is_menu: bool,
    /// Whether it loads its file (false = fresh game).
    pub use_file: bool,
    /// Entries of a sub-menu.
    pub children: Vec<SetupInfo>,
    /// The setup's pieces, when its file was read.
    pub pieces: Option<Vec<PieceReport>>,
    /// Why the file could not be read.
    pub error: Option<String>,
}

/// A dice button.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiceInfo {
    /// `DiceButton` or `SpecialDiceButton`.
    pub class: String,
    /// Button name.
    pub name: String,
    /// Number of dice.
    pub n_dice: Option<String>,
    /// Sides per die.
    pub n_sides: Option<String>,
    /// Modifier per die.
    pub plus: Option<String>,
    /// Added to the total.
    pub add_to_total: Option<String>,
}

/// A turn tracker.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnTrackerInfo {
    /// Tracker name.
    pub name: String,
    /// Top-level turn levels.
    pub levels: Vec<TurnLevelInfo>,
}

/// A turn level (counter or list) and its sub-levels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnLevelInfo {
    /// `CounterTurnLevel` or `ListTurnLevel`.
    pub kind: String,
    /// Level name.
    pub name: String,
    /// Global property receiving its value.
    pub property: String,
    /// `start`/`incr` for counters, the list for lists.
    pub values: String,
    /// Sub-levels.
    pub children: Vec<TurnLevelInfo>,
}

/// A chart window and its charts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartWindowInfo {
    /// Window name.
    pub name: String,
    /// Charts (`Chart` images and `HtmlChart` pages) anywhere inside.
    pub charts: Vec<(String, String)>,
}

fn attr(element: &Element, key: &str) -> String {
    element.attr(key).unwrap_or_default().to_string()
}

/// Whether the element's short class name is one of `names` (plain names, no `.`).
fn named(element: &Element, names: &[&str]) -> bool {
    names.iter().any(|name| element.is_class(name))
}

/// Elements below `root` with one of the short class names, not looking inside matches.
pub(super) fn find_all<'a>(root: &'a Element, names: &[&str]) -> Vec<&'a Element> {
    let mut out = Vec::new();
    let mut stack: Vec<&Element> = root.children.iter().rev().collect();
    while let Some(element) = stack.pop() {
        if named(element, names) {
            out.push(element);
        } else {
            stack.extend(element.children.iter().rev());
        }
    }
    out
}

/// The type and state of a PieceSlot/PrototypeDefinition text, as slices of it.
fn definition(text: &str) -> Option<(Escaped<'_>, Escaped<'_>)> {
    let rest = text.trim().strip_prefix("+/")?;
    let mut fields = Escaped::new(rest).tokens(Delimiter::Slash);
    fields.skip_tokens(1);
    let type_string = fields.next_token().unwrap_or(Escaped::EMPTY);
    let state_string = fields.next_token().unwrap_or(Escaped::EMPTY);
    Some((type_string, state_string))
}

/// The trait identifiers of a definition text, outermost first.
fn definition_ids(text: &str, chains: &mut ChainWalk) -> Vec<String> {
    let mut ids = Vec::new();
    if let Some((type_string, _)) = definition(text) {
        chains.ids(type_string, &mut |id| ids.push(id.to_cow().into_owned()));
    }
    ids
}

/// A slot's name: its `entryName`, else its BasicPiece's.
pub(super) fn slot_name(slot: &Element, chains: &mut ChainWalk) -> String {
    match slot.attr("entryName").filter(|n| !n.is_empty()) {
        Some(name) => name.to_string(),
        None => definition(&slot.text)
            .map(|(type_string, state_string)| {
                let (basic_type, basic_state) = chains.innermost(type_string, state_string);
                BasicRef::parse(basic_type, basic_state)
                    .name
                    .to_cow()
                    .into_owned()
            })
            .unwrap_or_default(),
    }
}

impl ModuleInfo {
    /// Reads a module from its root element; `image_size` gives the size of an image file
    /// of the module, when it can be read.
    pub fn from_root(
        root: &Element,
        buildfile: &str,
        metadata: Option<Metadata>,
        image_size: &mut dyn FnMut(&str) -> Option<Size>,
    ) -> Self {
        let mut counts = [0usize; 4];
        for element in root.descendants() {
            let kind = ["PieceSlot", "CardSlot", "Zone", "Region"]
                .iter()
                .position(|name| element.is_class(name));
            if let Some(kind) = kind {
                counts[kind] += 1;
            }
        }
        let mut chains = ChainWalk::default();
        Self {
            buildfile: buildfile.to_string(),
            root_class: root.name.clone(),
            name: root.attr("name").map(str::to_string),
            version: root.attr("version").map(str::to_string),
            vassal_version: root.attr("VassalVersion").map(str::to_string),
            metadata,
            maps: find_all(root, &["Map", "PrivateMap", "PlayerHand"])
                .into_iter()
                .map(|map| MapInfo::from_element(map, image_size, &mut chains))
                .collect(),
            palettes: find_all(root, &["PieceWindow"])
                .into_iter()
                .map(|window| palette_node(window, &mut chains))
                .collect(),
            prototypes: find_all(root, &["PrototypeDefinition"])
                .into_iter()
                .map(|p| PrototypeInfo {
                    name: attr(p, "name"),
                    traits: definition_ids(&p.text, &mut chains),
                })
                .collect(),
            setups: find_all(root, &["PredefinedSetup"])
                .into_iter()
                .map(setup_info)
                .collect(),
            dice: find_all(root, &["DiceButton", "SpecialDiceButton"])
                .into_iter()
                .map(|d| DiceInfo {
                    class: d.short_name().to_string(),
                    name: d
                        .attr("name")
                        .or(d.attr("label"))
                        .unwrap_or_default()
                        .to_string(),
                    n_dice: d.attr("nDice").map(str::to_string),
                    n_sides: d.attr("nSides").map(str::to_string),
                    plus: d.attr("plus").map(str::to_string),
                    add_to_total: d.attr("addToTotal").map(str::to_string),
                })
                .collect(),
            turn_trackers: find_all(root, &["TurnTracker"])
                .into_iter()
                .map(|t| TurnTrackerInfo {
                    name: attr(t, "name"),
                    levels: turn_levels(t),
                })
                .collect(),
            charts: find_all(root, &["ChartWindow"])
                .into_iter()
                .map(|w| ChartWindowInfo {
                    name: attr(w, "name"),
                    charts: w
                        .descendants()
                        .filter(|c| matches!(c.short_name(), "Chart" | "HtmlChart"))
                        .map(|c| (attr(c, "chartName"), attr(c, "fileName")))
                        .collect(),
                })
                .collect(),
            piece_slots: counts[0],
            card_slots: counts[1],
            zones: counts[2],
            regions: counts[3],
        }
    }

    /// The map with this name.
    pub fn map(&self, name: &str) -> Option<&MapInfo> {
        self.maps.iter().find(|m| m.name == name)
    }
}

fn palette_node(element: &Element, chains: &mut ChainWalk) -> PaletteNode {
    let is_slot = matches!(element.short_name(), "PieceSlot" | "CardSlot");
    let name = if is_slot {
        slot_name(element, chains)
    } else {
        ["entryName", "name", "text"]
            .iter()
            .find_map(|key| element.attr(key).filter(|v| !v.is_empty()))
            .unwrap_or_default()
            .to_string()
    };
    PaletteNode {
        kind: element.short_name().to_string(),
        name,
        gpid: if is_slot {
            element.attr("gpid").map(str::to_string)
        } else {
            None
        },
        children: element
            .children
            .iter()
            .filter(|c| c.name.contains('.'))
            .map(|child| palette_node(child, chains))
            .collect(),
    }
}

fn setup_info(element: &Element) -> SetupInfo {
    SetupInfo {
        name: attr(element, "name"),
        file: element
            .attr("file")
            .filter(|f| !f.is_empty())
            .map(str::to_string),
        is_menu: element.attr("isMenu") == Some("true"),
        use_file: element.attr("useFile") != Some("false"),
        children: element
            .children_of("PredefinedSetup")
            .map(setup_info)
            .collect(),
        pieces: None,
        error: None,
    }
}

fn turn_levels(element: &Element) -> Vec<TurnLevelInfo> {
    find_all(element, &["CounterTurnLevel", "ListTurnLevel"])
        .into_iter()
        .map(|level| {
            let values = if level.short_name() == "ListTurnLevel" {
                attr(level, "list")
            } else {
                format!(
                    "start {} step {}",
                    attr(level, "start"),
                    attr(level, "incr")
                )
            };
            TurnLevelInfo {
                kind: level.short_name().to_string(),
                name: attr(level, "name"),
                property: attr(level, "property"),
                values,
                children: turn_levels(level),
            }
        })
        .collect()
}
