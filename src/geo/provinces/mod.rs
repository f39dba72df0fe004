//! Area maps from geography: the picture's extent projected to kilometres, the land cut
//! from Natural Earth's coast (with the land the board adds where a strait is too narrow for
//! it; the sea is the rest), and each province's shape — its given outline or Natural Earth
//! countries, else the land (or sea, for a water area) nearer to one of its seed points than
//! to any other province's of the same kind — turned into the outline and label position
//! the map's art draws. Land no province takes (an island without a seed, land declared
//! unplayable) is drawn but in no province; the islands inside a sea stay out of its outline.
//! A split coast's fleet stands where the province meets the seas that coast reaches. The
//! borders the outlines share, and the straits the geography declares crossed
//! (`[[map.geography.crossing]]`, two provinces bordering across water), are the adjacency
//! they imply, which the report (and `check`) compares with the declared adjacency and moves.
//!
//! This file holds the picture and `lay`, which puts the steps together: the cells and
//! pieces provinces are cut from are in `cells.rs`, rings in picture pixels in `rings.rs`,
//! unit and fleet boxes in `boxes.rs`, the warnings about what a player would see in
//! `warnings.rs`, and the adjacency the outlines imply in `adjacency.rs`.

use std::collections::{BTreeMap, BTreeSet};

use geo::{
    Area, BooleanOps, BoundingRect, Contains, LineString, MapCoords, MultiPolygon, Point, Polygon,
    Rect, Simplify,
};
use rayon::prelude::*;
use serde::Serialize;

use super::cache::{cut, Cut};
use super::coverage::Coverage;
use super::natural_earth::Atlas;
use super::projection::Projection;
use super::{Adjustment, Km};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::schema::geography::{Geography, LatLon, Patch};
use crate::load::schema::Map;
use crate::load::source::FileId;
pub use crate::model::map::OffBoardKind;

mod adjacency;
mod boxes;
mod cells;
mod interior;
mod rings;
mod warnings;

pub use adjacency::DraftMoves;
pub(super) use adjacency::{compare_adjacency, draft_adjacency};
pub(super) use boxes::Boxes;
use boxes::{coast_positions, in_ring};
use cells::{
    boxes_overlap, cover, given_shape, overlapping, owner, patches, region, seeded_pieces,
    shared_length, to_km, Taken, SHARED_KM,
};
use interior::interior;
use rings::{bbox, ring_px, to_ring, to_segment, P2};
pub(crate) use rings::{with_holes, with_islands};
use warnings::{boxes_in_their_provinces, grey_land_warnings};

/// An area as laid: its outline and where its name goes, in the picture's pixels.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedArea {
    /// The area's id.
    pub id: String,
    /// Where its name is printed.
    pub position: [f64; 2],
    /// Its outline (the largest piece when it has several); a sea's islands are cut out of
    /// it, each joined to the ring by a cut there and back.
    pub outline: Vec<[f64; 2]>,
    /// Where a fleet stands on each of its split coasts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub coasts: Vec<ComputedCoast>,
}

/// What a province board's picture draws outside every province, in pixels: land and water
/// off the board, and lakes.
#[derive(Debug, Clone, Serialize)]
pub struct OffBoard {
    /// Land, water or a lake.
    pub kind: OffBoardKind,
    /// Its outline.
    pub outline: Vec<[f64; 2]>,
}

/// An area map as laid: its areas and what is drawn outside them.
#[derive(Debug, Clone, Default)]
pub struct Laid {
    /// The areas, in the order of the provinces.
    pub areas: Vec<ComputedArea>,
    /// Land and water off the board, and lakes.
    pub off_board: Vec<OffBoard>,
}

/// Where a fleet on one split coast of a province stands, in pixels.
#[derive(Debug, Clone, Serialize)]
pub struct ComputedCoast {
    /// The coast's id (`nc`).
    pub id: String,
    /// The point.
    pub position: [f64; 2],
}

/// The outlines are simplified to within this many pixels.
const SIMPLIFY_PX: f64 = 0.6;

/// The smallest island a sea's outline leaves out, in square pixels; a smaller one is
/// drawn as sea.
const ISLAND_PX2: f64 = 20.0;

/// How far a split coast's fleet stands inside the coast, in pixels.
const COAST_INSET_PX: f64 = 10.0;

/// A point of an outline lies on another area's border within this many pixels.
const BORDER_PX: f64 = 3.0;

/// The picture: its extent in km and the scale.
pub struct Picture {
    west: f64,
    north: f64,
    /// Pixels per km.
    scale: f64,
    /// Width and height in pixels.
    pub size: [u32; 2],
    frame: Rect<f64>,
}

