//! The registries of every kind of id a game defines, filled as the check proceeds: each
//! later check resolves its references through them.

use super::Registry;
use crate::load::source::FileId;

/// Every registry of ids, filled as the check proceeds.
pub(crate) struct Names {
    pub(crate) side: Registry,
    pub(crate) nation: Registry,
    pub(crate) country: Registry,
    pub(crate) weather: Registry,
    pub(crate) turn: Registry,
    pub(crate) phase: Registry,
    pub(crate) track: Registry,
    pub(crate) track_display: Registry,
    pub(crate) schedule: Registry,
    pub(crate) factor: Registry,
    pub(crate) unit_type: Registry,
    pub(crate) class: Registry,
    pub(crate) counter: Registry,
    pub(crate) terrain: Registry,
    pub(crate) hexside_terrain: Registry,
    pub(crate) map: Registry,
    pub(crate) pool: Registry,
    pub(crate) scenario: Registry,
    pub(crate) crt: Registry,
    pub(crate) chart: Registry,
    /// Hex sets, regions and countries usable as areas, per map: (map, registry).
    pub(crate) hex_sets: Vec<Registry>,
    /// Where each scenario was defined (file) in model order.
    pub(crate) scenario_files: Vec<FileId>,
}

impl Default for Names {
    fn default() -> Self {
        Self {
            side: Registry::new("side"),
            nation: Registry::new("nation"),
            country: Registry::new("country"),
            weather: Registry::new("weather"),
            turn: Registry::new("turn"),
            phase: Registry::new("phase"),
            track: Registry::new("track"),
            track_display: Registry::new("track display"),
            schedule: Registry::new("schedule"),
            factor: Registry::new("factor"),
            unit_type: Registry::new("unit type"),
            class: Registry::new("class"),
            counter: Registry::new("counter"),
            terrain: Registry::new("terrain"),
            hexside_terrain: Registry::new("hexside terrain"),
            map: Registry::new("map"),
            pool: Registry::new("pool"),
            scenario: Registry::new("scenario"),
            crt: Registry::new("combat results table"),
            chart: Registry::new("chart"),
            hex_sets: Vec::new(),
            scenario_files: Vec::new(),
        }
    }
}
