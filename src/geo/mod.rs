//! Maps from geography: a hex map's `[map.geography]` (projection, hex size, an anchor, and
//! layers in latitude and longitude) turned into the map's ordinary definitions — the terrain
//! and country layers, places, river hexsides and rail lines — with a report of every
//! decision that was not plain (a hex decided by a majority of its points, a place moved to
//! keep one per hex, a river snapped to hexsides, an override applied).
//!
//! `sandtable geo` runs [`compute`] and writes the result into the map's own file
//! ([`write`]); `check` then verifies it like any hand-written map. Polygons are `geo`'s.

pub mod grid;
pub mod natural_earth;
pub mod projection;
pub mod write;

use std::collections::{BTreeMap, BTreeSet};

use geo::{Contains, LineString, MultiPolygon, Point, Polygon};
use serde::Serialize;
use toml::Spanned;

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::schema::geography::{Geography, LatLon};
use crate::load::schema::Map;
use crate::load::source::FileId;
use crate::model::{HexCoord, HexGeometry};
use grid::KmGrid;
use natural_earth::Atlas;
use projection::Projection;

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
    /// Every decision worth a look.
    pub report: Vec<Adjustment>,
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

/// A decision the report lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Adjustment {
    /// The points of a hex lay in several terrains; the most took it.
    Majority {
        /// Hex number.
        hex: String,
        /// The terrain chosen.
        terrain: String,
        /// How many of the hex's points lay in it, of how many.
        votes: (usize, usize),
    },
    /// Two places fell in one hex; the later one moved to a free neighbour.
    PlaceMoved {
        /// The place.
        place: String,
        /// Where its point lies.
        from: String,
        /// Where it went.
        to: String,
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

/// Ids the game defines, which the geography may name.
#[derive(Debug, Clone, Default)]
pub struct KnownIds {
    /// Terrain ids (land, water and feature).
    pub terrain: BTreeSet<String>,
    /// Country ids.
    pub country: BTreeSet<String>,
    /// Hexside terrain ids.
    pub hexside: BTreeSet<String>,
}

/// Compute what a map's geography gives it; errors are located in `file`.
pub fn compute(
    file: FileId,
    map: &Map,
    geometry: &HexGeometry,
    known: &KnownIds,
    atlas: Option<&Atlas>,
) -> Result<Computed, Diagnostics> {
    let mut diags = Diagnostics::default();
    let Some(geo) = &map.geography else {
        diags.push(
            Diagnostic::error(
                "missing-key",
                format!("map `{}` has no `[map.geography]`", map.id.get_ref()),
            )
            .at(Span::new(file, map.id.span()))
            .hint("describe its projection, hex size, anchor and layers in `[map.geography]`"),
        );
        return Err(diags);
    };
    let g = geo.get_ref();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let projection = projection_of(g, &mut diags, &at);
    let across = *g.hex_km.get_ref();
    if !(across.is_finite() && across > 0.0 && across < 10_000.0) {
        diags.push(
            Diagnostic::error("out-of-range", format!("a hex {across} km across"))
                .at(at(g.hex_km.span()))
                .hint(
                    "give the distance between neighbouring hex centres in km, e.g. `hex-km = 47`",
                ),
        );
    }
    let anchor = geometry.parse_number(g.anchor.get_ref().hex.get_ref());
    if anchor.is_none() {
        diags.push(
            Diagnostic::error(
                "no-such-hex",
                format!(
                    "anchor hex `{}` is not on the map",
                    g.anchor.get_ref().hex.get_ref()
                ),
            )
            .at(at(g.anchor.get_ref().hex.span())),
        );
    }
    let check_id = |diags: &mut Diagnostics,
                    id: &Spanned<String>,
                    set: &BTreeSet<String>,
                    what: &str| {
        if !set.contains(id.get_ref()) {
            let hint =
                crate::diag::suggest::did_you_mean(id.get_ref(), set.iter().map(String::as_str));
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("unknown {what} `{}`", id.get_ref()),
                )
                .at(at(id.span()))
                .hint_opt(hint),
            );
        }
    };
    check_id(&mut diags, &g.default_terrain, &known.terrain, "terrain");
    for r in &g.terrain {
        check_id(&mut diags, &r.id, &known.terrain, "terrain");
    }
    for r in &g.country {
        check_id(&mut diags, &r.id, &known.country, "country");
    }
    for r in &g.river {
        match &r.kind {
            Some(k) => check_id(&mut diags, k, &known.hexside, "hexside terrain"),
            None => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("river `{}` has no `kind`", r.name.get_ref()),
                )
                .at(at(r.name.span()))
                .hint("name the hexside terrain it is, e.g. `kind = \"river\"`"),
            ),
        }
    }
    for p in &g.place {
        check_id(&mut diags, &p.kind, &known.terrain, "terrain");
    }
    for o in &g.hex {
        if let Some(t) = &o.terrain {
            check_id(&mut diags, t, &known.terrain, "terrain");
        }
        if let Some(c) = o.country.as_ref().filter(|c| !c.get_ref().is_empty()) {
            check_id(&mut diags, c, &known.country, "country");
        }
    }
    let points = |diags: &mut Diagnostics, what: &str, pts: &Spanned<Vec<LatLon>>, min: usize| {
        let list = pts.get_ref();
        let bad = list.iter().any(|[lat, lon]| {
            !(lat.is_finite() && lon.is_finite() && lat.abs() <= 89.0 && lon.abs() <= 360.0)
        });
        if bad || list.len() < min {
            diags.push(
                Diagnostic::error(
                    "bad-geometry",
                    format!(
                        "{what} needs at least {min} points of `[latitude, longitude]` in degrees"
                    ),
                )
                .at(at(pts.span())),
            );
        }
    };
    for r in g.terrain.iter().chain(&g.country) {
        match (&r.outline, &r.natural_earth) {
            (Some(outline), None) => points(&mut diags, "an outline", outline, 3),
            (None, Some(names)) => {
                if let Some(atlas) = atlas {
                    for name in names.get_ref() {
                        if !atlas.countries.contains_key(name) {
                            let hint = crate::diag::suggest::did_you_mean(
                                name,
                                atlas.countries.keys().map(String::as_str),
                            );
                            diags.push(
                                Diagnostic::error(
                                    "unknown-reference",
                                    format!("Natural Earth has no country `{name}`"),
                                )
                                .at(at(names.span()))
                                .hint_opt(hint),
                            );
                        }
                    }
                }
            }
            (Some(_), Some(names)) => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!(
                        "region `{}` has both an outline and Natural Earth countries",
                        r.id.get_ref()
                    ),
                )
                .at(at(names.span()))
                .hint("keep one of `outline` and `natural-earth`"),
            ),
            (None, None) => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("region `{}` has no outline", r.id.get_ref()),
                )
                .at(at(r.id.span()))
                .hint("give `outline = [[lat, lon], …]` or `natural-earth = [\"Country\", …]`"),
            ),
        }
    }
    if let Some(scale) = g
        .natural_earth
        .as_ref()
        .and_then(|ne| ne.get_ref().scale.as_ref())
    {
        if natural_earth::Scale::parse(scale.get_ref()).is_none() {
            diags.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("Natural Earth has no scale `{}`", scale.get_ref()),
                )
                .at(at(scale.span()))
                .hint("use `10m`, `50m` or `110m`"),
            );
        }
    }
    let sea = g
        .natural_earth
        .as_ref()
        .and_then(|ne| ne.get_ref().sea.as_ref());
    if let Some(sea) = sea {
        check_id(&mut diags, sea, &known.terrain, "terrain");
    }
    for l in g.river.iter().chain(&g.rail) {
        points(&mut diags, "a line", &l.line, 2);
    }
    let (Some(projection), Some(anchor)) = (projection, anchor) else {
        return Err(diags);
    };
    if diags.has_errors() {
        return Err(diags);
    }
    let [alat, alon] = *g.anchor.get_ref().at.get_ref();
    let (mut ax, mut ay) = projection.project(alat, alon);
    if let Some(off) = &g.anchor.get_ref().offset_km {
        ax += off.get_ref()[0];
        ay += off.get_ref()[1];
    }
    let grid = KmGrid::new(geometry.clone(), across, anchor, (ax, ay));
    let mut out = Computed {
        map: map.id.get_ref().clone(),
        ..Computed::default()
    };
    let project = |pts: &[LatLon]| -> Vec<(f64, f64)> {
        pts.iter()
            .map(|[lat, lon]| projection.project(*lat, *lon))
            .collect()
    };
    // Natural Earth near the map only: every point test then looks at a short coast.
    let clipped = atlas.map(|a| near_the_map(a, &grid, geometry, &projection));
    let atlas = clipped.as_ref();
    let shape = |r: &crate::load::schema::geography::Region| -> Shape {
        match (&r.outline, &r.natural_earth, atlas) {
            (Some(outline), _, _) => Shape::Outline(Polygon::new(
                LineString::from(project(outline.get_ref())),
                vec![],
            )),
            (None, Some(names), Some(atlas)) => Shape::Atlas(
                names
                    .get_ref()
                    .iter()
                    .filter_map(|n| atlas.countries.get(n).cloned())
                    .collect(),
            ),
            _ => Shape::Atlas(Vec::new()),
        }
    };

    // Terrain and countries: each hex's points vote; regions paint in order, and the sea
    // off Natural Earth's land covers them all.
    let terrain_regions: Vec<(&str, Shape)> = g
        .terrain
        .iter()
        .map(|r| (r.id.get_ref().as_str(), shape(r)))
        .collect();
    let country_regions: Vec<(&str, Shape)> = g
        .country
        .iter()
        .map(|r| (r.id.get_ref().as_str(), shape(r)))
        .collect();
    let paint = |regions: &[(&str, Shape)], x: f64, y: f64| -> Option<String> {
        let km = Point::new(x, y);
        let (lat, lon) = projection.unproject(x, y);
        let degrees = Point::new(lon, lat);
        regions
            .iter()
            .rev()
            .find(|(_, shape)| shape.covers(km, degrees))
            .map(|(id, _)| (*id).to_string())
    };
    let sea_at = |x: f64, y: f64| -> Option<String> {
        let (sea, atlas) = (sea?, atlas?);
        let (lat, lon) = projection.unproject(x, y);
        (!atlas.is_land(lat, lon)).then(|| sea.get_ref().clone())
    };
    let mut country = Vec::new();
    for c in geometry.coords() {
        let samples = grid.samples(c);
        let vote = |regions: &[(&str, Shape)], default: Option<&str>, sea: bool| {
            let mut votes: BTreeMap<Option<String>, usize> = BTreeMap::new();
            let value = |x: f64, y: f64| {
                let off_land = if sea { sea_at(x, y) } else { None };
                off_land
                    .or_else(|| paint(regions, x, y))
                    .or(default.map(str::to_string))
            };
            let centre = value(samples[0].0, samples[0].1);
            for (x, y) in &samples {
                *votes.entry(value(*x, *y)).or_default() += 1;
            }
            // The most votes win; a tie goes to what covers the centre.
            let best = votes.values().copied().max().unwrap_or(0);
            let winner = if votes.get(&centre).copied() == Some(best) {
                centre
            } else {
                votes
                    .iter()
                    .find(|(_, n)| **n == best)
                    .and_then(|(v, _)| v.clone())
            };
            (winner, best, votes.len())
        };
        let (t, n, kinds) = vote(&terrain_regions, Some(g.default_terrain.get_ref()), true);
        let t = t.unwrap_or_else(|| g.default_terrain.get_ref().clone());
        if kinds > 1 {
            out.report.push(Adjustment::Majority {
                hex: geometry.number(c),
                terrain: t.clone(),
                votes: (n, samples.len()),
            });
        }
        out.terrain.push(t);
        if !country_regions.is_empty() {
            country.push(vote(&country_regions, None, false).0);
        }
    }
    if !country_regions.is_empty() {
        out.country = Some(country);
    }
    for o in &g.hex {
        let Some(c) = geometry.parse_number(o.hex.get_ref()) else {
            diags.push(
                Diagnostic::error(
                    "no-such-hex",
                    format!("hex `{}` is not on the map", o.hex.get_ref()),
                )
                .at(at(o.hex.span())),
            );
            continue;
        };
        let i = geometry.index(c);
        if let Some(t) = &o.terrain {
            out.terrain[i] = t.get_ref().clone();
            out.report.push(Adjustment::Override {
                hex: geometry.number(c),
                what: format!("terrain {}", t.get_ref()),
                why: o.why.clone(),
            });
        }
        if let (Some(cc), Some(list)) = (&o.country, out.country.as_mut()) {
            let v = Some(cc.get_ref().clone()).filter(|s| !s.is_empty());
            list[i] = v;
            out.report.push(Adjustment::Override {
                hex: geometry.number(c),
                what: format!(
                    "country {}",
                    if cc.get_ref().is_empty() {
                        "none"
                    } else {
                        cc.get_ref()
                    }
                ),
                why: o.why.clone(),
            });
        }
    }

    // Places: one per hex; a later place in an occupied hex moves to the nearest free one.
    let mut taken: BTreeMap<HexCoord, String> = BTreeMap::new();
    for p in &g.place {
        let [lat, lon] = *p.at.get_ref();
        let (x, y) = projection.project(lat, lon);
        let Some(c) = grid.hex_at(x, y) else {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!("place `{}` lies off the map", p.name.get_ref()),
                )
                .at(at(p.at.span()))
                .hint("move the anchor or enlarge the grid, or remove the place"),
            );
            continue;
        };
        let hex = if taken.contains_key(&c) {
            let mut free: Vec<(f64, HexCoord)> = geometry
                .coords()
                .filter(|n| !taken.contains_key(n) && geometry.distance(c, *n) <= 2)
                .map(|n| {
                    let (cx, cy) = grid.centre(n);
                    ((cx - x).hypot(cy - y), n)
                })
                .collect();
            free.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let Some(&(_, n)) = free.first() else {
                diags.push(
                    Diagnostic::error(
                        "crowded",
                        format!(
                            "no free hex near `{}` for place `{}`",
                            geometry.number(c),
                            p.name.get_ref()
                        ),
                    )
                    .at(at(p.at.span())),
                );
                continue;
            };
            out.report.push(Adjustment::PlaceMoved {
                place: p.name.get_ref().clone(),
                from: geometry.number(c),
                to: geometry.number(n),
            });
            n
        } else {
            c
        };
        taken.insert(hex, p.name.get_ref().clone());
        out.places.push(ComputedPlace {
            name: p.name.get_ref().clone(),
            kind: p.kind.get_ref().clone(),
            hex: geometry.number(hex),
            tags: p.tags.clone(),
        });
    }

    // Rivers: along the course, the sides of the hex each point lies in that the course
    // separates (their two hexes lie on opposite sides of it) and that lie near it.
    for r in &g.river {
        let course = densify(&project(r.line.get_ref()), grid.radius() / 4.0);
        let mut sides: Vec<(HexCoord, HexCoord)> = Vec::new();
        let mut max_km: f64 = 0.0;
        for &(x, y) in &course {
            let Some(c) = grid.hex_at(x, y) else { continue };
            for n in geometry.neighbours(c) {
                let (a, b) = (grid.centre(c), grid.centre(n));
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let Some((d, side_a, side_b)) = separation(&course, mid, a, b) else {
                    continue;
                };
                if d > 0.8 * grid.radius() || side_a == side_b {
                    continue;
                }
                let key = if c <= n { (c, n) } else { (n, c) };
                if !sides.contains(&key) {
                    sides.push(key);
                    max_km = max_km.max(d);
                }
            }
        }
        if sides.is_empty() {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!("river `{}` does not cross the map", r.name.get_ref()),
                )
                .at(at(r.line.span())),
            );
            continue;
        }
        out.report.push(Adjustment::RiverSnapped {
            river: r.name.get_ref().clone(),
            hexsides: sides.len(),
            max_km: (max_km * 10.0).round() / 10.0,
        });
        out.hexsides.push(ComputedLine {
            name: r.name.get_ref().clone(),
            kind: r.kind.as_ref().map(|k| k.get_ref().clone()),
            items: sides
                .iter()
                .map(|(a, b)| format!("{}/{}", geometry.number(*a), geometry.number(*b)))
                .collect(),
        });
    }

    // Rails: the hexes the course passes through, each next to the one before.
    for r in &g.rail {
        let course = densify(&project(r.line.get_ref()), grid.radius() / 6.0);
        let mut hexes: Vec<HexCoord> = Vec::new();
        for &(x, y) in &course {
            let Some(c) = grid.hex_at(x, y) else { continue };
            if hexes.last() == Some(&c) {
                continue;
            }
            if let Some(&prev) = hexes.last() {
                // A course grazing a corner can skip to a hex two away: go through the
                // neighbour of both whose centre is nearest the course.
                if !geometry.adjacent(prev, c) {
                    if let Some(mid) = geometry
                        .neighbours(prev)
                        .filter(|n| geometry.adjacent(*n, c))
                        .min_by(|a, b| {
                            let da = dist(grid.centre(*a), (x, y));
                            let db = dist(grid.centre(*b), (x, y));
                            da.total_cmp(&db).then(a.cmp(b))
                        })
                    {
                        hexes.push(mid);
                    }
                }
            }
            hexes.push(c);
        }
        if hexes.len() < 2 {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!(
                        "rail line `{}` has fewer than two hexes on the map",
                        r.name.get_ref()
                    ),
                )
                .at(at(r.line.span())),
            );
            continue;
        }
        out.rails.push(ComputedLine {
            name: r.name.get_ref().clone(),
            kind: None,
            items: hexes.iter().map(|c| geometry.number(*c)).collect(),
        });
    }
    if diags.has_errors() {
        return Err(diags);
    }
    out.natural_earth = clipped;
    Ok(out)
}

