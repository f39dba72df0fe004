//! Schema of maps: hex grids with text layers, or areas with adjacency.

use crate::load::schema::Spanned;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

/// `[[map]]`: a hex map (has `[map.hex]`) or an area map (has `[[map.area]]`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Map {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Title (required, but for a map that amends another).
    pub title: Option<String>,
    /// This entry amends the area map of the same id that an earlier file defines (a
    /// board the game `use`s): its `[[map.area]]`s and `[[map.route]]`s are added, its
    /// `[[map.change]]`s applied in order, and a `title`, `size` or `image` it gives
    /// replaces the base's.
    #[serde(default)]
    pub amend: bool,
    /// Changes to the board this entry amends, in order.
    #[serde(default)]
    pub change: Vec<Change>,
    /// Hex geometry and printed numbering.
    pub hex: Option<Spanned<HexGrid>>,
    /// Dominant terrain of every hex.
    pub terrain: Option<Layer>,
    /// Country of every hex.
    pub country: Option<Layer>,
    /// Set-up region of every hex (each value becomes a hex set).
    pub region: Option<Layer>,
    /// Extra terrain features in hexes.
    #[serde(default)]
    pub feature: Vec<Feature>,
    /// Named places (cities, fortresses).
    #[serde(default)]
    pub place: Vec<Place>,
    /// Hexside features (rivers, straits).
    #[serde(default)]
    pub hexside: Vec<HexsideLine>,
    /// Rail lines.
    #[serde(default)]
    pub rail: Vec<Rail>,
    /// Named map edges.
    #[serde(default)]
    pub edge: Vec<Edge>,
    /// Named hex sets.
    #[serde(default)]
    pub hex_set: Vec<HexSet>,
    /// Areas of an area map.
    #[serde(default)]
    pub area: Vec<Area>,
    /// Movement routes between areas that do not share a border.
    #[serde(default)]
    pub route: Vec<Route>,
    /// Area maps: what the picture draws outside every area (land and water off the board,
    /// lakes), written by `sandtable geo`.
    #[serde(default)]
    pub off_board: Vec<OffBoard>,
    /// Size of an area map's picture in pixels `[width, height]`.
    pub size: Option<Spanned<[u32; 2]>>,
    /// Designer-supplied map image instead of the generated one.
    pub image: Option<Spanned<String>>,
    /// How a generated area map is drawn: `cells` (each area a region bordering its
    /// neighbours, the default) or `network` (a point-to-point map: each area a box at its
    /// `position`, each pair of adjacent areas joined by a road, for games of towns and the
    /// roads between them).
    #[serde(default)]
    #[schemars(schema_with = "super::words::area_drawing")]
    #[schemars(extend("default" = "cells"))]
    pub drawing: Option<Spanned<String>>,
    /// Where a generated hex map prints its title and legend.
    pub cartouche: Option<Spanned<Cartouche>>,
    /// The real geography the map is laid from (`sandtable geo`): a hex map's layers, or an
    /// area map's outlines and names (`geo --write-adjacency` also drafts the moves of the
    /// areas that declare none from the borders the outlines share).
    pub geography: Option<Spanned<super::geography::Geography>>,
}

/// `[map.cartouche]`: the title and legend box of a generated hex map.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Cartouche {
    /// `auto` (the emptiest place along the map's border when one covers no land hex nor
    /// place, else below the map), a corner inside the map (`top-left`, `top-right`,
    /// `bottom-left`, `bottom-right`), `below` the map, or `off`.
    #[serde(default)]
    #[schemars(schema_with = "super::words::cartouche_position")]
    #[schemars(extend("default" = "auto"))]
    pub position: Option<Spanned<String>>,
    /// Whether the legend is printed under the titles (a title alone when `false`).
    #[serde(default = "yes")]
    #[schemars(extend("default" = true))]
    pub legend: bool,
}

/// `[map.hex]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HexGrid {
    /// `columns` (flat-topped hexes in vertical columns) or `rows` (pointy-topped, in rows).
    #[schemars(schema_with = "super::words::orientation")]
    pub orientation: Spanned<String>,
    /// Number of columns.
    #[schemars(range(min = 1, max = 2000))]
    pub columns: Spanned<u32>,
    /// Number of rows.
    #[schemars(range(min = 1, max = 2000))]
    pub rows: Spanned<u32>,
    /// Which columns (or rows), counted from 0 at the top left, sit half a hex lower (to the
    /// right): `odd` (VASSAL's) or `even`. See the hex layout page.
    #[serde(default)]
    #[schemars(schema_with = "super::words::shift")]
    #[schemars(extend("default" = "odd"))]
    pub shifted: Option<Spanned<String>>,
    /// How hexes are numbered on the printed map.
    pub numbering: Spanned<Numbering>,
    /// On a supplied map `image`: where the centre of the top-left hex lies on the picture
    /// (were its column not shifted), `[x, y]` in pixels (VASSAL's `x0`, `y0`). With `spacing`; without them the grid is
    /// laid at the game's `[art] hex-size` inside a margin, as on a generated map.
    pub origin: Option<Spanned<[f64; 2]>>,
    /// On a supplied map `image`: the distance between the centres of two neighbouring
    /// columns (rows) and between two hexes of one column (row), `[across, along]` in
    /// pixels (VASSAL's `dx`, `dy`); hexes need not be regular. With `origin`.
    pub spacing: Option<Spanned<[f64; 2]>>,
}

