//! Map windows: one per game map (board picture, hex grid snapped to the centres, numbering
//! that reproduces the printed hex numbers, or one region per area slot; a track display
//! printed below the map is a Zone over that grid, see [`super::tracks`]) and the "Off-map
//! boxes" window (one zone per pool, named as the pool), each with every interaction
//! component listed explicitly (format notes §2.5.8, §6.4) and move reports that name the
//! locations (`1st Red Corps moves 0303 → 0404`).

use crate::layout::vassal::{corners, hex_grid_geometry, hex_numbering, EDGE};
use crate::model::{HexGeometry, HexLayout, MapKind};
use crate::vassal::encoder::encode_or_empty;

use super::plan::{Board, Grid, Plan};
use super::xml::Node;

const M: &str = "VASSAL.build.module.map.";
const BOARD: &str = "VASSAL.build.module.map.boardPicker.";
const GRID: &str = "VASSAL.build.module.map.boardPicker.board.";

/// A `HexGrid` on the pixel layout of a picture, snapped to the hex centres, with the
/// numbering (drawn by VASSAL when `numbers_visible`).
pub fn hex_grid(
    g: &HexGeometry,
    layout: &HexLayout,
    numbers_visible: bool,
    font_size: u32,
) -> Node {
    let numbering = Node::new(format!("{GRID}mapgrid.HexGridNumbering"))
        .attrs(hex_numbering(g))
        .attr("visible", numbers_visible)
        .attr("fontSize", font_size)
        .attr("color", "80,80,80")
        .attr("rotateText", 0)
        .attr("hDrawOff", 0)
        .attr("vDrawOff", 0);
    Node::new(format!("{GRID}HexGrid"))
        .attrs(hex_grid_geometry(g, layout))
        .attr("snapTo", true)
        .attr("edgesLegal", false)
        .attr("cornersLegal", false)
        .attr("visible", false)
        .attr("dotsVisible", false)
        .attr("color", "0,0,0")
        .child(numbering)
}

fn grid_node(plan: &Plan<'_>, board: &Board) -> Node {
    match &board.grid {
        Grid::Hex {
            map,
            layout,
            numbers_visible,
        } => match &plan.game.maps[*map].kind {
            MapKind::Hex(h) => hex_grid(
                &h.geometry,
                layout,
                *numbers_visible,
                (plan.game.art.hex_size / 6).max(8),
            ),
            MapKind::Area(_) => Node::new(format!("{GRID}HexGrid")),
        },
        Grid::Regions {
            regions,
            names_visible,
        } => Node::new(format!("{GRID}RegionGrid"))
            .attr("snapto", true)
            .attr("visible", names_visible)
            .attr("fontsize", 9)
            .children(regions.iter().map(|r| {
                Node::new(format!("{GRID}Region"))
                    .attr("name", &r.name)
                    .attr("originx", r.x)
                    .attr("originy", r.y)
            })),
        Grid::Zones(zones) => {
            Node::new(format!("{GRID}ZonedGrid")).children(zones.iter().map(|(name, r)| {
                let points: Vec<String> = corners((r.x, r.y, r.w, r.h))
                    .iter()
                    .map(|(x, y)| encode_or_empty(&[x.to_string(), y.to_string()], ','))
                    .collect();
                let path = encode_or_empty(&points, ';');
                Node::new(format!("{GRID}mapgrid.Zone"))
                    .attr("name", name)
                    .attr("locationFormat", "$name$")
                    .attr("path", path)
                    .attr("useParentGrid", false)
                    .attr("useHighlight", false)
                    .attr("highlightProperty", "")
            }))
        }
    }
}

