//! Tracks on a map's track display (`[[track-display]]`): the Zone over each printed display
//! (one Region per box, so a marker snaps into a box and VASSAL names it `Record Track 60`)
//! and the commands of each track's marker — move by ±1 (and ±5, ±10 on long tracks) to the
//! box of the new value, clamped to the track's range, with a chat line such as
//! `Government Political Index: 60 → 61`.
//!
//! The marker is the track's only record, as on cardboard: such a track has no global
//! property or toolbar button (those stay for tracks without a display). Its value is the
//! number of the box the marker stands in, which the piece computes from its position
//! (`TrackValue`, a Calculated Property), and which `sandtable` reads back from a save the
//! same way (see `helpers::savegame`).

use crate::layout::track_display::DisplayLayout;
use crate::layout::vassal::corners;
use crate::model::{CounterId, Game, TrackId};
use crate::vassal::encoder::encode_or_empty;

use super::combat::lit;
use super::pieces::{Key, Trait};
use super::plan::Plan;
use super::xml::Node;

const GRID: &str = "VASSAL.build.module.map.boardPicker.board.";

/// The Calculated Property holding the value a marker stands on.
pub const VALUE_PROPERTY: &str = "TrackValue";

/// Ctrl (old | new mask bits).
const CTRL: u32 = 130;
/// Ctrl+Shift.
const CTRL_SHIFT: u32 = 195;

/// A step a marker can move by, with its key and menu text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Amount added to the value.
    pub delta: i64,
    /// Key stroke.
    pub key: Key,
}

impl Step {
    /// Menu text: `+1`, `−5`.
    pub fn menu(&self) -> String {
        if self.delta < 0 {
            format!("\u{2212}{}", -self.delta)
        } else {
            format!("+{}", self.delta)
        }
    }
}

/// Every step a marker of a track spanning `span` values offers: ±1 always, ±5 from 15
/// values, ±10 from 30 (Ctrl+→/←, Ctrl+Shift+→/←, Ctrl+↑/↓).
pub fn steps(span: i64) -> Vec<Step> {
    let k = |code, modifiers| Key { code, modifiers };
    let mut out = vec![
        Step {
            delta: 1,
            key: k(39, CTRL),
        },
        Step {
            delta: -1,
            key: k(37, CTRL),
        },
    ];
    if span >= 15 {
        out.push(Step {
            delta: 5,
            key: k(39, CTRL_SHIFT),
        });
        out.push(Step {
            delta: -5,
            key: k(37, CTRL_SHIFT),
        });
    }
    if span >= 30 {
        out.push(Step {
            delta: 10,
            key: k(38, CTRL),
        });
        out.push(Step {
            delta: -10,
            key: k(40, CTRL),
        });
    }
    out
}

/// Whether a track's marker stands on a display (so it has no global property).
pub fn on_display(game: &Game, track: TrackId) -> bool {
    game.tracks[track].marker.is_some()
}

/// The Zone over a display: its boxes' rectangle, named as the display, with a Region per
/// box named by its number, so that a location reads `<display> <number>`.
pub fn zone_node(game: &Game, d: &DisplayLayout) -> Node {
    let points: Vec<String> = corners(d.grid)
        .iter()
        .map(|(x, y)| encode_or_empty(&[x.to_string(), y.to_string()], ','))
        .collect();
    Node::new(format!("{GRID}mapgrid.Zone"))
        .attr("name", &game.track_displays[d.display].name)
        .attr("locationFormat", "$name$ $gridLocation$")
        .attr("path", encode_or_empty(&points, ';'))
        .attr("useParentGrid", false)
        .attr("useHighlight", false)
        .attr("highlightProperty", "")
        .child(
            Node::new(format!("{GRID}RegionGrid"))
                .attr("snapto", true)
                .attr("visible", false)
                .attr("fontsize", 9)
                .children(d.boxes.iter().map(|(v, _, (cx, cy))| {
                    Node::new(format!("{GRID}Region"))
                        .attr("name", v.to_string())
                        .attr("originx", *cx)
                        .attr("originy", *cy)
                })),
        )
}

/// A board's grid with the zones of its track displays over it (the grid itself becomes
/// the background of a `ZonedGrid`), or the grid alone when the board has no display.
pub fn zoned(game: &Game, grid: Node, displays: &[DisplayLayout]) -> Node {
    if displays.is_empty() {
        return grid;
    }
    Node::new(format!("{GRID}ZonedGrid"))
        .children(displays.iter().map(|d| zone_node(game, d)))
        .child(grid)
}

/// `TrackValue`: the number of the box the piece stands in, from its position on the
/// display's grid; the track's lowest value when it is not on the display.
fn value_expression(plan: &Plan<'_>, track: TrackId) -> Option<String> {
    let game = plan.game;
    let t = &game.tracks[track];
    let m = t.marker?;
    let td = &game.track_displays[m.display];
    let board = plan.boards.get(td.map)?;
    let d = board.tracks.iter().find(|d| d.display == m.display)?;
    let (gx, gy, _, _) = d.grid;
    let (w, h) = d.pitch;
    Some(format!(
        "{{CurrentMap == {map} && CurrentZone == {zone} ? {min} + (CurrentX - {gx}) / {w} + \
         {cols} * ((CurrentY - {gy}) / {h}) : {low}}}",
        map = lit(&board.map_name),
        zone = lit(&td.name),
        min = td.min,
        cols = d.columns,
        low = t.min,
    ))
}

