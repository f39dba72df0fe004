//! Map-level geometry (format notes §2.5.9): boards placed in a map's layout, the map's
//! edge border, and the chain map point → (board, board-local point) → location name that
//! VASSAL's `Map.locationName` follows, plus its inverse for placing pieces.

use serde::Serialize;

use super::{Grid, Point, Size};

/// What VASSAL reports for a point no board grid names (`Map.offboard`).
pub const OFFBOARD: &str = "offboard";

/// One board in a map's layout.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardPlacement {
    /// Board name (as used in saves).
    pub name: String,
    /// Layout column (0 = leftmost).
    pub column: i32,
    /// Layout row (0 = top).
    pub row: i32,
    /// Board size in pixels (image size, or `width`/`height` without an image); `None`
    /// when unknown.
    pub size: Option<Size>,
    /// Whether the board is shown reversed (rotated 180°).
    pub reversed: bool,
    /// The board's grid.
    pub grid: Option<Grid>,
}

/// A map's boards as laid out in a game.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MapLayout {
    /// Map name (`mapName`, the id used in saves).
    pub map_name: String,
    /// Blank border left and right of the boards.
    pub edge_width: i32,
    /// Blank border above and below the boards.
    pub edge_height: i32,
    /// Boards in use, in the order VASSAL searches them.
    pub boards: Vec<BoardPlacement>,
    /// Decks (DrawPiles) by name and map position: their name is the location there.
    pub decks: Vec<(String, Point)>,
}

impl MapLayout {
    /// The map coordinates of a board's top-left corner: the edge plus the widths of the
    /// boards to its left in its row and the heights of the boards above it in its column.
    pub fn board_origin(&self, board: &BoardPlacement) -> Point {
        let size_at = |column: i32, row: i32| {
            self.boards
                .iter()
                .find(|b| b.column == column && b.row == row)
                .and_then(|b| b.size)
                .unwrap_or_default()
        };
        let x = (0..board.column).fold(0i32, |x, c| x.wrapping_add(size_at(c, board.row).width));
        let y = (0..board.row).fold(0i32, |y, r| y.wrapping_add(size_at(board.column, r).height));
        Point::new(
            x.wrapping_add(self.edge_width),
            y.wrapping_add(self.edge_height),
        )
    }

    /// The board containing a map point and the point in that board's own pixels
    /// (reversal undone). A board of unknown size is taken to extend without limit.
    pub fn locate(&self, p: Point) -> Option<(&BoardPlacement, Point)> {
        self.boards.iter().find_map(|board| {
            let origin = self.board_origin(board);
            let inside = p.x >= origin.x
                && p.y >= origin.y
                && board.size.is_none_or(|size| {
                    i64::from(p.x) < i64::from(origin.x) + i64::from(size.width)
                        && i64::from(p.y) < i64::from(origin.y) + i64::from(size.height)
                });
            if !inside {
                return None;
            }
            let local = Point::new(p.x.wrapping_sub(origin.x), p.y.wrapping_sub(origin.y));
            Some((board, reverse_if(board, local)))
        })
    }

    /// The location name a board grid gives a map point, if any.
    pub fn grid_location_name(&self, p: Point) -> Option<String> {
        let (board, local) = self.locate(p)?;
        board
            .grid
            .as_ref()?
            .location_name(local, board.size.unwrap_or_default())
    }

    /// The location VASSAL reports for a map point: a deck's name at its exact position,
    /// else the board grid's name, else [`OFFBOARD`].
    pub fn location_name(&self, p: Point) -> String {
        if let Some((name, _)) = self.decks.iter().find(|(_, at)| *at == p) {
            return name.clone();
        }
        self.grid_location_name(p)
            .unwrap_or_else(|| OFFBOARD.to_string())
    }

    /// The map point at which VASSAL reports `name` on board `board` (the first board when
    /// `None`), board offset and edge included.
    pub fn point_for_location(&self, board: Option<&str>, name: &str) -> Option<Point> {
        let placement = match board {
            Some(board) => self.boards.iter().find(|b| b.name == board)?,
            None => self.boards.first()?,
        };
        let local = placement
            .grid
            .as_ref()?
            .point_for_name(name, placement.size.unwrap_or_default())?;
        let local = reverse_if(placement, local);
        let origin = self.board_origin(placement);
        Some(Point::new(
            local.x.wrapping_add(origin.x),
            local.y.wrapping_add(origin.y),
        ))
    }
}

/// Mirrors a point inside a reversed board (`w - x`, `h - y`); the mapping is its own
/// inverse.
fn reverse_if(board: &BoardPlacement, p: Point) -> Point {
    match (board.reversed, board.size) {
        (true, Some(size)) => {
            Point::new(size.width.wrapping_sub(p.x), size.height.wrapping_sub(p.y))
        }
        _ => p,
    }
}