/// Where a region is: an outline in projected km, or Natural Earth shapes in degrees.
enum Shape {
    Outline(Polygon<f64>),
    Atlas(Vec<MultiPolygon<f64>>),
}

impl Shape {
    fn covers(&self, km: Point<f64>, degrees: Point<f64>) -> bool {
        match self {
            Shape::Outline(p) => p.contains(&km),
            Shape::Atlas(shapes) => shapes.iter().any(|m| m.contains(&degrees)),
        }
    }
}

/// The atlas cut to the map's extent (its corners and edges unprojected, a degree around).
fn near_the_map(
    atlas: &Atlas,
    grid: &KmGrid,
    geometry: &HexGeometry,
    projection: &Projection,
) -> Atlas {
    let (mut west, mut south, mut east, mut north) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in geometry.coords() {
        let on_edge =
            c.col == 0 || c.row == 0 || c.col + 1 == geometry.columns || c.row + 1 == geometry.rows;
        if !on_edge {
            continue;
        }
        let (x, y) = grid.centre(c);
        let (lat, lon) = projection.unproject(x, y);
        west = west.min(lon);
        east = east.max(lon);
        south = south.min(lat);
        north = north.max(lat);
    }
    atlas.clipped(west - 1.0, south - 1.0, east + 1.0, north + 1.0)
}

