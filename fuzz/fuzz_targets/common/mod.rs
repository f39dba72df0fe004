//! The three example games of written orders (Diplomacy; The Great Patriotic War, qh07, with
//! multi-factor units and winter orders; Guerilla Warfare II, with hidden parts of units),
//! checked once, and what the targets of orders and position files hold every input to:
//! each mistake located inside the text on character boundaries, every order read adjudicated
//! from the game's first scenario, and every report rendered.

use std::ops::Range;
use std::path::Path;
use std::sync::OnceLock;

use sandtable::diag::source::SourceMap;
use sandtable::diag::Diagnostics;
use sandtable::diplomacy::board::ProvinceBoard;
use sandtable::diplomacy::{adjudicate, orders_file, position};
use sandtable::helpers::Positions;
use sandtable::model::Game;

/// The games, in the order the first byte of a position file's input picks them.
pub const DIPLOMACY: usize = 0;
/// The Great Patriotic War (qh07).
pub const QH07: usize = 1;
/// Guerilla Warfare II.
pub const GUERILLA: usize = 2;

/// A game checked from its directory under `modules/` (`None` when it is absent or broken).
pub fn game(which: usize) -> Option<&'static Game> {
    static GAMES: OnceLock<Vec<Option<Game>>> = OnceLock::new();
    GAMES
        .get_or_init(|| {
            let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
            [
                "modules/diplomacy",
                "modules/great-patriotic-war-qh07",
                "modules/guerilla-warfare-ii",
            ]
            .iter()
            .map(|rel| sandtable::check::check_dir(&repo.join(rel)).ok()?.game)
            .collect()
        })
        .get(which)
        .and_then(Option::as_ref)
}

/// A span of a diagnostic or an order is inside the text and on character boundaries.
fn inside(text: &str, range: &Range<usize>) {
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{range:?} of {}",
        text.len()
    );
    assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
}

/// An orders file's text read for `which` game: every mistake located in it, every order
/// read adjudicated from the first scenario, the diagnostics and the report rendered.
pub fn orders(which: usize, data: &[u8]) {
    let Some(game) = game(which) else { return };
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let board = ProvinceBoard::first(game).expect("a province board");
    let mut sources = SourceMap::default();
    let id = sources.add("o.txt", text);
    let (written, diags) = orders_file::read(game, &board, id, "o.txt", text);
    check_diagnostics(text, &diags, &sources);
    for w in &written {
        inside(text, &w.span.range);
        assert_eq!(&text[w.span.range.clone()], w.text);
    }
    if diags.has_errors() || written.is_empty() {
        return;
    }
    let Some(scenario) = game.scenarios.first() else {
        return;
    };
    let (start, _) =
        position::from_positions(&board, &Positions::from_scenario(scenario), None, None);
    if let Ok(a) = adjudicate::adjudicate(&board, &start, &written) {
        let _ = adjudicate::render(game, &a);
        let _ = serde_json::to_string(&a);
    }
}

/// Every diagnostic located inside the text, and both renderings made.
pub fn check_diagnostics(text: &str, diags: &Diagnostics, sources: &SourceMap) {
    for d in diags.iter() {
        let span = d.span.as_ref().expect("every mistake is located");
        inside(text, &span.range);
    }
    let _ = sandtable::diag::render::to_text(diags, sources);
    let _ = sandtable::diag::render::to_json(diags, sources);
}
