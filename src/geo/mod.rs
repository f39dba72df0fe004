//! Maps from geography: a hex map's `[map.geography]` (projection, hex size, an anchor, and
//! layers in latitude and longitude) turned into the map's ordinary definitions — the terrain
//! and country layers, places, river hexsides and rail lines — with a report of every
//! decision that was not plain (a hex decided by a majority of its points, a place moved to
//! keep one per hex, a river snapped to hexsides, an override applied).
//!
//! `sandtable geo` runs [`compute`] and writes the result into the map's own file
//! ([`write`]); `check` then verifies it like any hand-written map. Polygons are `geo`'s.
//!
//! This file holds what the geography gives a map and the two entry points, [`compute`] (a
//! hex map) and [`compute_areas`] (an area map, laid in `provinces/`), which put the steps
//! together. The checks both kinds of map share are in `checks.rs`, a hex map's in
//! `hex_checks.rs` and an area map's in `area_checks.rs`; a hex map's regions and lakes are
//! built in `regions.rs`, its layers decided in `layers.rs`, the designer's overrides applied
//! in `overrides.rs`, its places put in `places.rs`, and its straits, rivers and rail lines
//! laid in `lines.rs`. The report's decisions are in `report.rs`. Natural Earth as read and
//! the cuts that do not depend on a province board's seed points are kept between runs by
//! `cache.rs`.

mod area_checks;
mod cache;
mod checks;
pub mod coverage;
pub mod grid;
mod hex_checks;
mod layers;
mod lines;
pub mod natural_earth;
mod overrides;
mod places;
pub mod projection;
pub mod provinces;
mod queue;
mod rail;
mod regions;
mod report;
mod river;
pub mod write;

use std::collections::{BTreeMap, BTreeSet};

use crate::load::schema::Spanned;
use serde::Serialize;

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::schema::geography::{Geography, LatLon};
use crate::load::schema::Map;
use crate::load::source::FileId;
use crate::model::{HexCoord, HexGeometry};
use area_checks::{check_area_map, CheckedAreaMap};
use checks::{
    check_countries, check_outline, check_point, no_lake, projection_of, section, valid_point,
};
use coverage::Coverage;
use grid::KmGrid;
use hex_checks::{check_hex_map, CheckedHexMap};
use lines::{lay_rails, lay_rivers, lay_straits};
use natural_earth::Atlas;
use overrides::apply_overrides;
use places::{nearest_hex, place};
use projection::Projection;
use regions::{layer_lakes, layer_regions, near_the_map};
pub use report::Adjustment;

/// A point in projected kilometres (east, north).
type Km = (f64, f64);

/// What the geography gives a map.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Computed {
    /// The map's id.
    pub map: String,
    /// Terrain id of every hex, in the grid's index order.
    pub terrain: Vec<String>,
    /// Country id of every hex (`None`: no country), when the geography has countries.
    pub country: Option<Vec<Option<String>>>,
    /// Places: (name, kind, hex number, tags).
    pub places: Vec<ComputedPlace>,
    /// River hexsides per line: (kind, name, `AAAA/BBBB` sides in course order).
    pub hexsides: Vec<ComputedLine>,
    /// Rail lines as hex numbers in order.
    pub rails: Vec<ComputedLine>,
    /// An area map's areas, and its picture's size.
    pub areas: Vec<provinces::ComputedArea>,
    /// The size of an area map's picture, in pixels.
    pub size: Option<[u32; 2]>,
    /// Where each of an area map's crossings given a `line` is drawn, in pixels, in the
    /// order of `[[map.geography.crossing]]` (`None`: drawn across the closest points).
    pub crossings: Vec<Option<[[f64; 2]; 2]>>,
    /// What an area map's picture draws outside its areas: land and water off the board,
    /// and lakes.
    pub off_board: Vec<provinces::OffBoard>,
    /// A draft adjacency for an area map's areas that declare no move and no neighbour,
    /// from the borders their outlines share (written with `geo --write-adjacency`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub draft: Vec<provinces::DraftMoves>,
    /// Every decision worth a look.
    pub report: Vec<Adjustment>,
    /// Warnings located in the map's file (a province drawn much larger or smaller than
    /// its seeds' share).
    #[serde(skip)]
    pub warnings: Diagnostics,
    /// The Natural Earth data the map used, cut to its extent.
    #[serde(skip)]
    pub natural_earth: Option<Atlas>,
}

