//! The picture of a hex map.
//!
//! The picture is exactly the layout's `hex_layout(game, geometry)` in size and every
//! hex is drawn around `geometry.centre(&layout, hex)`, the same maths as VASSAL's `HexGrid`,
//! so the grid VASSAL snaps to lies on the printed one. Layers, bottom to top: terrain fills
//! and patterns, coastlines, the thin grid, country borders, set-up regions, rivers and
//! straits, rail lines, cities, hex numbers (at the top of each hex, where VASSAL's numbering
//! would print them, and left out where a name is), names with a halo, edge labels in the
//! margin. The cartouche (title and legend) is drawn over it by the caller, or below it with
//! the strip ([`super::cartouche`]).

use std::collections::BTreeSet;

use tiny_skia::{PathBuilder, Transform};

use super::canvas::{Canvas, Pen, Rgba};
use super::patterns::{self, Pattern};
use super::symbols::star_points;
use super::text::{Align, Face, Font};
use crate::layout::cartouche::{self, setup_regions, tag_features};
use crate::layout::{hex_layout, map_margin};
use crate::model::map::PlaceAt;
use crate::model::{
    Game, HexCoord, HexGeometry, HexLayout, HexMap, Map, MapId, MapKind, Orientation, Terrain,
    TerrainKind,
};

/// The paper colour around and under the map.
pub const PAPER: Rgba = Rgba(0xf4, 0xef, 0xe1, 255);
/// Outline of set-up regions.
pub const REGION_RED: Rgba = Rgba(0xd0, 0x10, 0x10, 255);

/// How a place of a feature terrain is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CityKind {
    /// A big filled square.
    Major,
    /// A small circle.
    Minor,
    /// A star in a square.
    Fortress,
}

/// The drawing of a feature terrain, from its id and name.
pub fn city_kind(t: &Terrain) -> CityKind {
    let s = format!("{} {}", t.id, t.name).to_ascii_lowercase();
    if s.contains("fort") || s.contains("bastion") || s.contains("citadel") {
        CityKind::Fortress
    } else if s.contains("major") || s.contains("capital") || s.contains("large") {
        CityKind::Major
    } else {
        CityKind::Minor
    }
}

/// Whether a hexside terrain is drawn as a dashed crossing (straits, ferries).
pub fn is_strait(id: &str, name: &str) -> bool {
    let s = format!("{id} {name}").to_ascii_lowercase();
    s.contains("strait") || s.contains("ferry") || s.contains("crossing")
}

/// An axis-aligned rectangle (x0, y0, x1, y1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Left.
    pub x0: f32,
    /// Top.
    pub y0: f32,
    /// Right.
    pub x1: f32,
    /// Bottom.
    pub y1: f32,
}

impl Bounds {
    fn overlap(&self, o: &Bounds) -> f32 {
        let w = (self.x1.min(o.x1) - self.x0.max(o.x0)).max(0.0);
        let h = (self.y1.min(o.y1) - self.y0.max(o.y0)).max(0.0);
        w * h
    }

    fn grow(&self, d: f32) -> Bounds {
        Bounds {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }
}

struct Ctx<'a> {
    game: &'a Game,
    map: &'a Map,
    hm: &'a HexMap,
    geo: &'a HexGeometry,
    layout: HexLayout,
    dy: f32,
}

impl Ctx<'_> {
    fn centre(&self, c: HexCoord) -> (f32, f32) {
        let (x, y) = self.geo.centre(&self.layout, c);
        (x as f32, y as f32)
    }

    fn corners(&self, c: HexCoord) -> [(f32, f32); 6] {
        self.corners_at(self.centre(c))
    }

    /// The corners of a hex centred at `centre` (a sprite's own point).
    fn corners_at(&self, (x, y): (f32, f32)) -> [(f32, f32); 6] {
        self.geo
            .corners(&self.layout, (f64::from(x), f64::from(y)))
            .map(|(a, b)| (a as f32, b as f32))
    }

    /// The distance from a hex's centre to its corners.
    fn radius(&self) -> f32 {
        self.dy / 3f32.sqrt()
    }

    /// Which way the hexes lie, as a sprite key's number.
    fn turned(&self) -> u32 {
        match self.geo.orientation {
            Orientation::Columns => 0,
            Orientation::Rows => 1,
        }
    }

    /// The side of hex `a` towards its neighbour in direction `dir`.
    fn side(&self, a: HexCoord, dir: usize) -> ((f32, f32), (f32, f32)) {
        let k = self.corners(a);
        let (i, j) = HexGeometry::side_corners(dir);
        (k[i], k[j])
    }

    fn terrain(&self, c: HexCoord) -> &Terrain {
        &self.game.terrain[self.hm.hex(c).terrain]
    }

    fn is_land(&self, c: HexCoord) -> bool {
        self.terrain(c).kind != TerrainKind::Water
    }

    /// Every side between a hex and a neighbour (or the outside) once, with the neighbour.
    fn sides(&self) -> Vec<(HexCoord, usize, HexCoord)> {
        let mut v = Vec::new();
        for c in self.geo.coords() {
            for (dir, n) in self.geo.around(c).into_iter().enumerate() {
                if !self.geo.contains(n) || c < n {
                    v.push((c, dir, n));
                }
            }
        }
        v
    }
}

