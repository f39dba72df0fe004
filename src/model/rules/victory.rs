//! Victory: the conditions a side wins by, victory points for places held, and levels of
//! victory.

use super::*;

/// Victory points for each controlled place of a kind (`[[rules.victory-points]]`).
#[derive(Debug, Clone, Serialize)]
pub struct VictoryPoints {
    /// Rule text.
    pub name: String,
    /// Side scoring.
    pub side: SideId,
    /// Points per place.
    pub points: i64,
    /// Hexes with these terrains or features count.
    pub terrain: Vec<TerrainId>,
    /// Places with these names or tags count.
    pub places: Vec<String>,
    /// Only places first held by these sides (`None`: no side, a neutral); empty: any.
    pub owners: Vec<Option<SideId>>,
    /// Only places in these countries; empty: any.
    pub countries: Vec<CountryId>,
    /// Not places in these countries.
    pub except_countries: Vec<CountryId>,
    /// Not these places (names or tags).
    pub except_places: Vec<String>,
}

/// A victory condition.
#[derive(Debug, Clone, Serialize)]
pub struct Victory {
    /// Identifier.
    pub id: String,
    /// Name.
    pub name: String,
    /// Winner.
    pub side: SideId,
    /// Checked after this side's player turn.
    pub checked_after: Option<SideId>,
    /// Places (map, place index) to occupy.
    pub occupy_all: Vec<(MapId, usize)>,
    /// Units that count.
    pub units: Selector,
    /// Track comparison (winner's track, opponent's track, lead).
    pub track_lead: Option<(TrackId, TrackId, i64)>,
    /// Number of supply centres or areas to control.
    pub control_count: Option<u32>,
    /// Places the side must all control.
    pub control_all: Option<PlaceFilter>,
    /// Track ratio (winner's track, opponent's track, factor).
    pub track_ratio: Option<(TrackId, TrackId, u32)>,
    /// Checked only on turns whose number is a multiple of this.
    pub every: Option<u32>,
    /// Checks running it must hold at (1 = this one alone).
    pub running: u32,
    /// Won by having more units than every other side (checked when the calendar ends).
    pub most_units: bool,
    /// Judged only at the end of the game (`at = "end"`, or implied by `otherwise`).
    pub at_end: bool,
    /// The default result: won at the end when no other condition is met.
    pub otherwise: bool,
    /// The side's victory points lead every other side's by at least this.
    pub points_lead: Option<u32>,
}

impl Victory {
    /// When the condition is judged, in words to follow its text (empty when it is judged
    /// whenever its checks come round).
    pub fn timing(&self) -> &'static str {
        if self.otherwise {
            " (at the end of the game, when no other condition is met)"
        } else if self.at_end {
            " (at the end of the game)"
        } else {
            ""
        }
    }
}

/// One level of victory.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryBand {
    /// Lowest lead.
    pub min: i64,
    /// Highest lead (`None`: no limit).
    pub max: Option<i64>,
    /// Name.
    pub name: String,
}

/// What levels of victory compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LevelsBy {
    /// Two tracks.
    Tracks(TrackId, TrackId),
    /// The sides' victory points.
    VictoryPoints,
}

/// Levels of victory.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryLevels {
    /// The tracks compared, or victory points.
    pub between: LevelsBy,
    /// Bands, by increasing lead.
    pub bands: Vec<VictoryBand>,
}

/// Whether turn `turn` (an index into the calendar) is one of every `every` turns: its
/// number, counting the calendar's first turn as 1, is a multiple of `every`.
pub fn turn_is_every(turn: TurnId, every: u32) -> bool {
    every > 0 && (turn as u64 + 1).is_multiple_of(every as u64)
}
