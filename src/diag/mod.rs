//! Diagnostics: problems found in a designer's files, kept as data.
//!
//! A [`Diagnostic`] says what is wrong, where (file, byte range, resolved to line and column),
//! and what to do about it. Stages collect them into a [`Diagnostics`] list and never stop at
//! the first one; the CLI renders them at the edge (see [`render`]) as text or JSON.
//! [`source`] holds the text of every file a game was read from, which spans point into;
//! [`suggest`] finds the "did you mean" for a misspelt name (used by `check`, by the model's
//! reading of written locations and by the command line); [`catalogue`] documents every
//! diagnostic code (`sandtable explain`, the language reference).

pub mod catalogue;
pub mod examples;
pub mod render;
pub mod source;
pub mod suggest;

use std::ops::Range;

use serde::Serialize;

use source::{FileId, SourceMap};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The game cannot be built until this is fixed.
    Error,
    /// Suspicious, but the game still builds.
    Warning,
}

/// A place in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// Byte range inside that file's text.
    pub range: Range<usize>,
}

impl Span {
    /// A span covering `range` of `file`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Self { file, range }
    }
}

/// One problem in the user's files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Stable code, e.g. `unknown-reference`.
    pub code: &'static str,
    /// Lower-case sentence, names in backticks, no trailing period.
    pub message: String,
    /// Where the problem is (absent for problems of the directory as a whole).
    pub span: Option<Span>,
    /// Short text under the primary label: what is at that place.
    pub label: Option<String>,
    /// Other places worth showing ("first defined here").
    pub notes: Vec<(Span, String)>,
    /// What to do about it.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// A new error with a code and message, not yet located.
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            label: None,
            notes: Vec::new(),
            hint: None,
        }
    }

    /// A new warning.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(code, message)
        }
    }

    /// Locate the diagnostic.
    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// Locate the diagnostic if a span is known.
    pub fn at_opt(mut self, span: Option<Span>) -> Self {
        self.span = span;
        self
    }

    /// Text of the primary label.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// A secondary place.
    pub fn note(mut self, span: Span, text: impl Into<String>) -> Self {
        self.notes.push((span, text.into()));
        self
    }

    /// A secondary place, when one is known.
    pub fn note_opt(mut self, span: Option<Span>, text: impl Into<String>) -> Self {
        if let Some(span) = span {
            self.notes.push((span, text.into()));
        }
        self
    }

    /// What to do about it.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Set a hint only when one is known (e.g. a did-you-mean).
    pub fn hint_opt(mut self, hint: Option<String>) -> Self {
        if hint.is_some() {
            self.hint = hint;
        }
        self
    }
}

/// A list of diagnostics, in the order they were found.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Add one.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Add many.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
    }

    /// True when at least one error was found.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// Number of warnings.
    pub fn warning_count(&self) -> usize {
        self.items.len() - self.error_count()
    }

    /// All diagnostics.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    /// True when nothing was found.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Sort by file, then position, errors before warnings at the same place, so output does
    /// not depend on check order (and a warning that speaks of "the mistakes above" comes
    /// after them).
    pub fn sort(&mut self, sources: &SourceMap) {
        self.items.sort_by_key(|d| {
            let (path, start) = match &d.span {
                Some(s) => (sources.path(s.file).to_string(), s.range.start),
                None => (String::new(), 0),
            };
            (path, start, d.severity != Severity::Error)
        });
    }
}

/// A diagnostic as the JSON output promises it: `{severity, code, message, file, line, column, hint}`.
#[derive(Debug, Serialize)]
pub struct Located {
    /// `error` or `warning`.
    pub severity: Severity,
    /// Stable code.
    pub code: &'static str,
    /// The message.
    pub message: String,
    /// Path relative to the game directory.
    pub file: Option<String>,
    /// 1-based line.
    pub line: Option<usize>,
    /// 1-based column (in characters).
    pub column: Option<usize>,
    /// What to do about it.
    pub hint: Option<String>,
}

impl Located {
    /// Resolve a diagnostic's span to file, line and column.
    pub fn new(d: &Diagnostic, sources: &SourceMap) -> Self {
        let (file, line, column) = match &d.span {
            Some(s) => {
                let (l, c) = sources.line_column(s.file, s.range.start);
                (Some(sources.path(s.file).to_string()), Some(l), Some(c))
            }
            None => (None, None, None),
        };
        Self {
            severity: d.severity,
            code: d.code,
            message: d.message.clone(),
            file,
            line,
            column,
            hint: d.hint.clone(),
        }
    }
}
