//! `sandtable import FILE.map|FILE.cfg|FILE.vmod -o DIR [--id ID] [--title T] [--year Y]
//! [--years N] [--maps DIR]… [--save S.vsav]… [--extension X.vmdx]… [--allow-missing-images]
//! [--format json]`: a Diplomacy board in DPjudge's format
//! (`.map`) or a Parlance variant (`.cfg`), or a VASSAL module (`.vmod`, or an unpacked
//! module's `buildFile.xml`), made into a new game directory.
//! The directory must not exist (or be empty): an import never overwrites a game. The files
//! are written into a temporary folder beside it and moved into place together.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::{Failure, Format};
use crate::diag::source::SourceMap;
use crate::import::dpjudge::{self, Options};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Makes a new game directory from a file of another tool. It never overwrites: the
directory must not exist or be empty.

- A Diplomacy board in DPjudge's format (`.map`, the files it `USE`s followed) or a Parlance
  variant (`.cfg`): the board with every province's moves, coasts and centres, the powers
  with their home centres and colours, armies and fleets, a calendar of seasons and the
  starting units. Positions are a schematic layout until `geo` lays the geography. What
  sandtable cannot express is a located warning naming the directive.
- A VASSAL module (`.vmod`, or an unpacked `buildFile.xml` with its `images/`): each board's
  picture as supplied art with its grid (hex, square, zoned or region grids, with their
  numbering), each distinct piece as a counter with its pictures, the counter mix from the
  palettes and set-ups (a comment says where each `count` came from), each predefined set-up
  as a scenario placing pieces by the grid's own location names (and each `--save` too);
  cards in decks and pieces only a set-up places as counters of their own; what the language
  cannot say kept verbatim in `vassal/kept.xml` with every picture of the module, which
  `build` reuses; a report of what was mapped, kept and dropped.

The book's guide "Moving in from a VASSAL module" says more.

Examples:
  sandtable import standard.map -o my-variant
  sandtable import variants/ancmed.cfg -o ancient-mediterranean
  sandtable import Kassala.vmod -o kassala --format json
  sandtable import Kassala.vmod --save turn3.vsav -o kassala
  sandtable import Game.vmod --extension Scenarios.vmdx -o game

Exit codes:
- `0`: written (warnings allowed).
- `1`: the file cannot be read or imported; nothing is written.
- `2`: a usage error.

JSON:
For a board: `{"dir", "files", "provinces", "coasts", "supply_centres", "powers", "units"}`.
For a module: the report, per kind of component what was mapped, kept and dropped, with
counts of pieces, traits and placements."#;

/// Arguments of `import`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The DPjudge `.map` file (it may `USE` others beside it), a Parlance variant's `.cfg`
    /// (it may name a `base` beside it), or a VASSAL module (`.vmod`, or an unpacked
    /// module's `buildFile.xml` with its `images/` beside it).
    file: PathBuf,
    /// The game directory to create.
    #[arg(short, long, value_name = "DIR")]
    out: PathBuf,
    /// The game's id [default: the directory's name].
    #[arg(long)]
    id: Option<String>,
    /// The game's title [default: from the file's name].
    #[arg(long)]
    title: Option<String>,
    /// The first year [default: the board's `BEGIN`, else 1901].
    #[arg(long, value_parser = clap::value_parser!(i64).range(1..=9000))]
    year: Option<i64>,
    /// A folder to look in for the files a DPjudge board `USE`s, after its own folder
    /// (DPjudge's `maps` folder; a `maps` folder beside the board's folder is always looked
    /// in last). May be given several times.
    #[arg(long, value_name = "DIR")]
    maps: Vec<PathBuf>,
    /// A saved game (`.vsav`) of the VASSAL module, made into a scenario of its own beside
    /// the predefined set-ups. May be given several times.
    #[arg(long = "save", value_name = "S.vsav")]
    saves: Vec<PathBuf>,
    /// An extension (`.vmdx`) of the VASSAL module, merged into it as VASSAL loads it: its
    /// pieces become counters, its prototypes, pictures and other components are kept for
    /// the build. May be given several times.
    #[arg(long = "extension", value_name = "X.vmdx")]
    extensions: Vec<PathBuf>,
    /// Import a VASSAL module whose pieces name pictures it does not hold (VASSAL opens it,
    /// showing those pieces without their picture): each such counter is drawn by
    /// sandtable, with a note, instead of refusing the module.
    #[arg(long)]
    allow_missing_images: bool,
    /// How many years the calendar runs.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(i64).range(1..=200))]
    years: i64,
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

