//! ZIP archives as VASSAL uses them (`.vmod`, `.vsav`, `.vlog`): a reader that is safe on
//! hostile input (entry-count and size limits, zip-slip names rejected, names decoded
//! lossily) and a deterministic writer (entries sorted by path, fixed timestamp, fixed
//! permissions and deflate level, written to a temporary file and renamed into place).

mod writer;

pub use writer::{
    is_compressed_picture, make_folder, without_temp_path, ArchiveBuilder, ZipTimestamp,
    DEFLATE_LEVEL,
};

use std::io::{Cursor, Read, Seek};
use std::path::{Path, PathBuf};

use thiserror::Error;
use zip::ZipArchive;

/// Everything that can go wrong reading or writing an archive; each variant names the file.
#[derive(Debug, Error)]
pub enum ArchiveError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The archive on disk.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The bytes are not a readable ZIP archive.
    #[error("{path}: not a readable ZIP archive ({message})")]
    NotZip {
        /// The archive.
        path: PathBuf,
        /// What the ZIP reader said.
        message: String,
    },
    /// More entries than the limit allows.
    #[error("{path}: {count} entries exceed the limit of {limit}")]
    TooManyEntries {
        /// The archive.
        path: PathBuf,
        /// Entries in the archive.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// An entry name that would escape an extraction directory (absolute, `..`, drive letter).
    #[error("{path}: unsafe entry name {name:?}")]
    UnsafeName {
        /// The archive.
        path: PathBuf,
        /// The offending name.
        name: String,
    },
    /// One entry is (or declares itself) larger than the per-entry limit.
    #[error("{path}: entry {name:?} is larger than the limit of {limit} bytes")]
    EntryTooLarge {
        /// The archive.
        path: PathBuf,
        /// The entry.
        name: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The entries read so far together exceed the total limit.
    #[error("{path}: more than {limit} bytes read in total")]
    TotalTooLarge {
        /// The archive.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// The archive has no entry of that name.
    #[error("{path}: no entry {name:?}")]
    MissingEntry {
        /// The archive.
        path: PathBuf,
        /// The entry looked for.
        name: String,
    },
    /// An entry could not be decompressed.
    #[error("{path}: entry {name:?} is damaged ({message})")]
    Corrupt {
        /// The archive.
        path: PathBuf,
        /// The entry.
        name: String,
        /// What went wrong.
        message: String,
    },
    /// The writer could not build the archive.
    #[error("{path}: cannot write archive ({message})")]
    Write {
        /// The destination.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// What [`Archive::read_with`] hands an entry's bytes to.
pub trait EntrySink {
    /// The entry's declared size (capped by the limits), before any byte.
    fn start(&mut self, size: usize);
    /// The next bytes of the entry.
    fn piece(&mut self, bytes: &[u8]);
}

impl EntrySink for Vec<u8> {
    fn start(&mut self, size: usize) {
        self.reserve_exact(size);
    }

    fn piece(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// Limits applied while reading an archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveLimits {
    /// Maximum number of entries.
    pub max_entries: usize,
    /// Maximum uncompressed size of one entry, in bytes.
    pub max_entry_size: u64,
    /// Maximum number of uncompressed bytes read from the archive in total.
    pub max_total_size: u64,
}

impl Default for ArchiveLimits {
    fn default() -> Self {
        Self {
            max_entries: 50_000,
            max_entry_size: 512 * 1024 * 1024,
            max_total_size: 4 * 1024 * 1024 * 1024,
        }
    }
}

/// Whether an entry name is safe to extract: relative, no `..` component, no drive letter,
/// no NUL.
pub fn is_safe_entry_name(name: &str) -> bool {
    let has_drive_letter = name.as_bytes().get(1) == Some(&b':');
    !name.is_empty()
        && !name.starts_with(['/', '\\'])
        && !name.contains('\0')
        && !has_drive_letter
        && !name.split(['/', '\\']).any(|part| part == "..")
}

/// The name of entry `index`: its raw bytes when they are UTF-8 (as Java reads them, flag
/// or not), else the ZIP reader's own decoding (CP437 for unflagged names).
fn entry_name<R: Read + Seek>(zip: &mut ZipArchive<R>, index: usize) -> Option<String> {
    let decoded = zip.name_for_index(index)?.to_string();
    match zip.by_index_raw(index) {
        Ok(file) => Some(
            std::str::from_utf8(file.name_raw())
                .map(str::to_string)
                .unwrap_or(decoded),
        ),
        Err(_) => Some(decoded),
    }
}

/// A ZIP archive opened for reading under [`ArchiveLimits`].
pub struct Archive<R: Read + Seek> {
    path: PathBuf,
    zip: ZipArchive<R>,
    /// Entry names (lossily decoded) with their index, in archive order.
    entries: Vec<(String, usize)>,
    limits: ArchiveLimits,
    total_read: u64,
}

impl<R: Read + Seek> std::fmt::Debug for Archive<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("path", &self.path)
            .field("entries", &self.entries.len())
            .finish()
    }
}

impl Archive<std::io::BufReader<std::fs::File>> {
    /// Opens the archive at `path` with the default limits.
    pub fn open(path: &Path) -> Result<Self, ArchiveError> {
        Self::open_with_limits(path, ArchiveLimits::default())
    }

    /// Opens the archive at `path` with explicit limits.
    pub fn open_with_limits(path: &Path, limits: ArchiveLimits) -> Result<Self, ArchiveError> {
        let file = std::fs::File::open(path).map_err(|source| ArchiveError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Archive::from_reader(std::io::BufReader::new(file), path, limits)
    }
}

impl Archive<Cursor<Vec<u8>>> {
    /// Opens an archive held in memory; `label` names it in errors (e.g. `a.vmod!b.vsav`).
    pub fn from_bytes(bytes: Vec<u8>, label: &Path) -> Result<Self, ArchiveError> {
        Archive::from_reader(Cursor::new(bytes), label, ArchiveLimits::default())
    }
}

impl<R: Read + Seek> Archive<R> {
    /// Opens an archive from any seekable reader.
    pub fn from_reader(
        reader: R,
        label: &Path,
        limits: ArchiveLimits,
    ) -> Result<Self, ArchiveError> {
        let path = label.to_path_buf();
        let zip = ZipArchive::new(reader).map_err(|e| ArchiveError::NotZip {
            path: path.clone(),
            message: e.to_string(),
        })?;
        if zip.len() > limits.max_entries {
            return Err(ArchiveError::TooManyEntries {
                path,
                count: zip.len(),
                limit: limits.max_entries,
            });
        }
        let mut zip = zip;
        let mut entries = Vec::with_capacity(zip.len());
        for index in 0..zip.len() {
            let Some(name) = entry_name(&mut zip, index) else {
                continue;
            };
            if !is_safe_entry_name(&name) {
                return Err(ArchiveError::UnsafeName { path, name });
            }
            entries.push((name, index));
        }
        Ok(Self {
            path,
            zip,
            entries,
            limits,
            total_read: 0,
        })
    }

    /// The archive's label (its path, or the label given to [`Archive::from_bytes`]).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Entry names in archive order (directory entries included, ending in `/`).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(name, _)| name.as_str())
    }

    /// Gives back the underlying reader.
    pub fn into_inner(self) -> R {
        self.zip.into_inner()
    }

    /// Whether an entry of exactly this name exists.
    pub fn contains(&self, name: &str) -> bool {
        self.index_of(name).is_some()
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.entries
            .iter()
            .find(|(entry, _)| entry == name)
            .map(|&(_, index)| index)
    }

    /// Reads one entry completely, enforcing the size limits.
    pub fn read(&mut self, name: &str) -> Result<Vec<u8>, ArchiveError> {
        let mut data = Vec::new();
        self.read_with(name, &mut data)?;
        Ok(data)
    }

    /// Reads one entry piece by piece as it is inflated, enforcing the size limits: the
    /// sink gets the size the entry declares (capped by the limits), then the bytes in
    /// order. On an error what it got is to be discarded.
    pub fn read_with(&mut self, name: &str, sink: &mut dyn EntrySink) -> Result<(), ArchiveError> {
        let index = self
            .index_of(name)
            .ok_or_else(|| ArchiveError::MissingEntry {
                path: self.path.clone(),
                name: name.to_string(),
            })?;
        let corrupt = |path: &Path, e: &dyn std::fmt::Display| ArchiveError::Corrupt {
            path: path.to_path_buf(),
            name: name.to_string(),
            message: e.to_string(),
        };
        let limit = self.limits.max_entry_size;
        let too_large = || ArchiveError::EntryTooLarge {
            path: self.path.clone(),
            name: name.to_string(),
            limit,
        };
        let file = match self.zip.by_index(index) {
            Ok(file) => file,
            Err(e) => return Err(corrupt(&self.path, &e)),
        };
        if file.size() > limit {
            return Err(too_large());
        }
        let remaining_total = self.limits.max_total_size.saturating_sub(self.total_read);
        // Never more than the headers declare: an entry that inflates past its size is a
        // lie (or a bomb), refused after one byte too many.
        let declared = file.size();
        let cap = limit.min(remaining_total).min(declared);
        sink.start(usize::try_from(cap).unwrap_or(0));
        let mut limited = file.take(cap.saturating_add(1));
        let size = usize::try_from(cap.saturating_add(1)).unwrap_or(usize::MAX);
        let mut buffer = vec![0u8; size.clamp(1, 64 * 1024)];
        let mut read: u64 = 0;
        loop {
            match limited.read(&mut buffer) {
                Ok(0) => break,
                Ok(count) => {
                    sink.piece(&buffer[..count]);
                    read += count as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(corrupt(&self.path, &e)),
            }
        }
        drop(limited);
        if read > declared {
            return Err(corrupt(
                &self.path,
                &format!(
                    "the entry inflates to more than the {declared} bytes its header declares"
                ),
            ));
        }
        if read > limit {
            return Err(too_large());
        }
        if read > remaining_total {
            return Err(ArchiveError::TotalTooLarge {
                path: self.path.clone(),
                limit: self.limits.max_total_size,
            });
        }
        self.total_read += read;
        Ok(())
    }

    /// Reads one entry as text, replacing invalid UTF-8 and dropping a byte-order mark.
    pub fn read_text(&mut self, name: &str) -> Result<String, ArchiveError> {
        let bytes = self.read(name)?;
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }
}

#[cfg(test)]
mod tests;
