//! The TOML loader and the whole check stage on one file of a real game replaced by the
//! fuzz input. The first byte picks the game (the mini fixture or an example game) and the
//! file; the rest is that file's bytes. Every outcome must be a game or diagnostics that
//! render, never a panic.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sandtable::load::{load_contents, Contents};

/// Every game's files, read once: (root, [(relative path, bytes)]).
fn games() -> &'static [(PathBuf, Vec<(String, Vec<u8>)>)] {
    static GAMES: OnceLock<Vec<(PathBuf, Vec<(String, Vec<u8>)>)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        ["tests/fixtures/mini", "modules/great-patriotic-war", "modules/greek-civil-war"]
            .iter()
            .filter_map(|rel| {
                let root = repo.join(rel);
                let loaded = sandtable::load::load(&root).ok()?;
                let files = loaded
                    .sources
                    .files()
                    .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
                    .collect();
                Some((root, files))
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let games = games();
    let (root, files) = &games[usize::from(pick & 0x3) % games.len()];
    let which = usize::from(pick >> 2) % files.len();
    let contents: Vec<(String, Contents)> = files
        .iter()
        .enumerate()
        .map(|(i, (p, b))| {
            let bytes = if i == which { text.to_vec() } else { b.clone() };
            (p.clone(), Contents::Bytes(bytes))
        })
        .collect();
    let checked = sandtable::check::check(load_contents(root, contents));
    assert_eq!(checked.game.is_some(), !checked.diagnostics.has_errors());
    let _ = sandtable::diag::render::to_text(&checked.diagnostics, &checked.sources);
    let _ = sandtable::diag::render::to_json(&checked.diagnostics, &checked.sources);
});