/// A place as computed.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedPlace {
    /// Name.
    pub name: String,
    /// Feature terrain id.
    pub kind: String,
    /// Hex number.
    pub hex: String,
    /// Tags.
    pub tags: Vec<String>,
}

/// A river (hexsides) or rail line (hexes) as computed.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedLine {
    /// Name.
    pub name: String,
    /// Hexside terrain id, for a river.
    pub kind: Option<String>,
    /// `AAAA/BBBB` hexsides (rivers) or hex numbers (rails), in course order.
    pub items: Vec<String>,
}

/// Split coasts by (map, area, coast) id.
pub type CoastIds = BTreeSet<(String, String, String)>;

/// Ids the game defines, which the geography may name.
#[derive(Debug, Clone, Default)]
pub struct KnownIds {
    /// Terrain ids (land, water and feature).
    pub terrain: BTreeSet<String>,
    /// Country ids.
    pub country: BTreeSet<String>,
    /// Hexside terrain ids.
    pub hexside: BTreeSet<String>,
    /// The terrain ids that are water.
    pub water: BTreeSet<String>,
    /// The game's counter size (`[art] counter-size`), when it gives one: a province
    /// board's boxes are a counter wide.
    pub counter_size: Option<u32>,
    /// The split coasts (map, area, coast) whose fleet box `position` `geo` placed itself
    /// (marked [`write::PLACED_BY_GEO`]): placed again on every run, so that they follow a
    /// change of projection, extent or width; any other written position is kept.
    pub placed_coasts: CoastIds,
}

impl KnownIds {
    /// The ids a loaded game's files define.
    pub fn of(loaded: &crate::load::Loaded) -> Self {
        let mut known = Self::default();
        for (file, f) in &loaded.files {
            if !f.map.is_empty() {
                known
                    .placed_coasts
                    .extend(write::coasts_placed_by_geo(loaded.sources.text(*file)));
            }
            for t in &f.terrain {
                known.terrain.insert(t.id.get_ref().clone());
                if t.kind.get_ref() == "water" {
                    known.water.insert(t.id.get_ref().clone());
                }
            }
            known
                .country
                .extend(f.country.iter().map(|c| c.id.get_ref().clone()));
            known
                .hexside
                .extend(f.hexside_terrain.iter().map(|h| h.id.get_ref().clone()));
            if let Some(c) = f
                .art
                .as_ref()
                .and_then(|a| a.get_ref().counter_size.as_ref())
            {
                known.counter_size = Some(*c.get_ref());
            }
        }
        known
    }
}

