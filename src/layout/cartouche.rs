//! The cartouche of a generated hex map: a framed box with the map's title, the game's title
//! and a legend naming every symbol the map uses (terrain, feature symbols and badges, the
//! capital star, hexsides, rails, hex-set lines, borders, set-up regions), and where it goes.
//!
//! Where it goes decides the picture's size (a cartouche below the map makes the picture
//! taller, and VASSAL's board with it), so it is laid out here, before anything is drawn:
//! [`frame`] gives its size and its place inside the picture or below it, the strip below
//! the map makes room for it ([`super::track_display::layout`]), and the art draws it
//! (`emit/art/cartouche.rs`). A cartouche inside the picture never covers a land hex or a
//! place unless the designer put it in a corner (`[map.cartouche] position`).

use std::collections::BTreeSet;

use super::hex_layout;
use super::map_margin;
use super::text::{Face, Font};
use crate::model::map::{Cartouche, CartouchePosition, HexMap, Map, PlaceAt};
use crate::model::{Game, HexsideTerrainId, MapId, MapKind, PoolKind, TerrainId, TerrainKind};

/// One line of the legend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendEntry {
    /// A terrain drawn as a hex fill (land, water, or a feature drawn as its pattern).
    Terrain(TerrainId),
    /// A feature terrain drawn as a symbol (a city, a fortress).
    Symbol(TerrainId),
    /// A feature terrain a place's tag names, drawn as a badge beside its symbol.
    Badge(TerrainId),
    /// The white star of a capital on its city symbol.
    Capital,
    /// A hexside terrain.
    Hexside(HexsideTerrainId),
    /// A rail line.
    Rail,
    /// A hex set drawn as a line (its index in the map's hex sets).
    SetLine(usize),
    /// A border between countries.
    Border,
    /// A set-up region's outline.
    Region,
}

/// Where a cartouche stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Spot {
    /// Inside the map's picture, its top left corner at this point.
    Inset(f32, f32),
    /// In the strip below the map, where [`super::track_display::layout`] puts it.
    Below,
}

/// A cartouche laid out: its size, the sizes of its parts and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// Width and height in pixels.
    pub size: (f32, f32),
    /// Where it stands.
    pub spot: Spot,
    /// The legend's lines, in the order printed (empty when the legend is off).
    pub entries: Vec<LegendEntry>,
    /// The map's title.
    pub title: Font,
    /// The game's title under it.
    pub subtitle: Font,
    /// The legend's names.
    pub text: Font,
    /// Inner padding.
    pub pad: f32,
    /// Height of a legend line.
    pub row: f32,
    /// Width of a legend column (swatch and name).
    pub column: f32,
    /// Width of a swatch.
    pub swatch: f32,
    /// Legend lines per column.
    pub per_column: usize,
    /// The hex size the map is drawn at.
    pub dy: f32,
}

/// The cartouche of a map, when it has one: a generated hex map whose cartouche is not
/// `off`.
pub fn frame(game: &Game, map: MapId) -> Option<Frame> {
    let m = game.maps.get(map)?;
    let MapKind::Hex(hm) = &m.kind else {
        return None;
    };
    if m.image.is_some() || hm.cartouche.position == CartouchePosition::Off {
        return None;
    }
    let layout = hex_layout(game, &hm.geometry);
    let dy = layout.dy as f32;
    let entries = if hm.cartouche.legend {
        entries(game, m, hm)
    } else {
        Vec::new()
    };
    let text = Font::new(Face::Regular, dy * 0.19);
    let subtitle = Font::new(Face::Bold, dy * 0.2);
    let row = dy * 0.42;
    let columns = if entries.len() > 8 { 2 } else { 1 };
    let per_column = entries.len().div_ceil(columns);
    let swatch = dy * 0.55;
    let column = entries
        .iter()
        .map(|e| text.width(&entry_name(game, m, *e)))
        .fold(0.0, f32::max)
        + swatch
        + dy * 0.35;
    let pad = dy * 0.3;
    let title = Font::new(Face::Bold, dy * 0.42).fit(
        &m.title,
        (column * columns as f32).max(dy * 5.0),
        dy * 0.25,
    );
    let under = subtitle_of(game, m);
    let inner = (column * columns as f32)
        .max(title.width(&m.title))
        .max(under.map_or(0.0, |t| subtitle.width(t)));
    let legend = if entries.is_empty() {
        0.0
    } else {
        dy * 0.15 + row * per_column as f32
    };
    let size = (
        inner + 2.0 * pad,
        pad + title.cap_height()
            + under.map_or(0.0, |_| dy * 0.2 + subtitle.line_height())
            + legend
            + pad,
    );
    let spot = spot(
        game,
        m,
        hm,
        &hm.cartouche,
        dy,
        size,
        (layout.width, layout.height),
    );
    Some(Frame {
        size,
        spot,
        entries,
        title,
        subtitle,
        text,
        pad,
        row,
        column,
        swatch,
        per_column,
        dy,
    })
}