#[derive(Debug, Serialize)]
struct Report {
    dir: String,
    files: Vec<String>,
    provinces: usize,
    coasts: usize,
    supply_centres: usize,
    powers: usize,
    units: usize,
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "board".into())
}

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    if a.out.exists()
        && !(a.out.is_dir() && std::fs::read_dir(&a.out).is_ok_and(|mut d| d.next().is_none()))
    {
        return Err(format!(
            "`{}` already exists: an import writes a new game directory and never overwrites one",
            a.out.display()
        )
        .into());
    }
    if is_vassal(&a.file) {
        return run_vassal(&a);
    }
    let vassal_only = a
        .saves
        .first()
        .map(|s| ("--save", s))
        .or(a.extensions.first().map(|x| ("--extension", x)));
    if let Some((option, file)) = vassal_only {
        return Err(Failure::usage(
            "import",
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "`{option} {}` belongs to a VASSAL module, and `{}` is a Diplomacy board: give `{option}` with a `.vmod` (or its `buildFile.xml`)",
                file.display(),
                a.file.display()
            ),
        ));
    }
    let mut sources = SourceMap::default();
    let parlance = a
        .file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("cfg"));
    let (board, mut diags) = if parlance {
        crate::load::parlance::read(&a.file, &mut sources)
    } else {
        crate::load::dpjudge::read_with(&a.file, &a.maps, &mut sources)
    };
    let board = board.filter(|_| !diags.has_errors()).map(|mut b| {
        diags.extend(dpjudge::prepare(&mut b));
        b
    });
    let board = match board {
        Some(b) if !diags.has_errors() => b,
        _ => {
            return Err(Failure::diagnostics(
                format!("cannot import `{}`", a.file.display()),
                diags,
                sources,
            ))
        }
    };
    if !diags.is_empty() {
        // Warnings only (errors stopped above): what the import made of them, on stderr.
        eprint!("{}", crate::diag::render::to_text(&diags, &sources));
    }
    if board.locations.is_empty() || board.powers.is_empty() {
        // Located on the file's first line: what is missing is missing from all of it.
        let message = format!(
            "`{}` describes no board: it has {} locations and {} powers",
            a.file.display(),
            board.locations.len(),
            board.powers.len()
        );
        let Some(file) = sources.find(&a.file.display().to_string()) else {
            return Err(message.into());
        };
        let first = sources.text(file).lines().next().map_or(0, str::len);
        let hint = if board.locations.is_empty() {
            "a board names its locations (`Adriatic Sea = adr adriatic`) and says how units move between them (`WATER ADR ABUTS ALB APU ION TRI VEN`)"
        } else {
            "a power is a line of its name, its adjective and its home centres: `ENGLAND (ENGLISH) EDI LON LVP`"
        };
        let mut diags = crate::diag::Diagnostics::default();
        diags.push(
            crate::diag::Diagnostic::error("empty-board", message)
                .at(crate::diag::Span::new(file, 0..first))
                .hint(hint),
        );
        return Err(Failure::diagnostics(
            format!("cannot import `{}`", a.file.display()),
            diags,
            sources,
        ));
    }
    let id = a.id.clone().unwrap_or_else(|| {
        let s = stem(&a.out);
        s.to_ascii_lowercase()
    });
    let title = a
        .title
        .clone()
        .unwrap_or_else(|| format!("Diplomacy ({})", stem(&a.file)));
    let name = a
        .file
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let source = if parlance {
        format!("Parlance's `{name}`")
    } else {
        format!("DPjudge's `{name}`")
    };
    let files = dpjudge::import(
        &board,
        &Options {
            id,
            title,
            year: a.year,
            years: a.years,
            source,
        },
    );
    write_game(&a.out, &files).map_err(|e| format!("cannot write `{}`: {e}", a.out.display()))?;
    let report = Report {
        dir: a.out.display().to_string(),
        files: files.iter().map(|f| f.name.clone()).collect(),
        provinces: board
            .locations
            .iter()
            .filter(|l| !l.id.contains('/'))
            .count(),
        coasts: board
            .locations
            .iter()
            .filter(|l| l.id.contains('/'))
            .count(),
        supply_centres: board.supply_centres().len(),
        powers: board.powers.len(),
        units: board.units.len(),
    };
    match a.format {
        Format::Json => {
            super::emit(&(serde_json::to_string_pretty(&report).map_err(|e| e.to_string())? + "\n"))
        }
        Format::Text => super::emit(&format!(
            "wrote {} ({}): {} provinces, {} coasts, {} supply centres, {} powers, {} units\n\
             next: `sandtable check {}`, then lay its geography (`sandtable geo`)\n",
            report.dir,
            report.files.join(", "),
            report.provinces,
            report.coasts,
            report.supply_centres,
            report.powers,
            report.units,
            report.dir
        )),
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether the file is a VASSAL module: a ZIP archive (`.vmod`, `.vmdx`) or a buildfile.
fn is_vassal(file: &Path) -> bool {
    let extension = file
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    matches!(extension.as_str(), "vmod" | "vmdx" | "zip")
        || name == "buildFile"
        || name == "buildFile.xml"
}

/// `import FILE.vmod`: the module's game directory, written atomically, and the report.
fn run_vassal(a: &Args) -> Result<ExitCode, Failure> {
    let id = a.id.clone().unwrap_or_else(|| {
        let s = stem(&a.out);
        crate::import::vassal::slug_id(&s)
    });
    let options = crate::import::vassal::Options {
        id,
        title: a.title.clone(),
        saves: a.saves.clone(),
        allow_missing_images: a.allow_missing_images,
        extensions: a.extensions.clone(),
    };
    let imported = crate::import::vassal::import(&a.file, &options).map_err(|diags| {
        Failure::diagnostics(
            format!("cannot import `{}`", a.file.display()),
            diags,
            SourceMap::default(),
        )
    })?;
    write_tree(&a.out, &imported.files, &imported.assets)
        .map_err(|e| format!("cannot write `{}`: {e}", a.out.display()))?;
    let dir = a.out.display().to_string();
    match a.format {
        Format::Json => super::emit(
            &(serde_json::to_string_pretty(&imported.report).map_err(|e| e.to_string())? + "\n"),
        ),
        Format::Text => super::emit(&crate::import::vassal::render_report(
            &imported.report,
            &dir,
        )),
    }
    Ok(ExitCode::SUCCESS)
}

/// Write the files into a temporary folder beside `out`, then move it into place.
fn write_game(out: &Path, files: &[crate::import::File]) -> std::io::Result<()> {
    write_tree(out, files, &[])
}

/// Write text files and copied files (their names may hold folders) into a temporary folder
/// beside `out`, then move it into place: nothing is left behind when a write fails.
fn write_tree(
    out: &Path,
    files: &[crate::import::File],
    assets: &[crate::import::vassal::Asset],
) -> std::io::Result<()> {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let tmp = tempfile::Builder::new()
        .prefix(".sandtable-import-")
        .tempdir_in(&parent)?;
    let contents = files
        .iter()
        .map(|f| (f.name.as_str(), f.text.as_bytes()))
        .chain(assets.iter().map(|a| (a.name.as_str(), a.bytes.as_slice())));
    for (name, bytes) in contents {
        let path = tmp.path().join(name);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(path, bytes)?;
    }
    if out.is_dir() {
        std::fs::remove_dir(out)?;
    }
    let kept = tmp.keep();
    std::fs::rename(&kept, out).inspect_err(|_| {
        let _ = std::fs::remove_dir_all(&kept);
    })
}
