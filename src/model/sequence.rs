//! The sequence of play of one game turn: the phases of the whole turn, each played once,
//! and the player turns, whose phases every side plays in turn, one side after the other
//! (in the game's player order, or the First Player then the Second Player when a phase
//! decides the initiative anew each turn). The turn tracker, the sequence of play chart and
//! the published rules all read it from here, so that they show the same steps.

use serde::Serialize;

use super::{Game, PhaseId, SideId};

/// Index of a player turn in [`Game::player_turns`].
pub type PlayerTurnId = usize;

/// Phases each side plays in turn (`[[player-turn]]`).
#[derive(Debug, Clone, Serialize)]
pub struct PlayerTurn {
    /// Identifier.
    pub id: String,
    /// Name, e.g. `Player Turn` or `First Impulse`.
    pub name: String,
    /// Its phases, in order (consecutive in [`Game::phases`]).
    pub phases: Vec<PhaseId>,
}

/// Who plays a step of the sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    /// Every side: a phase of the whole turn (or of written orders, played at once).
    Everyone,
    /// One side, in the game's player order.
    Side(SideId),
    /// The player of that rank this turn, as the initiative decided: 0 is the First Player.
    Rank(usize),
}

/// One part of the sequence as the rules print it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A phase of the whole turn, played once.
    Phase(PhaseId),
    /// A player turn: its phases, played by each player in turn.
    PlayerTurn(PlayerTurnId),
}

/// One step of a game turn: a phase and who plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The phase.
    pub phase: PhaseId,
    /// Who plays it.
    pub player: Player,
}

/// `First Player`, `Second Player`, … for the player of rank `rank` (0 first).
pub fn rank_name(rank: usize) -> String {
    const ORDINALS: &[&str] = &[
        "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth",
        "Tenth",
    ];
    match ORDINALS.get(rank) {
        Some(o) => format!("{o} Player"),
        None => format!("Player {}", rank + 1),
    }
}

impl Game {
    /// The player turn a phase belongs to, if any.
    pub fn player_turn_of(&self, phase: PhaseId) -> Option<PlayerTurnId> {
        self.player_turns
            .iter()
            .position(|t| t.phases.contains(&phase))
    }

    /// The sequence of one game turn as the rules print it: each phase of the whole turn
    /// once and each player turn once, where its first phase stands.
    pub fn sequence(&self) -> Vec<Part> {
        let mut out = Vec::new();
        for p in 0..self.phases.len() {
            match self.player_turn_of(p) {
                Some(t) => {
                    if !out.contains(&Part::PlayerTurn(t)) {
                        out.push(Part::PlayerTurn(t));
                    }
                }
                None => out.push(Part::Phase(p)),
            }
        }
        out
    }

    /// Who plays each player turn, in order: the sides in player order, or the First
    /// Player, the Second Player… when a phase decides the initiative.
    pub fn players(&self) -> Vec<Player> {
        if self.initiative.is_some() {
            (0..self.sides.len()).map(Player::Rank).collect()
        } else {
            self.player_order.iter().map(|&s| Player::Side(s)).collect()
        }
    }

    /// Every step of one game turn, in order: a phase of the whole turn once (by its side
    /// when it has one), the phases of a player turn once for each player (a phase of one
    /// side in that side's player turn only).
    pub fn steps(&self) -> Vec<Step> {
        let players = self.players();
        let mut out = Vec::new();
        for part in self.sequence() {
            match part {
                Part::Phase(phase) => out.push(Step {
                    phase,
                    player: self.phases[phase]
                        .side
                        .map_or(Player::Everyone, Player::Side),
                }),
                Part::PlayerTurn(t) => {
                    for &player in &players {
                        out.extend(
                            self.player_turns[t]
                                .phases
                                .iter()
                                .filter(|&&phase| match (self.phases[phase].side, player) {
                                    (Some(own), Player::Side(s)) => own == s,
                                    _ => true,
                                })
                                .map(|&phase| Step { phase, player }),
                        );
                    }
                }
            }
        }
        out
    }

    /// What players call `player`: a side's name, `First Player`, or nothing for everyone.
    pub fn player_name(&self, player: Player) -> String {
        match player {
            Player::Everyone => String::new(),
            Player::Side(s) => self.sides[s].name.clone(),
            Player::Rank(r) => rank_name(r),
        }
    }

    /// A phase's name where it may be taken for another: with its player turn's name
    /// when the game has several (`First Impulse: Movement Phase`), else its own.
    pub fn phase_title(&self, phase: PhaseId) -> String {
        let name = &self.phases[phase].name;
        match self.player_turn_of(phase) {
            Some(t) if self.player_turns.len() > 1 => {
                format!("{}: {name}", self.player_turns[t].name)
            }
            _ => name.clone(),
        }
    }

