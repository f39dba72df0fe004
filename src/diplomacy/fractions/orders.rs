//! Part orders read from their text: a dispersal (`A Bou disperses - 1/3 A Lor, …`), a part's
//! move (`1/3 A Lor - Bel`), a unit forming from parts (`A Bur forms from …`) and a support
//! to it.

use super::*;

/// An order about hidden parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "order", rename_all = "kebab-case")]
pub enum FractionOrder {
    /// `A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`.
    Disperse {
        /// The unit's kind.
        kind: UnitKind,
        /// Its location.
        unit: String,
        /// The parts and where each goes.
        parts: Vec<Part>,
    },
    /// `1/3 A Lor - Bel`.
    Move {
        /// The part.
        part: Part,
        /// Where it goes.
        to: String,
    },
    /// `A Bur forms from 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`.
    Form {
        /// The unit formed.
        kind: UnitKind,
        /// Where.
        at: String,
        /// The parts it is formed of.
        parts: Vec<Part>,
    },
    /// `A Mun S A Bur forms`: a unit supports a unit forming.
    Support {
        /// The supporting unit's kind.
        kind: UnitKind,
        /// Its location.
        unit: String,
        /// Where the supported unit forms.
        at: String,
    },
}

impl FractionOrder {
    /// Whether the power must be written with the order (a part is found by its power).
    pub fn needs_power(&self) -> bool {
        matches!(self, Self::Move { .. } | Self::Form { .. })
    }
}

/// Whether a line of an orders file is about hidden parts: it names a part (`1/3 …`), a
/// dispersal or a unit forming.
pub fn is_fraction_order(body: &str) -> bool {
    let lower = body.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .collect();
    words.iter().any(|w| {
        matches!(
            *w,
            "disperse" | "disperses" | "form" | "forms" | "reform" | "reforms"
        )
    }) || words.first().is_some_and(|w| {
        // Anything written as a fraction (`2/0` too, to be told why it is not one).
        w.split_once('/').is_some_and(|(n, d)| {
            !n.is_empty()
                && !d.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && d.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

/// `A(Bou)` and `1/3 A (Ruh)`, the notation of printed rules, read as `A Bou`.
pub(super) fn unbracket(text: &str) -> String {
    let t = text.trim();
    let mut words: Vec<String> = t.split_whitespace().map(str::to_string).collect();
    for w in &mut words {
        for k in ["A(", "F(", "a(", "f("] {
            if let Some(rest) = w.strip_prefix(k) {
                // `A(Bou)`: the bracket closes the name (`A(Spa(nc))` keeps its coast's).
                let rest = match rest.strip_suffix(')') {
                    Some(name) if name.matches('(').count() == name.matches(')').count() => name,
                    _ => rest,
                };
                *w = format!("{} {rest}", &k[..1]);
            }
        }
    }
    let mut out = words.join(" ");
    // A name wholly in brackets: `A (Ruh)`.
    if let Some(open) = out.find(" (") {
        if out.ends_with(')') && !out[open + 2..].contains('(') {
            let name = out[open + 2..out.len() - 1].to_string();
            out = format!("{} {name}", &out[..open]);
        }
    }
    out
}

/// Where `part` (a slice of `whole`) lies in it.
pub(super) fn span_in(whole: &str, part: &str) -> Range<usize> {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    if start <= whole.len() && start + part.len() <= whole.len() {
        start..start + part.len()
    } else {
        0..whole.len()
    }
}

/// The last `n` words of `part` (a slice of `body`), where they lie in `body`.
pub(super) fn last_words(body: &str, part: &str, n: usize) -> Range<usize> {
    let ws = crate::diplomacy::orders::words(part);
    let base = span_in(body, part).start;
    match (ws.len().checked_sub(n).and_then(|k| ws.get(k)), ws.last()) {
        (Some(first), Some(last)) => base + first.at.start..base + last.at.end,
        _ => span_in(body, part.trim()),
    }
}

/// An order to parts read from `body`: the mistakes of its pieces located in it.
pub(super) struct Reader<'b> {
    board: &'b dyn Board,
    body: &'b str,
}

impl Reader<'_> {
    /// A mistake in `part` (a slice of the order).
    fn at(&self, part: &str, message: String) -> OrderError {
        OrderError::new(message, span_in(self.body, part.trim()))
    }

    /// The location named by `name` (unbracketed from `written`, a slice of the order); when
    /// only its first words name one, the words after them are the mistake.
    fn place(&self, name: &str, written: &str) -> Result<String, OrderError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(self.at(written, "a location is missing".to_string()));
        }
        if let Some(id) = self.board.resolve_name(name) {
            return Ok(id);
        }
        let ws = crate::diplomacy::orders::words(name);
        let named = (1..ws.len())
            .rev()
            .find(|&k| self.board.resolve_name(&name[..ws[k - 1].at.end]).is_some());
        let Some(k) = named else {
            return Err(crate::diplomacy::orders::unknown_location(
                self.board,
                name,
                span_in(self.body, written.trim()),
            ));
        };
        let at = last_words(self.body, written, ws.len() - k);
        let extra = &self.body[at.clone()];
        let last = at.end == self.body.trim_end().len();
        let mut e = OrderError::new(
            if last {
                format!("`{extra}` after a complete order")
            } else {
                format!(
                    "`{extra}` after the location `{}`",
                    &name[..ws[k - 1].at.end]
                )
            },
            at,
        );
        e.hint = Some(if last {
            "the order ends before these words: write one order a line, and a comment after `#`"
                .to_string()
        } else {
            "separate the parts with commas: `1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`".to_string()
        });
        Err(e)
    }

    /// `A Bou` (a slice of the order): a unit's kind and location.
    fn unit(&self, text: &str) -> Result<(UnitKind, String), OrderError> {
        let t = unbracket(text);
        let (k, rest) = t.split_once(' ').ok_or_else(|| {
            self.at(
                text,
                format!("`{}` is not a unit: write `A Bou`", text.trim()),
            )
        })?;
        let kind = match k.to_ascii_lowercase().as_str() {
            "a" | "army" => UnitKind::Army,
            "f" | "fleet" => UnitKind::Fleet,
            other => {
                return Err(self.at(
                    text,
                    format!("`{other}` is not a unit: write `A` (army) or `F` (fleet)"),
                ))
            }
        };
        Ok((kind, self.place(rest, text)?))
    }

    /// `1/3 A Lor` (a slice of the order).
    fn part(&self, text: &str) -> Result<Part, OrderError> {
        let t = unbracket(text);
        let (size, _) = t.split_once(' ').ok_or_else(|| {
            self.at(
                text,
                format!("`{}` is not a part: write `1/3 A Lor`", text.trim()),
            )
        })?;
        let size_at = text.trim_start();
        let size_at = &size_at[..size_at.find(char::is_whitespace).unwrap_or(size_at.len())];
        let size = crate::model::rules::parse_share(size).ok_or_else(|| {
            self.at(
                size_at,
                format!("`{size}` is not a part of a unit: write a fraction, `1/3`"),
            )
        })?;
        let (kind, location) = self.unit(&text.trim_start()[size_at.len()..])?;
        Ok(Part {
            size,
            kind,
            location,
        })
    }

    /// Parts separated by commas (or `and`), `text` a slice of the order.
    fn parts(&self, text: &str) -> Result<Vec<Part>, OrderError> {
        let mut out = Vec::new();
        for chunk in text.split(',') {
            let mut rest = chunk;
            while let Some((before, after)) = split_word(rest, &["and"]) {
                if !before.trim().is_empty() {
                    out.push(self.part(before)?);
                }
                rest = after;
            }
            if !rest.trim().is_empty() {
                out.push(self.part(rest)?);
            }
        }
        Ok(out)
    }
}

/// Split `text` at the first whole word (any case) among `words`: (before, after).
pub(super) fn split_word<'t>(text: &'t str, words: &[&str]) -> Option<(&'t str, &'t str)> {
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    for w in lower.split_inclusive(char::is_whitespace) {
        let word = w.trim_end();
        if words.contains(&word) {
            return Some((&text[..at], &text[at + w.len()..]));
        }
        at += w.len();
    }
    None
}

