//! The module's predefined set-ups, its at-start stacks and the saves given, made into
//! scenarios: each piece at its hex's name or in the area of its location's name, else in a
//! pool named as the location VASSAL reports for it; a piece that no slot of the module
//! holds becomes a counter of its own, from its definition in the set-up. Also each
//! scenario's file.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek};
use std::path::Path;

use toml_edit::{value, Array, ArrayOfTables, DocumentMut, Item, Table};

use super::counters::{CounterDef, Mix};
use super::maps::{Maps, OriginalPlace, Pools, Spot};
use super::{areas, unique, File, Importer};
use crate::diag::Diagnostic;
use crate::vassal::buildfile::Element;
use crate::vassal::encoder::encode_or_empty;
use crate::vassal::grid::Point;
use crate::vassal::inspect::{piece_reports, MapInfo, PieceReport, SetupInfo};
use crate::vassal::save::SaveFile;

/// A piece definition's type and state strings, by the id of the piece a save places.
pub(super) type Definitions = BTreeMap<String, (String, String)>;

/// What places pieces: a predefined set-up or a save given to the import.
pub(super) struct Placing {
    title: String,
    /// Where it comes from, for the scenario's comment.
    source: String,
    pieces: Vec<PieceReport>,
    /// The set-up's file in the module, read for the definitions when a piece matches no
    /// slot.
    file: Option<String>,
    definitions: Option<Definitions>,
}

/// A scenario to write: its title, where it comes from and what it places where.
pub(super) struct ScenarioPlan {
    title: String,
    source: String,
    spots: BTreeMap<Spot, Vec<usize>>,
    /// Where the first piece of each pool stood in the module, by the pool's place.
    places: BTreeMap<String, OriginalPlace>,
}

impl ScenarioPlan {
    /// Puts `piece` (of `counter`) on its spot, noting where a pool's first piece stood.
    fn put(&mut self, maps: &Maps, module_maps: &[MapInfo], piece: &PieceReport, counter: usize) {
        let spot = maps.spot(module_maps, piece);
        if let Spot::Pool(name) = &spot {
            if !self.places.contains_key(name) {
                if let Some(place) = Maps::original_place(module_maps, piece) {
                    self.places.insert(name.clone(), place);
                }
            }
        }
        self.spots.entry(spot).or_default().push(counter);
    }
}

/// The scenarios planned, and the set-up pieces made counters of their own or left out.
pub(super) struct Placed {
    pub(super) plans: Vec<ScenarioPlan>,
    /// Set-up pieces no slot holds, made counters from their definitions.
    pub(super) own_pieces: usize,
    /// Set-up pieces with no definition, left out.
    pub(super) dropped_pieces: usize,
}

impl Placed {
    /// The pieces the scenarios place, in hexes, areas and pools.
    pub(super) fn placements(&self) -> usize {
        self.plans
            .iter()
            .flat_map(|p| p.spots.values())
            .map(Vec::len)
            .sum()
    }
}

