//! A VASSAL module (`.vmod`, or an unpacked `buildFile(.xml)` with its `images/` beside it)
//! as a game directory, read through the format layer ([`crate::vassal`]):
//!
//! - **maps** ([`maps`]): every board with a hex grid becomes a `[[map]]` with the board's picture
//!   copied byte for byte into `art/` as its supplied `image`, and the grid laid where the
//!   module draws it (`origin`, `spacing`), numbered as the module numbers it (or, for a
//!   grid without numbering, `column-row` from `0101`); a board whose grid names places —
//!   regions, zones, the regions inside zones, a numbered square grid — becomes an area map
//!   with its picture, one `[[map.area]]` named as each place VASSAL reports, at the point
//!   it reports it, a zone with its polygon as `outline` (see [`areas`]);
//! - **counters** ([`counters`]): every distinct piece definition of a `PieceSlot` or `CardSlot` (the
//!   palettes', the at-start stacks', the decks' cards) becomes a `[[class]]` and a
//!   `[[counter]]` named as the piece, its picture copied into `art/`; its side is the
//!   module's side whose name the piece's name, palette folder or deck carries; a piece a
//!   set-up places that no slot holds becomes a counter of its own, from its definition in
//!   the set-up;
//! - **the counter mix** ([`counters`]): each counter's `count` is the most copies any source holds (a
//!   palette, the at-start stacks, the decks, a predefined set-up), with a comment saying
//!   each;
//! - **scenarios** ([`scenarios`]): each predefined set-up (the at-start stacks, and each save given)
//!   becomes a `[[scenario]]` placing each piece at its hex's name or in the area of its
//!   location's name; a piece on no map's hex or area (a deck's card among them) goes into a
//!   pool named as the location the module reports for it, which names the decks there;
//! - **the game** ([`game`]): the module's name, version and sides (its player rosters);
//! - **kept verbatim** ([`kept`]): what the language cannot say — each piece's trait chain,
//!   the prototypes, the decks, the palettes' layout, every other component, and where each
//!   picture of the module is in the game — is written into `vassal/kept.xml` (which
//!   `sandtable build` reuses, in `emit/vassal/kept.rs`), and the report ([`report`])
//!   counts, per kind of component, what was mapped, kept or dropped (and why).
//!
//! The module is read from its archive or its folder alike ([`source`]), its extensions
//! merged in first ([`extension`]); [`Importer::run`] goes through the stages in order.
//!
//! Bad input is a [`Diagnostic`] (an unreadable or hostile archive, a malformed buildfile,
//! a picture the module names but does not hold, a board grid of a class nobody knows),
//! never a panic, and nothing is written.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

mod areas;
mod counters;
mod extension;
mod game;
mod kept;
mod maps;
mod report;
mod scenarios;
mod source;

pub use report::{render_report, ComponentFate, Report};

use super::File;
use crate::diag::{Diagnostic, Diagnostics};
use crate::vassal::archive::Archive;
use crate::vassal::buildfile::{parse_buildfile, Element, MODULE_ROOTS};
use crate::vassal::inspect::{self, ModuleInfo};
use counters::Mix;
use source::Source;

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

/// One import under way: the module read, and what the game has of it so far (the pictures
/// copied, the notes, the errors).
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

    /// The import, stage by stage: the sides; the maps; the counters of the module's
    /// slots; what places pieces (the set-ups and the saves given), each piece placed and
    /// the counters only a set-up holds made; the counters' pictures; the at-start stacks;
    /// the pools. Then the files and the report. An error at a stage's end stops it there.
    fn run(mut self) -> Result<Imported, Diagnostics> {
        let sides = self.sides();
        self.check_grids();
        let maps = self.maps();
        let mut mix = Mix::new(&sides);
        self.counters_from_slots(&mut mix);
        let placings = self.placings();
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        let mut placed = self.place(placings, &mut mix, &maps);
        let (counters, by_gpid) = (mix.counters, mix.by_gpid);
        let counter_images = self.copy_counter_pictures(&counters);
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        placed
            .plans
            .extend(self.at_start_stacks(&maps, &counters, &by_gpid));
        let pools = self.pools(&placed.plans);

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
        let mut files = vec![
            File {
                name: "game.toml".into(),
                text: self.game_file(&header, &title, &sides, &counter_images),
            },
            File {
                name: "map.toml".into(),
                text: maps::map_file(&header, &maps, &pools),
            },
            File {
                name: "counters.toml".into(),
                text: counters::counters_file(&header, &counters, &counter_images),
            },
        ];
        files.extend(scenarios::scenario_files(
            &header,
            &placed.plans,
            &counters,
            &maps,
            &pools,
        ));
        files.push(self.kept_file(&file_name, &counters, &maps, &pools));

        let report = self.report(&maps, &counters, &placed, pools.ids.len(), &files);
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
}
