//! `sandtable build DIR [-o FILE.vmod] [--format json]`: the VASSAL module of a game.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use super::{Format, GameDir};
use crate::diag::render;
use crate::emit::vassal::{self, SetupSummary};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Writes the VASSAL 3.7 module of the game: maps with their hex numbering as printed,
off-map boxes, the counter palette, prototypes, dice, the turn tracker, HTML charts, help,
one predefined set-up per scenario, and combat resolution in the module (mark the attackers
and a defender, press Resolve Combat: one chat line from the game's own tables). A game of
written orders also gets its players' notes, sides and control markers.

It is refused when the game has errors. The module is byte-identical on every run; it is
written to a temporary file first and renamed, so a failed build leaves nothing behind.

Examples:
  sandtable build modules/great-patriotic-war
  sandtable build modules/diplomacy -o diplomacy.vmod --format json

Exit codes:
- `0`: the module is written.
- `1`: the game has errors (they are printed), or the module cannot be written.

JSON:
`{"output", "bytes", "maps": [names], "pieces", "setups": [{"name", "file", "pieces"}],
"options"}`."#;

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
                if summary.maps.is_empty() {
                    "none".to_string()
                } else {
                    summary.maps.join(", ")
                },
                summary.pieces,
                setup_names(&setups)
            ));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The set-ups a build wrote, for its one-line summary: all of them when they are few, else
/// their number and the first few (an imported module may have hundreds).
fn setup_names(setups: &[&str]) -> String {
    const SHOWN: usize = 8;
    match setups.len() {
        0 => "none".to_string(),
        n if n <= SHOWN => setups.join(", "),
        n => format!(
            "{n} ({}, … and {} more; --format json lists them all)",
            setups[..SHOWN].join(", "),
            n - SHOWN
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::setup_names;

    #[test]
    fn a_few_set_ups_are_named_and_many_are_counted() {
        assert_eq!(setup_names(&[]), "none");
        assert_eq!(setup_names(&["1941", "1942"]), "1941, 1942");
        let many: Vec<String> = (1..=190).map(|k| format!("B{k:03}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(
            setup_names(&many),
            "190 (B001, B002, B003, B004, B005, B006, B007, B008, … and 182 more; \
             --format json lists them all)"
        );
    }
}
