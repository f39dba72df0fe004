//! The module's pieces made into counters, and the counter mix: every distinct piece
//! definition of a `PieceSlot` or `CardSlot` (the palettes', the at-start stacks', the decks'
//! cards) becomes a `[[class]]` and a `[[counter]]` named as the piece, on the side its
//! name, palette folder or deck names, with its picture copied into `art/`; each counter's
//! `count` is the most copies any source holds. Also `counters.toml`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek};

use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};

use super::{areas, unique, Importer};
use crate::vassal::buildfile::Element;
use crate::vassal::encoder::decode;
use crate::vassal::inspect::PieceReport;
use crate::vassal::save::{split_trait_chain, BasicPieceInfo};

/// A distinct piece definition and where it occurs.
#[derive(Debug, Clone)]
pub(super) struct CounterDef {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) image: String,
    pub(super) side: Option<String>,
    /// The first slot holding it (kept verbatim).
    pub(super) slot: Element,
    /// Traits, BasicPiece excluded.
    pub(super) traits: usize,
    /// Slots in palettes.
    pub(super) in_palettes: usize,
    /// Slots in at-start stacks.
    pub(super) at_start: usize,
    /// Card slots in decks (the cards a deck holds when the module starts).
    pub(super) in_decks: usize,
    /// Whether no slot of the module holds it: a piece a set-up or save places, made a
    /// counter from its definition there.
    pub(super) from_setup: bool,
    /// Copies per set-up (by set-up name).
    pub(super) in_setups: BTreeMap<String, usize>,
}

/// The counters made so far, found by definition, slot id and name.
pub(super) struct Mix<'s> {
    /// The module's sides and their ids.
    sides: &'s [(String, String)],
    pub(super) counters: Vec<CounterDef>,
    /// Counters by their definition's type string.
    pub(super) by_type: BTreeMap<String, usize>,
    /// Counters by the id of a slot holding them.
    pub(super) by_gpid: BTreeMap<String, usize>,
    /// Counters by name; `None` when two share it.
    by_name: BTreeMap<String, Option<usize>>,
    taken: BTreeSet<String>,
}

impl<'s> Mix<'s> {
    pub(super) fn new(sides: &'s [(String, String)]) -> Self {
        Self {
            sides,
            counters: Vec::new(),
            by_type: BTreeMap::new(),
            by_gpid: BTreeMap::new(),
            by_name: BTreeMap::new(),
            taken: BTreeSet::new(),
        }
    }

    /// The counter of a piece definition, made (named as its piece, else `entry`; its side
    /// the one its name or `folder` names; `slot` kept verbatim) when none has it yet.
    pub(super) fn define(
        &mut self,
        type_string: &str,
        state_string: &str,
        entry: &str,
        folder: &str,
        slot: impl FnOnce() -> Element,
    ) -> usize {
        if let Some(&i) = self.by_type.get(type_string) {
            return i;
        }
        let chain = split_trait_chain(type_string, state_string);
        let basic = chain
            .last()
            .map(|b| BasicPieceInfo::parse(&b.type_string, &b.state_string))
            .unwrap_or_default();
        let name = if basic.name.is_empty() {
            entry.to_string()
        } else {
            basic.name.clone()
        };
        let lower = format!("{name} {folder}").to_lowercase();
        let side = self
            .sides
            .iter()
            .find(|(s, _)| {
                lower
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| w == s.to_lowercase())
            })
            .map(|(_, id)| id.clone());
        let index = self.counters.len();
        self.by_name
            .entry(name.clone())
            .and_modify(|v| *v = None)
            .or_insert(Some(index));
        self.counters.push(CounterDef {
            id: unique(&name, &mut self.taken),
            name,
            image: basic.image,
            side,
            slot: slot(),
            traits: chain.len().saturating_sub(1),
            in_palettes: 0,
            at_start: 0,
            in_decks: 0,
            from_setup: false,
            in_setups: BTreeMap::new(),
        });
        self.by_type.insert(type_string.to_string(), index);
        index
    }

    /// The counter of a placed piece: its slot's, else the one counter of its name.
    pub(super) fn find(&self, piece: &PieceReport) -> Option<usize> {
        self.by_gpid
            .get(&piece.gpid)
            .copied()
            .or_else(|| self.by_name.get(&piece.name).copied().flatten())
    }
}

