//! The map windows and toolbar folders of the module a game was imported from, put back into
//! the module built from it (`vassal/kept.xml`, read in [`super::kept`]), so that what the
//! language cannot say of them is kept rather than dropped:
//!
//! - each deck (`DrawPile`, with its cards' `CardSlot`s) of a window whose boards became game
//!   maps goes onto the map made from its board, at the same place on that board (a board's
//!   picture is the game map's, so the board's own coordinates still point where they did),
//!   in map folders (`MapSubFolder`) named as the window's, and the window's own global
//!   properties onto the first map made from it; a game map made from a private window
//!   (`PrivateMap`) or a player's hand (`PlayerHand`) is one again, for its sides;
//! - a window none of whose boards became a game map (a board without a grid, a deck
//!   storage, a player's hand of no grid) is built again as the module had it — its boards,
//!   decks and settings — without its at-start stacks, which the scenarios place: on the
//!   toolbar when it was there, else in its folder;
//! - each folder of the module's toolbar (`ModuleSubFolder`) is built again with what it
//!   holds of those windows, dice, turn trackers and chart windows (and of its folders);
//!   a folder left with nothing is not.
//!
//! The slots of what is put back are numbered after the palette's (`gpid`), so no two slots
//! of the module built share a number. Where a pool's pieces stood in the module is found
//! again in the module built ([`built_point`]), and so is each deck's, for the set-ups to
//! put them there.

use super::kept::{is_folder, node, Kept, KeptPlace, DICE, TOOLBAR_WINDOWS, WINDOWS};
use super::plan::{Plan, Point};
use super::xml::Node;
use crate::layout::vassal::EDGE;
use crate::model::Game;
use crate::vassal::buildfile::Element;

/// The settings that make a window private (`PrivateMap`) or a player's hand
/// (`PlayerHand`): the sides it belongs to, and whether the others see it.
const PRIVATE: &[&str] = &["side", "visible"];

/// What is put back besides the game maps' decks.
#[derive(Debug, Default)]
pub struct PutBack {
    /// The windows of the module's toolbar no game map was made from, built again.
    pub windows: Vec<Node>,
    /// The module's toolbar folders, with what they hold that is built again.
    pub folders: Vec<Node>,
}

/// The window and board of the module each game map was made from, in the game's order:
/// as the kept file says, else (a file kept before it said so) the window whose name is the
/// map's title and holds one board, or the board whose name is the map's title.
fn sources(game: &Game, kept: &Kept) -> Vec<Option<(String, String)>> {
    game.maps
        .iter()
        .map(|m| {
            if let Some(source) = kept.map_sources.get(&m.id) {
                return Some(source.clone());
            }
            if !kept.map_sources.is_empty() {
                return None;
            }
            let title = m.title.trim();
            kept.windows.iter().find_map(|w| {
                let window = w.attr("mapName").unwrap_or_default();
                let boards = boards(w);
                match boards.as_slice() {
                    [one] if window == title => Some((window.to_string(), one.clone())),
                    _ => boards
                        .iter()
                        .find(|b| b.as_str() == title)
                        .map(|b| (window.to_string(), b.clone())),
                }
            })
        })
        .collect()
}

/// The names of a window's boards.
fn boards(window: &Element) -> Vec<String> {
    window
        .descendants()
        .filter(|e| e.is_class("Board"))
        .filter_map(|e| e.attr("name"))
        .map(str::to_string)
        .collect()
}

/// Numbers every piece and card slot below `node` (itself included) from `next` on.
fn renumber(node: &mut Node, next: &mut u32) {
    if node.name.ends_with(".PieceSlot") || node.name.ends_with(".CardSlot") {
        node.attrs.insert("gpid".into(), next.to_string());
        *next += 1;
    }
    for child in &mut node.children {
        renumber(child, next);
    }
}

/// A window as the module wrote it, without its at-start stacks.
fn without_stacks(element: &Element) -> Node {
    fn strip(node: &mut Node) {
        node.children.retain(|c| !c.name.ends_with(".SetupStack"));
        for child in &mut node.children {
            strip(child);
        }
    }
    let mut out = node(element);
    strip(&mut out);
    out
}

/// The decks of `element` (a window, or a map folder of it), each with the board it stands
/// on, in map folders as the module had them: (board, deck or folder).
fn decks(element: &Element) -> Vec<(String, Node)> {
    let mut out = Vec::new();
    for child in &element.children {
        if child.is_class("DrawPile") {
            let board = child.attr("owningBoard").unwrap_or_default().to_string();
            out.push((board, node(child)));
        } else if child.is_class("MapSubFolder") {
            // A folder's decks, grouped by board, each group in a copy of the folder.
            let mut by_board: Vec<(String, Node)> = Vec::new();
            for (board, deck) in decks(child) {
                match by_board.iter_mut().find(|(b, _)| *b == board) {
                    Some((_, folder)) => folder.push(deck),
                    None => {
                        let mut folder = Node::new(child.name.clone());
                        for (k, v) in &child.attributes {
                            folder = folder.attr(k, v);
                        }
                        by_board.push((board, folder.child(deck)));
                    }
                }
            }
            out.extend(by_board);
        }
    }
    out
}

/// Sets the board every deck below `node` stands on.
fn set_board(node: &mut Node, board: &str) {
    if node.name.ends_with(".DrawPile") && node.attrs.contains_key("owningBoard") {
        node.attrs.insert("owningBoard".into(), board.to_string());
    }
    for child in &mut node.children {
        set_board(child, board);
    }
}

