//! `sandtable render DIR --what map|counters|sheet|displays|charts -o PATH [--watch]`: write
//! the art (again on every save of a game file with `--watch`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::{game_for, Format, GameDir};
use crate::emit::art::{self, What};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Draws the game's art as PNG, exactly as `build` puts it in the module: `map` (one file),
`sheet` (a printable counter sheet, one file), `counters`, `displays` and `charts` (a folder
of files each).

With `--watch`, it renders again on every save of a game file (as `check --watch`) and
prints the files written each time. Ctrl-C stops it.

Examples:
  sandtable render modules/greek-civil-war --what map -o map.png
  sandtable render modules/great-patriotic-war --what sheet -o sheet.png
  sandtable render my-game --what counters -o counters/ --watch

Exit codes:
- `0`: written.
- `1`: the game has errors, or a file cannot be written.

JSON:
`{"written": [paths]}`. With `--watch`, one line per run: `{"run": n, "written": […]}` or
`{"run": n, "error": …, "diagnostics": […]}`."#;

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
    /// Keep watching DIR and render again on every save of a game file, printing the files
    /// written each time (with `--format json`, one JSON object per run on its own line).
    /// Stop with Ctrl-C.
    #[arg(long)]
    watch: bool,
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
    if !a.watch {
        let written = render_once(&a, what)?;
        report(&a, None, &written)?;
        return Ok(ExitCode::SUCCESS);
    }
    super::watch::watch(&a.game.dir, |run| {
        let done = render_once(&a, what.clone()).and_then(|w| report(&a, Some(run), &w));
        if let Err(failure) = done {
            match a.format {
                Format::Text => failure.report(Format::Text),
                Format::Json => super::emit(&super::watch::failure_json(run, &failure)),
            }
        }
    })
}

/// Draw what was asked; the files written.
fn render_once(a: &Args, what: What) -> Result<Vec<PathBuf>, super::Failure> {
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
    Ok(written)
}

/// Print the files written (in watch mode, `run` numbers the run: a `-- run N` line before
/// the text, a one-line JSON object with `run`).
fn report(a: &Args, run: Option<usize>, written: &[PathBuf]) -> Result<(), super::Failure> {
    match a.format {
        Format::Text => {
            let mut text = match run {
                Some(n) if n > 1 => format!("-- run {n}\n"),
                _ => String::new(),
            };
            for p in written {
                text += &format!("wrote {}\n", p.display());
            }
            super::emit(&text);
        }
        Format::Json => {
            let files: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
            let text = match run {
                Some(n) => serde_json::json!({ "run": n, "written": files }).to_string(),
                None => serde_json::to_string_pretty(&serde_json::json!({ "written": files }))
                    .map_err(|e| e.to_string())?,
            };
            super::emit(&format!("{text}\n"));
        }
    }
    Ok(())
}
