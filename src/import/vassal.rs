//! A VASSAL module (`.vmod`, or an unpacked `buildFile(.xml)` with its `images/` beside it)
//! as a game directory, read through the format layer ([`crate::vassal`]):
//!
//! - **maps:** every board with a hex grid becomes a `[[map]]` with the board's picture
//!   copied byte for byte into `art/` as its supplied `image`, and the grid laid where the
//!   module draws it (`origin`, `spacing`), numbered as the module numbers it (or, for a
//!   grid without numbering, `column-row` from `0101`); a board whose grid names places —
//!   regions, zones, the regions inside zones, a numbered square grid — becomes an area map
//!   with its picture, one `[[map.area]]` named as each place VASSAL reports, at the point
//!   it reports it, a zone with its polygon as `outline` (see [`areas`]);
//! - **counters:** every distinct piece definition of a `PieceSlot` or `CardSlot` (the
//!   palettes', the at-start stacks', the decks' cards) becomes a `[[class]]` and a
//!   `[[counter]]` named as the piece, its picture copied into `art/`; its side is the
//!   module's side whose name the piece's name, palette folder or deck carries; a piece a
//!   set-up places that no slot holds becomes a counter of its own, from its definition in
//!   the set-up;
//! - **the counter mix:** each counter's `count` is the most copies any source holds (a
//!   palette, the at-start stacks, the decks, a predefined set-up), with a comment saying
//!   each;
//! - **scenarios:** each predefined set-up (the at-start stacks, and each save given)
//!   becomes a `[[scenario]]` placing each piece at its hex's name or in the area of its
//!   location's name; a piece on no map's hex or area (a deck's card among them) goes into a
//!   pool named as the location the module reports for it, which names the decks there;
//! - **kept verbatim:** what the language cannot say — each piece's trait chain, the
//!   prototypes, the decks, the palettes' layout, every other component, and where each
//!   picture of the module is in the game — is written into `vassal/kept.xml` (which
//!   `sandtable build` reuses, in `emit/vassal/kept.rs`), and the report counts, per
//!   kind of component, what was mapped, kept or dropped (and why).
//!
//! Bad input is a [`Diagnostic`] (an unreadable or hostile archive, a malformed buildfile,
//! a picture the module names but does not hold, a board grid of a class nobody knows),
//! never a panic, and nothing is written.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use serde::Serialize;
use toml_edit::{value, Array, ArrayOfTables, DocumentMut, Item, Table};

mod areas;
mod extension;

use super::File;
use crate::diag::{Diagnostic, Diagnostics};
use crate::vassal::archive::Archive;
use crate::vassal::buildfile::{parse_buildfile, write_element, Element, MODULE_ROOTS};
use crate::vassal::encoder::{decode, encode_or_empty};
use crate::vassal::grid::{Grid, GridNumbering, HexGrid, Point, Size};
use crate::vassal::imagesize::image_size;
use crate::vassal::inspect::{self, piece_reports, MapInfo, ModuleInfo, PieceReport, SetupInfo};
use crate::vassal::save::{split_trait_chain, BasicPieceInfo, SaveFile};

/// What the import is told beyond the module.
#[derive(Debug, Clone)]
pub struct Options {
    /// The game's id.
    pub id: String,
    /// Its title, in place of the module's name.
    pub title: Option<String>,
    /// Saved games (`.vsav`) each made into a scenario, after the predefined set-ups.
    pub saves: Vec<PathBuf>,
    /// A piece whose picture the module names but does not hold is imported all the same,
    /// drawn by sandtable, with a note (VASSAL itself opens such a module and shows the
    /// piece without its picture); otherwise it is an error.
    pub allow_missing_images: bool,
    /// Extensions (`.vmdx`) of the module, merged into it before it is read.
    pub extensions: Vec<PathBuf>,
}

/// A file copied into the game directory as it is (a picture).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    /// Path in the game directory (`art/Mapboard.png`).
    pub name: String,
    /// Its bytes, as the module holds them.
    pub bytes: Vec<u8>,
}

/// A module made into a game directory: its TOML files, its copied pictures and the report.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The game's TOML files (and `vassal/kept.xml`).
    pub files: Vec<File>,
    /// Pictures copied from the module.
    pub assets: Vec<Asset>,
    /// What became of each kind of component.
    pub report: Report,
}

/// What became of one kind of component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComponentFate {
    /// VASSAL's short class name (`Board`, `PieceSlot`, `DiceButton`, …).
    pub kind: String,
    /// How many the game's own sections now say.
    pub mapped: usize,
    /// How many are kept verbatim in `vassal/kept.xml` only.
    pub kept: usize,
    /// How many were left out.
    pub dropped: usize,
    /// Why, in a few words.
    pub reason: String,
}

/// The import's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The module's name.
    pub module: String,
    /// The files written (TOML, pictures, the kept XML), sorted.
    pub files: Vec<String>,
    /// Maps made from boards (hex and area maps).
    pub maps: usize,
    /// Of them, area maps (boards whose grid names regions, zones or numbered squares).
    pub area_maps: usize,
    /// The areas of those maps.
    pub areas: usize,
    /// `PieceSlot` elements read.
    pub piece_slots: usize,
    /// `CardSlot` elements read (the cards of the decks).
    pub card_slots: usize,
    /// Decks (`DrawPile`s), kept verbatim.
    pub decks: usize,
    /// Counters made (distinct piece definitions).
    pub counters: usize,
    /// Traits of those pieces (the BasicPiece not counted), kept verbatim.
    pub traits: usize,
    /// Prototype definitions, kept verbatim.
    pub prototypes: usize,
    /// Scenarios made (predefined set-ups and at-start stacks).
    pub scenarios: usize,
    /// Pieces placed by the scenarios (in hexes and pools).
    pub placements: usize,
    /// Pools made for pieces off every hex grid.
    pub pools: usize,
    /// Per kind of component, what became of it.
    pub components: Vec<ComponentFate>,
    /// What the designer should know (a numbering kept as the module's, a piece left out).
    pub notes: Vec<String>,
}

