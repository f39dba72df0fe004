//! Benchmarks of `sandtable import FILE.vmod` (issue 38), with throughput in bytes of the
//! input per second:
//!
//! * `large_module` — the import of Kassala (from the shared corpus) with 100 MB of picture
//!   files added to its `images/` (100 pictures of 1 MB each, which no piece shows: the
//!   import copies them into the game for the build without decoding them), the game
//!   directory's files made in memory as the command makes them before writing.
//!
//! `inspect` of a buildFile of about 3 MB, the reading an import starts with, is measured by
//! the `readers` bench (`inspect_buildfile_text`).
//!
//! Run with `cargo bench --bench import`. The large module is skipped, with a message, when
//! the corpus is absent: it is `../shared/corpus` beside the checkout, or
//! `$SANDTABLE_SHARED/corpus`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{black_box, Bencher};
use sandtable::import::vassal::{import, Options};
use sandtable::vassal::archive::{Archive, ArchiveBuilder};

/// Pictures added to Kassala, and the size of each.
const ADDED_PICTURES: usize = 100;
const PICTURE_BYTES: usize = 1 << 20;

fn main() {
    let mut divan = divan::Divan::from_args();
    if kassala().is_none() {
        eprintln!(
            "import benchmark: `large_module` is skipped: the shared corpus is absent (set \
             SANDTABLE_SHARED to the folder holding `corpus/`)"
        );
        divan = divan.skip_regex("large_module");
    }
    divan.main();
}

fn kassala() -> Option<PathBuf> {
    let shared = std::env::var_os("SANDTABLE_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let vmod = shared.join("corpus/kassala/Kassala.vmod");
    vmod.is_file().then_some(vmod)
}

/// Kassala with the pictures added, written once into a temporary folder: (its path, its
/// size). The pictures are PNG signatures followed by bytes that are no picture, so that
/// decoding one would fail: the import must copy them as they are.
fn kassala_large() -> (&'static Path, usize) {
    static MODULE: OnceLock<(tempfile::TempDir, PathBuf, usize)> = OnceLock::new();
    let (_, path, size) = MODULE.get_or_init(|| {
        let source = kassala().expect("the corpus is present");
        let mut archive = Archive::open(&source).expect("Kassala reads");
        let names: Vec<String> = archive.names().map(str::to_string).collect();
        let mut out = ArchiveBuilder::new();
        for name in names.iter().filter(|n| !n.ends_with('/')) {
            out.add(name, archive.read(name).expect("an entry reads"))
                .expect("added");
        }
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for i in 0..ADDED_PICTURES {
            let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
            while bytes.len() < PICTURE_BYTES {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                bytes.extend_from_slice(&state.to_le_bytes());
            }
            out.add(&format!("images/added-{i:03}.png"), bytes)
                .expect("added");
        }
        let bytes = out.to_bytes().expect("the module is written");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("Kassala-large.vmod");
        std::fs::write(&path, &bytes).expect("written");
        (dir, path, bytes.len())
    });
    (path.as_path(), *size)
}

/// Importing the large module: reading it, copying its pictures, making the game's files.
#[divan::bench(sample_count = 10)]
fn large_module(bencher: Bencher) {
    let (path, size) = kassala_large();
    let options = Options {
        id: "kassala".into(),
        title: None,
        saves: Vec::new(),
        allow_missing_images: false,
        extensions: Vec::new(),
    };
    bencher.counter(BytesCount::new(size)).bench(|| {
        let imported = import(black_box(path), &options).expect("imports");
        imported.assets.iter().map(|a| a.bytes.len()).sum::<usize>()
    });
}
