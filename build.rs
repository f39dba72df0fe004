//! Embeds the shared artwork under `art/` into the binary.
//!
//! Walks `art/` in sorted order and writes `$OUT_DIR/art_files.rs`, a list of
//! `(relative path, bytes)` pairs built with `include_bytes!`, so that an installed
//! `sandtable` finds its fonts, symbols and patterns without this repository.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("art");
    println!("cargo:rerun-if-changed=art");
    let mut entries = Vec::new();
    if root.is_dir() {
        for entry in walkdir::WalkDir::new(&root).sort_by_file_name() {
            let Ok(entry) = entry else { continue };
            // Directories are watched too, so that added files trigger a rebuild.
            println!("cargo:rerun-if-changed={}", entry.path().display());
            if !entry.file_type().is_file() {
                continue;
            }
            let rel = entry
                .path()
                .strip_prefix(&root)
                .expect("walked below art/")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            entries.push((rel, entry.path().to_path_buf()));
        }
    }
    entries.sort();
    let mut out = String::from(
        "/// Files under `art/`, sorted by path.\npub static ART_FILES: &[(&str, &[u8])] = &[\n",
    );
    for (rel, path) in entries {
        writeln!(
            out,
            "    ({rel:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("write to string");
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("art_files.rs");
    std::fs::write(dest, out).expect("write art_files.rs");
}