/// The game's title printed under a map's, unless the map has the game's title (a game of
/// one map often does).
pub fn subtitle_of<'a>(game: &'a Game, m: &Map) -> Option<&'a str> {
    let same = game.title.trim().to_lowercase() == m.title.trim().to_lowercase();
    (!same && !game.title.trim().is_empty()).then_some(game.title.as_str())
}

/// Where a cartouche of `size` goes on a picture of `picture` pixels.
fn spot(
    game: &Game,
    m: &Map,
    hm: &HexMap,
    c: &Cartouche,
    dy: f32,
    (bw, bh): (f32, f32),
    picture: (u32, u32),
) -> Spot {
    let margin = map_margin(dy as u32) as f32 + dy * 0.2;
    let (w, h) = (picture.0 as f32, picture.1 as f32);
    let (x_max, y_max) = ((w - margin - bw).max(margin), (h - margin - bh).max(margin));
    match c.position {
        CartouchePosition::TopLeft => return Spot::Inset(margin, margin),
        CartouchePosition::TopRight => return Spot::Inset(x_max, margin),
        CartouchePosition::BottomLeft => return Spot::Inset(margin, y_max),
        CartouchePosition::BottomRight => return Spot::Inset(x_max, y_max),
        // `off` has no frame ([`frame`] returns none before asking).
        CartouchePosition::Below | CartouchePosition::Off => return Spot::Below,
        CartouchePosition::Auto => {}
    }
    // Too large for the map to hold it beside its hexes: a small map's legend goes below.
    if bw > w - 2.0 * margin || bh > h - 2.0 * margin || bw * bh > 0.12 * w * h {
        return Spot::Below;
    }
    // The emptiest place along the map's border: fewest land hexes and places under the
    // box, corners preferred on a tie; below the map when every place covers one.
    let layout = hex_layout(game, &hm.geometry);
    let centre = |c| {
        let (x, y) = hm.geometry.centre(&layout, c);
        (x as f32, y as f32)
    };
    let land: Vec<(f32, f32)> = hm
        .geometry
        .coords()
        .filter(|c| game.terrain[hm.hex(*c).terrain].kind != TerrainKind::Water)
        .map(centre)
        .collect();
    let towns: Vec<(f32, f32)> = m
        .places
        .iter()
        .filter_map(|p| match p.at {
            PlaceAt::Hex(c) => Some(centre(c)),
            PlaceAt::Area(_) => None,
        })
        .collect();
    let mut candidates: Vec<(f32, f32)> = Vec::new();
    let mut t = 0.0;
    while t <= 1.0 + 1e-3 {
        for (x, y) in [
            (margin + (x_max - margin) * t, margin),
            (margin + (x_max - margin) * t, y_max),
            (margin, margin + (y_max - margin) * t),
            (x_max, margin + (y_max - margin) * t),
        ] {
            candidates.push((x, y));
        }
        t += dy / (x_max - margin).max(y_max - margin).max(dy);
    }
    let covered = |&(x, y): &(f32, f32)| {
        let inside = |p: &&(f32, f32)| p.0 >= x && p.0 <= x + bw && p.1 >= y && p.1 <= y + bh;
        land.iter().filter(inside).count() + towns.iter().filter(inside).count()
    };
    let corner = |&(x, y): &(f32, f32)| (x - margin).min(x_max - x) + (y - margin).min(y_max - y);
    candidates
        .iter()
        .filter(|p| covered(p) == 0)
        .min_by(|a, b| corner(a).total_cmp(&corner(b)))
        .map_or(Spot::Below, |&(x, y)| Spot::Inset(x, y))
}

/// The feature terrains a place's tags name (its own kind aside), in the tags' order: the
/// badges drawn beside its symbol.
pub fn tag_features<'a>(
    game: &'a Game,
    p: &'a crate::model::map::Place,
) -> impl Iterator<Item = TerrainId> + 'a {
    p.tags.iter().filter_map(move |tag| {
        game.terrain
            .iter()
            .position(|t| t.kind == TerrainKind::Feature && t.id == *tag)
            .filter(|&i| i != p.kind)
    })
}

/// Whether a feature terrain is drawn as its pattern over the hexes that have it (a feature
/// with a `pattern`: a fortified line, a forest over clear), not as a symbol.
pub fn feature_drawn_as_pattern(game: &Game, t: TerrainId) -> bool {
    let t = &game.terrain[t];
    t.kind == TerrainKind::Feature
        && t.pattern
            .as_deref()
            .is_some_and(|p| !p.is_empty() && !p.eq_ignore_ascii_case("none"))
}

