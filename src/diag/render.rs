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
        for line in String::from_utf8_lossy(&buf.into_inner()).lines() {
            out.push_str(&clip(line));
            out.push('\n');
        }
    }
    out.push_str(&summary(diags));
    out
}

/// Longest line of a rendered diagnostic, in characters; the file:line:column heading says
/// where the span is when a long source line (a 10 MB string, a minified table) is cut.
const MAX_LINE: usize = 200;

/// A rendered line cut to [`MAX_LINE`] characters, with `…` where it was cut.
fn clip(line: &str) -> std::borrow::Cow<'_, str> {
    match line.char_indices().nth(MAX_LINE) {
        Some((at, _)) => format!("{} …", &line[..at]).into(),
        None => line.into(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Diagnostic, Span};

    #[test]
    fn a_huge_source_line_is_cut_in_the_snippet() {
        let mut sources = SourceMap::default();
        let text = format!("x = \"{}\"\n", "a".repeat(1_000_000));
        let id = sources.add("big.toml", text);
        let mut diags = Diagnostics::default();
        diags.push(Diagnostic::error("unknown-key", "unknown field `x`").at(Span::new(id, 0..1)));
        let out = to_text(&diags, &sources);
        assert!(out.contains("big.toml:1:1"), "{out}");
        assert!(
            out.lines().all(|l| l.chars().count() <= MAX_LINE + 2),
            "{}",
            out.len()
        );
        assert!(out.contains(" …"));
    }
}
