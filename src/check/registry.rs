//! Name tables: every kind of identifier a game defines, with where it was defined.
//!
//! A [`Registry`] maps ids to indices, reports duplicates (pointing at both definitions) and
//! resolves references, reporting unknown ones with a did-you-mean.

use std::collections::BTreeMap;

use toml::Spanned;

use super::suggest::did_you_mean;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::source::FileId;

/// The ids of one kind of thing ("counter", "terrain", …).
#[derive(Debug)]
pub struct Registry {
    kind: &'static str,
    ids: BTreeMap<String, (usize, Span)>,
    order: Vec<String>,
}

impl Registry {
    /// An empty registry for things of `kind`.
    pub fn new(kind: &'static str) -> Self {
        Self {
            kind,
            ids: BTreeMap::new(),
            order: Vec::new(),
        }
    }

    /// Define an id; returns its index, or `None` (and a diagnostic) for a duplicate or a
    /// malformed id.
    pub fn define(
        &mut self,
        file: FileId,
        id: &Spanned<String>,
        diags: &mut Diagnostics,
    ) -> Option<usize> {
        let span = Span::new(file, id.span());
        let name = id.get_ref();
        if name.is_empty() {
            diags.push(
                Diagnostic::error("bad-id", format!("empty {} id", self.kind))
                    .at(span)
                    .hint("give it a short name such as `ger-panzer-corps`"),
            );
            return None;
        }
        if let Some((_, first)) = self.ids.get(name) {
            diags.push(
                Diagnostic::error(
                    "duplicate",
                    format!("{} `{name}` is defined twice", self.kind),
                )
                .at(span)
                .label("defined again here")
                .note(first.clone(), "first defined here")
                .hint("rename one of them or remove the copy"),
            );
            return None;
        }
        let index = self.order.len();
        self.ids.insert(name.clone(), (index, span));
        self.order.push(name.clone());
        Some(index)
    }

    /// Index of an id, without reporting.
    pub fn get(&self, name: &str) -> Option<usize> {
        self.ids.get(name).map(|(i, _)| *i)
    }

    /// Resolve a reference, reporting an unknown one.
    pub fn resolve(
        &self,
        file: FileId,
        r: &Spanned<String>,
        diags: &mut Diagnostics,
    ) -> Option<usize> {
        let name = r.get_ref();
        if let Some(i) = self.get(name) {
            return Some(i);
        }
        diags.push(self.unknown(Span::new(file, r.span()), name));
        None
    }

    /// The diagnostic for an unknown name.
    pub fn unknown(&self, span: Span, name: &str) -> Diagnostic {
        let hint = did_you_mean(name, self.order.iter().map(String::as_str)).or_else(|| {
            if self.order.is_empty() {
                Some(format!("no {} is defined yet", self.kind))
            } else {
                let mut some: Vec<&str> = self.order.iter().map(String::as_str).take(6).collect();
                if self.order.len() > 6 {
                    some.push("…");
                }
                Some(format!("known: {}", some.join(", ")))
            }
        });
        Diagnostic::error(
            "unknown-reference",
            format!("unknown {} `{name}`", self.kind),
        )
        .at(span)
        .label(format!("no {} has this id", self.kind))
        .hint_opt(hint)
    }

    /// Number of ids.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Where an id was defined.
    pub fn span_of(&self, index: usize) -> Option<Span> {
        self.order
            .get(index)
            .and_then(|n| self.ids.get(n))
            .map(|(_, s)| s.clone())
    }
}
