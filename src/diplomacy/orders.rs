//! Movement-phase orders and their notation: `A Par - Bur` (or `->`), `A Mun H` (or
//! `Hold`), `F Lon S A Wal - Bel`, `A Tyr S A Ven` (support to hold), `F NTH C A Lon - Nwy`,
//! `A Lon - Nwy via convoy`; builds and disbands (`A Par B`, `Build A Par`, `A Par D`,
//! `Disband F Lon`, `Remove …`); a power may lead (`ENG: A Lon - Nwy` or `England: …`). Names
//! are the board's, in any case, with a coast as `spa/nc`, `spa(nc)` or `Spain (north coast)`.

use serde::Serialize;

use super::{Board, UnitKind};

/// What a unit is ordered to do.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "order", rename_all = "kebab-case")]
pub enum Command {
    /// Stay.
    Hold,
    /// Move to a location; `convoy` when the order says `via convoy`.
    Move {
        /// Destination (a coast for a fleet bound to a split-coast province, when named).
        to: String,
        /// Ordered via convoy.
        convoy: bool,
    },
    /// Support the unit in `unit` (a province) to hold, or to move to `to`.
    Support {
        /// The supported unit's province.
        unit: String,
        /// Where it moves (a province, or a coast when the order names one), or `None` for
        /// a support to hold.
        to: Option<String>,
    },
    /// Build the unit (adjustment phase).
    Build,
    /// Disband the unit (retreat or adjustment phase).
    Disband,
    /// Convoy the army in `from` to `to` (provinces).
    Convoy {
        /// The army's province.
        from: String,
        /// Its destination province.
        to: String,
    },
}

/// An order: who gives it, to which unit, and what.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Order {
    /// The power, when written.
    pub power: Option<String>,
    /// The kind of unit the order names.
    pub kind: UnitKind,
    /// The unit's location as written (resolved to the board's id).
    pub unit: String,
    /// What it does.
    pub command: Command,
}

/// Why an order could not be read (of any of the order grammars: this file's, the
/// multi-factor orders of [`super::factors`] and [`super::force_orders`], the orders to
/// hidden parts of [`super::fractions`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct OrderError {
    /// What is wrong.
    pub message: String,
    /// Byte range in the order's text.
    pub at: std::ops::Range<usize>,
    /// How to write it, when the grammar's own example would not say.
    pub hint: Option<String>,
}

impl OrderError {
    /// A mistake at `at` in the order's text.
    pub fn new(message: impl Into<String>, at: std::ops::Range<usize>) -> Self {
        Self {
            message: message.into(),
            at,
            hint: None,
        }
    }

    /// A mistake of the whole order `text`.
    pub fn whole(message: impl Into<String>, text: &str) -> Self {
        Self::new(message, 0..text.len())
    }
}

/// `name` (at `at` in the order) names no location of `board`: the mistake, with the nearest
/// of the board's provinces as its hint.
pub(super) fn unknown_location(
    board: &dyn Board,
    name: &str,
    at: std::ops::Range<usize>,
) -> OrderError {
    let provinces = board.provinces();
    // `F Lon - Nth, F Edi - Nwg`: orders run together on one line.
    if let Some(bare) = name.strip_suffix([',', ';']) {
        if board.resolve_name(bare).is_some() {
            return OrderError {
                message: format!("no location `{name}` on the board"),
                at,
                hint: Some(format!(
                    "`{bare}` is a location, but a comma or semicolon does not separate \
                     orders: write one order a line"
                )),
            };
        }
    }
    OrderError {
        message: format!("no location `{name}` on the board"),
        at,
        hint: crate::diag::suggest::did_you_mean(
            &name.to_ascii_lowercase(),
            provinces.iter().map(String::as_str),
        ),
    }
}

