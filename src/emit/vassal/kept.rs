//! What `sandtable import` kept verbatim of a VASSAL module — `vassal/kept.xml` in the game
//! directory — reused when the game is built again, so the rebuilt module plays as the
//! original did:
//!
//! - each counter's piece as the module defined it (its traits, layers and backs, the
//!   prototypes it names), in place of the piece sandtable would make, with one trait of
//!   sandtable's added outermost: the `CounterId` the helpers read saves by;
//! - the module's prototype definitions;
//! - the module's pictures, under their own names, which those pieces and prototypes show;
//! - the module's dice (`DiceButton`, `SpecialDiceButton`, `RandomTextButton`), turn
//!   trackers and chart windows, which need nothing else of it, on its toolbar or in its
//!   folders (`ModuleSubFolder`), which are built again with what they hold of these;
//! - the module's map windows (`Map`, `PrivateMap`, `PlayerHand`, on its toolbar or in its
//!   folders), which [`super::windows`] puts back: each deck (`DrawPile` and its cards) on
//!   the game map made from its board, a window none of whose boards became a game map as
//!   it was; and which window and board each game map was made from (`<game-map>`);
//! - where the pieces of each pool stood in the module, and the deck they lay in
//!   (`<pool-place>`), and where each deck stands (`<deck-place>`), so that a set-up puts
//!   them there again, each deck with its cards (see [`super::setups`]);
//! - the module's global properties (and their folders), as it wrote them;
//! - the module's palettes (`PieceWindow`), which [`super::palette`] builds again with each
//!   slot holding the piece of the counter made from it.
//!
//! A game without the file builds as before; a file that cannot be read is an error naming
//! it, never a module half kept.

use std::collections::BTreeMap;
use std::path::{Component, Path};

use super::pieces::Trait;
use super::xml::Node;
use crate::vassal::buildfile::{parse_buildfile, Element};
use crate::vassal::encoder::decode;
use crate::vassal::save::{split_trait_chain, BasicPieceInfo};

/// The file, relative to the game directory.
pub const KEPT_FILE: &str = "vassal/kept.xml";

/// A piece as the module defined it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptPiece {
    /// Its traits, outermost first, each with its state.
    pub traits: Vec<Trait>,
    /// Its BasicPiece's picture.
    pub image: String,
    /// Its BasicPiece's name.
    pub name: String,
}

/// A prototype definition of the module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptPrototype {
    /// Its name, as `prototype;` traits name it.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The definition as the module wrote it (`+/null/TYPE/STATE`).
    pub definition: String,
    /// Its traits with their states.
    pub traits: Vec<Trait>,
}

/// Everything kept that a build reuses.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    /// Pieces by counter id.
    pub pieces: BTreeMap<String, KeptPiece>,
    /// Prototype definitions, in the module's order, each name once (the first).
    pub prototypes: Vec<KeptPrototype>,
    /// Pictures: file name under `images/`, bytes.
    pub images: Vec<(String, Vec<u8>)>,
    /// The dice buttons of the module's toolbar, as it wrote them.
    pub dice: Vec<Node>,
    /// The turn trackers and chart windows of the module's toolbar, as it wrote them.
    pub toolbar_windows: Vec<Node>,
    /// The module's global properties and their folders (`GlobalProperty`,
    /// `GlobalPropertyFolder`), as it wrote them.
    pub global_properties: Vec<Node>,
    /// Every map window of the module (`Map`, `PrivateMap`, `PlayerHand`), on its toolbar or
    /// in a folder, in the module's order, as it wrote them.
    pub windows: Vec<Element>,
    /// The map windows on the module's toolbar, as it wrote them.
    pub toolbar_maps: Vec<Element>,
    /// The module's folders (`ModuleSubFolder`) that hold a map window, dice, a turn tracker
    /// or a chart window, as it wrote them.
    pub folders: Vec<Element>,
    /// The window and board of the module each game map was made from, by the map's id.
    pub map_sources: BTreeMap<String, (String, String)>,
    /// Where the pieces of each pool stood in the module, by the pool's id.
    pub pool_places: BTreeMap<String, KeptPlace>,
    /// Where each deck of the module stands, by its name.
    pub deck_places: BTreeMap<String, KeptPlace>,
    /// The module's palettes (`PieceWindow`), on its toolbar or in its folders, as it wrote
    /// them.
    pub palettes: Vec<Element>,
    /// The counter made from each slot the import kept, by the slot's number (`gpid`).
    pub slot_counters: BTreeMap<String, String>,
    /// The counter made from each piece definition the import kept, by the piece's type
    /// (slots of one definition make one counter).
    pub type_counters: BTreeMap<String, String>,
}

