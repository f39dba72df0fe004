//! Load stage: find a game's TOML files and deserialize them with source spans.
//!
//! [`load`] walks the game directory in sorted order, reads every `*.toml` file into a
//! [`SourceMap`] and parses each into a [`schema::GameFile`], then reads the rules prose
//! (`rules/*.md`, [`prose`]) into the same map. Syntax errors and unknown keys
//! become diagnostics located in the file; a broken file never stops the others from loading,
//! and inside a file that is TOML a mistake leaves out only the entry it is in
//! ([`entries`]), said in the designer's words ([`phrasing`]).

pub mod dpjudge;
pub mod entries;
pub mod parlance;
pub mod phrasing;
pub mod position;
pub mod prose;
pub mod prose_html;
pub mod schema;
// The source files a game was read from: `diag` owns them, since every diagnostic points
// into them; loading fills them.
pub use crate::diag::source;

use std::path::{Path, PathBuf};

use thiserror::Error;
use walkdir::WalkDir;

use crate::diag::{Diagnostic, Diagnostics, Span};
use schema::GameFile;
use source::{FileId, SourceMap};

/// A game directory as read from disk: its texts and their parsed contents.
#[derive(Debug)]
pub struct Loaded {
    /// The directory.
    pub root: PathBuf,
    /// Every file's text.
    pub sources: SourceMap,
    /// Parsed files that were valid TOML, with their ids (the entries read whole).
    pub files: Vec<(FileId, GameFile)>,
    /// Files that could not be read at all (not UTF-8, too large, not TOML, or a `use` of
    /// one that is not): anything may be missing from the game.
    pub unreadable: Vec<FileId>,
    /// Entries of readable files left out for a mistake of their own (already reported),
    /// with the file each was in.
    pub dropped: Vec<(FileId, entries::Dropped)>,
    /// The rules prose (`rules/*.md`) in file-name order, read but not yet scanned.
    pub prose: Vec<FileId>,
    /// Problems reading the prose (not UTF-8, too large): the rules' own, so they do not
    /// count as a file of definitions failing to parse.
    pub prose_diagnostics: Diagnostics,
    /// Problems found while parsing.
    pub diagnostics: Diagnostics,
}

/// Failures that are not problems in the game's text.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The directory does not exist or is not a directory.
    #[error("`{0}` is not a game directory (no such directory)")]
    NotADirectory(PathBuf),
    /// A file could not be read.
    #[error("cannot read `{path}`: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Walking the directory failed (unreadable folder, broken link, a link loop).
    #[error("cannot list `{path}`: {source}")]
    Walk {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: walkdir::Error,
    },
    /// The directory holds no definitions at all.
    #[error("`{0}` holds no game: no `.toml` file in it or below")]
    NoDefinitions(PathBuf),
}

/// Largest TOML file accepted; a game definition is text written by people.
const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Read and parse every `*.toml` file below `root` (skipping hidden folders and `tools/`).
pub fn load(root: &Path) -> Result<Loaded, LoadError> {
    if !root.is_dir() {
        return Err(LoadError::NotADirectory(root.to_path_buf()));
    }
    let mut paths = Vec::new();
    // Links are followed (a designer may link shared definitions in); a link loop or a
    // broken link is an error naming it, never an endless walk.
    let walker = WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !skipped_folder(&e.file_name().to_string_lossy()));
    for entry in walker {
        let entry = entry.map_err(|source| LoadError::Walk {
            path: source.path().unwrap_or(root).to_path_buf(),
            source,
        })?;
        if entry.file_type().is_file() && entry.path().extension().is_some_and(|x| x == "toml") {
            let rel = entry
                .path()
                .strip_prefix(root)
                .unwrap_or(entry.path())
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            paths.push((rel, entry.path().to_path_buf()));
        }
    }
    paths.sort();
    if paths.is_empty() {
        return Err(LoadError::NoDefinitions(root.to_path_buf()));
    }
    let mut texts = Vec::new();
    for (rel, path) in paths {
        let read_err = |source| LoadError::Read {
            path: path.clone(),
            source,
        };
        let meta = std::fs::metadata(&path).map_err(read_err)?;
        if meta.len() > MAX_FILE_BYTES {
            texts.push((rel, Contents::TooLarge));
            continue;
        }
        let bytes = std::fs::read(&path).map_err(read_err)?;
        texts.push((rel, Contents::Bytes(bytes)));
    }
    let mut loaded = load_contents(root, texts);
    read_used(&mut loaded);
    loaded.prose = prose::read_rules(root, &mut loaded.sources, &mut loaded.prose_diagnostics)?;
    Ok(loaded)
}

