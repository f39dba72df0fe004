//! Maps as `inspect` reads them from the component tree (boards with sizes and grids, the
//! default board setup, decks, at-start stacks) and the layout a game gives them.

use super::module::{find_all, slot_name, BoardInfo, MapInfo, PlacedComponent};
use crate::vassal::buildfile::Element;
use crate::vassal::grid::{BoardPlacement, Grid, GridNumbering, MapLayout, Point, Size};
use crate::vassal::save::{BoardSetup, ChainWalk, LeafCommand};

fn attr(element: &Element, key: &str) -> String {
    element.attr(key).unwrap_or_default().to_string()
}

fn int(element: &Element, key: &str) -> i32 {
    element.attr(key).and_then(|v| v.parse().ok()).unwrap_or(0)
}

impl MapInfo {
    pub(super) fn from_element(
        map: &Element,
        image_size: &mut dyn FnMut(&str) -> Option<Size>,
        chains: &mut ChainWalk,
    ) -> Self {
        let pickers = find_all(map, &["BoardPicker"]);
        let boards = pickers
            .iter()
            .flat_map(|picker| find_all(picker, &["Board"]))
            .map(|board| {
                let image = board
                    .attr("image")
                    .filter(|i| !i.is_empty())
                    .map(str::to_string);
                let from_attributes = match (board.attr("width"), board.attr("height")) {
                    (Some(_), Some(_)) => {
                        Some(Size::new(int(board, "width"), int(board, "height")))
                    }
                    _ => None,
                };
                let size = image
                    .as_deref()
                    .and_then(&mut *image_size)
                    .or(from_attributes);
                BoardInfo {
                    name: attr(board, "name"),
                    image,
                    size,
                    reversible: board.attr("reversible") == Some("true"),
                    grid: Grid::first_child(board),
                }
            })
            .collect();
        let default_setup = pickers
            .iter()
            .flat_map(|picker| picker.children_of("setup"))
            .find_map(|setup| match LeafCommand::parse(setup.trimmed_text()) {
                LeafCommand::SetBoards(boards) => Some(boards),
                _ => None,
            });
        let mut placed = |element: &Element| PlacedComponent {
            name: attr(element, "name"),
            owning_board: attr(element, "owningBoard"),
            location: (element.attr("useGridLocation") == Some("true"))
                .then(|| attr(element, "location")),
            x: int(element, "x"),
            y: int(element, "y"),
            pieces: element
                .descendants()
                .filter(|c| matches!(c.short_name(), "PieceSlot" | "CardSlot"))
                .map(|slot| slot_name(slot, chains))
                .collect(),
        };
        Self {
            class: map.short_name().to_string(),
            name: attr(map, "mapName"),
            edge_width: int(map, "edgeWidth"),
            edge_height: int(map, "edgeHeight"),
            boards,
            default_setup,
            decks: find_all(map, &["DrawPile"])
                .into_iter()
                .map(&mut placed)
                .collect(),
            at_start_stacks: find_all(map, &["SetupStack"])
                .into_iter()
                .map(&mut placed)
                .collect(),
        }
    }

    /// The map's layout for a game: the given board selection (from a save), else the
    /// BoardPicker's default setup, else its first board alone.
    pub fn layout(&self, selection: Option<&BoardSetup>) -> MapLayout {
        let selection = selection.or(self.default_setup.as_ref());
        let placement = |board: &BoardInfo, column: i32, row: i32, reversed: bool| BoardPlacement {
            name: board.name.clone(),
            column,
            row,
            size: board.size,
            reversed,
            grid: board.grid.clone(),
        };
        let boards: Vec<BoardPlacement> = match selection {
            Some(setup) => setup
                .boards
                .iter()
                .filter_map(|spec| {
                    let board = self.boards.iter().find(|b| b.name == spec.name)?;
                    Some(placement(board, spec.column, spec.row, spec.reversed))
                })
                .collect(),
            None => self
                .boards
                .first()
                .map(|b| placement(b, 0, 0, false))
                .into_iter()
                .collect(),
        };
        let mut layout = MapLayout {
            map_name: self.name.clone(),
            edge_width: self.edge_width,
            edge_height: self.edge_height,
            boards,
            decks: Vec::new(),
        };
        layout.decks = self
            .decks
            .iter()
            .map(|deck| {
                let origin = layout
                    .boards
                    .iter()
                    .find(|b| b.name == deck.owning_board)
                    .map(|b| layout.board_origin(b))
                    .unwrap_or(Point::new(self.edge_width, self.edge_height));
                (
                    deck.name.clone(),
                    Point::new(origin.x + deck.x, origin.y + deck.y),
                )
            })
            .collect();
        layout
    }
}

/// A grid's numbering, when it has one (for reports).
pub fn grid_numbering(grid: &Grid) -> Option<&GridNumbering> {
    match grid {
        Grid::Hex(hex) => hex.numbering.as_ref(),
        Grid::Square(square) => square.numbering.as_ref(),
        _ => None,
    }
}
