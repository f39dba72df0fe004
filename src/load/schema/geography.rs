//! `[map.geography]`: a map described by its real geography, in latitude and longitude.
//! For a hex map `sandtable geo` computes the terrain and country layers, places, river
//! hexsides and rail lines; for an area map, each area's outline on the picture (land from
//! the coast, divided among the provinces' seed points or given outlines), land the board
//! adds where Natural Earth has water, land drawn that is in no province, and the straits
//! two provinces border across.

use crate::load::schema::Spanned;
use schemars::JsonSchema;
use serde::Deserialize;

/// A point as `[latitude, longitude]` in degrees (north and east positive).
pub type LatLon = [f64; 2];

/// `[map.geography]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Geography {
    /// How the globe is flattened.
    pub projection: Spanned<Projection>,
    /// Hex maps: distance between the centres of two neighbouring hexes, in kilometres
    /// (the width across the flats).
    pub hex_km: Option<Spanned<f64>>,
    /// Hex maps: where the grid lies, the hex whose centre is at a point.
    pub anchor: Option<Spanned<Anchor>>,
    /// Hex maps: terrain of a land hex no region covers.
    pub default_terrain: Option<Spanned<String>>,
    /// Area maps: the south-west and north-east corners of what the picture shows.
    pub extent: Option<Spanned<[LatLon; 2]>>,
    /// Area maps: the picture's width in pixels (its height follows from the extent).
    pub width_px: Option<Spanned<u32>>,
    /// Area maps: where each area is.
    #[serde(default)]
    pub province: Vec<Province>,
    /// Area maps: land the picture draws where Natural Earth has water (a strait too narrow
    /// for the board's scale, which a province spans); it is divided among the provinces
    /// like the rest of the land.
    #[serde(default)]
    pub land: Vec<Patch>,
    /// Area maps: land and water drawn off the board, in no province (the coast beyond the
    /// board's play, a gulf no sea of the board holds). Land on which no province has a
    /// seed (an island) is off the board too.
    #[serde(default)]
    pub unplayable: Vec<Patch>,
    /// Area maps: straits two provinces border across without sharing a border on the
    /// picture (`[[map.geography.crossing]]`), drawn as a line across the water.
    #[serde(default)]
    pub crossing: Vec<Crossing>,
    /// How a land hex's terrain is chosen when regions overlap it: the first terrain of
    /// this list that covers at least `terrain-share` of its land points, else the default.
    /// Without it, the region painted last at each point wins and the most points decide.
    pub terrain_priority: Option<Spanned<Vec<Spanned<String>>>>,
    /// The share of a hex's land points a terrain of `terrain-priority` needs (0.4 when
    /// not given).
    pub terrain_share: Option<Spanned<f64>>,
    /// The coast from Natural Earth: what is off its land takes the `sea` terrain.
    pub natural_earth: Option<Spanned<NaturalEarth>>,
    /// Terrain regions, painted in order (a later region covers an earlier one).
    #[serde(default)]
    pub terrain: Vec<Region>,
    /// Country regions, painted in order; a hex no region covers belongs to no country.
    #[serde(default)]
    pub country: Vec<Region>,
    /// Natural Earth lakes, each picked by a point inside it: on a hex map the hexes it
    /// covers take its terrain; on an area map it is drawn over the province it lies in.
    #[serde(default)]
    pub lake: Vec<Lake>,
    /// Rivers, canals and other lines that run along hexsides.
    #[serde(default)]
    pub river: Vec<Line>,
    /// Straits and other crossings: the hexside between two points' hexes.
    #[serde(default)]
    pub strait: Vec<Strait>,
    /// Rail lines, which run through hexes.
    #[serde(default)]
    pub rail: Vec<Line>,
    /// Cities, ports and other named places.
    #[serde(default)]
    pub place: Vec<GeoPlace>,
    /// Named points a rail line may stop at that are not places (junctions).
    #[serde(default)]
    pub junction: Vec<Junction>,
    /// How much a rail line's route avoids a terrain: extra cost per hex entered, in hexes
    /// (`{ mountain = 0.6, swamp = 0.4 }`).
    #[serde(default)]
    pub rail_detour: std::collections::BTreeMap<String, Spanned<f64>>,
    /// Hex maps: points a printed map puts in given hexes (`1809` Brussels). The map is
    /// bent so that each lands on its hex's centre (a thin-plate spline through the pins
    /// and the anchor); without pins it is laid by the projection alone.
    #[serde(default)]
    pub pin: Vec<Pin>,
    /// Per-hex decisions that override the geography.
    #[serde(default)]
    pub hex: Vec<Override>,
}

