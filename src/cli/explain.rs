//! `sandtable explain [CODE] [--format json]`: what a diagnostic code means, from the
//! catalogue of codes ([`crate::diag::catalogue`]).
//!
//! With a code: its severity, the parts of a game it concerns, its summary, a worked example
//! where the code has one ([`crate::diag::examples`]: a mistake made in the tutorial's game
//! and what `check` says of it) and the reference pages to read. Without one: every code
//! with its summary. An unknown code is a failure (exit 1) with a "did you mean".

use std::process::ExitCode;

use serde::Serialize;

use super::Format;
use crate::diag::catalogue::{self, Entry};
use crate::diag::examples::{self, Example};
use crate::diag::Severity;
use crate::emit::reference::sections;

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Says what a diagnostic code (`error[CODE]` in `check`'s report) means: its severity, the
parts of a game it concerns (TOML sections, `rules/*.md`, a position or orders file, the
command line) and what is wrong. Without CODE, lists every code with its summary.

Examples:
  sandtable explain unknown-reference
  sandtable explain --format json

Exit codes:
- `0`: explained.
- `1`: no such code (with a did-you-mean).

JSON:
With CODE, `{"code", "severity", "sections", "summary", "reference"}`; without, an array of
them."#;

/// Arguments of `explain`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The diagnostic code, as `check` prints it (`error[unknown-reference]`) [default: list
    /// every code].
    #[arg(value_name = "CODE")]
    code: Option<String>,
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

/// One code as the JSON output gives it.
#[derive(Serialize)]
struct Explained {
    code: &'static str,
    severity: Severity,
    sections: &'static [&'static str],
    summary: &'static str,
    /// A mistake that gives it, made in the tutorial's game.
    #[serde(skip_serializing_if = "Option::is_none")]
    example: Option<ExampleJson>,
    /// The pages of the language reference to read, under `docs/src/reference/`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    reference: Vec<&'static str>,
}

/// A worked example as the JSON output gives it.
#[derive(Serialize)]
struct ExampleJson {
    game: &'static str,
    file: &'static str,
    before: &'static str,
    after: &'static str,
    message: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'static str>,
}

impl From<&'static Example> for ExampleJson {
    fn from(x: &'static Example) -> Self {
        Self {
            game: examples::GAME,
            file: x.file,
            before: x.before,
            after: x.after,
            message: x.message,
            hint: x.hint,
        }
    }
}

impl From<&'static Entry> for Explained {
    fn from(e: &'static Entry) -> Self {
        Self {
            code: e.code,
            severity: e.severity,
            sections: e.sections,
            summary: e.summary,
            example: examples::example(e.code).map(ExampleJson::from),
            reference: pages(e),
        }
    }
}

/// The reference pages of the sections a code concerns, each once, unless it concerns
/// nearly every section (then the list of diagnostics is the page to read).
fn pages(e: &Entry) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for page in e.sections.iter().filter_map(|s| sections::page_of(s)) {
        if !out.contains(&page) {
            out.push(page);
        }
    }
    if out.len() > 4 {
        out = vec!["diagnostics.md"];
    }
    out
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The text of one code.
fn text(e: &Entry) -> String {
    let mut out = format!(
        "{}: {}\nconcerns: {}\n\n{}\n",
        e.code,
        severity_word(e.severity),
        e.sections.join(", "),
        e.summary
    );
    if let Some(x) = examples::example(e.code) {
        out.push_str(&format!(
            "\nFor example, writing in {} of the tutorial's game ({})\n{}\ninstead of\n{}\nmakes `check` say\n    {}[{}]: {}\n",
            x.file,
            examples::GAME,
            indent(x.after),
            indent(x.before),
            severity_word(e.severity),
            e.code,
            x.message
        ));
        if let Some(h) = x.hint {
            out.push_str(&format!("    hint: {h}\n"));
        }
    }
    let pages = pages(e);
    if !pages.is_empty() {
        let list: Vec<String> = pages
            .iter()
            .map(|p| format!("docs/src/reference/{p}"))
            .collect();
        out.push_str(&format!("\nRead more: {}\n", list.join(", ")));
    }
    out
}

/// Lines of a game file, indented as quoted text.
fn indent(text: &str) -> String {
    text.trim_end_matches('\n')
        .lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of the list of every code.
fn list_text() -> String {
    let width = catalogue::CATALOGUE
        .iter()
        .map(|e| e.code.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for e in catalogue::CATALOGUE {
        out.push_str(&format!(
            "{:<width$}  {:<7}  {}\n",
            e.code,
            severity_word(e.severity),
            e.summary
        ));
    }
    out
}

fn json<T: Serialize>(value: &T) -> Result<String, super::Failure> {
    Ok(serde_json::to_string_pretty(value).map_err(|e| e.to_string())? + "\n")
}

pub(super) fn run(a: Args) -> Result<ExitCode, super::Failure> {
    let Some(code) = a.code.as_deref() else {
        let out = match a.format {
            Format::Text => list_text(),
            Format::Json => json(
                &catalogue::CATALOGUE
                    .iter()
                    .map(Explained::from)
                    .collect::<Vec<_>>(),
            )?,
        };
        super::emit(&out);
        return Ok(ExitCode::SUCCESS);
    };
    let Some(entry) = catalogue::find(code) else {
        let hint = crate::diag::suggest::nearest(code, catalogue::CATALOGUE.iter().map(|e| e.code))
            .map(|c| format!("did you mean `{c}`?"))
            .unwrap_or_else(|| "`sandtable explain` lists every code".to_string());
        return Err(format!("unknown diagnostic code `{code}`; {hint}").into());
    };
    let out = match a.format {
        Format::Text => text(entry),
        Format::Json => json(&Explained::from(entry))?,
    };
    super::emit(&out);
    Ok(ExitCode::SUCCESS)
}
