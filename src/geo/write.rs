//! Writing what the geography gives into the map's own file: the `[[map]]` table of the map
//! keeps everything the designer wrote (comments included) and gets its `terrain` and
//! `country` layers, `place`, `hexside` and `rail` entries replaced by the computed ones.
//!
//! Each computed table goes where the file already has it — the old table's place in the
//! document and the comment above it —, and one the file does not have yet goes after
//! everything the map holds. The file keeps its order whatever the designer wrote where
//! (a `[[map.geography.place]]` appended at the end of the file included), so a second run
//! writes the same bytes and `geo --check` right after a run is clean.

use std::collections::BTreeMap;

use toml_edit::{value, Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use super::Computed;
use crate::model::{HexCoord, HexGeometry};

/// Legend characters tried, in order, after an id's own letters.
const SPARE: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// One character per id: the one the map's current legend gives it, else `.` for `clear`,
/// `~` for the first water terrain, else its first free letter, else a spare one.
fn legend(
    ids: &[String],
    current: &BTreeMap<String, char>,
    water: &dyn Fn(&str) -> bool,
    upper: bool,
) -> Vec<(char, String)> {
    let mut used: BTreeMap<char, String> = BTreeMap::new();
    let mut out = Vec::new();
    for id in ids {
        let mut candidates: Vec<char> = current.get(id).copied().into_iter().collect();
        if id == "clear" {
            candidates.push('.');
        }
        if water(id) {
            candidates.push('~');
        }
        candidates.extend(id.chars().filter(char::is_ascii_alphanumeric).map(|c| {
            if upper {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        }));
        candidates.extend(SPARE.chars());
        if let Some(c) = candidates
            .into_iter()
            .find(|c| !used.contains_key(c) && *c != '-')
        {
            used.insert(c, id.clone());
            out.push((c, id.clone()));
        }
    }
    out
}

/// The characters an existing `[map.terrain]`/`[map.country]` legend gives each id.
fn current_legend(table: Option<&Table>) -> BTreeMap<String, char> {
    let mut out = BTreeMap::new();
    let Some(legend) = table
        .and_then(|t| t.get("legend"))
        .and_then(Item::as_inline_table)
    else {
        return out;
    };
    for (k, v) in legend.iter() {
        if let (Some(c), Some(id)) = (k.chars().next(), v.as_str()) {
            if k.chars().count() == 1 && !id.is_empty() {
                out.insert(id.to_string(), c);
            }
        }
    }
    out
}

/// A layer table: `legend` and `rows`, one line per raw row.
fn layer(geometry: &HexGeometry, cells: &[Option<String>], legend: &[(char, String)]) -> Table {
    let char_of: BTreeMap<&str, char> = legend.iter().map(|(c, id)| (id.as_str(), *c)).collect();
    let mut rows = String::from("\"\"\"\n");
    for r in 0..geometry.rows {
        for c in 0..geometry.columns {
            let cell = &cells[geometry.index(HexCoord::new(c, r))];
            rows.push(
                cell.as_deref()
                    .and_then(|id| char_of.get(id).copied())
                    .unwrap_or('-'),
            );
        }
        rows.push('\n');
    }
    rows.push_str("\"\"\"");
    let mut inline = InlineTable::new();
    for (c, id) in legend {
        inline.insert(c.to_string(), Value::from(id.as_str()));
    }
    if cells.iter().any(Option::is_none) {
        inline.insert("-", Value::from(""));
    }
    let mut t = Table::new();
    t.insert("legend", value(inline));
    // The rows are legend characters only, so this literal is always valid TOML.
    let rows_value: Value = rows.parse().unwrap_or_else(|_| Value::from(""));
    t.insert("rows", value(rows_value));
    t
}

/// `text` with the `[[map]]` of `computed.map` given the computed layers and lines.
/// `water` says whether a terrain id is water (it prints as `~`).
pub fn into_file(
    text: &str,
    geometry: &HexGeometry,
    computed: &Computed,
    water: &dyn Fn(&str) -> bool,
) -> Result<String, String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| e.to_string())?;
    let map = map_table(&mut doc, &computed.map)?;
    let after = last_position(map);

    let mut terrain_ids: Vec<String> = computed.terrain.clone();
    terrain_ids.sort();
    terrain_ids.dedup();
    let current = current_legend(map.get("terrain").and_then(Item::as_table));
    let terrain_legend = legend(&terrain_ids, &current, water, false);
    let cells: Vec<Option<String>> = computed.terrain.iter().cloned().map(Some).collect();
    put_table(
        map,
        "terrain",
        layer(geometry, &cells, &terrain_legend),
        after,
    );

    if let Some(country) = &computed.country {
        let mut ids: Vec<String> = country.iter().flatten().cloned().collect();
        ids.sort();
        ids.dedup();
        let current = current_legend(map.get("country").and_then(Item::as_table));
        let country_legend = legend(&ids, &current, &|_| false, true);
        put_table(
            map,
            "country",
            layer(geometry, country, &country_legend),
            after,
        );
    }

    if !computed.places.is_empty() {
        let mut places = ArrayOfTables::new();
        for p in &computed.places {
            let mut t = Table::new();
            t.insert("hex", value(p.hex.as_str()));
            t.insert("name", value(p.name.as_str()));
            t.insert("kind", value(p.kind.as_str()));
            if !p.tags.is_empty() {
                t.insert(
                    "tags",
                    value(p.tags.iter().map(String::as_str).collect::<Array>()),
                );
            }
            places.push(t);
        }
        put_tables(map, "place", places, after);
    }
    if !computed.hexsides.is_empty() {
        let mut lines = ArrayOfTables::new();
        for l in &computed.hexsides {
            let mut t = Table::new();
            t.insert("kind", value(l.kind.as_deref().unwrap_or("river")));
            t.insert("name", value(l.name.as_str()));
            t.insert("sides", value(wrapped(&l.items)));
            lines.push(t);
        }
        put_tables(map, "hexside", lines, after);
    }
    if !computed.rails.is_empty() {
        let mut lines = ArrayOfTables::new();
        for l in &computed.rails {
            let mut t = Table::new();
            t.insert("name", value(l.name.as_str()));
            t.insert("hexes", value(wrapped(&l.items)));
            lines.push(t);
        }
        put_tables(map, "rail", lines, after);
    }
    Ok(doc.to_string())
}