/// A map window with its board and every interaction component.
pub fn map_node(plan: &Plan<'_>, board: &Board, own_window: bool) -> Node {
    let game = plan.game;
    let moved = "$pieceName$ moves $previousLocation$ → $location$ *";
    let cs = game.art.counter_size.max(8) as i32;
    let board_node = Node::new(format!("{BOARD}Board"))
        .attr("name", &board.board_name)
        .attr("image", &board.image)
        .attr("reversible", false)
        .attr("width", board.width)
        .attr("height", board.height)
        .child(super::tracks::zoned(
            game,
            grid_node(plan, board),
            &board.tracks,
        ));
    let picker = Node::new(format!("{M}BoardPicker"))
        .attr("title", "Choose Boards")
        .attr("addRowText", "Add row")
        .attr("addColumnText", "Add column")
        .attr("boardPrompt", "Select board")
        .attr("slotWidth", 350)
        .attr("slotHeight", 125)
        .attr("slotScale", "0.2")
        .child(board_node);
    let plain = |name: &str| Node::new(format!("{M}{name}"));
    Node::new("VASSAL.build.module.Map")
        .attr("mapName", &board.map_name)
        .attr("description", "")
        .attr("launch", own_window)
        .attr("buttonName", &board.map_name)
        .attr("tooltip", format!("Show or hide {}", board.map_name))
        .attr("icon", if own_window { "" } else { "/images/map.gif" })
        .attr("hotkey", "")
        .attr("showKey", "")
        .attr("hideKey", "")
        .attr("allowMultiple", false)
        .attr("backgroundcolor", "255,255,255")
        .attr("color", "255,255,0")
        .attr("thickness", 3)
        .attr("edgeWidth", EDGE.0)
        .attr("edgeHeight", EDGE.1)
        .attr("markMoved", "Never")
        .attr("markUnmovedIcon", "/images/unmoved.gif")
        .attr("markUnmovedText", "")
        .attr(
            "markUnmovedTooltip",
            "Mark all pieces on this map as not moved",
        )
        .attr("markUnmovedHotkey", "")
        .attr("markUnmovedReport", "")
        .attr("moveKey", "")
        .attr("onlyReportChangedLocation", false)
        .attr("moveWithinFormat", moved)
        .attr("moveToFormat", moved)
        .attr("createFormat", "$pieceName$ created in $location$ *")
        .attr("changeFormat", "$message$")
        .child(picker)
        .child(
            plain("StackMetrics")
                .attr("disabled", false)
                .attr("exSepX", (cs / 3).max(6))
                .attr("exSepY", (cs / 3).max(6))
                .attr("unexSepX", crate::layout::displays::STACK_SEPARATION as i32)
                .attr("unexSepY", crate::layout::displays::STACK_SEPARATION as i32)
                .attr("top", "38,0")
                .attr("bottom", "40,0")
                .attr("up", "39,0")
                .attr("down", "37,0"),
        )
        .child(plain("ForwardToKeyBuffer"))
        .child(plain("Scroller"))
        .child(plain("ForwardToChatter"))
        .child(plain("MenuDisplayer"))
        .child(plain("MapCenterer"))
        .child(plain("StackExpander"))
        .child(plain("PieceMover"))
        .child(plain("KeyBufferer"))
        .child(
            plain("ImageSaver")
                .attr("buttonText", "")
                .attr("tooltip", "Save map as PNG image")
                .attr("icon", "/images/camera.gif")
                .attr("hotkey", "")
                .attr("canDisable", false)
                .attr("propertyGate", "")
                .attr("hideWhenDisabled", false),
        )
        .child(
            plain("CounterDetailViewer")
                .attr("version", 4)
                .attr("description", "Mouse-over stack viewer")
                .attr("delay", 700)
                .attr("hotkey", "32,130")
                .attr("display", "from top-most layer only")
                .attr("layerList", "")
                .attr("propertyFilter", "")
                .attr("minDisplayPieces", 0)
                .attr("showgraph", true)
                .attr("showgraphsingle", false)
                .attr("showtext", true)
                .attr("showtextsingle", false)
                .attr("showNoStack", false)
                .attr("showNonMovable", false)
                .attr("showMoveSelectde", false)
                .attr("showDeck", false)
                .attr("showDeckDepth", 1)
                .attr("showDeckMasked", false)
                .attr("showOverlap", false)
                .attr("showTerrainBeneath", "never")
                .attr("summaryReportFormat", "$LocationName$")
                .attr("counterReportFormat", "$PieceName$")
                .attr("emptyHexReportForma", "$LocationName$")
                .attr("enableHTML", false)
                .attr("centerText", false)
                .attr("centerAll", false)
                .attr("combineCounterSummary", false)
                .attr("onlyShowFirstSummary", false)
                .attr("stretchWidthSummary", false)
                .attr("unrotatePieces", false)
                .attr("fontSize", 11)
                .attr("fgColor", "0,0,0")
                .attr("bgColor", "255,255,224")
                .attr("borderWidth", 2)
                .attr("extraTextPadding", 2)
                .attr("verticalOffset", 0)
                .attr("verticalTopText", 5)
                .attr("zoomlevel", "1.0")
                .attr("graphicsZoom", "1.0")
                .attr("stopAfterShowing", false),
        )
        .child(
            plain("Flare")
                .attr("flareName", "Map Flare")
                .attr("flareKey", "keyAlt")
                .attr("circleSize", 100)
                .attr("circleColor", "255,0,0")
                .attr("circleScale", true)
                .attr("flarePulses", 6)
                .attr("flarePulsesPerSec", 3)
                .attr("reportFormat", "$PlayerName$ points at $location$"),
        )
        .child(
            plain("Zoomer")
                .attr("zoomLevels", "0.25,0.333,0.5,0.667,0.75,1.0,1.25,1.5,2.0")
                .attr("zoomStart", 4)
                .attr("inButtonText", "")
                .attr("inIconName", "/images/zoomIn.gif")
                .attr("inTooltip", "Zoom in")
                .attr("zoomInKey", "61,130")
                .attr("outButtonText", "")
                .attr("outIconName", "/images/zoomOut.gif")
                .attr("outTooltip", "Zoom out")
                .attr("zoomOutKey", "45,130")
                .attr("pickButtonText", "")
                .attr("pickIconName", "/images/zoom.png")
                .attr("pickTooltip", "Select Zoom")
                .attr("zoomPickKey", ""),
        )
        .child(
            plain("HidePiecesButton")
                .attr("buttonText", "")
                .attr("tooltip", "Hide all pieces on this map")
                .attr("hotkey", "")
                .attr("showingIcon", "/images/globe_unselected.gif")
                .attr("hiddenIcon", "/images/globe_selected.gif"),
        )
        .child(
            plain("GlobalMap")
                .attr("buttonText", "")
                .attr("tooltip", "Show or hide the overview window")
                .attr("icon", "/images/overview.gif")
                .attr("hotkey", "79,195")
                .attr("scale", "0.2")
                .attr("color", "255,0,0"),
        )
        .child(Node::new("VASSAL.build.module.properties.GlobalProperties"))
        .child(plain("SelectionHighlighters"))
        .child(
            plain("HighlightLastMoved")
                .attr("color", "255,0,0")
                .attr("enabled", true)
                .attr("thickness", 2),
        )
}