/// The type string of a slot's definition (`+/null/TYPE/STATE`) and its state.
fn slot_definition(slot: &Element) -> Option<(String, String)> {
    let tokens = decode(slot.text.trim(), '/');
    if tokens.first().map(String::as_str) != Some("+") || tokens.len() < 3 {
        return None;
    }
    Some((
        tokens[2].clone(),
        tokens.get(3).cloned().unwrap_or_default(),
    ))
}

/// Every `PieceSlot` (and a deck's `CardSlot`) below `element` with the names of the
/// palette folders above it.
fn slots_below<'e>(
    element: &'e Element,
    path: &mut Vec<String>,
    out: &mut Vec<(&'e Element, String)>,
) {
    for child in &element.children {
        if child.is_class("PieceSlot") || child.is_class("CardSlot") {
            out.push((child, path.join(" / ")));
        } else if child.name.contains('.') {
            let name = ["entryName", "name", "text"]
                .iter()
                .find_map(|k| child.attr(k).filter(|v| !v.is_empty()))
                .unwrap_or_default()
                .to_string();
            path.push(name);
            slots_below(child, path, out);
            path.pop();
        }
    }
}

impl<R: Read + Seek> Importer<'_, R> {
    /// The counters of the slots: every distinct piece definition of the palettes, the
    /// at-start stacks and the decks' cards, each counted where it occurs.
    pub(super) fn counters_from_slots(&mut self, mix: &mut Mix<'_>) {
        let mut palette_slots = Vec::new();
        for window in self
            .root
            .descendants()
            .filter(|e| e.is_class("PieceWindow"))
        {
            slots_below(window, &mut vec![], &mut palette_slots);
        }
        let mut at_start_slots = Vec::new();
        for stack in self.root.descendants().filter(|e| e.is_class("SetupStack")) {
            slots_below(stack, &mut vec![], &mut at_start_slots);
        }
        let mut deck_slots = Vec::new();
        for deck in self.root.descendants().filter(|e| e.is_class("DrawPile")) {
            let name = deck.attr("name").unwrap_or_default().to_string();
            slots_below(deck, &mut vec![name], &mut deck_slots);
        }
        let mut slots = Vec::new();
        slots.extend(palette_slots.iter().map(|(s, p)| (*s, p.clone(), 0)));
        slots.extend(at_start_slots.iter().map(|(s, p)| (*s, p.clone(), 1)));
        slots.extend(deck_slots.iter().map(|(s, p)| (*s, p.clone(), 2)));
        for (slot, folder, origin) in slots {
            let Some((type_string, state_string)) = slot_definition(slot) else {
                self.notes.push(format!(
                    "a piece slot `{}` holds no piece definition: left out",
                    slot.attr("entryName").unwrap_or_default()
                ));
                continue;
            };
            let index = mix.define(
                &type_string,
                &state_string,
                slot.attr("entryName").unwrap_or("Piece"),
                &folder,
                || slot.clone(),
            );
            let counter = &mut mix.counters[index];
            match origin {
                0 => counter.in_palettes += 1,
                1 => counter.at_start += 1,
                _ => counter.in_decks += 1,
            }
            if let Some(gpid) = slot.attr("gpid") {
                mix.by_gpid.insert(gpid.to_string(), index);
            }
        }
    }

    /// Each counter's picture copied into `art/`, by counter (a picture not in PNG is
    /// copied and kept verbatim, the counter drawn by sandtable).
    pub(super) fn copy_counter_pictures(
        &mut self,
        counters: &[CounterDef],
    ) -> BTreeMap<usize, String> {
        let mut counter_images = BTreeMap::new();
        for (i, counter) in counters.iter().enumerate() {
            let image = counter.image.clone();
            // A blank name is no picture, as VASSAL reads it (VSQL's blank counters).
            if image.trim().is_empty() {
                continue;
            }
            let whose = format!("the piece `{}`", counter.name);
            if self.options.allow_missing_images
                && !self.copied.contains_key(&image)
                && !self.source.has_image(&image)
            {
                self.notes.push(format!(
                    "{whose} shows the picture `{image}`, which the module does not hold: the counter is drawn by sandtable, and its traits keep the name, so the rebuilt module shows it as the original does"
                ));
                continue;
            }
            if let Some(p) = self.copy_image(&image, &whose) {
                if self.is_png(&p) {
                    counter_images.insert(i, p);
                } else {
                    self.notes.push(format!(
                        "the piece `{}`: its picture `{image}` is not a PNG, which the language takes: copied into `art/` and kept verbatim, the counter drawn by sandtable",
                        counter.name
                    ));
                }
            }
        }
        counter_images
    }
}