/// Where something stood in the module: the pieces of a pool (`<pool-place>`), a deck
/// (`<deck-place>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptPlace {
    /// The module's window.
    pub window: String,
    /// The point in that window.
    pub point: (i32, i32),
    /// The board under that point, and the point on the board.
    pub board: Option<(String, (i32, i32))>,
    /// The deck they lay in, when they did.
    pub deck: Option<String>,
}

/// The components of a module kept and rebuilt as they are: they name nothing else of it.
pub(super) const DICE: &[&str] = &["DiceButton", "SpecialDiceButton", "RandomTextButton"];

/// The toolbar's windows kept and rebuilt as they are: the turn trackers and the charts.
pub(super) const TOOLBAR_WINDOWS: &[&str] = &["TurnTracker", "ChartWindow"];

/// The map windows of a module.
pub(super) const WINDOWS: &[&str] = &["Map", "PrivateMap", "PlayerHand"];

/// A folder of the module's toolbar (`ModuleSubFolder`), which only groups its components.
pub(super) fn is_folder(element: &Element) -> bool {
    element.is_class("ModuleSubFolder")
}

/// Whether a folder holds (at any depth) something built again: a map window, dice, a turn
/// tracker or a chart window.
fn holds_kept(folder: &Element) -> bool {
    folder.descendants().any(|e| {
        WINDOWS
            .iter()
            .chain(DICE)
            .chain(TOOLBAR_WINDOWS)
            .any(|c| e.is_class(c))
    })
}

/// An element of the kept file as one of the module built.
pub(super) fn node(element: &Element) -> Node {
    let mut out = Node::new(element.name.clone());
    for (k, v) in &element.attributes {
        out = out.attr(k, v);
    }
    if !element.text.trim().is_empty() {
        out = out.text(element.text.clone());
    }
    out.children(element.children.iter().map(node))
}

impl Kept {
    /// Prototype traits by name.
    pub fn prototype_map(&self) -> BTreeMap<String, Vec<Trait>> {
        self.prototypes
            .iter()
            .map(|p| (p.name.clone(), p.traits.clone()))
            .collect()
    }
}

/// The traits and BasicPiece of a slot's or prototype's text (`+/null/TYPE/STATE`).
fn chain(text: &str) -> Option<(Vec<Trait>, BasicPieceInfo)> {
    let tokens = decode(text.trim(), '/');
    if tokens.first().map(String::as_str) != Some("+") || tokens.len() < 3 {
        return None;
    }
    let state = tokens.get(3).cloned().unwrap_or_default();
    let mut entries = split_trait_chain(&tokens[2], &state);
    let basic = entries.pop()?;
    let traits = entries
        .into_iter()
        .map(|t| Trait {
            kind: t.type_string,
            state: t.state_string,
        })
        .collect();
    Some((
        traits,
        BasicPieceInfo::parse(&basic.type_string, &basic.state_string),
    ))
}

/// The type of a slot's piece (`+/null/TYPE/STATE`).
pub(super) fn piece_type(text: &str) -> Option<String> {
    let tokens = decode(text.trim(), '/');
    (tokens.first().map(String::as_str) == Some("+"))
        .then(|| tokens.into_iter().nth(2))
        .flatten()
}