impl Picture {
    /// The picture of a latitude/longitude box, `width` pixels wide.
    pub fn new(projection: &Projection, [sw, ne]: [LatLon; 2], width: u32) -> Option<Self> {
        let (mut west, mut south, mut east, mut north) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        // The box's edges are curves once projected: walk them.
        for k in 0..=32 {
            let t = f64::from(k) / 32.0;
            let lat = sw[0] + (ne[0] - sw[0]) * t;
            let lon = sw[1] + (ne[1] - sw[1]) * t;
            for (la, lo) in [(lat, sw[1]), (lat, ne[1]), (sw[0], lon), (ne[0], lon)] {
                let (x, y) = projection.project(la, lo);
                west = west.min(x);
                east = east.max(x);
                south = south.min(y);
                north = north.max(y);
            }
        }
        let scale = f64::from(width) / (east - west);
        let height = ((north - south) * scale).ceil();
        if !(scale.is_finite() && scale > 0.0 && (1.0..=20_000.0).contains(&height)) {
            return None;
        }
        Some(Self {
            west,
            north,
            scale,
            size: [width, height as u32],
            frame: Rect::new((west, south), (east, north)),
        })
    }

    /// Where a point in projected kilometres lies on the picture, in pixels.
    pub fn px(&self, (x, y): Km) -> [f64; 2] {
        let r = |v: f64| (v * 10.0).round() / 10.0;
        [
            r((x - self.west) * self.scale),
            r((self.north - y) * self.scale),
        ]
    }

    /// The latitude/longitude box the picture shows (its edges walked and unprojected):
    /// south-west and north-east corners.
    pub fn bounds(&self, projection: &Projection) -> [LatLon; 2] {
        let (mut south, mut west, mut north, mut east) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        let (x0, y0) = (self.frame.min().x, self.frame.min().y);
        let (x1, y1) = (self.frame.max().x, self.frame.max().y);
        for k in 0..=32 {
            let t = f64::from(k) / 32.0;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            for (px, py) in [(x, y0), (x, y1), (x0, y), (x1, y)] {
                let (lat, lon) = projection.unproject(px, py);
                south = south.min(lat);
                north = north.max(lat);
                west = west.min(lon);
                east = east.max(lon);
            }
        }
        [[south, west], [north, east]]
    }
}

/// A province as drawn: its outline and label's place, the warning its size gives and where
/// its label moved (off its seed), if anywhere.
struct Drawn {
    warning: Option<Diagnostic>,
    moved_to: Option<[f64; 2]>,
    area: ComputedArea,
}