/// The hex sets of a map that set-up pools place units into.
pub fn setup_regions(game: &Game, map: &Map) -> Vec<usize> {
    let Some(mi) = game.maps.iter().position(|m| std::ptr::eq(m, map)) else {
        return Vec::new();
    };
    let mut v: Vec<usize> = game
        .pools
        .iter()
        .filter(|p| p.kind == PoolKind::Setup)
        .filter_map(|p| p.area)
        .filter(|(m, _)| *m == mi)
        .map(|(_, s)| s)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Every symbol the map's picture uses, once, in the legend's order: fills, symbols,
/// badges, the capital star, hexsides, rails, lines, borders, regions.
pub fn entries(game: &Game, m: &Map, hm: &HexMap) -> Vec<LegendEntry> {
    let mut fills: BTreeSet<TerrainId> = BTreeSet::new();
    let mut symbols: BTreeSet<TerrainId> = BTreeSet::new();
    for c in hm.geometry.coords() {
        let hex = hm.hex(c);
        fills.insert(hex.terrain);
        for &f in &hex.features {
            if game.terrain[f].kind != TerrainKind::Feature || feature_drawn_as_pattern(game, f) {
                fills.insert(f);
            } else {
                symbols.insert(f);
            }
        }
    }
    let mut badges: BTreeSet<TerrainId> = BTreeSet::new();
    let mut capital = false;
    for p in &m.places {
        if matches!(p.at, PlaceAt::Hex(_)) {
            symbols.insert(p.kind);
            fills.remove(&p.kind);
            badges.extend(tag_features(game, p));
            capital |= p.tags.iter().any(|t| t == "capital");
        }
    }
    let mut v: Vec<LegendEntry> = Vec::new();
    let order = |k: &TerrainId| (game.terrain[*k].kind == TerrainKind::Feature, *k);
    let mut fills: Vec<TerrainId> = fills.into_iter().collect();
    fills.sort_by_key(order);
    v.extend(fills.into_iter().map(LegendEntry::Terrain));
    v.extend(symbols.iter().map(|&t| LegendEntry::Symbol(t)));
    v.extend(
        badges
            .into_iter()
            .filter(|t| !symbols.contains(t))
            .map(LegendEntry::Badge),
    );
    if capital {
        v.push(LegendEntry::Capital);
    }
    let sides: BTreeSet<HexsideTerrainId> = hm
        .hexsides
        .values()
        .flat_map(|v| v.iter().map(|(k, _)| *k))
        .collect();
    v.extend(sides.into_iter().map(LegendEntry::Hexside));
    if !hm.rails.is_empty() {
        v.push(LegendEntry::Rail);
    }
    v.extend(
        m.hex_sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.line.is_some())
            .map(|(i, _)| LegendEntry::SetLine(i)),
    );
    let land = |c| game.terrain[hm.hex(c).terrain].kind != TerrainKind::Water;
    let border = hm.geometry.coords().any(|a| {
        hm.geometry.around(a).into_iter().any(|b| {
            hm.geometry.contains(b)
                && a < b
                && land(a)
                && land(b)
                && hm.hex(a).country != hm.hex(b).country
        })
    });
    if border {
        v.push(LegendEntry::Border);
    }
    if !setup_regions(game, m).is_empty() {
        v.push(LegendEntry::Region);
    }
    v
}

