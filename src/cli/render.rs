//! `sandtable render DIR --what map|counters|sheet|displays|charts -o PATH`: write the art.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::{game_for, Format, GameDir};
use crate::emit::art::{self, What};

/// Arguments of `render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// What to draw: `map` (or `map:ID` when the game has several), `sheet` (one PNG each),
    /// `counters`, `displays` or `charts` (a folder receiving one PNG per picture).
    #[arg(long)]
    what: String,
    /// Output: a PNG file for `map` and `sheet`, a folder otherwise.
    #[arg(short, long)]
    out: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        self.format
    }
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let what: What = a.what.parse().map_err(|e: art::ArtError| e.to_string())?;
    let game = game_for(&a.game.dir, &a.options, super::Needs::NoScenario, a.format)?;
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
    match a.format {
        Format::Text => {
            let mut text = String::new();
            for p in &written {
                text += &format!("wrote {}\n", p.display());
            }
            super::emit(&text);
        }
        Format::Json => {
            let files: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
            let report = serde_json::json!({ "written": files });
            super::emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
            ));
        }
    }
    Ok(ExitCode::SUCCESS)
}
