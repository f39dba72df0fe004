//! Checks of maps: hex geometry and text layers, places, hexsides, rails, edges, hex sets,
//! and the areas, boxes and routes of area maps; on an area map laid from geography, the
//! borders its outlines share against its adjacency, a strait crossing
//! (`[[map.geography.crossing]]`) counting as a border.
//!
//! This file walks the maps and dispatches by kind: hex maps in `hex_map.rs` (their text
//! layers in `layers.rs`), area maps in `areas.rs` (what geography adds in `geography.rs`),
//! and the hex sets both kinds have in `sets.rs`, which also finishes a map.

use std::collections::{BTreeMap, BTreeSet};

use crate::load::schema::Spanned;

use super::names::Names;
use super::{board, gather, Cx, Registry};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::{self, GameFile};
use crate::load::source::FileId;
use crate::model::hex::{Numbering, PictureGrid};
use crate::model::map::{Crossing, PlaceAt};
use crate::model::{
    Area, AreaMap, Edge, Game, Hex, HexCoord, HexGeometry, HexMap, HexSet, Map, MapKind,
    Orientation, Place, Rail, Route, TerrainKind,
};

mod areas;
mod geography;
mod hex_map;
mod layers;
mod sets;

use areas::check_area_map;
use geography::{
    compare_outlines_with_adjacency, declared_crossings, geography_keys, natural_earth_data,
};
use hex_map::check_hex_map;
pub(crate) use hex_map::hex_geometry;
use layers::layer;
use sets::{country_sets, explicit_sets, finish_map};

pub(crate) fn check_maps(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    let all = gather(files, |f| &f.map);
    board::unamended(cx, &all);
    for &(file, m) in all.iter().filter(|(_, m)| !m.amend) {
        let Some(claim) = names.map.define(file, &m.id, &mut cx.diags) else {
            continue;
        };
        // The entries amending this map (a variant's changes to the board it uses).
        let amends: Vec<(FileId, &schema::Map)> = all
            .iter()
            .filter(|(_, a)| a.amend && a.id.get_ref() == m.id.get_ref())
            .copied()
            .collect();
        if m.title.is_none() {
            cx.push(
                Diagnostic::error(
                    "missing-key",
                    format!("map `{}` has no `title`", m.id.get_ref()),
                )
                .at(Cx::span(file, &m.id))
                .hint("give it the title printed on the map, e.g. `title = \"Europe 1901\"`"),
            );
        }
        natural_earth_data(cx, file, &g.root, m);
        geography_keys(cx, file, m);
        let mut sets = Registry::new("hex set");
        let map = match (&m.hex, m.area.is_empty()) {
            (Some(h), true) => {
                board::not_amendable(cx, &amends);
                if let Some(d) = &m.drawing {
                    cx.push(
                        Diagnostic::warning(
                            "ignored-key",
                            "`drawing` says how an area map is drawn; this is a hex map",
                        )
                        .at(Cx::span(file, d))
                        .hint("remove it: a hex map is drawn as hexes"),
                    );
                }
                check_hex_map(cx, file, names, g, m, h, &mut sets)
            }
            (None, false) => {
                super::cartouche::on_area_map(cx, file, m);
                check_area_map(cx, file, names, g, m, &amends, &mut sets)
            }
            (Some(h), false) => {
                cx.push(
                    Diagnostic::error(
                        "conflict",
                        format!("map `{}` has both `[map.hex]` and areas", m.id.get_ref()),
                    )
                    .at(Cx::span(file, h))
                    .hint("a map is either a hex map or an area map; split it into two maps"),
                );
                None
            }
            (None, true) => {
                cx.push(
                    Diagnostic::error(
                        "empty-map",
                        format!(
                            "map `{}` has neither `[map.hex]` nor `[[map.area]]`",
                            m.id.get_ref()
                        ),
                    )
                    .at(Cx::span(file, &m.id))
                    .hint("describe a hex grid with `[map.hex]` or list areas with `[[map.area]]`"),
                );
                None
            }
        };
        // A map whose grid, terrain or areas did not resolve was reported; it is left out of
        // the model, and lookups that could have named something on it stay quiet.
        if let Some(map) = map {
            names.map.admit(claim, &mut g.maps, map);
            names.hex_sets.push(sets);
        } else {
            cx.map_left_out = true;
        }
    }
}

/// Parse a hex number of a map, reporting one that is not on it.
pub(crate) fn hex(
    cx: &mut Cx,
    file: FileId,
    geo: &HexGeometry,
    s: &Spanned<String>,
) -> Option<HexCoord> {
    let found = geo.parse_number(s.get_ref().trim());
    if found.is_none() {
        let first = geo.number(HexCoord::new(0, 0));
        let last = geo.number(HexCoord::new(geo.columns - 1, geo.rows - 1));
        cx.push(
            Diagnostic::error(
                "no-such-hex",
                format!("there is no hex `{}` on this map", s.get_ref()),
            )
            .at(Cx::span(file, s))
            .label("not a hex number of the map")
            .hint(format!("hexes are numbered from {first} to {last}")),
        );
    }
    found
}

/// `army-group-north` → `Army Group North`.
fn titled(id: &str) -> String {
    id.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_uppercase().collect::<String>() + c.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use crate::model::map::PlaceAt;
    use crate::model::{HexCoord, MapKind};
    use crate::testgame;

    /// The hexes of each value of a text layer of `map.toml`, found as before: one pass over
    /// the map per value.
    fn by_value(map_toml: &str, layer: &str) -> BTreeMap<String, BTreeSet<PlaceAt>> {
        let doc: toml::Value = toml::from_str(map_toml).expect("TOML");
        let l = &doc["map"][0][layer];
        let legend: BTreeMap<char, String> = l["legend"]
            .as_table()
            .expect("legend")
            .iter()
            .map(|(k, v)| {
                (
                    k.chars().next().expect("a char"),
                    v.as_str().expect("id").into(),
                )
            })
            .collect();
        let cells: Vec<Vec<char>> = l["rows"]
            .as_str()
            .expect("rows")
            .lines()
            .map(|r| r.chars().collect())
            .collect();
        let mut out = BTreeMap::new();
        for id in legend.values().filter(|id| !id.is_empty()) {
            let members: BTreeSet<PlaceAt> = (0..cells.len())
                .flat_map(|r| (0..cells[r].len()).map(move |c| (c, r)))
                .filter(|&(c, r)| legend[&cells[r][c]] == *id)
                .map(|(c, r)| PlaceAt::Hex(HexCoord::new(c as i32, r as i32)))
                .collect();
            out.insert(id.clone(), members);
        }
        out
    }

    #[test]
    fn regions_and_countries_hold_the_hexes_of_their_layer() {
        let files = testgame::large::gpw(2);
        let map = &files.iter().find(|(n, _)| *n == "map.toml").expect("map").1;
        let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
        let g = testgame::build(&refs);
        assert!(matches!(g.maps[0].kind, MapKind::Hex(_)));
        let sets: BTreeMap<&str, &BTreeSet<PlaceAt>> = g.maps[0]
            .hex_sets
            .iter()
            .map(|s| (s.id.as_str(), &s.members))
            .collect();
        let regions = by_value(map, "region");
        assert_eq!(regions.len(), 18);
        for (id, members) in regions.iter().chain(&by_value(map, "country")) {
            assert_eq!(sets.get(id.as_str()), Some(&members), "{id}");
        }
    }
}