/// `[map.hex.numbering]`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Numbering {
    /// `column-row` (`0507` = column 5, row 7) or `row-column`.
    #[schemars(schema_with = "super::words::numbering_pattern")]
    pub pattern: Spanned<String>,
    /// Number printed on the first column.
    #[serde(default = "one")]
    pub first_column: i64,
    /// Number printed on the first row.
    #[serde(default = "one")]
    pub first_row: i64,
    /// Digits of each part, zero padded.
    #[serde(default = "two")]
    pub digits: u32,
    /// Rows of shifted columns are numbered one higher (VASSAL's stagger).
    #[serde(default)]
    pub stagger: bool,
}

fn one() -> i64 {
    1
}
fn two() -> u32 {
    2
}

/// A text layer: one character per hex, one line per row, decoded by a legend.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Layer {
    /// Character → identifier (`""` = nothing).
    pub legend: Spanned<IndexMap<Spanned<String>, Spanned<String>>>,
    /// The rows, top row first.
    pub rows: Spanned<String>,
}

/// `[[map.feature]]`: an additional terrain feature in one hex.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Feature {
    /// Hex number as printed.
    pub hex: Spanned<String>,
    /// Terrain id.
    pub terrain: Spanned<String>,
}

/// `[[map.place]]`: a named place.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Place {
    /// Hex number (hex maps).
    pub hex: Option<Spanned<String>>,
    /// Area id (area maps).
    pub area: Option<Spanned<String>>,
    /// Name printed on the map.
    pub name: Spanned<String>,
    /// A terrain id of kind `feature`, e.g. `major-city`.
    pub kind: Spanned<String>,
    /// Free tags used by rules (`capital`, `black-sea-coast`, `port`).
    #[serde(default)]
    pub tags: Vec<String>,
}

/// `[[map.hexside]]`: a chain of hexsides of one kind.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HexsideLine {
    /// Hexside terrain id.
    pub kind: Spanned<String>,
    /// Name, e.g. `Dnieper`.
    #[serde(default)]
    pub name: String,
    /// Each entry `AAAA/BBBB`: the side between two adjacent hexes.
    pub sides: Vec<Spanned<String>>,
}

/// `[[map.rail]]`: a rail line as a path of adjacent hexes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rail {
    /// Name as players read it (on charts and in the module).
    #[serde(default)]
    pub name: String,
    /// Hexes in order.
    pub hexes: Vec<Spanned<String>>,
}

/// `[[map.edge]]`: a named map edge.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Edge {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name, e.g. `West edge`.
    pub name: String,
    /// `west`, `east`, `north` or `south`: the land hexes along that border of the grid.
    #[serde(default)]
    #[schemars(schema_with = "super::words::border")]
    pub along: Option<Spanned<String>>,
    /// Or an explicit list of hexes.
    #[serde(default)]
    pub hexes: Vec<Spanned<String>>,
}

/// `[[map.hex-set]]`: a named set of hexes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HexSet {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name as players read it (on charts and in the module).
    pub name: String,
    /// The hexes (or area ids on an area map).
    #[serde(default)]
    pub hexes: Vec<Spanned<String>>,
    /// Other hex sets, regions, countries or map edges whose hexes this set also holds.
    #[serde(default)]
    pub include: Vec<Spanned<String>>,
    /// Draw the set on a hex map as a line of this colour (`#rrggbb`) joining every two
    /// adjacent hexes of it centre to centre (a pipeline, a road), named in the legend.
    #[serde(default)]
    #[schemars(schema_with = "super::words::colour")]
    pub line: Option<Spanned<String>>,
}