/// A folder of the game directory whose files are not the game's: hidden folders,
/// `tools/` and `node_modules/`.
fn skipped_folder(name: &str) -> bool {
    name.starts_with('.') || name == "tools" || name == "node_modules"
}

/// Whether [`load`] would read a file written at `path` as one of the game's files in
/// `root`: a `*.toml` below it, outside the folders it skips. `path` need not exist (the
/// folders it names are resolved as far as they do, links followed).
pub fn reads(root: &Path, path: &Path) -> bool {
    if path.extension().is_none_or(|x| x != "toml") {
        return false;
    }
    let Ok(root) = root.canonicalize() else {
        return false;
    };
    // The deepest folder of the path that exists, resolved, and the names below it.
    let mut rest = Vec::new();
    let mut at = path;
    let resolved = loop {
        if let Ok(p) = at.canonicalize() {
            break p;
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                at = if parent.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    parent
                };
            }
            _ => return false,
        }
    };
    let full = rest.iter().rev().fold(resolved, |p, n| p.join(n));
    let Ok(inside) = full.strip_prefix(&root) else {
        return false;
    };
    let folders: Vec<String> = inside
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    !folders.iter().any(|f| skipped_folder(f))
}

/// How deep files may `use` files that `use` others.
const MAX_USE_DEPTH: usize = 8;

/// Read the files the game's files `use` (a variant's base board), and the files those use,
/// into the game ahead of its own files, so that the base is defined before the game amends
/// it. A file used twice is read once; a used file that is missing, not TOML, or one of the
/// game's own files is a located error at the `use` entry.
fn read_used(loaded: &mut Loaded) {
    let canonical = |p: &Path| std::fs::canonicalize(p).ok();
    let own: Vec<PathBuf> = loaded
        .files
        .iter()
        .filter_map(|(id, _)| canonical(&loaded.root.join(loaded.sources.path(*id))))
        .collect();
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut used: Vec<(FileId, GameFile)> = Vec::new();
    // (file that names the uses, its path relative to the game, depth)
    let mut queue: Vec<(FileId, usize)> = loaded.files.iter().map(|(id, _)| (*id, 0)).collect();
    let mut i = 0;
    while i < queue.len() {
        let (from, depth) = queue[i];
        i += 1;
        let uses: Vec<crate::load::schema::Spanned<String>> = loaded
            .files
            .iter()
            .chain(used.iter())
            .find(|(id, _)| *id == from)
            .map(|(_, f)| f.uses.clone())
            .unwrap_or_default();
        let from_rel = loaded.sources.path(from).to_string();
        let dir = Path::new(&from_rel).parent().unwrap_or(Path::new(""));
        for u in uses {
            let rel = dir.join(u.get_ref());
            let path = loaded.root.join(&rel);
            let at = Span::new(from, u.span());
            let problem = if depth >= MAX_USE_DEPTH {
                Some((
                    "use-loop",
                    "files use each other too deep (a loop?)".to_string(),
                    None,
                ))
            } else if path.extension().is_none_or(|x| x != "toml") {
                Some((
                    "bad-use",
                    format!("`{}` is not a TOML file", u.get_ref()),
                    Some("name a `.toml` file of another game, e.g. `../diplomacy/board.toml`"),
                ))
            } else {
                match canonical(&path) {
                    None => Some((
                        "bad-use",
                        format!("`{}` does not exist", rel.display()),
                        Some("paths are relative to the file that names them"),
                    )),
                    Some(c) if own.contains(&c) => Some((
                        "bad-use",
                        format!("`{}` is one of this game's own files", u.get_ref()),
                        Some("every file of the game directory is read anyway: drop it from `use`"),
                    )),
                    Some(c) if seen.contains(&c) => continue,
                    Some(c) => {
                        seen.push(c);
                        None
                    }
                }
            };
            if let Some((code, message, hint)) = problem {
                loaded.unreadable.push(from);
                loaded.diagnostics.push(
                    Diagnostic::error(code, message)
                        .at(at)
                        .hint_opt(hint.map(String::from)),
                );
                continue;
            }
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let contents = match std::fs::metadata(&path) {
                Ok(m) if m.len() > MAX_FILE_BYTES => Contents::TooLarge,
                _ => match std::fs::read(&path) {
                    Ok(b) => Contents::Bytes(b),
                    Err(e) => {
                        loaded.unreadable.push(from);
                        loaded.diagnostics.push(
                            Diagnostic::error("bad-use", format!("cannot read `{name}`: {e}"))
                                .at(at),
                        );
                        continue;
                    }
                },
            };
            let mut one = load_contents(&loaded.root, vec![(name, contents)]);
            // Move the file's text and parse into the game's source map.
            for (old, file) in std::mem::take(&mut one.files) {
                let id = loaded.sources.add(
                    one.sources.path(old).to_string(),
                    one.sources.text(old).to_string(),
                );
                queue.push((id, depth + 1));
                used.push((id, file));
                // Its entries left out, with the ids' places in its own text.
                for (_, d) in one.dropped.iter().filter(|(f, _)| *f == old) {
                    loaded.dropped.push((id, d.clone()));
                }
            }
            if !one.unreadable.is_empty() {
                loaded.unreadable.push(from);
            }
            for d in one.diagnostics.iter() {
                // A used file that does not parse: point at the `use`, where it is named.
                loaded.diagnostics.push(
                    Diagnostic::error(d.code, format!("`{}`: {}", u.get_ref(), d.message))
                        .at(at.clone())
                        .hint_opt(d.hint.clone()),
                );
            }
        }
    }
    if !used.is_empty() {
        let own = std::mem::take(&mut loaded.files);
        loaded.files = used.into_iter().chain(own).collect();
    }
}

