//! Loading what `inspect` reports on: modules from archives or unpacked directories (with
//! board image sizes and the predefined setups they contain), and saves turned into piece
//! reports with locations from the module's maps.

use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

use super::module::{MapInfo, ModuleInfo, SetupInfo};
use super::{FileKind, InspectError, PieceReport, Report, SaveReport};
use crate::vassal::archive::Archive;
use crate::vassal::buildfile::{parse_buildfile, Element, MODULE_ROOTS};
use crate::vassal::encoder::Escaped;
use crate::vassal::grid::MapLayout;
use crate::vassal::grid::Point;
use crate::vassal::imagesize::image_size;
use crate::vassal::metadata::Metadata;
use crate::vassal::save::{GameState, PieceRef, Replay, SaveFile};

/// A metadata document (`<data version="1">…`), if the bytes are one.
pub(super) fn lone_metadata(bytes: &[u8]) -> Option<Metadata> {
    // Only small files that mention <data are parsed (not images or other binaries).
    let head = &bytes[..bytes.len().min(512)];
    if bytes.len() > 1024 * 1024 || !head.windows(5).any(|w| w == b"<data") {
        return None;
    }
    let root = parse_buildfile(bytes).ok()?;
    (root.name == "data").then(|| Metadata::from_element(&root))
}

fn parse_root(bytes: &[u8], path: &Path) -> Result<Element, InspectError> {
    let root = parse_buildfile(bytes).map_err(|source| InspectError::BuildFile {
        path: path.to_path_buf(),
        source,
    })?;
    if !MODULE_ROOTS.contains(&root.name.as_str()) {
        return Err(InspectError::NotVassal {
            path: path.to_path_buf(),
            reason: format!("buildfile root is <{}>", root.name),
        });
    }
    Ok(root)
}

/// An unpacked module: the buildfile, `moduledata` beside it, images in `images/`.
pub(super) fn load_unpacked_module(path: &Path, bytes: &[u8]) -> Result<ModuleInfo, InspectError> {
    let root = parse_root(bytes, path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let metadata = std::fs::read(dir.join("moduledata"))
        .ok()
        .and_then(|data| Metadata::parse(&data).ok());
    let mut sizes = |image: &str| {
        let data = std::fs::read(dir.join("images").join(image)).ok()?;
        image_size(&data)
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut module = ModuleInfo::from_root(&root, &name, metadata, &mut sizes);
    load_setups(&mut module.setups, &module.maps.clone(), &mut |file| {
        let file_path = dir.join(file);
        std::fs::read(&file_path).ok().map(|data| (data, file_path))
    });
    Ok(module)
}

/// A module inside an archive: `buildFile.xml` (or legacy `buildFile`), `moduledata`,
/// images, and the predefined setups it contains.
pub(super) fn load_archive_module<R: Read + Seek>(
    archive: &mut Archive<R>,
) -> Result<ModuleInfo, InspectError> {
    let label = archive.path().to_path_buf();
    let entry = ["buildFile.xml", "buildFile"]
        .into_iter()
        .find(|name| archive.contains(name))
        .ok_or_else(|| InspectError::NotVassal {
            path: label.clone(),
            reason: "ZIP archive without savedGame or buildFile".into(),
        })?;
    let bytes = archive.read(entry)?;
    let root = parse_root(&bytes, &label.join(entry))?;
    let metadata = ["moduledata", "extensiondata"]
        .into_iter()
        .find(|name| archive.contains(name))
        .and_then(|name| archive.read(name).ok())
        .and_then(|data| Metadata::parse(&data).ok());
    let mut sizes = |image: &str| {
        let data = archive.read(&format!("images/{image}")).ok()?;
        image_size(&data)
    };
    let mut module = ModuleInfo::from_root(&root, entry, metadata, &mut sizes);
    let maps = module.maps.clone();
    load_setups(&mut module.setups, &maps, &mut |file| {
        let data = archive.read(file).ok()?;
        Some((data, label.join(file)))
    });
    Ok(module)
}

type SetupSource<'a> = dyn FnMut(&str) -> Option<(Vec<u8>, PathBuf)> + 'a;

fn load_setups(setups: &mut [SetupInfo], maps: &[MapInfo], read: &mut SetupSource<'_>) {
    for setup in setups {
        load_setups(&mut setup.children, maps, read);
        let Some(file) = setup
            .file
            .clone()
            .filter(|_| setup.use_file && !setup.is_menu)
        else {
            continue;
        };
        let Some((data, label)) = read(&file) else {
            setup.error = Some(format!("{file} is not in the module"));
            continue;
        };
        match SaveFile::from_bytes(data, &label) {
            Ok(save) => setup.pieces = Some(replay_reports(&save.replay(), Some(maps))),
            Err(error) => setup.error = Some(error.to_string()),
        }
    }
}

/// The layout of each map for a game with these board selections.
fn layouts(boards: &[crate::vassal::save::BoardSetup], maps: Option<&[MapInfo]>) -> Vec<MapLayout> {
    maps.unwrap_or_default()
        .iter()
        .map(|map| {
            let selection = boards.iter().find(|b| b.map == map.name);
            map.layout(selection)
        })
        .collect()
}

/// What a piece's report says before its board and location are looked up.
struct PieceFields<'p> {
    id: &'p str,
    name: String,
    map: Option<String>,
    x: i32,
    y: i32,
    gpid: String,
    container: Option<String>,
    traits: Vec<String>,
}

impl PieceFields<'_> {
    /// The report, with the board and location the layouts give.
    fn report(self, layouts: &[MapLayout]) -> PieceReport {
        let point = Point::new(self.x, self.y);
        let layout = self
            .map
            .as_ref()
            .and_then(|name| layouts.iter().find(|l| &l.map_name == name));
        PieceReport {
            id: self.id.to_string(),
            name: self.name,
            board: layout
                .and_then(|l| l.locate(point))
                .map(|(board, _)| board.name.clone()),
            location: layout.map(|l| l.location_name(point)),
            map: self.map,
            x: self.x,
            y: self.y,
            gpid: self.gpid,
            container: self.container,
            traits: self.traits,
        }
    }
}

