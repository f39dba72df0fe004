//! Orders files: plain text, one order per line, in the notation of [`super::orders`]. A `#`
//! starts a comment; a line `England:` is a heading for the orders below it, and an order
//! may lead with its power instead (`ENG: A Lon - Nth`); powers are named by side id, side
//! name, or their nation's abbreviation or name, in any case. `waive` (or `England: waive`)
//! in an adjustment phase declines a build. Every line that cannot be read is a located
//! diagnostic; whether an order fits the position (a unit that is not there) is the
//! adjudication's question, not this file's.

use serde::Serialize;

use super::factors::FactorOrder;
use super::orders::{parse, Order, OrderError};
use super::position::power_of;
use super::Board;
use crate::diag::source::FileId;
use crate::diag::suggest::did_you_mean;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::model::Game;

/// What a line orders.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Entry {
    /// An order to a unit (or a build).
    Order(Order),
    /// A build declined.
    Waive,
    /// An order to a part of a multi-factor force (`A3 Vie a Bud`), in games with
    /// `[rules.multi-factor]`.
    Force(FactorOrder),
    /// A winter order of a game with industry (`build A3 Lon`, `supply A2 Bel`).
    Winter(super::force_orders::WinterOrder),
    /// An air order of a game with industry: squadrons attacking or defending over a power
    /// (`P3 a Germany`, `P2 d England`).
    Air(super::force_orders::AirOrder),
    /// Where a power's losses fall first in a province, in a multi-factor game
    /// (`losses F Kie`).
    Losses(super::force_orders::LossOrder),
    /// An order about hidden parts of units, in games with `[rules.fractions]` (`A Bou
    /// disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`, `1/3 A Lor - Bel`, `A Bur forms from
    /// …`, `A Mun S A Bur forms`).
    Fraction(super::fractions::FractionOrder),
}

/// One order as written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Written {
    /// The power (side id) it is given by, when the file says.
    pub power: Option<String>,
    /// What it orders; an [`Order`]'s `power` is the side id too.
    pub entry: Entry,
    /// The order's text (after the power).
    pub text: String,
    /// Where: `file:line`.
    pub at: String,
    /// Its span in the file.
    #[serde(skip)]
    pub span: Span,
}

/// The powers an orders file speaks for: those its headings name (`England:` alone on its
/// line, even with no order below it) and those leading an order (`ENG: A Lon - Nth`);
/// names that are no power are left to [`read`]'s diagnostics.
pub fn powers_heard(game: &Game, text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let content = line.split('#').next().unwrap_or("").trim();
            let (name, _) = content.split_once(':')?;
            power_of(game, name)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A line of a multi-factor game (`[rules.multi-factor]`): a loss order, an air or a winter
/// order (games with industry), else an order to a part of a force; or why it cannot be read,
/// with how such orders are written.
fn force_entry(
    game: &Game,
    board: &dyn Board,
    body: &str,
    power: Option<&str>,
) -> Result<Entry, (OrderError, &'static str)> {
    use super::force_orders as f;
    let industry = game.rules.industry.is_some();
    if f::is_loss_order(body) {
        return f::parse_losses(board, body)
            .map(Entry::Losses)
            .map_err(|e| {
                (
                    e,
                    "a loss order names the kind that loses first and where: `losses F Kie`",
                )
            });
    }
    if industry && f::is_air_order(body) {
        return f::parse_air(game, body).map(Entry::Air).map_err(|e| {
            (
                e,
                "air orders: `P3 a Germany` (attack over a power), `P2 d England` (defend over one)",
            )
        });
    }
    if f::is_winter_order(body) {
        return f::parse_winter(game, board, body)
            .map(Entry::Winter)
            .map_err(|e| {
                (
                    e,
                    "winter orders: `supply A2 Bel`, `build A3 Lon`, `build P1`, `factory 1`, \
                     `give 3 France`",
                )
            });
    }
    super::factors::parse(body, board)
        .map(|mut order| {
            order.power = power.map(str::to_string);
            Entry::Force(order)
        })
        .map_err(|e| {
            (
                e,
                "write orders to parts of a force as `A3 Vie a Bud` (attack), `A2 Vie M Bud` \
                 (move), `A2 Vie aM Bud` (both), `F Tri S A Ser aM Alb`, `F1 Nth C A Yor a Den`, \
                 `A5 Mun H`, with `NR` at the end for no retreat; a retreat is `A2 Ser M Alb`",
            )
        })
}

/// How orders are written, with examples on `board`'s own provinces (the standard board's
/// when it gives none to take them from).
fn examples(board: &dyn Board) -> String {
    let name = |id: &str| {
        let mut c = id.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect::<String>())
            .unwrap_or_default()
    };
    let provinces = board.provinces();
    let seas: Vec<&String> = provinces.iter().filter(|p| board.is_sea(p)).collect();
    // An army's move, and a fleet at sea beside its destination that can support it (and
    // convoy it, when the sea touches both ends).
    let mut found: Option<(String, String, String, bool)> = None;
    for from in provinces.iter().filter(|p| !board.is_sea(p)) {
        for to in board.army_moves_from(from) {
            let beside = |s: &&&String| board.fleet_move(s, &to);
            if let Some(sea) = seas.iter().find(|s| beside(s) && board.fleet_move(s, from)) {
                found = Some((from.clone(), to, (*sea).clone(), true));
                break;
            }
            if found.is_none() {
                if let Some(sea) = seas.iter().find(beside) {
                    found = Some((from.clone(), to.clone(), (*sea).clone(), false));
                }
            }
        }
        if found.as_ref().is_some_and(|f| f.3) {
            break;
        }
    }
    let Some((from, to, sea, convoys)) = found else {
        return "write orders as `A Par - Bur`, `A Mun H`, `F Lon S A Wal - Bel`, \
                `F Nth C A Lon - Nwy`, `A Ser - Alb` (retreat), `A Par B`, `F Lon D`, `waive`"
            .to_string();
    };
    let (from, to, sea) = (name(&from), name(&to), name(&sea));
    let convoy = if convoys {
        format!("`F {sea} C A {from} - {to}` (a convoy), ")
    } else {
        String::new()
    };
    format!(
        "write orders as `A {from} - {to}`, `A {from} H`, `F {sea} S A {from} - {to}`, \
         {convoy}`A {to} - {from}` (a retreat), `A {from} B` (a build), `F {sea} D` \
         (a disbanding), `waive`"
    )
}

