//! `sandtable check DIR [--format json]`.

use std::process::ExitCode;

use super::{Format, GameDir};
use crate::diag::render;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(super) fn run(a: Args) -> Result<ExitCode, String> {
    let checked = crate::check::check_dir(&a.game.dir).map_err(|e| e.to_string())?;
    let out = match a.format {
        Format::Text => render::to_text(&checked.diagnostics, &checked.sources),
        Format::Json => render::to_json(&checked.diagnostics, &checked.sources),
    };
    super::emit(&out);
    Ok(if checked.diagnostics.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