/// A definition file's contents, as read.
#[derive(Debug, Clone)]
pub enum Contents {
    /// The bytes of the file.
    Bytes(Vec<u8>),
    /// The file is larger than a game definition can be (not read).
    TooLarge,
}

/// Parse files already read, as `(path relative to the game, contents)` sorted by path:
/// what [`load`] does after reading the directory (also used by the fuzz targets, which keep
/// games in memory). Each file that is not UTF-8 or not valid TOML gives a located diagnostic.
pub fn load_contents(root: &Path, texts: Vec<(String, Contents)>) -> Loaded {
    let mut sources = SourceMap::default();
    let mut files = Vec::new();
    let mut diagnostics = Diagnostics::default();
    let mut unreadable = Vec::new();
    let mut dropped = Vec::new();
    for (rel, contents) in texts {
        let bytes = match contents {
            Contents::Bytes(b) => b,
            Contents::TooLarge => {
                let id = sources.add(rel.clone(), String::new());
                unreadable.push(id);
                diagnostics.push(
                    Diagnostic::error("file-too-large", format!("`{rel}` is larger than 32 MiB"))
                        .at(Span::new(id, 0..0))
                        .hint("split the definitions into several files"),
                );
                continue;
            }
        };
        let (text, bad_utf8) = match String::from_utf8(bytes) {
            Ok(t) => (t, None),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                (String::from_utf8_lossy(e.as_bytes()).into_owned(), Some(at))
            }
        };
        let id = sources.add(rel.clone(), text);
        if let Some(at) = bad_utf8 {
            unreadable.push(id);
            diagnostics.push(
                Diagnostic::error("not-utf8", format!("`{rel}` is not valid UTF-8"))
                    .at(Span::new(id, at..at))
                    .hint("save the file as UTF-8"),
            );
            continue;
        }
        match toml::de::DeTable::parse(sources.text(id)) {
            Ok(root) => {
                let reading = entries::read(id, root.into_inner());
                for d in reading.diagnostics {
                    diagnostics.push(d);
                }
                dropped.extend(reading.dropped.into_iter().map(|d| (id, d)));
                files.push((id, reading.file));
            }
            Err(e) => {
                unreadable.push(id);
                diagnostics.push(toml_error(id, sources.text(id), &e));
            }
        }
    }
    Loaded {
        root: root.to_path_buf(),
        sources,
        files,
        unreadable,
        dropped,
        prose: Vec::new(),
        prose_diagnostics: Diagnostics::default(),
        diagnostics,
    }
}

