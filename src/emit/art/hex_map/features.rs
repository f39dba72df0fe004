//! How a terrain's id and name choose its drawing — a feature terrain's symbol (a city, a
//! major city, a fortress), the badge of a place's tag that names a feature (a port, an
//! airbase, an objective), a hexside drawn as a dashed crossing (a strait, a ferry) — and
//! the symbols and badges themselves, which the map, its legend and the terrain chart
//! draw alike.

use crate::emit::art::canvas::{Canvas, Pen, Rgba};
use crate::emit::art::symbols::star_points;
use crate::model::Terrain;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::art::testing;
    use crate::layout::cartouche::tag_features;
    use crate::model::map::PlaceAt;
    use crate::model::HexCoord;

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