/// The size of a hex map's picture: its layout's. Panics if `map` is not a hex map.
pub fn size(game: &Game, map: MapId) -> (u32, u32) {
    let MapKind::Hex(hm) = &game.maps[map].kind else {
        panic!("hex_map::size called on an area map");
    };
    let layout = hex_layout(game, &hm.geometry);
    (layout.width, layout.height)
}

/// Draw a hex map on a canvas of its [`size`] on paper. Panics if `map` is not a hex map.
pub fn draw(c: &mut Canvas, game: &Game, map: MapId) {
    let m = &game.maps[map];
    let MapKind::Hex(hm) = &m.kind else {
        panic!("hex_map::draw called on an area map");
    };
    let layout = hex_layout(game, &hm.geometry);
    let cx = Ctx {
        game,
        map: m,
        hm,
        geo: &hm.geometry,
        layout,
        dy: layout.dy as f32,
    };
    terrain(c, &cx);
    lines(c, &cx);
    rails(c, &cx);
    set_lines(c, &cx);
    let labels = places(c, &cx);
    numbers(c, &cx, &labels);
    draw_labels(c, &labels);
    edges(c, &cx);
}

fn terrain(c: &mut Canvas, cx: &Ctx) {
    // Every hex is the same shape around a centre on a whole pixel, so each terrain colour's
    // hex is painted once (a sprite) and laid wherever a hex has that colour.
    let reach = cx.radius() + 0.5;
    for h in cx.geo.coords() {
        let colour = Rgba::of(cx.terrain(h).colour);
        let key = (
            "hex fill",
            [colour.packed(), cx.dy.to_bits(), cx.turned(), 0],
        );
        c.sprite(key, cx.centre(h), reach, |c, x, y| {
            // Filled half a pixel beyond its sides: the anti-aliased edges of two
            // neighbours would otherwise let the paper show through along the side they
            // share.
            c.fill_poly(&grown((x, y), &cx.corners_at((x, y)), 0.5), colour);
        });
    }
    for h in cx.geo.coords() {
        let hex = cx.hm.hex(h);
        let seed = patterns::hash(i64::from(h.col), i64::from(h.row));
        let centre = cx.centre(h);
        let k = cx.corners(h);
        let base = Rgba::of(cx.game.terrain[hex.terrain].colour);
        let mut pats: Vec<(Pattern, Rgba)> = Vec::new();
        for t in std::iter::once(hex.terrain).chain(hex.features.iter().copied()) {
            // A feature with a pattern (a fortified line) is drawn as it, in its own colour;
            // one without is a symbol (`places`).
            let feature = cx.game.terrain[t].kind == TerrainKind::Feature;
            if feature && !cartouche::feature_drawn_as_pattern(cx.game, t) {
                continue;
            }
            let t = &cx.game.terrain[t];
            let ink = if feature { Rgba::of(t.colour) } else { base };
            if let Some(p) = Pattern::parse(t.pattern.as_deref()) {
                if !pats.iter().any(|(q, _)| *q == p) {
                    pats.push((p, ink));
                }
            }
        }
        for (p, ink) in pats {
            patterns::fill_hex(c, p, centre, &k, cx.dy, ink, seed);
        }
    }
}

/// A convex polygon around `centre` grown so that each side moves out by at least `by`.
fn grown(centre: (f32, f32), corners: &[(f32, f32)], by: f32) -> Vec<(f32, f32)> {
    // The nearest side sets the scale: sides move out in proportion to their distance.
    let apothem = corners
        .iter()
        .zip(corners.iter().cycle().skip(1))
        .map(|(a, b)| {
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            (mx - centre.0).hypot(my - centre.1)
        })
        .fold(f32::INFINITY, f32::min);
    if !(apothem.is_finite() && apothem > 0.0) {
        return corners.to_vec();
    }
    let k = 1.0 + by / apothem;
    corners
        .iter()
        .map(|&(x, y)| (centre.0 + (x - centre.0) * k, centre.1 + (y - centre.1) * k))
        .collect()
}

