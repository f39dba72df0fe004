//! Reading a location as designers and players write it: a hex number (`2012`), a hex on a
//! named map (`east:2012`), a place name (`Moscow`), an area (`larissa`) or one of its slots
//! (`larissa/open`, `larissa/box-2`).
//!
//! Scenario placements (`at = …` in the check stage) and the command line (`sandtable crt
//! --defender-at`) read locations through [`Game::locate`], so both accept the same forms and
//! explain a miss the same way.

use thiserror::Error;

use super::map::PlaceAt;
use super::scenario::AreaSlot;
use super::{Game, HexCoord, Location, MapKind};
use crate::diag::suggest::did_you_mean;

/// Why a written location names nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LocateError {
    /// The area exists but has no such slot.
    #[error("area `{area}` has no `{slot}`")]
    NoSuchBox {
        /// The area id as written.
        area: String,
        /// The slot as written.
        slot: String,
        /// How many boxes the area has.
        boxes: u32,
    },
    /// The area has only boxes, and the text names (or defaults to) its Open area.
    #[error("area `{area}` has no Open area")]
    NoOpenArea {
        /// The area id as written.
        area: String,
    },
    /// No map has a hex, area or place of that name.
    #[error("`{text}` is not a hex, area or place of any map")]
    NotFound {
        /// The text as written.
        text: String,
        /// A close place name, or the range of hex numbers.
        hint: Option<String>,
    },
}

impl LocateError {
    /// The stable diagnostic code of this miss.
    pub fn code(&self) -> &'static str {
        match self {
            LocateError::NoSuchBox { .. } | LocateError::NoOpenArea { .. } => "no-such-box",
            LocateError::NotFound { .. } => "no-such-location",
        }
    }

    /// What to write instead, when something can be said.
    pub fn hint(&self) -> Option<String> {
        match self {
            LocateError::NoSuchBox { area, boxes, .. } => Some(format!(
                "`{area}` has an Open area and boxes box-1 to box-{boxes}"
            )),
            LocateError::NoOpenArea { .. } => {
                Some("place the unit in one of its boxes, e.g. `/box-1`".into())
            }
            LocateError::NotFound { hint, .. } => hint.clone(),
        }
    }
}

impl Game {
    /// The location `text` names: a hex number or `map:hex`, a place name, an area id (its
    /// Open area) or `area/open`, `area/box-N`. Maps are tried in order; the first match wins.
    pub fn locate(&self, text: &str) -> Result<Location, LocateError> {
        let text = text.trim();
        let (map_filter, rest) = match text.split_once(':') {
            Some((m, r)) if self.maps.iter().any(|x| x.id == m) => {
                (self.maps.iter().position(|x| x.id == m), r.trim())
            }
            _ => (None, text),
        };
        for (mi, m) in self.maps.iter().enumerate() {
            if map_filter.is_some_and(|f| f != mi) {
                continue;
            }
            match &m.kind {
                MapKind::Hex(h) => {
                    if let Some(c) = h.geometry.parse_number(rest) {
                        return Ok(Location::Hex { map: mi, hex: c });
                    }
                }
                MapKind::Area(a) => {
                    let (id, slot) = match rest.split_once('/') {
                        Some((id, s)) => (id, Some(s)),
                        None => (rest, None),
                    };
                    // By id, else by a name the area was renamed from (a variant's board).
                    let found = a.areas.iter().position(|x| x.id == id).or_else(|| {
                        a.areas
                            .iter()
                            .position(|x| x.aliases.iter().any(|n| n == id))
                    });
                    if let Some(ai) = found {
                        let area = &a.areas[ai];
                        let slot = match slot {
                            None | Some("open") => AreaSlot::Open,
                            Some(s) if area.coasts.iter().any(|c| c.id == s) => AreaSlot::Coast(
                                area.coasts.iter().position(|c| c.id == s).unwrap_or(0) as u32,
                            ),
                            Some(s) => {
                                match s.strip_prefix("box-").and_then(|n| n.parse::<u32>().ok()) {
                                    Some(n) if n >= 1 && n <= area.boxes => AreaSlot::Box(n),
                                    _ => {
                                        return Err(LocateError::NoSuchBox {
                                            area: id.to_string(),
                                            slot: s.to_string(),
                                            boxes: area.boxes,
                                        })
                                    }
                                }
                            }
                        };
                        if slot == AreaSlot::Open && !area.open {
                            return Err(LocateError::NoOpenArea {
                                area: id.to_string(),
                            });
                        }
                        return Ok(Location::Area {
                            map: mi,
                            area: ai,
                            slot,
                        });
                    }
                }
            }
            if let Some(p) = m.places.iter().find(|p| p.name == rest) {
                return Ok(match p.at {
                    PlaceAt::Hex(c) => Location::Hex { map: mi, hex: c },
                    PlaceAt::Area(a) => Location::Area {
                        map: mi,
                        area: a,
                        slot: AreaSlot::Open,
                    },
                });
            }
        }
        Err(LocateError::NotFound {
            text: text.to_string(),
            hint: self.locate_hint(rest),
        })
    }

    /// A close place name, else the range of hex numbers of the first hex map.
    fn locate_hint(&self, rest: &str) -> Option<String> {
        let places = self
            .maps
            .iter()
            .flat_map(|m| m.places.iter().map(|p| p.name.as_str()));
        did_you_mean(rest, places).or_else(|| {
            self.maps.iter().find_map(|m| match &m.kind {
                MapKind::Hex(h) => Some(format!(
                    "write a hex number from {} to {} or a place name",
                    h.geometry.number(HexCoord::new(0, 0)),
                    h.geometry
                        .number(HexCoord::new(h.geometry.columns - 1, h.geometry.rows - 1))
                )),
                MapKind::Area(_) => None,
            })
        })
    }
}
