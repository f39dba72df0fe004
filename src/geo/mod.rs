//! Maps from geography: a hex map's `[map.geography]` (projection, hex size, an anchor, and
//! layers in latitude and longitude) turned into the map's ordinary definitions — the terrain
//! and country layers, places, river hexsides and rail lines — with a report of every
//! decision that was not plain (a hex decided by a majority of its points, a place moved to
//! keep one per hex, a river snapped to hexsides, an override applied).
//!
//! `sandtable geo` runs [`compute`] and writes the result into the map's own file
//! ([`write`]); `check` then verifies it like any hand-written map. Polygons are `geo`'s.

pub mod coverage;
pub mod grid;
mod layers;
pub mod natural_earth;
pub mod projection;
pub mod provinces;
mod queue;
mod rail;
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
use coverage::Coverage;
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
            } => write!(
                f,
                "areas `{a}` and `{b}` share a border but are not declared adjacent"
            ),
            Adjustment::Adjacency {
                a,
                b,
                outlines_touch: false,
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
}

impl KnownIds {
    /// The ids a loaded game's files define.
    pub fn of(loaded: &crate::load::Loaded) -> Self {
        let mut known = Self::default();
        for (_, f) in &loaded.files {
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
    let mut diags = Diagnostics::default();
    let g = geo.get_ref();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let mut missing = |key: &str, hint: &str| {
        diags.push(
            Diagnostic::error(
                "missing-key",
                format!("a hex map's geography needs `{key}`"),
            )
            .at(at(geo.span()))
            .hint(hint),
        );
    };
    if g.hex_km.is_none() {
        missing(
            "hex-km",
            "give the distance between neighbouring hex centres, e.g. `hex-km = 47`",
        );
    }
    if g.anchor.is_none() {
        missing(
            "anchor",
            "say where the grid lies: `anchor = { hex = \"0101\", at = [lat, lon] }`",
        );
    }
    if g.default_terrain.is_none() {
        missing(
            "default-terrain",
            "name the terrain of land no region covers, e.g. `default-terrain = \"clear\"`",
        );
    }
    for (key, span) in g.area_map_keys() {
        diags.push(
            Diagnostic::error("conflicting-keys", format!("`{key}` is for area maps"))
                .at(at(span))
                .hint("a hex map's geography has `hex-km` and `anchor` instead"),
        );
    }
    let (Some(hex_km), Some(anchor_at), Some(default_terrain)) =
        (&g.hex_km, &g.anchor, &g.default_terrain)
    else {
        return Err(diags);
    };
    let projection = projection_of(g, &mut diags, &at);
    let across = *hex_km.get_ref();
    if !(across.is_finite() && across > 0.0 && across < 10_000.0) {
        diags.push(
            Diagnostic::error("out-of-range", format!("a hex {across} km across"))
                .at(at(hex_km.span()))
                .hint(
                    "give the distance between neighbouring hex centres in km, e.g. `hex-km = 47`",
                ),
        );
    }
    let anchor = geometry.parse_number(anchor_at.get_ref().hex.get_ref());
    if anchor.is_none() {
        diags.push(
            Diagnostic::error(
                "no-such-hex",
                format!(
                    "anchor hex `{}` is not on the map",
                    anchor_at.get_ref().hex.get_ref()
                ),
            )
            .at(at(anchor_at.get_ref().hex.span())),
        );
    }
    let mut pins: Vec<(HexCoord, LatLon, String)> = Vec::new();
    for pin in &g.pin {
        check_point(&mut diags, file, &pin.at);
        let label = pin.name.as_ref().map_or_else(
            || format!("the pin at {}", pin.hex.get_ref()),
            |n| n.get_ref().clone(),
        );
        match geometry.parse_number(pin.hex.get_ref()) {
            Some(c) => {
                if let Some((_, _, other)) = pins.iter().find(|(o, _, _)| *o == c) {
                    diags.push(
                        Diagnostic::error(
                            "duplicate-id",
                            format!(
                                "hex `{}` is pinned twice ({other} and {label})",
                                pin.hex.get_ref()
                            ),
                        )
                        .at(at(pin.hex.span()))
                        .hint("pin each hex once; a place two hexes share needs two points"),
                    );
                } else {
                    pins.push((c, *pin.at.get_ref(), label));
                }
            }
            None => diags.push(
                Diagnostic::error(
                    "no-such-hex",
                    format!("pinned hex `{}` is not on the map", pin.hex.get_ref()),
                )
                .at(at(pin.hex.span()))
                .hint("give a hex number as the map prints it"),
            ),
        }
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
    check_id(&mut diags, default_terrain, &known.terrain, "terrain");
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
    for s in &g.strait {
        check_id(&mut diags, &s.kind, &known.hexside, "hexside terrain");
        if !s.between.get_ref().iter().all(|p| valid_point(*p)) {
            diags.push(
                Diagnostic::error("bad-geometry", "a strait needs two points of the globe")
                    .at(at(s.between.span()))
                    .hint("give a point on each shore: `between = [[lat, lon], [lat, lon]]`"),
            );
        }
    }
    for o in &g.hex {
        if o.hex.is_none() && o.hexes.is_none() {
            let span = o
                .terrain
                .as_ref()
                .or(o.country.as_ref())
                .map_or_else(|| geo.span(), Spanned::span);
            diags.push(
                Diagnostic::error("missing-key", "a hex decision names no hex")
                    .at(at(span))
                    .hint("give `hex = \"0101\"` or `hexes = [\"0101\", …]`"),
            );
        }
        if let Some(t) = &o.terrain {
            check_id(&mut diags, t, &known.terrain, "terrain");
        }
        if let Some(c) = o.country.as_ref().filter(|c| !c.get_ref().is_empty()) {
            check_id(&mut diags, c, &known.country, "country");
        }
    }
    let points = |diags: &mut Diagnostics, what: &str, pts: &Spanned<Vec<LatLon>>, min: usize| {
        let list = pts.get_ref();
        let bad = list.iter().any(|p| !valid_point(*p));
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
    let point = |diags: &mut Diagnostics, pt: &Spanned<LatLon>| check_point(diags, file, pt);
    let share = |diags: &mut Diagnostics, s: &Spanned<f64>, key: &str| {
        let v = *s.get_ref();
        if !(v > 0.0 && v <= 1.0) {
            diags.push(
                Diagnostic::error("out-of-range", format!("`{key}` of {v} is not a share"))
                    .at(at(s.span()))
                    .hint("give a share of the hex's points above 0 and at most 1, e.g. 0.4"),
            );
        }
    };
    let ne_names = |diags: &mut Diagnostics, names: &Spanned<Vec<String>>| {
        check_countries(diags, file, names, atlas)
    };
    let priority: Option<Vec<String>> = g.terrain_priority.as_ref().map(|list| {
        for t in list.get_ref() {
            check_id(&mut diags, t, &known.terrain, "terrain");
        }
        list.get_ref().iter().map(|t| t.get_ref().clone()).collect()
    });
    if let Some(s) = &g.terrain_share {
        share(&mut diags, s, "terrain-share");
        if priority.is_none() {
            diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    "`terrain-share` without `terrain-priority`",
                )
                .at(at(s.span()))
                .hint("list the terrains in order of priority in `terrain-priority`"),
            );
        }
    }
    let mut unranked: BTreeSet<&str> = BTreeSet::new();
    for (r, is_terrain) in g
        .terrain
        .iter()
        .map(|r| (r, true))
        .chain(g.country.iter().map(|r| (r, false)))
    {
        let given = [
            r.outline.as_ref().map(|_| "outline"),
            r.natural_earth.as_ref().map(|_| "natural-earth"),
            r.along.as_ref().map(|_| "along"),
        ];
        let given: Vec<&str> = given.into_iter().flatten().collect();
        match given.len() {
            0 => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("region `{}` has no outline", r.id.get_ref()),
                )
                .at(at(r.id.span()))
                .hint("give `outline = [[lat, lon], …]`, `natural-earth = [\"Country\", …]` or `along = [[lat, lon], …]` with `within-km`"),
            ),
            1 => {}
            _ => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!(
                        "region `{}` has both `{}` and `{}`",
                        r.id.get_ref(),
                        given[0],
                        given[1]
                    ),
                )
                .at(at(r.id.span()))
                .hint("a region is one of an outline, Natural Earth countries or a band along a line"),
            ),
        }
        if let Some(outline) = &r.outline {
            points(&mut diags, "an outline", outline, 3);
        }
        if let Some(names) = &r.natural_earth {
            ne_names(&mut diags, names);
        }
        if let Some(names) = &r.inside {
            ne_names(&mut diags, names);
        }
        match (&r.along, &r.within_km) {
            (Some(line), Some(km)) => {
                points(&mut diags, "a line", line, 1);
                let v = *km.get_ref();
                if !(v.is_finite() && v > 0.0 && v < 10_000.0) {
                    diags.push(
                        Diagnostic::error("out-of-range", format!("a band {v} km wide"))
                            .at(at(km.span()))
                            .hint("give how far the region reaches from its line, in km"),
                    );
                }
            }
            (Some(line), None) => diags.push(
                Diagnostic::error("missing-key", "a band along a line needs `within-km`")
                    .at(at(line.span()))
                    .hint("say how far the region reaches on each side, e.g. `within-km = 25`"),
            ),
            (None, Some(km)) => diags.push(
                Diagnostic::error("conflicting-keys", "`within-km` without `along`")
                    .at(at(km.span()))
                    .hint("give the line the band lies along in `along`"),
            ),
            (None, None) => {}
        }
        if let Some(s) = &r.min_share {
            share(&mut diags, s, "min-share");
            if !is_terrain {
                diags.push(
                    Diagnostic::error("conflicting-keys", "a country region has no `min-share`")
                        .at(at(s.span()))
                        .hint("`min-share` lets a terrain claim the hexes it covers enough of"),
                );
            }
        }
        let land_terrain = is_terrain && !known.water.contains(r.id.get_ref());
        if let (Some(order), true) = (&priority, land_terrain) {
            // Once per terrain: a terrain left out of the list is one mistake.
            if !order.contains(r.id.get_ref()) && unranked.insert(r.id.get_ref().as_str()) {
                diags.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("terrain `{}` is not in `terrain-priority`", r.id.get_ref()),
                    )
                    .at(at(r.id.span()))
                    .hint("add it to `terrain-priority` where it should rank"),
                );
            }
        }
    }
    let ne = g.natural_earth.as_ref().map(|ne| ne.get_ref());
    if let Some(scale) = ne.and_then(|ne| ne.scale.as_ref()) {
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
    let sea = ne.and_then(|ne| ne.sea.as_ref());
    if let Some(sea) = sea {
        check_id(&mut diags, sea, &known.terrain, "terrain");
    }
    let lake_default = ne.and_then(|ne| ne.lake.as_ref());
    if let Some(t) = lake_default {
        check_id(&mut diags, t, &known.terrain, "terrain");
    }
    // A lake is looked up in the whole atlas here, so a wrong point is reported with the
    // other mistakes; off the map it is not drawn (and is reported below).
    for l in &g.lake {
        point(&mut diags, &l.at);
        let [lat, lon] = *l.at.get_ref();
        if valid_point([lat, lon]) && atlas.is_some_and(|a| a.lake_at(lat, lon).is_none()) {
            diags.push(no_lake(file, l));
        }
        match l.terrain.as_ref().or(lake_default) {
            Some(t) => check_id(&mut diags, t, &known.terrain, "terrain"),
            None => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("lake `{}` has no terrain", l.name.get_ref()),
                )
                .at(at(l.name.span()))
                .hint("give `terrain = \"lake\"`, or `lake = \"lake\"` in `natural-earth` for every lake"),
            ),
        }
        if let Some(s) = &l.min_share {
            share(&mut diags, s, "min-share");
        }
    }
    for j in &g.junction {
        point(&mut diags, &j.at);
    }
    for p in &g.place {
        point(&mut diags, &p.at);
    }
    for (t, cost) in &g.rail_detour {
        if !known.terrain.contains(t) {
            diags.push(
                Diagnostic::error("unknown-reference", format!("unknown terrain `{t}`"))
                    .at(at(cost.span()))
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        t,
                        known.terrain.iter().map(String::as_str),
                    )),
            );
        }
        let v = *cost.get_ref();
        if !(v.is_finite() && (0.0..=100.0).contains(&v)) {
            diags.push(
                Diagnostic::error("out-of-range", format!("a detour of {v} hexes"))
                    .at(at(cost.span()))
                    .hint("give the extra cost of entering the terrain, in hexes (0 to 100)"),
            );
        }
    }
    let stop_names: BTreeSet<&str> = g
        .place
        .iter()
        .map(|p| p.name.get_ref().as_str())
        .chain(g.junction.iter().map(|j| j.name.get_ref().as_str()))
        .collect();
    for l in &g.river {
        match &l.line {
            Some(line) => points(&mut diags, "a line", line, 2),
            None => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("river `{}` has no `line`", l.name.get_ref()),
                )
                .at(at(l.name.span()))
                .hint("give its course as `line = [[lat, lon], …]` from source to mouth"),
            ),
        }
        if let Some(stops) = &l.stops {
            diags.push(
                Diagnostic::error("conflicting-keys", "a river has no stops")
                    .at(at(stops.span()))
                    .hint("give its course as `line`"),
            );
        }
    }
    for l in &g.rail {
        match (&l.line, &l.stops) {
            (Some(line), None) => points(&mut diags, "a line", line, 2),
            (None, Some(stops)) => {
                for s in stops.get_ref() {
                    if !stop_names.contains(s.get_ref().as_str()) {
                        diags.push(
                            Diagnostic::error(
                                "unknown-reference",
                                format!("no place or junction `{}`", s.get_ref()),
                            )
                            .at(at(s.span()))
                            .hint(
                                crate::diag::suggest::did_you_mean(
                                    s.get_ref(),
                                    stop_names.iter().copied(),
                                )
                                .unwrap_or_else(|| {
                                    "name a `[[map.geography.place]]` or `[[map.geography.junction]]`"
                                        .to_string()
                                }),
                            ),
                        );
                    }
                }
                if stops.get_ref().len() < 2 {
                    diags.push(
                        Diagnostic::error("bad-geometry", "a rail line needs two stops or more")
                            .at(at(stops.span())),
                    );
                }
            }
            (Some(_), Some(stops)) => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    "a rail line has both `line` and `stops`",
                )
                .at(at(stops.span()))
                .hint("keep one"),
            ),
            (None, None) => diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("rail line `{}` has no course", l.name.get_ref()),
                )
                .at(at(l.name.span()))
                .hint("give `stops = [\"Place\", …]` or `line = [[lat, lon], …]`"),
            ),
        }
    }
    let (Some(projection), Some(anchor)) = (projection, anchor) else {
        return Err(diags);
    };
    if diags.has_errors() {
        return Err(diags);
    }
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
    let mut out = Computed {
        map: map.id.get_ref().clone(),
        ..Computed::default()
    };
    let project = |pts: &[LatLon]| -> Vec<Km> {
        pts.iter()
            .map(|[lat, lon]| projection.project(*lat, *lon))
            .collect()
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
    let named = |names: &Spanned<Vec<String>>| -> Vec<Coverage> {
        names
            .get_ref()
            .iter()
            .filter_map(|n| countries.get(n.as_str()).cloned())
            .collect()
    };
    let region = |r: &crate::load::schema::geography::Region, terrain: bool| layers::Region {
        id: r.id.get_ref().clone(),
        name: r.name.clone().unwrap_or_else(|| r.id.get_ref().clone()),
        shape: match (&r.outline, &r.natural_earth, &r.along) {
            (Some(outline), _, _) => layers::Shape::Outline(layers::outline(outline.get_ref())),
            (_, Some(names), _) => layers::Shape::Countries(named(names)),
            (_, _, Some(line)) => layers::Shape::Band(
                project(line.get_ref()),
                r.within_km.as_ref().map_or(0.0, |k| *k.get_ref()),
            ),
            _ => layers::Shape::Countries(Vec::new()),
        },
        inside: r.inside.as_ref().map(named),
        min_share: r.min_share.as_ref().map(|s| *s.get_ref()),
        water: terrain && known.water.contains(r.id.get_ref()),
    };
    let terrain_regions: Vec<layers::Region> = g.terrain.iter().map(|r| region(r, true)).collect();
    let country_regions: Vec<layers::Region> = g.country.iter().map(|r| region(r, false)).collect();
    let mut lakes = Vec::new();
    for l in &g.lake {
        let [lat, lon] = *l.at.get_ref();
        match atlas.and_then(|a| a.lake_at(lat, lon)) {
            Some(shape) => lakes.push(layers::Lake {
                name: l.name.get_ref().clone(),
                terrain: l
                    .terrain
                    .as_ref()
                    .or(lake_default)
                    .map(|t| t.get_ref().clone())
                    .unwrap_or_default(),
                cover: Coverage::of_polygon(shape),
                min_share: l.min_share.as_ref().map(|s| *s.get_ref()),
            }),
            None => diags.push(no_lake(file, l)),
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    let rules = layers::Rules {
        default_terrain: default_terrain.get_ref(),
        sea: sea.map(|s| s.get_ref().as_str()),
        priority: priority
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
    let is_water = |t: &str| known.water.contains(t);
    for o in &g.hex {
        let numbers: Vec<&Spanned<String>> = o
            .hex
            .iter()
            .chain(o.hexes.iter().flat_map(|h| h.get_ref()))
            .collect();
        let mut hexes = Vec::new();
        for n in numbers {
            match geometry.parse_number(n.get_ref()) {
                Some(c) => hexes.push(c),
                None => diags.push(
                    Diagnostic::error(
                        "no-such-hex",
                        format!("hex `{}` is not on the map", n.get_ref()),
                    )
                    .at(at(n.span())),
                ),
            }
        }
        // One line of the report per decision: a list of two hundred hexes is one choice.
        let hex = match hexes.as_slice() {
            [] => continue,
            [one] => geometry.number(*one),
            [first, .., last] => format!(
                "{} … {} ({} hexes)",
                geometry.number(*first),
                geometry.number(*last),
                hexes.len()
            ),
        };
        if let Some(t) = &o.terrain {
            let water = is_water(t.get_ref());
            for c in &hexes {
                let i = geometry.index(*c);
                laid.terrain[i] = t.get_ref().clone();
                laid.water[i] = water;
                if water {
                    laid.country[i] = None;
                }
            }
            out.report.push(Adjustment::Override {
                hex: hex.clone(),
                what: format!("terrain {}", t.get_ref()),
                why: o.why.clone(),
            });
        }
        if let Some(cc) = &o.country {
            for c in &hexes {
                laid.country[geometry.index(*c)] =
                    Some(cc.get_ref().clone()).filter(|s| !s.is_empty());
            }
            out.report.push(Adjustment::Override {
                hex,
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

    // Places: one per hex, on land. A place in a hex that is mostly water makes it land
    // when enough of it is, else moves to the nearest land; a place in a hex another place
    // holds moves to the nearest free one. A place's hex is the country the place is in.
    let country_at = |x: f64, y: f64| -> Option<String> {
        let (lat, lon) = projection.unproject(x, y);
        country_regions
            .iter()
            .rev()
            .find(|r| r.covers((x, y), lon, lat))
            .map(|r| r.id.clone())
    };
    let mut taken: BTreeMap<HexCoord, String> = BTreeMap::new();
    let mut place_hex: BTreeMap<&str, HexCoord> = BTreeMap::new();
    for p in &g.place {
        let [lat, lon] = *p.at.get_ref();
        let (x, y) = projection.project(lat, lon);
        let Some(mut c) = grid.hex_at(x, y) else {
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
        let i = geometry.index(c);
        if laid.water[i] {
            if laid.land_share[i] >= PLACE_LAND_SHARE {
                laid.terrain[i] = default_terrain.get_ref().clone();
                laid.water[i] = false;
                out.report.push(Adjustment::MadeLand {
                    hex: geometry.number(c),
                    place: p.name.get_ref().clone(),
                    land: (laid.land_share[i] * 100.0).round() / 100.0,
                });
            } else {
                let nearest = nearest_hex(&grid, c, (x, y), |n| {
                    !laid.water[geometry.index(n)] && !taken.contains_key(&n)
                });
                let Some(n) = nearest else {
                    diags.push(
                        Diagnostic::error(
                            "off-map",
                            format!(
                                "place `{}` lies in water ({} is {:.0}% land) with no land near",
                                p.name.get_ref(),
                                geometry.number(c),
                                laid.land_share[i] * 100.0
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
                    why: "its hex is mostly water".into(),
                });
                c = n;
            }
        }
        if let Some(other) = taken.get(&c) {
            let nearest = nearest_hex(&grid, c, (x, y), |n| {
                !laid.water[geometry.index(n)] && !taken.contains_key(&n)
            });
            let Some(n) = nearest else {
                diags.push(
                    Diagnostic::error(
                        "crowded",
                        format!(
                            "no free land hex near `{}` for place `{}`",
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
                why: format!("{other} is there"),
            });
            c = n;
        }
        let i = geometry.index(c);
        if !country_regions.is_empty() {
            match country_at(x, y) {
                Some(own) if laid.country[i].as_deref() != Some(own.as_str()) => {
                    out.report.push(Adjustment::CountryOfPlace {
                        hex: geometry.number(c),
                        place: p.name.get_ref().clone(),
                        country: own.clone(),
                    });
                    laid.country[i] = Some(own);
                }
                // A place just off the data's coast, in a hex made land.
                None if laid.country[i].is_none() => {
                    if let Some(id) = layers::neighbours_country(geometry, &laid.country, c) {
                        out.report.push(Adjustment::CountryFromNeighbours {
                            hex: geometry.number(c),
                            country: id.clone(),
                        });
                        laid.country[i] = Some(id);
                    }
                }
                _ => {}
            }
        }
        taken.insert(c, p.name.get_ref().clone());
        place_hex.insert(p.name.get_ref().as_str(), c);
        out.places.push(ComputedPlace {
            name: p.name.get_ref().clone(),
            kind: p.kind.get_ref().clone(),
            hex: geometry.number(c),
            tags: p.tags.clone(),
        });
    }
    let water_at = |c: HexCoord| laid.water[geometry.index(c)];

    // Straits: the side between the hexes of the two shores.
    for s in &g.strait {
        let [a, b] = s.between.get_ref().map(|[lat, lon]| {
            let (x, y) = projection.project(lat, lon);
            grid.hex_at(x, y)
        });
        match (a, b) {
            (Some(a), Some(b)) if geometry.adjacent(a, b) => {
                let (a, b) = if a <= b { (a, b) } else { (b, a) };
                out.hexsides.push(ComputedLine {
                    name: s.name.get_ref().clone(),
                    kind: Some(s.kind.get_ref().clone()),
                    items: vec![format!("{}/{}", geometry.number(a), geometry.number(b))],
                });
            }
            _ => diags.push(
                Diagnostic::error(
                    "bad-geometry",
                    format!(
                        "the shores of strait `{}` are not in two neighbouring hexes ({})",
                        s.name.get_ref(),
                        [a, b]
                            .iter()
                            .map(|h| h.map_or("off the map".to_string(), |h| geometry.number(h)))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                )
                .at(at(s.between.span()))
                .hint("move the points, or the anchor, so each shore falls in its own hex"),
            ),
        }
    }

    // Rivers: an unbroken chain of hexsides along the course.
    let sides = (!g.river.is_empty()).then(|| river::Sides::new(&grid));
    for r in &g.river {
        let (Some(sides), Some(line)) = (&sides, &r.line) else {
            continue;
        };
        let (chain, max_km) = sides.follow(&grid, &project(line.get_ref()), &water_at);
        if chain.is_empty() {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!(
                        "river `{}` runs along no hexside of the map's land",
                        r.name.get_ref()
                    ),
                )
                .at(at(line.span())),
            );
            continue;
        }
        out.report.push(Adjustment::RiverSnapped {
            river: r.name.get_ref().clone(),
            hexsides: chain.len(),
            max_km: (max_km * 10.0).round() / 10.0,
        });
        out.hexsides.push(ComputedLine {
            name: r.name.get_ref().clone(),
            kind: r.kind.as_ref().map(|k| k.get_ref().clone()),
            items: chain
                .iter()
                .map(|(a, b)| format!("{}/{}", geometry.number(*a), geometry.number(*b)))
                .collect(),
        });
    }

    // Rails: stop to stop over land.
    let junctions: BTreeMap<&str, LatLon> = g
        .junction
        .iter()
        .map(|j| (j.name.get_ref().as_str(), *j.at.get_ref()))
        .collect();
    let detour = |c: HexCoord| {
        g.rail_detour
            .get(&laid.terrain[geometry.index(c)])
            .map_or(0.0, |v| *v.get_ref())
    };
    let land_hex_at = |(lat, lon): (f64, f64)| -> Option<HexCoord> {
        let (x, y) = projection.project(lat, lon);
        let c = grid.hex_at(x, y)?;
        if !water_at(c) {
            return Some(c);
        }
        nearest_hex(&grid, c, (x, y), |n| !water_at(n))
    };
    for r in &g.rail {
        let stops: Vec<(String, Option<HexCoord>)> = match (&r.stops, &r.line) {
            (Some(stops), _) => stops
                .get_ref()
                .iter()
                .map(|s| {
                    let name = s.get_ref().as_str();
                    let hex = place_hex.get(name).copied().or_else(|| {
                        junctions
                            .get(name)
                            .and_then(|[lat, lon]| land_hex_at((*lat, *lon)))
                    });
                    (name.to_string(), hex)
                })
                .collect(),
            (None, Some(line)) => line
                .get_ref()
                .iter()
                .map(|[lat, lon]| (format!("[{lat}, {lon}]"), land_hex_at((*lat, *lon))))
                .collect(),
            (None, None) => continue,
        };
        let mut hexes: Vec<HexCoord> = Vec::new();
        for (name, hex) in stops {
            let Some(h) = hex else {
                out.report.push(Adjustment::RailGap {
                    rail: r.name.get_ref().clone(),
                    stop: name,
                    why: "off the map's land".into(),
                });
                continue;
            };
            let Some(&last) = hexes.last() else {
                hexes.push(h);
                continue;
            };
            match rail::route(&grid, last, h, &water_at, &detour) {
                Some(path) => hexes.extend(&path[1..]),
                None => out.report.push(Adjustment::RailGap {
                    rail: r.name.get_ref().clone(),
                    stop: name,
                    why: "no land path to it".into(),
                }),
            }
        }
        // A line that comes back to a hex drops the loop.
        let mut clean: Vec<HexCoord> = Vec::new();
        for h in hexes {
            match clean.iter().position(|x| *x == h) {
                Some(k) => clean.truncate(k + 1),
                None => clean.push(h),
            }
        }
        if clean.len() < 2 {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!(
                        "rail line `{}` has fewer than two hexes on the map",
                        r.name.get_ref()
                    ),
                )
                .at(at(r.name.span())),
            );
            continue;
        }
        out.rails.push(ComputedLine {
            name: r.name.get_ref().clone(),
            kind: None,
            items: clean.iter().map(|c| geometry.number(*c)).collect(),
        });
    }
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

/// `[map.geography]` of a map, or an error at its id.
fn section(file: FileId, map: &Map) -> Result<&Spanned<Geography>, Diagnostics> {
    map.geography.as_ref().ok_or_else(|| {
        let mut diags = Diagnostics::default();
        diags.push(
            Diagnostic::error(
                "missing-key",
                format!("map `{}` has no `[map.geography]`", map.id.get_ref()),
            )
            .at(Span::new(file, map.id.span()))
            .hint("describe its projection and layers in `[map.geography]` (the designer's book, \"Maps from geography\")"),
        );
        diags
    })
}

/// An error for a point off the globe.
fn check_point(diags: &mut Diagnostics, file: FileId, pt: &Spanned<LatLon>) {
    if !valid_point(*pt.get_ref()) {
        diags.push(
            Diagnostic::error("bad-geometry", "not a point of the globe")
                .at(Span::new(file, pt.span()))
                .hint("give `[latitude, longitude]` in degrees"),
        );
    }
}

/// An error for each name Natural Earth does not know (when the atlas is at hand).
fn check_countries(
    diags: &mut Diagnostics,
    file: FileId,
    names: &Spanned<Vec<String>>,
    atlas: Option<&Atlas>,
) {
    let Some(atlas) = atlas else { return };
    for name in names.get_ref() {
        if !atlas.countries.contains_key(name) {
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("Natural Earth has no country `{name}`"),
                )
                .at(Span::new(file, names.span()))
                .hint_opt(
                    crate::diag::suggest::did_you_mean(
                        name,
                        atlas.countries.keys().map(String::as_str),
                    )
                    .or_else(|| {
                        natural_earth::spelling(name, atlas.countries.keys().map(String::as_str))
                            .map(|c| format!("did you mean `{c}`? (Natural Earth's name)"))
                    }),
                ),
            );
        }
    }
}

/// A hex mostly water that holds a place becomes land when at least this share of it is.
const PLACE_LAND_SHARE: f64 = 0.3;

fn valid_point([lat, lon]: LatLon) -> bool {
    lat.is_finite() && lon.is_finite() && lat.abs() <= 89.0 && lon.abs() <= 360.0
}

/// The hex within two of `c` that `fits`, nearest to the point.
fn nearest_hex(
    grid: &KmGrid,
    c: HexCoord,
    (x, y): Km,
    fits: impl Fn(HexCoord) -> bool,
) -> Option<HexCoord> {
    let geometry = &grid.geometry;
    let mut free: Vec<(f64, HexCoord)> = geometry
        .coords()
        .filter(|n| *n != c && geometry.distance(c, *n) <= 2 && fits(*n))
        .map(|n| {
            let (cx, cy) = grid.centre(n);
            ((cx - x).hypot(cy - y), n)
        })
        .collect();
    free.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    free.first().map(|f| f.1)
}

/// The atlas cut to the map's extent (its corners and edges unprojected, a degree around).
fn near_the_map(
    atlas: &Atlas,
    grid: &KmGrid,
    geometry: &HexGeometry,
    projection: &projection::Pinned,
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

/// Compute an area map's outlines from its geography; errors are located in `file`.
pub fn compute_areas(
    file: FileId,
    map: &Map,
    known: &KnownIds,
    atlas: Option<&Atlas>,
) -> Result<Computed, Diagnostics> {
    let geo = section(file, map)?;
    let mut diags = Diagnostics::default();
    let g = geo.get_ref();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let projection = projection_of(g, &mut diags, &at);
    for (key, span) in g.hex_map_keys() {
        diags.push(
            Diagnostic::error("conflicting-keys", format!("`{key}` is for hex maps"))
                .at(at(span))
                .hint("an area map's geography has `extent`, `width-px`, `[[map.geography.province]]` and `[[map.geography.lake]]`"),
        );
    }
    let (Some(extent), Some(width)) = (&g.extent, &g.width_px) else {
        diags.push(
            Diagnostic::error(
                "missing-key",
                "an area map's geography needs `extent` and `width-px`",
            )
            .at(at(geo.span()))
            .hint("e.g. `extent = [[50.0, 19.0], [55.0, 27.0]]` (south-west, north-east) and `width-px = 1600`"),
        );
        return Err(diags);
    };
    let [sw, ne] = *extent.get_ref();
    if !(valid_point(sw) && valid_point(ne) && sw[0] < ne[0] && sw[1] < ne[1]) {
        diags.push(
            Diagnostic::error("bad-geometry", "the extent is not a box of the globe")
                .at(at(extent.span()))
                .hint("give the south-west corner, then the north-east one: `[[lat, lon], [lat, lon]]`"),
        );
    }
    if !(100..=20_000).contains(width.get_ref()) {
        diags.push(
            Diagnostic::error(
                "out-of-range",
                format!("a picture {} pixels wide", width.get_ref()),
            )
            .at(at(width.span()))
            .hint("give between 100 and 20000 pixels"),
        );
    }
    let area_ids: BTreeSet<&str> = map.area.iter().map(|a| a.id.get_ref().as_str()).collect();
    let mut laid: BTreeSet<&str> = BTreeSet::new();
    for p in &g.province {
        let id = p.area.get_ref().as_str();
        if !area_ids.contains(id) {
            diags.push(
                Diagnostic::error("unknown-reference", format!("no area `{id}` on this map"))
                    .at(at(p.area.span()))
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        id,
                        area_ids.iter().copied(),
                    )),
            );
        } else if !laid.insert(id) {
            diags.push(
                Diagnostic::error("duplicate-id", format!("area `{id}` has two provinces"))
                    .at(at(p.area.span())),
            );
        }
        check_point(&mut diags, file, &p.at);
        if let Some(seeds) = &p.seeds {
            if !seeds.get_ref().iter().all(|q| valid_point(*q)) {
                diags.push(
                    Diagnostic::error("bad-geometry", "a seed is not a point of the globe")
                        .at(at(seeds.span()))
                        .hint("give `[[latitude, longitude], …]` in degrees"),
                );
            }
        }
        if p.outline.is_some() && p.natural_earth.is_some() {
            diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!("province `{id}` has both an outline and Natural Earth countries"),
                )
                .at(at(p.area.span()))
                .hint("keep one of `outline` and `natural-earth`"),
            );
        }
        if let Some(o) = &p.outline {
            if o.get_ref().len() < 3 || !o.get_ref().iter().all(|q| valid_point(*q)) {
                diags.push(
                    Diagnostic::error(
                        "bad-geometry",
                        "an outline needs at least 3 points of `[latitude, longitude]` in degrees",
                    )
                    .at(at(o.span())),
                );
            }
        }
        for names in [&p.natural_earth, &p.inside].into_iter().flatten() {
            check_countries(&mut diags, file, names, atlas);
        }
    }
    for patch in g.land.iter().chain(&g.unplayable) {
        let name = patch.name.get_ref();
        match (&patch.outline, &patch.natural_earth) {
            (Some(_), Some(_)) => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!("`{name}` has both an outline and Natural Earth countries"),
                )
                .at(at(patch.name.span()))
                .hint("keep one of `outline` and `natural-earth`"),
            ),
            (None, None) => diags.push(
                Diagnostic::error("missing-key", format!("`{name}` has no shape"))
                    .at(at(patch.name.span()))
                    .hint("give an `outline = [[lat, lon], …]` or `natural-earth = [\"Country\"]`"),
            ),
            _ => {}
        }
        if let Some(o) = &patch.outline {
            if o.get_ref().len() < 3 || !o.get_ref().iter().all(|q| valid_point(*q)) {
                diags.push(
                    Diagnostic::error(
                        "bad-geometry",
                        "an outline needs at least 3 points of `[latitude, longitude]` in degrees",
                    )
                    .at(at(o.span())),
                );
            }
        }
        for names in [&patch.natural_earth, &patch.inside].into_iter().flatten() {
            check_countries(&mut diags, file, names, atlas);
        }
    }
    for c in &g.crossing {
        let [a, b] = c.between.get_ref();
        for x in [a, b] {
            if !area_ids.contains(x.get_ref().as_str()) {
                diags.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("no area `{}` on this map", x.get_ref()),
                    )
                    .at(at(x.span()))
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        x.get_ref(),
                        area_ids.iter().copied(),
                    )),
                );
            }
        }
        if a.get_ref() == b.get_ref() {
            diags.push(
                Diagnostic::error(
                    "bad-crossing",
                    format!("a crossing between `{}` and itself", a.get_ref()),
                )
                .at(at(c.between.span()))
                .hint("a crossing joins two provinces across water: name both"),
            );
        }
        if let Some(line) = &c.line {
            if !line.get_ref().iter().all(|q| valid_point(*q)) {
                diags.push(
                    Diagnostic::error("bad-geometry", "a point of the line is not on the globe")
                        .at(at(line.span()))
                        .hint("give `[[latitude, longitude], [latitude, longitude]]` in degrees"),
                );
            }
        }
    }
    // Lakes: drawn over the provinces they lie in; one that is not there is a mistake.
    for l in &g.lake {
        check_point(&mut diags, file, &l.at);
        let [lat, lon] = *l.at.get_ref();
        if valid_point([lat, lon]) && atlas.is_some_and(|a| a.lake_at(lat, lon).is_none()) {
            diags.push(no_lake(file, l));
        }
    }
    for a in map.area.iter().filter(|a| a.within.is_none()) {
        if !laid.contains(a.id.get_ref().as_str()) {
            diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("area `{}` has no `[[map.geography.province]]`", a.id.get_ref()),
                )
                .at(at(a.id.span()))
                .hint("give it a seed point: `[[map.geography.province]]` with `area` and `at = [lat, lon]`"),
            );
        }
    }
    let Some(projection) = projection else {
        return Err(diags);
    };
    if diags.has_errors() {
        return Err(diags);
    }
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
        &|t| known.water.contains(t),
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
        out.report.push(Adjustment::Adjacency {
            a,
            b,
            outlines_touch,
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

/// A lake whose point lies in no Natural Earth lake.
fn no_lake(file: FileId, l: &crate::load::schema::geography::Lake) -> Diagnostic {
    let [lat, lon] = *l.at.get_ref();
    Diagnostic::error(
        "unknown-reference",
        format!(
            "no Natural Earth lake at [{lat}, {lon}] for `{}`",
            l.name.get_ref()
        ),
    )
    .at(Span::new(file, l.at.span()))
    .hint("give a point well inside the lake (Natural Earth's 1:10m lakes), on the map")
}