fn lines(c: &mut Canvas, cx: &Ctx) {
    let sides = cx.sides();
    let w = (cx.dy / 64.0).max(0.6);
    // Coastlines.
    let mut coast = PathBuilder::new();
    for &(a, dir, b) in &sides {
        if cx.geo.contains(b) && cx.is_land(a) != cx.is_land(b) {
            let (p, q) = cx.side(a, dir);
            coast.move_to(p.0, p.1);
            coast.line_to(q.0, q.1);
        }
    }
    let water = cx
        .game
        .terrain
        .iter()
        .find(|t| t.kind == TerrainKind::Water)
        .map_or(Rgba(60, 110, 170, 255), |t| Rgba::of(t.colour).darker(0.45));
    if let Some(p) = coast.finish() {
        c.stroke_path(&p, &Pen::new(water, 1.6 * w), Transform::identity());
    }

    // The grid.
    let pen = Pen::new(Rgba(40, 40, 40, 110), 0.8 * w);
    if pen.width <= 1.0 {
        // A hairline, whose sides `tiny-skia` draws one by one: each hex's sides (those
        // towards a later neighbour or the outside) are painted once per set of sides and
        // laid at every hex, the way the fills are.
        let mut sides_of: Vec<(HexCoord, u32)> = Vec::new();
        for &(a, dir, _) in &sides {
            match sides_of.last_mut() {
                Some((h, mask)) if *h == a => *mask |= 1 << dir,
                _ => sides_of.push((a, 1 << dir)),
            }
        }
        let reach = cx.radius() + 1.0;
        for (h, mask) in sides_of {
            let key = ("hex sides", [mask, cx.dy.to_bits(), cx.turned(), 0]);
            c.sprite(key, cx.centre(h), reach, |c, x, y| {
                let k = cx.corners_at((x, y));
                let mut pb = PathBuilder::new();
                for dir in (0..6).filter(|d| mask & (1 << d) != 0) {
                    let (i, j) = HexGeometry::side_corners(dir);
                    pb.move_to(k[i].0, k[i].1);
                    pb.line_to(k[j].0, k[j].1);
                }
                if let Some(p) = pb.finish() {
                    c.stroke_path(&p, &pen, Transform::identity());
                }
            });
        }
    } else {
        // Wider: one path, so the sides' ends are not darkened twice where they meet.
        let mut grid = PathBuilder::new();
        for &(a, dir, _) in &sides {
            let (p, q) = cx.side(a, dir);
            grid.move_to(p.0, p.1);
            grid.line_to(q.0, q.1);
        }
        if let Some(p) = grid.finish() {
            c.stroke_path(&p, &pen, Transform::identity());
        }
    }

    // Country borders along land hexsides.
    let mut border = PathBuilder::new();
    for &(a, dir, b) in &sides {
        if cx.geo.contains(b)
            && cx.is_land(a)
            && cx.is_land(b)
            && cx.hm.hex(a).country != cx.hm.hex(b).country
        {
            let (p, q) = cx.side(a, dir);
            border.move_to(p.0, p.1);
            border.line_to(q.0, q.1);
        }
    }
    if let Some(p) = border.finish() {
        c.stroke_path(
            &p,
            &Pen::new(Rgba(255, 255, 255, 150), 4.5 * w),
            Transform::identity(),
        );
        c.stroke_path(
            &p,
            &Pen::new(Rgba(70, 40, 90, 230), 2.6 * w).dashed(&[9.0 * w, 3.5 * w, 2.5 * w, 3.5 * w]),
            Transform::identity(),
        );
    }

    // Set-up regions: the hex sets that set-up pools place units into.
    for set in setup_regions(cx.game, cx.map) {
        let members: BTreeSet<HexCoord> = cx.map.hex_sets[set]
            .members
            .iter()
            .filter_map(|p| match p {
                PlaceAt::Hex(h) => Some(*h),
                PlaceAt::Area(_) => None,
            })
            .collect();
        let mut pb = PathBuilder::new();
        for &h in &members {
            for (dir, n) in cx.geo.around(h).into_iter().enumerate() {
                if !members.contains(&n) {
                    // Drawn just inside the region so two neighbouring regions both show.
                    let (p, q) = cx.side(h, dir);
                    let (mx, my) = cx.centre(h);
                    let inset = |(x, y): (f32, f32)| (x + (mx - x) * 0.06, y + (my - y) * 0.06);
                    let (p, q) = (inset(p), inset(q));
                    pb.move_to(p.0, p.1);
                    pb.line_to(q.0, q.1);
                }
            }
        }
        if let Some(p) = pb.finish() {
            c.stroke_path(
                &p,
                &Pen::new(REGION_RED.alpha(220), 2.4 * w),
                Transform::identity(),
            );
        }
    }

    // Rivers and straits: the side of a hex towards a given neighbour is the same segment
    // around every hex's centre, so each kind of hexside is painted once per direction
    // and laid wherever it runs.
    let reach = cx.radius() + 3.0 * w;
    for (&(a, b), kinds) in &cx.hm.hexsides {
        let Some(dir) = cx.geo.around(a).iter().position(|n| *n == b) else {
            continue;
        };
        let (i, j) = HexGeometry::side_corners(dir);
        for (k, _) in kinds {
            let t = &cx.game.hexside_terrain[*k];
            let colour = Rgba::of(t.colour);
            let strait = is_strait(&t.id, &t.name);
            let key = (
                "hexside",
                [dir as u32, colour.packed(), w.to_bits(), u32::from(strait)],
            );
            c.sprite(key, cx.centre(a), reach, |c, x, y| {
                let k = cx.corners_at((x, y));
                let (p, q) = (k[i], k[j]);
                if strait {
                    c.line(p, q, &Pen::new(Rgba::WHITE.alpha(200), 5.0 * w));
                    c.line(
                        p,
                        q,
                        &Pen::new(colour, 3.0 * w)
                            .square()
                            .dashed(&[5.0 * w, 3.0 * w]),
                    );
                } else {
                    c.line(p, q, &Pen::new(colour, 4.0 * w));
                }
            });
        }
    }
}