/// A line that is not an order: located in the file (`at` is where the order's text
/// starts), with the mistake's own hint or else the grammar's.
fn bad_order(
    e: OrderError,
    span: impl Fn(usize, usize) -> Span,
    at: usize,
    hint: &str,
) -> Diagnostic {
    let OrderError {
        message,
        at: range,
        hint: own,
    } = e;
    Diagnostic::error("bad-order", message)
        .at(span(at + range.start, at + range.end))
        .hint(own.unwrap_or_else(|| hint.to_string()))
}

/// Read an orders file's text: the orders, and a diagnostic for every line that is not one.
pub fn read(
    game: &Game,
    board: &dyn Board,
    file: FileId,
    path: &str,
    text: &str,
) -> (Vec<Written>, Diagnostics) {
    let mut out = Vec::new();
    let mut diags = Diagnostics::default();
    // The grammar's hint, with examples on this board: made at the first line that needs it.
    let mut grammar: Option<String> = None;
    let mut heading: Option<String> = None;
    let mut offset = 0;
    let powers = || {
        game.sides
            .iter()
            .map(|s| s.id.as_str())
            .collect::<Vec<&str>>()
    };
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        let line_start = offset;
        offset += raw.len();
        let content = raw.split('#').next().unwrap_or("");
        let content = content.trim_end_matches(['\n', '\r']);
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        let start = line_start + (content.len() - content.trim_start().len());
        let span = |from: usize, to: usize| Span::new(file, start + from..start + to);
        let unknown_power = |written: &str, at: Span| {
            Diagnostic::error("unknown-power", format!("no power `{written}`"))
                .at(at)
                .hint(did_you_mean(written, powers()).unwrap_or_else(|| {
                    format!(
                        "name a power by id, name or abbreviation: {}",
                        powers().join(", ")
                    )
                }))
        };
        // A heading: `England:` alone on its line.
        if let Some(name) = trimmed.strip_suffix(':') {
            match power_of(game, name) {
                Some(p) => heading = Some(p),
                None => {
                    heading = None;
                    diags.push(unknown_power(name.trim(), span(0, trimmed.len())));
                }
            }
            continue;
        }
        // A power leading the order: `ENG: A Lon - Nth`.
        let (power, body, body_at) = match trimmed.split_once(':') {
            Some((p, rest)) if !p.trim().is_empty() && !p.contains(char::is_whitespace) => {
                match power_of(game, p) {
                    Some(id) => {
                        let lead = p.len() + 1 + (rest.len() - rest.trim_start().len());
                        (Some(id), rest.trim(), lead)
                    }
                    None => {
                        diags.push(unknown_power(p, span(0, p.len())));
                        continue;
                    }
                }
            }
            _ => (heading.clone(), trimmed, 0),
        };
        let at = format!("{path}:{}", n + 1);
        let whole = span(body_at, body_at + body.len());
        if matches!(body.to_ascii_lowercase().as_str(), "waive" | "waives" | "w") {
            out.push(Written {
                power,
                entry: Entry::Waive,
                text: body.to_string(),
                at,
                span: whole,
            });
            continue;
        }
        if game.rules.fractions.is_some() && super::fractions::is_fraction_order(body) {
            match super::fractions::parse(body, board) {
                Ok(order) if order.needs_power() && power.is_none() => diags.push(
                    Diagnostic::error("bad-order", "an order to hidden parts names its power")
                        .at(whole)
                        .hint("put it under a heading (`Austria:`) or lead with the power (`AUS: 1/3 A Lor - Bel`)"),
                ),
                Ok(order) => out.push(Written {
                    power,
                    entry: Entry::Fraction(order),
                    text: body.to_string(),
                    at,
                    span: whole,
                }),
                Err(e) => diags.push(bad_order(
                    e,
                    span,
                    body_at,
                    "orders to hidden parts: `A Bou disperses - 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`, \
                     `1/3 A Lor - Bel`, `A Bur forms from 1/3 A Lor, 1/3 A Swa, 1/3 A Ruh`, \
                     `A Mun S A Bur forms`",
                )),
            }
            continue;
        }
        if game.rules.multi_factor.is_some() {
            match force_entry(game, board, body, power.as_deref()) {
                Ok(entry) => out.push(Written {
                    power,
                    entry,
                    text: body.to_string(),
                    at,
                    span: whole,
                }),
                Err((e, hint)) => diags.push(bad_order(e, span, body_at, hint)),
            }
            continue;
        }
        match parse(body, board) {
            Ok(mut order) => {
                order.power = power.clone();
                out.push(Written {
                    power,
                    entry: Entry::Order(order),
                    text: body.to_string(),
                    at,
                    span: whole,
                });
            }
            Err(e) => {
                let hint = grammar.get_or_insert_with(|| examples(board));
                diags.push(bad_order(e, span, body_at, hint));
            }
        }
    }
    (out, diags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::source::SourceMap;
    use crate::diplomacy::board::ProvinceBoard;

    #[test]
    fn headings_prefixes_comments_and_located_mistakes() {
        let game = crate::testgame::fixtures::example("diplomacy");
        let board = ProvinceBoard::first(&game).expect("a province board");
        let text = "# Spring 1901\nEngland:\n  F Lon - Nth   # to the North Sea\nA Lvp - Yor\n\nFRA: A Par - Bur\nA Mun - Bru\nTurkey: waive\nPrussia: A Ber H\n";
        let mut sources = SourceMap::default();
        let id = sources.add("o.txt", text);
        let (orders, diags) = read(&game, &board, id, "o.txt", text);
        assert_eq!(orders.len(), 4, "{orders:?}");
        assert_eq!(orders[0].power.as_deref(), Some("england"));
        assert_eq!(orders[0].at, "o.txt:3");
        assert_eq!(&text[orders[0].span.range.clone()], "F Lon - Nth");
        assert_eq!(orders[2].power.as_deref(), Some("france"));
        assert_eq!(orders[3].entry, Entry::Waive);
        let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["bad-order", "unknown-power"]);
        let bad = diags
            .iter()
            .next()
            .and_then(|d| d.span.clone())
            .expect("span");
        assert_eq!(&text[bad.range], "Bru");
    }

    #[test]
    fn a_misspelt_province_is_told_the_nearest_and_the_grammar_speaks_of_this_board() {
        let game = crate::testgame::fixtures::example("diplomacy");
        let board = ProvinceBoard::first(&game).expect("a province board");
        let text = "France:\nA Parr - Bur\nA Par jumps Bur\n";
        let mut sources = SourceMap::default();
        let id = sources.add("o.txt", text);
        let (_, diags) = read(&game, &board, id, "o.txt", text);
        let hints: Vec<&str> = diags.iter().filter_map(|d| d.hint.as_deref()).collect();
        assert_eq!(hints.len(), 2, "{hints:?}");
        assert_eq!(hints[0], "did you mean `par`?");
        // Every example of the grammar's hint is an order on this board.
        let examples: Vec<&str> = hints[1].split('`').skip(1).step_by(2).collect();
        assert!(examples.len() >= 7, "{examples:?}");
        for example in examples.iter().filter(|e| **e != "waive") {
            assert!(
                crate::diplomacy::orders::parse(example, &board).is_ok(),
                "`{example}` in {}",
                hints[1]
            );
        }
    }
}
