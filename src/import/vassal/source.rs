//! The module's own files as the import reads them: a VASSAL module is a ZIP archive
//! (`.vmod`), or an unpacked folder whose `buildFile(.xml)` has its `images/` beside it.
//! Its pictures and its predefined set-ups' files are read the same way from either, a
//! picture's name never leaving `images/`.

use std::fs;
use std::io::{Read, Seek};
use std::path::PathBuf;

use crate::vassal::archive::Archive;

/// The directory of the module: a ZIP archive or an unpacked folder.
pub(super) enum Source<R: Read + Seek> {
    Archive(Archive<R>),
    Folder(PathBuf),
}

impl<R: Read + Seek> Source<R> {
    pub(super) fn image(&mut self, name: &str) -> Option<Vec<u8>> {
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
    pub(super) fn has_image(&self, name: &str) -> bool {
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
    pub(super) fn file(&mut self, name: &str) -> Option<Vec<u8>> {
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
    pub(super) fn image_names(&self) -> Vec<String> {
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
