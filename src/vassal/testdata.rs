//! Test helpers: locate the shared reference data (`../shared` beside the crate root, or the
//! directory `SANDTABLE_SHARED` names, for a checkout elsewhere) and skip, with a printed
//! message, when it is absent.

use std::path::{Path, PathBuf};

/// The shared reference directory, or `None` (after printing why) when it is absent.
pub(crate) fn shared_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("SANDTABLE_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: shared reference data {} is absent",
            dir.display()
        );
        None
    }
}

/// A file below the shared directory, or `None` (after printing why) when it is absent.
pub(crate) fn shared_file(relative: &str) -> Option<PathBuf> {
    let path = shared_dir()?.join(relative);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipping: shared file {} is absent", path.display());
        None
    }
}