/// Read an order about hidden parts (see [`is_fraction_order`]); a mistake is located in
/// `body`.
pub fn parse(body: &str, board: &dyn Board) -> Result<FractionOrder, OrderError> {
    let r = Reader { board, body };
    let text = body.trim();
    if let Some((who, rest)) = split_word(text, &["disperse", "disperses"]) {
        let (kind, unit) = r.unit(who)?;
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("->")
            .or_else(|| rest.strip_prefix('-'))
            .or_else(|| rest.strip_prefix(':'))
            .unwrap_or(rest);
        let parts = r.parts(rest)?;
        if parts.is_empty() {
            return Err(OrderError::whole(
                "a dispersal names its parts: `A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`",
                body,
            ));
        }
        return Ok(FractionOrder::Disperse { kind, unit, parts });
    }
    if let Some((before, after)) = split_word(text, &["form", "forms", "reform", "reforms"]) {
        // `A Mun S A Bur forms`.
        if let Some((supporter, formed)) = split_word(before, &["s", "support", "supports"]) {
            if !after.trim().is_empty() {
                let mut e = r.at(after, format!("`{}` after a complete order", after.trim()));
                e.hint = Some(
                    "a support to a unit forming ends with `forms`: `A Mun S A Bur forms`".into(),
                );
                return Err(e);
            }
            let (kind, unit) = r.unit(supporter)?;
            let (_, at) = r.unit(formed)?;
            return Ok(FractionOrder::Support { kind, unit, at });
        }
        let (kind, at) = r.unit(before)?;
        let rest = after.trim_start();
        let rest = split_word(rest, &["from", "of", "with"])
            .filter(|(b, _)| b.trim().is_empty())
            .map_or(rest, |(_, a)| a);
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("->")
            .or_else(|| rest.strip_prefix('-'))
            .unwrap_or(rest);
        let parts = r.parts(rest)?;
        if parts.is_empty() {
            return Err(OrderError::whole(
                "a unit forms from parts: `A Bur forms from 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`",
                body,
            ));
        }
        return Ok(FractionOrder::Form { kind, at, parts });
    }
    let (who, to) = text
        .split_once("->")
        .or_else(|| text.split_once(" - "))
        .ok_or_else(|| OrderError::whole("a part's order is a move: `1/3 A Lor - Bel`", body))?;
    let part = r.part(who)?;
    let to = r.place(to, to)?;
    Ok(FractionOrder::Move { part, to })
}