/// The last place in the document of a table in `t` or below it (`t`'s own when it has no
/// sub-tables).
fn last_position(t: &Table) -> Option<isize> {
    let mut last = t.position();
    for (_, item) in t.iter() {
        let below = match item {
            Item::Table(sub) => last_position(sub),
            Item::ArrayOfTables(list) => list.iter().filter_map(last_position).max(),
            _ => None,
        };
        last = last.max(below);
    }
    last
}

/// `new` at `key` of the map, where the table it replaces stood, with that table's comments;
/// after everything the map holds (`after`) when the file has no such table yet. A table
/// toml_edit is given without a place goes after the last table before it in the tree, which
/// is anywhere the designer appended a table: never leave it so.
fn put_table(map: &mut Table, key: &str, mut new: Table, after: Option<isize>) {
    match map.get(key).and_then(Item::as_table) {
        Some(old) => {
            if let Some(p) = old.position() {
                new.set_position(Some(p));
            }
            *new.decor_mut() = old.decor().clone();
        }
        None => {
            if let Some(p) = after {
                new.set_position(Some(p));
            }
        }
    }
    map.insert(key, Item::Table(new));
}

/// `new` at `key` of the map as [`put_table`] puts a table: each entry where the entry of
/// the same rank stood (the extra ones after the last), the first with the comments of the
/// first.
fn put_tables(map: &mut Table, key: &str, mut new: ArrayOfTables, after: Option<isize>) {
    let old: Vec<(Option<isize>, toml_edit::Decor)> = map
        .get(key)
        .and_then(Item::as_array_of_tables)
        .map(|list| {
            list.iter()
                .map(|t| (t.position(), t.decor().clone()))
                .collect()
        })
        .unwrap_or_default();
    for (i, t) in new.iter_mut().enumerate() {
        let place = match old.get(i).or(old.last()) {
            Some((p, _)) => *p,
            None => after,
        };
        if let Some(p) = place {
            t.set_position(Some(p));
        }
        if i == 0 {
            if let Some((_, decor)) = old.first() {
                *t.decor_mut() = decor.clone();
            }
        }
    }
    map.insert(key, Item::ArrayOfTables(new));
}