/// Lay an area map's provinces. `water` says whether an area's terrain is water; a
/// province drawn much larger or smaller than its seeds' share is a warning located in
/// `file`.
#[allow(clippy::too_many_arguments)]
pub(super) fn lay(
    g: &Geography,
    map: &Map,
    projection: &Projection,
    picture: &Picture,
    atlas: &Atlas,
    (water, placed): (&dyn Fn(&str) -> bool, &crate::geo::CoastIds),
    sizes: Boxes,
    report: &mut Vec<Adjustment>,
    (file, warnings): (FileId, &mut Diagnostics),
) -> Laid {
    let frame = MultiPolygon::new(vec![picture.frame.to_polygon()]);
    // What the data covers of the picture: beyond it there is neither land nor sea.
    let data = match atlas.covers {
        Some(c) => cut(
            &to_km(
                &super::natural_earth::densified(&MultiPolygon::new(vec![c.to_polygon()])),
                projection,
            ),
            &frame,
            Cut::Intersection,
        ),
        None => frame.clone(),
    };
    // The coast and the patches are cut side by side (each cut is the same on any thread).
    let (coast, (added, unplayable)) = rayon::join(
        || cut(&to_km(&atlas.land, projection), &data, Cut::Intersection),
        || {
            let added = patches(&g.land, atlas, projection);
            let added = (!added.0.is_empty()).then(|| cut(&added, &data, Cut::Intersection));
            (added, patches(&g.unplayable, atlas, projection))
        },
    );
    let land = match added {
        None => coast,
        Some(added) => cut(&coast, &added, Cut::Union),
    };
    let all_sea = cut(&data, &land, Cut::Difference);
    // Water marked off the board is no sea's.
    let sea = if unplayable.0.is_empty() {
        all_sea.clone()
    } else {
        cut(&all_sea, &unplayable, Cut::Difference)
    };
    let terrain: BTreeMap<&str, &str> = map
        .area
        .iter()
        .map(|a| (a.id.get_ref().as_str(), a.terrain.get_ref().as_str()))
        .collect();
    let kinds: Vec<bool> = g
        .province
        .iter()
        .map(|p| {
            terrain
                .get(p.area.get_ref().as_str())
                .is_some_and(|t| water(t))
        })
        .collect();
    // Given shapes first: an outline (within countries) or Natural Earth countries.
    let given: Vec<Option<MultiPolygon<f64>>> = g
        .province
        .par_iter()
        .zip(&kinds)
        .map(|(p, &is_water)| {
            let base = if is_water { &sea } else { &land };
            given_shape(
                p.outline.as_ref().map(|o| o.get_ref()),
                p.natural_earth.as_ref().map(|n| n.get_ref()),
                p.inside.as_ref().map(|n| n.get_ref()),
                atlas,
                projection,
            )
            .map(|s| cut(&s, base, Cut::Intersection))
        })
        .collect();
    let seeds: Vec<Vec<Km>> = g
        .province
        .iter()
        .map(|p| {
            std::iter::once(p.at.get_ref())
                .chain(p.seeds.iter().flat_map(|s| s.get_ref().iter()))
                .map(|[lat, lon]| projection.project(*lat, *lon))
                .collect()
        })
        .collect();
    // What a given shape holds: the pieces holding its seeds (its largest when none does);
    // the rest goes back to be shared.
    let held: Vec<Option<MultiPolygon<f64>>> = given
        .iter()
        .zip(&seeds)
        .map(|(s, seeds)| {
            s.as_ref()
                .map(|s| MultiPolygon::new(seeded_pieces(&s.0, seeds)))
        })
        .collect();
    // The land the seeds share: the land masses some land seed lies on, less what is
    // unplayable. The sea is shared whole.
    let seeded: Vec<Km> = seeds
        .iter()
        .zip(&kinds)
        .zip(&given)
        .filter(|((_, k), gv)| !**k && gv.is_none())
        .flat_map(|((s, _), _)| s.iter().copied())
        .collect();
    let covers: Vec<Coverage> = land.0.iter().map(Coverage::of_polygon).collect();
    let on_seed: Vec<bool> = covers
        .iter()
        .map(|c| seeded.iter().any(|&(x, y)| c.contains(x, y)))
        .collect();
    // A point on a land mass no seed lies on (an island): land of no province.
    let on_island = |(x, y): Km| {
        covers
            .iter()
            .zip(&on_seed)
            .any(|(c, seeded)| !seeded && c.contains(x, y))
    };
    let shared_land = {
        let masses = if on_seed.iter().all(|s| *s) {
            land.clone()
        } else {
            MultiPolygon::new(
                land.0
                    .iter()
                    .zip(&on_seed)
                    .filter(|(_, s)| **s)
                    .map(|(p, _)| p.clone())
                    .collect(),
            )
        };
        if unplayable.0.is_empty() {
            masses
        } else {
            cut(&masses, &unplayable, Cut::Difference)
        }
    };
    // Each seeded province's region among the seeds of its kind.
    let regions: Vec<Option<MultiPolygon<f64>>> = (0..g.province.len())
        .into_par_iter()
        .map(|i| {
            given[i].is_none().then(|| {
                let others: Vec<Km> = (0..g.province.len())
                    .filter(|&j| j != i && kinds[j] == kinds[i] && given[j].is_none())
                    .flat_map(|j| seeds[j].iter().copied())
                    .collect();
                region(&seeds[i], &others, &picture.frame)
            })
        })
        .collect();
    // What the given shapes hold is no seed's: taken out of the land and the sea once, before
    // they are shared (an outline's few points against the long coast, kept in the cache
    // while the outlines stay as they are).
    let free = |water: bool, base: &MultiPolygon<f64>| {
        let given = held
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| **k == water)
            .filter_map(|(h, _)| h.as_ref())
            .cloned()
            .reduce(|all, h| cut(&all, &h, Cut::Union));
        match given {
            Some(given) if overlapping(base, &given) => cut(base, &given, Cut::Difference),
            _ => base.clone(),
        }
    };
    let (free_land, free_sea) = rayon::join(|| free(false, &shared_land), || free(true, &sea));
    // The land and the sea are each cut to all the regions of their kind in one go (regions
    // stop a hair short of their neighbours', so each piece of the cut is one region's):
    // the long coast is read once a kind.
    let cut_kind = |water: bool| -> Vec<(usize, Polygon<f64>)> {
        let members: Vec<usize> = (0..g.province.len())
            .filter(|&i| kinds[i] == water && regions[i].as_ref().is_some_and(|r| !r.0.is_empty()))
            .collect();
        if members.is_empty() {
            return Vec::new();
        }
        let base = if water { &free_sea } else { &free_land };
        let windows = MultiPolygon::new(
            members
                .iter()
                .flat_map(|&i| regions[i].iter().flat_map(|r| r.0.iter().cloned()))
                .collect(),
        );
        base.intersection(&windows)
            .0
            .into_par_iter()
            .filter_map(|piece| owner(&piece, &members, &regions).map(|i| (i, piece)))
            .collect()
    };
    let (land_cut, sea_cut) = rayon::join(|| cut_kind(false), || cut_kind(true));
    let mut cut_of: Vec<Vec<Polygon<f64>>> = vec![Vec::new(); g.province.len()];
    for (i, piece) in land_cut.into_iter().chain(sea_cut) {
        cut_of[i].push(piece);
    }
    let shapes: Vec<MultiPolygon<f64>> = cut_of
        .into_iter()
        .enumerate()
        .map(|(i, pieces)| {
            // A given shape is the pieces holding its seeds; the rest was shared with the
            // seeds.
            held[i].clone().unwrap_or_else(|| MultiPolygon::new(pieces))
        })
        .collect();
    // A province is the piece holding its seed (its name's point, else another seed, else
    // its largest piece) and every other piece holding one of its seeds (an island); a
    // piece holding none joins the neighbour of its kind whose drawn piece it borders most
    // (a firth cut off from its sea by a headland, a peninsula across a bay from its
    // province), else it is drawn off the board.
    let mut drawn: Vec<Option<Polygon<f64>>> = Vec::with_capacity(shapes.len());
    let mut islands: Vec<Vec<Polygon<f64>>> = vec![Vec::new(); shapes.len()];
    let mut apart: Vec<(usize, Polygon<f64>)> = Vec::new();
    for (i, shape) in shapes.iter().enumerate() {
        let own = seeded_pieces(&shape.0, &seeds[i]);
        let mut own = own.into_iter();
        drawn.push(own.next());
        islands[i].extend(own);
        apart.extend(
            shape
                .0
                .iter()
                .filter(|p| !seeds[i].iter().any(|&(x, y)| p.contains(&Point::new(x, y))))
                .filter(|p| drawn[i].as_ref() != Some(*p))
                .map(|piece| (i, piece.clone())),
        );
    }
    let mut joined: Vec<(usize, usize, Polygon<f64>)> = Vec::new();
    // The pieces a province took that its union left apart from its drawn piece (along a
    // border the two cuts rounded a hair apart, or across a gap narrower than
    // [`SHARED_KM`]): drawn with it all the same, each joined to it by a cut.
    let mut taken_apart: Vec<Vec<Polygon<f64>>> = vec![Vec::new(); drawn.len()];
    // Each drawn piece and the pieces joined to it in this round, with their box: a piece
    // apart is measured against the members of the provinces whose box meets its own. A
    // province's new members are joined to its drawn piece once a round, in one union (one
    // union per piece with the province's whole outline took most of the time on a board
    // of long coasts).
    let mut members: Vec<Vec<(Rect<f64>, Polygon<f64>)>> = drawn
        .iter()
        .map(|d| {
            d.iter()
                .filter_map(|p| Some((p.bounding_rect()?, p.clone())))
                .collect()
        })
        .collect();
    let mut boxes: Vec<Option<Rect<f64>>> = drawn
        .iter()
        .map(|d| d.as_ref().and_then(BoundingRect::bounding_rect))
        .collect();
    // Each piece apart with its place in the order of the pieces, kept from round to round.
    let mut apart: Vec<(usize, usize, Rect<f64>, Polygon<f64>)> = apart
        .into_iter()
        .filter_map(|(i, piece)| Some((i, piece.bounding_rect()?, piece)))
        .enumerate()
        .map(|(k, (i, b, piece))| (k, i, b, piece))
        .collect();
    // The boxes of the provinces the last round changed (none before the first).
    let mut changed: Option<Vec<Rect<f64>>> = None;
    loop {
        // This round's joins, in order.
        let mut round: Vec<Taken> = Vec::new();
        let mut left = Vec::new();
        // The neighbour a piece shares its longest border with, among the members as they
        // stand (the first area of those).
        let best_for = |i: usize,
                        piece_box: &Rect<f64>,
                        piece: &Polygon<f64>,
                        members: &[Vec<(Rect<f64>, Polygon<f64>)>],
                        boxes: &[Option<Rect<f64>>]| {
            let mut best: Option<(f64, usize)> = None;
            for j in 0..drawn.len() {
                let Some(b) = &boxes[j] else { continue };
                if j == i || kinds[j] != kinds[i] || !boxes_overlap(piece_box, b) {
                    continue;
                }
                let near = members[j]
                    .iter()
                    .filter(|(mb, _)| boxes_overlap(piece_box, mb))
                    .map(|(_, m)| m);
                let n = shared_length(piece, piece_box, near);
                if n >= SHARED_KM && best.is_none_or(|(m, _)| n > m) {
                    best = Some((n, j));
                }
            }
            best
        };
        // Each piece measured against the members as the round began, side by side; a piece
        // near one joined earlier in the round is measured again as it then stands, so the
        // joins are those of one piece after the other.
        // After the first round, only a piece near a province that changed can find a
        // neighbour it did not find before.
        let first: Vec<Option<(f64, usize)>> = apart
            .par_iter()
            .map(|(_, i, piece_box, piece)| {
                let measured = changed
                    .as_ref()
                    .is_none_or(|c| c.iter().any(|b| boxes_overlap(piece_box, b)));
                measured
                    .then(|| best_for(*i, piece_box, piece, &members, &boxes))
                    .flatten()
            })
            .collect();
        let mut joined_boxes: Vec<Rect<f64>> = Vec::new();
        for ((k, i, piece_box, piece), first) in apart.into_iter().zip(first) {
            let best = if joined_boxes.iter().any(|b| boxes_overlap(&piece_box, b)) {
                best_for(i, &piece_box, &piece, &members, &boxes)
            } else {
                first
            };
            match best {
                Some((_, j)) => {
                    members[j].push((piece_box, piece.clone()));
                    boxes[j] = boxes[j].map(|b| cover(&b, &piece_box));
                    joined_boxes.push(piece_box);
                    round.push((k, i, j, piece_box, piece));
                }
                None => left.push((k, i, piece_box, piece)),
            }
        }
        if round.is_empty() {
            apart = left;
            break;
        }
        // Each province that took pieces, joined once: the piece of the union holding its
        // drawn piece.
        let into: BTreeSet<usize> = round.iter().map(|(_, _, j, _, _)| *j).collect();
        let wholes: Vec<(usize, Option<Polygon<f64>>)> = into
            .par_iter()
            .copied()
            .map(|j| {
                let whole = drawn[j].as_ref().and_then(|d| {
                    let inside = interior(d)?;
                    let pieces: Vec<Polygon<f64>> = round
                        .iter()
                        .filter(|(_, _, into, _, _)| *into == j)
                        .map(|(_, _, _, _, p)| p.clone())
                        .collect();
                    MultiPolygon::new(vec![d.clone()])
                        .union(&MultiPolygon::new(pieces))
                        .0
                        .into_iter()
                        .find(|w| w.contains(&inside))
                });
                (j, whole)
            })
            .collect();
        for (j, whole) in wholes {
            if whole.is_some() {
                drawn[j] = whole;
            }
            boxes[j] = drawn[j].as_ref().and_then(BoundingRect::bounding_rect);
        }
        for (_, i, j, _, piece) in round {
            let held = drawn[j]
                .as_ref()
                .is_some_and(|d| interior(&piece).is_some_and(|q| d.contains(&q)));
            if !held {
                taken_apart[j].push(piece.clone());
            }
            joined.push((i, j, piece));
        }
        for &j in &into {
            members[j] = drawn[j]
                .iter()
                .chain(&taken_apart[j])
                .filter_map(|d| Some((d.bounding_rect()?, d.clone())))
                .collect();
            boxes[j] = members[j]
                .iter()
                .map(|(b, _)| *b)
                .reduce(|a, b| cover(&a, &b));
        }
        changed = Some(
            into.iter()
                .flat_map(|&j| members[j].iter().map(|(b, _)| *b))
                .collect(),
        );
        left.sort_by_key(|(k, ..)| *k);
        apart = left;
        if apart.is_empty() {
            break;
        }
    }
    let apart: Vec<(usize, Polygon<f64>)> = apart.into_iter().map(|(_, i, _, p)| (i, p)).collect();
    let r = |v: f64| (v * 10.0).round() / 10.0;
    let at = |piece: &Polygon<f64>| {
        interior(piece).map_or([f64::NAN; 2], |q| {
            let (lat, lon) = projection.unproject(q.x(), q.y());
            [r(lat), r(lon)]
        })
    };
    for (i, j, piece) in &joined {
        let km2 = piece.unsigned_area();
        let island = !kinds[*i] && interior(piece).is_some_and(|q| on_island((q.x(), q.y())));
        if km2 >= 1.0 && !island {
            report.push(Adjustment::PieceJoined {
                area: g.province[*i].area.get_ref().clone(),
                km2: km2.round(),
                at: at(piece),
                to: g.province[*j].area.get_ref().clone(),
            });
        }
    }
    // What is drawn off the board: land no province takes (an island without a seed, land
    // marked unplayable), water marked unplayable, and pieces no neighbour took.
    let mut off_land: Vec<Polygon<f64>> = Vec::new();
    let mut off_water: Vec<Polygon<f64>> = Vec::new();
    // Land drawn off the board though nobody said so: pieces of seeded land no province
    // took (false), islands without a seed (true).
    let mut grey: Vec<(Polygon<f64>, bool)> = Vec::new();
    for (i, piece) in &apart {
        let km2 = piece.unsigned_area();
        let island = !kinds[*i] && interior(piece).is_some_and(|q| on_island((q.x(), q.y())));
        if km2 >= 1.0 && !island {
            report.push(Adjustment::PieceLeftOut {
                area: g.province[*i].area.get_ref().clone(),
                km2: km2.round(),
                at: at(piece),
            });
        }
        if kinds[*i] {
            off_water.push(piece.clone());
        } else {
            if !island {
                grey.push((piece.clone(), false));
            }
            off_land.push(piece.clone());
        }
    }
    // Land masses no land province has a seed or a given shape on.
    let land_seeds: Vec<Km> = seeds
        .iter()
        .zip(&kinds)
        .filter(|(_, k)| !**k)
        .flat_map(|(s, _)| s.iter().copied())
        .collect();
    let given_land: Vec<&MultiPolygon<f64>> = held
        .iter()
        .zip(&kinds)
        .filter_map(|(h, k)| h.as_ref().filter(|_| !*k))
        .collect();
    let mut unseeded: Vec<&Coverage> = Vec::new();
    for (mass, cover) in land.0.iter().zip(&covers) {
        let seeded = land_seeds.iter().any(|&(x, y)| cover.contains(x, y))
            || given_land
                .iter()
                .any(|h| overlapping(h, &MultiPolygon::new(vec![mass.clone()])));
        if !seeded {
            grey.push((mass.clone(), true));
            off_land.push(mass.clone());
            unseeded.push(cover);
        }
    }
    if !unplayable.0.is_empty() {
        // Land marked unplayable, but for an island without a seed (Ireland off a board
        // of Europe), drawn whole above already.
        let (marked_land, marked_water) = rayon::join(
            || cut(&land, &unplayable, Cut::Intersection),
            || cut(&all_sea, &unplayable, Cut::Intersection),
        );
        off_land.extend(marked_land.0.into_iter().filter(|p| {
            !interior(p).is_some_and(|q| unseeded.iter().any(|c| c.contains(q.x(), q.y())))
        }));
        off_water.extend(marked_water.0);
    }
    grey_land_warnings(
        &grey,
        &unplayable,
        (g, &kinds, &seeds),
        (picture, sizes),
        projection,
        (file, warnings),
    );
    // The lakes the geography names, drawn over the provinces they lie in.
    let lakes: Vec<Polygon<f64>> = g
        .lake
        .iter()
        .filter_map(|l| {
            let [lat, lon] = *l.at.get_ref();
            atlas.lake_at(lat, lon)
        })
        .flat_map(|l| {
            cut(
                &to_km(&MultiPolygon::new(vec![l.clone()]), projection),
                &data,
                Cut::Intersection,
            )
            .0
        })
        .collect();
    let island_km2 = ISLAND_PX2 / (picture.scale * picture.scale);
    let rings = |polys: &[Polygon<f64>]| -> Vec<Vec<[f64; 2]>> {
        let mut out: Vec<Vec<[f64; 2]>> = polys
            .iter()
            .filter(|p| p.unsigned_area() >= island_km2)
            .map(|p| ring_px(picture, p.exterior()))
            .filter(|r| r.len() >= 3)
            .collect();
        out.sort_by(|a, b| {
            a[0][0]
                .total_cmp(&b[0][0])
                .then(a[0][1].total_cmp(&b[0][1]))
        });
        out
    };
    let mut off_board = Vec::new();
    for (kind, polys) in [
        (OffBoardKind::Water, &off_water),
        (OffBoardKind::Land, &off_land),
        (OffBoardKind::Lake, &lakes),
    ] {
        off_board.extend(
            rings(polys)
                .into_iter()
                .map(|outline| OffBoard { kind, outline }),
        );
    }
    // Each province drawn (its own work, side by side), then what it says, in order.
    let drawn_areas: Vec<Option<Drawn>> = g
        .province
        .par_iter()
        .enumerate()
        .map(|(i, p)| {
        let main = drawn[i].clone()?;
        let mut warning = None;
        // Drawn much smaller or larger than its seeds' share: a located warning.
        let share = shapes[i].unsigned_area();
        // Its drawn piece holds the pieces its union joined; the rest are drawn beside it.
        let drawn_km2 = main.unsigned_area()
            + islands[i]
                .iter()
                .chain(&taken_apart[i])
                .map(Area::unsigned_area)
                .sum::<f64>();
        if held[i].is_none() && share > 0.0 && !(0.5..=2.0).contains(&(drawn_km2 / share)) {
            warning = Some(
                Diagnostic::warning(
                    "province-shape",
                    format!(
                        "area `{}` is drawn {} km² where its seeds' share is {} km²",
                        p.area.get_ref(),
                        drawn_km2.round(),
                        share.round()
                    ),
                )
                .at(Span::new(file, p.area.span()))
                .hint("its seeds' share lies in pieces apart, drawn with its neighbours or off the board (`sandtable geo` lists them); move or add seeds, or mark the water or land off the board with `[[map.geography.unplayable]]`"),
            );
        }
        let mut outline = ring_px(picture, main.exterior());
        if kinds[i] {
            let holes: Vec<Vec<[f64; 2]>> = main
                .interiors()
                .iter()
                .filter(|h| Polygon::new((*h).clone(), vec![]).unsigned_area() >= island_km2)
                .map(|h| ring_px(picture, h))
                .filter(|h| h.len() >= 3)
                .collect();
            outline = with_holes(outline, holes);
        }
        // Its islands, each joined to the rest by a cut there and back.
        let own_islands: Vec<Vec<[f64; 2]>> = islands[i]
            .iter()
            .chain(&taken_apart[i])
            .map(|piece| ring_px(picture, piece.exterior()))
            .filter(|r| r.len() >= 3)
            .collect();
        outline = with_islands(outline, own_islands);
        let seed = picture.px(seeds[i][0]);
        let inside = Polygon::new(
            LineString::from(outline.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        );
        let mut moved_to = None;
        let position = if inside.contains(&Point::new(seed[0], seed[1])) {
            seed
        } else {
            let main_px = Polygon::new(
                LineString::from(
                    ring_px(picture, main.exterior())
                        .iter()
                        .map(|p| (p[0], p[1]))
                        .collect::<Vec<_>>(),
                ),
                vec![],
            );
            let moved = interior(&main_px).map_or(seed, |q| {
                [(q.x() * 10.0).round() / 10.0, (q.y() * 10.0).round() / 10.0]
            });
            moved_to = Some(moved);
            moved
        };
        Some(Drawn {
            warning,
            moved_to,
            area: ComputedArea {
                id: p.area.get_ref().clone(),
                position,
                outline,
                coasts: Vec::new(),
            },
        })
        })
        .collect();
    let mut out = Vec::new();
    for (p, d) in g.province.iter().zip(drawn_areas) {
        let Some(d) = d else {
            report.push(Adjustment::NoShape {
                area: p.area.get_ref().clone(),
            });
            continue;
        };
        if let Some(w) = d.warning {
            warnings.push(w);
        }
        if let Some(to) = d.moved_to {
            report.push(Adjustment::LabelMoved {
                area: p.area.get_ref().clone(),
                to,
            });
        }
        out.push(d.area);
    }
    coast_positions(
        map,
        &mut out,
        (water, placed),
        (picture.size, sizes),
        (file, warnings),
    );
    boxes_in_their_provinces(map, &out, sizes, (file, warnings));
    Laid {
        areas: out,
        off_board,
    }
}