impl Geography {
    /// The keys only a hex map's geography may have that this one gives, each with where
    /// it is written (the first entry of a list).
    pub fn hex_map_keys(&self) -> Vec<(&'static str, std::ops::Range<usize>)> {
        let first_override = self.hex.iter().find_map(|o| {
            o.hex
                .as_ref()
                .map(Spanned::span)
                .or(o.hexes.as_ref().map(Spanned::span))
        });
        [
            ("hex-km", self.hex_km.as_ref().map(Spanned::span)),
            ("anchor", self.anchor.as_ref().map(Spanned::span)),
            ("pin", self.pin.first().map(|p| p.hex.span())),
            (
                "default-terrain",
                self.default_terrain.as_ref().map(Spanned::span),
            ),
            ("terrain", self.terrain.first().map(|r| r.id.span())),
            ("country", self.country.first().map(|r| r.id.span())),
            ("river", self.river.first().map(|r| r.name.span())),
            ("strait", self.strait.first().map(|r| r.name.span())),
            ("rail", self.rail.first().map(|r| r.name.span())),
            ("place", self.place.first().map(|r| r.name.span())),
            ("junction", self.junction.first().map(|r| r.name.span())),
            (
                "terrain-priority",
                self.terrain_priority.as_ref().map(Spanned::span),
            ),
            (
                "terrain-share",
                self.terrain_share.as_ref().map(Spanned::span),
            ),
            (
                "rail-detour",
                self.rail_detour.values().next().map(Spanned::span),
            ),
            ("hex", first_override),
        ]
        .into_iter()
        .filter_map(|(k, s)| s.map(|s| (k, s)))
        .collect()
    }

    /// The keys only an area map's geography may have that this one gives, each with
    /// where it is written (the first entry of a list).
    pub fn area_map_keys(&self) -> Vec<(&'static str, std::ops::Range<usize>)> {
        [
            ("extent", self.extent.as_ref().map(Spanned::span)),
            ("width-px", self.width_px.as_ref().map(Spanned::span)),
            ("province", self.province.first().map(|p| p.area.span())),
            ("land", self.land.first().map(|p| p.name.span())),
            ("unplayable", self.unplayable.first().map(|p| p.name.span())),
            ("crossing", self.crossing.first().map(|c| c.between.span())),
        ]
        .into_iter()
        .filter_map(|(k, s)| s.map(|s| (k, s)))
        .collect()
    }
}

/// `projection = { kind = "lambert-conformal-conic", parallels = [47, 57], centre = [52, 32] }`
/// or `{ kind = "equirectangular", centre = [lat, lon] }`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Projection {
    /// `lambert-conformal-conic` or `equirectangular`.
    #[schemars(schema_with = "super::words::projection")]
    pub kind: Spanned<String>,
    /// The two standard parallels of a conic projection, in degrees.
    pub parallels: Option<Spanned<[f64; 2]>>,
    /// The point at the origin of the projection.
    pub centre: Spanned<LatLon>,
}

/// `anchor = { hex = "0203", at = [52.52, 13.40], offset-km = [-40, 0] }`: the centre of
/// `hex` lies at `at` moved by `offset-km` (east, north).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Anchor {
    /// A hex number as printed.
    pub hex: Spanned<String>,
    /// The point.
    pub at: Spanned<LatLon>,
    /// A shift of the grid from the point, east and north, in kilometres.
    pub offset_km: Option<Spanned<[f64; 2]>>,
}