/// The `[[map]]` table with this id.
fn map_table<'a>(doc: &'a mut DocumentMut, id: &str) -> Result<&'a mut Table, String> {
    doc.get_mut("map")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or("the file has no `[[map]]`")?
        .iter_mut()
        .find(|t| t.get("id").and_then(Item::as_str) == Some(id))
        .ok_or_else(|| format!("the file has no `[[map]]` with id `{id}`"))
}

/// An array of strings, ten to a line.
fn wrapped(items: &[String]) -> Array {
    laid_out(items.iter().map(String::as_str).collect(), 10)
}

/// An array laid out `per` values to an indented line, with a trailing comma.
fn laid_out(mut a: Array, per: usize) -> Array {
    for (i, v) in a.iter_mut().enumerate() {
        let prefix = if i % per == 0 { "\n  " } else { " " };
        v.decor_mut().set_prefix(prefix);
    }
    a.set_trailing("\n");
    a.set_trailing_comma(true);
    a
}

/// `text` with the areas of the area map `computed.map` given their computed `position` and
/// `outline` (and each split coast without one its `position`), what is drawn outside them
/// (`[[map.off-board]]`: land and water off the board, lakes), each crossing given a `line` that line
/// on the picture (`line-px`), and the map its picture `size`.
pub fn areas_into_file(text: &str, computed: &Computed) -> Result<String, String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| e.to_string())?;
    let map = map_table(&mut doc, &computed.map)?;
    if let Some([w, h]) = computed.size {
        let size: Array = [i64::from(w), i64::from(h)].into_iter().collect();
        map.insert("size", value(size));
    }
    let crossings = map
        .get_mut("geography")
        .and_then(Item::as_table_like_mut)
        .and_then(|g| g.get_mut("crossing"))
        .and_then(Item::as_array_of_tables_mut);
    if let Some(crossings) = crossings {
        for (t, line) in crossings.iter_mut().zip(&computed.crossings) {
            match line {
                Some([p, q]) => {
                    let px: Array = [Value::Array(point(*p)), Value::Array(point(*q))]
                        .into_iter()
                        .collect();
                    t.insert("line-px", value(px));
                }
                None => {
                    t.remove("line-px");
                }
            }
        }
    }
    for (t, a) in areas_with(map, |id| computed.areas.iter().find(|a| a.id == id))? {
        t.insert("position", value(point(a.position)));
        let outline: Array = a.outline.iter().map(|p| Value::Array(point(*p))).collect();
        t.insert("outline", value(laid_out(outline, 6)));
        // A coast's position is written, marked as `geo`'s, when it has none or when
        // `geo` placed it: one written by hand (or whose mark the designer deleted) is kept.
        if let Some(coasts) = t.get_mut("coast").and_then(Item::as_array_of_tables_mut) {
            for c in coasts.iter_mut() {
                let id = c.get("id").and_then(Item::as_str).map(str::to_string);
                if let Some(at) = a.coasts.iter().find(|k| Some(&k.id) == id.as_ref()) {
                    if !c.contains_key("position") || placed_by_geo(c) {
                        let mut written = Value::Array(point(at.position));
                        written
                            .decor_mut()
                            .set_suffix(format!("  # {PLACED_BY_GEO}"));
                        c.insert("position", Item::Value(written));
                    }
                }
            }
        }
    }
    // What is drawn outside the areas, replaced whole.
    if computed.off_board.is_empty() {
        map.remove("off-board");
    } else {
        let mut list = ArrayOfTables::new();
        for o in &computed.off_board {
            let mut t = Table::new();
            t.insert("kind", value(o.kind.word()));
            let outline: Array = o.outline.iter().map(|p| Value::Array(point(*p))).collect();
            t.insert("outline", value(laid_out(outline, 6)));
            list.push(t);
        }
        map.insert("off-board", Item::ArrayOfTables(list));
    }
    Ok(doc.to_string())
}