/// The traits of a track marker (outermost first): the report of every move, one
/// SendToLocation per step, and `TrackValue`. Empty for a counter that marks no track on a
/// display.
pub fn marker_traits(plan: &Plan<'_>, counter: CounterId) -> Vec<Trait> {
    let game = plan.game;
    let Some(track) = game
        .track_of_marker(counter)
        .filter(|t| game.tracks[*t].marker.is_some_and(|m| m.counter == counter))
    else {
        return Vec::new();
    };
    let Some(expression) = value_expression(plan, track) else {
        return Vec::new();
    };
    let t = &game.tracks[track];
    let Some(m) = t.marker else {
        return Vec::new();
    };
    let td = &game.track_displays[m.display];
    let board = &plan.boards[td.map];
    let steps = steps(t.max - t.min);
    let keys: Vec<Key> = steps.iter().map(|s| s.key).collect();
    let mut out = vec![Trait::report(
        &keys,
        &format!("{}: $old{VALUE_PROPERTY}$ → ${VALUE_PROPERTY}$", t.name),
        "Report track moves",
    )];
    for s in &steps {
        let next = format!("{VALUE_PROPERTY} + {}", s.delta);
        let location = format!(
            "{{{prefix} + ({next} > {max} ? {max} : ({next} < {min} ? {min} : {next}))}}",
            prefix = lit(&format!("{} ", td.name)),
            max = t.max,
            min = t.min,
        );
        out.push(Trait::send_to_grid_location(
            &s.menu(),
            s.key,
            &board.map_name,
            &board.board_name,
            &location,
        ));
    }
    out.push(Trait {
        kind: format!(
            "calcProp;{}",
            encode_or_empty(
                &[VALUE_PROPERTY, expression.as_str(), "Value on the track"],
                ';'
            )
        ),
        state: String::new(),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Location;
    use crate::testgame::{self as testing, with_display};
    use crate::vassal::grid::{Point, Size, Zone};

    #[test]
    fn every_box_is_named_and_found_as_vassal_does() {
        let game = with_display(testing::mini(), 0, 6);
        let plan = Plan::new(&game).expect("plan");
        let board = &plan.boards[0];
        let d = &board.tracks[0];
        let xml = crate::emit::vassal::xml::to_xml(&zone_node(&game, d));
        let zone = Zone::from_element(
            &crate::vassal::buildfile::parse_buildfile_str(&xml).expect("parses"),
        );
        let size = Size::new(board.width as i32, board.height as i32);
        let t = &game.tracks[0];
        for v in t.min..=t.max {
            let name = format!("Points Track {v}");
            let at = plan
                .point(&Location::Track {
                    display: 0,
                    value: v,
                })
                .expect("a point");
            let p = Point::new(at.x, at.y);
            assert!(zone.contains(p));
            assert_eq!(zone.location_name(p, None, size), name);
            assert_eq!(zone.point_for_name(&name, None, size), Some(p));
            // TrackValue's arithmetic gives the box back from the position.
            let (gx, gy, _, _) = d.grid;
            let (w, h) = d.pitch;
            assert_eq!(
                game.track_displays[0].min
                    + i64::from((at.x - gx) / w)
                    + d.columns * i64::from((at.y - gy) / h),
                v
            );
        }
        // The marker carries the report, one move per step and the value.
        let m = game.tracks[0].marker.expect("marker");
        let traits = marker_traits(&plan, m.counter);
        assert!(traits[0].kind.starts_with("report;"));
        assert_eq!(
            traits
                .iter()
                .filter(|t| t.kind.starts_with("sendto;"))
                .count(),
            steps(t.max - t.min).len()
        );
        assert!(traits
            .last()
            .is_some_and(|t| t.kind.starts_with("calcProp;TrackValue;")));
        assert!(marker_traits(&plan, (m.counter + 1) % game.counters.len()).is_empty());
    }

    #[test]
    fn long_tracks_get_bigger_steps() {
        let menus = |span| -> Vec<String> { steps(span).iter().map(Step::menu).collect() };
        assert_eq!(menus(5), ["+1", "\u{2212}1"]);
        assert_eq!(menus(20).len(), 4);
        assert_eq!(
            menus(99),
            ["+1", "\u{2212}1", "+5", "\u{2212}5", "+10", "\u{2212}10"]
        );
    }

    #[test]
    fn the_written_zone_is_the_layouts() {
        let game = with_display(testing::mini(), 0, 6);
        let plan = Plan::new(&game).expect("plan");
        for d in &plan.boards[0].tracks {
            let xml = crate::emit::vassal::xml::to_xml(&zone_node(&game, d));
            let written = Zone::from_element(
                &crate::vassal::buildfile::parse_buildfile_str(&xml).expect("parses"),
            );
            assert_eq!(written, crate::layout::vassal::track_zone(&game, d));
        }
    }
}