/// The palettes of a component of the module: itself, or those a toolbar folder holds.
fn palettes(element: &Element) -> Vec<Element> {
    if element.is_class("PieceWindow") {
        vec![element.clone()]
    } else if is_folder(element) {
        element.children.iter().flat_map(palettes).collect()
    } else {
        Vec::new()
    }
}

/// A path of the game directory the kept file names: relative, never leaving it.
fn inside(root: &Path, file: &str) -> Option<std::path::PathBuf> {
    let path = Path::new(file);
    path.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then(|| root.join(path))
}

/// Reads the kept file of the game at `root`: empty when there is none.
pub fn read(root: &Path) -> Result<Kept, String> {
    let path = root.join(KEPT_FILE);
    if !path.is_file() {
        return Ok(Kept::default());
    }
    let shown = path.display();
    let bytes = std::fs::read(&path).map_err(|e| format!("{shown}: {e}"))?;
    let tree = parse_buildfile(&bytes).map_err(|e| format!("{shown}: {e}"))?;
    let mut kept = Kept::default();
    for child in &tree.children {
        match child.name.as_str() {
            "counter" => {
                let Some(id) = child.attr("id") else { continue };
                let Some(slot) = child.children.first() else {
                    continue;
                };
                let Some((traits, basic)) = chain(&slot.text) else {
                    return Err(format!(
                        "{shown}: the piece kept for the counter `{id}` is not a piece definition"
                    ));
                };
                if let Some(gpid) = slot.attr("gpid") {
                    kept.slot_counters
                        .entry(gpid.to_string())
                        .or_insert_with(|| id.to_string());
                }
                if let Some(kind) = piece_type(&slot.text) {
                    kept.type_counters
                        .entry(kind)
                        .or_insert_with(|| id.to_string());
                }
                kept.pieces.insert(
                    id.to_string(),
                    KeptPiece {
                        traits,
                        image: basic.image,
                        name: basic.name,
                    },
                );
            }
            "images" => {
                for image in child.children.iter().filter(|c| c.name == "image") {
                    let (Some(name), Some(file)) = (image.attr("name"), image.attr("file")) else {
                        continue;
                    };
                    let Some(at) = inside(root, file) else {
                        return Err(format!(
                            "{shown}: the picture `{name}` is said to be at `{file}`, outside the game"
                        ));
                    };
                    let bytes = std::fs::read(&at)
                        .map_err(|e| format!("{shown}: the picture `{name}` at `{file}`: {e}"))?;
                    kept.images.push((name.to_string(), bytes));
                }
            }
            "game-map" => {
                let (Some(id), Some(window), Some(board)) =
                    (child.attr("id"), child.attr("window"), child.attr("board"))
                else {
                    continue;
                };
                kept.map_sources
                    .insert(id.to_string(), (window.to_string(), board.to_string()));
            }
            "pool-place" | "deck-place" => {
                let number = |key: &str| child.attr(key).and_then(|v| v.trim().parse().ok());
                let key = if child.name == "pool-place" {
                    "pool"
                } else {
                    "deck"
                };
                let (Some(name), Some(window), Some(x), Some(y)) = (
                    child.attr(key),
                    child.attr("window"),
                    number("x"),
                    number("y"),
                ) else {
                    continue;
                };
                let board = match (child.attr("board"), number("board-x"), number("board-y")) {
                    (Some(b), Some(bx), Some(by)) => Some((b.to_string(), (bx, by))),
                    _ => None,
                };
                let place = KeptPlace {
                    window: window.to_string(),
                    point: (x, y),
                    board,
                    deck: child.attr("deck").map(str::to_string),
                };
                let places = if key == "pool" {
                    &mut kept.pool_places
                } else {
                    &mut kept.deck_places
                };
                places.insert(name.to_string(), place);
            }
            _ => {
                kept.palettes.extend(palettes(child));
                if DICE.iter().any(|d| child.is_class(d)) {
                    kept.dice.push(node(child));
                } else if TOOLBAR_WINDOWS.iter().any(|w| child.is_class(w)) {
                    kept.toolbar_windows.push(node(child));
                } else if child.is_class("GlobalProperties") {
                    kept.global_properties.extend(
                        child
                            .children
                            .iter()
                            .filter(|p| {
                                p.is_class("GlobalProperty") || p.is_class("GlobalPropertyFolder")
                            })
                            .map(node),
                    );
                } else if WINDOWS.iter().any(|w| child.is_class(w)) {
                    kept.toolbar_maps.push(child.clone());
                } else if is_folder(child) && holds_kept(child) {
                    kept.folders.push(child.clone());
                }
                let all = std::iter::once(child).chain(child.descendants());
                kept.windows.extend(
                    all.filter(|e| WINDOWS.iter().any(|w| e.is_class(w)))
                        .cloned(),
                );
                prototypes(child, &mut kept.prototypes);
            }
        }
    }
    Ok(kept)
}

