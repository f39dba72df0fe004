//! Schema of optional rules: `[[option]]` declarations, which data marks as its own with
//! `option = "ID"` and which a scenario (`options = [...]`) or a player turns on.

use crate::load::schema::Spanned;
use schemars::JsonSchema;
use serde::Deserialize;

/// `[[option]]`: an optional rule players may agree to play. Counters, placements, pool
/// entries, tracks and charts that exist only under it say `option = "ID"`; they are left
/// out of the game unless the option is on (its `default`, a scenario's `options`, or the
/// player's `--option ID`). A rule that changes no data is declared all the same: its text
/// is what the players read.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameOption {
    /// Identifier, e.g. `lend-lease`.
    pub id: Spanned<String>,
    /// Name as the rules give it, e.g. `Lend-Lease`.
    pub name: String,
    /// The rule's number in the rules, e.g. `33.0`.
    pub rule: Option<String>,
    /// What the rule does, for the players (in the module's help page).
    #[serde(default)]
    pub description: String,
    /// On unless turned off: `false` (the default) means a player or a scenario turns it on.
    #[serde(default)]
    pub default: bool,
}
