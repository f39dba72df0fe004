//! Schema of victory: the conditions (`[[rules.victory]]`) with their track tests, victory
//! points (`[[rules.victory-points]]`) and levels of victory (`[rules.victory-levels]`).

use super::*;

/// `[[rules.victory-points]]`: points for each controlled place of a kind.
///
/// ```toml
/// [[rules.victory-points]]
/// name = "Allied and neutral mobilization hexes"
/// side = "axis"
/// points = 2
/// terrain = ["mobilization"]       # features or terrains of the hex (or `places`: tags)
/// owners = ["allies", "neutral"]   # who held it at the start (`neutral`: no side)
/// countries = []                   # only in these countries (empty: anywhere)
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VictoryPoints {
    /// Rule as players say it.
    pub name: String,
    /// The side scoring.
    pub side: Spanned<String>,
    /// Points per place (negative: a loss).
    pub points: i64,
    /// Hexes with one of these terrains or features count.
    #[serde(default)]
    pub terrain: Vec<Spanned<String>>,
    /// Places with one of these names or tags count.
    #[serde(default)]
    pub places: Vec<Spanned<String>>,
    /// Only places held at the start by one of these sides (`neutral`: by no side), as
    /// `[[country]]`'s `controlled-by` and `[[rules.control.start]]` say; empty: any.
    #[serde(default)]
    pub owners: Vec<Spanned<String>>,
    /// Only places in these countries; empty: any.
    #[serde(default)]
    pub countries: Vec<Spanned<String>>,
    /// Not places in these countries.
    #[serde(default)]
    pub except_countries: Vec<Spanned<String>>,
    /// Not these places (names or tags), e.g. an island port.
    #[serde(default)]
    pub except_places: Vec<Spanned<String>>,
}

/// `[[rules.victory]]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Victory {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// Side that wins.
    pub side: Spanned<String>,
    /// Checked at the end of this side's player turn.
    pub checked_after: Option<Spanned<String>>,
    /// Places (names) that must all be occupied by the side's units.
    #[serde(default)]
    pub occupy_all: Vec<Spanned<String>>,
    /// Units that count for occupying.
    #[serde(default)]
    pub units: Selector,
    /// Tracks compared: the side wins if its track exceeds the other's by this margin.
    pub track_lead: Option<TrackLead>,
    /// Number of supply centres or areas to control.
    pub control_count: Option<u32>,
    /// Places the side must all control (sudden death: every mobilization hex outside
    /// one's own country).
    pub control_all: Option<PlaceFilter>,
    /// Tracks compared by ratio: the side wins if its track is at least `times` the other.
    pub track_ratio: Option<TrackRatio>,
    /// Checked only on turns whose number (the calendar's first turn is 1) is a multiple of
    /// this, e.g. `5` for a Victory Check every fifth turn.
    pub every: Option<u32>,
    /// The side wins when it has more units on the board than every other side (pieces of
    /// `[rules.fractions]` not counted); checked when the calendar ends, or on the turns of
    /// `every`.
    #[serde(default)]
    pub most_units: bool,
    /// Checks running the condition must hold at to win (default 1). A set of positions
    /// shows only the present, so with 2 or more the helpers report the condition as met
    /// at this check, winning if it held at the previous ones too.
    pub running: Option<Spanned<u32>>,
    /// `end`: judged only at the end of the game, once the calendar's last turn is played
    /// (a condition without `at` or `every` is a sudden death, checked at any time).
    #[serde(default)]
    #[schemars(schema_with = "crate::load::schema::words::victory_moment")]
    pub at: Option<Spanned<String>>,
    /// The default result: the side wins at the end of the game when no other condition
    /// has been met. It tests nothing of its own (one per game; `at = "end"` is implied).
    #[serde(default)]
    pub otherwise: bool,
    /// The side's victory points (`[[rules.victory-points]]`) exceed every other side's by
    /// at least this many (`1`: more points than anyone).
    pub points_lead: Option<Spanned<u32>>,
}

/// A win by comparing two tracks.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TrackLead {
    /// The winner's track.
    pub track: Spanned<String>,
    /// The opponent's track.
    pub over: Spanned<String>,
    /// Minimum lead.
    #[serde(default)]
    pub by: i64,
}

/// A win by the ratio of two tracks: `track` ≥ `times` × `over`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TrackRatio {
    /// The winner's track.
    pub track: Spanned<String>,
    /// The opponent's track.
    pub over: Spanned<String>,
    /// The factor, at least 1.
    pub times: Spanned<u32>,
}

/// `[rules.victory-levels]`: how big a win is, by the lead of one track over the other, or
/// (`by = "victory-points"`) of one side's victory points over the other's.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VictoryLevels {
    /// The two tracks compared (the higher one leads).
    #[serde(default)]
    pub between: Option<Spanned<Vec<Spanned<String>>>>,
    /// `victory-points`: the sides' totals of `[[rules.victory-points]]` are compared.
    pub by: Option<Spanned<String>>,
    /// Bands of the lead, e.g. `{ lead = "0-25", name = "Draw" }`; the last may be open
    /// (`"76+"`).
    pub band: Vec<VictoryBand>,
}

/// One level of victory.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct VictoryBand {
    /// The lead: `"26-50"`, `"76+"` or a single number.
    pub lead: Spanned<String>,
    /// Name, e.g. `Marginal victory`.
    pub name: String,
}