/// How far `mid` lies from the course, and on which side of the course's nearest segment
/// the points `a` and `b` lie.
fn separation(
    course: &[(f64, f64)],
    mid: (f64, f64),
    a: (f64, f64),
    b: (f64, f64),
) -> Option<(f64, bool, bool)> {
    let mut best: Option<(f64, Km, Km)> = None;
    for w in course.windows(2) {
        let (p, q) = (w[0], w[1]);
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let len2 = dx * dx + dy * dy;
        if len2 == 0.0 {
            continue;
        }
        let t = (((mid.0 - p.0) * dx + (mid.1 - p.1) * dy) / len2).clamp(0.0, 1.0);
        let d = dist(mid, (p.0 + t * dx, p.1 + t * dy));
        if best.is_none_or(|(bd, _, _)| d < bd) {
            best = Some((d, p, q));
        }
    }
    let (d, p, q) = best?;
    let side = |o: (f64, f64)| (q.0 - p.0) * (o.1 - p.1) - (q.1 - p.1) * (o.0 - p.0) > 0.0;
    Some((d, side(a), side(b)))
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The points of a polyline with extra points so that none is more than `step` from the next.
fn densify(pts: &[(f64, f64)], step: f64) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let n = (dist(a, b) / step).ceil().clamp(1.0, 100_000.0) as usize;
        for k in 0..n {
            let t = k as f64 / n as f64;
            out.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
    }
    if let Some(last) = pts.last() {
        out.push(*last);
    }
    out
}

