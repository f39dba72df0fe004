//! One line of `[borders]` (who may move where, coasts apart), of `[ownership]` and `[homes]`
//! (centres), and of `[positions]` (starting units).

use super::*;

/// A province of `[borders]` before its neighbours are resolved.
pub(super) struct Raw {
    pub(super) id: String,
    pub(super) army: Option<Vec<(String, Span)>>,
    pub(super) fleet: Option<Vec<(String, Span)>>,
    pub(super) coasts: Vec<(String, Vec<(String, Span)>)>,
    pub(super) span: Span,
}

pub(super) fn read_border(e: &Entry, diags: &mut Diagnostics) -> Option<Raw> {
    let toks = tokens(e, diags);
    let mut raw = Raw {
        id: e.key.to_ascii_lowercase(),
        army: None,
        fleet: None,
        coasts: Vec::new(),
        span: e.span.clone(),
    };
    if toks.is_empty() {
        diags.push(
            Diagnostic::error(BAD, format!("`{}` has no moves", e.key))
                .at(e.span.clone())
                .hint("e.g. `CAT=AMY ADL CAS, FLT ADL GOL MAR`"),
        );
        return None;
    }
    for part in parts(&toks) {
        let (coast, rest) = match (word(part.first()), part.first().map(|t| &t.tok)) {
            (Some(u), _) if u.eq_ignore_ascii_case("AMY") || u.eq_ignore_ascii_case("FLT") => {
                (None, &part[1..])
            }
            (None, Some(Tok::Open))
                if word(part.get(1)).is_some_and(|u| u.eq_ignore_ascii_case("FLT"))
                    && word(part.get(2)).is_some()
                    && part.get(3).is_some_and(|t| t.tok == Tok::Close) =>
            {
                (word(part.get(2)).map(coast_id), &part[4..])
            }
            _ => {
                diags.push(
                    Diagnostic::error(
                        BAD,
                        "each part of a province's moves starts with `AMY`, `FLT` or a coast `(FLT NCS)`",
                    )
                    .at(span_of(part, &e.value_span()))
                    .hint("e.g. `STP=AMY FIN MOS, (FLT NCS) BAR NWY, (FLT SCS) BOT FIN LVN`"),
                );
                continue;
            }
        };
        let list = match locations(rest) {
            Ok(l) => l,
            Err(span) => {
                diags.push(
                    Diagnostic::error(BAD, "a neighbour reads `ABC` or `(ABC NCS)`")
                        .at(span)
                        .hint(
                            "a province's code, or a province's code and its coast in parentheses",
                        ),
                );
                continue;
            }
        };
        let twice = |what: &str, diags: &mut Diagnostics| {
            diags.push(
                Diagnostic::error("duplicate-id", format!("`{}` lists {what} twice", e.key))
                    .at(span_of(part, &e.value_span())),
            );
        };
        match coast {
            Some(c) if raw.coasts.iter().any(|(x, _)| *x == c) => {
                twice(&format!("the coast `{c}`"), diags)
            }
            Some(c) => raw.coasts.push((c, list)),
            None if word(part.first()).is_some_and(|u| u.eq_ignore_ascii_case("AMY")) => {
                if raw.army.is_some() {
                    twice("its army moves", diags);
                } else {
                    raw.army = Some(list);
                }
            }
            None => {
                if raw.fleet.is_some() {
                    twice("its fleet moves", diags);
                } else {
                    raw.fleet = Some(list);
                }
            }
        }
    }
    Some(raw)
}

/// The centres of an `[ownership]` or `[homes]` line.
pub(super) fn centres(e: &Entry, diags: &mut Diagnostics) -> Vec<(String, Span)> {
    let toks = tokens(e, diags);
    let mut out = Vec::new();
    for part in parts(&toks) {
        match part {
            [] => {}
            [t] if word(Some(t)).is_some() => out.push((
                word(Some(t)).unwrap_or("").to_ascii_lowercase(),
                t.span.clone(),
            )),
            _ => diags.push(
                Diagnostic::error(BAD, "a supply centre is one province's code")
                    .at(span_of(part, &e.value_span()))
                    .hint("e.g. `AUS=BUD,PEC,VIE,ZAR`"),
            ),
        }
    }
    out
}

/// The units of a `[positions]` line: `AMY PEC`, `FLT STP SCS`, `FLT (STP SCS)`.
pub(super) fn units(e: &Entry, power: &str, diags: &mut Diagnostics) -> Vec<Unit> {
    let toks = tokens(e, diags);
    let mut out = Vec::new();
    for part in parts(&toks) {
        if part.is_empty() {
            continue;
        }
        let kind = match word(part.first()).map(str::to_ascii_uppercase).as_deref() {
            Some("AMY") => Some('A'),
            Some("FLT") => Some('F'),
            _ => None,
        };
        let at = match part.get(1..) {
            Some([p, c]) if word(Some(p)).is_some() && word(Some(c)).is_some() => Some(format!(
                "{}/{}",
                word(Some(p)).unwrap_or("").to_ascii_lowercase(),
                coast_id(word(Some(c)).unwrap_or(""))
            )),
            Some(rest) => match location(rest) {
                Some(((id, _), n)) if n == rest.len() => Some(id),
                _ => None,
            },
            None => None,
        };
        match (kind, at) {
            (Some(kind), Some(at)) => out.push(Unit {
                power: power.to_string(),
                kind,
                at,
                span: span_of(part, &e.value_span()),
            }),
            _ => diags.push(
                Diagnostic::error(BAD, "a unit reads `AMY ABC` or `FLT ABC`")
                    .at(span_of(part, &e.value_span()))
                    .hint("a fleet on a coast: `FLT STP SCS` or `FLT (STP SCS)`"),
            ),
        }
    }
    out
}
