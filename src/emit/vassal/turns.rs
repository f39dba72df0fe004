//! The turn tracker: a list level of the calendar's turns (each named with its weather) and,
//! nested inside, a list level of the steps of one game turn — each phase of the whole turn
//! once, each player turn's phases once for each player in order ([`Game::steps`]) —
//! (format notes §2.5.19); and the tracker state that puts a scenario on its first turn.
//!
//! In a game of written orders every side plays each phase at once, and a turn plays only
//! its own phases (a spring moves and retreats, a winter adjusts), which VASSAL's nested
//! levels cannot say (a nested list is the same in every turn): there the tracker has one
//! level, every phase of every turn in order, `Spring 1901 — Movement`, `Spring 1901 —
//! Retreats`, `Autumn 1901 — Movement`… The same holds in any game where a turn plays only
//! some phases (the Great European War's winter turns play one impulse): one level of every
//! turn's own steps, `Winter 1941-42 — Winter · First Player First Impulse: Combat Phase`
//! ([`crate::layout::vassal::turn_steps`]).

pub use crate::layout::vassal::{step_labels, turn_entries, turn_labels};
use crate::layout::vassal::{tracker_index, turn_steps};
use crate::model::{Game, TurnId};
use crate::vassal::encoder::{encode_or_empty, SequenceEncoder};

use super::xml::Node;

/// The phases of one game turn, each step once: a phase of the whole turn by its name, a
/// player turn's phases once for each side in player order (`Red Movement Phase`), or for
/// the First and the Second Player when a phase decides the initiative (none where the
/// tracker lists every turn's steps on one level).
pub fn phase_labels(game: &Game) -> Vec<String> {
    if turn_steps(game).is_some() {
        return Vec::new();
    }
    game.steps()
        .into_iter()
        .map(|step| game.step_label(step))
        .collect()
}

fn list_level(name: &str, items: &[String]) -> Node {
    Node::new("VASSAL.build.module.turn.ListTurnLevel")
        .attr("name", name)
        .attr("property", name)
        .attr("turnFormat", "$value$")
        .attr("list", encode_or_empty(items, ','))
        .attr("configList", false)
        .attr("configFirst", false)
        .attr("prompt", "")
}

/// The TurnTracker, or `None` for a game without a calendar.
pub fn tracker(game: &Game) -> Option<Node> {
    if game.turns.is_empty() {
        return None;
    }
    let turns = step_labels(game).unwrap_or_else(|| turn_labels(game));
    let phases = phase_labels(game);
    let mut level = list_level("Turn", &turns);
    let format = if phases.is_empty() {
        "$level1$"
    } else {
        level.push(list_level("Phase", &phases));
        "$level1$ · $level2$"
    };
    Some(
        Node::new("VASSAL.build.module.turn.TurnTracker")
            .attr("name", "Turn")
            .attr("description", "Calendar and sequence of play")
            .attr("buttonText", "Turn")
            .attr("tooltip", "Turn tracker (right-click to set the turn)")
            .attr("icon", "")
            .attr("hotkey", "")
            .attr("nexthotkey", "84,520")
            .attr("prevhotkey", "84,585")
            .attr("turnFormat", format)
            // VASSAL prefixes the report with "* " itself.
            .attr("reportFormat", "$PlayerId$: $oldTurn$ → $newTurn$")
            .attr("lengthStyle", "Maximum")
            .attr("length", -1)
            .attr("plusButtonSize", 22)
            .attr("turnButtonHeight", 22)
            .attr("fwdOnly", false)
            .child(level),
    )
}

fn list_state(current: usize, count: usize, child: Option<String>) -> String {
    let active = vec!["true"; count];
    let mut se = SequenceEncoder::new(';');
    se.append_int(current as i64)
        .append_int(0)
        .append_int(0)
        .append(&encode_or_empty(&active, ','));
    if let Some(c) = child {
        se.append(&c);
    }
    se.into_value().unwrap_or_default()
}

/// The tracker state at the first phase of turn `turn` (the `TURN…` save command payload).
pub fn state_at(game: &Game, turn: TurnId) -> String {
    let phases = phase_labels(game);
    let child = (!phases.is_empty()).then(|| list_state(0, phases.len(), None));
    let count = turn_steps(game).map_or(game.turns.len(), |s| s.len());
    let level = list_state(tracker_index(game, turn), count, child);
    encode_or_empty(&["0", level.as_str()], '|')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_of_written_orders_has_one_level_of_every_turns_phases() {
        let g = crate::testgame::example("diplomacy");
        let steps = step_labels(&g).expect("steps");
        assert_eq!(steps[0], "Spring 1901 — Movement");
        assert_eq!(steps[4], "Winter 1901 — Adjustments");
        assert!(phase_labels(&g).is_empty());
        let tracker = crate::emit::vassal::xml::to_xml(&tracker(&g).expect("a tracker"));
        assert_eq!(tracker.matches("ListTurnLevel ").count(), 1);
        // Autumn 1901 starts at its movement, the third step.
        assert!(state_at(&g, 1).starts_with("0|2;0;0;true,"));
    }

    #[test]
    fn a_winter_turn_of_one_impulse_lists_its_own_steps_only() {
        let g = crate::testgame::example("great-european-war");
        assert!(phase_labels(&g).is_empty());
        let entries = turn_entries(&g);
        let of = |turn: &str| -> Vec<&str> {
            let t = g.turns.iter().position(|t| t.id == turn).expect("turn");
            entries
                .iter()
                .filter(|(e, _)| *e == t)
                .map(|(_, l)| l.as_str())
                .collect()
        };
        let summer = of("summer-1941");
        let winter = of("winter-1941");
        assert_eq!(summer.len(), g.steps().len());
        assert!(summer.iter().any(|l| l.contains("Second Impulse")));
        assert!(
            !winter.iter().any(|l| l.contains("Second Impulse")),
            "{winter:?}"
        );
        assert!(winter.len() < summer.len());
        assert!(
            winter[0].starts_with("Winter 1941-42 — Winter · "),
            "{}",
            winter[0]
        );
        // The first phase of the third turn is where a scenario starting on it stands.
        let third = summer.len() * 2;
        assert!(state_at(&g, 2).starts_with(&format!("0|{third};0;0;true,")));
        let tracker = crate::emit::vassal::xml::to_xml(&tracker(&g).expect("a tracker"));
        assert_eq!(tracker.matches("ListTurnLevel ").count(), 1);
    }

    #[test]
    fn list_state_nests_the_phase_level() {
        assert_eq!(
            list_state(2, 3, Some(list_state(0, 2, None))),
            "2;0;0;true,true,true;0\\;0\\;0\\;true,true"
        );
    }
}
