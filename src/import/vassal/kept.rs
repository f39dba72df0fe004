//! What the language cannot say of the module, kept verbatim in `vassal/kept.xml` (which
//! `sandtable build` reuses, in `emit/vassal/kept.rs`): each counter's piece slot with its
//! traits, where each picture of the module is in the game (those no map or counter shows
//! copied into `vassal/images/`), which window and board of the module each game map was
//! made from, and the module's other components.

use std::collections::BTreeMap;
use std::io::{Read, Seek};

use super::counters::CounterDef;
use super::maps::Maps;
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
            text: self.kept_xml(file_name, counters, &pictures, maps),
        }
    }

    /// The verbatim part: every counter's slot, where the pictures are, which window and
    /// board each game map was made from (`<game-map>`), every other component.
    fn kept_xml(
        &self,
        file_name: &str,
        counters: &[CounterDef],
        pictures: &BTreeMap<String, String>,
        maps: &Maps,
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
        for child in &self.root.children {
            if child.is_class("PredefinedSetup") || child.is_class("PlayerRoster") {
                continue;
            }
            kept.children.push(child.clone());
        }
        let mut text = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- What sandtable's language cannot say of this VASSAL module, kept verbatim by `sandtable import`:\n     each counter's piece slot (its traits, prototypes named, images), where the module's\n     pictures are in the game, and the module's other components (windows, palettes' layout,\n     prototypes, decks, dice, turn tracker, charts…). `sandtable build` reuses each counter's\n     piece, the prototypes, the pictures, the dice, the global properties, the turn trackers,\n     the chart windows, the map windows' decks and every map window no game map was made\n     from, each where the module had it; the rest is not rebuilt yet. -->\n",
        );
        text.push_str(&write_element(&kept));
        text
    }
}
