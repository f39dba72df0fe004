//! `RegionGrid`: named points for area and point-to-point maps (format notes §2.5.14). A
//! point's location name is the name of the nearest region origin.

use serde::Serialize;

use super::{attr_bool, attr_int, Point};
use crate::vassal::buildfile::Element;

/// One `Region`: a name at a board-local origin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Region {
    /// Region name (the location name).
    pub name: String,
    /// Board-local origin.
    pub origin: Point,
}

/// A `RegionGrid` and its regions in document order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RegionGrid {
    /// Whether pieces snap to region origins (`snapto`, lower-case t).
    pub snap_to: bool,
    /// Regions in document order.
    pub regions: Vec<Region>,
}

impl RegionGrid {
    /// Reads a `RegionGrid` element and its `Region` children.
    pub fn from_element(element: &Element) -> Self {
        Self {
            snap_to: attr_bool(element, "snapto", true),
            regions: element
                .children
                .iter()
                .filter(|c| c.short_name() == "Region")
                .map(|c| Region {
                    name: c.attr("name").unwrap_or_default().to_string(),
                    origin: Point::new(attr_int(c, "originx", 0), attr_int(c, "originy", 0)),
                })
                .collect(),
        }
    }

    /// The name of the region nearest to `p`; `None` when there are no regions. VASSAL keys
    /// regions by origin, so of two regions at the same origin the later one counts; among
    /// equally near origins the first in document order wins (VASSAL's choice there depends
    /// on hash order).
    pub fn location_name(&self, p: Point) -> Option<String> {
        let mut best: Option<(i64, Point)> = None;
        for region in &self.regions {
            let dx = i64::from(p.x) - i64::from(region.origin.x);
            let dy = i64::from(p.y) - i64::from(region.origin.y);
            let distance = dx * dx + dy * dy;
            if best.is_none_or(|(nearest, _)| distance < nearest) {
                best = Some((distance, region.origin));
            }
        }
        let (_, origin) = best?;
        self.regions
            .iter()
            .rev()
            .find(|r| r.origin == origin)
            .map(|r| r.name.clone())
    }

    /// The origin of the region called `name` (first in document order).
    pub fn point_for_name(&self, name: &str) -> Option<Point> {
        self.regions
            .iter()
            .find(|r| r.name == name)
            .map(|r| r.origin)
    }
}