/// `[[map.change]]`: one change a variant makes to the board it amends, as DPjudge's
/// variant maps do. Exactly one of `remove`, `rename`, `set`, `connect` and `disconnect`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Change {
    /// Remove this area, and every move and border to it.
    pub remove: Option<Spanned<String>>,
    /// Rename this area: give `to` (a new id) and/or `name`; the old id stays an alias.
    pub rename: Option<Spanned<String>>,
    /// Change these keys of this area: `terrain`, `supply-centre`, `name`, `aliases`.
    pub set: Option<Spanned<String>>,
    /// Let units move between these two locations (`kinds` says which).
    pub connect: Option<Spanned<Vec<Spanned<String>>>>,
    /// Stop units moving between these two locations (all kinds unless `kinds` says).
    pub disconnect: Option<Spanned<Vec<Spanned<String>>>>,
    /// With `connect` and `disconnect`: `army`, `fleet`.
    #[serde(default)]
    #[schemars(schema_with = "super::words::unit_kinds")]
    pub kinds: Vec<Spanned<String>>,
    /// With `rename`: the new id.
    pub to: Option<Spanned<String>>,
    /// With `rename` or `set`: the new name.
    pub name: Option<String>,
    /// With `rename` or `set`: names orders may use, added to the area's.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// With `set`: the new terrain.
    pub terrain: Option<Spanned<String>>,
    /// With `set`: whether it is a supply centre.
    pub supply_centre: Option<bool>,
}

/// `[[map.area]]`: an area of an area map.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Area {
    /// Identifier: the short name other sections and the command line use for it; unique
    /// among its kind.
    pub id: Spanned<String>,
    /// Name printed on the map.
    pub name: String,
    /// Terrain id (urban, rural, remote, foreign, sea, …).
    pub terrain: Spanned<String>,
    /// Country id.
    pub country: Option<Spanned<String>>,
    /// Points per side id, printed e.g. `3/2`.
    #[serde(default)]
    pub points: IndexMap<Spanned<String>, i64>,
    /// Number of one-unit boxes inside the area (infrastructure boxes).
    #[serde(default)]
    pub boxes: u32,
    /// Whether the area has an Open area for any number of units.
    #[serde(default = "yes")]
    pub open: bool,
    /// Areas sharing a border. Adjacency works both ways: listing it on one of the two
    /// areas is enough.
    #[serde(default)]
    pub adjacent: Vec<Spanned<String>>,
    /// Area this one lies inside (Athens in Viotia).
    pub within: Option<Spanned<String>>,
    /// Sides that may enter (empty = all).
    #[serde(default)]
    pub only: Vec<Spanned<String>>,
    /// Centre on the generated map picture, `[x, y]` pixels.
    pub position: Option<Spanned<[f64; 2]>>,
    /// Outline polygon in pixels, when not derived.
    #[serde(default)]
    pub outline: Vec<[f64; 2]>,
    /// Whether it is a supply centre.
    #[serde(default)]
    pub supply_centre: bool,
    /// Other names orders may use for it (`"spain"`; the id and the name are always
    /// understood).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Province boards: the areas an army here may move to. Moves go both ways, so a move
    /// listed on either area is enough; writing every neighbour on both reads best.
    #[serde(default)]
    pub army: Vec<Spanned<String>>,
    /// Province boards: the areas a fleet here may move to (name the coast of a province
    /// that has several: `spa/nc`). A province with fleet moves, or a sea, holds fleets.
    #[serde(default)]
    pub fleet: Vec<Spanned<String>>,
    /// Province boards: the coasts of a province whose shores a fleet cannot sail between
    /// (Spain's north and south coasts). A fleet there stands on one coast, and moves from it.
    #[serde(default)]
    pub coast: Vec<Coast>,
}

/// `[[map.off-board]]`: a piece of an area map's picture outside every area, written by
/// `sandtable geo`: land or water off the board, drawn apart from the playable areas, or a
/// lake, drawn over the area it lies in.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OffBoard {
    /// `land`, `water` or `lake`.
    #[schemars(schema_with = "super::words::off_board_kind")]
    pub kind: Spanned<String>,
    /// Its outline, in pixels.
    pub outline: Vec<[f64; 2]>,
}

/// `[[map.area.coast]]`: one coast of a split-coast province.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Coast {
    /// Identifier within the province (`nc`): the location is `spa/nc`.
    pub id: Spanned<String>,
    /// Name (`north coast`): the location reads `Spain (north coast)`.
    pub name: String,
    /// The locations a fleet on this coast may move to.
    #[serde(default)]
    pub fleet: Vec<Spanned<String>>,
    /// Where a fleet on this coast stands on the picture, `[x, y]` pixels (else beside the
    /// province's position, towards the first sea it reaches). `sandtable geo` writes it
    /// when it is not given, and keeps one that is.
    pub position: Option<Spanned<[f64; 2]>>,
}

fn yes() -> bool {
    true
}

/// `[[map.route]]`: a printed movement arrow between two areas that do not share a border
/// (a sea lane, a bridge, a road through a pass). Units move along it both ways; `check`
/// warns of a route between areas already adjacent.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Route {
    /// The area the arrow starts from (an area id of this map).
    pub from: Spanned<String>,
    /// The area it points to (an area id of this map).
    pub to: Spanned<String>,
    /// What kind of movement it carries, as printed in the legend, e.g. `sea`, `road`.
    #[serde(default)]
    pub kind: String,
    /// Unit types that may use it (empty = all).
    #[serde(default)]
    pub units: Vec<Spanned<String>>,
}