/// The game maps made from each kept window: (board, game map index), by the window's
/// position in [`Kept::windows`].
fn made_from(plan: &Plan<'_>, maps: usize) -> Vec<Vec<(String, usize)>> {
    let kept = &plan.kept;
    let sources = sources(plan.game, kept);
    kept.windows
        .iter()
        .map(|window| {
            let name = window.attr("mapName").unwrap_or_default();
            sources
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    s.as_ref()
                        .filter(|(w, _)| w == name)
                        .map(|(_, b)| (b.clone(), i))
                })
                .filter(|(_, i)| *i < plan.boards.len() && *i < maps)
                .collect()
        })
        .collect()
}

/// Puts the kept windows' decks onto `maps` (the game maps' windows, in the game's order,
/// then the off-map boxes'); gives the windows none of whose boards became a game map and
/// the module's toolbar folders, built again. `next_gpid` is the next free slot number, and
/// is left so.
pub fn put_back(plan: &Plan<'_>, maps: &mut [Node], next_gpid: &mut u32) -> PutBack {
    let kept = &plan.kept;
    let made = made_from(plan, maps.len());
    let names: Vec<String> = maps
        .iter()
        .filter_map(|m| m.attrs.get("mapName").cloned())
        .collect();
    // Each window whose boards became game maps: its decks onto them.
    for (window, made) in kept.windows.iter().zip(&made) {
        let Some(&(_, first)) = made.first() else {
            continue;
        };
        // A private window or a player's hand stays one, for the same sides.
        if window.is_class("PrivateMap") || window.is_class("PlayerHand") {
            for &(_, i) in made {
                maps[i].name.clone_from(&window.name);
                for key in PRIVATE {
                    if let Some(value) = window.attr(key) {
                        maps[i].attrs.insert(key.to_string(), value.to_string());
                    }
                }
            }
        }
        // The window's own global properties, on the first game map made from it.
        for properties in window
            .children
            .iter()
            .filter(|c| c.is_class("GlobalProperties"))
        {
            maps[first].push(node(properties));
        }
        for (board, mut deck) in decks(window) {
            let i = made
                .iter()
                .find(|(b, _)| *b == board)
                .map_or(first, |&(_, i)| i);
            if !board.is_empty() {
                set_board(&mut deck, &plan.boards[i].board_name);
            }
            renumber(&mut deck, next_gpid);
            maps[i].push(deck);
        }
    }
    // A window is built again when no game map was made from it, nor one of the module
    // built has its name.
    let again = |window: &Element| -> bool {
        let i = kept.windows.iter().position(|w| w == window);
        let name = window.attr("mapName").unwrap_or_default();
        i.is_some_and(|i| made[i].is_empty()) && !names.iter().any(|n| n == name)
    };
    let mut out = PutBack::default();
    for window in &kept.toolbar_maps {
        if again(window) {
            let mut rebuilt = without_stacks(window);
            renumber(&mut rebuilt, next_gpid);
            out.windows.push(rebuilt);
        }
    }
    for folder in &kept.folders {
        if let Some(rebuilt) = folder_again(folder, &again, next_gpid) {
            out.folders.push(rebuilt);
        }
    }
    out
}

/// A toolbar folder built again with what it holds of windows built again, dice, turn
/// trackers and chart windows, and of its folders; none when that is nothing.
fn folder_again(
    folder: &Element,
    again: &dyn Fn(&Element) -> bool,
    next_gpid: &mut u32,
) -> Option<Node> {
    let mut out = Node::new(folder.name.clone());
    for (k, v) in &folder.attributes {
        out = out.attr(k, v);
    }
    for child in &folder.children {
        if DICE
            .iter()
            .chain(TOOLBAR_WINDOWS)
            .any(|c| child.is_class(c))
        {
            out.push(node(child));
        } else if WINDOWS.iter().any(|w| child.is_class(w)) {
            if again(child) {
                let mut rebuilt = without_stacks(child);
                renumber(&mut rebuilt, next_gpid);
                out.push(rebuilt);
            }
        } else if is_folder(child) {
            if let Some(inner) = folder_again(child, again, next_gpid) {
                out.push(inner);
            }
        }
    }
    (!out.children.is_empty()).then_some(out)
}

/// Where something that stood in the module (a pool's pieces, a deck) stands in the module
/// built: on the game map made from the board under it, at the same point of that board
/// (its picture is the map's); else in its window when that is built again as the module
/// had it, at the same point; else nowhere (`None`: a pool's pieces go into its box).
pub fn built_point(plan: &Plan<'_>, place: &KeptPlace) -> Option<Point> {
    let kept = &plan.kept;
    let sources = sources(plan.game, kept);
    if let Some((board, (x, y))) = &place.board {
        let made = sources.iter().position(|s| {
            s.as_ref()
                .is_some_and(|(w, b)| *w == place.window && b == board)
        });
        if let Some(built) = made.and_then(|i| plan.boards.get(i)) {
            return Some(Point {
                map: built.map_name.clone(),
                x: x + EDGE.0,
                y: y + EDGE.1,
            });
        }
    }
    let made = made_from(plan, plan.boards.len());
    let again = kept
        .windows
        .iter()
        .zip(&made)
        .any(|(w, m)| w.attr("mapName") == Some(place.window.as_str()) && m.is_empty());
    let taken = plan
        .boards
        .iter()
        .chain(&plan.off_map)
        .any(|b| b.map_name == place.window);
    (again && !taken).then(|| Point {
        map: place.window.clone(),
        x: place.point.0,
        y: place.point.1,
    })
}

/// The kept deck (`DrawPile`) of that name, in any window.
pub fn kept_deck<'k>(kept: &'k Kept, name: &str) -> Option<&'k Element> {
    kept.windows
        .iter()
        .flat_map(Element::descendants)
        .find(|e| e.is_class("DrawPile") && e.attr("name") == Some(name))
}
