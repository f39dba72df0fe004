//! The deterministic ZIP writer: entries sorted by path, one fixed timestamp, unix
//! permissions `0o644`, DEFLATE level 9 (pictures that are compressed already, PNG, JPEG and
//! GIF, are stored as they are: deflating them again costs time and saves nothing), written
//! through a temporary file in the destination directory and renamed into place.

use std::collections::BTreeMap;
use std::io::{Cursor, Seek, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use zip::result::ZipError;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipWriter};

use super::{is_safe_entry_name, ArchiveError};

/// A timestamp for written entries (MS-DOS resolution: even seconds, years 1980–2107).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZipTimestamp {
    /// Year, 1980..=2107.
    pub year: u16,
    /// Month, 1..=12.
    pub month: u8,
    /// Day of month.
    pub day: u8,
    /// Hour, 0..=23.
    pub hour: u8,
    /// Minute, 0..=59.
    pub minute: u8,
    /// Second, 0..=58 (rounded down to even by the format).
    pub second: u8,
}

impl Default for ZipTimestamp {
    /// 1980-01-01 00:00:00, the earliest ZIP time.
    fn default() -> Self {
        Self {
            year: 1980,
            month: 1,
            day: 1,
            hour: 0,
            minute: 0,
            second: 0,
        }
    }
}

/// Collects entries in memory and writes them as a deterministic ZIP archive: sorted by
/// path, one fixed timestamp, unix permissions `0o644`, DEFLATE level 9 (or stored, for
/// pictures compressed already: see [`is_compressed_picture`]).
#[derive(Debug, Clone, Default)]
pub struct ArchiveBuilder {
    entries: BTreeMap<String, Vec<u8>>,
    timestamp: ZipTimestamp,
    /// Entries deflated ahead of writing ([`ArchiveBuilder::deflate_ahead`]), each as an
    /// archive of that one entry, whose compressed entry is copied as it is.
    deflated: BTreeMap<String, Vec<u8>>,
}

/// The deflate level used for every entry.
pub const DEFLATE_LEVEL: i64 = 9;

impl ArchiveBuilder {
    /// An empty archive stamped 1980-01-01 00:00:00.
    pub fn new() -> Self {
        Self::default()
    }

    /// Uses `timestamp` for every entry instead of 1980-01-01.
    pub fn with_timestamp(mut self, timestamp: ZipTimestamp) -> Self {
        self.timestamp = timestamp;
        self
    }

    /// Adds (or replaces) an entry. Unsafe names are refused.
    pub fn add(&mut self, name: &str, data: impl Into<Vec<u8>>) -> Result<(), ArchiveError> {
        if !is_safe_entry_name(name) || name.ends_with('/') {
            return Err(ArchiveError::UnsafeName {
                path: PathBuf::new(),
                name: name.to_string(),
            });
        }
        self.entries.insert(name.to_string(), data.into());
        self.deflated.remove(name);
        Ok(())
    }

    /// Deflates every entry added so far that writing would deflate, now and on every core:
    /// writing then only copies them. The bytes written are the same either way.
    pub fn deflate_ahead(&mut self) -> Result<(), ArchiveError> {
        let todo: Vec<(&String, &Vec<u8>)> = self
            .entries
            .iter()
            .filter(|(name, data)| {
                !is_compressed_picture(data) && !self.deflated.contains_key(name.as_str())
            })
            .collect();
        let done = todo
            .par_iter()
            .map(|(name, data)| {
                let mut one = ArchiveBuilder::new().with_timestamp(self.timestamp);
                one.entries.insert((*name).clone(), (*data).clone());
                Ok(((*name).clone(), one.to_bytes()?))
            })
            .collect::<Result<Vec<_>, ArchiveError>>()?;
        self.deflated.extend(done);
        Ok(())
    }

    /// Entry names in the order they will be written.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The archive as bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, ArchiveError> {
        let mut out = Cursor::new(Vec::new());
        self.write_zip(&mut out, Path::new("<memory>"))?;
        Ok(out.into_inner())
    }

    fn write_zip<W: Write + Seek>(&self, out: W, label: &Path) -> Result<W, ArchiveError> {
        let fail = |e: ZipError| ArchiveError::Write {
            path: label.to_path_buf(),
            message: e.to_string(),
        };
        let t = self.timestamp;
        let time = DateTime::from_date_and_time(t.year, t.month, t.day, t.hour, t.minute, t.second)
            .map_err(|_| ArchiveError::Write {
                path: label.to_path_buf(),
                message: format!("timestamp {t:?} is outside the ZIP range"),
            })?;
        let deflated = SimpleFileOptions::default()
            .compression_method(CompressionMethod::Deflated)
            .compression_level(Some(DEFLATE_LEVEL))
            .last_modified_time(time)
            .unix_permissions(0o644);
        let stored = deflated
            .compression_method(CompressionMethod::Stored)
            .compression_level(None);
        let mut zip = ZipWriter::new(out);
        for (name, data) in &self.entries {
            if let Some(one) = self.deflated.get(name) {
                let mut from = zip::ZipArchive::new(Cursor::new(one)).map_err(fail)?;
                let entry = from.by_index_raw(0).map_err(fail)?;
                zip.raw_copy_file(entry).map_err(fail)?;
                continue;
            }
            let options = if is_compressed_picture(data) {
                stored
            } else {
                deflated
            };
            zip.start_file(name.as_str(), options).map_err(fail)?;
            zip.write_all(data).map_err(|source| ArchiveError::Io {
                path: label.to_path_buf(),
                source,
            })?;
        }
        zip.finish().map_err(fail)
    }

    /// Writes the archive to `destination` through a temporary file in the same directory
    /// that is renamed into place, so a failure never leaves a partial archive behind.
    pub fn write_to(&self, destination: &Path) -> Result<(), ArchiveError> {
        let io_error = |source| ArchiveError::Io {
            path: destination.to_path_buf(),
            source,
        };
        let directory = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        // The folder is made if missing; errors name the destination, never the temporary
        // file (its name means nothing to the user and it is gone afterwards).
        make_folder(directory).map_err(io_error)?;
        let mut temp = tempfile::NamedTempFile::new_in(directory)
            .map_err(|e| io_error(without_temp_path(e)))?;
        let mut writer =
            self.write_zip(std::io::BufWriter::new(temp.as_file_mut()), destination)?;
        writer.flush().map_err(io_error)?;
        drop(writer);
        temp.as_file_mut().sync_all().map_err(io_error)?;
        temp.persist(destination)
            .map_err(|e| io_error(without_temp_path(e.error)))?;
        Ok(())
    }
}

/// Whether bytes are a picture in a compressed format (PNG, JPEG or GIF), by their
/// signature: such entries are stored, not deflated again.
pub fn is_compressed_picture(data: &[u8]) -> bool {
    data.starts_with(b"\x89PNG\r\n\x1a\n")
        || data.starts_with(&[0xFF, 0xD8, 0xFF])
        || data.starts_with(b"GIF87a")
        || data.starts_with(b"GIF89a")
}

/// Make `dir` and its missing parents, saying which one is a file when one is in the way.
pub fn make_folder(dir: &Path) -> std::io::Result<()> {
    if let Some(file) = dir.ancestors().find(|a| a.is_file()) {
        return Err(std::io::Error::other(format!(
            "`{}` is a file, not a folder",
            file.display()
        )));
    }
    std::fs::create_dir_all(dir)
}

/// The same error without the temporary file's path `tempfile` adds to its message.
pub fn without_temp_path(e: std::io::Error) -> std::io::Error {
    match e.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(e.kind(), e.kind().to_string()),
    }
}
