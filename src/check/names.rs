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
    pub(crate) player_turn: Registry,
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
            player_turn: Registry::new("player turn"),
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

impl Names {
    /// The registry of the ids a section defines, by the section's name in TOML.
    fn of_section(&mut self, section: &str) -> Option<&mut Registry> {
        Some(match section {
            "side" => &mut self.side,
            "nation" => &mut self.nation,
            "country" => &mut self.country,
            "weather" => &mut self.weather,
            "turn" | "calendar" => &mut self.turn,
            "phase" => &mut self.phase,
            "player-turn" => &mut self.player_turn,
            "track" => &mut self.track,
            "track-display" => &mut self.track_display,
            "schedule" => &mut self.schedule,
            "factor" => &mut self.factor,
            "unit-type" => &mut self.unit_type,
            "class" => &mut self.class,
            "counter" => &mut self.counter,
            "terrain" => &mut self.terrain,
            "hexside-terrain" => &mut self.hexside_terrain,
            "map" => &mut self.map,
            "pool" => &mut self.pool,
            "scenario" => &mut self.scenario,
            "crt" => &mut self.crt,
            "chart" => &mut self.chart,
            _ => return None,
        })
    }

    /// Claim the ids of entries the loader left out for mistakes of their own, never to be
    /// admitted: a reference to one resolves to nothing without a follow-on error. An entry
    /// whose id could not be read leaves its kind incomplete (no name of that kind is then
    /// reported unknown), and a map left out holds back the names that may be on it.
    pub(crate) fn hold_dropped(
        &mut self,
        cx: &mut super::Cx,
        dropped: &[(FileId, crate::load::entries::Dropped)],
    ) {
        for (file, d) in dropped {
            let Some(section) = d.section else { continue };
            if section == "map" {
                cx.map_left_out = true;
            }
            let Some(registry) = self.of_section(section) else {
                continue;
            };
            match (&d.id, section) {
                (Some(id), s) if s != "calendar" => {
                    // Never admitted: the entry is not in the model.
                    let _held = registry.define(*file, id, &mut cx.diags);
                }
                _ => registry.mark_incomplete(),
            }
        }
    }
}