/// `[map.geography.natural-earth]`: `scale = "10m"` (or `50m`, `110m`), `sea = "sea"`,
/// `lake = "lake"` and optionally `data = "natural-earth"`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct NaturalEarth {
    /// Natural Earth's scale; `10m` when not given.
    pub scale: Option<Spanned<String>>,
    /// The terrain of everything off Natural Earth's land; it covers every region.
    pub sea: Option<Spanned<String>>,
    /// The terrain of a `[[map.geography.lake]]` that names none.
    pub lake: Option<Spanned<String>>,
    /// A folder of the game holding the data (`land-<scale>.json`, `countries-<scale>.json`,
    /// TopoJSON or GeoJSON, as `sandtable geo --keep-natural-earth` writes it) instead of
    /// the package fetched from npm.
    pub data: Option<Spanned<String>>,
}

/// A region: a terrain or country id and where it is — an outline, countries as Natural
/// Earth names them, or a band along a line.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Region {
    /// The terrain (in `terrain`) or country (in `country`) id.
    pub id: Spanned<String>,
    /// What the designer calls it (`Pripet Marshes`), for the report.
    pub name: Option<String>,
    /// The outline, as `[lat, lon]` points (closed implicitly).
    pub outline: Option<Spanned<Vec<LatLon>>>,
    /// Natural Earth countries (`["Poland", "Lithuania"]`) whose land the region is.
    pub natural_earth: Option<Spanned<Vec<String>>>,
    /// A line (a ridge, a valley) the region lies along, as `[lat, lon]` points; with
    /// `within-km`.
    pub along: Option<Spanned<Vec<LatLon>>>,
    /// How far the region reaches on each side of `along`, in km.
    pub within_km: Option<Spanned<f64>>,
    /// Natural Earth countries the outline or band is limited to (a 1941 border drawn
    /// only where it cuts a modern country).
    pub inside: Option<Spanned<Vec<String>>>,
    /// A hex with at least this share of its points in the region takes it, whatever the
    /// majority or the priority says (a narrow lake, a thin ridge).
    pub min_share: Option<Spanned<f64>>,
}

/// `[[map.geography.province]]`: an area of an area map, by a seed point (the land or sea
/// nearer to it than to any other province's seed is its), or by an outline or Natural Earth
/// countries.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Province {
    /// The `[[map.area]]` id.
    pub area: Spanned<String>,
    /// The seed point; also where its name is printed.
    pub at: Spanned<LatLon>,
    /// More seed points: the province is the land (or sea) nearer to any of its points than
    /// to another province's. Every piece of that share holding a seed is drawn (an island
    /// with a seed is drawn with its province); a piece holding none goes to the neighbour
    /// it borders most, else off the board.
    pub seeds: Option<Spanned<Vec<LatLon>>>,
    /// An outline, as `[lat, lon]` points, instead of the seed's share.
    pub outline: Option<Spanned<Vec<LatLon>>>,
    /// Natural Earth countries, instead of the seed's share.
    pub natural_earth: Option<Spanned<Vec<String>>>,
    /// Natural Earth countries the outline is limited to.
    pub inside: Option<Spanned<Vec<String>>>,
}

/// `[[map.geography.land]]` and `[[map.geography.unplayable]]`: a piece of the picture by
/// an outline or Natural Earth countries.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Patch {
    /// What it is (`Bosporus`, `Libya and Egypt`), for the report.
    pub name: Spanned<String>,
    /// The outline, as `[lat, lon]` points (closed implicitly).
    pub outline: Option<Spanned<Vec<LatLon>>>,
    /// Natural Earth countries (`["Libya", "Egypt"]`).
    pub natural_earth: Option<Spanned<Vec<String>>>,
    /// Natural Earth countries the outline is limited to.
    pub inside: Option<Spanned<Vec<String>>>,
}