/// The directory of the module: a ZIP archive or an unpacked folder.
enum Source<R: Read + Seek> {
    Archive(Archive<R>),
    Folder(PathBuf),
}

impl<R: Read + Seek> Source<R> {
    fn image(&mut self, name: &str) -> Option<Vec<u8>> {
        match self {
            Source::Archive(archive) => archive.read(&format!("images/{name}")).ok(),
            Source::Folder(dir) => {
                // Only plain names: a picture's name never leaves `images/`.
                if name.contains(['/', '\\']) || name.starts_with('.') {
                    return None;
                }
                fs::read(dir.join("images").join(name)).ok()
            }
        }
    }

    /// Whether the module holds the picture `name` (without reading it).
    fn has_image(&self, name: &str) -> bool {
        match self {
            Source::Archive(archive) => {
                let path = format!("images/{name}");
                archive.names().any(|n| n == path)
            }
            Source::Folder(dir) => {
                !name.contains(['/', '\\'])
                    && !name.starts_with('.')
                    && dir.join("images").join(name).is_file()
            }
        }
    }

    /// A file of the module beside its buildfile (a predefined set-up's save).
    fn file(&mut self, name: &str) -> Option<Vec<u8>> {
        match self {
            Source::Archive(archive) => archive.read(name).ok(),
            Source::Folder(dir) => {
                if name.contains(['/', '\\']) || name.starts_with('.') {
                    return None;
                }
                fs::read(dir.join(name)).ok()
            }
        }
    }