/// The segments drawing a hex set as a line: one between every two adjacent hexes of the
/// set, so its shape is the designer's (a set without three mutually adjacent hexes draws
/// as clean branches).
fn set_segments(geo: &HexGeometry, set: &crate::model::map::HexSet) -> Vec<(HexCoord, HexCoord)> {
    let hexes: Vec<HexCoord> = set
        .members
        .iter()
        .filter_map(|m| match m {
            PlaceAt::Hex(h) => Some(*h),
            PlaceAt::Area(_) => None,
        })
        .collect();
    let mut out = Vec::new();
    for (i, a) in hexes.iter().enumerate() {
        for b in &hexes[i + 1..] {
            if geo.adjacent(*a, *b) {
                out.push((*a, *b));
            }
        }
    }
    out
}

/// Hex sets drawn as lines (`line = "#rrggbb"`): a pipeline, a road.
fn set_lines(c: &mut Canvas, cx: &Ctx) {
    let w = (cx.dy / 64.0).max(0.6);
    for set in &cx.map.hex_sets {
        let Some(colour) = set.line else { continue };
        let casing = Pen::new(Rgba(250, 248, 240, 230), 5.0 * w);
        let pen = Pen::new(Rgba::of(colour), 3.0 * w);
        let segments = set_segments(cx.geo, set);
        for (a, b) in &segments {
            c.line(cx.centre(*a), cx.centre(*b), &casing);
        }
        for (a, b) in &segments {
            c.line(cx.centre(*a), cx.centre(*b), &pen);
        }
    }
}

fn rails(c: &mut Canvas, cx: &Ctx) {
    let w = (cx.dy / 64.0).max(0.6);
    let pen = Pen::new(Rgba(25, 25, 25, 255), 1.6 * w);
    let tie = Pen::new(Rgba(25, 25, 25, 255), 1.1 * w).square();
    let spacing = 7.0 * w;
    let half = 3.2 * w;
    for rail in &cx.hm.rails {
        let pts: Vec<(f32, f32)> = rail.hexes.iter().map(|h| cx.centre(*h)).collect();
        if pts.len() < 2 {
            continue;
        }
        c.stroke_poly(&pts, false, &pen);
        // Cross ties at a regular spacing along the whole line.
        let mut carry = spacing / 2.0;
        for seg in pts.windows(2) {
            let (a, b) = (seg[0], seg[1]);
            let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            if len <= 0.0 {
                continue;
            }
            let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
            // A tie across this segment's direction, painted once per direction (rails run
            // between hex centres, so there are few) and quarter pixel.
            let key = ("rail tie", [ux.to_bits(), uy.to_bits(), w.to_bits(), 0]);
            let mut d = carry;
            while d < len {
                let at = (a.0 + ux * d, a.1 + uy * d);
                c.sprite(key, at, half + tie.width, |c, x, y| {
                    c.line(
                        (x - uy * half, y + ux * half),
                        (x + uy * half, y - ux * half),
                        &tie,
                    );
                });
                d += spacing;
            }
            carry = d - len;
        }
    }
}