/// `[[map.geography.crossing]]`: two provinces of an area map that border across water, as
/// a printed Diplomacy board draws a strait both armies and fleets cross (Gibraltar,
/// Andalucia–Morocco, where the seas on either side meet too):
///
/// ```toml
/// [[map.geography.crossing]]
/// between = ["adl", "mor"]
/// name = "Strait of Gibraltar"
/// ```
///
/// The map draws a short line with an arrowhead at each end across the water, from one
/// province into the other, and the comparison of the drawn borders with the adjacency
/// (`check`, `sandtable geo`) counts the two as bordering. The two must be adjacent in the
/// board's data (an army's or fleet's move, or `adjacent`), else it is an error; a crossing
/// between provinces whose outlines already share a border is needless (a warning).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Crossing {
    /// The two `[[map.area]]` ids.
    pub between: Spanned<[Spanned<String>; 2]>,
    /// What the strait is called (`Strait of Gibraltar`), for messages.
    pub name: Option<Spanned<String>>,
    /// Where the line is drawn, `[[lat, lon], [lat, lon]]`: a point in the first province
    /// and one in the second. Without it the line runs across the gap between the closest
    /// points of the two outlines, reaching a little into each.
    pub line: Option<Spanned<[LatLon; 2]>>,
    /// `line` on the picture, `[[x, y], [x, y]]` in pixels: written by `sandtable geo`.
    pub line_px: Option<Spanned<[[f64; 2]; 2]>>,
}

/// `[[map.geography.lake]]`: a Natural Earth lake, picked by a point inside it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Lake {
    /// What the designer calls it (`Ladoga`), for the report.
    pub name: Spanned<String>,
    /// A point inside the lake.
    pub at: Spanned<LatLon>,
    /// The terrain it is (a lagoon may be `sea`); `natural-earth.lake` when not given.
    pub terrain: Option<Spanned<String>>,
    /// A hex with at least this share of its points in the lake is the lake's terrain even
    /// when it is mostly land.
    pub min_share: Option<Spanned<f64>>,
}

/// `[[map.geography.strait]]`: the hexside between the hexes of two points on either shore.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Strait {
    /// Name (`Straits of Kerch`).
    pub name: Spanned<String>,
    /// The hexside terrain id (`strait`).
    pub kind: Spanned<String>,
    /// A point on each shore.
    pub between: Spanned<[LatLon; 2]>,
}

/// `[[map.geography.junction]]`: a named point a rail line stops at.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Junction {
    /// Name, as a rail line's `stops` give it.
    pub name: Spanned<String>,
    /// Where it is.
    pub at: Spanned<LatLon>,
}

/// A line: a river's hexside terrain, or a rail line's name.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Line {
    /// The name printed or reported (`Dnieper`, `Moscow–Leningrad`).
    pub name: Spanned<String>,
    /// For a river: the hexside terrain id (`river`, `canal`).
    pub kind: Option<Spanned<String>>,
    /// The course, as `[lat, lon]` points.
    pub line: Option<Spanned<Vec<LatLon>>>,
    /// For a rail line: the places and junctions it runs through, by name, in order.
    pub stops: Option<Spanned<Vec<Spanned<String>>>>,
}

/// A named place at a point.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GeoPlace {
    /// Name as players read it (on charts and in the module).
    pub name: Spanned<String>,
    /// The feature terrain id (`city`, `major-city`, `port`).
    pub kind: Spanned<String>,
    /// Where it is.
    pub at: Spanned<LatLon>,
    /// Tags rules select places by (`capital`, `port`).
    #[serde(default)]
    pub tags: Vec<String>,
}

/// `[[map.geography.pin]]`: `hex = "2222"`, `at = [35.9, 14.45]`, `name = "Malta"`: the
/// printed map puts this point in this hex.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Pin {
    /// A hex number as printed.
    pub hex: Spanned<String>,
    /// The point.
    pub at: Spanned<LatLon>,
    /// What it is (`Malta`), for the report and messages.
    pub name: Option<Spanned<String>>,
}

/// `[[map.geography.hex]]`: force the terrain or country of a hex (`hex`) or of several
/// (`hexes`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Override {
    /// A hex number as printed.
    pub hex: Option<Spanned<String>>,
    /// Several hexes that take the same decision (the hexes beyond a printed map's cut
    /// edge, where its sheet holds displays: `terrain = "off-map"`).
    pub hexes: Option<Spanned<Vec<Spanned<String>>>>,
    /// The terrain it has whatever the regions say.
    pub terrain: Option<Spanned<String>>,
    /// The country it belongs to (`""` for none).
    pub country: Option<Spanned<String>>,
    /// Why (kept for the report).
    pub why: Option<String>,
}