impl<R: Read + Seek> Importer<'_, R> {
    /// The definitions of the pieces a predefined set-up's file places, by piece id (none
    /// when it cannot be read: the set-up's own report then says why).
    fn definitions(&mut self, file: Option<&str>) -> Definitions {
        let Some(file) = file else {
            return Definitions::new();
        };
        let Some(bytes) = self.source.file(file) else {
            return Definitions::new();
        };
        match SaveFile::from_bytes(bytes, Path::new(file)) {
            Ok(save) => save
                .state()
                .pieces
                .into_values()
                .map(|p| (p.id, (p.type_string, p.state_string)))
                .collect(),
            Err(_) => Definitions::new(),
        }
    }

    /// What places pieces: the predefined set-ups (flattened from menus), then the saves
    /// given (an error for each that cannot be read).
    pub(super) fn placings(&mut self) -> Vec<Placing> {
        let mut setups: Vec<&SetupInfo> = Vec::new();
        fn flatten<'s>(list: &'s [SetupInfo], out: &mut Vec<&'s SetupInfo>) {
            for s in list {
                if s.is_menu {
                    flatten(&s.children, out);
                } else {
                    out.push(s);
                }
            }
        }
        flatten(&self.module.setups, &mut setups);
        let mut placings: Vec<Placing> = Vec::new();
        for setup in &setups {
            let Some(pieces) = &setup.pieces else {
                if let Some(error) = &setup.error {
                    self.notes.push(format!(
                        "predefined set-up `{}`: {error}; not imported",
                        setup.name
                    ));
                }
                continue;
            };
            placings.push(Placing {
                title: setup.name.clone(),
                source: format!(
                    "the predefined set-up `{}` ({})",
                    setup.name,
                    setup.file.as_deref().unwrap_or_default()
                ),
                pieces: pieces.clone(),
                file: setup.file.clone(),
                definitions: None,
            });
        }
        for save in &self.options.saves {
            let read = SaveFile::read(save).map(|s| s.state());
            let state = match read {
                Ok(state) => state,
                Err(e) => {
                    self.errors.push(
                        Diagnostic::error(
                            "save-unreadable",
                            format!("`{}` cannot be read as a VASSAL save: {e}", save.display()),
                        )
                        .hint("give `--save` a saved game (`.vsav`) or log (`.vlog`) of this module, as VASSAL writes it"),
                    );
                    continue;
                }
            };
            let mut name = save
                .file_stem()
                .map(|n| n.to_string_lossy().replace('_', " "))
                .unwrap_or_else(|| "Save".into());
            if placings.iter().any(|p| p.title == name) {
                name.push_str(" (saved game)");
            }
            let file = save
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            placings.push(Placing {
                title: name,
                source: format!("the saved game `{file}`"),
                pieces: piece_reports(&state, Some(&self.module.maps)),
                file: None,
                definitions: Some(
                    state
                        .pieces
                        .values()
                        .map(|p| {
                            (
                                p.id.clone(),
                                (p.type_string.clone(), p.state_string.clone()),
                            )
                        })
                        .collect(),
                ),
            });
        }
        placings
    }

    /// Each piece placed: the counter of its slot (or its name), else of its definition,
    /// made a counter of its own when no slot of the module holds it; where it stands.
    pub(super) fn place(
        &mut self,
        mut placings: Vec<Placing>,
        mix: &mut Mix<'_>,
        maps: &Maps,
    ) -> Placed {
        let mut plans: Vec<ScenarioPlan> = Vec::new();
        let mut dropped_pieces = 0;
        let mut own_pieces = 0;
        for placing in &mut placings {
            let mut plan = ScenarioPlan {
                title: placing.title.clone(),
                source: placing.source.clone(),
                spots: BTreeMap::new(),
                places: BTreeMap::new(),
            };
            let mut copies: BTreeMap<usize, usize> = BTreeMap::new();
            for piece in &placing.pieces {
                let counter = match mix.find(piece) {
                    Some(c) => c,
                    None => {
                        if placing.definitions.is_none() {
                            placing.definitions = Some(self.definitions(placing.file.as_deref()));
                        }
                        let definition =
                            placing.definitions.as_ref().and_then(|d| d.get(&piece.id));
                        let Some((type_string, state_string)) = definition else {
                            dropped_pieces += 1;
                            self.notes.push(format!(
                                "{}: the piece `{}` (slot {}) has no definition there: left out",
                                placing.source, piece.name, piece.gpid
                            ));
                            continue;
                        };
                        own_pieces += 1;
                        let known = mix.by_type.contains_key(type_string);
                        let c = mix.define(type_string, state_string, "Piece", "", || {
                            let mut slot = Element::new("VASSAL.build.widget.PieceSlot");
                            slot.attributes
                                .push(("entryName".into(), piece.name.clone()));
                            slot.attributes.push(("gpid".into(), piece.gpid.clone()));
                            slot.text =
                                encode_or_empty(&["+", "null", type_string, state_string], '/');
                            slot
                        });
                        if !known {
                            mix.counters[c].from_setup = true;
                        }
                        c
                    }
                };
                *copies.entry(counter).or_default() += 1;
                plan.put(maps, &self.module.maps, piece, counter);
            }
            for (counter, n) in copies {
                mix.counters[counter]
                    .in_setups
                    .insert(placing.title.clone(), n);
            }
            plans.push(plan);
        }
        let own_counters = mix.counters.iter().filter(|c| c.from_setup).count();
        if own_counters > 0 {
            self.notes.push(format!(
                "{own_pieces} set-up piece{} match no slot of the palettes, at-start stacks or decks: made {own_counters} counter{} from the definitions the set-ups hold, their traits kept verbatim",
                areas::plural(own_pieces),
                areas::plural(own_counters),
            ));
        }
        Placed {
            plans,
            own_pieces,
            dropped_pieces,
        }
    }

    /// The at-start stacks, as VASSAL puts them on the map of a new game: a scenario of
    /// their own, when there are any.
    pub(super) fn at_start_stacks(
        &self,
        maps: &Maps,
        counters: &[CounterDef],
        by_gpid: &BTreeMap<String, usize>,
    ) -> Option<ScenarioPlan> {
        let mut at_start = ScenarioPlan {
            title: "At-start stacks".into(),
            source: "the module's at-start stacks (a new game without a set-up)".into(),
            spots: BTreeMap::new(),
            places: BTreeMap::new(),
        };
        for map in &self.module.maps {
            let layout = map.layout(None);
            for stack in self
                .root
                .descendants()
                .filter(|e| {
                    e.is_class("Map") || e.is_class("PrivateMap") || e.is_class("PlayerHand")
                })
                .filter(|m| m.attr("mapName") == Some(map.name.as_str()))
                .flat_map(|m| m.descendants().filter(|e| e.is_class("SetupStack")))
            {
                let owning = stack.attr("owningBoard").unwrap_or_default();
                let x: i32 = stack
                    .attr("x")
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                let y: i32 = stack
                    .attr("y")
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                let origin = layout
                    .boards
                    .iter()
                    .find(|b| b.name == owning)
                    .map(|b| layout.board_origin(b))
                    .unwrap_or(Point::new(0, 0));
                let (mx, my) = (origin.x + x, origin.y + y);
                let location = layout.location_name(Point::new(mx, my));
                for slot in stack.children.iter().filter(|c| c.is_class("PieceSlot")) {
                    let Some(&counter) = slot.attr("gpid").and_then(|g| by_gpid.get(g)) else {
                        continue;
                    };
                    let piece = PieceReport {
                        id: String::new(),
                        name: counters[counter].name.clone(),
                        map: Some(map.name.clone()),
                        x: mx,
                        y: my,
                        board: None,
                        location: Some(location.clone()),
                        gpid: String::new(),
                        container: None,
                        traits: Vec::new(),
                    };
                    at_start.put(maps, &self.module.maps, &piece, counter);
                }
            }
        }
        (!at_start.spots.is_empty()).then_some(at_start)
    }

    /// The pools: one for every location off the maps' grids a scenario places pieces in,
    /// with the decks at that place.
    pub(super) fn pools(&self, plans: &[ScenarioPlan]) -> Pools {
        let mut pool_names: BTreeSet<String> = BTreeSet::new();
        for plan in plans {
            for spot in plan.spots.keys() {
                if let Spot::Pool(name) = spot {
                    pool_names.insert(name.clone());
                }
            }
        }
        let mut pool_taken = BTreeSet::new();
        let pools: BTreeMap<String, String> = pool_names
            .iter()
            .map(|n| (n.clone(), unique(n, &mut pool_taken)))
            .collect();
        // The decks whose cards a pool holds: each deck at its place, as VASSAL names the
        // place of the cards in it.
        let mut pool_decks: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for map in &self.module.maps {
            let layout = map.layout(None);
            for (deck, point) in &layout.decks {
                let location = layout.location_name(*point);
                let pool = if location == "offboard" || location.trim().is_empty() {
                    format!("{} offboard", map.name)
                } else {
                    location
                };
                if pools.contains_key(&pool) {
                    pool_decks.entry(pool).or_default().push(deck.clone());
                }
            }
        }
        // Where each pool's pieces stood: as the first scenario placing it says.
        let mut places = BTreeMap::new();
        for plan in plans {
            for (name, place) in &plan.places {
                places.entry(name.clone()).or_insert_with(|| place.clone());
            }
        }
        Pools {
            ids: pools,
            decks: pool_decks,
            places,
        }
    }
}

