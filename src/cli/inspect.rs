//! `sandtable inspect FILE [--module FILE.vmod] [--format json]`: list what a VASSAL module,
//! saved game or log holds.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Format;

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Reads a VASSAL file nobody here needs to have written. For a module (`.vmod`): its maps,
grids, palettes, prototypes, set-ups, dice, turn trackers, charts, piece and card slots,
zones and regions. For a saved game (`.vsav`) or a log (`.vlog`): every piece with the
location name VASSAL gives it (with `--module`, the grids of that module name them).

Examples:
  sandtable inspect great-patriotic-war.vmod
  sandtable inspect spring-1901.vsav --module diplomacy.vmod --format json

Exit codes:
- `0`: read.
- `1`: the file is not a VASSAL module, save or log, or cannot be read.

JSON:
`{"file", "kind", "module_file", "module": {"name", "version", "maps", "palettes",
"prototypes", "setups", …}, "save": {…}, "metadata"}`."#;

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
