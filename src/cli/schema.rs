//! `sandtable schema [-o FILE] [--format json]`: the JSON Schema of a game file, for editors.
//!
//! Editors that complete TOML from a JSON Schema (Taplo, and VS Code's Even Better TOML built
//! on it) use it to offer every key with its doc comment, complete the allowed words and
//! underline unknown keys and misspelt words as the designer types. The schema is derived
//! from the very types the loader reads (`load::schema::json_schema`), so it cannot drift from
//! the language. Without `-o` it goes to stdout; with it, the file is written atomically.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use super::{Failure, Format};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Writes the JSON Schema (draft 7) of a game file, derived from the loader's own types:
every section and key with its description, default and allowed words, for editors that
complete TOML and underline typos as you type (Taplo, Even Better TOML: a `#:schema` line or
a `.taplo.toml`; the book's guide "Editor set-up").

Examples:
  sandtable schema -o sandtable.schema.json

Exit codes:
- `0`: written.
- `1`: the file cannot be written.

JSON:
`{"written", "bytes"}`."#;

/// Arguments of `schema`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write the schema into this file (e.g. `game.schema.json`) [default: stdout].
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Output format of the report of the file written (with `-o`).
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
    written: String,
    bytes: usize,
}

/// The schema as pretty JSON with a final newline.
pub fn text() -> Result<String, String> {
    super::positions::json(&crate::load::schema::json_schema())
}

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    let text = text()?;
    let Some(path) = a.output else {
        super::emit(&text);
        return Ok(ExitCode::SUCCESS);
    };
    super::positions::write_atomic(&path, text.as_bytes())
        .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
    let report = Report {
        written: path.display().to_string(),
        bytes: text.len(),
    };
    match a.format {
        Format::Json => super::emit(&super::positions::json(&report)?),
        Format::Text => super::emit(&format!(
            "wrote the JSON Schema of a game file to {} ({} bytes)\n",
            report.written, report.bytes
        )),
    }
    Ok(ExitCode::SUCCESS)
}
