//! The PUBLISH backend: a game's rules as a static website and a printable booklet.
//!
//! The designer's rules prose ([`crate::model::Rulebook`]) is rendered chapter by chapter
//! ([`markdown`]), each directive replaced by material generated from the data
//! ([`material`]), and laid into pages ([`site`]). The booklet is the site's one-page
//! edition printed by headless Chromium ([`pdf`]). [`publish`] writes it all to a folder, or
//! nothing at all.

pub mod addresses;
pub mod markdown;
pub mod material;
pub mod palette;
pub mod pdf;
pub mod references;
pub mod site;
pub mod typography;

use std::path::{Path, PathBuf};

use crate::model::Game;

/// What `publish` writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The website only.
    #[default]
    Html,
    /// The website and `rules.pdf`.
    Pdf,
    /// The same as `pdf`: the PDF is printed from the site.
    Both,
}

/// How the booklet's text is set: in one column across the page (the default), or in two,
/// as printed rulebooks are (the tables, maps and counter sheets across both).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Columns {
    /// One column, about 90 characters a line.
    #[default]
    #[value(name = "1")]
    One,
    /// Two columns of about 55 characters.
    #[value(name = "2")]
    Two,
}

/// How the booklet (`print.html` and the PDF) is set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Booklet {
    /// Its text in one column or two.
    pub columns: Columns,
    /// Each map whole on a fold-out page of its own size, instead of in parts across pages.
    pub fold_out: bool,
}

/// The file that marks a folder as written by `publish` (so it may be replaced).
pub const MARKER: &str = ".sandtable-publish";

/// What can go wrong while publishing.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// A picture could not be drawn.
    #[error(transparent)]
    Art(#[from] crate::emit::art::ArtError),
    /// A page template failed (a bug: the templates are built in).
    #[error("page template: {0}")]
    Template(#[from] minijinja::Error),
    /// The PDF could not be printed.
    #[error(transparent)]
    Pdf(#[from] pdf::PdfError),
    /// A file or folder could not be written.
    #[error("cannot write `{path}`: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The output folder holds something `publish` did not write.
    #[error("`{0}` exists and was not written by `sandtable publish`; name a new folder, or empty this one")]
    NotOurs(PathBuf),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> PublishError + '_ {
    move |source| PublishError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Write the site (and with `format` pdf, `rules.pdf`) to the folder `out`, replacing a
/// folder an earlier `publish` wrote. Everything is written to a new folder beside `out`
/// first and swapped in at the end, so a failure leaves `out` as it was. Returns the files
/// written, relative to `out`. `booklet` sets the booklet (`print.html` and the PDF).
pub fn publish(
    game: &Game,
    out: &Path,
    format: Format,
    booklet: Booklet,
) -> Result<Vec<String>, PublishError> {
    let ours = out.join(MARKER).is_file();
    let empty = out
        .read_dir()
        .map(|mut d| d.next().is_none())
        .unwrap_or(true);
    if out.exists() && !(out.is_dir() && (ours || empty)) {
        return Err(PublishError::NotOurs(out.to_path_buf()));
    }
    let chromium = match format {
        Format::Html => None,
        Format::Pdf | Format::Both => Some(pdf::find_chromium().ok_or(pdf::PdfError::NotFound)?),
    };
    let files = site::build(game, chromium.is_some(), booklet)?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(io(&parent))?;
    let staging = tempfile::Builder::new()
        .prefix(".publish-")
        .tempdir_in(&parent)
        .map_err(io(&parent))?;
    for (name, bytes) in &files {
        let path = staging.path().join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        std::fs::write(&path, bytes).map_err(io(&path))?;
    }
    let marker = staging.path().join(MARKER);
    std::fs::write(
        &marker,
        "written by sandtable publish; the folder is replaced on every run\n",
    )
    .map_err(io(&marker))?;
    let mut written: Vec<String> = files.keys().cloned().collect();
    if let Some(chromium) = chromium {
        let html = staging.path().join("print.html");
        let target = staging.path().join("rules.pdf");
        pdf::print_book(&chromium, &html, &target)?;
        written.push("rules.pdf".into());
    }
    // Swap the new folder in.
    let staged = staging.keep();
    if out.exists() {
        let old = parent.join(format!(
            ".publish-old-{}",
            out.file_name()
                .map_or("out".into(), |n| n.to_string_lossy().into_owned())
        ));
        let _ = std::fs::remove_dir_all(&old);
        std::fs::rename(out, &old).map_err(io(out))?;
        if let Err(e) = std::fs::rename(&staged, out) {
            // Put the old site back.
            let _ = std::fs::rename(&old, out);
            let _ = std::fs::remove_dir_all(&staged);
            return Err(io(out)(e));
        }
        std::fs::remove_dir_all(&old).map_err(io(&old))?;
    } else if let Err(e) = std::fs::rename(&staged, out) {
        let _ = std::fs::remove_dir_all(&staged);
        return Err(io(out)(e));
    }
    written.sort();
    Ok(written)
}
