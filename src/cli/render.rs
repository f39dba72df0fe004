//! `sandtable render DIR --what map|counters|sheet|displays|charts -o PATH`: write the art.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::{checked_game, Format, GameDir};
use crate::emit::art::{self, What};

/// Arguments of `render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    /// What to draw: `map` (or `map:ID` when the game has several), `sheet` (one PNG each),
    /// `counters`, `displays` or `charts` (a folder receiving one PNG per picture).
    #[arg(long)]
    what: String,
    /// Output: a PNG file for `map` and `sheet`, a folder otherwise.
    #[arg(short, long)]
    out: PathBuf,
}

pub(super) fn run(a: Args) -> Result<ExitCode, String> {
    let what: What = a.what.parse().map_err(|e: art::ArtError| e.to_string())?;
    let game = checked_game(&a.game.dir, Format::Text)?;
    let bar = indicatif::ProgressBar::hidden();
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg:>12} [{bar:40}] {pos}/{len}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    let written = art::render(&game, what, &a.out, &bar).map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let mut text = String::new();
    for p in &written {
        text += &format!("wrote {}\n", p.display());
    }
    super::emit(&text);
    Ok(ExitCode::SUCCESS)
}
