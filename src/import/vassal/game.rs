//! The game's own file, `game.toml`: the module's name and version as the game's, its sides
//! from the module's player rosters, the counters' size from their pictures, and a first
//! turn for the scenarios to start on.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek};

use toml_edit::{value, Array, ArrayOfTables, DocumentMut, Item, Table};

use super::{unique, Importer};
use crate::vassal::imagesize::image_size;

impl<R: Read + Seek> Importer<'_, R> {
    /// The module's sides (its player rosters' entries), or one side of all players when it
    /// names none; each with its id.
    pub(super) fn sides(&mut self) -> Vec<(String, String)> {
        let mut sides = Vec::new();
        for roster in self
            .root
            .descendants()
            .filter(|e| e.is_class("PlayerRoster"))
        {
            for entry in roster.children.iter().filter(|c| c.name == "entry") {
                let name = entry.text.trim().to_string();
                if !name.is_empty() && !sides.contains(&name) {
                    sides.push(name);
                }
            }
        }
        if sides.is_empty() {
            self.notes.push(
                "the module names no sides (no player roster): one side, `Players`, owns nothing"
                    .into(),
            );
            sides.push("Players".into());
        }
        let mut taken = BTreeSet::new();
        sides
            .into_iter()
            .map(|s| {
                let id = unique(&s, &mut taken);
                (s, id)
            })
            .collect()
    }

    /// `game.toml`: the game, the counters' size, the sides and a first turn.
    pub(super) fn game_file(
        &self,
        header: &str,
        title: &str,
        sides: &[(String, String)],
        counter_images: &BTreeMap<usize, String>,
    ) -> String {
        let mut doc = DocumentMut::new();
        doc.decor_mut().set_prefix(header);
        let mut game = Table::new();
        game["id"] = value(self.options.id.clone());
        game["title"] = value(title);
        game["version"] = value(self.module.version.clone().unwrap_or_else(|| "0".into()));
        if let Some(description) = self
            .module
            .metadata
            .as_ref()
            .and_then(|m| m.description.clone())
            .filter(|d| !d.trim().is_empty())
        {
            game["description"] = value(description);
        }
        let order: Array = sides.iter().map(|(_, id)| id.clone()).collect();
        game["player-order"] = value(order);
        doc.insert("game", Item::Table(game));
        // Counters are drawn at the size of their pictures (the largest side of most).
        let mut sizes: Vec<i32> = counter_images
            .values()
            .filter_map(|p| self.assets.get(p).and_then(|b| image_size(b)))
            .map(|s| s.width.max(s.height))
            .collect();
        sizes.sort_unstable();
        if let Some(&median) = sizes.get(sizes.len() / 2) {
            let mut art = Table::new();
            art["counter-size"] = value(i64::from(median.clamp(16, 512)));
            art.decor_mut().set_prefix(
                "\n# The counters' size: the median of their pictures' larger side (16 to 512).\n",
            );
            doc.insert("art", Item::Table(art));
        }
        let mut side_list = ArrayOfTables::new();
        const COLOURS: &[&str] = &[
            "#b03030", "#3050b0", "#30803a", "#a07020", "#704090", "#208080",
        ];
        for (i, (name, id)) in sides.iter().enumerate() {
            let mut t = Table::new();
            t["id"] = value(id.clone());
            t["name"] = value(name.clone());
            t["colour"] = value(COLOURS[i % COLOURS.len()]);
            if i == 0 {
                t.decor_mut().set_prefix(
                    "\n# The module's sides (its player roster); the colours are sandtable's.\n",
                );
            }
            side_list.push(t);
        }
        if !side_list.is_empty() {
            doc.insert("side", Item::ArrayOfTables(side_list));
        }
        let mut turns = ArrayOfTables::new();
        let mut t = Table::new();
        t["id"] = value("t1");
        t["name"] = value("Turn 1");
        t.decor_mut().set_prefix(
            "\n# A scenario starts on a turn: the module's turn tracker is kept verbatim\n# (vassal/kept.xml); list the game's turns here.\n",
        );
        turns.push(t);
        doc.insert("turn", Item::ArrayOfTables(turns));
        doc.to_string()
    }
}
