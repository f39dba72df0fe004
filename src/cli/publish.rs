//! `sandtable publish DIR -o OUT/ [--format html|pdf|both] [--columns 1|2] [--fold-out]
//! [--json]`: the game's rules as a website (and a PDF booklet printed from it).

use std::path::PathBuf;
use std::process::ExitCode;

use super::{Format, GameDir};
use crate::diag::render;
use crate::emit::publish;

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Publishes the rules as a website: the prose of `rules/*.md` with numbered sections, checked
and linked cross-references (`see 12.3`), and `{{directives}}` that insert tables, the map,
the counter manifest, set-up maps and turn records generated from the data; a title page
with the contents, a page per chapter, a search that works offline, and the whole book on
one page for print. `--format pdf` or `both` also prints `rules.pdf` with headless Chromium.
Every optional rule is on unless `--option` names some. The site is byte-identical on every
run (the PDF carries Chromium's date).

The book's guide "Writing and publishing the rules" lists the directives.

Examples:
  sandtable publish modules/greek-civil-war -o site/
  sandtable publish modules/great-european-war -o site/ --format both

Exit codes:
- `0`: published.
- `1`: the game or its rules have errors, or Chromium failed (for a PDF).

JSON (--json):
`{"output", "chapters", "files": [paths]}`."#;

/// Arguments of `publish`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    /// Publish with only these optional rules on (besides those on by default); without
    /// it, every optional rule is on, so the booklet shows all their charts and counters.
    #[arg(long = "option", value_name = "ID")]
    options: Vec<String>,
    /// The folder to write the site to (replaced when an earlier `publish` wrote it).
    #[arg(short, long, value_name = "DIR")]
    out: PathBuf,
    /// What to write: the website, or the website and `rules.pdf` (printed by Chromium).
    #[arg(long = "format", value_enum, default_value_t, value_name = "WHAT")]
    kind: publish::Format,
    /// The booklet's text in 1 column across the page or in 2 (tables, maps and counters
    /// across both).
    #[arg(long, value_enum, default_value_t, value_name = "N")]
    columns: publish::Columns,
    /// Print each map whole on a fold-out page of its own size (at the scale its parts
    /// would print at), instead of in overlapping parts across pages.
    #[arg(long)]
    fold_out: bool,
    /// Report what was written as JSON (`--format` here names what to publish).
    #[arg(long)]
    json: bool,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            Format::Text
        }
    }
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let selection = if a.options.is_empty() {
        crate::check::Selection::all()
    } else {
        crate::check::Selection::of(&a.options)
    };
    let mut checked =
        crate::check::check_dir_with(&a.game.dir, &selection).map_err(|e| e.to_string())?;
    let Some(game) = checked.game.take() else {
        let message = format!("`{}` has errors; nothing published", a.game.dir.display());
        return Err(super::Failure::game(message, checked));
    };
    if a.format() == Format::Text && !checked.diagnostics.is_empty() {
        eprint!(
            "{}",
            render::to_text(&checked.diagnostics, &checked.sources)
        );
    }
    let booklet = publish::Booklet {
        columns: a.columns,
        fold_out: a.fold_out,
    };
    let written = publish::publish(&game, &a.out, a.kind, booklet).map_err(|e| e.to_string())?;
    let chapters = crate::emit::publish::site::book_of(&game).chapters.len();
    let pages = written.iter().filter(|f| f.ends_with(".html")).count();
    let pictures = written.iter().filter(|f| f.ends_with(".png")).count();
    match a.format() {
        Format::Text => super::emit(&format!(
            "wrote {}: {}, {}, {}{}\n",
            a.out.display(),
            count(chapters, "chapter"),
            count(pages, "page"),
            count(pictures, "picture"),
            if written.iter().any(|f| f == "rules.pdf") {
                ", rules.pdf"
            } else {
                ""
            }
        )),
        Format::Json => {
            let report = serde_json::json!({
                "output": a.out.display().to_string(),
                "chapters": chapters,
                "files": written,
            });
            super::emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
            ));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_are_singular_for_one_only() {
        assert_eq!(count(0, "picture"), "0 pictures");
        assert_eq!(count(1, "chapter"), "1 chapter");
        assert_eq!(count(2, "page"), "2 pages");
    }
}