    /// A step as the turn tracker shows it: `Axis Combat Phase`, `First Player First
    /// Impulse: Movement Phase`, or the phase's name alone for a phase of the whole turn.
    pub fn step_label(&self, step: Step) -> String {
        let phase = self.phase_title(step.phase);
        match step.player {
            Player::Everyone => phase,
            who => format!("{} {phase}", self.player_name(who)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{build, corridor, BASE};

    const PHASES: &str = r#"
[[phase]]
id = "weather"
name = "Weather Phase"

[[phase]]
id = "move"
name = "Movement Phase"

[[phase]]
id = "combat"
name = "Combat Phase"

[[phase]]
id = "end"
name = "Turn End Phase"
"#;

    /// The base game with the phases above (and `extra` after them).
    fn game(extra: &str) -> Game {
        game_with(PHASES, extra)
    }

    /// The base game with `phases` for its own (and `extra` after them).
    fn game_with(phases: &str, extra: &str) -> Game {
        let base = BASE.replace(
            "[[phase]]\nid = \"move\"\nname = \"Movement\"\n",
            &format!("{phases}\n{extra}\n"),
        );
        assert_ne!(base, BASE, "the base game's phase is replaced");
        build(&[("game.toml", &base), ("map.toml", &corridor(""))])
    }

    fn labels(g: &Game) -> Vec<String> {
        g.steps().into_iter().map(|s| g.step_label(s)).collect()
    }

    #[test]
    fn without_player_turns_every_phase_is_each_sides_in_player_order() {
        let g = game("");
        assert_eq!(g.player_turns.len(), 1);
        assert_eq!(g.sequence(), vec![Part::PlayerTurn(0)]);
        let l = labels(&g);
        assert_eq!(l.len(), 8);
        assert_eq!(l[0], "Axis Weather Phase");
        assert_eq!(l[4], "Soviet Weather Phase");
    }

    #[test]
    fn a_player_turn_is_played_by_each_side_and_the_other_phases_once() {
        let g = game(
            "[[player-turn]]\nid = \"pt\"\nname = \"Player Turn\"\nphases = [\"move\", \"combat\"]",
        );
        assert_eq!(
            g.sequence(),
            vec![Part::Phase(0), Part::PlayerTurn(0), Part::Phase(3)]
        );
        assert_eq!(
            labels(&g),
            [
                "Weather Phase",
                "Axis Movement Phase",
                "Axis Combat Phase",
                "Soviet Movement Phase",
                "Soviet Combat Phase",
                "Turn End Phase",
            ]
        );
    }

    #[test]
    fn a_phase_of_one_side_is_played_in_its_player_turn_only_or_once_by_it() {
        let phases = PHASES
            .replace(
                "name = \"Combat Phase\"",
                "name = \"Partisan Phase\"\nside = \"soviet\"",
            )
            .replace(
                "name = \"Turn End Phase\"",
                "name = \"Turn End Phase\"\nside = \"axis\"",
            );
        let g = game_with(
            &phases,
            "[[player-turn]]\nid = \"pt\"\nname = \"Player Turn\"\nphases = [\"move\", \"combat\"]",
        );
        assert_eq!(
            labels(&g),
            [
                "Weather Phase",
                "Axis Movement Phase",
                "Soviet Movement Phase",
                "Soviet Partisan Phase",
                "Axis Turn End Phase",
            ]
        );
    }

    #[test]
    fn after_an_initiative_phase_the_first_and_second_player_take_the_player_turns() {
        let impulses = "[[player-turn]]\nid = \"one\"\nname = \"First Impulse\"\n\
                        phases = [\"move\"]\n\n[[player-turn]]\nid = \"two\"\n\
                        name = \"Second Impulse\"\nphases = [\"combat\"]";
        let g = game(impulses);
        assert_eq!(g.initiative, None);
        assert_eq!(labels(&g)[1], "Axis First Impulse: Movement Phase");
        let phases = PHASES.replace(
            "name = \"Weather Phase\"",
            "name = \"Weather Phase\"\ninitiative = true",
        );
        let g = game_with(&phases, impulses);
        assert_eq!(g.initiative, Some(0));
        assert_eq!(
            labels(&g),
            [
                "Weather Phase",
                "First Player First Impulse: Movement Phase",
                "Second Player First Impulse: Movement Phase",
                "First Player Second Impulse: Combat Phase",
                "Second Player Second Impulse: Combat Phase",
                "Turn End Phase",
            ]
        );
        assert_eq!(rank_name(11), "Player 12");
    }
}