/// Compute what a map's geography gives it; errors are located in `file`.
pub fn compute(
    file: FileId,
    map: &Map,
    geometry: &HexGeometry,
    known: &KnownIds,
    atlas: Option<&Atlas>,
) -> Result<Computed, Diagnostics> {
    let geo = section(file, map)?;
    let g = geo.get_ref();
    let checked = check_hex_map(file, geo, geometry, known, atlas)?;
    let (grid, projection) = placed_grid(file, g, geometry, &checked)?;
    let m = HexMap {
        file,
        geography: g,
        geometry,
        grid: &grid,
        projection: &projection,
    };
    let mut diags = Diagnostics::default();
    let mut out = Computed {
        map: map.id.get_ref().clone(),
        ..Computed::default()
    };
    // Natural Earth near the map only, indexed: every point test then looks at a short coast.
    let clipped = atlas.map(|a| near_the_map(a, &grid, geometry, &projection));
    let atlas = clipped.as_ref();
    let land = atlas.map(|a| Coverage::new(&a.land));
    let countries: BTreeMap<&str, Coverage> = atlas
        .map(|a| {
            a.countries
                .iter()
                .map(|(k, v)| (k.as_str(), Coverage::new(v)))
                .collect()
        })
        .unwrap_or_default();
    let terrain_regions = layer_regions(&m, &g.terrain, true, &countries, known);
    let country_regions = layer_regions(&m, &g.country, false, &countries, known);
    let lakes = layer_lakes(&m, atlas, checked.lake_default, &mut diags);
    if diags.has_errors() {
        return Err(diags);
    }
    let rules = layers::Rules {
        default_terrain: checked.default_terrain.get_ref(),
        sea: checked.sea.map(|s| s.get_ref().as_str()),
        priority: checked
            .priority
            .as_deref()
            .map(|p| (p, g.terrain_share.as_ref().map_or(0.4, |s| *s.get_ref()))),
    };
    let mut laid = layers::lay(
        &grid,
        &projection,
        land.as_ref(),
        &countries.values().cloned().collect::<Vec<_>>(),
        &terrain_regions,
        &country_regions,
        &lakes,
        &rules,
        &mut out.report,
    );
    apply_overrides(&m, known, &mut laid, &mut out.report, &mut diags);
    let place_hex = place(
        &m,
        checked.default_terrain,
        &country_regions,
        &mut laid,
        &mut out,
        &mut diags,
    );
    lay_straits(&m, &mut out, &mut diags);
    lay_rivers(&m, &laid, &mut out, &mut diags);
    lay_rails(&m, &laid, &place_hex, &mut out, &mut diags);
    if diags.has_errors() {
        return Err(diags);
    }
    out.terrain = laid.terrain;
    if !country_regions.is_empty() {
        out.country = Some(laid.country);
    }
    out.natural_earth = clipped;
    Ok(out)
}

/// A hex map being laid, as every step after its checks reads it: its geography, its grid
/// placed on the globe and the projection that places it; errors are located in `file`.
struct HexMap<'a> {
    file: FileId,
    geography: &'a Geography,
    geometry: &'a HexGeometry,
    grid: &'a KmGrid,
    projection: &'a projection::Pinned,
}

impl HexMap<'_> {
    /// Points in degrees, in projected kilometres.
    fn project(&self, pts: &[LatLon]) -> Vec<Km> {
        pts.iter()
            .map(|[lat, lon]| self.projection.project(*lat, *lon))
            .collect()
    }
}

/// The grid placed on the globe: the anchor hex's centre where the anchor's point projects
/// (moved by its offset), and the projection bent so that each pin's point falls at its
/// hex's centre.
fn placed_grid(
    file: FileId,
    g: &Geography,
    geometry: &HexGeometry,
    checked: &CheckedHexMap,
) -> Result<(KmGrid, projection::Pinned), Diagnostics> {
    let CheckedHexMap {
        across,
        anchor,
        anchor_at,
        projection,
        ref pins,
        ..
    } = *checked;
    let mut diags = Diagnostics::default();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let [alat, alon] = *anchor_at.get_ref().at.get_ref();
    let (mut ax, mut ay) = projection.project(alat, alon);
    if let Some(off) = &anchor_at.get_ref().offset_km {
        ax += off.get_ref()[0];
        ay += off.get_ref()[1];
    }
    let grid = KmGrid::new(geometry.clone(), across, anchor, (ax, ay));
    let projection = if pins.is_empty() {
        projection::Pinned::from(projection)
    } else {
        // The anchor's point stays where the anchor puts it; each pin goes to its centre.
        let mut targets = vec![((alat, alon), projection.project(alat, alon))];
        targets.extend(
            pins.iter()
                .map(|(c, [lat, lon], _)| ((*lat, *lon), grid.centre(*c))),
        );
        match projection::Pinned::new(projection, &targets) {
            Some(p) => p,
            None => {
                diags.push(
                    Diagnostic::error(
                        "bad-geometry",
                        "the pins and the anchor lie on one line: they fix no bending of the map",
                    )
                    .at(at(g.pin[0].hex.span()))
                    .hint("pin at least two points off the line through the anchor"),
                );
                return Err(diags);
            }
        }
    };
    Ok((grid, projection))
}