fn projection_of(
    g: &Geography,
    diags: &mut Diagnostics,
    at: &dyn Fn(std::ops::Range<usize>) -> Span,
) -> Option<Projection> {
    let p = g.projection.get_ref();
    let [lat0, lon0] = *p.centre.get_ref();
    if !(lat0.abs() < 89.0 && lon0.abs() <= 360.0) {
        diags.push(
            Diagnostic::error(
                "out-of-range",
                "the projection's centre is not a point of the globe",
            )
            .at(at(p.centre.span()))
            .hint("give `centre = [latitude, longitude]` in degrees"),
        );
        return None;
    }
    match p.kind.get_ref().as_str() {
        "lambert-conformal-conic" => {
            let Some(par) = &p.parallels else {
                diags.push(
                    Diagnostic::error(
                        "missing-key",
                        "a Lambert conformal conic projection needs `parallels`",
                    )
                    .at(at(p.kind.span()))
                    .hint("give the two standard parallels, e.g. `parallels = [47, 57]`"),
                );
                return None;
            };
            let [a, b] = *par.get_ref();
            let lambert =
                Projection::lambert(a, b, lat0, lon0).filter(|_| a.abs() < 89.0 && b.abs() < 89.0);
            if lambert.is_none() {
                diags.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!("standard parallels {a} and {b} give no cone"),
                    )
                    .at(at(par.span()))
                    .hint("use two parallels on one side of the equator, bracketing the map"),
                );
            }
            lambert
        }
        "equirectangular" => {
            if let Some(par) = &p.parallels {
                diags.push(
                    Diagnostic::error(
                        "conflicting-keys",
                        "an equirectangular projection has no standard parallels",
                    )
                    .at(at(par.span()))
                    .hint("remove `parallels`; the centre's latitude is the one of true scale"),
                );
            }
            Some(Projection::Equirectangular { lat0, lon0 })
        }
        other => {
            diags.push(
                Diagnostic::error("unknown-value", format!("unknown projection `{other}`"))
                    .at(at(p.kind.span()))
                    .hint("use `lambert-conformal-conic` or `equirectangular`"),
            );
            None
        }
    }
}