/// Every map window: the game maps (the first docks into the main window), then the
/// off-map boxes in a window of their own.
pub fn map_nodes(plan: &Plan<'_>) -> Vec<Node> {
    let mut out: Vec<Node> = plan
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| map_node(plan, b, i > 0))
        .collect();
    if let Some(b) = &plan.off_map {
        out.push(map_node(plan, b, true));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hex::Numbering;
    use crate::model::{HexCoord, Orientation};
    use crate::vassal::buildfile::parse_buildfile_str;
    use crate::vassal::grid::{Grid, Point, Size};
    use proptest::prelude::*;

    proptest! {
        /// VASSAL's own naming (the format layer's port of HexGrid/HexGridNumbering) names
        /// the centre of every hex with the number printed in it, and finds the centre again
        /// from the number, for every orientation, shifted-column parity, stagger, order,
        /// first numbers and digits.
        #[test]
        fn vassal_names_every_centre_as_printed(
            rows_o in any::<bool>(),
            odd_shifted in any::<bool>(),
            stagger in any::<bool>(),
            column_first in any::<bool>(),
            first_column in 0i64..12,
            first_row in 0i64..12,
            digits in 1u32..4,
            columns in 1i32..14,
            rows in 1i32..11,
            hex_size in 30u32..90,
        ) {
            let g = HexGeometry {
                orientation: if rows_o { Orientation::Rows } else { Orientation::Columns },
                columns,
                rows,
                odd_shifted,
                picture: None,
                numbering: Numbering { column_first, first_column, first_row, digits, stagger },
            };
            let layout = g.layout(hex_size, (hex_size * 3 / 4).max(24));
            let xml = crate::emit::vassal::xml::to_xml(&hex_grid(&g, &layout, false, 9));
            let element = parse_buildfile_str(&xml).expect("parses");
            let grid = Grid::from_element(&element).expect("a grid");
            let size = Size::new(layout.width as i32, layout.height as i32);
            for col in 0..columns {
                for row in 0..rows {
                    let c = HexCoord::new(col, row);
                    let (x, y) = g.centre(&layout, c);
                    let number = g.number(c);
                    prop_assert_eq!(grid.location_name(Point::new(x, y), size), Some(number.clone()));
                    // Name → point splits the two parts greedily, so it is only unambiguous
                    // while the second part keeps its padding (as VASSAL's own parser).
                    let (pc, pr) = g.printed(c);
                    let second = if column_first { pr } else { pc };
                    if second.to_string().len() <= digits as usize {
                        prop_assert_eq!(grid.point_for_name(&number, size), Some(Point::new(x, y)));
                    }
                }
            }
        }
    }

    proptest! {
        /// The grid the module is given, read back as VASSAL reads it, is the grid the layout
        /// says (which the save adapter names locations with), for every geometry.
        #[test]
        fn the_written_hex_grid_is_the_layouts(
            rows_o in any::<bool>(),
            odd_shifted in any::<bool>(),
            stagger in any::<bool>(),
            column_first in any::<bool>(),
            first_column in -5i64..12,
            first_row in -5i64..12,
            digits in 1u32..4,
            columns in 1i32..14,
            rows in 1i32..11,
            hex_size in 8u32..90,
            numbers_visible in any::<bool>(),
        ) {
            let g = HexGeometry {
                orientation: if rows_o { Orientation::Rows } else { Orientation::Columns },
                columns,
                rows,
                odd_shifted,
                picture: None,
                numbering: Numbering { column_first, first_column, first_row, digits, stagger },
            };
            let layout = g.layout(hex_size, crate::layout::map_margin(hex_size));
            let xml = crate::emit::vassal::xml::to_xml(&hex_grid(&g, &layout, numbers_visible, 9));
            let written = Grid::from_element(&parse_buildfile_str(&xml).expect("parses"));
            prop_assert_eq!(
                written,
                Some(Grid::Hex(crate::layout::vassal::hex_grid(&g, &layout)))
            );
        }
    }

    /// Every board of the example games and the fixture carries, once written and read
    /// back, the grid the layout gives the save adapter: hex or region grid (on a province
    /// board with the supply centres' marker spots), track zones over it, one zone per pool.
    #[test]
    fn every_written_board_grid_is_the_layouts() {
        for game in [
            crate::testgame::mini(),
            crate::testgame::example("great-patriotic-war"),
            crate::testgame::example("greek-civil-war"),
            crate::testgame::example("diplomacy"),
        ] {
            let plan = Plan::new(&game).expect("plan");
            let read = |board: &Board, own_window: bool| {
                let xml = crate::emit::vassal::xml::to_xml(&map_node(&plan, board, own_window));
                let map = parse_buildfile_str(&xml).expect("parses");
                let board = map
                    .children
                    .iter()
                    .find(|c| c.short_name() == "BoardPicker")
                    .and_then(|p| p.children.iter().find(|c| c.short_name() == "Board"))
                    .expect("a board");
                Grid::first_child(board)
            };
            for (i, board) in plan.boards.iter().enumerate() {
                assert_eq!(
                    read(board, i > 0),
                    crate::layout::vassal::map_grid(&game, i),
                    "{}: map {i}",
                    game.id
                );
            }
            if let Some(off) = &plan.off_map {
                assert_eq!(read(off, true), crate::layout::vassal::pools_grid(&game));
            }
        }
    }
}
