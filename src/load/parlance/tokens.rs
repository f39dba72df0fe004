//! A line's value as tokens (words, `,` and parentheses) and what they name: locations, split
//! coasts (`(FLT NCS)` of `STP` is `stp/nc`), spans.

use super::*;

/// The tokens of a value: words, parentheses and commas.
pub(super) fn tokens(e: &Entry, diags: &mut Diagnostics) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word: Option<usize> = None;
    let at = |a: usize, b: usize| Span::new(e.file, e.value_start + a..e.value_start + b);
    let v = &e.value;
    for (i, c) in v.char_indices().chain(std::iter::once((v.len(), ' '))) {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            word.get_or_insert(i);
            continue;
        }
        if let Some(w) = word.take() {
            out.push(Token {
                tok: Tok::Word(v[w..i].to_string()),
                span: at(w, i),
            });
        }
        let tok = match c {
            '(' => Tok::Open,
            ')' => Tok::Close,
            ',' => Tok::Comma,
            c if c.is_whitespace() => continue,
            c => {
                diags.push(
                    Diagnostic::error(BAD, format!("`{c}` cannot be read here"))
                        .at(at(i, i + c.len_utf8()))
                        .hint("a value holds codes, `(`, `)` and commas"),
                );
                continue;
            }
        };
        out.push(Token {
            tok,
            span: at(i, i + c.len_utf8()),
        });
    }
    out
}

/// The comma-separated parts of a value's tokens.
pub(super) fn parts(tokens: &[Token]) -> Vec<&[Token]> {
    tokens.split(|t| t.tok == Tok::Comma).collect()
}

pub(super) fn word(t: Option<&Token>) -> Option<&str> {
    match t.map(|t| &t.tok) {
        Some(Tok::Word(w)) => Some(w),
        _ => None,
    }
}

/// A coast's id in our boards: `NCS` → `nc`.
pub(super) fn coast_id(code: &str) -> String {
    let c = code.to_ascii_lowercase();
    match c.strip_suffix("cs") {
        Some(first) if first.len() == 1 => format!("{first}c"),
        _ => c,
    }
}

/// A coast's name: `nc` → `north coast`.
pub(super) fn coast_name(id: &str) -> String {
    match id {
        "nc" => "north coast".into(),
        "sc" => "south coast".into(),
        "ec" => "east coast".into(),
        "wc" => "west coast".into(),
        other => format!("{other} coast"),
    }
}

/// A location written in a list: `STP` or `(STP NCS)`. Returns it and the tokens it took.
pub(super) fn location(t: &[Token]) -> Option<((String, Span), usize)> {
    match (word(t.first()), t.first().map(|x| &x.tok)) {
        (Some(w), _) => Some(((w.to_ascii_lowercase(), t[0].span.clone()), 1)),
        (None, Some(Tok::Open)) => {
            let (p, c) = (word(t.get(1))?, word(t.get(2))?);
            let close = t.get(3).filter(|x| x.tok == Tok::Close)?;
            let span = Span::new(t[0].span.file, t[0].span.range.start..close.span.range.end);
            Some((
                (format!("{}/{}", p.to_ascii_lowercase(), coast_id(c)), span),
                4,
            ))
        }
        _ => None,
    }
}

/// Every location of a list, or the token that cannot be read.
pub(super) fn locations(mut t: &[Token]) -> Result<Vec<(String, Span)>, Span> {
    let mut out = Vec::new();
    while !t.is_empty() {
        let Some((loc, n)) = location(t) else {
            return Err(t[0].span.clone());
        };
        out.push(loc);
        t = &t[n..];
    }
    Ok(out)
}

/// Whole span of some tokens.
pub(super) fn span_of(t: &[Token], or: &Span) -> Span {
    match (t.first(), t.last()) {
        (Some(a), Some(b)) => Span::new(a.span.file, a.span.range.start..b.span.range.end),
        _ => or.clone(),
    }
}
