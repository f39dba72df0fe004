//! `sandtable inspect FILE [--module FILE.vmod] [--format json]`: list what a VASSAL module,
//! saved game or log holds.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Format;

/// Arguments of `inspect`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A `.vmod`, `.vsav`/`.sav`, `.vlog`, or an unpacked `buildFile(.xml)`.
    file: PathBuf,
    /// The module a save belongs to, so that every piece gets the location name its map's grid
    /// gives (a save alone has no grids).
    #[arg(long)]
    module: Option<PathBuf>,
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
    let text =
        crate::vassal::inspect::run_inspect(&a.file, a.module.as_deref(), a.format == Format::Json)
            .map_err(|e| e.to_string())?;
    super::emit(&text);
    Ok(ExitCode::SUCCESS)
}