/// The comment after a split coast's fleet box `position` that `geo` placed: such a
/// position is placed again on every run, so that it follows a change of projection, extent
/// or width; delete the comment (or write the position by hand) and `geo` keeps it.
pub const PLACED_BY_GEO: &str = "placed by `sandtable geo`: delete this comment to keep it";

/// Whether a coast's `position` carries the comment [`PLACED_BY_GEO`].
fn placed_by_geo(coast: &Table) -> bool {
    coast
        .get("position")
        .and_then(Item::as_value)
        .and_then(|v| v.decor().suffix())
        .and_then(|s| s.as_str())
        .is_some_and(|s| s.contains("placed by `sandtable geo`"))
}

/// The split coasts (map, area, coast ids) of a file's maps whose `position` `geo` placed
/// itself; none when the text is not TOML (the loader reports that).
pub fn coasts_placed_by_geo(text: &str) -> super::CoastIds {
    let mut out = super::CoastIds::new();
    let Ok(doc) = text.parse::<DocumentMut>() else {
        return out;
    };
    let id = |t: &Table| t.get("id").and_then(Item::as_str).map(str::to_string);
    let maps = doc.get("map").and_then(Item::as_array_of_tables);
    for map in maps.into_iter().flatten() {
        let areas = map.get("area").and_then(Item::as_array_of_tables);
        for area in areas.into_iter().flatten() {
            let coasts = area.get("coast").and_then(Item::as_array_of_tables);
            for coast in coasts.into_iter().flatten() {
                if let (Some(m), Some(a), Some(c), true) =
                    (id(map), id(area), id(coast), placed_by_geo(coast))
                {
                    out.insert((m, a, c));
                }
            }
        }
    }
    out
}

/// The map's `[[map.area]]` tables, each with what `find` gives for its id (the areas it
/// gives nothing for left out).
fn areas_with<T>(
    map: &mut toml_edit::Table,
    find: impl Fn(&str) -> Option<T>,
) -> Result<Vec<(&mut toml_edit::Table, T)>, String> {
    let areas = map
        .get_mut("area")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or("the map has no `[[map.area]]`")?;
    Ok(areas
        .iter_mut()
        .filter_map(|t| {
            let found = find(t.get("id").and_then(Item::as_str)?)?;
            Some((t, found))
        })
        .collect())
}

/// A draft adjacency written into the areas it was drafted for (`drafts`, which declare no
/// move and no neighbour): each list goes before the area's `position` and `outline`, as a
/// designer writes it; every other area is left as it is.
pub fn adjacency_into_file(
    text: &str,
    map_id: &str,
    drafts: &[super::provinces::DraftMoves],
) -> Result<String, String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| e.to_string())?;
    let map = map_table(&mut doc, map_id)?;
    for (t, d) in areas_with(map, |id| drafts.iter().find(|d| d.area == id))? {
        // The picture's keys move after the moves.
        let picture: Vec<(String, Item)> = ["position", "outline"]
            .into_iter()
            .filter_map(|k| t.remove(k).map(|item| (k.to_string(), item)))
            .collect();
        for (key, list) in [
            ("adjacent", &d.adjacent),
            ("army", &d.army),
            ("fleet", &d.fleet),
        ] {
            if !list.is_empty() {
                let ids: Array = list.iter().map(String::as_str).collect();
                t.insert(key, value(ids));
            }
        }
        for (key, item) in picture {
            t.insert(&key, item);
        }
    }
    Ok(doc.to_string())
}

/// `[x, y]`.
fn point(p: [f64; 2]) -> Array {
    p.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use toml_edit::DocumentMut;

    /// The loader reads TOML 1.1, where an inline table may run over several lines; the
    /// writer must read the same file, or `geo` refuses a map `check` accepts (input
    /// mutation geo:3:254: a newline inside `natural-earth = { … }`).
    #[test]
    fn the_writer_reads_every_file_the_loader_reads() {
        let text = "[[map]]\nid = \"m\"\n[map.geography]\nnatural-earth = { sea = \"sea\",\n  land = \"land\" }\n";
        assert!(toml::from_str::<toml::Table>(text).is_ok());
        assert!(text.parse::<DocumentMut>().is_ok());
    }
}