/// A name to print, with where it goes.
struct Label {
    text: String,
    font: Font,
    x: f32,
    baseline: f32,
    align: Align,
    bounds: Bounds,
}

fn text_bounds(font: &Font, text: &str, x: f32, baseline: f32, align: Align) -> Bounds {
    let w = font.width(text);
    let x0 = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    Bounds {
        x0,
        y0: baseline - font.cap_height() - 1.0,
        x1: x0 + w,
        y1: baseline + font.descent() * 0.6,
    }
}

/// Draw a feature symbol (city, fortress) centred on a point; returns its half size.
pub fn city_symbol(
    c: &mut Canvas,
    kind: CityKind,
    colour: Rgba,
    x: f32,
    y: f32,
    dy: f32,
    capital: bool,
) -> f32 {
    let w = (dy / 64.0).max(0.5);
    let outline = Pen::new(Rgba(20, 20, 20, 255), 1.3 * w).square();
    match kind {
        CityKind::Major => {
            let h = dy * 0.14;
            c.fill_rect(x - h, y - h, 2.0 * h, 2.0 * h, colour);
            c.stroke_rect(x - h, y - h, 2.0 * h, 2.0 * h, &outline);
            if capital {
                c.fill_poly(&star_points(x, y + h * 0.05, h * 0.8), Rgba::WHITE);
            }
            h
        }
        CityKind::Minor => {
            let r = dy * 0.085;
            c.fill_circle(x, y, r, colour);
            c.stroke_circle(x, y, r, &outline);
            if capital {
                c.fill_poly(&star_points(x, y, r * 0.8), Rgba::WHITE);
            }
            r
        }
        CityKind::Fortress => {
            let h = dy * 0.13;
            c.fill_rect(x - h, y - h, 2.0 * h, 2.0 * h, Rgba::WHITE);
            c.stroke_rect(
                x - h,
                y - h,
                2.0 * h,
                2.0 * h,
                &Pen::new(colour, 1.6 * w).square(),
            );
            c.fill_poly(&star_points(x, y + h * 0.06, h * 0.85), colour);
            h
        }
    }
}

/// How a place's tag that names a feature terrain (`port`, `airbase`, `mobilization`,
/// `objective`) is drawn beside its symbol: a small badge, its shape from the feature's id
/// and name, so a map shows what each place does and not only what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadgeKind {
    /// An anchor: a ring on a shank with a crossbar.
    Port,
    /// A plane seen from above: two crossed bars.
    Air,
    /// A ring with a dot: a target.
    Objective,
    /// A filled diamond (mobilization and anything else).
    Diamond,
}

/// The badge of a feature terrain, from its id and name.
pub fn badge_kind(t: &Terrain) -> BadgeKind {
    let s = format!("{} {}", t.id, t.name).to_ascii_lowercase();
    if s.contains("port") || s.contains("harbo") {
        BadgeKind::Port
    } else if s.contains("air") {
        BadgeKind::Air
    } else if s.contains("objective") || s.contains("victory") {
        BadgeKind::Objective
    } else {
        BadgeKind::Diamond
    }
}

/// Draw a badge of radius `r` centred on a point.
pub fn badge(c: &mut Canvas, kind: BadgeKind, colour: Rgba, x: f32, y: f32, r: f32) {
    let w = (r / 6.0).max(0.6);
    let ink = Pen::new(colour, 1.6 * w);
    c.fill_circle(x, y, r, Rgba(0xfb, 0xf7, 0xea, 235));
    match kind {
        BadgeKind::Port => {
            c.stroke_circle(x, y - r * 0.55, r * 0.22, &ink);
            c.line((x, y - r * 0.33), (x, y + r * 0.7), &ink);
            c.line((x - r * 0.4, y - r * 0.1), (x + r * 0.4, y - r * 0.1), &ink);
            c.line((x - r * 0.6, y + r * 0.3), (x, y + r * 0.7), &ink);
            c.line((x + r * 0.6, y + r * 0.3), (x, y + r * 0.7), &ink);
        }
        BadgeKind::Air => {
            let bar = Pen::new(colour, 2.2 * w);
            c.line((x, y - r * 0.75), (x, y + r * 0.75), &bar);
            c.line(
                (x - r * 0.75, y - r * 0.1),
                (x + r * 0.75, y - r * 0.1),
                &bar,
            );
            c.line(
                (x - r * 0.35, y + r * 0.6),
                (x + r * 0.35, y + r * 0.6),
                &bar,
            );
        }
        BadgeKind::Objective => {
            c.stroke_circle(x, y, r * 0.62, &ink);
            c.fill_circle(x, y, r * 0.25, colour);
        }
        BadgeKind::Diamond => {
            let d = r * 0.72;
            c.fill_poly(&[(x, y - d), (x + d, y), (x, y + d), (x - d, y)], colour);
        }
    }
    c.stroke_circle(x, y, r, &Pen::new(Rgba(20, 20, 20, 200), 0.8 * w));
}