#[cfg(test)]
mod tests {
    use super::boxes::{away, inset, run_length, runs};
    use super::cells::GAP_KM;
    use super::rings::{edges, meets};
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Vec<P2> {
        vec![[x, y], [x + side, y], [x + side, y + side], [x, y + side]]
    }

    fn inside(ring: &[P2], x: f64, y: f64) -> bool {
        let poly = Polygon::new(
            LineString::from(ring.iter().map(|p| (p[0], p[1])).collect::<Vec<_>>()),
            vec![],
        );
        poly.contains(&Point::new(x, y))
    }

    #[test]
    fn a_hole_joined_to_its_ring_stays_out() {
        let ring = square(0.0, 0.0, 100.0);
        let holes = vec![square(20.0, 20.0, 10.0), square(60.0, 60.0, 20.0)];
        let one = with_holes(ring, holes);
        assert_eq!(one.len(), 4 + 2 * (4 + 2));
        // (50, 50) lies on the cut from the first island to the second: off the diagonal.
        assert!(inside(&one, 50.0, 40.0));
        assert!(inside(&one, 10.0, 90.0));
        assert!(!inside(&one, 25.0, 25.0), "the first island");
        assert!(!inside(&one, 70.0, 70.0), "the second island");
        // The cut goes there and back: every edge of it is walked both ways.
        let cut = edges(&one)
            .filter(|(a, b)| edges(&one).any(|(c, d)| c == *b && d == *a))
            .count();
        assert_eq!(cut, 4);
    }