    /// The names of every picture the module holds (plain names, sorted).
    fn image_names(&self) -> Vec<String> {
        let mut names: Vec<String> = match self {
            Source::Archive(archive) => archive
                .names()
                .filter_map(|n| n.strip_prefix("images/"))
                .map(str::to_string)
                .collect(),
            Source::Folder(dir) => fs::read_dir(dir.join("images"))
                .map(|entries| {
                    entries
                        .filter_map(Result::ok)
                        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                        .filter_map(|e| e.file_name().to_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
        };
        names.retain(|n| !n.is_empty() && !n.contains(['/', '\\']) && !n.starts_with('.'));
        names.sort();
        names.dedup();
        names
    }
}

fn unreadable(path: &Path, what: impl std::fmt::Display) -> Diagnostics {
    let mut d = Diagnostics::default();
    d.push(
        Diagnostic::error(
            "module-unreadable",
            format!("`{}` cannot be read as a VASSAL module: {what}", path.display()),
        )
        .hint("import a module (`.vmod`) as VASSAL saves it, or an unpacked module's `buildFile.xml` with its `images/` folder beside it"),
    );
    d
}

/// Reads the module at `path` and makes the game directory's files.
pub fn import(path: &Path, options: &Options) -> Result<Imported, Diagnostics> {
    let mut bytes = fs::read(path).map_err(|e| unreadable(path, e))?;
    let report = inspect::inspect_bytes(bytes.clone(), path).map_err(|e| unreadable(path, e))?;
    let Some(mut module) = report.module else {
        return Err(unreadable(
            path,
            format!("it is a {}, not a module", report.kind.as_str()),
        ));
    };
    if !options.extensions.is_empty() {
        // The module with its extensions merged in, read again as one archive.
        bytes = extension::merge(path, bytes, &module.buildfile, &options.extensions)?;
        let merged = inspect::inspect_bytes(bytes.clone(), &path.with_extension("vmod"))
            .map_err(|e| unreadable(path, e))?;
        module = merged
            .module
            .ok_or_else(|| unreadable(path, "its extensions left no module"))?;
    }
    let is_zip = bytes.starts_with(b"PK");
    let (root, source) = if is_zip {
        let mut archive = Archive::from_bytes(bytes, path).map_err(|e| unreadable(path, e))?;
        let text = archive
            .read(&module.buildfile)
            .map_err(|e| unreadable(path, e))?;
        let root = parse_buildfile(&text).map_err(|e| unreadable(path, e))?;
        (root, Source::Archive(archive))
    } else {
        let root = parse_buildfile(&bytes).map_err(|e| unreadable(path, e))?;
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        (root, Source::<std::io::Cursor<Vec<u8>>>::Folder(dir))
    };
    if !MODULE_ROOTS.contains(&root.name.as_str()) {
        return Err(unreadable(path, format!("its root is <{}>", root.name)));
    }
    let mut imported = Importer::new(path, options, &root, &module, source).run()?;
    for (i, extension) in options.extensions.iter().enumerate() {
        imported.report.notes.insert(
            i,
            format!(
                "the extension `{}` merged into the module before it was read",
                extension.display()
            ),
        );
    }
    Ok(imported)
}

/// A distinct piece definition and where it occurs.
#[derive(Debug, Clone)]
struct CounterDef {
    id: String,
    name: String,
    image: String,
    side: Option<String>,
    /// The first slot holding it (kept verbatim).
    slot: Element,
    /// Traits, BasicPiece excluded.
    traits: usize,
    /// Slots in palettes.
    in_palettes: usize,
    /// Slots in at-start stacks.
    at_start: usize,
    /// Card slots in decks (the cards a deck holds when the module starts).
    in_decks: usize,
    /// Whether no slot of the module holds it: a piece a set-up or save places, made a
    /// counter from its definition there.
    from_setup: bool,
    /// Copies per set-up (by set-up name).
    in_setups: BTreeMap<String, usize>,
}

/// A grid-cell placement, an area placement or a pool placement of one piece.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Spot {
    Hex { map: String, name: String },
    Area { map: String, area: String },
    Pool(String),
}

/// A board whose grid names places, made into an area map.
#[derive(Debug, Clone)]
struct AreaBoard {
    id: String,
    /// The VASSAL map it is on.
    map: String,
    board: String,
    /// As [`HexBoard::title`].
    title: String,
    /// Its picture's size.
    size: Size,
    /// Each area's id and place, in the module's order.
    areas: Vec<(String, areas::Place)>,
    /// Area indices by location name.
    by_name: BTreeMap<String, usize>,
    /// Grid components made into areas, by VASSAL's class name.
    mapped: BTreeMap<&'static str, usize>,
}

/// A hex board made into a map.
#[derive(Debug, Clone)]
struct HexBoard {
    id: String,
    /// The VASSAL map it is on.
    map: String,
    board: String,
    /// The map's title: the VASSAL map's name when it is the map's one board (VASSAL's
    /// window, which players see), else the board's.
    title: String,
    grid: HexGrid,
    columns: i32,
    rows: i32,
    /// The module's own numbering, when the language says it exactly.
    numbering: Option<GridNumbering>,
    digits: u32,
}

impl HexBoard {
    /// Our hex name for a board-local point, when it lies on the grid.
    fn hex_name(&self, local: Point) -> Option<String> {
        let (major, minor) = (self.grid.raw_column(local), self.grid.raw_row(local));
        let (col, row) = if self.grid.sideways {
            (minor, major)
        } else {
            (major, minor)
        };
        if col < 0 || row < 0 || col >= self.columns || row >= self.rows {
            return None;
        }
        match &self.numbering {
            Some(_) => None, // named by the module's own grid (see `spot`)
            None => {
                let w = self.digits as usize;
                Some(format!("{:0w$}{:0w$}", col + 1, row + 1))
            }
        }
    }
}

/// A piece definition's type and state strings, by the id of the piece a save places.
type Definitions = BTreeMap<String, (String, String)>;

/// What places pieces: a predefined set-up or a save given to the import.
struct Placing {
    title: String,
    /// Where it comes from, for the scenario's comment.
    source: String,
    pieces: Vec<PieceReport>,
    /// The set-up's file in the module, read for the definitions when a piece matches no
    /// slot.
    file: Option<String>,
    definitions: Option<Definitions>,
}

/// The counters made so far, found by definition, slot id and name.
struct Mix<'s> {
    /// The module's sides and their ids.
    sides: &'s [(String, String)],
    counters: Vec<CounterDef>,
    /// Counters by their definition's type string.
    by_type: BTreeMap<String, usize>,
    /// Counters by the id of a slot holding them.
    by_gpid: BTreeMap<String, usize>,
    /// Counters by name; `None` when two share it.
    by_name: BTreeMap<String, Option<usize>>,
    taken: BTreeSet<String>,
}

impl<'s> Mix<'s> {
    fn new(sides: &'s [(String, String)]) -> Self {
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
    fn define(
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
    fn find(&self, piece: &PieceReport) -> Option<usize> {
        self.by_gpid
            .get(&piece.gpid)
            .copied()
            .or_else(|| self.by_name.get(&piece.name).copied().flatten())
    }
}

struct Importer<'a, R: Read + Seek> {
    path: &'a Path,
    options: &'a Options,
    root: &'a Element,
    module: &'a ModuleInfo,
    source: Source<R>,
    assets: BTreeMap<String, Vec<u8>>,
    /// The module's picture names and where they were copied.
    copied: BTreeMap<String, String>,
    notes: Vec<String>,
    errors: Diagnostics,
}

/// An identifier from a name: lower case ASCII letters and digits joined by `-`.
fn slug(name: &str) -> String {
    let s = name
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if s.is_empty() || !s.starts_with(|c: char| c.is_ascii_lowercase()) {
        format!("x-{s}").trim_end_matches('-').to_string()
    } else {
        s
    }
}

/// A game id from a directory's name (`Kassala` → `kassala`).
pub fn slug_id(name: &str) -> String {
    slug(name)
}

/// A unique id among `taken`: the slug, or the slug with `-2`, `-3`… after it.
fn unique(name: &str, taken: &mut BTreeSet<String>) -> String {
    let base = slug(name);
    let mut id = base.clone();
    let mut n = 2;
    while !taken.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
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

impl<'a, R: Read + Seek> Importer<'a, R> {
    fn new(
        path: &'a Path,
        options: &'a Options,
        root: &'a Element,
        module: &'a ModuleInfo,
        source: Source<R>,
    ) -> Self {
        Self {
            path,
            options,
            root,
            module,
            source,
            assets: BTreeMap::new(),
            copied: BTreeMap::new(),
            notes: Vec::new(),
            errors: Diagnostics::default(),
        }
    }

    fn missing_image(&mut self, image: &str, whose: &str) {
        self.errors.push(
            Diagnostic::error(
                "missing-image",
                format!(
                    "{whose} shows the picture `{image}`, which `{}` does not hold",
                    self.path.display()
                ),
            )
            .hint("the module is incomplete: add the picture to its `images/` folder (VASSAL's editor does so when the image is chosen again), then import it again; or import it with `--allow-missing-images`, a piece's missing picture then left missing as in the module"),
        );
    }

    /// Copies a picture of the module into `art/`; its path in the game. A PNG whose name
    /// does not say so (old modules name pictures without an extension) gets `.png` after
    /// its name, as the language reads pictures by their extension.
    fn copy_image(&mut self, image: &str, whose: &str) -> Option<String> {
        if let Some(known) = self.copied.get(image) {
            return Some(known.clone());
        }
        let Some(bytes) = self.source.image(image) else {
            self.missing_image(image, whose);
            return None;
        };
        let png = bytes.starts_with(b"\x89PNG\r\n\x1a\n");
        let game_path = if png && !image.to_ascii_lowercase().ends_with(".png") {
            format!("art/{image}.png")
        } else {
            format!("art/{image}")
        };
        self.assets.insert(game_path.clone(), bytes);
        self.copied.insert(image.to_string(), game_path.clone());
        Some(game_path)
    }

    fn is_png(&self, game_path: &str) -> bool {
        self.assets
            .get(game_path)
            .is_some_and(|b| b.starts_with(b"\x89PNG\r\n\x1a\n"))
    }

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

    /// The module's sides (its player rosters' entries), or one side of all players when it
    /// names none.
    fn sides(&mut self) -> Vec<String> {
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
        sides
    }

    /// The hex boards and the area boards of every map, and a note for each board that is
    /// neither.
    fn boards(&mut self) -> (Vec<HexBoard>, Vec<AreaBoard>) {
        let mut taken = BTreeSet::new();
        let mut area_taken = BTreeSet::new();
        let mut out = Vec::new();
        let mut area_boards = Vec::new();
        for map in &self.module.maps {
            for board in &map.boards {
                let title = if map.boards.len() == 1 {
                    map.name.clone()
                } else {
                    board.name.clone()
                };
                let grid = match &board.grid {
                    Some(Grid::Hex(grid)) => grid,
                    None => {
                        self.notes.push(format!(
                            "board `{}` of map `{}` has no grid: it names no place, so it is kept verbatim and its pieces go into pools",
                            board.name, map.name
                        ));
                        continue;
                    }
                    Some(other) => {
                        let kind = other.kind();
                        let found = match board.size {
                            Some(size) => areas::places(&board.name, other, size),
                            None => Err("no picture whose size could be read".into()),
                        };
                        match found {
                            Ok(found) => {
                                self.notes.extend(found.notes);
                                let mut by_name = BTreeMap::new();
                                let areas: Vec<(String, areas::Place)> = found
                                    .places
                                    .into_iter()
                                    .enumerate()
                                    .map(|(i, place)| {
                                        by_name.insert(place.name.clone(), i);
                                        (unique(&place.name, &mut area_taken), place)
                                    })
                                    .collect();
                                let n = areas.len();
                                self.notes.push(format!(
                                    "board `{}` of map `{}` ({kind}) is an area map of {n} area{} named as VASSAL names its places; the module says nothing of which areas border which, so none is adjacent to another until the designer lists each area's `adjacent`",
                                    board.name,
                                    map.name,
                                    if n == 1 { "" } else { "s" }
                                ));
                                if n > 1 && areas.iter().all(|(_, p)| !p.outline.is_empty()) {
                                    self.notes.push(format!(
                                        "board `{}` of map `{}`: every area has its zone's outline, so `check` warns (`adjacency-mismatch`) of each two whose outlines touch until their adjacency is listed",
                                        board.name, map.name
                                    ));
                                }
                                area_boards.push(AreaBoard {
                                    id: unique(&board.name, &mut taken),
                                    map: map.name.clone(),
                                    board: board.name.clone(),
                                    title,
                                    size: board.size.unwrap_or_default(),
                                    areas,
                                    by_name,
                                    mapped: found.mapped,
                                });
                            }
                            Err(why) => {
                                self.notes.push(format!(
                                    "board `{}` of map `{}` has {kind} but cannot be an area map ({why}): it is kept verbatim and its pieces go into pools",
                                    board.name, map.name
                                ));
                            }
                        }
                        continue;
                    }
                };
                let Some(size) = board.size else {
                    self.notes.push(format!(
                        "board `{}` of map `{}` has no picture whose size could be read: kept verbatim",
                        board.name, map.name
                    ));
                    continue;
                };
                let (along, across) = if grid.sideways {
                    (size.height, size.width)
                } else {
                    (size.width, size.height)
                };
                let majors =
                    ((f64::from(along) - f64::from(grid.x0)) / grid.dx + 0.5).floor() as i32 + 1;
                let minors =
                    ((f64::from(across) - f64::from(grid.y0)) / grid.dy + 0.5).floor() as i32 + 1;
                let (columns, rows) = if grid.sideways {
                    (minors, majors)
                } else {
                    (majors, minors)
                };
                if columns < 1 || rows < 1 || columns > 2000 || rows > 2000 {
                    self.notes.push(format!(
                        "board `{}`: its hex grid lays {columns} by {rows} hexes on the picture, which the language does not take: kept verbatim",
                        board.name
                    ));
                    continue;
                }
                let numbering = grid.numbering.clone();
                let (numbering, digits) = match numbering {
                    Some(n) if expressible(&n) => {
                        let digits = (n.h_leading + 1).max(1) as u32;
                        (Some(n), digits)
                    }
                    Some(_) => {
                        self.notes.push(format!(
                            "board `{}`: its grid numbering (letters, separators, descending or a location format) is not one the language writes: numbered column-row instead, the module's own kept verbatim",
                            board.name
                        ));
                        (None, digits_for(columns.max(rows)))
                    }
                    None => (None, digits_for(columns.max(rows))),
                };
                if numbering.is_none() && grid.numbering.is_none() {
                    self.notes.push(format!(
                        "board `{}` has no hex numbering (VASSAL names every hex `offboard`): numbered column-row from `0101` for the scenarios' placements",
                        board.name
                    ));
                }
                out.push(HexBoard {
                    id: unique(&board.name, &mut taken),
                    map: map.name.clone(),
                    board: board.name.clone(),
                    title,
                    grid: grid.clone(),
                    columns,
                    rows,
                    numbering,
                    digits,
                });
            }
        }
        (out, area_boards)
    }

    /// Where a piece of a set-up goes: its hex (by our names), the area named as its
    /// location, or a pool named as its location.
    fn spot(
        &self,
        boards: &[HexBoard],
        area_boards: &[AreaBoard],
        maps: &[MapInfo],
        piece: &PieceReport,
    ) -> Spot {
        let location = piece
            .location
            .clone()
            .filter(|l| !l.trim().is_empty())
            .unwrap_or_else(|| "offboard".into());
        let pool = |map: Option<&str>| match map {
            Some(m) if location == "offboard" => Spot::Pool(format!("{m} {location}")),
            _ => Spot::Pool(location.clone()),
        };
        let Some(map_name) = piece.map.as_deref() else {
            return Spot::Pool("Off the maps".into());
        };
        if piece
            .container
            .as_deref()
            .is_some_and(|c| c.starts_with("deck"))
        {
            return pool(Some(map_name));
        }
        let Some(map) = maps.iter().find(|m| m.name == map_name) else {
            return pool(Some(map_name));
        };
        let layout = map.layout(None);
        let Some((placement, local)) = layout.locate(Point::new(piece.x, piece.y)) else {
            return pool(Some(map_name));
        };
        if let Some(board) = area_boards
            .iter()
            .find(|b| b.map == map_name && b.board == placement.name)
        {
            return match board.by_name.get(&location) {
                Some(&i) => Spot::Area {
                    map: board.id.clone(),
                    area: board.areas[i].0.clone(),
                },
                None => pool(Some(map_name)),
            };
        }
        let Some(board) = boards
            .iter()
            .find(|b| b.map == map_name && b.board == placement.name)
        else {
            return pool(Some(map_name));
        };
        let name = match &board.numbering {
            Some(_) => {
                let (major, minor) = (board.grid.raw_column(local), board.grid.raw_row(local));
                let (col, row) = if board.grid.sideways {
                    (minor, major)
                } else {
                    (major, minor)
                };
                (col >= 0 && row >= 0 && col < board.columns && row < board.rows)
                    .then(|| location.clone())
            }
            None => board.hex_name(local),
        };
        match name {
            Some(name) => Spot::Hex {
                map: board.id.clone(),
                name,
            },
            None => pool(Some(map_name)),
        }
    }

    fn run(mut self) -> Result<Imported, Diagnostics> {
        let sides = self.sides();
        let side_ids: Vec<String> = {
            let mut taken = BTreeSet::new();
            sides.iter().map(|s| unique(s, &mut taken)).collect()
        };

        // A board grid of a class nobody knows cannot be laid.
        for board in self.root.descendants().filter(|e| e.is_class("Board")) {
            for child in &board.children {
                let short = child.short_name();
                if short.ends_with("Grid") && Grid::from_element(child).is_none() {
                    self.errors.push(
                        Diagnostic::error(
                            "unknown-component",
                            format!(
                                "board `{}` has a grid of the class `{}`, which is not one of VASSAL's (hex, square, zoned or region grid)",
                                board.attr("name").unwrap_or_default(),
                                child.name
                            ),
                        )
                        .hint("a module with custom Java classes needs them to play: replace the grid with one of VASSAL's in its editor, then import it again"),
                    );
                }
            }
        }

        // Maps.
        let (boards, area_boards) = self.boards();
        let mut map_images = BTreeMap::new();
        let wanted: Vec<(String, String, String, bool)> = boards
            .iter()
            .map(|b| (b.id.clone(), b.map.clone(), b.board.clone(), false))
            .chain(
                area_boards
                    .iter()
                    .map(|b| (b.id.clone(), b.map.clone(), b.board.clone(), true)),
            )
            .collect();
        for (id, map, board, area) in wanted {
            let info = self
                .module
                .maps
                .iter()
                .filter(|m| m.name == map)
                .flat_map(|m| &m.boards)
                .find(|b| b.name == board);
            if let Some(image) = info.and_then(|b| b.image.clone()) {
                let whose = format!("board `{board}`");
                if let Some(p) = self.copy_image(&image, &whose) {
                    if !self.is_png(&p) {
                        let kind = if area { "area" } else { "hex" };
                        self.notes.push(format!(
                            "board `{board}`: its picture `{image}` is not a PNG, which the language takes: copied into `art/`, the {kind} map drawn by sandtable"
                        ));
                    } else {
                        map_images.insert(id, p);
                    }
                }
            }
        }

        // Counters: every distinct piece definition of the palettes, the at-start stacks
        // and the decks' cards.
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
        let side_names: Vec<(String, String)> = sides
            .iter()
            .cloned()
            .zip(side_ids.iter().cloned())
            .collect();
        let mut mix = Mix::new(&side_names);
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

        // What places pieces: the predefined set-ups (flattened from menus), then the saves
        // given.
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
        if !self.errors.is_empty() {
            return Err(self.errors);
        }

        // Each piece placed: the counter of its slot (or its name), else of its definition,
        // made a counter of its own when no slot of the module holds it.
        struct ScenarioPlan {
            title: String,
            source: String,
            spots: BTreeMap<Spot, Vec<usize>>,
        }
        let mut plans: Vec<ScenarioPlan> = Vec::new();
        let mut dropped_pieces = 0;
        let mut own_pieces = 0;
        for placing in &mut placings {
            let mut spots: BTreeMap<Spot, Vec<usize>> = BTreeMap::new();
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
                spots
                    .entry(self.spot(&boards, &area_boards, &self.module.maps, piece))
                    .or_default()
                    .push(counter);
            }
            for (counter, n) in copies {
                mix.counters[counter]
                    .in_setups
                    .insert(placing.title.clone(), n);
            }
            plans.push(ScenarioPlan {
                title: placing.title.clone(),
                source: placing.source.clone(),
                spots,
            });
        }
        let own_counters = mix.counters.iter().filter(|c| c.from_setup).count();
        if own_counters > 0 {
            self.notes.push(format!(
                "{own_pieces} set-up piece{} match no slot of the palettes, at-start stacks or decks: made {own_counters} counter{} from the definitions the set-ups hold, their traits kept verbatim",
                areas::plural(own_pieces),
                areas::plural(own_counters),
            ));
        }
        let counters = mix.counters;
        let by_gpid = mix.by_gpid;
        let mut counter_images = BTreeMap::new();
        for (i, counter) in counters.iter().enumerate() {
            let image = counter.image.clone();
            if image.is_empty() {
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
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        // The at-start stacks, as VASSAL puts them on the map of a new game.
        let mut at_start: BTreeMap<Spot, Vec<usize>> = BTreeMap::new();
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
                    at_start
                        .entry(self.spot(&boards, &area_boards, &self.module.maps, &piece))
                        .or_default()
                        .push(counter);
                }
            }
        }
        if !at_start.is_empty() {
            plans.push(ScenarioPlan {
                title: "At-start stacks".into(),
                source: "the module's at-start stacks (a new game without a set-up)".into(),
                spots: at_start,
            });
        }

        // Pools: every location off the hex grids.
        let mut pool_names: BTreeSet<String> = BTreeSet::new();
        for plan in &plans {
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
            for deck in &map.decks {
                let origin = layout
                    .boards
                    .iter()
                    .find(|b| b.name == deck.owning_board)
                    .map(|b| layout.board_origin(b))
                    .unwrap_or(Point::new(0, 0));
                let location =
                    layout.location_name(Point::new(origin.x + deck.x, origin.y + deck.y));
                let pool = if location == "offboard" || location.trim().is_empty() {
                    format!("{} offboard", map.name)
                } else {
                    location
                };
                if pools.contains_key(&pool) {
                    pool_decks.entry(pool).or_default().push(deck.name.clone());
                }
            }
        }

        // The files.
        let title = self
            .options
            .title
            .clone()
            .or_else(|| self.module.name.clone())
            .unwrap_or_else(|| self.options.id.clone());
        let file_name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let header =
            format!("# Imported from the VASSAL module `{file_name}` by `sandtable import`.\n");
        let mut files = Vec::new();
        files.push(File {
            name: "game.toml".into(),
            text: self.game_file(
                &header,
                &title,
                &sides,
                &side_ids,
                &counters,
                &counter_images,
            ),
        });
        files.push(File {
            name: "map.toml".into(),
            text: map_file(
                &header,
                &boards,
                &area_boards,
                &map_images,
                (&pools, &pool_decks),
            ),
        });
        files.push(File {
            name: "counters.toml".into(),
            text: counters_file(&header, &counters, &counter_images),
        });
        let mut placements = 0;
        let mut scenario_taken = BTreeSet::new();
        for plan in &plans {
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
                placements += list_of.len();
                let ids: Array = list_of.iter().map(|&c| counters[c].id.clone()).collect();
                let mut t = Table::new();
                match spot {
                    Spot::Hex { map, name: at } | Spot::Area { map, area: at } => {
                        let at = if boards.len() + area_boards.len() > 1 {
                            format!("{map}:{at}")
                        } else {
                            at.clone()
                        };
                        t["at"] = value(at);
                        t["counters"] = value(ids);
                        places.push(t);
                    }
                    Spot::Pool(name) => {
                        t["pool"] = value(pools[name].clone());
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
        files.push(File {
            name: "vassal/kept.xml".into(),
            text: self.kept_xml(&file_name, &counters, &pictures),
        });

        let report = self.report(
            &boards,
            &area_boards,
            &counters,
            plans.len(),
            placements,
            pools.len(),
            (own_pieces, dropped_pieces),
            &files,
        );
        let assets = std::mem::take(&mut self.assets)
            .into_iter()
            .map(|(name, bytes)| Asset { name, bytes })
            .collect();
        Ok(Imported {
            files,
            assets,
            report,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn report(
        &self,
        boards: &[HexBoard],
        area_boards: &[AreaBoard],
        counters: &[CounterDef],
        scenarios: usize,
        placements: usize,
        pools: usize,
        (own_pieces, dropped_pieces): (usize, usize),
        files: &[File],
    ) -> Report {
        let mut fates: BTreeMap<String, ComponentFate> = BTreeMap::new();
        let board_names: BTreeSet<&str> = boards
            .iter()
            .map(|b| b.board.as_str())
            .chain(area_boards.iter().map(|b| b.board.as_str()))
            .collect();
        let mut walk = vec![self.root];
        while let Some(e) = walk.pop() {
            walk.extend(e.children.iter());
            if !e.name.contains('.') || std::ptr::eq(e, self.root) {
                continue;
            }
            let kind = e.short_name().to_string();
            let (mapped, reason) = match kind.as_str() {
                "Board" => {
                    let yes = board_names.contains(e.attr("name").unwrap_or_default());
                    (
                        yes,
                        "a hex or area map with the board's picture (kept verbatim when its grid names no hex nor place, or its picture cannot be read)",
                    )
                }
                "HexGrid" => (true, "the map's hex grid, where the module draws it"),
                "HexGridNumbering" => (
                    true,
                    "the map's numbering (kept verbatim when the language cannot say it)",
                ),
                "Region" => (
                    false,
                    "an area named as the region (kept verbatim where its board is no area map, or it has no name)",
                ),
                "Zone" => (
                    false,
                    "an area with the zone's polygon as outline, or its regions' or squares' areas (a zone of hexes, or enclosing nothing, kept verbatim)",
                ),
                "RegionGrid" | "ZonedGrid" => (
                    false,
                    "the area map's areas (kept verbatim where its board is no area map)",
                ),
                "SquareGrid" | "SquareGridNumbering" => (
                    false,
                    "one area per numbered cell (kept verbatim without numbering or beyond 2500 cells)",
                ),
                "PieceSlot" => (true, "a counter with its picture; its traits kept verbatim"),
                "CardSlot" => (
                    true,
                    "a counter (a card of its deck) with its picture; its traits kept verbatim",
                ),
                "DrawPile" => (
                    false,
                    "the language has no deck: kept verbatim; its cards are counters, those a set-up deals into it in the pool named as its place",
                ),
                "SetupStack" => (true, "the scenario `At-start stacks`"),
                "PredefinedSetup" => (true, "a scenario (a menu: its set-ups)"),
                "PlayerRoster" => (true, "the sides"),
                "Map" | "PrivateMap" | "PlayerHand" => (
                    false,
                    "the window and its settings: kept verbatim; its hex and area boards are maps",
                ),
                _ => (false, "the language has no such component: kept verbatim"),
            };
            let fate = fates.entry(kind.clone()).or_insert_with(|| ComponentFate {
                kind,
                mapped: 0,
                kept: 0,
                dropped: 0,
                reason: reason.to_string(),
            });
            if mapped {
                fate.mapped += 1;
            } else {
                fate.kept += 1;
            }
        }
        // The grid components the area maps say.
        let mut grid_mapped: BTreeMap<&str, usize> = BTreeMap::new();
        for board in area_boards {
            for (kind, n) in &board.mapped {
                *grid_mapped.entry(*kind).or_default() += n;
            }
        }
        for (kind, n) in grid_mapped {
            if let Some(fate) = fates.get_mut(kind) {
                let n = n.min(fate.kept);
                fate.mapped += n;
                fate.kept -= n;
            }
        }
        if own_pieces > 0 {
            fates.insert(
                "set-up piece of no slot".into(),
                ComponentFate {
                    kind: "set-up piece of no slot".into(),
                    mapped: own_pieces,
                    kept: 0,
                    dropped: 0,
                    reason: "matches no slot of the palettes, at-start stacks or decks: a counter of its own, made from its definition in the set-up, its traits kept verbatim".into(),
                },
            );
        }
        if dropped_pieces > 0 {
            fates.insert(
                "set-up piece".into(),
                ComponentFate {
                    kind: "set-up piece".into(),
                    mapped: 0,
                    kept: 0,
                    dropped: dropped_pieces,
                    reason: "has no definition in its set-up".into(),
                },
            );
        }
        let mut names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        names.extend(self.assets.keys().cloned());
        names.sort();
        Report {
            module: self.module.name.clone().unwrap_or_default(),
            files: names,
            maps: boards.len() + area_boards.len(),
            area_maps: area_boards.len(),
            areas: area_boards.iter().map(|b| b.areas.len()).sum(),
            piece_slots: self.module.piece_slots,
            card_slots: self.module.card_slots,
            decks: self
                .root
                .descendants()
                .filter(|e| e.is_class("DrawPile"))
                .count(),
            counters: counters.len(),
            traits: counters.iter().map(|c| c.traits).sum(),
            prototypes: self.module.prototypes.len(),
            scenarios,
            placements,
            pools,
            components: fates.into_values().collect(),
            notes: self.notes.clone(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn game_file(
        &self,
        header: &str,
        title: &str,
        sides: &[String],
        side_ids: &[String],
        counters: &[CounterDef],
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
        let order: Array = side_ids.iter().cloned().collect();
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
        for (i, (name, id)) in sides.iter().zip(side_ids).enumerate() {
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
        let _ = counters;
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

    /// The verbatim part: every counter's slot, the prototypes, every other component.
    fn kept_xml(
        &self,
        file_name: &str,
        counters: &[CounterDef],
        pictures: &BTreeMap<String, String>,
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
        for child in &self.root.children {
            if child.is_class("PredefinedSetup") || child.is_class("PlayerRoster") {
                continue;
            }
            kept.children.push(child.clone());
        }
        let mut text = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- What sandtable's language cannot say of this VASSAL module, kept verbatim by `sandtable import`:\n     each counter's piece slot (its traits, prototypes named, images), where the module's\n     pictures are in the game, and the module's other components (windows, palettes' layout,\n     prototypes, decks, dice, turn tracker, charts…). `sandtable build` reuses each counter's\n     piece, the prototypes, the pictures and the dice; the rest is not rebuilt yet. -->\n",
        );
        text.push_str(&write_element(&kept));
        text
    }
}

/// Whether the language numbers hexes as this: numbers on both axes, no separator, not
/// descending, the grid location alone, the same leading zeros on both axes.
fn expressible(n: &GridNumbering) -> bool {
    n.h_type == 'N'
        && n.v_type == 'N'
        && n.sep.is_empty()
        && !n.h_descend
        && !n.v_descend
        && n.location_format == "$gridLocation$"
        && n.h_leading == n.v_leading
        && (0..=3).contains(&n.h_leading)
}

/// Digits enough for numbers up to `n`, at least 2.
fn digits_for(n: i32) -> u32 {
    (n.max(1).to_string().len() as u32).max(2)
}

fn map_file(
    header: &str,
    boards: &[HexBoard],
    area_boards: &[AreaBoard],
    images: &BTreeMap<String, String>,
    (pools, decks): (&BTreeMap<String, String>, &BTreeMap<String, Vec<String>>),
) -> String {
    let mut doc = DocumentMut::new();
    doc.decor_mut().set_prefix(format!(
        "{header}# Each hex board of the module: its picture as supplied art, its hex grid laid where the\n# module draws it and numbered as the module numbers it. Each board whose grid names\n# places (regions, zones, numbered squares): an area map, one area per place named as\n# VASSAL names it.\n"
    ));
    let mut terrain = ArrayOfTables::new();
    let mut t = Table::new();
    t["id"] = value("clear");
    t["name"] = value("Clear");
    t["kind"] = value("land");
    t["colour"] = value("#e8e0b0");
    t.decor_mut().set_prefix(
        "\n# The module says nothing of terrain: every hex and area is clear until the designer says more.\n",
    );
    terrain.push(t);
    doc.insert("terrain", Item::ArrayOfTables(terrain));
    let mut maps = ArrayOfTables::new();
    for b in boards {
        let mut m = Table::new();
        m["id"] = value(b.id.clone());
        m["title"] = value(b.title.clone());
        if let Some(image) = images.get(&b.id) {
            m["image"] = value(image.clone());
        }
        let mut hex = Table::new();
        hex["orientation"] = value(if b.grid.sideways { "rows" } else { "columns" });
        hex["columns"] = value(i64::from(b.columns));
        hex["rows"] = value(i64::from(b.rows));
        hex["shifted"] = value("odd");
        let origin: Array = [f64::from(b.grid.x0), f64::from(b.grid.y0)]
            .into_iter()
            .collect();
        let spacing: Array = [b.grid.dx, b.grid.dy].into_iter().collect();
        hex["origin"] = value(origin);
        hex["spacing"] = value(spacing);
        let mut numbering = Table::new();
        match &b.numbering {
            Some(n) => {
                let column_first = (n.first == 'H') != b.grid.sideways;
                let (first_column, first_row) = if b.grid.sideways {
                    (n.v_off, n.h_off)
                } else {
                    (n.h_off, n.v_off)
                };
                numbering["pattern"] = value(if column_first {
                    "column-row"
                } else {
                    "row-column"
                });
                numbering["first-column"] = value(i64::from(first_column));
                numbering["first-row"] = value(i64::from(first_row));
                numbering["digits"] = value(i64::from(b.digits));
                numbering["stagger"] = value(n.stagger);
            }
            None => {
                numbering["pattern"] = value("column-row");
                numbering["first-column"] = value(1);
                numbering["first-row"] = value(1);
                numbering["digits"] = value(i64::from(b.digits));
            }
        }
        hex.insert("numbering", Item::Table(numbering));
        m.insert("hex", Item::Table(hex));
        let mut layer = Table::new();
        let mut legend = toml_edit::InlineTable::new();
        legend.insert(".", "clear".into());
        layer["legend"] = value(legend);
        let row = ".".repeat(b.columns as usize);
        let rows: String = (0..b.rows).map(|_| format!("{row}\n")).collect();
        layer["rows"] = Item::Value(toml_edit::Value::String(toml_edit::Formatted::new(rows)));
        m.insert("terrain", Item::Table(layer));
        maps.push(m);
    }
    for b in area_boards {
        let mut m = Table::new();
        m["id"] = value(b.id.clone());
        m["title"] = value(b.title.clone());
        if let Some(image) = images.get(&b.id) {
            m["image"] = value(image.clone());
        }
        let size: Array = [i64::from(b.size.width), i64::from(b.size.height)]
            .into_iter()
            .collect();
        m["size"] = value(size);
        m.decor_mut().set_prefix(format!(
            "\n# The board `{}` of the module's map `{}`: one area per place VASSAL names on it, at a point\n# VASSAL gives that name (a region's origin, a point inside a zone, a square's centre), a\n# zone with its polygon. The module does not say which areas border which: list each\n# area's `adjacent` before any rule moves units between them.\n",
            b.board, b.map
        ));
        let mut list = ArrayOfTables::new();
        for (id, place) in &b.areas {
            let mut a = Table::new();
            a["id"] = value(id.clone());
            a["name"] = value(place.name.clone());
            a["terrain"] = value("clear");
            let position: Array = [f64::from(place.position.x), f64::from(place.position.y)]
                .into_iter()
                .collect();
            a["position"] = value(position);
            if !place.outline.is_empty() {
                let outline: Array = place
                    .outline
                    .iter()
                    .map(|p| {
                        let pair: Array = [f64::from(p.x), f64::from(p.y)].into_iter().collect();
                        toml_edit::Value::Array(pair)
                    })
                    .collect();
                a["outline"] = value(outline);
            }
            list.push(a);
        }
        m.insert("area", Item::ArrayOfTables(list));
        maps.push(m);
    }
    doc.insert("map", Item::ArrayOfTables(maps));
    if !pools.is_empty() {
        let mut list = ArrayOfTables::new();
        for (i, (name, id)) in pools.iter().enumerate() {
            let mut p = Table::new();
            p["id"] = value(id.clone());
            p["name"] = value(name.clone());
            p["kind"] = value("staging");
            if let Some(names) = decks.get(name) {
                let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                p["description"] = value(format!(
                    "The place of the module's deck{} {}: the cards a set-up deals into {} stand here (the language has no deck; VASSAL's is kept verbatim in vassal/kept.xml).",
                    if names.len() == 1 { "" } else { "s" },
                    names.join(", "),
                    if names.len() == 1 { "it" } else { "them" },
                ));
            }
            if i == 0 {
                p.decor_mut().set_prefix(
                    "\n# Where the module's set-ups put pieces off every hex grid, one pool per place VASSAL\n# names there.\n",
                );
            }
            list.push(p);
        }
        doc.insert("pool", Item::ArrayOfTables(list));
    }
    doc.to_string()
}

fn counters_file(
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

/// The report as text.
pub fn render_report(report: &Report, dir: &str) -> String {
    let maps = if report.area_maps > 0 {
        format!(
            "{} maps ({} of them area maps of {} areas)",
            report.maps, report.area_maps, report.areas
        )
    } else {
        format!("{} maps", report.maps)
    };
    let mut out = format!(
        "imported `{}` into {dir}: {maps}, {} counters from {} piece slots and {} card slots of {} decks ({} traits and {} prototypes kept verbatim), {} scenarios placing {} pieces, {} pools\n",
        report.module,
        report.counters,
        report.piece_slots,
        report.card_slots,
        report.decks,
        report.traits,
        report.prototypes,
        report.scenarios,
        report.placements,
        report.pools
    );
    out.push_str("components (mapped / kept verbatim / dropped):\n");
    for f in &report.components {
        out.push_str(&format!(
            "  {:<28} {:>4} / {:>4} / {:>4}  {}\n",
            f.kind, f.mapped, f.kept, f.dropped, f.reason
        ));
    }
    for note in &report.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out.push_str(&format!(
        "next: `sandtable check {dir}`, then `sandtable build {dir}`\n"
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_slugs_and_unique() {
        let mut taken = BTreeSet::new();
        assert_eq!(unique("Moslem_Cannon_1-0", &mut taken), "moslem-cannon-1-0");
        assert_eq!(
            unique("Moslem Cannon 1 0", &mut taken),
            "moslem-cannon-1-0-2"
        );
        assert_eq!(unique("1st Army", &mut taken), "x-1st-army");
        assert_eq!(unique("???", &mut taken), "x");
    }

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

    #[test]
    fn numbering_the_language_writes() {
        let plain = GridNumbering {
            h_leading: 1,
            v_leading: 1,
            ..GridNumbering::default()
        };
        assert!(expressible(&plain));
        assert!(!expressible(&GridNumbering {
            h_type: 'A',
            ..plain.clone()
        }));
        assert!(!expressible(&GridNumbering {
            sep: "-".into(),
            ..plain.clone()
        }));
        assert!(!expressible(&GridNumbering {
            v_leading: 2,
            ..plain
        }));
    }
}
