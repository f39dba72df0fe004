//! `sandtable explain [CODE] [--format json]`: what a diagnostic code means, from the
//! catalogue of codes ([`crate::diag::catalogue`]).
//!
//! With a code: its severity, the parts of a game it concerns and its summary. Without one:
//! every code with its summary. An unknown code is a failure (exit 1) with a "did you mean".

use std::process::ExitCode;

use serde::Serialize;

use super::Format;
use crate::diag::catalogue::{self, Entry};
use crate::diag::Severity;

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
}

impl From<&'static Entry> for Explained {
    fn from(e: &'static Entry) -> Self {
        Self {
            code: e.code,
            severity: e.severity,
            sections: e.sections,
            summary: e.summary,
        }
    }
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The text of one code.
fn text(e: &Entry) -> String {
    format!(
        "{}: {}\nconcerns: {}\n\n{}\n",
        e.code,
        severity_word(e.severity),
        e.sections.join(", "),
        e.summary
    )
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