    #[test]
    fn a_cut_does_not_cross_another_hole() {
        // The nearer island sits between the farther one and the west side.
        let ring = square(0.0, 0.0, 100.0);
        let holes = vec![square(10.0, 40.0, 20.0), square(40.0, 45.0, 10.0)];
        let one = with_holes(ring, holes);
        for (a, b) in edges(&one) {
            for (c, d) in edges(&one) {
                assert!(
                    !meets(a, b, c, d) || (a == d && b == c) || (a == c && b == d),
                    "{a:?}-{b:?} crosses {c:?}-{d:?}"
                );
            }
        }
        assert!(!inside(&one, 45.0, 50.0) && !inside(&one, 20.0, 50.0));
        assert!(inside(&one, 35.0, 50.0));
    }

    #[test]
    fn a_province_is_the_piece_holding_its_seed_and_its_islands_not_its_largest() {
        let poly = |x: f64, side: f64| {
            Polygon::new(
                LineString::from(vec![(x, 0.0), (x + side, 0.0), (x + side, side), (x, side)]),
                vec![],
            )
        };
        // A large piece without a seed (a sea beyond the board), the seeded piece, an
        // island holding a second seed.
        let (large, seeded, island) = (poly(0.0, 100.0), poly(200.0, 10.0), poly(300.0, 5.0));
        let pieces = [large.clone(), island.clone(), seeded.clone()];
        let kept = seeded_pieces(&pieces, &[(205.0, 5.0), (302.0, 2.0)]);
        assert_eq!(kept, vec![seeded, island]);
        // No seed on any piece: the largest.
        assert_eq!(seeded_pieces(&pieces, &[(-50.0, -50.0)]), vec![large]);
    }

