//! `sandtable new DIR [--kind hex|area|diplomacy] [--title T] [--format json]`: a starter game
//! that checks clean, builds, renders and publishes, to change into one's own.
//!
//! The starter games are template files under `src/cli/new/<kind>/`, embedded in the binary;
//! `@ID@` and `@TITLE@` in them become the game's id (from the directory's name) and title (as
//! TOML strings). Their comments point to the designer's book by its chapters' titles and to
//! `sandtable COMMAND --help`: a user with only the binary has no `docs/src/`.
//! DIR must not exist or be empty: the files are written into a temporary folder beside it
//! and moved into place together, so nothing is overwritten or half-written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::{Failure, Format};

mod ring;

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Writes a starter game to make one's own: a 10×8 hex game (two sides, a counter mix,
clear, forest and a river, an odds combat table, a scenario, a turn track), an area game (five
areas with their borders, two sides, a scenario) or a game of written orders (a province
board of two powers with home centres and centre markers, armies and fleets, one unit a
province). Each has `rules/01-introduction.md` and comments pointing to the designer's book.
It checks clean, builds, renders and publishes.

With `--kind diplomacy --powers N` (2 to 7), the board is a ring of N powers around an
inner sea: each with a coastal and an inland home centre, a neutral centre between each two,
more than half the centres to win.

Examples:
  sandtable new my-game
  sandtable new my-board --kind diplomacy --title "The Aegean"
  sandtable new five-kingdoms --kind diplomacy --powers 5

Exit codes:
- `0`: written.
- `1`: DIR exists and is not empty, or cannot be written.
- `2`: a usage error (`--powers` without `--kind diplomacy`, or outside 2 to 7).

JSON:
`{"dir", "kind", "id", "title", "files": [paths]}`."#;

/// Arguments of `new`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game directory to create (it must not exist, or be empty).
    dir: PathBuf,
    /// What kind of game to start from.
    #[arg(long, value_enum, default_value_t = Kind::Hex)]
    kind: Kind,
    /// The game's title [default: from the directory's name].
    #[arg(long)]
    title: Option<String>,
    /// With `--kind diplomacy`: a board of this many powers (2 to 7) around an inner sea,
    /// each with a coastal and an inland home centre and a neutral centre between each two
    /// [default: the two-power starter of seven provinces].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=7))]
    powers: Option<u8>,
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

/// The kinds of starter game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Kind {
    /// A 10×8 hex map, two sides, a counter mix, clear, forest and a river, an odds CRT, a
    /// scenario and a turn track.
    Hex,
    /// A map of five areas with their borders, two sides and a scenario.
    Area,
    /// A province board of written orders: two powers, home centres, armies and fleets.
    Diplomacy,
}

/// A template file: its path in the game directory and its text.
type Template = (&'static str, &'static str);

/// Declares a kind's templates from `src/cli/new/<kind>/<path>`.
macro_rules! templates {
    ($kind:literal: $($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("new/", $kind, "/", $path)))),*]
    };
}

const HEX: &[Template] = templates!("hex":
    "game.toml", "counters.toml", "terrain.toml", "map.toml", "tables.toml", "scenario.toml",
    "rules/01-introduction.md",
);
const AREA: &[Template] = templates!("area":
    "game.toml", "map.toml", "scenario.toml", "rules/01-introduction.md",
);
const DIPLOMACY: &[Template] = templates!("diplomacy":
    "game.toml", "board.toml", "powers.toml", "units.toml", "scenario.toml",
    "rules/01-introduction.md",
);

impl Kind {
    fn templates(self) -> &'static [Template] {
        match self {
            Kind::Hex => HEX,
            Kind::Area => AREA,
            Kind::Diplomacy => DIPLOMACY,
        }
    }
}

#[derive(Debug, Serialize)]
struct Report {
    dir: String,
    kind: Kind,
    id: String,
    title: String,
    files: Vec<String>,
}

/// A game id from a directory's name: lower-case letters and digits, other runs as `-`.
fn id_from(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    let id = id.trim_end_matches('-');
    if id.is_empty() {
        "my-game".to_string()
    } else {
        id.to_string()
    }
}

/// A title from a directory's name: words split at `-`, `_` and spaces, each capitalised.
fn title_from(name: &str) -> String {
    let words: Vec<String> = name
        .split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        })
        .collect();
    if words.is_empty() {
        "My Game".to_string()
    } else {
        words.join(" ")
    }
}

/// The files of a starter game, with its id and title filled in; a Diplomacy starter of
/// `powers` powers has the ring board of [`ring`] instead of the two-power one.
fn files(kind: Kind, id: &str, title: &str, powers: Option<usize>) -> Vec<(&'static str, String)> {
    let quoted = toml::Value::String(title.to_string()).to_string();
    let ring = match powers {
        Some(n) if kind == Kind::Diplomacy => ring::files(n, &quoted),
        _ => Vec::new(),
    };
    kind.templates()
        .iter()
        .map(|(path, text)| {
            let mut text = text.replace("@ID@", id).replace("@TITLE@", &quoted);
            if let Some((_, instead)) = ring.iter().find(|(p, _)| p == path) {
                text = if *path == "game.toml" {
                    ring_game(&text, powers.unwrap_or(2), instead)
                } else {
                    instead.clone()
                };
            }
            (*path, text)
        })
        .collect()
}