/// A file that is not TOML: one located diagnostic; a key or table given twice with where it
/// was first given.
fn toml_error(file: FileId, text: &str, e: &toml::de::Error) -> Diagnostic {
    let message = e.message().trim();
    let first_line = message.lines().next().unwrap_or("").to_string();
    let at = e.span().unwrap_or(0..0);
    if first_line.starts_with("duplicate key") || first_line.starts_with("duplicate table") {
        let written = text.get(at.clone()).unwrap_or("").trim();
        let first = first_given(text, at.start);
        return Diagnostic::error("syntax", format!("not TOML: `{written}` is given twice"))
            .at(Span::new(file, at))
            .label("given again here")
            .note_opt(first.map(|r| Span::new(file, r)), "first given here")
            .hint(
                "a key is given once in its table, and a table header once in a file: keep \
                 one of the two (a list of tables is written `[[name]]`)",
            );
    }
    Diagnostic::error("syntax", format!("not TOML: {first_line}"))
        .at(Span::new(file, at))
        .label("the file cannot be read past this mistake")
        .hint("see https://toml.io for the syntax; the file may be truncated")
}

/// Where the key or table header on the line of byte `at` was first given: the same header
/// earlier in the file, or the same key earlier in the same table (up to the header above
/// it). None when it cannot be told from the lines (a dotted key, an inline table).
fn first_given(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let line_start = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("");
    let code = |l: &str| l.split('#').next().unwrap_or("").trim().to_string();
    let header = line.starts_with('[').then(|| code(line));
    let key = match &header {
        Some(_) => None,
        None => Some(line.split('=').next()?.trim().to_string()).filter(|k| !k.is_empty()),
    };
    let mut lines = Vec::new();
    let mut offset = 0;
    for l in text[..line_start].split_inclusive('\n') {
        lines.push((offset, l.trim_end_matches(['\n', '\r'])));
        offset += l.len();
    }
    for (start, earlier) in lines.into_iter().rev() {
        let found = match (&header, &key) {
            (Some(h), _) => code(earlier) == *h,
            (None, Some(k)) => {
                if earlier.starts_with('[') {
                    return None;
                }
                earlier.split_once('=').is_some_and(|(l, _)| l.trim() == k)
            }
            (None, None) => return None,
        };
        if found {
            let indent = earlier.len() - earlier.trim_start().len();
            let width = header.as_ref().or(key.as_ref()).map_or(0, String::len);
            return Some(start + indent..start + indent + width);
        }
    }
    None
}

mod shared_art {
    include!(concat!(env!("OUT_DIR"), "/art_files.rs"));
}

/// A file of the shared artwork embedded from `art/`, by its path relative to `art/`.
pub fn shared_art(path: &str) -> Option<&'static [u8]> {
    shared_art::ART_FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| *bytes)
}

#[cfg(test)]
mod tests {
    use super::first_given;

    #[test]
    fn a_key_given_twice_is_found_where_first_given_in_its_own_table() {
        for newline in ["\n", "\r\n"] {
            let text = [
                "[a]",
                "name = 1",
                "[b]",
                "name = 2",
                "  colour = 3",
                "name = 4",
            ]
            .join(newline);
            let again = text.rfind("name").expect("the second");
            let first = first_given(&text, again).expect("found");
            assert_eq!(&text[first.clone()], "name");
            assert_eq!(first.start, text.find("name = 2").expect("b's name"));
        }
    }

    #[test]
    fn a_table_given_twice_is_found_anywhere_above() {
        let text = "[game]\nid = 1\n\n[rules]\nx = 1\n[game] # again\n";
        let again = text.rfind("[game]").expect("the second");
        assert_eq!(first_given(text, again), Some(0..6));
    }

    #[test]
    fn a_key_not_above_in_its_table_is_not_guessed() {
        let text = "[a]\nname = 1\n[b]\nname = 2\n";
        let again = text.rfind("name").expect("b's");
        assert_eq!(first_given(text, again), None);
        assert_eq!(first_given("x.y = 1\nx = {y = 2}\n", 8), None);
    }
}