/// The name a legend line prints.
pub fn entry_name(game: &Game, m: &Map, e: LegendEntry) -> String {
    match e {
        LegendEntry::Terrain(i) | LegendEntry::Symbol(i) | LegendEntry::Badge(i) => {
            game.terrain[i].name.clone()
        }
        LegendEntry::Capital => "Capital".into(),
        LegendEntry::Hexside(i) => game.hexside_terrain[i].name.clone(),
        LegendEntry::Rail => "Rail line".into(),
        LegendEntry::SetLine(i) => m.hex_sets[i].name.clone(),
        LegendEntry::Border => "Border".into(),
        LegendEntry::Region => "Set-up region".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame::{build, map, BASE};

    const LAND: &str = "
        ..........
        ..ff......
        ..........
        ......ff..
        ..........
        ..........";
    /// A game whose map has `terrain` rows, `extra` TOML after the map, and `terrain_toml`
    /// added to the game's terrain.
    fn game(terrain: &str, extra: &str, terrain_toml: &str) -> Game {
        let countries: String = terrain
            .trim()
            .lines()
            .map(|l| "-".repeat(l.trim().len()) + "\n")
            .collect();
        build(&[
            ("game.toml", &format!("{BASE}{terrain_toml}")),
            (
                "map.toml",
                &map(
                    terrain,
                    &countries,
                    &format!(
                        "[[map.hex-set]]\nid = \"black-sea-coast\"\nname = \"Coast\"\nhexes = [\"0101\"]\n{extra}"
                    ),
                ),
            ),
        ])
    }

    #[test]
    fn a_small_map_of_land_prints_it_below_and_the_strip_grows_to_hold_it() {
        let g = game(LAND, "", "");
        let f = frame(&g, 0).expect("a cartouche");
        assert_eq!(f.spot, Spot::Below);
        let base = super::super::track_display::base_size(&g, 0).unwrap();
        let strip = super::super::track_display::layout(&g, 0, base).expect("a strip");
        let (x, y, w, h) = strip.cartouche.expect("the cartouche's box");
        assert!(y >= base.1 as i32, "below the map: {y} < {}", base.1);
        assert!(w as f32 >= f.size.0 && h as f32 >= f.size.1);
        assert!((x + w) as u32 <= strip.size.0 && (y + h) as u32 <= strip.size.1);
    }

    #[test]
    fn auto_keeps_off_land_and_places_when_the_sea_has_room() {
        // A map whose northern rows are sea: the cartouche stands on the sea.
        let rows: String = (0..16)
            .map(|r| if r < 7 { "~".repeat(40) } else { ".".repeat(40) } + "\n")
            .collect();
        let g = game(&rows, "", "");
        let f = frame(&g, 0).expect("a cartouche");
        let Spot::Inset(x, y) = f.spot else {
            panic!("expected inside the map, got {:?}", f.spot)
        };
        let MapKind::Hex(hm) = &g.maps[0].kind else {
            panic!()
        };
        let l = hex_layout(&g, &hm.geometry);
        for c in hm.geometry.coords() {
            let (cx, cy) = hm.geometry.centre(&l, c);
            let (cx, cy) = (cx as f32, cy as f32);
            let under = cx >= x && cx <= x + f.size.0 && cy >= y && cy <= y + f.size.1;
            let land = g.terrain[hm.hex(c).terrain].kind != TerrainKind::Water;
            assert!(!(under && land), "covers land hex {c:?}");
        }
    }

    #[test]
    fn a_corner_is_kept_off_removes_it_and_legend_false_prints_the_title_alone() {
        let at = |toml: &str| game(LAND, &format!("[map.cartouche]\n{toml}\n"), "");
        let g = at("position = \"top-left\"");
        let f = frame(&g, 0).unwrap();
        let m = map_margin(
            hex_layout(
                &g,
                match &g.maps[0].kind {
                    MapKind::Hex(h) => &h.geometry,
                    MapKind::Area(_) => unreachable!(),
                },
            )
            .dy as u32,
        ) as f32;
        assert!(matches!(f.spot, Spot::Inset(x, y) if x > m && y > m && x < 2.0 * m));
        assert!(frame(&at("position = \"off\""), 0).is_none());
        let base = super::super::track_display::base_size(&at("position = \"off\""), 0).unwrap();
        assert!(super::super::track_display::layout(&at("position = \"off\""), 0, base).is_none());
        let titled = frame(&at("legend = false"), 0).unwrap();
        assert!(titled.entries.is_empty());
        assert!(titled.size.1 < frame(&g, 0).unwrap().size.1);
    }

    #[test]
    fn the_legend_names_every_symbol_once_a_patterned_feature_as_a_fill() {
        let terrain = r##"
[[terrain]]
id = "fortified-line"
name = "Fortified line"
kind = "feature"
colour = "#803020"
pattern = "hatching"
"##;
        let extra = r#"
[[map.feature]]
hex = "0303"
terrain = "fortified-line"

[[map.feature]]
hex = "0304"
terrain = "fortified-line"

[[map.place]]
hex = "0505"
name = "Moscow"
kind = "major-city"
tags = ["capital"]
"#;
        let g = game(LAND, extra, terrain);
        let f = frame(&g, 0).unwrap();
        let id = |s: &str| g.terrain_index(s).unwrap();
        let names: Vec<String> = f
            .entries
            .iter()
            .map(|e| entry_name(&g, &g.maps[0], *e))
            .collect();
        assert_eq!(
            f.entries,
            vec![
                LegendEntry::Terrain(id("clear")),
                LegendEntry::Terrain(id("forest")),
                LegendEntry::Terrain(id("fortified-line")),
                LegendEntry::Symbol(id("major-city")),
                LegendEntry::Capital,
            ],
            "{names:?}"
        );
        assert!(feature_drawn_as_pattern(&g, id("fortified-line")));
        assert!(!feature_drawn_as_pattern(&g, id("major-city")));
    }

    #[test]
    fn the_game_title_is_not_repeated_under_a_map_of_the_same_title() {
        let g = game(LAND, "", "");
        assert_eq!(subtitle_of(&g, &g.maps[0]), Some(g.title.as_str()));
        let mut same = g.clone();
        same.maps[0].title = format!("  {}  ", g.title.to_uppercase());
        assert_eq!(subtitle_of(&same, &same.maps[0]), None);
    }
}
