//! Rendering diagnostics for people (codespan-reporting, no colour) and for programs (JSON).
//!
//! This is the only file that knows the renderer crate.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};

use super::source::SourceMap;
use super::{Diagnostics, Located, Severity};

/// Human-readable text with source snippets, one block per diagnostic, and a summary line.
pub fn to_text(diags: &Diagnostics, sources: &SourceMap) -> String {
    let mut files = SimpleFiles::new();
    let ids: Vec<usize> = sources
        .files()
        .map(|(path, text)| files.add(path.to_string(), text.to_string()))
        .collect();
    let config = Config::default();
    let mut out = String::new();
    for d in diags.iter() {
        let sev = match d.severity {
            Severity::Error => CsSeverity::Error,
            Severity::Warning => CsSeverity::Warning,
        };
        let mut cs = CsDiagnostic::new(sev)
            .with_code(d.code)
            .with_message(d.message.clone());
        let mut labels = Vec::new();
        if let Some(span) = &d.span {
            let mut l = Label::primary(ids[span.file.index()], span.range.clone());
            if let Some(text) = &d.label {
                l = l.with_message(text.clone());
            }
            labels.push(l);
        }
        for (span, text) in &d.notes {
            labels.push(
                Label::secondary(ids[span.file.index()], span.range.clone())
                    .with_message(text.clone()),
            );
        }
        cs = cs.with_labels(labels);
        if let Some(h) = &d.hint {
            cs = cs.with_notes(vec![format!("hint: {h}")]);
        }
        let mut buf = term::termcolor::NoColor::new(Vec::new());
        if term::emit(&mut buf, &config, &files, &cs).is_err() {
            out.push_str(&format!("{}: {}\n", d.code, d.message));
            continue;
        }
        out.push_str(&String::from_utf8_lossy(&buf.into_inner()));
    }
    out.push_str(&summary(diags));
    out
}

/// `2 errors, 1 warning` or `no problems found`.
pub fn summary(diags: &Diagnostics) -> String {
    let e = diags.error_count();
    let w = diags.warning_count();
    if e == 0 && w == 0 {
        return "no problems found\n".to_string();
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!("{}, {}\n", plural(e, "error"), plural(w, "warning"))
}

/// The JSON array `[{severity, code, message, file, line, column, hint}]`.
pub fn to_json(diags: &Diagnostics, sources: &SourceMap) -> String {
    let list: Vec<Located> = diags.iter().map(|d| Located::new(d, sources)).collect();
    serde_json::to_string_pretty(&list).unwrap_or_else(|_| "[]".to_string()) + "\n"
}
