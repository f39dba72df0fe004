//! Orders to parts of forces read from their text ([`parse`]): `A3 Vie a Bud`, `A2 Vie M Bud`,
//! `F Tri S A Ser aM Alb`, `NR`.

use super::*;

/// A unit named in an order: `A3`, `A`, `F(Tri)`, `SF`.
pub(super) fn kind_and_strength(word: &str) -> Option<(UnitKind, Option<u32>)> {
    let mut chars = word.chars();
    let kind = match chars.next()?.to_ascii_uppercase() {
        'A' => UnitKind::Army,
        'F' => UnitKind::Fleet,
        _ => return None,
    };
    let rest = chars.as_str();
    if rest.is_empty() {
        return Some((kind, None));
    }
    crate::diplomacy::count(rest, crate::diplomacy::MAX_FACTORS).map(|n| (kind, Some(n)))
}

/// A word of an order to parts, and where it is written (a byte range of the order).
pub(super) struct Piece {
    text: String,
    at: Range<usize>,
}

/// Words of an order, with `A3(Vie)` and `SF(Tri)` split into `A3`, `Vie` and `S`, `F`,
/// `Tri`; a coast in brackets (`spa(nc)`) stays with its province.
pub(super) fn words(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    for w in crate::diplomacy::orders::words(text) {
        let (head, rest) = match w.text.split_once('(') {
            Some((h, r)) if kind_and_strength(h).is_some() || is_support_kind(h) => {
                (h, Some(r.trim_end_matches(')')))
            }
            _ => (w.text, None),
        };
        let s = w.at.start;
        let mut push = |text: &str, from: usize| {
            out.push(Piece {
                text: text.to_string(),
                at: from..from + text.len(),
            })
        };
        if is_support_kind(head) {
            // `SA`, `SF`: both letters are ASCII.
            push(&head[..1], s);
            push(&head[1..], s + 1);
        } else {
            push(head, s);
        }
        if let Some(r) = rest.filter(|r| !r.is_empty()) {
            push(r, s + head.len() + 1);
        }
    }
    out
}

/// `SA` or `SF` (a support and the kind it supports, written together).
pub(super) fn is_support_kind(w: &str) -> bool {
    matches!(w.to_ascii_uppercase().as_str(), "SA" | "SF")
}

/// `a`, `M`, `aM` or `-` (a move that attacks, as in the standard notation).
pub(super) fn go_word(w: &str) -> Option<(bool, bool)> {
    match w {
        "a" | "A" => Some((true, false)),
        "m" | "M" => Some((false, true)),
        "-" | "->" => Some((true, true)),
        _ if w.eq_ignore_ascii_case("am") => Some((true, true)),
        _ => None,
    }
}

/// Parse one order against a board's names.
pub fn parse(text: &str, board: &dyn Board) -> Result<FactorOrder, OrderError> {
    let mut ws = words(text);
    let mut power = None;
    if let Some(p) = ws.first().and_then(|w| w.text.strip_suffix(':')) {
        power = Some(p.to_string());
        ws.remove(0);
    }
    let mut no_retreat = false;
    if ws.last().is_some_and(|w| w.text.eq_ignore_ascii_case("NR")) {
        no_retreat = true;
        ws.pop();
    }
    let end = text.len()..text.len();
    let name = |i: usize| -> Result<String, OrderError> {
        let w = ws.get(i).ok_or_else(|| {
            OrderError::new(format!("`{text}`: a province is missing"), end.clone())
        })?;
        board
            .resolve_name(&w.text)
            .ok_or_else(|| crate::diplomacy::orders::unknown_location(board, &w.text, w.at.clone()))
    };
    // Words after a complete order (`NR` aside): a mistake located on them.
    let nothing_after = |i: usize| -> Result<(), OrderError> {
        let (Some(first), Some(last)) = (ws.get(i), ws.last()) else {
            return Ok(());
        };
        let at = first.at.start..last.at.end;
        Err(OrderError {
            message: format!("`{}` after a complete order", &text[at.clone()]),
            at,
            hint: Some(
                "the order ends before these words (`NR` aside, which comes last): write one \
                 order a line, and a comment after `#`"
                    .into(),
            ),
        })
    };
    let first = ws
        .first()
        .ok_or_else(|| OrderError::whole("the order is empty", text))?;
    let (kind, strength) = kind_and_strength(&first.text).ok_or_else(|| {
        OrderError::new(
            format!(
                "`{}` is not a unit: write A or F with its factors, 1 to {} (`A3`, `F1`)",
                first.text,
                crate::diplomacy::MAX_FACTORS
            ),
            first.at.clone(),
        )
    })?;
    let location = name(1)?;
    let word = |i: usize| ws.get(i).map(|w| w.text.as_str());
    let (action, used) = match word(2) {
        None => (Action::Hold, 2),
        Some(w) if w.eq_ignore_ascii_case("H") || w.eq_ignore_ascii_case("hold") => {
            (Action::Hold, 3)
        }
        Some(w) if go_word(w).is_some() => {
            let (attack, advance) = go_word(w).unwrap_or((true, true));
            let go = Action::Go {
                to: name(3)?,
                attack,
                advance,
            };
            (go, 4)
        }
        Some(w) if w.eq_ignore_ascii_case("S") => {
            // `S A Ser`, `S F Tri aM Alb` (the supported unit's letter may be left out).
            let mut i = 3;
            if word(i).is_some_and(|w| kind_and_strength(w).is_some()) && ws.get(i + 1).is_some() {
                i += 1;
            }
            let province = board.province(&name(i)?).to_string();
            match word(i + 1) {
                None => (
                    Action::Support {
                        province,
                        attack: None,
                    },
                    i + 1,
                ),
                Some(w) if go_word(w).is_some_and(|(a, _)| a) => (
                    Action::Support {
                        province,
                        attack: Some(board.province(&name(i + 2)?).to_string()),
                    },
                    i + 3,
                ),
                Some(w) => {
                    return Err(OrderError::new(
                        format!(
                            "`{w}`: a support ends with the unit supported, or `a`/`aM` and \
                             the province it attacks"
                        ),
                        ws[i + 1].at.clone(),
                    ))
                }
            }
        }
        Some(w) if w.eq_ignore_ascii_case("C") => {
            let mut i = 3;
            if word(i).is_some_and(|w| kind_and_strength(w).is_some()) {
                i += 1;
            }
            let from = board.province(&name(i)?).to_string();
            if word(i + 1).is_none_or(|w| go_word(w).is_none()) {
                return Err(OrderError::new(
                    format!(
                        "`{text}`: a convoy names the army and where it goes (`C A Yor a Den`)"
                    ),
                    ws.get(i + 1).map_or(end.clone(), |w| w.at.clone()),
                ));
            }
            let to = board.province(&name(i + 2)?).to_string();
            (Action::Convoy { from, to }, i + 3)
        }
        Some(w) => {
            return Err(OrderError::new(
                format!("`{w}`: expected H, a, M, aM, -, S or C (and NR at the end)"),
                ws[2].at.clone(),
            ))
        }
    };
    nothing_after(used)?;
    Ok(FactorOrder {
        power,
        kind,
        strength,
        location,
        action,
        no_retreat,
    })
}