/// `counters.toml`: one class and one counter per piece, its count the most any source holds.
pub(super) fn counters_file(
    header: &str,
    counters: &[CounterDef],
    images: &BTreeMap<usize, String>,
) -> String {
    let mut doc = DocumentMut::new();
    doc.decor_mut().set_prefix(format!(
        "{header}# One class and one counter per piece of the module, with its picture; each piece's traits\n# are kept verbatim in vassal/kept.xml (under the counter's id).\n"
    ));
    let mut types = ArrayOfTables::new();
    let mut t = Table::new();
    t["id"] = value("piece");
    t["name"] = value("Piece");
    t["symbol"] = value("marker");
    t["combat"] = value(false);
    t.decor_mut()
        .set_prefix("\n# The module's pieces carry no unit type or factors the language reads.\n");
    types.push(t);
    doc.insert("unit-type", Item::ArrayOfTables(types));
    let mut classes = ArrayOfTables::new();
    let mut list = ArrayOfTables::new();
    for (i, c) in counters.iter().enumerate() {
        let mut k = Table::new();
        k["id"] = value(c.id.clone());
        k["name"] = value(c.name.clone());
        if let Some(side) = &c.side {
            k["side"] = value(side.clone());
        }
        k["type"] = value("piece");
        if let Some(image) = images.get(&i) {
            k["image"] = value(image.clone());
        }
        classes.push(k);
        let mut n = Table::new();
        n["id"] = value(c.id.clone());
        n["name"] = value(c.name.clone());
        n["class"] = value(c.id.clone());
        let setups_most = c.in_setups.values().copied().max().unwrap_or(0);
        let count = c
            .in_palettes
            .max(c.at_start)
            .max(c.in_decks)
            .max(setups_most)
            .max(1);
        n["count"] = value(count as i64);
        let mut sources = Vec::new();
        if c.from_setup {
            sources.push("in no slot of the module".to_string());
        } else if c.in_palettes > 0 || c.in_decks == 0 {
            sources.push(format!(
                "{} palette slot{}",
                c.in_palettes,
                areas::plural(c.in_palettes)
            ));
        }
        if c.at_start > 0 {
            sources.push(format!("{} in the at-start stacks", c.at_start));
        }
        if c.in_decks > 0 {
            sources.push(format!(
                "{} card slot{} of the decks",
                c.in_decks,
                areas::plural(c.in_decks)
            ));
        }
        for (setup, k) in &c.in_setups {
            sources.push(format!("{k} in the set-up `{setup}`"));
        }
        n.decor_mut().set_prefix(format!(
            "\n# count {count}: the most of these any source holds ({})\n",
            sources.join(", ")
        ));
        list.push(n);
    }
    doc.insert("class", Item::ArrayOfTables(classes));
    doc.insert("counter", Item::ArrayOfTables(list));
    doc.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_definition_is_its_type_and_state() {
        let mut slot = Element::new("VASSAL.build.widget.PieceSlot");
        slot.text = "+/null/prototype;Unit\tpiece;;;a.png;A/\tnull;0;0;20;0".into();
        let (t, s) = slot_definition(&slot).unwrap();
        assert_eq!(t, "prototype;Unit\tpiece;;;a.png;A");
        assert_eq!(s, "\tnull;0;0;20;0");
        slot.text = "nonsense".into();
        assert!(slot_definition(&slot).is_none());
    }
}
