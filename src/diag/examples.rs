//! Worked examples of the diagnostics a newcomer meets first, for `sandtable explain`: one
//! small mistake made in the tutorial's finished game (`docs/src/tutorial/game/step-08`),
//! the line before and after, and what `check` then says.
//!
//! The examples are kept true by a test (`tests/suite/explain.rs`): it makes each mistake in
//! a copy of that game and requires `check` to report the code in that file with this very
//! message and hint.

/// One mistake and what `check` says of it.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// The code `check` reports.
    pub code: &'static str,
    /// The file of the tutorial's game the mistake is made in.
    pub file: &'static str,
    /// The text as the game has it (its first occurrence is changed).
    pub before: &'static str,
    /// The text with the mistake.
    pub after: &'static str,
    /// What `check` says: the message.
    pub message: &'static str,
    /// And the hint.
    pub hint: Option<&'static str>,
}

/// Where the examples' game is, from the repository's root.
pub const GAME: &str = "docs/src/tutorial/game/step-08";

/// Every worked example, by code.
pub const EXAMPLES: &[Example] = &[
    Example {
        code: "bad-colour",
        file: "game.toml",
        before: "colour = \"#c03030\"",
        after: "colour = \"red\"",
        message: "`red` is not a colour",
        hint: Some("write colours as `#rrggbb`, e.g. `#7d8b6a`"),
    },
    Example {
        code: "counter-mix",
        file: "scenarios.toml",
        before: "counters = [\"w-3\"]",
        after: "counters = [\"w-1\"]",
        message: "scenario `the-crossing` uses counter `w-1` 2 times, the counter mix has 1",
        hint: Some(
            "used at 0404, 0408; raise `count` on the counter if the game really has more, or remove a use",
        ),
    },
    Example {
        code: "missing-key",
        file: "counters.toml",
        before: "name = \"Westrian Tank Battalion\"\nclass = \"wes-tank\"\n",
        after: "name = \"Westrian Tank Battalion\"\n",
        message: "`[[counter]]` lacks the key `class`",
        hint: Some("add `class = …` to this table"),
    },
    Example {
        code: "no-such-location",
        file: "scenarios.toml",
        before: "at = \"0603\"",
        after: "at = \"0613\"",
        message: "`0613` is not a hex, area or place of any map",
        hint: Some("write a hex number from 0101 to 1010 or a place name"),
    },
    Example {
        code: "out-of-range",
        file: "scenarios.toml",
        before: "tracks = { game-turn = 1 }",
        after: "tracks = { game-turn = 12 }",
        message: "track `game-turn` starts at 12 outside its range 1–6",
        hint: None,
    },
    Example {
        code: "stacking",
        file: "scenarios.toml",
        before: "at = \"0404\"",
        after: "at = \"0406\"",
        message: "3 units in 0406 break the stacking limit `two units per hex` (at most 2)",
        hint: Some(
            "scenario `the-crossing` stacks w-1, w-2, w-art there; the rule counts w-1, w-2, w-art",
        ),
    },
    Example {
        code: "syntax",
        file: "counters.toml",
        before: "designation = \"Art\"",
        after: "designation = \"Art",
        message: "not TOML: invalid basic string, expected `\"`",
        hint: Some("see https://toml.io for the syntax; the file may be truncated"),
    },
    Example {
        code: "unknown-key",
        file: "counters.toml",
        before: "designation = \"I/7\"",
        after: "desgination = \"I/7\"",
        message: "unknown key `desgination` in `[[counter]]`",
        hint: Some("did you mean `designation`?"),
    },
    Example {
        code: "unknown-reference",
        file: "scenarios.toml",
        before: "counters = [\"w-2\", \"w-art\"]",
        after: "counters = [\"w-2\", \"w-atr\"]",
        message: "unknown counter `w-atr`",
        hint: Some("did you mean `w-art`?"),
    },
    Example {
        code: "unknown-section",
        file: "game.toml",
        before: "[[side]]\nid = \"east\"",
        after: "[[sides]]\nid = \"east\"",
        message: "unknown section [[sides]]",
        hint: Some("did you mean `[[side]]`?"),
    },
    Example {
        code: "unknown-value",
        file: "rules.toml",
        before: "default = \"adjacent\"",
        after: "default = \"adjacant\"",
        message: "unknown zone of control `adjacant`",
        hint: Some("use `adjacent`, `own` or `none`"),
    },
    Example {
        code: "wrong-type",
        file: "counters.toml",
        before: "factors = { attack = 4, defence = 4, movement = 3 }",
        after: "factors = { attack = \"4\", defence = 4, movement = 3 }",
        message: "`factors.attack` should be a whole number, not the text \"4\"",
        hint: Some(
            "the language reference of the designer's book (`docs/src/reference/`) gives what each key takes",
        ),
    },
];

/// The worked example of a code, if it has one.
pub fn example(code: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::catalogue;

    #[test]
    fn every_example_is_of_a_catalogued_code_and_makes_a_change() {
        for e in EXAMPLES {
            assert!(catalogue::find(e.code).is_some(), "{}", e.code);
            assert_ne!(e.before, e.after, "{}", e.code);
        }
        let codes: Vec<&str> = EXAMPLES.iter().map(|e| e.code).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(codes, sorted, "one example per code, in alphabetical order");
    }
}