/// Compute an area map's outlines from its geography; errors are located in `file`.
pub fn compute_areas(
    file: FileId,
    map: &Map,
    known: &KnownIds,
    atlas: Option<&Atlas>,
) -> Result<Computed, Diagnostics> {
    let geo = section(file, map)?;
    let g = geo.get_ref();
    let CheckedAreaMap {
        projection,
        extent,
        width,
    } = check_area_map(file, geo, map, atlas)?;
    let mut diags = Diagnostics::default();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let [sw, ne] = *extent.get_ref();
    let Some(picture) = provinces::Picture::new(&projection, [sw, ne], *width.get_ref()) else {
        diags.push(
            Diagnostic::error(
                "bad-geometry",
                "the extent gives no picture under this projection",
            )
            .at(at(extent.span())),
        );
        return Err(diags);
    };
    // A degree around the extent, or half a degree beyond what the picture shows where
    // that reaches farther (a conic's corners lie beyond the extent's parallels).
    let [[south, west], [north, east]] = picture.bounds(&projection);
    let beyond = |a: f64, b: f64, low: bool| match (low, b < a, b > a) {
        (true, true, _) => b - 0.5,
        (false, _, true) => b + 0.5,
        _ => a,
    };
    let (west, south) = (
        beyond(sw[1] - 1.0, west, true),
        beyond(sw[0] - 1.0, south, true),
    );
    let (east, north) = (
        beyond(ne[1] + 1.0, east, false),
        beyond(ne[0] + 1.0, north, false),
    );
    let clipped = atlas.map(|a| a.clipped(west, south, east, north));
    let whole_land = Atlas {
        land: geo::MultiPolygon::new(vec![
            geo::Rect::new((west, south), (east, north)).to_polygon()
        ]),
        countries: BTreeMap::new(),
        lakes: Vec::new(),
        covers: None,
    };
    let mut out = Computed {
        map: map.id.get_ref().clone(),
        ..Computed::default()
    };
    let laid = provinces::lay(
        g,
        map,
        &projection,
        &picture,
        clipped.as_ref().unwrap_or(&whole_land),
        (&|t| known.water.contains(t), &known.placed_coasts),
        provinces::Boxes::of(known.counter_size.unwrap_or(60)),
        &mut out.report,
        (file, &mut out.warnings),
    );
    let areas = laid.areas;
    out.off_board = laid.off_board;
    let (differences, needless, implied) =
        provinces::compare_adjacency(map, g, &areas, picture.size);
    out.draft = provinces::draft_adjacency(map, &implied, &|t| known.water.contains(t));
    for (a, b, outlines_touch) in differences {
        // A border the outlines do not draw but a crossing does: say so, since the report
        // line would otherwise read as a border of the coast.
        let crossing = g
            .crossing
            .iter()
            .find(|c| {
                let [x, y] = c.between.get_ref();
                let (x, y) = (x.get_ref(), y.get_ref());
                (*x == a && *y == b) || (*x == b && *y == a)
            })
            .filter(|_| outlines_touch)
            .map(|c| {
                c.name
                    .as_ref()
                    .map_or_else(|| format!("{a}–{b}"), |n| n.get_ref().clone())
            });
        out.report.push(Adjustment::Adjacency {
            a,
            b,
            outlines_touch,
            crossing,
        });
    }
    for (a, b, name) in needless {
        out.report.push(Adjustment::NeedlessCrossing { a, b, name });
    }
    out.crossings = g
        .crossing
        .iter()
        .map(|c| {
            c.line.as_ref().map(|l| {
                let [p, q] = *l.get_ref();
                [
                    picture.px(projection.project(p[0], p[1])),
                    picture.px(projection.project(q[0], q[1])),
                ]
            })
        })
        .collect();
    out.size = Some(picture.size);
    out.areas = areas;
    out.natural_earth = clipped;
    Ok(out)
}