/// The scenarios' files, one per scenario planned.
pub(super) fn scenario_files(
    header: &str,
    plans: &[ScenarioPlan],
    counters: &[CounterDef],
    maps: &Maps,
    pools: &Pools,
) -> Vec<File> {
    let mut files = Vec::new();
    let mut scenario_taken = BTreeSet::new();
    for plan in plans {
        let id = unique(&plan.title, &mut scenario_taken);
        let mut doc = DocumentMut::new();
        doc.decor_mut().set_prefix(format!(
            "{header}# The scenario of {}: each piece at the name of its hex on the module's grid or in\n# the area named as its place, else in the pool named as the place VASSAL reports for it.\n",
            plan.source
        ));
        let mut list = ArrayOfTables::new();
        let mut s = Table::new();
        s["id"] = value(id.clone());
        s["title"] = value(plan.title.clone());
        s["start"] = value("t1");
        let mut places = ArrayOfTables::new();
        let mut fills = ArrayOfTables::new();
        for (spot, list_of) in &plan.spots {
            let ids: Array = list_of.iter().map(|&c| counters[c].id.clone()).collect();
            let mut t = Table::new();
            match spot {
                Spot::Hex { map, name: at } | Spot::Area { map, area: at } => {
                    let at = if maps.count() > 1 {
                        format!("{map}:{at}")
                    } else {
                        at.clone()
                    };
                    t["at"] = value(at);
                    t["counters"] = value(ids);
                    places.push(t);
                }
                Spot::Pool(name) => {
                    t["pool"] = value(pools.ids[name].clone());
                    t["counters"] = value(ids);
                    fills.push(t);
                }
            }
        }
        if !places.is_empty() {
            s.insert("place", Item::ArrayOfTables(places));
        }
        if !fills.is_empty() {
            s.insert("pool", Item::ArrayOfTables(fills));
        }
        list.push(s);
        doc.insert("scenario", Item::ArrayOfTables(list));
        files.push(File {
            name: format!("scenarios/{id}.toml"),
            text: doc.to_string(),
        });
    }
    files
}
