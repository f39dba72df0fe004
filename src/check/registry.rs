//! Name tables: every kind of identifier a game defines, with where it was defined.
//!
//! A [`Registry`] hands out the indices the model uses, and it hands one out only for an
//! entry that exists. Defining an id ([`Registry::define`]) reports a duplicate or malformed
//! id and otherwise gives a [`Claim`]: the name is taken, but it has no index yet. Only when
//! the entry is whole (every reference it needs resolved) is the claim [admitted]
//! (`Registry::admit`), which pushes the entry onto its model vector and records the index it
//! landed at. An entry whose own problem was reported is dropped with its claim: its name
//! stays known, so a reference to it resolves to `None` *without* a follow-on error, and no
//! index can ever point at a placeholder or past the end of a vector.
//!
//! [admitted]: Registry::admit

use std::collections::BTreeMap;

use crate::load::schema::Spanned;

use super::suggest::did_you_mean;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::load::source::FileId;

/// The ids of one kind of thing ("counter", "terrain", …).
#[derive(Debug)]
pub struct Registry {
    kind: &'static str,
    ids: BTreeMap<String, Entry>,
    /// Every id claimed, in definition order (for "did you mean").
    order: Vec<String>,
    /// Where each admitted entry was defined, by index.
    admitted: BTreeMap<usize, Span>,
    /// Some ids could not be known at all (a `[calendar]` with a mistake defines no turns):
    /// a name nothing defines is then not reported, since it may well be one of them.
    incomplete: bool,
    /// Ids left out because the optional rule they belong to is off: id → option.
    off: BTreeMap<String, String>,
}

#[derive(Debug)]
struct Entry {
    span: Span,
    /// The model index, once the entry is admitted.
    index: Option<usize>,
}

/// An id that is defined but not yet in the model: admit it with [`Registry::admit`] once
/// its entry is whole, or drop it to leave the entry out (after reporting why).
#[derive(Debug)]
#[must_use = "a claimed id that is never admitted is left out of the model"]
pub struct Claim {
    name: String,
}

impl Registry {
    /// An empty registry for things of `kind`.
    pub fn new(kind: &'static str) -> Self {
        Self {
            kind,
            ids: BTreeMap::new(),
            order: Vec::new(),
            admitted: BTreeMap::new(),
            incomplete: false,
            off: BTreeMap::new(),
        }
    }

    /// Say that `name` exists only under the optional rule `option`, which is off: a
    /// reference to it is reported as such rather than as unknown.
    pub fn set_off(&mut self, name: &str, option: &str) {
        self.off.insert(name.to_string(), option.to_string());
    }

    /// The option that left `name` out of the game, when one did.
    pub fn off_option(&self, name: &str) -> Option<&str> {
        self.off.get(name).map(String::as_str)
    }

    /// Whether some ids could not be known (see [`Registry::mark_incomplete`]).
    pub fn is_incomplete(&self) -> bool {
        self.incomplete
    }

    /// Say that some ids could not be known (their definition had a mistake of its own,
    /// already reported): references to unknown names resolve to `None` without a
    /// follow-on error.
    pub fn mark_incomplete(&mut self) {
        self.incomplete = true;
    }

    /// Claim an id; `None` (and a diagnostic) for a duplicate or a malformed id.
    pub fn define(
        &mut self,
        file: FileId,
        id: &Spanned<String>,
        diags: &mut Diagnostics,
    ) -> Option<Claim> {
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
        if let Some(first) = self.ids.get(name) {
            diags.push(
                Diagnostic::error(
                    "duplicate",
                    format!("{} `{name}` is defined twice", self.kind),
                )
                .at(span)
                .label("defined again here")
                .note(first.span.clone(), "first defined here")
                .hint("rename one of them or remove the copy"),
            );
            return None;
        }
        self.ids.insert(name.clone(), Entry { span, index: None });
        self.order.push(name.clone());
        Some(Claim { name: name.clone() })
    }

    /// Put a whole entry into the model: push it onto `entries` and record the index it
    /// landed at, which is the index every reference to the id resolves to.
    pub fn admit<T>(&mut self, claim: Claim, entries: &mut Vec<T>, entry: T) -> usize {
        let index = entries.len();
        entries.push(entry);
        self.admit_at(claim, index)
    }

    /// Admit an id whose entries live elsewhere (names local to one check, such as a map's
    /// edges): it gets the next index of this registry.
    pub fn admit_name(&mut self, claim: Claim) -> usize {
        let index = self.admitted.len();
        self.admit_at(claim, index)
    }

    /// Admit a second name for the entry already admitted at `index` (a renamed area's new
    /// id): references by either name resolve to it, and the count does not change.
    pub fn admit_alias(&mut self, claim: Claim, index: usize) {
        if let Some(entry) = self.ids.get_mut(&claim.name) {
            entry.index = Some(index);
        }
    }