    #[test]
    fn an_island_is_joined_to_its_province_by_a_cut_there_and_back() {
        let ring = square(0.0, 0.0, 100.0);
        let island = square(150.0, 40.0, 20.0);
        let one = with_islands(ring, vec![island]);
        assert_eq!(one.len(), 4 + 4 + 2);
        assert!(inside(&one, 50.0, 50.0), "the province");
        assert!(inside(&one, 160.0, 50.0), "the island");
        assert!(!inside(&one, 125.0, 50.0), "the water between");
        let cut = edges(&one)
            .filter(|(a, b)| edges(&one).any(|(c, d)| c == *b && d == *a))
            .count();
        assert_eq!(cut, 2);
    }

    #[test]
    fn land_cut_along_a_parallel_follows_it_once_projected() {
        // Land from 50° to 60° north, cut to the box of a map whose south edge is 52°: the
        // cut runs along the parallel, which a conic projection curves. Projected as a
        // chord between its ends it left a band of the south of the picture without land
        // (taken for sea and handed to the nearest seas).
        let land = MultiPolygon::new(vec![Polygon::new(
            LineString::from(vec![(0.0, 50.0), (40.0, 50.0), (40.0, 60.0), (0.0, 60.0)]),
            vec![],
        )]);
        let atlas = Atlas {
            land,
            countries: BTreeMap::new(),
            lakes: Vec::new(),
            covers: None,
        };
        let cut = atlas.clipped(5.0, 52.0, 35.0, 58.0);
        let projection = Projection::lambert(55.0, 63.0, 59.0, 20.0).expect("a cone");
        let km = to_km(&cut.land, &projection);
        let (x, y) = projection.project(52.1, 20.0);
        assert!(km.contains(&Point::new(x, y)), "land just north of the cut");
        assert_eq!(cut.covers, Some(Rect::new((5.0, 52.0), (35.0, 58.0))));
    }

