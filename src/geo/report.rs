//! The report of a map laid from geography: every decision that was not plain — a hex
//! decided by a majority of its points or claimed by a `min-share`, a country given or
//! forced, a place made land or moved, a river snapped to hexsides, a rail line that skips a
//! stop, a province piece left out or joined to a neighbour, a name moved inside its
//! outline, adjacency the outlines contradict, and an override applied — with the words
//! `sandtable geo` prints for each.

use super::*;

/// A decision the report lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Adjustment {
    /// The land points of a hex lay in several terrains; the priority or the most decided.
    Majority {
        /// Hex number.
        hex: String,
        /// The terrain chosen.
        terrain: String,
        /// How many of the hex's points lay in it, of how many (its land points, under a
        /// priority).
        votes: (usize, usize),
    },
    /// A region or lake with `min-share` claimed a hex it covers enough of.
    MinShare {
        /// Hex number.
        hex: String,
        /// The terrain it took.
        terrain: String,
        /// The region's or lake's name.
        region: String,
        /// The share of the hex's points in it.
        share: f64,
    },
    /// Land outside every country of the data took its neighbours' country.
    CountryFromNeighbours {
        /// Hex number.
        hex: String,
        /// The country.
        country: String,
    },
    /// A place's hex took the country the place lies in.
    CountryOfPlace {
        /// Hex number.
        hex: String,
        /// The place.
        place: String,
        /// The country.
        country: String,
    },
    /// A place's hex was mostly water but enough of it land: it became land.
    MadeLand {
        /// Hex number.
        hex: String,
        /// The place.
        place: String,
        /// The share of the hex that is land.
        land: f64,
    },
    /// A place moved to the nearest free land hex.
    PlaceMoved {
        /// The place.
        place: String,
        /// Where its point lies.
        from: String,
        /// Where it went.
        to: String,
        /// Why.
        why: String,
    },
    /// A river's course became hexsides; the farthest side used lies this far from it.
    RiverSnapped {
        /// The river.
        river: String,
        /// Hexsides used.
        hexsides: usize,
        /// Largest distance from a used hexside's middle to the course, in km.
        max_km: f64,
    },
    /// A rail line skipped a stop.
    RailGap {
        /// The line.
        rail: String,
        /// The stop.
        stop: String,
        /// Why.
        why: String,
    },
    /// A province has no land (or sea) of its own: its seed's share is taken by others.
    NoShape {
        /// The area.
        area: String,
    },
    /// A piece of a province's share holding none of its seeds, which no neighbour of its
    /// kind borders: it is drawn off the board.
    PieceLeftOut {
        /// The area.
        area: String,
        /// The piece's size in km².
        km2: f64,
        /// A point inside it, `[latitude, longitude]` to a tenth of a degree.
        at: [f64; 2],
    },
    /// A piece of a province apart from the rest is drawn as part of the neighbour it
    /// borders most.
    PieceJoined {
        /// The area the piece was cut for.
        area: String,
        /// The piece's size in km².
        km2: f64,
        /// A point inside it, `[latitude, longitude]` to a tenth of a degree.
        at: [f64; 2],
        /// The area it is drawn with.
        to: String,
    },
    /// A province's seed lies outside its drawn outline; its name goes inside.
    LabelMoved {
        /// The area.
        area: String,
        /// Where the name goes, in pixels.
        to: [f64; 2],
    },
    /// Outlines that share a border where the areas declare none, or the reverse.
    Adjacency {
        /// One area.
        a: String,
        /// The other.
        b: String,
        /// Whether the outlines touch (and the declaration is missing), or not (and the
        /// declaration has no border to stand on).
        outlines_touch: bool,
        /// The crossing that makes the border, when it is one (`Strait of Messina`, or the
        /// crossing's two ids when it has no name): a border drawn across water.
        #[serde(skip_serializing_if = "Option::is_none")]
        crossing: Option<String>,
    },
    /// A crossing between areas whose outlines share a border anyway.
    NeedlessCrossing {
        /// One area.
        a: String,
        /// The other.
        b: String,
        /// The crossing's name, when it has one.
        name: Option<String>,
    },
    /// A hex was forced by `[[map.geography.hex]]`.
    Override {
        /// Hex number.
        hex: String,
        /// What was forced.
        what: String,
        /// The designer's reason.
        why: Option<String>,
    },
}