fn number_bounds(cx: &Ctx, h: HexCoord) -> (String, Font, f32, f32, Bounds) {
    let text = cx.geo.number(h);
    let font = Font::new(Face::Regular, (cx.dy * 0.15).max(6.0));
    let (x, y) = cx.centre(h);
    // VASSAL's numbering prints the label centred, its top at the hex's top edge.
    let top = match cx.geo.orientation {
        Orientation::Columns => y - (cx.dy / 2.0).round(),
        Orientation::Rows => y - cx.dy * 0.45,
    };
    let baseline = top + 1.5 + font.cap_height();
    let b = text_bounds(&font, &text, x, baseline, Align::Centre);
    (text, font, x, baseline, b)
}

fn places(c: &mut Canvas, cx: &Ctx) -> Vec<Label> {
    let dy = cx.dy;
    let mut symbols: Vec<Bounds> = Vec::new();
    let mut named: Vec<(usize, f32, f32, f32)> = Vec::new();
    // Symbols first (under every name).
    for (i, p) in cx.map.places.iter().enumerate() {
        let PlaceAt::Hex(h) = p.at else { continue };
        let t = &cx.game.terrain[p.kind];
        let (x, y) = cx.centre(h);
        let capital = p.tags.iter().any(|t| t == "capital");
        let r = city_symbol(c, city_kind(t), Rgba::of(t.colour), x, y, dy, capital);
        symbols.push(Bounds {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        });
        // Badges in a column beside the symbol, clear of the hex number and the name.
        let br = dy * 0.1;
        let features: Vec<usize> = tag_features(cx.game, p).collect();
        let n = features.len() as f32;
        for (k, f) in features.into_iter().enumerate() {
            let t = &cx.game.terrain[f];
            let (col, row) = ((k / 2) as f32, (k % 2) as f32);
            let bx = x + r + br * 1.2 + col * 2.1 * br;
            let by = y - (n.min(2.0) - 1.0) * br * 1.05 + row * 2.1 * br;
            badge(c, badge_kind(t), Rgba::of(t.colour), bx, by, br);
            symbols.push(Bounds {
                x0: bx - br,
                y0: by - br,
                x1: bx + br,
                y1: by + br,
            });
        }
        named.push((i, x, y, r));
    }
    // Feature terrain in hexes without a place of that kind.
    for h in cx.geo.coords() {
        for &f in &cx.hm.hex(h).features {
            let t = &cx.game.terrain[f];
            if t.kind != TerrainKind::Feature || cartouche::feature_drawn_as_pattern(cx.game, f) {
                continue;
            }
            let has_place = cx
                .map
                .places
                .iter()
                .any(|p| p.at == PlaceAt::Hex(h) && p.kind == f);
            if !has_place {
                let (x, y) = cx.centre(h);
                city_symbol(c, city_kind(t), Rgba::of(t.colour), x, y, dy, false);
            }
        }
    }
    let numbers: Vec<Bounds> = cx.geo.coords().map(|h| number_bounds(cx, h).4).collect();
    let (w, hgt) = (c.width() as f32, c.height() as f32);
    let mut labels: Vec<Label> = Vec::new();
    for (i, x, y, r) in named {
        let p = &cx.map.places[i];
        let major = city_kind(&cx.game.terrain[p.kind]) == CityKind::Major;
        let font = if major {
            Font::new(Face::Bold, dy * 0.19)
        } else {
            Font::new(Face::Bold, dy * 0.155)
        };
        let cap = font.cap_height();
        let candidates = [
            (x, y + r + cap + 2.0, Align::Centre),
            (x + r + 2.5, y + cap / 2.0, Align::Left),
            (x - r - 2.5, y + cap / 2.0, Align::Right),
            (x, y - r - 2.5, Align::Centre),
            (x + r + 1.0, y + r + cap + 1.0, Align::Left),
            (x - r - 1.0, y + r + cap + 1.0, Align::Right),
        ];
        let mut best: Option<(f32, Label)> = None;
        for (k, &(lx, lb, al)) in candidates.iter().enumerate() {
            let b = text_bounds(&font, &p.name, lx, lb, al);
            let mut score = k as f32 * 2.0;
            score += numbers.iter().map(|n| n.overlap(&b)).sum::<f32>();
            score += 10.0
                * labels
                    .iter()
                    .map(|l| l.bounds.overlap(&b.grow(1.0)))
                    .sum::<f32>();
            score += 10.0 * symbols.iter().map(|s| s.overlap(&b)).sum::<f32>();
            if b.x0 < 0.0 || b.y0 < 0.0 || b.x1 > w || b.y1 > hgt {
                score += 1e6;
            }
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                best = Some((
                    score,
                    Label {
                        text: p.name.clone(),
                        font,
                        x: lx,
                        baseline: lb,
                        align: al,
                        bounds: b,
                    },
                ));
            }
        }
        if let Some((_, l)) = best {
            labels.push(l);
        }
    }
    labels
}

