//! What the language cannot say of the module, kept verbatim in `vassal/kept.xml` (which
//! `sandtable build` reuses, in `emit/vassal/kept.rs`): each counter's piece slot with its
//! traits, where each picture of the module is in the game (those no map or counter shows
//! copied into `vassal/images/`), which window and board of the module each game map was
//! made from, and the module's other components.

use std::collections::BTreeMap;
use std::io::{Read, Seek};

use super::counters::CounterDef;
use super::maps::{Maps, Pools};
use super::{File, Importer};
use crate::vassal::buildfile::{write_element, Element};

impl<R: Read + Seek> Importer<'_, R> {
    /// `vassal/kept.xml`, every picture of the module the game has not copied yet copied
    /// into `vassal/images/`.
    pub(super) fn kept_file(
        &mut self,
        file_name: &str,
        counters: &[CounterDef],
        maps: &Maps,
        pools: &Pools,
    ) -> File {
        // Every picture of the module, for the pieces and prototypes kept: those not
        // already copied into `art/` go into `vassal/images/`.
        let mut pictures = BTreeMap::new();
        for name in self.source.image_names() {
            let file = match self.copied.get(&name) {
                Some(file) => file.clone(),
                None => {
                    let Some(bytes) = self.source.image(&name) else {
                        continue;
                    };
                    let file = format!("vassal/images/{name}");
                    self.assets.insert(file.clone(), bytes);
                    file
                }
            };
            pictures.insert(name, file);
        }
        File {
            name: "vassal/kept.xml".into(),
            text: self.kept_xml(file_name, counters, &pictures, maps, pools),
        }
    }

    /// The verbatim part: every counter's slot, where the pictures are, which window and
    /// board each game map was made from (`<game-map>`), where each pool's pieces stood in
    /// the module and the deck they lay in (`<pool-place>`), where each deck stands
    /// (`<deck-place>`), every other component.
    fn kept_xml(
        &self,
        file_name: &str,
        counters: &[CounterDef],
        pictures: &BTreeMap<String, String>,
        maps: &Maps,
        pools: &Pools,
    ) -> String {
        let mut kept = Element::new("sandtable-kept");
        kept.attributes.push((
            "module".into(),
            self.module.name.clone().unwrap_or_default(),
        ));
        kept.attributes.push(("file".into(), file_name.to_string()));
        for c in counters {
            let mut e = Element::new("counter");
            e.attributes.push(("id".into(), c.id.clone()));
            e.children.push(c.slot.clone());
            kept.children.push(e);
        }
        let mut images = Element::new("images");
        for (name, file) in pictures {
            let mut e = Element::new("image");
            e.attributes.push(("name".into(), name.clone()));
            e.attributes.push(("file".into(), file.clone()));
            images.children.push(e);
        }
        kept.children.push(images);
        let made = maps
            .hex
            .iter()
            .map(|b| (&b.id, &b.map, &b.board))
            .chain(maps.area.iter().map(|b| (&b.id, &b.map, &b.board)));
        for (id, window, board) in made {
            let mut e = Element::new("game-map");
            e.attributes.push(("id".into(), id.clone()));
            e.attributes.push(("window".into(), window.clone()));
            e.attributes.push(("board".into(), board.clone()));
            kept.children.push(e);
        }
        // Where each pool's pieces stood, and each deck.
        let pool_places = pools
            .places
            .iter()
            .filter_map(|(name, place)| Some(("pool-place", "pool", pools.ids.get(name)?, place)));
        let decks = Maps::deck_places(&self.module.maps);
        let deck_places = decks
            .iter()
            .map(|(name, place)| ("deck-place", "deck", name, place));
        for (element, key, name, place) in pool_places.chain(deck_places) {
            let mut e = Element::new(element);
            let mut put = |k: &str, v: String| e.attributes.push((k.into(), v));
            put(key, name.clone());
            put("window", place.window.clone());
            put("x", place.point.x.to_string());
            put("y", place.point.y.to_string());
            if let Some((board, local)) = &place.board {
                put("board", board.clone());
                put("board-x", local.x.to_string());
                put("board-y", local.y.to_string());
            }
            if element == "pool-place" {
                if let Some(deck) = &place.deck {
                    put("deck", deck.clone());
                }
            }
            kept.children.push(e);
        }
        for child in &self.root.children {
            if child.is_class("PredefinedSetup") || child.is_class("PlayerRoster") {
                continue;
            }
            kept.children.push(child.clone());
        }
        let mut text = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- What sandtable's language cannot say of this VASSAL module, kept verbatim by `sandtable import`:\n     each counter's piece slot (its traits, prototypes named, images), where the module's\n     pictures are in the game, and the module's other components (windows, palettes' layout,\n     prototypes, decks, dice, turn tracker, charts…). `sandtable build` reuses each counter's\n     piece, the prototypes, the pictures, the dice, the global properties, the turn trackers,\n     the chart windows, the map windows' decks and every map window no game map was made\n     from, each where the module had it, and puts the pieces of each pool where they stood\n     (<pool-place>: in the deck they lay in); the rest is not rebuilt yet. -->\n",
        );
        text.push_str(&write_element(&kept));
        text
    }
}