impl std::fmt::Display for Adjustment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Adjustment::Majority {
                hex,
                terrain,
                votes,
            } => write!(
                f,
                "hex {hex}: {terrain} by {} of {} points",
                votes.0, votes.1
            ),
            Adjustment::MinShare {
                hex,
                terrain,
                region,
                share,
            } => write!(
                f,
                "hex {hex}: {terrain}, {region} covers {:.0}% of it",
                share * 100.0
            ),
            Adjustment::CountryFromNeighbours { hex, country } => write!(
                f,
                "hex {hex}: land outside every country of the data, given its neighbours' {country}"
            ),
            Adjustment::CountryOfPlace {
                hex,
                place,
                country,
            } => write!(f, "hex {hex}: {country}, the country `{place}` lies in"),
            Adjustment::MadeLand { hex, place, land } => write!(
                f,
                "hex {hex}: made land for `{place}` ({:.0}% of it is land)",
                land * 100.0
            ),
            Adjustment::PlaceMoved {
                place,
                from,
                to,
                why,
            } => write!(f, "place `{place}` moved from {from} to {to}: {why}"),
            Adjustment::RiverSnapped {
                river,
                hexsides,
                max_km,
            } => write!(
                f,
                "river `{river}`: {hexsides} hexsides, at most {max_km} km from its course"
            ),
            Adjustment::RailGap { rail, stop, why } => {
                write!(f, "rail line `{rail}` skips `{stop}`: {why}")
            }
            Adjustment::NoShape { area } => write!(
                f,
                "area `{area}` has no land or sea of its own; move its seed or give it an outline"
            ),
            Adjustment::PieceLeftOut { area, km2, at } => {
                write!(
                    f,
                    "area `{area}`: a piece of {km2} km² apart from the rest, at [{}, {}], is drawn off the board",
                    at[0], at[1]
                )
            }
            Adjustment::PieceJoined { area, km2, at, to } => write!(
                f,
                "area `{area}`: a piece of {km2} km² apart from the rest, at [{}, {}], is drawn with `{to}`",
                at[0], at[1]
            ),
            Adjustment::LabelMoved { area, to } => write!(
                f,
                "area `{area}`: its seed is outside its outline; the name goes at [{}, {}]",
                to[0], to[1]
            ),
            Adjustment::Adjacency {
                a,
                b,
                outlines_touch: true,
                crossing: Some(crossing),
            } => write!(
                f,
                "areas `{a}` and `{b}` are joined by the crossing `{crossing}` but are not declared adjacent: add the move across it"
            ),
            Adjustment::Adjacency {
                a,
                b,
                outlines_touch: true,
                crossing: None,
            } => write!(
                f,
                "areas `{a}` and `{b}` share a border but are not declared adjacent"
            ),
            Adjustment::Adjacency {
                a,
                b,
                outlines_touch: false,
                ..
            } => write!(
                f,
                "areas `{a}` and `{b}` are declared adjacent but their outlines do not touch"
            ),
            Adjustment::NeedlessCrossing { a, b, name } => {
                write!(f, "the crossing ")?;
                if let Some(name) = name {
                    write!(f, "`{name}` ")?;
                }
                write!(
                    f,
                    "between `{a}` and `{b}` is needless: their outlines share a border"
                )
            }
            Adjustment::Override { hex, what, why } => {
                write!(f, "hex {hex}: {what} by override")?;
                match why {
                    Some(w) => write!(f, " ({w})"),
                    None => Ok(()),
                }
            }
        }
    }
}