/// The two-power starter's `game.toml` for a ring of `n` powers: its description says the
/// ring's size, and `victory` (the ring's `[[rules.victory]]`) replaces its own.
fn ring_game(text: &str, n: usize, victory: &str) -> String {
    let head = text
        .find("\n[[rules.victory]]")
        .map_or(text, |at| &text[..at]);
    let head = head.replace(
        "two powers, seven provinces, three years; 3 supply centres win.",
        &format!(
            "{n} powers, {} provinces, three years; {} supply centres win.",
            3 * n + 1,
            ring::to_win(n)
        ),
    );
    format!("{}\n{victory}", head.trim_end())
}

/// Whether `dir` may receive a new game: absent, or an empty directory.
fn free(dir: &Path) -> bool {
    !dir.exists() || (dir.is_dir() && std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_none()))
}

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    if !free(&a.dir) {
        let what = if a.dir.is_dir() {
            "already exists and is not empty"
        } else {
            "already exists and is not a directory"
        };
        return Err(format!(
            "`{}` {what}: `new` writes a new game directory and never overwrites anything \
             (name a new or empty directory)",
            a.dir.display()
        )
        .into());
    }
    let name = a
        .dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = id_from(&name);
    let title = a.title.clone().unwrap_or_else(|| title_from(&name));
    if a.powers.is_some() && a.kind != Kind::Diplomacy {
        return Err(Failure::usage(
            "new",
            clap::error::ErrorKind::ArgumentConflict,
            "`--powers` sets the powers of a province board: give it with `--kind diplomacy`"
                .into(),
        ));
    }
    let files = files(a.kind, &id, &title, a.powers.map(usize::from));
    write_game(&a.dir, &files).map_err(|e| format!("cannot write `{}`: {e}", a.dir.display()))?;
    let report = Report {
        dir: a.dir.display().to_string(),
        kind: a.kind,
        id,
        title,
        files: files.iter().map(|(p, _)| p.to_string()).collect(),
    };
    match a.format {
        Format::Json => {
            super::emit(&(serde_json::to_string_pretty(&report).map_err(|e| e.to_string())? + "\n"))
        }
        Format::Text => super::emit(&format!(
            "wrote {} ({}): a starter {} game `{}`\n\
             next: `sandtable check {dir}`, `sandtable render {dir} --what map -o map.png`, \
             `sandtable build {dir}`\n",
            report.dir,
            report.files.join(", "),
            match a.kind {
                Kind::Hex => "hex",
                Kind::Area => "area",
                Kind::Diplomacy => "Diplomacy",
            },
            report.id,
            dir = report.dir,
        )),
    }
    Ok(ExitCode::SUCCESS)
}

/// Write the files into a temporary folder beside `out`, then move it into place.
fn write_game(out: &Path, files: &[(&str, String)]) -> std::io::Result<()> {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let tmp = tempfile::Builder::new()
        .prefix(".sandtable-new-")
        .tempdir_in(&parent)?;
    for (path, text) in files {
        let to = tmp.path().join(path);
        if let Some(folder) = to.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(to, text)?;
    }
    if out.is_dir() {
        std::fs::remove_dir(out)?;
    }
    let kept = tmp.keep();
    std::fs::rename(&kept, out).inspect_err(|_| {
        let _ = std::fs::remove_dir_all(&kept);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_titles_come_from_the_directory_name() {
        assert_eq!(id_from("My_Game 2"), "my-game-2");
        assert_eq!(id_from("--"), "my-game");
        assert_eq!(title_from("battle-of-hills"), "Battle Of Hills");
        assert_eq!(title_from(""), "My Game");
    }

    /// The starters cite the designer's book by its chapters' titles, never by a path of
    /// the repository's `docs/src/` that a user with only the binary lacks; every title
    /// cited (a quoted phrase of the comments that starts with a capital) is one the
    /// book's summary has.
    #[test]
    fn the_starters_cite_the_book_by_titles_it_has() {
        let summary = include_str!("../../docs/src/SUMMARY.md");
        for kind in [Kind::Hex, Kind::Area, Kind::Diplomacy] {
            for (path, text) in kind.templates() {
                assert!(
                    !text.contains("docs/"),
                    "{kind:?} {path} cites a path of the repository"
                );
                // The comments (or the Markdown) as one line, quoted phrases found across
                // wrapped lines.
                let prose: String = if path.ends_with(".toml") {
                    text.lines()
                        .filter_map(|l| l.trim_start().strip_prefix('#'))
                        .map(str::trim)
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    text.split_whitespace().collect::<Vec<_>>().join(" ")
                };
                let titles: Vec<&str> = prose
                    .split('"')
                    .skip(1)
                    .step_by(2)
                    .filter(|q| q.starts_with(|c: char| c.is_ascii_uppercase()))
                    .collect();
                for title in titles {
                    assert!(
                        summary.contains(&format!("[{title}]")),
                        "{kind:?} {path} cites \"{title}\", which is no chapter of the book"
                    );
                }
            }
        }
    }

    #[test]
    fn every_placeholder_is_filled_and_titles_are_quoted() {
        for kind in [Kind::Hex, Kind::Area, Kind::Diplomacy] {
            for (path, text) in files(kind, "g", "A \"quoted\" title", Some(5)) {
                assert!(
                    !text.contains("@ID@") && !text.contains("@TITLE@"),
                    "{path}"
                );
                if path.ends_with(".toml") {
                    toml::from_str::<toml::Table>(&text)
                        .unwrap_or_else(|e| panic!("{kind:?} {path}: {e}"));
                }
            }
        }
    }
}