/// Every prototype definition in `element` (itself included), each name once.
fn prototypes(element: &Element, out: &mut Vec<KeptPrototype>) {
    let all = std::iter::once(element).chain(element.descendants());
    for e in all.filter(|e| e.is_class("PrototypeDefinition")) {
        let name = e.attr("name").unwrap_or_default().to_string();
        if out.iter().any(|p| p.name == name) {
            continue;
        }
        let traits = chain(&e.text).map(|(t, _)| t).unwrap_or_default();
        out.push(KeptPrototype {
            name,
            description: e.attr("description").unwrap_or_default().to_string(),
            definition: e.text.trim().to_string(),
            traits,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_file_gives_pieces_prototypes_and_pictures() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("vassal")).unwrap();
        std::fs::create_dir_all(dir.path().join("art")).unwrap();
        std::fs::write(dir.path().join("art/a.png"), b"PNG").unwrap();
        std::fs::write(
            dir.path().join(KEPT_FILE),
            "<sandtable-kept>\n<counter id=\"a\"><VASSAL.build.widget.PieceSlot entryName=\"A\" gpid=\"2\">+/null/prototype;Unit\tpiece;;;a.png;A/\tnull;0;0;2;0</VASSAL.build.widget.PieceSlot></counter>\n<images><image name=\"a.png\" file=\"art/a.png\"/></images>\n<VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name=\"Unit\" description=\"\">+/null/mark;Kind\tpiece;;;;/Foot\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>\n<VASSAL.build.module.DiceButton name=\"2d6\" nDice=\"2\" nSides=\"6\"/>\n<VASSAL.build.module.folder.ModuleSubFolder name=\"Dice\"><VASSAL.build.module.SpecialDiceButton name=\"d6\"/></VASSAL.build.module.folder.ModuleSubFolder>\n</sandtable-kept>\n",
        )
        .unwrap();
        let kept = read(dir.path()).unwrap();
        let a = &kept.pieces["a"];
        assert_eq!(a.name, "A");
        assert_eq!(a.image, "a.png");
        assert_eq!(a.traits.len(), 1);
        assert_eq!(a.traits[0].kind, "prototype;Unit");
        assert_eq!(kept.images, vec![("a.png".to_string(), b"PNG".to_vec())]);
        assert_eq!(kept.prototypes.len(), 1);
        assert_eq!(kept.prototypes[0].traits[0].kind, "mark;Kind");
        assert_eq!(kept.prototypes[0].traits[0].state, "Foot");
        assert_eq!(kept.dice.len(), 1, "the toolbar's dice");
        assert_eq!(kept.dice[0].attrs["nDice"], "2");
        assert_eq!(kept.folders.len(), 1, "the folder holding dice");
    }

    #[test]
    fn no_file_keeps_nothing_and_a_picture_outside_the_game_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read(dir.path()).unwrap().pieces.is_empty());
        std::fs::create_dir_all(dir.path().join("vassal")).unwrap();
        std::fs::write(
            dir.path().join(KEPT_FILE),
            "<sandtable-kept><images><image name=\"x.png\" file=\"../x.png\"/></images></sandtable-kept>",
        )
        .unwrap();
        let err = read(dir.path()).unwrap_err();
        assert!(err.contains("outside the game"), "{err}");
    }
}