    #[test]
    fn several_seeds_make_one_region() {
        let frame = Rect::new((0.0, 0.0), (100.0, 100.0));
        // Two seeds on the west and the east, another province's in the middle.
        // Each seed's cell among the other province's: x < 30 and x > 70.
        // Each cell stops half the gap short of its bisector (100 km long); the overlay that
        // joins cells rounds to its grid.
        let r = region(&[(10.0, 50.0), (90.0, 50.0)], &[(50.0, 50.0)], &frame);
        assert_eq!(r.0.len(), 2);
        assert!((r.unsigned_area() - (6000.0 - 100.0 * GAP_KM)).abs() < 1e-4);
        let r = region(&[(10.0, 50.0), (30.0, 50.0)], &[(90.0, 50.0)], &frame);
        assert_eq!(r.0.len(), 1);
        assert!((r.unsigned_area() - (6000.0 - 50.0 * GAP_KM)).abs() < 1e-4);
    }

    #[test]
    fn a_coast_stands_on_its_stretch_of_sea_inside_the_province() {
        let ring: Vec<P2> = vec![
            [0.0, 0.0],
            [50.0, 0.0],
            [100.0, 0.0],
            [100.0, 50.0],
            [100.0, 100.0],
            [50.0, 100.0],
            [0.0, 100.0],
            [0.0, 50.0],
        ];
        let on = [true, false, false, true, true, true, false, true];
        // Two stretches, one wrapping round the ring's start.
        assert_eq!(runs(&on), vec![(3, 3), (7, 2)]);
        assert_eq!(runs(&[true; 3]), vec![(0, 3)]);
        assert!(runs(&[]).is_empty());
        assert_eq!(run_length(&ring, (3, 3)), 100.0);
        // A quarter of the way along the east side and round the corner, from its start.
        assert_eq!(away(&ring, (2, 5), 0, 75.0), [100.0, 75.0]);
        // From the far end, back the other way.
        assert_eq!(away(&ring, (2, 5), 4, 75.0), [75.0, 100.0]);
        // Moved inside, towards the province's name.
        assert_eq!(inset(&ring, [100.0, 50.0], [50.0, 50.0]), [90.0, 50.0]);
        assert_eq!(inset(&ring, [0.0, 25.0], [50.0, 50.0]), [8.9, 29.5]);
    }
}