fn numbers(c: &mut Canvas, cx: &Ctx, labels: &[Label]) {
    let colour = Rgba(30, 30, 30, 210);
    for h in cx.geo.coords() {
        let (text, font, x, baseline, b) = number_bounds(cx, h);
        if labels.iter().any(|l| l.bounds.overlap(&b.grow(0.5)) > 0.0) {
            continue;
        }
        // A thin halo of the hex's own colour keeps rail lines off the digits.
        let halo = Rgba::of(cx.terrain(h).colour).alpha(200);
        c.text_halo(
            &font,
            &text,
            x,
            baseline,
            Align::Centre,
            colour,
            Some((halo, 1.0)),
        );
    }
}

fn draw_labels(c: &mut Canvas, labels: &[Label]) {
    for l in labels {
        c.text_halo(
            &l.font,
            &l.text,
            l.x,
            l.baseline,
            l.align,
            Rgba(15, 15, 15, 255),
            Some((Rgba(255, 252, 240, 235), (l.font.size * 0.16).max(1.2))),
        );
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Border {
    West,
    East,
    North,
    South,
}

fn edges(c: &mut Canvas, cx: &Ctx) {
    let Some(mi) = cx.game.maps.iter().position(|m| std::ptr::eq(m, cx.map)) else {
        return;
    };
    let margin = map_margin(cx.dy as u32) as f32;
    let (w, h) = (c.width() as f32, c.height() as f32);
    for (ei, e) in cx.map.edges.iter().enumerate() {
        let pts: Vec<(f32, f32)> = e
            .members
            .iter()
            .filter_map(|p| match p {
                PlaceAt::Hex(hx) => Some(cx.centre(*hx)),
                PlaceAt::Area(_) => None,
            })
            .collect();
        if pts.is_empty() {
            continue;
        }
        let n = pts.len() as f32;
        let (mx, my) = (
            pts.iter().map(|p| p.0).sum::<f32>() / n,
            pts.iter().map(|p| p.1).sum::<f32>() / n,
        );
        let border = [
            (mx, Border::West),
            (w - mx, Border::East),
            (my, Border::North),
            (h - my, Border::South),
        ]
        .into_iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, b)| b)
        .unwrap_or(Border::West);
        // The sides that trace supply to this edge.
        let supply: Vec<usize> = cx
            .game
            .rules
            .supply
            .iter()
            .flat_map(|s| s.sources.iter())
            .filter(|s| s.edges.contains(&(mi, ei)))
            .map(|s| s.side)
            .collect();
        let mut text = e.name.clone();
        if !supply.is_empty() {
            let names: Vec<&str> = supply
                .iter()
                .map(|s| cx.game.sides[*s].name.as_str())
                .collect();
            text = format!("{text} — {} supply", names.join(", "));
        }
        let colour = supply.first().map_or(Rgba(60, 60, 60, 255), |s| {
            Rgba::of(cx.game.sides[*s].colour)
        });
        let font = Font::new(Face::Bold, (margin * 0.32).min(cx.dy * 0.22));
        let (lo, hi) = match border {
            Border::West | Border::East => (
                pts.iter().map(|p| p.1).fold(f32::MAX, f32::min) - cx.dy / 2.0,
                pts.iter().map(|p| p.1).fold(f32::MIN, f32::max) + cx.dy / 2.0,
            ),
            Border::North | Border::South => (
                pts.iter().map(|p| p.0).fold(f32::MAX, f32::min) - cx.dy / 2.0,
                pts.iter().map(|p| p.0).fold(f32::MIN, f32::max) + cx.dy / 2.0,
            ),
        };
        let mid = (lo + hi) / 2.0;
        let bar = (margin * 0.14).max(3.0);
        let text_colour = colour.darker(0.35);
        let halo = Some((PAPER, 1.5));
        match border {
            Border::West => {
                c.fill_rect(margin * 0.78, lo, bar, hi - lo, colour.alpha(200));
                let t = Transform::from_row(
                    0.0,
                    -1.0,
                    1.0,
                    0.0,
                    margin * 0.62,
                    mid + font.width(&text) / 2.0,
                );
                c.text_with(&font, &text, t, text_colour, halo);
            }
            Border::East => {
                c.fill_rect(w - margin * 0.78 - bar, lo, bar, hi - lo, colour.alpha(200));
                let t = Transform::from_row(
                    0.0,
                    1.0,
                    -1.0,
                    0.0,
                    w - margin * 0.62,
                    mid - font.width(&text) / 2.0,
                );
                c.text_with(&font, &text, t, text_colour, halo);
            }
            Border::North => {
                c.fill_rect(lo, margin * 0.7, hi - lo, bar, colour.alpha(200));
                c.text_halo(
                    &font,
                    &text,
                    mid,
                    margin * 0.55,
                    Align::Centre,
                    text_colour,
                    halo,
                );
            }
            Border::South => {
                c.fill_rect(lo, h - margin * 0.7 - bar, hi - lo, bar, colour.alpha(200));
                c.text_halo(
                    &font,
                    &text,
                    mid,
                    h - margin * 0.55 + font.cap_height(),
                    Align::Centre,
                    text_colour,
                    halo,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::testing;

    #[test]
    fn picture_has_the_layout_size_and_terrain_colours_at_centres() {
        let game = testing::mini();
        let img = crate::emit::art::map_canvas(&game, 0).into_image();
        testing::preview("mini-map.png", &img);
        let MapKind::Hex(hm) = &game.maps[0].kind else {
            panic!()
        };
        let l = hm
            .geometry
            .layout(game.art.hex_size, map_margin(game.art.hex_size));
        assert_eq!(img.dimensions(), (l.width, l.height));
        // A clear hex without a place, rail or pattern: its centre pixel is the terrain colour.
        let clear = game.terrain_index("clear").unwrap();
        let rail = hm.rail_hexes();
        let mut checked = 0;
        for h in hm.geometry.coords() {
            let hex = hm.hex(h);
            let placed = game.maps[0].places.iter().any(|p| p.at == PlaceAt::Hex(h));
            if hex.terrain == clear && hex.features.is_empty() && !placed && !rail.contains(&h) {
                let (x, y) = hm.geometry.centre(&l, h);
                let t = game.terrain[clear].colour;
                assert_eq!(
                    img.get_pixel(x as u32, y as u32).0,
                    [t.r, t.g, t.b, 255],
                    "{h:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 3);
    }

    #[test]
    fn feature_kinds_come_from_names() {
        let game = testing::mini();
        let city = game.terrain_index("city").unwrap();
        assert_eq!(city_kind(&game.terrain[city]), CityKind::Minor);
        assert!(is_strait("strait", "Straits of Kerch"));
        assert!(!is_strait("river", "River"));
    }

    #[test]
    fn badges_come_from_names_and_tags_that_name_features() {
        let mut game = testing::mini();
        let city = game.terrain_index("city").unwrap();
        let feature = |id: &str, name: &str| {
            let mut t = game.terrain[city].clone();
            t.id = id.into();
            t.name = name.into();
            t
        };
        for (id, name, want) in [
            ("port", "Port", BadgeKind::Port),
            ("airbase", "Airbase", BadgeKind::Air),
            ("airfield", "Airfield", BadgeKind::Air),
            ("objective", "Objective", BadgeKind::Objective),
            ("mobilization", "Mobilization hex", BadgeKind::Diamond),
        ] {
            assert_eq!(badge_kind(&feature(id, name)), want, "{id}");
        }
        let port = feature("port", "Port");
        game.terrain.push(port);
        let port = game.terrain.len() - 1;
        let place = crate::model::map::Place {
            name: "Harbourtown".into(),
            at: PlaceAt::Hex(HexCoord::new(0, 0)),
            kind: city,
            tags: vec!["capital".into(), "port".into(), "city".into()],
        };
        // `capital` names no feature, `city` is the place's own kind: only the port.
        assert_eq!(tag_features(&game, &place).collect::<Vec<_>>(), vec![port]);
    }
}
