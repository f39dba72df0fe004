//! `sandtable build DIR [-o FILE.vmod] [--format json]`: the VASSAL module of a game.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use super::{Format, GameDir};
use crate::diag::render;
use crate::emit::vassal::{self, SetupSummary};

/// Arguments of `build`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    #[command(flatten)]
    options: super::OptionArgs,
    /// Where to write the module [default: `<game id>.vmod` in the current directory].
    #[arg(short, long, value_name = "FILE.vmod")]
    output: Option<PathBuf>,
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

#[derive(Serialize)]
struct Report<'a> {
    output: String,
    bytes: u64,
    maps: &'a [String],
    pieces: usize,
    setups: &'a [SetupSummary],
    /// The optional rules it was built with.
    options: &'a [String],
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let mut checked = crate::check::check_dir_with(&a.game.dir, &a.options.selection())
        .map_err(|e| e.to_string())?;
    let Some(game) = checked.game.take() else {
        let message = format!("`{}` has errors; no module written", a.game.dir.display());
        return Err(super::Failure::game(message, checked));
    };
    if a.format == Format::Text && !checked.diagnostics.is_empty() {
        eprint!(
            "{}",
            render::to_text(&checked.diagnostics, &checked.sources)
        );
    }
    let output = a
        .output
        .unwrap_or_else(|| PathBuf::from(format!("{}.vmod", game.id)));
    let (summary, bytes) = vassal::write(&game, &output)?;
    match a.format {
        Format::Json => {
            let report = Report {
                output: output.display().to_string(),
                bytes,
                maps: &summary.maps,
                pieces: summary.pieces,
                setups: &summary.setups,
                options: &summary.options,
            };
            super::emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
            ));
        }
        Format::Text => {
            let setups: Vec<&str> = summary.setups.iter().map(|s| s.name.as_str()).collect();
            let options = match (game.options.is_empty(), summary.options.is_empty()) {
                (true, _) => String::new(),
                (false, true) => "; optional rules: none".to_string(),
                (false, false) => format!("; optional rules: {}", summary.options.join(", ")),
            };
            super::emit(&format!(
                "wrote {} ({bytes} bytes): maps {}; {} counters; setups {}{options}\n",
                output.display(),
                summary.maps.join(", "),
                summary.pieces,
                if setups.is_empty() {
                    "none".to_string()
                } else {
                    setups.join(", ")
                }
            ));
        }
    }
    Ok(ExitCode::SUCCESS)
}