/// Piece reports for a replayed game; with module maps, each gets its board and location.
pub fn piece_reports(state: &GameState, maps: Option<&[MapInfo]>) -> Vec<PieceReport> {
    let layouts = layouts(&state.boards, maps);
    state
        .pieces
        .values()
        .map(|piece| {
            PieceFields {
                id: &piece.id,
                name: piece.name.clone(),
                map: piece.map.clone(),
                x: piece.x,
                y: piece.y,
                gpid: piece.gpid.clone(),
                container: piece.container.clone(),
                traits: piece.traits.iter().map(|t| t.id().to_string()).collect(),
            }
            .report(&layouts)
        })
        .collect()
}

fn owned(text: Escaped<'_>) -> String {
    text.to_cow().into_owned()
}

/// [`piece_reports`] straight from a replay of the save's text.
fn replay_reports(replay: &Replay<'_>, maps: Option<&[MapInfo]>) -> Vec<PieceReport> {
    let layouts = layouts(&replay.boards, maps);
    let mut reports = Vec::with_capacity(replay.pieces.len());
    replay.for_each_piece(&mut |id, piece: &PieceRef<'_>, traits| {
        let fields = PieceFields {
            id,
            name: owned(piece.name),
            map: piece.map.map(owned),
            x: piece.x,
            y: piece.y,
            gpid: owned(piece.gpid),
            container: piece.container.as_deref().map(str::to_string),
            traits,
        };
        reports.push(fields.report(&layouts));
    });
    reports
}

pub(super) fn save_report(
    path: &Path,
    save: &SaveFile,
    module: Option<ModuleInfo>,
    module_path: Option<&Path>,
) -> Report {
    let replay = save.replay();
    let logged = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vlog"))
        || save.has_log_steps();
    let pieces = replay_reports(&replay, module.as_ref().map(|m| m.maps.as_slice()));
    let report = SaveReport {
        module_metadata: save.module_metadata(),
        save_metadata: save.save_metadata(),
        obfuscated: save.obfuscation_key.is_some(),
        boards: replay.boards.clone(),
        pieces,
        stacks: replay
            .containers
            .values()
            .filter(|c| c.deck_name.is_none())
            .count(),
        decks: replay
            .containers
            .values()
            .filter_map(|c| {
                let name = owned(c.deck_name?);
                Some((name, c.map.map(owned), c.x, c.y, c.children.len()))
            })
            .collect(),
        global_properties: replay
            .global_properties
            .iter()
            .map(|&[name, value, container]| (owned(name), owned(value), owned(container)))
            .collect(),
        setup_stack_flag: replay.setup_stack_flag,
        other_commands: replay.unknown_commands.len(),
    };
    Report {
        file: path.display().to_string(),
        kind: if logged {
            FileKind::Log
        } else {
            FileKind::Save
        },
        module_file: module_path.map(|p| p.display().to_string()),
        module,
        save: Some(report),
        metadata: None,
    }
}
