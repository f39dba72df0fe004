//! Position files: the first byte picks the game (Diplomacy, The Great Patriotic War qh07,
//! Guerilla Warfare II), the rest is the file. Every file is a position or mistakes located in
//! it; a position is written back (`to_toml`, what `adjudicate --apply` writes) and read again
//! to the same position.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use sandtable::diag::source::SourceMap;
use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::position;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let Some(game) = common::game(usize::from(pick) % 3) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let board = ProvinceBoard::first(game).expect("a province board");
    let mut sources = SourceMap::default();
    let id = sources.add("p.toml", text);
    let file = match sandtable::load::position::parse(id, text) {
        Ok(f) => f,
        Err(d) => {
            let mut diags = sandtable::diag::Diagnostics::default();
            diags.push(*d);
            common::check_diagnostics(text, &diags, &sources);
            return;
        }
    };
    let read = match position::resolve(&board, id, text, &file) {
        Ok(p) => p,
        Err(diags) => {
            common::check_diagnostics(text, &diags, &sources);
            return;
        }
    };
    // What `--apply` writes is read back to the same position.
    let written = position::to_toml(game, &read, "fuzz");
    let again_id = sources.add("next.toml", written.clone());
    let again = sandtable::load::position::parse(again_id, &written)
        .unwrap_or_else(|d| panic!("{written}\n{d:?}"));
    let back = position::resolve(&board, again_id, &written, &again).unwrap_or_else(|d| {
        panic!(
            "{written}\n{}",
            sandtable::diag::render::to_text(&d, &sources)
        )
    });
    assert_eq!(back, read, "{written}");
});