/// Words written after a complete order (from `ws[i]` on): a mistake located on them, or
/// nothing when the order ends there.
pub(super) fn nothing_after(text: &str, ws: &[Word], i: usize) -> Result<(), OrderError> {
    let (Some(first), Some(last)) = (ws.get(i), ws.last()) else {
        return Ok(());
    };
    let extra = &text[first.at.start..last.at.end];
    Err(OrderError {
        message: format!("`{extra}` after a complete order"),
        at: first.at.start..last.at.end,
        hint: Some(
            "the order ends before these words: write one order a line, and a comment \
             after `#`"
                .into(),
        ),
    })
}

/// A word of an order and where it is (a byte range in the order's text).
#[derive(Debug, Clone)]
pub(super) struct Word<'a> {
    /// The word.
    pub text: &'a str,
    /// Where.
    pub at: std::ops::Range<usize>,
}

/// The words of an order, split at whitespace.
pub(super) fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let sep = c.is_whitespace();
        match (start, sep) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                out.push(Word {
                    text: &text[s..i],
                    at: s..i,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Word {
            text: &text[s..],
            at: s..text.len(),
        });
    }
    out
}

/// Parse one order against a board's names.
pub fn parse(text: &str, board: &dyn Board) -> Result<Order, OrderError> {
    let mut ws = words(text);
    let err = |message: String, at: std::ops::Range<usize>| OrderError::new(message, at);
    let mut power = None;
    if let Some(first) = ws.first() {
        if let Some(p) = first.text.strip_suffix(':') {
            power = Some(p.to_string());
            ws.remove(0);
        }
    }
    // Fold a name written in several words (`St Petersburg`, `Spain (north coast)`) by
    // trying the longest run of words the board knows.
    let mut i = 0;
    let take_kind = |ws: &[Word], i: &mut usize| -> Result<UnitKind, OrderError> {
        let w = ws
            .get(*i)
            .ok_or_else(|| err("the order is empty".into(), 0..text.len()))?;
        *i += 1;
        match w.text.to_ascii_lowercase().as_str() {
            "a" | "army" => Ok(UnitKind::Army),
            "f" | "fleet" => Ok(UnitKind::Fleet),
            other => Err(err(
                format!("`{other}` is not a unit: write `A` (army) or `F` (fleet)"),
                w.at.clone(),
            )),
        }
    };
    let take_place = |ws: &[Word], i: &mut usize| -> Result<String, OrderError> {
        let start = ws
            .get(*i)
            .ok_or_else(|| err("a location is missing".into(), text.len()..text.len()))?;
        for n in (1..=4.min(ws.len() - *i)).rev() {
            let name = &text[ws[*i].at.start..ws[*i + n - 1].at.end];
            if let Some(id) = board.resolve_name(name) {
                *i += n;
                return Ok(id);
            }
        }
        Err(unknown_location(board, start.text, start.at.clone()))
    };
    let keyword = |ws: &[Word], i: usize| ws.get(i).map(|w| w.text.to_ascii_lowercase());
    // `Build A Par`, `Disband F Lon`: the verb first.
    let leading = match keyword(&ws, i).as_deref() {
        Some("build") => Some(Command::Build),
        Some("disband" | "remove") => Some(Command::Disband),
        _ => None,
    };
    if leading.is_some() {
        i += 1;
    }
    let kind = take_kind(&ws, &mut i)?;
    let unit = take_place(&ws, &mut i)?;
    if let Some(command) = leading {
        nothing_after(text, &ws, i)?;
        return Ok(Order {
            power,
            kind,
            unit,
            command,
        });
    }
    let command = match keyword(&ws, i).as_deref() {
        None => Command::Hold,
        Some("h" | "hold" | "holds") => {
            i += 1;
            Command::Hold
        }
        Some("b" | "build" | "builds") => {
            i += 1;
            Command::Build
        }
        Some("d" | "disband" | "disbands" | "r" | "remove") => {
            i += 1;
            Command::Disband
        }
        Some("-" | "->" | "m" | "move" | "moves") => {
            i += 1;
            let to = take_place(&ws, &mut i)?;
            // `via convoy` (or `by convoy`, `convoy`) ends a move by sea.
            let rest: Vec<String> = ws[i..]
                .iter()
                .map(|w| w.text.to_ascii_lowercase())
                .collect();
            let convoy = match rest.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["via" | "by", "convoy"] => {
                    i += 2;
                    true
                }
                ["convoy"] => {
                    i += 1;
                    true
                }
                _ => false,
            };
            Command::Move { to, convoy }
        }
        Some("s" | "support" | "supports") => {
            i += 1;
            if keyword(&ws, i).is_some_and(|k| matches!(k.as_str(), "a" | "f" | "army" | "fleet")) {
                i += 1;
            }
            let target = take_place(&ws, &mut i)?;
            let province = |l: &str| board.province(l).to_string();
            match keyword(&ws, i).as_deref() {
                Some("-" | "->") => {
                    i += 1;
                    // A coast named for the supported move must match the move's.
                    let to = take_place(&ws, &mut i)?;
                    Command::Support {
                        unit: province(&target),
                        to: Some(to),
                    }
                }
                Some("h" | "hold" | "holds") => {
                    i += 1;
                    Command::Support {
                        unit: province(&target),
                        to: None,
                    }
                }
                // A support to hold; any word after it is checked with the order's end.
                _ => Command::Support {
                    unit: province(&target),
                    to: None,
                },
            }
        }
        Some("c" | "convoy" | "convoys") => {
            i += 1;
            if keyword(&ws, i).is_some_and(|k| matches!(k.as_str(), "a" | "army")) {
                i += 1;
            }
            let from = take_place(&ws, &mut i)?;
            match keyword(&ws, i).as_deref() {
                Some("-" | "->") => i += 1,
                _ => {
                    return Err(err(
                        "a convoy names where the army goes: `F NTH C A Lon - Nwy`".into(),
                        ws.get(i).map_or(text.len()..text.len(), |w| w.at.clone()),
                    ))
                }
            }
            let to = take_place(&ws, &mut i)?;
            Command::Convoy {
                from: board.province(&from).to_string(),
                to: board.province(&to).to_string(),
            }
        }
        Some(other) => {
            let w = &ws[i];
            return Err(err(
                format!("`{other}` is not an order: use `-`, `H`, `S`, `C`, `B` or `D`"),
                w.at.clone(),
            ));
        }
    };
    nothing_after(text, &ws, i)?;
    Ok(Order {
        power,
        kind,
        unit,
        command,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Names;

    impl Board for Names {
        fn army_move(&self, _: &str, _: &str) -> bool {
            true
        }
        fn army_moves_from(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
        fn fleet_move(&self, _: &str, _: &str) -> bool {
            true
        }
        fn fleet_moves_from(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
        fn fleet_locations(&self, p: &str) -> Vec<String> {
            vec![p.to_string()]
        }
        fn is_sea(&self, p: &str) -> bool {
            p == "nth"
        }
        fn resolve_name(&self, name: &str) -> Option<String> {
            match name.to_ascii_lowercase().as_str() {
                "lon" | "london" => Some("lon".into()),
                "nwy" | "norway" => Some("nwy".into()),
                "nth" | "north sea" => Some("nth".into()),
                "wal" => Some("wal".into()),
                "bel" => Some("bel".into()),
                "stp/nc" | "st petersburg (north coast)" => Some("stp/nc".into()),
                _ => None,
            }
        }
    }

    #[test]
    fn orders_run_together_with_commas_are_told_one_a_line() {
        let e = parse("F Lon - Nth, A Wal - Bel", &Names).expect_err("two orders");
        assert_eq!(e.message, "no location `Nth,` on the board");
        let hint = e.hint.expect("a hint");
        assert!(hint.contains("one order a line"), "{hint}");
    }

    #[test]
    fn the_notations_read_alike() {
        let a = parse("ENG: A Lon - Nwy", &Names).expect("order");
        let b = parse("A london -> norway", &Names).expect("order");
        assert_eq!(a.command, b.command);
        assert_eq!(a.power.as_deref(), Some("ENG"));
        let c = parse("F North Sea C A Lon - Nwy", &Names).expect("order");
        assert_eq!(
            c.command,
            Command::Convoy {
                from: "lon".into(),
                to: "nwy".into()
            }
        );
        let s = parse("F Lon S A Wal - Bel", &Names).expect("order");
        assert_eq!(
            s.command,
            Command::Support {
                unit: "wal".into(),
                to: Some("bel".into())
            }
        );
        assert_eq!(
            parse("A Lon H", &Names).expect("hold").command,
            Command::Hold
        );
        let v = parse("A Lon - Nwy via convoy", &Names).expect("via");
        assert_eq!(
            v.command,
            Command::Move {
                to: "nwy".into(),
                convoy: true
            }
        );
        for (text, command) in [
            ("A Lon B", Command::Build),
            ("Build A Lon", Command::Build),
            ("A Lon disband", Command::Disband),
            ("Remove A Lon", Command::Disband),
        ] {
            assert_eq!(parse(text, &Names).expect(text).command, command, "{text}");
        }
        let f = parse("F St Petersburg (north coast) - Nwy", &Names).expect("multi-word");
        assert_eq!(f.unit, "stp/nc");
    }

    #[test]
    fn mistakes_are_located() {
        let e = parse("A Lnd - Nwy", &Names).expect_err("unknown");
        assert_eq!(e.at, 2..5);
        assert!(e.message.contains("`Lnd`"));
        let e = parse("X Lon H", &Names).expect_err("kind");
        assert_eq!(e.at, 0..1);
        let e = parse("A Lon jumps Nwy", &Names).expect_err("verb");
        assert_eq!(e.at, 6..11);
        let e = parse("F NTH C A Lon", &Names).expect_err("no destination");
        assert!(e.message.contains("convoy"));
        for bad in ["", "A", "A Lon -", "F Lon S", "ENG:", "A Lon - Nwy Bel"] {
            assert!(parse(bad, &Names).is_err(), "{bad}");
        }
    }

    #[test]
    fn words_after_a_complete_order_are_a_mistake_located_on_them() {
        for (text, extra) in [
            ("A Lon H - Nwy", "- Nwy"),
            ("A Lon H S A Nwy", "S A Nwy"),
            ("F Lon S A Wal - Bel Qzx", "Qzx"),
            ("F Lon S A Wal H x", "x"),
            ("F Lon S A Wal x", "x"),
            ("F Nth C A Lon - Nwy x", "x"),
            ("A Lon - Nwy foo", "foo"),
            ("A Lon - Nwy convoy x", "convoy x"),
            ("A Lon - Nwy foo via convoy", "foo via convoy"),
            ("A Lon B now", "now"),
            ("A Lon D x", "x"),
            ("Build A Lon x", "x"),
        ] {
            let e = parse(text, &Names).expect_err(text);
            assert_eq!(&text[e.at.clone()], extra, "{text}: {e:?}");
            assert!(
                e.message.contains("after a complete order"),
                "{text}: {e:?}"
            );
            assert!(e.hint.is_some(), "{text}");
        }
        for text in [
            "A Lon - Nwy via convoy",
            "A Lon - Nwy by convoy",
            "A Lon - Nwy convoy",
        ] {
            let o = parse(text, &Names).expect(text);
            assert!(
                matches!(o.command, Command::Move { convoy: true, .. }),
                "{text}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_an_order_or_a_located_error(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "A", "F", "Lon", "Nwy", "North", "Sea", "-", "->", "S", "C", "H", "B", "D",
                    "via", "convoy", "ENG:", "Build", "Remove", "stp/nc", "(", "é", "", "::",
                ]),
                0..9,
            ),
            raw in ".{0,40}",
        ) {
            for text in [words.join(" "), raw] {
                match parse(&text, &Names) {
                    Ok(_) => {}
                    Err(e) => {
                        proptest::prop_assert!(e.at.start <= e.at.end && e.at.end <= text.len());
                        proptest::prop_assert!(text.is_char_boundary(e.at.start));
                    }
                }
            }
        }
    }
}