    fn admit_at(&mut self, claim: Claim, index: usize) -> usize {
        let Some(entry) = self.ids.get_mut(&claim.name) else {
            return index; // a claim always comes from this registry's `define`
        };
        entry.index = Some(index);
        self.admitted.insert(index, entry.span.clone());
        index
    }

    /// Index of an admitted id, without reporting.
    pub fn get(&self, name: &str) -> Option<usize> {
        self.ids.get(name).and_then(|e| e.index)
    }

    /// Whether an id was defined, admitted or not.
    pub fn is_defined(&self, name: &str) -> bool {
        self.ids.contains_key(name)
    }

    /// Whether some defined id was left out of the model (its own problem was reported):
    /// lookups that could have named it should not report a miss.
    pub fn has_left_out(&self) -> bool {
        self.ids.values().any(|e| e.index.is_none())
    }

    /// Resolve a reference: the index of an admitted id; `None` silently for an id that was
    /// defined but left out (its own error is already reported); `None` and an
    /// `unknown-reference` diagnostic for a name nothing defines.
    pub fn resolve(
        &self,
        file: FileId,
        r: &Spanned<String>,
        diags: &mut Diagnostics,
    ) -> Option<usize> {
        let name = r.get_ref();
        match self.ids.get(name) {
            Some(e) => e.index,
            None if self.incomplete => None,
            None => {
                diags.push(self.unknown(Span::new(file, r.span()), name));
                None
            }
        }
    }

    /// The diagnostic for an unknown name.
    pub fn unknown(&self, span: Span, name: &str) -> Diagnostic {
        if let Some(option) = self.off.get(name) {
            return Diagnostic::error(
                "option-off",
                format!(
                    "{} `{name}` exists only under option `{option}`, which is off",
                    self.kind
                ),
            )
            .at(span)
            .label(format!("left out with option `{option}`"))
            .hint(format!(
                "turn the option on (`--option {option}`, or the scenario's `options`), or mark \
                 this entry `option = \"{option}\"` too"
            ));
        }
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

    /// Number of ids admitted into the model.
    pub fn len(&self) -> usize {
        self.admitted.len()
    }

    /// True when nothing is admitted.
    pub fn is_empty(&self) -> bool {
        self.admitted.is_empty()
    }

    /// Where the entry with an index was defined.
    pub fn span_of(&self, index: usize) -> Option<Span> {
        self.admitted.get(&index).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> FileId {
        crate::diag::source::SourceMap::default().add("terrain.toml", "")
    }

    fn id(name: &str) -> Spanned<String> {
        Spanned::new(0..name.len(), name.to_string())
    }

    #[test]
    fn an_id_resolves_only_once_its_entry_is_admitted() {
        let mut diags = Diagnostics::default();
        let mut reg = Registry::new("terrain");
        let mut entries = Vec::new();
        let clear = reg.define(file(), &id("clear"), &mut diags).unwrap();
        let _swamp = reg.define(file(), &id("swamp"), &mut diags).unwrap();
        let forest = reg.define(file(), &id("forest"), &mut diags).unwrap();
        assert_eq!(reg.admit(clear, &mut entries, "clear"), 0);
        // `swamp` is dropped: its entry had a problem of its own.
        assert_eq!(reg.admit(forest, &mut entries, "forest"), 1);
        assert_eq!(entries[reg.get("forest").unwrap()], "forest");
        assert_eq!(reg.get("swamp"), None);
        assert!(reg.is_defined("swamp") && reg.has_left_out());
        // A left-out id resolves to nothing without a follow-on error …
        assert_eq!(reg.resolve(file(), &id("swamp"), &mut diags), None);
        assert!(diags.is_empty());
        // … an unknown one is reported with a suggestion.
        assert_eq!(reg.resolve(file(), &id("forrest"), &mut diags), None);
        assert_eq!(diags.error_count(), 1);
        assert_eq!(reg.len(), 2);
        assert_eq!(reg.span_of(1), Some(Span::new(file(), 0..6)));
    }

    #[test]
    fn a_duplicate_or_empty_id_gets_no_claim() {
        let mut diags = Diagnostics::default();
        let mut reg = Registry::new("map");
        let first = reg.define(file(), &id("east"), &mut diags);
        assert!(first.is_some());
        assert!(reg.define(file(), &id("east"), &mut diags).is_none());
        assert!(reg.define(file(), &id(""), &mut diags).is_none());
        assert_eq!(diags.error_count(), 2);
        assert_eq!(reg.admit_name(first.unwrap()), 0);
    }
}
